"""Found over three evenings of one campaign begun from nothing, by keys in tmux at 80x24
and 200x50, with names typed as markup, emoji and the longest a player might give, and
numbers typed out of range: each refusal stays in its form, names its field and saves
nothing; and the odds line read beside the digest's table of a full pack."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AttributeTest,
    ChooseSetUp,
    Deploy,
    Discard,
    DrawCard,
    Enlist,
    FoundGang,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, one_off, unshuffled
from tests.devils_bluff.test_third_look import focused_on, fresh
from tests.pilot import fill, refusal_shown, screen_text, synchronous, to_tab, until

#: a number past what a TOML integer (64 bits) holds, as a slip of the keys types it
TOO_BIG = "99999999999999999999999"


def in_a_game(tmp_path: Path) -> Campaign[DevilsBluffState]:
    """The one-off sample, its game under way, a model of the side to play activating."""
    campaign: Campaign[DevilsBluffState] = open_campaign(
        write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Activate(activatable(campaign.state)[0]))
    return campaign


# -- a gang founded with a field left blank ---------------------------------------------------


def test_a_gang_with_no_player_is_refused_on_the_player_field() -> None:
    # both blank or the player alone: the refusal named the gang's name field, so the
    # cursor went to the name while the player was the one missing
    table = Table()
    table.execute(ChooseSetUp("campaign"))
    for player, name, field in (("", "", "player"), ("", "Riders", "player"),
                                ("Ann", " ", "name")):
        with pytest.raises(RuleError) as refused:
            table.execute(FoundGang(player, name))
        assert refused.value.field == field, (player, name, refused.value)
    assert not table.state.gangs


@synchronous
async def test_the_found_gang_form_puts_the_cursor_on_the_field_left_blank(
        tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("campaign"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "o", name="[red Riders")
        refusal_shown(app, "Gangs")
        assert "player" in form.refusal, form.refusal
        await until(pilot, focused_on(form, "player"))
        assert not campaign.state.gangs
    campaign.close()


# -- numbers out of range, refused in their forms ---------------------------------------------


def game_begun() -> list[object]:
    """A campaign's two gangs, a leader and five hired guns each, their game begun."""
    commands: list[object] = [ChooseSetUp("campaign")]
    for player in ("Ann", "Bob"):
        commands += [FoundGang(player, f"{player}'s gang"),
                     Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                            ("Quick",))),
                     *(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER, "Revolver",
                                              hired=True)) for n in range(5))]
    return [*commands, StartGame(shuffle_order(random.Random(5)))]


def in_a_game_table() -> Table:
    table = Table(5)
    for command in game_begun():
        table.execute(command)
    return table


def in_a_round_table() -> Table:
    """The game begun, deployed and its first round dealt."""
    table = in_a_game_table()
    table.execute(Deploy((), shuffle_order(table.rng("deploy"))))
    table.execute(StartRound(shuffle_order(table.rng("round"))))
    return table


def test_a_score_gives_one_to_a_hundred_points() -> None:
    table = in_a_game_table()
    for points in (0, 101, int(TOO_BIG)):
        with pytest.raises(RuleError) as refused:
            table.execute(Score("Ann", points))
        assert refused.value.field == "points", refused.value
    table.execute(Score("Ann", 100))
    assert table.state.battle is not None and table.state.battle.score("Ann") == 100


@pytest.mark.parametrize(("key", "field", "typed", "rule"), [
    ("s", "points", TOO_BIG, "Points"),  # the form's own check, on the field's label
    ("s", "points", "101", "Points"),  # the app's range, named by the form (round 22)
    ("t", "modifier", TOO_BIG, "Modifier"),
    ("t", "modifier", "-13", "Modifier"),
], ids=["points-past-64-bits", "points-past-100", "modifier-past-64-bits",
        "modifier-past-12"])
@synchronous
async def test_a_number_out_of_range_is_refused_in_its_form(
        tmp_path: Path, key: str, field: str, typed: str, rule: str) -> None:
    # a score or a test's modifier past what the journal holds closed the form with
    # "Rules: TOML integers are 64-bit; ... nothing was saved", the number lost; a
    # smaller one past any use was saved
    campaign = in_a_game(tmp_path)
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, key, **{field: typed})
        refusal_shown(app, rule)
        await until(pilot, focused_on(form, field))
        assert len(campaign.events) == events
    campaign.close()


def test_a_test_s_modifier_runs_from_minus_twelve_to_plus_twelve() -> None:
    # past 12 either way every card gives the same result, held to 1..12 (digest 1.2):
    # at -12 even a King is 1, at +12 even an Ace is 12, so the top card is 1 and 12
    table = in_a_round_table()
    model = "Ann gun 0"
    for modifier in (-13, 13):
        with pytest.raises(RuleError) as refused:
            table.execute(AttributeTest(model, "SKL", modifier))
        assert refused.value.field == "modifier"
    (low,) = table.execute(AttributeTest(model, "SKL", -12))
    assert (low.data["result"], low.data["outcome"]) == (1, "failure")
    (high,) = table.execute(AttributeTest(model, "SKL", 12))
    assert (high.data["result"], high.data["outcome"]) == (12, "success")


