"""What happens in a game of Dust: one typed payload per kind of event ("dust.<fact>").

The roles, items and locations travel in the journal (`RoleData`, `ItemData`,
`LocationDef`, with the powers' own fields), so a campaign replays the same after the
shipped tables change. The kinds and their keys are those of every journal written before;
a key added later has a default (`day` on a vote: 0 in an older journal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from gmscreen.games.dust.powers import ALIGNMENTS, WINS, ItemDef, LocationDef, Power, RoleDef
from gmscreen.games.dust.state import Held, PowerUse
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, NotEmpty, OneOf

KINDS = Kinds("dust.")

Name = Annotated[str, NAME, NotEmpty()]
Cycle = Annotated[int, Between(1)]


@dataclass(frozen=True)
class RoleData:
    """A role as the journal holds it (the keys of `tables/roles.toml`)."""

    name: Annotated[str, NotEmpty()]
    alignment: Annotated[str, OneOf(ALIGNMENTS)]
    title: str = ""
    text: str = ""
    claim: str = ""
    godfather: bool = False
    win: Annotated[str, OneOf(WINS)] = "team"
    default_powers: bool = False
    power: tuple[Power, ...] = ()

    @classmethod
    def of(cls, role: RoleDef) -> RoleData:
        return cls(role.name, role.alignment, role.title, role.text, role.claim, role.godfather,
                   role.win, role.default_powers, role.powers)

    def role(self) -> RoleDef:
        return RoleDef(self.name, self.alignment, self.title or self.name.upper(), self.power,
                       self.text, self.claim, self.godfather, self.win, self.default_powers)


@dataclass(frozen=True)
class ItemData:
    """An item as the journal holds it (the keys of `tables/items.toml`)."""

    name: Annotated[str, NotEmpty()]
    text: str = ""
    uses: Annotated[int, Between(1)] = 1
    tradeable: bool = True
    power: tuple[Power, ...] = ()

    @classmethod
    def of(cls, item: ItemDef) -> ItemData:
        return cls(item.name, item.text, item.uses, item.tradeable, item.powers)

    def item(self) -> ItemDef:
        return ItemDef(self.name, self.power, self.text, self.uses, self.tradeable)


# -- the set-up -----------------------------------------------------------------------------


@KINDS.payload("role_defined")
@dataclass(frozen=True)
class RoleDefined:
    role: RoleData
    #: the table's choice that changed the book's role ("the godfather reads as Town")
    choice: str | None = None
    #: a correction in play: what changed, in the log's words
    changes: tuple[str, ...] | None = None
    #: `changes` made to the role before Day 1 (an edit of the set-up, not a correction)
    before_day_1: bool = False


@KINDS.payload("item_defined")
@dataclass(frozen=True)
class ItemDefined:
    item: ItemData
    changes: tuple[str, ...] | None = None
    #: `changes` made to the item before Day 1 (an edit of the set-up, not a correction)
    before_day_1: bool = False


@KINDS.payload("location_added")
@dataclass(frozen=True)
class LocationAdded:
    location: LocationDef
    #: the same name already on the list: the place put right (its nights, its finds), not a
    #: second one (False in an older journal, whose log read "added" for both)
    edited: bool = False


@KINDS.payload("location_removed")
@dataclass(frozen=True)
class LocationRemoved:
    location: Annotated[str, NotEmpty()]


@KINDS.payload("player_joined")
@dataclass(frozen=True)
class PlayerJoined:
    player: Name
    role: Annotated[str, NotEmpty()]
    items: tuple[str, ...] = ()


@KINDS.payload("player_corrected")
@dataclass(frozen=True)
class PlayerCorrected:
    """Before Day 1: `player`'s seat now holds `name`, with `role` and `items`."""

    player: Name
    name: Name
    role: Annotated[str, NotEmpty()]
    items: tuple[str, ...] = ()


@KINDS.payload("roles_dealt")
@dataclass(frozen=True)
class RolesDealt:
    """Before Day 1: the seats of the list as it stood, first to last (a role and the items
    it starts with), went to `players` in this order; each kept his place in the list.
    `roles` names the role each of them was dealt, for the log (the seats decide)."""

    players: tuple[Name, ...]
    roles: tuple[str, ...] = ()


@KINDS.payload("player_removed")
@dataclass(frozen=True)
class PlayerRemoved:
    player: Name


@KINDS.payload("game_started")
@dataclass(frozen=True)
class GameStarted:
    pass


