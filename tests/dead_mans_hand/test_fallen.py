"""Lines 151-153: after a showdown game a card is drawn for the fallen, all of them in one
step; a model lying on a King or a Joker is stone dead whatever is drawn, so no card is
asked for it (it is buried in the same step); and the draws are for the games that remain,
so none is offered once the showdown is won."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Static

from gmscreen.games.dead_mans_hand import turns, view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    EndTurn,
    LeaveTable,
    MakeAttack,
    NamePosse,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.sample import build_showdown, showdown_commands
from gmscreen.games.dead_mans_hand.state import Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.dead_mans_hand.test_showdown import first_game
from tests.pilot import opened, refusal_shown, set_field, synchronous, to_tab, until


def game_over() -> Table:
    """Game 1 is red's: Quickdraw lies on the 9♠ (a card may save him), Stubby on the K♥
    (none can)."""
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))
    assert table.state.phase is Phase.AFTER_GAME
    assert [(m.name, m.coffin) for m in table.state.models() if m.status is Status.DOWN] == [
        ("Quickdraw", "9s"), ("Stubby", "Kh")]
    return table


def test_one_step_draws_for_every_fallen_model_and_buries_the_one_on_a_king() -> None:
    table = game_over()
    pile = len(table.pack().pile)
    events = table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    assert table.kinds(events) == ["recovery_drawn", "model_buried"]
    assert table.model("Quickdraw").status is Status.RESERVE
    stubby = table.model("Stubby")
    assert (stubby.status, stubby.kit, stubby.horse) == (Status.DEAD, (), False)
    assert len(table.pack().pile) == pile - 1  # one card drawn: none for Stubby
    assert RULES.describe(events[-1]) == (
        "Stubby, lying on K♥, is stone dead: a King for a coffin card is death, so no card "
        "is drawn.")
    assert turns.why_not_set_up(table.state) is None


def test_a_card_for_a_model_on_a_king_or_for_the_standing_is_refused() -> None:
    table = game_over()
    with pytest.raises(RuleError, match="Stubby lies on K♥: no card saves a model on a King"):
        table.do(DrawForTheFallen((("Quickdraw", "9d"), ("Stubby", "Qd"))))
    with pytest.raises(RuleError, match="Slim is not lying on a coffin card"):
        table.do(DrawForTheFallen((("Quickdraw", "9d"), ("Slim", "Qd"))))
    assert table.state.phase is Phase.AFTER_GAME


def test_each_model_a_card_may_save_needs_its_own_card_from_the_pile() -> None:
    table = game_over()
    with pytest.raises(RuleError) as missing:
        table.do(DrawForTheFallen())
    assert str(missing.value) == "Draw for the fallen: Quickdraw lies on 9♠ and needs a card drawn"
    assert missing.value.field == turns.card_field(0)
    with pytest.raises(RuleError) as coffin:
        table.do(DrawForTheFallen((("Quickdraw", "9s"),)))  # his own coffin card
    assert str(coffin.value) == (
        "Draw for the fallen: 9♠ lies under Quickdraw as a coffin card; the fallen draw from "
        "a fresh pack without the coffin cards")
    assert coffin.value.field == turns.card_field(0)
    with pytest.raises(RuleError) as others:
        table.do(DrawForTheFallen((("Quickdraw", "Kh"),)))  # Stubby's coffin card
    assert str(others.value) == (
        "Draw for the fallen: K♥ lies under Stubby as a coffin card; the fallen draw from a fresh "
        "pack without the coffin cards")
    with pytest.raises(RuleError) as twice:
        table.do(DrawForTheFallen((("Quickdraw", "9d"), ("Quickdraw", "Td"))))
    assert str(twice.value) == "Draw for the fallen: one card is drawn for Quickdraw, not two"
    assert twice.value.field == turns.card_field(0)
    assert turns.drawing(table.state) == ["Quickdraw"]


def test_two_fallen_a_card_each_and_never_the_same_card() -> None:
    table = first_shots_both_on_numbers()
    assert turns.drawing(table.state) == ["Quickdraw", "Stubby"]
    with pytest.raises(RuleError) as twice:
        table.do(DrawForTheFallen((("Quickdraw", "Td"), ("Stubby", "Td"))))
    assert twice.value.field == turns.card_field(1)
    assert str(twice.value) == (
        "Draw for the fallen: 10♦ is drawn for Quickdraw already; the pack holds each card once")
    events = table.do(DrawForTheFallen((("Quickdraw", "Td"), ("Stubby", "2d"))))
    # Stubby was black's last: with nobody left to field, black loses the showdown
    assert table.kinds(events) == ["recovery_drawn", "recovery_drawn", "showdown_won"]
    assert (table.model("Quickdraw").status, table.model("Stubby").status) == (
        Status.RESERVE, Status.DEAD)


def first_shots_both_on_numbers() -> Table:
    """Stubby goes down on the 9♥, Quickdraw on the 9♠; black gives up the rest."""
    table = Table()
    from gmscreen.games.dead_mans_hand.sample import showdown_commands

    for command in showdown_commands():
        table.do(command)
    table.do(SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    table.do(PlayResult("9h"))
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Quickdraw", "rifle", 70, ("9s", "3d")))
    table.do(PlayResult("9s"))
    for black in table.state.black.on_table():
        table.do(Surrender(black.name))
    assert table.state.phase is Phase.AFTER_GAME
    return table


def test_only_the_doomed_fallen_are_buried_without_a_card() -> None:
    """With nobody a card could save, the step draws nothing and buries them all."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    assert turns.why_not_recover(table.state) is not None  # nobody left on a coffin card


