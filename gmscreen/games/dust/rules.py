"""Dust's decider: the moderator's commands checked against the rules, turned into events,
and folded into the state.

The rule checks and their readings are in `checks`; the night's order and its readings are
in `night`; the scavenging rules in `scavenging`; the win conditions in `wins`. Every event
kind is "dust.<fact>"; a night's resolution is one command, so all its events share one undo
step and the whole night can be taken back at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from gmscreen.games.dust import checks, roster
from gmscreen.games.dust.commands import (
    AddLateNote,
    AddLocation,
    AddPlayer,
    ChooseKill,
    ChooseNight,
    DefineItem,
    DefineRole,
    EndDay,
    GiveItem,
    ModKill,
    RemoveLocation,
    ReplacePlayer,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.night import note_line, resolve_night
from gmscreen.games.dust.powers import (
    ItemDef,
    LocationDef,
    RoleDef,
    TableError,
    book_items,
    book_locations,
    book_roles,
    godfather_choice,
)
from gmscreen.games.dust.state import (
    NO_LYNCH,
    DustState,
    Held,
    KillChoice,
    Location,
    Message,
    NightChoice,
    Player,
    Post,
    PowerUse,
    Step,
)
from gmscreen.games.dust.wins import personal_wins, winner
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError

_NOWHEN = datetime(2000, 1, 1)


def _post(title: str, lines: Iterable[str]) -> dict[str, Any]:
    return {"title": title, "lines": list(lines)}


def _flip(state: DustState, name: str) -> str:
    role = state.role_of(name)
    return f"{name} was {role.title}, {role.alignment.upper()}-aligned."


#: how the lines about the coming night begin in a day's post (late notes go before them)
_NOTICE = "Open for scavenging tonight:"


def _night_notice(state: DustState) -> list[str]:
    """What a day post tells about the coming night: where one can scavenge, the majority."""
    places = [loc.name for loc in state.open_locations()]
    return [f"{_NOTICE} {', '.join(places) or 'nowhere'}.",
            f"{len(state.living)} players are alive; {state.majority} votes lynch."]


def role_card(state: DustState, name: str) -> list[str]:
    """The role message a player receives when the game starts, in our words."""
    player = state.player(name)
    role = state.role_of(name)
    assert player is not None
    lines = [f"Your role is {role.title}; your alignment is {role.alignment.upper()}."]
    if role.text:
        lines.append(role.text)
    lines.extend(f"{p.name} ({', '.join(p.conditions)}): {p.text}" for p in role.powers)
    if role.alignment == "scum":
        fellows = [p.name for p in state.players if p.name != name and state.is_scum(p.name)]
        lines.append(f"Your fellow Scum: {', '.join(fellows) or 'none'}.")
        lines.append("Scum cannot scavenge, and cannot night kill anyone inside the church "
                     "while it is lit.")
    if role.claim:
        lines.append(f"Should you need a false claim: the {role.claim}, TOWN-aligned.")
    if player.items:
        lines.append(f"You start with: {', '.join(h.item for h in player.items)}.")
    return lines


class DustRules:
    game_id = "dust"
    title = "Dust"
    panes_module = "gmscreen.games.dust.panes"

    def initial_state(self) -> DustState:
        return DustState()

    # -- deciding ----------------------------------------------------------------------------

    def decide(self, state: DustState, command: Any) -> list[NewEvent]:
        handler = self._handlers().get(type(command))
        if handler is None:
            raise RuleError("Commands", f"Dust has no command {type(command).__name__}")
        return handler(state, command)

    def _handlers(self) -> Mapping[type, Callable[[DustState, Any], list[NewEvent]]]:
        return {
            UseBookSetUp: self._book, DefineRole: self._define_role,
            DefineItem: self._define_item, AddLocation: self._add_location,
            RemoveLocation: self._remove_location,
            AddPlayer: self._add_player, StartGame: self._start, GiveItem: self._give,
            UseDayPower: self._day_power, Vote: self._vote, EndDay: self._end_day,
            ChooseNight: self._choose, ChooseKill: self._kill, ResolveNight: self._resolve,
            AddLateNote: self._late_note,
            ReplacePlayer: self._replace, ModKill: self._modkill,
        }

    def _setup_only(self, state: DustState, what: str) -> None:
        if state.phase != "setup":
            raise RuleError("Setup", f"{what} only before Day 1")

    def _book(self, state: DustState, command: UseBookSetUp) -> list[NewEvent]:
        self._setup_only(state, "the book's set-up is loaded")
        plain = book_roles()
        roles = book_roles(godfather_reads_town=command.godfather_reads_town)
        # a role the table's choice changed says so in the journal, and in the log
        chosen = {r.name: {"choice": godfather_choice()} for r in roles if r not in plain}
        return [
            *(NewEvent("dust.role_defined", {"role": r.to_data(), **chosen.get(r.name, {})})
              for r in roles),
            *(NewEvent("dust.item_defined", {"item": i.to_data()}) for i in book_items()),
            *(NewEvent("dust.location_added", {"location": loc.to_data()})
              for loc in book_locations()),
        ]

    def _define_role(self, state: DustState, command: DefineRole) -> list[NewEvent]:
        data: dict[str, Any] = {"role": command.role.to_data()}
        if state.phase != "setup":
            data["changes"] = checks.verify_power_edit(state, state.role(command.role.name),
                                                       command.role)
        return [NewEvent("dust.role_defined", data)]

    def _define_item(self, state: DustState, command: DefineItem) -> list[NewEvent]:
        data: dict[str, Any] = {"item": command.item.to_data()}
        if state.phase != "setup":
            data["changes"] = checks.verify_power_edit(state, state.item(command.item.name),
                                                       command.item)
        return [NewEvent("dust.item_defined", data)]

    def _add_location(self, state: DustState, command: AddLocation) -> list[NewEvent]:
        if state.phase == "over":
            raise RuleError("Game over", "the game has ended")
        location = command.location
        unknown = [e for e in location.entries if e != "Avatar of Fear" and not state.item(e)]
        if unknown:
            raise RuleError("Locations", f"no item named {unknown[0]!r}", field="entries")
        if state.location(location.name) is not None and state.phase != "setup":
            raise RuleError("Locations", f"{location.name} is already on the list", field="name")
        return [NewEvent("dust.location_added", {"location": location.to_data()})]

    def _remove_location(self, state: DustState, command: RemoveLocation) -> list[NewEvent]:
        self._setup_only(state, "locations are taken off the list")
        if state.location(command.name) is None:
            raise RuleError("Locations", f"there is no location named {command.name!r}",
                            field="name")
        return [NewEvent("dust.location_removed", {"location": command.name})]

    def _add_player(self, state: DustState, command: AddPlayer) -> list[NewEvent]:
        checks.verify_player(state, command.name, command.role, command.items)
        return [NewEvent("dust.player_joined", {"player": command.name, "role": command.role,
                                                "items": list(command.items)})]

    def _start(self, state: DustState, command: StartGame) -> list[NewEvent]:
        checks.verify_start(state)
        events = [NewEvent("dust.game_started", {})]
        started = self._fold(state, events)
        events += [NewEvent("dust.message_sent", {"when": "Day 1", "player": p.name,
                                                  "lines": role_card(started, p.name)})
                   for p in started.players]
        events.append(NewEvent("dust.day_began", _post("Day 1", [
            "The survivors huddle in the church. Day 1 begins.", *_night_notice(started)])))
        return events

    def _give(self, state: DustState, command: GiveItem) -> list[NewEvent]:
        checks.verify_gift(state, command.giver, command.item, command.receiver)
        return [
            NewEvent("dust.item_given", {"giver": command.giver, "item": command.item,
                                         "receiver": command.receiver}),
            NewEvent("dust.message_sent", {
                "when": f"Day {state.number}", "player": command.receiver,
                "lines": [f"Someone gave you an item: {command.item}."]}),
        ]

    def _day_power(self, state: DustState, command: UseDayPower) -> list[NewEvent]:
        power = checks.verify_day_power(state, command.player, command.source, command.power)
        player = state.player(command.player)
        item = state.item(command.source)
        copy = next((h for h in player.items if h.item == command.source), None) if player else None
        spent = NewEvent("dust.power_spent", {
            "player": command.player, "source": command.source, "power": power.name,
            "discard": item is not None and copy is not None and copy.used + 1 >= item.uses,
            "why": f"its {power.name} was used"})
        if power.effect == "light":
            return [NewEvent("dust.church_lit", {"player": command.player,
                                                 "source": command.source}),
                    spent,
                    NewEvent("dust.posted", _post(f"Day {state.number}: the generator", [
                        "The generator has been turned on: the church will be lit tonight."]))]
        return [NewEvent("dust.vouched", {"player": command.player}), spent,
                NewEvent("dust.posted", _post(f"Day {state.number}: a word from the moderator",
                                              [f"I vouch for {command.player}: TOWN-aligned."]))]

    def _vote(self, state: DustState, command: Vote) -> list[NewEvent]:
        checks.verify_vote(state, command.voter, command.target)
        if not command.target:
            return [NewEvent("dust.vote_withdrawn", {"voter": command.voter})]
        events = [NewEvent("dust.vote_cast", {"voter": command.voter, "target": command.target})]
        voted = self._fold(state, events)
        voters = voted.tally().get(command.target, [])
        if len(voters) < voted.majority:
            return events
        if command.target == NO_LYNCH:
            return [*events, *self._day_over(voted, "", voters)]
        return [*events, *self._day_over(voted, command.target, voters)]

    def _end_day(self, state: DustState, command: EndDay) -> list[NewEvent]:
        checks.verify_end_day(state)
        return self._day_over(state, "", [])

    def _day_over(self, state: DustState, lynched: str, voters: list[str]) -> list[NewEvent]:
        day = state.number
        events: list[NewEvent] = []
        if lynched:
            events.append(NewEvent("dust.player_lynched", {"player": lynched, "day": day,
                                                          "voters": voters}))
            player = state.player(lynched)
            if player is not None and player.items:
                events.append(NewEvent("dust.items_lost", {
                    "player": lynched, "items": [h.item for h in player.items]}))
            lines = [f"The hammer falls: {lynched} is lynched by {', '.join(voters)}.",
                     _flip(state, lynched)]
        elif voters:
            lines = [f"A majority votes not to lynch today ({', '.join(voters)})."]
        else:
            lines = ["The day ends without a majority: no one is lynched."]
        events.append(NewEvent("dust.day_ended", {"day": day, "lynched": lynched}))
        after = self._fold(state, events)
        won = self._win(after)
        if not won:
            lines.append(f"Twilight: talk on until Night {day} is resolved, and send me your "
                         "night actions.")
        events.append(NewEvent("dust.posted", _post(f"Day {day}: the end of the day", lines)))
        return [*events, *won]

    def _win(self, state: DustState) -> list[NewEvent]:
        side = winner(state)
        if not side:
            return []
        personal = list(personal_wins(state))
        lines = [f"The {'Town' if side == 'town' else 'Scum'} win{'s' if side == 'town' else ''}."]
        lines += [f"{name} also wins: alive at the end." for name in personal]
        lines += [_flip(state, p.name) for p in state.living]
        return [NewEvent("dust.game_won", {"winner": side, "personal": personal}),
                NewEvent("dust.posted", _post("The game is over", lines))]

    def _choose(self, state: DustState, command: ChooseNight) -> list[NewEvent]:
        choice = command.choice
        checks.verify_choice(state, choice)
        return [NewEvent("dust.night_chosen", {
            "player": choice.player, "scavenge": choice.scavenge,
            "uses": [{"source": u.source, "power": u.power, "targets": list(u.targets),
                      "text": u.text} for u in choice.uses]})]

    def _kill(self, state: DustState, command: ChooseKill) -> list[NewEvent]:
        checks.verify_kill(state, command.by, command.killer, command.target)
        return [NewEvent("dust.night_kill_chosen", {
            "by": command.by, "killer": command.killer if command.target else "",
            "target": command.target})]

    def _resolve(self, state: DustState, command: ResolveNight) -> list[NewEvent]:
        checks.verify_resolve(state, command.lots)
        night = state.number
        outcome = resolve_night(state, command.lots)
        events = [NewEvent("dust.night_step", {"night": night, "stage": s.stage, "text": s.text})
                  for s in outcome.steps]
        events += [NewEvent("dust.player_killed", {"player": d.player, "cause": d.cause,
                                                   "night": night}) for d in outcome.deaths]
        events += [NewEvent("dust.item_found", {"player": f.player, "item": f.item,
                                                "location": f.location}) for f in outcome.found]
        events += [NewEvent("dust.power_spent", {"player": s.player, "source": s.source,
                                                 "power": s.power, "discard": s.discard,
                                                 "why": s.why}) for s in outcome.spent]
        events += [NewEvent("dust.items_lost", {"player": lost.player, "items": list(lost.items)})
                   for lost in outcome.lost]
        events += [NewEvent("dust.location_searched", {"location": s.location, "taken": s.taken,
                                                       "emptied": s.emptied, "night": night})
                   for s in outcome.searched]
        events += [NewEvent("dust.message_sent", {"when": f"Night {night}", "player": player,
                                                  "lines": list(lines)})
                   for player, lines in outcome.messages]
        events.append(NewEvent("dust.night_resolved", {
            "night": night, "lots": list(command.lots),
            "late_notes": [{"player": p, "item": i} for p, i in outcome.late_notes]}))
        after = self._fold(state, events)
        won = self._win(after)
        lines = [*outcome.post.lines, *([] if won else _night_notice(after))]
        events.append(NewEvent("dust.day_began", _post(outcome.post.title, lines)))
        return [*events, *won]

    def _late_note(self, state: DustState, command: AddLateNote) -> list[NewEvent]:
        source = checks.verify_late_note(state, command.player, command.text)
        return [NewEvent("dust.late_note_found", {
            "player": command.player, "item": source, "night": state.number - 1,
            "day": state.number, "text": command.text.strip()})]

    def _replace(self, state: DustState, command: ReplacePlayer) -> list[NewEvent]:
        roster.verify_replacement(state, command.player, command.replacement)
        old, new = command.player, command.replacement
        events = [NewEvent("dust.player_replaced", {"player": old, "by": new})]
        if state.phase == "setup":
            return events
        after = self._fold(state, events)
        when = roster.when(state)
        return [*events,
                NewEvent("dust.message_sent", {"when": when, "player": new, "lines": [
                    f"You replace {old} in the game; everything the slot learned is yours.",
                    *role_card(after, new)]}),
                NewEvent("dust.posted", _post(f"{when}: a replacement",
                                              [f"{new} replaces {old}."]))]

    def _modkill(self, state: DustState, command: ModKill) -> list[NewEvent]:
        roster.verify_modkill(state, command.player, command.reason)
        player = state.player(command.player)
        assert player is not None
        when = roster.when(state)
        reason = " ".join(command.reason.split())
        events = [NewEvent("dust.player_modkilled", {"player": player.name, "reason": reason,
                                                     "when": when})]
        if player.items:
            events.append(NewEvent("dust.items_lost", {
                "player": player.name, "items": [h.item for h in player.items]}))
        events.append(NewEvent("dust.posted", _post(f"{when}: the moderator", [
            f"{player.name} is removed from the game by the moderator: {reason}.",
            _flip(state, player.name)])))
        return [*events, *self._win(self._fold(state, events))]

    def _fold(self, state: DustState, events: Iterable[NewEvent]) -> DustState:
        for new in events:
            state = self.evolve(state, Event(0, _NOWHEN, 0, new.kind, new.data, 0))
        return state

    # -- evolving ----------------------------------------------------------------------------

    def evolve(self, state: DustState, event: Event) -> DustState:
        if not event.kind.startswith("dust."):
            return state
        apply = _EVOLVE.get(event.kind.removeprefix("dust."))
        return apply(state, event.data) if apply else state

    def session_ending(self, state: DustState) -> list[NewEvent]:
        return []

    # -- reading -----------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        d = event.data
        text = _DESCRIBE.get(event.kind.removeprefix("dust."))
        if text is None:
            return event.kind
        try:
            return text(d)
        except (KeyError, TypeError, ValueError):
            return f"{event.kind} (unreadable data)"

    def subjects(self, event: Event) -> frozenset[str]:
        d = event.data
        names = [d.get(k) for k in ("player", "giver", "receiver", "voter", "killer", "by")]
        target = d.get("target")
        if event.kind == "dust.vote_cast" and target == NO_LYNCH:
            target = None
        names.append(target)
        for use in d.get("uses", []) if isinstance(d.get("uses"), list) else []:
            names.extend(use.get("targets", []))
        return frozenset(str(n) for n in names if isinstance(n, str) and n)

    def problems(self, state: DustState) -> list[str]:
        found: list[str] = []
        for player in state.players:
            if state.role(player.role) is None:
                found.append(f"{player.name} has an unknown role {player.role!r}")
            for held in player.items:
                if state.item(held.item) is None:
                    found.append(f"{player.name} holds an unknown item {held.item!r}")
            if not player.alive and player.items:
                found.append(f"{player.name} is dead but still holds "
                             f"{', '.join(h.item for h in player.items)}")
        for location in state.locations:
            for entry in location.entries:
                if entry != "Avatar of Fear" and state.item(entry) is None:
                    found.append(f"{location.name} lists an unknown item {entry!r}")
        if state.phase in ("day", "night") and winner(state):
            found.append(f"the {winner(state)} have won, but the game goes on")
        return found


# -- evolve, one function a kind ---------------------------------------------------------------

def _with_player(state: DustState, name: str, change: Callable[[Player], Player]) -> DustState:
    return replace(state, players=tuple(change(p) if p.name == name else p
                                        for p in state.players))


def _define(items: tuple[Any, ...], new: Any) -> tuple[Any, ...]:
    if any(i.name == new.name for i in items):
        return tuple(new if i.name == new.name else i for i in items)
    return (*items, new)


def _remove_copy(items: tuple[Held, ...], item: str) -> tuple[tuple[Held, ...], Held | None]:
    for index, held in enumerate(items):
        if held.item == item:
            return items[:index] + items[index + 1:], held
    return items, None


def _item_given(state: DustState, d: Mapping[str, Any]) -> DustState:
    giver = state.player(d["giver"])
    if giver is None:
        raise TableError(f"no player {d['giver']!r}")
    rest, copy = _remove_copy(giver.items, d["item"])
    if copy is None:
        raise TableError(f"{d['giver']} does not hold the {d['item']}")
    state = _with_player(state, d["giver"], lambda p: replace(p, items=rest))
    return _with_player(state, d["receiver"], lambda p: replace(p, items=(*p.items, copy)))


def _power_spent(state: DustState, d: Mapping[str, Any]) -> DustState:
    def change(player: Player) -> Player:
        if d["source"] == player.role:
            spent = dict(player.spent)
            spent[d["power"]] = spent.get(d["power"], 0) + 1
            return replace(player, spent=tuple(spent.items()))
        rest, copy = _remove_copy(player.items, d["source"])
        if copy is None:
            raise TableError(f"{player.name} does not hold the {d['source']}")
        if d.get("discard"):
            return replace(player, items=rest)
        index = player.items.index(copy)
        used = replace(copy, used=copy.used + 1)
        return replace(player, items=(*player.items[:index], used, *player.items[index + 1:]))
    return _with_player(state, d["player"], change)


def _items_lost(state: DustState, d: Mapping[str, Any]) -> DustState:
    def change(player: Player) -> Player:
        items = player.items
        for item in d["items"]:
            items, _ = _remove_copy(items, item)
        return replace(player, items=items)
    return _with_player(state, d["player"], change)


def _vote_cast(state: DustState, d: Mapping[str, Any]) -> DustState:
    votes = tuple(v for v in state.votes if v[0] != d["voter"])
    return replace(state, votes=(*votes, (d["voter"], d["target"])))


def _night_chosen(state: DustState, d: Mapping[str, Any]) -> DustState:
    choice = NightChoice(d["player"], d.get("scavenge", ""), tuple(
        PowerUse(u["source"], u["power"], tuple(u.get("targets", [])), u.get("text", ""))
        for u in d.get("uses", [])))
    others = tuple(c for c in state.choices if c.player != choice.player)
    return replace(state, choices=(*others, choice))


def _searched(state: DustState, d: Mapping[str, Any]) -> DustState:
    def change(loc: Location) -> Location:
        if loc.name != d["location"]:
            return loc
        return replace(loc, entries=loc.entries[d["taken"]:],
                       emptied=d["night"] if d.get("emptied") else loc.emptied)
    return replace(state, locations=tuple(change(loc) for loc in state.locations))


def _died(how: str) -> Callable[[DustState, Mapping[str, Any]], DustState]:
    def apply(state: DustState, d: Mapping[str, Any]) -> DustState:
        when = f"lynched on Day {d['day']}" if how == "lynched" else (
            f"killed in Night {d['night']}: {d['cause']}")
        return _with_player(state, d["player"], lambda p: replace(p, alive=False, death=when))
    return apply


def _late_note_found(state: DustState, d: Mapping[str, Any]) -> DustState:
    """The note joins the day's post, before the lines about the coming night."""
    title = f"Day {d['day']}"
    index = max((i for i, p in enumerate(state.posts) if p.title == title), default=None)
    posts = state.posts
    if index is not None:
        lines = posts[index].lines
        at = next((i for i, line in enumerate(lines) if line.startswith(_NOTICE)), len(lines))
        post = replace(posts[index], lines=(*lines[:at], note_line(d["text"]), *lines[at:]))
        posts = (*posts[:index], post, *posts[index + 1:])
    step = Step(d["night"], "notes", f"{d['player']} leaves a note with the {d['item']}, "
                                     "after his death (entered after the resolution).")
    return replace(state, posts=posts, steps=(*state.steps, step),
                   late_notes=tuple(n for n in state.late_notes if n[0] != d["player"]))


