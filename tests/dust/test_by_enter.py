"""Dust by Enter alone: every step of the game taken as a Dealer who never presses ctrl+s
would take it (letters to find a line in a drop-down or a pick list, Tab to the next field,
Enter to send from a line of text, a pick list or the Send button), and what a form sent
with a field left blank does: it is refused naming the field, never read as a choice the
Dealer did not make.

Found by taking each step so, in tmux at 80x24: the vote form sent with "Votes for" left
blank withdrew the voter's vote (or said he had none to withdraw); the kill form sent with
no target took the night's kill back; the gift form sent with no item said "Di does not hold
the "; the night form dropped a target or a note that no power chosen takes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.widgets import Button

from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseKill,
    EndDay,
    GiveItem,
    RemoveLocation,
    UseBookSetUp,
)
from gmscreen.games.dust.night_rules import resolving_question
from gmscreen.games.dust.panes.cycle import choice_from, packed
from gmscreen.games.dust.state import DustState
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Form, Values
from tests.dust.app import (
    CHARACTERS,
    CONSOLE,
    POSTS,
    app_of,
    new_campaign,
    question,
    refusal_in_sight,
    refusals,
    sample_campaign,
)
from tests.dust.game import night_of
from tests.pilot import Notices, burst, opened, synchronous, to_tab, until

#: the night form's labels, for `Values`
LABELS = {"player": "Player", "action": "Whole night", "target": "Target",
          "target2": "Second target", "extra": "Also", "note": "Note"}


def letters(text: str) -> list[str]:
    """The keys that type `text` (a space is the space key)."""
    return ["space" if c == " " else c for c in text]


async def typed(pilot: Any, text: str) -> None:
    await pilot.press(*letters(text))
    await pilot.pause()


async def pick(pilot: Any, text: str) -> None:
    """In a drop-down: letters of a line open the list on it, Enter takes it."""
    await typed(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def keys(pilot: Any, *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


async def sent(pilot: Any) -> None:
    """Wait until the form is gone (sent), whatever question may follow it."""
    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))


async def say_yes(pilot: Any) -> None:
    """A question is up: Tab to its Yes and Enter, as a Dealer without y would."""
    await until(pilot, lambda: _asking(pilot.app))
    await keys(pilot, "tab", "enter")
    await until(pilot, lambda: pilot.app.screen is pilot.app.screen_stack[0])
    await pilot.pause()


def _asking(app: Any) -> bool:
    try:
        return bool(question(app))
    except AssertionError:
        return False


def use(source: str, power: str) -> str:
    return packed("use", source, power)


# -- a field left blank is refused, naming it ------------------------------------------------


@synchronous
async def test_a_vote_sent_with_nobody_voted_for_is_refused_and_keeps_the_vote(tmp_path):
    campaign = sample_campaign(tmp_path)
    assert dict(campaign.state.votes)["Marshal Bass"] == "Whisperer"
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        before = campaign.state
        # the voter by his letters (the cursor goes on to "Votes for", round 33), left
        # blank, sent by ctrl+s
        await opened(pilot, "v")
        await pick(pilot, "Marsh")
        await keys(pilot, "ctrl+s")
        form = await refusal_in_sight(pilot, "Votes")
        assert "choose whom he votes for" in form.refusal
        assert app.focused is form.widget_of("target")
        assert campaign.state == before, "a blank choice withdrew his vote"
        # one who has not voted: the same refusal, not "no vote to withdraw"
        await keys(pilot, "escape")
        await opened(pilot, "v")
        await pick(pilot, "Sawb")
        await keys(pilot, "ctrl+s")
        assert "choose whom he votes for" in (await refusal_in_sight(pilot, "Votes")).refusal
        # the withdrawal chosen by name still withdraws
        await keys(pilot, "escape")
        await opened(pilot, "v")
        await pick(pilot, "Marsh")
        await pick(pilot, "(with")
        await keys(pilot, "enter")
        await sent(pilot)
        assert "Marshal Bass" not in dict(campaign.state.votes)
        assert refusals(notices) == []


@synchronous
async def test_the_kill_sent_with_no_target_is_refused_and_keeps_the_kill(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Judge Holden", "Whisperer", "Sawbones"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "k")
        # the target taken back to blank (a Dealer who meant to change it), sent by ctrl+s
        form.set_value("target", "")
        await pilot.pause()
        await keys(pilot, "ctrl+s")
        form = await refusal_in_sight(pilot, "Night kill")
        assert "choose the target" in form.refusal and "(no kill tonight)" in form.refusal
        kill = campaign.state.kill
        assert kill is not None and kill.target == "Sawbones"
        # "(no kill tonight)", chosen by name where the refusal put the cursor, takes it back
        await pick(pilot, "(no k")
        await keys(pilot, "enter")
        await sent(pilot)
        assert campaign.state.kill is None


@synchronous
async def test_a_gift_with_no_item_chosen_says_so_and_a_lone_item_is_chosen_for_him(
        tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(GiveItem("Calamity", "Alcohol", "Wyatt_E"))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "g")
        # [Doc] Holliday holds one item he may give: it is chosen with him
        await pick(pilot, "Doc")
        # the form's watch fills it in once the change reaches it
        await until(pilot, lambda: form.values().text("item") == "Crowbar")
        # and the cursor goes on to the receiver, the one choice left (round 33)
        await until(pilot, lambda: app.focused is form.widget_of("receiver"))
        await keys(pilot, "shift+tab", "shift+tab")
        # Wyatt_E holds two: none is chosen, and the form sent so says which field
        await pick(pilot, "Wyatt")
        await until(pilot, lambda: form.values().text("item") == "")
        await keys(pilot, "tab", "tab")
        await pick(pilot, "Saw")
        await keys(pilot, "enter")
        form = await refusal_in_sight(pilot, "Gifts")
        assert form.refusal == "Gifts: choose the item first: none is chosen"
        # the item by its letters, where the refusal put the cursor: given
        assert app.focused is form.widget_of("item")
        await pick(pilot, "Alco")
        await keys(pilot, "enter")
        await sent(pilot)
        sawbones = campaign.state.player("Sawbones")
        assert sawbones is not None and sawbones.holds("Alcohol"), refusals(notices)


@synchronous
async def test_space_ticks_a_power_under_also_for_a_player_chosen_in_the_night_form(
        tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        # opened on the second row's player; Calamity chosen in it, by her letters
        await keys(pilot, "down")
        form = await opened(pilot, "a")
        assert form.values().text("player") == "[Doc] Holliday"
        await pick(pilot, "Calam")
        # the player picked, the cursor is on her whole night (round 33): three Tabs to Also
        await keys(pilot, "tab", "tab", "tab", "space", "tab", "enter")
        await sent(pilot)
        calamity = campaign.state.choice("Calamity")
        assert calamity is not None, refusals(notices)
        assert [u.power for u in calamity.uses] == ["Comfortably Numb"]


def test_a_target_or_a_note_no_power_chosen_takes_is_refused_naming_it():
    state = night_of({"Ann": ("Notebook",)})

    def refused(**values: Any) -> RuleError:
        with pytest.raises(RuleError) as caught:
            choice_from(state, Values({"player": "Ann", **values}, LABELS))
        return caught.value

    # a target, and no power that takes one: it was dropped, and he "stayed in"
    aimless = refused(action="", target="Eve")
    assert (aimless.rule, aimless.field) == ("Targets", "target")
    assert "no power chosen takes one" in aimless.message
    # a note, and the Notebook not ticked: it was dropped
    unsent = refused(action=use("Cop", "Interrogate"), target="Eve", note="Eve lies")
    assert (unsent.rule, unsent.field) == ("Notes", "note")
    # a second target and no first: it was taken as the first
    second = refused(action=use("Cop", "Interrogate"), target2="Eve")
    assert (second.rule, second.field) == ("Targets", "target")
    # what the powers take is sent as before
    choice = choice_from(state, Values({
        "player": "Ann", "action": use("Cop", "Interrogate"), "target": "Eve",
        "extra": (use("Notebook", "Notes"),), "note": "Eve lies"}, LABELS))
    assert [(u.power, u.targets, u.text) for u in choice.uses] == [
        ("Interrogate", ("Eve",), ""), ("Notes", (), "Eve lies")]
    stays = choice_from(state, Values({"player": "Ann", "action": "stay"}, LABELS))
    assert stays.uses == () and stays.scavenge == ""


def test_the_question_after_typed_lots_names_them_in_order():
    state = night_of()
    drawn = tuple(p.name for p in state.living)
    typed = ("Tom", *(n for n in drawn if n != "Tom"))
    asked = resolving_question(state, typed)
    assert asked.startswith("Resolve Night 1 with these lots, first to last: Tom, Ann, Bob")
    assert "t resolves" not in asked
    # r, the app's own draw: as before
    assert "t resolves with the lots your table drew" in resolving_question(state)


# -- every step by Enter ----------------------------------------------------------------------


def cast(campaign: Any) -> None:
    """The book's set-up, and seven players with the items the drill uses."""
    campaign.execute(UseBookSetUp())
    for name, role, items in (
            ("Ann", "Cop", ()), ("Bob", "Doctor", ("Notebook",)),
            ("Cat", "Vanilla Town", ("Gasoline",)), ("Dan", "Vanilla Town", ("Knife",)),
            ("Ino", "Innocent", ("Notebook",)), ("Eve", "Despair", ()),
            ("Gus", "Guilt", ())):
        campaign.execute(AddPlayer(name, role, items))


