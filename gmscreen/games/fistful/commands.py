"""What the Judge can do, one frozen dataclass each. Dice the app rolls or the Judge types
are part of the command, so the events record them and replay never rolls again."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.state import Settings


@dataclass(frozen=True)
class ChooseOptionalRules:
    settings: Settings


@dataclass(frozen=True)
class FormPosse:
    """Posse creation: its name, history, purpose and the Wanted Clock's starting hour."""

    name: str
    clock: int
    history: str = ""
    purpose: str = ""


@dataclass(frozen=True)
class CreateCharacter:
    """A posse member: 2d6 three times (six faces, Grit, Gumption, Grace) with one swap, and
    the starting purse rolled as the clock's hour in d6 (times 10). A new character carries
    nothing: starting gear is bought with the purse (`Buy`), so `equipment` given here is
    refused (it stays so that the refusal names the rule; an old journal's event that
    carried gear still replays)."""

    name: str
    dice: tuple[int, ...]
    purse: tuple[int, ...]
    swap: tuple[str, str] | None = None
    background: str = ""
    gender: str = ""
    hometown: str = ""
    notes: str = ""
    equipment: tuple[Item, ...] = ()


@dataclass(frozen=True)
class AddNpc:
    """An NPC by rank, its strong (and, for Infamous, second) Attribute; a Creature gives its
    own Attributes and may pass the human limits. `side`: the band it stands with (its
    posse, in the book's word for morale); none named, it stands alone."""

    name: str
    rank: str
    strong: str = "grit"
    second: str | None = None
    attributes: tuple[int, int, int] | None = None
    equipment: tuple[Item, ...] = ()
    notes: str = ""
    side: str = ""
    #: a creature's natural weapon, its name and damage modifier ("claws +2")
    natural: str = ""


@dataclass(frozen=True)
class EditSheet:
    """Change the words and the equipment of a sheet (and an NPC's side, a creature's
    natural weapon; None keeps it)."""

    name: str
    background: str
    gender: str
    hometown: str
    notes: str
    equipment: tuple[Item, ...]
    side: str | None = None
    natural: str | None = None
    #: an NPC's own three scores (Grit, Gumption, Grace), tweaked past his rank's (line
    #: 255); None keeps them
    attributes: tuple[int, int, int] | None = None
    #: the name an NPC goes by from now on (the Judge's change of plans); None keeps it
    new_name: str | None = None
    #: an NPC's outlook towards the posse set by the Judge, a reaction table's total (2 to
    #: 12; 0 none; line 265); None keeps it
    outlook: int | None = None
    #: an NPC the Judge knows never runs (line 261: he stays when his side's morale breaks),
    #: set on his sheet before any line-up; None keeps it
    never_runs: bool | None = None


@dataclass(frozen=True)
class DropNpc:
    """An NPC the Judge prepared and no longer needs, off his sheets (not one in the fight)."""

    name: str


@dataclass(frozen=True)
class PutRight:
    """A sheet's running figures set straight where a step took them wrong (harm typed 5
    for 3, a price misread), the good steps since kept: each figure given is its right
    value (None keeps it); `why` says what was wrong, for the log."""

    name: str
    why: str
    guts: int | None = None
    stress: int | None = None
    luck: int | None = None
    dollars: int | None = None


@dataclass(frozen=True)
class RollTest:
    """A simple test. `rolled` are the dice thrown (the Stakes, one more with a floating
    die, one fewer with the scene die); `removed` is the face taken away when one floats.
    `floating` is None, "luck" or "background" (the player's) or "judge".
    `bank_misfortune`: the Judge banks the Misfortune a failure's doubles give him (he may
    let it go instead)."""

    name: str
    attribute: str
    challenge: int
    stakes: int
    rolled: tuple[int, ...]
    floating: str | None = None
    removed: int | None = None
    bank_misfortune: bool = True


