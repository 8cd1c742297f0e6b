"""The Dead Man's Hand tabs driven by keys, as the players would."""

from __future__ import annotations

from inspect import isawaitable
from pathlib import Path

from textual.binding import Binding
from textual.widgets import DataTable, Static

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS, GameSetUp
from gmscreen.games.dead_mans_hand.panes import make_panes
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane, attack_panel
from gmscreen.games.dead_mans_hand.sample import (
    BLACK_HATS,
    CALLAHAN_GANG,
    build_showdown,
    showdown_commands,
)
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import NO_BREAK
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import fill, shell_up, synchronous, to_tab, until


def phase(campaign: Campaign[MatchState]) -> Phase:
    return campaign.state.phase



@synchronous
async def test_the_characters_tab_shows_both_posses(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        red = app.query_one("#red", DataTable)
        black = app.query_one("#black", DataTable)
        await until(pilot, lambda: red.row_count == 8 and black.row_count == 8)
        title = app.query_one("#red-title", Static).render()
        assert str(title) == "▸ RED  The Callahan Gang  43/43 pts  8 models"  # keys here


@synchronous
async def test_recruit_by_keys(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 40)) as pilot:
        # the shell puts the keys here
        await until(pilot, lambda: app.focused is app.query_one("#red", DataTable))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press(*"[bold]Slim[/bold]", "enter")  # Enter in the name sends
        await until(pilot, lambda: campaign.state.red.models)
        assert [m.name for m in campaign.state.red.models] == ["[bold]Slim[/bold]"]
        assert app.query_one("#red", DataTable).get_row_at(0)[0].plain == "[bold]Slim[/bold]"


@synchronous
async def test_a_game_by_keys(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        assert app.focused is pane.query_one("#models", DataTable)
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")  # the card left blank: the app draws it
        await until(pilot, lambda: phase(campaign) is Phase.DEPLOYING)
        await pilot.press("d", "d")
        await until(pilot, lambda: phase(campaign) is Phase.PLAYING)
        # the side to move is listed first, so its model is highlighted: use it, standing
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.turn and campaign.state.turn.in_use)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("1", "0")  # the yards, where the form starts
        await pilot.pause()
        preview = str(app.screen.query_one("#form-preview").render())
        assert "At 10 yards: Pistol in Normal range" in preview and "Best of 2:" in preview
        await pilot.press("enter")  # the cards left blank: the app deals them
        await until(pilot, lambda: campaign.state.attack is not None)
        attack = campaign.state.attack
        assert attack is not None and len(attack.cards) == 2
        panel = str(pane.query_one("#attack", Static).render())
        assert "Play the result card, or go All In first." in panel
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")  # the app draws the All In card too
        await until(pilot, lambda: campaign.state.attack is not None
                    and campaign.state.attack.all_in)
        # the result card is the one step left: its form follows by itself
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text.endswith("plays which card?"))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.attack is None
                    or campaign.state.attack.awaiting_second)
        if campaign.state.attack is not None:  # the target may take a second card: it won't
            await until(pilot, lambda: isinstance(app.screen, Form)
                        and app.screen.title_text.endswith("second card?"))
            await fill(pilot, card="none")
        await until(pilot, lambda: campaign.state.attack is None)
        assert all(m.status is not Status.DEAD for m in campaign.state.models())


@synchronous
async def test_an_attack_taken_back_with_one_key(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL)):
        campaign.execute(command)
    before = campaign.state
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 50, ("Qh", "3c")))
    campaign.execute(GoAllIn("9d"))
    campaign.execute(PlayResult("Qh"))  # the Shooter is stopped; the game goes on
    assert campaign.state.phase is Phase.PLAYING
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("z")  # the shell shows what goes back and asks
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state == before
        assert "Qh" in campaign.state.pack.pile


def test_every_action_has_a_key_an_id_and_words_for_the_palette() -> None:
    for pane in make_panes().values():
        bindings = [b for b in pane.BINDINGS if isinstance(b, Binding)]
        assert bindings
        for binding in bindings:
            assert binding.id == f"dead_mans_hand.{binding.action}", binding
            assert binding.description, binding
        names = [name for name, _, _ in pane.palette_commands()]
        assert len(names) == len(bindings)


