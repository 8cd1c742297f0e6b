"""One measured run of an app, in its own process so imports and memory count:

    python -m bench.ui_child bare|ours JOURNAL SPAWNED_AT KEYS
    python -m bench.ui_child actions JOURNAL SPAWNED_AT TURNS
    python -m bench.ui_child forms JOURNAL SPAWNED_AT 0

`bare` and `ours` print one JSON line: seconds from SPAWNED_AT (the parent's time.time()
just before it started this process) to the first screen, ready for keys; the CPU time this
process took to get there (from its own start, so the other programs on a shared machine do
not count); the process's resident memory then; and, when KEYS > 0, the CPU time of each of
KEYS presses of `down` in the Encounter Log, each until the app is idle again (key handled
and screen redrawn).

`actions` opens JOURNAL for writing (a copy of the parent's: undo writes to it) and times
what a Dealer waits for, each from the key press to the first drawing of the Encounter Log
after it: the log's first showing, TURNS undos (each redone after, untimed) and TURNS
replays each of a recent event, an event halfway back and an early one (each left with
escape, untimed); with, for each, the longest the event loop went without answering (a
task that wakes every 2 ms notes the longest gap).

`forms` opens every kit form a game tab's keys open, on a copy of JOURNAL (see `forms`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.pilot import Pilot


def resident_mb() -> float:
    """The memory the process holds now (Linux), or its peak where /proc is missing."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ours(journal: Path, *, writable: bool) -> App[None]:
    # in the order of `gmscreen open` (gmscreen.cli): the campaign first, then the
    # collector off and the app (with Textual) imported
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    campaign = open_campaign(journal, rules_for, writable=writable)
    gc.disable()
    from gmscreen.ui.app import GmScreenApp

    return GmScreenApp(campaign)


async def measure(mode: str, journal: Path, spawned_at: float, keys: int) -> dict[str, Any]:
    app: App[None]
    if mode == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Label

        class Bare(App[None]):
            def compose(self) -> ComposeResult:
                yield Label("gmscreen")

        app = Bare()
    else:
        app = _ours(journal, writable=False)
    result: dict[str, Any] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        result["ready"] = time.time() - spawned_at
        result["ready_cpu"] = time.process_time()
        result["rss_mb"] = resident_mb()
        if keys:
            from textual.widgets import TabbedContent

            from gmscreen.ui import tabs
            from gmscreen.ui.log_view import LogView

            app.screen.query_one(TabbedContent).active = tabs.tab_id(tabs.ENCOUNTER_LOG)
            await pilot.pause()
            app.screen.query_one(LogView).focus()
            await pilot.press("home")
            times: list[float] = []
            for _ in range(keys):
                # CPU time, not wall time: the pilot waits for idleness by polling, which
                # adds tens of milliseconds of sleep that no Dealer would see
                start = time.process_time()
                await pilot.press("down")
                await pilot.pause()
                times.append(time.process_time() - start)
            result["keys"] = times
    return result


class Drawings:
    """When the Encounter Log was first drawn (a line of it) once `done()` held, on the wall
    clock, in the process's CPU time and in the CPU time of the thread that runs the app:
    the pilot's press returns only once the app is idle, long after the drawing."""

    def __init__(self) -> None:
        from gmscreen.ui.log_view import LogView

        self.done: Callable[[], bool] | None = None
        self.at: tuple[float, float, float] | None = None
        draw = LogView.render_line

        def render_line(view: LogView, y: int) -> Any:
            if self.at is None and self.done is not None and view.lines and self.done():
                self.at = (time.perf_counter(), time.process_time(), time.thread_time())
            return draw(view, y)

        LogView.render_line = render_line  # type: ignore[method-assign,assignment]


class Stalls:
    """The longest the event loop went without answering, since the last `reset`."""

    EVERY = 0.002

    def __init__(self) -> None:
        self.longest = 0.0
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(self.EVERY)
            now = time.perf_counter()
            self.longest = max(self.longest, now - last - self.EVERY)
            last = now

    def reset(self) -> None:
        self.longest = 0.0

    def stop(self) -> None:
        self._task.cancel()


async def _timed(pilot: Pilot[None], key: str, done: Callable[[], bool], drawings: Drawings,
                 stalls: Stalls) -> dict[str, float]:
    """Press `key` and time it until the log is first drawn once `done()` holds."""
    await pilot.pause()
    drawings.done, drawings.at = done, None
    stalls.reset()
    start = (time.perf_counter(), time.process_time(), time.thread_time())
    await pilot.press(key)
    while drawings.at is None:
        await asyncio.sleep(0.001)
    end = drawings.at
    drawings.done = None
    await pilot.pause()
    return {"wall": end[0] - start[0], "cpu": end[1] - start[1], "main_cpu": end[2] - start[2],
            "stall": stalls.longest}


