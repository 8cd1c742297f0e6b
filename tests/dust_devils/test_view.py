"""What the tabs and the players' screen show, from `view`: the table's half never holds a
card that was not laid nor what the Dealer's sheets keep (checked over every prefix of each
sample, against facts generated from the Dealer's state), a non-player character is the
table's once it enters a conflict, the recap tells the table a deal by its count of cards,
every heading has a glossary entry, and the rules and the view load without Textual."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gmscreen.core.poker import Category
from gmscreen.games import rules_for
from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    BuyKnack,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RaiseAttribute,
    RaiseKnack,
    RecordFate,
    SetDevilRating,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.sample import (
    CLARA,
    JACK,
    JIM,
    LUKE,
    MERRILL,
    NON_PLAYERS,
    PLAYERS,
    SAMPLES,
    TOM,
    ZEKE,
)
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import Grid, as_text
from gmscreen.samples import write_sample
from tests.dust_devils.game import Table
from tests.dust_devils.hidden import assert_table_keeps_hidden, cards_not_laid, hidden_facts

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=[s.file for s in SAMPLES])
def played(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign[Any]]:
    found = next(s for s in SAMPLES if s.file == request.param)
    campaign = open_campaign(write_sample(found, tmp_path_factory.mktemp("sample")),
                             rules_for, writable=False)
    yield campaign
    campaign.close()


def _prefixes(campaign: Campaign[Any]) -> Iterator[DustDevilsState]:
    for seq in range(len(campaign.events) + 1):
        state: DustDevilsState = campaign.replay(seq).state
        yield state


def test_the_table_never_sees_a_card_not_laid_nor_the_dealers_sheets(
        played: Campaign[Any]) -> None:
    seen_by_the_dealer = 0
    for state in _prefixes(played):
        assert_table_keeps_hidden(state)
        # the facts are real: the Dealer's own view shows the cards held (so the check
        # above could fail)
        dealers = as_text(view.dealer_sections(state))
        seen_by_the_dealer += sum(card in dealers for card in cards_not_laid(state))
        assert all(fact in dealers for fact in hidden_facts(state) - set(cards_not_laid(state)))
    assert seen_by_the_dealer > 20


def test_the_check_finds_a_card_held_when_it_shows() -> None:
    state = _jack_against_tom().state
    card = cards_not_laid(state)[0]
    leaky = view.table_sections(view.table_knows(state))
    assert card not in as_text(leaky)
    with pytest.raises(AssertionError, match="the table sees"):
        assert_table_keeps_hidden_of(state, [*leaky, Grid("Oops", ("Card",), ((card,),))])


def assert_table_keeps_hidden_of(state: DustDevilsState, sections: list[Any]) -> None:
    shown = as_text(sections)
    leaked = sorted(fact for fact in hidden_facts(state) if fact in shown)
    assert not leaked, f"the table sees {leaked}"


def _jack_against_tom() -> Table:
    table = Table()
    for sheet in (JACK, LUKE, TOM, MERRILL):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(OpenConflict("Long Tom's jail", (
        Entrant(JACK.name, "spring Luke", ("Eye", "Heart"), knack="Lyin'"),
        Entrant(TOM.name, "keep him in", ("Hand", "Guts"), knack="Fightin'"))))
    table.do(Deal(((JACK.name, ("As", "Ad", "Kc", "7h", "2s", "3d", "9c", "Qh")),
                   (TOM.name, ("5c", "5d", "Jh", "Js", "8c", "4h", "6s")))))
    return table


def test_a_hand_is_face_down_until_the_call_lays_it_and_an_npc_is_met_by_entering() -> None:
    table = _jack_against_tom()
    known = view.table_knows(table.state)
    shown = as_text(view.table_sections(known))
    assert "8 cards face down" in shown and "7 cards face down" in shown
    assert "A♠" not in shown and "J♥" not in shown
    assert [o.name for o in known.others] == [TOM.name]  # Merrill has entered no conflict
    assert MERRILL.name not in shown and "Fightin' 3" not in shown
    table.do(Draw(JACK.name, ("2s", "3d"), ("Kd", "Kh"), knack="Lyin'"))
    shown = as_text(view.table_sections(view.table_knows(table.state)))
    assert "(threw 2)" in shown and "K♦" not in shown and "2♠" not in shown
    table.do(Call(((JACK.name, ("As", "Ad", "Kc", "Kd", "Kh")),
                   (TOM.name, ("5c", "5d", "Jh", "Js", "8c")))))
    shown = as_text(view.table_sections(view.table_knows(table.state)))
    assert "A♠ A♦ K♣ K♦ K♥" in shown and "Full house" in shown
    for kept_back in ("7♥", "9♣", "Q♥", "4♥", "6♠", "2♠", "3♦"):
        assert kept_back not in shown
    assert_table_keeps_hidden(table.state)


def test_the_table_sees_a_devil_not_yet_set_this_session() -> None:
    # the player picks the rating as the session starts (book line 115): until then the
    # players' screen marks it as the Dealer's tab does, and says what the mark means
    table = Table()
    for sheet in (JACK, LUKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    posse = view.table_sections(view.table_knows(table.state))[0]
    assert isinstance(posse, Grid) and posse.note == "?: the Devil not yet set this session."
    devil = posse.columns.index("Devil")
    assert [row[devil] for row in posse.rows] == ["2?", "2?"]  # Jack, Luke
    dealers = view.character_grid(table.state)
    assert [row[devil] for row in dealers.rows[:2]] == ["2?", "2?"]
    table.do(SetDevilRating(JACK.name, 3))
    posse = view.table_sections(view.table_knows(table.state))[0]
    assert isinstance(posse, Grid)
    assert [row[devil] for row in posse.rows] == ["3", "2?"]


def test_the_recap_tells_the_table_a_deal_by_its_count_of_cards() -> None:
    table = _jack_against_tom()
    table.do(Draw(JACK.name, ("2s", "3d"), ("Kd", "Kh"), knack="Lyin'"))
    told = [view.table_tells(e) for e in table.events]
    made, dealt, drawn = told[0], told[-2], told[-1]
    assert made == f"{JACK.name} joins the campaign, a player character"
    assert told[3] is None  # Long Tom's sheet is the Dealer's
    assert told[-3] == (f"Conflict 1: {JACK.name} (Eye + Heart, 8 cards), {TOM.name} (Hand + "
                        "Guts, 7 cards)")
    assert dealt == f"The cards are dealt: {JACK.name} 8 cards, {TOM.name} 7 cards"
    assert drawn == f"{JACK.name} changes 2 cards"
    # Long Tom's Fightin' is on the Dealer's sheet: his draw shows only its count
    table.do(Draw(TOM.name, ("8c",), ("3h",), knack="Fightin'"))
    assert view.table_tells(table.events[-1]) == f"{TOM.name} changes 1 card"
    assert [view.episode(e) for e in table.events[-3:]] == ["Long Tom's jail"] * 3
    assert view.episode(table.events[0]) is None


def test_the_recap_tells_the_table_which_card_a_chip_bought_in_the_draw() -> None:
    # lines 299, 308: a Chip buys one card more to change, paid at the table in plain sight.
    # The recap said "Black Jack changes 3 cards. Black Jack pays 1 Chip for it", as if the
    # Chip had paid for all three; it says the Chip's card among them, as the Dealer's log does
    table = _jack_against_tom()
    table.do(Draw(JACK.name, ("2s", "3d", "9c", "7h"), ("Kd", "Kh", "4c", "5h"),
                  knack="Lyin'", chip=True))  # Lyin' 3 and the Chip's card
    assert [view.table_tells(e) for e in table.events[-2:]] == [
        f"{JACK.name} changes 4 cards, one for a Chip", f"{JACK.name} pays 1 Chip for it"]
    # Long Tom's card more is the Dealer's, a Chip to each player: the table sees it paid
    table.do(Draw(TOM.name, ("8c", "4h", "6s", "5c"), ("3h", "2c", "9h", "Td"), chip=True))
    assert view.table_tells(table.events[-2]) == (
        f"{TOM.name} changes 4 cards, one for a Chip")


def test_a_character_who_joins_in_the_session_counts_from_the_chips_on_his_sheet() -> None:
    # McCreedy joins in session 2 with two Chips on his sheet and wins two more: the recap
    # said "0 to 4 Chips", as if he had come with none
    table = _jack_against_tom()
    before = table.state
    dylan = Sheet('Dylan "Bang" McCreedy', player=True, ratings=(4, 2, 4, 3),
                  knacks=(("Blastin'", 4), ("Drinkin'", 3), ("Ridin'", 2), ("Shootin'", 2)),
                  traits=("Strong as an ox", "Crazier than a loon"),
                  devil="The mine shaft", devil_rating=2, chips=2)
    table.do(MakeCharacter(dylan))
    table.do(GiveChips(dylan.name, 2, "a round of drinks"))
    after = table.state
    told = f"{dylan.name}: joins with 2 Chips, 4 at the end"
    assert view.table_totals(view.table_knows(before), view.table_knows(after)) == [told]
    assert view.dealer_totals(before, after) == [told]


def test_the_totals_are_chips_won_and_spent_and_fates() -> None:
    table = _jack_against_tom()
    before = table.state
    table.do(Fold(JACK.name))
    after = table.state
    assert view.table_totals(view.table_knows(before), view.table_knows(after)) == [
        f"{JACK.name}: 4 to 3 Chips"]
    assert view.dealer_totals(before, after) == [f"{JACK.name}: 4 to 3 Chips"]
    assert view.table_cast(view.table_knows(after)) == [f"{JACK.name}, Devil not set",
                                                        f"{LUKE.name}, Devil not set"]
    # one Chip is a Chip: the recap read "Rose Calloway: 0 to 1 Chips"
    table.do(GiveChips(JACK.name, -2, "a correction"))
    assert view.dealer_totals(before, table.state) == [f"{JACK.name}: 4 to 1 Chip"]


def test_the_totals_say_what_the_chips_bought_on_the_sheet() -> None:
    # lines 291-292: Chips raise attributes and Knacks and buy new Knacks. The session's
    # "Won and lost" said only "Luke: 6 to 2 Chips", and where the four went was left to
    # the paragraphs above; it says the sheet's changes beside the Chips
    table = Table()
    table.do(MakeCharacter(LUKE))
    table.start_session()
    before = table.state
    table.do(RaiseKnack(LUKE.name, "Lock Pickin'"))
    table.do(BuyKnack(LUKE.name, "Cookin'"))
    after = table.state
    told = [f"{LUKE.name}: 6 to 2 Chips",
            f"{LUKE.name}'s sheet: Lock Pickin' 1 to 2, Cookin' 1 (new)"]
    assert view.table_totals(view.table_knows(before), view.table_knows(after)) == told
    assert view.dealer_totals(before, after) == told
    # an attribute raised reads the same way
    table.do(GiveChips(LUKE.name, 8, "a long night's winnings"))
    table.do(RaiseAttribute(LUKE.name, "Guts"))
    assert view.dealer_totals(before, table.state)[1] == (
        f"{LUKE.name}'s sheet: Guts 4 to 5, Lock Pickin' 1 to 2, Cookin' 1 (new)")


def _zeke_loses(table: Table, title: str, attributes: tuple[str, str],
                zeke_holds: tuple[str, ...], dealer: tuple[str, ...],
                split: tuple[tuple[str, int], ...]) -> None:
    """Zeke alone against a stud hand of five: he loses, and places `split`."""
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "hold on", attributes),), stud=5))
    table.do(Deal(((ZEKE.name, zeke_holds), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke_holds[:5]), ("Dealer", dealer))))
    table.do(TakeDifficulty(ZEKE.name, split))
    table.do(EndConflict())


def test_who_left_play_in_an_earlier_session_is_not_at_the_table() -> None:
    """The recap's "At the table" of a session names the player characters in play in it:
    Zeke, whose fate was recorded in session 1, is at session 1's table and not at session
    2's, where Luke, made between the sessions, sits down."""
    table = Table()
    table.do(MakeCharacter(JACK))
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_loses(table, "Bar fight", ("Hand", "Eye"),
                ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d"),
                ("2c", "5c", "8c", "Jc", "Kc"), (("Guts", 3),))
    _zeke_loses(table, "Last stand", ("Guts", "Hand"), ("2s", "4d", "6h", "8h", "9s", "Jd", "Ks"),
                ("As", "5c", "8c", "Jc", "Kc"), (("Hand", 1),))
    table.do(RecordFate(ZEKE.name, "dies"))
    zeke = f"{ZEKE.name}, Devil 2"  # the rating his player set for the session
    jack, luke = f"{JACK.name}, Devil not set", f"{LUKE.name}, Devil not set"
    assert view.table_cast(view.table_knows(table.state)) == [jack, zeke]
    table.end_session()
    assert view.table_cast(view.table_knows(table.state)) == [jack, zeke]
    table.do(MakeCharacter(LUKE))
    table.start_session()
    assert view.table_cast(view.table_knows(table.state)) == [jack, luke]
    assert view.table_cast(view.table_knows(table.replayed())) == [jack, luke]


