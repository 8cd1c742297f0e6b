"""The footer says whether the keys it shows are those offered now: a step that changes the
keys (a row moved to) changes them at once, the footer only once rebuilt, and a click on the
footer in between lands where a key is about to go (the mouse tests wait on `current`)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets._footer import FooterKey

from gmscreen.ui.footer import KeysFooter
from tests.pilot import synchronous, until


class Row(Widget, can_focus=True):
    """A row whose Drop key is offered only while it is marked."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "chips", "Chips"),
                                             Binding("x", "drop", "Drop")]
    marked = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.marked or action != "drop"


class Table(App[None]):
    def compose(self) -> ComposeResult:
        yield Row()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Row).focus()


def shown(app: App[Any]) -> list[str]:
    return [key.key for key in app.screen.query(FooterKey) if key.display]


@synchronous
async def test_the_footer_is_current_only_once_rebuilt_for_the_keys_offered_now() -> None:
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = app.query_one(KeysFooter)
        await until(pilot, lambda: footer.current)
        assert "x" not in shown(app) and "g" in shown(app)
        row = app.query_one(Row)
        row.marked = True
        assert not footer.current  # offered at once, not yet shown
        row.refresh_bindings()
        await until(pilot, lambda: footer.current)
        assert "x" in shown(app)
        row.marked = False
        assert not footer.current
