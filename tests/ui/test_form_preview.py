"""A form's preview (the line under the fields that follows them) keeps its room: a line
from the opening, and the most it has taken since. The form is centred, so a preview that
came with the first box ticked made it a line taller and lifted every field a row under the
pointer (Dust's night form: a click aimed at the next power landed on the field above it);
one that went again dropped them back. Only a preview longer than it has ever been still
moves the fields, once."""

from __future__ import annotations

from typing import Any

import pytest

from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form, check
from tests.pilot import synchronous, until

#: what each power does, said under the fields once ticked
DOES = {"notebook": "Notebook: the player reads one note of the night again.",
        "alcohol": "Alcohol: numb to the next hurt. " * 6}


def says(form: Form) -> None:
    values = form.values()
    form.show_preview(" ".join(DOES[key] for key in DOES if values.flag(key)))


class Table(TypingAhead[None]):
    def __init__(self) -> None:
        super().__init__()
        self.form = Form("Ann's night", [check("notebook", "Notebook"),
                                         check("alcohol", "Alcohol")], on_change=says)

    def on_mount(self) -> None:
        self.push_screen(self.form)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@synchronous
async def test_the_fields_stay_where_they_are_as_the_preview_comes_grows_and_goes(
        size: tuple[int, int]) -> None:
    app = Table()
    async with app.run_test(size=size) as pilot:
        form = app.form
        await until(pilot, lambda: form.ready)
        boxes = [form.widget_of(key) for key in DOES]
        preview = form.query_one("#form-preview")

        def places() -> list[Any]:
            return [box.region for box in boxes]

        opened = places()
        assert all(region.height for region in opened)
        # a preview of one line comes: nothing moves (its line was kept from the opening)
        await ticked(pilot, form, {"notebook"})
        assert places() == opened
        assert str(preview.render()).strip() and preview.region.height == 1
        # it grows to more lines than it ever took: the form, centred, grows both ways
        await ticked(pilot, form, {"notebook", "alcohol"})
        grown = places()
        assert preview.region.height >= 2
        # shorter again, or gone: the room it took is kept, and nothing moves back
        for ticks in ({"alcohol"}, {"notebook"}, set()):
            await ticked(pilot, form, ticks)
            assert places() == grown, ticks


async def ticked(pilot: Any, form: Form, ticks: set[str]) -> None:
    """Tick `ticks` and untick the other boxes, and wait for the form to be laid out."""
    for key in DOES:
        form.set_value(key, key in ticks)
    await until(pilot, lambda: all(form.values().flag(k) == (k in ticks) for k in DOES))
    for _ in range(3):
        await pilot.pause()
