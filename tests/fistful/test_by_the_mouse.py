"""A Fistful of Sixes by the mouse, as a Judge who mostly uses it: a tab, a row, a key of
the footer, a field, a choice in a drop-down, a line of a list to pick from (a click
highlights, a double click sends), the Send button; and the steps the footer leaves out,
named on a tab's "Keys:" line, by a click on their words there. Clicks only, but for the
numbers and words typed into a field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Select, Tab
from textual.widgets._select import SelectOverlay

from gmscreen.games.fistful.commands import FlipInitiative, JoinFight, TakeHarm
from gmscreen.games.fistful.events import KINDS, FightEnded, HarmTaken, MoraleTested
from gmscreen.games.fistful.panes import CharactersPane, ConflictPane, FightPane, WantedPane
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.form import Form
from gmscreen.ui.tabs import tab_id
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import click_key, screen_text, shell_up, synchronous, tab_ready, until

CORA, TOMAS, KIT, JAKE = "Cora Dalton", "Tomas Vega", "Kit Hollis", "Rattlesnake Jake"


def fighting(campaign: Campaign[FistfulState]) -> None:
    """Tomas and Cora Nearby against Jake Faraway, round 1 begun, the posse first."""
    for name, band in ((TOMAS, "Nearby"), (CORA, "Nearby"), (JAKE, "Faraway")):
        campaign.execute(JoinFight(name, band))
    campaign.execute(FlipInitiative("H"))


async def tab(pilot: Pilot[Any], title: str) -> None:
    """A click on the tab `title`, once the app is up (the tab bar holds it), and the tab
    shown with the keyboard in it, as a Judge with the mouse looks before the next click."""
    await shell_up(pilot)
    found = next(t for t in pilot.app.screen.query(Tab) if str(t.label).endswith(title))
    await pilot.click(found)
    await until(pilot, lambda: tab_ready(pilot.app, tab_id(title)))


async def row(pilot: Pilot[Any], table_id: str, name: str) -> None:
    """A click on the row of `name` (below the table's heading)."""
    table = pilot.app.screen.query_one(table_id, DataTable)
    await pilot.click(table, offset=(2, table.get_row_index(name) + 1))
    await pilot.pause()


async def at(pilot: Pilot[Any], x: int, y: int, times: int = 1) -> None:
    """A click (`times` clicks) at a place on the screen."""
    await pilot.click(offset=(x, y), times=times)
    await pilot.pause()


def line_of(options: OptionList, index: int) -> int:
    """The screen's line of option `index` of a list (each option may take more than one)."""
    options._update_lines()
    first = next(y for y, (at_index, _) in enumerate(options._lines) if at_index == index)
    return options.content_region.y + first - int(options.scroll_offset.y)


async def chosen(pilot: Pilot[Any], key: str, label: str) -> None:
    """A click on the drop-down `key` of the form shown, then on its choice `label`."""
    form = pilot.app.screen
    assert isinstance(form, Form)
    select = form.widget_of(key)
    assert isinstance(select, Select)
    await pilot.click(select)
    await pilot.pause()
    assert select.expanded, f"a click on {key} did not open it"
    overlay = select.query_one(SelectOverlay)
    index = next(i for i in range(overlay.option_count)
                 if str(overlay.get_option_at_index(i).prompt) == label)
    await at(pilot, overlay.content_region.x + 2, line_of(overlay, index))


async def picked(pilot: Pilot[Any], key: str, label: str, times: int) -> None:
    """`times` clicks on the line starting `label` of the form's list to pick from."""
    form = pilot.app.screen
    assert isinstance(form, Form)
    options = form.widget_of(key)
    assert isinstance(options, OptionList)
    index = next(i for i in range(options.option_count)
                 if str(options.get_option_at_index(i).prompt).startswith(label))
    await at(pilot, options.content_region.x + 2, line_of(options, index), times)


async def typed(pilot: Pilot[Any], key: str, text: str) -> None:
    """A click into the field `key`, then `text` typed (the numbers and words a mouse
    cannot give)."""
    form = pilot.app.screen
    assert isinstance(form, Form)
    await pilot.click(form.widget_of(key))
    await pilot.press(*text)
    await pilot.pause()


async def send(pilot: Pilot[Any]) -> None:
    await pilot.click("#form-send")
    await pilot.pause()


def read(campaign: Campaign[FistfulState], before: int) -> list[Any]:
    return [KINDS.read(event) for event in campaign.events[before:]]


@synchronous
async def test_harm_by_clicks_on_a_row_the_footer_a_drop_down_and_send(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Characters")
        await row(pilot, "#ff-people", KIT)
        await click_key(pilot, "h")
        form = app.screen
        assert isinstance(form, Form) and form.values().text("name") == KIT
        await chosen(pilot, "name", TOMAS)  # another than the one highlighted
        await typed(pilot, "amount", "2")
        await typed(pilot, "why", "a fall")
        before = len(campaign.events)
        await send(pilot)
        harm = read(campaign, before)
        assert harm and isinstance(harm[0], HarmTaken)
        assert (harm[0].name, harm[0].amount) == (TOMAS, 2)
    campaign.close()


@synchronous
async def test_a_line_to_pick_is_highlighted_by_a_click_and_sent_by_a_double_click(
        tmp_path: Path) -> None:
    def fallen(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(TakeHarm(TOMAS, 99, "shot"))

    campaign = sample(tmp_path / "s", fallen)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Fight")
        await click_key(pilot, "E")
        form = app.screen
        assert isinstance(form, Form)
        await picked(pilot, "outcome", "The posse lost", 1)
        assert app.screen is form and form.values().text("outcome") == "lost"
        before = len(campaign.events)
        await picked(pilot, "outcome", "The posse lost", 2)
        ended = read(campaign, before)
        assert ended and isinstance(ended[0], FightEnded)
        tomas = campaign.state.character(TOMAS)
        assert tomas is not None and tomas.dead  # lost for good with the fight
    campaign.close()


def place_of(app: Any, words: str) -> tuple[int, int]:
    """Where `words` begin on the screen (x, y)."""
    for y, line in enumerate(screen_text(app).splitlines()):
        if words in line:
            return line.index(words), y
    raise AssertionError(f"{words!r} is not on the screen")


@synchronous
async def test_a_step_named_on_a_keys_line_is_taken_by_a_click_on_its_words(
        tmp_path: Path) -> None:
    # the steps the footer leaves out were the mouse's only through the palette, whose
    # hundred entries were to be scrolled through: a click on the words now takes the step
    campaign = sample(tmp_path / "s", fighting)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for title, words, opened in (
                ("Characters", "a an NPC by rank", "Add an NPC"),
                ("Fight", "t close on a foe", "Tomas Vega closes one band on")):
            await tab(pilot, title)
            await at(pilot, *place_of(app, words))
            await until(pilot, lambda: isinstance(app.screen, Form))
            form = app.screen
            assert isinstance(form, Form) and form.title_text == opened, title
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
        # a Keys line kept to one row names how many more steps the palette holds, and a
        # click there opens it
        await tab(pilot, "Conflict")
        await at(pilot, *place_of(app, "more (ctrl+p)"))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CommandPalette))
        # a step that does not apply says why, as its key would
        await tab(pilot, "Wanted Clock")
        await at(pilot, *place_of(app, "W the chart by the table's own 2d6"))
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert not notices.of("warning")
    campaign.close()


def test_every_key_of_the_tabs_says_what_it_does() -> None:
    # a Judge who mostly uses the mouse reads a key's tooltip in the footer, and its words in
    # the palette: 'Carouse' said 'Carouse', 'Harm' nothing more
    bare = [f"{pane.__name__}: {binding.key}" for pane in (CharactersPane, WantedPane,
                                                          ConflictPane, FightPane)
            for binding in pane.BINDINGS
            if isinstance(binding, Binding) and not binding.tooltip]
    assert bare == []


@synchronous
async def test_one_click_opens_a_drop_down_below_a_field_with_no_explanation(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s", fighting)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Fight")
        await click_key(pilot, "o")
        form = app.screen
        assert isinstance(form, Form)
        weapon = form.widget_of("weapon")  # the target above it has no explanation
        assert isinstance(weapon, Select)
        await pilot.click(weapon)
        await pilot.pause()
        assert weapon.expanded
    campaign.close()


@synchronous
async def test_morale_called_in_a_fight_is_tested_by_a_click_on_the_fight_tab(
        tmp_path: Path) -> None:
    # the Fight tab said whose morale was in question and sent the Judge to the Conflict
    # tab to test it, away from the tracker mid-round; its Keys line now offers it
    def hurt(campaign: Campaign[FistfulState]) -> None:
        fighting(campaign)
        campaign.execute(TakeHarm(JAKE, 2, "shot"))  # 4 of 9 Guts: down to 2, under half

    campaign = sample(tmp_path / "s", hurt)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Fight")
        said = screen_text(app)
        assert "Morale in question" in said and "Conflict tab" not in said
        await at(pilot, *place_of(app, "g morale"))
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form) and form.title_text.startswith("Morale")
        assert form.values().text("name") == JAKE  # the side in question, chosen already
        before = len(campaign.events)
        await send(pilot)
        tested = read(campaign, before)
        assert tested and isinstance(tested[0], MoraleTested) and tested[0].name == JAKE
        # what came of it is read where it was asked, not only in the log
        assert f"#{before + 1} {JAKE}'s side" in screen_text(app)
        # tested, the side is settled: the call and the key leave the Fight tab
        await until(pilot, lambda: "g morale" not in screen_text(app))
        assert "Morale in question" not in screen_text(app)
        assert not notices.of("warning")
    campaign.close()
