"""The night's head once every living player has sent his night read "Nothing sent yet (0):
nobody", a count that looked gone wrong; it says all have sent (round 64)."""

from __future__ import annotations

from gmscreen.games.dust import view
from gmscreen.games.dust.commands import ChooseNight
from gmscreen.games.dust.state import NightChoice
from tests.dust.game import kill, night_of, run


def test_the_head_says_all_have_sent_once_no_one_is_waited_for() -> None:
    state = night_of()
    waiting = [p.name for p in state.living]
    for name in waiting:
        state = run(state, ChooseNight(NightChoice(name)))
    state = kill(state, "Ann")
    said = view.status_lines(state)[2]
    assert said == f"All {len(waiting)} have sent their night: ready to resolve."
    assert "nobody" not in said
