"""The one form every game's dialogs are made of.

A form is a modal list of fields, keyboard first: tab moves between fields, Enter in a
one-line field sends (as does ctrl+s from anywhere, and the Send button), Escape cancels.
What the form sends is put to the rules before it closes (see `ask`): a refusal is shown in
the bar docked at the form's foot as "Rule: why", the cursor goes to the field the rule
names, and everything typed stays there to be put right. The bar goes once that field (or,
when the rule named none, any field) is changed. A form taller than the screen scrolls its
fields while the foot (the focused field's explanation, the refusal, the buttons) stays in
sight, so Send is always reachable at 80x24.

Field kinds, each made by the function of its name: `text`, `number`, `choose` (a drop-down
select), `one_of` (a few choices side by side), `many` (a list to tick), `check`, `cards`
and `dice` (typed from the table's own, blank for the app to draw), `area` (several lines)
and `pick` (a list where Enter picks and sends). A field's `about` is shown under the form
while it has the focus; in a form where some fields are explained, a field with nothing of
its own to say says there how a field of its kind is filled in. Text from the journal or a
player (names in the choices, values) is shown as text, never read as markup.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    Select,
    SelectionList,
    Static,
)
from textual.widgets.input import Selection
from textual.widgets.option_list import Option

from gmscreen.core.cards import Card, parse_cards
from gmscreen.core.dice import parse_faces
from gmscreen.core.names import draw_name
from gmscreen.core.text import controls_in, plural, unseen_in
from gmscreen.games import names_in, words_in
from gmscreen.glossary import Word, find, gmscreens_words
from gmscreen.journal.rules import RuleError
from gmscreen.journal.tomlfmt import LARGEST_INT
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.dialog import Dialog, FieldsButton, field_keys
from gmscreen.ui.dropdown import Dropdown
from gmscreen.ui.in_order import InOrderInput
from gmscreen.ui.keymap import bindings_as_set, key_in_words
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.pane import GamePane
from gmscreen.ui.pick_list import FoundByLetters, PickList, labels_of
from gmscreen.ui.tick import Tick

if TYPE_CHECKING:
    from textual.widgets import TextArea  # made in `in_order_area`, imported when first used

#: the form's widest, and what its border, padding and a scroll bar take of it
_WIDEST, _FRAME = 78, 6
#: a screen at least this wide has room for a wider form (`_WIDER` columns), whose lists
#: and explanations are cut less: a list's line had 49 columns on a 200-column screen
_WIDE_SCREEN, _WIDER = 120, 104

Kind = Literal["text", "number", "select", "one", "many", "check", "cards", "dice", "area",
               "pick"]
Options = tuple[tuple[str, str], ...]
Value = str | bool | tuple[str, ...]
#: what the box under the fields says: the highlighted choice's own words ("" for none),
#: then its field's
_About = tuple[str, str]


@dataclass(frozen=True)
class Field:
    """One field: `key` names it in the values and in a rule's refusal; `options` are
    (label, value) pairs for the kinds that choose."""

    key: str
    label: str
    kind: Kind = "text"
    options: Options = ()
    value: Value = ""
    #: what the field means, shown under the form while it has the focus
    about: str = ""
    placeholder: str = ""
    #: for a text field: draws a value for it (ctrl+r), such as a name for a new NPC
    suggest: Callable[[], str] | None = None
    #: typed out of sight (dots), for what one player types unseen by the others
    secret: bool = False
    #: for a drop-down: one of its choices must stay chosen ("(none)" is not offered)
    required: bool = False
    #: for a list or choices side by side: (value, words) saying what a choice means,
    #: shown under the form while it is the one highlighted, where its line has no room
    about_each: tuple[tuple[str, str], ...] = ()


#: how a field of each kind is filled in, said under a field that has no explanation of its
#: own and no glossary entry for its label: an empty box opened under it
HOW_TO_FILL: dict[Kind, str] = {
    "text": "Type it in; Enter sends the form, Tab goes on to the next field.",
    "number": "A whole number; Enter sends the form, Tab goes on to the next field.",
    "select": "Letters typed open the list at a choice that holds them; Enter takes the "
              "line highlighted (Enter again sends the form), Tab takes it and goes on.",
    "one": "The arrows choose, as do letters typed; Enter sends the form.",
    "many": "Letters typed find a line; space ticks or unticks it; Enter sends the form.",
    "check": "Space ticks or unticks it; Enter sends the form.",
    "cards": "The cards as the table has them: As Kd 10h Joker, by spaces or commas; the "
             "words in an empty box say what a blank means.",
    "dice": "The faces as the table rolled them: 3 5 6, by spaces; the words in an empty "
            "box say what a blank means.",
    "area": "Several lines; ctrl+s sends the form.",
    "pick": "Letters typed find a line; Enter takes the line highlighted and sends.",
}


#: a letter with alt takes the keyboard to its field: the form's foot says so once
LETTER_KEYS_HINT = "alt+underlined letter: to that field"


#: letters alt cannot bring from a terminal (`field_letters`)
_NOT_LETTER_KEYS = ("b", "f")


def field_letters(labels: Sequence[str]) -> list[int | None]:
    """For each label, where in it stands its field's letter (alt and that letter take the
    keyboard there): the first letter of one of its words not taken by a field above it,
    else any letter of it not taken; None where each is taken. Letters a to z alone, which
    every keyboard types with alt, but b and f: a terminal sends alt+b and alt+f as the
    keys that move a word back and on (Textual reads them so), never as letters."""
    taken = set(_NOT_LETTER_KEYS)
    found: list[int | None] = []
    for label in labels:
        starts = [m.start() for m in re.finditer(r"\b[A-Za-z]", label)]
        rest = [i for i, c in enumerate(label) if c.isascii() and c.isalpha()]
        place = next((i for i in (*starts, *rest) if label[i].lower() not in taken), None)
        if place is not None:
            taken.add(label[place].lower())
        found.append(place)
    return found


def with_letter(label: str, place: int | None) -> Text:
    """`label` with its field's letter underlined (as a desktop form marks its own)."""
    shown = Text(label)
    if place is not None:
        shown.stylize("underline", place, place + 1)
    return shown


def _pairs(options: Sequence[str | tuple[str, str]]) -> Options:
    return tuple((o, o) if isinstance(o, str) else (o[0], o[1]) for o in options)


def text(key: str, label: str, value: str = "", *, about: str = "", placeholder: str = "",
         suggest: Callable[[], str] | None = None, secret: bool = False) -> Field:
    """A line of text; with `suggest`, ctrl+r in it draws a value (a name for an NPC);
    `secret`, typed as dots."""
    if suggest is not None and not placeholder:
        placeholder = "ctrl+r draws one"
    return Field(key, label, "text", (), value, about, placeholder, suggest, secret)


def number(key: str, label: str, value: int | str = "", *, about: str = "",
           placeholder: str = "") -> Field:
    """A whole number (read with `Values.number`, which names the field when it is not one)."""
    return Field(key, label, "number", (), str(value), about, placeholder)


def choose(key: str, label: str, options: Sequence[str | tuple[str, str]], value: str = "",
           *, about: str = "", required: bool = False) -> Field:
    """One of a list, in a drop-down select (Enter opens it); `required`, "(none)" is not
    among the choices (`value` must be one of them) unless there is none to choose."""
    return Field(key, label, "select", _pairs(options), value, about, required=required)


