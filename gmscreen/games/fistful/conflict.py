"""Tests: the Challenge, the Stakes, the roll and what it earns (Luck, Misfortune, Stress).

The readings we take where the book leaves room:

- A total succeeds when it is at most the Attribute and strictly above the Challenge (equal
  to the Attribute is safe, like 21 in blackjack); above the Attribute is a Bust.
- Stakes are 1 to 6 minus Stress dice. A floating die is rolled on top of them and may take
  the pool past that limit; one die is then taken away, chosen once the dice are seen: by
  the player for a Luck or the background's die, by the Judge for his Misfortune's. The
  app's rolls ask which (the table's typed dice say it, or leave it to the app); what the
  app suggests is the chooser's best: for the player the best result, then doubles that
  earn a Luck (none that would give the Judge a Misfortune), then the highest total (the
  lowest when every choice Busts: the nearest to the Attribute); for the Judge the worst
  result, then doubles that earn him a Misfortune, then the lowest.
- One die floats on a roll at most (round 21, written down: the book floats "a single"
  die for a Luck, one for the background, one for the Judge's Misfortune, and takes one
  away): a Luck's, the background's or the Judge's, never two of them, so the Judge's die
  is barred beside the background's as beside a Luck's.
- Doubles are any two kept dice showing the same face (after a floating die is taken away);
  a test earns at most one Luck or one Misfortune, however many pairs it shows.
- A Bust is a failed roll too: doubles on a Bust let the Judge bank a Misfortune as well as
  the Stress the Bust costs.
- A bank already at 3 cannot take more: a Luck that cannot be banked must be spent at once
  (spending it leaves the three banked as they are), and a Misfortune that cannot be banked
  is lost.
- NPCs float no dice and earn neither Luck nor Misfortune: the book gives Luck, backgrounds
  and the Judge's floating die to the posse's rolls.
- The Judge may bank the Misfortune a failure's doubles give him, or let it go: the roll
  says which (its command's `bank_misfortune`, banked unless he says otherwise), and its
  event records a Misfortune let go; journals written before the choice banked every one
  there was room for, and read so.
- Doubling Down is open only after a plain failure (a Bust is already over the Attribute,
  more dice cannot help) and only with Stress (with none there are no dice to roll). The
  new dice earn neither Luck nor Misfortune: the Judge's Misfortune is the price, a
  player's (the Judge gains none when he pushes his own NPC, as an NPC's doubles give him
  none). It follows
  a simple test, or (round 21: the book names no kind of test, and "the opposition's
  favour" has one in it) an opposed test whose active side lost under its Attribute: the
  new total must beat the other side's, a draw going to the higher Attribute, and the
  first roll's Luck and Misfortune stand. An attack too (a stressed gunslinger who shot too
  low): one that then wins deals the harm the attack would have dealt (its Stakes, weapon,
  band, cover and blast; the new dice add nothing to it: the book's damage is the dice
  staked). The opposition's side that lost under its Attribute may double down too (round
  22: the book's "you" is whoever lost, and a player shot at by an NPC is the opposition):
  the winner's total is its Challenge, a draw going to the higher Attribute; a new total
  that wins foils an attack, giving back the Guts it took from each one it harmed, and a
  failure leaves the harm where it fell. The winner's Luck and Misfortune stand.
  And it follows at once (the book rolls the new dice immediately): any other step lets the
  failed test go, but for the Judge spending a Misfortune on it, and so does a new session.
- In an opposed test the opposition's total is the Challenge: the active side must beat it.
  A side that Busts loses to one that does not; a draw goes to the higher Attribute; a draw
  with equal Attributes, or both sides Busting, is a stand-off: nobody wins. The
  opposition's floating die is chosen before the active total is known (against a
  Challenge of 0), the active side's against the opposition's total. Doubles on the winning
  side are Luck, on a side that did not win Misfortune.
- A High Stakes Duel is scored like an opposed test with coins (heads 6, tails 1), both
  sides against their own score of the Attribute the Judge names for the moment (Gumption
  for guns at high noon); a side whose coins pass it Busts and takes Stress as usual. The
  winner sheds one Stress when they have one (the duel's event says whether they did).
- What the duel's loser loses is the moment's (a gun duel puts them out of action, a wager
  takes their wealth), so the duel's event changes nothing else on the loser's sheet: the
  screen offers the Judge the harm step for the loser at once, all their Guts unless the
  Judge says otherwise. A wager's loser loses every Dollar they hold (starting money too),
  which the Judge sends to the winner or out of play (to the house, say); a posse member
  who wins them from an NPC counts them in the session's take, as winnings. Won from one
  of the posse, the Dollars keep their kind (starting money stays starting money) and earn
  no XP, as Dollars handed over do: the posse is no richer, and two players trading
  wagers would otherwise earn XP without end. The Judge picks one of the two steps, harm
  or wealth. A duel nobody wins has no loser.
- The optional rules: the scene's d6 is one of the Stakes of every test of the scene (one
  die fewer is thrown, opposed tests, attacks and a night's rest too: a rest is a Grit test
  whose Stakes the player sets; the odds shown count its face as known). Only tests whose
  Stakes someone sets take it: morale's dice are the book's (4d6, or 5d6), an Advancement
  Test's are bought with XP, a duel flips coins and Doubling Down adds to a roll already
  made, so none of them counts the scene's die; "5 under" takes a Stress off a posse
  member who rolls 5 or more kept dice under the Attribute (round 21: the house rule is
  blackjack's five cards under 21, so "rolls under" is no Bust, the book's "roll over";
  whether the dice beat the Challenge, or won an opposed test, does not count; journals
  written before keep the Stress their events say came off), never an NPC's (the book
  rewards a player), taken at once with the roll (so one at 1 Stress whom it frees has
  none left to double down with), and Doubling Down's dice, added after, never count in
  it; the dice counted are those kept, a floating die taken away being no
  part of the roll's result; "Stress for Luck" spends the Luck of the roll just made, never one
  banked before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from gmscreen.core.text import plural
from gmscreen.games.fistful.odds import Result, result_of
from gmscreen.journal.rules import RuleError

#: the book's suggested Challenges, by name
CHALLENGES: dict[str, int] = {"simple": 8, "standard": 11, "hard": 14, "daunting": 18}
#: Stress at which a character rides off, out of play
STRESS_MAX = 6
#: the most dice a player may stake with no Stress
STAKES_MAX = 6
#: the most Luck a character, or Misfortune the Judge, may keep banked
BANK_MAX = 3
#: a coin in a High Stakes Duel (or a Double or Nothing coin)
HEADS, TAILS = 6, 1

Side = Literal["active", "opposition"]


def stakes_limit(stress: int) -> int:
    """Each point of Stress takes one die off the most a character may stake."""
    return max(0, STAKES_MAX - stress)


def verify_stakes(stakes: int, stress: int, *, unit: str = "dice", whose: str = "",
                  field: str = "stakes") -> None:
    """RuleError("Stakes") unless `stakes` is 1 to the character's limit; a duel's are
    coins (`unit`), and the refusal says `whose` of its two sides broke the limit."""
    limit = stakes_limit(stress)
    if stress >= STRESS_MAX:
        raise RuleError("Stress", "a character at 6 Stress has left play", field=field)
    if not 1 <= stakes <= limit:
        said = f"{whose} may stake" if whose else "stake"
        raise RuleError("Stakes", f"{said} 1 to {limit} {unit} (6 less {stress} Stress), "
                        f"not {stakes}", field=field)


def verify_challenge(challenge: int) -> None:
    if challenge < 0:
        raise RuleError("Challenge", f"a Challenge is 0 or more, not {challenge}",
                        field="challenge")


def verify_faces(faces: Sequence[int], count: int, what: str) -> None:
    """RuleError unless `faces` are `count` faces of a d6."""
    if len(faces) != count:
        raise RuleError("Dice", f"{what}: {plural(count, 'die', 'dice')}, not {len(faces)}",
                        field="dice")
    for face in faces:
        if not 1 <= face <= 6:
            raise RuleError("Dice", f"{what}: a d6 shows 1 to 6, not {face}", field="dice")


def has_doubles(faces: Sequence[int]) -> bool:
    return len(set(faces)) < len(faces)


def remove_one(rolled: Sequence[int], face: int) -> tuple[int, ...]:
    """The dice left when one die showing `face` is taken away (the floating die)."""
    if face not in rolled:
        raise RuleError("Floating die", f"no die shows {face}", field="removed")
    kept = list(rolled)
    kept.remove(face)
    return tuple(kept)


#: what doubles are worth to the chooser of a floating die: a Luck best, a Misfortune worst
DOUBLES_WEIGHED: dict[str | None, int] = {"luck": 1, None: 0, "misfortune": -1}


def chosen_removal(rolled: Sequence[int], attribute: int, challenge: int,
                   chooser: Literal["player", "judge"], against: int | None = None) -> int:
    """The face the chooser would take away: the player the best result, then the doubles
    that earn a Luck (and never those that give the Judge a Misfortune), then the highest
    total (when every choice Busts, the lowest: the nearest to the Attribute); the Judge
    the worst result, then doubles that earn him a Misfortune, then the lowest total.

    In an opposed test the active side's `challenge` is the opposition's total and
    `against` the opposition's Attribute: the result is the test's, where a draw goes to
    the higher Attribute (line 30), so a draw may win; a win, then a stand-off, then a
    loss, each better without a Bust; and doubles give a Luck only to the side that won."""
    def rank(face: int) -> tuple[tuple[int, ...], int, int]:
        kept = outcome(remove_one(rolled, face), attribute, challenge)
        bust = kept.result is Result.BUST
        gives: Literal["luck", "misfortune"] | None
        if against is None:
            standing: tuple[int, ...] = (kept.result,)
            gives = ("luck" if kept.earns_luck else "misfortune" if kept.earns_misfortune
                     else None)
        else:
            won = opposed_winner(kept.total, attribute, challenge, against)
            standing = (won == "active", not bust, won != "opposition")
            gives = opposed_doubles(kept.kept, won == "active")
        total = -kept.total if bust and chooser == "player" else kept.total
        return standing, DOUBLES_WEIGHED[gives], total

    if chooser == "player":
        return max(sorted(set(rolled)), key=rank)
    return min(sorted(set(rolled)), key=rank)


def removals(rolled: Sequence[int], attribute: int, challenge: int
             ) -> dict[int, Outcome]:
    """What the roll comes to with each face taken away, one entry a face: the choice a
    floating die leaves its chooser."""
    return {face: outcome(remove_one(rolled, face), attribute, challenge)
            for face in sorted(set(rolled))}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one roll comes to."""

    kept: tuple[int, ...]
    total: int
    result: Result
    doubles: bool

    @property
    def earns_luck(self) -> bool:
        return self.doubles and self.result is Result.SUCCESS

    @property
    def earns_misfortune(self) -> bool:
        return self.doubles and self.result is not Result.SUCCESS


