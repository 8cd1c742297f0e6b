"""What the form widgets import (gmscreen/ui/in_order.py, in_order_area.py): Textual's
TextArea, about 9 ms of every start, only once a box of several lines is made."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

CHILD = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.ui.app import GmScreenApp

    async def main() -> None:
        app = GmScreenApp(open_campaign(Path(sys.argv[1]), rules_for, cache=False))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            print("at start", "textual.widgets._text_area" in sys.modules)
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("Z", "e", "k", "e")
            await pilot.pause()
            print("with the note", "textual.widgets._text_area" in sys.modules)
            print("typed", app.screen.query_one("#note-text").text)

    asyncio.run(main())
""")


def test_a_start_does_not_import_the_box_of_several_lines_the_note_does(
        tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    journal = tmp_path / "the-hanged-man.toml"
    journal.write_bytes((root / "campaigns" / "the-hanged-man.toml").read_bytes())
    done = subprocess.run([sys.executable, "-c", CHILD, str(journal)], capture_output=True,
                          text=True, cwd=root, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-3:] == [
        "at start False", "with the note True", "typed Zeke"]
