"""Dead Man's Hand without its keys (round 24): the palette (ctrl+p) finds each step by the
word a Dealer types for it, its key's name or the book's, and its entry does what the key
does, in each phase of play and out of it; the mouse's way through the rows of a long table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from inspect import isawaitable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.events import MouseScrollDown
from textual.fuzzy import Matcher
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    NamePosse,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.dialog import Dialog
from gmscreen.ui.shell import ShellScreen
from tests.dead_mans_hand.helpers import (
    MILITIA,
    click_shown,
    deploy_all,
    gunman_standing,
    moved,
    new_campaign,
    settled,
)
from tests.pilot import Notices, click_key, form_up, shell_up, synchronous, to_tab, until

#: a word a Dealer types for a step, the book's or the table's, and the entry it must find
WORDS = {
    "deploy": "Conflict: Place model (deploy)",
    "place": "Conflict: Place model (deploy)",
    "move": "Conflict: Use model: its move",
    "shoot": "Conflict: Attack: shoot or brawl",
    "brawl": "Conflict: Attack: shoot or brawl",
    "deal": "Conflict: Set up game: deal the set-up card",
    "set up": "Conflict: Set up game: deal the set-up card",
    "result": "Conflict: Play card: the result",
    "pass": "Conflict: End turn (pass)",
    "flee": "Conflict: Leave the table (flee)",
    "give up": "Conflict: Surrender (give up)",
    "recover": "Conflict: Draw for the fallen (recovery)",
    "fallen": "Conflict: Draw for the fallen (recovery)",
    "all in": "Conflict: All In",
    "shuffle": "Conflict: Reshuffle",
    "hire": "Characters: Recruit a model (hire)",
    "hits": "Characters: Edit model: hits, weapons, markers",
    "dismiss": "Characters: Dismiss model",
    "scenario": "Characters: Load a scenario",
    "showdown": "Characters: Format: showdown or single games",
    "single": "Characters: Format: showdown or single games",
    "swap": "Characters: Swap sides",
    "new match": "Characters: New match",
}


def found_for(app: App[Any], word: str) -> list[str]:
    """The palette's first three entries for `word`, as its search ranks them (by the
    entry's name, the help under it not searched)."""
    matcher = Matcher(word)
    commands = list(app.get_system_commands(app.screen))
    ranked = sorted(((matcher.match(c.title), c.title) for c in commands), reverse=True)
    return [title for score, title in ranked if score > 0][:3]


@synchronous
async def test_a_dealers_word_finds_the_step(tmp_path: Path) -> None:
    """"deploy" (the key's own id), "shoot" (the book's word), "move", "give up" and
    "showdown" found nothing of the game, or only the tabs, where each entry was named by its
    key's words alone."""
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)  # the palette's entries are the shell's tabs'
        missed = {word: found_for(app, word) for word, entry in WORDS.items()
                  if entry not in found_for(app, word)}
        assert not missed, missed


def test_every_step_is_in_the_palette_once() -> None:
    for pane in (ConflictPane, PossesPane):
        actions = [b.action for b in pane.BINDINGS if isinstance(b, Binding)]
        assert set(pane.PALETTE_NAMES) <= set(actions), pane
        names = [pane.PALETTE_NAMES.get(a, a) for a in actions]
        assert len(set(names)) == len(names), pane


Seen = tuple[str, str, str, tuple[str, ...], str]


async def seen_after(pilot: Pilot[Any], campaign: Campaign[MatchState], notices: Notices,
                     run: Callable[[], Any]) -> Seen:
    """What a step shows once taken (the screen over the tabs and its title, the last
    refusal, the events written, where the keyboard is), then undone: the form or question
    closed unanswered, the events taken back."""
    app = pilot.app
    events, said = len(campaign.events), len(notices.of("warning"))
    done = run()
    if isawaitable(done):
        await done
    for _ in range(50):  # a step that only looks (h) shows none of these: a second
        if (not isinstance(app.screen, ShellScreen) or len(notices.of("warning")) > said
                or len(campaign.events) > events):
            break
        await pilot.pause(0.02)
    await pilot.pause()
    screen = app.screen
    if isinstance(screen, Dialog):  # read once it is up, the keyboard on its first field
        await until(pilot, lambda: screen.ready)
    title = str(getattr(screen, "title_text", "") or getattr(screen, "question", ""))
    warned = notices.of("warning")
    refused = warned[-1] if len(warned) > said else None
    written = tuple(e.kind for e in campaign.events[events:])
    seen = (type(screen).__name__, title,
            f"{refused.title}: {refused.message}" if refused else "", written,
            str(app.focused.id if app.focused is not None else ""))
    if not isinstance(screen, ShellScreen):  # a form, a question, the undo's preview
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    if written:
        campaign.undo()
        app.screen_stack[0].query_one(ConflictPane).show(campaign)
        app.screen_stack[0].query_one(PossesPane).show(campaign)
    await pilot.pause()
    return seen


def building(path: Path) -> Campaign[MatchState]:
    campaign = new_campaign(path)
    campaign.execute(LoadScenario("jailbreak"))
    return campaign


def deploying(path: Path) -> Campaign[MatchState]:
    campaign = building(path)
    campaign.execute(SetUpGame("5h"))
    return campaign