def outcome(kept: Sequence[int], attribute: int, challenge: int) -> Outcome:
    total = sum(kept)
    return Outcome(tuple(kept), total, result_of(total, attribute, challenge),
                   has_doubles(kept))


def stress_after(stress: int, result: Result) -> int:
    """A Bust costs one Stress, to at most 6."""
    return min(STRESS_MAX, stress + 1) if result is Result.BUST else stress


def banked(current: int, gained: int = 1) -> int:
    """A bank after taking `gained` more, never past 3."""
    return min(BANK_MAX, current + gained)


def verify_double_down(first: Result, stress: int, extra: Sequence[int]) -> None:
    """RuleError("Doubling Down") unless it is open, with one die per point of Stress."""
    if first is not Result.FAILURE:
        raise RuleError("Doubling Down", "only a plain failure can be doubled down")
    if stress < 1:
        raise RuleError("Doubling Down", "with no Stress there are no dice to roll")
    if len(extra) != stress:
        raise RuleError("Doubling Down", f"roll one die per Stress: {stress}, not {len(extra)}",
                        field="dice")


def opposed_winner(active_total: int, active_attribute: int,
                   opposition_total: int, opposition_attribute: int) -> Side | None:
    """Who wins an opposed test (None: nobody)."""
    active_bust = active_total > active_attribute
    opposition_bust = opposition_total > opposition_attribute
    if active_bust and opposition_bust:
        return None
    if active_bust:
        return "opposition"
    if opposition_bust:
        return "active"
    if active_total != opposition_total:
        return "active" if active_total > opposition_total else "opposition"
    if active_attribute != opposition_attribute:
        return "active" if active_attribute > opposition_attribute else "opposition"
    return None


