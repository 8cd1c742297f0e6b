"""The one step pane: a tab whose keys follow the step of play.

The footer offers only the keys that apply now (so it fits 80 columns); a key that does not
apply, pressed anyway or picked from the palette, says why, naming the rule, and changes
nothing. The pane never decides that itself: `why_not` asks the rules (their `why_not_x`,
beside `x`, pokerkit-style). In a replay, or a campaign open read only, every key that would
change the campaign says so before any form opens; only the keys in `LOOKING` (moving a
highlight, opening a list) still work.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from textual import actions, events, on
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import TabPane

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui import guard
from gmscreen.ui.dialog import AnswersKeys, Reply, answer_around_keyboard
from gmscreen.ui.keymap import binding_in_words, bindings_as_set, find_binding
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import tab_id

S = TypeVar("S")
R = TypeVar("R")

#: what `why_not` may answer: None (the action applies now), a RuleError naming the rule, or
#: the reason alone in words (the key's own description then titles the notice)
Refusal = RuleError | str | None


class StepPane(GamePane, AnswersKeys, Generic[S]):
    """Subclasses answer `why_not(action)` by asking their game's rules, and draw
    themselves in `redraw` from `state` (once mounted, and after every change)."""

    #: actions that change nothing, so they work in a replay too
    LOOKING: ClassVar[frozenset[str]] = frozenset()
    #: the widgets of this tab that had the keyboard last and the time before (see
    #: `keyboard_back`)
    _focus_now: Widget | None = None
    _focus_before: Widget | None = None

    @property
    def state(self) -> S:
        """The game's state shown now (live, or the replay's)."""
        assert self.campaign is not None  # a key or a redraw comes after `show`
        found: S = self.campaign.state
        return found

    def redraw(self) -> None:
        """Draw the tab from `state`; called once mounted and after every change."""

    def on_mount(self) -> None:
        if self.campaign is not None:
            self._redraw_guarded()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self._redraw_guarded()
        # the keys that apply follow the campaign: asked before it came (the keyboard put
        # in a tab as it is built), every key had been let through
        self.refresh_bindings()

    def _redraw_guarded(self) -> None:
        try:
            self.redraw()
        except Exception as error:  # the tab shows what it showed; the app goes on
            guard.caught(self, f"Drawing the {self._tab_title()} tab", error)

    def _tab_title(self) -> str:
        """The title of the tab this pane is in, as the tab bar names it."""
        tab = next((node for node in self.ancestors if isinstance(node, TabPane)), None)
        titles: list[str] = getattr(self.screen, "titles", [])
        return next((title for title in titles if tab is not None and tab_id(title) == tab.id),
                    type(self).__name__)

    @on(events.DescendantFocus)
    def _focus_moved(self, event: events.DescendantFocus) -> None:
        if event.widget is not self._focus_now:
            self._focus_before, self._focus_now = self._focus_now, event.widget

    def keyboard_back(self, clicked: Widget) -> None:
        """Give the keyboard back to the widget of this tab that had it, where a click on
        `clicked` (words that take a step) moved it to a box around them: a box that scrolls
        takes the keyboard on a click, and once the step's form closed, the arrows scrolled
        the box where they had moved a list's highlight (round 24)."""
        focused, before = self.app.focused, self._focus_before
        if (focused is not None and focused is self._focus_now and focused in clicked.ancestors
                and before is not None and before.is_attached and before.focusable
                and before is not focused):
            before.focus()

    def why_not(self, action: str) -> Refusal:
        """Why `action` does not apply now; None (or "") when it does. `action` is written
        as in the binding, with its arguments: "draw", "move('Advance')", "tick(-1)"
        (`action_name` and `action_arguments` take it apart)."""
        return None

    def refusal(self, action: str) -> RuleError | None:
        """The rule that keeps `action` from applying now, if any."""
        campaign = self.campaign
        if campaign is None or not self.is_mounted:
            return None
        name = action.partition("(")[0]
        if name not in self.LOOKING and campaign.read_only_reason is not None:
            return RuleError("Replay" if campaign.store is None else "Read only",
                             _read_only_words(campaign.read_only_reason,
                                              self._screen_key("back_to_now", "escape")))
        try:
            why = self.why_not(action)
        except Exception as error:  # off the footer, and said when pressed
            guard.caught(self, f"Checking the step {self._description(action)}", error)
            return RuleError("A fault in gmscreen", f"whether {self._description(action)} "
                             f"applies now could not be worked out ({type(error).__name__})")
        if not why:
            return None
        if isinstance(why, RuleError):
            return why
        return RuleError(self._description(action), why)

    def _screen_key(self, binding_id: str, written: str) -> str:
        """The key of the screen's binding `binding_id` as the Dealer set it; `written`
        where the screen has none (a test's)."""
        binding = find_binding(binding_id, self.screen)
        return written if binding is None else binding_in_words(self.app, binding)

    def _description(self, action: str) -> str:
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.action == action:
                return binding.description or action
        return action

    def quiet(self, action: str) -> bool:
        """Whether `action`, though it applies, stays out of the footer now (to keep it to
        80 columns while more pressing steps are offered); pressed, it still works."""
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        action = written(action, parameters)
        if self.campaign is None or not self.is_mounted:
            return True  # nothing to ask yet, or no longer (as the app closes)
        if self.refusal(action) is not None:
            return False
        try:
            return not self.quiet(action)
        except Exception as error:  # a step that applies stays on the footer
            guard.caught(self, f"Checking the step {self._description(action)}", error)
            return True

    def explain(self, action: str) -> bool:
        """Tell the Dealer why `action` does not apply now (True), or let it through."""
        refused = self.refusal(action)
        if refused is not None:
            self.notify(refused.message, title=refused.rule, severity="warning", markup=False)
        return refused is not None

    def on_key(self, event: events.Key) -> None:
        # a hidden binding would otherwise pass the key on and do nothing, silently
        answer_around_keyboard(event, self.screen)

    def answer(self, key: str) -> Reply:
        """Say why `key` does not apply now (True), or give its step if it is a quiet one,
        done in the key's turn."""
        for binding in bindings_as_set(self).key_to_bindings.get(key, ()):
            if self.explain(binding.action):
                return True
            if self.quiet(binding.action):
                return self.perform_first([binding.action])
        return False

    async def perform_first(self, actions: list[str]) -> bool:
        """Do the first of `actions` (the steps of one key) that applies, or say why the
        first does not: the key is answered (True)."""
        applies = [action for action in actions if self.refusal(action) is None]
        if applies:
            await self.perform(applies[0])
        else:
            self.explain(actions[0])
        return True

    async def perform(self, action: str) -> None:
        """Do `action` (one that applies now) as such: `run_action` would ask
        `check_action`, which says no to a quiet one."""
        done = getattr(self, f"action_{action_name(action)}")(*action_arguments(action))
        if inspect.isawaitable(done):
            await done

    async def run_from_palette(self, action: str) -> None:
        # the palette's step is the key's: refused with its reason where it does not apply
        if not self.explain(action):
            await self.perform(action)


def written(action: str, parameters: tuple[object, ...]) -> str:
    """An action and its arguments as a binding writes them: ("move", ("Advance",)) ->
    "move('Advance')"."""
    return f"{action}({', '.join(map(repr, parameters))})" if parameters else action


def action_name(action: str) -> str:
    """ "move('Advance')" -> "move"."""
    return action.partition("(")[0]


def action_arguments(action: str) -> tuple[object, ...]:
    """ "move('Advance')" -> ("Advance",); "draw" -> ()."""
    return tuple(actions.parse(action)[2]) if "(" in action else ()


def _read_only_words(reason: str, back: str) -> str:
    if reason == "this is a replay of the past":
        return (f"You are looking at the past; press {back} to return to now before "
                "changing anything.")
    return f"Nothing can be changed: {reason}."


class StepsGuarded(App[R]):
    """An app in which a step of a game's tab that fails as it is taken (its form cannot
    open) costs that step, said as `guard` says it, never the session: Textual quits on it."""

    async def run_action(self, action: str | actions.ActionParseResult,
                         default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if not isinstance(default_namespace, StepPane) or not isinstance(action, str):
                raise
            guard.caught(default_namespace,
                         f"The step {default_namespace._description(action)}", error)
            return True

