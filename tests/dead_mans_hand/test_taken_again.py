"""A mistaken step undone and taken again right, checked from outside (round 15).

An attack drawn one card short (a friend near forgotten, the weapon of lesser power picked)
and taken back with ctrl+z comes back with the cards the table turned over; sent with the
box ticked, the form said "1 of the 2 cards this attack draws" and then refused it, so the
Dealer had to invent the card the table would turn next, or clear the ones it had seen. The
app now deals the rest. And `u` on a line of the Encounter Log at 80x24 showed, on its
preview's Conflict tab, the match lines and the last attack but not one model: the lines
under the table took every row the dialog left. Surrendering one model after another, the
highlight jumped to the model in use when the longest name left the list."""

from __future__ import annotations

import re
from pathlib import Path

from textual.coordinate import Coordinate
from textual.widgets import DataTable, TabbedContent, TabPane

from gmscreen.games.dead_mans_hand.commands import MakeAttack, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import NO_BREAK
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.undo_preview import UndoPreview
from tests.dead_mans_hand.helpers import deploy_all, model_in_use, new_campaign
from tests.dead_mans_hand.test_dealers_mistakes import king_for_big_jim, preview
from tests.pilot import opened, refusal_shown, screen_text, set_field, synchronous, to_tab, until
from tests.ui.test_past import cursor_to


@synchronous
async def test_an_attack_taken_back_one_card_short_is_dealt_the_rest(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    campaign.execute(MakeAttack("Apache Raider 3", "rifle", 30, ("Kd", "9h")))
    campaign.undo()  # a friend stood within 10 yards: three cards, not two
    pile = campaign.state.pack.pile
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        assert isinstance(shown, Form)
        assert shown.values().text("cards") == "Kd 9h"
        set_field(shown, "yards", "30")
        set_field(shown, "friends", True)
        await until(pilot, lambda: "2 of the 3 cards" in preview(shown))
        assert "the app deals the other" in preview(shown).replace("\n", " ")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.attack is not None)
    attack = campaign.state.attack
    assert attack is not None
    assert attack.cards[:2] == ("Kd", "9h") and len(attack.cards) == 3
    assert attack.cards[2] in pile
    campaign.close()


@synchronous
async def test_cards_typed_short_by_hand_are_still_refused(tmp_path: Path) -> None:
    """Only the cards taken back, as they were, are made up to the count: one card typed
    by hand for three is a card forgotten at the keyboard, refused naming the count."""
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    campaign.execute(MakeAttack("Apache Raider 3", "rifle", 30, ("Kd", "9h")))
    campaign.undo()
    before = (tmp_path / "c.toml").read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        set_field(shown, "yards", "30")
        set_field(shown, "friends", True)
        set_field(shown, "cards", "Kd")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "not 1" in getattr(app.screen, "refusal", ""))
        refusal_shown(app, "Cards")
    assert campaign.state.attack is None
    assert (tmp_path / "c.toml").read_bytes() == before
    campaign.close()


@synchronous
async def test_the_undo_previews_conflict_tab_shows_the_models_at_80x24(tmp_path: Path) -> None:
    campaign = king_for_big_jim(tmp_path / "c.toml")
    used = next(e.seq for e in campaign.events if e.kind.endswith("model_used"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await cursor_to(pilot, used)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        tabbed = app.screen.query_one(TabbedContent)
        tabbed.active = next(str(pane.id) for pane in tabbed.query(TabPane)
                             if pane.id and "conflict" in pane.id.lower())
        await until(pilot, lambda: "attack or end the turn" in screen_text(app))
        await pilot.pause()
        rows = screen_text(app).replace(NO_BREAK, " ").splitlines()
        # the models' rows, each with its value and hits (Deacon, in use, first)
        shown = [row for row in rows if re.search(r"█ [RB] [A-Z][\w ]+ +\d+ +\d+/\d+", row)]
        assert len(shown) >= 2 and "Deacon" in shown[0], rows
        await pilot.press("n")
    campaign.close()


@synchronous
async def test_a_surrender_that_narrows_the_names_keeps_the_highlight_in_place(
        tmp_path: Path) -> None:
    """Putting things right by surrendering the posse's models one after another (`y`, `y`
    on each, the highlight going down the list): when Man with No Hat, the longest name,
    gave up, the Name column narrowed, the table was laid out anew and the highlight went
    back to its first row, Deacon, the model in use; the next `y`, `y` made him surrender.
    The highlight stays on the row it was on, as when any other model gives up."""
    campaign = new_campaign(tmp_path / "c.toml", "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("5s"))
    deploy_all(campaign)
    campaign.execute(UseModel("Deacon", Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#models", DataTable)
        names = [str(key.value) for key in table.rows]
        table.move_cursor(row=names.index("Man with No Hat"))
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: "Man with No Hat surrenders" in screen_text(app))
        await pilot.press("y")
        await until(pilot, lambda: "Man with No Hat" not in [
            str(key.value) for key in table.rows])
        await pilot.pause()
        highlighted = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key
        assert highlighted.value == "Strong Man"
    campaign.close()


@synchronous
async def test_an_attack_undone_from_the_log_comes_back_whole(tmp_path: Path) -> None:
    """An attack undone from the Encounter Log (u, y on the step before it) to put right a
    friend near that was forgotten: pressing `a` again brought the cards back typed in, but
    the Yards blank and the boxes unticked, so the table measured again and ticked anew
    what it had judged already. The form comes back with the whole attack as it was sent
    (stop 63): the table ticks Friend near and draws."""
    from gmscreen.games.dead_mans_hand.panes.conflict import ATTACK_TAKEN_BACK

    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    used = campaign.events[-1].seq
    campaign.execute(MakeAttack("Apache Raider 3", "rifle", 30, ("Kd", "9h"),
                                from_behind=True, cover=True))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await cursor_to(pilot, used)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.attack is None)
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        values = shown.values()
        assert (values.text("weapon"), values.text("target"), values.text("yards"),
                values.text("cards")) == ("rifle", "Apache Raider 3", "30", "Kd 9h")
        assert (values.flag("friends"), values.flag("behind"), values.flag("cover")) == (
            False, True, True)
        assert shown.note == ATTACK_TAKEN_BACK
        set_field(shown, "friends", True)
        await until(pilot, lambda: "2 of the 3 cards" in preview(shown))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.attack is not None)
    attack = campaign.state.attack
    assert attack is not None
    assert (attack.target, attack.weapon, attack.yards, attack.cards[:2]) == (
        "Apache Raider 3", "rifle", 30, ("Kd", "9h"))
    assert dict(attack.modifiers) == {"friends within 10 yards": 1, "from behind": 1,
                                      "target in cover": -1}
    campaign.close()
