"""The chances of an attack, exactly, from the cards left in the pile (beyond the book).

Each card's outcome is sorted into a tier, as the attacker would rank it; the attacker keeps
the best card drawn. `draw_odds` gives the chance of each best tier for a number of cards
still to draw; `all_in_odds`, once cards are drawn, what one more card brings and the chance
that the target then takes a second card that goes against the attacker.

Readings taken here: the attacker ranks the cards as the tiers are listed, and the cards
that go against it by what they do to it, the mildest first (a Queen before a King); the
target takes the second card that is worst for the attacker by the same ranking. The odds
count each card in the tier the result-card form ranks it in (`Attack.counts_as`): a Joker
that lays the target down and leaves the attacker standing counts as taking the target
down, as the form offers it before a card that does nothing (the line of odds had counted
it below "nothing", so a Joker and a low card read as nothing). An All In card counts as
better only when the card the form would then open on comes before the best drawn already
by the form's own ranking, passed in whole (`Rank`): counted by tiers alone, a Joker that
lays the target down was as good as a number that does it without hurting the attacker,
though the form puts the number first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from math import comb

from gmscreen.games.dead_mans_hand.results import answer_refused, apply, resolve
from gmscreen.games.dead_mans_hand.state import Effect, Model, Outcome


class Tier(IntEnum):
    """What a card does, best for the attacker first."""

    TAKES_DOWN = 1
    HITS = 2
    DISARMS = 3
    STOPS = 4
    PINS = 5
    NOTHING = 6
    RUNS_OUT = 7
    BOTH_HIT = 8
    AGAINST_YOU = 9

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def short(self) -> str:
        """A word or two, for a line of odds."""
        return _SHORT[self]


_LABELS = {
    Tier.TAKES_DOWN: "takes the target down",
    Tier.HITS: "hits the target",
    Tier.DISARMS: "takes a weapon",
    Tier.STOPS: "stops its next attack (Queen)",
    Tier.PINS: "pins it (Jack)",
    Tier.NOTHING: "nothing happens",
    Tier.RUNS_OUT: "your weapon runs out",
    Tier.BOTH_HIT: "both take a hit (Joker)",
    Tier.AGAINST_YOU: "goes against you",
}


_SHORT = {
    Tier.TAKES_DOWN: "down", Tier.HITS: "hit", Tier.DISARMS: "disarm", Tier.STOPS: "Queen",
    Tier.PINS: "Jack", Tier.NOTHING: "nothing", Tier.RUNS_OUT: "runs out",
    Tier.BOTH_HIT: "Joker", Tier.AGAINST_YOU: "against you",
}


@dataclass(frozen=True, slots=True)
class Attack:
    """The two models, the weapon and the distance: all a card's outcome depends on."""

    attacker: Model
    target: Model
    weapon: str
    yards: int

    def outcome(self, code: str) -> Outcome:
        return resolve(code, self.attacker, self.target, self.weapon, self.yards)

    def tier(self, code: str) -> Tier:
        return tier_of(self.outcome(code), self.target)

    def spares(self, code: str) -> int:
        """How mildly a card that goes against the attacker treats it, the greater the
        milder (a Queen that stops it before a hit, a hit before a King), ranked by the
        tiers as they read from the target's side; for ranking cards of one tier."""
        return int(tier_of(self.outcome(code), self.attacker))

    def counts_as(self, code: str) -> Tier:
        """The tier a card counts in as the attacker chooses (`ranked`): a Joker that lays
        the target down alone counts as taking it down; any other stays a Joker."""
        tier = self.ranked(code)[0]
        return tier if tier is Tier.TAKES_DOWN else self.tier(code)

    def ranked(self, code: str) -> tuple[Tier, int, int]:
        """How the result-card form ranks a card: its tier, then, of cards against the
        attacker, the mildest. A Joker that lays the attacker down ranks among the cards
        against it that lay it down (after a Queen that only stops it), before those that
        leave the target unhurt. A Joker that lays the target down and leaves the attacker
        standing ranks with the cards that take the target down, after those that cost the
        attacker nothing."""
        tier = self.tier(code)
        if tier is Tier.BOTH_HIT and self.attacker.name in self.outcome(code).down:
            return Tier.AGAINST_YOU, -int(Tier.TAKES_DOWN), -1
        if tier is Tier.BOTH_HIT and self.target.name in self.outcome(code).down:
            return Tier.TAKES_DOWN, 0, 1
        return tier, -self.spares(code), 0


