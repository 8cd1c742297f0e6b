"""The state of a game of Dust: frozen, rebuilt by folding the journal's events.

The cycle is Day 1, Night 1, Day 2, Night 2...; `number` is the current one. The phase is
"setup" before the first day, "day" until the hammer falls (or the day ends without a
lynch), "night" from then (twilight included) until the night is resolved, and "over" once a
side has won.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Annotated

from gmscreen.core.text import plural_word
from gmscreen.games.dust.powers import (
    AVATAR,
    ItemDef,
    LocationDef,
    Power,
    RoleDef,
)
from gmscreen.journal.decider import NAME

#: the vote that ends the day without a lynch when it reaches a majority
NO_LYNCH = "no lynch"


def lynched_fate(day: int) -> str:
    """A lynched player's fate, as his status reads."""
    return f"lynched on Day {day}"


@dataclass(frozen=True)
class Held:
    """One copy of an item in a player's hands; `used` counts uses of a multi-use copy."""

    item: str
    used: int = 0


@dataclass(frozen=True)
class Modkill:
    """A removal of this day or night: who, the items he held, and the votes (voter,
    target) it withdrew, his and those on him."""

    player: str
    items: tuple[Held, ...] = ()
    votes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Player:
    name: str
    role: str
    alive: bool = True
    items: tuple[Held, ...] = ()
    #: (power name, times used) for role powers with limited uses
    spent: tuple[tuple[str, int], ...] = ()
    #: how he died, for the moderator ("killed in Night 1: the Scum's night kill (carried out
    #: by ...")
    death: str = ""
    #: how he died as the thread was told ("found dead on Day 2"): no killer, no cause
    fate: str = ""
    #: the Innocent whom the moderator has vouched for
    vouched: bool = False
    #: his place in the order of the game's deaths (1: the first to die; 0 while he lives;
    #: those killed in one night share the night's), so a recap lists the dead as they fell
    fell: int = 0
    #: the names the slot was played under before this one, the first first (a replacement
    #: takes the slot whole; the thread is told of it)
    replaced: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the slot was played under, the first first, this one last."""
        return (*self.replaced, self.name)

    def holds(self, item: str) -> bool:
        return any(h.item == item for h in self.items)

    def times_used(self, power: str) -> int:
        return dict(self.spent).get(power, 0)


@dataclass(frozen=True)
class Location:
    """A location as it stands now: `entries` are what is left, in order."""

    name: str
    opens: int
    closes: int | None
    entries: tuple[str, ...]
    #: the night it was emptied; an emptied location closes from the next night
    emptied: int | None = None

    def is_open(self, night: int) -> bool:
        if night < self.opens or (self.closes is not None and night >= self.closes):
            return False
        return self.emptied is None or night <= self.emptied

    @property
    def items_left(self) -> int:
        return sum(1 for e in self.entries if e != AVATAR)

    @classmethod
    def from_def(cls, location: LocationDef) -> Location:
        return cls(location.name, location.opens, location.closes, location.entries)


@dataclass(frozen=True)
class PowerUse:
    """A power aimed (or not) during the night: `source` is an item's name or the role's.
    It is the journal's shape too (`dust.night_chosen`), its targets the names it concerns."""

    source: str
    power: str
    targets: tuple[Annotated[str, NAME], ...] = ()
    #: the text of a note
    text: str = ""


