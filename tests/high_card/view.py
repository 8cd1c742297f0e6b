"""What High Card's tabs show. The Dealer's views take the state; the table's views take only
`TableKnows`, made from the state by `table_knows`: a card face down never reaches them."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.core.cards import Card
from gmscreen.journal.sections import Section, grid, lines
from tests.high_card.state import HighCardState


def dealer_sections(state: HighCardState) -> list[Section]:
    down = dict(state.face_down)
    return [
        grid("Players", ("Name", "Chips", "Anted", "Card"),
             [(p.name, p.chips, "yes" if p.name in state.anted else "",
               str(down[p.name]) if p.name in down else "") for p in state.players],
             note="Card: the card dealt face down this round, seen by the Dealer alone."),
        lines("The pot", f"{state.pot} chips"),
    ]


@dataclass(frozen=True)
class TableKnows:
    """What every player at the table can see: chips, the pot, who holds a card face down,
    the last show."""

    players: tuple[tuple[str, int, bool], ...]
    pot: int
    shown: tuple[tuple[str, Card], ...]
    winner: str


def table_knows(state: HighCardState) -> TableKnows:
    down = {name for name, _ in state.face_down}
    return TableKnows(tuple((p.name, p.chips, p.name in down) for p in state.players),
                      state.pot, state.shown, state.winner)


def table_sections(known: TableKnows) -> list[Section]:
    last = (f"{known.winner} took the pot with "
            f"{dict(known.shown)[known.winner]}." if known.winner else "No show yet.")
    return [
        grid("Players", ("Name", "Chips", "Card"),
             [(name, chips, "face down" if down else "") for name, chips, down in known.players]),
        lines("The pot", f"{known.pot} chips", last),
    ]
