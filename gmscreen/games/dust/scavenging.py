"""Who finds what at one location tonight: the scavenging rules, pure.

- Each scavenger takes the next entry of the location's list.
- Alone with a way to carry more (the Rucksack, the Drifter), a scavenger takes more than
  one entry. The book says "more than one" and gives no number: the Dealer's call, set on
  the carrying power (its "Kind or look": a number, or "all"; `powers.finds_of`); blank,
  the app's reading, two. Meeting the Avatar ends his search, so an item drawn before the
  Avatar is kept and nothing after it is taken.
- Two or more players present at one place: the Rucksack does not work. "Present" counts a
  scavenger killed there before he searched (the Scum, a Gun): he came, and the one beside
  him saw him attacked (book line 193), so the other is not alone.
- Two or more scavengers at one place: each takes one entry, in
  the order of the night's lots (the random draw recorded in the command), so when there are
  not enough entries the ones left without are chosen by lot.
- The Avatar of Fear is an entry like any item: whoever draws it has met it, and the next
  scavenger finds what lies behind it.
- A place whose items are all taken while its list still holds the Avatar (only a place the
  moderator made or edited can: the book's Avatars never come last) is not emptied (lines
  26, 183, 197): the Avatar waits to be met there, so the taker of the last item is not told
  that nothing is left, and the place stays on the list. The order of the list is the
  moderator's choice; he takes such a place off the list himself if he means it to close.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gmscreen.games.dust.powers import AVATAR, CARRY_MORE


@dataclass(frozen=True)
class Search:
    #: (scavenger, entry) in the order drawn; an entry is an item name or AVATAR
    draws: tuple[tuple[str, str], ...]
    #: scavengers who found the place empty when their turn came
    empty_handed: tuple[str, ...]
    #: what is left at the location afterwards
    left: tuple[str, ...]


def search(entries: Sequence[str], scavengers: Sequence[str],
           carries_more: frozenset[str] | Mapping[str, int | None] = frozenset(), *,
           present: int = 0) -> Search:
    """The draws at one location; `scavengers` already in lot order; `present` counts every
    player who came there, those killed before they searched included; `carries_more`, who
    carries more than one find alone, and how many (None: all; a set: `CARRY_MORE`)."""
    queue = list(entries)
    draws: list[tuple[str, str]] = []
    empty: list[str] = []
    alone = max(len(scavengers), present) == 1
    carries = (carries_more if isinstance(carries_more, Mapping)
               else dict.fromkeys(carries_more, CARRY_MORE))
    for scavenger in scavengers:
        turns: int | None = 1
        if alone and scavenger in carries:
            turns = carries[scavenger]
        turns = len(queue) if turns is None else turns
        if not queue:
            empty.append(scavenger)
            continue
        for _ in range(turns):
            if not queue:
                break
            entry = queue.pop(0)
            draws.append((scavenger, entry))
            if entry == AVATAR:
                break
    return Search(tuple(draws), tuple(empty), tuple(queue))
