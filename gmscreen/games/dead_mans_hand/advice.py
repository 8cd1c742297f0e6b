"""The odds the Conflict tab tells, as plain text, counted from the cards left in the pile:
which weapons reach, how many cards an attack draws and its chances, and what All In
brings.

Reading: in a Dramatic Showdown the card that lays the target down is its coffin card, and
after the game it pulls through on a number at least that card's or on a Jack, Queen or
King (lines 151-153): so a King that kills is better than a last hit on a number, and a last
hit on a high number better than one on a low number. The chance to pull through is counted
over a fresh pack without the coffin cards lying at the moment (the recovery draws come from
such a pack; who else falls before the game ends is not known yet). With the last hit in
hand, All In risks nothing (the target, down, takes no second card), so a card that leaves
the target a smaller chance to pull through is counted as a better card; and the result-card
form opens on the card that serves the attacker best by the same ranking (`ranking`, the
one both ask).

Reading: after All In, a card that goes against the attacker (or hits both), or that leaves
the target on the table, able to answer, with such a card left, is a risk; the book's tips
count a target stopped by a Queen or out of reach as nothing to fear (line 273). The
result-card form opens on the best card that is no risk when there is one, on the best card
otherwise; an Ace the target loses counts as leaving it every weapon, as it picks. The All
In advice counts the danger of the card the form would open on, and calls the extra card
better only when the card the form would open on comes before the best drawn already, by
the form's whole ranking, and leaves the target no card against the attacker to take (line
77): a hit that leaves the target a King of its colour is counted in the danger, never as
a better card; a number that lays the target down alone is better than a Joker that does
it with a hit to the attacker, and a Joker never better than such a number, in a showdown
too (a Joker for a coffin card is past saving, but the form puts the number first).

Reading: the target's second card (line 77) is offered by the same ranking seen from its
side; a Joker (line 102) that lays the attacker down while the target keeps a hit serves
it as a card that takes the attacker down, after one that costs it nothing; a Joker that
would lay the target down too is not offered.

Reading: a Joker that lays nobody down costs the model choosing a hit for the hit it deals,
a trade it never has to take (`odds.Tier`: both hit after nothing), so either form opens on
a card that does nothing before it; the form says so under its field (`view.opened_on`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.cells import cell_len

from gmscreen.games.dead_mans_hand.attack import (
    WeaponChoice,
    attack_refused,
    card_count,
    count_terms,
    moved_far,
    weapon_choices,
)
from gmscreen.games.dead_mans_hand.odds import (
    Attack,
    Rank,
    Tier,
    all_in_odds,
    draw_odds,
    offered,
    tier_of,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, without
from gmscreen.games.dead_mans_hand.results import answer_refused, longest_answer
from gmscreen.games.dead_mans_hand.rules import still_to_come
from gmscreen.games.dead_mans_hand.showdown import recovers
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Model
from gmscreen.games.dead_mans_hand.weapons import Move, reaches, weapon_name


def percent(chance: Fraction) -> str:
    if 0 < chance < Fraction(1, 200):
        return "<1%"
    return f"{round(float(chance) * 100)}%"


def odds_line(odds: dict[Tier, Fraction], head: str = "", width: int | None = None) -> str:
    """The chances after `head`, each word before its number ("down 7% · hit 33%"); given
    the `width` of the lines they are shown in, broken between two chances (the next line
    indented), never between a word and its number: at 80x24 the attack form read "...
    Jack 5% · nothing" and then "32% · Joker 3%", as though 32% were the Joker's."""
    chances = [f"{tier.short} {percent(chance)}" for tier, chance in odds.items()]
    if width is None:
        return head + " · ".join(chances)
    return joined_within(head, chances, width)


def joined_within(head: str, parts: Sequence[str], width: int) -> str:
    """`head` and then `parts` joined by " · ", a line broken only between two parts (the
    next line indented by two), so that no line is wider than `width` where one part is
    not."""
    pieces = [head.rstrip()] if head.strip() else []
    pieces += [part + " ·" for part in parts[:-1]] + list(parts[-1:])
    return broken_within(pieces, width)


