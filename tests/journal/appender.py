"""The SIGKILL drill's child: forks writers that append to a journal until they are killed.

Run as `python appender.py`, it imports the journal once and then, for every request line
"JOURNAL<TAB>SEED<TAB>FIFO" on stdin, forks a writer (so no kill waits for Python to start)
and answers "pid N" at once and "status N" (its exit code) once the writer has died.

The writer's stdout is the FIFO. It prints "ready" once the journal is open, then "seq kind"
for every event once the call that saved it has returned, that is after the fsync: each line
printed is a promise that the event is on disk.
"""

from __future__ import annotations

import os
import random
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gmscreen.journal.campaign import open_campaign
from tests.tally import RULES, Add, Roll

NAMES = ("Zeke", "Ann", "[b]Doc[/b]")


def append_until_killed(path: Path, seed: int) -> None:
    campaign = open_campaign(path, lambda _: RULES)
    assert not campaign.read_only, campaign.read_only_reason
    rng = random.Random(seed)
    print("ready", flush=True)
    while True:
        before = len(campaign.events)
        pick = rng.random()
        if pick < 0.4:
            campaign.execute(Add(rng.choice(NAMES), rng.randint(0, 9)))
        elif pick < 0.65:
            faces = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 5)))
            campaign.execute(Roll(rng.choice(NAMES), faces))
        elif pick < 0.75 and campaign.can_undo:
            campaign.undo(rng.randint(1, 3))
        elif pick < 0.82 and campaign.can_redo:
            campaign.redo()
        elif pick < 0.9:
            campaign.note("dust " * rng.randint(1, 400))  # bigger blocks: kills land mid-write
        elif campaign.in_session:
            campaign.end_session()
        else:
            campaign.start_session()
        print("".join(f"{e.seq} {e.kind}\n" for e in campaign.events[before:]), end="",
              flush=True)


def serve() -> None:
    for request in sys.stdin:
        path, seed, fifo = request.rstrip("\n").split("\t")
        pid = os.fork()
        if pid == 0:
            try:
                os.dup2(os.open(fifo, os.O_WRONLY), 1)
                sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115 - lives until killed
                append_until_killed(Path(path), int(seed))
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(1)
        print(f"pid {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"status {os.waitstatus_to_exitcode(status)}", flush=True)


if __name__ == "__main__":
    serve()
