"""What the Conflict tab says and offers at each moment: the move form under a Jack or a
Queen, the set-up card over the table, the highlighted model's weapons, the pack's line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable, Static
from textual.widgets._footer import FooterKey

from gmscreen.games.dead_mans_hand import RULES, fight, view
from gmscreen.games.dead_mans_hand.attack import moves_allowed
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    DrawForTheFallen,
    EndTurn,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import (
    NOTES_FLOOR,
    ConflictPane,
    attack_panel,
    fitted_columns,
    move_form,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Model, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import NO_BREAK
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, model
from tests.dead_mans_hand.test_fit import placed, sample
from tests.dead_mans_hand.test_showdown import first_game
from tests.pilot import Notices, cut_off, shell_up, synchronous, to_tab, until


def shown(widget: Static) -> str:
    """What a Static holds, its names kept whole read as plain spaces."""
    return str(widget.content).replace(NO_BREAK, " ")


def detail(one: Model) -> str:
    """The line under the table for `one`, its names kept whole read as plain spaces."""
    return view.model_detail(one).replace(NO_BREAK, " ")


DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


def over_the_table(state: MatchState) -> str:
    """The three lines over the table: the match, whose move, the pack."""
    return "\n".join(view.match_lines(view.table_knows(state)))


def moves(shown: Form) -> list[str]:
    return [value for _, value in shown.fields[0].options]


def duel(path: Path, *more: object) -> Campaign[MatchState]:
    """The Oaf (red) and the Shooter (black) placed, then `more` commands."""
    store = JournalStore.create(path, new_header("dead-mans-hand", "Conflict lines", 5))
    campaign = Campaign.load(RULES, store.load(), store)
    for command in (*DUEL, *more):
        campaign.execute(command)
    return campaign


def test_a_model_free_to_move_is_offered_every_move() -> None:
    free = model("Slim", "red")
    shown = move_form(free)
    assert shown.title_text == "How does Slim move?" and not shown.note
    assert moves(shown) == [m.value for m in Move]
    leaving = move_form(free, leaving=True)
    assert moves(leaving) == [Move.SLOW.value, Move.QUICK.value, Move.FLAT_OUT.value]


def test_a_model_pinned_by_a_jack_is_offered_only_to_stand_still() -> None:
    pinned = model("Slim", "red", pinned=True)
    shown = move_form(pinned)
    assert moves(shown) == [Move.STILL.value]
    assert "Pinned by a Jack" in shown.note
    # leaving by a table edge takes a move: nothing is left to offer
    assert moves_allowed(pinned, leaving=True) == ()


def test_a_model_stopped_by_a_queen_is_told_it_may_not_attack() -> None:
    shown = move_form(model("Slim", "red", shaken=True))
    assert "Stopped by a Queen: it may not attack this time, so its move ends the turn." in (
        shown.note)
    assert len(moves(shown)) == 4


@synchronous
async def test_the_move_dialog_by_keys_under_a_jack(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "2s")), PlayResult("Jh"))
    shooter = campaign.state.find("Sly Shooter")
    assert shooter is not None and shooter.pinned
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        await pilot.press("l")  # leaving needs a move: refused, no form
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Jack"
        assert app.screen is pane.screen
        # standing still is all it may do: u takes it at once (round 33), where a form of
        # that one choice asked for Enter too (`test_fewest_keys`)
        await pilot.press("u")
        await until(pilot, lambda: campaign.state.turn is not None
                    and campaign.state.turn.in_use == "Sly Shooter")
        turn = campaign.state.turn
        assert turn is not None and turn.move is Move.STILL


def test_the_tracker_names_the_set_up_card_while_its_game_lasts() -> None:
    table = Table(LoadScenario("duel-between-rivals"))
    assert "set-up card" not in over_the_table(table.state)
    table.do(SetUpGame("Qs"))
    head, _, pack = over_the_table(table.state).splitlines()
    assert head == "Duel between Rivals · game 1 · red 0, black 0"
    assert pack.endswith(" · set-up card Q♠, black first")
    table.do(Deploy("Sly Shooter"))
    table.do(Deploy("Big Oaf"))
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("Ks", "2s")))
    table.do(PlayResult("Ks"))  # the Oaf falls: the game is over, and its card with it
    assert table.state.game == 1 and table.state.turn is None
    # round 13: "set-up card Q♠, black first" stood until the next game was set up, read as
    # though black went first in that one too
    assert "set-up card" not in over_the_table(table.state)


def test_the_pack_line_counts_the_pack_once_a_game_is_set_up() -> None:
    building = Table(LoadScenario("duel-between-rivals"))
    assert over_the_table(building.state).splitlines()[-1] == (
        "Pack: dealt once a game is set up")
    building.do(SetUpGame("2h"))
    assert over_the_table(building.state).splitlines()[-1] == (
        # no coffin card counted before one lies (round 10: "0 coffin cards")
        "Pack: 53 to draw, 1 discarded · set-up card 2♥, red first")
    building.do(Deploy("Big Oaf"))
    building.do(Deploy("Sly Shooter"))
    building.do(UseModel("Big Oaf", Move.STILL))
    building.do(MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")))
    building.do(PlayResult("Kh"))  # the Shooter falls on the King: the game is over
    assert over_the_table(building.state).splitlines()[-1] == (
        "Pack: the next game, if one is set up, is dealt a full pack")


def test_the_detail_line_names_the_weapons_carried_and_lost() -> None:
    slim = model("Slim", "red", weapons=("rifle",))
    assert detail(slim) == "Slim: Rifle, Brawling"
    disarmed = replace(slim, weapons=("brawling",))  # an Ace took the rifle this game
    assert detail(disarmed) == "Slim: Brawling · lost: Rifle"
    assert detail(replace(slim, weapons=())) == (
        "Slim: no weapon · lost: Rifle, Brawling")
    fallen = replace(slim, status=Status.DOWN, hits_left=0, coffin="9s")
    assert detail(fallen) == "Slim (down on 9♠): Rifle, Brawling"


@synchronous
async def test_the_highlighted_models_weapons_are_in_sight_at_80_columns(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        detail = app.query_one(ConflictPane).query_one("#detail", Static)
        assert detail.region.width and detail.region.bottom <= 24
        key = "R: red · B: black · Val: value (2 best) · Hits: left/at the start"
        # red acts first; the Weapons column is left out at 80 columns, so the key has none
        assert shown(detail) == f"Big Oaf: Pistol, Big Blade, Brawling\n{key}"
        await pilot.press("down")
        # the highlight's move comes as a message: the lines follow it
        await until(pilot, lambda: shown(detail)
                    == f"Sly Shooter: Pistol, Derringers, Brawling\n{key}")


def test_a_model_stopped_by_a_queen_is_not_offered_the_attack() -> None:
    """Its move ends its use now; a journal written before holds the move alone."""
    table = Table(*DUEL, UseModel("Big Oaf", Move.STILL),
                  MakeAttack("Sly Shooter", "pistol", 10, ("Qh", "2s")), PlayResult("Qh"))
    table.written_before(UseModel("Sly Shooter", Move.SLOW))
    state = table.state
    assert over_the_table(state).splitlines()[1] == (
        "Turn 2: The Shooter (black) · Sly Shooter moved slow, stopped by a Queen, so no attack.")
    assert str(fight.why_not_attack(state)) == (
        "Attack: Sly Shooter was stopped by a Queen and may not attack this time: end the turn")


def test_a_model_on_foot_that_moved_flat_out_is_not_offered_the_attack() -> None:
    """Its move ends its use now; a journal written before holds the move alone."""
    table = Table(*DUEL)
    table.written_before(UseModel("Big Oaf", Move.FLAT_OUT))
    assert "on foot, so no attack" in over_the_table(table.state)
    assert "moved flat out on foot" in str(fight.why_not_attack(table.state))


def test_the_last_attack_stays_in_sight_through_the_draws_for_the_fallen() -> None:
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))  # the game ends: red wins
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    lines = attack_panel(table.state).plain.splitlines()
    assert lines[0] == "The last attack"
    assert lines[1].startswith("Big Jim attacks Hatchet")
    quickdraw = table.model("Quickdraw")
    assert quickdraw.status is Status.RESERVE and view.notes(quickdraw) == ""


@synchronous
async def test_the_weapons_column_and_its_key_come_with_the_width(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        table = pane.query_one("#models", DataTable)
        assert [str(c.label) for c in table.ordered_columns][-1] == "Weapons"
        # with room, the weapons by their whole names, and no key to short words (round 10)
        assert str(table.get_row_at(1)[-1]) == "Pistol, Derringers, Brawling"
        assert "Derr." not in shown(pane.query_one("#detail", Static))
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "Weapons" not in [str(c.label)
                                                     for c in table.ordered_columns])
        assert "Derr." not in shown(pane.query_one("#detail", Static))


def test_a_model_that_gave_up_leaves_the_gunfight_but_not_its_posse() -> None:
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(Surrender("Deacon"))
    assert "Deacon" not in [m.name for m in view.listed(view.table_knows(table.state))]
    deacon = table.model("Deacon")
    assert view.model_cells(deacon)[4] == "gave up"  # narrow, in the posse's table
    assert detail(deacon) == "Deacon (surrendered): Rifle, Pistol, Brawling"


def test_a_result_card_played_says_what_it_did_while_the_attack_goes_on() -> None:
    """Quickdraw goes All In and plays a red Ace on the Archer, who gives up his Big Blade;
    while the Archer weighs a second card, the Ace's line tells what it did (line 108)."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(MakeAttack("Archer", "pistol", 4, ("2h", "3h")))
    table.do(GoAllIn("Ah"))
    table.do(PlayResult("Ah", "big-blade"))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    known = view.table_knows(table.state)
    assert view.card_lines(known)[2] == ("A♥", "played: Archer loses Big Blade", False)
    assert "3   A♥  played: Archer loses Big Blade" in view.attack_lines(known)
    assert "played: Archer loses Big Blade" in attack_panel(table.state).plain
    # the cards still open say what they would do
    assert view.card_lines(known)[0] == ("2♥", "no effect", True)