def attack_drawn(path: Path) -> Campaign[MatchState]:
    campaign = gunman_standing(path)
    campaign.execute(MakeAttack(MILITIA, "sawn-off", 8, ("5s", "Jh", "9d", "3h")))
    return campaign


def showdown_built(path: Path) -> Campaign[MatchState]:
    campaign = new_campaign(path)
    build_showdown(campaign)
    return campaign


@pytest.mark.slow
@pytest.mark.parametrize("made", [building, deploying, gunman_standing, attack_drawn,
                                  showdown_built])
@synchronous
async def test_the_palette_does_what_the_key_does(
        tmp_path: Path, made: Callable[[Path], Campaign[MatchState]]) -> None:
    """Every step of both tabs, by its key and by its palette entry, in a phase of play: the
    same form, question or step, or the same refusal naming the same rule."""
    campaign = made(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await shell_up(pilot)
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        entries = {c.title: c.callback for c in app.get_system_commands(screen)}
        for tab, pane in (("Conflict", ConflictPane), ("Characters", PossesPane)):
            for binding in pane.BINDINGS:
                assert isinstance(binding, Binding)
                await to_tab(pilot, tab)
                by_key = await seen_after(pilot, campaign, notices,
                                          partial(pilot.press, binding.key))
                name = pane.PALETTE_NAMES.get(binding.action, binding.description)
                by_palette = await seen_after(pilot, campaign, notices,
                                              entries[f"{tab}: {name}"])
                assert by_key == by_palette, (made.__name__, binding.key)
                assert by_key[:4] != ("ShellScreen", "", "", ()) or binding.action == "sheet", (
                    made.__name__, binding.key)


@synchronous
async def test_the_wheel_leaves_the_highlighted_model_to_the_next_key(tmp_path: Path) -> None:
    """At 80x24 the sixteen models of a showdown are more than the table shows: the wheel
    scrolls them and the scrollbar is clicked, the row highlighted by a click stays the
    one d places."""
    campaign = showdown_built(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await click_key(pilot, "g")
        await form_up(pilot)
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        table = app.screen.query_one("#models", DataTable)
        await until(pilot, lambda: table.max_scroll_y > 0)  # sixteen rows, laid out
        before = table.cursor_row
        await pilot.click(table, offset=(3, 3))  # the third row, under the headings
        await until(pilot, partial(moved, table, before))
        chosen = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        for _ in range(5):
            await pilot._post_mouse_events([MouseScrollDown], table, (3, 3))
        await until(pilot, lambda: table.scroll_y > 0)
        bar = (table.region.width - 1, table.region.height - 1)
        await pilot.click(table, offset=bar)  # the scrollbar, at its foot
        await settled(pilot)  # what the click does, done
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == chosen
        events = len(campaign.events)
        await click_key(pilot, "d")
        await until(pilot, lambda: len(campaign.events) > events)
        assert campaign.events[-1].data["name"] == chosen


@synchronous
async def test_a_second_click_on_a_model_stays_on_it(tmp_path: Path) -> None:
    """The lines under the gunfight's table say the highlighted model's weapons: Big Jim's
    took two rows at 80x24, Doc's one. With the table scrolled to its foot, a click on Doc
    shortened them, the table grew a row and its rows slid down one under the mouse: a
    second click there (or a double click) highlighted Kid, whom d, u, l and y then took."""
    campaign = showdown_built(tmp_path / "c.toml")
    campaign.execute(SetUpGame("5h"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#models", DataTable)

        def highlighted() -> object:
            return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

        for _ in range(20):
            await pilot._post_mouse_events([MouseScrollDown], table, (3, 3))
        await until(pilot, lambda: table.scroll_y == table.max_scroll_y > 0)
        for row in range(1, table.region.height):
            await pilot.click(table, offset=(3, row))
            await pilot.pause()
            clicked = highlighted()
            await pilot.click(table, offset=(3, row))
            await pilot.pause()
            assert highlighted() == clicked, row
            await pilot.click(table, offset=(3, row), times=2)
            await pilot.pause()
            assert highlighted() == clicked, row


def duel_won(path: Path, *players: str) -> Campaign[MatchState]:
    """Duel between Rivals, game 1 won by the Oaf; each posse then given its player, if
    `players` are given (red's, black's)."""
    campaign = new_campaign(path)
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h")):
        campaign.execute(command)
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    for posse, player in zip((campaign.state.red, campaign.state.black), players,
                             strict=False):
        campaign.execute(NamePosse(posse.colour, posse.name, player))
    return campaign


@synchronous
@pytest.mark.parametrize("players", [(), ("Abe", "Stephen")])
async def test_the_line_over_the_posses_offers_a_swap_only_where_it_applies(
        tmp_path: Path, players: tuple[str, ...]) -> None:
    """Between single games of a scenario whose players are not named yet, the line over
    the posses offered "w swap sides"; clicked, it said only that no player is named. It
    offers N (who plays each posse) then, and w once both players are named."""
    app = GmScreenApp(duel_won(tmp_path / "c.toml", *players))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = str(app.screen.query_one("#summary", Static).render())
        assert "N a posse's name and player" in shown
        assert ("w swap sides" in shown) is bool(players), shown
