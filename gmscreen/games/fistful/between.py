"""Between adventures: Carousing.

Readings we take:

- The bill is 1d6 dollars per Stress removed plus 1d6 per advancement die bought; it is
  paid whether the money is there or not (what cannot be paid is debt), but a character
  with no dollars at all cannot open a tab.
- "Roll the dice again" (a jackpot, a fine) means as many d6 as the bill was rolled with.
  A night out may take no Stress off and buy no dice (it still gives back every Guts): its
  bill is no dice, so a jackpot wins nothing and a fine adds nothing, and the log says so.
- Carousing restores all Guts; a bar-room brawl then lowers maximum Guts by 2 until the
  session ends (Guts is kept within it, and never below 0); a night out had between
  sessions brawls into the next one, which is "the session" it is played on in. The book
  takes only maximum Guts, and only for the session: as it wears off, the Guts it held
  down come back with the maximum (Guts rise as much as it does), as if there had been
  no brawl; one down at 0 Guts stays down (the table or aid gets him up). Each brawl
  takes its own 2 (round 17, the book read again: a 4 says "lose 2 max Guts", and a
  second 4 in the session loses 2 more; "for the remainder of the session" says when
  they come back, all at once as it ends), never below 0; the log gives the maximum it
  leaves. Journals written before brawls were counted (round 16 read a second brawl as
  lowering nothing more) read as they did.
- The Wanted result flips a coin: heads adds one hour to the Wanted Clock.
- A jackpot's prize is winnings, and XP come of a session's winnings and takings (line
  136): it joins the take as a share does (between sessions, that of the session just
  ended, its XP at once), so the Judge need not count it again with a share.
- One XP buys one die, once: the dice bought while Carousing wait for the Advancement Test,
  which spends their XP whatever it rolls. A later night out buys dice only with XP not
  already buying the ones that wait, so XP never goes below 0.
- Carousing restores all Guts, but not to one at 0 Guts before the Out of action table.
- The take is counted at the session's end (line 136): a share the table counts after the
  session has ended, before the next begins, joins that session's take and its XP come at
  once (the whole take, rounded down once), so it can buy advancement dice that night. A
  share counted in a session waits for its end; the sheet shows the take so far.
- Carousing, the session's take and buying and selling are the posse's: an NPC's money is
  the Judge's story. The dead neither shop nor share.
- Whom a debt is owed is the Judge's to decide (line 146): he names it with the night out
  that runs it up, the sheet keeps it (a second creditor joins the first) until the debt
  is paid off, and the pay-back starts on it. The table's views leave it out: how badly
  they want it back is his business.
- Starting money (lines 319-321: it cannot pay the bounty) is what a bill spends first, as
  a purchase or a debt paid back does; a jackpot's prize is not starting money. The book
  is silent on which money a bar tab takes; a table spends first the money good for
  nothing else, so a night out keeps the takings that may pay the bounty (a fine is part
  of the bill; a bill past every dollar takes the starting money with the rest and leaves
  debt).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.core.text import plural
from gmscreen.journal.rules import RuleError

JACKPOT, NEW_BACKGROUND, NEW_STORY, BRAWL, FINE, WANTED = 1, 2, 3, 4, 5, 6
BRAWL_GUTS = 2


def verify_night(dollars: int, stress: int, stress_off: int, advancement_dice: int,
                 xp: int, bought: int, name: str = "") -> None:
    """`verify_carousing` but for the bill: what the night is had for, checked before
    the bill's dice are rolled (a Stress off of -1, or past any sheet, is never rolled)."""
    if dollars <= 0:
        raise RuleError("Carousing", "a tab needs some money to start", field="dollars")
    if not 0 <= stress_off <= stress:
        raise RuleError("Carousing", f"remove 0 to {stress} Stress, not {stress_off}",
                        field="stress_off")
    if advancement_dice < 0:
        raise RuleError("Experience", f"buy 0 advancement dice or more, not "
                        f"{advancement_dice}", field="advancement_dice")
    past = dice_past_xp(name or "the one carousing", xp, bought, advancement_dice)
    if past:
        raise RuleError("Experience", past, field="advancement_dice")


def verify_carousing(dollars: int, stress: int, stress_off: int, advancement_dice: int,
                     xp: int, bought: int, bill: Sequence[int], name: str = "") -> None:
    """RuleError unless the night out can be had: some money for a tab, Stress to remove,
    and XP not already buying dice (`bought`, waiting for the Advancement Test) for each
    advancement die. `name`: the one carousing, as the refusal names them."""
    verify_night(dollars, stress, stress_off, advancement_dice, xp, bought, name)
    if len(bill) != stress_off + advancement_dice:
        raise RuleError("Carousing", f"roll 1d6 per Stress and per advancement die: "
                        f"{stress_off + advancement_dice}, not {len(bill)}", field="bill")


def _dice(count: int) -> str:
    return plural(count, "die", "dice")


def night_bought(stress_off: int, advancement_dice: int) -> str:
    """What a night out was had for, as the log and the recap say it after the one carousing
    ("to shed 2 Stress and buy 1 advancement die"; "" for neither): the bill is paid for
    these, so a reader of either learns what the night changed on the sheet."""
    parts = ([f"shed {stress_off} Stress"] if stress_off else []) + (
        [f"buy {plural(advancement_dice, 'advancement die', 'advancement dice')}"]
        if advancement_dice else [])
    return " to " + " and ".join(parts) if parts else ""


def handed_words(dollars: int, item: str, start_money: int = 0) -> str:
    """What passed within the posse, as the log and the recap say it ("$40 and the
    Revolver"; `start_money`, the part of the dollars that cannot pay the bounty, said when
    given)."""
    money = f"${dollars}{start_money_words(dollars, start_money)}" if dollars else ""
    return " and ".join(part for part in (money, f"the {item}" if item else "") if part)


def start_money_words(dollars: int, start_money: int) -> str:
    """How much of `dollars` is starting money, said after them ("" when none is)."""
    if not start_money:
        return ""
    return (f" (${start_money} of it starting money, which cannot pay the bounty)"
            if start_money < dollars else " (starting money, which cannot pay the bounty)")


def dice_past_xp(name: str, xp: int, bought: int, asked: int) -> str:
    """Why `name` cannot buy `asked` advancement dice more, in plain words ("" when they
    can): one XP buys one die, and XP already buying the `bought` dice waiting buys no
    more."""
    free = max(0, xp - bought)
    return _too_few_xp(name, xp, bought, free) if asked > free else ""


def _too_few_xp(name: str, xp: int, bought: int, free: int) -> str:
    """Why `name` cannot buy the advancement dice asked for, in plain words: their XP, and
    the part of it already buying dice that wait for the Advancement Test."""
    has = f"{name} has {xp} XP"
    if bought:
        waiting = _dice(bought)
        has += (f", {min(bought, xp)} of it already buying the {waiting} waiting for the "
                "Advancement Test")
    if not free:
        return f"{has}: no advancement die can be bought (one XP buys one die)"
    return f"{has}: {free} XP buys at most {_dice(free)} (one XP buys one die)"


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


def owed_to_after(owed_to: str, debt: int, named: str) -> str | None:
    """Whom the sheet says its debt is owed once a night out left `debt` more owing to
    `named` (the Judge's words, line 146): the name joins those already owed; None when
    nothing changes (no new debt, or nobody named)."""
    named = named.strip()
    if not debt or not named:
        return None
    owed = [part for part in owed_to.split("; ") if part]
    return "; ".join(owed if named in owed else [*owed, named])
