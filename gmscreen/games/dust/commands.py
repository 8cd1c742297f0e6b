"""What the moderator can do in Dust: one frozen dataclass per command.

Setup: `UseBookSetUp`, `DefineRole`, `DefineItem`, `AddLocation`, `RemoveLocation`,
`AddPlayer`, `CorrectPlayer`, `RemovePlayer`, `DealRoles`, `WriteOpening`, `StartGame`.
Day: `GiveItem`, `CorrectGift`, `UseDayPower`, `Vote`, `EndDay`. Any time in a game:
`ReplacePlayer`, `ModKill`, `CorrectModKill`. Night: `ChooseNight`, `WithdrawNight`,
`ChooseKill`, `ResolveNight`; then, by day, `AddLateNote`, `CorrectLateNote`. Any time:
`CopyMessages`, `CopyPost` (the private messages copied to send, the posts to post,
ticked off). Random
outcomes (the lots that settle shares) travel in the command.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.games.dust.powers import ItemDef, LocationDef, RoleDef
from gmscreen.games.dust.state import NightChoice


@dataclass(frozen=True)
class UseBookSetUp:
    """Define the book's roles, items and locations (the shipped tables).

    `godfather_reads_town`: the table's choice of the usual Mafia godfather, whom anything
    that reads alignment sees as Town; the book's Guilt reads as Scum. `veteran_survives`:
    the Veteran's own win (line 82 names one and does not say it) is ours, alive at the
    end; False, the table gives him none: he wins with the Town."""

    godfather_reads_town: bool = False
    veteran_survives: bool = True


@dataclass(frozen=True)
class DefineRole:
    role: RoleDef


@dataclass(frozen=True)
class DefineItem:
    item: ItemDef


@dataclass(frozen=True)
class AddLocation:
    """A new place to scavenge; the moderator may add them as the game goes on."""

    location: LocationDef


@dataclass(frozen=True)
class RemoveLocation:
    """Take a place off the list before Day 1, for a set-up other than the book's."""

    name: str


@dataclass(frozen=True)
class AddPlayer:
    name: str
    role: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class CorrectPlayer:
    """Before Day 1, `player`'s seat put right in place: the forum name, role and items he
    should have been added with."""

    player: str
    name: str
    role: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class RemovePlayer:
    """Before Day 1, `player`'s seat taken off the list (added by mistake)."""

    player: str


@dataclass(frozen=True)
class DealRoles:
    """Before Day 1, the seats' roles and starting items dealt among the players at random:
    the list's seats as they stand, first to last (each a role and the items it starts
    with), go to `players` in that order; every player keeps his place in the list.
    `players` is every player once, in the order the screen drew from the campaign's
    generator (the draw travels in the command, so replay never deals again)."""

    players: tuple[str, ...]


@dataclass(frozen=True)
class WriteOpening:
    """Before Day 1, the moderator's own opening for Day 1's post, as typed (a paragraph a
    line; blank lines between are dropped); blank takes the one written out."""

    text: str


@dataclass(frozen=True)
class StartGame:
    """Send every player his role and post Day 1."""


@dataclass(frozen=True)
class GiveItem:
    giver: str
    item: str
    receiver: str


@dataclass(frozen=True)
class CorrectGift:
    """Today's gift of `item` by `giver`, entered as going to `was`, put right: it went to
    `receiver`."""

    giver: str
    item: str
    was: str
    receiver: str


@dataclass(frozen=True)
class UseDayPower:
    """A day power: lighting the church with Gasoline or Alcohol, the Innocent's vouch."""

    player: str
    source: str
    power: str


@dataclass(frozen=True)
class Vote:
    """`target` is a living player, `NO_LYNCH`, or "" to withdraw the vote."""

    voter: str
    target: str


@dataclass(frozen=True)
class SetDeadline:
    """Keep a deadline clock of `segments` (4, 6, 8 or 12; 0: none) for each day, shown to
    the table; set by day, it is today's (what is gone stays gone); set before, the next
    day's."""

    segments: int
    why: str = ""


@dataclass(frozen=True)
class TickDeadline:
    """Move today's deadline clock `by` segments (negative: back), for `reason`."""

    by: int
    reason: str


@dataclass(frozen=True)
class EndDay:
    """The deadline passed without a majority: no lynch; night falls."""


@dataclass(frozen=True)
class ChooseNight:
    """A player's night action as he sent it; a later one replaces it."""

    choice: NightChoice


@dataclass(frozen=True)
class WithdrawNight:
    """A night action entered for the wrong player taken back: he has sent nothing."""

    player: str


@dataclass(frozen=True)
class ChooseKill:
    """The Scum's kill as decided by `by`; an empty target takes the kill back."""

    by: str
    killer: str
    target: str


@dataclass(frozen=True)
class ResolveNight:
    """Resolve the night; `lots` is every living player once, in a random order."""

    lots: tuple[str, ...]


@dataclass(frozen=True)
class AddLateNote:
    """The note a player killed last night sent in time, entered after the resolution."""

    player: str
    text: str


@dataclass(frozen=True)
class CorrectLateNote:
    """Today's note of `player`, entered wrongly, put right: it reads `text`."""

    player: str
    text: str


@dataclass(frozen=True)
class CopyMessages:
    """The private messages of `when` ("Night 1", "Day 2") to each of `players` are copied
    from the Posts tab to send them: ticked off, so the tab says who is still to be sent
    his. Those already ticked off are passed over."""

    players: tuple[str, ...]
    when: tuple[str, ...]


@dataclass(frozen=True)
class CopyPost:
    """The thread's post at `place` (0 the first) is copied from the Posts tab to post it:
    ticked off, so the tab says which posts are still to make."""

    place: int


@dataclass(frozen=True)
class ReplacePlayer:
    """`replacement` takes over `player`'s slot (role, items, votes, messages)."""

    player: str
    replacement: str


@dataclass(frozen=True)
class ModKill:
    """The moderator removes a player from the game; `reason` is told to the thread. By
    day, a wagon that then holds the smaller majority lynches at once (`hammer`), or, as the
    moderator rules, waits for the next vote cast (False)."""

    player: str
    reason: str
    hammer: bool = True


@dataclass(frozen=True)
class CorrectModKill:
    """The moderator takes back a removal of this day or night made by mistake: `player`
    plays on."""

    player: str
