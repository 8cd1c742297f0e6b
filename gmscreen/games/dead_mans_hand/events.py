"""What happens in a Dead Man's Hand match: one typed payload per kind of event.

The kinds and their keys are those the journal has always held, so old journals read; a
key added later has a default. Cards are their journal codes ("As", "Th", "*" for a joker),
checked against the pack; weapons, moves and colours against the game's tables.

A kind whose id's words are not those the tabs and the log's lines use is given its name
(`name=`), which the log's filter, its detail line and `gmscreen log --kind` show: the
placing of a model ("model_deployed"), the draw for the fallen ("recovery_drawn"), a game
left off ("game_abandoned"), a model gone by a table edge ("model_left"), a result card
played and no second card taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from gmscreen.games.dead_mans_hand.pack import FULL_PACK
from gmscreen.games.dead_mans_hand.posse import MOST_HITS, VALUES
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour, Effect, Format, Outcome
from gmscreen.games.dead_mans_hand.weapons import WEAPONS, Band, Move
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, NotEmpty, OneOf

KINDS = Kinds("dead_mans_hand.")

Name = Annotated[str, NAME, NotEmpty()]
ColourId = Annotated[str, OneOf(COLOURS)]
CardCode = Annotated[str, OneOf(frozenset(FULL_PACK))]
WeaponId = Annotated[str, OneOf(frozenset(WEAPONS))]
Value = Annotated[int, Between(VALUES.start, VALUES.stop - 1)]
Hits = Annotated[int, Between(1, MOST_HITS)]


def colour(text: str) -> Colour:
    """A payload's colour, already checked to be one of the two."""
    return "red" if text == "red" else "black"


@KINDS.payload("format_chosen")
@dataclass(frozen=True, slots=True)
class FormatChosen:
    format: Format


@KINDS.payload("posse_named")
@dataclass(frozen=True, slots=True)
class PosseNamed:
    colour: ColourId
    name: Annotated[str, NotEmpty()]
    #: who plays the posse ("" for nobody named, and in older journals)
    player: Annotated[str, NAME] = ""


@KINDS.payload("model_recruited")
@dataclass(frozen=True, slots=True)
class ModelRecruited:
    colour: ColourId
    name: Name
    value: Value
    hits: Hits
    #: every weapon it carries: those bought, what came free with them, Brawling
    kit: tuple[WeaponId, ...]
    civilian: bool = False
    horse: bool = False


@KINDS.payload("model_dismissed")
@dataclass(frozen=True, slots=True)
class ModelDismissed:
    name: Name
    colour: ColourId
    #: the name the table last saw the model by as a session ended ("": it never sat down
    #: to it, and in older journals): dismissed at home, the table is told it left by that
    seen_as: str = ""


@KINDS.payload("model_edited")
@dataclass(frozen=True, slots=True)
class ModelEdited:
    name: Name
    colour: ColourId
    new_name: Name
    #: while the posses are built: the weapons and horse are its plunder, its kit for good
    plunder: bool
    weapons: tuple[WeaponId, ...]
    horse: bool
    moving_target: bool = False
    pinned: bool = False
    shaken: bool = False
    #: the hits left put right during a game (None: unchanged, and in older journals); 0
    #: lays the model down on `coffin`
    hits_left: Annotated[int, Between(0, MOST_HITS)] | None = None
    #: the coffin card a model down stands up from (its hits put right), or one on the
    #: table lies down on (no hits left); None otherwise, and in older journals
    coffin: CardCode | None = None
    #: the card the table really turned over where `coffin`, typed wrong, was written: it
    #: counts as drawn, and `coffin` goes back to the pile (None: `coffin` was turned over
    #: all the same, and in older journals)
    turned: CardCode | None = None
    #: the value and hits it was recruited with, put right while single games' posses are
    #: built (None: unchanged, and in older journals)
    value: Value | None = None
    hits: Hits | None = None
    #: made a civilian (True) or not (False) while the posses are built (None: unchanged,
    #: and in older journals)
    civilian: bool | None = None


@KINDS.payload("scenario_loaded")
@dataclass(frozen=True, slots=True)
class ScenarioLoaded:
    scenario: Annotated[str, OneOf(frozenset(SCENARIOS))]
    title: str


@KINDS.payload("game_set_up")
@dataclass(frozen=True, slots=True)
class GameSetUp:
    game: Annotated[int, Between(1)]
    card: CardCode
    first: ColourId


@KINDS.payload("model_deployed", name="Model placed")
@dataclass(frozen=True, slots=True)
class ModelDeployed:
    name: Name
    colour: ColourId


@KINDS.payload("model_used")
@dataclass(frozen=True, slots=True)
class ModelUsed:
    name: Name
    colour: ColourId
    move: Move
    #: why the move leaves the model no attack, so that its use (and the turn) ends with
    #: it; "" when it may attack (and in journals written before the log said why)
    no_attack: str = ""


@KINDS.payload("attack_drawn")
@dataclass(frozen=True, slots=True)
class AttackDrawn:
    attacker: Name
    target: Name
    weapon: WeaponId
    yards: Annotated[int, Between(0)]
    range: Band
    cards: tuple[CardCode, ...]
    power: Annotated[int, Between(0)]
    #: each modifier that applied, by its words, and the cards it added or took
    modifiers: dict[str, int] = field(default_factory=dict)
    #: the discard was shuffled back into the pile before the cards were drawn
    reshuffled: bool = False


