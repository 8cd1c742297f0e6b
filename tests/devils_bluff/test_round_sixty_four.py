"""Found in a campaign played from nothing by keys in tmux (round 64): two games, the
aftermath between them, a Fear model fighting up close in the second."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import testing, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    ChooseSetUp,
    Deploy,
    EndActivation,
    Enlist,
    FoundGang,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.panes.conflict import lay_for_defence
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, one_off
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_third_look import focused_on, fresh
from tests.pilot import fill, form_up, refusal_shown, synchronous, to_tab, until

# -- a campaign's gunslinger enlisted without "Hired gun" ticked ----------------------------


def test_a_campaign_gunslinger_not_hired_is_refused_on_the_hired_box() -> None:
    # module lines 99-101: a campaign gang's gunslingers are hired. Enlisted unticked
    # beside its leader, the refusal named the Unit field: the cursor went to the Unit's
    # buttons, where the space the form's own line asks for ("Tick Hired gun") chose
    # Gang Leader instead. Leaderless, the Unit is still the field to change.
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ada", "Black Hats"))
    gun = Recruit("Dan", GUNSLINGER, "Revolver")
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ada", gun))
    assert (refused.value.rule, refused.value.field) == ("Campaign gang", "unit")
    table.execute(Enlist("Ada", Recruit("Jack", LEADER, "Rifle", ("Deadly",))))
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ada", gun))
    assert (refused.value.rule, refused.value.field) == ("Campaign gang", "hired")


@synchronous
async def test_the_enlist_form_puts_the_cursor_on_hired_gun(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                     FoundGang("Ada", "Black Hats"),
                     Enlist("Ada", Recruit("Jack", LEADER, "Rifle", ("Deadly",))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "e", name="Dan", unit=GUNSLINGER, hired=False)
        refusal_shown(app, "Campaign gang")
        await until(pilot, focused_on(form, "hired"))
        assert len(campaign.state.gang("Ada").fighters) == 1
    campaign.close()


# -- Fear from a model the journal knows is within 1" -----------------------------------------


def fear_up_close() -> list[object]:
    """A campaign game in its first round: Bo's leader has Fear (Fearsome) and has fought
    Ada's leader up close; Ada's leader is activating."""
    commands: list[object] = [ChooseSetUp("campaign", "controlled choice")]
    for player, perk in (("Ada", "Deadly"), ("Bo", "Fearsome")):
        commands += [FoundGang(player, f"{player}'s gang"),
                     Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver", (perk,))),
                     *(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER, "Revolver",
                                              hired=True)) for n in range(5))]
    return [*commands, StartGame(shuffle_order(random.Random(5))),
            Deploy(order_by=shuffle_order(random.Random(6))),
            StartRound(order_by=shuffle_order(random.Random(7)))]


def turns_to_fear(turn: str) -> list[object]:
    """The activations after the round's start that bring Bo's leader up close to Ada's
    leader and then Ada's leader to activate, whoever goes first."""
    close = [Activate("Bo leader"), Attack("Bo leader", "Ada leader", assault_range=True),
             EndActivation("Bo leader")]
    if turn == "Bo":
        return [*close, Activate("Ada leader")]
    return [Activate("Ada gun 0"), EndActivation("Ada gun 0"), *close, Activate("Ada leader")]


def fear_table() -> Table:
    table = Table(5)
    for command in fear_up_close():
        table.execute(command)
    assert table.state.battle is not None
    for command in turns_to_fear(table.state.battle.turn):
        table.execute(command)
    return table


def test_a_fear_model_that_fought_up_close_is_known_to_be_within_six_inches() -> None:
    # digest 4 (Fear, 6"): a model within assault range (1") of it is within 6"; the
    # journal knows who fought whom up close (the leave step asks it), so the Fear field
    # of a Recover or a Command test need not start at none. Others may stand within 6"
    # too: those the players count.
    table = fear_table()
    assert testing.fear_known_near(table.state, "Ada leader") == ["Bo leader"]
    assert testing.fear_known_near(table.state, "Ada gun 1") == []
    assert testing.fear_known_near(table.state, "Bo leader") == []  # Ada's leader has no Fear


@synchronous
async def test_the_test_form_counts_the_fear_model_up_close(tmp_path: Path) -> None:
    # the Recover and Test forms' Fear field started at 0 beside "l: leave the assault
    # range of" the very Fear model: a Command test drawn at once went without its -3
    campaign = fresh(tmp_path, *fear_up_close())
    assert campaign.state.battle is not None
    for command in turns_to_fear(campaign.state.battle.turn):
        campaign.execute(command)
    assert testing.fear_known_near(campaign.state, "Ada leader") == ["Bo leader"]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("t")
        form = await form_up(pilot)
        assert form.values().text("feared_by") == "1"
        (field,) = [f for f in form.fields if f.key == "feared_by"]
        assert "having fought Ada leader up close: Bo leader" in field.about, field.about
    campaign.close()


# -- Return Fire's shot back, with the gun's reach --------------------------------------------


