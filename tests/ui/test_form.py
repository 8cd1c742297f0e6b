"""The kit's one form (gmscreen/ui/form.py): the same keys, the same refusal bar and the same
reading of values for every game's dialogs."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.widgets import Button, Input, OptionList, Select, Static

from gmscreen.core.cards import parse_cards
from gmscreen.glossary import Word
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form as kit
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import HOW_TO_FILL, Field, Form, TickList, Values, ask
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.pane import GamePane
from gmscreen.ui.pick_list import Search
from tests.pilot import (
    burst,
    fill,
    form_up,
    refusal_shown,
    set_field,
    styled_nodes,
    synchronous,
    type_in,
    until,
)
from tests.ui.support import Host


def paused(app: App[Any]) -> None:
    """A pause after the letters typed into the lists in sight, long enough that the next
    letter starts a new search (made here, not left to the machine's load)."""
    for widget in app.screen.query("*"):
        searched = getattr(widget, "searched", None)
        if isinstance(searched, Search):
            searched.at -= Search.AGAIN + 1


def wanted(values: Values) -> dict[str, Any]:
    """A stand-in for a game's command: refuses like a rule would."""
    amount = values.number("amount")
    if amount > 5:
        raise RuleError("Stakes", "at most 5 Stakes", field="amount")
    return {"name": values.text("name"), "amount": amount, "wild": values.flag("wild")}


def posse_form() -> Form:
    return Form("Raise the Stakes", [kit.text("name", "Who"), kit.number("amount", "Stakes"),
                                     kit.check("wild", "Jokers wild")])


@pytest.mark.parametrize(("keys", "expected"), [
    (["enter"], 1), (["tab", "tab", "space", "ctrl+s"], 1), (["escape"], None)])
@synchronous
async def test_enter_in_a_line_sends_ctrl_s_from_anywhere_escape_cancels(
        keys: list[str], expected: int | None) -> None:
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        set_field(app.form, "name", "Zeke")
        set_field(app.form, "amount", "1")
        for key in keys:
            await pilot.press(key)
        await until(pilot, lambda: app.answers)
    if expected is None:
        assert app.answers == [None]
    else:
        assert app.answers[0]["amount"] == expected
        assert app.answers[0]["wild"] is ("space" in keys)


@synchronous
async def test_ctrl_s_typed_straight_after_the_letters_sends_them_all() -> None:
    # as a paste or tmux types them, in one burst: ctrl+s was taken before the letters typed
    # ahead of it had reached their field, and sent it without them
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        burst(app, ["Z", "e", "k", "e", "tab", "3", "ctrl+s"])
        await until(pilot, lambda: app.answers)
    assert app.answers == [{"name": "Zeke", "amount": 3, "wild": False}]


@synchronous
async def test_the_label_of_the_field_the_keys_go_to_is_marked() -> None:
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)

        def marked() -> list[str]:
            return [str(label.id) for label in app.form.query(".form-label")
                    if label.has_class("-current")]

        await until(pilot, lambda: marked() == ["l-name"])
        await pilot.press("tab")
        await until(pilot, lambda: marked() == ["l-amount"])
        await pilot.press("tab")
        await until(pilot, lambda: marked() == ["l-wild"])
        await pilot.press("tab")  # round to the first field (the buttons are the mouse's)
        await until(pilot, lambda: marked() == ["l-name"])


@synchronous
async def test_a_refusal_names_the_rule_goes_to_its_field_and_keeps_what_was_typed() -> None:
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, name="Zeke", amount="9")
        form = refusal_shown(app, "Stakes")
        assert form.refusal == "Stakes: at most 5 Stakes"
        assert app.focused is form.widget_of("amount")
        assert form.values()["name"] == "Zeke" and app.answers == []
        # put right in the same form: the bar goes as the field it named is changed
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert form.refusal == "" and not form.query_one("#form-refusal").display
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers == [{"name": "Zeke", "amount": 3, "wild": False}]


def tie_or_hand(values: Values) -> dict[str, Any]:
    """A stand-in rule: the cards drawn must be three; a hand typed unseen must be five."""
    if len(values.text("drawn").split()) < 3:
        raise RuleError("Tie", "a tie: type every card drawn", field="drawn")
    if len(values.text("hand").split()) != 5:
        raise RuleError("Hand", "a hand is five cards", field="hand")
    return {"drawn": values.text("drawn"), "hand": values.text("hand")}


@synchronous
async def test_a_refused_field_takes_what_is_typed_next_after_its_text_a_secret_one_afresh(
        ) -> None:
    # the refused field's text was all selected, so the next card typed replaced the cards
    # already there; a secret field kept its hidden text, and the new one ran onto it
    app = Host(Form("Draw", [kit.cards("drawn", "Drawn"),
                             kit.cards("hand", "Hand", secret=True)]), tie_or_hand)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press(*"3c 4d", "tab", *"2s 3s 4s 5s", "enter")
        await until(pilot, lambda: app.form.refusal.startswith("Tie"))
        drawn = app.form.query_one("#f-drawn", Input)
        await until(pilot, lambda: app.focused is drawn)
        await pilot.pause()
        await pilot.press(*" 5h")  # the card forgotten, after the two typed
        assert drawn.value == "3c 4d 5h"
        app.form.query_one("#f-hand", Input).focus()
        await pilot.pause()
        await pilot.press("enter")  # four cards, refused where the keyboard is
        await until(pilot, lambda: app.form.refusal.startswith("Hand"))
        await pilot.pause()
        await pilot.press(*"2s 3s 4s 5s 6s", "enter")  # typed afresh, unseen
        await until(pilot, lambda: app.answers)
    assert app.answers[0] == {"drawn": "3c 4d 5h", "hand": "2s 3s 4s 5s 6s"}


def knacks_at_most_four(values: Values) -> dict[str, Any]:
    """A stand-in rule: a Knack is rated at most 4."""
    for knack in values.text("knacks").split(","):
        if int(knack.split()[-1]) > 4:
            raise RuleError("Knacks", f"{knack.strip()}: at most 4", field="knacks")
    return {"knacks": values.text("knacks")}


