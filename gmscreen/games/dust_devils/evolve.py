"""How each Dust Devils event changes the state: one small function per kind of payload.
The state keeps cards as their codes and attributes as their names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from gmscreen.core.cards import Card, card_codes
from gmscreen.games.dust_devils.commands import Entrant
from gmscreen.games.dust_devils.events import (
    KINDS,
    AttributeRaised,
    Called,
    CardsDealt,
    CardsDrawn,
    CarryOverRuled,
    CharacterChanged,
    CharacterDropped,
    CharacterMade,
    ChipsChanged,
    ConflictEnded,
    ConflictOpened,
    DamageKept,
    DealerFolded,
    DevilRatingSet,
    DifficultyTaken,
    EntrantAdded,
    EntrantsWithdrawn,
    FateRecorded,
    Folded,
    KnackBought,
    KnackRaised,
    NarrationBid,
    PointRestored,
    Recovered,
    Regained,
    SheetWritten,
    ThreadClosed,
    WinnerCardSet,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute
from gmscreen.games.dust_devils.state import (
    DEALER,
    Character,
    ChipEntry,
    Conflict,
    ConflictRecord,
    DustDevilsState,
    Participant,
)
from gmscreen.journal.payload import PayloadError

Four = tuple[int, int, int, int]


# -- a journal damaged by hand -------------------------------------------------------------------
# The rules never write an event that names nobody, throws a card not held or deals a card
# twice; a journal edited by hand may. Such an event is refused naming its field, in the
# game's words (the journal says which event, and shows the campaign as it was before it),
# where it was once passed over in silence or raised a Python error's words.


def _refused(payload: object, field: str, problem: str) -> PayloadError:
    return PayloadError(KINDS.kind_of(payload), field, problem)


def _someone(state: DustDevilsState, payload: object, name: str, field: str = "name"
             ) -> Character:
    """The character `name` names; refused, naming `field`, where none is so named."""
    who = state.character(name)
    if who is None:
        raise _refused(payload, field, f"is {name!r}: there is no character so named")
    return who


def _under_way(state: DustDevilsState, payload: object) -> Conflict:
    """The conflict under way; refused where none is."""
    if state.conflict is None:
        raise _refused(payload, "", "is of a conflict, and none is under way")
    return state.conflict


def _hand(conflict: Conflict, payload: object, name: str, field: str = "name") -> Participant:
    """The hand named `name` in `conflict`; refused, naming `field`, where none is."""
    p = conflict.participant(name)
    if p is None:
        raise _refused(payload, field, f"is {name!r}: no hand of that name is in conflict "
                                       f"{conflict.number}")
    return p


def _with(state: DustDevilsState, name: str, **changes: Any) -> DustDevilsState:
    return replace(state, characters=tuple(
        replace(who, **changes) if who.name == name else who for who in state.characters))


def _codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(card_codes(cards))


def _changed_values(who: Character, changes: Mapping[Attribute, int]) -> Four:
    values = list(who.values)
    for attribute, change in changes.items():
        i = ATTRIBUTES.index(attribute)
        values[i] = max(0, min(who.ratings[i], values[i] + change))
    return values[0], values[1], values[2], values[3]


def _healed(state: DustDevilsState, name: str, values: Four) -> DustDevilsState:
    """`name`'s attributes at `values`: once all are back to their ratings, no loss is left
    to tell."""
    who = state.character(name)
    if who is None:
        return state
    whole = values == who.ratings
    return _with(state, name, values=values, hurts=() if whole else who.hurts)


def _regain(state: DustDevilsState, regained: Iterable[Regained]) -> DustDevilsState:
    for r in regained:
        who = state.character(r.name)
        if who is not None:
            state = _healed(state, who.name, _changed_values(who, {r.attribute: r.points}))
    return state


def _four(ratings: tuple[int, ...]) -> Four:
    if len(ratings) != len(ATTRIBUTES):
        raise ValueError(f"ratings should be four numbers (Hand, Eye, Guts, Heart), not "
                         f"{len(ratings)}")
    return ratings[0], ratings[1], ratings[2], ratings[3]


def _sheet(event: SheetWritten) -> dict[str, Any]:
    return {
        "name": event.name, "player": event.player, "ratings": _four(event.ratings),
        "knacks": tuple((k.name, k.rating) for k in event.knacks), "traits": event.traits,
        "devil": event.devil, "devil_rating": event.devil_rating, "vocation": event.vocation,
        "description": event.description, "back_story": event.back_story,
        "notes": event.notes,
    }


# -- sheets -------------------------------------------------------------------------------------


@RULES.evolves(CharacterMade)
def made(state: DustDevilsState, event: CharacterMade) -> DustDevilsState:
    if state.character(event.name) is not None:
        raise _refused(event, "name", f"is {event.name!r}: there is already a character so "
                                      "named")
    fields = _sheet(event)
    ledger = (_entry(state, event.chips, "starting Chips"),) if event.chips else ()
    who = Character(values=fields["ratings"], chips=event.chips, ledger=ledger,
                    devil_set_for=state.session if event.devil_rating else 0,
                    sat_at_table=event.player and state.in_session, **fields)
    return replace(state, characters=(*state.characters, who))


@RULES.evolves(CharacterChanged)
def changed(state: DustDevilsState, event: CharacterChanged) -> DustDevilsState:
    old = _someone(state, event, event.old_name, "old_name")
    if event.name != old.name and state.character(event.name) is not None:
        raise _refused(event, "name", f"is {event.name!r}: there is already a character so "
                                      "named")
    fields = _sheet(event)
    # Difficulty already taken stays taken: each value keeps its distance below the rating,
    # unless the values are corrected too
    values = _four(event.values) if event.values is not None else tuple(
        max(0, r - (o_r - o_v)) for r, o_r, o_v
        in zip(fields["ratings"], old.ratings, old.values, strict=True))
    ledger = old.ledger
    if event.chips != old.chips:
        ledger = (*ledger, _entry(state, event.chips - old.chips, "sheet corrected"))
    hurts = () if values == fields["ratings"] else old.hurts
    new = replace(old, values=values, chips=event.chips, ledger=ledger, hurts=hurts,
                  sat_at_table=old.sat_at_table or (event.player and state.in_session),
                  **fields)
    renamed = ((old.name, new.name),) if new.name != old.name else ()
    return replace(state, characters=tuple(
        new if who.name == old.name else who for who in state.characters),
        renamed=(*state.renamed, *renamed),
        met=tuple(new.name if name == old.name else name for name in state.met),
        entering=tuple(replace(e, name=new.name) if e.name == old.name else e
                       for e in state.entering),
        last_winners=tuple(new.name if name == old.name else name
                           for name in state.last_winners))


def _entry(state: DustDevilsState, change: int, reason: str) -> ChipEntry:
    """A line of the Chips' history, dated by the journal's session, not the payload's."""
    return ChipEntry(state.session, change, reason,
                     between=bool(state.session) and not state.in_session)


