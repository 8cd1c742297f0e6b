"""The progress bar `gmscreen` shows on the terminal while a large journal is first read."""

from __future__ import annotations

import io
from pathlib import Path
from unittest import mock

from gmscreen.cli import ReadingBar
from gmscreen.journal import store
from gmscreen.journal.campaign import open_campaign
from tests.journal.support import sample_journal, tally_rules
from tests.tally import Add


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def big_journal(path: Path) -> Path:
    campaign = sample_journal(path)
    for amount in range(300):
        campaign.execute(Add("Zeke", amount))
    campaign.close()
    return path


def test_a_slow_open_shows_reading_then_replaying_and_leaves_nothing(
    tmp_path: Path, no_fsync: None
) -> None:
    path = big_journal(tmp_path / "[bold]Big.toml")
    terminal = Terminal()
    bar = ReadingBar(terminal, path.name, after=0)
    with mock.patch.object(store, "FAST_CHUNK", 20), \
            mock.patch("gmscreen.journal.campaign.PROGRESS_EVERY", 20):
        campaign = open_campaign(path, tally_rules, writable=False, progress=bar, cache=False)
    shown = terminal.getvalue()
    bar.close()
    campaign.close()
    assert "Reading [bold]Big.toml" in shown  # the name as typed, not as markup
    assert "Replaying the events of [bold]Big.toml" in shown
    assert shown.index("Reading") < shown.index("Replaying") and "100%" in shown


def test_a_quick_open_or_no_terminal_shows_nothing(tmp_path: Path, no_fsync: None) -> None:
    path = big_journal(tmp_path / "big.toml")
    for stream, after in ((Terminal(), 60.0), (io.StringIO(), 0.0)):
        bar = ReadingBar(stream, path.name, after=after)
        open_campaign(path, tally_rules, writable=False, progress=bar, cache=False).close()
        bar.close()
        assert stream.getvalue() == ""
