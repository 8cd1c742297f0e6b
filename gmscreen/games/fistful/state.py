"""The state of a Fistful of Sixes campaign: the posse, its characters and NPCs, the Wanted
Clock, the Judge's Misfortune, and the test still open for Doubling Down.

A `Character` is also the whole sheet a new character's event records, and `Settings` the
optional rules' event: their fields carry the checks a journal's values are read with.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated

from gmscreen.games.fistful.between import BRAWL_GUTS
from gmscreen.games.fistful.characters import ATTRIBUTES, RANKS, Item, guts_max
from gmscreen.games.fistful.conflict import BANK_MAX, STRESS_MAX
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.tables import UNNUMBERED
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, NotEmpty, OneOf

#: a count that never goes below 0 (Dollars, XP, Guts, a score lowered by a mishap)
Count = Annotated[int, Between(0)]
Stress = Annotated[int, Between(0, STRESS_MAX)]
#: a bank of Luck, or the Judge's of Misfortune
Bank = Annotated[int, Between(0, BANK_MAX)]
#: the most a damage modifier the Judge sets for a weapon the book gives none may add (as
#: a creature's natural weapon, `harm.MOST_NATURAL`); the least is a fist's -1
MOST_HOUSE = 10
WeaponAdd = Annotated[int, Between(-1, MOST_HOUSE)]
#: "" for a posse member; an NPC's rank, or a creature
RANK_NAMES = ("", *RANKS, "Creature")

#: how many of the newest game events the state keeps for the players' screen (`lately`)
LATELY = 24

#: what a night out may leave to write on a sheet ("" nothing), each kept where it is written
STORIES_DUE = ("", "background", "back story")

OPTIONAL_RULES = {
    "scene_stakes": "Scene stakes: a d6 rolled for the scene counts as one die of every test",
    "glory": "Glory: keep a tally of how well known the posse is",
    "five_under": "5 under: 5 or more dice without a Bust take a Stress away",
    "stress_for_luck": "Stress for Luck: a Luck rolled may be spent on a Stress",
    "coin_double_down": "Double or Nothing coins: Doubling Down flips coins (H 6, T 1)",
}


@dataclass(frozen=True, slots=True)
class Settings:
    """The book's optional rules, each off until the Judge turns it on."""

    scene_stakes: bool = False
    glory: bool = False
    five_under: bool = False
    stress_for_luck: bool = False
    coin_double_down: bool = False
    #: the damage modifiers of the weapons the book sells but gives no numbers for, the
    #: Judge's to set (round 22; journals before: the app's reading, an axe's +2 and a
    #: rifle's +3)
    sword: WeaponAdd = UNNUMBERED["sword"]
    gatling: WeaponAdd = UNNUMBERED["gatling"]
    #: lines 203, 207: an Incidental item costs a dollar or less, and what costs under a
    #: dollar is let go or rounded up, the Judge's call: True lets a bought one go for
    #: nothing (round 22; journals before: charged $1, rounded up)
    free_incidentals: bool = False

    def house(self) -> dict[str, int]:
        """The Judge's numbers for the weapons the book gives none, by the table's key."""
        return {key: getattr(self, key) for key in UNNUMBERED}


def house_said(settings: Settings) -> str:
    """The Judge's own calls kept with the optional rules, where they are not the app's
    default, as the optional rules' line ends: "; the Judge's harm: Cavalry sword +3;
    Incidentals let go" ("" for none)."""
    names = {"sword": "Cavalry sword", "gatling": "Gatling gun"}
    own = [f"{names[key]} {add:+d}" for key, add in settings.house().items()
           if add != UNNUMBERED[key]]
    return ((f"; the Judge's harm: {', '.join(own)}" if own else "")
            + ("; Incidentals let go (free)" if settings.free_incidentals else ""))


