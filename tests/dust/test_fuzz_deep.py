"""Dust's commands fuzzed from deep in play, not only from the sample's Day 1.

The shared fuzz (tests/test_commands_fuzz.py) starts from the sample campaign, twelve hours
into Day 1, so most commands are refused by their first check (it is not night, nobody is
dead, no note is owed). Here the same promise is tested from states the pure engine reaches
by known-good commands: the set-up half done, a wagon one vote short, a lit church, a night
half chosen, the day after a night with deaths and a note owed, gifts and a replacement, a
later night with the new places open, a small table one lynch from its end, a won game, a
night called off, a power corrected in play, the godfather dead.

From each, a sequence of one to six commands is drawn: now and then by the shared strategies
(any value of the right type), mostly by ours, which aim at the state and favour the commands
of its step of play: a living voter, a holder's own item, a power of the player's own role or
items with targets among the living, the lots as a shuffle of the living, a role's power with
one condition changed, and `Onward` (the deadline by day, the resolution by night), and now
and then the session's end, leaving off the day or night under way (`EndSession`, as the
shell's "Leave it off"): the day ends with no lynch, or the night is called off, and the next
session plays on from there (by day anyone living may vote, by night the night resolves). A
second test corrects a power someone holds, has him choose it and resolves the night. Each
command is decided or refused by a RuleError naming its rule (never the journal's own payload
check); what is decided folds from the journal's data, reads back for the log, and leaves
drawable the moderator's and the table's views, the Night tab (a preview of the resolution at
night) and a player's own page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from random import Random
from types import SimpleNamespace
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.games.dust import RULES, view
from gmscreen.games.dust import commands as c
from gmscreen.games.dust.powers import (
    AVATAR,
    CHURCH,
    EFFECTS,
    SPENDS,
    TARGETS,
    TIMINGS,
    WORKS_IF,
    LocationDef,
    Power,
    RoleDef,
)
from gmscreen.games.dust.state import NO_LYNCH, DustState, NightChoice, PowerUse
from gmscreen.journal.sections import as_text
from tests.dust.game import (
    CAST,
    apply,
    choose,
    kill,
    lots,
    new_game,
    resolve,
    run,
    to_night,
    use,
)
from tests.test_commands_fuzz import (
    DERANDOMIZE,
    EXAMPLES,
    STRANGERS,
    EndSession,
    Words,
    built,
    command_classes,
    folded,
    terms_of,
    words_in,
)

#: who starts with what in the deep games: every item of the book in someone's hands
ITEMS: dict[str, tuple[str, ...]] = {
    "Cat": ("Gun", "Notebook"), "Dan": ("Gasoline",), "Van": ("Knife", "Hammer and Nails"),
    "Ann": ("Flashlight",), "Rev": ("Relic",), "Tom": ("Chalk",), "Ino": ("Crucifix",),
    "Wat": ("First Aid Kit",), "Dri": ("Rucksack", "Notebook"), "Bob": ("Adrenaline",),
    "Vet": ("Bulletproof Vest",), "Vig": ("Crowbar", "Alcohol"), "Eve": ("Black Book",),
}
#: the small table of the endgame: two Scum among five
FIVE = {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Eve": "Despair", "Gus": "Guilt"}


def votes(state: DustState, target: str, *voters: str) -> DustState:
    return run(state, *(c.Vote(voter, target) for voter in voters))


def night_one_chosen(state: DustState) -> DustState:
    """Night 1 of the lit church after Pat's lynch, with most of the table's actions in."""
    state = choose(state, "Cat", use("Gun", "Gunshot", "Dan"),
                   use("Notebook", "Notes", text="Watch Gus."))
    state = choose(state, "Dan", scavenge="The Cafe")
    state = choose(state, "Tom", scavenge="The Cafe")
    state = choose(state, "Dri", scavenge="The School")
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"))
    state = choose(state, "Bob", use("Doctor", "Tend", "Cat"), use("Adrenaline", "Energy"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Eve"))
    state = choose(state, "Wat", use("Night Watchman", "Keep Watch", "Cat"))
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Vet", use("Veteran", "On Alert"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    state = choose(state, "Van", use("Knife", "Paranoid Bodyguard", "Cat"))
    state = choose(state, "Ino", use("Crucifix", "Lightning Rod", "Ann"))
    return kill(state, "Dri", killer="Gus")


@cache
def deep_states() -> tuple[tuple[str, DustState], ...]:
    """Each step of play the fuzz starts from, with a word for what it is."""
    found: list[tuple[str, DustState]] = []

    def keep(label: str, state: DustState) -> DustState:
        found.append((label, state))
        return state

    tables = keep("set-up: the book's tables", run(DustState(), c.UseBookSetUp()))
    keep("set-up: the cast seated with items", run(
        tables, c.RemoveLocation("The Lake"),
        c.AddLocation(LocationDef("The Mine", 1, None, ("Notebook", AVATAR))),
        *(c.AddPlayer(name, role, ITEMS.get(name, ())) for name, role in CAST.items())))
    day1 = keep("Day 1: just begun", new_game(ITEMS))
    wagon = run(day1, c.UseDayPower("Dan", "Gasoline", "Generator"),
                c.UseDayPower("Ino", "Innocent", "Vouch"),
                c.GiveItem("Van", "Hammer and Nails", "Wat"))
    wagon = votes(wagon, "Pat", "Ann", "Bob", "Cat", "Dan", "Van", "Rev")
    wagon = keep("Day 1: a lit church, a wagon one short", votes(wagon, NO_LYNCH, "Gus", "Eve"))
    keep("Night 1: dark, nothing sent", run(day1, c.EndDay()))
    night1 = keep("Night 1: twilight after the hammer", votes(wagon, "Pat", "Wat", "Tom"))
    chosen = keep("Night 1: actions and the kill in", night_one_chosen(night1))
    day2 = keep("Day 2: deaths, a note owed", run(chosen, c.ResolveNight(lots(chosen, "Cat"))))
    assert day2.late_notes, "nobody owes a note on Day 2"
    later = run(day2, *(c.AddLateNote(name, "It was the Scum.")
                        for name, _ in day2.late_notes))
    holders = [(p.name, h.item) for p in later.living for h in p.items
               if h.item not in ("Relic", "Black Book")]
    receivers = [p.name for p in later.living]
    for giver, item in holders[:2]:
        receiver = next(name for name in receivers if name != giver)
        later = run(later, c.GiveItem(giver, item, receiver))
    later = keep("Day 2: the note in, gifts made", later)
    living = [p.name for p in later.living]
    swapped = run(later, c.ReplacePlayer(living[0], "Newcomer"),
                  c.Vote("Newcomer", living[1]), c.Vote(living[2], living[1]))
    swapped = keep("Day 2: a replacement, a mod-kill, votes", run(
        swapped, c.ModKill(living[3], "did not post for two days")))
    night2 = run(swapped, c.EndDay())
    searcher = next(p.name for p in night2.living if not night2.is_scum(p.name))
    night2 = keep("Night 2: the hospital open, a search chosen",
                  choose(night2, searcher, scavenge="The Hospital"))
    scum = [p.name for p in night2.living if night2.is_scum(p.name)]
    night2 = kill(night2, searcher, killer=scum[-1], by="Gus" if "Gus" in scum else scum[0])
    keep("Day 3: after the second night", resolve(night2))
    quiet = run(new_game(ITEMS), c.Vote("Ann", "Bob"))
    quiet = choose(to_night(quiet, 1), "Cat", use("Gun", "Gunshot", "Dan"))
    keep("Day 2: Night 1 called off as the session ended", apply(quiet, list(RULES.abandon(quiet))))
    cop = day1.role("Cop")
    assert cop is not None
    edited = run(day1, c.DefineRole(replace(cop, powers=tuple(
        replace(p, uses=3, exclusive=False) for p in cop.powers))), c.EndDay())
    keep("Night 1: the Cop's power corrected, in use", choose(
        edited, "Ann", use("Cop", "Interrogate", "Pat"), use("Flashlight", "Investigate", "Gus")))
    headless = votes(new_game(ITEMS, godfather_reads_town=True), "Gus",
                     *[n for n in CAST if n != "Gus"][:8])
    keep("Night 1: Guilt lynched, the usual godfather", kill(headless, "Ann", killer="Eve",
                                                             by="Pat"))
    keep("set-up: a small cast ready to start", run(
        tables, *(c.AddPlayer(name, role) for name, role in FIVE.items())))
    owed = run(new_game({"Cat": ("Notebook",), "Dan": ("Gasoline",)}, {**FIVE, "Dan": "Cop"}),
               c.EndDay())
    keep("Day 2: a note owed, five left", resolve(kill(owed, "Cat", killer="Eve", by="Gus")))
    small = keep("Day 1: five players, two Scum", new_game({"Cat": ("Gun",)}, FIVE))
    near = run(small, c.EndDay())
    near = kill(choose(near, "Bob", use("Doctor", "Tend", "Cat")), "Cat", killer="Gus", by="Gus")
    near = keep("Day 2: nobody died, one lynch from the end", resolve(near))
    keep("over: the Scum won", votes(near, "Ann", "Eve", "Gus", "Bob"))
    return tuple(found)


def names_of(state: DustState) -> tuple[str, ...]:
    return tuple(p.name for p in state.players) or ("Zeke",)


def power_changed(power: Power) -> st.SearchStrategy[Power]:
    """`power` with one or two of its conditions changed, as a moderator's correction."""
    fields: dict[str, st.SearchStrategy[Any]] = {
        "effect": st.sampled_from(sorted(EFFECTS)), "timing": st.sampled_from(sorted(TIMINGS)),
        "target": st.sampled_from(sorted(TARGETS)),
        "works_if_target": st.sampled_from(sorted(WORKS_IF)),
        "church": st.sampled_from(sorted(CHURCH)), "spend": st.sampled_from(sorted(SPENDS)),
        "uses": st.one_of(st.none(), st.integers(-1, 4)), "exclusive": st.booleans(),
        "leaves_church": st.booleans(), "stays_in_church": st.booleans(),
        "tag": st.sampled_from(("", "any", "hopelessness", "town", "scum", "3", "all")),
        "spares_night_kill": st.booleans(), "text": st.sampled_from(("", "changed")),
    }
    # what a power acts on and how it aims weigh most: the night is built on them
    keys = st.one_of(st.sampled_from(("effect", "target")), st.sampled_from(sorted(fields)))
    one = keys.flatmap(
        lambda key: fields[key].map(lambda value: replace(power, **{key: value})))
    return one.flatmap(lambda changed: st.one_of(st.just(changed), keys.flatmap(
        lambda key: fields[key].map(lambda value: replace(changed, **{key: value})))))


