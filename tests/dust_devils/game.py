"""Helpers for the decider tests: a state folded from commands, without a journal file; and
the sample campaign in a folder of its own, for the app's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.errors import NoWidget
from textual.widget import Widget
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import MakeCharacter
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import NON_PLAYERS, PLAYERS, SAMPLES
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import SESSION_START, Event, NewEvent
from gmscreen.samples import write_sample
from tests.pilot import until

AT = datetime(2026, 11, 1, 20, 0)


@dataclass
class Table:
    """A state and the events that made it, fed one command at a time."""

    state: DustDevilsState = field(default_factory=DustDevilsState)
    events: list[Event] = field(default_factory=list)
    session: int = 0

    def _take(self, news: list[NewEvent]) -> list[Event]:
        step = len(self.events) + 1
        taken = []
        for new in news:
            if new.kind == SESSION_START:
                self.session += 1
            event = Event(len(self.events) + 1, AT, self.session, new.kind, dict(new.data),
                          step)
            self.events.append(event)
            self.state = RULES.evolve(self.state, event)
            taken.append(event)
        return taken

    def do(self, command: Any) -> list[Event]:
        return self._take(RULES.decide(self.state, command))

    def start_session(self) -> None:
        self._take([NewEvent(SESSION_START, {})])

    def end_session(self, *, leave_off: bool = False) -> None:
        """The session ends; `leave_off`: the conflict under way is left off as it does."""
        left = RULES.abandon(self.state) if leave_off else []
        self._take([*left, *RULES.session_ending(self.state), NewEvent("session.end", {})])

    def replayed(self) -> DustDevilsState:
        state = RULES.initial_state()
        for event in self.events:
            state = RULES.evolve(state, event)
        return state


def hanged_man_table() -> Table:
    """A blank campaign with the Hanged Man's four player characters and three important
    non-player characters made from the book's sheets, and session 1 begun."""
    table = Table()
    for sheet in (*PLAYERS, *NON_PLAYERS):
        table.do(MakeCharacter(sheet))
    table.start_session()
    return table


def sample(folder: Path, change: Callable[[Campaign[DustDevilsState]], object] = lambda c: None
           ) -> Campaign[DustDevilsState]:
    """The Hanged Man (its jail conflict at the Draw) in `folder`, changed by `change`."""
    folder.mkdir()
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                        rules_for)
    change(campaign)
    return campaign


async def hands_laid_out(pilot: Any) -> None:
    """Until the Conflict tab's table of hands is laid out with its rows: under a heavy load
    a screen was once read between the rows written into it and its new height (none
    shown), at 200x50 (the snapshot, and the Deal's "not dealt yet"). The cause, found by
    the lead: a table as tall as its rows kept the empty table's height when the screen was
    laid out between its rows going in and their measuring, fixed in the kit's
    `MeasuredTable` (commit cb37faca); the wait stays, for a screen read before its layout."""
    def laid_out() -> bool:  # the table asked for anew: a reference held could go stale
        table = pilot.app.screen.query_one("#dd-hands", DataTable)
        return bool(table.row_count and table.size.height > table.row_count)

    try:
        await until(pilot, laid_out, seconds=60)
    except AssertionError:  # what the table was, for the next time it is seen (CI, stop 49)
        table = pilot.app.screen.query_one("#dd-hands", DataTable)
        raise AssertionError(
            f"the hands' table not laid out: {table.row_count} rows, size {table.size}, "
            f"region {table.region}, shown {table.display}/{table.visible}, screen "
            f"{pilot.app.screen!r}, parent {table.parent!r} {getattr(table.parent, 'size', '')}"
        ) from None


async def click_shown(pilot: Any, target: str | Widget, offset: tuple[int, int] = (0, 0),
                      times: int = 1) -> None:
    """Click `target` (a widget, or a selector on the screen shown) once it is laid out
    where the click lands, as a Dealer clicks what he sees. A question's button queried as
    soon as it was mounted had no place on the screen yet (round 36, Textual's idle wait cut
    to one turn of the loop): the click fell on nothing and the question stayed up."""
    app = pilot.app

    def widget() -> Widget:
        return app.screen.query_one(target) if isinstance(target, str) else target

    def under_the_pointer() -> bool:
        shown = widget()
        region = shown.region
        if not shown.display or region.area == 0:
            return False
        try:
            under, _ = app.screen.get_widget_at(region.x + offset[0], region.y + offset[1])
        except NoWidget:
            return False
        return under is shown or shown in under.ancestors

    await until(pilot, under_the_pointer)
    await pilot.click(widget(), offset=offset, times=times)
