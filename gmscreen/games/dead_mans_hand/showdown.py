"""Between the games of a Dramatic Showdown: survivors grow tougher, the fallen draw to live.

Readings of the book kept here (each has a test):

- Survivors are the models still standing at the end of a game, on the table or gone off by
  a table edge: both are alive, so both gain a hit and lower their value by one (never below
  2, the best value a model can have). The game that settles the showdown makes nobody
  tougher: the gain is for the games that remain, and none does (`turns.game_over`). A
  showdown settled only by the draws after a game (the other posse's fallen all die, and it
  has nobody left to field) keeps the gain given as that game ended: a game was still to
  come when it was given, and the draws decide only who plays on; nothing is taken back.
- Every model starts a game with all its hits (its wounds are mended), and with the weapons
  it owns: a weapon lost to an Ace comes back for the next game (the book calls only the
  running out "permanent"). Derringers or Tomahawks that run out are gone from what the
  model owns, for the rest of the showdown; the Big Blade that came with the Tomahawks stays.
  A horse killed by a Jack stays dead. The dead lose their weapons and horse with their
  lives.
- Wounds are mended, lost weapons come back and markers come off as soon as a survivor is
  counted or a fallen model pulls through, so between games the table reads what the next
  game starts with: full hits against the new maximum, and the model's own weapons.
- The recovery draw saves a model with a number at least its coffin card's number, or any
  Jack, Queen or King; an Ace or a Joker drawn is death.
- The fallen draw together, in one step after the game (line 151 draws "for them"). A
  model lying on a King or a Joker is stone dead whatever is drawn (line 153), so no card is
  drawn for it: it is buried in that same step. (Journals written before this reading hold a
  card drawn for it; its line still says why the card did not save it.)
- The draw decides who takes part in the games that remain (line 151); once the showdown
  is won none remains, and the fallen of its last game draw no card. Those lying on a King
  or a Joker are stone dead all the same (a King kills, line 114; line 153's "anyway"), so
  they are buried as the showdown is won; those on a number lie on their cards.
- A game in which the last models of both posses fall together is won by nobody and does not
  count towards the two wins.
- When, after such a game, neither posse has anybody left who may play (none of the last
  pulled through, the rest dead or given up), no game can be set up, so neither can win
  again: each has lost as a posse with nobody left does (`turns.showdown_settled`), and
  nobody wins the showdown, whatever the score. The table is told so, and begins a new
  match (`neither_fields`).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.games.dead_mans_hand.pack import ACE, JACK, KING, number, rank
from gmscreen.games.dead_mans_hand.posse import LOWEST_VALUE
from gmscreen.games.dead_mans_hand.state import Format, Model, Phase, Status, changed


def survived(model: Model) -> bool:
    return model.status in (Status.ON_TABLE, Status.LEFT) and model.hits_left > 0


def improve(model: Model) -> Model:
    """A survivor: one more hit, one better (lower) value."""
    return changed(model, hits=model.hits + 1, value=max(LOWEST_VALUE, model.value - 1))


def doomed(coffin: str) -> bool:
    """A King or a Joker coffin card: stone dead whatever is drawn."""
    return rank(coffin) in (None, KING)


def recovers(coffin: str, drawn: str) -> bool:
    """Does the card drawn after the game bring back a model lying on `coffin`?"""
    if doomed(coffin):
        return False
    pulled = rank(drawn)
    if pulled is not None and JACK <= pulled <= KING:
        return True
    needed, got = number(coffin), number(drawn)
    return needed is not None and got is not None and got >= needed


def fate(coffin: str, drawn: str) -> str:
    """What the card drawn does for a model lying on `coffin`, and, for a death, the rule
    that decided it: the log's and the recovery form's words."""
    if recovers(coffin, drawn):
        return "pulls through"
    if doomed(coffin):
        return f"is stone dead: {_named(coffin)} for a coffin card is death whatever is drawn"
    needed, got = number(coffin), number(drawn)
    if got is None:
        return f"is stone dead: {_named(drawn)} is neither a number nor a picture card"
    return f"is stone dead: {got} is below the {needed} of the coffin card"


def past_saving(coffin: str) -> str:
    """What becomes of a model lying on a King or a Joker, with no card drawn."""
    return f"is stone dead: {_named(coffin)} for a coffin card is death, so no card is drawn"


def _named(code: str) -> str:
    return {None: "a Joker", KING: "a King", ACE: "an Ace"}.get(rank(code), "a card")


def bury(model: Model) -> Model:
    """Stone dead: gone with its weapons and horse."""
    return changed(model, status=Status.DEAD, kit=(), weapons=(), horse=False, hits_left=0)


def run_out(model: Model, weapon: str) -> Model:
    """Derringers or Tomahawks spent on a low number: gone from the model's own kit too, so
    they do not come back at the next game of the showdown."""
    return changed(model, kit=tuple(w for w in model.kit if w != weapon))


def mend(model: Model) -> Model:
    """Back in the posse, waiting for the next game: all its hits and weapons, no markers."""
    return model.afresh(model.horse)


def neither_fields(format: Format, phase: Phase, models: Sequence[Model]) -> bool:
    """Between showdown games, both posses with nobody left who may play: no game can be
    set up, and nobody wins the showdown."""
    return (format is Format.SHOWDOWN and phase is Phase.AFTER_GAME
            and not any(m.fit or m.status is Status.DOWN for m in models))