def one_of(key: str, label: str, options: Sequence[str | tuple[str, str]], value: str = "",
           *, about: str = "", about_each: Mapping[str, str] | None = None) -> Field:
    """One of a few short choices side by side, all in sight (arrows move, Enter or space
    presses): cheaper to build than a select and one key fewer to choose. `about_each`
    (a choice's value: what it means) is said under the form while that choice is the
    one taken."""
    return Field(key, label, "one", _pairs(options), value, about,
                 about_each=tuple((about_each or {}).items()))


def many(key: str, label: str, options: Sequence[str | tuple[str, str]],
         value: Sequence[str] = (), *, about: str = "",
         about_each: Mapping[str, str] | None = None) -> Field:
    """Several of a list, each at most once (space ticks); read in the list's order.
    `about_each` (a line's value: what it means) is said under the form while that line
    is highlighted."""
    return Field(key, label, "many", _pairs(options), tuple(value), about,
                 about_each=tuple((about_each or {}).items()))


def check(key: str, label: str, value: bool = False, *, about: str = "") -> Field:
    """A box to tick (space; Enter sends the form)."""
    return Field(key, label, "check", (), value, about)


def cards(key: str, label: str, value: str = "", *, about: str = "",
          placeholder: str = "blank: the app deals", secret: bool = False) -> Field:
    """Cards typed from the table's own deck ("As 10h Joker"); blank lets the app draw;
    `secret`, typed as dots (a hand one player types unseen by the others)."""
    return Field(key, label, "cards", (), value, about, placeholder, secret=secret)


def dice(key: str, label: str, value: str = "", *, about: str = "",
         placeholder: str = "blank: the app rolls") -> Field:
    """Dice faces typed from the table's own dice ("3 5 6"); blank lets the app roll."""
    return Field(key, label, "dice", (), value, about, placeholder)


def area(key: str, label: str, value: str = "", *, about: str = "") -> Field:
    """Several lines of text (Enter starts a new line; ctrl+s sends)."""
    return Field(key, label, "area", (), value, about)


def pick(key: str, label: str, options: Sequence[str | tuple[str, str]], value: str = "",
         *, about: str = "", about_each: Mapping[str, str] | None = None) -> Field:
    """One of a list shown whole: arrows or letters of a line move to it, Enter (or a
    double click) picks it and sends. `about_each` (a line's value: what it means) is
    said under the form while that line is highlighted."""
    return Field(key, label, "pick", _pairs(options), value, about,
                 about_each=tuple((about_each or {}).items()))




