"""Dead Man's Hand: gunfights between two posses, settled with a pack of cards.

The ledger beside the miniatures: the posses and their plunder, whose turn it is, the cards
of every attack and what the chosen result card does, and the Dramatic Showdown's best of
three with its coffin cards. `RULES` is the decider; the `odds` module gives the chances
of an attack.

A reading of the book kept here: games are counted under the player named for the winning
posse as it won (line 147, "that player has won the game"); players named only after some
games take them up, as the table means the people who played them (`evolve.posse_named`,
docs/rules/dead-mans-hand.md).
"""

from gmscreen.games.dead_mans_hand.rules import RULES

__all__ = ["RULES"]
