"""A Dealer's first campaign from `gmscreen new` (round 64): three characters made by hand,
three sessions of conflicts. Each test here failed before the change it comes with.

Found by playing: the narrator who paid a Chip for narration had a point of the conflict's
Difficulty to take back (line 295), even one lifting him off the Road to Hell, and `e`
ended the conflict with the point never taken and nothing said; and a fate told in words
was asked glued after the name, where the log and the recap tell it as the player's own
sentence; and a thread picked under "Takes up again" with the title blank was refused
"name the conflict"; and the Win column read "100%" for a hand the trials saw lose a few
times in a thousand."""

from __future__ import annotations

from pathlib import Path
from random import Random

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BidForNarration,
    Call,
    Deal,
    DealerFolds,
    Draw,
    Entrant,
    OpenConflict,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import deal_hands
from gmscreen.games.dust_devils.panes import ConflictPane
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import CLARA, JACK, LUKE, ZEKE
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from tests.dust_devils.game import sample
from tests.dust_devils.test_by_enter import before_claras_fate
from tests.pilot import form_up, opened, screen_text, synchronous, to_tab, until

ZEKES = ("As", "Kd", "9h", "7s", "4d", "3h", "2s", "Qh")
FLUSH_OF_CLUBS = ("2c", "5c", "8c", "Jc", "Kc")


def zeke_buys_narration_at_zero(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded; Zeke against a stud hand's flush of clubs, his Guts
    emptied by it, and narration (his A♠ is high) paid for with a Chip: the point it buys
    not taken back yet."""
    campaign.execute(DealerFolds())
    zeke = ZEKE.name
    campaign.execute(OpenConflict("A flush of clubs", (
        Entrant(zeke, "walk out", ("Hand", "Eye")),), stud=5))
    campaign.execute(Deal(((zeke, ZEKES), ("Dealer", FLUSH_OF_CLUBS))))
    campaign.execute(Draw(zeke, (), ()))
    campaign.execute(Call(((zeke, ("As", "Kd", "Qh", "9h", "7s")),
                           ("Dealer", FLUSH_OF_CLUBS))))
    who = campaign.state.character(zeke)
    assert who is not None
    campaign.execute(TakeDifficulty(zeke, (("Guts", who.value(Attribute.GUTS)),)))
    campaign.execute(BidForNarration(((zeke, 1),)))


@synchronous
async def test_ending_a_conflict_asks_about_the_narrators_paid_point_not_taken(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", zeke_buys_narration_at_zero)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen
        assert isinstance(question, Confirm)
        words = " ".join(question.question.split())
        assert f"{ZEKE.name} paid Chips to narrate" in words
        assert "Guts 0 to 1, off the Road to Hell" in words and "r restores it" in words
        # no: the conflict stays, and r takes the point back
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        assert campaign.state.conflict is not None
        await pilot.press("r")
        await until(pilot, lambda: app.screen is not question and
                    app.screen.__class__.__name__ == "Form")
        await pilot.press("enter")
        await until(pilot, lambda: campaign.events[-1].kind == "dust_devils.point_restored")
        # with the point taken, e ends the conflict at once, as before
        await pilot.press("e")
        await until(pilot, lambda: campaign.state.conflict is None)
    who = campaign.state.character(ZEKE.name)
    assert who is not None and who.value(Attribute.GUTS) == 1
    campaign.close()


@synchronous
async def test_the_paid_point_may_be_left_and_the_conflict_ended(tmp_path: Path) -> None:
    # the point is the player's to take or leave (l.295 "allows"): yes ends without it
    campaign = sample(tmp_path / "c", zeke_buys_narration_at_zero)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.conflict is None)
    who = campaign.state.character(ZEKE.name)
    assert who is not None and who.value(Attribute.GUTS) == 0
    campaign.close()


@synchronous
async def test_a_fate_told_in_words_is_asked_as_the_log_tells_it(tmp_path: Path) -> None:
    # lines 317-319: the player tells how his character leaves play. Hob's player typed
    # "Jed takes him on at the farm in Missouri" under "Or in words", and the question read
    # "Hob Tanner Jed takes him on at the farm in Missouri, and leaves play?", where the
    # log and the recap say "Hob Tanner leaves play: Jed takes him on ..."
    told = "Her sister takes her home to Ohio"
    campaign = sample(tmp_path / "c", before_claras_fate)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("t")
        await form_up(pilot)
        await pilot.press("tab", *told, "enter")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen
        assert isinstance(question, Confirm)
        words = " ".join(question.question.split())
        assert f"{CLARA.name} leaves play: {told}?" in words, words
        await pilot.press("y")
        await until(pilot, lambda: campaign.events[-1].kind == "dust_devils.fate_recorded")
    assert RULES.describe(campaign.events[-1]) == f"{CLARA.name} leaves play: {told}"
    campaign.close()


def the_jail_left_and_jack_entering(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded by the Dealer (an open thread); Black Jack added to the
    next conflict."""
    campaign.execute(DealerFolds())
    campaign.execute(AddEntrant(Entrant(JACK.name, "spring Zeke", ("Eye", "Heart"))))


@synchronous
async def test_a_thread_taken_up_again_names_the_conflict(tmp_path: Path) -> None:
    # The ledger, folded by the Dealer, was taken up again in the next session: the Dealer
    # picked it under "Takes up again" and pressed Enter, and was refused "Conflict: name
    # the conflict". The thread's title is offered until he types his own
    campaign = sample(tmp_path / "c", the_jail_left_and_jack_entering)
    (thread,) = campaign.state.open_threads
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "o")
        await pilot.press("alt+u", "enter")  # the drop-down of the threads
        await pilot.press("down", "enter")
        await until(pilot, lambda: form.values().text("takes_up") == str(thread.number))
        assert form.values().text("title") == thread.title
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.conflict is not None)
    conflict = campaign.state.conflict
    assert conflict is not None
    assert (conflict.title, conflict.takes_up) == (thread.title, thread.number)
    campaign.close()


