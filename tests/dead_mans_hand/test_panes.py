"""The Dead Man's Hand tabs driven by keys, as the players would."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.binding import Binding
from textual.widgets import DataTable, Input, Static

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes import make_panes
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane, attack_panel, last_attack
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp


def phase(campaign: Campaign[MatchState]) -> Phase:
    return campaign.state.phase


def new_campaign(path: Path) -> Campaign[MatchState]:
    store = JournalStore.create(path, new_header("dead-mans-hand", "Panes", 11))
    return Campaign.load(RULES, store.load(), store)


def test_the_characters_tab_shows_both_posses(tmp_path: Path) -> None:
    asyncio.run(_the_characters_tab_shows_both_posses(tmp_path))


async def _the_characters_tab_shows_both_posses(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        red = app.query_one("#red", DataTable)
        black = app.query_one("#black", DataTable)
        assert red.row_count == 8 and black.row_count == 8
        title = app.query_one("#red-title", Static).render()
        assert "43/43 pts" in str(title)


def test_recruit_by_keys(tmp_path: Path) -> None:
    asyncio.run(_recruit_by_keys(tmp_path))


async def _recruit_by_keys(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.focused is app.query_one("#red", DataTable)  # the shell puts the keys here
        await pilot.press("r")
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        name.value = "[bold]Slim[/bold]"
        await pilot.press("enter")
        await pilot.pause()
        assert [m.name for m in campaign.state.red.models] == ["[bold]Slim[/bold]"]
        assert app.query_one("#red", DataTable).get_row_at(0)[0].plain == "[bold]Slim[/bold]"


def test_a_game_by_keys(tmp_path: Path) -> None:
    asyncio.run(_a_game_by_keys(tmp_path))


async def _a_game_by_keys(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the tab bar's own first activation lands before the digit
        await pilot.press("2")  # the Conflict tab
        await pilot.pause()
        pane = app.query_one(ConflictPane)
        assert app.focused is pane.query_one("#models", DataTable)
        await pilot.press("g", "enter")  # the app draws the set-up card
        await pilot.pause()
        assert phase(campaign) is Phase.DEPLOYING
        await pilot.press("d", "d")
        await pilot.pause()
        assert phase(campaign) is Phase.PLAYING
        # the side to move is listed first, so its model is highlighted: use it, standing
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        turn = campaign.state.turn
        assert turn is not None and turn.in_use is not None
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#yards", Input).value = "10"
        await pilot.pause()
        preview = str(app.screen.query_one("#preview").render())
        assert "Pistol: Normal range, to 40 yards" in preview and "Best of 2:" in preview
        await pilot.press("enter")
        await pilot.pause()
        attack = campaign.state.attack
        assert attack is not None and len(attack.cards) == 2
        panel = str(pane.query_one("#attack", Static).render())
        assert "Play the result card: p; All In: i" in panel
        await pilot.press("i")
        await pilot.pause()
        assert campaign.state.attack is not None and campaign.state.attack.all_in
        await pilot.press("p", "enter")
        await pilot.pause()
        if campaign.state.attack is not None:  # the target may take a second card: it won't
            await pilot.press("p", "down", "down", "enter")
            await pilot.pause()
        assert campaign.state.attack is None
        assert all(m.status is not Status.DEAD for m in campaign.state.models())


def test_an_attack_taken_back_with_one_key(tmp_path: Path) -> None:
    asyncio.run(_attack_taken_back(tmp_path))


async def _attack_taken_back(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL)):
        campaign.execute(command)
    before = campaign.state
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")))
    campaign.execute(GoAllIn("9d"))
    campaign.execute(PlayResult("Kh"))
    assert campaign.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("z")  # the shell shows what goes back and asks
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state == before
        assert "Kh" in campaign.state.pack.pile


def test_every_action_has_a_key_an_id_and_words_for_the_palette() -> None:
    for pane in make_panes().values():
        bindings = [b for b in pane.BINDINGS if isinstance(b, Binding)]
        assert bindings
        for binding in bindings:
            assert binding.id and binding.id.startswith("dmh."), binding
            assert binding.description, binding
        names = [name for name, _, _ in pane.palette_commands()]
        assert len(names) == len(bindings)


def test_a_model_put_right_from_the_roster_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_put_right_at_80_columns(tmp_path))


async def _put_right_at_80_columns(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        red = app.query_one("#red", DataTable)
        # the posses stand one above the other, so the Notes column is on the screen
        notes = red.ordered_columns[-1]
        assert str(notes.label) == "Notes"
        assert sum(c.get_render_width(red) for c in red.ordered_columns) <= red.size.width
        await pilot.press("e")  # Big Jim, the first of the red posse
        await pilot.pause()
        app.screen.query_one("#name", Input).value = "Big [red]Jim"
        await pilot.press("enter")
        await pilot.pause()
        jim = campaign.state.find("Big [red]Jim")
        assert jim is not None and jim.kit == ("dual-pistols", "pistol", "brawling")
        assert red.get_row_at(0)[0].plain == "Big [red]Jim"


def test_the_last_attack_stays_in_sight_until_the_next(tmp_path: Path) -> None:
    """Once its cards are played, the attack's outcome stays beside the table, so the
    players see what to change on it; an attack undone takes it away."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("2h"))
    for model in campaign.state.models():  # the red gunman first, then the militia
        campaign.execute(Deploy(model.name))
    assert last_attack(campaign) == []
    gunman = campaign.state.red.models[0].name
    militia = campaign.state.black.models[0].name
    first = campaign.state.turn
    assert first is not None and first.colour == "red"
    campaign.execute(UseModel(gunman, Move.STILL))
    campaign.execute(MakeAttack(militia, "dual-pistols", 20, ("Kh", "3c", "5s")))
    campaign.execute(PlayResult("Kh"))
    lines = last_attack(campaign)
    assert len(lines) == 2 and lines[0].startswith(f"{gunman} attacks {militia}")
    assert lines[1] == f"{gunman} plays K♥: {militia} is killed."
    panel = attack_panel(campaign.state, lines).plain
    assert panel.startswith("The last attack\n") and "is killed" in panel
    campaign.undo()  # the result card: the attack is open again, and shown as such
    assert campaign.state.attack is not None
    campaign.undo()  # the draw
    assert last_attack(campaign) == []
    assert attack_panel(campaign.state, []).plain == "No attack under way."
