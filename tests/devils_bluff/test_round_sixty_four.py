"""Found in a campaign played from nothing by keys in tmux (round 64): two games, the
aftermath between them, a Fear model fighting up close in the second."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gmscreen.games.devils_bluff import testing
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
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table
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
