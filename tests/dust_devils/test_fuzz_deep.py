"""Any command, from deep in play: the shared fuzz (tests/test_commands_fuzz.py) starts from
the sample campaign's states, mostly early; this one starts from a conflict at each of its
steps (the Deal, half-way through the Draw, the Call, narration bought, Difficulty half
placed, a recovery, the Road to Hell with one and with two characters at 0, an open thread
taken up, a session ended mid-conflict and carried into the next, the winner's card more).

Each sequence mixes the shared fuzz's commands (any values of the right types, from the
words these states hold) with commands drawn from the state they are sent to (its hands,
its unseen cards, its names), so that most of them pass their first checks and reach the
rules behind; a session's end and start are sent among them. Whatever is decided folds from
its data, is told, and leaves both views and the panes' questions answerable."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from functools import lru_cache
from random import Random
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import evaluate
from gmscreen.games.dust_devils import RULES, resolution, rules, view
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.call import (
    auto_split,
    difficulty_attributes,
    difficulty_points,
    lay_size,
)
from gmscreen.games.dust_devils.deal import deal_hands, full_pack
from gmscreen.games.dust_devils.sample import (
    CLARA,
    JACK,
    JIM,
    LUKE,
    MERRILL,
    NON_PLAYERS,
    PLAYERS,
    TOM,
    ZEKE,
    best_lay,
)
from gmscreen.games.dust_devils.sheet import ATTRIBUTES
from gmscreen.games.dust_devils.state import DEALER, FATES, DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import SESSION_END, SESSION_START, Event
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table
from tests.test_commands_fuzz import (
    DERANDOMIZE,
    EXAMPLES,
    Words,
    built,
    command_classes,
    folded,
    terms_of,
    words_in,
)

AT = datetime(2026, 11, 25, tzinfo=UTC)


# -- the states: a campaign played deep, a step of play each ------------------------------


def fork(t: Table) -> Table:
    return Table(t.state, list(t.events), t.session)


def now(t: Table) -> Any:
    conflict = t.state.conflict
    assert conflict is not None
    return conflict


def deal_seeded(t: Table, seed: int) -> None:
    counts = {p.name: p.cards_due for p in now(t).participants}
    t.do(c.Deal(tuple(deal_hands(Random(seed), counts).items())))


def stand_pat(t: Table) -> None:
    for name in steps.to_draw(now(t)):
        t.do(c.Draw(name, (), ()))


def call_best(t: Table) -> None:
    t.do(c.Call(tuple((p.name, best_lay(p.hand)) for p in now(t).active)))


def place_all(t: Table) -> None:
    conflict = now(t)
    winning = evaluate(cards_from_codes(conflict.combination))
    for name in resolution.losers_waiting(t.state):
        who = t.state.character(name)
        assert who is not None
        split = auto_split(difficulty_points(winning), difficulty_attributes(winning),
                           {a: who.value(a) for a in ATTRIBUTES})
        t.do(c.TakeDifficulty(name, tuple((a.value, n) for a, n in split.items())))


def play_out(t: Table, seed: int) -> None:
    """The conflict set up, dealt from a pack shuffled by `seed`, stood pat, called with
    the best lays, every loser's Difficulty placed, ended."""
    deal_seeded(t, seed)
    stand_pat(t)
    call_best(t)
    place_all(t)
    t.do(c.EndConflict())