@KINDS.payload("opening_written", name="Opening of Day 1 written")
@dataclass(frozen=True)
class OpeningWritten:
    """Before Day 1, the moderator's own opening (the story he reads the table as the game
    begins), a paragraph a line, to head Day 1's post; empty: the opening taken out. The
    newest before Day 1 is the one posted; none in a journal older than it."""

    lines: tuple[Annotated[str, NotEmpty()], ...] = ()


# -- the thread and the private messages -----------------------------------------------------


@KINDS.payload("message_sent")
@dataclass(frozen=True)
class MessageSent:
    """A private message: `when` is "Day 2" or "Night 1"."""

    when: Annotated[str, NotEmpty()]
    player: Name
    lines: tuple[str, ...]


@KINDS.payload("messages_copied", name="Messages copied to send")
@dataclass(frozen=True)
class MessagesCopied:
    """The moderator copied `player`'s private messages of `when` ("Night 1", "Day 2") from
    the Posts tab to send him: they are ticked off, no longer to send."""

    player: Name
    when: tuple[str, ...]


@KINDS.payload("post_copied", name="Post copied to the thread")
@dataclass(frozen=True)
class PostCopied:
    """The moderator copied the thread's post at `place` (0 the first), titled `title`,
    from the Posts tab to post it: it is ticked off, no longer to post."""

    place: Annotated[int, Between(0)]
    title: Annotated[str, NotEmpty()]


@KINDS.payload("day_began")
@dataclass(frozen=True)
class DayBegan:
    """The post that opens a day; `about`: the players it names (the night's dead), so the
    log's filter finds it under each; empty in a journal older than it."""

    title: Annotated[str, NotEmpty()]
    lines: tuple[str, ...]
    about: tuple[Name, ...] = ()


@KINDS.payload("posted")
@dataclass(frozen=True)
class Posted:
    """Any other post to the thread; `about`: the players it names, picked by the rule that
    writes it (never a hidden one: a note put right names no writer), so the log's filter
    finds it under each; empty in a journal older than it."""

    title: Annotated[str, NotEmpty()]
    lines: tuple[str, ...]
    about: tuple[Name, ...] = ()


# -- the day --------------------------------------------------------------------------------


@KINDS.payload("item_given")
@dataclass(frozen=True)
class ItemGiven:
    """`day` is the day it was given on, 0 in a journal older than it."""

    giver: Name
    item: Annotated[str, NotEmpty()]
    receiver: Name
    day: Annotated[int, Between(0)] = 0


@KINDS.payload("gift_corrected")
@dataclass(frozen=True)
class GiftCorrected:
    """Day `day`'s gift of `item` by `giver`, entered as going to `was`, went to
    `receiver`."""

    giver: Name
    item: Annotated[str, NotEmpty()]
    was: Name
    receiver: Name
    day: Annotated[int, Between(1)]


@KINDS.payload("church_lit")
@dataclass(frozen=True)
class ChurchLit:
    """`day` is the day the generator was turned on, 0 in a journal older than it."""

    player: Name
    source: Annotated[str, NotEmpty()]
    day: Annotated[int, Between(0)] = 0


@KINDS.payload("vouched")
@dataclass(frozen=True)
class Vouched:
    """`day` is the day of the vouch, 0 in a journal older than it."""

    player: Name
    day: Annotated[int, Between(0)] = 0


@KINDS.payload("power_spent")
@dataclass(frozen=True)
class PowerSpent:
    """A use of a role's power, or of an item's copy (`discard`: the copy is then gone)."""

    player: Name
    source: Annotated[str, NotEmpty()]
    power: Annotated[str, NotEmpty()]
    discard: bool = False
    why: str = ""


@KINDS.payload("vote_cast")
@dataclass(frozen=True)
class VoteCast:
    """`target` is a living player or NO_LYNCH; `day` is 0 in a journal older than it."""

    voter: Name
    target: Name
    day: Annotated[int, Between(0)] = 0


@KINDS.payload("vote_withdrawn")
@dataclass(frozen=True)
class VoteWithdrawn:
    voter: Name
    day: Annotated[int, Between(0)] = 0


@KINDS.payload("player_lynched")
@dataclass(frozen=True)
class PlayerLynched:
    player: Name
    day: Cycle
    voters: tuple[str, ...]


@KINDS.payload("items_lost")
@dataclass(frozen=True)
class ItemsLost:
    """Items gone with their holder's life."""

    player: Name
    items: tuple[str, ...]


@KINDS.payload("day_ended")
@dataclass(frozen=True)
class DayEnded:
    day: Cycle
    lynched: Annotated[str, NAME] = ""
    #: the day's end ends the game too (no night falls); absent from older journals
    ends_game: bool = False


