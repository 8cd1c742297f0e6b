"""A conflict up to its Call, decided: the set up (who enters, with which attributes, goals,
Stakes and the Dealer's stud hand), the Deal, the Draw, folds, and the Call. The readings
of the conflict's order are in `rules`' docstring; the arithmetic in `deal` and `call`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from gmscreen.core.cards import Card, card_codes, cards_from_codes, parse_cards, verify_distinct
from gmscreen.core.text import plural, quoted
from gmscreen.games.dust_devils import call as calling
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils.deal import (
    PACK_SIZE,
    STUD_SIZES,
    cards_in_deal,
    draw_limit,
    pack_short,
    stud_cards,
)
from gmscreen.games.dust_devils.events import (
    SIDES,
    Called,
    CardsDealt,
    CardsDrawn,
    ChipsChanged,
    ConflictEnded,
    ConflictOpened,
    DealerFolded,
    Entered,
    EntrantAdded,
    EntrantsWithdrawn,
    Folded,
    HandOfCards,
    HopedFor,
    Laid,
    PointsOf,
)
from gmscreen.games.dust_devils.log import named, named_all
from gmscreen.games.dust_devils.recovery import recoverable, recovery_stud
from gmscreen.games.dust_devils.rules import (
    RULES,
    OutOfStep,
    character_named,
    conflict_at,
    named_once,
    refusal_of,
    verify_chips,
    why_not_devil_counts,
    why_not_phase,
)
from gmscreen.games.dust_devils.sheet import attribute_split, parse_attribute
from gmscreen.games.dust_devils.state import DEALER, Character, Conflict, DustDevilsState
from gmscreen.journal.rules import RuleError

MAX_STAKES = 3


def _cards(typed: Sequence[str], rule: str, field: str) -> tuple[Card, ...]:
    """Typed or dealt cards; RuleError naming a card that is no card."""
    try:
        return tuple(parse_cards(" ".join(typed)))
    except ValueError as error:
        raise RuleError(rule, str(error), field=field) from None


def _verify_pack(codes: Sequence[str], rule: str, field: str) -> None:
    """No card twice and at most two jokers among everything out of the pack."""
    try:
        verify_distinct(cards_from_codes(codes))
    except ValueError as error:
        raise RuleError(rule, f"{error} (one pack of {PACK_SIZE} cards)", field=field) from None


def _both_or_one(jokers: int) -> str:
    return "both" if jokers == 2 else "one"


def _dealt_already(cards: Sequence[Card], earlier: Sequence[HandOfCards]) -> str:
    """Why `cards`, typed for one hand of the Deal, cannot come from the pack the `earlier`
    hands were dealt from ("" when they can): a card typed for one of them, named with the
    hand, or a joker past the pack's two, with the hands that hold them. The Dealer typing
    from the table's own pack looks there for his slip, not through every hand."""
    for card in cards:
        holder = next((h.name for h in earlier if not card.is_joker and card in h.cards), None)
        if holder is not None:
            return f"{card} is typed for {named(holder)} already (one pack of {PACK_SIZE} cards)"
    holders = [h.name for h in earlier for card in h.cards if card.is_joker]
    if holders and len(holders) + sum(card.is_joker for card in cards) > 2:
        return (f"a pack has only two jokers: {_both_or_one(len(holders))} typed for "
                f"{named_all(dict.fromkeys(holders))} already")
    return ""


def _not_held(held: Sequence[str], codes: Sequence[str]) -> str:
    """The cards of `codes` that `held` does not hold (jokers counted), as a player reads
    them ("2♦ Q♣"); "" when it holds every one."""
    return " ".join(str(card) for card in cards_from_codes(
        list((Counter(codes) - Counter(held)).elements())))


def _typed_twice(name: str, held: Sequence[str], codes: Sequence[str]) -> str:
    """Why `codes` names a card more often than `name`'s hand (`held`) holds it, though it
    holds it ("" when none): a slip of typing, not a card missing from the hand."""
    typed, holds = Counter(codes), Counter(held)
    over = next((code for code in typed if holds[code] and typed[code] > holds[code]), None)
    if over is None:
        return ""
    times = "twice" if typed[over] == 2 else f"{typed[over]} times"
    return (f"{cards_from_codes([over])[0]} is typed {times}: {named(name)} holds "
            f"{'one' if holds[over] == 1 else 'two'}")


def _award(state: DustDevilsState, names: Sequence[str], reason: str, title: str,
           patient: str = "") -> list[ChipsChanged]:
    """A Chip to each player character among `names`, and to a recovery's `patient`."""
    return [ChipsChanged(n, 1, reason, title) for n in awarded(state, names, patient)]


def awarded(state: DustDevilsState, names: Sequence[str], patient: str = ""
            ) -> tuple[str, ...]:
    """The player characters among `names` (the hands of the conflict), and the one a
    recovery heals (`patient`): those a Chip the Dealer awards goes to. A player whose
    character is healed is present though another holds the hand (line 285: Doc Samuelson
    stitches McCreedy up), so the Dealer's card more, redraw or fold is never free."""
    return tuple(dict.fromkeys(
        n for n in (*names, patient)
        if n and n != DEALER and (who := state.character(n)) is not None and who.player))


