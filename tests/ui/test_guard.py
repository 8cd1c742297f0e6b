"""A fault in a game's tab (its drawing, a key's check) costs that tab's drawing or that
key, said once in a notice that names the file holding the details, never the session:
Textual quits the app on it, and a campaign whose first tab met it could not be opened."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.binding import Binding, BindingType
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from gmscreen import paths
from gmscreen.journal.campaign import Campaign
from gmscreen.ui import guard
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.steps import StepPane, StepsGuarded
from tests.journal.support import new_campaign
from tests.pilot import Notices, synchronous, to_tab, until


class Faulty(StepPane[Any]):
    """A tab whose drawing fails while `broken`, and whose `s` cannot be checked."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("s", "shoot", "Shoot"),
                                             Binding("w", "wait", "Wait"),
                                             Binding("l", "load", "Load")]
    can_focus = True

    def __init__(self) -> None:
        super().__init__()
        self.broken = True
        self.waited = 0

    def compose(self) -> Any:
        yield Static("", id="drawn")

    def redraw(self) -> None:
        if self.broken:
            raise KeyError("Zeke")
        self.query_one("#drawn", Static).update("Drawn")

    def why_not(self, action: str) -> str | None:
        if action == "shoot":
            raise ValueError("no gun")
        return None

    def action_shoot(self) -> None:
        raise AssertionError("a step that could not be checked is not taken")

    def action_wait(self) -> None:
        self.waited += 1

    def action_load(self) -> None:
        raise IndexError("no bullets left in the box")


class Table(TypingAhead[None], StepsGuarded[None]):
    def __init__(self, campaign: Campaign[Any]) -> None:
        super().__init__()
        self.campaign = campaign

    def compose(self) -> Any:
        yield Faulty()
        yield KeysFooter()

    def on_mount(self) -> None:
        pane = self.query_one(Faulty)
        pane.show(self.campaign)
        pane.focus()


@synchronous
async def test_a_fault_in_a_tab_is_said_once_kept_in_a_file_and_the_app_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "STRICT", False)
    monkeypatch.setattr(guard, "_said", set())
    app, notices = Table(new_campaign(tmp_path / "tally.toml")), Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(notices) >= 2)
        pane = app.query_one(Faulty)
        pane.show(app.campaign)  # drawn again, failing again: not said again
        for _ in range(3):
            await pilot.pause()
        faults = [n for n in notices if n.title == "A fault in gmscreen"]
        assert {n.severity for n in faults} == {"error"}
        drawing = [n.message for n in faults if n.message.startswith("Drawing")]
        assert len(drawing) == 1
        assert drawing[0].startswith("Drawing the Faulty tab failed (KeyError: 'Zeke'). "
                                     "Nothing is lost")
        kept = sorted((paths.cache_dir() / "faults").glob("*.txt"))
        assert any("KeyError: 'Zeke'" in p.read_text() and "in redraw" in p.read_text()
                   for p in kept)
        assert str(kept[0]) in drawing[0] or any(str(p) in drawing[0] for p in kept)
        # the key that could not be checked is off the footer, and pressed says why
        assert [k.description for k in app.query(FooterKey)] == ["Wait", "Load", "palette"]
        await pilot.press("s")
        await until(pilot, lambda: any("Shoot applies now" in n.message for n in notices))
        # a step that fails as it is taken costs that step
        await pilot.press("l")
        await until(pilot, lambda: any(n.message.startswith("The step Load failed (IndexError: "
                                                            "no bullets left in the box)")
                                       for n in notices))
        # the tab goes on: its other keys work, and it is drawn once it can be
        await pilot.press("w")
        await until(pilot, lambda: pane.waited == 1)
        pane.broken = False
        pane.show(app.campaign)
        await until(pilot, lambda: "Drawn" in str(pane.query_one("#drawn", Static).render()))
        assert app.is_running


@synchronous
async def test_in_the_tests_a_fault_fails_as_before(tmp_path: Path) -> None:
    app = Table(new_campaign(tmp_path / "tally.toml"))
    with pytest.raises(KeyError, match="Zeke"):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()


@synchronous
async def test_the_app_opens_on_a_tab_whose_step_cannot_be_checked_and_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole app, on the tab it opens on (the sixth game's Players): a rule that raises
    as the footer asks whether Seat applies quit the app as it drew, at every open."""
    from gmscreen.ui.app import GmScreenApp
    from tests.high_card.panes import Players
    from tests.ui.support import high_card

    def raises(self: Players, action: str) -> None:
        raise ZeroDivisionError("a rule's bug")

    monkeypatch.setattr(guard, "STRICT", False)
    monkeypatch.setattr(guard, "_said", set())
    answers = Players.why_not
    monkeypatch.setattr(Players, "why_not", raises)
    app, notices = GmScreenApp(high_card(tmp_path)), Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: any(n.title == "A fault in gmscreen" for n in notices))
        assert "Seat a player" not in [k.description for k in app.query(FooterKey)]
        await pilot.press("s")
        await until(pilot, lambda: any("Seat a player applies now" in n.message
                                       for n in notices))
        # the rest of the app works: another tab, and the step's key once it can be asked
        monkeypatch.setattr(Players, "why_not", answers)
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "Ante" in [k.description for k in app.query(FooterKey)])
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "Seat a player" in [k.description
                                                       for k in app.query(FooterKey)])
        assert app.is_running
