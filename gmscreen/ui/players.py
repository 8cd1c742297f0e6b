"""The players' screen (`gmscreen show PATH`): what the table may see, for a second terminal
on a TV or a projector, following the Dealer's journal as it grows.

What it shows comes only from the table's half of the game's `view` (`table_knows`, then
`table_sections`), and the notes the Dealer marked as told to the table: nothing hidden (a
hand before it is laid, a living player's role, the Dealer's own notes) can reach it. It
never takes the journal's lock and writes nothing, not even a setting: it opens in the
Dealer's theme, and a theme chosen here is its own and forgotten when it closes. It has no
key that changes anything. When the Dealer draws the curtain (a file `<journal>.curtain`
beside the journal, made and removed by the Dealer's app), it shows nothing until the
curtain is lifted.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Container, Middle
from textual.widgets import Static

from gmscreen import paths
from gmscreen.core.text import plural
from gmscreen.games import TITLES, rules_for, view_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import Face, faces
from gmscreen.journal.events import REDO, UNDO, Event
from gmscreen.journal.follow import Follower, curtain_of
from gmscreen.journal.notes import told_the_table
from gmscreen.journal.sections import Lines, Section
from gmscreen.ui import keymap, theme
from gmscreen.ui.clock_face import SHORT, ClockFace
from gmscreen.ui.header import says_the_game, session_words
from gmscreen.ui.notices import NoticesInRows
from gmscreen.ui.sections import SectionsView

#: how often the journal is looked at, in seconds (a stat of the file; cheap)
POLL = 0.5
#: from this width the clocks stand beside the tables; from this height their dials are large
WIDE, TALL = 110, 40
#: the column a line clock takes beside the tables on a wide, short screen
LINE_BESIDE = 44
#: the fewest columns a dial's clock takes beside the tables (a small dial, words beside it)
BESIDE_LEAST = 40
#: under this width (a phone held upright) the clocks stand one under another
NARROW = 60


def what_the_table_sees(campaign: Campaign[Any], player: str | None = None) -> list[Section]:
    """The table's sections of the campaign now, from the game's table view and nothing
    else; with `player`, that player's private page (the game's `player_knows` and
    `player_sections`: what the table sees and that player's own secrets)."""
    view = view_of(campaign.rules)
    if view is None:
        return [Lines("The table", ("This game shows nothing on the players' screen yet.",))]
    sections: list[Section] = (
        view.player_sections(view.player_knows(campaign.state, player)) if player is not None
        else view.table_sections(view.table_knows(campaign.state)))
    # what the Dealer read out to the table, from the journal (no game's state holds notes)
    heard, earlier = told_the_table(campaign)
    if heard:
        session = campaign.session
        when = f"session {session}" if session else "before the first session"
        # a bullet each: a note wrapped over two lines does not run into the next
        told = Lines(f"Notes told to the table, {when}, newest first", (
            *(f"• {note}" for note in heard),
            *([f"{plural(earlier, 'earlier note')} in the recap"] if earlier
              else [])))
        # after what the table must act on now, where the game says where that ends (on a
        # phone the rest runs a few screens down); else above what went before, which grows
        # all campaign and would push them out of sight
        at = next((n + 1 for n, section in enumerate(sections) if section.notes_after),
                  next((n for n, section in enumerate(sections) if section.past),
                       len(sections)))
        sections.insert(at, told)
    return sections


def clocks_the_table_sees(campaign: Campaign[Any]) -> list[Face]:
    """The game's own clocks the table sees (its view's `table_clocks`), then the Dealer's
    clocks shown to the table."""
    view = view_of(campaign.rules)
    own = getattr(view, "table_clocks", None)
    game = list(own(view.table_knows(campaign.state))) if callable(own) and view else []
    return [*game, *faces(campaign.clocks, public_only=True)]


def undo_words(events: Sequence[Event], referee: str) -> str:
    """What the table is told of the undos and redos among `events` (those just read): how
    many steps went back or were put back, never what they were (a step taken back may
    have held what the table never saw: a card drawn, a night's deed); nothing where there
    was neither. A page changing with no word looked like a fault at the table (round 20)."""
    back = sum(len(event.data.get("steps") or ()) or 1 for event in events if event.kind == UNDO)
    again = sum(1 for event in events if event.kind == REDO)
    return " ".join(_told(count, referee, forms)
                    for count, forms in ((back, _TOOK_BACK), (again, _PUT_BACK)) if count)


