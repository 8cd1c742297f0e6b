"""Round 27: an evening with rounds 24 to 26 in play together. A Dealer who moved five of
the game's most used keys (Place model j, Use model o, Attack k, Play card c, End turn t),
undo, redo and the note (ctrl+u, f8, f7) and two tabs (f10, f12) plays a duel taking steps
by the moved keys, from the palette by the table's words, and by the mouse (the footer's
keys, a double click on a log line); the old keys do nothing of their steps, and a moved key
pressed out of its moment says the rule's reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.color import Color as RichColor
from rich.segment import Segment
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from gmscreen.games.dead_mans_hand.commands import (
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id
from tests.dead_mans_hand.helpers import deploy_all, new_campaign, settled
from tests.pilot import (
    Notices,
    click_key,
    contrast,
    footer_keys,
    form_up,
    from_palette,
    screen_text,
    synchronous,
    to_tab,
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
        await settled(pilot)  # what the key would do has been done by now
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



def segment_contrast(segment: Segment) -> float:
    assert segment.style is not None
    fore, back = segment.style.color, segment.style.bgcolor
    assert fore is not None and back is not None, segment
    return contrast(fore, back)


def drawn(app: App[Any], starting: str) -> Segment:
    """The one segment the screen draws beginning with `starting` (spaces aside)."""
    found = [s for strip in app.screen._compositor.render_strips() for s in strip
             if s.text.strip().removeprefix("B ").startswith(starting)]
    assert len(found) == 1, (starting, found)
    return found[0]


@synchronous
async def test_the_red_sides_name_and_red_cards_read_in_every_theme(tmp_path: Path) -> None:
    """The Conflict tab drew a red model's name ("R Big Oaf") and a heart or diamond among
    the cards drawn in the terminal's red: 3.3 to 1 on the western theme's brown, 3.6 in
    textual-dark, against 6 to 14 for every other word of the tab. Now in the theme's own
    readable red (text-error), redrawn as ctrl+t changes the theme."""
    campaign = new_campaign(tmp_path / "red.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2s"))
    deploy_all(campaign)
    campaign.execute(UseModel("Sly Shooter", Move.STILL))
    campaign.execute(MakeAttack("Big Oaf", "pistol", 20, ("8s", "3h")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "3")
        seen = {}
        for theme in ("western", "textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            red = RichColor.parse(app.theme_variables["text-error"]).get_truecolor()
            for words in ("R Big Oaf", "3♥"):
                segment = drawn(app, words)
                assert segment.style is not None and segment.style.color is not None
                assert segment.style.color.get_truecolor() == red, (theme, words)
                seen[theme, words] = round(segment_contrast(segment), 1)
        assert min(seen.values()) >= 4.5, seen


@synchronous
async def test_a_fallen_models_name_reads_in_every_theme(tmp_path: Path) -> None:
    """A model down, dead or given up was named dim: Textual's dim read 3.6 to 1 on the
    Characters tab in textual-light (3.9 in western), under every other name of the tab.
    Now in the theme's text three steps toward its background (6 to 7 to 1), still set
    apart from the names of those standing."""
    campaign = new_campaign(tmp_path / "fallen.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("2s"))
    deploy_all(campaign)
    campaign.execute(UseModel("Town Militia 1", Move.STILL))
    campaign.execute(EndTurn())
    campaign.execute(UseModel("Hardbitten Gunman", Move.STILL))
    campaign.execute(MakeAttack("Town Militia 3", "pistol", 20, ("9h", "4c")))
    campaign.execute(PlayResult("9h"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        seen = {}
        apart: list[tuple[str, str]] = []
        for tab in ("1", "3"):
            await to_tab(pilot, tab)
            for theme in ("western", "textual-dark", "textual-light"):
                app.theme = theme
                await pilot.pause()
                await pilot.pause()
                fallen, standing = drawn(app, "Town Militia 3"), drawn(app, "Town Militia 2")
                assert fallen.style is not None and standing.style is not None
                if fallen.style.bgcolor == standing.style.bgcolor:  # neither highlighted
                    assert fallen.style.color != standing.style.color, (tab, theme)
                    apart.append((tab, theme))
                seen[tab, theme] = round(segment_contrast(fallen), 1)
        assert min(seen.values()) >= 4.5, seen
        assert len(apart) >= 3, apart
