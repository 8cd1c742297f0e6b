"""What happens in Devils Bluff: one typed payload per kind of event the game writes.

`KINDS.read(event)` is the one place an event's data is read: a value that does not fit (a
weapon misspelt, a card that is no card, an empty order) is refused naming the field. The
kinds and their keys are the ones journals have always held; a key that only some events
of a kind carry is optional (None, or a default), so older journals read as they did.

Every card moved is recorded (`moves`), and every hand a step changed (`hands`): replay
never shuffles or deals again. Several events carry `line`, the sentence the step was told
in when it was made (the cards of each test in it), kept as the record of what the players
saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from gmscreen.core.cards import Card, standard_cards
from gmscreen.games.devils_bluff.draw import CardMove
from gmscreen.games.devils_bluff.gangs import (
    Recruit,
    ability_names,
    ability_or_none,
    gun_names,
    perk_names,
    weapon_names,
)
from gmscreen.games.devils_bluff.hands import Outcome
from gmscreen.games.devils_bluff.state import setting_table
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, Length, NotEmpty, OneOf

KINDS = Kinds("devils_bluff.")

MODES = ("campaign", "one-off")
HIRING = ("controlled choice", "pool")
#: the attributes a test may be of
ATTRIBUTES = ("MOV", "SKL", "DEF", "CMD")
#: the moving actions
MOVES = ("Advance", "Rush", "Interact")
#: what a test's entry in an attack is: a card's code, or "hand" for a hand played
TESTED_BY = frozenset({c.code for c in standard_cards()} | {"hand"})
#: the most rounds one game's mission may be agreed to last (digest 2.1: a mission gives its
#: number of turns; neither text has one): the app's number, as the "rounds" setting's
#: longest, so a game of a dozen rounds fits and a number typed by a slip does not
MOST_ROUNDS = 12
#: the most rounds a game may last: a game's own (`MOST_ROUNDS`) or the setting's longest
LAST_ROUND = max(MOST_ROUNDS, *next(s.choices for s in setting_table() if s.key == "rounds"))
#: the actions an activation has (digest 2.2); a Recover passed gives back the one it took
MOST_ACTIONS = 2
#: the abilities whose free action may be let go
FORGOABLE = ("Return Fire", "Hail of Fire", "Run and Gun")

#: the most letters the objectives agreed for a game take (a line or two on a screen)
OBJECTIVES_LENGTH = 200

#: a player is named as a model is (`NAME`): `gmscreen log --who zeke` finds the steps Zeke
#: took (his gang founded, his draws, hands and scores), his models by their own names
Player = Annotated[str, NAME, NotEmpty()]
Model = Annotated[str, NAME, NotEmpty()]
Cards = tuple[Card, ...]


def _choices(key: str) -> OneOf:
    return OneOf(next(s.choices for s in setting_table() if s.key == key))


def _default(key: str) -> Any:
    return next(s.default for s in setting_table() if s.key == key)


@dataclass(frozen=True)
class Settings:
    """The open points' readings agreed at the set-up (`tables/settings.toml`); a setting
    added later reads as its default in a journal written before it."""

    rounds: Annotated[int, _choices("rounds")] = _default("rounds")
    initiative_cards: Annotated[str, _choices("initiative_cards")] = _default("initiative_cards")
    king_capped_first: Annotated[bool, _choices("king_capped_first")] = _default(
        "king_capped_first")
    ace_fails: Annotated[bool, _choices("ace_fails")] = _default("ace_fails")
    rapid_fire: Annotated[str, _choices("rapid_fire")] = _default("rapid_fire")
    suppressing: Annotated[str, _choices("suppressing")] = _default("suppressing")
    evade_token_always: Annotated[bool, _choices("evade_token_always")] = _default(
        "evade_token_always")
    stealth_in_assault: Annotated[bool, _choices("stealth_in_assault")] = _default(
        "stealth_in_assault")
    guns_in_assault: Annotated[bool, _choices("guns_in_assault")] = _default("guns_in_assault")
    rending: Annotated[str, _choices("rending")] = _default("rending")
    recover_needs_token: Annotated[bool, _choices("recover_needs_token")] = _default(
        "recover_needs_token")
    fear_stacks: Annotated[bool, _choices("fear_stacks")] = _default("fear_stacks")
    injuries: Annotated[str, _choices("injuries")] = _default("injuries")
    deployment: Annotated[str, _choices("deployment")] = _default("deployment")


@dataclass(frozen=True)
class PlayerDraw:
    """The cards one player drew for a roll-off or initiative, face up."""

    player: Player
    cards: Annotated[Cards, NotEmpty()]


@dataclass(frozen=True)
class HandsLaid:
    """Hands laid for a test, every one shown at once, and what the test came to."""

    laid: dict[str, Cards]
    outcome: Outcome


@dataclass(frozen=True)
class Survival:
    """The test at 0 HP (the "injuries" setting): DEF by the top card."""

    card: Card
    outcome: Outcome


Moves = tuple[CardMove, ...]
#: a hand as a step left it: at most five, or six just after a draw
Hands = dict[str, Annotated[Cards, Length(0, 6)]]


# -- gangs and hiring ----------------------------------------------------------------------


@KINDS.payload("set_up")
@dataclass(frozen=True)
class SetUp:
    mode: Annotated[str, OneOf(MODES)]
    hiring: Annotated[str, OneOf(HIRING)]
    settings: Settings = Settings()


@KINDS.payload("gang_founded")
@dataclass(frozen=True)
class GangFounded:
    player: Player
    name: Annotated[str, NotEmpty()]


@KINDS.payload("enlisted")
@dataclass(frozen=True)
class Enlisted:
    player: Player
    recruit: Recruit
    #: hiring from a pool: who picks next (None when the model was not picked from one)
    next_picker: str | None = None


@KINDS.payload("dismissed")
@dataclass(frozen=True)
class Dismissed:
    player: Player
    fighter: Model


@KINDS.payload("picks_rolled", name="Roll-off for the first pick")
@dataclass(frozen=True)
class PicksRolled:
    """The roll-off for the first pick from a hiring pool, from a pack of its own."""

    draws: Annotated[tuple[PlayerDraw, ...], NotEmpty()]
    first: Player


@dataclass(frozen=True)
class PoolModel:
    """A miniature laid out in the hiring pool, and the gun it shows (a revolver when it
    shows none: module line 173)."""

    name: Model
    weapon: Annotated[str, OneOf(gun_names)] = "Revolver"


@KINDS.payload("pool_laid_out", name="Hiring pool laid out")
@dataclass(frozen=True)
class PoolLaidOut:
    """The miniatures laid out for the picks from a pool (module line 171), each with the
    gun it shows; laid out again, the list replaces the one before. A journal without it
    holds only the picks, as before."""

    models: Annotated[tuple[PoolModel, ...], NotEmpty()]


# -- deployment and turns ------------------------------------------------------------------


@KINDS.payload("game_started")
@dataclass(frozen=True)
class GameStarted:
    number: Annotated[int, Between(1)]
    #: the Draw Deck as shuffled, top first
    deck: Annotated[Cards, Length(52, 52)]


@KINDS.payload("deployed")
@dataclass(frozen=True)
class Deployed:
    draws: Annotated[tuple[PlayerDraw, ...], NotEmpty()]
    #: who deploys first, then next
    order: Annotated[tuple[Player, ...], NotEmpty()]
    moves: Moves
    #: the scouts held back, in the order they are placed
    scouts: tuple[Model, ...] = ()


@KINDS.payload("scout_placed")
@dataclass(frozen=True)
class ScoutPlaced:
    player: Player
    fighter: Model
    line: str


@KINDS.payload("round_started")
@dataclass(frozen=True)
class RoundStarted:
    round: Annotated[int, Between(1, LAST_ROUND)]
    draws: Annotated[tuple[PlayerDraw, ...], NotEmpty()]
    #: the initiative, first to last
    order: Annotated[tuple[Player, ...], NotEmpty()]
    moves: Moves
    #: the five dealt to each player
    hands: Hands


@KINDS.payload("activated")
@dataclass(frozen=True)
class Activated:
    player: Player
    fighter: Model


@KINDS.payload("moved")
@dataclass(frozen=True)
class Moved:
    """An Advance, a Rush or an Interact; a free Advance (Run and Gun) spends no action."""

    fighter: Model
    line: str
    inches: Annotated[int, Between(0)]
    action: Annotated[str, OneOf(MOVES)] | None = None
    actions_left: Annotated[int, Between(0, MOST_ACTIONS)] | None = None
    #: False once a free Advance is taken
    free_advance: bool | None = None


@KINDS.payload("leaving_assault_range")
@dataclass(frozen=True)
class LeavingAssaultRange:
    fighter: Model
    action: Annotated[str, OneOf(("Advance", "Rush"))]
    attackers: Annotated[tuple[Model, ...], NotEmpty()]
    line: str


@KINDS.payload("free_forgone", name="Free action let go")
@dataclass(frozen=True)
class FreeForgone:
    fighter: Model
    forgone: Annotated[str, OneOf(FORGOABLE)]
    line: str
    #: Hail of Fire's attacks owed outside the model's own activation (older journals: none)
    outside: bool = False


@KINDS.payload("activation_ended")
@dataclass(frozen=True)
class ActivationEnded:
    player: Player
    fighter: Model
    #: what ending it let go, in words (free actions, a move out of assault range); ""
    #: for nothing, as older journals read
    let_go: str = ""
    #: the model ended it having taken no action (Done pressed at once, or after a card
    #: drawn): the recap tells it, where two draws in a row read as two in one turn; False
    #: as older journals read
    idle: bool = False


@KINDS.payload("objectives_agreed", name="Objectives agreed")
@dataclass(frozen=True)
class ObjectivesAgreed:
    """The objectives the players agreed for the game and what each scores, as typed; a
    later one stands in its place (agreed anew, or typed wrong)."""

    text: Annotated[str, NotEmpty(), Length(1, OBJECTIVES_LENGTH)]
    #: the rounds the mission agreed gives this game (digest 2.1, 77: 5 "unless the module
    #: or mission says otherwise"); 0 keeps the campaign's "rounds" setting (every journal
    #: written before round 22)
    rounds: Annotated[int, Between(0, LAST_ROUND)] = 0
    #: the text stands in the place of other objectives agreed earlier in this game
    #: (False for the first, and in journals before round 64)
    anew: bool = False
    #: where an agreement after the first changed how long the game lasts: the rounds it
    #: lasted before and lasts now (0 and 0 where it did not, and in older journals), so
    #: the line tells a change, "from 3 to 4", not a first agreement
    rounds_were: Annotated[int, Between(0, LAST_ROUND)] = 0
    lasts: Annotated[int, Between(0, LAST_ROUND)] = 0


@KINDS.payload("scored")
@dataclass(frozen=True)
class Scored:
    player: Player
    points: int
    reason: str = ""
    #: the model activating as the points were scored ("" between activations), so the
    #: recap tells the score in that activation's paragraph, not as a break in it; None in
    #: journals before it, which read as they did (on its own)
    activating: str | None = None


@KINDS.payload("mended")
@dataclass(frozen=True)
class Mended:
    """A model's HP and tokens corrected; what they were, for the log."""

    fighter: Model
    hp: Annotated[int, Between(0)]
    tokens: Annotated[int, Between(0)]
    was_hp: Annotated[int, Between(0)]
    was_tokens: Annotated[int, Between(0)]
    reason: str = ""
    #: the model activating as it was set right ("" between activations): told in that
    #: activation's paragraph of the recap; None in journals before it (on its own)
    activating: str | None = None


