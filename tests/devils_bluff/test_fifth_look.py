"""The fifth look: the polish the fourth audit left, each played through the rules (the
status after a new round, the level form's ability and perk, the discard form)."""

from __future__ import annotations

from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation, StartRound
from gmscreen.games.devils_bluff.sample import COLE
from gmscreen.games.devils_bluff.view import status_lines, table_knows
from tests.devils_bluff.helpers import one_off, unshuffled
from tests.devils_bluff.test_typed import played_out


def test_a_new_round_s_status_does_not_tell_the_last_round_s_last_action() -> None:
    table = one_off()
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Eli Crane"))
    (shot,) = table.execute(Attack("Eli Crane", "Dutch"))
    line = shot.data["line"]
    assert line in status_lines(table.state)
    table.execute(EndActivation("Eli Crane"))
    played_out(table).execute(StartRound(unshuffled()))
    assert table.state.last == "" and table.state.laid == ()
    assert line not in "\n".join(status_lines(table.state))
    assert "Round 2" in status_lines(table.state)[0]
    assert table_knows(table.state).last == ""
    assert table.state == table.replayed()
