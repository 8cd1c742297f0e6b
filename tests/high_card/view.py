"""What High Card's tabs show. The Dealer's views take the state; the table's views take only
`TableKnows`, made from the state by `table_knows`: a card face down never reaches them."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.core.cards import Card
from gmscreen.journal.events import Event
from gmscreen.journal.sections import Section, grid, lines
from tests.high_card.events import KINDS, Anted, Dealt, PlayerSeated, Shown
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


# -- the recap's words ---------------------------------------------------------------------------


def table_tells(event: Event) -> str | None:
    """What the table saw of an event: a deal, but not the cards dealt."""
    payload = KINDS.read(event)
    if isinstance(payload, PlayerSeated):
        return f"{payload.name} sat down with {payload.chips} chips"
    if isinstance(payload, Anted):
        return f"{payload.name} anted {payload.chips}"
    if isinstance(payload, Dealt):
        return f"A card each went face down to {', '.join(payload.names)}"
    if isinstance(payload, Shown):
        return f"{payload.winner} showed the high card and took {payload.pot}"
    return None


def episode(event: Event) -> str | None:
    return "A hand." if event.kind != "high_card.player_seated" else None


def table_cast(known: TableKnows) -> list[str]:
    return [name for name, _, _ in known.players]


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    had = {name: chips for name, chips, _ in before.players}
    return [f"{name}: {had.get(name, 0)} to {chips} chips" for name, chips, _ in after.players
            if had.get(name, 0) != chips]


def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """A hand dealt and not yet shown goes on into the next session (the cards stay down)."""
    down = [name for name, _, face_down in known.players if face_down]
    return f"a hand dealt to {', '.join(down)}, not yet shown" if down else None