def powers_changed(powers: tuple[Power, ...]) -> st.SearchStrategy[tuple[Power, ...]]:
    added = Power("Second Sight", "investigate", target="other", exclusive=True)
    if not powers:
        return st.sampled_from(((), (added,)))
    return st.integers(0, len(powers) - 1).flatmap(
        lambda at: power_changed(powers[at]).map(
            lambda new: (*powers[:at], new, *powers[at + 1:]))).flatmap(
        lambda new: st.sampled_from((new, (*new, added), new[1:])))


@cache
def aimed(index: int) -> st.SearchStrategy[Any]:
    """Commands aimed at the state `index`: its own players, items, powers and places."""
    state = deep_states()[index][1]
    names = names_of(state)
    living = tuple(p.name for p in state.living) or names
    name = st.one_of(st.sampled_from(living), st.sampled_from(living), st.sampled_from(names),
                     st.sampled_from(STRANGERS))
    scum = tuple(p.name for p in state.players if state.role(p.role)
                 and state.is_scum(p.name)) or names
    items = tuple(i.name for i in state.items) or ("Gun",)
    places = tuple(loc.name for loc in state.locations) or ("The Cafe",)
    text = st.sampled_from(("It was Pat.", "", "  ", "a" * 50))

    def sources(who: str) -> list[tuple[str, Power]]:
        player = state.player(who)
        if player is None:
            return []
        found = []
        for source in (player.role, *(h.item for h in player.items)):
            holder = state.role(source) if source == player.role else state.item(source)
            found += [(source, p) for p in (holder.powers if holder else ())]
        return found

    every_power = [(r.name, p) for r in state.roles for p in r.powers] + [
        (i.name, p) for i in state.items for p in i.powers] or [("Gun", Power("Gunshot",
                                                                              "kill"))]

    @st.composite
    def a_use(draw: st.DrawFn, who: str) -> PowerUse:
        own = sources(who)
        # mostly a power of his own role or items, now and then anyone's
        foreign = draw(st.integers(0, 4)) == 0
        pool = every_power if foreign or not own else own
        source, power = draw(st.sampled_from(pool))
        wanted = {"none": 0, "other": 1, "any": 1, "two": 2}[power.target]
        count = draw(st.sampled_from((wanted, wanted, wanted, 0, 1, 2)))
        others = [p for p in living if p != who] or list(living)
        targets = tuple(draw(st.one_of(st.sampled_from(others), st.sampled_from(others), name))
                        for _ in range(count))
        note = draw(text) if power.effect == "note" else draw(st.sampled_from(("", "x")))
        return PowerUse(source, power.name, targets, note)

    open_places = tuple(loc.name for loc in state.open_locations()) or places

    @st.composite
    def a_choice(draw: st.DrawFn) -> c.ChooseNight:
        who = draw(name)
        # mostly one power or one search, as players send them; sometimes more
        size = draw(st.sampled_from((1, 1, 1, 0, 2, 3)))
        uses = tuple(draw(a_use(who)) for _ in range(size))
        scavenge = draw(st.sampled_from(("", "", "", *places)) if uses
                        else st.sampled_from(("", *open_places, *open_places)))
        return c.ChooseNight(NightChoice(who, scavenge, uses))

    @st.composite
    def shuffled(draw: st.DrawFn) -> c.ResolveNight:
        order = list(draw(st.permutations(living)))
        spoil = draw(st.integers(0, 5))
        if spoil == 1 and order:
            order.pop()
        elif spoil == 2:
            order.append(draw(name))
        return c.ResolveNight(tuple(order))

    roles = tuple(state.roles)
    defined = st.sampled_from(roles).flatmap(lambda role: powers_changed(role.powers).map(
        lambda powers: c.DefineRole(replace(role, powers=powers)))) if roles else st.nothing()
    kinds = tuple(state.items)
    items_defined = st.sampled_from(kinds).flatmap(
        lambda item: powers_changed(item.powers).map(
            lambda powers: c.DefineItem(replace(item, powers=powers)))) if kinds else st.nothing()
    held = tuple((p.name, h.item) for p in state.players for h in p.items) or (("Cat", "Gun"),)
    late = tuple(p for p, _ in state.late_notes) or names
    every = aimed_every(state, name, held, items, sources, a_choice(), shuffled(), scum, late,
                        text, defined, items_defined, places, roles)
    kinds_now = {"setup": (c.AddPlayer, c.RemoveLocation, c.StartGame, c.DefineRole,
                           c.DefineItem, c.AddLocation),
                 "day": (c.Vote, c.GiveItem, c.UseDayPower, c.EndDay, c.AddLateNote,
                         c.ReplacePlayer, c.ModKill),
                 "night": (c.ChooseNight, c.ChooseKill, c.ResolveNight, c.ReplacePlayer,
                           c.ModKill)}.get(state.phase, ())
    now = [strategy for kind, strategy in every if kind in kinds_now]
    anyone = [strategy for _, strategy in every]
    # what belongs to this step of play twice as often as all the rest (a choice among
    # strategies, not one `one_of`, which would flatten them into one even draw)
    return st.sampled_from([now or anyone, now or anyone, anyone]).flatmap(
        lambda pool: st.sampled_from(pool).flatmap(lambda strategy: strategy))


