"""Round 13: nothing left to paper. What earlier rounds left alone and a Dealer would trip
on, and what the book (../shared/seeds/002_ab9b051b2058633a.txt) read cold left for a
notepad; each test is written from the book's line or the Dealer's screen, and failed
before its fix."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    EndTurn,
    LeaveTable,
    LoadScenario,
    NewMatch,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import move_form
from gmscreen.games.dead_mans_hand.sheet import play_sheet
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.events import Event
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from tests.dead_mans_hand.helpers import deploy_all, model, new_campaign, showdown_game_one
from tests.dead_mans_hand.test_book import apaches_and_outlaws
from tests.dead_mans_hand.test_same_posses_again import won_with_slim_put_right
from tests.pilot import about, synchronous, to_tab, until


def test_a_flat_out_move_reads_as_the_book_names_it() -> None:
    """Lines 45-50 name the moves Slow, Quick and Flat Out: the line over the table read
    "Rider moved flat-out" and the log "moves flat-out", the journal's id for the move."""
    table = apaches_and_outlaws("4s")  # black first
    for name in ("Outlaw 1", "Sharpshooter", "Outlaw 2", "Brave", "Rider"):
        table.do(Deploy(name))
    events = table.do(UseModel("Rider", Move.FLAT_OUT))  # mounted: he may still attack
    assert table.rules.describe(events[0]) == "Rider moves flat out (up to 30 yards)."
    assert view.whose(view.table_knows(table.state)) == (
        "Turn 1: Outlaws (black) · Rider moved flat out, attack or end the turn.")


def test_a_match_begun_with_the_same_posses_is_logged_so() -> None:
    """Lines 124-143: `A` begins a match with the posses as they were recruited, and asks
    the Dealer so; the log (and the recap's story) then read "the posses are built anew",
    the words of `M`, which empties them. An older journal, which never kept which, reads
    as before."""
    table = won_with_slim_put_right()
    events = table.do(NewMatch(again=True))
    assert table.rules.describe(events[0]) == (
        "Match 2 begins: both posses start again as they were recruited.")
    anew = won_with_slim_put_right()
    events = anew.do(NewMatch())
    assert anew.rules.describe(events[0]) == "Match 2 begins: the posses are built anew."
    older = events[0]
    written_before = Event(older.seq, older.at, older.session, older.kind,
                           {"match": 2}, older.step)
    assert anew.rules.describe(written_before) == "Match 2 begins: the posses are built anew."


def pack(state: MatchState) -> str:
    return view.pack_line(view.table_knows(state))


def test_once_a_game_is_over_the_pack_line_says_what_the_pack_is_for_next() -> None:
    """Line 151: the fallen of a showdown game draw from a fresh pack, their coffin cards
    aside; the next game is set up as usual (line 145), with a full pack. Once a game was
    over the pack line went on naming its set-up card ("set-up card 5♥, red first") until
    the next was set up, read as who goes first in that one, beside the counts of a pack
    nobody draws from again."""
    # Deacon's rifle lays Big Jim down on the K♠, Slim's laid Stubby down on the 9♥
    table = showdown_game_one(rifle_shot=("Deacon", "Big Jim", 60, ("Ks", "3c")))
    assert pack(table.state) == (
        "Pack: fresh for the fallen's draw, 52 to draw, the 2 coffin cards aside")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))  # Big Jim, on the King, is buried
    assert pack(table.state) == "Pack: the next game, if one is set up, is dealt a full pack"
    table.do(SetUpGame("7c"))
    assert pack(table.state) == "Pack: 53 to draw, 1 discarded · set-up card 7♣, black first"
    # the fallen all past saving: no card is drawn for them, so none waits on the pack
    alone = showdown_game_one(stubby_on="Kh")
    assert pack(alone.state) == "Pack: the next game, if one is set up, is dealt a full pack"


