"""The project's own checks, run by the test command: ruff, mypy, the import contracts,
the rulebooks' words kept out, and the pure layers importable without Textual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gmscreen.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
COPYCHECK = ROOT.parent / "shared" / "tools" / "copycheck.py"


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_finds_nothing() -> None:
    folders = [f for f in ("gmscreen", "tests", "bench", "screenshots") if (ROOT / f).is_dir()]
    result = run(sys.executable, "-m", "ruff", "check", *folders)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_contracts_hold() -> None:
    result = run(str(BIN / "lint-imports"))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(not COPYCHECK.is_file(), reason="the rulebooks' copy check lives in ../shared")
def test_no_sentence_copied_from_the_rulebooks() -> None:
    result = run(sys.executable, str(COPYCHECK), str(ROOT))
    assert result.returncode == 0, result.stdout


def test_pure_layers_import_without_textual() -> None:
    """Like harlequin: the engine is reachable without the TUI, proved in a fresh interpreter."""
    games = [package for package in GAMES.values() if (ROOT / package.replace(".", "/")).is_dir()]
    modules = ["gmscreen.core.cards", "gmscreen.core.poker", "gmscreen.core.dice",
               "gmscreen.journal", "gmscreen.cli", "gmscreen.samples", *games]
    script = "import sys\n" + "".join(f"import {m}\n" for m in modules) + (
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    result = run(sys.executable, "-c", script)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"textual was imported: {result.stdout}"
