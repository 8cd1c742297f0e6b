"""The edges of the rules, and what the last look noticed and left alone (a fifteenth look).

Ending an activation with a free action on offer (module lines 147, 159) or a move out of
assault range waiting (digest 2.3, 97) lets it go: the Dealer is asked first, naming it, and
the log, the status and the recap say what went. A shot back up close (module 155, digest
3.1) asks no half range: a model within 1" is within every half range."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.combat import why_not_attack
from gmscreen.games.devils_bluff.commands import (
    Attack,
    ChooseSetUp,
    EndActivation,
    Enlist,
    FoundGang,
    Move,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import Event
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, recruit
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_panes import table_app
from tests.devils_bluff.test_rare_rules import activated_by_keys, dealt_anew, in_deck
from tests.devils_bluff.test_readings import agreed
from tests.pilot import fill, screen_text, synchronous, to_tab


def critical_hit_by(ability: str) -> tuple[Table, str]:
    """Eli Crane, given `ability`, lays a pair for his first Battle Skill test: a critical
    hit, so its free action waits."""
    table, shooter, target = attack_ready()
    given_ability(table, shooter, ability)
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    return table, shooter


def ended(table: Table, name: str) -> Event:
    """The event that ends `name`'s activation, the one event ending it makes."""
    (event,) = table.execute(EndActivation(name))
    return event


def test_ending_an_activation_says_the_free_attacks_it_lets_go() -> None:
    table, shooter = critical_hit_by("Hail of Fire")
    event = ended(table, shooter)
    told = RULES.describe(event)
    assert told == f"{shooter} ends its activation, letting go 2 free attacks of Hail of Fire"
    # the status says it until the next thing resolved, and the recap tells it
    assert told in view.status_lines(table.state)
    assert view.table_tells(event) == told
    assert table.fighter(shooter).activated


def test_ending_an_activation_says_the_free_advance_it_lets_go() -> None:
    table, shooter = critical_hit_by("Run and Gun")
    told = RULES.describe(ended(table, shooter))
    assert told == f"{shooter} ends its activation, letting go the free Advance of Run and Gun"


def test_ending_an_activation_says_the_move_out_of_assault_range_it_lets_go() -> None:
    table, mover, enemy = attack_ready()
    table.execute(Move(mover, "Rush", leaving=(enemy,)))
    told = RULES.describe(ended(table, mover))
    assert told == (f"{mover} ends its activation, letting go its Rush out of assault "
                    f"range, so {enemy} makes no free attack")
    table, mover, enemy = attack_ready()
    table.execute(Move(mover, "Advance", leaving=(enemy, "Ma Hendry")))
    told = RULES.describe(ended(table, mover))
    assert told.endswith(f"its Advance out of assault range, so {enemy} and Ma Hendry make "
                         "no free attack"), told


def test_an_activation_ended_with_nothing_on_offer_says_nothing_more() -> None:
    # with no action taken it says so (round 13: told as nothing, the recap read two turns'
    # draws as two in one); once the model has acted, its end is bookkeeping
    table, shooter, _ = attack_ready()
    event = ended(table, shooter)
    assert RULES.describe(event) == f"{shooter} ends its activation without an action"
    assert view.table_tells(event) == f"{shooter} ends its activation without an action"
    table, shooter, _ = attack_ready()
    table.execute(Move(shooter, "Advance"))
    event = ended(table, shooter)
    assert RULES.describe(event) == f"{shooter} ends its activation"
    assert view.table_tells(event) is None


def test_an_old_journal_s_activation_ended_still_reads() -> None:
    table, shooter, _ = attack_ready()
    event = ended(table, shooter)
    old = replace(event, data={"player": COLE, "fighter": shooter})
    assert RULES.describe(old) == f"{shooter} ends its activation"


