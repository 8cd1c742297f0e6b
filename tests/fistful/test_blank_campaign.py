"""A new Judge's first session from a blank campaign, played with the book open: a posse
of three rolled by the book, a shoot-out against NPCs of every rank, then Carousing,
advancement, buying at each price and the Wanted Clock run up to the Wanted Chart. What got
in the way, mended; each test failed before its fix.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES, fight_rules, view
from gmscreen.games.fistful.characters import parse_equipment
from gmscreen.games.fistful.commands import (
    Carouse,
    Crime,
    CunningDeal,
    EndTurn,
    FlipInitiative,
    JoinFight,
    MoveInFight,
    OpposedTest,
    Rest,
    RollTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.events import ClockMoved
from gmscreen.games.fistful.tables import book_price
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import SESSION_END, SESSION_START, Event
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from tests.fistful.game import apply, posse, refused, run, said, sheet
from tests.fistful.test_long_run import started
from tests.fistful.test_panes import judged, keys, text_of
from tests.fistful.test_play import journal
from tests.pilot import synchronous, to_tab

# -- lines 239-249: the book's own word for a quick-draw item, typed ------------------------


def test_the_books_word_quickdraw_marks_an_item_quick_draw():
    # "1 Derringer quickdraw" was refused: only a quick-draw item may sit in slot 1
    derringer, lasso = parse_equipment("1 Derringer quickdraw; 1 Lasso quick-draw")
    assert (derringer.name, derringer.quickdraw) == ("Derringer", True)
    assert (lasso.name, lasso.quickdraw) == ("Lasso", True)


# -- lines 124-126: the Fight tab's Acted column after a shot that leaves the move -------------


def test_the_fight_grid_marks_a_fighter_who_shot_as_acted_before_they_move():
    # Will shot and his Acted cell stayed blank (the tab alone said he may still move), so
    # the Judge read the grid as Will still to shoot
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Nearby"),
                FlipInitiative("H"))
    shot = run(state, OpposedTest(Side("Ann", "gumption", 3, (1, 2, 4)),
                                  Side("Jake", "grace", 2, (1, 2)), "revolver", "Nearby",
                                  turn=True))
    grid = view.fight_grid(shot)
    ann = grid.rows[0]
    assert (ann[grid.columns.index("Moved")], ann[grid.columns.index("Acted")]) == ("", "yes")
    # Done with neither a move nor an action: the turn is over all the same
    done = view.fight_grid(run(state, EndTurn("Ann")))
    assert done.rows[0][done.columns.index("Acted")] == "done"
    assert view.fight_grid(state).rows[0][grid.columns.index("Acted")] == ""


# -- lines 151-152: Secrets revealed and Truth Comes Out, rolled by the app -----------------


def test_a_new_background_or_back_story_left_unwritten_is_said_in_the_log():
    # the app rolled 2, Secrets revealed, with nothing typed: the log said only "2, Secrets
    # revealed" and the sheet kept the old background, its floating die and all
    state = sheet(journal(posse(), SESSION_END), "Bo", xp=2)
    secrets = RULES.decide(state, Carouse("Bo", 0, 1, (3,), 2))
    assert said(secrets[0]).endswith(
        "2, Secrets revealed (to buy 1 advancement die, bill 3 = $3); the new background is "
        "still to be written on the sheet")
    typed = RULES.decide(state, Carouse("Bo", 0, 1, (3,), 2, story="Ex-Pinkerton"))
    assert said(typed[0]).endswith("2, Secrets revealed (to buy 1 advancement die, bill 3 = $3); "
                                   "new background: Ex-Pinkerton")
    bo = apply(state, typed).character("Bo")
    assert bo is not None and bo.background == "Ex-Pinkerton"
    truth = RULES.decide(state, Carouse("Bo", 0, 1, (3,), 3))
    assert said(truth[0]).endswith(
        "3, Truth Comes Out (to buy 1 advancement die, bill 3 = $3); the change to the back "
        "story is still to be written on the sheet")
    told = RULES.decide(state, Carouse("Bo", 0, 1, (3,), 3, story="his brother lives"))
    assert said(told[0]).endswith("3, Truth Comes Out (to buy 1 advancement die, bill 3 = $3); "
                                 "the back story: his brother lives")
    # the other entries say nothing of it
    assert said(RULES.decide(state, Carouse("Bo", 0, 1, (3,), 4))[0]).endswith(
        "4, Drunken Brawl (to buy 1 advancement die, bill 3 = $3); at most 8 Guts till the "
        "brawl wears off")


# -- lines 160-166: a crime or a deal on the Wanted Clock is named --------------------------


def test_a_crime_or_a_deal_left_unnamed_is_refused_and_an_old_one_told_without_a_gap():
    # the crime form sent with nothing typed moved the clock 8 -> 9 with no reason: the
    # Wanted Clock tab, the log and the recap read "by a crime: ." with nothing after it
    state = run(posse(4), Crime(4, "killed Frank Cutter"))
    for command in (Crime(1, ""), Crime(1, "   "), CunningDeal(1, "")):
        error = refused(state, command, "Wanted Clock")
        assert error.field == "why"
    # a journal written before: the move is told without a dangling colon, on the Wanted
    # Clock tab too
    assert view.move_line(5, 8, 9, "crime", "", None) == "#5 8 -> 9, crime"
    unnamed = RULES.kinds.new(ClockMoved(8, 9, "crime", ""))
    assert said(unnamed) == "Wanted Clock 8 -> 9 o'clock by a crime"
    assert view.table_tells(Event(1, datetime(2026, 1, 1), 1, unnamed.kind, unnamed.data, 1)
                            ) == "From 8 to 9 o'clock (crime)"
    named = RULES.kinds.new(ClockMoved(8, 9, "crime", "stole a horse"))
    assert view.table_tells(Event(1, datetime(2026, 1, 1), 1, named.kind, named.data, 1)
                            ) == "From 8 to 9 o'clock: stole a horse"


# -- lines 251-278: an NPC's own rolls in a journal written before the events said so ------


def test_an_old_journals_npc_test_stays_behind_the_judges_screen(tmp_path: Path) -> None:
    """A journal from before the events said an NPC's roll was one reads it by who the
    posse are once the session is over (the recap gives `table_tells` what the table
    knows): 'Jake tested Grit against Challenge 8' and 'Jake took 3 harm' reached the
    table's recap."""
    campaign = started(tmp_path)
    for step in (RollTest("Jake", "grit", 8, 2, (5, 5)), TakeHarm("Jake", 3, "a fall"),
                 RollTest("Ann", "grace", 8, 2, (2, 3))):
        campaign.execute(step)
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    # the journal as written before `npc` was recorded: the same events, without it
    path.write_text(re.sub(r"(, npc = true|\nnpc = true)", "", path.read_text()))
    old = open_campaign(path, rules_for, writable=False)
    told = render(build(old, 1, view), "txt")
    assert "Ann tested Grace" in told
    assert "Jake" not in told, told


