"""Dust's tabs in the app, through the pilot: a scripted game of three days and nights,
played with the keyboard through the kit's forms, that replays from the file to the same
state and shows no secret at any step; the whole night undone as one step; a key that does
not apply says which rule; names with brackets shown as text."""

from __future__ import annotations

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust import checks
from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseKill,
    ChooseNight,
    DefineItem,
    EndDay,
    RemoveLocation,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.day_rules import day_ending_question
from gmscreen.games.dust.night_rules import lots_from_text
from gmscreen.games.dust.panes import PostsPane
from gmscreen.games.dust.panes.cycle import actions, choice_from, kill_note, packed, unpacked
from gmscreen.games.dust.powers import ItemDef
from gmscreen.games.dust.state import NO_LYNCH, DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form, Values
from gmscreen.ui.shell import ShellScreen
from tests.dust.app import (
    CHARACTERS,
    CONSOLE,
    POSTS,
    answer,
    app_of,
    confirm,
    day_one,
    new_campaign,
    night_with_three_extras,
    pane,
    question,
    refusal_in_sight,
    refusals,
    sample_campaign,
)
from tests.dust.game import CAST, choose, new_game, night_of, resolve, run
from tests.dust.hidden import checked_after_each_step
from tests.pilot import (
    fill,
    footer_keys,
    form_up,
    opened,
    set_field,
    synchronous,
    to_tab,
    until,
)


def use(source: str, power: str) -> str:
    """A power as the night form's choices name it."""
    return packed("use", source, power)


def scavenge(place: str) -> str:
    return packed("scavenge", place)


async def vote_out(pilot, target: str) -> None:
    """Votes until the hammer, which asks first: yes."""
    state: DustState = pilot.app.campaign.state
    voters = [p.name for p in state.living if p.name not in state.tally().get(target, [])]
    need = state.majority - len(state.tally().get(target, []))
    for voter in voters[:need]:
        await fill(pilot, "v", voter=voter, target=target)
    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))
    assert question(pilot.app).startswith(
        f"{voters[need - 1]}'s vote is the hammer: {target} is lynched")
    await answer(pilot)


@synchronous
async def test_the_hammer_asks_before_it_lynches_as_the_deadline_does(tmp_path):
    campaign = sample_campaign(tmp_path)
    state = campaign.state
    # Whisperer has 2 of 8: five more votes leave the hammer to the sixth
    voters = [p.name for p in state.living if p.name not in state.tally()["Whisperer"]][:6]
    for voter in voters[:5]:
        campaign.execute(Vote(voter, "Whisperer"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        events = len(campaign.events)
        await fill(pilot, "v", voter=voters[5], target="Whisperer")
        assert question(app) == (f"{voters[5]}'s vote is the hammer: Whisperer is lynched and "
                                 "flipped, and Day 1 ends. Go on?")
        await answer(pilot, yes=False)
        assert len(campaign.events) == events and campaign.state.phase == "day"
        # the deadline ends the day without a lynch: it asks as the hammer does, and No
        # leaves the day and its votes as they were
        tally = campaign.state.tally()
        await pilot.press("e")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        assert question(app) == ("End Day 1 without a lynch? A lynch needs a majority, 8 "
                                 "votes; Whisperer has 7, Calamity 1.")
        await answer(pilot, yes=False)
        assert len(campaign.events) == events and campaign.state.phase == "day"
        assert campaign.state.tally() == tally
        # a vote short of the majority asks nothing
        await fill(pilot, "v", voter="Whisperer", target=NO_LYNCH)
        await until(pilot, lambda: len(campaign.events) == events + 1)
        assert app.screen is app.screen_stack[0]
        await fill(pilot, "v", voter=voters[5], target="Whisperer")
        await answer(pilot)
        assert campaign.state.phase == "night"
        assert not campaign.state.player("Whisperer").alive


@synchronous
async def test_one_mistaken_night_action_is_corrected_in_place_and_undone_in_one_step(
        tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Marshal Bass", uses=(
        PowerUse("Cop", "Interrogate", ("Judge Holden",)),))))
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", scavenge="The Garage")))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        board = pane(app, CONSOLE).query_one("#dust-board", DataTable)
        board.move_cursor(row=[p.name for p in campaign.state.living].index("Marshal Bass"))
        form = await opened(pilot, "a")
        assert dict(form.values()) == {
            "player": "Marshal Bass", "action": use("Cop", "Interrogate"),
            "target": "Judge Holden", "target2": "", "extra": (), "note": ""}
        mistaken = campaign.state
        await fill(pilot, target="Widow Grey")
        await until(pilot, lambda: campaign.state != mistaken)
        choice = campaign.state.choice("Marshal Bass")
        assert choice is not None and choice.uses[0].targets == ("Widow Grey",)
        assert campaign.state.choice("Tumbleweed") == mistaken.choice("Tumbleweed")
        # on a player who sent nothing, the form opens on him alone
        board.move_cursor(row=0)
        blank = (await opened(pilot, "a")).values()
        assert blank["player"] == "Calamity" and blank["action"] == ""
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state == mistaken)


@synchronous
async def test_the_night_form_shows_the_choice_of_the_player_chosen_in_it(tmp_path):
    """Choosing another player in the night form shows his own choice as it stands (or
    nothing), never the last one's: a Notebook ticked for him must not send him scavenging
    where the first player was going."""
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Marshal Bass", uses=(
        PowerUse("Cop", "Interrogate", ("Judge Holden",)),))))
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", scavenge="The Garage")))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        board = pane(app, CONSOLE).query_one("#dust-board", DataTable)
        board.move_cursor(row=[p.name for p in campaign.state.living].index("Marshal Bass"))
        form = await opened(pilot, "a")
        assert form.values()["action"] == use("Cop", "Interrogate")
        set_field(form, "player", "Tumbleweed")
        # his choice is filled in by the form's watch, once the change reaches it
        await until(pilot, lambda: dict(form.values()) == {
            "player": "Tumbleweed", "action": scavenge("The Garage"), "target": "",
            "target2": "", "extra": (), "note": ""})
        set_field(form, "player", "Calamity")
        await until(pilot, lambda: dict(form.values()) == {
            "player": "Calamity", "action": "", "target": "", "target2": "", "extra": (),
            "note": ""})
        # what the Dealer then chooses for him is kept while he stays chosen
        set_field(form, "action", "stay")
        await pilot.pause()
        assert form.values()["action"] == "stay"


