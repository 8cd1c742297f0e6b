"""The screen at the table, small and large (round 10): The Hanged Man played on at 80x24
and 200x50, the players' screen beside it, looked at as a Dealer with one glance to spare.
Each test asserts the text a Dealer (or the table) reads on the screen at that size.

Found by playing: between conflicts the Conflict tab drew the hands' headings over no row;
at the Deal each hand's cards read "-", a dash for "none yet"; once the notice that a
session began had gone, nothing on the Conflict tab said the Devils came first; and the
conflict's heading, a long title with the Dealer's stud hand, wrapped "— the" at a line's
end and "Deal" alone under it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from random import Random
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Deal,
    DealerFolds,
    Entrant,
    OpenConflict,
    SetWinnerCard,
)
from gmscreen.games.dust_devils.deal import deal_hands
from gmscreen.games.dust_devils.panes import ConflictPane
from gmscreen.games.dust_devils.rules import RULES, devils_to_set_now
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, NON_PLAYERS, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.players import PlayersApp
from gmscreen.ui.shell import ShellScreen
from tests.dust_devils.game import hands_laid_out, sample
from tests.dust_devils.test_panes import watched
from tests.pilot import (
    about,
    fill,
    glossary_entry,
    opened,
    screen_text,
    synchronous,
    to_tab,
    until,
)

SIZES = [(80, 24), (200, 50)]


def read(app: Any) -> str:
    """The screen's words left of the sheets (beside the Conflict tab when it is wide) and
    inside a form's frame, as one line: what the Dealer reads, wherever it wrapped."""
    return " ".join(" ".join(row.split("│")[0].replace("█", " ")
                             for row in screen_text(app).splitlines()).split())


def _jail_left_off(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded by the Dealer (an open thread): no conflict, nobody
    entering."""
    campaign.execute(DealerFolds())


def _rope_for_the_mayor(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded; Luke alone against the Dealer's Five Card Stud, at the
    Deal."""
    _jail_left_off(campaign)
    campaign.execute(OpenConflict("Rope for the mayor", (
        Entrant(LUKE.name, "see Merrill hang", ("Guts", "Eye")),), stud=5))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_between_conflicts_no_headings_stand_over_no_hands(
        tmp_path: Path, size: tuple[int, int]) -> None:
    campaign = sample(tmp_path / "c", _jail_left_off)
    app, _ = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        shown = screen_text(app)
        assert "No conflict under way (5 held so far)" in shown
        # "Hand  Deal  Cards  Status  Win" stood over nothing
        assert "Deal  Cards" not in shown and "Add each character entering" in shown
        # the first character added brings the table back, his row under its headings
        await fill(pilot, "a", name=JACK.name, goal="spring Zeke", first="Eye",
                   second="Heart")
        await until(pilot, lambda: app.screen.query_one("#dd-hands", DataTable).row_count)
        await pilot.pause()
        shown = screen_text(app)
        assert "Deal  Cards" in shown and f"{JACK.name}  ♦♥ 8" in shown
    campaign.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_at_the_deal_the_cards_read_not_dealt_yet_and_the_step_comes_first(
        tmp_path: Path, size: tuple[int, int]) -> None:
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    app, _ = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        # the screen was once read before the table showed its rows (Luke's goal line the
        # first to bear his name)
        await hands_laid_out(pilot)
        await pilot.pause()
        rows = screen_text(app).splitlines()
        # the heading: the step before the title, whole on the first line at 80 columns
        # ("... the Dealer's Five Card Stud — the" and "Deal" alone under it)
        assert rows[3].strip().startswith("Conflict 6 (the Deal): Rope for the mayor, no "
                                          "Stakes")
        luke = next(r for r in rows if r.lstrip().startswith(LUKE.name))
        dealer = next(r for r in rows if r.lstrip().startswith("Dealer "))
        # a dash read as "none", of a hand that has every card still to come
        assert "not dealt yet" in luke and "not dealt yet" in dealer
        assert " - " not in luke
    campaign.close()


@synchronous
async def test_the_players_screen_reads_not_dealt_yet_on_a_phone(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    table = view.table_sections(view.table_knows(sample(tmp_path / "d",
                                                        _rope_for_the_mayor).state))
    assert table[0].title == "Conflict 6 (the Deal): Rope for the mayor, no Stakes, the " \
        "Dealer's Five\u00a0Card\u00a0Stud"  # the stud hand's name whole (round 11)
    app = PlayersApp(path)
    async with app.run_test(size=(40, 30)) as pilot:
        # the conflict's heading comes before its hands (on a loaded machine the sections
        # are made again for the phone's room meanwhile): the hands waited for, not a pause
        await until(pilot, lambda: "Cards not dealt yet" in " ".join(screen_text(app).split()))
        shown = " ".join(screen_text(app).split())
        assert "Conflict 6 (the Deal):" in shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_a_session_begun_says_on_the_conflict_tab_that_the_devils_come_first(
        tmp_path: Path, size: tuple[int, int]) -> None:
    # book l.115: each player picks his Devil rating as a session starts. The notice said
    # so and went; the Conflict tab offered "Add each character entering the conflict"
    def second_session(campaign: Campaign[DustDevilsState]) -> None:
        campaign.end_session(under_way="abandon")
        campaign.start_session()

    campaign = sample(tmp_path / "c", second_session)
    app, _ = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        shown = read(app)
        assert (f"Each player sets the Devil rating for session 2 first: {JIM.name}, "
                f"{ZEKE.name}, {JACK.name}, {LUKE.name} (V on the Characters tab); then add "
                "each character entering the conflict with a, and open it with o.") in shown
        # once they are set, the step is the conflict again
        await to_tab(pilot, "Characters")
        await opened(pilot, "V")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not devils_to_set_now(campaign.state))
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        shown = read(app)
        assert "sets the Devil rating" not in shown
        assert "Add each character entering the conflict with a, then open it with o." \
            in shown
    campaign.close()


@synchronous
async def test_the_entrant_forms_chip_box_says_who_pays_for_whose_hand(
        tmp_path: Path) -> None:
    # left from round 9: the words under "Buy a card (Chip)" (lines 299, 306-308), in the
    # form at 80x24, with the box focused
    campaign = sample(tmp_path / "c", _jail_left_off)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "a")
        words = ("A card more in the Deal: a player pays a Chip for his own hand; for a "
                 "character of the Dealer's, the Dealer gives each player in the conflict a "
                 "Chip as it opens")
        assert about(form, "chip") == words
        form.widget_of("chip").focus()
        await pilot.pause()
        assert words.split("; ")[1] in read(app)
        assert "Buy a card (Chip)" in screen_text(app)
    campaign.close()


