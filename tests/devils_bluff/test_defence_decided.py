"""Module line 43: a player lays the hand instead of drawing a test's card, so the defender's
player decides on the hand for a Defence test when that test comes: once the Battle Skill
cards have hit. The attack form asked before any card was drawn ("Defender plays hand"), so
with the app drawing, a player had to lay the hand blind or not at all. Now an attack sent
with the box left unticked asks once its cards hit, and again whether the other players lay
theirs against it (line 45); the Defence card stays face down until then."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.attack import skill_steps
from gmscreen.games.devils_bluff.commands import Attack, AttributeTest
from gmscreen.games.devils_bluff.panes.conflict import lay_against, lay_for_defence
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from tests.devils_bluff.helpers import acting_now
from tests.devils_bluff.test_game import attack_ready
from tests.pilot import form_up, synchronous, to_tab, until


def test_the_defenders_player_is_asked_once_the_battle_skill_hits() -> None:
    table, shooter, target = attack_ready()  # Eli Crane (SKL 10+) at Dutch (DEF 7+)
    table.stack("Jc 2c 3s")  # the Jack hits, the 2 misses; the 3 is the Defence card
    offer = lay_for_defence(table.state, Attack(shooter, target))
    assert offer is not None
    assert "J♣ 11 hit, 2♣ 2 miss" in offer.question, offer.question
    assert "3♠" not in offer.question  # still face down
    assert f"{target} takes 1 Defence test" in offer.question
    assert f"the player {HENDRY} lay the whole hand" in offer.question
    assert offer.instead == Attack(shooter, target, defender_hand=True)
    # laid, the attacker's player may lay theirs against it
    assert offer.after is not None and COLE in offer.after.question
    assert offer.after.instead == Attack(shooter, target, defender_hand=True,
                                         defence_contest=(COLE,))
    assert offer.after.after is None
    # yes lays the hand for the Defence test, in place of the 3
    (event,) = table.execute(offer.instead)
    assert list(event.data["defence_hand"]["laid"]) == [HENDRY], event.data
    assert event.data["defence"] == ["hand"]


@pytest.mark.parametrize("why", ["missed", "typed", "ticked", "no cards", "laid against"])
def test_no_question_without_a_defence_test_or_a_hand_to_lay(why: str) -> None:
    table, shooter, target = attack_ready()
    table.stack("2c 3c 3s" if why == "missed" else "Jc 2c 3s")
    attack = Attack(shooter, target)
    if why == "typed":  # the table's own cards: it laid the hand, or drew, as it played
        attack = Attack(shooter, target, typed="Jc 2c 3s")
    elif why == "ticked":  # the form said so already
        attack = Attack(shooter, target, defender_hand=True)
    elif why == "no cards":
        table.state = table.state.with_hand(HENDRY, ())
    elif why == "laid against":  # the defender's player laid it against the attack
        table.give(COLE, "9c 9d 2h 5s Qc")
        attack = Attack(shooter, target, hand=True, contest=(HENDRY,))
    assert lay_for_defence(table.state, attack) is None


def test_the_attacker_who_laid_a_hand_is_not_asked_to_lay_against_the_defence() -> None:
    table, shooter, target = attack_ready()
    table.give(COLE, "9c 9d 2h 5s Qc")  # a pair: a critical hit
    table.stack("2c 5d")
    offer = lay_for_defence(table.state, Attack(shooter, target, hand=True))
    assert offer is not None and offer.after is None


@synchronous
@pytest.mark.parametrize("answer", ["y", "n", "escape"])
async def test_the_question_comes_after_the_form_and_its_answer_is_sent(
        tmp_path: Path, answer: str) -> None:
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        await pilot.press("f")
        await form_up(pilot)
        count = len(campaign.events)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen
        assert isinstance(question, Confirm)
        assert len(campaign.events) == count  # nothing saved while the table decides
        asked = question.question
        target = asked.split(" takes ")[0].rsplit(". ", 1)[-1]
        defender = campaign.state.owner(target)
        assert defender is not None
        held = campaign.state.hand(defender.player)
        await pilot.press(answer)
        if answer == "y":  # and the other player lets the hand stand
            await until(pilot, lambda: app.screen is not question
                        and isinstance(app.screen, Confirm))
            await pilot.press("n")
        await until(pilot, lambda: len(campaign.events) > count
                    and not isinstance(app.screen, Confirm))
        shot = next(e for e in campaign.events[count:] if e.kind == "devils_bluff.attacked")
        line = str(shot.data["line"])
        skill = line[line.index("(SKL ") + 1:].split("; DEF")[0]
        assert skill in asked, (skill, asked)
        assert line[line.index("; DEF "):] not in asked  # the Defence card was face down
        if answer == "y":
            assert shot.data["defence"][0] == "hand"
            assert list(shot.data["defence_hand"]["laid"]) == [defender.player]
            assert campaign.state.hand(defender.player) != held
        else:  # the top card for the Defence test, the hand kept
            assert "hand" not in shot.data["defence"]
            assert campaign.state.hand(defender.player) == held
    campaign.close()


@pytest.mark.parametrize(("line", "told"), [
    ("Eli Crane shoots at Dutch (SKL 10+ at -2 (1 token -2): K♠ 12 (capped from 16) hit, "
     "3♦ 1 miss; DEF 7+: 4♣ 4 failed)",
     "SKL 10+ at -2 (1 token -2): K♠ 12 (capped from 16) hit, 3♦ 1 miss"),
    ("Eli Crane shoots at Dutch (SKL 10+: hand critical; Rending 2: out before any Defence "
     "test)", "SKL 10+: hand critical"),
    ("Eli Crane shoots at Dutch: 1 hit; skill cards K♠", "")])
def test_the_question_tells_the_battle_skill_tests_alone(line: str, told: str) -> None:
    """The question quotes the attack's Battle Skill tests from its line, a modifier's or a
    cap's brackets kept, the Defence card and Rending left out; an older journal's line,
    which names no test, tells none."""
    assert skill_steps(line) == told


def test_the_other_player_is_asked_to_lay_against_the_attackers_hand() -> None:
    """Module line 45: once a player lays a hand for a test, each other player may lay
    theirs against it. An attack sent with the attacker's hand and the box of hands against
    it left unticked was drawn at once: the defender's player, who held five cards, was never
    asked. Now it is asked first; yes lays it against (and the defender then has no hand
    left for the Defence test), no goes on to the defender's own question."""
    table, shooter, target = attack_ready()  # Eli Crane, Sheriff Cole's, at Dutch
    table.give(COLE, "9c 9d 2h 5s Qc")  # a pair: a critical hit
    table.give(HENDRY, "Kc Kd Ks 4h 6c")  # three Kings
    table.stack("2c 5d")
    attack = Attack(shooter, target, hand=True)
    offer = lay_against(table.state, attack)
    assert offer is not None
    assert offer.question.startswith(f"The player {COLE} lays a hand for {shooter}'s Battle "
                                     f"Skill test. Does {HENDRY} lay a hand against it")
    assert offer.instead == Attack(shooter, target, hand=True, contest=(HENDRY,))
    assert offer.after is None  # laid against it, no hand is left her for the Defence test
    assert offer.otherwise == lay_for_defence(table.state, attack)
    assert offer.otherwise is not None and "Defence test" in offer.otherwise.question
    # ticked in the form, or typed from the table's cards: not asked again
    for sent in (Attack(shooter, target, hand=True, contest=(HENDRY,)),
                 Attack(shooter, target, hand=True, typed="2c 5d")):
        assert lay_against(table.state, sent) == lay_for_defence(table.state, sent)


