"""Found by two players who built their gangs from a blank campaign and played games in
which every perk, ability and gun of the module came into play, with the book open."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.attack import resolve, steps
from gmscreen.games.devils_bluff.commands import (
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    EndGame,
    Enlist,
    FoundGang,
    KeepHired,
    Recover,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit, weapons
from gmscreen.games.devils_bluff.hands import Outcome, describe_hand
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.view import laid_line
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, cards, one_off, with_perk
from tests.devils_bluff.test_attack import BASE, Pile
from tests.devils_bluff.test_book import given_ability, with_tokens
from tests.devils_bluff.test_game import refused
from tests.devils_bluff.test_panes import select_row
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import form_up, opened, synchronous, to_tab, until

# -- Fear comes from enemy models that have it (module 137, digest 4) ---------------------------


def test_fear_is_refused_when_no_enemy_of_the_model_has_it() -> None:
    # Dutch rides with Ma Hendry (Fearsome); no model of Sheriff Cole's gang has Fear, so no
    # Fear model of the enemy can stand within 6" of him: the -3 was taken all the same
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 1)
    error = refused(table, Recover("Dutch", feared_by=1), "Fear")
    assert error.field == "feared_by"
    assert error.message == "no enemy model of Dutch has Fear"
    error = refused(table, AttributeTest("Dutch", "CMD", feared_by=1), "Fear")
    assert error.message == "no enemy model of Dutch has Fear"


def test_fear_counts_no_more_enemy_models_than_have_it() -> None:
    # Deputy Ames faces one Fear model (Ma Hendry): two are refused, naming her
    table = agreed(one_off(), fear_stacks=True)
    error = refused(table, AttributeTest("Deputy Ames", "CMD", feared_by=2), "Fear")
    assert error.message == "only 1 enemy model of Deputy Ames has Fear: Ma Hendry"
    # a second Fearsome model of the Hendrys makes two: -3 each, as agreed
    with_perk(table, "Dutch", "Fearsome")
    table.stack("Ks")
    (event,) = table.execute(AttributeTest("Deputy Ames", "CMD", feared_by=2))
    assert event.data["modifier"] == -6 and event.data["outcome"] == "failure"


def test_a_fear_model_taken_out_gives_no_fear() -> None:
    table = wounded(one_off(), "Ma Hendry", 0)
    assert table.fighter("Ma Hendry").out
    error = refused(table, AttributeTest("Deputy Ames", "CMD", feared_by=1), "Fear")
    assert error.message == "no enemy model of Deputy Ames has Fear"


@synchronous
async def test_the_fear_question_names_the_enemy_models_that_have_it(tmp_path: Path) -> None:
    """The forms asked how many enemy models with Fear stood within 6", but no tab named a
    model's Fear: the Dealer looked it up on each roster line of the Characters tab."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await select_row(pilot, "Deputy Ames")
        await pilot.press("t")
        form = await form_up(pilot)
        (fear,) = [f for f in form.fields if f.key == "feared_by"]
        assert [value for _, value in fear.options] == ["0", "1"]
        assert "Enemies with Fear: Ma Hendry" in fear.about
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await select_row(pilot, "Dutch")
        await pilot.press("t")
        form = await form_up(pilot)
        # no enemy of his has Fear: no question that has one answer, and the note says why
        assert not [f for f in form.fields if f.key == "feared_by"]
        assert "No enemy model of Dutch has Fear." in form.note


# -- Return Fire throws every hit away: no Defence test is left to draw (module 155) ----------


def test_return_fire_draws_no_card_for_the_hits_it_throws_away() -> None:
    # Ma Hendry's Shotgun hits twice; Sheriff Cole (Return Fire) lays a winning hand for the
    # first Defence test: both hits are thrown away, so the second hit's Defence test is no
    # test at all. A card was drawn for it all the same ("3♦ 2 failed", under "1 damage"),
    # taken off the Draw Deck for nothing
    setup = replace(BASE, skl=7, weapon=weapons()["Shotgun"], target_def=6,
                    target_ability="Return Fire")
    pile = Pile("Qs Kc 3d")
    report = resolve(setup, pile, defend=lambda: Outcome.CRITICAL)
    assert report.hits == 2 and report.return_fire and report.damage == 0
    assert pile.drawn == 2
    assert [t.card for t in report.defence] == [None]
    assert steps(setup, report) == ("SKL 7+: Q♠ 12 hit, K♣ 13 hit; "
                                    "DEF 6+ at -1 (PRC -1): hand critical success")
    # with Rending's critical hit, its damage still stands and nothing more is drawn
    pile = Pile("Qs 3d")
    report = resolve(setup, pile, Outcome.CRITICAL, defend=lambda: Outcome.CRITICAL)
    assert pile.drawn == 1 and report.damage == 1 and report.rending == 1


