"""Pure building blocks with no knowledge of gmscreen: cards, poker, dice, seeded randomness."""
