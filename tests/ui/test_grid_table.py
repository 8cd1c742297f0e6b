"""The kit's grid table: rows keyed by their first cell, the cursor kept on its row across
a refill, the last column wrapped to fit 80 columns, or the names a grid shortens cut short
(the widest first) so each row keeps one line."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from gmscreen.journal.sections import grid, whole
from gmscreen.ui.sections import GridTable, fitted_widths
from tests.pilot import screen_text, synchronous

LONG = "a very long note about what this model carries and why it matters " * 2


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield GridTable(id="table")


@synchronous
async def test_rows_are_keyed_and_the_cursor_follows_its_row() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Models", ("Name", "Hits", "Notes"),
                        [("Ann", 1, "fine"), ("Bo", 2, LONG), ("Cy", 1, "")]))
        await pilot.pause()
        table.move_cursor(row=1)
        assert table.highlighted == "Bo"
        table.show(grid("Models", ("Name", "Hits", "Notes"),
                        [("Zed", 1, ""), ("Ann", 1, "fine"), ("Bo", 2, LONG)]))
        await pilot.pause()
        assert table.highlighted == "Bo"
        assert table.virtual_size.width <= 80
        assert table.get_row_height("Bo") > 1  # type: ignore[arg-type]


def test_the_names_give_room_the_widest_first_never_the_numbers() -> None:
    headings = ("Model", "HP", "Player")
    rows = [("Bartholomew Fitzgerald-Hawthorne", "11/11", "Ma Hendry"),
            ("Ruth", "7/7", "Sheriff Cole Bartholomew Jones")]
    # wide enough: each column as its widest cell
    assert fitted_widths(headings, rows, 200, None, (0, 2)) == [32, 5, 30]
    # 40 columns: 6 of padding, 2 of scrollbar, 5 for HP; 27 left for the names, level
    assert fitted_widths(headings, rows, 40, None, (0, 2)) == [14, 5, 13]
    # a narrower scrollbar leaves one more
    assert sum(fitted_widths(headings, rows, 40, None, (0, 2), scrollbar=1)) == 33
    # never narrower than its heading, even if the table then runs over
    assert fitted_widths(headings, rows, 10, None, (0, 2)) == [5, 5, 6]
    # only the names named give room
    assert fitted_widths(headings, rows, 40, None, (2,)) == [32, 5, 6]


@synchronous
async def test_shortened_columns_keep_each_row_one_line_and_show_text_not_markup() -> None:
    app = Host()
    async with app.run_test(size=(40, 24)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Models", ("Name", "Hits", "Player"),
                        [("[bold]Bartholomew Fitzgerald-Hawthorne", 11, "Ma Hendry")],
                        shortened=("Name", "Player")))
        await pilot.pause()
        assert table.highlighted == "[bold]Bartholomew Fitzgerald-Hawthorne"
        assert table.get_row_height("[bold]Bartholomew Fitzgerald-Hawthorne") == 1  # type: ignore[arg-type]
        line = screen_text(app).splitlines()[1]
        assert "[bold]Bartho" in line and "…" in line and "11" in line and "Ma Hendry" in line
        assert table.virtual_size.width <= 40


def test_the_names_give_room_the_widest_first_never_the_numbers_keep_their_least() -> None:
    headings = ("Player", "Items", "Status")
    rows = [("Bartholomew Montgomery-Wellsby", "none", "alive"),
            ("Ann", "First Aid Kit", "killed Night 1")]
    # widest first, level: "killed Ni…" lost the night
    assert fitted_widths(headings, rows, 56, None, (1, 2)) == [30, 9, 9]
    # a status keeps its 14 cells while the items can give room, down to their heading
    assert fitted_widths(headings, rows, 57, None, (1, 2), least={2: 14}) == [30, 5, 14]
    # and gives room under its least only where nothing else can, down to its heading
    assert fitted_widths(headings, rows, 50, None, (1, 2), least={2: 14}) == [30, 5, 7]
    assert fitted_widths(headings, rows, 40, None, (1, 2), least={2: 14}) == [30, 5, 6]


@synchronous
async def test_a_shortened_column_keeps_its_least_on_the_screen() -> None:
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Players", ("Player", "Items", "Status"),
                        [("Bartholomew Montgomery-Wellsby", "none", "alive"),
                         ("Ann", "First Aid Kit", "killed Night 1")],
                        shortened=("Items", "Status"), least={"Status": 14}))
        await pilot.pause()
        assert "killed Night 1" in screen_text(app)
        assert table.virtual_size.width <= 60


def test_a_grid_shortens_only_its_own_columns() -> None:
    with pytest.raises(ValueError, match="no column 'Nmae'"):
        grid("Models", ("Name", "Hits"), [], shortened=("Nmae",))
    with pytest.raises(ValueError, match="'Hits' is not a shortened column"):
        grid("Models", ("Name", "Hits"), [], shortened=("Name",), least={"Hits": 3})


@synchronous
async def test_home_and_end_go_to_the_first_and_the_last_row() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Models", ("Name", "Hits"), [(f"Model {n}", n) for n in range(30)]))
        await pilot.pause()
        table.focus()
        table.move_cursor(row=12)
        await pilot.press("end")
        assert table.highlighted == "Model 29"
        await pilot.press("home")
        assert table.highlighted == "Model 0" and table.scroll_y == 0


VOTERS = ", ".join(whole(name) for name in (
    "Abe Lark", "Reverend Ike", "Bounty Belle", "Old Sarge", "Widow Grey", "Judge Holden",
    "Little Orphan Annie", "Calamity Jane"))


@synchronous
async def test_a_wrapped_cell_breaks_between_names_kept_whole() -> None:
    # "Reverend" / "Ike" in a wagon of seven voters on Dust's board at 80x24
    app = Host()
    async with app.run_test(size=(58, 24)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Votes", ("Votes for", "Count", "Voters"),
                        [("Calamity Jane", "7/8", VOTERS)]))
        await pilot.pause()
        assert table.get_row_height("Calamity Jane") > 1  # type: ignore[arg-type]
        rows = [table.render_line(y).text.rstrip() for y in range(table.size.height)]
        # no row ends inside a name ("... Bounty" / "Belle, ...")
        assert not [row for row in rows if row.endswith((
            "Abe", "Reverend", "Bounty", "Old", "Widow", "Judge", "Little", "Orphan",
            "Calamity"))], rows
