"""Campaigns from inside the app (ctrl+o): every campaign in the campaigns folder, and those
opened lately from other folders (`gmscreen new --dir`, `gmscreen open PATH`), with its
game, sessions and when it was last played; Enter opens one, `n` starts a new one (its game
and name asked in a form). Dismissed with the path of the campaign to open, or None."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Label, Static

from gmscreen.games import TITLES
from gmscreen.journal.catalogue import CampaignRefused, Summary, catalogue, create
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.dialog import Dialog
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.form import Form, Values
from gmscreen.ui.keymap import key_in_words
from gmscreen.ui.sections import RowTable, fitted_widths

_HEADINGS = ("Campaign", "Game", "Sessions", "Events", "Last played")
#: the dialog's widest, and what its border and padding take of it
_WIDEST, _FRAME = 110, 4
#: the lines around the list: the dialog's border, its title and the keys at the foot
_CHROME = 4


def played_words(when: datetime | None, now: datetime) -> str:
    """When a campaign was last played, as short as a Dealer reads it at a glance: the time
    only today, the day alone this year, the year only when it is another one."""
    if when is None:
        return "never"
    when, now = when.astimezone(), now.astimezone()
    if when.date() == now.date():
        return f"today {when:%H:%M}"
    if when.date() == (now - timedelta(days=1)).date():
        return "yesterday"
    if when.year == now.year:
        return f"{when:%a %d %b}"
    return f"{when:%d %b %Y}"


class CampaignList(RowTable):
    """The campaigns, one to a row: Enter opens the highlighted one, as does a click on it
    once highlighted. The list's own Enter, taken in the order typed: the screen's, taken
    first, opened the campaign above when Down and Enter came together."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Open", id="campaigns.open"),
    ]

    #: the list does nothing else: a click on the campaign highlighted opens it
    single_click_opens = True


class CampaignsScreen(Dialog[Path | None]):
    """The campaigns folder as a list; `current` is marked as the one open now."""

    DEFAULT_CSS = """
    CampaignsScreen { align: center middle; }
    CampaignsScreen > Vertical {
        width: 110; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    CampaignsScreen #campaigns-title { text-style: bold; color: $text-primary; }
    CampaignsScreen #campaigns-folder { color: $text-muted; }
    CampaignsScreen DataTable { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New campaign", id="campaigns.new"),
        Binding("escape", "close", "Close", id="campaigns.close"),
    ]

    def __init__(self, folder: Path, current: Path | None = None, *, note: str = "",
                 elsewhere: Sequence[Path] = ()) -> None:
        super().__init__()
        self.folder = folder
        self.current = current.resolve() if current is not None else None
        self.note = note
        #: campaigns opened lately, listed too when in another folder (the open one first)
        self.elsewhere = [*([] if current is None else [current]), *elsewhere]
        self.summaries: list[Summary] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Campaigns", id="campaigns-title")
            yield Static(self._where(), id="campaigns-folder")
            campaigns = CampaignList(id="campaigns-table", cursor_type="row")
            campaigns.opens = lambda _row: self.open_chosen()
            yield campaigns
        yield KeysFooter()

    def _where(self) -> Text:
        return Text(f"in {self.folder}, and those opened lately from elsewhere"
                    + (f"\n{self.note}" if self.note else ""))

    def on_mount(self) -> None:
        self.refill()
        self.query_one(DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        if self.summaries:
            self.refill(keep=True)

    def refill(self, keep: bool = False) -> None:
        """The list read again from the folder (`keep`: the same list, laid out again for
        a new width), the cursor on the campaign open now or, kept, where it was."""
        if not keep:
            self.summaries = catalogue(self.folder, self.elsewhere)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        found = [summary.path.resolve() for summary in self.summaries]
        now = datetime.now().astimezone()
        rows: list[tuple[str, ...]] = []
        for summary, path in zip(self.summaries, found, strict=True):
            mark = " (open now)" if path == self.current else ""
            played = played_words(summary.last_played, now)
            game = TITLES.get(summary.game, summary.game)
            if summary.problem:
                game, played = f"({summary.problem})", ""
            # one from another folder says where it is
            where = "" if path.parent == self.folder.resolve() else f"\n{path.parent}"
            rows.append((summary.name + mark + where, game, str(summary.sessions),
                         str(summary.events), played))
        if not rows:
            new = key_in_words(self.app, "campaigns.new", self)
            rows.append((f"No campaign here yet: {new} starts one.", "", "", "", ""))
        # the campaign's name takes the room the other columns leave, wrapped rather than
        # pushing them off
        inner = min(_WIDEST, self.app.size.width) - _FRAME
        widths = fitted_widths(_HEADINGS, rows, inner, 0)
        # the list scrolls within what the screen leaves it, so the cursor's row is in
        # sight. CSS cannot say this: a `1fr` limit in a box as tall as its content is the
        # box's whole height, and the list ran two lines under the border at 80x24
        lines = len(self._where().wrap(self.app.console, inner))
        table.styles.max_height = max(3, self.app.size.height - _CHROME - lines)
        for heading, width in zip(_HEADINGS, widths, strict=True):
            table.add_column(heading, key=heading, width=width)
        keys: list[str | None] = [str(summary.path) for summary in self.summaries] or [None]
        for cells, key in zip(rows, keys, strict=True):
            table.add_row(*(Text(cell) for cell in cells), key=key, height=None)
        # the cursor starts on the campaign open now, marked so: where the Dealer is
        table.move_cursor(row=row if keep else
                          found.index(self.current) if self.current in found else 0)

    @property
    def chosen(self) -> Summary | None:
        table = self.query_one(DataTable)
        if not self.summaries or table.cursor_row >= len(self.summaries):
            return None
        return self.summaries[table.cursor_row]

    def open_chosen(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        if chosen.problem:
            self.notify(f"{chosen.path.name}: {chosen.problem}", title="Cannot open",
                        severity="warning", markup=False)
            return
        self.dismiss(chosen.path)

    def action_new(self) -> None:
        def made(values: Values) -> Path:
            try:
                store = create(self.folder, values.text("name"), values.text("game"))
            except CampaignRefused as refused:
                raise RuleError("New campaign", str(refused), field="name") from None
            store.close()
            return store.path

        # the name first, where the cursor starts, so Tab goes on to the game
        asked = Form("A new campaign", [
            form.text("name", "Name", placeholder="what the table calls it"),
            form.choose("game", "Game", [(title, game) for game, title in TITLES.items()],
                        "dust-devils", required=True),
        ], send_label="Start it")
        asked.check = made
        self.app.push_screen(asked, self._started)

    def _started(self, path: Path | None) -> None:
        if path is not None:
            self.dismiss(path)

    def action_close(self) -> None:
        self.dismiss(None)
