"""What happens in A Fistful of Sixes: one typed payload per kind of event the game writes.

`KINDS.read(event)` is the one place an event's data is read: a value that does not fit (an
Attribute misspelt, a die showing 7, a weapon that is none of the book's) is refused naming
the field. The kinds and their keys are the ones journals have always held; a key added
later has a default, so older journals read as they did.

An event records the dice it used and the values it leaves on each sheet it touches
(`sheets`: a name and its changed fields), so evolving it only copies them and replay never
rolls again.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Annotated, Any

from gmscreen.games.fistful.characters import ATTRIBUTES, Item
from gmscreen.games.fistful.conflict import settled_by
from gmscreen.games.fistful.harm import COVER, RANGE_BANDS, attack_keys
from gmscreen.games.fistful.state import Bank, Character, Count, Settings, Stress
from gmscreen.games.fistful.tables import price_categories
from gmscreen.games.fistful.wanted import HIGH_NOON
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, NotEmpty, OneOf

#: a kind whose id's words are not the game's is named as the tabs and F1 say it ("High
#: Stakes Duel", not "Duel fought"; "Who goes first", the book's words for the coin of a new
#: round, not "Initiative flipped"): the log's filter, its detail line and `gmscreen log
#: --kind` read the name, the journals keep the id
KINDS = Kinds("fistful.")

Named = Annotated[str, NAME, NotEmpty()]
#: a name, or "" for nobody
MaybeNamed = Annotated[str, NAME]
Face = Annotated[int, Between(1, 6)]
Faces = tuple[Face, ...]
Attribute = Annotated[str, OneOf(ATTRIBUTES)]
Hour = Annotated[int, Between(1, HIGH_NOON)]
ResultName = Annotated[str, OneOf(("success", "failure", "bust"))]
Coin = Annotated[str, OneOf(("H", "T"))]
Floating = Annotated[str, OneOf(("luck", "background", "judge"))]
def weapon_or_none() -> tuple[str, ...]:
    """A weapon of the table by its key, or "" for none named."""
    return ("", *attack_keys())


#: how the Wanted Clock moved: a crime, carousing, the bounty paid, time served, a deal
HOW = ("crime", "carousing", "paid", "time", "deal")


@dataclass(frozen=True)
class SheetChange:
    """The fields of a sheet an event changes, each to its new value (None: unchanged)."""

    grit: Count | None = None
    gumption: Count | None = None
    grace: Count | None = None
    guts: Count | None = None
    stress: Stress | None = None
    luck: Bank | None = None
    dollars: Count | None = None
    start_purse: Count | None = None
    debt: Count | None = None
    owed_to: str | None = None
    xp: Count | None = None
    advancement_dice: Count | None = None
    take: Count | None = None
    settled_take: Count | None = None
    background: str | None = None
    background_used: bool | None = None
    equipment: tuple[Item, ...] | None = None
    gender: str | None = None
    hometown: str | None = None
    notes: str | None = None
    side: str | None = None
    natural: str | None = None
    outlook: Count | None = None
    outlook_set: bool | None = None
    never_runs: bool | None = None
    brawled: bool | None = None
    brawls: Count | None = None
    dead: bool | None = None

    def changes(self) -> dict[str, Any]:
        """The fields changed, by name."""
        return {f.name: value for f in fields(self)
                if (value := getattr(self, f.name)) is not None}

    def with_score(self, attribute: str, value: int) -> SheetChange:
        """The change with one Attribute (grit, gumption or grace) set to `value`."""
        return replace(self, grit=value if attribute == "grit" else self.grit,
                       gumption=value if attribute == "gumption" else self.gumption,
                       grace=value if attribute == "grace" else self.grace)


#: the sheets an event changes, by the character's name (the log's filter finds them)
Sheets = dict[Annotated[str, NAME], SheetChange]


# -- the posse and its sheets ------------------------------------------------------------------

KINDS.payload("optional_rules_chosen")(Settings)


@KINDS.payload("posse_formed")
@dataclass(frozen=True)
class PosseFormed:
    name: Annotated[str, NotEmpty()]
    clock: Hour
    history: str = ""
    purpose: str = ""


@KINDS.payload("character_created")
@dataclass(frozen=True)
class CharacterCreated:
    """A posse member: the three 2d6 rolls, the swap (none, or two Attributes), the purse
    rolled, and the sheet they make."""

    dice: Annotated[Faces, NotEmpty()]
    swap: tuple[Attribute, ...]
    purse: Faces
    character: Character


@KINDS.payload("npc_added")
@dataclass(frozen=True)
class NpcAdded:
    character: Character


@KINDS.payload("sheet_changed")
@dataclass(frozen=True)
class SheetChanged:
    name: Named
    sheets: Sheets


@KINDS.payload("npc_renamed", name="NPC renamed")
@dataclass(frozen=True)
class NpcRenamed:
    """The Judge's change of plans: an NPC goes by another name, the rest of his sheet
    kept (`new`, the name he takes, is no sheet's yet)."""

    name: Named
    new: Annotated[str, NotEmpty()]


@KINDS.payload("npc_dropped", name="NPC dropped")
@dataclass(frozen=True)
class NpcDropped:
    """An NPC the Judge no longer needs, taken off his sheets (`rank`, for the log): he
    never reaches the table afterwards; what the table saw of him before stays told."""

    name: Named
    rank: str = ""


@KINDS.payload("sheet_put_right")
@dataclass(frozen=True)
class SheetPutRight:
    """Running figures set straight: what they `was` and what they are now (`sheets`), and
    what was wrong; `npc`, an NPC's sheet, kept behind the Judge's screen."""

    name: Named
    why: Annotated[str, NotEmpty()]
    was: SheetChange
    sheets: Sheets
    npc: bool = False


# -- tests and duels ------------------------------------------------------------------------


@KINDS.payload("test_rolled")
@dataclass(frozen=True)
class TestRolled:
    """A simple test: the dice thrown (with a floating die, the face taken away), those kept,
    the result, and what its doubles earned."""

    __test__ = False  # a payload, not a test for pytest to collect

    name: Named
    attribute: Attribute
    value: Count
    challenge: Count
    stakes: Annotated[int, Between(1)]
    rolled: Faces
    kept: Faces
    total: Count
    result: ResultName
    misfortune: Bank
    sheets: Sheets
    floating: Floating | None = None
    removed: Face | None = None
    luck_earned: bool = False
    luck_spent_at_once: bool = False
    misfortune_banked: bool = False
    five_under: bool = False
    #: doubles on a failure the Judge chose not to bank (journals before: he banked them)
    misfortune_let_go: bool = False
    #: doubles on a failure with the Judge's bank full: a Misfortune to spend at once, or
    #: lost (journals before: not told)
    misfortune_at_once: bool = False
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False
    #: with Scene stakes, the last of `rolled` is the scene's die (journals before: not told)
    scene: bool = False


@KINDS.payload("doubled_down")
@dataclass(frozen=True)
class DoubledDown:
    name: Named
    faces: Faces
    before: Count
    total: Count
    result: ResultName
    catastrophe: bool
    misfortune: Bank
    sheets: Sheets
    #: Double or Nothing coins were flipped (the faces are 6 for heads, 1 for tails)
    coins: bool = False
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False
    #: the Judge's bank had room for the Misfortune Doubling Down gives (journals before:
    #: read as it had)
    misfortune_gained: bool = True
    #: doubled down on an opposed test lost (round 21): the other side and their total,
    #: the Challenge the new total had to beat (journals before: a simple test's)
    against: MaybeNamed = ""
    their_total: Count = 0
    #: an attack doubled down (round 21): its weapon (a key of the table, or "natural"),
    #: and, when the new total won, the harm it dealt the target and each one its blast
    #: caught (journals before: no attack was doubled down)
    weapon: Annotated[str, OneOf(attack_keys)] | None = None
    natural: str | None = None
    damage: Count | None = None
    caught: tuple[Named, ...] = ()
    #: the opposition's side of an opposed test doubled down (round 22; journals before:
    #: only the active side did); with an attack, the weapon of the attack it lost, which
    #: a new total that wins foils, its harm given back in `sheets`
    opposition: bool = False
    foils: Annotated[str, OneOf(attack_keys)] | None = None

    def weapon_name(self) -> str:
        """The weapon in a word or two, as an attack's line names it."""
        if self.weapon == "natural":
            return (self.natural or "natural weapon").rsplit(" ", 1)[0]
        return self.weapon or ""


@dataclass(frozen=True)
class SideRolled:
    """One side of an opposed test."""

    name: Named
    attribute: Attribute
    value: Count
    stakes: Annotated[int, Between(1)]
    rolled: Faces
    kept: Faces
    total: Count
    floating: Floating | None = None
    removed: Face | None = None
    luck_earned: bool = False
    luck_spent_at_once: bool = False
    misfortune_banked: bool = False
    #: the optional "5 under": 5 or more kept dice under the Attribute took a Stress off
    #: (journals before round 21: only on a win)
    five_under: bool = False
    #: doubles on a failure the Judge chose not to bank (journals before: he banked them)
    misfortune_let_go: bool = False
    #: doubles on a failure with the Judge's bank full: a Misfortune to spend at once, or
    #: lost (journals before: not told)
    misfortune_at_once: bool = False
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False
    #: with Scene stakes, the last of `rolled` is the scene's die (journals before: not told)
    scene: bool = False


@KINDS.payload("opposed_test_rolled")
@dataclass(frozen=True)
class OpposedTestRolled:
    """Both sides, who won ("" for nobody), and with a weapon what the attack dealt."""

    active: SideRolled
    opposition: SideRolled
    winner: Annotated[str, OneOf(("active", "opposition", ""))]
    misfortune: Bank
    sheets: Sheets
    weapon: Annotated[str, OneOf(attack_keys)] | None = None
    band: Annotated[str, OneOf(RANGE_BANDS)] | None = None
    cover: Annotated[str, OneOf(tuple(COVER))] | None = None
    damage: Count | None = None
    #: the active side's action of its turn in the fight (journals before: not counted)
    turn: bool = False
    #: with the weapon "natural": the attacker's natural weapon as their sheet gave it
    natural: str | None = None
    #: an area weapon's blast caught these too: each took `damage` when the throw won
    #: (journals before: it caught nobody)
    caught: tuple[Named, ...] = ()
    #: one of the posse among `caught`: the table saw the blast, between two NPCs too
    posse_caught: bool = False
    #: a weapon gone once thrown (a stick of dynamite): the item of the attacker's list it
    #: came off, and how many of it are left (journals before: nothing came off)
    thrown_item: str = ""
    thrown_left: Count = 0

    def weapon_name(self) -> str:
        """The weapon in a word or two: the table's key, or the natural weapon's name."""
        if self.weapon == "natural":
            return (self.natural or "natural weapon").rsplit(" ", 1)[0]
        return self.weapon or ""


@KINDS.payload("duel_fought", name="High Stakes Duel")
@dataclass(frozen=True)
class DuelFought:
    """Coins written H and T; each side's total and its limit (its score of the Attribute)."""

    challenger: Named
    challenger_coins: Annotated[str, NotEmpty()]
    challenger_total: Count
    challenger_limit: Count
    opponent: Named
    opponent_coins: Annotated[str, NotEmpty()]
    opponent_total: Count
    opponent_limit: Count
    winner: MaybeNamed
    sheets: Sheets
    #: journals before the Attribute was named fought on Gumption, as guns at high noon do
    attribute: Attribute = "gumption"
    #: the winner had a Stress to shed, and shed it (journals before: not said)
    stress_shed: bool = False

    def won(self) -> str:
        """Who won, and the Stress they shed when they had one (none is shed that is not
        there); why, when the totals alone do not say (a draw, both Busting)."""
        why = settled_by(self.challenger_total, self.challenger_limit, self.opponent_total,
                         self.opponent_limit, self.attribute.title())
        won = (f"{self.winner} wins" + (" and sheds a Stress" if self.stress_shed else "")
               if self.winner else "nobody wins")
        return f"{why}: {won}" if why else won

    def outcome(self) -> str:
        """`won`, as a sentence of its own."""
        won = self.won()
        return won[0].upper() + won[1:]

    def loser(self) -> str:
        """The side the winner beat ("" when nobody won)."""
        if not self.winner:
            return ""
        return self.opponent if self.winner == self.challenger else self.challenger


@KINDS.payload("luck_spent")
@dataclass(frozen=True)
class LuckSpent:
    name: Named
    why: str
    sheets: Sheets
    #: False for the Luck just rolled on a full bank, spent at once
    from_bank: bool = True


@KINDS.payload("misfortune_spent")
@dataclass(frozen=True)
class MisfortuneSpent:
    why: str
    misfortune: Bank
    on: MaybeNamed = ""


@KINDS.payload("wealth_lost")
@dataclass(frozen=True)
class WealthLost:
    """A wager's loser loses every Dollar, to the winner or out of play (""); or, outside a
    duel, some Dollars lost or paid (`part`), to an NPC or gone."""

    name: Named
    dollars: Count
    winner: MaybeNamed
    why: str
    sheets: Sheets
    #: only `dollars` of the purse, lost or paid outside a duel (journals before: all of it)
    part: bool = False
    #: won by one of the posse from another: no XP, starting money kept as such (journals
    #: before: counted as winnings)
    within_posse: bool = False


@KINDS.payload("reaction_rolled")
@dataclass(frozen=True)
class ReactionRolled:
    dice: Annotated[Faces, NotEmpty()]
    extra: Annotated[int, Between(0, 6)]
    total: int
    entry: str
    modifier: int = 0
    #: the NPC whose outlook it is ("": a stranger; journals before named nobody)
    name: MaybeNamed = ""
    #: the outlook the Judge had set for that NPC ahead, which this roll replaces (0: none,
    #: and journals before, which never said)
    replaces: Annotated[int, Between(0, 12)] = 0


@KINDS.payload("scene_die_set")
@dataclass(frozen=True)
class SceneDieSet:
    #: 0 for no scene die
    face: Annotated[int, Between(0, 6)]


# -- harm and the fight ---------------------------------------------------------------------


@KINDS.payload("harm_taken")
@dataclass(frozen=True)
class HarmTaken:
    name: Named
    amount: Annotated[int, Between(1)]
    why: str
    sheets: Sheets
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False
    #: when it was taken: "fight" (one is on), "duel" (a High Stakes Duel's loser), or
    #: "moment" (neither: a fall, a snakebite); None in journals before it was recorded
    during: Annotated[str, OneOf(("fight", "duel", "moment"))] | None = None


@KINDS.payload("out_of_action_rolled", name="Out of action table rolled")
@dataclass(frozen=True)
class OutOfActionRolled:
    name: Named
    face: Face
    mishap: str
    sheets: Sheets
    #: Grit lowered past the list's last slot: what moved or was left behind, in words
    #: (journals before: nothing moved)
    refit: tuple[str, ...] = ()


@KINDS.payload("lost", name="Lost for good")
@dataclass(frozen=True)
class Lost:
    name: Named
    why: str
    sheets: Sheets
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False


@KINDS.payload("revived")
@dataclass(frozen=True)
class Revived:
    name: Named
    face: Face
    sheets: Sheets
    #: the one it is about is an NPC: the Judge's roll or call, behind his screen (journals
    #: before: read as the posse's)
    npc: bool = False


@KINDS.payload("rested")
@dataclass(frozen=True)
class Rested:
    name: Named
    rolled: Faces
    total: Count
    result: ResultName
    luck_took_stress: bool
    sheets: Sheets
    luck_banked: bool = False
    luck_spent_at_once: bool = False
    misfortune_banked: bool = False
    #: the Judge's Misfortune after the rest (journals before rests banked it: unchanged)
    misfortune: Bank | None = None
    #: doubles on a Bust the Judge chose not to bank (journals before: he banked them)
    misfortune_let_go: bool = False
    #: doubles on a Bust with the Judge's bank full: a Misfortune to spend at once, or lost
    #: (journals before: not told)
    misfortune_at_once: bool = False
    #: the rations eaten from the sheet, and how many of them are left ("": none eaten;
    #: journals before ate none)
    ration: str = ""
    rations_left: Count = 0
    #: no rations were on the sheet: fed on the Judge's word (journals before: not told)
    unfed: bool = False
    #: a die floated on the rest (journals before: none), and the face taken away; `rolled`
    #: holds the dice kept
    floating: Floating | None = None
    removed: Face | None = None
    #: the optional "5 under": 5 kept dice or more under the Attribute took a Stress off
    #: (journals before: none did; before round 21, only on a success)
    five_under: bool = False
    #: with Scene stakes, the last of `rolled` is the scene's die (journals before: not told)
    scene: bool = False


@KINDS.payload("morale_tested")
@dataclass(frozen=True)
class MoraleTested:
    """The side of the NPC tested, against the best Grit of it still standing (`leader`;
    journals before sides name nobody); a coin for flee or surrender when they break."""

    name: Named
    rolled: Faces
    total: Count
    grit: Count
    broke: bool
    side: str = ""
    leader: MaybeNamed = ""
    coin: Coin | None = None
    #: those of the side in the fight who never run and stay when it breaks (journals
    #: before: none)
    stays: tuple[Named, ...] = ()


@KINDS.payload("quick_drawn", name="Quick draw")
@dataclass(frozen=True)
class QuickDrawn:
    name: Named
    item: Annotated[str, NotEmpty()]
    slot: Annotated[int, Between(1)]
    dice: Faces
    drawn: bool


@KINDS.payload("ammunition_checked")
@dataclass(frozen=True)
class AmmunitionChecked:
    """The d6 after a firefight for a gun or a bow (`weapon`; "" none listed, as journals
    before named none), and when a box or bundle is used, the item it came off (`item`, ""
    when none was carried), how many of it are `left`, and the equipment after."""

    name: Named
    face: Face
    spent: bool
    weapon: Annotated[str, OneOf(weapon_or_none)] = ""
    item: str = ""
    left: Count = 0
    sheets: Sheets | None = None


@KINDS.payload("initiative_flipped", name="Who goes first")
@dataclass(frozen=True)
class InitiativeFlipped:
    """A new round: the coin, who acts first, and whether the posse paid Luck to choose."""

    coin: Coin
    first: Annotated[str, OneOf(("posse", "npcs"))]
    chosen: bool
    round: Annotated[int, Between(1)]
    sheets: Sheets
    #: the order bought: the Luck each payer put in (journals before it name none)
    paid: dict[Annotated[str, NAME], Annotated[int, Between(1)]] | None = None


@KINDS.payload("fight_joined")
@dataclass(frozen=True)
class FightJoined:
    """Someone takes a place on the tracker at a band, and `others` with them (a side going
    in together: one step, one line). Journals before wrote one event for each."""

    name: Named
    band: Annotated[str, OneOf(RANGE_BANDS)]
    others: tuple[Named, ...] = ()


@KINDS.payload("lined_up")
@dataclass(frozen=True)
class LinedUp:
    """The Judge lines an NPC up ahead for the next fight, at the band he will join at
    (`band` "": taken off the line-up); `never_runs`, he stays when his side breaks."""

    name: Named
    band: Annotated[str, OneOf(("", *RANGE_BANDS))]
    never_runs: bool = False


@KINDS.payload("line_up_brought_in")
@dataclass(frozen=True)
class LineUpBroughtIn:
    """The line-up goes into the fight (each at his band, the FightJoined that follow in
    the same step); `never_runs`, those of it who never run."""

    names: Annotated[tuple[Named, ...], NotEmpty()]
    never_runs: tuple[Named, ...] = ()


@KINDS.payload("fighter_moved")
@dataclass(frozen=True)
class FighterMoved:
    """A move of one band; closing on a fighter (`toward`) may bring them nearer too (their
    band after, `toward_band`); backing off from the nearest foe (`away_from`) leaves the
    mover a band past the range between them. Journals before closing moved nobody else,
    and before backing off none backed off."""

    name: Named
    before: Annotated[str, OneOf(RANGE_BANDS)]
    band: Annotated[str, OneOf(RANGE_BANDS)]
    toward: MaybeNamed = ""
    toward_band: Annotated[str, OneOf(("", *RANGE_BANDS))] = ""
    away_from: MaybeNamed = ""


@KINDS.payload("turn_ended")
@dataclass(frozen=True)
class TurnEnded:
    name: Named


@KINDS.payload("fight_left")
@dataclass(frozen=True)
class FightLeft:
    name: Named


@KINDS.payload("fight_ended")
@dataclass(frozen=True)
class FightEnded:
    rounds: Count


# -- the Wanted Clock -----------------------------------------------------------------------


@KINDS.payload("clock_moved", name="Wanted Clock moved")
@dataclass(frozen=True)
class ClockMoved:
    """A move of the Wanted Clock, how and why; `cause` is the event that led to it (older
    journals say only that it `follows` the event before)."""

    before: Hour
    after: Hour
    how: Annotated[str, OneOf(HOW)]
    why: str
    cause: Annotated[int, Between(1)] | None = None
    follows: bool = False
    #: the bounty paid: who paid and what it cost
    payer: MaybeNamed | None = None
    cost: Count | None = None
    #: time served: who did it
    name: MaybeNamed | None = None
    sheets: Sheets | None = None
    #: the bounty paid by the posse pooling its money: each payer's part (one payer alone
    #: is `payer`, as journals before shares wrote it)
    shares: dict[Annotated[str, NAME], Annotated[int, Between(1)]] | None = None
    #: the hours the Judge named, kept only when the clock could not move them all (a crime
    #: past High Noon, a deal past 1 o'clock): the log says what was named and taken
    asked: Annotated[int, Between(1)] | None = None


@KINDS.payload("wanted_chart_rolled", name="Wanted Chart rolled")
@dataclass(frozen=True)
class WantedChartRolled:
    """The chart's 2d6 at the hour, and its entry ("" when the roll is over the hour)."""

    hour: Hour
    dice: Faces
    total: Count
    entry: str


@KINDS.payload("chart_result_brought", name="Wanted Chart result brought in")
@dataclass(frozen=True)
class ChartResultBrought:
    """A Wanted Chart result the Judge brings into play: the roll's event, total and entry."""

    seq: Annotated[int, Between(1)]
    total: Count
    entry: Annotated[str, NotEmpty()]


@KINDS.payload("glory_changed")
@dataclass(frozen=True)
class GloryChanged:
    amount: int
    why: str
    glory: Count


# -- between adventures ---------------------------------------------------------------------


@KINDS.payload("caroused", name="Carousing")
@dataclass(frozen=True)
class Caroused:
    """A night out: the bill's dice, the d6 table and its entry, the dice rolled again for a
    jackpot or a fine, and the coin of the Wanted result."""

    name: Named
    stress_off: Count
    advancement_dice: Count
    bill: Faces
    table: Face
    entry: str
    says: str
    again: Faces
    cost: Count
    prize: Count
    new_debt: Count
    story: str
    sheets: Sheets
    coin: Coin | None = None


@KINDS.payload("advanced", name="Advancement Test")
@dataclass(frozen=True)
class Advanced:
    name: Named
    attribute: Attribute
    before: Count
    faces: Faces
    total: Count
    rose: bool
    sheets: Sheets
    #: Grit raised: a very large item grown into the next one's slots moved it, in words
    #: (journals before: nothing moved)
    refit: tuple[str, ...] = ()


@KINDS.payload("take_shared")
@dataclass(frozen=True)
class TakeShared:
    """A share of the take. Counted between sessions it joins the take of the session just
    ended and its XP come at once (`xp`, `counted`); in a session it waits for the end."""

    name: Named
    dollars: Annotated[int, Between(1)]
    sheets: Sheets
    counted: bool = False
    xp: Count = 0
    #: the last share of a take split evenly: the dollars left over that would not split
    #: (each share rounded down, line 136; journals before: not told)
    left_over: Count = 0


@KINDS.payload("stress_eased")
@dataclass(frozen=True)
class StressEased:
    """Stress an item took off, the item, whether one of it was used up (and how many are
    `left`), and the sheet after."""

    name: Named
    item: Annotated[str, NotEmpty()]
    stress: Annotated[int, Between(1)]
    used_up: bool
    left: Count
    sheets: Sheets
    #: the one eased is an NPC: the Judge's business, behind his screen
    npc: bool = False


@KINDS.payload("debt_paid")
@dataclass(frozen=True)
class DebtPaid:
    """Dollars paid back of a debt Carousing ran up (`why`: to whom), and the sheet after."""

    name: Named
    dollars: Annotated[int, Between(1)]
    why: str
    sheets: Sheets


@KINDS.payload("session_settled", name="Takes turned into XP")
@dataclass(frozen=True)
class SessionSettled:
    """The session's take turned into XP, and a brawl's lowered Guts lifted."""

    name: Named
    take: Count
    xp: Count
    sheets: Sheets
    #: the most Guts once a Drunken Brawl wears off (None: no brawl to wear off, or a
    #: journal from before it was recorded)
    guts_max: Count | None = None


@KINDS.payload("bought")
@dataclass(frozen=True)
class Bought:
    name: Named
    item: Annotated[str, NotEmpty()]
    category: Annotated[str, OneOf(price_categories)]
    dice: Faces
    cost: Count
    sheets: Sheets
    #: how many times the category's dice were rolled (journals before: once)
    rolls: Annotated[int, Between(1)] = 1
    #: how many of the item were bought together, a stack of small ones, priced each
    count: Annotated[int, Between(1)] = 1


@KINDS.payload("sold")
@dataclass(frozen=True)
class Sold:
    name: Named
    item: Annotated[str, NotEmpty()]
    dice: Faces
    value: Count
    paid: Count
    used: bool
    sheets: Sheets
    rolls: Annotated[int, Between(1)] = 1
    #: half a used item's odd price rounded up to a dollar, the Judge's call (line 203;
    #: journals before round 21: let go)
    rounded_up: bool = False
    #: an Incidental sold for nothing, the Judge letting Incidentals go (Incidentals free
    #: on the Optional rules form: bought for nothing, sold for nothing; round 23;
    #: journals before: sold at the category's $1)
    let_go: bool = False
    #: the part of `paid` that came back as starting money, what of the price was (stop 63;
    #: journals before: none)
    start_money: Count = 0



@KINDS.payload("handed_over")
@dataclass(frozen=True)
class HandedOver:
    """Dollars and an item passed within the posse: `start_money`, the part of the dollars
    that was starting money and stays so; `giver_fell`, the giver's state when not ready
    ("dead", "rode off", "out of action"), for the log; `slot`, where the item went."""

    giver: Named
    taker: Named
    dollars: Count
    start_money: Count
    item: str
    slot: Count
    giver_fell: str
    sheets: Sheets
