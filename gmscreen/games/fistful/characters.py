"""Characters: rolling Attributes, Guts, equipment slots, NPC ranks, prices, advancement.

Readings we take:

- Attributes are rolled 2d6+9 in the order Grit, Gumption, Grace; one swap of two scores
  may follow. A rolled set is 11 to 21 each.
- Each item has a name (a blank one is no item) and is written at a slot number, its
  quick-draw number: a small item takes one slot (up to three of the same small item stack
  in one), a large item two, a very large item half of all slots (Grit halved, rounded up);
  slots run 1 to Grit and never overlap.
  Only a quick-draw item may sit in slot 1; a large item must start at slot 6 or later.
- An item typed by the name of one of the book's weapons is that weapon as the book lists
  it: a Revolver or a Derringer is quick-draw, a Rifle or a Shotgun large, with no mark
  written, when the weapon ends its name: "Box of rifle shells" or "Rifle scope" is no gun.
- Grit lowered for good (Maimed, line 112) carries fewer slots: an item that no longer fits
  moves to the last free slots that take it under the slot rules (nearest where it was, so
  as slow to draw as can be), or, with no room left, is left behind; the fall's line in
  the log says which, so the list never breaks line 245 (the player may then edit it).
- A used item sells for half its rolled price; half an odd price leaves half a dollar,
  which is the Judge's to let go or round up (line 203: under a dollar, his call; the
  Sell form asks, letting it go unless he says, as journals before round 21 read).
- Quick draw succeeds when 2d6 is above the item's slot; equal is not above.
- Infamous NPCs have their strong Attribute at 21, a second one at 20 and the last at 18.
- Advancement: one XP buys one die; the Attribute rises by 1 when the dice total is above
  it, to at most 21. Guts maximum follows Grit. The dice a night out bought roll together
  in one Advancement Test, on the one Attribute the player names (round 21, written
  down: the book buys dice "to complete an Advancement Test" of "the Attribute you wish to
  improve"); dice for two Attributes are two nights out.
- XP from money: one per whole $10 of the session's take.
- A posse member's purse is as many d6 (times $10) as the hour the posse was formed at,
  for one made later too (a replacement at High Noon starts as the others did, not with
  12d6); it is bought from, not given gear: the new character's form takes none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import ceil
from typing import Annotated

from gmscreen.games.fistful.tables import weapons
from gmscreen.journal.payload import Between, NotEmpty, OneOf
from gmscreen.journal.rules import RuleError

ATTRIBUTES = ("grit", "gumption", "grace")
#: the most a human Attribute may reach by advancement
ATTRIBUTE_CAP = 21
#: the human limit when setting Attributes by hand (creatures may go past it)
HUMAN_LIMIT = 22
#: the largest whole number a journal holds (TOML's 64 bits): a running figure (Dollars,
#: Glory) is kept below it, so the step that would pass it is refused on its field
JOURNAL_MOST = 2**63 - 1
#: the most a creature's Attribute may be: the book sets it no limit, but past every total
#: of 6d6 (36) a score changes nothing, and Grit counts Guts and slots (one of 19 digits
#: made a sheet no screen can hold, and a slot list no loop ends)
CREATURE_LIMIT = 99
SIZES = ("small", "large", "very large")
STACK = 3

#: NPC ranks: the strong Attribute, and the others
RANKS: dict[str, tuple[int, ...]] = {
    "Poor": (15, 12, 12),
    "Common": (17, 15, 15),
    "Ornery": (20, 17, 17),
    "Infamous": (21, 20, 18),
}


def rank_words(rank: str) -> str:
    """A rank's Attributes as the NPC form offers it: "Poor: strong 15, the others 12"."""
    strong, *others = RANKS[rank]
    rest = (f"the others {others[0]}" if len(set(others)) == 1
            else "then " + " and ".join(str(o) for o in others))
    return f"{rank}: strong {strong}, {rest}"


def guts_max(grit: int) -> int:
    """Guts is Grit halved, rounding up."""
    return ceil(grit / 2)


