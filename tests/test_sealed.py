"""The suite never reads or writes the user's own folders (tests/conftest.py seals them)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from gmscreen import paths
from gmscreen.journal.cache import JournalCache
from tests.conftest import USER_HOME

ROOT = Path(__file__).resolve().parent.parent


def _inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def test_every_folder_the_app_uses_is_the_tests_own(gmscreen_home: Path) -> None:
    used = [paths.settings_file(), paths.data_dir(), paths.cache_dir(), paths.campaigns_dir(),
            JournalCache().folder]
    for path in used:
        assert _inside(path, gmscreen_home), path
        assert not _inside(path, USER_HOME), path


def test_platformdirs_answers_a_sealed_home_too() -> None:
    """Code that asks platformdirs directly, without GMSCREEN_HOME, lands in the sealed home."""
    for folder in (platformdirs.user_config_dir("gmscreen"), platformdirs.user_data_dir("gmscreen"),
                   platformdirs.user_cache_dir("gmscreen")):
        assert not _inside(Path(folder), USER_HOME), folder
    assert Path.home() != USER_HOME


def _fingerprint(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            if p.is_file() else "folder" for p in sorted(folder.rglob("*"))}


@pytest.mark.slow
def test_a_light_theme_in_the_users_settings_changes_no_test_and_nothing_is_written(
        tmp_path: Path) -> None:
    """The snapshot tests run in a child pytest whose user has chosen Textual's light theme
    and has a campaign and a cache of their own: every snapshot still matches, and not a
    byte of that user's folders changes."""
    home = tmp_path / "someone"
    config = home / ".config" / "gmscreen"
    config.mkdir(parents=True)
    (config / "settings.toml").write_text('theme = "textual-light"\n', encoding="utf-8")
    campaigns = home / ".local" / "share" / "gmscreen" / "campaigns"
    campaigns.mkdir(parents=True)
    (campaigns / "mine.toml").write_text("[campaign]\n", encoding="utf-8")
    (home / ".cache" / "gmscreen").mkdir(parents=True)
    before = _fingerprint(home)
    environment = {k: v for k, v in os.environ.items()
                   if k != "GMSCREEN_HOME" and not k.startswith("XDG_")}
    environment["HOME"] = str(home)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "tests/dust/test_snapshots.py", "tests/dust_devils/test_snapshots.py"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
    assert _fingerprint(home) == before
