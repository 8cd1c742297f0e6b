"""The state of a Dead Man's Hand match: two posses, the game on the table, the pack.

All frozen; the decider's `evolve` makes a new state for every event. Cards are kept as their
codes ("As", "Th", "*" for a joker), the way the journal saves them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from gmscreen.games.dead_mans_hand.weapons import Move

Colour = Literal["red", "black"]
COLOURS: tuple[Colour, Colour] = ("red", "black")


def other(colour: Colour) -> Colour:
    return "black" if colour == "red" else "red"


class Format(StrEnum):
    """A best-of-three Dramatic Showdown with built posses, or single games of free rosters."""

    SHOWDOWN = "showdown"
    SINGLE = "single"


class Status(StrEnum):
    """Where a model is."""

    RESERVE = "reserve"  # not on the table: before deployment, or between games
    ON_TABLE = "on table"
    DOWN = "down"  # hits ran out; lies on its coffin card until the recovery draw
    LEFT = "left"  # went off by a table edge: safe, out of this game
    SURRENDERED = "surrendered"  # out for the rest of the showdown
    DEAD = "dead"  # stone dead after the recovery draw


class Phase(StrEnum):
    BUILDING = "building"  # posses are recruited; no game yet
    DEPLOYING = "deploying"
    PLAYING = "playing"
    AFTER_GAME = "after the game"  # the recovery draws of the showdown
    OVER = "over"  # the showdown is won


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    colour: Colour
    value: int
    hits: int  # the hits it starts a game with
    kit: tuple[str, ...]  # the weapons it owns between games
    civilian: bool = False
    horse: bool = False  # alive and with it
    bought_horse: bool = False
    # this game:
    hits_left: int = 0
    weapons: tuple[str, ...] = ()
    status: Status = Status.RESERVE
    coffin: str | None = None
    moving_target: bool = False  # moved more than 20 yards when last used
    pinned: bool = False  # Jack: no move the next time it is used
    shaken: bool = False  # Queen: no attack, and no answering, until it is used again

    @property
    def on_table(self) -> bool:
        return self.status is Status.ON_TABLE

    @property
    def fit(self) -> bool:
        """May take part in the next game."""
        return self.status in (Status.RESERVE, Status.LEFT, Status.ON_TABLE)


@dataclass(frozen=True, slots=True)
class Posse:
    colour: Colour
    name: str = ""
    models: tuple[Model, ...] = ()

    @property
    def title(self) -> str:
        return self.name or f"The {self.colour} posse"

    def on_table(self) -> tuple[Model, ...]:
        return tuple(m for m in self.models if m.on_table)


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack under way: the cards drawn and the result cards played so far."""

    attacker: str
    target: str
    weapon: str
    yards: int
    cards: tuple[str, ...]
    all_in: bool = False
    results: tuple[str, ...] = ()
    awaiting_second: bool = False  # the target may take a second result card
    coffins: tuple[str, ...] = ()  # its cards that laid a model down


@dataclass(frozen=True, slots=True)
class Turn:
    colour: Colour
    number: int = 1
    in_use: str | None = None
    move: Move | None = None
    stopped: bool = False  # the model in use came into it under a Queen: no attack
    attacked: bool = False


@dataclass(frozen=True, slots=True)
class Pack:
    """The app's pack of 54: what is left to draw, what lies in the discard, and the coffin
    cards that lie under fallen models until the next game is set up."""

    pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    coffins: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    number: int
    winner: Colour | None  # None: both posses left the table at once


@dataclass(frozen=True, slots=True)
class MatchState:
    format: Format = Format.SHOWDOWN
    scenario: str | None = None
    red: Posse = field(default_factory=lambda: Posse("red"))
    black: Posse = field(default_factory=lambda: Posse("black"))
    phase: Phase = Phase.BUILDING
    game: int = 0  # the number of the game under way or just played
    first: Colour | None = None  # who deployed and acted first this game
    setup_card: str | None = None  # the card drawn to set this game up
    deploying: Colour | None = None  # who places the next model
    turn: Turn | None = None
    attack: Attack | None = None
    pack: Pack = field(default_factory=Pack)
    games: tuple[GameRecord, ...] = ()
    champion: Colour | None = None  # who won the showdown

    def posse(self, colour: Colour) -> Posse:
        return self.red if colour == "red" else self.black

    def models(self) -> tuple[Model, ...]:
        return self.red.models + self.black.models

    def find(self, name: str) -> Model | None:
        for model in self.models():
            if model.name == name:
                return model
        return None

    def wins(self, colour: Colour) -> int:
        return sum(1 for record in self.games if record.winner == colour)

    def with_posse(self, posse: Posse) -> MatchState:
        return replace(self, red=posse) if posse.colour == "red" else replace(self, black=posse)

    def with_model(self, model: Model) -> MatchState:
        posse = self.posse(model.colour)
        models = tuple(model if m.name == model.name else m for m in posse.models)
        return self.with_posse(replace(posse, models=models))