@dataclass(frozen=True, slots=True)
class Character:
    """A posse member (rank "") or an NPC (rank Poor, Common, Ornery, Infamous, Creature)."""

    name: Annotated[str, NAME, NotEmpty()]
    grit: Count
    gumption: Count
    grace: Count
    guts: Count
    stress: Stress = 0
    luck: Bank = 0
    dollars: Count = 0
    #: starting dollars still in hand, which cannot pay off the bounty
    start_purse: Count = 0
    debt: Count = 0
    #: whom the debt is owed, as the Judge decided when Carousing ran it up (line 146); his
    #: to know, so the table's views leave it out
    owed_to: str = ""
    xp: Count = 0
    #: advancement dice bought while Carousing, waiting for the Advancement Test
    advancement_dice: Count = 0
    #: dollars shared out this session, turned into XP when it ends
    take: Count = 0
    #: between sessions, the take the last session's end (and the shares counted since)
    #: turned into XP: a share counted now joins it
    settled_take: Count = 0
    background: str = ""
    background_used: bool = False
    equipment: tuple[Item, ...] = ()
    gender: str = ""
    hometown: str = ""
    notes: str = ""
    rank: Annotated[str, OneOf(RANK_NAMES)] = ""
    #: an NPC's side, for morale ("" stands alone; posse members are the posse)
    side: str = ""
    #: a creature's natural weapon, its name and damage modifier ("claws +2"; "" none)
    natural: str = ""
    brawled: bool = False
    #: the Drunken Brawls had this session, each 2 fewer Guts at most (0 with `brawled`:
    #: one, as a journal written before brawls were counted says it)
    brawls: Count = 0
    #: what a night out's table left to write on the sheet (lines 151-152): "background"
    #: (Secrets revealed) or "back story" (Truth Comes Out, written in the notes), till an
    #: edit of the sheet writes it; "" nothing
    story_due: Annotated[str, OneOf(STORIES_DUE)] = ""
    #: an NPC's outlook towards the posse: the total of their reaction roll (0: none rolled)
    outlook: int = 0
    #: the outlook is the Judge's own, set without a roll (line 265: a reaction is rolled
    #: for an NPC with none set)
    outlook_set: bool = False
    #: the names an NPC went by before the Judge renamed him, oldest first
    called: tuple[str, ...] = ()
    #: a foe the Judge said never runs (line 261: he stays when his side's morale breaks)
    never_runs: bool = False
    dead: bool = False
    #: at 0 Guts, the Out of action table is rolled for this fall (none gets up before it)
    out_of_action_rolled: bool = False

    @property
    def guts_max(self) -> int:
        """Half the Grit, rounded up, 2 fewer for each brawl this session; never below 0."""
        return max(0, guts_max(self.grit) - BRAWL_GUTS * self.brawl_count)

    @property
    def brawl_count(self) -> int:
        """The Drunken Brawls had this session (line 153), each taking 2 of the most Guts."""
        return max(self.brawls, 1 if self.brawled else 0)

    @property
    def is_npc(self) -> bool:
        return self.rank != ""

    @property
    def out_of_play(self) -> bool:
        return self.stress >= STRESS_MAX

    @property
    def out_of_action(self) -> bool:
        return self.guts <= 0

    def attribute(self, name: str) -> int:
        if name not in ATTRIBUTES:
            raise KeyError(name)
        value: int = getattr(self, name)
        return value

    @property
    def condition(self) -> str:
        """One word for the sheet: how the character stands."""
        if self.dead:
            return "dead"
        if self.out_of_play:
            return "rode off"
        if self.out_of_action:
            return "out of action"
        return "ready"


@dataclass(frozen=True, slots=True)
class ClockMove:
    """One move of the Wanted Clock: when, from and to which hour, how and why (and who did
    the time, for time served, and the hours named of a move the clock could not make
    whole)."""

    seq: int
    before: int
    after: int
    how: str
    why: str
    cause: int | None
    name: str = ""
    #: the hours named when the clock could not move them all (see `wanted.falls_short`)
    asked: int | None = None


@dataclass(frozen=True, slots=True)
class OpenTest:
    """The last simple test, kept so that a plain failure can be doubled down; or the last
    opposed test or an attack its active side lost under the Attribute (round 21), or its
    opposition lost so (round 22, `opposition`):
    `against` names the other side, whose total is the `challenge`, and `their_value` is
    their Attribute, which settles a draw (line 30)."""

    name: str
    attribute: str
    value: int
    challenge: int
    total: int
    result: Result
    against: str = ""
    their_value: int = 0
    #: an attack lost: what it was made with, so a Doubling Down that wins deals its harm
    weapon: str | None = None
    band: str = "Close"
    cover: str = "none"
    stakes: int = 0
    natural: str | None = None
    caught: tuple[str, ...] = ()
    #: the opposition's side of an opposed test or an attack it lost under its Attribute
    #: (round 22: the book's Doubling Down is any loser's, not only the active side's):
    #: `against` won, and its total is the `challenge`; with an attack, the weapon it won
    #: with, and the Guts each one it harmed had before it, given back should the
    #: opposition's new total win (the attack foiled)
    opposition: bool = False
    foils: str | None = None
    restore: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Fighter:
    """A place on the turn tracker."""

    name: str
    band: str
    moved: bool = False
    #: the turn is done ("Done", or a new round not yet begun for them)
    acted: bool = False
    #: the turn's one action (an attack) is taken; a move may still follow
    action_taken: bool = False

    @property
    def turn_over(self) -> bool:
        """The turn holds nothing more: ended ("Done"), or its move and its one action both
        taken."""
        return self.acted or (self.moved and self.action_taken)


