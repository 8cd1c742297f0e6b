"""A model laid down by a card typed wrong stands up again from the Edit form, without undoing
the turns played since: line 116 has the players keep each model's hits beside it or on the
sheet, and a table that finds a mark wrong puts the model back where it lay, the card that
never was taken off it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EditModel,
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import editable
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, new_campaign, nothing_hidden_shown
from tests.dead_mans_hand.test_game import LEON_AND_STEPHEN, leon_and_stephen
from tests.pilot import opened, set_field, synchronous, to_tab, until

#: Leon's Apaches against Stephen's Outlaws, placed (`test_game.LEON_AND_STEPHEN`); the
#: sharpshooter turned the 3♥ at the Outlaw (value 6: nothing happens) and the Dealer typed
#: the K♥: the Outlaw lies dead on it. The Rider's turn went on since.
SLIP = (*LEON_AND_STEPHEN, UseModel("Sharpshooter", Move.STILL),
        MakeAttack("Outlaw", "rifle", 30, ("Kh", "2s")), PlayResult("Kh"),
        UseModel("Rider", Move.SLOW), EndTurn())

async def edit_form_of(pilot: Pilot[Any], name: str) -> Form:
    """The Characters tab's Edit form of the model called `name`, opened by its key."""
    await to_tab(pilot, "Characters")
    await pilot.press("tab")  # the black posse's table
    table = pilot.app.screen.focused
    assert isinstance(table, DataTable)
    while str(table.get_row_at(table.cursor_row)[0]) != name:
        await pilot.press("down")
    return await opened(pilot, "e")



def outlaw_laid_down_by_a_slip() -> Table:
    return Table(*SLIP)


def slip_campaign(path: Path, *, session: bool = False) -> Campaign[MatchState]:
    """The slip played in a campaign saved at `path` (in a session begun first, if
    `session`), for the app to open."""
    campaign = new_campaign(path)
    if session:
        campaign.start_session()
    for command in SLIP:
        campaign.execute(command)
    return campaign


def outlaw_stood_up(table: Table | Campaign[MatchState], turned: str | None = None) -> None:
    """The Dealer stands the Outlaw up off the K♥ with his one hit (the card really
    `turned` over named)."""
    do = table.do if isinstance(table, Table) else table.execute
    do(EditModel("Outlaw", "Outlaw", ("pistol", "brawling"), horse=False, hits_left=1,
                 turned=turned))


def rider_laid_down_on(table: Table, coffin: str) -> list[Event]:
    """The Dealer lays the Rider down on `coffin`, as the card that took his last hit."""
    return table.do(EditModel("Rider", "Rider", ("shotgun", "brawling"), horse=True,
                              hits_left=0, coffin=coffin))


def brave_and_rider_on_a_joker() -> Table:
    """The Brave brawls the Rider and turns a Joker: both lie down on it."""
    table = leon_and_stephen()
    table.do(UseModel("Brave", Move.SLOW))
    table.do(MakeAttack("Rider", "brawling", 5, ("*", "2s")))
    table.do(PlayResult("*"))
    return table


def test_a_model_laid_down_by_a_slip_stands_up_with_its_hits_put_right() -> None:
    table = outlaw_laid_down_by_a_slip()
    outlaw = table.model("Outlaw")
    assert (outlaw.status, outlaw.coffin, outlaw.hits_left) == (Status.DOWN, "Kh", 0)
    assert editable(table.state, outlaw).markers  # its hits are offered to put right
    assert table.pack().coffins == ("Kh",)
    outlaw_stood_up(table)
    outlaw = table.model("Outlaw")
    assert (outlaw.status, outlaw.coffin, outlaw.hits_left) == (Status.ON_TABLE, None, 1)
    # the K♥ was turned over all the same: it lies in the discard, no longer a coffin card
    assert table.pack().coffins == () and "Kh" in table.pack().discard
    assert table.state.phase is Phase.PLAYING and table.turn().colour == "red"
    assert RULES.describe(table.events[-1]) == (
        "Outlaw put right: Pistol, Brawling; up from its coffin card K♥, 1 hit left.")
    # he plays on: Stephen may use him on black's next turn
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(EndTurn())
    table.do(UseModel("Outlaw", Move.SLOW))


def test_a_model_still_down_takes_no_markers() -> None:
    table = outlaw_laid_down_by_a_slip()
    before = table.state
    outlaw = table.model("Outlaw")
    with pytest.raises(RuleError, match="lies on its coffin card") as refused:
        table.do(EditModel("Outlaw", "Outlaw", outlaw.weapons, horse=False, pinned=True))
    assert refused.value.field == "hits_left" and table.state == before


def test_a_joker_under_two_stays_a_coffin_card_while_one_lies_on_it() -> None:
    """A Joker lays both down on one card: the one stood up leaves the other on it."""
    table = brave_and_rider_on_a_joker()
    assert {table.model(n).status for n in ("Brave", "Rider")} == {Status.DOWN}
    weapons = table.model("Rider").weapons
    table.do(EditModel("Rider", "Rider", weapons, horse=True, hits_left=1))
    assert table.pack().coffins == ("*",) and "*" not in table.pack().discard
    assert table.model("Brave").coffin == "*"


