"""The footer of every screen: Textual's compact footer, rebuilt only when the keys it offers
change.

Textual's footer mounts all its keys anew whenever the bindings are refreshed: on every
focus move, every screen shown again after a question, every step, and four times at start.
Most of those leave the keys as they were, and the rebuilding was a good share of the time a
key took. This footer remembers what it last showed and skips the rebuilding when nothing
differs.

Textual's footer also lets keys run under the palette's key at the right edge, where they
show cut (a stray letter after "palette" at 80 columns). This one hides the keys that do not
fit whole, the last first: the tab's steps come first and stay, the shell's own keys (undo,
redo, note, the session), which are in the palette too, give way.

A screen whose keys swap between two sets (the shell's live keys and a replay's) keeps one
footer for each and shows one at a time (by `display`): the hidden one is not rebuilt, so
going into a replay and out again costs no rebuilding when the keys of each are as they
were the time before.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """A compact footer that is rebuilt only when what it shows would change."""

    #: the keys kept in sight however narrow the footer, first first: the way out of a
    #: replay (nothing else can be done there), help (which says every other key), and the
    #: start of a session while none runs (a new Dealer's first step)
    KEPT_ACTIONS = ("back_to_now", "help", "start_session")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(compact=True, id=id)
        #: what the footer was last built from (None: never built)
        self._shown: Hashable = None
        #: the help key's own words, before a count of the keys hidden was added to them
        self._help_plain = ""

    def _offered(self) -> Hashable:
        """Everything `Footer.compose` reads: the shown bindings with their enabled state and
        tooltip, the palette's key, and the footer's own switches."""
        active = self.screen.active_bindings
        shown = tuple((b.binding, b.enabled, b.tooltip) for b in active.values()
                      if b.binding.show)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        return (shown, palette and (palette.binding, palette.enabled, palette.tooltip),
                self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE)

    @property
    def current(self) -> bool:
        """Whether the keys shown are those the screen offers now: a step that changes the
        keys (a row moved to) changes them at once, the footer only after its rebuild."""
        return (self._shown is not None and self.is_attached
                and self._offered() == self._shown)

    def compose(self) -> ComposeResult:
        if not self.display:
            return  # built when first shown (`on_show`)
        if self._bindings_ready:
            self._shown = self._offered()
        for widget in super().compose():
            # Textual gives each key its compact look once mounted (the palette's always,
            # the others when the footer is compact), restyling the keys one by one; given
            # before, it is part of their first styling
            if isinstance(widget, FooterKey) and (
                    self.compact or widget.has_class("-command-palette")):
                widget.add_class("-compact", update=False)
            yield widget

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit_keys)

    async def on_show(self) -> None:
        # shown again, it catches up with any change of keys it missed hidden
        await self.recompose()

    def on_resize(self) -> None:
        self.fit_keys()

    def fit_keys(self) -> None:
        """Show the keys that fit whole before the palette's key, hide the rest, and say on
        the help key how many it hides (help says them all) where that leaves room."""
        keys = list(self.query_children(FooterKey))
        palette = [key for key in keys if key.has_class("-command-palette")]
        room = self.size.width - sum(key.outer_size.width for key in palette)
        kept = self.KEPT_ACTIONS

        def rank(key: FooterKey) -> int:
            return next((i for i, action in enumerate(kept) if key.action.endswith(action)),
                        len(kept))

        ranked = sorted((key for key in keys if key not in palette), key=rank)
        help_key = next((key for key in ranked if key.action.endswith("help")), None)
        if help_key is not None:
            self._help_plain = self._help_plain or help_key.description
            help_key.description = self._help_plain
        used = shown = 0
        for key in ranked:
            used += key.render().cell_len + key.styles.margin.width
            key.display = used <= room
            shown = used if key.display else shown
        hidden = sum(not key.display for key in ranked)
        if help_key is not None and hidden:
            # the count takes no key's place: said only where the room is left over
            counted = f"{self._help_plain} +{hidden}"
            if shown + len(counted) - len(self._help_plain) <= room:
                help_key.description = counted
        if help_key is not None:
            help_key.refresh(layout=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen and self.current:
            return
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        # Textual queues one rebuild per change, and changes come in bursts (at start, the
        # first focus and the first redraw): the first rebuild shows the latest keys, so
        # the ones queued behind it have nothing left to do
        if not self.display or self.current:
            return  # hidden, it waits to be shown
        await super().recompose()
        self.call_after_refresh(self.fit_keys)