def aimed_every(state: DustState, name: st.SearchStrategy[str], held: tuple[tuple[str, str], ...],
                items: tuple[str, ...], sources: Callable[[str], list[tuple[str, Power]]],
                a_choice: st.SearchStrategy[c.ChooseNight],
                shuffled: st.SearchStrategy[c.ResolveNight], scum: tuple[str, ...],
                late: tuple[str, ...], text: st.SearchStrategy[str],
                defined: st.SearchStrategy[c.DefineRole],
                items_defined: st.SearchStrategy[c.DefineItem], places: tuple[str, ...],
                roles: tuple[RoleDef, ...]) -> list[tuple[type, st.SearchStrategy[Any]]]:
    """Each command class with the strategy aimed at `state`."""
    day_powers = [(p.name, source, power.name) for p in state.players
                  for source, power in sources(p.name) if power.timing == "day"] or [
                      ("Dan", "Gasoline", "Generator")]
    return [
        (c.Vote, st.builds(c.Vote, name, st.one_of(name, st.sampled_from((NO_LYNCH, "", ""))))),
        (c.GiveItem, st.sampled_from(held).flatmap(lambda pair: st.builds(
            c.GiveItem, st.just(pair[0]), st.one_of(st.just(pair[1]), st.sampled_from(items)),
            name))),
        (c.UseDayPower, st.one_of(
            st.sampled_from(day_powers).map(lambda found: c.UseDayPower(*found)),
            name.flatmap(lambda who: st.builds(
                c.UseDayPower, st.just(who),
                *map(st.just, (draw_day(sources(who)) or ("Gasoline", "Generator"))))))),
        (c.ChooseNight, a_choice),
        (c.ChooseKill, st.builds(c.ChooseKill, st.sampled_from(scum), st.sampled_from(scum),
                                 st.one_of(name, st.just("")))),
        (c.ResolveNight, shuffled),
        (c.AddLateNote, st.builds(c.AddLateNote, st.sampled_from(late), text)),
        (c.ReplacePlayer, st.builds(c.ReplacePlayer, name,
                                    st.sampled_from(("Newer", "Ann", " Pad", "")))),
        (c.ModKill, st.builds(c.ModKill, name, st.sampled_from(("no posts", " ", "")))),
        (c.DefineRole, defined), (c.DefineItem, items_defined),
        (c.AddLocation, st.builds(c.AddLocation, st.builds(
            LocationDef, st.sampled_from(("The Saloon", *places[:2], "")),
            st.integers(-1, 5), st.one_of(st.none(), st.integers(-1, 6)),
            st.lists(st.sampled_from((*items, AVATAR, "Nothing")), max_size=3).map(tuple)))),
        (c.RemoveLocation, st.builds(c.RemoveLocation, st.sampled_from((*places, "Nowhere")))),
        (c.AddPlayer, st.builds(c.AddPlayer, st.sampled_from(("Newer", "Ann", "")),
                                st.sampled_from(tuple(r.name for r in roles) or ("Cop",)),
                                st.lists(st.sampled_from(items), max_size=2).map(tuple))),
        (c.StartGame, st.just(c.StartGame())), (c.EndDay, st.just(c.EndDay())),
        (c.UseBookSetUp, st.just(c.UseBookSetUp())),
    ]


