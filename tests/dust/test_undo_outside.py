"""Round 15: a mistaken resolution undone and taken again right, checked from outside (the
checks themselves ran in tmux and through `gmscreen replay --json`, `log`, `recap`, `show`);
these are the tests of what they found wrong.

A night undone keeps the lots it was resolved with, so the shares the players may already
have been told stay (`night_rules.kept_lots`). The slot of a player replaced since keeps its
place in them under its new name, and a player removed since leaves them, the others keeping
their order: the lots were lost, and the night drew afresh, as soon as a name changed.

A post copied to the thread, or messages copied to send, then taken back by an undo (the
night undone after its Day post was pasted) left no word anywhere: the thread and the
players had read what the journal no longer holds. The Posts tab and the question before
the night is resolved again say what was read, until it is copied again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from gmscreen.games.dust.commands import (
    CopyMessages,
    CopyPost,
    EndDay,
    ModKill,
    ReplacePlayer,
    ResolveNight,
    Vote,
)
from gmscreen.games.dust.night_rules import (
    draw_lots,
    kept_lots,
    read_then_taken_back,
    resolving_question,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.confirm import Confirm
from tests.dust.app import CONSOLE, POSTS, app_of, question, sample_campaign
from tests.pilot import synchronous, to_tab, until


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


def _night_read_then_undone(tmp_path: Path) -> Campaign[Any]:
    """Night 1 resolved, its Day 2 post copied to the thread and every message to send,
    then the night taken back: the thread and the players have read what is now undone."""
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ResolveNight(draw_lots(campaign)))
    state = campaign.state
    campaign.execute(CopyPost(len(state.posts) - 1))
    campaign.execute(CopyMessages(state.to_send(state.shown_whens), state.shown_whens))
    resolved = next(e for e in reversed(campaign.events) if e.kind == "dust.night_resolved")
    campaign.undo_to(campaign.standing_before(resolved.step))
    return campaign


def test_what_was_read_then_undone_is_said_until_it_is_copied_again(tmp_path: Path) -> None:
    campaign = _night_read_then_undone(tmp_path)
    said = read_then_taken_back(campaign)
    assert said is not None
    assert "\u201cDay 2\u201d" in said
    assert "the messages to 15 players" in said
    assert "the moderator's mistake" in said
    # the question before the night is resolved again says it too
    assert said in resolving_question(campaign.state, kept=kept_lots(campaign),
                                      read=said)
    # resolved again and the new Day 2 post copied: only the messages are left to say
    campaign.execute(ResolveNight(draw_lots(campaign)))
    state = campaign.state
    campaign.execute(CopyPost(len(state.posts) - 1))
    said = read_then_taken_back(campaign)
    assert said is not None and "Day 2" not in said and "15 players" in said
    campaign.execute(CopyMessages(state.to_send(state.shown_whens), state.shown_whens))
    assert read_then_taken_back(campaign) is None


def test_nothing_is_said_of_an_undo_of_what_was_never_copied(tmp_path: Path) -> None:
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ResolveNight(draw_lots(campaign)))
    campaign.undo()
    assert read_then_taken_back(campaign) is None


@synchronous
async def test_the_posts_tab_says_what_the_thread_read_before_the_night_was_undone(
        tmp_path: Path) -> None:
    campaign = _night_read_then_undone(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        line = str(app.screen.query_one("#dust-night-read", Static).render())
        assert line.startswith("Copied, then taken back by an undo: the post \u201cDay 2\u201d")
        await to_tab(pilot, CONSOLE)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        assert "Copied, then taken back by an undo" in question(app)
        await pilot.press("n")


def test_a_lynch_post_copied_then_undone_is_said_to_the_moderator_in_plain_words(
        tmp_path: Path) -> None:
    campaign = sample_campaign(tmp_path)
    for voter in ("[Doc] Holliday", "Parson Brown", "Sawbones", "Lamplighter",
                  "Bounty Belle", "Little Orphan", "Old Sarge"):
        campaign.execute(Vote(voter, "Calamity"))
    state = campaign.state
    assert state.phase == "night"
    campaign.execute(CopyPost(len(state.posts) - 1))
    campaign.undo()
    campaign.undo()
    assert campaign.state.phase == "day"
    assert read_then_taken_back(campaign) == (
        "Copied, then taken back by an undo: the post \u201cDay 1: the end of the day\u201d. "
        "If the thread read it, say there it was the moderator's mistake as you post again.")
