"""The players' side of a session: what the table sees on the players' screen while a
conflict runs, and what it is owed next. Found by playing The Hanged Man's jail conflict and
a second session's jailbreak from the app, with `gmscreen show` open beside it at 80x24:

- the conflict under way came below the posse, the others met and the fates, out of sight
  at 80x24 (the table saw the posse and the clock, not the hands being played);
- the posse's table became ten lines of text at 80 columns once a status ("last leg") was
  written beside a long name;
- nothing told the table what the conflict waited for (who still draws, who still places
  the Difficulty), nor the Stakes its end pays and to whom, though the Dealer's tab says it;
- a player character on the Road to Hell read only "last leg" or "fate due": not that the
  next conflict using the attribute at 0 is his last (book l.319), nor that, that conflict
  over, his player tells how he leaves play (l.317)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RuleCarryOver,
    SetDevilRating,
    SetWinnerCard,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import JACK, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import Grid, as_text
from gmscreen.ui.players import PlayersApp
from tests.dust_devils.game import Table, sample
from tests.dust_devils.hidden import assert_table_keeps_hidden
from tests.pilot import screen_text, synchronous, until


@asynccontextmanager
async def screen_at_80x24(tmp_path: Path, play: Callable[[Campaign[DustDevilsState]], None]
                          ) -> AsyncIterator[PlayersApp]:
    """The players' screen at 80x24 of the sample played on by `play`, its tables filled."""
    campaign = sample(tmp_path / "c", play)
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        # each table filled and laid out as tall as its rows, where one pause after the
        # first table's rows read a screen not yet laid out with them on a loaded machine
        def drawn() -> bool:
            tables = [t for t in app.query(DataTable) if t.display]
            return bool(tables) and tables[0].row_count > 0 and all(
                t.size.height > t.row_count for t in tables if t.row_count)

        await until(pilot, drawn)
        yield app


def _seen(state: DustDevilsState) -> str:
    return " ".join(as_text(view.table_sections(view.table_knows(state))).split())


def _titles(state: DustDevilsState) -> list[str]:
    return [s.title for s in view.table_sections(view.table_knows(state))]


def _jailbreak(table: Table) -> None:
    """Zeke and Luke against Long Tom for 2 Chips of Stakes, dealt and drawn: Zeke's three
    Aces beat Long Tom's pair, and Luke's two pair stand with Zeke."""
    table.do(OpenConflict("The jailbreak", (
        Entrant(ZEKE.name, "break Tom's jail", ("Hand", "Guts")),
        Entrant(TOM.name, "keep the drunk in chains", ("Hand", "Guts")),
        Entrant(LUKE.name, "cover Zeke from the roof", ("Eye", "Guts"))), stakes=2))
    zeke = ("As", "Ad", "Ah", "9c", "7d", "2s", "3h", "4c")
    tom = ("Jh", "Jc", "10h", "9s", "4d", "5h", "8c")
    luke = ("6h", "6c", "5d", "5s", "Kh", "2d", "3c")
    table.do(Deal(((ZEKE.name, zeke), (TOM.name, tom), (LUKE.name, luke))))