def patient_of(conflict: Conflict) -> str:
    """The one a recovery heals ("" when the conflict is none)."""
    return conflict.recovery[0] if conflict.recovery is not None else ""


def dealers_chip(state: DustDevilsState, name: str) -> str:
    """What a Chip's card more costs for `name`'s hand in the Draw under way, when it is one
    of the Dealer's hands (his stud hand, his characters): a Chip he gives each player
    present (lines 307-308); "" for a player's own hand, which pays one Chip of its own."""
    conflict = state.conflict
    if conflict is None or is_players(state, name):
        return ""
    paid = awarded(state, [p.name for p in conflict.active], patient_of(conflict))
    if not paid:
        return "no player is present to be given a Chip"
    return f"the Dealer gives a Chip each to {named_all(paid)}"


def is_players(state: DustDevilsState, name: str) -> bool:
    """Whether `name` is a player character's (not the stud hand, not the Dealer's)."""
    who = state.character(name)
    return who is not None and who.player


def side(state: DustDevilsState, conflict: Conflict, name: str) -> str:
    """The side `name`'s hand plays on (see `rules`: sides): the one the Dealer set as it
    entered, else as usual: the player characters stand together against the Dealer's hands
    (his stud hand and his characters), and face each other only when he holds no hand; in
    a recovery the stud hand is the hurt, against every healer, and the healers, the
    Dealer's too, stand together."""
    return side_among(state, [(p.name, p.side) for p in conflict.participants], name,
                      recovery=conflict.recovery is not None)


def side_among(state: DustDevilsState, hands: Sequence[tuple[str, str]], name: str, *,
               recovery: bool = False) -> str:
    """The side `name`'s hand plays on among `hands` (each a name and the side the Dealer
    set, "" as usual; the stud hand is the Dealer's): see `side`."""
    if recovery:
        return "the hurt" if name == DEALER else "the healers"
    if name == DEALER:
        return DEALER
    chosen = next((s for n, s in hands if n == name), "")
    if chosen:
        return {"players": "the players", "dealer": DEALER}.get(chosen, name)
    if not is_players(state, name):
        return DEALER
    # they face each other only when the Dealer holds no hand (his stud hand, one of his
    # characters, a player character set on his side) and none is set on the players'
    dealers = any(s in ("dealer", "players") or not is_players(state, n) for n, s in hands)
    return "the players" if dealers else name


def spared_by(state: DustDevilsState, conflict: Conflict,
              winners: Sequence[str]) -> tuple[str, ...]:
    """The hands below `winners` on their side: the winning combination beat none of them
    (a partner's winning hand deals them no Difficulty, book l.176, 240)."""
    theirs = {side(state, conflict, w) for w in winners}
    return tuple(p.name for p in conflict.active if p.name not in winners
                 and not p.is_stud and theirs == {side(state, conflict, p.name)})


# -- set up ------------------------------------------------------------------------------------


def why_not_open(state: DustDevilsState) -> RuleError | None:
    """Why no conflict can be set up now: one is under way."""
    if state.conflict is not None:
        return OutOfStep("Conflict", f"{quoted(state.conflict.title)} is still under way; "
                         "end it first")
    return None


def stakes_advised(entering: Sequence[c.Entrant]) -> str:
    """What the book advises for the Stakes of a conflict `entering` enter, said beside the
    open form's Stakes: one Chip at a turning point, two or three at a great one (l.230), at
    least one for a Seven Card Stud (l.184), none for a Three Card Stud (l.178, refused), and
    Stakes when a character deals with the Devil (l.234: those whose Devil is in play)."""
    told = ("Usually 1 Chip at a turning point, 2 or 3 at a great one. Seven Card Stud: 1 "
            "or more; Three Card Stud: none.")
    facing = [e.name for e in entering if e.devil]
    if facing:
        told += (f" The Devil is in play for {named_all(facing)}: Stakes are offered for "
                 "facing it.")
    return told


def stakes_for_stud(stud: int, start: int = 0, *, recovery: bool = False) -> int:
    """The Stakes the open form offers for the stud hand picked, the book's reading as the
    default: none for a Three Card Stud (l.178), at least one Chip for a Seven Card Stud
    (l.184: a hazard that hard is, as a rule, worth a Chip), and otherwise what the form
    started on (`start`: an opening taken back offers its own again). A recovery's stud
    hand is sized by the points hoped for (l.260-279), not by a hazard: its seven cards
    offer no Chip. The Dealer's own number, typed in the field, always stands over it."""
    if stud == 3:
        return 0
    if stud == 7 and not recovery:
        return max(start, 1)
    return start


def can_continue(state: DustDevilsState) -> bool:
    """Whether a conflict set up now may go on from the one just called, its winners each
    getting the optional card more."""
    return state.winner_card and bool(state.last_winners)