def draw_day(found: list[tuple[str, Power]]) -> tuple[str, str] | None:
    """The first day power among `found`, as (source, power)."""
    return next(((source, p.name) for source, p in found if p.timing == "day"), None)


@cache
def anything(index: int) -> st.SearchStrategy[Any]:
    """The shared strategies' commands, with words drawn from the state `index`."""
    state = deep_states()[index][1]
    every: set[str] = set()
    names: set[str] = set()
    words_in(state, every, names)
    spelled = {*(r.name for r in state.roles), *(i.name for i in state.items),
               *(loc.name for loc in state.locations), NO_LYNCH,
               *(p.name for r in state.roles for p in r.powers),
               *(p.name for i in state.items for p in i.powers)}
    words = Words(names_of(state), tuple(sorted(every)) or ("Zeke",),
                  tuple(sorted({*terms_of("dust"), *spelled})))
    return st.one_of(*(built(cls, words) for cls in command_classes("dust")))


@dataclass(frozen=True)
class Onward:
    """Not a command the game knows: the next step of play from wherever the sequence has got
    to: by day the deadline (`EndDay`), by night the resolution with the living in an order
    drawn from `seed`."""

    seed: int


def onward(state: DustState, step: Onward) -> object:
    if state.phase != "night":
        return c.EndDay()
    living = [p.name for p in state.living]
    Random(step.seed).shuffle(living)
    return c.ResolveNight(tuple(living))


