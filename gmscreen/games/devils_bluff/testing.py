"""Tests, decided: Recover's Command test (Fear and Fearless) and any other test of a model,
by the top card or by a hand laid. A card's worth is in `draw`, a hand's in `hands`.

Readings (each has a test):

- Recover needs at least one suppression token, so the extra action a pass gives can be a
  second Recover only while tokens are left; the setting "recover_needs_token" may allow it
  without one (nothing to shed, but a pass still gives the extra action).
- Fear: one or more enemy models with Fear within 6" give -3 to the Command test (to the
  test, not the attribute); the "fear_stacks" setting makes it -3 for each. No more
  Fear models are near than the tester's enemies have still in the game (`fear_models`):
  a model's own gang never frightens it. An enemy with Fear that fought the model up
  close (within 1") is known to be within 6" (`fear_known_near`): the forms count it to
  begin with. Fearless draws
  a failed Command test again and the second card stands. A drawn card is never critical,
  so re-drawing a pass could never help, and "any test" and "a failed test" agree. A hand
  laid instead of the card is no draw: when it fails (no valid hand, or beaten) nothing is
  drawn again, and the line says so.
- Shrug it Off fires on any critical Command test, a Recover's or another. The gang's
  tokens, which module line 163 says its player "may" drop, are always dropped: a token
  only ever hurts the model carrying it.
- Fear and Fearless are the core's rules for every Command test, so a Command test taken
  outside a Recover (the Test step) hears them too: -3 near an enemy with Fear, and a
  Fearless model draws a failed one again.
- A test is of SKL, DEF or CMD, the numbers a card must reach (the units' table gives
  MOV in inches, where more is better: a card reaching it would make the faster model
  the worse at its own test). The players take a test of movement, if an objective of
  theirs asks one, as one of these.
- A test other than an attack or a Recover spends no action: the players say what it is
  for (an Interact, a climb) and take the action that goes with it, if any.
- Its own modifier (the players' call) runs from -12 to +12: the modified result is held
  to 1..12, so past that every card gives the same and a bigger number is a slip.
"""

from __future__ import annotations

