"""The state of a Dead Man's Hand match: two posses, the game on the table, the pack.

All frozen; the decider's `evolve` makes a new state for every event. Cards are kept as their
codes ("As", "Th", "*" for a joker), the way the journal saves them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Literal, TypeVar, overload

from gmscreen.core.text import names_went_by
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
class Recruited:
    """What a model was recruited with, its plunder put right while the posses were built:
    a new match with the same posses starts it from here."""

    value: int
    hits: int
    kit: tuple[str, ...]
    horse: bool


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
    shaken: bool = False  # Queen: no attack at its next use, no answer till it is over
    aimed_at: str = ""  # the enemy it attacked last this game, offered first as its target
    #: the move it made at its last use this game ("": none yet), offered first at its next
    #: (the book's sharpshooter stands still every turn, line 35). Not compared: the rules
    #: never ask it, the Use form only opens on it
    last_move: str = field(default="", compare=False)
    #: the turn of this game it was last used in (0: not yet): when the move passes to its
    #: side, the one its side used last is highlighted. Not compared, as `last_move`
    used_turn: int = field(default=0, compare=False)
    recruited: Recruited | None = None  # None: made otherwise (a test's model)
    #: the journal's number of the step that gave the model the name it bears (recruited,
    #: or renamed): a name used twice at home is told once, at its last (0: made otherwise).
    #: Not compared: two models alike in all else are the same model to the rules
    named_at: int = field(default=0, compare=False)
    #: the step that last recruited or put it right (0: made otherwise), and the name the
    #: table last saw it by as a session ended ("": not yet): what the Dealer did to it at
    #: home between sessions is told once, from what the table knew. Not compared either
    changed_at: int = field(default=0, compare=False)
    seen_as: str = field(default="", compare=False)
    #: the step that recruited it (0: made otherwise, a scenario's): one renamed at home is
    #: told to the table there, by the name it bears, in its posse's order. Not compared
    recruited_at: int = field(default=0, compare=False)

    @property
    def on_table(self) -> bool:
        return self.status is Status.ON_TABLE

    @property
    def fit(self) -> bool:
        """May take part in the next game."""
        return self.status in (Status.RESERVE, Status.LEFT, Status.ON_TABLE)

    def afresh(self, horse: bool) -> Model:
        """Waiting for the next game: all its hits, its own weapons, no markers (built
        directly: a new game remakes every model, and `replace` would cost three times as
        much)."""
        return Model(self.name, self.colour, self.value, self.hits, self.kit,
                     civilian=self.civilian, horse=horse, bought_horse=self.bought_horse,
                     hits_left=self.hits, weapons=self.kit, recruited=self.recruited,
                     named_at=self.named_at, changed_at=self.changed_at,
                     seen_as=self.seen_as, recruited_at=self.recruited_at)


#: why a game is won, every time (line 147; leaving by an edge, line 155, and giving up, line
#: 159, take a side off the table as falling does): said after the winner, so a side that
#: ran off (Jailbreak!'s convicts) is seen to have handed the game over, not to have won it
ALONE = "the only posse left on the table"


def side(name: str | None, colour: str, player: str | None = None) -> str:
    """A posse as the story names a winner: by its name, its colour and player after it
    ("The Oaf (red, Leon)"), as the recap's totals name it; unnamed, or in an event written
    before the name was kept (None), by its colour ("the red posse (Leon)")."""
    if name and name != f"The {colour} posse":  # a posse's title when it has no name
        return f"{name} ({colour}{', ' + player if player else ''})"
    return f"the {colour} posse{f' ({player})' if player else ''}"


def opening(words: str) -> str:
    """`words` to begin a sentence with."""
    return words[:1].upper() + words[1:]


@dataclass(frozen=True, slots=True)
class Posse:
    colour: Colour
    name: str = ""
    models: tuple[Model, ...] = ()
    player: str = ""  # who plays it, when the players named themselves

    @property
    def title(self) -> str:
        return self.name or f"The {self.colour} posse"

    def on_table(self) -> tuple[Model, ...]:
        return tuple(m for m in self.models if m.on_table)


class Effect(StrEnum):
    """What a result card does."""

    HIT = "hit"
    BOTH_HIT = "both hit"
    MISS = "miss"
    RAN_OUT = "ran out"
    DISARMED = "disarmed"
    PINNED = "pinned"
    SHAKEN = "shaken"
    KILLED = "killed"
    NO_ANSWER = "no answer"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one result card does (see `results`). `weapon` is what the loser loses to an Ace,
    or what the winner spends on a low number; `choices` are the loser's picks for an Ace
    still to pick."""

    card: str
    effect: Effect
    winner: str | None = None
    loser: str | None = None
    weapon: str | None = None
    choices: tuple[str, ...] = ()
    horse: bool = False
    answer_weapon: str | None = None
    reason: str = ""
    #: the models this card lays down on itself, their coffin card (a last hit, a Joker's)
    down: tuple[str, ...] = ()

    @property
    def needs_choice(self) -> bool:
        return self.effect is Effect.DISARMED and self.weapon is None and len(self.choices) > 1


