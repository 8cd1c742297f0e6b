"""A name holding a character that takes no room (a zero-width space, a word joiner, a
byte-order mark), in a journal another program wrote: the forms refuse one as typed, but a
file may bring one in. It reads as another name ("Cora Dalton") and is not that one, so
`gmscreen check` tells it, in every game, naming the event, the name and where the character
stands, and exits 1; a journal without one is looked into no further than its bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.store import holds_unseen
from gmscreen.samples import write_sample


@pytest.mark.parametrize("written", ["Co\u200bra Dalton", "Co\\u200Bra Dalton",
                                     "\ufeffCora Dalton"])
def test_check_tells_a_name_holding_a_character_not_shown(
        written: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    text = path.read_text(encoding="utf-8")
    assert '"Cora Dalton"' in text
    path.write_text(text.replace('"Cora Dalton"', f'"{written}"'), encoding="utf-8")
    before = path.read_bytes()
    assert cli.main(["check", str(path)]) == 1
    said = capsys.readouterr().out
    code, where = (("U+FEFF", "at its start") if written.startswith("\ufeff")
                   else ("U+200B", "after 'Co'"))
    lines = [line for line in said.splitlines() if "not shown" in line]
    assert len(lines) == 1, said  # once, at the first event that names him
    assert f"holds a character that is not shown ({code}, {where})" in lines[0]
    assert "it reads as another name" in lines[0] and "fistful." in lines[0]
    assert path.read_bytes() == before


def test_a_journal_without_one_is_not_looked_into(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    assert not holds_unseen(path.read_bytes())
    assert cli.main(["check", str(path)]) == 0
    assert "not shown" not in capsys.readouterr().out
    # a zero-width joiner makes one emoji of two: not a character nobody sees
    assert not holds_unseen("🏳\u200d🌈".encode())
    assert holds_unseen("a\u2060b".encode()) and holds_unseen(b'"\\U0000FEFF"')
