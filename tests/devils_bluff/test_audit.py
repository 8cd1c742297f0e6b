"""docs/rules/devils-bluff.md, the audit: every line of the module and of the Open Fire
digest is in a row or left out, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_audits import numbers

ROOT = Path(__file__).resolve().parents[2]
AUDIT = ROOT / "docs" / "rules" / "devils-bluff.md"
MODULE = ROOT.parent / "shared" / "seeds" / "003_b2c233fae40bc267.txt"
DIGEST = ROOT.parent / "shared" / "openfire" / "DIGEST.md"
#: the texts' lines, as the audit says
MODULE_LINES, DIGEST_LINES = 195, 283


def covered() -> tuple[set[int], set[int]]:
    """The module's lines and the digest's lines the audit's rows name."""
    module: set[int] = set()
    digest: set[int] = set()
    section = ""
    for line in AUDIT.read_text().splitlines():
        if line.startswith("## "):
            section = line
            continue
        first = line.split("|")[1].strip() if line.startswith("| ") else ""
        if section == "## The module" and re.fullmatch(r"\d[\d, -]*", first):
            module |= numbers(first)
        elif section.startswith("## The Open Fire core"):
            for found in re.findall(r"\((\d[\d, -]*)\)", first):
                digest |= numbers(found)
        elif section == "## Left out":
            left = re.fullmatch(r"(Module|Digest) (\d[\d, -]*)", first)
            if left:
                (module if left.group(1) == "Module" else digest).update(
                    numbers(left.group(2)))
    return module, digest


def test_the_audit_covers_every_line_of_both_texts() -> None:
    module, digest = covered()
    assert module == set(range(1, MODULE_LINES + 1)), sorted(
        set(range(1, MODULE_LINES + 1)) ^ module)
    assert digest == set(range(1, DIGEST_LINES + 1)), sorted(
        set(range(1, DIGEST_LINES + 1)) ^ digest)
    text = AUDIT.read_text()
    assert f"{MODULE_LINES} lines" in text and f"{DIGEST_LINES} lines" in text


@pytest.mark.skipif(not MODULE.exists() or not DIGEST.exists(),
                    reason="the texts are beside the repository")
def test_the_texts_have_the_lines_the_audit_counts() -> None:
    assert len(MODULE.read_text().splitlines()) == MODULE_LINES
    assert len(DIGEST.read_text().splitlines()) == DIGEST_LINES


def test_every_test_the_audit_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)::(test_\w+)`", AUDIT.read_text()))
    assert len(named) > 100
    missing = [f"{file}::{test}" for file, test in sorted(named)
               if not re.search(rf"^(async )?def {test}\(",
                                (Path(__file__).parent / f"{file}.py").read_text(), re.M)]
    assert missing == []
