"""The roles dealt at random before Day 1 (d on the Characters tab).

The player form offers the book's table seat by seat, so a moderator who types the names as
the players sign up seats them in the book's order: the first three Vanilla Town, the last
three the Scum. The players' screen lists the players in the order they joined, so anyone
who knows the book's order read every role off it. `d` deals the seats (a role and the
items it starts with) among the players at random, each keeping his place in the list; the
draw comes from the campaign's generator and travels in the command."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.checks import in_book_order, why_not_deal
from gmscreen.games.dust.commands import AddPlayer, DealRoles, StartGame, UseBookSetUp
from gmscreen.games.dust.powers import BOOK_TABLE
from gmscreen.games.dust.rules import next_seat, start_question
from gmscreen.games.dust.state import DustState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, answer, app_of, new_campaign, question
from tests.dust.game import run
from tests.pilot import fill, synchronous, to_tab, until

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
         "Max", "Ned", "Oz")


def book_order() -> DustState:
    """The fifteen, each given the seat the form offers, as a name and Enter fill it."""
    state = run(DustState(), UseBookSetUp())
    for name in NAMES:
        role, items = next_seat(state) or ("", ())
        state = run(state, AddPlayer(name, role, items))
    return state


def seats(state: DustState) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(p.name, p.role, tuple(h.item for h in p.items)) for p in state.players]


def test_seated_as_offered_the_roles_follow_the_books_order_and_day_1_says_so():
    from gmscreen.games.dust import view
    guide = " ".join(line for part in view.set_up_guide(run(DustState(), UseBookSetUp()))
                     for line in part.lines)
    assert "Once all are in, d deals the roles among them at random" in guide
    assert guide.endswith("then s posts Day 1.")
    # a table of fewer than fifteen filled as offered would have no Scum: the guide says so
    assert "A smaller table leaves out the seats you choose" in guide
    assert "Day 1 needs a Scum, and the Scum outnumbered" in guide
    state = book_order()
    assert [role for _, role, _ in seats(state)] == [role for role, _ in BOOK_TABLE]
    assert in_book_order(state)
    asked = start_question(state, in_session=True)
    assert "the book's order" in asked and "d deals them at random" in asked


def test_a_smaller_table_seated_in_the_books_order_is_warned_of_too():
    # nine, as the guide advises: six Town as offered, then three Scum seats chosen; the
    # players' screen lists the Scum last all the same, and Day 1's question said nothing
    state = run(DustState(), UseBookSetUp())
    for name in NAMES[:6]:
        role, items = next_seat(state) or ("", ())
        state = run(state, AddPlayer(name, role, items))
    scum = [(role, items) for role, items in BOOK_TABLE if role in (
        "Despair", "Guilt", "Paranoia")]
    for name, (role, items) in zip(NAMES[6:9], scum, strict=True):
        state = run(state, AddPlayer(name, role, items))
    assert in_book_order(state)
    assert "d deals them at random" in start_question(state, in_session=True)
    # dealt, the same nine are in no telling order
    assert not in_book_order(run(state, DealRoles(tuple(reversed(NAMES[:9])))))


def test_a_deal_gives_each_player_a_seat_whole_and_keeps_the_lists_order():
    state = book_order()
    order = tuple(reversed(NAMES))
    dealt = run(state, DealRoles(order))
    # the list keeps the order they joined in: the players' screen's order tells nothing
    assert [p.name for p in dealt.players] == list(NAMES)
    by_name = {name: (role, items) for name, role, items in seats(dealt)}
    # the first seat (a Vanilla Town with the Alcohol) went to the first name drawn
    assert by_name["Oz"] == ("Vanilla Town", ("Alcohol",))
    assert by_name["Ann"] == ("Paranoia", ())
    assert by_name["Max"] == ("Vanilla Town", ("Crucifix",))
    # every seat dealt once: the same roles and items, among the same players
    assert Counter((r, i) for _, r, i in seats(dealt)) == Counter(
        (r, i) for _, r, i in seats(state))
    assert not in_book_order(dealt)
    assert start_question(dealt, in_session=True) == (
        "Start Day 1 with 15 players? Every player's role message is written, with the Day 1 "
        "post: the Posts tab holds them, to send and post.")
    # and the game starts from it: each role card is the dealt role's
    started = run(dealt, StartGame())
    ann = next(m for m in started.messages if m.player == "Ann")
    assert "PARANOIA" in " ".join(ann.lines)


@pytest.mark.parametrize("order", [NAMES[:-1], (*NAMES[:-1], "Zed"), (*NAMES, "Ann")])
def test_a_deal_that_does_not_name_every_player_once_is_refused(order):
    with pytest.raises(RuleError, match="names every player once") as refused:
        RULES.decide(book_order(), DealRoles(order))
    assert refused.value.field == "players"


def test_no_deal_once_day_1_is_posted_or_before_two_players():
    started = run(book_order(), StartGame())
    with pytest.raises(RuleError, match="before Day 1"):
        RULES.decide(started, DealRoles(NAMES))
    one = run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"))
    refused = why_not_deal(one)
    assert refused is not None and "two players" in str(refused)


def test_the_log_names_the_role_each_was_dealt():
    state = book_order()
    order = (*NAMES[1:], NAMES[0])
    [new] = RULES.decide(state, DealRoles(order))
    told = RULES.describe(Event(1, datetime(2026, 1, 1), 0, new.kind, new.data, 1))
    assert told.startswith("The roles are dealt at random before Day 1")
    assert "Bob the Vanilla Town" in told and "Ann the Paranoia" in told


@synchronous
async def test_d_deals_the_roles_from_the_campaigns_generator_and_is_journaled(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name in NAMES:
        role, items = next_seat(campaign.state) or ("", ())
        campaign.execute(AddPlayer(name, role, items))
    before = seats(campaign.state)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await pilot.press("d")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        assert "at random" in question(app) and "Deal once everyone is in" in question(app)
        await answer(pilot)
        await until(pilot, lambda: campaign.events[-1].kind == "dust.roles_dealt")
        after = seats(campaign.state)
        assert [n for n, _, _ in after] == list(NAMES)
        assert after != before and not in_book_order(campaign.state)
        assert sorted(r for _, r, _ in after) == sorted(r for _, r, _ in before)
        assert notices.of("warning") == []
        # the Day 1 question no longer warns of the book's order
        await pilot.press("s")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        assert "book's order" not in question(app)
        await answer(pilot, yes=False)


def test_f1_says_what_a_deal_is_and_what_the_wanted_clock_tab_holds_in_dust():
    """A moderator who never read the book met a tab named for another game's clock, and a
    key d the help named without saying why the roles should be dealt."""
    from gmscreen.glossary import find, words_of
    words = words_of("gmscreen.games.dust")
    deal = find(words, "Deal roles")
    assert deal is not None and "at random" in deal.means and "book's order" in deal.means
    tab = find(words, "Wanted Clock")
    assert tab is not None and "deadline" in tab.means and "no Wanted Clock" in tab.means


@synchronous
async def test_the_set_up_guide_is_read_whole_at_80x24(tmp_path):
    """The guide grew past the sheet's nine rows, under an empty list: while it shows, the
    sheet takes the room the list does not need, and gives it back once a player joins."""
    from tests.dust.app import pane
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        detail = characters.query_one("#dust-detail")
        await until(pilot, lambda: characters.has_class("-guide"))
        await pilot.pause()
        text = str(characters.query_one("#dust-detail-text").render())
        assert "then s posts Day 1." in text
        # the guide's lines, wrapped at the sheet's width, all within it
        assert detail.virtual_size.height <= detail.size.height
        await fill(pilot, "p", name="Ann")
        await until(pilot, lambda: not characters.has_class("-guide"))
        await until(pilot, lambda: detail.size.height == 9 - 1)
        assert detail.size.height == 9 - 1  # the border's row off its nine
