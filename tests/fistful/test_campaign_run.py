"""A Judge's campaign of three sessions from a blank one, closed and opened between them,
with names and numbers typed wrong on purpose: each test names the book's line it follows
(docs/rules/fistful.md has its row)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    Buy,
    Carouse,
    CreateCharacter,
    EditSheet,
    FlipInitiative,
    FormPosse,
    JoinFight,
    PayDebt,
    RollTest,
    ShareTake,
)
from gmscreen.ui.form import Form
from tests.fistful.game import apply, posse, refused, run, said, sheet
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.fistful.test_settled import highlight
from tests.pilot import fill, opened, screen_text, synchronous, to_tab


def refused_on(form: Form, field: str, words: str) -> None:
    """The form still up, refused in `words` (its start), the cursor on `field`."""
    assert isinstance(form.app.screen, Form) and form.refusal.startswith(words), form.refusal
    assert form.focused is form.widget_of(field), form.refusal


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
            refused_on(form, "cause", f"Log line #: at most {newest}, not {wrong}")
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
        await highlight(pilot, app, tomas)
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
                  AddNpc(" JAKE ", "Common"),
                  # a character nobody sees, or wide letters: the same name to the eye
                  AddNpc("Ja\u200bke", "Common"), AddNpc("\uff21nn", "Poor")):
        error = refused(state, taken, "Characters")
        assert error.field == "name" and error.message.startswith("there is already a ")
    assert refused(state, AddNpc("aNN", "Poor"), "Characters").message.endswith(
        "a character called Ann")


# -- Carousing (line 146): whom a bar tab is owed, as the Judge decides -----------------------


def test_whom_a_bar_tab_is_owed_stays_on_the_judges_sheet_till_it_is_paid():
    # the Judge named the creditor of a debt run up in session 1 and had to keep it on paper
    # till the pay-back sessions later, typing it again then
    state = sheet(posse(), "Ann", stress=2, dollars=2, start_purse=0)
    events = RULES.decide(state, Carouse("Ann", 2, 0, (6, 6), 3, owed_to="the Long Branch"))
    assert "; $10 owed (to the Long Branch);" in said(events[0])
    state = apply(state, events)
    ann = state.character("Ann")
    assert ann is not None and (ann.debt, ann.owed_to) == (10, "the Long Branch")
    assert "debt $10 (owed to the Long Branch)" in " ".join(view.sheet_lines(ann))
    judge = view.dealer_stands(state, leaving=True) or ""
    assert "Ann's debt owed to the Long Branch" in judge
    assert "Long Branch" not in (view.table_stands(view.table_knows(state), leaving=True) or "")
    # a second tab to another joins the first; a night that runs up nothing changes nothing
    state = run(sheet(state, "Ann", stress=1, dollars=1),
                Carouse("Ann", 1, 0, (3,), 3, owed_to="Bella's"))
    state = run(sheet(state, "Ann", dollars=50), Carouse("Ann", 0, 0, (), 3, owed_to="Kate"))
    assert state.character("Ann").owed_to == "the Long Branch; Bella's"  # type: ignore[union-attr]
    # paid off in full, nobody is owed any more
    state = run(state, PayDebt("Ann", 5, "the Long Branch"))
    assert state.character("Ann").owed_to == "the Long Branch; Bella's"  # type: ignore[union-attr]
    state = run(state, PayDebt("Ann", 7, "Bella's"))
    assert state.character("Ann").owed_to == ""  # type: ignore[union-attr]


@synchronous
async def test_the_carousing_form_names_the_creditor_and_the_pay_back_starts_on_it(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    cora = "Cora Dalton"
    campaign.execute(Buy(cora, Item("Lantern", 9), "Boutique", (4, 4)))  # $44 to $4
    campaign.execute(RollTest(cora, "grit", 11, 6, (6, 6, 6, 6, 6, 6)))  # a Bust: a Stress
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert cora in text_of(app, "#ff-sheet-text")
        await fill(pilot, "u", stress_off="1", bill="6", table="3", owed_to="the Long Branch")
        assert "debt $2 (owed to the Long Branch)" in text_of(app, "#ff-sheet-text")
        await fill(pilot, "m", dollars="5")  # a share of the take to pay it back with
        form = await opened(pilot, "D")
        assert form.values().text("why") == "the Long Branch"
        await keys(pilot, "escape")
    campaign.close()


# -- a long name at 80x24 (the fight's tracker, line 118) --------------------------------------


@synchronous
async def test_a_long_fighters_name_leaves_the_posse_its_word_on_the_tracker(
        tmp_path: Path) -> None:
    # a hundred-letter name squeezed the Side column to its heading's width: the Judge read
    # "pos…" for the posse beside every one of them
    campaign = sample(tmp_path)
    # (forty letters, the most a name has since round 64)
    long = "Bartholomew Jedediah Cornelius Montgomer"
    campaign.execute(AddNpc(long, "Common", side="the Wichita law"))
    campaign.execute(AddNpc("Drifter", "Poor"))  # of no side: "NPC", shorter than "posse"
    campaign.execute(JoinFight("Cora Dalton", "Nearby", (long, "Drifter")))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        rows = [line for line in screen_text(app).splitlines() if "Nearby" in line]
        assert any(" posse " in line and "Cora Dalton" in line for line in rows), rows
        assert any("Bartholomew" in line and "…" in line for line in rows), rows
    campaign.close()


# -- High Stakes Duels (line 70): each side's Stakes within its own Stress ---------------------


@synchronous
async def test_a_duels_stakes_past_a_sides_limit_name_that_side_and_its_coins(
        tmp_path: Path) -> None:
    # "Stakes: stake 1 to 6 dice ... not 9" named neither side nor the coins the duel
    # throws, and left the cursor where it was
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = campaign.state
        form = await fill(pilot, "u", challenger="Cora Dalton", a_stakes="9",
                          opponent="Widow Parker", b_stakes="3")
        refused_on(form, "a_stakes",
                   "Stakes: Cora Dalton may stake 1 to 6 coins (6 less 0 Stress), not 9")
        form = await fill(pilot, None, a_stakes="3", b_stakes="7")
        refused_on(form, "b_stakes", "Stakes: Widow Parker may stake 1 to 6 coins")
        assert campaign.state == before
        await keys(pilot, "escape")
    campaign.close()


# -- opposed tests and attacks (lines 30, 126): each side's Stakes within its own Stress ------


@synchronous
async def test_an_opposed_sides_stakes_past_its_limit_mark_that_sides_field(
        tmp_path: Path) -> None:
    # the opposition's Stakes of 9 were refused "stake 1 to 6 dice ... not 9" with the
    # cursor put on the active side's Stakes, which were right
    campaign = sample(tmp_path)
    campaign.execute(JoinFight("Cora Dalton", "Nearby", ("Widow Parker",)))
    campaign.execute(FlipInitiative("H"))  # the posse first: Cora's turn
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        before = campaign.state
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, "o", active="Cora Dalton", a_stakes="3",
                          opposition="Widow Parker", o_stakes="9")
        refused_on(form, "o_stakes",
                   "Stakes: Widow Parker may stake 1 to 6 dice (6 less 0 Stress), not 9")
        await keys(pilot, "escape")
        await to_tab(pilot, "Fight")
        form = await fill(pilot, "o", target="Widow Parker", a_stakes="3", o_stakes="8")
        refused_on(form, "o_stakes", "Stakes: Widow Parker may stake 1 to 6 dice")
        assert campaign.state == before
        await keys(pilot, "escape")
    campaign.close()


# -- Names as typed (round 64): as long as the other games hold them, refused on the field --


def test_a_name_longer_than_forty_letters_is_refused_on_its_field():
    # a 150-letter name was taken: at 120 columns the Characters tab's Name column then
    # pushed the XP column off the table (Dust Devils, Dead Man's Hand and Devils Bluff hold
    # a name to forty letters)
    state = posse()
    long = "W" * 41
    for command in (CreateCharacter(long, (3, 3, 3, 3, 3, 3), (1, 1, 1)),
                    AddNpc(long, "Common")):
        error = refused(state, command, "Characters")
        assert error.field == "name" and "40 letters" in error.message
    state = run(state, CreateCharacter("W" * 40, (3, 3, 3, 3, 3, 3), (1, 1, 1)))
    assert state.character("W" * 40) is not None


def test_an_npcs_new_name_refused_is_refused_on_the_new_name_field():
    # the edit form's field is "new_name": a refusal on "name" pointed at no field of it
    state = posse()
    for new in ("ann", "J" * 41):
        error = refused(state, EditSheet("Jake", "", "", "", "", (), new_name=new),
                        "Characters")
        assert error.field == "new_name", error


def test_a_posse_named_with_more_than_forty_letters_is_refused_on_its_name():
    # a posse of 120 letters headed the Characters tab on a line of its own
    from gmscreen.games.fistful.state import FistfulState
    error = refused(FistfulState(), FormPosse("P" * 41, 3), "Posse creation")
    assert error.field == "name" and "40 letters" in error.message
    assert run(FistfulState(), FormPosse("P" * 40, 3)).posse == "P" * 40
