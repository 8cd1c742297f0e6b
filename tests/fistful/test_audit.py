"""docs/rules/fistful.md, the audit of the book: every line of the book is in a row or left
out, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AUDIT = ROOT / "docs" / "rules" / "fistful.md"
BOOK = ROOT.parent / "shared" / "seeds" / "001_ff0dc4324bba4bce.txt"
#: the book's lines, as the audit says
BOOK_LINES = 325


def numbers(cell: str) -> set[int]:
    """The lines a cell names: "11-13, 20" is 11, 12, 13 and 20."""
    found: set[int] = set()
    for part in cell.split(","):
        first, _, last = part.strip().partition("-")
        found.update(range(int(first), int(last or first) + 1))
    return found


def test_the_audit_covers_every_line_of_the_book() -> None:
    covered: set[int] = set()
    for line in AUDIT.read_text().splitlines():
        row = re.match(r"\| (\d[\d, -]*) \|", line)
        left_out = re.match(r"- (\d[\d, -]*):", line)
        if row or left_out:
            covered |= numbers((row or left_out).group(1))  # type: ignore[union-attr]
    assert covered == set(range(1, BOOK_LINES + 1)), sorted(
        set(range(1, BOOK_LINES + 1)) ^ covered)
    assert f"it has {BOOK_LINES} lines" in AUDIT.read_text()


@pytest.mark.skipif(not BOOK.exists(), reason="the book is beside the repository")
def test_the_book_has_the_lines_the_audit_counts() -> None:
    assert len(BOOK.read_text().splitlines()) == BOOK_LINES


def test_every_test_the_audit_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)::(test_\w+)`", AUDIT.read_text()))
    assert len(named) > 100
    missing = [f"{file}::{test}" for file, test in sorted(named)
               if not re.search(rf"^(async )?def {test}\(",
                                (Path(__file__).parent / f"{file}.py").read_text(), re.M)]
    assert missing == []
