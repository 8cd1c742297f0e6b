"""Keys a Dealer chooses in settings.toml's `[keys]` (gmscreen/ui/keymap.py): read and
checked, put on by Textual's keymap, and shown as set in the footer, the help, the palette
and a tab's clickable "Keys:" words; `gmscreen keys` lists every id to copy."""

from __future__ import annotations

import importlib
import shutil
import tomllib
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from gmscreen import cli, paths
from gmscreen.games import GAMES, TITLES, rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import app_commands
from gmscreen.ui.help import HelpScreen
from gmscreen.ui.keymap import clashes, every_key, read_keys, with_keys
from gmscreen.ui.keys_line import KeysLine, clickable, keys_text
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.steps import StepPane
from tests.pilot import Notices, footer_keys, form_up, synchronous, until

SAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def hanged_man(tmp_path: Path) -> GmScreenApp:
    shutil.copyfile(SAMPLES / "the-hanged-man.toml", tmp_path / "the-hanged-man.toml")
    return GmScreenApp(open_campaign(tmp_path / "the-hanged-man.toml", rules_for))


def keys_set(text: str) -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("keys", "problem"), [
    ({"dust_devils.make": "M"}, None),
    ({"help": "f1, h"}, None),
    ({"clocks.tick": "+"}, None),
    ({"note": "ctrl+shift+f5"}, None),
    ({"note": "ctrl+banana"}, "'ctrl+banana' is not a key: one character, or a name"),
    ({"note": "cmd+n"}, "'cmd+n' is not a key (a modifier is one of"),
    ({"note": " "}, "'note': give the keys as text"),
    ({"note": 5}, "'note': give the keys as text"),
])
def test_each_key_set_is_read_or_left_out_naming_it(keys: dict[str, Any],
                                                     problem: str | None) -> None:
    keymap, problems = read_keys({"keys": keys})
    if problem is None:
        assert problems == [] and keymap == {k: v.replace(" ", "") for k, v in keys.items()}
    else:
        assert keymap == {} and len(problems) == 1 and problem in problems[0]
        assert problems[0].startswith("settings.toml [keys]")


def test_keys_that_are_not_a_table_are_said() -> None:
    assert read_keys({"keys": "M"})[1] == [
        "settings.toml: [keys] must be a table of ids and keys, as `gmscreen keys` prints it"]
    assert read_keys({}) == ({}, [])


def test_every_key_has_an_id_once_and_a_key_given_twice_on_one_tab_is_a_clash() -> None:
    entries = every_key({TITLES[gid]: package for gid, package in GAMES.items()})
    ids = [e.binding.id for e in entries]
    assert len(ids) == len(set(ids))
    assert {"undo", "form.send", "dust_devils.make", "fistful.edit", "dust.give",
            "dead_mans_hand.scenario", "devils_bluff.draw"} <= set(ids)
    assert clashes(entries, {}) == []
    # e is Edit's on the Characters tab; the Conflict tab's End is another screen's e
    said = clashes(entries, {"dust_devils.fate": "e"})
    assert said == ["settings.toml [keys]: e is given to Edit and Fate (Dust Devils, "
                    "Characters), and only one can have it: give the other a key of its own"]
    # a key of every tab, given to a key of a tab; a dialog's own keys are not the tab's
    assert any("Note" in line and "Chips" in line
               for line in clashes(entries, {"note": "g"}))
    assert clashes(entries, {"note": "ctrl+s"}) == []
    # two steps the book puts on one key, moved together, are no clash (Devils Bluff's
    # Draw and Discard: the tab says which acts)
    assert clashes(entries, {"devils_bluff.draw": "J", "devils_bluff.discard": "J"}) == []
    # a form's key that a field of text takes for itself (ctrl+e: the end of the line)
    said = clashes(entries, {"form.send": "ctrl+e"})
    assert said == ["settings.toml [keys]: ctrl+e is a text field's own key (it edits the "
                    "text), so Send (In a form) cannot have it while a field has the "
                    "keyboard: give it another"]
    assert clashes(entries, {"form.send": "f10"}) == []


