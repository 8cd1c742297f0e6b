"""The top of the screen: which campaign, which game, which session, and the two things the
Dealer must never miss: that they are looking at the past (REPLAY), or that nothing they do
can be saved (READ ONLY)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from gmscreen.journal.campaign import Campaign
from gmscreen.ui.keymap import key_in_words


@dataclass(frozen=True)
class Replayed:
    """The event a replay shows the campaign right after."""

    seq: int
    description: str


def session_words(campaign: Campaign[Any]) -> str:
    if campaign.in_session:
        return f"Session {campaign.session}"
    if campaign.session == 0:
        return "Before the first session"
    return f"Between sessions ({campaign.session} played)"


def says_the_game(name: str, game: str) -> bool:
    """Whether a campaign's `name` says its game's already ("Dust: fifteen in the church"):
    a header then leaves the game's name out, which read twice."""
    return game.lower() in name.lower()


class CampaignHeader(Vertical):
    """One line of who and when; a banner under it while replaying or read only."""

    DEFAULT_CSS = """
    CampaignHeader {
        dock: top;
        height: auto;
        & > #header-line {
            height: 1;
            background: $panel;
            color: $foreground;
        }
        & > .banner {
            height: auto;
            padding: 0 1;
            text-style: bold;
            display: none;
        }
        & > .banner.-shown { display: block; }
        /* the text black or white, whichever reads on the band: the background's colour
           read 2 to 1 on the replay's orange in daylight (round 27) */
        & > #header-replay { background: $warning; color: auto 90%; }
        & > #header-read-only { background: $error; color: auto 90%; }
        & > #header-curtain { background: $accent; color: auto 90%; }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: Campaign[Any] | None = None
        self._replayed: Replayed | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="header-line", markup=False)
        yield Static("", id="header-replay", classes="banner", markup=False)
        yield Static("", id="header-read-only", classes="banner", markup=False)
        from gmscreen.ui.shell import ShellScreen  # which holds this header

        lifts = key_in_words(self.app, "curtain", ShellScreen)
        yield Static(f"CURTAIN: the players' screen is blank ({lifts} lifts it)",
                     id="header-curtain", classes="banner", markup=False)

    def show(self, campaign: Campaign[Any], replay: Campaign[Any] | None = None,
             replayed: Replayed | None = None, *, curtain: bool = False) -> None:
        """`campaign` is the live one; in replay, the session shown is the replay's.
        `curtain`: the players' screen is blanked by the Dealer."""
        self._shown = replay or campaign
        self.query_one("#header-curtain", Static).set_class(curtain, "-shown")
        self._draw_line()
        self._replayed = replayed
        self.query_one("#header-replay", Static).set_class(replayed is not None, "-shown")
        self._draw_banner()
        locked = self.query_one("#header-read-only", Static)
        reason = campaign.read_only_reason
        locked.set_class(reason is not None, "-shown")
        if reason is not None:
            locked.update(Text(f"READ ONLY: {reason}"))

    def _draw_line(self) -> None:
        campaign = self._shown
        if campaign is None:
            return
        right = Text(f"{session_words(campaign)} ")
        title = f" · {campaign.rules.title}"
        # the game's name gives way first, where the campaign's says it already or has no
        # room ("Devils Bluff: a one-… · Devils Bluff"); then a long campaign name gives
        # way, so the session stays in sight
        if (says_the_game(campaign.name, campaign.rules.title)
                or len(campaign.name) + len(title) + right.cell_len + 2 > self.size.width):
            title = ""
        name = Text(campaign.name, "bold")
        name.truncate(max(1, self.size.width - 2 - len(title) - right.cell_len),
                      overflow="ellipsis")
        left = Text.assemble(" ", name, title)
        room = max(1, self.size.width - left.cell_len - right.cell_len)
        line = Text.assemble(left, " " * room, right, no_wrap=True, end="")
        self.query_one("#header-line", Static).update(line)

    def _draw_banner(self) -> None:
        """The replay's banner on one line: the event's words give way to the way out."""
        replayed = self._replayed
        if replayed is None:
            return
        start, end = f"REPLAY after #{replayed.seq}: ", "  (esc: back to now)"
        words = Text(replayed.description)
        # the banner's padding takes a column either side
        words.truncate(max(8, self.size.width - 2 - len(start) - len(end)), overflow="ellipsis")
        self.query_one("#header-replay", Static).update(Text.assemble(start, words, end))

    def on_resize(self) -> None:
        # the session sits at the right edge, so it is laid out again for a new width
        self._draw_line()
        self._draw_banner()
