"""Round 19: every field and every name. Bad input is refused naming the field and saying
what is allowed, and changes nothing; names and notes are shown as text wherever they go."""

from __future__ import annotations

import pytest

from gmscreen.games.devils_bluff.commands import CloseAftermath, EndCampaign, EndGame, Mend, Score
from gmscreen.games.devils_bluff.sample import COLE
from gmscreen.journal.rules import RuleError
from tests.devils_bluff.helpers import Table, campaign
from tests.devils_bluff.test_long_run import _campaign_after_a_game

LONG = "The posse rode in at dusk and the well changed hands twice. " * 4  # 240 letters


def refused_for(table: Table, command: object) -> tuple[str | None, str]:
    """The field a refusal names and its words; the table's state left as it was."""
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.execute(command)
    assert table.state == before
    return refused.value.field, str(refused.value)


@pytest.mark.parametrize(("command", "rule", "field", "what"), [
    (Score(COLE, 1, LONG), "Scores", "reason", "the reason"),
    (Mend("Sheriff Cole", 9, 0, LONG), "Correction", "reason", "the reason"),
    (EndGame(LONG), "Game", "note", "the note"),
])
def test_a_reason_or_a_note_of_more_than_200_letters_is_refused_in_its_field(
        command: object, rule: str, field: str, what: str) -> None:
    """A score's reason, a correction's and a game's note had no limit: a paragraph pasted
    into one ran the Conflict tab's status past its seven rows, cut without a mark (and
    into the log's line, the recap and the players' screen whole). The objectives already
    took at most 200 letters; these words take as many."""
    table = campaign()
    assert refused_for(table, command) == (
        field, f"{rule}: {what} takes at most 200 letters; this takes {len(LONG.strip())}")
    # 200 letters, and spaces around them, are taken
    table.execute(type(command)(**{**vars(command), field: f"  {'x' * 200}  "}))


def test_the_campaign_s_last_note_takes_at_most_200_letters() -> None:
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    assert refused_for(table, EndCampaign("", LONG)) == (
        "note", f"Campaign: the note takes at most 200 letters; this takes {len(LONG.strip())}")
    table.execute(EndCampaign("", "x" * 200))
