"""What Dust's tabs share: the state they show, and a sheet of a view's lines as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.notifications import SeverityLevel

from gmscreen.games.dust import keys
from gmscreen.games.dust.state import DustState
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Lines
from gmscreen.ui.keymap import binding_in_words
from gmscreen.ui.keys_line import keys_text, more_keys
from gmscreen.ui.steps import StepPane

T = TypeVar("T")


class DustPane(StepPane[DustState]):
    """A Dust tab: its keys asked of the rules (`why_not`), its text made by `view`."""

    #: from this many columns the tab stands its parts side by side (its class `-wide`);
    #: None: it has one layout
    WIDE_FROM: ClassVar[int | None] = None

    def _on_mount(self, event: events.Mount) -> None:
        # Textual runs this besides the tabs' own on_mount (each class's handler in turn)
        if self.WIDE_FROM is not None:
            self.screen.screen_layout_refresh_signal.subscribe(self, self._fit_width,
                                                               immediate=True)

    def on_resize(self) -> None:
        self._fit_width()

    def _fit_width(self, _screen: object = None) -> None:
        """The layout for the width the tab has now: read after each layout of its screen
        too, not only at a Resize, which a loaded machine gave late or not at all (the
        tab laid out at 200 columns, its parts left one under another)."""
        if self.WIDE_FROM is not None:
            self.set_class(self.size.width >= self.WIDE_FROM, "-wide")

    def keys_hint(self) -> Text:
        """The keys that apply now and the footer leaves out (to fit 80 columns), each to be
        clicked in a `KeysLine`, but those `worth_naming` says are not worth a line now."""
        return keys_text(more_keys(self, (
            (b.action, f"{b.key} {b.description.lower()}") for b in self.BINDINGS
            if isinstance(b, Binding) and not b.show and self.worth_naming(b.action))),
            " (each in the palette too)")

    def worth_naming(self, action: str) -> bool:
        """Whether the Keys line names `action` now, as it applies (all, unless a tab says)."""
        return True

    # -- the Dealer's own keys in the words of the rules and the views -----------------------

    def keys_set(self) -> dict[str, str]:
        """The keys the words name (`keys.BOOK`) that settings.toml changed, by id, each as
        a sentence writes it."""
        changed = self.app._keymap
        own = {b.id for b in self.BINDINGS if isinstance(b, Binding)}
        said: dict[str, str] = {}
        for binding_id, book in keys.BOOK.items():
            # the deadline's refusals name the key of the tab they are read on
            here = keys.ON_THE_DAY_TAB.get(binding_id, binding_id)
            pressed = here if here in own else binding_id
            if pressed in changed:
                said[binding_id] = binding_in_words(self.app, Binding(book, pressed, id=pressed))
        return said

    def keyed(self, text: str) -> str:
        """`text` (the rules' or a view's words) naming each key as the Dealer set it."""
        return keys.keyed(text, self.keys_set()) if self.app._keymap else text

    def keyed_error(self, error: RuleError) -> RuleError:
        """A refusal naming each key as the Dealer set it."""
        message = self.keyed(error.message)
        return error if message == error.message else RuleError(error.rule, message,
                                                                 field=error.field)

    def keyed_step(self, make: Callable[..., T], *arguments: Any) -> T:
        """`make(*arguments)` (a form's command), its refusal naming the keys as set."""
        try:
            return make(*arguments)
        except RuleError as error:
            raise self.keyed_error(error) from None

    def refusal(self, action: str) -> RuleError | None:
        refused = super().refusal(action)
        return None if refused is None else self.keyed_error(refused)

    def check(self, command: Any) -> None:
        try:
            super().check(command)
        except RuleError as error:
            raise self.keyed_error(error) from None

    def send(self, command: Any, confirm: str | None = None,
             then: Callable[[], None] | None = None,
             declined: Callable[[], None] | None = None) -> None:
        # the question in the Dealer's keys
        super().send(command, None if confirm is None else self.keyed(confirm), then,
                     declined)

    def notify(self, message: str, *, title: str = "",
               severity: SeverityLevel = "information", timeout: float | None = None,
               markup: bool = True) -> None:
        super().notify(self.keyed(message), title=title, severity=severity, timeout=timeout,
                       markup=markup)


def sheet_text(parts: list[Lines], hint: Text | None = None,
               keyed: Callable[[str], str] = str) -> Text:
    """Sheets of lines as the detail box shows them: a hint in italics, each title bold;
    `keyed` puts the Dealer's own keys in their words."""
    text = Text()
    if hint:
        text.append_text(hint)
        text.stylize("italic")
        text.append("\n")
    for number, part in enumerate(parts):
        text.append(("\n" if number else "") + part.title, style="bold")
        for line in part.lines:
            text.append(f"\n{keyed(line)}")
    return text
