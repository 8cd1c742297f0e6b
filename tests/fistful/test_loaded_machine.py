"""Round 35: orders of events a loaded machine can bring, each forced in the order that
broke it. A timer's tick, a refresh's callback or a worker's result comes when it comes:
the Judge may have undone, redone or taken another step meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    EditSheet,
    FlipInitiative,
    JoinFight,
    OpposedTest,
    Side,
)
from gmscreen.games.fistful.panes import WantedPane, conflict
from gmscreen.games.fistful.panes.conflict import ConflictPane, floated
from gmscreen.games.fistful.panes.rolls import attack_options
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.fistful.game import posse, run, sheet, wanted_clock_to_its_end
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.pilot import fill, opened, synchronous, to_tab, until


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


@synchronous
async def test_an_undo_typed_before_a_floating_dies_chooser_is_up_asks_nothing_of_the_gone(
        tmp_path: Path) -> None:
    # the order: an opposed test with a floating die is answered, and its chooser's form is
    # asked after the next refresh; the Judge's ctrl+z, typed straight behind the Enter,
    # lands first and takes back the NPC the test was against. The chooser's form was then
    # built on a side that no longer stands: the app stopped on an assertion
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        pane.send(AddNpc("Ned", "Ornery", strong="gumption"))
        await until(pilot, lambda: campaign.state.character("Ned") is not None)
        steps = len(campaign.events)
        test = OpposedTest(Side("Cora Dalton", "grit", 3, (5, 4, 3, 2), floating="background"),
                           Side("Ned", "grit", 2, (4, 5)))
        made = floated(pane, test, lambda: None)  # the form's answer: asked after a refresh
        assert made is None
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        shell.action_undo()  # typed ahead: handled before the refresh
        assert campaign.state.character("Ned") is None
        await until(pilot, lambda: notices.of("warning"))
        # nothing asked of a test that no longer stands, the app up, nothing sent
        assert not isinstance(app.screen, Form)
        assert app.is_running and len(campaign.events) == steps + 1
        assert "Ned" in notices.of("warning")[-1].message


# -- round 13's leftover: the attack's weapon starts on one that can fire -------------------


def test_an_attack_starts_on_a_weapon_that_can_fire_and_still_offers_the_empty_gun() -> None:
    # Ann carries a revolver with no box of bullets (slot 1) and a knife (slot 3): at Bo,
    # Close, the form started on the empty revolver, the first that reaches
    state = run(posse(), EditSheet("Ann", "", "", "", "", (
        Item("Revolver", 1, quickdraw=True), Item("Knife", 3))),
                JoinFight("Ann", "Close"), JoinFight("Bo", "Close"))
    assert fight_rules.weapon_for(state, "Ann", "Bo") == "knife"
    # the empty gun stays a choice, marked so (round 13: the story may find shells)
    labels = {key: label for label, key in attack_options(state, "Ann")}
    assert labels["revolver"].endswith("(carried, empty)")
    # with a box of bullets, the revolver can fire: the first again
    loaded = sheet(state, "Ann", equipment=(Item("Revolver", 1, quickdraw=True),
                                            Item("Box of bullets", 2), Item("Knife", 3)))
    assert fight_rules.weapon_for(loaded, "Ann", "Bo") == "revolver"
    # the gun fired last, now empty, gives way too
    fired = run(loaded, FlipInitiative("H"),
                OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                            Side("Bo", "grace", 2, (2, 1)), "revolver", "Close", turn=True))
    assert dict(fired.last_weapons).get("Ann") == "revolver"
    emptied = sheet(fired, "Ann", equipment=(Item("Revolver", 1, quickdraw=True), Item("Knife", 3)))
    assert fight_rules.weapon_for(emptied, "Ann", "Bo") == "knife"


@synchronous
async def test_the_duels_opponent_is_reached_by_its_own_letter(tmp_path: Path) -> None:
    # "Coins" above it took the o, and the Opponent was alt+p
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "u")
        letters = {key: form.fields[i].label[place].lower() for i, (key, place) in enumerate(
            form._letter_at.items()) if place is not None}
        assert letters == {"attribute": "a", "challenger": "c", "a_stakes": "s",
                           "a_coins": "h", "opponent": "o", "b_stakes": "t", "b_coins": "e"}
        await pilot.press("alt+o")
        await until(pilot, lambda: form.focused is form.widget_of("opponent"))


@synchronous
async def test_the_wanted_clock_tab_shown_keeps_a_scroll_made_before_its_first_refresh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the order: the Judge shows the Wanted Clock tab (its sample has a chart roll) and
    # scrolls it to its end; the tab's first drawing had asked to scroll its top into
    # sight, which Textual does after the next refresh, and on a loaded machine that came
    # after the Judge's scroll and took it back (the tab jumped to its top). Forced: the
    # scrolls the pane asks for are held and done after the Judge's
    asked: list[tuple[WantedPane, dict[str, object]]] = []

    def held(self: WantedPane, *args: object, **kwargs: object) -> None:
        asked.append((self, kwargs))

    monkeypatch.setattr(WantedPane, "scroll_visible", held)
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        scroll = await wanted_clock_to_its_end(pilot)
        await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
        for asker, kwargs in asked:  # the first drawing's scroll, coming late: done now
            Widget.scroll_visible(asker, **{**kwargs, "immediate": True})  # type: ignore[arg-type]
        assert scroll.scroll_y == scroll.max_scroll_y, "the Judge's scroll was taken back"
        # a new chart roll still brings itself into sight, the tab's top with it
        asked.clear()
        await keys(pilot, "w")
        await until(pilot, lambda: asked)
    campaign.close()
