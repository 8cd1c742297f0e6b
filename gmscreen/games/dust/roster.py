"""Changes to the roster once the game runs: a replacement takes over a slot, and the
moderator removes a player (a mod-kill), as forum games do.

Readings (each has a test):

- A replacement takes over the slot whole: role, items, uses spent, today's votes (his and
  those for the slot), tonight's choice and any part in the Scum's kill, and the private
  messages the slot received. He gets his role message again; the thread is told who
  replaces whom. Only a living player is replaced, and never once the game is over.
- A mod-killed player dies at once and is flipped like any death; his items are lost. His
  vote and the votes for him are withdrawn, his night choice and any kill he decided, carries
  out or suffers are taken back, and the others' actions aimed at him are taken off their
  choices (they may send new ones). The win conditions are checked after it. Votes already
  cast stay as they are: a majority that the smaller table makes is reached by the next vote.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gmscreen.games.dust.checks import verify_name
from gmscreen.games.dust.state import DustState, KillChoice, Message, NightChoice, Player
from gmscreen.journal.rules import RuleError


def when(state: DustState) -> str:
    """The part of the cycle, in the words the messages use: "Day 2", "Night 2"."""
    return f"{'Night' if state.phase == 'night' else 'Day'} {state.number}"


def verify_replacement(state: DustState, player: str, replacement: str) -> None:
    _running_and_alive(state, player, "Replacement")
    verify_name(state, replacement)


def verify_modkill(state: DustState, player: str, reason: str) -> None:
    if state.phase == "setup":
        raise RuleError("Mod-kill", "the game has not started; nobody can be removed yet")
    _running_and_alive(state, player, "Mod-kill")
    if not reason.strip():
        raise RuleError("Mod-kill", "say why the player is removed; the thread is told",
                        field="reason")


def _running_and_alive(state: DustState, name: str, rule: str) -> None:
    if state.phase == "over":
        raise RuleError("Game over", f"the {state.winner or 'game'} has already won")
    player = state.player(name)
    if player is None:
        raise RuleError(rule, f"there is no player named {name!r}", field="player")
    if not player.alive:
        raise RuleError(rule, f"{name} is dead", field="player")


# -- evolve ------------------------------------------------------------------------------------


def player_replaced(state: DustState, d: Mapping[str, Any]) -> DustState:
    old, new = d["player"], d["by"]

    def rename(name: str) -> str:
        return new if name == old else name

    def choice(c: NightChoice) -> NightChoice:
        uses = tuple(replace(u, targets=tuple(rename(t) for t in u.targets)) for u in c.uses)
        return replace(c, player=rename(c.player), uses=uses)

    kill = state.kill
    return replace(
        state,
        players=tuple(replace(p, name=new) if p.name == old else p for p in state.players),
        votes=tuple((rename(voter), rename(target)) for voter, target in state.votes),
        choices=tuple(choice(c) for c in state.choices),
        kill=None if kill is None else KillChoice(rename(kill.by), rename(kill.killer),
                                                  rename(kill.target)),
        messages=tuple(Message(m.when, rename(m.player), m.lines) for m in state.messages),
    )


def player_modkilled(state: DustState, d: Mapping[str, Any]) -> DustState:
    gone = d["player"]

    def dead(p: Player) -> Player:
        if p.name != gone:
            return p
        return replace(p, alive=False, death=f"removed by the moderator on {d['when']}: "
                                             f"{d['reason']}")

    def choice(c: NightChoice) -> NightChoice:
        return replace(c, uses=tuple(u for u in c.uses if gone not in u.targets))

    kill = state.kill
    if kill is not None and gone in (kill.by, kill.killer, kill.target):
        kill = None
    return replace(
        state,
        players=tuple(dead(p) for p in state.players),
        votes=tuple(v for v in state.votes if gone not in v),
        choices=tuple(choice(c) for c in state.choices if c.player != gone),
        kill=kill,
    )
