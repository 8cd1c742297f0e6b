"""The Night tab: the resolution step by step, the post and the private messages, ready to
paste into the forum; the thread's newest post (the lynch and the flip, at twilight) too.

During a night everything shown is a preview of the resolution: the post and each message
say so in their own text, and copying one says so, so a preview is never pasted as the
post."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from gmscreen.games.dust.commands import AddLateNote
from gmscreen.games.dust.messages import (
    message_bbcode,
    message_markdown,
    message_plain,
    post_bbcode,
    post_markdown,
    post_plain,
    vote_count,
)
from gmscreen.games.dust.night import resolve_night
from gmscreen.games.dust.panes.cycle import WIDE, draw_lots
from gmscreen.games.dust.panes.form import DustForm, Field, ask
from gmscreen.games.dust.panes.keys import ExplainedKeys
from gmscreen.games.dust.state import DustState, Message, Post
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.ui.pane import GamePane


class NightPane(ExplainedKeys):
    """The last night's resolution step by step, the post that opened the day, and every
    private message, as BBCode, Markdown or plain text; during a night, a preview."""

    DEFAULT_CSS = """
    NightPane #dust-night { height: 1fr; }
    NightPane .dust-heading { text-style: bold; background: $boost; }
    NightPane #dust-night-columns { height: auto; layout: vertical; }
    NightPane .dust-night-column { height: auto; }
    NightPane.-wide #dust-night-columns { layout: horizontal; }
    NightPane.-wide .dust-night-column { width: 1fr; }
    NightPane.-wide #dust-night-told { border-left: solid $primary; padding-left: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        # by key and palette, named in the headings, so the footer fits 80 columns
        Binding("f", "cycle_format", "BBCode/Markdown/plain", id="dust.format", show=False),
        Binding("c", "copy_post", "Copy post", id="dust.copy_post"),
        Binding("m", "copy_messages", "Copy messages", id="dust.copy_messages", show=False),
        Binding("y", "copy_one", "Copy a message", id="dust.copy_one",
                tooltip="Copy what one player is told, to paste into his private message"),
        Binding("l", "copy_last", "Copy last post", id="dust.copy_last",
                tooltip="Copy the thread's newest post: at twilight, the lynch and the flip"),
        Binding("u", "undo_night", "Undo night", id="dust.undo_night", show=False,
                tooltip="Take the last resolved night back as one step; the choices stay, "
                        "to be corrected one by one on the Conflict tab"),
        Binding("w", "late_note", "Dead's note", id="dust.late_note",
                tooltip="Add the note a player killed last night sent with his Notebook to "
                        "the day's post"),
        Binding("v", "copy_count", "Copy vote count", id="dust.copy_count", show=False,
                tooltip="Copy today's votes, to post the count in the thread"),
    ]
    FORMATS = ("BBCode", "Markdown", "plain")

    def __init__(self) -> None:
        super().__init__()
        self.format = "BBCode"
        self.post: Post | None = None
        #: today's vote count, by day only
        self.count: Post | None = None
        self.messages: list[Message] = []
        #: the thread's newest post, when it is not the post shown above
        self.last: Post | None = None
        #: the night whose resolution is previewed (None: what is shown was sent)
        self.preview: int | None = None

    def compose(self) -> ComposeResult:
        # one scroll; from WIDE columns the private messages stand beside the night
        with VerticalScroll(id="dust-night"), Horizontal(id="dust-night-columns"):
            with Vertical(classes="dust-night-column"):
                # first: at twilight the lynch and the flip are what to post now
                yield Static(id="dust-night-last-heading", classes="dust-heading",
                             markup=False)
                yield Static(id="dust-night-last", markup=False)
                yield Static(id="dust-night-title", classes="dust-heading", markup=False)
                yield Static(id="dust-night-steps", markup=False)
                yield Static("The post", classes="dust-heading", markup=False)
                yield Static(id="dust-night-post", markup=False)
                yield Static("The vote count (v copies it)", id="dust-night-count-heading",
                             classes="dust-heading", markup=False)
                yield Static(id="dust-night-count", markup=False)
            with Vertical(id="dust-night-told", classes="dust-night-column"):
                yield Static("Private messages (y copies one player's, m all of them)",
                             classes="dust-heading", markup=False)
                yield Static(id="dust-night-messages", markup=False)

    def on_resize(self) -> None:
        self.set_class(self.size.width >= WIDE, "-wide")

    def on_mount(self) -> None:
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        campaign = self.campaign
        if campaign is None:
            return
        state: DustState = campaign.state
        self.preview = None
        if state.phase == "night":
            night = self.preview = state.number
            outcome = resolve_night(state, draw_lots(campaign))
            title = f"Night {night}: PREVIEW of the resolution (nothing is sent yet)"
            steps = outcome.steps
            self.post = Post(f"PREVIEW of the {outcome.post.title} post, not to be posted", (
                f"Night {night} is not resolved yet: this is what its post would say now.",
                *outcome.post.lines))
            self.messages = [Message(f"Night {night}", p, (
                f"PREVIEW, not to be sent: Night {night} is not resolved yet.", *lines))
                for p, lines in outcome.messages]
        else:
            night = state.number - 1
            title = (f"Night {night}: resolved. u takes it back as one step; then, on the "
                     "Conflict tab, a corrects the highlighted player's action, r resolves "
                     "again" if night > 0 else "No night resolved yet")
            if state.phase == "day" and state.late_notes:
                names = ", ".join(name for name, _ in state.late_notes)
                title += f"; w adds the note of {names}, killed with a Notebook"
            steps = tuple(s for s in state.steps if s.night == night)
            self.post = next((p for p in reversed(state.posts)
                              if p.title == f"Day {state.number}"), None)
            # the night's messages, then the day's own (role cards, gifts received)
            self.messages = [m for m in state.messages
                             if m.when in (f"Night {night}", f"Day {state.number}")]
        self.count = vote_count(state) if state.phase == "day" else None
        newest = state.posts[-1] if state.posts else None
        self.last = None if newest is None or newest == self.post else newest
        self.query_one("#dust-night-title", Static).update(Text(title))
        self.query_one("#dust-night-steps", Static).update(
            Text("\n".join(f"{s.stage:>13}  {s.text}" for s in steps) or "-"))
        self.redraw_text()
        self.refresh_bindings()  # the copy keys follow what there is to copy

    def formatted_post(self, post: Post | None = None) -> str:
        """The post that opened the day (or `post`) in the chosen format."""
        post = post or self.post
        if post is None:
            return ""
        render = {"BBCode": post_bbcode, "Markdown": post_markdown}.get(self.format, post_plain)
        return render(post)

    def formatted_messages(self, player: str | None = None) -> str:
        """Every message shown, or only those to `player`, in the chosen format."""
        chosen = [m for m in self.messages if player is None or m.player == player]
        render = {"BBCode": message_bbcode, "Markdown": message_markdown}.get(
            self.format, message_plain)
        return "\n\n".join(render(m) for m in chosen)

    def redraw_text(self) -> None:
        for part in ("#dust-night-last-heading", "#dust-night-last"):
            self.query_one(part).display = self.last is not None
        if self.last is not None:
            self.query_one("#dust-night-last-heading", Static).update(
                Text(f"The thread's newest post, {self.last.title} (l copies it)"))
            self.query_one("#dust-night-last", Static).update(
                Text(self.formatted_post(self.last)))
        self.query_one("#dust-night-post", Static).update(
            Text(f"({self.format}; f for {self.other_formats()})\n"
                 + (self.formatted_post() or "-")))
        self.query_one("#dust-night-messages", Static).update(
            Text(self.formatted_messages() or "-"))
        for part in ("#dust-night-count-heading", "#dust-night-count"):
            self.query_one(part).display = self.count is not None
        self.query_one("#dust-night-count", Static).update(
            Text(self.formatted_post(self.count) if self.count else ""))

    def other_formats(self) -> str:
        """The formats `f` goes on to, named in the post's heading."""
        return " or ".join(f for f in self.FORMATS if f != self.format)

    def action_cycle_format(self) -> None:
        self.format = self.FORMATS[(self.FORMATS.index(self.format) + 1) % len(self.FORMATS)]
        self.redraw_text()

    def action_copy_post(self) -> None:
        self.app.copy_to_clipboard(self.formatted_post())
        if self.preview is None:
            self.notify(f"The post is copied ({self.format}).")
        else:
            self.notify(f"A PREVIEW of the next day's post is copied ({self.format}), marked "
                        f"as one: it is not the post. Resolve Night {self.preview} (r on the "
                        "Conflict tab) for the post itself.", title="Preview copied")

    def action_copy_last(self) -> None:
        if self.last is not None:
            self.app.copy_to_clipboard(self.formatted_post(self.last))
            self.notify(f"The thread's newest post, {self.last.title}, is copied "
                        f"({self.format}).", markup=False)

    def action_copy_count(self) -> None:
        self.app.copy_to_clipboard(self.formatted_post(self.count))
        self.notify(f"The vote count is copied ({self.format}).")

    def action_copy_messages(self) -> None:
        self.app.copy_to_clipboard(self.formatted_messages())
        if self.preview is None:
            self.notify(f"{len(self.messages)} messages are copied ({self.format}).")
        else:
            self.notify(f"{len(self.messages)} PREVIEW messages are copied ({self.format}), "
                        f"each marked as one: not to be sent before Night {self.preview} is "
                        "resolved.", title="Preview copied")

    def action_copy_one(self) -> None:
        players = [(name, name) for name in dict.fromkeys(m.player for m in self.messages)]

        def copy(values: dict[str, str]) -> None:
            if not values["player"]:
                return
            self.app.copy_to_clipboard(self.formatted_messages(values["player"]))
            if self.preview is None:
                self.notify(f"The message to {values['player']} is copied ({self.format}).",
                            markup=False)
            else:
                self.notify(f"A PREVIEW of the message to {values['player']} is copied "
                            f"({self.format}), marked as one: not to be sent before Night "
                            f"{self.preview} is resolved.", title="Preview copied",
                            markup=False)

        ask(self, DustForm("Copy one player's message", [Field("player", "Player", players)]),
            copy)

    def why_not(self, action: str) -> str:
        if action == "copy_post" and self.post is None:
            return "Nothing to copy yet: the first post is written when Day 1 starts."
        if action in ("copy_messages", "copy_one") and not self.messages:
            return "No private messages to copy at this moment."
        if action == "copy_last" and self.last is None:
            return "The thread's newest post is the one shown as the post: c copies it."
        if action == "copy_count" and self.count is None:
            return "Votes are counted by day; the vote count waits for the next day."
        if action == "late_note" and not self.late_writers():
            return ("No note to add: only a player killed last night who held a Notebook and "
                    "wrote no note may add one, until the day ends.")
        if action == "undo_night" and not self.resolved_nights():
            return "No night has been resolved."
        return ""

    def late_writers(self) -> list[str]:
        """The players killed last night who may still add their Notebook note."""
        state: DustState | None = self.campaign.state if self.campaign else None
        if state is None or state.phase != "day":
            return []
        return [name for name, _ in state.late_notes]

    def action_late_note(self) -> None:
        writers = [(name, name) for name in self.late_writers()]
        if not writers:
            return
        ask(self, DustForm("A dead player's note, for the day's post", [
            Field("player", "Written by", writers, writers[0][1]),
            Field("text", "The note", None)]),
            lambda v: AddLateNote(v["player"], v["text"]))

    def resolved_nights(self) -> list[Event]:
        if self.campaign is None:
            return []
        return [e for e in self.campaign.events
                if e.kind == "dust.night_resolved" and not self.campaign.is_undone(e)]

    def action_undo_night(self) -> None:
        resolved = self.resolved_nights()
        if resolved and self.campaign is not None:
            self.post_message(GamePane.UndoRequested(
                self, last_seq_before(self.campaign, resolved[-1].step)))


def last_seq_before(campaign: Campaign[Any], step: int) -> int:
    """The newest event still in effect before `step`: undoing back to it takes back that
    step and every one after it. The event just before the step may be an undo or a redo,
    or belong to a step undone since; neither can be undone to."""
    history = campaign.history
    earlier = [s for s in history.stack if s < step]
    return history.steps[earlier[-1]][-1].seq if earlier else 0