def at_zero_in(who: Character, attributes: Sequence[str]) -> bool:
    """Whether `who` enters with one of `attributes` at 0: the conflict is its last on the
    Road to Hell (book l.319), known as soon as the attributes are picked. Only a character
    with a Devil walks that road (its rating stands in for the 0, l.321): a minor character
    of the Dealer's at 0 is dealt nothing for that attribute, narrates only by the high card
    and has no fate due (`Character.on_last_leg` says the same)."""
    if not who.important:
        return False
    try:
        return any(who.value(parse_attribute(a)) == 0 for a in attributes)
    except RuleError:  # a misspelt attribute is refused as the entrant is checked
        return False


def _may_enter(state: DustDevilsState, name: str) -> Character:
    """The character called `name`, if it may enter a conflict at all: in play (one that
    has left play enters none) and its fate not due (its last conflict is over)."""
    who = character_named(state, name)
    if who.fate_due:
        raise RuleError("The Road to Hell", f"{who.name}'s last conflict is over; record the "
                        "fate first", field="entrants")
    return who


def who_may_enter(state: DustDevilsState) -> tuple[str, ...]:
    """The characters who may enter a conflict (the entrant form offers only these): not
    those who have left play, nor those whose fate is due. A minor character is among them:
    it enters a recovery (asked again as it is added)."""
    def may(name: str) -> bool:
        return refusal_of(lambda: _may_enter(state, name)) is None

    return tuple(w.name for w in state.characters if may(w.name))


def stud_offered(state: DustDevilsState) -> int:
    """The stud hand the open form starts on: none when an important non-player character
    added to the set up plays a hand of his own (the Five Card Stud is the Dealer's hand for
    a conflict without one, book l.174; he may still pick one for the hazards, l.371), five
    cards otherwise: a minor character given a hand of his own leaves it at five, since the
    stud hand usually plays such a character and a recovery needs one (round 21)."""
    for entrant in state.entering:
        who = state.character(entrant.name)
        if who is not None and not who.player and who.important:
            return 0
    return 5


def _entering(state: DustDevilsState, entrant: c.Entrant, *, healing: bool) -> Character:
    """The character entering, checked: in play, its fate not due, a goal declared, two
    different attributes, a trait on its sheet when one fits (book l.69), a Knack it has,
    and the Devil swaying the Deal only of a character with one. A minor character of the
    Dealer's (no Devil) may play a hand of his own, the Dealer's choice (l.371: he may deal
    himself more than one hand; l.174: the stud hand is what he typically deals). `healing`:
    the conflict is a recovery (kept for the callers; every character may heal)."""
    who = _may_enter(state, entrant.name)
    if entrant.devil and not who.important:
        raise RuleError("The Devil's due", f"{who.name} has no Devil to sway the Deal",
                        field="devil")
    if not entrant.goal.strip():
        raise RuleError("The Deal", f"{who.name} declares a goal before the Deal",
                        field="goal")
    if len(entrant.attributes) != 2:
        raise RuleError("The Deal", f"{who.name} picks two attributes", field="attributes")
    first, second = (parse_attribute(a) for a in entrant.attributes)
    if first == second:
        raise RuleError("The Deal", f"{who.name} picks two different attributes",
                        field="attributes")
    if entrant.trait and not any(t.strip() for t in who.traits):
        raise RuleError("Traits", f"{who.name} has no trait on the sheet to fit the way the "
                        "conflict is met: no card for one", field="trait")
    if entrant.knack.strip() and not who.knack(entrant.knack):
        raise RuleError("Knacks", f"{who.name} has no Knack {quoted(entrant.knack.strip())}",
                        field="knack")
    if entrant.side not in SIDES:
        raise RuleError("Sides", f"{who.name}'s hand plays on the players' side, the "
                        f"Dealer's or its own, not {entrant.side!r}", field="side")
    at_zero = at_zero_in(who, entrant.attributes)
    if entrant.devil or at_zero:
        unset = why_not_devil_counts(state, who, "it stands in for the attribute at 0"
                                     if at_zero else "it sways this Deal")
        if unset is not None:
            raise unset
    return who


def cards_due(who: Character, entrant: c.Entrant, *, won_last: bool = False) -> int:
    """The cards `who` is dealt entering as `entrant` says: the two attributes' current
    values (the Devil rating for one at 0), a fitting trait, the Devil, a Chip, and the last
    winners' card when the conflict goes on from theirs."""
    first, second = (parse_attribute(a) for a in entrant.attributes)
    return cards_in_deal(who.value(first), who.value(second), who.devil_rating,
                         trait=entrant.trait, devil=entrant.devil, chip=entrant.chip,
                         won_last=won_last)


def why_not_enter(state: DustDevilsState, entrant: c.Entrant, *,
                  healing: bool = False) -> RuleError | None:
    """Why `entrant` cannot enter the conflict being set up, as it is opened (`healing`:
    it is a recovery, whose healer may be a minor character)."""
    return refusal_of(lambda: _entering(state, entrant, healing=healing))


