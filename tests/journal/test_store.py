"""The journal file: round trips, refusals of what is not a journal, torn tails, the lock."""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import (
    JournalError,
    JournalLocked,
    JournalStore,
    JournalWriteError,
    new_header,
    parse_journal,
    split_blocks,
)
from tests.journal.support import (
    live_table,
    new_campaign,
    reference_table,
    reopen,
    sample_journal,
)
from tests.tally import RULES, Add, Roll

ROOT = Path(__file__).resolve().parents[2]


def files(folder: Path) -> dict[str, bytes]:
    """Every file in the folder but the lock files, which hold no journal data."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(".lock")}


# -- round trips -----------------------------------------------------------------------------


def test_events_read_back_exactly_as_the_campaign_saved_them(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    live = sample_journal(path)
    live.close()
    again = reopen(path, writable=False)
    assert again.events == live.events
    assert again.header == live.header
    assert live_table(again) == live_table(live) == reference_table(live.events)
    assert again.torn is None


def test_at_and_data_are_kept_to_the_second_and_offset(tmp_path: Path) -> None:
    kolkata = timezone(timedelta(hours=5, minutes=30))
    events = [
        Event(1, datetime(1876, 8, 2, 16, 10, 59, tzinfo=kolkata), 0, "tally.added",
              {"name": "Bill", "amount": 5, "nested": {"list": [1, 2.5, "x"], "ok": True}}, 1),
        Event(2, datetime(1876, 8, 2, 16, 11), 0, "note", {"text": "a\nb", "about": []}, 2),
    ]
    header = new_header("tally", "Deadwood", 5, datetime(1876, 8, 1, tzinfo=kolkata))
    with JournalStore.create(tmp_path / "d.toml", header, events) as store:
        loaded = store.load()
    assert loaded.events == events
    assert loaded.events[0].at.utcoffset() == timedelta(hours=5, minutes=30)
    assert loaded.events[1].at.tzinfo is None
    assert loaded.header == header


def test_split_blocks_frames_one_block_per_event_whatever_the_text(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    campaign = new_campaign(path)
    campaign.note("sneaky\n[[event]]\nseq = 99\n")
    campaign.execute(Roll("Ann", (1, 2)))
    campaign.close()
    header, blocks = split_blocks(path.read_bytes())
    assert header.startswith(b"[campaign]\n")
    assert [line for line, _ in blocks] == [8, 15, 23]
    assert all(chunk.startswith(b"[[event]]\n") and chunk.endswith(b"}\n\n") for _, chunk in blocks)
    assert b"step_size = 2\n" in blocks[1][1]


def test_create_never_overwrites_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(b"my precious notes\n")
    with pytest.raises(JournalError, match="already exists; it was left alone"):
        JournalStore.create(path, new_header("tally", "T", 1))
    assert files(tmp_path) == {"t.toml": b"my precious notes\n"}
    (tmp_path / "link.toml").symlink_to(tmp_path / "nowhere.toml")
    with pytest.raises(JournalError, match="already exists"):
        JournalStore.create(tmp_path / "link.toml", new_header("tally", "T", 1))
    with pytest.raises(JournalError, match="folder does not exist"):
        JournalStore.create(tmp_path / "no" / "t.toml", new_header("tally", "T", 1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "t.toml"]


def test_a_new_journal_gets_the_permissions_of_any_new_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_bytes(b"")
    new_campaign(tmp_path / "t.toml").close()
    assert (tmp_path / "t.toml").stat().st_mode == (tmp_path / "plain").stat().st_mode


def test_create_works_where_hard_links_are_not_allowed(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*_: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    campaign = new_campaign(tmp_path / "fat.toml")
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert reopen(tmp_path / "fat.toml").state.tallies == {"Zeke": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fat.toml", "fat.toml.lock"]
    with pytest.raises(JournalError, match="already exists"):
        JournalStore.create(tmp_path / "fat.toml", new_header("tally", "T", 1))


# -- files that are not journals -------------------------------------------------------------

HEADER = (b'[campaign]\nformat = 1\ngame = "tally"\nname = "T"\n'
          b"created = 2026-11-22T17:00:00+00:00\nseed = 1\n\n")


def block(seq: int, data: bytes = b'{ name = "Zeke", amount = 1 }', *, extra: bytes = b"",
          session: bytes = b"0") -> bytes:
    return (b"[[event]]\nseq = " + str(seq).encode() + b"\nat = 2026-11-22T17:01:00+00:00\n"
            b"session = " + session + b'\nkind = "tally.added"\n' + extra + b"data = " + data
            + b"\n\n")


NOT_JOURNALS = {
    "garbage": (b"\x00\x01 this is not toml at all", 1, "not a gmscreen journal"),
    "latin-1": (b'[campaign]\nname = "Caf\xe9"\n', 2, "not UTF-8"),
    "empty": (b"", 1, "there is no [campaign] table"),
    "other toml": (b'[settings]\ntheme = "dark"\n', 1, "there is no [campaign] table"),
    "campaign not a table": (b'campaign = "x"\n', 1, "there is no [campaign] table"),
    "newer format": (HEADER.replace(b"format = 1", b"format = 9"), 2, "format 9 by a newer"),
    "format zero": (HEADER.replace(b"format = 1", b"format = 0"), 2, "whole number from 1"),
    "format text": (HEADER.replace(b"format = 1", b'format = "1"'), 2, "whole number from 1"),
    "seed text": (HEADER.replace(b"seed = 1", b'seed = "one"'), 6, "'seed' must be a whole"),
    "created a date": (HEADER.replace(b"T17:00:00+00:00", b""), 5, "'created' must be a date"),
    "no name": (HEADER.replace(b'name = "T"\n', b""), 1, "has no 'name'"),
    "events before header": (block(1) + HEADER, 1, "no [campaign] table"),
    "an event line with a comment": (HEADER + b"[[event]]  # first\nseq = 1\n", 8,
                                     "exactly [[event]]"),
    "seq out of order (last)": (HEADER + block(1) + block(3), 16, "seq is 3, expected 2"),
    "seq out of order (first)": (HEADER + block(2) + block(3), 9, "seq is 2, expected 1"),
    "seq a string": (HEADER + block(1).replace(b"seq = 1", b'seq = "1"') + block(2), 9,
                     "'seq' must be a whole number"),
    "seq a bool": (HEADER + block(1).replace(b"seq = 1", b"seq = true") + block(2), 9,
                   "'seq' must be"),
    "session text (last)": (HEADER + block(1) + block(2, session=b'"two"'), 18,
                            "'session' must be"),
    "negative session": (HEADER + block(1, session=b"-1"), 11, "cannot be negative"),
    "at a string": (HEADER + block(1).replace(b"at = 2026-11-22T17:01:00+00:00", b'at = "now"'),
                    10, "'at' must be a date"),
    "data a list (last)": (HEADER + block(1) + block(2, b"[1, 2]"), 20, "'data' must be a table"),
    "bad middle block": (HEADER + block(1) + block(2).replace(b"kind", b"kind kind") + block(3),
                         19, "Expected '='"),
    "no data in a middle block": (HEADER + block(1).replace(b"data = ", b"datum = ") + block(2),
                                  8, "has no 'data'"),
    "step from the future": (HEADER + block(1, extra=b"step = 2\n"), 13, "step must be"),
    "step size one": (HEADER + block(1, extra=b"step_size = 1\n"), 13, "step_size must"),
    "step too short": (HEADER + block(1, extra=b"step_size = 2\n") + block(2), 8,
                       "has 1 events, it says 2"),
    "extra table in a block": (HEADER + block(1) + b"[other]\nx = 1\n\n" + block(2), 15,
                               "only its event, not 'other'"),
    "invalid utf-8 in the middle": (HEADER + block(1, b'{ name = "\xff" }') + block(2), 13,
                                    "not UTF-8"),
    "deep nesting in the middle": (HEADER + block(1, b"{ a = " * 1000 + b"1" + b" }" * 1000)
                                   + block(2), 13, "nested too deeply"),
    "a number too long": (HEADER + block(1, b"{ n = " + b"7" * 5000 + b" }") + block(2), 13,
                          "cannot be read"),
}


@pytest.mark.parametrize("name", list(NOT_JOURNALS))
def test_a_file_that_is_not_a_journal_is_refused_naming_the_line(tmp_path: Path,
                                                                  name: str) -> None:
    raw, line, words = NOT_JOURNALS[name]
    path = tmp_path / "bad.toml"
    path.write_bytes(raw)
    for writable in (True, False):
        with pytest.raises(JournalError) as caught:
            reopen(path, writable=writable)
        assert str(caught.value).startswith(f"{path}:{line}: "), str(caught.value)
        assert words in str(caught.value)
        assert caught.value.line == line
        assert files(tmp_path) == {"bad.toml": raw}
    # the lock was let go: a good open of another file in the folder is not disturbed
    with JournalStore.open(path) as store:
        assert store.writable


def test_a_history_that_does_not_fit_is_refused_naming_the_line(tmp_path: Path) -> None:
    undo = (b'[[event]]\nseq = 2\nat = 2026-11-22T17:01:00+00:00\nsession = 0\nkind = "undo"\n'
            b"data = { steps = [7] }\n\n")
    path = tmp_path / "t.toml"
    path.write_bytes(HEADER + block(1) + undo)
    with pytest.raises(JournalError, match=rf"^{re.escape(str(path))}:15: undo 2 does not take"):
        reopen(path)
    assert path.read_bytes() == HEADER + block(1) + undo


def test_a_journal_of_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(HEADER + block(1))
    loaded = JournalStore.open(path, writable=False).load()
    with pytest.raises(JournalError, match="for 'tally', not 'dust'"):
        Campaign.load(type("Dust", (type(RULES),), {"game_id": "dust"})(), loaded, None)


def test_a_byte_order_mark_and_crlf_lines_are_read(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (HEADER + block(1) + block(2)).replace(b"\n", b"\r\n"))
    campaign = reopen(path)
    assert campaign.state.tallies == {"Zeke": 2}
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert reopen(path, writable=False).state.tallies == {"Zeke": 3}


def test_a_hand_edited_last_line_without_newline_is_kept_and_completed(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    raw = HEADER + block(1) + block(2).rstrip(b"\n")
    path.write_bytes(raw)
    assert reopen(path, writable=False).state.tallies == {"Zeke": 2}
    assert path.read_bytes() == raw
    campaign = reopen(path)
    assert campaign.torn is None and path.read_bytes() == raw + b"\n"
    campaign.execute(Add("Ann", 1))
    campaign.close()
    assert reopen(path).state.tallies == {"Zeke": 2, "Ann": 1}


# -- torn tails ------------------------------------------------------------------------------


def last_command_span(raw: bytes) -> tuple[int, int]:
    """Where the last command's blocks start, and where its data line ends (after "}")."""
    _, blocks = split_blocks(raw)
    *_, (_, last) = blocks
    first = len(blocks) - 1
    while b"\nstep = " in blocks[first][1]:
        first -= 1
    start = raw.index(blocks[first][1], len(raw) - sum(len(c) for _, c in blocks[first:]))
    return start, len(raw) - len(last) + last.rindex(b"}") + 1


