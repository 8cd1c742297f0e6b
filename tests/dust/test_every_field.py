"""Every place a Dust moderator types something (round 19): bad input is refused naming the
rule or the field, the keyboard on that field and the journal's bytes unchanged, and a typed
name is quoted in a refusal as it was typed.

Found in tmux: "Add a location" under The School's name emptied the book's School with no
word; a 200-character place pushed every other column of the places' list off the screen
at 80 and at 200 columns; a power "interrogate" sat beside the Cop's Interrogate; a name
holding both quotes was refused as 'o\\'neil "red"', with a backslash no one typed; "No
lynch" was refused as "already taken", by no player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.core.text import quoted
from gmscreen.games.dust.checks import NAME_LIMIT
from gmscreen.games.dust.commands import AddLocation, AddPlayer, DefineRole, UseBookSetUp
from gmscreen.games.dust.panes.characters import location_from
from gmscreen.games.dust.panes.power_editor import NEW_POWER, defined, power_fields
from gmscreen.games.dust.powers import LocationDef
from gmscreen.games.dust.state import DustState
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Values
from tests.dust.app import CHARACTERS, app_of, new_campaign, refusal_in_sight
from tests.dust.game import run
from tests.pilot import fill, synchronous, to_tab

PLACE = {"name": "Name", "opens": "First night", "closes": "Closed from night",
         "entries": "Finds, in order"}


def book() -> DustState:
    return run(DustState(), UseBookSetUp())


def refused(state: DustState, command: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        run(state, command)
    return caught.value


def test_a_typed_name_is_quoted_in_a_refusal_as_it_was_typed():
    assert [quoted(n) for n in ("Ann", "O'Neil", 'O\'Neil "Red"')] == [
        "'Ann'", '"O\'Neil"', "\u201cO'Neil \"Red\"\u201d"]
    state = run(book(), AddPlayer('O\'Neil "Red"', "Cop"))
    error = refused(state, AddPlayer('o\'neil "red"', "Doctor"))
    assert str(error) == "Names: the name \u201co'neil \"red\"\u201d is already taken"
    assert error.field == "name"


def test_no_lynch_is_refused_as_a_name_for_the_votes_own_choice_not_as_taken():
    error = refused(book(), AddPlayer("No lynch", "Cop"))
    assert "taken" not in str(error)
    assert "a choice of the vote, not a name a player may take" in str(error)
    assert error.field == "name"


def test_add_a_location_under_a_name_on_the_list_is_refused_not_put_in_its_place():
    state = book()
    school = state.location("The School")
    assert school is not None and school.entries
    for name in ("The School", " the school "):
        with pytest.raises(RuleError) as caught:
            location_from(state, Values({"name": name, "opens": "1", "closes": "",
                                         "entries": ""}, PLACE))
        assert str(caught.value).startswith("Locations: The School is already on the list")
        assert caught.value.field == "name"
    # an edit saved under its own name still replaces the place; renamed onto another, no
    edit = Values({"name": "The School", "opens": "1", "closes": "", "entries": "Chalk"},
                  PLACE)
    assert location_from(state, edit, "The School").location.entries == ("Chalk",)
    with pytest.raises(RuleError, match="The School is already on the list"):
        location_from(state, edit, "The Cafe")


def test_a_place_that_closes_before_it_opens_is_refused_in_the_rules_words_on_its_field():
    with pytest.raises(RuleError) as caught:
        location_from(book(), Values({"name": "Mill", "opens": "3", "closes": "2",
                                      "entries": ""}, PLACE))
    assert str(caught.value) == "Locations: it closes after it opens: night 4 or later"
    assert caught.value.field == "closes"


def test_a_location_name_is_as_long_as_a_forum_name_at_most():
    state = book()
    run(state, AddLocation(LocationDef("M" * NAME_LIMIT, 1, None, ())))
    error = refused(state, AddLocation(LocationDef("M" * 200, 1, None, ())))
    assert str(error) == (f"Locations: a location's name is {NAME_LIMIT} characters at most; "
                          "this one has 200")
    assert error.field == "name"


def test_a_power_named_again_in_another_case_or_too_long_is_refused_naming_the_field():
    state = book()
    cop = state.role("Cop")
    assert cop is not None
    labels = {f.key: f.label for f in power_fields(None)}
    typed = {f.key: f.value for f in power_fields(cop.powers[0])}
    for name in ("interrogate", "INTERROGATE "):
        with pytest.raises(RuleError) as caught:
            defined(cop, NEW_POWER, Values({**typed, "name": name}, labels))
        assert "already taken by another power (by Interrogate)" in str(caught.value)
        assert caught.value.field == "name"
    # through the command too, and a name longer than the tables show whole
    twin = replace(cop.powers[0], name="interrogate")
    error = refused(state, DefineRole(replace(cop, powers=(*cop.powers, twin))))
    assert "already taken by another power of the Cop (Interrogate)" in str(error)
    long = replace(cop.powers[0], name="P" * (NAME_LIMIT + 1))
    error = refused(state, DefineRole(replace(cop, powers=(long,))))
    assert str(error) == (f"Powers: a power's name is {NAME_LIMIT} characters at most; this "
                          f"one has {NAME_LIMIT + 1}")
    assert error.field == "name"


@synchronous
async def test_add_a_location_under_the_schools_name_is_refused_on_the_form(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    campaign.execute(AddPlayer("Ann", "Cop"))
    journal = tmp_path / "new.toml"
    before = journal.read_bytes()
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await fill(pilot, "l", name="The School", opens="1")
        form = await refusal_in_sight(pilot, "Locations")
        assert "The School is already on the list" in form.refusal
        assert app.focused is form.widget_of("name")
    assert journal.read_bytes() == before
    school = campaign.state.location("The School")
    assert school is not None and school.entries == ("Chalk", "Notebook")


def test_a_wide_letter_counts_two_in_a_names_length_as_it_takes_two_columns():
    # thirty 張 took sixty columns: the Characters tab's Side, Items and Status went off an
    # 80-column screen; fifteen take thirty, as thirty plain letters do
    state = book()
    run(state, AddPlayer("張" * 15, "Cop"))
    error = refused(state, AddPlayer("張" * 16, "Cop"))
    assert str(error) == ("Names: a forum name is 30 characters at most (a wide letter "
                          "counts two); this one has 32")
    assert error.field == "name"
    assert "wide letter" in str(refused(state, AddLocation(LocationDef("🐎" * 16, 1, None, ()))))


def test_a_new_power_with_no_effect_chosen_is_asked_for_one_on_its_field():
    cop = book().role("Cop")
    assert cop is not None
    labels = {f.key: f.label for f in power_fields(None)}
    typed = {f.key: f.value for f in power_fields(None)}
    with pytest.raises(RuleError) as caught:
        defined(cop, NEW_POWER, Values({**typed, "name": "Peek"}, labels))
    assert str(caught.value) == "Powers: choose the effect first: none is chosen"
    assert caught.value.field == "effect"
