"""Round 27: an evening with rounds 24 to 26 in play together. A Dealer who moved five of
the game's most used keys (Place model j, Use model o, Attack k, Play card c, End turn t),
undo, redo and the note (ctrl+u, f8, f7) and two tabs (f10, f12) plays a duel taking steps
by the moved keys, from the palette by the table's words, and by the mouse (the footer's
keys, a double click on a log line); the old keys do nothing of their steps, and a moved key
pressed out of its moment says the rule's reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from gmscreen.games.dead_mans_hand.commands import LoadScenario, SetUpGame
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import (
    Notices,
    click_key,
    footer_keys,
    form_up,
    from_palette,
    screen_text,
    synchronous,
    until,
)

#: the evening's keys, as settings.toml's [keys] set them
KEYS = {
    "dead_mans_hand.deploy": "j", "dead_mans_hand.use": "o",
    "dead_mans_hand.attack": "k", "dead_mans_hand.play": "c",
    "dead_mans_hand.end_turn": "t",
    "undo": "ctrl+u", "redo": "f8", "note": "f7", "tab.1": "f10", "tab.3": "f12",
}


def duel_set_up(path: Path) -> Campaign[Any]:
    """Duel between Rivals, game 1 set up on a red card: Big Oaf (red) places first."""
    campaign = new_campaign(path)
    campaign.start_session()
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("7h"))
    return campaign


async def shown(pilot: Pilot[Any], key: str, title: str) -> None:
    await pilot.pause()
    await pilot.press(key)
    tabbed = pilot.app.screen.query_one(TabbedContent)
    await until(pilot, lambda: (tabbed.active_pane is not None
                                and tabbed.active_pane.id == tab_id(title)))
    await pilot.pause()


async def unchanged_by(pilot: Pilot[Any], campaign: Campaign[Any], *keys: str) -> None:
    """Each of `keys` pressed writes nothing and opens nothing."""
    for key in keys:
        events = len(campaign.events)
        await pilot.press(key)
        await pilot.pause(0.1)
        assert len(campaign.events) == events, key
        assert isinstance(pilot.app.screen, ShellScreen), key


def shell(app: App[Any]) -> ShellScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, ShellScreen)
    return screen


@synchronous
async def test_an_evening_by_moved_keys_the_palette_and_the_mouse(tmp_path: Path) -> None:
    campaign = duel_set_up(tmp_path / "evening.toml")
    app = GmScreenApp(campaign)
    app.set_keymap(KEYS)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = Notices()
        notices.watch(app)
        await shown(pilot, "f12", "Conflict")
        assert "j" in footer_keys(app) and "d" not in footer_keys(app)
        # the old key places nobody; the moved one places Big Oaf, then by the palette
        await unchanged_by(pilot, campaign, "d", "u", "a", "p")
        await pilot.press("j")
        await until(pilot, lambda: campaign.state.red.models[0].status.name == "ON_TABLE")
        await from_palette(pilot, "Conflict: Place model (deploy)")
        await until(pilot, lambda: "Turn 1" in screen_text(app))
        # Use model by the mouse: the footer's moved key, clicked
        await click_key(pilot, "o")
        await form_up(pilot)
        await pilot.press("enter")  # stand still
        await until(pilot, lambda: isinstance(app.screen, ShellScreen)
                    and "k" in footer_keys(app))
        # a moved key out of its moment says why; the old key says nothing
        notices.clear()
        await pilot.press("o")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].message == ("Big Oaf is being used this turn: "
                                                     "attack or end the turn")
        notices.clear()
        await unchanged_by(pilot, campaign, "u", "a", "e")
        assert not notices.of("warning")
        # the attack from the palette, by the book's word
        await from_palette(pilot, "Conflict: Attack: shoot or brawl")
        await form_up(pilot)
        await pilot.press("2", "0", "tab", *"9H 4C", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen)
                    and "c" in footer_keys(app))
        before = len(campaign.events)
        await pilot.press("c")
        await form_up(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: "red 1, black 0" in screen_text(app))
        # the moved undo takes the card back; f8 puts it back
        played = len(campaign.events)
        assert played > before
        await pilot.press("ctrl+u")
        await until(pilot, lambda: "red 0, black 0" in screen_text(app))
        await pilot.press("f8")
        await until(pilot, lambda: "red 1, black 0" in screen_text(app))
        # the log by the mouse: a double click on a line replays to it, the Conflict tab
        # (f12) shows the past
        await shown(pilot, "4", "Encounter Log")
        await pilot.click(LogView, offset=(10, 2), times=2)
        await until(pilot, lambda: shell(app).replayed is not None)
        await shown(pilot, "f12", "Conflict")
        assert "REPLAY" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: shell(app).replayed is None)

