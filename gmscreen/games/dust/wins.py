"""Who has won Dust, checked after every lynch and every night.

The Town wins when no Scum is left alive; the Scum win when they are at least as many as
everyone else alive (parity: the Town can no longer outvote them). A role whose `win` is
"survive" (the Veteran) wins, whatever side wins, if he is alive at the end.

A reading: when the last Scum dies in the same night as everyone else (the Vigilante's shot,
the Scum's kill and the Avatar of Fear at once), the Town wins: its aim, no Scum alive, is
met, and the Scum never stood at parity with anyone. The closing post says that no one is
left alive.
"""

from __future__ import annotations

from gmscreen.games.dust.state import DustState


def winner(state: DustState) -> str:
    """"town", "scum", or "" while the game goes on."""
    alive = state.living
    scum = sum(1 for p in alive if state.is_scum(p.name))
    if scum == 0:
        return "town"
    if scum >= len(alive) - scum:
        return "scum"
    return ""


def personal_wins(state: DustState) -> tuple[str, ...]:
    """The players whose own win condition holds now (the Veteran alive at the end)."""
    return tuple(p.name for p in state.living if state.role_of(p.name).win == "survive")
