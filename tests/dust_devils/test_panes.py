"""Dust Devils' Characters tab through the app's pilot: a sheet that breaks the book is
refused with the rule named, the Devil rating held for the session (a player's) or set from
the hip (the Dealer's), and Chips spent on a sheet. (A whole session by keys is in test_session.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input, Select, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import DealerFolds, Entrant, OpenConflict
from gmscreen.games.dust_devils.panes import ConflictPane, SheetForm
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp


class Dealer(GmScreenApp):
    """The app, remembering the warnings and refusals it gave the Dealer."""

    def __init__(self, campaign: Any) -> None:
        super().__init__(campaign)
        self.told: list[tuple[str, str]] = []

    def notify(self, message: str, *, title: str = "", **options: Any) -> None:
        if options.get("severity") in ("warning", "error"):
            self.told.append((title, message))
        super().notify(message, title=title, **options)


async def goto(pilot: Any, tab: str) -> None:
    await pilot.pause()
    shell = pilot.app.screen_stack[0]
    await pilot.press(str(shell.titles.index(tab) + 1))
    await pilot.pause()


async def fill(pilot: Any, key: str, **values: str) -> None:
    """Open a form with its key, change the fields named, send it with ctrl+s."""
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, SheetForm), f"{key} opened no form"
    await correct(pilot, **values)


async def correct(pilot: Any, **values: str) -> None:
    """Change the fields named in the form on screen, send it with ctrl+s."""
    form = pilot.app.screen
    assert isinstance(form, SheetForm), "no form is open"
    for field, value in values.items():
        widget = form.query_one(f"#f-{field}")
        assert isinstance(widget, Select | Input)
        widget.value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


def refusal_shown(app: Any, rule: str) -> SheetForm:
    """The form still on screen, showing the refusal that names `rule`."""
    form = app.screen
    assert isinstance(form, SheetForm), "the refused form was closed"
    refusal = form.query_one("#dd-refusal", Static)
    assert refusal.display and str(refusal.render()).startswith(f"{rule}: ")
    return form


def test_a_sheet_breaking_the_book_is_refused_with_the_rule(tmp_path: Path) -> None:
    asyncio.run(_a_sheet_breaking_the_book(tmp_path))


async def _a_sheet_breaking_the_book(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    count = len(campaign.events)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await fill(pilot, "m", name="Dylan McCreedy", hand="5", eye="5", guts="3", heart="1",
                   trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4, Blastin' 4, Shootin' 3", devil="Dynamite", devil_rating="2")
        assert len(campaign.events) == count
        # the form stays open with everything typed, and says which rule refused it
        form = refusal_shown(app, "Attribute points")
        assert form.values()["name"] == "Dylan McCreedy" and form.values()["eye"] == "5"
        await correct(pilot, eye="4")
        assert app.screen is app.screen_stack[0], "the form stayed open once accepted"
        assert campaign.state.character("Dylan McCreedy") is not None
        # Jim's Devil is set for the session and holds; the Dealer's Merrill is his to set
        await pilot.press("v")  # the selected sheet is the first one: Jim
        await pilot.pause()
        assert app.screen is app.screen_stack[0], "v opened a form"
        assert app.told[-1][1].endswith("holds until the session ends.")
        for _ in range(5):
            await pilot.press("down")
        await fill(pilot, "v", rating="1")
        assert [c.devil_rating for c in campaign.state.characters[:6]] == [3, 2, 2, 1, 3, 1]


def test_chips_buy_advances_by_keys(tmp_path: Path) -> None:
    asyncio.run(_chips_buy_advances(tmp_path))


async def _chips_buy_advances(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    luke = '"Lucky" Luke Johnson'  # 5 Chips in the sample; Lock Pickin' 1; 5 Knacks of 6
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        for _ in range(3):
            await pilot.press("down")
        await pilot.pause()
        await fill(pilot, "k", knack="Lock Pickin'")  # to 2: two Chips
        await fill(pilot, "K", knack="Cookin'")  # new at 1: two Chips
        count = len(campaign.events)
        await fill(pilot, "a", attribute="Hand")  # to 4: eight Chips, and one is left
        assert len(campaign.events) == count
        refusal_shown(app, "Improve attributes")
        await pilot.press("escape")  # nothing to correct: too few Chips
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and len(campaign.events) == count
        who = campaign.state.character(luke)
        assert who is not None and who.chips == 1
        assert who.knack("Lock Pickin'") == 2 and who.knack("Cookin'") == 1
        assert [e.reason for e in who.ledger[-2:]] == ["raises Lock Pickin' to 2",
                                                      "learns Cookin' at 1"]


def test_every_column_is_readable_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_every_column_at_80(tmp_path))


async def _every_column_at_80(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:

        def fits(table_id: str) -> None:
            table = app.screen.query_one(table_id, DataTable)
            assert table.virtual_size.width <= table.size.width <= 80, table_id

        await goto(pilot, "Characters")
        fits("#dd-characters")
        await goto(pilot, "Conflict")
        fits("#dd-hands")
        # the Draw as offered: picking Long Tom offers his plain discards, not Zeke's
        await fill(pilot, "w", name='"Long" Tom Meredith')
        tom = campaign.state.conflict.participant('"Long" Tom Meredith')
        assert tom.drawn and tom.discarded == ("7s", "8d", "Qd")  # Fightin' 3
        await fill(pilot, "w")
        zeke = campaign.state.conflict.participant("Zeke Munroe")
        assert zeke.drawn and zeke.discarded == ("2c", "4h")  # Wrestlin' 2
        await fill(pilot, "l")  # the Call: the rows show what was laid and who won
        assert campaign.state.conflict.phase == "resolve"
        headings = [str(c.label) for c in
                    app.screen.query_one("#dd-hands", DataTable).ordered_columns]
        assert headings == ["Hand", "Laid", "Made", "Result"]
        fits("#dd-hands")
        await fill(pilot, "k")  # Zeke places the Difficulty as offered
        await pilot.press("e")
        await pilot.pause()
        assert campaign.state.conflict is None
        pane = app.screen.query_one(ConflictPane)
        await fill(pilot, "a", name="Zeke Munroe", goal="throw Long Tom out", first="Hand",
                   second="Guts", knack="Fightin'")  # Long Tom's Knack, not Zeke's
        assert pane.pending == []
        refusal_shown(app, "Knacks")
        await correct(pilot, knack="Wrestlin'")
        assert [e.knack for e in pane.pending] == ["Wrestlin'"]


def test_a_key_that_does_not_apply_now_says_why(tmp_path: Path) -> None:
    asyncio.run(_a_key_that_does_not_apply(tmp_path))


async def _a_key_that_does_not_apply(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    count = len(campaign.events)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")  # the sample's jail conflict is at the Draw
        for key in ("d", "k", "a", "t"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is app.screen_stack[0], f"{key} opened a form"
        assert [t for t, _ in app.told] == ["Conflict"] * 4
        assert app.told[0][1].startswith("Not a step of the Draw. Draw: w")
        assert app.told[-1][1].startswith("No open threads")
        pane = app.screen.query_one(ConflictPane)
        deal = next(run for name, _, run in pane.palette_commands() if name == "Deal")
        await deal()  # from the palette too
        assert len(app.told) == 5
        await goto(pilot, "Characters")
        for _ in range(4):  # Clara Hardin, who has left play in the sample
            await pilot.press("down")
        await pilot.press("g", "down", "g", "t")  # then Merrill, a non-player character
        await pilot.pause()
        assert [m.split(";")[0].split(":")[0] for _, m in app.told[5:]] == [
            "Clara Hardin has left play (moves on).", "Chips are for player characters",
            "The Road to Hell"]
        assert len(campaign.events) == count


def test_a_conflict_form_refused_by_the_rules_keeps_what_was_typed(tmp_path: Path) -> None:
    asyncio.run(_a_conflict_form_refused(tmp_path))


async def _a_conflict_form_refused(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    count = len(campaign.events)
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")  # the jail conflict, at the Draw
        # Zeke's Wrestlin' 2 lets him change two cards, not three
        await fill(pilot, "w", name="Zeke Munroe", discards="2c 4h 8c", drawn="3s 5s 6s")
        assert len(campaign.events) == count
        form = refusal_shown(app, "The Draw")
        assert "at most 2" in str(form.query_one("#dd-refusal", Static).render())
        assert form.values() == {"name": "Zeke Munroe", "discards": "2c 4h 8c",
                                 "knack": "", "chip": "no", "drawn": "3s 5s 6s"}
        assert form.focused is form.query_one("#f-discards"), "the field refused"
        # a Chip buys the third card: the same form, one field changed, goes through
        await correct(pilot, chip="yes")
        assert app.screen is app.screen_stack[0]
        zeke = campaign.state.conflict.participant("Zeke Munroe")
        assert zeke.drawn and zeke.discarded == ("2c", "4h", "8c")
        assert len(campaign.events) > count


def test_the_cards_dealt_at_the_table_are_typed(tmp_path: Path) -> None:
    asyncio.run(_the_cards_dealt_at_the_table(tmp_path))


async def _the_cards_dealt_at_the_table(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(DealerFolds())  # the sample's jail conflict ends unresolved
    jack = '"Black" Jack Kerrigan'
    campaign.execute(OpenConflict("A hand of faro", (Entrant(
        jack, "clean out the table", ("Eye", "Heart")),), stud=5))
    app = Dealer(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        # the Dealer's own pack: any spelling of a card, and a joker
        await fill(pilot, "D", h0="A♠ Ks qs 10s Ts 9S 8s Joker", h1="2c 3c 4c 5c 6c")
        refusal_shown(app, "The Deal")  # the ten of spades typed twice
        await correct(pilot, h0="A♠ Ks qs 10s Js 9S 8s Joker")
        conflict = campaign.state.conflict
        assert conflict is not None and conflict.phase == "draw", app.told
        assert [p.hand for p in conflict.participants] == [
            ("As", "Ks", "Qs", "Ts", "Js", "9s", "8s", "*"), ("2c", "3c", "4c", "5c", "6c")]