@cache
def corrected(index: int) -> st.SearchStrategy[list[Any]]:
    """A power a living player holds corrected in play, then chosen by him tonight (with as
    many targets as it asks, or not), then the night resolved: what the moderator does when
    he finds a mistake in the set-up half-way through a night."""
    state = deep_states()[index][1]
    held: list[tuple[str, str, Power]] = []
    for player in state.living:
        for source in (player.role, *(h.item for h in player.items)):
            holder = state.role(source) if source == player.role else state.item(source)
            held += [(player.name, source, p) for p in (holder.powers if holder else ())]
    if not held:
        return st.nothing()
    living = [p.name for p in state.living]

    @st.composite
    def steps(draw: st.DrawFn) -> list[Any]:
        who, source, power = draw(st.sampled_from(held))
        new = draw(power_changed(power))
        role = state.role(source)
        edit: object
        if role is not None and source == state.role_of(who).name:
            edit = c.DefineRole(replace(role, powers=tuple(
                new if p.name == power.name else p for p in role.powers)))
        else:
            item = state.item(source)
            assert item is not None
            edit = c.DefineItem(replace(item, powers=tuple(
                new if p.name == power.name else p for p in item.powers)))
        aims = {"none": 0, "other": 1, "any": 1, "two": 2}
        count = draw(st.sampled_from((aims[new.target], aims[new.target], aims[power.target],
                                      0, 1, 2)))
        targets = tuple(draw(st.sampled_from(living)) for _ in range(count))
        chosen = c.ChooseNight(NightChoice(who, "", (PowerUse(source, power.name, targets,
                                                              "a note"),)))
        order = draw(st.permutations([edit, chosen]))
        return [*order, Onward(draw(st.integers(0, 99)))]

    return steps()


