"""An evening with rounds 21 and 22 in play (round 23): a blank campaign played as a new
Dealer would, the changes of both rounds where they meet each other and the rest. A
character of the Dealer's without a Devil (round 21) plays a hand of his own, is emptied
and the session ends: nothing of the Road to Hell is his."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    ChangeCharacter,
    Deal,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import CLARA, LUKE, PLAYERS
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import Table, hanged_man_table
from tests.dust_devils.test_first_hour import blank_table
from tests.pilot import (
    fill,
    glossary_entry,
    refusal_shown,
    set_field,
    synchronous,
    to_tab,
    until,
)

#: a hazard of the Dealer's as its own character (round 22's way): no Devil, Heart 0 as made
COYOTES = Sheet("Coyote pack", player=False, ratings=(3, 2, 3, 0), knacks=(("Bitin'", 3),),
                vocation="Hazard")


def _coyotes_emptied() -> Table:
    """Luke against the coyotes' hand of their own (Hand + Guts) and a Five Card Stud; Luke's
    flush of spades takes all 3 of their Hand."""
    table = hanged_man_table()
    table.do(MakeCharacter(COYOTES))
    table.do(AddEntrant(Entrant(LUKE.name, "save the herd", ("Hand", "Eye"))))
    table.do(AddEntrant(Entrant(COYOTES.name, "pull down a steer", ("Hand", "Guts"))))
    table.do(OpenConflict("Coyotes at the herd", stud=5))
    table.do(Deal(((LUKE.name, ("2s", "5s", "9s", "Js", "Ks", "3d")),
                   (COYOTES.name, ("4h", "6c", "8d", "Tc", "Qh", "7d")),
                   ("Dealer", ("2h", "3c", "4d", "6h", "9c")))))
    table.do(Call(((LUKE.name, ("Ks", "Js", "9s", "5s", "2s")),
                   (COYOTES.name, ("Qh", "Tc", "8d", "7d", "6c")),
                   ("Dealer", ("9c", "6h", "4d", "3c", "2h")))))
    return table


def test_a_hazard_without_a_devil_emptied_is_on_no_road_to_hell() -> None:
    """Round 21 kept the Road to Hell for characters with a Devil (l.321: the Devil deals in
    place of the 0): a minor character of the Dealer's at 0 deals nothing for it and has no
    fate due. The evening found the words had not followed: the coyotes' loss read "Hand at
    0: the Road to Hell" in the log, the question ending the session and the Dealer's
    recap said "Coyote pack stays at 0 Hand, on the Road to Hell", and the Dealer's recap
    put them "On the Road to Hell" at its start and its end (Heart 0 as made, too). Now
    they keep their points lost, and an important character at 0 is still on the road."""
    table = _coyotes_emptied()
    lost = table.do(TakeDifficulty(COYOTES.name, (("Hand", 3),)))
    assert "Road to Hell" not in RULES.describe(lost[-1])
    table.do(EndConflict())
    coyotes = table.state.character(COYOTES.name)
    assert coyotes is not None and coyotes.values == (0, 2, 3, 0)
    stands = view.dealer_stands(table.state) or ""
    assert "Road to Hell" not in stands
    table.end_session()
    said = " ".join(RULES.describe(e) for e in table.events[-3:])
    assert "Road to Hell" not in said
    assert "Coyote pack keeps 3 Hand lost" in said
    assert "Road to Hell" not in (view.dealer_stands(table.state, leaving=True) or "")


def test_an_important_character_emptied_is_still_on_the_road_to_hell() -> None:
    """The other side of the fix: Clara (a Devil) emptied reads the Road to Hell in the log,
    the session's end and where the game stands, as before."""
    table = hanged_man_table()
    table.do(AddEntrant(Entrant(LUKE.name, "save the herd", ("Hand", "Eye"))))
    table.do(AddEntrant(Entrant(CLARA.name, "keep him", ("Hand", "Guts"))))
    table.do(OpenConflict("At the well", stud=0))
    table.do(Deal(((LUKE.name, ("2s", "5s", "9s", "Js", "Ks", "3d")),
                   (CLARA.name, ("4h", "6c", "8d", "Tc")))))
    table.do(Call(((LUKE.name, ("Ks", "Js", "9s", "5s", "2s")),
                   (CLARA.name, ("Tc", "8d", "6c", "4h")))))
    lost = table.do(TakeDifficulty(CLARA.name, (("Hand", 2),)))
    assert "Hand at 0: the Road to Hell" in RULES.describe(lost[-1])
    table.do(EndConflict())
    assert "on the Road to Hell: Clara Hardin at 0 Hand" in (
        view.dealer_stands(table.state) or "")
    table.end_session()
    said = " ".join(RULES.describe(e) for e in table.events[-3:])
    assert "Clara Hardin stays at 0 Hand, on the Road to Hell" in said


