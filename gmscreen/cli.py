"""The `gmscreen` command: open, new, log, replay, check, and (from `cli_table`) show, serve
and recap.

Exit codes: 0 all is well; 1 `check` found problems; 2 a bad path, a bad file or bad
arguments, said in one line on stderr, never a traceback. Textual is imported only by the
commands that open the app, so the others start fast.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import re
import sys
import time
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from gmscreen import cli_table, paths
from gmscreen.core.text import in_words, names_meant, visible
from gmscreen.games import GAMES, UnknownGame, rules_for
from gmscreen.games import TITLES as GAMES_TITLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalError, Progress

if TYPE_CHECKING:
    from gmscreen.journal.events import Event
    from gmscreen.journal.sections import Section


class Refusal(Exception):
    """A problem the user caused: one line on stderr and exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Refusal(f"{self.prog}: {message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gmscreen",
        description="A game-master screen for Old-West tabletop games. With no command, "
        "opens the last campaign (on first run, a sample campaign); `gmscreen PATH` opens "
        "that journal, as `gmscreen open PATH` does.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = commands.add_parser("new", help="start a new campaign journal",
                              description="Start a new campaign journal for one of the games.")
    new.add_argument("name", help="the campaign's name, for example 'The Hanged Man'; or "
                     "the journal's own file, for example red-gulch.toml (named 'Red Gulch')")
    new.add_argument("--game", required=True, choices=list(GAMES), metavar="ID",
                     help=f"the game: {', '.join(GAMES)}")
    new.add_argument("--dir", type=Path, default=None,
                     help="the folder to keep it in, made if missing (default: gmscreen's "
                     "campaigns folder)")
    new.add_argument("--seed", type=int, default=None,
                     help="the seed of the app's own cards and dice (default: random)")
    new.add_argument("--open", action="store_true", help="open the new campaign at once")

    opener = commands.add_parser("open", help="open a campaign in the app",
                                 description="Open a campaign journal in the app.")
    opener.add_argument("path", type=Path, help="the campaign's .toml journal")

    log = commands.add_parser("log", help="print the encounter log",
                              description="Print a campaign's encounter log as a table.")
    log.add_argument("path", type=Path, help="the campaign's .toml journal")
    log.add_argument("--session", type=int, default=None, help="only this session")
    log.add_argument("--who", default=None, help="only events about this character")
    log.add_argument("--kind", default=None,
                     help="only events whose kind contains this text (its id, such as "
                     "dust_devils.cards_dealt, or its name in the log's filter, such as "
                     "'Cards dealt', in any case)")
    log.add_argument("--search", default=None, metavar="TEXT",
                     help="only lines holding every word of TEXT, in any case (in the "
                     "line's words, the names it is about or its kind's name)")

    replay = commands.add_parser("replay", help="print the state as it was (or is)",
                                 description="Print the campaign's sheets and tracks as the "
                                 "tabs show them: now, right after an event, or at the end of "
                                 "a session.")
    replay.add_argument("path", type=Path, help="the campaign's .toml journal")
    when = replay.add_mutually_exclusive_group()
    when.add_argument("--to", type=int, metavar="SEQ", help="right after event SEQ")
    when.add_argument("--session", type=int, metavar="N", help="at the end of session N")
    replay.add_argument("--json", action="store_true",
                        help="print it as JSON, for programs")

    check = commands.add_parser("check", help="replay everything and report problems",
                                description="Replay the whole journal and report problems; "
                                "exit code 1 if there are any.")
    check.add_argument("path", type=Path, help="the campaign's .toml journal")
    keys = commands.add_parser("keys", help="list every key, to set others in settings",
                               description="List every key by its id, as lines to copy into "
                               "the [keys] table of settings.toml, there to give a step "
                               "the keys to press instead.")
    keys.add_argument("--game", choices=list(GAMES), metavar="ID", default=None,
                      help=f"only this game's tabs (default: every game): {', '.join(GAMES)}")
    cli_table.add_parsers(commands)
    return parser


