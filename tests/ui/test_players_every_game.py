"""The players' screen for every game (issue 19): after every step of each sample, drawn
from the journal as it grows, it shows none of the hidden facts the game's own tests make
from the Dealer's state at that point (not a hand-picked list); it follows appends made by a
real Campaign; the table's clocks reach it."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.clocks import MakeClock
from gmscreen.journal.follow import Follower
from gmscreen.journal.store import JournalStore
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import hidden_facts as dead_mans_hand_facts
from tests.devils_bluff.hidden import hidden_facts as devils_bluff_facts
from tests.dust.hidden import hidden_facts as dust_facts
from tests.dust_devils.hidden import hidden_facts as dust_devils_facts
from tests.fistful.game import hidden_facts as fistful_facts
from tests.pilot import screen_text, until

ROOT = Path(__file__).resolve().parents[2]
FACTS: dict[str, tuple[str, Callable[[Any], Iterable[str]]]] = {
    "the-hanged-man": ("dust-devils", dust_devils_facts),
    "fistful-dalton-boys": ("fistful", fistful_facts),
    "dead-mans-hand-showdown": ("dead-mans-hand", dead_mans_hand_facts),
    "devils-bluff-one-off": ("devils-bluff", devils_bluff_facts),
    "dust-fifteen": ("dust", dust_facts),
}


def _shown(fact: str, text: str) -> bool:
    """`fact` on the screen as a whole ("Cop" is not shown by "Copy")."""
    return re.search(rf"(?<!\w){re.escape(fact)}(?!\w)", text) is not None


def _write(path: Path, header: Any, events: list[Any]) -> None:
    """The journal as it stood after `events`, put in place at once (as a rename)."""
    fresh = path.with_suffix(".next")
    fresh.unlink(missing_ok=True)
    JournalStore.create(fresh, header, events).close()
    os.replace(fresh, path)


def _holds(app: PlayersApp, count: int) -> Callable[[], bool]:
    return lambda: len(app.campaign.events) == count


async def _follow(sample: str, folder: Path) -> list[str]:
    game, facts_of = FACTS[sample]
    with JournalStore.open(ROOT / "campaigns" / f"{sample}.toml", writable=False) as store:
        loaded = store.load()
    path = folder / f"{sample}.toml"
    _write(path, loaded.header, [])
    app = PlayersApp(path, follower=Follower(path, rules_for))
    leaks: list[str] = []
    async with app.run_test(size=(160, 60)) as pilot:
        # after each step: the event before the next step's first
        events = loaded.events
        ends = [e.seq for e in events
                if e.seq == len(events) or events[e.seq].step == events[e.seq].seq]
        for end in ends:
            _write(path, loaded.header, events[:end])
            app.look()
            await until(pilot, _holds(app, end))
            await pilot.pause()
            shown = screen_text(app)
            leaks.extend(f"after #{end}: {fact!r}" for fact in facts_of(app.campaign.state)
                         if fact and _shown(fact, shown))
        # a real Campaign appends: the screen follows, and a clock shown to the table shows
        dealer = open_campaign(path, rules_for, cache=False)
        dealer.execute(MakeClock("The stage is late", 4, public=True))
        dealer.close()
        await until(pilot, lambda: "The stage is late" in screen_text(app), seconds=5)
    assert game == app.campaign.header.game
    return leaks


@pytest.mark.slow
@pytest.mark.parametrize("sample", sorted(FACTS))
def test_the_players_screen_never_shows_a_hidden_fact(sample: str, tmp_path: Path) -> None:
    assert asyncio.run(_follow(sample, tmp_path)) == []


def _titled(app: PlayersApp) -> Callable[[], bool]:
    return lambda: f"{app.player}'s page" in screen_text(app)


async def _private_pages(folder: Path) -> dict[str, str]:
    path = folder / "dust.toml"
    path.write_bytes((ROOT / "campaigns" / "dust-fifteen.toml").read_bytes())
    state = open_campaign(path, rules_for, cache=False).state
    pages = {}
    for player in [p.name for p in state.living][:4]:
        app = PlayersApp(path, player=player, follower=Follower(path, rules_for))
        async with app.run_test(size=(160, 60)) as pilot:
            await until(pilot, _titled(app))
            pages[player] = screen_text(app)
    return pages


@pytest.mark.slow
def test_a_dust_players_private_page_holds_his_secrets_and_no_one_elses(tmp_path: Path) -> None:
    from tests.dust.hidden import secrets_of

    pages = asyncio.run(_private_pages(tmp_path))
    state = open_campaign(tmp_path / "dust.toml", rules_for, cache=False).state
    for player, page in pages.items():
        assert f"{player}'s page" in page
        own = secrets_of(state, player)
        assert not own or any(_shown(s, page) for s in own), (player, own)
        for other in pages:
            if other == player:
                continue
            shown = [s for s in secrets_of(state, other) - secrets_of(state, player)
                     if _shown(s, page)]
            assert shown == [], (player, other, shown)
