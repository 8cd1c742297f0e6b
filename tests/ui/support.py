"""Tally journals for driving the shell, with fixed times so screens are the same each run;
a bare app that shows one form, and a screen that records the keys it is given (the pilot
helpers themselves are in tests/pilot.py)."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.screen import Screen

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui import log as log_module
from gmscreen.ui import log_lines
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form
from tests.high_card import RULES as HIGH_CARD
from tests.high_card.commands import Seat
from tests.pilot import Notice, Notices, synchronous, to_tab, until
from tests.tally import RULES, Add, Roll

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

class Host(TypingAhead[None]):
    """A bare app, taking keys typed ahead as the shell does, that shows one form and keeps
    what it gave back; `check` stands in for the form's rules, `under` for the tab the
    form is opened over."""

    def __init__(self, form: Form, check: Any = None, under: Screen[None] | None = None) -> None:
        super().__init__()
        self.form, self.under = form, under
        if check is not None:
            form.check = check
        self.answers: list[Any] = []

    def on_mount(self) -> None:
        if self.under is not None:
            self.push_screen(self.under)
        self.push_screen(self.form, self.answers.append)


class KeysGiven(Screen[None]):
    """A screen under a dialog, which records the keys it is given (those that should have
    gone to the dialog)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.keys.append(event.key)


__all__ = ["START", "Host", "KeysGiven", "Notice", "Notices", "new_campaign", "played",
           "synchronous", "to_tab", "until", "with_fixed_times"]


def hold_learning(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the Encounter Log's worker that works out the subjects and texts of a long
    journal until the event returned is set: what a Dealer sees meanwhile can be tested."""
    go = threading.Event()
    worked_out = log_lines.learnt_of

    def held(*args: Any) -> list[tuple[frozenset[str], str]]:
        assert go.wait(20)
        return worked_out(*args)

    monkeypatch.setattr(log_module, "learnt_of", held)
    return go


def high_card(folder: Path) -> Campaign[Any]:
    """A campaign of the sixth game (high card) in session 1, Zeke seated with 10 chips."""
    store = JournalStore.create(folder / "saloon.toml", new_header("high-card", "Saloon", 3))
    table = Campaign.load(HIGH_CARD, store.load(), store)
    table.execute(Seat("Zeke", 10))
    table.start_session()
    return table
