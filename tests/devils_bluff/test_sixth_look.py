"""The sixth look: what two players at one screen were still left to do by hand.

Cards a table typed are refused all at once, each bad card named with its field; a hand
typed unseen is never shown in a refusal."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from gmscreen.core.cards import Deck
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, log, view
from gmscreen.games.devils_bluff.combat import targets
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    CloseAftermath,
    DrawCard,
    EndGame,
    GainLevel,
    KeepHired,
    Move,
    RollOffForPicks,
    Score,
    StartRound,
)
from gmscreen.games.devils_bluff.deck import HOW_WRITTEN
from gmscreen.games.devils_bluff.draw import Dealing
from gmscreen.games.devils_bluff.events import AftermathClosed
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.turns import fought_up_close
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.sections import as_text
from gmscreen.samples import write_sample
from tests.devils_bluff.helpers import (
    Table,
    acting_now,
    campaign,
    cards,
    defence_drawn,
    one_off,
    player_sections,
    table_sections,
    unshuffled,
)
from tests.devils_bluff.hidden import assert_table_keeps_hidden, cards_held
from tests.devils_bluff.test_fuzz_deep import STEPS
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_hiring import COLE as POOL_COLE
from tests.devils_bluff.test_hiring import MA, pool
from tests.devils_bluff.test_panes import select_row, table_app
from tests.devils_bluff.test_typed import in_deck, played_out
from tests.pilot import fill, opened, to_tab, until

# -- module lines 29-33: every bad card typed, named at once --------------------------------


def test_every_bad_card_typed_for_an_attack_is_named_at_once() -> None:
    table, shooter, target = attack_ready()
    king, queen = in_deck(table, "KQ")
    discarded = table.state.deck.discards[0].code if table.state.deck.discards else ""
    held = table.state.hand(COLE)[0]
    typed = f"Zx {king} {king} Joker 11h {held.code}"
    error = refused(table, Attack(shooter, target, typed=typed), "Draw Deck")
    said = error.message
    # each bad card, in one refusal: not cards, a joker, one typed twice, one held
    assert "'Zx'" in said and "'11h'" in said, said
    assert "joker" in said.lower(), said
    assert f"{cards(king)[0]} is typed twice" in said, said
    assert f"{held} is not in the Draw Deck" in said, said
    assert error.field == "typed"
    del queen, discarded


def test_each_player_s_bad_cards_are_named_with_their_field() -> None:
    error = refused(pool(), RollOffForPicks(typed=((MA, "7x Joker"), (POOL_COLE, "9q"))),
                    "Draw Deck")
    said = error.message
    assert f"{MA} drew" in said and f"{POOL_COLE} drew" in said, said
    assert "'7x'" in said and "'9q'" in said and "joker" in said.lower(), said
    assert error.field == "typed0"
    # a card typed for both players is named at the second
    error = refused(pool(), RollOffForPicks(typed=((MA, "7h 8h"), (POOL_COLE, "8h"))),
                    "Draw Deck")
    assert f"{POOL_COLE} drew: 8♥ is typed twice" in error.message, error.message
    assert error.field == "typed1"


def test_a_round_s_bad_cards_in_every_field_are_named_together() -> None:
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    gone = table.state.deck.discards[0]
    hands = ((HENDRY, " ".join(free[4:9])), (COLE, " ".join(free[9:14])))
    error = refused(table, StartRound(unshuffled(), typed=(
        (HENDRY, f"{free[0]} Qz"), (COLE, f"{gone.code} {free[3]}")), hands=hands),
        "Draw Deck")
    said = error.message
    assert f"{HENDRY} drew: 'Qz' is not a card" in said, said
    assert f"{COLE} drew: {gone} is not in the Draw Deck (it is in the discard pile)" \
        in said, said
    assert error.field == "typed0"


def test_a_hand_typed_unseen_is_refused_by_place_never_by_its_cards() -> None:
    # each player types their own hand while the other looks away (typed as dots): a
    # refusal, read by both at the shared screen, names the place of a bad card, not it
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    gone = table.state.deck.discards[0]
    ma, cole = " ".join(free[0:2]), " ".join(free[2:4])
    hand_ma = f"{free[4]} {free[5]} {free[5]} {gone.code} Qz"
    hand_cole = " ".join(free[9:14])
    error = refused(table, StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole)),
                                      hands=((HENDRY, hand_ma), (COLE, hand_cole))),
                    "Draw Deck")
    said = error.message
    assert f"{HENDRY}'s hand" in said, said
    assert "the 3rd card is typed twice" in said and "the 5th card is not a card" in said, said
    assert "the 4th card is not in the Draw Deck (it is in the discard pile)" in said, said
    said = said.replace(HOW_WRITTEN, "")  # its example cards are nobody's
    for shown in (cards(free[4])[0], cards(free[5])[0], gone):
        assert str(shown) not in said and shown.code not in said, said
    assert "Qz" not in said
    assert error.field == "hand0"
    # too many cards for a hand are counted, not shown
    error = refused(table, StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole)),
                                      hands=((HENDRY, " ".join(free[4:10])),
                                             (COLE, " ".join(free[10:15])))), "Draw Deck")
    assert free[9] not in error.message and str(cards(free[9])[0]) not in error.message
    assert error.field == "hand0"


def test_a_draw_onto_the_reshuffled_pile_names_every_card_it_could_not_draw() -> None:
    # module line 33: past the pile's end the typed cards come from the discards shuffled;
    # the ones that were in neither are named together
    deck = Deck(cards("2c"), cards("5c 6c 7c"))
    dealing = Dealing(deck, unshuffled(), typed={"": list(cards("9c 2c 8c 6c"))})
    dealing.draw(4)
    assert [(u.card, u.where) for u in dealing.unavailable] == [
        (cards("9c")[0], ""), (cards("8c")[0], "")]


def test_a_card_typed_as_drawn_on_a_turn_is_refused_by_place_never_by_face() -> None:
    # the card a player draws on a turn goes into their hand, unseen by the other: a
    # refusal read at the shared screen names the card by its place, as a hand's are
    table = one_off()
    first = table.state.battle.order[0]  # type: ignore[union-attr]
    other = next(p for p in table.state.players if p != first)
    held = table.state.hand(other)[0]
    spare = table.state.deck.order[3]
    error = refused(table, DrawCard(first, typed=f"{held.code} {spare.code}"), "Draw Deck")
    assert error.message == ("the 1st card is not in the Draw Deck, "
                             "1 card more typed than were drawn: type only the card drawn "
                             "(a card typed wrong into a hand is set right with C)")
    error = refused(table, DrawCard(first, typed=f"{spare.code} {spare.code}"), "Draw Deck")
    assert "the 2nd card is typed twice" in error.message
    assert str(spare) not in error.message and spare.code not in error.message


def test_the_card_drawn_is_typed_as_dots(tmp_path: Path) -> None:
    asyncio.run(_the_card_drawn_is_typed_as_dots(tmp_path))


async def _the_card_drawn_is_typed_as_dots(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        await opened(pilot, "D")
        assert app.screen.query_one("#f-typed", Input).password, "typed unseen"
    campaign.close()


# -- digest 2.3 (97): leaving assault range, the enemy it fought up close ticked ------------


def test_the_enemies_a_model_fought_up_close_are_known_until_either_moves() -> None:
    table, shooter, target = attack_ready()
    assert fought_up_close(table.state, shooter) == ()
    (event,) = table.execute(Attack(shooter, target, assault_range=True,
                                    typed=" ".join(in_deck(table, "K3"))))
    assert event.data["assault_range"] is True
    assert fought_up_close(table.state, shooter) == (target,)
    assert fought_up_close(table.state, target) == (shooter,)
    assert table.replayed() == table.state
    # an Interact moves nobody; an Advance takes the mover away from them all
    table.execute(Move(shooter, "Interact"))
    assert fought_up_close(table.state, target) == (shooter,)
    assert table.state.battle.activation is None  # type: ignore[union-attr]
    assert fought_up_close(table.state, target) == (shooter,), "it lasts past the turn"
    mover = table.state.battle.turn  # type: ignore[union-attr]
    assert mover == HENDRY
    table.execute(Activate(target))
    table.execute(Move(target, "Advance"))
    assert fought_up_close(table.state, shooter) == ()


def test_an_attack_from_afar_is_no_fight_up_close() -> None:
    table, shooter, target = attack_ready()
    table.stack("Kc Qc 2d 3d")
    (event,) = table.execute(Attack(shooter, target))
    assert event.data.get("assault_range", False) is False
    assert fought_up_close(table.state, shooter) == ()


def test_leaving_assault_range_the_form_ticks_the_enemy_it_fought(tmp_path: Path) -> None:
    asyncio.run(_leaving_ticks_the_enemy_fought(tmp_path))


async def _leaving_ticks_the_enemy_fought(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, _ = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        first, second = campaign.state.battle.order
        mover = campaign.state.gang(first).fighters[3].name
        enemy = campaign.state.gang(second).fighters[4].name
        await select_row(pilot, mover)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        # it fights the enemy up close, then moves away
        await select_row(pilot, enemy)
        await pilot.press("f")
        await fill(pilot, None, assault_range=True)
        await defence_drawn(pilot)
        assert campaign.events[-1].data["assault_range"] is True
        form = await opened(pilot, "l")
        enemies = targets(campaign.state, mover)
        ticked = [n for i, n in enumerate(enemies) if form.values()[f"leaving{i}"]]
        assert ticked == [enemy]
        await fill(pilot, None, action="Advance")
        parting = campaign.state.battle.parting
        assert parting is not None and parting.attackers == (enemy,)
    campaign.close()


# -- module line 101: the aftermath says who was kept and who levelled ------------------------


def _aftermath() -> tuple[Table, list[str], view.TableKnows, view.TableKnows]:
    """Game 1 of the campaign sample ended; Ma Hendry levelled, Dutch kept. Cole's hired
    guns (who move on), and what the table knew before the game ended and as it ended."""
    table = campaign()
    before = view.table_knows(table.state)
    table.execute(Score(HENDRY, 3))
    table.execute(EndGame("the bank job"))
    ended = view.table_knows(table.state)
    table.execute(GainLevel("Ma Hendry", "Quick"))
    table.execute(KeepHired("Dutch"))
    cole_gone = [f.name for f in table.state.gang(COLE).fighters  # type: ignore[union-attr]
                 if f.recruit.hired]
    return table, cole_gone, before, ended


def test_the_aftermath_under_way_says_who_levelled_and_who_was_kept() -> None:
    table, _, _, _ = _aftermath()
    lines = " ".join(view.campaign_lines(table.state))
    assert "levels gained by Ma Hendry" in lines, lines
    assert f"kept for good: Dutch ({HENDRY})" in lines, lines
    assert f"{COLE} has kept nobody yet" in lines, lines
    # the players' screen says the same, from what the table knows
    shown = as_text(table_sections(view.table_knows(table.state)))
    assert "Ma Hendry" in shown and f"kept for good: Dutch ({HENDRY})" in shown, shown


def test_closing_the_aftermath_tells_who_was_kept_levelled_and_moves_on() -> None:
    table, cole_gone, before, ended = _aftermath()
    gone = [f.name for g in table.state.gangs for f in g.fighters if f.recruit.hired]
    (closed,) = table.execute(CloseAftermath())
    told = RULES.describe(closed)
    assert told.startswith("After game 1: Ma Hendry gained a level"), told
    assert f"Dutch joins {HENDRY}'s gang for good" in told, told
    assert f"{COLE} kept nobody" in told, told
    assert all(name in told for name in gone), told
    assert table.state == table.replayed()
    after = view.table_knows(table.state)
    # the game's record, new in a recap from before the game, says who was kept; once
    totals = view.table_totals(before, after)
    assert [line for line in totals if "Dutch" in line] == [
        f"Game 1: {HENDRY} 3, {COLE} 0; {HENDRY} won (the bank job); after it, levels for "
        f"Ma Hendry; kept for good: Dutch ({HENDRY})"], totals
    # told from the game's end on (the aftermath in a later session), the joining says it
    totals = view.table_totals(ended, after)
    assert f"Dutch joined {HENDRY}'s gang for good" in totals, totals
    assert any(cole_gone[0] in line and "moved on" in line for line in totals), totals
    # the record after it says who stayed, on the tabs and the players' screen
    # the game's line (the key that ends the campaign follows it since round 13)
    assert any(line.startswith("Game 1: ") and "kept for good: Dutch" in line
               for line in view.campaign_lines(table.state))
    assert "kept for good: Dutch" in as_text(table_sections(after))


def test_an_old_journal_s_aftermath_closed_still_reads() -> None:
    old = AftermathClosed()
    assert not old.kept and "move on" in log.aftermath_closed(old)


# -- secrecy: no card held reaches what the table is told --------------------------------------


def test_no_step_of_play_tells_the_table_a_card_still_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # every step of play the deep fuzz reaches (set-up, hiring, deployment, rounds, draws,
    # attacks with hands laid, Return Fire, Hail of Fire, the deck run dry, the end of a
    # game, the aftermath): each event's line for the recap, and the table's screen after
    # it, name no card a player still holds unplayed
    told: list[str] = []
    real = Table.apply

    def checked(self: Table, new: NewEvent) -> Event:
        event = real(self, new)
        held = cards_held(self.state)
        line = view.table_tells(event) or ""
        assert not [c for c in held if c in line], (event.kind, line)
        assert_table_keeps_hidden(self.state)
        told.append(event.kind)
        return event

    monkeypatch.setattr(Table, "apply", checked)
    for make in STEPS.values():
        make()
    kinds = set(told)
    for kind in ("round_started", "card_drawn", "card_discarded", "attacked",
                 "game_ended", "aftermath_closed", "picks_rolled", "deployed"):
        assert f"devils_bluff.{kind}" in kinds, kind


# -- module lines 37-45: each player's own hand on a page of their own ------------------------


def test_each_player_s_page_shows_their_own_hand_and_never_the_other_s() -> None:
    # at a table served to phones (gmscreen serve), each player reads their hand on their
    # own page instead of asking the shared screen to turn it face up
    table = one_off()
    state = table.state
    assert view.private_viewers(state) == list(state.players)
    for player in state.players:
        other = next(p for p in state.players if p != player)
        page = as_text(player_sections(view.player_knows(state, player)))
        assert all(str(c) in page for c in state.hand(player)), page
        assert not [c for c in state.hand(other) if str(c) in page], page
        # and the whole table's screen under it, with no hidden card of the other's
        assert "Discard pile" in page and "Cards held" in page
    # between games nobody holds a card; the page says so
    table.execute(EndGame())
    page = as_text(player_sections(view.player_knows(table.state, HENDRY)))
    assert f"{HENDRY}: no cards between games" in page, page