# -- no test of MOV ---------------------------------------------------------------------------


def test_no_test_is_of_mov_the_inches_a_model_moves() -> None:
    # the units' table gives MOV in inches, more the better, where SKL, DEF and CMD are the
    # card a test needs: a card reaching MOV made the Quick model (MOV 6) fail where a
    # plain one (MOV 5) passed on the same 5
    table = in_a_round_table()
    with pytest.raises(RuleError) as refused:
        table.execute(AttributeTest("Ann leader", "MOV"))
    assert refused.value.field == "attribute"
    assert "inches" in str(refused.value)
    before = table.state
    (tested,) = table.execute(AttributeTest("Ann leader", "DEF"))
    # a journal's older test of MOV still reads
    older = replace(tested, data={**tested.data, "attribute": "MOV", "target": 6})
    assert RULES.evolve(before, older).deck == table.state.deck
    # the Test form offers the three: test_play_three::test_the_test_form_offers_the_
    # attributes_side_by_side


# -- the odds line beside the digest's table --------------------------------------------------


def test_the_odds_from_a_full_pack_read_as_the_digest_s_table() -> None:
    # digest 7: from a full pack a card passes 6 in 8/13 (0.615), 7 in 7/13 (0.538), 8 in
    # 6/13 (0.462), 9 in 5/13 (0.385); the line cut the shares down, to 61% and 53%
    state = in_a_game_table().state
    assert len(state.deck.order) == 52
    leader = view.odds_line(state, "Ann leader")
    gun = view.odds_line(state, "Ann gun 0")
    assert "SKL 8+ 24 (46%) · DEF 6+ 32 (62%) · CMD 7+ 28 (54%)" in leader, leader
    assert "SKL 9+ 20 (38%) · DEF 7+ 28 (54%) · CMD 8+ 24 (46%)" in gun, gun
    assert "of 52 unseen" in gun


@synchronous
async def test_the_conflict_tab_shows_the_digest_s_odds_at_a_game_s_start(
        tmp_path: Path) -> None:
    campaign = fresh(tmp_path, *game_begun())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = " ".join(screen_text(app).split())
        assert "Next card for Ann leader (" not in shown  # no rules, no ability
        assert "SKL 8+ 24 (46%) · DEF 6+ 32 (62%) · CMD 7+ 28 (54%)" in shown, shown
    campaign.close()


# -- names that differ in case alone ----------------------------------------------------------


def test_a_name_that_differs_in_case_alone_is_refused() -> None:
    # "Dutch" hired beside "dutch", or a gang for "ann" beside Ann's: said aloud, or looked
    # for in the log, they are one name, and the app took both
    table = Table()
    table.execute(ChooseSetUp("campaign"))
    table.execute(FoundGang("Ann", "Riders"))
    with pytest.raises(RuleError) as refused:
        table.execute(FoundGang("ann", "Others"))
    assert refused.value.field == "player" and "Ann already runs a gang" in str(refused.value)
    table.execute(Enlist("Ann", Recruit("Dutch", LEADER, "Revolver", ("Quick",))))
    for name in ("Dutch", "dutch", "DUTCH", "Dut\u200bch", "Ｄｕｔｃｈ"):
        with pytest.raises(RuleError) as refused:
            table.execute(Enlist("Ann", Recruit(name, GUNSLINGER, "Revolver", hired=True)))
        assert refused.value.field == "name"
        assert "a model called Dutch is already on a roster" in str(refused.value)
    assert [f.name for g in table.state.gangs for f in g.fighters] == ["Dutch"]


# -- the Encounter Log names the card a hand throws face up -----------------------------------


def test_the_log_names_the_card_a_full_hand_throws_face_up() -> None:
    # module 29: the discard pile lies face up, so the whole table sees the card a full
    # hand gives up; the log said only "discards down to five". The card drawn, face down
    # in the hand, stays unnamed.
    for named_before in (False, True):
        table = one_off()
        assert table.state.battle is not None
        player = table.state.battle.turn
        thrown = table.state.hand(player)[0]
        (drawn,) = table.execute(DrawCard(player, thrown.code if named_before else "",
                                          unshuffled()))
        new = table.state.hand(player)[-1]
        events = [drawn] if named_before else table.execute(Discard(player, thrown.code))
        told = " ".join(RULES.describe(e) for e in (drawn, *events))
        assert str(thrown) in told and str(new) not in told, told
        assert told.startswith(f"{player} draws a card")
