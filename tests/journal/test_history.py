"""Undo, redo, replay and sessions, through a campaign of the tally game."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gmscreen.core.text import sentences
from gmscreen.journal import campaign as campaign_module
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NOTE, REDO, SESSION_END, SESSION_START, UNDO
from gmscreen.journal.history import History, replay_history
from gmscreen.journal.rules import RuleError
from tests.journal.support import (
    live_table,
    new_campaign,
    reference_table,
    reopen,
    sample_journal,
)
from tests.tally import Add, Roll, tallies


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "t.toml"


def test_undo_takes_back_the_newest_step_and_redo_puts_it_back(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("Zeke", (2, 5)))
    taken = campaign.undo()
    assert [e.kind for e in taken] == ["tally.rolled", "tally.added"]  # one step, two events
    assert tallies(campaign) == {"Zeke": 3}
    assert campaign.events[-1].kind == UNDO and campaign.events[-1].data == {"steps": [2]}
    assert [campaign.is_undone(e) for e in campaign.events] == [False, True, True, False]
    assert campaign.can_redo
    assert [e.seq for e in campaign.redo()] == [2, 3]
    assert tallies(campaign) == {"Zeke": 10}
    assert campaign.events[-1].kind == REDO and campaign.events[-1].data == {"undo": 4}
    assert not any(campaign.is_undone(e) for e in campaign.events) and not campaign.can_redo


def test_undo_chains_walk_back_and_redo_walks_forward_in_order(path: Path) -> None:
    campaign = new_campaign(path)
    for amount in (1, 2, 4):
        campaign.execute(Add("Ann", amount))
    seen = []
    while campaign.can_undo:
        campaign.undo()
        seen.append(tallies(campaign).get("Ann", 0))
    assert seen == [3, 1, 0]
    with pytest.raises(RuleError, match="nothing to undo"):
        campaign.undo()
    seen = []
    while campaign.can_redo:
        campaign.redo()
        seen.append(tallies(campaign)["Ann"])
    assert seen == [1, 3, 7]
    with pytest.raises(RuleError, match="nothing to redo"):
        campaign.redo()
    assert live_table(reopen(path, writable=False)) == live_table(campaign)


def test_a_new_event_after_undo_ends_the_redo_chain(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Ann", 1))
    campaign.execute(Add("Ann", 2))
    campaign.undo()
    campaign.undo()
    campaign.redo()
    campaign.note("a note is an event too")
    assert not campaign.can_redo
    with pytest.raises(RuleError, match=r"Ann adds 2.*can no longer be put back: a new step "
                       r"was taken since"):
        campaign.redo()
    assert tallies(campaign) == {"Ann": 1}
    campaign.undo()  # the note
    campaign.undo()  # Ann's 1
    assert tallies(campaign) == {} and not campaign.can_undo


def test_undo_of_several_steps_is_one_undo(path: Path) -> None:
    campaign = new_campaign(path)
    for amount in (1, 2, 4):
        campaign.execute(Add("Ann", amount))
    taken = campaign.undo(2)
    assert [e.data["amount"] for e in taken] == [4, 2]
    assert campaign.events[-1].data == {"steps": [3, 2]} and tallies(campaign) == {"Ann": 1}
    campaign.redo()
    assert tallies(campaign) == {"Ann": 7}
    for count in (0, -1):
        size = path.stat().st_size
        with pytest.raises(RuleError, match="undo takes back one or more"):
            campaign.undo(count)
        assert path.stat().st_size == size
    assert reopen(path, writable=False).events == campaign.events


def test_undo_to_returns_to_just_after_an_event_as_one_step(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Ann", 1))  # 1
    campaign.execute(Roll("Ann", (3, 3)))  # 2, 3
    campaign.execute(Add("Bob", 5))  # 4
    campaign.execute(Roll("Bob", (1, 1, 1)))  # 5, 6
    campaign.note("the end")  # 7
    for seq, expected in [(2, {"Ann": 7}), (3, {"Ann": 7}), (1, {"Ann": 1})]:
        size = path.stat().st_size
        preview = campaign.preview_undo_to(seq)
        assert path.stat().st_size == size and tallies(campaign) != expected  # saves nothing
        taken = campaign.undo_to(seq)
        assert tallies(campaign) == expected and preview == campaign.state
        assert all(e.seq > seq for e in taken)
        assert campaign.events[-1].kind == UNDO
        campaign.redo()
    assert tallies(campaign) == {"Ann": 7, "Bob": 8}


def test_undo_to_an_event_within_the_newest_step_says_the_step_is_taken_back_whole(
        path: Path) -> None:
    # "event 5 is already the newest" was said with event 6 the newest: untrue
    campaign = new_campaign(path)
    campaign.execute(Add("Ann", 1))  # 1
    campaign.execute(Add("Ann", 1))  # 2
    campaign.execute(Add("Ann", 1))  # 3
    campaign.note("newest but one")  # 4
    campaign.execute(Roll("Ann", (3, 4)))  # 5 and 6, one step
    size = path.stat().st_size
    for attempt in (campaign.undo_to, campaign.preview_undo_to):
        with pytest.raises(RuleError, match=r"event 5 is part of the newest step \(#5 to #6\), "
                           "which is taken back whole"):
            attempt(5)
        with pytest.raises(RuleError, match="event 6 is already the newest step: undo takes it"):
            attempt(6)
    assert path.stat().st_size == size
    assert [e.seq for e in campaign.undo_to(4)] == [5, 6]  # the whole step, by one undo


@pytest.mark.parametrize(
    ("target", "words"),
    [(0, "there is no event 0"), (99, "there is no event 99"),
     (5, "already the newest step: undo takes it back"),
     (3, "already undone .struck through.: redo puts back"), (4, "not an undo or redo")],
)
def test_undo_to_refuses_what_it_cannot_do_and_saves_nothing(path: Path, target: int,
                                                             words: str) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Ann", 1))  # 1
    campaign.execute(Add("Ann", 1))  # 2
    campaign.execute(Add("Ann", 1))  # 3
    campaign.undo()  # 4
    campaign.note("newest")  # 5
    size = path.stat().st_size
    for attempt in (campaign.undo_to, campaign.preview_undo_to):
        with pytest.raises(RuleError, match=words) as caught:
            attempt(target)
        assert caught.value.rule == "Undo"
    assert path.stat().st_size == size


def test_replay_of_every_prefix_equals_a_campaign_built_from_it(path: Path) -> None:
    campaign = sample_journal(path)
    campaign.undo_to(3)
    campaign.redo()
    for upto in range(len(campaign.events) + 1):
        past = campaign.replay(upto)
        prefix = campaign.events[:upto]
        built = Campaign(campaign.rules, campaign.header, prefix)
        assert past.events == prefix and past.read_only
        assert live_table(past) == live_table(built) == reference_table(prefix)
    with pytest.raises(RuleError, match="there is no event 99"):
        campaign.replay(99)


def test_snapshots_do_not_change_what_undo_returns_to(path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(campaign_module, "SNAPSHOT_EVERY", 3)
    campaign = new_campaign(path)
    for amount in range(1, 15):
        campaign.execute(Roll("Ann", (amount,)) if amount % 4 else Add("Ann", amount))
    campaign.undo(5)
    campaign.undo_to(4)
    campaign.execute(Add("Bob", 1))
    campaign.undo()
    campaign.undo(2)
    campaign.redo()
    for amount in range(8):
        campaign.execute(Add("Cy", amount))
    assert live_table(campaign) == reference_table(campaign.events)
    for seq in range(1, len(campaign.events)):
        event = campaign.events[seq - 1]
        if event.kind in (UNDO, REDO) or campaign.is_undone(event):
            continue
        if campaign.history.steps_back_to(seq):
            # what counted up to that step then is what counts up to it now: undo only ever
            # takes steps off the top, and a new step ends every redo
            after_step = campaign.events[: _end_of_step(campaign, seq)]
            assert campaign.preview_undo_to(seq) == reference_table(after_step).state


def _end_of_step(campaign: Campaign[Any], seq: int) -> int:
    """The seq of the last event of the step that holds event `seq`."""
    step = campaign.events[seq - 1].step
    return max(e.seq for e in campaign.events if e.step == step)


def test_sessions_are_numbered_and_a_restarted_session_keeps_its_number(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Ann", 1))
    assert campaign.session == 0 and not campaign.in_session
    campaign.start_session()
    assert campaign.session == 1 and campaign.in_session
    with pytest.raises(RuleError, match="session 1 is still running"):
        campaign.start_session()
    campaign.end_session()
    with pytest.raises(RuleError, match="no session is running"):
        campaign.end_session()
    campaign.start_session()
    campaign.undo()  # the start of session 2, taken back
    assert campaign.session == 1 and not campaign.in_session
    campaign.start_session()
    assert campaign.session == 2
    assert [e.session for e in campaign.events if e.kind == SESSION_START] == [1, 2, 2]
    campaign.execute(Add("Ann", 2))
    assert campaign.events[-1].session == 2
    assert campaign.state.sessions_seen == 2  # the game saw two starts that count


def test_last_seq_of_session_is_the_end_that_counts(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.note("before any session")  # 1
    campaign.start_session()  # 2 (session 1)
    campaign.execute(Add("Ann", 1))  # 3
    campaign.end_session()  # 4
    campaign.note("between sessions")  # 5
    campaign.start_session()  # 6 (session 2)
    campaign.undo()  # 7
    campaign.start_session()  # 8 (session 2 again)
    campaign.execute(Add("Ann", 2))  # 9
    campaign.end_session()  # 10
    campaign.undo()  # 11: session 2 runs on
    campaign.execute(Add("Ann", 4))  # 12
    assert campaign.last_seq_of_session(0) == 1
    assert campaign.last_seq_of_session(1) == 4
    assert campaign.last_seq_of_session(2) == 12  # still running: its end is now
    campaign.end_session()  # 13
    assert campaign.last_seq_of_session(2) == 13
    assert campaign.replay(13).state.tallies == {"Ann": 7}
    assert not campaign.replay(campaign.last_seq_of_session(2)).in_session
    with pytest.raises(RuleError, match="there is no session 3"):
        campaign.last_seq_of_session(3)
    empty = new_campaign(path.with_name("empty.toml"))
    assert empty.last_seq_of_session(0) == 0
    with pytest.raises(RuleError, match="there is no session 1"):
        empty.last_seq_of_session(1)


def test_a_read_only_campaign_refuses_every_write(path: Path) -> None:
    campaign = sample_journal(path)
    before = path.read_bytes()
    past = campaign.replay(5)
    assert past.read_only and past.read_only_reason == "this is a replay of the past"
    read_only = reopen(path, writable=False)
    for view in (past, read_only):
        for write in (lambda c: c.execute(Add("Zeke", 1)), lambda c: c.note("x"),
                      lambda c: c.undo(), lambda c: c.redo(), lambda c: c.start_session(),
                      lambda c: c.end_session(), lambda c: c.undo_to(2)):
            with pytest.raises(RuleError) as caught:
                write(view)
            assert caught.value.rule in ("Read only", "Redo", "Sessions"), caught.value
        assert view.events == (campaign.events[:5] if view is past else campaign.events)
    assert path.read_bytes() == before


def test_a_refused_command_saves_nothing(path: Path) -> None:
    campaign = sample_journal(path)
    before_bytes, before = path.read_bytes(), (list(campaign.events), live_table(campaign))
    with pytest.raises(RuleError) as caught:
        campaign.execute(Add("Zeke", -100))
    assert caught.value.rule == "No debt" and caught.value.field == "amount"
    assert str(caught.value) == "No debt: Zeke cannot go below zero"
    with pytest.raises(RuleError, match="a note needs some text"):
        campaign.note("   \n ")
    assert path.read_bytes() == before_bytes
    assert (list(campaign.events), live_table(campaign)) == before


def test_text_with_markup_is_stored_and_described_as_typed(path: Path) -> None:
    name = "[bold red]Tally[/] [link=http://x]Town[/link] \\[not]"
    campaign = new_campaign(path, name=name)
    campaign.note("[i]Doc[/i] says: [blink]draw![/blink]", about=["[b]Doc[/b]"])
    campaign.execute(Add("[b]Doc[/b]", 2))
    campaign.undo()
    campaign.close()
    again = reopen(path, writable=False)
    note, added, undo = again.events
    assert again.name == name
    assert again.describe(note) == "Note: [i]Doc[/i] says: [blink]draw![/blink]"
    assert again.subjects(note) == frozenset({"[b]Doc[/b]"})
    assert again.describe(added) == "[b]Doc[/b] adds 2."
    assert again.subjects(added) == frozenset({"[b]Doc[/b]"})
    assert again.describe(undo) == "Undid: [b]Doc[/b] adds 2."
    assert again.subjects(undo) == frozenset()


def test_the_log_describes_the_journals_own_events(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.start_session()
    for amount in range(1, 6):
        campaign.execute(Add("Ann", amount))
    campaign.undo(4)
    campaign.redo()
    campaign.end_session()
    lines = [campaign.describe(e) for e in campaign.events]
    assert lines[0] == "Session 1 begins." and lines[-1] == "Session 1 ends."
    assert lines[6] == "Undid: Ann adds 5. Ann adds 4. Ann adds 3. (and 1 more)"
    assert lines[7] == "Redid: Ann adds 5. Ann adds 4. Ann adds 3. (and 1 more)"
    assert {e.kind for e in campaign.events} >= {SESSION_START, SESSION_END, UNDO, REDO}
    assert NOTE not in {e.kind for e in campaign.events}


def test_the_campaigns_generator_depends_on_the_seed_and_the_next_event(path: Path) -> None:
    one = new_campaign(path, seed=1)
    other = new_campaign(path.with_name("other.toml"), seed=2)
    draw = one.rng("deal").random()
    assert one.rng("deal").random() == draw  # the same journal offers the same draw
    assert one.rng("dice").random() != draw and other.rng("deal").random() != draw
    one.note("x")
    assert one.rng("deal").random() != draw
    one.undo()
    assert one.rng("deal").random() != draw  # the undo is an event: no draw is offered twice


def test_a_history_rebuilt_from_its_shape_is_the_replayed_history(path: Path) -> None:
    """The cache keeps a History as its shape (History.shape); rebuilt from it after every
    prefix of a journal with two-event steps, undo chains, redo and a redo chain cut off,
    it equals the replay, and goes on from there as the replay does."""
    campaign = sample_journal(path)
    rng = random.Random(8)
    for _ in range(120):
        pick = rng.random()
        if pick < 0.4:
            campaign.execute(Add(rng.choice(["Zeke", "Ann"]), rng.randint(0, 5)))
        elif pick < 0.6:
            campaign.execute(Roll("Ann", (rng.randint(1, 6), 3)))
        elif pick < 0.8 and campaign.can_undo:
            campaign.undo(rng.randint(1, 3))
        elif campaign.can_redo:
            campaign.redo()
    events = campaign.events
    assert {UNDO, REDO} <= {e.kind for e in events}
    assert any(e.step != e.seq for e in events)
    for count in range(len(events) + 1):
        replayed = replay_history(events[:count])
        shape = pickle.loads(pickle.dumps(replayed.shape()))
        rebuilt = History.from_shape(shape, events[:count])
        assert rebuilt == replayed, count
        for event in events[count : count + 3]:
            assert rebuilt.apply(event) == replayed.apply(event)
            assert rebuilt == replayed, count


def test_several_events_read_as_sentences_in_a_line(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.note("Zeke owes the undertaker")  # typed without a full stop
    campaign.execute(Add("Ann", 2))
    campaign.note("Draw!")
    assert campaign.describe_some(campaign.events) == (
        "Note: Zeke owes the undertaker. Ann adds 2. Note: Draw!")
    assert campaign.describe_some(campaign.events, named=1) == (
        "Note: Zeke owes the undertaker. (and 2 more)")
    assert campaign.describe_some([]) == ""
    # lines in a row under one heading share it (Dust Devils' two lines at a session's
    # end read "Session's end: ... Session's end: ..." in the question before it)
    assert sentences(["Session's end: Luke recovers 2 Guts", "Session's end: Jack stays "
                      "at 0 Heart.", "Note: Draw!", "Ann rolls 3: a success",
                      "Ann rolls 3: a success"]) == (
        "Session's end: Luke recovers 2 Guts; Jack stays at 0 Heart. Note: Draw! "
        "Ann rolls 3: a success. Ann rolls 3: a success.")


def test_the_newest_step_is_the_newest_still_standing(path: Path) -> None:
    # what a tab tells as the newest step: the journal's last event is an undo once one is
    # made, and a step it took back is no longer the newest
    campaign = new_campaign(path)
    assert campaign.newest_step() is None
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("Zeke", (2, 5)))  # a step of two events: its first is named
    rolled = campaign.events[-2]
    assert campaign.newest_step() == rolled
    campaign.note("The stage is late")
    campaign.undo()
    assert campaign.events[-1].kind == UNDO and campaign.newest_step() == rolled
    campaign.undo()
    assert campaign.newest_step() == campaign.events[0]
    campaign.redo()
    assert campaign.events[-1].kind == REDO and campaign.newest_step() == rolled
    campaign.undo()
    campaign.undo()
    assert campaign.newest_step() is None


def test_an_undo_tells_the_events_it_took_back(path: Path) -> None:
    campaign = new_campaign(path)
    campaign.execute(Add("Zeke", 3))
    rolled = campaign.execute(Roll("Zeke", (2, 5)))
    noted = campaign.note("The stage is late")
    assert campaign.undo_to(campaign.events[0].seq) == [*noted, *rolled]
    undo = campaign.events[-1]
    assert campaign.taken_back(undo) == [*noted, *rolled]  # the newest step first
    assert campaign.taken_back(campaign.events[0]) == []
    assert campaign.taken_back(replace(undo, data={"steps": "damaged"})) == []
