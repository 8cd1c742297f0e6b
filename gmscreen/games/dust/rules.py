"""Dust's decider: the moderator's commands checked against the rules, turned into payloads.

`RULES` is the game's `Decider`. The set-up's decide functions are here; the day's are in
`day_rules`, the night's in `night_rules`, the roster's (a replacement, a mod-kill) in
`roster`, what a session's end does with a day or night half-way in `sessions`; evolve.py
and log.py hold one function per payload. What may be done now is asked
of `checks` (`why_not_vote`, `why_not_resolve`...), whose `verify_*` the decide functions
call, so a key and its command are refused in the same words.

The rule checks and their readings are in `checks`; the night's order and its readings are
in `night`; the scavenging rules in `scavenging`; the win conditions in `wins`. A night's
resolution is one command, so all its events share one undo step and the whole night can be
taken back at once.

A seat filled wrongly before Day 1 (a name, a role or an item) is put right in place, or
taken off the list, without undoing the seats filled after it: nothing is sent before Day 1,
so no one was told. The seats may be dealt among the players at random before Day 1
(`DealRoles`, the draw in the command): the player form offers the book's seats in its
order, and the players' screen lists the players as they joined, so a table seated as
offered would read every role off that list; the book says nothing of how roles are handed
out, and a table deals them at random, each role with the items its seat starts with.
From Day 1 on a seat changes only by replacement or mod-kill (one made
by mistake is taken back the same day or night: `roster`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from gmscreen.core.text import (
    controls_in,
    in_words,
    plural_word,
    quoted,
    sentence,
    unseen_in,
    visible,
)
from gmscreen.games.dust import checks
from gmscreen.games.dust import commands as c
from gmscreen.games.dust.events import (
    KINDS,
    DayBegan,
    GameStarted,
    GameWon,
    ItemData,
    ItemDefined,
    LocationAdded,
    LocationRemoved,
    MessagesCopied,
    MessageSent,
    OpeningWritten,
    PlayerCorrected,
    PlayerJoined,
    PlayerRemoved,
    PostCopied,
    Posted,
    RoleData,
    RoleDefined,
    RolesDealt,
)
from gmscreen.games.dust.powers import (
    AVATAR,
    BOOK_TABLE,
    HOW_IT_GOES,
    LAST_NIGHT,
    ItemDef,
    RoleDef,
    book_items,
    book_locations,
    book_roles,
    every_book_reading,
    godfather_choice,
    power_card,
    veteran_choice,
)
from gmscreen.games.dust.state import NO_LYNCH, DustState, Location
from gmscreen.games.dust.wins import personal_wins, verdict, winner
from gmscreen.journal.decider import Decider
from gmscreen.journal.rules import RuleError

# a vote for "no lynch" names nobody
RULES: Decider[DustState] = Decider(
    game_id="dust", title="Dust", panes_module="gmscreen.games.dust.panes", kinds=KINDS,
    initial_state=DustState, not_names=frozenset({NO_LYNCH}), referee="moderator")

#: how the lines about the coming night begin in a day's post (late notes go before them)
NOTICE = "Open for scavenging tonight:"


def flip(state: DustState, name: str) -> str:
    """The line that shows a dead player's role to the thread."""
    role = state.role_of(name)
    return f"{name} was {role.title}, {role.alignment.upper()}-aligned."


def night_notice(state: DustState) -> list[str]:
    """What a day post tells about the coming night: where one can scavenge, the majority."""
    places = [loc.name for loc in state.open_locations()]
    return [f"{NOTICE} {sentence(', '.join(places) or 'nowhere')}",
            f"{len(state.living)} players are alive; {state.majority} votes lynch."]


def role_card(state: DustState, name: str, *, taking_over: bool = False) -> list[str]:
    """The role message a player receives when the game starts, in our words; `taking_over`:
    the one a replacement receives, which says what the slot has left (the uses of its
    powers, the items it holds now, its fellows as they stand)."""
    player = state.player(name)
    role = state.role_of(name)
    assert player is not None
    lines = [f"Your role is {role.title}; your alignment is {role.alignment.upper()}."]
    if role.text:
        lines.append(role.said)
    lines.extend(power_card(p, player.times_used(p.name) if taking_over else None)
                 for p in role.powers)
    if role.alignment == "scum":
        lines.append(f"Your fellow Scum: {sentence(', '.join(state.fellow_scum(name)) or 'none')}")
        lines.append("Scum cannot scavenge, and cannot night kill anyone inside the church "
                     "while it is lit.")
    if role.claim:
        lines.append(f"Should you need a false claim: the {role.claim}, TOWN-aligned.")
    if player.items:
        held = ", ".join(state.held_label(h) for h in player.items)
        lines.append(sentence(f"You hold: {held}" if taking_over else f"You start with: {held}"))
        for held in dict.fromkeys(h.item for h in player.items):
            lines.extend(item_card(state, held))
    return lines


