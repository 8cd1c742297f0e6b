"""`gmscreen replay` prints the sheets and tracks as a Dealer reads them (now by default),
or JSON for programs; never a Python repr."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games import rules_for, view_of
from gmscreen.journal import clocks
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import NO_BREAK

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "fixtures" / "samples-cb5e155" / "the-hanged-man.toml"


def plain(title: str) -> str:
    """A title as `replay` prints it: a name kept whole on the screens (no-break spaces, as
    a posse's "8 models") in plain spaces."""
    return title.replace(NO_BREAK, " ")


def gmscreen(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gmscreen", *words], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_replay_reads_as_the_tabs_do_now_and_at_a_session_end(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    now = gmscreen("replay", str(journal))
    assert now.returncode == 0, now.stderr
    assert now.stdout.startswith("The Hanged Man (Dust Devils), now, after event ")
    assert "State(" not in now.stdout and "Character(" not in now.stdout
    # session 1 is still running there, and said so
    running = gmscreen("replay", str(journal), "--session", "1")
    assert running.returncode == 0 and "session 1, not ended: now" in running.stdout


def test_replay_as_json_for_programs(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    printed = gmscreen("replay", str(journal), "--to", "3", "--json")
    assert printed.returncode == 0, printed.stderr
    found = json.loads(printed.stdout)
    assert found["campaign"] == "The Hanged Man" and found["after"] == 3
    assert found["sections"] and all("title" in s for s in found["sections"])


def test_replay_to_an_event_that_is_not_there_is_refused_in_a_line(tmp_path: Path) -> None:
    refused = gmscreen("replay", str(SAMPLE), "--to", "9999")
    assert refused.returncode == 2 and "no event 9999" in refused.stderr
    assert "Traceback" not in refused.stderr


SAMPLES = ["the-hanged-man", "fistful-dalton-boys", "dead-mans-hand-showdown",
           "devils-bluff-one-off", "dust-fifteen"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_games_replay_reads_as_its_tabs_and_as_json(
        sample: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / f"{sample}.toml"
    shutil.copy(ROOT / "campaigns" / f"{sample}.toml", journal)
    campaign = open_campaign(journal, rules_for, cache=False)
    name, last = campaign.name, campaign.events[-1].seq
    sections = view_of(campaign.rules).dealer_sections(campaign.state)  # type: ignore[union-attr]
    campaign.close()
    assert cli.main(["replay", str(journal)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{name} (") and f"after event {last}" in printed
    assert "State(" not in printed and "(name=" not in printed  # no Python repr
    # each of the tabs' sections, titled as there
    assert all(plain(section.title) in printed for section in sections if section.title)
    assert cli.main(["replay", str(journal), "--to", str(last), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    titles = [section["title"] for section in found["sections"]]
    assert found["after"] == last
    assert list(map(plain, titles[:len(sections)])) == [plain(s.title) for s in sections]
    # every sample keeps one, titled in the game's word for who runs the table
    assert titles[len(sections):] == [clocks.title(campaign.rules.referee)]


def test_replay_wraps_at_a_word_in_a_terminal_and_keeps_whole_lines_in_a_pipe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    assert cli.main(["replay", str(journal)]) == 0
    piped = capsys.readouterr().out
    assert max(map(len, piped.splitlines())) > 80  # the back stories, whole

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(shutil, "get_terminal_size",
                        lambda *_: os.terminal_size((80, 24)))
    assert cli.main(["replay", str(journal)]) == 0
    shown = capsys.readouterr().out
    assert max(map(len, shown.splitlines())) <= 80
    assert " ".join(shown.split()) == " ".join(piped.split())  # the same words, re-flowed


def test_replay_of_session_0_is_the_campaign_as_the_first_session_began(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    before = gmscreen("replay", str(journal), "--session", "0")
    assert before.returncode == 0, before.stderr
    heading = before.stdout.splitlines()[0]
    assert heading.startswith("The Hanged Man (Dust Devils), as the first session began, after")
    assert "session 0" not in before.stdout


def test_replay_as_json_gives_a_tables_rows_in_whole_words_beside_the_short_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Dead Man's Hand's gangs: "Dual/Pistol/Fists" on a tab at 80 columns, the weapons'
    # names in full where the room allows, which a program reading JSON has
    journal = tmp_path / "showdown.toml"
    shutil.copy(ROOT / "campaigns" / "dead-mans-hand-showdown.toml", journal)
    campaign = open_campaign(journal, rules_for, cache=False)
    sections = view_of(campaign.rules).dealer_sections(campaign.state)  # type: ignore[union-attr]
    campaign.close()
    assert cli.main(["replay", str(journal), "--json"]) == 0
    found = {plain(s["title"]): s for s in json.loads(capsys.readouterr().out)["sections"]}
    with_wide = [s for s in sections if getattr(s, "wide", ())]
    assert with_wide
    for section in with_wide:
        told = found[plain(section.title)]
        assert told["rows"] == [list(row) for row in section.rows]  # as before
        assert told["in_full"]["columns"] == list(section.wide_columns or section.columns)
        assert told["in_full"]["rows"] == [[cell.rstrip() for cell in row]
                                           for row in section.wide]
    weapons = [row[3] for s in with_wide for row in found[plain(s.title)]["in_full"]["rows"]]
    assert "Dual Pistols, Pistol, Brawling" in weapons
    # a section without whole-word rows has none
    assert all("in_full" not in s for title, s in found.items()
               if title not in {plain(x.title) for x in with_wide})


def test_replay_gives_whole_words_to_a_file_and_to_a_terminal_they_fit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    journal = tmp_path / "showdown.toml"
    shutil.copy(ROOT / "campaigns" / "dead-mans-hand-showdown.toml", journal)
    assert cli.main(["replay", str(journal)]) == 0
    piped = capsys.readouterr().out
    assert "Dual Pistols, Pistol, Brawling" in piped and "Dual/Pistol/Fists" not in piped

    def terminal(columns: int) -> str:
        monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
        monkeypatch.setattr(shutil, "get_terminal_size",
                            lambda *_: os.terminal_size((columns, 24)))
        assert cli.main(["replay", str(journal)]) == 0
        return capsys.readouterr().out

    at_80 = terminal(80)  # as the tab draws it at 80 columns
    assert "Dual/Pistol/Fists" in at_80 and "Dual Pistols, Pistol" not in at_80
    assert "Dual Pistols, Pistol, Brawling" in terminal(200)


def test_replay_to_an_event_inside_a_step_says_the_step_is_shown_part_way(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "dust.toml"
    shutil.copy(ROOT / "campaigns" / "dust-fifteen.toml", journal)
    campaign = open_campaign(journal, rules_for, cache=False)
    first, last = next((e.seq, e.seq) for e in campaign.events if e.step != e.seq)
    first = campaign.events[first - 1].step
    last = max(e.seq for e in campaign.events if e.step == first)
    campaign.close()
    assert cli.main(["replay", str(journal), "--to", str(first)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(
        f"after event {first}, part way through the step of events {first} to {last}")
    assert cli.main(["replay", str(journal), "--to", str(last)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(f"after event {last}")
    # and to a program: the step's first and last events, only where it is cut
    assert cli.main(["replay", str(journal), "--to", str(first), "--json"]) == 0
    told = json.loads(capsys.readouterr().out)
    assert told["after"] == first and told["part_way"] == {"first": first, "last": last}
    assert cli.main(["replay", str(journal), "--to", str(last), "--json"]) == 0
    assert "part_way" not in json.loads(capsys.readouterr().out)


def test_replay_of_the_session_running_says_it_has_not_ended(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Hanged Man stands in session 1, begun and not ended: "at the end of session 1"
    # read as if it had
    journal = tmp_path / "hanged.toml"
    shutil.copy(ROOT / "campaigns" / "the-hanged-man.toml", journal)
    assert cli.main(["replay", str(journal)]) == 0
    now = capsys.readouterr().out.splitlines()
    assert now[2] == "in session 1"
    seq = now[0].rsplit(" ", 1)[-1]
    assert cli.main(["replay", str(journal), "--session", "1"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading.endswith(f"session 1, not ended: now, after event {seq}"), heading


def test_replay_to_a_step_since_undone_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "hanged.toml"
    shutil.copy(ROOT / "campaigns" / "the-hanged-man.toml", journal)
    assert cli.main(["replay", str(journal), "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    campaign = open_campaign(journal, rules_for, cache=False)
    noted = campaign.note("Zeke owes the undertaker.")[0]
    undo = len(campaign.events) + 1
    campaign.undo()
    campaign.close()
    # to a program: the same state and the same event in effect as before the note, the
    # undo counted only in "after"
    assert cli.main(["replay", str(journal), "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["in_effect"] == before["in_effect"] == before["after"] == noted.seq - 1
    assert after["after"] == undo
    assert {**after, "after": before["after"]} == before
    assert cli.main(["replay", str(journal), "--to", str(noted.seq)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(
        f"after event {noted.seq}, undone since, at event {undo}")
    assert cli.main(["replay", str(journal), "--to", str(noted.seq - 1)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(f"after event {noted.seq - 1}")