# -- lines 97-103: a night's rest gives or takes Guts; 0 Guts is out of action ---------------


def test_the_log_tells_the_guts_a_rest_gives_or_takes_and_a_fall_to_none():
    # the log read "Bo rests: 6 6 6 5 = 23, BUSTS" with no word of the 3 Guts lost to
    # infection nor of Bo now out of action; a success did not say the Guts it gave back
    state = sheet(journal(posse(), SESSION_START), "Bo", guts=3, stress=2)
    rested = RULES.decide(state, Rest("Bo", (1, 2)))
    # (Bo carries no rations: the line says he was fed otherwise, line 99)
    unfed = "; no rations on the sheet: fed otherwise"
    assert said(rested[-1]) == "Bo rests: 1 2 = 3, succeeds; Guts now 5" + unfed
    infected = RULES.decide(state, Rest("Bo", (6, 6, 6, 5)))
    assert said(infected[-1]) == ("Bo rests: 6 6 6 5 = 23, BUSTS; Guts down to 0 by "
                                  f"infection, out of action{unfed}; doubles: the Judge "
                                  "banks a Misfortune")
    # full Guts already: they stay at the most
    full = RULES.decide(sheet(state, "Bo", guts=10), Rest("Bo", (1, 2)))
    assert said(full[-1]) == "Bo rests: 1 2 = 3, succeeds; Guts now 10" + unfed
    # harm that takes the last Guts says so too
    assert said(RULES.decide(state, TakeHarm("Bo", 5, "snakebite"))[-1]) == (
        "Bo takes 5 harm: snakebite; out of action")
    assert said(RULES.decide(state, TakeHarm("Bo", 2, "snakebite"))[-1]) == (
        "Bo takes 2 harm: snakebite")


# -- lines 157-159: the session's opening notice takes up the clock as the recap does --------