#: how an undo and a redo are told: by whom, of one step and of several; then with nobody
#: named (the players run the game themselves), of one and of several
_TOOK_BACK = ("took back the last step", "took back {n}",
              "The last step was taken back", "{n} were taken back")
_PUT_BACK = ("put back the step taken back", "put back {n} taken back",
             "A step taken back was put back", "{n} taken back were put back")


def _told(count: int, referee: str, forms: tuple[str, str, str, str]) -> str:
    """One sentence of `undo_words`: `count` steps told in `forms`."""
    one, many, one_unnamed, many_unnamed = forms
    words = (one if count == 1 else many) if referee else \
        (one_unnamed if count == 1 else many_unnamed)
    said = words.format(n=plural(count, "step"))
    return f"The {referee} {said}." if referee else f"{said}."


def curtain_words(referee: str) -> str:
    """What the players read while the curtain is drawn, in the game's word for who runs
    the table; where the players run it themselves, the curtain is simply drawn."""
    return f"The {referee} has drawn the curtain." if referee else "The curtain is drawn."


def header_words(name: str, game: str, session: str, whose: str, room: int) -> str:
    """The header's one row in `room` columns: the campaign, the game (unless the
    campaign's name says it), the session and whose page it is. Where they do not fit (a
    phone), the game goes first, then the end of the campaign's name; the session and the
    page's owner stay whole ("1" was left alone on a second row)."""
    tail = " · ".join(filter(None, [session, whose]))
    # the game's name only where the campaign's does not say it already, as the Dealer's
    # header has it
    named = says_the_game(name, game)
    for words in ([] if named else [f"{name} · {game} · {tail}"]) + [f"{name} · {tail}"]:
        if cell_len(words) <= room:
            return words
    # a stub of a name ("Dev…") tells nothing: the session alone, then
    left = room - cell_len(f" · {tail}") - 1
    if left >= 6:
        return f"{set_cell_size(name, left).rstrip()}… · {tail}"
    if cell_len(tail) <= room:
        return tail
    # a phone between sessions: "Between sessions (1 played) · Sheriff Cole's page" wrapped
    # onto a second row; the page's owner stays whole, the session in fewer words
    short = session.partition(" (")[0]  # "Between sessions", without how many were played
    for words in (" · ".join(filter(None, [short, whose])),
                  " · ".join(filter(None, [short, whose.removesuffix("'s page")])), whose):
        if cell_len(words) <= room:
            return words
    return f"{set_cell_size(tail, room - 1).rstrip()}…"


