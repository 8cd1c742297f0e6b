"""High Card, a sixth game made only from the public kit (docs/GAMES.md walks through it).

Players sit at the table with a stake of chips; each round some of them ante, each who anted
is dealt one card face down (typed from the table's own pack, or dealt by the app), and on
the show the highest card takes the pot (suits break ties: spades, hearts, diamonds, clubs).
A card dealt is hidden from the table until the show.
"""

from tests.high_card.rules import RULES

__all__ = ["RULES"]
