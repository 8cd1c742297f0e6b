"""The Night tab at twilight and after: a preview is marked as one wherever it goes, the
lynch and the flip can be read and copied at 80x24, and the night is taken back as one step
whatever came just before it (book line 40: after the lynch and the flip, the thread talks
on until the night is resolved and the next day posted)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Static

from gmscreen.games.dust.commands import ChooseKill, ChooseNight, EndDay, ResolveNight, Vote
from gmscreen.games.dust.panes import NightPane
from gmscreen.games.dust.state import NightChoice, PowerUse
from tests.dust.test_panes import Moderator, confirm, goto, offered_now, sample_campaign, send


def lynched_at_twilight(folder: Any) -> Any:
    """The sample, Whisperer lynched (Day 1), the Scum's kill chosen: twilight."""
    campaign = sample_campaign(folder)
    state = campaign.state
    voters = [p.name for p in state.living if p.name not in state.tally().get("Whisperer", [])]
    for voter in voters[: state.majority - len(state.tally()["Whisperer"])]:
        campaign.execute(Vote(voter, "Whisperer"))
    assert campaign.state.phase == "night"
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Sawbones"))
    return campaign


def test_at_twilight_every_copy_is_a_marked_preview(tmp_path):
    asyncio.run(_at_twilight_every_copy_is_a_marked_preview(tmp_path))


async def _at_twilight_every_copy_is_a_marked_preview(tmp_path):
    campaign = lynched_at_twilight(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Night")
        pane = app.pane("Night")
        assert isinstance(pane, NightPane)
        for fmt in ("BBCode", "Markdown", "plain"):
            await pilot.press("c")
            await pilot.pause()
            copied = app.clipboard
            assert "PREVIEW" in copied.splitlines()[0] and "not to be posted" in copied, copied
            assert app.told[-1][0] == "Preview copied" and "PREVIEW" in app.told[-1][1]
            assert "not the post" in app.told[-1][1]
            await pilot.press("m")
            await pilot.pause()
            # every message, each marked (Markdown escapes the punctuation)
            marked = app.clipboard.replace("\\", "").count("PREVIEW, not to be sent")
            assert marked == len(pane.messages) == len(campaign.state.living), app.clipboard
            assert app.told[-1][0] == "Preview copied"
            await pilot.press("y")
            await pilot.pause()
            await send(pilot, "y", player="Sawbones")
            one = app.clipboard.replace("\\", "")
            assert "PREVIEW, not to be sent: Night 1 is not resolved yet." in one
            assert "You were killed in the night." in one
            assert app.told[-1][0] == "Preview copied" and "Sawbones" in app.told[-1][1]
            assert pane.format == fmt
            await pilot.press("f")
        # resolved, the post is the post again, with the plain notice
        await goto(pilot, "Conflict")
        await confirm(pilot, "r")
        await goto(pilot, "Night")
        await pilot.press("c")
        await pilot.pause()
        assert "PREVIEW" not in app.clipboard and app.clipboard.startswith("[b]Day 2[/b]")
        assert app.told[-1] == ("", "The post is copied (BBCode).")


def test_the_lynch_and_the_flip_are_read_and_copied_at_80x24(tmp_path):
    asyncio.run(_the_lynch_and_the_flip_are_read_and_copied_at_80x24(tmp_path))


async def _the_lynch_and_the_flip_are_read_and_copied_at_80x24(tmp_path):
    app = Moderator(lynched_at_twilight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Night")
        pane = app.pane("Night")
        shown = pane.query_one("#dust-night-last", Static)
        assert shown.display
        # in sight, whole, without scrolling
        assert shown.region.y >= 0 and shown.region.bottom < 23, shown.region  # the footer
        text = str(shown.render())
        assert "The hammer falls: Whisperer is lynched by" in text
        assert "Whisperer was Dust's manifestation of PARANOIA, SCUM-aligned." in text
        assert "Copy last post" in offered_now(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.clipboard.startswith("[b]Day 1: the end of the day[/b]")
        assert "Whisperer was Dust's manifestation of PARANOIA" in app.clipboard
        assert app.told[-1][1] == ("The thread's newest post, Day 1: the end of the day, is "
                                   "copied (BBCode).")
        # by day the newest post is the day's own, which c copies: l says so
        await goto(pilot, "Conflict")
        await confirm(pilot, "r")
        await goto(pilot, "Night")
        assert not pane.query_one("#dust-night-last", Static).display
        assert "Copy last post" not in offered_now(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.told[-1] == ("Copy last post", "The thread's newest post is the one shown "
                                                  "as the post: c copies it.")


@pytest.mark.parametrize("before", ["undo", "redo", "undone"])
def test_undo_night_takes_the_night_back_whatever_came_just_before(tmp_path, before):
    asyncio.run(_undo_night_whatever_came_just_before(tmp_path, before))


async def _undo_night_whatever_came_just_before(tmp_path, before):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Marshal Bass", uses=(
        PowerUse("Cop", "Interrogate", ("Judge Holden",)),))))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Sawbones"))
    campaign.undo()  # the kill taken back: the newest event is an undo
    if before == "redo":
        campaign.redo()  # ... or a redo
    if before == "undone":
        campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Sawbones"))
        campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Calamity"))
        campaign.undo()
    night = campaign.state
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    assert campaign.state.number == 2
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Night")
        await confirm(pilot, "u")
        assert [title for title, _ in app.told if title == "Undo"] == [], app.told
        assert campaign.state == night
