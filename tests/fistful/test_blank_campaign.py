"""A new Judge's first session from a blank campaign, played with the book open: a posse
of three rolled by the book, a shoot-out against NPCs of every rank, then Carousing,
advancement, buying at each price and the Wanted Clock run up to the Wanted Chart. What got
in the way, mended; each test failed before its fix.
"""

from __future__ import annotations

from gmscreen.games.fistful.characters import parse_equipment


# -- lines 239-249: the book's own word for a quick-draw item, typed ------------------------


def test_the_books_word_quickdraw_marks_an_item_quick_draw():
    # "1 Derringer quickdraw" was refused: only a quick-draw item may sit in slot 1
    derringer, lasso = parse_equipment("1 Derringer quickdraw; 1 Lasso quick-draw")
    assert (derringer.name, derringer.quickdraw) == ("Derringer", True)
    assert (lasso.name, lasso.quickdraw) == ("Lasso", True)
