"""A free roll or draw: journaled with what fell, typed from the table's own or drawn by
the app, never rolled again on replay, changing nothing in the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.journal.freeroll import FreeDraw, FreeRoll, typed_cards, typed_faces
from gmscreen.journal.rules import RuleError
from tests.ui.support import new_campaign


def test_a_free_roll_and_draw_are_journaled_and_change_no_state(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    before = campaign.state
    campaign.execute(FreeRoll(2, 6, "the stranger's mood", typed_faces("3 5", 6)))
    campaign.execute(FreeDraw(1, "which way the horse bolts", cards=typed_cards("Qh")))
    campaign.execute(FreeRoll(3, 10, "a d10 table"))
    assert campaign.state == before
    lines = [campaign.describe(e) for e in campaign.events]
    assert lines[0] == "A free roll for the stranger's mood: 2d6 show 3, 5 (total 8)."
    assert lines[1] == "A free draw for which way the horse bolts: Q♥."
    faces = campaign.events[2].data["faces"]
    assert len(faces) == 3 and all(1 <= f <= 10 for f in faces)
    assert campaign.replay(3).events[2].data["faces"] == faces


@pytest.mark.parametrize(("command", "field"), [
    (FreeRoll(2, 6, "x", (3,)), "faces"),
    (FreeRoll(1, 6, "x", (7,)), "faces"),
    (FreeRoll(0, 6, "x"), "dice"),
    (FreeDraw(2, "x", cards=tuple(parse_cards("Qh Qh"))), "cards"),
    (FreeDraw(60, "x"), "count"),
    (FreeDraw(1, "x", jokers=3), "jokers"),
    (FreeDraw(1, "x", jokers=-1), "jokers"),
    (FreeDraw(2, "x", jokers=1, cards=tuple(parse_cards("* *"))), "cards"),
    (FreeDraw(1, "x", cards=tuple(parse_cards("Joker"))), "cards"),
])
def test_a_free_roll_that_cannot_be_is_refused_naming_the_field(
        tmp_path: Path, command: FreeRoll | FreeDraw, field: str) -> None:
    campaign = new_campaign(tmp_path)
    with pytest.raises(RuleError) as refused:
        campaign.execute(command)
    assert refused.value.field == field and campaign.events == []