def test_the_recap_says_the_devil_each_player_set_for_the_session() -> None:
    # the player picks the rating at each session's start, minding the sessions before
    # (line 115): the table's recap names it at the table, where it said nothing of it
    table = Table()
    for sheet in (JACK, LUKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(JACK.name, 3))
    luke = f"{LUKE.name}, Devil not set"
    assert view.table_cast(view.table_knows(table.state)) == [f"{JACK.name}, Devil 3", luke]
    table.end_session()
    assert view.table_cast(view.table_knows(table.state)) == [f"{JACK.name}, Devil 3", luke]
    table.start_session()  # not set yet for session 2: last session's is not this one's
    # (round 11: said so, where the names read bare as if the recap forgot the ratings)
    assert view.table_cast(view.table_knows(table.state)) == [f"{JACK.name}, Devil not set",
                                                              luke]


def test_a_recovery_is_offered_for_whom_with_the_points_it_can_bring_back() -> None:
    """Lines 256-279: a recovery brings back points Difficulty took, never to an attribute at
    0. The open form offers each character who can get some back, saying how many from
    where (the pane then sets the stud hand they call for)."""
    table = Table()
    table.do(MakeCharacter(JACK))
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    assert view.recovery_choices(table.state) == []
    # a flush of clubs: Zeke's Guts falls to 0 (nothing to recover there); then two high
    # cards take a point of Heart and one of Hand
    _zeke_loses(table, "Bar fight", ("Hand", "Eye"),
                ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d"),
                ("2c", "5c", "8c", "Jc", "Kc"), (("Guts", 3),))
    assert view.recovery_choices(table.state) == []
    _zeke_loses(table, "Second round", ("Hand", "Eye"),
                ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d"),
                ("Ah", "5c", "8d", "Js", "3c"), (("Heart", 1),))
    _zeke_loses(table, "Third round", ("Hand", "Eye"),
                ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d"),
                ("As", "5c", "8d", "Jc", "3c"), (("Hand", 1),))
    assert view.recovery_choices(table.state) == [(f"{ZEKE.name}: Hand 1, Heart 1 lost",
                                                   ZEKE.name)]
    # the recovery under way says, under the hands, whom it is for and what comes back
    table.do(OpenConflict("Jack's bandages", (Entrant(JACK.name, "patch Zeke up",
                                                      ("Eye", "Heart"), knack="Snoopin'"),),
                          stud=3, recovery=(ZEKE.name, (("Hand", 1), ("Heart", 1)))))
    told = (f"A recovery for {ZEKE.name}: Hand 1, Heart 1 back if a hand that named a Knack "
            "wins.")
    assert told in view.conflict_lines(table.state)
    # and the players' screen, which told Jack's hand against a stud hand and nothing of
    # whom it was for (the log and the recap say it as the conflict opens)
    assert told in as_text(view.table_sections(view.table_knows(table.state)))


