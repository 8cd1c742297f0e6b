"""Devils Bluff's steps taken with Enter as the only way to send (Tab to move between
fields, as a Dealer who never presses ctrl+s), and by the mouse alone: each does what it
says. The cases are those found by playing every key of both tabs so in tmux at 80x24: a
form that sent something other than what the tabs showed chosen, or where Enter on the
field it opens on did nothing or ticked a box instead of sending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, OptionList, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    DrawCard,
    Enlist,
    FoundGang,
    RollOffForPicks,
    StartRound,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.hands import suggested_discard
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import tokened
from tests.pilot import Notices, form_up, screen_text, synchronous, to_tab, until

ONE_OFF = SAMPLES[0]


def new_campaign(path: Path) -> Campaign[DevilsBluffState]:
    JournalStore.create(path, new_header("devils-bluff", "By Enter", 3)).close()
    return open_campaign(path, rules_for)


def pooled(path: Path) -> Campaign[DevilsBluffState]:
    """A campaign hiring from a pool, six rounds a game, both gangs founded, each with its
    Gang Leader (made before the roll-off)."""
    campaign = new_campaign(path)
    campaign.execute(ChooseSetUp("campaign", "pool", (("rounds", 6),)))
    campaign.execute(FoundGang("Ma", "The Hendry Boys"))
    campaign.execute(FoundGang("Cole", "Bluff Regulators"))
    for player in ("Ma", "Cole"):
        campaign.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                                ("Quick",))))
    return campaign


def last(campaign: Campaign[Any]) -> Any:
    return campaign.events[-1]


@synchronous
async def test_the_set_up_form_opens_on_the_set_up_chosen(tmp_path: Path) -> None:
    """m again before the first game shows the set-up as chosen, so sending it (Enter)
    changes only what was changed, where it opened on a one-off hiring by controlled
    choice at five rounds and sending it so turned the campaign into one."""
    campaign = pooled(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("m")
        form = await form_up(pilot)
        values = form.values()
        assert (values.text("mode"), values.text("hiring"), values.text("rounds")) == (
            "campaign", "pool", "6"), values
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.set_up", event
    assert (event.data["mode"], event.data["hiring"]) == ("campaign", "pool")
    assert campaign.state.setting("rounds") == 6
    campaign.close()


@synchronous
async def test_the_enlist_form_starts_on_the_gang_whose_pick_it_is(tmp_path: Path) -> None:
    """Hiring from a pool, once the roll-off is made the Characters tab says whose pick
    it is, and the Enlist form starts on that gang: a name typed and Enter enlists there,
    where it started on the first gang and Enter was refused ('it is Cole's pick')."""
    campaign = pooled(tmp_path / "c.toml")
    campaign.execute(RollOffForPicks(tuple(range(52)), (("Ma", "2c"), ("Cole", "Kc"))))
    assert campaign.state.picker == "Cole"
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = " ".join(screen_text(app).split())
        assert "Cole picks next from the pool" in shown, shown
        await pilot.press("e")
        form = await form_up(pilot)
        assert form.values().text("player") == "Cole"
        await pilot.press(*"Quill", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.enlisted" and event.data["player"] == "Cole", event
    assert notices.of("warning") == []
    campaign.close()


def test_the_characters_tab_names_the_roll_off_key_while_it_applies(tmp_path: Path) -> None:
    """p (the roll-off for the first pick) gives way in the footer at 80 columns, its words
    being long: the tab names it where it applies, and whose pick it is once made."""
    campaign = pooled(tmp_path / "c.toml")
    told = " ".join(view.campaign_lines(campaign.state))
    assert "p rolls off for the first pick (P with the table's own cards)" in told, told
    campaign.execute(RollOffForPicks(tuple(range(52)), (("Ma", "Kc"), ("Cole", "2c"))))
    told = " ".join(view.campaign_lines(campaign.state))
    assert "rolls off" not in told and "Ma picks next from the pool" in told, told
    campaign.close()


def sixth_card(campaign: Campaign[DevilsBluffState]) -> str:
    state = campaign.state
    assert state.battle is not None
    player = state.battle.turn
    campaign.execute(DrawCard(player, order_by=tuple(range(52))))
    return player


@synchronous
async def test_the_discard_is_sent_with_enter(tmp_path: Path) -> None:
    """The discard after a sixth card is a list to pick from: Enter sends the card
    highlighted (the one the app suggests, to begin with), the arrows move to another,
    where Enter on its cards side by side only chose and sent nothing."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    player = sixth_card(campaign)
    hand = campaign.state.hand(player)
    held, new = hand[:-1], hand[-1]
    suggested = suggested_discard(hand)
    assert suggested is not None
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")
        form = await form_up(pilot)
        assert form.fields[0].kind == "pick"
        assert [label for label, _ in form.fields[0].options] == [str(c) for c in held]
        assert form.values().text("card") == suggested.code
        other = next(i for i, c in enumerate(held) if c != suggested)
        await pilot.press(*["down" if other > held.index(suggested) else "up"]
                          * abs(other - held.index(suggested)))
        assert form.values().text("card") == held[other].code
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.card_discarded", event
    assert campaign.state.hand(player) == (*held[:other], *held[other + 1:], new)
    campaign.close()


@synchronous
async def test_the_discard_by_the_mouse(tmp_path: Path) -> None:
    """A click on a card only highlights it; a double click discards it."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    player = sixth_card(campaign)
    hand = campaign.state.hand(player)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")
        form = await form_up(pilot)
        cards = form.widget_of("card")
        assert isinstance(cards, OptionList)
        await pilot.click(cards, offset=(2, 2))
        await pilot.pause()
        assert app.screen is form and form.values().text("card") == hand[2].code
        await pilot.click(cards, offset=(2, 2), times=2)
        await until(pilot, lambda: not isinstance(app.screen, Form))
    assert last(campaign).kind == "devils_bluff.card_discarded"
    assert hand[2] not in campaign.state.hand(player)
    campaign.close()


@synchronous
async def test_a_recover_is_sent_with_enter(tmp_path: Path) -> None:
    """c then Enter recovers by the top card: the form opens on its line for the table's
    cards, where it opened on the Play hand box and Enter ticked it, sending nothing;
    shift+tab goes up to the boxes, which keep their own Enter (a tick)."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    name = tokened(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("c")
        form = await form_up(pilot)
        assert form.focused is form.widget_of("typed")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.recovered", event
    assert event.data["fighter"] == name and not event.data.get("hand"), event.data
    campaign.close()


@synchronous
async def test_a_typed_draw_by_the_only_drawer_is_sent_with_enter(tmp_path: Path) -> None:
    """D, with one player able to draw, opens on the card's line: the card typed and Enter
    draws it, where the form opened on a drop-down of that one player and Enter opened it."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    state = campaign.state
    assert state.battle is not None
    player = state.battle.turn
    top = state.deck.order[0]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("D")
        form = await form_up(pilot)
        assert form.focused is form.widget_of("typed")
        await pilot.press(*top.code, "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.card_drawn" and event.data["player"] == player, event
    assert campaign.state.hand(player)[-1] == top
    campaign.close()


@synchronous
async def test_a_hand_shown_is_turned_face_down_by_a_click(tmp_path: Path) -> None:
    """A hand looked at (h, or from the palette by the mouse) goes face down again at the
    next click on the tab, as at the next key: a Dealer using the mouse left it face up."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    first = campaign.state.players[0]
    card = str(campaign.state.hand(first)[0])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        hands = app.screen.query_one("#bluff-hands", Static)
        await pilot.press("h")
        await until(pilot, lambda: card in str(hands.render()))
        await pilot.click(app.screen.query_one("#bluff-models", DataTable), offset=(2, 2))
        await until(pilot, lambda: card not in str(hands.render()))
    campaign.close()


def test_a_hand_typed_for_one_player_only_names_the_other(tmp_path: Path) -> None:
    """The refusal of a round whose hands are typed for one player only reads as English:
    'type the cards dealt to Cole too', where it read 'the cards Cole were dealt'."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    campaign.undo_to(next(e.seq for e in campaign.events
                          if e.kind == "devils_bluff.scout_placed"))
    first, second = campaign.state.players
    try:
        campaign.execute(StartRound(tuple(range(52)), ((first, "Kc"), (second, "2h")),
                                    ((first, "2c 3c 4c 5c 6c"),)))
    except RuleError as error:
        assert f"type the cards dealt to {second} too" in error.message, error.message
    else:
        raise AssertionError("a round dealt to one player only was not refused")
    campaign.close()
