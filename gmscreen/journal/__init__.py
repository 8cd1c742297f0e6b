"""The event-sourced campaign: event records, the TOML store, undo and redo, replay."""

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError, Rules
from gmscreen.journal.store import JournalError, JournalLocked, JournalStore

__all__ = [
    "Campaign",
    "Event",
    "JournalError",
    "JournalLocked",
    "JournalStore",
    "NewEvent",
    "RuleError",
    "Rules",
]