def test_a_fate_due_says_who_records_it() -> None:
    """Line 317: the player chooses his character's end; the Dealer's own characters are his
    to end. Zeke's sheet says his player records his fate, Long Tom's that the Dealer does,
    each naming the key, as the Conflict tab does."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(TOM))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_loses(table, "Bar fight", ("Hand", "Eye"),
                ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d"),
                ("2c", "5c", "8c", "Jc", "Kc"), (("Guts", 3),))
    # four Aces take Long Tom's Eye to 0; then both enter their last conflict
    zeke_holds: tuple[str, ...] = ("As", "Ad", "Ah", "Ac", "Ks", "2d", "3d", "4d")
    tom_holds: tuple[str, ...] = ("2h", "4c", "6s", "8d", "9h")
    table.do(OpenConflict("Shoot-out", (Entrant(ZEKE.name, "wing him", ("Hand", "Eye")),
                                        Entrant(TOM.name, "hang him", ("Hand", "Eye")))))
    table.do(Deal(((ZEKE.name, zeke_holds), (TOM.name, tom_holds))))
    table.do(Call(((ZEKE.name, zeke_holds[:5]), (TOM.name, tom_holds))))
    table.do(TakeDifficulty(TOM.name, (("Eye", 2), ("Hand", 2))))
    table.do(EndConflict())
    zeke_holds, tom_holds = ("Ks", "Kd", "Kh", "2c", "5d", "7h", "9s"), ("2h", "4c", "6s")
    table.do(OpenConflict("Showdown", (Entrant(ZEKE.name, "settle it", ("Guts", "Hand")),
                                       Entrant(TOM.name, "hang him", ("Hand", "Eye")))))
    table.do(Deal(((ZEKE.name, zeke_holds), (TOM.name, tom_holds))))
    table.do(Call(((ZEKE.name, zeke_holds[:5]), (TOM.name, tom_holds))))
    table.do(TakeDifficulty(TOM.name, (("Hand", 1), ("Heart", 2))))
    table.do(EndConflict())
    zeke, tom = table.state.character(ZEKE.name), table.state.character(TOM.name)
    assert zeke is not None and tom is not None and zeke.fate_due and tom.fate_due
    assert ("The Road to Hell: the last conflict is over; the player records the fate (Fate)."
            in view.sheet_lines(zeke, table.state))
    assert ("The Road to Hell: the last conflict is over; the Dealer records the fate (Fate)."
            in view.sheet_lines(tom, table.state))
    assert any(line.startswith(f"Fate due: {ZEKE.name}, {TOM.name}.") and "(Fate)" in line
               for line in view.conflict_lines(table.state))


def test_a_character_entering_shows_the_cards_due_before_the_conflict_opens() -> None:
    """Lines 168-170, 67, 117, 299: the Deal is the two attributes' current values, one card
    for a fitting trait, the Devil's whole rating either way, one bought with a Chip. The
    Dealer sees the count as each character is added, not only once the conflict opens:
    Zeke's brawl is Hand 5 + Guts 3 + a trait + his Devil's 2, eleven cards."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    brawl = Entrant(ZEKE.name, "whip Long Tom", ("Hand", "Guts"), trait=True, devil=2)
    assert view.entering_row(table.state, brawl)[1] == "♠♣ 11"
    sober = Entrant(ZEKE.name, "face the mob sober", ("Guts", "Heart"), devil=-2, chip=True)
    assert view.entering_row(table.state, sober)[1] == "♣♥ 4"
    assert "cards due" in view.entering_note(table.state)


