"""Any command of Dead Man's Hand, from any step of play, is decided or refused by a RuleError
naming the rule: never another exception.

The shared fuzz (tests/test_commands_fuzz.py) starts from the sample campaigns, which stop
before the first game is set up. Here the same helpers start from states deep in play: models
being placed, a model in use, an attack drawn, All In, a second card offered, the fallen
waiting for their draws, a showdown won, single games, a pile nearly run out. Each sequence
of commands is drawn for its start: the names, weapons and cards that state holds (the cards
of its pile, of the attack under way), beside the shared fuzz's free values. Whatever is
decided folds from its journal data, reads back, is told, keeps the state sound (no card out
twice, no hits out of range), and leaves both screens drawable. Leaving the session off
(`RULES.abandon`) is tried among the commands, as the Dealer may do at any moment.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.games.dead_mans_hand import RULES, turns, view
from gmscreen.games.dead_mans_hand import commands as c
from gmscreen.games.dead_mans_hand.advice import all_in_advice
from gmscreen.games.dead_mans_hand.attack import card_count, moved_far
from gmscreen.games.dead_mans_hand.events import KINDS
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import COLOURS, Format, MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import WEAPONS, Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from tests.dead_mans_hand.helpers import Table
from tests.test_commands_fuzz import (
    DERANDOMIZE,
    EXAMPLES,
    STRANGERS,
    Words,
    built,
    command_classes,
    folded,
    terms_of,
    words_in,
)

PACKAGE = "dead_mans_hand"
STILL, SLOW, QUICK, FLAT_OUT = Move.STILL, Move.SLOW, Move.QUICK, Move.FLAT_OUT
#: cards as a careless form sends them, beside those the state holds
ODD_CARDS = ("10h", "Th", "A♥", "*", "Joker", "Zz", "1s", "")


# -- the states ----------------------------------------------------------------------------------


def placed_all(table: Table) -> Table:
    """Every model placed, each side in turn, the first waiting first."""
    while table.state.phase is Phase.DEPLOYING:
        colour = table.state.deploying
        assert colour is not None
        table.do(c.Deploy(next(m.name for m in table.state.posse(colour).models
                               if m.status is Status.RESERVE)))
    return table


def showdown(*commands: Any) -> Table:
    """The sample showdown, game 1 set up (red first), every model placed, then `commands`."""
    table = placed_all(Table(*showdown_commands(), c.SetUpGame("5h")))
    for command in commands:
        table.do(command)
    return table


#: red kills Stubby with a King, black's Long Tom drops Quickdraw with a 9, Big Jim (mounted,
#: flat out) misses Hatchet: a game with two fallen and a Moving Target
SHOTS = (c.UseModel("Slim", STILL), c.MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")),
         c.PlayResult("Kh"), c.UseModel("Long Tom", STILL),
         c.MakeAttack("Quickdraw", "rifle", 70, ("9s", "3d")), c.PlayResult("9s"),
         c.UseModel("Big Jim", FLAT_OUT), c.MakeAttack("Hatchet", "dual-pistols", 30, ("Jc", "4d")),
         c.PlayResult("4d"))
BLACK_BUT_LONG_TOM = tuple(c.Surrender(name) for name in (
    "Deacon", "Archer", "Hatchet", "Two-Gun", "Scattergun", "Sawbones"))


def first_game_won() -> Table:
    """Game 1 won by red: Quickdraw and Stubby lie on their coffin cards."""
    return showdown(*SHOTS, *BLACK_BUT_LONG_TOM, c.LeaveTable("Long Tom", QUICK))


def single_games() -> Table:
    """Two free posses in single games, every model placed (red first)."""
    return placed_all(Table(
        c.ChooseFormat(Format.SINGLE), c.NamePosse("red", "Apaches"),
        c.NamePosse("black", "Outlaws"), c.Recruit("red", "Sharpshooter", 6, 1, ("rifle",)),
        c.Recruit("red", "Brave", 8, 1, ("tomahawks",)),
        c.Recruit("red", "Nurse", 8, 1, ("pistol", "brawling"), civilian=True),
        c.Recruit("black", "Outlaw", 8, 1, ("pistol",)),
        c.Recruit("black", "Rider", 7, 2, ("shotgun", "derringers"), horse=True),
        c.SetUpGame("9h")))


def then(table: Table, *commands: Any) -> Table:
    for command in commands:
        table.do(command)
    return table


def short_pile(table: Table, left: int) -> MatchState:
    """The state with all but `left` cards of the pile already in the discard (every card
    still accounted for): the next draws need a reshuffle."""
    pack = table.state.pack
    moved = replace(pack, pile=pack.pile[:left], discard=pack.discard + pack.pile[left:])
    return replace(table.state, pack=moved)


def left_off(table: Table) -> MatchState:
    table.leave_off()
    return table.state


def deep_states() -> list[tuple[str, MatchState]]:
    """Each step of play a game goes through, by name."""
    made: dict[str, Callable[[], MatchState | Table]] = {
        "nothing yet": Table,
        "showdown posses built": lambda: Table(*showdown_commands()),
        "single games being built": lambda: Table(c.ChooseFormat(Format.SINGLE),
                                                  c.Recruit("red", "Drifter", 7, 1, ("pistol",))),
        "showdown set up, placing": lambda: Table(*showdown_commands(), c.SetUpGame("5h"),
                                                  c.Deploy("Big Jim"), c.Deploy("Deacon")),
        "showdown placed, red's turn": lambda: showdown(),
        "model in use": lambda: showdown(c.UseModel("Slim", STILL)),
        "mounted model flat out": lambda: showdown(c.UseModel("Big Jim", FLAT_OUT)),
        "on foot flat out": lambda: showdown(c.UseModel("Crouch", FLAT_OUT)),
        "attack drawn": lambda: showdown(c.UseModel("Slim", STILL),
                                         c.MakeAttack("Stubby", "rifle", 60, ("Qc", "2s"))),
        "all in": lambda: showdown(c.UseModel("Slim", STILL),
                                   c.MakeAttack("Stubby", "rifle", 60, ("Qc", "2s")),
                                   c.GoAllIn("Ah")),
        "ace against a choice": lambda: then(single_games(), c.UseModel("Brave", SLOW),
                                             c.MakeAttack("Outlaw", "tomahawks", 5,
                                                          ("Ac", "Ah", "2c"))),
        "second card offered": lambda: then(single_games(), c.UseModel("Sharpshooter", STILL),
                                            c.MakeAttack("Outlaw", "rifle", 30, ("Qc", "2s")),
                                            c.GoAllIn("4d"), c.PlayResult("4d")),
        "pinned and shaken": lambda: then(single_games(), c.UseModel("Sharpshooter", STILL),
                                          c.MakeAttack("Rider", "rifle", 50, ("Jh", "2s")),
                                          c.PlayResult("Jh"),
                                          c.EditModel("Outlaw", "Outlaw", ("pistol",), False,
                                                      shaken=True)),
        "disarmed, nothing left": lambda: then(
            single_games(), c.UseModel("Sharpshooter", STILL),
            c.MakeAttack("Outlaw", "rifle", 30, ("Ah", "2s")), c.PlayResult("Ah"),
            c.EditModel("Outlaw", "Outlaw", (), False)),
        "mounted moving target in use": lambda: then(
            single_games(), c.UseModel("Brave", SLOW), c.EndTurn(),
            c.UseModel("Rider", FLAT_OUT), c.EndTurn(), c.UseModel("Sharpshooter", STILL)),
        "fallen mid-game": lambda: showdown(*SHOTS),
        "last of black": lambda: showdown(*SHOTS, *BLACK_BUT_LONG_TOM),
        "after a showdown game": first_game_won,
        "game 2 ready": lambda: then(first_game_won(),
                                     c.DrawForTheFallen((("Quickdraw", "9d"),))),
        "game 2 placed": lambda: placed_all(then(first_game_won(),
                                                 c.DrawForTheFallen((("Quickdraw", "9d"),)),
                                                 c.SetUpGame("Qs"))),
        "showdown won": lambda: then(placed_all(then(first_game_won(),
                                                     c.DrawForTheFallen(
                                                         (("Quickdraw", "9d"),)),
                                                     c.SetUpGame("Qs"))),
                                     c.Surrender("Long Tom")),
        "scenario placing": lambda: Table(c.LoadScenario("hes-coming-right-for-us"),
                                          c.SetUpGame("Kh"), c.Deploy("Rampaging Bear")),
        "scenario duel in play": lambda: Table(c.LoadScenario("duel-between-rivals"),
                                               c.SetUpGame("2s"), c.Deploy("Sly Shooter"),
                                               c.Deploy("Big Oaf")),
        "single game over": lambda: then(single_games(), c.Surrender("Outlaw"),
                                         c.Surrender("Rider")),
        "single game in play": single_games,
        "pile nearly out": lambda: short_pile(showdown(c.UseModel("Slim", STILL)), 1),
        "pile out, attack drawn": lambda: short_pile(
            showdown(c.UseModel("Slim", STILL),
                     c.MakeAttack("Stubby", "rifle", 60, ("Qc", "2s"))), 0),
        "game left off": lambda: left_off(showdown(*SHOTS[:2])),
        "militia scenario in play": lambda: placed_all(Table(c.LoadScenario("jailbreak"),
                                                             c.SetUpGame("Ad"))),
    }
    states: list[tuple[str, MatchState]] = []
    for label, make in made.items():
        got = make()
        states.append((label, got.state if isinstance(got, Table) else got))
    return states


STATES = deep_states()


# -- the commands --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaveOff:
    """The Dealer ends the session here and leaves off what is under way."""


T = TypeVar("T")


def mostly(usual: st.SearchStrategy[T], now_and_then: st.SearchStrategy[T],
           ) -> st.SearchStrategy[T]:
    """Five times in six `usual`, else `now_and_then` (one_of weighs alike strategies as one)."""
    return st.integers(0, 5).flatmap(lambda roll: now_and_then if roll == 0 else usual)


def commands_for(state: MatchState) -> st.SearchStrategy[list[Any]]:
    """Any command, its values drawn from what `state` holds, and the same commands aimed:
    models that may act now, enemies on the table, the weapons they carry, the number of
    cards their attack draws, cards left to draw; in a game, now and then a whole turn.
    Each draw is a run of commands (most often one)."""
    found: set[str] = set()
    names: set[str] = set()
    words_in(state, found, names)
    words = Words(tuple(sorted(names)) or ("Zeke",), tuple(sorted(found)) or ("Zeke",),
                  terms_of(PACKAGE))
    anything = st.one_of(*(built(cls, words) for cls in command_classes(PACKAGE)))
    models = state.models()
    name = st.one_of(st.sampled_from(sorted(names) or ["Zeke"]), st.sampled_from(STRANGERS))

    def some(found: list[str]) -> st.SearchStrategy[str]:
        """Mostly one of `found`, now and then any name or a stranger."""
        return mostly(st.sampled_from(found), name) if found else name

    turn = state.turn.colour if state.turn else None
    acting = [m for m in models if m.on_table and m.colour == turn]
    actors = some([m.name for m in acting])
    enemies = some([m.name for m in models if m.on_table and m.colour != turn])
    waiting = some([m.name for m in models if m.status is Status.RESERVE])
    fallen = some([m.name for m in models if m.status is Status.DOWN])
    chances = turns.drawing(state)
    in_use = state.find(state.turn.in_use or "") if state.turn else None
    arms = sorted(in_use.weapons if in_use else {w for m in acting for w in m.weapons})
    weapon = st.one_of(st.sampled_from(sorted(WEAPONS)), st.sampled_from(STRANGERS))
    pile = sorted(state.pack.pile) or ["2c"]
    held = sorted(state.attack.cards) if state.attack else pile
    card = st.one_of(st.sampled_from(pile), st.sampled_from(ODD_CARDS))
    result = st.one_of(st.sampled_from(held), st.sampled_from(held), card)
    move = st.sampled_from(list(Move))
    flag = st.booleans()

    @st.composite
    def attack(draw: st.DrawFn) -> c.MakeAttack:
        arm = draw(mostly(st.sampled_from(arms), weapon) if arms else weapon)
        near, behind, cover = draw(flag), draw(flag), draw(flag)
        target = draw(enemies)
        aimed_at = state.find(target)
        far = (moved_far(state.turn.move) if state.turn and state.turn.move
               else draw(flag))
        count = (card_count(arm, friends_near=near, from_behind=behind, cover=cover,
                            target_moving=bool(aimed_at and aimed_at.moving_target),
                            attacker_moved_far=far).total if arm in WEAPONS else 2)
        size = draw(st.one_of(st.just(count), st.just(count), st.integers(0, 6)))
        pool = sorted({*pile, *state.pack.discard, "*", "As"})
        size = min(size, len(pool))
        cards = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size,
                              unique=True))
        yards = draw(st.one_of(st.integers(0, 30), st.integers(0, 80), st.integers(-5, 1200)))
        return c.MakeAttack(target, arm, yards, tuple(cards), near, behind, cover)

    def draws() -> st.SearchStrategy[c.DrawForTheFallen]:
        """Mostly a card for each of the fallen a card may save, now and then any pairs."""
        whole = st.lists(card, min_size=len(chances), max_size=len(chances)).map(
            lambda cards: c.DrawForTheFallen(tuple(zip(chances, cards, strict=True))))
        loose = st.lists(st.tuples(fallen, card), max_size=3).map(
            lambda pairs: c.DrawForTheFallen(tuple(pairs)))
        return mostly(whole, loose)

    @st.composite
    def edit(draw: st.DrawFn) -> c.EditModel:
        model = draw(st.sampled_from(models)) if models else None
        old = model.name if model else draw(name)
        kit = list(model.kit) if model else []
        carried = draw(st.one_of(st.lists(st.sampled_from(kit), unique=True) if kit
                                 else st.just([]), st.lists(weapon, max_size=3)))
        if carried and draw(st.integers(0, 9)) == 0:
            carried.append(carried[0])  # a form that lists a weapon twice
        new = draw(st.one_of(st.just(old), st.just(old + " Jr"), name))
        return c.EditModel(old, new, tuple(carried), draw(flag), draw(flag), draw(flag),
                           draw(flag))

    recruit = st.builds(
        c.Recruit, st.sampled_from(COLOURS), st.one_of(st.just("Newcomer"), name),
        st.sampled_from([6, 7, 8, 9, 0, -1]), st.sampled_from([1, 2, 3, 0]),
        st.one_of(st.lists(st.sampled_from(sorted(WEAPONS)), max_size=2),
                  st.lists(weapon, max_size=3)).map(tuple), flag, flag)
    by_phase: dict[Phase, list[st.SearchStrategy[Any]]] = {
        Phase.BUILDING: [
            recruit, st.builds(c.Dismiss, name), edit(), st.builds(c.SetUpGame, card),
            st.builds(c.ChooseFormat, st.sampled_from(list(Format))),
            st.builds(c.LoadScenario, st.sampled_from([*SCENARIOS, "nowhere", ""]))],
        Phase.DEPLOYING: [st.builds(c.Deploy, waiting), st.builds(c.Deploy, waiting), edit(),
                          st.just(c.Reshuffle()), st.just(LeaveOff())],
        Phase.PLAYING: [
            st.builds(c.UseModel, actors, move), attack(), attack(),
            st.builds(c.GoAllIn, card),
            st.builds(c.PlayResult, result, st.one_of(st.none(), weapon)),
            st.builds(c.TakeSecondResult, result, st.one_of(st.none(), weapon)),
            st.just(c.DeclineSecondResult()), st.just(c.EndTurn()),
            st.builds(c.LeaveTable, actors, move), st.builds(c.Surrender, actors),
            st.builds(c.Surrender, enemies), edit(), st.just(c.Reshuffle()),
            st.just(LeaveOff())],
        Phase.AFTER_GAME: [draws(),
                           draws(),
                           st.builds(c.SetUpGame, card), edit(), st.just(c.Reshuffle())],
        Phase.OVER: [draws(),
                     st.builds(c.SetUpGame, card), edit()],
    }
    @st.composite
    def a_turn(draw: st.DrawFn) -> list[Any]:
        """A whole use as the table plays one: a model used (unless one is), its attack
        on an enemy with one of its weapons and as many cards as it draws, perhaps All In,
        a result card from those drawn."""
        done: list[Any] = []
        user = in_use
        move = state.turn.move if state.turn else None
        if user is None or move is None:
            if not acting:
                return [c.EndTurn()]
            user = draw(st.sampled_from(acting))
            move = draw(st.sampled_from([STILL, STILL, SLOW, QUICK, FLAT_OUT]))
            done.append(c.UseModel(user.name, move))
        foes = [m for m in models if m.on_table and m.colour != user.colour]
        if not foes or not user.weapons:
            return [*done, c.EndTurn()]
        foe = draw(st.sampled_from(foes))
        arm = draw(st.sampled_from(user.weapons))
        near, behind, cover = draw(flag), draw(flag), draw(flag)
        count = card_count(arm, friends_near=near, from_behind=behind, cover=cover,
                           target_moving=foe.moving_target,
                           attacker_moved_far=moved_far(move)).total
        hand = draw(st.lists(st.sampled_from(pile), min_size=min(count + 1, len(pile)),
                             max_size=min(count + 1, len(pile)), unique=True))
        yards = draw(st.integers(0, 40))
        done.append(c.MakeAttack(foe.name, arm, yards, tuple(hand[:count]), near, behind,
                                 cover))
        all_in = len(hand) > count and draw(flag)
        if all_in:
            done.append(c.GoAllIn(hand[count]))
        else:
            hand = hand[:count]
        lost = draw(st.one_of(st.none(), st.sampled_from(foe.weapons or ("brawling",))))
        played = draw(st.sampled_from(hand))
        done.append(c.PlayResult(played, lost))
        rest = [card for card in hand if card != played]
        if all_in and rest:  # the target's second card, when it is offered
            done.append(draw(st.one_of(st.builds(c.TakeSecondResult, st.sampled_from(rest),
                                                 st.none()),
                                       st.just(c.DeclineSecondResult()))))
        return done

    #: every aimed command, for sequences that lead from one step of play to the next
    aimed = st.one_of(*{id(one): one for ones in by_phase.values() for one in ones}.values(),
                      st.builds(c.Deploy, waiting), st.builds(c.Surrender, name))
    now = st.one_of(*by_phase[state.phase])
    one = st.integers(0, 5).flatmap(
        lambda roll: now if roll < 3 else aimed if roll < 5 else anything)
    if state.phase is not Phase.PLAYING:
        return one.map(lambda command: [command])
    return st.integers(0, 3).flatmap(
        lambda roll: a_turn() if roll == 0 else one.map(lambda command: [command]))


STRATEGIES = [commands_for(state) for _, state in STATES]


#: how often each command class was decided, and each kind of event made (printed with
#: GMSCREEN_FUZZ_COVERAGE=1, to see which commands a run ever gets past their checks)
DECIDED: Counter[str] = Counter()
SEEN: Counter[str] = Counter()


class Journal:
    """What `folded` reads of a campaign: its rules and how many events it holds."""

    rules = RULES
    events: tuple[Event, ...] = ()


def decided(state: MatchState, commands: list[Any]) -> list[tuple[MatchState, Event]]:
    """Each command decided in turn (a LeaveOff leaves the session off), folded as the
    journal folds: the state after each event, and the event."""
    made: list[tuple[MatchState, Event]] = []
    journal = cast(Campaign[Any], Journal())
    for command in commands:
        if isinstance(command, LeaveOff):
            news = left_off_news(state)
            for number, new in enumerate(news, start=1):
                event = Event(1000 + number, datetime(2026, 11, 25, tzinfo=UTC), 1, new.kind,
                              dict(new.data), 1000)
                state = RULES.evolve(state, event)
                made.append((state, event))
        else:
            news_folded = list(folded(journal, state, [command]))
            if news_folded:
                DECIDED[type(command).__name__] += 1
                state = news_folded[-1][0]
            made += news_folded
    return made


def left_off_news(state: MatchState) -> list[NewEvent]:
    try:
        return RULES.abandon(state)
    except RuleError as refused:
        assert refused.rule and refused.message
        return []


def sound(state: MatchState, event: Event) -> None:
    """The event survives the journal (JSON, read back, told); the state it leaves is sound
    and both screens draw it."""
    data = json.loads(json.dumps(event.data))
    assert data == event.data, event.kind
    KINDS.read(event)
    told = RULES.describe(event)
    assert isinstance(told, str) and not told.startswith("("), (event.kind, told)
    assert RULES.problems(state) == [], (event.kind, RULES.problems(state))
    RULES.subjects(event)
    RULES.under_way(state)
    assert isinstance(all_in_advice(state), str)
    as_text(view.dealer_sections(state))
    as_text(view.table_sections(view.table_knows(state)))


def test_any_command_from_deep_in_play_is_decided_or_refused_by_a_rule() -> None:
    decided_before = sum(DECIDED.values())

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(start=st.integers(0, len(STATES) - 1).flatmap(
        lambda i: st.tuples(st.just(i), st.lists(STRATEGIES[i], min_size=1, max_size=6).map(
            lambda runs: [command for run in runs for command in run][:6]))))
    def run(start: tuple[int, list[Any]]) -> None:
        index, commands = start
        for after, event in decided(STATES[index][1], commands):
            SEEN[event.kind.removeprefix("dead_mans_hand.")] += 1
            sound(after, event)

    run()
    assert sum(DECIDED.values()) > decided_before, "no command was ever decided"
    if os.environ.get("GMSCREEN_FUZZ_COVERAGE"):  # which commands the run got past its checks
        never = {cls.__name__ for cls in command_classes(PACKAGE)} - set(DECIDED)
        print(f"\ndecided: {sorted(DECIDED.items())}\nnever: {sorted(never)}")


def test_the_deep_states_are_sound_and_each_a_different_step() -> None:
    assert len(STATES) >= 12
    for label, state in STATES:
        assert RULES.problems(state) == [], label
        as_text(view.dealer_sections(state))
        as_text(view.table_sections(view.table_knows(state)))
    steps = {(s.phase, s.attack is not None, s.turn.in_use if s.turn else None)
             for _, s in STATES}
    assert len(steps) >= 10
    assert {s.phase for _, s in STATES} == set(Phase)
    assert all(any(s.posse(colour).models for _, s in STATES) for colour in COLOURS)