def _open(path: Path, *, writable: bool, progress: Progress | None = None) -> Campaign[Any]:
    try:
        return open_campaign(path, rules_for, writable=writable, progress=progress)
    except JournalError as error:
        raise Refusal(str(error)) from None
    except UnknownGame as error:
        raise Refusal(f"{path}: {error}") from None


class ReadingBar:
    """A progress bar on stderr while a journal is read and replayed, shown only once the
    opening has taken `after` seconds (a large journal opened for the first time: one the
    cache knows opens at once) and only on a terminal; it is gone when the app starts."""

    def __init__(self, stream: TextIO, name: str, *, after: float = 0.3) -> None:
        self.stream, self.name, self.after = stream, name, after
        self._start = time.perf_counter()
        self._bar: Any = None  # a rich.progress.Progress, imported only when it is shown
        self._task: Any = None
        self._stage = ""

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self._bar is None:
            if time.perf_counter() - self._start < self.after or not self.stream.isatty():
                return
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

            self._bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(),
                                 TaskProgressColumn(), console=Console(file=self.stream),
                                 transient=True, auto_refresh=False)
            self._bar.start()
        if stage != self._stage:
            self._stage = stage
            what = "Reading" if stage == "reading" else "Replaying the events of"
            if self._task is not None:
                self._bar.remove_task(self._task)
            self._task = self._bar.add_task(f"{what} {self.name}", total=total)
        self._bar.update(self._task, completed=done, total=total, refresh=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def _open_for_app(path: Path) -> Campaign[Any]:
    bar = ReadingBar(sys.stderr, path.name)
    try:
        return _open(path, writable=True, progress=bar)
    finally:
        bar.close()


def _run_app(campaign: Campaign[Any], welcome: str = "") -> int:
    # the cyclic collector is of no use while Textual loads (about 10 ms of a start went to
    # it); the app turns it on again once its first screen is drawn
    gc.disable()
    from gmscreen.ui.app import GmScreenApp

    if campaign.path is not None and not campaign.read_only:
        paths.remember_campaign(campaign.path)
    GmScreenApp(campaign, welcome=welcome).run()
    return 0


def _open_last() -> int:
    """`gmscreen` alone: the last campaign opened; on a first run, the samples copied into
    the campaigns folder (said, with where), one of them opened. A last campaign that
    cannot be opened any more is said, and a sample is opened in its place, ctrl+o at hand
    to pick another."""
    last = paths.load_settings().get("last_campaign")
    why = ""
    if isinstance(last, str) and last:
        try:
            return _run_app(_open_for_app(Path(last)))
        except Refusal as refusal:
            why = (f"The last campaign could not be opened: {refusal}. A sample is open "
                   "instead; {campaigns} opens another.")
    path, copied = _a_sample()
    if copied:
        why = why or (f"Welcome! The sample campaigns, one of each game, were copied to "
                      f"{path.parent}. This is one; {{campaigns}} opens another or starts your "
                      "own.")
    return _run_app(_open_for_app(path), welcome=why)


def _campaigns_key() -> str:
    """The key that lists the campaigns in the app, as settings.toml's `[keys]` sets it
    (read here without Textual, which `gmscreen new` does not import)."""
    keys = paths.load_settings().get("keys")
    chosen = keys.get("campaigns") if isinstance(keys, dict) else None
    if not isinstance(chosen, str) or not chosen.strip():
        return "ctrl+o"
    return " or ".join(key.strip() for key in chosen.split(","))


def _a_sample() -> tuple[Path, bool]:
    """The first sample in the campaigns folder, copying the samples there (all of them, the
    first time): its path, and whether any was copied now."""
    from gmscreen.journal.catalogue import copy_campaign
    from gmscreen.samples import FIRST_SAMPLE

    folder = paths.campaigns_dir()
    samples = sorted(paths.samples_dir().glob("*.toml"))
    if not samples:
        raise Refusal("no campaign yet and no sample campaigns found; start one with "
                      "gmscreen new NAME --game ID")
    copied = False
    for sample in samples:
        target = folder / sample.name
        if not target.exists():
            try:
                copy_campaign(sample, target)
            except JournalError as error:
                raise Refusal(str(error)) from None
            copied = True
    first = folder / f"{FIRST_SAMPLE}.toml"
    return (first if first.exists() else folder / samples[0].name), copied


def cmd_new(args: argparse.Namespace) -> int:
    from gmscreen.journal.catalogue import CampaignRefused, create, create_at

    # a name given as a journal's file ("red-gulch.toml", "/tmp/x.toml") is that file, as
    # `gmscreen open` reads one, with its name from the file's: not a campaign called
    # "/tmp/x.toml" in the campaigns folder
    given: str = args.name.strip()
    journal = Path(given).expanduser() if given.lower().endswith(".toml") else None
    if journal is not None and args.dir is not None and journal.parent != Path():
        raise Refusal(f"gmscreen new: {given} names its folder, and --dir another: give "
                      "the folder one way")
    folder: Path = (args.dir if args.dir is not None else
                    journal.parent if journal is not None else paths.campaigns_dir())
    if journal is not None:
        if journal.name.startswith("."):
            raise Refusal(f"gmscreen new: {given}: the journal's file needs a name before "
                          ".toml")
        journal = folder / journal.name
    name = _name_of_file(journal) if journal is not None else given
    try:
        if name:  # a folder asked for is made, but not for a campaign refused
            folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise Refusal(f"gmscreen new: {folder}: cannot make the folder "
                      f"({error.strerror or error})") from None
    try:
        store = (create_at(journal, name, args.game, args.seed) if journal is not None
                 else create(folder, name, args.game, args.seed))
    except CampaignRefused as refused:
        raise Refusal(f"gmscreen new: {refused}") from None
    print(f"Started {name} ({GAMES_TITLES.get(args.game, args.game)}) in {store.path}")
    if not args.open:
        store.close()
        paths.remember_campaign(store.path, opened=False)  # so ctrl+o lists it
        print(f"Open it with: gmscreen open {store.path}  (or {_campaigns_key()} inside "
              "gmscreen)")
        return 0
    return _run_app(Campaign.load(rules_for(args.game), store.load(), store))


def _name_of_file(journal: Path) -> str:
    """A campaign's name from its journal's file: "red-gulch.toml" -> "Red Gulch" (a name
    written in capitals is kept as written: "OK_Corral.toml" -> "OK Corral")."""
    words = " ".join(journal.stem.replace("_", " ").replace("-", " ").split())
    return words.title() if words.islower() else words


def cmd_log(args: argparse.Namespace) -> int:
    from rich.console import Console

    from gmscreen.journal.kinds import kind_name
    from gmscreen.ui.log_lines import (
        every_name,
        found,
        left_out_search_text,
        search_text,
        search_words,
    )

    campaign = _open(args.path, writable=False)
    cli_table.say_damaged(args.path, campaign)
    words = search_words(args.search or "")
    kind = (args.kind or "").casefold()
    whose = frozenset[str]()
    try:
        _verify_log_filters(args, campaign)
        if args.who is not None:
            named = _named_by(campaign, args.who)
            whose = frozenset().union(*(every_name(campaign, name) for name in named))
            if named != [args.who]:
                print(visible(f"--who {args.who!r}: {in_words(named)}", lines=False))
        def asked_for(event: Event) -> bool:
            return ((args.session is None or event.session == args.session)
                    and (args.kind is None or args.kind in event.kind
                         or kind in kind_name(event.kind).casefold()))

        rows = [event for event in campaign.events
                if asked_for(event)
                and (args.who is None or not whose.isdisjoint(campaign.subjects(event)))
                and (not words or found(words, search_text(campaign, event)))]
        # the events a damaged one keeps out of the fold are listed after it, said so; whom
        # they are about is not known, so a name keeps none of them
        rows += [event for event in _left_out(campaign)
                 if asked_for(event) and args.who is None
                 and (not words or found(words, left_out_search_text(campaign, event)))]
        asked = [f"{option} {value!r}" for option, value in (
            ("--session", args.session), ("--who", args.who), ("--kind", args.kind),
            ("--search", args.search)) if value is not None]
        if not rows and asked:
            print(f"Nothing in the log of {campaign.name} matches {', '.join(asked)}.")
        else:
            print_log(Console(), campaign, rows)
    finally:
        campaign.close()
    return 0


def _named_by(campaign: Campaign[Any], who: str) -> list[str]:
    """The names in the log that `who` stands for: the one it spells, in any case; else every
    one holding each of its words ("zeke" is Zeke Munroe, "jack" every Jack); else itself, to
    match nothing."""
    names = set().union(*(campaign.subjects(event) for event in campaign.events))
    return names_meant(names, who) or [who]


def _verify_log_filters(args: argparse.Namespace, campaign: Campaign[Any]) -> None:
    """A session not played or a kind no event has is a mistake in the asking, refused as
    `replay` and `recap` refuse a session; a name or words that match nothing are an
    answer ("nothing matches")."""
    from gmscreen.journal.kinds import kind_name, kinds_by_name

    for option, value in (("--who", args.who), ("--search", args.search)):
        if value is not None and not value.strip():  # else every line matches it
            raise Refusal(f"{args.path}: {option} needs a word to look for, not "
                          f"{'nothing' if not value else 'spaces alone'}")
    if args.session is not None and not any(event.session == args.session
                                            for event in _left_out(campaign)):
        try:
            campaign.last_seq_of_session(args.session)
        except RuleError as error:
            raise Refusal(f"{args.path}: {error.message}") from None
    if args.kind is not None:
        kinds = {event.kind for event in (*campaign.events, *_left_out(campaign))}
        wanted = args.kind.casefold()
        if not any(args.kind in k or wanted in kind_name(k).casefold() for k in kinds):
            names = ", ".join(name for name, _ in kinds_by_name(kinds)) or "none"
            raise Refusal(f"{args.path}: no event is of a kind called {args.kind!r} (the "
                          f"kinds in this journal: {names})")


def _left_out(campaign: Campaign[Any]) -> Sequence[Event]:
    """The events a damaged one keeps out of the fold (see `Damaged`), or none."""
    return campaign.damaged.left if campaign.damaged is not None else ()


#: the log's columns: their headings, and which are justified right
_LOG_COLUMNS = (("seq", True), ("session", True), ("at", False), ("event", False))
#: rows written in one go
_LOG_BATCH = 512


def _rich_log_table(console: Any, campaign: Campaign[Any], rows: Sequence[Any]) -> None:
    """The log as Rich's Table draws it, measuring every row first: for a console too
    narrow for even the seq, session and time columns, which Rich then narrows in its own
    way."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"{campaign.name} ({campaign.rules.title})"), expand=False)
    for column, right in _LOG_COLUMNS:
        table.add_column(column, no_wrap=column != "event",
                         justify="right" if right else "left")
    for event in rows:
        line = Text(campaign.describe(event))
        if campaign.is_undone(event):
            line.stylize("strike dim")
            line.append(" (undone)", style="dim")
        table.add_row(str(event.seq), str(event.session), f"{event.at:%Y-%m-%d %H:%M}", line)
    console.print(table)


@functools.cache
def _one_cell(letter: str) -> bool:
    from rich.cells import get_character_cell_size

    return get_character_cell_size(letter) == 1


def one_cell_each(text: str) -> bool:
    """Whether every letter of `text` is printable and one cell wide (a card's suit is;
    a line break, a tab, a wide or a combining letter is not), so that its width is its
    length."""
    return text.isprintable() and (text.isascii() or all(
        map(_one_cell, _NOT_ASCII.findall(text))))


_NOT_ASCII = re.compile(r"[^\x00-\x7f]")


#: a word and the spaces around it, as Rich's wrapping reads them
_WORD = re.compile(r"\s*\S+\s*")


def wrap_words(text: str, width: int) -> list[str]:
    """The lines Rich's `Text.wrap` makes of printable `text` in a table's cell (justified
    left, a word longer than the width cut with an ellipsis), each padded to `width`
    columns: the same lines, without making a Rich object for each piece of each line."""
    return [line for _, line in _wrapped(text, width)]


def _wrapped(text: str, width: int, *, one_cell: bool | None = None
             ) -> list[tuple[int, str]]:
    """`wrap_words`' lines, each with where it starts in `text` (`one_cell`: whether
    `one_cell_each(text)`, when the caller knows). A wide letter (an emoji, a CJK name)
    counts as the two columns it takes: Rich's own wrap let the word beside one run past
    the edge and cut it off ("sets th…" and the next line went on without "the")."""
    if one_cell is None:
        one_cell = one_cell_each(text)
    if one_cell:
        if len(text) <= width:
            return [(0, text + " " * (width - len(text)))]
        if not text.startswith(" "):
            return _one_cell_lines(text, width)
    from rich.cells import cell_len, set_cell_size

    measure = len if one_cell else cell_len
    if measure(text) <= width:
        return [(0, text + " " * (width - measure(text)))]
    breaks: list[int] = []
    offset = start = 0
    for word in _WORD.findall(text):
        size = measure(word)
        length = measure(word.rstrip())
        if width - offset >= length:
            offset += size
        elif length > width or offset:
            if start:
                breaks.append(start)
            offset = size
        start += len(word)
    lines: list[tuple[int, str]] = []
    for start, end in zip([0, *breaks], [*breaks, len(text)], strict=True):
        line = text[start:end]
        over = measure(line) - width
        if over > 0:  # the spaces that end it, past the width, go first (a cell each)
            line = line[: len(line) - min(len(line) - len(line.rstrip()), over)]
        if measure(line) > width:
            line = (line[: width - 1] if measure is len else set_cell_size(line, width - 1)
                    ) + "…"
        lines.append((start, line + " " * (width - measure(line))))
    return lines


def _one_cell_lines(text: str, width: int) -> list[tuple[int, str]]:
    """`_wrapped`'s lines of printable text of letters one cell wide (its only space the
    plain one) that does not begin with a space, the breaks found by looking only at the
    letter at each line's edge, not at every word (at 100,000 events the loop over the
    words was a third of `gmscreen log`'s time). A line's spaces past the width go, then
    a word still too long is cut with an ellipsis, and the line is padded to the width."""
    lines: list[tuple[int, str]] = []
    for start, end in pairwise([0, *_breaks_one_cell(text, width), len(text)]):
        line = text[start:end]
        if len(line) > width:
            line = line.rstrip(" ")
            if len(line) > width:
                line = line[: width - 1] + "…"
        lines.append((start, line + " " * (width - len(line))))
    return lines


def _breaks_one_cell(text: str, width: int) -> list[int]:
    """Where `_one_cell_lines`' lines after the first begin: the breaks `_wrapped`'s loop
    over the words finds, for the text that function takes."""
    breaks: list[int] = []
    last = len(text.rstrip(" "))  # where the last word ends
    start = 0  # the line's first word begins here
    while start + width < last:
        edge = start + width
        if text[edge] == " ":  # the words before the edge fit; the next begins the line
            after = edge
        else:
            space = text.rfind(" ", start, edge)
            if space >= 0:  # a word runs over the edge: it begins the next line
                breaks.append(space + 1)
                start = space + 1
                continue
            # a word longer than the line has the line to itself (cut with an ellipsis)
            after = text.find(" ", edge)
            if after < 0 or after >= last:
                break
        while text[after] == " ":  # the spaces after a word stay on its line
            after += 1
        breaks.append(after)
        start = after
    return breaks


def print_log(console: Any, campaign: Campaign[Any], rows: Sequence[Any]) -> None:
    """Print the events `rows` of `campaign` as the table Rich's `Table` drew of them (its
    columns as wide as their widest cell, the event's wrapped in what is left of the
    width, an undone event struck through), a batch of rows at a time as they are made.
    Rich's own table measures every cell of every row before it prints one: at 100,000
    events, 54 s and 453 MB before the first line. Here the event column is measured only
    until one event fills it, which a long journal does within its first rows."""
    from rich.cells import cell_len, set_cell_size
    from rich.console import COLOR_SYSTEMS
    from rich.measure import Measurement
    from rich.style import Style
    from rich.text import Text

    colours = COLOR_SYSTEMS.get(console.color_system or "")
    legacy = console.legacy_windows

    def styled(text: str, style: Style | None) -> str:
        return text if style is None or colours is None else style.render(
            text, color_system=colours, legacy_windows=legacy)

    struck, dim, bold = Style(strike=True, dim=True), Style(dim=True), Style(bold=True)

    def cell(event: Any) -> tuple[str, bool]:
        """The event's words, and whether it is undone (the words then end so)."""
        if event.seq > len(campaign.events):  # left out of the fold by a damaged event
            return campaign.describe_left_out(event), False
        if campaign.is_undone(event):
            return f"{campaign.describe(event)} (undone)", True
        return campaign.describe(event), False

    def struck_line(at: int, line: str, ends: int) -> str:
        """A line of an undone event's words starting at `at` in them: struck through up
        to `ends`, where " (undone)" begins, dim after; its padding plain."""
        body = line.rstrip(" ")
        cut = max(0, min(len(body), ends - at))
        return styled(body[:cut], struck) + styled(body[cut:], dim) + line[len(body):]

    def as_text(words: str, undone: bool) -> Text:
        """The cell as Rich's table had it (Text drops control characters, for one)."""
        if not undone:
            return Text(words)
        text = Text(words[: -len(" (undone)")])
        text.stylize("strike dim")
        text.append(" (undone)", style="dim")
        return text

    def width_of(words: str, undone: bool) -> int:
        if words.isprintable():
            return cell_len(words)
        return Measurement.get(console, console.options, as_text(words, undone)).maximum

    seq_width = max(3, len(str(rows[-1].seq))) if rows else 3
    # the widest of the sessions' numbers is the least's or the greatest's
    sessions = [event.session for event in rows]
    session_width = max(7, len(str(min(sessions))), len(str(max(sessions)))) if rows else 7
    at_width = 16 if rows else 2
    fixed = [seq_width, session_width, at_width]
    room = console.width - 5 - sum(width + 2 for width in fixed) - 2
    if room < 1:  # narrower than the seq, session and time: Rich cuts every column
        _rich_log_table(console, campaign, rows)
        return
    # the event column: as wide as its widest cell, or what is left of the width
    cells: list[tuple[str, bool]] = []
    widest = len("event")
    for event in rows:
        if widest >= room:
            break
        cells.append(cell(event))
        widest = max(widest, width_of(*cells[-1]))
    widths = [*fixed, max(1, min(widest, room))]
    table_width = sum(width + 2 for width in widths) + 5
    console.print(Text(f"{campaign.name} ({campaign.rules.title})"), justify="center",
                  width=table_width)

    def rule(left: str, line: str, middle: str, right: str) -> str:
        return left + middle.join(line * (width + 2) for width in widths) + right

    # a heading too long for its column is cut with an ellipsis, as Rich does
    head = [" " + (name.rjust(width) if right else name.ljust(width) if len(name) <= width
                   else name[: width - 1] + "…") + " "
            for (name, right), width in zip(_LOG_COLUMNS, widths, strict=True)]
    out = [rule("┏", "━", "┳", "┓"),
           "┃" + "┃".join(styled(" ", bold) + styled(text[1:-1], bold) + styled(" ", bold)
                          for text in head) + "┃",
           rule("┡", "━", "╇", "┩")]
    width = widths[3]
    blank = f"│ {' ' * seq_width} │ {' ' * session_width} │ {' ' * at_width} │ "
    times: dict[Any, str] = {}  # the events of a command share their time
    for index, event in enumerate(rows):
        words, undone = cells[index] if index < len(cells) else cell(event)
        when = times.get(event.at)
        if when is None:
            when = times[event.at] = f"{event.at:%Y-%m-%d %H:%M}"
        start = f"│ {event.seq:>{seq_width}} │ {event.session:>{session_width}} │ {when} │ "
        plain = one_cell_each(words)
        drawn: list[str]
        if plain and undone and colours is not None and len(words) <= width:
            drawn = [styled(words[: -len(" (undone)")], struck) + styled(" (undone)", dim)
                     + " " * (width - len(words))]
        elif plain and (colours is None or not undone):
            drawn = [line for _, line in _wrapped(words, width, one_cell=True)]
        elif not plain and words.isprintable():  # wide letters, by their cells
            ends = len(words) - len(" (undone)") if undone and colours is not None else None
            drawn = [line if ends is None else struck_line(at, line, ends)
                     for at, line in _wrapped(words, width, one_cell=False)]
        else:  # control characters, a struck line to wrap: Rich's own way
            lines = as_text(words, undone).wrap(console, width, justify="left",
                                                overflow="ellipsis", tab_size=8)
            if colours is None:
                drawn = [set_cell_size(line.plain, width) for line in lines]
            else:
                drawn = []
                for line in lines:
                    line.truncate(width, pad=True)
                    drawn.append("".join(styled(piece.text, piece.style)
                                         for piece in line.render(console)))
        out.append(f"{start}{drawn[0]} │")
        out.extend(f"{blank}{line} │" for line in drawn[1:])
        if len(out) >= _LOG_BATCH:
            console.file.write("\n".join(out) + "\n")
            out.clear()
    out.append(rule("└", "─", "┴", "┘"))
    console.file.write("\n".join(out) + "\n")
    console.file.flush()


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from gmscreen.games import view_of
    from gmscreen.journal import clocks
    from gmscreen.journal.sections import NO_BREAK, Lines, grid, lines, printed

    campaign = _open(args.path, writable=False)
    cli_table.say_damaged(args.path, campaign)
    try:
        if args.to is not None:
            upto = args.to
        elif args.session is not None:
            upto = campaign.last_seq_of_session(args.session)
        else:
            upto = len(campaign.events)
        past = campaign.replay(upto)
        kept = _kept_after(campaign, args.session) if args.to is None else []
        view = view_of(campaign.rules)
        sections: list[Section] = (list(view.dealer_sections(past.state)) if view is not None
                                   else [Lines(campaign.rules.title, (
                                       "This game cannot print its sheets yet.",))])
    except RuleError as error:
        raise Refusal(f"{args.path}: {error.message}") from None
    finally:
        campaign.close()
    if past.clocks:
        sections.append(grid(clocks.title(campaign.rules.referee),
                             ("Clock", "Filled", "Shown to the table"),
                             [(c.name, f"{c.filled} of {c.segments}",
                               "yes" if c.public else "no") for c in past.clocks]))
    cut = campaign.step_cut(upto) if args.to is not None else None
    undone_at = campaign.undone_at(campaign.events[upto - 1]) if args.to and upto else None
    where = (f"after event {upto}" + (f", part way through the step of events {cut[0]} to "
                                      f"{cut[1]}" if cut else "")
             + (f", undone since, at event {undone_at}" if undone_at else "")
             if args.to is not None
             else f"as the first session began, after event {upto}" if args.session == 0
             else f"session {args.session}, not ended: now, after event {upto}"
             if args.session is not None and past.in_session and past.session == args.session
             else f"at the end of session {args.session}" if args.session is not None
             else f"now, after event {upto}")
    state = (f"in session {past.session}" if past.in_session else
             f"between sessions ({past.session} played)" if past.session else
             "before the first session")
    if args.json:
        print(json.dumps({
            "campaign": campaign.name, "game": campaign.header.game, "after": upto,
            # the same before a step and after its undo, where "after" counts the undo too
            "in_effect": past.in_effect,
            "session": past.session, "in_session": past.in_session,
            # the step of several events the seq stands inside, shown half done
            **({"part_way": {"first": cut[0], "last": cut[1]}} if cut else {}),
            **({"kept_after_the_session": kept} if args.session else {}),
            "sections": [_json_section(s) for s in sections]}, ensure_ascii=False, indent=1)
              .replace(NO_BREAK, " "))  # names kept whole on the screens: plain spaces here
        return 0
    told = [state]
    if kept:
        it = "them" if len(kept) != 1 else "it"
        since = (f"before session {args.session + 1} began" if campaign.session > args.session
                 else "since then")
        told.append(f"{len(kept)} step{'s were' if len(kept) != 1 else ' was'} kept after "
                    f"session {args.session} ended, {since}; session {args.session}'s recap "
                    f"tells {it} after the session, and --to {kept[-1]} shows {it}")
    heading = lines(f"{campaign.name} ({campaign.rules.title}), {where}", *told)
    sys.stdout.write(visible(printed([heading, *sections])))
    return 0


