"""The audit of the book (docs/rules/dust.md) stays true: every test it names exists, and its
rows and the ranges it leaves out cover every line of the book."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AUDIT = ROOT / "docs" / "rules" / "dust.md"
BOOK = ROOT.parent / "shared" / "seeds" / "004_25072a14f8e891f2.txt"
#: the first cell of a row that names lines of the book: "24", "44-48", "21-23, 43"
LINES = re.compile(r"^\| ((?:\d+(?:-\d+)?)(?:, \d+(?:-\d+)?)*) \|", re.MULTILINE)


def functions_in(file: Path) -> set[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_test_the_audit_names_exists():
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", AUDIT.read_text(encoding="utf-8"))
    assert len(named) > 100
    missing = [f"{file}::{name}" for file, name in named
               if name not in functions_in(Path(__file__).parent / file)]
    assert missing == []


@pytest.mark.skipif(not BOOK.exists(), reason="the rulebooks sit beside the repository")
def test_the_audit_covers_every_line_of_the_book():
    covered: set[int] = set()
    for cell in LINES.findall(AUDIT.read_text(encoding="utf-8")):
        for part in cell.split(", "):
            first, _, last = part.partition("-")
            covered.update(range(int(first), int(last or first) + 1))
    lines = len(BOOK.read_text(encoding="utf-8").splitlines())
    assert sorted(set(range(1, lines + 1)) - covered) == []
    assert max(covered) == lines
