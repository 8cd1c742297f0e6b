"""A conflict after its Call, decided: bids for narration, each loser's Difficulty (and the
narrator's own), the narrator's restored point, the end where the Stakes are paid, open
threads closed, and a conflict under way when a session ends (carried on, or left off
unresolved). The readings are in `rules`' docstring; the arithmetic in `call`."""

from __future__ import annotations

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import evaluate
from gmscreen.core.text import quoted
from gmscreen.games.dust_devils import call as calling
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils.conflict import is_players
from gmscreen.games.dust_devils.events import (
    Bid,
    ChipsChanged,
    ConflictEnded,
    DifficultyTaken,
    NarrationBid,
    PointRestored,
    PointsOf,
    Regained,
    ThreadClosed,
)
from gmscreen.games.dust_devils.log import named, named_all
from gmscreen.games.dust_devils.rules import (
    RULES,
    character_named,
    conflict_at,
    named_once,
    verify_chips,
    why_not_phase,
)
from gmscreen.games.dust_devils.sheet import (
    ATTRIBUTES,
    Attribute,
    attribute_split,
    parse_attribute,
)
from gmscreen.games.dust_devils.state import Character, Conflict, DustDevilsState
from gmscreen.journal.rules import RuleError

# -- narration -------------------------------------------------------------------------------


def why_not_bid(state: DustDevilsState) -> RuleError | None:
    """Why nobody may bid for narration now."""
    refused = why_not_phase(state, "Narration", "resolve")
    if refused is not None or state.conflict is None:
        return refused
    if state.conflict.narration_bought:
        return RuleError("Narration", "narration has been bid for already this conflict")
    zero = state.conflict.at_zero
    if len(zero) == 1:
        return RuleError("The Road to Hell", f"{zero[0]} entered at 0 and narrates; nobody "
                         "bids")
    if not bidders(state):
        return RuleError("Narration", "narration is bought with Chips, and no player who "
                         "may bid holds one")
    return None


def narration_holder(conflict: Conflict) -> str:
    """Who holds narration before any bid ("" for nobody): the character that entered at 0
    (the one that laid the highest card among several), else the high card's holder."""
    return conflict.narrator if conflict.at_zero else conflict.high_card_holder


def who_may_bid(state: DustDevilsState) -> tuple[str, ...]:
    """The players who may bid for narration now: any player's character in play, or, when
    two or more characters entered at 0, only they; never one whose last conflict is over
    (his fate due), who buys nothing more with Chips."""
    zero = state.conflict.at_zero if state.conflict is not None else []
    return tuple(w.name for w in state.players
                 if w.in_play and not w.fate_due and (not zero or w.name in zero))


def bids_open(state: DustDevilsState, name: str) -> int:
    """The most `name` can bid for narration now: the Chips held (0 for one who may not
    bid)."""
    who = state.character(name)
    return who.chips if who is not None and name in who_may_bid(state) else 0


def bidders(state: DustDevilsState) -> tuple[str, ...]:
    """The players who may bid and hold a Chip to bid with (the bid form offers these)."""
    return tuple(n for n in who_may_bid(state) if bids_open(state, n) > 0)


