"""The lock file goes when its holder lets go, and that invites no race: writers that open,
hold and close a journal over and over, in processes of their own, never hold it at once;
nothing is left beside the journal once none holds it; a symbolic link loop says what it
is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gmscreen.journal.store import (
    JournalError,
    JournalLocked,
    JournalStore,
    lock_is_free,
    new_header,
)

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import os, sys, time
from pathlib import Path
from gmscreen.journal.store import JournalLocked, JournalStore
journal, marks, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
done = 0
while done < rounds:
    try:
        store = JournalStore.open(journal)
    except JournalLocked:
        continue
    fd = os.open(marks, os.O_WRONLY | os.O_APPEND)
    os.write(fd, f"in {os.getpid()}\\n".encode())
    time.sleep(0.001)
    os.write(fd, f"out {os.getpid()}\\n".encode())
    os.close(fd)
    store.close()
    done += 1
"""


@pytest.mark.slow
def test_writers_racing_for_the_lock_never_hold_it_at_once(tmp_path: Path) -> None:
    journal = tmp_path / "race.toml"
    JournalStore.create(journal, new_header("tally", "Race", 1)).close()
    marks = tmp_path / "marks"
    marks.write_text("")
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(journal), str(marks), "60"],
                                cwd=ROOT) for _ in range(4)]
    for writer in writers:
        assert writer.wait(timeout=300) == 0
    lines = marks.read_text().splitlines()
    assert len(lines) == 2 * 240
    for entered, left in zip(lines[0::2], lines[1::2], strict=True):
        # each hold is one writer's in and out, with no other writer's in between
        assert entered.startswith("in ") and left == "out " + entered.removeprefix("in ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["marks", "race.toml"]


def test_nothing_is_left_beside_a_journal_nobody_holds(tmp_path: Path) -> None:
    journal = tmp_path / "camp.toml"
    store = JournalStore.create(journal, new_header("tally", "Camp", 1))
    assert not lock_is_free(journal)
    with pytest.raises(JournalLocked):
        JournalStore.open(journal)
    store.close()
    assert lock_is_free(journal)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.toml"]
    with JournalStore.open(journal) as again:
        assert not lock_is_free(journal) and again.writable
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.toml"]


def test_a_symbolic_link_loop_says_what_it_is(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    os.symlink(loop, loop)
    with pytest.raises(JournalError, match="leads back to itself"):
        JournalStore.open(loop)
    dangling = tmp_path / "gone.toml"
    os.symlink(tmp_path / "moved.toml", dangling)
    with pytest.raises(JournalError, match="which is not there"):
        JournalStore.open(dangling)
