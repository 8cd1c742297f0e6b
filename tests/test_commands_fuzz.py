"""Any command a game knows, with any values of the right types, is either decided or refused
by a RuleError naming the rule: never another exception. Whatever it decides folds, reads
back from the journal's data, tells the log a line, and leaves both views drawable. Among the
commands the Dealer may end the session at any point, leaving off whatever is under way, as
the shell's "Leave it off" does (`EndSession`): what the game leaves off folds the same way,
and nothing is left under way for the next session.

The commands are drawn by hypothesis from each game's `commands.py` (every dataclass there,
fields filled from their type hints), in sequences from the state of each game's samples:
names, cards and words are drawn from what that state holds, beside empty and unknown ones,
numbers from a range wider than any rule allows. This is what a form that let anything
through would send; the rules are the last word."""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import os
import types
import typing
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.core.cards import parse_cards
from gmscreen.games import rules_for
from gmscreen.games.dust_devils.sample import SAMPLES as DUST_DEVILS_SAMPLES
from gmscreen.journal import clocks, freeroll
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import SESSION_END, SESSION_START, Event, NewEvent
from gmscreen.journal.payload import PayloadRefused
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.journal.store import encode_events
from gmscreen.samples import write_sample

GAMES = {"dust-devils": "dust_devils", "fistful": "fistful", "dead-mans-hand": "dead_mans_hand",
         "devils-bluff": "devils_bluff", "dust": "dust"}
#: words no state holds, and the ones a careless form sends
STRANGERS = ("", " ", "Nobody", "[b]Zeke[/b]", "Zeke\n", "x" * 60)
CARDS = ("As", "10h", "Th", "2c", "Kd", "Qs", "*", "Joker", "Zz", "1s")
#: sequences of commands tried for each game (GMSCREEN_FUZZ_EXAMPLES asks for more)
EXAMPLES = int(os.environ.get("GMSCREEN_FUZZ_EXAMPLES", "300"))
#: the same draws at every run (CI's), unless more were asked for to hunt with
DERANDOMIZE = "GMSCREEN_FUZZ_EXAMPLES" not in os.environ


def command_classes(package: str) -> list[type]:
    module = importlib.import_module(f"gmscreen.games.{package}.commands")
    return sorted((obj for obj in vars(module).values()
                   if isinstance(obj, type) and dataclasses.is_dataclass(obj)
                   and obj.__module__ == module.__name__), key=lambda cls: cls.__name__)


