"""The figures of the real GmScreenApp, each start in a fresh process (headless, through
Textual's run_test): start-up, a key press in the Encounter Log, memory."""

from __future__ import annotations

import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.timing import Row


def start(mode: str, journal: Path, keys: int = 0) -> dict[str, Any]:
    """One start of the bare app (`bare`) or ours on `journal` (`ours`), measured."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, (str(root), os.environ.get("PYTHONPATH")))))
    spawned_at = time.time()
    done = subprocess.run([sys.executable, "-m", "bench.ui_child", mode, str(journal),
                           repr(spawned_at), str(keys)], capture_output=True, text=True,
                          env=env, cwd=root, check=False, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"the {mode} app failed on {journal}:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _median(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(float(run[key]) for run in runs)


def rows(files: dict[int, Path], runs: int) -> list[Row]:
    """Start-up at the middle size, then memory and a key press at the largest, each against
    its peer. One start of ours comes first, not counted: it fills the cache a Dealer's every
    later start finds (the first open has its own row)."""
    sizes = sorted(files)
    small, middle, large = sizes[0], sizes[len(sizes) // 2], sizes[-1]
    # An installed gmscreen has its bytecode, as Textual has; a checkout may not (with
    # PYTHONDONTWRITEBYTECODE set, every start compiled gmscreen again: 50 to 60 ms).
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "gmscreen", quiet=1)
    start("ours", files[middle])
    bare: list[dict[str, Any]] = []
    ours: list[dict[str, Any]] = []
    for _ in range(runs):  # interleaved, so a busy moment of the machine hits both
        bare.append(start("bare", files[middle]))
        ours.append(start("ours", files[middle]))
    ready, bare_ready = _median(ours, "ready"), _median(bare, "ready")
    ready_cpu, bare_ready_cpu = _median(ours, "ready_cpu"), _median(bare, "ready_cpu")
    keys = 10 * runs
    start("ours", files[large])  # the cache of the large journal, as above
    few = start("ours", files[small], keys)
    many = start("ours", files[large], keys)
    key, few_key = statistics.median(many["keys"]), statistics.median(few["keys"])
    memory, bare_memory = float(many["rss_mb"]), _median(bare, "rss_mb")
    return [
        Row(f"start-up to the first screen, {middle:,} events", ready,
            "a bare Textual app with one label", bare_ready, "at most 1.5x",
            ready <= 1.5 * bare_ready),
        # the same starts in CPU time, which the other programs on a shared machine do not
        # swell; starting a process costs both apps the same wall time, so this ratio is higher
        Row(f"start-up to the first screen, {middle:,} events (CPU)", ready_cpu,
            "a bare Textual app with one label", bare_ready_cpu,
            "(no goal; said for the record)", True),
        Row(f"key press in the Encounter Log (CPU), {large:,} events", key,
            f"the same, {small:,} events", few_key, "under 100 ms, about the same",
            key < 0.1 and key < 1.5 * few_key + 0.005),
        Row(f"memory with {large:,} events open", memory, "a bare Textual app", bare_memory,
            "under 200 MB more", memory - bare_memory < 200, unit="MB"),
    ]
