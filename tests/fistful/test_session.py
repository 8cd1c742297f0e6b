"""A session ended with a fight on the tracker: the Judge is asked what becomes of it, and
the fight goes on next session as it stood, or is left off (the tracker cleared). By the
campaign, and by keys."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    EndTurn,
    FlipInitiative,
    JoinFight,
    RollTest,
    SpendLuck,
)
from gmscreen.games.fistful.events import KINDS, FightEnded
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import NOTE, SESSION_END, SESSION_START, Event
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.fistful.game import posse, run, sheet, told
from tests.pilot import Notices, fill, synchronous, to_tab, until

UNDER_WAY = "the fight, in round 1 (Tomas Vega, Rattlesnake Jake)"


def in_a_fight(folder: Path) -> Campaign[FistfulState]:
    """The Dalton Boys' sample, session 1 running, Tomas and Jake in round 1."""
    campaign: Campaign[FistfulState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                     rules_for)
    assert campaign.under_way is None  # the sample's session has nothing half-way
    campaign.execute(JoinFight("Tomas Vega", "Nearby"))
    assert campaign.under_way == "the fight, before its first round (Tomas Vega)"
    campaign.execute(JoinFight("Rattlesnake Jake", "Faraway"))
    campaign.execute(FlipInitiative("H"))
    return campaign


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_mid_fight_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    campaign = in_a_fight(tmp_path)
    before = campaign.state
    assert campaign.under_way == UNDER_WAY
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        campaign.end_session()
    assert campaign.state == before and campaign.in_session
    campaign.end_session(under_way=what)
    state = campaign.state
    assert not campaign.in_session
    if what == "carry":
        # the fight goes on next session as it stood: its round, its bands, its turns
        assert (state.fight, state.combat_round) == (before.fight, 1)
        assert campaign.describe(next(e for e in reversed(campaign.events)
                                      if e.kind == NOTE)) == (
            f"Note: Carried into the next session: {UNDER_WAY}.")
        campaign.start_session()
        campaign.execute(EndTurn("Tomas Vega"))
        tomas = campaign.state.fighter("Tomas Vega")
        assert tomas is not None and tomas.acted
    else:
        # left off: the tracker is cleared, the fight's end in the log
        assert (state.fight, state.combat_round, campaign.under_way) == ((), 0, None)
        (ended,) = [e for e in campaign.events if e.kind == KINDS.kind_of_class(FightEnded)]
        assert told(ended) == FightEnded(1) and campaign.describe(ended) == (
            "The fight ends after 1 round; check ammunition")
        with pytest.raises(RuleError, match="nothing is under way"):
            RULES.abandon(state)
        # the whole ending is one step
        campaign.undo()
        assert campaign.state == before and campaign.in_session
    campaign.close()


@synchronous
async def test_ending_the_session_by_keys_leaves_the_fight_off(tmp_path: Path) -> None:
    campaign = in_a_fight(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert f"Under way: {UNDER_WAY}." in str(app.screen.query_one(".form-note").render())
        await fill(pilot, what="abandon")
        await until(pilot, lambda: not campaign.in_session)
        assert campaign.state.fight == ()
        assert notices.of("warning") == [] and notices.of("error") == []
    campaign.close()


@pytest.mark.parametrize(("rounds", "said"), [
    (0, "The fight ends before its first round"),
    (1, "The fight ends after 1 round; check ammunition"),
    (3, "The fight ends after 3 rounds; check ammunition")])
def test_a_fights_end_reads_as_a_sentence(rounds: int, said: str) -> None:
    new = KINDS.new(FightEnded(rounds))
    assert RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)) == said


def next_session(state: FistfulState) -> FistfulState:
    """The session ended with nothing under way and nobody's take to settle, and the next
    one begun: only the journal's own two events."""
    for seq, kind in enumerate((SESSION_END, SESSION_START), start=1):
        state = RULES.evolve(state, Event(seq, datetime(2026, 1, 1), seq, kind, {}, seq))
    return state


def test_a_luck_rolled_at_a_sessions_end_is_not_spent_at_once_in_the_next() -> None:
    # Bo's bank is full (3) when his doubles succeed: that Luck is spent at once or lost.
    # The next session it is gone: his banked Luck buys no effect (it floats a die), and
    # none takes a Stress off (Stress for Luck is for the Luck as it is rolled).
    state = sheet(posse(), "Bo", luck=3, stress=2)
    state = run(state, ChooseOptionalRules(Settings(stress_for_luck=True)),
                RollTest("Bo", "gumption", 5, 2, (3, 3)))
    assert RULES.decide(state, SpendLuck("Bo", "a fine shot"))[0].data.get(
        "from_bank") is False  # this session: spent at once, from no bank
    later = next_session(state)
    # nor can his banked Luck buy an effect: it floats a die (test_settled)
    with pytest.raises(RuleError, match="only as it is rolled"):
        RULES.decide(later, SpendLuck("Bo", "a fine shot"))
    with pytest.raises(RuleError, match="only a Luck just rolled"):
        RULES.decide(later, SpendLuck("Bo", "calm nerves", on_stress=True))
