"""A player added with the wrong name, role or item before Day 1 is put right in his seat,
or taken off the list, without undoing every player added after him (undo walks back from
the newest step: the fourteen seats filled after a mistake in the first went with it)."""

from __future__ import annotations

from datetime import datetime

import pytest

from gmscreen.games.dust import RULES, view
from gmscreen.games.dust.checks import why_not_add_player
from gmscreen.games.dust.commands import (
    AddPlayer,
    CorrectPlayer,
    RemovePlayer,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.state import DustState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.ui.sections import GridTable
from tests.dust.app import CHARACTERS, app_of, new_campaign, pane
from tests.dust.game import apply, new_game, run
from tests.pilot import fill, footer_keys, synchronous, to_tab, until


def seated() -> DustState:
    return run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"),
               AddPlayer("Bob", "Doctor"), AddPlayer("Cat", "Vanilla Town", ("Crowbar",)))


def seats(state: DustState) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(p.name, p.role, tuple(h.item for h in p.items)) for p in state.players]


def test_a_seat_is_corrected_in_place_before_day_1():
    state = run(seated(), CorrectPlayer("Bob", "Bobby", "Tracker", ("Knife",)))
    assert seats(state) == [("Ann", "Cop", ()), ("Bobby", "Tracker", ("Knife",)),
                            ("Cat", "Vanilla Town", ("Crowbar",))]
    # his own name kept, the role alone put right
    state = run(state, CorrectPlayer("Cat", "Cat", "Veteran", ()))
    assert seats(state)[2] == ("Cat", "Veteran", ())


def test_a_seat_taken_by_mistake_is_taken_off_the_list_before_day_1():
    state = run(seated(), RemovePlayer("Bob"))
    assert [p.name for p in state.players] == ["Ann", "Cat"]
    # the name is free again, for the player who was meant
    state = run(state, AddPlayer("Bob", "Tracker"))
    assert seats(state)[-1] == ("Bob", "Tracker", ())


@pytest.mark.parametrize(("command", "rule", "field"), [
    (CorrectPlayer("Bob", "Ann", "Doctor", ()), "Names", "name"),
    (CorrectPlayer("Bob", "Bob", "Sheriff", ()), "Roles", "role"),
    (CorrectPlayer("Bob", "Bob", "Doctor", ("Bazooka",)), "Items", "items"),
    (CorrectPlayer("Zed", "Zed", "Doctor", ()), "Players", "player"),
    (RemovePlayer("Zed"), "Players", "player"),
])
def test_a_bad_correction_is_refused_naming_the_field_and_changes_nothing(command, rule,
                                                                         field):
    with pytest.raises(RuleError) as refused:
        RULES.decide(seated(), command)
    assert (refused.value.rule, refused.value.field) == (rule, field)


@pytest.mark.parametrize("command", [CorrectPlayer("Bob", "Bob", "Tracker", ()),
                                     RemovePlayer("Bob")])
def test_once_day_1_is_posted_a_seat_is_not_corrected_but_replaced_or_mod_killed(command):
    with pytest.raises(RuleError, match="before Day 1") as refused:
        RULES.decide(new_game(), command)
    assert refused.value.rule == "Setup"


def test_the_log_tells_the_correction_and_the_removal():
    state = seated()
    corrected = RULES.decide(state, CorrectPlayer("Bob", "Bobby", "Tracker", ("Knife",)))
    removed = RULES.decide(apply(state, corrected), RemovePlayer("Cat"))
    told = [RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))
            for new in (*corrected, *removed)]
    assert told == [
        "Bob's seat is put right before Day 1: Bobby plays the Tracker with the Knife.",
        "Cat is taken off the list before Day 1."]


@synchronous
async def test_the_dealer_puts_a_wrong_role_right_by_key_and_takes_a_seat_off(tmp_path):
    campaign = new_campaign(tmp_path)
    for command in (UseBookSetUp(), AddPlayer("Ann", "Cop"), AddPlayer("Bob", "Doctor"),
                    AddPlayer("Cat", "Vanilla Town"), AddPlayer("Gus", "Guilt")):
        campaign.execute(command)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        players = pane(app, CHARACTERS).query_one("#dust-players")
        players.move_cursor(row=1)  # Bob
        await pilot.pause()
        await fill(pilot, "c", role="Tracker")
        await until(pilot, lambda: seats(campaign.state)[1] == ("Bob", "Tracker", ()))
        players.move_cursor(row=2)  # Cat
        await pilot.pause()
        await fill(pilot, "c", remove=True)
        await until(pilot, lambda: [p.name for p in campaign.state.players] == [
            "Ann", "Bob", "Gus"])
        assert notices.of("warning") == []
        # Day 1 posted, the key says which rule stops it
        campaign.execute(StartGame())
        await pilot.pause()
        await pilot.press("c")
        await until(pilot, lambda: bool(notices.of("warning")))
        assert "before Day 1" in notices.of("warning")[-1].message


