"""Dust Devils, an evening with rounds 24 to 26 in play (round 27): the Dealer's own keys,
the palette, the mouse, no colour and daylight, met together in one session. What the
evening found wrong where they meet, and what held."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rich.color import Color as RichColor
from textual.widgets import DataTable

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import hands_laid_out, sample
from tests.dust_devils.test_at_the_table import _blank
from tests.dust_devils.test_by_the_mouse import words_at
from tests.dust_devils.test_without_colour import THEMES
from tests.pilot import Notices, contrast, screen_text, synchronous, to_tab, until

#: the evening's keys: seven steps, undo, note and two tabs moved
EVENING = {
    "dust_devils.make": "M", "dust_devils.add_entrant": "A", "dust_devils.open": "f7",
    "dust_devils.deal": "f8", "dust_devils.call": "L", "dust_devils.difficulty": "J",
    "dust_devils.end": "E", "undo": "ctrl+u", "note": "N", "tab.1": "f10", "tab.2": "f11",
}

#: the marks the Characters tab draws in colour (and says in words)
MARKS = ("0/", "1/", "2/", "3/", "4/", "left play", "last leg", "fate due")


def marks_drawn(app: GmScreenApp) -> list[tuple[str, str, RichColor, RichColor]]:
    """Each mark on the Characters tab's rows: its row, words, colour and background."""
    table = app.screen.query_one("#dd-characters", DataTable)
    top, bottom = table.region.y, table.region.bottom
    found = []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if not top < y < bottom:  # the rows, not the headings
            continue
        line = "".join(s.text for s in strip)
        for segment in strip:
            words, style = segment.text.strip(), segment.style
            if style is None or style.color is None or style.bgcolor is None:
                continue
            if any(words.startswith(m) for m in MARKS):
                fore, back = style.color, style.bgcolor
                found.append((line[:24].strip(), words, *((back, fore) if style.reverse
                                                          else (fore, back))))
    return found


@synchronous
async def test_the_marks_read_in_daylight_on_every_rows_stripe(tmp_path: Path) -> None:
    """In textual-light the table's every other row is a darker grey (its stripes): Luke's
    "2/3" on it was the theme's amber at 2.7 to 1 (round 26 measured Clara's row, a light
    one, at 3.2). Every mark on every row reads at 3 to 1 or more in every theme, with
    the Dealer's own keys set and the cursor on each row in turn."""
    app = GmScreenApp(sample(tmp_path / "a"))
    app.set_keymap(EVENING)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        await until(pilot, lambda: app.screen.query("#dd-characters"))
        for theme in THEMES:
            app.theme = theme
            await pilot.press("home")
            for _ in range(7):
                await pilot.pause()
                await pilot.pause()
                drawn = marks_drawn(app)
                assert {"2/3", "0/2", "left play"} <= {words for _, words, _, _ in drawn}
                low = [(row, words, round(contrast(fore, back), 2))
                       for row, words, fore, back in drawn if contrast(fore, back) < 3]
                assert low == [], (theme, low)
                await pilot.press("down")


def refused_since(notices: Notices, said: int) -> bool:
    return len(notices.of("warning")) > said


@synchronous
async def test_an_evening_by_moved_keys_the_palette_and_the_mouse(tmp_path: Path) -> None:
    """Held as played: at the Draw each moved key out of its moment gives the rule's reason
    (naming the keys as set) and its old key does nothing; the Keys words naming a moved
    key take its step when clicked (L calls, J places, E ends it); a new campaign's words
    (press M, H) and the set-up's (with A, with f7) likewise."""
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    app.set_keymap(EVENING)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await hands_laid_out(pilot)
        events = len(campaign.events)
        for old, moved, rule in (("o", "f7", "Conflict"), ("d", "f8", "The Deal"),
                                 ("k", "J", "Difficulty"), ("e", "E", "Stakes"),
                                 ("a", "A", "Conflict")):
            said = len(notices.of("warning"))
            await pilot.press(old)
            await pilot.pause()
            assert len(notices.of("warning")) == said and app.screen is app.screen_stack[0]
            await pilot.press(moved)
            await until(pilot, partial(refused_since, notices, said))
            refusal = notices.of("warning")[-1]
            assert refusal.title == rule, (moved, refusal)
            assert "L calls" in refusal.message and " l calls" not in refusal.message
        assert len(campaign.events) == events
        # the Keys words naming moved keys, clicked
        await pilot.click(offset=words_at(app, "L calls"))
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "J places" in screen_text(app))
        await pilot.click(offset=words_at(app, "J places"))
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "E ends it." in screen_text(app))
        await pilot.click(offset=words_at(app, "E ends it"))
        await until(pilot, lambda: "No conflict under way" in screen_text(app))
    new = GmScreenApp(_blank(tmp_path / "b"))
    new.set_keymap(EVENING)
    async with new.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        x, y = words_at(new, "press M")
        await pilot.click(offset=(x - 1 + len("press "), y))  # on the M
        await until(pilot, lambda: isinstance(new.screen, Form))
        form = new.screen
        assert isinstance(form, Form) and "sheet" in form.title_text.lower()
