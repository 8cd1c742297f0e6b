"""Every field a Dealer types in, and every name (round 19): bad input is refused naming
the field, with the cursor on it and nothing written; text from the journal is shown as
text, never read as markup."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games.dust_devils.cast import ZEKE
from gmscreen.games.dust_devils.commands import (
    BuyKnack,
    Call,
    ChangeCharacter,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.conflict import why_not_open
from gmscreen.games.dust_devils.events import KINDS, CharacterMade, Knack
from gmscreen.games.dust_devils.panes.characters import parse_knacks
from gmscreen.games.dust_devils.sheet import parse_split
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dust_devils.game import hanged_man_table, sample
from tests.pilot import fill, opened, synchronous, to_tab, until

# -- the cursor on the field refused ----------------------------------------------------------


def test_an_attribute_misspelt_in_a_split_names_the_split() -> None:
    """'Hart 1' in a split (the Difficulty's, a recovery's points, a sheet's values now)
    was refused naming a field called "attribute", which none of those forms has: the
    cursor stayed where it was (on "Told as", where the Dealer's next keys went)."""
    for rule, field in (("Difficulty", "split"), ("Recovery", "recover"),
                        ("Attributes", "now")):
        with pytest.raises(RuleError) as refused:
            parse_split("Guts 1, Hart 1", rule, field)
        assert refused.value.field == field
        assert "'Hart' is not an attribute" in refused.value.message
    with pytest.raises(RuleError) as refused:
        parse_split("Hart 1")
    assert refused.value.field == "split"


@synchronous
async def test_a_misspelt_value_now_puts_the_cursor_on_now(tmp_path: Path) -> None:
    """The sheet's "Now" (values after Difficulty), typed "Hart 1": the refusal names the
    four attributes, the cursor goes to Now, and the journal is the same, byte for byte."""
    campaign = sample(tmp_path / "c")
    assert campaign.path is not None
    journal = campaign.path
    before = journal.read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await opened(pilot, "e")  # on "Gentleman" Jim, outside the jail's conflict
        form = await fill(pilot, now="Hart 1")
        await until(pilot, lambda: "'Hart' is not an attribute" in form.refusal)
        assert form.focused is form.widget_of("now")
    assert journal.read_bytes() == before
    campaign.close()


# -- a sheet's words ---------------------------------------------------------------------------


def test_a_trait_written_twice_is_refused() -> None:
    """A new sheet with "Strong as an ox" in both Trait lines (or "strong as an ox " in the
    second) was made: two traits that are one, earning its card once."""
    table = hanged_man_table()
    dylan = Sheet("Dylan McCreedy", True, (4, 4, 3, 2),
                  (("Ridin'", 4), ("Blastin'", 4), ("Shootin'", 3)),
                  ("Strong as an ox", "Crazy as a loon"), "Dynamite", 1)
    for second in ("Strong as an ox", "  strong as AN ox "):
        with pytest.raises(RuleError) as refused:
            table.do(MakeCharacter(replace(dylan, traits=("Strong as an ox", second))))
        assert refused.value.rule == "Traits" and refused.value.field == "trait2"
        assert "is written twice" in refused.value.message
    table.do(MakeCharacter(dylan))
    with pytest.raises(RuleError, match="written twice"):
        table.do(ChangeCharacter(dylan.name, replace(dylan, traits=("Crazy as a loon",
                                                                    "Crazy as a loon"))))


LONG_KNACK = "Sweet-talkin' " + "and more " * 20


def test_a_knack_name_pasted_too_long_is_refused() -> None:
    """A paragraph pasted as a new Knack (K, or a new sheet's Knacks) was taken whole: the
    sheet's Knacks ran over four lines. A Knack's name has at most 40 letters, as a
    character's; one an older journal holds is kept when the sheet is corrected."""
    table = hanged_man_table()
    table.do(GiveChips(ZEKE.name, 5, "a good line"))
    with pytest.raises(RuleError) as refused:
        table.do(BuyKnack(ZEKE.name, LONG_KNACK))
    assert refused.value.field == "knack"
    assert refused.value.message.startswith("a Knack's name has at most 40 letters; this "
                                            f"one has {len(LONG_KNACK.strip())}")
    table.do(BuyKnack(ZEKE.name, "Sweet-talkin'"))
    with pytest.raises(RuleError) as refused:
        table.do(MakeCharacter(Sheet("Deputy Hale", False, (2, 2, 2, 2),
                                     ((LONG_KNACK, 1),))))
    assert refused.value.field == "knacks"
    # written before the limit: his sheet is corrected with it, and a long one added is not
    table._take([KINDS.new(CharacterMade(name="Old Hale", player=False, ratings=(2, 2, 2, 2),
                                         knacks=(Knack(LONG_KNACK.strip(), 1),)))])
    old = Sheet("Old Hale", False, (2, 2, 2, 2), ((LONG_KNACK.strip(), 1),))
    table.do(ChangeCharacter("Old Hale", replace(old, ratings=(3, 2, 2, 2))))
    with pytest.raises(RuleError, match="at most 40 letters"):
        table.do(ChangeCharacter("Old Hale", replace(old, knacks=(
            (LONG_KNACK.strip(), 1), (LONG_KNACK + "again", 1)))))


def test_points_back_refused_say_what_may_come_back() -> None:
    """A recovery's points "Heart -1", or "Guts 1" for a patient who lost none of his Guts,
    were refused "Luke can only get back points lost", naming nothing that may be typed."""
    table = hanged_man_table()
    table.do(OpenConflict("Whiskey", (Entrant(ZEKE.name, "drink", ("Hand", "Eye")),),
                          stud=5))
    table.do(Deal(((ZEKE.name, ("Qs", "8d", "5h", "4c", "2s", "Jh", "3c", "7d")),
                   ("Dealer", ("9c", "9h", "9d", "Ks", "Kd")))))
    table.do(Draw(ZEKE.name, (), ()))
    table.do(Call(((ZEKE.name, ("Qs", "Jh", "8d", "7d", "5h")),
                   ("Dealer", ("9c", "9h", "9d", "Ks", "Kd")))))
    table.do(TakeDifficulty(ZEKE.name, (("Hand", 3), ("Eye", 2))))
    table.do(EndConflict())
    for typed in ((("Hand", -1),), (("Guts", 1),), (("Hand", 4),)):
        with pytest.raises(RuleError) as refused:
            table.do(OpenConflict("Patched up", (Entrant(ZEKE.name, "heal", ("Hand", "Eye"),
                                                         knack="Drinkin'"),),
                                  stud=3, recovery=(ZEKE.name, typed)))
        assert refused.value.field == "recovery"
        assert refused.value.message == ("Zeke Munroe can only get back points lost, 1 or "
                                         "more of each: Hand 3, Eye 2")


def test_a_refusal_quotes_what_was_typed_as_it_was_typed() -> None:
    """A title holding both kinds of quote was refused as Python writes it, with a
    backslash the Dealer never typed: "'Jim\\'s "last" stand' is still under way". Each
    refusal quoting typed words now shows them as typed (in curly quotes where both kinds
    are in them, as every game quotes them: `gmscreen.core.text.quoted`)."""
    table = hanged_man_table()
    title = 'Jim\'s "last" stand'
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "drink", ("Hand", "Eye")),), stud=5))
    refused = why_not_open(table.state)
    assert refused is not None
    assert refused.message == f"\u201c{title}\u201d is still under way; end it first"
    with pytest.raises(RuleError) as typed:
        parse_knacks('Readin\' "books"')
    assert typed.value.message.startswith('\u201cReadin\' "books"\u201d: write a Knack')
    # the quotes repr chose stay: single, or double around an apostrophe alone
    with pytest.raises(RuleError) as typed:
        parse_split("Hart 1")
    assert typed.value.message.startswith("'Hart' is not an attribute")
    with pytest.raises(RuleError) as typed:
        parse_split("Hart's 1")
    assert typed.value.message.startswith('"Hart\'s" is not an attribute')