@dataclass(frozen=True, slots=True)
class FistfulState:
    posse: str = ""
    history: str = ""
    purpose: str = ""
    formed: bool = False
    clock: int = 1
    #: the hour the posse was formed at: each purse is that many d6 (0 before it is formed)
    start_clock: int = 0
    clock_moves: tuple[ClockMove, ...] = ()
    chart_rolls: tuple[tuple[int, int, str], ...] = ()
    #: the chart rolls (by their event's number) whose result the Judge has brought into play
    chart_brought: tuple[int, ...] = ()
    characters: tuple[Character, ...] = ()
    misfortune: int = 0
    glory: int = 0
    scene_die: int | None = None
    settings: Settings = field(default_factory=Settings)
    open_test: OpenTest | None = None
    combat_round: int = 0
    first_to_act: str = ""
    #: this round's order was bought with the posse's Luck, not flipped
    order_bought: bool = False
    fight: tuple[Fighter, ...] = ()
    #: the next fight as the Judge lines it up ahead, behind his screen: (NPC, the band he
    #: joins at, he never runs), in the order lined up; brought in together in one step
    lineup: tuple[tuple[str, str, bool], ...] = ()
    #: who the newest event gave a Luck (the Luck "just rolled"), and those of them whose
    #: bank was full, so that Luck is to be spent at once and leaves the bank as it is
    fresh_luck: tuple[str, ...] = ()
    unbanked_luck: tuple[str, ...] = ()
    #: the winner and the loser of a High Stakes Duel that is the newest step: what the
    #: loser loses (harm, or a wager's Dollars) follows at once ("" when no duel is)
    duel_winner: str = ""
    duel_loser: str = ""
    #: the newest reaction, when it is on guard with no die added yet: its two dice and
    #: the Judge's modifier, for the d6 added when the posse stays
    guarded: tuple[int, int, int, str] | None = None
    #: the event of the fight's newest attack (0: none yet), for the Fight tab to tell
    last_attack: int = 0
    #: a session has ended and the next has not begun: a share counted now is the ended
    #: session's take (the book counts the take at the session's end)
    between_sessions: bool = False
    #: how many sessions have ended: a session begun after one takes up where it stood
    sessions_ended: int = 0
    #: the sides (`side_key`) whose morale was tested since they last lost Guts or a member:
    #: their morale is not in question again until things go further downhill
    morale_settled: tuple[str, ...] = ()
    #: the guns and bows fired whose ammunition die is still to roll, as (who, weapon key),
    #: the newest last: the ammunition form starts on the newest of them
    fired: tuple[tuple[str, str], ...] = ()
    #: the weapon each one attacked with last, as (who, weapon key or "natural"/"fist"):
    #: the attack form starts on it while it still reaches
    last_weapons: tuple[tuple[str, str], ...] = ()
    #: the newest game events of this session, as (their step, their payload), the newest
    #: last (at most `LATELY`): the players' screen tells the newest steps the table saw
    #: from them ("Just now"), its view leaving out what the Judge keeps
    lately: tuple[tuple[int, object], ...] = ()
    #: the number of the newest event folded that the game sees (its own steps, a
    #: session's start or end, a note): a crime's line of the log is it or one before
    newest: int = 0
    #: the event of Glory's newest change (0: none yet): the clock's moves after it are
    #: the bounty Glory has not yet been swayed by (line 288)
    glory_seq: int = 0

    def fighter(self, name: str) -> Fighter | None:
        return next((f for f in self.fight if f.name == name), None)

    def character(self, name: str) -> Character | None:
        return next((c for c in self.characters if c.name == name), None)

    @property
    def posse_members(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if not c.is_npc)

    @property
    def posse_in_play(self) -> tuple[Character, ...]:
        """The posse's members alive and still in play (not ridden off at 6 Stress)."""
        return tuple(c for c in self.posse_members if not c.dead and not c.out_of_play)

    @property
    def npcs(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.is_npc)

    def side_of(self, who: Character) -> tuple[Character, ...]:
        """The NPCs who stand with `who`: those of its side (the same name whatever the
        case), or `who` alone when it has no side named."""
        if not who.side:
            return (who,)
        key = who.side.casefold()
        return tuple(c for c in self.npcs if c.side.casefold() == key)

    def side_key(self, who: Character) -> str:
        """What names `who`'s side whatever the case it was typed in (an NPC of no side is a
        side of one, named by its own name)."""
        return f"side {who.side.casefold()}" if who.side else f"alone {who.name}"

    def morale_leader(self, who: Character) -> Character | None:
        """The one whose Grit tests the morale of `who`'s side: the best Grit of that side
        still standing (neither dead, gone, nor out of action); None when nobody stands."""
        standing = [c for c in self.side_of(who)
                    if not (c.dead or c.out_of_play or c.out_of_action)]
        return max(standing, key=lambda c: c.grit, default=None)

    def with_character(self, character: Character) -> FistfulState:
        """The state with `character` put in place of the one of the same name (or added)."""
        kept = tuple(character if c.name == character.name else c for c in self.characters)
        if self.character(character.name) is None:
            kept = (*kept, character)
        return replace(self, characters=kept)
