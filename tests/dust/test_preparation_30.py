"""Dust's preparation, round 30: the moderator's own opening for Day 1's post. The book
opens with a story the moderator reads the table as the game begins (its introduction); the
app never holds the book's words, but keeps the moderator's own, written ahead (`i` on the
Characters tab), put right or taken out until Day 1, and set at the head of Day 1's post.
The table learns of it with Day 1 and never before: not the players' screen, a player's
page, `show --print` or a recap without `--dealer`."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli
from gmscreen.games.dust import RULES, view
from gmscreen.games.dust import events as e
from gmscreen.games.dust.commands import (
    AddPlayer,
    EndDay,
    StartGame,
    UseBookSetUp,
    WriteOpening,
)
from gmscreen.games.dust.state import DustState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from tests.dust.app import CHARACTERS, answer, app_of, new_campaign, pane, refusals
from tests.dust.app import seated as seated_campaign
from tests.dust.game import CAST, apply, run
from tests.pilot import (
    fill,
    footer_keys,
    glossary_entry,
    opened,
    synchronous,
    to_tab,
    until,
)

STORY = "Ash falls on Redstone and no one recalls the road in.\n\nThe bell rings once."
DRAFT = "A first try, never to be read."


def seated() -> DustState:
    state = run(DustState(), UseBookSetUp())
    return run(state, *(AddPlayer(name, role) for name, role in CAST.items()))


def test_the_opening_heads_day_ones_post_a_paragraph_a_line() -> None:
    state = run(seated(), WriteOpening(STORY))
    assert state.opening == ("Ash falls on Redstone and no one recalls the road in.",
                             "The bell rings once.")
    day1 = run(state, StartGame())
    post = day1.posts[0]
    assert post.title == "Day 1"
    assert post.lines[:3] == (*state.opening,
                              "The survivors huddle in the church. Day 1 begins.")
    # on the players' screen with the post, from Day 1
    assert "The bell rings once." in as_text(view.table_sections(view.table_knows(day1)))
    # Day 1 over: it is among the thread's earlier posts
    night = run(day1, EndDay())
    assert "The bell rings once." in as_text(view.table_sections(view.table_knows(night)))


def test_put_right_or_taken_out_before_day_one() -> None:
    state = run(seated(), WriteOpening(DRAFT), WriteOpening(STORY))
    assert DRAFT not in " ".join(run(state, StartGame()).posts[0].lines)
    gone = run(state, WriteOpening("  \n "))
    assert gone.opening == ()
    assert run(gone, StartGame()).posts[0].lines[0] == (
        "The survivors huddle in the church. Day 1 begins.")
    # nothing to change: said, no step made
    for base, text, why in ((state, STORY, "the opening reads so already"),
                            (gone, "", "no opening is written")):
        with pytest.raises(RuleError) as refused:
            RULES.decide(base, WriteOpening(text))
        assert refused.value.rule == "Opening" and why in refused.value.message
    with pytest.raises(RuleError, match="not shown") as hidden:
        RULES.decide(seated(), WriteOpening("The \x1b[31mbell"))
    assert hidden.value.field == "text"


def test_after_day_one_the_opening_is_refused_naming_its_rule() -> None:
    day1 = run(seated(), WriteOpening(STORY), StartGame())
    with pytest.raises(RuleError) as refused:
        RULES.decide(day1, WriteOpening("Another story"))
    assert refused.value.rule == "Opening"
    assert "the game has started" in refused.value.message
    assert "before it" in refused.value.message


def test_an_older_journal_and_a_journal_edited_by_hand() -> None:
    # a payload without its lines (none written) reads as the opening taken out
    bare = Event(1, datetime(2026, 1, 1), 1, "dust.opening_written", {}, 1)
    assert e.KINDS.read(bare) == e.OpeningWritten(())
    # an opening after Day 1 in a journal edited by hand is refused naming the field
    day1 = run(seated(), StartGame())
    with pytest.raises(PayloadError, match="lines"):
        apply(day1, [NewEvent("dust.opening_written", {"lines": ["Late"]})])


def _journal(campaign: Campaign[Any]) -> Path:
    assert campaign.store is not None
    return campaign.store.path


def _table_outputs(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    out = []
    assert cli.main(["show", str(path), "--print"]) == 0
    out.append(capsys.readouterr().out)
    assert cli.main(["show", str(path), "--print", "--player", "Ann"]) == 0
    out.append(capsys.readouterr().out)
    for shape in ("txt", "md", "bbcode", "html"):
        assert cli.main(["recap", str(path), "--session", "0", "--format", shape]) == 0
        out.append(capsys.readouterr().out)
    return "\n".join(out)


def test_the_table_reads_it_from_day_one_never_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = new_campaign(tmp_path)
    path = _journal(campaign)
    campaign.execute(UseBookSetUp())
    campaign.execute(WriteOpening(DRAFT))
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(WriteOpening(STORY))
    # prepared and unmet: nowhere on the table's side
    before = _table_outputs(path, capsys)
    assert "bell" not in before and "Redstone" not in before and "first try" not in before
    # the moderator's copy has it, each step
    assert cli.main(["recap", str(path), "--session", "0", "--dealer"]) == 0
    dealer = capsys.readouterr().out
    assert "first try" in dealer and "The bell rings once." in dealer
    campaign.execute(StartGame())
    after = _table_outputs(path, capsys)
    assert "The bell rings once." in after and "Redstone" in after
    # the draft he put right was never read to the table
    assert "first try" not in after
    # undone, Day 1 takes its opening back with it
    campaign.undo()
    assert "bell" not in _table_outputs(path, capsys)


@synchronous
async def test_i_writes_it_offered_by_key_and_f1_and_refused_after_day_one(
        tmp_path: Path) -> None:
    campaign = seated_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        assert "i" in footer_keys(app)
        await fill(pilot, "i", text=STORY)
        await until(pilot, lambda: campaign.state.opening != ())
        assert campaign.state.opening[1] == "The bell rings once."
        # opened again, it holds what was written, to put right
        form = await opened(pilot, "i")
        assert form.values()["text"] == "\n\n".join(campaign.state.opening)
        await fill(pilot, text="")
        await until(pilot, lambda: campaign.state.opening == ())
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.opening != ())
        await pilot.press("s")
        await answer(pilot)
        await until(pilot, lambda: campaign.state.phase == "day")
        assert campaign.state.posts[0].lines[1] == "The bell rings once."
        assert "i" not in footer_keys(app)
        characters = pane(app, CHARACTERS)
        assert characters.explain("write_opening")
        await until(pilot, lambda: refusals(notices)[-1][0] == "Opening")
    entry = glossary_entry("gmscreen.games.dust", "Opening")
    assert "Day 1" in entry.means


def test_the_start_question_names_the_opening() -> None:
    from gmscreen.games.dust.rules import start_question
    state = run(seated(), WriteOpening(STORY))
    assert "opens with your opening (2 paragraphs)" in start_question(state, in_session=True)
    assert "opening" not in start_question(seated(), in_session=True)
    assert view.status_lines(state)[1].startswith("Your opening heads Day 1's post")
    assert view.status_lines(seated()) == ("Setting up: add players, then start Day 1.",)