@RULES.evolves(ChipsChanged)
def chips_changed(state: DustDevilsState, event: ChipsChanged) -> DustDevilsState:
    who = _someone(state, event, event.name)
    change = event.change
    if event.taken:  # the Dealer's taking back is no spending
        return _with(state, who.name, chips=who.chips + change, taken=who.taken - change,
                     ledger=(*who.ledger, _entry(state, change, event.reason)))
    return _with(state, who.name, chips=who.chips + change,
                 earned=who.earned + max(change, 0), spent=who.spent + max(-change, 0),
                 ledger=(*who.ledger, _entry(state, change, event.reason)))


@RULES.evolves(DevilRatingSet)
def devil_rating_set(state: DustDevilsState, event: DevilRatingSet) -> DustDevilsState:
    _someone(state, event, event.name)
    return _with(state, event.name, devil_rating=event.rating, devil_set_for=state.session)


@RULES.evolves(AttributeRaised)
def attribute_raised(state: DustDevilsState, event: AttributeRaised) -> DustDevilsState:
    who = _someone(state, event, event.name)
    i = ATTRIBUTES.index(event.attribute)
    ratings = list(who.ratings)
    values = list(who.values)
    ratings[i] += 1
    if values[i]:  # an attribute at 0 stays there: Chips do not buy off the Road to Hell
        values[i] += 1
    return _with(state, who.name, ratings=tuple(ratings), values=tuple(values),
                 attribute_points_bought=who.attribute_points_bought + 1)