@synchronous
async def test_a_model_put_right_from_the_roster_at_80_columns(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        red = app.query_one("#red", DataTable)
        # the posses stand one above the other, so the Notes column is on the screen
        await until(pilot, lambda: red.row_count and 0 < sum(
            c.get_render_width(red) for c in red.ordered_columns) <= red.size.width)
        notes = red.ordered_columns[-1]
        assert str(notes.label) == "Notes"
        await fill(pilot, "e", name="Big [red]Jim")  # Big Jim, the first of the red posse
        await until(pilot, lambda: campaign.state.find("Big [red]Jim") is not None)
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
    assert attack_panel(campaign.state).plain == "The attack\nNo attack under way."
    gunman = campaign.state.red.models[0].name
    militia = campaign.state.black.models[0].name
    first = campaign.state.turn
    assert first is not None and first.colour == "red"
    campaign.execute(UseModel(gunman, Move.STILL))
    campaign.execute(MakeAttack(militia, "dual-pistols", 20, ("Kh", "3c", "5s")))
    campaign.execute(PlayResult("Kh"))
    assert attack_panel(campaign.state).plain.splitlines() == [
        "The last attack",
        f"{gunman} attacks {militia} with Dual Pistols at 20 yards: K♥ 3♣ 5♠",
        f"K♥ played: {militia} is killed"]
    campaign.undo()  # the result card: the attack is open again, and shown as such
    assert campaign.state.attack is not None
    assert attack_panel(campaign.state).plain.startswith(f"{gunman} attacks {militia}")
    campaign.undo()  # the draw
    assert attack_panel(campaign.state).plain == "The attack\nNo attack under way."


@synchronous
async def test_every_column_of_the_tabs_has_a_glossary_entry(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    words = words_of("gmscreen.games.dead_mans_hand")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        headings: set[str] = set()
        panes: tuple[tuple[str, type[PossesPane | ConflictPane]], ...] = (
            ("Characters", PossesPane), ("Conflict", ConflictPane))
        for tab, pane in panes:
            await to_tab(pilot, tab)
            for table in app.query_one(pane).query(DataTable):
                headings.update(str(c.label) for c in table.ordered_columns)
        assert headings >= {"Name", "Val", "Hits", "Weapons", "Notes"}
        assert sorted(h for h in headings if find(words, h) is None) == []


def test_names_are_every_model_of_both_posses() -> None:
    table = Table(*showdown_commands())
    assert view.names(table.state) == [*(r.name for r in CALLAHAN_GANG[1]),
                                       *(r.name for r in BLACK_HATS[1])]


@synchronous
async def test_the_highlighted_models_notes_are_listed_under_the_posses(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    campaign.start_session()
    campaign.note("Big Jim owes the [bold]bank[/bold] 40 dollars.", ["Big Jim"])
    campaign.note("Deacon preaches before every fight.", ["Deacon", "Big Jim"], public=True)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        detail = app.query_one("#detail", Static)

        def said() -> str:
            return str(detail.content).replace(NO_BREAK, " ")

        assert said().splitlines()[:3] == [
            "Big Jim (horse): Dual Pistols, Pistol, Brawling",
            "Session 1: Big Jim owes the [bold]bank[/bold] 40 dollars.",
            "Session 1 (told to the table): Deacon preaches before every fight."]
        await pilot.press("down")  # Slim: nothing noted
        await until(pilot, lambda: said().startswith("Slim: Rifle, Brawling\nVal"))
        app.query_one("#black", DataTable).focus()
        await until(pilot, lambda: "Deacon preaches" in said())
        assert "Big Jim owes" not in said()
        assert "Derr.: Derringers" in said()  # the key to the short words


@synchronous
async def test_each_tab_says_what_it_holds(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert str(app.query_one("#summary", Static).render()).startswith("The posses · ")
        campaign.execute(SetUpGame("5h"))
        await to_tab(pilot, "Conflict")
        tracker = app.query_one("#tracker", Static)
        assert str(tracker.render()).startswith("The gunfight · ")
        # a line each at 80 columns: match, turn, pack and the keys kept off the footer
        assert tracker.size.height == 4


@synchronous
async def test_every_draw_is_reachable_from_the_palette_and_journaled(tmp_path: Path) -> None:
    """The game has no random table of its own: what it draws (the set-up card, an attack's
    cards, All In, a recovery draw) is drawn by a step, each in the palette under its tab."""
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        screen = app.screen_stack[0]
        assert isinstance(screen, ShellScreen)
        found = {command.title: command for command in shell_commands(app, screen)}
        assert {"Conflict: Set up game: deal the set-up card", "Conflict: Attack: shoot or brawl",
                "Conflict: All In", "Conflict: Draw for the fallen (recovery)"} <= set(found)
        result = found["Conflict: Set up game: deal the set-up card"].callback()
        if isawaitable(result):
            await result
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")  # left blank: the app draws it
        await until(pilot, lambda: campaign.state.phase is Phase.DEPLOYING)
    assert KINDS.read(campaign.events[-1]) == GameSetUp(1, campaign.state.setup_card or "",
                                                        campaign.state.first or "")
