"""Round 13, nothing left to paper: what a moderator running Dust kept on a notepad because
the app did not hold it or did not say it (docs/rules/dust.md, "Nothing left to paper").

Whose private message has been sent: the book has its moderator send each player what he
learns (lines 28, 30, 110-113, 116-119), fifteen role cards on Day 1 and a message a player
every night, and the app wrote them on the Posts tab without keeping which were sent."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from gmscreen.games import rules_for
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import (
    AddLateNote,
    CopyMessages,
    CopyPost,
    CorrectLateNote,
    EndDay,
    ResolveNight,
    UseDayPower,
)
from gmscreen.games.dust.night_rules import resolving_question
from gmscreen.games.dust.state import DustState
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Lines, as_text
from gmscreen.ui.app import GmScreenApp
from tests.dust.app import POSTS, app_of, pane, sample_campaign
from tests.dust.game import CAST, kill, lots, new_game, run
from tests.pilot import fill, opened, synchronous, to_tab, until


def to_send_line(app: GmScreenApp) -> str:
    return str(pane(app, POSTS).query_one("#dust-night-to-send", Static).render())


@synchronous
async def test_the_posts_tab_says_whose_message_is_still_to_send_and_y_ticks_it_off(tmp_path):
    campaign = sample_campaign(tmp_path)
    names = [p.name for p in campaign.state.players]
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        # the fifteen role cards of Day 1, none copied yet
        assert to_send_line(app) == ("None of the 15 players' messages is copied to send yet "
                                     "(y copies one and ticks it off, m all of them).")
        await fill(pilot, "y", player="Calamity")
        assert app.clipboard.startswith("[b]Day 1: to Calamity[/b]")
        assert notices.of("information")[-1].message == (
            "The message to Calamity is copied (BBCode) and ticked off as sent; 14 still to "
            "send.")
        await until(pilot, lambda: to_send_line(app).startswith("Not yet copied to send (14)"))
        assert to_send_line(app) == (f"Not yet copied to send (14): {', '.join(names[1:])}. "
                                     "y copies one and ticks it off.")
        assert campaign.state.to_send(("Day 1",)) == tuple(names[1:])
        newest = campaign.events[-1]
        assert campaign.describe(newest) == ("Calamity's messages of Day 1 are copied to send "
                                             "him.")
        # the choice of y marks him, and copied again nothing more is journaled
        events = len(campaign.events)
        form = await opened(pilot, "y")
        offered = form.query_one(OptionList)
        assert [str(offered.get_option_at_index(i).prompt) for i in range(2)] == [
            "Calamity (copied)", "[Doc] Holliday"]
        await fill(pilot, player="Calamity")
        await pilot.pause()
        assert len(campaign.events) == events
        # m copies every one and ticks them all off, as one step
        await pilot.press("m")
        await until(pilot, lambda: to_send_line(app).startswith("Every message"))
        assert to_send_line(app) == ("Every message shown is copied to send (y copies one "
                                     "again).")
        assert campaign.state.to_send(("Day 1",)) == ()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: to_send_line(app).startswith("Not yet copied to send (14)"))
    # kept in the journal: the app closed and opened again knows who had his
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    again = open_campaign(path, rules_for, writable=False)
    try:
        assert again.state.to_send(("Day 1",)) == tuple(names[1:])
    finally:
        again.close()


def test_the_days_messages_not_yet_copied_stay_on_the_tab_through_the_night():
    # a gift made a minute before the hammer, or a role card never copied: the night keeps
    # them to send, and the question before the night is resolved names them
    day = run(new_game(), CopyMessages(("Ann",), ("Day 1",)))
    assert day.to_send(("Day 1",)) == tuple(name for name in CAST if name != "Ann")
    with pytest.raises(RuleError, match="Ann: no message of Day 1 is still to send"):
        run(day, CopyMessages(("Ann",), ("Day 1",)))
    with pytest.raises(RuleError, match="there is no player named 'Nobody'"):
        run(day, CopyMessages(("Nobody",), ("Day 1",)))
    night = run(day, EndDay())
    page = view.night_page(night, lots(night))
    assert [m.player for m in page.sent] == [name for name in CAST if name != "Ann"]
    assert all(m.when == "Day 1" for m in page.sent)
    assert page.to_send == tuple(name for name in CAST if name != "Ann")
    assert "Note: the Scum have chosen no kill and nothing sent by 15 players and the messages " \
        "to 14 players are not yet copied to send (y or m on the Posts tab): they leave it " \
        "with Day 2 and " in resolving_question(night)
    rest = run(night, CopyMessages(tuple(CAST), ("Day 1", "Night 1")))
    assert view.night_page(rest, lots(rest)).sent == ()
    assert "copied to send" not in resolving_question(rest)
    # resolved, the night's own messages are the next to send; a preview never counted
    assert view.night_page(night, lots(night)).to_send == page.to_send
    day_2 = run(rest, ResolveNight(lots(rest)))
    page_2 = view.night_page(day_2, lots(day_2))
    assert page_2.to_send == tuple(dict.fromkeys(m.player for m in page_2.messages))
    assert page_2.to_send


def night_page_part(state: DustState, name: str) -> tuple[str, ...]:
    """What `name`'s own page says he sent tonight, as the moderator has it."""
    page = view.player_sections(view.player_knows(state, name))
    found = [s for s in page if s.title.endswith(": what you sent, as the moderator has it")]
    return found[0].lines if found and isinstance(found[0], Lines) else ()