def rolled_attributes(dice: Sequence[int], swap: tuple[str, str] | None = None
                      ) -> dict[str, int]:
    """Three 2d6 rolls (six faces, in order) plus 9 each, then at most one swap."""
    if len(dice) != 6 or any(not 1 <= d <= 6 for d in dice):
        raise RuleError("Attributes", "roll 2d6 three times: six faces of 1 to 6",
                        field="dice")
    scores = {name: dice[2 * i] + dice[2 * i + 1] + 9 for i, name in enumerate(ATTRIBUTES)}
    if swap is not None:
        first, second = swap
        if first not in scores or second not in scores or first == second:
            raise RuleError("Attributes", "a swap names two different Attributes",
                            field="swap")
        scores[first], scores[second] = scores[second], scores[first]
    return scores


def npc_attributes(rank: str, strong: str, second: str | None = None) -> dict[str, int]:
    """The book's set for a rank, the strong score in `strong` (and for Infamous, the 20 in
    `second`; otherwise the next Attribute in order takes it)."""
    if rank not in RANKS:
        raise RuleError("NPC rank", f"a rank is one of {', '.join(RANKS)}, not {rank!r}",
                        field="rank")
    if strong not in ATTRIBUTES:
        raise RuleError("NPC rank", f"no Attribute {strong!r}", field="strong")
    rest = [a for a in ATTRIBUTES if a != strong]
    if second is not None:
        if second not in rest:
            raise RuleError("NPC rank", "the second Attribute differs from the strong one",
                            field="second")
        rest = [second, *(a for a in rest if a != second)]
    values = RANKS[rank]
    return {strong: values[0], rest[0]: values[1], rest[1]: values[2]}


@dataclass(frozen=True, slots=True)
class Item:
    """A line of the equipment list, written at its slot number (as events record it)."""

    name: Annotated[str, NotEmpty()]
    slot: Annotated[int, Between(1)]
    size: Annotated[str, OneOf(SIZES)] = "small"
    count: Annotated[int, Between(1)] = 1
    quickdraw: bool = False
    #: of the price paid for it (a stack: for all of it), the part that was starting money,
    #: which a sale gives back as starting money (lines 319-321; journals before: none)
    start_money: Annotated[int, Between(0)] = 0

    def slots(self, grit: int) -> int:
        if self.size == "large":
            return 2
        if self.size == "very large":
            return ceil(grit / 2)
        return ceil(self.count / STACK)

    def start_share(self) -> int:
        """The starting money one of the line carries: its share of the stack's, rounded
        up, so none of it slips out a dollar at a time."""
        return ceil(self.start_money / self.count)


def stacked(items: Sequence[Item], new: Item) -> tuple[Item, ...]:
    """The list with `new` added: onto a stack of the same small item at its slot (line 245:
    repeated small items stack, three to a slot), else as a line of its own. The starting
    money paid for each joins the stack's."""
    for at, item in enumerate(items):
        if (replace(item, start_money=0) == replace(new, count=item.count, start_money=0)
                and item.size == "small"):
            return (*items[:at], replace(item, count=item.count + new.count,
                                         start_money=item.start_money + new.start_money),
                    *items[at + 1:])
    return (*items, new)


def kept_start_money(before: Sequence[Item], after: Sequence[Item]) -> tuple[Item, ...]:
    """The list `after` (a sheet's equipment typed anew), each line still on the sheet by
    its name and slot keeping the starting money paid for it: the typed list names none,
    and a word mended in the notes would otherwise make it good for the bounty."""
    paid = {(item.name, item.slot): item.start_money for item in before}
    return tuple(replace(item, start_money=paid.get((item.name, item.slot), 0))
                 for item in after)


