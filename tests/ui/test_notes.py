"""Notes, and journal text shown as text: markup in a note or a name shows literally."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Label, Select, Static, TextArea

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_view import LogView
from gmscreen.ui.note import NoteScreen, filed_under, filed_words, split_names
from gmscreen.ui.shell import ShellScreen
from tests.pilot import burst, footer_keys, from_palette
from tests.tally import Add
from tests.ui.support import Notices, new_campaign, played, synchronous, to_tab, until

MARKUP = "[bold red]x[/] and [link=http://x]y[/link]"


async def note_opened(pilot: Pilot[None], app: GmScreenApp) -> NoteScreen:
    """The note dialog, opened by its key (n) from the tab shown."""
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NoteScreen))
    assert isinstance(app.screen, NoteScreen)
    return app.screen


def test_names_are_split_at_commas() -> None:
    assert split_names("Zeke, Ma Barker ,, Zeke") == ("Zeke", "Ma Barker")
    assert split_names("  ") == ()


def test_a_name_typed_in_part_is_filed_under_the_one_character_it_fits() -> None:
    # "Long" was filed as typed: the suggestion could not get past the name's quote
    names = ['"Long" Tom Meredith', "Zeke Munroe", "Jack Kerrigan", "Black Jack"]
    typed = ("long", "ZEKE MUNROE", "jack", "Doc")
    assert filed_under(typed, names) == ('"Long" Tom Meredith', "Zeke Munroe", "jack", "Doc")
    assert filed_words(typed, names) == (
        'Filed under: "Long" Tom Meredith, Zeke Munroe, jack (fits Black Jack and Jack '
        'Kerrigan: type more), Doc (a new name)')
    assert filed_words((), names) == ""


@synchronous
async def test_the_dialog_says_under_whom_the_note_is_filed_as_the_names_are_typed(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await note_opened(pilot, app)
        screen.query_one(TextArea).insert("Owes the barber.")
        screen.query_one("#note-about", Input).focus()
        await pilot.press(*"barker", "tab")
        filed = screen.query_one("#note-filed", Label)
        await until(pilot, lambda: str(filed.content) == "Filed under: Ma Barker")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert campaign.events[-1].data["about"] == ["Ma Barker"]


@synchronous
async def test_a_note_with_markup_is_saved_and_shown_as_written(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        await note_opened(pilot, app)
        app.screen.query_one(TextArea).insert(MARKUP)
        app.screen.query_one("#note-about", Input).value = "Zeke, Doc"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        note = campaign.events[-1]
        assert note.kind == "note"
        assert note.data == {"text": MARKUP, "about": ["Zeke", "Doc"]}
        view = app.screen.query_one(LogView)
        await until(pilot, lambda: view.line is not None and view.line.seq == 13)
        drawn = view.render_line(view.cursor - int(view.scroll_offset.y)).text
        assert f"Note: {MARKUP}" in drawn
        detail = str(app.screen.query_one("#log-detail", Static).render())
        assert detail.endswith(f"Note: {MARKUP}")
        assert "about Doc, Zeke" in detail
        # the names a note is about join the character filter
        assert "Doc" in app.screen.query_one(EncounterLog).index.names


@synchronous
async def test_a_note_typed_and_saved_in_one_burst_keeps_its_last_letters(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await note_opened(pilot, app)
        burst(app, [*"Dawn", "ctrl+s"])
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert campaign.events[-1].data["text"] == "Dawn"


@synchronous
async def test_a_tab_typed_in_a_burst_moves_on_before_the_letters_after_it(
        tmp_path: Path) -> None:
    # the names typed after a Tab went into the note's text: the Tab moved on only after
    # they had gone in
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await note_opened(pilot, app)
        burst(app, [*"Dawn", "tab", *"Zeke", "shift+tab", *"!", "ctrl+s"])
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert campaign.events[-1].data == {"text": "Dawn!", "about": ["Zeke"]}


@synchronous
async def test_the_box_for_the_table_shows_a_tick_only_when_ticked(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await note_opened(pilot, app)
        box = app.screen.query_one("#note-public", Checkbox)
        assert "✓" not in box.render().plain and "X" not in box.render().plain
        box.focus()
        await pilot.press("space")
        assert box.value and "✓" in box.render().plain
        app.screen.query_one(TextArea).insert("The stage is late.")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        note = campaign.events[-1].data
        assert note["text"] == "The stage is late." and note["public"] is True


@synchronous
async def test_a_note_takes_the_character_filtered_on(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        app.screen.query_one("#log-who").value = "Zeke"  # type: ignore[attr-defined]
        await note_opened(pilot, app)
        assert app.screen.query_one("#note-about", Input).value == "Zeke"


@synchronous
async def test_an_empty_note_is_refused_and_escape_saves_nothing(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(100, 30)) as pilot:
        notices.watch(app)
        await note_opened(pilot, app)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: notices)
        assert notices[-1].message == "Note: write something first."
        assert isinstance(app.screen, NoteScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert len(campaign.events) == 12


@synchronous
async def test_names_with_markup_show_literally_everywhere(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path, name="[b]Tombstone[/b]")
    campaign.execute(Add("[red]Ike[/red]", 2))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        header = str(app.screen.query_one("#header-line", Static).render())
        assert "[b]Tombstone[/b] · Tally" in header
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        assert "[red]Ike[/red] adds 2." in view.render_line(view.cursor).text


@synchronous
async def test_a_note_for_the_table_with_names_completed_as_typed(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await note_opened(pilot, app)
        assert "Ma Barker" in screen.names
        screen.query_one(TextArea).insert("The stage is late.")
        about = screen.query_one("#note-about", Input)
        about.focus()
        await pilot.press(*"Zeke", "comma", "space", "m", "a")
        await until(pilot, lambda: about._suggestion == "Zeke, Ma Barker")
        await pilot.press("right", "tab", "space", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    note = campaign.events[-1]
    assert note.data == {"text": "The stage is late.", "about": ["Zeke", "Ma Barker"],
                         "public": True}
    assert campaign.describe(note) == "Note for the table: The stage is late."


async def notes_listed(pilot: Pilot[None], app: GmScreenApp) -> EncounterLog:
    """The Encounter Log listing the notes alone, from the palette's "Correct a note"."""
    await from_palette(pilot, "Correct a note")
    log = app.screen.query_one(EncounterLog)
    await until(pilot, lambda: log.filter.kind == "note")
    return log