def places_offered(form: Form) -> list[str]:
    """The places the night form's Whole night offers."""
    return [unpacked(v)[1] for _, v in form.options_of("action")
            if unpacked(v)[:1] == ["scavenge"]]


def preview(form: Form) -> str:
    return str(form.query_one("#form-preview", Static).render())


async def night_form_for(pilot, name: str) -> Form:
    """The night form opened from the Day and night tab, `name` chosen in it."""
    await to_tab(pilot, CONSOLE)
    form = await opened(pilot, "a")
    set_field(form, "player", name)
    # his own night offered: the form's watch has run on the change
    offered = [value for _, value in actions(pane(pilot.app, CONSOLE).state, name,
                                             exclusive=True)]
    await until(pilot, lambda: [value for _, value in form.options_of("action")] == offered)
    await pilot.pause()
    return form


@synchronous
async def test_the_night_form_says_why_a_scum_is_offered_no_place_to_scavenge(tmp_path):
    """Line 185: a Scum's Whole night offers no place, and the form names the rule, so a
    moderator told by a Scum that he goes scavenging is not left to wonder where the places
    went; a Town player chosen next is offered them, with nothing said."""
    campaign = night_with_three_extras(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await night_form_for(pilot, "Eve")
        assert places_offered(form) == []
        assert "(Scum cannot scavenge): Eve is Scum" in preview(form)
        set_field(form, "player", "Cat")
        await until(pilot, lambda: "The Cafe" in places_offered(form))
        assert preview(form) == ""


@synchronous
async def test_the_night_form_says_no_place_is_open_when_every_one_is_off_the_list(tmp_path):
    """Line 197 (places close) and line 26 (the moderator sets the list): with no place
    open tonight, a Town player's Whole night offers none, and the form says why."""
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for place in [loc.name for loc in campaign.state.locations]:
        campaign.execute(RemoveLocation(place))
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await night_form_for(pilot, "Cat")
        assert places_offered(form) == []
        assert "no place is open tonight" in preview(form)


@synchronous
async def test_the_kill_form_opens_on_the_kill_chosen_to_correct_it(tmp_path):
    """k opens on tonight's kill as it stands, so the Dealer corrects one field of it."""
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    killers, victims = checks.kill_choices(campaign.state)
    by = checks.kill_decider(campaign.state)
    campaign.execute(ChooseKill(by or killers[-1], killers[-1], victims[0]))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "k")
        assert dict(form.values()) == {"killer": killers[-1], "target": victims[0]}
        await fill(pilot, target=victims[1])
        await until(pilot, lambda: campaign.state.kill is not None
                    and campaign.state.kill.target == victims[1])
        assert campaign.state.kill is not None and campaign.state.kill.killer == killers[-1]


@synchronous
async def test_day_1_asked_outside_a_session_says_no_recap_will_hold_it(tmp_path):
    """s asks before Day 1; with no session running it says so (Day 1's post and role
    messages would be in no session's recap), and f5 first makes it a session's."""
    from gmscreen.games.dust.commands import AddPlayer, UseBookSetUp
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in (("Ann", "Cop"), ("Bob", "Guilt"), ("Cal", "Vanilla Town")):
        campaign.execute(AddPlayer(name, role))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await pilot.press("s")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        assert "No session is running" in question(app) and "f5" in question(app)
        await answer(pilot, yes=False)
        assert campaign.state.phase == "setup"
        campaign.start_session()
        await pilot.press("s")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        assert "session" not in question(app)
        await answer(pilot)
        assert campaign.state.phase == "day"


def test_typed_lots_name_the_players_first_to_last_and_the_rest_follow_as_drawn():
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