def test_no_draw_once_the_showdown_is_won() -> None:
    """Line 151: a model that pulls through takes part in the games that remain; once two
    games are won none remains, so the fallen of the last game draw no card."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    table.do(SetUpGame("Qs"))
    deploy_all(table)
    assert table.turn().colour == "black"
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Quickdraw", "rifle", 70, ("9c", "3d")))
    table.do(PlayResult("9c"))  # Quickdraw, pulled through with his one hit, falls again
    assert table.model("Quickdraw").status is Status.DOWN
    table.do(Surrender("Long Tom"))
    assert table.state.phase is Phase.OVER and table.state.champion == "red"
    refused = turns.why_not_recover(table.state)
    # the winner named as the line over the table names it (round 14)
    assert str(refused) == ("Draw for the fallen: The Callahan Gang (red) has won the "
                            "showdown; the fallen draw only to fight in the games that "
                            "remain, and none does")
    with pytest.raises(RuleError, match="none does"):
        table.do(DrawForTheFallen((("Quickdraw", "Kd"),)))


def slim_killed_on_a_king() -> Table:
    """The deciding game of the showdown, with Slim killed on the K♠ by Long Tom."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    table.do(SetUpGame("Qs"))
    deploy_all(table)
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Slim", "rifle", 70, ("Ks", "3d")))
    table.do(PlayResult("Ks"))
    return table


def test_a_king_in_the_last_game_leaves_its_model_dead_when_the_showdown_is_won() -> None:
    """Lines 114 and 153: a King kills, and a model lying on a King or a Joker is stone dead
    whatever is drawn. No card is drawn once the showdown is won, but the model shot by a
    King in the deciding game is no less dead for that: it is buried as the showdown ends
    (the recap listed Slim among the living, "value 8 to 7, 1 to 2 hits"), while one lying
    on a number keeps its card, for the table's draw would still decide it."""
    table = slim_killed_on_a_king()
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(EndTurn())
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Quickdraw", "rifle", 70, ("9c", "2d")))
    table.do(PlayResult("9c"))  # Quickdraw falls on a number
    events = table.do(Surrender("Long Tom"))
    assert table.kinds(events) == ["model_surrendered", "game_won", "model_buried",
                                   "showdown_won"]
    assert table.state.champion == "red"
    slim = table.model("Slim")
    assert (slim.status, slim.coffin, slim.weapons) == (Status.DEAD, "Ks", ())
    assert table.model("Quickdraw").status is Status.DOWN
    known = view.table_knows(table.state)
    assert "dead: Slim" in view.table_cast(known)[0]
    assert "Slim, lying on K♠, is stone dead" in RULES.describe(events[2])


def test_a_journal_written_before_the_burial_reads_the_model_dead_all_the_same() -> None:
    """A journal written before that reading holds no `model_buried` before `showdown_won`:
    folded again, the model lying on the King reads dead all the same."""
    table = slim_killed_on_a_king()
    table.do(Surrender("Long Tom"))
    older = [e for e in table.events if not (e.kind.endswith("model_buried")
                                             and e.data["name"] == "Slim")]
    assert len(older) == len(table.events) - 1
    state = RULES.initial_state()
    for event in older:
        state = RULES.evolve(state, event)
    slim = state.find("Slim")
    assert slim is not None and slim.status is Status.DEAD


