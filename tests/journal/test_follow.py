"""A follower reads a campaign another program appends to, writing nothing, and waits out a
torn tail until the event is whole."""

from __future__ import annotations

from pathlib import Path

from gmscreen.journal.cache import JournalCache
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.follow import Follower
from gmscreen.journal.store import JournalStore, new_header
from tests.high_card import RULES
from tests.high_card.commands import Ante, Seat


def rules_for(game: str) -> object:
    assert game == "high-card"
    return RULES


def test_a_follower_sees_each_append_and_undo_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    store = JournalStore.create(path, new_header("high-card", "Saloon", 3))
    dealer = Campaign.load(RULES, store.load(), store)
    dealer.execute(Seat("Zeke", 10))
    cache = JournalCache(tmp_path / "cache")
    follower = Follower(path, rules_for, cache=cache)  # type: ignore[arg-type]
    before = sorted(p.name for p in tmp_path.iterdir())
    assert follower.poll() is False
    for step in (lambda: dealer.execute(Seat("Ma", 8)), lambda: dealer.execute(Ante("Ma", 2)),
                 dealer.undo, dealer.redo):
        step()
        assert follower.poll() is True
        assert follower.campaign.state == dealer.state
        assert len(follower.campaign.events) == len(dealer.events)
    assert follower.campaign.read_only
    follower.close()
    dealer.close()
    # nothing of the follower's own beside the journal (the Dealer's lock goes with the
    # Dealer), and no cache written
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        name for name in before if not name.endswith(".lock")]
    assert not (tmp_path / "cache").exists()


def test_a_torn_tail_is_waited_out(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    store = JournalStore.create(path, new_header("high-card", "Saloon", 3))
    dealer = Campaign.load(RULES, store.load(), store)
    dealer.execute(Seat("Zeke", 10))
    follower = Follower(path, rules_for)  # type: ignore[arg-type]
    dealer.execute(Seat("Ma", 8))
    whole = path.read_bytes()
    cut = whole.rindex(b"[[event]]") + 20
    path.write_bytes(whole[:cut])  # the last append, caught half way
    assert follower.poll() is False
    assert [p.name for p in follower.campaign.state.players] == ["Zeke"]
    path.write_bytes(whole)
    assert follower.poll() is True
    assert [p.name for p in follower.campaign.state.players] == ["Zeke", "Ma"]
