"""The step pane: the footer offers what applies now; a key that does not apply says which
rule, with its arguments seen as the binding writes them; in a replay the keys that would
change the campaign say so first."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import TabbedContent

from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form, text
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys, wrap_steps
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.steps import Refusal, StepPane, action_arguments, action_name, written
from gmscreen.ui.tabs import tab_id
from tests.pilot import Notices, burst, footer_keys, form_up, synchronous, to_tab, until
from tests.tally import Add
from tests.ui.support import played


def test_an_action_is_written_as_its_binding_writes_it() -> None:
    assert written("move", ("Advance",)) == "move('Advance')"
    assert written("tick", (-1,)) == "tick(-1)" and written("draw", ()) == "draw"
    assert action_name("move('Advance')") == "move"
    assert action_arguments("move('Advance')") == ("Advance",)
    assert action_arguments("tick(-1)") == (-1,) and action_arguments("draw") == ()


def tally_app(tmp_path: Path, monkeypatch: Any, pane: type[StepPane[Any]],
              conflict: type[StepPane[Any]] | None = None) -> tuple[GmScreenApp, Notices]:
    """The app on a tally campaign whose Characters tab is `pane` (and Conflict tab
    `conflict`), its notices recorded."""
    monkeypatch.setattr("tests.tally_panes.make_panes", lambda: {
        "Characters": pane(), **({"Conflict": conflict()} if conflict else {})})
    app = GmScreenApp(played(tmp_path))
    notices = Notices()
    notices.watch(app)
    return app, notices


class Moves(StepPane[Any]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "move('Advance')", "Advance", id="test.advance"),
        Binding("r", "move('Run')", "Run", id="test.run"),
    ]
    asked: ClassVar[list[str]] = []
    can_focus = True

    def why_not(self, action: str) -> Refusal:
        self.asked.append(action)
        if action_arguments(action) == ("Run",):
            return RuleError("Pinned", "a pinned model cannot run")
        return None

    def quiet(self, action: str) -> bool:
        return action_arguments(action) == ("Advance",)

    def action_move(self, how: str) -> None:
        self.notify(f"moved: {how}")


@synchronous
async def test_a_refused_key_names_its_rule_and_the_footer_leaves_it_out(
        tmp_path: Path, monkeypatch: Any) -> None:
    app, notices = tally_app(tmp_path, monkeypatch, Moves)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.pause()
        # Advance applies but stays out of the footer (quiet); Run does not apply
        assert "a" not in footer_keys(app) and "r" not in footer_keys(app)
        assert "move('Run')" in Moves.asked
        await pilot.press("r")
        await until(pilot, lambda: notices)
        assert (notices[-1].title, notices[-1].message) == ("Pinned", "a pinned model cannot run")
        await pilot.press("a")
        await until(pilot, lambda: notices[-1].message == "moved: Advance")
        palette = {name: run for name, _, run in app.screen.query_one(Moves).palette_commands()}
        await palette["Run"]()
        await palette["Advance"]()
        assert [n.message for n in notices[-2:]] == ["a pinned model cannot run",
                                                      "moved: Advance"]


@synchronous
async def test_a_refused_or_quiet_step_answers_the_key_the_dealer_set(
        tmp_path: Path, monkeypatch: Any) -> None:
    # the tab looked keys up in its own bindings, which keep the book's keys: R said
    # nothing, and r still answered for Run (round 25)
    app, notices = tally_app(tmp_path, monkeypatch, Moves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.update_keymap({"test.run": "R", "test.advance": "A"})
        await to_tab(pilot, "1")
        await pilot.pause()
        await pilot.press("r", "a")
        await pilot.pause(0.3)
        assert notices == []  # the book's keys are no longer these steps'
        await pilot.press("R")
        await until(pilot, lambda: notices)
        assert (notices[-1].title, notices[-1].message) == ("Pinned", "a pinned model cannot run")
        await pilot.press("A")
        await until(pilot, lambda: notices[-1].message == "moved: Advance")


@synchronous
async def test_the_shell_s_undo_answers_the_key_set_and_not_the_book_s(
        tmp_path: Path, monkeypatch: Any) -> None:
    # the shell looked undo's key up as written: ctrl+z still took a step back once undo was
    # moved to ctrl+u (Dust's round 27 helper)
    app, _ = tally_app(tmp_path, monkeypatch, Moves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.update_keymap({"undo": "ctrl+u"})
        await to_tab(pilot, "1")
        campaign = app.campaign
        standing = len(campaign.events)
        await pilot.press("ctrl+z")
        await pilot.pause(0.3)
        assert len(campaign.events) == standing  # the book's key takes nothing back
        await pilot.press("ctrl+u")
        await until(pilot, lambda: len(campaign.events) == standing + 1)


class Asks(Moves):
    """Moves, with a key that opens a form."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Moves.BINDINGS, Binding("f", "ask", "Ask", id="test.ask")]

    def action_ask(self) -> None:
        self.app.push_screen(Form("Who runs?", [text("who", "Who")]))


