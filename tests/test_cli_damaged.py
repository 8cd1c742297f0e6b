"""The command line on a journal with a value damaged by hand (an event the game cannot
apply): `log`, `replay` and `recap` print what they can and say on stderr, as `check` does,
that the rest is left out; the log lists the events left out, said so; a replay asked for
one of them says why it cannot be shown. Nothing is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.samples import write_sample

#: the Dalton Boys' first purchase, Cora's Revolver, its cost typed as a word
DAMAGE = ('item = "Revolver", category = "Boutique", dice = [4, 3], cost = 35',
          'item = "Revolver", category = "Boutique", dice = [4, 3], cost = "lots"')


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    path = write_sample(SAMPLES[0], tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.count(DAMAGE[0]) == 1
    path.write_text(text.replace(*DAMAGE), encoding="utf-8")
    return path


def bad_seq(path: Path) -> int:
    """The seq of the damaged event, and how many events the journal holds."""
    text = path.read_text(encoding="utf-8")
    before = text[: text.index('cost = "lots"')]
    return int(re.findall(r"^seq = (\d+)$", before, re.M)[-1])


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(args)
    said = capsys.readouterr()
    return code, said.out, said.err


def log_rows(out: str) -> dict[int, str]:
    """The log table's rows: each seq and its event's words, its wrapped lines joined."""
    rows: dict[int, str] = {}
    seq = 0
    for line in out.splitlines():
        cells = line.split("│")
        if len(cells) != 6:
            continue
        if cells[1].strip():
            seq = int(cells[1])
        rows[seq] = f"{rows.get(seq, '')} {cells[4].strip()}".strip()
    return rows


def events_in(path: Path) -> int:
    return len(re.findall(r"^seq = \d+$", path.read_text(encoding="utf-8"), re.M))


def test_the_log_lists_the_events_left_out_after_those_it_can_tell(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, seq, total = damaged.read_bytes(), bad_seq(damaged), events_in(damaged)
    code, out, err = run(["log", str(damaged)], capsys)
    assert code == 0
    assert f"event {seq} (fistful.bought) cannot be applied: cost should be a whole number" \
        in err and f"({total - seq + 1} events left out)" in err
    rows = log_rows(out)
    assert rows[seq].startswith("Cannot be applied (cost should be a whole number, not str "
                                "'lots', line ")
    assert rows[seq].endswith("): Bought")
    # every event after it has its row, said to be left out, with what it says
    assert list(rows) == list(range(1, total + 1))
    assert [n for n, words in rows.items() if words.startswith("Left out: ")] == list(
        range(seq + 1, total + 1))
    assert rows[seq + 1].startswith("Left out: Cora Dalton buys Box of shells")
    assert not any("Left out" in rows[n] or "Cannot" in rows[n] for n in range(1, seq))
    assert damaged.read_bytes() == before


def test_the_log_s_filters_find_the_events_left_out(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["log", str(damaged), "--search", "shells"], capsys)
    assert code == 0
    assert any(words.startswith("Left out: Cora Dalton buys Box of shells")
               for words in log_rows(out).values())
    # a session only the events left out were played in is a session of this journal, not
    # refused as never played
    code, out, _ = run(["log", str(damaged), "--session", "1"], capsys)
    rows = log_rows(out)
    assert code == 0 and rows and all(words.startswith("Left out: ") for words in rows.values())
    # as is a kind only they have (the posse's purchases, the damaged one first)
    code, out, _ = run(["log", str(damaged), "--kind", "bought"], capsys)
    found = log_rows(out).values()
    assert code == 0 and any(words.startswith("Cannot be applied") for words in found)
    assert any(words.startswith("Left out: Cora Dalton buys") for words in found)


def test_replay_and_recap_say_what_is_left_out(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seq = bad_seq(damaged)
    for args in (["replay", str(damaged)], ["replay", str(damaged), "--json"],
                 ["recap", str(damaged)], ["recap", str(damaged), "--dealer"]):
        code, out, err = run(args, capsys)
        assert code == 0 and out, args
        assert f"event {seq} (fistful.bought) cannot be applied" in err, args


def test_a_replay_to_an_event_left_out_says_why_it_cannot_be_shown(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, seq, total = damaged.read_bytes(), bad_seq(damaged), events_in(damaged)
    code, _, err = run(["replay", str(damaged), "--to", str(seq + 3)], capsys)
    assert code == 2
    assert (f"event {seq + 3} is left out, as event {seq} cannot be applied: the journal "
            f"can be shown up to event {seq - 1}") in err
    code, _, err = run(["replay", str(damaged), "--to", str(total + 1)], capsys)
    assert code == 2
    assert (f"there is no event {total + 1}; the journal has {total}, and event {seq} cannot "
            f"be applied") in err
    code, out, _ = run(["replay", str(damaged), "--to", str(seq - 1)], capsys)
    assert code == 0 and f"after event {seq - 1}" in out
    assert damaged.read_bytes() == before


def test_the_log_s_search_finds_an_event_left_out_by_its_kind_as_the_app_s_log_does(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A search looks in an event's line and its kind's name, whether the event was applied
    or left out, in `gmscreen log` and the app's log alike: "opposed" is in no left-out
    line's words (Tomas Vega wins: ...), only in its kind's name, Opposed test rolled."""
    from gmscreen.cli import _open
    from gmscreen.ui.log_lines import LogFilter, LogIndex, search_words

    campaign = _open(damaged, writable=False)
    try:
        assert campaign.damaged is not None
        opposed = [event.seq for event in campaign.damaged.left
                   if event.kind == "fistful.opposed_test_rolled"]
        assert opposed and not any("opposed" in campaign.describe_left_out(event).casefold()
                                   for event in campaign.damaged.left)
        for words in ("opposed", "morale", "shells bought"):
            in_app = {line.seq for line in LogIndex().lines(
                campaign, LogFilter(search=tuple(search_words(words)))) if line.seq}
            code, out, _ = run(["log", str(damaged), "--search", words], capsys)
            assert code == 0 and set(log_rows(out)) == in_app, words
    finally:
        campaign.close()
    assert in_app
    code, out, _ = run(["log", str(damaged), "--search", "opposed"], capsys)
    assert set(opposed) <= set(log_rows(out))
