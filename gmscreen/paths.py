"""Where gmscreen keeps things on this computer, and the few settings it remembers.

Campaigns live in the user data folder (`campaigns/` inside it); settings such as the theme
and the campaigns opened lately (the last one first) live in `settings.toml` in the user
config folder. Both folders
come from platformdirs and can be moved with GMSCREEN_HOME (used by the tests).
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

APP = "gmscreen"


def _home() -> Path | None:
    home = os.environ.get("GMSCREEN_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def cache_dir() -> Path:
    home = _home()
    return home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def campaigns_dir() -> Path:
    folder = data_dir() / "campaigns"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def samples_dir() -> Path:
    """The sample campaigns shipped with gmscreen (the repository's `campaigns/` folder)."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "campaigns", here / "_campaigns"):
        if candidate.is_dir():
            return candidate
    return here.parent / "campaigns"


def themes_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "themes", here / "_themes"):
        if candidate.is_dir():
            return candidate
    return here.parent / "themes"


def settings_file() -> Path:
    return config_dir() / "settings.toml"


def _read_settings() -> tuple[dict[str, Any], str | None]:
    """The settings, and why the file cannot be read (None when it reads or is not there:
    then the settings are none)."""
    path = settings_file()
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, f"{path}: {error}"


def load_settings() -> dict[str, Any]:
    """The remembered settings; an unreadable file counts as none (it is only preferences,
    and the app says why: `settings_problem`)."""
    return _read_settings()[0]


def settings_problem() -> str | None:
    """Why the settings file cannot be read (a Dealer's typing in it, as a key given in
    `[keys]`), or None when it reads or is not there."""
    return _read_settings()[1]


def save_setting(key: str, value: Any) -> None:
    """Remember one setting (written to a temporary file and renamed into place)."""
    save_settings({key: value})


def save_settings(changes: dict[str, Any]) -> None:
    """Remember several settings in one writing of the file. A file that cannot be read
    is left as it is, unwritten: it holds the Dealer's own typing, which rewriting it from
    nothing would lose."""
    settings, problem = _read_settings()
    if problem is not None:
        return
    settings.update(changes)
    path = settings_file()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(tomli_w.dumps(settings), encoding="utf-8")
        temporary.replace(path)


#: how many campaigns opened lately are remembered
RECENT = 12


def remember_campaign(path: Path, *, opened: bool = True) -> None:
    """Remember `path` first among the campaigns opened (or made) lately, which the
    campaigns list shows wherever they are; `opened`, as the one `gmscreen` alone opens."""
    where = str(path.resolve())
    recent = [where, *(str(p) for p in recent_campaigns() if str(p) != where)][:RECENT]
    save_settings({"recent_campaigns": recent, **({"last_campaign": where} if opened else {})})


def recent_campaigns() -> list[Path]:
    """The campaigns opened lately, the last first (they may have moved since)."""
    return _recent_in(load_settings())


def _recent_in(settings: dict[str, Any]) -> list[Path]:
    found = settings.get("recent_campaigns", [])
    return [Path(p) for p in found if isinstance(p, str) and p] if isinstance(found, list) \
        else []


def remembered_tab(path: Path | None) -> str | None:
    """The title of the tab last shown for the campaign at `path`, where one was."""
    if path is None:
        return None
    found = load_settings().get("last_tab", {})
    title = found.get(str(path.resolve())) if isinstance(found, dict) else None
    return title if isinstance(title, str) else None


def remember_tab(path: Path | None, title: str) -> None:
    """Remember `title` as the tab shown for the campaign at `path` (kept for the campaigns
    opened lately only)."""
    if path is None:
        return
    where = str(path.resolve())
    settings = load_settings()
    found = settings.get("last_tab", {})
    lately = {str(p) for p in _recent_in(settings)} | {where}
    kept = {p: t for p, t in found.items() if p in lately} if isinstance(found, dict) else {}
    save_settings({"last_tab": {**kept, where: title}})
