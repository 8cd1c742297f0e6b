"""Character sheets: the four attributes, Knacks, the Devil and its rating, and what Chips buy.

Readings where the book leaves room (each one tested in tests/dust_devils/test_sheet.py):

- The 13 attribute points and 11 Knack points are spent in full at creation: a new player
  character's attributes total exactly 13 and its Knacks exactly 11.
- A player character's attributes are each 1 or more on the sheet: an attribute at 0 is the
  Road to Hell, which a character reaches through a conflict, not at its making.
- A change to a made sheet (a correction) is checked against the same budgets plus what the
  character has bought with Chips since: attributes total 13 plus the points raised, Knacks
  11 plus the points raised and bought. Ratings stay within their limits.
- The Knack limit (Hand + Eye, or 6 if higher) uses the attribute ratings, not their values
  after Difficulty, and is checked when a Knack is bought.
- A Knack's name is unique on a sheet regardless of letter case.
- Non-player characters are not held to any budget (the Dealer makes them as he sees fit):
  their ratings may be 0 but stay at most 5, the ceiling of every attribute, and their
  Knacks 1 to 4; only an important one (with a Devil) has a Devil rating. They hold no
  Chips: Chips are the players' to win and spend, and the Dealer only awards them.
- Attributes are raised one point at a time, like Knacks, each point at twice its new
  rating.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from gmscreen.core.cards import Suit
from gmscreen.core.text import quoted
from gmscreen.journal.rules import RuleError


class Attribute(StrEnum):
    """The four attributes, each tied to a suit."""

    HAND = "Hand"
    EYE = "Eye"
    GUTS = "Guts"
    HEART = "Heart"

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def symbol(self) -> str:
        return _SUIT_OF[self].symbol


_SUIT_OF = {
    Attribute.HAND: Suit.SPADES,
    Attribute.EYE: Suit.DIAMONDS,
    Attribute.GUTS: Suit.CLUBS,
    Attribute.HEART: Suit.HEARTS,
}
ATTRIBUTES: tuple[Attribute, ...] = tuple(Attribute)

ATTRIBUTE_POINTS = 13
#: the least a player character's attribute is rated on the sheet
ATTRIBUTE_MIN = 1
ATTRIBUTE_MAX = 5
KNACK_POINTS = 11
KNACK_MIN, KNACK_MAX = 1, 4
KNACK_FLOOR = 6
DEVIL_MIN, DEVIL_MAX = 1, 3
NEW_KNACK_COST = 2

#: the sheet's limits in a sentence, for the form that makes and corrects one
SHEET_RULES = (
    f"Player characters: {ATTRIBUTE_POINTS} attribute points, each attribute "
    f"{ATTRIBUTE_MIN} to {ATTRIBUTE_MAX}; two traits; Knacks rated {KNACK_MIN} to "
    f"{KNACK_MAX} from {KNACK_POINTS} points, as many Knacks as Hand + Eye "
    f"({KNACK_FLOOR} if that is more); a Devil rated {DEVIL_MIN} to {DEVIL_MAX}. "
    f"Non-player characters: no points to spend, attributes 0 to {ATTRIBUTE_MAX}, Knacks "
    f"{KNACK_MIN} to {KNACK_MAX}, a Devil rating only with a Devil.")

#: what the sheet form says under each attribute
ATTRIBUTE_ABOUT = (f"{ATTRIBUTE_MIN} to {ATTRIBUTE_MAX} for a player character (the four "
                   f"share {ATTRIBUTE_POINTS}); 0 to {ATTRIBUTE_MAX} for the Dealer's")


#: what the sheet form says under the Devil, its rating and the Chips
DEVIL_ABOUT = ("The dark past he cannot shake, in a phrase or a few sentences; a player "
               "character needs one")
DEVIL_RATING_ABOUT = (f"{DEVIL_MIN} to {DEVIL_MAX}; the player picks it anew as each session "
                      "begins (Devils, on the Characters tab), and one made during a session "
                      "starts at this one. 0 for a non-player character without a Devil")
#: in the sheet form's Devil rating while it is blank: what the blank is read as
DEVIL_RATING_BLANK = "blank: 1, or 0 for the Dealer's without a Devil"
#: under each player's rating as the session's Devils are set (a field named for the player)
DEVIL_SESSION_ABOUT = ("The player's pick for this session: the cards his Devil adds or takes "
                       "in a Deal the Dealer rules it sways, and deals in place of an "
                       "attribute at 0. Higher swings harder, for him or against him")
#: under the rating of one of the Dealer's characters, set with v
DEVIL_DEALERS_ABOUT = ("The Dealer's pick for his character, changed whenever he likes "
                       "outside its conflicts: the cards its Devil adds or takes in a Deal "
                       "he rules it sways, as a player's does, and deals for an attribute "
                       "at 0")
CHIPS_ABOUT = ("Chips to begin play: the Dealer may give each player a few (0 for none); "
               "later ones come as Stakes and from the Dealer (Chips)")
#: and under the Chips of a sheet corrected, which holds those held now
CHIPS_HELD_ABOUT = ("The Chips held now: a change is kept in the Chips' history as the sheet "
                    "corrected (Chips gives or takes them with a reason)")


def parse_attribute(text: str, field: str = "attribute") -> Attribute:
    """An attribute by its name, any case; RuleError naming the four otherwise, and
    `field`, the field it was typed in (a split's, where the form's cursor goes)."""
    for attribute in ATTRIBUTES:
        if text.strip().lower() == attribute.value.lower():
            return attribute
    raise RuleError("Attributes", f"{quoted(text)} is not an attribute; they are Hand, "
                    "Eye, Guts and Heart", field=field)


def signed_number(text: str) -> int | None:
    """A whole number typed with or without its sign ("2", "+2", "-1"), as the forms' number
    fields read one (the Chips, the attributes, the Stakes take "+1"); None otherwise."""
    digits = text.strip()
    if digits[:1] in ("+", "-"):
        digits = digits[1:]
    return int(text) if digits.isdecimal() else None


def parse_split(text: str, rule: str = "Difficulty",
                field: str = "split") -> tuple[tuple[str, int], ...]:
    """Points by attribute typed as "Guts 2, Heart 1"; RuleError under `rule` (the
    Difficulty's, the points a recovery hopes for, the values a sheet corrects) naming
    `field`."""
    split = []
    for part in (p for p in text.split(",") if p.strip()):
        words = part.split()
        points = signed_number(words[1]) if len(words) == 2 else None
        if points is None:
            raise RuleError(rule, f"{quoted(part.strip())}: write an attribute and its "
                            "points, like Guts 2", field=field)
        split.append((parse_attribute(words[0], field).value, points))
    return tuple(split)


def attribute_split(pairs: Iterable[tuple[str, int]], rule: str,
                    field: str = "split") -> dict[Attribute, int]:
    """Points by attribute, from (attribute, points) pairs as a command carries them;
    RuleError under `rule` when an attribute is named twice ("Guts 2, guts 1" would
    otherwise keep only one of the two)."""
    split: dict[Attribute, int] = {}
    for name, points in pairs:
        attribute = parse_attribute(name, field)
        if attribute in split:
            raise RuleError(rule, f"{attribute} is named twice; give its points once",
                            field=field)
        split[attribute] = points
    return split


def knack_limit(hand: int, eye: int) -> int:
    """How many Knacks a character may have: Hand + Eye, or 6 if that is higher."""
    return max(hand + eye, KNACK_FLOOR)


def verify_ratings(ratings: Mapping[Attribute, int]) -> None:
    for attribute in ATTRIBUTES:
        value = ratings.get(attribute, 0)
        if not 0 <= value <= ATTRIBUTE_MAX:
            raise RuleError("Attribute maximum", f"{attribute} is {value}; an attribute is 0 "
                            f"to {ATTRIBUTE_MAX}", field=attribute.value)


def verify_knack_name(name: str, field: str = "knacks") -> None:
    """A Knack has a name, without a comma: the sheet lists its Knacks by commas, and one
    named "Readin', Writin'" would not read back when the sheet is corrected."""
    if not name.strip():
        raise RuleError("Knacks", "a Knack needs a name", field=field)
    if "," in name:
        raise RuleError("Knacks", f"{name.strip()}: a Knack's name has no comma, as the "
                        "sheet lists Knacks by commas (Readin' and Writin')", field=field)


def verify_knacks(knacks: Mapping[str, int], ratings: Mapping[Attribute, int]) -> None:
    seen: set[str] = set()
    for name, rating in knacks.items():
        verify_knack_name(name)
        if name.strip().lower() in seen:
            raise RuleError("Knacks", f"{name} is listed twice", field="knacks")
        seen.add(name.strip().lower())
        if not KNACK_MIN <= rating <= KNACK_MAX:
            raise RuleError("Knack rating", f"{name} is {rating}; a Knack is rated "
                            f"{KNACK_MIN} to {KNACK_MAX}", field="knacks")
    limit = knack_limit(ratings.get(Attribute.HAND, 0), ratings.get(Attribute.EYE, 0))
    if len(knacks) > limit:
        raise RuleError("Knack limit", f"{len(knacks)} Knacks; at most {limit} (Hand + Eye, "
                        f"or {KNACK_FLOOR} if higher)", field="knacks")


def verify_devil_rating(rating: int) -> None:
    if not DEVIL_MIN <= rating <= DEVIL_MAX:
        raise RuleError("Devil rating", f"{rating}; the Devil is rated {DEVIL_MIN} to "
                        f"{DEVIL_MAX}", field="devil_rating")


#: said where a player character's budget refuses a sheet: a Dealer preparing his own
#: people, the sheet form's "Player character" left ticked, learns why (round 29)
FREE = " (the Dealer's own characters, Player character unticked, are free of it)"


def verify_player_sheet(
    ratings: Mapping[Attribute, int],
    knacks: Mapping[str, int],
    devil_rating: int,
    traits: tuple[str, ...],
    *,
    attribute_points_bought: int = 0,
    knack_points_bought: int = 0,
) -> None:
    """Every rule of a player character's sheet; RuleError names the first one broken."""
    verify_ratings(ratings)
    for attribute in ATTRIBUTES:
        if ratings.get(attribute, 0) < ATTRIBUTE_MIN:
            raise RuleError("Attribute minimum", f"{attribute} is {ratings.get(attribute, 0)}; "
                            "a player character starts with every attribute at 1 or more "
                            "(0 is the Road to Hell)", field=attribute.value)
    attribute_total = sum(ratings.get(a, 0) for a in ATTRIBUTES)
    budget = ATTRIBUTE_POINTS + attribute_points_bought
    if attribute_total != budget:
        raise RuleError("Attribute points", f"the attributes total {attribute_total}; a "
                        f"player character divides {budget} points among them{FREE}",
                        field="attributes")
    verify_knacks(knacks, ratings)
    knack_total = sum(knacks.values())
    knack_budget = KNACK_POINTS + knack_points_bought
    if knack_total != knack_budget:
        raise RuleError("Knack points", f"the Knacks total {knack_total}; a player "
                        f"character divides {knack_budget} points among them{FREE}",
                        field="knacks")
    verify_devil_rating(devil_rating)
    if len(traits) != 2 or not all(t.strip() for t in traits):
        raise RuleError("Traits", "a player character has two traits", field="traits")


def attribute_raise_cost(new_rating: int) -> int:
    """Chips to raise an attribute to `new_rating`: twice the new rating."""
    if not 1 <= new_rating <= ATTRIBUTE_MAX:
        raise RuleError("Attribute maximum", f"an attribute cannot be raised to {new_rating}; "
                        f"the most is {ATTRIBUTE_MAX}", field="attribute")
    return 2 * new_rating


def knack_raise_cost(new_rating: int) -> int:
    """Chips to raise a Knack by one point to `new_rating`: the new rating."""
    if not KNACK_MIN < new_rating <= KNACK_MAX:
        raise RuleError("Knack rating", f"a Knack cannot be raised to {new_rating}; the most "
                        f"is {KNACK_MAX}", field="knack")
    return new_rating
