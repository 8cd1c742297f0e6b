"""Every kind of event Devils Bluff writes has its typed payload: a real event of each kind
reads back as it was written (the samples' too), and one damaged anywhere (a wrong type, a
key missing, an unknown id, a number out of range) is refused naming the field, while the
log's line and names never raise."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from copy import deepcopy
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AgreeObjectives,
    Attack,
    AttributeTest,
    ChangeAbility,
    ChangePerk,
    ChooseSetUp,
    CloseAftermath,
    CorrectCard,
    CorrectInitiative,
    Discard,
    Dismiss,
    DrawCard,
    EndActivation,
    EndCampaign,
    EndGame,
    Enlist,
    Forgo,
    FoundGang,
    GainLevel,
    KeepHired,
    LayOutPool,
    Mend,
    Move,
    Recover,
    Rename,
    RenameGang,
    Resume,
    RollOffForPicks,
    Score,
)
from gmscreen.games.devils_bluff.events import KINDS, Settings
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.state import default_settings
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from tests.devils_bluff.helpers import Table, campaign, one_off, unshuffled
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_readings import agreed, hendry_to_act

ROOT = Path(__file__).resolve().parents[2]


def _a_turn(table: Table) -> None:
    """A card drawn onto a full hand and one discarded; a model advances, attacks, tests."""
    player = table.state.battle.turn  # type: ignore[union-attr]
    table.execute(DrawCard(player, "", unshuffled()))
    table.execute(Discard(player, table.state.hand(player)[0].code))
    gang = table.state.gang(player)
    assert gang is not None
    model = gang.fighters[1].name
    enemy = next(g for g in table.state.gangs if g is not gang).fighters[2].name
    table.execute(Activate(model))
    table.execute(AttributeTest(model, "CMD", order_by=unshuffled()))
    table.execute(Move(model, "Advance"))
    table.execute(Attack(model, enemy, order_by=unshuffled()))
    if table.state.battle is not None and table.state.battle.activation is not None:
        table.execute(EndActivation(model))
    table.execute(Score(player, 2, "the livery"))
    table.execute(Mend(enemy, 1, 2, "the cover was none"))
    table.execute(EndGame())


def _leaving_and_recovering(table: Table) -> None:
    table = hendry_to_act(agreed(table, recover_needs_token=False), "Dutch")
    table.execute(Recover("Dutch", order_by=unshuffled()))
    table.execute(Move("Dutch", "Rush", leaving=("Eli Crane",)))


def _hail_of_fire_let_go(table: Table) -> None:
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    table.execute(Forgo())
    _keep(table)


def _between_games(table: Table) -> None:
    table.execute(EndGame())
    table.execute(GainLevel("Ma Hendry", "Tough"))
    table.execute(ChangePerk("Ma Hendry", "Tough", "Quick"))
    table.execute(KeepHired("Dutch"))
    table.execute(CloseAftermath())
    table.execute(Dismiss(HENDRY, "Dutch"))
    table.execute(EndCampaign(HENDRY, "the bank is hers"))


def _slips_mended(table: Table) -> None:
    table.execute(AgreeObjectives("the well: 1 a round held"))
    table.execute(CorrectInitiative(HENDRY, "Jh", "Qc"))  # Ma Hendry still first
    table.execute(CorrectCard(HENDRY, str(table.state.hand(HENDRY)[0]),
                              str(table.state.deck.order[0])))
    table.execute(Activate("Dutch"))
    table.execute(EndActivation("Dutch"))
    table.execute(Resume("Dutch"))
    table.execute(Rename("Dutch", "Dutch Kane"))
    table.execute(RenameGang(HENDRY, "The Hendry Gang"))
    table.execute(EndGame())
    table.execute(ChangeAbility("Jesse Hendry", "Precise Shot"))


def _left_off(table: Table) -> None:
    for new in RULES.abandon(table.state):
        table.apply(new)


def _pool(table: Table) -> None:
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("Ma", "The Hendry Boys"))
    table.execute(FoundGang("Cole", "Bluff Regulators"))
    for player in ("Ma", "Cole"):
        table.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                             ("Quick",))))
    table.execute(LayOutPool("Hank (Shotgun), Dutch"))
    table.execute(RollOffForPicks(typed=(("Ma", "7h"), ("Cole", "Kc"))))


FOUND: dict[str, Event] = {}


def _keep(table: Table) -> None:
    for event in table.events:
        FOUND.setdefault(event.kind, event)


def _played() -> dict[str, Event]:
    """The first event of each kind some short games write."""
    scenes: tuple[tuple[Callable[[], Table], Callable[[Table], None]], ...] = (
        (one_off, _a_turn), (one_off, _leaving_and_recovering), (one_off, _hail_of_fire_let_go),
        (one_off, _slips_mended),
        (campaign, _between_games), (campaign, _left_off), (Table, _pool))
    for make, scene in scenes:
        table = make()
        scene(table)
        _keep(table)
    return dict(FOUND)


EXAMPLES = _played()


def _reads_back(event: Event) -> bool:
    """The event's payload, written and read again, is itself."""
    payload = KINDS.read(event)
    return bool(KINDS.read(replace(event, data=KINDS.data(payload))) == payload)