def why_not_chip(state: DustDevilsState, name: str, rule: str) -> RuleError | None:
    """Why `name`'s hand cannot have a Chip's card more (in the Deal or the Draw, `rule`
    naming which): a player pays with a Chip held; the Dealer's hands are paid by his award
    of a Chip to each player, always his to give."""
    who = state.character(name)
    if who is None or not who.player:
        return None
    return refusal_of(lambda: verify_chips(who, 1, rule))


def why_not_add_entrant(state: DustDevilsState) -> RuleError | None:
    """Why nobody can be added to a conflict now: one is under way, or every character who
    may enter is added already."""
    refused = why_not_open(state)
    if refused is not None:
        return refused
    if not entrants_left(state):
        return OutOfStep("Conflict", "every character who may enter is added already: open "
                         "the conflict (Open conflict)" if state.entering else "no character "
                         "may enter a conflict: make one first (Make, on the Characters tab)")
    return None


def entrants_left(state: DustDevilsState) -> tuple[str, ...]:
    """The characters who may still be added to the conflict being set up (the entrant form
    offers only these)."""
    added = {e.name for e in state.entering}
    return tuple(n for n in who_may_enter(state) if n not in added)


def minor_hand(name: str) -> str:
    """What the entrant form says as the Dealer picks a minor character (no Devil): the
    stud hand usually plays him, and a hand of his own is the Dealer's call (l.174, 371)."""
    return (f"{name} has no Devil: the stud hand usually plays a minor character; a hand of "
            "his own is the Dealer's call (his attributes, his Knack in the Draw, no Devil)")


def _adding(state: DustDevilsState, entrant: c.Entrant) -> Character:
    """The character added to the conflict being set up, checked as it will be when the
    conflict opens."""
    refused = why_not_open(state)
    if refused is not None:
        raise refused
    who = character_named(state, entrant.name)
    if who.name in {e.name for e in state.entering}:
        raise RuleError("Conflict", f"{who.name} is entering already: a character enters a "
                        "conflict once", field="name")
    _entering(state, entrant, healing=True)
    if entrant.chip and who.player:
        verify_chips(who, 1, "Extra card")
    return who


def why_not_entrant(state: DustDevilsState, entrant: c.Entrant) -> RuleError | None:
    """Why `entrant` cannot be added to the conflict being set up now."""
    return refusal_of(lambda: _adding(state, entrant))


@RULES.decides(c.AddEntrant)
def add_entrant(state: DustDevilsState, command: c.AddEntrant) -> list[object]:
    entrant = command.entrant
    who = _adding(state, entrant)
    knack = next((k for k, _ in who.knacks  # as the sheet spells it
                  if k.lower() == entrant.knack.strip().lower()), "")
    return [EntrantAdded(who.name, entrant.goal.strip(),
                         tuple(parse_attribute(a) for a in entrant.attributes),
                         entrant.trait, entrant.devil, entrant.chip, knack, entrant.side)]


@RULES.decides(c.WithdrawEntrants)
def withdraw_entrants(state: DustDevilsState, command: c.WithdrawEntrants) -> list[object]:
    if not command.names:
        raise RuleError("Conflict", "name who is taken out", field="names")
    named_once([(n, n) for n in command.names], "Conflict", "names", "name")
    entering = {e.name for e in state.entering}
    stray = [n for n in command.names if n not in entering]
    if stray:
        raise RuleError("Conflict", f"{', '.join(stray)} is not entering the conflict being "
                        "set up", field="names")
    return [EntrantsWithdrawn(tuple(command.names), everyone=set(command.names) == entering)]


def why_not_withdraw(state: DustDevilsState) -> RuleError | None:
    """Why nobody can be taken out of the conflict being set up: nobody is entering."""
    refused = why_not_open(state)
    if refused is None and not state.entering:
        return OutOfStep("Conflict", "nobody is entering yet: add each character who enters "
                         "first (Add entrant)")
    return refused


def _hoped_for(state: DustDevilsState, command: c.OpenConflict) -> HopedFor | None:
    if command.recovery is None:
        return None
    patient = character_named(state, command.recovery[0])
    split = {a: n for a, n in attribute_split(command.recovery[1], "Recovery",
                                              "recovery").items() if n}
    points = sum(split.values())
    zero = [a.value for a in split if patient.value(a) == 0]
    if zero:
        raise RuleError("The Road to Hell", f"{patient.name}'s {' and '.join(zero)} at 0 "
                        "recovers no Difficulty; only a narrator's Chip brings it back to 1",
                        field="recovery")
    lost = recoverable(patient)
    if any(n < 0 or n > lost.get(a, 0) for a, n in split.items()):
        # what may be typed: "Heart -1" or "Guts 1" was refused naming nothing to type
        held = ", ".join(f"{a} {n}" for a, n in lost.items()) or "none"
        raise RuleError("Recovery", f"{patient.name} can only get back points lost, 1 or "
                        f"more of each: {held}", field="recovery")
    if command.stud != recovery_stud(points):
        raise RuleError("Recovery", f"{plural(points, 'point')} back call for a "
                        f"stud hand of {recovery_stud(points)}", field="stud")
    return HopedFor(patient.name, tuple(PointsOf(a, n) for a, n in split.items()))