def _kill_chosen(state: DustState, d: Mapping[str, Any]) -> DustState:
    if not d.get("target"):
        return replace(state, kill=None)
    return replace(state, kill=KillChoice(d["by"], d["killer"], d["target"]))


_EVOLVE: dict[str, Callable[[DustState, Mapping[str, Any]], DustState]] = {
    "role_defined": lambda s, d: replace(s, roles=_define(s.roles, RoleDef.from_data(d["role"]))),
    "item_defined": lambda s, d: replace(s, items=_define(s.items, ItemDef.from_data(d["item"]))),
    "location_added": lambda s, d: replace(s, locations=_define(
        s.locations, Location.from_def(LocationDef.from_data(d["location"])))),
    "location_removed": lambda s, d: replace(s, locations=tuple(
        loc for loc in s.locations if loc.name != d["location"])),
    "player_joined": lambda s, d: replace(s, players=(*s.players, Player(
        d["player"], d["role"], items=tuple(Held(i) for i in d.get("items", []))))),
    "game_started": lambda s, d: replace(s, phase="day", number=1),
    "message_sent": lambda s, d: replace(s, messages=(*s.messages, Message(
        d["when"], d["player"], tuple(d["lines"])))),
    "day_began": lambda s, d: replace(s, posts=(*s.posts, Post(d["title"], tuple(d["lines"])))),
    "posted": lambda s, d: replace(s, posts=(*s.posts, Post(d["title"], tuple(d["lines"])))),
    "item_given": _item_given,
    "church_lit": lambda s, d: replace(s, lit=True),
    "vouched": lambda s, d: _with_player(s, d["player"], lambda p: replace(p, vouched=True)),
    "power_spent": _power_spent,
    "vote_cast": _vote_cast,
    "vote_withdrawn": lambda s, d: replace(s, votes=tuple(v for v in s.votes
                                                          if v[0] != d["voter"])),
    "player_lynched": _died("lynched"),
    "player_killed": _died("killed"),
    "items_lost": _items_lost,
    "day_ended": lambda s, d: replace(s, phase="night", votes=(), choices=(), kill=None,
                                      late_notes=()),
    "night_chosen": _night_chosen,
    "night_kill_chosen": _kill_chosen,
    "night_step": lambda s, d: replace(s, steps=(*s.steps, Step(d["night"], d["stage"],
                                                                d["text"]))),
    "item_found": lambda s, d: _with_player(s, d["player"], lambda p: replace(
        p, items=(*p.items, Held(d["item"])))),
    "location_searched": _searched,
    "night_resolved": lambda s, d: replace(s, phase="day", number=s.number + 1, lit=False,
                                           choices=(), kill=None, votes=(), late_notes=tuple(
                                               (n["player"], n["item"])
                                               for n in d.get("late_notes", []))),
    "late_note_found": _late_note_found,
    "player_replaced": roster.player_replaced,
    "player_modkilled": roster.player_modkilled,
    "game_won": lambda s, d: replace(s, phase="over", winner=d["winner"],
                                     personal_wins=tuple(d.get("personal", []))),
}