@synchronous
async def test_the_lots_the_table_drew_are_typed_and_decide_who_is_served_first(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    # three at the Cafe, two finds (line 191: not enough to go round, chosen at random)
    for name in ("Calamity", "Wyatt_E", "Tumbleweed"):
        campaign.execute(ChooseNight(NightChoice(name, scavenge="The Cafe")))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        drawn = (await opened(pilot, "t")).values().text("lots").split(", ")
        assert sorted(drawn) == sorted(p.name for p in campaign.state.living)
        await fill(pilot, lots="Nobody")
        await refusal_in_sight(pilot, "Lots")
        await fill(pilot, lots="Tumbleweed, wyatt_e")
        await answer(pilot)
        state = campaign.state
        assert state.number == 2, refusals(notices)
        assert [h.item for h in state.player("Tumbleweed").items] == ["Knife"]
        assert [h.item for h in state.player("Wyatt_E").items] == ["Crucifix", "First Aid Kit"]
        assert [h.item for h in state.player("Calamity").items] == ["Alcohol"]
        resolved = [e for e in campaign.events if e.kind == "dust.night_resolved"][-1]
        rest = [name for name in drawn if name not in ("Tumbleweed", "Wyatt_E")]
        assert resolved.data["lots"] == ["Tumbleweed", "Wyatt_E", *rest]


async def lots_note_with(folder, going):
    """The lots form's note on the sample's Night 1 with `going` (player, place) sent."""
    folder.mkdir()
    campaign = sample_campaign(folder)
    campaign.execute(EndDay())
    for name, place in going:
        campaign.execute(ChooseNight(NightChoice(name, scavenge=place)))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        return (await opened(pilot, "t")).note


@synchronous
async def test_the_lots_form_says_among_whom_the_table_draws_and_what_a_blank_does(tmp_path):
    # a moderator with real cards draws only where chance decides (line 191: two or more
    # scavengers at one place take its finds in turn); he must not have to find them
    # himself in the roster, nor deal fifteen names
    note = await lots_note_with(tmp_path / "a", (
        ("Calamity", "The Cafe"), ("Wyatt_E", "The Cafe"), ("Tumbleweed", "The Cafe"),
        ("Sawbones", "The School"), ("Old Sarge", "The School"),
        ("Lamplighter", "The Garage")))
    assert "The School (Sawbones, Old Sarge)" in note
    assert "The Cafe (Calamity, Wyatt_E, Tumbleweed)" in note
    assert "Garage" not in note and "Lamplighter," not in note.split("draw:")[0]
    # a field left blank keeps the app's draw, as the kit's blank cards and dice do
    assert "Left blank, the draw stands" in note
    note = await lots_note_with(tmp_path / "b", (
        ("Calamity", "The Cafe"), ("Wyatt_E", "The Cafe"), ("Old Sarge", "The Garage")))
    assert "The Cafe (Calamity, Wyatt_E)" in note and "School" not in note
    note = await lots_note_with(tmp_path / "c", (("Calamity", "The Cafe"),))
    assert note.startswith("Nothing sent tonight is settled by the lots")


@synchronous
async def test_the_nights_lots_are_in_the_palette_drawn_or_typed(tmp_path):
    # Dust has no random table and rolls no dice: it draws the night's lots (and the roles,
    # dealt once before Day 1)
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        palette = {c.title: c for c in shell_commands(app, screen)}
        assert {"Day and night: Resolve the night", "Day and night: Draw or type the lots"} <= (
            palette.keys())
        assert "draws" in palette["Day and night: Resolve the night"].help
        await palette["Day and night: Draw or type the lots"].callback()
        # its field is mounted after the form is on the stack: read once it is up
        lots = await form_up(pilot)
        drawn = lots.values().text("lots").split(", ")
        assert sorted(drawn) == sorted(p.name for p in campaign.state.living)
        await fill(pilot, lots="Tumbleweed")
        await answer(pilot)
        resolved = [e for e in campaign.events if e.kind == "dust.night_resolved"][-1]
        assert resolved.data["lots"] == ["Tumbleweed", *(n for n in drawn if n != "Tumbleweed")]
        campaign.undo()
        await palette["Day and night: Resolve the night"].callback()
        await answer(pilot)
        again = [e for e in campaign.events if e.kind == "dust.night_resolved"][-1]
        assert again.seq > resolved.seq and again.data["lots"] == resolved.data["lots"]
        assert refusals(notices) == []


@synchronous
async def test_the_nights_steps_read_whole_in_the_palette_and_whole_in_the_footer(tmp_path):
    """The palette lists a step under its tab's name, away from the other night keys: the
    footer's short words ("Action", "Kill"), there read beside one another, were vague in
    it. The footer keeps them short, so every key still shows at 80 columns."""
    from textual.widgets._footer import FooterKey

    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        titles = [c.title for c in shell_commands(app, screen)]
        for title in ("Night action: power, item, scavenge", "Scum's night kill",
                      "Resolve the night"):
            assert f"Day and night: {title}" in titles
        assert not {"Day and night: Action", "Day and night: Kill"} & set(titles)
        shown = [key.description for key in screen.query(FooterKey) if key.display]
        assert shown[:3] == ["Action", "Kill", "Resolve"]
        assert "End session" in shown


def test_a_majority_for_no_lynch_asks_too():
    from tests.dust.game import new_game, run
    state = new_game()
    voters = [p.name for p in state.living][: state.majority]
    state = run(state, *(Vote(v, NO_LYNCH) for v in voters[:-1]))
    assert day_ending_question(state, Vote(voters[-1], NO_LYNCH)) == (
        f"{voters[-1]}'s vote makes a majority for no lynch: Day 1 ends. Go on?")
    assert day_ending_question(state, Vote(voters[-1], "Eve")) is None


@pytest.mark.slow
@synchronous
async def test_three_days_and_nights_through_the_pilot_replay_to_the_same_state(tmp_path):
    campaign = sample_campaign(tmp_path)
    path = campaign.path
    assert path is not None
    # after every step the app takes, the table and each player see only what is theirs
    checked_after_each_step(campaign)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        # Day 1: a gift, then the lynch of Paranoia
        await fill(pilot, "g", giver="Wyatt_E", item="Crucifix", receiver="Sawbones")
        await until(pilot, lambda: campaign.state.player("Sawbones").holds("Crucifix"))
        await vote_out(pilot, "Whisperer")
        state = campaign.state
        assert state.phase == "night" and not state.player("Whisperer").alive
        # Night 1
        await fill(pilot, "a", player="Marshal Bass", action=use("Cop", "Interrogate"),
                   target="Judge Holden")
        await fill(pilot, "a", player="Tumbleweed", action=scavenge("The Garage"))
        await fill(pilot, "a", player="[Doc] Holliday", action=use("Crowbar", "Hiding"))
        await fill(pilot, "a", player="Sawbones", action=use("Doctor", "Tend"),
                   target="Marshal Bass")
        await fill(pilot, "k", killer="Widow Grey", target="Marshal Bass")
        await fill(pilot, "a", player="Parson Brown", action="stay")
        await until(pilot, lambda: campaign.state.choice("Parson Brown") is not None)
        board = pane(app, CONSOLE).query_one("#dust-board", DataTable)
        rows = {str(board.get_row_at(i)[0]): str(board.get_row_at(i)[1])
                for i in range(board.row_count)}
        assert rows["Widow Grey"] == "carries out the Scum's kill on Marshal Bass"
        assert rows["Tumbleweed"] == "scavenges at The Garage"
        # who has sent his choice, and who the moderator still waits for
        assert rows["Parson Brown"] == "stays in the church"
        assert rows["Wyatt_E"] == "nothing sent: stays in the church"
        status = str(pane(app, CONSOLE).query_one("#dust-status", Static).render())
        # Judge Holden (Guilt) sent the kill: the moderator waits for him no more
        assert "Nothing sent yet (7): Calamity, Wyatt_E, Lamplighter," in status
        waiting = next(line for line in status.splitlines()
                       if line.startswith("Nothing sent yet"))
        assert "Judge Holden" not in waiting
        assert rows["Judge Holden"] == "chose the Scum's kill; stays in the church"
        # each column as wide as its widest cell, even redrawn under a form
        assert [c.width for c in board.ordered_columns] == [
            max(len(name) for name in rows), max(len(text) for text in rows.values())]
        await confirm(pilot, "r")
        state = campaign.state
        assert refusals(notices) == []
        assert state.phase == "day" and state.number == 2
        assert all(p.alive for p in state.players if p.name != "Whisperer")
        assert [h.item for h in state.player("Tumbleweed").items] == ["Gasoline", "Flashlight"]
        told = {m.player: m.lines for m in state.messages if m.when == "Night 1"}
        assert "Judge Holden is SCUM." in told["Marshal Bass"]  # the book's Guilt
        # who knows what: the Cop's sheet lists what he was told, the newest first
        await to_tab(pilot, CHARACTERS)
        players = pane(app, CHARACTERS).query_one("#dust-players", DataTable)
        players.move_cursor(row=[p.name for p in state.players].index("Marshal Bass"))
        await pilot.pause()
        sheet = str(pane(app, CHARACTERS).query_one("#dust-detail-text", Static).render())
        assert sheet.index("Night 1: Judge Holden is SCUM.") < sheet.index(
            "Day 1: Your role is the COP")
        await to_tab(pilot, CONSOLE)
        # Day 2: the generator, then the deadline
        # the generator is heard by everyone at once: asked first, naming it
        await fill(pilot, "p", use=packed("Tumbleweed", "Gasoline", "Generator"))
        assert question(app).startswith("Use Tumbleweed's Gasoline (Generator) now?")
        await answer(pilot)
        await until(pilot, lambda: campaign.state.lit)
        await confirm(pilot, "e")
        # Night 2: the Scum try the lit church; Calamity finds the Vest
        await fill(pilot, "k", killer="Widow Grey", target="Lamplighter")
        await fill(pilot, "a", player="Calamity", action=scavenge("The Police Station"))
        await until(pilot, lambda: campaign.state.choice("Calamity") is not None)
        before_night = campaign.state
        await confirm(pilot, "r")
        assert campaign.state.number == 3 and campaign.state.player("Lamplighter").alive
        # the whole night, taken back as one step, then resolved again
        await to_tab(pilot, POSTS)
        await confirm(pilot, "u")  # the undo's preview asks first
        await until(pilot, lambda: campaign.state == before_night)
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "r")
        assert campaign.state.player("Calamity").holds("Bulletproof Vest")
        # resolved again, the night keeps its lots: the shares already told stay the same
        twice = [e.data["lots"] for e in campaign.events
                 if e.kind == "dust.night_resolved" and e.data["night"] == 2]
        assert len(twice) == 2 and twice[0] == twice[1]
        # Day 3 ends at the deadline; Night 3: Guilt kills outside the dark church
        await confirm(pilot, "e")
        await fill(pilot, "a", player="Bounty Belle", action=scavenge("The Asylum"))
        await fill(pilot, "k", killer="Judge Holden", target="Parson Brown")
        await until(pilot, lambda: campaign.state.kill is not None)
        await confirm(pilot, "r")
        assert refusals(notices) == []
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