@dataclass(frozen=True)
class DoubleDown:
    """Keep the failed roll and add one die (or coin) per Stress."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class Side:
    """One side of an opposed test."""

    name: str
    attribute: str
    stakes: int
    rolled: tuple[int, ...]
    floating: str | None = None
    removed: int | None = None


@dataclass(frozen=True)
class OpposedTest:
    """The active side against the opposition, whose total is the Challenge. With a weapon
    (a key of the table, or "natural": the active side's natural weapon, from its sheet),
    the active side's win harms the opposition. `turn`: the active side's action of its
    turn in the fight (the Fight tab's attack), one a turn. `caught`: with an area weapon
    (dynamite), the others its blast catches besides the target, the Judge's call."""

    active: Side
    opposition: Side
    weapon: str | None = None
    band: str = "Close"
    cover: str = "none"
    turn: bool = False
    #: the Judge banks the Misfortune a side's doubles give him (he may let it go instead)
    bank_misfortune: bool = True
    caught: tuple[str, ...] = ()


@dataclass(frozen=True)
class Duel:
    """A High Stakes Duel: coins written H and T, one per die of Stakes, against the
    Attribute the Judge names for the moment (Gumption for guns at high noon)."""

    challenger: str
    challenger_coins: str
    opponent: str
    opponent_coins: str
    attribute: str = "gumption"


@dataclass(frozen=True)
class SpendLuck:
    name: str
    why: str
    on_stress: bool = False


@dataclass(frozen=True)
class SpendMisfortune:
    """The Judge spends a Misfortune, on whom (`on`, "" for nobody in particular)."""

    why: str
    on: str = ""


@dataclass(frozen=True)
class TakeHarm:
    name: str
    amount: int
    why: str = ""


@dataclass(frozen=True)
class LoseWealth:
    """A wager's loser loses every Dollar they have: to `winner`, or gone when it is empty.
    `dollars`, some of them only, lost or paid outside a duel (robbed, fined, a bribe or a
    fare): to `winner` (an NPC) or gone, and `why` is then needed."""

    name: str
    winner: str = ""
    why: str = ""
    dollars: int | None = None


@dataclass(frozen=True)
class RollOutOfAction:
    name: str
    face: int


@dataclass(frozen=True)
class Lost:
    """The posse lost the fight, or could not get the fallen back: lost for good, presumed
    dead."""

    name: str
    why: str = ""


@dataclass(frozen=True)
class Revive:
    """The posse gets a fallen character back on their feet: 1d6 Guts."""

    name: str
    face: int


@dataclass(frozen=True)
class Rest:
    """A night's sleep with rations: a Grit test with no Challenge. `rolled` are the dice
    thrown (the Stakes, one fewer with the scene die). A Luck it rolls takes a Stress off
    when `luck_on_stress` (and there is one), or is banked."""

    name: str
    rolled: tuple[int, ...]
    luck_on_stress: bool = True
    #: the Judge banks the Misfortune a Bust's doubles give him (he may let it go instead)
    bank_misfortune: bool = True
    #: a day's rations eaten from the sheet (False: fed otherwise, a meal bought or given)
    rations: bool = True
    #: a floating die, as on any test ("luck", "background", "judge"): one more die in
    #: `rolled`, and the face its chooser takes away (None: the best, or the Judge's worst)
    floating: str | None = None
    removed: int | None = None


@dataclass(frozen=True)
class Crime:
    segments: int
    why: str
    cause: int | None = None


@dataclass(frozen=True)
class PayBounty:
    """The top hour paid off: by `payer` alone, or by the posse pooling its money, each of
    `shares` (a name and its Dollars) paying its part; the parts come to the cost."""

    payer: str = ""
    shares: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class DoTime:
    name: str
    segments: int
    why: str = ""


@dataclass(frozen=True)
class CunningDeal:
    segments: int
    why: str


@dataclass(frozen=True)
class EaseStress:
    """An item on `name`'s sheet takes `stress` Stress off (the book: some items do; which
    and how much, the Judge's call); `used_up`: one of it is gone."""

    name: str
    item: str
    stress: int = 1
    used_up: bool = False


@dataclass(frozen=True)
class PayDebt:
    """`name` pays back `dollars` of what Carousing left owing (`why`: to whom, as the
    Judge decides)."""

    name: str
    dollars: int
    why: str = ""


@dataclass(frozen=True)
class RollWantedChart:
    dice: tuple[int, int]


@dataclass(frozen=True)
class BringInChartResult:
    """A Wanted Chart result (the event `seq` that rolled it) comes into play in the story:
    the Judge no longer keeps it waiting."""

    seq: int


@dataclass(frozen=True)
class Carouse:
    """Carousing: the bill (1d6 per Stress removed and per advancement die), the d6 table,
    `again` (the bill's dice rolled again, for a jackpot or a fine) and a coin for Wanted;
    `owed_to`, whom a bill past the money leaves them owing, as the Judge decides."""

    name: str
    stress_off: int
    advancement_dice: int
    bill: tuple[int, ...]
    table: int
    again: tuple[int, ...] = ()
    coin: str = ""
    story: str = ""
    owed_to: str = ""


@dataclass(frozen=True)
class Advance:
    name: str
    attribute: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class ShareTake:
    """A share of the session's winnings; every whole $10 is 1 XP when the session ends.
    `name` "": the whole take, split evenly among the posse."""

    name: str
    dollars: int


@dataclass(frozen=True)
class Buy:
    """An item bought at its category's rolled price: `rolls` rolls of the category's dice
    (the book marks some items to be rolled twice or four times), all the dice given."""

    name: str
    item: Item
    category: str
    dice: tuple[int, ...]
    rolls: int = 1


@dataclass(frozen=True)
class Sell:
    """`round_up`: half a used item's price comes to a part of a dollar, which the Judge
    rounds up to a dollar, or lets go (line 203, his call; letting it go is the default,
    as before round 21)."""

    name: str
    item: str
    category: str
    dice: tuple[int, ...]
    used: bool = True
    rolls: int = 1
    round_up: bool = False


@dataclass(frozen=True)
class HandOver:
    """Dollars and one item (or one of a stack) passed from one of the posse to another: a
    fallen comrade's purse and guns taken up, a loan. `item` "" for none; `slot`, where it
    goes on the taker's sheet (0: the slot it had on the giver's)."""

    giver: str
    taker: str
    dollars: int = 0
    item: str = ""
    slot: int = 0


@dataclass(frozen=True)
class RollReaction:
    """2d6 on the reaction table; `extra`, the d6 added when the posse stays after an 8;
    `modifier`, the Judge's for an NPC who knows of the posse; `name`, the NPC whose outlook
    towards the posse it sets."""

    dice: tuple[int, int]
    extra: int = 0
    modifier: int = 0
    #: the NPC whose outlook it is ("" a stranger the sheets do not hold)
    name: str = ""


@dataclass(frozen=True)
class CheckMorale:
    """Morale of an NPC's side, tested on the NPC with the best Grit of that side. `coin`
    (H flee, T surrender) when they break and the story does not say which."""

    name: str
    rolled: tuple[int, ...]
    coin: str = ""


@dataclass(frozen=True)
class QuickDraw:
    name: str
    item: str
    dice: tuple[int, int]


@dataclass(frozen=True)
class CheckAmmunition:
    """After a firefight, the d6 of one gun or bow `name` carries (`weapon`, a key of the
    table; "" for the first carried)."""

    name: str
    face: int
    weapon: str = ""


@dataclass(frozen=True)
class FlipInitiative:
    """A coin for who acts first this round; `luck`, the posse buys the order with 3 Luck
    between them instead: each payer named once with the Luck they put in, as the table
    agreed (then `coin` is the order they chose: H the posse)."""

    coin: str
    luck: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class SetSceneDie:
    face: int | None


@dataclass(frozen=True)
class ChangeGlory:
    amount: int
    why: str


@dataclass(frozen=True)
class JoinFight:
    """A character or NPC takes a place on the turn tracker at a range band; `others`
    join with them, at the same band (a fight of four begun in one step)."""

    name: str
    band: str
    others: tuple[str, ...] = ()


@dataclass(frozen=True)
class LineUp:
    """Line an NPC up ahead for the next fight at `band` ("": take him off the line-up);
    `never_runs`, he stays when his side's morale breaks."""

    name: str
    band: str = ""
    never_runs: bool = False


@dataclass(frozen=True)
class BringInLineUp:
    """The line-up goes into the fight together, each at his band."""


@dataclass(frozen=True)
class MoveInFight:
    """One band closer or farther, once a turn; or, `toward` a fighter, one band nearer
    them; or, `away_from` the nearest foe, one band farther from them (`band` then is
    where that leaves the mover, or "" to let the rules say)."""

    name: str
    band: str = ""
    toward: str = ""
    away_from: str = ""


@dataclass(frozen=True)
class EndTurn:
    name: str


@dataclass(frozen=True)
class LeaveFight:
    name: str


@dataclass(frozen=True)
class EndFight:
    """The fight is over; if the posse lost it, its fighters down at 0 Guts are lost for
    good (book line 103)."""

    posse_lost: bool = False