def verify_equipment(items: Sequence[Item], grit: int) -> None:
    """RuleError("Encumbrance") when the list breaks a slot rule."""
    taken: dict[int, str] = {}
    for item in items:
        if not item.name.strip():
            raise RuleError("Equipment", f"the item at slot {item.slot} needs a name",
                            field="equipment")
        if item.size not in SIZES:
            raise RuleError("Encumbrance", f"{item.name}: a size is small, large or very "
                            f"large, not {item.size!r}", field="equipment")
        if item.count < 1 or (item.count > 1 and item.size != "small"):
            raise RuleError("Encumbrance", f"{item.name}: only small items are counted "
                            "in a stack", field="equipment")
        if item.slot == 1 and not item.quickdraw:
            raise RuleError("Encumbrance", f"{item.name}: only a quick-draw item may sit "
                            "in slot 1", field="equipment")
        if item.size != "small" and item.slot < 6:
            raise RuleError("Encumbrance", f"{item.name}: a large item sits at slot 6 or "
                            f"later, not {item.slot}", field="equipment")
        if item.slot < 1:
            raise RuleError("Encumbrance", f"{item.name}: the slots are numbered from 1, "
                            f"not {item.slot}", field="equipment")
        last = item.slot + item.slots(grit) - 1
        if last > grit:
            raise RuleError("Encumbrance", f"{item.name}: slots {item.slot}-{last} are "
                            f"past the {grit} that Grit {grit} carries", field="equipment")
        for slot in range(item.slot, last + 1):
            if slot in taken:
                raise RuleError("Encumbrance", f"{item.name} and {taken[slot]} both use "
                                f"slot {slot}", field="equipment")
            taken[slot] = item.name


def quick_draw(slot: int, dice: Sequence[int]) -> bool:
    """2d6 above the item's slot draws it at once."""
    return sum(dice) > slot


def price(category: str, dice: Sequence[int], times: int, flat: int) -> int:
    """The rolled price: the dice summed, times the category's multiplier (or its flat
    price for Incidental items)."""
    return flat if not dice else sum(dice) * times


def resale(value: int, round_up: bool = False) -> int:
    """A used item sells for half; a half dollar left over is let go, or rounded up to a
    dollar (`round_up`): the Judge's call (line 203)."""
    return (value + 1) // 2 if round_up else value // 2


def advanced(attribute: int, dice: Sequence[int]) -> bool:
    """An Advancement Test: the dice must total above the Attribute (never past 21)."""
    return attribute < ATTRIBUTE_CAP and sum(dice) > attribute


def xp_for(take: int) -> int:
    """One XP for every whole $10 of a session's take."""
    return max(0, take) // 10


def xp_counted(settled_after: int, dollars: int) -> int:
    """The XP `dollars` counted into a session's take already settled gave, the take now
    `settled_after` (a share or a jackpot had after the session's end)."""
    return xp_for(settled_after) - xp_for(settled_after - dollars)


def ends_with_word(name: str, words: Sequence[str]) -> bool:
    """Whether one of `words` (or its plural) ends the item's name: a "Colt revolver" is
    named by "revolver", a "Box of rifle shells" or a "Rifle scope" not by "rifle"."""
    said = f" {' '.join(name.casefold().replace('-', ' ').split())}"
    return any(said.endswith((f" {word}", f" {word}s")) for word in words)


#: the larger things line 245 names that are no weapon of the list: two slots a shovel,
#: half of them a barrel
LARGE_GEAR = ("shovel",)
VERY_LARGE_GEAR = ("barrel",)


def book_marks(name: str) -> tuple[bool, str]:
    """Whether an item of this name is quick-draw, and its size, by the book's weapons list
    and line 245's larger things: the weapon or thing is the last word of its name (a "Colt
    revolver" is quick-draw, a "Lever-action rifle" large, a "Water barrel" very large), so
    its ammunition or a "Rifle scope" is neither."""
    named = [arm for arm in weapons().values() if ends_with_word(name, arm.carried)]
    if ends_with_word(name, VERY_LARGE_GEAR):
        size = "very large"
    elif any(arm.large for arm in named) or ends_with_word(name, LARGE_GEAR):
        size = "large"
    else:
        size = "small"
    return any(arm.quickdraw for arm in named), size


#: the words after an item's name that mark it quick-draw
QUICK_MARKS = ("quick", "quickdraw", "quick-draw")