@synchronous
async def test_a_refused_choice_is_named_and_changes_nothing(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        events = len(campaign.events)
        await fill(pilot, "g", giver="Calamity", item="Alcohol")
        assert len(campaign.events) == events
        # the form stays open with what was chosen, the rule at its foot, not in a toast
        form = await refusal_in_sight(pilot, "Gifts")
        assert refusals(notices) == []
        assert dict(form.values()) == {"giver": "Calamity", "item": "Alcohol",
                                       "receiver": ""}
        assert form.focused is form.widget_of("receiver"), "the field refused"
        # the same form, one field corrected, goes through
        await fill(pilot, receiver="Sawbones")
        await until(pilot, lambda: campaign.state.player("Sawbones").holds("Alcohol"))
        assert app.screen is app.screen_stack[0], "the form stayed open once accepted"
        assert not campaign.state.player("Calamity").holds("Alcohol")


@synchronous
async def test_the_gift_form_offers_only_givers_their_giftable_items_and_others(tmp_path):
    campaign = sample_campaign(tmp_path)
    state = campaign.state
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "g")
        offered = [value for _, value in form.options_of("giver")]
        assert offered == [p.name for p in state.living if any(
            (item := state.item(h.item)) is not None and item.tradeable for h in p.items)]
        assert "Calamity" in offered
        await fill(pilot, giver="Calamity")
        receivers = [value for _, value in form.options_of("receiver")]
        # a gift goes to another player (book: items change hands between players)
        assert "Calamity" not in receivers
        assert len(receivers) == len(state.living) - 1
        assert [value for _, value in form.options_of("item")] == ["Alcohol"]


@synchronous
async def test_the_gift_form_says_which_items_held_cannot_be_given(tmp_path):
    # book lines 134 and 136: the Relic and the Black Book cannot be traded. A player who
    # asks to give one is not among the givers; the form tells the moderator why
    campaign = day_one(tmp_path, {"Cat": ("Relic",), "Dan": ("Black Book", "Knife")})
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "g")
        assert [value for _, value in form.options_of("giver")] == ["Dan"]
        assert "Cat's Relic and Dan's Black Book cannot be given away." in form.note
    # with no Knife, no one has anything to give: the key says why, naming them too
    refused = checks.why_not_give(new_game({"Cat": ("Relic",), "Dan": ("Black Book",)}))
    assert refused is not None
    assert "Cat's Relic and Dan's Black Book cannot be given away" in str(refused)


