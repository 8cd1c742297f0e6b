"""Every kind of event Dead Man's Hand writes has a typed payload: a damaged one (a value of
the wrong type, an unknown id, a number out of range, a key missing) is refused where the
journal is read, naming the field, and the log describes it as damaged instead of failing."""

from __future__ import annotations

import dataclasses
import types
import typing
from datetime import datetime
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    DeclineSecondResult,
    Deploy,
    Dismiss,
    DrawForTheFallen,
    EditModel,
    EndTurn,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    NewMatch,
    PlayResult,
    Recruit,
    Reshuffle,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.events import Event
from gmscreen.journal.payload import Between, OneOf, PayloadError
from tests.dead_mans_hand.helpers import Table
from tests.dead_mans_hand.test_game import leon_and_stephen

KINDS = RULES.kinds


@cache
def examples() -> dict[str, Event]:
    """One event of each kind, from games played through the rules."""
    found: dict[str, Event] = {}

    def keep(table: Table) -> None:
        for event in table.events:
            found.setdefault(event.kind, event)

    building = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Slim", 8, 1, ("rifle",)),
                     EditModel("Slim", "Slim Jim", ("pistol",), horse=False),
                     Dismiss("Slim Jim"), LoadScenario("duel-between-rivals"))
    keep(building)
    table = leon_and_stephen()
    for command in (UseModel("Sharpshooter", Move.STILL),
                    MakeAttack("Outlaw", "rifle", 30, ("5c", "2h")), GoAllIn("*"),
                    PlayResult("5c"), DeclineSecondResult(), Reshuffle(),
                    UseModel("Outlaw", Move.SLOW), EndTurn(),
                    LeaveTable("Brave", Move.QUICK), Surrender("Outlaw")):
        table.do(command)
    keep(table)
    left_off = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    left_off.leave_off()
    keep(left_off)
    showdown = Table(*showdown_commands())

    def black_gives_up(card: str) -> None:
        showdown.do(SetUpGame(card))
        while showdown.state.deploying is not None:
            colour = showdown.state.deploying
            showdown.do(Deploy(next(m.name for m in showdown.state.posse(colour).models
                                    if m.status is Status.RESERVE)))
        if showdown.state.game == 1:
            showdown.do(UseModel("Slim", Move.STILL))
            showdown.do(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
            showdown.do(PlayResult("9h"))
            showdown.do(UseModel("Deacon", Move.STILL))
            showdown.do(MakeAttack("Slim", "rifle", 60, ("Kc", "2d")))
            showdown.do(PlayResult("Kc"))  # Slim lies on a King: buried without a card
        for black in showdown.state.black.on_table():
            showdown.do(Surrender(black.name))

    black_gives_up("5h")
    showdown.do(DrawForTheFallen((("Stubby", "Td"),)))
    black_gives_up("6h")  # a second win: the showdown is red's
    showdown.do(NewMatch())  # and the posses are built anew for another
    keep(showdown)
    return found


def test_every_kind_has_an_example() -> None:
    assert set(examples()) == set(KINDS.kinds)


def _core(hint: Any) -> Any:
    """The type under Annotated and Optional."""
    while True:
        if get_origin(hint) is typing.Annotated:
            hint = get_args(hint)[0]
        elif get_origin(hint) in (typing.Union, types.UnionType):
            hint = next(a for a in get_args(hint) if a is not type(None))
        else:
            return hint


def _checks(hint: Any) -> list[Any]:
    found: list[Any] = []
    while True:
        if get_origin(hint) is typing.Annotated:
            found += get_args(hint)[1:]
            hint = get_args(hint)[0]
        elif get_origin(hint) in (typing.Union, types.UnionType):
            hint = next(a for a in get_args(hint) if a is not type(None))
        else:
            return found


def damages(kind: str) -> list[tuple[str, str, Any]]:
    """(field, what was done, the data after) for each way this kind can be damaged."""
    cls = KINDS.kinds[kind]
    hints = get_type_hints(cls, include_extras=True)
    data = dict(examples()[kind].data)
    found: list[tuple[str, str, Any]] = []
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        wrong: Any = [1] if get_origin(_core(hint)) is dict else {"x": 1}
        found.append((field.name, "a value of the wrong type", {**data, field.name: wrong}))
        for check in _checks(hint):
            if isinstance(check, OneOf):
                found.append((field.name, "an unknown id", {**data, field.name: "pxstol"}))
            if isinstance(check, Between) and check.least is not None:
                found.append((field.name, "below its least",
                              {**data, field.name: int(check.least) - 1}))
        required = (field.default is dataclasses.MISSING
                    and field.default_factory is dataclasses.MISSING
                    and type(None) not in get_args(hint))
        if required:
            found.append((field.name, "missing", {k: v for k, v in data.items()
                                                  if k != field.name}))
        if get_origin(_core(hint)) is tuple and data.get(field.name):
            item = get_args(_core(hint))[0]
            if any(isinstance(c, OneOf) for c in _checks(item)):
                found.append((f"{field.name}[0]", "an unknown id in a list",
                              {**data, field.name: ["pxstol", *data[field.name][1:]]}))
    return found


def damaged(kind: str, data: Any) -> Event:
    return Event(1, datetime(2026, 1, 1), 1, kind, data, 1)


@pytest.mark.parametrize("kind", sorted(KINDS.kinds))
def test_the_examples_read_and_tell(kind: str) -> None:
    event = examples()[kind]
    assert KINDS.data(KINDS.read(event)) == event.data
    assert not RULES.describe(event).startswith("(a damaged event")


@given(st.sampled_from(sorted(KINDS.kinds)), st.data())
def test_a_damaged_payload_is_refused_naming_the_field(kind: str, draw: st.DataObject) -> None:
    field, how, data = draw.draw(st.sampled_from(damages(kind)))
    event = damaged(kind, data)
    with pytest.raises(PayloadError) as refused:
        KINDS.read(event)
    assert refused.value.field == field, how
    assert RULES.describe(event).startswith("(a damaged event: event 1"), how
    assert RULES.subjects(event) == frozenset()
    with pytest.raises(ValueError, match=field.partition("[")[0]):
        RULES.evolve(RULES.initial_state(), event)


@given(st.sampled_from(sorted(KINDS.kinds)),
       st.dictionaries(st.text(max_size=12),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                                 st.lists(st.text(max_size=4), max_size=3)), max_size=6))
def test_describe_never_raises_whatever_the_data(kind: str, data: dict[str, Any]) -> None:
    event = damaged(kind, {k: v for k, v in data.items() if v is not None})
    assert isinstance(RULES.describe(event), str)
    RULES.subjects(event)