# -- Shrug it Off says the hit points it gave back (module 163) --------------------------------


def test_shrug_it_off_says_the_hit_points_it_gave_back() -> None:
    # Ma Hendry (Shrug it Off, 11 HP with Tough) down 2 lays a winning hand on a Command test:
    # she heals back to 11, 2 HP, where the line said "heals 3 HP" whatever she had lost
    table = given_ability(hendry_to_act(one_off(), "Ma Hendry"), "Ma Hendry", "Shrug it Off")
    full = table.fighter("Ma Hendry").profile.hp
    wounded(table, "Ma Hendry", full - 2)
    table.give(HENDRY, "9c 9d 4s 5h 7c")
    (event,) = table.execute(AttributeTest("Ma Hendry", "CMD", hand=True))
    assert table.fighter("Ma Hendry").hp == full
    assert event.data["line"].endswith(
        f"; Shrug it Off clears the gang's tokens and heals Ma Hendry 2 HP ({full} of {full})")
    # unhurt, she heals nothing, and the line says so
    table.give(HENDRY, "Jc Jd 4d 5d 7d")
    (event,) = table.execute(AttributeTest("Ma Hendry", "CMD", hand=True))
    assert event.data["line"].endswith(
        f"; Shrug it Off clears the gang's tokens; Ma Hendry is unhurt ({full} of {full} HP)")


# -- A hand laid is named as the module names it, with the card that breaks a tie ------------


def test_each_hand_laid_is_named_with_the_card_that_breaks_a_tie() -> None:
    # module 53-89: the nine hands from One Pair up, each tie broken as the module says
    named = {text: describe_hand(cards(text)) for text in (
        "7h 7d 9c 5c Js", "8h 8d 3s 3d Qs", "Ah Ad As 5d 9s", "5h 6d 7h 8s 9c",
        "2h 4h 9h Jh Kh", "2c 2d 2s Ah Ad", "Kc Kd Ks Kh 3d", "2h 3h 4h 5h 6h",
        "Tc Jc Qc Kc Ac", "2d 3h Kd Ah 9s")}
    assert list(named.values()) == [
        "One Pair, ties on 7", "Two Pairs, ties on 8", "Three of a Kind, ties on A",
        "Straight, ties on 9", "Flush, ties on K", "Full House, ties on A",
        "Four of a Kind, ties on K", "Straight Flush, ties on 6", "Royal Flush",
        "no valid hand"]


def test_the_hands_laid_against_each_other_say_what_each_made() -> None:
    # Ma Hendry's One Pair of 7s loses to Sheriff Cole's Two Pairs: the line said only the
    # cards and "failure", leaving the table to work out who beat whom
    table = hendry_to_act(one_off(), "Dutch")
    table.give(HENDRY, "7h 7d 9c 5c Js")
    table.give(COLE, "8h 8d 3s 3d Qs")
    table.execute(AttributeTest("Dutch", "CMD", hand=True, contest=(COLE,)))
    told = RULES.describe(table.events[-1])
    assert told == ("Dutch tests CMD 8+ with a played hand: failure (Ma Hendry lays 7♥ 7♦ "
                    "9♣ 5♣ J♠ (One Pair, ties on 7); Sheriff Cole lays 8♥ 8♦ 3♠ 3♦ Q♠ (Two "
                    "Pairs, ties on 8))"), told
    assert laid_line(table.state) == ("Ma Hendry laid 7♥ 7♦ 9♣ 5♣ J♠ (One Pair, ties on 7); "
                                      "Sheriff Cole laid 8♥ 8♦ 3♠ 3♦ Q♠ (Two Pairs, ties on 8)")


# -- A gang is founded from its Gang Leader (module 103): the Enlist form starts there --------


