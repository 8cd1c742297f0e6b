"""A loaded machine (round 35): a value the Conflict tab took at one moment and used at a
later one, each order of events made to happen here."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff.sample import COLE
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.test_round_fifteen import highlighted, one_off
from tests.pilot import synchronous, to_tab, until


@synchronous
async def test_an_activation_undone_gives_the_cursor_back_to_where_the_dealer_had_put_it(
        tmp_path: Path) -> None:
    """The cursor moved by hand from Sheriff Cole to Ruth Cole, then a, down, Enter: Eli
    Crane activated by mistake. ctrl+z gave the cursor to Sheriff Cole, the model it was
    on when the tab was last drawn, not Ruth Cole, where the Dealer had put it: the model
    remembered was read at the redraw before the cursor moved, and used at the one after
    the activation. The Activate form then offered Sheriff Cole, not the model meant."""
    campaign = one_off(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: highlighted(app) == COLE)
        await pilot.press("down")
        await until(pilot, lambda: highlighted(app) == "Ruth Cole")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form) and form.values().text("fighter") == "Ruth Cole"
        await pilot.press("down", "enter")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is not None)
        battle = campaign.state.battle
        assert battle is not None and battle.activation is not None
        assert battle.activation.fighter == "Eli Crane"
        await until(pilot, lambda: highlighted(app) == "Eli Crane")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is None)
        await until(pilot, lambda: highlighted(app) == "Ruth Cole")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is not None)
        battle = campaign.state.battle
        assert battle is not None and battle.activation is not None
        assert battle.activation.fighter == "Ruth Cole"
    campaign.close()