@RULES.decides(c.BidForNarration)
def bid(state: DustDevilsState, command: c.BidForNarration) -> list[object]:
    refused = why_not_bid(state)
    if refused is not None:
        raise refused
    conflict = conflict_at(state, "Narration", "resolve")
    named_once(command.bids, "Narration", "bids", "bid")
    bids = {n: b for n, b in command.bids if b}
    for name, chips in bids.items():
        who = character_named(state, name)
        if not who.player:
            raise RuleError("Narration", "only players bid Chips for narration", field=name)
        if chips < 0:
            raise RuleError("Narration", "a bid is a number of Chips", field=name)
        verify_chips(who, chips, "Narration", field=name)
        if who.fate_due:
            raise RuleError("The Road to Hell", f"{who.name}'s last conflict is over; the "
                            "player records the fate, and nothing more is bought", field=name)
        if name not in who_may_bid(state):
            raise RuleError("The Road to Hell", "when two or more characters at 0 enter a "
                            "conflict, only they bid for narration", field=name)
    if not bids:
        raise RuleError("Narration", "no Chips were bid")
    holder = narration_holder(conflict) or None
    narrator = calling.narrator_after_bids(holder, bids)
    if narrator is None:
        raise RuleError("Narration", "the top bids tie: someone must bid more")
    paid = calling.narration_price(holder, bids, narrator)
    made: list[object] = [NarrationBid(tuple(Bid(n, b) for n, b in bids.items()), narrator,
                                       paid, conflict.title)]
    if paid:
        made.append(ChipsChanged(narrator, -paid, f"narrates {conflict.title}",
                                 conflict.title))
    return made


# -- Difficulty ---------------------------------------------------------------------------------


def losers_waiting(state: DustDevilsState) -> tuple[str, ...]:
    """The losers the winning combination beat who have still to place this conflict's
    Difficulty (not those that stood on the winner's side, nor one whose attributes it
    deals from are all at 0 already: with no point to place, nobody waits on him)."""
    conflict = state.conflict
    if conflict is None:
        return ()
    winning = evaluate(cards_from_codes(conflict.combination)) if conflict.combination \
        else None

    def to_place(name: str) -> bool:
        who = state.character(name)
        return winning is None or who is None or calling.points_due(
            calling.difficulty_points(winning), calling.difficulty_attributes(winning),
            {a: who.value(a) for a in ATTRIBUTES}) > 0

    return tuple(p.name for p in conflict.active
                 if p.name not in conflict.winners and p.name not in conflict.placed
                 and p.name not in conflict.spared and not p.is_stud and to_place(p.name))


def why_not_difficulty(state: DustDevilsState) -> RuleError | None:
    """Why no loser can place Difficulty now."""
    refused = why_not_phase(state, "Difficulty", "resolve")
    if refused is None and state.conflict is not None and not losers_waiting(state):
        return RuleError("Difficulty", "every loser has placed this conflict's Difficulty")
    return refused


def why_not_narrator_difficulty(state: DustDevilsState) -> RuleError | None:
    return why_not_phase(state, "Difficulty", "resolve")


@RULES.decides(c.TakeDifficulty)
def difficulty(state: DustDevilsState, command: c.TakeDifficulty) -> list[object]:
    conflict = conflict_at(state, "Difficulty", "resolve")
    who = character_named(state, command.name)
    p = conflict.participant(who.name)
    if p is None or p.folded:
        raise RuleError("Difficulty", f"{who.name} holds no hand in this conflict",
                        field="name")
    split = attribute_split(command.split, "Difficulty")
    values = {a: who.value(a) for a in ATTRIBUTES}
    if command.by_narrator:
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
        if who.name in conflict.spared:
            raise RuleError("Difficulty", f"{who.name} stood with the winning hand, which "
                            "beat the other side, not him; only the narrator hands him "
                            "Difficulty", field="name")
        if who.name in conflict.placed:
            raise RuleError("Difficulty", f"{who.name} has placed this conflict's "
                            "Difficulty", field="name")
        winning = evaluate(cards_from_codes(conflict.combination))
        calling.verify_split(who.name, calling.difficulty_points(winning),
                             calling.difficulty_attributes(winning), values, split)
    # the attributes this loss empties: the Road to Hell, a Devil's (l.321), so none for a
    # minor character of the Dealer's, who has no Devil to stand in for the 0
    emptied = tuple(a for a, n in split.items() if n and values[a] and values[a] <= n
                    and who.important)
    return [DifficultyTaken(who.name, tuple(PointsOf(a, n) for a, n in split.items() if n),
                            command.by_narrator, conflict.title, " ".join(command.told.split()),
                            emptied)]


# -- the narrator's point ----------------------------------------------------------------------


