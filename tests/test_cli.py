"""The `gmscreen` command: its subcommands, exit codes and one-line refusals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmscreen import cli, paths
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import Rules
from gmscreen.journal.store import JournalStore, new_header
from tests.tally import RULES, Add, Roll

ROOT = Path(__file__).resolve().parent.parent


def tally_rules(game_id: str) -> Rules[Any]:
    assert game_id == "tally"
    return RULES


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GMSCREEN_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "rules_for", tally_rules)
    return tmp_path


@pytest.fixture
def journal(home: Path) -> Path:
    path = home / "tally.toml"
    store = JournalStore.create(path, new_header("tally", "Tally [bold]Town[/]", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.start_session()
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("[red]Ann[/red]", (2, 5)))
    campaign.end_session()
    campaign.start_session()
    campaign.execute(Add("Zeke", 10))
    campaign.undo()
    campaign.close()
    return path


def gmscreen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gmscreen", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_new_writes_an_empty_journal_and_refuses_to_overwrite(home: Path, capsys: Any) -> None:
    assert cli.main(["new", "The Hanged Man", "--game", "dust-devils", "--dir", str(home)]) == 0
    path = home / "the-hanged-man.toml"
    said = capsys.readouterr().out
    assert f"Started The Hanged Man (Dust Devils) in {path}" in said
    assert f"Open it with: gmscreen open {path}" in said  # and how to open it
    text = path.read_text()
    assert 'game = "dust-devils"' in text and 'name = "The Hanged Man"' in text
    assert "[[event]]" not in text
    assert cli.main(["new", "The Hanged Man", "--game", "dust-devils", "--dir", str(home)]) == 2
    assert "already a campaign" in capsys.readouterr().err
    assert path.read_text() == text


def test_new_names_the_campaigns_key_as_the_dealer_set_it(home: Path, capsys: Any) -> None:
    from gmscreen import paths

    assert cli.main(["new", "Red Gulch", "--game", "fistful", "--dir", str(home)]) == 0
    assert "(or ctrl+o inside gmscreen)" in capsys.readouterr().out
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text('[keys]\ncampaigns = "f2, ctrl+n"\n', encoding="utf-8")
    assert cli.main(["new", "Dry Creek", "--game", "fistful", "--dir", str(home)]) == 0
    assert "(or f2 or ctrl+n inside gmscreen)" in capsys.readouterr().out


def test_new_keeps_odd_names_inside_the_folder(home: Path, capsys: Any) -> None:
    assert cli.main(["new", "../../escape/me", "--game", "dust", "--dir", str(home)]) == 0
    assert [p.name for p in home.glob("*.toml")] == ["escape-me.toml"]
    for nothing in ("..", "...", "🔥🔥"):  # names with nothing to make a file name of
        assert cli.main(["new", nothing, "--game", "dust", "--dir", str(home)]) == 2
        assert "no letter or digit" in capsys.readouterr().err
    # nothing else made there ("home" holds the test's user folders, which list it)
    assert sorted(p.name for p in home.iterdir()) == ["escape-me.toml", "home"]


def test_new_given_a_journal_file_writes_that_file(home: Path, tmp_path: Path,
                                                  capsys: Any, monkeypatch: Any) -> None:
    # a Dealer who names a .toml file means that file, not a campaign called "/…/c.toml"
    target = tmp_path / "games" / "red-gulch.toml"
    assert cli.main(["new", str(target), "--game", "fistful"]) == 0
    assert f"Started Red Gulch (A Fistful of Sixes) in {target}" in capsys.readouterr().out
    assert 'name = "Red Gulch"' in target.read_text()
    assert not list(paths.campaigns_dir().glob("*.toml"))
    # relative to where the Dealer stands, as `gmscreen open` reads it; or to --dir
    monkeypatch.chdir(tmp_path)
    assert cli.main(["new", "OK_Corral.toml", "--game", "dust"]) == 0
    assert 'name = "OK Corral"' in (tmp_path / "OK_Corral.toml").read_text()
    assert cli.main(["new", "Tombstone.toml", "--game", "dust", "--dir", str(home)]) == 0
    assert (home / "Tombstone.toml").exists()
    capsys.readouterr()
    for typed, said in ((str(target), "already a campaign"),
                        (str(tmp_path / "x" / "y.toml"), "give the folder one way"),
                        (".toml", "needs a name before .toml")):
        before = sorted(tmp_path.rglob("*.toml"))
        extra = ["--dir", str(home)] if "one way" in said else []
        assert cli.main(["new", typed, "--game", "dust", *extra]) == 2
        assert said in capsys.readouterr().err
        assert sorted(tmp_path.rglob("*.toml")) == before


def test_log_prints_every_event_as_text_with_undone_marked(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal)]) == 0
    out = capsys.readouterr().out
    assert "Zeke adds 3." in out
    assert "[red]Ann[/red] rolls [2, 5]." in out  # markup shown as typed
    assert "Tally [bold]Town[/]" in out
    assert "(undone)" in out and "Undid: Zeke adds 10." in out


def test_log_filters_by_session_and_character(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--session", "2", "--who", "Zeke"]) == 0
    out = capsys.readouterr().out
    assert "Zeke adds 10." in out and "Zeke adds 3." not in out


def test_replay_shows_the_state_after_an_event_and_a_session(journal: Path, capsys: Any) -> None:
    assert cli.main(["replay", str(journal), "--to", "2"]) == 0
    assert "Zeke  3" in (out := capsys.readouterr().out) and "after event 2" in out
    assert cli.main(["replay", str(journal), "--session", "1"]) == 0
    out = capsys.readouterr().out
    assert "Zeke            3" in out and "[red]Ann[/red]  7" in out  # markup shown as typed
    assert "TallyState(" not in out
    assert cli.main(["replay", str(journal), "--to", "99"]) == 2
    assert "there is no event 99" in capsys.readouterr().err


def test_replay_of_a_session_says_what_was_kept_after_it_ended_and_how_to_see_it(
        home: Path, capsys: Any) -> None:
    path = home / "aftermath.toml"
    store = JournalStore.create(path, new_header("tally", "Aftermath", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.start_session()
    campaign.execute(Add("Zeke", 3))
    campaign.end_session()  # event 3
    campaign.execute(Add("Zeke", 2))  # 4: kept between sessions, told in session 1's recap
    campaign.execute(Add("Ann", 5))  # 5, undone by 6: not counted
    campaign.undo()
    campaign.note("Zeke rode out.")  # 7
    assert cli.main(["replay", str(path), "--session", "1"]) == 0
    out = capsys.readouterr().out
    assert "Zeke  3" in out  # as the session ended
    assert ("2 steps were kept after session 1 ended, since then; session 1's recap tells "
            "them after the session, and --to 7 shows them") in " ".join(out.split())
    campaign.start_session()  # 8
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert cli.main(["replay", str(path), "--session", "1", "--json"]) == 0
    assert '"kept_after_the_session": [\n  4,\n  7\n ]' in capsys.readouterr().out
    assert cli.main(["replay", str(path), "--session", "1"]) == 0
    assert "before session 2 began" in " ".join(capsys.readouterr().out.split())
    assert cli.main(["replay", str(path), "--session", "2"]) == 0
    assert "kept after" not in capsys.readouterr().out  # a session still running


def test_check_passes_a_sound_journal_and_fails_a_torn_one(journal: Path, capsys: Any) -> None:
    assert cli.main(["check", str(journal)]) == 0
    assert "no problems" in capsys.readouterr().out
    before = journal.read_bytes()
    journal.write_bytes(before + b'[[event]]\nseq = 12\nkind = "ta')
    assert cli.main(["check", str(journal)]) == 1
    assert "torn" in capsys.readouterr().out
    assert journal.read_bytes() == before + b'[[event]]\nseq = 12\nkind = "ta'  # left alone


@pytest.mark.parametrize(
    "args",
    [
        ["open", "/no/such/file.toml"],
        ["log", "/no/such/file.toml"],
        ["check", "/"],
        ["replay", "/no/such/file.toml", "--to", "1"],
        ["replay", "x.toml"],
        ["new", "X", "--game", "poker"],
        ["frobnicate"],
    ],
)
def test_bad_paths_and_arguments_give_one_line_and_exit_2(args: list[str]) -> None:
    result = gmscreen(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [["open"], []], ids=["open PATH", "PATH alone"])
def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(
    tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "notes.toml"
    path.write_text("title = 'my shopping list'\n[eggs]\ncount = 12\n")
    before = path.read_bytes()
    result = gmscreen(*command, str(path))
    assert result.returncode == 2
    assert "not a gmscreen journal" in result.stderr and str(path) in result.stderr
    assert path.read_bytes() == before


def test_help_on_every_command() -> None:
    for command in cli.COMMANDS:
        result = gmscreen(command, "--help")
        assert result.returncode == 0 and "usage: gmscreen" in result.stdout


# -- the log, streamed: the very table Rich drew --------------------------------------------


def rich_table(console: Any, campaign: Campaign[Any], rows: list[Any]) -> None:
    """How `gmscreen log` printed its table before it was streamed (Rich's Table, which
    measures every row before it prints one): the streamed table must be this one."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"{campaign.name} ({campaign.rules.title})"), expand=False)
    for column in ("seq", "session", "at", "event"):
        table.add_column(column, no_wrap=column != "event",
                         justify="right" if column in ("seq", "session") else "left")
    for event in rows:
        line = Text(campaign.describe(event))
        if campaign.is_undone(event):
            line.stylize("strike dim")
            line.append(" (undone)", style="dim")
        table.add_row(str(event.seq), str(event.session),
                      event.at.strftime("%Y-%m-%d %H:%M"), line)
    console.print(table)