class PlayersApp(NoticesInRows[None]):
    """The players' screen of one campaign, following its journal."""

    TITLE = "gmscreen: the players' screen"
    CSS_PATH = str(paths.themes_dir() / "gmscreen.tcss")
    CSS = """
    #players-header { height: auto; background: $panel; color: $foreground; padding: 0 1; }
    #players-curtain { width: auto; text-style: bold; color: $text-muted; }
    PlayersApp #players-body { height: 1fr; }
    PlayersApp SectionsView { padding: 0 1; }
    PlayersApp #players-clocks { height: auto; padding: 0 1; layout: horizontal; }
    PlayersApp #players-clocks > ClockFace { margin-right: 4; }
    /* a wide screen (a TV) has the clocks in a column beside the tables */
    PlayersApp.-wide #players-body { layout: horizontal; }
    PlayersApp.-wide #players-clocks { layout: vertical; width: auto; height: 1fr; }
    PlayersApp.-wide #players-clocks > ClockFace { margin: 0 0 1 0; }
    PlayersApp.-narrow #players-clocks { layout: vertical; }
    PlayersApp.-narrow #players-clocks > ClockFace { margin: 0 0 1 0; }
    PlayersApp.-short #players-clocks { layout: vertical; }
    PlayersApp.-short #players-clocks > ClockFace { margin: 0 0 1 0; }
    PlayersApp.-curtain #players-body { display: none; }
    PlayersApp #curtain-box { display: none; }
    PlayersApp.-curtain #curtain-box { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", id="players.quit", priority=True),
        Binding("ctrl+t", "next_theme", "Theme", id="players.theme"),
    ]

    def __init__(self, path: Path, *, player: str | None = None,
                 follower: Follower | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        #: whose private page this is (None: the table's screen)
        self.player = player
        self.follower = follower or Follower(self.path, rules_for)
        #: what was drawn last: the session, the sections and the clocks
        self._seen: tuple[str, list[Section], list[Face]] | None = None
        for problem_free in theme.load_themes(paths.themes_dir())[0]:
            self.register_theme(problem_free)
        settings = paths.load_settings()
        # the Dealer's theme to begin with (a table in daylight chose the light one), read
        # and never written: ctrl+t here changes this screen's alone
        chosen = settings.get("theme")
        self.theme = next((name for name in (chosen, theme.WESTERN)
                           if isinstance(name, str) and name in self.available_themes),
                          self.theme)
        # the Dealer's own keys here too (a problem with them is said in the Dealer's app)
        self.set_keymap(keymap.read_keys(settings)[0])

    def compose(self) -> ComposeResult:
        yield Static(id="players-header", markup=False)
        with Container(id="players-body"):
            yield Container(id="players-clocks")
            yield SectionsView(id="players-view")
        with Middle(id="curtain-box"), Center():
            yield Static(id="players-curtain", markup=False)

    def on_mount(self) -> None:
        self.redraw()
        self.set_interval(POLL, self.look)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        # a TV's wide screen puts the clocks beside the tables; a short one (a laptop's
        # 80x24) draws each clock as a line, so the tables keep the rows; so does a narrow
        # one (a phone), one clock under another: a dial there took ten to seventeen of its
        # 46 rows above what the table must act on (round 20, in a browser)
        self.set_class(width >= WIDE, "-wide")
        self.set_class(width < NARROW, "-narrow")
        self.set_class(height < SHORT, "-short")
        largest = ("-line" if height < SHORT or width < NARROW
                   else "-small" if height < TALL else "-large")
        room = width - 2  # within the row's padding
        if largest == "-line" and width >= WIDE:
            room = LINE_BESIDE
        elif width >= WIDE:
            # beside the tables a clock takes a third of the width: a large dial and its
            # words took half a laptop's browser (Dust's deadline, round 20), squeezing the
            # votes into the other half
            room = max(BESIDE_LEAST, width // 3)
        for face in self.query("#players-clocks ClockFace").results(ClockFace):
            face.fit(room, largest)
        if self.query("#players-header"):
            self._show_header(width)

    @property
    def campaign(self) -> Campaign[Any]:
        return self.follower.campaign

    def look(self) -> None:
        """See whether the journal grew or the curtain moved; redraw if so."""
        curtain = curtain_of(self.path).exists()
        before = self.campaign.events[-1].seq if self.campaign.events else 0
        grew = self.follower.poll()
        changed = grew or curtain != self.has_class("-curtain")
        if changed:
            changed = self.redraw()
        if grew:  # a step taken: what the table must act on now is at the top
            self.query_one(SectionsView).scroll_home(animate=False)
            read = list(takewhile(lambda event: event.seq > before,
                                  reversed(self.campaign.events)))
            said = undo_words(read, self.campaign.rules.referee)
            # only where the table saw it: a step it never saw (a night's deed, the
            # Dealer's own note) taken back is the Dealer's business alone
            if said and changed:  # one title for both, so a redo's words replace the undo's
                self.notify(said, title="Undo", markup=False)

    def redraw(self) -> bool:
        """Draw what the table sees now; whether it is not what was drawn before."""
        campaign = self.campaign
        self.set_class(curtain_of(self.path).exists(), "-curtain")
        self._show_header(self.size.width)
        sections = what_the_table_sees(campaign, self.player)
        clocks = clocks_the_table_sees(campaign)
        seen = (session_words(campaign), sections, clocks)
        changed, self._seen = seen != self._seen, seen
        self.query_one(SectionsView).show(sections)
        self.query_one("#players-curtain", Static).update(curtain_words(campaign.rules.referee))
        self._show_clocks(clocks)
        return changed

    def _show_header(self, width: int) -> None:
        campaign = self.campaign
        game = TITLES.get(campaign.header.game, campaign.rules.title)
        whose = f"{self.player}'s page" if self.player else ""
        self.query_one("#players-header", Static).update(Text(header_words(
            campaign.name, game, session_words(campaign), whose, width - 2)))

    def _show_clocks(self, shown: list[Face]) -> None:
        row = self.query_one("#players-clocks", Container)
        present = list(row.query(ClockFace))
        if len(present) != len(shown):
            row.remove_children()
            row.mount_all([ClockFace(f.name, f.segments, f.filled, f.means, colours=f.colours)
                           for f in shown])
            self._fit(self.size.width, self.size.height)
            return
        for face, clock in zip(present, shown, strict=True):
            face.show(clock.name, clock.segments, clock.filled, clock.means)

    def action_next_theme(self) -> None:
        self.theme = theme.next_theme(self.theme)  # not saved: the viewer's own

    def on_unmount(self) -> None:
        self.follower.close()
