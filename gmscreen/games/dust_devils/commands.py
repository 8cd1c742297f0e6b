"""What the Dealer can do in Dust Devils: one frozen dataclass per command.

Sheets: `MakeCharacter`, `ChangeCharacter`, `SetDevilRating`, `SetSessionDevils`,
`GiveChips`, `RaiseAttribute`,
`RaiseKnack`, `BuyKnack`, `RecordFate`, `DropCharacter`. Table rulings: `SetWinnerCard`,
`RuleCarryOver`.
A conflict: `AddEntrant` and `WithdrawEntrants` (its set up, each a step of
the journal's), `OpenConflict`, `Deal`, `Draw`, `Fold`, `DealerFolds`, `Call`, `BidForNarration`,
`TakeDifficulty`, `RestorePoint`, `EndConflict`. Cards travel in the commands as codes, so
the app's deck and the table's physical cards make the same events.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sheet:
    """A whole character sheet as the Dealer fills it in. Attribute ratings in the order
    Hand, Eye, Guts, Heart."""

    name: str
    player: bool
    ratings: tuple[int, int, int, int]
    knacks: tuple[tuple[str, int], ...] = ()
    traits: tuple[str, ...] = ()
    devil: str = ""
    devil_rating: int = 0
    vocation: str = ""
    description: str = ""
    back_story: str = ""
    notes: str = ""
    chips: int = 0


@dataclass(frozen=True)
class MakeCharacter:
    sheet: Sheet


@dataclass(frozen=True)
class MakeHangedManCast:
    """Make the book's scenario's sheets at once (`cast`): the player characters named in
    `players` (those of the four the table plays: any may be left out for a player's own
    character) and the three important non-player characters."""

    players: tuple[str, ...]


@dataclass(frozen=True)
class ChangeCharacter:
    """Correct a sheet; `name` is the character's name before the change. `values`: the
    attributes' values now, in the order Hand, Eye, Guts, Heart, corrected (Difficulty
    placed wrong); None keeps each as far below its rating as it was."""

    name: str
    sheet: Sheet
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SetDevilRating:
    """At a session's start each player sets the Devil rating for the session; `corrects`:
    the Dealer mends a rating typed wrong for this session, from now on."""

    name: str
    rating: int
    corrects: bool = False


@dataclass(frozen=True)
class SetSessionDevils:
    """Every player's Devil rating for the session at once, as one step."""

    ratings: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GiveChips:
    """The Dealer gives (or, negative, takes) Chips outside a conflict, with the reason."""

    name: str
    chips: int
    reason: str


@dataclass(frozen=True)
class RaiseAttribute:
    name: str
    attribute: str


@dataclass(frozen=True)
class RaiseKnack:
    name: str
    knack: str


@dataclass(frozen=True)
class BuyKnack:
    name: str
    knack: str


@dataclass(frozen=True)
class RecordFate:
    name: str
    fate: str


@dataclass(frozen=True)
class DropCharacter:
    """A character the Dealer made ahead and the table never met, taken off his sheets
    (the players went elsewhere)."""

    name: str


@dataclass(frozen=True)
class SetWinnerCard:
    """The optional rule: winners of the conflict just before get a card more."""

    on: bool


@dataclass(frozen=True)
class RuleCarryOver:
    """The Dealer's ruling that damage carries over at this session's end."""

    on: bool


@dataclass(frozen=True)
class Entrant:
    """A character entering a conflict and its choices for the Deal; `devil` is the cards
    the Devil adds (its rating), takes (minus the rating) or 0 when it stays out; `knack` is
    the Knack the Dealer rules relevant to this conflict ("" for none: no draw); `side`, the
    side its hand plays on where the goals declared set it apart from the usual ("players",
    "dealer" or "alone"; "" as usual: see `rules`, sides)."""

    name: str
    goal: str
    attributes: tuple[str, str]
    trait: bool = False
    devil: int = 0
    chip: bool = False
    knack: str = ""
    side: str = ""


@dataclass(frozen=True)
class AddEntrant:
    """A character is added to the conflict being set up, before it opens."""

    entrant: Entrant


@dataclass(frozen=True)
class WithdrawEntrants:
    """Characters added to the conflict being set up are taken out before it opens."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class OpenConflict:
    """Set up a conflict. `stud` is the Dealer's stud hand (3, 5 or 7), 0 for none;
    `stud_chip` is the Dealer's award of a Chip to each player for one more stud card.
    `recovery` names a patient and the points a healing Knack would restore; `takes_up`
    is the number of an open thread (an unresolved conflict) this one takes up again;
    `continues`: the conflict just called goes on at once, freshly shuffled (its winners
    get the optional card more). `entrants` are the characters added to the conflict being
    set up (`AddEntrant`); given here too, they must be those."""

    title: str
    entrants: tuple[Entrant, ...] = ()
    stakes: int = 0
    stud: int = 0
    stud_goal: str = ""
    stud_chip: bool = False
    recovery: tuple[str, tuple[tuple[str, int], ...]] | None = None
    takes_up: int = 0
    continues: bool = False


@dataclass(frozen=True)
class CloseThread:
    """An open thread (a conflict left unresolved) is over or abandoned, with the reason."""

    number: int
    reason: str


@dataclass(frozen=True)
class Deal:
    """The cards each hand was dealt, as codes ("As", "*"), by participant name."""

    hands: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Draw:
    """One hand's discard and redraw. `knack` is the relevant Knack used ("" for none);
    `chip` one more card, bought by a player or awarded by the Dealer for its own hands;
    `typed`, the Dealer typed the cards drawn from the table's deck (not the app's pack)."""

    name: str
    discards: tuple[str, ...]
    drawn: tuple[str, ...]
    knack: str = ""
    chip: bool = False
    typed: bool = False


@dataclass(frozen=True)
class Fold:
    """A player spends a Chip to fold before the Call."""

    name: str


@dataclass(frozen=True)
class DealerFolds:
    """The Dealer awards a Chip to each player present and the conflict ends unresolved."""


@dataclass(frozen=True)
class Call:
    """The cards each hand lays, by participant name."""

    lays: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class BidForNarration:
    """Chips bid for narration after the Call, by character name."""

    bids: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TakeDifficulty:
    """A loser's Difficulty, split over attributes. `by_narrator`: the narrator assigns it
    as the book allows, free of the winning combination's suits and size; `told`: the
    narrator's words for what the loss is (a wound, shame, fear), which a recovery must
    fit ("" for none)."""

    name: str
    split: tuple[tuple[str, int], ...]
    by_narrator: bool = False
    told: str = ""


@dataclass(frozen=True)
class RestorePoint:
    """The narrator who bought narration restores one point of this conflict's Difficulty."""

    attribute: str


@dataclass(frozen=True)
class EndConflict:
    """Pay the Stakes and close the conflict."""