@synchronous
async def test_p_before_the_books_set_up_says_to_put_it_in_first(tmp_path):
    app, notices = app_of(new_campaign(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        assert "p" not in footer_keys(app)
        await pilot.press("p")
        await until(pilot, lambda: bool(notices.of("warning")))
        warned = notices.of("warning")[-1]
        assert warned.title == "Roles" and "book's set-up" in warned.message
        assert app.screen is app.screen_stack[0]  # no form with nothing to choose


def test_the_recap_tells_the_seat_put_right_and_the_one_taken_off_and_no_role(tmp_path):
    from gmscreen.games.dust import view as dust_view
    from gmscreen.journal.document import render
    from gmscreen.journal.recap import build

    campaign = new_campaign(tmp_path)
    campaign.start_session()
    for command in (UseBookSetUp(), AddPlayer("Ann", "Cop"), AddPlayer("Bob", "Doctor"),
                    AddPlayer("Eve", "Despair"), AddPlayer("Gus", "Guilt"),
                    CorrectPlayer("Bob", "Bobby", "Tracker"), RemovePlayer("Eve"),
                    CorrectPlayer("Ann", "Ann", "Veteran"), StartGame()):
        campaign.execute(command)
    told = render(build(campaign, 1, dust_view), "txt")
    assert "Bobby takes Bob's seat before the game begins" in told
    assert "Eve leaves before the game begins" in told
    # a role put right is the moderator's alone
    for hidden in ("Tracker", "Veteran", "Doctor", "Despair"):
        assert hidden not in told
    dealers = render(build(campaign, 1, dust_view, dealer=True), "txt")
    assert "Bob's seat is put right before Day 1: Bobby plays the Tracker." in dealers
    campaign.close()


def test_a_player_is_added_only_once_there_are_roles_and_with_a_role_chosen():
    """A new moderator who presses p before the book's set-up (b) met a form with no role
    to choose, and "there is no role named ''" when he sent it: p is refused until there
    are roles, naming the set-up, and a form sent with no role chosen says so."""
    with pytest.raises(RuleError, match="no role is defined yet") as refused:
        RULES.decide(DustState(), AddPlayer("Ann", ""))
    assert refused.value.rule == "Roles" and "book's set-up" in str(refused.value)
    assert why_not_add_player(DustState()) is not None
    assert why_not_add_player(run(DustState(), UseBookSetUp())) is None
    with pytest.raises(RuleError, match="choose the role first") as refused:
        RULES.decide(run(DustState(), UseBookSetUp()), AddPlayer("Ann", ""))
    assert refused.value.field == "role"


def test_a_player_sent_with_no_name_is_asked_for_one():
    """The add-player form sent with its name blank said "a player needs a name without
    spaces at either end": it says the name is missing."""
    for blank in ("", "   "):
        with pytest.raises(RuleError, match="type his forum name first") as refused:
            RULES.decide(run(DustState(), UseBookSetUp()), AddPlayer(blank, "Cop"))
        assert refused.value.field == "name"
    with pytest.raises(RuleError, match="without spaces at either end"):
        RULES.decide(run(DustState(), UseBookSetUp()), AddPlayer(" Ann", "Cop"))


@synchronous
async def test_o_lists_the_roles_with_their_powers_and_who_is_seated_in_each(tmp_path):
    """After the book's set-up the guide says "o shows them", the roles among them: the
    book names the roles and prints no powers, so the moderator reads ours (to edit before
    Day 1) on the roles list, each with the players seated in it, a role nobody holds yet
    blank; `e` there edits the highlighted role's power."""
    campaign = new_campaign(tmp_path)
    for command in (UseBookSetUp(), AddPlayer("Ann", "Cop"), AddPlayer("Van", "Vanilla Town"),
                    AddPlayer("Vic", "Vanilla Town")):
        campaign.execute(command)
    rows = {row[0]: row for row in view.roles_grid(campaign.state).rows}
    assert len(rows) == 13 and rows["Cop"][1:] == ("TOWN", "Interrogate (night)", "Ann")
    assert rows["Vanilla Town"][3] == "Van, Vic" and rows["Doctor"][3] == ""
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        # each o waited for before the next (pressed again before the last one was taken,
        # the lists went round past the roles)
        while not characters.query_one("#dust-roles", GridTable).display:
            shown = characters.view
            await pilot.press("o")
            await until(pilot, lambda: characters.view != shown)  # noqa: B023
        roles = characters.query_one("#dust-roles", GridTable)
        roles.move_cursor(row=[r.name for r in campaign.state.roles].index("Doctor"))

        def sheet() -> str:
            return str(characters.query_one("#dust-detail-text").render())

        # drawn once the table has told the row highlighted, in a later turn
        await until(pilot, lambda: "\nDoctor (TOWN)" in sheet())
        assert "Tend (night, exclusive)" in sheet()
        await fill(pilot, "e", power="Tend")
        await fill(pilot, uses="2")
        await until(pilot, lambda: campaign.state.role("Doctor").powers[0].uses == 2)
        assert notices.of("warning") == []
