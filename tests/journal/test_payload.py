"""Typed payloads (gmscreen/journal/payload.py): every event's data is read through its
kind's dataclass, and a value that does not fit is named by event, field and problem."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.core.cards import Card, parse_cards
from gmscreen.journal.events import Event
from gmscreen.journal.payload import (
    Between,
    Kinds,
    Length,
    NotEmpty,
    OneOf,
    PayloadError,
    PayloadRefused,
)
from gmscreen.journal.rules import RuleError

KINDS = Kinds("test.")


class Suit(enum.Enum):
    CLUBS = "clubs"
    HEARTS = "hearts"


@dataclass(frozen=True)
class Bet:
    chips: Annotated[int, Between(0, 10)]
    suit: Suit


@KINDS.payload("hand_laid")
@dataclass(frozen=True)
class HandLaid:
    name: Annotated[str, NotEmpty()]
    cards: tuple[Card, ...]
    bets: tuple[Bet, ...] = ()
    weapon: Annotated[str, OneOf(("pistol", "rifle"))] = "pistol"
    note: str | None = None
    odds: float = 0.5
    tally: dict[str, int] = field(default_factory=dict)
    wild: bool = False


def event(data: dict[str, object], kind: str = "test.hand_laid") -> Event:
    return Event(7, datetime(2026, 11, 24, tzinfo=UTC), 1, kind, data, 7)


def test_a_payload_goes_to_toml_values_and_back() -> None:
    laid = HandLaid("Zeke", tuple(parse_cards("As Joker 10h")), (Bet(3, Suit.HEARTS),),
                    "rifle", None, 1, {"Zeke": 2}, True)
    new = KINDS.new(laid)
    assert new.kind == "test.hand_laid"
    assert new.data == {"name": "Zeke", "cards": ["As", "*", "Th"],
                        "bets": [{"chips": 3, "suit": "hearts"}], "weapon": "rifle",
                        "odds": 1, "tally": {"Zeke": 2}, "wild": True}
    assert KINDS.read(event(dict(new.data))) == laid


@pytest.mark.parametrize(("laid", "said"), [
    (HandLaid("", ()), "name is empty"),
    (HandLaid("Zeke", (), (Bet(11, Suit.CLUBS),)), r"bets\[0\]\.chips is 11, above"),
    (HandLaid("Zeke", (), weapon="bow"), "weapon"),
])
def test_a_payload_that_would_not_read_back_is_refused_before_it_is_written(
        laid: HandLaid, said: str) -> None:
    # the journal never holds what it cannot open: a rule that let it through is refused,
    # naming the event and the field
    with pytest.raises(PayloadRefused, match=said) as refused:
        KINDS.new(laid)
    assert refused.value.rule == "Hand laid" and isinstance(refused.value, RuleError)


def test_two_jokers_in_a_hand_are_two_cards() -> None:
    read = KINDS.read(event({"name": "Ma", "cards": ["*", "As", "*"]}))
    assert read.cards == tuple(parse_cards("Joker As Joker"))
    assert read.cards[0] != read.cards[2]


def test_fields_left_out_read_as_their_defaults() -> None:
    read = KINDS.read(event({"name": "Ma", "cards": []}))
    assert read == HandLaid("Ma", ())
    assert read.tally == {} and read.note is None


@pytest.mark.parametrize(("data", "field", "problem"), [
    ({"cards": []}, "name", "is missing"),
    ({"name": "", "cards": []}, "name", "is empty"),
    ({"name": 3, "cards": []}, "name", "should be text, not int 3"),
    ({"name": "Ma", "cards": "As"}, "cards", "should be a list"),
    ({"name": "Ma", "cards": ["As", "Zz"]}, "cards[1]", "is not a card"),
    ({"name": "Ma", "cards": [], "bets": [{"chips": 11, "suit": "clubs"}]}, "bets[0].chips",
     "above the most allowed"),
    ({"name": "Ma", "cards": [], "bets": [{"chips": 1, "suit": "spades"}]}, "bets[0].suit",
     "none of 'clubs', 'hearts'"),
    ({"name": "Ma", "cards": [], "bets": [{"suit": "clubs"}]}, "bets[0].chips", "is missing"),
    ({"name": "Ma", "cards": [], "weapon": "pxstol"}, "weapon", "none of the known ones"),
    ({"name": "Ma", "cards": [], "wild": 1}, "wild", "should be true or false"),
    ({"name": "Ma", "cards": [], "tally": {"Zeke": "two"}}, "tally.Zeke",
     "should be a whole number"),
    ({"name": "Ma", "cards": [], "odds": "even"}, "odds", "should be a number"),
])
def test_a_value_that_does_not_fit_is_named_by_event_and_field(
        data: dict[str, object], field: str, problem: str) -> None:
    with pytest.raises(PayloadError) as refused:
        KINDS.read(event(data))
    assert refused.value.field == field and refused.value.seq == 7
    assert problem in refused.value.problem
    assert str(refused.value).startswith(f"event 7 (test.hand_laid): {field} ")


def test_a_kind_the_game_does_not_know_is_refused() -> None:
    with pytest.raises(PayloadError, match="not a kind of event this game knows"):
        KINDS.read(event({}, kind="test.unheard_of"))


def test_keys_it_does_not_know_are_ignored() -> None:
    assert KINDS.read(event({"name": "Ma", "cards": [], "later": 1})) == HandLaid("Ma", ())


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=8))
def test_whatever_a_field_holds_reading_it_fits_or_says_why(junk: object) -> None:
    for key in ("name", "cards", "bets", "weapon", "tally"):
        data: dict[str, object] = {"name": "Ma", "cards": [], key: junk}
        try:
            KINDS.read(event(data))
        except PayloadError as error:
            assert error.field.startswith(key)


def test_a_deciders_cached_folds_are_keyed_by_its_games_own_code(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Decider's class lives in the journal: the cache must hash the game's package too,
    or a change to its evolvers would leave stale folds trusted."""
    from gmscreen.journal import cache
    from tests.high_card import RULES

    hashed: list[tuple[str, ...]] = []

    def code_of(modules: tuple[str, ...]) -> str:
        hashed.append(modules)
        return "x"

    monkeypatch.setattr(cache, "_code_of", code_of)
    cache.game_code(RULES)
    assert hashed == [("gmscreen.journal.cache", "gmscreen.journal.decider", "tests.high_card")]


