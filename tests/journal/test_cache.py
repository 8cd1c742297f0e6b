"""The cache of parsed events and state snapshots: a reopened journal reads only what was
appended since, and whatever the cache holds (stale, damaged, another file's, other code's,
or nothing it could write), the campaign is exactly the one its TOML file gives."""

from __future__ import annotations

import contextlib
import gc
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from gmscreen.journal import cache as cache_module
from gmscreen.journal import store
from gmscreen.journal.cache import JournalCache
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import UNDO, Event
from tests.journal.support import live_table, reference_table, sample_journal, tally_rules
from tests.tally import Add, Roll


@pytest.fixture(autouse=True)
def small_journals_are_cached(no_fsync: None) -> Iterator[None]:
    with mock.patch("gmscreen.journal.campaign.MIN_EVENTS", 1):
        yield


def grow(campaign: Campaign[Any], steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        pick = rng.random()
        if pick < 0.6:
            campaign.execute(Add(rng.choice(["Zeke", "Ann"]), rng.randint(0, 5)))
        elif pick < 0.75:
            campaign.execute(Roll("Ann", (rng.randint(1, 6), 3)))
        elif pick < 0.9 and campaign.can_undo:
            campaign.undo(rng.randint(1, 2))
        elif campaign.can_redo:
            campaign.redo()
        else:
            campaign.note(f"note {rng.random()}")


def journal(tmp_path: Path, steps: int = 60) -> Path:
    path = tmp_path / "j.toml"
    campaign = sample_journal(path)
    grow(campaign, steps, seed=1)
    campaign.close()
    return path


def truth(path: Path) -> Campaign[Any]:
    """The campaign as its file alone gives it."""
    campaign = open_campaign(path, tally_rules, writable=False, cache=False)
    campaign.close()
    return campaign


def assert_same(campaign: Campaign[Any], expected: Campaign[Any]) -> None:
    assert campaign.events == expected.events
    assert campaign.state == expected.state
    assert (campaign.session, campaign.in_session) == (expected.session, expected.in_session)
    assert campaign.history.stack == expected.history.stack
    assert campaign.history.undone == expected.history.undone


class Reads:
    """How many blocks were parsed, by either parser."""

    def __init__(self) -> None:
        self.blocks = 0

    def __enter__(self) -> Reads:
        slow, fast = store._parse_block, store._fast_chunk

        def counted_slow(*args: Any) -> Any:
            self.blocks += 1
            return slow(*args)

        def counted_fast(path: Path, chunk: list[Any], *args: Any) -> Any:
            found = fast(path, chunk, *args)
            self.blocks += len(chunk) if found is not None else 0
            return found

        self._patches = contextlib.ExitStack()
        self._patches.enter_context(mock.patch.object(store, "_parse_block", counted_slow))
        self._patches.enter_context(mock.patch.object(store, "_fast_chunk", counted_fast))
        return self

    def __exit__(self, *_: object) -> None:
        self._patches.close()


def open_with(path: Path, journals: JournalCache, writable: bool = False) -> Campaign[Any]:
    return open_campaign(path, tally_rules, writable=writable, cache=journals)


def test_a_reopened_journal_reads_nothing_again(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    assert journals.file_for(path).is_file()
    with Reads() as reads:
        again = open_with(path, journals)
    again.close()
    assert reads.blocks == 0
    assert_same(again, truth(path))


def test_after_an_append_only_the_new_blocks_are_read(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    writer = open_campaign(path, tally_rules, cache=False)  # the cache does not see these
    before = len(writer.events)
    grow(writer, 25, seed=2)
    added = len(writer.events) - before
    writer.close()
    with Reads() as reads:
        again = open_with(path, journals, writable=True)
    assert reads.blocks == added
    assert_same(again, truth(path))
    # the campaign goes on from the cached fold as from a full one: undo, redo, new steps
    copy = tmp_path / "copy.toml"
    copy.write_bytes(path.read_bytes())
    reference = open_campaign(copy, tally_rules, cache=False)
    for campaign in (again, reference):
        campaign.undo(2)
        campaign.redo()
        campaign.undo(3)
        campaign.execute(Add("Zeke", 4))
    assert again.state == reference.state
    assert again.preview_undo_to(5) == reference.preview_undo_to(5)
    reference.close()
    again.close()
    with Reads() as reads:
        third = open_with(path, journals)
    assert reads.blocks == 0  # the close kept what the session appended
    assert_same(third, truth(path))


def test_a_stale_cache_of_an_older_file_gives_the_new_file(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    old_cache = journals.file_for(path).read_bytes()
    # the journal is rewritten with other events (an upgrade, a restore from a backup...)
    path.unlink()
    other = sample_journal(path)
    grow(other, 80, seed=9)
    other.close()
    journals.file_for(path).write_bytes(old_cache)
    assert_same(open_with(path, journals), truth(path))


@pytest.mark.parametrize("damage", ["flip", "cut", "empty", "garbage", "folder"])
def test_a_damaged_cache_is_ignored(tmp_path: Path, damage: str) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    cached = journals.file_for(path)
    blob = cached.read_bytes()
    if damage == "flip":
        middle = len(blob) // 2
        cached.write_bytes(blob[:middle] + bytes([blob[middle] ^ 0x40]) + blob[middle + 1:])
    elif damage == "cut":
        cached.write_bytes(blob[: len(blob) - 100])
    elif damage == "empty":
        cached.write_bytes(b"")
    elif damage == "garbage":
        cached.write_bytes(cache_module.MAGIC + bytes(32) + b"not a pickle")
    else:
        cached.unlink()
        cached.mkdir()
    with Reads() as reads:
        campaign = open_with(path, journals)
    campaign.close()
    assert reads.blocks == len(campaign.events)
    assert_same(campaign, truth(path))


def test_a_cache_of_another_file_is_ignored(tmp_path: Path) -> None:
    path, other_path = journal(tmp_path), tmp_path / "other.toml"
    other = sample_journal(other_path)
    grow(other, 70, seed=5)
    other.close()
    journals = JournalCache(tmp_path / "cache")
    open_with(other_path, journals).close()
    journals.file_for(path).write_bytes(journals.file_for(other_path).read_bytes())
    assert_same(open_with(path, journals), truth(path))


def test_a_journal_changed_inside_its_cached_part_is_read_whole(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    before = truth(path)
    raw = path.read_bytes()
    # the same size, a different amount: only the hash can tell
    path.write_bytes(raw.replace(b'name = "Zeke", amount = 3', b'name = "Zeke", amount = 4', 1))
    with Reads() as reads:
        campaign = open_with(path, journals)
    assert reads.blocks == len(campaign.events)
    assert_same(campaign, truth(path))
    assert campaign.state.tallies["Zeke"] == before.state.tallies["Zeke"] + 1


def test_a_cache_made_by_other_code_is_ignored(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    with mock.patch.object(cache_module, "journal_code", lambda: "another gmscreen"), \
            Reads() as reads:
        campaign = open_with(path, journals)
    assert reads.blocks == len(campaign.events)
    assert_same(campaign, truth(path))


def test_a_fold_made_by_other_game_code_is_done_again(tmp_path: Path) -> None:
    path = journal(tmp_path)
    journals = JournalCache(tmp_path / "cache")
    open_with(path, journals).close()
    folded: list[int] = []
    evolve = tally_rules("tally").evolve

    def counted(state: Any, event: Any) -> Any:
        folded.append(event.seq)
        return evolve(state, event)

    with mock.patch.object(cache_module, "game_code", lambda rules: "another game"), \
            mock.patch.object(tally_rules("tally"), "evolve", counted), Reads() as reads:
        campaign = open_with(path, journals)
    assert reads.blocks == 0  # the events still come from the cache
    assert folded  # but the state is folded again by today's game
    assert_same(campaign, truth(path))


def test_a_cache_that_cannot_be_written_is_ignored(tmp_path: Path) -> None:
    path = journal(tmp_path)
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the cache folder would be")
    journals = JournalCache(blocker / "cache")
    campaign = open_with(path, journals, writable=True)
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert_same(open_with(path, journals), truth(path))


def test_progress_is_told_while_a_journal_is_read_and_folded(tmp_path: Path) -> None:
    path = journal(tmp_path, steps=2_500)
    told: list[tuple[str, int, int]] = []
    with mock.patch.object(store, "FAST_CHUNK", 100):
        campaign = open_campaign(path, tally_rules, progress=lambda *a: told.append(a),
                                 cache=False)
    campaign.close()
    reading = [(done, total) for stage, done, total in told if stage == "reading"]
    replaying = [(done, total) for stage, done, total in told if stage == "replaying"]
    assert len(reading) > 10 and reading[-1] == (path.stat().st_size,) * 2
    assert [done for done, _ in reading] == sorted(done for done, _ in reading)
    assert replaying[-1] == (len(campaign.events),) * 2 and len(replaying) >= 2
    assert told.index(("reading",) + reading[-1]) < told.index(("replaying",) + replaying[0])


def test_undo_far_back_past_the_thinned_snapshots_gives_the_state_of_the_file(
    tmp_path: Path,
) -> None:
    """The cache keeps only every eighth snapshot of the older steps (Campaign.fold_state);
    an undo or its preview that far back refolds from an older one and must land the same."""
    path = tmp_path / "j.toml"
    campaign = sample_journal(path)
    for amount in range(300):
        campaign.execute(Add(("Zeke", "Ann")[amount % 2], amount))
    campaign.close()
    journals = JournalCache(tmp_path / "cache")
    with mock.patch("gmscreen.journal.campaign.SNAPSHOT_EVERY", 4):
        open_with(path, journals).close()
        resumed = open_with(path, journals, writable=True)
        assert resumed.events == truth(path).events
        depth = len(resumed.history.stack)
        kept = set(resumed._snapshots)
        assert {0, 32, 64} <= kept and not {4, 8, 36} & kept  # thinned: every 8 * 4 steps
        assert {d for d in range(depth - 31, depth + 1) if d % 4 == 0} <= kept  # newest whole
        for seq in (250, 120, 37, 5):  # each further back than the last
            expected = reference_table(
                [*resumed.events, *encode_undo(resumed, seq)]).state
            assert resumed.preview_undo_to(seq) == expected
            resumed.undo_to(seq)
            assert live_table(resumed) == reference_table(resumed.events)
            assert resumed.state == expected
        resumed.redo()
        assert live_table(resumed) == reference_table(resumed.events)
        resumed.execute(Add("Zeke", 1))
        assert live_table(resumed) == reference_table(resumed.events)
        resumed.close()
    assert_same(open_with(path, journals), truth(path))


def encode_undo(campaign: Campaign[Any], seq: int) -> list[Event]:
    """The undo event an undo_to(seq) would write, built by hand for the reference."""
    steps = [step for step in reversed(campaign.history.stack) if step > seq]
    at = campaign.events[-1].at
    number = len(campaign.events) + 1
    return [Event(number, at, campaign.session, UNDO, {"steps": steps}, number)]


def test_a_large_campaign_is_kept_out_of_the_collector_until_it_closes(
    tmp_path: Path,
) -> None:
    """gc.freeze is for the whole program; closing the campaign gives the collector back
    everything, so that a second campaign opened, or the next test, is not left frozen."""
    path = journal(tmp_path)
    assert gc.get_freeze_count() == 0
    with mock.patch("gmscreen.journal.campaign.KEEP_OUT_OF_GC", 10_000_000):
        small = open_with(path, JournalCache(tmp_path / "cache"))
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    small.close()
    with mock.patch("gmscreen.journal.campaign.KEEP_OUT_OF_GC", 1):
        large = open_with(path, JournalCache(tmp_path / "cache"))
    try:
        assert gc.get_freeze_count() > len(large.events) and gc.isenabled()
    finally:
        large.close()
    assert gc.get_freeze_count() == 0


def test_a_failed_open_leaves_the_collector_on(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[campaign]\nformat = 1\ngame = "tally"\nname = "x"\n[[event]]\nseq = "one"\n')
    with mock.patch("gmscreen.journal.campaign.KEEP_OUT_OF_GC", 1), \
            pytest.raises(store.JournalError):
        open_with(path, JournalCache(tmp_path / "cache"))
    assert gc.isenabled() and gc.get_freeze_count() == 0