class Values(Mapping[str, Value]):
    """What the form holds when sent: str for most kinds, bool for `check`, a tuple of str
    for `many`. The readers below turn text into numbers, cards and dice, and refuse what
    cannot be read with a RuleError that names the field."""

    def __init__(self, raw: Mapping[str, Value], labels: Mapping[str, str]) -> None:
        self._raw = dict(raw)
        self._labels = dict(labels)

    def __getitem__(self, key: str) -> Value:
        return self._raw[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __repr__(self) -> str:
        return f"Values({self._raw!r})"

    def _label(self, key: str) -> str:
        # a refusal's rule: a label indented under another's reads without its indent
        return self._labels.get(key, key).strip()

    def text(self, key: str) -> str:
        """The field's text, without the spaces around it ("" for nothing chosen)."""
        value = self._raw.get(key, "")
        return value.strip() if isinstance(value, str) else ""

    def flag(self, key: str) -> bool:
        return self._raw.get(key) is True

    def chosen(self, key: str) -> tuple[str, ...]:
        value = self._raw.get(key, ())
        return value if isinstance(value, tuple) else ()

    def number(self, key: str, default: int | None = None, *, least: int | None = None,
               most: int | None = None) -> int:
        """The field as a whole number; blank gives `default` when there is one."""
        typed = self.text(key)
        if not typed and default is not None:
            return default
        try:
            if "_" in typed:  # Python's int() reads "1_0" as 10: a slip, not ten
                raise ValueError(typed)
            found = int(typed)
        except ValueError:
            said = f"{typed!r} is not a whole number" if typed else "a whole number is needed"
            raise RuleError(self._label(key), said, field=key) from None
        # the field's own range first: it says what the rule allows
        if least is not None and found < least:
            raise RuleError(self._label(key), f"at least {least}, not {found}", field=key)
        if most is not None and found > most:
            raise RuleError(self._label(key), f"at most {most}, not {found}", field=key)
        if abs(found) > LARGEST_INT:
            raise RuleError(self._label(key), f"{typed} is too large a number (a journal "
                            f"holds at most {LARGEST_INT:,} either way)", field=key)
        return found

    def cards(self, key: str, count: int | None = None) -> list[Card] | None:
        """The cards typed, or None when blank (the app draws); `count`, when given, is how
        many there must be."""
        typed = self.text(key)
        if not typed:
            return None
        try:
            found = parse_cards(typed)
        except ValueError as error:
            raise RuleError(self._label(key), str(error), field=key) from None
        if count is not None and len(found) != count:
            raise RuleError(self._label(key), f"{plural(count, 'card')} "
                            f"needed, {len(found)} typed", field=key)
        return found

    def faces(self, key: str, count: int | None = None, sides: int = 6
              ) -> tuple[int, ...] | None:
        """The dice faces typed, or None when blank (the app rolls); `count`, when given, is
        how many dice there must be."""
        typed = self.text(key)
        if not typed:
            return None
        try:
            found = parse_faces(typed, sides)
        except ValueError as error:
            raise RuleError(self._label(key), str(error), field=key) from None
        if count is not None and len(found) != count:
            raise RuleError(self._label(key), f"{count} {'die' if count == 1 else 'dice'} "
                            f"needed, {len(found)} typed", field=key)
        return found


def _as_sent(values: Values) -> Any:
    return values


class TickList(SelectionList[str], FoundByLetters):
    """A list to tick several in, showing a tick only beside what is ticked; "(none)" when
    there is nothing to tick, rather than a blank beside the label. Letters typed find a
    line, space ticks the line highlighted; Enter sends the form, as from any field but a
    list that opens."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Send", show=False),
    ]

    class Submitted(Message):
        """Enter in the list: the form is to be sent."""

        def __init__(self, ticks: TickList) -> None:
            super().__init__()
            self.ticks = ticks

        @property
        def control(self) -> TickList:
            return self.ticks

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))

    def action_select(self) -> None:
        # ticked as the space comes, not when Textual's word of it comes round: the keys
        # typed behind it acted first (a letter moved the highlight, and the tick landed
        # on the line it found; a send went without it)
        highlighted = self.highlighted
        if highlighted is not None and not self.get_option_at_index(highlighted).disabled:
            self._toggle_highlighted_selection()

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        # space ticks the line the letters found ("kit", space ticks Kit Hollis); it goes
        # on with the search only toward another line that holds it ("ma h", past Ma Barker
        # held, to Ma Hendry, is typed "hen")
        return self.searched.takes(character, lambda typed: None if (
            found := self.holding(typed)) == self.highlighted else found,
            labels_of(self.options), self.highlighted)

    def render_line(self, y: int) -> Strip:
        if not self.option_count:
            # one styled segment: Text's rendering ended in a bare newline with no style,
            # which Textual's filter without colour (NO_COLOR) could not read, and the app
            # ended (round 27)
            style = self.get_component_rich_style("option-list--option-disabled", partial=True)
            return Strip([Segment("(none)" if y == 0 else "", style)]).extend_cell_length(
                self.size.width, style)
        strip = super().render_line(y)
        segments = list(strip)
        index = self.scroll_offset.y + y
        if len(segments) < 4 or not 0 <= index < self.option_count:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment("✓" if ticked else " ", segments[1].style)
        return Strip(segments, strip.cell_length)


class _Foot(Vertical):
    """The form's foot: docked, so it stays at the bottom while the fields scroll, and last
    in the tab order (Textual orders by place on screen, which would put its buttons among
    the fields scrolled past it)."""

    @property
    def _focus_sort_key(self) -> tuple[int, int]:
        return sys.maxsize, 0

    def on_resize(self) -> None:
        # grown (a refusal, an explanation, a preview), the foot covers the box's last
        # lines: the field with the keyboard is brought back into sight above it, now that
        # the new height is laid out (scrolled before that, a refused field in a tall form
        # could end under the refusal that named it)
        box, focused = self.parent, self.screen.focused
        if (isinstance(box, VerticalScroll) and focused is not None
                and box in focused.ancestors and self not in focused.ancestors):
            box.scroll_to_widget(focused, animate=False, immediate=True)


class Form(Dialog[Any]):
    """The form. `check` turns the values into what the form gives back (a command),
    raising RuleError when they break a rule; the form then stays open with the refusal.

    `on_change`, when given, is called with the form whenever a field changes: it may
    `show_preview` a line (the odds, a price) or `set_options` of a field that depends on
    another. The preview stands under the fields, or in the docked foot with
    `preview_docked` (short, and always in sight)."""

    @property
    def AUTO_FOCUS(self) -> str:  # type: ignore[override]  # Textual's is the class's
        """The field the form opens on, which Textual gives the keyboard as the fields are
        mounted, so it is marked before the form is first drawn (given after, the form was
        drawn twice); Textual's own first focus, on the scroll box, was only taken away
        again, and each move of the focus restyled every widget of the form."""
        opening = self._opening_field()
        return f"#f-{opening.key}" if opening is not None else ""

    DEFAULT_CSS = """
    Form { align: center middle; }
    Form > #form-box {
        width: 78; max-width: 100%; height: auto; max-height: 100%;  /* _WIDEST */
        border: thick $primary; background: $surface; padding: 0 1;
    }
    Form.-wide-screen > #form-box { width: 104; }  /* _WIDER */
    Form #form-title { text-style: bold; color: $text-primary; width: 1fr; }
    Form .form-note { color: $text-muted; width: 1fr; }
    /* one grid of labels and fields, not a container a row: a form's opening time grows
       with its widgets */
    Form #form-fields {
        layout: grid; grid-size: 2; grid-columns: 20 1fr; grid-rows: auto; height: auto;
    }
    /* a label of twenty letters would run into its field */
    Form #form-fields > .form-label { width: 20; padding-right: 1; }
    /* the field the keys go to, plain to see: a card typed into the wrong one is lost (the
       label in the text's own colour: the accent's on its band read 2.9 to 1 in daylight) */
    Form #form-fields > .form-label.-current {
        color: $foreground; background: $accent-muted; text-style: bold;
    }
    /* without colour (NO_COLOR) the band was a grey among greys: yards typed into the
       field above the one meant */
    Form #form-fields > .form-label.-current:nocolor { text-style: bold reverse; }
    Form #form-fields > Input, Form #form-fields > Select, Form #form-fields > TextArea,
    Form #form-fields > SelectionList, Form #form-fields > OptionList {
        width: 1fr;
    }
    Form #form-fields > Checkbox { width: 1fr; border: none; padding: 0; }
    /* an example typed in for the Dealer is no value: it must not read as one */
    Form #form-fields > Input > .input--placeholder { color: $text-muted; text-style: italic; }
    Form #form-fields > TextArea { height: 5; }
    /* short enough that the highlighted choice of each list stays in sight at 80x24 */
    Form #form-fields > SelectionList, Form #form-fields > OptionList {
        height: auto; min-height: 1; max-height: 7; padding: 0;
    }
    /* a form that is one list may take half the screen: all ten of a gang at 80x24 */
    Form.-one-list #form-fields > SelectionList, Form.-one-list #form-fields > OptionList {
        max-height: 50vh;
    }
    Form #form-preview { color: $text-muted; width: 1fr; height: auto; min-height: 1; }
    /* docked: the explanation, a refusal and the buttons (and a docked preview) stay in
       sight while the fields scroll; one dock holds them all, as two docked at one edge
       would overlap */
    Form #form-foot { dock: bottom; height: auto; }
    /* the lines of the longest explanation under its rule (three at 80x24, `_about_room`) */
    Form #form-about { color: $text-muted; border-top: solid $primary; }
    /* a refusal of several fields is read whole: nine lines at 80x24 */
    Form #form-refusal {
        height: auto; max-height: 45vh; display: none;
        color: $text-error; background: $error-muted; border-top: solid $error;
    }
    Form #form-refusal.-shown { display: block; }
    Form #form-buttons { height: auto; align-horizontal: right; }
    Form #form-buttons > Button { margin-left: 2; }
    Form #form-letters { width: 1fr; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # not a priority: taken in the order typed, after the letters typed before it (a
        # priority binding ran first, and sent the field without them)
        Binding("ctrl+s", "send", "Send", id="form.send"),
        *field_keys("form"),
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+r", "suggest", "Draw one", id="form.suggest",
                tooltip="Draw a value for this field (a name made up for an NPC)"),
        # alt and a label's underlined letter: that field, straight from any other (a box
        # far down a form took a Tab for each field above it). Taken as typed, as Tab is: in
        # a field of text the letter would be typed. Not the Dealer's to move (no id): the
        # letters are the labels'
        *(Binding(f"alt+{letter}", f"to_field('{letter}')", show=False, priority=True)
          for letter in "acdeghijklmnopqrstuvwxyz"),
    ]

    def __init__(self, title: str, fields: Sequence[Field], *, note: str = "",
                 send_label: str = "Send", focus: str | None = None,
                 aliases: Mapping[str, str] | None = None,
                 on_change: Callable[[Form], None] | None = None,
                 preview_docked: bool = False,
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.note = note
        self.send_label = send_label
        #: the field the cursor starts in (the first, by default)
        self.first = focus
        #: a rule's name for a field -> the form's key for it, where the two differ
        self.aliases = dict(aliases or {})
        self.on_change = on_change
        #: the preview stands in the docked foot (a line or two that must stay in sight),
        #: not under the fields (where a long one, the odds of an attack, has the room)
        self.preview_docked = preview_docked
        #: called once a cancel has closed the form: the second step of two (a floating
        #: die's chooser) gives back the first's form, so nothing typed there is lost
        self.on_cancel = on_cancel
        self.check: Callable[[Values], Any] = _as_sent
        #: the field the refusal shown names ("" for none; None when nothing is refused)
        self.refused: str | None = None
        #: the refusal shown now ("" when none)
        self.refusal = ""
        self._keys = {f.key for f in self.fields}
        #: each field's letter, where in its label it stands (a form of one field has none:
        #: its field has the keyboard already)
        self._letter_at = dict(zip((f.key for f in self.fields),
                                   field_letters([f.label for f in self.fields])
                                   if len(self.fields) > 1 else [None] * len(self.fields),
                                   strict=True))
        self._field_by_letter = {f.label[place].lower(): f.key for f in self.fields
                                 if (place := self._letter_at[f.key]) is not None}
        #: the choices of fields whose options were set while the form is open
        self._options_now: dict[str, Options] = {}
        #: the explanation under the fields: the one of the field with the keyboard
        opening = self._opening_field()
        self._about_shown: _About = ("", self._about_for(opening) if opening is not None else "")
        #: the screen size the explanation box was fitted to (`on_resize`)
        self._fitted_to: Size | None = None
        #: what the fields held as the form opened (unsent typing is what differs)
        self._as_opened: Values | None = None
        #: what each field held when its last change was taken in (`_on_field_changed`)
        self._taken_in: dict[str, Value] = {}
        #: what was typed and not sent when Escape closed the form (None: nothing was)
        self.kept: Values | None = None

    def explain(self, words: tuple[Word, ...], names: Iterable[str] = ()) -> None:
        """Give a field with no explanation of its own the glossary's entry for its label
        (an empty box opened under Cover, Evading, ...), before the form is shown; not a
        field labelled with one of the campaign's `names` (a box for a model named Jack
        is not the card)."""
        named = {name.strip().lower() for name in names}
        # a list whose lines the game explains has no glossary entry after them: "One
        # miniature on the table, ..." read as more of the highlighted model's words
        self.fields = [field if (field.about or field.about_each
                                 or field.label.strip().lower() in named)
                       else replace(field, about=_in_the_box(word.means))
                       if (word := find(words, field.label)) is not None else field
                       for field in self.fields]
        opening = self._opening_field()
        self._about_shown = ("", self._about_for(opening) if opening is not None else "")

    def again(self, values: Mapping[str, Value]) -> Form:
        """This form anew, holding `values` and offering the choices it offers now (to be
        asked again once a step after it is cancelled)."""
        return Form(self.title_text, [
            replace(field, value=values.get(field.key, field.value),
                    options=self.options_of(field.key)) for field in self.fields],
            note=self.note, send_label=self.send_label, focus=self.first,
            aliases=self.aliases, on_change=self.on_change,
            preview_docked=self.preview_docked, on_cancel=self.on_cancel)

    # -- building ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # a list beside other fields keeps seven rows: grown, it pushed them off the screen
        self.set_class([f.kind for f in self.fields] in (["many"], ["pick"]), "-one-list")
        self.set_class(self.app.size.width >= _WIDE_SCREEN, "-wide-screen")
        self._fitted_to = self.app.size
        # the box scrolls to the field with the keyboard; a stop of its own in the Tab
        # order marked nothing on the screen
        with VerticalScroll(id="form-box", can_focus=False):
            yield Label(Text(self.title_text), id="form-title")
            if self.note:
                yield Static(Text(self.note), classes="form-note")
            with Grid(id="form-fields"):
                for field in self.fields:
                    yield Label(with_letter(field.label, self._letter_at[field.key]),
                                id=f"l-{field.key}", classes="form-label")
                    yield self._widget(field)
            if self.on_change is not None and not self.preview_docked:
                yield Static(id="form-preview", markup=False)
            # docked, so always in sight
            with _Foot(id="form-foot"):
                if self.on_change is not None and self.preview_docked:
                    # a line the fields come to (a tally of points), kept in sight above the
                    # foot of a form taller than the screen, where its last field hid it
                    yield Static(id="form-preview", markup=False)
                if any(field.about or field.about_each for field in self.fields):
                    # the first field's explanation from the start: set as it takes the
                    # keyboard, it laid the whole form out again
                    about = Static(self._about_text(*self._about_shown), id="form-about",
                                   markup=False)
                    about.styles.height = self._about_height()
                    yield about
                yield Static(id="form-refusal", markup=False)
                with Horizontal(id="form-buttons"):
                    if any(place is not None for place in self._letter_at.values()):
                        yield Label(LETTER_KEYS_HINT, id="form-letters")
                    cancel, send = (key_in_words(self.app, f"form.{step}", Form)
                                    for step in ("cancel", "send"))
                    yield FieldsButton(f"Cancel ({cancel})", id="form-cancel", compact=True)
                    yield FieldsButton(Text(f"{self.send_label} ({send})"), id="form-send",
                                 variant="primary", compact=True)

    def _widget(self, field: Field) -> Widget:
        widget_id = f"f-{field.key}"
        value = field.value
        shown = [(Text(label), choice) for label, choice in field.options]
        made: Widget
        if field.kind in ("text", "number", "cards", "dice"):
            # a number too is typed as text: a box for whole numbers drops the keys it does
            # not take, so "5.5" yards became 55; `Values.number` refuses what is not one
            made = InOrderInput(str(value), placeholder=self._keys_as_set(field.placeholder),
                                id=widget_id, compact=True, password=field.secret)
        elif field.kind == "area":
            # imported with the first field of several lines: Textual's TextArea is a part
            # of every start otherwise (`in_order_area`)
            from gmscreen.ui.in_order_area import InOrderTextArea

            made = InOrderTextArea(str(value), id=widget_id, soft_wrap=True, compact=True,
                                   show_line_numbers=False)
        elif field.kind == "check":
            made = Tick("", value is True, id=widget_id, compact=True)
        elif field.kind == "one":
            made = OneOf(field.options, str(value), id=widget_id)
        elif field.kind == "many":
            ticked = set(value) if isinstance(value, tuple) else set()
            made = TickList(*((label, choice, choice in ticked)
                                        for label, choice in shown),
                                      id=widget_id, compact=True)
        elif field.kind == "pick":
            made = PickList(*(Option(label, id=choice) for label, choice in shown),
                            id=widget_id, compact=True)
        else:
            # the value goes to the constructor: set after, the box still shows the prompt
            known = any(choice == value for _, choice in field.options)
            # a choice of nothing the game names itself ("(none)", "") is the blank: not
            # offered twice; with no blank and no value known, the first choice is taken
            names_nothing = any(choice == "" for _, choice in field.options)
            made = Dropdown(shown, id=widget_id, prompt="(none)", compact=True,
                            allow_blank=not field.required and not names_nothing,
                            required=field.required,
                            value=value if known else "" if names_nothing else Select.NULL)
        if field.about:
            made.tooltip = field.about
        return made

    def _opening_field(self) -> Field | None:
        """The field the keyboard starts in: the one asked for, else the first."""
        return next((f for f in self.fields if f.key == self.first), None) or next(
            iter(self.fields), None)

    def _about_room(self) -> tuple[int, int]:
        """The explanation box's width, and the most lines it shows: three on a laptop's
        24 rows, where the fields need the room; six on a screen of 30 rows or more."""
        return (self._width() - _FRAME, 3 if self.app.size.height < 30 else 6)

    def _width(self) -> int:
        """The form's width on this screen (as its style sets it)."""
        width = self.app.size.width
        return _WIDER if width >= _WIDE_SCREEN else min(_WIDEST, width)

    def _about_height(self) -> int:
        """The explanation box's height: its rule and the lines of the longest explanation
        of the form, at most as many as `_about_room` allows. One height for every field,
        so the form keeps its place as the keyboard moves: a click on a field whose
        explanation was taller or shorter moved it before the mouse came up, and the click
        was lost."""
        _, most = self._about_room()
        longest = max(len(self._about_lines(about, own))
                      for field in self.fields
                      for about, own in (("", self._about_for(field)),
                                         *((words, field.about)
                                           for _, words in field.about_each)))
        return 1 + min(longest, most)

    def _about_lines(self, words: str, own: str) -> list[Text]:
        """The box's lines for a choice's own `words` and then its field's `own` (either
        may be empty), however many: on one row where both fit it, else each on rows of
        its own, so the field's words do not read as more of the line's."""
        room, _ = self._about_room()
        return list(self._about_whole(words, own).wrap(self.app.console, room))

    def _about_whole(self, words: str, own: str) -> Text:
        """`_about_lines` as one text, for the box to wrap."""
        if not (words and own) or cell_len(f"{words} {own}") <= self._about_room()[0]:
            return Text(" ".join(filter(None, (words, own))))
        return Text(f"{words}\n{own}")

    def _about_for(self, field: Field) -> str:
        """`_about_of(field)`, naming the form's keys as the Dealer set them."""
        return self._keys_as_set(_about_of(field))

    def _keys_as_set(self, words: str) -> str:
        """`words` with the form's own keys (send, draw a name) as the Dealer set them, where
        settings.toml changed them: the words name the keys as written in the bindings."""
        try:
            keymap = self.app._keymap
        except RuntimeError:  # Textual's NoActiveAppError: a form made outside an app
            return words
        for binding in Form.BINDINGS:
            if (isinstance(binding, Binding) and binding.id in ("form.send", "form.suggest")
                    and binding.id in keymap):
                words = words.replace(binding.key, key_in_words(self.app, binding.id, Form))
        return words

    def _about_text(self, words: str, own: str) -> Text:
        """What the box shows for a choice's own `words` and its field's `own`
        (`_about_lines`): whole where it fits; else its first lines, the last ending in
        "…", so a cut is seen (the field's tooltip gives the whole). A choice's words are
        cut before its field's, which stay whole under them where the choice's keep three
        lines (what every line of the list means was lost); on a laptop's three lines the
        choice's come first, and the field's follow where they leave room."""
        _, most = self._about_room()
        if len(self._about_lines(words, own)) <= most:
            return self._about_whole(words, own)
        if not (words and own):
            return Text("\n").join(self._cut(words or own, most))
        kept = [line.copy() for line in Text(own).wrap(self.app.console, self._about_room()[0])]
        # the choice's own words keep three lines at the least (a laptop's whole box): they
        # tell it from the others, where the field's are the same on every line
        if len(kept) > most - 3:
            chosen = self._cut(words, most)
            kept = self._cut(own, most - len(chosen)) if len(chosen) < most else []
        else:
            chosen = self._cut(words, most - len(kept))
        return Text("\n").join([*chosen, *kept])

    def _cut(self, words: str, rows: int) -> list[Text]:
        """`words` in at most `rows` lines of the box, the last ending in "…" if cut."""
        room, _ = self._about_room()
        lines = [line.copy() for line in Text(words).wrap(self.app.console, room)]
        if len(lines) <= rows:
            return lines
        shown = lines[:rows]
        last = shown[-1]
        last.rstrip()
        last.truncate(room - 1)
        last.append("…")
        return shown

    def on_resize(self) -> None:
        if self.app.size == self._fitted_to:
            return  # the form's first layout, at the size it was composed for
        self._fitted_to = self.app.size
        self.set_class(self.app.size.width >= _WIDE_SCREEN, "-wide-screen")
        if self.query("#form-about"):
            about = self.query_one("#form-about", Static)
            about.styles.height = self._about_height()
            about.update(self._about_text(*self._about_shown))

    def on_mount(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
        pick_field = next((f for f in self.fields if f.kind == "pick" and f.value), None)
        if pick_field is not None:
            options = self.widget_of(pick_field.key)
            assert isinstance(options, OptionList)
            options.highlighted = options.get_option_index(str(pick_field.value))
        self._as_opened = self.values()
        self._taken_in = dict(self._as_opened)

    def unsent(self) -> str | None:
        if self._as_opened is None or self.values() == self._as_opened:
            return None
        return f"the form {self.title_text!r}"

    # -- reading ------------------------------------------------------------------------------

    def widget_of(self, key: str) -> Widget:
        """The widget that holds the field `key`."""
        return self.query_one(f"#f-{key}")

    def has_keyboard(self, *keys: str) -> bool:
        """Whether the keyboard is in one of the fields `keys` (or its open list)."""
        focused = self.focused
        return focused is not None and any(
            focused is (field := self.widget_of(key)) or field in focused.ancestors
            for key in keys)

    def go_to(self, key: str) -> None:
        """The keyboard to field `key` now, as `on_change` moves it on to the next choice
        a step needs: the keys typed next are that field's, however quickly they come (a
        widget's own `focus` waits a turn, and keys typed ahead went to the field left)."""
        self.set_focus(self.widget_of(key))

    def values(self) -> Values:
        found: dict[str, Value] = {}
        for field in self.fields:
            value = self._value_of(field.key, self.widget_of(field.key))
            if value is not None:
                found[field.key] = value
        return Values(found, {f.key: f.label for f in self.fields})

    def _value_of(self, key: str, widget: Widget) -> Value | None:
        """What the field `key`, held by `widget`, holds now (as `values` reads it)."""
        if isinstance(widget, Input):
            return widget.value
        if self._kind_of(key) == "area":  # a TextArea (`in_order_area`)
            return cast("TextArea", widget).text
        if isinstance(widget, Checkbox):
            return widget.value
        if isinstance(widget, Select):
            return "" if widget.is_blank() else str(widget.value)
        if isinstance(widget, OneOf):
            return widget.value
        if isinstance(widget, SelectionList):
            ticked = set(widget.selected)
            return tuple(v for _, v in self.options_of(key) if v in ticked)
        if isinstance(widget, OptionList):
            index = widget.highlighted
            return str(widget.get_option_at_index(index).id) if index is not None else ""
        return None

    def _kind_of(self, key: str) -> Kind:
        return next(f.kind for f in self.fields if f.key == key)

    def options_of(self, key: str) -> Options:
        """What the choosing field `key` offers now, as (label, value) pairs."""
        if key in self._options_now:
            return self._options_now[key]
        return next(f.options for f in self.fields if f.key == key)

    # -- what the caller may change while the form is open -------------------------------------

    def show_preview(self, line: str) -> None:
        """A line under the fields that follows them (the odds, a price); plain text.

        Its room is kept from the form's opening, one line blank until it says something,
        and never given back once taken: a preview coming or growing made the form taller,
        and the form, centred, rose under the pointer (a click aimed at a box landed on the
        field above it)."""
        preview = self.query_one("#form-preview", Static)
        preview.update(Text(line))
        if preview.size.width:
            taken = len(Text(line).wrap(self.app.console, preview.size.width))
            if taken > self._preview_lines:
                self._preview_lines = taken
                preview.styles.min_height = taken

    #: the most lines the preview has taken (its room, kept: `show_preview`)
    _preview_lines = 1

    def set_options(self, key: str, options: Sequence[str | tuple[str, str]]) -> None:
        """New choices for a field that chooses (`choose`, `one_of`, `many`, `pick`),
        keeping what was chosen where it is still offered."""
        pairs = _pairs(options)
        if self.options_of(key) == pairs:
            return
        kept = self.values().get(key)
        self._options_now[key] = pairs
        widget = self.widget_of(key)
        shown = [(Text(label), value) for label, value in pairs]
        if isinstance(widget, Select):
            widget.set_options(shown)
            if any(value == kept for _, value in pairs):
                widget.value = kept
                # the same value may come with new words, and a Select redraws its box
                # only when its value changes
                widget.mutate_reactive(Select.value)  # type: ignore[misc]  # Select is generic
        elif isinstance(widget, OneOf):
            widget.set_options(pairs, keep=kept if isinstance(kept, str) else "")
        elif isinstance(widget, SelectionList):
            ticked = set(kept) if isinstance(kept, tuple) else set()
            at = widget.highlighted
            widget.clear_options()
            widget.add_options([(label, value, value in ticked) for label, value in shown])
            # refilled, a list had no highlight, and space ticked nobody
            if widget.option_count:
                widget.highlighted = min(at or 0, widget.option_count - 1)
        elif isinstance(widget, OptionList):
            widget.clear_options()
            widget.add_options([Option(label, id=value) for label, value in shown])

    def set_value(self, key: str, value: Value) -> None:
        """Put a value into a field (a suggestion the Dealer may change)."""
        widget = self.widget_of(key)
        if isinstance(widget, Input | Checkbox):
            widget.value = value  # type: ignore[assignment]
        elif self._kind_of(key) == "area":  # a TextArea (`in_order_area`)
            cast("TextArea", widget).text = str(value)
        elif isinstance(widget, Select):
            widget.value = value if value else Select.NULL
        elif isinstance(widget, OneOf):
            widget.value = value if isinstance(value, str) else ""
        elif isinstance(widget, SelectionList):
            widget.deselect_all()
            for ticked in value if isinstance(value, tuple) else ():
                widget.select(ticked)

    # -- changes, sending, refusing -------------------------------------------------------------

    def _changed(self, widget: DOMNode | None) -> None:
        if not self.is_mounted:
            return
        key = self._key_of(widget)
        if self.refused is not None and (self.refused == "" or self.refused == key):
            self._lift_refusal()
        elif self.refused is not None:
            self._check_again()
        if self.on_change is not None:
            self.on_change(self)

    def _lift_refusal(self) -> None:
        self.query_one("#form-refusal", Static).remove_class("-shown")
        self.refused = None
        self.refusal = ""

    def _check_again(self) -> None:
        """A field the refusal does not name has changed, and may have put it right (a pot
        made larger for the Stakes it refused): the values are put to the rules again, so
        the bar says what still holds, and nothing once nothing does. The cursor stays
        where the Dealer has it."""
        try:
            values = self.values()
            self._refuse_controls(values)
            self.check(values)
        except RuleError as error:
            refusal = f"{error.rule}: {error.message}"
            if refusal != self.refusal:
                self.refusal = refusal
                self.query_one("#form-refusal", Static).update(Text(refusal))
                self.refused = self.field_for(error.field) or ""
            return
        self._lift_refusal()

    def _key_of(self, node: DOMNode | None) -> str | None:
        while node is not None and node is not self:
            if node.id and node.id.startswith("f-") and node.id[2:] in self._keys:
                return node.id[2:]
            node = node.parent
        return None

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    @on(OneOf.Changed)
    @on(SelectionList.SelectedChanged)
    def _on_field_changed(self, event: Any) -> None:
        key = self._key_of(event.control)
        if key is not None:
            # a field made with a value says so once mounted (fifteen fields of an Edit
            # form, each put to the rules and explained again for nothing)
            now = self._value_of(key, self.widget_of(key))
            if now is not None:
                # the value the change told of, too: a change taken in before its word
                # came (`took_first`, the fields typed into) and undone since has the
                # field back as taken in, yet `on_change` has not seen it undone
                told = (event.value if isinstance(
                    event, Input.Changed | Checkbox.Changed | OneOf.Changed) else now)
                if key in self._taken_in and self._taken_in[key] == now == told:
                    return
                self._taken_in[key] = now
        self._changed(event.control)
        self._explain(key)

    def on_text_area_changed(self, event: Message) -> None:
        """A field of several lines changed: TextArea.Changed, by its handler's name, as
        Textual's TextArea is imported only with the first such field."""
        self._on_field_changed(event)

    @on(OptionList.OptionHighlighted)
    def _on_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # the line highlighted is a pick list's value, and what the box explains
        self._changed(event.control)
        self._explain(self._key_of(event.control))

    @on(SelectionList.SelectionHighlighted)
    def _on_line_highlighted(self, event: SelectionList.SelectionHighlighted[Any]) -> None:
        self._explain(self._key_of(event.control))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_send()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_send()

    @on(OneOf.Submitted)
    @on(Dropdown.Submitted)
    @on(Tick.Submitted)
    @on(TickList.Submitted)
    def _field_submitted(self, event: Message) -> None:
        event.stop()
        self.action_send()

    @on(Button.Pressed, "#form-send")
    def _send_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_send()

    @on(Button.Pressed, "#form-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()

    def on_click(self, event: events.Click) -> None:
        # a field's label is part of it, as in any desktop form: a click there gives the
        # field the keyboard, and ticks (or unticks) a box
        label = event.widget
        if not isinstance(label, Label) or not label.has_class("form-label") or label.id is None:
            return
        widget = self.widget_of(label.id.removeprefix("l-"))
        widget.focus()
        if isinstance(widget, Tick) and not widget.disabled:
            widget.toggle()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the label of the field that has the focus and explain the field (an open
        list of choices is inside it)."""
        key = self._key_of(event.widget)
        for label in self.query(".form-label.-current"):
            if label.id != f"l-{key}":
                label.remove_class("-current")
        if key is not None:
            self.query_one(f"#l-{key}").add_class("-current")
        self._explain(key)
        if key is not None:
            # into sight above the foot, once laid out: Textual's own scroll to the focus
            # left a field under the foot (the sheet's Notes at 80x24, typed unseen)
            self.call_after_refresh(event.widget.scroll_visible, animate=False)

    def _explain(self, key: str | None) -> None:
        """Say under the form what the field `key` means, or the choice highlighted in it
        where the game says what each means; only while the field has the keyboard."""
        if key is None or not self.query("#form-about"):
            return
        widget = self.widget_of(key)
        if self.focused is None or (self.focused is not widget
                                    and widget not in self.focused.ancestors):
            return
        field = next(f for f in self.fields if f.key == key)
        each = dict(field.about_each).get(self._highlighted(widget) or "")
        about = ("", self._about_for(field)) if each is None else (each, field.about)
        if about != self._about_shown:
            self._about_shown = about
            self.query_one("#form-about", Static).update(self._about_text(*about))

    @staticmethod
    def _highlighted(widget: Widget) -> str | None:
        """The value of the choice highlighted in a list, or taken among choices side by
        side; None for another kind of field, or none highlighted."""
        if isinstance(widget, OneOf):
            return widget.value
        if isinstance(widget, OptionList) and widget.highlighted is not None:
            if isinstance(widget, SelectionList):  # a list to tick: values in its lines
                return str(widget.get_option_at_index(widget.highlighted).value)
            return str(widget.get_option_at_index(widget.highlighted).id)
        return None

    #: the field the last key typed into the form came to (`moved_on`)
    _typed_into: Widget | None = None

    def moved_on(self, field: Widget) -> bool:
        # a field's Changed comes round to the form a few hops after the field changed,
        # and a key typed meanwhile (a quick Dealer, a loaded machine) acted on the form
        # as it was before `on_change` had set it (a box that follows another ticked
        # anew by a space meant to untick it), or on the field `on_change` moves on from
        before, self._typed_into = self._typed_into, field
        if before is None:
            return False
        had = self.focused
        self._take_in(before)
        return self.focused is not had

    def take_in(self, field: Widget | None) -> None:
        # the change of the field left taken in before the move, as a key typed after it
        # takes it in: The Hanged Man's Draw, up (another hand), Tab, "sm" in one burst
        # kept the end of the new hand's discards, the field's text chosen as the keyboard
        # came before `on_change` had put them there. And the change the move made (an
        # open list's line taken) once it has moved, as its Changed would come: taken in
        # only before the next move, Dust's gift went on from the giver to the receiver
        # two Tabs later, the keyboard back on the giver by then
        if field is not None:
            self._take_in(field)

    def _take_in(self, widget: Widget) -> None:
        """Take in the change of `widget`'s field as its Changed would, if it has one not
        taken in yet (the Changed, when it comes, finds it taken in)."""
        key = self._key_of(widget)
        if key is None or not self.is_mounted or self._as_opened is None:
            return
        now = self._value_of(key, self.widget_of(key))
        if now is None or self._taken_in.get(key) == now:
            return
        self._taken_in[key] = now
        self._changed(widget)
        self._explain(key)

    def sends_by(self, field: Widget, key: events.Key) -> bool:
        if isinstance(field, Dropdown):
            if field.expanded and key.key in ("escape", "enter"):
                return False  # the open list's own: Escape closes it, Enter picks a line
            if key.key == "enter":
                return field.just_picked  # Enter on the line just picked sends
        if key.key == "enter":
            # each sends on Enter
            return isinstance(field, Input | OneOf | Tick | TickList | PickList)
        return any(binding.action in ("send", "cancel")
                   for binding in bindings_as_set(self).key_to_bindings.get(key.key, ()))

    def action_send(self) -> None:
        if self.closed:
            return  # sent or cancelled already: a key typed behind that one asks nothing
        self.leave_field()
        try:
            values = self.values()
            self._refuse_controls(values)
            made = self.check(values)
        except RuleError as error:
            self.refuse(error)
            self._after_sending()  # the keys typed after the send: into the form still open
            return
        self.dismiss(made)

    def action_cancel(self) -> None:
        if self.closed:
            return
        self.kept = self.values() if self.unsent() is not None else None
        self.dismiss(None)
        if self.on_cancel is not None:
            self.app.call_after_refresh(self.on_cancel)

    def _suggesting(self) -> Field | None:
        """The field ctrl+r draws for: the one with the keyboard, else the form's only one
        that draws (a gang's hired gun: the form opens on his gang, and ctrl+r did nothing
        there, though the Name field said it draws one)."""
        key = self._key_of(self.focused)
        drawing = [f for f in self.fields if f.suggest is not None]
        return next((f for f in drawing if f.key == key), None) or (
            drawing[0] if len(drawing) == 1 else None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "suggest":
            return self._suggesting() is not None
        if action == "to_field":
            # before a field has the keyboard, the letter waits its turn behind the keys
            # typed ahead (`_deliver`), as Tab does
            return self._keyboard_given
        return super().check_action(action, parameters)

    def _deliver(self, key: events.Key) -> None:
        letter = key.key.removeprefix("alt+")
        if key.key != letter and len(letter) == 1:
            self.move_typed(partial(self._to_field, letter), key)
        else:
            super()._deliver(key)

    def action_to_field(self, letter: str) -> None:
        """The keyboard to the field whose label has `letter` underlined; a box is ticked
        or unticked too, as a click on it does. A letter no field has rings. In its turn,
        as Tab (`move_typed`)."""
        self.move_typed(partial(self._to_field, letter), self.app_key_now())

    def _to_field(self, letter: str) -> None:
        key = self._field_by_letter.get(letter)
        widget = self.widget_of(key) if key is not None else None
        if widget is None or not widget.focusable:
            self.app.bell()
            return
        self.leave_field(widget)
        self.set_focus(widget)  # the keys typed after the letter are its field's
        if isinstance(widget, Tick):
            widget.toggle()
        elif isinstance(widget, Dropdown):
            # come back to by its letter, its Enter opens the list again (a Knack picked,
            # alt and its letter, Enter sent the form with the pick to be changed)
            widget.just_picked = False

    def action_suggest(self) -> None:
        field = self._suggesting()
        if field is not None and field.suggest is not None:
            widget = self.widget_of(field.key)
            if isinstance(widget, Input):
                widget.value = field.suggest()
                widget.cursor_position = len(widget.value)
                self.set_focus(widget)

    def _refuse_controls(self, values: Values) -> None:
        """A control character pasted into a field would be obeyed by terminals wherever
        the journal's text is shown later, and a zero-width one in a line (a name) makes
        two names that read as one: refused here, naming the field."""
        for field in self.fields:
            value = values.get(field.key)
            if not isinstance(value, str):
                continue
            found = controls_in(value, lines=field.kind == "area")
            if found:
                raise RuleError(field.label, f"holds a control character ({found[0]}); "
                                "type it without", field=field.key)
            unseen = [] if field.kind == "area" else unseen_in(value)
            if unseen:
                raise RuleError(field.label, f"holds a character that takes no room "
                                f"({unseen[0]}), so it cannot be seen; type it without",
                                field=field.key)

    def refuse(self, error: RuleError) -> None:
        """Show the refusal at the form's foot (not a toast, which would cover the form and
        fade) and go to the field it names: its key, an alias of it, or a key it begins
        (a rule's "scouts" is the form's first of scout0, scout1...)."""
        self.refusal = f"{error.rule}: {error.message}"
        bar = self.query_one("#form-refusal", Static)
        bar.update(Text(self.refusal))
        bar.add_class("-shown")
        key = self.field_for(error.field)
        self.refused = key or ""
        if key is not None:
            widget = self.widget_of(key)
            self.set_focus(widget)  # at once, so the field has its Focus before the mend
            if isinstance(widget, Input):
                kind = next(f.kind for f in self.fields if f.key == key)
                # in the field's queue, behind its Focus and before the keys typed after
                # the send ("o", "p" typed straight after a refused Enter left "p": the mend,
                # waiting on the field's next message, came after the "o" and selected it)
                widget.call_later(_to_mend, widget, kind in ("cards", "dice"))
            elif isinstance(widget, OptionList):
                _to_line_named(widget, error.message)
            # into sight above the refusal once it is laid out: the bar, grown at the foot,
            # hid the field the cursor had gone to in a tall form at 80x24
            self.call_after_refresh(widget.scroll_visible, animate=False)

    def field_for(self, named: str | None) -> str | None:
        """The form's key for the field a rule names, if the form has it."""
        if not named:
            return None
        if named in self._keys:
            return named
        if self.aliases.get(named) in self._keys:
            return self.aliases[named]
        stem = named.removesuffix("s")
        return next((f.key for f in self.fields if f.key.startswith(stem)), None)


def _to_line_named(options: OptionList, message: str) -> None:
    """Put a list's cursor on the line a refusal names ("Jim is always one of them": Jim's
    line, where a space then ticks him again), where it names one line alone: the line
    whose words the message holds, or the longest of several that hold each other ("Jack"
    within "Black Jack")."""
    named = [(index, str(options.get_option_at_index(index).prompt))
             for index in range(options.option_count)]
    found = [(index, words) for index, words in named if words and words in message]
    if not found:
        return
    index, longest = max(found, key=lambda line: len(line[1]))
    if all(words in longest for _, words in found):
        options.highlighted = index


def _about_of(field: Field) -> str:
    """What the box under the fields says while `field` has the keyboard: its explanation,
    or, in a form where other fields are explained, how a field of its kind is filled in
    (ctrl+r named where it draws a name)."""
    if field.about:
        return field.about
    if field.suggest is not None:
        return "Type it in, or ctrl+r draws one; Enter sends the form."
    return HOW_TO_FILL[field.kind]


def _in_the_box(words: str) -> str:
    """A glossary entry cut to its whole sentences that fit the explanation box's three
    lines at 80 columns (a long one was cut off mid-sentence); the first sentence at the
    least. F1 gives the whole."""
    sentences = re.split(r"(?<=[.:!?]) (?=[A-Z(])", words)
    kept = sentences[0]
    for sentence in sentences[1:]:
        if len(textwrap.wrap(f"{kept} {sentence}", min(_WIDEST, 80) - _FRAME)) > 3:
            break
        kept = f"{kept} {sentence}"
    return kept


def _to_mend(field: Input, more: bool) -> None:
    """Where a refused field takes what is typed next. Cards and dice (`more`) after their
    text, as a refusal there most often asks for more of them (a tie: every card drawn;
    all selected, the next card typed replaced those before it), and so a list (commas):
    one of its items is mended, and a Backspace erased the whole list of Knacks. Any other
    field's text all selected, to be typed afresh (a number refused: 11, then 9 made 119),
    a secret one's above all, whose text cannot be read back."""
    end = len(field.value)
    after = (more or "," in field.value) and not field.password
    field.selection = Selection.cursor(end) if after else Selection(0, end)


@dataclass(frozen=True)
class Offer:
    """A choice the step's own first part leaves to the table, asked once its form is sent:
    `question`, and `instead`, the command sent on `yes` (then `after` is asked of it in
    turn); `no` (or Escape) sends the command as it was, since what was seen is the table's
    now (the Battle Skill's cards drawn before the defender's player lays a hand), or first
    asks `otherwise` of it."""

    question: str
    instead: object
    yes: str = "Yes"
    no: str = "No"
    after: Offer | None = None
    otherwise: Offer | None = None


def ask(pane: GamePane, form: Form, command: Callable[[Values], object | None],
        confirm: str | Callable[[Any], str | None] | None = None,
        then: Callable[[], None] | None = None,
        offer: Callable[[Any], Offer | None] | None = None) -> None:
    """Show a form; what it sends becomes a command (None: nothing to send), sent at once or
    once the Dealer says yes to `confirm` (a question, or a function of the command that
    gives one or None: the vote that hammers asks, another does not). A value that cannot
    be read, or a command the rules refuse, keeps the form open with the refusal, and
    nothing is sent. `then` runs once the step is saved (the form of the step that always
    comes next, which the Dealer had to find by its key): never after a refusal, a cancel
    or a no, nor on an undo, a redo or a replay of the step. `offer`, a function of the
    command, gives a choice to ask before it is sent (`Offer`), or None."""

    #: what the form held when it was sent, kept if the Dealer says no to its question
    typed: list[Values] = []

    def checked(values: Values) -> object | None:
        made = command(values)
        if made is not None:
            pane.check(made)
        typed[:] = [values]
        return made

    def declined() -> None:
        # a no to the question (the hammer's, a reveal's) sends nothing, as escape does, and
        # keeps what was typed for the same form opened again before any other step: the
        # Dealer who answered no by mistake had the vote, voter and target, to type again
        if typed:
            pane.drafts[form.title_text] = (_steps(pane), typed[0])
            pane.notify(f"Nothing was sent. Open {form.title_text} again before any other "
                        "step, and what you typed is back.", title="Form", markup=False)

    def send(made: object) -> None:
        pane.send(made, confirm=confirm(made) if callable(confirm) else confirm, then=then,
                  declined=declined)

    def offered(made: object, choice: Offer) -> None:
        def answered(yes: bool | None) -> None:
            if not yes and choice.otherwise is not None:
                offered(made, choice.otherwise)
            elif not yes:
                send(made)
            elif choice.after is not None:
                offered(choice.instead, choice.after)
            else:
                send(choice.instead)
        pane.app.push_screen(Confirm(choice.question, choice.yes, choice.no)
                             .answer_to(answered))

    def sent(made: object | None) -> None:
        choice = offer(made) if offer is not None and made is not None else None
        if choice is not None:
            offered(made, choice)
        elif made is not None:
            send(made)
        elif form.kept is not None:
            pane.drafts[form.title_text] = (_steps(pane), form.kept)
            pane.notify(f"{form.title_text} closed. Open it again before any other step, and "
                        "what you typed is back.", title="Form", markup=False)

    # typing Escape closed is given back while nothing else was done: the Dealer who
    # closed an Enlist form of a name and four perks by mistake has them again
    draft = pane.drafts.pop(form.title_text, None)
    if draft is not None and draft[0] == _steps(pane):
        form = form.again(draft[1])
        pane.notify(f"What you typed in {form.title_text} is back; Escape, with nothing "
                    "changed, forgets it.", title="Form", markup=False)
    form.check = checked
    if pane.campaign is not None:
        form.explain(words_in(pane.campaign) + gmscreens_words(),
                     names=names_in(pane.campaign))
    pane.app.push_screen(form.answer_to(sent))


def _steps(pane: GamePane) -> int:
    """How many events the journal holds: a step taken (an undo too) makes a draft stale."""
    return len(pane.campaign.events) if pane.campaign is not None else 0


def npc_names(pane: GamePane, sex: str | None = None) -> Callable[[], str]:
    """Draws Old-West names for a new NPC from the campaign's seeded generator, a new one
    each time it is asked: the name taken goes into the command, and so into the journal."""
    drawn = 0

    def draw() -> str:
        nonlocal drawn
        drawn += 1
        assert pane.campaign is not None
        rng = pane.campaign.rng(f"a name for an NPC, try {drawn}")
        return draw_name(rng, "woman" if sex == "woman" else "man" if sex == "man" else None)

    return draw