RATED = Kinds("sheet.")


@RATED.payload("rated")
@dataclass(frozen=True)
class Rated:
    ratings: Annotated[tuple[int, ...], Length(4, 4)]


def test_a_length_check_names_how_many_it_wanted() -> None:
    read = RATED.read(event({"ratings": [1, 2, 3, 4]}, kind="sheet.rated"))
    assert read.ratings == (1, 2, 3, 4)
    with pytest.raises(PayloadError, match="ratings holds 3, not exactly 4"):
        RATED.read(event({"ratings": [1, 2, 3]}, kind="sheet.rated"))


def test_fields_at_their_defaults_are_left_out_and_read_back() -> None:
    laid = HandLaid("Ma", ())
    assert KINDS.data(laid) == {"name": "Ma", "cards": []}
    assert KINDS.read(event(KINDS.data(laid))) == laid
    assert KINDS.kind_of_class(HandLaid) == "test.hand_laid"


def test_two_refusals_of_one_rule_are_equal() -> None:
    assert RuleError("Stakes", "at most 5", field="amount") == RuleError(
        "Stakes", "at most 5", field="amount")
    assert RuleError("Stakes", "at most 5") != RuleError("Stakes", "at most 6")


def test_a_card_that_is_none_is_said_once() -> None:
    # "is not a card: not a card: 'Zz'"
    with pytest.raises(PayloadError) as refused:
        KINDS.read(event({"name": "Ma", "cards": ["As", "Zz"]}))
    assert refused.value.problem.startswith("is not a card: 'Zz' (")
    assert refused.value.problem.count("not a card") == 1
