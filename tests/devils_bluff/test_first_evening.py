"""The twentieth look: a new Dealer's first evening, from an empty journal, and what the
look before left alone (a hand left face up under a dialog over the Conflict tab)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Static

from gmscreen.core.cards import parse_cards
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, hiring, view
from gmscreen.games.devils_bluff.combat import rapid_fire_range
from gmscreen.games.devils_bluff.commands import (
    Attack,
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    KeepHired,
    Mend,
    RollOffForPicks,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import as_text
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import Table, table_sections
from tests.devils_bluff.test_first_hour import _gangs_made_in_the_session
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_rare_rules import activated_by_keys
from tests.devils_bluff.test_readings import agreed
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import abouts, click_key, opened, synchronous, to_tab, until


@synchronous
async def test_a_hand_shown_is_turned_face_down_under_any_dialog(tmp_path: Path) -> None:
    """Both players read one screen: a hand looked at, then a note begun (n, or its key
    clicked in the footer) or the palette opened over the tab, is turned face down, as at
    any other key; it stays face down when the dialog closes."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first = campaign.state.players[0]
    card = str(campaign.state.hand(first)[0])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        hands = shell.query_one("#bluff-hands", Static)
        for opens in ("n", "click n", "ctrl+p"):
            await pilot.press("h")
            await until(pilot, lambda: card in str(hands.render()))
            if opens.startswith("click"):
                await click_key(pilot, opens.split()[1])
            else:
                await pilot.press(opens)
            await until(pilot, lambda: app.screen is not shell)
            await pilot.pause()
            assert card not in str(hands.render()), opens
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is shell)
            assert card not in str(hands.render()), opens
        assert not isinstance(app.screen, Form)
    campaign.close()