@synchronous
async def test_a_refused_key_typed_straight_after_one_opening_a_form_goes_to_the_form(
        tmp_path: Path, monkeypatch: Any) -> None:
    app, notices = tally_app(tmp_path, monkeypatch, Asks)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.pause()
        burst(app, "frar")  # all at once, as a paste or tmux types them
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values().text("who") == "rar")
        assert not [n for n in notices if n.title == "Pinned" or n.message.startswith("moved")]
        await pilot.press("escape")
        await pilot.press("r")  # on the tab again, refused as before
        await until(pilot, lambda: notices)
        assert notices[-1].title == "Pinned"


class Crowded(StepPane[Any]):
    """A tab with more keys than 80 columns hold."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"move('{key}')", f"Move {key} a long way", id=f"test.crowded.{key}")
        for key in "abcdefgh"]
    can_focus = True

    def why_not(self, action: str) -> Refusal:
        return None

    def action_move(self, how: str) -> None:
        self.notify(f"moved: {how}")


@synchronous
async def test_the_key_that_starts_a_session_stays_in_sight_at_80_columns_while_none_runs(
        tmp_path: Path, monkeypatch: Any) -> None:
    from textual.widgets._footer import FooterKey

    from gmscreen.ui.footer import KeysFooter
    monkeypatch.setattr("tests.tally_panes.make_panes", lambda: {"Characters": Crowded()})
    campaign = played(tmp_path)
    campaign.end_session()
    app = GmScreenApp(campaign)

    def in_sight() -> list[str]:
        return [key.description for footer in app.screen.query(KeysFooter) if footer.display
                for key in footer.query(FooterKey) if key.display]

    def hidden() -> list[str]:
        return [key.description for footer in app.screen.query(KeysFooter) if footer.display
                for key in footer.query(FooterKey) if not key.display]

    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await until(pilot, lambda: "Start session" in in_sight())
        assert "Move h a long way" not in in_sight()  # the tab's last keys gave way
        # and help says how many it has that the footer has no room for
        assert f"Help +{len(hidden())}" in in_sight() and len(hidden()) > 1
        await pilot.resize_terminal(240, 24)
        await until(pilot, lambda: not hidden())
        assert "Help" in in_sight()
        await pilot.resize_terminal(80, 24)
        await pilot.press("f5")
        await until(pilot, lambda: "Start session" not in in_sight()
                    and "Move c a long way" in in_sight())
        # no room left for the count: no key gives way to it
        assert "Help" in in_sight() and len(hidden()) > 1


class Spends(StepPane[Any]):
    """A key that spends the whole of Zeke's tally as this tab sees it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "spend", "Spend all", id="test.spend")]
    can_focus = True

    def action_spend(self) -> None:
        self.send(Add("Zeke", -self.state.tallies.get("Zeke", 0)))


@synchronous
async def test_a_key_typed_straight_after_a_step_finds_the_step_done(
        tmp_path: Path, monkeypatch: Any) -> None:
    # a step went up to the shell as a message, and a key typed before the shell had saved
    # it acted on the table as it was before: 'd' twice on Dead Man's Hand's deployment
    # placed the model just placed, refused, and 7 of 16 quick keys were lost so
    monkeypatch.setattr("tests.tally_panes.make_panes", lambda: {"Characters": Spends()})
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        assert campaign.state.tallies["Zeke"] > 0
        before = len(campaign.events)
        burst(app, "ss")  # as a quick typist or tmux sends them
        await until(pilot, lambda: len(campaign.events) == before + 2 or notices)
        await pilot.pause(0.2)
        assert not [n for n in notices if n.title == "No debt"]
        assert campaign.state.tallies["Zeke"] == 0 and len(campaign.events) == before + 2


