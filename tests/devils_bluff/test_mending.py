"""The Dealer's mistakes and how they are mended (a seventeenth look): a score is the last
thing resolved; a step taken by mistake is undone and redone in the game's own words, every
screen as it was."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Score
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.shell import ShellScreen
from tests.pilot import from_palette, synchronous, to_tab, until


def test_a_score_is_the_last_thing_resolved(tmp_path: Path) -> None:
    # the table sees the score as what happened just now, as after any other step; the
    # hands laid for the attack before it are no longer the news
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Score("Ma Hendry", 2, "the well"))
    assert view.status_lines(campaign.state)[-1] == "Ma Hendry scores 2 (the well)"
    sections = view.table_sections(view.table_knows(campaign.state))
    just_now = next(s for s in sections if isinstance(s, Lines) and s.title == "Just now")
    assert just_now.lines == ("Ma Hendry scores 2 (the well)",)
    assert campaign.state.laid == ()
    campaign.undo()
    assert "Ma Hendry scores" not in " ".join(view.status_lines(campaign.state))


@synchronous
async def test_the_palette_names_whose_hand_each_key_shows(tmp_path: Path) -> None:
    # ctrl+p listed "Conflict: Hand 1" and "Conflict: Hand 2", bare: whose hand is the
    # first? The names keep "Hand 1" and "Hand 2", the glossary's short forms of Hand
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first, second = campaign.state.players
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        said = {c.title: c.help for c in shell_commands(app, screen)}
        assert said[f"Conflict: Hand 1 ({first}'s)"] == (
            f"Show or hide {first}'s hand, for their eyes only")
        assert said[f"Conflict: Hand 2 ({second}'s)"] == (
            f"Show or hide {second}'s hand, for their eyes only")
        assert "Conflict: Hand 1" not in said
        await from_palette(pilot, f"Conflict: Hand 2 ({second}'s)")
        pane = screen.query_one(ConflictPane)
        await until(pilot, lambda: pane.shown_hand == second)
    campaign.close()
    glossary_hand = find(words_of("gmscreen.games.devils_bluff"), "Hand 1")
    assert glossary_hand is not None and glossary_hand.word == "Hand"
