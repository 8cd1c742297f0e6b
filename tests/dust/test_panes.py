"""Dust's panes in the app, through the pilot: a scripted game of three days and nights,
played with the keyboard through the forms, that replays from the file to the same state;
the whole night undone as one step; names with brackets shown as text."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Input, Select, Static
from textual.widgets._footer import FooterKey

from gmscreen.games import rules_for
from gmscreen.games.dust.commands import Vote
from gmscreen.games.dust.panes import DustForm, NightPane
from gmscreen.games.dust.sample import SAMPLES
from gmscreen.games.dust.state import NO_LYNCH, DustState
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.pane import GamePane


def sample_campaign(folder: Path) -> Any:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


class Moderator(GmScreenApp):
    """The app, remembering what it told the moderator."""

    def __init__(self, campaign: Any) -> None:
        super().__init__(campaign)
        self.told: list[tuple[str, str]] = []

    def notify(self, message: str, *, title: str = "", **options: Any) -> None:
        self.told.append((title, message))
        super().notify(message, title=title, **options)

    @property
    def refused(self) -> list[str]:
        return [title for title, _ in self.told if title in RULES_NAMED]

    def pane(self, title: str) -> GamePane:
        return self.screen_stack[0].panes[title]  # type: ignore[attr-defined, no-any-return]


#: the rules our commands may be refused under
RULES_NAMED = {"Gifts", "Locations", "Roles", "Votes", "Night actions", "Targets", "Exclusive",
               "Night kill", "Godfather", "Lots", "Resolution", "Generator", "Day powers",
               "Powers"}


async def goto(pilot: Any, tab: str) -> None:
    """Switch tabs with the shell's number keys (the tab's place in the row)."""
    await pilot.pause()
    shell = pilot.app.screen_stack[0]
    await pilot.press(str(shell.titles.index(tab) + 1))
    await pilot.pause()
    assert pilot.app.focused in shell.panes[tab].query("*"), pilot.app.focused


def offered_now(app: Any) -> list[str]:
    """What the footer offers now."""
    return [key.description for key in app.screen.query(FooterKey)]


async def until_offered(pilot: Any, description: str, offered: bool = True) -> None:
    """Wait until the footer offers `description` (or no longer does)."""
    for _ in range(50):
        if (description in offered_now(pilot.app)) == offered:
            return
        await pilot.pause(0.02)
    raise AssertionError(f"the footer should{'' if offered else ' not'} offer {description}: "
                         f"{offered_now(pilot.app)}")


async def confirm(pilot: Any, key: str) -> None:
    """Press a key whose action asks first, and say yes."""
    await pilot.press(key)
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()


async def fill(pilot: Any, key: str, **values: str) -> None:
    """Open a form with its key, fill it the way the moderator would, send it."""
    await pilot.press(key)
    await pilot.pause()
    await send(pilot, key, **values)


async def send(pilot: Any, key: str = "", **values: str) -> None:
    """Fill the form on the screen and send it."""
    form = pilot.app.screen
    assert isinstance(form, DustForm), f"{key} opened no form"
    for field, value in values.items():
        widget = form.query_one(f"#f-{field}")
        if isinstance(widget, Select) and not value:
            continue  # left at "(none)"
        if isinstance(widget, Select | Input):
            widget.value = value
        if isinstance(widget, Select) and form.refresh_options is not None:
            await pilot.pause()  # the other fields' choices follow this one
    await pilot.press("ctrl+s")
    await pilot.pause()


def refusal_shown(app: Any, rule: str) -> DustForm:
    """The form still on screen, showing at its foot the refusal that names `rule`."""
    form = app.screen
    assert isinstance(form, DustForm), "the refused form was closed"
    refusal = form.query_one("#dust-refusal", Static)
    assert refusal.display and str(refusal.render()).startswith(f"{rule}: "), refusal.render()
    return form


async def vote_out(pilot: Any, target: str) -> None:
    """Votes until the hammer, which asks first: yes."""
    state: DustState = pilot.app.campaign.state
    voters = [p.name for p in state.living if p.name not in state.tally().get(target, [])]
    need = state.majority - len(state.tally().get(target, []))
    for voter in voters[:need]:
        await fill(pilot, "v", voter=voter, target=target)
    question = str(pilot.app.screen.query_one("#confirm-question", Static).render())
    assert question.startswith(f"{voters[need - 1]}'s vote is the hammer: {target} is lynched")
    await pilot.press("y")
    await pilot.pause()


def test_the_hammer_asks_before_it_lynches_as_the_deadline_does(tmp_path):
    asyncio.run(_the_hammer_asks_before_it_lynches(tmp_path))


async def _the_hammer_asks_before_it_lynches(tmp_path):
    campaign = sample_campaign(tmp_path)
    state = campaign.state
    # Whisperer has 2 of 8: five more votes leave the hammer to the sixth
    voters = [p.name for p in state.living if p.name not in state.tally()["Whisperer"]][:6]
    for voter in voters[:5]:
        campaign.execute(Vote(voter, "Whisperer"))
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        events = len(campaign.events)
        await fill(pilot, "v", voter=voters[5], target="Whisperer")
        question = str(app.screen.query_one("#confirm-question", Static).render())
        assert question == (f"{voters[5]}'s vote is the hammer: Whisperer is lynched and "
                            "flipped, and Day 1 ends. Go on?")
        await pilot.press("n")
        await pilot.pause()
        assert len(campaign.events) == events and campaign.state.phase == "day"
        # a vote short of the majority asks nothing
        await fill(pilot, "v", voter="Whisperer", target=NO_LYNCH)
        assert app.screen is app.screen_stack[0] and len(campaign.events) == events + 1
        await fill(pilot, "v", voter=voters[5], target="Whisperer")
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state.phase == "night"
        assert not campaign.state.player("Whisperer").alive


def test_one_mistaken_night_action_is_corrected_in_place_and_undone_in_one_step(tmp_path):
    asyncio.run(_one_mistaken_night_action_is_corrected(tmp_path))


async def _one_mistaken_night_action_is_corrected(tmp_path):
    from gmscreen.games.dust.commands import ChooseNight, EndDay
    from gmscreen.games.dust.state import NightChoice, PowerUse
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Marshal Bass", uses=(
        PowerUse("Cop", "Interrogate", ("Judge Holden",)),))))
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", scavenge="The Garage")))
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        board = app.pane("Conflict").query_one("#dust-board", DataTable)
        board.move_cursor(row=[p.name for p in campaign.state.living].index("Marshal Bass"))
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DustForm)
        assert form.values() == {"player": "Marshal Bass", "action": "use\x1fCop\x1fInterrogate",
                                 "target": "Judge Holden", "target2": "", "extra": "",
                                 "note": ""}
        mistaken = campaign.state
        await send(pilot, "a", target="Widow Grey")
        choice = campaign.state.choice("Marshal Bass")
        assert choice is not None and choice.uses[0].targets == ("Widow Grey",)
        assert campaign.state.choice("Tumbleweed") == mistaken.choice("Tumbleweed")
        # on a player who sent nothing, the form opens on him alone
        board.move_cursor(row=0)
        await pilot.press("a")
        await pilot.pause()
        blank = app.screen
        assert isinstance(blank, DustForm)
        assert blank.values()["player"] == "Calamity" and blank.values()["action"] == ""
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert campaign.state == mistaken


def test_typed_lots_name_the_players_first_to_last_and_the_rest_follow_as_drawn():
    from gmscreen.games.dust.panes.cycle import lots_from_text
    from gmscreen.journal.rules import RuleError
    drawn = ("Ann", "Smith, J", "Bob", "[Doc] Holliday")
    assert lots_from_text("bob, smith,J", drawn) == ("Bob", "Smith, J", "Ann",
                                                      "[Doc] Holliday")
    assert lots_from_text("", drawn) == drawn
    assert lots_from_text(", ".join(drawn), drawn) == drawn
    for text, why in (("Bob, Zed", "no living player is named 'Zed'"),
                      ("Bob, Ann, bob", "Bob is named twice")):
        with pytest.raises(RuleError, match="Lots") as refused:
            lots_from_text(text, drawn)
        assert refused.value.message == why and refused.value.field == "lots"


def test_the_lots_the_table_drew_are_typed_and_decide_who_is_served_first(tmp_path):
    asyncio.run(_the_lots_the_table_drew_are_typed(tmp_path))


async def _the_lots_the_table_drew_are_typed(tmp_path):
    from gmscreen.games.dust.commands import ChooseNight, EndDay
    from gmscreen.games.dust.state import NightChoice
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    # three at the Cafe, two finds (line 191: not enough to go round, chosen at random)
    for name in ("Calamity", "Wyatt_E", "Tumbleweed"):
        campaign.execute(ChooseNight(NightChoice(name, scavenge="The Cafe")))
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await pilot.press("t")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DustForm)
        drawn = form.values()["lots"].split(", ")
        assert sorted(drawn) == sorted(p.name for p in campaign.state.living)
        await send(pilot, "t", lots="Nobody")
        refusal_shown(app, "Lots")
        await send(pilot, lots="Tumbleweed, wyatt_e")
        await pilot.press("y")
        await pilot.pause()
        state = campaign.state
        assert state.number == 2, app.told
        assert [h.item for h in state.player("Tumbleweed").items] == ["Knife"]
        assert [h.item for h in state.player("Wyatt_E").items] == ["Crucifix", "First Aid Kit"]
        assert [h.item for h in state.player("Calamity").items] == ["Alcohol"]
        resolved = [e for e in campaign.events if e.kind == "dust.night_resolved"][-1]
        rest = [name for name in drawn if name not in ("Tumbleweed", "Wyatt_E")]
        assert resolved.data["lots"] == ["Tumbleweed", "Wyatt_E", *rest]


def test_a_majority_for_no_lynch_asks_too():
    from gmscreen.games.dust.panes.cycle import day_ending_question
    from tests.dust.game import new_game, run
    state = new_game()
    voters = [p.name for p in state.living][: state.majority]
    state = run(state, *(Vote(v, NO_LYNCH) for v in voters[:-1]))
    assert day_ending_question(state, Vote(voters[-1], NO_LYNCH)) == (
        f"{voters[-1]}'s vote makes a majority for no lynch: Day 1 ends. Go on?")
    assert day_ending_question(state, Vote(voters[-1], "Eve")) is None


@pytest.mark.slow
def test_three_days_and_nights_through_the_pilot_replay_to_the_same_state(tmp_path):
    asyncio.run(_three_days_and_nights_through_the_pilot_replay_to_the_same_state(tmp_path))


async def _three_days_and_nights_through_the_pilot_replay_to_the_same_state(tmp_path):
    campaign = sample_campaign(tmp_path)
    path = campaign.path
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        # Day 1: a gift, then the lynch of Paranoia
        await fill(pilot, "g", giver="Wyatt_E", item="Crucifix", receiver="Sawbones")
        await vote_out(pilot, "Whisperer")
        state = campaign.state
        assert state.phase == "night" and not state.player("Whisperer").alive
        # Night 1
        await fill(pilot, "a", player="Marshal Bass", action="use\x1fCop\x1fInterrogate",
                   target="Judge Holden")
        await fill(pilot, "a", player="Tumbleweed", action="scavenge\x1fThe Garage")
        await fill(pilot, "a", player="[Doc] Holliday", action="use\x1fCrowbar\x1fHiding")
        await fill(pilot, "a", player="Sawbones", action="use\x1fDoctor\x1fTend",
                   target="Marshal Bass")
        await fill(pilot, "k", killer="Widow Grey", target="Marshal Bass")
        await fill(pilot, "a", player="Parson Brown", action="stay")
        board = app.pane("Conflict").query_one("#dust-board", DataTable)
        rows = {str(board.get_row_at(i)[0]): str(board.get_row_at(i)[1])
                for i in range(board.row_count)}
        assert rows["Widow Grey"] == "carries out the Scum's kill on Marshal Bass"
        assert rows["Tumbleweed"] == "scavenges at The Garage"
        # who has sent his choice, and who the moderator still waits for
        assert rows["Parson Brown"] == "stays in the church"
        assert rows["Wyatt_E"] == "nothing sent: stays in the church"
        status = str(app.pane("Conflict").query_one("#dust-status", Static).render())
        assert "Nothing sent yet (8): Calamity, Wyatt_E, Lamplighter," in status
        # each column as wide as its widest cell, even redrawn under a form
        assert [c.width for c in board.ordered_columns] == [
            max(len(name) for name in rows), max(len(text) for text in rows.values())]
        await confirm(pilot, "r")
        state = campaign.state
        assert app.refused == [], app.told
        assert state.phase == "day" and state.number == 2
        assert all(p.alive for p in state.players if p.name != "Whisperer")
        assert [h.item for h in state.player("Tumbleweed").items] == ["Gasoline", "Flashlight"]
        told = {m.player: m.lines for m in state.messages if m.when == "Night 1"}
        assert "Judge Holden is SCUM." in told["Marshal Bass"]  # the book's Guilt
        # who knows what: the Cop's sheet lists what he was told, the newest first
        await goto(pilot, "Characters")
        players = app.pane("Characters").query_one("#dust-players", DataTable)
        players.move_cursor(row=[p.name for p in state.players].index("Marshal Bass"))
        await pilot.pause()
        sheet = str(app.pane("Characters").query_one("#dust-detail-text", Static).render())
        assert sheet.index("Night 1: Judge Holden is SCUM.") < sheet.index(
            "Day 1: Your role is the COP")
        await goto(pilot, "Conflict")
        # Day 2: the generator, then the deadline
        await fill(pilot, "p", use="Tumbleweed\x1fGasoline\x1fGenerator")
        assert campaign.state.lit
        await confirm(pilot, "e")
        # Night 2: the Scum try the lit church; Calamity finds the Vest
        await fill(pilot, "k", killer="Widow Grey", target="Lamplighter")
        await fill(pilot, "a", player="Calamity", action="scavenge\x1fThe Police Station")
        before_night = campaign.state
        await confirm(pilot, "r")
        assert campaign.state.number == 3 and campaign.state.player("Lamplighter").alive
        # the whole night, taken back as one step, then resolved again
        await goto(pilot, "Night")
        await confirm(pilot, "u")
        assert campaign.state == before_night
        await goto(pilot, "Conflict")
        await confirm(pilot, "r")
        assert campaign.state.player("Calamity").holds("Bulletproof Vest")
        # resolved again, the night keeps its lots: the shares already told stay the same
        twice = [e.data["lots"] for e in campaign.events
                 if e.kind == "dust.night_resolved" and e.data["night"] == 2]
        assert len(twice) == 2 and twice[0] == twice[1]
        # Day 3 ends at the deadline; Night 3: Guilt kills outside the dark church
        await confirm(pilot, "e")
        await fill(pilot, "a", player="Bounty Belle", action="scavenge\x1fThe Asylum")
        await fill(pilot, "k", killer="Judge Holden", target="Parson Brown")
        await confirm(pilot, "r")
        assert app.refused == [], app.told
        final = campaign.state
        assert final.number == 4 and final.phase == "day"
        assert not final.player("Parson Brown").alive
        assert not final.player("Bounty Belle").alive  # the Avatar of Fear on night 3
    reopened = open_campaign(path, rules_for, writable=False)
    try:
        assert reopened.state == final
        assert reopened.problems() == []
    finally:
        reopened.close()


def test_a_refused_choice_is_named_and_changes_nothing(tmp_path):
    asyncio.run(_a_refused_choice_is_named_and_changes_nothing(tmp_path))


async def _a_refused_choice_is_named_and_changes_nothing(tmp_path):
    campaign = sample_campaign(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        events = len(campaign.events)
        await fill(pilot, "g", giver="Calamity", item="Alcohol", receiver="Calamity")
        assert len(campaign.events) == events
        # the form stays open with what was chosen, the rule at its foot, not in a toast
        form = refusal_shown(app, "Gifts")
        assert app.refused == []
        assert form.values() == {"giver": "Calamity", "item": "Alcohol", "receiver": "Calamity"}
        assert form.focused is form.query_one("#f-receiver"), "the field refused"
        # the same form, one field corrected, goes through
        await send(pilot, receiver="Sawbones")
        assert app.screen is app.screen_stack[0], "the form stayed open once accepted"
        assert campaign.state.player("Sawbones").holds("Alcohol")
        assert not campaign.state.player("Calamity").holds("Alcohol")


def test_bracketed_names_are_shown_as_text(tmp_path):
    asyncio.run(_bracketed_names_are_shown_as_text(tmp_path))


async def _bracketed_names_are_shown_as_text(tmp_path):
    campaign = sample_campaign(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        table = app.pane("Characters").query_one("#dust-players", DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert "[Doc] Holliday" in names
        table.move_cursor(row=1)
        await pilot.pause()
        detail = app.pane("Characters").query_one("#dust-detail-text", Static)
        assert "[Doc] Holliday: Vanilla Town" in str(detail.render())
        table.move_cursor(row=names.index("Old Sarge"))
        await pilot.pause()
        shown = str(detail.render())
        assert "On Alert (night, exclusive, in the church, 2 uses, 2 left)" in shown
        assert "default powers" in shown
        assert "What he has been told, newest first:\nDay 1: Your role is the VETERAN" in shown


def test_the_night_tab_previews_then_shows_the_post_in_each_format(tmp_path):
    asyncio.run(_the_night_tab_previews_then_shows_the_post_in_each_format(tmp_path))


async def _the_night_tab_previews_then_shows_the_post_in_each_format(tmp_path):
    campaign = sample_campaign(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await goto(pilot, "Night")
        pane = app.pane("Night")
        assert isinstance(pane, NightPane)
        assert "Your role is the COP; your alignment is TOWN." in pane.formatted_messages(
            "Marshal Bass")
        # by day, the vote count is ready to post
        await pilot.press("v")
        await pilot.pause()
        assert app.clipboard.startswith("[b]Vote count, Day 1[/b]\n\n15 alive; 8 votes lynch."
                                        "\n\nWhisperer (2): Calamity, Marshal Bass"), app.clipboard
        await goto(pilot, "Conflict")
        await confirm(pilot, "e")
        await goto(pilot, "Night")
        await pilot.press("v")
        await pilot.pause()
        assert app.told[-1][0] == "Copy vote count" and "by day" in app.told[-1][1]
        assert not pane.query_one("#dust-night-count").display
        await goto(pilot, "Conflict")
        await fill(pilot, "k", killer="Widow Grey", target="[Doc] Holliday")
        await goto(pilot, "Night")
        assert "PREVIEW" in str(pane.query_one("#dust-night-title", Static).render())
        await goto(pilot, "Conflict")
        await confirm(pilot, "r")
        await goto(pilot, "Night")
        assert "[noparse][Doc] Holliday was found dead." in pane.formatted_post()
        await pilot.press("f")
        assert "\\[Doc\\] Holliday was found dead" in pane.formatted_post()
        await pilot.press("f")
        assert pane.formatted_post().startswith("Day 2\n")
        await pilot.press("c")
        assert app.clipboard == pane.formatted_post()
        await fill(pilot, "y", player="[Doc] Holliday")
        assert app.clipboard == "To [Doc] Holliday:\nYou were killed in the night."


def test_a_new_game_is_set_up_from_the_characters_tab(tmp_path):
    asyncio.run(_a_new_game_is_set_up_from_the_characters_tab(tmp_path))


async def _a_new_game_is_set_up_from_the_characters_tab(tmp_path):
    from gmscreen.journal.campaign import Campaign
    from gmscreen.journal.store import JournalStore, new_header
    store = JournalStore.create(tmp_path / "new.toml", new_header("dust", "New", 7))
    campaign = Campaign.load(rules_for("dust"), store.load(), store)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Night")
        for key in ("c", "y", "u"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, DustForm), key
        assert [title for title, _ in app.told] == ["Copy post", "Copy a message", "Undo night"]
        assert "Nothing to copy yet" in app.told[0][1]
        assert "Copy post" not in offered_now(app)
        await goto(pilot, "Characters")
        await fill(pilot, "b", godfather="book")
        for name, role in (("[mod] Ann", "Cop"), ("Bob", "Doctor"), ("Cat", "Vanilla Town"),
                           ("Dan", "Vanilla Town"), ("Eve", "Guilt")):
            await fill(pilot, "p", name=name, role=role, item="Knife" if name == "Cat" else "")
        pane = app.pane("Characters")
        pane.query_one("#dust-players", DataTable).move_cursor(row=1)  # Bob, the Doctor
        await fill(pilot, "e", power="Tend")
        # the editor opens on the power as it stands: only what differs is typed
        editor = app.screen
        assert editor.query_one("#f-name", Input).value == "Tend"
        assert editor.query_one("#f-effect", Select).value == "protect"
        assert editor.query_one("#f-exclusive", Select).value == "yes"
        assert editor.query_one("#f-church", Select).value == "any"
        await send(pilot, uses="x")
        form = refusal_shown(app, "Powers")
        assert form.focused is form.query_one("#f-uses")
        await send(pilot, name="Mend", uses="3", church="dark", text="Kept at prayer.")
        doctor = campaign.state.role("Doctor")
        assert doctor is not None and not doctor.default_powers
        assert [(p.name, p.effect, p.exclusive, p.target, p.spend, p.uses, p.church)
                for p in doctor.powers] == [("Mend", "protect", True, "other", "never", 3,
                                             "dark")]
        # the items, one `o` away: the Knife's power edited the same way
        await pilot.press("o")
        await pilot.pause()
        knife_row = [i.name for i in campaign.state.items].index("Knife")
        pane.query_one("#dust-items", DataTable).move_cursor(row=knife_row)
        await fill(pilot, "e", power="Paranoid Bodyguard")
        await send(pilot, exclusive="no")
        knife = campaign.state.item("Knife")
        assert knife is not None and [(p.name, p.effect, p.exclusive, p.target)
                                      for p in knife.powers] == [
            ("Paranoid Bodyguard", "bodyguard", False, "any")]
        await fill(pilot, "l", name="The Mine", opens="two", closes="", entries="Gun")
        form = refusal_shown(app, "Locations")
        assert form.focused is form.query_one("#f-opens")
        assert form.values()["name"] == "The Mine" and form.values()["entries"] == "Gun"
        await send(pilot, opens="2", entries="Avatar of Fear, Gun")
        assert app.refused == []
        # the places, one more `o`: the highlighted one edited, another taken off the list
        await pilot.press("o")
        await pilot.pause()
        places = pane.query_one("#dust-places", DataTable)
        names = [loc.name for loc in campaign.state.locations]
        places.move_cursor(row=names.index("The Lake"))
        await pilot.press("l")
        await pilot.pause()
        lake_form = app.screen
        assert [lake_form.query_one(f"#f-{key}", Input).value
                for key in ("name", "opens", "closes", "entries")] == [
            "The Lake", "3", "", "Avatar of Fear, Black Book"]
        await send(pilot, "l", entries="Black Book, Avatar of Fear")
        places.move_cursor(row=names.index("The Asylum"))
        await pilot.press("x")
        await pilot.pause()
        lake = campaign.state.location("The Lake")
        assert lake is not None and lake.entries == ("Black Book", "Avatar of Fear")
        assert campaign.state.location("The Asylum") is None
        await confirm(pilot, "s")
        state = campaign.state
        assert state.phase == "day" and state.players[0].name == "[mod] Ann"
        assert state.player("Cat").holds("Knife")
        mine = state.location("The Mine")
        assert mine is not None and mine.entries == ("Avatar of Fear", "Gun")
        assert "[mod] Ann" in [m.player for m in state.messages]
        await until_offered(pilot, "Day 1", offered=False)
        # undo is no form: the footer follows the phase back to the setup all the same
        await pilot.press("ctrl+z")
        await until_offered(pilot, "Day 1")
        assert campaign.state.phase == "setup"
        # before Day 1 a player is renamed, never mod-killed
        for _ in range(3):  # on to the players
            if pane.query_one("#dust-players", DataTable).display:
                break
            await pilot.press("o")
            await pilot.pause()
        assert pane.query_one("#dust-players", DataTable).display
        pane.query_one("#dust-players", DataTable).move_cursor(row=1)
        await pilot.pause()
        await fill(pilot, "R", name="Robert")
        assert campaign.state.players[1].name == "Robert"
        assert campaign.state.role_of("Robert").name == "Doctor"
        await pilot.press("K")
        await pilot.pause()
        assert app.told[-1][0] == "Mod-kill" and "not started" in app.told[-1][1]


@pytest.mark.parametrize(("choice", "powers"), [("book", []), ("town", ["Clean Conscience"])])
def test_the_book_set_up_form_asks_how_guilt_reads(tmp_path, choice, powers):
    asyncio.run(_the_book_set_up_form_asks_how_guilt_reads(tmp_path, choice, powers))


async def _the_book_set_up_form_asks_how_guilt_reads(tmp_path, choice, powers):
    from gmscreen.journal.campaign import Campaign
    from gmscreen.journal.store import JournalStore, new_header
    store = JournalStore.create(tmp_path / "new.toml", new_header("dust", "New", 7))
    campaign = Campaign.load(rules_for("dust"), store.load(), store)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await pilot.press("b")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DustForm)
        # the book's reading is the one offered first, and chosen unless the table says not
        assert form.values() == {"godfather": "book"}
        labels = [str(label) for label, _ in form.query_one("#f-godfather", Select)._options]
        assert labels[1:] == ["Scum, as the book has it",
                              "Town: the godfather reads as Town (not the book)"]
        await send(pilot, godfather=choice)
        guilt = campaign.state.role("Guilt")
        assert guilt is not None and [p.name for p in guilt.powers] == powers
        logged = [campaign.describe(e) for e in campaign.events
                  if e.kind == "dust.role_defined" and e.data["role"]["name"] == "Guilt"]
        assert ("by the table's choice" in logged[0]) is (choice == "town")


def test_the_night_form_gives_targets_to_the_aimed_power_and_text_to_the_notebook():
    from gmscreen.games.dust.panes import CyclePane
    from tests.dust.game import night_of
    state = night_of({"Ann": ("Notebook",)})
    choice = CyclePane.choice_from(state, {
        "player": "Ann", "action": "use\x1fCop\x1fInterrogate", "target": "Eve", "target2": "",
        "extra": "use\x1fNotebook\x1fNotes", "note": "Eve [lies]"})
    assert [(u.source, u.targets, u.text) for u in choice.uses] == [
        ("Cop", ("Eve",), ""), ("Notebook", (), "Eve [lies]")]
    scavenging = CyclePane.choice_from(state, {"player": "Cat",
                                               "action": "scavenge\x1fThe Cafe"})
    assert scavenging.scavenge == "The Cafe" and scavenging.uses == ()


def test_a_replacement_and_a_modkill_from_the_roster(tmp_path):
    asyncio.run(_a_replacement_and_a_modkill_from_the_roster(tmp_path))


async def _a_replacement_and_a_modkill_from_the_roster(tmp_path):
    campaign = sample_campaign(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await fill(pilot, "R", name="[new] Calamity")  # the first row: Calamity
        assert campaign.state.player("[new] Calamity").holds("Alcohol")
        await fill(pilot, "K", reason="never posted")
        await pilot.press("y")
        await pilot.pause()
        gone = campaign.state.player("[new] Calamity")
        assert not gone.alive and gone.death.endswith("never posted")
        table = app.pane("Characters").query_one("#dust-players", DataTable)
        assert str(table.get_row_at(0)[0]) == "[new] Calamity"


def test_the_conflict_tab_shows_the_roster_and_the_places_when_there_is_room(tmp_path):
    asyncio.run(_the_conflict_tab_uses_the_room(tmp_path))


async def _the_conflict_tab_uses_the_room(tmp_path):
    for size, wide in (((80, 24), False), ((200, 50), True)):
        folder = tmp_path / str(size[0])
        folder.mkdir()
        app = Moderator(sample_campaign(folder))
        async with app.run_test(size=size) as pilot:
            await goto(pilot, "Conflict")
            pane = app.pane("Conflict")
            roster = pane.query_one("#dust-roster", DataTable)
            assert pane.query_one("#dust-side").display is wide
            if wide:
                rows = [roster.get_row_at(i) for i in range(roster.row_count)]
                assert [str(r[4]) for r in rows if str(r[0]) == "Calamity"] == ["Whisperer"]
                places = str(pane.query_one("#dust-places-now", Static).render())
                assert "The Cafe: next Knife, First Aid Kit (2 items)" in places
            status = str(pane.query_one("#dust-status", Static).render())
            assert "Not voting (12): [Doc] Holliday" in status


def test_a_key_that_does_not_apply_now_says_why_and_changes_nothing(tmp_path):
    asyncio.run(_a_key_that_does_not_apply_now_says_why(tmp_path))


async def _a_key_that_does_not_apply_now_says_why(tmp_path):
    campaign = sample_campaign(tmp_path)
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        # a long wagon wraps inside 80 columns rather than running off the screen
        for voter in ("Wyatt_E", "Parson Brown", "Sawbones", "Lamplighter"):
            await fill(pilot, "v", voter=voter, target="Whisperer")
        board = app.pane("Conflict").query_one("#dust-board", DataTable)
        assert sum(c.get_render_width(board) for c in board.ordered_columns) <= 78
        assert board.rows[board.coordinate_to_cell_key(Coordinate(0, 0)).row_key].height == 2
        events = len(campaign.events)
        for key in ("a", "k", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, DustForm), key
        assert [title for title, _ in app.told] == ["Action", "Kill", "Resolve"]
        assert all("It is Day 1" in why for _, why in app.told)
        assert len(campaign.events) == events
        await confirm(pilot, "e")
        await until_offered(pilot, "Action")
        app.told.clear()
        await pilot.press("v")
        await pilot.pause()
        palette = dict((name, run) for name, _, run in app.pane("Conflict").palette_commands())
        await palette["Give item"]()
        await pilot.pause()
        assert [title for title, _ in app.told] == ["Vote", "Give item"]
        assert "the hammer has fallen" in app.told[0][1]
        assert not isinstance(app.screen, DustForm)
        # resolving with no kill and no choices asks, and says what is missing
        await pilot.press("r")
        await pilot.pause()
        question = str(app.screen.query_one("#confirm-question", Static).render())
        assert question.endswith("Note: the Scum have chosen no kill and nothing sent by 15 "
                                 "players."), question
        await pilot.press("n")
        await pilot.pause()
        assert campaign.state.phase == "night"
        await goto(pilot, "Characters")
        events = len(campaign.events)
        await pilot.press("p")
        await pilot.pause()
        assert app.told[-1][0] == "Add player" and "The game has started" in app.told[-1][1]
        assert not isinstance(app.screen, DustForm)
        assert len(campaign.events) == events


def test_the_day_power_form_offers_only_the_powers_usable_now():
    from gmscreen.games.dust.commands import UseDayPower
    from gmscreen.games.dust.panes.cycle import day_powers
    from tests.dust.game import new_game, run
    state = new_game({"Cat": ("Gasoline",), "Dan": ("Alcohol",)})
    assert [label for label, _ in day_powers(state)] == [
        "Cat: Gasoline (Generator)", "Dan: Alcohol (Generator)", "Ino: Innocent (Vouch)"]
    state = run(state, UseDayPower("Cat", "Gasoline", "Generator"),
                UseDayPower("Ino", "Innocent", "Vouch"))
    assert day_powers(state) == []  # lit for tonight, and the Innocent vouched for once


def test_the_last_lynch_ends_the_game_with_the_veterans_own_win(tmp_path):
    asyncio.run(_the_last_lynch_ends_the_game(tmp_path))


async def _the_last_lynch_ends_the_game(tmp_path):
    from gmscreen.games.dust.commands import AddPlayer, StartGame, UseBookSetUp
    from gmscreen.journal.campaign import Campaign
    from gmscreen.journal.store import JournalStore, new_header
    store = JournalStore.create(tmp_path / "end.toml", new_header("dust", "End", 3))
    campaign = Campaign.load(rules_for("dust"), store.load(), store)
    campaign.execute(UseBookSetUp())
    for name, role in (("Ann", "Cop"), ("Sarge", "Veteran"), ("Cat", "Vanilla Town"),
                       ("Eve", "Despair")):
        campaign.execute(AddPlayer(name, role))
    campaign.start_session()
    campaign.execute(StartGame())
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await vote_out(pilot, "Eve")
        status = str(app.pane("Conflict").query_one("#dust-status", Static).render())
        assert status == "The game is over: the Town won. Sarge also won, alive at the end."
        await until_offered(pilot, "Vote", offered=False)
        for key in ("v", "a"):
            await pilot.press(key)
            await pilot.pause()
        assert [why for _, why in app.told[-2:]] == [status, status]
        assert not isinstance(app.screen, DustForm)


def test_refused_night_forms_keep_their_choices_until_corrected(tmp_path):
    asyncio.run(_refused_night_forms_keep_their_choices(tmp_path))


async def _refused_night_forms_keep_their_choices(tmp_path):
    from gmscreen.games.dust.commands import EndDay
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())  # no lynch: Night 1
    app = Moderator(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        events = len(campaign.events)
        # a target, but no one named to carry out the kill: the killer is the field to fill
        await fill(pilot, "k", killer="", target="Marshal Bass")
        form = refusal_shown(app, "Night kill")
        assert len(campaign.events) == events
        assert form.focused is form.query_one("#f-killer")
        assert form.values() == {"killer": "", "target": "Marshal Bass"}
        await send(pilot, killer="Widow Grey")
        assert app.screen is app.screen_stack[0]
        assert campaign.state.kill is not None and campaign.state.kill.target == "Marshal Bass"
        # the Cop's Interrogate sent without the player it is aimed at
        events = len(campaign.events)
        await fill(pilot, "a", player="Marshal Bass", action="use\x1fCop\x1fInterrogate")
        form = refusal_shown(app, "Targets")
        assert len(campaign.events) == events
        assert form.focused is form.query_one("#f-target")
        assert form.values()["action"] == "use\x1fCop\x1fInterrogate"
        await send(pilot, target="Judge Holden")
        assert app.screen is app.screen_stack[0]
        choice = campaign.state.choice("Marshal Bass")
        assert choice is not None and choice.uses[0].targets == ("Judge Holden",)
        assert app.refused == []