def broken_within(pieces: Sequence[str], width: int) -> str:
    """`pieces` joined by spaces, a line broken only between two (the next line indented
    by two), so that no line is wider than `width` where one piece is not."""
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line.strip() and cell_len(line) + 1 + cell_len(piece) > width:
            lines.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join(lines)


def attack_preview(state: MatchState, target_name: str, weapon: str, yards: int | None, *,
                   friends_near: bool = False, from_behind: bool = False,
                   cover: bool = False, width: int | None = None, cards: str = "") -> str:
    """The lines the attack dialog shows as the players fill it in. `yards` is None until
    the distance is typed: each weapon is then told by the columns it reaches, the target's
    answer as how far it reaches, not as a promise, and no odds are given (whether the
    target answers turns on the yards). `width`: the columns the lines are shown in, so
    a line of odds breaks between two chances. `cards`, the line saying what the Cards
    field holds ("" when it is blank), follows the count it is counted against, before the
    odds: under the All In odds, "Cards left blank: the app deals them." read as said of
    All In's card."""
    measured = yards
    yards = 0 if yards is None else yards

    def told(lines: list[str]) -> str:
        return "\n".join([*lines, cards] if cards else lines)

    turn = state.turn
    if turn is None or turn.in_use is None or turn.move is None:
        return "Use a model first."
    attacker, target = state.find(turn.in_use), state.find(target_name)
    if attacker is None or target is None:
        return told(["Pick a target."])
    lines: list[str] = []
    refused = attack_refused(attacker, turn.move, stopped=turn.stopped)
    if refused:
        return told([refused])
    choices = weapon_choices(attacker, turn.move, yards)
    if measured is None:
        lines += [reach_line(attacker, turn.move, choice) for choice in choices]
    else:
        # the weapons in one line, broken between two: a line each, at 80x24 with eight
        # targets the last line of the All In odds lay under the form's fields
        head, parts = f"At {measured} yards: ", [reach_at(choice) for choice in choices]
        lines.append(head + " · ".join(parts) if width is None
                     else joined_within(head, parts, width))
    chosen = next((c for c in choices if c.weapon == weapon), None)
    if chosen is None or chosen.reach is None:
        return told(lines)
    count = card_count(weapon, friends_near=friends_near, from_behind=from_behind, cover=cover,
                       target_moving=target.moving_target,
                       attacker_moved_far=moved_far(turn.move))
    # the count and whether the target answers on one line where they fit (at 80x24 the
    # All In chances ran below the form), else broken between the count's terms: with the
    # three boxes ticked it read "... -1 target in cover = 3" and then "cards"
    terms, answer = count_terms(count, weapon), answer_line(target, attacker, measured)
    if width is None:
        lines.append(f"{' '.join(terms)} · {answer}")
    else:
        lines.append(broken_within([*terms[:-1], terms[-1] + " ·", answer], width))
    if cards:
        lines.append(cards)
    if measured is None:  # the column, and whether the target answers, wait on the yards
        lines.append("Type the yards measured: they set the column and the odds.")
        return "\n".join(lines)
    attack = Attack(attacker, target, weapon, yards)
    lines.append(odds_line(_odds(state, attack, count.total), f"Best of {count.total}: ",
                           width))
    # the target's second card after All In turns on the hand (line 77): counted once the
    # cards are drawn (`all_in_advice`), not here
    lines.append(odds_line(_odds(state, attack, count.total + 1),
                           f"All In, best of {count.total + 1}, the target's second card "
                           "aside: ", width))
    return "\n".join(lines)


def _odds(state: MatchState, attack: Attack, count: int) -> dict[Tier, Fraction]:
    """The odds of a draw of `count` from the pack as it stands (a short pile's last cards
    and then its discard)."""
    turned, source = still_to_come(state.pack, count)
    return draw_odds(attack, count, source, turned)


def reach_line(attacker: Model, move: Move, choice: WeaponChoice) -> str:
    """One weapon of the attacker, as the attack form tells it before the yards are typed:
    each column it reaches after this move and how far (or why it cannot be used)."""
    found = reaches(choice.weapon, attacker.civilian, move)
    if not found:
        return str(choice.why_not)
    return f"{weapon_name(choice.weapon)}: " + ", ".join(
        f"{r.band.value} to {r.yards} yards" for r in found)


