"""The SIGKILL drill: a writer killed at random moments never loses an event it reported saved.

Lanes run side by side, each on its own journal with its own child (tests/journal/appender.py)
that forks the writers; every writer is killed with SIGKILL at a random moment, and the
journal is reopened after every kill so that torn tails are set aside and the next writer
appends after them; 200 kills in all. A
writer prints an event only after the call that saved it returned (after the fsync), so every
seq it printed must be in the file, and the file must replay to a sound state.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path

import pytest

from tests.journal.support import (
    assert_steps_whole,
    live_table,
    new_campaign,
    reference_table,
    reopen,
)

APPENDER = Path(__file__).with_name("appender.py")
LANES = 4
KILLS = 200


def kill_one_writer(forker: subprocess.Popen[str], path: Path, fifo: Path,
                    rng: random.Random) -> list[tuple[int, str]]:
    """Start a writer, kill it at a random moment; the events it reported saved."""
    assert forker.stdin is not None and forker.stdout is not None
    forker.stdin.write(f"{path}\t{rng.randrange(2**32)}\t{fifo}\n")
    forker.stdin.flush()
    pid = int(forker.stdout.readline().split()[1])
    with open(fifo, "rb") as reports:  # the writer opens it first thing after the fork
        if rng.random() < 0.2:  # some kills land while the journal is opened and checked
            time.sleep(rng.uniform(0.0, 0.02))
            early = b""
        else:  # most land among the appends, after a few whatever the disk's speed
            early = b"".join(reports.readline() for _ in range(1 + rng.randrange(6)))
            time.sleep(rng.uniform(0.0, 0.01))
        with suppress(ProcessLookupError):  # a writer that died on its own is caught below
            os.kill(pid, signal.SIGKILL)
        out = (early + reports.read()).decode()
    status = forker.stdout.readline()
    assert status == f"status {-signal.SIGKILL}\n", f"the writer was not killed: {status}"
    # a line cut by the kill promises nothing: only whole lines count
    whole = [line.split() for line in out.splitlines(keepends=True)
             if line.endswith("\n") and line != "ready\n"]
    return [(int(seq), kind) for seq, kind in whole]


def run_lane(folder: Path, lane: int) -> tuple[int, int]:
    """Kill a writer KILLS // LANES times; returns (events reported saved, torn tails seen)."""
    rng = random.Random(f"sigkill-{lane}")
    path = folder / f"lane-{lane}.toml"
    new_campaign(path).close()
    fifo = folder / f"lane-{lane}.fifo"
    os.mkfifo(fifo)
    reported_total = torn_total = 0
    forker = subprocess.Popen([sys.executable, "-I", "-S", str(APPENDER)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        for round_ in range(KILLS // LANES):
            reported = kill_one_writer(forker, path, fifo, rng)
            campaign = reopen(path)  # writable: sets a torn tail aside
            try:
                assert not campaign.read_only, campaign.read_only_reason
                for seq, kind in reported:
                    assert seq <= len(campaign.events), (lane, round_, seq)
                    assert campaign.events[seq - 1].kind == kind, (lane, round_, seq)
                if campaign.torn is not None:
                    torn_total += 1
                    assert campaign.torn.set_aside is not None
                    side = campaign.torn.set_aside.read_bytes()
                    assert b"[[event]]".startswith(side[:9]) or not side.strip(b"\0"), side[:40]
                assert_steps_whole(campaign.events)
                assert live_table(campaign) == reference_table(campaign.events)
            finally:
                campaign.close()
            reported_total += len(reported)
    finally:
        assert forker.stdin is not None
        forker.stdin.close()
        forker.wait(timeout=30)
    final = reopen(path, writable=False)
    assert final.torn is None and live_table(final) == reference_table(final.events)
    return reported_total, torn_total


@pytest.mark.slow
def test_no_saved_event_is_lost_to_200_kills(tmp_path: Path) -> None:
    with ThreadPoolExecutor(LANES) as pool:
        results = list(pool.map(lambda lane: run_lane(tmp_path, lane), range(LANES)))
    reported = sum(count for count, _ in results)
    assert reported > KILLS  # the writers really were writing when they were killed
    print(f"{KILLS} kills, {reported} events reported saved, "
          f"{sum(torn for _, torn in results)} torn tails set aside")
