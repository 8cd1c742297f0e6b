"""The Devils Bluff tabs through the app's pilot: a round played by keys that replays from
the file to the same state; hands face down until their player looks; a gang refused by
the builder with the rule named."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, SelectionList, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.combat import targets
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import setting_table
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from tests.devils_bluff.helpers import acting_now, defence_drawn, pick
from tests.pilot import Notices, fill, footer_keys, refusal_shown, to_tab, until


def table_app(campaign: Campaign[Any]) -> tuple[GmScreenApp, Notices]:
    """The app on `campaign`, and what it tells the players, recorded."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


def said(notices: Notices, since: int = 0) -> list[tuple[str, str]]:
    """What the app told since the `since`-th notice: (title, message) each."""
    return [(n.title, n.message) for n in notices[since:]]


def _on_row(table: DataTable[Any], row: int) -> Callable[[], bool]:
    """Whether `table`'s cursor is on `row` now (a condition to wait for)."""
    return lambda: table.cursor_row == row


async def select_row(pilot: Any, name: str) -> None:
    """The cursor put on `name`'s row by keys, each key's move waited for: read straight
    after a press, the cursor was where it stood before the key on a loaded machine (round
    35), and a down too many, or too few, left it on another model."""
    table = pilot.app.screen.query_one("#bluff-models", DataTable)
    table.focus()
    await until(pilot, lambda: table.has_focus)
    # ctrl+home puts the cursor on the first row (home only scrolls sideways)
    await pilot.press("ctrl+home")
    await until(pilot, lambda: table.cursor_row == 0)
    for _ in range(table.row_count):
        if table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == name:
            return
        moved = _on_row(table, table.cursor_row + 1)  # taken before the key
        await pilot.press("down")
        await until(pilot, moved)
    raise AssertionError(f"{name} is not in the table")


def test_a_round_by_keys_replays_from_the_file(tmp_path: Path) -> None:
    asyncio.run(_a_round_by_keys_replays_from_the_file(tmp_path))


