"""Helpers to play Dust through its decider, without the journal or the screen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseKill,
    ChooseNight,
    EndDay,
    ResolveNight,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.night import NightOutcome, resolve_night
from gmscreen.games.dust.state import DustState, NightChoice, Player, PowerUse
from gmscreen.journal.events import Event, NewEvent

#: a cast of the book's fifteen roles; the tests hand out items as they need
CAST = {
    "Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Dan": "Vanilla Town",
    "Van": "Vanilla Town", "Rev": "Reverend", "Wat": "Night Watchman", "Tom": "Tracker",
    "Vig": "Vigilante", "Ino": "Innocent", "Vet": "Veteran", "Dri": "Drifter",
    "Eve": "Despair", "Gus": "Guilt", "Pat": "Paranoia",
}


def apply(state: DustState, events: list[NewEvent]) -> DustState:
    for new in events:
        state = RULES.evolve(state, Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))
    return state


def run(state: DustState, *commands: Any) -> DustState:
    for command in commands:
        state = apply(state, RULES.decide(state, command))
    return state


def new_game(items: Mapping[str, tuple[str, ...]] | None = None,
             cast: dict[str, str] | None = None, *,
             godfather_reads_town: bool = False) -> DustState:
    """The book's set-up with `cast` (default: CAST) at Day 1; the table may choose the
    usual Mafia godfather, who reads as Town."""
    items = items or {}
    cast = cast or CAST
    state = run(DustState(), UseBookSetUp(godfather_reads_town=godfather_reads_town))
    state = run(state, *(AddPlayer(name, role, items.get(name, ())) for name, role in cast.items()))
    return run(state, StartGame())


def night_of(items: Mapping[str, tuple[str, ...]] | None = None, *,
             godfather_reads_town: bool = False) -> DustState:
    """Night 1 of a new game."""
    return run(new_game(items, godfather_reads_town=godfather_reads_town), EndDay())


def use(source: str, power: str, *targets: str, text: str = "") -> PowerUse:
    return PowerUse(source, power, tuple(targets), text)


def choose(state: DustState, player: str, *uses: PowerUse, scavenge: str = "") -> DustState:
    return run(state, ChooseNight(NightChoice(player, scavenge, tuple(uses))))


def kill(state: DustState, target: str, killer: str = "Pat", by: str = "Gus") -> DustState:
    return run(state, ChooseKill(by, killer, target))


def lots(state: DustState, *first: str) -> tuple[str, ...]:
    """Every living player once: `first` in that order, then the rest in cast order."""
    rest = [p.name for p in state.living if p.name not in first]
    return (*first, *rest)


def outcome(state: DustState, *first: str) -> NightOutcome:
    return resolve_night(state, lots(state, *first))


def resolve(state: DustState, *first: str) -> DustState:
    return run(state, ResolveNight(lots(state, *first)))


def dead(result: NightOutcome) -> list[str]:
    """Who died in the night, in the order the night killed them."""
    return [death.player for death in result.deaths]


def told(result: NightOutcome, player: str) -> str:
    return " ".join(" ".join(lines) for name, lines in result.messages if name == player)


def to_night(state: DustState, night: int) -> DustState:
    """Quiet days and nights until the given night begins."""
    if state.phase == "day":
        state = run(state, EndDay())
    while state.number < night:
        state = run(state, ResolveNight(lots(state)), EndDay())
    return state


def player(state: DustState, name: str) -> Player:
    found = state.player(name)
    assert found is not None, name
    return found


def every_kind() -> list[Event]:
    """A short game through the decider whose journal holds every kind of Dust event: the set-up
    (a seat filled wrongly put right and one taken off, the roles dealt, a role and an item
    corrected in play, a place added and one taken off), a gift (entered wrongly, put right), a
    night action entered for the wrong player taken back, the generator, a vouch, the deadline
    clock set and moved, votes, a lynch, a night with finds and a death, a late note (entered
    wrongly, put right), a replacement, a mod-kill (one taken back), the win, and a role card
    copied to send and a post to post."""
    from gmscreen.games.dust.commands import (
        AddLateNote,
        AddLocation,
        CopyMessages,
        CopyPost,
        CorrectGift,
        CorrectLateNote,
        CorrectModKill,
        CorrectPlayer,
        DealRoles,
        DefineItem,
        DefineRole,
        GiveItem,
        ModKill,
        RemoveLocation,
        RemovePlayer,
        ReplacePlayer,
        SetDeadline,
        TickDeadline,
        UseDayPower,
        Vote,
        WithdrawNight,
        WriteOpening,
    )
    from gmscreen.games.dust.powers import LocationDef

    events: list[Event] = []
    state = DustState()

    def do(*commands: Any) -> None:
        nonlocal state
        for command in commands:
            for new in RULES.decide(state, command):
                event = Event(len(events) + 1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
                events.append(event)
                state = RULES.evolve(state, event)

    do(UseBookSetUp(), RemoveLocation("The Lake"),
       AddLocation(LocationDef("The Mine", 1, None, ("Notebook",))),
       *(AddPlayer(name, role, {"Cat": ("Knife", "Notebook"), "Dan": ("Gasoline",)}.get(name, ()))
         for name, role in CAST.items()),
       AddPlayer("Zed", "Cop"), RemovePlayer("Zed"), AddPlayer("Ab", "Doctor"),
       CorrectPlayer("Ab", "Abe", "Drifter"), RemovePlayer("Abe"))
    # the roles dealt as they sit (the draw kept each his own), so the cast stands
    # the moderator's own opening, written ahead, heads Day 1's post
    do(WriteOpening("The bell rings once."))
    do(DealRoles(tuple(p.name for p in state.players)), StartGame())
    cop = state.role("Cop")
    knife = state.item("Knife")
    assert cop is not None and knife is not None
    do(DefineRole(replace(cop, powers=tuple(replace(p, uses=3) for p in cop.powers))),
       GiveItem("Cat", "Knife", "Wat"), CorrectGift("Cat", "Knife", "Wat", "Bob"),
       UseDayPower("Dan", "Gasoline", "Generator"), UseDayPower("Ino", "Innocent", "Vouch"),
       Vote("Ann", "Eve"), Vote("Ann", ""), SetDeadline(8, "six hours a segment"),
       TickDeadline(2, "twelve hours gone"))
    do(*(Vote(name, "Pat") for name in list(CAST)[:8]))
    do(ChooseNight(NightChoice("Vet", scavenge="The Cafe")), WithdrawNight("Vet"),
       ChooseNight(NightChoice("Cat", scavenge="The Cafe")),
       ChooseNight(NightChoice("Dan", scavenge="The Mine")),
       ChooseKill("Gus", "Eve", "Cat"), ResolveNight(lots(state)))
    do(AddLateNote("Cat", "It was Gus."), CorrectLateNote("Cat", "It was Eve."),
       ReplacePlayer("Bob", "Bobby"))
    do(DefineItem(replace(knife, powers=tuple(replace(p, exclusive=not p.exclusive)
                                             for p in knife.powers))))
    do(ModKill("Vet", "meant another"), CorrectModKill("Vet"), ModKill("Gus", "never posted"))
    do(EndDay(), ChooseNight(NightChoice("Dan", scavenge="The Cafe")))
    for new in RULES.abandon(state):  # the session ends: the night is called off
        event = Event(len(events) + 1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
        events.append(event)
        state = RULES.evolve(state, event)
    do(*[Vote(p.name, "Eve") for p in state.living if p.name != "Eve"][: state.majority])
    # the moderator copies Ann's role card to send her, late: ticked off
    do(CopyMessages(("Ann",), ("Day 1",)))
    # and the first post, to post it
    do(CopyPost(0))
    return events
