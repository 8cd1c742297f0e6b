"""Who has won Dust, checked after every lynch and every night.

The Town wins when no Scum is left alive; the Scum win when they are at least as many as
everyone else alive (parity: the Town can no longer outvote them). A role whose `win` is
"survive" (the Veteran) wins, whatever side wins, if he is alive at the end.

A reading: the book gives no win conditions (these are forum Mafia's), and when no one is
left alive (the last Scum dying in the night that kills everyone else: the Vigilante's shot,
the Scum's kill and the Avatar of Fear at once) the game is a draw, as forum Mafia calls it:
no side is left to have won, and the Veteran, dead, has no win of his own. A journal that
recorded such a night as a Town win (before this reading) is replayed as it was written.
"""

from __future__ import annotations

from gmscreen.games.dust.state import DustState


def winner(state: DustState) -> str:
    """"town", "scum", "draw" (no one is left alive), or "" while the game goes on."""
    alive = state.living
    if not alive:
        return "draw"
    scum = sum(1 for p in alive if state.is_scum(p.name))
    if scum == 0:
        return "town"
    if scum >= len(alive) - scum:
        return "scum"
    return ""


def personal_wins(state: DustState) -> tuple[str, ...]:
    """The players whose own win condition holds now (the Veteran alive at the end)."""
    return tuple(p.name for p in state.living if state.role_of(p.name).win == "survive")


def verdict(side: str) -> str:
    """The end of the game as the closing post and the hammer's question say it."""
    return {"town": "The Town wins", "scum": "The Scum win",
            "draw": "No one wins: no one is left alive, and the game is a draw"}[side]
