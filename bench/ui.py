"""The figures of the real GmScreenApp, each start in a fresh process (headless, through
Textual's run_test): start-up, a key press in the Encounter Log, memory."""

from __future__ import annotations

import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.timing import Row


def start(mode: str, journal: Path, keys: int = 0) -> dict[str, Any]:
    """One start of the bare app (`bare`) or ours on `journal` (`ours`), measured; or the
    Dealer's actions (`actions`, `keys` turns of each) on a copy of it that may be
    written."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, (str(root), os.environ.get("PYTHONPATH")))))
    spawned_at = time.time()
    done = subprocess.run([sys.executable, "-m", "bench.ui_child", mode, str(journal),
                           repr(spawned_at), str(keys)], capture_output=True, text=True,
                          env=env, cwd=root, check=False, timeout=1800)
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
    start_how = ("wall, a whole process each, from its start to the first screen ready for "
                 "keys (120x40, headless), the cache filled by a start before (warm); the "
                 "peer is a whole process too, importing Textual and drawing one label; in "
                 "turns")
    return [
        Row(f"start-up to the first screen, {middle:,} events", ready,
            "a bare Textual app with one label", bare_ready, "at most 1.5x",
            ready <= 1.5 * bare_ready, how=start_how),
        # the same starts in CPU time, which the other programs on a shared machine do not
        # swell; starting a process costs both apps the same wall time, so this ratio is higher
        Row(f"start-up to the first screen, {middle:,} events (CPU)", ready_cpu,
            "a bare Textual app with one label", bare_ready_cpu,
            "(no goal; said for the record)", True,
            how="the same starts, in the CPU time of each process"),
        Row(f"key press in the Encounter Log (CPU), {large:,} events", key,
            f"the same, {small:,} events", few_key, "under 100 ms, about the same",
            key < 0.1 and key < 1.5 * few_key + 0.005,
            how="CPU of the app's process from `down` to the app idle again, the log shown "
                "before (warm); the peer presses the same key in a smaller journal"),
        Row(f"memory with {large:,} events open", memory, "a bare Textual app", bare_memory,
            "under 200 MB more", memory - bare_memory < 200, unit="MB",
            how="resident memory of the whole process once the first screen is up"),
        *action_rows(files[small], files[large], small, large, runs),
    ]


def _copy_warm(journal: Path, folder: Path) -> Path:
    """A copy of `journal` that may be written, its cache filled (as a Dealer's is)."""
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    copy = folder / journal.name
    shutil.copyfile(journal, copy)
    open_campaign(copy, rules_for, writable=False).close()
    return copy


def action_rows(small_journal: Path, large_journal: Path, small: int, large: int,
                runs: int) -> list[Row]:
    """The Dealer's actions in the app (bench.ui_child actions): the Encounter Log's first
    showing, undo, and replays, from the key to the log drawn, with the event loop's
    longest stall."""
    with tempfile.TemporaryDirectory(dir=large_journal.parent) as folder:
        few = start("actions", _copy_warm(small_journal, Path(folder)), runs)
        many = start("actions", _copy_warm(large_journal, Path(folder)), runs)

    def median(result: dict[str, Any], name: str, key: str = "wall") -> float:
        return float(statistics.median(turn[key] for turn in result[name]))

    undo, undo_cpu = median(many, "undo"), median(many, "undo", "cpu")
    replays = [turn for name in ("replay_recent", "replay_middle", "replay_early")
               for turn in many[name]]
    stall, undo_stall = (max(t["stall"] for t in replays),
                         max(t["stall"] for t in many["undo"]))
    to_screen = ("from the key press to the Encounter Log drawn after it (the campaign open, "
                 "its cache warm; whole app, headless)")
    replay_how = (f"wall {to_screen}; median of {runs}; the peer redraws the same tab after "
                  "an undo (saved and fsynced), which folds nothing")
    return [
        Row(f"first show of the Encounter Log, {large:,} events", many["log_first"]["wall"],
            f"the same, {small:,} events", few["log_first"]["wall"], "under 100 ms",
            many["log_first"]["wall"] < 0.1,
            how=f"wall {to_screen}: the tab built and drawn for the first time (cold tab); "
                "the peer builds the same tab for a smaller journal"),
        Row(f"undo in the app, {large:,} events", undo, "(the peer of the replays)", None,
            "(no goal; said for the record)", True, how=f"wall {to_screen}"),
        Row(f"replay of a recent event in the app, {large:,} events",
            median(many, "replay_recent"), "an undo in the app", undo, "at most 3x",
            median(many, "replay_recent") <= 3 * undo, how=replay_how),
        Row(f"replay of a recent event in the app, {large:,} events (CPU)",
            median(many, "replay_recent", "cpu"), "an undo in the app (CPU)", undo_cpu,
            "(no goal; said for the record)", True,
            how="the same, in the CPU time of the app's process (the worker's too)"),
        Row(f"replay of an event halfway back, {large:,} events",
            median(many, "replay_middle"), "an undo in the app", undo,
            "(no goal; said for the record)", True, how=replay_how),
        Row(f"replay of an event near the start, {large:,} events",
            median(many, "replay_early"), "an undo in the app", undo,
            "(no goal; said for the record)", True, how=replay_how),
        Row(f"longest stall of the event loop during a replay, {large:,} events", stall,
            "the same during an undo", undo_stall, "under 100 ms", stall < 0.1,
            how=f"the longest the app's event loop went without running a task that wakes "
                f"every 2 ms, over all {len(replays)} replays above (wall: a busy machine "
                "adds its own pauses, as the peer shows)"),
    ]


#: a sample campaign of each game, whose forms are opened
FORM_SAMPLES = ("the-hanged-man.toml", "fistful-dalton-boys.toml",
                "dead-mans-hand-jailbreak.toml", "devils-bluff-campaign.toml",
                "dust-fifteen.toml")


def form_rows(folder: Path, runs: int) -> list[Row]:
    """The largest kit form (the most widgets) a game tab's key opens, for each game, in CPU
    time from the key to the form shown, against the shell's note dialog: the median of
    `runs` fresh processes (at most 3: a process opens every form of its game), as a single
    first opening swings by half from one process to the next."""
    from gmscreen.paths import samples_dir

    found: list[Row] = []
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        for name in FORM_SAMPLES:
            results = []
            for turn in range(min(runs, 3)):
                copy = Path(scratch) / f"{turn}-{name}"
                shutil.copyfile(samples_dir() / name, copy)
                results.append(start("forms", copy))
            if not results[0]["forms"]:
                continue
            largest = max(results[0]["forms"], key=lambda form: (form["widgets"], form["cpu"]))
            cpu = statistics.median(
                form["cpu"] for result in results for form in result["forms"]
                if (form["tab"], form["key"]) == (largest["tab"], largest["key"]))
            note = statistics.median(float(result["note"]) for result in results)
            found.append(Row(
                f"open the largest form of {name.removesuffix('.toml')} "
                f"({largest['tab']}: {largest['form']}, {largest['widgets']} widgets) (CPU)",
                cpu, "the shell's note dialog", note, "under 50 ms", cpu < 0.05,
                how="CPU of the app's process from the key to the form shown and the app "
                    "idle, its first opening (cold: its widgets' styles not yet met), the "
                    f"median of {len(results)} processes; the peer is another modal screen "
                    "the same app opens, with fewer widgets"))
    return found