@synchronous
async def test_the_attackers_hand_sent_asks_the_other_player_first(tmp_path: Path) -> None:
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        await pilot.press("f")
        form = await form_up(pilot)
        form.set_value("hand", True)
        await pilot.pause()
        count = len(campaign.events)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen
        assert isinstance(question, Confirm) and "Battle Skill test" in question.question
        assert len(campaign.events) == count  # nothing turned over while the table decides
        await pilot.press("y")
        await until(pilot, lambda: app.screen is not question)
        if isinstance(app.screen, Confirm):  # the defender's own question, after it
            await pilot.press("n")
        await until(pilot, lambda: len(campaign.events) > count)
    shot = next(e for e in campaign.events[count:] if e.kind == "devils_bluff.attacked")
    laid = shot.data["skill_hand"]["laid"]
    assert len(laid) == 2, shot.data  # the attacker's hand and the one laid against it
    campaign.close()


def test_a_test_with_a_hand_laid_asks_the_other_player_too() -> None:
    """The same for any other test laid with a hand (a Command test, an Interact's)."""
    table, shooter, _ = attack_ready()
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.give(HENDRY, "Kc Kd Ks 4h 6c")
    test = AttributeTest(shooter, "CMD", hand=True)
    offer = lay_against(table.state, test)
    assert offer is not None
    assert offer.question.startswith(f"The player {COLE} lays a hand for {shooter}'s Command "
                                     f"test. Does {HENDRY} lay a hand against it")
    assert offer.instead == AttributeTest(shooter, "CMD", hand=True, contest=(HENDRY,))
    assert offer.after is None and offer.otherwise is None