def test_the_posse_title_counts_the_dead_and_those_who_gave_up_apart() -> None:
    """Line 126's posse is eight strong; the title over each posse said "8 models" while
    one lay dead and six had given up for good, as if all eight were still to field."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))  # Stubby, on the K♥, is buried
    title = view.posse_title(view.table_knows(table.state), "black")
    assert title.endswith("  1 model, 1 dead, 6 gave up")
    assert view.posse_title(view.table_knows(table.state), "red").endswith("  8 models")


def test_once_a_game_is_set_up_the_title_leaves_the_points_out() -> None:
    """Line 130: the plunder is bought as the posses are built; after that no point is spent.
    Between showdown games the title still read "39/43 pts" (Stubby's Sawn-Off gone with him
    to the grave), as if 4 points waited to buy with."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))  # Stubby, on the K♥, is buried
    assert view.posse_title(view.table_knows(table.state), "black") == (
        "BLACK  The Black Hats  1 model, 1 dead, 6 gave up")
    assert "43/43 pts" in view.posse_title(view.table_knows(Table(*showdown_commands()).state),
                                           "red")


@synchronous
async def test_a_long_posse_title_reads_whole_at_80_columns(tmp_path: Path) -> None:
    """The title counts the dead and those who gave up at its end, after the posse's name
    and its player (40 letters each at most): at 80 columns a long name pushed the count
    past the edge of its one line, "2 models, 6" and the rest cut off. It wraps now."""
    campaign = new_campaign(tmp_path / "long.toml")
    campaign.execute(NamePosse("black", "The Clanton-McLaury Cowboys, Galeyville",
                               "Stephen the Younger"))
    title = view.posse_title(view.table_knows(campaign.state), "black")
    assert cell_len(title) > 78  # wider than the line inside its padding
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = app.query_one("#black-title", Static)
        await until(pilot, lambda: shown.size.width > 0)
        lines = shown.render_lines(Region(0, 0, *shown.outer_size))
        assert " ".join(line.text.strip() for line in lines).endswith("0/40 pts no models yet")


def test_the_form_lines_say_what_each_card_does() -> None:
    table = first_shots_both_on_numbers()
    assert view.fallen_lines(table.state, {}) == [
        "Quickdraw, lying on 9♠: left blank, the app draws.",
        "Stubby, lying on 9♥: left blank, the app draws."]
    assert view.fallen_lines(table.state, {"Quickdraw": "Th", "Stubby": "8x"}) == [
        "Quickdraw, lying on 9♠, draws 10♥ and pulls through.",
        "Stubby: not a card: '8x' (write a card's rank then its suit, as QH, 10s or A♠; a "
        "joker as *)"]
    # a coffin card is not in the pack the fallen draw from, nor is a card drawn already
    assert view.fallen_lines(table.state, {"Quickdraw": "9h", "Stubby": "9h"}) == [
        "Quickdraw: 9♥ lies under Stubby as a coffin card; the fallen draw from a fresh "
        "pack without the coffin cards.",
        "Stubby: 9♥ lies under Stubby as a coffin card; the fallen draw from a fresh pack "
        "without the coffin cards."]
    assert view.fallen_lines(table.state, {"Quickdraw": "Th", "Stubby": "Th"})[1] == (
        "Stubby: 10♥ is drawn for Quickdraw already; the pack holds each card once.")
    doomed = game_over()
    assert view.fallen_lines(doomed.state, {}) == [
        "Quickdraw, lying on 9♠: left blank, the app draws.",
        "Stubby, lying on K♥, is stone dead: a King for a coffin card is death, so no card "
        "is drawn."]



def test_a_card_refused_leaves_the_next_fields_card_read() -> None:
    """The Dealer types the 9♥ under Stubby for Quickdraw by mistake, then Stubby's own 10♦:
    the first is refused as a coffin card and the second still reads as the card it is (the
    form's lines took the app down as the 10♦ was typed)."""
    table = first_shots_both_on_numbers()
    assert view.fallen_lines(table.state, {"Quickdraw": "9h", "Stubby": "Td"}) == [
        "Quickdraw: 9♥ lies under Stubby as a coffin card; the fallen draw from a fresh "
        "pack without the coffin cards.",
        "Stubby, lying on 9♥, draws 10♦ and pulls through."]
    assert turns.recovery_card_refused(table.state, "Td", [("Quickdraw", "9h")]) is None

