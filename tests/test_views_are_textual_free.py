"""Every game's view (what its tabs, the players' screen and the recap show) and its rules
import no Textual: they serve the command line and the browser page as well as the app."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gmscreen.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_view_and_rules_import_no_textual(game: str) -> None:
    package = f"gmscreen.games.{game.replace('-', '_')}"
    code = (f"import sys, {package}.view, {package}.rules; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=60, check=True)
    assert found.stdout.strip() == "[]"
