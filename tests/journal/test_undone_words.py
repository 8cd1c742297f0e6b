"""An event a game words otherwise while it is undone (Devils Bluff's cards gone back into a
hand the table may not see): its line, the undo's line and notice, a search in the log, all
read the game's undone words, and its own words again once redone. And a redo refused after
a new step says which undo that step cut off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.log_lines import LogFilter, LogIndex, search_words
from tests.tally import RULES, Add, Roll, TallyRules


class SecretRolls(TallyRules):
    """Tally whose rolls are told without their faces while undone."""

    def describe_undone(self, event: Event) -> str | None:
        if event.kind == "tally.rolled":
            return f"{event.data['name']} rolls, taken back unseen."
        return None


def table(folder: Path, rules: Any = None) -> Campaign[Any]:
    store = JournalStore.create(folder / "t.toml", new_header("tally", "T", 1))
    return Campaign.load(rules or SecretRolls(), store.load(), store)


def test_an_undone_event_reads_as_the_game_words_it_until_it_is_redone(
        tmp_path: Path) -> None:
    campaign = table(tmp_path)
    campaign.execute(Add("Ann", 2))
    rolled, added = campaign.execute(Roll("Ann", (6, 1)))
    assert campaign.describe(rolled) == "Ann rolls [6, 1]."
    undone = campaign.undo()
    assert campaign.describe(rolled) == "Ann rolls, taken back unseen."
    # the undo's own line names the step as it now reads; a kind the game words as ever
    # reads as ever
    undo = campaign.events[-1]
    assert campaign.describe(undo) == "Undid: Ann rolls, taken back unseen."
    assert campaign.describe(added) == "Ann adds 7."
    assert "[6, 1]" not in campaign.describe_some(undone)
    assert campaign.retold([undo]) == [rolled.seq]
    campaign.redo()
    assert campaign.describe(rolled) == "Ann rolls [6, 1]."
    assert campaign.retold([campaign.events[-1]]) == [rolled.seq]
    campaign.close()


def test_a_game_that_words_nothing_otherwise_reads_the_same_undone(tmp_path: Path) -> None:
    campaign = table(tmp_path, RULES)
    rolled, _ = campaign.execute(Roll("Ann", (6, 1)))
    campaign.undo()
    assert campaign.describe(rolled) == "Ann rolls [6, 1]."
    assert campaign.retold([campaign.events[-1]]) == []
    campaign.close()


def test_the_log_s_kept_words_and_search_follow_an_undo_and_a_redo(tmp_path: Path) -> None:
    campaign = table(tmp_path)
    rolled, _ = campaign.execute(Roll("Ann", (6, 1)))
    index = LogIndex()
    searched = LogFilter(search=search_words("[6,"))
    assert index.describe(campaign, rolled.seq) == "Ann rolls [6, 1]."
    assert [line.seq for line in index.lines(campaign, searched) if line.seq] == [rolled.seq]
    campaign.undo()
    # the kept words are forgotten, and a search no longer finds the faces taken back
    assert [line.seq for line in index.lines(campaign, searched) if line.seq] == []
    assert index.describe(campaign, rolled.seq) == "Ann rolls, taken back unseen."
    unseen = LogFilter(search=search_words("unseen"))
    assert rolled.seq in [line.seq for line in index.lines(campaign, unseen)]
    campaign.redo()
    # redone, the faces are told again, by the roll and by the redo's line (the undo's line
    # names the roll as it was undone, as it always will)
    redo = campaign.events[-1]
    assert [line.seq for line in index.lines(campaign, searched) if line.seq] == [
        rolled.seq, redo.seq]
    assert index.describe(campaign, rolled.seq) == "Ann rolls [6, 1]."
    assert campaign.describe(campaign.events[-2]) == "Undid: Ann rolls, taken back unseen."
    campaign.close()


def test_a_redo_after_a_new_step_says_which_step_cut_the_undo_off(tmp_path: Path) -> None:
    campaign = table(tmp_path, RULES)
    with pytest.raises(RuleError, match=r"^Redo: there is nothing to redo$"):
        campaign.redo()
    campaign.execute(Add("Ann", 2))
    campaign.execute(Add("Zeke", 5))
    undo_seq = len(campaign.events) + 1
    campaign.undo()
    step = campaign.execute(Add("Zeke", 4))[0]
    with pytest.raises(RuleError) as refused:
        campaign.redo()
    assert refused.value.message == (
        f"what was undone at #{undo_seq} (Zeke adds 5) can no longer be put back: a new step "
        f"was taken since (#{step.seq}: Zeke adds 4)")
    # undos and redos after it leave that step cut off, and said so
    campaign.undo()
    campaign.redo()
    with pytest.raises(RuleError, match="can no longer be put back"):
        campaign.redo()
    campaign.close()


def test_newly_undone_is_what_the_newest_event_took_back_while_it_is_an_undo(
        tmp_path: Path) -> None:
    campaign = table(tmp_path, RULES)
    assert campaign.newly_undone() == []
    campaign.execute(Add("Ann", 2))
    rolled, added = campaign.execute(Roll("Ann", (6, 1)))
    campaign.undo()
    assert [event.seq for event in campaign.newly_undone()] == [rolled.seq, added.seq]
    campaign.redo()  # redone: nothing to take again
    assert campaign.newly_undone() == []
    campaign.undo()
    campaign.execute(Add("Zeke", 1))  # a step since: play goes on from there
    assert campaign.newly_undone() == []
    campaign.close()
