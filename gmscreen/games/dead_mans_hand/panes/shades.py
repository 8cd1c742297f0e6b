"""The colours the tabs draw the game's marks in, taken from the theme shown, so each reads
in every theme (round 27: in daylight the terminal's red and Textual's dim fell to 3.3 and
3.6 to 1, under every other word of the tabs). A tab drawing with them draws itself again as
ctrl+t changes the theme."""

from __future__ import annotations

from typing import Any

from textual.app import App


def red(app: App[Any]) -> str:
    """The red side's names and red cards: the theme's readable red (text-error, 6 to 8 to
    1 on its background in the three themes offered), where the terminal's red read 3.3 to
    1 on the western theme's brown; the terminal's own where a theme has none."""
    return app.theme_variables.get("text-error", "red")


def out_of_it(app: App[Any]) -> str:
    """A model down, dead or given up: the theme's text three steps toward its background
    (6 to 7 to 1), set apart from the names of those standing (12 to 14 to 1), where
    Textual's dim read 3.6 to 1 in textual-light; dim where a theme has no such step."""
    step = "foreground-darken-3" if app.current_theme.dark else "foreground-lighten-3"
    return app.theme_variables.get(step, "dim")
