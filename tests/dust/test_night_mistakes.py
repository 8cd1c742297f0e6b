"""A night action entered for the wrong player is taken back to "nothing sent" without
undoing the actions entered since: sent as staying in, he left the list of those the
moderator still waits for, and the question before the night said fewer were missing."""

from __future__ import annotations

from datetime import datetime

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import ChooseNight, EndDay, WithdrawNight
from gmscreen.games.dust.night_rules import not_sent
from gmscreen.games.dust.state import NightChoice
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CONSOLE, app_of, sample_campaign
from tests.dust.game import new_game, night_of, run
from tests.pilot import fill, synchronous, to_tab, until


def test_a_choice_entered_for_the_wrong_player_is_taken_back_to_nothing_sent():
    state = run(night_of(), ChooseNight(NightChoice("Ann", scavenge="The Cafe")),
                ChooseNight(NightChoice("Bob", scavenge="The School")))
    events = RULES.decide(state, WithdrawNight("Ann"))
    state = run(state, WithdrawNight("Ann"))
    assert state.choice("Ann") is None and "Ann" in not_sent(state)
    assert state.choice("Bob") is not None  # the one entered since stands
    event = Event(1, datetime(2026, 1, 1), 1, events[0].kind, events[0].data, 1)
    assert RULES.describe(event) == "Ann's night action is taken back: nothing sent yet."


@pytest.mark.parametrize(("state", "match"), [
    (night_of(), "Ann has sent nothing tonight"),
    (new_game(), "once the day ends"),
])
def test_taking_back_what_was_never_sent_is_refused(state, match):
    with pytest.raises(RuleError, match=match):
        RULES.decide(state, WithdrawNight("Ann"))


@synchronous
async def test_the_night_form_takes_a_choice_back(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", scavenge="The Cafe")))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await fill(pilot, "a", player="Tumbleweed", action="withdraw")
        await until(pilot, lambda: campaign.state.choice("Tumbleweed") is None)
        assert notices.of("warning") == []