@synchronous
async def test_the_entrant_form_refuses_a_devil_for_one_without_one(tmp_path: Path) -> None:
    """The entrant form offers the Devil (stays out, helps, hinders) for every character; for
    one without a Devil, "helps" was multiplied by his rating of 0 and sent as no sway: the
    coyotes entered, the Dealer's choice gone without a word, where the rules refuse a sway
    for one without a Devil (round 21). Now the form refuses it under The Devil's due."""
    campaign = blank_table(tmp_path)
    for sheet in (*PLAYERS, COYOTES):
        campaign.execute(MakeCharacter(sheet))
    campaign.start_session()
    for sheet in PLAYERS:
        campaign.execute(SetDevilRating(sheet.name, 2))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "a", name=COYOTES.name, goal="pull down a steer", first="Guts",
                   second="Hand", devil="+")
        form = refusal_shown(app, "The Devil's due")
        assert "Coyote pack has no Devil" in form.refusal
        assert all(x.name != COYOTES.name for x in campaign.state.entering)
        await pilot.press("escape")


def luke_hurt(folder: Path) -> Campaign[DustDevilsState]:
    """A session under way: the posse and Clara made, Luke's Hand and Eye at 1 (five points
    he could get back)."""
    campaign = blank_table(folder)
    for sheet in (*PLAYERS, CLARA):
        campaign.execute(MakeCharacter(sheet))
    campaign.start_session()
    for sheet in PLAYERS:
        campaign.execute(SetDevilRating(sheet.name, 2))
    campaign.execute(ChangeCharacter(LUKE.name, LUKE, values=(1, 1, 3, 3)))
    return campaign


async def opening_with_clara_to_mend(pilot: Pilot[None], app: GmScreenApp) -> Form:
    """The open form, Clara entered to mend Luke on the Conflict tab."""
    await to_tab(pilot, "Conflict")
    await fill(pilot, "a", name=CLARA.name, goal="mend Luke", first="Heart",
               second="Eye", knack="Mendin'")
    await pilot.press("o")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, Form)
    return form


@synchronous
async def test_a_recovery_picked_after_seven_cards_offers_no_stakes(tmp_path: Path) -> None:
    """Round 22: the Stakes offered follow the stud hand (1 for seven cards), but a
    recovery's seven cards, sized by the points hoped for, offer none. They met in the open
    form the other way round: the Dealer picked seven cards first (Stakes 1), then the
    patient, whose five points call for seven cards too; the stud hand did not change, so
    the Stakes stayed at the hazard's 1 for a recovery. Now picking a patient offers the
    recovery's Stakes again (the Dealer's own number still stands)."""
    campaign = luke_hurt(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await opening_with_clara_to_mend(pilot, app)
        set_field(form, "stud", "7")
        await pilot.pause()
        assert form.values().text("stakes") == "1"
        set_field(form, "patient", LUKE.name)
        await pilot.pause()
        assert (form.values().text("stud"), form.values().text("stakes")) == ("7", "0")
        # no recovery again: the hazard's seven cards offer their Chip once more
        set_field(form, "patient", "")
        await pilot.pause()
        assert form.values().text("stakes") == "1"
        # the Dealer's own number stands through a patient picked
        set_field(form, "stakes", "2")
        await pilot.pause()
        set_field(form, "patient", LUKE.name)
        await pilot.pause()
        assert form.values().text("stakes") == "2"
        await pilot.press("escape")


@synchronous
async def test_the_recoverys_stud_hand_follows_the_points_typed(tmp_path: Path) -> None:
    """The stud hand followed the patient picked (all he can get back: five points, seven
    cards), but not the points the Dealer typed for fewer: "Hand 2, Eye 1" beside seven
    cards was refused at Send ("3 points back call for a stud hand of 5"), and the Dealer
    found the stud hand himself. Now it follows the points typed (l.264-279), and the
    Stakes stay the recovery's none."""
    campaign = luke_hurt(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await opening_with_clara_to_mend(pilot, app)
        set_field(form, "patient", LUKE.name)
        await pilot.pause()
        assert form.values().text("stud") == "7"
        set_field(form, "recover", "Hand +2, Eye 1")
        await pilot.pause()
        assert (form.values().text("stud"), form.values().text("stakes")) == ("5", "0")
        await fill(pilot, title="Clara tends Luke")
        await until(pilot, lambda: campaign.state.conflict is not None)
        conflict = campaign.state.conflict
        assert conflict is not None and (conflict.stud, conflict.stakes) == (5, 0)


def test_f1s_dealers_calls_say_what_the_evening_found() -> None:
    """F1's The Dealer's calls said the Stakes start at 1 for a Seven Card Stud, nothing of a
    recovery's seven cards, which offer none, nor that a recovery's stud hand follows the
    patient and the points typed; nor that one without a Devil has none to sway."""
    calls = glossary_entry("gmscreen.games.dust_devils", "The Dealer's calls").means
    assert "none for a Three Card Stud or a recovery" in calls
    assert "a recovery's follows the patient and the points back typed" in calls
    assert "one without a Devil has none to sway" in calls
    assert "on no Road to Hell" in calls