def item_card(state: DustState, name: str) -> tuple[str, ...]:
    """What a player who gains the item `name` is told it does (nothing for an unknown one)."""
    item = state.item(name)
    return item.card() if item is not None else ()


def win(state: DustState) -> list[object]:
    """The end of the game, if a side has won in `state`: the win and the closing post,
    which flips every living player."""
    side = winner(state)
    if not side:
        return []
    personal = personal_wins(state)
    lines = [f"{verdict(side)}."]
    lines += [f"{name} also wins: alive at the end." for name in personal]
    lines += [flip(state, p.name) for p in state.living]
    return [GameWon(side, personal),
            Posted("The game is over", tuple(lines), tuple(p.name for p in state.living))]


# -- the set-up ---------------------------------------------------------------------------------


def next_seat(state: DustState, role: str = "") -> tuple[str, tuple[str, ...]] | None:
    """The first seat of the book's table (`BOOK_TABLE`) no player has taken yet (of `role`,
    if given), as the player form offers it: the role, and the items it starts with. None
    when every such seat is taken or the role is not one of the table's. A seat is taken by
    a player of its role, whatever he holds, so a table that hands out its own items is
    offered the next role."""
    taken = Counter(p.role for p in state.players)
    for seat, items in BOOK_TABLE:
        if taken[seat]:
            taken[seat] -= 1
            continue
        if role and seat != role:
            continue
        if state.role(seat) is None:
            return None
        return seat, tuple(i for i in items if state.item(i) is not None)
    return None


@RULES.decides(c.UseBookSetUp)
def book_set_up(state: DustState, command: c.UseBookSetUp) -> list[object]:
    checks.verify_set_up(state)
    plain = book_roles()
    roles = book_roles(godfather_reads_town=command.godfather_reads_town,
                       veteran_survives=command.veteran_survives)
    # a role the table's choice changed says so in the journal, and in the log
    return [
        *(RoleDefined(RoleData.of(r), choice=None if r in plain else (
            godfather_choice() if r.godfather else veteran_choice()))
          for r in roles),
        *(ItemDefined(ItemData.of(i)) for i in book_items()),
        *(LocationAdded(loc) for loc in book_locations()),
    ]


def book_set_up_question(state: DustState, command: c.UseBookSetUp) -> str | None:
    """The question before the book's set-up is put over the table's own changes to it (a
    power edited, a place edited or taken off): what it replaces and brings back. None when
    it replaces nothing: the first time, or only Guilt's reading switched (the form's one
    choice, or the Veteran's win). Places the table added stay, and are named so."""
    if not any(state.role(r.name) for r in book_roles()):
        return None
    readings = every_book_reading()
    roles = [r.name for r in state.roles
             if any(b.name == r.name for b in readings[0])
             and all(r not in reading for reading in readings)]
    items = [i.name for i in state.items if i.name in {b.name for b in book_items()}
             and i not in book_items()]
    book_places = book_locations()
    places = [p.name for p in book_places if (now := state.location(p.name)) is not None
              and now != Location.from_def(p)]
    back = [p.name for p in book_places if state.location(p.name) is None]
    kept = [loc.name for loc in state.locations if loc.name not in {p.name for p in book_places}]
    if not (roles or items or places or back):
        return None
    replaced = [*(f"{name} role" for name in roles), *(f"the {name}" for name in items),
                *places]
    what = []
    if replaced:
        what.append(f"replaces the table's own {in_words(replaced)}")
    if back:
        what.append(f"brings {in_words(back)} back")
    stays = f" ({in_words(kept)} {'stays' if len(kept) == 1 else 'stay'})" if kept else ""
    return (f"Put the book's roles, items and locations back? It {', and '.join(what)}"
            f"{stays}. ctrl+z takes it back.")


