"""Round 33, the fewest keys: the steps a moderator takes night after night, pressed as he
would press them at 80x24, each in as few keys as the rules leave him (docs/rules/dust.md,
"The fewest keys (round 33)"). A name is typed as a few of its letters, one press."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from gmscreen.games.dust.state import DustState
from gmscreen.ui.form import Form
from tests.dust.app import CONSOLE, POSTS, app_of, day_one, night_one, sample_campaign
from tests.pilot import form_up, synchronous, to_tab, until


async def keys(pilot: Pilot[Any], *pressed: str) -> None:
    """Each of `pressed` in turn: a key, or letters typed into a list (one press)."""
    for each in pressed:
        if len(each) > 1 and each.isalpha() and not each.islower():
            await pilot.press(*each)  # letters of a name
        else:
            await pilot.press(each)
        await pilot.pause()


async def sent(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))


@synchronous
async def test_y_opens_on_the_next_message_still_to_send_so_enter_copies_them_in_turn(tmp_path):
    # book line 28: every player is sent his message; fifteen role cards on Day 1
    campaign = sample_campaign(tmp_path)
    names = [p.name for p in campaign.state.players]
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        for name in names[:3]:
            await pilot.press("y")
            await form_up(pilot)
            await keys(pilot, "enter")
            await sent(pilot)
            assert notices.of("information")[-1].message.startswith(
                f"The message to {name} is copied")
        assert campaign.state.to_send(("Day 1",)) == tuple(names[3:])


@synchronous
async def test_a_gift_of_the_givers_one_item_goes_straight_on_to_the_receiver(tmp_path):
    # book line 30: a gift names the giver, his item and the receiver; Cat holds one item
    campaign = day_one(tmp_path, {"Cat": ("Crowbar",), "Dan": ("Gun", "Flashlight")})
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.press("g")
        await form_up(pilot)
        # g, Cat, Enter, Tom, Enter, ctrl+s: six presses (eight with a Tab over the item)
        await keys(pilot, "Cat", "enter", "Tom", "enter", "ctrl+s")
        await sent(pilot)
        assert campaign.state.gifts == (("Cat", "Crowbar", "Tom"),)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: not campaign.state.gifts)
        # a Tab from the giver's open list lands there too
        await pilot.press("g")
        await form_up(pilot)
        await keys(pilot, "Cat", "tab", "Tom", "enter", "ctrl+s")
        await sent(pilot)
        assert campaign.state.gifts == (("Cat", "Crowbar", "Tom"),)
        # a giver with two items to choose from: the cursor stays for the Tab to his item
        await pilot.press("g")
        form = await form_up(pilot)
        await keys(pilot, "Dan", "enter")
        # his two items offered (the form's watch has run): the cursor stayed
        await until(pilot, lambda: len(form.options_of("item")) == 2)
        assert form.focused is form.widget_of("giver")
        assert not form.values().text("item")
        await pilot.press("escape")


def choice(state: DustState, name: str) -> str:
    made = state.choice(name)
    assert made is not None
    return made.scavenge or " ".join(f"{u.power}:{','.join(u.targets)}" for u in made.uses)


@synchronous
async def test_a_night_action_goes_on_from_the_player_to_his_night_and_to_its_target(tmp_path):
    # book lines 24-36: each player's night is one power (aimed at a player) or a search
    campaign = night_one(tmp_path)
    place = campaign.state.locations[0].name
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        # a, Tom, Enter, Tracker, Enter, Eve, Enter, ctrl+s: eight (ten with two Tabs)
        await pilot.press("a")
        await form_up(pilot)
        await keys(pilot, "Tom", "enter", "Tracker", "enter", "Eve", "enter", "ctrl+s")
        await sent(pilot)
        assert choice(campaign.state, "Tom") == "Follow the Trail:Eve"
        # a search: a, Bob, Enter, the place, Enter, ctrl+s: six (seven with a Tab)
        await pilot.press("a")
        await form_up(pilot)
        await keys(pilot, "Bob", "enter", place.split()[-1].capitalize(), "enter", "ctrl+s")
        await sent(pilot)
        assert choice(campaign.state, "Bob") == place
        # a player who sent a power aimed at someone picked again: his choice is filled in
        # and the cursor stops on his night, to be corrected, not on its target
        await pilot.press("a")
        form = await form_up(pilot)
        await keys(pilot, "Tom", "enter")
        await until(pilot, lambda: form.focused is form.widget_of("action"))
        assert form.values().text("action") != ""
        await keys(pilot, "escape")
        await sent(pilot)


@synchronous
async def test_a_vote_and_the_kill_go_on_from_who_to_whom(tmp_path):
    # book line 42: a vote is a voter and whom he votes for; lines 96-98: Guilt names the
    # Scum who carries the kill out and its target
    campaign = day_one(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        # v, Ann, Enter, Eve, Enter, ctrl+s: six (seven with a Tab)
        await pilot.press("v")
        await form_up(pilot)
        await keys(pilot, "Ann", "enter", "Eve", "enter", "ctrl+s")
        await sent(pilot)
        assert dict(campaign.state.votes) == {"Ann": "Eve"}
        # from the wagon (Enter on it), whom is filled in: the cursor stays on the voter
        # and Enter, the voter, Enter, ctrl+s casts it
        await pilot.press("enter")
        form = await form_up(pilot)
        await keys(pilot, "Bob", "enter")
        assert form.focused is form.widget_of("voter")
        await keys(pilot, "ctrl+s")
        await sent(pilot)
        assert dict(campaign.state.votes) == {"Ann": "Eve", "Bob": "Eve"}
        await pilot.press("e")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.phase == "night")
        # k, Pat, Enter, Ann, Enter, ctrl+s: six (seven with a Tab)
        await pilot.press("k")
        await form_up(pilot)
        await keys(pilot, "Pat", "enter", "Ann", "enter", "ctrl+s")
        await sent(pilot)
        kill = campaign.state.kill
        assert kill is not None and (kill.killer, kill.target) == ("Pat", "Ann")
