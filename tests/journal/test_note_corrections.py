"""A note put right after later steps: the note about the wrong person, or with the wrong
text, or told to the table by mistake. The correction is a step of its own, so the log keeps
what was written, and the sheets, the log's names and the recap read the note as corrected;
undoing the correction brings the note back as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import NOTE_CORRECTED
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.rules import RuleError
from tests.high_card import RULES, view
from tests.high_card.commands import Ante
from tests.high_card.state import HighCardState
from tests.journal.test_recap import played


def noted(folder: Path) -> tuple[Campaign[HighCardState], int]:
    """Session 2 under way, with a note about the wrong man and a step after it."""
    table = played(folder)
    table.start_session()
    [note] = table.note("Zeke cheated at cards.", about=["Zeke"], public=True)
    table.execute(Ante("Ma", 1))
    return table, note.seq


def test_a_note_about_the_wrong_person_is_put_right_without_undoing_what_came_after(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    steps = len(table.events)
    [fix] = table.correct_note(seq, "Ma cheated at cards.", ["Ma"], public=True)
    assert fix.kind == NOTE_CORRECTED and fix.data["note"] == seq
    assert len(table.events) == steps + 1 and table.state.anted == ("Ma",)  # the ante holds
    assert table.notes_about("Zeke") == []
    [now] = table.notes_about("ma")
    assert now.seq == seq and now.data["text"] == "Ma cheated at cards."
    assert table.describe(table.events[seq - 1]) == "Note for the table: Zeke cheated at cards."
    assert table.describe(fix) == f"Note #{seq} corrected, for the table: Ma cheated at cards."
    assert table.subjects(fix) == {"Ma", "Zeke"}  # a search for the wrong name finds it
    assert table.subjects(table.events[seq - 1]) == {"Ma", "Zeke"}  # and the note itself
    assert noted_lines([now]) == [f"Session 2 (told to the table), corrected at #{fix.seq}: "
                                  "Ma cheated at cards."]
    assert kind_name(NOTE_CORRECTED) == "Note corrected"


def test_undoing_a_correction_brings_the_note_back_and_redo_puts_it_right_again(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.correct_note(seq, "Ma cheated.", ["Ma"])
    table.undo()
    assert [n.data["text"] for n in table.notes_about("Zeke")] == ["Zeke cheated at cards."]
    assert table.note_correction(table.events[seq - 1]) is None
    table.redo()
    assert table.notes_about("Zeke") == [] and len(table.notes_about("Ma")) == 1


def test_the_newest_correction_stands_and_survives_reopening(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.correct_note(seq, "Ma cheated.", ["Ma"])
    table.correct_note(seq, "Ma cheated twice.", ["Ma", "Zeke"])
    assert table.store is not None
    path = table.store.path
    table.close()
    again = open_campaign(path, lambda game: RULES)
    assert [n.data["text"] for n in again.notes_about("Zeke")] == ["Ma cheated twice."]
    assert again.note_now(again.events[seq - 1]).data["about"] == ["Ma", "Zeke"]


def test_a_correction_is_refused_naming_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    steps = len(table.events)
    with pytest.raises(RuleError, match="is not a note") as refused:
        table.correct_note(seq + 1, "text")
    assert refused.value.field == "note"
    with pytest.raises(RuleError, match="already reads so"):
        table.correct_note(seq, "Zeke cheated at cards.", ["Zeke"], public=True)
    with pytest.raises(RuleError, match="needs some text"):
        table.correct_note(seq, "  ", ["Zeke"])
    with pytest.raises(RuleError, match="control character"):
        table.correct_note(seq, "Zeke\x1b[2J", ["Zeke"])
    table.undo()
    table.undo()  # the note itself
    with pytest.raises(RuleError, match="is undone"):
        table.correct_note(seq, "Ma cheated.", ["Ma"])
    assert len(table.events) == steps + 2  # the two undos only


def test_the_recap_tells_the_note_as_corrected(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.correct_note(seq, "Ma cheated at cards.", ["Ma"], public=True)
    table.end_session(under_way="abandon")
    tables = render(recap.build(table, 2, view), "txt")
    assert "- Ma cheated at cards." in tables and "Zeke cheated" not in tables


def test_a_note_of_an_earlier_session_corrected_is_told_in_the_session_that_corrects_it(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    [private] = table.note("The deck is marked.")
    table.end_session(under_way="abandon")
    table.start_session()
    table.correct_note(seq, "Ma cheated at cards.", ["Ma"], public=True)
    table.correct_note(private.seq, "The deck is marked with wax.")
    table.end_session(under_way="abandon")
    tables = render(recap.build(table, 3, view), "txt")
    assert "- A note of session 2, corrected: Ma cheated at cards." in tables
    assert "wax" not in tables and "deck" not in tables  # the Dealer's own stays his
    dealers = render(recap.build(table, 3, view, dealer=True), "txt")
    assert ("- A note of session 2, corrected: The deck is marked with wax. (yours alone)"
            in dealers)
    # session 2's own recap, made now, tells the note as it stands
    assert "- Ma cheated at cards." in render(recap.build(table, 2, view), "txt")


def test_a_note_the_table_heard_made_the_dealers_own_is_told_as_taken_back(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.end_session(under_way="abandon")
    table.start_session()
    table.correct_note(seq, "Zeke cheated at cards, the Dealer thinks.", ["Zeke"])
    table.end_session(under_way="abandon")
    tables = render(recap.build(table, 3, view), "txt")
    assert "- A note of session 2 is taken back." in tables
    assert "thinks" not in tables
    assert "cheated" not in render(recap.build(table, 2, view), "txt")


def test_a_sheet_asks_for_the_notes_about_every_name_its_character_went_by(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    [about_ma] = table.note("Ma deals from the bottom.", about=["Ma", "Zeke"])
    found = table.notes_about("Zeke", "ma")
    assert [n.seq for n in found] == [seq, about_ma.seq]  # oldest first, each once
    assert table.notes_about() == []


def test_a_note_struck_out_leaves_every_sheet_and_the_log_keeps_it(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    steps = len(table.events)
    [struck] = table.strike_note(seq)
    assert struck.kind == NOTE_CORRECTED and struck.data["struck"] is True
    assert len(table.events) == steps + 1 and table.state.anted == ("Ma",)  # the ante holds
    assert table.notes_about("Zeke") == []
    assert table.describe(table.events[seq - 1]) == "Note for the table: Zeke cheated at cards."
    assert table.describe(struck) == f"Note #{seq} struck out: Zeke cheated at cards."
    assert table.subjects(struck) == {"Zeke"}  # found beside the note under its name
    assert table.note_now(table.events[seq - 1]).data["struck"] is True
    table.undo()
    assert [n.data["text"] for n in table.notes_about("Zeke")] == ["Zeke cheated at cards."]
    table.redo()
    assert table.notes_about("Zeke") == []


def test_a_note_struck_out_is_put_back_by_correcting_it(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.strike_note(seq)
    [back] = table.correct_note(seq, "Zeke cheated at cards.", ["Zeke"], public=True)
    assert "struck" not in back.data
    [now] = table.notes_about("Zeke")
    assert now.data["text"] == "Zeke cheated at cards." and "struck" not in now.data


def test_striking_out_is_refused_naming_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    with pytest.raises(RuleError, match="is not a note") as refused:
        table.strike_note(seq + 1)
    assert refused.value.field == "note"
    table.strike_note(seq)
    steps = len(table.events)
    with pytest.raises(RuleError, match="already struck out: correcting it puts it back"):
        table.strike_note(seq)
    table.undo()  # the striking
    table.undo()  # the ante
    table.undo()  # the note
    with pytest.raises(RuleError, match="is undone"):
        table.strike_note(seq)
    assert len(table.events) == steps + 3  # the three undos only


def test_the_recap_tells_a_note_struck_out_without_its_words_to_the_table(
        tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    [mine] = table.note("The deck is marked.")
    [gossip] = table.note("Ma owes the bank.", about=["Ma"], public=True)
    table.strike_note(gossip.seq)  # struck out the evening it was written
    table.end_session(under_way="abandon")
    tables = render(recap.build(table, 2, view), "txt")
    assert "owes" not in tables and "- Zeke cheated at cards." in tables
    dealers = render(recap.build(table, 2, view, dealer=True), "txt")
    assert "- Ma owes the bank. (struck out)" in dealers
    table.start_session()
    table.strike_note(seq)  # heard last session
    table.strike_note(mine.seq)  # never heard
    table.end_session(under_way="abandon")
    tables = render(recap.build(table, 3, view), "txt")
    assert "- A note of session 2 is struck out." in tables
    assert "cheated" not in tables and "deck" not in tables
    dealers = render(recap.build(table, 3, view, dealer=True), "txt")
    assert "- A note of session 2, struck out: Zeke cheated at cards." in dealers
    assert "- A note of session 2, struck out: The deck is marked. (yours alone)" in dealers
    # session 2's own recap, made now, leaves out what is struck out
    assert "cheated" not in render(recap.build(table, 2, view), "txt")


def test_check_names_a_correction_of_an_event_that_is_no_note(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    table.correct_note(seq, "Ma cheated at cards.", ["Ma"])
    assert table.store is not None
    path = table.store.path
    table.close()
    text = path.read_text(encoding="utf-8")  # hand-edited: it points at the ante
    path.write_text(text.replace(f"note = {seq},", f"note = {seq + 1},"), encoding="utf-8")
    again = open_campaign(path, lambda game: RULES, cache=False)
    assert again.problems() == [
        f"event {seq + 2} (note.corrected) corrects event {seq + 1}, which is not a note "
        "written before it: no sheet, log or recap takes it"]
    assert [n.data["text"] for n in again.notes_about("Zeke")] == ["Zeke cheated at cards."]


def test_a_correction_of_a_note_written_after_it_is_passed_over(tmp_path: Path) -> None:
    table, seq = noted(tmp_path)
    [fix] = table.correct_note(seq, "Ma cheated at cards.", ["Ma"])
    [later] = table.note("Ma left town.", about=["Ma"])
    assert table.store is not None
    path = table.store.path
    table.close()
    text = path.read_text(encoding="utf-8")  # hand-edited: it points at a later note
    path.write_text(text.replace(f"note = {seq},", f"note = {later.seq},"), encoding="utf-8")
    again = open_campaign(path, lambda game: RULES, cache=False)
    assert [n.data["text"] for n in again.notes_about("Ma")] == ["Ma left town."]
    assert again.problems() == [
        f"event {fix.seq} (note.corrected) corrects event {later.seq}, which is not a note "
        "written before it: no sheet, log or recap takes it"]