@RULES.decides(c.DefineRole)
def define_role(state: DustState, command: c.DefineRole) -> list[object]:
    if state.phase == "setup":
        checks.verify_powers(command.role)
        return [RoleDefined(RoleData.of(command.role), **_set_up_edit(
            state.role(command.role.name), command.role))]
    old = state.role(command.role.name)
    changes = checks.verify_power_edit(state, old, command.role)
    return [RoleDefined(RoleData.of(command.role), changes=tuple(changes)),
            *corrections_told(state, old, command.role)]


@RULES.decides(c.DefineItem)
def define_item(state: DustState, command: c.DefineItem) -> list[object]:
    if state.phase == "setup":
        checks.verify_powers(command.item)
        return [ItemDefined(ItemData.of(command.item), **_set_up_edit(
            state.item(command.item.name), command.item))]
    old = state.item(command.item.name)
    changes = checks.verify_power_edit(state, old, command.item)
    return [ItemDefined(ItemData.of(command.item), changes=tuple(changes)),
            *corrections_told(state, old, command.item)]


def _set_up_edit(old: RoleDef | ItemDef | None, new: RoleDef | ItemDef) -> dict[str, Any]:
    """An edit before Day 1 of a role or item the campaign has (the Rucksack set to three
    finds): what changed in its powers, for the log, which otherwise says only that it
    was defined (nothing for a new one, or one whose powers are as they were)."""
    changes = checks.power_changes(old, new) if old is not None else []
    return {"changes": tuple(changes), "before_day_1": True} if changes else {}


def told_of_correction(state: DustState, name: str) -> list[str]:
    """The living players a correction of role or item `name` in play is sent to: those of
    the role, or holding the item."""
    return [p.name for p in state.living if p.role == name or p.holds(name)]


def corrections_told(state: DustState, old: RoleDef | ItemDef | None,
                     new: RoleDef | ItemDef) -> list[object]:
    """A power corrected in play is sent, as the role card put it, to each living player
    it concerns: his role card (or the item he was told he found) no longer says what it
    does, and he sends his night actions by it."""
    before = {p.name: p for p in old.powers} if old is not None else {}
    changed = [p for p in new.powers if before.get(p.name) != p]
    whose = "your role's" if isinstance(new, RoleDef) else f"the {new.name}'s"
    lines = (f"The moderator corrects {whose} {plural_word(len(changed), 'power')}:",
             *(power_card(p) for p in changed))
    when = f"{'Night' if state.phase == 'night' else 'Day'} {state.number}"
    return [MessageSent(when, name, lines) for name in told_of_correction(state, new.name)]


@RULES.decides(c.AddLocation)
def add_location(state: DustState, command: c.AddLocation) -> list[object]:
    refused = checks.why_not_edit_tables(state)
    if refused is not None:
        raise refused
    location = command.location
    if not location.name.strip():
        raise RuleError("Locations", "a location needs a name", field="name")
    # a longer one pushed every other column of the places' list off the screen
    refused = (checks.too_long("Locations", "a location's name", location.name)
               or checks.unreadable("Locations", "a location's name", location.name))
    if refused is not None:
        raise refused
    if checks.is_avatar(location.name):
        # the horror in a place's list (lines 140-189): "met the Avatar of Fear at the
        # Avatar of Fear" would read two ways
        raise RuleError("Locations", f"the {AVATAR} is what waits in a place, not a place's "
                        "name", field="name")
    if not 1 <= location.opens <= LAST_NIGHT:
        raise RuleError("Locations", f"a place opens on a night from 1 to {LAST_NIGHT} (no "
                        f"game runs longer), not {location.opens}", field="opens")
    if location.closes is not None and location.closes <= location.opens:
        raise RuleError("Locations", f"it closes after it opens: night {location.opens + 1} "
                        "or later", field="closes")
    if location.closes is not None and location.closes > LAST_NIGHT + 1:
        raise RuleError("Locations", f"a place closes by night {LAST_NIGHT + 1} (no game runs "
                        f"longer; blank keeps it open to the end), not {location.closes}",
                        field="closes")
    unknown = [e for e in location.entries if e != AVATAR and not state.item(e)]
    if unknown:
        raise RuleError("Locations", f"no item named {quoted(unknown[0])}", field="entries")
    # a name twice, in any case: "the lake" beside The Lake read as two places to the table
    # (before Day 1 the same name, as written, is the place edited)
    same = next((loc for loc in state.locations
                 if loc.name.casefold() == location.name.strip().casefold()), None)
    # (before Day 1, and after it while the place is not yet on the players' list, the
    # same name, as written, is the place edited)
    if same is not None and same.name != location.name:
        raise RuleError("Locations", f"{same.name} is already on the list", field="name")
    refused = checks.why_not_change_place(state, same.name) if same is not None else None
    if refused is not None:
        raise refused
    added: list[object] = [LocationAdded(location, edited=same is not None)]
    if state.phase in ("day", "night") and Location.from_def(location).is_open(state.number):
        # line 26: a place added in play for the night now or next was on the players'
        # screen only; Day N's post had named night N's places before it came, so the
        # thread is told in a post of its own, as of a replacement or the generator
        when = f"{'Night' if state.phase == 'night' else 'Day'} {state.number}"
        added.append(Posted(f"{when}: a new place", (f"{NOTICE} {location.name}.",)))
    return added


