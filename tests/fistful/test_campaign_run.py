"""A Judge's campaign of three sessions from a blank one, closed and opened between them,
with names and numbers typed wrong on purpose: each test names the book's line it follows
(docs/rules/fistful.md has its row)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful.commands import AddNpc, Carouse, CreateCharacter, ShareTake
from gmscreen.ui.form import Form
from tests.fistful.game import posse, refused
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.pilot import fill, opened, synchronous, to_tab

# -- the Wanted Clock (line 161): a crime names the log line that was the crime ----------------


@synchronous
async def test_a_crimes_log_line_must_be_one_the_log_holds(tmp_path: Path) -> None:
    # a slip of the keys (#999, or the crime's own number, not yet written) was kept, and
    # the tab, the log and the Judge's recap pointed at a line that does not exist
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    newest = len(campaign.events)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        for wrong in ("999", str(newest + 1)):
            before = campaign.state
            form = await fill(pilot, "c", segments="1", why="held up the stage", cause=wrong)
            assert isinstance(app.screen, Form)
            assert form.refusal == f"Log line #: at most {newest}, not {wrong}"
            assert form.focused is form.widget_of("cause")
            assert campaign.state == before and len(campaign.events) == newest
            await keys(pilot, "escape")
        await fill(pilot, "c", segments="1", why="held up the stage", cause=str(newest))
        assert campaign.state.clock_moves[-1].cause == newest
    campaign.close()


# -- Experience (line 136): the Advancement Test spends the XP its dice were bought with -------


@synchronous
async def test_the_advancement_form_does_not_call_for_a_bill_already_paid(
        tmp_path: Path) -> None:
    # Carousing warns that dice which can raise nothing are paid for all the same; the
    # Advancement Test form, the bill paid the night before, said the bill was still to pay
    campaign = sample(tmp_path)
    tomas = "Tomas Vega"  # his lowest Attribute is 17: two dice can never beat it
    campaign.execute(ShareTake(tomas, 30))
    campaign.end_session()
    campaign.execute(Carouse(tomas, 0, 2, (1, 1), 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for _ in range(len(campaign.state.characters)):
            if tomas in text_of(app, "#ff-sheet-text"):
                break
            await keys(pilot, "down")
        form = await opened(pilot, "A")
        shown = str(form.query_one("#form-preview").render())
        assert "No Attribute of Tomas Vega's can rise on 2 dice" in shown, shown
        assert "bill" not in shown and "The test spends the 2 XP all the same." in shown
    campaign.close()


# -- Character creation (line 314): a name of one's own ---------------------------------------


def test_a_name_taken_whatever_its_case_is_refused():
    # "[RED" was made beside "[red": two sheets the log, the fight and the recap cannot
    # tell apart by eye
    state = posse()
    for taken in (CreateCharacter("ann", (3, 3, 3, 3, 3, 3), (1, 1, 1)),
                  AddNpc(" JAKE ", "Common")):
        error = refused(state, taken, "Characters")
        assert error.field == "name" and error.message.startswith("there is already a ")
    assert refused(state, AddNpc("aNN", "Poor"), "Characters").message.endswith("a Ann")
