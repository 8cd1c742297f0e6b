"""Dead Man's Hand: gunfights between two posses, settled with a pack of cards.

The ledger beside the miniatures: the posses and their plunder, whose turn it is, the cards
of every attack and what the chosen result card does, and the Dramatic Showdown's best of
three with its coffin cards. `RULES` is the decider; the `odds` module gives the chances
of an attack.
"""

from gmscreen.games.dead_mans_hand.rules import RULES

__all__ = ["RULES"]
