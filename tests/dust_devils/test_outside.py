"""Checked from outside (round 14): the book's situations run as a checker runs them, on a
new campaign of the book's cast, through the app's keys, `gmscreen replay --json`, `recap`
and `check`.

Found wrong: when "Long" Tom won over Zeke, the Dealer's Five Card Stud beside him read
"lost" on both screens and in `replay --json`, though the Dealer's hands stand together
against the players (a player's hand beside a player's winning hand reads "ally won").

The Conflict tab's Status column said what swayed a hand's count (trait, Chip, Devil)
but not the winner's card: Jim's 9 cards for Hand 4 + Eye 4 read as a slip beside an empty
Status.

And a conflict whose hands were due all 54 cards of the pack (four players each with
a trait, a Chip and the Devil, and the Dealer's Seven Card Stud with its card more) crashed
the app as it drew the Conflict tab ("no cards to make a hand of"), and again each time the
campaign was opened: the win chances let the first hands' draws take the cards the last
hand's Deal needed. Then, dealt, the Draw form offered Jim 4 cards to change from an empty
pack, and refused "only 0 cards are left in the pack"."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from random import Random
from typing import Any

import pytest

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BidForNarration,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    MakeCharacter,
    MakeHangedManCast,
    OpenConflict,
    RestorePoint,
    SetSessionDevils,
    SetWinnerCard,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.conflict import draw_allowed
from gmscreen.games.dust_devils.deal import deal_hands, draw_from_pack
from gmscreen.games.dust_devils.odds import Seat, win_chances
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Grid
from gmscreen.journal.store import JournalStore, new_header
from tests.dust_devils.test_panes import watched
from tests.pilot import screen_text, synchronous, to_tab, until

#: every hand at its most: a trait, a Chip and the Devil for, each naming its best Knack
WHOLE_PACK = (
    Entrant(JIM.name, "face down the Hoyt gang", ("Hand", "Eye"), trait=True, devil=3,
            chip=True, knack="Shootin'"),                                       # 13 cards
    Entrant(ZEKE.name, "drink and shoot", ("Hand", "Eye"), trait=True, devil=2, chip=True,
            knack="Shootin'"),                                                  # 12
    Entrant(JACK.name, "cheat the gang", ("Hand", "Eye"), trait=True, devil=2, chip=True,
            knack="Gamblin'"),                                                  # 11
    Entrant(LUKE.name, "ride them down", ("Eye", "Heart"), trait=True, devil=2, chip=True,
            knack="Ridin'"),                                                    # 10
)


def _new(tmp_path: Path) -> Campaign[DustDevilsState]:
    """A new campaign, as `gmscreen new` leaves it."""
    store = JournalStore.create(tmp_path / "last-oak.toml", new_header(
        "dust-devils", "Last Oak", 14, datetime(2026, 12, 5, 20, 0).astimezone()))
    return Campaign.load(RULES, store.load(), store)


def _cast(tmp_path: Path) -> Campaign[DustDevilsState]:
    """A new campaign, H's cast of the book, session 1 begun and each player's Devil set as
    the sheets have it."""
    campaign = _new(tmp_path)
    campaign.execute(MakeHangedManCast((JIM.name, ZEKE.name, JACK.name, LUKE.name)))
    campaign.start_session()
    campaign.execute(SetSessionDevils(tuple(
        (who.name, who.devil_rating) for who in (JIM, ZEKE, JACK, LUKE))))
    return campaign


def _whole_pack_due(campaign: Campaign[DustDevilsState]) -> None:
    """The Hoyt gang: 13 + 12 + 11 + 10 cards and the Seven Card Stud with a card more, 8:
    the whole pack of 54."""
    campaign.execute(OpenConflict("Hoyt gang rides in", WHOLE_PACK, stakes=2, stud=7,
                                  stud_chip=True))


def test_the_win_chances_of_a_whole_pack_dealt_leave_every_hand_its_deal() -> None:
    # the draws shared the cards the last hand's Deal needed: "no cards to make a hand of"
    seats = [Seat("Jim", (), 13, 4), Seat("Zeke", (), 12, 2), Seat("Jack", (), 11, 4),
             Seat("Luke", (), 10, 3), Seat("Dealer", (), 8)]
    chances = win_chances(seats, Random(14), 300)
    assert abs(sum(chances.values()) - 1) < 1e-9
    # a few cards left: only those are drawn, and the Deal is whole
    short = [Seat("Jim", (), 13, 4), Seat("Zeke", (), 12, 4), Seat("Dealer", (), 27)]
    assert abs(sum(win_chances(short, Random(14), 300).values()) - 1) < 1e-9


@synchronous
async def test_a_conflict_due_the_whole_pack_opens_in_the_app_with_its_chances(
        tmp_path: Path) -> None:
    campaign = _cast(tmp_path)
    _whole_pack_due(campaign)
    path = campaign.store.path  # type: ignore[union-attr]
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "By side:" in screen_text(app))
        shown = screen_text(app)
        assert "stud 8" in shown and "♠♦ 13" in shown
        assert app.is_running
    campaign.close()
    # and from outside: the journal reads whole, the replay holds the conflict
    found = subprocess.run([sys.executable, "-m", "gmscreen", "check", str(path)],
                           capture_output=True, text=True, check=False)
    assert found.returncode == 0, found.stdout + found.stderr


def test_an_empty_pack_leaves_nothing_to_draw_and_says_so(tmp_path: Path) -> None:
    campaign = _cast(tmp_path)
    _whole_pack_due(campaign)
    state = campaign.state
    assert state.conflict is not None
    counts = {p.name: p.cards_due for p in state.conflict.active}
    assert sum(counts.values()) == 54
    campaign.execute(Deal(tuple(deal_hands(Random(5), counts).items())))
    state = campaign.state
    # Jim's Shootin' 4 allows four, but no card is left to replace them: he stands pat
    assert draw_allowed(state, JIM.name) == 0
    jim = next(p for p in state.conflict.active if p.name == JIM.name)  # type: ignore[union-attr]
    count = len(campaign.events)
    with pytest.raises(RuleError) as refused:
        campaign.execute(Draw(JIM.name, jim.hand[:2], ("*", "As")))
    assert refused.value.rule == "The Draw"
    # the Dealer's award buys his stud hand no card the pack has not got
    dealer = next(p for p in state.conflict.active if p.is_stud)  # type: ignore[union-attr]
    assert draw_allowed(state, "Dealer", chip=True) == 0
    with pytest.raises(RuleError, match="The Draw"):
        campaign.execute(Draw("Dealer", dealer.hand[:1], ("*",), chip=True))
    assert len(campaign.events) == count
    # typed or drawn by the app, the card is out already; the app's own draw says why
    with pytest.raises(RuleError, match="the pack is empty"):
        draw_from_pack(Random(1), state.conflict.seen, 2)  # type: ignore[union-attr]
    # the Conflict tab's line under the hands says it, not "no Knack named"
    lines = " ".join(view.conflict_lines(state))
    assert f"{JIM.name}: best lay" in lines
    assert "may change 0 (the pack is empty)" in lines
    campaign.close()


def test_replay_json_holds_what_the_book_tracks_under_its_names(tmp_path: Path) -> None:
    campaign = _cast(tmp_path)
    _whole_pack_due(campaign)
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    out = subprocess.run([sys.executable, "-m", "gmscreen", "replay", str(path), "--json"],
                         capture_output=True, text=True, check=True).stdout
    replay = json.loads(out)
    characters = next(s for s in replay["sections"] if s["title"] == "Characters")
    assert characters["columns"][:7] == ["Name", "Hand♠", "Eye♦", "Guts♣", "Heart♥", "Devil",
                                         "Chips"]
    jim = next(r for r in characters["rows"] if r[0] == JIM.name)
    # the book's sheet: Hand 4, Eye 4, Guts 3, Heart 2, Devil 3, Chips 3: less the one he
    # spent on a card more, and one more from the Dealer's card more for his stud hand
    assert jim[1:7] == ["4", "4", "3", "2", "3", "3"]
    sheet = next(s for s in replay["sections"] if s["title"] == JIM.name)
    assert any(line.startswith("Knacks") and "Shootin' 4" in line for line in sheet["lines"])
    assert any(line.startswith("Traits") for line in sheet["lines"])


def test_the_stud_hand_beside_a_winning_character_of_the_dealers_reads_ally_won(
        tmp_path: Path) -> None:
    # the bounty money at the jail: Zeke and Black Jack against Long Tom and the Dealer's
    # Five Card Stud; Tom's flush of clubs wins
    campaign = _cast(tmp_path)
    campaign.execute(OpenConflict("The bounty money at the jail", (
        Entrant(ZEKE.name, "make Long Tom own they hanged the wrong man", ("Hand", "Guts")),
        Entrant(TOM.name, "run the drunk out of his jail", ("Hand", "Guts"))),
        stakes=1, stud=5))
    campaign.execute(Deal((
        (ZEKE.name, ("As", "Ad", "3s", "4s", "6d", "8h", "9d", "10h")),
        (TOM.name, ("2c", "5c", "7c", "9c", "Jc", "3h", "4d")),
        ("Dealer", ("2h", "3d", "4h", "6h", "8s")))))
    campaign.execute(Call((
        (ZEKE.name, ("As", "Ad", "10h", "9d", "8h")),
        (TOM.name, ("Jc", "9c", "7c", "5c", "2c")),
        ("Dealer", ("8s", "6h", "4h", "3d", "2h")))))
    path = campaign.store.path  # type: ignore[union-attr]
    table = view.table_sections(view.table_knows(campaign.state))
    campaign.close()
    out = subprocess.run([sys.executable, "-m", "gmscreen", "replay", str(path), "--json"],
                         capture_output=True, text=True, check=True).stdout
    hands = next(s for s in json.loads(out)["sections"] if s["title"].startswith("Conflict"))
    results = {row[0]: row[-1] for row in hands["rows"]}
    assert results == {ZEKE.name: "lost, narrates", TOM.name: "WON", "Dealer": "ally won"}
    # the players' screen, made from what the table knows, says the same
    shown = next(s for s in table if isinstance(s, Grid) and s.title.startswith("Conflict"))
    assert {row[0]: row[-1] for row in shown.rows} == results


def test_the_stud_hand_beaten_by_a_player_still_reads_lost(tmp_path: Path) -> None:
    campaign = _cast(tmp_path)
    campaign.execute(OpenConflict("Liar in the street", (
        Entrant(JIM.name, "call the mayor a liar", ("Hand", "Eye")),), stud=5))
    campaign.execute(Deal((
        (JIM.name, ("2s", "2h", "Kc", "Qc", "Jc", "3d", "4d", "9h")),
        ("Dealer", ("2c", "2d", "Ks", "Qs", "Js")))))
    campaign.execute(Call(((JIM.name, ("2s", "2h", "Kc", "Qc", "Jc")),
                           ("Dealer", ("2c", "2d", "Ks", "Qs", "Js")))))
    grid = view.hands_grid(campaign.state.conflict, campaign.state)  # type: ignore[arg-type]
    # a pair of 2s and K Q J each: the ranks tie, the suits decide (the 2♠ is highest); the
    # K♠ is the single highest card laid, so the Dealer narrates
    assert {row[0]: row[-1] for row in grid.rows} == {JIM.name: "WON",
                                                     "Dealer": "lost, narrates"}
    campaign.close()


def _zekes_flush_of_clubs(campaign: Campaign[DustDevilsState]) -> None:
    """Long Tom's flush of clubs takes Zeke's Guts 3 to 0; Zeke, holding the A♠, pays a Chip
    to narrate and gets Guts back to 1 (the book's l.295-297)."""
    campaign.execute(OpenConflict("The bounty money at the jail", (
        Entrant(ZEKE.name, "make Long Tom own it", ("Hand", "Guts"), knack="Wrestlin'"),
        Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"))), stakes=1))
    campaign.execute(Deal((
        (ZEKE.name, ("As", "Ad", "3s", "4s", "6d", "8h", "9d", "10h")),
        (TOM.name, ("2c", "5c", "7c", "9c", "Jc", "3h", "4d")))))
    campaign.execute(Call(((ZEKE.name, ("As", "Ad", "10h", "9d", "8h")),
                           (TOM.name, ("Jc", "9c", "7c", "5c", "2c")))))
    campaign.execute(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    campaign.execute(BidForNarration(((ZEKE.name, 1),)))
    campaign.execute(RestorePoint("Guts"))


def _at_the_draw_against_the_stud(campaign: Campaign[DustDevilsState]) -> None:
    campaign.execute(OpenConflict("Shootout at the Red Roof", (
        Entrant(JACK.name, "shoot his way out", ("Guts", "Heart"), knack="Shootin'"),),
        stakes=1, stud=5))
    campaign.execute(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                           ("Dealer", ("5h", "5c", "5d", "2s", "4s")))))


def _nothing(campaign: Campaign[DustDevilsState]) -> None:
    pass


#: a Dealer's mistakes: what is set up first, the step, the rule and the words of the line
MISTAKES: list[tuple[str, Any, Any, str, str]] = [
    ("a stranger in the cast", None,
     MakeHangedManCast((JIM.name, "Bang McCreedy")), "Characters",
     "is none of The Hanged Man's player characters"),
    ("the cast twice", _nothing, MakeHangedManCast((JIM.name, ZEKE.name)), "Characters",
     "The Hanged Man's cast is made once"),
    ("a name twice", _nothing, MakeCharacter(replace(JIM, name="zeke MUNROE")), "Characters",
     "there is already a character named Zeke Munroe"),
    ("one attribute twice", _nothing,
     AddEntrant(Entrant(ZEKE.name, "drink", ("Hand", "Hand"))), "The Deal",
     "picks two different attributes"),
    ("no goal", _nothing, AddEntrant(Entrant(JIM.name, "  ", ("Hand", "Eye"))), "The Deal",
     "declares a goal before the Deal"),
    ("a second point back", _zekes_flush_of_clubs, RestorePoint("Guts"), "Narration",
     "only one point of Difficulty is restored a conflict"),
    ("the stud redraws unpaid", _at_the_draw_against_the_stud,
     Draw("Dealer", ("2s",), ("9c",)), "The Draw",
     "redraws from his stud hand only by awarding each player a Chip"),
    ("a recovery's stud hand too big", _zekes_flush_of_clubs,
     OpenConflict("A bottle at the Red Roof", (
         Entrant(ZEKE.name, "drink himself steady", ("Hand", "Heart"), knack="Drinkin'"),),
         stud=5, recovery=(ZEKE.name, (("Guts", 2),))),
     "Recovery", "2 points back call for a stud hand of 3"),
]


@pytest.mark.parametrize(("setup", "command", "rule", "words"),
                         [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES])
def test_a_dealers_mistake_is_refused_in_words_and_the_journal_is_unchanged(
        tmp_path: Path, setup: Any, command: Any, rule: str, words: str) -> None:
    # None: a campaign just made, before H
    campaign = _new(tmp_path) if setup is None else _cast(tmp_path)
    if setup is not None:
        setup(campaign)
    if rule == "Recovery":  # the flush's conflict ends first
        campaign.execute(EndConflict())
    path = campaign.store.path  # type: ignore[union-attr]
    before = path.read_bytes()
    with pytest.raises(RuleError) as refused:
        campaign.execute(command)
    assert refused.value.rule == rule
    assert words in refused.value.message
    assert path.read_bytes() == before
    campaign.close()


@synchronous
async def test_the_winners_card_is_marked_in_the_status_column(tmp_path: Path) -> None:
    # the optional rule on, Jim wins "Dawn ride" and it goes on at once: 8 + 1 cards
    campaign = _cast(tmp_path)
    campaign.execute(SetWinnerCard(True))
    campaign.execute(OpenConflict("Dawn ride", (
        Entrant(JIM.name, "ride out before dawn", ("Hand", "Eye")),), stud=5))
    campaign.execute(Deal(((JIM.name, ("5s", "*", "5d", "Ah", "Kd", "2c", "3c", "8h")),
                           ("Dealer", ("Jh", "Jd", "7c", "3s", "2h")))))
    campaign.execute(Call(((JIM.name, ("5s", "*", "5d", "Ah", "Kd")),
                           ("Dealer", ("Jh", "Jd", "7c", "3s", "2h")))))
    campaign.execute(EndConflict())
    campaign.execute(OpenConflict("Dawn ride goes on", (
        Entrant(JIM.name, "keep riding", ("Hand", "Eye")),), stud=5, continues=True))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "Dawn ride goes on" in screen_text(app))
        jim = next(row for row in screen_text(app).splitlines()
                   if row.lstrip().startswith(JIM.name) and "♠♦" in row)
        # "won last": the card for winning the conflict just called, named shortly, as
        # "trait" and "Chip" are, so the name stays whole at 80 columns
        assert "♠♦ 9" in jim and "won last" in jim
    campaign.close()
