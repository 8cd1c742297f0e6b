"""The rules a table meets once a campaign or less, where the Dealer must not need the book:
the app says when each applies, in the words he reads as he rules (the Conflict tab, its
forms, the log and the players' screen)."""

from __future__ import annotations

from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    Deal,
    DealerFolds,
    Entrant,
    Fold,
    OpenConflict,
    SetDevilRating,
    SetWinnerCard,
)
from gmscreen.games.dust_devils.log import named
from gmscreen.games.dust_devils.panes import CharactersPane
from gmscreen.games.dust_devils.sample import JACK, LUKE, TOM, ZEKE
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table, hanged_man_table
from tests.dust_devils.test_book import _jack_wins, _zeke_at_zero
from tests.dust_devils.test_rules import refused


def _zeke_makes_his_last_stand(*, knack: str = "") -> Table:
    """Zeke, his Guts taken by a flush of clubs, enters with Guts and Hand against Long Tom:
    his last conflict, dealt (Devil 2 for the Guts at 0, Hand 5)."""
    table = hanged_man_table()
    _zeke_at_zero(table)
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(SetDevilRating(TOM.name, 2))
    table.do(OpenConflict("Last stand at the jail", (
        Entrant(ZEKE.name, "go out fighting", ("Guts", "Hand"), knack=knack),
        Entrant(TOM.name, "hang him", ("Hand", "Guts"), knack="Fightin'"))))
    table.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Qh")),
                   (TOM.name, ("Ks", "7c", "6s", "4h", "3d", "2c", "5c")))))
    return table


def _draw_line(table: Table, name: str) -> str:
    return next(line for line in view.conflict_lines(table.state)
                if line.startswith(f"{name}: best lay"))


def test_a_hand_at_zero_is_not_told_it_draws_nothing_without_a_knack() -> None:
    # lines 321-325: at 0, the player also discards and redraws as many cards as his Devil
    # rating, Knack or none. The Draw form told the Dealer "no draw without a Chip" for
    # Zeke, who named no Knack, while he may change 2
    table = _zeke_makes_his_last_stand()
    first, _ = view.draw_knack_choices(table.state, ZEKE.name)[0]
    assert "no draw" not in first
    assert "Devil" in first and "2" in first
    assert "Devil" in _draw_line(table, ZEKE.name)


def test_the_devils_cards_at_zero_are_told_apart_from_the_knacks() -> None:
    # lines 321-325: the Devil's cards come on top of the Knack's; "may change 5
    # (Wrestlin')" read as if Wrestlin' 2 let him change five
    table = _zeke_makes_his_last_stand(knack="Wrestlin'")
    line = _draw_line(table, ZEKE.name)
    assert "may change 4" in line  # Wrestlin' 2 and the Devil's 2
    assert "Wrestlin'" in line and "Devil" in line
    # a hand not at 0 reads as before: the Knack alone
    assert "Devil" not in _draw_line(table, TOM.name)


def _called_with_tom_holding_the_high_card(table: Table) -> None:
    table.do(Call(((ZEKE.name, ("Qh", "Jd", "9s", "8h", "6h")),
                   (TOM.name, ("Ks", "7c", "6s", "4h", "3d")))))


def _narrator_line(lines: list[str]) -> str:
    return next(line for line in lines if "Narrator:" in line)


def test_narration_taken_by_the_road_to_hell_says_why() -> None:
    # line 327: the character at 0 narrates his last conflict, whoever laid the high card.
    # Long Tom's K♠ was high and the tab said only "Narrator: Zeke Munroe", the log "Long
    # Tom's K♠ is high; Zeke Munroe narrates": a Dealer who forgot the rule took it for a
    # slip
    table = _zeke_makes_his_last_stand()
    _called_with_tom_holding_the_high_card(table)
    assert table.state.conflict is not None and table.state.conflict.narrator == ZEKE.name
    assert "at 0" in _narrator_line(view.conflict_lines(table.state))
    table_screen = as_text(view.table_sections(view.table_knows(table.state))).splitlines()
    assert "at 0" in _narrator_line(table_screen)
    call = RULES.describe(table.events[-1])
    assert "at 0" in call[call.index("is high"):]