@pytest.mark.slow
@synchronous
async def test_every_step_of_a_game_by_enter_alone(tmp_path):
    campaign = new_campaign(tmp_path)
    app, notices = app_of(campaign)

    def state() -> DustState:
        found: DustState = campaign.state
        return found

    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        # the book's set-up: a pick list, Enter
        await opened(pilot, "b")
        await keys(pilot, "enter")
        await sent(pilot)
        assert state().role("Cop") is not None
        # a player: his name, Tab, the role by its letters, Enter; back to the name, Enter
        await opened(pilot, "p")
        await typed(pilot, "Zed")
        await keys(pilot, "tab")
        await pick(pilot, "Vete")
        await keys(pilot, "shift+tab", "enter")
        await sent(pilot)
        zed = state().player("Zed")
        assert zed is not None and zed.role == "Veteran"
        # a second one by the Send button, with a starting item
        await opened(pilot, "p")
        await typed(pilot, "Yul")
        await keys(pilot, "tab")
        await pick(pilot, "Tracker")
        await keys(pilot, "tab")
        await pick(pilot, "Chalk")
        await pilot.click("#form-send")
        await sent(pilot)
        yul = state().player("Yul")
        assert yul is not None and yul.role == "Tracker" and yul.holds("Chalk")
        # a replacement before Day 1: the name, Enter
        await keys(pilot, "end")  # Yul, the last row
        await opened(pilot, "R")
        await typed(pilot, "Xan")
        await keys(pilot, "enter")
        await sent(pilot)
        assert state().player("Xan") is not None and state().player("Yul") is None
        # a location of the table's own: each field, Enter from the last
        await opened(pilot, "l")
        await typed(pilot, "The Mill")
        await keys(pilot, "tab")
        await typed(pilot, "2")
        await keys(pilot, "tab", "tab")
        await typed(pilot, "Knife")
        await keys(pilot, "enter")
        await sent(pilot)
        mill = state().location("The Mill")
        assert mill is not None and mill.opens == 2 and mill.entries == ("Knife",)
        # a power edited before Day 1: the power (Enter), then Uses and Enter
        await keys(pilot, "home")  # Zed, the Veteran
        which = await opened(pilot, "e")
        await keys(pilot, "enter")
        await _next_form(pilot, which)
        await keys(pilot, *["tab"] * 9)  # to Uses
        await typed(pilot, "3")
        await keys(pilot, "enter")
        await sent(pilot)
        veteran = state().role("Veteran")
        assert veteran is not None and veteran.powers[0].uses == 3
        cast(campaign)  # the rest of the table, as in any other test
        await pilot.pause()
        # Day 1: its question, Tab to Yes, Enter
        await keys(pilot, "s")
        await say_yes(pilot)
        assert state().phase == "day"

        await to_tab(pilot, CONSOLE)
        # a vote: the voter, whom he votes for (the cursor goes on to it), Enter again
        await opened(pilot, "v")
        await pick(pilot, "Ann")
        await pick(pilot, "Eve")
        await keys(pilot, "enter")
        await sent(pilot)
        assert dict(state().votes) == {"Ann": "Eve"}
        # a gift: the giver's one item is chosen with him
        await opened(pilot, "g")
        await pick(pilot, "Dan")
        # and the cursor goes on to the receiver (round 33)
        await pick(pilot, "Ino")
        await keys(pilot, "enter")
        await sent(pilot)
        ino = state().player("Ino")
        assert ino is not None and ino.holds("Knife")
        # the day powers: letters, Enter, the question, Yes
        await opened(pilot, "p")
        await typed(pilot, "Cat")
        await keys(pilot, "enter")
        await say_yes(pilot)
        assert state().lit
        await opened(pilot, "p")
        await typed(pilot, "Ino")
        await keys(pilot, "enter")
        await say_yes(pilot)
        vouched = state().player("Ino")
        assert vouched is not None and vouched.vouched
        # the deadline: its question, Yes
        await keys(pilot, "e")
        await say_yes(pilot)
        assert state().phase == "night"

        # Ann, chosen by her letters: Interrogate on Eve, Enter again
        await opened(pilot, "a")
        await pick(pilot, "Ann")
        # the cursor goes on to her night, and from a power aimed at someone to its target
        await pick(pilot, "Interr")
        await pick(pilot, "Eve")
        await keys(pilot, "enter")
        await sent(pilot)
        ann = state().choice("Ann")
        assert ann is not None and [(u.power, u.targets) for u in ann.uses] == [
            ("Interrogate", ("Eve",))]
        # Bob: Tend on Cat, the Notebook ticked (space) and its note; Enter sends
        await opened(pilot, "a")
        await pick(pilot, "Bob")
        await pick(pilot, "Tend")
        await pick(pilot, "Cat")
        await keys(pilot, "tab", "tab", "space", "tab")
        await typed(pilot, "Trust Ann")
        await keys(pilot, "enter")
        await sent(pilot)
        bob = state().choice("Bob")
        assert bob is not None and sorted((u.power, u.targets, u.text) for u in bob.uses) == [
            ("Notes", (), "Trust Ann"), ("Tend", ("Cat",), "")]
        # Cat scavenges: the place by its letters
        await opened(pilot, "a")
        await pick(pilot, "Cat")
        await pick(pilot, "Cafe")
        await keys(pilot, "enter")
        await sent(pilot)
        cat = state().choice("Cat")
        assert cat is not None and cat.scavenge == "The Cafe"
        # Ino goes out too (the lit church keeps the Scum from those inside)
        await opened(pilot, "a")
        await pick(pilot, "Ino")
        await pick(pilot, "School")
        await keys(pilot, "enter")
        await sent(pilot)
        # the Scum's kill: the killer, the target (the cursor goes on to it), Enter again
        await opened(pilot, "k")
        await pick(pilot, "Eve")
        await pick(pilot, "Ino")
        await keys(pilot, "enter")
        await sent(pilot)
        kill = state().kill
        assert kill is not None and (kill.killer, kill.target) == ("Eve", "Ino")
        # the lots typed (the draw is replaced as it is typed over), Enter, the question
        await opened(pilot, "t")
        await typed(pilot, "Cat")
        await keys(pilot, "enter")
        await until(pilot, lambda: _asking(app))
        assert question(app).startswith("Resolve Night 1 with these lots, first to last: Cat")
        await say_yes(pilot)
        assert state().phase == "day" and state().number == 2
        resolved = [e for e in campaign.events if e.kind == "dust.night_resolved"][-1]
        assert resolved.data["lots"][0] == "Cat"

        await to_tab(pilot, POSTS)
        # Ino died with his Notebook unwritten: his note, Tab to it, Enter
        assert [name for name, _ in state().late_notes] == ["Ino"]
        await opened(pilot, "w")
        await keys(pilot, "tab")
        await typed(pilot, "It was Eve")
        await keys(pilot, "enter")
        await sent(pilot)
        assert "It was Eve" in "\n".join(state().posts[-1].lines)
        # one player's message: letters, Enter, copied
        await opened(pilot, "y")
        await typed(pilot, "Bob")
        await keys(pilot, "enter")
        await sent(pilot)
        await until(pilot, lambda: any("message to Bob" in n.message for n in notices))

        await to_tab(pilot, CHARACTERS)
        # a power corrected in play: the power, Enter; the text, Enter; the question, Yes
        await keys(pilot, "home")
        which = await opened(pilot, "e")
        await keys(pilot, "enter")
        await _next_form(pilot, which)
        await keys(pilot, *["tab"] * 13, "end")  # to the Text, its end
        await typed(pilot, " Twice.")
        await keys(pilot, "enter")
        await say_yes(pilot)
        veteran = state().role("Veteran")
        assert veteran is not None and veteran.powers[0].text.endswith(" Twice.")
        # a mod-kill: the reason, Enter, the question, Yes
        await keys(pilot, "down")  # Xan
        await opened(pilot, "K")
        await typed(pilot, "Left the forum")
        await keys(pilot, "enter")
        await say_yes(pilot)
        xan = state().player("Xan")
        assert xan is not None and not xan.alive
        assert _warnings(notices) == []