@synchronous
async def test_a_refused_list_is_mended_at_its_end_not_typed_afresh() -> None:
    # a list refused was all selected, and the Backspace meant for its last rating erased
    # every Knack typed
    app = Host(Form("Sheet", [kit.text("knacks", "Knacks")]), knacks_at_most_four)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press(*"Shootin' 4, Ridin' 5", "enter")
        await until(pilot, lambda: app.form.refusal.startswith("Knacks"))
        await pilot.pause()
        await pilot.press("backspace", "3", "enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0] == {"knacks": "Shootin' 4, Ridin' 3"}


CAST = ['"Gentleman" Jim Harris', "Zeke Munroe", "Jack", "Black Jack Kerrigan"]


def jim_always_plays(values: Values) -> dict[str, Any]:
    """A stand-in rule: the first of the cast always plays; and never Black Jack."""
    cast = list(values.chosen("cast"))
    if CAST[0] not in cast:
        raise RuleError("Characters", f"{CAST[0]} is always one of them", field="cast")
    if CAST[3] in cast:
        raise RuleError("Characters", f"{CAST[3]} sits this one out", field="cast")
    return {"cast": cast}


@synchronous
async def test_a_refused_list_s_cursor_goes_to_the_line_the_refusal_names() -> None:
    # the cursor stayed where the Dealer had left it, and the space meant to tick Jim again
    # ticked another line
    app = Host(Form("Cast", [kit.many("cast", "Cast", CAST, (CAST[0],))]), jim_always_plays)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("space", "down", "down", "enter")  # Jim off, the cursor on Jack
        await until(pilot, lambda: app.form.refusal.startswith("Characters"))
        await pilot.pause()
        ticks = app.form.widget_of("cast")
        assert isinstance(ticks, OptionList) and ticks.highlighted == 0
        # "Jack" is in "Black Jack Kerrigan" too: the line the refusal names is the longer
        await pilot.press("space", "down", "down", "down", "space", "up", "enter")
        await until(pilot, lambda: "sits this one out" in app.form.refusal)
        await pilot.pause()
        assert ticks.highlighted == 3
        await pilot.press("space", "enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0] == {"cast": [CAST[0]]}


@synchronous
async def test_a_refused_number_is_typed_afresh() -> None:
    app = Host(Form("Stakes", [kit.text("name", "Name", "Luke"),
                               kit.number("amount", "Amount")]), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("tab", "1", "1", "enter")
        await until(pilot, lambda: app.form.refusal.startswith("Stakes"))
        await pilot.pause()
        await pilot.press("4", "enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["amount"] == 4


@synchronous
async def test_a_number_that_is_not_one_is_refused_naming_its_field() -> None:
    app = Host(Form("Test", [kit.text("amount", "Stakes")]), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, amount="lots")
        form = refusal_shown(app, "Stakes")
        assert "'lots' is not a whole number" in form.refusal


@pytest.mark.parametrize("typed", ["5.5", "5 yards", "x"])
@synchronous
async def test_a_number_typed_by_keys_is_kept_whole_and_refused_if_it_is_none(
        typed: str) -> None:
    # yards typed "5.5" were read as 55: the number box dropped the keys it did not like,
    # and the form sent what was left as if it had been typed
    app = Host(Form("Stakes", [kit.number("amount", "Stakes")]), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press(*(" " if key == " " else key for key in typed))
        await pilot.press("enter")
        await until(pilot, lambda: app.form.refusal.startswith("Stakes"))
        form = refusal_shown(app, "Stakes")
        assert f"{typed!r} is not a whole number" in form.refusal
        assert app.form.values().text("amount") == typed
    assert not app.answers


def test_a_number_too_large_for_the_journal_is_refused_naming_its_field() -> None:
    # a journal holds whole numbers of 64 bits: one larger got past the rules and was
    # refused by the journal, which named no field
    values = Values({"amount": "1" + "0" * 23}, {"amount": "Stakes"})
    with pytest.raises(RuleError) as refused:
        values.number("amount")
    assert refused.value.field == "amount" and "too large" in str(refused.value)
    # and says how large a number may be
    assert "at most 9,223,372,036,854,775,807" in str(refused.value)
    assert Values({"amount": "-" + "9" * 18}, {}).number("amount") < 0  # large, but it fits


def test_a_label_indented_under_another_names_its_refusal_without_the_indent() -> None:
    # Dust Devils' Call form sets "  or lay these" under each hand's name: a card typed
    # wrong there was refused as "  or lay these: ...", the bar's line begun with spaces
    with pytest.raises(RuleError) as refused:
        Values({"lay": "1x"}, {"lay": "  or lay these"}).cards("lay")
    assert refused.value.rule == "or lay these" and refused.value.field == "lay"


def test_a_huge_number_in_a_field_with_a_range_is_told_the_range() -> None:
    # "too large a number" named no limit where the field has one the rule gives
    huge = "9" * 20
    for typed, said in ((huge, f"at most 100, not {huge}"),
                        ("-" + huge, f"at least 0, not -{huge}")):
        with pytest.raises(RuleError) as refused:
            Values({"points": typed}, {"points": "Points"}).number("points", least=0, most=100)
        assert refused.value.field == "points" and said in str(refused.value)


@synchronous
async def test_a_tall_form_scrolls_and_send_stays_in_sight_at_80x24() -> None:
    fields = [kit.text(f"line{i}", f"Line {i}") for i in range(30)]
    app = Host(Form("A long form", fields, note="Thirty lines to fill."))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        send = app.form.query_one("#form-send", Button)
        assert send.region.y >= 0 and send.region.bottom <= 24 and send.region.height > 0
        for _ in range(29):
            await pilot.press("tab")
            await pilot.pause()
        last = app.form.widget_of("line29")
        assert app.focused is last and last.region.bottom <= 24 and last.region.height > 0
        app.form.refuse(RuleError("Line", "too long", field="line3"))
        await pilot.pause()
        bar = app.form.query_one("#form-refusal")
        assert bar.region.bottom <= 24 and bar.region.height > 0
        assert send.region.bottom <= 24 and send.region.height > 0
        await pilot.click("#form-send")
        await until(pilot, lambda: app.answers)
    assert isinstance(app.answers[0], Values) and len(app.answers[0]) == 30


@synchronous
async def test_a_long_refusal_is_read_whole_and_its_field_stays_in_sight_at_80x24() -> None:
    # a hand typed wrong in four fields is refused field by field: every clause is read,
    # and the field the cursor goes to is not hidden under the refusal that grew over it
    fields = [kit.text(f"line{i}", f"Line {i}") for i in range(30)]
    long = "; ".join(f"hand {i}: the 1st and 3rd cards are not in the Draw Deck (they are "
                     "in the discard pile)" for i in range(4))
    app = Host(Form("A long form", fields, note="Thirty lines to fill."))
    async with app.run_test(size=(80, 24)) as pilot:
        # the Dealer typed in the field the rule then names, and sent from it
        field = app.form.widget_of("line27")
        field.focus()
        await until(pilot, lambda: app.focused is field)
        app.form.refuse(RuleError("Cards", long, field="line27"))
        bar = app.form.query_one("#form-refusal")
        foot = app.form.query_one("#form-foot")

        def needed() -> int:
            width = bar.content_region.width
            return len(Text(app.form.refusal).wrap(app.console, width)) if width else 99

        # read once the bar has grown and the box scrolled (a refresh or two on a loaded
        # machine), not two pauses after the refusal
        await until(pilot, lambda: bar.content_region.height >= needed() > 3  # none cut off
                    and field.region.height > 0 and field.region.bottom <= foot.region.y)
        assert app.focused is field


@synchronous
async def test_a_foot_grown_under_the_field_with_the_keyboard_brings_it_back_into_sight() -> None:
    # the foot grown once the field is in sight (a refusal laid out after the scroll that
    # should have cleared it, on a loaded machine): the field stayed under the foot
    app = Host(Form("A long form", [kit.text(f"line{i}", f"Line {i}") for i in range(30)]))
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.form.widget_of("line27")
        foot = app.form.query_one("#form-foot")
        field.focus()

        def in_sight() -> bool:
            return field.region.height > 0 and field.region.bottom <= foot.region.y

        await until(pilot, in_sight)
        height = foot.region.height
        bar = app.form.query_one("#form-refusal", Static)
        bar.update(Text("Cards: a refusal of many words. " * 8))
        bar.add_class("-shown")
        await until(pilot, lambda: foot.region.height > height + 2)
        await until(pilot, in_sight)
        assert app.focused is field


@synchronous
async def test_every_kind_reads_back_what_was_chosen() -> None:
    fields = [
        kit.choose("who", "Who", ["Zeke", ("Ma [b]Barker[/b]", "ma")], value="Zeke"),
        kit.one_of("suit", "Suit", ["Clubs", "Hearts"], value="Clubs"),
        kit.many("knacks", "Knacks", ["Shoot", "Ride", "Lie"]),
        kit.check("wild", "Wild"),
        kit.cards("hand", "Hand"),
        kit.dice("faces", "Dice"),
        kit.area("story", "Story"),
        kit.number("bet", "Bet", 2),
    ]
    app = Host(Form("Everything", fields))
    async with app.run_test(size=(120, 40)) as pilot:
        await fill(pilot, who="ma", suit="Hearts", knacks=("Lie", "Shoot"), wild=True,
                   hand="As 10h *", faces="3 5", story="One.\nTwo.")
        await until(pilot, lambda: app.answers)
    values = app.answers[0]
    assert values["who"] == "ma" and values["suit"] == "Hearts" and values["wild"] is True
    assert values.chosen("knacks") == ("Shoot", "Lie")  # in the list's order
    assert values.cards("hand", count=3) == parse_cards("As Th Joker")
    assert values.faces("faces") == (3, 5) and values.number("bet") == 2
    assert values["story"] == "One.\nTwo."


def nobody_to_harm(values: Values) -> dict[str, Any]:
    if not values.text("who"):
        raise RuleError("Harm", "there is nobody to harm yet", field="who")
    return {"who": values.text("who")}


@synchronous
async def test_a_required_drop_down_with_nothing_to_choose_opens_and_the_rule_says_why(
        ) -> None:
    """A required drop-down offers no "(none)" among its choices; with no choice at all
    (nobody made yet) the form still opens, showing "(none)", and the rule refuses."""
    app = Host(Form("Harm", [kit.choose("who", "Who", [], required=True),
                             kit.number("amount", "Harm", 1)]), nobody_to_harm)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        who = app.form.widget_of("who")
        assert isinstance(who, Select) and who.is_blank()
        await pilot.press("ctrl+s")
        form = refusal_shown(app, "Harm")
        assert "there is nobody to harm yet" in form.refusal and not app.answers
    full = Host(Form("Harm", [kit.choose("who", "Who", ["Zeke", "Ma"], required=True)]))
    async with full.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        select = full.form.widget_of("who")
        assert isinstance(select, Select) and not select.is_blank()
        assert [str(label) for label, _ in select._options] == ["Zeke", "Ma"]
        assert select.value == "Zeke"
        # the choices change as another field does: none left, then some again
        full.form.set_options("who", [])
        await pilot.pause()
        assert select.is_blank()
        full.form.set_options("who", ["Doc"])
        await pilot.pause()
        assert [str(label) for label, _ in select._options] == ["Doc"]
        assert select.value == "Doc"


def test_cards_and_dice_typed_wrong_name_their_field() -> None:
    values = Values({"hand": "As Xx", "faces": "3 9", "two": "Kd", "blank": ""},
                    {"hand": "Hand", "faces": "Dice", "two": "Pair"})
    for read, field in ((lambda: values.cards("hand"), "hand"),
                        (lambda: values.faces("faces"), "faces"),
                        (lambda: values.cards("two", count=2), "two")):
        try:
            read()
        except RuleError as error:
            assert error.field == field and error.rule in ("Hand", "Dice", "Pair")
        else:
            raise AssertionError(f"{field} was read")
    assert values.cards("blank") is None and values.faces("blank") is None
    assert values.number("blank", default=4) == 4


@synchronous
async def test_names_are_shown_as_text_never_as_markup() -> None:
    app = Host(Form("[red]Title[/red]", [kit.choose("who", "[b]Who", [("[i]Zeke[/i]", "z")])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        shown = "\n".join(str(w.render()) for w in app.form.query("Label"))
        assert "[red]Title[/red]" in shown and "[b]Who" in shown


@synchronous
async def test_a_form_that_is_one_list_shows_ten_choices_at_80x24_a_list_among_fields_seven(
        ) -> None:
    # Devils Bluff's Activate showed seven models of ten, with half the screen to spare
    gang = [f"Gun {n}" for n in range(1, 11)]
    one = Host(Form("Activate which model?", [kit.pick("model", "Model", gang)]))
    async with one.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert one.form.widget_of("model").region.height == 10
    two = Host(Form("Trade", [kit.pick("model", "Model", gang), kit.many("to", "To", gang)]))
    async with two.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert two.form.widget_of("model").region.height == 7
        assert two.form.widget_of("to").region.height == 7
    # beside other fields, a list grown to half the screen pushed them out of sight
    among = Host(Form("Enlist", [kit.text("name", "Name"), kit.many("perks", "Perks", gang),
                                 kit.text("note", "Note")]))
    async with among.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert among.form.widget_of("perks").region.height == 7


@synchronous
async def test_a_pick_list_sends_the_choice_on_enter() -> None:
    app = Host(Form("Which model?", [kit.pick("model", "Model", ["Ann", "Bo", "Cy"])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["model"] == "Bo"


@synchronous
async def test_a_name_typed_in_a_pick_list_finds_its_line_and_enter_sends_that_one() -> None:
    # letters did nothing in a pick list: a name typed as in every drop-down left the first
    # line highlighted, and Enter sent it (Dust's day power spent the wrong power)
    names = ["Calamity: Alcohol", "Doc: Stethoscope", "Ma Hendry: Lantern", "Maud: Bible"]
    app = Host(Form("Which power?", [kit.pick("power", "Power", names)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("m", "a", " ", "h")
        form = app.form.query_one(OptionList)
        assert form.highlighted == 2 and not app.answers
        paused(app)  # a pause starts a new search
        await pilot.press("s", "t", "e", "t")
        assert form.highlighted == 1
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["power"] == "Doc: Stethoscope"


@synchronous
async def test_letters_typed_in_a_tick_list_find_a_line_and_space_ticks_it() -> None:
    # letters did nothing in a tick list: a Dealer who typed T for Tough ticked Quick
    perks = ["Quick", "Tough", "Steady Hand", "Tinkerer"]
    app = Host(Form("Enlist", [kit.many("perks", "Perks", perks)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        ticks = app.form.query_one(kit.TickList)
        await pilot.press("t", "space")
        assert ticks.highlighted == 1 and ticks.selected == ["Tough"]
        paused(app)  # a pause starts a new search
        await pilot.press("h", "a", "n", "d", "space")
        assert ticks.highlighted == 2 and not app.answers
        # a space right after a name's first word ticks the line it found: it went on
        # with the search ("steady " is in that line too) and ticked nothing
        await pilot.press("space")  # unticked again
        paused(app)
        await pilot.press("s", "t", "e", "a", "d", "y", "space")
        assert ticks.selected == ["Tough", "Steady Hand"]
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["perks"] == ("Tough", "Steady Hand")


@synchronous
async def test_a_space_ticks_the_line_in_sight_not_one_holding_the_letters_further_in() -> None:
    # "s", space ticked nothing: "Derringers (2 pts)" holds "s " and the search went on to it
    plunder = ["Shotgun (3 pts)", "Derringers (2 pts)", "Mack", "Ma Hendry"]
    app = Host(Form("Recruit", [kit.many("gear", "Gear", plunder),
                                kit.pick("model", "Model", plunder)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        ticks = app.form.query_one(kit.TickList)
        await pilot.press("s", "space")
        assert ticks.highlighted == 0 and ticks.selected == ["Shotgun (3 pts)"]
        paused(app)
        await pilot.press("m", "a", "space", "h")  # a name's two words, past Mack
        assert ticks.highlighted == 3
        await pilot.press("tab")
        await pilot.pause()
        listed = app.form.widget_of("model")
        assert isinstance(listed, OptionList)
        await pilot.press("s", "space")  # the space is the list's own: the line stays
        assert listed.highlighted == 0
        paused(app)
        await pilot.press("m", "a", "space", "h")
        assert listed.highlighted == 3


@synchronous
async def test_tab_from_a_list_opened_by_letters_takes_the_line_found() -> None:
    # "v", "a", Tab left the Voter at "(none)": the list closed without taking Ann
    app = Host(Form("Vote", [kit.choose("voter", "Voter", ["Ann", "Bo", "Cy"]),
                             kit.choose("for", "For", ["Ann", "Bo", "Cy"])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        voter = app.form.widget_of("voter")
        await pilot.press("b", "tab")
        await until(pilot, lambda: app.focused is app.form.widget_of("for"))
        assert app.form.values().text("voter") == "Bo"
        await pilot.press("enter", "down", "escape", "tab")  # escape leaves it as it was
        await until(pilot, lambda: app.focused is not app.form.widget_of("for"))
        assert app.form.values().text("for") == "" and voter is not None


@synchronous
async def test_a_long_text_shows_its_start_where_the_field_has_not_the_keyboard() -> None:
    # the lots form showed "Dan, Eve, ..." and hid the first lots, which matter most
    lots = ", ".join(["Lou", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo",
                      "Kit", "Lem", "Max", "Ned", "Oda", "Pru", "Quin", "Roy"])
    app = Host(Form("Lots", [kit.text("night", "Night", "2"), kit.text("lots", "Lots", lots)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        field = app.form.widget_of("lots")
        assert isinstance(field, Input) and app.focused is not field
        assert field.scroll_offset.x == 0
        await pilot.press("tab")  # with the keyboard, all of it selected, its end in sight
        await until(pilot, lambda: app.focused is field)
        await pilot.press("shift+tab")
        await until(pilot, lambda: app.focused is not field)
        assert field.scroll_offset.x == 0 and field.value == lots


@synchronous
async def test_a_click_in_a_pick_list_only_highlights_a_double_click_sends() -> None:
    app = Host(Form("Which model?", [kit.pick("model", "Model", ["Ann", "Bo", "Cy"])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        listed = app.form.query_one(OptionList)
        await pilot.click(listed, offset=(2, 2))
        await pilot.pause(0.3)
        assert listed.highlighted == 2 and not app.answers
        await pilot.click(listed, offset=(2, 1), times=2)
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["model"] == "Bo"


@synchronous
async def test_a_click_on_a_label_gives_its_field_the_keyboard_and_ticks_a_box() -> None:
    # as in any desktop form; a click on "Others lay hands" did nothing
    app = Host(Form("Attack", [kit.text("name", "Who"), kit.check("cover", "In cover")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.click("#l-cover")
        await pilot.pause()
        box = app.form.widget_of("cover")
        assert app.focused is box and app.form.values().flag("cover")
        await pilot.click("#l-cover")
        await pilot.pause()
        assert not app.form.values().flag("cover")
        await pilot.click("#l-name")
        await pilot.pause()
        assert app.focused is app.form.widget_of("name")
        await pilot.click("#f-cover", offset=(0, 0))  # the box's left edge, its "▐"
        await pilot.pause()
        assert app.form.values().flag("cover")


@synchronous
async def test_enter_on_side_by_side_choices_chooses_and_sends_space_only_chooses() -> None:
    # a form of choices alone (a level's perk, a set-up) had no line to send from: Enter
    # on the field it opens on did nothing, and nothing said Tab would reach Send
    app = Host(Form("Range", [kit.one_of("band", "Band", ["Close", "Nearby", "Far"], ""),
                              kit.check("cover", "In cover")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("space")
        assert not app.answers
        await pilot.press("right", "enter")
        await until(pilot, lambda: app.answers)
    assert app.answers[0]["band"] == "Nearby"


@synchronous
async def test_the_form_keeps_its_place_as_the_keyboard_moves_so_a_click_lands() -> None:
    # the box under the form took the height of the focused field's explanation: a click
    # on a field with another moved the field before the mouse came up, and the click was
    # lost (a tick box of Dead Man's Hand's recruit form never ticked)
    long = ("What a civilian is: one who fights only when cornered, for half the points; "
            "the book prices a horse apart, and a rider moves twice as far")
    app = Host(Form("Recruit", [kit.text("name", "Name"), kit.check("civilian", "Civilian",
                                                                      about=long),
                                kit.check("horse", "Horse")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        where = app.form.query_one("#f-civilian").region
        await pilot.click("#f-civilian")
        await pilot.pause(0.2)
        assert app.form.query_one("#f-civilian").region == where
        assert app.form.values().flag("civilian")
        await pilot.click("#f-horse")
        await pilot.pause(0.2)
        assert app.form.query_one("#f-civilian").region == where
        assert app.form.values().flag("horse")


@synchronous
async def test_enter_on_a_tick_box_or_a_tick_list_sends_space_ticks() -> None:
    # Enter ticked the box or the line, and a form of boxes alone could not be sent by it
    for field, key in ((kit.check("cover", "In cover"), "cover"),
                       (kit.many("guns", "Guns", ["Rifle", "Pistol"]), "guns")):
        app = Host(Form("Recruit", [field]))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("space")
            assert not app.answers
            await pilot.press("enter")
            await until(pilot, lambda app=app: app.answers)  # type: ignore[misc]
        assert app.answers[0][key] in (True, ("Rifle",)), key


@synchronous
async def test_a_preview_follows_the_fields_and_options_can_change() -> None:
    def changed(form: Form) -> None:
        values = form.values()
        form.show_preview(f"{values.text('amount') or 0} Stakes")
        form.set_options("who", ["Ann", "Bo"] if values.text("amount") == "2" else ["Ann"])

    app = Host(Form("Preview", [kit.text("amount", "Stakes"), kit.choose("who", "Who", ["Ann"])],
                    on_change=changed))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("2")
        await pilot.pause()
        preview = str(app.form.query_one("#form-preview").render())
        assert preview == "2 Stakes"
        assert app.form.options_of("who") == (("Ann", "Ann"), ("Bo", "Bo"))
        assert isinstance(app.form.widget_of("amount"), Input)


@synchronous
async def test_a_tall_forms_preview_stays_in_sight_at_80x24() -> None:
    # a preview under the last field was out of sight in a form taller than the screen (a
    # Dust Devils sheet's tally of points): docked, it stands in the foot
    def tally(form: Form) -> None:
        values = form.values()
        form.show_preview(f"{sum(int(values.text(f'line{i}') or 0) for i in range(30))} points")

    fields = [kit.text(f"line{i}", f"Line {i}") for i in range(30)]
    app = Host(Form("Points", fields, on_change=tally, preview_docked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("4")
        await pilot.pause()
        preview = app.form.query_one("#form-preview")
        assert str(preview.render()) == "4 points"
        assert preview.region.height == 1 and preview.region.bottom <= 24
        assert preview.region.bottom <= app.form.query_one("#form-send").region.y


@synchronous
async def test_the_focused_fields_explanation_is_shown_under_the_form() -> None:
    app = Host(Form("Help", [kit.text("a", "A", about="What A means."),
                             kit.text("b", "B", about="What B means."), kit.text("c", "C")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        assert str(about.render()) == "What A means."
        await pilot.press("tab")
        await pilot.pause()
        assert str(about.render()) == "What B means."
        height = about.region.height
        await pilot.press("tab")  # a field with nothing to explain: the box says how it is
        await pilot.pause()        # filled in (it was blank), and keeps its height
        assert str(about.render()) == HOW_TO_FILL["text"] and about.region.height == height
        await pilot.press("shift+tab")
        await pilot.pause()
        assert str(about.render()) == "What B means."


@synchronous
async def test_a_field_without_words_of_its_own_says_how_its_kind_is_filled_in() -> None:
    app = Host(Form("Deal", [kit.text("who", "Who", about="The one dealt to."),
                             kit.cards("cards", "Cards"), kit.number("chips", "Chips"),
                             kit.text("npc", "NPC", suggest=lambda: "Jed Barlow")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        shown = []
        for _ in range(3):
            await pilot.press("tab")
            await pilot.pause()
            shown.append(str(about.render()))
        assert shown[0] == HOW_TO_FILL["cards"] and "As Kd" in shown[0]
        assert shown[1] == HOW_TO_FILL["number"]
        assert "ctrl+r" in shown[2]


@synchronous
async def test_an_explanation_of_three_lines_is_shown_whole_at_80x24() -> None:
    long = ("One die more, then one taken away once the dice are seen: the player chooses "
            "for a Luck or the background, the Judge for his Misfortune. NPCs float none.")
    app = Host(Form("Floating", [kit.text("a", "A", about=long)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        needed = Text(long).wrap(app.console, about.content_region.width)
        assert about.content_region.height == len(needed) == 3  # nothing cut off below


LONGER = ("The scenario's own placing: the posse that lost the draw places first, a model at "
          "a time, anywhere more than forty yards from every enemy; an uneven fight may bend "
          "this, and is best played twice, the sides swapped, the scores added. The last "
          "sentence says where the rest of it is told.")


@synchronous
async def test_an_explanation_longer_than_the_box_says_it_is_cut_at_80x24() -> None:
    # a game's explanation of five lines lost its end under the third, and nothing said so
    app = Host(Form("Scenario", [kit.text("a", "A", about=LONGER), kit.text("b", "B")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        lines = str(about.render()).splitlines()
        assert len(Text(LONGER).wrap(app.console, about.content_region.width)) > 3
        assert about.content_region.height == len(lines) == 3
        assert lines[-1].endswith("…") and "sentence" not in str(about.render())
        assert app.form.widget_of("a").tooltip == LONGER  # the whole, under the pointer


@synchronous
async def test_a_tall_screen_shows_a_longer_explanation_whole() -> None:
    app = Host(Form("Scenario", [kit.text("a", "A", about=LONGER), kit.text("b", "B")]))
    async with app.run_test(size=(80, 40)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        needed = Text(LONGER).wrap(app.console, about.content_region.width)
        assert 3 < len(needed) <= 6
        assert about.content_region.height == len(needed)
        assert str(about.render()) == LONGER
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: str(about.render()).endswith("…")
                    and about.content_region.height == 3)


# a control character would be obeyed by terminals showing the journal; a zero-width space
# in a name makes "Ann" and "Ann" two names that read as one; a note (lines) keeps it
@pytest.mark.parametrize(("typed", "code", "story"), [
    ("Widow\x1b[31mParker", "U+001B", "line one\nline two"),
    ("Ann\u200b", "U+200B", "pasted\u200btext")])
@synchronous
async def test_a_control_or_unseen_character_in_a_line_is_refused_naming_it(
        typed: str, code: str, story: str) -> None:
    app = Host(Form("Note", [kit.text("name", "Name"), kit.area("story", "Story")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, name=typed, story=story)
        form = refusal_shown(app, "Name")
        assert code in form.refusal and app.focused is form.widget_of("name")
        await fill(pilot, name="Ann")
        await until(pilot, lambda: app.answers)
    assert app.answers[0] == {"name": "Ann", "story": story}


def stakes_within_the_pot(values: Values) -> dict[str, Any]:
    """A stand-in rule naming one field (the Stakes) that another (the pot) can put right."""
    if values.number("amount") > values.number("pot"):
        raise RuleError("Stakes", "no more than the pot", field="amount")
    if values.text("name") == "":
        raise RuleError("Who", "name who raises", field="name")
    return {"amount": values.number("amount"), "pot": values.number("pot")}


@synchronous
async def test_a_refusal_follows_a_field_it_does_not_name_being_put_right() -> None:
    form = Form("Raise", [kit.text("name", "Who"), kit.number("amount", "Stakes"),
                          kit.number("pot", "Pot")])
    app = Host(form, stakes_within_the_pot)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, name="Zeke", amount="9", pot="5")
        refusal_shown(app, "Stakes")
        # the pot made large enough: the refusal, about the Stakes, no longer holds
        set_field(form, "pot", "12")
        await until(pilot, lambda: form.refusal == "")
        assert not form.query_one("#form-refusal").display
        await fill(pilot, name="")
        refusal_shown(app, "Who")
        # the name emptied again elsewhere would not lift this one: it still holds
        set_field(form, "pot", "13")
        await pilot.pause()
        assert form.refusal == "Who: name who raises"
        # another rule broken now: the bar says the one that holds, the cursor stays put
        set_field(form, "pot", "2")
        await until(pilot, lambda: form.refusal == "Stakes: no more than the pot")
        assert app.focused is form.widget_of("name")
    assert app.answers == []


@synchronous
async def test_ctrl_r_draws_a_name_in_a_field_that_offers_one() -> None:
    names = iter(["Hattie Flanagan", "Silas Pike", "Ezra Cole"])
    app = Host(Form("NPC", [kit.text("gang", "Gang of"),
                            kit.text("name", "Name", suggest=lambda: next(names)),
                            kit.text("notes", "Notes")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        # the form opens on another field: ctrl+r draws for its one field that draws, and
        # the keyboard goes there (it did nothing, and said nothing)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.form.values()["name"] == "Hattie Flanagan"
        assert app.focused is app.form.widget_of("name")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.form.values()["name"] == "Silas Pike"
        await pilot.press("tab", "ctrl+r")
        await pilot.pause()
        assert app.form.values()["notes"] == "" and app.form.values()["name"] == "Ezra Cole"


@synchronous
async def test_choices_of_every_kind_can_follow_another_field_and_values_be_suggested() -> None:
    def changed(form: Form) -> None:
        wide = form.values().text("amount") == "2"
        form.set_options("suit", ["Clubs", "Hearts"] if wide else ["Clubs"])
        form.set_options("knacks", ["Shoot", "Ride"] if wide else ["Shoot"])

    app = Host(Form("Follow", [kit.text("amount", "Stakes"),
                               kit.one_of("suit", "Suit", ["Clubs"], "Clubs"),
                               kit.many("knacks", "Knacks", ["Shoot"], ("Shoot",)),
                               kit.text("story", "Story")], on_change=changed))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        form = app.form
        assert form.options_of("suit") == (("Clubs", "Clubs"), ("Hearts", "Hearts"))
        assert form.values()["suit"] == "Clubs" and form.values()["knacks"] == ("Shoot",)
        form.set_value("suit", "Hearts")
        form.set_value("knacks", ("Ride",))
        form.set_value("story", "Told.")
        await pilot.pause()
        assert form.values()["suit"] == "Hearts" and form.values()["knacks"] == ("Ride",)
        assert form.values()["story"] == "Told."


@synchronous
async def test_a_tick_list_refilled_keeps_a_line_for_space_to_tick() -> None:
    # a list refilled while the form is open lost its highlight: space ticked nobody
    def changed(form: Form) -> None:
        name = form.values().text("who")
        form.set_options("others", [p for p in ("Ann", "Bo", "Cy") if p != name])

    app = Host(Form("Join", [kit.text("who", "Who"),
                             kit.many("others", "With them", ["Ann", "Bo", "Cy"])],
                    on_change=changed))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press("A", "n", "n", "tab", "space")
        await pilot.pause()
        assert app.form.options_of("others") == (("Bo", "Bo"), ("Cy", "Cy"))
        assert app.form.values()["others"] == ("Bo",)


@synchronous
async def test_a_choice_no_longer_offered_falls_back_to_the_blank_one() -> None:
    floating = [("none", ""), ("Luck", "luck"), ("Judge's", "judge")]
    app = Host(Form("Attack", [kit.one_of("floating", "Floating die", floating, "judge")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        app.form.set_options("floating", floating[:2])
        await pilot.pause()
        box = app.form.widget_of("floating")
        assert isinstance(box, OneOf)
        assert box.value == "" and box.options[box.highlighted] == ("none", "")
        assert str(box.render()).startswith("▐●▌ none ")  # chosen in sight, not left blank

@synchronous
async def test_a_choice_kept_with_new_words_shows_its_new_words() -> None:
    app = Host(Form("Draw", [kit.choose("knack", "Knack",
                                        [("Shootin' 2, named at entry", ""), ("Ridin' 1", "r")],
                                        "")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        app.form.set_options("knack", [("Wrestlin' 3, named at entry", ""), ("Ropin' 1", "p")])
        await pilot.pause()
        box = app.form.query_one("#f-knack", Select)
        assert box.value == ""
        assert "Wrestlin' 3, named at entry" in str(box.query_one("SelectCurrent").render())


@synchronous
async def test_a_secret_field_is_typed_out_of_sight() -> None:
    app = Host(Form("Your hand", [kit.cards("hand", "Hand", secret=True)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.press(*"As")
        await pilot.pause()
        assert app.form.values()["hand"] == "As"
        assert "As" not in "".join(str(w.render()) for w in app.form.query(Input))


@synchronous
async def test_a_form_shown_is_not_styled_again_whole_after_its_widgets_were_mounted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        styled = styled_nodes(app, monkeypatch)
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        await pilot.pause()
        assert app.form not in styled  # Textual restyles a screen whole as it is shown
        assert isinstance(app.form.focused, Input)
        assert app.form.focused.has_class("-textual-compact")


@synchronous
async def test_nothing_to_tick_says_none_and_a_games_own_none_is_the_only_blank() -> None:
    app = Host(Form("Night", [
        kit.many("extra", "Also", []),
        kit.choose("ability", "Ability", [("(none)", ""), ("Hail of Fire", "hail")]),
        kit.text("who", '"Lucky" Luke Johnson')]), lambda v: v.values)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ticks = app.form.query_one("#f-extra", kit.TickList)
        assert ticks.size.height == 1 and "(none)" in ticks.render_line(0).text
        ability = app.form.query_one("#f-ability", Select)
        assert [str(label) for label, _ in ability._options].count("(none)") == 1
        assert app.form.values()["ability"] == ""
        # a label of twenty letters keeps a column between it and its field
        label = next(w for w in app.form.query(".form-label")
                     if "Luke" in str(w.render()))
        field = app.form.query_one("#f-who", Input)
        assert label.region.right < field.region.x or label.size.height > 1
        assert "Johnson" in str(label.render())


class Opener(TypingAhead[None]):
    """An app whose key m opens a form, as a tab's key does."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("m", "make", "Make")]

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[Any] = []

    def action_make(self) -> None:
        self.push_screen(Form("Posse", [kit.text("name", "Who"), kit.text("town", "Town")]),
                         self.answers.append)


@synchronous
async def test_keys_typed_before_the_form_is_up_go_to_its_fields_in_order() -> None:
    app = Opener()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, ["m", "Z", "e", "d", "tab", "D", "o", "d", "g", "e"])
        await until(pilot, lambda: isinstance(app.screen, Form))
        shown = app.screen
        assert isinstance(shown, Form)
        await until(pilot, lambda: shown.values().text("town") == "Dodge")
        assert shown.values().text("name") == "Zed"


@synchronous
async def test_a_key_still_queued_as_the_app_closes_is_dropped() -> None:
    # a key typed as the app shut down reached it with no screen left, and the app's
    # type-ahead asked for the screen: ScreenStackError (seen in a full run under load)
    app = Opener()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert not app.screen_stack
    await app.on_event(events.Key("m", "m"))
    assert not app.answers


@synchronous
async def test_tab_typed_quickly_moves_on_before_the_letters_behind_it() -> None:
    app = Host(Form("Posse", [kit.text("name", "Who"), kit.text("town", "Town")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        burst(app, ["Z", "e", "d", "tab", "D", "o", "d", "g", "e"])
        await until(pilot, lambda: app.form.values().text("town") == "Dodge")
        assert app.form.values().text("name") == "Zed"
        burst(app, ["shift+tab"])
        await until(pilot, lambda: app.focused is not None and app.focused.id == "f-name")


@synchronous
async def test_keys_typed_as_the_form_opens_wait_for_its_first_field_tab_included() -> None:
    app = Opener()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_make()  # the form is on top, no field has the keyboard yet
        burst(app, ["Z", "e", "d", "tab", "D", "o", "d", "g", "e"])
        shown = app.screen
        assert isinstance(shown, Form)
        await until(pilot, lambda: bool(shown.query("#f-town"))
                    and shown.values().text("town") == "Dodge")
        assert shown.values().text("name") == "Zed"
        # Tab goes round the fields alone, no stop between (the buttons are the mouse's)
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(app.focused.id if app.focused else None)
        assert seen == ["f-name", "f-town", "f-name"]


class Behind(App[None]):
    """A tab with a form opened over it, counting how often each screen is laid out."""

    def __init__(self, form: Form) -> None:
        super().__init__()
        self.form = form
        self.laid_out: list[object] = []

    def compose(self) -> Any:
        yield Button("the tab behind")

    def open(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from textual.screen import Screen
        lay_out = Screen._refresh_layout

        def counted(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
            self.laid_out.append(screen)
            lay_out(screen, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        self.push_screen(self.form)


@synchronous
async def test_opening_a_form_lays_out_the_tab_behind_it_not_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Behind(Form("Help", [kit.text("a", "A", about="What A means."),
                               kit.text("b", "B", about="What B means.")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tab = app.screen
        app.open(monkeypatch)
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        await pilot.pause()
        assert tab not in app.laid_out  # its size has not changed
        # the form laid out as it is shown, then once its mounting is done (Textual's)
        assert app.laid_out.count(app.form) <= 2
        assert str(app.form.query_one("#form-about").render()) == "What A means."


@synchronous
async def test_a_form_open_as_the_terminal_is_resized_follows_it_with_the_tab_behind() -> None:
    app = Host(posse_form(), wanted)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        behind = app.screen_stack[0]
        await pilot.resize_terminal(200, 50)
        await pilot.pause(0.1)
        box = app.form.query_one("#form-box").region
        # wider on the wide screen, and centred anew
        assert box.width == kit._WIDER and box.x == (200 - kit._WIDER) // 2
        assert behind.size == (200, 50) and app.form.size == (200, 50)


@synchronous
async def test_the_explanation_is_the_one_of_the_field_the_form_opens_on() -> None:
    app = Host(Form("Help", [kit.text("a", "A", about="What A means."),
                             kit.text("b", "B", about="What B means.")], focus="b"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.form.focused is not None)
        assert app.form.focused is app.form.widget_of("b")
        assert str(app.form.query_one("#form-about").render()) == "What B means."


#: explanations of one to three lines, so the foot would grow and shrink as the keys move on
VARIED = ["", "Short.", "A longer explanation that runs on well past the width of the form, "
          "to two lines or more at 80 columns, as the sheet's limits do."]


@pytest.mark.parametrize("about", [
    lambda i: VARIED[i % 3],
    # explained alike: the field was brought into sight only when the explanation changed,
    # and through these the keyboard went under the foot (the sheet's Notes, typed unseen)
    lambda i: "Alike." if i else "First.",
], ids=["varied", "alike"])
@synchronous
async def test_tab_through_a_tall_form_keeps_each_field_in_sight_above_its_explanation(
        about: Callable[[int], str]) -> None:
    fields = [kit.text(f"line{i}", f"Line {i}", about=about(i)) for i in range(24)]
    app = Host(Form("A long form", fields))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.form.focused is not None)
        foot = app.form.query_one("#form-foot")
        for i in range(1, 24):
            await pilot.press("tab")
            await pilot.pause()
            await pilot.pause()
            field = app.form.widget_of(f"line{i}")
            assert app.focused is field
            assert field.region.height > 0 and field.region.bottom <= foot.region.y, i


class TwoStep(GamePane):
    """A tab whose form, sent, asks a second form (as a new character's swap is asked
    once the app's roll is shown); the command comes of the second."""

    can_focus = True
    BINDINGS: ClassVar[list[BindingType]] = [Binding("c", "make", "Make")]

    def action_make(self) -> None:
        def first(values: Values) -> None:
            self.call_after_refresh(self._second, values.text("name"))
            return None

        ask(self, Form("New", [kit.text("name", "Name")]), first)

    def _second(self, name: str) -> None:
        ask(self, Form(f"{name} rolled", [kit.pick("swap", "Swap", [("none", ""), ("a", "a")],
                                                    "")]),
            lambda values: ("made", name, values.text("swap")))


class Table(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Any] = []

    def compose(self) -> Any:
        yield TwoStep()

    def on_mount(self) -> None:
        self.query_one(TwoStep).focus()

    def on_game_pane_command(self, message: GamePane.Command) -> None:
        self.sent.append(message.command)


@pytest.mark.parametrize("first,second", [("enter", "enter"), ("enter", "ctrl+s"),
                                          ("ctrl+s", "enter"), ("ctrl+s", "ctrl+s")])
@synchronous
async def test_a_form_asked_once_another_is_sent_sends_its_command_however_each_is_sent(
        first: str, second: str) -> None:
    # the second form's answer went to the first form, gone by then, when that one was
    # sent with Enter: Fistful's new character rolled by the app was never made, silently
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("Z", "e", "d", first)
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text == "Zed rolled")
        await pilot.press("down", second)
        await until(pilot, lambda: app.sent)
        assert app.sent == [("made", "Zed", "a")] and not isinstance(app.screen, Form)


#: keys that come in one burst (a quick typist, a paste of keys, tmux): posted at once
BURSTS = [
    # a Backspace typed after letters takes the last of them, not the letters typed after it
    (["b", "a", "backspace", "c", "enter"], "bc"),
    # ctrl+u clears what was there, then the new cards: the app dealt its own when the
    # letters went in first and ctrl+u cleared them, leaving the field blank for Enter
    (["ctrl+u", "K", "h", "enter"], "Kh"),
    # the cursor moved home before the letter is typed there
    (["z", "home", "y", "enter"], "yz"),
]

@pytest.mark.parametrize(("keys", "sent"), BURSTS)
@synchronous
async def test_keys_typed_in_a_burst_act_in_the_order_typed(keys: list[str], sent: str) -> None:
    app = Host(Form("Cards", [kit.text("cards", "Cards turned over", "2h 3c")]),
               lambda values: values.text("cards"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.focused, Input))
        field = app.focused
        assert isinstance(field, Input)
        field.value = ""
        await pilot.pause()
        burst(app, keys)
        await until(pilot, lambda: app.answers)
    assert app.answers == [sent]


def named_up_to_ten(values: Values) -> str:
    """The crime form's rules, as a stand-in: at most 10 hours, and a crime named."""
    if values.number("hours") > 10:
        raise RuleError("Hours", "at most 10", field="hours")
    if not values.text("why"):
        raise RuleError("Crime", "name the crime", field="why")
    return f"{values.text('hours')} {values.text('why')}"


@pytest.mark.parametrize("quick", [True, False], ids=["in-one-burst", "one-by-one"])
@pytest.mark.parametrize(("start", "keys", "held"), [
    # the crime left blank and refused: "o", "p" typed straight after the Enter left "p",
    # the field's text selected (to be typed afresh) after the "o" went in
    ("why", ["enter", "o", "p"], ("1", "op")),
    # 11 hours refused: 9 and 8 typed after it are the new number, as typed one by one
    ("hours", ["1", "1", "enter", "9", "8"], ("98", "")),
])
@synchronous
async def test_keys_typed_straight_after_a_refused_enter_go_into_the_field_it_names(
        quick: bool, start: str, keys: list[str], held: tuple[str, str]) -> None:
    form = Form("A crime adds to the clock", [
        kit.number("hours", "Hours", 1 if start == "why" else ""),
        kit.text("why", "The crime")], focus=start)
    app = Host(form, named_up_to_ten)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: form.ready and app.focused is form.widget_of(start))
        await type_in(pilot, keys, in_one_burst=quick)
        await until(pilot, lambda: (form.values().text("hours"),
                                    form.values().text("why")) == held)
        assert not app.answers


@synchronous
async def test_keys_typed_in_a_burst_in_a_box_of_lines_act_in_the_order_typed() -> None:
    app = Host(Form("Note", [kit.area("text", "Note")]), lambda values: values.text("text"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.focused is not None)
        burst(app, ["b", "a", "backspace", "c", "left", "x", "ctrl+s"])
        await until(pilot, lambda: app.answers)
    assert app.answers == ["bxc"]


GUNS = kit.choose("gun", "Gun", ["Colt", "Derringer", "Rifle"], "Colt")

#: a burst through fields of every kind that is not typed in: the key that ticks, chooses or
#: moves acts on the field it was typed in, before the Tab typed after it moves on
CHOOSING_BURSTS = [
    # a box ticked by space: the Tab behind it moved on first, and the box stayed blank
    (kit.check("wild", "Jokers wild"), ["space"], True),
    # one of a few, chosen by the arrow
    (kit.one_of("side", "Side", ["red", "black"], "red"), ["right"], "black"),
    # a list to tick several in: down, then space ticks the second
    (kit.many("who", "Who", ["Ann", "Bob", "Cy"]), ["down", "space"], ("Bob",)),
    # a drop-down: its list opened by a letter, by down or by Enter, Enter picks; the Tab
    # after it moved on before the pick, and the form was sent with the old choice
    (GUNS, ["d", "enter"], "Derringer"),
    (GUNS, ["down", "down", "enter"], "Derringer"),
    (GUNS, ["enter", "down", "enter"], "Derringer"),
    (GUNS, ["r", "escape"], "Colt"),  # the list closed, the choice kept
]


@pytest.mark.parametrize(("field", "keys", "sent"), CHOOSING_BURSTS)
@synchronous
async def test_keys_that_choose_in_a_burst_act_on_their_field_before_the_tab_after_them(
        field: kit.Field, keys: list[str], sent: object) -> None:
    app = Host(Form("Burst", [kit.text("name", "Name"), field, kit.text("town", "Town")]),
               lambda values: (values[field.key], values.text("town")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.focused, Input))
        burst(app, ["tab", *keys, "tab", "x", "enter"])
        await until(pilot, lambda: app.answers)
    assert app.answers == [(sent, "x")]


@synchronous
async def test_letters_typed_on_one_of_a_few_choose_the_first_that_holds_them() -> None:
    # a target among ten enemies took nine arrows to reach the last; letters find it, as
    # in a list, and a pause starts the search afresh
    enemies = ["Ada Cole", "Bo Reyes", "Cy Moss", "Ma Barker", "Ma Hendry"]
    app = Host(Form("Attack", [kit.one_of("target", "Target", enemies, "Ada Cole")]),
               lambda values: values.text("target"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.focused, OneOf))
        one_of = app.focused
        assert isinstance(one_of, OneOf)
        await pilot.press("m", "a", "space", "h")
        assert one_of.value == "Ma Hendry"
        await pilot.press("x")  # no choice holds "ma hx": the choice stays
        assert one_of.value == "Ma Hendry"
        paused(app)
        await pilot.press("o")  # held soonest by "Bo Reyes"
        assert one_of.value == "Bo Reyes"
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers == ["Bo Reyes"]


@synchronous
async def test_a_cancelled_form_calls_on_cancel_and_again_gives_it_back_as_it_was() -> None:
    # the second of two steps cancelled (a floating die's chooser) gives back the first
    # form with what was typed in it and the choices it offered then
    cancelled: list[str] = []
    first = Form("Stakes", [kit.text("name", "Who"),
                            kit.choose("side", "Side", ["red", "black"], "red")],
                 on_cancel=lambda: cancelled.append("first"))
    app = Host(first)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.focused, Input))
        first.set_options("side", ["red", "black", "white"])
        await pilot.press("A", "n", "n")
        typed = first.values()
        await pilot.press("escape")
        await until(pilot, lambda: cancelled == ["first"])
        assert app.answers == [None]
        again = first.again(typed)
        app.push_screen(again, app.answers.append)
        await until(pilot, lambda: app.screen is again and again.is_mounted)
        assert again.values() == {"name": "Ann", "side": "red"}
        assert again.options_of("side") == (("red", "red"), ("black", "black"),
                                            ("white", "white"))
        await pilot.press("enter")
        await until(pilot, lambda: len(app.answers) == 2)
    assert cancelled == ["first"] and app.answers[1] == {"name": "Ann", "side": "red"}


PLUNDER = [("Shotgun, 3 pts", "shotgun"), ("Rifle, 2 pts", "rifle"), ("Knife, 1 pt", "knife")]
EACH = {"shotgun": "Shotgun: power 4, reach 10 yards; cards drawn are Best of two.",
        "rifle": "Rifle: power 3, reach 30 yards."}


@pytest.mark.parametrize("make", [
    lambda: kit.many("gear", "Gear", PLUNDER, about="Tick what he carries.", about_each=EACH),
    lambda: kit.pick("gear", "Gear", PLUNDER, about="Tick what he carries.", about_each=EACH),
], ids=["tick list", "pick list"])
@synchronous
async def test_a_lines_own_words_are_said_under_the_form_while_it_is_highlighted(
        make: Callable[[], Field]) -> None:
    # a list's lines are cut at 49 columns: a weapon's numbers had no room on its line
    app = Host(Form("Recruit", [kit.text("name", "Name", about="His name."), make()]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        assert str(about.render()) == "His name."
        await pilot.press("tab")  # the line's words, then what the field's say
        await until(pilot, lambda: str(about.render()).replace("\n", " ")
                    == f"{EACH['shotgun']} Tick what he carries.")
        await pilot.press("down")  # both on one row: they fit it
        await until(pilot, lambda: str(about.render()) == f"{EACH['rifle']} Tick what he "
                    "carries.")
        await pilot.press("down")  # a line the game says nothing of: the field's words
        await until(pilot, lambda: str(about.render()) == "Tick what he carries.")
        await pilot.press("shift+tab")
        await until(pilot, lambda: str(about.render()) == "His name.")


@synchronous
async def test_a_lines_words_and_its_fields_do_not_run_on_as_one_paragraph() -> None:
    # the highlighted model's words ran on into the field's over two rows ("... Precise
    # Shot. Models" / "still to activate ..."), read as more of the model's
    field = kit.pick("gear", "Gear", PLUNDER, about="Tick what he carries.", about_each=EACH)
    app = Host(Form("Recruit", [field]))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Shotgun" in str(app.form.query_one("#form-about").render()))
        about = app.form.query_one("#form-about")
        assert str(about.render()).splitlines() == [EACH["shotgun"], "Tick what he carries."]
        await pilot.resize_terminal(100, 24)  # a resize keeps them apart
        await pilot.pause()
        assert str(about.render()).splitlines() == [EACH["shotgun"], "Tick what he carries."]


@synchronous
async def test_a_list_whose_lines_are_explained_has_no_glossary_entry_after_them() -> None:
    # with no words of its own, the Activate form's list said the glossary's "One miniature
    # on the table, ..." after the highlighted model's words
    model = Word("Model", "One miniature on the table, with its own profile.")
    plain = Form("Plunder", [kit.pick("model", "Model", PLUNDER)])
    plain.explain((model,))
    assert plain.fields[0].about == model.means
    each = Form("Activate", [kit.pick("model", "Model", PLUNDER, about_each=EACH)])
    each.explain((model,))
    app = Host(each)
    async with app.run_test(size=(80, 24)) as pilot:
        about = app.form.query_one("#form-about")
        await until(pilot, lambda: str(about.render()) == EACH["shotgun"])
        await pilot.press("down", "down")  # a line the game says nothing of
        await until(pilot, lambda: str(about.render()) == HOW_TO_FILL["pick"])


@synchronous
async def test_a_lines_long_words_are_cut_before_the_fields_own() -> None:
    # a Wanted Chart result's whole text filled the box, and what every line of the list
    # means was cut with "…"; on a laptop's three lines the choice's own words come first
    long = {"howdy": "Howdy! " + "Folk in the next town know your faces and say so. " * 8}
    field = kit.pick("result", "Result", [("3: Howdy!", "howdy")],
                     about="The result to bring into play now.", about_each=long)
    app = Host(Form("Wanted Chart", [field]))
    async with app.run_test(size=(80, 30)) as pilot:
        await form_up(pilot)
        about = str(app.form.query_one("#form-about").render()).splitlines()
        assert len(about) == 6
        assert about[4].endswith("…") and about[0].startswith("Howdy! Folk in the next")
        assert about[5] == "The result to bring into play now."
    app = Host(Form("Wanted Chart", [field]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = str(app.form.query_one("#form-about").render()).splitlines()
        assert len(about) == 3 and about[2].endswith("…")
        assert "The result to bring" not in " ".join(about)


@synchronous
async def test_a_choice_side_by_side_has_its_own_words_as_it_is_taken() -> None:
    each = {"flat": "Flat Out: twice as far, no attack.", "walk": "Walk: move and attack."}
    app = Host(Form("Move", [kit.one_of("move", "Move", [("Walk", "walk"), ("Flat Out", "flat")],
                                        "walk", about_each=each)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        about = app.form.query_one("#form-about")
        await until(pilot, lambda: str(about.render()) == each["walk"])
        await pilot.press("right")
        await until(pilot, lambda: str(about.render()) == each["flat"])


@pytest.mark.parametrize(("size", "width", "whole"), [
    ((80, 24), 78, False), ((119, 40), 78, False), ((120, 40), 104, True),
    ((200, 50), 104, True)])
@synchronous
async def test_a_wide_screen_gives_the_form_room_for_a_whole_line_of_a_list(
        size: tuple[int, int], width: int, whole: bool) -> None:
    # a list's line was cut at 49 columns on a 200-column screen, its numbers lost
    line = "Winchester rifle: power 3, reach 24 yards, two shots a turn, $40"
    about = ("What the plunder is for, and who carries it home once the fight is over. "
             * 4).strip()
    app = Host(Form("Plunder", [kit.many("loot", "Plunder", [line, "Bowie knife"]),
                                kit.text("why", "Why", about=about)]))
    async with app.run_test(size=size) as pilot:
        await form_up(pilot)
        assert app.form.query_one("#form-box").outer_size.width == width
        shown = app.form.query_one(kit.TickList).render_line(0).text
        assert (line in shown) is whole
        # the explanation's room is the box's as it is now: more words to a line
        rows = len(textwrap.wrap(about, width - 6))
        assert app.form.query_one("#form-about").outer_size.height == 1 + min(
            rows, 3 if size[1] < 30 else 6)


@synchronous
async def test_tab_from_the_last_field_then_enter_sends_what_was_typed() -> None:
    """A new Dealer's Tab from habit, then the value and Enter: the Tab went on to Cancel,
    whose Enter (or space) closed the form unsent, or to Send, and the value typed was
    lost. The buttons are the mouse's now: Tab goes round the fields, so the value goes
    into a field and Enter sends it; a click on either button still does its work."""
    fields = [kit.text("name", "Name"), kit.check("wanted", "Wanted")]
    app = Host(Form("A short form", fields))
    async with app.run_test(size=(80, 24)) as pilot:
        # round to the name again, which Tab selects whole: what is typed takes its place
        await pilot.press(*"Jim", "tab", "tab", *"Ned", "enter")
        await until(pilot, lambda: app.answers)
    assert isinstance(app.answers[0], Values) and app.answers[0].text("name") == "Ned"
    app = Host(Form("One field", [kit.number("dice", "d6")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "4", "enter")
        await until(pilot, lambda: app.answers)
    assert isinstance(app.answers[0], Values) and app.answers[0].number("dice") == 4
    for button, sent in (("#form-send", True), ("#form-cancel", False)):
        clicked = Host(Form("A short form", fields))
        async with clicked.run_test(size=(80, 24)) as pilot:
            await pilot.press(*"Jim")
            await pilot.click(button)
            await until(pilot, lambda: clicked.answers)  # noqa: B023 (awaited in the loop)
        assert isinstance(clicked.answers[0], Values) is sent


def test_a_number_with_an_underscore_is_a_slip_not_a_number() -> None:
    # Python reads "1_0" as 10: ten Chips on a sheet for a slip of the finger
    for typed in ("1_0", "_5", "5_"):
        with pytest.raises(RuleError) as refused:
            Values({"chips": typed}, {"chips": "Chips"}).number("chips")
        assert refused.value.field == "chips" and "is not a whole number" in str(refused.value)
    assert Values({"chips": "+4"}, {}).number("chips") == 4
    assert Values({"chips": " -3 "}, {}).number("chips") == -3


@synchronous
async def test_without_colour_the_field_with_the_keys_is_shown_reversed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # with NO_COLOR the current field's band and a choice's highlight were greys among
    # greys: yards were typed into the field above the one meant (round 26)
    from gmscreen.ui.form import one_of, text
    from gmscreen.ui.one_of import OneOf

    monkeypatch.setenv("NO_COLOR", "1")
    app = Host(Form("Shoot", [text("yards", "Yards"), one_of("cover", "Cover",
                                                             ["none", "light", "heavy"])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        assert app.no_color
        current = app.screen.query_one(".form-label.-current")
        assert current.id == "l-yards" and current.styles.text_style.reverse
        await pilot.press("tab")
        await until(pilot, lambda: isinstance(app.focused, OneOf))
        choices = app.screen.query_one(OneOf)
        assert choices.get_component_rich_style("one-of--highlight").reverse
    monkeypatch.delenv("NO_COLOR")
    plain = Host(Form("Shoot", [text("yards", "Yards")]))
    async with plain.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not plain.screen.query_one(".form-label.-current").styles.text_style.reverse


@synchronous
async def test_without_colour_an_empty_list_to_tick_is_drawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # its "(none)" ended in a segment with no style, which Textual's filter without colour
    # could not read: the night form of a player with nobody beside him ended the app
    from gmscreen.ui.form import many

    monkeypatch.setenv("NO_COLOR", "1")
    app = Host(Form("Night", [many("also", "Also", [])]))
    async with app.run_test(size=(80, 24)) as pilot:
        await form_up(pilot)
        await pilot.pause()
        assert isinstance(app.screen, Form) and app.is_running
        ticks = app.screen.query_one(TickList)
        assert ticks.render_line(0).text.startswith("(none)")