def tier_of(outcome: Outcome, target: Model) -> Tier:
    effect = outcome.effect
    if effect is Effect.BOTH_HIT:
        return Tier.BOTH_HIT
    if effect is Effect.RAN_OUT:
        return Tier.NOTHING if outcome.winner == target.name else Tier.RUNS_OUT
    if effect in (Effect.MISS, Effect.NO_ANSWER):
        return Tier.NOTHING
    if effect is Effect.DISARMED and outcome.weapon is None and not outcome.choices:
        return Tier.NOTHING  # an Ace with nothing left to take (its weapon gone already)
    if outcome.loser != target.name:
        return Tier.AGAINST_YOU
    if effect is Effect.KILLED or (effect is Effect.HIT and target.hits_left <= 1):
        return Tier.TAKES_DOWN
    return {Effect.HIT: Tier.HITS, Effect.DISARMED: Tier.DISARMS, Effect.SHAKEN: Tier.STOPS,
            Effect.PINNED: Tier.PINS}.get(effect, Tier.NOTHING)


def draw_odds(attack: Attack, count: int, pile: Sequence[str],
              turned: Sequence[str] = ()) -> dict[Tier, Fraction]:
    """The chance of each best tier among `count` cards: the `turned` ones, sure to come
    (the last of a pile that runs short), and the rest drawn from `pile` (every tier that
    can happen, in order; the chances sum to 1)."""
    if turned:
        floor = min(attack.counts_as(code) for code in turned)
        rest = draw_odds(attack, count - len(turned), pile) if count > len(turned) else {}
        better = {tier: chance for tier, chance in rest.items() if tier < floor}
        return {**better, floor: 1 - sum(better.values(), Fraction(0))}
    total = len(pile)
    count = min(count, total)
    # as the attacker chooses: a Joker that wins the fight is no worse than nothing
    tiers = Counter(attack.counts_as(code) for code in pile)
    ways = comb(total, count)
    odds: dict[Tier, Fraction] = {}
    at_or_better = 0
    missed_before = Fraction(1)
    for tier in Tier:
        at_or_better += tiers[tier]
        missed = Fraction(comb(total - at_or_better, count), ways)
        if missed_before - missed:
            odds[tier] = missed_before - missed
        missed_before = missed
    return odds


#: How the result-card form ranks a card drawn, the best first, whatever lies beside it
#: (`advice.ranking`; in single games as `Attack.ranked`).
Rank = Callable[[str], tuple[object, ...]]


@dataclass(frozen=True, slots=True)
class AllInOdds:
    """Going all in: the chance of each tier of the card offered with the extra card (`best`),
    of a second card the target plays against the attacker (`answered`), and of a card
    offered that `rank` puts before the best drawn already and after which the target has
    no card left against the attacker (`better`)."""

    best: dict[Tier, Fraction]
    answered: Fraction
    better: Fraction


def all_in_odds(attack: Attack, drawn: Sequence[str], pile: Sequence[str], rank: Rank
                ) -> AllInOdds:
    """What one more card from `pile` does to an attack that drew `drawn`, each hand's card
    the one the result-card form offers (`offered`) by `rank`."""
    held = rank(offered(attack, drawn, rank, all_in=False))
    best: Counter[Tier] = Counter()
    answered = better = 0
    for extra in pile:
        hand = [*drawn, extra]
        chosen = offered(attack, hand, rank, all_in=True)
        best[attack.counts_as(chosen)] += 1
        if answered_against(attack, hand, chosen):
            answered += 1
        elif rank(chosen) < held:
            better += 1
    size = len(pile) or 1
    return AllInOdds({tier: Fraction(best[tier], size) for tier in Tier if best[tier]},
                     Fraction(answered, size), Fraction(better, size))


def offered(attack: Attack, hand: Sequence[str], rank: Rank, *, all_in: bool) -> str:
    """The card the result-card form opens on among `hand`: by `rank`, and after All In one
    that is no risk (`risky`, line 273) before any that is."""
    cards = list(hand)
    return min(cards, key=lambda code: (all_in and risky(attack, cards, code), rank(code)))


def answered_against(attack: Attack, hand: list[str], chosen: str) -> bool:
    """Would the target, after `chosen` is played, take a second card that hurts?"""
    outcome = attack.outcome(chosen)
    attacker, target = apply(outcome, attack.attacker), apply(outcome, attack.target)
    if not attacker.on_table or answer_refused(target, attacker, attack.yards) is not None:
        return False
    rest = list(hand)
    rest.remove(chosen)
    after = Attack(attacker, target, attack.weapon, attack.yards)
    return max(after.tier(code) for code in rest) >= Tier.BOTH_HIT


def risky(attack: Attack, hand: list[str], chosen: str) -> bool:
    """After All In, does playing `chosen` turn a card against the attacker: `chosen` itself
    (or a Joker, which hits both), or one the target may take after it?"""
    return attack.tier(chosen) >= Tier.BOTH_HIT or answered_against(attack, hand, chosen)
