"""At 80x24 the result-card form stands over the table of models, and every line under its
field hides a row of them. Its words took two lines where the choice is the common one
("The choice is Apache Raider 1's. The list opens on 5♠ (no effect), the card that serves
Apache Raider 1 best."), naming the model its title already names. They say the same in one
line, the model called "it" after the title that names it, so one more model stays in sight
while the card is chosen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand.commands import LoadScenario, MakeAttack, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.pilot import opened, screen_text, synchronous, to_tab


@synchronous
async def test_the_result_card_words_take_one_line_and_leave_a_row_more_in_sight(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "plains.toml")
    campaign.execute(LoadScenario("skirmish-on-the-plains"))
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Apache Raider 1", Move.STILL))
    campaign.execute(MakeAttack("Rifleman 1", "shotgun", 20, ("5s", "4s", "3d")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "p")
        (field,) = shown.fields
        assert field.about == ("Its player picks; the list opens on 5♠ (no effect), its "
                               "best card.")
        # its rule and one line of words
        assert shown.query_one("#form-about", Static).region.height == 2
        in_sight = [line for line in screen_text(app).splitlines()
                    if " Rifleman " in line and "1/1" in line]
        assert len(in_sight) == 2, in_sight