def test_the_narrators_point_is_offered_first_where_it_lifts_an_attribute_off_zero() -> None:
    """Lines 295-297: the narrator's Chip gives back a point of this conflict's Difficulty,
    and an attribute at 0 comes back to 1. Zeke, brought to 0 in Heart and 2 in Guts by three
    Kings, buys narration: the form offers Heart first, said to take him off the Road to
    Hell, then Guts, each with the value it goes to."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    zeke_holds, dealer = ("As", "2c", "4d", "6h", "8s", "9c", "Jd", "Qh"), ("Kh", "Kd", "Kc")
    table.do(OpenConflict("The jail lock", (Entrant(ZEKE.name, "get in", ("Hand", "Eye")),),
                          stud=3))
    table.do(Deal(((ZEKE.name, zeke_holds), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, ("As", "Qh", "Jd", "9c", "8s")), ("Dealer", dealer))))
    table.do(TakeDifficulty(ZEKE.name, (("Heart", 2), ("Guts", 1))))
    assert view.restore_choices(table.state) == []  # no Chip paid yet
    table.do(BidForNarration(((ZEKE.name, 1),)))
    assert view.restore_choices(table.state) == [
        ("Heart 0 to 1, off the Road to Hell", "Heart"), ("Guts 2 to 3", "Guts")]


def test_the_fold_form_says_each_players_chips_and_what_folding_forfeits() -> None:
    """Lines 214, 301: a player folds before the Call by spending a Chip, and a character who
    folds gets no Stakes; when every player character folds, the issue stays open. The form
    shows the Chips each holds and says so."""
    table = _jack_against_tom()
    assert view.fold_choices(table.state) == [(f"{JACK.name} (4 Chips)", JACK.name)]
    assert all(w in view.FOLD_NOTE for w in ("a Chip", "no Stakes", "unresolved"))


def test_every_heading_has_a_glossary_entry(played: Campaign[Any]) -> None:
    words = words_of("gmscreen.games.dust_devils")
    headings: set[str] = set()
    for state in _prefixes(played):
        for section in (*view.dealer_sections(state),
                        *view.table_sections(view.table_knows(state))):
            if isinstance(section, Grid):
                headings.update(section.columns)
    missing = sorted(h for h in headings if find(words, h) is None)
    assert not missing, missing
    # and the abbreviations the grids' notes and the sheets use
    for short in ("3/4", "?", "-", "WON", "stud"):
        assert find(words, short) is not None, short


def test_the_view_and_the_rules_import_no_textual() -> None:
    script = ("import sys, gmscreen.games.dust_devils.view, gmscreen.games.dust_devils, "
              "gmscreen.games.dust_devils.sample, gmscreen.games.dust_devils.odds\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.stdout.strip() == "False", result.stderr


def test_clara_left_play_is_told_to_the_table(played: Campaign[Any]) -> None:
    shown = as_text(view.table_sections(view.table_knows(played.state)))
    assert f"{CLARA.name}: moves on" in shown
    assert CLARA.devil not in shown and "Mendin' 2" not in shown


def test_names_are_every_character_the_campaign_holds(played: Campaign[Any]) -> None:
    assert view.names(played.state) == [s.name for s in (*PLAYERS, *NON_PLAYERS)]
    assert view.names(DustDevilsState()) == []


def test_chips_given_before_the_first_session_are_told_as_before_play(
        played: Campaign[Any]) -> None:
    jim = next(who for who in played.state.characters if who.player)
    told = view.sheet_lines(jim, played.state)
    ledger = [line for line in told if line.startswith("  ")]
    assert ledger and "session 0" not in " ".join(told)
    assert any(line.startswith("  before play: +") for line in ledger)


def test_the_draw_offers_first_the_knack_named_at_entry() -> None:
    # the Draw uses the Knack named as the hand entered unless another is ruled relevant
    # (book line 192): the form's first choice says which, or that none was named
    t = Table()
    for sheet in (JACK, LUKE):
        t.do(MakeCharacter(sheet))
    t.do(OpenConflict("Cards at the Red Roof", (
        Entrant(JACK.name, "clean Luke out", ("Eye", "Heart"), knack="Gamblin'"),
        Entrant(LUKE.name, "keep his stake", ("Eye", "Guts"))), stud=5))
    jack = view.draw_knack_choices(t.state, JACK.name)
    assert jack[0] == ("Gamblin' 4, named at entry", "")
    assert "Gamblin'" not in [k for _, k in jack[1:]] and len(jack) == len(JACK.knacks)
    assert view.draw_knack_choices(t.state, LUKE.name)[0] == (
        "none named at entry: no draw without a Chip", "")
    assert view.draw_knack_choices(t.state, "Dealer") == [
        ("none: a Chip to each player buys one card", "")]


def test_the_tables_deal_column_says_the_cards_due_as_its_note_does() -> None:
    # lines 166-170: the Dealer deals each hand its count before everyone; the players'
    # screen said "Deal: the attributes' suits and the cards due" over the suits alone,
    # while the recap told the count
    table = Table()
    for sheet in (JACK, TOM):
        table.do(MakeCharacter(sheet))
    table.do(OpenConflict("Long Tom's jail", (
        Entrant(JACK.name, "spring Luke", ("Eye", "Heart")),
        Entrant(TOM.name, "keep him in", ("Hand", "Guts"))), stud=5))
    hands = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title.startswith("Conflict 1 ("))
    assert isinstance(hands, Grid) and hands.note == view.BEFORE_NOTE
    deal = hands.columns.index("Deal")
    assert [row[deal] for row in hands.rows] == ["♦♥ 8", "♠♣ 7", "stud 5"]
    conflict = table.state.conflict
    assert conflict is not None
    assert [row[deal] for row in view.hands_grid(conflict).rows] == [
        "♦♥ 8", "♠♣ 7", "stud 5"]  # as the Dealer's tab


def test_the_entrant_form_shows_what_the_dealer_rules_on() -> None:
    # lines 67-69, 117-121: the Dealer rules whether a trait fits the way the conflict is
    # met and whether the Devil sways the Deal; at 80 columns the sheets beside the tab are
    # out of sight, so the form says the character's traits and Devil, and the cards the
    # choices deal, as they are picked
    table = Table()
    for sheet in (JIM, TOM):
        table.do(MakeCharacter(sheet))
    told = view.entrant_preview(table.state, Entrant(JIM.name, "", ("Hand", "Eye"),
                                                     trait=True, devil=-3, chip=True))
    assert told.startswith("Deals 7 cards (Hand 4 + Eye 4, a trait, a Chip, the Devil -3).")
    assert "Traits: Cool as a cucumber; Richer than Croesus." in told
    assert f"Devil 3: {JIM.devil}" in told and "Chips 3." in told
    # one of the Dealer's: no Chips; and two attributes the same deal nothing yet
    told = view.entrant_preview(table.state, Entrant(TOM.name, "", ("Hand", "Hand")))
    assert told.startswith("Pick two different attributes.") and "Chips" not in told
    assert view.entrant_preview(table.state, Entrant("Nobody", "", ("Hand", "Eye"))) == ""
    # an attribute at 0 deals the Devil rating in its place (line 321)
    zeke = zeke_at_zero_state()
    told = view.entrant_preview(zeke, Entrant(ZEKE.name, "", ("Guts", "Hand")))
    assert told.startswith("Deals 7 cards (Guts 0, so the Devil's 2 + Hand 5).")
    # and makes this conflict his last (line 319): the form says so before he is added,
    # where it said only the cards, and the Dealer learnt it from the tab once he was in
    assert f"{ZEKE.name} enters at 0: the last conflict on the Road to Hell." in told
    assert "Road to Hell" not in view.entrant_preview(
        zeke, Entrant(ZEKE.name, "", ("Hand", "Eye")))


def test_the_entrant_form_says_a_devil_not_yet_set_before_counting_it() -> None:
    # line 115: a player's rating counts once set for the session; the form read "Deals 7
    # cards (..., the Devil +2)" from last session's number, and sending it was refused
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    swayed = Entrant(ZEKE.name, "", ("Hand", "Eye"), devil=2)
    told = view.entrant_preview(table.state, swayed)
    assert told.startswith(f"{ZEKE.name}'s player has not set the Devil rating for session 1 "
                           "yet"), told
    assert not told.startswith("Deals")
    # a Deal the Devil does not touch is counted as before
    assert view.entrant_preview(table.state, replace(swayed, devil=0)).startswith("Deals")


def test_the_entrant_form_says_a_minor_character_usually_plays_in_the_stud_hand() -> None:
    # a minor character (no Devil) is usually the stud hand's (line 174), and a hand of his
    # own is the Dealer's call (line 371; round 21, where he entered only to heal before).
    # The form says so as he is picked
    table = Table()
    barkeep = Sheet("Barkeep Sam", player=False, ratings=(1, 2, 1, 2),
                    knacks=(("Pourin'", 2),))
    for sheet in (JIM, TOM, barkeep):
        table.do(MakeCharacter(sheet))
    told = view.entrant_preview(table.state, Entrant(barkeep.name, "", ("Hand", "Eye"),
                                                     knack="Pourin'"))
    assert told.startswith("Deals 3 cards (Hand 1 + Eye 2).")
    assert ("Barkeep Sam has no Devil: the stud hand usually plays a minor character; a hand "
            "of his own is the Dealer's call (his attributes, his Knack in the Draw, no "
            "Devil).") in told
    # an important one of the Dealer's, and a player's, enter anything
    for name in (TOM.name, JIM.name):
        assert "no Devil" not in view.entrant_preview(
            table.state, Entrant(name, "", ("Hand", "Eye")))


def zeke_at_zero_state() -> DustDevilsState:
    """Zeke at Guts 0 in a session where his Devil is set at 2."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "win", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(Call(((ZEKE.name, ("Kh", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    table.do(EndConflict())
    return table.state


