"""A whole session of The Hanged Man through the app's pilot, by keys: the session starts,
the players set their Devils, three conflicts are played (a stud hand, an important NPC, a
fold), the session ends with recovery; the file replays to the same state, and a conflict
is taken back as one step. After every step the table's view shows nothing it may not
know. A session ended with a conflict under way asks what becomes of it: carried into the
next session, where it goes on, or left off, unresolved, an open thread."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import evaluate
from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, resolution, rules
from gmscreen.games.dust_devils.call import auto_split, difficulty_attributes, difficulty_points
from gmscreen.games.dust_devils.commands import (
    Call,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    RuleCarryOver,
    SetDevilRating,
    SetSessionDevils,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.sample import (
    JACK,
    JIM,
    LUKE,
    NON_PLAYERS,
    PLAYERS,
    SAMPLES,
    TOM,
    ZEKE,
    best_lay,
)
from gmscreen.games.dust_devils.sheet import ATTRIBUTES
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.hidden import assert_table_keeps_hidden
from tests.pilot import Notices, fill, synchronous, to_tab, until


def new_campaign(folder: Path) -> Path:
    path = folder / "hanged.toml"
    store = JournalStore.create(path, new_header("dust-devils", "The Hanged Man", 1873,
                                                 datetime(2026, 11, 1, 19, 0).astimezone()))
    campaign: Campaign[DustDevilsState] = Campaign.load(RULES, store.load(), store)
    for sheet in (*PLAYERS, *NON_PLAYERS):
        campaign.execute(MakeCharacter(sheet))
    campaign.close()
    return path


def watched(campaign: Campaign[Any]) -> tuple[GmScreenApp, Notices]:
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


async def press(pilot: Any, *keys: str) -> None:
    """Keys that save a step (a confirmation's "y" among them); then the table's view is
    checked."""
    campaign = pilot.app.campaign
    count = len(campaign.events)
    await pilot.press(*keys)
    await until(pilot, lambda: len(campaign.events) > count)
    assert_table_keeps_hidden(campaign.state)


async def send(pilot: Any, key: str, **values: Any) -> None:
    """A form opened, filled and sent, saving a step; then the table's view is checked."""
    campaign = pilot.app.campaign
    count = len(campaign.events)
    await fill(pilot, key, **values)
    await until(pilot, lambda: len(campaign.events) > count)
    assert_table_keeps_hidden(campaign.state)


async def enter(pilot: Any, name: str, goal: str, first: str, second: str) -> None:
    """A character added to the conflict being set up: a step of the journal's."""
    await send(pilot, "a", name=name, goal=goal, first=first, second=second)


async def resolve(pilot: Any) -> None:
    """The Call as the app lays the hands, every loser's Difficulty as suggested, the end."""
    campaign = pilot.app.campaign
    await send(pilot, "l")
    state: DustDevilsState = campaign.state
    assert state.conflict is not None and state.conflict.phase == "resolve"
    for _ in resolution.losers_waiting(state):
        await send(pilot, "k")
    await press(pilot, "e")
    assert campaign.state.conflict is None


@synchronous
async def test_a_session_begun_by_key_says_who_sets_the_devil(tmp_path: Path) -> None:
    campaign = open_campaign(new_campaign(tmp_path), rules_for)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f5")
        told = [n for n in notices if n.title == "Session"][-1].message
        assert told.startswith("Session 1 begins. Each player sets the Devil rating")
        assert "Devils, on the Characters tab" in told and all(w.name in told for w in PLAYERS)


@pytest.mark.slow
@synchronous
async def test_a_whole_session_by_keys(tmp_path: Path) -> None:
    path = new_campaign(tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f5")
        # the session opens on the Devils' form (V), on the Characters tab (round 33b)
        await until(pilot, lambda: isinstance(app.screen, Form))
        count = len(campaign.events)
        await fill(pilot, None, d0="3", d1="2", d2="2", d3="1")  # Jim, Zeke, Jack, Luke
        await until(pilot, lambda: len(campaign.events) > count)
        state: DustDevilsState = campaign.state
        assert [c.devil_rating for c in state.players] == [3, 2, 2, 1]
        assert all(c.devil_set_for == 1 for c in state.players)

        await to_tab(pilot, "Conflict")
        # 1. Jim asks around town against the Dealer's three cards
        await enter(pilot, JIM.name, "learn who was hanged", "Eye", "Heart")
        await send(pilot, "o", title="Whose body?", stud="3")
        await press(pilot, "d")
        await send(pilot, "w", name=JIM.name, discards="")
        await resolve(pilot)

        # 2. Zeke and Luke against Long Tom, an important NPC with his own hand
        await enter(pilot, ZEKE.name, "get the reward back", "Hand", "Guts")
        await enter(pilot, LUKE.name, "slip out of the cell", "Guts", "Heart")
        await enter(pilot, TOM.name, "keep them both", "Hand", "Guts")
        await send(pilot, "o", title="At the jail", stakes="1", stud="0")
        before_jail = len(campaign.events)
        await press(pilot, "d")
        hand = campaign.state.conflict.participant(ZEKE.name).hand
        await send(pilot, "w", name=ZEKE.name, discards=" ".join(hand[:2]),
                   knack="Wrestlin'")
        await resolve(pilot)
        after_jail: DustDevilsState = campaign.state
        assert after_jail.past[-1].title == "At the jail"

        # 3. Jack folds out of a hazardous ambush: an open thread
        await enter(pilot, JACK.name, "get away", "Hand", "Guts")
        await send(pilot, "o", title="Ambush at the creek", stakes="1", stud="7")
        await send(pilot, "f", name=JACK.name)
        assert [r.title for r in campaign.state.open_threads] == ["Ambush at the creek"]
        assert notices.of("warning") == [] and notices.of("error") == []

        await pilot.press("f6")
        await pilot.pause()
        await press(pilot, "y")
        ended: DustDevilsState = campaign.state
        assert not ended.in_session
        for c in ended.characters:
            assert all(v == r or v == 0 for v, r in zip(c.values, c.ratings, strict=True))
    reopened = open_campaign(path, rules_for)
    try:
        assert reopened.state == ended
    finally:
        reopened.close()

    # the jail conflict taken back as one step, from the Conflict tab's undo
    campaign = open_campaign(path, rules_for)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        opened = [e.seq for e in campaign.events if e.kind == "dust_devils.conflict_opened"]
        assert len(opened) == 3
        campaign.undo()  # the session's end, so the conflicts are the newest steps
        await pilot.press("u")  # the ambush
        await pilot.pause()
        await press(pilot, "y")
        assert campaign.state.past[-1].title == "At the jail"
        # the conflict is taken back; its set up (Jack, added before it opened) stays, to
        # open again or take out (x)
        assert [e.name for e in campaign.state.entering] == [JACK.name]
        assert campaign.state == replace(after_jail_with_session(campaign, before_jail),
                                         entering=campaign.state.entering)


def after_jail_with_session(campaign: Campaign[Any], seq: int) -> Any:
    """The state just after the jail conflict ended, replayed from the file."""
    ended = next(e.seq for e in campaign.events if e.kind == "dust_devils.conflict_ended"
                 and e.data["title"] == "At the jail")
    assert ended > seq
    last = max(e.seq for e in campaign.events if e.step == campaign.events[ended - 1].step)
    return campaign.replay(last).state


# -- a session ended with a conflict under way ----------------------------------------------

JAIL = "The bounty money at the jail"


def first_split(campaign: Campaign[DustDevilsState], name: str) -> tuple[tuple[str, int], ...]:
    """A loser's Difficulty spread as the Difficulty form offers it."""
    state = campaign.state
    who = state.character(name)
    assert state.conflict is not None and who is not None
    winning = evaluate(cards_from_codes(state.conflict.combination))
    split = auto_split(difficulty_points(winning), difficulty_attributes(winning),
                       {a: who.value(a) for a in ATTRIBUTES})
    return tuple((a.value, n) for a, n in split.items())


def jail_at_the_draw(folder: Path) -> Campaign[DustDevilsState]:
    """The Hanged Man as shipped: session 1 running, the jail conflict at the Draw."""
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                        rules_for)
    return campaign


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_mid_conflict_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    campaign = jail_at_the_draw(tmp_path)
    before = campaign.state
    assert campaign.under_way == f'the conflict "{JAIL}" (at the Draw)'
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        campaign.end_session()
    assert campaign.state == before and campaign.in_session
    campaign.end_session(under_way=what)
    state = campaign.state
    assert not state.in_session
    chips = {w.name: w.chips for w in state.characters}
    assert chips == {w.name: w.chips for w in before.characters}
    assert not any(w.fate_due for w in state.characters)
    if what == "carry":
        assert state.conflict == before.conflict and campaign.under_way is not None
        assert campaign.describe(campaign.events[-3]) == (
            f'Note: Carried into the next session: the conflict "{JAIL}" (at the Draw).')
    else:
        # left off: it ends unresolved, settling nothing, and its thread stays open
        assert state.conflict is None and campaign.under_way is None
        assert state.past[-1].title == JAIL and state.past[-1].unresolved
        assert state.past[-1].outcome == "left off when session 1 ended"
        assert [r.title for r in state.open_threads] == [JAIL]
        ended = next(e for e in campaign.events if e.kind == "dust_devils.conflict_ended"
                     and e.data["title"] == JAIL)
        assert campaign.describe(ended) == (
            f"{JAIL} ends: left off when session 1 ended (an open thread)")
    # the whole ending is one step
    campaign.undo()
    assert campaign.state == before
    campaign.close()


def test_with_nothing_under_way_there_is_nothing_to_leave_off(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.end_session(under_way="abandon")
    with pytest.raises(RuleError, match="nothing is under way"):
        RULES.abandon(campaign.state)
    campaign.close()


def play_to_the_call(campaign: Campaign[DustDevilsState]) -> tuple[str, ...]:
    """Every hand lays its best; each loser places its Difficulty as the form offers it.
    The losers' names."""
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    called = campaign.state.conflict
    assert called is not None and called.phase == "resolve"
    losers = tuple(p.name for p in called.active if p.name not in called.winners)
    for name in losers:
        campaign.execute(TakeDifficulty(name, first_split(campaign, name)))
    return losers


def test_a_conflict_left_off_after_the_call_keeps_its_difficulty_and_pays_nothing(
        tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.execute(RuleCarryOver(True))  # so the Difficulty is still there to see
    losers = play_to_the_call(campaign)
    hurt = {name: campaign.state.character(name) for name in losers}
    assert campaign.under_way == f'the conflict "{JAIL}" (after the Call)'
    campaign.end_session(under_way="abandon")
    state = campaign.state
    assert state.past[-1].unresolved and state.open_threads[-1].title == JAIL
    assert {name: state.character(name) for name in losers} == hurt
    assert not any(e.data.get("reason") == f"Stakes of {JAIL}" for e in campaign.events)
    campaign.close()


def test_a_conflict_carried_over_goes_on_next_session(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.end_session(under_way="carry")
    campaign.start_session()
    state = campaign.state
    # those in the conflict set their Devils once it is over; the others at once
    assert rules.why_not_devil(state, ZEKE.name) is not None
    assert [w.name for w in rules.devils_to_set_now(state)] == [JIM.name, JACK.name,
                                                                LUKE.name]
    campaign.execute(SetSessionDevils(((JIM.name, 2), (JACK.name, 2), (LUKE.name, 1))))
    waiting = rules.why_not_session_devils(campaign.state)
    assert waiting is not None and waiting.message == (
        f"{ZEKE.name}: the Devil is set once the conflict under way ends")
    campaign.execute(Draw(ZEKE.name, (), ()))
    campaign.execute(Draw(TOM.name, (), ()))
    play_to_the_call(campaign)
    campaign.execute(EndConflict())
    assert campaign.state.past[-1].title == JAIL and campaign.state.past[-1].session == 2
    assert [w.name for w in rules.devils_to_set_now(campaign.state)] == [ZEKE.name]
    campaign.execute(SetDevilRating(ZEKE.name, 3))
    zeke = campaign.state.character(ZEKE.name)
    assert zeke is not None and zeke.devil_set_for == 2
    campaign.close()


@synchronous
async def test_ending_the_session_by_keys_leaves_the_conflict_off(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        # the choice says what leaving it off does, in the game's words
        form = app.screen
        assert isinstance(form, Form)
        offered = {value: label for label, value in form.options_of("what")}
        assert offered["abandon"] == ("Leave it off: it ends unresolved, no Stakes paid and no "
                                      "fate told: an open thread for later")
        await fill(pilot, what="abandon")
        await until(pilot, lambda: not campaign.in_session)
        assert campaign.state.conflict is None
        assert [r.title for r in campaign.state.open_threads] == [JAIL]
        assert notices.of("warning") == [] and notices.of("error") == []


def test_a_conflict_is_under_way_from_its_opening_to_its_end(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.execute(DealerFolds())  # the jail conflict ends: nothing is under way
    assert campaign.under_way is None
    campaign.execute(OpenConflict("A hand of faro", (
        Entrant(JACK.name, "clean out the table", ("Eye", "Heart")),), stud=5))
    assert campaign.under_way == 'the conflict "A hand of faro" (at the Deal)'
    campaign.end_session(under_way="abandon")
    assert campaign.state.past[-1].outcome == "left off when session 1 ended"
    assert [r.title for r in campaign.state.open_threads] == [JAIL, "A hand of faro"]
    campaign.close()