def test_a_session_begun_after_another_takes_up_the_posses_hour():
    # session 2 began at High Noon and its notice said only the dice waiting and the
    # Misfortune: the hour was dropped once the session had begun, though the recap's
    # "Taken up from the session before" gave it
    ended = journal(run(journal(posse(), SESSION_START), Crime(9, "shot a marshal")),
                    SESSION_END)
    begun = journal(ended, SESSION_START)
    taken_up = view.dealer_stands(ended)
    assert taken_up is not None and "The Test Gang at High Noon" in taken_up
    assert view.dealer_stands(begun) == taken_up
    known = view.table_knows(begun)
    assert view.table_stands(known) == view.table_stands(view.table_knows(ended))
    # a first session takes nothing up, begun or not
    first = journal(posse(), SESSION_START)
    assert view.table_stands(view.table_knows(first)) is None


# -- lines 38-40, 251: an NPC's test on the Conflict tab keeps no Luck and banks nothing -----


@synchronous
async def test_an_npcs_test_set_up_names_no_luck_nor_misfortune_banking(tmp_path: Path):
    # Curly Bill's test read "Luck 0, Stress 0, Guts 9/9; the Judge's Misfortune 1,
    # banking a failure's doubles (k)", though an NPC keeps no Luck (the sheet shows "-")
    # and its doubles bank the Judge nothing
    campaign = started(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        setup = text_of(app, "#ff-setup")
        assert "Luck 0, Stress 0, Guts 9/9" in setup and "banking a failure's doubles" in setup
        await keys(pilot, "p", "p")  # Ann, Bo, then Jake
        setup = text_of(app, "#ff-setup")
        assert setup.startswith("Jake (p) tests"), setup
        assert "Luck 0" not in setup and "banking" not in setup, setup
        assert "Stress 0, Guts 9/9; an NPC: no Luck, no Misfortune from doubles" in setup
    campaign.close()


# -- lines 209-217: the Buy form's category, by the thing an item's name names --------------


def test_an_items_price_follows_the_thing_it_names_not_the_weapon_it_is_for():
    # "2 Shotgun shells" opened the Buy form on Boutique rolled twice (the shotgun's price,
    # about $70) where the book prices a box of shells Common, a d6; "Rifle scope" took the
    # rifle's two rolls; "Thieves tools" typed without the apostrophe was not found
    assert book_price("Shotgun shells") == ("Common", 1)
    assert book_price("Rifle cartridges") == ("Common", 1)
    assert book_price("Box of rifle shells") == ("Common", 1)
    assert book_price("Bundle of arrows") == ("Common", 1)
    assert book_price("Rifle scope") == ("Boutique", 1)
    assert book_price("Thieves tools") == ("Boutique", 1)
    assert book_price("Thieves' tools") == ("Boutique", 1)
    # what stayed right stays so
    assert book_price("Lever action Rifle") == ("Boutique", 2)
    assert book_price("Shotgun") == ("Boutique", 2)
    assert book_price("First class train ride") == ("Boutique", 1)
    assert book_price("Train ride") == ("Common", 1)
    assert book_price("Fine jewelry") == ("Bespoke", 1)
    assert book_price("Thoroughbred horse") == ("Bespoke", 4)
    assert book_price("Gatling gun") == ("Bespoke", 4)


# -- line 122: the side the coin names acts first ---------------------------------------------


def test_the_side_acting_second_waits_for_the_first_to_finish_its_turns():
    # heads: the posse acts first, yet Jake's attack and move were taken while Ann was
    # still to act, and the Fight tab's header said the posse acts first all the same
    state = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Nearby"), FlipInitiative("H"))
    refusal = fight_rules.why_not_attack(state, "Jake")
    assert refusal is not None and refusal.rule == "Turns"
    assert refusal.message == "the posse acts first this round: Ann is still to act"
    assert fight_rules.why_not_move(state, "Jake", -1) == refusal
    assert fight_rules.why_not_attack(state, "Ann") is None
    # Done ends Ann's turn, and Jake's turn comes
    after = run(state, EndTurn("Ann"))
    assert fight_rules.why_not_attack(after, "Jake") is None
    # one of the first side down does not hold the others up
    down = run(sheet(state, "Ann", guts=0), MoveInFight("Jake", "Close"))
    assert down.fighter("Jake").moved  # type: ignore[union-attr]
    # tails: the NPCs first
    tails = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Nearby"), FlipInitiative("T"))
    assert fight_rules.why_not_attack(tails, "Ann") == RuleError(
        "Turns", "the NPCs act first this round: Jake is still to act")
