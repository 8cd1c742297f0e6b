"""A Dealer's mistakes (round 12): a session played at 80x24 with the slips a Dealer makes
under pressure (a name typed twice, a session ended mid-activation, a journal mended by
hand), each refused in the game's words or put right as if it had never been made."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, Attack, ChooseSetUp, FoundGang
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.test_third_look import focused_on, fresh
from tests.pilot import fill, refusal_shown, screen_text, synchronous, to_tab, until


def plain(app: GmScreenApp) -> str:
    return screen_text(app).replace("\u00a0", " ")


@synchronous
async def test_a_session_ended_by_mistake_mid_activation_undone_gives_the_model_back_its_row(
        tmp_path: Path) -> None:
    """Eli Crane activates and shoots; the Dealer ends the session leaving the game off,
    then ctrl+z. The tab came back with the cursor where the game-over table had left it:
    the odds line read "Next card for Ma Hendry" and t would have tested her, where before
    the mistake it was Eli Crane's. After the undo the activating model has the row again."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign_.execute(Activate("Eli Crane"))
    campaign_.execute(Attack("Eli Crane", "Ma Hendry"))
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert "Next card for Eli Crane" in plain(app)
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await fill(pilot, what="abandon")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
        assert "No game is being played" in plain(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.pause()
        shown = plain(app)
        assert "Eli Crane is activating" in shown, shown
        assert "Next card for Eli Crane" in shown, shown
        assert " Eli Crane " in shown  # its row in sight
    campaign_.close()


@synchronous
async def test_a_second_gang_founded_under_the_first_gang_s_name_is_refused(
        tmp_path: Path) -> None:
    """Founding the second gang, the Dealer typed the first gang's name again (or the same
    in another case): both gangs were "[/]", and the status read "[/] (Ann): 0 of 10
    models. [/] (Bob): 0 of 10 models". Renaming a gang refused it; founding one did not.
    Now the Found a gang form refuses it, naming the gang, the cursor on the gang's name,
    the journal's bytes unchanged."""
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("[bold]Ann[/]", "[/]"))
    journal = tmp_path / "fresh.toml"
    before = journal.read_bytes()
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "o", player="Bob", name="[/]")
        refused = refusal_shown(app, "Gangs")
        assert "[bold]Ann[/]'s gang is called [/]" in refused.refusal, refused.refusal
        await until(pilot, focused_on(form, "name"))
        assert journal.read_bytes() == before
        await pilot.press("ctrl+a", "ctrl+k", *"The Boys", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert [g.name for g in campaign_.state.gangs] == ["[/]", "The Boys"]
    campaign_.close()


def test_a_gang_s_name_in_another_case_is_the_same_name(tmp_path: Path) -> None:
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("Ann", "The Regulators"))
    with pytest.raises(RuleError) as refused:
        campaign_.execute(FoundGang("Bob", "the regulators"))
    assert refused.value.field == "name"
    assert str(refused.value) == ("Gangs: Ann's gang is called The Regulators: the regulators "
                                  "would be said as the same name")
    campaign_.close()