@synchronous
async def test_a_riders_markers_are_in_sight_at_80_columns(tmp_path: Path) -> None:
    """Big Jim rode flat out (a Moving Target until he is used again, line 55) and Quickdraw
    lies on his coffin card: at 80x24 the Notes column shows all of it, none of it cut."""
    campaign = placed(tmp_path / "c", *FIRST_SHOTS)
    big_jim = campaign.state.find("Big Jim")
    assert big_jim is not None and view.notes(big_jim) == "horse moving"
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert cut_off(app) == []
        models = app.query_one(ConflictPane).query_one("#models", DataTable)
        # every column in sight, none of it under the table's scroll bar
        shown = sum(column.get_render_width(models) for column in models.ordered_columns)
        assert shown <= models.scrollable_content_region.width
        rows = [[str(cell) for cell in models.get_row_at(r)] for r in range(models.row_count)]
        assert ["R Big Jim", "6", "2/2", "horse moving"] in rows
        assert ["R Quickdraw", "8", "0/1", "on 9♠"] in rows


#: `test_showdown.first_shots` as commands: Slim's King on Stubby, Long Tom's 9 on
#: Quickdraw, Big Jim riding flat out at Hatchet
FIRST_SHOTS = (
    UseModel("Slim", Move.STILL), MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")),
    PlayResult("Kh"),
    UseModel("Long Tom", Move.STILL), MakeAttack("Quickdraw", "rifle", 70, ("9s", "3d")),
    PlayResult("9s"),
    UseModel("Big Jim", Move.FLAT_OUT), MakeAttack("Hatchet", "dual-pistols", 30, ("Jc", "4d")),
    PlayResult("4d"),
)


