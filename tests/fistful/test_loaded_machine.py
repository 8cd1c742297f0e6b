"""Round 35: orders of events a loaded machine can bring, each forced in the order that
broke it. A timer's tick, a refresh's callback or a worker's result comes when it comes:
the Judge may have undone, redone or taken another step meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.fistful.panes import conflict
from gmscreen.games.fistful.panes.conflict import ConflictPane
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.pilot import fill, synchronous, to_tab, until


@synchronous
async def test_a_duel_undone_while_its_coins_turn_leaves_the_next_duel_to_turn_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the order: a duel is fought, its coins start turning; the Judge undoes it; the turn's
    # timer fires (as often as it likes) on a result that is no duel; a new duel is fought.
    # The timer went on ticking for the undone duel for ever and counted on: the new duel
    # showed every coin at once, its loser's harm offered before any coin was seen
    monkeypatch.setattr(conflict, "COIN_SECONDS", 60.0)  # the test turns the coins itself
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await fill(pilot, "u", a_coins="HHH", b_coins="THH")
        await until(pilot, lambda: campaign.events[-1].kind == "fistful.duel_fought")
        duel = f"#{campaign.events[-1].seq} "
        await until(pilot, lambda: "? ? ? = 0" in text_of(app, "#ff-result"))
        pane._turn_coin()  # one coin up
        await keys(pilot, "ctrl+z")
        await until(pilot, lambda: not text_of(app, "#ff-result").startswith(duel))
        for _ in range(8):  # the undone duel's timer fires on
            pane._turn_coin()
        await fill(pilot, "u", a_coins="HHT", b_coins="HHH")
        await until(pilot, lambda: campaign.events[-1].kind == "fistful.duel_fought")
        shown = text_of(app, "#ff-result").split("Earlier")[0]
        assert "Cora Dalton (Gumption 16): ? ? ? = 0" in shown and "wins" not in shown
        await keys(pilot, "l")  # the loser's harm waits for the new duel's last coin
        assert not app.screen.is_modal
        for _ in range(6):
            pane._turn_coin()
        await until(pilot, lambda: "harm for the loser" in text_of(app, "#ff-result"))
        assert "Cora Dalton (Gumption 16): H H T = 13" in text_of(app, "#ff-result")