@dataclass(frozen=True, slots=True)
class Mend:
    """A model of an attack put right since it was resolved (Edit): its hits left, and the
    coffin card it stands up off or lies down on (`turned`: the card really turned over
    where that one was typed)."""

    name: str
    hits_left: int
    coffin: str | None = None
    turned: str | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack: the cards drawn and what the result cards played so far did."""

    attacker: str
    target: str
    weapon: str
    yards: int
    cards: tuple[str, ...]
    all_in: bool = False
    outcomes: tuple[Outcome, ...] = ()
    awaiting_second: bool = False  # the target may take a second result card
    second_declined: bool = False  # and took none
    coffins: tuple[str, ...] = ()  # its cards that laid a model down
    mended: tuple[Mend, ...] = ()  # its models put right since, in order
    #: the attacker's and the target's names now, where Edit renamed them since ("" if not)
    attacker_now: str = ""
    target_now: str = ""
    #: how the cards were counted, as the table reckoned them aloud: the play sheet's column
    #: ("Long Shot"), the weapon's power and each modifier that applied ("" and 0: unknown)
    band: str = ""
    power: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    #: the number of the turn the attack was made in (0: unknown)
    turn: int = 0
    #: its result ended the game (the last posse's last model fell to it)
    ended_game: bool = False

    @property
    def results(self) -> tuple[str, ...]:
        """The result cards played so far."""
        return tuple(outcome.card for outcome in self.outcomes)


@dataclass(frozen=True, slots=True)
class Draw:
    """A fallen model's fate after a showdown game (lines 151-153): the card turned over for
    it (None: lying on a King or a Joker, it is past saving and none is drawn) and whether
    it pulled through."""

    name: str
    coffin: str
    card: str | None
    recovered: bool


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
    winner: Colour | None  # None: both posses left the table at once, or it was left off
    #: left off unfinished when a session ended (see `turns.leave_off`)
    abandoned: bool = False
    #: who played the winning posse, when its player was named
    player: str = ""
    #: the winning posse's name as it won (a new match may give the colour another posse)
    posse: str = ""


class Games(Sequence[GameRecord]):
    """The games of a match in the order played, a list that grows by one at each game won
    without copying the games before it: a tuple's `+ (record,)` copied every one of them at
    each game, so a long run of single games cost the fold the square of its games (16,000
    games: 0.73 s of a 1.5 s fold went to the games won). `plus` links the new game to the
    games before it; reading the games (len, an index, a loop, comparing) lays them out in
    a tuple once, kept in place of the links. It reads and compares as the tuple it holds
    (a tuple of the same games is equal to it) and pickles as that tuple."""

    __slots__ = ("_before", "_laid", "_last", "_size")

    def __init__(self, games: Iterable[GameRecord] = ()) -> None:
        laid = tuple(games)
        self._before: Games | None = None
        self._last: GameRecord | None = laid[-1] if laid else None
        self._size = len(laid)
        self._laid: tuple[GameRecord, ...] | None = laid

    def plus(self, record: GameRecord) -> Games:
        """These games and `record` after them."""
        more = Games.__new__(Games)
        more._before, more._last, more._size, more._laid = self, record, self._size + 1, None
        return more

    def laid(self) -> tuple[GameRecord, ...]:
        """The games as a tuple: made by walking back to the last games laid out (without
        recursion, however many), then kept, and the links let go (a state of each game
        won, each holding its own tuple, would otherwise keep the square of the games).
        Another thread laying the same games out meanwhile is safe: each node's tuple is
        set before its link is let go, and a link found let go means its tuple is there."""
        laid = self._laid
        if laid is not None:
            return laid
        later: list[GameRecord] = []
        games = self
        while True:
            earlier = games._laid
            if earlier is not None:
                break
            before = games._before
            if before is None:  # laid out by another thread as this one walked
                earlier = games._laid
                assert earlier is not None
                break
            assert games._last is not None  # a linked game holds its record
            later.append(games._last)
            games = before
        later.reverse()
        laid = earlier + tuple(later)
        self._laid = laid
        self._before = None
        return laid

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> GameRecord: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[GameRecord, ...]: ...

    def __getitem__(self, index: int | slice) -> GameRecord | tuple[GameRecord, ...]:
        if isinstance(index, int) and index in (-1, self._size - 1) and self._last is not None:
            return self._last  # the game just played, without laying out the rest
        return self.laid()[index]

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.laid())

    def __bool__(self) -> bool:
        return self._size > 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Games):
            return self is other or (self._size == other._size and self.laid() == other.laid())
        if isinstance(other, tuple):
            return self.laid() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.laid())

    def __repr__(self) -> str:
        return f"Games({self.laid()!r})"

    def __reduce__(self) -> tuple[type[Games], tuple[tuple[GameRecord, ...]]]:
        return (Games, (self.laid(),))


#: no games yet (one for every new match: it is never changed, only linked to)
NO_GAMES = Games()


def players_score(games: Sequence[GameRecord], *players: str) -> str:
    """The games of a match each player named has won, whichever side they played (they
    may swap sides, line 11): "Leon 2, Stephen 0"; "" while nobody is named. `players`:
    who plays each posse now, red then black, named first in that order (as the sides'
    score reads), then anyone who won a game and plays no side now."""
    named = in_order_of_play(players, games)
    return ", ".join(f"{name} {sum(1 for record in games if record.player == name)}"
                     for name in named)


def in_order_of_play(players: Sequence[str], games: Sequence[GameRecord]) -> list[str]:
    """The players named, each once: who plays red and black now, in that order, then those
    who won a game of `games` as they were won: red's player first, as the sides' score
    reads "red 1, black 0", never in the order of the alphabet."""
    return list(dict.fromkeys(name for name in (*players, *(record.player for record in games))
                              if name))


def match_score(games: Sequence[GameRecord], *players: str) -> str:
    """The games of a match each side has won, and each player's once they are named:
    "red 1, black 1 (Leon 2, Stephen 0)"."""
    sides = ", ".join(f"{colour} {sum(1 for record in games if record.winner == colour)}"
                      for colour in COLOURS)
    by = players_score(games, *players)
    return f"{sides} ({by})" if by else sides


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match over before a new one began: its format, scenario, games and champion (None
    for single games, or a showdown left unfinished)."""

    number: int
    format: Format
    scenario: str | None
    games: Games
    champion: Colour | None
    #: who played the champion as it won the showdown ("" for nobody named)
    champion_player: str = ""
    #: the posses as the match ended, for the recap of a session that began a new one
    red: Posse | None = None
    black: Posse | None = None


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
    #: the attack resolved last this game, for the table to see what it did
    last_attack: Attack | None = None
    pack: Pack = field(default_factory=Pack)
    games: Games = NO_GAMES
    champion: Colour | None = None  # who won the showdown
    champion_player: str = ""  # who played the champion as it won ("" for nobody named)
    match: int = 1  # the match under way: a showdown, or a run of single games
    past: tuple[MatchRecord, ...] = ()  # the matches over before this one
    #: the fallen's draws after the game just played, in the order they were made
    draws: tuple[Draw, ...] = ()
    #: the step that first named each posse (red, black) since the table last rose (0: not
    #: named since): a posse named again at home is told the table where first named, by
    #: the name it bears, so the red is told before the black. Not compared
    named_since: tuple[int, int] = field(default=(0, 0), compare=False)
    #: every model renamed by Edit (was, now), oldest first, this match and those before:
    #: the log's filter finds a model under the names it went by. Not compared
    renamed: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: who played red and black as this game was set up: a rematch with the sides swapped
    #: is offered the same set-up card (line 261). Not compared
    sides_at_setup: tuple[str, str] = field(default=("", ""), compare=False)

    def names_of(self, name: str) -> tuple[str, ...]:
        """Every name of the model called `name`, now or before a rename, newest first. A
        model that bears `name` now is not taken for another that was once called so (a
        new recruit under a name given up since)."""
        if name in (model.name for model in self.models()):
            renames = [(was, now) for was, now in self.renamed if was != name]
        else:
            renames = list(self.renamed)
        return names_went_by(name, renames)

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
        return changed(self, red=posse) if posse.colour == "red" else changed(self, black=posse)

    def swapped(self, model: Model, name: str | None = None) -> tuple[Posse, Posse]:
        """The red and black posses with `model` in place of the one called `name` (its own
        name by default), for an evolver to build its new state in one step."""
        name = model.name if name is None else name
        posse = self.posse(model.colour)
        changed = Posse(posse.colour, posse.name,
                        tuple(model if m.name == name else m for m in posse.models),
                        posse.player)
        return (changed, self.black) if changed.colour == "red" else (self.red, changed)


