"""Letters typed in a drop-down find the choice that holds them: at the start of a word
before within one. "On" typed on the Veteran's night found the blank "(none)" (its "on"
stood sooner in the line, inside the word) before "Veteran: On Alert"; Tab kept the blank,
and the form sent his night as one in the church, no word said (round 64)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.ui.pick_list import first_holding
from tests.dust.app import CONSOLE, app_of, night_one, refusals
from tests.pilot import opened, synchronous, to_tab, until


def test_letters_find_a_word_they_start_before_a_word_they_stand_in() -> None:
    labels = ["(none)", "Stay in the church", "Scavenge: The Police Station",
              "Veteran: On Alert (night, exclusive)"]
    assert first_holding(labels, "on") == 3
    # the start of the line first, as before; then the sooner word
    assert first_holding(["Scavenge: The Hospital", "Stay in the church"], "s") == 0
    assert first_holding(["The Hospital", "Hot springs"], "ho") == 1
    # within a word only where no word starts with them
    assert first_holding(["(none)", "Stay in the church"], "hur") == 1
    assert first_holding(["(none)", None, "Leon"], "on") == 0


@synchronous
async def test_on_typed_on_the_veterans_night_chooses_his_alert(tmp_path: Path) -> None:
    campaign = night_one(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "a")
        await pilot.press(*"Vet")
        await pilot.press("tab")
        await pilot.pause()
        assert form.values().text("player") == "Vet"
        await pilot.press("alt+w", "O", "n", "tab")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: pilot.app.screen is pilot.app.screen_stack[0])
        vet: Any = campaign.state.choice("Vet")
        assert vet is not None, refusals(notices)
        assert [u.power for u in vet.uses] == ["On Alert"]
