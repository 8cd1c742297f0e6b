"""Devils Bluff, the Old-West skirmish module for Open Fire: a Draw Deck instead of dice,
hands of poker to force a result, gangs that grow over a campaign. `RULES` is the decider;
the engine modules are pure and importable without Textual."""

from gmscreen.games.devils_bluff.rules import RULES

__all__ = ["RULES"]