async def _next_form(pilot: Any, first: Form) -> Form:
    """The form that opens once `first` is sent."""
    await until(pilot, lambda: isinstance(pilot.app.screen, Form) and pilot.app.screen
                is not first)
    form = pilot.app.screen
    assert isinstance(form, Form)
    await pilot.pause()
    return form


def _warnings(notices: Notices) -> list[tuple[str, str]]:
    return [(n.title, n.message) for n in notices.of("warning")]


# -- the book's set-up pressed again; the copy form -----------------------------------------


def test_the_books_set_up_again_names_the_tables_changes_it_puts_back():
    from gmscreen.games.dust.commands import AddLocation, DefineRole, RemoveLocation
    from gmscreen.games.dust.powers import LocationDef
    from gmscreen.games.dust.rules import book_set_up_question
    from tests.dust.game import run

    fresh = DustState()
    # the first time, and again with nothing changed, it replaces nothing: nothing is asked
    assert book_set_up_question(fresh, UseBookSetUp()) is None
    book = run(fresh, UseBookSetUp())
    assert book_set_up_question(book, UseBookSetUp()) is None
    # Guilt's reading switched (the form's one choice) is no change of the table's to lose
    town = run(book, UseBookSetUp(godfather_reads_town=True))
    assert book_set_up_question(town, UseBookSetUp()) is None
    cop = book.role("Cop")
    assert cop is not None
    twice = DefineRole(replace(cop, powers=(replace(cop.powers[0], uses=2),),
                               default_powers=False))
    school = LocationDef("The School", 1, 3, ("Chalk", "Notebook", "Crowbar"))
    mill = LocationDef("The Mill", 2, None, ("Knife",))
    changed = run(book, twice, AddLocation(school), AddLocation(mill),
                  RemoveLocation("The Lake"))
    asked = book_set_up_question(changed, UseBookSetUp())
    assert asked == (
        "Put the book's roles, items and locations back? It replaces the table's own Cop "
        "role and The School, and brings The Lake back (The Mill stays). ctrl+z takes it "
        "back.")