#: how the equipment fields say items are written (`parse_equipment`)
EQUIPMENT_EXAMPLE = "1 Revolver; 6 Rifle; 2 Box of shells x2"
EQUIPMENT_HELP = ("Each item 'slot name', separated by ';' (a comma before a slot number "
                  "does too); x2 stacks, 'large' or 'very large', 'quick' for a quick draw "
                  "(the book's guns need no mark)")


def parse_equipment(text: str) -> tuple[Item, ...]:
    """Items written "slot name [xN] [large|very large] [quick]", separated by ";" (or by a
    comma before the next slot's number, as a list is often typed), for example
    "1 Revolver quick; 2 Box of shells x2; 6 Rifle large" ("quickdraw", the book's word, or
    "quick-draw" mark it too). One of the book's weapons needs no mark: "1 Revolver" is
    quick-draw and "6 Rifle" large. A comma followed by words stays in the item's name."""
    items = []
    for part in (p.strip() for p in re.split(r";|,(?=\s*\d)", text)):
        if not part:
            continue
        slot, _, rest = part.partition(" ")
        if not slot.isdecimal() or not rest.strip():
            raise RuleError("Equipment", f"write each item as 'slot name', not {part!r}",
                            field="equipment")
        words = rest.split()
        size, count, quick = "small", 1, False
        while len(words) > 1:
            last = words[-1].lower()
            if last in QUICK_MARKS:
                quick = True
            elif last == "large":
                size = "very large" if words[-2].lower() == "very" else "large"
                if size == "very large":
                    words.pop()
            elif last.startswith("x") and last[1:].isdecimal():
                count = int(last[1:])
                if count < 1:
                    # "x0" read as a stack of none, refused later as a price rolled 0 times
                    raise RuleError("Equipment", f"a count is x1 or more (x3: three of "
                                    f"it), not {words[-1]!r} in {part!r}",
                                    field="equipment")
            else:
                break
            words.pop()
        quickdraw, sized = book_marks(" ".join(words))
        if size == "small" and count == 1:
            size = sized
        items.append(Item(" ".join(words), int(slot), size, count, quick or quickdraw))
    return tuple(items)


def equipment_text(items: Sequence[Item]) -> str:
    """The list as `parse_equipment` reads it."""
    parts = []
    for item in items:
        words = [str(item.slot), item.name]
        if item.count > 1:
            words.append(f"x{item.count}")
        if item.size != "small":
            words.append(item.size)
        if item.quickdraw:
            words.append("quick")
        parts.append(" ".join(words))
    return "; ".join(parts)


def refit(items: Sequence[Item], grit: int) -> tuple[tuple[Item, ...], tuple[str, ...]]:
    """The list once Grit has changed to `grit` (a Maimed fall, line 112, or an Advancement
    Test, line 136): what no longer fits in the slots Grit carries (line 245), or overlaps
    what comes before it on the list (a very large item, half of all slots, grows with
    Grit), moves to the last free slots that take it (its place on the list by the slot
    rules: a large item from slot 6, only a quick-draw item in slot 1), or is left behind
    when none do; with what was done, in words ("Lantern moved from slot 14 to 13", "Rifle
    left behind: no room in 13 slots")."""
    taken: set[int] = set()
    kept: list[Item] = []
    moving: list[Item] = []
    for item in sorted(items, key=lambda i: i.slot):
        span = set(range(item.slot, item.slot + item.slots(grit)))
        if item.slot + item.slots(grit) - 1 <= grit and not taken & span:
            kept.append(item)
            taken |= span
        else:
            moving.append(item)
    told: list[str] = []
    for item in moving:
        size = item.slots(grit)
        first = 6 if item.size != "small" else (1 if item.quickdraw else 2)
        for start in range(grit - size + 1, first - 1, -1):
            if not taken & set(range(start, start + size)):
                kept.append(replace(item, slot=start))
                taken |= set(range(start, start + size))
                told.append(f"{item.name} moved from slot {item.slot} to {start}")
                break
        else:
            told.append(f"{item.name} left behind: no room in {grit} slots")
    return tuple(sorted(kept, key=lambda i: i.slot)), tuple(told)


def slots_used(items: Sequence[Item], grit: int) -> int:
    return sum(item.slots(grit) for item in items)
