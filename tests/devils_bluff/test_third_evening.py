"""Found on a Dealer's third evening with the sample campaign: its first game played to
the end and through the aftermath, two mistakes made on purpose and undone, with the
players' screen (`gmscreen show`) open beside it all the while, then the recap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation
from gmscreen.games.devils_bluff.deck import why_not_lay
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import one_off, table_sections
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


async def _hands_offered(pilot: Pilot[Any], model: str, key: str) -> list[str]:
    """The hand boxes of the form `key` opens with `model` highlighted, once its note has
    said why Sheriff Cole's are not there; the form is closed again."""
    await select_row(pilot, model)
    await pilot.press(key)
    form = await form_up(pilot)
    assert f"{COLE} holds no cards" in form.note, form.note
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))
    return _boxes(form)


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
        assert await _hands_offered(pilot, "Deputy Ames", "f") == ["hand"]
        campaign.execute(EndActivation("Dutch"))
        # Cole's turn: Deputy Ames has no hand to lay; Ma Hendry may defend with hers
        campaign.execute(Activate("Deputy Ames"))
        assert await _hands_offered(pilot, "Dutch", "f") == ["defender_hand"]
        # a test of his model offers no hand either
        assert await _hands_offered(pilot, "Deputy Ames", "t") == []
    campaign.close()


# -- the players' screen names each model's special rules and ability (module 128-163) -------


def _rules_section(state: DevilsBluffState) -> Lines:
    (found,) = [s for s in table_sections(view.table_knows(state))
                if isinstance(s, Lines) and s.title == "Special rules and abilities"]
    return found


def test_the_players_screen_names_the_models_rules_and_abilities_in_a_game() -> None:
    """The Dealer's Conflict tab names the highlighted model's special rules and ability,
    but the players' screen, in a game, showed neither: the table turned to its paper
    rosters before laying a hand (will it fire Return Fire?) or answering Fear."""
    table = one_off()
    assert table.state.battle is not None
    lines = _rules_section(table.state).lines
    assert "Sheriff Cole: Fearless; Return Fire" in lines, lines
    assert "Ruth Cole: Stealth (1); Precise Shot" in lines, lines
    assert "Ma Hendry: Fear; Shrug it Off" in lines, lines
    assert "Jesse Hendry: Hail of Fire" in lines, lines
    assert "Cal Hendry: Scout" in lines, lines
    # a model with neither is not listed; each ability held is said once, in full
    assert not any(line.startswith("Deputy Ames") for line in lines), lines
    assert view.ability_line("Return Fire") in lines, lines
    assert sum(line == view.ability_line("Return Fire") for line in lines) == 1
    # made of what the table knows: the rosters are open, no card is
    known = view.table_knows(table.state)
    assert {m.name: m.rules for m in known.models}["Sheriff Cole"] == ("Fearless",)


# -- a hand laid says what it made on the players' screen too (module 45-89) -----------------


def test_the_players_screen_says_what_each_hand_laid_made(tmp_path: Path) -> None:
    """Under "Just now" the players' screen listed a hand laid by its cards alone ("Sheriff
    Cole laid 9♠ 3♣ K♠ 9♣ 6♠"), where the Dealer's Conflict tab says what it made."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    _cole_spends_his_hand(campaign)
    (last,) = [s for s in table_sections(view.table_knows(campaign.state))
               if isinstance(s, Lines) and s.title == "Just now"]
    laid = view.laid_line(campaign.state)
    assert laid.startswith(f"{COLE} laid ") and laid.endswith(")"), laid
    assert laid in last.lines, last.lines
    campaign.close()
