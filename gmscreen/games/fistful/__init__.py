"""A Fistful of Sixes, the blackjack dice game of the Old West: the Judge's tests, the posse,
and the Wanted Clock. `RULES` is the decider; `odds` gives the exact chances of a test.
Nothing here imports Textual; the panes live in `panes`. What the players' screen and the
table's recap tell, and the readings of the book taken for them, are in `view`'s
docstring."""

from gmscreen.games.fistful.odds import Odds, odds
from gmscreen.games.fistful.rules import RULES

__all__ = ["RULES", "Odds", "odds"]