def test_a_model_down_reads_its_state_not_the_move_it_made_before() -> None:
    """Doc runs flat out (a Moving Target until used again, line 55) and Deacon's black 9
    lays him down on it (lines 116, 151): his notes say he lies on the 9♠, not "moving", on the
    table, under it and in the posse's table, now and after the game."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Doc", Move.FLAT_OUT))
    assert view.notes(table.model("Doc")) == "civ moving"  # on foot: the turn passes
    table.do(UseModel("Deacon", Move.STILL))
    table.do(MakeAttack("Doc", "rifle", 50, ("9s",)))  # a rifle's 2, one fewer: he moved
    table.do(PlayResult("9s"))
    doc = table.model("Doc")
    assert doc.status is Status.DOWN and doc.moving_target  # the state keeps the marker
    assert view.notes(doc) == "on 9♠ civ"
    assert view.model_cells(doc)[4] == "on 9♠ civ"
    assert detail(doc) == "Doc (down on 9♠, civ): Pistol, Brawling"
    # a Jack or a Queen on a model no longer on the table is not shown either
    for gone in (replace(doc, pinned=True, shaken=True),
                 replace(table.model("Slim"), status=Status.LEFT, moving_target=True,
                         pinned=True)):
        assert not {"moving", "Jack", "Queen"} & set(view.notes(gone).split()), gone.name
    # those still on the table keep theirs
    assert view.notes(replace(table.model("Slim"), pinned=True, shaken=True)) == "Jack Queen"


def free_game(path: Path, rider: str = "Man with No Hat") -> Campaign[MatchState]:
    """Single games: a civilian `rider` on a horse, Big Jim on his and Slim for red, Deacon
    and the Archer for black; game 1 set up (red places first)."""
    store = JournalStore.create(path, new_header("dead-mans-hand", "Free game", 5))
    campaign = Campaign.load(RULES, store.load(), store)
    for command in (ChooseFormat(Format.SINGLE),
                    Recruit("red", rider, 7, 2, ("pistol",), civilian=True, horse=True),
                    Recruit("red", "Big Jim", 7, 2, ("dual-pistols",), horse=True),
                    Recruit("red", "Slim", 7, 2, ("rifle",)),
                    Recruit("black", "Deacon", 7, 2, ("rifle", "pistol"), horse=True),
                    Recruit("black", "Archer", 7, 2, ("bow",)), SetUpGame("5h")):
        campaign.execute(command)
    return campaign


def shown_lines(table: DataTable[Text]) -> list[str]:
    """The table's lines as drawn."""
    return ["".join(segment.text for segment in table.render_line(y)).rstrip()
            for y in range(table.size.height)]


