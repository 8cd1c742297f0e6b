"""What happens in Dust Devils: one typed payload per kind of event the game writes.

`KINDS.read(event)` is the one place an event's data is read: a value that does not fit (an
attribute misspelt, a card that is no card, a Stakes of 9) is refused naming the field. The
kinds and their keys are the ones journals have always held; a key added later has a
default, so older journals read as they did. Cards are written as their codes ("As", "*").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from gmscreen.core.cards import Card, standard_cards
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, Length, NotEmpty, OneOf

KINDS = Kinds("dust_devils.")

#: the code of every card of the pack, and "" for none (a lay of jokers alone has no high card)
CARD_CODES = frozenset({card.code for card in standard_cards(jokers=2)} | {""})
#: 0 for no stud hand, or the Dealer's stud hand of 3, 5 or 7 cards
STUD_CHOICES = (0, 3, 5, 7)
#: the side an entrant's hand plays on, as the Dealer set it: "" as usual (the players'
#: characters together against the Dealer's hands), or the players', the Dealer's, its own;
#: each with its word, as the form offers it and the lists and the log say it
SIDES = {"": "usual", "players": "players'", "dealer": "Dealer's", "alone": "own"}

Named = Annotated[str, NAME, NotEmpty()]
Rating = Annotated[int, Between(0, 5)]
Points = Annotated[int, Between(0, 5)]


# -- sheets ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Knack:
    name: Annotated[str, NotEmpty()]
    rating: Annotated[int, Between(1, 4)]


@dataclass(frozen=True, kw_only=True)
class SheetWritten:
    """A whole sheet as the journal keeps it (ratings in the order Hand, Eye, Guts, Heart)."""

    name: Named
    player: bool
    ratings: Annotated[tuple[Rating, ...], NotEmpty()]
    knacks: tuple[Knack, ...] = ()
    traits: tuple[str, ...] = ()
    devil: str = ""
    devil_rating: Annotated[int, Between(0, 3)] = 0
    vocation: str = ""
    description: str = ""
    back_story: str = ""
    notes: str = ""
    chips: Annotated[int, Between(0)] = 0


@KINDS.payload("character_made")
@dataclass(frozen=True, kw_only=True)
class CharacterMade(SheetWritten):
    pass


@KINDS.payload("character_changed")
@dataclass(frozen=True, kw_only=True)
class CharacterChanged(SheetWritten):
    """A sheet corrected; `name` is the name after the change, `old_name` the one before."""

    old_name: Named
    #: the attributes' values now, corrected (None: each as far below its rating as it was,
    #: and in journals before it)
    values: tuple[Rating, ...] | None = None
    #: whether the table had met him (a non-player character) as his sheet was corrected:
    #: a name put right is then told it. Journals before it say nothing: not told
    met: bool = False
    #: whose the sheet was before the change: a player character's (True) or the Dealer's
    #: (False); None in journals before it (round 29)
    was_player: bool | None = None
    #: the sheet's fields the correction changed besides its name and side, by their names
    #: on the Sheet ("devil_rating", "knacks"): the Dealer's log says which; () in journals
    #: before it, told as before (round 31)
    changed: tuple[str, ...] = ()


@KINDS.payload("chips_changed")
@dataclass(frozen=True)
class ChipsChanged:
    name: Named
    change: int
    reason: str
    #: the conflict the Chips changed hands in ("" for none, and in journals before it)
    title: str = ""
    #: the price of the raise, new Knack or fold that the event before it, in the same step,
    #: tells: its line says the price alone (False for the rest, and in journals before it)
    price: bool = False
    #: Chips the Dealer took back (g with a negative number): neither spent on what the book
    #: lets Chips buy nor earned (False for the rest, and in journals before it)
    taken: bool = False


@KINDS.payload("devil_rating_set")
@dataclass(frozen=True)
class DevilRatingSet:
    name: Named
    rating: Annotated[int, Between(1, 3)]
    #: the rating this one corrects, set wrong for the session (0: set, not corrected)
    was: Annotated[int, Between(0, 3)] = 0


@KINDS.payload("attribute_raised")
@dataclass(frozen=True)
class AttributeRaised:
    name: Named
    attribute: Attribute
    rating: Annotated[int, Between(1, 5)]


@KINDS.payload("knack_raised")
@dataclass(frozen=True)
class KnackRaised:
    name: Named
    knack: Annotated[str, NotEmpty()]
    rating: Annotated[int, Between(2, 4)]


@KINDS.payload("knack_bought")
@dataclass(frozen=True)
class KnackBought:
    name: Named
    knack: Annotated[str, NotEmpty()]


@KINDS.payload("fate_recorded")
@dataclass(frozen=True)
class FateRecorded:
    name: Named
    fate: Annotated[str, NotEmpty()]


@KINDS.payload("character_dropped", name="Character dropped")
@dataclass(frozen=True)
class CharacterDropped:
    """One of the Dealer's characters, made ahead and never met by the table, taken off his
    sheets (round 30); `vocation`, for the log. Undone, he is back as he was."""

    name: Named
    vocation: str = ""


# -- a conflict -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PointsOf:
    """Points of one attribute: lost, hoped for or given back."""

    attribute: Attribute
    points: Points


@dataclass(frozen=True)
class Entered:
    """A hand in a conflict as it was set up; the Dealer's stud hand has no attributes."""

    name: Named
    cards: Annotated[int, Between(1, 54)]
    goal: str = ""
    attributes: tuple[Attribute, ...] = ()
    trait: bool = False
    devil: Annotated[int, Between(-3, 3)] = 0
    chip: bool = False
    won_last: bool = False
    at_zero: bool = False
    knack: str = ""
    side: Annotated[str, OneOf(SIDES)] = ""


