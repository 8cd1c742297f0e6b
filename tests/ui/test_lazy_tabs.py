"""A tab's widgets are built the first time it is shown (so a large campaign opens fast), and
a tab built late shows the campaign as it is then: after steps, undo, redo, a session's end,
in replay, and in the theme chosen meanwhile. A tab's pane is made, and a game's tab module
imported, only when it is first asked for, yet the palette lists every tab's actions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from textual.color import Color
from textual.widgets import Static, TabbedContent
from textual.widgets._footer import FooterKey

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_view import LogView
from gmscreen.ui.pane import GamePane
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import Panes, ordered
from tests.tally_panes import TallyConflict, TallyLedger
from tests.ui.support import played, synchronous, to_tab, until


def shell(app: GmScreenApp) -> ShellScreen:
    assert isinstance(app.screen, ShellScreen)
    return app.screen


def ledger_text(app: GmScreenApp) -> str:
    return str(app.screen.query_one("#tally-total", Static).content)


def footer_words(app: GmScreenApp) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


@synchronous
async def test_only_the_tab_in_sight_is_built_at_start(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shell(app).panes["Characters"].is_mounted
        assert not app.screen.query(TallyConflict) and not app.screen.query(EncounterLog)
        assert "Add 1" in footer_words(app) and "Roll 2 dice" not in footer_words(app)
        await to_tab(pilot, "3")
        assert app.screen.query_one(TallyConflict).campaign is not None  # built and drawn
        assert "Roll 2 dice" in footer_words(app) and "Add 1" not in footer_words(app)
        await to_tab(pilot, "1")  # built once: going back mounts nothing new
        assert len(app.screen.query(TallyConflict)) == 1


@synchronous
async def test_a_tab_built_late_shows_every_step_taken_before(tmp_path: Path) -> None:
    campaign = played(tmp_path)  # in session 2; Zeke 10, Ma Barker 3
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        for key, total in (("plus", 14), ("plus", 15), ("ctrl+z", 14), ("ctrl+y", 15),
                           ("ctrl+z", 14)):
            count = len(campaign.events)
            await pilot.press(key)
            await until(pilot, partial(lambda n: len(campaign.events) == n, count + 1))
            assert sum(campaign.state.tallies.values()) == total
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: not campaign.in_session)
        await to_tab(pilot, "4")  # the Ledger, never shown
        assert ledger_text(app) == "All tallies together: 14"
        await to_tab(pilot, "5")  # the log, never shown: it ends with the session's end
        view = app.screen.query_one(LogView)
        assert view.lines[-1].seq == campaign.events[-1].seq


@synchronous
async def test_a_tab_built_in_replay_shows_the_past(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shell(app).replay_to(4)
        past = shell(app).replay
        assert past is not None
        await to_tab(pilot, "4")
        assert ledger_text(app) == f"All tallies together: {sum(past.state.tallies.values())}"
        assert ledger_text(app) != f"All tallies together: {sum(campaign.state.tallies.values())}"
        await pilot.press("escape")
        await until(pilot, lambda: ledger_text(app) == "All tallies together: 13")


@synchronous
async def test_clicking_a_tab_never_shown_builds_and_draws_it(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#--content-tab-tab-ledger")
        await until(pilot, lambda: bool(app.screen.query(TallyLedger)))
        await until(pilot, lambda: ledger_text(app) == "All tallies together: 13")
        assert app.screen.query_one(TabbedContent).active == "tab-ledger"


@synchronous
async def test_a_palette_command_of_a_tab_never_shown_builds_it_and_runs(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query(TallyConflict)
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Conflict: Roll 2 dice")
        await command.callback()
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        rolls = len([e for e in campaign.events if e.kind == "tally.rolled"])
        await pilot.press("y")
        await until(pilot, lambda: len([e for e in campaign.events
                                        if e.kind == "tally.rolled"]) == rolls + 1)
        assert shell(app).query_one(TabbedContent).active == "tab-conflict"


@synchronous
async def test_a_tab_built_after_a_theme_change_wears_the_new_theme(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        await to_tab(pilot, "5")
        surface = Color.parse(app.get_css_variables()["surface"])
        assert app.screen.query_one(LogView).styles.background == surface


def test_a_pane_is_made_when_first_asked_for_and_then_kept() -> None:
    made: list[str] = []

    def maker(title: str) -> GamePane:
        made.append(title)
        return TallyLedger()

    panes = ordered(Panes({title: partial(maker, title)
                           for title in ("Ledger", "Conflict", "Characters")}))
    # every game has the Wanted Clock tab (the Dealer's clocks), beside its characters
    assert list(panes) == ["Characters", "Wanted Clock", "Conflict", "Ledger"]
    assert len(panes) == 4 and "Conflict" in panes and "Fight" not in panes
    assert made == []  # order, count and membership make nothing
    first = panes["Conflict"]
    assert panes["Conflict"] is first and made == ["Conflict"]
    assert len(list(panes.values())) == 4 and made == ["Conflict", "Characters", "Ledger"]


#: a sample campaign of each game
SAMPLES = ("dead-mans-hand-showdown", "devils-bluff-one-off", "dust-fifteen",
           "fistful-dalton-boys", "the-hanged-man")


def test_the_palette_lists_every_tabs_actions_before_their_modules_load(
        tmp_path: Path) -> None:
    # a fresh process: the other tests import every game's tabs
    root = Path(__file__).resolve().parents[2]
    journals = [str(shutil.copy(root / "campaigns" / f"{name}.toml", tmp_path))
                for name in SAMPLES]
    done = subprocess.run([sys.executable, "-m", "tests.ui.lazy_child", *journals],
                          capture_output=True, text=True, cwd=root, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    games = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(games) == len(SAMPLES)
    for game in games:
        late = set(game["after_palette"]) - set(game["at_start"])
        assert late, game  # some tab's module waited for the palette
        # each binding in the palette, by its name or that name made longer by its tab
        # (Devils Bluff's "Hand 2: look or hide", its player's name in it once seated)
        assert game["bound"] and all(
            any(named == bound or named.startswith((f"{bound} ", f"{bound}:"))
                for named in game["named"]) for bound in game["bound"]), game
        assert set(game["named"]) <= set(game["listed"]), game
        assert all(title.split(": ")[0] in game["titles"] for title in game["named"])
    dead_mans_hand = games[0]
    assert dead_mans_hand["titles"] == ["Characters", "Wanted Clock", "Conflict"]
    conflict = "gmscreen.games.dead_mans_hand.panes.conflict"
    assert conflict not in dead_mans_hand["at_start"]
    assert conflict in dead_mans_hand["after_palette"]
    assert any(title.startswith("Conflict: ") for title in dead_mans_hand["listed"])


def test_a_late_tabs_names_stay_importable_from_its_package() -> None:
    import gmscreen.games.fistful.panes as panes
    from gmscreen.games.fistful.panes import wanted

    assert panes.WantedPane is wanted.WantedPane
    with pytest.raises(AttributeError, match="no attribute 'Gatling'"):
        panes.Gatling  # noqa: B018