def settled_by(active_total: int, active_attribute: int, opposition_total: int,
               opposition_attribute: int, attribute: str) -> str:
    """Why an opposed test or a duel whose totals say nothing went as it did, for the line
    that tells it ("" when the higher total, or the one Bust, settled it): both Busting,
    a draw the higher Attribute wins, or a draw on equal Attributes (a stand-off)."""
    busts = (active_total > active_attribute, opposition_total > opposition_attribute)
    if all(busts):
        return "both Bust"
    if any(busts) or active_total != opposition_total:
        return ""
    if active_attribute == opposition_attribute:
        return f"a draw at {active_total} on equal {attribute} ({active_attribute})"
    high, low = sorted((active_attribute, opposition_attribute), reverse=True)
    return f"a draw at {active_total}, the higher {attribute} ({high} to {low})"


def opposed_doubles(kept: Sequence[int], won: bool) -> Literal["luck", "misfortune"] | None:
    """What a side's doubles give in an opposed test: a Luck to the side that won, the
    Judge's Misfortune for a side that did not (None: no doubles)."""
    if not has_doubles(kept):
        return None
    return "luck" if won else "misfortune"


def coin_faces(coins: str) -> tuple[int, ...]:
    """Coins written H and T (heads 6, tails 1), as the faces they count for."""
    faces = []
    for coin in coins.upper():
        if coin not in "HT":
            raise RuleError("High Stakes Duel", f"a coin is H or T, not {coin!r}", field="coins")
        faces.append(HEADS if coin == "H" else TAILS)
    return tuple(faces)


def duel_loser(challenger: str, opponent: str, winner: str) -> str | None:
    """The side a duel's winner beat; None when nobody won."""
    if not winner:
        return None
    return opponent if winner == challenger else challenger
