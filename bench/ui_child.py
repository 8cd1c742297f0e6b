"""One measured start of an app, in its own process so imports and memory count:

    python -m bench.ui_child bare|ours JOURNAL SPAWNED_AT KEYS

Prints one JSON line: seconds from SPAWNED_AT (the parent's time.time() just before it
started this process) to the first screen, ready for keys; the CPU time this process took
to get there (from its own start, so the other programs on a shared machine do not count);
the process's resident memory then; and, when KEYS > 0, the CPU time of each of KEYS
presses of `down` in the Encounter Log, each until the app is idle again (key handled and
screen redrawn)."""

from __future__ import annotations

import asyncio
import gc
import json
import resource
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App


def resident_mb() -> float:
    """The memory the process holds now (Linux), or its peak where /proc is missing."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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
        # in the order of `gmscreen open` (gmscreen.cli): the campaign first, then the
        # collector off and the app (with Textual) imported
        from gmscreen.games import rules_for
        from gmscreen.journal.campaign import open_campaign

        campaign = open_campaign(journal, rules_for, writable=False)
        gc.disable()
        from gmscreen.ui.app import GmScreenApp

        app = GmScreenApp(campaign)
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


def main() -> None:
    mode, journal, spawned_at, keys = sys.argv[1:5]
    result = asyncio.run(measure(mode, Path(journal), float(spawned_at), int(keys)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
