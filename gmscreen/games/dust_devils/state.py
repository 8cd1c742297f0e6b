"""The state of a Dust Devils campaign: frozen, rebuilt by folding the journal's events.

Attribute numbers are kept in the order Hand, Eye, Guts, Heart (`sheet.ATTRIBUTES`).
`ratings` are the sheet's ratings; `values` are what is left after Difficulty.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.core.text import names_went_by
from gmscreen.games.dust_devils.commands import Entrant
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute, knack_limit

#: the name of the Dealer's stud hand among a conflict's participants
DEALER = "Dealer"
#: what a character may come to on the Road to Hell
FATES = ("dies", "retires", "goes mad", "settles down", "moves on")


@dataclass(frozen=True)
class ChipEntry:
    """One change to a character's Chips and why."""

    session: int
    change: int
    reason: str
    #: made after `session` ended, before the next began (a Knack bought between sessions)
    between: bool = False

    @property
    def when(self) -> str:
        """When, as the sheet's history says it."""
        if not self.session:
            return "before play"
        return f"after session {self.session}" if self.between else f"session {self.session}"


@dataclass(frozen=True)
class Character:
    name: str
    player: bool
    ratings: tuple[int, int, int, int]
    values: tuple[int, int, int, int]
    knacks: tuple[tuple[str, int], ...] = ()
    traits: tuple[str, ...] = ()
    devil: str = ""
    devil_rating: int = 0
    vocation: str = ""
    description: str = ""
    back_story: str = ""
    notes: str = ""
    chips: int = 0
    earned: int = 0
    spent: int = 0
    #: Chips the Dealer took back: neither spent nor earned
    taken: int = 0
    ledger: tuple[ChipEntry, ...] = ()
    attribute_points_bought: int = 0
    knack_points_bought: int = 0
    #: the session the Devil rating was last set for (0: never)
    devil_set_for: int = 0
    #: the conflict that used an attribute at 0 has ended: the player records the fate
    fate_due: bool = False
    #: how the character left play ("" while in play)
    fate: str = ""
    #: the session the fate was recorded in (the last the character sat at the table)
    left_in: int = 0
    #: how each loss not yet all recovered was told, and the conflict it was taken in:
    #: (words, title); a recovery's treatment must fit them (book l.260)
    hurts: tuple[tuple[str, str], ...] = ()
    #: a player character's while a session was played: the table knows him, even made the
    #: Dealer's since (he is not dropped, round 30)
    sat_at_table: bool = False

    def rating(self, attribute: Attribute) -> int:
        return self.ratings[ATTRIBUTES.index(attribute)]

    def value(self, attribute: Attribute) -> int:
        return self.values[ATTRIBUTES.index(attribute)]

    def knack(self, name: str) -> int:
        """The rating of a Knack by name (any case); 0 when the character lacks it."""
        return next((r for k, r in self.knacks if k.lower() == name.strip().lower()), 0)

    @property
    def important(self) -> bool:
        """A player character, or a non-player character with a Devil."""
        return self.player or self.devil_rating > 0

    @property
    def at_zero(self) -> tuple[Attribute, ...]:
        return tuple(a for a in ATTRIBUTES if self.value(a) == 0)

    @property
    def on_last_leg(self) -> bool:
        """At 0 in an attribute and still in play: the Road to Hell. Not a minor non-player
        character (no Devil), who has no Devil to deal in its place and plays in the stud
        hand: one made with every attribute at 0 (a frightened clerk) read "On the Road
        to Hell"."""
        return bool(self.at_zero) and self.in_play and self.important

    @property
    def in_play(self) -> bool:
        return not self.fate

    @property
    def knack_limit(self) -> int:
        return knack_limit(self.rating(Attribute.HAND), self.rating(Attribute.EYE))


@dataclass(frozen=True)
class Participant:
    """One hand in a conflict: a character's, or the Dealer's stud hand (`DEALER`)."""

    name: str
    goal: str
    attributes: tuple[str, ...] = ()
    trait: bool = False
    devil: int = 0
    chip: bool = False
    won_last: bool = False
    cards_due: int = 0
    hand: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    drawn: bool = False
    folded: bool = False
    laid: tuple[str, ...] = ()
    #: entered with an attribute at 0 (the Road to Hell): narrates, and it is the last
    at_zero: bool = False
    #: the Knack relevant to this conflict, named at entry ("" for none)
    knack: str = ""
    #: the side its hand plays on, as the Dealer set it ("" as usual: `conflict.side`)
    side: str = ""

    @property
    def is_stud(self) -> bool:
        return self.name == DEALER


