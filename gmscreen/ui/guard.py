"""A fault in a game's tab costs that tab's drawing or one key's check, never the session.

Textual quits the app on an error raised in a widget, and a tab drawn as a campaign opens
would quit it again at every open. Where the kit runs a game's code while the Dealer plays (a
tab drawn, a key asked whether it applies), an error is caught here instead: its traceback
written to a file in the cache folder (`faults/`), a notice naming that file, and the app
goes on (`steps.StepsGuarded` does the same for a step that fails as it is taken). Every
step was saved before any tab is drawn, so nothing is lost.

Tests run `STRICT` (tests/conftest.py): the error is raised as before, so a fault still
fails the test that meets it.
"""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from gmscreen import paths
from gmscreen.core.text import error_words

if TYPE_CHECKING:
    from textual.widget import Widget

#: raise what is caught (the tests' setting)
STRICT = False

#: the faults said already, so that one met at every redraw is said once
_said: set[tuple[str, str]] = set()


def caught(node: Widget, what: str, error: Exception) -> None:
    """Say (once) that `what` ("Drawing the Characters tab") failed with `error`, and keep
    its traceback; raise it again where `STRICT`."""
    if STRICT:
        raise error
    key = (what, error_words(error))
    if key in _said:
        return
    _said.add(key)
    kept = _keep(error)
    node.notify(
        f"{what} failed ({error_words(error)}). Nothing is lost: the journal holds every "
        "step, and undo, the Encounter Log and the other tabs work."
        + (f" The details are in {kept}." if kept else ""),
        title="A fault in gmscreen", severity="error", timeout=30, markup=False)


def _keep(error: Exception) -> Path | None:
    """The traceback written to a file of its own (None where it cannot be written)."""
    try:
        folder = paths.cache_dir() / "faults"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{datetime.now().strftime('%Y-%m-%d-%H%M%S-%f')}.txt"
        path.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
    except OSError:
        return None
    return path