@RULES.decides(c.OpenConflict)
def open_conflict(state: DustDevilsState, command: c.OpenConflict) -> list[object]:
    refused = why_not_open(state)
    if refused is not None:
        raise refused
    title = command.title.strip()
    if not title:
        raise RuleError("Conflict", "name the conflict", field="title")
    if not 0 <= command.stakes <= MAX_STAKES:
        raise RuleError("Stakes", f"Stakes are 0 to {MAX_STAKES} Chips, not {command.stakes}",
                        field="stakes")
    if command.stud and command.stud not in STUD_SIZES:
        raise RuleError("Stud hand", f"the Dealer's stud hand is 3, 5 or 7 cards, not "
                        f"{command.stud}", field="stud")
    if command.takes_up and command.takes_up not in {r.number for r in state.open_threads}:
        raise RuleError("Open threads", f"conflict {command.takes_up} is no open thread",
                        field="takes_up")
    if command.stud == 3 and command.stakes:
        raise RuleError("Stakes", "a minor conflict (Three Card Stud) has no Stakes",
                        field="stakes")
    if command.entrants and state.entering and tuple(command.entrants) != state.entering:
        raise RuleError("Conflict", "the conflict opens with the characters added to it: "
                        + ", ".join(e.name for e in state.entering), field="entrants")
    chosen = command.entrants or state.entering
    names = [e.name for e in chosen]
    if not names:
        raise RuleError("Conflict", "nobody is entering yet: add each character who enters "
                        "first (Add entrant)", field="entrants")
    if len(set(names)) != len(names):
        raise RuleError("Conflict", "a character enters a conflict once", field="entrants")
    healing = command.recovery is not None
    if not healing and not any(character_named(state, n).player for n in names):
        raise RuleError("Conflict", "a conflict needs at least one player character",
                        field="entrants")
    if not command.stud and len(names) < 2:
        raise RuleError("Stud hand", "a hand alone is no conflict: the Dealer plays a stud "
                        "hand of 3, 5 or 7 cards, or another character enters", field="stud")
    if command.stud_chip and not command.stud:
        raise RuleError("Stud hand", "there is no stud hand to give a card more",
                        field="stud_chip")
    if command.continues and not state.last_winners:
        raise RuleError("Shuffling", "no conflict has just been called to go on from; a "
                        "conflict left unresolved is taken up again instead",
                        field="continues")
    winner_card = state.winner_card and command.continues
    entrants: list[Entered] = []
    for entrant in chosen:
        who = _entering(state, entrant, healing=healing)
        first, second = (parse_attribute(a) for a in entrant.attributes)
        knack = next((k for k, _ in who.knacks  # as the sheet spells it
                      if k.lower() == entrant.knack.strip().lower()), "")
        if entrant.chip and who.player:
            verify_chips(who, 1, "Extra card")
        won_last = winner_card and who.name in state.last_winners
        count = cards_due(who, entrant, won_last=won_last)
        entrants.append(Entered(
            who.name, count, entrant.goal.strip(), (first, second), entrant.trait,
            entrant.devil, entrant.chip, won_last,
            at_zero=at_zero_in(who, entrant.attributes), knack=knack, side=entrant.side))
    hands = [(e.name, e.side) for e in entrants] + ([(DEALER, "")] if command.stud else [])
    if not healing and len({side_among(state, hands, n) for n, _ in hands}) < 2:
        # the sides the Dealer set leave nobody against anyone: no winner would beat a hand
        raise RuleError("Sides", "every hand plays on one side, so nobody opposes them: set "
                        "a hand's side apart, or the Dealer plays a stud hand",
                        field="entrants")
    if command.stud:
        # the stud hand that won the conflict just called is its winner too
        stud_won = winner_card and DEALER in state.last_winners
        entrants.append(Entered(DEALER, stud_cards(command.stud, chip=command.stud_chip)
                                + int(stud_won), command.stud_goal.strip(),
                                chip=command.stud_chip, won_last=stud_won))
    recovery = _hoped_for(state, command)
    if recovery is not None and not any(e.knack for e in entrants):
        # the open form has no Knack: it is named as a hand enters (the Dealer's stud none)
        named_none = [e.name for e in entrants if e.name != DEALER]
        raise RuleError("Recovery", "points come back only through a Knack used to heal, "
                        f"console or aid, and {' and '.join(named_none)} entered naming "
                        "none: take the healer out of the conflict and add the healer again "
                        "naming the Knack that heals", field="knack")
    total = sum(e.cards for e in entrants)
    if total > PACK_SIZE:
        raise RuleError("The Deal", f"{total} cards are more than a pack of {PACK_SIZE}",
                        field="entrants")
    made: list[object] = [ConflictOpened(
        state.conflicts_held + 1, title, tuple(entrants), command.stakes, command.stud,
        recovery, command.takes_up, command.continues)]
    # a player's card more costs its Chip; the Dealer's, for the stud hand or a non-player
    # character's hand, is a Chip to each player character in the conflict
    for e in entrants:
        if not e.chip:
            continue
        if is_players(state, e.name):
            made.append(ChipsChanged(e.name, -1, f"buys a card more in {title}", title))
        else:
            hand = "his stud hand" if e.name == DEALER else f"{e.name}'s hand"
            made += _award(state, [x.name for x in entrants],
                           f"the Dealer's card more for {hand} in {title}", title,
                           recovery.patient if recovery is not None else "")
    return made


