"""Control characters in a journal are shown, never obeyed (issue 16): an escape sequence or
a bidi override in a character's name, a note or the campaign's name reaches no screen and
no printed line as a raw control character; typed, it is refused."""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.core.text import controls_in
from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.pilot import screen_text, to_tab

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p.stem for p in (ROOT / "campaigns").glob("*.toml"))
HOSTILE = "\\u001b[31mR\\u001b]0;pwned\\u0007\\u202e\\u009b2J"


def hostile_copy(sample: str, folder: Path) -> Path:
    """The sample with its campaign's name, one character's name (everywhere it stands)
    and a note made hostile."""
    text = (ROOT / "campaigns" / f"{sample}.toml").read_text(encoding="utf-8")
    text = re.sub(r'(\[campaign\][^\[]*?name = ")([^"]*)"',
                  lambda m: f'{m.group(1)}{m.group(2)}{HOSTILE}"', text, count=1, flags=re.S)
    named = re.search(r'\bname = "([^"\\]{3,})"', text.split("[[event]]", 1)[1])
    if named:
        text = text.replace(f'"{named.group(1)}"', f'"{named.group(1)}{HOSTILE}"')
    path = folder / f"{sample}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_log_and_replay_print_no_control_character(
        sample: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_copy(sample, tmp_path)
    for words in (["log", str(path)], ["replay", str(path)], ["check", str(path)]):
        assert cli.main(words) in (0, 1)
        printed = capsys.readouterr()
        assert controls_in(printed.out, lines=True) == [], words
    assert "␛[31mR" in str(open_campaign(path, rules_for, cache=False).header.name)


async def _every_tab(path: Path) -> str:
    app = GmScreenApp(open_campaign(path, rules_for, cache=False))
    shown = []
    async with app.run_test(size=(120, 40)) as pilot:
        for number in range(1, len(app.screen_stack[0].titles) + 1):  # type: ignore[attr-defined]
            await to_tab(pilot, str(number))
            shown.append(screen_text(app))
    return "\n".join(shown)


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES)
def test_every_tab_of_every_sample_shows_hostile_names_as_text(
        sample: str, tmp_path: Path) -> None:
    shown = asyncio.run(_every_tab(hostile_copy(sample, tmp_path)))
    assert controls_in(shown, lines=True) == []
    assert "␛[31mR" in shown  # the name is there, shown


def test_a_name_or_note_typed_with_a_control_character_is_refused(tmp_path: Path) -> None:
    shutil.copy(ROOT / "campaigns" / "the-hanged-man.toml", tmp_path / "c.toml")
    campaign = open_campaign(tmp_path / "c.toml", rules_for, cache=False)
    with pytest.raises(RuleError, match="control character"):
        campaign.note("Jim\x1b[2J is alive")
    campaign.close()