def words_in(value: Any, found: set[str], names: set[str], depth: int = 0) -> None:
    """Every short string `value` holds, however deep (names, cards, items, places), and
    apart the names of whatever it holds (its characters', models', players')."""
    if depth > 12:
        return
    if isinstance(value, str):
        if 0 < len(value) <= 40:
            found.add(value)
    elif isinstance(value, enum.Enum):
        words_in(value.value, found, names, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            held = getattr(value, field.name)
            if field.name in ("name", "player") and isinstance(held, str) and held:
                names.add(held)
            words_in(held, found, names, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            words_in(key, found, names, depth + 1)
            words_in(item, found, names, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            words_in(item, found, names, depth + 1)


@dataclasses.dataclass(frozen=True)
class Words:
    """What strings are drawn from: the names a state holds, the game's own words (the short
    strings its code spells: attributes, moves, bands), all the state's words, strangers."""

    names: tuple[str, ...]
    every: tuple[str, ...]
    terms: tuple[str, ...] = ("Zeke",)


def terms_of(package: str) -> tuple[str, ...]:
    """The short strings a game's modules spell ("grit", "Nearby", "red"): the values its
    commands take that no state holds before one is decided."""
    folder = Path(importlib.import_module(f"gmscreen.games.{package}").__file__ or "").parent
    found: set[str] = set()
    for source in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and 0 < len(node.value) <= 20 and "\n" not in node.value):
                found.add(node.value)
    return tuple(sorted(found))


def strategy(hint: Any, words: Words, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of type `hint`: the state's own words, strangers, numbers in and out of range."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is str:
        return st.one_of(st.sampled_from(words.names), st.sampled_from(words.names),
                         st.sampled_from(words.terms), st.sampled_from(words.every),
                         st.sampled_from(STRANGERS + CARDS))
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.one_of(st.integers(0, 12), st.integers(-3, 40))
    if hint is object:
        return st.one_of(st.integers(-3, 40), st.sampled_from(words.every), st.booleans())
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (types.UnionType, typing.Union):
        return st.one_of(*(strategy(arg, words, depth) for arg in args))
    if hint is type(None):
        return st.none()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(strategy(args[0], words, depth + 1),
                            max_size=3 if depth else 7).map(tuple)
        return st.tuples(*(strategy(arg, words, depth + 1) for arg in args))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return built(hint, words, depth + 1)
    raise NotImplementedError(f"no strategy for {hint!r}")


def built(cls: type, words: Words, depth: int = 0) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: strategy(hints[f.name], words, depth)
              for f in dataclasses.fields(cls) if f.init}
    return st.builds(cls, **fields)


@cache
def starts(game: str, folder: Path) -> tuple[Campaign[Any], ...]:
    """Each sample of `game`, opened (read only)."""
    module = importlib.import_module(f"gmscreen.games.{GAMES[game]}.sample")
    opened = [open_campaign(write_sample(sample, folder), rules_for, writable=False)
              for sample in module.SAMPLES]
    return tuple(opened)


@dataclasses.dataclass(frozen=True)
class Sitting:
    """A state of the game, and where the journal's sessions stood when it was reached."""

    state: Any
    session: int
    running: bool


def every_state(campaign: Campaign[Any]) -> list[Sitting]:
    """The game's state before the first event of `campaign` and after each one: every step
    of play its sample goes through (a conflict at the Deal, a night being chosen, ...),
    with the session it is in and whether that session is running."""
    state = campaign.rules.initial_state()
    sitting = Sitting(state, 0, False)
    states = [sitting]
    for event in campaign.events:
        state = campaign.rules.evolve(state, event)
        running = {SESSION_START: True, SESSION_END: False}.get(event.kind, sitting.running)
        sitting = Sitting(state, event.session, running)
        states.append(sitting)
    return states


@dataclasses.dataclass(frozen=True)
class EndSession:
    """Not a game's command: the Dealer ends the session here, leaving off whatever is under
    way (the shell's "Leave it off"), and starts the next one."""


AT = datetime(2026, 11, 25, tzinfo=UTC)


def session_ended(rules: Any, state: Any, seq: int, session: int, running: bool = True,
                  ) -> list[tuple[Any, Event]]:
    """What the campaign saves when the Dealer ends the session leaving off what is under
    way (`Campaign.end_session(under_way="abandon")`), then starts the next one: the game's
    events of leaving off, its closing steps decided from the state those leave, and the
    session's end, saved as one step; then the next session's start. Each step is encoded
    and folded as read back, as the campaign saves it; each event comes with the state after
    it. A session that is not running is started first: only a running one ends."""
    made: list[tuple[Any, Event]] = []

    def save(news: Sequence[NewEvent], number: int) -> None:
        nonlocal state, seq
        step = seq + 1
        events = [Event(step + at, AT, number, new.kind, dict(new.data), step)
                  for at, new in enumerate(news)]
        for event in encode_events(events)[1]:
            state = rules.evolve(state, event)
            made.append((state, event))
        seq += len(events)

    if not running:
        session += 1
        save([NewEvent(SESSION_START, {})], session)
    doing = rules.under_way(state)
    # RULES.abandon refuses only when nothing is under way: here it must leave it off
    left = rules.abandon(state) if doing is not None else []
    leaving = state
    for new in left:
        leaving = rules.evolve(leaving, Event(0, AT, session, new.kind, dict(new.data), 0))
    save([*left, *rules.session_ending(leaving), NewEvent(SESSION_END, {})], session)
    # what was left off is over: the next session starts with nothing half-way
    assert rules.under_way(state) is None, (doing, rules.under_way(state))
    save([NewEvent(SESSION_START, {})], session + 1)
    return made


def folded(campaign: Campaign[Any], state: Any, commands: list[Any], session: int = 1,
           running: bool = True) -> Iterator[tuple[Any, Event]]:
    """Each command decided in turn from `state` (an `EndSession` ends the session as the
    campaign does); what it decides folded from the journal's data, as a reopened journal
    would; yields the state and each event."""
    rules = campaign.rules
    seq = len(campaign.events)
    for command in commands:
        if isinstance(command, EndSession):
            ended = session_ended(rules, state, seq, session, running)
            yield from ended
            state, last = ended[-1]
            seq, session, running = last.seq, last.session, True
            continue
        try:
            new = rules.decide(state, command)
        except RuleError as refused:
            assert refused.rule and refused.message, command
            # the journal's own check of a payload is a safety net: the game's rules say
            # what is wrong first, in their words
            assert not isinstance(refused, PayloadRefused), (command, refused)
            continue
        step = seq + 1
        for made in new:
            seq += 1
            event = Event(seq, AT, session, made.kind, dict(made.data), step)
            state = rules.evolve(state, event)
            yield state, event


@pytest.mark.parametrize("game", list(GAMES))
def test_any_command_is_decided_or_refused_by_a_rule(game: str,
                                                     tmp_path_factory: pytest.TempPathFactory,
                                                     ) -> None:
    folder = tmp_path_factory.mktemp(game)
    campaigns = starts(game, folder)
    package = GAMES[game]
    view = importlib.import_module(f"gmscreen.games.{package}.view")
    classes = command_classes(package)
    found: set[str] = set()
    names: set[str] = set()
    for campaign in campaigns:
        words_in(campaign.state, found, names)
    words = Words(tuple(sorted(names)) or ("Zeke",), tuple(sorted(found)) or ("Zeke",),
                  terms_of(package))
    # the session ended (leaving off what is under way) now and then among the commands
    any_command = st.one_of(*(built(cls, words) for cls in classes), st.just(EndSession()))
    states = [(campaign, sitting) for campaign in campaigns for sitting in every_state(campaign)]
    decided: list[str] = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(start=st.sampled_from(states), commands=st.lists(any_command, min_size=1,
                                                             max_size=6),
           then_end=st.booleans())
    def run(start: tuple[Campaign[Any], Sitting], commands: list[Any], then_end: bool) -> None:
        campaign, before = start
        if then_end:  # the session ended after what the commands set going
            commands = [*commands, EndSession()]
        for state, event in folded(campaign, before.state, commands, before.session,
                                   before.running):
            if event.kind not in (SESSION_START, SESSION_END):
                decided.append(event.kind)
            # the log's line: a teller that raised is shown as "(an event that cannot be
            # told ...)", a payload that did not read as "(a damaged event ...)"
            assert not campaign.describe(event).startswith("("), event
            as_text(view.dealer_sections(state))
            as_text(view.table_sections(view.table_knows(state)))

    run()
    assert decided, f"no command of {game} was ever decided"


DUST_DEVILS_SAMPLE = DUST_DEVILS_SAMPLES[0]
#: the Dealer's own commands, the same in every game: clocks, free rolls and draws
DEALERS = (clocks.MakeClock, clocks.TickClock, clocks.ShowClock, clocks.RemoveClock,
           freeroll.FreeRoll, freeroll.FreeDraw)


def test_the_dealers_own_commands_are_saved_only_as_the_journal_reads_them(
        tmp_path: Path) -> None:
    """Clocks, free rolls and draws with any values, saved into a sample campaign: each is
    refused by a rule or saved, and the journal opens again with every event saved."""
    campaign = open_campaign(write_sample(DUST_DEVILS_SAMPLE, tmp_path), rules_for)
    words = Words(("Posse", "Day 1 deadline", "The law"), ("Posse", "a reason", ""))
    card = st.sampled_from(CARDS[:6]).map(lambda code: parse_cards(code)[0])
    extra: dict[type, dict[str, st.SearchStrategy[Any]]] = {
        freeroll.FreeDraw: {"cards": st.lists(card, max_size=6).map(tuple)}}
    command = st.one_of(*(st.builds(cls, **{
        **{f.name: strategy(typing.get_type_hints(cls)[f.name], words)
           for f in dataclasses.fields(cls) if f.name not in extra.get(cls, {})},
        **extra.get(cls, {})}) for cls in DEALERS))
    saved: list[str] = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=[HealthCheck.too_slow])
    @given(commands=st.lists(command, min_size=1, max_size=5))
    def run(commands: list[Any]) -> None:
        for one in commands:
            try:
                saved.extend(event.kind for event in campaign.execute(one))
            except RuleError as refused:
                assert refused.rule and refused.message

    try:
        run()
        events, faces = len(campaign.events), clocks_of(campaign)
    finally:
        campaign.close()
    assert campaign.path is not None
    reopened = open_campaign(campaign.path, rules_for, writable=False)
    assert saved and (len(reopened.events), clocks_of(reopened)) == (events, faces)
    reopened.close()


def clocks_of(campaign: Campaign[Any]) -> list[tuple[str, int, int, bool]]:
    return [(c.name, c.filled, c.segments, c.public) for c in campaign.clocks]
