"""The damaged-values drill (issue 16): hypothesis damages the payload of every event kind of
every game (the kinds as each game's events.py lists them), in copies of the samples, and
`check`, `log`, `replay`, `recap` and the app's opening and drawing of every tab must let no
exception escape and leave the file as it was. A damaged event is an event the game cannot
apply: the campaign opens read only up to it, `check` names it and exits 1.

What the drill tried is counted in a file named by GMSCREEN_DRILL_COUNTS, when set (the
benchmarks' reliability section prints it)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen import cli
from gmscreen.games import GAMES, rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.decider import Decider
from gmscreen.journal.events import Event
from gmscreen.journal.store import JournalStore
from gmscreen.ui.app import GmScreenApp
from tests.pilot import screen_text, to_tab

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"dust-devils": "the-hanged-man", "fistful": "fistful-dalton-boys",
           "dead-mans-hand": "dead-mans-hand-showdown", "devils-bluff": "devils-bluff-campaign",
           "dust": "dust-fifteen"}

#: a TOML value of any kind, small
JUNK = st.recursive(
    st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6)

COUNTS: dict[str, int] = {"inputs": 0, "tracebacks": 0, "files changed": 0,
                          "events lost": 0}


def kinds_of(game: str) -> dict[str, type]:
    rules = rules_for(game)
    assert isinstance(rules, Decider), f"{game} is not in the kit's shape"
    return rules.kinds.kinds


def damaged(data: dict[str, Any], cls: type, draw: Callable[[Any], Any]) -> dict[str, Any]:
    """One field of the payload's data damaged in one of the ways a careless hand or a
    hostile file would: a wrong type, the key missing, an unknown id or a number out of
    range, an empty list, or a key renamed."""
    fields = [f.name for f in dataclasses.fields(cls)] or ["nothing"]
    name = draw(st.sampled_from(fields))
    way = draw(st.sampled_from(["junk", "missing", "unknown", "huge", "empty", "renamed"]))
    changed = dict(data)
    if way == "missing" or way == "renamed":
        value = changed.pop(name, None)
        if way == "renamed" and value is not None:
            changed[name + "x"] = value
    elif way == "junk":
        changed[name] = draw(JUNK)
    elif way == "unknown":
        changed[name] = "pxstol"
    elif way == "huge":
        changed[name] = draw(st.sampled_from([-1, 10**9, 0]))
    else:
        changed[name] = []
    return changed


def write_changed(game: str, folder: Path, kind: str,
                  change: Callable[[dict[str, Any]], dict[str, Any]],
                  pick: Callable[[list[Event]], Event]) -> tuple[Path, int]:
    """A copy of the game's sample with one event of `kind` changed (the one `pick` picks;
    one is added at the end when the sample has none); returns the copy and its seq."""
    source = ROOT / "campaigns" / f"{SAMPLES[game]}.toml"
    with JournalStore.open(source, writable=False) as store:
        loaded = store.load()
    events = list(loaded.events)
    present = [e for e in events if e.kind == kind]
    if present:
        target = pick(present)
        events[target.seq - 1] = dataclasses.replace(target, data=change(dict(target.data)))
        seq = target.seq
    else:
        seq = len(events) + 1
        events.append(Event(seq, datetime(2026, 11, 24, tzinfo=UTC), events[-1].session,
                            kind, change({}), seq))
    path = folder / source.name
    path.unlink(missing_ok=True)
    JournalStore.create(path, loaded.header, events).close()
    return path, seq


def write_damaged(game: str, folder: Path, draw: Callable[[Any], Any]) -> tuple[Path, int]:
    """A copy of the sample with the payload of one event of a kind drawn damaged."""
    kinds = kinds_of(game)
    kind = draw(st.sampled_from(sorted(kinds)))
    return write_changed(game, folder, kind, lambda data: damaged(data, kinds[kind], draw),
                         lambda present: draw(st.sampled_from(present)))


def run_commands(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """check, log, replay and recap on the file: exit codes as promised, never an
    exception, the file unchanged."""
    before = path.read_bytes()
    COUNTS["inputs"] += 1
    try:
        assert cli.main(["check", str(path)]) in (0, 1)
        assert cli.main(["log", str(path)]) == 0
        assert cli.main(["replay", str(path)]) == 0
        assert cli.main(["recap", str(path)]) in (0, 2)
        assert cli.main(["recap", str(path), "--dealer", "--format", "md"]) in (0, 2)
    except Exception:
        COUNTS["tracebacks"] += 1
        raise
    finally:
        capsys.readouterr()
        if path.read_bytes() != before:
            COUNTS["files changed"] += 1
    assert path.read_bytes() == before


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_damaged_payload_never_takes_a_command_down(
        game: str, tmp_path_factory: pytest.TempPathFactory,
        capsys: pytest.CaptureFixture[str]) -> None:

    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.data())
    def drill(data: st.DataObject) -> None:
        folder = tmp_path_factory.mktemp("damaged")
        path, _ = write_damaged(game, folder, data.draw)
        run_commands(path, capsys)
        shutil.rmtree(folder, ignore_errors=True)

    drill()


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_kind_damaged_once_is_named_by_check(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each kind of the game with a field it needs taken out: `check` names the event and
    exits 1."""
    for kind, cls in sorted(kinds_of(game).items()):
        needed = [f.name for f in dataclasses.fields(cls)
                  if f.default is dataclasses.MISSING
                  and f.default_factory is dataclasses.MISSING and not _optional(f.type)]
        if not needed:
            continue  # every field has a default: no value is missing
        folder = tmp_path / kind.replace(".", "-")
        folder.mkdir()

        def without(data: dict[str, Any], name: str = needed[0]) -> dict[str, Any]:
            return {k: v for k, v in data.items() if k != name}

        path, seq = write_changed(game, folder, kind, without, lambda present: present[0])
        COUNTS["inputs"] += 1
        assert cli.main(["check", str(path)]) == 1, kind
        said = capsys.readouterr().out
        assert f"event {seq} ({kind}) cannot be applied: {needed[0]} is missing" in said, said


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_damaged_step_set_aside_lets_the_campaign_go_on(
        game: str, tmp_path_factory: pytest.TempPathFactory,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever event is damaged, setting its step aside appends one undo and nothing else;
    the campaign then opens for writing, takes a note, and every command reads it."""

    @settings(max_examples=12, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.data())
    def drill(data: st.DataObject) -> None:
        folder = tmp_path_factory.mktemp("set-aside")
        path, seq = write_damaged(game, folder, data.draw)
        campaign = open_campaign(path, rules_for, cache=False)
        damaged = campaign.damaged
        if damaged is None:  # a damage the game reads as a value like any other
            campaign.close()
            return
        COUNTS["inputs"] += 1
        before, count = path.read_bytes(), len(campaign.events) + damaged.left_out
        # the first event that cannot be applied: the one changed, or a later one its
        # changed value breaks (cards drawn otherwise, then laid as first drawn)
        first = damaged.seq
        assert first >= seq and campaign.why_not_set_aside() is None
        campaign.set_aside()
        campaign.close()
        assert path.read_bytes().startswith(before)
        again = open_campaign(path, rules_for, cache=False)
        assert again.damaged is None and again.read_only_reason is None
        assert len(again.events) == count + 1
        assert all(again.is_undone(e) for e in again.events[first - 1:count])
        again.note("Set aside, and on we go.")
        again.close()
        run_commands(path, capsys)
        shutil.rmtree(folder, ignore_errors=True)

    drill()


def _optional(hint: object) -> bool:
    return "None" in str(hint)


async def _draw_every_tab(path: Path) -> tuple[str, str | None]:
    """Every tab's text, and why the campaign is read only (None: it is not)."""
    campaign = open_campaign(path, rules_for, cache=False)
    reason = campaign.read_only_reason
    app = GmScreenApp(campaign)
    shown = []
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen_stack[0]
        for number in range(1, len(getattr(screen, "titles", [])) + 1):
            await to_tab(pilot, str(number))
            shown.append(screen_text(app))
    return "\n".join(shown), reason


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_app_opens_a_damaged_campaign_read_only_and_draws_every_tab(
        game: str, tmp_path_factory: pytest.TempPathFactory) -> None:

    @settings(max_examples=3, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.data())
    def drill(data: st.DataObject) -> None:
        folder = tmp_path_factory.mktemp("damaged-app")
        path, seq = write_damaged(game, folder, data.draw)
        before = path.read_bytes()
        COUNTS["inputs"] += 1
        shown, reason = asyncio.run(_draw_every_tab(path))
        if reason is not None:  # damaged beyond reading: said on every tab
            assert reason.startswith(f"event {seq} ") and "READ ONLY" in shown
        assert path.read_bytes() == before

    drill()


def teardown_module() -> None:
    target = os.environ.get("GMSCREEN_DRILL_COUNTS")
    if target:
        Path(target).write_text(json.dumps(COUNTS), encoding="utf-8")

