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


def test_surrender_is_told_for_single_games_and_the_showdown_alike() -> None:
    """Line 159 puts a model that surrenders out of the showdown's later games; in single
    games, which start afresh, the app has it out of that game only. The help (the key's words
    and the glossary) said "for good" and "the rest of the showdown" whatever the format, so a
    Dealer of single games read a surrender as losing the model for the evening."""
    from gmscreen.glossary import words_of

    key = next(b for b in ConflictPane.BINDINGS
               if isinstance(b, Binding) and b.action == "surrender")
    word = next(w for w in words_of("gmscreen.games.dead_mans_hand") if w.word == "Surrender")
    for told in (key.tooltip, word.means):
        assert "this game" in told and "showdown" in told, told
        assert "for good" not in told, told