# -- the Deal ----------------------------------------------------------------------------------


def why_not_deal(state: DustDevilsState) -> RuleError | None:
    return why_not_phase(state, "The Deal", "deal")


@RULES.decides(c.Deal)
def deal(state: DustDevilsState, command: c.Deal) -> list[object]:
    conflict = conflict_at(state, "The Deal", "deal")
    named_once(command.hands, "The Deal", "hands")
    hands = dict(command.hands)
    dealt: list[HandOfCards] = []
    folded = [p.name for p in conflict.participants if p.folded and p.name in hands]
    if folded:
        # a fold before the Deal (line 214) takes the character out: no cards for him
        raise RuleError("The Deal", f"{named(folded[0], start=True)} folded: no cards for "
                        "a hand out of the conflict", field=folded[0])
    for p in conflict.active:
        if p.name not in hands:
            raise RuleError("The Deal", f"no cards for {named(p.name)}", field=p.name)
        cards = _cards(hands[p.name], "The Deal", p.name)
        if len(cards) != p.cards_due:
            raise RuleError("The Deal", f"{named(p.name, start=True)} is dealt "
                            f"{p.cards_due} cards, not {len(cards)}", field=p.name)
        _verify_pack(card_codes(cards), "The Deal", p.name)
        refused = _dealt_already(cards, dealt)
        if refused:
            raise RuleError("The Deal", refused, field=p.name)
        dealt.append(HandOfCards(p.name, cards))
    extra = set(hands) - {p.name for p in conflict.participants}
    if extra:
        raise RuleError("The Deal", f"{', '.join(sorted(extra))} is not in this conflict",
                        field="hands")
    return [CardsDealt(tuple(dealt), conflict.title)]


# -- the Draw -----------------------------------------------------------------------------------


def to_draw(conflict: Conflict) -> tuple[str, ...]:
    """The hands still to draw (or stand pat), in the order they entered."""
    return tuple(p.name for p in conflict.active if not p.drawn)


def why_not_draw(state: DustDevilsState) -> RuleError | None:
    refused = why_not_phase(state, "The Draw", "draw")
    if refused is None and state.conflict is not None and not to_draw(state.conflict):
        return RuleError("The Draw", "every hand has drawn or stood pat; the Call is next")
    return refused


def draw_allowed(state: DustDevilsState, name: str, knack: str = "", *,
                 chip: bool = False) -> int:
    """How many cards `name`'s hand may change now: the Knack named at the Draw (or when it
    entered), a Chip's card more, and the Devil rating for a character at 0; never more
    than the cards it holds (once dealt), as only cards held are thrown, nor than the cards
    left in the conflict's pack, as each card thrown is replaced from it (a Deal of all 54
    leaves none to draw: every hand stands pat)."""
    conflict = state.conflict
    p = conflict.participant(name) if conflict is not None else None
    who = state.character(name)
    if p is None or who is None:
        limit = int(chip)
    else:
        used = knack.strip() or p.knack
        limit = draw_limit(who.knack(used) if used else 0, chip=chip,
                           devil_at_zero=who.devil_rating if p.at_zero else 0)
    if conflict is None or p is None or not p.hand:
        return limit
    return min(limit, len(p.hand), pack_left(conflict))


def pack_left(conflict: Conflict) -> int:
    """The cards of the conflict's pack not yet dealt or drawn."""
    return max(PACK_SIZE - len(conflict.seen), 0)


def first_to_draw(state: DustDevilsState) -> str:
    """The hand the Draw is offered to first: the first still to draw that may change a
    card as it entered (its Knack, or the Devil at 0), else the first still to draw ("" when
    none is): a hand that may change none stands pat at the Call without a Draw of its own,
    unless a Knack ruled relevant now or a Chip lets it change some."""
    waiting = to_draw(state.conflict) if state.conflict is not None else ()
    return next((name for name in waiting if draw_allowed(state, name)),
                waiting[0] if waiting else "")


