"""The players' side of a session: what the players' screen (`gmscreen show`) and the
table's recap tell of a whole evening, read as a player at the table and as one who missed
it."""

from __future__ import annotations

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Activate, Discard, DrawCard, EndActivation
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.journal.sections import as_text
from tests.devils_bluff.helpers import Table, one_off
from tests.devils_bluff.hidden import assert_table_keeps_hidden


def table_screen(table: Table) -> str:
    return as_text(view.table_sections(view.table_knows(table.state)))


def player_page(table: Table, name: str) -> str:
    return as_text(view.player_sections(view.player_knows(table.state, name)))


def test_the_table_sees_who_may_draw_and_who_owes_a_discard() -> None:
    """Module line 39: on their turn a player may draw a card, once; drawn onto a full hand,
    one of the five held before goes face up on the discard pile. The table must know both
    (whether the draw is still to take; that the game waits on a discard), where the
    players' screen said only how many cards each held."""
    table = one_off()
    battle = table.state.battle
    assert battle is not None and battle.order == (HENDRY, COLE)
    assert battle.turn == HENDRY and battle.activation is None
    screen = table_screen(table)
    assert f"{HENDRY} may draw a card this turn" in screen
    assert f"{COLE} may draw" not in screen
    table.execute(DrawCard(HENDRY))
    screen = table_screen(table)
    assert "may draw" not in screen
    assert (f"{HENDRY} drew a sixth card: one of the five held before goes face up on the "
            "discard pile first") in screen
    assert_table_keeps_hidden(table.state)
    # her own page says it too, over her six cards
    assert "drew a sixth card" in player_page(table, HENDRY)
    table.execute(Discard(HENDRY, str(table.state.hand(HENDRY)[0])))
    screen = table_screen(table)
    assert "sixth card" not in screen and "may draw" not in screen
    # her model acts and ends: Sheriff Cole's turn, his to draw
    gang = table.state.gang(HENDRY)
    assert gang is not None
    shooter = gang.fighters[0].name
    table.execute(Activate(shooter))
    assert "may draw" not in table_screen(table)
    table.execute(EndActivation(shooter))
    assert f"{COLE} may draw a card this turn" in table_screen(table)
