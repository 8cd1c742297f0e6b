"""A full disk, a failed fsync, a game bug: nothing is half saved, and nothing changes."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, JournalWriteError, new_header
from gmscreen.journal.tomlfmt import too_large
from tests.journal.support import live_table, reference_table, reopen, sample_journal
from tests.tally import Add, Roll, TallyRules, TallyState

REAL_WRITE = os.write


def full_after(limit: int) -> Callable[[int, Any], int]:
    """An os.write for a disk with `limit` bytes left: it writes what fits, then says ENOSPC."""
    room = [limit]

    def write(fd: int, data: Any) -> int:
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = REAL_WRITE(fd, bytes(data)[: room[0]])
        room[0] -= written
        return written

    return write


def partial_then_fail(fd: int, data: Any) -> int:
    """An os.write that gets half the bytes out and then fails, in one call."""
    REAL_WRITE(fd, bytes(data)[: len(data) // 2])
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def fsync_fails(fd: int) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def snapshot(campaign: Campaign[Any]) -> tuple[object, ...]:
    return (live_table(campaign), list(campaign.events), campaign.can_undo, campaign.can_redo,
            campaign.rng("x").random())


ACTIONS: dict[str, Callable[[Campaign[Any]], object]] = {
    "add": lambda c: c.execute(Add("Zeke", 2)),
    "roll (two events)": lambda c: c.execute(Roll("Ann", (1, 6))),
    "note": lambda c: c.note("x" * 5000),
    "undo": lambda c: c.undo(),
    "end session": lambda c: c.end_session(),
}
FAILURES: dict[str, tuple[str, Callable[..., Any], str]] = {
    "disk full at once": ("write", full_after(0), "No space left on device"),
    "disk full after some bytes": ("write", full_after(37), "No space left on device"),
    "half written then failed": ("write", partial_then_fail, "No space left on device"),
    "fsync failed": ("fsync", fsync_fails, "Input/output error"),
}


@pytest.mark.parametrize("action", list(ACTIONS))
@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_failed_write_changes_nothing_and_a_later_append_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, action: str, failure: str
) -> None:
    path = tmp_path / "t.toml"
    campaign = sample_journal(path)
    before_bytes, before = path.read_bytes(), snapshot(campaign)
    name, broken, words = FAILURES[failure]
    with monkeypatch.context() as patch:
        # a fresh full_after for every run, so its room is not used up by an earlier one
        patch.setattr(os, name, full_after(37) if failure == "disk full after some bytes"
                      else broken)
        with pytest.raises(JournalWriteError) as caught:
            ACTIONS[action](campaign)
    assert str(caught.value) == f"{path}: nothing was saved ({words})"
    assert path.read_bytes() == before_bytes
    assert snapshot(campaign) == before
    assert reopen(path, writable=False).events == campaign.events

    ACTIONS[action](campaign)
    assert snapshot(campaign) != before
    campaign.close()
    again = reopen(path, writable=False)
    assert again.events == campaign.events and again.torn is None
    assert live_table(again) == reference_table(again.events)


def test_when_even_cutting_back_fails_the_half_block_is_set_aside_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.toml"
    campaign = sample_journal(path)
    events = list(campaign.events)

    def no_truncate(*_: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", partial_then_fail)
        patch.setattr(os, "ftruncate", no_truncate)
        with pytest.raises(JournalWriteError, match="set aside when the journal is opened again"):
            campaign.execute(Add("Zeke", 1))
    assert campaign.events == events
    with pytest.raises(JournalWriteError, match="another program changed"):
        campaign.execute(Add("Zeke", 1))  # the store no longer trusts what is on disk
    campaign.close()
    again = reopen(path)
    assert again.events == events
    assert again.torn is not None and again.torn.set_aside is not None
    again.execute(Add("Zeke", 1))
    again.close()
    assert reopen(path, writable=False).events[:-1] == events


class BuggyRules(TallyRules):
    """A game with two bugs: events TOML cannot hold, and an evolve that crashes."""

    def decide(self, state: TallyState, command: Any) -> list[NewEvent]:
        if command == "huge":
            return [NewEvent("tally.added", {"name": "Zeke", "amount": 2**70})]
        if command == "object":
            return [NewEvent("tally.noted", {"what": object()})]
        if command == "crash":
            return [NewEvent("tally.added", {"name": "Zeke"})]  # evolve will miss "amount"
        return super().decide(state, command)


@pytest.mark.parametrize(("command", "words"), [
    ("huge", "past the largest number a journal holds"), ("object", "object cannot be saved"),
    ("crash", "KeyError"),
])
def test_a_game_bug_is_a_rule_error_and_saves_nothing(tmp_path: Path, command: str,
                                                      words: str) -> None:
    path = tmp_path / "t.toml"
    store = JournalStore.create(path, new_header("tally", "T", 1))
    campaign = Campaign.load(BuggyRules(), store.load(), store)
    campaign.execute(Add("Zeke", 1))
    before_bytes, before = path.read_bytes(), snapshot(campaign)
    with pytest.raises(RuleError, match=words) as caught:
        campaign.execute(command)
    assert caught.value.rule == ("Journal" if command == "huge" else "Rules")
    assert "nothing was saved" in caught.value.message
    assert path.read_bytes() == before_bytes and snapshot(campaign) == before


@pytest.mark.parametrize(("command", "words"), [
    ("huge", "past the largest number a journal holds"),
    ("object", "object cannot be saved")])
def test_an_event_the_journal_cannot_hold_is_refused_when_asked_before(
        tmp_path: Path, command: str, words: str) -> None:
    # a form asks `decide` before it closes: a value TOML cannot hold (a number past 64 bits
    # typed where a game set no bound) is refused there, and the form keeps what was typed,
    # where it closed and the Dealer's typing was lost
    path = tmp_path / "t.toml"
    store = JournalStore.create(path, new_header("tally", "T", 1))
    campaign = Campaign.load(BuggyRules(), store.load(), store)
    before_bytes, before = path.read_bytes(), snapshot(campaign)
    with pytest.raises(RuleError, match=words) as caught:
        campaign.decide(command)
    assert caught.value.rule == ("Journal" if command == "huge" else "Rules")
    assert "nothing was saved" in caught.value.message
    assert path.read_bytes() == before_bytes and snapshot(campaign) == before
    assert campaign.decide(Add("Zeke", 1))  # what can be saved is decided as before
    campaign.close()


def test_a_number_past_the_journal_is_named_where_it_is_and_how_large_a_number_may_be(
        tmp_path: Path) -> None:
    # "Rules: TOML integers are 64-bit; this one is too large: ..." named no rule of any
    # game, no field, and no limit
    path = tmp_path / "t.toml"
    store = JournalStore.create(path, new_header("tally", "T", 1))
    campaign = Campaign.load(BuggyRules(), store.load(), store)
    with pytest.raises(RuleError) as caught:
        campaign.decide("huge")
    assert caught.value.message == (
        f"amount would be {2**70:,}, past the largest number a journal holds "
        "(9,223,372,036,854,775,807): nothing was saved")
    assert caught.value.field == "amount"
    campaign.close()


def test_too_large_finds_the_number_inside_lists_and_tables() -> None:
    assert too_large({"a": 1, "hands": [{"chips": 3}, {"chips": -(2**64)}]}) == (
        "hands[1].chips", -(2**64))
    assert too_large({"a": [1, 2**63 - 1], "b": True, "c": "x" * 30}) is None


def test_an_append_reaches_the_disk_before_it_returns(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.toml"
    campaign = sample_journal(path)
    calls: list[tuple[str, int]] = []
    real_fsync = os.fsync

    def write(fd: int, data: Any) -> int:
        calls.append(("write", fd))
        return REAL_WRITE(fd, data)

    def fsync(fd: int) -> None:
        calls.append(("fsync", fd))
        real_fsync(fd)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    campaign.execute(Roll("Ann", (1, 2)))
    assert len(calls) == 2 and calls[0][0] == "write" and calls[1] == ("fsync", calls[0][1])
    assert os.path.samefile(f"/proc/self/fd/{calls[0][1]}", path)
