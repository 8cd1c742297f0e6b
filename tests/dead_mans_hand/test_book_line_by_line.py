"""Round 16: the book walked from its first line to its last, each rule checked from outside
(tmux at 80x24 and 200x50, read back by replay, log, recap, show and check). What it found
wrong, each named by its line in the book (../shared/seeds/002_ab9b051b2058633a.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand.commands import (
    Dismiss,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import move_form
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import (
    Table,
    deploy_all,
    model,
    new_campaign,
    showdown_game_one,
)
from tests.dead_mans_hand.test_conflict_lines import duel
from tests.pilot import about, opened, screen_text, synchronous, to_tab, until

#: the glossary's words for Move, every model's: a civilian's stand and a Queen's use are
#: not what they say
EVERY_MODELS = "Stand still (Long Shot allowed)"


def said_whole(app: GmScreenApp, words: str) -> bool:
    """Whether the screen holds `words` whole, read across the form's lines as they wrap
    (nothing cut off with an ellipsis in the form's room for them)."""
    lines = (line.strip().strip("█").strip() for line in screen_text(app).splitlines())
    return words in " ".join(line for line in lines if line)


def test_a_civilians_move_form_says_its_stand_reaches_the_normal_range() -> None:
    """Lines 47, 65: a civilian who does not move shoots at Normal range, never at Long
    Shot. The options of the move form said so ("Stand still: Normal range allowed"), while
    the words under the field, the glossary's for every model, began "Stand still (Long
    Shot allowed)" to the Dealer moving Doc."""
    said = about(move_form(model("Doc", "red", civilian=True)), "move")
    assert said.startswith("A civilian standing still reaches its Normal range")
    assert "after a move, its Civilian range" in said
    assert "Long Shot allowed" not in said
    assert about(move_form(model("Slim", "red")), "move") == ""  # the glossary's, as before


def test_under_a_queen_the_move_form_says_how_long_the_queen_lasts() -> None:
    """Lines 112, 344: a Queen stops the loser attacking at its next use, and answering an
    attack until that use is over. Under it the move form's options name only how far each
    move goes, and the words under the field were the glossary's ("Long Shot allowed", "one
    card fewer"), promises of an attack it may not make; the Dealer wants to know when the
    Queen comes off."""
    said = about(move_form(model("Sly Shooter", "black", shaken=True)), "move")
    assert said == ("The Queen lasts this use only: it may attack at its next, and answer "
                    "attacks once this one is over.")
    both = about(move_form(model("Sly Shooter", "black", shaken=True, pinned=True)), "move")
    assert both.startswith("The Jack lasts this use only") and "The Queen lasts" in both
    # leaving by a table edge says where the move takes it, as before
    leaving = about(move_form(model("Sly Shooter", "black", shaken=True), leaving=True),
                    "move")
    assert leaving.startswith("The move that takes it off the table")


@synchronous
async def test_u_under_a_queen_shows_when_it_comes_off(tmp_path: Path) -> None:
    """The check as played: the Oaf's Q♥ on the Sly Shooter, then `u` on the Shooter at
    80x24."""
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("Qh", "2s")), PlayResult("Qh"))
    shooter = campaign.state.find("Sly Shooter")
    assert shooter is not None and shooter.shaken
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await until(pilot, lambda: "The Queen lasts this use only" in screen_text(app))
        assert said_whole(app, "The Queen lasts this use only: it may attack at its next, and "
                          "answer attacks once this one is over.")
        assert EVERY_MODELS not in screen_text(app)


@synchronous
async def test_u_on_a_civilian_shows_its_reach_whole_at_80x24(tmp_path: Path) -> None:
    """The check as played: the sample showdown placed, red first, `u` on Doc, the
    Callahan Gang's civilian: the words under the field end whole in the form's room."""
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*showdown_commands(), SetUpGame("5h")):
        campaign.execute(command)
    deploy_all(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.query_one("#models", DataTable)
        table.focus()
        table.move_cursor(row=table.get_row_index("Doc"))
        await pilot.pause()
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await until(pilot, lambda: "How does Doc move?" in screen_text(app))
        shown = screen_text(app)
        assert said_whole(app, "A civilian standing still reaches its Normal range where "
                          "others reach the Long Shot (its rifle, 50 yards); after a move, "
                          "its Civilian range, and no rifle.")
        assert EVERY_MODELS not in shown


def test_between_a_showdowns_games_a_recruit_is_refused_saying_why() -> None:
    """Line 126: a showdown's posse is the eight it starts with. Between its games `r`
    read "Order of play: cannot recruit between games", as though another moment would do;
    it says the posses built fight the showdown to its end, and what begins another."""
    table = showdown_game_one()  # red won game 1; Stubby's draw is still to come
    assert table.state.phase is Phase.AFTER_GAME
    with pytest.raises(RuleError, match=(
            "Order of play: cannot recruit between games: a Dramatic Showdown is fought to "
            "its end by the posses built for it; once it is won, New match \\(on the "
            "Characters tab\\) begins another")):
        table.do(Recruit("red", "Deputy", 8, 1, ("shotgun",)))
    with pytest.raises(RuleError, match="cannot dismiss a model between games: a Dramatic "
                                        "Showdown is fought to its end"):
        table.do(Dismiss("Slim"))


def test_during_a_game_the_words_are_as_before() -> None:
    """The reason is said only where it is the showdown that keeps the posse: during a
    game the game does."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    assert table.state.phase is Phase.PLAYING
    with pytest.raises(RuleError) as refused:
        table.do(Recruit("red", "Deputy", 8, 1, ("shotgun",)))
    assert refused.value.message == "cannot recruit during a game"


@synchronous
async def test_n_names_the_player_still_unnamed_after_a_scenario(tmp_path: Path) -> None:
    """Lines 21, 27: the players choose their sides. A scenario names both posses, so `N`
    opened on the posse of the table the keyboard is in, red, again and again: with Leon
    named for red, the next N opened on red's form once more, and the Dealer naming
    Stephen had to change its Posse first. It opens on the posse whose player is still
    unnamed, as it does for the posse's name while the posses are built."""
    campaign = new_campaign(tmp_path / "duel.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "N")
        assert shown.values().text("colour") == "red"
        await pilot.press("tab", *"Leon", "enter")
        await until(pilot, lambda: campaign.state.red.player == "Leon")
        shown = await opened(pilot, "N")
        assert (shown.values().text("colour"), shown.values().text("name")) == (
            "black", "The Shooter")
        await pilot.press("tab", *"Stephen", "enter")
        await until(pilot, lambda: campaign.state.black.player == "Stephen")
        # both named: the posse of the table the keyboard is in, as before
        shown = await opened(pilot, "N")
        assert shown.values().text("colour") == "red"
        await pilot.press("escape")
