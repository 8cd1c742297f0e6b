"""The form's side-by-side choices (gmscreen/ui/one_of.py): one widget for all of them, in
the radio set's look, chosen by arrows as in any radio group."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input

from gmscreen.ui.one_of import OneOf
from tests.pilot import synchronous

RANGES = (("Close", "close"), ("Nearby", "nearby"), ("Faraway", "faraway"),
          ("[b]Distant[/b]", "distant"))


class Host(App[None]):
    def __init__(self, width: int = 60, value: str = "close") -> None:
        super().__init__()
        self.width = width
        self.value = value
        self.seen: list[str] = []

    def compose(self) -> ComposeResult:
        field = OneOf(RANGES, self.value, id="range")
        field.styles.width = self.width
        yield field
        yield Input(id="after")

    def on_one_of_changed(self, event: OneOf.Changed) -> None:
        assert event.control is self.query_one(OneOf)
        self.seen.append(event.value)


def drawn(field: OneOf) -> list[str]:
    return [line.plain for line in field.render().split("\n")]


@synchronous
async def test_arrows_choose_as_in_any_radio_group_and_space_or_enter_choose_the_first(
        ) -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        field = app.query_one(OneOf)
        field.focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert field.value == "faraway" and field.highlighted == 2
        assert app.seen == ["nearby", "faraway"]
        await pilot.press("left")
        assert field.value == "nearby"
        await pilot.press("up", "up")  # round to the last
        assert field.highlighted == 3 and field.value == "distant"
        await pilot.press("tab")  # tab leaves the field, as from any other
        assert app.focused is app.query_one("#after", Input)


@synchronous
async def test_where_none_is_chosen_space_or_enter_chooses_the_first() -> None:
    app = Host(value="")
    async with app.run_test(size=(80, 10)) as pilot:
        field = app.query_one(OneOf)
        field.focus()
        assert field.value == "" and field.highlighted == 0
        await pilot.press("space")
        assert field.value == "close"
        field.value = ""
        await pilot.press("enter")
        assert field.value == "close"


@synchronous
async def test_the_chosen_box_holds_the_dot_and_labels_are_text() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        assert drawn(app.query_one(OneOf)) == [
            "▐●▌ Close   ▐ ▌ Nearby   ▐ ▌ Faraway   ▐ ▌ [b]Distant[/b] "]


@synchronous
async def test_a_click_chooses_the_choice_under_it() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.click("#range", offset=(14, 0))  # on "Nearby"
        await pilot.pause()
        assert app.query_one(OneOf).value == "nearby"
        await pilot.click("#range", offset=(11, 0))  # between two choices: nothing
        await pilot.pause()
        assert app.query_one(OneOf).value == "nearby" and app.seen == ["nearby"]


@synchronous
async def test_choices_that_do_not_fit_go_whole_to_the_next_line() -> None:
    app = Host(width=36, value="")
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        field = app.query_one(OneOf)
        assert drawn(field) == ["▐ ▌ Close   ▐ ▌ Nearby ", "▐ ▌ Faraway   ▐ ▌ [b]Distant[/b] "]
        assert field.region.height == 2 and field.value == ""
        await pilot.click("#range", offset=(2, 1))  # "Faraway", on the second line
        await pilot.pause()
        assert field.value == "faraway"


@synchronous
async def test_a_label_longer_than_the_line_wraps_under_itself() -> None:
    # a Call form's hands name their cards: at 80 columns one was cut at "(Joker as"
    app = Host(width=36, value="")
    async with app.run_test(size=(80, 10)) as pilot:
        field = app.query_one(OneOf)
        field.set_options((("Close", "close"), ("best: Three of a kind: Joker 2♥ 2♦ J♦ 9♠ "
                                                "(Joker as a 2)", "best"), ("Far", "far")))
        await pilot.pause()
        assert drawn(field) == ["▐ ▌ Close ",
                                "▐ ▌ best: Three of a kind: Joker 2♥ ",
                                "    2♦ J♦ 9♠ (Joker as a 2) ",
                                "▐ ▌ Far "]
        assert field.region.height == 4
        await pilot.click("#range", offset=(8, 2))  # the long label's second line
        await pilot.pause()
        assert field.value == "best"
        await pilot.click("#range", offset=(0, 3))  # its box's left edge too
        await pilot.pause()
        assert field.value == "far"


@synchronous
async def test_new_choices_keep_the_chosen_one_where_it_is_still_offered() -> None:
    app = Host(value="nearby")
    async with app.run_test(size=(80, 10)) as pilot:
        field = app.query_one(OneOf)
        field.set_options((("Nearby", "nearby"), ("Close", "close")), keep="nearby")
        await pilot.pause()
        assert field.value == "nearby" and field.highlighted == 0
        field.set_options((("Close", "close"),), keep="nearby")
        await pilot.pause()
        assert field.value == "" and drawn(field) == ["▐ ▌ Close "]
        field.value = "close"
        await pilot.pause()
        assert field.value == "close" and app.seen[-1] == "close"
