"""The benchmark still produces every figure (on tiny journals, so it takes seconds); the
figures themselves are read from `python -m bench`, never asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import journals
from bench.__main__ import collect, main, parse_args
from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign

SIZES = (30, 60, 90)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bench")


def test_the_generator_is_seeded_and_the_journal_opens(folder: Path) -> None:
    first = journals.generate(folder / "a.toml", 500, seed=3)
    second = journals.generate(folder / "b.toml", 500, seed=3)
    other = journals.generate(folder / "c.toml", 500, seed=4)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    campaign = open_campaign(first, rules_for, writable=False)
    try:
        kinds = {event.kind for event in campaign.events}
        assert len(campaign.events) >= 500
        assert {"note", "session.start", "session.end"} <= kinds
        assert any(kind.startswith("dead_mans_hand.") for kind in kinds)
    finally:
        campaign.close()


def test_every_row_is_produced(folder: Path) -> None:
    rows = collect(SIZES, runs=1, folder=folder, log=False)
    figures = " / ".join(row.figure for row in rows)
    for wanted in ("no jokers", "two jokers", "read 60 events", "append one event at 30",
                   "append one event at 90", "undo at 60", "redo at 90"):
        assert wanted in figures
    for row in rows:
        assert row.ours > 0, row
        assert row.peer is None or row.peer > 0, row


def test_the_command_line(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_args(["--quick"]).sizes == [200, 1000]
    assert parse_args(["--sizes", "500,50"]).sizes == [50, 500]
    with pytest.raises(SystemExit):
        parse_args(["--sizes", "5"])
    assert main(["--sizes", "30,60", "--runs", "1", "--folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "| figure | ours | peer |" in out
    assert "goals met" in out
