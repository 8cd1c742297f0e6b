"""A Dealer's mistakes (round 12): a journal damaged by hand opens saying which event and
which field, in the game's words; the form that makes a sheet does not set a trap for one of
the Dealer's minor characters; a refusal names what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import MakeCharacter, Sheet
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from tests.dust_devils.game import hanged_man_table

# -- a journal damaged by hand ------------------------------------------------------------------


def _damaged(folder: Path, seq: int, old: str, new: str) -> Path:
    """The shipped Hanged Man with `old` in event `seq`'s block written `new`."""
    path = write_sample(SAMPLES[0], folder)
    head, *blocks = path.read_text(encoding="utf-8").split("[[event]]\n")
    assert old in blocks[seq - 1], blocks[seq - 1]
    blocks[seq - 1] = blocks[seq - 1].replace(old, new, 1)
    path.write_text(head + "".join("[[event]]\n" + b for b in blocks), encoding="utf-8")
    return path


JIM_Q = '\\"Gentleman\\" Jim Harris'
LUKE_Q = '\\"Lucky\\" Luke Johnson'

# (event, what was written, what the hand wrote, what the Dealer is told: the field and why)
DAMAGES = [
    # a card thrown at the Draw that the hand never held
    (17, 'discards = ["4d", "5s"]', 'discards = ["Kd", "5s"]',
     'discards[0] is K♦, which "Gentleman" Jim Harris does not hold'),
    # a name that no character has
    (10, f'name = "{JIM_Q}", rating = 3', 'name = "Nobody", rating = 3',
     "name is 'Nobody': there is no character so named"),
    (17, f'name = "{JIM_Q}"', 'name = "Nobody"',
     "name is 'Nobody': no hand of that name is in conflict 1"),
    (27, f'name = "{LUKE_Q}"', 'name = "Nobody"',
     "name is 'Nobody': there is no character so named"),
    (39, 'fates_due = ["Clara Hardin"]', 'fates_due = ["Nobody"]',
     "fates_due[0] is 'Nobody': there is no character so named"),
    # a card dealt twice from the one pack
    (16, '"9h"', '"Ad"', "hands[1].cards[0] is A♦, dealt twice: there is one pack"),
    # a character made twice
    (2, 'name = "Zeke Munroe"', f'name = "{JIM_Q}"',
     "name is '\"Gentleman\" Jim Harris': there is already a character so named"),
]


@pytest.mark.parametrize(("seq", "old", "new", "told"), DAMAGES)
def test_a_journal_damaged_by_hand_says_which_event_and_which_field(
        tmp_path: Path, seq: int, old: str, new: str, told: str) -> None:
    campaign: Campaign[DustDevilsState] = open_campaign(_damaged(tmp_path, seq, old, new),
                                                        rules_for, cache=False)
    try:
        assert campaign.damaged is not None, "the damage went unsaid"
        assert campaign.damaged.seq == seq
        reason = campaign.read_only_reason or ""
        assert f"event {seq} (" in reason and told in reason, reason
        assert "Error" not in reason  # never a Python error's words
        # the rest before it still reads: every sheet of the campaign's start is there
        assert campaign.state.character("Zeke Munroe") is not None or seq <= 2
    finally:
        campaign.close()


def test_a_journal_read_whole_is_not_damaged(tmp_path: Path) -> None:
    """The strict reading refuses nothing the rules wrote: the shipped sample, whole."""
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], tmp_path),
                                                        rules_for, cache=False)
    try:
        assert campaign.damaged is None
        assert campaign.problems() == []
    finally:
        campaign.close()


# -- a sheet -----------------------------------------------------------------------------------


def test_a_knack_listed_twice_is_named() -> None:
    table = hanged_man_table()
    sheet = Sheet("Deputy Hale", False, (2, 2, 2, 2),
                  knacks=(("Ridin'", 2), ("Shootin'", 1), ("Ridin'", 1)))
    with pytest.raises(RuleError) as refused:
        table.do(MakeCharacter(sheet))
    assert refused.value.field == "knacks"
    assert "Ridin'" in refused.value.message
