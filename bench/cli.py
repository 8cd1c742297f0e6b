"""The command line's figures, each a whole `gmscreen` process as a Dealer starts it (its
Python, its imports, the open, the printing), reading its output from a pipe:
`gmscreen log` and `gmscreen replay --to` the last event against `gmscreen check` of the
same journal, with the cache warm (a campaign opened before) and with nothing cached.

    python -m bench.cli ARGS...   # one run of gmscreen ARGS, measured from inside

prints, on stderr, the CPU time and the peak resident memory of the process."""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.timing import Row

ROOT = Path(__file__).resolve().parent.parent


def run(words: list[str], home: Path) -> dict[str, float]:
    """One whole `gmscreen WORDS` with GMSCREEN_HOME at `home`: seconds to the first line of
    its output and to its end (wall), its CPU time and peak memory (MB)."""
    env = dict(os.environ, GMSCREEN_HOME=str(home), PYTHONPATH=os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))))
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "bench.cli", *words], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()
    first = time.perf_counter() - started
    while child.stdout.read(1 << 20):
        pass
    told = child.stderr.read()
    if child.wait() != 0:
        raise RuntimeError(f"gmscreen {' '.join(words)} failed:\n{told[-2000:]!r}")
    ended = time.perf_counter() - started
    inside: dict[str, float] = json.loads(told.decode().strip().splitlines()[-1])
    return {"first": first, "wall": ended, **inside}


def rows(journal: Path, events: int, runs: int) -> list[Row]:
    """check, log and replay --to the last event, in turns, warm and cold."""
    with tempfile.TemporaryDirectory(dir=journal.parent) as folder:
        path = Path(folder) / journal.name
        shutil.copyfile(journal, path)
        warm = Path(folder) / "warm"
        run(["check", str(path)], warm)  # fills the cache a Dealer's later runs find
        last = str(events)
        taken: dict[str, list[dict[str, float]]] = {}
        for turn in range(runs):
            cold = Path(folder) / f"cold-{turn}"
            for name, words, home in (
                    ("check", ["check", str(path)], warm),
                    ("log", ["log", str(path)], warm),
                    ("replay", ["replay", str(path), "--to", last], warm),
                    ("check cold", ["check", str(path)], cold / "a"),
                    ("replay cold", ["replay", str(path), "--to", last], cold / "b")):
                taken.setdefault(name, []).append(run(words, home))

    def median(name: str, key: str) -> float:
        return statistics.median(figures[key] for figures in taken[name])

    check, check_cpu = median("check", "wall"), median("check", "cpu")
    whole = "whole process (Python, imports, open, printing to a pipe)"
    same = ("check opens the same journal, folds every event and reports; the other commands "
            "open it the same way, then print")
    return [
        Row(f"gmscreen check, {events:,} events, cache warm", check, "the same, nothing cached",
            median("check cold", "wall"), "(no goal: the peer of the rows below)", True,
            how=f"wall, {whole}; warm: a check before filled the cache"),
        Row(f"gmscreen log, {events:,} events: its first line, cache warm",
            median("log", "first"), "gmscreen check, cache warm", check, "under 0.5 s",
            median("log", "first") < 0.5,
            how=f"wall to the first line read from the pipe, {whole}; warm cache"),
        Row(f"gmscreen log, {events:,} events: all of it, cache warm", median("log", "wall"),
            "gmscreen check, cache warm", check, "at most 5x",
            median("log", "wall") <= 5 * check, how=f"wall, {whole}; in turns; {same}"),
        Row(f"gmscreen log, {events:,} events: all of it, cache warm (CPU)",
            median("log", "cpu"), "gmscreen check, cache warm", check_cpu,
            "(no goal; said for the record)", True,
            how="CPU time of the whole process (user and system), which the other programs "
                "on a shared machine do not swell"),
        Row(f"gmscreen log, {events:,} events: peak memory", median("log", "peak_mb"),
            "gmscreen check: peak memory", median("check", "peak_mb"), "at most 1.5x",
            median("log", "peak_mb") <= 1.5 * median("check", "peak_mb"), unit="MB",
            how="the process's peak resident memory; warm cache"),
        Row(f"gmscreen replay --to the last event, {events:,} events, cache warm",
            median("replay", "wall"), "gmscreen check, cache warm", check, "at most 2x",
            median("replay", "wall") <= 2 * check, how=f"wall, {whole}; in turns; {same}"),
        Row(f"gmscreen replay --to the last event, {events:,} events, nothing cached",
            median("replay cold", "wall"), "gmscreen check, nothing cached",
            median("check cold", "wall"), "at most 2x",
            median("replay cold", "wall") <= 2 * median("check cold", "wall"),
            how=f"wall, {whole}; cold: an empty cache folder each, so both read and fold "
                "every event; in turns"),
    ]


def _peak_mb() -> float:
    """The process's peak resident memory (Linux: VmHWM, which starts afresh with the
    program; getrusage's ru_maxrss keeps the parent's from before the fork)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(words: list[str]) -> int:
    from gmscreen.cli import main as gmscreen

    code = gmscreen(words)
    sys.stdout.flush()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    told: dict[str, Any] = {"cpu": usage.ru_utime + usage.ru_stime, "peak_mb": _peak_mb()}
    print(json.dumps(told), file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
