"""The words under each field of Dust Devils' forms. A field with no words of its own shows
the glossary's entry for its label (`Form.explain`): where that entry means something else in
the form (the Draw's Hand is whose hand, not the attribute; the opening's Conflict is its
title), or says too little for the step, the field says what to put in it; and the fields a
new Dealer wonders about (the boxes that cost a Chip, the cards typed) say what they do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Entrant,
    GiveChips,
    OpenConflict,
)
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.ui.form import Form
from tests.dust_devils.test_panes import dealt_and_called_against_the_posse, sample, watched
from tests.dust_devils.test_session import new_campaign
from tests.pilot import about, glossary_entry, opened, synchronous, to_tab, until


def glossary(word: str) -> str:
    return glossary_entry("gmscreen.games.dust_devils", word).means


async def closed(pilot: Pilot[Any]) -> None:
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))


@synchronous
async def test_the_draw_and_the_sheets_say_what_goes_in_each_field(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.execute(GiveChips(JIM.name, 10, "a good session"))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the jail conflict, at the Draw
        form = await opened(pilot, "w")
        # line 202-204: what a lay decides at the Call, under each hand's choice (the
        # fields are named for the characters, and said only how to choose)
        await closed(pilot)
        form = await opened(pilot, "l")
        assert "single highest card laid narrates" in about(form, "c0")
        assert "best poker hand laid wins" in about(form, "c1")
        assert "five, or all it holds" in about(form, "l0")
        await closed(pilot)
        form = await opened(pilot, "w")
        # the attribute Hand ("brute strength") under whose hand draws misled
        assert about(form, "name") != glossary("Hand")
        assert "changes cards" in about(form, "name")
        assert "Chip" in about(form, "chip")
        assert "blank" in about(form, "drawn")
        await closed(pilot)

        await to_tab(pilot, "Characters")
        form = await opened(pilot, "m")
        # the name's entry speaks of bold and italic in the tables, nothing of the form
        assert "bold" not in about(form, "name")
        assert "Dealer" in about(form, "player")
        # both traits say as much: the first said less than the second's entry
        assert about(form, "trait1") == about(form, "trait2") == glossary("Trait")
        # the sheet's last fields said only how to type ("Type it in; ..."): what goes in a
        # back story beside the Devil, and who sees the notes, were not said
        assert "Devil" in about(form, "back_story") and "flashbacks" in about(form,
                                                                              "back_story")
        assert "never sees" in about(form, "notes")
        assert "looks" in about(form, "description")
        await closed(pilot)

        form = await opened(pilot, "g")
        assert "negative" in about(form, "chips")
        assert about(form, "reason")
        await closed(pilot)

        # a new Knack's name, not what a Knack is (the note says that)
        form = await opened(pilot, "K")
        assert about(form, "knack") != glossary("Knack")
        assert "name" in about(form, "knack")
        await closed(pilot)
        # a point bought: not "a player character shares 13 points", which reads as a cap
        form = await opened(pilot, "a")
        assert "13" not in about(form, "attribute")
        assert "Chips it costs" in about(form, "attribute")
        await closed(pilot)
        form = await opened(pilot, "k")
        assert "Chips it costs" in about(form, "knack")


def _jack_to_leap(tmp_path: Path) -> tuple[Path, Campaign[Any]]:
    """A new campaign, session 1 begun, Black Jack added to a conflict being set up."""
    path = new_campaign(tmp_path)
    campaign = open_campaign(path, rules_for)
    campaign.start_session()
    campaign.execute(AddEntrant(Entrant(JACK.name, "leap", ("Guts", "Hand"))))
    return path, campaign


def _luke_too_at_the_cliff(campaign: Campaign[Any]) -> None:
    """Luke joins Jack, and the conflict opens against the posse's Five Card Stud."""
    campaign.execute(AddEntrant(Entrant(LUKE.name, "leap", ("Guts", "Hand"))))
    campaign.execute(OpenConflict("The posse at the cliff", (), stud=5))


@synchronous
async def test_setting_a_conflict_up_and_difficulty_say_what_goes_in_each_field(
        tmp_path: Path) -> None:
    path, campaign = _jack_to_leap(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "a")
        assert "card more" in about(form, "trait")
        # lines 172-174, 371: who enters with a hand of his own, and where the Dealer's
        # minor characters play (a Dealer asked whether to add the deputies)
        assert "one of the Dealer's with a Devil" in about(form, "name")
        # (round 21: the stud hand usually plays them; a hand of his own is the Dealer's call)
        assert "stud hand" in about(form, "name") and "usually" in about(form, "name")
        # lines 168-170: whose pick the two attributes are, and that only two count; the
        # fields showed F1's Attribute ("rated 0 to 5 ... shares 13 points")
        for key in ("first", "second"):
            assert "the player's pick with the Dealer's approval" in about(form, key)
            assert "a third that fits gives none" in about(form, key)
        assert "Chip" in about(form, "chip")
        await closed(pilot)
        form = await opened(pilot, "o")
        # the conflict's title, not what a conflict is
        assert about(form, "title") != glossary("Conflict")
        assert "title" in about(form, "title")
        assert "goal" in about(form, "stud_goal")
        assert "Chip" in about(form, "stud_chip")
        assert "patient" in about(form, "patient")
        # lines 170-184: which stud hand for which conflict; the field said only what
        # "none" is, and the glossary's entry (3, 5, 7) is not shown beside a field that
        # has words of its own
        stud = about(form, "stud")
        assert "3 cards: a minor conflict, no Stakes" in stud
        assert "7: a very hazardous one, Stakes 1 or more" in stud and "none" in stud
        await closed(pilot)
    campaign.close()
    campaign = open_campaign(path, rules_for)
    _luke_too_at_the_cliff(campaign)
    dealt_and_called_against_the_posse(campaign)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "k")
        # the split the loser places, as the player likes, not the whole rule of Difficulty
        assert about(form, "split") != glossary("Difficulty")
        assert "Guts 2" in about(form, "split")
        # two losers: whose points go first (the field said only how to choose)
        assert "each loser the winning combination beat places his own" in about(form,
                                                                                 "name")
        await closed(pilot)
        # the narrator's Difficulty (line 226): to anyone, the winner too
        form = await opened(pilot, "K")
        assert "a winner too" in about(form, "name")
        await closed(pilot)
    campaign.close()


