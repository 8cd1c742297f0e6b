"""A Fistful of Sixes without its keys (round 24): every step of the four tabs chosen in the
command palette does what its key does (the same form, the same question, the same step
journaled, or the same refusal naming the rule), in a fight and in a campaign where almost
nothing applies; the words a Judge would type, the book's own, find the step; each entry
says its key as the Judge set it; and the tables answer the mouse: a click highlights a row
for the keys, the wheel scrolls a long table without moving the highlight."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.binding import Binding
from textual.fuzzy import Matcher
from textual.widgets import DataTable

from gmscreen.games.fistful.commands import AddNpc
from gmscreen.games.fistful.events import KINDS, FighterMoved, InitiativeFlipped
from gmscreen.games.fistful.panes import CharactersPane, ConflictPane, FightPane, WantedPane
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.keymap import set_keys
from gmscreen.ui.shell import ShellScreen
from tests.fistful.test_by_the_mouse import fighting, tab
from tests.fistful.test_fit import sample as dalton
from tests.fistful.test_palette import bare, judged, shell, titles
from tests.pilot import Notices, click_key, shell_up, synchronous, to_tab, until

PANES = {"Characters": CharactersPane, "Wanted Clock": WantedPane, "Conflict": ConflictPane,
         "Fight": FightPane}


def steps() -> list[tuple[str, Binding]]:
    """Every key of the four tabs with a palette entry: (tab, binding)."""
    return [(title, binding) for title, pane in PANES.items() for binding in pane.BINDINGS
            if isinstance(binding, Binding) and binding.description]


def outcome(app: GmScreenApp, notices: Notices, events_before: int,
            warned: int) -> tuple[str, ...] | None:
    """What a step did: the dialog it opened, the rule that refused it, or the steps it
    journaled (None: nothing yet)."""
    screen = app.screen
    if isinstance(screen, Form):
        return ("form", screen.title_text)
    if isinstance(screen, Confirm):
        return ("question", screen.question)
    if not isinstance(screen, ShellScreen):
        return ("screen", type(screen).__name__)
    if len(notices.of("warning")) > warned:
        told = notices.of("warning")[-1]
        return ("refused", told.title, told.message)
    campaign = shell(app).campaign
    if len(campaign.events) > events_before:
        return ("journaled", *(event.kind for event in campaign.events[events_before:]))
    return None


async def taken(pilot: Any, notices: Notices, run: Callable[[], Any]) -> tuple[str, ...]:
    """Run a step (`run`), see what it did, and put everything back as it was."""
    app = pilot.app
    campaign = shell(app).campaign
    before, warned = len(campaign.events), len(notices.of("warning"))
    result = run()
    if result is not None:
        await result
    seen: tuple[str, ...] | None = None
    for _ in range(40):  # a form opens in a moment; a step that only moves a choice, never
        await pilot.pause(0.01)
        seen = outcome(app, notices, before, warned)
        if seen is not None:
            break
    while not isinstance(app.screen, ShellScreen):
        await pilot.press("escape")
        await pilot.pause()
    if seen and seen[0] == "journaled":
        shell(app).action_undo()
        await pilot.pause()
    return seen or ("nothing",)


async def same_by_key_and_palette(pilot: Any, notices: Notices) -> list[str]:
    """Each step by its key, then by its palette entry: where they differ."""
    app = pilot.app
    entries = {c.title: c for c in shell_commands(app, shell(app))}
    differ = []
    for title, binding in steps():
        await to_tab(pilot, title)
        pane = app.screen.query_one(PANES[title])
        name = pane.PALETTE_NAMES.get(binding.action, binding.description)
        command = entries[f"{title}: {name}"]
        key = set_keys(app, binding)[0]
        by_key = await taken(pilot, notices, partial(pilot.press, key))
        await to_tab(pilot, title)
        by_palette = await taken(pilot, notices, command.callback)
        if by_key != by_palette:
            differ.append(f"{title} {key} {binding.action}: key {by_key}, palette {by_palette}")
    return differ


@pytest.mark.parametrize("where", ["in a fight", "with almost nothing to do"])
@synchronous
async def test_every_step_chosen_in_the_palette_does_what_its_key_does(
        tmp_path: Path, where: str) -> None:
    campaign = dalton(tmp_path / "s", fighting) if where == "in a fight" else bare(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await same_by_key_and_palette(pilot, notices) == []


#: words a Judge would type for a step, most of them the book's: the entry they must find
#: among the first few the palette lists at 80x24
WORDS = {
    "harm": "Characters: Harm", "guts": "Characters: Harm", "damage": "Characters: Harm",
    "wound": "Characters: Harm", "revive": "Characters: Revive",
    "dead": "Characters: Lost", "rest": "Characters: Rest", "luck": "Characters: Luck",
    "carouse": "Characters: Carouse", "xp": "Characters: Advance",
    "takings": "Characters: Take", "equipment": "Characters: Edit",
    "npc": "Characters: An NPC by rank…", "posse": "Characters: Form posse",
    "bounty": "Wanted Clock: Pay off", "crime": "Wanted Clock: Crime",
    "time": "Wanted Clock: Do time", "deal": "Wanted Clock: Deal",
    "glory": "Wanted Clock: Glory", "wanted chart": "Wanted Clock: Chart",
    "stakes": "Conflict: Stakes", "challenge": "Conflict: Challenge",
    "double down": "Conflict: Double", "float": "Conflict: Float",
    "duel": "Conflict: Duel", "misfortune": "Conflict: Misfortune",
    "wager": "Conflict: Wealth", "who goes first": "Fight: Round",
    "coin": "Fight: Round (typed coin)", "shoot": "Fight: Attack",
    "attack": "Fight: Attack", "turn": "Fight: Done", "move": "Fight: Closer",
    "join": "Fight: Join", "flee": "Fight: Leaves fight", "end fight": "Fight: End fight",
    "morale": "Fight: Roll morale…", "ammo": "Fight: Roll the ammunition die…",
}


@synchronous
async def test_the_words_a_judge_would_type_find_the_step(tmp_path: Path) -> None:
    # the palette matches what is typed against an entry's name alone: "guts", "bounty",
    # "xp", "who goes first", the book's words, found nothing, nor did "turn" or "move"
    app, _ = judged(dalton(tmp_path / "s", fighting))
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        names = list(titles(app))
    missed = {}
    for typed, wanted in WORDS.items():
        matcher = Matcher(typed)
        found = sorted(((matcher.match(name), name) for name in names
                        if matcher.match(name) > 0), reverse=True)
        first = [name.partition("\n")[0] for _, name in found[:5]]
        if not any(name.startswith(wanted) for name in first):
            missed[typed] = first
    assert missed == {}


@synchronous
async def test_the_book_s_tables_in_the_palette_end_in_their_keys_as_set(tmp_path: Path) -> None:
    # the Characters tab's entries by the book's names ("Roll on the Carousing table…")
    # said no key, so the palette taught none; and two entries named a key in their words,
    # wrong once the Judge gives the step another
    app, _ = judged(dalton(tmp_path / "s"))
    app.set_keymap({"fistful.out_of_action": "ctrl+g"})
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        offered = titles(app)
    keys = {"Roll on the Out of action table…": "^g", "Roll on the Carousing table…": "u",
            "Roll the Advancement Test…": "A", "Roll a new character…": "c",
            "Roll an item's price to buy…": "b", "Roll an item's price to sell…": "s"}
    for name, key in keys.items():
        assert offered[f"Characters: {name}"].endswith(f" ({key})"), name
    assert "(P" not in offered["Conflict: Who"] and "(p)" not in offered["Conflict: Reaction"]
    assert "ctrl+" not in offered["Characters: An NPC by rank…"]
    assert "ctrl+" not in offered["Characters: Put a figure right…"]


def hired_guns(campaign: Campaign[FistfulState]) -> None:
    for number in range(1, 16):
        campaign.execute(AddNpc(f"Hired gun {number}", "Common"))


@synchronous
async def test_a_long_table_scrolled_by_the_wheel_keeps_the_row_the_keys_act_on(
        tmp_path: Path) -> None:
    campaign = dalton(tmp_path / "s", hired_guns)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Characters")
        table = app.screen.query_one("#ff-people", DataTable)
        assert table.max_scroll_y > 0  # 25 rows, 10 in sight
        for _ in range(3):
            await pilot._post_mouse_events([events.MouseScrollDown], table, offset=(5, 4))
        await pilot.pause()
        assert table.scroll_offset.y > 0 and table.cursor_row == 0
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form) and form.values().text("name") == "Cora Dalton"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # a click on a row in sight, the table scrolled
        line = table.get_row_index("Hired gun 3") + 1 - int(table.scroll_offset.y)
        await pilot.click(table, offset=(2, line))
        await pilot.pause()
        assert table.cursor_row == table.get_row_index("Hired gun 3")
        assert app.focused is table
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form) and form.values().text("name") == "Hired gun 3"


@synchronous
async def test_a_round_of_the_fight_and_the_optional_rules_by_clicks_alone(
        tmp_path: Path) -> None:
    # held as it was found: a click on a fighter highlights him for the footer's keys, a
    # click on the footer's key moves him, the question before a new round is answered by
    # a click, and a form's boxes tick by a click on the box or on its label
    campaign = dalton(tmp_path / "s", fighting)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Fight")
        fighters = app.screen.query_one("#ff-fighters", DataTable)
        await pilot.click(fighters, offset=(2, fighters.get_row_index("Cora Dalton") + 1))
        await pilot.pause()
        assert app.focused is fighters
        before = len(campaign.events)
        await click_key(pilot, "comma")
        await until(pilot, lambda: len(campaign.events) > before)
        moved = KINDS.read(campaign.events[before])
        assert isinstance(moved, FighterMoved) and moved.name == "Cora Dalton"
        await click_key(pilot, "i")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        before = len(campaign.events)
        await pilot.click("#confirm-yes")
        await until(pilot, lambda: len(campaign.events) > before)
        assert isinstance(KINDS.read(campaign.events[before]), InitiativeFlipped)
        assert app.focused is fighters  # the next key goes to the tracker
        await tab(pilot, "Conflict")
        await pilot.press("O")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form)
        await pilot.click(form.widget_of("glory"))
        await pilot.click(form.query_one("#l-five_under"))
        before = len(campaign.events)
        await pilot.click("#form-send")
        await until(pilot, lambda: len(campaign.events) > before)
        settings = campaign.state.settings
        assert settings.glory and settings.five_under
        assert not notices.of("warning")