def _json_section(section: Section) -> dict[str, Any]:
    """A section for `replay --json`: a grid's rows as a tab draws them at 80 columns, and,
    where its view has them, the same rows in whole words ("in_full": a weapon's name where
    the short rows have "Toma."), which a program reads with no room to save."""
    from gmscreen.journal.sections import Lines

    if isinstance(section, Lines):
        return {"title": section.title, "lines": list(section.lines)}
    told: dict[str, Any] = {"title": section.title, "columns": list(section.columns),
                            "rows": [list(r) for r in section.rows], "note": section.note}
    if section.wide:
        told["in_full"] = {"columns": list(section.wide_columns or section.columns),
                           # a view pads them to line up two tables side by side
                           "rows": [[cell.rstrip() for cell in r] for r in section.wide],
                           "note": section.wide_note}
    return told


def _kept_after(campaign: Campaign[Any], session: int | None) -> list[int]:
    """The seqs of the steps kept between session `session`'s end and the next session's
    start: the journal gives them that session's number, but `--session` stops at its end."""
    if not session:
        return []
    return [e.seq for e in campaign.told_of(session, *campaign.aftermath_of(session))]


def cmd_check(args: argparse.Namespace) -> int:
    campaign = _open(args.path, writable=False)
    problems = campaign.problems()
    campaign.close()
    for problem in problems:
        print(f"{args.path}: {problem}")
    if problems:
        return 1
    print(f"{args.path}: {len(campaign.events)} events, no problems")
    return 0


