"""Two-step forms sent with Enter alone, as a Judge types them: the second form's command is
made. Before the kit's `Dialog.answer_to`, a form asked once another was sent with Enter had
its answer go through the first form, gone by then: nothing was made, nothing said."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful.commands import FormPosse
from gmscreen.ui.form import Form
from tests.fistful.test_panes import judged, new_campaign
from tests.pilot import form_up, synchronous, to_tab, until


@synchronous
async def test_a_character_rolled_by_the_app_is_made_with_enter_and_enter(tmp_path: Path):
    campaign = new_campaign(tmp_path)
    campaign.execute(FormPosse("The Test Gang", 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("c")
        await form_up(pilot)
        await pilot.press(*"Wyatt", "enter")  # the dice and the purse left to the app
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text.startswith("Wyatt rolled"))
        await pilot.press("down", "enter")  # the first swap offered: Grit <-> Gumption
        await until(pilot, lambda: campaign.state.character("Wyatt") is not None)
        made = campaign.state.character("Wyatt")
        assert made is not None and not isinstance(app.screen, Form)
        dice = campaign.events[-1].data["dice"]
        assert (made.grit, made.gumption) == (dice[2] + dice[3] + 9, dice[0] + dice[1] + 9)
    campaign.close()
