"""Dust by the mouse alone: a tab, a footer key, a field, a line of a drop-down, a line of a
pick list (a click highlights it, a double click sends), a box or a choice side by side, the
Send button and a question's Yes, each clicked where it shows on the screen.

Found by clicking so: the night form and the power editor explain the field with the
keyboard under the form, and Textual gives the keyboard to a field on the mouse's press,
before its click. The explanation of the field clicked then came up and moved the fields,
and the click landed on another line: a click on the Notebook under "Also" ticked the
Alcohol two lines below it, and a click on "two" for a power's Target chose nothing. Every
field of those two forms explains itself in two lines now, so the foot keeps its height
and nothing moves (see the report on the kit: `Form`'s explanation box should keep one
height while the form is open)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.command import CommandList
from textual.widget import Widget
from textual.widgets import Tab
from textual.widgets._select import SelectOverlay

from gmscreen.games.dust.panes.cycle import packed
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.sections import GridTable
from tests.dust.app import (
    CHARACTERS,
    CONSOLE,
    app_of,
    night_with_three_extras,
    pane,
    sample_campaign,
)
from tests.pilot import (
    Notices,
    click_key,
    form_up,
    screen_text,
    synchronous,
    to_tab,
    until,
)

SIZES = [(80, 24), (200, 50)]


async def click_on(pilot: Any, widget: Widget, text: str, times: int = 1) -> None:
    """Click where `text` shows inside `widget` on the screen, once it shows there (a tab
    just shown, or a form just opened, is drawn in a later turn on a loaded machine), the
    widget scrolled down (as by the wheel) until it is in sight."""
    lines: list[str] = []

    def spot() -> tuple[int, int] | None:
        nonlocal lines
        region = widget.region
        lines = screen_text(pilot.app).split("\n")
        for y in range(region.y, min(region.bottom, len(lines))):
            x = lines[y].find(text, region.x)
            if x != -1 and x + len(text) <= region.right:
                return x, y
        return None

    for _ in range(500):  # ten seconds, as `until`
        found = spot()
        if found is not None:
            x, y = found
            await pilot.click(offset=(x + 1, y), times=times)
            await pilot.pause()
            return
        if widget.scroll_y < widget.max_scroll_y:
            widget.scroll_relative(y=2, animate=False)
        await pilot.pause(0.02)
    region = widget.region
    shown = "\n".join(lines[region.y:region.bottom])
    raise AssertionError(f"{text!r} is not in sight in {widget!r}:\n{shown}")


async def click_tab(pilot: Any, title: str) -> None:
    def shown() -> list[Tab]:
        return [t for t in pilot.app.screen.query(Tab)
                if title in str(t.label) and t.region.width]

    # the tab bar is laid out after the app's first pause on a loaded machine
    await until(pilot, shown)
    tab = shown()[0]
    await pilot.click(tab)
    # the tab marked at once; a tab shown for the first time is built after it (its board
    # not yet there for a test that went on at the mark)
    shown_pane = pane(pilot.app, title)
    await until(pilot, lambda: tab.has_class("-active") and shown_pane.is_mounted)
    await pilot.pause()


async def choose(pilot: Any, form: Form, key: str, line: str) -> None:
    """Click a drop-down open, then the line in its list."""
    dropdown = form.widget_of(key)
    await pilot.click(dropdown)
    await until(pilot, lambda: dropdown.query_one(SelectOverlay).display)
    await pilot.pause()
    await click_on(pilot, dropdown.query_one(SelectOverlay), line)


async def form_open(pilot: Any) -> Form:
    """The form a click opened, once it is up (`form_up`: its fields in, the keyboard
    given), where one pause after it was on the stack handed a starved test a form whose
    fields were not yet where the click was aimed."""
    return await form_up(pilot)


async def yes(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
    await pilot.pause()
    await click_on(pilot, pilot.app.screen, "Yes (y)")
    await until(pilot, lambda: pilot.app.screen is pilot.app.screen_stack[0])
    await pilot.pause()


def use(source: str, power: str) -> str:
    return packed("use", source, power)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_a_click_under_also_ticks_the_power_clicked(tmp_path, size):
    campaign = night_with_three_extras(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, CONSOLE)
        await click_key(pilot, "a")
        form = await form_open(pilot)
        assert form.values().text("player") == "Ann"
        extra = form.widget_of("extra")
        # the line clicked is ticked in the list's turn after the click, and what the
        # Notebook does comes up under the fields after it, in the line the form kept for
        # it from its opening: nothing moves under the pointer (the box grew by that line
        # and rose by one, and a click aimed at the Alcohol a frame later fell on the Note
        # field; docs/rules/dust.md, round 36)
        await click_on(pilot, extra, "Notebook: Notes")
        await until(pilot, lambda: form.values()["extra"] == (use("Notebook", "Notes"),))
        await click_on(pilot, extra, "Alcohol: Comfortably Numb")
        await until(pilot, lambda: form.values()["extra"] == (
            use("Notebook", "Notes"), use("Alcohol", "Comfortably Numb")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_a_click_in_the_power_editor_chooses_what_was_clicked(tmp_path, size):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, CHARACTERS)
        await pilot.press("down", "down", "down", "down")  # Marshal Bass, the Cop
        await pilot.press("e")
        which = await form_open(pilot)
        await click_on(pilot, which.widget_of("power"), "Interrogate", times=2)
        await until(pilot, lambda: pilot.app.screen is not which
                    and isinstance(pilot.app.screen, Form))
        editor = await form_open(pilot)
        assert editor.title_text == "The Cop role: Interrogate"
        for key, choice in (("target", "two"), ("works_if_target", "scum"),
                            ("church", "lit"), ("spend", "effect"), ("timing", "day")):
            await click_on(pilot, editor.widget_of(key), choice)
            await until(pilot, lambda: editor.values().text(key) == choice)  # noqa: B023
        for key in ("leaves_church", "exclusive", "spares_night_kill"):
            before = editor.values().flag(key)
            await pilot.click(editor.widget_of(key), offset=(1, 0))
            await until(pilot, lambda: editor.values().flag(key) is not before)  # noqa: B023


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_keyboard_moving_between_fields_moves_no_field(tmp_path, size):
    # what the click tests above rest on: a field's explanation coming up moves nothing
    campaign = night_with_three_extras(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=size) as pilot:
        for tab, keys in ((CONSOLE, ("a",)), (CHARACTERS, ("e", "enter"))):
            await to_tab(pilot, tab)
            await pilot.press(*keys)
            await until(pilot, lambda: isinstance(app.screen, Form) and app.screen.fields[
                0].key in ("player", "name"))
            form = await form_open(pilot)
            widgets = [form.widget_of(f.key) for f in form.fields]
            where = {w.id: w.region for w in widgets}
            for field, widget in zip(form.fields, widgets, strict=True):
                widget.focus()
                # its label marked and its explanation put under the form (one handler),
                # then laid out
                label = form.query_one(f"#l-{field.key}")
                await until(pilot, lambda: label.has_class("-current"))  # noqa: B023
                await pilot.pause()
                assert {w.id: w.region for w in widgets} == where, (
                    f"{form.title_text}: focusing {widget.id} moved the fields")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.screen_stack[0])


@pytest.mark.slow
@synchronous
async def test_a_day_and_a_night_by_the_mouse_alone(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click_tab(pilot, CONSOLE)
        # a vote: the footer key, each drop-down and its line, Send
        await click_key(pilot, "v")
        form = await form_open(pilot)
        await choose(pilot, form, "voter", "Sawbones")
        await choose(pilot, form, "target", "Whisperer")
        await click_on(pilot, form, "Send (ctrl+s)")
        assert dict(campaign.state.votes)["Sawbones"] == "Whisperer", _said(notices)
        # a day power from the palette's list: a click highlights, a double click sends
        await click_key(pilot, "ctrl+p")
        await until(pilot, lambda: bool(app.screen.query(CommandList)))
        commands = app.screen.query_one(CommandList)
        await click_on(pilot, commands, "Day and night: Day power")
        form = await form_open(pilot)
        powers = form.widget_of("use")
        await click_on(pilot, powers, "Little Orphan")
        assert isinstance(app.screen, Form), "a single click sent the power"
        await click_on(pilot, powers, "Little Orphan", times=2)
        await yes(pilot)
        orphan = campaign.state.player("Little Orphan")
        assert orphan is not None and orphan.vouched, _said(notices)
        # the deadline: the footer key, the question's Yes
        await click_key(pilot, "e")
        await yes(pilot)
        assert campaign.state.phase == "night"
        # a row of the board, then the footer's Action: the form opens on that player
        board = app.screen.query_one("#dust-board")
        await click_on(pilot, board, "Tumbleweed")
        await click_key(pilot, "a")
        form = await form_open(pilot)
        assert form.values().text("player") == "Tumbleweed"
        await choose(pilot, form, "action", "Scavenge: The Cafe")
        await click_on(pilot, form, "Send (ctrl+s)")
        tumbleweed = campaign.state.choice("Tumbleweed")
        assert tumbleweed is not None and tumbleweed.scavenge == "The Cafe", _said(notices)
        # the Scum's kill, then the resolution
        await click_key(pilot, "k")
        form = await form_open(pilot)
        await choose(pilot, form, "killer", "Whisperer")
        await choose(pilot, form, "target", "Sawbones")
        await click_on(pilot, form, "Send (ctrl+s)")
        kill = campaign.state.kill
        assert kill is not None and kill.target == "Sawbones", _said(notices)
        await click_key(pilot, "r")
        await yes(pilot)
        assert campaign.state.number == 2 and campaign.state.phase == "day"
        # one player's message copied: the Posts tab, the footer key, a double click
        await click_tab(pilot, "Posts")
        await click_key(pilot, "y")
        form = await form_open(pilot)
        await click_on(pilot, form.widget_of("player"), "Tumbleweed", times=2)
        await until(pilot, lambda: any("message to Tumbleweed" in n.message for n in notices))
        assert notices.of("warning") == []


def _said(notices: Notices) -> list[str]:
    return [f"{n.title}: {n.message}" for n in notices]


@pytest.mark.slow
@synchronous
async def test_the_set_up_a_gift_and_the_lots_by_the_mouse(tmp_path):
    from tests.dust.app import new_campaign
    campaign = new_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click_tab(pilot, CHARACTERS)
        # the book's set-up from the tab's Keys line, its one choice as it stands, Send
        await click_on(pilot, app.screen, "b book's roles and items")
        form = await form_open(pilot)
        await click_on(pilot, form, "Send (ctrl+s)")
        await until(pilot, lambda: bool(campaign.state.roles))
        # five players: the footer's key, the name typed, the seat offered, Send
        for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
            await click_key(pilot, "p")
            form = await form_open(pilot)
            await pilot.press(*name)
            await click_on(pilot, form, "Send (ctrl+s)")
        # the rest of the roles as they are clicked in the drop-down
        for name, role in (("Gus", "Guilt"), ("Pat", "Paranoia")):
            await click_key(pilot, "p")
            form = await form_open(pilot)
            await pilot.press(*name)
            await choose(pilot, form, "role", role)
            await click_on(pilot, form, "Send (ctrl+s)")
        assert [(p.name, p.role) for p in campaign.state.players][-3:] == [
            ("Eve", "Cop"), ("Gus", "Guilt"), ("Pat", "Paranoia")], _said(notices)
        await click_key(pilot, "s")
        await yes(pilot)
        assert campaign.state.phase == "day", _said(notices)
        # a gift: the giver's one item is chosen for him, the receiver clicked
        await click_tab(pilot, CONSOLE)
        await click_key(pilot, "g")
        form = await form_open(pilot)
        await choose(pilot, form, "giver", "Ann")
        assert form.values().text("item") == "Alcohol"
        await choose(pilot, form, "receiver", "Dan")
        await click_on(pilot, form, "Send (ctrl+s)")
        assert campaign.state.player("Dan").holds("Alcohol"), _said(notices)
        await click_key(pilot, "e")
        await yes(pilot)
        # two scavengers at The Cafe: the lots settle who is served first, and the tab's
        # Keys line names the table's own draw, to be clicked (not before: the board needs
        # its rows at 80x24)
        board = app.screen.query_one("#dust-board")
        for name in ("Ann", "Bob"):
            assert "t draw or type the lots" not in screen_text(app)
            await click_on(pilot, board, name)
            await click_key(pilot, "a")
            form = await form_open(pilot)
            await choose(pilot, form, "action", "Scavenge: The Cafe")
            await click_on(pilot, form, "Send (ctrl+s)")
        await click_on(pilot, app.screen, "t draw or type the lots")
        form = await form_open(pilot)
        assert form.title_text.startswith("Night 1: the lots")
        assert "who is served first at The Cafe (Ann, Bob)" in form.note
        assert notices.of("warning") == []


@synchronous
async def test_the_keys_the_posts_tab_names_in_its_headings_are_clicked_as_pressed(tmp_path):
    from gmscreen.games.dust.commands import EndDay, ResolveNight
    from gmscreen.games.dust.night_rules import draw_lots
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ResolveNight(draw_lots(campaign)))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click_tab(pilot, "Posts")
        posts = pane(app, "Posts")
        page = posts.query_one("#dust-night")
        await click_on(pilot, page, "f for Markdown or plain")
        await until(pilot, lambda: posts.format == "md")
        await click_on(pilot, page, "m all of them")
        await until(pilot, lambda: any("messages are" in n.message for n in notices))
        await click_on(pilot, page, "v copies it")
        await until(pilot, lambda: any("vote count is" in n.message for n in notices))
        assert notices.of("warning") == []


@synchronous
async def test_a_wagon_is_highlighted_by_a_click_and_voted_on_by_a_double_click(tmp_path):
    """The board's wagons are a list like the forms' pick lists: a click highlights one,
    even the one highlighted already (the top wagon is, as the tab opens: a click there to
    look at it opened the vote), and a double click opens the vote on it."""
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, CONSOLE)
        board = app.query_one("#dust-board", GridTable)
        await click_on(pilot, board, "Whisperer")  # the top wagon, highlighted already
        await click_on(pilot, board, "1/8")  # Calamity's wagon ("Calamity" votes on the top)
        await until(pilot, lambda: board.highlighted == "Calamity")
        assert app.screen is app.screen_stack[0]
        await click_on(pilot, board, "Whisperer", times=2)
        form = await form_open(pilot)
        assert form.values().text("target") == "Whisperer" and not form.values().text("voter")
        assert notices.of("warning") == []