@pytest.mark.usefixtures("no_fsync")
@pytest.mark.parametrize("command", [Add("Zeke", 12), Roll("Ann", (3, 4, 5)), "note"])
def test_a_torn_tail_at_every_byte_keeps_every_complete_command(tmp_path: Path,
                                                                 command: object) -> None:
    source = tmp_path / "source.toml"
    campaign = new_campaign(source)  # short, as it is read five times for every byte
    campaign.start_session()
    campaign.execute(Roll("Ann", (2, 5)))
    campaign.undo()
    campaign.note("a [b]note[/b]\n")
    complete = list(campaign.events)
    if command == "note":
        campaign.note("the last word")
    else:
        campaign.execute(command)
    everything = list(campaign.events)
    campaign.close()
    raw = source.read_bytes()
    start, data_end = last_command_span(raw)
    work = tmp_path / "cut"
    work.mkdir()
    path = work / "t.toml"
    for cut in range(start, len(raw) + 1):
        for side in work.iterdir():
            side.unlink()
        path.write_bytes(raw[:cut])
        whole = cut >= data_end
        expected = everything if whole else complete
        torn_bytes = b"" if whole or cut == start else raw[start:cut]

        # read only: every complete command, the torn bytes reported and left where they are
        loaded = parse_journal(path, raw[:cut])
        assert loaded.events == expected, cut
        assert (loaded.torn is None) == (torn_bytes == b""), cut
        if loaded.torn is not None:
            assert loaded.torn.size == len(torn_bytes)
            assert loaded.torn.line == raw.count(b"\n", 0, start) + 1
        read_only = reopen(path, writable=False)
        assert read_only.events == expected and read_only.torn == loaded.torn
        assert (read_only.torn is not None) == any("torn" in p for p in read_only.problems())
        assert files(work) == {"t.toml": raw[:cut]}

        # writable: the torn bytes go to a side file, and appending gives a sound journal
        campaign = reopen(path)
        assert campaign.events == expected
        if torn_bytes:
            assert campaign.torn is not None and campaign.torn.set_aside is not None
            assert campaign.torn.set_aside.read_bytes() == torn_bytes
            assert path.read_bytes() == raw[:start]
        else:
            assert campaign.torn is None
            assert path.read_bytes() in (raw[:cut], raw[:cut] + b"\n")
        campaign.execute(Add("After", 1))
        campaign.close()
        after = reopen(path, writable=False)
        assert after.torn is None and after.events[:-1] == expected
        assert live_table(after) == reference_table(after.events)