@KINDS.payload("game_ended")
@dataclass(frozen=True)
class GameEnded:
    number: Annotated[int, Between(1)]
    scores: dict[str, int]
    #: "" for a draw
    winner: str
    note: str = ""


@KINDS.payload("game_abandoned")
@dataclass(frozen=True)
class GameAbandoned:
    """A game left off unfinished when a session ended: no winner, no experience."""

    number: Annotated[int, Between(1)]
    #: the round it was left off in (0: before the first)
    round: Annotated[int, Between(0, LAST_ROUND)]
    #: the points scored before it was left off
    scores: dict[str, int]


# -- the draw and hands --------------------------------------------------------------------


@KINDS.payload("card_drawn")
@dataclass(frozen=True)
class CardDrawn:
    player: Player
    moves: Moves
    hands: Hands
    #: the model activating as the card was drawn ("" between activations), so the recap
    #: tells the draw in that activation's paragraph, not as a break in it; None in
    #: journals before it, which read as they did (on its own)
    activating: str | None = None


@KINDS.payload("card_discarded")
@dataclass(frozen=True)
class CardDiscarded:
    player: Player
    moves: Moves
    hands: Hands


# -- tests and the attack ------------------------------------------------------------------


@KINDS.payload("recovered")
@dataclass(frozen=True)
class Recovered:
    """A Recover: the Command test by the top card (`cards`: two when Fearless drew again)
    or a hand laid (`laid`), the tokens left and the actions left."""

    fighter: Model
    modifier: int
    outcome: Outcome
    tokens: Annotated[int, Between(0, 2)]
    actions_left: Annotated[int, Between(0, MOST_ACTIONS)]
    line: str
    action: Annotated[str, OneOf(("Recover",))] = "Recover"
    cards: Cards = ()
    laid: dict[str, Cards] | None = None
    shrugged: bool = False
    moves: Moves = ()
    #: the hands laid, emptied
    hands: Hands = field(default_factory=dict)


