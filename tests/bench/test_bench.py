"""The benchmark still produces every figure (on tiny journals, so it takes seconds); the
figures themselves are read from `python -m bench`, never asserted here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import journals
from bench.__main__ import collect, main, parse_args
from bench.timing import Row
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


@pytest.mark.slow
def test_every_row_is_produced(folder: Path) -> None:
    rows = collect(SIZES, runs=1, folder=folder, log=False)
    figures = " / ".join(row.figure for row in rows)
    for wanted in ("no jokers, hands seen before", "no jokers, hands never seen",
                   "two jokers", "read 60 events", "append a note (Campaign.note) at 30",
                   "append a game command (Campaign.execute) at 90", "undo at 60",
                   "redo at 90", "start-up", "memory with 90 events",
                   "Dust Devils win chances, 500 deals", "first open, 60 events",
                   "first open, 90 events", "open again, 90 events",
                   "open after 200 events appended, 90 events", "closing it, 60 events",
                   "key press in the Encounter Log (CPU), 90 events",
                   "start-up to the first screen, 60 events (CPU)",
                   "gmscreen check, 90 events", "gmscreen log, 90 events: its first line",
                   "gmscreen log, 90 events: peak memory",
                   "gmscreen replay --to the last event, 90 events, nothing cached",
                   "first show of the Encounter Log, 90 events", "undo in the app, 90 events",
                   "replay of a recent event in the app, 90 events",
                   "longest stall of the event loop during a replay, 90 events",
                   "open the largest form of dead-mans-hand-jailbreak"):
        assert wanted in figures
    for row in rows:
        assert row.ours > 0, row
        assert row.peer is None or row.peer > 0, row
        assert row.how, row  # every row says how it is measured


def test_the_command_line(folder: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_args(["--quick"]).sizes == [200, 1000]
    assert parse_args(["--sizes", "500,50"]).sizes == [50, 500]
    with pytest.raises(SystemExit):
        parse_args(["--sizes", "5"])
    asked: list[tuple[list[int], int, Path]] = []

    def fake_collect(sizes: list[int], runs: int, where: Path, **_: object) -> list[Row]:
        # the rows themselves are measured in test_every_row_is_produced
        asked.append((sizes, runs, where))
        return [Row("fast thing", 0.001, "slow peer", 0.01, "at most 1x", True),
                Row("slow thing", 3.0, "fast peer", 1.0, "at most 1.5x", False)]

    monkeypatch.setattr("bench.__main__.collect", fake_collect)
    assert main(["--sizes", "30,60", "--runs", "2", "--folder", str(folder)]) == 0
    assert asked == [([30, 60], 2, folder)]
    out = capsys.readouterr().out
    assert "| fast thing | 1.00 ms | slow peer | 10.00 ms | 0.1x | at most 1x | yes |  |" in out
    assert "| slow thing | 3.00 s | fast peer | 1.00 s | 3x | at most 1.5x | **no** |  |" in out
    assert "1 of 2 goals met" in out
    assert "missed: slow thing" in out
    # how busy the machine was, which the wall-clock rows feel
    assert re.search(r"load average \d+\.\d\d at the start, \d+\.\d\d at the end", out)


def test_only_the_groups_asked_for_are_measured(folder: Path) -> None:
    assert parse_args([]).only == ("poker", "odds", "parsers", "append", "open", "undo", "cli",
                                   "app", "forms")
    assert parse_args(["--only", "app,undo"]).only == ("app", "undo")
    with pytest.raises(SystemExit):
        parse_args(["--only", "startup"])
    rows = collect(SIZES, runs=1, folder=folder, log=False, only=("undo",))
    assert rows and all(row.figure.startswith(("undo", "redo")) for row in rows)