@RULES.decides(c.RemoveLocation)
def remove_location(state: DustState, command: c.RemoveLocation) -> list[object]:
    # line 26: the list is the moderator's; after Day 1 a place not yet on the players'
    # list (prepared for a later night) may still be dropped
    refused = checks.why_not_edit_tables(state)
    if refused is not None:
        raise refused
    if state.location(command.name) is None:
        raise RuleError("Locations", f"there is no location named {quoted(command.name)}",
                        field="name")
    refused = checks.why_not_change_place(state, command.name)
    if refused is not None:
        raise refused
    return [LocationRemoved(command.name)]


@RULES.decides(c.AddPlayer)
def add_player(state: DustState, command: c.AddPlayer) -> list[object]:
    checks.verify_player(state, command.name, command.role, command.items)
    return [PlayerJoined(command.name, command.role, command.items)]


def verify_seat(state: DustState, player: str) -> DustState:
    """A seat to put right before Day 1: the state without it, to check the new one in."""
    checks.verify_set_up(state)
    if state.player(player) is None:
        raise RuleError("Players", f"there is no player named {quoted(player)}", field="player")
    return replace(state, players=tuple(p for p in state.players if p.name != player))


@RULES.decides(c.CorrectPlayer)
def correct_player(state: DustState, command: c.CorrectPlayer) -> list[object]:
    # checked as though the seat were added anew: his own name may stay
    checks.verify_player(verify_seat(state, command.player), command.name, command.role,
                         command.items)
    return [PlayerCorrected(command.player, command.name, command.role, command.items)]


@RULES.decides(c.RemovePlayer)
def remove_player(state: DustState, command: c.RemovePlayer) -> list[object]:
    verify_seat(state, command.player)
    return [PlayerRemoved(command.player)]


@RULES.decides(c.DealRoles)
def deal_roles(state: DustState, command: c.DealRoles) -> list[object]:
    checks.verify_deal(state, command.players)
    return [RolesDealt(command.players, tuple(p.role for p in state.players))]


def deal_question(state: DustState) -> str:
    """Asked before the roles are dealt at random."""
    count = len(state.players)
    return (f"Deal the roles of the {count} seats among the {count} players at random? Each "
            f"seat's starting items go with its role, and each player keeps his place in the "
            f"list. Nothing is sent before Day 1; d deals again, ctrl+z takes it back. Deal "
            f"once everyone is in: a player added after takes the seat the form offers.")


def start_question(state: DustState, *, in_session: bool) -> str:
    """Asked before Day 1 is posted: what it sends, and what would be amiss (the roles in
    the book's order as the players joined; no session running, so Day 1 and the role
    messages would be in no session's recap)."""
    order = (" The roles follow the book's order as the players joined, and the players' "
             "screen lists them in that order: d deals them at random first."
             if checks.in_book_order(state) else "")
    outside = ("" if in_session else " No session is running: Day 1 will be in no "
               "session's recap (f5 starts one first).")
    count = len(state.opening)
    opening = (f" The post opens with your opening ({count} paragraph"
               f"{'' if count == 1 else 's'}), read to the table from Day 1; it is not "
               f"changed after." if count else "")
    return (f"Start Day 1 with {len(state.players)} players? Every player's role message "
            f"is written, with the Day 1 post: the Posts tab holds them, to send and "
            f"post.{opening}{order}{outside}")


@RULES.decides(c.WriteOpening)
def write_opening(state: DustState, command: c.WriteOpening) -> list[object]:
    return [OpeningWritten(checks.opening_lines(state, command.text))]