@synchronous
async def test_the_enlist_form_starts_on_a_gang_leader_for_a_gang_without_one(
        tmp_path: Path) -> None:
    """A gang just founded wants its Gang Leader first, but the form started on a hired
    Gunslinger: Unit and Hired gun were changed by hand for each gang's first model."""
    campaign = fresh(tmp_path, ChooseSetUp("campaign"), FoundGang("Ann", "Hendry Gang"),
                     FoundGang("Ben", "Law Riders"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        values = form.values()
        assert values.text("player") == "Ann" and values.text("unit") == LEADER
        assert not values.flag("hired")
        # a name, a perk for the leader's first level, Enter: Ann's leader is enlisted
        await pilot.press(*"Ma Hendry")
        form.set_value("perks", ("Deadly",))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert campaign.state.gang("Ann").fighters[0].recruit.unit == LEADER
        # Ann's gang has its leader: her next model starts as a hired Gunslinger; Ben's
        # gang, chosen, has none: the form moves to a Gang Leader again
        form = await opened(pilot, "e")
        values = form.values()
        assert values.text("unit") == GUNSLINGER and values.flag("hired")
        form.set_value("player", "Ben")
        await until(pilot, lambda: form.values().text("unit") == LEADER)
        assert not form.values().flag("hired")
    campaign.close()


# -- The same guns hired game after game: the recap names them game by game -----------------


def test_the_recap_names_the_guns_that_moved_on_game_by_game() -> None:
    """A table hires the same miniatures for each game. Two games closed in one session
    read "Ann's hired guns Dutch, Kit, Dutch and Kit moved on": each name as often as it
    was hired, and the line never said after which game."""
    table = Table(5)
    table.execute(ChooseSetUp("campaign"))
    began = view.table_knows(table.state)
    for player, leader in (("Ann", "Ma Hendry"), ("Ben", "Sheriff Cole")):
        table.execute(FoundGang(player, f"{player}'s gang"))
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Quick",))))
    guns = {"Ann": ("Dutch", "Kit", "Lefty", "Ned"), "Ben": ("Ames", "Bell", "Quill", "Walt")}
    for game in range(3):
        for player, names in guns.items():
            for name in names:
                table.execute(Enlist(player, Recruit(name, GUNSLINGER, "Revolver",
                                                     hired=True)))
        table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
        table.execute(EndGame())
        if game == 2:
            table.execute(KeepHired("Dutch"))
        table.execute(CloseAftermath())
    totals = view.table_totals(began, view.table_knows(table.state))
    assert [line for line in totals if "moved on" in line] == [
        "Ann's hired guns Dutch, Kit, Lefty and Ned moved on after game 1",
        "Ben's hired guns Ames, Bell, Quill and Walt moved on after game 1",
        "Ann's hired guns Dutch, Kit, Lefty and Ned moved on after game 2",
        "Ben's hired guns Ames, Bell, Quill and Walt moved on after game 2",
        "Ann's hired guns Kit, Lefty and Ned moved on after game 3",
        "Ben's hired guns Ames, Bell, Quill and Walt moved on after game 3"], totals


# -- An attack's modifiers are said one by one, as a Recover's Fear is (digest 3.1) -----------


def test_the_steps_say_where_each_modifier_comes_from() -> None:
    # Kit (a token) shoots at Hattie (Stealth (1)): the steps read "SKL 9+ at -3", which is
    # a token and Stealth, or obscured sight: the table could not check it without asking
    setup = replace(BASE, attacker_tokens=1, target_stealth=1)
    report = resolve(setup, Pile("Qs 2c 9h"))
    assert steps(setup, report) == ("SKL 9+ at -3 (1 token -2, Stealth -1): Q♠ 9 hit, "
                                    "2♣ 1 miss; DEF 7+: 9♥ 9 saved")
    setup = replace(BASE, weapon=weapons()["Rifle"], obscured=True, attacker_tokens=2,
                    cover="heavy", evading=True)
    report = resolve(setup, Pile("Kc 3d"))
    assert steps(setup, report) == (
        "SKL 9+ at -7 (obscured -3, 2 tokens -4): K♣ 6 miss")
    setup = replace(BASE, weapon=weapons()["Rifle"], cover="light", evading=True,
                    free_bonus=3)
    report = resolve(setup, Pile("6c 3d"))
    assert steps(setup, report) == ("SKL 9+ at +3 (Return Fire +3): 6♣ 9 hit; "
                                    "DEF 7+ at +2 (PRC -1, light cover +1, evading +2): "
                                    "3♦ 5 failed")


# -- The Conflict tab names a model's special rules and ability (module 128-163) -------------


def test_the_line_under_the_models_names_the_highlighted_model_s_rules_and_ability() -> None:
    """In a game no tab but the Characters tab named a model's Fear, Fearless, Scout,
    Stealth or ability, which the table needs before laying a hand or answering Fear."""
    table = one_off()
    assert view.odds_line(table.state, "Sheriff Cole").startswith(
        "Next card for Sheriff Cole (Fearless; Return Fire): SKL ")
    assert view.odds_line(table.state, "Ruth Cole").startswith(
        "Next card for Ruth Cole (Stealth (1); Precise Shot): SKL ")
    assert view.odds_line(table.state, "Deputy Ames").startswith(
        "Next card for Deputy Ames: SKL ")
