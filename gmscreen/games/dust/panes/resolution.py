"""The Posts tab: the night's resolution step by step, the post and the private messages,
ready to paste into the forum; the thread's newest post (the lynch and the flip, at
twilight) and, by day, the vote count.

What is copied to send or to post is ticked off in the journal (`CopyMessages`,
`CopyPost`), never a preview, so the tab says which messages are still to send and which
posts still to make (`l` copies them one by one, the oldest first, but by night the lynch
before the day's opening post), across the evening and after the app
is closed: the moderator keeps no list of them by hand. A message or a post copied leaves
the tab with the day it belongs to, as before; until then the day's messages not yet copied
stay through its night, and the question before a night is resolved, or a session ended,
names what is left.

During a night everything shown is a preview of the resolution: the post and each message
say so in their own text, and copying one says so, so a preview is never pasted as the
post. What is shown is `view.night_page`; this tab lays it out and copies it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from gmscreen.games.dust import checks, view
from gmscreen.games.dust.commands import (
    AddLateNote,
    CopyMessages,
    CopyPost,
    CorrectLateNote,
)
from gmscreen.games.dust.messages import Export, message_text, post_text
from gmscreen.games.dust.night_rules import (
    draw_lots,
    read_then_taken_back,
    why_not_undo_night,
)
from gmscreen.games.dust.panes.base import DustPane
from gmscreen.games.dust.panes.cycle import WIDE
from gmscreen.games.dust.state import Message, Post, Step
from gmscreen.journal.events import Event
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine, clickable
from gmscreen.ui.steps import Refusal

#: before a player's name in the choice of `y`: his messages to send now during a night
#: (a power corrected at twilight, a gift of the day just ended), apart from his preview;
#: longer than a player's name may be (`checks.NAME_LIMIT`), so no player's is ever read
#: as it
SENT = "(to send now, apart from the preview) "

#: what stands in place of the post, and of the messages, while there are none
NO_POST = "The first post is written when Day 1 starts."
NO_MESSAGES = "No private messages to copy at this moment."
#: the formats `f` goes through, with the words the tab names them by
FORMATS: tuple[tuple[Export, str], ...] = (("bbcode", "BBCode"), ("md", "Markdown"),
                                           ("txt", "plain"))


class PostsPane(DustPane):
    """The last night's resolution step by step, the post that opened the day, and every
    private message, as BBCode, Markdown or plain text; during a night, a preview."""

    DEFAULT_CSS = """
    PostsPane #dust-night { height: 1fr; }
    PostsPane .dust-heading { text-style: bold; background: $boost; }
    PostsPane #dust-night-columns { height: auto; layout: vertical; }
    PostsPane .dust-night-column { height: auto; }
    PostsPane.-wide #dust-night-columns { layout: horizontal; }
    PostsPane.-wide .dust-night-column { width: 1fr; }
    PostsPane.-wide #dust-night-told { border-left: solid $primary; padding-left: 1; }
    """
    WIDE_FROM = WIDE
    BINDINGS: ClassVar[list[BindingType]] = [
        # by key and palette, named in the headings, so the footer fits 80 columns
        Binding("f", "cycle_format", "BBCode/Markdown/plain", id="dust.cycle_format",
                show=False, tooltip="Write the posts and messages for a forum (BBCode), a "
                                    "chat or wiki (Markdown), or as plain text"),
        Binding("c", "copy_post", "Copy post", id="dust.copy_post",
                tooltip="Copy the post shown (the day's opening: the night's dead and their "
                        "flips), to paste into the thread; it is ticked off as posted"),
        Binding("m", "copy_messages", "Copy messages", id="dust.copy_messages", show=False,
                tooltip="Copy every private message shown, each under its player's name, to "
                        "send one by one; each is ticked off as sent"),
        Binding("y", "copy_one", "Copy a message", id="dust.copy_one",
                tooltip="Copy what one player is told, to paste into his private message; "
                        "it is ticked off as sent, and the list opens on the next one to "
                        "send"),
        Binding("l", "copy_last", "Copy last post", id="dust.copy_last",
                tooltip="Copy the oldest post not yet copied to the thread (all copied, the "
                        "newest): at twilight, the lynch and the flip; it is ticked off"),
        Binding("u", "undo_night", "Undo night", id="dust.undo_night", show=False,
                tooltip="Take the last resolved night back as one step; the choices stay, "
                        "to be corrected one by one on the Day and night tab"),
        Binding("w", "late_note", "Dead's note", id="dust.late_note",
                tooltip="Add the note a player killed last night sent with his Notebook to "
                        "the day's post; once added, put its words right"),
        Binding("v", "copy_count", "Copy vote count", id="dust.copy_count", show=False,
                tooltip="Copy today's votes, to post the count in the thread"),
    ]
    #: the palette finds a step by the game's words ("format", "thread", "notebook")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "cycle_format": "Format: BBCode/Markdown/plain", "copy_post": "Copy post for the thread",
        "late_note": "Dead's note (his Notebook)"}
    LOOKING = frozenset({"cycle_format", "copy_post", "copy_messages", "copy_one",
                         "copy_last", "copy_count"})

    def __init__(self) -> None:
        super().__init__()
        self.format: Export = "bbcode"
        self.page: view.NightPage | None = None

    def compose(self) -> ComposeResult:
        # one scroll; from WIDE columns the private messages stand beside the night
        # a plain scroll, a Tab stop however short: the tab's one place for the keyboard,
        # its keys (c, y, l) the pane's, which a focus nowhere in it left dead
        with VerticalScroll(id="dust-night"), Horizontal(id="dust-night-columns"):
            with Vertical(id="dust-night-posts", classes="dust-night-column"):
                # what the thread or a player read before an undo took it back
                yield Static(id="dust-night-read", markup=False)
                # the posts still to make: none lost when another comes after it
                yield Static(id="dust-night-to-post", markup=False)
                # first: at twilight the lynch and the flip are what to post now
                yield Static(id="dust-night-last-heading", classes="dust-heading",
                             markup=False)
                yield Static(id="dust-night-last", markup=False)
                yield Static(id="dust-night-title", classes="dust-heading", markup=False)
                yield Static(id="dust-night-steps", markup=False)
                yield Static("The post", id="dust-night-post-heading", classes="dust-heading",
                             markup=False)
                # the keys the headings name are clicked as they are pressed
                yield KeysLine(id="dust-night-post", markup=False)
                yield KeysLine(clickable([("", "The vote count ("),
                                          ("copy_count", "v copies it"), ("", ")")]),
                               id="dust-night-count-heading", classes="dust-heading",
                               markup=False)
                yield Static(id="dust-night-count", markup=False)
            with Vertical(id="dust-night-told", classes="dust-night-column"):
                yield KeysLine(clickable([
                    ("", "Private messages ("), ("copy_one", "y copies one player's"),
                    ("", ", "), ("copy_messages", "m all of them"), ("", ")")]),
                    classes="dust-heading", markup=False)
                # who is still to be sent his: the moderator ticks none off by hand
                yield Static(id="dust-night-to-send", markup=False)
                yield Static(id="dust-night-messages", markup=False)

    @property
    def words(self) -> str:
        """The chosen format as the tab names it."""
        return dict(FORMATS)[self.format]

    def redraw(self) -> None:
        if self.campaign is None:
            return
        page = self.page = view.night_page(self.state, draw_lots(self.campaign))
        self.query_one("#dust-night-title", Static).update(Text(self.keyed(page.title)))
        steps = self.query_one("#dust-night-steps", Static)
        # no steps: the title says why, and what will come here
        steps.display = bool(page.steps)
        steps.update(steps_grid(page.steps))
        self.put_the_night_in_place(page)
        self.redraw_text()
        self.refresh_bindings()  # the copy keys follow what there is to copy

    def put_the_night_in_place(self, page: view.NightPage) -> None:
        """During a night its preview's steps come before the post they make, to be checked
        before it is resolved; by day the post to paste and the vote count come first and
        the night's steps, its record, after them: at 80x24 the steps of a night filled the
        screen and the day's post was below its edge all day."""
        column = self.query_one("#dust-night-posts", Vertical)
        title = self.query_one("#dust-night-title", Static)
        steps = self.query_one("#dust-night-steps", Static)
        if page.preview is None:
            column.move_child(title, after=self.query_one("#dust-night-count", Static))
        else:
            column.move_child(title, before=self.query_one("#dust-night-post-heading", Static))
        column.move_child(steps, after=title)

    def formatted_post(self, post: Post | None = None) -> str:
        """The post that opened the day (or `post`) in the chosen format."""
        post = post or (self.page.post if self.page else None)
        return post_text(post, self.format) if post is not None else ""

    def formatted_messages(self, player: str | None = None, *, sent: bool | None = None
                           ) -> str:
        """Every message shown, or only those to `player`, in the chosen format: during a
        night those sent in it first, then the preview (`sent`: only the one or the other)."""
        page = self.page
        shown = (*(page.sent if sent is not False else ()),
                 *(page.messages if not sent else ())) if page else ()
        return "\n\n".join(message_text(m, self.format) for m in shown
                           if player is None or m.player == player)

    def redraw_text(self) -> None:
        page = self.page
        if page is None:
            return
        for part in ("#dust-night-last-heading", "#dust-night-last"):
            self.query_one(part).display = page.last is not None
        read = read_then_taken_back(self.campaign) if self.campaign is not None else None
        taken = self.query_one("#dust-night-read", Static)
        taken.display = read is not None
        taken.update(Text(read or ""))
        to_post = self.query_one("#dust-night-to-post", Static)
        to_post.display = bool(page.unposted)
        to_post.update(Text(self.keyed(to_post_line(page))))
        if page.last is not None:
            self.query_one("#dust-night-last-heading", Static).update(
                Text(self.keyed(last_heading(page, len(self.state.posts)))))
            self.query_one("#dust-night-last", Static).update(
                Text(self.formatted_post(page.last)))
        others = " or ".join(words for fmt, words in FORMATS if fmt != self.format)
        post = clickable([("", f"({self.words}; "), ("cycle_format", f"f for {others}"),
                          ("", ")\n")])
        post.append(self.formatted_post() or NO_POST)
        self.query_one("#dust-night-post", KeysLine).update(post)
        self.query_one("#dust-night-messages", Static).update(
            Text(self.formatted_messages() or NO_MESSAGES))
        to_send = self.query_one("#dust-night-to-send", Static)
        to_send.display = bool(page.sent or (page.messages and page.preview is None))
        to_send.update(Text(to_send_line(page)))
        for part in ("#dust-night-count-heading", "#dust-night-count"):
            self.query_one(part).display = page.count is not None
        self.query_one("#dust-night-count", Static).update(
            Text(self.formatted_post(page.count) if page.count else ""))

    def action_cycle_format(self) -> None:
        formats = [fmt for fmt, _ in FORMATS]
        self.format = formats[(formats.index(self.format) + 1) % len(formats)]
        self.redraw_text()

    # -- copying ------------------------------------------------------------------------------

    def why_not(self, action: str) -> Refusal:
        page = self.page
        if self.campaign is None or page is None:
            return None
        if action == "copy_post" and page.post is None:
            return f"Nothing to copy yet. {NO_POST}"
        if action in ("copy_messages", "copy_one") and not (page.messages or page.sent):
            return NO_MESSAGES
        if action == "copy_last" and page.last is None:
            return "The thread's newest post is the one shown as the post: c copies it."
        if action == "copy_count" and page.count is None:
            return checks.why_not_vote(self.state)
        if action == "late_note":
            # a note still due is added; once entered, it is put right
            return checks.why_not_late_note(self.state) and checks.why_not_correct_late_note(
                self.state)
        if action == "undo_night":
            return why_not_undo_night(self.state, resolved=bool(self.resolved_nights()))
        return None

    def copied(self, what: str, *, preview: str = "") -> None:
        """Say what was copied; a preview (the night's messages before it is resolved) says
        so, under its own words, and that it is not to be sent yet."""
        night = self.page.preview if self.page is not None else None
        if not preview or night is None:
            self.notify(f"{what} copied ({self.words}).", markup=False)
        else:
            self.notify(f"{preview} copied ({self.words}), marked as one: not to be sent "
                        f"before Night {night} is resolved.", title="Preview copied",
                        markup=False)

    def action_copy_post(self) -> None:
        self.app.copy_to_clipboard(self.formatted_post())
        page = self.page
        if page is not None and page.preview is not None:
            self.notify(f"A PREVIEW of the next day's post is copied ({self.words}), marked "
                        f"as one: it is not the post. Resolve Night {page.preview} (r on the "
                        "Day and night tab) for the post itself.", title="Preview copied")
        else:
            self.notify(f"The post is copied ({self.words}).")
            self.tick_post(page.post_at if page else None)

    def action_copy_last(self) -> None:
        page = self.page
        if page is not None and page.last is not None:
            self.app.copy_to_clipboard(self.formatted_post(page.last))
            newest = "newest " if page.last_at == len(self.state.posts) - 1 else ""
            self.copied(f"The thread's {newest}post, {page.last.title}, is")
            self.tick_post(page.last_at)

    def tick_post(self, place: int | None) -> None:
        """The thread's post at `place` is copied to post: ticked off in the journal (never
        a preview, never in a replay), so the tab says which posts are still to make."""
        if place is None or place in self.state.posted or self.replaying:
            return
        self.send(CopyPost(place))

    def action_copy_count(self) -> None:
        if self.page is not None and self.page.count is not None:
            self.app.copy_to_clipboard(self.formatted_post(self.page.count))
            self.copied("The vote count is")

    def action_copy_messages(self) -> None:
        self.app.copy_to_clipboard(self.formatted_messages())
        page = self.page
        count = len(page.messages) if page else 0
        self.copied(f"{count} messages are", preview=f"{count} PREVIEW messages are")
        if page is not None:
            # every message copied to send is ticked off, a preview's never
            self.tick_off(page.to_send, page.sent if page.preview is not None
                          else (*page.sent, *page.messages))

    def action_copy_one(self) -> None:
        page = self.page
        # during a night, a message already sent in it is copied apart from the preview
        apart = page is not None and page.preview is not None
        waiting = page.to_send if page else ()

        def ticked(name: str) -> str:
            return f"{name} (copied)" if name not in waiting else name

        players = [(f"{ticked(name)}: to send now, not a preview", SENT + name)
                   for name in dict.fromkeys(m.player for m in page.sent)] if page else []
        players += [(name if apart else ticked(name), name) for name in dict.fromkeys(
            m.player for m in (page.messages if apart else (*page.sent, *page.messages)))
        ] if page else []

        def copy(values: Values) -> None:
            chosen = values.text("player")
            player = chosen.removeprefix(SENT)
            # what is left to send once this one is ticked off, said with the copy: at
            # 80x24 the tab's line is out of sight below the messages
            left = [name for name in waiting if name != player]
            ticked = (f" and ticked off as sent; {len(left)} still to send" if left else
                      " and ticked off as sent; none left to send") if player in waiting else ""
            if chosen != player:
                self.app.copy_to_clipboard(self.formatted_messages(player, sent=True))
                self.notify(f"The message to {player}, to send now, is copied "
                            f"({self.words}){ticked}.", markup=False)
                self.tick_off((player,), page.sent if page else ())
                return
            self.app.copy_to_clipboard(self.formatted_messages(
                player, sent=False if apart else None))
            if apart:
                self.copied(f"The message to {player} is",
                            preview=f"A PREVIEW of the message to {player} is")
                return
            self.notify(f"The message to {player} is copied ({self.words}){ticked}.",
                        markup=False)
            if page is not None:
                self.tick_off((player,), (*page.sent, *page.messages))

        # the list opens on the first message still to send: the moderator copies them one
        # after another, and the one just copied stays listed, ticked "(copied)"
        first = next((value for _, value in players if value.removeprefix(SENT) in waiting
                      and (value.startswith(SENT) or not apart)), players[0][1])
        ask(self, Form("Copy one player's message",
                       [form.pick("player", "Player", players, first,
                                  about="Whose private message to copy, to paste into "
                                        "the forum's message to him: it is ticked off as "
                                        "sent.")],
                       send_label="Copy"), copy)

    def tick_off(self, players: Sequence[str], shown: Sequence[Message]) -> None:
        """The messages to `players` among `shown` are copied to send: ticked off in the
        journal (never a preview's, never in a replay), so the tab says who is still to be
        sent his across the evening and after the app is closed."""
        page = self.page
        waiting = [name for name in players if page is not None and name in page.to_send]
        if not waiting or self.replaying:
            return
        whens = tuple(dict.fromkeys(m.when for m in shown if m.player in waiting))
        self.send(CopyMessages(tuple(waiting), whens))

    # -- changing the night -------------------------------------------------------------------

    def action_late_note(self) -> None:
        writers = [name for name, _ in self.state.late_notes]
        if writers:
            ask(self, Form("A dead player's note, for the day's post", [
                form.choose("player", "Written by", writers, writers[0],
                            about="A player killed last night who held a Notebook and "
                                  "wrote no note then."),
                form.text("text", "The note",
                          about="His words as he sent them: they join today's post, never "
                                "his name.")]),
                lambda v: AddLateNote(v.text("player"), v.text("text")))
            return
        found = dict(self.state.notes_found)
        first = next(iter(found))

        def words_of(shown: Form) -> None:
            # the writer chosen: his note's words as entered, to be mended
            shown.set_value("text", found.get(shown.values().text("player"), ""))

        ask(self, Form("Put a dead player's note right", [
            form.choose("player", "Written by", list(found), first),
            form.text("text", "The note", found[first],
                      about="The words as he wrote them, put right.")],
            note="The thread is told the note posted today reads otherwise, never who "
                 "wrote it."),
            lambda v: CorrectLateNote(v.text("player"), v.text("text")))

    def resolved_nights(self) -> list[Event]:
        if self.campaign is None:
            return []
        return [e for e in self.campaign.events
                if e.kind == "dust.night_resolved" and not self.campaign.is_undone(e)]

    def action_undo_night(self) -> None:
        resolved = self.resolved_nights()
        if resolved:
            self.undo_from(resolved[-1])