from gmscreen.core.cards import Card
from gmscreen.games.devils_bluff.commands import AttributeTest, Recover
from gmscreen.games.devils_bluff.deck import (
    drawing,
    lay,
    typed_cards,
    why_not_contest,
    why_not_settled,
)
from gmscreen.games.devils_bluff.draw import Dealing, cap_note, passes, result_of
from gmscreen.games.devils_bluff.events import ATTRIBUTES, HandsLaid, Recovered, Tested
from gmscreen.games.devils_bluff.gangs import SHRUG_HEAL
from gmscreen.games.devils_bluff.hands import Outcome
from gmscreen.games.devils_bluff.rules import (
    RULES,
    Refusal,
    activating,
    battle_of,
    model_of,
    refuse,
    why_not_in_round,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState, Fighter
from gmscreen.games.devils_bluff.turns import (
    after_action,
    fought_up_close,
    why_not_act,
    why_not_words,
)
from gmscreen.journal.rules import RuleError

#: each attribute a journal's test may name, and the profile's number for it
PROFILE = dict(zip(ATTRIBUTES, ("mov", "skl", "defence", "cmd"), strict=True))
#: the attributes a test is taken of now: the numbers a card must reach. MOV is inches,
#: where more is better, so a card reaching it would make a faster model worse at its
#: own test (a journal's older MOV tests still read: `ATTRIBUTES`)
TESTED = ("SKL", "DEF", "CMD")
#: what Fear takes off a Command test
FEAR = -3
#: what a Recover's Command test does, by its outcome (digest 2.3)
RECOVERED = {Outcome.FAILURE: "fails: one token shed",
             Outcome.SUCCESS: "passes: one token shed and an extra action",
             Outcome.CRITICAL: "critical: every token shed and an extra action"}
#: the same for a model with no token, where the table agreed it may Recover all the same
#: (setting "recover_needs_token"): there is nothing to shed, and the line says so
RECOVERED_WITHOUT_TOKENS = {Outcome.FAILURE: "fails: no token to shed",
                            Outcome.SUCCESS: "passes: no token to shed, but an extra action",
                            Outcome.CRITICAL: "critical: no token to shed, but an extra action"}


def recovered_words(tokens: int) -> dict[Outcome, str]:
    """A Recover's outcomes in words for a model holding `tokens` suppression tokens."""
    return RECOVERED if tokens else RECOVERED_WITHOUT_TOKENS
#: the furthest a test's own modifier goes either way: a modified result is held to 1..12
#: (digest 1.2), so from a King at -12 to an Ace at +12 every card comes out the same
MOST_MODIFIER = 12
def shrugged_told(fighter: Fighter) -> str:
    """What Shrug it Off adds to the line of a critical Command test: the tokens cleared
    and the hit points it gave back, which stop at the model's own."""
    healed = min(SHRUG_HEAL, fighter.damage)
    full = fighter.profile.hp
    if not healed:
        return (f"; Shrug it Off clears the gang's tokens; {fighter.name} is unhurt "
                f"({full} of {full} HP)")
    return (f"; Shrug it Off clears the gang's tokens and heals {fighter.name} {healed} HP "
            f"({fighter.hp + healed} of {full})")


def why_not_recover(state: DevilsBluffState, fighter: str | None = None) -> Refusal:
    name = activating(state) if fighter is None else fighter
    refusal = why_not_act(state, name, "Recover")
    found = state.find(name)
    if (refusal is None and found is not None and found[1].tokens == 0
            and state.setting("recover_needs_token")):
        return RuleError("Recover", f"{name} has no suppression token to shed")
    return refusal


def why_not_test(state: DevilsBluffState, fighter: str | None = None) -> Refusal:
    """A test in a round; of `fighter` (when named) only while it is in the game: a model
    taken out is removed (the core), and no test of it could bring it back. Not while a
    player holds a sixth card: its discard comes at once (module line 39), before any card
    is drawn for a test."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    found = state.find(fighter) if fighter is not None else None
    if refusal is None and found is not None and found[1].out:
        return RuleError("Tests", f"{fighter} has been taken out and takes no test",
                         field="fighter")
    return refusal


def top_card_test(state: DevilsBluffState, fighter: Fighter, attribute: str, modifier: int,
                  dealing: Dealing) -> tuple[Outcome, tuple[Card, ...]]:
    """A test of `attribute` by the top card; Fearless draws a failed Command test again."""
    readings = state.card_readings()
    target: int = getattr(fighter.profile, PROFILE[attribute])
    cards = list(dealing.draw(1))
    dealing.discard(cards[-1:])
    if (attribute == "CMD" and not passes(cards[-1], target, modifier, **readings)
            and fighter.rule_value("Fearless")):
        cards += dealing.draw(1)
        dealing.discard(cards[-1:])
    ok = passes(cards[-1], target, modifier, **readings)
    return (Outcome.SUCCESS if ok else Outcome.FAILURE), tuple(cards)


@RULES.decides(Recover)
def recover(state: DevilsBluffState, command: Recover) -> list[object]:
    refuse(why_not_in_round(state))
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_recover(state, command.fighter))
    refuse(why_not_contest(command.hand, command.contest))
    battle = battle_of(state)
    assert battle.activation is not None
    fear = _fear(state, fighter, command.feared_by, "CMD")
    dealing = Dealing(state.deck, command.order_by, typed_cards(state, command.typed))
    laid = None
    cards: tuple[Card, ...] = ()
    hands: dict[str, tuple[Card, ...]] = {}
    with drawing(state, "Draw Deck", dealing):
        if command.hand:
            laid, hands = lay(state, dealing, gang.player, command.contest)
            outcome = laid.outcome
        else:
            outcome, cards = top_card_test(state, fighter, "CMD", fear, dealing)
    left = battle.activation.actions_left - 1
    tokens = max(0, fighter.tokens - 1)
    if outcome is not Outcome.FAILURE:
        left += 1
    if outcome is Outcome.CRITICAL:
        tokens = 0
    shrugged = outcome is Outcome.CRITICAL and fighter.recruit.ability == "Shrug it Off"
    verdict = recovered_words(fighter.tokens)[outcome]
    # the test itself, as the players check it against the cards on the table
    words = test_words(state, "CMD", fighter.profile.cmd, fear, fear, cards)
    line = (f"{fighter.name} recovers: {words}; {verdict}"
            f"{fearless_after_hand(fighter, 'CMD', laid, outcome)}")
    if shrugged:
        line += shrugged_told(fighter)
    recovered = Recovered(fighter.name, fear, outcome, tokens, left, line, cards=cards,
                          laid=laid.laid if laid else None, shrugged=shrugged,
                          moves=tuple(dealing.moves), hands=hands)
    return after_action(state, [recovered], gang.player, fighter.name)


@RULES.decides(AttributeTest)
def attribute_test(state: DevilsBluffState, command: AttributeTest) -> list[object]:
    refuse(why_not_test(state))
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_test(state, command.fighter))
    if command.attribute == "MOV":
        raise RuleError("Tests", "MOV is the inches a model moves, not a number a card must "
                        "reach: a test is of SKL, DEF or CMD", field="attribute")
    if command.attribute not in TESTED:
        named = f", not {command.attribute!r}" if command.attribute else ""
        raise RuleError("Tests", f"choose the attribute tested: SKL, DEF or CMD{named}",
                        field="attribute")
    if abs(command.modifier) > MOST_MODIFIER:
        raise RuleError("Modifiers", f"a test's modifier runs from -{MOST_MODIFIER} to "
                        f"+{MOST_MODIFIER}, not {command.modifier:+d}: past that the result, "
                        "held to 1..12, is the same whatever the card", field="modifier")
    refuse(why_not_contest(command.hand, command.contest))
    refuse(why_not_words(command.purpose, "Tests", "purpose", "what the test is for"))
    purpose = " ".join(command.purpose.split())
    target: int = getattr(fighter.profile, PROFILE[command.attribute])
    modifier = command.modifier + _fear(state, fighter, command.feared_by,
                                        command.attribute)
    dealing = Dealing(state.deck, command.order_by, typed_cards(state, command.typed))
    laid = None
    card = redrawn = None
    result = None
    cards: tuple[Card, ...] = ()
    hands: dict[str, tuple[Card, ...]] = {}
    with drawing(state, "Draw Deck", dealing):
        if command.hand:
            laid, hands = lay(state, dealing, gang.player, command.contest)
            outcome = laid.outcome
        else:
            outcome, cards = top_card_test(state, fighter, command.attribute, modifier,
                                           dealing)
            *before, card = cards
            redrawn = before[0] if before else None
            result = result_of(card, modifier,
                               king_capped_first=state.card_readings()["king_capped_first"])
    words = test_words(state, command.attribute, target, modifier,
                       modifier - command.modifier, cards)
    # what it is for, where the form said ("tests CMD" alone left the log's reader to guess)
    told = f", for {purpose}" if purpose else ""
    line = (f"{fighter.name} tests {words}{told}: {outcome.value}"
            f"{fearless_after_hand(fighter, command.attribute, laid, outcome)}")
    # Shrug it Off fires on a critical Command test, a Recover's or any other
    shrugged = (command.attribute == "CMD" and outcome is Outcome.CRITICAL
                and fighter.recruit.ability == "Shrug it Off")
    if shrugged:
        line += shrugged_told(fighter)
    return [Tested(fighter.name, command.attribute, target, modifier, outcome, line,
                   card, result, laid.laid if laid else None, shrugged, tuple(dealing.moves),
                   hands, redrawn, activating(state), purpose)]


def fearless_after_hand(fighter: Fighter, attribute: str, laid: HandsLaid | None,
                        outcome: Outcome) -> str:
    """What the line adds when a Fearless model's Command test by a laid hand fails: the
    table may look for Fearless's second card, and there is none (see the readings)."""
    if laid is None or attribute != "CMD" or outcome is not Outcome.FAILURE \
            or not fighter.rule_value("Fearless"):
        return ""
    return " (Fearless draws no card again after a laid hand)"


def test_words(state: DevilsBluffState, attribute: str, target: int, modifier: int,
               fear: int, cards: tuple[Card, ...]) -> str:
    """A test as the players check it: "CMD 7+ at -3 (Fear -3) with 7♠ (4), drawn again
    (Fearless): K♦ (10)", or "... with a played hand" when no card was drawn."""
    at = f" at {modifier:+d}" if modifier else ""
    if fear:
        at += f" (Fear {fear:+d})"
    readings = state.card_readings()
    shown = ", drawn again (Fearless): ".join(
        _shown(c, modifier, readings["king_capped_first"], readings["ace_fails"])
        for c in cards)
    return f"{attribute} {target}+{at} with {shown or 'a played hand'}"


def _shown(card: Card, modifier: int, capped: bool, ace_fails: bool = False) -> str:
    """A test's card and its result, and the cap that lowered it: "K♣ (13)", "K♦ (12,
    capped from 15)", or the Ace's agreed failure: "A♠ (9, an Ace fails)"."""
    result = result_of(card, modifier, king_capped_first=capped)
    note = cap_note(card, modifier, king_capped_first=capped, ace_fails=ace_fails)
    return f"{card} ({result}{', ' + note if note else ''})"


def fear_models(state: DevilsBluffState, fighter: str) -> list[str]:
    """The enemy models of `fighter` with Fear still in the game: the most that can stand
    within 6" of it."""
    owner = state.owner(fighter)
    return [f.name for g in state.gangs if g is not owner for f in g.fighters
            if not f.out and f.rule_value("Fear")]


def fear_known_near(state: DevilsBluffState, fighter: str) -> list[str]:
    """The enemy models with Fear the journal knows stand within 6" of `fighter`: those that
    fought it up close, either way, since either last moved (`turns.fought_up_close`), 1"
    being within 6". Others may stand within 6" too: the players count those."""
    feared = fear_models(state, fighter)
    return [name for name in fought_up_close(state, fighter) if name in feared]


def _fear(state: DevilsBluffState, fighter: Fighter, feared_by: int, attribute: str) -> int:
    """What Fear takes off a test of `attribute`: -3 for a Command test near `feared_by`
    enemy models with Fear, one or more (-3 each with the setting "fear_stacks"); no other
    test hears Fear, and no more are near than the enemy has."""
    if feared_by < 0:
        raise RuleError("Fear", "the number of Fear models nearby is 0 or more",
                        field="feared_by")
    if feared_by and attribute != "CMD":
        raise RuleError("Fear", f"Fear takes -3 off Command tests only, not {attribute}",
                        field="feared_by")
    feared = fear_models(state, fighter.name)
    if feared_by > len(feared):
        many = (f"only {len(feared)} enemy model of {fighter.name} has" if len(feared) == 1
                else f"only {len(feared)} enemy models of {fighter.name} have")
        raise RuleError("Fear", f"{many} Fear: {', '.join(feared)}" if feared else
                        f"no enemy model of {fighter.name} has Fear", field="feared_by")
    return FEAR * (feared_by if state.setting("fear_stacks") else min(1, feared_by))
