"""Round 33: the fewest keys. Each step a Judge takes round after round, counted from the tab
at rest in keys pressed (text typed into a field counts one): a form opened on a field he
rarely changes cost him a Tab every time. Each test presses the keys a Judge would, no
more, and reads the step back from the journal."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.commands import JoinFight, RollTest
from gmscreen.games.fistful.events import (
    ClockMoved,
    DuelFought,
    LuckSpent,
    MoraleTested,
    OpposedTestRolled,
)
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from tests.fistful.test_enter_through import CORA, JAKE, TOMAS, fighting, pressed, sent
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import opened, synchronous, to_tab


@synchronous
async def test_a_crime_is_named_and_sent_in_three_keys(tmp_path: Path) -> None:
    # line 161: the crime is always named, the hours mostly one (a small one): the form
    # opened on the hours, c Tab name Enter; now c, the crime, Enter
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        clock, before = campaign.state.clock, len(campaign.events)
        await opened(pilot, "c")
        await pressed(pilot, "stole a horse", "enter")
        moved = sent(campaign, before)
        assert moved and isinstance(moved[0], ClockMoved), moved
        assert (moved[0].why, campaign.state.clock) == ("stole a horse", clock + 1)
        # the hours are still there for a grave one, a Tab back
        before = len(campaign.events)
        await opened(pilot, "c")
        await pressed(pilot, "shift+tab", "3", "tab", "shot the marshal", "enter")
        assert campaign.state.clock == clock + 4, sent(campaign, before)
    campaign.close()


@synchronous
async def test_the_luck_just_rolled_is_spent_in_three_keys(tmp_path: Path) -> None:
    # lines 38, 44-47: the Luck is the roller's; the form opened on who (the only one
    # who may), L Tab effect Enter; now L, what it buys, Enter
    campaign = sample(tmp_path / "s")
    campaign.execute(RollTest(TOMAS, "grit", 11, 3, (5, 5, 3)))  # doubles, a success
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        await opened(pilot, "L")
        await pressed(pilot, "cover destroyed", "enter")
        spent = sent(campaign, before)
        assert spent and isinstance(spent[0], LuckSpent), spent
        assert (spent[0].name, spent[0].why) == (TOMAS, "cover destroyed")
    campaign.close()


@synchronous
async def test_a_duel_opens_on_the_challengers_stakes(tmp_path: Path) -> None:
    # lines 66-70: both sides name their coins every duel; the form opened on the Attribute
    # (the book's Gumption for guns) and the challenger (the one set up on the tab): u Tab
    # Tab coins Tab Tab Tab coins ctrl+s; now u coins Tab Tab Tab coins Enter
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        form = await opened(pilot, "u")
        opponent = form.values().text("opponent")
        await pressed(pilot, "2", "tab", "tab", "tab", "4", "enter")
        duel = sent(campaign, before)
        assert duel and isinstance(duel[0], DuelFought), duel
        assert (duel[0].challenger, duel[0].opponent) == (CORA, opponent)
        assert (len(duel[0].challenger_coins), len(duel[0].opponent_coins)) == (2, 4)
    campaign.close()


@synchronous
async def test_an_attack_on_the_only_foe_opens_on_its_stakes(tmp_path: Path) -> None:
    # line 126: the attacker names the Stakes every attack; with one foe the target is
    # chosen already, and o Tab Tab Tab Stakes Enter is now o Stakes Enter
    campaign = sample(tmp_path / "s", fighting)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        before = len(campaign.events)
        await opened(pilot, "o")  # Tomas, highlighted, on the only foe: Jake
        await pressed(pilot, "2", "enter")
        attack = sent(campaign, before)
        assert attack and isinstance(attack[0], OpposedTestRolled), attack
        assert (attack[0].active.name, attack[0].opposition.name) == (TOMAS, JAKE)
        assert attack[0].active.stakes == 2
    campaign.close()


@synchronous
async def test_an_attack_with_foes_to_choose_from_still_opens_on_the_target(
        tmp_path: Path) -> None:
    # two foes: whom is the first choice, and the form opens on it as before
    def two_foes(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(JoinFight("Deputy Hal", "Nearby"))

    campaign = sample(tmp_path / "s", two_foes)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        before = len(campaign.events)
        await opened(pilot, "o")
        await pressed(pilot, "deputy", "tab", "tab", "tab", "2", "enter")
        attack = sent(campaign, before)
        assert attack and isinstance(attack[0], OpposedTestRolled), attack
        assert (attack[0].opposition.name, attack[0].active.stakes) == ("Deputy Hal", 2)
    campaign.close()


@synchronous
async def test_morale_in_a_fight_starts_on_an_npc_in_it(tmp_path: Path) -> None:
    # line 261: with no side in question by the rules, g on the Fight tab opened on the
    # campaign's first NPC (Widow Parker, nowhere near the fight) and Enter tested her; it
    # starts on the NPC highlighted, else the first NPC in the fight: g Enter
    def with_hal(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(JoinFight("Deputy Hal", "Nearby"))

    campaign = sample(tmp_path / "s", with_hal)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert not fight_rules.morale_in_question(campaign.state)
        before = len(campaign.events)
        form = await opened(pilot, "g")  # Tomas highlighted: the first NPC in the fight
        assert form.values().text("name") == JAKE
        await pressed(pilot, "enter")
        tested = sent(campaign, before)
        assert tested and isinstance(tested[0], MoraleTested), tested
        assert tested[0].name == JAKE
        # Deputy Hal highlighted (the fourth to join): g starts on him
        await pressed(pilot, "down", "down", "down")
        form = await opened(pilot, "g")
        assert form.values().text("name") == "Deputy Hal"
        await pressed(pilot, "escape")
    campaign.close()