def one_command(index: int) -> st.SearchStrategy[Any]:
    return st.sampled_from((aimed(index), aimed(index), aimed(index), anything(index),
                            st.builds(Onward, st.integers(0, 99)), st.just(EndSession()))
                           ).flatmap(lambda strategy: strategy)


def commands_for(index: int) -> st.SearchStrategy[list[Any]]:
    return st.lists(one_command(index), min_size=1, max_size=6)


def corrections_for(index: int) -> st.SearchStrategy[list[Any]]:
    """A power corrected, chosen and the night resolved, with a command or two around."""
    one = one_command(index)
    return st.tuples(st.lists(one, max_size=2), corrected(index), st.lists(one, max_size=1)
                     ).map(lambda parts: [*parts[0], *parts[1], *parts[2]])


#: stands in for the campaign `folded` asks for: the rules, and a journal with no events
JOURNAL = cast(Any, SimpleNamespace(rules=RULES, events=()))
#: the command classes decided so far (for a look at what the fuzz reaches)
DECIDED: set[str] = set()


def next_session_goes_on(before: DustState, state: DustState) -> None:
    """What the session left off is over, and play goes on from the next step: a day left
    off ends with no lynch (night follows, the same number), a night left off is called off
    (the next day follows); by day anyone living may vote, by night the night resolves."""
    living = tuple(p.name for p in state.living)
    if RULES.under_way(before) is not None and state.phase != "over":
        assert (state.phase, state.number) == (
            ("night", before.number) if before.phase == "day" else ("day", before.number + 1))
    if state.phase == "day" and living:
        RULES.decide(state, c.Vote(living[0], NO_LYNCH))
    elif state.phase == "night":
        RULES.decide(state, c.ResolveNight(living))


def check(state: DustState, commands: list[Any]) -> None:
    """Each command decided or refused in turn; what is decided folds, reads back and leaves
    both views drawable."""
    for command in commands:
        if isinstance(command, Onward):
            command = onward(state, command)
        before = state
        for after, event in list(folded(JOURNAL, state, [command])):
            DECIDED.add(type(command).__name__)
            state = after
            if RULES.kinds.knows(event.kind):  # not the session's own start and end
                told = RULES.describe(event)
                assert isinstance(told, str)
                assert not told.startswith(("(a damaged event", "(an event that cannot be told")
                                           ), told
            as_text(view.dealer_sections(after))
            as_text(view.table_sections(view.table_knows(after)))
        if isinstance(command, EndSession):
            next_session_goes_on(before, state)
        # the Night tab (a preview of the resolution, at night) and a player's own page
        view.night_page(state, tuple(p.name for p in state.living))
        for name in view.private_viewers(state)[:1]:
            as_text(view.player_sections(view.player_knows(state, name)))


def test_the_deep_states_are_each_a_different_step_of_play() -> None:
    states = deep_states()
    assert len(states) >= 12
    phases = {state.phase for _, state in states}
    assert phases == {"setup", "day", "night", "over"}
    assert len({label for label, _ in states}) == len(states)


def indexes(*phases: str) -> st.SearchStrategy[int]:
    return st.sampled_from([at for at, (_, state) in enumerate(deep_states())
                            if state.phase in phases])


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_command_from_deep_in_play_is_decided_or_refused_by_a_rule(data: st.DataObject,
                                                                        ) -> None:
    index = data.draw(indexes("setup", "day", "night", "over"), label="state")
    commands = data.draw(commands_for(index), label="commands")
    check(deep_states()[index][1], commands)


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_power_corrected_in_play_then_used_is_decided_or_refused_by_a_rule(
        data: st.DataObject) -> None:
    index = data.draw(indexes("day", "night"), label="state")
    commands = data.draw(corrections_for(index), label="commands")
    check(deep_states()[index][1], commands)