@RULES.decides(c.StartGame)
def start(state: DustState, command: c.StartGame) -> list[object]:
    checks.verify_start(state)
    started = RULES.after(state, [GameStarted()])
    # the moderator's own opening, the story read as the game begins, heads the post
    return [GameStarted(),
            *(MessageSent("Day 1", p.name, tuple(role_card(started, p.name)))
              for p in started.players),
            DayBegan("Day 1", (*state.opening,
                               "The survivors huddle in the church. Day 1 begins.",
                               *night_notice(started), *HOW_IT_GOES))]


# -- the Dealer's check -------------------------------------------------------------------------


@RULES.finds_problems
def problems(state: DustState) -> list[str]:
    found: list[str] = []
    for player in state.players:
        if state.role(player.role) is None:
            found.append(f"{player.name} has an unknown role {quoted(player.role)}")
        for held in player.items:
            if state.item(held.item) is None:
                found.append(f"{player.name} holds an unknown item {quoted(held.item)}")
        if not player.alive and player.items:
            found.append(f"{player.name} is dead but still holds "
                         f"{', '.join(h.item for h in player.items)}")
    # a journal another tool wrote: what the forms and the checks refuse as typed
    named = [*(("A player", p.name) for p in state.players),
             *(("A place", loc.name) for loc in state.locations),
             *(("A role", r.name) for r in state.roles),
             *(("An item", i.name) for i in state.items),
             *((f"A power of the {r.name}", pw.name) for r in state.roles for pw in r.powers),
             *((f"A power of the {i.name}", pw.name) for i in state.items for pw in i.powers)]
    for what, name in named:
        hidden = controls_in(name) or unseen_in(name)
        # a player's name is a name of the journal's events: the kit's check tells it, at
        # the first event naming him (every game's); told here too, it came twice
        if hidden and what != "A player":
            found.append(f"{what}, {quoted(visible(name, lines=False))}: its name holds a "
                         f"character that is not shown ({hidden[0]})")
        elif what in ("A player", "A place", "An item") and checks.is_avatar(name):
            found.append(f"{what} is named {quoted(name)}, as the horror in a place's list is")
    for location in state.locations:
        for entry in location.entries:
            if entry != AVATAR and state.item(entry) is None:
                found.append(f"{location.name} lists an unknown item {quoted(entry)}")
    if state.phase in ("day", "night") and all(state.role(p.role) for p in state.players):
        side = winner(state)
        if side:
            found.append("no one is left alive, but the game goes on" if side == "draw"
                         else f"the {side} have won, but the game goes on")
    return found


# -- the private messages, copied to send ----------------------------------------------------


@RULES.decides(c.CopyMessages)
def copy_messages(state: DustState, command: c.CopyMessages) -> list[object]:
    """Tick off the messages of `when` to each of `players` as copied to send (those
    already ticked off passed over): the Posts tab then says who is still to be sent his,
    and the moderator keeps no list of it by hand."""
    for name in command.players:
        if state.player(name) is None:
            raise RuleError("Messages", f"there is no player named {quoted(name)}", field="player")
    waiting = state.to_send(command.when)
    copied = [name for name in dict.fromkeys(command.players) if name in waiting]
    if not copied:
        whens = " or ".join(command.when) or "no day or night"
        names = ", ".join(command.players) or "no one"
        raise RuleError("Messages", f"{names}: no message of {whens} is still to send",
                        field="player")
    return [MessagesCopied(name, tuple(command.when)) for name in copied]


@RULES.decides(c.CopyPost)
def copy_post(state: DustState, command: c.CopyPost) -> list[object]:
    """Tick off the thread's post at `place` as copied to post: the Posts tab then says
    which are still to make, and none is lost when another comes after it."""
    if not 0 <= command.place < len(state.posts):
        raise RuleError("Posts", f"the thread has no post {command.place + 1}: it has "
                        f"{len(state.posts)}", field="place")
    post = state.posts[command.place]
    if command.place in state.posted:
        raise RuleError("Posts", f"{post.title} is copied to the thread already",
                        field="place")
    return [PostCopied(command.place, post.title)]


# the rest of the shape: each chapter's decide functions, evolve.py and log.py register on
# RULES when imported
from gmscreen.games.dust import (  # noqa: E402, F401
    day_rules,
    evolve,
    log,
    night_rules,
    roster,
    sessions,
)