_T = TypeVar("_T", MatchState, Model, Attack, Turn)


def _changer(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function that makes a `cls` from an old one and the changed fields, each slot set
    by its own setter (which a frozen class leaves usable). It is written out field by field
    (`old.name` read directly, not `getattr(old, "name")` in a loop): the fold calls it a
    hundred thousand times in a long campaign."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    body = ["def change(old, changes):", "    new = new_object(cls)"]
    for number, name in enumerate(names):
        scope[f"set_{number}"] = getattr(cls, name).__set__
        body.append(f"    set_{number}(new, changes[{name!r}] if {name!r} in changes "
                    f"else old.{name})")
    body.append("    return new")
    exec("\n".join(body), scope)
    made: Callable[[Any, dict[str, Any]], Any] = scope["change"]
    return made


#: each class's field names, and the function that remakes one with some fields changed
_FIELDS = {cls: (frozenset(f.name for f in fields(cls)), _changer(cls))
           for cls in (MatchState, Model, Attack, Turn)}


def changed(old: _T, **changes: Any) -> _T:
    """`dataclasses.replace(old, **changes)` at a fraction of its cost, for the states the
    fold remakes at nearly every event (a long campaign folds them a hundred thousand
    times): the new object's slots are set directly, not through the generated `__init__`
    with its keywords and the frozen class's checks. A name that is not a field is refused,
    as `replace` refuses it."""
    cls = type(old)
    names, change = _FIELDS[cls]
    if not changes.keys() <= names:
        unknown = ", ".join(sorted(changes.keys() - names))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    made: _T = change(old, changes)
    return made