def both_ways(campaign: Campaign[Any], rows: list[Any], width: int,
              colour: bool) -> tuple[str, str]:
    import io

    from rich.console import Console

    printed = []
    for draw in (cli.print_log, rich_table):
        out = io.StringIO()
        console = Console(file=out, width=width, force_terminal=colour,
                          color_system="truecolor" if colour else None)
        draw(console, campaign, rows)
        printed.append(out.getvalue())
    return printed[0], printed[1]


@pytest.mark.parametrize("width", [12, 30, 40, 44, 45, 52, 80, 133, 200])
@pytest.mark.parametrize("colour", [False, True])
def test_the_streamed_log_is_the_table_rich_drew(home: Path, width: int,
                                                 colour: bool) -> None:
    path = home / "odd.toml"
    store = JournalStore.create(path, new_header("tally", "Tally [bold]Town[/] 🤠", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.note("Short.")
    campaign.start_session()
    campaign.note('Line one\nline "two"\t[red]not markup[/red] \\ done 🤠 and more words '
                  "to wrap past the edge of a narrow table")
    campaign.execute(Add("Zeke", 3))
    campaign.note("A-word-far-too-long-for-any-column-of-a-narrow-table-"
                  "so-that-it-must-be-cut-or-folded")
    campaign.execute(Roll("[red]Ann[/red]", (2, 5)))
    campaign.note("Bell␇ and a card 5♠ " * 4)
    campaign.undo()
    campaign.execute(Add("Doc", 1))
    campaign.undo()
    for rows in (campaign.events, campaign.events[:2], [], campaign.events[3:5]):
        streamed, drawn = both_ways(campaign, list(rows), width, colour)
        assert streamed == drawn, (width, colour, len(rows))
    campaign.close()


WIDE = ("Bell␇ and wide 漢字漢字 letters " * 4).strip()
POSSE = '[bold]Jim[/] [red "Gentleman" 🤠 sets the Devil at 3 for the session'


# from 52 columns the event's column holds the longest word whole (narrower, a word is cut
# with an ellipsis, as any word too long for its column is)
@pytest.mark.parametrize("width", [52, 57, 61, 80, 133])
@pytest.mark.parametrize("colour", [False, True])
def test_wide_letters_in_the_log_lose_no_word_and_keep_the_table_whole(
        home: Path, width: int, colour: bool) -> None:
    # Rich's own table let the word beside an emoji run past the edge and cut it off:
    # "[red \"Gentleman\" 🤠 sets th…", then "Devil at 3" on the next line, "the" lost
    import io

    from rich.cells import cell_len
    from rich.console import Console
    from rich.text import Text

    path = home / "wide.toml"
    store = JournalStore.create(path, new_header("tally", "Wide", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.note(POSSE)
    campaign.note(WIDE)
    campaign.undo()  # struck through, " (undone)" after it
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=colour,
                      color_system="truecolor" if colour else None)
    cli.print_log(console, campaign, list(campaign.events))
    printed = Text.from_ansi(out.getvalue()).plain.splitlines()
    rows = [line for line in printed if line.startswith("│")]
    assert len({cell_len(line) for line in rows}) == 1  # every row as wide as the table
    cells = [line.split("│")[4].strip() for line in rows]
    told = " ".join(cells).split()
    for words in (POSSE, WIDE + " (undone)"):
        expected = words.split()
        found = next(i for i in range(len(told)) if told[i:i + 2] == expected[:2])
        assert told[found:found + len(expected)] == expected, (width, told)
    campaign.close()


@pytest.mark.parametrize("name", ["the-hanged-man.toml", "fistful-dalton-boys.toml",
                                  "dead-mans-hand-jailbreak.toml", "dust-fifteen.toml",
                                  "devils-bluff-campaign.toml"])
def test_the_samples_log_is_the_table_rich_drew(name: str) -> None:
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    campaign = open_campaign(ROOT / "campaigns" / name, rules_for, writable=False,
                             cache=False)
    try:
        for width, colour in ((80, False), (120, True), (47, False)):
            streamed, drawn = both_ways(campaign, list(campaign.events), width, colour)
            assert streamed == drawn, (name, width, colour)
    finally:
        campaign.close()


@settings(max_examples=400, deadline=None)
@given(text=st.lists(st.sampled_from([*"ab c-.♠é", "  ", "long-long-word"]), max_size=40)
       .map("".join), width=st.integers(1, 30))
def test_words_wrap_as_rich_wraps_them(text: str, width: int) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(width=200)
    rich = [line.plain for line in Text(text).wrap(console, width, justify="left",
                                                   overflow="ellipsis", tab_size=8)]
    assert cli.one_cell_each(text)
    assert cli.wrap_words(text, width) == rich


@settings(max_examples=400, deadline=None)
@given(text=st.lists(st.sampled_from([*"ab c-.♠é", "  ", "long-long-word"]), min_size=1,
                     max_size=60).map("".join).filter(lambda text: not text.startswith(" ")),
       width=st.integers(1, 30))
def test_the_breaks_found_at_the_edges_are_rich_s(text: str, width: int) -> None:
    """The quick way (`_breaks_one_cell`, for a text that begins with a letter) against
    Rich's own wrap, on long texts of many lines."""
    from rich.console import Console
    from rich.text import Text

    rich = [line.plain for line in Text(text).wrap(Console(width=200), width, justify="left",
                                                   overflow="ellipsis", tab_size=8)]
    assert cli.wrap_words(text, width) == rich


def test_only_letters_one_cell_wide_are_wrapped_as_words() -> None:
    assert cli.one_cell_each("Zeke draws T♥ and 5♠ — Café")
    for text in ("漢字", "tab\there", "line\nbreak", "e\u0301", "bell\x07"):
        assert not cli.one_cell_each(text), text


@pytest.mark.parametrize(("where", "said"), [
    (["--port", "99999"], "--port is a number from 1 to 65535, not 99999"),
    (["--port", "0"], "--port is a number from 1 to 65535, not 0"),
    (["--host", "999.1.1.1"], "--host '999.1.1.1' is not an address"),
    (["--host", "nosuch.invalid"], "--host 'nosuch.invalid' is not an address"),
])
def test_serve_refuses_where_it_cannot_listen_before_printing_a_link(
        home: Path, capsys: Any, where: list[str], said: str) -> None:
    assert cli.main(["new", "The Hanged Man", "--game", "dust-devils", "--dir", str(home)]) == 0
    capsys.readouterr()
    assert cli.main(["serve", str(home / "the-hanged-man.toml"), *where]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no link printed that leads nowhere
    assert err.startswith(f"gmscreen serve: {said}") and err.count("\n") == 1


def test_serve_on_a_port_taken_names_it_and_offers_the_next_free_one(
        home: Path, capsys: Any) -> None:
    import socket

    from gmscreen.serve import free_port

    assert cli.main(["new", "The Hanged Man", "--game", "dust-devils", "--dir", str(home)]) == 0
    capsys.readouterr()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", str(home / "the-hanged-man.toml"), "--port", str(port)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (f"gmscreen serve: port {port} is taken on 127.0.0.1 (by another "
                       f"gmscreen serve, or another program); try --port "
                       f"{free_port('127.0.0.1', port + 1)}\n")


def test_new_makes_the_folder_asked_for_and_says_why_it_cannot(home: Path, capsys: Any) -> None:
    folder = home / "games" / "spring"
    assert cli.main(["new", "Spring Fair", "--game", "dust", "--dir", str(folder)]) == 0
    assert (folder / "spring-fair.toml").is_file()
    blocked = home / "a-file"
    blocked.write_text("not a folder")
    assert cli.main(["new", "Autumn", "--game", "dust", "--dir", str(blocked / "x")]) == 2
    said = capsys.readouterr().err
    assert "cannot make the folder" in said and str(blocked / "x") in said


@pytest.mark.parametrize(("set_by_dealer", "waited"), [(None, 0.025), ("80", 0.08)])
def test_the_app_waits_briefly_after_escape_unless_the_dealer_says(
        home: Path, set_by_dealer: str | None, waited: float) -> None:
    """A form's alt+letter comes as Escape and the letter: two within Textual's own 100 ms
    were read as "^" typed into a field. The Dealer's own ESCDELAY stands."""
    env = {k: v for k, v in os.environ.items() if k != "ESCDELAY"}
    if set_by_dealer is not None:
        env["ESCDELAY"] = set_by_dealer
    shown = subprocess.run(
        [sys.executable, "-c", "import sys; from gmscreen.cli import main; main(['keys']); "
         "import textual.constants as c; print(c.ESCAPE_DELAY, file=sys.stderr)"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert float(shown.stderr.strip().splitlines()[-1]) == waited