def reach_at(choice: WeaponChoice) -> str:
    """One weapon of the attacker once the yards are typed, after "At 30 yards: ": the
    column they fall in, and how far it reaches ("Pistol in Normal range (to 40)"), or why
    it cannot be used."""
    if choice.reach is None:
        return str(choice.why_not)
    return (f"{weapon_name(choice.weapon)} in {choice.reach.band.value} range "
            f"(to {choice.reach.yards})")


def cards_wanted(state: MatchState, target_name: str, weapon: str, *,
                 friends_near: bool = False, from_behind: bool = False,
                 cover: bool = False) -> int | None:
    """How many cards the attack the form describes draws, or None while no model in use
    faces that target."""
    turn = state.turn
    target = state.find(target_name)
    if turn is None or turn.in_use is None or turn.move is None or target is None:
        return None
    return card_count(weapon, friends_near=friends_near, from_behind=from_behind, cover=cover,
                      target_moving=target.moving_target,
                      attacker_moved_far=moved_far(turn.move)).total


def answer_line(target: Model, attacker: Model, yards: int | None) -> str:
    """Whether the target could answer a result card of its colour; before the yards are
    measured, how far it answers and with what."""
    if yards is not None or not target.on_table or target.shaken:
        answer = answer_refused(target, attacker, 0 if yards is None else yards)
        return f"{target.name} can answer" if answer is None else f"Safe: {answer}"
    furthest = longest_answer(target)
    if furthest is None:
        return f"Safe: {target.name} has no weapon that answers at any distance"
    weapon, reach = furthest
    return (f"{target.name} answers within {reach} yards ({weapon_name(weapon)}): "
            "type the yards measured")


def _attack_models(state: MatchState) -> tuple[Model, Model] | None:
    if state.attack is None:
        return None
    attacker, target = state.find(state.attack.attacker), state.find(state.attack.target)
    if attacker is None or target is None:
        return None
    return attacker, target


def all_in_source(state: MatchState) -> tuple[str, ...]:
    """What the All In card is drawn from: the pile, or once it is empty the discard."""
    return still_to_come(state.pack, 1)[1]


def all_in_words(state: MatchState) -> str:
    """The words under the All In card's field (line 77): the target may then take a second
    result card if it still stands and can answer; when it cannot answer now (under a
    Queen, out of reach: lines 100, 112), no card played in this attack will let it, and
    the words say why none comes."""
    models = _attack_models(state)
    if models is None:
        return "The card turned over; the target may then take a second result card."
    attacker, target = models
    assert state.attack is not None
    why_not = answer_refused(target, attacker, state.attack.yards)
    if why_not is not None:
        return f"The card turned over; no second card for {target.name}: {why_not}."
    return (f"The card turned over; {target.name} may then take one of the others as a "
            "second result card, if it still stands and can answer.")


def all_in_advice(state: MatchState) -> str:
    """What one more card would bring, while the attacker may still go all in: a better card
    is one the result-card form would open on before the best drawn already, by the form's
    own ranking (`ranking`), with nothing left for the target to take back after it (line
    77): a card that hits but leaves the target a King of its colour to take is no better."""
    models = _attack_models(state)
    attack = state.attack
    if models is None or attack is None or attack.all_in or attack.results:
        return ""
    seen = Attack(*models, attack.weapon, attack.yards)
    odds = all_in_odds(seen, attack.cards, all_in_source(state), ranking(state, seen))
    # the chance first, then what it is of, as the odds line reads ("down 8%" aside)
    return (f"All In: {percent(odds.better)} a better card, none left for the target to use; "
            f"{percent(odds.answered)} the target's second card goes against you.")


def pull_through(coffin: str, lying: Sequence[str]) -> Fraction:
    """The chance that a model laid down on `coffin` pulls through after the game, drawing
    from a fresh pack without the coffin cards `lying` (this one among them): none on a King
    or a Joker."""
    pack = without(FULL_PACK, lying)
    if not pack:
        return Fraction(0)
    return Fraction(sum(1 for code in pack if recovers(coffin, code)), len(pack))