@synchronous
async def test_the_book_pressed_again_asks_before_it_replaces_an_edit(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    campaign.execute(RemoveLocation("The Lake"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await opened(pilot, "b")
        await keys(pilot, "enter")
        await until(pilot, lambda: _asking(app))
        assert "brings The Lake back" in question(app)
        await keys(pilot, "enter")  # the question's No, where the keyboard starts
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        assert campaign.state.location("The Lake") is None
        await opened(pilot, "b")
        await keys(pilot, "enter")
        await say_yes(pilot)
        assert campaign.state.location("The Lake") is not None


@synchronous
async def test_the_form_that_copies_a_message_says_copy_not_send(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        form = await opened(pilot, "y")
        label = str(form.query_one("#form-send", Button).label)
        assert label.startswith("Copy (") and "s)" in label and "Send" not in label


# -- the Dealer's hands: the set-up ------------------------------------------------------------


def test_the_player_form_offers_the_next_seat_of_the_books_table():
    # the book's table (lines 44-48 and the roles after): three Vanilla Town holding the
    # Alcohol, the Crowbar and the Crucifix, then one of each role, in the book's order
    from gmscreen.games.dust.powers import BOOK_TABLE
    from gmscreen.games.dust.rules import next_seat
    from tests.dust.game import run
    assert next_seat(DustState()) is None  # no roles yet: nothing to offer
    state = run(DustState(), UseBookSetUp())
    assert next_seat(state) == ("Vanilla Town", ("Alcohol",))
    state = run(state, AddPlayer("Ann", "Vanilla Town", ("Alcohol",)),
                AddPlayer("Bob", "Cop"))
    # a seat taken out of order is a seat taken: the next free one is offered
    assert next_seat(state) == ("Vanilla Town", ("Crowbar",))
    for at, (role, items) in enumerate(BOOK_TABLE):
        if role not in ("Cop",) and not (role == "Vanilla Town" and items == ("Alcohol",)):
            state = run(state, AddPlayer(f"P{at}", role, items))
    assert len(state.players) == 15 and next_seat(state) is None


@synchronous
async def test_a_role_chosen_in_the_player_form_brings_the_item_its_seat_starts_with(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        form = await opened(pilot, "p")
        assert form.values().text("item") == "Alcohol"
        await typed(pilot, "Ann")
        await keys(pilot, "tab")
        await pick(pilot, "Cop")
        # the Cop's seat starts with nothing: the Alcohol offered for Vanilla Town goes
        await until(pilot, lambda: form.values().text("item") == "")
        assert form.values().text("role") == "Cop" and form.values().text("item") == ""
        await keys(pilot, "ctrl+s")
        await sent(pilot)
    assert [(p.role, p.items) for p in campaign.state.players] == [("Cop", ())]


@synchronous
async def test_fifteen_players_are_added_by_their_names_and_enter_alone(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        for at in range(15):
            await opened(pilot, "p")
            await typed(pilot, f"Player{at}")
            await keys(pilot, "enter")
            await sent(pilot)
    from gmscreen.games.dust.powers import BOOK_TABLE
    assert [(p.role, tuple(h.item for h in p.items)) for p in campaign.state.players] == [
        *BOOK_TABLE]


@synchronous
async def test_a_lone_scum_is_offered_as_the_killer_and_the_target_is_typed_first(tmp_path):
    from gmscreen.games.dust.commands import StartGame
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town",
                       "Dan": "Vanilla Town", "Eve": "Despair"}.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    campaign.execute(EndDay())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "k")
        # one Scum alive: he carries it out, and the cursor waits on the target
        assert form.values().text("killer") == "Eve"
        await pick(pilot, "Bob")
        await keys(pilot, "ctrl+s")
        await sent(pilot)
    kill = campaign.state.kill
    assert kill is not None and (kill.killer, kill.target) == ("Eve", "Bob"), refusals(notices)


@synchronous
async def test_the_voters_letters_typed_straight_after_enter_on_a_wagon_go_into_the_vote(
        tmp_path):
    """Enter on Calamity's wagon, "tumb" and Enter in one burst: the board's word of the
    Enter came behind the letters, which went to the board, and the vote opened blank."""
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        board = app.query_one("#dust-board")
        board.focus()
        await keys(pilot, "down")
        burst(app, ["enter", *"tumb", "enter"])
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values().text("voter") == "Tumbleweed")
        form = app.screen
        assert isinstance(form, Form) and form.values().text("target") == "Calamity"


@synchronous
async def test_enter_on_a_wagon_opens_the_vote_on_it_and_the_voter_is_chosen(tmp_path):
    """A vote took v, the voter's letters, Tab, the target's letters, Tab and Enter: most
    votes join a wagon the board shows. Enter on it opens the form on it; the voter is the
    Dealer's to choose (each vote is another player's post), and v still opens blank."""
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        board = app.query_one("#dust-board")
        board.focus()
        await keys(pilot, "down")  # Whisperer's wagon first, then Calamity's
        form = await opened(pilot, "enter")
        assert form.values().text("target") == "Calamity" and not form.values().text("voter")
        assert app.focused is form.widget_of("voter")
        await pick(pilot, "Tumb")
        await keys(pilot, "ctrl+s")
        await sent(pilot)
        assert dict(campaign.state.votes)["Tumbleweed"] == "Calamity"
        blank = await opened(pilot, "v")
        assert not blank.values().text("target")
        assert refusals(notices) == []
