"""The readings judged again (round 21): each reading of the book the app takes, read once
more against the book's own words, and the places where the app chose without saying so."""

from __future__ import annotations

import pytest

from gmscreen.games.dust_devils.panes.characters import parse_knacks, tally_number
from gmscreen.games.dust_devils.sheet import parse_split
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Values

# -- one way to write a number in every field (left from round 19) -------------------------


def test_a_plus_sign_is_read_alike_in_every_field() -> None:
    """The Chips, the attributes and the Stakes are read by the form's number fields, which
    take "+1" as 1; a Knack's rating and a split's points are typed in a line of text, and
    refused "+4". A Dealer writing a sign in one field and not in another should meet one
    rule: a sign is read wherever a number is typed, and a number is still needed."""
    assert Values({"chips": "+1"}, {"chips": "Chips"}).number("chips") == 1
    assert parse_knacks("Shootin' +4, Drinkin' 1") == (("Shootin'", 4), ("Drinkin'", 1))
    assert parse_split("Guts +2, Heart 1") == (("Guts", 2), ("Heart", 1))
    assert tally_number("+4") == 4 and tally_number("-1") == -1 and tally_number("x") == 0
    for bad in ("Guts +", "Guts ++2", "Guts +-2", "Guts 2+"):
        with pytest.raises(RuleError):
            parse_split(bad)
    for bad in ("Shootin' +", "Shootin' ++4"):
        with pytest.raises(RuleError):
            parse_knacks(bad)