@synchronous
async def test_done_with_free_attacks_waiting_asks_first_naming_them(tmp_path: Path) -> None:
    """By keys at 80x24: Jesse Hendry (Hail of Fire) lays a pair and hits; e asks before
    ending his activation, naming the two free attacks; No keeps them, Yes lets them go."""
    campaign = dealt_anew(tmp_path, "9 9 4 6 Q", "3 5 7 J K")
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, "Jesse Hendry")
        await fill(pilot, "f", target="Sheriff Cole", hand=True,
                   typed=in_deck(campaign, "3 3"))
        assert _free_attacks(campaign) == 2
        events = len(campaign.events)
        await pilot.press("e")
        await pilot.pause()
        question = str(app.screen.query_one("#confirm-question", Static).render())
        assert "2 free attacks of Hail of Fire" in question, question
        await pilot.press("n")
        await pilot.pause()
        assert len(campaign.events) == events and _free_attacks(campaign) == 2
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state.battle is not None and campaign.state.battle.activation is None
        assert "letting go 2 free attacks of Hail of Fire" in campaign.state.last


def _free_attacks(campaign: Campaign[object]) -> int:
    battle = campaign.state.battle  # type: ignore[attr-defined]
    return battle.activation.free_attacks if battle.activation is not None else 0


def test_a_shot_back_up_close_is_within_half_range() -> None:
    """With guns firing up close (a setting), Ma Hendry's shot back at an attack made within
    1" is within her Revolver's 8": four attacks by Rapid Fire, asked or not."""
    table, shooter, _ = attack_ready()
    target = "Jesse Hendry"  # a Revolver
    agreed(table, guns_in_assault=True)
    given_ability(table, target, "Return Fire")
    table.give(HENDRY, "Jc Jd Jh 4s 6c")
    table.stack("Kc")
    table.execute(Attack(shooter, target, assault_range=True, defender_hand=True))
    table.stack("2c 2d 2h 2s")
    (event,) = table.execute(Attack(target, shooter))
    assert len(event.data["skill"]) == 4, event.data


def test_an_attack_up_close_with_a_gun_is_within_half_range() -> None:
    """An attack ticked in assault range (1") is within the Revolver's half range (8")
    whether or not that box is ticked; a parting shot, which never asks it, alike."""
    table, shooter, target = attack_ready()
    agreed(table, guns_in_assault=True)
    table.stack("2c 2d 2h 2s")
    (event,) = table.execute(Attack(shooter, target, assault_range=True))
    assert len(event.data["skill"]) == 4, event.data


@synchronous
async def test_the_shot_back_up_close_asks_no_half_range(tmp_path: Path) -> None:
    campaign = dealt_anew(tmp_path, "3 5 7 9 Q", "J J J 4 6")
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, "Dutch")
        await fill(pilot, "f", target="Sheriff Cole", assault_range=True,
                   defender_hand=True, typed=in_deck(campaign, "K"))
        assert campaign.state.battle is not None
        assert campaign.state.battle.return_fire == ("Sheriff Cole", "Dutch")
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert "half_range" not in {f.key for f in form.fields}
        assert "up close" in form.title_text



# -- names said aloud: at most forty letters -----------------------------------------------


FORTY = "Bartholomew Augustine Fitzgerald-Hawthor"
TOO_LONG = "Bartholomew Augustine Fitzgerald-Hawthorne of the Yavapai Territories"


def test_a_name_longer_than_forty_letters_is_refused_naming_its_field() -> None:
    """A player's, a gang's or a model's name of 68 letters ran the Conflict tab's status
    past its lines at 80x24, hiding the initiative draw and the odds: such a name is a
    paste, not a name said at the table. Forty letters stand; more are refused, naming the
    field."""
    assert len(FORTY) == 40
    table = Table()
    table.execute(ChooseSetUp("one-off"))
    for player, name, field in ((TOO_LONG, "Riders", "player"), ("Ann", TOO_LONG, "name")):
        error = refused(table, FoundGang(player, name), "Gangs")
        assert error.field == field and "40 letters" in error.message, error
    table.execute(FoundGang(FORTY, FORTY))
    error = refused(table, Enlist(FORTY, recruit(TOO_LONG, hired=True)), "Roster")
    assert error.field == "name" and "40 letters" in error.message, error
    table.execute(Enlist(FORTY, recruit(FORTY, hired=True)))
    assert table.state.gangs[0].fighters[0].name == FORTY


OTHER_FORTY = "Wilhelmina Fitzgerald-Hawthorne of Yavap"