@synchronous
async def test_the_samples_non_player_characters_keep_a_line_each_and_f1_their_stories(
        tmp_path: Path) -> None:
    # left from round 9: the sheets of Clara, Merrill and Long Tom say a line each (their
    # description, whole on one line of the Characters tab at 80 columns), no back story;
    # F1's Hanged Man and Last Oak's people tell who they are
    told = " ".join(glossary_entry("gmscreen.games.dust_devils", word).means
                    for word in ("The Hanged Man", "Last Oak's people"))
    for sheet in NON_PLAYERS:
        assert not sheet.back_story and "\n" not in sheet.description, sheet.name
        assert len(sheet.description) <= 78, sheet.name
        assert sheet.name.split()[-1].strip('"') in told or sheet.name in told, sheet.name
    campaign = sample(tmp_path / "c")
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("CharactersPane").query_one(DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        for sheet in NON_PLAYERS:
            table.move_cursor(row=names.index(sheet.name))
            await pilot.pause()
            rows = screen_text(app).splitlines()
            assert any(r.strip() == sheet.description for r in rows), sheet.name
            assert not any("Back story" in r for r in rows), sheet.name
    campaign.close()


@synchronous
async def test_at_200_columns_the_sheets_beside_the_hands_keep_a_knack_with_its_rating(
        tmp_path: Path) -> None:
    # the sheets beside the Conflict tab kept to 70 columns while the hands' table had
    # room to spare: Long Tom's Knacks wrapped "Trackin'" at a line's end and "1" alone
    campaign = sample(tmp_path / "c")  # the jail conflict, at the Draw
    app, _ = watched(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        await pilot.pause()
        side = [row.split("│", 1)[1].strip() for row in screen_text(app).splitlines()
                if "│" in row]
        assert "Knacks (5 of 6): Fightin' 3, Interrogatin' 2, Ridin' 2, Shootin' 3, " \
            "Trackin' 1" in side
        assert f"{ZEKE.name}: best lay Pair: 10♥ 10♦ A♥ K♦ Q♠; may change 2 (Wrestlin')" \
            in read(app)
    campaign.close()


@synchronous
async def test_the_players_screen_says_how_many_earlier_conflicts_it_leaves_out(
        tmp_path: Path) -> None:
    # on a TV the table's list of earlier conflicts began at conflict 2 with no word that
    # the first was left out (the newest four are shown)
    campaign = sample(tmp_path / "c", _jail_left_off)  # five held, one an open thread
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=(200, 50)) as pilot:  # a TV: every section in sight
        # the earlier conflicts waited for themselves: another section in sight said
        # nothing of them, on a loaded machine still coming in
        def rows() -> list[str]:
            return [row.strip() for row in screen_text(app).splitlines()]

        await until(pilot, lambda: "Earlier conflicts (the last 4 of 5)" in rows())
        shown = rows()
        at = shown.index("Earlier conflicts (the last 4 of 5)")
        assert shown[at + 1].startswith("2. A bent spoon and the cell lock")


def _blank(folder: Path) -> Campaign[DustDevilsState]:
    """A new campaign, nothing made yet."""
    folder.mkdir()
    path = folder / "red-gulch.toml"
    store = JournalStore.create(path, new_header("dust-devils", "Red Gulch", 1873,
                                                 datetime(2026, 11, 1, 19, 0).astimezone()))
    return Campaign.load(RULES, store.load(), store)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_a_new_campaign_says_what_comes_first_and_counts_nothing(
        tmp_path: Path, size: tuple[int, int]) -> None:
    # a new campaign: the Characters tab drew its headings over no row and the key to
    # "3/4", "-" and "?" that no row had; the Conflict tab read "No conflict under way (0
    # held so far)" and offered "Add each character entering the conflict with a", a key
    # refused ("no character may enter a conflict: make one first ... Add each character
    # entering the conflict with a")
    campaign = _blank(tmp_path / "c")
    app, notices = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Characters")
        shown = read(app)
        assert "No characters yet: press m, or H for The Hanged Man's cast" in shown
        assert "Hand♠" not in shown and "Difficulty left" not in shown
        await to_tab(pilot, "Conflict")
        shown = read(app)
        assert "No conflict held yet" in shown and "held so far" not in shown
        assert "No character may enter a conflict: make one first (Make, on the " \
            "Characters tab)." in shown
        assert "with a" not in shown
        await pilot.press("a")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].message == (
            "no character may enter a conflict: make one first (Make, on the Characters tab)")
        # the first sheet brings the table and its key back, the key saying the marks
        # its row shows (round 11): Ace's Chips "-", no "3/4" nor "?"
        await to_tab(pilot, "Characters")
        await fill(pilot, "m", name="Ace Hollis", player=False, devil_rating="0")
        await until(pilot, lambda: "Hand♠" in read(app))
        assert "Ace Hollis" in read(app) and "-: none." in read(app)
        assert "Difficulty left" not in read(app) and "not yet set" not in read(app)
    campaign.close()


