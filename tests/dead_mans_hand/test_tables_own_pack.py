"""The table's own pack typed in (line 67: the attacker draws its cards; line 77: All In
draws one more). A table deals from its pack until the pile runs out, then shuffles its
discard back and draws on, as the app does when it draws; the cards it turns over are typed
as they lie, and the app takes them as it takes its own. A card the pack cannot give is
named for what it is: typed twice (the pack holds each card once), a third Joker (it holds
two), or out of the pile (drawn already, a coffin card, among the attack's own cards)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Static

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.advice import all_in_advice, attack_preview
from gmscreen.games.dead_mans_hand.commands import (
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, without
from gmscreen.games.dead_mans_hand.rules import why_not_drawn
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.turns import setup_card_refused
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import opened, refusal_shown, synchronous, to_tab, until

OAF, SHOOTER = "Big Oaf", "Sly Shooter"


def duel() -> Table:
    """The duel between rivals, set up on the K♠ (black first) and both men placed."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("Ks"))
    deploy_all(table)
    return table


def drawable(table: Table) -> Callable[[Sequence[str]], str | None]:
    """Why the pack of the table as it stands cannot give the cards typed."""
    return lambda cards: why_not_drawn(table.state, cards)


def test_a_card_typed_twice_is_named_as_typed_twice() -> None:
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    assert view.typed_cards("As A♠", "", 2, drawable(table)) == (
        "Turned over: A♠ A♠. A♠ is typed twice: the pack holds each card once.")
    with pytest.raises(RuleError, match="A♠ is typed twice: the pack holds each card once"):
        table.do(MakeAttack(OAF, "pistol", 30, ("As", "AS")))


def test_a_third_joker_is_refused_as_one_the_pack_does_not_hold() -> None:
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    assert view.typed_cards("* Joker *", "", 3, drawable(table)).endswith(
        "3 Jokers are typed: the pack holds two.")
    with pytest.raises(RuleError, match="3 Jokers are typed: the pack holds two"):
        table.do(MakeAttack(OAF, "derringers", 5, ("*", "Joker", "*")))


def test_a_card_of_the_attack_on_the_table_is_named_so_for_all_in() -> None:
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    table.do(MakeAttack(OAF, "pistol", 30, ("2h", "3h")))
    assert view.typed_cards("3h", "", None, drawable(table)) == (
        "Turned over: 3♥. 3♥ is not in the pile: it is among this attack's cards.")
    with pytest.raises(RuleError, match="3♥ is not in the pile: it is among this attack's"):
        table.do(GoAllIn("3h"))


def test_the_tables_cards_come_from_the_discard_too_once_the_pile_runs_short() -> None:
    """The pile holds the 2♣ alone and the shot draws two: the table turns the 2♣, shuffles
    the discard back and turns the 3♣. Typed, the draw is taken as the app's own draw is."""
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    short = replace(table.state.pack, pile=("2c",), discard=("3c", "4c", "9h"))
    table.state = replace(table.state, pack=short)
    assert view.typed_cards("2c 3c", "", 2, drawable(table)) == "Turned over: 2♣ 3♣."
    (drawn,) = table.do(MakeAttack(OAF, "pistol", 30, ("2c", "3c")))
    assert drawn.data["reshuffled"] is True
    assert table.state.pack.pile == ("4c", "9h") and table.state.pack.discard == ()
    assert "(the discard was shuffled back first)" in table.rules.describe(drawn)


def test_while_the_pile_holds_enough_a_discarded_card_is_still_refused() -> None:
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    short = replace(table.state.pack, pile=("2c", "5d"), discard=("3c", "4c", "9h"))
    table.state = replace(table.state, pack=short)
    with pytest.raises(RuleError, match="3♣ is not in the pile: drawn already this game"):
        table.do(MakeAttack(OAF, "pistol", 30, ("2c", "3c")))


