"""Run in a fresh process by test_lazy_tabs (so no other test has imported a game's tabs):

    python -m tests.ui.lazy_child JOURNAL...

Opens each journal in the app and prints one JSON line: for each, the tabs' modules imported
at start, and then those imported after the palette's commands were asked for, and the
palette's entries of the game's tabs beside the entries the panes themselves name."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.shell import ShellScreen


def tab_modules(game_package: str) -> list[str]:
    return sorted(name for name in sys.modules if name.startswith(f"{game_package}.panes."))


async def look(journal: Path) -> dict[str, Any]:
    campaign = open_campaign(journal, rules_for, cache=False)
    package = campaign.rules.panes_module.rsplit(".", 1)[0]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        at_start = tab_modules(package)
        listed = [command.title for command in app.get_system_commands(app.screen)]
        after_palette = tab_modules(package)
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        named = [f"{title}: {name}" for title, pane in screen.panes.items()
                 for name, _, _ in pane.palette_commands()]
        # each binding by its palette name (the footer's word where it has none)
        bound = [f"{title}: {pane.PALETTE_NAMES.get(binding.action, binding.description)}"
                 for title, pane in screen.panes.items() for binding in pane.BINDINGS
                 if not isinstance(binding, tuple) and binding.description]
    return {"titles": list(screen.panes), "at_start": at_start,
            "after_palette": after_palette, "listed": listed, "named": named,
            "bound": bound}


def main() -> None:
    print(json.dumps([asyncio.run(look(Path(path))) for path in sys.argv[1:]]))


if __name__ == "__main__":
    main()
