"""The kit's view of sections: each under its title, a long title wrapped to the room."""

from __future__ import annotations

from textual.app import App, ComposeResult

from gmscreen.journal.sections import Lines, grid
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
