"""Found on a Dealer's third evening with the sample campaign: its first game played to
the end and through the aftermath, two mistakes made on purpose and undone, with the
players' screen (`gmscreen show`) open beside it all the while, then the recap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation
from gmscreen.games.devils_bluff.deck import why_not_lay
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.test_panes import select_row
from tests.pilot import form_up, synchronous, to_tab, until

CAMPAIGN = SAMPLES[1]
#: the boxes of a form that lay a hand, and who lays it
HAND_BOXES = ("hand", "contest", "defender_hand", "defence_contest")


def _cole_spends_his_hand(campaign: Campaign[Any]) -> None:
    """Sheriff Cole, first to act in the sample's round, lays his hand for an attack on Ma
    Hendry and ends his activation: his player holds no cards for the rest of the round."""
    campaign.execute(Activate(COLE))
    campaign.execute(Attack(COLE, HENDRY, hand=True, order_by=tuple(range(52))))
    campaign.execute(EndActivation(COLE))


def test_a_hand_is_laid_only_by_a_player_who_holds_cards(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    assert why_not_lay(campaign.state, COLE) is None
    _cole_spends_his_hand(campaign)
    refusal = why_not_lay(campaign.state, COLE)
    assert refusal is not None and refusal.rule == "Playing your hand"
    assert refusal.message == f"{COLE} holds no cards"
    assert why_not_lay(campaign.state, HENDRY) is None
    campaign.close()


def _boxes(form: Form) -> list[str]:
    return [f.key for f in form.fields if f.key in HAND_BOXES]


@synchronous
async def test_the_attack_form_offers_only_the_hands_a_player_holds(tmp_path: Path) -> None:
    """The attack form offered "Attacker plays hand" to a model whose player held no cards
    (and "Defender plays hand" to a defender's who held none); sent, it was refused."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    _cole_spends_his_hand(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # Ma Hendry's turn: she may lay hers; Cole has none to lay against it, nor to defend
        campaign.execute(Activate("Dutch"))
        await select_row(pilot, "Deputy Ames")
        await pilot.press("f")
        form = await form_up(pilot)
        assert _boxes(form) == ["hand"]
        assert f"{COLE} holds no cards" in form.note, form.note
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        campaign.execute(EndActivation("Dutch"))
        # Cole's turn: Deputy Ames has no hand to lay; Ma Hendry may defend with hers
        campaign.execute(Activate("Deputy Ames"))
        await select_row(pilot, "Dutch")
        await pilot.press("f")
        form = await form_up(pilot)
        assert _boxes(form) == ["defender_hand"]
        assert f"{COLE} holds no cards" in form.note, form.note
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # a test of his model offers no hand either
        await select_row(pilot, "Deputy Ames")
        await pilot.press("t")
        form = await form_up(pilot)
        assert _boxes(form) == []
        assert f"{COLE} holds no cards" in form.note, form.note
    campaign.close()