def _played_to_the_draw() -> Table:
    table = Table()
    for sheet in (ZEKE, LUKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    for sheet in (ZEKE, LUKE):
        table.do(SetDevilRating(sheet.name, 2))
    _jailbreak(table)
    return table


def _stand_pat_and_call(table: Table, zeke: tuple[str, ...], luke: tuple[str, ...]) -> None:
    """Every hand of the jailbreak stands pat; the Call lays Zeke's and Luke's `zeke` and
    `luke`, and Long Tom's jacks."""
    for name in (ZEKE.name, TOM.name, LUKE.name):
        table.do(Draw(name, (), ()))
    table.do(Call(((ZEKE.name, zeke), (TOM.name, ("Jh", "Jc", "10h", "9s", "8c")),
                   (LUKE.name, luke))))


def test_the_table_sees_who_still_draws_and_then_the_call() -> None:
    table = _played_to_the_draw()
    assert (f'Still to draw or stand pat: {ZEKE.name}, "Long" Tom Meredith and '
            f'{LUKE.name}; then the Call.') in _seen(table.state)
    table.do(Draw(ZEKE.name, (), ()))
    table.do(Draw(TOM.name, (), ()))
    assert f"Still to draw or stand pat: {LUKE.name}; then the Call." in _seen(table.state)
    table.do(Draw(LUKE.name, (), ()))
    assert "Every hand has drawn or stood pat: the Call is next." in _seen(table.state)
    assert_table_keeps_hidden(table.state)


def test_after_the_call_the_table_sees_who_places_the_difficulty_and_the_stakes_owed() -> None:
    table = _played_to_the_draw()
    _stand_pat_and_call(table, ("As", "Ad", "Ah", "9c", "7d"), ("6h", "6c", "5d", "5s", "Kh"))
    seen = _seen(table.state)
    assert 'Still to place the Difficulty: "Long" Tom Meredith.' in seen
    assert (f"Its end pays the Stakes: 2 Chips each to {ZEKE.name} and {LUKE.name}."
            in seen)
    # placed: the table no longer waits on him; the Stakes are still owed until the end
    table.do(TakeDifficulty(TOM.name, (("Hand", 1), ("Heart", 2))))
    seen = _seen(table.state)
    assert "Still to place" not in seen and "Its end pays the Stakes" in seen
    assert_table_keeps_hidden(table.state)
    table.do(EndConflict())
    assert "Its end pays" not in _seen(table.state)


def test_a_dealers_win_owes_no_stakes_and_says_none() -> None:
    """The Stakes go to player characters that won or stood with the winner (l.233): when
    the Dealer's character wins, the table is owed nothing and reads nothing of it."""
    table = _played_to_the_draw()
    _stand_pat_and_call(table, ("9c", "7d", "2s", "3h", "4c"), ("6h", "Kh", "2d", "3c", "5d"))
    seen = _seen(table.state)
    assert "Its end pays the Stakes" not in seen
    assert f"Still to place the Difficulty: {ZEKE.name} and {LUKE.name}." in seen


def test_the_conflict_under_way_comes_first_and_the_posse_leads_between_conflicts() -> None:
    table = _played_to_the_draw()
    assert _titles(table.state)[:3] == [
        "Conflict 1 (the Draw): The jailbreak, Stakes 2", "Goals", "The posse"]
    _stand_pat_and_call(table, ("As", "Ad", "Ah", "9c", "7d"), ("6h", "6c", "5d", "5s", "Kh"))
    table.do(TakeDifficulty(TOM.name, (("Hand", 1), ("Heart", 2))))
    table.do(EndConflict())
    assert _titles(table.state)[0] == "The posse"
    assert "No conflict under way" in _titles(table.state)


def _zeke_at_zero(table: Table) -> None:
    """A flush of clubs takes Zeke's Guts (3) to 0 against a stud hand."""
    table.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "hold on", ("Hand", "Eye")),),
                          stud=5))
    zeke = ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")
    dealer = ("2c", "5c", "8c", "Jc", "Kc")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke[:5]), ("Dealer", dealer))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    table.do(EndConflict())


def _last_stand(stud: int, stakes: int = 0) -> Table:
    """Zeke (his Devil 2 this session, Jack beside him) at 0 in Guts after a bar fight, his
    last conflict, with Guts, opened against a stud hand of `stud` cards."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_at_zero(table)
    table.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "go down fighting",
                                                 ("Hand", "Guts")),), stud=stud, stakes=stakes))
    return table


def test_the_table_reads_the_road_to_hell_and_whose_fate_is_owed() -> None:
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    assert "On the Road to Hell" not in _titles(table.state)
    _zeke_at_zero(table)
    seen = _seen(table.state)
    assert (f"{ZEKE.name}: at 0 Guts; the next conflict using it is the last (the Devil "
            "rating deals in its place, and the player narrates).") in seen
    # his last conflict, with Guts: while it runs the table reads that it is (and not that
    # the next would be); once it ends the table waits on his player's telling
    table.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "go down fighting",
                                                 ("Hand", "Guts")),), stud=3))
    seen = _seen(table.state)
    assert f"{ZEKE.name} enters at 0: the last conflict on the Road to Hell." in seen
    assert "the next conflict using it" not in seen and "On the Road to Hell" not in seen
    table.do(Deal(((ZEKE.name, ("Ks", "Kd", "2h", "5c", "7d", "9s", "Jh")),
                   ("Dealer", ("2c", "4d", "6s")))))
    table.do(Call(((ZEKE.name, ("Ks", "Kd", "Jh", "9s", "7d")), ("Dealer", ("2c", "4d", "6s")))))
    table.do(EndConflict())
    seen = _seen(table.state)
    assert (f"{ZEKE.name}: the last conflict is over; the player tells how {ZEKE.name} "
            "leaves play.") in seen


def _zeke_on_his_last_leg(campaign: Campaign[DustDevilsState]) -> None:
    """The sample's jail conflict played out: Zeke loses and his Heart goes to 0."""
    campaign.execute(Draw(ZEKE.name, (), ()))
    campaign.execute(Draw(TOM.name, (), ()))
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, p.hand[:5]) for p in conflict.participants)))
    campaign.execute(TakeDifficulty(ZEKE.name, (("Hand", 3), ("Heart", 2))))


