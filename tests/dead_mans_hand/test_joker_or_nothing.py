"""Line 102: a Joker played as the result card hits both models. With a Joker and a card
that does nothing drawn, the result-card form opened on the card that does nothing, and
said only that it opens "on the card that serves it best". It opens on the card the rules
call best for the model choosing (`advice.best_card`), and says under the field which card
that is, what it does, and, where it passes over a Joker, that the Joker would hit the
chooser as well.

Reading: a Joker that lays nobody down costs the chooser a hit for the hit it deals, a
trade it never has to take; so a card that does nothing comes first. A Joker that lays the
target down and leaves the chooser standing comes first, as a card that takes it down."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import advice, view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    GoAllIn,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import opened, synchronous, to_tab


def boss_attacks(chief_hits: int) -> tuple[object, ...]:
    """Boss (black, value 6, two hits) shoots the Chief at 10 yards and draws a Joker and a
    3♠, below Boss's value: nothing happens."""
    return (ChooseFormat(Format.SINGLE), Recruit("red", "Chief", 6, chief_hits, ("pistol",)),
            Recruit("black", "Boss", 6, 2, ("pistol",)), SetUpGame("2s"))


def table_of(chief_hits: int) -> Table:
    table = Table(*boss_attacks(chief_hits))
    deploy_all(table)
    table.do(UseModel("Boss", Move.STILL))
    table.do(MakeAttack("Chief", "pistol", 10, ("*", "3s")))
    return table


def test_a_joker_that_lays_nobody_down_comes_after_a_card_that_does_nothing() -> None:
    state = table_of(2).state
    assert advice.best_card(state) == "3s"
    assert view.opened_on(state) == (
        "Its player picks; the list opens on 3♠ (no effect), its best card. "
        "A Joker would hit it as well.")


def test_a_joker_that_lays_the_target_down_alone_comes_first() -> None:
    state = table_of(1).state
    assert advice.best_card(state) == "*"
    assert view.opened_on(state).startswith(
        "Its player picks; the list opens on Joker (both take a hit; Chief goes down on the "
        "Joker), its best card.")
    assert "as well" not in view.opened_on(state)


def test_the_second_card_form_says_it_opens_on_taking_none() -> None:
    table = table_of(2)
    table.do(GoAllIn("4c"))
    table.do(PlayResult("3s"))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    assert advice.second_card(table.state) is None
    assert view.opened_on(table.state) == (
        "Its player picks; no card left serves it, so the list opens on none. "
        "A Joker would hit it as well.")


@pytest.mark.parametrize(("chief_hits", "first"), [(2, "3♠"), (1, "Joker")])
@synchronous
async def test_the_form_opens_on_the_card_it_names(tmp_path: Path, chief_hits: int,
                                                   first: str) -> None:
    campaign = new_campaign(tmp_path / "joker.toml")
    for command in boss_attacks(chief_hits):
        campaign.execute(command)
    deploy_all(campaign)
    campaign.execute(UseModel("Boss", Move.STILL))
    campaign.execute(MakeAttack("Chief", "pistol", 10, ("*", "3s")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "p")
        (field,) = shown.fields
        opened_on = dict((value, words) for words, value in field.options)[
            shown.values().text("card")]
        assert opened_on.startswith(first)
        assert f"the list opens on {first} " in field.about
        await pilot.press("escape")