@RULES.decides(c.Draw)
def draw(state: DustDevilsState, command: c.Draw) -> list[object]:
    conflict = conflict_at(state, "The Draw", "draw")
    p = conflict.participant(command.name)
    if p is None or p.folded:
        raise RuleError("The Draw", f"{named(command.name, start=True)} holds no hand in this "
                        "conflict",
                        field="name")
    if p.drawn:
        raise RuleError("The Draw", f"{named(p.name, start=True)} has drawn already", field="name")
    discards = _cards(command.discards, "The Draw", "discards")
    drawn = _cards(command.drawn, "The Draw", "drawn")
    if len(discards) != len(drawn):
        raise RuleError("The Draw", f"{len(discards)} discarded, {len(drawn)} drawn: the "
                        "Dealer deals as many as are discarded", field="drawn")
    twice = _typed_twice(p.name, p.hand, card_codes(discards))
    if twice:
        raise RuleError("The Draw", twice, field="discards")
    not_held = _not_held(p.hand, card_codes(discards))
    if not_held:
        raise RuleError("The Draw", f"{named(p.name, start=True)} does not hold {not_held}: a "
                        "hand discards "
                        "only cards it holds", field="discards")
    # a card already out of the pack is no card "typed twice": the Dealer typed it once
    _verify_pack(card_codes(drawn), "The Draw", "drawn")
    out = next((card for card in drawn if not card.joker and card.code in conflict.seen),
               None)
    if out is not None:
        raise RuleError("The Draw", f"{out} is out of the pack already: dealt or drawn in "
                        f"this conflict (one pack of {PACK_SIZE} cards)", field="drawn")
    jokers_out = conflict.seen.count("*")
    if jokers_out and jokers_out + sum(card.is_joker for card in drawn) > 2:
        raise RuleError("The Draw", f"a pack has only two jokers: {_both_or_one(jokers_out)} "
                        "out already, dealt or drawn in this conflict", field="drawn")
    who = state.character(p.name)
    used = command.knack.strip() or p.knack
    if used:
        if who is None:
            raise RuleError("The Draw", "the Dealer's stud hand has no Knacks", field="knack")
        if not who.knack(used):
            raise RuleError("The Draw", f"{who.name} has no Knack {quoted(used)}", field="knack")
    if command.chip and who is not None and who.player:
        verify_chips(who, 1, "Additional card")
    limit = draw_allowed(state, p.name, command.knack, chip=command.chip)
    if p.is_stud and discards and not command.chip:
        raise RuleError("The Draw", "the Dealer redraws from his stud hand only by "
                        "awarding each player a Chip (One more)", field="chip")
    left = pack_left(conflict)
    if len(discards) > left:
        raise RuleError("The Draw", f"{named(p.name, start=True)} changes "
                        f"{plural(len(discards), 'card')}; {pack_short(left)}",
                        field="discards")
    if p.is_stud and len(discards) > limit:
        raise RuleError("The Draw", f"a Chip to each player buys the stud hand one card "
                        f"to change, not {len(discards)}", field="discards")
    if len(discards) > limit:
        why = "no relevant Knack, no draw" if not limit else f"at most {limit}"
        raise RuleError("The Draw", f"{named(p.name, start=True)} changes "
                        f"{plural(len(discards), 'card')}; "
                        f"{why}", field="discards")
    # the Chip buys one card more than the Draw allows without it (book l.300, 307): paid
    # for a card the Knack already allows, or for none thrown, it bought nothing
    without = draw_allowed(state, p.name, command.knack)
    if command.chip and len(discards) <= without:
        told = (f"{named(p.name, start=True)} may change {without} without a Chip and changes "
                f"{len(discards)}:" if discards else f"{named(p.name, start=True)} throws "
                "no card: the Chip's card is one more to change;")
        raise RuleError("Additional card", f"{told} untick One more (Chip)", field="chip")
    devil = who.devil_rating if who is not None and p.at_zero else 0
    made: list[object] = [CardsDrawn(p.name, discards, drawn, used, command.chip,
                                     conflict.title, devil, typed=command.typed)]
    if command.chip and who is not None and who.player:
        # the Draw's line says the Chip's card; this one its price
        made.append(ChipsChanged(p.name, -1, f"draws a card more in {conflict.title}",
                                 conflict.title, price=True))
    elif command.chip:
        whose = "" if p.is_stud else f" for {p.name}"
        made += _award(state, [q.name for q in conflict.active],
                       f"the Dealer's redraw{whose} in {conflict.title}", conflict.title,
                       patient_of(conflict))
    return made


# -- folds --------------------------------------------------------------------------------------


def _why_not_fold_now(state: DustDevilsState) -> RuleError | None:
    """Why nobody, player or Dealer, may fold at this step: folding is from the Deal until
    the Call (line 214), the Dealer's "just as" the players' (line 309); once the hands are
    laid the refusal says so, where it named only the step."""
    if state.conflict is not None and state.conflict.phase == "resolve":
        return RuleError("Fold", "a fold comes before the Call, and the hands are laid")
    return why_not_phase(state, "Fold", "deal", "draw")


def why_not_fold(state: DustDevilsState) -> RuleError | None:
    """Why no player can fold now: folding is from the Deal until the Call, and costs a
    Chip that a player in the conflict holds."""
    refused = _why_not_fold_now(state)
    if refused is None and not who_can_fold(state):
        return RuleError("Fold", "folding costs a Chip, and no player character in the "
                         "conflict holds one" if who_may_fold(state) else
                         "no player character is left in the conflict to fold")
    return refused


def who_may_fold(state: DustDevilsState) -> tuple[str, ...]:
    """The player characters in the conflict who have not folded."""
    conflict = state.conflict
    if conflict is None:
        return ()
    return tuple(p.name for p in conflict.active if is_players(state, p.name))


