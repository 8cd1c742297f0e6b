"""Cards as the Dealer types them, and the immutable deck."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.core.cards import (
    JOKERS,
    STANDARD_52,
    Card,
    Deck,
    Suit,
    are_distinct,
    card_codes,
    card_from_code,
    cards_from_codes,
    in_a_row,
    make_joker,
    parse_cards,
    standard_cards,
    verify_distinct,
)

ACE_OF_SPADES = Card(14, Suit.SPADES)
TEN_OF_HEARTS = Card(10, Suit.HEARTS)
TWO_OF_CLUBS = Card(2, Suit.CLUBS)


# ---------------------------------------------------------------- suits and cards


def test_suits_order_clubs_diamonds_hearts_spades() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert sorted(Suit, reverse=True) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def test_suits_have_symbols_letters_and_colours() -> None:
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.letter for s in Suit] == ["c", "d", "h", "s"]
    assert [s.is_red for s in Suit] == [False, True, True, False]


def test_card_fields() -> None:
    assert ACE_OF_SPADES.rank == 14
    assert ACE_OF_SPADES.suit is Suit.SPADES
    assert not ACE_OF_SPADES.is_joker
    joker = make_joker(1)
    assert joker.rank is None and joker.suit is None and joker.is_joker
    assert joker.joker == 1 and ACE_OF_SPADES.joker == 0


def test_cards_show_and_code() -> None:
    assert str(ACE_OF_SPADES) == "A♠"
    assert str(TEN_OF_HEARTS) == "10♥"
    assert str(Card(12, Suit.DIAMONDS)) == "Q♦"
    assert str(make_joker(2)) == "Joker"
    assert ACE_OF_SPADES.code == "As"
    assert TEN_OF_HEARTS.code == "Th"
    assert TWO_OF_CLUBS.code == "2c"
    assert make_joker(1).code == "*"


def test_colours() -> None:
    assert TEN_OF_HEARTS.is_red and not TEN_OF_HEARTS.is_black
    assert ACE_OF_SPADES.is_black and not ACE_OF_SPADES.is_red
    assert not JOKERS[0].is_red and not JOKERS[0].is_black


def test_cards_order_by_rank_then_suit_and_jokers_last() -> None:
    assert Card(3, Suit.CLUBS) > Card(2, Suit.SPADES)
    assert Card(9, Suit.SPADES) > Card(9, Suit.HEARTS) > Card(9, Suit.DIAMONDS)
    assert Card(9, Suit.DIAMONDS) > Card(9, Suit.CLUBS)
    assert ACE_OF_SPADES < JOKERS[0] < JOKERS[1]
    assert list(STANDARD_52) == sorted(STANDARD_52)
    assert STANDARD_52[0] == TWO_OF_CLUBS and STANDARD_52[-1] == ACE_OF_SPADES
    assert Card(9, Suit.HEARTS) <= Card(9, Suit.HEARTS) >= Card(9, Suit.HEARTS)


def test_cards_are_values() -> None:
    assert Card(14, Suit.SPADES) == ACE_OF_SPADES
    assert hash(Card(14, Suit.SPADES)) == hash(ACE_OF_SPADES)
    assert len({Card(14, Suit.SPADES), ACE_OF_SPADES, TEN_OF_HEARTS}) == 2
    assert ACE_OF_SPADES != "As"
    with pytest.raises(AttributeError):
        ACE_OF_SPADES.rank = 13
    with pytest.raises(AttributeError):
        del ACE_OF_SPADES.suit


def test_cards_and_decks_copy_and_pickle() -> None:
    deck = Deck.standard(jokers=2).shuffled(random.Random(1)).discard([])
    for value in (ACE_OF_SPADES, JOKERS[1], deck):
        assert copy.copy(value) == value
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(ACE_OF_SPADES)).tally == ACE_OF_SPADES.tally


def test_the_two_jokers_are_different_cards() -> None:
    first, second = JOKERS
    assert first != second
    assert len({first, second}) == 2
    assert make_joker(1) == first
    assert repr(first) == "Card(joker=1)"
    assert repr(ACE_OF_SPADES) == "Card('As')"


def test_a_suit_may_be_given_as_a_number() -> None:
    assert Card(14, 4) == ACE_OF_SPADES  # type: ignore[arg-type]
    assert Card(14, 4).suit is Suit.SPADES  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit", "joker"),
    [(1, Suit.CLUBS, 0), (15, Suit.CLUBS, 0), (10, None, 0), (10, 5, 0), (None, None, 0),
     (14, Suit.SPADES, 1), (None, Suit.SPADES, 1)],
)  # fmt: skip
def test_impossible_cards_are_refused(rank: object, suit: object, joker: int) -> None:
    with pytest.raises(ValueError):
        Card(rank, suit, joker)  # type: ignore[arg-type]


def test_jokers_are_numbered_from_one() -> None:
    with pytest.raises(ValueError, match="from 1"):
        make_joker(0)


def test_standard_cards() -> None:
    assert len(standard_cards()) == 52
    assert len(set(standard_cards())) == 52
    assert standard_cards(2)[-2:] == JOKERS
    assert len(standard_cards(1)) == 53
    with pytest.raises(ValueError):
        standard_cards(3)


# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    "text",
    ["As", "AS", "as", "aS", "A♠", "a♠", "A♤", "A♠\ufe0f"],
)
def test_every_spelling_of_the_ace_of_spades(text: str) -> None:
    assert parse_cards(text) == [ACE_OF_SPADES]


@pytest.mark.parametrize("text", ["Th", "TH", "th", "10h", "10H", "10♥", "T♥", "10♡"])
def test_every_spelling_of_the_ten_of_hearts(text: str) -> None:
    assert parse_cards(text) == [TEN_OF_HEARTS]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("2c", 2, Suit.CLUBS), ("9♣", 9, Suit.CLUBS), ("jd", 11, Suit.DIAMONDS),
     ("Q♦", 12, Suit.DIAMONDS), ("kH", 13, Suit.HEARTS), ("5s", 5, Suit.SPADES)],
)  # fmt: skip
def test_ranks_and_suits(text: str, rank: int, suit: Suit) -> None:
    assert parse_cards(text) == [Card(rank, suit)]


@pytest.mark.parametrize("text", ["Joker", "joker", "JOKER", "*", "jk", "JK"])
def test_jokers_are_written_joker_or_star(text: str) -> None:
    (card,) = parse_cards(text)
    assert card.is_joker and card == JOKERS[0]


def test_two_jokers_typed_are_two_different_jokers() -> None:
    cards = parse_cards("Joker *")
    assert cards == list(JOKERS)
    assert cards[0] != cards[1]


def test_cards_separated_by_spaces_or_commas_in_order() -> None:
    cards = parse_cards(" As,Kd  Qh ,\t10c , * ")
    assert card_codes(cards) == ["As", "Kd", "Qh", "Tc", "*"]
    assert parse_cards("As, Kd,Qh") == parse_cards("As Kd Qh")


def test_nothing_typed_is_no_cards() -> None:
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


@pytest.mark.parametrize(
    ("text", "bad"),
    [("Zx", "Zx"), ("As Zx Kd", "Zx"), ("1h", "1h"), ("11s", "11s"), ("A", "A"),
     ("Ax", "Ax"), ("10", "10"), ("♠", "♠"), ("As,Kd,Qz", "Qz"), ("Jokers", "Jokers")],
)  # fmt: skip
def test_bad_cards_are_named(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match="not a card") as error:
        parse_cards(text)
    assert repr(bad) in str(error.value)
    # and how to write one, so the Dealer knows what to type instead
    assert str(error.value).endswith("(write a card's rank then its suit, as QH, 10s or A♠; "
                                     "a joker as *)")


def test_card_from_code() -> None:
    assert card_from_code("As") == ACE_OF_SPADES
    assert card_from_code("10h") == TEN_OF_HEARTS
    assert card_from_code("*") == JOKERS[0]
    with pytest.raises(ValueError, match="not one card"):
        card_from_code("As Kd")
    with pytest.raises(ValueError, match="not one card"):
        card_from_code("")
    with pytest.raises(ValueError, match="not a card"):
        card_from_code("Qz")


def test_codes_round_trip() -> None:
    cards = [*STANDARD_52, *JOKERS]
    codes = card_codes(cards)
    assert codes[:3] == ["2c", "2d", "2h"] and codes[-3:] == ["As", "*", "*"]
    assert cards_from_codes(codes) == cards
    assert parse_cards(" ".join(codes)) == cards
    assert parse_cards(" ".join(str(c) for c in STANDARD_52)) == list(STANDARD_52)


def test_cards_from_codes_numbers_jokers_in_order() -> None:
    assert cards_from_codes(["*", "As", "*"]) == [JOKERS[0], ACE_OF_SPADES, JOKERS[1]]
    assert cards_from_codes(["*"], first_joker=2) == [JOKERS[1]]


@given(st.lists(st.sampled_from(STANDARD_52), unique=True))
def test_any_cards_survive_their_codes(cards: list[Card]) -> None:
    assert cards_from_codes(card_codes(cards)) == cards
    assert parse_cards(",".join(card_codes(cards))) == cards


# ---------------------------------------------------------------- distinct cards


def test_a_card_typed_twice_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="A♠ is typed twice"):
        verify_distinct(parse_cards("As Kd as"))
    assert not are_distinct(parse_cards("10h Th"))
    assert are_distinct(parse_cards("As Kd * *"))
    verify_distinct(parse_cards("As Kd * *"))


def test_a_third_joker_is_refused() -> None:
    with pytest.raises(ValueError, match="only two jokers"):
        verify_distinct(parse_cards("* * *"))
    assert not are_distinct(parse_cards("* * *"))


# ---------------------------------------------------------------- the deck


def test_standard_decks() -> None:
    deck = Deck.standard()
    assert deck.remaining == len(deck) == 52
    assert set(deck.order) == set(STANDARD_52)
    with_jokers = Deck.standard(jokers=2)
    assert with_jokers.remaining == 54
    assert sum(1 for c in with_jokers if c.is_joker) == 2
    assert ACE_OF_SPADES in deck and JOKERS[0] not in deck
    assert deck.discards == ()


def test_shuffling_keeps_every_card_and_follows_the_seed() -> None:
    deck = Deck.standard(jokers=2)
    one = deck.shuffled(random.Random(7))
    two = deck.shuffled(random.Random(7))
    other = deck.shuffled(random.Random(8))
    assert one == two
    assert one != other
    assert one.order != deck.order
    assert sorted(one.order) == sorted(deck.order)
    # The deck itself never changes.
    assert deck.order == standard_cards(2)


def test_shuffling_uses_only_the_generator_given() -> None:
    random.seed(1)
    first = Deck.standard().shuffled(random.Random(3))
    random.seed(2)
    second = Deck.standard().shuffled(random.Random(3))
    assert first == second


def test_shuffled_jokers_lie_in_their_numbers_order() -> None:
    # So a deck written as codes ("*" for both) reads back equal.
    for seed in range(20):
        deck = Deck.standard(jokers=2).shuffled(random.Random(seed))
        jokers = [c for c in deck.order if c.is_joker]
        assert jokers == list(JOKERS)
        assert Deck.from_codes(card_codes(deck.order)) == deck


def test_deal_takes_the_top_cards() -> None:
    deck = Deck.standard().shuffled(random.Random(1))
    cards, rest = deck.deal(5)
    assert cards == deck.order[:5]
    assert rest.order == deck.order[5:]
    assert rest.remaining == 47
    assert deck.remaining == 52
    card, after = rest.draw()
    assert card == deck.order[5]
    assert after.remaining == 46
    nothing, same = deck.deal(0)
    assert nothing == () and same == deck


def test_dealing_is_determined_by_the_seed() -> None:
    hands = []
    for _ in range(2):
        deck = Deck.standard(jokers=2).shuffled(random.Random(99))
        cards, _rest = deck.deal(7)
        hands.append(cards)
    assert hands[0] == hands[1]


def test_discards_go_to_the_discard_pile() -> None:
    cards, deck = Deck.standard().deal(3)
    deck = deck.discard(cards[:2])
    assert deck.discards == cards[:2]
    assert deck.remaining == 49
    deck = deck.discard([cards[2]])
    assert deck.discards == cards
    with pytest.raises(ValueError, match="already discarded"):
        deck.discard([cards[0]])
    with pytest.raises(ValueError, match="still in the deck"):
        deck.discard([deck.order[0]])


def test_an_empty_deck_refuses_to_deal_without_a_reshuffle() -> None:
    cards, deck = Deck.standard().deal(52)
    assert deck.remaining == 0
    with pytest.raises(ValueError, match="only 0 left"):
        deck.draw()
    deck = deck.discard(cards[:10])
    with pytest.raises(ValueError, match="cannot deal 11 cards: only 0 left"):
        deck.deal(11)
    assert not deck.can_deal(1)
    assert deck.can_deal(10, reshuffle_discards=True)
    assert not deck.can_deal(11, reshuffle_discards=True)


def test_dealing_more_than_are_left_raises() -> None:
    _cards, deck = Deck.standard().deal(50)
    with pytest.raises(ValueError, match="cannot deal 3 cards: only 2 left in the deck"):
        deck.deal(3)
    with pytest.raises(ValueError):
        deck.deal(-1)


def test_reshuffling_the_discards_when_the_game_asks() -> None:
    dealt, deck = Deck.standard().shuffled(random.Random(5)).deal(50)
    deck = deck.discard(dealt[:20])
    last_two = deck.order
    cards, after = deck.deal(5, random.Random(11), reshuffle_discards=True)
    # The last two cards of the deck come first, then three from the reshuffled discards.
    assert cards[:2] == last_two
    assert set(cards[2:]) <= set(dealt[:20])
    assert after.discards == ()
    assert after.remaining == 17
    assert set(after.order) | set(cards[2:]) == set(dealt[:20])
    again, _ = deck.deal(5, random.Random(11), reshuffle_discards=True)
    assert again == cards


def test_reshuffling_needs_a_generator_and_enough_cards() -> None:
    dealt, deck = Deck.standard().deal(52)
    deck = deck.discard(dealt[:5])
    with pytest.raises(ValueError, match="random generator"):
        deck.draw(reshuffle_discards=True)
    with pytest.raises(ValueError, match="5 in the discard pile"):
        deck.deal(6, random.Random(1), reshuffle_discards=True)
    card, after = deck.draw(random.Random(1), reshuffle_discards=True)
    assert card in dealt[:5] and after.remaining == 4


def test_reshuffled_puts_every_discard_back() -> None:
    dealt, deck = Deck.standard(jokers=2).deal(10)
    deck = deck.discard(dealt)
    back = deck.reshuffled(random.Random(3))
    assert back.remaining == 54 and back.discards == ()
    assert sorted(back.order) == sorted(standard_cards(2))


def test_typed_cards_come_out_of_the_deck() -> None:
    deck = Deck.standard(jokers=2).shuffled(random.Random(2))
    after = deck.without(parse_cards("As 10h *"))
    assert after.remaining == 51
    assert ACE_OF_SPADES not in after and TEN_OF_HEARTS not in after
    assert sum(1 for c in after if c.is_joker) == 1
    # A typed joker takes out whichever joker is still in the deck.
    last = after.without(parse_cards("*"))
    assert not any(c.is_joker for c in last)
    with pytest.raises(ValueError, match="Joker is not in the deck"):
        last.without(parse_cards("*"))
    with pytest.raises(ValueError, match="A♠ is not in the deck"):
        after.without(parse_cards("As"))
    with pytest.raises(ValueError, match="K♦ is typed twice"):
        deck.without(parse_cards("Kd Kd"))


def test_decks_rebuild_from_recorded_cards() -> None:
    order = parse_cards("As Kd * 7c")
    discards = parse_cards("2h *")
    deck = Deck.from_order(order, discards)
    # Jokers are renumbered through both piles, so each typed list may say "*".
    assert deck.order == tuple(order)
    assert deck.discards == (Card(2, Suit.HEARTS), JOKERS[1])
    assert Deck.from_codes(["As", "Kd", "*", "7c"], ["2h", "*"]) == deck
    assert Deck.from_order(iter(order)) == Deck(tuple(order))
    assert card_codes(deck.order) == ["As", "Kd", "*", "7c"]


def test_a_deck_never_holds_a_card_twice() -> None:
    with pytest.raises(ValueError, match="typed twice"):
        Deck.from_order(parse_cards("As Kd"), parse_cards("As"))
    with pytest.raises(ValueError, match="typed twice"):
        Deck.from_order(parse_cards("As As"))


def test_decks_are_immutable_values() -> None:
    deck = Deck.standard()
    with pytest.raises(AttributeError):
        deck.order = ()
    assert hash(deck) == hash(Deck.standard())
    assert isinstance(deck.order, tuple)


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=54))
def test_dealing_never_loses_or_makes_cards(seed: int, n: int) -> None:
    deck = Deck.standard(jokers=2).shuffled(random.Random(seed))
    cards, rest = deck.deal(n)
    assert len(cards) == n
    assert sorted(cards + rest.order) == sorted(deck.order)
    assert are_distinct(cards + rest.order)


def test_cards_in_a_row_read_as_a_player_reads_them() -> None:
    assert in_a_row(parse_cards("As 10h *")) == "A♠ 10♥ Joker"
    assert in_a_row([]) == ""
