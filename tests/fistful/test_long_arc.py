"""A campaign's long arc, as a Judge runs it for weeks: what carries from one session to the
next (Carousing, advancement, the dead and their replacements, the Wanted Clock) driven over
three sessions of the sample and of a blank campaign. What it found, each checked against
the book (line numbers are lines of the book's file) and proved here: what failed before
its fix, and the reading chosen where the book leaves room."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    Carouse,
    CreateCharacter,
    Duel,
    EditSheet,
    HandOver,
    RollOutOfAction,
    ShareTake,
    TakeHarm,
)
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import SESSION_END, SESSION_START, Event, NewEvent
from gmscreen.journal.sections import Grid, Lines
from tests.fistful.game import apply, book_keys, posse, preview, refused, run, said, sheet
from tests.fistful.test_at_the_table import CORA_TOMAS_JAKE, in_a_fight
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.fistful.test_play import journal
from tests.pilot import about, fill, opened, screen_text, synchronous, to_tab, until

CORA, TOMAS, JAKE = "Cora Dalton", "Tomas Vega", "Rattlesnake Jake"


def _as_logged(new: NewEvent) -> Event:
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


# -- lines 144-146: a night out is had to shed Stress and to buy advancement dice ------------


def test_a_night_out_says_what_it_bought_in_the_log_and_the_tables_recap():
    # the log told only the bill's dice ("Kit Hollis carouses (bill 4 4 = $8): 4, Drunken
    # Brawl"), and the table's recap only the table's entry: nobody reading either could
    # tell whether the night took Stress off or bought dice for the Advancement Test
    state = sheet(posse(), "Bo", xp=2, dollars=77, stress=2)
    both = RULES.decide(state, Carouse("Bo", 2, 2, (4, 3, 1, 2), 4))
    assert said(both[0]) == ("Bo carouses: 4, Drunken Brawl (to shed 2 Stress and buy 2 "
                             "advancement dice, bill 4 3 1 2 = $10); at most 8 Guts till the brawl "
                             "wears off")
    assert view.table_tells(_as_logged(both[0])) == (
        "Bo went carousing to shed 2 Stress and buy 2 advancement dice: Drunken Brawl; "
        "the bill 4 3 1 2 = $10")
    one_die = RULES.decide(state, Carouse("Bo", 0, 1, (5,), 2, story="a Pinkerton once"))
    assert said(one_die[0]).startswith("Bo carouses: 2, ")
    assert "(to buy 1 advancement die, bill 5 = $5)" in said(one_die[0])
    stress = RULES.decide(state, Carouse("Bo", 1, 0, (3,), 3))
    assert view.table_tells(_as_logged(stress[0])) == (
        "Bo went carousing to shed 1 Stress: Truth Comes Out; the bill 3 = $3")
    nothing = RULES.decide(state, Carouse("Bo", 0, 0, (), 4))
    assert said(nothing[0]) == ("Bo carouses: 4, Drunken Brawl (no bill); at most 8 Guts "
                                "till the brawl wears off")
    assert view.table_tells(_as_logged(nothing[0])) == "Bo went carousing: Drunken Brawl"


# -- lines 151-152: Secrets revealed and Truth Comes Out, left to write later ------------------


def test_a_new_background_or_back_story_left_to_write_stays_on_the_sheet_till_written():
    # the log said "the new background is still to be written on the sheet", and nothing
    # else did: at the next session's start the sheet, and where the campaign stood, had
    # forgotten it, and the Judge kept it on paper
    state = sheet(posse(), "Bo", xp=2, dollars=77, background="A drover")
    revealed = run(state, Carouse("Bo", 0, 0, (), 2))
    bo = revealed.character("Bo")
    assert bo is not None
    assert ("Secrets revealed: the new background is still to be written (e)"
            in view.sheet_lines(bo, key_of=book_keys)[2])
    # a replay names no key (away from the keyboard, and the Judge may have moved it)
    assert view.sheet_lines(bo)[2].endswith("the new background is still to be written")
    stands = view.table_stands(view.table_knows(revealed), leaving=True)
    assert stands is not None and "Bo's new background is still to be written" in stands
    ended = journal(revealed, SESSION_END)
    assert "Bo's new background" in (view.dealer_stands(ended) or "")
    # written: the sheet lets it go; an edit that leaves the background as it was does not
    kept = run(ended, EditSheet("Bo", "A drover", "", "", "", ()))
    assert "still to be written" in view.sheet_lines(_bo(kept))[2]
    written = run(kept, EditSheet("Bo", "Once rode with Quantrill", "", "", "", ()))
    assert "still to be written" not in view.sheet_lines(_bo(written))[2]
    assert "Bo's new background" not in (view.dealer_stands(written) or "")
    # Truth Comes Out: the back story is the sheet's notes, where the change is written
    truth = run(state, Carouse("Bo", 0, 0, (), 3))
    assert ("Truth Comes Out: the change to the back story is still to be written in the "
            "notes (e)" in view.sheet_lines(_bo(truth), key_of=book_keys)[2])
    told = run(truth, EditSheet("Bo", "A drover", "", "", "His brother is the sheriff", ()))
    assert "still to be written" not in view.sheet_lines(_bo(told))[2]
    # typed with the night out, nothing is left to write
    typed = run(state, Carouse("Bo", 0, 0, (), 2, story="Once a Pinkerton"))
    assert "still to be written" not in view.sheet_lines(_bo(typed))[2]


def _bo(state: FistfulState) -> Character:
    found = state.character("Bo")
    assert found is not None
    return found


@synchronous
async def test_the_sheets_form_opens_on_what_a_night_out_left_to_write(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    cora = "Cora Dalton"  # the sample's first sheet, highlighted as the tab opens
    campaign.end_session()
    campaign.execute(Carouse(cora, 0, 0, (), 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "Truth Comes Out: the change to the back story" in text_of(app, "#ff-sheet-text")
        form = await opened(pilot, "e")
        assert form.focused is form.widget_of("notes")
        assert about(form, "notes") == "Truth Comes Out: write the change to the back story here"
        await fill(pilot, notes="She shot her husband herself")
        assert "Truth Comes Out" not in text_of(app, "#ff-sheet-text")
    campaign.close()


# -- lines 103-105: after a fall, the next step where the Judge is --------------------------


@synchronous
async def test_the_fight_tab_gets_the_fallen_up_or_marks_them_lost_itself(tmp_path: Path):
    # the Fight tab said "back up with aid (v) or lost (d), on the Characters tab": the
    # Judge left the fight to find the sheet, and came back to find the tracker again
    campaign = in_a_fight(tmp_path, *CORA_TOMAS_JAKE)
    campaign.execute(TakeHarm(TOMAS, 30))
    campaign.execute(RollOutOfAction(TOMAS, 1))
    campaign.execute(TakeHarm(JAKE, 30))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        head = text_of(app, "#ff-round")
        assert "Characters tab" not in head, head
        assert f"{TOMAS} is down: back up with aid (v) or lost (d)" in head, head
        assert "v up with 1d6" in head and "d lost for good" in head, head
        form = await opened(pilot, "v")  # the highlight on Cora, standing: the fallen first
        assert form.values().text("name") == TOMAS
        assert {value for _, value in form.options_of("name")} == {TOMAS}
        form.set_value("face", "4")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: _guts(campaign, TOMAS) == 4)
        await opened(pilot, "d")  # Jake, the one left down
        assert f"{JAKE} is lost for good" in screen_text(app)
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: _dead(campaign, JAKE))
    campaign.close()


@synchronous
async def test_a_duel_lost_by_one_of_the_posse_rolls_their_fall_on_the_conflict_tab(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # the Conflict tab said "o on the Characters tab rolls what befalls them"
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    campaign = sample(tmp_path)
    campaign.execute(Duel(JAKE, "HHH", CORA, "TTT"))
    campaign.execute(TakeHarm(CORA, 30, "lost a High Stakes Duel"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        result = text_of(app, "#ff-result")
        assert f"{CORA} is out of action at 0 Guts: F rolls what befalls them" in result
        form = await opened(pilot, "F")
        assert form.values().text("name") == CORA
        form.set_value("face", "1")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: _rolled(campaign, CORA))
    campaign.close()


def _sheet_of(campaign: Campaign[FistfulState], name: str) -> Character:
    found = campaign.state.character(name)
    assert found is not None
    return found


def _guts(campaign: Campaign[FistfulState], name: str) -> int:
    return _sheet_of(campaign, name).guts


def _dead(campaign: Campaign[FistfulState], name: str) -> bool:
    return _sheet_of(campaign, name).dead


def _rolled(campaign: Campaign[FistfulState], name: str) -> bool:
    return _sheet_of(campaign, name).out_of_action_rolled


# -- line 153: a brawl had between sessions lasts through the next -------------------------------


def test_a_brawl_between_sessions_is_said_on_the_sheet_to_last_through_the_next():
    # the sheet said "until the session ends" with no session running, where the brawl
    # lasts till the end of the next (as where the campaign stands said)
    state = sheet(journal(posse(), SESSION_END), "Bo", dollars=20)
    brawled = run(state, Carouse("Bo", 0, 0, (), 4))
    assert ("Drunken Brawl: 2 fewer Guts at most until the next session ends"
            in view.sheet_lines(_bo(brawled), between_sessions=True)[2])
    assert "the next session" in "\n".join(
        line for section in view.dealer_sections(brawled) if isinstance(section, Lines)
        and section.title == "Bo" for line in section.lines)
    begun = journal(brawled, SESSION_START)
    assert ("Drunken Brawl: 2 fewer Guts at most until the session ends"
            in view.sheet_lines(_bo(begun))[2])


# -- lines 103, 203, 321: what the fallen carried passes to the posse -----------------------------


def test_a_dead_comrades_purse_and_gear_pass_to_one_of_the_posse():
    # Eli died with $84 and a derringer on his sheet: nothing could move them, so the posse
    # carried them on paper (or the Judge put the survivor's dollars "right", as a mistake)
    state = sheet(posse(), "Ann", dollars=90, start_purse=30,
                  equipment=(Item("Revolver", 1, quickdraw=True), Item("Box of shells", 2)))
    state = sheet(state, "Bo", dollars=12, start_purse=0, equipment=(Item("Box of shells", 2),))
    dead = run(state, TakeHarm("Ann", 30), RollOutOfAction("Ann", 6))
    moved = RULES.decide(dead, HandOver("Ann", "Bo", 40, "Revolver", 1))
    assert said(moved[0]) == ("$40 ($30 of it starting money, which cannot pay the bounty) "
                              "and the Revolver pass from Ann, dead, to Bo (slot 1)")
    assert view.table_tells(_as_logged(moved[0])) == (
        "$40 and the Revolver passed from Ann, dead, to Bo")
    after = apply(dead, moved)
    ann, bo = after.character("Ann"), after.character("Bo")
    assert ann is not None and bo is not None
    assert (ann.dollars, ann.start_purse, [i.name for i in ann.equipment]) == (
        50, 0, ["Box of shells"])
    # the starting money goes first, and stays starting money: it still cannot pay the bounty
    assert (bo.dollars, bo.start_purse, bo.take) == (52, 30, 0)
    assert Item("Revolver", 1, quickdraw=True) in bo.equipment
    # one of a stack joins the taker's stack at its slot; the rest stay
    boxed = apply(after, RULES.decide(after, HandOver("Ann", "Bo", 0, "Box of shells")))
    assert _counts(boxed, "Bo") == {"Revolver": 1, "Box of shells": 2}
    assert "Box of shells" not in _counts(boxed, "Ann")
    # a loan between the living: dollars alone, no take (no XP: it was counted when won)
    lent = apply(state, RULES.decide(state, HandOver("Bo", "Ann", 5)))
    assert said(RULES.decide(state, HandOver("Bo", "Ann", 5))[0]) == "$5 passes from Bo to Ann"
    assert [(c.dollars, c.take) for c in lent.posse_members] == [(95, 0), (7, 0)]


def test_handing_over_is_refused_naming_the_rule_and_changes_nothing():
    state = sheet(posse(), "Ann", dollars=20, equipment=(Item("Rifle", 6, size="large"),))
    state = sheet(state, "Bo", equipment=(Item("Lantern", 6),))
    refused(state, HandOver("Ann", "Bo", 0, ""), "Hand over")  # nothing named
    refused(state, HandOver("Ann", "Ann", 5), "Hand over")
    refused(state, HandOver("Ann", "Bo", 21), "Hand over")  # more than Ann has
    refused(state, HandOver("Ann", "Bo", 0, "Shotgun"), "Hand over")  # not carried
    refused(state, HandOver("Ann", "Jake", 5), "Hand over")  # an NPC's are the Judge's
    refused(state, HandOver("Jake", "Ann", 5), "Hand over")
    assert refused(state, HandOver("Ann", "Bo", 0, "Rifle"), "Encumbrance").field == "slot"
    dead = run(state, TakeHarm("Bo", 30), RollOutOfAction("Bo", 6))
    refused(dead, HandOver("Ann", "Bo", 5), "Out of action")  # the dead take nothing


def _counts(state: FistfulState, name: str) -> dict[str, int]:
    found = state.character(name)
    assert found is not None
    return {item.name: item.count for item in found.equipment}


@synchronous
async def test_g_on_the_characters_tab_hands_a_dead_comrades_belongings_on(tmp_path: Path):
    campaign = sample(tmp_path)
    eli = "Eli 'Preacher' Moss"  # $84; Derringer, Bible, Bottle of whiskey
    campaign.execute(TakeHarm(eli, 30))
    campaign.execute(RollOutOfAction(eli, 6))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await keys(pilot, "down")  # Eli's sheet
        form = await opened(pilot, "g")
        # a dead man's whole purse is offered, to the first of the living
        assert form.values().text("giver") == eli
        assert form.values().text("taker") == CORA
        assert form.values().text("dollars") == "84"
        assert [label for label, _ in form.options_of("item")][:2] == ["none", "Derringer"]
        form.set_value("item", "Derringer")
        form.set_value("slot", "4")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: _sheet_of(campaign, CORA).dollars == 44 + 84)
        assert Item("Derringer", 4, quickdraw=True) not in _sheet_of(campaign, eli).equipment
        assert "Derringer" in [i.name for i in _sheet_of(campaign, CORA).equipment]
    campaign.close()


# -- line 136: one XP buys one die, said as the dice are typed ---------------------------------


@synchronous
async def test_the_carousing_form_says_dice_past_the_xp_before_it_is_sent(tmp_path: Path):
    # a 6 typed beside the field's 0 made 60 advancement dice, and the form showed
    # "Advancement Test, 60 dice: Grit 18 100%, Gumption 16 100%, Grace 18 100%" till sent
    campaign = sample(tmp_path)
    campaign.end_session()  # the sample's $60 take: 6 XP
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "u")
        form.set_value("advancement_dice", "60")
        # the line under the fields follows the field's change once it reaches the form
        await until(pilot, lambda: "XP buys" in preview(form))
        shown = preview(form)
        assert "Cora Dalton has 6 XP: 6 XP buys at most 6 dice" in shown, shown
        assert "100%" not in shown, shown
        form.set_value("advancement_dice", "6")
        await until(pilot, lambda: "XP buys" not in preview(form))
        shown = preview(form)
        assert "6 dice: Grit 18 72%" in shown and "XP buys" not in shown, shown
        await keys(pilot, "escape")
    campaign.close()


# -- lines 87, 103: a campaign whose posse is all gone -------------------------------------------


def test_where_the_campaign_stands_says_when_nobody_of_the_posse_is_left():
    # Ann dead and Bo ridden off at 6 Stress: the session's end said only "The Test Gang at
    # 3 o'clock on the Wanted Clock", as if the posse rode on
    state = run(posse(), TakeHarm("Ann", 30), RollOutOfAction("Ann", 6))
    gone = journal(sheet(state, "Bo", stress=6), SESSION_END)
    said_now = view.table_stands(view.table_knows(gone), leaving=True) or ""
    assert ("nobody of the posse is left in play: new characters take up the story, or the "
            "campaign ends here") in said_now, said_now
    assert "nobody of the posse" in (view.dealer_stands(gone) or "")
    # one still riding: nothing of the kind
    assert "nobody of the posse" not in (view.table_stands(view.table_knows(
        journal(state, SESSION_END)), leaving=True) or "")


def test_the_recaps_cast_names_the_dead_of_that_session_not_of_every_one_before():
    # Eli died in session 2; each later session's recap listed "Dead: Eli 'Preacher' Moss"
    # under "At the table", a roll of the dead growing with the campaign
    dead = run(posse(), TakeHarm("Ann", 30), RollOutOfAction("Ann", 6))
    before, after = view.table_knows(posse()), view.table_knows(dead)
    assert view.table_cast(after, before=before) == ["Bo", "Dead: Ann"]
    later = view.table_knows(run(dead, ShareTake("Bo", 10)))
    assert view.table_cast(later, before=after) == ["Bo"]
    # one who rode off this session is told apart as before
    off = view.table_knows(sheet(dead, "Bo", stress=6))
    assert view.table_cast(off, before=after) == ["Rode off: Bo"]


def test_the_players_screen_keeps_its_rows_for_those_still_riding():
    # the posse's grid on the players' screen kept a row for each of the dead and those who
    # rode off, session after session, over the rows of those still riding at 80x24
    state = run(posse(), TakeHarm("Ann", 30), RollOutOfAction("Ann", 6))
    state = run(state, CreateCharacter("Cy", (2, 2, 2, 2, 2, 2), (1, 1, 1)))
    state = sheet(state, "Cy", stress=6)
    # (the first grid: what was just decided is told above it)
    posse_grid = next(s for s in view.table_sections(view.table_knows(state))
                      if isinstance(s, Grid))
    assert [row[0] for row in posse_grid.rows] == ["Bo"]
    # in a section of their own under the grid (round 10: in its note, first, before the
    # abbreviations; round 11: the note is the legend alone)
    assert posse_grid.note.startswith("Gum: Gumption.")
    sections = view.table_sections(view.table_knows(state))
    at = sections.index(posse_grid)
    assert sections[at + 1] == Lines("Gone from the posse",
                                     ("Ann\u00a0(dead) and Cy\u00a0(rode\u00a0off)",))
    one = view.table_sections(view.table_knows(sheet(state, "Cy", stress=0)))
    assert Lines("Gone from the posse", ("Ann\u00a0(dead)",)) in one
    # the Judge's grid keeps every sheet: his steps still reach them (a dead man's purse)
    assert {"Ann", "Bo", "Cy"} <= {row[0] for row in view.characters_grid(state).rows}


@synchronous
async def test_the_characters_keys_line_keeps_to_one_row_and_a_fallen_sheet_names_g(
        tmp_path: Path):
    # "g hand over" on the Keys line ran it to two rows at 80 columns for every sheet with
    # a dollar, taking a row from the table; it is named where it is wanted, on the sheet
    # of one fallen with something to hand on (loans between the living: ctrl+p, help)
    campaign = sample(tmp_path)
    eli = "Eli 'Preacher' Moss"
    campaign.execute(TakeHarm(eli, 30))
    campaign.execute(RollOutOfAction(eli, 6))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        line = app.screen.query_one("#ff-posse")
        # as drawn: a Keys line of more steps than fit names how many more (ctrl+p)
        rows = [line.render_line(y).text.rstrip() for y in range(line.size.height)]
        assert len(rows) == 2 and rows[1].startswith("Keys:"), rows
        assert rows[1].endswith("more (ctrl+p)"), rows
        await keys(pilot, "down")
        assert "dead: what they carried may pass to the posse (g)" in text_of(
            app, "#ff-sheet-text")
    campaign.close()
