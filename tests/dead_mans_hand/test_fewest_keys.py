"""The fewest keys (round 33): the Use form opens on the move the model made at its last use
this game (the book's sharpshooter stands still turn after turn, line 35), a model pinned
by a Jack, left only to stand still (line 110), is used by `u` alone, and as the move passes
to a side the model it used last is highlighted."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.binding import Binding

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane, move_form
from gmscreen.games.dead_mans_hand.panes.keys import CONFLICT_KEYS
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.glossary import words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import deploy_all, down_to, model
from tests.dead_mans_hand.test_conflict_lines import duel
from tests.pilot import Notices, form_up, synchronous, to_tab, until


def opens_on(shown: Form) -> str:
    value = shown.fields[0].value
    assert isinstance(value, str)
    return value


def test_the_move_form_opens_on_the_last_move_where_it_is_still_allowed() -> None:
    assert opens_on(move_form(model("Slim", "red"))) == Move.STILL.value
    used = replace(model("Slim", "red"), last_move=Move.QUICK.value)
    assert opens_on(move_form(used)) == Move.QUICK.value
    # leaving by a table edge needs a move: the last one, unless it was standing still
    assert opens_on(move_form(used, leaving=True)) == Move.QUICK.value
    stood = replace(used, last_move=Move.STILL.value)
    assert opens_on(move_form(stood, leaving=True)) == Move.SLOW.value


@synchronous
async def test_u_then_enter_moves_the_model_as_it_moved_last(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.QUICK), EndTurn(),
                    UseModel("Sly Shooter", Move.STILL), EndTurn())
    oaf = campaign.state.find("Big Oaf")
    assert oaf is not None and oaf.last_move == Move.QUICK.value
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")  # two keys: it read Stand still, and took two more
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use == "Big Oaf")
        turn = campaign.state.turn
        assert turn is not None and turn.move is Move.QUICK
        await pilot.press("ctrl+z")  # undone, the model's last move is as it was
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use is None)
        oaf = campaign.state.find("Big Oaf")
        assert oaf is not None and oaf.last_move == Move.QUICK.value


def test_a_new_game_forgets_the_last_move(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.QUICK),
                    MakeAttack("Sly Shooter", "pistol", 15, ("Kh",)), PlayResult("Kh"),
                    SetUpGame("2h"))
    oaf = campaign.state.find("Big Oaf")
    assert oaf is not None and oaf.last_move == ""


@synchronous
async def test_u_alone_uses_a_model_pinned_by_a_jack(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "2s")), PlayResult("Jh"))
    shooter = campaign.state.find("Sly Shooter")
    assert shooter is not None and shooter.pinned
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("u")  # one key: a form with one choice took Enter as well
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use == "Sly Shooter")
        assert not isinstance(app.screen, Form)
        turn = campaign.state.turn
        assert turn is not None and turn.move is Move.STILL
        assert any("Sly Shooter stands still: pinned by a Jack" in n.message
                   for n in notices.of("information"))
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use is None)
        shooter = campaign.state.find("Sly Shooter")
        assert shooter is not None and shooter.pinned


def wagon(path: Path, *more: object) -> Campaign[MatchState]:
    """Defend the Wagon! (six a side) set up, red first, every model placed, then `more`."""
    store = JournalStore.create(path, new_header("dead-mans-hand", "Fewest keys", 5))
    campaign = Campaign.load(RULES, store.load(), store)
    campaign.execute(LoadScenario("defend-the-wagon"))
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    for command in more:
        campaign.execute(command)
    return campaign


@synchronous
async def test_the_turn_highlights_the_model_its_side_used_last(tmp_path: Path) -> None:
    campaign = wagon(tmp_path / "c.toml", UseModel("Settler 3", Move.STILL), EndTurn(),
                     UseModel("Robber 2", Move.SLOW), EndTurn())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        # the sharpshooter used every turn (line 35): u and Enter, no arrow to reach him
        await until(pilot, lambda: (m := pane._highlighted()) is not None
                    and m.name == "Settler 3")
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use == "Settler 3")
        await pilot.press("e")
        # a posse moved model by model: the next is one row down from the one used last
        await until(pilot, lambda: (m := pane._highlighted()) is not None
                    and m.name == "Robber 2")
        await pilot.press("down", "u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use == "Robber 3")
        turn = campaign.state.turn
        assert turn is not None and turn.move is Move.STILL  # Robber 3's first use


@synchronous
async def test_a_side_whose_last_model_is_down_starts_on_its_first(tmp_path: Path) -> None:
    campaign = wagon(tmp_path / "c.toml", UseModel("Settler 3", Move.STILL), EndTurn(),
                     UseModel("Robber 2", Move.STILL),
                     MakeAttack("Settler 3", "pistol", 20, ("Ks", "2s")), PlayResult("Ks"))
    settler = campaign.state.find("Settler 3")
    assert settler is not None and not settler.on_table
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        await until(pilot, lambda: (m := pane._highlighted()) is not None
                    and m.name == "Settler 1")


def test_the_key_and_f1_say_where_the_use_starts() -> None:
    """The footer's u (its tooltip, F1's keys) and F1's Table's calls say the same: the
    move made last comes first, and a model pinned by a Jack stands still at once."""
    use = next(b for b in CONFLICT_KEYS if isinstance(b, Binding) and b.action == "use")
    assert "the one it made last this game comes first" in use.tooltip
    assert "pinned by a Jack, it stands still at once" in use.tooltip
    calls = next(w.means for w in words_of("gmscreen.games.dead_mans_hand")
                 if w.word == "Table's calls")
    assert ("the model its side used last is highlighted, the move it made last offered "
            "first, and one pinned by a Jack stands still at once") in calls


@synchronous
async def test_an_enemy_highlighted_is_the_target_the_attack_form_opens_on(
        tmp_path: Path) -> None:
    campaign = wagon(tmp_path / "c.toml", UseModel("Settler 3", Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        await down_to(pilot, pane, "Robber 2")
        await pilot.press("a")  # on the Yards, Robber 2 chosen: no Tab, no arrow
        shown = await form_up(pilot)
        assert shown.values().text("target") == "Robber 2"
        await pilot.press("2", "5", "enter")
        await until(pilot, lambda: campaign.state.attack is not None)
        attack = campaign.state.attack
        assert attack is not None and (attack.target, attack.yards) == ("Robber 2", 25)
    # the highlight left on the attacker: the target is chosen in the form, as before
    again = wagon(tmp_path / "d.toml", UseModel("Settler 3", Move.STILL))
    app = GmScreenApp(again)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        shown = await form_up(pilot)
        assert shown.values().text("target") == "Robber 1"
        assert shown.focused is not None and shown.focused.id == "f-target"