@synchronous
async def test_bracketed_names_are_shown_as_text(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        table = pane(app, CHARACTERS).query_one("#dust-players", DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert "[Doc] Holliday" in names
        detail = pane(app, CHARACTERS).query_one("#dust-detail-text", Static)
        # the sheet follows the row highlighted once the table has told it, in a later turn
        table.move_cursor(row=1)
        await until(pilot, lambda: "\n[Doc] Holliday: " in str(detail.render()))
        assert "[Doc] Holliday: Vanilla Town" in str(detail.render())
        table.move_cursor(row=names.index("Old Sarge"))
        await until(pilot, lambda: "\nOld Sarge: " in str(detail.render()))
        shown = str(detail.render())
        assert "On Alert (night, exclusive, in the church, 2 uses, 2 left)" in shown
        assert "default powers" in shown
        assert "What he has been told, newest first\nDay 1: Your role is the VETERAN" in shown


@synchronous
async def test_the_posts_tab_previews_then_shows_the_post_in_each_format(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, POSTS)
        posts = pane(app, POSTS)
        assert isinstance(posts, PostsPane)
        assert "Your role is the COP; your alignment is TOWN." in posts.formatted_messages(
            "Marshal Bass")
        # by day, the vote count is ready to post
        await pilot.press("v")
        await until(pilot, lambda: app.clipboard.startswith("[b]Vote count"))
        assert app.clipboard.startswith("[b]Vote count, Day 1[/b]\n\n15 alive; 8 votes lynch."
                                        "\n\nWhisperer (2): Calamity, Marshal Bass"), app.clipboard
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "e")
        await to_tab(pilot, POSTS)
        await pilot.press("v")
        await until(pilot, lambda: refusals(notices))
        assert refusals(notices)[-1][0] == "Votes" and "by day" in refusals(notices)[-1][1]
        assert not posts.query_one("#dust-night-count").display
        await to_tab(pilot, CONSOLE)
        await fill(pilot, "k", killer="Widow Grey", target="[Doc] Holliday")
        await until(pilot, lambda: campaign.state.kill is not None)
        await to_tab(pilot, POSTS)
        assert "PREVIEW" in str(posts.query_one("#dust-night-title", Static).render())
        await to_tab(pilot, CONSOLE)
        await confirm(pilot, "r")
        await to_tab(pilot, POSTS)
        assert "[noparse][Doc] Holliday was found dead." in posts.formatted_post()
        await pilot.press("f")
        assert "\\[Doc\\] Holliday was found dead" in posts.formatted_post()
        await pilot.press("f")
        assert posts.formatted_post().startswith("Day 2\n")
        await pilot.press("c")
        assert app.clipboard == posts.formatted_post()
        await fill(pilot, "y", player="[Doc] Holliday")
        assert app.clipboard == "To [Doc] Holliday:\nYou were killed in the night."


@synchronous
async def test_a_new_game_is_set_up_from_the_characters_tab(tmp_path):
    campaign = new_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        for key in ("c", "y", "u"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, Form), key
        assert [rule for rule, _ in refusals(notices)] == ["Copy post", "Copy a message",
                                                           "Undo night"]
        assert "Nothing to copy yet" in refusals(notices)[0][1]
        assert "c" not in footer_keys(app)
        await to_tab(pilot, CHARACTERS)
        # no player yet: Day 1 is not offered, and says why
        assert "s" not in footer_keys(app)
        await fill(pilot, "b", godfather="book")
        await until(pilot, lambda: campaign.state.roles)
        for name, role in (("[mod] Ann", "Cop"), ("Bob", "Doctor"), ("Cat", "Vanilla Town"),
                           ("Dan", "Vanilla Town"), ("Eve", "Guilt")):
            # no starting item but the Cat's: the item left at "(none)"
            await fill(pilot, "p", name=name, role=role,
                       **({"item": "Knife"} if name == "Cat" else {}))
        await until(pilot, lambda: len(campaign.state.players) == 5)
        characters = pane(app, CHARACTERS)
        characters.query_one("#dust-players", DataTable).move_cursor(row=1)  # Bob, the Doctor
        await fill(pilot, "e", power="Tend")
        # the editor opens on the power as it stands: only what differs is typed
        editor = app.screen
        assert isinstance(editor, Form)
        now = editor.values()
        assert (now["name"], now["effect"], now["exclusive"], now["church"]) == (
            "Tend", "protect", True, "any")
        await fill(pilot, uses="x")
        form = await refusal_in_sight(pilot, "Uses")
        assert form.focused is form.widget_of("uses")
        await fill(pilot, name="Mend", uses="3", church="dark", text="Kept at prayer.")
        await until(pilot, lambda: not campaign.state.role("Doctor").default_powers)
        doctor = campaign.state.role("Doctor")
        assert [(p.name, p.effect, p.exclusive, p.target, p.spend, p.uses, p.church)
                for p in doctor.powers] == [("Mend", "protect", True, "other", "never", 3,
                                             "dark")]
        # the items, one `o` away: the Knife's power edited the same way
        await pilot.press("o")
        await pilot.pause()
        knife_row = [i.name for i in campaign.state.items].index("Knife")
        characters.query_one("#dust-items", DataTable).move_cursor(row=knife_row)
        await fill(pilot, "e", power="Paranoid Bodyguard")
        await fill(pilot, exclusive=False)
        await until(pilot, lambda: not campaign.state.item("Knife").powers[0].exclusive)
        knife = campaign.state.item("Knife")
        assert [(p.name, p.effect, p.exclusive, p.target) for p in knife.powers] == [
            ("Paranoid Bodyguard", "bodyguard", False, "any")]
        await fill(pilot, "l", name="The Mine", opens="two", closes="", entries="Gun")
        form = await refusal_in_sight(pilot, "First night")
        assert form.focused is form.widget_of("opens")
        assert form.values()["name"] == "The Mine" and form.values()["entries"] == "Gun"
        await fill(pilot, opens="2", entries="Avatar of Fear, Gun")
        await until(pilot, lambda: campaign.state.location("The Mine") is not None)
        assert refusals(notices)[3:] == []
        # the places, one more `o`: the highlighted one edited, another taken off the list
        await pilot.press("o")
        await pilot.pause()
        places = characters.query_one("#dust-places", DataTable)
        names = [loc.name for loc in campaign.state.locations]
        places.move_cursor(row=names.index("The Lake"))
        lake = (await opened(pilot, "l")).values()
        assert [lake[key] for key in ("name", "opens", "closes", "entries")] == [
            "The Lake", "3", "", "Avatar of Fear, Black Book"]
        await fill(pilot, entries="Black Book, Avatar of Fear")
        await until(pilot, lambda: campaign.state.location("The Lake").entries[0] == "Black Book")
        places.move_cursor(row=names.index("The Asylum"))
        await pilot.press("x")
        await until(pilot, lambda: campaign.state.location("The Asylum") is None)
        await confirm(pilot, "s")
        state = campaign.state
        assert state.phase == "day" and state.players[0].name == "[mod] Ann"
        assert state.player("Cat").holds("Knife")
        mine = state.location("The Mine")
        assert mine is not None and mine.entries == ("Avatar of Fear", "Gun")
        assert "[mod] Ann" in [m.player for m in state.messages]
        await until(pilot, lambda: "s" not in footer_keys(app))
        # undo is no form: the footer follows the phase back to the setup all the same
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "s" in footer_keys(app))
        assert campaign.state.phase == "setup"
        # before Day 1 a player is renamed, never mod-killed
        while not characters.query_one("#dust-players", DataTable).display:
            await pilot.press("o")
            await pilot.pause()
        characters.query_one("#dust-players", DataTable).move_cursor(row=1)
        await pilot.pause()
        await fill(pilot, "R", name="Robert")
        await until(pilot, lambda: campaign.state.players[1].name == "Robert")
        assert campaign.state.role_of("Robert").name == "Doctor"
        await pilot.press("K")
        await until(pilot, lambda: refusals(notices)[-1][0] == "Mod-kill")
        assert "not started" in refusals(notices)[-1][1]


