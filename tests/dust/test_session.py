"""A session that ends with a day or a night half-way (see `gmscreen.games.dust.sessions`):
the moderator is asked what becomes of it. Carried, it goes on next session as it stood;
left off, the day ends without a lynch (as at the deadline), and the night is called off:
no one acts in it, and the next day begins."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import ChooseKill, ChooseNight, EndDay, ResolveNight, Vote
from gmscreen.games.dust.night_rules import why_not_undo_night
from gmscreen.games.dust.sessions import session_begun
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.games.dust.view import night_page, table_knows, table_tells
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.dust.app import POSTS, app_of, pane, refusals, sample_campaign
from tests.dust.game import new_game, night_of, run
from tests.dust.hidden import assert_secrets_kept
from tests.pilot import fill, screen_text, synchronous, to_tab, until


def test_a_day_is_under_way_once_a_vote_is_cast_until_it_ends() -> None:
    day = new_game()
    assert RULES.under_way(DustState()) is None
    assert RULES.under_way(day) is None  # no vote yet: it may wait as it is
    voted = run(day, Vote("Ann", "Eve"))
    assert RULES.under_way(voted) == "Day 1, with 1 vote cast and no lynch yet"
    assert RULES.under_way(run(voted, Vote("Bob", "Eve"))) == (
        "Day 1, with 2 votes cast and no lynch yet")
    assert RULES.under_way(run(voted, Vote("Ann", ""))) is None  # withdrawn
    assert RULES.under_way(run(voted, EndDay())) is None  # night falls, nothing sent


def test_a_night_is_under_way_once_an_action_or_the_kill_is_sent_until_resolved() -> None:
    night = night_of()
    assert RULES.under_way(night) is None
    sent = run(night, ChooseNight(NightChoice("Cat", scavenge="The Cafe")))
    assert RULES.under_way(sent) == (
        "Night 1, with the night actions of 1 player sent and not yet resolved")
    killed = run(sent, ChooseNight(NightChoice("Dan", scavenge="The Cafe")),
                 ChooseKill("Gus", "Pat", "Ann"))
    assert RULES.under_way(killed) == ("Night 1, with the night actions of 2 players and the "
                                       "Scum's kill sent and not yet resolved")
    assert RULES.under_way(run(night, ChooseKill("Gus", "Pat", "Ann"))) == (
        "Night 1, with the Scum's kill sent and not yet resolved")
    assert RULES.under_way(run(killed, ResolveNight(tuple(p.name for p in killed.living)))
                           ) is None


def test_a_session_begun_after_the_game_is_over_says_the_next_game_is_a_new_campaign(
        ) -> None:
    # f5 after the Town's win began a session with nothing to do and no word of it
    over = replace(new_game(), phase="over", winner="town")
    assert session_begun(over) == ("The game is over: the Town won. This campaign's game is "
                                   "done: the next game is a new campaign (Campaigns).")
    assert session_begun(new_game()) == ("Where the game stands: Day 1, no vote cast yet "
                                          "(the Day and night tab).")


def test_nothing_is_left_off_when_nothing_is_under_way() -> None:
    with pytest.raises(RuleError, match="nothing is under way"):
        RULES.abandon(new_game())


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_mid_day_only_when_told_what_becomes_of_the_votes(
        tmp_path: Path, what: str) -> None:
    campaign = sample_campaign(tmp_path)  # Day 1, three votes cast
    votes = campaign.state.votes
    assert campaign.under_way == "Day 1, with 3 votes cast and no lynch yet"
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        campaign.end_session()
    campaign.end_session(under_way=what)
    state = campaign.state
    assert not campaign.in_session
    if what == "carry":
        assert campaign.describe(campaign.events[-2]) == (
            "Note: Carried into the next session: Day 1, with 3 votes cast and no lynch yet.")
        assert state.phase == "day" and state.votes == votes
        campaign.start_session()
        campaign.execute(Vote("Wyatt_E", "Whisperer"))
        assert campaign.state.tally()["Whisperer"] == ["Calamity", "Marshal Bass", "Wyatt_E"]
    else:
        # the book's no-lynch: the day ends as at the deadline, and no one dies
        assert state.phase == "night" and state.number == 1 and state.votes == ()
        assert all(p.alive for p in state.players)
        assert state.posts[-1].lines[0] == ("The day ends without a majority: no one is "
                                            "lynched.")
        assert campaign.under_way is None
        assert_secrets_kept(state)
    campaign.undo()
    assert campaign.in_session and campaign.state.votes == votes


def night_sent(folder: Path) -> Any:
    """The sample's Night 1 (no lynch) with the Vigilante's shot, a search and the kill."""
    campaign = sample_campaign(folder)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Bounty Belle", uses=(
        PowerUse("Vigilante", "Execute", ("Whisperer",)),))))
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", scavenge="The Garage")))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Calamity"))
    return campaign


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_mid_night_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    campaign = night_sent(tmp_path)
    before = campaign.state
    assert campaign.under_way == ("Night 1, with the night actions of 2 players and the "
                                  "Scum's kill sent and not yet resolved")
    campaign.end_session(under_way=what)
    state = campaign.state
    if what == "carry":
        assert state.phase == "night" and state.choices == before.choices
        assert state.kill == before.kill
        campaign.start_session()
        campaign.execute(ResolveNight(tuple(p.name for p in state.living)))
        assert not campaign.state.player("Calamity").alive  # the kill carried over
    else:
        # called off: no one acted; the next day begins with a post that says so
        assert campaign.describe(campaign.events[-3]) == (
            "Night 1 is called off as the session ends: no one acts, and Day 2 begins.")
        assert (state.phase, state.number, state.called_off) == ("day", 2, (1,))
        assert state.choices == () and state.kill is None and state.steps == ()
        assert all(p.alive for p in state.players) and state.messages == before.messages
        assert [p.items for p in state.players] == [p.items for p in before.players]
        belle = state.player("Bounty Belle")
        assert belle is not None and belle.times_used("Execute") == 0  # the shot is kept
        assert state.locations == before.locations  # nothing searched
        post = state.posts[-1]
        assert post.title == "Day 2" and post.lines[0] == (
            "Night 1 was called off: no one acted in it, and no one died. Day 2 begins.")
        assert table_tells(campaign.events[-2]) == f"Day 2: {' '.join(post.lines)}"
        assert table_knows(state).latest == post
        assert night_page(state, []).title.startswith(
            "Night 1: called off as a session ended; no one acted in it")
        refused = why_not_undo_night(state, resolved=False)
        assert refused is not None and "ctrl+z takes it back" in str(refused)
        assert campaign.under_way is None
        assert_secrets_kept(state)
    campaign.undo()
    assert campaign.in_session and campaign.state.choices == before.choices


@pytest.mark.parametrize(("choice", "ended"), [("finish", False), ("carry", True),
                                                ("abandon", True)])
@synchronous
async def test_ending_the_session_by_keys_asks_about_the_night(
        tmp_path: Path, choice: str, ended: bool) -> None:
    campaign = night_sent(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert "Night 1, with the night actions of 2 players" in screen_text(app)
        await fill(pilot, what=choice)
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
    assert campaign.in_session is not ended
    assert (campaign.state.phase == "day") is (choice == "abandon")


@synchronous
async def test_the_posts_tab_says_the_night_was_called_off_and_u_says_why_it_does_not_apply(
        tmp_path: Path) -> None:
    campaign = night_sent(tmp_path)
    campaign.end_session(under_way="abandon")
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        title = pane(app, POSTS).query_one("#dust-night-title", Static)
        assert str(title.render()).startswith("Night 1: called off as a session ended")
        await pilot.press("u")
        await until(pilot, lambda: refusals(notices))
        assert refusals(notices) == [(
            "Undo night", "Night 1 was called off as a session ended, not resolved: ctrl+z "
                          "takes it back with the session's end")]