@synchronous
async def test_fields_labelled_by_a_name_and_a_count_say_what_goes_in_them(
        tmp_path: Path) -> None:
    # a hand's field in the typed Deal and a bidder's are named for the hand: no glossary
    # word matches them, and their boxes stayed empty
    path, campaign = _jack_to_leap(tmp_path)
    _luke_too_at_the_cliff(campaign)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "D")
        labels = {f.key: f.label for f in form.fields}
        # the count where it is typed, in its unit (round 10: "Dealer (5)" read as the
        # bids' "(3)", Chips held)
        assert labels["h2"] == "Dealer"
        assert next(f.placeholder for f in form.fields if f.key == "h2") == \
            "5 cards; blank: the app deals them"
        assert "5 cards" in about(form, "h0") and JACK.name in about(form, "h0")
        assert "blank" in about(form, "h1") and "7 cards" in about(form, "h1")
        assert "stud hand" in about(form, "h2")
        await closed(pilot)
    campaign.close()
    campaign = open_campaign(path, rules_for)
    dealt_and_called_against_the_posse(campaign)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "b")
        # one field a player holding Chips: each says what a bid is and how many he holds
        for field in form.fields:
            assert "Chips" in field.about and "narrat" in field.about, field.label
        assert "up to the 6 held" in about(form, "b3")  # Lucky Luke holds six
    campaign.close()


@synchronous
async def test_the_session_devils_say_what_the_rating_does(tmp_path: Path) -> None:
    # lines 113-121: each player picks a rating of 1 to 3 as a session begins; V's fields are
    # named for the players, so no glossary entry stood beside them, and a Dealer asked "what
    # is this number for?" read only "The arrows choose, as do letters typed"
    path = new_campaign(tmp_path)
    campaign = open_campaign(path, rules_for)
    campaign.start_session()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "V")
        assert len(form.fields) > 1
        for field in form.fields:
            assert "cards his Devil adds or takes" in field.about, field.label
            assert "attribute at 0" in field.about
        await closed(pilot)
    campaign.close()


@synchronous
async def test_a_card_more_for_a_dealers_hand_says_the_dealer_pays_each_player(
        tmp_path: Path) -> None:
    # lines 306-308: the Dealer's hands get a card more by his giving each player a Chip. The
    # Draw's box read "The player spends a Chip to change one card more" for Long Tom's hand
    # too, and the preview named no price: a Dealer ticking it for the sheriff did not know
    # that Zeke would get a Chip
    from gmscreen.games.dust_devils import conflict as steps
    from gmscreen.games.dust_devils.sample import TOM, ZEKE
    campaign = sample(tmp_path)
    assert steps.dealers_chip(campaign.state, ZEKE.name) == ""
    assert steps.dealers_chip(campaign.state, TOM.name) == \
        f"the Dealer gives a Chip each to {ZEKE.name}"
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the jail conflict, at the Draw
        form = await opened(pilot, "w")
        assert "the Dealer gives each player present a Chip" in about(form, "chip")
        form.set_value("name", TOM.name)
        form.set_value("chip", True)
        await pilot.pause()
        shown = str(form.query_one("#form-preview", Static).render())
        assert f"One more: the Dealer gives a Chip each to {ZEKE.name}." in shown
        # a player's own hand pays his own Chip: nothing more said
        form.set_value("name", ZEKE.name)
        await pilot.pause()
        assert "One more:" not in str(form.query_one("#form-preview", Static).render())
        await closed(pilot)
        await to_tab(pilot, "Conflict")
    campaign.close()


@synchronous
async def test_a_devil_rating_set_says_whose_pick_it_is(tmp_path: Path) -> None:
    # lines 113-115 and 369: a player picks his rating for the session; the Dealer sets his
    # characters' as he likes, even during play. v on Merrill showed F1's Devil, "set by the
    # player at each session's start", which is not what the Dealer does for his own
    from gmscreen.games.dust_devils.sample import MERRILL
    path = new_campaign(tmp_path)  # the Hanged Man's characters, Merrill among them
    campaign = open_campaign(path, rules_for)
    campaign.start_session()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = pilot.app.screen.query_one("CharactersPane").query_one(DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        for name, words in ((MERRILL.name, "The Dealer's pick for his character"),
                            (JACK.name, "The player's pick for this session")):
            table.move_cursor(row=names.index(name))
            await pilot.pause()
            form = await opened(pilot, "v")
            assert words in about(form, "devil_rating"), name
            await closed(pilot)
    campaign.close()
