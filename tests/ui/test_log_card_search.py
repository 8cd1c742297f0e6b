"""The Encounter Log's search finds a card by its name (round 64): the lines write cards
with their suit's sign ("J♥"), which no Dealer types, so "jack" or "hearts" found nothing."""

from __future__ import annotations

from pathlib import Path

from gmscreen.core.cards import card_names
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.log_lines import LogFilter, search_text, search_words


def test_cards_shown_are_named() -> None:
    assert card_names("Ma draws K♥ and 7♠, then 10♦; A♣ (12)") == (
        "king of hearts seven of spades ten of diamonds ace of clubs")
    assert card_names("Q♠") == "queen of spades"
    assert card_names("no card here, 10 yards (5)") == ""
    # a sign not after a rank is no card
    assert card_names("hearts ♥ alone") == ""


def test_a_search_for_a_cards_name_finds_the_line_that_shows_it(tmp_path: Path) -> None:
    # the one-off's first round: "initiative Ma Hendry 5♥ 6♠ (11), Sheriff Cole J♥ 6♥ (17)"
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for, writable=False)
    try:
        def found(words: str) -> list[int]:
            kept = LogFilter(search=search_words(words))
            return [e.seq for e in campaign.events
                    if kept.keeps(e, campaign.subjects(e), search_text(campaign, e))]

        initiative = next(e.seq for e in campaign.events
                          if "J♥" in campaign.describe(e))
        assert initiative in found("jack")
        assert initiative in found("Jack of Hearts")
        assert initiative in found("hearts six")
        assert initiative not in found("king")
        # the sign itself still finds it
        assert initiative in found("J♥")
    finally:
        campaign.close()
