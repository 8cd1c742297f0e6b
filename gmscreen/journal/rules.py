"""The shape of a game's rules, as the journal sees them: a decider.

A game is `decide(state, command) -> list[NewEvent]` and `evolve(state, event) -> state`,
both pure. The campaign folds `evolve` over the effective events to get the state; nothing
else changes it. `evolve` also sees the journal's own events (session start and end, notes)
so that a game can react to a session starting; it must ignore kinds it does not know.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from gmscreen.journal.events import Event, NewEvent

S = TypeVar("S")


class RuleError(ValueError):
    """A command that breaks a rule. The message says which rule, in the game's words.

    `rule` is a short name of the rule (for example "Stakes" or "Knack limit") and `field`,
    when there is one, names the input that broke it, so a form can mark it.
    """

    def __init__(self, rule: str, message: str, *, field: str | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.field = field

    def __eq__(self, other: object) -> bool:
        """Two refusals are the same when they name the same rule, words and field (a
        pane's `why_not_x` and the decide function say the same)."""
        if not isinstance(other, RuleError):
            return NotImplemented
        return (self.rule, self.message, self.field) == (other.rule, other.message,
                                                           other.field)

    def __hash__(self) -> int:
        return hash((self.rule, self.message, self.field))


class Rules(Protocol[S]):
    """What every game provides to the journal (its pure part; panes live elsewhere)."""

    #: the public game id, for example "dust-devils"
    game_id: str
    #: the game's name as a Dealer would say it
    title: str
    #: who runs the table, in the game's word ("Dealer", "Judge", "moderator"); empty where
    #: the players run it themselves
    referee: str
    #: the dotted path of the module with the game's Textual panes (imported only by the UI)
    panes_module: str

    def initial_state(self) -> S:
        """The state of a new campaign, before any event."""
        ...

    def decide(self, state: S, command: Any) -> list[NewEvent]:
        """The events a command causes, or RuleError naming the rule it breaks."""
        ...

    def evolve(self, state: S, event: Event) -> S:
        """The state after one event. Pure; unknown kinds leave the state as it is. Every
        event of the journal comes here, the journal's own too (a session's start and end, a
        note, a clock's, a free roll's), after the journal has taken in its own."""
        ...

    def session_ending(self, state: S) -> list[NewEvent]:
        """Events the game adds when the Dealer ends a session (recovery and the like), saved
        just before the journal's `session.end`. Most games return none."""
        ...

    def describe(self, event: Event) -> str:
        """One readable line for the Encounter Log, plain text (never Rich markup)."""
        ...

    def subjects(self, event: Event) -> frozenset[str]:
        """The names of the characters an event concerns, for the log's filter."""
        ...

    def problems(self, state: S) -> list[str]:
        """What `gmscreen check` should report about a replayed state (empty when sound)."""
        ...