def test_zeros_left_by_a_power_cut_are_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    sample_journal(path).close()
    raw = path.read_bytes()
    start, _ = last_command_span(raw)
    for tail in (raw, raw[: start + 30]):
        path.write_bytes(tail + b"\0" * 4096)
        campaign = reopen(path)
        assert campaign.torn is not None and campaign.torn.set_aside is not None
        assert campaign.torn.set_aside.read_bytes() == tail[len(path.read_bytes()):] + b"\0" * 4096
        assert len(campaign.events) == (15 if tail == raw else 13)  # the last roll is 2 events
        campaign.close()


def test_set_aside_files_never_collide(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    sample_journal(path).close()
    raw = path.read_bytes()
    sides = set()
    for number in range(3):
        path.write_bytes(raw + b"[[event]]\nseq = 21\n" + str(number).encode())
        campaign = reopen(path)
        assert campaign.torn is not None and campaign.torn.set_aside is not None
        sides.add(campaign.torn.set_aside)
        campaign.close()
    assert len(sides) == 3 and all(side.parent == tmp_path for side in sides)
    assert path.read_bytes() == raw


# -- the lock --------------------------------------------------------------------------------


def test_a_second_writer_in_this_process_is_refused_and_opens_read_only(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    first = sample_journal(path)
    with pytest.raises(JournalLocked) as caught:
        JournalStore.open(path)
    assert f"pid {os.getpid()}" in caught.value.holder
    assert "already open for writing by gmscreen (pid" in str(caught.value)
    second = reopen(path)
    assert second.read_only and second.locked_by == caught.value.holder
    assert second.read_only_reason is not None and "another program" in second.read_only_reason
    before = path.read_bytes()
    with pytest.raises(RuleError, match="Read only"):
        second.execute(Add("Zeke", 1))
    assert path.read_bytes() == before
    first.execute(Add("Zeke", 1))  # the holder still writes
    first.close()
    second.close()
    third = reopen(path)
    assert not third.read_only and third.locked_by is None
    third.close()


HOLDER = """
import sys
sys.path.insert(0, sys.argv[2])
from pathlib import Path
from gmscreen.journal.store import JournalStore
store = JournalStore.open(Path(sys.argv[1]))
store.load()
print("holding", flush=True)
sys.stdin.readline()
"""


def test_a_second_writer_in_another_process_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    sample_journal(path).close()
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(ROOT)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "holding\n"
        with pytest.raises(JournalLocked, match=f"pid {child.pid} on "):
            JournalStore.open(path)
        campaign = reopen(path)
        assert campaign.read_only and f"pid {child.pid}" in (campaign.locked_by or "")
        campaign.close()
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=30)
    reopen(path).close()  # the lock ends with the process that held it


def test_a_journal_that_cannot_be_written_opens_read_only(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.toml"
    sample_journal(path).close()
    real_open = os.open

    def read_only_disk(file: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(file, flags, *args)

    monkeypatch.setattr(os, "open", read_only_disk)
    campaign = reopen(path)
    assert campaign.read_only and campaign.not_writable is not None
    assert "cannot be locked for writing: Permission denied" in campaign.not_writable
    with pytest.raises(RuleError, match="Permission denied; nothing was saved"):
        campaign.note("hello")


# -- another program changing the file -------------------------------------------------------


def test_a_file_replaced_by_an_editor_is_not_written_behind_its_back(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    campaign = sample_journal(path)
    edited = path.read_bytes().replace(b"Line one", b"Line ONE")
    copy = tmp_path / "copy.toml"
    copy.write_bytes(edited)
    os.replace(copy, path)  # what an editor's "save" does
    state, events = campaign.state, list(campaign.events)
    with pytest.raises(JournalWriteError, match="another program changed the journal"):
        campaign.execute(Add("Zeke", 1))
    assert path.read_bytes() == edited
    assert campaign.state == state and campaign.events == events
    campaign.close()


def test_a_file_replaced_before_it_is_loaded_is_the_one_read_and_written(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    sample_journal(path).close()
    store = JournalStore.open(path)
    copy = tmp_path / "copy.toml"
    copy.write_bytes(path.read_bytes().replace(b"Line one", b"Line ONE"))
    os.replace(copy, path)
    campaign = Campaign.load(RULES, store.load(), store)
    assert "Line ONE" in campaign.events[12].data["text"]
    campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert reopen(path, writable=False).events == campaign.events


def test_bytes_added_by_another_program_stop_further_appends(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    campaign = sample_journal(path)
    with open(path, "ab") as sneaky:
        sneaky.write(b"# a comment\n")
    before = path.read_bytes()
    with pytest.raises(JournalWriteError, match="Close it and open it again"):
        campaign.note("lost?")
    assert path.read_bytes() == before
    campaign.close()
    reopened = reopen(path)
    reopened.note("not lost")
    assert reopen(path, writable=False).events[-1].data["text"] == "not lost"
