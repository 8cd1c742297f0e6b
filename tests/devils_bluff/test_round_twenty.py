"""Round 20: the players' screen on phones, read in a browser while the game is played
(`gmscreen serve`). What a page says comes from the game's view; these tests read its lines."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import EndGame
from gmscreen.games.devils_bluff.sample import COLE
from gmscreen.journal.sections import as_text
from tests.devils_bluff.helpers import campaign, one_off, player_sections


def test_the_page_of_a_player_no_longer_in_the_game_says_so_not_no_cards_between_games(
        ) -> None:
    """A player whose gang's founding was taken back (ctrl+z) leaves the game: the server
    gives their link no page any more, but a page already open on a phone goes on following
    the journal. It read "Ann: no cards between games" under "Your hand", as though Ann
    still played; it says she has no gang in the game, and shows only what the whole table
    sees (no one's hand)."""
    table = one_off()
    page = as_text(player_sections(view.player_knows(table.state, "Ann")))
    assert "Ann: no cards" not in page, page
    assert ("Ann has no gang in this game: no hand of cards to show; below is what the "
            "whole table sees") in page, page
    assert not [c for p in table.state.players for c in table.state.hand(p) if str(c) in page]
    # a player in the game keeps their hand, mid-game and between games, as before
    mid = as_text(player_sections(view.player_knows(table.state, COLE)))
    assert all(str(c) in mid for c in table.state.hand(COLE)), mid
    table.execute(EndGame())
    between = as_text(player_sections(view.player_knows(table.state, COLE)))
    assert f"{COLE}: no cards between games" in between, between
    # in a campaign between games too
    assert "Ann has no gang in this game" in as_text(
        player_sections(view.player_knows(campaign().state, "Ann")))


def test_the_notes_told_to_the_table_come_after_just_now(tmp_path: Path) -> None:
    """A note told to the table stood under both gangs, the guns and the set-up: some 120
    rows down a phone. It comes right after what just happened."""
    from gmscreen.games import rules_for
    from gmscreen.games.devils_bluff.sample import SAMPLES
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.samples import write_sample
    from gmscreen.ui.players import what_the_table_sees

    dealer = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    dealer.note("The stage to Bluff is late.", public=True)
    titles = [section.title for section in what_the_table_sees(dealer)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert titles[told - 1] == "Just now" and "gang" in titles[told + 1]
    dealer.close()
