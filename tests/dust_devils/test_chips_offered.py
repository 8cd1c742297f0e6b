"""What Chips buy is offered only where the player can pay for it (book lines 289-301): the
forms ask the rules (`why_not_x`) which raises, Knacks, bids, folds and cards more a
character can afford now, and offer only those; a key with nothing to offer says why, naming
the rule, and opens no form. The rules are never restated in the panes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, resolution, rules
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BidForNarration,
    BuyKnack,
    Call,
    Deal,
    Entrant,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RaiseAttribute,
    RaiseKnack,
    SetSessionDevils,
)
from gmscreen.games.dust_devils.panes import CharactersPane, ConflictPane
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, PLAYERS, SAMPLES, TOM
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.form import Form
from tests.dust_devils.game import Table
from tests.dust_devils.test_session import new_campaign, watched
from tests.pilot import opened, synchronous, to_tab, until


def refused(state: Any, command: Any) -> RuleError:
    with pytest.raises(RuleError) as caught:
        RULES.decide(state, command)
    return caught.value


@pytest.fixture
def table() -> Table:
    t = Table()
    for sheet in (*PLAYERS, TOM):
        t.do(MakeCharacter(sheet))
    t.start_session()
    return t


def _chips(table: Table, name: str, to: int) -> None:
    who = table.state.character(name)
    assert who is not None
    if who.chips != to:
        table.do(GiveChips(name, to - who.chips, "for the test"))


def test_only_the_attributes_the_chips_pay_for_are_offered(table: Table) -> None:
    # line 291: a point costs twice the new rating, none above 5. Luke: Hand 3, Eye 3,
    # Guts 4, Heart 3
    _chips(table, LUKE.name, 8)
    offered = rules.attributes_to_raise(table.state, LUKE.name)
    assert offered == (Attribute.HAND, Attribute.EYE, Attribute.HEART)  # Guts to 5 costs 10
    for attribute in Attribute:  # the offer is the rules' own answer, attribute by attribute
        why = rules.why_not_raise(table.state, LUKE.name, attribute)
        assert (why is None) == (attribute in offered)
    assert refused(table.state, RaiseAttribute(LUKE.name, "Guts")).rule == "Improve attributes"
    assert rules.why_not_raise_attribute(table.state, LUKE.name) is None
    _chips(table, LUKE.name, 7)
    assert rules.attributes_to_raise(table.state, LUKE.name) == ()
    why = rules.why_not_raise_attribute(table.state, LUKE.name)
    assert why is not None and why.rule == "Improve attributes"
    assert why.message == (f"{LUKE.name} has 7 Chips; the cheapest raise, Hand to 4, "
                           "costs 8")


def test_only_the_knacks_the_chips_pay_for_are_offered(table: Table) -> None:
    # line 292: a Knack point costs the new rating; a new Knack at 1 costs two, within the
    # limit. Luke: Drinkin' 3, Lock Pickin' 1, Ridin' 3, Ropin' 2, Shootin' 2; 5 of 6
    _chips(table, LUKE.name, 3)
    assert rules.knacks_to_raise(table.state, LUKE.name) == ("Lock Pickin'", "Ropin'",
                                                            "Shootin'")
    _chips(table, LUKE.name, 2)
    assert rules.knacks_to_raise(table.state, LUKE.name) == ("Lock Pickin'",)
    assert rules.why_not_buy_knack(table.state, LUKE.name) is None
    table.do(BuyKnack(LUKE.name, "Cookin'"))
    # six Knacks of six: no new one, whatever the Chips
    _chips(table, LUKE.name, 9)
    why = rules.why_not_buy_knack(table.state, LUKE.name)
    assert why is not None and why.rule == "Knack limit"
    _chips(table, JACK.name, 1)  # Jack: four Knacks of seven, one Chip
    why = rules.why_not_buy_knack(table.state, JACK.name)
    assert why is not None and why.rule == "New Knacks" and "has 1 Chip" in why.message
    assert rules.knacks_to_raise(table.state, JACK.name) == ()
    why = rules.why_not_raise_knack(table.state, JACK.name)
    assert why is not None and why.rule == "Improve Knacks"
    assert "the cheapest raise, Snoopin' to 3, costs 3" in why.message
    assert refused(table.state, RaiseKnack(JACK.name, "Snoopin'")).rule == "Improve Knacks"


def _called(do: Callable[[Any], object]) -> None:
    """Jim and Jack against the Dealer's stud hand, called: the Dealer's A♥ is high."""
    do(OpenConflict("Cards at the Red Roof", (
        Entrant(JIM.name, "win", ("Eye", "Heart")),
        Entrant(JACK.name, "cheat", ("Eye", "Heart"))), stud=5))
    do(Deal(((JIM.name, ("2c", "4d", "6h", "8s", "9c", "Jd")),
                   (JACK.name, ("3h", "3c", "7d", "7c", "Qd", "Kh", "5s", "4s")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    do(Call(((JIM.name, ("Jd", "9c", "8s", "6h", "4d")),
                   (JACK.name, ("3h", "3c", "7d", "7c", "Kh")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))


def test_only_players_holding_chips_bid_and_only_what_they_hold(table: Table) -> None:
    # line 293: the most Chips narrates; nobody bids Chips he has not got
    _chips(table, JIM.name, 0)
    _chips(table, JACK.name, 2)
    _called(table.do)
    assert JIM.name in resolution.who_may_bid(table.state)  # he may, with nothing to bid
    assert resolution.bids_open(table.state, JIM.name) == 0
    assert resolution.bids_open(table.state, JACK.name) == 2
    assert JIM.name not in resolution.bidders(table.state)
    assert JACK.name in resolution.bidders(table.state)
    assert refused(table.state, BidForNarration(((JACK.name, 3),))).rule == "Narration"
    for name in (p.name for p in PLAYERS):
        _chips(table, name, 0)
    why = resolution.why_not_bid(table.state)
    assert why is not None and why.rule == "Narration" and "Chip" in why.message


def test_only_players_holding_a_chip_fold_or_buy_a_card(table: Table) -> None:
    # lines 299-301: a card more in the Deal, one in the Draw, and a fold each cost a Chip
    _chips(table, JIM.name, 0)
    assert steps.why_not_chip(table.state, JIM.name, "Extra card") is not None
    assert steps.why_not_chip(table.state, JACK.name, "Extra card") is None
    # the Dealer's cards more are his awards, not a player's Chip
    assert steps.why_not_chip(table.state, TOM.name, "Extra card") is None
    assert refused(table.state, AddEntrant(Entrant(JIM.name, "win", ("Eye", "Heart"),
                                                   chip=True))).rule == "Extra card"
    table.do(OpenConflict("Cards at the Red Roof", (
        Entrant(JIM.name, "win", ("Eye", "Heart")),
        Entrant(JACK.name, "cheat", ("Eye", "Heart"))), stud=5))
    assert steps.who_can_fold(table.state) == (JACK.name,)
    _chips(table, JACK.name, 0)
    why = steps.why_not_fold(table.state)
    assert why is not None and why.rule == "Fold" and "Chip" in why.message


def sample(folder: Path) -> Campaign[Any]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


@synchronous
async def test_the_sheet_forms_offer_what_the_chips_pay_for(tmp_path: Path) -> None:
    campaign = sample(tmp_path)  # Luke holds 5 Chips here
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for _ in range(3):
            await pilot.press("down")
        pane = app.screen.query_one(CharactersPane)
        who = pane.selected()
        assert who is not None and who.name == LUKE.name and who.chips == 5
        form = await opened(pilot, "k")
        # the title says the Chips held as held: "(5 Chips)" read as the raise's price,
        # beside "Lyin' to 4 (4 Chips)" and the new Knack form's "(2 Chips; has 3)"
        assert form.title_text == f"{LUKE.name} raises a Knack (has 5 Chips)"
        offered = [choice for _, choice in form.options_of("knack")]
        assert offered == list(rules.knacks_to_raise(campaign.state, LUKE.name))
        assert offered and all(int(label.split("(")[1].split()[0]) <= 5
                               for label, _ in form.options_of("knack"))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        count = len(campaign.events)
        await pilot.press("a")  # Guts to 5 is 10, the others to 4 are 8: none is offered
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form) and len(campaign.events) == count
        assert notices.of("warning")[-1].title == "Improve attributes"


@synchronous
async def test_the_bid_form_offers_each_player_holding_chips_what_he_holds(
        tmp_path: Path) -> None:
    campaign: Campaign[Any] = open_campaign(new_campaign(tmp_path), rules_for)
    campaign.start_session()
    campaign.execute(SetSessionDevils(tuple((w.name, 2) for w in campaign.state.players)))
    campaign.execute(GiveChips(JIM.name, -3, "lost at faro"))  # Jim holds none now
    _called(campaign.execute)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert app.screen.query_one(ConflictPane).why_not("bid") is None
        form = await opened(pilot, "b")
        bids = {f.label: [choice for _, choice in f.options] for f in form.fields}
        # Jim holds no Chip: no bid of his is offered; Jack's 4, Luke's 6, Zeke's 3
        assert not any(JIM.name in label for label in bids)
        assert bids[JACK.name] == ["0", "1", "2", "3", "4"]
        assert bids[LUKE.name] == [str(n) for n in range(7)]
    campaign.close()