@synchronous
async def test_a_place_lists_an_item_whose_name_holds_a_comma_as_one_find(tmp_path):
    """Line 26: the moderator sets what each place holds. The finds are typed with commas
    between, and an item named "Salt, Pepper" (a table's own) is one find, found in that
    place, not two unknown ones; finds typed in another case read as the items' names, and
    the place opened again shows them as they stand."""
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    campaign.execute(DefineItem(ItemDef("Salt, Pepper", (), "Seasoning.")))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await fill(pilot, "l", name="The Pantry", opens="1",
                   entries="salt, pepper, Knife, avatar of fear")
        await until(pilot, lambda: campaign.state.location("The Pantry") is not None)
        pantry = campaign.state.location("The Pantry")
        assert pantry.entries == ("Salt, Pepper", "Knife", "Avatar of Fear")
        characters = pane(app, CHARACTERS)
        while not characters.query_one("#dust-places", DataTable).display:
            await pilot.press("o")
            await pilot.pause()
        names = [loc.name for loc in campaign.state.locations]
        characters.query_one("#dust-places", DataTable).move_cursor(
            row=names.index("The Pantry"))
        shown = (await opened(pilot, "l")).values()
        assert shown["entries"] == "Salt, Pepper, Knife, Avatar of Fear"
        await fill(pilot, entries="Knife, Salt, Pepper, Salt")
        assert (await refusal_in_sight(pilot, "Locations")).values()["entries"] == (
            "Knife, Salt, Pepper, Salt")
        assert campaign.state.location("The Pantry").entries == pantry.entries


@pytest.mark.parametrize(("choice", "powers"), [("book", []), ("town", ["Clean Conscience"])])
@synchronous
async def test_the_book_set_up_form_asks_how_guilt_reads(tmp_path, choice, powers):
    campaign = new_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        form = await opened(pilot, "b")
        # the book's reading is the one offered first, and chosen unless the table says not
        assert dict(form.values()) == {"godfather": "book", "veteran": "survive"}
        assert [label for label, _ in form.fields[0].options] == [
            "Scum, as the book has it", "Town: the godfather reads as Town (not the book)"]
        await fill(pilot, godfather=choice)
        await until(pilot, lambda: campaign.state.role("Guilt") is not None)
        guilt = campaign.state.role("Guilt")
        assert [p.name for p in guilt.powers] == powers
        logged = [campaign.describe(e) for e in campaign.events
                  if e.kind == "dust.role_defined" and e.data["role"]["name"] == "Guilt"]
        assert ("by the table's choice" in logged[0]) is (choice == "town")