def _coffin_chance(state: MatchState, seen: Attack, code: str) -> Fraction:
    """For a card that takes the target down in a showdown, its chance to pull through
    lying on it (0 for a King that kills); 1 for any other card, or in single games, where
    everyone starts the next game afresh."""
    if state.format is not Format.SHOWDOWN or seen.counts_as(code) is not Tier.TAKES_DOWN:
        return Fraction(1)
    lying = state.pack.coffins + (state.attack.coffins if state.attack else ())
    return pull_through(code, (*lying, code))


def best_card(state: MatchState) -> str | None:
    """The card drawn that serves the attacker best as its result card, the one the form
    opens on (`odds.offered` by `ranking`): after All In, one that is no risk
    (`odds.risky`) when there is one. None when no result card of the attacker's is
    awaited."""
    models = _attack_models(state)
    attack = state.attack
    if models is None or attack is None or attack.results:
        return None
    seen = Attack(*models, attack.weapon, attack.yards)
    return offered(seen, attack.cards, ranking(state, seen), all_in=attack.all_in)


def ranking(state: MatchState, seen: Attack) -> Rank:
    """How the result-card form ranks a card drawn for the attacker, the best first: by
    `odds.tier_of`, and of the cards against the attacker the mildest (`Attack.ranked`, a
    Joker after a card that does as much alone); in a showdown, of the cards that take the
    target down, the one it is least likely to pull through from, and of those that lay the
    attacker down, the one it is likeliest to pull through from. The All In advice counts
    by it too."""
    def rank(code: str) -> tuple[Tier, int, Fraction, Fraction, int]:
        tier, spared, joker = seen.ranked(code)
        return (tier, spared, _coffin_chance(state, seen, code),
                -_own_coffin_chance(state, seen, code), joker)

    return rank


def _own_coffin_chance(state: MatchState, seen: Attack, code: str) -> Fraction:
    """For a card that lays the attacker down in a showdown, its chance to pull through
    lying on it (0 on a King or a Joker); 1 for any other card, or in single games."""
    if state.format is not Format.SHOWDOWN or seen.attacker.name not in seen.outcome(code).down:
        return Fraction(1)
    lying = state.pack.coffins + (state.attack.coffins if state.attack else ())
    return pull_through(code, (*lying, code))


def second_card(state: MatchState) -> str | None:
    """The card left that serves the target best as its second result card after All In,
    ranked as the attacker ranks its own (`odds.tier_of`, seen from the target's side, a
    Joker that lays the attacker down alone counted as taking it down, and in a showdown
    the coffin card the attacker is least likely to pull through from); None while no
    second card is awaited, or when none left does the target any good (each does nothing,
    hits both, or goes against it): the form that asks then starts on taking none,
    so that Enter never turns a card against the model that chose it."""
    models = _attack_models(state)
    attack = state.attack
    if models is None or attack is None or not attack.awaiting_second:
        return None
    attacker, target = models
    left = list(attack.cards)
    for played in attack.results:
        left.remove(played)
    seen = Attack(attacker, target, attack.weapon, attack.yards)
    # in a showdown, of the cards that lay the attacker down, the one it is least likely to
    # pull through from (a King before a number, lines 151-153)
    ranked = sorted(left, key=lambda code: (*_for_the_target(seen, code),
                                            _own_coffin_chance(state, seen, code)))
    if not ranked or _for_the_target(seen, ranked[0])[0] >= Tier.NOTHING:
        return None
    return ranked[0]


def _for_the_target(seen: Attack, code: str) -> tuple[Tier, int]:
    """How a card left serves the target as its second card, as `tier_of` ranks it from the
    target's side; a Joker that lays the attacker down and leaves the target standing ranks
    with the cards that take the attacker down, after those that cost the target nothing
    (line 102: both take a hit)."""
    outcome = seen.outcome(code)
    tier = tier_of(outcome, seen.attacker)
    if (tier is Tier.BOTH_HIT and seen.attacker.name in outcome.down
            and seen.target.name not in outcome.down):
        return Tier.TAKES_DOWN, 1
    return tier, 0
