"""The kit's wrapping that keeps names whole, on a tab's own lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from gmscreen.ui.kept_whole import names_kept


def rows(line: str, names: Sequence[str], width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(names_kept(Text(line), names))
    return [row.rstrip() for row in console.export_text().splitlines()]


def test_a_tabs_line_of_names_wraps_between_them() -> None:
    # "scores Ma Hendry 0, Bartholomew" / "Fitz 3" at 80x24, and "5" alone on a row
    assert rows("Holds: Sheriff Cole 5", [], 14) == ["Holds: Sheriff", "Cole 5"]
    assert rows("Holds: Sheriff Cole 5", ["Sheriff Cole"], 14) == ["Holds:", "Sheriff Cole 5"]
    assert rows("Scores: Ma Hendry 0, Bartholomew Fitz 3", ["Ma Hendry", "Bartholomew Fitz"],
                20) == ["Scores: Ma Hendry 0,", "Bartholomew Fitz 3"]