class Named(Moves):
    """Moves, with a line naming its keys the footer leaves out, to be clicked."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Moves.BINDINGS, Binding("w", "move('Walk')", "Walk", id="test.walk", show=False)]
    WORDS = (("move('Advance')", "a advance"), ("move('Run')", "r run"),
             ("move('Walk')", "w walk"))

    def compose(self) -> ComposeResult:
        yield KeysLine(id="keys", markup=False)

    def redraw(self) -> None:
        self.query_one(KeysLine).update(keys_text(more_keys(self, self.WORDS), " (ctrl+p)"))


@synchronous
async def test_the_keys_line_names_what_the_footer_leaves_out_and_a_click_takes_it(
        tmp_path: Path, monkeypatch: Any) -> None:
    app, notices = tally_app(tmp_path, monkeypatch, Named)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.pause()
        pane = app.screen.query_one(Named)
        line = pane.query_one(KeysLine)
        # Advance is quiet and Walk kept off the footer: both named; Run is refused: not
        assert str(line.render()) == "Keys: a advance, w walk (ctrl+p)"
        await pilot.click(line, offset=(len("Keys: a advance, "), 0))
        await until(pilot, lambda: notices and notices[-1].message == "moved: Walk")
        await pilot.click(line, offset=(len("Keys: "), 0))
        await until(pilot, lambda: notices[-1].message == "moved: Advance")
        # a step named on a line that no longer applies says which rule stops it
        line.update(keys_text([("move('Run')", "r run")]))
        await pilot.pause()
        await pilot.click(line, offset=(len("Keys: "), 0))
        await until(pilot, lambda: notices[-1].title == "Pinned")
    assert keys_text([]).plain == ""


class ListAndSheet(Named):
    """Named, with a list beside a sheet box that scrolls and holds the Keys line."""

    can_focus = False

    def compose(self) -> ComposeResult:
        from textual.containers import VerticalScroll
        from textual.widgets import OptionList

        yield OptionList("Zeke", "Ma", id="list")
        with VerticalScroll(id="sheet"):
            yield KeysLine(id="keys", markup=False)


@synchronous
async def test_a_step_clicked_in_a_box_that_scrolls_leaves_the_keyboard_on_the_list(
        tmp_path: Path, monkeypatch: Any) -> None:
    # the box took the keyboard on the click: the arrows then scrolled it, where they had
    # moved the list's highlight (Dust's sheet, round 24)
    from textual.containers import VerticalScroll
    from textual.widgets import OptionList

    app, notices = tally_app(tmp_path, monkeypatch, ListAndSheet)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        pane = app.screen.query_one(ListAndSheet)
        listed = pane.query_one(OptionList)
        listed.focus()
        await pilot.pause()
        line = pane.query_one(KeysLine)
        await pilot.click(line, offset=(len("Keys: a advance, "), 0))
        await until(pilot, lambda: notices and notices[-1].message == "moved: Walk")
        assert app.focused is listed
        await pilot.press("down")
        assert listed.highlighted == 1
        assert pane.query_one(VerticalScroll).scroll_y == 0


class Runs(StepPane[Any]):
    """A tab where r applies: the model runs."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "run", "Run", id="test.runs")]
    can_focus = True

    def action_run(self) -> None:
        self.notify("ran")


@synchronous
async def test_a_key_typed_straight_after_a_tabs_digit_is_the_new_tabs(
        tmp_path: Path, monkeypatch: Any) -> None:
    # "3r" in one burst: the digit's tab took the keyboard only after the r had been read
    # on the tab left, which refused it (Pinned) or dropped it
    app, notices = tally_app(tmp_path, monkeypatch, Moves, Runs)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.pause()
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        digit = str(shell.titles.index("Conflict") + 1)
        for _ in range(2):  # the tab built on the way, then shown again
            burst(app, [digit, "r"])
            await until(pilot, lambda: notices and notices[-1].message == "ran")
            assert not [n for n in notices if n.title == "Pinned"]
            notices.clear()
            await to_tab(pilot, "1")
            await pilot.pause()


#: what the Characters tab of `Moves` says of a key: a quiet step done, a step refused
SAID = {"a": "moved: Advance", "r": "a pinned model cannot run"}