@KINDS.payload("entrant_added", name="Added to the next conflict")
@dataclass(frozen=True)
class EntrantAdded:
    """A character added to the conflict being set up, with the Dealer's choices for its
    Deal (as `commands.Entrant`), before the conflict opens."""

    name: Named
    goal: Annotated[str, NotEmpty()]
    attributes: Annotated[tuple[Attribute, ...], Length(2, 2)]
    trait: bool = False
    devil: Annotated[int, Between(-3, 3)] = 0
    chip: bool = False
    knack: str = ""
    side: Annotated[str, OneOf(SIDES)] = ""


@KINDS.payload("entrants_withdrawn", name="Taken out of the next conflict")
@dataclass(frozen=True)
class EntrantsWithdrawn:
    """Characters added to the conflict being set up, taken out before it opens;
    `everyone`: all of them, and the set up is cleared."""

    names: Annotated[tuple[Named, ...], NotEmpty()]
    everyone: bool = False


@dataclass(frozen=True)
class HopedFor:
    """A recovery: the patient and the points a healing Knack would give back."""

    patient: Named
    split: tuple[PointsOf, ...]


@KINDS.payload("conflict_opened")
@dataclass(frozen=True)
class ConflictOpened:
    number: Annotated[int, Between(1)]
    title: Annotated[str, NotEmpty()]
    entrants: Annotated[tuple[Entered, ...], NotEmpty()]
    stakes: Annotated[int, Between(0, 3)] = 0
    stud: Annotated[int, OneOf(STUD_CHOICES)] = 0
    recovery: HopedFor | None = None
    takes_up: Annotated[int, Between(0)] = 0
    continues: bool = False


@dataclass(frozen=True)
class HandOfCards:
    name: Named
    cards: tuple[Card, ...]


@KINDS.payload("cards_dealt")
@dataclass(frozen=True)
class CardsDealt:
    hands: Annotated[tuple[HandOfCards, ...], NotEmpty()]
    title: str = ""


@KINDS.payload("cards_drawn")
@dataclass(frozen=True)
class CardsDrawn:
    name: Named
    discards: tuple[Card, ...]
    drawn: tuple[Card, ...]
    knack: str = ""
    chip: bool = False
    #: the conflict drawn in ("" in journals before it)
    title: str = ""
    #: the cards the Devil rating added to the Draw, for a hand using an attribute at 0
    #: (0 for the rest, and in journals before it)
    devil: int = 0
    #: the Dealer typed the cards drawn (the table's own deck); False where the app drew
    #: them from its pack, and in journals before it: a Draw taken back and sent again
    #: draws those afresh
    typed: bool = False


@KINDS.payload("folded")
@dataclass(frozen=True)
class Folded:
    name: Named
    title: str = ""


