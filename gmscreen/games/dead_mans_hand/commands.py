"""What the players can ask of the ledger, one frozen dataclass each.

Cards are codes ("As", "10h", "*"), drawn by the app or typed from the table's own pack
alike; a draw the pile cannot give alone takes the discard back first (`rules.runs_short`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.games.dead_mans_hand.state import Colour, Format
from gmscreen.games.dead_mans_hand.weapons import Move


@dataclass(frozen=True)
class ChooseFormat:
    """A best-of-three Dramatic Showdown, or single games of free rosters."""

    format: Format


@dataclass(frozen=True)
class NamePosse:
    """The posse's name, and who plays it ("" for nobody named): the players choose their
    sides (line 21) and may swap them between games (line 11)."""

    colour: Colour
    name: str
    player: str = ""


@dataclass(frozen=True)
class SwapSides:
    """Between single games the players swap sides (line 11): each posse keeps its name and
    models and takes the other's player, in one step."""


@dataclass(frozen=True)
class Recruit:
    """A model joins a posse; `weapons` is the plunder bought (free pieces come with it)."""

    colour: Colour
    name: str
    value: int
    hits: int
    weapons: tuple[str, ...] = ()
    civilian: bool = False
    horse: bool = False


@dataclass(frozen=True)
class Dismiss:
    name: str


@dataclass(frozen=True)
class EditModel:
    """Put a model right from the roster: its name, its weapons, its horse and its markers.

    While the posses are built, `weapons` is the plunder bought (as for Recruit); during a
    game it is what the model still carries, and the markers are those it bears now, as are
    `hits_left` (None: as they are). A model down stands up with its hits put right; one
    on the table given none left lies down on `coffin`, a card turned over this game; one
    standing up off a coffin card typed wrong names the card really `turned` over, which
    counts as drawn in its place (the card typed goes back to the pile). In single games,
    while the posses are built, `value` and `hits` put right what it was recruited with
    (None: as they are). While the posses are built, `civilian` makes it a civilian or
    not (None: as it is): the scenario sheets leave Civilian? Yes / No for the table."""

    name: str
    new_name: str
    weapons: tuple[str, ...]
    horse: bool
    moving_target: bool = False
    pinned: bool = False
    shaken: bool = False
    hits_left: int | None = None
    coffin: str | None = None
    turned: str | None = None
    value: int | None = None
    hits: int | None = None
    civilian: bool | None = None


@dataclass(frozen=True)
class NewMatch:
    """The match played is over (or left): the posses are built anew for another showdown
    or other single games, the last match kept on record; `again`: with the same models,
    as they were recruited."""

    again: bool = False


@dataclass(frozen=True)
class LoadScenario:
    """One of the book's uneven match-ups, by its id in tables/scenarios.toml."""

    scenario: str


@dataclass(frozen=True)
class SetUpGame:
    """A new game: a fresh pack, and the card whose colour deploys and acts first."""

    card: str


@dataclass(frozen=True)
class Deploy:
    name: str


@dataclass(frozen=True)
class UseModel:
    """The player whose turn it is uses one model: its move comes first."""

    name: str
    move: Move


@dataclass(frozen=True)
class MakeAttack:
    """The model in use attacks; the cards are those drawn for it."""

    target: str
    weapon: str
    yards: int
    cards: tuple[str, ...]
    friends_near: bool = False
    from_behind: bool = False
    cover: bool = False


@dataclass(frozen=True)
class GoAllIn:
    card: str


@dataclass(frozen=True)
class PlayResult:
    """The attacker's result card; for an Ace against the target, the weapon it gives up."""

    card: str
    weapon_lost: str | None = None


@dataclass(frozen=True)
class TakeSecondResult:
    """After All In, the target takes one of the other cards as a result card too."""

    card: str
    weapon_lost: str | None = None


@dataclass(frozen=True)
class DeclineSecondResult:
    pass


@dataclass(frozen=True)
class EndTurn:
    """The model in use is done (it moved and did not attack)."""


@dataclass(frozen=True)
class LeaveTable:
    """A model's whole use: it moves off by a table edge and is safe."""

    name: str
    move: Move


@dataclass(frozen=True)
class Surrender:
    name: str


@dataclass(frozen=True)
class DrawForTheFallen:
    """After a showdown game, the cards drawn for the fallen, as (name, card) pairs: one for
    each model lying on a coffin card that a card can save. Those lying on a King or a Joker
    are stone dead whatever is drawn, and are buried in the same step without one."""

    cards: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Reshuffle:
    """The discard goes back into the pile (as the players do with a physical pack)."""
