"""Dead Man's Hand by the mouse alone: a tab, a footer key, a row of the table, a line of a
list (a double click sends it), a drop-down and its choice, a field, a box and the form's
button, each by a click."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Static

from gmscreen.games.dead_mans_hand.commands import LoadScenario
from gmscreen.games.dead_mans_hand.state import MatchState, Phase
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.shell import ShellScreen
from tests.dead_mans_hand.helpers import click_shown, click_tab, new_campaign, settled
from tests.pilot import click_key, form_up, synchronous, until


async def clicked_form(pilot: Pilot[Any], key: str) -> Form:
    await click_key(pilot, key)
    return await form_up(pilot)


async def sent(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ShellScreen))
    await pilot.pause()


async def place_all(pilot: Pilot[Any], campaign: Campaign[MatchState]) -> None:
    """Every model placed, by clicks on the footer's Place model."""
    while campaign.state.phase is Phase.DEPLOYING:
        placed = written_after(campaign, len(campaign.events))
        await click_key(pilot, "d")
        await until(pilot, placed)


def written_after(campaign: Campaign[MatchState], count: int) -> Callable[[], bool]:
    """Whether the journal holds more than `count` events."""
    return lambda: len(campaign.events) > count


def kinds(campaign: Campaign[MatchState], since: int) -> list[str]:
    return [e.kind.removeprefix("dead_mans_hand.") for e in campaign.events[since:]]


@pytest.mark.slow
@synchronous
async def test_a_turn_by_the_mouse(tmp_path: Path) -> None:
    """Jailbreak!, from its set-up to a result card played, without a key pressed but the
    digits of the yards."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("jailbreak"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, "Conflict")
        await clicked_form(pilot, "g")
        await click_shown(pilot, "#form-send")  # left blank: the app draws
        await sent(pilot)
        await place_all(pilot, campaign)
        # a row of the table by a click: the second model of the side to act
        table = app.screen.query_one("#models", DataTable)
        await pilot.click(table, offset=(4, 2))

        def highlighted() -> str:
            return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

        await until(pilot, lambda: highlighted().endswith(" 2"))
        chosen = highlighted()
        # the move: a click only highlights a line, a double click sends it
        since = len(campaign.events)
        await clicked_form(pilot, "u")
        await click_shown(pilot, "#f-move", offset=(4, 0), times=2)  # standing still
        await sent(pilot)
        assert kinds(campaign, since) == ["model_used"]
        used = campaign.state.turn
        assert used is not None and used.in_use == chosen

        since = len(campaign.events)
        shown = await clicked_form(pilot, "a")
        # the form keeps its place as the keyboard goes from field to field (the box of
        # explanation under it keeps its height), so no click lands where a field was
        places = set()
        for field in shown.fields:
            shown.widget_of(field.key).focus()
            await settled(pilot)  # the box laid out anew for the field's explanation
            places.add((shown.query_one("#form-box").region,
                        shown.query_one("#form-about").region.height))
        assert len(places) == 1, places
        shown.widget_of("yards").focus()
        await until(pilot, lambda: app.focused is shown.widget_of("yards"))
        target = shown.widget_of("target")
        assert isinstance(target, OneOf)
        # one click on the second enemy, side by side with the first ("▐●▌" and the label
        # with a space either side, then two columns between)
        first = target.options[0][0]
        await pilot.click(target, offset=(5 + len(first) + 2 + 4, 0))
        await until(pilot, lambda: shown.values().text("target") != first)
        aimed = shown.values().text("target")
        assert aimed.endswith(" 2")
        await click_shown(pilot, "#f-yards")
        await pilot.press(*"30")
        friends = shown.widget_of("friends")
        assert isinstance(friends, Checkbox)
        await pilot.click(friends, offset=(1, 0))  # one click ticks the box
        await until(pilot, lambda: friends.value)
        await click_shown(pilot, "#form-send")
        await sent(pilot)
        assert kinds(campaign, since) == ["attack_drawn"]
        attack = campaign.state.attack
        assert attack is not None and (attack.target, attack.yards, len(attack.cards)) == (
            aimed, 30, 3)

        since = len(campaign.events)
        await clicked_form(pilot, "p")
        await click_shown(pilot, "#f-card", offset=(4, 0))
        await settled(pilot)  # what the click does, done
        assert isinstance(app.screen, Form)  # one click: the line highlighted, nothing sent
        await click_shown(pilot, "#f-card", offset=(4, 0), times=2)
        await sent(pilot)
        assert kinds(campaign, since)[0] == "result_played"


async def click_words(pilot: Pilot[Any], where: str, words: str) -> None:
    """Click `words` where the Static `where` shows them."""
    shown = pilot.app.screen.query_one(where, Static)
    lines = str(shown.render()).splitlines()
    row = next(i for i, line in enumerate(lines) if words in line)
    await pilot.click(shown, offset=(shown.styles.padding.left + lines[row].index(words) + 1,
                                     row))
    await pilot.pause()


@synchronous
async def test_the_keys_named_over_the_tables_are_clicked(tmp_path: Path) -> None:
    """The steps kept off the footer, named over the table ("Keys: y surrender, z undo
    attack, R reshuffle, h play sheet") and over the posses while they are built ("s a
    scenario, f the format, N a posse's name"), each by a click on its words, where only the
    palette took them by the mouse."""
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, "Characters")
        for words, title in (("s a scenario", "Load a scenario"), ("f the format", "Format"),
                             ("N a posse's name", "Name a posse")):
            await click_words(pilot, "#summary", words)
            assert (await form_up(pilot)).title_text == title
            await click_shown(pilot, "#form-cancel")
            await sent(pilot)
        await click_words(pilot, "#summary", "s a scenario")
        await form_up(pilot)
        # Take that Bastard Down!
        await click_shown(pilot, "#f-scenario", offset=(4, 0), times=2)
        await sent(pilot)
        assert campaign.state.scenario == "take-that-bastard-down"

        await click_tab(pilot, "Conflict")
        await clicked_form(pilot, "g")
        await click_shown(pilot, "#form-send")
        await sent(pilot)
        await click_words(pilot, "#tracker", "h play sheet")
        await until(pilot, lambda: app.focused is app.screen.query_one("#attack-scroll"))
        await place_all(pilot, campaign)
        since = len(campaign.events)  # in play, between attacks: the set-up card goes back
        await click_words(pilot, "#tracker", "R reshuffle")
        await until(pilot, lambda: isinstance(app.screen, Confirm))  # asked first (round 13)
        await click_shown(pilot, "#confirm-yes")
        await sent(pilot)
        assert kinds(campaign, since) == ["pack_reshuffled"]
        await click_words(pilot, "#tracker", "y surrender")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await click_shown(pilot, "#confirm-no")
        await sent(pilot)


@synchronous
async def test_one_click_ticks_a_box_of_the_recruit_form(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, "Characters")
        shown = await clicked_form(pilot, "r")
        civilian = shown.widget_of("civilian")
        assert isinstance(civilian, Checkbox)
        await click_shown(pilot, civilian, offset=(1, 0))
        await until(pilot, lambda: civilian.value)
