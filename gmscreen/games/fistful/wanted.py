"""The Wanted Clock: twelve hours from 1 to High Noon, and the Wanted Chart.

Readings we take:

- Paying off takes one hour at a time from the top, at $10 times the current hour; it is
  refused from 9 o'clock up and never takes the clock below 1. The bounty is the posse's,
  so its living members may pool their money to pay it, each a part of at least $1 that
  is not starting money, the parts making the cost exactly.
- Doing time takes off the Judge's number of hours, at most half the clock rounded down.
- Cunning deals take off the Judge's number, never below 1.
- At 1 o'clock nothing comes off: time served and a deal are refused there, as paying is
  (the clock never goes below 1), rather than kept as a move from 1 to 1.
- Crimes add hours up to High Noon (12); a crime at High Noon changes nothing. A crime or
  a cunning deal is named to move the clock: the clock's moves are the posse's known deeds.
  A crime at High Noon (or Carousing's Wanted there) is still written down, the clock
  staying full; a move the clock cannot make whole (a crime past High Noon, a deal past 1
  o'clock) keeps the hours the Judge named, and the log, the tab and the recap say what was
  named and what the clock took, and why.
- The Wanted Chart is rolled on 2d6: at most the hour gives the entry of that total; above
  it, nothing. At High Noon nobody rolls.
- Glory, the optional tally of how well known the posse is, counts from 0 up: a change
  past 0 stops there, and its line says so.
- The populace's bands add up: at 6 o'clock what the folk do at 1 to 5 still holds, and the
  chart is rolled on every occasion each band reached names (at High Noon, never).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.core.text import plural
from gmscreen.games.fistful.tables import Band, wanted_bands, wanted_chart
from gmscreen.journal.rules import RuleError

FIRST_HOUR = 1
HIGH_NOON = 12
#: from this hour up, a bounty can no longer be paid off
NO_PAYING_FROM = 9
#: a new posse sets the clock between these hours
START_HOURS = (1, 5)
#: what the clock reaching High Noon means: the campaign's last stand, told where it moves
HIGH_NOON_REACHED = "High Noon: the manhunt is on, and the posse must make a stand"


def reaches_high_noon(moved: object) -> bool:
    """Whether a move of the clock (anything with `before` and `after` hours) reaches High
    Noon from below it."""
    before, after = getattr(moved, "before", 0), getattr(moved, "after", 0)
    return bool(before < HIGH_NOON <= after)


def verify_start(hour: int) -> None:
    if not START_HOURS[0] <= hour <= START_HOURS[1]:
        raise RuleError("Posse creation", f"the Wanted Clock starts at 1 to 5, not {hour}",
                        field="clock")


def after_crime(hour: int, segments: int) -> int:
    if segments < 1:
        raise RuleError("Wanted Clock", "a crime adds at least one hour", field="segments")
    if segments > HIGH_NOON:
        # more than the clock's face means nothing; 19 digits were written as "named"
        raise RuleError("Wanted Clock", f"a crime adds 1 to {HIGH_NOON} hours (the clock's "
                        f"whole face), not {segments}", field="segments")
    return min(HIGH_NOON, hour + segments)


def pay_off_cost(hour: int) -> int:
    """What clearing the top hour costs: $10 times the hour."""
    if hour >= NO_PAYING_FROM:
        raise RuleError("Paying the bounty", f"at {hour} o'clock the bounty can no longer "
                        "be paid off (9 and up)")
    if hour <= FIRST_HOUR:
        raise RuleError("Paying the bounty", "the clock never goes below 1")
    return 10 * hour


def why_nothing_comes_off(hour: int, rule: str) -> RuleError | None:
    """At 1 o'clock time served and deals have nothing to take off: the clock never goes
    below 1 (a deal there was kept as a move from 1 to 1)."""
    if hour <= FIRST_HOUR:
        return RuleError(rule, f"the clock is at {hour} o'clock and never goes below 1: "
                         "nothing comes off")
    return None


def after_time_served(hour: int, segments: int) -> int:
    if refused := why_nothing_comes_off(hour, "Doing time"):
        raise refused
    most = hour // 2
    if not 1 <= segments <= most:
        raise RuleError("Doing time", f"time served takes 1 to {most} hours off "
                        f"(half the clock at {hour}), not {segments}", field="segments")
    return max(FIRST_HOUR, hour - segments)


def after_deal(hour: int, segments: int) -> int:
    if refused := why_nothing_comes_off(hour, "Cunning deal"):
        raise refused
    if segments < 1:
        raise RuleError("Cunning deal", "a deal takes off at least one hour", field="segments")
    if segments > HIGH_NOON:
        raise RuleError("Cunning deal", f"a deal takes 1 to {HIGH_NOON} hours off (the "
                        f"clock's whole face), not {segments}", field="segments")
    return max(FIRST_HOUR, hour - segments)


def hours_of(count: int) -> str:
    """ "1 hour", "3 hours"."""
    return plural(count, "hour")


def hours_moved(before: int, after: int) -> str:
    """The clock's move in hours: "3 -> 5", or "stays at 12" for one that moved nothing."""
    return f"stays at {after}" if before == after else f"{before} -> {after}"