def test_no_games_tab_takes_a_key_the_shell_gives_every_tab() -> None:
    # n is a note on every tab (the README's promise): Fistful's Conflict tab took it for
    # the next character to test, and a note's words typed there ran its steps
    entries = every_key({TITLES[gid]: package for gid, package in GAMES.items()})
    everywhere = {key: e.binding.description for e in entries if e.where == "Everywhere"
                  for key in e.binding.key.split(",")}
    taken = []
    for entry in entries:
        module, _, name = entry.owner.rpartition(".")
        owner = getattr(importlib.import_module(module), name, None)
        if not entry.owner.startswith("gmscreen.games.") or (
                isinstance(owner, type) and issubclass(owner, Screen)):
            continue  # a dialog or a screen of its own has its own keys
        taken += [f"{entry.where}: {key} for {entry.binding.description}, the shell's "
                  f"{everywhere[key]}" for key in entry.binding.key.split(",")
                  if key in everywhere]
    assert taken == []


def test_gmscreen_keys_prints_every_id_ready_to_copy(capsys: Any) -> None:
    keys_set('[keys]\n"dust_devils.make" = "M"\n')
    assert cli.main(["keys", "--game", "dust-devils"]) == 0
    out = capsys.readouterr().out
    assert str(paths.settings_file()) in out
    lines = out.splitlines()
    assert '# "dust_devils.make" = "M"  # Make: Make a character\'s sheet (checked against the ' \
        'book)' in lines  # as set
    assert '# undo = "ctrl+z"  # Undo: Take back the newest step' in lines
    assert not any("fistful." in line for line in lines)
    # the lines, each without its first "# ", are a [keys] table gmscreen reads
    table = "\n".join(line.removeprefix("# ") if line.startswith('# "') or
                      line.startswith("# undo") else line for line in lines)
    read = tomllib.loads(table)["keys"]
    assert read["dust_devils.make"] == "M" and read["undo"] == "ctrl+z"
    assert read_keys({"keys": read})[1] == []


@synchronous
async def test_a_key_set_takes_the_step_and_shows_as_set(tmp_path: Path) -> None:
    keys_set('[keys]\n"dust_devils.make" = "M"\n"undo" = "ctrl+u"\n')
    app = hanged_man(tmp_path)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "M" in footer_keys(app) and "m" not in footer_keys(app)
        await pilot.press("m")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]  # m is nothing now
        await pilot.press("M")
        form = await form_up(pilot)
        assert "sheet" in form.title_text.lower()
        await pilot.press("escape")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        undo = next(c for c in app_commands(app, shell) if c.title == "Undo")
        assert undo.help == "Take back the newest step (^u)"
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        shown = {entry.means.partition(":")[0]: entry.key
                 for part in help_screen.parts for entry in part.entries}
        assert shown["Make"] == "M" and shown["Undo"] == "^u" and shown["Edit"] == "e"
    assert notices.of("error") == []


