"""Dust, the forum Mafia game: the moderator's console for days, nights, items and
scavenging. `RULES` is the decider; the engine is importable without Textual."""

from gmscreen.games.dust.rules import RULES

__all__ = ["RULES"]
