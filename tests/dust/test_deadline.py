"""The day's deadline clock: the moderator's count of the time left to a day, shown to the
table. A day's deadline belongs to its day (the deadline ends that day without a lynch):
the next day starts a clock of its own, and none is shown at night or once the game is
over."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import EndDay, ModKill, SetDeadline, TickDeadline, Vote
from gmscreen.games.dust.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.players import clocks_the_table_sees
from tests.dust.app import CONSOLE, app_of, confirm, pane, refusals, sample_campaign
from tests.dust.game import lots, new_game, run
from tests.dust.game import resolve as resolve_night
from tests.pilot import fill, synchronous, to_tab, until


def faces(state):
    return [(f.name, f.segments, f.filled) for f in view.table_clocks(view.table_knows(state))]


def test_a_days_deadline_goes_with_its_day_and_the_next_day_has_its_own():
    state = run(new_game(), SetDeadline(8, "48 hours a day, six a segment"),
                TickDeadline(2, "twelve hours gone"))
    assert faces(state) == [("Day 1 deadline", 8, 2)]
    # the deadline passes: the day ends, and its clock with it (twilight shows none)
    state = run(state, TickDeadline(6, "the 48 hours are up"))
    assert faces(state) == [("Day 1 deadline", 8, 8)]
    state = run(state, EndDay())
    assert faces(state) == []
    # Day 2 has a deadline of its own, as long, none of it gone
    state = resolve_night(state)
    assert faces(state) == [("Day 2 deadline", 8, 0)]


def test_nothing_is_left_on_the_table_once_the_game_is_over():
    state = run(new_game(), SetDeadline(6), TickDeadline(1, "an hour"))
    for scum in ("Eve", "Gus"):
        state = run(state, ModKill(scum, "left the game"))
    assert state.phase == "day"
    state = run(state, ModKill("Pat", "left the game"))
    assert state.phase == "over" and faces(state) == []


def test_the_deadline_is_refused_past_its_ends_and_outside_a_day():
    state = new_game()
    with pytest.raises(RuleError, match="no deadline clock"):
        run(state, TickDeadline(1, "an hour"))
    state = run(state, SetDeadline(4))
    with pytest.raises(RuleError, match="4 segments left"):
        run(state, TickDeadline(5, "too far"))
    with pytest.raises(RuleError, match="say why"):
        run(state, TickDeadline(1, " "))
    with pytest.raises(RuleError, match="4, 6, 8 or 12"):
        run(state, SetDeadline(5))
    night = run(state, EndDay())
    with pytest.raises(RuleError, match="Night 1"):
        run(night, TickDeadline(1, "an hour"))
    # a size set at night is the next day's
    night = run(night, SetDeadline(12))
    assert faces(resolve_night(night)) == [("Day 2 deadline", 12, 0)]
    # taken away: no clock is shown
    assert faces(run(state, SetDeadline(0))) == []


def test_the_samples_deadline_leaves_the_players_screen_when_day_1_ends(tmp_path):
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for, cache=False)
    try:
        assert [(f.name, f.segments, f.filled) for f in clocks_the_table_sees(campaign)] == [
            ("Day 1 deadline", 8, 2)]
        for voter in ("Tumbleweed", "Old Sarge", "Little Orphan", "Bounty Belle",
                      "Tracks*", "Lamplighter"):
            campaign.execute(Vote(voter, "Whisperer"))
        assert campaign.state.phase == "night"
        assert clocks_the_table_sees(campaign) == []
        from gmscreen.games.dust.commands import ResolveNight
        campaign.execute(ResolveNight(lots(campaign.state)))
        assert [(f.name, f.filled) for f in clocks_the_table_sees(campaign)] == [
            ("Day 2 deadline", 0)]
    finally:
        campaign.close()


@synchronous
async def test_the_dealer_moves_the_samples_deadline_by_key_and_sets_the_next_days(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        status = pane(app, CONSOLE).query_one("#dust-status", Static)
        assert "Deadline 2/8." in str(status.render())
        await fill(pilot, "d", by="2", reason="the second night falls (24 hours gone)")
        await until(pilot, lambda: campaign.state.deadline_gone == 4)
        assert campaign.describe(campaign.events[-1]) == (
            "The Day 1 deadline moves forward 2 segments: the second night falls (24 hours "
            "gone)")
        # the next days are shorter: 4 segments of six hours, from today on
        await fill(pilot, "D", segments="4", why="24 hours a day from now")
        await until(pilot, lambda: campaign.state.deadline == 4)
        assert campaign.describe(campaign.events[-1]) == (
            "From Day 1, each day has a deadline clock of 4 segments: 24 hours a day from now.")
        assert campaign.state.deadline_gone == 4
        assert "Deadline reached: e." in str(status.render())
        # past its end the key is refused in the form, naming the rule
        form = await fill(pilot, "d", by="1", reason="more time")
        assert app.screen is form and campaign.state.deadline_gone == 4
        await pilot.press("escape")
        await confirm(pilot, "e")
        assert campaign.state.phase == "night"
        await pilot.press("d")
        await until(pilot, lambda: refusals(notices) and refusals(notices)[-1][0] == "Deadline")
        assert refusals(notices)[-1] == (
            "Deadline", "it is Night 1, Day 1 having ended without a lynch: a day's deadline "
                        "clock moves by day")
    campaign.close()


@synchronous
async def test_the_clocks_tab_shows_the_days_deadline_above_the_moderators_clocks(tmp_path):
    # a moderator who looks for a clock to count the day down finds the game's own there
    from gmscreen.ui.clock_face import ClockFace
    from gmscreen.ui.tabs import WANTED_CLOCK

    campaign = sample_campaign(tmp_path)
    app, _notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, WANTED_CLOCK)
        clocks = pane(app, WANTED_CLOCK)
        face = clocks.query_one("#dust-deadline-face", ClockFace)
        assert (face.clock_name, face.segments, face.filled) == ("Day 1 deadline", 8, 2)
        await fill(pilot, "d", by="1", reason="eighteen hours gone")
        await until(pilot, lambda: campaign.state.deadline_gone == 3)
        await until(pilot, lambda: face.filled == 3)
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "e")
        await to_tab(pilot, WANTED_CLOCK)
        await until(pilot, lambda: not face.display)
        note = str(clocks.query_one("#dust-deadline-note", Static).render())
        assert note.startswith("Each day has a deadline clock of 8 segments")
    campaign.close()


@synchronous
async def test_the_days_head_names_each_of_its_keys_once(tmp_path):
    """By day the head line says what is ready and how far the deadline is; the Keys line
    under it names p and d: said twice ("ready: p." over "p day power"), they were read
    twice."""
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        status = str(pane(app, CONSOLE).query_one("#dust-status", Static).render())
        head, keys = status.splitlines()[0], status.splitlines()[-1]
        assert head == "Day 1: 15 alive, 8 votes lynch.  2 day powers ready.  Deadline 2/8."
        assert keys.startswith("Keys: p day power, d move the deadline")
        # neither key is named in the head, as it is on the Keys line
        assert not re.search(r"\b[pd]\b", head)
