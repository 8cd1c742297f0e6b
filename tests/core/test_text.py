"""Control characters from a journal are shown, never obeyed; typed, they are found."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gmscreen.core.text import (
    controls_in,
    in_words,
    names_went_by,
    plural,
    plural_word,
    quoted,
    reads_as,
    sentence,
    unseen_in,
    visible,
)


def test_an_escape_sequence_is_shown_not_obeyed() -> None:
    assert visible("Widow Parker\x1b[31mR") == "Widow Parker␛[31mR"
    assert visible("Hanged\x1b[2J") == "Hanged␛[2J"
    assert visible("a\x9bb\x7fc") == "a\ufffdb\u2421c"
    assert visible("\u202eevil") == "\ufffdevil"


def test_newlines_and_tabs_are_kept_in_notes_only() -> None:
    assert visible("one\ntwo\tthree") == "one\ntwo\tthree"
    assert visible("one\ntwo", lines=False) == "one␊two"


def test_controls_in_names_what_it_finds() -> None:
    assert controls_in("Zeke\x1b[0m\n") == ["U+001B", "U+000A"]
    assert controls_in("Zeke\n", lines=True) == []
    assert controls_in("Zé ♠ 🔥") == []


@given(st.text())
def test_nothing_a_terminal_obeys_is_left(text: str) -> None:
    shown = visible(text, lines=False)
    assert controls_in(shown) == []
    assert len(shown) == len(text)


def test_a_line_is_a_sentence_once_whatever_quote_closes_it() -> None:
    assert sentence("Ann hid") == "Ann hid."
    assert sentence("A note was found: \u201cSecond note.\u201d") == (
        "A note was found: \u201cSecond note.\u201d")
    assert sentence('Jake said "Draw!"') == 'Jake said "Draw!"'
    assert sentence("Who rode out? (nobody saw)") == "Who rode out? (nobody saw)."
    assert sentence("The church stays dark\u2026") == "The church stays dark\u2026"


def test_names_that_read_alike_to_the_table_are_one() -> None:
    slim = reads_as("Slim")
    for alike in ("slim", "SLIM", " Slim ", "Sl\u200bim", "Sli\u00adm", "\uff33\uff4c\uff49\uff4d",
                  "Slim\ufeff"):
        assert reads_as(alike) == slim, alike
    assert reads_as("Big  Oaf") == reads_as("big oaf")
    assert reads_as("Slim Jim") != slim and reads_as("Slím") != slim
    assert reads_as("\u200b\u00ad ") == ""  # nothing a player could read


def test_the_characters_that_take_no_room_are_found() -> None:
    assert unseen_in("Ann\u200b") == ["U+200B"]
    assert unseen_in("a\u2060b\ufeff") == ["U+2060", "U+FEFF"]
    # the joiner that makes one emoji of two is part of a name, not hidden in it
    assert unseen_in("Zoe \U0001f469\u200d\U0001f52c") == []


def test_names_are_listed_as_a_sentence_lists_them() -> None:
    assert in_words([]) == ""
    assert in_words(["Ann"]) == "Ann"
    assert in_words(("Ann", "Bo")) == "Ann and Bo"
    assert in_words(name for name in ("Ann", "Bo", "Jake")) == "Ann, Bo and Jake"


def test_every_name_one_went_by_is_found_from_any_of_them() -> None:
    renamed = [("Dutch", "Dutch Kane"), ("Eli", "Eli Crane"), ("Dutch Kane", "Kane")]
    assert names_went_by("Kane", renamed) == ("Kane", "Dutch Kane", "Dutch")
    assert names_went_by("Dutch", renamed) == ("Kane", "Dutch Kane", "Dutch")
    assert names_went_by("Eli Crane", renamed) == ("Eli Crane", "Eli")
    assert names_went_by("Ann", renamed) == ("Ann",)


def test_a_count_says_one_in_the_singular_and_a_plural_of_its_own() -> None:
    # Fistful's lines read "Stakes 1 dice", "1 dice, not 2"
    assert [plural(n, "die", "dice") for n in (0, 1, 2, -1)] == [
        "0 dice", "1 die", "2 dice", "-1 die"]
    assert [plural(n, "hour") for n in (1, 3)] == ["1 hour", "3 hours"]


def test_typed_words_are_quoted_as_typed_never_with_a_backslash() -> None:
    assert quoted("Hart") == "'Hart'"
    assert quoted("Hart's") == '"Hart\'s"'
    assert quoted('O\'Neil "Red"') == '\u201cO\'Neil "Red"\u201d'
    assert "\\" not in quoted('Jim\'s "last" stand')


def test_plural_word_is_the_word_without_its_number() -> None:
    assert plural_word(1, "post") == "post" and plural_word(2, "post") == "posts"
    assert plural_word(3, "die", "dice") == "dice"
