"""How each event changes the state of a game of Dust: one small function per payload."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gmscreen.games.dust import events as e
from gmscreen.games.dust.night import note_line
from gmscreen.games.dust.powers import TableError
from gmscreen.games.dust.rules import NOTICE, RULES
from gmscreen.games.dust.state import (
    NO_LYNCH,
    DustState,
    Held,
    KillChoice,
    Location,
    Message,
    Modkill,
    NightChoice,
    Player,
    Post,
    Step,
    lynched_fate,
)
from gmscreen.journal.payload import PayloadError


def _with_player(state: DustState, name: str, change: Callable[[Player], Player]) -> DustState:
    return replace(state, players=tuple(change(p) if p.name == name else p
                                        for p in state.players))


def _named(state: DustState, payload: object, field: str, *, living: bool = True) -> None:
    """A journal edited by hand may name in `field` one who is no player of the game (or one
    already dead, where only the living act): refused naming the field, as a damaged value is,
    where the fold would count a vote or an action of no one."""
    name = getattr(payload, field)
    player = state.player(name)
    kind = e.KINDS.kind_of(payload)
    if player is None:
        raise PayloadError(kind, field, f"names no player of the game ({name!r})")
    if living and not player.alive:
        raise PayloadError(kind, field, f"names {name}, who is dead")


def _new(state: DustState, payload: object, field: str) -> None:
    """A name a journal edited by hand gives a newcomer in `field` that is already a seat's:
    two seats of one name, where every vote and action would reach the first."""
    name = getattr(payload, field)
    if state.player(name) is not None:
        raise PayloadError(e.KINDS.kind_of(payload), field,
                           f"names {name}, who has a seat already")


def _today(state: DustState, payload: object, day: int) -> None:
    """A vote of a day (0 in an older journal: today's) is cast by day, on that day."""
    kind = e.KINDS.kind_of(payload)
    if state.phase != "day":
        raise PayloadError(kind, "day", f"is {day or 'unset'}, but no day is under way")
    if day and day != state.number:
        raise PayloadError(kind, "day", f"is {day}, but it is Day {state.number}")


def _cycle(state: DustState, payload: object, field: str, phase: str) -> None:
    """An event of a day or a night names it in `field`: the one under way, where a journal
    edited by hand would tell of a death in another ("killed in Night 9" on Night 1)."""
    number = getattr(payload, field)
    if state.phase == phase and number == state.number:
        return
    now = (f"it is {state.phase.capitalize()} {state.number}"
           if state.phase in ("day", "night") else
           "the game has not begun" if state.phase == "setup" else "the game is over")
    raise PayloadError(e.KINDS.kind_of(payload), field, f"is {number}, but {now}")


def _define(known: tuple[Any, ...], new: Any) -> tuple[Any, ...]:
    """`known` with `new` in place of the one of its name, or added."""
    if any(i.name == new.name for i in known):
        return tuple(new if i.name == new.name else i for i in known)
    return (*known, new)


def _remove_copy(items: tuple[Held, ...], item: str) -> tuple[tuple[Held, ...], Held | None]:
    for index, held in enumerate(items):
        if held.item == item:
            return items[:index] + items[index + 1:], held
    return items, None


# -- the set-up -----------------------------------------------------------------------------------


@RULES.evolves(e.RoleDefined)
def role_defined(state: DustState, event: e.RoleDefined) -> DustState:
    return replace(state, roles=_define(state.roles, event.role.role()))


@RULES.evolves(e.ItemDefined)
def item_defined(state: DustState, event: e.ItemDefined) -> DustState:
    return replace(state, items=_define(state.items, event.item.item()))


@RULES.evolves(e.LocationAdded)
def location_added(state: DustState, event: e.LocationAdded) -> DustState:
    return replace(state, locations=_define(state.locations,
                                            Location.from_def(event.location)))


@RULES.evolves(e.LocationRemoved)
def location_removed(state: DustState, event: e.LocationRemoved) -> DustState:
    return replace(state, locations=tuple(loc for loc in state.locations
                                          if loc.name != event.location))


@RULES.evolves(e.PlayerJoined)
def player_joined(state: DustState, event: e.PlayerJoined) -> DustState:
    _new(state, event, "player")
    joined = Player(event.player, event.role, items=tuple(Held(i) for i in event.items))
    return replace(state, players=(*state.players, joined))


@RULES.evolves(e.PlayerCorrected)
def player_corrected(state: DustState, event: e.PlayerCorrected) -> DustState:
    _named(state, event, "player", living=False)
    corrected = Player(event.name, event.role, items=tuple(Held(i) for i in event.items))
    return replace(state, players=tuple(corrected if p.name == event.player else p
                                        for p in state.players))


@RULES.evolves(e.RolesDealt)
def roles_dealt(state: DustState, event: e.RolesDealt) -> DustState:
    seats = dict(zip(event.players, ((p.role, p.items) for p in state.players), strict=False))
    return replace(state, players=tuple(
        replace(p, role=seats[p.name][0], items=seats[p.name][1]) if p.name in seats else p
        for p in state.players))


@RULES.evolves(e.PlayerRemoved)
def player_removed(state: DustState, event: e.PlayerRemoved) -> DustState:
    _named(state, event, "player", living=False)
    return replace(state, players=tuple(p for p in state.players if p.name != event.player))


@RULES.evolves(e.GameStarted)
def game_started(state: DustState, event: e.GameStarted) -> DustState:
    return replace(state, phase="day", number=1)


@RULES.evolves(e.OpeningWritten)
def opening_written(state: DustState, event: e.OpeningWritten) -> DustState:
    if state.phase != "setup":
        # a journal edited by hand: Day 1's post was made with the opening there was
        raise PayloadError(e.KINDS.kind_of(event), "lines",
                           "comes after Day 1 was posted, which opened with the one before")
    return replace(state, opening=event.lines)


# -- the thread and the messages ------------------------------------------------------------------


@RULES.evolves(e.MessageSent)
def message_sent(state: DustState, event: e.MessageSent) -> DustState:
    _named(state, event, "player", living=False)
    return replace(state, messages=(*state.messages,
                                    Message(event.when, event.player, event.lines)))


@RULES.evolves(e.MessagesCopied)
def messages_copied(state: DustState, event: e.MessagesCopied) -> DustState:
    _named(state, event, "player", living=False)
    places = frozenset(place for place, m in enumerate(state.messages)
                       if m.player == event.player and m.when in event.when)
    if not places:
        raise PayloadError(e.KINDS.kind_of(event), "when",
                           f"names no message to {event.player} ({', '.join(event.when)})")
    return replace(state, copied=state.copied | places)


@RULES.evolves(e.PostCopied)
def post_copied(state: DustState, event: e.PostCopied) -> DustState:
    kind = e.KINDS.kind_of(event)
    if event.place >= len(state.posts):
        raise PayloadError(kind, "place", f"is {event.place}, but the thread has "
                                          f"{len(state.posts)} posts")
    if state.posts[event.place].title != event.title:
        raise PayloadError(kind, "title", f"is {event.title!r}, but post {event.place} is "
                                          f"{state.posts[event.place].title!r}")
    return replace(state, posted=state.posted | {event.place})


@RULES.evolves(e.DayBegan)
def day_began(state: DustState, event: e.DayBegan) -> DustState:
    return replace(state, posts=(*state.posts, Post(event.title, event.lines)),
                   opened=len(state.posts))


@RULES.evolves(e.Posted)
def posted(state: DustState, event: e.Posted) -> DustState:
    return replace(state, posts=(*state.posts, Post(event.title, event.lines)))


# -- the day --------------------------------------------------------------------------------------


def _handed_over(state: DustState, holder: str, item: str) -> tuple[DustState, Held]:
    """A copy of `item` taken out of `holder`'s hands, to be given on."""
    player = state.player(holder)
    if player is None:
        raise TableError(f"no player {holder!r}")
    rest, copy = _remove_copy(player.items, item)
    if copy is None:
        raise TableError(f"{holder} does not hold the {item}")
    return _with_player(state, holder, lambda p: replace(p, items=rest)), copy


@RULES.evolves(e.ItemGiven)
def item_given(state: DustState, event: e.ItemGiven) -> DustState:
    _named(state, event, "giver")
    _named(state, event, "receiver")
    state, copy = _handed_over(state, event.giver, event.item)
    state = replace(state, gifts=(*state.gifts, (event.giver, event.item, event.receiver)))
    return _with_player(state, event.receiver, lambda p: replace(p, items=(*p.items, copy)))


@RULES.evolves(e.GiftCorrected)
def gift_corrected(state: DustState, event: e.GiftCorrected) -> DustState:
    _named(state, event, "giver", living=False)
    _named(state, event, "was", living=False)
    _named(state, event, "receiver", living=False)
    state, copy = _handed_over(state, event.was, event.item)
    wrong = (event.giver, event.item, event.was)
    state = replace(state, gifts=tuple((event.giver, event.item, event.receiver)
                                       if gift == wrong else gift for gift in state.gifts))
    return _with_player(state, event.receiver, lambda p: replace(p, items=(*p.items, copy)))


@RULES.evolves(e.ChurchLit)
def church_lit(state: DustState, event: e.ChurchLit) -> DustState:
    _named(state, event, "player", living=False)
    return replace(state, lit=True)


@RULES.evolves(e.Vouched)
def vouched(state: DustState, event: e.Vouched) -> DustState:
    _named(state, event, "player", living=False)
    return _with_player(state, event.player, lambda p: replace(p, vouched=True))


@RULES.evolves(e.PowerSpent)
def power_spent(state: DustState, event: e.PowerSpent) -> DustState:
    _named(state, event, "player", living=False)
    def change(player: Player) -> Player:
        if event.source == player.role:
            spent = dict(player.spent)
            spent[event.power] = spent.get(event.power, 0) + 1
            return replace(player, spent=tuple(spent.items()))
        rest, copy = _remove_copy(player.items, event.source)
        if copy is None:
            raise TableError(f"{player.name} does not hold the {event.source}")
        if event.discard:
            return replace(player, items=rest)
        index = player.items.index(copy)
        used = replace(copy, used=copy.used + 1)
        return replace(player, items=(*player.items[:index], used, *player.items[index + 1:]))
    return _with_player(state, event.player, change)


@RULES.evolves(e.VoteCast)
def vote_cast(state: DustState, event: e.VoteCast) -> DustState:
    _today(state, event, event.day)
    _named(state, event, "voter")
    if event.target != NO_LYNCH:
        _named(state, event, "target")
    votes = tuple(v for v in state.votes if v[0] != event.voter)
    return replace(state, votes=(*votes, (event.voter, event.target)))


@RULES.evolves(e.VoteWithdrawn)
def vote_withdrawn(state: DustState, event: e.VoteWithdrawn) -> DustState:
    _today(state, event, event.day)
    _named(state, event, "voter", living=False)
    return replace(state, votes=tuple(v for v in state.votes if v[0] != event.voter))


def _next_fall(state: DustState) -> int:
    """The place in the order of deaths of the next to die."""
    return 1 + max((p.fell for p in state.players), default=0)


@RULES.evolves(e.PlayerLynched)
def player_lynched(state: DustState, event: e.PlayerLynched) -> DustState:
    _cycle(state, event, "day", "day")
    _named(state, event, "player")
    lynched = lynched_fate(event.day)  # the flip is posted at once
    fell = _next_fall(state)
    return _with_player(state, event.player, lambda p: replace(
        p, alive=False, death=lynched, fate=lynched, fell=fell))


@RULES.evolves(e.ItemsLost)
def items_lost(state: DustState, event: e.ItemsLost) -> DustState:
    _named(state, event, "player", living=False)
    def change(player: Player) -> Player:
        items = player.items
        for item in event.items:
            items, _ = _remove_copy(items, item)
        return replace(player, items=items)
    return _with_player(state, event.player, change)


@RULES.evolves(e.DayEnded)
def day_ended(state: DustState, event: e.DayEnded) -> DustState:
    _cycle(state, event, "day", "day")
    # the day's deadline goes with it; the next day starts its own
    return replace(state, phase="night", votes=(), gifts=(), choices=(), kill=None,
                   late_notes=(), deadline_gone=0, modkills=(), notes_found=())


@RULES.evolves(e.DeadlineSet)
def deadline_set(state: DustState, event: e.DeadlineSet) -> DustState:
    return replace(state, deadline=event.segments,
                   deadline_gone=min(state.deadline_gone, event.segments))


@RULES.evolves(e.DeadlineTicked)
def deadline_ticked(state: DustState, event: e.DeadlineTicked) -> DustState:
    return replace(state, deadline_gone=max(0, min(state.deadline,
                                                   state.deadline_gone + event.by)))


# -- the night ------------------------------------------------------------------------------------


@RULES.evolves(e.NightChosen)
def night_chosen(state: DustState, event: e.NightChosen) -> DustState:
    _named(state, event, "player")
    others = tuple(c for c in state.choices if c.player != event.player)
    return replace(state, choices=(*others, NightChoice(event.player, event.scavenge,
                                                        event.uses)))


@RULES.evolves(e.NightWithdrawn)
def night_withdrawn(state: DustState, event: e.NightWithdrawn) -> DustState:
    _named(state, event, "player", living=False)
    return replace(state, choices=tuple(c for c in state.choices if c.player != event.player))


@RULES.evolves(e.NightKillChosen)
def night_kill_chosen(state: DustState, event: e.NightKillChosen) -> DustState:
    if not event.target:
        return replace(state, kill=None)
    for field in ("by", "killer", "target"):
        _named(state, event, field)
    return replace(state, kill=KillChoice(event.by, event.killer, event.target))


@RULES.evolves(e.NightStep)
def night_step(state: DustState, event: e.NightStep) -> DustState:
    return replace(state, steps=(*state.steps, Step(event.night, event.stage, event.text)))


@RULES.evolves(e.PlayerKilled)
def player_killed(state: DustState, event: e.PlayerKilled) -> DustState:
    _cycle(state, event, "night", "night")
    _named(state, event, "player", living=False)
    # those killed in one night fell together: they share its place in the order
    night = f"found dead on Day {event.night + 1}"
    fell = next((p.fell for p in state.players if p.fate == night), _next_fall(state))
    return _with_player(state, event.player, lambda p: replace(
        p, alive=False, death=f"killed in Night {event.night}: {event.cause}",
        fate=night, fell=fell))


@RULES.evolves(e.ItemFound)
def item_found(state: DustState, event: e.ItemFound) -> DustState:
    _named(state, event, "player", living=False)
    return _with_player(state, event.player, lambda p: replace(
        p, items=(*p.items, Held(event.item))))


@RULES.evolves(e.LocationSearched)
def location_searched(state: DustState, event: e.LocationSearched) -> DustState:
    place = state.location(event.location)
    kind = e.KINDS.kind_of(event)
    if place is None:
        raise PayloadError(kind, "location", f"names no place of the game ({event.location!r})")
    if event.taken > len(place.entries):
        raise PayloadError(kind, "taken", f"is {event.taken}, but {place.name} holds "
                                          f"{len(place.entries)}")
    def change(loc: Location) -> Location:
        if loc.name != event.location:
            return loc
        return replace(loc, entries=loc.entries[event.taken:],
                       emptied=event.night if event.emptied else loc.emptied)
    return replace(state, locations=tuple(change(loc) for loc in state.locations))


@RULES.evolves(e.NightResolved)
def night_resolved(state: DustState, event: e.NightResolved) -> DustState:
    _cycle(state, event, "night", "night")
    return replace(state, phase="day", number=state.number + 1, lit=False, choices=(),
                   kill=None, votes=(), modkills=(),
                   late_notes=tuple((n.player, n.item) for n in event.late_notes))


@RULES.evolves(e.NightCalledOff)
def night_called_off(state: DustState, event: e.NightCalledOff) -> DustState:
    _cycle(state, event, "night", "night")
    return replace(state, phase="day", number=state.number + 1, lit=False, choices=(),
                   kill=None, votes=(), late_notes=(), modkills=(),
                   called_off=(*state.called_off, event.night))


@RULES.evolves(e.LateNoteFound)
def late_note_found(state: DustState, event: e.LateNoteFound) -> DustState:
    _named(state, event, "player", living=False)
    """The note joins the day's post, before the lines about the coming night."""
    title = f"Day {event.day}"
    index = max((i for i, p in enumerate(state.posts) if p.title == title), default=None)
    posts, posted = state.posts, state.posted
    if index is not None:
        lines = posts[index].lines
        at = next((i for i, line in enumerate(lines) if line.startswith(NOTICE)), len(lines))
        post = replace(posts[index], lines=(*lines[:at], note_line(event.text), *lines[at:]))
        posts = (*posts[:index], post, *posts[index + 1:])
        # copied before the note joined it, the post is to copy again
        posted = posted - {index}
    step = Step(event.night, "notes", f"{event.player} leaves a note with the {event.item}, "
                                      "after his death (entered after the resolution).")
    return replace(state, posts=posts, posted=posted, steps=(*state.steps, step),
                   late_notes=tuple(n for n in state.late_notes if n[0] != event.player),
                   notes_found=(*state.notes_found, (event.player, event.text)))


@RULES.evolves(e.LateNoteCorrected)
def late_note_corrected(state: DustState, event: e.LateNoteCorrected) -> DustState:
    _named(state, event, "player", living=False)
    """The note's line in the day's post reads as it should."""
    title, wrong = f"Day {event.day}", note_line(event.was)
    posts = tuple(replace(p, lines=tuple(note_line(event.text) if line == wrong else line
                                         for line in p.lines)) if p.title == title else p
                  for p in state.posts)
    found = tuple((name, event.text if name == event.player else text)
                  for name, text in state.notes_found)
    # a post copied before it was put right is to copy again
    changed = {place for place, (old, new) in enumerate(zip(state.posts, posts, strict=True))
               if old != new}
    return replace(state, posts=posts, notes_found=found, posted=state.posted - changed)


# -- the roster and the end -----------------------------------------------------------------------


@RULES.evolves(e.PlayerReplaced)
def player_replaced(state: DustState, event: e.PlayerReplaced) -> DustState:
    _named(state, event, "player")
    _new(state, event, "by")
    old, new = event.player, event.by

    def rename(name: str) -> str:
        return new if name == old else name

    def choice(chosen: NightChoice) -> NightChoice:
        uses = tuple(replace(u, targets=tuple(rename(t) for t in u.targets))
                     for u in chosen.uses)
        return replace(chosen, player=rename(chosen.player), uses=uses)

    kill = state.kill
    return replace(
        state,
        players=tuple(replace(p, name=new, replaced=p.names) if p.name == old else p
                      for p in state.players),
        votes=tuple((rename(voter), rename(target)) for voter, target in state.votes),
        # today's gifts are the slot's too: put right by the names played under now
        gifts=tuple((rename(giver), item, rename(receiver))
                    for giver, item, receiver in state.gifts),
        choices=tuple(choice(c) for c in state.choices),
        kill=None if kill is None else KillChoice(rename(kill.by), rename(kill.killer),
                                                  rename(kill.target)),
        messages=tuple(Message(m.when, rename(m.player), m.lines) for m in state.messages),
    )


@RULES.evolves(e.PlayerModkilled)
def player_modkilled(state: DustState, event: e.PlayerModkilled) -> DustState:
    _named(state, event, "player")
    gone = event.player
    fell = _next_fall(state)

    def dead(player: Player) -> Player:
        if player.name != gone:
            return player
        # the reason is posted to the thread; the table's roster keeps to the fact, so a
        # reason of any length never pushes the flip beside it out of sight
        removed = f"removed by the moderator on {event.when}"
        return replace(player, alive=False, death=f"{removed}: {event.reason}", fate=removed,
                       fell=fell)

    def choice(chosen: NightChoice) -> NightChoice | None:
        uses = tuple(u for u in chosen.uses if gone not in u.targets)
        if chosen.uses and not uses and not chosen.scavenge:
            return None  # his whole choice went with the removed: he has sent nothing now
        return replace(chosen, uses=uses)

    kill = state.kill
    if kill is not None and gone in (kill.by, kill.killer, kill.target):
        kill = None
    # his items as he held them (they are lost next), should the removal be taken back
    held = next((p.items for p in state.players if p.name == gone), ())
    kept = (choice(c) for c in state.choices if c.player != gone)
    return replace(
        state,
        players=tuple(dead(p) for p in state.players),
        votes=tuple(v for v in state.votes if gone not in v),
        choices=tuple(c for c in kept if c is not None),
        kill=kill,
        modkills=(*state.modkills,
                  Modkill(gone, held, tuple(v for v in state.votes if gone in v))),
    )


@RULES.evolves(e.ModkillCorrected)
def modkill_corrected(state: DustState, event: e.ModkillCorrected) -> DustState:
    _named(state, event, "player", living=False)
    state = _with_player(state, event.player, lambda p: replace(
        p, alive=True, death="", fate="", items=event.items, fell=0))
    return replace(state, modkills=tuple(m for m in state.modkills if m.player != event.player))


@RULES.evolves(e.GameWon)
def game_won(state: DustState, event: e.GameWon) -> DustState:
    return replace(state, phase="over", winner=event.winner, personal_wins=event.personal)
