"""The facts the table may not know, generated from the Dealer's whole state (never a list
picked by hand), and the check that the table's view shows none of them."""

from __future__ import annotations

from collections import Counter

from gmscreen.core.cards import card_from_code
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.games.dust_devils.view import table_knows, table_sections
from gmscreen.journal.sections import Grid, as_text


def cards_not_laid(state: DustDevilsState) -> list[str]:
    """Every card of the conflict under way held and not laid: dealt or drawn and still in
    the hand before the Call, kept back at it, thrown in the Draw, or held by a hand that
    folded. A joker counts only while no joker is laid (a laid one says "Joker" rightly)."""
    conflict = state.conflict
    if conflict is None:
        return []
    laid = [code for p in conflict.participants for code in p.laid]
    found = []
    for p in conflict.participants:
        for code in ((Counter(p.hand) - Counter(p.laid)) + Counter(p.discarded)).elements():
            if code != "*" or "*" not in laid:
                found.append(str(card_from_code(code)))
    return found


def hidden_facts(state: DustDevilsState) -> set[str]:
    """Cards not laid, and what the Dealer's sheets keep: a non-player character's Devil,
    its rating with each Knack, its traits, description, back story and notes."""
    facts = set(cards_not_laid(state))
    for who in state.characters:
        if who.player:
            continue
        facts.update(text.strip() for text in (who.devil, who.description, who.back_story,
                                               who.notes, *who.traits) if text.strip())
        facts.update(f"{knack} {rating}" for knack, rating in who.knacks)
    return facts


def unmet(state: DustDevilsState) -> set[str]:
    """The non-player characters that have entered no conflict: the Dealer's alone."""
    return {w.name for w in state.characters if not w.player and w.name not in state.met}


def assert_table_keeps_hidden(state: DustDevilsState) -> None:
    sections = table_sections(table_knows(state))
    shown = as_text(sections)
    leaked = sorted(fact for fact in hidden_facts(state) if fact in shown)
    assert not leaked, f"the table sees {leaked}"
    listed = {row[0] for s in sections if isinstance(s, Grid) for row in s.rows}
    assert not listed & unmet(state), f"the table lists {listed & unmet(state)}"
