"""The kit's view of sections: each under its title, a long title wrapped to the room."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from gmscreen.journal.sections import Lines, grid, whole
from gmscreen.ui.sections import SectionsView
from tests.pilot import screen_text, synchronous, until

TITLE = ("Conflict 3: \"Lucky\" Luke Johnson and the Dealer's Five Card Stud over the "
         "deed to the Last Oak mine, with Clara Hardin watching from the doorway")


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([grid(TITLE, ("Name", "Cards"), [("Luke", "6")]),
                            Lines("Notes", ("[b]not markup[/b]",))])


@synchronous
async def test_a_long_title_wraps_in_the_room_and_is_read_whole_at_80_columns() -> None:
    # the players' screen cut a conflict's long title at the edge ("... Five Card Stud — re")
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Luke" in screen_text(app))
        shown = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "watching from the doorway" in shown
        assert "[b]not markup[/b]" in shown


POSSE = grid("The Dalton Boys", ("Name", "Grit", "Gumption", "Grace", "Guts", "Stress",
                                 "Luck", "Dollars", "XP", "State"),
             [("Cora Dalton", "18", "16", "18", "9/9", "0", "0", "44", "0", "ready"),
              ("Eli 'Preacher' Moss", "21", "14", "17", "11/11", "2", "", "84", "0",
               "[red]out[/red]")], note="Guts: now/most.")


class Posse(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([POSSE])


@synchronous
async def test_a_table_too_wide_for_a_phone_is_read_as_lines_a_row() -> None:
    """A phone held upright (43 columns) cannot show ten columns: each row is its name over
    its other cells named by their headings, every figure in sight; empty cells are left
    out; a wider screen has the table back."""
    app = Posse()
    async with app.run_test(size=(43, 30)) as pilot:
        await until(pilot, lambda: "Cora" in screen_text(app))
        assert not app.query("DataTable")
        shown = " ".join(" ".join(line.split()) for line in screen_text(app).splitlines())
        assert "Cora Dalton Grit 18 · Gumption 16 · Grace 18 Guts 9/9" in shown
        assert "XP 0 · State ready" in shown
        assert "Luck ·" not in shown  # Eli's empty Luck
        assert "State [red]out[/red]" in shown  # text, never markup
        assert "Guts: now/most." in shown
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: bool(app.query("DataTable")))
        await pilot.pause()
        assert "Grit 18" not in " ".join(screen_text(app).split())
        assert "Gumption" in screen_text(app)


HANDS = grid("Conflict 1", ("Name", "Laid", "Made", "Result", "Chips"),
             [("Zeke Munroe", "Q♠ Q♦ Q♣ 4♥ 4♠", "Full house", "WON", "3")])


class Hands(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([HANDS])


@synchronous
async def test_a_table_read_as_lines_keeps_each_heading_and_its_cell_on_one_row() -> None:
    # at 40 columns "Made Full" ended a row and "house · Result WON" began the next
    app = Hands()
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "Zeke" in screen_text(app))
        rows = [" ".join(line.split()) for line in screen_text(app).splitlines()]
        # no row ends in the dot between two (a cell read as missing)
        assert "Laid Q♠ Q♦ Q♣ 4♥ 4♠" in rows
        assert "Made Full house · Result WON · Chips 3" in rows


VOTES = "Not voting (3): Abe Lark, Little\u00a0Orphan\u00a0Annie, Zed Coe"


class Votes(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([Lines(f"Day 2: the town hangs {whole('Little Orphan Annie')}",
                                  (VOTES,)),
                            grid("Players", ("Name",), [("Abe",)], note=VOTES)])


@synchronous
async def test_words_joined_by_no_break_spaces_stay_on_one_row() -> None:
    # "Little Orphan" ended a row and "Annie" began the next, in a line and in a note
    app = Votes()
    async with app.run_test(size=(40, 20)) as pilot:
        await until(pilot, lambda: "Abe" in screen_text(app))
        rows = [" ".join(line.split()) for line in screen_text(app).splitlines()]
        assert rows.count("Little Orphan Annie, Zed Coe") == 2, rows
        assert "Not voting (3): Abe Lark," in rows
        # a section's title too ("Little" / "Orphan Annie")
        assert rows[:2] == ["Day 2: the town hangs", "Little Orphan Annie"], rows


CALLAHANS = grid("The Callahan Gang", ("Model", "Weapons", "HP"),
             [("Toma.", "Rifl./Blade", "3"), ("Doc", "Shotg.", "2")],
             note="Rifl.: rifle. Shotg.: shotgun. Toma.: Tomas.",
             wide=[("Tomas Callahan", "Winchester rifle/Bowie knife", "3"),
                   ("Doc", "Sawn-off shotgun", "2")], wide_note="")


class Posses(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([CALLAHANS])


@synchronous
async def test_a_tv_has_the_whole_names_where_they_fit_a_laptop_the_short_ones() -> None:
    # "Toma./Blade/Fists" with a hundred columns to spare, and a key of two lines
    app = Posses()
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Doc" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
        assert "Winchester rifle/Bowie knife" in shown and "Rifl." not in shown
        await pilot.resize_terminal(40, 30)
        await until(pilot, lambda: "Rifl./Blade" in screen_text(app))
        assert "Shotg.: shotgun" in " ".join(screen_text(app).split())
        await pilot.resize_terminal(200, 50)
        await until(pilot, lambda: "Tomas Callahan" in screen_text(app))
        # back to the short words: each column as wide as what it holds now
        await pilot.resize_terminal(50, 30)
        await until(pilot, lambda: "Rifl./Blade" in screen_text(app))
        await pilot.pause()
        weapons = app.query_one("DataTable").ordered_columns[1]  # type: ignore[attr-defined]
        assert weapons.get_render_width(app.query_one("DataTable")) <= len("Rifl./Blade") + 2


ROSTER = grid("Players", ("Player", "Flipped as"), [("Tumbleweed (alive)", ""),
                                                   ("Widow Grey (lynched Day 1)", "Despair")],
              wide=[("Tumbleweed", "alive", ""), ("Widow Grey", "lynched Day 1", "Despair")],
              wide_columns=("Player", "Status", "Flipped as"))


class Roster(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([ROSTER])


@synchronous
async def test_wide_rows_may_have_columns_of_their_own() -> None:
    # a phone's roster said the status beside the name; a TV has a column for it
    app = Roster()
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Tumbleweed" in screen_text(app))
        await pilot.pause()
        table = app.query_one("DataTable")
        assert [str(c.label) for c in table.ordered_columns] == [  # type: ignore[attr-defined]
            "Player", "Status", "Flipped as"]
        await pilot.resize_terminal(30, 30)
        await until(pilot, lambda: "Tumbleweed (alive)" in screen_text(app))
        assert "Status" not in screen_text(app)


GANGS = [grid(f"{boss}'s gang", ("Model", "HP", "Weapon"),
              [(f"{boss} {n}", "7/7", "Revolver") for n in range(1, 4)], note="HP: now/most.")
         for boss in ("Ma Hendry", "Sheriff Cole")] + [Lines("Guns", ("Revolver: 12 in.",))]


class Gangs(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView(GANGS)


@synchronous
async def test_two_tables_alike_stand_side_by_side_on_a_tv_one_under_the_other_elsewhere(
) -> None:
    # at 200x50 the second gang stood under the first, ninety columns empty beside them,
    # and the Guns below the fold
    app = Gangs()
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Sheriff Cole 3" in screen_text(app))
        await pilot.pause()
        ma, cole = list(app.query("DataTable"))
        assert cole.region.x > ma.region.right and cole.region.y == ma.region.y
        guns = app.query(".section-title").last()
        assert guns.region.y > max(ma.region.bottom, cole.region.bottom)
        await pilot.resize_terminal(100, 40)
        await until(pilot, lambda: app.query("DataTable").last().region.y
                    > app.query("DataTable").first().region.bottom)
        assert "HP: now/most." in screen_text(app)


class Changing(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([Lines("Round", ("Round 1",))])


@synchronous
async def test_sections_shown_while_new_widgets_are_coming_in_are_the_ones_drawn() -> None:
    """Two redraws in one go, the first of a new shape (a table where there were lines):
    the second, of the same new shape, is what the screen shows once the widgets are in,
    not the first one's rows filled over it."""
    app = Changing()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Round 1" in screen_text(app))
        view = app.query_one(SectionsView)
        view.show([grid("Posse", ("Name", "Guts"), [("Cora", "9")])])
        view.show([grid("Posse", ("Name", "Guts"), [("Cora", "4"), ("Eli", "11")])])
        await until(pilot, lambda: "Eli" in screen_text(app))
        await pilot.pause()
        shown = [" ".join(line.split()) for line in screen_text(app).splitlines()]
        assert "Cora 4" in shown and "Eli 11" in shown
        assert "Cora 9" not in shown