@synchronous
async def test_the_kits_words_name_the_keys_as_set(tmp_path: Path) -> None:
    # a Dealer who moved undo to ctrl+u and read "ctrl+z puts it back" pressed a key that
    # did nothing (round 25): a notice, a button, a form's words name the key set
    from textual.widgets import Button, Input

    from gmscreen.ui.commands import shell_commands
    from gmscreen.ui.confirm import Confirm
    from gmscreen.ui.form import Form, text

    keys_set('[keys]\n"undo" = "ctrl+u"\n"curtain" = "ctrl+k"\n"theme" = "ctrl+g"\n'
             '"confirm.yes" = "Y"\n"form.send" = "f8"\n"form.suggest" = "ctrl+g"\n'
             '"form.cancel" = "f9"\n"log.replay" = "R"\n')
    app = hanged_man(tmp_path)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        theme_help = next(c.help for c in shell_commands(app, shell)
                          if c.title.startswith("Theme: "))
        assert theme_help.endswith("(ctrl+g cycles)")
        await pilot.press("ctrl+g")
        await until(pilot, lambda: notices and notices[-1].title == "Theme")
        assert "(ctrl+g for the next)" in notices[-1].message
        await pilot.press("ctrl+k")
        await until(pilot, lambda: notices[-1].title == "Curtain")
        assert notices[-1].message == "The players' screen is blank until ctrl+k again."
        assert "(ctrl+k lifts it)" in str(
            shell.query_one("#header-curtain").render())
        await pilot.press("ctrl+k")
        shell.strike_note(14)
        await until(pilot, lambda: notices[-1].title == "Journal")
        assert notices[-1].message == "Note #14 struck out (ctrl+u puts it back)."
        app.push_screen(Confirm("Go on?"))
        await until(pilot, lambda: isinstance(app.screen, Confirm)
                    and len(app.screen.query(Button)) == 2)
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert labels == ["No (n)", "Yes (Y)"]
        await pilot.press("escape")
        app.push_screen(Form("A name", [text("name", "Name", suggest=lambda: "Zeke"),
                                        text("home", "Home", about="Where he was born.")]))
        form = await form_up(pilot)
        await until(pilot, lambda: len(form.query(Button)) == 2)
        assert form.query_one("#f-name", Input).placeholder == "ctrl+g draws one"
        labels = [str(b.label) for b in form.query(Button)]
        assert labels == ["Cancel (f9)", "Send (f8)"]
        about = str(form.query_one("#form-about").render())
        assert about == "Type it in, or ctrl+g draws one; Enter sends the form.", about
        await pilot.press("f9")
        await until(pilot, lambda: app.screen is shell)
        await pilot.press("4")
        await until(pilot, lambda: len(shell.query("#log-detail")) == 1)
        await pilot.press("home")
        await pilot.pause()
        detail = str(shell.query_one("#log-detail").render())
        assert detail == "Before the first session: R shows how it ended.", detail
    assert notices.of("error") == []


@synchronous
async def test_tabs_moved_to_other_keys_are_titled_by_them(tmp_path: Path) -> None:
    # with the tabs on f10 to f12 the tab bar still read "1 Characters" (round 25)
    from textual.widgets import Tab

    keys_set('[keys]\n"tab.1" = "f10"\n"tab.2" = "f11"\n"tab.3" = "f12"\n')
    app = hanged_man(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        labels = [str(tab.label) for tab in app.screen.query(Tab)]
        assert labels[:4] == ["f10 Characters", "f11 Wanted Clock", "f12 Conflict",
                              "4 Encounter Log"]
        await pilot.press("f12")
        await until(pilot, lambda: app.screen.query_one("#shell-tabs").active  # type: ignore[attr-defined]
                    == "tab-conflict")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        shown = {entry.key: entry.means for part in help_screen.parts
                 for entry in part.entries}
        assert shown["f10 f11 f12 4 5 6 7 8 9"].startswith("Show that tab, in order")
        assert "1 to 9" not in shown
    # the undo preview's tabs follow the tabs' keys, unless set themselves
    keymap, _ = read_keys({"keys": {"tab.1": "f10", "tab.2": "f11",
                                    "undo_preview.tab_2": "F"}})
    assert (keymap["undo_preview.tab_1"], keymap["undo_preview.tab_2"]) == ("f10", "F")
    assert "undo_preview.tab_3" not in keymap


@synchronous
async def test_keys_set_wrong_are_said_and_change_nothing(tmp_path: Path) -> None:
    keys_set('[keys]\n"dust_devils.mak" = "M"\n"dust_devils.fate" = "e"\n'
             '"dust_devils.give" = "ctrl+banana"\n"fistful.edit" = "E"\n')
    app = hanged_man(tmp_path)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(notices.of("error")) >= 3)
        said = [n.message for n in notices.of("error")]
        assert any("'dust_devils.give': 'ctrl+banana' is not a key" in s and
                   "That key keeps its own" in s for s in said)
        assert any("'dust_devils.mak': no key has this id" in s for s in said)
        assert any("e is given to Edit and Fate" in s for s in said)
        assert not any("fistful.edit" in s for s in said)  # another game's, not checked here
        assert "g" in footer_keys(app)  # Chips keeps its own