def _uses_text(d: Mapping[str, Any]) -> str:
    parts = []
    if d.get("scavenge"):
        parts.append(f"scavenges at {d['scavenge']}")
    for use in d.get("uses", []):
        targets = f" on {' then '.join(use.get('targets', []))}" if use.get("targets") else ""
        parts.append(f"uses {use['source']} ({use['power']}){targets}")
    return "; ".join(parts) or "stays in the church"


def _edited(kind: str, name: str, changes: list[str]) -> str:
    return f"The moderator corrects the {name} {kind} in play: {'; '.join(changes)}."


_DESCRIBE: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "role_defined": lambda d: _edited("role", d["role"]["name"], d["changes"]) if d.get(
        "changes") else f"Role defined: {d['role']['name']} ({d['role']['alignment']})"
                        + (f", by the table's choice: {d['choice']}." if d.get("choice")
                           else "."),
    "item_defined": lambda d: _edited("item", d["item"]["name"], d["changes"]) if d.get(
        "changes") else f"Item defined: {d['item']['name']}.",
    "location_added": lambda d: f"Location added: {d['location']['name']} "
                                f"({', '.join(d['location']['entries']) or 'empty'}).",
    "location_removed": lambda d: f"Location removed: {d['location']}.",
    "player_joined": lambda d: f"{d['player']} joins as {d['role']}"
                               f"{' with ' + ', '.join(d['items']) if d.get('items') else ''}.",
    "game_started": lambda d: "The game begins: Day 1.",
    "message_sent": lambda d: f"{d['when']}: message to {d['player']}: {' '.join(d['lines'])}",
    "day_began": lambda d: f"{d['title']} is posted: {' '.join(d['lines'])}",
    "posted": lambda d: f"Posted ({d['title']}): {' '.join(d['lines'])}",
    "item_given": lambda d: f"{d['giver']} gives the {d['item']} to {d['receiver']}.",
    "church_lit": lambda d: f"{d['player']} lights the church with the {d['source']}.",
    "vouched": lambda d: f"The moderator vouches for {d['player']}.",
    "power_spent": lambda d: f"{d['player']} spends {d['source']} ({d['power']})"
                             f"{'; it is discarded' if d.get('discard') else ''}.",
    "vote_cast": lambda d: f"{d['voter']} votes {d['target']}.",
    "vote_withdrawn": lambda d: f"{d['voter']} withdraws his vote.",
    "player_lynched": lambda d: f"{d['player']} is lynched on Day {d['day']}.",
    "player_killed": lambda d: f"{d['player']} dies in Night {d['night']}: {d['cause']}.",
    "items_lost": lambda d: f"{d['player']} loses {', '.join(d['items'])} with his life.",
    "day_ended": lambda d: f"Day {d['day']} ends"
                           f"{' with the lynch of ' + d['lynched'] if d.get('lynched') else ''}; "
                           "night falls.",
    "night_chosen": lambda d: f"{d['player']} {_uses_text(d)}.",
    "night_kill_chosen": lambda d: (f"{d['by']} picks the kill: {d['killer']} on {d['target']}."
                                    if d.get("target") else f"{d['by']} takes the kill back."),
    "night_step": lambda d: f"Night {d['night']}, {d['stage']}: {d['text']}",
    "item_found": lambda d: f"{d['player']} finds the {d['item']} at {d['location']}.",
    "location_searched": lambda d: f"{d['location']}: {d['taken']} taken"
                                   f"{', now empty' if d.get('emptied') else ''}.",
    "night_resolved": lambda d: f"Night {d['night']} is resolved.",
    "late_note_found": lambda d: f"Day {d['day']}: {d['player']}'s note from Night "
                                 f"{d['night']} ({d['item']}) joins the post: "
                                 f"\u201c{d['text']}\u201d",
    "player_replaced": lambda d: f"{d['by']} replaces {d['player']}.",
    "player_modkilled": lambda d: f"The moderator removes {d['player']} on {d['when']}: "
                                  f"{d['reason']}.",
    "game_won": lambda d: f"The {str(d['winner']).capitalize()} win the game"
                          + "".join(f"; {name} wins too, alive at the end"
                                    for name in d.get("personal", [])) + ".",
}


RULES = DustRules()
