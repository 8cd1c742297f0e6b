"""`gmscreen` alone: on a first run the samples are copied and the screen says where; a last
campaign that cannot be opened any more is said, and a sample opens in its place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli, paths
from gmscreen.journal.store import JournalStore


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """What the app would have been opened on: (campaign name, welcome)."""
    seen: list[tuple[str, str]] = []

    def run_app(campaign: Any, welcome: str = "") -> int:
        seen.append((campaign.name, welcome))
        campaign.close()
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    return seen


def test_a_first_run_copies_the_samples_and_says_where(opened: list[tuple[str, str]]) -> None:
    assert cli.main([]) == 0
    name, welcome = opened[-1]
    assert name == "The Hanged Man"
    # the key to another campaign, which the app names as the Dealer set it
    assert str(paths.campaigns_dir()) in welcome and "{campaigns} opens another" in welcome
    assert len(list(paths.campaigns_dir().glob("*.toml"))) >= 5
    assert cli.main([]) == 0  # the second run says nothing of it
    assert opened[-1][1] == ""


def test_a_last_campaign_gone_bad_is_said_and_a_sample_opens(
        opened: list[tuple[str, str]], tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("this is not a journal\n", encoding="utf-8")
    paths.save_setting("last_campaign", str(broken))
    assert cli.main([]) == 0
    name, welcome = opened[-1]
    assert name == "The Hanged Man"
    assert welcome.startswith("The last campaign could not be opened:")
    assert "broken.toml" in welcome and "{campaigns} opens another" in welcome


def seed_of(journal: Path) -> int:
    with JournalStore.open(journal, writable=False) as store:
        return store.load().header.seed


def test_each_first_run_gets_samples_with_seeds_of_their_own(
        opened: list[tuple[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every copy of a sample kept the shipped seed, so the app dealt every new user the same
    # cards, and one who had played a sample knew the cards to come
    seeds: list[dict[str, int]] = []
    for home in ("one", "two"):
        monkeypatch.setenv("GMSCREEN_HOME", str(tmp_path / home))
        assert cli.main([]) == 0
        copies = sorted(paths.campaigns_dir().glob("*.toml"))
        seeds.append({copy.name: seed_of(copy) for copy in copies})
        for copy in copies:
            # the events are the sample's, byte for byte; the copy opens and replays
            events = copy.read_bytes().split(b"[[event]]", 1)[1]
            assert events == (paths.samples_dir() / copy.name).read_bytes().split(
                b"[[event]]", 1)[1]
            assert cli.main(["check", str(copy)]) == 0
    shipped = {name: seed_of(paths.samples_dir() / name) for name in seeds[0]}
    assert all(seeds[0][n] != shipped[n] and seeds[1][n] != seeds[0][n] for n in shipped)