def restorable(conflict: Conflict, narrator: Character | None = None
               ) -> tuple[Attribute, ...]:
    """The attributes the narrator took Difficulty to in this conflict, in the sheet's order:
    the only ones the narrator's point can come back to. With the `narrator`'s sheet, only
    those still below their rating: a conflict carried into the next session was lost in
    before the session's end gave all damage back (l.256), and a point restored then would
    restore nothing."""
    lost = {a for who, a, n in conflict.difficulty if who == conflict.narrator and n}
    return tuple(a for a in ATTRIBUTES if a.value in lost
                 and (narrator is None or narrator.value(a) < narrator.rating(a)))


def why_not_restore(state: DustDevilsState) -> RuleError | None:
    """Why the narrator cannot restore a point now: only narration paid for restores one,
    only one a conflict, and only of Difficulty the narrator took in this conflict."""
    refused = why_not_phase(state, "Narration", "resolve")
    if refused is not None or state.conflict is None:
        return refused
    conflict = state.conflict
    if not conflict.narration_bought:
        return RuleError("Narration", "a point is restored only by spending Chips to narrate")
    if conflict.restored:
        return RuleError("Narration", "only one point of Difficulty is restored a conflict")
    if not restorable(conflict):
        return RuleError("Narration", f"{conflict.narrator} took no Difficulty in this "
                         "conflict: the narrator's Chip restores a point only of Difficulty "
                         "taken in it")
    narrator = state.character(conflict.narrator)
    if narrator is not None and not restorable(conflict, narrator):
        back = ", ".join(f"{a} {narrator.value(a)} of {narrator.rating(a)}"
                         for a in restorable(conflict))
        return RuleError("Narration", f"the Difficulty {conflict.narrator} took in this "
                         f"conflict has come back since ({back}): no point is left to "
                         "restore")
    return None


@RULES.decides(c.RestorePoint)
def restore(state: DustDevilsState, command: c.RestorePoint) -> list[object]:
    refused = why_not_restore(state)
    if refused is not None:
        raise refused
    conflict = conflict_at(state, "Narration", "resolve")
    attribute = parse_attribute(command.attribute)
    if attribute not in restorable(conflict):
        raise RuleError("Narration", f"{conflict.narrator} took no Difficulty to {attribute} "
                        "in this conflict", field="attribute")
    narrator = state.character(conflict.narrator)
    if narrator is not None and attribute not in restorable(conflict, narrator):
        raise RuleError("Narration", f"{conflict.narrator}'s {attribute} has come back to "
                        f"{narrator.rating(attribute)} since the Difficulty of this "
                        "conflict: no point is left to restore to it", field="attribute")
    name = conflict.narrator
    return [PointRestored(name, attribute, conflict.title)]


# -- the end -----------------------------------------------------------------------------------


def _healers(conflict: Conflict) -> set[str]:
    """The hands whose win heals in a recovery: those that named a Knack. A recovery set up
    before a Knack was asked for (an older journal) heals by any character's hand."""
    named = {p.name for p in conflict.active if p.knack}
    return named or {p.name for p in conflict.active if not p.is_stud}


def why_not_end(state: DustDevilsState) -> RuleError | None:
    """Why the conflict cannot end now: every loser places its Difficulty first."""
    refused = why_not_phase(state, "Stakes", "resolve")
    if refused is not None or state.conflict is None:
        return refused
    waiting = losers_waiting(state)
    if waiting:
        return RuleError("Difficulty", f"{named_all(waiting)} must place Difficulty first")
    return None


def stakes_due(state: DustDevilsState) -> tuple[str, ...]:
    """The player characters the end of the conflict called pays its Stakes to: those among
    the winners and those that stood with them (none when it has no Stakes, or when the
    Dealer's hands won)."""
    conflict = state.conflict
    if conflict is None or not conflict.stakes:
        return ()
    return tuple(n for n in (*conflict.winners, *conflict.spared) if is_players(state, n))