async def rider_notes(campaign: Campaign[MatchState]) -> str:
    """The words of the rider's Notes at 80x24, read off the lines drawn, after finding
    nothing cut off and no Weapons column."""
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert cut_off(app) == []
        table = app.query_one(ConflictPane).query_one("#models", DataTable)
        assert [str(c.label) for c in table.ordered_columns] == ["Name", "Val", "Hits", "Notes"]
        lines = shown_lines(table)
        first = next(i for i, line in enumerate(lines) if "R Man with No Hat" in line)
        head = lines[first].split("2/2")[1].split()
        assert lines[first + 1].startswith(" " * 20), "the second line is the notes' alone"
        return " ".join(head + lines[first + 1].split())


@synchronous
async def test_the_notes_wrap_whole_at_80_columns(tmp_path: Path) -> None:
    """A civilian rider still to place reads "to place civ horse", wider than the room the
    Notes column has at 80 columns: its words wrap onto a second line, none out of sight.
    Riding flat out and stopped by a Queen, it reads "civ horse moving Queen" the same way."""
    assert await rider_notes(free_game(tmp_path / "placing.toml")) == "to place civ horse"
    campaign = free_game(tmp_path / "playing.toml")
    deploy_all(campaign)
    for command in (UseModel("Man with No Hat", Move.FLAT_OUT), EndTurn(),
                    UseModel("Deacon", Move.STILL),
                    MakeAttack("Man with No Hat", "rifle", 50, ("Qs",)), PlayResult("Qs")):
        campaign.execute(command)
    assert await rider_notes(campaign) == "civ horse moving Queen"


def test_a_long_name_is_cut_short_before_the_notes_wrap_narrower_than_the_floor() -> None:
    """The widths the table of models takes: every column whole and the Weapons column when
    there is room; else the notes hold to the room left, and a name so long that the notes
    would have less than NOTES_FLOOR is cut short (it is in full under the table)."""
    rows = [("R Man with No Hat", "7", "2/2", "to place civ horse", "Pistol")]
    assert fitted_columns(rows, 100, 2) == (view.TABLE_COLUMNS, (17, 3, 4, 18, 7))
    assert fitted_columns(rows, 48, 2) == (view.TABLE_COLUMNS[:-1], (17, 3, 4, 14))
    assert fitted_columns(rows, 46, 2) == (view.TABLE_COLUMNS[:-1], (17, 3, 4, 12))
    long = [("R " + "B" * 40, "7", "2/2", "civ horse moving Queen", "Pistol")]
    assert fitted_columns(long, 48, 2) == (view.TABLE_COLUMNS[:-1], (19, 3, 4, NOTES_FLOOR))
    # short notes take only their own width; the name gives only what the notes lack
    short = [("R " + "B" * 40, "7", "2/2", "civ", "Pistol")]
    assert fitted_columns(short, 48, 2) == (view.TABLE_COLUMNS[:-1], (26, 3, 4, 5))



