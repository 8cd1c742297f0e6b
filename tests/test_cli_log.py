"""`gmscreen log PATH --search TEXT`, `--kind` by a kind's readable name, with the other
filters, and the days, over journals made in a temporary folder."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli
from gmscreen.journal import campaign as campaign_module
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import Rules
from gmscreen.journal.store import JournalStore, new_header
from tests.tally import RULES, Add, Roll


def tally_rules(game_id: str) -> Rules[Any]:
    assert game_id == "tally"
    return RULES


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GMSCREEN_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "rules_for", tally_rules)
    path = tmp_path / "tally.toml"
    store = JournalStore.create(path, new_header("tally", "Tally Town", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.note("The posse rides into Rattlesnake Wells.")
    campaign.start_session()
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("[red]Ann[/red]", (2, 5)))
    campaign.note("[bold]Doc[/bold] owes the undertaker.", about=["Zeke"])
    campaign.end_session()
    campaign.start_session()
    campaign.execute(Add("Zeke", 10))
    campaign.execute(Add("Ann", 1))
    campaign.close()
    return path


def rows(out: str) -> list[str]:
    """The event column of each row the table printed, its wrapped lines joined."""
    found: list[str] = []
    for line in out.splitlines():
        if line.startswith("│"):
            cells = line.split("│")
            if cells[1].strip():
                found.append(cells[4].strip())
            else:
                found[-1] += " " + cells[4].strip()
    return found


def test_search_prints_only_the_lines_holding_every_word(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--search", "ZEKE adds"]) == 0
    out = capsys.readouterr().out
    assert rows(out) == ["Zeke adds 3.", "Zeke adds 10."]
    # the same columns as the whole log's, and its title
    assert "Tally Town (Tally)" in out
    assert [cell.strip() for cell in out.splitlines()[2].split("┃")[1:-1]] == [
        "seq", "session", "at", "event"]


def test_search_looks_in_the_names_and_the_kinds_name(journal: Path, capsys: Any) -> None:
    # the note does not name Zeke, but is about him
    assert cli.main(["log", str(journal), "--search", "zeke undertaker"]) == 0
    assert rows(capsys.readouterr().out) == ["Note: [bold]Doc[/bold] owes the undertaker."]
    assert cli.main(["log", str(journal), "--search", "note"]) == 0
    assert rows(capsys.readouterr().out) == ["Note: The posse rides into Rattlesnake Wells.",
                                             "Note: [bold]Doc[/bold] owes the undertaker."]


def test_search_finds_markup_as_typed(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--search", "[bold]"]) == 0
    assert rows(capsys.readouterr().out) == ["Note: [bold]Doc[/bold] owes the undertaker."]
    assert cli.main(["log", str(journal), "--search", "[red]ann rolls"]) == 0
    assert rows(capsys.readouterr().out) == ["[red]Ann[/red] rolls [2, 5]."]


def test_search_combines_with_session_who_and_kind(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--search", "adds", "--session", "2"]) == 0
    assert rows(capsys.readouterr().out) == ["Zeke adds 10.", "Ann adds 1."]
    assert cli.main(["log", str(journal), "--search", "adds", "--who", "Ann"]) == 0
    assert rows(capsys.readouterr().out) == ["Ann adds 1."]
    assert cli.main(["log", str(journal), "--search", "zeke", "--kind", "note"]) == 0
    assert rows(capsys.readouterr().out) == ["Note: [bold]Doc[/bold] owes the undertaker."]


def test_who_finds_a_name_by_a_part_of_it_in_any_case_and_says_whom(
        journal: Path, capsys: Any) -> None:
    # "Zeke" for Zeke Munroe: the Dealer types a part of the name, as the app's filter lists
    assert cli.main(["log", str(journal), "--who", "zek"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "--who 'zek': Zeke"
    assert rows(out) == ["Zeke adds 3.", "Note: [bold]Doc[/bold] owes the undertaker.",
                         "Zeke adds 10."]
    # a name spelt whole, in another case, is that one alone, not every name holding it
    assert cli.main(["log", str(journal), "--who", "ANN"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "--who 'ANN': Ann" and rows(out) == ["Ann adds 1."]
    # words held by several names find them all, and say so
    assert cli.main(["log", str(journal), "--who", "an"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "--who 'an': Ann and [red]Ann[/red]"
    assert rows(out) == ["[red]Ann[/red] rolls [2, 5].", "[red]Ann[/red] adds 7.",
                         "Ann adds 1."]
    # spelt as the journal spells it, nothing more is said
    assert cli.main(["log", str(journal), "--who", "Ann"]) == 0
    assert not capsys.readouterr().out.startswith("--who")


def test_nothing_matched_is_said_with_exit_code_0(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--search", "sheriff", "--session", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out == ("Nothing in the log of Tally Town matches --session 1, "
                            "--search 'sheriff'.\n")
    assert captured.err == ""


def test_a_session_not_played_or_a_kind_no_event_has_is_refused_as_replay_refuses(
        journal: Path, capsys: Any) -> None:
    # the same session, asked of `replay`, is refused the same way: exit code 2, one line
    assert cli.main(["replay", str(journal), "--session", "5"]) == 2
    replayed = capsys.readouterr().err
    assert cli.main(["log", str(journal), "--session", "5"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == replayed
    assert captured.err == f"{journal}: there is no session 5\n"
    assert cli.main(["log", str(journal), "--kind", "nosuchkind"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"{journal}: no event is of a kind called 'nosuchkind' "
                                   "(the kinds in this journal: ")
    assert "Added" in captured.err and captured.err.count("\n") == 1


def test_a_blank_who_or_search_is_refused_not_read_as_every_line(
        journal: Path, capsys: Any) -> None:
    # "--who ''" took every character and "--search '   '" kept every line
    for option, value, said in (("--who", "", "nothing"), ("--who", "  ", "spaces alone"),
                                ("--search", "   ", "spaces alone")):
        assert cli.main(["log", str(journal), option, value]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == f"{journal}: {option} needs a word to look for, not {said}\n"


def test_kind_takes_the_raw_text_or_the_readable_name(journal: Path, capsys: Any) -> None:
    assert cli.main(["log", str(journal), "--kind", "tally.add"]) == 0
    by_id = rows(capsys.readouterr().out)
    assert by_id == ["Zeke adds 3.", "[red]Ann[/red] adds 7.", "Zeke adds 10.", "Ann adds 1."]
    assert cli.main(["log", str(journal), "--kind", "Added"]) == 0
    assert rows(capsys.readouterr().out) == by_id
    assert cli.main(["log", str(journal), "--kind", "session begun"]) == 0
    assert rows(capsys.readouterr().out) == ["Session 1 begins.", "Session 2 begins."]
    assert cli.main(["log", str(journal), "--kind", "Rolled"]) == 0
    assert rows(capsys.readouterr().out) == ["[red]Ann[/red] rolls [2, 5]."]


def test_every_row_says_its_day_so_a_new_day_and_a_later_session_show_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """The app's log heads a new day within a session, and each session with its day; the
    printed log's `at` column carries the day on every row, so both are there too."""
    now = [datetime(2026, 11, 21, 23, 59).astimezone()]  # the table's own time

    class Clock(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return now[0]

    monkeypatch.setattr(campaign_module, "datetime", Clock)
    # an append stamps its events by `now_to_the_second`, not by `datetime.now`
    monkeypatch.setattr(campaign_module, "now_to_the_second", lambda: now[0])
    monkeypatch.setattr(cli, "rules_for", tally_rules)
    path = tmp_path / "late.toml"
    store = JournalStore.create(path, new_header("tally", "Late Town", 7))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.start_session()
    now[0] += timedelta(minutes=2)  # past midnight
    campaign.execute(Add("Zeke", 3))
    campaign.end_session()
    now[0] += timedelta(days=3)
    campaign.start_session()
    campaign.close()
    assert cli.main(["log", str(path)]) == 0
    at = [line.split("│")[3].strip() for line in capsys.readouterr().out.splitlines()
          if line.startswith("│")]
    assert at == ["2026-11-21 23:59", "2026-11-22 00:01", "2026-11-22 00:01",
                  "2026-11-25 00:01"]


def test_the_log_finds_someone_renamed_under_every_name_he_went_by(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gmscreen.games import rules_for
    from gmscreen.games.devils_bluff.commands import Rename
    from gmscreen.games.devils_bluff.sample import SAMPLES
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.samples import write_sample
    from gmscreen.ui.log_lines import LogFilter, every_name

    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    campaign.note("Dutch owes the livery two dollars", ["Dutch"])
    campaign.execute(Rename("Dutch", "Dutch Kane"))
    assert every_name(campaign, "Dutch") == {"Dutch", "Dutch Kane"}
    assert every_name(campaign, "Nobody") == {"Nobody"}
    note = next(e for e in campaign.events if e.kind == "note")
    by_new_name = LogFilter(who="Dutch Kane", whose=every_name(campaign, "Dutch Kane"))
    assert by_new_name.keeps(note, campaign.subjects(note))
    assert not LogFilter(who="Dutch Kane").keeps(note, campaign.subjects(note))
    campaign.close()
    assert cli.main(["log", str(path), "--who", "Dutch Kane"]) == 0
    out = capsys.readouterr().out
    assert "two dollars" in out and "renamed" in out
