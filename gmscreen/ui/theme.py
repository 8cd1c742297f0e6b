"""The app's colour themes: gmscreen's own western theme (read from `themes/*.toml`) beside
Textual's dark and light ones, and the one the Dealer chose last time."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from textual.color import Color, ColorParseError
from textual.theme import Theme

from gmscreen import paths

WESTERN = "western"
#: the themes the theme key cycles through, in order
OFFERED = (WESTERN, "textual-dark", "textual-light")

_COLOURS = ("primary", "secondary", "accent", "warning", "error", "success", "foreground",
            "background", "surface", "panel")


@dataclass(frozen=True)
class ThemeProblem:
    path: Path
    problem: str

    def __str__(self) -> str:
        return f"theme {self.path.name}: {self.problem}"


def theme_from_toml(path: Path) -> Theme:
    """A Theme from one TOML file; ValueError naming the field when it is not one."""
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"cannot be read: {error}") from None
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError("needs a name")
    if not isinstance(table.get("primary"), str):
        raise ValueError("needs a primary colour")
    colours: dict[str, str] = {}
    for key in _COLOURS:
        value = table.get(key)
        if value is None:
            continue
        colours[key] = _colour(value, key)
    variables = table.get("variables", {})
    if not isinstance(variables, dict):
        raise ValueError("variables must be a table")
    dark = table.get("dark", True)
    if not isinstance(dark, bool):
        raise ValueError("dark must be true or false")
    return Theme(
        name=name, dark=dark, variables={str(k): str(v) for k, v in variables.items()},
        primary=colours["primary"], secondary=colours.get("secondary"),
        accent=colours.get("accent"), warning=colours.get("warning"),
        error=colours.get("error"), success=colours.get("success"),
        foreground=colours.get("foreground"), background=colours.get("background"),
        surface=colours.get("surface"), panel=colours.get("panel"),
    )


def _colour(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a colour like \"#D4A24C\"")
    try:
        Color.parse(value)
    except ColorParseError:
        raise ValueError(f"{key} is not a colour: {value!r}") from None
    return value


def load_themes(folder: Path) -> tuple[list[Theme], list[ThemeProblem]]:
    """Every theme in `folder`, and the files that could not be used."""
    themes: list[Theme] = []
    problems: list[ThemeProblem] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            themes.append(theme_from_toml(path))
        except ValueError as error:
            problems.append(ThemeProblem(path, str(error)))
    return themes, problems


def install_themes(app: App[Any]) -> list[ThemeProblem]:
    """Register our themes and put on the remembered one (the western one the first time).
    Called before the app first styles anything (from its `__init__`)."""
    themes, problems = load_themes(paths.themes_dir())
    for theme in themes:
        app.register_theme(theme)
    remembered = paths.load_settings().get("theme")
    if isinstance(remembered, str) and remembered in app.available_themes:
        _put_on(app, remembered)
    elif WESTERN in app.available_themes:
        _put_on(app, WESTERN)
    return problems


def _put_on(app: App[Any], name: str) -> None:
    """What Textual's own switch (`app.theme = name`) does, but for the re-reading of every
    stylesheet and the restyling of every widget: before the first styling there is none to
    redo, and at start they took a twentieth of the time."""
    app.set_reactive(App.theme, name)
    dark = app.current_theme.dark
    classes = {cls: False for cls in app.classes if cls.startswith("-theme-")}
    classes.update({f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark})
    app.update_classes(classes, update=False)
    app._refresh_truecolor_filter(app.ansi_theme)  # how ANSI colours are shown differs too
    app.stylesheet.set_variables(app.get_css_variables())


def remember_changes(app: App[Any]) -> None:
    """Save every later change of theme, to be put on at the next start (the app must be
    running)."""
    app.theme_changed_signal.subscribe(app, lambda theme: paths.save_setting("theme", theme.name))


def next_theme(current: str) -> str:
    """The theme after `current` in the offered cycle."""
    if current not in OFFERED:
        return OFFERED[0]
    return OFFERED[(OFFERED.index(current) + 1) % len(OFFERED)]