def test_narration_the_high_card_holds_gives_no_reason() -> None:
    # the high card's holder narrates by the ordinary rule (line 218): nothing more is said
    table = hanged_man_table()
    table.do(OpenConflict("Cards at the Red Roof", (
        Entrant(LUKE.name, "win the pot", ("Eye", "Heart")),), stud=5))
    table.do(Deal(((LUKE.name, ("As", "4d", "6h", "8h", "9s", "Jd")),
                   ("Dealer", ("2c", "3c", "5d", "7d", "Ts")))))
    table.do(Call(((LUKE.name, ("As", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("2c", "3c", "5d", "7d", "Ts")))))
    # (the line goes on with what the narrator tells: a high card's win is routine)
    line = _narrator_line(view.conflict_lines(table.state))
    assert f"Narrator: {named(LUKE.name)}. A routine win: " in line
    assert "by Chips" not in line and "at 0" not in line


def test_narration_bought_says_it_was_bought() -> None:
    # line 293: narration bought with Chips is the bidder's, not the high card's; the tab
    # and the players' screen say how he came to narrate
    table = hanged_man_table()
    table.do(OpenConflict("Cards at the Red Roof", (
        Entrant(LUKE.name, "win the pot", ("Eye", "Heart")),), stud=5))
    table.do(Deal(((LUKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd")),
                   ("Dealer", ("2c", "3c", "5d", "7d", "As")))))
    table.do(Call(((LUKE.name, ("Jd", "9s", "8h", "6h", "4d")),
                   ("Dealer", ("2c", "3c", "5d", "7d", "As")))))
    table.do(BidForNarration(((LUKE.name, 1),)))
    assert "Chips" in _narrator_line(view.conflict_lines(table.state))
    table_screen = as_text(view.table_sections(view.table_knows(table.state))).splitlines()
    assert "Chips" in _narrator_line(table_screen)


def test_the_help_says_the_winners_card_is_for_a_conflict_that_goes_on_at_once() -> None:
    # line 208: the optional card is for the winners of a conflict in the one that follows
    # it at once. F1 said "the last winners get a card more", and a Dealer turning the rule
    # on looked for the card in the next scene, hours of play later
    rule = next(b for b in CharactersPane.BINDINGS
                if not isinstance(b, tuple) and b.id == "dust_devils.winner_card")
    assert "at once" in rule.tooltip and "Follows the last" in rule.tooltip


def test_the_dealer_folds_before_the_call_as_players_do() -> None:
    # reading of line 309: the Dealer folds "just as" players do, and they fold before the
    # Call (line 214). Once Long Tom's pair has won, folding is refused naming that rule
    # (it said "that is not a step of the resolution after the Call"), and nobody gains or
    # pays a Chip
    table = _zeke_makes_his_last_stand()
    _called_with_tom_holding_the_high_card(table)
    for fold in (DealerFolds(), Fold(ZEKE.name)):
        assert "before the Call" in str(refused(table, fold, "Fold"))


def test_the_winners_card_is_said_where_its_card_is_dealt() -> None:
    # line 208, the optional rule: Black Jack won the shootout, and the fight goes on at
    # once. His hand of Guts 2 + Heart 4 was dealt 7 cards with nothing said of the
    # seventh, on the tab or in the log: a Dealer dealing by hand thought it a slip
    table = hanged_man_table()
    table.do(SetWinnerCard(True))
    _jack_wins(table)
    (opened, *_) = table.do(OpenConflict("The shootout goes on", (Entrant(
        JACK.name, "get away", ("Guts", "Heart")),), stud=5, continues=True))
    assert "winner's card" in RULES.describe(opened)
    assert any(JACK.name in line and "winner's card" in line
               for line in view.conflict_lines(table.state))


def test_the_help_says_each_conflict_steps_rule_where_the_key_is_named() -> None:
    # F1 and the palette name the Conflict tab's steps by their tooltips. "The Dealer gives
    # each player present a Chip and folds" left out that he folds only with an important
    # NPC (line 309); "A hand discards and redraws" how many; "Every hand lays up to five
    # cards" who wins and who narrates: a Dealer at the table looked up each on paper
    from gmscreen.games.dust_devils.panes.conflict import ConflictPane
    said = {b.id: b.tooltip for b in ConflictPane.BINDINGS if not isinstance(b, tuple)}
    assert "only with an important NPC" in said["dust_devils.dealer_folds"]
    assert "nobody takes Difficulty" in said["dust_devils.dealer_folds"]
    assert "relevant Knack's rating" in said["dust_devils.draw"]
    assert "stud hand only for a Chip to each player" in said["dust_devils.draw"]
    assert "no Difficulty, no Stakes" in said["dust_devils.fold"]
    assert "best poker hand wins" in said["dust_devils.call"]
    assert "single highest card narrates" in said["dust_devils.call"]
    assert "two jokers, wild" in said["dust_devils.deal"]


def test_the_help_says_when_damage_carries_over() -> None:
    # line 256: the Dealer rules damage carries over when events leave no time to rest; F1
    # said only "Rule that damage carries over at this session's end (or not)"
    rule = next(b for b in CharactersPane.BINDINGS
                if not isinstance(b, tuple) and b.id == "dust_devils.carry_over")
    assert "no time to rest" in rule.tooltip and "attribute at 0" in rule.tooltip