def test_a_card_that_ended_the_game_is_undone_not_mended() -> None:
    """A slip that laid down a posse's last model won the game: the survivors grew, the
    score moved; mending one model cannot take that back, so the refusal says to undo."""
    duel = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL),
                 MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")), PlayResult("Kh"))
    assert duel.state.phase is Phase.AFTER_GAME
    shooter = duel.model("Sly Shooter")
    with pytest.raises(RuleError, match="undo the card that ended it") as refused:
        duel.do(EditModel("Sly Shooter", "Sly Shooter", shooter.weapons, horse=False,
                          hits_left=1))
    assert refused.value.field == "hits_left"


@synchronous
async def test_e_on_a_model_down_opens_on_its_hits_and_stands_it_up(tmp_path: Path) -> None:
    """At 80x24 the Dealer highlights the Outlaw, down on the K♥, on the Characters tab,
    presses e, types 1 over his 0 hits left and Enter: he is back on the table."""
    campaign = slip_campaign(tmp_path / "slip.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await edit_form_of(pilot, "Outlaw")
        assert shown.values().text("hits_left") == "0"
        assert app.focused is shown.widget_of("hits_left")
        await pilot.press("1", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    outlaw = campaign.state.find("Outlaw")
    assert outlaw is not None and outlaw.status is Status.ON_TABLE


def test_the_right_target_of_an_attack_on_the_wrong_model_is_laid_down_on_its_card() -> None:
    """The sharpshooter's K♥ was for the Rider, not the Outlaw: the Dealer stands the Outlaw
    up and lays the Rider down on the K♥, turned over this game, where the Outlaw lay."""
    table = outlaw_laid_down_by_a_slip()
    outlaw_stood_up(table)
    events = rider_laid_down_on(table, "Kh")
    rider = table.model("Rider")
    assert (rider.status, rider.coffin, rider.hits_left) == (Status.DOWN, "Kh", 0)
    assert table.pack().coffins == ("Kh",) and "Kh" not in table.pack().discard
    assert RULES.describe(events[0]) == (
        "Rider put right: Shotgun, Brawling, a horse; down on its coffin card K♥.")
    assert table.state.phase is Phase.PLAYING


def test_laying_down_needs_a_card_turned_over_this_game() -> None:
    table = outlaw_laid_down_by_a_slip()
    before = table.state
    weapons = table.model("Rider").weapons
    with pytest.raises(RuleError, match="the card that took its last hit") as refused:
        table.do(EditModel("Rider", "Rider", weapons, horse=True, hits_left=0))
    assert refused.value.field == "coffin"
    with pytest.raises(RuleError, match="Q♠ was not turned over this game") as refused:
        table.do(EditModel("Rider", "Rider", weapons, horse=True, hits_left=0, coffin="Qs"))
    assert refused.value.field == "coffin"
    # the K♥ lies under the Outlaw: the Outlaw stands up first
    with pytest.raises(RuleError, match="K♥ lies under Outlaw"):
        table.do(EditModel("Rider", "Rider", weapons, horse=True, hits_left=0, coffin="Kh"))
    assert table.state == before


def test_the_last_of_a_posse_laid_down_ends_the_game() -> None:
    """The Outlaw stood up, the Rider and then the Outlaw laid down: nobody of the black posse
    is left on the table, and the game goes to the Apaches."""
    table = outlaw_laid_down_by_a_slip()
    outlaw_stood_up(table)
    rider_laid_down_on(table, "Kh")
    events = table.do(EditModel("Outlaw", "Outlaw", ("pistol", "brawling"), horse=False,
                                hits_left=0, coffin="2s"))
    assert table.kinds(events) == ["model_edited", "game_won"]
    assert table.state.phase is Phase.AFTER_GAME and table.state.games[-1].winner == "red"


@synchronous
async def test_the_edit_form_lays_the_right_target_down_on_the_card_typed(
        tmp_path: Path) -> None:
    """e on the Rider, 0 over his hit, the K♥ in the Coffin card field, Enter: he lies on it."""
    campaign = slip_campaign(tmp_path / "slip.toml")
    outlaw_stood_up(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await edit_form_of(pilot, "Rider")
        await pilot.press("0")
        set_field(shown, "coffin", "K♥")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    rider = campaign.state.find("Rider")
    assert rider is not None and (rider.status, rider.coffin) == (Status.DOWN, "Kh")


def test_the_edit_key_says_it_puts_hits_right_and_stands_a_model_up() -> None:
    """F1 and the footer's tooltip are where a Dealer looks for the mend."""
    from gmscreen.games.dead_mans_hand.panes.characters import PossesPane

    edit = next(b for b in PossesPane.BINDINGS
                if not isinstance(b, tuple) and b.action == "edit_model")
    assert "hits left" in edit.tooltip and "stands it up" in edit.tooltip


def test_a_coffin_card_typed_wrong_goes_back_to_the_pile_and_the_card_turned_counts() -> None:
    """The table turned the 3♥ and the Dealer typed the K♥: standing the Outlaw up, the
    Dealer names the card really turned. The K♥ never left the table's pile, so it goes back
    to the app's, and the 3♥ lies in the discard; the table's own K♥ is taken when it comes."""
    table = outlaw_laid_down_by_a_slip()
    outlaw_stood_up(table, turned="3♥")
    pack = table.pack()
    assert "Kh" in pack.pile and "Kh" not in pack.discard and pack.coffins == ()
    assert "3h" in pack.discard and "3h" not in pack.pile
    assert RULES.describe(table.events[-1]) == (
        "Outlaw put right: Pistol, Brawling; up from its coffin card K♥, typed for the 3♥ "
        "turned over (the K♥ goes back to the pile), 1 hit left.")
    assert RULES.problems(table.state) == []
    nothing_hidden_shown(table.state)  # the K♥ back in the pile tells nothing of its order
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Rider", "rifle", 30, ("Kh", "4c")))  # the table's own K♥


def test_the_card_turned_must_be_in_the_pile_and_only_off_a_coffin_card() -> None:
    table = outlaw_laid_down_by_a_slip()
    before = table.state
    weapons = table.model("Outlaw").weapons
    # the 9♥ was the card of the set-up: it lies in the discard
    with pytest.raises(RuleError, match="9♥ is not in the pile") as refused:
        table.do(EditModel("Outlaw", "Outlaw", weapons, horse=False, hits_left=1,
                           turned="9h"))
    assert refused.value.field == "turned"
    with pytest.raises(RuleError, match="K♥ is the coffin card itself") as refused:
        table.do(EditModel("Outlaw", "Outlaw", weapons, horse=False, hits_left=1,
                           turned="Kh"))
    assert refused.value.field == "turned"
    rider = table.model("Rider")
    with pytest.raises(RuleError, match="only for a model standing up off its coffin card"):
        table.do(EditModel("Rider", "Rider", rider.weapons, horse=True, turned="3h"))
    with pytest.raises(RuleError, match="not a card"):
        table.do(EditModel("Outlaw", "Outlaw", weapons, horse=False, hits_left=1,
                           turned="3x"))
    assert table.state == before


def test_a_joker_under_another_was_turned_over_all_the_same() -> None:
    table = brave_and_rider_on_a_joker()
    before = table.state
    with pytest.raises(RuleError, match="Joker lies under Brave too") as refused:
        table.do(EditModel("Rider", "Rider", table.model("Rider").weapons, horse=True,
                           hits_left=1, turned="3h"))
    assert refused.value.field == "turned" and table.state == before


@synchronous
async def test_the_edit_form_of_a_model_down_takes_the_card_really_turned(
        tmp_path: Path) -> None:
    campaign = slip_campaign(tmp_path / "slip.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await edit_form_of(pilot, "Outlaw")
        await pilot.press("1")
        set_field(shown, "turned", "3♥")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    assert "Kh" in campaign.state.pack.pile and "3h" in campaign.state.pack.discard


def test_the_last_attack_says_what_was_put_right_since() -> None:
    """The Outlaw stood up: the last attack on the tab and the players' screen still read
    'K♥ played: Outlaw is killed'. It says the correction under it, once."""
    from gmscreen.games.dead_mans_hand import view

    table = outlaw_laid_down_by_a_slip()
    outlaw_stood_up(table, turned="3h")
    lines = view.attack_lines(view.table_knows(table.state))
    assert lines[-1] == "Put right since: Outlaw stands up again (the K♥ was the 3♥)."
    rider_laid_down_on(table, "2s")
    lines = view.attack_lines(view.table_knows(table.state))
    assert lines[-2:] == ["Put right since: Outlaw stands up again (the K♥ was the 3♥).",
                          "Put right since: Rider lies down on the 2♠."]
    # the next attack's box is its own
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("4h", "5s")))
    table.do(PlayResult("5s"))
    assert not any("Put right" in line
                   for line in view.attack_lines(view.table_knows(table.state)))


@pytest.mark.parametrize("dealer", [[], ["--dealer"]])
@pytest.mark.parametrize("fmt", ["txt", "md", "bbcode", "html"])
def test_the_recap_tells_a_correction_once_under_its_own_heading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str,
        dealer: list[str]) -> None:
    """The Outlaw stood up during the game read under "The posses.", as if he were
    recruited again; it is told once, as a thing put right."""
    from gmscreen.cli import main

    path = tmp_path / "slip.toml"
    campaign = slip_campaign(path, session=True)
    outlaw_stood_up(campaign, turned="3h")
    campaign.close()
    assert main(["recap", str(path), "--format", fmt, *dealer]) == 0
    text = capsys.readouterr().out
    assert text.count("typed for the 3♥ turned over") == 1, text
    assert text.count("The posses.") == 1 and "Put right." in text, text
