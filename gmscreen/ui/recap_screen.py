"""A session's recap on the screen ("Recap this session" in the palette): the story as the
table saw it, or the whole of it (the Dealer's copy, the Judge's, ...); saved beside the
campaign, or copied to paste into a forum or a message, in the format asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, Format, render
from gmscreen.ui.dialog import Dialog
from gmscreen.ui.footer import KeysFooter

#: what each format is for, said on the screen
_FOR = {"txt": "plain text", "md": "Markdown (Discord, GitHub, most wikis)",
        "bbcode": "BBCode (forums)", "html": "a web page"}
_SUFFIX = {"txt": "txt", "md": "md", "bbcode": "bbcode.txt", "html": "html"}


class RecapScreen(Dialog[None]):
    """The recap of one session; keys switch its format, whose copy it is, and the session
    told (p and n: last session's story, told again as the next begins)."""

    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen > Vertical {
        width: 100; max-width: 100%; height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    RecapScreen #recap-title { text-style: bold; color: $text-primary; }
    RecapScreen #recap-how { color: $text-muted; }
    RecapScreen VerticalScroll { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "next_format", "Format", id="recap.format",
                tooltip="Plain text, Markdown, BBCode or HTML"),
        Binding("d", "dealers_copy", "Full copy", id="recap.dealer",
                tooltip="The table's story, or the whole story with all that was hidden"),
        Binding("s", "save", "Save", id="recap.save",
                tooltip="Save it beside the campaign's journal"),
        Binding("c", "copy", "Copy", id="recap.copy", tooltip="Copy it, to paste elsewhere"),
        # not the arrows: they scroll the story
        Binding("p", "other_session(-1)", "Previous", id="recap.previous",
                tooltip="The recap of the session before this one"),
        Binding("n", "other_session(1)", "Next", id="recap.next",
                tooltip="The recap of the session after this one"),
        Binding("escape", "close", "Close", id="recap.close"),
    ]

    def __init__(self, campaign: Campaign[Any], session: int, view: Any) -> None:
        super().__init__()
        self.campaign = campaign
        self.session = session
        #: the sessions that can be told, where p and n go
        self.sessions = recap.sessions_of(campaign)
        self.view = view
        self.format: Format = "txt"
        self.dealer = False
        self.text = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="recap-title")
            yield Static("", id="recap-how", markup=False)
            with VerticalScroll():
                yield Static("", id="recap-text", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        document = recap.build(self.campaign, self.session, self.view, dealer=self.dealer)
        self.text = render(document, self.format)
        whose = (f"{recap.whole_copy(self.campaign.rules.referee)}: everything" if self.dealer
                 else "what the table saw")
        last = max(self.sessions, default=0)
        which = (f"session {self.session} (of {last})" if self.session
                 else "the play before the first session")
        self.query_one("#recap-title", Label).update(Text(f"Recap of {which}"))
        self.query_one("#recap-how", Static).update(Text(
            f"{whose}; as {_FOR[self.format]}. f: format, d: whose copy, s: save, c: copy, "
            "p and n: the session before or after"))
        self.query_one("#recap-text", Static).update(Text(self.text))

    def _beside(self, step: int) -> int | None:
        """The session told before (`step` -1) or after (1) this one, if any."""
        at = self.sessions.index(self.session) + step if self.session in self.sessions \
            else -1
        return self.sessions[at] if 0 <= at < len(self.sessions) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_session":
            return self._beside(int(str(parameters[0]))) is not None
        return True

    def action_other_session(self, step: int) -> None:
        session = self._beside(step)
        if session is not None:
            self.session = session
            self.redraw()
            self.refresh_bindings()
            self.query_one(VerticalScroll).scroll_home(animate=False)

    def action_next_format(self) -> None:
        self.format = FORMATS[(FORMATS.index(self.format) + 1) % len(FORMATS)]
        self.redraw()

    def action_dealers_copy(self) -> None:
        self.dealer = not self.dealer
        self.redraw()

    @property
    def file(self) -> Path | None:
        """Where `s` saves it: beside the journal, named by session and whose copy."""
        path = self.campaign.path
        if path is None:
            return None
        whose = "-dealer" if self.dealer else ""
        return path.with_name(f"{path.stem}.session-{self.session}{whose}."
                              f"{_SUFFIX[self.format]}")

    def action_save(self) -> None:
        file = self.file
        if file is None:
            return
        try:
            file.write_text(self.text, encoding="utf-8")
        except OSError as error:
            self.notify(f"Not saved: {error.strerror}", title="Recap", severity="error",
                        markup=False)
            return
        self.notify(f"Saved as {file}", title="Recap", markup=False)

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.text)
        self.notify("Copied (your terminal passes it to the clipboard).", title="Recap")

    def action_close(self) -> None:
        self.dismiss(None)