async def _a_round_by_keys_replays_from_the_file(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        state = campaign.state
        first, second = state.battle.order
        shooter = state.gang(first).fighters[2].name
        target = state.gang(second).fighters[3].name
        await select_row(pilot, shooter)
        assert {"a", "t", "h", "H"} <= footer_keys(app)
        assert not {"v", "f", "e", "g", "y", "r"} & footer_keys(app)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        assert {"v", "u", "i", "f", "e"} <= footer_keys(app)
        assert not {"a", "c", "s", "x"} & footer_keys(app)
        await pilot.press("v")
        await pilot.pause()
        assert "v" not in footer_keys(app)
        await pilot.press("f")
        await _only_targets_and_cover_side_by_side(pilot, shooter)
        await fill(pilot, target=target, cover="light")
        await defence_drawn(pilot)
        assert campaign.state.find(shooter)[1].activated
        assert campaign.state.battle.turn == second
        mover = campaign.state.gang(second).fighters[1].name
        await select_row(pilot, mover)
        # a full hand draws a sixth card, then d asks which of the six goes
        hand = campaign.state.hand(second)
        assert len(hand) == 5
        await pilot.press("d")
        await pilot.pause()
        assert len(campaign.state.hand(second)) == 6
        await pilot.press("d")
        await fill(pilot, card=hand[0].code)
        assert hand[0] not in campaign.state.hand(second)
        assert len(campaign.state.hand(second)) == 5
        assert hand[0] in campaign.state.deck.discards
        await pilot.press("a", "enter", "v", "u")
        await pilot.pause()
        assert campaign.state.find(mover)[1].activated, notices
        assert campaign.state.battle.turn == first
        kinds = [e.kind.removeprefix("devils_bluff.") for e in campaign.events[-8:]]
        assert "attacked" in kinds and "card_drawn" in kinds, kinds
        played = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_a_hand_is_face_down_until_its_player_looks(tmp_path: Path) -> None:
    asyncio.run(_a_hand_is_face_down_until_its_player_looks(tmp_path))


async def _a_hand_is_face_down_until_its_player_looks(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        first = campaign.state.players[0]
        cards = [str(c) for c in campaign.state.hand(first)]
        hands = app.screen.query_one("#bluff-hands", Static)

        def shown() -> str:
            return str(hands.render())
        assert not any(c in shown() for c in cards)
        await pilot.press("h")
        assert all(c in shown() for c in cards)
        await pilot.press("down")
        assert not any(c in shown() for c in cards)
    campaign.close()


def test_the_builder_names_the_rule_a_gang_breaks(tmp_path: Path) -> None:
    asyncio.run(_the_builder_names_the_rule_a_gang_breaks(tmp_path))


async def _the_builder_names_the_rule_a_gang_breaks(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        # the game has begun: nobody joins a gang mid-game, so enlisting is not offered
        assert not {"e", "x", "m", "o"} & footer_keys(app)
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, Form)
        # back to before the game (the round, the scout, the deployment, the shuffle undone)
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert campaign.state.battle is None
        # both gangs at ten: nobody may join, so e is not offered and says the rule
        assert "x" in footer_keys(app)
        assert not {"e", "o", "l", "k"} & footer_keys(app)
        before, told = campaign.state, len(notices)
        await pilot.press("e")
        await until(pilot, lambda: len(notices) > told)
        assert not isinstance(app.screen, Form) and campaign.state == before
        assert notices[-1].title == "Gang size"
        # a custom gunslinger of the one-off replaced: a level short of the two's 3 and 2
        pick(pilot, "#bluff-roster", "Cal Hendry")
        await pilot.press("x")  # x asks whom it takes first (round 12)
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.find("Cal Hendry") is None)
        await pilot.press("e")
        await pilot.pause()
        enlist = app.screen
        assert isinstance(enlist, Form)
        # the gang is one of two choices side by side, chosen by keys (space chooses, Enter
        # would choose and send)
        enlist.query_one("#f-player", OneOf).focus()
        await pilot.press("right", "space")
        assert enlist.values()["player"] == COLE
        await pilot.press("left", "space")
        assert enlist.values()["player"] == HENDRY
        await fill(pilot, name="Cal Hendry", weapon="Rifle", hired=False)
        form = refusal_shown(app, "One-off gang")
        # the form stays open with what was typed, the rule said in it
        assert (form.values()["name"], form.values()["weapon"]) == ("Cal Hendry", "Rifle")
        perks = form.query_one("#f-perks", SelectionList)
        assert form.focused is perks, "the perks the rule names"
        # ticked by keys: Hunter (eleventh), then Deft (fifth), in one list
        await pilot.press("home", *["down"] * 10, "space", "home", *["down"] * 4, "space")
        assert form.values()["perks"] == ("Deft", "Hunter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, Form), "the form stayed open once accepted"
        cal = campaign.state.find("Cal Hendry")
        assert cal is not None and cal[1].recruit.perks == ("Deft", "Hunter")
        assert not cal[1].recruit.hired
    campaign.close()


def test_a_form_shows_the_choices_it_starts_with(tmp_path: Path) -> None:
    asyncio.run(_a_form_shows_the_choices_it_starts_with(tmp_path))


async def _a_form_shows_the_choices_it_starts_with(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        first, second = campaign.state.battle.order
        shooter = campaign.state.gang(first).fighters[0].name
        target = campaign.state.gang(second).fighters[2].name
        await select_row(pilot, shooter)
        await pilot.press("a", "enter")
        await select_row(pilot, target)
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        # the model aimed at is chosen, not the first enemy
        assert (form.values()["target"], form.values()["cover"]) == (target, "none")
        await pilot.press("escape")
    campaign.close()


def test_deployment_by_keys_holds_the_scout_back(tmp_path: Path) -> None:
    asyncio.run(_deployment_by_keys_holds_the_scout_back(tmp_path))


async def _deployment_by_keys_holds_the_scout_back(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # back to before the deployment: the round, the scout, then the deployment, undone
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        battle = campaign.state.battle
        assert battle is not None and battle.round == 0 and not battle.deployment
        status = app.screen.query_one("#bluff-status", Static)
        assert "Press y to draw" in str(status.content)
        # no round before the deployment: r is not offered and does nothing
        assert "r" not in footer_keys(app)
        await pilot.press("r")
        await pilot.pause()
        assert campaign.state.battle.round == 0
        assert "y" in footer_keys(app)
        await pilot.press("y")
        await fill(pilot, scout0=True)
        battle = campaign.state.battle
        assert battle is not None and battle.scouts == ("Cal Hendry",)
        first = battle.deployment[0]
        shown = str(status.content)
        assert f"{first} picks a deployment area and deploys first" in shown
        assert "Press p to place Cal Hendry" in shown
        # the scout waits to be placed: the players confirm the distance rule (p)
        assert footer_keys(app) & {"p", "r", "a", "y"} == {"p"}
        await pilot.press("p")
        await pilot.pause()
        question = app.screen.query_one("#confirm-question", Static)
        assert 'more than 12" from every enemy model' in str(question.render())
        await pilot.press("n")  # not so: nothing changes
        await pilot.pause()
        assert campaign.state.battle.scouts == ("Cal Hendry",)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state.battle.scouts == ()
        assert footer_keys(app) & {"p", "r", "a", "y"} == {"r"}
        await pilot.press("r")
        await pilot.pause()
        assert campaign.state.battle.round == 1
        played = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_leaving_assault_range_by_keys(tmp_path: Path) -> None:
    asyncio.run(_leaving_assault_range_by_keys(tmp_path))


async def _leaving_assault_range_by_keys(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        first, second = campaign.state.battle.order
        mover = campaign.state.gang(first).fighters[3].name
        enemy = campaign.state.gang(second).fighters[4].name
        await select_row(pilot, mover)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        assert "l" in footer_keys(app)
        await pilot.press("l")
        enemies = [f.name for g in campaign.state.gangs if g.player == second
                   for f in g.fighters]
        count = len(campaign.events)
        await fill(pilot, action="Rush")  # no enemy ticked: refused in the form
        form = refusal_shown(app, "Assault range")
        assert len(campaign.events) == count and form.values()["action"] == "Rush"
        assert form.focused is form.query_one("#f-leaving0"), "the first enemy's box"
        # the same form, the enemy ticked, goes through
        await fill(pilot, None, **{f"leaving{enemies.index(enemy)}": True})
        assert not isinstance(app.screen, Form), "the form stayed open once accepted"
        parting = campaign.state.battle.parting
        assert parting is not None and parting.attackers == (enemy,), notices
        # only the free attack and the Rush are offered now
        assert {"f", "u"} <= footer_keys(app)
        assert not {"v", "i", "l", "c"} & footer_keys(app)
        status = str(app.screen.query_one("#bluff-status", Static).content)
        assert f"{mover} leaves assault range: {enemy} may attack first (f)" in status
        await pilot.press("f")
        await fill(pilot)
        await defence_drawn(pilot)
        shot = campaign.events[-1]
        assert shot.data["parting_shot"] and shot.data["weapon"] == "Fists and Knives"
        assert shot.data["target"] == mover
        await pilot.press("u")
        await pilot.pause()
        assert campaign.events[-1].kind == "devils_bluff.moved"
        assert campaign.state.battle.parting is None
        played = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_the_set_up_form_explains_the_setting_the_keyboard_is_on(tmp_path: Path) -> None:
    asyncio.run(_the_set_up_form_explains_the_setting_the_keyboard_is_on(tmp_path))


async def _the_set_up_form_explains_the_setting_the_keyboard_is_on(tmp_path: Path) -> None:
    JournalStore.create(tmp_path / "fresh.toml", new_header("devils-bluff", "Fresh", 1)).close()
    campaign = open_campaign(tmp_path / "fresh.toml", rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        about = form.query_one("#form-about", Static)
        settings = setting_table()
        # tab from Play past Hiring to each setting in turn: its explanation is shown
        await pilot.press("tab", "tab")
        for setting in settings[:3]:
            await pilot.pause()
            assert form.focused is form.query_one(f"#f-{setting.key}")
            assert str(about.render()).split() == setting.about.split()
            await pilot.press("tab")
        # the box stays in sight at 80x24
        assert about.region.bottom <= 24
        await pilot.press("escape")
    campaign.close()


def test_the_highlighted_model_s_notes_are_listed_under_the_roster(tmp_path: Path) -> None:
    asyncio.run(_the_highlighted_model_s_notes_are_listed_under_the_roster(tmp_path))


async def _the_highlighted_model_s_notes_are_listed_under_the_roster(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.note("Jesse owes the [b]Devil[/b] a favour", ["Jesse Hendry"])
    campaign.note("Jesse was seen at the livery", ["jesse hendry"], public=True)
    campaign.note("Cal keeps to the hayloft", ["Cal Hendry"])
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        detail = app.screen.query_one("#bluff-roster-text", Static)
        assert "Noted" not in str(detail.content)  # Ma Hendry, highlighted, has none
        await pilot.press("down")
        await pilot.pause()
        shown = str(detail.content)
        assert shown.startswith("Jesse Hendry of The Hendry Boys")
        assert ("Session 1: Jesse owes the [b]Devil[/b] a favour\n"
                "Session 1 (told to the table): Jesse was seen at the livery") in shown
        assert "Cal keeps" not in shown



async def _only_targets_and_cover_side_by_side(pilot: Any, shooter: str) -> None:
    """The attack form as it opens: the Target drop-down began with a blank "(none)" the
    rules always refused, and Cover was a drop-down of three short words; now the enemies
    the rules let `shooter` attack side by side, one chosen, and Cover side by side, no
    cover chosen."""
    app = pilot.app
    await pilot.pause()
    shown = app.screen
    assert isinstance(shown, Form)
    fields = {f.key: f for f in shown.fields}
    enemies = targets(app.campaign.state, shooter)
    assert fields["target"].kind == fields["cover"].kind == "one"
    assert [choice for _, choice in fields["target"].options] == enemies
    assert [choice for _, choice in fields["cover"].options] == ["none", "light", "heavy"]
    assert (shown.values()["target"], shown.values()["cover"]) == (enemies[0], "none")
    assert isinstance(shown.widget_of("target"), OneOf)
    assert isinstance(shown.widget_of("cover"), OneOf)


def test_the_model_activated_is_the_one_highlighted(tmp_path: Path) -> None:
    asyncio.run(_the_model_activated_is_the_one_highlighted(tmp_path))


async def _the_model_activated_is_the_one_highlighted(tmp_path: Path) -> None:
    """Ben activated Deputy Moss from the Activate list, one below the model highlighted,
    and pressed t: the cursor had stayed on Deputy Lane, and the test (with Fear's -3)
    was Deputy Lane's, though Moss was the one acting. Activating a model now puts the
    cursor on it (the odds line follows), and the Dealer may still move it to test
    another; the next redraw does not pull it back."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        state = campaign.state
        gang = state.gang(state.battle.turn)
        first, second = gang.fighters[0].name, gang.fighters[1].name
        await select_row(pilot, first)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert campaign.state.battle.activation.fighter == second
        table = app.screen.query_one("#bluff-models", DataTable)
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == second
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, Form) and app.screen.title_text == (
            f"{second} takes a test"), app.screen
        await pilot.press("escape")
        await pilot.pause()
        # moved by hand to another model, it stays there through a step
        await select_row(pilot, first)
        await pilot.press("v")
        await pilot.pause()
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == first
    campaign.close()