async def actions(journal: Path, turns: int) -> dict[str, Any]:
    from textual.widgets import TabbedContent

    from gmscreen.ui import tabs
    from gmscreen.ui.log_view import LogView
    from gmscreen.ui.shell import ShellScreen

    drawings = Drawings()
    app = _ours(journal, writable=True)
    result: dict[str, Any] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)  # the first screen drawn, the collector on again
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        campaign = shell.campaign
        stalls = Stalls()
        log_digit = str(len(shell.titles))
        log_id = tabs.tab_id(tabs.ENCOUNTER_LOG)
        result["log_first"] = await _timed(
            pilot, log_digit, lambda: shell.query_one(TabbedContent).active == log_id,
            drawings, stalls)
        await pilot.pause(1.0)  # the filter's names, worked out meanwhile
        view = shell.query_one(LogView)
        view.focus()
        undos: list[dict[str, float]] = []
        for _ in range(turns):
            count = len(campaign.events)
            undos.append(await _timed(pilot, "ctrl+z", lambda count=count:  # type: ignore[misc]
                                      len(campaign.events) > count, drawings, stalls))
            await pilot.press("ctrl+y")
        result["undo"] = undos
        events = len(campaign.events)
        targets = {"recent": events - 10, "middle": events // 2, "early": events // 20}
        for name, seq in targets.items():
            # the line of event `seq` (or the nearest before it), the cursor on it
            line = next(i for i in range(len(view.lines) - 1, -1, -1)
                        if 0 < view.lines[i].seq <= seq)
            seq = view.lines[line].seq
            replays: list[dict[str, float]] = []
            for _ in range(turns):
                view.cursor = line
                await pilot.pause()
                replays.append(await _timed(pilot, "r", lambda seq=seq:  # type: ignore[misc]
                                            shell.replayed == seq, drawings, stalls))
                await pilot.press("escape")
                while shell.replayed is not None:
                    await asyncio.sleep(0.005)
            result[f"replay_{name}"] = replays
        stalls.stop()
    return result


async def forms(journal: Path) -> dict[str, Any]:
    """Every key of every game tab pressed in turn (on a copy that may be written: some
    keys save a step): each that opens a kit form is timed, in CPU time, from the key to
    the form shown and the app idle, and its widgets counted; and, the peer, the shell's
    note dialog."""
    from textual.binding import Binding

    from gmscreen.ui.app import GmScreenApp
    from gmscreen.ui.form import Form
    from gmscreen.ui.shell import ShellScreen

    app = _ours(journal, writable=True)
    assert isinstance(app, GmScreenApp)
    found: list[dict[str, Any]] = []
    shell_keys = {b.key for b in [*ShellScreen.BINDINGS, *GmScreenApp.BINDINGS]
                  if isinstance(b, Binding)}

    async def back(pilot: Pilot[None]) -> None:
        for _ in range(5):
            if isinstance(app.screen, ShellScreen):
                return
            await pilot.press("escape")

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        start = time.process_time()
        await pilot.press("n")
        note = time.process_time() - start
        await back(pilot)
        for number, title in enumerate(shell.titles[:-1], start=1):
            await shell.show_tab(number)
            await pilot.pause()
            pane = shell.panes[title]
            inner = getattr(pane, "game_pane", None)
            bindings = [*getattr(inner, "BINDINGS", ()), *pane.BINDINGS]
            keys = {b.key.split(",")[0]: b.description for b in bindings
                    if isinstance(b, Binding) and b.key not in shell_keys}
            for key, words in keys.items():
                await shell.show_tab(number)
                await pilot.pause()
                start = time.process_time()
                await pilot.press(key)
                took = time.process_time() - start
                if isinstance(app.screen, Form):
                    found.append({"tab": title, "key": key, "form": words, "cpu": took,
                                  "widgets": len(app.screen.query("*"))})
                await back(pilot)
    return {"note": note, "forms": found}


def main() -> None:
    mode, journal, spawned_at, count = sys.argv[1:5]
    if mode == "actions":
        result = asyncio.run(actions(Path(journal), int(count)))
    elif mode == "forms":
        result = asyncio.run(forms(Path(journal)))
    else:
        result = asyncio.run(measure(mode, Path(journal), float(spawned_at), int(count)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
