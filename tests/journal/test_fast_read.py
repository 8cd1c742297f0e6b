"""The fast read of a journal (blocks read a thousand at a time by the compiled parser, and
only the blocks after a known prefix) gives exactly what the block-by-block tomllib read
gives: the same events, torn tail and lines, or the same refusal naming the same line."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmscreen.journal import store
from gmscreen.journal.store import JournalError, Known, Loaded, parse_journal
from tests.journal.support import sample_journal
from tests.journal.test_garbage import FIXTURE, mutate
from tests.tally import Add, Roll

PATH = Path("journal.toml")

pytestmark = pytest.mark.skipif(store._FAST is None, reason="the fast parser is not installed")


def read(raw: bytes, *, fast: bool, known: Known | None = None) -> Loaded | str:
    """The journal as read, or the refusal's message."""
    with mock.patch.object(store, "_FAST", store._FAST if fast else None):
        try:
            return parse_journal(PATH, raw, known=known)
        except JournalError as error:
            return str(error)


def long_journal(path: Path, steps: int) -> bytes:
    campaign = sample_journal(path)
    with mock.patch("os.fsync"):
        for number in range(steps):
            if number % 7 == 3:
                campaign.execute(Roll(f"Rider {number % 5}", (number % 6 + 1, 2)))
            elif number % 11 == 5:
                campaign.undo()
            else:
                campaign.execute(Add(f"Rider {number % 5}", number % 4))
    campaign.close()
    return path.read_bytes()


def test_a_long_journal_reads_the_same_both_ways(tmp_path: Path) -> None:
    raw = long_journal(tmp_path / "long.toml", 2_500)
    fast = read(raw, fast=True)
    assert isinstance(fast, Loaded) and len(fast.events) > 2 * store.FAST_CHUNK
    assert fast == read(raw, fast=False)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_journals_read_the_same_both_ways(data: st.DataObject) -> None:
    raw = FIXTURE * 1  # the garbage drill's journal, damaged the same ways
    for _ in range(data.draw(st.integers(1, 3))):
        raw = mutate(raw, data)
    assert read(raw, fast=True) == read(raw, fast=False)


@pytest.mark.parametrize(("damage", "refused"), [
    (b"data = { n = " + b"7" * 5000 + b" }", True),  # an integer Python will not convert
    (b"data = { a = " + b"[" * 150 + b"]" * 150 + b" }", False),  # kept from the fast parser
    (b"data = { a = 1, }", True),  # TOML 1.1 only
    (b'data = { a = "\\e" }', True),  # TOML 1.1 only
    (b"data = {\na = 1 }", True),  # TOML 1.1 only
])
def test_what_only_the_fast_parser_would_read_reads_the_same(damage: bytes,
                                                             refused: bool) -> None:
    header, first = FIXTURE.split(b"[[event]]", 2)[:2]
    bad = b"[[event]]" + first.replace(first[first.index(b"data = "):].split(b"\n")[0], damage)
    raw = header + bad + b"[[event]]" + first.replace(b"seq = 1", b"seq = 2")
    fast = read(raw, fast=True)
    assert isinstance(fast, str) == refused
    assert fast == read(raw, fast=False)


def known_of(raw: bytes, seq: int) -> Known:
    """What reading the journal up to the command that starts at or after event `seq` finds."""
    while True:
        size = raw.index(b"[[event]]\nseq = %d\n" % seq)
        loaded = read(raw[:size], fast=False)
        assert isinstance(loaded, Loaded)
        if loaded.torn is None:  # not inside a command of two events
            return Known(size, loaded.header, loaded.events, loaded.lines)
        seq += 1


def test_a_known_prefix_is_not_read_again_and_the_rest_is(tmp_path: Path) -> None:
    raw = long_journal(tmp_path / "long.toml", 300)
    known = known_of(raw, 200)
    cut = known.size
    with mock.patch.object(store, "_parse_block", side_effect=AssertionError("read again")), \
            mock.patch.object(store, "_FAST", None):
        # with the prefix known and nothing else read, the journal is its known part
        assert parse_journal(PATH, raw[:cut], known=known).events == known.events
    assert read(raw, fast=True, known=known) == read(raw, fast=False)
    assert read(raw, fast=False, known=known) == read(raw, fast=False)


def test_a_known_prefix_that_does_not_end_a_block_is_not_used(tmp_path: Path) -> None:
    raw = long_journal(tmp_path / "long.toml", 40)
    known = known_of(raw, 20)
    cut = known.size
    # the block before the cut grew a key: the known events no longer say what it holds
    grown = raw[:cut] + b"step = 1\n" + raw[cut:]
    assert read(grown, fast=True, known=known) == read(grown, fast=False)
    assert isinstance(read(grown, fast=False), str)