@RULES.evolves(KnackRaised)
def knack_raised(state: DustDevilsState, event: KnackRaised) -> DustDevilsState:
    who = _someone(state, event, event.name)
    if event.knack not in dict(who.knacks):
        raise _refused(event, "knack", f"is {event.knack!r}, which {who.name} does not have")
    knacks = tuple((k, event.rating if k == event.knack else r) for k, r in who.knacks)
    return _with(state, who.name, knacks=knacks,
                 knack_points_bought=who.knack_points_bought + 1)


@RULES.evolves(KnackBought)
def knack_bought(state: DustDevilsState, event: KnackBought) -> DustDevilsState:
    who = _someone(state, event, event.name)
    return _with(state, who.name, knacks=(*who.knacks, (event.knack, 1)),
                 knack_points_bought=who.knack_points_bought + 1)


@RULES.evolves(FateRecorded)
def fate_recorded(state: DustDevilsState, event: FateRecorded) -> DustDevilsState:
    _someone(state, event, event.name)
    return _with(state, event.name, fate=event.fate, fate_due=False, left_in=state.session)


@RULES.evolves(CharacterDropped)
def dropped(state: DustDevilsState, event: CharacterDropped) -> DustDevilsState:
    who = _someone(state, event, event.name)
    return replace(state, characters=tuple(w for w in state.characters if w is not who))


# -- a conflict ----------------------------------------------------------------------------------


def _in_conflict(state: DustDevilsState, name: str, **changes: Any) -> DustDevilsState:
    conflict = state.conflict
    if conflict is None:
        return state
    participants = tuple(replace(p, **changes) if p.name == name else p
                         for p in conflict.participants)
    return replace(state, conflict=replace(conflict, participants=participants))


@RULES.evolves(EntrantAdded)
def entrant_added(state: DustDevilsState, event: EntrantAdded) -> DustDevilsState:
    _someone(state, event, event.name)
    attributes = tuple(a.value for a in event.attributes)
    entrant = Entrant(event.name, event.goal, (attributes[0], attributes[1]),
                      trait=event.trait, devil=event.devil, chip=event.chip, knack=event.knack,
                      side=event.side)
    return replace(state, entering=(*state.entering, entrant))


@RULES.evolves(EntrantsWithdrawn)
def entrants_withdrawn(state: DustDevilsState, event: EntrantsWithdrawn) -> DustDevilsState:
    return replace(state, entering=tuple(e for e in state.entering
                                         if e.name not in event.names))


@RULES.evolves(ConflictOpened)
def conflict_opened(state: DustDevilsState, event: ConflictOpened) -> DustDevilsState:
    for i, x in enumerate(event.entrants):
        if x.name != DEALER:
            _someone(state, event, x.name, f"entrants[{i}].name")
    participants = tuple(
        Participant(name=x.name, goal=x.goal, attributes=tuple(a.value for a in x.attributes),
                    trait=x.trait, devil=x.devil, chip=x.chip, won_last=x.won_last,
                    cards_due=x.cards, at_zero=x.at_zero, knack=x.knack, side=x.side)
        for x in event.entrants)
    recovery = None
    if event.recovery is not None:
        recovery = (event.recovery.patient,
                    tuple((s.attribute.value, s.points) for s in event.recovery.split))
    conflict = Conflict(number=event.number, title=event.title, stakes=event.stakes,
                        phase="deal", participants=participants, stud=event.stud,
                        recovery=recovery, takes_up=event.takes_up)
    met = tuple(dict.fromkeys((*state.met, *(p.name for p in participants))))
    # those added to it are in it now
    return replace(state, conflict=conflict, met=met, entering=())


