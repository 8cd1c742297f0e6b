"""The step that always follows (round 33b): once All In is drawn (line 77) the result card
is the one step left (line 75), and once the attacker's card after All In leaves the target
able to answer, the target's second card or none is (line 77). Each cost a `p` the Dealer
had to find; the form of the card to play now opens by itself once the step before it is
saved (the kit's `then`), never on an undo, a redo or a replay, and Escape leaves it to `p`."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from gmscreen.games.dead_mans_hand import fight
from gmscreen.games.dead_mans_hand.commands import GoAllIn, MakeAttack, PlayResult, UseModel
from gmscreen.games.dead_mans_hand.panes.keys import CONFLICT_KEYS
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.test_conflict_lines import duel
from tests.pilot import form_up, set_field, synchronous, to_tab, until

PLAYS = " plays which card?"
TAKES = " takes which second card?"


def played(campaign: Campaign[MatchState], by: str) -> list[str]:
    return [e.data["card"] for e in campaign.events
            if e.kind.endswith("result_played") and e.data["by"] == by]


def up(app: GmScreenApp, ending: str) -> bool:
    return isinstance(app.screen, Form) and app.screen.title_text.endswith(ending)


def shooting(path: Path, *more: object) -> Campaign[MatchState]:
    """Big Oaf (red) shoots the Sly Shooter (black, value 4) at 10 yards: J♥ Q♦ drawn."""
    return duel(path, UseModel("Big Oaf", Move.STILL),
                MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "Qd")), *more)


def test_the_rules_say_when_a_card_is_to_play(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL))
    assert not fight.card_to_play(campaign.state)  # no attack under way
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "Qd")))
    assert fight.card_to_play(campaign.state)  # the result card
    campaign.execute(GoAllIn("5c"))
    assert fight.card_to_play(campaign.state)
    campaign.execute(PlayResult("Jh"))
    assert fight.card_to_play(campaign.state)  # the Shooter may take one of his own
    other = shooting(tmp_path / "o.toml", PlayResult("Jh"))  # no All In: the turn passes
    assert not fight.card_to_play(other.state)


@synchronous
async def test_all_in_then_enter_plays_the_result_card(tmp_path: Path) -> None:
    """`i`, Enter, Enter: All In drawn by the app, then the result card it offers played (it
    took `i` Enter `p` Enter)."""
    campaign = shooting(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("i")
        await form_up(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: up(app, PLAYS))
        attack = campaign.state.attack
        assert attack is not None and attack.all_in and not attack.results
        await pilot.press("enter")
        await until(pilot, lambda: len(played(campaign, "attacker")) == 1)


@synchronous
async def test_the_attackers_card_then_enter_takes_the_targets_second_card(
        tmp_path: Path) -> None:
    """After All In, the J♥ played leaves the Shooter standing: his form follows, on the 5♣
    that serves him best; Enter takes it."""
    campaign = shooting(tmp_path / "c.toml", GoAllIn("5c"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("p")
        shown = await form_up(pilot)
        set_field(shown, "card", "0")  # the J♥, the first card drawn
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: up(app, TAKES))
        assert played(campaign, "attacker") == ["Jh"]
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.attack is None)
        assert played(campaign, "target") == ["5c"]
        await pilot.pause()
        assert not isinstance(app.screen, Form)  # nothing left to play: no form


@synchronous
async def test_a_card_that_ends_the_attack_opens_no_form(tmp_path: Path) -> None:
    campaign = shooting(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("p")
        await form_up(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.attack is None)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, Form)


@synchronous
async def test_escape_leaves_the_card_to_p_and_undo_or_redo_opens_nothing(
        tmp_path: Path) -> None:
    campaign = shooting(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("i")
        await form_up(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: up(app, PLAYS))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.pause()
        attack = campaign.state.attack
        assert attack is not None and attack.all_in and not attack.results
        assert not isinstance(app.screen, Form)
        await pilot.press("ctrl+z")  # the All In taken back
        await until(pilot, lambda: campaign.state.attack is not None
                    and not campaign.state.attack.all_in)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, Form)
        await pilot.press("ctrl+y")  # and brought back: no form
        await until(pilot, lambda: campaign.state.attack is not None
                    and campaign.state.attack.all_in)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, Form)
        await pilot.press("p")  # the card left to p, as before
        await until(pilot, lambda: up(app, PLAYS))


def test_the_keys_say_the_card_follows() -> None:
    """F1's keys and the palette's help: what opens by itself after `i` and after `p`."""
    tips = {b.action: b.tooltip for b in CONFLICT_KEYS if isinstance(b, Binding)}
    assert tips["all_in"].endswith("the result card's form follows")
    assert "after All In, the target's form follows" in tips["play"]
