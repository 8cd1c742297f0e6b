"""Dust Devils' panes through the app's pilot: a conflict of The Hanged Man run by keys,
reopened from the file to the same state, then taken back as one step; a sheet that breaks
the book refused with the rule named."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import Input, Select

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.panes import SheetForm
from gmscreen.games.dust_devils.sample import SAMPLES, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp


class Dealer(GmScreenApp):
    """The app, remembering what it told the Dealer."""

    def __init__(self, campaign: Any) -> None:
        super().__init__(campaign)
        self.told: list[tuple[str, str]] = []

    def notify(self, message: str, *, title: str = "", **options: Any) -> None:
        self.told.append((title, message))
        super().notify(message, title=title, **options)


async def goto(pilot: Any, tab: str) -> None:
    await pilot.pause()
    shell = pilot.app.screen_stack[0]
    await pilot.press(str(shell.titles.index(tab) + 1))
    await pilot.pause()


async def fill(pilot: Any, key: str, **values: str) -> None:
    """Open a form with its key, change the fields named, send it with ctrl+s."""
    await pilot.press(key)
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, SheetForm), f"{key} opened no form"
    for field, value in values.items():
        widget = form.query_one(f"#f-{field}")
        assert isinstance(widget, Select | Input)
        widget.value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


def test_a_conflict_by_keys_replays_and_undoes_as_one_step(tmp_path: Path) -> None:
    asyncio.run(_a_conflict_by_keys(tmp_path))


async def _a_conflict_by_keys(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    opened_at = next(e.seq for e in campaign.events
                     if e.kind == "dust_devils.conflict_opened"
                     and e.data["title"] == "The bounty money at the jail")
    before_conflict = campaign.replay(opened_at - 1).state
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        zeke_hand = campaign.state.conflict.participant(ZEKE.name).hand
        await fill(pilot, "w", name=ZEKE.name, discards=" ".join(zeke_hand[:2]),
                   knack="Wrestlin'")
        await fill(pilot, "w", name=TOM.name, discards="")
        assert app.told == []
        await fill(pilot, "l")  # the Call, as the app lays each hand's best
        state: DustDevilsState = campaign.state
        conflict = state.conflict
        assert conflict is not None and conflict.phase == "resolve"
        loser = next(p.name for p in conflict.participants if p.name not in conflict.winners)
        await fill(pilot, "k")  # the loser's Difficulty, split as the app suggests
        assert loser in campaign.state.conflict.placed
        await pilot.press("e")
        await pilot.pause()
        assert app.told == [], app.told
        ended: DustDevilsState = campaign.state
        assert ended.conflict is None and ended.past[-1].title == "The bounty money at the jail"
        winner = next(iter(conflict.winners))
        after, before = ended.character(winner), state.character(winner)
        assert after is not None and before is not None
        if after.player:
            assert after.chips == before.chips + 1  # the Stakes
    reopened = open_campaign(path, rules_for)
    try:
        assert reopened.state == ended
    finally:
        reopened.close()

    campaign = open_campaign(path, rules_for)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state == before_conflict


def test_a_sheet_breaking_the_book_is_refused_with_the_rule(tmp_path: Path) -> None:
    asyncio.run(_a_sheet_breaking_the_book(tmp_path))


async def _a_sheet_breaking_the_book(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    count = len(campaign.events)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await fill(pilot, "m", name="Dylan McCreedy", hand="5", eye="5", guts="3", heart="1",
                   trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4, Blastin' 4, Shootin' 3", devil="Dynamite", devil_rating="2")
        assert [t for t, _ in app.told] == ["Attribute points"]
        assert len(campaign.events) == count
        await fill(pilot, "m", name="Dylan McCreedy", hand="5", eye="4", guts="3", heart="1",
                   trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4, Blastin' 4, Shootin' 3", devil="Dynamite", devil_rating="2")
        assert campaign.state.character("Dylan McCreedy") is not None
        await fill(pilot, "v", rating="3")  # the selected sheet is the first one: Jim
        assert campaign.state.characters[0].devil_rating == 3