@synchronous
async def test_the_night_form_takes_every_power_that_does_not_take_the_whole_night(tmp_path):
    # the Notebook, the Adrenaline and the Alcohol are night actions that are not exclusive
    # (book lines 124-131): a player may send all three beside his role's whole-night power
    campaign = night_with_three_extras(tmp_path)
    extras = (use("Notebook", "Notes"), use("Adrenaline", "Energy"),
              use("Alcohol", "Comfortably Numb"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await fill(pilot, "a", player="Ann", action=use("Cop", "Interrogate"), target="Eve",
                   extra=extras, note="Trust no one")
        await until(pilot, lambda: campaign.state.choice("Ann") is not None)
        choice = campaign.state.choice("Ann")
        assert choice is not None
        assert sorted((u.source, u.targets, u.text) for u in choice.uses) == [
            ("Adrenaline", (), ""), ("Alcohol", (), ""), ("Cop", ("Eve",), ""),
            ("Notebook", (), "Trust no one")]
        # the form opens again on what he sent, every power ticked
        form = await opened(pilot, "a")
        ticked = form.values()["extra"]
        assert isinstance(ticked, tuple) and sorted(ticked) == sorted(extras)
        await pilot.press("escape")


def test_the_night_form_gives_targets_to_the_aimed_power_and_text_to_the_notebook():
    from tests.dust.game import night_of
    state = night_of({"Ann": ("Notebook",)})
    labels = {"player": "Player", "action": "Whole night", "target": "Target",
              "target2": "Second target", "extra": "Also", "note": "Note"}
    choice = choice_from(state, Values({
        "player": "Ann", "action": use("Cop", "Interrogate"), "target": "Eve", "target2": "",
        "extra": use("Notebook", "Notes"), "note": "Eve [lies]"}, labels))
    assert [(u.source, u.targets, u.text) for u in choice.uses] == [
        ("Cop", ("Eve",), ""), ("Notebook", (), "Eve [lies]")]
    scavenging = choice_from(state, Values({"player": "Cat", "action": scavenge("The Cafe")},
                                           labels))
    assert scavenging.scavenge == "The Cafe" and scavenging.uses == ()


@synchronous
async def test_a_replacement_and_a_modkill_from_the_roster(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await fill(pilot, "R", name="[new] Calamity")  # the first row: Calamity
        await until(pilot, lambda: campaign.state.player("[new] Calamity") is not None)
        assert campaign.state.player("[new] Calamity").holds("Alcohol")
        await fill(pilot, "K", reason="never posted")
        await answer(pilot)
        gone = campaign.state.player("[new] Calamity")
        assert not gone.alive and gone.death.endswith("never posted")
        table = pane(app, CHARACTERS).query_one("#dust-players", DataTable)
        assert str(table.get_row_at(0)[0]) == "[new] Calamity"
        # the dead are neither replaced nor removed: the keys say so
        await pilot.press("K")
        await pilot.pause()
        assert "K" not in footer_keys(app) and not isinstance(app.screen, Form)


@synchronous
async def test_the_day_and_night_tab_shows_the_roster_and_the_places_when_there_is_room(
        tmp_path):
    for size, wide in (((80, 24), False), ((200, 50), True)):
        folder = tmp_path / str(size[0])
        folder.mkdir()
        app, _ = app_of(sample_campaign(folder))
        async with app.run_test(size=size) as pilot:
            await to_tab(pilot, CONSOLE)
            console = pane(app, CONSOLE)
            roster = console.query_one("#dust-roster", DataTable)
            assert console.query_one("#dust-side").display is wide
            if wide:
                rows = [roster.get_row_at(i) for i in range(roster.row_count)]
                assert [str(r[4]) for r in rows if str(r[0]) == "Calamity"] == ["Whisperer"]
                places = str(console.query_one("#dust-places-now", Static).render())
                assert "The Cafe: next Knife, First Aid Kit (2 items)" in places
            # each name kept whole on the screen (no-break spaces)
            status = str(console.query_one("#dust-status", Static).render())
            assert "Not voting (12): [Doc]\u00a0Holliday" in status


@synchronous
async def test_a_key_that_does_not_apply_now_says_why_and_changes_nothing(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        # a long wagon wraps inside 80 columns rather than running off the screen
        for voter in ("Wyatt_E", "Parson Brown", "Sawbones", "Lamplighter"):
            await fill(pilot, "v", voter=voter, target="Whisperer")
        await until(pilot, lambda: len(campaign.state.tally()["Whisperer"]) == 6)
        board = pane(app, CONSOLE).query_one("#dust-board", DataTable)
        assert sum(c.get_render_width(board) for c in board.ordered_columns) <= 78
        assert board.rows[board.coordinate_to_cell_key(Coordinate(0, 0)).row_key].height == 2
        events = len(campaign.events)
        for key in ("a", "k", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, Form), key
        await until(pilot, lambda: len(refusals(notices)) == 3)
        assert [rule for rule, _ in refusals(notices)] == ["Night actions", "Night kill",
                                                           "Resolution"]
        assert all("it is Day 1" in why for _, why in refusals(notices))
        assert len(campaign.events) == events
        await confirm(pilot, "e")
        await until(pilot, lambda: "a" in footer_keys(app))
        notices.clear()
        await pilot.press("v")
        await pilot.pause()
        palette = {name: run for name, _, run in pane(app, CONSOLE).palette_commands()}
        await palette["Give item (a gift)"]()
        # a refusal comes in turn, after the key: both waited for
        await until(pilot, lambda: len(refusals(notices)) == 2)
        assert [rule for rule, _ in refusals(notices)] == ["Votes", "Gifts"]
        assert "Day 1 having ended without a lynch" in refusals(notices)[0][1]
        assert not isinstance(app.screen, Form)
        # resolving with no kill and no choices asks, and says what is missing
        await pilot.press("r")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        # (the sample's role cards were never copied from the Posts tab: round 13)
        assert question(app).endswith("Note: the Scum have chosen no kill and nothing sent by "
                                      "15 players and the messages to 15 players are not yet "
                                      "copied to send (y or m on the Posts tab): they leave "
                                      "it with Day 2 and the posts \u201cDay 1\u201d, "
                                      "\u201cDay 1: the end of the day\u201d are not yet "
                                      "copied to the thread (l on the Posts tab)."), question(app)
        await answer(pilot, yes=False)
        assert campaign.state.phase == "night"
        await to_tab(pilot, CHARACTERS)
        events = len(campaign.events)
        await pilot.press("p")
        await until(pilot, lambda: refusals(notices)[-1][0] == "Setup")
        assert "the game has started" in refusals(notices)[-1][1]
        assert not isinstance(app.screen, Form)
        assert len(campaign.events) == events


def test_the_day_power_form_offers_only_the_powers_usable_now():
    from gmscreen.games.dust.checks import day_powers
    from gmscreen.games.dust.commands import UseDayPower
    from tests.dust.game import new_game, run
    state = new_game({"Cat": ("Gasoline",), "Dan": ("Alcohol",)})
    assert day_powers(state) == [("Cat", "Gasoline", "Generator"),
                                 ("Dan", "Alcohol", "Generator"), ("Ino", "Innocent", "Vouch")]
    state = run(state, UseDayPower("Cat", "Gasoline", "Generator"),
                UseDayPower("Ino", "Innocent", "Vouch"))
    assert day_powers(state) == []  # lit for tonight, and the Innocent vouched for once


@synchronous
async def test_the_last_lynch_ends_the_game_with_the_veterans_own_win(tmp_path):
    from gmscreen.games.dust.commands import AddPlayer, StartGame, UseBookSetUp
    campaign = new_campaign(tmp_path, "End")
    campaign.execute(UseBookSetUp())
    for name, role in (("Ann", "Cop"), ("Sarge", "Veteran"), ("Cat", "Vanilla Town"),
                       ("Eve", "Despair")):
        campaign.execute(AddPlayer(name, role))
    campaign.start_session()
    campaign.execute(StartGame())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await vote_out(pilot, "Eve")
        status = str(pane(app, CONSOLE).query_one("#dust-status", Static).render())
        assert status == "The game is over: the Town won. Sarge also won, alive at the end."
        await until(pilot, lambda: "v" not in footer_keys(app))
        before = len(refusals(notices))
        for key in ("v", "a"):
            await pilot.press(key)
            await pilot.pause()
        await until(pilot, lambda: len(refusals(notices)) == before + 2)
        assert refusals(notices)[-2:] == [("Game over", f"{status} (votes are cast by day, "
                                           "before the hammer falls)"),
                                          ("Game over", f"{status} (night actions are sent "
                                           "once the day ends (a lynch, or the deadline))")]
        assert not isinstance(app.screen, Form)


@synchronous
async def test_refused_night_forms_keep_their_choices_until_corrected(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())  # no lynch: Night 1
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        events = len(campaign.events)
        # a target, but no one named to carry out the kill: the killer is the field to fill
        await fill(pilot, "k", target="Marshal Bass")
        form = await refusal_in_sight(pilot, "Night kill")
        assert len(campaign.events) == events
        assert form.focused is form.widget_of("killer")
        assert dict(form.values()) == {"killer": "", "target": "Marshal Bass"}
        await fill(pilot, killer="Widow Grey")
        await until(pilot, lambda: campaign.state.kill is not None)
        assert app.screen is app.screen_stack[0]
        assert campaign.state.kill.target == "Marshal Bass"
        # the Cop's Interrogate sent without the player it is aimed at
        events = len(campaign.events)
        await fill(pilot, "a", player="Marshal Bass", action=use("Cop", "Interrogate"))
        form = await refusal_in_sight(pilot, "Targets")
        assert len(campaign.events) == events
        assert form.focused is form.widget_of("target")
        assert form.values()["action"] == use("Cop", "Interrogate")
        await fill(pilot, target="Judge Holden")
        await until(pilot, lambda: campaign.state.choice("Marshal Bass") is not None)
        assert app.screen is app.screen_stack[0]
        assert campaign.state.choice("Marshal Bass").uses[0].targets == ("Judge Holden",)
        assert refusals(notices) == []


@synchronous
async def test_every_column_of_the_tabs_has_a_glossary_entry(tmp_path):
    from gmscreen.glossary import find, words_of
    words = words_of("gmscreen.games.dust")
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    headings: set[str] = set()

    def seen() -> None:
        for table in app.screen.query(DataTable):
            headings.update(str(column.label) for column in table.ordered_columns)

    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, CHARACTERS)
        for _ in range(4):  # the players, the items, the locations, the roles
            seen()
            await pilot.press("o")
            await pilot.pause()
        await to_tab(pilot, CONSOLE)
        seen()  # by day
        await confirm(pilot, "e")
        seen()  # by night
    assert {"Player", "Item", "Location", "Role", "Votes for", "Tonight",
            "Vote, or death"} <= headings
    assert sorted(h for h in headings if find(words, h) is None) == []


def test_the_night_form_offers_a_role_power_with_the_uses_it_has_left():
    """The Vigilante's two shots (line 38: a spent role power never comes back): once he
    has fired one, the night form offers his power with one left, as his sheet counts it,
    and with none left once both are gone; the moderator no longer counts them himself."""
    state = night_of()
    label = "Vigilante: Execute (night, exclusive, 2 uses, {} left)"
    for left, target in ((2, "Dan"), (1, "Cat")):
        assert (label.format(left), use("Vigilante", "Execute")) in actions(
            state, "Vig", exclusive=True)
        shot = PowerUse("Vigilante", "Execute", (target,))
        state = run(resolve(choose(state, "Vig", shot)), EndDay())
    assert label.format(0) in [text for text, _ in actions(state, "Vig", exclusive=True)]


def test_the_night_form_names_an_items_copy_with_the_uses_it_has_left():
    """A copy keeps its uses spent (line 124: two notes, then the Notebook is gone): once
    Cat has written one note, the night form offers his Notebook as his sheet holds it, with
    one of its two uses left."""
    state = night_of({"Cat": ("Notebook",)})
    assert ("Notebook: Notes (night)", use("Notebook", "Notes")) in actions(
        state, "Cat", exclusive=False)
    wrote = PowerUse("Notebook", "Notes", (), "It was Pat.")
    state = run(resolve(choose(state, "Cat", wrote)), EndDay())
    assert ("Notebook (1 of 2 uses left): Notes (night)", use("Notebook", "Notes")) in actions(
        state, "Cat", exclusive=False)


@synchronous
async def test_the_night_form_says_what_the_powers_chosen_do_as_they_are_chosen(tmp_path):
    """A moderator who never read the book chose "Cop: Interrogate (night, exclusive)" with
    nothing to say what it does or that it works only on a target in the church, nor what
    the Adrenaline ticked beside it does: each power chosen is told under the fields, in its
    sheet's words, and nothing once he stays in the church."""
    campaign = night_with_three_extras(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await night_form_for(pilot, "Ann")
        assert preview(form) == ""
        # the line is the form's watch's, run in its turn after each change: waited for
        set_field(form, "action", packed("use", "Cop", "Interrogate"))
        await until(pilot, lambda: preview(form) == (
            "Interrogate (night, exclusive, target in the church): Learn the alignment of a "
            "target who stays in the church."))
        set_field(form, "extra", (packed("use", "Adrenaline", "Energy"),))
        await until(pilot, lambda: "Energy (night): Ignore every block tonight." in preview(form))
        set_field(form, "action", "stay")
        set_field(form, "extra", ())
        await until(pilot, lambda: preview(form) == "")
        # a Scum's still names the rule that keeps the places off, after what he chose
        delusion = packed("use", "Paranoia", "Delusion")
        set_field(form, "player", "Pat")
        # his powers offered once the watch has run on the player chosen
        await until(pilot, lambda: delusion in dict(form.options_of("action")).values())
        set_field(form, "action", delusion)
        await until(pilot, lambda: preview(form).startswith("Delusion"))
        assert preview(form).startswith("Delusion (night, exclusive): The first "
                                        "target's night actions land on the second target")
        assert preview(form).endswith("he may still use items given to him.")


@synchronous
async def test_the_kill_form_on_a_lit_night_says_the_kill_reaches_only_those_who_go_out(
        tmp_path):
    """Lines 88-90: on a night the generator lit, the moderator entering the Scum's kill was
    not told it cannot reach a player inside; the form says so above its fields, and says
    nothing of it on a dark night."""
    from gmscreen.games.dust.commands import UseDayPower
    campaign = day_one(tmp_path, {"Cat": ("Gasoline",)})
    assert kill_note(night_of(), "Gus") == "Decided by Guilt (Gus)."  # a dark night
    # once Guilt is dead, no one is named: the living Scum choose together
    from gmscreen.games.dust.commands import ModKill
    orphaned = run(night_of(), ModKill("Gus", "never posted"))
    assert kill_note(orphaned, "") == ("Guilt (Gus) is dead: the living Scum choose the kill "
                                       "together, and which of them carries it out.")
    campaign.execute(UseDayPower("Cat", "Gasoline", "Generator"))
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "k")
        assert form_note(form) == (
            "Decided by Guilt (Gus). The church is lit tonight: the kill reaches only a "
            "target who goes out (scavenging, or a power that takes him out of the church).")


def form_note(form: Form) -> str:
    return " ".join(str(s.render()) for s in form.query(".form-note"))


def test_the_night_form_says_what_a_place_holds_what_its_avatar_does_and_who_else_goes():
    """A moderator told "I go to the Hotel" had to leave the form for the locations list to
    know what is there, and the book to know what its Avatar of Fear does tonight (lines
    187-189); the line under the fields says it, and who else searches there tonight."""
    from gmscreen.games.dust.panes.cycle import night_preview, scavenge_line
    from tests.dust.game import to_night
    state = choose(night_of(), "Dan", scavenge="The Cafe")
    assert scavenge_line(state, "Cat", "The Cafe") == (
        "The Cafe holds, next first: Knife, First Aid Kit. Also going there tonight: Dan "
        "(the lots share the finds).")
    values = Values({"player": "Cat", "action": packed("scavenge", "The Cafe"), "extra": ()},
                    {"player": "Player", "action": "Whole night", "extra": "Also"})
    assert night_preview(state, values) == scavenge_line(state, "Cat", "The Cafe")
    state = to_night(state, 2)
    assert scavenge_line(state, "Cat", "The Hotel") == (
        "The Hotel holds, next first: Crucifix, Avatar of Fear, Alcohol. The Avatar of Fear "
        "sends its finder back to the church with nothing more.")
    state = to_night(state, 3)
    assert scavenge_line(state, "Cat", "The Lake").endswith(
        "The Avatar of Fear kills its finder, like the Scum's kill.")
