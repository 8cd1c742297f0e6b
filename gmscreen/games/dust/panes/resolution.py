"""The Night tab: the resolution step by step, the post and the private messages, ready to
paste into the forum."""

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
    post_bbcode,
    post_markdown,
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
        Binding("u", "undo_night", "Undo night", id="dust.undo_night", show=False,
                tooltip="Take the last resolved night back as one step"),
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

    def compose(self) -> ComposeResult:
        # one scroll; from WIDE columns the private messages stand beside the night
        with VerticalScroll(id="dust-night"), Horizontal(id="dust-night-columns"):
            with Vertical(classes="dust-night-column"):
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
        if state.phase == "night":
            outcome = resolve_night(state, draw_lots(campaign))
            title = f"Night {state.number}: PREVIEW of the resolution (nothing is sent yet)"
            steps = outcome.steps
            self.post = outcome.post
            when = f"Night {state.number}"
            self.messages = [Message(when, p, lines) for p, lines in outcome.messages]
        else:
            night = state.number - 1
            title = (f"Night {night}: resolved (u takes it back as one step)" if night > 0
                     else "No night resolved yet")
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
        if self.format == "BBCode":
            return post_bbcode(post)
        if self.format == "Markdown":
            return post_markdown(post)
        return "\n".join([post.title, *post.lines])

    def formatted_messages(self, player: str | None = None) -> str:
        """Every message shown, or only those to `player`, in the chosen format."""
        chosen = [m for m in self.messages if player is None or m.player == player]
        render = {"BBCode": message_bbcode, "Markdown": message_markdown}.get(self.format)
        if render is None:
            return "\n\n".join(f"To {m.player}:\n" + "\n".join(m.lines) for m in chosen)
        return "\n\n".join(render(m) for m in chosen)

    def redraw_text(self) -> None:
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
        self.notify(f"The post is copied ({self.format}).")

    def action_copy_count(self) -> None:
        self.app.copy_to_clipboard(self.formatted_post(self.count))
        self.notify(f"The vote count is copied ({self.format}).")

    def action_copy_messages(self) -> None:
        self.app.copy_to_clipboard(self.formatted_messages())
        self.notify(f"{len(self.messages)} messages are copied ({self.format}).")

    def action_copy_one(self) -> None:
        players = [(name, name) for name in dict.fromkeys(m.player for m in self.messages)]

        def copy(values: dict[str, str]) -> None:
            if values["player"]:
                self.app.copy_to_clipboard(self.formatted_messages(values["player"]))
                self.notify(f"The message to {values['player']} is copied ({self.format}).",
                            markup=False)

        ask(self, DustForm("Copy one player's message", [Field("player", "Player", players)]),
            copy)

    def why_not(self, action: str) -> str:
        if action == "copy_post" and self.post is None:
            return "Nothing to copy yet: the first post is written when Day 1 starts."
        if action in ("copy_messages", "copy_one") and not self.messages:
            return "No private messages to copy at this moment."
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
        if resolved:
            self.post_message(GamePane.UndoRequested(self, resolved[-1].step - 1))