@pytest.mark.parametrize("typed_from", ["Conflict", "Encounter Log"])
@synchronous
async def test_a_quiet_or_refused_step_typed_straight_after_a_tabs_digit_is_answered(
        tmp_path: Path, monkeypatch: Any, typed_from: str) -> None:
    # keys typed in one burst all go to the widget with the keyboard as the first comes: a
    # tab's own answer to its key (a quiet step done, a refusal said) was asked of the tab
    # left, so "1a" did nothing and "1r" said nothing (the Hanged Man's quiet Devil step,
    # found by burst_vs_slow's runs from another tab)
    app, notices = tally_app(tmp_path, monkeypatch, Moves, Runs)
    async with app.run_test(size=(80, 24)) as pilot:
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        for key, said in SAID.items():
            await to_tab(pilot, typed_from)
            burst(app, ["1", key])
            await until(pilot, lambda: bool(notices) and notices[-1].message in SAID.values())
            assert [n.message for n in notices] == [said]  # said once, by this tab
            assert "ran" not in [n.message for n in notices]
            notices.clear()


def test_a_steps_words_stay_on_one_row_and_plain_words_wrap_as_ever() -> None:
    # "b" ended a row and "ammo" began the next, read as the next step's words
    keys = keys_text([("luck", "L spend the Luck just rolled"), ("x", "x reaction"),
                      ("r", "R type a reaction"), ("g", "g morale"), ("b", "b ammo"),
                      ("o", "O optional rules")], " (all in ctrl+p)")
    rows = wrap_steps(keys, 74).plain.split("\n")
    assert rows == ["Keys: L spend the Luck just rolled, x reaction, R type a reaction,",
                    "g morale, b ammo, O optional rules (all in ctrl+p)"]
    # words of no step break anywhere between them; rows already broken stay so
    plain = Text("one two three four\nfive")
    assert wrap_steps(plain, 9).plain == "one two\nthree\nfour\nfive"
    # a step wider than the row alone breaks between its own words
    assert wrap_steps(keys_text([("s", "s spend a whole lot")]), 10).plain == (
        "Keys:\ns spend a\nwhole lot")


@synchronous
async def test_a_step_begun_on_a_row_is_clicked_there_whole_on_a_narrow_screen(
        tmp_path: Path, monkeypatch: Any) -> None:
    app, notices = tally_app(tmp_path, monkeypatch, Named)
    async with app.run_test(size=(20, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.pause()
        line = app.screen.query_one(Named).query_one(KeysLine)
        # "Keys: a advance, w walk (ctrl+p)" at 20 columns: "w walk" kept whole
        assert line.size.height == 2
        assert line.render_line(1).text.startswith("w walk")
        await pilot.click(line, offset=(2, 1))
        await until(pilot, lambda: notices and notices[-1].message == "moved: Walk")


def test_a_one_row_keys_line_names_the_steps_that_fit_and_how_many_more() -> None:
    keys = [("luck", "L spend the Luck just rolled"), ("x", "x reaction"),
            ("r", "R type a reaction"), ("g", "g morale")]
    text = Text("Posse: four riders, and a long line of words that wraps at sixty columns\n")
    text.append_text(keys_text(keys, " (also in ctrl+p)", "dim", one_row=True))
    text.append("\n#12 a trade")
    fitted = wrap_steps(text, 60)
    # the rows round it wrap as ever; the Keys line keeps to one row, naming as many steps
    # as leave room for how many more (its own tail gone: the count says where they are)
    assert fitted.plain.split("\n") == [
        "Posse: four riders, and a long line of words that wraps at",
        "sixty columns",
        "Keys: L spend the Luck just rolled, +3 more (ctrl+p)",
        "#12 a trade"]
    # the count is dim as the line is, and a click on it opens the palette
    more = fitted.plain.index("+3 more")
    style = fitted.get_style_at_offset(Console(), more)
    assert style.dim and style.meta["@click"] == "app.command_palette"
    # a line that fits is as it was, its own tail and all
    assert wrap_steps(text, 120).plain.split("\n")[1] == (
        "Keys: L spend the Luck just rolled, x reaction, R type a reaction, g morale "
        "(also in ctrl+p)")
    # too narrow for any step: the count alone
    assert wrap_steps(keys_text(keys, one_row=True), 24).plain == "Keys: +4 more (ctrl+p)"
    # a line not made one_row wraps, as ever
    assert len(wrap_steps(keys_text(keys), 60).plain.split("\n")) == 2
    # one of words no step takes (an action of "") has nothing to count: it wraps
    plain = keys_text([("", "words of no step at all")], one_row=True)
    assert wrap_steps(plain, 12).plain == "Keys: words\nof no step\nat all"


class Once(StepPane[Any]):
    """A quiet step that can be taken once (as a card drawn owes one discard)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "settle", "Settle", id="test.settle"),
    ]
    can_focus = True
    settled = 0

    def why_not(self, action: str) -> Refusal:
        return RuleError("Settled", "the debt is settled already") if self.settled else None

    def quiet(self, action: str) -> bool:
        return True

    def action_settle(self) -> None:
        self.settled += 1
        self.notify("settled")


@synchronous
async def test_a_quiet_step_keyed_twice_before_it_is_done_is_asked_again_as_it_is_done(
        tmp_path: Path, monkeypatch: Any) -> None:
    """Two presses typed before the first step was done (a Dealer quicker than a loaded
    machine; here in one burst, every time): the first is done in its key's turn, and the
    second refused by then, where it was done twice."""
    app, notices = tally_app(tmp_path, monkeypatch, Once)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        pane = app.screen.query_one(Once)
        burst(app, "ss")
        await until(pilot, lambda: len(notices) == 2)
        await pilot.pause()
        assert pane.settled == 1
        assert [(n.title, n.message) for n in notices][-1] == (
            "Settled", "the debt is settled already")


class EndsGame(StepPane[Any]):
    """A quiet step that asks first (as ending the game does)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "end", "End", id="test.end"),
    ]
    can_focus = True

    def quiet(self, action: str) -> bool:
        return True

    def action_end(self) -> None:
        self.app.push_screen(Form("End the game", [text("why", "Why")]))