def to_post_line(page: view.NightPage) -> str:
    """The posts of the day and its night not yet copied to the thread, the oldest first,
    and the keys that copy them."""
    titles = "; ".join(post.title for post in page.unposted)
    others = len(page.unposted) - page.day_unposted
    keys = ("c copies the day's post, l the others one by one"
            if page.day_unposted and others else
            "c copies it" if page.day_unposted else
            "l copies it" if others == 1 else "l copies them one by one")
    return f"Not yet copied to the thread: {titles} ({keys})."


def last_heading(page: view.NightPage, posts: int) -> str:
    """The heading over the post `l` copies: the thread's newest, or the oldest of those
    still to post and how many come after it (`posts`: how many the thread has)."""
    assert page.last is not None
    if page.last_at == posts - 1:
        return f"The thread's newest post, {page.last.title} (l copies it)"
    more = len(page.unposted) - page.day_unposted - 1
    after = f"; {more} more after it" if more > 0 else ""
    return f"Still to post: {page.last.title} (l copies it{after})"


def to_send_line(page: view.NightPage) -> str:
    """Who is still to be sent his private message (`y` copies one and ticks it off), or
    that every one shown is copied; nothing is said of a preview, which is never sent."""
    real = page.sent if page.preview is not None else (*page.sent, *page.messages)
    if page.to_send and len(page.to_send) == len({m.player for m in real}):
        # none yet: counted, not fifteen names over three lines above the messages
        return (f"None of the {len(page.to_send)} players' messages is copied to send yet (y "
                "copies one and ticks it off, m all of them).")
    if page.to_send:
        return (f"Not yet copied to send ({len(page.to_send)}): {', '.join(page.to_send)}. "
                "y copies one and ticks it off.")
    what = "to send now" if page.preview is not None else "shown"
    return f"Every message {what} is copied to send (y copies one again)."


def steps_grid(steps: Sequence[Step]) -> RenderableType:
    """The night's steps, the stage beside each: a step too long for a line goes on under
    its own text, not under the stages (at 80 columns it ran back to the left edge)."""
    if not steps:
        return Text("")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True, width=13)
    grid.add_column(ratio=1)
    for step in steps:
        grid.add_row(Text(step.stage), Text(step.text))
    return grid
