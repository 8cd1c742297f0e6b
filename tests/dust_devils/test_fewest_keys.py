"""The fewest keys (round 33): the steps a Dealer takes round after round, counted in
presses at 80x24, and the counts cut where the form asked again what he nearly always
answers the same way. A character entering is offered the attributes and the Knack he
entered his last conflict with (the book has no usual pair, line 168: a fight that goes on,
line 208, is met the same way), following the character picked; an attribute now at 0 is
never offered, as that would make it his last conflict (line 319). The Draw of a hand that
entered with no Knack named starts on the Knack, which the Dealer must rule before it may
change a card (line 192). A loss is placed first for the loser picked in the hands' table,
and the narrator's Difficulty offered first to the one picked, as the Draw and the fold
already were (lines 248-250)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import panes, resolution, rules
from gmscreen.games.dust_devils.commands import (
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetSessionDevils,
)
from gmscreen.games.dust_devils.events import KINDS, CardsDrawn, DifficultyTaken, EntrantAdded
from gmscreen.games.dust_devils.panes import ConflictPane
from gmscreen.games.dust_devils.sample import JIM, LUKE, NON_PLAYERS, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.dust_devils.test_at_the_table import _blank
from tests.dust_devils.test_session import enter, new_campaign, press, resolve, send, watched
from tests.pilot import about, form_up, opened, set_field, synchronous, to_tab, until


def _session(path: Path) -> Campaign[DustDevilsState]:
    campaign: Campaign[DustDevilsState] = open_campaign(path, rules_for)
    campaign.start_session()
    campaign.execute(SetSessionDevils(tuple((w.name, 2) for w in campaign.state.players)))
    return campaign


def _newest(campaign: Campaign[DustDevilsState], kind: str) -> object:
    event = next(e for e in reversed(campaign.events) if e.kind == kind)
    return KINDS.read(event)


@synchronous
async def test_a_character_is_offered_what_he_entered_his_last_conflict(tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await send(pilot, "a", name=ZEKE.name, goal="throw the drunk out", first="Hand",
                   second="Guts", knack="Wrestlin'")
        await enter(pilot, JIM.name, "keep out of it", "Eye", "Heart")
        await send(pilot, "o", title="The saloon brawl", stud="5")
        await press(pilot, "d")
        await resolve(pilot)
        # the fight goes on: Zeke again, by his name, a goal and Enter (6 keys, not 12)
        count = len(campaign.events)
        await pilot.press("a")
        form = await form_up(pilot)
        # Jim, offered first, as he entered
        assert (form.values().text("first"), form.values().text("second")) == \
            ("Eye", "Heart")
        assert "first those of his last conflict" in about(form, "first")
        await pilot.press("z", "enter")  # Zeke, picked in the drop-down
        await until(pilot, lambda: form.values().text("first") == "Hand")
        assert form.values().text("second") == "Guts"
        assert form.values().text("knack") == "Wrestlin'"
        await pilot.press("tab", *"finish it", "enter")
        await until(pilot, lambda: len(campaign.events) > count)
        added = _newest(campaign, "dust_devils.entrant_added")
        assert isinstance(added, EntrantAdded)
        assert (added.name, [a.value for a in added.attributes], added.knack) == \
            (ZEKE.name, ["Hand", "Guts"], "Wrestlin'")
        # a pair the Dealer picked himself stays as he picked it when the name changes
        await pilot.press("a")
        form = await form_up(pilot)
        set_field(form, "first", "Guts")
        set_field(form, "name", LUKE.name)  # never in a conflict: the book's Hand, Eye
        await until(pilot, lambda: form.values().text("second") == "Eye")
        assert form.values().text("first") == "Guts"
        await pilot.press("escape")
        assert notices.of("warning") == []
    campaign.close()


@synchronous
async def test_an_attribute_now_at_zero_is_not_offered_again(tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, JIM.name, "win at cards", "Eye", "Heart")
        await send(pilot, "o", title="The card game", stud="5")
        await send(pilot, "D", h0="2c 3d 4h 5s 7c 8d", h1="Ac Ad Ah Kc Kd")
        await send(pilot, "l")
        await send(pilot, "k", split="Heart 2, Eye 3")
        await press(pilot, "e")
        jim = campaign.state.character(JIM.name)
        assert jim is not None and jim.values[3] == 0
        # Eye and Heart again would make it his last conflict: never by a default
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("name") == JIM.name
        assert (form.values().text("first"), form.values().text("second")) == \
            ("Hand", "Eye")
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_draw_without_a_knack_named_starts_on_the_knack(tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, JIM.name, "run the posse off", "Hand", "Eye")
        await send(pilot, "o", title="The posse", stud="5")
        await press(pilot, "d")
        count = len(campaign.events)
        # w, Shootin' by its letter (the list opens on it), chosen, sent by Enter (the kit's
        # form sends on Enter straight after a pick, round 33; ctrl+s before): 4 keys
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert app.focused is not None and app.focused.id == "f-knack"
        await pilot.press("s", "enter", "enter")
        await until(pilot, lambda: len(campaign.events) > count)
        drawn = _newest(campaign, "dust_devils.cards_drawn")
        assert isinstance(drawn, CardsDrawn)
        # the plain discards followed the Knack: some of the 4 Shootin' allows
        assert (drawn.name, drawn.knack) == (JIM.name, "Shootin'")
        assert 0 < len(drawn.discards) <= 4
    campaign.close()


@synchronous
async def test_a_loss_is_placed_for_the_loser_picked_in_the_table(tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, JIM.name, "win at cards", "Hand", "Eye")
        await enter(pilot, ZEKE.name, "win at cards", "Hand", "Eye")
        await send(pilot, "o", title="The card game", stud="5")
        await send(pilot, "D", h0="2c 3d 4h 5s 7c 8d 9h Js", h1="2d 3h 4s 5c 7d 8h 9s Jc",
                   h2="Ac Ad Ah Kc Kd")
        await send(pilot, "l")
        state = campaign.state
        assert list(resolution.losers_waiting(state)) == [JIM.name, ZEKE.name]
        pane = app.screen.query_one(ConflictPane)
        # Zeke's row picked in the hands' table: k places his loss, not the first's
        await pilot.press("down")
        await until(pilot, lambda: pane._picked_hand() == ZEKE.name)
        form = await opened(pilot, "k")
        assert form.values().text("name") == ZEKE.name
        count = len(campaign.events)
        await pilot.press("enter")
        await until(pilot, lambda: len(campaign.events) > count)
        taken = _newest(campaign, "dust_devils.difficulty_taken")
        assert isinstance(taken, DifficultyTaken) and taken.name == ZEKE.name
        # the narrator's Difficulty too goes first to the one picked
        await pilot.press("up")
        await until(pilot, lambda: pane._picked_hand() == JIM.name)
        form = await opened(pilot, "K")
        assert form.values().text("name") == JIM.name
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_session_opens_on_its_devils(tmp_path: Path) -> None:
    """f5 from the Conflict tab opens the Devils' form on the Characters tab while the rules
    have ratings to set now (line 115), so Enter sets them all (2 keys, was 4: f5, 1, V,
    Enter); escape leaves the step to V; with nobody to set, nothing opens."""
    campaign = _session(new_campaign(tmp_path))
    campaign.end_session()
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f5")
        form = await form_up(pilot)
        shell = app.screen_stack[0]
        assert isinstance(shell, ShellScreen) and shell.shown_title == "Characters"
        assert campaign.state.session == 2 and form.title_text == \
            "The Devils' ratings this session"
        count = len(campaign.events)
        await pilot.press("enter")
        await until(pilot, lambda: len(campaign.events) > count)
        assert not isinstance(app.screen, Form)
        state = campaign.state
        assert [(w.devil_set_for, w.devil_rating) for w in state.players] == \
            [(2, 2)] * len(state.players)
        # the session after: escape leaves the Devils to V, on the tab they opened in
        await pilot.press("f6", "y")
        await until(pilot, lambda: not campaign.state.in_session)
        await to_tab(pilot, "Conflict")
        await pilot.press("f5")
        await form_up(pilot)
        count = len(campaign.events)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert len(campaign.events) == count and campaign.state.session == 3
        assert rules.devils_to_set_now(campaign.state)
        form = await opened(pilot, "V")
        assert form.title_text == "The Devils' ratings this session"
        await pilot.press("escape")
        assert notices.of("warning") == []
    campaign.close()


@synchronous
async def test_a_session_with_no_devil_to_set_opens_nothing(tmp_path: Path) -> None:
    # no player at the table (the Dealer's own characters only): nobody sets a Devil
    campaign = _blank(tmp_path / "c")
    for sheet in NON_PLAYERS:
        campaign.execute(MakeCharacter(sheet))
    await _f5_opens_nothing(campaign)
    # the one player in a conflict carried over: he sets it once that ends
    carried = _blank(tmp_path / "d")
    carried.execute(MakeCharacter(ZEKE))
    carried.start_session()
    carried.execute(SetSessionDevils(((ZEKE.name, 2),)))
    carried.execute(OpenConflict("The bounty", (
        Entrant(ZEKE.name, "get the reward back", ("Hand", "Guts")),), stud=5))
    carried.end_session(under_way="carry")
    await _f5_opens_nothing(carried)


async def _f5_opens_nothing(campaign: Campaign[DustDevilsState]) -> None:
    assert panes.first_step_of_session(campaign.state) is None
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f5")
        await until(pilot, lambda: campaign.state.in_session)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, Form)
        shell = app.screen_stack[0]
        assert isinstance(shell, ShellScreen) and shell.shown_title == "Conflict"
    assert panes.first_step_of_session(campaign.state) is None
    campaign.close()
