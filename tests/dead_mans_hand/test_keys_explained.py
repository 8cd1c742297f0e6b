"""Every step of the two tabs says what it does in the help (F1) and the palette: End turn
(e) was listed with its name alone, where a player new to the app could not tell it from
ending the game or the session."""

from __future__ import annotations

from textual.binding import Binding

from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane


def test_every_key_of_both_tabs_has_its_explanation() -> None:
    for pane in (ConflictPane, PossesPane):
        for binding in pane.BINDINGS:
            assert isinstance(binding, Binding)
            assert binding.tooltip, f"{pane.__name__}: {binding.key} {binding.description}"
