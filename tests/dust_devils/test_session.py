"""A whole session of The Hanged Man through the app's pilot, by keys: the session starts,
the players set their Devils, three conflicts are played (a stud hand, an important NPC, a
fold), the session ends with recovery; the file replays to the same state, and a conflict
is taken back as one step. After every step the table's view shows nothing it may not
know."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES
from gmscreen.games.dust_devils.commands import MakeCharacter
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, NON_PLAYERS, PLAYERS, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
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
    await fill(pilot, "a", name=name, goal=goal, first=first, second=second)


async def resolve(pilot: Any) -> None:
    """The Call as the app lays the hands, every loser's Difficulty as suggested, the end."""
    campaign = pilot.app.campaign
    await send(pilot, "l")
    state: DustDevilsState = campaign.state
    assert state.conflict is not None and state.conflict.phase == "resolve"
    waiting = [p for p in state.conflict.active if p.name not in state.conflict.winners
               and not p.is_stud]
    for _ in waiting:
        await send(pilot, "k")
    await press(pilot, "e")
    assert campaign.state.conflict is None


@pytest.mark.slow
@synchronous
async def test_a_whole_session_by_keys(tmp_path: Path) -> None:
    path = new_campaign(tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f5")
        await to_tab(pilot, "Characters")
        await send(pilot, "V", d0="3", d1="2", d2="2", d3="1")  # Jim, Zeke, Jack, Luke
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
        assert campaign.state == after_jail_with_session(campaign, before_jail)


def after_jail_with_session(campaign: Campaign[Any], seq: int) -> Any:
    """The state just after the jail conflict ended, replayed from the file."""
    ended = next(e.seq for e in campaign.events if e.kind == "dust_devils.conflict_ended"
                 and e.data["title"] == "At the jail")
    assert ended > seq
    last = max(e.seq for e in campaign.events if e.step == campaign.events[ended - 1].step)
    return campaign.replay(last).state