@RULES.evolves(CardsDealt)
def cards_dealt(state: DustDevilsState, event: CardsDealt) -> DustDevilsState:
    conflict = _under_way(state, event)
    out: list[str] = []
    for i, h in enumerate(event.hands):
        _hand(conflict, event, h.name, f"hands[{i}].name")
        if any(x.name == h.name for x in event.hands[:i]):
            raise _refused(event, f"hands[{i}].name", f"is {h.name!r}: that hand is dealt "
                                                      "twice")
        for j, (card, code) in enumerate(zip(h.cards, _codes(h.cards), strict=True)):
            if out.count(code) >= (2 if card.is_joker else 1):
                raise _refused(event, f"hands[{i}].cards[{j}]",
                               f"is {card}, dealt twice: there is one pack")
            out.append(code)
    hands = {h.name: _codes(h.cards) for h in event.hands}
    # every hand still in is dealt one card at least (a Deal never deals fewer)
    undealt = next((p.name for p in conflict.active if not hands.get(p.name)), None)
    if undealt is not None:
        raise _refused(event, "hands", f"leave {undealt} without a card: every hand still "
                                       "in is dealt one at least")
    participants = tuple(replace(p, hand=hands.get(p.name, ())) for p in conflict.participants)
    seen = tuple(code for h in event.hands for code in _codes(h.cards))
    return replace(state, conflict=replace(conflict, participants=participants, seen=seen,
                                           phase="draw"))


@RULES.evolves(CardsDrawn)
def cards_drawn(state: DustDevilsState, event: CardsDrawn) -> DustDevilsState:
    conflict = _under_way(state, event)
    p = _hand(conflict, event, event.name)
    hand = list(p.hand)
    thrown = _codes(event.discards)
    drawn = _codes(event.drawn)
    for i, (card, code) in enumerate(zip(event.discards, thrown, strict=True)):
        if code not in hand:
            raise _refused(event, f"discards[{i}]", f"is {card}, which {p.name} does not hold")
        hand.remove(code)
    hand += drawn
    state = _in_conflict(state, p.name, hand=tuple(hand), drawn=True,
                         discarded=(*p.discarded, *thrown))
    assert state.conflict is not None
    return replace(state, conflict=replace(state.conflict, seen=(*state.conflict.seen, *drawn)))


@RULES.evolves(Folded)
def folded(state: DustDevilsState, event: Folded) -> DustDevilsState:
    _hand(_under_way(state, event), event, event.name)
    return _in_conflict(state, event.name, folded=True)


@RULES.evolves(DealerFolded)
def dealer_folded(state: DustDevilsState, event: DealerFolded) -> DustDevilsState:
    return state  # the Chips awarded and the end are events of their own


@RULES.evolves(Called)
def called(state: DustDevilsState, event: Called) -> DustDevilsState:
    conflict = _under_way(state, event)
    for i, x in enumerate(event.lays):
        p = _hand(conflict, event, x.name, f"lays[{i}].name")
        for j, (card, code) in enumerate(zip(x.cards, _codes(x.cards), strict=True)):
            if code not in p.hand:
                raise _refused(event, f"lays[{i}].cards[{j}]",
                               f"is {card}, which {p.name} does not hold")
    for i, name in enumerate(event.winners):
        _hand(conflict, event, name, f"winners[{i}]")
    laid = {x.name: _codes(x.cards) for x in event.lays}
    participants = tuple(replace(p, laid=laid.get(p.name, ())) for p in conflict.participants)
    return replace(state, conflict=replace(
        conflict, participants=participants, phase="resolve", winners=event.winners,
        spared=event.spared,
        combination=_codes(event.combination), high_card=event.high_card,
        high_card_holder=event.high_card_holder, narrator=event.narrator))


