"""Round 15: a step taken wrong, taken back by ctrl+z and taken again right. A character
added to the set up with one choice wrong (book lines 166-170: a goal, two attributes, the
extras), and a loss placed wrong (lines 226, 240-252: the loser, the split, the narrator's
words): the form that takes the step again opens on what was sent, where it opened blank
and the Dealer typed everything again to mend one field. Once another step is taken the
forms open as before."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust_devils.commands import AddEntrant, Call, Entrant, TakeDifficulty
from gmscreen.games.dust_devils.sample import TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import sample
from tests.dust_devils.test_entering import _session
from tests.dust_devils.test_session import new_campaign
from tests.pilot import form_up, set_field, synchronous, to_tab, until

#: Zeke added with Guts where his player said Hand, his goal, Knack, trait and Devil right
WRONG = Entrant(ZEKE.name, "wrestle the foreman down", ("Guts", "Eye"), trait=True,
                devil=-2, knack="Wrestlin'")


def _added_wrong(tmp_path: Path) -> Campaign[DustDevilsState]:
    (tmp_path / "a").mkdir()
    campaign = _session(new_campaign(tmp_path / "a"))
    campaign.execute(AddEntrant(WRONG))
    (taken,) = {e.kind for e in campaign.undo()}
    assert taken == "dust_devils.entrant_added" and campaign.state.entering == ()
    return campaign


@synchronous
async def test_a_character_added_wrong_and_undone_is_added_again_from_what_was_typed(
        tmp_path: Path) -> None:
    campaign = _added_wrong(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        form = await form_up(pilot)
        values = form.values()
        assert [values.text(k) for k in ("name", "goal", "first", "second", "knack", "devil")
                ] == [ZEKE.name, WRONG.goal, "Guts", "Eye", "Wrestlin'", "-"]
        assert values.flag("trait") and not values.flag("chip")
        assert form.note.endswith(" As added before the undo.")
        set_field(form, "first", "Hand")  # the one field mended
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(campaign.state.entering))
        assert campaign.state.entering == (
            Entrant(ZEKE.name, WRONG.goal, ("Hand", "Eye"), trait=True, devil=-2,
                    knack="Wrestlin'"),)
        # added again, a step: the next character's form opens blank, as before
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("name") != ZEKE.name and form.values().text("goal") == ""
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_step_taken_since_the_undo_leaves_the_entrant_form_blank(
        tmp_path: Path) -> None:
    """A character taken back on purpose, then another added: the first is no longer
    offered (what the undo took back is not the step the Dealer is taking now)."""
    campaign = _added_wrong(tmp_path)
    campaign.execute(AddEntrant(Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("goal") == ""
        assert "undo" not in form.note
        await pilot.press("escape")
    campaign.close()


def _called(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict called on the best lays: Long Tom's full house beats Zeke."""
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.participants)))


@synchronous
async def test_a_loss_placed_wrong_and_undone_is_placed_again_from_what_was_told(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a", _called)
    campaign.execute(TakeDifficulty(ZEKE.name, (("Heart", 2), ("Guts", 3)),
                                    told="a boot to the ribs"))
    campaign.undo()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("k")
        form = await form_up(pilot)
        assert form.values().text("split") == "Heart 2, Guts 3"
        assert form.values().text("told") == "a boot to the ribs"
        assert "The loss taken back is filled in." in form.note
        set_field(form, "split", "Hand 5")  # the split mended, the words kept
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    zeke = campaign.state.character(ZEKE.name)
    assert zeke is not None and zeke.values[0] == 0 and zeke.values[2:] == (3, 2)
    assert campaign.events[-1].data["told"] == "a boot to the ribs"
    campaign.close()


@synchronous
async def test_a_loss_the_narrator_handed_the_wrong_character_is_handed_again(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a", _called)
    # Zeke narrates (his A♥ is high) and hands Long Tom a point he meant for himself
    campaign.execute(TakeDifficulty(TOM.name, (("Guts", 1),), by_narrator=True,
                                    told="dust in the eyes"))
    campaign.undo()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("K")
        form = await form_up(pilot)
        values = form.values()
        assert [values.text(k) for k in ("name", "split", "told")] == [
            TOM.name, "Guts 1", "dust in the eyes"]
        assert form.note.endswith("The loss taken back is filled in.")
        await pilot.press("escape")
        # the loser's own form is not filled with the narrator's loss
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("k")
        form = await form_up(pilot)
        assert form.values().text("told") == ""
        await pilot.press("escape")
    campaign.close()
