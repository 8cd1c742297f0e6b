"""Undo to here: before anything is taken back, show the Dealer what will be (every event,
struck through in the log afterwards) and the game's tabs as they will be, read only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static, TabbedContent, TabPane

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import UNDO, Event
from gmscreen.ui.dialog import Dialog, DialogButton
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.keymap import key_in_words
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import tab_id

#: the taken-back events listed one by one; beyond this, a count says how many more
LISTED = 200


@dataclass(frozen=True)
class UndoPlan:
    """What `campaign.undo_to(seq)` would do: the events it takes back and the campaign as
    it would be afterwards (read only, nothing saved)."""

    seq: int
    taken_back: list[Event]
    after: Campaign[Any]


def plan_undo_to(campaign: Campaign[Any], seq: int) -> UndoPlan:
    """The plan of an undo to `seq`; RuleError (naming the rule) when it cannot be done."""
    campaign.preview_undo_to(seq)  # checks the seq exactly as undo_to will
    steps = campaign.history.steps_back_to(seq)
    # newest first, as they are taken back (a step of several events keeps its own order
    # otherwise, which read as #40, #41, #39)
    taken_back = sorted(campaign.history.events_of(steps), key=lambda e: e.seq, reverse=True)
    # The campaign after the undo is the journal with that undo event at its end, folded as
    # any journal is: so the preview is what the tabs will show, sessions included.
    number = len(campaign.events) + 1
    undo = Event(number, datetime.now().astimezone(), campaign.session, UNDO,
                 {"steps": steps}, number)
    after = Campaign(campaign.rules, campaign.header, [*campaign.events, undo],
                     path=campaign.path)
    return UndoPlan(seq, taken_back, after)


class UndoPreview(Dialog[bool]):
    """Dismisses with True to undo (y, or the undo button), False to keep (n, escape)."""

    #: the keyboard starts there (Textual's own first focus, moved after, restyled the
    #: whole dialog twice)
    AUTO_FOCUS = "#undo-no"

    DEFAULT_CSS = """
    UndoPreview {
        align: center middle;
        & > Vertical {
            width: 100%;
            height: 1fr;
            border: thick $warning;
            background: $surface;
        }
        & #undo-question { padding: 0 1; text-style: bold; height: auto; }
        & TabbedContent { height: 1fr; }
        & #undo-events { height: 1fr; }
        & #undo-buttons { height: auto; align-horizontal: right; }
        & Button { margin-left: 2; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # words for one event as for many ("them" was said of one)
        Binding("y", "answer(True)", "Undo", id="undo_preview.yes"),
        Binding("n", "answer(False)", "Don't undo", id="undo_preview.no"),
        Binding("escape", "answer(False)", "Don't undo", show=False, id="undo_preview.escape"),
        # as on the tabs behind it: the preview's tabs were reached only by tab and arrows
        *(Binding(str(number), f"show_tab({number})", f"Tab {number}", show=False,
                  id=f"undo_preview.tab_{number}") for number in range(1, 10)),
    ]

    def __init__(self, plan: UndoPlan, describe: Callable[[Event], str],
                 panes: Mapping[str, GamePane]) -> None:
        super().__init__()
        self.plan = plan
        self.describe = describe
        self.panes = panes

    def _tab_key(self, number: int) -> str:
        """The key of tab `number` behind the preview, as the Dealer set it."""
        return key_in_words(self.app, f"undo_preview.tab_{number}", UndoPreview)

    def _tab_keys(self) -> str:
        """The keys of the tabs here, as set: "1 to 5", or each where one was moved."""
        keys = [self._tab_key(number) for number in range(1, len(self.panes) + 2)]
        if keys == [str(number) for number in range(1, len(keys) + 1)]:
            return f"1 to {len(keys)}"
        return ", ".join(keys)

    def compose(self) -> ComposeResult:
        count = len(self.plan.taken_back)
        with Vertical():
            one = count == 1
            yield Static(Text(f"Undo back to {self._kept()}? {count} event"
                              f"{'' if one else 's'} will be taken back (struck through in the "
                              f"log; redo brings {'it' if one else 'them'} back). The tabs "
                              f"show the campaign as it will be ({self._tab_keys()} show "
                              "each, as behind it)."), id="undo-question")
            # each tab on the key of its own behind the preview, what is taken back on the
            # Encounter Log's (last): 4 showed Conflict where the app's 4 is Fight
            with TabbedContent(initial="undo-taken-back"):
                for number, (title, pane) in enumerate(self.panes.items(), start=1):
                    with TabPane(f"{self._tab_key(number)} {title}",
                                 id=f"undo-{tab_id(title)}"):
                        yield pane
                with (TabPane(f"{self._tab_key(len(self.panes) + 1)} Taken back ({count})",
                              id="undo-taken-back"),
                      VerticalScroll(id="undo-events")):
                    yield Static(self._listing(), markup=False)
            with Horizontal(id="undo-buttons"):
                no, yes = (key_in_words(self.app, f"undo_preview.{answer}", UndoPreview)
                           for answer in ("no", "yes"))
                yield DialogButton(f"Don't undo ({no})", id="undo-no")
                yield DialogButton(f"Undo {count} ({yes})", id="undo-yes", variant="warning")
        yield KeysFooter()

    def _kept(self) -> str:
        """The event the undo goes back to, named: its number alone meant nothing at the
        table."""
        seq = self.plan.seq
        if seq == 0:
            return "the start of the campaign"
        # a line inside an older step of several keeps that step whole: named by its end
        cut = self.plan.after.step_cut(seq)
        end = cut[1] if cut is not None else seq
        named = self.describe(self.plan.after.events[end - 1]).rstrip(".")
        whole = f"the end of #{seq}'s step, " if cut is not None else ""
        return f"{whole}just after #{end} ({named})"

    def _listing(self) -> Text:
        shown = self.plan.taken_back[:LISTED]
        text = Text("\n".join(f"#{e.seq} {self.describe(e)}" for e in shown))
        if len(self.plan.taken_back) > LISTED:
            text.append(f"\n... and {len(self.plan.taken_back) - LISTED} more")
        return text

    def on_mount(self) -> None:
        for pane in self.panes.values():
            pane.show(self.plan.after)

    @on(GamePane.Command)
    @on(GamePane.UndoRequested)
    def refuse(self, event: GamePane.Command | GamePane.UndoRequested) -> None:
        event.stop()
        self.notify("This is a preview of the undo: nothing can change here.",
                    severity="warning")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "undo-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_show_tab(self, number: int) -> None:
        """Show the preview's tab `number`: the game's tabs by their numbers behind it, then
        what is taken back, on the Encounter Log's."""
        tabbed = self.query_one(TabbedContent)
        ids = [pane.id for pane in tabbed.query(TabPane)
               if pane.id is not None and pane.id.startswith("undo-")]
        if 1 <= number <= len(ids):
            tabbed.active = ids[number - 1]