@synchronous
async def test_the_dealers_own_title_stays_when_a_thread_is_picked(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", the_jail_left_and_jack_entering)
    (thread,) = campaign.state.open_threads
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "o")
        await pilot.press(*"Back to the jail")
        await pilot.press("alt+u", "enter")
        await pilot.press("down", "enter")
        await until(pilot, lambda: form.values().text("takes_up") == str(thread.number))
        assert form.values().text("title") == "Back to the jail"
    campaign.close()


def test_a_chance_short_of_certain_never_reads_certain() -> None:
    # the Win column and the sides' line: Hob's ten cards against a Three Card Stud read
    # "100%" before the Deal, and a hand still able to win read "0%"
    assert [view.chance_words(c) for c in (0.0, 0.001, 0.004, 0.005, 0.5, 0.994, 0.995,
                                           0.999, 1.0)] == \
        ["0%", "<1%", "<1%", "0%", "50%", "99%", ">99%", ">99%", "100%"]


def luke_and_zeke_dealt(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded; Luke and Zeke dealt against the Dealer's Five Card Stud."""
    campaign.execute(DealerFolds())
    campaign.execute(OpenConflict("Rope for the mayor", (
        Entrant(LUKE.name, "see Merrill hang", ("Guts", "Eye")),
        Entrant(ZEKE.name, "cover Luke", ("Hand", "Eye"))), stud=5))
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Deal(tuple(deal_hands(Random(7), {
        p.name: p.cards_due for p in conflict.participants}).items())))


@synchronous
async def test_the_win_column_says_a_near_certain_chance_is_not_certain(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", luke_and_zeke_dealt)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await until(pilot, lambda: len(pane.chances) == 3)
        # chances as the trials could find them: Luke lost two in a thousand
        pane._show_chances(pane._chances_for, {LUKE.name: 0.998, ZEKE.name: 0.001,
                                               "Dealer": 0.001})
        await pilot.pause()
        rows = [" ".join(row.split()) for row in screen_text(app).splitlines()]
        assert any(row.startswith(LUKE.name) and row.endswith(">99%") for row in rows), rows
        assert any(row.startswith(ZEKE.name) and row.endswith("<1%") for row in rows), rows
        assert "By side: the players >99%, the Dealer's hands <1%." in rows
    campaign.close()