def preview(shown: Form) -> str:
    return str(shown.query_one("#form-preview", Static).render())


@synchronous
async def test_v_asks_a_card_of_each_fallen_model_a_card_may_save(tmp_path: Path) -> None:
    """The form has a card field for Stubby (on the 9♥), none for Slim (on the K♣), and
    says under its fields what each card does and that Slim is stone dead; Enter sends it
    all, the blanks drawn by the app."""
    from tests.dead_mans_hand.test_forms import showdown_game_over

    showdown = showdown_game_over(tmp_path / "recovery.toml")
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "v")
        assert [field.key for field in shown.fields] == [turns.card_field(0)]
        assert "Stubby" in shown.fields[0].label and "9♥" in shown.fields[0].label
        assert app.focused is shown.widget_of(turns.card_field(0))
        assert preview(shown) == (
            "Stubby, lying on 9♥: left blank, the app draws.\n"
            "Slim, lying on K♣, is stone dead: a King for a coffin card is death, so no card "
            "is drawn.")
        await pilot.press("9", "h")  # Stubby's own coffin card: refused, the form stays
        await until(pilot, lambda: "9♥ lies under Stubby as a coffin card" in preview(shown))
        await pilot.press("enter")
        refusal_shown(app, "Draw for the fallen")
        set_field(shown, turns.card_field(0), "Td")
        await pilot.press("enter")
        await until(pilot, lambda: turns.fallen(showdown.state) == [])
        stubby, slim = showdown.state.find("Stubby"), showdown.state.find("Slim")
        assert stubby is not None and stubby.status is Status.RESERVE
        assert slim is not None and slim.status is Status.DEAD


@synchronous
async def test_v_with_only_the_doomed_to_bury_asks_first(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")))
    campaign.execute(PlayResult("Kh"))
    for black in campaign.state.black.on_table():
        campaign.execute(Surrender(black.name))
    assert turns.drawing(campaign.state) == [] and turns.fallen(campaign.state) == ["Stubby"]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = app.screen
        assert isinstance(asked, Confirm) and asked.question == (
            "Stubby, lying on K♥, is stone dead: a King for a coffin card is death, so no "
            "card is drawn. Bury the fallen?")
        await pilot.press("y")
        await until(pilot, lambda: turns.fallen(campaign.state) == [])
    stubby = campaign.state.find("Stubby")
    assert stubby is not None and stubby.status is Status.DEAD


@synchronous
async def test_the_dead_read_whole_on_one_line_at_80_columns(tmp_path: Path) -> None:
    """Opened at 80x24, the Characters tab's posses stand one above the other, each the
    screen's width; the first drawing held their Notes to half of it (as side by side), so
    "dead on K♣" broke over two lines, its card under the next row, until the terminal
    was resized."""
    from textual.widgets import DataTable
    from textual.widgets.data_table import RowKey

    from tests.dead_mans_hand.test_forms import showdown_game_over

    showdown = showdown_game_over(tmp_path / "dead.toml")
    showdown.execute(DrawForTheFallen((("Stubby", "Td"),)))  # Slim, on the K♣, is buried
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        red = app.query_one("#red", DataTable)
        await until(pilot, lambda: red.row_count > 0)
        # the rows' heights are measured at idle
        await until(pilot, lambda: red.rows[RowKey("Slim")].height == 1)


def test_a_showdown_won_by_the_draws_keeps_the_gain_given_as_the_game_ended() -> None:
    """Line 149 gives the survivors a hit and a better value as a game ends, when, for all the
    table knows, a game is still to come (the fallen have not drawn yet). Game 1 is red's 1-0;
    then the draws kill Stubby, black's last, and black loses the showdown with nobody left
    to field. The gain stands: the book's step was taken in its time, and the draws decide
    only who plays on (line 151); nothing is taken back."""
    table = first_shots_both_on_numbers()
    tougher = {m.name: (m.value, m.hits) for m in table.state.red.models if m.status
               is Status.RESERVE}
    assert tougher and all(value < 8 for value, _ in tougher.values())  # improved already
    events = table.do(DrawForTheFallen((("Quickdraw", "Td"), ("Stubby", "2d"))))
    assert table.kinds(events)[-1] == "showdown_won"
    assert table.state.phase is Phase.OVER
    assert {name: (table.model(name).value, table.model(name).hits)
            for name in tougher} == tougher
