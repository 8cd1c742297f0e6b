"""The edges of the rules as a Dealer meets them at the table (a step's first and last
moment, a field left as it opened, a choice not made), and what the last look noticed and
left alone: each form starts on nothing the Dealer did not say, and says the rule it asks
for."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Input, Static

from gmscreen.games.dust_devils import rules, view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    DealerFolds,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    RecordFate,
    SetDevilRating,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import cards_in_deal
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.sheet import ATTRIBUTES
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import as_text
from gmscreen.ui.form import Form
from tests.dust_devils.game import Table, hanged_man_table, sample
from tests.dust_devils.test_book import _zeke_at_zero
from tests.dust_devils.test_long_run import _jack_beats_tom
from tests.dust_devils.test_panes import watched
from tests.dust_devils.test_session import jail_at_the_draw
from tests.pilot import fill, opened, refusal_shown, set_field, synchronous, to_tab, until


def _zekes_last_stand_dealt(table: Table) -> None:
    """Zeke, at 0 in Guts, goes out fighting against Long Tom using it: the cards dealt."""
    table.do(SetDevilRating(TOM.name, 2))
    table.do(OpenConflict("Last stand at the jail", (
        Entrant(ZEKE.name, "go out fighting", ("Guts", "Hand")),
        Entrant(TOM.name, "hang him", ("Hand", "Guts")))))
    table.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Qh")),
                   (TOM.name, ("Ks", "7c", "6s", "4h", "3d", "2c", "5c")))))


def zekes_last_stand(table: Table) -> None:
    """Zeke, at 0 in Guts, goes out fighting against Long Tom using it, loses, and dies."""
    _zekes_last_stand_dealt(table)
    table.do(Call(((ZEKE.name, ("Qh", "Jd", "9s", "8h", "6h")),
                   (TOM.name, ("Ks", "7c", "6s", "4h", "3d")))))
    table.do(TakeDifficulty(ZEKE.name, (("Hand", 1),)))
    table.do(EndConflict())
    table.do(RecordFate(ZEKE.name, "dies"))


def _jail_called(campaign: Campaign[DustDevilsState]) -> None:
    """The sample's jail conflict called with each hand's best lay: Long Tom's full house
    beats Zeke's pair, and Zeke's A♥ narrates."""
    campaign.execute(Call(((ZEKE.name, ("Th", "Td", "Ah", "Kd", "Qs")),
                           (TOM.name, ("Jh", "Jd", "Jc", "4s", "4d")))))


def _preview(form: Form) -> str:
    return str(form.query_one("#form-preview", Static).render())


@synchronous
async def test_the_narrators_difficulty_form_says_the_rule_and_starts_on_no_points(
        tmp_path: Path) -> None:
    # line 226: the narrator may have even a losing hand deal Difficulty to the winner; how
    # much, and from where, is the narrator's to say. K opened on "Guts 1" with no word of
    # the rule: Enter handed Long Tom a point of Guts nobody had told
    campaign = sample(tmp_path / "jail", _jail_called)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "K")
        assert form.values().text("split") == ""
        words = " ".join(str(s.render()) for s in form.query(".form-note"))
        assert "winner" in words and "Zeke Munroe" in words  # the narrator, by name
        assert "Hand 3, Eye 2, Guts 4, Heart 2" in _preview(form)  # Long Tom's now
        set_field(form, "name", ZEKE.name)
        await pilot.pause()
        assert "Hand 5, Eye 3, Guts 3, Heart 2" in _preview(form)
        await fill(pilot)  # sent with no points: refused, naming the rule
        refusal_shown(app, "Difficulty")
        conflict = campaign.state.conflict
        assert conflict is not None and not conflict.difficulty


@synchronous
async def test_the_open_form_holds_no_points_back_until_a_recovery_is_picked(
        tmp_path: Path) -> None:
    # lines 260-279: points come back only in a recovery, for the patient picked. With no
    # patient the open form's "Points back" read "Guts 1, Heart 1", and points typed there
    # with no patient were dropped without a word as the conflict opened
    campaign = sample(tmp_path / "jail", lambda c: c.execute(DealerFolds()))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "a", name=JIM.name, goal="buy Luke a drink", first="Heart",
                   second="Guts", knack="Drinkin'")
        form = await opened(pilot, "o")
        assert form.values().text("patient") == ""
        points = form.widget_of("recover")
        assert isinstance(points, Input)
        assert points.value == ""
        assert not any(a.value in points.placeholder for a in ATTRIBUTES)
        await fill(pilot, title="A drink at the Red Roof", recover="Heart 1")
        refused = refusal_shown(app, "Recovery")
        assert refused.focused is refused.widget_of("patient")
        assert campaign.state.conflict is None
        # a patient picked fills in his points; picked away again, they go with him
        luke = '"Lucky" Luke Johnson'
        set_field(form, "patient", luke)
        await pilot.pause()
        assert form.values().text("recover") == "Heart 1"
        set_field(form, "patient", "")
        await pilot.pause()
        assert form.values().text("recover") == ""
        await fill(pilot)
        await until(pilot, lambda: campaign.state.conflict is not None)
        conflict = campaign.state.conflict
        assert conflict is not None and conflict.recovery is None


def test_the_table_hears_as_it_lays_that_a_dealers_character_at_0_narrates(
        tmp_path: Path) -> None:
    # lines 319-327, 367-369: Long Tom, put at 0 Hand, enters with Hand: his last conflict,
    # and he narrates it whoever lays the high card; nobody bids. The table keeps learning
    # that he is at 0 only when he enters at 0 (the reading in view's docstring): from then
    # it plays under the rule, laying for the best hand since the high card wins no
    # narration (line 202), and his narration at the Call would tell it anyway
    campaign = jail_at_the_draw(tmp_path)
    _jack_beats_tom(campaign, ("2s", "5s", "7s", "9s", "Ks", "3d", "4h"), (("Hand", 3),))
    campaign.execute(EndConflict())
    table_before = as_text(view.table_sections(view.table_knows(campaign.state)))
    assert "at 0" not in table_before.split("Others met")[1]
    campaign.execute(OpenConflict("Tom's last stand", (
        Entrant(LUKE.name, "free Zeke", ("Hand", "Guts")),
        Entrant(TOM.name, "hang him", ("Hand", "Guts")))))
    narrates = (f"Narration is {TOM.name}'s whoever lays the high card (the Road to Hell): "
                "nobody bids.")
    for told in (view.conflict_lines(campaign.state),
                 as_text(view.table_sections(view.table_knows(campaign.state))).splitlines()):
        assert f"{TOM.name} enters at 0: the last conflict on the Road to Hell." in told
        assert narrates in told
    campaign.close()


def test_two_at_0_are_told_they_alone_bid_for_narration() -> None:
    # line 327: two or more at 0 bid for narration with their Chips, nobody else
    table = hanged_man_table()
    _zeke_at_zero(table)
    lines = view.zero_narration_line([ZEKE.name, JACK.name])
    assert lines == [f"Narration goes to the highest card laid among {ZEKE.name} and "
                     f"{JACK.name}, who alone may bid for it (the Road to Hell)."]
    table.do(SetDevilRating(ZEKE.name, 2))
    _zekes_last_stand_dealt(table)
    assert any(line.startswith(f"Narration is {ZEKE.name}'s")
               for line in view.conflict_lines(table.state))
    table.do(Call(((ZEKE.name, ("Qh", "Jd", "9s", "8h", "6h")),
                   (TOM.name, ("Ks", "7c", "6s", "4h", "3d")))))
    # after the Call the narrator's line says it ("who entered at 0"), once
    assert not any(line.startswith("Narration is") for line in view.conflict_lines(table.state))


#: a frail one of the Dealer's, his Devil as strong as it comes
WIDOW = Sheet("Widow Pike", player=False, ratings=(1, 1, 2, 3), traits=("Thin as a rail",),
              devil="Poisoned her first husband for his claim", devil_rating=3)


def test_a_card_bought_or_earned_is_one_more_than_the_devil_leaves() -> None:
    # lines 67, 299, 305: a trait that fits and a Chip each give an extra card in the Deal;
    # a hand holds at least one card however hard the Devil bites (the reading of line
    # 117). Hand 1 + Eye 1 with the Devil's 3 against her is one card; the Chip's card and
    # the trait's came to the same one card: paid for and given nothing, with nothing said
    assert cards_in_deal(1, 1, 3, devil=-3) == 1
    assert cards_in_deal(1, 1, 3, devil=-3, chip=True) == 2
    assert cards_in_deal(1, 1, 3, devil=-3, trait=True, chip=True) == 3
    assert cards_in_deal(1, 1, 3, devil=-3, won_last=True) == 2
    table = hanged_man_table()
    table.do(MakeCharacter(WIDOW))
    hinders = Entrant(WIDOW.name, "keep the claim", ("Hand", "Eye"), devil=-3)
    told = view.entrant_preview(table.state, hinders)
    # the floor is said where the sum would read less
    assert told.startswith("Deals 1 card (Hand 1 + Eye 1, the Devil -3: at least one card).")
    bought = view.entrant_preview(table.state, replace(hinders, chip=True))
    assert bought.startswith("Deals 2 cards (Hand 1 + Eye 1, the Devil -3: at least one "
                             "card, a Chip to each player).")
    table.do(OpenConflict("The claim office", (
        Entrant(LUKE.name, "buy the claim", ("Heart", "Eye")), replace(hinders, chip=True))))
    assert table.state.conflict is not None
    assert table.state.conflict.participants[1].cards_due == 2


def test_a_fate_asked_again_says_the_character_has_left_play() -> None:
    # line 317: the fate is recorded once, when the last conflict is over. Asked again (t
    # on Clara, who moved on), the refusal said her fate was "not due: it is recorded when a
    # conflict that used an attribute at 0 ends", as if she had yet to reach the Road to Hell
    table = hanged_man_table()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_at_zero(table)
    refused = rules.why_not_fate(table.state, ZEKE.name)
    assert refused is not None and "not due" in refused.message  # at 0, his last to come
    zekes_last_stand(table)
    refused = rules.why_not_fate(table.state, ZEKE.name)
    assert refused is not None and refused.rule == "The Road to Hell"
    assert refused.message.startswith(f"{ZEKE.name} has left play (dies)")
    assert "not due" not in refused.message


def test_the_help_says_the_narrator_may_hand_anyone_difficulty() -> None:
    # line 226: the narrator may even have a losing hand deal Difficulty to the winner. F1's
    # Difficulty said only what the winning combination deals, and nothing of K
    entry = find(words_of("gmscreen.games.dust_devils"), "Difficulty")
    assert entry is not None
    assert "narrator" in entry.means and "winner" in entry.means
    assert "Narrator's Difficulty" in entry.means


@synchronous
async def test_the_new_knack_form_says_what_a_knack_is_and_the_limit(tmp_path: Path) -> None:
    # lines 75-77, 292: a Knack is a narrow skill (Rustlin', not Thievin'); a character has
    # at most Hand + Eye Knacks, or 6. The New Knack form (K) had a title and a field and no
    # line to say either: the limit was on the sheet below, hidden by the form at 80x24
    campaign = sample(tmp_path / "s")
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # Gentleman Jim, highlighted: Hand 4 + Eye 4
        form = await opened(pilot, "K")
        words = " ".join(str(s.render()) for s in form.query(".form-note"))
        assert "narrow" in words
        assert "5 of 8" in words and "Hand + Eye" in words