def test_the_longest_name_alone_gives_the_weapons_their_room() -> None:
    """Stop 63: the Weapons column comes in when the longest name, cut short no narrower
    than the next longest, leaves it room; a lone model's name, or two as long, give none."""
    rows = [("R Man with No Hat", "8", "1/1", "", "Shotgun/Fists"),
            ("R Strong Man", "8", "1/1", "", "Blade/Sawn-off/Fists")]
    assert fitted_columns(rows, 61, 2) == (view.TABLE_COLUMNS, (17, 3, 4, 5, 20))
    assert fitted_columns(rows, 60, 2) == (view.TABLE_COLUMNS, (16, 3, 4, 5, 20))
    assert fitted_columns(rows, 56, 2) == (view.TABLE_COLUMNS, (12, 3, 4, 5, 20))
    # then, the names whole, the weapons are cut short down to WEAPONS_FLOOR (14)
    # (test_weapons_kept)
    assert fitted_columns(rows, 55, 2) == (view.TABLE_COLUMNS, (17, 3, 4, 5, 14))
    assert fitted_columns(rows, 54, 2)[0] == view.TABLE_COLUMNS[:-1]
    assert fitted_columns(rows[:1], 54, 2)[0] == view.TABLE_COLUMNS  # whole
    # "Shotgun/Fists" is narrower than the floor already: nothing to give
    assert fitted_columns(rows[:1], 53, 2)[0] == view.TABLE_COLUMNS[:-1]
    twins = [rows[0], ("R Man with No Cap", *rows[1][1:])]
    assert fitted_columns(twins, 58, 2) == (view.TABLE_COLUMNS, (17, 3, 4, 5, 17))
    assert fitted_columns(twins, 54, 2)[0] == view.TABLE_COLUMNS[:-1]
    assert fitted_columns([], 48, 2) == (view.TABLE_COLUMNS, (4, 3, 4, 5, 7))  # nobody yet


@synchronous
async def test_the_showdown_keeps_its_weapons_column_at_120x36(tmp_path: Path) -> None:
    """The sample showdown, its sixteen placed, at 120x36: the table read "Name Val Hits
    Notes", where Jailbreak! at the same size shows the weapons, for want of one column
    (the widest weapons, Blade/Sawn-off/Fists, and the name Man with No Hat). That name
    alone is cut short, in full under the table when highlighted, and nothing is cut off."""
    campaign = placed(tmp_path / "sample")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert cut_off(app) == []
        table = app.query_one(ConflictPane).query_one("#models", DataTable)
        assert [str(c.label) for c in table.ordered_columns] == list(view.TABLE_COLUMNS)
        lines = shown_lines(table)
        assert any("R Man with No H…" in line and "Shotgun/Fists" in line for line in lines)
        assert any("R Strong Man" in line and "Blade/Sawn-off/Fists" in line
                   for line in lines)
    campaign.close()

def keys_line(app: GmScreenApp) -> str:
    """The line over the table that names the rarer keys ("" when there is none)."""
    tracker = str(app.query_one(ConflictPane).query_one("#tracker", Static).render())
    return next((line for line in tracker.splitlines() if line.startswith("Keys:")), "")


def footer_in_sight(app: GmScreenApp) -> list[str]:
    """The keys the footer shows whole now, as it writes them."""
    return [key.key_display for key in app.screen.query(FooterKey) if key.display]


@synchronous
async def test_the_rarer_keys_are_named_and_what_comes_next_is_in_the_footer(
        tmp_path: Path) -> None:
    """At 80x24 in a session, the footer keeps to the steps that come next (and the
    session's f6 and help fit beside them); the steps kept off it (y surrender, z undo the
    attack, R reshuffle, h the play sheet) are named on a "Keys:" line over the table when
    they apply, and each is in the palette."""
    campaign = placed(tmp_path / "c", *FIRST_SHOTS)  # in the sample's session 1
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "u" in footer_in_sight(app))
        await pilot.pause()
        shown = footer_in_sight(app)
        assert {"u", "l", "f6", "f1"} <= set(shown), shown
        assert not {"y", "R", "h", "z"} & set(shown)
        assert keys_line(app) == ("Keys: y surrender, z undo attack, R reshuffle, h play sheet "
                                  "(also in ctrl+p)")
        assert cut_off(app) == []
        pane = app.query_one(ConflictPane)
        names = {name for name, _, _ in pane.palette_commands()}
        assert {"Surrender (give up)", "Undo attack", "Reshuffle", "Play sheet"} <= names
    campaign.close()
    # before a game, only the play sheet applies
    building = sample(tmp_path / "building")
    app = GmScreenApp(building)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert keys_line(app) == "Keys: h play sheet (also in ctrl+p)"