def why_not_fold_for(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` cannot fold now (not in the conflict, or no Chip to pay with)."""
    return refusal_of(lambda: fold(state, c.Fold(name)))


def who_can_fold(state: DustDevilsState) -> tuple[str, ...]:
    """The players who can fold now, a Chip in hand (the fold form offers these)."""
    return tuple(n for n in who_may_fold(state) if why_not_fold_for(state, n) is None)


@RULES.decides(c.Fold)
def fold(state: DustDevilsState, command: c.Fold) -> list[object]:
    refused = _why_not_fold_now(state)
    if refused is not None:
        raise refused
    conflict = conflict_at(state, "Fold", "deal", "draw")
    if command.name not in who_may_fold(state):
        raise RuleError("Fold", f"{named(command.name, start=True)} is no player character in "
                        "this conflict",
                        field="name")
    who = character_named(state, command.name)
    verify_chips(who, 1, "Fold")
    made: list[object] = [Folded(who.name, conflict.title),
                          ChipsChanged(who.name, -1, f"folds in {conflict.title}",
                                       conflict.title, price=True)]
    if len(who_may_fold(state)) == 1:
        made.append(ConflictEnded(conflict.title, unresolved=True,
                                  outcome="every player character folded",
                                  hands=conflict.characters))
    return made


def why_not_dealer_folds(state: DustDevilsState) -> RuleError | None:
    """The Dealer folds before the Call, and only in a conflict with an important
    non-player character: one with a Devil (book l.174, 309), not a minor one come to
    heal."""
    refused = _why_not_fold_now(state)
    if refused is not None or state.conflict is None:
        return refused
    if not any((who := state.character(p.name)) is not None and not who.player
               and who.important for p in state.conflict.participants):
        return RuleError("Fold", "the Dealer folds only in conflicts with an important "
                         "non-player character (one with a Devil)")
    return None


@RULES.decides(c.DealerFolds)
def dealer_folds(state: DustDevilsState, command: c.DealerFolds) -> list[object]:
    refused = why_not_dealer_folds(state)
    if refused is not None:
        raise refused
    conflict = conflict_at(state, "Fold", "deal", "draw")
    return [DealerFolded(conflict.title),
            *_award(state, [p.name for p in conflict.active],
                    f"the Dealer folds {conflict.title}", conflict.title, patient_of(conflict)),
            ConflictEnded(conflict.title, unresolved=True, outcome="the Dealer folded",
                          hands=conflict.characters)]


# -- the Call ---------------------------------------------------------------------------------


def why_not_call(state: DustDevilsState) -> RuleError | None:
    return why_not_phase(state, "The Call", "draw")


@RULES.decides(c.Call)
def call(state: DustDevilsState, command: c.Call) -> list[object]:
    conflict = conflict_at(state, "The Call", "draw")
    named_once(command.lays, "The Call", "lays")
    lays = dict(command.lays)
    stray = set(lays) - {p.name for p in conflict.active}
    if stray:
        raise RuleError("The Call", f"{', '.join(sorted(stray))} holds no hand in this "
                        "conflict (never entered, or folded): only the hands still in lay "
                        "cards", field="lays")
    hands = {}
    laid: dict[str, list[Card]] = {}
    for p in conflict.active:
        if p.name not in lays:
            raise RuleError("The Call", f"{named(p.name, start=True)} lays no cards",
                            field=p.name)
        codes = card_codes(_cards(lays[p.name], "The Call", p.name))
        twice = _typed_twice(p.name, p.hand, codes)
        if twice:
            raise RuleError("The Call", twice, field=p.name)
        not_held = _not_held(p.hand, codes)
        if not_held:
            raise RuleError("The Call", f"{named(p.name, start=True)} does not hold {not_held}: "
                            "a hand lays "
                            "only cards it holds", field=p.name)
        cards = cards_from_codes(codes)
        hands[p.name] = calling.verify_lay(p.name, cards_from_codes(p.hand), cards,
                                            said=named(p.name, start=True))
        laid[p.name] = cards
    top = calling.winners(hands)
    winning = hands[top[0]]
    high = calling.narration_card(laid)
    holder = high[0] if high else ""
    narrator = _zero_narrator(conflict, laid) or holder
    return [Called(
        tuple(Laid(n, tuple(cs), hands[n].describe(), hands[n].category.label)
              for n, cs in laid.items()),
        tuple(top), tuple(winning.combination), winning.category.label, conflict.title,
        high[1].code if high else "", holder, narrator, spared_by(state, conflict, top))]


def _zero_narrator(conflict: Conflict, laid: Mapping[str, Sequence[Card]]) -> str:
    """Who narrates by the Road to Hell ("" for nobody): the one character that entered at
    0, or, among several, the one that laid the highest card (the first of them when they
    laid only jokers). Bids among them may take it away."""
    zero = conflict.at_zero
    if len(zero) < 2:
        return zero[0] if zero else ""
    high = calling.narration_card({n: laid[n] for n in zero})
    return high[0] if high else zero[0]
