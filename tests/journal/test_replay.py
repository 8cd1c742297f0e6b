"""Replay starts from a state kept (a snapshot or a recent state), not from event 1: the
replayed campaign must be exactly the campaign folded from event 1, at every point, after
any history of undo and redo, live or reopened from the cache (whose snapshots are sparser)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.journal import campaign as campaign_module
from gmscreen.journal.cache import JournalCache
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.history import replay_history
from gmscreen.journal.rules import RuleError
from tests.journal.support import live_table, new_campaign, reference_table, tally_rules
from tests.tally import Add, Roll

#: one thing the Dealer does: (what, a number to pick its details with)
OPS = st.lists(st.tuples(st.sampled_from(["add", "roll", "note", "undo", "redo", "session"]),
                         st.integers(0, 5)), min_size=1, max_size=60)


def play(campaign: Campaign[Any], ops: list[tuple[str, int]]) -> None:
    names = ("Zeke", "Ann", "Doc")
    for what, pick in ops:
        if what == "add":
            campaign.execute(Add(names[pick % 3], pick + 1))
        elif what == "roll":  # a step of two events
            campaign.execute(Roll(names[pick % 3], (pick + 1, 6 - pick)))
        elif what == "note":
            campaign.note(f"note {pick}", about=[names[pick % 3]])
        elif what == "undo" and campaign.can_undo:
            campaign.undo(min(pick + 1, len(campaign.history.stack)))
        elif what == "redo" and campaign.can_redo:
            campaign.redo()
        elif what == "session":
            (campaign.end_session if campaign.in_session else campaign.start_session)()


def assert_is_the_fold_from_event_1(campaign: Campaign[Any], upto: int) -> None:
    past = campaign.replay(upto)
    prefix = campaign.events[:upto]
    folded = Campaign(campaign.rules, campaign.header, prefix)
    assert past.events == prefix and past.read_only
    assert live_table(past) == live_table(folded) == reference_table(prefix), upto
    assert past.history == folded.history == replay_history(prefix), upto
    assert campaign.history.until(campaign.events, upto) == folded.history, upto
    assert [past.describe(e) for e in prefix] == [folded.describe(e) for e in prefix]
    # the replay goes on as the fold does: its own replays, and the states it keeps
    if upto:
        middle = upto // 2
        assert live_table(past.replay(middle)) == reference_table(prefix[:middle])


@pytest.fixture(autouse=True)
def close_spacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots every few steps and few recent states, so that replays start from them
    (and from states a later undo made stale) far more often than at their real spacing."""
    monkeypatch.setattr(campaign_module, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(campaign_module, "RECENT_STATES", 4)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=OPS, picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=12))
def test_a_replay_is_the_fold_from_event_1(tmp_path_factory: pytest.TempPathFactory,
                                           ops: list[tuple[str, int]],
                                           picks: list[int]) -> None:
    path = tmp_path_factory.mktemp("replay") / "t.toml"
    campaign = new_campaign(path)
    try:
        play(campaign, ops)
        count = len(campaign.events)
        for pick in [*picks, count, count - 1, 0]:
            assert_is_the_fold_from_event_1(campaign, max(0, pick % (count + 1)))
    finally:
        campaign.close()


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=OPS, more=OPS, picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=8))
def test_a_replay_after_reopening_from_the_cache_is_the_fold_from_event_1(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        ops: list[tuple[str, int]], more: list[tuple[str, int]], picks: list[int]) -> None:
    monkeypatch.setattr(campaign_module, "MIN_EVENTS", 1)
    folder = tmp_path_factory.mktemp("replay")
    journals = JournalCache(folder / "cache")
    campaign = new_campaign(folder / "t.toml")
    campaign.cache = journals
    play(campaign, ops)
    campaign.close()  # keeps the fold (sparser snapshots) in the cache
    campaign = open_campaign(folder / "t.toml", tally_rules, cache=journals)
    try:
        play(campaign, more)
        count = len(campaign.events)
        for pick in [*picks, count]:
            assert_is_the_fold_from_event_1(campaign, pick % (count + 1))
    finally:
        campaign.close()


def test_a_replay_cut_inside_a_step_has_only_its_first_events(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "t.toml")
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("Zeke", (2, 5)))  # events 2 and 3, one step
    assert campaign.replay(2).state.tallies == {"Zeke": 3}
    assert campaign.replay(3).state.tallies == {"Zeke": 10}
    campaign.close()


def test_a_prepared_replay_is_checked_at_once_and_made_in_another_thread(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "t.toml")
    play(campaign, [("add", 1), ("roll", 2), ("undo", 0), ("add", 3), ("session", 0)])
    with pytest.raises(RuleError, match="there is no event 99"):
        campaign.prepare_replay(99)
    make = campaign.prepare_replay(2)
    expected = reference_table(campaign.events[:2])
    # the campaign goes on meanwhile: what was prepared is the past as it was asked for
    play(campaign, [("undo", 2), ("add", 4), ("note", 1)])
    made: list[Campaign[Any]] = []
    worker = threading.Thread(target=lambda: made.append(make()))
    worker.start()
    worker.join()
    assert live_table(made[0]) == expected
    campaign.close()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=OPS, picks=st.lists(st.integers(1, 10_000), min_size=1, max_size=6))
def test_the_campaign_after_an_undo_to_is_the_fold_of_its_journal(
        tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, int]],
        picks: list[int]) -> None:
    campaign = new_campaign(tmp_path_factory.mktemp("undo") / "t.toml")
    try:
        play(campaign, ops)
        for pick in picks:
            seq = 1 + pick % max(1, len(campaign.events))
            try:
                after = campaign.after_undo_to(seq)
            except RuleError:
                with pytest.raises(RuleError):
                    campaign.preview_undo_to(seq)
                continue
            folded = Campaign(campaign.rules, campaign.header, after.events)
            assert after.read_only and len(after.events) == len(campaign.events) + 1
            assert live_table(after) == live_table(folded) == reference_table(after.events)
            assert after.history == folded.history
            assert after.state == campaign.preview_undo_to(seq)
            # the campaign itself is left as it was
            assert campaign.history == replay_history(campaign.events)
    finally:
        campaign.close()