def test_every_scum_sees_the_kill_as_decided_on_his_page_and_no_one_else_does():
    # the kill is the Scum's together (line 98: Guilt decides it, and which of them carries
    # it out); Eve, who neither chose nor carries it out, read nothing of it on her page, and
    # the moderator passed the decision on to her by hand
    night = run(new_game(), EndDay())
    assert night_page_part(night, "Eve") == (
        "The Scum's kill is not chosen yet.",
        "Nothing yet: send me your night action before the night is resolved, or you stay "
        "in the church.")
    chosen = kill(night, "Bob", killer="Pat", by="Gus")
    assert night_page_part(chosen, "Eve") == (
        "The Scum's kill, as Gus chose it: Bob, carried out by Pat.",
        "Nothing yet: send me your night action before the night is resolved, or you stay "
        "in the church.")
    assert night_page_part(chosen, "Gus") == (
        "The Scum's kill as you chose it: Bob, carried out by Pat.",)
    assert night_page_part(chosen, "Pat") == (
        "You carry out the Scum's kill on Bob, as Gus chose: it is your whole night.",)
    # no Town player's page, and not the table's, says a word of it
    for name in CAST:
        if not chosen.is_scum(name):
            assert "Scum's kill" not in " ".join(night_page_part(chosen, name)), name
    assert "Scum's kill" not in as_text(view.table_sections(view.table_knows(chosen)))


def test_a_post_not_yet_copied_is_said_and_l_copies_the_oldest_first():
    # the generator's news (line 117: everyone learns it at once) and a vouch, one after
    # the other: the Posts tab offered only the newest, and the first was lost from it
    from gmscreen.games.dust.panes.resolution import last_heading, to_post_line

    day = new_game({"Dan": ("Gasoline",)})
    page = view.night_page(day, lots(day))
    assert [p.title for p in page.unposted] == ["Day 1"] and page.day_unposted
    assert page.last is None
    assert to_post_line(page) == "Not yet copied to the thread: Day 1 (c copies it)."
    day = run(day, CopyPost(0), UseDayPower("Dan", "Gasoline", "Generator"),
              UseDayPower("Ino", "Innocent", "Vouch"))
    page = view.night_page(day, lots(day))
    assert [p.title for p in page.unposted] == ["Day 1: the generator",
                                                 "Day 1: a word from the moderator"]
    assert to_post_line(page) == (
        "Not yet copied to the thread: Day 1: the generator; Day 1: a word from the moderator "
        "(l copies them one by one).")
    assert page.last is not None and page.last.title == "Day 1: the generator"
    assert last_heading(page, len(day.posts)) == (
        "Still to post: Day 1: the generator (l copies it; 1 more after it)")
    with pytest.raises(RuleError, match="Day 1 is copied to the thread already"):
        run(day, CopyPost(0))
    with pytest.raises(RuleError, match="the thread has no post 10: it has 3"):
        run(day, CopyPost(9))
    day = run(day, CopyPost(1))
    page = view.night_page(day, lots(day))
    assert page.last is not None and page.last.title == "Day 1: a word from the moderator"
    assert last_heading(page, len(day.posts)) == (
        "The thread's newest post, Day 1: a word from the moderator (l copies it)")
    # at twilight the lynch and the flip come first, a day's opening post never copied after
    twilight = run(new_game(), EndDay())
    page = view.night_page(twilight, lots(twilight))
    assert [p.title for p in page.unposted] == ["Day 1", "Day 1: the end of the day"]
    assert page.last is not None and page.last.title == "Day 1: the end of the day"
    lynch_copied = run(twilight, CopyPost(1))
    page = view.night_page(lynch_copied, lots(twilight))
    assert page.last is not None and page.last.title == "Day 1"
    assert last_heading(page, len(lynch_copied.posts)) == "Still to post: Day 1 (l copies it)"
    # the hammer's post still to make is named before the night is resolved
    night = run(day, EndDay())
    assert resolving_question(night).endswith(
        "the posts \u201cDay 1: a word from the moderator\u201d, \u201cDay 1: the end of the "
        "day\u201d are not yet copied to the thread (l on the Posts tab).")
    assert "copied to the thread" not in resolving_question(
        run(night, CopyPost(2), CopyPost(3)))