def falls_short(before: int, after: int, asked: int | None, how: str = "") -> str:
    """What a move the clock could not make whole left out, and why (the clock holds 1 to
    12): "; 5 hours named, 2 taken: the clock stops at High Noon", or nothing for a move
    made whole. `asked` is the hours the Judge named (None: the move was made whole, or a
    journal written before it was kept). Time served (`how` "time") is always made whole:
    at most half the clock never takes it below 1 (line 165); a journal written before
    its hours were kept says "asked = 1" of 4 hours served, which is no shortfall."""
    moved = abs(after - before)
    if how == "time" or (before != after and (asked is None or asked == moved)):
        return ""
    if after >= HIGH_NOON:
        stop = ("the clock is full at High Noon" if before == after
                else "the clock stops at High Noon")
    else:
        stop = "the clock never goes below 1"
    if asked is None:
        return f"; {stop}"
    named = f"{hours_of(asked)} named"
    return f"; {named}, {moved} taken: {stop}" if moved else f"; {named}: {stop}"


def moved_by(words: str, why: str, name: str | None) -> str:
    """How the clock moved, in `words`, with who did the time when the reason given does not
    name them already: "time served (Ann)"."""
    return f"{words} ({name})" if name and name not in why else words


def because(why: str) -> str:
    """': why' told after a move of the clock, or nothing for a move with no reason (a
    crime or a deal must be named now; journals before kept some blank)."""
    return f": {why}" if why else ""


def band(hour: int) -> Band:
    """The populace's mood at the hour."""
    for each in wanted_bands():
        if each.first <= hour <= each.last:
            return each
    raise ValueError(f"no hour {hour} on the Wanted Clock")


def bands_reached(hour: int) -> tuple[Band, ...]:
    """Every band the clock has reached, the current one first: what each says still holds
    at a later hour (the book's results add up)."""
    return tuple(b for b in reversed(wanted_bands()) if b.first <= hour)


def chart_entry(hour: int, dice: Sequence[int]) -> str | None:
    """The Wanted Chart entry for a 2d6 roll at this hour, or None when it is above it."""
    if hour >= HIGH_NOON:
        raise RuleError("Wanted Chart", "at High Noon nobody rolls on the Wanted Chart")
    if len(dice) != 2 or any(not 1 <= d <= 6 for d in dice):
        raise RuleError("Wanted Chart", "roll 2d6: two faces of 1 to 6", field="dice")
    total = sum(dice)
    return wanted_chart()[total] if total <= hour else None


def entry_name(entry: str) -> tuple[str, str]:
    """A Wanted Chart entry as its name (the book's heading, its first sentence: "Howdy!",
    "Is that them?") and the rest of its words."""
    for at, letter in enumerate(entry):
        if letter in ".!?" and entry[at + 1:at + 2] == " ":
            return entry[:at + 1], entry[at + 2:]
    return entry, ""
