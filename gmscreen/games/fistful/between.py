"""Between adventures: Carousing.

Readings we take:

- The bill is 1d6 dollars per Stress removed plus 1d6 per advancement die bought; it is
  paid whether the money is there or not (what cannot be paid is debt), but a character
  with no dollars at all cannot open a tab.
- "Roll the dice again" (a jackpot, a fine) means as many d6 as the bill was rolled with.
- Carousing restores all Guts; a bar-room brawl then lowers maximum Guts by 2 until the
  session ends (Guts is kept within it, and never below 0).
- The Wanted result flips a coin: heads adds one hour to the Wanted Clock.
- One XP buys one die, once: the dice bought while Carousing wait for the Advancement Test,
  which spends their XP whatever it rolls. A later night out buys dice only with XP not
  already buying the ones that wait, so XP never goes below 0.
- Carousing restores all Guts, but not to one at 0 Guts before the Out of action table.
- Carousing, the session's take and buying and selling are the posse's: an NPC's money is
  the Judge's story. The dead neither shop nor share.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.journal.rules import RuleError

JACKPOT, NEW_BACKGROUND, NEW_STORY, BRAWL, FINE, WANTED = 1, 2, 3, 4, 5, 6
BRAWL_GUTS = 2


def verify_carousing(dollars: int, stress: int, stress_off: int, advancement_dice: int,
                     xp: int, bought: int, bill: Sequence[int]) -> None:
    """RuleError unless the night out can be had: some money for a tab, Stress to remove,
    and XP not already buying dice (`bought`, waiting for the Advancement Test) for each
    advancement die."""
    if dollars <= 0:
        raise RuleError("Carousing", "a tab needs some money to start", field="dollars")
    if not 0 <= stress_off <= stress:
        raise RuleError("Carousing", f"remove 0 to {stress} Stress, not {stress_off}",
                        field="stress_off")
    free = max(0, xp - bought)
    if not 0 <= advancement_dice <= free:
        already = f", {bought} of them already buying the dice that wait for the " \
                  "Advancement Test" if bought else ""
        raise RuleError("Experience", f"one XP buys one die: {xp} XP{already}; buy 0 to "
                        f"{free}, not {advancement_dice}", field="advancement_dice")
    if len(bill) != stress_off + advancement_dice:
        raise RuleError("Carousing", f"roll 1d6 per Stress and per advancement die: "
                        f"{stress_off + advancement_dice}, not {len(bill)}", field="bill")


def rolls_again(table: int) -> bool:
    """A jackpot or a fine rolls the bill's dice again."""
    return table in (JACKPOT, FINE)


def flips_a_coin(table: int) -> bool:
    """The Wanted result flips a coin for the Wanted Clock."""
    return table == WANTED


def settle_bill(dollars: int, cost: int) -> tuple[int, int]:
    """Dollars left and the new debt after paying `cost`."""
    if cost <= dollars:
        return dollars - cost, 0
    return 0, cost - dollars
