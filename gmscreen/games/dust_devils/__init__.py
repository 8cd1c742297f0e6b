"""Dust Devils, the Old-West game of cards and Devils: sheets, the Deal, the Draw, the Call,
Difficulty, Chips and the Road to Hell. `RULES` is the decider; no Textual here."""

from gmscreen.games.dust_devils.rules import RULES

__all__ = ["RULES"]
