"""The Posts tab at twilight and after: a preview is marked as one wherever it goes, the
lynch and the flip can be read and copied at 80x24, and the night is taken back as one step
whatever came just before it (book line 40: after the lynch and the flip, the thread talks
on until the night is resolved and the next day posted)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from gmscreen.games.dust.commands import (
    ChooseKill,
    ChooseNight,
    CopyMessages,
    EndDay,
    ResolveNight,
    Vote,
)
from gmscreen.games.dust.panes import PostsPane
from gmscreen.games.dust.state import NightChoice, PowerUse
from tests.dust.app import (
    CONSOLE,
    POSTS,
    app_of,
    confirm,
    pane,
    refusals,
    sample_campaign,
)
from tests.pilot import fill, footer_keys, synchronous, to_tab, until


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


def said(notices: Any) -> tuple[str, str]:
    """The last notice shown: (title, message)."""
    return notices[-1].title, notices[-1].message


@synchronous
async def test_at_twilight_every_copy_is_a_marked_preview(tmp_path):
    campaign = lynched_at_twilight(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        assert isinstance(posts, PostsPane)
        for fmt in ("bbcode", "md", "txt"):
            await pilot.press("c")
            await pilot.pause()
            copied = app.clipboard
            assert "PREVIEW" in copied.splitlines()[0] and "not to be posted" in copied, copied
            assert said(notices)[0] == "Preview copied" and "PREVIEW" in said(notices)[1]
            assert "not the post" in said(notices)[1]
            await pilot.press("m")
            await pilot.pause()
            # every message, each marked (Markdown escapes the punctuation)
            marked = app.clipboard.replace("\\", "").count("PREVIEW, not to be sent")
            assert posts.page is not None
            assert marked == len(posts.page.messages) == len(campaign.state.living)
            assert said(notices)[0] == "Preview copied"
            await fill(pilot, "y", player="Sawbones")
            one = app.clipboard.replace("\\", "")
            assert "PREVIEW, not to be sent: Night 1 is not resolved yet." in one
            assert "You were killed in the night." in one
            assert said(notices)[0] == "Preview copied" and "Sawbones" in said(notices)[1]
            assert posts.format == fmt
            await pilot.press("f")
        # resolved, the post is the post again, with the plain notice
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "r")
        await to_tab(pilot, POSTS)
        await pilot.press("c")
        await until(pilot, lambda: said(notices)[1:] == ("The post is copied (BBCode).",))
        assert "PREVIEW" not in app.clipboard and app.clipboard.startswith("[b]Day 2[/b]")
        assert said(notices) == ("", "The post is copied (BBCode).")


@synchronous
async def test_the_lynch_and_the_flip_are_read_and_copied_at_80x24(tmp_path):
    app, notices = app_of(lynched_at_twilight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        shown = posts.query_one("#dust-night-last", Static)
        assert shown.display
        # in sight, whole, without scrolling
        assert shown.region.y >= 0 and shown.region.bottom < 23, shown.region  # the footer
        text = str(shown.render())
        assert "The hammer falls: Whisperer is lynched by" in text
        assert "Whisperer was Dust's manifestation of PARANOIA, SCUM-aligned." in text
        assert "l" in footer_keys(app)
        await pilot.press("l")
        await until(pilot, lambda: app.clipboard.startswith("[b]Day 1: the end of the day[/b]"))
        assert "Whisperer was Dust's manifestation of PARANOIA" in app.clipboard
        assert said(notices)[1] == ("The thread's newest post, Day 1: the end of the day, is "
                                    "copied (BBCode).")
        # by day the newest post is the day's own, which c copies: l says so
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "r")
        await to_tab(pilot, POSTS)
        assert not posts.query_one("#dust-night-last", Static).display
        assert "l" not in footer_keys(app)
        await pilot.press("l")
        await until(pilot, lambda: refusals(notices)[-1:] and refusals(notices)[-1][0] == (
            "Copy last post"))
        assert refusals(notices)[-1] == ("Copy last post", "The thread's newest post is the "
                                                           "one shown as the post: c copies it.")


@pytest.mark.parametrize("before", ["undo", "redo", "undone"])
@synchronous
async def test_undo_night_takes_the_night_back_whatever_came_just_before(tmp_path, before):
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
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        await confirm(pilot, "u")  # the undo's preview asks first
        await until(pilot, lambda: campaign.state == night)
        assert refusals(notices) == []


@synchronous
async def test_a_power_corrected_at_twilight_is_copied_as_sent_apart_from_the_preview(tmp_path):
    # the player sends his night action by the power: he is told now, not with the night
    from dataclasses import replace

    from gmscreen.games.dust.commands import DefineRole
    from gmscreen.games.dust.panes.resolution import SENT

    campaign = lynched_at_twilight(tmp_path)
    # the role cards were sent on Day 1 (round 13: else they wait beside it, to send)
    campaign.execute(CopyMessages(tuple(p.name for p in campaign.state.players), ("Day 1",)))
    cop = campaign.state.role("Cop")
    assert cop is not None
    campaign.execute(DefineRole(replace(cop, powers=tuple(replace(p, uses=2)
                                                          for p in cop.powers))))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        shown = str(posts.query_one("#dust-night-messages", Static).render())
        assert shown.startswith("[b]Night 1: to Marshal Bass[/b]\nThe moderator corrects "
                                "your role's power:")
        await fill(pilot, "y", player=f"{SENT}Marshal Bass")
        assert app.clipboard == (
            "[b]Night 1: to Marshal Bass[/b]\nThe moderator corrects your role's power:\n"
            "Interrogate (night, exclusive, target in the church, 2 uses): Learn the "
            "alignment of a target who stays in the church.")
        assert said(notices) == ("", "The message to Marshal Bass, to send now, is copied "
                                     "(BBCode) and ticked off as sent; none left to send.")
        # his preview is still a preview, copied apart and marked
        await fill(pilot, "y", player="Marshal Bass")
        assert "corrects" not in app.clipboard and "PREVIEW" in app.clipboard
        assert said(notices)[0] == "Preview copied"


@synchronous
async def test_a_long_step_of_the_night_wraps_under_its_own_column_at_80x24(tmp_path):
    # found looking at the tab at 80 columns: a step too long for one line went on at the
    # screen's left edge, under the stage names, and the column of stages was broken
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        steps = pane(app, POSTS).query_one("#dust-night-steps", Static)
        night = pane(app, POSTS).query_one("#dust-night")

        def church_row() -> int | None:
            shown = [line.rstrip() for line in _lines(app, steps)]
            return next((i for i, line in enumerate(shown)
                         if line.lstrip().startswith("church")), None)

        def in_sight() -> bool:
            # by day the steps come after the post and the vote count: scrolled to, once
            # laid out (a scroll asked before the tab's layout went short of them)
            if church_row() is None:
                night.scroll_to_widget(steps, animate=False, top=True)
                return False
            return True

        await until(pilot, in_sight)
        await pilot.pause()
        shown = [line.rstrip() for line in _lines(app, steps)]
        church = church_row()
        assert church is not None
        text_column = shown[church].index("Outside tonight")
        assert shown[church + 1].strip(), "the church step fits one line: no wrap to see"
        assert shown[church + 1][:text_column].strip() == "", shown[church:church + 3]
        assert shown[church + 1][text_column] != " ", shown[church:church + 3]


def _lines(app: Any, widget: Static) -> list[str]:
    """The lines `widget` shows on the screen now."""
    from tests.pilot import screen_text
    region = widget.region
    return [line[region.x:region.right]
            for line in screen_text(app).split("\n")[region.y:region.bottom]]


@synchronous
async def test_before_the_first_night_the_tab_says_what_will_come_in_words_not_a_dash(
        tmp_path):
    """Day 1 showed a bare "-" under "No night resolved yet"; before Day 1, the post and the
    messages were a "-" each too."""
    from tests.dust.app import new_campaign
    app, _ = app_of(sample_campaign(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        title = str(posts.query_one("#dust-night-title", Static).render())
        assert "Night 1's steps show here" in title and "r on the Day and night tab" in title
        assert not posts.query_one("#dust-night-steps", Static).display
    app, _ = app_of(new_campaign(tmp_path, "Before"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        assert "written when Day 1 starts" in str(
            posts.query_one("#dust-night-post", Static).render())
        assert "No private messages" in str(
            posts.query_one("#dust-night-messages", Static).render())
