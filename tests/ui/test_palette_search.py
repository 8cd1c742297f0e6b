"""The palette finds a command by its title, as Textual does, and by the words of its help
below those (gmscreen/ui/palette.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.palette import FOUND_IN_HELP, StepsProvider, says
from tests.pilot import synchronous

SAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def test_every_word_typed_must_begin_a_word_of_the_help() -> None:
    help_text = "The narrator hands Difficulty to anyone, as the book allows"
    assert says(help_text, "difficulty")
    assert says(help_text, "NARR hand")  # beginnings of words, in any case
    assert not says(help_text, "ator")  # inside a word: not found
    assert not says(help_text, "hands wound")  # every word typed
    assert not says(help_text, "")
    assert not says(help_text, "a+")  # typed text is not a pattern


@synchronous
async def test_a_step_is_found_by_its_help_below_the_titles_found(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLES / "the-hanged-man.toml", tmp_path / "the-hanged-man.toml")
    app = GmScreenApp(open_campaign(tmp_path / "the-hanged-man.toml", rules_for))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        provider = StepsProvider(app.screen)

        async def found(query: str) -> list[tuple[str, float]]:
            hits = [hit async for hit in provider.search(query)]
            return [(str(hit.text), hit.score) for hit in
                    sorted(hits, key=lambda hit: hit.score, reverse=True)]

        # "newest" is in Undo's help ("Take back the newest step"), not in its title: it
        # is found, ranked below any title found
        assert ("Undo", FOUND_IN_HELP) in await found("newest")
        scored = dict(await found("note"))
        assert scored["Add a note"] > FOUND_IN_HELP


@synchronous
async def test_the_steps_of_the_tab_shown_come_first_where_the_words_fit_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "draw" on the Conflict tab listed the shell's Free draw first, and Enter took a
    # journaled free draw where the turn's Draw was meant (Devils Bluff's round 27 helper)
    from gmscreen.ui import palette

    shutil.copyfile(SAMPLES / "the-hanged-man.toml", tmp_path / "the-hanged-man.toml")
    app = GmScreenApp(open_campaign(tmp_path / "the-hanged-man.toml", rules_for))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        provider = StepsProvider(app.screen)

        async def first(query: str) -> str:
            hits = [hit async for hit in provider.search(query)]
            return str(max(hits, key=lambda hit: hit.score).text)

        assert await first("draw") == "Conflict: Draw"
        monkeypatch.setattr(palette, "ON_THIS_TAB", 0)
        assert await first("draw") != "Conflict: Draw"  # the two fit "draw" alike