def duel_campaign(tmp_path: Path) -> Campaign[MatchState]:
    """The duel saved in `tmp_path`, set up on the K♠ and both men placed."""
    campaign = new_campaign(tmp_path / "duel.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("Ks"))
    deploy_all(campaign)
    return campaign


def run_the_pile_out(campaign: Campaign[MatchState]) -> None:
    """Fourteen attacks that change nothing (each plays a red 2 to 8, below the Oaf's 9,
    and the Oaf wins with it) draw the 53 cards the K♠ left: the pile is empty, the last
    attack's cards still on the table."""
    low_reds = [f"{rank}{suit}" for suit in "hd" for rank in "2345678"]
    rest = [code for code in without(FULL_PACK, ["Ks", *low_reds])]
    attacker = SHOOTER
    for number, played in enumerate(low_reds):
        size = 3 if number < 3 else 4  # 3 x 3 + 11 x 4 = 53
        drawn = (played, *rest[:size - 1])
        rest = rest[size - 1:]
        target = OAF if attacker == SHOOTER else SHOOTER
        weapon = "derringers" if attacker == SHOOTER else "big-blade"
        campaign.execute(UseModel(attacker, Move.STILL))
        campaign.execute(MakeAttack(target, weapon, 5, drawn, from_behind=size == 4))
        if number < len(low_reds) - 1:
            campaign.execute(PlayResult(played))
            attacker = target
    assert campaign.state.pack.pile == ()


@synchronous
async def test_all_in_from_the_tables_pack_once_the_pile_has_run_out(tmp_path: Path) -> None:
    """The pile is empty as the last attack's cards lie on the table; All In (i) typed from
    the table's pack, which has shuffled its discard back, takes a card of the discard, as
    the app would draw one."""
    campaign = duel_campaign(tmp_path)
    run_the_pile_out(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "i")
        await pilot.press(*"2h")  # played in the first attack, in the discard since
        await until(pilot, lambda: str(shown.query_one("#form-preview", Static).render())
                    == "Turned over: 2♥.")
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.attack is not None
                    and campaign.state.attack.all_in)
        (event,) = [e for e in campaign.events if e.kind.endswith("went_all_in")]
        assert event.data["card"] == "2h" and event.data["reshuffled"] is True
        assert campaign.rules.describe(event) == (
            "Big Oaf goes all in: 2♥ (the discard was shuffled back first).")
        assert "2h" not in campaign.state.pack.pile
        # the whole discard came back, the set-up card too; out of it: the attack's four, 2♥
        assert len(campaign.state.pack.pile) == 54 - 4 - 1
    campaign.close()


@synchronous
async def test_a_card_typed_twice_is_refused_on_its_field_and_kept(tmp_path: Path) -> None:
    campaign = duel_campaign(tmp_path)
    campaign.execute(UseModel(SHOOTER, Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "a")
        await pilot.press("3", "0", "tab", *"As AS", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, Form) and bool(app.screen.refusal))
        shown = refusal_shown(app, "Pack")
        assert shown.refusal == "Pack: A♠ is typed twice: the pack holds each card once"
        assert shown.values().text("cards") == "As AS"
        assert app.focused is shown.widget_of("cards")
        assert campaign.state.attack is None
    campaign.close()


def test_a_card_field_of_one_card_says_as_typed_what_it_refuses() -> None:
    """Set-up (line 23) and All In (line 77) turn over one card each: typed, two read as one
    too many and a set-up Joker as a card without a colour before Send, not as turned over."""
    assert view.typed_cards("10h 2c", "", 1, None, "a set-up turns over") == (
        "Turned over: 10♥ 2♣: 1 more than the card a set-up turns over.")
    assert view.typed_cards("*", "", 1, setup_card_refused, "a set-up turns over") == (
        "Turned over: Joker. A Joker has no colour; draw another card.")
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    table.do(MakeAttack(OAF, "pistol", 30, ("2h", "3h")))
    assert view.typed_cards("Kh Qh", "", 1, drawable(table), "All In draws") == (
        "Turned over: K♥ Q♥: 1 more than the card All In draws.")


@synchronous
async def test_the_set_up_form_says_a_joker_is_no_colour_as_it_is_typed(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "g")
        await pilot.press("*")
        await until(pilot, lambda: str(shown.query_one("#form-preview", Static).render())
                    == "Turned over: Joker. A Joker has no colour; draw another card.")
    campaign.close()


def test_the_odds_count_the_discard_a_short_pile_takes_back() -> None:
    """With the pile run short, the cards still to come are the discard's: the Shooter firing
    at the Oaf with the 2♦ alone left in the pile turns it and then the K♣, the discard's
    only card, and All In with the pile empty draws the discard's K♠. The odds read the pile
    alone ('nothing 100%', 'a better card 0%')."""
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    table.state = replace(table.state, pack=replace(table.state.pack, pile=("2d",),
                                                    discard=("Kc",)))
    preview = attack_preview(table.state, OAF, "pistol", 30)
    assert "Best of 2: down 100%" in preview, preview
    table.state = replace(table.state, pack=replace(table.state.pack, pile=("2h", "3h"),
                                                    discard=("Ks",)))
    table.do(MakeAttack(OAF, "pistol", 30, ("2h", "3h")))  # both do nothing
    assert all_in_advice(table.state) == (
        "All In: 100% a better card, none left for the target to use; 0% the "
        "target's second card goes against you.")


def test_a_table_that_shuffled_the_piles_last_card_in_is_taken_at_its_word() -> None:
    """The 2♣ alone in the pile and a shot of two: a table may shuffle it in with its
    discard before drawing; the 3♣ and 4♣ it turns are taken, the 2♣ left to draw."""
    table = duel()
    table.do(UseModel(SHOOTER, Move.STILL))
    short = replace(table.state.pack, pile=("2c",), discard=("3c", "4c", "9h"))
    table.state = replace(table.state, pack=short)
    table.do(MakeAttack(OAF, "pistol", 30, ("3c", "4c")))
    assert table.state.pack.pile == ("2c", "9h")
