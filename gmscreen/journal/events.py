"""Event records: what the journal stores, one `[[event]]` block each.

An `Event` is a fact that happened, with the journal's bookkeeping around it. A `NewEvent` is
what a game's `decide` returns: the kind and data only; the campaign gives it `seq`, `at`,
`session` and `step` when it is appended.

Data values are plain TOML values: str, int, float, bool, datetime, lists and string-keyed
tables of them. TOML has no null, so a key whose value is None is left out when written;
readers use `.get()` for optional fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

# Kinds the journal itself understands; every game kind is prefixed "<game>." instead.
SESSION_START = "session.start"
SESSION_END = "session.end"
NOTE = "note"
#: a note's text, names or audience put right (data: the note's `note` seq, and the note's
#: fields as they now stand)
NOTE_CORRECTED = "note.corrected"
UNDO = "undo"
REDO = "redo"

HISTORY_KINDS = frozenset({UNDO, REDO})
SHELL_KINDS = frozenset({SESSION_START, SESSION_END, NOTE, NOTE_CORRECTED, UNDO, REDO})


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event a command causes, before the journal numbers it."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One saved event.

    `step` is the `seq` of the first event written by the same command: undo and redo move
    whole steps, so a command that caused three events is taken back as one.
    """

    seq: int
    at: datetime
    session: int
    kind: str
    data: Mapping[str, Any]
    step: int

    def __init__(self, seq: int, at: datetime, session: int, kind: str,
                 data: Mapping[str, Any], step: int) -> None:
        # the slots are set directly: a frozen dataclass's own __init__ sets each through
        # object.__setattr__, at twice the cost, and a long journal's first open makes an
        # event a block
        _set_seq(self, seq)
        _set_at(self, at)
        _set_session(self, session)
        _set_kind(self, kind)
        _set_data(self, data)
        _set_step(self, step)

    @property
    def is_history(self) -> bool:
        """True for undo and redo, which change which events count, not the game."""
        return self.kind in HISTORY_KINDS


_set_seq, _set_at, _set_session, _set_kind, _set_data, _set_step = (
    getattr(Event, field.name).__set__ for field in fields(Event))