@synchronous
async def test_a_quiet_step_that_asks_keyed_twice_asks_once_the_second_key_typed_in(
        tmp_path: Path, monkeypatch: Any) -> None:
    """The second press, answered before the first opened its form, opened a second form
    over it; it goes into the form, as any key typed after the one that opened it."""
    app, _ = tally_app(tmp_path, monkeypatch, EndsGame)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        burst(app, "xx")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values().text("why") == "x")
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["ShellScreen", "Form"]


@synchronous
async def test_a_key_typed_straight_after_a_quiet_step_that_asks_goes_into_its_form(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A quiet step was done after the keys typed behind its key: "v2" on the Hanged Man's
    Characters showed tab 2, and then the Devil rating's form over it, without the 2."""
    app, _ = tally_app(tmp_path, monkeypatch, EndsGame)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        burst(app, "x2")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values().text("why") == "2")
        await pilot.pause()
        assert shell.query_one(TabbedContent).active == tab_id(shell.titles[0])


class Names(Moves):
    """Moves, with a key that asks a name (one who is not there refused)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Moves.BINDINGS, Binding("f", "ask", "Ask", id="test.ask")]
    sent: ClassVar[list[object]] = []

    def action_ask(self) -> None:
        form = Form("Who runs?", [text("who", "Who")])

        def check(values: Any) -> object:
            if values.text("who") == "Nobody":
                raise RuleError("Nobody", "nobody is there to run")
            return values

        form.check = check
        self.app.push_screen(form, self.sent.append)


@pytest.mark.parametrize("send", ["enter", "ctrl+s"])
@synchronous
async def test_keys_typed_after_the_key_that_sends_a_form_are_the_tab_s_not_the_form_s(
        tmp_path: Path, monkeypatch: Any, send: str) -> None:
    """"Cora", the send and `a` in one burst (a quick Dealer, a loaded machine, a paste):
    the `a` was typed into the field before the send had come round to the form, and
    "Coraa" saved; it is the tab's, as typed after the form was sent (here Advance)."""
    Names.sent.clear()
    app, notices = tally_app(tmp_path, monkeypatch, Names)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "1")
        await pilot.press("f")
        await form_up(pilot)
        await pilot.press(*"Cora")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.values().text("who") == "Cora")
        burst(app, [send, "a"])  # in one turn: the machine takes neither before both come
        await until(pilot, lambda: Names.sent and notices)
        assert [v.text("who") for v in Names.sent] == ["Cora"]  # type: ignore[attr-defined]
        assert [n.message for n in notices] == ["moved: Advance"]
        # refused, the form stays, and keys typed behind the send go into it as typed (the
        # refusal gone with the change)
        await pilot.press("f")
        form = await form_up(pilot)
        await pilot.press(*"Nobody")
        burst(app, [send, "!"])
        await until(pilot, lambda: form.values().text("who") == "Nobody!")
        await pilot.pause()
        assert app.screen is form and len(Names.sent) == 1