@synchronous
async def test_r_asks_before_the_discard_is_shuffled_back(tmp_path: Path) -> None:
    """A shuffle is not taken back at the table, and a table turning its own cards must
    shuffle its discard back too, or the cards typed no longer match the app's pile: `R`,
    one capital letter from `r`, took effect at once, saying nothing of it. It asks now,
    with the cards going back, as the other steps a table cannot take back do; `n` leaves
    the journal as it was."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)  # in play, between attacks: the set-up card lies in the discard
    path = campaign.store.path  # type: ignore[union-attr]
    before = path.read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = app.screen
        assert isinstance(asked, Confirm) and asked.question == (
            "Reshuffle? The discard (1 card) goes back into the pile; a table turning its "
            "own cards shuffles its discard back too.")
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        await pilot.pause()
        assert path.read_bytes() == before and campaign.state.pack.discard == ("2h",)
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.pack.discard == ())
    assert campaign.events[-1].kind == "dead_mans_hand.pack_reshuffled"


def test_the_play_sheet_gives_the_books_measures_of_the_table() -> None:
    """Line 13: a table two to four feet square for about eight models a side, and ten
    yards a card's length, about 3 inches or 10 cm. The play sheet beside the table gave
    the card alone (F1's Yards gave the inches): a table measuring with a tape, not a card,
    looked the figure up."""
    size, yards = next(lines for title, lines in play_sheet()
                       if title.startswith("On the table"))[:2]
    assert "two to four feet on a side" in size and "about eight models a posse" in size
    assert "a card's length (3 inches, 10 cm) is 10 yards" in yards


def test_the_move_form_under_a_jack_says_when_the_other_moves_come_back() -> None:
    """Line 110: a Jack stops the loser moving the next time it is used, that use alone.
    Under a Jack the move form offers standing still only, and its words under the field
    were the glossary's for every model ("Stand still (Long Shot allowed), slow (up to 10
    yards), quick ..., flat out ..."), moves it does not offer; what the Dealer wants to
    know is how long the Jack lasts."""
    pinned = move_form(model("Slim", "red", pinned=True))
    assert about(pinned, "move") == (
        "The Jack lasts this use only: the other moves come back at its next.")
    assert about(move_form(model("Slim", "red")), "move") == ""  # the glossary's, as before


def test_a_showdown_won_on_a_posse_with_nobody_left_names_that_posse_as_the_tabs_do() -> None:
    """Lines 147, 159: a posse with nobody left who may fight loses the showdown. The log
    and the recap read "The Callahan Gang (red) wins the showdown (the black posse has
    nobody left).", the loser by its colour beside the winner by its name, where the line
    over the table says "The Black Hats has nobody left to fight"."""
    table = showdown_game_one(stubby_on="Kh")  # black gave up; Stubby lies on a King
    events = table.do(DrawForTheFallen())
    assert table.rules.describe(events[-1]) == (
        "The Callahan Gang (red) wins the showdown (The Black Hats has nobody left).")


def test_the_key_to_the_markers_says_how_long_each_lasts() -> None:
    """Line 55: the Moving Target marker stays by the model until it is next used, and
    lines 72 and 402 take a card from each attack on it meanwhile. The key under the
    players' tables said how long a Jack and a Queen last and of "moving" only its name:
    the table asked when the marker comes off."""
    table = apaches_and_outlaws("4s")  # black first
    for name in ("Outlaw 1", "Sharpshooter", "Outlaw 2", "Brave", "Rider"):
        table.do(Deploy(name))
    table.do(UseModel("Rider", Move.FLAT_OUT))
    shown = as_text(view.table_sections(view.table_knows(table.state)))
    assert "moving: Moving Target, one card fewer against it till its next use;" in shown
    assert "Jack: no move at its next use;" in shown


def test_the_model_in_use_is_named_with_its_posse_as_the_turn_is() -> None:
    """Line 33: a turn is a side's, one model at a time. Over the table the turn waiting
    for a model named the posse ("Turn 1: Outlaws (black) uses a model, or leaves.") and,
    a model used, its colour alone ("Turn 1: black · Rider moved flat out, ..."): one posse
    named two ways a step apart. Where the screen has no room for the name, the colour
    alone, as the line before it does."""
    table = apaches_and_outlaws("4s")  # black first
    for name in ("Outlaw 1", "Sharpshooter", "Outlaw 2", "Brave", "Rider"):
        table.do(Deploy(name))
    known = view.table_knows(table.state)
    assert view.whose(known) == "Turn 1: Outlaws (black) uses a model, or leaves."
    table.do(UseModel("Outlaw 1", Move.SLOW))
    known = view.table_knows(table.state)
    assert view.whose(known) == (
        "Turn 1: Outlaws (black) · Outlaw 1 moved slow, attack or end the turn.")
    assert view.whose(known, room=60) == (
        "Turn 1: black · Outlaw 1 moved slow, attack or end the turn.")


def test_a_campaigns_second_showdown_is_named_as_the_line_over_the_table_names_it() -> None:
    """Lines 124, 145 over a campaign: the second showdown reads "Dramatic Showdown 2 ·
    game 1" over the table, but the question ending a session in its middle, the next
    session's notice and the recap told "game 1 of the Dramatic Showdown", the words of the
    first, already won."""
    from gmscreen.games.dead_mans_hand.turns import under_way

    table = won_with_slim_put_right()
    assert under_way(table.state) is None
    table.do(NewMatch(again=True))
    table.do(SetUpGame("5h"))
    known = view.table_knows(table.state)
    assert view.match_line(known).startswith("Dramatic Showdown 2 · game 1")
    deploy_all(table)
    assert under_way(table.state) == (
        "game 1 of Dramatic Showdown 2, at turn 1 (The Callahan Gang's)")
    for fighter in table.state.black.on_table()[:-1]:
        table.do(Surrender(fighter.name))
    table.do(UseModel("Slim", Move.STILL))
    table.do(EndTurn())
    table.do(LeaveTable("Sawbones", Move.QUICK))  # black's last: he lives to fight game 2
    assert view.table_stands(view.table_knows(table.state)) == (
        "Dramatic Showdown 2 at red 1, black 0 after game 1")
    # the campaign's first reads as before
    first = showdown_game_one()
    assert view.table_stands(view.table_knows(first.state)) == (
        "the Dramatic Showdown at red 1, black 0 after game 1; Stubby still to draw for")