@synchronous
async def test_the_typed_deal_and_the_bids_say_what_each_number_counts(
        tmp_path: Path) -> None:
    # at 80x24 the typed Deal's labels read "Zeke Munroe (8)" and "Dealer (5)", cards due,
    # and the bids' "Zeke Munroe (3)", Chips held: one look, two counts
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "D")
        rows = [row.replace("█", " ").strip() for row in screen_text(app).splitlines()]
        assert "Dealer              5 cards; blank: the app deals them" in rows
        assert not any("Dealer (5)" in row for row in rows)
    campaign.close()
    campaign = sample(tmp_path / "d")  # the jail conflict, called
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "l")
        await until(pilot, lambda: campaign.state.conflict is not None
                    and campaign.state.conflict.phase == "resolve")
        await opened(pilot, "b")
        rows = [row.replace("█", " ").strip() for row in screen_text(app).splitlines()]
        zeke = next(row for row in rows if row.startswith(ZEKE.name) and "▐" in row)
        assert zeke.split() == [*ZEKE.name.split(), "▐●▌", "0", "▐", "▌", "1", "▐", "▌", "2",
                                "▐", "▌", "3"]
        assert "up to the 3 held" in read(app)
    campaign.close()


def test_f1_says_what_ally_won_means() -> None:
    # the Result column reads "ally won" for a hand on the winner's side (the posse at the
    # cliff); F1's Result said only "WON or lost at the Call", and "ally won" found nothing
    entry = glossary_entry("gmscreen.games.dust_devils", "ally won")
    assert entry.word == "Result"
    assert "a hand on the winner's side, which takes none of the winning hand's Difficulty " \
        "and shares the Stakes" in entry.means


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_a_replay_of_a_conflict_offers_no_step_as_a_key(
        tmp_path: Path, size: tuple[int, int]) -> None:
    # replayed to the Deal of the sixth conflict, the Conflict tab read "Deal: d deals from
    # the app's pack, D takes the cards dealt at the table, ..." and "u takes back conflict
    # 6": each key refused ("You are looking at the past"), while the footer offered none
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    opened_at = len(campaign.events)
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Deal(tuple(deal_hands(Random(7), {
        p.name: p.cards_due for p in conflict.participants}).items())))
    app, _ = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        shell.replay_to(opened_at)
        await until(pilot, lambda: "(the Deal)" in read(app))
        shown = read(app)
        assert "Read only: no step is taken here." in shown
        assert "d deals" not in shown and "u takes back" not in shown
        assert f"{LUKE.name}'s goal: see Merrill hang." in shown  # the rest as it was
        await pilot.press("escape")
        await until(pilot, lambda: "(the Draw)" in read(app))
        assert "w for each hand that changes cards" in read(app)
    campaign.close()