@KINDS.payload("tested")
@dataclass(frozen=True)
class Tested:
    """Any other test: the top card (`card`, its `result`) or a hand laid (`laid`). A
    Command test of a Fearless model that failed was drawn again: `redrawn` is the first
    card, and `card` the second, which stands (older journals have none)."""

    fighter: Model
    attribute: Annotated[str, OneOf(ATTRIBUTES)]
    target: int
    modifier: int
    outcome: Outcome
    line: str
    card: Card | None = None
    result: int | None = None
    laid: dict[str, Cards] | None = None
    shrugged: bool = False
    moves: Moves = ()
    hands: Hands = field(default_factory=dict)
    redrawn: Card | None = None
    #: the model activating as the test was taken ("" between activations), so the recap
    #: tells the test in that activation's paragraph; None in journals before it, which
    #: read as they did (under the tested model)
    activating: str | None = None
    #: what the test was for, as the form's For field said it ("" for not said, and in
    #: journals before it); the line tells it
    purpose: str = ""


@KINDS.payload("attacked")
@dataclass(frozen=True)
class Attacked:
    """One attack: each test's card (or "hand"), what it did, the tokens after it, and what
    it spent: an action, one of the free attacks, Return Fire's shot or a parting shot."""

    fighter: Model
    target: Model
    weapon: Annotated[str, OneOf(weapon_names)]
    skill: tuple[Annotated[str, OneOf(TESTED_BY)], ...]
    defence: tuple[Annotated[str, OneOf(TESTED_BY)], ...]
    hits: Annotated[int, Between(0)]
    critical_hits: Annotated[int, Between(0)]
    damage: Annotated[int, Between(0)]
    target_tokens: Annotated[int, Between(0, 2)]
    attacker_tokens: Annotated[int, Between(0, 2)]
    line: str
    fired: tuple[Annotated[str, OneOf(ability_names)], ...] = ()
    return_fire: bool = False
    skill_hand: HandsLaid | None = None
    defence_hand: HandsLaid | None = None
    survival: Survival | None = None
    moves: Moves = ()
    hands: Hands = field(default_factory=dict)
    #: the free attack on a model leaving assault range
    parting_shot: bool = False
    #: Return Fire's shot back
    free_return: bool = False
    #: an action spent (a free attack spends none)
    action: Annotated[str, OneOf(("Attack",))] | None = None
    actions_left: Annotated[int, Between(0, MOST_ACTIONS)] | None = None
    #: the free attacks left (Hail of Fire)
    free_attacks: Annotated[int, Between(0)] | None = None
    #: a free Advance won (Run and Gun)
    free_advance: bool | None = None
    #: made within assault range (1"): the two fought up close (older journals: not said)
    assault_range: bool = False
    #: made within its gun's half range, ticked by the table (older journals: not said)
    half_range: bool = False
    #: Hail of Fire's free attacks this model is owed now outside its own activation (after
    #: a parting shot, a shot back, or one of those free attacks); None: none (older
    #: journals gave none there)
    hail: Annotated[int, Between(0)] | None = None