@KINDS.payload("deadline_set")
@dataclass(frozen=True)
class DeadlineSet:
    """Each day's deadline clock is kept of `segments` (0: none); `day`: the day it was set
    on, 0 before Day 1 or at night (then it is the next day's)."""

    segments: Annotated[int, OneOf((0, 4, 6, 8, 12))]
    day: Annotated[int, Between(0)] = 0
    why: str = ""


@KINDS.payload("deadline_ticked")
@dataclass(frozen=True)
class DeadlineTicked:
    """Today's deadline clock moved `by` segments (negative: back)."""

    day: Cycle
    by: Annotated[int, Between(-12, 12)]
    reason: Annotated[str, NotEmpty()]


# -- the night --------------------------------------------------------------------------------


@KINDS.payload("night_withdrawn", name="Night action taken back")
@dataclass(frozen=True)
class NightWithdrawn:
    """`player`'s night action taken back (entered for him by mistake)."""

    player: Name


@KINDS.payload("night_chosen", name="Night action sent")
@dataclass(frozen=True)
class NightChosen:
    """A player's night action as he sent it (it replaces any earlier one)."""

    player: Name
    scavenge: str = ""
    uses: tuple[PowerUse, ...] = ()


@KINDS.payload("night_kill_chosen", name="Scum's kill chosen")
@dataclass(frozen=True)
class NightKillChosen:
    """The Scum's kill; an empty target takes it back."""

    by: Name
    killer: Annotated[str, NAME] = ""
    target: Annotated[str, NAME] = ""


@KINDS.payload("night_step")
@dataclass(frozen=True)
class NightStep:
    """One step of a night's resolution, for the moderator."""

    night: Cycle
    stage: str
    text: str


@KINDS.payload("player_killed")
@dataclass(frozen=True)
class PlayerKilled:
    player: Name
    cause: str
    night: Cycle


@KINDS.payload("item_found")
@dataclass(frozen=True)
class ItemFound:
    player: Name
    item: Annotated[str, NotEmpty()]
    location: str


@KINDS.payload("location_searched")
@dataclass(frozen=True)
class LocationSearched:
    location: Annotated[str, NotEmpty()]
    taken: Annotated[int, Between(0)]
    emptied: bool
    night: Cycle


@dataclass(frozen=True)
class LateNote:
    """A player killed in the night who may still add his note, and the item he writes with."""

    player: Annotated[str, NotEmpty()]
    item: Annotated[str, NotEmpty()]


@KINDS.payload("night_resolved")
@dataclass(frozen=True)
class NightResolved:
    """The night is over; `lots` is the order drawn (or typed) that settled its shares."""

    night: Cycle
    lots: tuple[str, ...]
    late_notes: tuple[LateNote, ...] = ()


@KINDS.payload("night_called_off")
@dataclass(frozen=True)
class NightCalledOff:
    """A night left off as a session ended: no one acts in it, and the next day begins."""

    night: Cycle


@KINDS.payload("late_note_found")
@dataclass(frozen=True)
class LateNoteFound:
    """A dead player's note, sent in time and entered after the resolution."""

    player: Name
    item: Annotated[str, NotEmpty()]
    night: Cycle
    day: Cycle
    text: Annotated[str, NotEmpty()]


@KINDS.payload("late_note_corrected")
@dataclass(frozen=True)
class LateNoteCorrected:
    """`player`'s note, entered on Day `day` as `was`, reads `text`."""

    player: Name
    day: Cycle
    was: Annotated[str, NotEmpty()]
    text: Annotated[str, NotEmpty()]


# -- the roster and the end -------------------------------------------------------------------


@KINDS.payload("player_replaced")
@dataclass(frozen=True)
class PlayerReplaced:
    player: Name
    by: Name


@KINDS.payload("player_modkilled", name="Player removed by the moderator")
@dataclass(frozen=True)
class PlayerModkilled:
    player: Name
    reason: str
    when: Annotated[str, NotEmpty()]
    #: the moderator ruled that a wagon this removal brought to a majority waits for the
    #: next vote (round 22); False in a journal older than it, where it lynched at once
    hammer_waits: bool = False


@KINDS.payload("modkill_corrected", name="Removal taken back")
@dataclass(frozen=True)
class ModkillCorrected:
    """`player`'s removal on `when` (this day or night) taken back: he is alive again and
    holds `items` as he held them."""

    player: Name
    when: Annotated[str, NotEmpty()]
    items: tuple[Held, ...] = ()


@KINDS.payload("game_won")
@dataclass(frozen=True)
class GameWon:
    #: "draw": no one is left alive (a reading of `wins`)
    winner: Annotated[str, OneOf(("town", "scum", "draw"))]
    personal: tuple[str, ...] = ()