def shot_back_owed(campaign: Campaign[DevilsBluffState]) -> None:
    """In the one-off sample's game: its first round played out, the second dealt from the
    table's cards (Ma Hendry first, Sheriff Cole holding a pair), Cal Hendry's Rifle hits
    Sheriff Cole from afar and Cole's pair wins his Defence test: Return Fire is owed."""
    for _ in range(25):
        battle = campaign.state.battle
        assert battle is not None
        if not battle.turn:
            break
        gang = campaign.state.gang(battle.turn)
        assert gang is not None
        ready = next(f.name for f in gang.fighters if f.ready)
        campaign.execute(Activate(ready))
        campaign.execute(EndActivation(ready))
    free = list(campaign.state.deck.order)
    kings = [c.code for c in free if c.rank == 13]
    twos = [c.code for c in free if c.rank == 2]
    queen = next(c.code for c in free if c.rank == 12)
    rest = [c.code for c in free if c.rank not in (2, 12, 13)]
    pair = next([a, b] for a in rest for b in rest if a != b and a[:-1] == b[:-1])
    others = [c for c in rest if c not in pair and c[:-1] != pair[0][:-1]]
    by_rank: dict[str, str] = {}
    for code in others:  # no pair in Ma Hendry's hand: nothing to lay against Cole's
        by_rank.setdefault(code[:-1], code)
    plain = list(by_rank.values())
    campaign.execute(StartRound(typed=((HENDRY, f"{kings[0]} {kings[1]}"),
                                       (COLE, f"{twos[0]} {twos[1]}")),
                                hands=((HENDRY, " ".join(plain[0:5])),
                                       (COLE, " ".join([*pair, *plain[5:8]])))))
    campaign.execute(Activate("Cal Hendry"))
    campaign.execute(Attack("Cal Hendry", COLE, defender_hand=True, typed=queen))
    battle = campaign.state.battle
    assert battle is not None and battle.return_fire == (COLE, "Cal Hendry"), battle


def test_the_shot_back_s_reach_is_said() -> None:
    # module line 155 gives a free attack action: like any, it reaches only as far as the
    # gun (digest 3.1); Cal Hendry's Rifle shoots from 30", Sheriff Cole's Revolver 16"
    table = one_off()
    words = view.shot_back_about(table.state, COLE, "Cal Hendry", up_close=False)
    assert "Revolver: RNG 16\"" in words and "within 16\" of Cal Hendry" in words, words
    assert "w lets it go" in words
    close = view.shot_back_about(table.state, COLE, "Cal Hendry", up_close=True)
    assert "Fists and Knives" in close and "within 1\"" in close, close


@synchronous
async def test_the_shot_back_form_gives_the_gun_and_its_reach(tmp_path: Path) -> None:
    # the shot back's Target said nothing (every other attack's Target gives the gun and
    # its range): sent as shown, a Revolver shot back at a Rifle 20" off
    campaign: Campaign[DevilsBluffState] = open_campaign(
        write_sample(SAMPLES[0], tmp_path), rules_for)
    shot_back_owed(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f")
        form = await form_up(pilot)
        (target,) = [f for f in form.fields if f.key == "target"]
        assert "within 16\" of Cal Hendry" in target.about, target.about
    campaign.close()


# -- the defender's question, with the Defence test's need ------------------------------------


def test_the_defence_question_gives_the_card_the_test_needs() -> None:
    # Black Jack's critical with Precise Shot (+3 PRC) asked Marshal Reyes's player whether
    # to lay the hand for the Defence test, naming neither the DEF needed nor the -4 on it:
    # the very numbers that decide whether a hand is worth laying (module line 43)
    table, shooter, target = attack_ready()  # Eli Crane at Dutch (DEF 7+)
    table.stack("Jc 2c 3s")
    offer = lay_for_defence(table.state, Attack(shooter, target))
    assert offer is not None
    assert f"{target} takes 1 Defence test (DEF 7+" in offer.question, offer.question
    assert "3♠" not in offer.question  # the Defence card is still face down
    table = one_off()
    if table.state.battle is not None and table.state.battle.turn != COLE:
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Ruth Cole"))  # a Rifle (PRC 1) with Precise Shot
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.give(HENDRY, "2d 3c 7h Js Kc")
    table.stack("2c 3s")
    offer = lay_for_defence(table.state, Attack("Ruth Cole", target, hand=True))
    assert offer is not None
    assert "(PRC -4)" in offer.question, offer.question


# -- no token for a model the attack takes out -------------------------------------------------


def test_a_model_taken_out_gains_no_suppression_token() -> None:
    # Black Jack's Rifle (Suppressing) took Marshal Reyes out: the line said "is taken out"
    # and nothing of a token, yet the Conflict tab showed him out with 2 tokens. Out of the
    # game no token is any use to a model (the reading for one Rending took out already)
    table = one_off()
    if table.state.battle is not None and table.state.battle.turn != HENDRY:
        table.execute(Activate("Deputy Ames"))
        table.execute(EndActivation("Deputy Ames"))
    table.execute(Activate("Cal Hendry"))  # a Rifle: DMG 2, Suppressing
    target = table.fighter("Deputy Bell")
    gang = table.state.owner("Deputy Bell")
    assert gang is not None
    wounded = replace(target, damage=target.profile.hp - 2, tokens=1)  # 2 HP left
    table.state = table.state.with_gang(gang.with_fighter(wounded))
    table.stack("Kc 2d")  # a hit, and a failed Defence test: 2 damage, out
    (event,) = table.execute(Attack("Cal Hendry", "Deputy Bell"))
    bell = table.fighter("Deputy Bell")
    assert bell.out and bell.tokens == 1, (bell, event.data["line"])
    assert "token" not in str(event.data["line"])