# -- between games -------------------------------------------------------------------------


@KINDS.payload("level_gained")
@dataclass(frozen=True)
class LevelGained:
    player: Player
    fighter: Model
    perk: Annotated[str, OneOf(perk_names)]
    ability: Annotated[str, OneOf(ability_or_none)] = ""


@KINDS.payload("hired_kept", name="Hired gun kept for good")
@dataclass(frozen=True)
class HiredKept:
    player: Player
    fighter: Model
    #: the gun the gang kept before, by mistake, back to a hired gun who moves on as the
    #: aftermath closes ("" for none: the first keep, as older journals read)
    instead: str = ""


@KINDS.payload("aftermath_closed")
@dataclass(frozen=True)
class AftermathClosed:
    """The hired guns not kept move on. What the aftermath came to is recorded with it, for
    the log and the recap (journals written before say none of it)."""

    #: the game it followed (0: not said)
    game: Annotated[int, Between(0)] = 0
    #: the models that gained a level after it
    levelled: tuple[Model, ...] = ()
    #: each player and the hired gun they kept for good ("" for none)
    kept: dict[str, str] = field(default_factory=dict)
    #: the hired guns who move on
    gone: tuple[Model, ...] = ()


@KINDS.payload("campaign_ended", name="Campaign ended")
@dataclass(frozen=True)
class CampaignEnded:
    """The players called the campaign's end: the player who holds the town ("" for
    nobody), and a word on it."""

    winner: str = ""
    note: str = ""