def test_every_kind_is_written_and_reads_back() -> None:
    assert sorted(RULES.kinds.kinds) == sorted(EXAMPLES)
    for kind, event in EXAMPLES.items():
        assert _reads_back(event), kind


def _sample_events() -> Iterator[Event]:
    for path in sorted([*(ROOT / "campaigns").glob("devils-bluff-*.toml"),
                        *(ROOT / "tests/fixtures/samples-cb5e155").glob("devils-bluff-*")]):
        with path.open("rb") as file:
            for e in tomllib.load(file)["event"]:
                if e["kind"].startswith(KINDS.prefix):
                    yield Event(e["seq"], e["at"], e["session"], e["kind"], e["data"], e["seq"])


def test_the_samples_old_and_new_read_and_write_back() -> None:
    events = list(_sample_events())
    assert len(events) > 100
    for event in events:
        assert _reads_back(event), event.seq


def test_the_settings_payload_holds_every_setting_of_the_table() -> None:
    assert asdict(Settings()) == dict(default_settings())
    # a set-up written before a setting was added reads it as its default
    set_up = EXAMPLES["devils_bluff.set_up"]
    older = {k: v for k, v in asdict(Settings(deployment="model by model")).items()
             if k != "deployment"}
    payload = KINDS.read(replace(set_up, data={**set_up.data, "settings": older}))
    assert payload.settings == Settings()


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


def _at(data: Any, path: str) -> tuple[Any, str | int]:
    """The table or list holding the value at `path`, and its key or index there."""
    steps: list[str | int] = []
    for part in path.replace("]", "").split("."):
        name, *indices = part.split("[")
        steps.append(name)
        steps += [int(i) for i in indices]
    for step in steps[:-1]:
        data = data[step]
    return data, steps[-1]


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return "seven"
    if isinstance(value, str):
        return 7
    return "a word"  # a list or a table


DAMAGE: dict[str, Callable[[Any], Any]] = {
    "wrong type": _wrong_type,
    "out of range": lambda value: -999 if isinstance(value, int) else value,
    "unknown id": lambda value: "Zz" if isinstance(value, str) else value,
    "emptied": lambda value: type(value)() if isinstance(value, list | dict) else value,
}


def _damaged(data: Mapping[str, Any], path: str, how: str) -> dict[str, Any]:
    copy = deepcopy(dict(data))
    holder, key = _at(copy, path)
    if how == "missing":
        del holder[key]
    else:
        holder[key] = DAMAGE[how](holder[key])
    return copy


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_damaged_payload_is_refused_naming_the_field(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(sorted(RULES.kinds.kinds)))
    event = EXAMPLES[kind]
    paths = _paths(event.data)
    if not paths:
        return  # a kind with no data: nothing to damage
    path = data.draw(st.sampled_from(paths))
    how = data.draw(st.sampled_from(["wrong type", "missing", *DAMAGE]))
    if how == "missing" and isinstance(_at(event.data, path)[1], int):
        how = "wrong type"  # a list's item is not a key to leave out
    damaged = replace(event, data=_damaged(event.data, path, how))
    try:
        KINDS.read(damaged)
    except PayloadError as error:
        assert error.kind == kind and error.seq == event.seq
        # the damaged field, a table holding it, or (a table emptied) a key of it
        assert path.startswith(error.field) or error.field.startswith(path), (error.field, path)
    else:
        # only what still fits reads: a key with a default, a number within its bounds,
        # free text; never a value of the wrong type
        assert how != "wrong type", (kind, path)
    # the log never raises, whatever the data
    assert RULES.describe(damaged)
    RULES.subjects(damaged)


@pytest.mark.parametrize("kind", sorted(k for k in RULES.kinds.kinds if EXAMPLES[k].data))
def test_a_payload_of_nonsense_is_described_as_damaged(kind: str) -> None:
    damaged = replace(EXAMPLES[kind], data={key: ["nonsense"] for key in EXAMPLES[kind].data})
    with pytest.raises(PayloadError):
        KINDS.read(damaged)
    assert RULES.describe(damaged).startswith("(a damaged event: ")
    assert RULES.subjects(damaged) == frozenset()


def test_a_misspelt_weapon_or_a_short_deck_names_its_field() -> None:
    enlisted = EXAMPLES["devils_bluff.enlisted"]
    recruit = {**enlisted.data["recruit"], "weapon": "Pxstol"}
    with pytest.raises(PayloadError, match=r"recruit\.weapon is 'Pxstol'"):
        KINDS.read(replace(enlisted, data={**enlisted.data, "recruit": recruit}))
    started = EXAMPLES["devils_bluff.game_started"]
    with pytest.raises(PayloadError, match=r"deck holds 51, not exactly 52"):
        KINDS.read(replace(started, data={**started.data, "deck": started.data["deck"][1:]}))
    deployed = EXAMPLES["devils_bluff.deployed"]
    with pytest.raises(PayloadError, match=r"order is empty"):
        KINDS.read(replace(deployed, data={**deployed.data, "order": []}))
    assert RULES.subjects(enlisted) == {enlisted.data["recruit"]["name"]}
    assert HENDRY in {e.data.get("player") for e in EXAMPLES.values()}