@synchronous
async def test_each_box_of_the_attack_form_says_what_it_does(tmp_path: Path) -> None:
    """A new Dealer ticking Cover or Target evades had only the book to say what each
    gives: the line under the form now says it for each box, its numbers the rules' own
    (a Revolver's half range and the attacks it makes there, the close-combat profile)."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    shooter = next(m for m in activatable(campaign.state)
                   if rapid_fire_range(campaign.state, m))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, shooter)
        form = await opened(pilot, "f")
        about = abouts(form)
        assert "highlighted" in about["target"], about
        assert "-3" in about["obscured"], about
        assert "+1" in about["cover"] and "+3" in about["cover"], about
        assert "6\"" in about["evading"] and "+2" in about["evading"], about
        assert "8\"" in about["half_range"] and "4 attacks" in about["half_range"], about
        assert "1\"" in about["assault_range"] and "ATT 1" in about["assault_range"], about
        assert all(about[k] for k in ("hand", "contest", "defender_hand",
                                      "defence_contest")), about
        form.widget_of("cover").focus()
        shown = form.query_one("#form-about", Static)
        await until(pilot, lambda: "+3" in str(shown.render()))
    campaign.close()


@synchronous
async def test_the_recover_and_test_forms_say_what_their_cards_decide(
        tmp_path: Path) -> None:
    """Recover's form said nothing of what a pass or a fail sheds (the book's words were
    needed to tell the table), and the Test form's Modifier nothing of what it is for."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    shooter = activatable(campaign.state)[0]
    found = campaign.state.find(shooter)
    assert found is not None
    campaign.execute(Mend(shooter, found[1].hp, 1, "evaded"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, shooter)
        form = await opened(pilot, "c")
        note = form.note
        assert "CMD" in note and "one token shed and an extra action" in note, note
        assert "every token shed" in note, note
        await pilot.press("escape")
        form = await opened(pilot, "t")
        modifier = next(f.about for f in form.fields if f.key == "modifier")
        assert "-12" in modifier and "+12" in modifier, modifier
    campaign.close()


def test_the_attack_form_s_words_follow_the_settings_and_the_rules_numbers() -> None:
    """The words under the attack form are the rules' own: Rapid Fire's attacks as agreed
    (doubled, or one more), a gun up close where the table lets guns fire there; and what
    they say an attack does is what the rules then do."""
    table, shooter, target = attack_ready()
    about = view.attack_about(table.state, "Dutch")
    assert "makes 4 attacks, not 2" in about["half_range"], about
    assert "Fists and Knives instead of the gun" in about["assault_range"], about
    agreed(table, rapid_fire="plus one", guns_in_assault=True)
    about = view.attack_about(table.state, "Dutch")
    assert "makes 3 attacks, not 2" in about["half_range"], about
    assert "its Revolver still fires" in about["assault_range"], about
    # heavy cover: +3 to each Defence test, as said
    assert "heavy +3" in view.attack_about(table.state, shooter)["cover"]
    table.stack("Kc Kd 4c 4d")
    (event,) = table.execute(Attack(shooter, target, cover="heavy"))
    assert "heavy cover +3" in RULES.describe(event), RULES.describe(event)


@synchronous
async def test_the_enlist_form_says_how_many_perks_the_model_brings(tmp_path: Path) -> None:
    """A new Dealer enlisting a campaign's Gang Leader typed a name and Enter, and only
    the refusal said a perk was wanted: the line under the fields says it from the start,
    and follows the unit, the gang and the Hired gun box (module 103, 107-109)."""
    campaign = fresh(tmp_path, ChooseSetUp("campaign"), FoundGang("Ann", "Hendry Boys"),
                     FoundGang("Bob", "Law Dogs"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        preview = form.query_one("#form-preview", Static)

        def says(words: str) -> Callable[[], bool]:
            return lambda: words in str(preview.render())
        await until(pilot, says("Tick 1 perk: a campaign's Gang Leader starts with 1 "
                                "level."))
        form.set_value("hired", True)
        await until(pilot, lambda: "Tick" not in str(preview.render()))
        await pilot.press("escape")
    campaign.close()
    (tmp_path / "one").mkdir()
    one_off = fresh(tmp_path / "one", ChooseSetUp("one-off"), FoundGang("Ann", "Hendry Boys"))
    assert hiring.levels_wanted(one_off.state, "Ann", LEADER, hired=False) == (4,)
    assert hiring.levels_wanted(one_off.state, "Ann", GUNSLINGER, hired=False) == (3, 2)
    assert hiring.levels_wanted(one_off.state, "Ann", GUNSLINGER, hired=True) == (0,)
    one_off.execute(Enlist("Ann", Recruit("Jesse", GUNSLINGER, "Revolver",
                                          ("Quick", "Deft", "Tough"))))
    assert hiring.levels_wanted(one_off.state, "Ann", GUNSLINGER, hired=False) == (2,)
    assert view.perks_wanted(one_off.state, "Ann", GUNSLINGER, hired=False) == (
        "Tick 2 perks: a one-off's custom gunslingers have 3 and 2 levels.")
    one_off.close()


def test_the_recap_tells_the_level_of_a_gun_hired_in_the_session_and_kept() -> None:
    """Session 1 of a campaign begun from nothing: Dutch, hired after f5, kept after the
    game and levelled. "Won and lost" said "Ma Hendry gained 1 level" for the leader made
    before the session but nothing of Dutch's level (its record line named it)."""
    table, began = _gangs_made_in_the_session()
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    table.execute(Deploy((), shuffle_order(table.rng("shuffle"))))
    table.execute(EndGame())
    table.execute(KeepHired("Ann's gun 0"))
    table.execute(GainLevel("Ann's gun 0", "Quick"))
    table.execute(GainLevel("Red Kate", "Deft"))
    while_open = view.table_totals(began, view.table_knows(table.state))
    assert "Ann's gun 0 gained 1 level" in while_open, while_open
    table.execute(CloseAftermath())
    totals = view.table_totals(began, view.table_knows(table.state))
    assert "Ann's gun 0 gained 1 level" in totals, totals
    # Red Kate joined in the session with her first level: only the one after the game
    assert "Red Kate gained 1 level" in totals, totals


def test_the_odds_line_of_a_model_taken_out_says_it_takes_no_test() -> None:
    """Deputy Hale taken out, the cursor still on him: the line under the models gave his
    chances to pass SKL, DEF and CMD, tests a model taken out never takes."""
    table, shooter, target = attack_ready()
    found = table.state.find(target)
    assert found is not None
    table.execute(Mend(target, 0, 0, "taken out"))
    assert view.odds_line(table.state, target) == (
        f"{target} is taken out: no card is drawn for it this game")
    assert view.odds_line(table.state, shooter).startswith(f"Next card for {shooter}")


@synchronous
async def test_the_leaving_form_says_what_a_tick_brings(tmp_path: Path) -> None:
    """"Slim leaves assault range of:" and a box an enemy: nothing said that each enemy
    ticked attacks first (digest 2.3), nor that only those within 1" are ticked."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    mover = activatable(campaign.state)[0]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, mover)
        form = await opened(pilot, "l")
        assert "within 1\"" in form.note and "free attack" in form.note, form.note
    campaign.close()


@synchronous
async def test_the_first_form_a_new_dealer_fills_says_what_each_line_is(
        tmp_path: Path) -> None:
    """Found a gang, the first form of a campaign begun from nothing: "Player" and "Gang"
    and nothing under them (is Gang its name? who is the player?)."""
    campaign = fresh(tmp_path, ChooseSetUp("campaign"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "o")
        about = abouts(form)
        assert "two" in about["player"] and "name" in about["name"], about
    campaign.close()


def test_the_deployment_roll_off_s_cards_are_in_sight_till_the_first_round() -> None:
    """The app drew the deployment roll-off and the status said only who won: the cards
    were in the log alone, where the initiative's are in the status. Now they stand under
    the status, and on the players' screen as the last thing resolved, till round 1."""
    table = Table(5)
    table.execute(ChooseSetUp("campaign", "pool"))
    for player, leader in (("Ann", "Red Kate"), ("Bob", "Marshal Dunn")):
        table.execute(FoundGang(player, f"{player}'s gang"))
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Quick",))))
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    (event,) = table.execute(Deploy((), shuffle_order(table.rng("shuffle"))))
    drawn = ", ".join(f"{d['player']} {' '.join(map(str, parse_cards(' '.join(d['cards']))))}"
                      for d in event.data["draws"])
    shown = f"Deployment roll-off: {drawn}"
    assert shown in view.status_lines(table.state), view.status_lines(table.state)
    assert view.table_knows(table.state).last == shown


def test_the_pool_roll_off_s_cards_are_named_with_whose_pick_it_is() -> None:
    """The pool's roll-off drawn by the app: the Characters tab said "Bob picks next from
    the pool" and nothing of the cards that decided it (the log alone told them)."""
    table = Table(5)
    table.execute(ChooseSetUp("campaign", "pool"))
    for player, leader in (("Ann", "Red Kate"), ("Bob", "Marshal Dunn")):
        table.execute(FoundGang(player, f"{player}'s gang"))
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Quick",))))
    table.execute(RollOffForPicks(shuffle_order(table.rng("shuffle")),
                                  (("Ann", "7h 2c"), ("Bob", "7s Kd"))))
    drew = "; the roll-off drew Ann 7♥, Bob 7♠, Ann 2♣, Bob K♦."
    lines = view.campaign_lines(table.state)
    assert f"Bob picks next from the pool (e enlists){drew}" in lines, lines
    table.execute(Enlist("Bob", Recruit("Deputy Ray", GUNSLINGER, "Revolver", hired=True)))
    lines = view.campaign_lines(table.state)
    assert f"Ann picks next from the pool (e enlists){drew}" in lines, lines
    # the cards lie face up: the players' screen names them too
    shown = as_text(table_sections(view.table_knows(table.state)))
    assert f"Ann picks next from the pool{drew}" in shown, shown


@synchronous
async def test_the_deployment_form_names_each_scout_on_one_line(tmp_path: Path) -> None:
    """"Sheriff Cole (Scout)" ran past the label's room at 80 columns and broke in two: the
    form lists only scouts, so each is named alone, what holding it back does under it."""
    campaign = fresh(tmp_path, ChooseSetUp("campaign", "pool"),
                     FoundGang("Ann", "Hendry Boys"), FoundGang("Bob", "Law Dogs"),
                     Enlist("Ann", Recruit("Ma Hendry", LEADER, "Revolver", ("Hunter",))),
                     Enlist("Bob", Recruit("Sheriff Cole", LEADER, "Revolver", ("Hunter",))),
                     StartGame(tuple(range(52))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "y")
        assert [f.label for f in form.fields] == ["Ma Hendry", "Sheriff Cole"]
        assert all("12\"" in f.about for f in form.fields), form.fields
    campaign.close()


@synchronous
async def test_the_score_form_says_what_points_are_for(tmp_path: Path) -> None:
    """The books give no mission (digest 2.1, 6.18): the players agree what scores. The
    Score form said so nowhere; its For line nothing of what it is."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "s")
        about = abouts(form)
        assert "agreed" in about["player"] and "objective" in about["reason"], about
    campaign.close()
