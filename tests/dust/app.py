"""Dust in the app, for the pilot tests: the sample opened in a folder of the test's own, the
tabs by title, a key whose step asks first answered yes; the rest is tests/pilot.py."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.dust.sample import SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.pane import GamePane
from tests.pilot import Notices, refusal_shown, until

CHARACTERS, CONSOLE, POSTS = "Characters", "Day and night", "Posts"


def sample_campaign(folder: Path) -> Campaign[Any]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


def new_campaign(folder: Path, name: str = "New") -> Campaign[Any]:
    from gmscreen.journal.store import JournalStore, new_header
    store = JournalStore.create(folder / f"{name.lower()}.toml", new_header("dust", name, 7))
    return Campaign.load(rules_for("dust"), store.load(), store)


#: what some of the book's fifteen (`tests.dust.game.CAST`) hold as they sit down, by name
Held = Mapping[str, tuple[str, ...]]


def seated(folder: Path, held: Held | None = None) -> Campaign[Any]:
    """A new game in `folder` with the book's set-up and its fifteen seated (`CAST`), each
    holding what `held` gives him (else nothing): before Day 1, no session running."""
    from gmscreen.games.dust.commands import AddPlayer, UseBookSetUp
    from tests.dust.game import CAST
    campaign = new_campaign(folder)
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role, (held or {}).get(name, ())))
    return campaign


def day_one(folder: Path, held: Held | None = None) -> Campaign[Any]:
    """`seated`, and Day 1 posted."""
    from gmscreen.games.dust.commands import StartGame
    campaign = seated(folder, held)
    campaign.execute(StartGame())
    return campaign


def night_one(folder: Path, held: Held | None = None) -> Campaign[Any]:
    """`day_one`, and the day ended without a lynch: Night 1, no action sent yet."""
    from gmscreen.games.dust.commands import EndDay
    campaign = day_one(folder, held)
    campaign.execute(EndDay())
    return campaign


def night_with_three_extras(folder: Path) -> Campaign[Any]:
    """Night 1 of the book's game, Ann holding three powers that go beside the night's
    (book lines 124-131)."""
    return night_one(folder, {"Ann": ("Notebook", "Adrenaline", "Alcohol")})


def app_of(campaign: Campaign[Any]) -> tuple[GmScreenApp, Notices]:
    """The app on `campaign`, with every notice it shows recorded."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


def pane(app: GmScreenApp, title: str) -> Any:
    panes: dict[str, GamePane] = app.screen_stack[0].panes  # type: ignore[attr-defined]
    return panes[title]


def refusals(notices: Notices) -> list[tuple[str, str]]:
    """(rule, why) of every refusal shown."""
    return [(n.title, n.message) for n in notices.of("warning")]


async def refusal_in_sight(pilot: Pilot[Any], rule: str) -> Any:
    """The form still on screen with the refusal naming `rule` at its foot, in sight
    (`refusal_shown`), once it is so: the bar takes its rows with the next layout, which a
    loaded machine gives after the key's pause."""
    app = pilot.app

    def shown() -> bool:
        try:
            refusal_shown(app, rule)
        except AssertionError:
            return False
        return True

    await until(pilot, shown)
    return refusal_shown(app, rule)


def question(app: GmScreenApp) -> str:
    """The question the app asks now."""
    assert isinstance(app.screen, Confirm), app.screen
    return str(app.screen.query_one("#confirm-question", Static).render())


async def answer(pilot: Pilot[Any], yes: bool = True) -> None:
    """Answer the question the app asks (a Confirm, or the undo's preview)."""
    app = pilot.app
    await until(pilot, lambda: app.screen is not app.screen_stack[0])
    await pilot.press("y" if yes else "n")
    await until(pilot, lambda: app.screen is app.screen_stack[0])
    await pilot.pause()


async def confirm(pilot: Pilot[Any], key: str) -> None:
    """Press a key whose step asks first, and say yes."""
    await pilot.press(key)
    await answer(pilot)


