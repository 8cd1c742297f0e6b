"""Words on a tab that name its steps ("Keys: s a scenario, z undo attack", "F the Dealer
folds", "h shows all 3"): a click on them takes the step as its key would, so a Dealer who
mostly uses the mouse reaches the steps the footer leaves out (to keep to 80 columns)
without the palette. A step that does not apply now says which rule stops it, as its key
does. The words are underlined, to be seen to be clicked, and lit under the pointer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.style import Style
from rich.text import Span, Text
from textual.app import RenderResult
from textual.binding import Binding
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from gmscreen.ui.kept_whole import wrap_kept
from gmscreen.ui.keymap import shown_key, with_keys
from gmscreen.ui.steps import StepPane

#: a step's words on the line: (action, words), the action as in the pane's binding
Words = tuple[str, str]


class KeysLine(Static):
    """A Static whose words made by `clickable` or `keys_text` take their steps (of the
    StepPane it is in) when clicked. Words that begin with their step's key begin with the
    key the Dealer set instead, where settings.toml's `[keys]` changed it."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if isinstance(content, Text) and self.app._keymap:
            content = with_keys(content, self._key_set)
        super().update(content, layout=layout)

    #: what the line draws, made once for each content
    _kept: StepsKept | None = None

    def render(self) -> RenderResult:
        content = self.content
        if not isinstance(content, Text):
            return self.visual
        if self._kept is None or self._kept.text is not content:
            self._kept = StepsKept(self, content)
        return self._kept

    def _key_set(self, action: str) -> tuple[str, str] | None:
        """(the key the words name, the key set) for the step `action`, where it changed."""
        pane = next((node for node in self.ancestors if isinstance(node, StepPane)), None)
        if pane is None:
            return None
        for binding in pane.BINDINGS:
            if (isinstance(binding, Binding) and binding.action == action
                    and binding.id in self.app._keymap):
                # as the words write it: "$", not "dollar_sign"
                own = self.app.get_key_display(Binding(binding.key.split(",")[0], action))
                return own, shown_key(self.app, binding)
        return None

    async def action_step(self, action: str) -> None:
        pane = next((node for node in self.ancestors if isinstance(node, StepPane)), None)
        if pane is None:
            return
        pane.keyboard_back(self)
        if not pane.explain(action):
            await pane.perform(action)


def clickable(pieces: Iterable[Words], style: str = "") -> Text:
    """The text of `pieces`, (action, words) each, in `style`: words with an action take
    that step when clicked in a `KeysLine`; an action of "" leaves its words plain."""
    text = Text(style=style)
    for action, words in pieces:
        if action:
            text.append(words, Style(underline=True, meta={"@click": f"step({action!r})"}))
        else:
            text.append(words)
    return text


def keys_text(keys: Sequence[Words], tail: str = "", style: str = "",
              label: str = "Keys: ", *, one_row: bool = False) -> Text:
    """`label`, the words of each of `keys` (a comma between them) to be clicked, then
    `tail`; nothing when `keys` is empty. A line `one_row` never wraps in a `KeysLine`:
    where its steps do not fit, it names as many as fit and ends "+N more (ctrl+p)" (and
    drops `tail`), so a game may name every step that applies without costing a row of
    its tab."""
    if not keys:
        return Text(style=style)
    pieces: list[Words] = [("", label)]
    for at, key in enumerate(keys):
        pieces.extend([("", ", "), key] if at else [key])
    text = clickable([*pieces, ("", tail)], style)
    if one_row:
        text.stylize(Style(meta={ONE_ROW: len(keys)}))
    return text


#: the mark `keys_text(one_row=True)` puts over its line, holding how many steps it names
ONE_ROW = "keys_line.one_row"

#: a click on "+N more (ctrl+p)" opens the palette, where every step is
_PALETTE = Style(underline=True, meta={"@click": "app.command_palette"})


def more_keys(pane: StepPane[Any], keys: Iterable[Words]) -> list[Words]:
    """Those of `keys` that apply now but the footer leaves out: kept off it for good, or
    quiet while more pressing steps fill its 80 columns."""
    hidden = {b.action for b in pane.BINDINGS if isinstance(b, Binding) and not b.show}
    return [(action, words) for action, words in keys
            if pane.refusal(action) is None and (action in hidden or pane.quiet(action))]


class StepsKept(Visual):
    """A Keys line's text drawn with a step's key and words kept on one row (a key at a
    row's end, its words on the next, read as the next step's), wrapped between steps at
    the width it is drawn in. Read as a string, it is the line's text, unbroken."""

    def __init__(self, widget: Widget, text: Text) -> None:
        self.widget = widget
        self.text = text
        self._at: dict[int, Visual] = {}

    def __str__(self) -> str:
        return self.text.plain

    def _wrapped(self, width: int) -> Visual:
        if width not in self._at:
            self._at[width] = visualize(self.widget, wrap_steps(self.text, max(width, 1)))
        return self._at[width]

    def render_strips(self, width: int, height: int | None, style: VisualStyle,
                      options: RenderOptions) -> list[Strip]:
        return self._wrapped(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._wrapped(container_width).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._wrapped(width).get_height(rules, width)


def _is_step(span: Span) -> bool:
    return isinstance(span.style, Style) and "@click" in span.style.meta


def wrap_steps(text: Text, width: int) -> Text:
    """`text` with its rows broken to `width` between words, never inside the words of a
    step to be clicked (unless they alone are wider): a step's key and words stay on one row.
    A Keys line made `one_row` is cut to the steps that fit instead (`fit_row`)."""
    if any(isinstance(span.style, Style) and ONE_ROW in span.style.meta
           for span in text.spans):
        text = Text("\n").join(fit_row(line, width)
                               for line in text.split("\n", allow_blank=True))
    steps = [(span.start, span.end) for span in text.spans if _is_step(span)]
    return Text("\n").join(wrap_kept(text, width, steps))


def fit_row(line: Text, width: int) -> Text:
    """`line` as it is where it fits `width` or holds no `one_row` Keys line; else with its
    Keys line cut after the most steps that leave room for ", +N more (ctrl+p)"."""
    marks = [span for span in line.spans
             if isinstance(span.style, Style) and ONE_ROW in span.style.meta]
    if not marks or line.cell_len <= width:
        return line
    # in pieces where the Dealer's own keys were put in (`with_keys`)
    start, end = min(span.start for span in marks), max(span.end for span in marks)
    steps = sorted((span for span in line.spans
                    if _is_step(span) and start <= span.start and span.end <= end),
                   key=lambda span: span.start)
    if not steps:  # only plain words: nothing to count, so it wraps as any line
        return line
    # the style the Keys line begins in (its dim, say), for the words put in
    around = [span.style for span in line.spans
              if span.start <= start < span.end and not _is_step(span) and span not in marks]
    for kept in range(len(steps) - 1, -1, -1):
        more = Text(", " if kept else "")
        more.append(f"+{len(steps) - kept} more (ctrl+p)", _PALETTE)
        for style in around:
            more.stylize(style)
        cut = line[:steps[kept - 1].end if kept else steps[0].start] + more + line[end:]
        if cut.cell_len <= width:
            return cut
    return cut