@synchronous
async def test_a_settings_file_that_cannot_be_read_is_said_and_never_written(
        tmp_path: Path) -> None:
    keys_set('[keys]\n"dust_devils.make" = M\n')  # M unquoted: not TOML
    before = paths.settings_file().read_bytes()
    app = hanged_man(tmp_path)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: notices.of("error"))
        said = notices.of("error")[0].message
        assert str(paths.settings_file()) in said and "line 2" in said
        assert "will not write to it" in said
        await pilot.press("ctrl+t")  # a theme chosen is not remembered over the Dealer's typing
        await pilot.pause()
    paths.remember_campaign(tmp_path / "the-hanged-man.toml")
    assert paths.settings_file().read_bytes() == before


class Tab(StepPane[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "surrender", "Surrender", id="test.surrender"),
        Binding("R", "reshuffle", "Reshuffle", id="test.reshuffle"),
    ]

    def compose(self) -> ComposeResult:
        yield KeysLine(id="keys")

    def why_not(self, action: str) -> None:
        return None

    def redraw(self) -> None:
        self.query_one(KeysLine).update(clickable([
            ("", "Keys: "), ("surrender", "y Surrender"), ("", ", "),
            ("reshuffle", "R Reshuffle"), ("", " (also in ctrl+p)")]))


class TabHost(App[None]):
    def compose(self) -> ComposeResult:
        yield Tab()


@synchronous
async def test_the_keys_line_names_the_key_set() -> None:
    app = TabHost()
    app.set_keymap({"test.surrender": "ctrl+g"})
    async with app.run_test(size=(60, 5)) as pilot:
        tab = app.query_one(Tab)
        tab.redraw()
        await pilot.pause()
        line = app.query_one(KeysLine)
        shown = line.render()
        assert str(shown) == "Keys: ^g Surrender, R Reshuffle (also in ctrl+p)"


def test_words_not_led_by_their_key_are_left_as_they_are() -> None:
    text = clickable([("", "Keys: "), ("surrender", "give up"), ("", ", "),
                      ("reshuffle", "R Reshuffle")])
    changed = with_keys(text, lambda action: ("R", "shift+r") if action == "reshuffle"
                        else ("y", "Y"))
    assert changed.plain == "Keys: give up, shift+r Reshuffle"
    # the changed words still take their step when clicked
    span = next(s for s in changed.spans if changed.plain[s.start:s.end] == "shift+r Reshuffle")
    assert not isinstance(span.style, str) and span.style.meta["@click"] == "step('reshuffle')"
    assert with_keys(Text("plain"), lambda action: None).plain == "plain"
    # a key set that keeps the book's first ("o,O"), put on words changed already, is not
    # put on again ("o or O or O")
    looks = clickable([("", "Keys: "), ("look", "o look")])
    once = with_keys(looks, lambda action: ("o", "o or O"))
    assert once.plain == "Keys: o or O look"
    assert with_keys(once, lambda action: ("o", "o or O")).plain == "Keys: o or O look"


class PayTab(Tab):
    BINDINGS: ClassVar[list[BindingType]] = [
        *Tab.BINDINGS, Binding("dollar_sign", "pay", "Pay", id="test.pay")]

    def redraw(self) -> None:
        self.query_one(KeysLine).update(keys_text(
            [("pay", "$ pay"), ("surrender", "y Surrender"), ("reshuffle", "R Reshuffle")],
            " (also in ctrl+p)", "dim", one_row=True))


class PayHost(App[None]):
    def compose(self) -> ComposeResult:
        yield PayTab()


@synchronous
async def test_a_one_row_keys_line_names_the_keys_set_and_keeps_to_its_row() -> None:
    app = PayHost()
    # "$" is the key "dollar_sign": the words write it as the footer does
    app.set_keymap({"test.pay": "ctrl+d", "test.surrender": "ctrl+g"})
    async with app.run_test(size=(44, 5)) as pilot:
        app.query_one(PayTab).redraw()
        await pilot.pause()
        line = app.query_one(KeysLine)
        assert str(line.render()) == (
            "Keys: ^d pay, ^g Surrender, R Reshuffle (also in ctrl+p)")
        assert line.size.height == 1
        assert line.render_line(0).text.rstrip() == "Keys: ^d pay, ^g Surrender, +1 more (ctrl+p)"
