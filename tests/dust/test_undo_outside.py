"""Round 15: a mistaken resolution undone and taken again right, checked from outside (the
checks themselves ran in tmux and through `gmscreen replay --json`, `log`, `recap`, `show`);
these are the tests of what they found wrong.

A night undone keeps the lots it was resolved with, so the shares the players may already
have been told stay (`night_rules.kept_lots`). The slot of a player replaced since keeps its
place in them under its new name, and a player removed since leaves them, the others keeping
their order: the lots were lost, and the night drew afresh, as soon as a name changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games.dust.commands import EndDay, ModKill, ReplacePlayer, ResolveNight
from gmscreen.games.dust.night_rules import draw_lots, kept_lots, resolving_question
from gmscreen.journal.campaign import Campaign
from tests.dust.app import sample_campaign


def _night_undone(tmp_path: Path) -> tuple[Campaign[Any], tuple[str, ...]]:
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    typed = tuple(reversed([p.name for p in campaign.state.living]))
    campaign.execute(ResolveNight(typed))
    campaign.undo()
    assert kept_lots(campaign) == typed
    return campaign, typed


def test_a_slot_replaced_after_the_night_was_undone_keeps_its_place_in_its_lots(tmp_path):
    campaign, typed = _night_undone(tmp_path)
    campaign.execute(ReplacePlayer("Tracks*", "Zed[red]"))
    kept = tuple("Zed[red]" if name == "Tracks*" else name for name in typed)
    assert kept_lots(campaign) == kept
    assert draw_lots(campaign) == kept
    assert "with the lots it was resolved with before" in resolving_question(
        campaign.state, kept=kept_lots(campaign))


def test_a_player_removed_after_the_night_was_undone_leaves_its_lots_the_rest_in_order(
        tmp_path):
    campaign, typed = _night_undone(tmp_path)
    campaign.execute(ModKill("Wyatt_E", "gone quiet"))
    kept = tuple(name for name in typed if name != "Wyatt_E")
    assert kept_lots(campaign) == kept
    assert draw_lots(campaign) == kept
