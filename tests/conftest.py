"""The suite runs sealed from the user's own folders.

Before any test module is imported, the home folder and the XDG folders point into a
temporary folder of the run's own, and every test gets a fresh `GMSCREEN_HOME` of its own
(settings, campaigns, cache). So a theme the user chose, their campaigns and their cache are
never read, and nothing is written beside them. Subprocesses the tests start inherit this.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

#: the user's own home as it was before the suite sealed itself away from it
USER_HOME = Path.home()

_SEALED = Path(tempfile.mkdtemp(prefix="gmscreen-tests-"))
atexit.register(shutil.rmtree, _SEALED, ignore_errors=True)

for _variable, _folder in (("HOME", "home"),
                           ("XDG_CONFIG_HOME", "home/.config"),
                           ("XDG_DATA_HOME", "home/.local/share"),
                           ("XDG_CACHE_HOME", "home/.cache"),
                           ("XDG_STATE_HOME", "home/.local/state"),
                           ("GMSCREEN_HOME", "gmscreen")):
    (_SEALED / _folder).mkdir(parents=True, exist_ok=True)
    os.environ[_variable] = str(_SEALED / _folder)


@pytest.fixture(autouse=True)
def gmscreen_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's settings (the remembered theme, the last campaign), campaigns and cache
    live in a folder of its own, so no test sees what another left."""
    home = tmp_path_factory.mktemp("gmscreen-home")
    monkeypatch.setenv("GMSCREEN_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def letters_typed_as_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Letters a test types into a list are one search however slowly a loaded machine
    delivers them: a pause that starts a search afresh is made by the test itself
    (`searched.at -= Search.AGAIN + 1`), never left to the machine's load."""
    monkeypatch.setattr("gmscreen.ui.pick_list.Search.AGAIN", 3600.0)


@pytest.fixture(autouse=True)
def faults_fail_their_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault in a game's tab that the app survives (`gmscreen.ui.guard`) is raised in a
    test as before, so the test that meets it fails."""
    monkeypatch.setattr("gmscreen.ui.guard.STRICT", True)