@synchronous
async def test_a_note_is_put_right_from_the_log_without_taking_back_what_came_after(
        tmp_path: Path) -> None:
    # note 9 is about Zeke; session 2 has begun and Ma Barker added 1 since
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        log = await notes_listed(pilot, app)
        view = log.view
        assert [line.seq for line in view.lines if not line.is_heading] == [1, 9]
        assert "e" in footer_keys(app)
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 9))
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, NoteScreen))
        area = app.screen.query_one(TextArea)
        assert area.text == "Zeke owes the undertaker."
        assert area.cursor_location == area.document.end  # mended at its end
        assert app.screen.query_one("#note-about", Input).value == "Zeke"
        app.screen.query_one("#note-about", Input).value = "Ma Barker"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await until(pilot, lambda: notices)
        assert notices[-1].message.startswith("Note #9 corrected")
        assert campaign.events[-1].kind == "note.corrected"
        assert campaign.notes_about("Zeke") == []
        assert not campaign.is_undone(campaign.events[11])  # Ma Barker's add stands
        detail = str(app.screen.query_one("#log-detail", Static).render())
        assert "(corrected at #13) · about Ma Barker\n" in detail
        assert detail.endswith("Note #9 corrected: Zeke owes the undertaker.")
        # a filter by the name it is about now finds the note, learnt before it, too
        log.query_one("#log-kind", Select).clear()
        log.query_one("#log-who").value = "Ma Barker"  # type: ignore[attr-defined]
        await until(pilot, lambda: {9, 13} <= {line.seq for line in view.lines})


@synchronous
async def test_the_correcting_key_is_offered_on_a_notes_line_alone(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = app.screen.query_one(EncounterLog)
        view = log.view
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 12))
        await pilot.pause()
        assert "e" not in footer_keys(app)
        notices = Notices()
        notices.watch(app)
        await pilot.press("e")  # said why, where the key did nothing and said nothing
        await until(pilot, lambda: any("#12 is no note: e and x put a note right" in n.message
                                       and "u (undo to here)" in n.message for n in notices))
        assert isinstance(app.screen, ShellScreen)
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 1))
        await pilot.pause()
        assert "e" in footer_keys(app)


