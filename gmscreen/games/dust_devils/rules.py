"""Dust Devils' decider: the Dealer's commands checked against the book, turned into events,
and folded into the state.

The arithmetic and its readings live in `sheet`, `deal`, `call` and `recovery`; readings of
the conflict's order live here (each tested in tests/dust_devils/test_rules.py or
test_book.py; docs/rules/dust-devils.md maps every rule of the book to its test):

- A conflict goes set up, Deal, Draw, Call, then resolution: narration bids, Difficulty, the
  narrator's restored point, and its end, where the Stakes are paid. Folding is allowed from
  the Deal until the Call.
- Every character entering declares a goal; the Dealer's stud hand may go without one.
- A conflict holds at least two hands: the Dealer's stud hand, an important non-player
  character's, or another player character's (the Dealer only usually deals himself a hand,
  so player characters may face each other alone). Minor characters are the stud hand's.
  One stud hand a conflict: the book advises folding every hazard into one.
- It holds at least one player character, except a recovery, whose healer may be any
  character of the Dealer's, with a Devil or without (the book's Doc Samuelson).
- Every Chip that changes hands is its own `chips_changed` event with its reason, so a
  sheet's ledger tells where each Chip came from and went. Only player characters hold
  Chips; the Dealer awards them.
- Chips the Dealer awards (one more stud card, a stud redraw, the Dealer's fold) go to each
  player character present and not folded.
- Stakes go to each player character among the winners; a minor conflict (a stud hand of 3)
  has no Stakes.
- Every hand below the winning hand lost, and the winning combination is what beat it: a
  partner's winning hand deals its Difficulty to the other player characters too.
- Any player may bid Chips for narration, in the conflict or not: narration is the
  players', not their characters'. Whoever narrates by paying Chips (a bidder, the high
  card's holder meeting a bid, or paying one unopposed) restores one point of the Difficulty
  it took in this conflict, at most one a conflict.
- The narrator may hand Difficulty to anyone in the conflict, a winner too, as the story
  needs: the amount and the attributes are the narrator's call, never below 0.
- A character that enters with an attribute at 0 narrates: when there is one such, it
  narrates without a bid; when there are more, only they may bid, and among them the one
  that laid the highest card holds narration as the high card's holder does (keeps it by
  meeting the highest bid).
- When a conflict in which a character used an attribute at 0 is called and ends, its fate
  is due; the character enters no other conflict, and stays on its sheet, out of play, once
  the player records it. A conflict that ends unresolved (every player folded, or the
  Dealer folded) settles nothing: it was no last stand.
- A recovery is won when any character's hand wins it (not the stud hand): the patient gets
  the named points back, never above the ratings and never to an attribute at 0. Its
  Difficulty, when the healer loses, is taken as usual.
- Raising an attribute raises its current value with its rating, except an attribute at
  0: the Road to Hell is left only by the narrator's Chip, never by buying a point.
- Each entrant may name the Knack relevant to the conflict (the Dealer rules on it); its
  Draw uses that Knack unless the Draw names another, and the win chances assume it. An
  important non-player character's hand draws by its Knacks as a player's does; only the
  stud hand needs the Dealer's award to redraw.
- Open threads: a conflict that ends unresolved stays open until a later conflict takes
  it up again (that conflict's end closes it, whatever its outcome; if it too is left
  unresolved, it is the open thread now) or the Dealer closes it with a reason.
- The optional winner's card goes to the winners of the conflict just called when the next
  conflict goes on from it at once (`continues`); a new session, or a conflict left
  unresolved, is nothing to go on from.
- Devil ratings: a player sets the character's once a session, during it, and it holds until
  the session ends (undo takes back a mistake); the Characters tab shows who has not set it
  yet. The Dealer sets his characters' whenever he likes, outside their conflicts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from gmscreen.core.cards import (
    Card,
    card_codes,
    cards_from_codes,
    parse_cards,
    verify_distinct,
)
from gmscreen.core.poker import evaluate
from gmscreen.games.dust_devils import call as calling
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils import log
from gmscreen.games.dust_devils.deal import (
    PACK_SIZE,
    STUD_SIZES,
    cards_in_deal,
    draw_limit,
    stud_cards,
)
from gmscreen.games.dust_devils.recovery import recovery_stud, session_recovery
from gmscreen.games.dust_devils.sheet import (
    ATTRIBUTES,
    NEW_KNACK_COST,
    Attribute,
    attribute_raise_cost,
    knack_raise_cost,
    parse_attribute,
    verify_devil_rating,
    verify_knacks,
    verify_player_sheet,
    verify_ratings,
)
from gmscreen.games.dust_devils.state import (
    DEALER,
    FATES,
    Character,
    ChipEntry,
    Conflict,
    ConflictRecord,
    DustDevilsState,
    Participant,
)
from gmscreen.journal.events import SESSION_END, SESSION_START, Event, NewEvent
from gmscreen.journal.rules import RuleError

P = "dust_devils."
MAX_STAKES = 3


def _e(kind: str, **data: Any) -> NewEvent:
    return NewEvent(P + kind, data)


def _chips(name: str, change: int, reason: str) -> NewEvent:
    return _e("chips_changed", name=name, change=change, reason=reason)


def _codes(text: Sequence[str], rule: str, field: str) -> list[str]:
    """Typed or dealt cards as journal codes; RuleError naming a card that is no card."""
    try:
        return card_codes(parse_cards(" ".join(text)))
    except ValueError as error:
        raise RuleError(rule, str(error), field=field) from None


def _verify_pack(codes: Sequence[str], rule: str, field: str) -> None:
    """No card twice and at most two jokers among everything out of the pack."""
    try:
        verify_distinct(cards_from_codes(codes))
    except ValueError as error:
        raise RuleError(rule, f"{error} (one pack of {PACK_SIZE} cards)", field=field) from None


def _holds(held: Sequence[str], cards: Sequence[str]) -> bool:
    """True when every one of `cards` is in `held` (jokers counted)."""
    return not Counter(cards) - Counter(held)


# ---------------------------------------------------------------- checks


def _character(state: DustDevilsState, name: str, *, in_play: bool = True) -> Character:
    found = state.character(name)
    if found is None:
        raise RuleError("Characters", f"there is no character named {name!r}", field="name")
    if in_play and not found.in_play:
        raise RuleError("The Road to Hell", f"{name} has left play ({found.fate})",
                        field="name")
    return found


def _conflict(state: DustDevilsState, *phases: str) -> Conflict:
    conflict = state.conflict
    if conflict is None:
        raise RuleError("Conflict", "no conflict is under way; set one up first")
    if phases and conflict.phase not in phases:
        raise RuleError("Conflict", f"that is not done during the {_PHASE[conflict.phase]}")
    return conflict


_PHASE = {"deal": "Deal", "draw": "Draw", "resolve": "resolution after the Call"}


def _holder(state: DustDevilsState, name: str, *, in_play: bool = True) -> Character:
    """A player character, who may hold Chips; RuleError for anyone else."""
    who = _character(state, name, in_play=in_play)
    if not who.player:
        raise RuleError("Chips", f"{who.name} is a non-player character: Chips are the "
                        "players' to win and spend", field="name")
    return who


def _pay(who: Character, chips: int, rule: str, field: str = "chip") -> None:
    if who.chips < chips:
        raise RuleError(rule, f"{who.name} has {who.chips} Chip{'s' * (who.chips != 1)}; this "
                        f"costs {chips}", field=field)


def _verify_sheet(sheet: c.Sheet, bought: tuple[int, int] = (0, 0)) -> None:
    if not sheet.name.strip():
        raise RuleError("Characters", "a character needs a name", field="name")
    if sheet.name.strip() == DEALER:
        raise RuleError("Characters", f"{DEALER!r} is the Dealer's stud hand; pick another "
                        "name", field="name")
    if len(sheet.ratings) != len(ATTRIBUTES):
        raise RuleError("Attributes", "a sheet has four attributes", field="attributes")
    ratings = dict(zip(ATTRIBUTES, sheet.ratings, strict=True))
    knacks = dict(sheet.knacks)
    if len(knacks) != len(sheet.knacks):
        raise RuleError("Knacks", "a Knack is listed twice", field="knacks")
    if sheet.chips < 0:
        raise RuleError("Chips", "Chips cannot be fewer than 0", field="chips")
    if sheet.player:
        verify_player_sheet(ratings, knacks, sheet.devil_rating, sheet.traits,
                            attribute_points_bought=bought[0], knack_points_bought=bought[1])
        if not sheet.devil.strip():
            raise RuleError("Devil", "every player character has a Devil", field="devil")
        return
    if sheet.chips:
        raise RuleError("Chips", "Chips are the players'; a non-player character holds none",
                        field="chips")
    verify_ratings(ratings)
    verify_knacks(knacks, ratings)
    if sheet.devil.strip() or sheet.devil_rating:
        verify_devil_rating(sheet.devil_rating)


def _sheet_data(sheet: c.Sheet) -> dict[str, Any]:
    return {
        "name": sheet.name.strip(), "player": sheet.player, "ratings": list(sheet.ratings),
        "knacks": [{"name": k, "rating": r} for k, r in sheet.knacks],
        "traits": list(sheet.traits), "devil": sheet.devil, "devil_rating": sheet.devil_rating,
        "vocation": sheet.vocation, "description": sheet.description,
        "back_story": sheet.back_story, "notes": sheet.notes, "chips": sheet.chips,
    }


# ---------------------------------------------------------------- deciding


def _make(state: DustDevilsState, cmd: c.MakeCharacter) -> list[NewEvent]:
    if state.character(cmd.sheet.name.strip()) is not None:
        raise RuleError("Characters", f"there is already a character named {cmd.sheet.name}",
                        field="name")
    _verify_sheet(cmd.sheet)
    return [_e("character_made", **_sheet_data(cmd.sheet))]


def _change(state: DustDevilsState, cmd: c.ChangeCharacter) -> list[NewEvent]:
    old = _character(state, cmd.name, in_play=False)
    new_name = cmd.sheet.name.strip()
    if new_name != old.name and state.character(new_name) is not None:
        raise RuleError("Characters", f"there is already a character named {new_name}",
                        field="name")
    if state.conflict is not None and state.conflict.participant(old.name) is not None:
        raise RuleError("Characters", f"{old.name} is in the conflict under way; change the "
                        "sheet after it ends", field="name")
    _verify_sheet(cmd.sheet, (old.attribute_points_bought, old.knack_points_bought))
    return [_e("character_changed", old_name=old.name, **_sheet_data(cmd.sheet))]


def _devil_rating(state: DustDevilsState, cmd: c.SetDevilRating) -> list[NewEvent]:
    who = _character(state, cmd.name)
    if not who.important:
        raise RuleError("Devil rating", f"{who.name} has no Devil", field="devil_rating")
    verify_devil_rating(cmd.rating)
    if state.conflict is not None and state.conflict.participant(who.name) is not None:
        raise RuleError("Devil rating", "the rating is set at a session's start, not in the "
                        "middle of a conflict", field="devil_rating")
    if who.player and not state.in_session:
        raise RuleError("Devil rating", f"{who.name}'s player sets the rating at a session's "
                        "start: start the session first", field="devil_rating")
    if who.player and who.devil_set_for == state.session:
        raise RuleError("Devil rating", f"{who.name}'s Devil is {who.devil_rating} for "
                        f"session {state.session}; it holds until the session ends",
                        field="devil_rating")
    return [_e("devil_rating_set", name=who.name, rating=cmd.rating)]


def _session_devils(state: DustDevilsState, cmd: c.SetSessionDevils) -> list[NewEvent]:
    if not cmd.ratings:
        raise RuleError("Devil rating", "no ratings given", field="ratings")
    names = [name for name, _ in cmd.ratings]
    if len(set(names)) != len(names):
        raise RuleError("Devil rating", "a character is named twice", field="ratings")
    return [event for name, rating in cmd.ratings
            for event in _devil_rating(state, c.SetDevilRating(name, rating))]


def _give(state: DustDevilsState, cmd: c.GiveChips) -> list[NewEvent]:
    who = _holder(state, cmd.name, in_play=False)
    if cmd.chips == 0:
        raise RuleError("Chips", "give at least one Chip (or take one back)", field="chips")
    if not cmd.reason.strip():
        raise RuleError("Chips", "every change of Chips is noted with its reason",
                        field="reason")
    if who.chips + cmd.chips < 0:
        raise RuleError("Chips", f"{who.name} has only {who.chips}", field="chips")
    return [_chips(who.name, cmd.chips, cmd.reason.strip())]


def _raise_attribute(state: DustDevilsState, cmd: c.RaiseAttribute) -> list[NewEvent]:
    who = _holder(state, cmd.name)
    attribute = parse_attribute(cmd.attribute)
    new = who.rating(attribute) + 1
    cost = attribute_raise_cost(new)
    _pay(who, cost, "Improve attributes")
    return [_e("attribute_raised", name=who.name, attribute=attribute.value, rating=new),
            _chips(who.name, -cost, f"raises {attribute} to {new}")]


def _raise_knack(state: DustDevilsState, cmd: c.RaiseKnack) -> list[NewEvent]:
    who = _holder(state, cmd.name)
    rating = who.knack(cmd.knack)
    if not rating:
        raise RuleError("Knacks", f"{who.name} has no Knack {cmd.knack!r}; buy it new",
                        field="knack")
    name = next(k for k, _ in who.knacks if k.lower() == cmd.knack.strip().lower())
    cost = knack_raise_cost(rating + 1)
    _pay(who, cost, "Improve Knacks")
    return [_e("knack_raised", name=who.name, knack=name, rating=rating + 1),
            _chips(who.name, -cost, f"raises {name} to {rating + 1}")]


def _buy_knack(state: DustDevilsState, cmd: c.BuyKnack) -> list[NewEvent]:
    who = _holder(state, cmd.name)
    knack = cmd.knack.strip()
    if not knack:
        raise RuleError("Knacks", "a Knack needs a name", field="knack")
    if who.knack(knack):
        raise RuleError("Knacks", f"{who.name} already has {knack}", field="knack")
    if len(who.knacks) + 1 > who.knack_limit:
        raise RuleError("Knack limit", f"{who.name} has {len(who.knacks)} Knacks; at most "
                        f"{who.knack_limit} (Hand + Eye, or 6 if higher)", field="knack")
    _pay(who, NEW_KNACK_COST, "New Knacks")
    return [_e("knack_bought", name=who.name, knack=knack),
            _chips(who.name, -NEW_KNACK_COST, f"learns {knack} at 1")]


def _fate(state: DustDevilsState, cmd: c.RecordFate) -> list[NewEvent]:
    who = _character(state, cmd.name)
    if not who.fate_due:
        raise RuleError("The Road to Hell", f"{who.name}'s last conflict has not come: the "
                        "fate is recorded when a conflict using an attribute at 0 ends",
                        field="fate")
    fate = cmd.fate.strip()
    if not fate:
        raise RuleError("The Road to Hell", f"say how {who.name} leaves play: "
                        f"{', '.join(FATES)}, or otherwise", field="fate")
    return [_e("fate_recorded", name=who.name, fate=fate)]


def _open(state: DustDevilsState, cmd: c.OpenConflict) -> list[NewEvent]:
    if state.conflict is not None:
        raise RuleError("Conflict", f"{state.conflict.title!r} is still under way; end it "
                        "first")
    if not cmd.title.strip():
        raise RuleError("Conflict", "name the conflict", field="title")
    if not 0 <= cmd.stakes <= MAX_STAKES:
        raise RuleError("Stakes", f"Stakes are 0 to {MAX_STAKES} Chips, not {cmd.stakes}",
                        field="stakes")
    if cmd.stud and cmd.stud not in STUD_SIZES:
        raise RuleError("Stud hand", f"the Dealer's stud hand is 3, 5 or 7 cards, not "
                        f"{cmd.stud}", field="stud")
    if cmd.takes_up and cmd.takes_up not in {r.number for r in state.open_threads}:
        raise RuleError("Open threads", f"conflict {cmd.takes_up} is no open thread",
                        field="takes_up")
    if cmd.stud == 3 and cmd.stakes:
        raise RuleError("Stakes", "a minor conflict (Three Card Stud) has no Stakes",
                        field="stakes")
    names = [e.name for e in cmd.entrants]
    if len(set(names)) != len(names):
        raise RuleError("Conflict", "a character enters a conflict once", field="entrants")
    healing = cmd.recovery is not None
    if not healing and not any(_character(state, n).player for n in names):
        raise RuleError("Conflict", "a conflict needs at least one player character",
                        field="entrants")
    if not cmd.stud and len(names) < 2:
        raise RuleError("Stud hand", "a hand alone is no conflict: the Dealer plays a stud "
                        "hand of 3, 5 or 7 cards, or another character enters",
                        field="stud")
    if cmd.stud_chip and not cmd.stud:
        raise RuleError("Stud hand", "there is no stud hand to give a card more",
                        field="stud_chip")
    if cmd.continues and not state.last_winners:
        raise RuleError("Shuffling", "no conflict has just been called to go on from; a "
                        "conflict left unresolved is taken up again instead",
                        field="continues")
    winner_card = state.winner_card and cmd.continues
    entrants: list[dict[str, Any]] = []
    for entrant in cmd.entrants:
        who = _character(state, entrant.name)
        if who.fate_due:
            raise RuleError("The Road to Hell", f"{who.name}'s last conflict is over; record "
                            "the fate first", field="entrants")
        if not who.important and not healing:
            raise RuleError("Conflict", f"{who.name} has no Devil: the Dealer's stud hand "
                            "plays minor characters", field="entrants")
        if not entrant.goal.strip():
            raise RuleError("The Deal", f"{who.name} declares a goal before the Deal",
                            field="goal")
        if len(entrant.attributes) != 2:
            raise RuleError("The Deal", f"{who.name} picks two attributes",
                            field="attributes")
        first, second = (parse_attribute(a) for a in entrant.attributes)
        if first == second:
            raise RuleError("The Deal", f"{who.name} picks two different attributes",
                            field="attributes")
        knack = next((k for k, _ in who.knacks  # as the sheet spells it
                      if k.lower() == entrant.knack.strip().lower()), "")
        if entrant.knack.strip() and not knack:
            raise RuleError("Knacks", f"{who.name} has no Knack {entrant.knack.strip()!r}",
                            field="knack")
        if entrant.chip and who.player:
            _pay(who, 1, "Extra card")
        won_last = winner_card and who.name in state.last_winners
        count = cards_in_deal(who.value(first), who.value(second), who.devil_rating,
                              trait=entrant.trait, devil=entrant.devil, chip=entrant.chip,
                              won_last=won_last)
        entrants.append({
            "name": who.name, "goal": entrant.goal.strip(),
            "attributes": [first.value, second.value], "trait": entrant.trait,
            "devil": entrant.devil, "chip": entrant.chip, "won_last": won_last,
            "cards": count, "at_zero": who.value(first) == 0 or who.value(second) == 0,
            **({"knack": knack} if knack else {}),
        })
    if cmd.stud:
        entrants.append({"name": DEALER, "goal": cmd.stud_goal.strip(), "attributes": [],
                         "trait": False, "devil": 0, "chip": cmd.stud_chip, "won_last": False,
                         "cards": stud_cards(cmd.stud, chip=cmd.stud_chip), "at_zero": False})
    recovery: dict[str, Any] | None = None
    if cmd.recovery is not None:
        patient = _character(state, cmd.recovery[0])
        split = {parse_attribute(a): n for a, n in cmd.recovery[1] if n}
        points = sum(split.values())
        zero = [a.value for a in split if patient.value(a) == 0]
        if zero:
            raise RuleError("The Road to Hell", f"{patient.name}'s {' and '.join(zero)} "
                            "at 0 recovers no Difficulty; only a narrator's Chip brings it "
                            "back to 1", field="recovery")
        if any(n < 0 or n > patient.rating(a) - patient.value(a) for a, n in split.items()):
            raise RuleError("Recovery", f"{patient.name} can only get back points lost",
                            field="recovery")
        if cmd.stud != recovery_stud(points):
            raise RuleError("Recovery", f"{points} point{'s' * (points != 1)} back call for "
                            f"a stud hand of {recovery_stud(points)}", field="stud")
        recovery = {"patient": patient.name,
                    "split": [{"attribute": a.value, "points": n} for a, n in split.items()]}
    total = sum(e["cards"] for e in entrants)
    if total > PACK_SIZE:
        raise RuleError("The Deal", f"{total} cards are more than a pack of {PACK_SIZE}",
                        field="entrants")
    events = [_e("conflict_opened", number=state.conflicts_held + 1, title=cmd.title.strip(),
                 stakes=cmd.stakes, stud=cmd.stud, entrants=entrants,
                 **({"recovery": recovery} if recovery else {}),
                 **({"takes_up": cmd.takes_up} if cmd.takes_up else {}),
                 **({"continues": True} if cmd.continues else {}))]
    # a player's card more costs its Chip; the Dealer's, for the stud hand or a non-player
    # character's hand, is a Chip to each player character in the conflict
    for e in entrants:
        entering = state.character(e["name"])
        if not e["chip"]:
            continue
        if entering is not None and entering.player:
            events.append(_chips(e["name"], -1, f"buys a card more in {cmd.title.strip()}"))
        else:
            events += _award(state, [x["name"] for x in entrants],
                             f"the Dealer's card more for {e['name']} in {cmd.title.strip()}")
    return events


def _award(state: DustDevilsState, names: Sequence[str], reason: str) -> list[NewEvent]:
    """A Chip to each player character among `names`."""
    return [_chips(n, 1, reason) for n in names
            if n != DEALER and (who := state.character(n)) is not None and who.player]


def _deal(state: DustDevilsState, cmd: c.Deal) -> list[NewEvent]:
    conflict = _conflict(state, "deal")
    hands = dict(cmd.hands)
    seen: list[str] = []
    data: list[dict[str, Any]] = []
    for p in conflict.participants:
        if p.name not in hands:
            raise RuleError("The Deal", f"no cards for {p.name}", field=p.name)
        cards = _codes(hands[p.name], "The Deal", p.name)
        if len(cards) != p.cards_due:
            raise RuleError("The Deal", f"{p.name} is dealt {p.cards_due} cards, not "
                            f"{len(cards)}", field=p.name)
        seen += cards
        _verify_pack(seen, "The Deal", p.name)
        data.append({"name": p.name, "cards": cards})
    extra = set(hands) - {p.name for p in conflict.participants}
    if extra:
        raise RuleError("The Deal", f"{', '.join(sorted(extra))} is not in this conflict",
                        field="hands")
    return [_e("cards_dealt", title=conflict.title, hands=data)]


def _draw(state: DustDevilsState, cmd: c.Draw) -> list[NewEvent]:
    conflict = _conflict(state, "draw")
    p = conflict.participant(cmd.name)
    if p is None or p.folded:
        raise RuleError("The Draw", f"{cmd.name} holds no hand in this conflict", field="name")
    if p.drawn:
        raise RuleError("The Draw", f"{p.name} has drawn already", field="name")
    discards = _codes(cmd.discards, "The Draw", "discards")
    drawn = _codes(cmd.drawn, "The Draw", "drawn")
    if len(discards) != len(drawn):
        raise RuleError("The Draw", f"{len(discards)} discarded, {len(drawn)} drawn: the "
                        "Dealer deals as many as are discarded", field="drawn")
    if not _holds(p.hand, discards):
        raise RuleError("The Draw", f"{p.name} discards only cards in the hand",
                        field="discards")
    _verify_pack([*conflict.seen, *drawn], "The Draw", "drawn")
    knack = 0
    devil_at_zero = 0
    who = state.character(p.name)
    used = cmd.knack.strip() or p.knack
    if used:
        if who is None:
            raise RuleError("The Draw", "the Dealer's stud hand has no Knacks", field="knack")
        knack = who.knack(used)
        if not knack:
            raise RuleError("The Draw", f"{who.name} has no Knack {used!r}", field="knack")
    if who is not None and p.at_zero:
        devil_at_zero = who.devil_rating
    if cmd.chip and who is not None and who.player:
        _pay(who, 1, "Additional card")
    limit = draw_limit(knack, chip=cmd.chip, devil_at_zero=devil_at_zero)
    if len(discards) > limit:
        why = "no relevant Knack, no draw" if not limit else f"at most {limit}"
        raise RuleError("The Draw", f"{p.name} changes {len(discards)} cards; {why}",
                        field="discards")
    events = [_e("cards_drawn", name=p.name, discards=discards, drawn=drawn,
                 knack=used, chip=cmd.chip)]
    if cmd.chip and who is not None and who.player:
        events.append(_chips(p.name, -1, f"draws a card more in {conflict.title}"))
    elif cmd.chip:
        events += _award(state, [q.name for q in conflict.active],
                         f"the Dealer's redraw for {p.name} in {conflict.title}")
    return events


def _fold(state: DustDevilsState, cmd: c.Fold) -> list[NewEvent]:
    conflict = _conflict(state, "deal", "draw")
    p = conflict.participant(cmd.name)
    who = state.character(cmd.name)
    if p is None or p.folded or who is None or not who.player:
        raise RuleError("Fold", f"{cmd.name} is no player character in this conflict",
                        field="name")
    _pay(who, 1, "Fold")
    events = [_e("folded", name=who.name, title=conflict.title),
              _chips(who.name, -1, f"folds in {conflict.title}")]
    players_left = [q for q in conflict.active if q.name != who.name
                    and (ch := state.character(q.name)) is not None and ch.player]
    if not players_left:
        events.append(_e("conflict_ended", title=conflict.title, unresolved=True,
                         outcome="every player character folded", stakes=[],
                         fates_due=[], recovered=[]))
    return events


def _dealer_folds(state: DustDevilsState, _: c.DealerFolds) -> list[NewEvent]:
    conflict = _conflict(state, "deal", "draw")
    if not any((ch := state.character(p.name)) is not None and not ch.player
               for p in conflict.participants):
        raise RuleError("Fold", "the Dealer folds only in conflicts with an important "
                        "non-player character")
    return [_e("dealer_folded", title=conflict.title),
            *_award(state, [p.name for p in conflict.active],
                    f"the Dealer folds {conflict.title}"),
            _e("conflict_ended", title=conflict.title, unresolved=True,
               outcome="the Dealer folded", stakes=[], fates_due=[], recovered=[])]


def _call(state: DustDevilsState, cmd: c.Call) -> list[NewEvent]:
    conflict = _conflict(state, "draw")
    lays = dict(cmd.lays)
    hands = {}
    laid: dict[str, list[Card]] = {}
    for p in conflict.active:
        if p.name not in lays:
            raise RuleError("The Call", f"{p.name} lays no cards", field=p.name)
        codes = _codes(lays[p.name], "The Call", p.name)
        if not _holds(p.hand, codes):
            raise RuleError("The Call", f"{p.name} lays only cards in the hand", field=p.name)
        cards = cards_from_codes(codes)
        hands[p.name] = calling.verify_lay(p.name, cards_from_codes(p.hand), cards)
        laid[p.name] = cards
    top = calling.winners(hands)
    winning = hands[top[0]]
    high = calling.narration_card(laid)
    holder = high[0] if high else ""
    narrator = _zero_narrator(conflict, laid) or holder
    return [_e("called", title=conflict.title,
               lays=[{"name": n, "cards": card_codes(cs), "hand": hands[n].describe(),
                      "category": hands[n].category.label}
                     for n, cs in laid.items()],
               winners=top, combination=card_codes(winning.combination),
               category=winning.category.label,
               high_card=high[1].code if high else "", high_card_holder=holder,
               narrator=narrator)]


def _zero_narrator(conflict: Conflict, laid: Mapping[str, Sequence[Card]]) -> str:
    """Who narrates by the Road to Hell ("" for nobody): the one character that entered at
    0, or, among several, the one that laid the highest card (the first of them when they
    laid only jokers). Bids among them may take it away."""
    zero = [p.name for p in conflict.active if p.at_zero]
    if len(zero) < 2:
        return zero[0] if zero else ""
    high = calling.narration_card({n: laid[n] for n in zero})
    return high[0] if high else zero[0]


def _bid(state: DustDevilsState, cmd: c.BidForNarration) -> list[NewEvent]:
    conflict = _conflict(state, "resolve")
    if conflict.narration_bought:
        raise RuleError("Narration", "narration has been bid for already this conflict")
    bids = {n: b for n, b in cmd.bids if b}
    zero = [p.name for p in conflict.participants if p.at_zero and not p.folded]
    for name, chips in bids.items():
        who = _character(state, name)
        if not who.player:
            raise RuleError("Narration", "only players bid Chips for narration", field=name)
        if chips < 0:
            raise RuleError("Narration", "a bid is a number of Chips", field=name)
        _pay(who, chips, "Narration", field=name)
        if zero and len(zero) > 1 and name not in zero:
            raise RuleError("The Road to Hell", "when two or more characters at 0 enter a "
                            "conflict, only they bid for narration", field=name)
    if not bids:
        raise RuleError("Narration", "no Chips were bid")
    if len(zero) == 1:
        raise RuleError("The Road to Hell", f"{zero[0]} entered at 0 and narrates; nobody "
                        "bids")
    holder = conflict.narrator if len(zero) > 1 else conflict.high_card_holder
    narrator = calling.narrator_after_bids(holder or None, bids)
    if narrator is None:
        raise RuleError("Narration", "the top bids tie: someone must bid more")
    paid = bids.get(narrator, 0)
    events = [_e("narration_bid", title=conflict.title,
                 bids=[{"name": n, "chips": b} for n, b in bids.items()],
                 narrator=narrator, paid=paid)]
    if paid:
        events.append(_chips(narrator, -paid, f"narrates {conflict.title}"))
    return events


def _difficulty(state: DustDevilsState, cmd: c.TakeDifficulty) -> list[NewEvent]:
    conflict = _conflict(state, "resolve")
    who = _character(state, cmd.name)
    p = conflict.participant(who.name)
    if p is None or p.folded:
        raise RuleError("Difficulty", f"{who.name} holds no hand in this conflict",
                        field="name")
    split = {parse_attribute(a): n for a, n in cmd.split}
    values = {a: who.value(a) for a in ATTRIBUTES}
    if cmd.by_narrator:
        for attribute, lost in split.items():
            if not 0 <= lost <= values[attribute]:
                raise RuleError("Difficulty", f"{who.name}'s {attribute} is "
                                f"{values[attribute]}; no attribute goes below 0",
                                field=attribute.value)
        if not any(split.values()):
            raise RuleError("Difficulty", "the narrator assigns at least one point",
                            field="split")
    else:
        if who.name in conflict.winners:
            raise RuleError("Difficulty", f"{who.name} won; only the narrator hands "
                            "Difficulty to a winner", field="name")
        if who.name in conflict.placed:
            raise RuleError("Difficulty", f"{who.name} has placed this conflict's "
                            "Difficulty", field="name")
        winning = evaluate(cards_from_codes(conflict.combination))
        calling.verify_split(who.name, calling.difficulty_points(winning),
                             calling.difficulty_attributes(winning), values, split)
    return [_e("difficulty_taken", name=who.name, title=conflict.title,
               split=[{"attribute": a.value, "points": n} for a, n in split.items() if n],
               by_narrator=cmd.by_narrator)]


def _restore(state: DustDevilsState, cmd: c.RestorePoint) -> list[NewEvent]:
    conflict = _conflict(state, "resolve")
    if not conflict.narration_bought:
        raise RuleError("Narration", "a point is restored only by spending Chips to narrate")
    if conflict.restored:
        raise RuleError("Narration", "only one point of Difficulty is restored a conflict")
    attribute = parse_attribute(cmd.attribute)
    name = conflict.narrator
    lost = sum(n for who, a, n in conflict.difficulty if who == name and a == attribute.value)
    if not lost:
        raise RuleError("Narration", f"{name} took no Difficulty to {attribute} in this "
                        "conflict", field="attribute")
    return [_e("point_restored", name=name, attribute=attribute.value, title=conflict.title)]


def _end(state: DustDevilsState, _: c.EndConflict) -> list[NewEvent]:
    conflict = _conflict(state, "resolve")
    waiting = [p.name for p in conflict.active
               if p.name not in conflict.winners and p.name not in conflict.placed
               and not p.is_stud]
    if waiting:
        raise RuleError("Difficulty", f"{', '.join(waiting)} must place Difficulty first")
    events: list[NewEvent] = []
    stakes = [n for n in conflict.winners
              if (ch := state.character(n)) is not None and ch.player] if conflict.stakes else []
    events += [_chips(n, conflict.stakes, f"Stakes of {conflict.title}") for n in stakes]
    fates = [p.name for p in conflict.active if p.at_zero]
    recovered: list[dict[str, Any]] = []
    if conflict.recovery is not None and any(n != DEALER for n in conflict.winners):
        patient = state.character(conflict.recovery[0])
        recovered = [{"name": conflict.recovery[0], "attribute": a, "points": n}
                     for a, n in conflict.recovery[1]
                     if patient is not None and patient.value(Attribute(a))]
    outcome = f"{' and '.join(conflict.winners)} won; {conflict.narrator or 'nobody'} narrated"
    return [_e("conflict_ended", title=conflict.title, unresolved=False, outcome=outcome,
               stakes=stakes, fates_due=fates, recovered=recovered), *events]


def _close_thread(state: DustDevilsState, cmd: c.CloseThread) -> list[NewEvent]:
    thread = next((r for r in state.open_threads if r.number == cmd.number), None)
    if thread is None:
        raise RuleError("Open threads", f"conflict {cmd.number} is no open thread",
                        field="number")
    if state.conflict is not None and state.conflict.takes_up == cmd.number:
        raise RuleError("Open threads", f"{state.conflict.title!r} takes it up; it closes "
                        "when that conflict ends", field="number")
    if not cmd.reason.strip():
        raise RuleError("Open threads", "say how the thread ended", field="reason")
    return [_e("thread_closed", number=thread.number, title=thread.title,
               reason=cmd.reason.strip())]


def _winner_card(state: DustDevilsState, cmd: c.SetWinnerCard) -> list[NewEvent]:
    if cmd.on == state.winner_card:
        raise RuleError("Optional rule", f"the winner's card is already {_ON[cmd.on]}")
    return [_e("winner_card_set", on=cmd.on)]


def _carry_over(state: DustDevilsState, cmd: c.RuleCarryOver) -> list[NewEvent]:
    if not state.in_session:
        raise RuleError("Recovery", "damage carries over from a session under way; start one")
    if cmd.on == state.carry_over:
        raise RuleError("Recovery", f"carrying damage over is already {_ON[cmd.on]}")
    return [_e("carry_over_ruled", on=cmd.on)]


_ON = {True: "on", False: "off"}

_DECIDERS: Mapping[type, Callable[[DustDevilsState, Any], list[NewEvent]]] = {
    c.MakeCharacter: _make, c.ChangeCharacter: _change, c.SetDevilRating: _devil_rating,
    c.SetSessionDevils: _session_devils, c.GiveChips: _give,
    c.RaiseAttribute: _raise_attribute, c.RaiseKnack: _raise_knack,
    c.BuyKnack: _buy_knack, c.RecordFate: _fate, c.OpenConflict: _open, c.Deal: _deal,
    c.Draw: _draw, c.Fold: _fold, c.DealerFolds: _dealer_folds, c.Call: _call,
    c.BidForNarration: _bid, c.TakeDifficulty: _difficulty, c.RestorePoint: _restore,
    c.EndConflict: _end, c.SetWinnerCard: _winner_card, c.RuleCarryOver: _carry_over,
    c.CloseThread: _close_thread,
}



# ---------------------------------------------------------------- evolving


def _with(state: DustDevilsState, name: str, **changes: Any) -> DustDevilsState:
    return replace(state, characters=tuple(
        replace(ch, **changes) if ch.name == name else ch for ch in state.characters))


def _changed_values(who: Character, changes: Mapping[str, int]) -> tuple[int, int, int, int]:
    values = list(who.values)
    for attribute, change in changes.items():
        i = ATTRIBUTES.index(Attribute(attribute))
        values[i] = max(0, min(who.ratings[i], values[i] + change))
    return values[0], values[1], values[2], values[3]


def _sheet_fields(d: Mapping[str, Any]) -> dict[str, Any]:
    ratings = tuple(int(r) for r in d["ratings"])
    return {
        "name": d["name"], "player": bool(d["player"]),
        "ratings": ratings,
        "knacks": tuple((k["name"], int(k["rating"])) for k in d.get("knacks", [])),
        "traits": tuple(d.get("traits", [])), "devil": d.get("devil", ""),
        "devil_rating": int(d.get("devil_rating", 0)), "vocation": d.get("vocation", ""),
        "description": d.get("description", ""), "back_story": d.get("back_story", ""),
        "notes": d.get("notes", ""),
    }


def _on_made(state: DustDevilsState, e: Event) -> DustDevilsState:
    fields = _sheet_fields(e.data)
    chips = int(e.data.get("chips", 0))
    ledger = (ChipEntry(e.session, chips, "starting Chips"),) if chips else ()
    who = Character(values=fields["ratings"], chips=chips, ledger=ledger,
                    devil_set_for=e.session if fields["devil_rating"] else 0, **fields)
    return replace(state, characters=(*state.characters, who))


def _on_changed(state: DustDevilsState, e: Event) -> DustDevilsState:
    old = state.character(e.data["old_name"])
    if old is None:
        return state
    fields = _sheet_fields(e.data)
    # Difficulty already taken stays taken: each value keeps its distance below the rating.
    values = tuple(max(0, r - (o_r - o_v)) for r, o_r, o_v
                   in zip(fields["ratings"], old.ratings, old.values, strict=True))
    chips = int(e.data.get("chips", old.chips))
    ledger = old.ledger
    if chips != old.chips:
        ledger = (*ledger, ChipEntry(e.session, chips - old.chips, "sheet corrected"))
    new = replace(old, values=values, chips=chips, ledger=ledger, **fields)
    return replace(state, characters=tuple(
        new if ch.name == old.name else ch for ch in state.characters))


def _on_chips(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    if who is None:
        return state
    change = int(e.data["change"])
    return _with(state, who.name, chips=who.chips + change,
                 earned=who.earned + max(change, 0), spent=who.spent + max(-change, 0),
                 ledger=(*who.ledger, ChipEntry(e.session, change, e.data["reason"])))


def _on_devil(state: DustDevilsState, e: Event) -> DustDevilsState:
    return _with(state, e.data["name"], devil_rating=int(e.data["rating"]),
                 devil_set_for=e.session)


def _on_attribute_raised(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    if who is None:
        return state
    i = ATTRIBUTES.index(Attribute(e.data["attribute"]))
    ratings = list(who.ratings)
    values = list(who.values)
    ratings[i] += 1
    if values[i]:  # an attribute at 0 stays there: Chips do not buy off the Road to Hell
        values[i] += 1
    return _with(state, who.name, ratings=tuple(ratings), values=tuple(values),
                 attribute_points_bought=who.attribute_points_bought + 1)


def _on_knack_raised(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    if who is None:
        return state
    knacks = tuple((k, int(e.data["rating"]) if k == e.data["knack"] else r)
                   for k, r in who.knacks)
    return _with(state, who.name, knacks=knacks,
                 knack_points_bought=who.knack_points_bought + 1)


def _on_knack_bought(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    if who is None:
        return state
    return _with(state, who.name, knacks=(*who.knacks, (e.data["knack"], 1)),
                 knack_points_bought=who.knack_points_bought + 1)


def _on_fate(state: DustDevilsState, e: Event) -> DustDevilsState:
    return _with(state, e.data["name"], fate=e.data["fate"], fate_due=False)


def _on_opened(state: DustDevilsState, e: Event) -> DustDevilsState:
    d = e.data
    participants = tuple(
        Participant(name=x["name"], goal=x.get("goal", ""),
                    attributes=tuple(x.get("attributes", [])), trait=bool(x.get("trait")),
                    devil=int(x.get("devil", 0)), chip=bool(x.get("chip")),
                    won_last=bool(x.get("won_last")), cards_due=int(x["cards"]),
                    at_zero=bool(x.get("at_zero")), knack=x.get("knack", ""))
        for x in d["entrants"])
    recovery = None
    if "recovery" in d:
        r = d["recovery"]
        recovery = (r["patient"], tuple((s["attribute"], int(s["points"])) for s in r["split"]))
    conflict = Conflict(number=int(d["number"]), title=d["title"], stakes=int(d["stakes"]),
                        phase="deal", participants=participants, stud=int(d.get("stud", 0)),
                        recovery=recovery, takes_up=int(d.get("takes_up", 0)))
    return replace(state, conflict=conflict)


def _conflict_with(state: DustDevilsState, name: str, **changes: Any) -> DustDevilsState:
    conflict = state.conflict
    if conflict is None:
        return state
    participants = tuple(replace(p, **changes) if p.name == name else p
                         for p in conflict.participants)
    return replace(state, conflict=replace(conflict, participants=participants))


def _on_dealt(state: DustDevilsState, e: Event) -> DustDevilsState:
    conflict = state.conflict
    if conflict is None:
        return state
    hands = {h["name"]: tuple(h["cards"]) for h in e.data["hands"]}
    participants = tuple(replace(p, hand=hands.get(p.name, ())) for p in conflict.participants)
    seen = tuple(code for h in e.data["hands"] for code in h["cards"])
    return replace(state, conflict=replace(conflict, participants=participants, seen=seen,
                                           phase="draw"))


def _on_drawn(state: DustDevilsState, e: Event) -> DustDevilsState:
    conflict = state.conflict
    p = conflict.participant(e.data["name"]) if conflict else None
    if conflict is None or p is None:
        return state
    hand = list(p.hand)
    for code in e.data["discards"]:
        hand.remove(code)
    hand += e.data["drawn"]
    state = _conflict_with(state, p.name, hand=tuple(hand), drawn=True,
                           discarded=(*p.discarded, *e.data["discards"]))
    assert state.conflict is not None
    return replace(state, conflict=replace(
        state.conflict, seen=(*state.conflict.seen, *e.data["drawn"])))


def _on_folded(state: DustDevilsState, e: Event) -> DustDevilsState:
    return _conflict_with(state, e.data["name"], folded=True)


def _on_called(state: DustDevilsState, e: Event) -> DustDevilsState:
    conflict = state.conflict
    if conflict is None:
        return state
    d = e.data
    laid = {x["name"]: tuple(x["cards"]) for x in d["lays"]}
    participants = tuple(replace(p, laid=laid.get(p.name, ())) for p in conflict.participants)
    return replace(state, conflict=replace(
        conflict, participants=participants, phase="resolve", winners=tuple(d["winners"]),
        combination=tuple(d["combination"]), high_card=d.get("high_card", ""),
        high_card_holder=d.get("high_card_holder", ""), narrator=d.get("narrator", "")))


def _on_bid(state: DustDevilsState, e: Event) -> DustDevilsState:
    if state.conflict is None:
        return state
    return replace(state, conflict=replace(state.conflict, narrator=e.data["narrator"],
                                           narration_bought=int(e.data.get("paid", 0)) > 0))


def _on_difficulty(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    conflict = state.conflict
    if who is None or conflict is None:
        return state
    split = {s["attribute"]: -int(s["points"]) for s in e.data["split"]}
    state = _with(state, who.name, values=_changed_values(who, split))
    taken = tuple((who.name, a, -n) for a, n in split.items())
    placed = conflict.placed if e.data.get("by_narrator") else (*conflict.placed, who.name)
    return replace(state, conflict=replace(
        conflict, difficulty=(*conflict.difficulty, *taken), placed=placed))


def _on_restored(state: DustDevilsState, e: Event) -> DustDevilsState:
    who = state.character(e.data["name"])
    if who is None or state.conflict is None:
        return state
    conflict = replace(state.conflict, restored=True)
    state = _with(state, who.name, values=_changed_values(who, {e.data["attribute"]: 1}))
    return replace(state, conflict=conflict)


def _on_ended(state: DustDevilsState, e: Event) -> DustDevilsState:
    conflict = state.conflict
    if conflict is None:
        return state
    d = e.data
    for name in d.get("fates_due", []):
        state = _with(state, name, fate_due=True)
    for r in d.get("recovered", []):
        who = state.character(r["name"])
        if who is not None:
            state = _with(state, who.name,
                          values=_changed_values(who, {r["attribute"]: int(r["points"])}))
    record = ConflictRecord(conflict.number, conflict.title, d.get("outcome", ""),
                            bool(d.get("unresolved")), session=e.session)
    last = () if d.get("unresolved") else conflict.winners
    state = _close(state, conflict.takes_up, f"taken up again in conflict {conflict.number}")
    return replace(state, conflict=None, past=(*state.past, record), last_winners=last)


def _close(state: DustDevilsState, number: int, how: str) -> DustDevilsState:
    return replace(state, past=tuple(replace(r, closed=how) if r.number == number else r
                                     for r in state.past))


def _on_thread_closed(state: DustDevilsState, e: Event) -> DustDevilsState:
    return _close(state, int(e.data["number"]), e.data["reason"])


def _on_recovered(state: DustDevilsState, e: Event) -> DustDevilsState:
    for r in e.data["recovered"]:
        who = state.character(r["name"])
        if who is not None:
            state = _with(state, who.name,
                          values=_changed_values(who, {r["attribute"]: int(r["points"])}))
    return state


def _on_option(state: DustDevilsState, e: Event) -> DustDevilsState:
    return replace(state, winner_card=bool(e.data["on"]))


def _on_carry(state: DustDevilsState, e: Event) -> DustDevilsState:
    return replace(state, carry_over=bool(e.data["on"]))


def _on_session_start(state: DustDevilsState, e: Event) -> DustDevilsState:
    return replace(state, session=e.session, in_session=True, carry_over=False)


def _on_session_end(state: DustDevilsState, _: Event) -> DustDevilsState:
    return replace(state, in_session=False, last_winners=())


_EVOLVERS: Mapping[str, Callable[[DustDevilsState, Event], DustDevilsState]] = {
    P + "character_made": _on_made, P + "character_changed": _on_changed,
    P + "chips_changed": _on_chips, P + "devil_rating_set": _on_devil,
    P + "attribute_raised": _on_attribute_raised, P + "knack_raised": _on_knack_raised,
    P + "knack_bought": _on_knack_bought, P + "fate_recorded": _on_fate,
    P + "conflict_opened": _on_opened, P + "cards_dealt": _on_dealt,
    P + "cards_drawn": _on_drawn, P + "folded": _on_folded, P + "called": _on_called,
    P + "narration_bid": _on_bid, P + "difficulty_taken": _on_difficulty,
    P + "point_restored": _on_restored, P + "conflict_ended": _on_ended,
    P + "recovered": _on_recovered, P + "winner_card_set": _on_option,
    P + "carry_over_ruled": _on_carry, P + "thread_closed": _on_thread_closed,
    SESSION_START: _on_session_start,
    SESSION_END: _on_session_end,
}


def session_ending(state: DustDevilsState) -> list[NewEvent]:
    """At session end all Difficulty recovers, except an attribute at 0, unless the Dealer
    ruled that damage carries over."""
    if state.carry_over:
        return []
    recovered = [
        {"name": ch.name, "attribute": a.value, "points": n}
        for ch in state.characters if ch.in_play
        for a, n in session_recovery({a: ch.rating(a) for a in ATTRIBUTES},
                                     {a: ch.value(a) for a in ATTRIBUTES}).items()
    ]
    return [_e("recovered", recovered=recovered)] if recovered else []


def decide(state: DustDevilsState, command: Any) -> list[NewEvent]:
    decider = _DECIDERS.get(type(command))
    if decider is None:
        raise RuleError("Commands", f"Dust Devils has no command {type(command).__name__}")
    return decider(state, command)


def evolve(state: DustDevilsState, event: Event) -> DustDevilsState:
    evolver = _EVOLVERS.get(event.kind)
    return evolver(state, event) if evolver else state


def problems(state: DustDevilsState) -> list[str]:
    """What `gmscreen check` reports: sheets that break the book's limits."""
    found: list[str] = []
    for ch in state.characters:
        sheet = c.Sheet(ch.name, ch.player, ch.ratings, ch.knacks, ch.traits, ch.devil,
                        ch.devil_rating, chips=ch.chips)
        try:
            _verify_sheet(sheet, (ch.attribute_points_bought, ch.knack_points_bought))
        except RuleError as error:
            found.append(f"{ch.name}: {error}")
        if ch.chips < 0:
            found.append(f"{ch.name}: {ch.chips} Chips")
        if any(not 0 <= v <= r for v, r in zip(ch.values, ch.ratings, strict=True)):
            found.append(f"{ch.name}: an attribute's value is outside 0 and its rating")
    return found


class DustDevilsRules:
    """The decider of Dust Devils, as the journal sees it."""

    game_id = "dust-devils"
    title = "Dust Devils"
    panes_module = "gmscreen.games.dust_devils.panes"

    def initial_state(self) -> DustDevilsState:
        return DustDevilsState()

    def decide(self, state: DustDevilsState, command: Any) -> list[NewEvent]:
        return decide(state, command)

    def evolve(self, state: DustDevilsState, event: Event) -> DustDevilsState:
        return evolve(state, event)

    def session_ending(self, state: DustDevilsState) -> list[NewEvent]:
        return session_ending(state)

    def describe(self, event: Event) -> str:
        return log.describe(event)

    def subjects(self, event: Event) -> frozenset[str]:
        return log.subjects(event)

    def problems(self, state: DustDevilsState) -> list[str]:
        return problems(state)


RULES = DustDevilsRules()