@dataclass(frozen=True)
class NightChoice:
    """What one player sent the moderator for tonight. Nothing at all: he stays inside."""

    player: str
    scavenge: str = ""
    uses: tuple[PowerUse, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.scavenge and not self.uses


def choice_text(choice: NightChoice | None) -> str:
    """A player's night choice as the console shows it (and a replacement is told it)."""
    if choice is None:
        return "nothing sent: stays in the church"
    if choice.is_empty:
        return "stays in the church"
    parts = [f"scavenges at {choice.scavenge}"] if choice.scavenge else []
    for use in choice.uses:
        target = f" on {' then '.join(use.targets)}" if use.targets else ""
        note = f" \u201c{use.text}\u201d" if use.text else ""
        parts.append(f"{use.source}: {use.power}{target}{note}")
    return "; ".join(parts)


def voted_words(target: str) -> str:
    """Whom a vote is for, as the board and the thread word it."""
    return "No lynch" if target == NO_LYNCH else target


@dataclass(frozen=True)
class KillChoice:
    """The Scum's night kill: who decided, who carries it out, on whom."""

    by: str
    killer: str
    target: str


@dataclass(frozen=True)
class Message:
    """A private message to one player: `when` is "Day 2" or "Night 1"."""

    when: str
    player: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Post:
    """A public post to the thread (plain text; see `messages` for BBCode and Markdown)."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """One step of a night's resolution, for the moderator: why things happened."""

    night: int
    stage: str
    text: str


@dataclass(frozen=True)
class DustState:
    phase: str = "setup"
    number: int = 0
    roles: tuple[RoleDef, ...] = ()
    items: tuple[ItemDef, ...] = ()
    locations: tuple[Location, ...] = ()
    players: tuple[Player, ...] = ()
    #: today's votes: (voter, whom he votes for), one per voter
    votes: tuple[tuple[str, str], ...] = ()
    #: today's gifts as (giver, item, receiver), for the moderator's eyes only: a gift
    #: changes nothing the day's board shows
    gifts: tuple[tuple[str, str, str], ...] = ()
    #: the church is lit tonight
    lit: bool = False
    choices: tuple[NightChoice, ...] = ()
    kill: KillChoice | None = None
    messages: tuple[Message, ...] = ()
    posts: tuple[Post, ...] = ()
    steps: tuple[Step, ...] = ()
    winner: str = ""
    #: (player, note item): killed last night with a Notebook and no note written; the
    #: moderator may enter the note he sent in time until the day ends
    late_notes: tuple[tuple[str, str], ...] = ()
    #: every player of the Town side who also met a personal win condition, at the end
    personal_wins: tuple[str, ...] = field(default=())
    #: the nights called off as a session ended (no one acted in them)
    called_off: tuple[int, ...] = ()
    #: the segments of each day's deadline clock (0: none is kept), and how many of today's
    #: are gone; every day starts its own, none gone
    deadline: int = 0
    deadline_gone: int = 0
    #: the dead players' notes entered today, (player, text), which the moderator may still
    #: put right
    notes_found: tuple[tuple[str, str], ...] = ()
    #: this day's or night's mod-kills, which the moderator may still take back
    modkills: tuple[Modkill, ...] = ()
    #: the places in `messages` of those the moderator copied from the Posts tab to send
    #: (`dust.messages_copied`): the rest are still to send. Messages are only ever added,
    #: and an undo takes back the newest steps first, so a place names one message for good
    copied: frozenset[int] = frozenset()
    #: the place in `posts` of the post that opened the day now under way (or the one
    #: before this night): the posts from it on are the day's and its night's
    opened: int = 0
    #: the places in `posts` of those the moderator copied from the Posts tab to post in
    #: the thread (`dust.post_copied`); as with `copied`, a place names one post for good
    posted: frozenset[int] = frozenset()
    #: before Day 1, the moderator's own opening for Day 1's post, a paragraph a line (none
    #: written: empty); Day 1's post opens with it
    opening: tuple[str, ...] = ()

    # -- lookups ---------------------------------------------------------------------------

    def role(self, name: str) -> RoleDef | None:
        return next((r for r in self.roles if r.name == name), None)

    def item(self, name: str) -> ItemDef | None:
        return next((i for i in self.items if i.name == name), None)

    def held_label(self, copy: Held) -> str:
        """A copy as its holder (and the moderator) is told of it: what it has left, not
        what was used, since a copy given keeps its uses spent ("Notebook (1 of 2 uses
        left)" in the hands of one who has written nothing in it)."""
        if not copy.used:
            return copy.item
        item = self.item(copy.item)
        if item is None:
            return f"{copy.item} ({copy.used} used)"
        return f"{copy.item} ({item.uses - copy.used} of {item.uses} uses left)"

    def held_alike(self, player: Player) -> list[tuple[str, Held, int]]:
        """`player`'s copies as the moderator's lists name them, copies alike once with how
        many ("Crowbar", copy, 2): "Crowbar, Crowbar" took the room of the column it was cut
        in at 80 columns, and read as a mistake."""
        alike: dict[str, tuple[Held, int]] = {}
        for copy in player.items:
            label = self.held_label(copy)
            first, count = alike.get(label, (copy, 0))
            alike[label] = (first, count + 1)
        return [(label, copy, count) for label, (copy, count) in alike.items()]

    def held_names(self, player: Player) -> list[str]:
        """`player`'s copies for a list's cell: "Crowbar ×2, Alcohol"."""
        return [label + (f" ×{count}" if count > 1 else "")
                for label, _, count in self.held_alike(player)]

    def location(self, name: str) -> Location | None:
        return next((loc for loc in self.locations if loc.name == name), None)

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def role_of(self, name: str) -> RoleDef:
        player = self.player(name)
        role = self.role(player.role) if player else None
        if role is None:
            raise KeyError(f"no role for {name!r}")
        return role

    def is_scum(self, name: str) -> bool:
        return self.role_of(name).alignment == "scum"

    def fellow_scum(self, name: str) -> list[str]:
        """The other Scum, as a Scum player is told of them: "Eve (dead)", "Gus"."""
        return [f"{p.name}{'' if p.alive else ' (dead)'}" for p in self.players
                if p.name != name and self.is_scum(p.name)]

    def uncopied(self, whens: Collection[str]) -> tuple[Message, ...]:
        """The messages of `whens` ("Night 1", "Day 2") not yet copied to send."""
        return tuple(m for place, m in enumerate(self.messages)
                     if m.when in whens and place not in self.copied)

    def to_send(self, whens: Collection[str]) -> tuple[str, ...]:
        """The players with a message of `whens` not yet copied to send, each once, in the
        order of the messages."""
        return tuple(dict.fromkeys(m.player for m in self.uncopied(whens)))

    @property
    def shown_whens(self) -> tuple[str, ...]:
        """The days and nights whose messages the Posts tab holds now: by day the night
        before and the day, by night the day and the night."""
        if self.phase == "night":
            return (f"Day {self.number}", f"Night {self.number}")
        return (f"Night {self.number - 1}", f"Day {self.number}")

    def still_to_paste(self) -> str | None:
        """What the Posts tab still holds to send or to post, in words; None for nothing."""
        said = []
        whom = self.to_send(self.shown_whens)
        if whom:
            named = ", ".join(whom) if len(whom) <= 3 else f"{len(whom)} players"
            said.append(f"the messages to {named} not yet copied to send (Copy a message, "
                        "Copy messages)")
        titles = [f"\u201c{self.posts[place].title}\u201d" for place in self.unposted]
        if titles:
            said.append(f"the {plural_word(len(titles), 'post')} {', '.join(titles)} not yet "
                        "copied to the thread (Copy post, Copy last post)")
        return f"Still on the Posts tab: {' and '.join(said)}." if said else None

    @property
    def unposted(self) -> tuple[int, ...]:
        """The places of the posts of this day and its night (from the post that opened
        the day) not yet copied to post in the thread, the oldest first."""
        return tuple(place for place in range(self.opened, len(self.posts))
                     if place not in self.posted)

    @property
    def living(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.alive)

    def choice(self, name: str) -> NightChoice | None:
        return next((c for c in self.choices if c.player == name), None)

    @property
    def coming_night(self) -> int:
        """The night now or next: by day N and in night N, N; before Day 1, the first."""
        return self.number if self.phase != "setup" else 1

    def open_locations(self, night: int | None = None) -> tuple[Location, ...]:
        night = self.number if night is None else night
        return tuple(loc for loc in self.locations if loc.is_open(night))

    def power_of(self, holder: str, source: str, power: str) -> Power | None:
        """The power `power` of `source` (the holder's role, or an item he holds)."""
        player = self.player(holder)
        if player is None:
            return None
        if source == player.role:
            role = self.role(source)
            return role.power(power) if role else None
        item = self.item(source)
        if item is None or not player.holds(source):
            return None
        return item.power(power)

    def tally(self) -> dict[str, list[str]]:
        """Today's votes by whom they are for, in the order they were cast."""
        count: dict[str, list[str]] = {}
        for voter, target in self.votes:
            count.setdefault(target, []).append(voter)
        return count

    @property
    def result(self) -> str:
        """How the game ended, in a line for the screens ("" while it goes on)."""
        if self.phase != "over":
            return ""
        if self.winner == "draw":
            return "The game is over: a draw, no one is left alive."
        line = f"The game is over: the {self.winner.capitalize()} won."
        if self.personal_wins:
            line += f" {', '.join(self.personal_wins)} also won, alive at the end."
        return line

    def lynched_on(self, day: int) -> str | None:
        """Who was lynched on Day `day` (None: the day ended without a lynch)."""
        return next((p.name for p in self.players if p.fate == lynched_fate(day)), None)

    @property
    def majority(self) -> int:
        return len(self.living) // 2 + 1
