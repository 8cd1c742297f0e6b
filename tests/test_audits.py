"""The audits of Dust Devils, A Fistful of Sixes and Dead Man's Hand (docs/rules/<game>.md;
Devils Bluff's, which covers the Open Fire digest too, and Dust's have tests of their own
beside their games'): every line of the book is in a row or in the list of ranges left out,
and every test a row names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
#: game folder under tests/, audit, book file, the book's lines
AUDITS = {
    "dust_devils": ("dust-devils.md", "000_cbff6e1e13229b59.txt", 770),
    "fistful": ("fistful.md", "001_ff0dc4324bba4bce.txt", 325),
    "dead_mans_hand": ("dead-mans-hand.md", "002_ab9b051b2058633a.txt", 408),
}


def numbers(cell: str) -> set[int]:
    """The lines a cell names: "11-13, 20" is 11, 12, 13 and 20."""
    found: set[int] = set()
    for part in cell.split(","):
        first, _, last = part.strip().partition("-")
        found.update(range(int(first), int(last or first) + 1))
    return found


@pytest.mark.parametrize("game", AUDITS)
def test_the_audit_covers_every_line_of_the_book(game: str) -> None:
    audit, _, lines = AUDITS[game]
    covered: set[int] = set()
    for line in (ROOT / "docs" / "rules" / audit).read_text(encoding="utf-8").splitlines():
        row = re.match(r"\| (\d[\d, -]*) \|", line)
        left_out = re.match(r"- (\d[\d, -]*):", line)
        if row or left_out:
            covered |= numbers((row or left_out).group(1))  # type: ignore[union-attr]
    every = set(range(1, lines + 1))
    assert covered == every, sorted(every ^ covered)


@pytest.mark.parametrize("game", AUDITS)
def test_the_book_has_the_lines_the_audit_counts(game: str) -> None:
    _, book, lines = AUDITS[game]
    if not (SEEDS / book).exists():
        pytest.skip("the book is beside the repository, not in it")
    assert len((SEEDS / book).read_text(encoding="utf-8").splitlines()) == lines


@pytest.mark.parametrize("game", AUDITS)
def test_every_test_the_audit_names_exists(game: str) -> None:
    audit = (ROOT / "docs" / "rules" / AUDITS[game][0]).read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)::(test_\w+)`", audit))
    assert len(named) > 50
    missing = [f"{file}::{test}" for file, test in sorted(named)
               if not (ROOT / "tests" / game / f"{file}.py").exists()
               or not re.search(rf"^(async )?def {test}\(",
                                (ROOT / "tests" / game / f"{file}.py").read_text(
                                    encoding="utf-8"), re.M)]
    assert missing == []
