"""Names as the table reads them. Model names are unique so the log is never ambiguous, but
the check compared the letters as stored: "slim" beside Slim, or "Slim" holding a
zero-width space, was taken, and the log, the tabs and the recap then told two models by
one name. Players and posses are counted by name too (the games each player won, each
posse's wins in the recap), so "leon" beside Leon split one player's games in two.
Each is refused naming the name it reads as."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    EditModel,
    LoadScenario,
    NamePosse,
    Recruit,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.journal.events import NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import fill, refusal_shown, synchronous, to_tab

ZERO_WIDTH_SPACE, WORD_JOINER, BYTE_ORDER_MARK = "\u200b", "\u2060", "\ufeff"


def single_games() -> Table:
    return Table(ChooseFormat(Format.SINGLE), Recruit("red", "Slim", 8, 1, ("pistol",)))


@pytest.mark.parametrize("name", [
    "slim", "SLIM", f"Sli{ZERO_WIDTH_SPACE}m", f"Slim{WORD_JOINER}", f"{BYTE_ORDER_MARK}Slim",
    "\uff33\uff4c\uff49\uff4d",  # Slim in full-width letters
    "Sl\u00adim",  # a soft hyphen, unseen
])
def test_a_name_that_reads_as_another_models_is_refused(name: str) -> None:
    table = single_games()
    with pytest.raises(RuleError) as caught:
        table.do(Recruit("black", name, 8, 1, ("pistol",)))
    assert (caught.value.rule, caught.value.field) == ("Names", "name")
    assert "already a model called Slim" in str(caught.value)
    assert [m.name for m in table.state.models()] == ["Slim"]


def test_a_name_of_unseen_characters_alone_is_no_name() -> None:
    table = single_games()
    with pytest.raises(RuleError, match="needs a name"):
        table.do(Recruit("black", f"{ZERO_WIDTH_SPACE} {WORD_JOINER}", 8, 1, ("pistol",)))


def test_an_edit_may_change_a_names_case_but_not_take_anothers() -> None:
    table = single_games()
    table.do(Recruit("black", "Slim Jim", 8, 1, ("pistol",)))
    with pytest.raises(RuleError, match="already a model called Slim"):
        table.do(EditModel("Slim Jim", "slim", ("pistol", "brawling"), False))
    table.do(EditModel("Slim", "SLIM", ("pistol", "brawling"), False))
    assert [m.name for m in table.state.models()] == ["SLIM", "Slim Jim"]


def test_a_player_written_otherwise_than_as_named_is_refused() -> None:
    """Leon plays red; black typed as "leon" would count his games under two names."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"))
    for typed in ("leon", f"Le{ZERO_WIDTH_SPACE}on"):
        with pytest.raises(RuleError) as caught:
            table.do(NamePosse("black", "The Shooter", typed))
        assert (caught.value.rule, caught.value.field) == ("Player", "player")
        assert "reads as Leon" in str(caught.value)
    # the same player on both sides (swapping one side at a time) is the same name
    table.do(NamePosse("black", "The Shooter", "Leon"))
    assert table.state.black.player == "Leon"
    # a posse's own player may have the case put right while no game is counted for them
    table.do(NamePosse("black", "The Shooter", "Stephen"))
    table.do(NamePosse("red", "The Oaf", "LEON"))
    assert table.state.red.player == "LEON"


def test_a_player_who_won_a_game_keeps_the_name_it_was_counted_under() -> None:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))  # Leon's red wins game 1
    with pytest.raises(RuleError, match="'leon' reads as Leon"):
        table.do(NamePosse("red", "The Oaf", "leon"))


def test_the_two_posses_are_not_given_one_name() -> None:
    """The recap counts each posse's wins by its name: two of one name would be one."""
    table = Table(LoadScenario("duel-between-rivals"))
    with pytest.raises(RuleError) as caught:
        table.do(NamePosse("black", "the oaf"))
    assert (caught.value.rule, caught.value.field) == ("Names", "name")
    assert "the red posse is called The Oaf" in str(caught.value)


def test_check_finds_two_models_whose_names_read_alike() -> None:
    """A journal written before the check compared names as read may hold both."""
    table = single_games()
    made = RULES.decide(table.state, Recruit("black", "Slim Jim", 8, 1, ("pistol",)))
    table._fold([NewEvent(made[0].kind, {**made[0].data, "name": "slim"})])
    assert RULES.problems(table.state) == ["two models are called Slim"]


@synchronous
async def test_the_recruit_form_refuses_a_name_that_reads_as_another(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "names.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(Recruit("red", "Slim", 8, 1, ("pistol",)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "r", name="slim", colour="black")
        form = refusal_shown(app, "Names")
        assert "already a model called Slim" in form.refusal
    assert [m.name for m in campaign.state.models()] == ["Slim"]
