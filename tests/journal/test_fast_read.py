"""The fast read of a journal (blocks read a few hundred at a time by the compiled parser, and
only the blocks after a known prefix) gives exactly what the block-by-block tomllib read
gives: the same events, torn tail and lines, or the same refusal naming the same line."""

from __future__ import annotations

import random
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


def naive_block_starts(raw: bytes) -> list[int]:
    """Where each block starts, as the store's framing says, line by line (lines end with
    \n): a line that reads exactly `[[event]]` (before a \r, if any), and a last line that
    is only the start of one (a write cut short)."""
    starts = []
    offset = 0
    lines = raw.split(b"\n")
    for line in lines:
        if line == b"[[event]]" or line.startswith(b"[[event]]\r"):
            starts.append(offset)
        offset += len(line) + 1
    last = lines[-1]
    if len(lines) > 1 and last and b"[[event]]".startswith(last) and last != b"[[event]]":
        starts.append(len(raw) - len(last))
    return starts


def test_blocks_are_found_where_a_line_reads_event_and_nowhere_else() -> None:
    rng = random.Random(8)
    pieces = [b"[[event]]", b"[[event]]x", b" [[event]]", b"[[eve", b"\n", b"\r\n", b"\r",
              b"seq = 1", b"data = {}", b"[event]", b"\n[[event]]"]
    for _ in range(5000):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert store._block_starts(raw) == naive_block_starts(raw), raw
        _, bounds = store._bounds(raw)
        assert [start for _, start, _ in bounds] == store._block_starts(raw)
        assert [line for line, _, _ in bounds] == [raw.count(b"\n", 0, start) + 1
                                                   for start in store._block_starts(raw)]


def test_control_characters_are_looked_for_from_the_first_byte_one_can_start_with() -> None:
    rng = random.Random(9)
    alphabet = [b"a", b"\\", b"u", b"0", b"1", b"\xc2", b"\x85", b"\xe2", b"\x80", b"\x8e",
                b"\x81", b"\xa6", b"e", b"x", b"U", b"f", b"2", b"\n"]
    for _ in range(20_000):
        body = b"".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        start = rng.randint(0, len(body))
        assert store._has_controls(body, start) == (
            store._CONTROLS.search(body, start) is not None), body
