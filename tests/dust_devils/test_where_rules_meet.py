"""Round 17: where two rules of the book apply at the same moment.

Found wrong: Chips bought a Knack point between the Deal and the Draw, and the Draw read the
new rating (book lines 192 and 292 meeting): Zeke, at the jail's Draw with Wrestlin' 2,
raised it to 3 on the Characters tab and the Draw form let him change 3, a wider Draw than
the one card line 300 sells for a Chip, once a hand. A player whose character had folded
out of the conflict still under way (line 301) bought Knacks and attributes too. The
reading now: improvements wait for the end of any conflict the character entered
(`rules`' docstring). And after ctrl+z the Draw and Call forms opened on their usual
suggestions, not on what was taken back: a Dealer mending one card typed every other
again."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from gmscreen.core.cards import card_codes, cards_from_codes
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils import resolution, rules, view
from gmscreen.games.dust_devils.call import lay_choices
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    BuyKnack,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    OpenConflict,
    RaiseAttribute,
    RaiseKnack,
    RestorePoint,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import full_pack
from gmscreen.games.dust_devils.sample import JIM, LUKE, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Form
from tests.dust_devils.game import Table, hanged_man_table, sample
from tests.dust_devils.test_session import watched
from tests.pilot import form_up, synchronous, to_tab, until


def _refused(table: Table, command: object, rule: str) -> str:
    count = len(table.events)
    with pytest.raises(RuleError) as refusal:
        table.do(command)
    assert refusal.value.rule == rule and len(table.events) == count
    return str(refusal.value)


def _dealt(table: Table, seed: int = 17) -> None:
    """Each hand dealt the cards due from a pack shuffled by a seeded generator."""
    conflict = table.state.conflict
    assert conflict is not None
    pack = full_pack()
    Random(seed).shuffle(pack)
    hands = []
    for p in conflict.participants:
        hands.append((p.name, tuple(pack[:p.cards_due])))
        pack = pack[p.cards_due:]
    table.do(Deal(tuple(hands)))


def _luke_and_jim_at_the_draw() -> Table:
    table = hanged_man_table()
    table.do(OpenConflict("The stage from Abilene", (
        Entrant(LUKE.name, "ride the team down", ("Hand", "Guts"), knack="Ridin'"),
        Entrant(JIM.name, "shoot the driver's pistol away", ("Hand", "Eye"),
                knack="Shootin'")), stud=5))
    _dealt(table)
    return table


def test_a_knack_raised_between_the_deal_and_the_draw_waits_for_the_end() -> None:
    # lines 192, 292, 300: the Draw reads the Knack; Chips buy one card more in it for one
    # Chip, once a hand, never a wider Draw by a Knack point bought in mid-conflict
    table = _luke_and_jim_at_the_draw()
    assert steps.draw_allowed(table.state, LUKE.name, "") == 3
    said = _refused(table, RaiseKnack(LUKE.name, "Ridin'"), "Chips")
    assert said == ('Chips: "Lucky" Luke Johnson is in the conflict "The stage '
                    'from Abilene": Chips buy attributes and Knacks once it ends (within it '
                    'they buy a card in the Deal, one in the Draw, narration or a fold)')
    _refused(table, RaiseAttribute(LUKE.name, "Eye"), "Chips")
    _refused(table, BuyKnack(LUKE.name, "Cookin'"), "Chips")
    assert steps.draw_allowed(table.state, LUKE.name, "") == 3
    # a character outside the conflict buys while it is played
    table.do(RaiseKnack(ZEKE.name, "Ridin'"))
    # once it ends, Luke buys
    conflict = table.state.conflict
    assert conflict is not None
    table.do(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    for loser in resolution.losers_waiting(table.state):
        table.do(_placed(view.difficulty_asked(table.state, loser)))
    table.do(EndConflict())
    table.do(RaiseKnack(LUKE.name, "Ridin'"))
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.knack("Ridin'") == 4
    assert table.replayed() == table.state


def _placed(asked: view.DifficultyAsked) -> TakeDifficulty:
    return TakeDifficulty(asked.name, tuple(asked.split.items()))


def test_a_player_who_folded_buys_nothing_until_the_conflict_ends() -> None:
    # line 301: a fold takes the character out of the risks and rewards of the conflict
    # still being played; what Chips buy on the sheet waits for its end
    table = _luke_and_jim_at_the_draw()
    table.do(GiveChips(JIM.name, 6, "a scene well played"))
    table.do(Fold(JIM.name))
    said = _refused(table, RaiseKnack(JIM.name, "Bargainin'"), "Chips")
    assert said.startswith('Chips: "Gentleman" Jim Harris folded out of the '
                           'conflict "The stage from Abilene": ')
    _refused(table, RaiseAttribute(JIM.name, "Heart"), "Chips")
    _refused(table, BuyKnack(JIM.name, "Trackin'"), "Chips")
    assert rules.knacks_to_raise(table.state, JIM.name) == ()
    assert rules.attributes_to_raise(table.state, JIM.name) == ()
    refusal = rules.why_not_raise_knack(table.state, JIM.name)
    assert refusal is not None and refusal.rule == "Chips"


@synchronous
async def test_the_knack_key_says_why_for_a_character_in_the_conflict(tmp_path: Path) -> None:
    # the sample's jail conflict at the Draw: Zeke (Wrestlin' 2, 3 Chips) is in it
    campaign = sample(tmp_path / "s")
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("down")
        count = len(campaign.events)
        await pilot.press("k")
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form) and len(campaign.events) == count
        assert notices.of("warning")[-1].title == "Chips"


def _drawn_then_undone(tmp_path: Path, *, typed: bool) -> Campaign[DustDevilsState]:
    campaign = sample(tmp_path / "s")
    conflict = campaign.state.conflict
    assert conflict is not None
    held = conflict.participant(ZEKE.name)
    assert held is not None and "Qs" in held.hand and "8c" in held.hand
    sent = Draw(ZEKE.name, ("Qs", "8c"), ("5s", "6s"), knack="Shootin'", typed=typed)
    campaign.execute(sent)
    assert campaign.undo()
    return campaign


@synchronous
async def test_a_draw_typed_and_undone_opens_again_on_what_was_sent(tmp_path: Path) -> None:
    campaign = _drawn_then_undone(tmp_path, typed=True)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("w")
        form = await form_up(pilot)
        values = form.values()
        assert [values.text(k) for k in ("name", "discards", "knack", "drawn")] == [
            ZEKE.name, "Q♠ 8♣", "Shootin'", "5♠ 6♠"]
        assert not values.flag("chip")
        assert form.note.endswith(" The Draw taken back is filled in.")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        drawn = campaign.events[-1]
        assert drawn.kind == "dust_devils.cards_drawn"
        assert drawn.data["drawn"] == ["5s", "6s"] and drawn.data["typed"] is True


@synchronous
async def test_a_draw_the_app_drew_and_undone_draws_afresh(tmp_path: Path) -> None:
    campaign = _drawn_then_undone(tmp_path, typed=False)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("w")
        form = await form_up(pilot)
        values = form.values()
        assert [values.text(k) for k in ("name", "discards", "knack", "drawn")] == [
            ZEKE.name, "Q♠ 8♣", "Shootin'", ""]
        assert form.note.endswith(" The Draw taken back is filled in; the app draws afresh.")


@synchronous
async def test_a_call_undone_opens_again_on_the_lays_sent(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    conflict = campaign.state.conflict
    assert conflict is not None
    zeke = conflict.participant(ZEKE.name)
    tom = conflict.participant(TOM.name)
    assert zeke is not None and tom is not None
    # Zeke lays what no choice offers; Tom keeps the high card
    zekes = ("Ah", "Kd", "Qs", "8c", "4h")
    assert set(zekes) <= set(zeke.hand)
    keeps = lay_choices(cards_from_codes(tom.hand)).keeps_high_card
    assert keeps is not None
    toms = tuple(card_codes(keeps.cards))
    campaign.execute(Call(((ZEKE.name, zekes), (TOM.name, toms))))
    assert campaign.undo()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("l")
        form = await form_up(pilot)
        values = form.values()
        assert values.text("l0") == "A♥ K♦ Q♠ 8♣ 4♥"
        assert values.text("c1") == " ".join(toms) and values.text("l1") == ""
        assert form.note.endswith(" The lays taken back are filled in.")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.conflict is not None
                    and campaign.state.conflict.phase == "resolve")
        called = campaign.state.conflict
        assert called is not None
        assert {p.name: set(p.laid) for p in called.participants} == {
            ZEKE.name: set(zekes), TOM.name: set(toms)}


def test_a_point_the_sessions_end_gave_back_is_not_restored_again() -> None:
    # lines 256 and 295 meeting: Zeke narrates by a Chip after losing 2 Guts; the session
    # ends with the conflict carried into the next and without the carry-over ruling, so
    # all damage comes back; the narrator's point then has nothing left to restore (the
    # log said "gets a point of Guts back" while Guts stayed 3 of 3)
    table = hanged_man_table()
    table.do(OpenConflict("The bounty money at the jail", (
        Entrant(ZEKE.name, "make Long Tom own it", ("Hand", "Guts")),
        Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"))), stakes=1))
    table.do(Deal(((ZEKE.name, ("10d", "Qh", "Ah", "Kd", "8c", "3s", "Qs", "10h")),
                   (TOM.name, ("4c", "Jc", "9c", "2c", "7s", "Jh", "8d")))))
    table.do(Call(((ZEKE.name, ("10h", "10d", "Ah", "Kd", "Qs")),
                   (TOM.name, ("Jc", "Jh", "9c", "8d", "7s")))))
    table.do(BidForNarration(((ZEKE.name, 1),)))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 2),)))
    assert [label for label, _ in view.restore_choices(table.state)] == ["Guts 1 to 2"]
    table.end_session()  # carried: the conflict stays under way
    table.start_session()
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.values == ZEKE.ratings
    said = _refused(table, RestorePoint("Guts"), "Narration")
    assert said == ("Narration: the Difficulty Zeke Munroe took in this conflict has come "
                    "back since (Guts 3 of 3): no point is left to restore")
    refusal = resolution.why_not_restore(table.state)
    assert refusal is not None and str(refusal) == said
    assert view.restore_choices(table.state) == []
    table.do(EndConflict())
    assert table.replayed() == table.state


@synchronous
async def test_bids_undone_open_again_on_the_bids_sent(tmp_path: Path) -> None:
    # the same as the Draw and the Call: Jim's bid typed for Luke's player, taken back
    campaign = sample(tmp_path / "s")
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    campaign.execute(BidForNarration(((JIM.name, 2), (LUKE.name, 1))))
    assert campaign.undo()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("b")
        form = await form_up(pilot)
        bids = {form.fields[i].label: form.values().text(form.fields[i].key)
                for i in range(len(form.fields))}
        assert bids[JIM.name] == "2" and bids[LUKE.name] == "1" and bids[ZEKE.name] == "0"
        assert form.note.endswith(" The bids taken back are filled in.")