@synchronous
async def test_two_players_of_forty_letters_leave_the_round_s_status_whole(
        tmp_path: Path) -> None:
    """At a round's start, with both players named in forty letters, the heading, the turn,
    the scores and the initiative draw all stand in the status at 80x24 (the heading said
    the order that the draw's line says, and the draw's end was cut: who goes first)."""
    folder = tmp_path / "c"
    folder.mkdir()
    path = write_sample(SAMPLES[0], folder)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Sheriff Cole"', f'"{FORTY}"').replace(
        '"Ma Hendry"', f'"{OTHER_FORTY}"'), encoding="utf-8")
    campaign = open_campaign(path, rules_for)
    told = view.status_lines(campaign.state)
    assert told[-1].startswith("Initiative: ") and " then " not in told[0], told
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        for line in told:
            assert " ".join(line.split()) in shown, (line, screen_text(app))


# -- the last one standing ----------------------------------------------------------------


def test_free_attacks_with_no_enemy_left_standing_are_refused_naming_why() -> None:
    """Hail of Fire's attacks wait after the last enemy model falls: there is no one to
    attack, so the Attack step is refused saying so (it was offered, with a form whose
    Target had nothing to choose), and the player lets them go."""
    table, shooter = critical_hit_by("Hail of Fire")
    gang = table.state.gang(HENDRY)
    assert gang is not None
    for fighter in gang.fighters:
        gang = gang.with_fighter(replace(fighter, damage=99))
    table.state = table.state.with_gang(gang)
    refusal = why_not_attack(table.state)
    assert refusal is not None and refusal.rule == "Attack", refusal
    assert "no enemy model" in refusal.message and "standing" in refusal.message
    refused(table, Attack(shooter, gang.fighters[0].name), "Attack")
    assert RULES.describe(ended(table, shooter)).endswith("2 free attacks of Hail of Fire")


def test_a_gang_with_no_model_standing_is_told_the_game_runs_its_rounds() -> None:
    """The last of Ma Hendry's models is taken out in round 1: the books end a game by its
    rounds and its scores, not when a gang falls, so it goes on; the status says so (it
    said only whose turn it was, leaving the Dealer to wonder whether the game was over),
    and that x ends it sooner (its form asks the players' agreement)."""
    table, _, _ = attack_ready()
    gang = table.state.gang(HENDRY)
    assert gang is not None
    told = view.status_lines(table.state)
    assert not any("no model standing" in line for line in told), told
    for fighter in gang.fighters:
        gang = gang.with_fighter(replace(fighter, damage=99))
    table.state = table.state.with_gang(gang)
    told = view.status_lines(table.state)
    line = next((line for line in told if "no model standing" in line), "")
    assert line.startswith(HENDRY) and "5 rounds" in line and "x" in line, told


@synchronous
async def test_the_shot_back_at_an_attack_in_half_range_is_ticked_in_half_range(
        tmp_path: Path) -> None:
    """Return Fire's shot goes back over the distance of the attack it answers: Dutch shot
    at Sheriff Cole in half range, Cole laid a hand for a critical Defence and shot back,
    and his form showed "In half range" unticked, so a table sending it as shown lost half
    his Revolver's shots (Rapid Fire). It is ticked as the attack was; unticked where the
    attack was not."""
    for ticked in (True, False):
        (tmp_path / str(ticked)).mkdir()
        campaign = dealt_anew(tmp_path / str(ticked), "3 5 7 9 Q", "J J J 4 6")
        app, _ = table_app(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await activated_by_keys(pilot, "Dutch")
            # Dutch's Revolver: a King hits, the 4s miss (four shots in half range, two out)
            shots = "K 4 4 4" if ticked else "K 4"
            sent = await fill(pilot, "f", target="Sheriff Cole", half_range=ticked,
                              defender_hand=True, typed=in_deck(campaign, shots))
            assert not sent.refusal, sent.refusal
            assert campaign.state.battle is not None
            assert campaign.state.battle.return_fire == ("Sheriff Cole", "Dutch")
            await pilot.press("f")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, Form)
            assert form.values().flag("half_range") is ticked
        campaign.close()