#: a table that fits 80 columns, the room without a scroll bar, and not 78, the room with
#: one: its two columns and their frame take 80
EDGE = grid("The posse", ("Name", "Doings"),
            [("Gentleman Jim", "x" * 61), *((f"Rider {n}", "y") for n in range(10))])


class Edge(App[None]):
    def compose(self) -> ComposeResult:
        # shown once mounted, as the players' screen shows its journal
        yield SectionsView()

    def on_mount(self) -> None:
        self.query_one(SectionsView).show(
            [EDGE, Lines("Earlier conflicts", tuple(f"{n}. A fight" for n in range(15)))])


@synchronous
async def test_a_table_on_the_edge_of_the_room_a_scroll_bar_takes_is_drawn_once_and_filled(
        ) -> None:
    """The players' screen at 80x24 came up with its tables empty, one start in two: a
    table that fits only without a scroll bar brought one (the lines under it overran),
    was drawn as lines in the narrower room, and while those came in there was no scroll
    bar, so a table again, for ever, each caught half-made."""
    app = Edge()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(SectionsView)
        await until(pilot, lambda: "Gentleman Jim" in screen_text(app))
        shapes = []
        for _ in range(10):
            await pilot.pause(0.02)
            shapes.append(view._shape)
        assert all(shape is shapes[0] for shape in shapes), "the view was remade again"
        assert "Gentleman Jim" in screen_text(app)


