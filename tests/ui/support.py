"""Tally journals for driving the shell, with fixed times so screens are the same each run,
and a recorder of the notifications the Dealer would see."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ParamSpec

from textual.pilot import Pilot
from textual.widgets import TabbedContent

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id
from tests.tally import RULES, Add, Roll

P = ParamSpec("P")

#: every event of a test journal happens a minute after the one before, from here
START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


def new_campaign(folder: Path, name: str = "The Hanged Man") -> Campaign[Any]:
    store = JournalStore.create(folder / "campaign.toml",
                                new_header("tally", name, 1881, created=START))
    return Campaign.load(RULES, store.load(), store)


def with_fixed_times(campaign: Campaign[Any], folder: Path) -> Campaign[Any]:
    """The same journal written again with event n at START + n minutes (and sessions a
    week apart), so the log's times and days never change between runs."""
    events = [replace(e, at=START + timedelta(days=7 * max(0, e.session - 1), minutes=e.seq))
              for e in campaign.events]
    campaign.close()
    store = JournalStore.create(folder / "fixed.toml", campaign.header, events)
    return Campaign.load(RULES, store.load(), store)


def played(folder: Path, name: str = "The Hanged Man") -> Campaign[Any]:
    """Two sessions at the tally table: names, a roll, a note, an undo, a redo chain cut."""
    campaign = new_campaign(folder, name)
    campaign.note("The posse rides into Rattlesnake Wells.")
    campaign.start_session()                      # 2
    campaign.execute(Add("Zeke", 3))              # 3
    campaign.execute(Add("Ma Barker", 2))         # 4
    campaign.execute(Roll("Zeke", (2, 5)))        # 5, 6
    campaign.execute(Add("Ma Barker", 4))         # 7
    campaign.undo()                               # 8: takes back 7
    campaign.note("Zeke owes the undertaker.", about=["Zeke"])  # 9
    campaign.end_session()                        # 10
    campaign.start_session()                      # 11
    campaign.execute(Add("Ma Barker", 1))         # 12
    return with_fixed_times(campaign, folder)


@dataclass(frozen=True)
class Notice:
    message: str
    title: str
    severity: str


class Notices(list[Notice]):
    """Every notification the app shows, recorded as well as shown."""

    def watch(self, app: GmScreenApp) -> None:
        show: Callable[..., None] = app.notify

        def record(message: str, *, title: str = "", severity: str = "information",
                   timeout: float | None = None, markup: bool = True) -> None:
            self.append(Notice(message, title, severity))
            show(message, title=title, severity=severity, timeout=timeout, markup=markup)

        app.notify = record  # type: ignore[method-assign]

    def of(self, severity: str) -> list[Notice]:
        return [n for n in self if n.severity == severity]


def synchronous(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an async test (the pilot is async) in its own event loop: no plugin needed."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def until(pilot: Pilot[Any], condition: Callable[[], object], seconds: float = 10) -> None:
    """Wait until `condition()` holds: messages bubble between widgets after a key returns,
    so a test waits for what it expects rather than for a guessed time."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"still not so after {seconds}s: {condition}")


async def to_tab(pilot: Pilot[Any], key: str) -> None:
    """Press a tab's number and wait until that tab is shown with the keyboard in it (or
    nowhere, when the tab has nothing to type into)."""
    app = pilot.app
    # the tab bar's own first activation is still queued just after mount; a digit pressed
    # before it lands would be overridden by it
    await pilot.pause()
    await pilot.press(key)
    screen = app.screen
    assert isinstance(screen, ShellScreen)
    wanted = tab_id(screen.titles[int(key) - 1])
    tabbed = screen.query_one(TabbedContent)

    def arrived() -> bool:
        pane = tabbed.active_pane
        focused = app.focused
        return (pane is not None and pane.id == wanted
                and (focused is None or pane in focused.ancestors))

    await until(pilot, arrived)
    await pilot.pause()
    assert arrived(), f"tab {key} was shown, then left"
