"""`gmscreen replay` prints the sheets and tracks as a Dealer reads them (now by default),
or JSON for programs; never a Python repr."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "fixtures" / "samples-cb5e155" / "the-hanged-man.toml"


def gmscreen(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gmscreen", *words], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_replay_reads_as_the_tabs_do_now_and_at_a_session_end(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    now = gmscreen("replay", str(journal))
    assert now.returncode == 0, now.stderr
    assert now.stdout.startswith("The Hanged Man (Dust Devils), now, after event ")
    assert "State(" not in now.stdout and "Character(" not in now.stdout
    ended = gmscreen("replay", str(journal), "--session", "1")
    assert ended.returncode == 0 and "at the end of session 1" in ended.stdout


def test_replay_as_json_for_programs(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(SAMPLE, journal)
    printed = gmscreen("replay", str(journal), "--to", "3", "--json")
    assert printed.returncode == 0, printed.stderr
    found = json.loads(printed.stdout)
    assert found["campaign"] == "The Hanged Man" and found["after"] == 3
    assert found["sections"] and all("title" in s for s in found["sections"])


def test_replay_to_an_event_that_is_not_there_is_refused_in_a_line(tmp_path: Path) -> None:
    refused = gmscreen("replay", str(SAMPLE), "--to", "9999")
    assert refused.returncode == 2 and "no event 9999" in refused.stderr
    assert "Traceback" not in refused.stderr
