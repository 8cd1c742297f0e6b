"""Every event's data is read through its kind's typed payload: what the rules write reads
back the same, a damaged value is refused naming its field, and the log never falls over."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.events import KINDS, InitiativeFlipped, SheetChange
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.payload import PayloadError
from tests.fistful.game import every_kind

ROOT = Path(__file__).resolve().parents[2]
#: one event of every kind, as the rules decide them
EVERY = {new.kind: new for new in reversed(every_kind())}


def event(new: NewEvent, data: dict[str, Any] | None = None) -> Event:
    return Event(7, datetime(2026, 1, 1), 1, new.kind, new.data if data is None else data, 7)


def test_every_kind_the_rules_know_is_written_and_reads_back_the_same() -> None:
    assert set(EVERY) == set(RULES.kinds.kinds)
    for kind, new in EVERY.items():
        payload = KINDS.read(event(new))
        assert KINDS.data(payload) == new.data, kind
        assert RULES.describe(event(new)).strip(), kind


def test_an_opposed_test_and_a_new_character_name_everyone_they_touch() -> None:
    shot = EVERY["fistful.opposed_test_rolled"]
    assert RULES.subjects(event(shot)) == {"Ann", "Jake"}
    assert RULES.subjects(event(EVERY["fistful.character_created"])) == {"Ann"}
    assert RULES.subjects(event(EVERY["fistful.wealth_lost"])) == {"Ann", "Bo"}


def test_the_sheets_an_event_changes_name_their_characters() -> None:
    """Who paid a Luck for the order is named only as a sheet the event changes."""
    bought = KINDS.new(InitiativeFlipped("H", "posse", True, 1, {
        "Ann": SheetChange(luck=0), "Bo": SheetChange(luck=1)}))
    assert RULES.subjects(event(bought)) == {"Ann", "Bo"}


#: values no field of any payload takes where another type is wanted
WRONG = {str: 12, int: "twelve", bool: "yes", list: {"a": 1}, dict: [1, 2]}


def damages(data: dict[str, Any]) -> st.SearchStrategy[tuple[str, str, Any]]:
    """(key, how, value): a key dropped, given a value of another type, or given a value out
    of any range (an unknown id, a huge or negative number, an empty list)."""
    keys = sorted(data)
    wrong = st.sampled_from(keys).map(
        lambda k: (k, "type", WRONG.get(type(data[k]))))
    odd = st.tuples(st.sampled_from(keys), st.just("value"),
                    st.sampled_from(["nobody's", "", -7, 99, 10**9, [], [0], [7, 7],
                                     {"Zed": {"luck": 9}}]))
    dropped = st.sampled_from(keys).map(lambda k: (k, "dropped", None))
    return st.one_of(wrong, odd, dropped)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_payload_is_refused_naming_its_field_and_the_log_never_falls(
        data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(sorted(EVERY)))
    good = dict(EVERY[kind].data)
    key, how, value = data.draw(damages(good))
    damaged = dict(good)
    if how == "dropped":
        del damaged[key]
    else:
        damaged[key] = value
    hurt = event(EVERY[kind], damaged)
    try:
        KINDS.read(hurt)
    except PayloadError as error:
        assert error.field.split(".")[0].split("[")[0] == key, (kind, key, error)
        assert RULES.describe(hurt).startswith("(a damaged event: event 7 ")
    else:
        # only a key the kind can do without, or a value it may hold, reads
        assert how != "type" or value is None, (kind, key, value)
        assert isinstance(RULES.describe(hurt), str)
    assert isinstance(RULES.subjects(hurt), frozenset)


@pytest.mark.parametrize("module", ["gmscreen.games.fistful.rules", "gmscreen.games.fistful",
                                    "gmscreen.games.fistful.view"])
def test_the_rules_and_the_view_import_no_textual(module: str) -> None:
    script = (f"import sys, {module}\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.strip() == "False", done.stderr


def test_a_journal_with_an_emptied_payload_opens_as_it_was_before_it(tmp_path: Path) -> None:
    """The damaged journal of the reliability drill: a take_shared with data = {}."""
    import re

    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    journal = (ROOT / "campaigns" / "fistful-dalton-boys.toml").read_text(encoding="utf-8")
    damaged = re.sub(r'(kind = "fistful.take_shared"\n)data = \{.*\}', r"\1data = {}", journal)
    assert damaged != journal
    path = tmp_path / "damaged.toml"
    path.write_text(damaged, encoding="utf-8")
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    try:
        assert campaign.read_only_reason is not None
        assert "fistful.take_shared" in campaign.read_only_reason
        assert "name is missing" in campaign.read_only_reason
        assert all(campaign.describe(e).strip() for e in campaign.events)
    finally:
        campaign.close()
    assert path.read_text(encoding="utf-8") == damaged
