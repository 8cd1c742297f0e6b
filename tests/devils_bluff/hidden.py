"""The facts the table may not know, generated from the whole state: every card held in a
hand and every card in the Draw Deck (its order), save those the table saw turned up for the
last thing resolved (a reshuffle may have brought one back into the pile or a hand)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmscreen.core.cards import standard_cards
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import Section, as_text
from tests.devils_bluff.helpers import table_sections


def seen_face_up(state: DevilsBluffState) -> set[str]:
    """The cards the table saw for the last thing resolved: named in its line, or laid;
    and the hiring pool's roll-off, drawn face up from a pack of its own (module 173), not
    the Draw Deck: naming them tells nothing of the Draw Deck or a hand."""
    named = {str(c) for c in standard_cards()
             if str(c) in state.last or str(c) in state.picks_drawn}
    return named | {str(c) for _, cards in state.laid for c in cards}


def hidden_facts(state: DevilsBluffState) -> set[str]:
    held = {str(c) for _, hand in state.hands for c in hand}
    pile = {str(c) for c in state.deck.order}
    return (held | pile) - seen_face_up(state)


def cards_held(state: DevilsBluffState) -> set[str]:
    return {str(c) for _, hand in state.hands for c in hand} - seen_face_up(state)


def leaked(state: DevilsBluffState, sections: list[Section]) -> list[str]:
    """The hidden facts `sections` show."""
    shown = as_text(sections)
    return sorted(fact for fact in hidden_facts(state) if fact in shown)


def assert_table_keeps_hidden(state: DevilsBluffState) -> None:
    found = leaked(state, table_sections(view.table_knows(state)))
    assert not found, f"the table sees {found}"


def watch(campaign: Campaign[Any]) -> list[DevilsBluffState]:
    """From now on, check the table's view after every step `campaign` takes (a command, an
    undo, a redo); the states checked, for the caller to count."""
    checked: list[DevilsBluffState] = []
    for name in ("execute", "undo", "undo_to", "redo"):
        step: Callable[..., Any] = getattr(campaign, name)

        def checking(*args: Any, step: Callable[..., Any] = step, **options: Any) -> Any:
            made = step(*args, **options)
            assert_table_keeps_hidden(campaign.state)
            checked.append(campaign.state)
            return made

        setattr(campaign, name, checking)
    return checked
