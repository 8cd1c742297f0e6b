"""Shared helpers for driving the app with Textual's pilot: record the notices the Dealer
sees, wait for a condition, go to a tab, fill and send a kit form, read the footer and
click its keys.

The app closes the campaign it was given when it quits (it lets go of the journal, as a
Dealer's app does): after `run_test()` that campaign can be read but not written to, and a
test that goes on writing opens the journal again (`open_campaign`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import unicodedata
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any, ParamSpec

import pytest
from rich.color import Color as RichColor
from textual import events
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.containers import ScrollableContainer
from textual.css.query import NoMatches
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import (
    Checkbox,
    DataTable,
    Input,
    OptionList,
    Select,
    SelectionList,
    TabbedContent,
    TextArea,
)
from textual.widgets._footer import FooterKey

from gmscreen.glossary import Word, find, words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id

P = ParamSpec("P")


@dataclass(frozen=True)
class Notice:
    message: str
    title: str
    severity: str


class Notices(list[Notice]):
    """Every notification the app shows, recorded as well as shown."""

    def watch(self, app: App[Any]) -> None:
        show: Callable[..., None] = app.notify

        def record(message: str, *, title: str = "", severity: str = "information",
                   timeout: float | None = None, markup: bool = True) -> None:
            self.append(Notice(message, title, severity))
            show(message, title=title, severity=severity, timeout=timeout, markup=markup)

        app.notify = record  # type: ignore[method-assign]

    def of(self, severity: str) -> list[Notice]:
        return [n for n in self if n.severity == severity]


def synchronous(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an async test (the pilot is async) in its own event loop: no plugin needed."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def until(pilot: Pilot[Any], condition: Callable[[], object], seconds: float = 10) -> None:
    """Wait until `condition()` holds: messages bubble between widgets after a key returns,
    so a test waits for what it expects rather than for a guessed time."""
    for _ in range(int(seconds / 0.02)):
        try:
            if condition():
                return
        except NoMatches:  # a screen shown before its widgets are mounted: not yet
            pass
        await pilot.pause(0.02)
    raise AssertionError(f"still not so after {seconds}s: {condition}")


async def from_palette(pilot: Pilot[Any], command: str) -> None:
    """Run `command` from the command palette (ctrl+p), typed in full: Enter waits until
    the palette has found it and highlighted it, as a Dealer reading the list would (the
    search runs behind the typing, and a loaded machine shows the list late)."""
    await pilot.press("ctrl+p", *command)

    def found() -> bool:
        palette = pilot.app.screen
        if not isinstance(palette, CommandPalette):
            return False
        results = palette.query_one(CommandList)
        option = results.highlighted_option
        return option is not None and str(option.prompt).partition("\n")[0] == command

    await until(pilot, found)
    await pilot.press("enter")
    # the palette gone, the command run (a test read the palette as the screen)
    await until(pilot, lambda: not isinstance(pilot.app.screen, CommandPalette))


def tab_ready(app: App[Any], pane_id: str | None = None) -> bool:
    """Whether the shell is up with its tab (`pane_id`, or whichever) shown, built and the
    keyboard in it, or nowhere when the tab has nothing to type into. `run_test` hands the
    pilot over before the shell's tabs are mounted on a loaded machine, and a tab's digit
    shows the tab a few turns before it is built and has the keyboard."""
    screen = app.screen
    if not isinstance(screen, ShellScreen) or not screen.is_mounted:
        return False
    pane = screen.query_one(TabbedContent).active_pane
    if (pane is None or (pane_id is not None and pane.id != pane_id) or not pane.children
            or not all(w.is_mounted for w in pane.children)):
        return False
    focused = app.focused
    if focused is None:
        return not any(w.focusable for w in pane.query("*"))
    return pane in focused.ancestors


async def shell_up(pilot: Pilot[Any]) -> None:
    """The app just opened, once it is up: the shell on the screen, its first tab built and
    the keyboard in it (`tab_ready`)."""
    await until(pilot, lambda: tab_ready(pilot.app))


def typed(key: str) -> events.Key:
    """The key event `pilot.press(key)` sends for a key's name or a character ("tab", "a",
    " "), made here so that many can be sent before the machine takes any (`burst`)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        character: str | None = unicodedata.lookup(
            _get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        character = key if len(key) == 1 else None
    return events.Key(key, character)


def burst(app: App[Any], keys: Iterable[str]) -> None:
    """`keys` typed in one turn, as a quick Dealer, a paste or a loaded machine sends them:
    the app takes none of them before all have come."""
    for key in keys:
        app.post_message(typed(key))


#: a test of keys typed, run twice: `quickly` (in one burst) and a key at a time (`type_in`)
EITHER_WAY = pytest.mark.parametrize("quickly", [True, False],
                                     ids=["in-one-burst", "a-key-at-a-time"])


async def type_in(pilot: Pilot[Any], keys: Iterable[str], *, in_one_burst: bool) -> None:
    """`keys` typed in one burst, or a key at a time, each let land before the next: what
    the two ways end with should be the same."""
    if in_one_burst:
        burst(pilot.app, keys)
        return
    for key in keys:
        await pilot.press(key)
        for _ in range(5):
            await pilot.pause()


async def to_tab(pilot: Pilot[Any], key: str) -> None:
    """Press a tab's number (or give its title) and wait until that tab is shown with the
    keyboard in it (or nowhere, when the tab has nothing to type into)."""
    app = pilot.app
    screen = app.screen_stack[0] if not isinstance(app.screen, ShellScreen) else app.screen
    assert isinstance(screen, ShellScreen)
    if not key.isdigit():
        key = str(screen.titles.index(key) + 1)
    await pilot.press(key)
    wanted = tab_id(screen.titles[int(key) - 1])
    await until(pilot, lambda: tab_ready(app, wanted))
    await pilot.pause()
    assert tab_ready(app, wanted), f"tab {key} was shown, then left"


def set_field(form: Form, key: str, value: Any) -> None:
    """Put a value into a kit form's field as the Dealer would leave it: text for lines,
    a choice's value for selects, a choice's value (or label) for side-by-side choices,
    the values to tick for lists, a bool for boxes."""
    widget = form.widget_of(key)
    named_none = any(choice == "" for _, choice in next(
        (f.options for f in form.fields if f.key == key), ()))
    if isinstance(widget, Select) and value == "" and not named_none:
        widget.value = Select.NULL  # "(none)", unless the game names its own
    elif isinstance(widget, Input | Select | Checkbox):
        widget.value = value
    elif isinstance(widget, TextArea):
        widget.text = value
    elif isinstance(widget, OneOf):
        options = widget.options
        choice = next((choice for label, choice in options if value in (label, choice)), None)
        assert choice is not None, f"{key}: no choice {value!r} in {options}"
        widget.value = choice
    elif isinstance(widget, SelectionList):
        widget.deselect_all()
        for ticked in value:
            widget.select(ticked)
    elif isinstance(widget, OptionList):
        index = widget.get_option_index(value)
        widget.highlighted = index
    else:
        raise AssertionError(f"{key}: a field of an unknown kind {widget!r}")


async def fill(pilot: Pilot[Any], key: str | None = None, **values: Any) -> Form:
    """Open a form with its key (or fill the one open), fill it the way the Dealer would
    and send it with ctrl+s. Returns the form (still on screen when it was refused)."""
    if key is not None:
        await pilot.press(key)
    try:  # the key's binding runs once the key has bubbled up: waited for, not guessed
        form = await form_up(pilot)
    except AssertionError:
        raise AssertionError(f"{key!r} opened no form but {pilot.app.screen!r}") from None
    for field, value in values.items():
        # a field's choices may follow another's (the night's actions the player chosen):
        # set once they have, as the Dealer's keys come behind the change that sets them
        with contextlib.suppress(AssertionError):  # never offered: `set_field` says so
            await until(pilot, functools.partial(_offered, form, field, value), seconds=5)
        set_field(form, field, value)
        await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    await until(pilot, lambda: _settled(pilot, form))
    return form


def _offered(form: Form, key: str, value: Any) -> bool:
    """Whether `value` (each of them, for a list) is among the choices the field `key`
    offers now, by value or label; a field that chooses nothing takes any value."""
    if not isinstance(form.widget_of(key), Select | OneOf | SelectionList | OptionList):
        return True
    wanted = list(value) if isinstance(value, list | tuple | set | frozenset) else [value]
    offered = {part for option in form.options_of(key) for part in option}
    return all(v == "" or v in offered for v in wanted)


def _settled(pilot: Pilot[Any], form: Form) -> bool:
    """Whether the form just sent is done with: closed, a question put over it, or the
    refusal at its foot, laid out (the bar takes its rows at the next layout)."""
    if form.closed or pilot.app.screen is not form:
        return True
    return bool(form.refusal) and form.query_one("#form-refusal").region.height > 0


async def opened(pilot: Pilot[Any], key: str) -> Form:
    """The form `key` opens, once it is up."""
    await pilot.press(key)
    return await form_up(pilot)


async def form_up(pilot: Pilot[Any]) -> Form:
    """The form on its way up (a key or the palette opened it), once it is up: its fields
    in (they are mounted after the screen is on the stack, and read before they held
    nothing), and the keyboard on the field it opens on."""

    def up() -> bool:
        form = pilot.app.screen
        return (isinstance(form, Form) and form.is_mounted and form.ready
                and all(form.widget_of(field.key).is_mounted for field in form.fields))

    await until(pilot, up)
    form = pilot.app.screen
    assert isinstance(form, Form)
    return form


def about(form: Form, key: str) -> str:
    """What `form` says under its field `key` while the field has the keyboard."""
    return next(f.about for f in form.fields if f.key == key)


def abouts(form: Form) -> dict[str, str]:
    """What `form` says under each of its fields, by the field's key."""
    return {f.key: f.about for f in form.fields}


def refusal_shown(app: App[Any], rule: str) -> Form:
    """The form still on screen, showing at its foot, in sight, the refusal naming `rule`."""
    form = app.screen
    assert isinstance(form, Form), "the refused form was closed"
    assert form.refusal.startswith(f"{rule}: "), form.refusal
    bar = form.query_one("#form-refusal")
    assert bar.display and bar.region.height > 0 and bar.region.bottom <= app.size.height
    return form


def styled_nodes(app: App[Any], monkeypatch: Any) -> list[object]:
    """Every node the app's stylesheet styles from now on (`update_nodes`), in order."""
    styled: list[object] = []
    update_nodes = app.stylesheet.update_nodes

    def counted(nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        styled.extend(nodes)
        update_nodes(nodes, animate=animate)

    monkeypatch.setattr(app.stylesheet, "update_nodes", counted)
    return styled


async def click_key(pilot: Pilot[Any], key: str) -> None:
    """Click the footer's key `key` once the footer shows it, as a Dealer with the mouse
    takes a step: the footer made for the keys offered now (a row just moved to changes them
    a refresh before the footer), and the key drawn where it is clicked."""
    app = pilot.app

    def shown() -> list[FooterKey]:
        if not all(f.current for f in app.screen.query(KeysFooter) if f.display):
            return []
        return [k for k in app.screen.query(FooterKey)
                if k.key == key and k.display and k.region.width
                and app.get_widget_at(k.region.x, k.region.y)[0] is k]

    await until(pilot, shown)
    await pilot.click(shown()[0])
    await pilot.pause()


def footer_keys(app: App[Any]) -> set[str]:
    """The keys the footer offers now."""
    return {key for key, active in app.screen.active_bindings.items() if active.enabled}


def screen_text(app: App[Any]) -> str:
    """Every character on the screen now, line by line (what a camera pointed at the
    terminal would read)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def _scrolls_to(widget: Widget) -> bool:
    """Whether an ancestor of `widget` scrolls, so what is out of sight can be brought in."""
    return any(isinstance(a, ScrollableContainer | ScrollView)
               and (a.max_scroll_y > 0 or a.max_scroll_x > 0)
               for a in widget.ancestors if isinstance(a, Widget))


def cut_off(app: App[Any]) -> list[str]:
    """The widgets on screen cut off (what does not fit whole must lie in a container that
    scrolls to it), and the table columns too narrow for their heading or out of sight."""
    screen = app.screen
    whole = screen.region
    found = []
    for widget, (region, clip) in screen._compositor.visible_widgets.items():
        if not whole.contains_region(clip):
            found.append(f"{widget!r} runs off the screen: {clip}")
        elif not clip.contains_region(region) and not _scrolls_to(widget):
            found.append(f"{widget!r} is cut: {region} shown in {clip}")
    for table in screen.query(DataTable):
        if not table.display or table.region.area == 0:
            continue
        # the room inside the vertical scroll bar: a column under it is out of sight too
        widths = sum(column.get_render_width(table) for column in table.ordered_columns)
        if widths > table.scrollable_content_region.width:
            found.append(f"#{table.id}'s columns run out of sight: {widths} columns in "
                         f"{table.scrollable_content_region.width}")
        for column in table.ordered_columns:
            width = column.get_render_width(table) - 2 * table.cell_padding
            if width < column.label.cell_len:
                found.append(f"#{table.id}'s column {column.label} is cut to {width}")
    return found


async def looked_at(pilot: Pilot[Any], what: str, keys: tuple[str, ...] = (),
                    palette: str = "",
                    also: Callable[[App[Any]], list[str]] | None = None) -> None:
    """Press `keys` (or run the palette's entry `palette`), which opens a form or a screen;
    find nothing cut off (`cut_off`), nor anything `also` finds wrong; close it again. With
    neither, look at the screen as it is."""
    app = pilot.app
    if keys or palette:
        before = app.screen
        if palette:
            assert isinstance(before, ShellScreen), "the palette's entries are the shell's"
            command = next(c for c in shell_commands(app, before) if c.title == palette)
            await command.callback()
        else:
            await pilot.press(*keys)
        await pilot.pause()
        await until(pilot, lambda: app.screen is not before
                    and not isinstance(app.screen, ShellScreen))
    # what workers bring (a conflict's chances, a long log's names) can widen a column:
    # look once they are in, not while a busy machine is still working them out
    await app.workers.wait_for_complete()
    await pilot.pause()

    def wrong() -> list[str]:
        return cut_off(app) + (also(app) if also is not None else [])

    # read once laid out (a form just opened was read once with its fields 0 columns
    # wide on a loaded machine): what is still wrong after `until`'s ten seconds is wrong
    with contextlib.suppress(AssertionError):
        await until(pilot, lambda: not wrong())
    found = wrong()
    assert not found, f"{what} {' '.join(keys) or palette}: {found}"
    while not isinstance(app.screen, ShellScreen):
        await pilot.press("escape")
        await pilot.pause()


async def run_quietly(campaign: Campaign[Any], size: tuple[int, int],
                      steps: Callable[[Pilot[Any]], Coroutine[Any, Any, None]]) -> None:
    """Run `steps` in the app on `campaign` at `size`; no key among them may be refused (no
    warning)."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        assert notices.of("warning") == [], notices.of("warning")


def glossary_entry(package: str, term: str) -> Word:
    """The F1 entry `term` finds among the words of the game `package`
    ("gmscreen.games.fistful"); the test fails, naming the term, where there is none."""
    found = find(words_of(package), term)
    assert found is not None, f"F1 has no entry for {term!r}"
    return found


def contrast(one: str | RichColor, other: str | RichColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21), each a hex string or Rich's."""
    def luminance(colour: str | RichColor) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        shade = RichColor.parse(colour) if isinstance(colour, str) else colour
        red, green, blue = shade.get_truecolor()
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