@synchronous
async def test_at_80x24_the_hands_are_in_sight_and_the_posse_stays_a_table(tmp_path: Path
                                                                          ) -> None:
    async with screen_at_80x24(tmp_path, _zeke_on_his_last_leg) as app:
        shown = screen_text(app)
        # the hands laid and the Call's outcome, on the first screen
        assert "J♥ J♦ J♣ 4♠ 4♦" in shown and "Full house" in shown, shown
        assert "Winning combination" in shown, shown
        posse = [t for t in app.query(DataTable) if t.row_count == 4]
        assert posse and [r.height for r in posse[0].rows.values()] == [1] * 4


def _a_straight_flush_laid(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded by the Dealer; Black Jack lays a straight flush against a
    stud hand of three, the Dealer's king high."""
    campaign.execute(DealerFolds())
    campaign.execute(OpenConflict("Tracks out of Last Oak", (
        Entrant(JACK.name, "find where Long Tom rode", ("Hand", "Eye")),), stud=3))
    jack = ("*", "Jc", "10c", "9c", "8c", "4h", "8d")
    campaign.execute(Deal(((JACK.name, jack), ("Dealer", ("7d", "Kd", "10s")))))
    campaign.execute(Draw(JACK.name, (), ()))
    campaign.execute(Call(((JACK.name, jack[:5]), ("Dealer", ("7d", "Kd", "10s")))))


@synchronous
async def test_at_80x24_the_hands_laid_stay_a_table_of_a_line_each(tmp_path: Path) -> None:
    async with screen_at_80x24(tmp_path, _a_straight_flush_laid) as app:
        hands = app.query(DataTable).first()
        assert hands.row_count == 2
        assert [r.height for r in hands.rows.values()] == [1, 1]
        shown = screen_text(app)
        assert "Straight flush" in shown and "lost, narrates" in shown, shown
        assert f"{JACK.name}'s goal: find where Long Tom rode." in " ".join(shown.split())


def test_a_player_who_folds_out_of_his_last_conflict_reads_the_next_as_his_last() -> None:
    """Line 329: a character at 0 may fold to skirt a conflict and keep his last for a
    better one; folded (a Chip), the table reads again that the next conflict is his last."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_at_zero(table)
    table.do(GiveChips(ZEKE.name, 1, "a round bought"))
    table.do(OpenConflict("Cards at the saloon", (Entrant(ZEKE.name, "win the pot",
                                                          ("Eye", "Guts")),), stud=5))
    assert "the next conflict using it" not in _seen(table.state)
    table.do(Fold(ZEKE.name))
    seen = _seen(table.state)
    assert "enters at 0" not in seen
    assert f"{ZEKE.name}: at 0 Guts; the next conflict using it is the last" in seen


def test_the_table_reads_the_winners_card_and_the_rulings_while_a_conflict_runs() -> None:
    """Line 208, the optional rule: the winners of a conflict that goes on at once get a card
    more. The players' screen counted Jack's 8 cards (Hand 3 + Eye 4) without saying why,
    and said the rulings in force only between conflicts."""
    table = Table()
    for sheet in (JACK, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetWinnerCard(True))
    table.do(RuleCarryOver(True))
    shootout = (Entrant(JACK.name, "drop Tom", ("Hand", "Eye")),
                Entrant(TOM.name, "drop Jack", ("Hand", "Eye")))
    table.do(OpenConflict("Shootout", shootout))
    table.do(Deal(((JACK.name, ("As", "Ad", "Ah", "2c", "3c", "4d", "5h")),
                   (TOM.name, ("Ks", "Kd", "2h", "3s", "7c")))))
    table.do(Call(((JACK.name, ("As", "Ad", "Ah", "2c", "3c")),
                   (TOM.name, ("Ks", "Kd", "2h", "3s", "7c")))))
    table.do(TakeDifficulty(TOM.name, (("Hand", 2), ("Eye", 1))))
    table.do(EndConflict())
    table.do(OpenConflict("Shootout, again", shootout, continues=True))
    seen = _seen(table.state)
    assert ('"Black" Jack Kerrigan won the conflict this goes on from: a card more, the '
            "winner's card (the optional rule).") in seen
    assert ("Rulings ======= Winner's extra card: on; damage carries over this session"
            in seen)
    table.do(Deal(((JACK.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                   (TOM.name, ("Qs", "Qd")))))
    table.do(Call(((JACK.name, ("2s", "4d", "6h", "8h", "9s")), (TOM.name, ("Qs", "Qd")))))
    assert "the winner's card" not in _seen(table.state)  # said before the Call


def test_what_the_conflict_waits_for_follows_an_undo_and_a_redo(tmp_path: Path) -> None:
    """The sample's jail conflict played to the Call and Zeke's loss placed: undone, the
    table waits on him again; redone, it does not; the Call undone, the hands are face down
    and the Draw's waiting is said again."""
    campaign = sample(tmp_path / "c", _zeke_on_his_last_leg)
    assert "Still to place" not in _seen(campaign.state)
    campaign.undo()
    assert f"Still to place the Difficulty: {ZEKE.name}." in _seen(campaign.state)
    campaign.redo()
    assert "Still to place" not in _seen(campaign.state)
    campaign.undo()
    campaign.undo()  # the Call
    seen = _seen(campaign.state)
    assert "Every hand has drawn or stood pat: the Call is next." in seen
    assert "8 cards face down" in seen and "Full house" not in seen
    assert_table_keeps_hidden(campaign.state)
    campaign.close()


def test_a_new_campaigns_posse_says_why_it_is_empty() -> None:
    """A campaign just made: the players' screen drew the posse's headings over nothing and
    a note on abbreviations no row used."""
    table = Table()
    posse = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title == "The posse")
    assert isinstance(posse, Grid) and posse.rows == ()
    assert posse.note == "No player character is made yet."
    table.do(MakeCharacter(JACK))
    posse = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title == "The posse")
    # the key comes back with the first sheet, saying the marks its rows show (none yet)
    assert isinstance(posse, Grid) and posse.note == view.character_note(posse.rows) == ""


