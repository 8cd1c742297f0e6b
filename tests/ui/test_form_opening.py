"""A form's opening (gmscreen/ui/dialog.py, gmscreen/ui/form.py): laid out and drawn once,
the tab behind it not drawn again as the keyboard moves, and a field made with a value not
taken for a change. What is shown is the snapshot tests' to say; these say the work is not
done twice, and that nothing is left undone for it."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.renderables.background_screen import BackgroundScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from gmscreen.ui import form as kit
from gmscreen.ui.form import Form
from tests.pilot import synchronous, until


class Host(App[None]):
    """A tab (a button) with a form opened over it once the test asks."""

    def __init__(self, form: Form) -> None:
        super().__init__()
        self.form = form

    def compose(self) -> Any:
        yield Static("the tab behind")


def counted(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[object]:
    """Each call of `owner.name` from now on, by the object it was called on."""
    calls: list[object] = []
    original = getattr(owner, name)

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def edit_form(on_change: Any = None) -> Form:
    return Form("Edit", [kit.text("name", "Name", "Zeke"), kit.number("grit", "Grit", 3),
                         kit.check("wild", "Jokers wild", True),
                         kit.one_of("side", "Side", ["Law", "Outlaw"], "Outlaw"),
                         kit.choose("horse", "Horse", ["Bay", "Grey"], "Grey"),
                         kit.many("arms", "Arms", ["Colt", "Rifle"], ["Rifle"]),
                         kit.area("story", "Story", "Came west.")],
                on_change=on_change)


@synchronous
async def test_a_form_is_drawn_once_as_it_opens_and_the_tab_behind_not_as_the_keys_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Host(edit_form())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        behind = counted(monkeypatch, BackgroundScreen, "__rich_console__")
        drawn = counted(monkeypatch, Widget, "_render_content")
        app.push_screen(app.form)
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        await pilot.pause()
        assert len(behind) == 1
        labels = list(app.form.query(Label))
        assert labels and all(drawn.count(label) == 1 for label in labels)
        assert app.form.query_one("#l-name").has_class("-current")
        for key in ("tab", "tab", "shift+tab"):
            await pilot.press(key)
            await pilot.pause()
        assert len(behind) == 1  # the tab behind was not drawn again
        assert app.form.focused is app.form.widget_of("grit")
        assert app.form.query_one("#l-grit").has_class("-current")
        assert not app.form.query_one("#l-name").has_class("-current")


@synchronous
async def test_a_dialogs_first_layout_waits_for_its_widgets_and_shows_them_all() -> None:
    app = Host(edit_form())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        app.push_screen(app.form)
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        await pilot.pause()
        for widget in app.form.query("#form-fields > *"):
            assert widget.region.width and widget.region.height, widget
        lines = [strip.text for strip in app.form._compositor.render_strips()]
        assert any("Zeke" in line for line in lines)
        assert any("Came west." in line for line in lines)
        assert any("Send (ctrl+s)" in line for line in lines)


@synchronous
async def test_fields_made_with_values_are_no_change_and_a_change_back_is_one() -> None:
    previews: list[dict[str, Any]] = []

    def changed(form: Form) -> None:
        previews.append(dict(form.values()))
        form.show_preview(f"{form.values().text('name')}")

    app = Host(edit_form(changed))
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        app.push_screen(app.form)
        await until(pilot, lambda: app.screen is app.form and app.form.focused is not None)
        await pilot.pause()
        assert len(previews) == 1  # as the form opened; not again for each value it was made with
        assert previews[0]["name"] == "Zeke" and previews[0]["arms"] == ("Rifle",)
        await pilot.press("end", "s")
        await until(pilot, lambda: previews[-1]["name"] == "Zekes")
        await pilot.press("backspace")
        await until(pilot, lambda: previews[-1]["name"] == "Zeke")
        assert str(app.form.query_one("#form-preview").render()) == "Zeke"
        name = app.form.widget_of("name")
        assert isinstance(name, Input)
        name.value = "Ma"
        await until(pilot, lambda: previews[-1]["name"] == "Ma")
        app.form.set_value("wild", False)
        await until(pilot, lambda: previews[-1]["wild"] is False)