@RULES.decides(c.EndConflict)
def end(state: DustDevilsState, command: c.EndConflict) -> list[object]:
    refused = why_not_end(state)
    if refused is not None:
        raise refused
    conflict = conflict_at(state, "Stakes", "resolve")
    stakes = stakes_due(state)
    fates = tuple(conflict.at_zero)
    recovered: tuple[Regained, ...] = ()
    if conflict.recovery is not None and any(n in _healers(conflict) for n in conflict.winners):
        patient = state.character(conflict.recovery[0])
        recovered = tuple(Regained(conflict.recovery[0], Attribute(a), n)
                          for a, n in conflict.recovery[1]
                          if patient is not None and patient.value(Attribute(a)))
    outcome = f"{named_all(conflict.winners)} won; {named(conflict.narrator or 'nobody')} narrated"
    return [ConflictEnded(conflict.title, False, outcome, stakes, fates, recovered,
                          conflict.characters),
            *(ChipsChanged(n, conflict.stakes, f"Stakes of {conflict.title}", conflict.title)
              for n in stakes)]


# -- open threads ----------------------------------------------------------------------------


def threads_to_close(state: DustDevilsState) -> tuple[int, ...]:
    """The open threads the Dealer may close: all but one the conflict under way takes up."""
    taken = state.conflict.takes_up if state.conflict is not None else 0
    return tuple(r.number for r in state.open_threads if r.number != taken)


def why_not_close_thread(state: DustDevilsState) -> RuleError | None:
    if not state.open_threads:
        return RuleError("Open threads", "there is none: a conflict that ends unresolved "
                         "becomes one")
    if not threads_to_close(state):
        return RuleError("Open threads", "the conflict under way takes it up; it closes when "
                         "that conflict ends")
    return None


@RULES.decides(c.CloseThread)
def close_thread(state: DustDevilsState, command: c.CloseThread) -> list[object]:
    thread = next((r for r in state.open_threads if r.number == command.number), None)
    if thread is None:
        raise RuleError("Open threads", f"conflict {command.number} is no open thread",
                        field="number")
    if command.number not in threads_to_close(state):
        under_way = state.conflict.title if state.conflict is not None else ""
        raise RuleError("Open threads", f"{quoted(under_way)} takes it up; it closes when that "
                        "conflict ends", field="number")
    if not command.reason.strip():
        raise RuleError("Open threads", "say how the thread ended", field="reason")
    return [ThreadClosed(thread.number, command.reason.strip(), thread.title,
                         thread.characters)]


# -- a session ending mid-conflict -------------------------------------------------------------

_AT = {"deal": "at the Deal", "draw": "at the Draw", "resolve": "after the Call"}


@RULES.tells_under_way
def under_way(state: DustDevilsState) -> str | None:
    """The conflict open now, at any step before its end, in words; None when none is."""
    conflict = state.conflict
    if conflict is None:
        return None
    return conflict_at_step(conflict.title, conflict.phase)


def conflict_at_step(title: str, phase: str) -> str:
    """A conflict under way and its step, as the end of a session asks of it and the recap
    says where the game stands: 'the conflict "At the jail" (at the Draw)'."""
    return f'the conflict "{title}" ({_AT[phase]})'


@RULES.tells_left_off
def left_off_words(state: DustDevilsState) -> str:
    """What leaving the conflict off does, offered as the session ends (see `leave_off`)."""
    return "it ends unresolved, no Stakes paid and no fate told: an open thread for later"


@RULES.abandons
def leave_off(state: DustDevilsState) -> list[object]:
    """A conflict left off as the session ends: it ends unresolved, as a fold ends one, and
    settles nothing (no Stakes, no fate, no Chip): an open thread for a later conflict."""
    conflict = state.conflict
    assert conflict is not None  # the Decider asks `under_way` first
    return [ConflictEnded(conflict.title, unresolved=True,
                          outcome=f"left off when session {state.session} ended",
                          hands=conflict.characters)]
