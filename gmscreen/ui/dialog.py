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

import itertools
from collections.abc import Awaitable, Callable
from functools import partial
from inspect import isawaitable
from typing import Any, ClassVar, NamedTuple, TypeVar

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
from gmscreen.ui.in_order import InOrder, ran_own_binding
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


class FieldsButton(Button):
    """Send or Cancel of a dialog of fields, for the mouse: the keyboard's Tab goes round the
    fields alone, Enter or ctrl+s sends and Escape cancels (the footer says so). With the
    buttons in the round, Tab from the last field came to Cancel, and the Enter (or the
    field's value) typed next closed the form unsent or was lost: three new Dealers, in
    three games, took that Tab from habit."""

    can_focus = False


def field_keys(scope: str) -> list[Binding]:
    """Tab and shift+tab for a dialog of fields (ids `scope.next`, `scope.previous`), taken
    by the dialog as they are typed, not after the field has had them: the letters typed
    next (quickly, or pasted) wait for the move and go to the next field, not run on in
    this one (a note's names went into its text). The move itself comes in its turn
    (`Dialog.action_next_field`). Not before a widget has the keyboard: a Tab then waits
    its turn behind the letters typed ahead (`Dialog.check_action`)."""
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
        if self._moves or self._held_back:
            # typed for the screen under it: on to the app, behind the keys typed before
            # them that the field with the keyboard has still to send on
            (self.focused or self).call_later(self._send_on_unmoved)
        return closed

    def _send_on_unmoved(self) -> None:
        if self._move_ends is not None:
            self._move_ends.stop()
            self._move_ends = None
        unmoved = sorted((*(move.key for move in self._moves), *self._held_back),
                         key=lambda key: order_of(key) or 0)
        self._moves, self._held_back = (), ()
        for key in unmoved:
            self.app.post_message(key)

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
        if self.closed:
            self.app.post_message(typed_again(key))
            return True
        order = order_of(key)
        if self._moves and order is not None and order > self._moves[0].order:
            # typed after a Tab not yet acted on: for the field it moves to
            self._held_back += (typed_again(key),)
            return True
        if order is not None and order > self._moved_at and field is not self.focused:
            # typed after the Tab, sent to the field it left before it had moved: to the
            # field it moved to, and the next Tab waits behind it there
            self._deliver_now(typed_again(key))
            if self._moves:
                self._wait_for_field_left()
            return True
        if self._sending:
            self._after_send += (typed_again(key),)
            return True
        if self.moved_on(field) and order is not None:
            # the change the key before made moved the keyboard on: this key and those
            # typed after it are the field's it moved to, as when typed one by one ("o",
            # space, Enter on Dust's vote picked the voter, and the Enter, still the
            # voter's, sent the vote blank where one by one it opened "Votes for")
            self._moved_at = max(self._moved_at, order - 1)
            self._deliver_now(typed_again(key))
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

    def moved_on(self, field: Widget) -> bool:
        """Take in the change the key before made, if its word has not come yet, as a key
        comes to `field`: whether taking it in moved the keyboard on."""
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
        if self._moves and not self.closed:
            self._wait_for_field_left()  # refused: the moves typed after the send go on

    def type_ahead(self, key: events.Key) -> None:
        """A key typed for this dialog, perhaps before it opened: to the widget with the
        keyboard, or kept for the first to take it."""
        typed = typed_again(key)
        if self._keyboard_given:
            self._deliver(typed)
        else:
            self._typed_ahead += (typed,)

    def _deliver(self, key: events.Key) -> None:
        # Tab is the dialog's: sent to the widget, it would come back to the app to move
        # the focus only after the keys behind it had gone to the field it leaves
        if key.key in ("tab", "shift+tab"):
            self.move_typed(partial(self._next_field, 1 if key.key == "tab" else -1), key)
        else:
            (self.focused or self)._forward_event(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_field":
            return self._keyboard_given  # before, a Tab waits its turn behind the letters
        return True

    #: the moves typed (Tab, shift+tab, alt and a label's letter) not yet made
    _moves: tuple[TypedMove, ...] = ()
    #: keys typed after the first of `_moves`, in the order typed
    _held_back: tuple[events.Key, ...] = ()
    #: the place in the order typed of the last move made
    _moved_at = -1
    #: the move waited for now (a later call for an earlier wait does nothing)
    _move_awaited = 0
    #: the wait for the field left to take its keys, at most `HOLD_AT_MOST`
    _move_ends: Timer | None = None

    def action_next_field(self, step: int = 1) -> None:
        """The keyboard to the next widget (or, -1, the one before), in its turn: once the
        field left has taken the keys typed into it before the Tab, and worked out then
        (a choice typed just before may move the cursor on: Dust's gift, "m", down to
        [Doc] Holliday, who has one item to give, Tab, "Wya" put the letters in the Item
        field, the Tab worked out before the pick). The keys typed after the Tab wait for
        the move: they are the next field's.

        A Tab comes to the dialog as it is typed (a priority key): come in its turn behind
        the field's keys, the letters typed after it had gone to the field it leaves."""
        self.move_typed(partial(self._next_field, step), self.app_key_now())

    def app_key_now(self) -> events.Key | None:
        """The key the app is taking now, whose binding runs (`TypingAhead.key_now`)."""
        return getattr(self.app, "key_now", None)

    def move_typed(self, move: Callable[[], None], key: events.Key | None) -> None:
        """`move` the keyboard, as `key` typed asks, in its turn: once the field with the
        keyboard has taken the keys typed before, the keys typed after waiting for it."""
        order = order_of(key)
        if key is None or order is None:  # not typed (the palette, a test): at once
            move()
            return
        self._moves += (TypedMove(move, typed_again(key), order),)
        if len(self._moves) == 1:
            self._wait_for_field_left()

    def _wait_for_field_left(self) -> None:
        if self._move_ends is not None:
            self._move_ends.stop()
        self._move_awaited += 1
        awaited = self._move_awaited
        left = self.focused
        if left is None or not left.call_later(self._move, awaited):
            self.call_later(self._move, awaited)
        # a field removed meanwhile never gets there: the keys wait no longer
        self._move_ends = self.set_timer(HOLD_AT_MOST, lambda: self._move(awaited))

    def _move(self, awaited: int) -> None:
        if awaited != self._move_awaited or not self._moves or self._sending:
            return  # a send on its way first: it may close the dialog (`_after_sending`)
        if self._move_ends is not None:
            self._move_ends.stop()
            self._move_ends = None
        (move, _, self._moved_at), self._moves = self._moves[0], self._moves[1:]
        left = self.focused
        self.take_in(left)
        move()
        self.take_in(left)  # an open list left takes its highlighted line as it goes
        until = self._moves[0].order if self._moves else None
        now = tuple(key for key in self._held_back
                    if until is None or (order_of(key) or 0) < until)
        self._held_back = self._held_back[len(now):]
        for key in now:
            self._deliver_now(key)
        if self._moves:
            self._wait_for_field_left()  # behind the keys just given to the field

    def take_in(self, field: Widget | None) -> None:
        """What `field` has done, worked out as it would be had each key been let land
        before the next, before and after a move typed takes the keyboard from it (a
        form's `on_change`: `Form.take_in`)."""

    def _deliver_now(self, key: events.Key) -> None:
        # as the app sends a key on: one the field leaves (ctrl+s) goes up to the app's
        # bindings, not taken there for a key newly typed and sent round again
        key._set_forwarded()
        (self.focused or self).post_message(key)

    def leave_field(self, to: Widget | None = None) -> None:
        """Let go of the field with the keyboard, as the keyboard moves on (to `to`) or the
        dialog is sent: an open drop-down takes its highlighted line ("Calam" then ctrl+s
        sent no vote, Calamity highlighted in sight)."""
        left = self.focused
        if isinstance(left, Dropdown) and left is not to:
            left.take_highlighted()

    def _next_field(self, step: int) -> None:
        self.leave_field()
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

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


#: each key's place in the order typed, given as the app first takes it
_ORDER = itertools.count()


def order_of(key: events.Key | None) -> int | None:
    """`key`'s place in the order typed (None: not typed, or not yet come to the app)."""
    return getattr(key, "order", None)


def typed_again(key: events.Key) -> events.Key:
    """A new key event for `key`, to be sent on as if typed now (an event once handled is
    spent: its stops and marks go with it), keeping its place in the order typed."""
    again = events.Key(key.key, key.character)
    again.order = order_of(key)  # type: ignore[attr-defined]
    return again


class TypedMove(NamedTuple):
    """A move of the keyboard typed (Tab, shift+tab, alt and a label's letter), waiting
    its turn (`Dialog.move_typed`)."""

    move: Callable[[], None]
    #: the key that asked for it, sent on if the dialog closes before it is made
    key: events.Key
    #: its place in the order typed
    order: int


def _on_its_way(key: events.Key, now: float) -> bool:
    """Whether `key` may still come back to the app: not come back yet, not taken by a
    widget (a field typed into marks it so), and typed lately (another key a widget kept
    never comes; Textual marks a key stopped on its way up too, so that mark does not tell)."""
    return (not getattr(key, "came_back", False) and not key._no_default_action
            and now - key.time < HOLD_AT_MOST)


#: a reply to a key: True when it answered the key (nothing else is to be done with it),
#: or the step that answers it, awaited in the key's turn (True once done)
Reply = bool | Awaitable[bool]


def answer_in_turn(key: events.Key, answer: Callable[[], Reply]) -> None:
    """Have the app `answer` a key when it comes to it in the order typed, unless a dialog
    opened since, which has it instead.

    For a tab's own reply to a key (a step refused, a quiet one done): a key passes the tab
    before the app has run the binding of the key typed before it, which may open a dialog.
    Answers asked for by more than one widget are asked in the order the key passed them,
    until one answers (a hand turned face down, then the step refused). A step an answer
    takes is done in the key's turn: the keys typed after it wait for it ("v2" showed tab
    2, and then the Devil rating's form over it, without the 2)."""
    key.answers = (*getattr(key, "answers", ()), answer)  # type: ignore[attr-defined]


async def answered(key: events.Key) -> bool:
    """Ask `key`'s answers (`answer_in_turn`) in turn until one answers: whether one did."""
    for answer in getattr(key, "answers", ()):
        if await settled(answer()):
            return True
    return False


async def settled(reply: Reply) -> bool:
    """A reply to a key, its step awaited if it is one: whether the key is answered."""
    return await reply if isawaitable(reply) else reply


class AnswersKeys:
    """Mixed into a widget that answers keys its bindings pass on silently (a step refused,
    a quiet one done, a line that is no note): `answer`, asked in the key's turn of the
    widgets around the keyboard then (`answer_around_keyboard`)."""

    def answer(self, key: str) -> Reply:
        """Answer `key` now (True: answered, nothing else to do with it), or give the step
        that answers it, to be awaited in the key's turn."""
        return False


def answer_around_keyboard(key: events.Key, screen: Screen[Any]) -> None:
    """Have the widgets around the keyboard on `screen` that answer keys (`AnswersKeys`)
    answer `key`, the innermost first, when the app comes to it in the order typed
    (`answer_in_turn`); asked for once, by the first widget the key passes that asks.

    Around the keyboard then, not the widgets the key passed: a key typed straight after
    one that opens a dialog would be refused before the dialog was up, and keys typed in
    one burst all go to the widget with the keyboard as the first comes ("1v" sent the v
    to the tab left, and the Hanged Man's Devil rating, a quiet step, was never asked)."""
    if getattr(key, "answer_asked", False):
        return
    key.answer_asked = True  # type: ignore[attr-defined]

    async def answer() -> bool:
        focused = screen.focused
        for node in focused.ancestors_with_self if focused is not None else ():
            if isinstance(node, AnswersKeys) and await settled(node.answer(key.key)):
                return True
        return False

    answer_in_turn(key, answer)


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

    #: the key the app is taking now, as it comes (a priority key's action reads it)
    key_now: events.Key | None = None
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
            if order_of(event) is None:
                event.order = next(_ORDER)  # type: ignore[attr-defined]
            self._typed = (*(k for k in self._typed if _on_its_way(k, event.time)), event)
            if not self._releasing and self._held:
                self._release()  # those typed while the held ones went on: behind them
            self.key_now = event
            try:
                await super().on_event(event)
            finally:
                self.key_now = None
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
                await self._run_binding_of(came_to, event)
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
        if typed_on is screen and await answered(event):
            event.prevent_default()

    @staticmethod
    async def _run_binding_of(widget: Widget, key: events.Key) -> None:
        """Run the binding of `key` that `widget` or a node above it has, as the app runs a
        key's binding for the widget with the keyboard (up to its dialog)."""
        for node in widget.ancestors_with_self:
            if await ran_own_binding(node, key) or node.is_modal:
                return