def test_a_days_post_copied_before_a_dead_players_note_joined_it_is_to_copy_again():
    # line 125: the note of a player killed in the night is found at the start of the day;
    # entered after the post was pasted, the post as pasted lacked it
    night = run(new_game({"Bob": ("Notebook",)}), EndDay())
    day = run(kill(night, "Bob"), ResolveNight(lots(night)))
    opened = len(day.posts) - 1
    assert day.posts[opened].title == "Day 2"
    day = run(day, CopyPost(opened))
    assert day.unposted == ()
    day = run(day, AddLateNote("Bob", "It was Gus."))
    assert day.unposted == (opened,)
    # put right, the post reads otherwise, and the thread is told so in a post of its own
    day = run(day, CopyPost(opened), CorrectLateNote("Bob", "It was Eve."))
    assert day.unposted == (opened, opened + 1)


@synchronous
async def test_the_posts_tab_says_which_posts_are_still_to_make_and_c_and_l_tick_them_off(
        tmp_path):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)

        def to_post() -> str:
            line = posts.query_one("#dust-night-to-post", Static)
            return str(line.render()) if line.display else ""

        assert to_post() == "Not yet copied to the thread: Day 1 (c copies it)."
        await pilot.press("c")
        await until(pilot, lambda: to_post() == "")
        assert campaign.describe(campaign.events[-1]) == "The post Day 1 is copied to the thread."
        campaign.execute(UseDayPower("Calamity", "Alcohol", "Generator"))
        posts.redraw()  # the step taken outside the app
        await until(pilot, lambda: to_post() != "")
        assert to_post() == "Not yet copied to the thread: Day 1: the generator (l copies it)."
        await pilot.press("l")
        await until(pilot, lambda: to_post() == "")
        assert campaign.state.unposted == ()


def test_the_question_that_ends_a_session_names_what_is_still_to_send_or_post():
    # a moderator who closed the laptop with a result unsent learnt of it from the player
    from gmscreen.games.dust import RULES

    day = new_game()
    assert RULES.before_session_ends(day) == (
        "Still on the Posts tab: the messages to 15 players not yet copied to send (Copy a "
        "message, Copy messages) and the post \u201cDay 1\u201d not yet copied to the thread "
        "(Copy post, Copy last post).")
    day = run(day, CopyMessages(tuple(CAST)[2:], ("Day 1",)))
    assert RULES.before_session_ends(day) == (
        "Still on the Posts tab: the messages to Ann, Bob not yet copied to send (Copy a "
        "message, Copy messages) and the post \u201cDay 1\u201d not yet copied to the thread "
        "(Copy post, Copy last post).")
    day = run(day, CopyMessages(("Ann", "Bob"), ("Day 1",)), CopyPost(0))
    assert RULES.before_session_ends(day) is None


@synchronous
async def test_beside_a_name_of_thirty_letters_a_dead_players_status_keeps_its_night(tmp_path):
    # stop 43: at 80 columns the Characters list read "killed Ni…" beside
    # "Bartholomew Montgomery-Wellsby", a neighbour holding a First Aid Kit; the items give
    # the room now (whole on the sheet under the list, as the cause is)
    from gmscreen.games.dust.commands import AddPlayer, ChooseKill, StartGame, UseBookSetUp
    from tests.dust.app import CHARACTERS, new_campaign
    from tests.pilot import screen_text

    long = "Bartholomew Montgomery-Wellsby"
    assert len(long) == 30
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        held = ("First Aid Kit", "Notebook") if name == "Ann" else ()
        campaign.execute(AddPlayer(long if name == "Bob" else name, role, held))
    campaign.execute(StartGame())
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Gus", "Pat", long))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        rows = screen_text(app).splitlines()
        dead = next(line for line in rows if long in line)
        assert dead.rstrip().endswith("killed Night 1…"), dead
        ann = next(line for line in rows if line.lstrip().startswith("Ann "))
        assert "Firs…" in ann and ann.rstrip().endswith("alive"), ann


def test_a_copy_ticked_off_is_in_the_log_and_in_no_recap(tmp_path):
    # the moderator's bookkeeping: the log lists it, the recaps (stories) leave it out, the
    # moderator's own as the table's
    from gmscreen.games import view_of
    from gmscreen.journal import recap
    from gmscreen.journal.document import render

    campaign = sample_campaign(tmp_path)
    if not campaign.in_session:
        campaign.start_session()
    copied = campaign.execute(CopyPost(0))
    assert "is copied to the thread" in campaign.describe(copied[-1])
    for dealer in (True, False):
        told = render(recap.build(campaign, campaign.session, view_of(campaign.rules),
                                  dealer=dealer), "txt")
        assert "copied to the thread" not in told
    campaign.close()
