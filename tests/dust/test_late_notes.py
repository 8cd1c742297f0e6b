"""The Notebook after death: the book lets a player killed in the night write his note until
the day starts; the screen posts the day as it resolves the night, so the moderator enters
that note afterwards, by day, and it joins the day's post and the night's steps."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    AddLateNote,
    ChooseKill,
    ChooseNight,
    CorrectLateNote,
    EndDay,
    ResolveNight,
    Vote,
)
from gmscreen.games.dust.state import DustState, NightChoice
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import POSTS, app_of, pane, refusals, sample_campaign
from tests.dust.game import choose, kill, night_of, resolve, run, use
from tests.pilot import fill, footer_keys, synchronous, to_tab, until

NOTE = "A note was found: \u201cIt was Pat.\u201d"


def cat_killed() -> DustState:
    """Day 2 of a new game: Cat, who held a Notebook and wrote nothing, killed in Night 1."""
    return resolve(kill(night_of({"Cat": ("Notebook",)}), "Cat"))


def notebook_holder_killed(folder: Path) -> tuple[Campaign[Any], str]:
    """The sample on Day 3, and the player killed in Night 2 who held a Notebook and wrote
    nothing: in Night 1 two scavengers share the School (the Chalk and the Notebook)."""
    campaign = sample_campaign(folder)
    campaign.execute(EndDay())
    for name in ("Calamity", "Tumbleweed"):
        campaign.execute(ChooseNight(NightChoice(name, scavenge="The School")))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    campaign.execute(EndDay())
    writer = next(p.name for p in campaign.state.players if p.holds("Notebook"))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", writer))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    return campaign, writer


def test_a_killed_notebook_holder_who_wrote_nothing_may_add_his_note_to_the_day():
    state = cat_killed()
    assert state.late_notes == (("Cat", "Notebook"),)
    before = state.posts[-1]
    assert before.title == "Day 2" and NOTE not in before.lines
    events = RULES.decide(state, AddLateNote("Cat", "  It was Pat. "))
    assert [e.kind for e in events] == ["dust.late_note_found"]
    state = run(state, AddLateNote("Cat", "It was Pat."))
    post = state.posts[-1]
    # the note comes after the deaths and before the lines about the coming night
    assert post.lines.index(NOTE) == post.lines.index("Cat was found dead. Cat was VANILLA "
                                                      "TOWN, TOWN-aligned.") + 1
    assert post.lines[-2].startswith("Open for scavenging tonight:")
    assert len(post.lines) == len(before.lines) + 1
    assert state.steps[-1].night == 1 and state.steps[-1].stage == "notes"
    assert "Cat leaves a note with the Notebook" in state.steps[-1].text
    assert state.late_notes == ()
    line = RULES.describe(Event(1, datetime(2026, 1, 1), 1, events[0].kind, events[0].data, 1))
    assert line == ("Day 2: Cat's note from Night 1 (Notebook) joins the post: "
                    "\u201cIt was Pat.\u201d")
    # one note: the second is refused
    with pytest.raises(RuleError, match="Notes"):
        run(state, AddLateNote("Cat", "And Gus."))


def test_no_late_note_for_who_wrote_tonight_has_no_notebook_or_is_alive():
    wrote = choose(night_of({"Cat": ("Notebook",)}), "Cat",
                   use("Notebook", "Notes", text="It was Pat."))
    assert resolve(kill(wrote, "Cat")).late_notes == ()
    no_book = resolve(kill(night_of({"Dan": ("Notebook",)}), "Cat"))
    assert no_book.late_notes == ()
    for name in ("Cat", "Dan"):
        with pytest.raises(RuleError, match="Notes") as refused:
            run(no_book, AddLateNote(name, "It was Pat."))
        assert "killed last night who held a Notebook" in str(refused.value)


def test_a_blank_late_note_is_refused_and_the_chance_ends_with_the_day():
    state = cat_killed()
    with pytest.raises(RuleError, match="Notes") as refused:
        RULES.decide(state, AddLateNote("Cat", "   "))
    assert refused.value.field == "text"
    night = run(state, EndDay())
    assert night.late_notes == ()
    with pytest.raises(RuleError, match="Notes"):
        RULES.decide(night, AddLateNote("Cat", "It was Pat."))


@synchronous
async def test_the_posts_tab_adds_a_dead_players_note_by_key_and_undo_takes_it_back(tmp_path):
    campaign, writer = notebook_holder_killed(tmp_path)
    assert campaign.state.late_notes == ((writer, "Notebook"),)
    before = campaign.state
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        await until(pilot, lambda: "w" in footer_keys(app))
        posts = pane(app, POSTS)
        title = str(posts.query_one("#dust-night-title", Static).render())
        assert f"w adds the note of {writer}" in title
        await fill(pilot, "w", player=writer, text="[b]Judge Holden[/b] lies.")
        # w stays: it now puts the note right
        await until(pilot, lambda: campaign.state.late_notes == ())
        assert refusals(notices) == []
        post = str(posts.query_one("#dust-night-post", Static).render())
        # the post as text: the writer's brackets kept out of the BBCode
        assert "[noparse]A note was found: \u201c[b]Judge Holden[/b] lies.\u201d[/noparse]" \
            in post
        log = [campaign.describe(e) for e in campaign.events[-1:]]
        assert "joins the post" in log[0]
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state == before)
        await until(pilot, lambda: "w" in footer_keys(app))


def test_a_dead_players_note_entered_wrongly_is_put_right_the_same_day_and_the_thread_told():
    state = cat_killed()
    state = run(state, AddLateNote("Cat", "It was Gus."), Vote("Ann", "Pat"))
    events = RULES.decide(state, CorrectLateNote("Cat", " It was Pat. "))
    assert [e.kind for e in events] == ["dust.late_note_corrected", "dust.posted"]
    state = run(state, CorrectLateNote("Cat", "It was Pat."))
    day = next(p for p in state.posts if p.title == "Day 2")
    assert NOTE in day.lines and "A note was found: \u201cIt was Gus.\u201d" not in day.lines
    # the thread read the wrong words: it is told, never by whom the note was written
    assert state.posts[-1].title == "Day 2: the moderator"
    assert state.posts[-1].lines == ("The moderator's mistake: the note posted today as "
                                     "\u201cIt was Gus.\u201d reads \u201cIt was Pat.\u201d",)
    assert dict(state.votes) == {"Ann": "Pat"}  # the steps since stand
    line = RULES.describe(Event(1, datetime(2026, 1, 1), 1, events[0].kind, events[0].data, 1))
    assert line == ("Day 2: the moderator puts Cat's note right: \u201cIt was Pat.\u201d, "
                    "not \u201cIt was Gus.\u201d")


def test_only_a_note_entered_today_is_put_right_and_only_with_new_words():
    state = run(cat_killed(), AddLateNote("Cat", "It was Gus."))
    for command, field in ((CorrectLateNote("Dan", "x"), "player"),
                           (CorrectLateNote("Cat", "  "), "text"),
                           (CorrectLateNote("Cat", "It was Gus."), "text")):
        with pytest.raises(RuleError, match="Notes") as refused:
            RULES.decide(state, command)
        assert refused.value.field == field
    with pytest.raises(RuleError, match="Notes"):
        RULES.decide(run(state, EndDay()), CorrectLateNote("Cat", "It was Pat."))


@synchronous
async def test_w_puts_a_dead_players_note_right_once_it_is_entered(tmp_path):
    campaign, writer = notebook_holder_killed(tmp_path)
    campaign.execute(AddLateNote(writer, "It was Gus."))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        title = str(posts.query_one("#dust-night-title", Static).render())
        assert f"w puts right the note of {writer}" in title
        await fill(pilot, "w", text="It was the Widow.")
        await until(pilot, lambda: campaign.state.posts[-1].title == "Day 3: the moderator")
        assert refusals(notices) == []
        post = str(posts.query_one("#dust-night-post", Static).render())
        assert "It was the Widow." in post and "It was Gus." not in post
