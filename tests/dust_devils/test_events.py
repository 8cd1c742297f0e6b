"""Every kind of event Dust Devils writes has its typed payload: a real event of each kind
reads back as it was written, and one damaged anywhere (a wrong type, a key missing, a
number out of range, an unknown id) is refused naming the field, while the log's line and
names never raise."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmscreen.games.dust_devils import RULES
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    DealerFolds,
    DropCharacter,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    WithdrawEntrants,
)
from gmscreen.games.dust_devils.events import KINDS
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, TOM, ZEKE
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from tests.dust_devils import test_rules as scenes
from tests.dust_devils.game import Table


def _long_tom_folds(table: Table) -> None:
    """The Dealer sets Long Tom's Devil from the hip, and folds him out of the jail."""
    table.do(SetDevilRating(TOM.name, 3))
    table.do(OpenConflict("Long Tom's jail",
                          (Entrant(JACK.name, "spring Luke", ("Eye", "Heart")),
                           Entrant(TOM.name, "keep him in", ("Hand", "Guts")))))
    table.do(DealerFolds())


def _set_up_and_taken_out(table: Table) -> None:
    """Jim is added to a conflict being set up, with every extra, and taken out again."""
    table.do(SetDevilRating(JIM.name, 3))
    table.do(AddEntrant(Entrant(JIM.name, "ride in", ("Eye", "Heart"), trait=True, devil=-3,
                                chip=True, knack="Shootin'")))
    table.do(WithdrawEntrants((JIM.name,)))


def _made_and_dropped(table: Table) -> None:
    """A doctor the Dealer made ahead, dropped: the players went elsewhere (round 30)."""
    table.do(MakeCharacter(replace(TOM, name="Doc Samuelson", vocation="Town doctor")))
    table.do(DropCharacter("Doc Samuelson"))


#: scenes of the decider's tests that, between them, write every kind of event
SCENES: tuple[Callable[[Table], None], ...] = (
    scenes.test_chips_buy_attributes_and_knacks, scenes.test_a_sheet_change_is_checked_too,
    scenes.test_the_road_to_hell, scenes.test_zekes_flush_of_clubs_and_the_chip_that_restores_him,
    scenes.test_the_dealer_closes_an_abandoned_thread, _long_tom_folds,
    scenes.test_session_end_recovers_all_but_zero, scenes.test_the_winners_card,
    scenes.test_recovery_in_play, scenes.test_black_jacks_draw_and_call,
    _set_up_and_taken_out, _made_and_dropped,
)


def _played() -> dict[str, Event]:
    """The first event of each kind the scenes write."""
    found: dict[str, Event] = {}
    for scene in SCENES:
        table = Table()
        for sheet in (JIM, ZEKE, JACK, LUKE, TOM):
            table.do(MakeCharacter(sheet))
        table.start_session()
        scene(table)
        for event in table.events:
            found.setdefault(event.kind, event)
    return found


EXAMPLES = _played()


def test_every_kind_is_written_by_the_scenes_and_reads_back() -> None:
    assert sorted(RULES.kinds.kinds) == sorted(k for k in EXAMPLES if KINDS.knows(k))
    for kind, event in EXAMPLES.items():
        if KINDS.knows(kind):
            assert KINDS.data(KINDS.read(event)) == event.data, kind


# -- damage ---------------------------------------------------------------------------------


def _paths(value: Any, path: str = "") -> list[str]:
    """Every key and list item in a payload's data, as PayloadError names them."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, f"{path}[{i}]")
    return found


def _steps(path: str) -> list[str | int]:
    steps: list[str | int] = []
    for part in path.replace("]", "").split("."):
        name, *indices = part.split("[")
        steps.append(name)
        steps += [int(i) for i in indices]
    return steps


def _damaged(data: Mapping[str, Any], path: str, how: str) -> dict[str, Any]:
    """A deep copy of `data` with the value at `path` damaged `how`."""
    copy: Any = _copy(data)
    *above, last = _steps(path)
    holder = copy
    for step in above:
        holder = holder[step]
    if how == "missing":
        del holder[last]
    else:
        holder[last] = _WRONG[how](holder[last])
    return copy  # type: ignore[no-any-return]


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return "seven"
    if isinstance(value, str):
        return 7
    return "a word"  # a list or a table


_WRONG: dict[str, Callable[[Any], Any]] = {
    "wrong type": _wrong_type,
    "out of range": lambda value: 999 if isinstance(value, int) else value,
    "unknown id": lambda value: "Zz" if isinstance(value, str) else value,
}


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_damaged_payload_is_refused_naming_the_field(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(sorted(RULES.kinds.kinds)))
    event = EXAMPLES[kind]
    path = data.draw(st.sampled_from(_paths(event.data)))
    how = data.draw(st.sampled_from(["wrong type", "missing", "out of range", "unknown id"]))
    if how == "missing" and isinstance(_steps(path)[-1], int):
        how = "wrong type"  # a list's item is not a key to leave out
    damaged = replace(event, data=_damaged(event.data, path, how))
    try:
        KINDS.read(damaged)
    except PayloadError as error:
        assert error.kind == kind and error.seq == event.seq
        assert error.field == path or path.startswith(error.field), (error.field, path)
    else:
        # only what still fits reads: a key with a default, a number within its bounds,
        # free text; never a value of the wrong type
        assert how != "wrong type", (kind, path)
    # the log never raises, whatever the data
    assert RULES.describe(damaged)
    RULES.subjects(damaged)


@pytest.mark.parametrize("kind", sorted(RULES.kinds.kinds))
def test_a_payload_of_nonsense_is_described_as_damaged(kind: str) -> None:
    damaged = replace(EXAMPLES[kind], data={key: ["nonsense"] for key in EXAMPLES[kind].data})
    with pytest.raises(PayloadError):
        KINDS.read(damaged)
    assert RULES.describe(damaged).startswith("(a damaged event: ")
    assert RULES.subjects(damaged) == frozenset()


def test_a_misspelt_attribute_or_card_names_its_field() -> None:
    taken = EXAMPLES["dust_devils.difficulty_taken"]
    split = [dict(s) for s in taken.data["split"]]
    split[0]["attribute"] = "Grit"
    with pytest.raises(PayloadError, match=r"split\[0\]\.attribute is 'Grit'"):
        KINDS.read(replace(taken, data={**taken.data, "split": split}))
    dealt = EXAMPLES["dust_devils.cards_dealt"]
    hands = [dict(h) for h in dealt.data["hands"]]
    hands[1]["cards"] = [*hands[1]["cards"][:-1], "1x"]
    with pytest.raises(PayloadError, match=r"hands\[1\]\.cards\[\d\] is not a card"):
        KINDS.read(replace(dealt, data={**dealt.data, "hands": hands}))