def test_the_table_reads_whether_narration_may_still_be_bid_for() -> None:
    """Line 293: after the Call any player may spend Chips to take narration, the high
    card's holder keeping it by meeting the highest bid; once bid for, it is settled. The
    Dealer's tab offered the bid; the table read nothing of it."""
    table = _played_to_the_draw()
    _stand_pat_and_call(table, ("As", "Ad", "Ah", "9c", "7d"), ("6h", "6c", "5d", "5s", "Kh"))
    assert (f"Narration may still be bought with Chips: {ZEKE.name} keeps it by meeting "
            "the highest bid.") in _seen(table.state)
    table.do(BidForNarration(((LUKE.name, 1),)))
    seen = _seen(table.state)
    assert "may still be bought" not in seen
    assert f"Narrator: {LUKE.name}, by Chips bid." in seen


def test_a_dealers_high_card_is_bid_for_without_a_holder_to_meet_it() -> None:
    table = _played_to_the_draw()
    _stand_pat_and_call(table, ("9c", "7d", "2s", "3h", "4c"), ("6h", "6c", "2d", "3c", "5d"))
    seen = _seen(table.state)
    assert 'High card J♥ laid by "Long" Tom Meredith.' in seen
    assert "Narration may still be bought with Chips: the highest bid takes it." in seen


def test_one_who_entered_at_zero_narrates_and_nobody_is_told_to_bid() -> None:
    table = _last_stand(stud=3)
    table.do(Deal(((ZEKE.name, ("Ks", "Kd", "2h", "5c", "7d", "9s", "Jh")),
                   ("Dealer", ("2c", "4d", "As")))))
    table.do(Call(((ZEKE.name, ("Ks", "Kd", "Jh", "9s", "7d")), ("Dealer", ("2c", "4d", "As")))))
    assert "may still be bought" not in _seen(table.state)


def _jailbreak_called(campaign: Campaign[DustDevilsState]) -> None:
    """The sample's jail conflict folded by the Dealer; the jailbreak dealt and called:
    Zeke's three Aces beat Long Tom's pair, Luke's two pair stand with Zeke."""
    campaign.execute(DealerFolds())
    campaign.execute(OpenConflict("The jailbreak", (
        Entrant(ZEKE.name, "break Long Tom out of his own jail", ("Hand", "Guts")),
        Entrant(TOM.name, "keep the drunk in chains till the judge comes", ("Hand", "Guts")),
        Entrant(LUKE.name, "cover Zeke from the roof of the livery", ("Eye", "Guts"))),
        stakes=2))
    zeke = ("As", "Ad", "Ah", "9c", "7d", "2s", "3h", "4c")
    tom = ("Jh", "Jc", "10h", "9s", "4d", "5h", "8c")
    luke = ("6h", "6c", "5d", "5s", "Kh", "2d", "3c")
    campaign.execute(Deal(((ZEKE.name, zeke), (TOM.name, tom), (LUKE.name, luke))))
    for name in (ZEKE.name, TOM.name, LUKE.name):
        campaign.execute(Draw(name, (), ()))
    campaign.execute(Call(((ZEKE.name, zeke[:5]), (TOM.name, ("Jh", "Jc", "10h", "9s", "8c")),
                           (LUKE.name, luke[:5]))))


