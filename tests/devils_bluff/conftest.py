from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def gmscreen_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings the app remembers (its theme) go to a folder of the test's own."""
    monkeypatch.setenv("GMSCREEN_HOME", str(tmp_path_factory.mktemp("home")))
