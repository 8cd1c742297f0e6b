"""The kinds of events by their readable names: in the log's filter, and as every game's
kinds are named."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Select

from gmscreen.games import GAMES, rules_for
from gmscreen.journal import clocks, freeroll
from gmscreen.journal.kinds import kind_name, kinds_by_name
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log import EncounterLog
from tests.ui.support import played, synchronous, to_tab, until
from tests.ui.test_log import seqs


# the rules of the naming, on kinds no game names itself (a game may, `name=`)
@pytest.mark.parametrize(("kind", "name"), [
    ("a_game.cards_dealt", "Cards dealt"),
    ("a_game.clock_moved", "Clock moved"),
    ("a_game.npc_added", "NPC added"),
    ("a_game.xp_spent", "XP spent"),
    ("note", "Note"),
    ("session.start", "Session begun"),
    ("session.end", "Session ended"),
    ("undo", "Undo"),
    ("clock.ticked", "Clock ticked"),
    ("free.rolled", "Free roll"),
    ("tally.added", "Added"),
])
def test_a_kind_is_named_in_words(kind: str, name: str) -> None:
    assert kind_name(kind) == name


@pytest.mark.parametrize("game", list(GAMES))
def test_every_kind_of_every_game_has_a_name_without_ids(game: str) -> None:
    rules_for(game)  # every kind registered
    events = importlib.import_module(f"gmscreen.games.{game.replace('-', '_')}.events")
    kinds = [*events.KINDS.kinds, *clocks.KINDS.kinds, *freeroll.KINDS.kinds]
    names = [name for name, _ in kinds_by_name(set(kinds))]
    assert len(set(names)) == len(kinds)  # told apart
    for name in names:
        assert "_" not in name and "." not in name and name[0].isupper(), name
    assert names == sorted(names, key=str.casefold)


def test_a_game_names_a_kind_whose_ids_words_are_not_its_own(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    # "Model deployed" beside lines that say "placed", on a tab that says "place" everywhere
    from gmscreen.cli import main
    from tests.dead_mans_hand.test_fit import placed

    campaign = placed(tmp_path / "showdown")
    campaign.close()
    assert kind_name("dead_mans_hand.model_deployed") == "Model placed"
    assert main(["log", str(campaign.path), "--kind", "Model placed"]) == 0
    shown = capsys.readouterr().out
    assert "is placed" in shown and "recruited" not in shown
    assert main(["log", str(campaign.path), "--kind", "model_deployed"]) == 0  # the id still
    assert capsys.readouterr().out == shown


def test_two_kinds_of_one_name_are_told_apart_by_their_ids() -> None:
    assert kinds_by_name({"fistful.clock_ticked", "clock.ticked", "note"}) == [
        ("Clock ticked (clock.ticked)", "clock.ticked"),
        ("Clock ticked (fistful.clock_ticked)", "fistful.clock_ticked"),
        ("Note", "note")]


@synchronous
async def test_the_filter_offers_kinds_by_name_and_keeps_the_one_chosen(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = app.screen.query_one(EncounterLog)
        kind = log.query_one("#log-kind", Select)
        offered = [(str(prompt) if isinstance(prompt, Text) else prompt, value)
                   for prompt, value in kind._options[1:]]  # after "Every kind"
        assert offered == [("Added", "tally.added"), ("Note", "note"),
                           ("Rolled", "tally.rolled"), ("Session begun", "session.start"),
                           ("Session ended", "session.end"), ("Undo", "undo")]
        # by keys: f, then along the filters to the kind, the second choice: Note
        await pilot.press("f", "tab", "tab")
        await until(pilot, lambda: kind.has_focus)
        await pilot.press("enter")
        await until(pilot, lambda: kind.expanded)
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: seqs(log.view.lines) == ["S0", 1, "S1", 9])
        assert kind.value == "note"