@RULES.evolves(NarrationBid)
def narration_bid(state: DustDevilsState, event: NarrationBid) -> DustDevilsState:
    if state.conflict is None:
        return state
    return replace(state, conflict=replace(state.conflict, narrator=event.narrator,
                                           narration_bought=event.paid > 0))


@RULES.evolves(DifficultyTaken)
def difficulty_taken(state: DustDevilsState, event: DifficultyTaken) -> DustDevilsState:
    who = _someone(state, event, event.name)
    conflict = _under_way(state, event)
    split = {s.attribute: -s.points for s in event.split}
    hurts = (*who.hurts, (event.told, conflict.title)) if event.told else who.hurts
    state = _with(state, who.name, values=_changed_values(who, split), hurts=hurts)
    taken = tuple((who.name, a.value, -n) for a, n in split.items())
    placed = conflict.placed if event.by_narrator else (*conflict.placed, who.name)
    points = conflict.placed_points if event.by_narrator else (
        *conflict.placed_points, (who.name, sum(s.points for s in event.split)))
    told = (*conflict.told, (who.name, event.told)) if event.told else conflict.told
    return replace(state, conflict=replace(
        conflict, difficulty=(*conflict.difficulty, *taken), placed=placed,
        placed_points=points, told=told))


@RULES.evolves(PointRestored)
def point_restored(state: DustDevilsState, event: PointRestored) -> DustDevilsState:
    who = _someone(state, event, event.name)
    conflict = replace(_under_way(state, event), restored=True)
    state = _healed(state, who.name, _changed_values(who, {event.attribute: 1}))
    return replace(state, conflict=conflict)


def _close(state: DustDevilsState, number: int, how: str) -> DustDevilsState:
    return replace(state, past=tuple(replace(r, closed=how) if r.number == number else r
                                     for r in state.past))


@RULES.evolves(ConflictEnded)
def conflict_ended(state: DustDevilsState, event: ConflictEnded) -> DustDevilsState:
    conflict = _under_way(state, event)
    for i, name in enumerate(event.fates_due):
        _someone(state, event, name, f"fates_due[{i}]")
        state = _with(state, name, fate_due=True)
    state = _regain(state, event.recovered)
    record = ConflictRecord(conflict.number, conflict.title, event.outcome, event.unresolved,
                            session=state.session, characters=conflict.characters)
    last = () if event.unresolved else conflict.winners
    state = _close(state, conflict.takes_up, f"taken up again in conflict {conflict.number}")
    return replace(state, conflict=None, past=(*state.past, record), last_winners=last)


@RULES.evolves(ThreadClosed)
def thread_closed(state: DustDevilsState, event: ThreadClosed) -> DustDevilsState:
    return _close(state, event.number, event.reason)


# -- sessions and table rulings --------------------------------------------------------------


@RULES.evolves(Recovered)
def recovered(state: DustDevilsState, event: Recovered) -> DustDevilsState:
    return _regain(state, event.recovered)


@RULES.evolves(DamageKept)
def damage_kept(state: DustDevilsState, event: DamageKept) -> DustDevilsState:
    return state  # told, not applied: what stays lost was lost in play


@RULES.evolves(WinnerCardSet)
def winner_card_set(state: DustDevilsState, event: WinnerCardSet) -> DustDevilsState:
    return replace(state, winner_card=event.on)


@RULES.evolves(CarryOverRuled)
def carry_over_ruled(state: DustDevilsState, event: CarryOverRuled) -> DustDevilsState:
    return replace(state, carry_over=event.on)