# -- slips mended forward ------------------------------------------------------------------


@KINDS.payload("renamed")
@dataclass(frozen=True)
class Renamed:
    player: Player
    fighter: Model
    name: Model
    #: the model activating as it was set right ("" between activations, and between
    #: games): told in that activation's paragraph of the recap; None in journals before it
    activating: str | None = None


@KINDS.payload("gang_renamed")
@dataclass(frozen=True)
class GangRenamed:
    player: Player
    was: Annotated[str, NotEmpty()]
    name: Annotated[str, NotEmpty()]


@KINDS.payload("activation_resumed")
@dataclass(frozen=True)
class ActivationResumed:
    """Done taken back: the activation as it ended goes on."""

    player: Player
    fighter: Model
    actions_left: Annotated[int, Between(0, MOST_ACTIONS)]
    taken: tuple[Annotated[str, OneOf((*MOVES, "Recover", "Attack"))], ...] = ()
    free_attacks: Annotated[int, Between(0)] = 0
    free_advance: bool = False
    #: the players who had drawn in its turn before Done, and those who drew since (whose
    #: draw counts for the turn after it)
    drawn: tuple[Player, ...] = ()
    drawn_since: tuple[Player, ...] = ()


@KINDS.payload("perk_changed")
@dataclass(frozen=True)
class PerkChanged:
    player: Player
    fighter: Model
    was: Annotated[str, OneOf(perk_names)]
    perk: Annotated[str, OneOf(perk_names)]


@KINDS.payload("ability_changed")
@dataclass(frozen=True)
class AbilityChanged:
    """A model's ability changed for another, or chosen (`was` blank) by a model past its
    third level that has none."""

    player: Player
    fighter: Model
    was: Annotated[str, OneOf(ability_or_none)]
    ability: Annotated[str, OneOf(ability_names)]


@KINDS.payload("card_corrected")
@dataclass(frozen=True)
class CardCorrected:
    """A card in a hand set right: `was` goes into the Draw Deck where `card` lay. The log
    and the table never name either (the hand is hidden)."""

    player: Player
    was: Card
    card: Card
    #: the model activating as it was set right ("" between activations): told in that
    #: activation's paragraph of the recap; None in journals before it (on its own)
    activating: str | None = None


@KINDS.payload("initiative_corrected")
@dataclass(frozen=True)
class InitiativeCorrected:
    """A round's initiative card set right: `was` goes into the Draw Deck where `card` lay,
    and `card` into the discard pile in its place; `draws` are the round's initiative draws
    as corrected, `order` the order they give. Both cards lay face up: the log names them."""

    round: Annotated[int, Between(1, LAST_ROUND)]
    player: Player
    was: Card
    card: Card
    draws: Annotated[tuple[PlayerDraw, ...], NotEmpty()]
    order: Annotated[tuple[Player, ...], NotEmpty()]