@synchronous
async def test_at_80x24_what_the_call_decided_and_what_is_owed_are_in_sight(tmp_path: Path
                                                                           ) -> None:
    async with screen_at_80x24(tmp_path, _jailbreak_called) as app:
        shown = " ".join(screen_text(app).split())
        assert "Winning combination A" in shown, shown
        assert 'Still to place the Difficulty: "Long" Tom Meredith.' in shown, shown
        assert (f"Its end pays the Stakes: 2 Chips each to {ZEKE.name} and {LUKE.name}."
                in shown), shown


def test_two_who_entered_at_zero_alone_may_buy_narration() -> None:
    """Line 327: when several enter at 0, only they bid for narration, and the one who laid
    the highest card among them holds it until outbid."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(JACK))
    table.do(MakeCharacter(LUKE))
    table.start_session()
    for sheet in (ZEKE, JACK, LUKE):
        table.do(SetDevilRating(sheet.name, 2))
    _zeke_at_zero(table)
    # a flush of clubs takes Jack's Guts (2) to 0 too
    table.do(OpenConflict("Second bar fight", (Entrant(JACK.name, "hold on", ("Hand", "Eye")),),
                          stud=5))
    jack = ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh")
    table.do(Deal(((JACK.name, jack), ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(Call(((JACK.name, jack[:5]), ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(TakeDifficulty(JACK.name, (("Guts", 2),)))
    table.do(EndConflict())
    table.do(OpenConflict("Both at the end", (
        Entrant(ZEKE.name, "go out standing", ("Hand", "Guts")),
        Entrant(JACK.name, "go out laughing", ("Eye", "Guts")),
        Entrant(LUKE.name, "pull them both out", ("Hand", "Eye")))))
    zeke = ("Ks", "Kd", "2h", "5c", "7d", "3s", "4s")
    jack_again = ("Qs", "Qd", "3h", "6c", "8d", "2d")
    luke = ("As", "Ad", "4h", "9c", "10d", "2c")
    table.do(Deal(((ZEKE.name, zeke), (JACK.name, jack_again), (LUKE.name, luke))))
    table.do(Call(((ZEKE.name, zeke[:5]), (JACK.name, jack_again[:5]), (LUKE.name, luke[:5]))))
    assert (f"Narration may still be bought with Chips by {ZEKE.name} and {JACK.name} alone "
            f"(at 0): {ZEKE.name} keeps it by meeting the highest bid.") in _seen(table.state)


def test_what_swayed_a_players_deal_is_told_and_a_dealers_characters_is_not() -> None:
    """Lines 117-123: a player's Devil adds or takes cards in a conflict it touches, and a
    trait that fits adds one; the player's sheet is open to the table, and the count of
    cards dealt is seen. The players' screen and the table's recap counted Zeke's 10 cards
    and never said his Devil brought two of them; Long Tom's Devil is the Dealer's."""
    table = Table()
    for sheet in (ZEKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("Whiskey at the jail", (
        Entrant(ZEKE.name, "drink the sheriff under the table", ("Hand", "Guts"), trait=True,
                devil=2, chip=True),
        Entrant(TOM.name, "keep his keys", ("Hand", "Guts"), trait=True, devil=-2))))
    seen = _seen(table.state)
    assert f"A trait of {ZEKE.name}'s fits: a card more." in seen
    assert f"{ZEKE.name}'s Devil comes in: 2 cards more." in seen
    assert f"{ZEKE.name} bought a card more with a Chip." in seen
    assert "Meredith's Devil" not in seen and "Meredith's fits" not in seen
    opened = next(e for e in table.events if e.kind == "dust_devils.conflict_opened")
    told = view.table_tells(opened, view.table_knows(table.state))
    assert told is not None
    assert told.endswith(f". A trait of {ZEKE.name}'s fits: a card more. {ZEKE.name}'s "
                         "Devil comes in: 2 cards more"), told
    assert "Meredith's" not in told
    # without what the table knows, nobody is known to be a player's: nothing is said
    assert "Devil" not in (view.table_tells(opened) or "")
    # the Dealer's log keeps his rulings on both
    dealers = RULES.describe(opened)
    assert f"{ZEKE.name} (Hand + Guts, 12 cards, a trait, the Devil +2)" in dealers, dealers
    assert ", a trait, the Devil -2)" in dealers, dealers
