"""The one base of every dialog the app opens over a tab (a form, a note, a question, the
help): a modal screen that is not styled twice as it first shows, and that keeps what was
typed while it opened.

Keys typed between the key that opens a dialog and the dialog putting the keyboard on its
first field (tens of milliseconds: a quick typist, a pasted line, tmux) reached no widget
and were lost, so the name typed after `m` lost its first letters. The dialog keeps them and
gives them to the widget that first takes the keyboard, in the order typed; a dialog that
gives it to none by its first paint has them itself, as it would have had. Keys typed so
quickly that they reached the tab before the dialog was opened come back unused to the app
(`TypingAhead`), which gives them to the dialog.

Textual styles each widget as it is mounted, then, as the screen is first shown, the whole
screen again, though nothing has changed in between. With the styling of widgets not yet
mounted that the app skips (`GmScreenApp.update_styles`), a form of forty widgets opens in
about 85 ms of CPU here, where it took 110 to 120. Shown again later (a question above it
closed), it is restyled or not as Textual decides.

Nor is it laid out and drawn more than once as it first shows. Textual lays a screen out and
draws it the moment it is shown, before its widgets have had their Mount; each widget,
sized there for the first time, asks to be drawn again, and the screen is laid out and
drawn a second time once they are mounted. The dialog's first layout waits for the screen's
next update instead, its widgets mounted by then, and the drawing that follows it at once
answers those requests. And the screen behind a dialog is not drawn again, dimmed, at every
move of the keyboard from one field to the next: Textual repaints a whole screen as its
focus moves, though only the two widgets change (each repaints itself). With the form's own
share (`Form.AUTO_FOCUS`, its fields' first Changed), The Hanged Man's Edit form opened in
98 ms of CPU where it took 137, Fistful's Opposed in 132 where 147, every form of Fistful's
sample in 2.2 s where 2.6, the note dialog in 71 to 77 ms where 83 (medians of five to seven
processes each, in turns on a busy machine)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from textual import _time, events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button

from gmscreen.ui.dropdown import Dropdown
from gmscreen.ui.in_order import InOrder
from gmscreen.ui.keymap import bindings_as_set

R = TypeVar("R")


class DialogButton(InOrder, Button):
    """A dialog's button, which space presses as Enter does: as in most programs a Dealer
    knows (Textual's Button takes Enter alone, and space on it did nothing). Each sends or
    closes its dialog, so the keys typed after the key that presses it wait for that
    (`Dialog.took_first`): they go on to the tab under the dialog closed, where Tab to
    Cancel, space, 1 and e typed in one burst lost the 1 and the e."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "press", "Press the button", show=False)]

    def pressed_by(self, key: events.Key) -> bool:
        return any(binding.action == "press"
                   for binding in bindings_as_set(self).key_to_bindings.get(key.key, ()))


def field_keys(scope: str) -> list[Binding]:
    """Tab and shift+tab for a dialog of fields (ids `scope.next`, `scope.previous`), run
    at once, not after the field has had the key: the letters typed next (quickly, or
    pasted) go to the next field, not run on in this one (a note's names went into its
    text). Not before a widget has the keyboard: a Tab then waits its turn behind the
    letters typed ahead (`Dialog.check_action`)."""
    return [Binding("tab", "next_field", "Next field", id=f"{scope}.next", priority=True,
                    show=False),
            Binding("shift+tab", "next_field(-1)", "Previous field", id=f"{scope}.previous",
                    priority=True, show=False)]


class Dialog(ModalScreen[R]):
    #: the widget with the keyboard; its moves repaint the two widgets concerned, not the
    #: whole screen (Textual's own repaints it, and the tab behind is drawn anew, dimmed)
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    #: shown once already, its widgets styled since they were mounted
    _resumed = False
    #: the first layout was asked for, and waits for the screen's next update
    _layout_waited = False
    #: laid out and drawn once
    _laid_out = False
    #: a widget has had the keyboard (or the dialog was first painted without one)
    _keyboard_given = False
    #: the keys typed before then, in order
    _typed_ahead: tuple[events.Key, ...] = ()
    #: what is done with the answer as the dialog closes (`answer_to`)
    _answered: Callable[[R | None], None] | None = None

    def answer_to(self, answered: Callable[[R | None], None]) -> Dialog[R]:
        """Have `answered` called with what the dialog gives back as it closes.

        Not the callback of `push_screen`: Textual runs that through whatever was handling a
        message when the dialog was pushed, and a dialog pushed once another had closed (a
        second form asked after a first one was sent with Enter) had it run by that first
        dialog, gone by then: it never ran, and what the second form sent was lost."""
        self._answered = answered
        return self

    def unsent(self) -> str | None:
        """What the Dealer typed here and has not sent, named ("the note"), or None: asked
        before the app quits, which would lose it."""
        return None

    #: dismissed: a key still on its way to a field (Enter tapped twice) closes it no more
    closed = False

    def dismiss(self, result: R | None = None) -> AwaitComplete:
        if self.closed:
            # the second Enter of a double tap, sent by the field after the first closed
            # the dialog: popped again, it took the app's last screen and quit the app
            return AwaitComplete()
        self.closed = True
        answered, self._answered = self._answered, None
        closed = super().dismiss(result)
        if answered is not None:
            answered(result)
        self._after_sending()
        return closed

    async def _on_resize(self, event: events.Resize) -> None:
        # Textual sends a screen, once laid out the first time, a Resize of the size it was
        # just laid out at, and lays it out again, with every screen behind it: a third of
        # the time a form took to open, for nothing (the terminal's own resizes go on)
        if event.size == self._compositor.size:
            event.prevent_default()
            event.stop()

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        if self._laid_out:
            super()._refresh_layout(size, scroll)
            return
        if not self._layout_waited:
            # asked as the dialog is shown, before its widgets are mounted: with the
            # screen's next update instead (the module's docstring)
            self._layout_waited = True
            self.refresh(layout=True)
            return
        # the whole screen, at the terminal's size (a screen not yet laid out has none of
        # its own), though a scroll alone was asked for: nothing was laid out yet
        super()._refresh_layout(size or self.app.size, scroll=False)
        if not self._compositor.widgets:
            return  # no size to lay out at yet
        self._laid_out = True
        # Each widget, sized just now for the first time, asked to be drawn again; the whole
        # screen was drawn right after, at those sizes, and answered them all. Asks made
        # since (a widget's own change) are not these, and are drawn as they come.
        for widget in self._compositor.widgets:
            widget._repaint_required = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.closed = False  # shown again (a dialog kept and asked once more)
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
            self.call_after_refresh(self._give_keyboard)

    def took_first(self, field: Widget, key: events.Key) -> bool:
        """Take `key`, come to `field` in the order typed, before the field does (True:
        taken). A key that sends or closes the dialog (`sends_by`) reaches the dialog by a
        message, or back up through the app, after the field has taken the keys typed
        behind it: those are kept till it has, then passed on to the screen under the
        dialog closed, or given to the field the dialog refused (`_after_sending`)."""
        held_back = getattr(key, "held_back", False)
        if held_back:
            self._coming_back = max(0, self._coming_back - 1)
        if self.closed:
            self.app.post_message(typed_again(key))
            return True
        if held_back:
            if not self._coming_back and self._held_back and not self._catching_up:
                self._send_back()  # those come meanwhile: behind this one
        elif field not in self._catching_up and (
                self._catching_up or self._coming_back or self._held_back):
            self._held_back += ((field, typed_again(key)),)
            return True
        if self._sending:
            self._after_send += (typed_again(key),)
            return True
        if self.sends_by(field, key) or (isinstance(field, DialogButton)
                                         and field.pressed_by(key)):
            self._sending = True
            # a send that never comes (a refusal of the key itself) keeps nothing for ever
            self._send_awaited = self.set_timer(HOLD_AT_MOST, self._after_sending)
        key.came_to = field  # type: ignore[attr-defined]  # (`TypingAhead.on_key`)
        return False

    def sends_by(self, field: Widget, key: events.Key) -> bool:
        """Whether `key`, come to `field`, sends or closes the dialog."""
        return False

    #: a key that sends the dialog is on its way to it (`took_first`)
    _sending = False
    #: the keys typed after it meanwhile
    _after_send: tuple[events.Key, ...] = ()
    #: the wait for the send under way, at most `HOLD_AT_MOST`
    _send_awaited: Timer | None = None

    def _after_sending(self) -> None:
        """The send is done (or never came): the keys kept behind it go on, to the screen
        under the dialog closed, or to the field of the dialog still open."""
        if self._send_awaited is not None:
            # its wait ends here: left running, it would end the wait of a later send early
            self._send_awaited.stop()
            self._send_awaited = None
        kept, self._after_send = self._after_send, ()
        self._sending = False
        for key in kept:
            if self.closed:
                self.app.post_message(key)
            else:
                self._deliver(key)

    def type_ahead(self, key: events.Key) -> None:
        """A key typed for this dialog, perhaps before it opened: to the widget with the
        keyboard, or kept for the first to take it."""
        typed = typed_again(key)
        if self._keyboard_given:
            self._deliver(typed)
        else:
            self._typed_ahead += (typed,)

    def _deliver(self, key: events.Key) -> None:
        # Tab moves on at once: sent to the widget, it would come back to the app to move
        # the focus only after the keys behind it had gone to the field it leaves
        if key.key in ("tab", "shift+tab"):
            self.action_next_field(1 if key.key == "tab" else -1)
        else:
            (self.focused or self)._forward_event(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_field":
            return self._keyboard_given  # before, a Tab waits its turn behind the letters
        return True

    #: fields left by Tab that have still to take the keys typed into them before it,
    #: with how many Tabs left each
    _catching_up: Mapping[Widget, int] = MappingProxyType({})
    #: keys come meanwhile to the field Tab moved to, with that field, in the order typed
    _held_back: tuple[tuple[Widget, events.Key], ...] = ()
    #: keys of `_held_back` sent on that have not come round yet
    _coming_back = 0
    #: the wait for the fields left to catch up, at most `HOLD_AT_MOST`
    _catch_up_ends: Timer | None = None

    def action_next_field(self, step: int = 1) -> None:
        """The keyboard to the next widget (or, -1, the one before); an open drop-down
        left takes its highlighted line first.

        At once (a priority key), so the keys typed next go to the next field; but those
        wait until the field left has taken the keys typed into it before the Tab: each
        field takes its keys in its own turn, and the next field's could overtake the
        last (space, shift+tab, space on two boxes that follow each other ticked both
        where typed slowly they unticked both)."""
        left = self.focused
        if isinstance(left, Dropdown):
            left.take_highlighted()
            # and again in its turn: letters typed into it just before the Tab (a burst,
            # "v", "Wyatt", Tab) may not have opened and searched its list yet, and the
            # Tab left the voter unchosen. Asked before the keyboard leaves it, so before
            # the leaving closes the list
            left.call_later(left.take_highlighted)
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()
        if left is not None and left is not self.focused:
            # behind the keys already sent to it
            if not left.call_later(self._caught_up, left):
                return  # gone: nothing is on its way to it
            self._catching_up = {**self._catching_up, left: self._catching_up.get(left, 0) + 1}
            if self._catch_up_ends is None:
                # a field removed meanwhile never gets there: the keys wait no longer
                self._catch_up_ends = self.set_timer(HOLD_AT_MOST, self._wait_no_longer)

    def _caught_up(self, left: Widget) -> None:
        more = self._catching_up.get(left, 0) - 1
        self._catching_up = {field: count for field, count in
                             {**self._catching_up, left: more}.items() if count > 0}
        if not self._catching_up:
            self._send_back()

    def _wait_no_longer(self) -> None:
        self._catch_up_ends = None
        self._catching_up, self._coming_back = {}, 0
        self._send_back()

    def _send_back(self) -> None:
        """Send the keys held back on to their fields, in the order typed: any key come to
        a field before these have is held behind them in its turn."""
        if not self._catching_up and self._catch_up_ends is not None:
            self._catch_up_ends.stop()
            self._catch_up_ends = None
        held, self._held_back = self._held_back, ()
        for field, key in held:
            key.held_back = True  # type: ignore[attr-defined]
            # as the app sends a key on: one the field leaves (ctrl+s) goes up to the app's
            # bindings, not taken there for a key newly typed and sent round again
            key._set_forwarded()
            if field.post_message(key):
                self._coming_back += 1

    def _forward_event(self, event: events.Event) -> None:
        # the app sends a key to the screen itself while no widget has the keyboard
        if isinstance(event, events.Key) and not self._keyboard_given and not event.is_forwarded:
            event._set_forwarded()
            self.type_ahead(event)
            return
        super()._forward_event(event)

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True,
                  from_app_focus: bool = False) -> None:
        super().set_focus(widget, scroll_visible, from_app_focus)
        if self.focused is not None:
            self._give_keyboard()

    @property
    def ready(self) -> bool:
        """A widget has had the keyboard (or the dialog was painted without one): the keys
        typed from now on go where they are meant, none kept back."""
        return self._keyboard_given

    def _give_keyboard(self) -> None:
        if self._keyboard_given:
            return
        self._keyboard_given = True
        typed, self._typed_ahead = self._typed_ahead, ()
        for key in typed:
            self._deliver(key)


def typed_again(key: events.Key) -> events.Key:
    """A new key event for `key`, to be sent on as if typed now (an event once handled is
    spent: its stops and marks go with it)."""
    return events.Key(key.key, key.character)


def _on_its_way(key: events.Key, now: float) -> bool:
    """Whether `key` may still come back to the app: not come back yet, not taken by a
    widget (a field typed into marks it so), and typed lately (another key a widget kept
    never comes; Textual marks a key stopped on its way up too, so that mark does not tell)."""
    return (not getattr(key, "came_back", False) and not key._no_default_action
            and now - key.time < HOLD_AT_MOST)


def answer_in_turn(key: events.Key, answer: Callable[[], bool]) -> None:
    """Have the app `answer` a key (True: answered, nothing else to do with it) when it
    comes to it in the order typed, unless a dialog opened since, which has it instead.

    For a tab's own reply to a key (a step refused): a key passes the tab before the app
    has run the binding of the key typed before it, which may open a dialog."""
    key.answer_in_turn = answer  # type: ignore[attr-defined]


#: how long a key typed into a dialog waits, at most, behind keys typed before it that are
#: still on their way back from the screen the dialog covered (one the tab kept never comes)
HOLD_AT_MOST = 0.5


class TypingAhead(App[R]):
    """An app whose dialogs have the keys typed for them before they were up, in the order
    typed.

    A key typed on a tab goes to the tab's widget and, unused, back up to the app, which
    gives it to a dialog opened since; a key typed once the dialog is up goes straight to
    the dialog's field, a shorter way. A machine slower than the typist had the later keys
    overtake the earlier ("Zeke owes" typed after `n` was saved as "Ze eokwes"): a key
    typed into a dialog while keys typed before it are still on their way is held until
    they have come, or for `HOLD_AT_MOST`."""

    #: the keys typed lately that may still be on their way back to the app
    _typed: tuple[events.Key, ...] = ()
    #: keys typed into a dialog held behind keys typed before them (`_hold`)
    _held: tuple[events.Key, ...] = ()
    #: keys sent on from `_held` not yet come round to the app again
    _releasing = 0

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not self.screen_stack:
            return  # a key still queued while the app closes: nothing is left to take it
        if isinstance(event, events.Key) and event.is_forwarded:
            event.came_back = True  # type: ignore[attr-defined]
        elif isinstance(event, events.Key):
            screen = self.screen
            if getattr(event, "released", False):
                self._releasing -= 1
            elif self._held or self._releasing or (isinstance(screen, Dialog)
                                                   and self._behind(screen)):
                self._hold(event)
                return
            # the screen a key was typed on, to know one that comes back unused from a tab
            # a dialog has covered since
            event.typed_on = screen  # type: ignore[attr-defined]
            self._typed = (*(k for k in self._typed if _on_its_way(k, event.time)), event)
            if not self._releasing and self._held:
                self._release()  # those typed while the held ones went on: behind them
            await super().on_event(event)
            if not event.is_forwarded:
                event.came_back = True  # type: ignore[attr-defined]  # the app's own key
            return
        await super().on_event(event)

    def _behind(self, screen: Screen[Any]) -> bool:
        """Whether keys typed on another screen than `screen` are still on their way."""
        now = _time.get_time()
        return any(getattr(k, "typed_on", None) is not screen and _on_its_way(k, now)
                   for k in self._typed)

    def _hold(self, key: events.Key) -> None:
        """Keep `key` until the keys typed before it have come (`_release`), or for
        `HOLD_AT_MOST`."""
        if not self._held:
            self._hold_ends = self.set_timer(HOLD_AT_MOST, self._release_in_time)
        self._held += (key,)

    #: the end of the wait of the keys held now, at most `HOLD_AT_MOST`
    _hold_ends: Timer | None = None

    def _release_in_time(self) -> None:
        # whatever is still awaited (a key a widget kept, one the app let fall), the keys
        # typed since wait no longer
        self._releasing = 0
        if self._held:
            self._release()

    def _release(self) -> None:
        """Send the keys held on, in the order typed, as if typed now: behind any key
        already on its way to the app, so those are held in their turn until these pass."""
        if self._hold_ends is not None:
            # this hold's wait ends here: left running, it would cut short the next hold's
            self._hold_ends.stop()
            self._hold_ends = None
        held, self._held = self._held, ()
        self._releasing += len(held)
        for key in held:
            again = typed_again(key)
            again.released = True  # type: ignore[attr-defined]
            self.post_message(again)

    async def on_key(self, event: events.Key) -> None:
        screen = self.screen
        came_to = getattr(event, "came_to", None)
        if came_to is not None and came_to is not screen.focused:
            # a key a dialog's field did not take, come up after the keyboard had left the
            # field: the bindings of that field and its dialog's, not of the widget with the
            # keyboard now (Textual looks there: a Backspace typed into a list before Tab, s
            # deleted the s typed after it in the next field); and none once the dialog has
            # closed (a 1 typed on Cancel before space pressed it showed the first tab)
            event.prevent_default()
            if screen in came_to.ancestors:
                await self._ran_binding_of(came_to, event)
            return
        typed_on = getattr(event, "typed_on", None)
        if typed_on is not None and typed_on is not screen and isinstance(screen, Dialog):
            # typed straight after the key that opened the dialog: the dialog's, where the
            # app's own keys would drop it
            event.prevent_default()
            screen.type_ahead(event)
            if self._held and not self._releasing and not self._behind(screen):
                self._release()  # the keys typed after it follow it now
            return
        answer = getattr(event, "answer_in_turn", None)
        if answer is not None and typed_on is screen and answer():
            event.prevent_default()

    async def _ran_binding_of(self, widget: Widget, key: events.Key) -> bool:
        """Run the binding of `key` that `widget` or a node above it has, as the app runs a
        key's binding for the widget with the keyboard (up to its dialog); whether one did."""
        for node in widget.ancestors_with_self:
            for binding in bindings_as_set(node).key_to_bindings.get(key.key, ()):
                if not binding.priority and await self.run_action(binding.action, node):
                    return True
            if node.is_modal:
                return False
        return False