@synchronous
async def test_at_200_columns_between_conflicts_the_steps_have_the_whole_width(
        tmp_path: Path) -> None:
    # between conflicts the column of sheets beside the hands stood empty at 200x50, 45% of
    # the tab, while the steps and the earlier conflicts wrapped beside it
    campaign = sample(tmp_path / "c", _jail_left_off)
    app, _ = watched(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        # (the names in the earlier conflicts kept whole with no-break spaces: round 11)
        rows = screen_text(app).replace("\u00a0", " ").splitlines()
        assert not any("│" in row for row in rows)
        assert any(row.startswith(' Earlier (the last 4; h shows all 5): 2. A bent spoon and '
                                  'the cell lock (the Dealer won; "Lucky" Luke Johnson '
                                  'narrated); 3. What Clara knows') for row in rows)
        # the first character added brings his sheet beside the table
        await fill(pilot, "a", name=JACK.name, goal="spring Zeke", first="Eye",
                   second="Heart")
        await until(pilot, lambda: any(f"│ {JACK.name}, Crooked gambler" in row
                                       for row in screen_text(app).splitlines()))
    campaign.close()


@synchronous
async def test_the_key_under_a_conflict_being_set_up_says_what_its_cards_column_holds(
        tmp_path: Path) -> None:
    # at 80x24, Jack entering with a trait: the key read "Deal: ... the cards due (a
    # winner's card comes at the opening). Cards: a trait, a Chip, the Devil.", the
    # winner's card with the optional rule off, and a list that read as cards
    def entering(campaign: Campaign[DustDevilsState]) -> None:
        _jail_left_off(campaign)
        campaign.execute(AddEntrant(Entrant(JACK.name, "spring Zeke", ("Eye", "Heart"),
                                            trait=True)))

    campaign = sample(tmp_path / "c", entering)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = read(app)
        assert f"{JACK.name} ♦♥ 9 trait entering" in shown
        assert "Deal: the attributes' suits and the cards due. Cards: what sways the count " \
            "(a trait, a Chip, the Devil)." in shown
        assert "winner's card" not in shown
        campaign.execute(SetWinnerCard(True))
        app.screen.query_one(ConflictPane).redraw()
        await pilot.pause()
        assert "the cards due (a winner's card more comes as it opens). Cards:" in read(app)
    campaign.close()


@synchronous
async def test_two_players_against_the_stud_hand_read_their_sides_chance(
        tmp_path: Path) -> None:
    # lines 176, 240: Luke and Zeke stand together against the Dealer's Five Card Stud; at
    # 80x24 the Win column read Luke 0%, Zeke 100%, the Dealer 0%: Luke's 0% read as his
    # loss, though a hand on the winner's side wins with it
    def dealt(campaign: Campaign[DustDevilsState]) -> None:
        _jail_left_off(campaign)
        campaign.execute(OpenConflict("Rope for the mayor", (
            Entrant(LUKE.name, "see Merrill hang", ("Guts", "Eye")),
            Entrant(ZEKE.name, "cover Luke", ("Hand", "Eye"))), stud=5))
        conflict = campaign.state.conflict
        assert conflict is not None
        campaign.execute(Deal(tuple(deal_hands(Random(7), {
            p.name: p.cards_due for p in conflict.participants}).items())))

    campaign = sample(tmp_path / "c", dealt)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await until(pilot, lambda: len(pane.chances) == 3)
        await pilot.pause()
        chances = pane.chances
        players = chances[LUKE.name] + chances[ZEKE.name]
        rows = [row.strip() for row in screen_text(app).splitlines()]
        assert f"By side: the players {view.chance_words(players)}, the Dealer's hands " \
            f"{view.chance_words(chances['Dealer'])}." in rows
    campaign.close()
    # one hand a side (the jail: Zeke against Long Tom): the Win column says it all
    campaign = sample(tmp_path / "d")
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await until(pilot, lambda: len(pane.chances) == 2)
        await pilot.pause()
        assert "By side" not in screen_text(app)
    campaign.close()