def test_after_the_call_the_tab_says_what_the_narrator_tells() -> None:
    # lines 166, 220-224: the winner's goal comes true, the narrator tells how, and says
    # whether the losers' do; the better the hand, the more extraordinary the success (a
    # high card routine, a full house exceptional). After the Call the tab and the players'
    # screen named the narrator and the Difficulty, and a Dealer without the book asked
    # "and now what does he tell?"
    table = Table()
    for sheet in (JIM, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(JIM.name, 3))
    table.do(OpenConflict("The jail", (Entrant(JIM.name, "spring Luke", ("Hand", "Eye")),
                                       Entrant(TOM.name, "keep Luke", ("Hand", "Guts")))))
    table.do(Deal(((JIM.name, ("As", "Kd", "9c", "7h", "3s", "2d", "4c", "6h")),
                   (TOM.name, ("Jh", "Jd", "Jc", "4s", "4d", "8h", "5c")))))
    table.do(Call(((JIM.name, ("As", "Kd", "9c", "7h", "6h")),
                   (TOM.name, ("Jh", "Jd", "Jc", "4s", "4d")))))
    said = (f"High card A♠ laid by {JIM.name}. Narrator: {JIM.name}. An exceptional win: "
            f"{TOM.name}'s goal comes true; the rest, as the narrator rules.")
    assert said in view.conflict_lines(table.state)
    assert said in as_text(view.table_sections(view.table_knows(table.state)))
    # the Dealer's stud hand, with no goal, wins with a pair: a modest win, for the Dealer
    table = Table()
    table.do(MakeCharacter(JIM))
    table.start_session()
    table.do(OpenConflict("The ford", (Entrant(JIM.name, "cross", ("Hand", "Eye")),),
                          stud=5))
    table.do(Deal(((JIM.name, ("Ks", "Qd", "9c", "7h", "3s", "2d", "4c", "6h")),
                   ("Dealer", ("Th", "Td", "Jc", "4s", "2c")))))
    table.do(Call(((JIM.name, ("Ks", "Qd", "9c", "7h", "6h")),
                   ("Dealer", ("Th", "Td", "Jc", "4s", "2c")))))
    assert any(line.endswith("A modest win for the Dealer; the rest, as the narrator rules.")
               for line in view.conflict_lines(table.state))
    assert view.WIN_WEIGHT[Category.HIGH_CARD] == "a routine"
