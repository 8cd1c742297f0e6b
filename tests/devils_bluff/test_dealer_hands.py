"""The Dealer's hands: a whole session by keys at 80x24, then by the mouse (a sixteenth
look). A step the rules refuse whatever the form holds is not offered: with both gangs at
ten models (module lines 11, 95), e no longer opens an Enlist form only to refuse it once
filled ("Gang size: 11 models")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Button, DataTable, Tab

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import Activate, CloseAftermath, EndGame
from gmscreen.games.devils_bluff.hiring import why_not_enlist
from gmscreen.games.devils_bluff.rules import activating
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from tests.devils_bluff import helpers as tables
from tests.devils_bluff.helpers import campaign_sample
from tests.pilot import (
    Notices,
    click_key,
    footer_keys,
    form_up,
    synchronous,
    to_tab,
    until,
)


@synchronous
async def test_with_both_gangs_full_enlisting_is_refused_before_any_form(
        tmp_path: Path) -> None:
    # the one-off sample's game ended: both gangs at ten, and no aftermath to close
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(EndGame())
    refusal = why_not_enlist(campaign.state)
    assert refusal is not None
    assert (refusal.rule, refusal.message) == (
        "Gang size", "both gangs have 10 models, the most a gang may have")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.pause()
        assert "e" not in footer_keys(app)
        await pilot.press("e")
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form)
        assert notices.of("warning")[-1].title == "Gang size"
    campaign.close()
    # a campaign's: the aftermath closed first, the hired guns move on and leave room
    table = tables.campaign()
    table.execute(EndGame())
    refusal = why_not_enlist(table.state)
    assert refusal is not None and refusal.rule == "Aftermath", refusal
    table.execute(CloseAftermath())
    assert why_not_enlist(table.state) is None


def test_ending_a_session_offers_to_leave_the_game_off_in_the_game_s_words() -> None:
    # f6 with a game under way offered "Leave it off: it ends with no outcome", the kit's
    # words, where the rules journal a game left off as unfinished, won by nobody, with no
    # experience (turns' readings)
    # a one-off gains no experience at all: it says its game may be begun again (round 13)
    table = tables.one_off()
    assert RULES.left_off(table.state) == (
        "game 1 ends unfinished, won by nobody; the one-off's game may be begun again")
    name = activatable(table.state)[0]
    table.execute(Activate(name))
    assert RULES.left_off(table.state) == (
        f"{name}'s activation ends, then game 1 ends unfinished, won by nobody; the "
        "one-off's game may be begun again")
    table = tables.campaign()
    assert RULES.left_off(table.state) == (
        "game 1 ends unfinished, won by nobody, and nobody gains experience")


async def clicked_send(pilot: Any) -> None:
    await pilot.click(next(b for b in pilot.app.screen.query(Button)
                           if "Send" in str(b.label)))
    await pilot.pause()


@synchronous
async def test_a_turn_by_the_mouse_alone(tmp_path: Path) -> None:
    # the tab, the model's row, the footer's keys, a choice in the form and Send, each
    # clicked, do what their keys do: the model clicked is offered, the target clicked shot
    campaign = campaign_sample(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        # the tab clicked once it is laid out, and its table waited for: the shell mounts its
        # tabs after the screen, and a click at once found none (the starved wait, round 36)
        def conflict() -> list[Tab]:
            return [t for t in app.screen.query(Tab)
                    if "Conflict" in str(t.label) and t.region.width]

        await until(pilot, conflict)
        await pilot.click(conflict()[0])
        await until(pilot, lambda: app.screen.query("#bluff-models").nodes)
        battle = campaign.state.battle
        assert battle is not None
        turn = campaign.state.gang(battle.turn)
        assert turn is not None
        models = app.screen.query_one("#bluff-models", DataTable)
        shooter = turn.fighters[2].name
        # clicked once the tab's table is laid out with its rows, and the row's highlight
        # waited for: a click at once fell where the table was not yet (round 35)
        await until(pilot, lambda: models.row_count > 2 and models.region.height > 3)
        await pilot.click(models, offset=(2, 3))  # the third row: the third model
        await until(pilot, lambda: models.cursor_row == 2)
        await click_key(pilot, "a")
        # the form comes up after the click, its fields after it: both waited for
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values()["fighter"] == shooter)
        await clicked_send(pilot)
        # each click's step waited for, where one pause guessed (the starved wait, round 36)
        await until(pilot, lambda: activating(campaign.state) == shooter)
        await click_key(pilot, "f")
        form = await form_up(pilot)
        choices = form.query_one("#f-target", OneOf)
        target = choices.options[2][0]
        drawn = choices.render().plain.split("\n")
        row = next(i for i, line in enumerate(drawn) if target in line)
        await until(pilot, lambda: choices.region.height > row)
        await pilot.click(choices, offset=(drawn[row].index(target) + 1, row))
        await until(pilot, lambda: form.values()["target"] == target)
        await clicked_send(pilot)
        # its Battle Skill hits: the defender's player draws for the Defence test, by click
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.click(next(b for b in app.screen.query(Button)
                               if "Draw the top card" in str(b.label)))
        await until(pilot, lambda: not isinstance(app.screen, Form | Confirm)
                    and campaign.state.last.startswith(f"{shooter} shoots at"))
        assert campaign.state.last.startswith(f"{shooter} shoots at {target}")
        await click_key(pilot, "e")
        await until(pilot, lambda: activating(campaign.state) == "")
    campaign.close()