@synchronous
async def test_the_correcting_key_typed_straight_after_the_logs_digit_says_why_not(
        tmp_path: Path) -> None:
    # "5e" in one burst from another tab: the e went to the tab left, and the log, which
    # had the keyboard by the time the app came to the e, said nothing
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(EncounterLog).view
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 12))
        await pilot.pause()
        await to_tab(pilot, "1")
        notices = Notices()
        notices.watch(app)
        burst(app, ["5", "e"])
        await until(pilot, lambda: any("#12 is no note" in n.message for n in notices))
        assert len(notices) == 1 and isinstance(app.screen, ShellScreen)


@synchronous
async def test_a_note_typed_straight_after_n_on_the_log_keeps_its_e(tmp_path: Path) -> None:
    """n and "Jim owes Zeke" in one burst on the Encounter Log, the cursor on a line that is
    no note: each e reached the log before the note dialog was up and was refused there
    ("is no note"), and the note read "Jim ows Zk". It is the dialog's, as typed."""
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "5")
        view = app.screen.query_one(EncounterLog).view
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 12))
        await until(pilot, lambda: "e" not in footer_keys(app))
        burst(app, "nJim owes Zeke")  # the machine takes none before all come
        await until(pilot, lambda: isinstance(app.screen, NoteScreen))
        area = app.screen.query_one("#note-text", TextArea)
        await until(pilot, lambda: area.text == "Jim owes Zeke")
        assert notices.of("warning") == []


@synchronous
async def test_a_note_is_struck_out_from_the_log_and_ctrl_z_puts_it_back(
        tmp_path: Path) -> None:
    # note 9 is about Zeke; session 2 has begun and Ma Barker added 1 since
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        view = (await notes_listed(pilot, app)).view
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 9))
        await pilot.pause()
        assert {"e", "x"} <= set(footer_keys(app))
        await pilot.press("x")
        await until(pilot, lambda: notices)
        assert notices[-1].message == "Note #9 struck out (ctrl+z puts it back)."
        assert campaign.notes_about("Zeke") == []
        assert not campaign.is_undone(campaign.events[11])  # Ma Barker's add stands
        view.move_to(next(i for i, line in enumerate(view.lines) if line.seq == 9))
        await pilot.pause()
        detail = str(app.screen.query_one("#log-detail", Static).render())
        assert "(struck out at #13) · about Zeke\n" in detail
        assert detail.endswith("Note #9 struck out: Zeke owes the undertaker.")
        assert "x" not in footer_keys(app) and "e" in footer_keys(app)  # e puts it back
        assert view.line is not None and view._style_of(view.line).strike
        await pilot.press("ctrl+z")
        await until(pilot, lambda: len(campaign.notes_about("Zeke")) == 1)
        await pilot.press("ctrl+y")
        await until(pilot, lambda: campaign.notes_about("Zeke") == [])
        await pilot.press("e")  # put back as it read
        await until(pilot, lambda: isinstance(app.screen, NoteScreen))
        assert "Put struck-out note #9 back" in str(app.screen.query_one(".title").render())
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await until(pilot, lambda: notices[-1].message.startswith("Note #9 put back"))
        assert [n.data["text"] for n in campaign.notes_about("Zeke")] == [
            "Zeke owes the undertaker."]


def test_a_name_holding_a_comma_is_kept_whole() -> None:
    # "Smith, John" was split at its comma: "Smith" found him, and "John" fitted him and
    # John Wayne both, so the note was filed under a "John" nobody is as well
    names = ["Smith, John", "John Wayne", "Zeke"]
    typed = split_names("smith, JOHN, zeke ,, John Wayne", names)
    assert typed == ("smith, JOHN", "zeke", "John Wayne")
    assert filed_under(typed, names) == ("Smith, John", "Zeke", "John Wayne")
    assert filed_words(split_names("Smith, John", names), names) == "Filed under: Smith, John"
    assert filed_under(split_names("smith,john", names), names) == ("Smith, John",)
    # without the campaign's names, a comma parts two names, as before
    assert split_names("Smith, John") == ("Smith", "John")