def cmd_keys(args: argparse.Namespace) -> int:
    """Every key by its id, as commented lines of a [keys] table, with where it works."""
    import tomli_w

    from gmscreen.ui.keymap import TABLE, every_key, read_keys

    games = {GAMES_TITLES[gid]: package for gid, package in GAMES.items()
             if args.game in (None, gid)}
    keymap, _ = read_keys(paths.load_settings())
    print(f"# Every key of gmscreen by its id. To press other keys for a step, copy its line "
          f"into the [{TABLE}] table of\n# {paths.settings_file()}, without the first #, "
          'and change the keys ("M", "ctrl+k", several: "f1,h").\n'
          "# gmscreen reads it as it starts.")
    print(f"[{TABLE}]")
    where = ""
    for entry in every_key(games):
        binding = entry.binding
        if entry.where != where:
            where = entry.where
            print(f"\n# {where}")
        keys = keymap.get(binding.id or "", binding.key)
        said = binding.description or binding.action
        about = f"{said}: {binding.tooltip}" if binding.tooltip else said
        print(f"# {tomli_w.dumps({binding.id or '': keys}).strip()}  # {about}")
    return 0


COMMANDS = ("new", "open", "log", "replay", "check", "show", "serve", "recap", "keys")


#: how long after Escape the app waits for more of a key (ms), unless the Dealer's ESCDELAY
#: says: a form's alt+letter arrives as Escape and the letter, and a second one within
#: Textual's 100 ms (alt held, two boxes ticked) was read as "^" and the letter, typed into
#: the field; a terminal sends a key's bytes together, far quicker than this
ESCAPE_WAIT_MS = "25"


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("ESCDELAY", ESCAPE_WAIT_MS)  # before Textual reads it
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] not in COMMANDS and not words[0].startswith("-"):
        words.insert(0, "open")  # `gmscreen PATH`, as a Dealer would first try
    try:
        args = _parser().parse_args(words)
        if args.command == "new":
            return cmd_new(args)
        if args.command == "log":
            return cmd_log(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "check":
            return cmd_check(args)
        if args.command == "keys":
            return cmd_keys(args)
        table = cli_table.run(args)
        if table is not None:
            return table
        if args.command != "open":
            return _open_last()
        return _run_app(_open_for_app(args.path))
    except (Refusal, cli_table.Refused) as refusal:
        print(str(refusal), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader (`| head`) has had enough: not an error, and nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
