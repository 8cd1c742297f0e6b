"""A journal whose structure is sound but one value is damaged opens read only up to the
event the game cannot apply, names it by seq, line and field, and changes nothing; check
reports it (exit 1), the log and replay still work (never a traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from tests.high_card import RULES
from tests.high_card.commands import Ante, Deal, Seat

#: Ma's seat, damaged by hand: her chips typed as a word
MAS_CHIPS = ('name = "Ma", chips = 10', 'name = "Ma", chips = "ten"')


def saloon(folder: Path, *steps: object, damage: tuple[str, str] = MAS_CHIPS) -> Path:
    """A High Card journal of `steps` (commands, "undo", or a call on the campaign), then
    one value of it damaged by hand (`damage`: its text, and what it becomes)."""
    path = folder / "saloon.toml"
    store = JournalStore.create(path, new_header("high-card", "Saloon", 3))
    table = Campaign.load(RULES, store.load(), store)
    for step in steps:
        if step == "undo":
            table.undo()
        elif callable(step):  # a step of the journal's own, as ending a session
            step(table)
        else:
            table.execute(step)
    table.close()
    text = path.read_text(encoding="utf-8")
    assert damage[0] in text
    path.write_text(text.replace(*damage), encoding="utf-8")
    return path


def damaged_table(folder: Path) -> Path:
    return saloon(folder, Seat("Zeke", 10), Seat("Ma", 10), Ante("Ma", 2))


def test_a_damaged_value_opens_read_only_up_to_it(tmp_path: Path) -> None:
    path = damaged_table(tmp_path)
    before = path.read_bytes()
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert [p.name for p in campaign.state.players] == ["Zeke"]
    assert campaign.damaged is not None and campaign.damaged.seq == 2
    reason = campaign.read_only_reason or ""
    assert reason.startswith("event 2 (high_card.player_seated) cannot be applied: chips "
                             "should be a whole number")
    assert "(line " in reason and "2 events left out" in reason
    assert campaign.problems()[0] == reason
    with pytest.raises(RuleError, match="nothing was saved"):
        campaign.note("Can I write?")
    campaign.close()
    assert path.read_bytes() == before


def test_a_damaged_step_set_aside_lets_the_dealer_go_on(tmp_path: Path) -> None:
    # at the table there is no editor open: the damaged step and every one after it are
    # taken back by one undo, appended, and the campaign is written to again
    path = damaged_table(tmp_path)
    before = path.read_bytes()
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert campaign.why_not_set_aside() is None
    # what goes: the damaged step first, then the steps after it as an undo's line names
    # them
    assert campaign.set_aside_words() == (
        "event 2 (Player seated), which cannot be applied. After it: Ma antes 2.")
    assert "set that step aside to go on (ctrl+w in the app)" in (campaign.read_only_reason or "")
    undo = campaign.set_aside()
    campaign.close()
    assert (undo.seq, undo.data) == (4, {"steps": [3, 2], "set_aside": 2})
    assert path.read_bytes().startswith(before)  # only appended: nothing rewritten
    again = open_campaign(path, lambda game: RULES, cache=False)
    assert again.damaged is None and again.read_only_reason is None
    assert [p.name for p in again.state.players] == ["Zeke"]
    assert [again.is_undone(e) for e in again.events] == [False, True, True, False]
    assert again.describe(again.events[-1]).startswith(
        "Set aside, as event 2 cannot be applied; undid: ")
    again.execute(Seat("Ma", 12))  # the Dealer goes on
    assert [(p.name, p.chips) for p in again.state.players] == [("Zeke", 10), ("Ma", 12)]
    again.close()


def test_the_set_aside_question_names_the_damaged_event_and_the_rest_of_its_step(
        tmp_path: Path) -> None:
    # the session's end leaves Ma's hand off: the step's first event, the one damaged, gives
    # her ante back; the damaged event is named by its kind, the banner saying what is wrong
    path = saloon(tmp_path, Seat("Zeke", 10), Seat("Ma", 10), Campaign.start_session,
                  Ante("Ma", 2), lambda table: table.end_session(under_way="abandon"),
                  Campaign.start_session, Ante("Zeke", 3),
                  damage=("antes = { Ma = 2 }", 'antes = { Ma = "two" }'))
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert campaign.damaged is not None and campaign.damaged.seq == 5
    assert campaign.set_aside_words() == (
        "event 5 (Hand called off), which cannot be applied, with its step (Session 1 "
        "ends). After it: Zeke antes 3. Session 2 begins.")
    campaign.close()


def test_a_step_set_aside_is_not_redone_nor_replayed(tmp_path: Path) -> None:
    path = damaged_table(tmp_path)
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    campaign.set_aside()
    campaign.close()
    again = open_campaign(path, lambda game: RULES, cache=False)
    before = path.read_bytes()
    assert not again.can_redo  # so the footer does not offer it
    with pytest.raises(RuleError, match="set aside as event 2 cannot be applied stay aside"):
        again.redo()
    with pytest.raises(RuleError, match="cannot be shown as it was while that step stood"):
        again.replay(3)
    assert [p.name for p in again.replay(1).state.players] == ["Zeke"]
    assert [p.name for p in again.replay(4).state.players] == ["Zeke"]
    again.close()
    assert path.read_bytes() == before


def test_a_damaged_step_is_set_aside_only_where_the_journal_can_be_written(
        tmp_path: Path) -> None:
    path = damaged_table(tmp_path)
    before = path.read_bytes()
    looking = open_campaign(path, lambda game: RULES, writable=False, cache=False)
    with pytest.raises(RuleError, match="open read only"):
        looking.set_aside()
    looking.close()
    writing = open_campaign(path, lambda game: RULES, cache=False)
    writing.set_aside()  # opened for writing, it is set aside; then nothing is left to
    writing.close()
    again = open_campaign(path, lambda game: RULES, cache=False)
    with pytest.raises(RuleError, match="nothing to set aside"):  # set aside
        again.set_aside()
    again.close()
    assert path.read_bytes().startswith(before)


def test_a_set_aside_opens_the_same_from_the_cache(tmp_path: Path) -> None:
    from gmscreen.journal.cache import JournalCache

    path = damaged_table(tmp_path)
    cache = JournalCache(tmp_path / "cache")
    campaign = open_campaign(path, lambda game: RULES, cache=cache)
    campaign.set_aside()
    campaign.close()
    for _ in range(2):  # read whole, then from the cache its close wrote
        again = open_campaign(path, lambda game: RULES, cache=cache)
        assert again.damaged is None
        assert [p.name for p in again.state.players] == ["Zeke"]
        again.note("Ma's seat is typed again.")
        again.close()


def test_a_damaged_event_undone_before_the_damage_was_found_stops_nothing(
        tmp_path: Path) -> None:
    # a step taken back long ago cannot change the state: its damaged value is passed over
    path = saloon(tmp_path, Seat("Zeke", 10), Seat("Ma", 10), "undo", Seat("Bo", 7))
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert campaign.damaged is None and campaign.read_only_reason is None
    assert [p.name for p in campaign.state.players] == ["Zeke", "Bo"]
    campaign.close()


def test_an_event_the_game_cannot_apply_without_naming_a_field_is_said_in_words(
        tmp_path: Path) -> None:
    # a game's own check that names no field was told in Python's words alone
    # ("AssertionError: "); the Dealer's come first, Python's after for whoever mends it
    path = saloon(tmp_path, Seat("Zeke", 10), Ante("Zeke", 2), Deal(tuple(parse_cards("As"))),
                  damage=('names = ["Zeke"]', 'names = ["Zeke", "Ma"]'))
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert campaign.damaged is not None
    assert campaign.damaged.problem.startswith(
        "event 3 (high_card.dealt) cannot be applied: its data does not fit the campaign as "
        "it stood then (ValueError: ")
    campaign.close()


def test_a_damaged_step_undone_is_not_redone(tmp_path: Path) -> None:
    path = saloon(tmp_path, Seat("Zeke", 10), Seat("Ma", 10), "undo")
    before = path.read_bytes()
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert campaign.damaged is None and campaign.can_redo
    with pytest.raises(RuleError, match=r"chips should be a whole number.*stay undone"):
        campaign.redo()  # put back, it would stop the fold again: refused, nothing saved
    assert [p.name for p in campaign.state.players] == ["Zeke"]
    campaign.close()
    assert path.read_bytes() == before
