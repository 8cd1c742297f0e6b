"""`gmscreen recap PATH [--session N] [--format md|txt|bbcode|html] [--dealer]`, from
outside: the shipped samples copied into a temporary folder, and a campaign just begun."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli

SAMPLES = Path(__file__).resolve().parent.parent / "campaigns"


def sample(tmp_path: Path, name: str) -> Path:
    copy = tmp_path / name
    shutil.copyfile(SAMPLES / name, copy)
    return copy


@pytest.mark.parametrize(("form", "title"), [
    ("txt", "A Fistful of Sixes: the Dalton Boys: session 1\n====="),
    ("md", "# A Fistful of Sixes: the Dalton Boys: session 1\n"),
    ("bbcode", "[b][noparse]A Fistful of Sixes: the Dalton Boys: session 1[/noparse][/b]"),
    ("html", "<h1>A Fistful of Sixes: the Dalton Boys: session 1</h1>"),
])
def test_each_format_tells_the_last_session(tmp_path: Path, capsys: Any, form: str,
                                            title: str) -> None:
    assert cli.main(["recap", str(sample(tmp_path, "fistful-dalton-boys.toml")),
                     "--format", form]) == 0
    out, err = capsys.readouterr()
    assert title in out
    assert "Cora Dalton" in out
    assert err == ""


def test_the_players_recap_keeps_the_roles_the_dealers_copy_tells(tmp_path: Path,
                                                                   capsys: Any) -> None:
    path = str(sample(tmp_path, "dust-fifteen.toml"))
    assert cli.main(["recap", path, "--format", "txt"]) == 0
    table = capsys.readouterr().out
    assert cli.main(["recap", path, "--format", "txt", "--dealer"]) == 0
    whole = capsys.readouterr().out
    assert "(the moderator's copy)" in whole and "moderator's copy" not in table
    # the sample's Scum are dealt as Dust's manifestations; no living player's role shows
    for secret in ("Your role is", "VANILLA TOWN", "manifestation of GUILT", "SCUM"):
        assert secret in whole
        assert secret not in table


def test_a_session_not_played_is_refused_in_one_line(tmp_path: Path, capsys: Any) -> None:
    path = sample(tmp_path, "fistful-dalton-boys.toml")
    before = path.read_bytes()
    assert cli.main(["recap", str(path), "--session", "9"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: there is no session 9 (sessions played: 1; 0 tells the play " \
                  "before the first)\n"
    assert path.read_bytes() == before


def test_a_campaign_just_begun_has_nothing_to_tell_yet(tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["new", "Red Gulch", "--game", "dust-devils", "--dir", str(tmp_path)]) == 0
    path = str(tmp_path / "red-gulch.toml")
    capsys.readouterr()
    assert cli.main(["recap", path, "--format", "md"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("# Red Gulch: nothing played yet\n")
    assert "No session has been played yet" in out and err == ""
    # a session asked for by number is still one that was not played
    assert cli.main(["recap", path, "--session", "1"]) == 2
    assert capsys.readouterr().err == \
        f"{path}: there is no session 1 (sessions played: none yet)\n"


@pytest.mark.parametrize(("arguments", "said"), [
    (["--format", "pdf"], "argument --format: invalid choice: 'pdf' (choose from 'md', "
                          "'txt', 'bbcode', 'html')"),
    (["--session", "first"], "argument --session: invalid int value: 'first'"),
])
def test_bad_arguments_are_refused_in_one_line(tmp_path: Path, capsys: Any,
                                               arguments: list[str], said: str) -> None:
    path = str(sample(tmp_path, "fistful-dalton-boys.toml"))
    assert cli.main(["recap", path, *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"gmscreen recap: {said} (see gmscreen recap --help)\n"


def test_a_missing_journal_is_refused_in_one_line(tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["recap", str(tmp_path / "gone.toml")]) == 2
    assert capsys.readouterr().err == f"{tmp_path / 'gone.toml'}: no such journal file\n"
