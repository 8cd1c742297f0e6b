"""The drop-down select whose closed face is one widget (gmscreen/ui/dropdown.py): the same
value, keys and list as Textual's, the face drawn by itself."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Select

from gmscreen.ui.dropdown import Dropdown
from tests.pilot import synchronous, until

NAMES = [("Cora Dalton", "cora"), ("[b]Widow[/b] Parker", "widow"),
         ("Eli 'Preacher' Moss, who has a name too long for the box", "eli")]


class Host(App[None]):
    def __init__(self, value: object = Select.NULL) -> None:
        super().__init__()
        self.value = value
        self.seen: list[object] = []

    def compose(self) -> ComposeResult:
        field = Dropdown(NAMES, prompt="(none)", value=self.value, compact=True, id="who")
        field.styles.width = 30
        yield field

    def on_select_changed(self, event: Select.Changed) -> None:
        self.seen.append(event.value)


def _face_text(dropdown: Dropdown[str]) -> str:
    """The closed face as drawn (the widget before the list)."""
    shown = dropdown.children[0]
    drawn = shown.render()
    assert isinstance(drawn, Text)
    return drawn.plain


@synchronous
async def test_the_face_shows_the_value_and_its_arrow_and_the_list_opens_by_keys() -> None:
    app = Host(value="cora")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        dropdown = app.query_one(Dropdown)
        assert len(dropdown.query("*")) == 2  # the face and the list: no more
        assert _face_text(dropdown) == "Cora Dalton" + " " * 16 + " ▼"
        dropdown.focus()
        await pilot.press("enter")
        await until(pilot, lambda: dropdown.expanded)
        assert _face_text(dropdown).endswith("▲")
        await pilot.press("down", "enter")
        await until(pilot, lambda: not dropdown.expanded)
        assert dropdown.value == "widow" and app.seen[-1] == "widow"
        # a name is text, never markup
        assert _face_text(dropdown).startswith("[b]Widow[/b] Parker")


@synchronous
async def test_the_prompt_while_nothing_is_chosen_and_a_long_value_cut_short() -> None:
    app = Host()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        dropdown = app.query_one(Dropdown)
        assert _face_text(dropdown).startswith("(none)") and dropdown.shown == "(none)"
        dropdown.value = "eli"
        await pilot.pause()
        shown = _face_text(dropdown)
        assert shown.startswith("Eli 'Preacher'") and "…" in shown and shown.endswith(" ▼")
        assert len(shown) == dropdown.children[0].content_size.width


@synchronous
async def test_letters_typed_on_the_closed_box_open_it_at_the_first_choice_holding_them(
        ) -> None:
    app = Host(value="cora")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        dropdown = app.query_one(Dropdown)
        dropdown.focus()
        await pilot.press("m", "o", "s")  # Eli 'Preacher' Moss
        await until(pilot, lambda: dropdown.expanded)
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: not dropdown.expanded)
        assert dropdown.value == "eli"
        # space opens it as ever, the choice kept
        await pilot.press("space")
        await until(pilot, lambda: dropdown.expanded)
        await pilot.press("escape")
        await until(pilot, lambda: not dropdown.expanded)
        assert dropdown.value == "eli"


@synchronous
async def test_letters_typed_as_the_list_opens_search_it_none_lost() -> None:
    app = Host(value="cora")
    async with app.run_test(size=(60, 20)) as pilot:
        dropdown = app.query_one(Dropdown)
        dropdown.focus()
        await pilot.pause()
        chosen: list[object] = []
        # all at once, as a quick typist or tmux sends them: the letters come before the
        # open list has the keyboard, after Enter as after the first letter
        for keys in (("enter", "m", "o", "s", "enter"), ("w", "i", "d", "enter")):
            for key in keys:
                app.post_message(events.Key(key, "\r" if key == "enter" else key))
            for _ in range(5):  # the list opened, searched and closed
                await pilot.pause()
            chosen.append(dropdown.value if not dropdown.expanded else "still open")
            assert dropdown.has_focus
        assert chosen == ["eli", "widow"]


class TwoBoxes(App[None]):
    def compose(self) -> ComposeResult:
        yield Dropdown(NAMES, prompt="(none)", compact=True, id="who")
        yield Dropdown(NAMES, prompt="(none)", compact=True, id="whom")


@synchronous
async def test_tab_from_the_open_list_takes_its_line_and_moves_on_outside_a_dialog_too(
        ) -> None:
    # the Encounter Log's filters are drop-downs on the tab itself, where Tab is the app's
    app = TwoBoxes()
    async with app.run_test(size=(60, 20)) as pilot:
        first = app.query_one("#who", Dropdown)
        first.focus()
        await pilot.pause()
        await pilot.press("w", "i", "tab")
        await until(pilot, lambda: app.focused is app.query_one("#whom"))
        assert first.value == "widow" and not first.expanded
