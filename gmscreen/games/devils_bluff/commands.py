"""What the players can do, one frozen dataclass each. Shuffles arrive as `order_by`, a
permutation of 0..51 drawn by the app (see `draw.reshuffle_order`), so the rules never
draw random numbers.

Every command that draws cards may instead carry the cards a table drew from its own pack,
typed as the players read them ("7h 10s", "Q♠"): `typed`, blank for the app to draw. A
roll-off or initiative draw types each player's cards (ties drawn again included) as
(player, text) pairs; the other commands type one list in the order the cards were drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.games.devils_bluff.gangs import Recruit

#: each player's cards typed from the table's own pack: (player, "7h 2c"), ...
ByPlayer = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ChooseSetUp:
    """Campaign or one-off, how gunslingers are hired, and the open points' settings."""

    mode: str
    hiring: str = "controlled choice"
    settings: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class FoundGang:
    player: str
    name: str


@dataclass(frozen=True)
class Enlist:
    """Add a model to a gang's roster (the leader, a custom gunslinger or a hired one)."""

    player: str
    recruit: Recruit


@dataclass(frozen=True)
class Dismiss:
    player: str
    fighter: str


@dataclass(frozen=True)
class HireAgain:
    """The hired guns that moved on after the last game hired again for the next (by
    controlled choice), each into the gang it left, with its weapon."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class RollOffForPicks:
    """Hiring from a pool: a roll-off, a card each from a pack shuffled in the order
    `order_by` (all 52), the higher picks first (ties draw again)."""

    order_by: tuple[int, ...] = ()
    typed: ByPlayer = ()


@dataclass(frozen=True)
class LayOutPool:
    """Hiring from a pool: the miniatures laid out for the picks, as typed ("Hank
    (Shotgun), Dutch, Slim (Rifle)"): a name each, and in brackets the gun it shows, a
    revolver when none is written."""

    text: str


@dataclass(frozen=True)
class StartGame:
    """Shuffle the Draw Deck (all 52) in the order `order_by` and begin a game."""

    order_by: tuple[int, ...]


@dataclass(frozen=True)
class Deploy:
    """The roll-off for deployment (a card each from the Draw Deck), before the first
    round: the winner picks a deployment area and deploys first. `scouts` are the models
    with Scout held back to be placed after everyone has deployed."""

    scouts: tuple[str, ...] = ()
    order_by: tuple[int, ...] = ()
    typed: ByPlayer = ()


@dataclass(frozen=True)
class PlaceScout:
    """The next scout held back is set on the table, which the players confirm is more
    than `rules.SCOUT_DISTANCE` inches from every enemy model (the app cannot measure)."""

    fighter: str


@dataclass(frozen=True)
class StartRound:
    """Initiative by cards, hands discarded and five dealt to everyone. A table dealing
    its own cards types the initiative cards (`typed`) and each player's five (`hands`)."""

    order_by: tuple[int, ...] = ()
    typed: ByPlayer = ()
    hands: ByPlayer = ()


@dataclass(frozen=True)
class DrawCard:
    """A player takes the top card on their turn; a full hand gives up `discard` (one of
    the five held) first, or draws a sixth and then discards one of the five it held."""

    player: str
    discard: str = ""
    order_by: tuple[int, ...] = ()
    typed: str = ""


@dataclass(frozen=True)
class Discard:
    """A player who drew a sixth card discards one of the five held before it."""

    player: str
    card: str


@dataclass(frozen=True)
class Activate:
    fighter: str


@dataclass(frozen=True)
class Move:
    """Advance, Rush or Interact: the move is made on the table; the app counts the action.
    `leaving` names the enemy models whose assault range an Advance or Rush leaves: each
    makes a free attack on the mover first, and the same Move sent again then moves it."""

    fighter: str
    action: str
    leaving: tuple[str, ...] = ()


@dataclass(frozen=True)
class Recover:
    """A Command test to shed suppression; `hand` plays the whole hand instead of drawing;
    `feared_by` is how many enemy models with Fear are within 6"."""

    fighter: str
    hand: bool = False
    contest: tuple[str, ...] = ()
    feared_by: int = 0
    order_by: tuple[int, ...] = ()
    typed: str = ""


@dataclass(frozen=True)
class Attack:
    """One attack action (or a free one), with what the table sees."""

    fighter: str
    target: str
    obscured: bool = False
    cover: str = "none"
    evading: bool = False
    half_range: bool = False
    #: the target is within assault range (1"), where guns give way to close combat
    assault_range: bool = False
    #: the attacker plays their hand for the first Battle Skill test
    hand: bool = False
    #: players who lay their hands against the attacker's
    contest: tuple[str, ...] = ()
    #: the defender plays their hand for the first Defence test
    defender_hand: bool = False
    order_by: tuple[int, ...] = ()
    typed: str = ""
    #: players who lay their hands against the defender's
    defence_contest: tuple[str, ...] = ()


@dataclass(frozen=True)
class AttributeTest:
    """Any other test (an Interact, a climb): the top card, or a played hand. A Command
    test takes Fear from `feared_by` enemy models with Fear within 6", as Recover's does."""

    fighter: str
    attribute: str
    modifier: int = 0
    hand: bool = False
    contest: tuple[str, ...] = ()
    order_by: tuple[int, ...] = ()
    typed: str = ""
    feared_by: int = 0
    #: what the test is for, in a few words ("the rope bridge"): told in its line
    purpose: str = ""


@dataclass(frozen=True)
class Forgo:
    """The free action an ability offers at once is not taken: Return Fire's shot back,
    Hail of Fire's attacks or Run and Gun's Advance (in that order, when more than one
    waits)."""


@dataclass(frozen=True)
class EndActivation:
    fighter: str


@dataclass(frozen=True)
class AgreeObjectives:
    """What the players agreed the game is fought over (neither text gives a mission): the
    objectives and what each scores, kept for the game, where a notepad held them; and the
    rounds the game lasts where the mission agreed says (0: the campaign's setting)."""

    text: str
    rounds: int = 0


@dataclass(frozen=True)
class Score:
    player: str
    points: int
    reason: str = ""


@dataclass(frozen=True)
class Mend:
    """A model's HP and suppression tokens set right, where a step resolved by mistake (the
    wrong cover, an evade ticked) left them wrong and undo would take back the steps since."""

    fighter: str
    hp: int
    tokens: int
    reason: str = ""


@dataclass(frozen=True)
class EndGame:
    note: str = ""


@dataclass(frozen=True)
class GainLevel:
    """After a game: a permanent model gains a level, with a perk (and an ability at 3)."""

    fighter: str
    perk: str
    ability: str = ""


@dataclass(frozen=True)
class EndCampaign:
    """The players call the campaign's end (the module gives no measure of the town's
    control, line 11): `winner` holds the town ("" for nobody)."""

    winner: str = ""
    note: str = ""


@dataclass(frozen=True)
class KeepHired:
    """After a game: one hired gunslinger joins the gang for good; `instead`, in place of
    the one its gang kept already (kept by mistake), who is a hired gun again."""

    fighter: str
    instead: bool = False


@dataclass(frozen=True)
class CloseAftermath:
    """The hired gunslingers not kept leave; the gangs are ready to hire for the next game."""


# -- slips mended forward, where undo would take back the good steps since --------------------


@dataclass(frozen=True)
class Rename:
    """A model's name typed wrong, set right (its own name in another case too)."""

    fighter: str
    name: str


@dataclass(frozen=True)
class RenameGang:
    """A gang's name typed wrong, set right."""

    player: str
    name: str


@dataclass(frozen=True)
class Resume:
    """Done pressed too early: the model's activation goes on, with what it had left, while
    no other model has begun to activate."""

    fighter: str


@dataclass(frozen=True)
class ChangePerk:
    """A perk chosen wrong (at a level, or as the model was enlisted) changed for another,
    between games."""

    fighter: str
    was: str
    perk: str


@dataclass(frozen=True)
class ChangeAbility:
    """An ability chosen wrong changed for another its gang leaves open, between games."""

    fighter: str
    ability: str


@dataclass(frozen=True)
class CorrectCard:
    """A card typed wrong into a player's hand: `was` (typed) is in truth `card`, which the
    player drew from the table's pack, so the two change places with the Draw Deck."""

    player: str
    was: str
    card: str


@dataclass(frozen=True)
class CorrectInitiative:
    """An initiative card typed wrong: `player`'s `was` (typed) is in truth `card`, drawn
    from the table's pack, while nobody has acted on the round's order; the two change
    places with the Draw Deck, and the order follows the totals."""

    player: str
    was: str
    card: str