@synchronous
async def test_the_posses_notes_wrap_whole_side_by_side(tmp_path: Path) -> None:
    """At 124 columns the Characters tab sets the posses side by side, about 60 columns
    each: the rider's "civ horse moving Queen" wraps within its Notes column rather than
    running under the table's edge, and reads whole once the tab is wide again."""
    campaign = free_game(tmp_path / "c.toml")
    deploy_all(campaign)
    for command in (UseModel("Man with No Hat", Move.FLAT_OUT), EndTurn(),
                    UseModel("Deacon", Move.STILL),
                    MakeAttack("Man with No Hat", "rifle", 50, ("Qs",)), PlayResult("Qs")):
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(124, 30)) as pilot:
        await shell_up(pilot)
        red = app.query_one("#red", DataTable)
        await until(pilot, lambda: red.row_count and cut_off(app) == [])

        def notes() -> str:
            lines = shown_lines(red)
            first = next(i for i, line in enumerate(lines) if "Man with No Hat" in line)
            cells = lines[first].split("Pistol")[1].split()
            # the lines under it that hold only the notes' words
            more = [line.split() for line in lines[first + 1:first + 4]
                    if line.startswith(" " * 30)]
            return " ".join(cells + [w for words in more for w in words])

        assert notes() == "civ horse moving Queen"
        assert red.rows[next(iter(red.rows))].height > 1
        await pilot.resize_terminal(200, 50)
        await until(pilot, lambda: red.rows[next(iter(red.rows))].height == 1)
        assert notes() == "civ horse moving Queen" and cut_off(app) == []


@synchronous
async def test_the_match_line_breaks_between_its_facts_at_80_columns(tmp_path: Path) -> None:
    """The line over the table holds the title, the scenario, the game, the sides' score
    and the players': at 80 columns a duel between named players is wider than the line,
    and it broke mid-fact ("... · Leon 0, Stephen" and "0" under it). Each fact is kept
    whole now, the line breaking between two facts; wide, it is one line as before."""
    from gmscreen.games.dead_mans_hand.commands import NamePosse
    from tests.dead_mans_hand.helpers import new_campaign

    campaign = new_campaign(tmp_path / "duel.toml")
    for command in (NamePosse("red", "The Oaf", "Leon"),
                    NamePosse("black", "The Shooter", "Stephen"), *DUEL):
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        tracker = app.query_one(ConflictPane).query_one("#tracker", Static)
        lines = str(tracker.render()).splitlines()
        assert lines[:2] == ["The gunfight · Duel between Rivals · game 1 · red 0, black 0",
                             "Leon 0, Stephen 0"]
        assert lines[2] == "Turn 1: The Oaf (red, Leon) uses a model, or leaves."
        await pilot.resize_terminal(160, 40)
        await until(pilot, lambda: str(tracker.render()).splitlines()[0] == (
            "The gunfight · Duel between Rivals · game 1 · red 0, black 0 · Leon 0, "
            "Stephen 0"))


def test_the_detail_line_says_a_horse_a_jack_killed_is_dead_for_the_games_after() -> None:
    """Lines 110 and 153: a Jack kills the loser's horse, and it stays dead for the rest of the
    showdown. Its Notes lose "horse", as one never bought reads, so at game 3 nothing said
    Big Jim rides no more: the mounted model was placed and moved as a rider's."""
    rider = model("Big Jim", "red", weapons=("pistol",), horse=True, bought_horse=True)
    assert "horse" not in detail(rider).split(":")[1]
    unhorsed = replace(rider, horse=False)
    assert detail(unhorsed) == "Big Jim: Pistol, Brawling · its horse is dead"
    between_games = replace(unhorsed, status=Status.RESERVE)
    assert detail(between_games).endswith(" · its horse is dead")