class Told(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([Lines("Earlier conflicts", (
            "1. Whose body is on the gallows? (\"Gentleman\" Jim Harris won; the Dealer "
            "narrated)",
            "2. [b]A bent spoon[/b] and the cell lock (the Dealer won; \"Lucky\" Luke "
            "Johnson narrated)"))])


@synchronous
async def test_a_line_wrapped_in_the_room_goes_on_indented_so_the_next_stands_apart() -> None:
    # at 80 columns two notes, each wrapped, read as one block: a wrapped line's rest began
    # at the left edge, like the next line
    app = Told()
    async with app.run_test(size=(48, 24)) as pilot:
        await until(pilot, lambda: "Whose body" in screen_text(app))
        rows = [row.rstrip() for row in screen_text(app).splitlines() if row.strip()]
        starts = [n for n, row in enumerate(rows) if row.lstrip()[:2] in ("1.", "2.")]
        assert len(starts) == 2 and starts[1] - starts[0] >= 2  # the first one wrapped
        left = len(rows[starts[0]]) - len(rows[starts[0]].lstrip())
        for row in rows[starts[0] + 1:starts[1]] + rows[starts[1] + 1:]:
            assert len(row) - len(row.lstrip()) == left + 2, row
        shown = " ".join(row.strip() for row in rows)
        assert "(\"Gentleman\" Jim Harris won; the Dealer narrated)" in shown
        assert "[b]A bent spoon[/b]" in shown  # text, never markup


#: a name as long as the room leaves beside its status at 80 columns, with no scroll bar
LONG = "\"Gentleman\" Jim Harris, late of the Santa Fe Trail and the Last Oak jail"


class Short(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionsView([grid("The posse", ("Name", "Status"),
                                 [(LONG[:80 - 2 * 2 - len("last leg")], "last leg"),
                                  ("Zeke", "")], shortened=("Name",))])


@synchronous
async def test_a_table_that_never_scrolls_keeps_no_room_for_a_scroll_bar() -> None:
    """The players' screen at 80 columns cut the posse's names two cells short beside a
    status, for a scroll bar the table never draws: the page scrolls, not its few rows."""
    app = Short()
    async with app.run_test(size=(80, 24)) as pilot:
        name = LONG[:80 - 2 * 2 - len("last leg")]
        await until(pilot, lambda: "Zeke" in screen_text(app))
        assert name in screen_text(app), screen_text(app)


@synchronous
async def test_new_tables_are_filled_though_the_old_are_still_being_removed() -> None:
    """Two gangs side by side on a TV stand one under the other at 100 columns: new
    widgets, the old ones removed. A refresh that came before the old were gone (a loaded
    machine's order, made here every time by running what waits for a refresh at once)
    filled the old tables, going, and left the new ones empty: the players' screen's posses
    without a row at 80 columns."""
    app = Gangs()
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Sheriff Cole 3" in screen_text(app))
        await pilot.pause()
        view = app.query_one(SectionsView)
        running: list[asyncio.Future[object]] = []

        def at_once(callback: Callable[..., object], *args: object) -> bool:
            done = callback(*args)
            if inspect.isawaitable(done):
                running.append(asyncio.ensure_future(done))
            return True

        view.call_after_refresh = at_once  # type: ignore[method-assign]
        await pilot.resize_terminal(100, 40)
        await until(pilot, lambda: app.query("DataTable").last().region.y
                    > app.query("DataTable").first().region.bottom)
        await until(pilot, lambda: "Sheriff Cole 3" in screen_text(app))
        assert all(table.row_count for table in app.query(DataTable))
