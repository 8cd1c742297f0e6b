"""What the forms explain before the dice: the harm a won attack would do (lines 124-127,
227-229), the Out of action table where the character fell (line 103), and the words under
a field whose label the glossary reads otherwise in that form."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.commands import JoinFight
from gmscreen.journal.events import SESSION_START
from gmscreen.ui.form import Form
from tests.fistful.game import posse, run
from tests.fistful.test_panes import (
    CORA,
    at_range,
    judged,
    keys,
    on_the_conflict_tab,
    sample,
    text_of,
)
from tests.fistful.test_play import journal
from tests.pilot import about, form_up, opened, synchronous, to_tab, until

# -- the harm a win would do, told in the attack form before the roll -----------------------


def test_the_harm_of_a_win_is_worked_out_as_the_rules_will_before_the_dice() -> None:
    state = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Faraway"))
    jake = state.character("Jake")
    assert jake is not None
    # a revolver (+2) with 4 dice at its farthest band: 6 halved to 3, light cover 2 off
    said = fight_rules.hit_words(state, "Ann", "Jake", "revolver", "Faraway", 4, "light")
    assert said.startswith(f"A win takes 1 Guts off Jake ({jake.guts} now)"), said
    assert "4 dice +2 for the Revolver: 6 halved at its farthest band, 2 off for light cover" \
        in said
    # a shotgun multiplies; a fist takes one off; cover guards only against ranged harm
    assert fight_rules.hit_words(state, "Ann", "Jake", "shotgun", "Close", 2, "hard") == (
        "A win takes 2 Guts off Jake (9 now): 2 dice x3 for the Shotgun: 6, 4 off for hard "
        "cover.")
    assert "3 dice -1 for the Fist." in fight_rules.hit_words(state, "Ann", "Jake", "fist",
                                                            "Close", 3, "hard")
    # out of reach, no weapon, or Stakes no test allows: nothing to tell
    assert fight_rules.hit_words(state, "Ann", "Jake", "derringer", "Faraway", 3, "none") == ""
    assert fight_rules.hit_words(state, "Ann", "Jake", "", "Close", 3, "none") == ""
    assert fight_rules.hit_words(state, "Ann", "Jake", "fist", "Close", 0, "none") == ""
    assert fight_rules.hit_words(state, "Ann", "Jake", "fist", "Close", 7, "none") == ""


@synchronous
async def test_the_attack_form_shows_what_a_win_would_take_off_the_target(tmp_path: Path):
    campaign = at_range(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        form = await opened(pilot, "o")

        def preview() -> str:
            return str(form.query_one("#form-preview").render())

        assert form.values().text("weapon") == "revolver"
        # the target's side, which the glossary does not name: what it stakes is for
        assert "Challenge" in about(form, "o_stakes")
        assert "Grace" in about(form, "o_attribute")
        # 3 dice +2 for the Revolver, halved at Faraway, its farthest band
        assert "A win takes 2 Guts off Deputy Hal" in preview(), preview()
        form.set_value("a_stakes", "5")
        await until(pilot, lambda: "A win takes 3 Guts" in preview())
        form.set_value("cover", "light")
        await until(pilot, lambda: "A win takes 1 Guts" in preview())
        await keys(pilot, "escape")
    campaign.close()


@synchronous
async def test_the_opposed_test_with_a_weapon_shows_what_a_win_would_take_off(tmp_path: Path):
    campaign = sample(tmp_path)
    async with on_the_conflict_tab(campaign) as (pilot, _):
        form = await opened(pilot, "o")

        def preview() -> str:
            return str(form.query_one("#form-preview").render())

        # no weapon: no harm to tell, the two sides' chances alone
        assert preview().startswith("Chances: ") and "A win" not in preview()
        assert "attack" in about(form, "weapon") and "Challenge" in about(form, "opposition")
        opposition = form.values().text("opposition")
        form.set_value("weapon", "shotgun")
        # 3 dice x3 at Close, no cover
        await until(pilot, lambda: preview().startswith(f"A win takes 9 Guts off {opposition}"))
        form.set_value("band", "Faraway")  # out of the shotgun's reach: no harm to tell
        await until(pilot, lambda: preview().startswith("Chances: "))
        await keys(pilot, "escape")
    campaign.close()


# -- the Out of action table where the character fell (line 103: rolled as they fall) --------


def test_the_fallen_of_the_fight_whose_table_is_due_are_asked_of_the_rules() -> None:
    from gmscreen.games.fistful.commands import RollOutOfAction, TakeHarm

    state = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Faraway"), JoinFight("Bo", "Close"))
    refusal = fight_rules.why_not_roll_in_fight(state)
    assert refusal is not None and refusal.rule == "Out of action"
    down = run(state, TakeHarm("Ann", 30), TakeHarm("Jake", 30))
    # Jake is an NPC: no table for him; Ann's is due until it is rolled
    assert fight_rules.due_the_table(down, fight=True) == ("Ann",)
    assert fight_rules.why_not_roll_in_fight(down) is None
    rolled = run(down, RollOutOfAction("Ann", 1))
    assert fight_rules.due_the_table(rolled, fight=True) == ()
    assert fight_rules.why_not_roll_in_fight(rolled) is not None
    # one of the posse down out of the fight is due the table too, on the Characters tab
    away = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"), TakeHarm("Bo", 30))
    assert fight_rules.due_the_table(away) == ("Bo",)
    assert fight_rules.due_the_table(away, fight=True) == ()


@synchronous
async def test_the_out_of_action_table_is_rolled_on_the_fight_tab_where_they_fell(
        tmp_path: Path):
    from gmscreen.games.fistful.commands import TakeHarm

    campaign = at_range(tmp_path)
    campaign.execute(TakeHarm(CORA, 30))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        # the head says so, and its Keys line names the key
        head = text_of(app, "#ff-round")
        assert f"{CORA} is out of action: roll the Out of action table (f)" in head, head
        assert "f the Out of action table" in head, head
        form = await opened(pilot, "f")
        assert form.values().text("name") == CORA
        assert [value for _, value in form.options_of("name")] == [CORA]
        assert "Knocked out" in next(f.about for f in form.fields if f.key == "face")
        form.set_value("face", "1")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: campaign.state.character(CORA) is not None
                    and campaign.state.character(CORA).out_of_action_rolled)  # type: ignore[union-attr]
    campaign.close()


# -- the words under a field: its own where the glossary's entry would mislead in that form ---


@synchronous
async def test_fields_the_glossary_reads_otherwise_say_what_to_put_in_them(tmp_path: Path):
    from gmscreen.games.fistful.commands import TakeHarm
    from gmscreen.games.fistful.panes.characters import CharactersPane
    from gmscreen.glossary import find, gmscreens_words, words_of

    words = words_of("gmscreen.games.fistful") + gmscreens_words()
    campaign = sample(tmp_path)
    cora = "Cora Dalton"
    campaign.execute(TakeHarm("Deputy Hal", 30))  # down: the Judge's aid may get him up
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pane = app.screen.query_one(CharactersPane)
        names = [c.name for c in campaign.state.characters]

        async def form_of(step: str, name: str) -> Form:
            # the form a step opens on `name`'s sheet (whether the rules let it be sent
            # now is not what is looked at)
            pane.query_one("#ff-people", DataTable).move_cursor(row=names.index(name))
            await pilot.pause()
            getattr(pane, f"action_{step}")()
            return await form_up(pilot)

        # the glossary's "Dollars" is money in hand; here it is what is paid back
        debt = await form_of("pay_debt", cora)
        entry = find(words, "Dollars")
        assert entry is not None and about(debt, "dollars") != entry.means
        assert "paid back" in about(debt, "dollars")
        await keys(pilot, "escape")
        # the glossary's "Attribute" is any score; here the one the bought dice must beat
        advance = await form_of("advance", cora)
        assert "bought" in about(advance, "attribute")
        await keys(pilot, "escape")
        # a price's dice, not a test's
        for step in ("buy", "sell"):
            trading = await form_of(step, cora)
            assert "price" in about(trading, "dice")
            await keys(pilot, "escape")
        # fields a new Judge wonders at: the harm's Guts, the aid's d6, the night out's
        harming = await form_of("harm", cora)
        assert "out of action" in about(harming, "amount")
        await keys(pilot, "escape")
        aid = await form_of("revive", "Deputy Hal")
        assert "Guts" in about(aid, "face")
        await keys(pilot, "escape")
        # a creature's natural weapon on its sheet, as when it was made
        sheet = await form_of("edit", "Old Grizzly")
        assert "claws" in about(sheet, "natural")
        await keys(pilot, "escape")
        carousing = await form_of("carouse", cora)
        assert "Chicken Dinner" in about(carousing, "table")
        assert about(carousing, "stress_off")
        await keys(pilot, "escape")
    campaign.close()
