"""Round 15: a mistaken resolution undone, checked from outside (docs/rules/fistful.md,
"Checked from outside (round 15)"). Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.fistful.commands import EndTurn, FlipInitiative, JoinFight
from tests.fistful.game import told
from tests.fistful.test_panes import judged, keys, sample
from tests.pilot import about, fill, opened, synchronous, to_tab

JAKE, PETE, CORA = "Rattlesnake Jake", "Snake-eye Pete", "Cora Dalton"


def highlighted(app: object) -> str:
    table = app.screen.query_one("#ff-fighters", DataTable)  # type: ignore[attr-defined]
    return str(table.get_row_at(table.cursor_row)[0])


@synchronous
async def test_a_turn_given_back_by_an_undo_takes_the_highlight_to_whoever_acts_now(
        tmp_path: Path) -> None:
    # book line 122-124: tails, the NPCs act first, each in turn; Pete's turn ended by
    # mistake and taken back, it is Pete's turn again: the tracker's highlight (and the
    # footer's keys, the attack) go back to him, as they went on to Cora when it ended
    campaign = sample(tmp_path)
    campaign.execute(JoinFight(JAKE, "Nearby", (PETE,)))
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(FlipInitiative("T"))
    campaign.execute(EndTurn(JAKE))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert highlighted(app) == PETE
        await keys(pilot, "space")
        assert campaign.state.fighter(PETE).turn_over  # type: ignore[union-attr]
        assert highlighted(app) == CORA
        await keys(pilot, "ctrl+z")
        assert not campaign.state.fighter(PETE).turn_over  # type: ignore[union-attr]
        assert highlighted(app) == PETE
        # undone further, Jake's turn is open again too: the highlight goes to Jake
        await keys(pilot, "ctrl+z")
        assert highlighted(app) == JAKE
        # put back, Pete is next once more
        await keys(pilot, "ctrl+y")
        assert highlighted(app) == PETE


@synchronous
async def test_a_test_undone_for_its_challenge_offers_its_dice_to_type_again(
        tmp_path: Path) -> None:
    # book line 28: the Challenge is set before the Stakes; a Judge who rolled at 11 what he
    # had set at 14 takes the step back, and the dice the table saw stand: `t` offers them,
    # Enter keeps them; `r` throws afresh, as a new test does
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "r")
        wrong = told(campaign.events[-1])
        assert (wrong.name, wrong.challenge, wrong.stakes) == (CORA, 11, 3)
        await keys(pilot, "ctrl+z", "h")
        form = await opened(pilot, "t")
        assert form.values().text("dice") == " ".join(map(str, wrong.rolled))
        assert "taken back" in about(form, "dice")
        await keys(pilot, "ctrl+s")
        right = told(campaign.events[-1])
        assert (right.challenge, right.rolled) == (14, wrong.rolled)
        # once the test is taken again, the dice are no longer offered
        form = await opened(pilot, "t")
        assert form.values().text("dice") == ""
        await keys(pilot, "escape")
        # Stakes changed after the undo: a throw of another size is typed afresh
        await keys(pilot, "ctrl+z", "plus")
        form = await opened(pilot, "t")
        assert form.values().text("dice") == ""


@synchronous
async def test_an_attack_undone_for_its_cover_opens_again_as_it_was_rolled(
        tmp_path: Path) -> None:
    # book line 128: hard cover forgotten on Jake's shot at Cora; the Judge takes it back,
    # and the attack form opens again as it was rolled, both sides' dice as the table saw
    # them: he ticks the cover alone and sends; the same dice, 4 Guts less damage
    campaign = sample(tmp_path)
    campaign.execute(JoinFight(JAKE, "Nearby", (PETE,)))
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(FlipInitiative("T"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert highlighted(app) == JAKE
        await fill(pilot, "o", target=CORA, a_stakes="3", a_dice="6 5 2", o_stakes="2",
                   o_dice="3 1")
        wrong = told(campaign.events[-1])
        assert (wrong.cover, wrong.damage) == ("none", 5)
        await keys(pilot, "ctrl+z")
        assert highlighted(app) == JAKE
        form = await opened(pilot, "o")
        values = form.values()
        assert [values.text(k) for k in ("target", "a_stakes", "a_dice", "o_stakes",
                                         "o_dice", "cover")] == [
            CORA, "3", "6 5 2", "2", "3 1", "none"]
        assert "taken back" in about(form, "a_dice")
        await fill(pilot, None, cover="hard")
        right = told(campaign.events[-1])
        assert (right.cover, right.damage) == ("hard", 1)
        assert (right.active.rolled, right.opposition.rolled) == ((6, 5, 2), (3, 1))
        # the next attack is a new throw: nothing offered
        await keys(pilot, "space")
        assert highlighted(app) == PETE
        form = await opened(pilot, "o")
        assert form.values().text("a_dice") == "" and form.values().text("o_dice") == ""


@synchronous
async def test_an_opposed_test_undone_opens_again_with_both_sides_dice(
        tmp_path: Path) -> None:
    # book line 30: an opposed test on the Conflict tab, Tomas against Jake, sent with the
    # wrong Attribute for Jake; taken back, `o` opens as it was rolled, both sides' dice
    # as the table saw them, and the Judge puts the Attribute right alone
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "o", active="Tomas Vega", a_attribute="gumption", a_stakes="3",
                   a_dice="5 4 3", opposition=JAKE, o_attribute="grit", o_stakes="2",
                   o_dice="6 2")
        wrong = told(campaign.events[-1])
        assert wrong.opposition.attribute == "grit"
        await keys(pilot, "ctrl+z")
        form = await opened(pilot, "o")
        values = form.values()
        assert [values.text(k) for k in ("active", "a_stakes", "a_dice", "opposition",
                                         "o_attribute", "o_stakes", "o_dice")] == [
            "Tomas Vega", "3", "5 4 3", JAKE, "grit", "2", "6 2"]
        assert "taken back" in about(form, "o_dice")
        await fill(pilot, None, o_attribute="grace")
        right = told(campaign.events[-1])
        assert right.opposition.attribute == "grace"
        assert (right.active.rolled, right.opposition.rolled) == ((5, 4, 3), (6, 2))
