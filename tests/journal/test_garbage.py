"""Garbage, truncated, oversized, deeply nested and wrongly typed journals.

Whatever the bytes, opening a journal gives a campaign or a JournalError that names the file
and the line; never another exception, never an overwrite. The only change ever made to a
file is setting a torn tail aside, and then the side file holds exactly the bytes removed.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.journal import tomlfmt
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalError
from tests.journal.support import new_campaign, reopen
from tests.tally import RULES, Add

FIXTURE = (Path(__file__).resolve().parents[1] / "fixtures" / "format-1.toml").read_bytes()
EXAMPLES = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def any_game(_: str) -> Any:
    """The tally rules whatever the journal says, so a changed game id reaches Campaign.load."""
    return RULES


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="gmscreen-garbage-"))
    yield path
    shutil.rmtree(path)


def journal_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(".lock")}


def open_whatever(folder: Path, raw: bytes) -> Campaign[Any] | None:
    """Open `raw` as a journal, read only then writable, and check the promises; the campaign,
    or None when it was refused."""
    for old in folder.iterdir():
        old.unlink()
    path = folder / "j.toml"
    path.write_bytes(raw)
    try:
        read_only = open_campaign(path, any_game, writable=False)
    except JournalError as error:
        assert re.match(rf"{re.escape(str(path))}:[1-9]\d*: \S", str(error)), str(error)
        assert error.line is not None and 1 <= error.line <= raw.count(b"\n") + 1
        assert journal_files(folder) == {"j.toml": raw}
        with pytest.raises(JournalError) as again:
            open_campaign(path, any_game)
        assert str(again.value) == str(error)
        assert journal_files(folder) == {"j.toml": raw}
        return None
    read_only.close()
    assert journal_files(folder) == {"j.toml": raw}
    campaign = open_campaign(path, any_game)
    assert campaign.events == read_only.events
    after = journal_files(folder)
    if campaign.damaged is not None:
        # shown as it was before the event it cannot apply, read only: nothing is touched,
        # not even a torn tail (Campaign.load sets one aside only for a sound campaign)
        assert after == {"j.toml": raw}
    elif campaign.torn is None:
        assert after["j.toml"] in (raw, raw + b"\n")
    else:
        assert campaign.torn.set_aside is not None
        side = after.pop(campaign.torn.set_aside.name)
        assert after == {"j.toml": raw[: len(raw) - len(side)]} and raw.endswith(side)
    return campaign


@EXAMPLES
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(folder: Path, raw: bytes) -> None:
    assert open_whatever(folder, raw) is None


def mutate(raw: bytes, data: st.DataObject) -> bytes:
    if not raw:
        return data.draw(st.binary(max_size=30))
    where = data.draw(st.integers(0, len(raw)))
    how = data.draw(st.sampled_from(["cut", "delete", "insert", "flip", "line", "swap"]))
    if how == "cut":
        return raw[:where]
    if how == "delete":
        return raw[:where] + raw[where + data.draw(st.integers(1, 200)):]
    if how == "insert":
        junk = data.draw(st.binary(max_size=30) | st.text(max_size=30).map(str.encode)
                         | st.sampled_from([b"[[event]]\n", b"\n", b"}", b'"', b"= ", b"\x00"]))
        return raw[:where] + junk + raw[where:]
    if how == "flip":
        where = min(where, len(raw) - 1)
        return raw[:where] + bytes([raw[where] ^ data.draw(st.integers(1, 255))]) + raw[where + 1:]
    lines = raw.split(b"\n")
    index = data.draw(st.integers(0, len(lines) - 1))
    if how == "line":
        lines[index] = data.draw(st.text(max_size=40)).encode()
    else:
        other = data.draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    return b"\n".join(lines)


@EXAMPLES
@given(st.data())
def test_damaged_journals_load_or_are_refused_naming_the_line(folder: Path,
                                                              data: st.DataObject) -> None:
    raw = FIXTURE
    for _ in range(data.draw(st.integers(1, 3))):
        raw = mutate(raw, data)
    campaign = open_whatever(folder, raw)
    if campaign is not None:
        try:
            campaign.note("still writable after the damage")
        except RuleError as refused:  # a damaged header may name a format or game we refuse
            assert refused.rule == "Read only"
        campaign.close()


values = st.one_of(
    st.integers(-3, 30), st.booleans(), st.text(max_size=5), st.floats(allow_nan=False),
    st.datetimes(), st.dates(), st.lists(st.integers(-5, 5), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(-5, 5), max_size=2), st.none(),
)
record = st.fixed_dictionaries(
    {"seq": st.just(2) | values, "at": st.just(datetime(2026, 1, 1, 12, 0)) | values,
     "session": st.just(0) | values, "kind": st.just("tally.added") | values,
     "data": st.just({"name": "Zeke", "amount": 1}) | values},
    optional={"step": values, "step_size": values},
)


@EXAMPLES
@given(record, st.booleans())
def test_wrongly_typed_events_are_refused_naming_their_line(folder: Path,
                                                            fields: dict[str, Any],
                                                            last: bool) -> None:
    lines = ["[[event]]"] + [f"{name} = {tomlfmt.value(item)}" for name, item in fields.items()
                             if item is not None and name != "data"]
    if fields["data"] is not None:
        lines.append(f"data = {tomlfmt.value(fields['data'])}")
    bad = ("\n".join(lines) + "\n\n").encode()
    header, first = FIXTURE.split(b"[[event]]", 2)[:2]
    good = b"[[event]]" + first
    raw = header + good + bad + (b"" if last else good.replace(b"seq = 1", b"seq = 3"))
    campaign = open_whatever(folder, raw)
    if campaign is not None:
        assert len(campaign.events) in (1, 2, 3)
        campaign.close()


def test_a_refusal_in_an_event_names_a_line_inside_it(folder: Path) -> None:
    header, first = FIXTURE.split(b"[[event]]", 2)[:2]
    block = (b'[[event]]\nseq = 2\nat = 2026-01-01T12:00:00\nsession = "x"\nkind = "k"\n'
             b"data = {}\n\n")
    path = folder / "j.toml"
    path.write_bytes(header + b"[[event]]" + first + block)
    with pytest.raises(JournalError) as caught:
        reopen(path)
    assert caught.value.line == (header + b"[[event]]" + first).count(b"\n") + 4


def test_an_oversized_note_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    campaign = new_campaign(path)
    huge = "dust and thunder " * 300_000  # about 5 MB
    campaign.note(huge)
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    again = reopen(path, writable=False)
    assert again.events[0].data["text"] == huge.strip() and again.state.tallies == {"Zeke": 1}


def test_an_oversized_junk_line_is_refused_naming_it(folder: Path) -> None:
    header, first = FIXTURE.split(b"[[event]]", 2)[:2]
    raw = header + b"[[event]]" + first + b"x" * 5_000_000 + b"\n" + FIXTURE[len(header):]
    assert open_whatever(folder, raw) is None


DEEP = {
    "tables": b"data = " + b"{ a = " * 1000 + b"1" + b" }" * 1000,
    "arrays": b"data = { a = " + b"[" * 1000 + b"]" * 1000 + b" }",
}


@pytest.mark.parametrize("shape", list(DEEP))
@pytest.mark.parametrize("where", ["header", "middle", "last"])
def test_deeply_nested_values_are_refused_naming_the_line(folder: Path, shape: str,
                                                          where: str) -> None:
    header, rest = FIXTURE.split(b"[[event]]", 1)
    if where == "header":
        raw = header.replace(b"seed = 1876", DEEP[shape].replace(b"data", b"seed", 1)) \
            + b"[[event]]" + rest
        line = 6
    else:
        block = (b'[[event]]\nseq = 26\nat = 2026-01-01T12:00:00\nsession = 2\nkind = "note"\n'
                 + DEEP[shape] + b"\n\n")
        raw = FIXTURE + block if where == "last" else FIXTURE.replace(b"[[event]]", block, 1)
        line = (FIXTURE if where == "last" else header).count(b"\n") + 6
    assert open_whatever(folder, raw) is None  # refused, not a torn tail set aside
    with pytest.raises(JournalError, match=rf":{line}: .*nested too deeply"):
        reopen(folder / "j.toml")


def test_a_game_cannot_save_values_nested_too_deeply(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    campaign = new_campaign(path)
    before = path.read_bytes()
    for depth in (350, 2000):
        nested: Any = 1
        for _ in range(depth):
            nested = [nested]
        with pytest.raises(RuleError, match="nothing was saved"):
            campaign.note("deep", about=nested)
    assert path.read_bytes() == before and campaign.events == []
