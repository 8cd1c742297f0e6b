"""Round 11: what round 10 left alone (the Wanted Clock tab telling the hour's meaning over
again, the duel's log line ending with its winner, the players' screen's news of the dead
and of whose turn it is run into the legend's paragraph), and the kit's new pieces where a
Judge or the table reads them. Each test asserts the text the Judge or the table sees."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful.commands import Duel
from gmscreen.ui.app import GmScreenApp
from tests.fistful.test_panes import sample
from tests.pilot import screen_text, synchronous, to_tab, until

CORA, WIDOW = "Cora Dalton", "Widow Parker"


@synchronous
async def test_a_duels_log_line_says_who_won_before_80_columns_cut_it(tmp_path: Path) -> None:
    """The Encounter Log cuts each line to one row: at 80 columns "High Stakes Duel on
    Gumption: Cora Dalton HHT = 13 against Widow Parker…" left out who won, where a test's
    and an opposed test's lines say their result after the name."""
    campaign = sample(tmp_path)
    campaign.execute(Duel(CORA, "HHT", WIDOW, "HTT"))
    seq = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await until(pilot, lambda: f" {seq} " in screen_text(pilot.app))
        (line,) = [line for line in screen_text(app).splitlines()
                   if line.startswith(f" {seq} ")]
        assert f"{CORA} wins the High Stakes Duel on Gumption" in line, line
    campaign.close()
