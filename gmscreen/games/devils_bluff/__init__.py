"""Devils Bluff, the Old-West skirmish module for Open Fire: a Draw Deck instead of dice,
hands of poker to force a result, gangs that grow over a campaign. The engine modules are
pure and importable without Textual."""