@KINDS.payload("went_all_in")
@dataclass(frozen=True, slots=True)
class WentAllIn:
    attacker: Name
    target: Name
    card: CardCode
    reshuffled: bool = False


@KINDS.payload("result_played", name="Result card played")
@dataclass(frozen=True, slots=True)
class ResultPlayed:
    #: "attacker", or "target" for its second card after All In
    by: Annotated[str, OneOf(("attacker", "target"))]
    card: CardCode
    attacker: Name
    target: Name
    effect: Effect
    winner: Annotated[str, NAME] | None = None
    loser: Annotated[str, NAME] | None = None
    #: what the loser lost to an Ace, or what the winner spent on a low number
    weapon: WeaponId | None = None
    #: the loser's horse died with the Jack
    horse: bool = False
    #: what the target answered with, when the card was of its colour
    answer_weapon: WeaponId | None = None
    #: why a card of the target's colour did nothing
    reason: str = ""
    #: the target may take a second result card
    second_offered: bool = False
    #: the models the card laid down, on it as their coffin card (() in older journals,
    #: whose log line then says only the hit; the state works it out again all the same)
    down: tuple[Name, ...] = ()

    @property
    def outcome(self) -> Outcome:
        return Outcome(card=self.card, effect=self.effect, winner=self.winner,
                       loser=self.loser, weapon=self.weapon, horse=self.horse,
                       answer_weapon=self.answer_weapon, reason=self.reason, down=self.down)


@KINDS.payload("second_result_declined", name="No second card")
@dataclass(frozen=True, slots=True)
class SecondResultDeclined:
    target: Name
    #: written since the recap tells each attack as one paragraph ("" in older journals)
    attacker: Annotated[str, NAME] = ""


@KINDS.payload("turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded:
    colour: ColourId
    next: ColourId
    #: the name of the posse whose turn it is, and its player, as the turn passed ("" for
    #: none); None in journals written before they were kept, which tell the colour alone
    posse: str | None = None
    player: Annotated[str, NAME] | None = None


@KINDS.payload("model_left", name="Model left the table")
@dataclass(frozen=True, slots=True)
class ModelLeft:
    name: Name
    colour: ColourId
    move: Move


@KINDS.payload("model_surrendered")
@dataclass(frozen=True, slots=True)
class ModelSurrendered:
    name: Name
    colour: ColourId
    #: out of the showdown's games that follow (line 159), or, in single games, of this one
    #: (every model is back for the next); None in journals written before it was kept
    for_good: bool | None = None


@KINDS.payload("game_won")
@dataclass(frozen=True, slots=True)
class GameWon:
    game: Annotated[int, Between(1)]
    #: None: the last of both posses fell together
    winner: ColourId | None = None
    #: the survivors of a showdown game, who grow tougher
    improved: tuple[Annotated[str, NAME], ...] = ()
    #: who played the winning posse as it won ("" for nobody named); None when nobody won,
    #: and in journals written before it was kept, which read the posse's player then
    player: Annotated[str, NAME] | None = None
    #: the winning posse's name as it won ("" for none); None when nobody won, and in
    #: journals written before it was kept, which tell the colour alone
    posse: str | None = None


@KINDS.payload("game_abandoned", name="Game left off")
@dataclass(frozen=True, slots=True)
class GameAbandoned:
    """A game left off unfinished as a session ended: won by nobody, the score unchanged."""

    game: Annotated[int, Between(1)]


@KINDS.payload("showdown_won")
@dataclass(frozen=True, slots=True)
class ShowdownWon:
    winner: ColourId
    wins: Annotated[int, Between(0)]
    reason: str = ""
    #: who played the winning posse as it won ("" for nobody named); None in journals
    #: written before it was kept, which read the posse's player then
    player: Annotated[str, NAME] | None = None
    #: the winning posse's name as it won ("" for none); None in journals written before it
    #: was kept, which tell the colour alone
    posse: str | None = None


@KINDS.payload("match_started")
@dataclass(frozen=True, slots=True)
class MatchStarted:
    """A new match: the posses are built anew, the last match kept on record."""

    match: Annotated[int, Between(2)]
    #: the same posses start it again, every model as it was recruited (`A`); False for
    #: posses built anew (`M`), and in journals written before it was kept, which read
    #: "built anew" either way
    again: bool = False


@KINDS.payload("recovery_drawn", name="Draw for the fallen")
@dataclass(frozen=True, slots=True)
class RecoveryDrawn:
    name: Name
    colour: ColourId
    card: CardCode
    coffin: CardCode
    recovered: bool


@KINDS.payload("model_buried")
@dataclass(frozen=True, slots=True)
class ModelBuried:
    """A fallen model lying on a King or a Joker: stone dead after the game, no card drawn."""

    name: Name
    colour: ColourId
    coffin: CardCode


@KINDS.payload("pack_reshuffled")
@dataclass(frozen=True, slots=True)
class PackReshuffled:
    cards: Annotated[int, Between(0, len(FULL_PACK))]