@dataclass(frozen=True)
class Conflict:
    number: int
    title: str
    stakes: int
    #: "deal", "draw", "resolve"; a conflict that is over is no longer the current one
    phase: str
    participants: tuple[Participant, ...]
    stud: int = 0
    #: the number of the open thread this conflict takes up again (0 for none)
    takes_up: int = 0
    #: (patient, ((attribute, points), ...)) when the conflict is a recovery
    recovery: tuple[str, tuple[tuple[str, int], ...]] | None = None
    #: every card seen this conflict (dealt and drawn), as codes
    seen: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    #: the hands below the winner on its side: the winning combination did not beat them
    spared: tuple[str, ...] = ()
    combination: tuple[str, ...] = ()
    high_card: str = ""
    high_card_holder: str = ""
    narrator: str = ""
    #: the narrator spent Chips to narrate and may restore one point of this conflict's
    narration_bought: bool = False
    restored: bool = False
    #: (name, attribute, points) of Difficulty taken in this conflict
    difficulty: tuple[tuple[str, str, int], ...] = ()
    #: (name, words) of how each loss in this conflict was told
    told: tuple[tuple[str, str], ...] = ()
    #: losers who have placed their Difficulty
    placed: tuple[str, ...] = ()
    #: (name, points) each loser placed of the winning combination's Difficulty (the
    #: narrator's handed out apart): what the outcome says the loser lost to it
    placed_points: tuple[tuple[str, int], ...] = ()

    def participant(self, name: str) -> Participant | None:
        return next((p for p in self.participants if p.name == name), None)

    @property
    def characters(self) -> tuple[str, ...]:
        """The names of the characters whose hands are in it (all but the stud hand)."""
        return tuple(p.name for p in self.participants if not p.is_stud)

    @property
    def active(self) -> tuple[Participant, ...]:
        """Those who have not folded."""
        return tuple(p for p in self.participants if not p.folded)

    @property
    def at_zero(self) -> list[str]:
        """Those still in who entered with an attribute at 0 (the Road to Hell's narrators)."""
        return [p.name for p in self.active if p.at_zero]


@dataclass(frozen=True)
class ConflictRecord:
    """A finished conflict, for the Conflict tab's history and the open threads."""

    number: int
    title: str
    outcome: str
    unresolved: bool = False
    #: how an unresolved conflict stopped being an open thread ("" while it is one)
    closed: str = ""
    #: the game session it ended in (0: before the first session)
    session: int = 0
    #: the characters whose hands were in it: closing its thread is about them
    characters: tuple[str, ...] = ()


@dataclass(frozen=True)
class DustDevilsState:
    characters: tuple[Character, ...] = ()
    conflict: Conflict | None = None
    past: tuple[ConflictRecord, ...] = ()
    #: who won the conflict just before (for the optional extra card)
    last_winners: tuple[str, ...] = ()
    #: the optional rule: the winners of the conflict just before get a card more
    winner_card: bool = False
    #: the Dealer ruled that damage carries over this session
    carry_over: bool = False
    session: int = 0
    in_session: bool = False
    #: everyone who has entered a conflict, in order: the table knows a non-player
    #: character once it has (see `view`)
    met: tuple[str, ...] = ()
    #: the characters added to the conflict being set up, in the order added, with the
    #: choices the Dealer entered for each: the journal keeps them until the conflict opens
    entering: tuple[Entrant, ...] = ()
    #: each name a sheet was given in place of one typed wrong: (was, now), oldest first
    renamed: tuple[tuple[str, str], ...] = ()

    def character(self, name: str) -> Character | None:
        return next((c for c in self.characters if c.name == name), None)

    def names_of(self, name: str) -> tuple[str, ...]:
        """The character's name and every one the sheet had before, newest first (the
        journal's notes about him may name any)."""
        return names_went_by(name, self.renamed)

    @property
    def players(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.player)

    @property
    def open_threads(self) -> tuple[ConflictRecord, ...]:
        return tuple(r for r in self.past if r.unresolved and not r.closed)

    @property
    def conflicts_held(self) -> int:
        return len(self.past) + (self.conflict is not None)
