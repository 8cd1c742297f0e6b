"""Round 34: round 33's shortcuts played together, as a Judge would on an evening, to find
where a default sends what he did not mean. Each test presses the keys a Judge would and
reads back what the journal holds."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.commands import JoinFight, LeaveFight, TakeHarm
from gmscreen.games.fistful.events import MoraleTested, OpposedTestRolled
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from tests.fistful.test_enter_through import CORA, JAKE, TOMAS, fighting, pressed, sent
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import opened, synchronous, to_tab


@synchronous
async def test_morale_with_no_npc_left_in_the_fight_names_nobody(tmp_path: Path) -> None:
    # line 261: g on the Fight tab starts on the NPC highlighted, else the first NPC in the
    # fight (round 33); with none left in it (the only foe fled), it fell back on the
    # campaign's first NPC, Widow Parker, nowhere near the fight, and Enter (the form opens
    # on the dice) tested her. Now it names nobody and opens on whom: Enter chooses first
    def fled(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(LeaveFight(JAKE))

    campaign = sample(tmp_path / "s", fled)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert not fight_rules.morale_in_question(campaign.state)
        before = len(campaign.events)
        form = await opened(pilot, "g")
        assert form.values().text("name") == ""
        await pressed(pilot, "enter")  # opens the list: nothing sent
        assert not sent(campaign, before)
        # the Judge names the side he means, and it is tested
        await pressed(pilot, "escape", "jake", "enter", "enter")
        tested = sent(campaign, before)
        assert tested and isinstance(tested[0], MoraleTested), tested
        assert tested[0].name == JAKE
    campaign.close()


@synchronous
async def test_morale_with_an_npc_in_the_fight_still_starts_on_him(tmp_path: Path) -> None:
    # the round 33 default holds where an NPC is in the fight: g, Enter tests his side
    def with_hal(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(LeaveFight(JAKE))
        campaign.execute(JoinFight("Deputy Hal", "Nearby"))

    campaign = sample(tmp_path / "s", with_hal)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        before = len(campaign.events)
        form = await opened(pilot, "g")
        assert form.values().text("name") == "Deputy Hal"
        await pressed(pilot, "enter")
        tested = sent(campaign, before)
        assert tested and isinstance(tested[0], MoraleTested), tested
        assert tested[0].name == "Deputy Hal"
    campaign.close()


@synchronous
async def test_an_attack_with_no_foe_standing_names_no_target(tmp_path: Path) -> None:
    # line 126: the attack form starts on the first foe standing; with none (the only foe
    # down), it started on the attacker's own partner, and o, Enter (the list), Enter (the
    # line), Enter sent an attack on her. Now no target is named: Enter there is refused
    # until the Judge chooses, and a partner chosen on purpose is still attacked
    def jake_down(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(TakeHarm(JAKE, 4, "fell from the roof"))

    campaign = sample(tmp_path / "s", jake_down)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert fight_rules.targets(campaign.state, TOMAS) == (CORA,)
        before = len(campaign.events)
        form = await opened(pilot, "o")  # Tomas highlighted
        assert form.values().text("target") == ""
        await pressed(pilot, "enter", "enter", "enter")
        assert not sent(campaign, before)
        assert app.screen is form  # refused: the form stays, naming the target
        await pressed(pilot, "cora", "enter", "enter")
        attacked = sent(campaign, before)
        assert attacked and isinstance(attacked[0], OpposedTestRolled), attacked
        assert (attacked[0].active.name, attacked[0].opposition.name) == (TOMAS, CORA)
    campaign.close()
