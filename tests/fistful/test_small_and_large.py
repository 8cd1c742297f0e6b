"""Round 10, the screen at the table, small and large: a Judge with one glance to spare, on
a laptop's 80x24 or a big screen's 200x50, reads what he needs now without scrolling, no
heading stands over an empty list, and nothing reads as a count that counts nothing. Each
test asserts the text the Judge sees at the size."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful.commands import AddNpc, CreateCharacter, FormPosse
from gmscreen.ui.app import GmScreenApp
from tests.fistful.test_panes import new_campaign, sample
from tests.pilot import screen_text, synchronous, to_tab, until


@synchronous
async def test_an_empty_list_has_no_heading_over_it(tmp_path: Path) -> None:
    """A campaign just made: the Characters tab showed "Name Rank Grit ..." over nothing,
    the Conflict tab the odds' "Dice Success Fail ..." and the Fight tab "Fighter Side
    Band ..." the same; the line above each already says what to do first."""
    campaign = new_campaign(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "No posse yet" in screen_text(app))
        assert "Name  Rank" not in screen_text(app)
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "Nobody can test yet" in screen_text(app))
        assert "Dice  Success" not in screen_text(app)
        await to_tab(pilot, "Fight")
        await until(pilot, lambda: "No fight" in screen_text(app))
        assert "Fighter  Side" not in screen_text(app)
    # once there is someone, each list has its heading
    (tmp_path / "b").mkdir()
    campaign = new_campaign(tmp_path / "b")
    campaign.execute(FormPosse("The Hollis Gang", 3))
    campaign.execute(CreateCharacter("Kit", (2, 2, 3, 3, 4, 5), (1, 2, 3)))
    campaign.execute(AddNpc("Jake", "Ornery", strong="gumption"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "Name  Rank" in screen_text(app))
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "Dice  Success" in screen_text(app))
    campaign.close()


@synchronous
async def test_an_npcs_money_is_no_zero(tmp_path: Path) -> None:
    """The Characters tab's $ read "0" for every NPC under the posse's purses, as if the
    Judge had spent it: an NPC keeps no money, and reads "-" as for Luck."""
    campaign = sample(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "Rattlesnake Jake" in screen_text(app))
        (jake,) = [line for line in screen_text(app).splitlines()
                   if line.startswith(" Rattlesnake Jake")]
        assert jake.split()[-3:] == ["-", "-", "ready"], jake
    campaign.close()