@KINDS.payload("dealer_folded")
@dataclass(frozen=True)
class DealerFolded:
    title: str = ""


@dataclass(frozen=True)
class Laid:
    """The cards a hand laid at the Call, and the poker hand they make."""

    name: Named
    cards: tuple[Card, ...]
    hand: str = ""
    category: str = ""


@KINDS.payload("called")
@dataclass(frozen=True)
class Called:
    lays: Annotated[tuple[Laid, ...], NotEmpty()]
    winners: Annotated[tuple[Named, ...], NotEmpty()]
    combination: tuple[Card, ...]
    category: str
    title: str = ""
    high_card: Annotated[str, OneOf(CARD_CODES)] = ""
    high_card_holder: Annotated[str, NAME] = ""
    narrator: Annotated[str, NAME] = ""
    #: the hands below the winner that stood on its side and take none of its Difficulty
    #: (none in a journal from before sides were told apart: every hand below was beaten)
    spared: tuple[Named, ...] = ()


@dataclass(frozen=True)
class Bid:
    name: Named
    chips: Annotated[int, Between(0)]


@KINDS.payload("narration_bid")
@dataclass(frozen=True)
class NarrationBid:
    bids: tuple[Bid, ...]
    narrator: Named
    paid: Annotated[int, Between(0)] = 0
    title: str = ""


@KINDS.payload("difficulty_taken")
@dataclass(frozen=True)
class DifficultyTaken:
    name: Named
    split: tuple[PointsOf, ...]
    by_narrator: bool = False
    title: str = ""
    #: the narrator's words for what the loss is ("" for none, and in journals before it)
    told: str = ""
    #: the attributes this loss put at 0, the Road to Hell (() for none, and in journals
    #: before it)
    at_zero: tuple[Attribute, ...] = ()


@KINDS.payload("point_restored", name="Point back by narrating")
@dataclass(frozen=True)
class PointRestored:
    name: Named
    attribute: Attribute
    title: str = ""


@dataclass(frozen=True)
class Regained:
    """Points an attribute of a character gets back."""

    name: Named
    attribute: Attribute
    points: Points


@KINDS.payload("conflict_ended")
@dataclass(frozen=True)
class ConflictEnded:
    title: str = ""
    unresolved: bool = False
    outcome: str = ""
    stakes: tuple[Named, ...] = ()
    fates_due: tuple[Named, ...] = ()
    recovered: tuple[Regained, ...] = ()
    #: the characters whose hands were in it, so that the log's filter by character keeps
    #: the end with the rest of the conflict (() for the Dealer's hand alone, and in
    #: journals before it)
    hands: tuple[Named, ...] = ()


@KINDS.payload("thread_closed")
@dataclass(frozen=True)
class ThreadClosed:
    number: Annotated[int, Between(1)]
    reason: Annotated[str, NotEmpty()]
    title: str = ""
    #: the characters whose hands were in the conflict left open, so that the log's filter
    #: by character keeps its close with the rest of it (() in journals before it)
    hands: tuple[Named, ...] = ()


# -- sessions and table rulings -------------------------------------------------------------


@KINDS.payload("recovered")
@dataclass(frozen=True)
class Recovered:
    """At a session's end: what each attribute got back."""

    recovered: tuple[Regained, ...]


@dataclass(frozen=True)
class Kept:
    """Points a character's attribute stays down past a session's end."""

    name: Named
    attribute: Attribute
    points: Points
    #: the attribute is at 0: the Road to Hell, which no session's end lifts
    at_zero: bool = False


@KINDS.payload("damage_kept")
@dataclass(frozen=True)
class DamageKept:
    """At a session's end: the Difficulty that does not come back, all of it when the
    Dealer ruled that it carries over, else only the attributes at 0. It changes nothing;
    it says what the next session starts with."""

    kept: Annotated[tuple[Kept, ...], NotEmpty()]
    carried_over: bool = False


@KINDS.payload("winner_card_set", name="Winner's card rule")
@dataclass(frozen=True)
class WinnerCardSet:
    on: bool


@KINDS.payload("carry_over_ruled", name="Damage carries over")
@dataclass(frozen=True)
class CarryOverRuled:
    on: bool