def deep_states() -> list[tuple[str, DustDevilsState]]:
    """A campaign of The Hanged Man played deep, the state at each step of play worth
    starting from, each with what it is."""
    found: list[tuple[str, DustDevilsState]] = []

    def keep(what: str, t: Table) -> None:
        found.append((what, t.state))

    t = Table()
    for sheet in (*PLAYERS, *NON_PLAYERS):
        t.do(c.MakeCharacter(sheet))
    t.start_session()
    keep("session 1 begun, no Devil rating set yet", t)
    t.do(c.SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 1))))
    keep("Devil ratings set, nothing under way", t)

    # 1. Black Jack against a stud hand of 5, each bought (or given) a card more
    t.do(c.OpenConflict("Shootout at the cliff",
                        (c.Entrant(JACK.name, "get away", ("Guts", "Heart"), chip=True,
                                   knack="Shootin'"),),
                        stakes=1, stud=5, stud_goal="the gang rides him down", stud_chip=True))
    keep("at the Deal, a Chip's card more bought and awarded", t)
    t.do(c.Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd", "4s")),
                 (DEALER, ("2c", "5c", "8c", "Jc", "Kc", "Ad")))))
    keep("at the Draw, nobody drawn", t)
    t.do(c.Draw(JACK.name, ("9d", "4s"), ("6d", "Ks")))
    keep("half-way through the Draw, the stud hand to draw", t)
    t.do(c.Draw(DEALER, ("Ad",), ("2h",), chip=True))
    keep("every hand drawn, the Call next", t)
    call_best(t)
    keep("after the Call, a loser to place Difficulty", t)
    t.do(c.BidForNarration(((JACK.name, 1),)))
    keep("narration bought by the loser, its Difficulty not placed", t)
    place_all(t)
    keep("Difficulty placed, the narrator's point to restore", t)
    t.do(c.RestorePoint("Guts"))
    keep("the point restored, the end next", t)
    t.do(c.EndConflict())
    keep("a conflict over, Black Jack hurt", t)
    after_first = fork(t)
    rich = fork(t)
    rich.do(c.GiveChips(LUKE.name, 20, "the bounty on the Kenner gang"))
    keep("a player with Chips to spend", rich)

    # 2. Zeke and Luke against Long Tom, an important non-player character
    t.do(c.OpenConflict("At the jail", (
        c.Entrant(ZEKE.name, "get the reward back", ("Hand", "Guts"), knack="Wrestlin'"),
        c.Entrant(LUKE.name, "slip out of the cell", ("Guts", "Heart")),
        c.Entrant(TOM.name, "keep them both", ("Hand", "Guts"), knack="Fightin'")),
        stakes=2))
    keep("at the Deal against an important non-player character", t)
    t.do(c.Deal(((ZEKE.name, ("Td", "2s", "Ah", "Kd", "8h", "4h", "Qs", "Th")),
                 (LUKE.name, ("3s", "6h", "7s", "9s", "Jd", "5d", "Qh")),
                 (TOM.name, ("2c", "5c", "8c", "Jc", "Kc", "4d", "9h")))))
    keep("at the Draw, the Dealer free to fold", t)
    t.do(c.Draw(ZEKE.name, ("2s", "4h"), ("3d", "6s")))
    keep("one hand of three drawn", t)
    folding = fork(t)
    folding.do(c.Fold(LUKE.name))
    keep("a player folded half-way through the Draw", folding)
    stand_pat(t)
    call_best(t)
    keep("after the Call, two losers to place Difficulty", t)
    t.do(c.TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    keep("one loser placed (at 0 now), one waiting", t)
    t.do(c.TakeDifficulty(LUKE.name, (("Guts", 4),)))
    keep("every loser placed, the end next", t)
    t.do(c.EndConflict())
    keep("two characters on the Road to Hell, nothing under way", t)
    two_down = fork(t)

    # 3. Zeke's last stand
    t.do(c.OpenConflict("Zeke's last stand", (
        c.Entrant(ZEKE.name, "go out fighting", ("Guts", "Hand")),), stud=5))
    keep("a last stand at the Deal", t)
    deal_seeded(t, 3)
    keep("a last stand at the Draw, the Devil's cards to change", t)
    stand_pat(t)
    call_best(t)
    keep("a last stand after the Call: the character at 0 narrates", t)
    place_all(t)
    t.do(c.EndConflict())
    keep("a fate due", t)
    t.do(c.RecordFate(ZEKE.name, FATES[0]))
    keep("a character out of play", t)

    # 4. Zeke and Luke together at 0
    two_down.do(c.OpenConflict("Back to back", (
        c.Entrant(ZEKE.name, "hold the door", ("Guts", "Eye")),
        c.Entrant(LUKE.name, "hold the window", ("Guts", "Hand"))), stakes=1, stud=7))
    deal_seeded(two_down, 11)
    stand_pat(two_down)
    call_best(two_down)
    keep("two characters at 0 after the Call: only they bid", two_down)

    # 5. a recovery, Jim tending Black Jack's Guts
    recovery = fork(after_first)
    recovery.do(c.OpenConflict("Whiskey and a bandage", (
        c.Entrant(JIM.name, "patch Jack up", ("Eye", "Heart"), knack="Drinkin'"),),
        stud=3, recovery=(JACK.name, (("Guts", 1),))))
    keep("a recovery at the Deal", recovery)
    deal_seeded(recovery, 5)
    stand_pat(recovery)
    call_best(recovery)
    keep("a recovery after the Call", recovery)

    # 6. the Dealer folds, the thread is taken up; the session ends on it, carried over
    t = fork(after_first)
    t.do(c.OpenConflict("The mayor's terms", (
        c.Entrant(JIM.name, "learn the price", ("Eye", "Heart")),
        c.Entrant(MERRILL.name, "name a price", ("Eye", "Heart"))), stakes=1))
    deal_seeded(t, 7)
    t.do(c.DealerFolds())
    keep("an open thread, nothing under way", t)
    thread = t.state.open_threads[0].number
    t.do(c.OpenConflict("The mayor's terms again", (
        c.Entrant(JIM.name, "learn the price", ("Eye", "Heart")),
        c.Entrant(CLARA.name, "speak first", ("Eye", "Heart"))), stud=5, takes_up=thread))
    deal_seeded(t, 8)
    keep("an open thread taken up, at the Draw", t)
    t.end_session()
    t.start_session()
    keep("session 2, a conflict carried over, the Devils not set", t)
    t.do(c.SetSessionDevils(((ZEKE.name, 1), (JACK.name, 3), (LUKE.name, 2))))
    keep("session 2, Devil ratings set, a conflict carried over", t)
    t.do(c.SetWinnerCard(True))
    stand_pat(t)
    call_best(t)
    place_all(t)
    t.do(c.EndConflict())
    keep("session 2, the winner's card on, a conflict just called", t)
    winners = t.state.last_winners
    entrants = tuple(c.Entrant(n, "press on", ("Hand", "Eye")) for n in winners
                     if (w := t.state.character(n)) is not None and w.important)
    t.do(c.OpenConflict("Hot on their heels", (
        *entrants, c.Entrant(JACK.name, "keep up", ("Eye", "Heart"))), stud=5,
        continues=True))
    keep("a conflict going on from the last, its winners a card more", t)
    t.do(c.RuleCarryOver(True))
    keep("session 2, damage carries over, a conflict at the Deal", t)
    return found


# -- commands drawn from the state they are sent to ---------------------------------------

ATTRIBUTE_NAMES = tuple(a.value for a in ATTRIBUTES)


def mostly(valid: st.SearchStrategy[Any], *wild: st.SearchStrategy[Any],
           ) -> st.SearchStrategy[Any]:
    """`valid` three times in four, one of `wild` otherwise: most commands get past their
    first checks to the rules behind them, and the rest try those checks."""
    return st.sampled_from((True, True, True, False)).flatmap(
        lambda ok: valid if ok else st.one_of(*wild))


def attribute_name() -> st.SearchStrategy[str]:
    return mostly(st.sampled_from(ATTRIBUTE_NAMES),
                  st.sampled_from(("hand", " Eye ", "Grit", "", "♠")))


def count() -> st.SearchStrategy[int]:
    return st.one_of(st.integers(0, 5), st.integers(-3, 60))


def unseen(state: DustDevilsState) -> list[str]:
    """The cards of the pack nobody has seen this conflict."""
    seen = Counter(state.conflict.seen if state.conflict is not None else ())
    return sorted((Counter(full_pack()) - seen).elements())


def cards_from(pool: list[str], size: int) -> st.SearchStrategy[tuple[str, ...]]:
    """`size` of `pool`, mostly; now and then a card more or less, or one twice."""
    if not pool:
        return st.just(())
    exact = st.permutations(pool).map(lambda p: tuple(p[:size]))
    off = st.lists(st.sampled_from(pool), min_size=0, max_size=size + 1).map(tuple)
    return st.one_of(exact, exact, exact, off)


def names_of(state: DustDevilsState) -> list[str]:
    """The names a command may give, those that matter now given more often: the hands
    in the conflict, and a character whose fate is due."""
    held = [w.name for w in state.characters]
    if state.conflict is not None:
        held += [p.name for p in state.conflict.participants] * 2
    held += [w.name for w in state.characters if w.fate_due] * 4
    return held or ["Nobody"]


def knacks_of(state: DustDevilsState, name: str) -> st.SearchStrategy[str]:
    who = state.character(name)
    spelled = [k for k, _ in who.knacks] if who is not None else []
    return st.sampled_from(["", "", *spelled, *(k.upper() for k in spelled), "Cookin'"])


def entrant(state: DustDevilsState) -> st.SearchStrategy[c.Entrant]:
    def one(name: str) -> st.SearchStrategy[c.Entrant]:
        who = state.character(name)
        rating = who.devil_rating if who is not None else 0
        pair = st.permutations(ATTRIBUTE_NAMES).map(lambda p: (p[0], p[1]))
        return st.builds(
            c.Entrant, st.just(name), mostly(st.just("win"), st.sampled_from(("", " run "))),
            mostly(pair, st.tuples(attribute_name(), attribute_name())),
            st.booleans(), mostly(st.just(0), st.sampled_from((rating, -rating, 1, 5))),
            mostly(st.just(False), st.just(True)), knacks_of(state, name))
    return st.sampled_from(names_of(state)).flatmap(one)


def open_conflict(state: DustDevilsState) -> st.SearchStrategy[c.OpenConflict]:
    threads = [r.number for r in state.open_threads] or [0]
    hurt = [w.name for w in state.characters if w.values != w.ratings] or names_of(state)
    recovery = mostly(st.none(), st.tuples(
        st.sampled_from(hurt),
        st.lists(st.tuples(attribute_name(), st.integers(-1, 6)), max_size=3).map(tuple)))
    return st.builds(
        c.OpenConflict, mostly(st.just("A fight"), st.sampled_from(("", " "))),
        st.lists(entrant(state), min_size=1, max_size=4).map(tuple),
        stakes=mostly(st.integers(0, 3), st.integers(-1, 4)),
        stud=mostly(st.sampled_from((0, 3, 5, 7)), st.just(4)),
        stud_goal=st.sampled_from(("", "win")), stud_chip=st.booleans(), recovery=recovery,
        takes_up=mostly(st.just(0), st.sampled_from([*threads, 99])),
        continues=mostly(st.just(False), st.just(True)))


def well_formed_conflict(state: DustDevilsState) -> st.SearchStrategy[c.OpenConflict]:
    """A conflict set up as the Conflict tab sets one up: one to three characters in play
    with a Devil, a player among them, two attributes each, Stakes and a stud hand that
    fit; the rules then say whether these characters may enter now."""
    players = [w.name for w in state.players if w.in_play]
    others = [w.name for w in state.characters if w.in_play and w.important]
    if not players:
        return st.nothing()
    pair = st.permutations(ATTRIBUTE_NAMES).map(lambda p: (p[0], p[1]))

    def made(first: str, more: list[str], pairs: list[tuple[str, str]], stud: int,
             stakes: int, knacks: list[str]) -> c.OpenConflict:
        names = [first, *(n for n in more if n != first)]
        entrants = tuple(c.Entrant(n, "win", a, knack=k)
                         for n, a, k in zip(names, pairs, knacks, strict=False))
        stud = stud or (0 if len(entrants) > 1 else 5)
        return c.OpenConflict("A fight", entrants, stakes=0 if stud == 3 else stakes,
                              stud=stud)
    return st.builds(made, st.sampled_from(players),
                     st.lists(st.sampled_from(others), max_size=2, unique=True),
                     st.lists(pair, min_size=3, max_size=3), st.sampled_from((0, 3, 5, 7)),
                     st.integers(0, 3), st.lists(st.just(""), min_size=3, max_size=3))


def deal(state: DustDevilsState) -> st.SearchStrategy[c.Deal]:
    conflict = state.conflict
    if conflict is None:
        return st.just(c.Deal(()))
    pack = full_pack()

    def dealt(order: list[str]) -> c.Deal:
        hands, left = [], order
        for p in conflict.participants:
            hands.append((p.name, tuple(left[:p.cards_due])))
            left = left[p.cards_due:]
        return c.Deal(tuple(hands))
    return st.permutations(pack).map(dealt)


def draw(state: DustDevilsState) -> st.SearchStrategy[c.Draw]:
    conflict = state.conflict
    if conflict is None:
        return st.nothing()
    pool = unseen(state)

    def one(name: str) -> st.SearchStrategy[c.Draw]:
        p = conflict.participant(name)
        hand = list(p.hand) if p is not None else []
        return st.integers(0, 4).flatmap(lambda n: st.builds(
            c.Draw, st.just(name), cards_from(hand, n), cards_from(pool, n),
            knacks_of(state, name), st.booleans()))
    return st.sampled_from([p.name for p in conflict.participants]).flatmap(one)


def call(state: DustDevilsState) -> st.SearchStrategy[c.Call]:
    conflict = state.conflict
    if conflict is None:
        return st.nothing()
    lays = [st.tuples(st.just(p.name), st.one_of(
        st.just(best_lay(p.hand)) if p.hand else st.just(()),
        cards_from(list(p.hand), lay_size(len(p.hand)))))
        for p in conflict.active]
    return st.tuples(*lays).map(c.Call)


def difficulty(state: DustDevilsState) -> st.SearchStrategy[c.TakeDifficulty]:
    conflict = state.conflict
    if conflict is None:
        return st.nothing()

    def suggested(name: str) -> c.TakeDifficulty:
        who = state.character(name)
        if who is None or not conflict.combination:
            return c.TakeDifficulty(name, ())
        winning = evaluate(cards_from_codes(conflict.combination))
        split = auto_split(difficulty_points(winning), difficulty_attributes(winning),
                           {a: who.value(a) for a in ATTRIBUTES})
        return c.TakeDifficulty(name, tuple((a.value, n) for a, n in split.items()))
    any_split = st.lists(st.tuples(attribute_name(), st.integers(-1, 6)),
                         max_size=4).map(tuple)
    name = st.sampled_from([p.name for p in conflict.participants])
    return st.one_of(name.map(suggested),
                     st.builds(c.TakeDifficulty, name, any_split, st.booleans()))


def bid(state: DustDevilsState) -> st.SearchStrategy[c.BidForNarration]:
    return st.lists(st.tuples(st.sampled_from(names_of(state)), st.integers(-1, 6)),
                    min_size=1, max_size=3).map(lambda b: c.BidForNarration(tuple(b)))


def sheet_of(state: DustDevilsState) -> st.SearchStrategy[c.Sheet]:
    """A sheet like one of the campaign's, another name now and then, a number off."""
    def changed(sheet: c.Sheet, name: str, ratings: tuple[int, int, int, int] | None,
                chips: int) -> c.Sheet:
        return replace(sheet, name=name, ratings=ratings or sheet.ratings, chips=chips)
    sheets = [*PLAYERS, *NON_PLAYERS]
    return st.builds(changed, st.sampled_from(sheets),
                     st.sampled_from([*names_of(state), "Deputy", "", DEALER]),
                     st.none() | st.tuples(*(st.integers(0, 6),) * 4),
                     st.sampled_from((0, 0, 3, -1)))


def _name(state: DustDevilsState) -> st.SearchStrategy[str]:
    return st.sampled_from(names_of(state))


def _spender(state: DustDevilsState) -> st.SearchStrategy[str]:
    """Mostly the player with the most Chips (what it buys is then within reach)."""
    players = sorted(state.players, key=lambda w: -w.chips)
    if not players:
        return _name(state)
    return mostly(st.just(players[0].name), _name(state))


def _fated(state: DustDevilsState) -> st.SearchStrategy[str]:
    """Mostly a character whose fate is due, when one is."""
    due = [w.name for w in state.characters if w.fate_due]
    return mostly(st.sampled_from(due), _name(state)) if due else _name(state)


def _threads(state: DustDevilsState) -> list[int]:
    return [*(r.number for r in state.past), 0, 1]


#: commands made of what a state holds (its names, hands, unseen cards, threads), by kind
BY_STATE: dict[str, Callable[[DustDevilsState], st.SearchStrategy[Any]]] = {
    "OpenConflict": open_conflict, "well-formed OpenConflict": well_formed_conflict,
    "Deal": deal, "Draw": draw, "Call": call,
    "TakeDifficulty": difficulty, "BidForNarration": bid,
    "Fold": lambda s: st.builds(c.Fold, _name(s)),
    "DealerFolds": lambda s: st.just(c.DealerFolds()),
    "EndConflict": lambda s: st.just(c.EndConflict()),
    "RestorePoint": lambda s: st.builds(c.RestorePoint, mostly(
        st.sampled_from([a for _, a, _ in s.conflict.difficulty] or ["Guts"])
        if s.conflict is not None else st.just("Guts"), attribute_name())),
    "CloseThread": lambda s: st.builds(c.CloseThread, mostly(
        st.sampled_from([r.number for r in s.open_threads] or [1]),
        st.sampled_from(_threads(s))), mostly(st.just("abandoned"), st.just(" "))),
    "SetDevilRating": lambda s: st.builds(c.SetDevilRating, _name(s), st.integers(-1, 4)),
    "SetSessionDevils": lambda s: st.lists(st.tuples(_name(s), st.integers(-1, 4)),
                                           max_size=4).map(
        lambda r: c.SetSessionDevils(tuple(r))),
    "GiveChips": lambda s: st.builds(c.GiveChips, _name(s), count(),
                                     st.sampled_from(("a reward", ""))),
    "RaiseAttribute": lambda s: st.builds(c.RaiseAttribute, _spender(s), attribute_name()),
    "RaiseKnack": lambda s: st.builds(c.RaiseKnack, _spender(s), st.sampled_from(
        ("Shootin'", "drinkin'", "", "Cookin'"))),
    "BuyKnack": lambda s: st.builds(c.BuyKnack, _spender(s), st.sampled_from(
        ("Cookin'", "Shootin'", " ", "Fiddlin'"))),
    "RecordFate": lambda s: st.builds(c.RecordFate, _fated(s),
                                      st.sampled_from((*FATES, "", "hangs"))),
    "SetWinnerCard": lambda s: st.builds(c.SetWinnerCard, st.booleans()),
    "RuleCarryOver": lambda s: st.builds(c.RuleCarryOver, st.booleans()),
    "MakeCharacter": lambda s: st.builds(c.MakeCharacter, sheet_of(s)),
    "ChangeCharacter": lambda s: st.builds(c.ChangeCharacter, _name(s), sheet_of(s)),
}


@lru_cache(maxsize=512)
def by_state(kind: str, state: DustDevilsState) -> st.SearchStrategy[Any]:
    """A command of `kind` made of what `state` holds (a strategy made once a state)."""
    return BY_STATE[kind](state)


# -- the session's own steps, sent among the commands ------------------------------------

#: a session started, ended (the conflict under way carried over), or ended leaving it off
SESSION_STEPS = ("start the session", "end the session", "leave off and end the session")


def session_step(state: DustDevilsState, step: str, journal: Journal,
                 ) -> DustDevilsState:
    """The session started or ended as the campaign does it (what the game leaves off
    folded before the session's end is decided), each event folded and told; RuleError
    when there is no such step now."""
    seq = len(journal.events)

    def fold(kind: str, data: dict[str, Any], session: int) -> None:
        nonlocal state
        event = Event(len(journal.events) + 1, AT, session, kind, data, seq + 1)
        state = RULES.evolve(state, event)
        journal.events.append(event)
        told(event)

    if step == SESSION_STEPS[0]:
        if state.in_session:
            raise RuleError("Sessions", "a session is under way")
        fold(SESSION_START, {}, state.session + 1)
        return state
    if not state.in_session:
        raise RuleError("Sessions", "no session is under way")
    if step == SESSION_STEPS[2]:
        for new in RULES.abandon(state):
            fold(new.kind, dict(new.data), state.session)
    for new in RULES.session_ending(state):
        fold(new.kind, dict(new.data), state.session)
    fold(SESSION_END, {}, state.session)
    return state


@dataclasses.dataclass
class Journal:
    """What `folded` asks of a campaign: its rules and the events so far."""

    rules: Any
    events: list[Event]


# -- what every state must answer ------------------------------------------------------------


def questions(state: DustDevilsState) -> None:
    """The views, and what the panes ask of the rules, answered without an exception."""
    as_text(view.dealer_sections(state))
    as_text(view.table_sections(view.table_knows(state)))
    for asked in (steps.why_not_open, steps.why_not_deal, steps.why_not_draw,
                  steps.why_not_fold, steps.why_not_dealer_folds, steps.why_not_call,
                  resolution.why_not_bid, resolution.why_not_difficulty,
                  resolution.why_not_restore, resolution.why_not_end,
                  resolution.why_not_close_thread, rules.why_not_session_devils,
                  rules.why_not_carry_over):
        refused = asked(state)
        assert refused is None or (refused.rule and refused.message)
    steps.can_continue(state)
    steps.who_may_fold(state)
    resolution.who_may_bid(state)
    resolution.threads_to_close(state)
    rules.devils_to_set_now(state)
    RULES.under_way(state)
    for who in state.characters:
        for name_asked in (rules.why_not_change, rules.why_not_devil, rules.why_not_give,
                           rules.why_not_spend, rules.why_not_fate):
            name_asked(state, who.name)
        steps.draw_allowed(state, who.name)
    problems = RULES.problems(state)
    assert not [p for p in problems if p.startswith("the state could not be checked")]


def told(event: Event) -> None:
    line = RULES.describe(event)
    assert isinstance(line, str)
    if RULES.kinds.knows(event.kind):  # damaged, or not to be told, it says so
        assert not line.startswith(("(a damaged event", "(an event that cannot")), line
    view.table_tells(event)
    view.episode(event)
    RULES.subjects(event)


# -- the fuzz ---------------------------------------------------------------------------------

STATES = deep_states()
CLASSES = command_classes("dust_devils")


def words() -> Words:
    found: set[str] = set()
    names: set[str] = set()
    for _, state in STATES:
        words_in(state, found, names)
    return Words(tuple(sorted(names)), tuple(sorted(found)), terms_of("dust_devils"))


WORDS = words()
ANY_COMMAND = st.one_of(*(built(cls, WORDS) for cls in CLASSES))
#: what each command is drawn as: any command, one made of the state's own, a session step
KINDS = ("any", "any", "any", "session", *BY_STATE,
         *(("well-formed OpenConflict", "Deal", "Draw", "Call", "BidForNarration",
            "TakeDifficulty", "RestorePoint", "EndConflict", "RecordFate",
            "RaiseAttribute") * 2))


def run_from(state: DustDevilsState, next_command: Callable[[DustDevilsState], Any],
             steps_count: int, decided: set[str]) -> None:
    """`steps_count` commands (or session steps), each drawn from the state it is sent to,
    decided or refused; whatever is decided folded from its data and told."""
    journal = Journal(RULES, [])
    for _ in range(steps_count):
        command = next_command(state)
        if isinstance(command, str):
            try:
                state = session_step(state, command, journal)
            except RuleError:
                continue
            questions(state)
            continue
        for after, event in folded(cast("Campaign[Any]", journal), state, [command]):
            journal.events.append(event)
            told(event)
            questions(after)
            state = after
            decided.add(type(command).__name__)


DECIDED: set[str] = set()


def test_every_state_is_a_different_step_of_play() -> None:
    assert len(STATES) >= 12
    assert len({what for what, _ in STATES}) == len(STATES)
    assert len({state for _, state in STATES}) == len(STATES)
    for _, state in STATES:
        questions(state)


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(start=st.sampled_from(STATES), length=st.integers(1, 6), data=st.data())
def test_any_command_from_deep_in_play_is_decided_or_refused(
        start: tuple[str, DustDevilsState], length: int, data: st.DataObject) -> None:
    def next_command(state: DustDevilsState) -> Any:
        kind = data.draw(st.sampled_from(KINDS))
        if kind == "any":
            return data.draw(ANY_COMMAND)
        if kind == "session":
            return data.draw(st.sampled_from(SESSION_STEPS))
        return data.draw(by_state(kind, state))
    run_from(start[1], next_command, length, DECIDED)
