"""How each event changes A Fistful of Sixes' state: one small function per kind.

Every step also does what `step` says: what only the step before held (the Luck just
rolled, the duel just fought, the failed test that may still be doubled down) is let go
first, and the sheets the event changes take their new values last (one back above 0 Guts
is up again, their fall behind them).

Doubling Down follows its test at once (the book has the new dice rolled immediately): any
other step lets the test go, but the Judge spending a Misfortune on it (the gun running dry
as the roll fails), which may come first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Annotated, TypeVar, get_args, get_origin, get_type_hints

from gmscreen.games.fistful import events as e
from gmscreen.games.fistful import wanted_rules
from gmscreen.games.fistful.between import NEW_BACKGROUND, NEW_STORY
from gmscreen.games.fistful.conflict_rules import GUARDED
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.rules import RULES
from gmscreen.games.fistful.state import (
    LATELY,
    Character,
    ClockMove,
    Fighter,
    FistfulState,
    OpenTest,
    Settings,
)
from gmscreen.games.fistful.tables import weapons
from gmscreen.journal import clocks, freeroll
from gmscreen.journal.decider import Name
from gmscreen.journal.events import NOTE, SESSION_END, SESSION_START, Event
from gmscreen.journal.payload import PayloadError

P = TypeVar("P")
Evolver = Callable[[FistfulState, P], FistfulState]
Linked = Callable[[FistfulState, P, Event], FistfulState]


def _fresh(state: FistfulState, keeps_test: bool = False) -> FistfulState:
    """What only the step before held, let go (the open test too, unless `keeps_test`)."""
    return replace(state, fresh_luck=(), unbanked_luck=(), duel_winner="", duel_loser="",
                   open_test=state.open_test if keeps_test else None)


def _plan(cls: type) -> tuple[tuple[str, bool], ...]:
    """What of a payload's class to look at for names, found once: each field that names a
    character (marked `NAME`, or a table keyed by names: True), then each that holds a
    payload of its own, a side of a test (False); a new sheet (a character made) is
    neither."""
    found = _PLANS.get(cls)
    if found is None:
        hints = get_type_hints(cls, include_extras=True)
        found = _PLANS[cls] = tuple(
            (f.name, _marks_a_name(hints[f.name])) for f in fields(cls)
            if _marks_a_name(hints[f.name]) or _holds_a_payload(hints[f.name]))
    return found


def _marks_a_name(hint: object) -> bool:
    if get_origin(hint) is Annotated:
        inner, *extras = get_args(hint)
        return any(isinstance(extra, Name) for extra in extras) or _marks_a_name(inner)
    if get_origin(hint) is dict:
        return _marks_a_name(get_args(hint)[0])
    return any(_marks_a_name(arg) for arg in get_args(hint))


def _holds_a_payload(hint: object) -> bool:
    if isinstance(hint, type):
        return is_dataclass(hint) and hint is not Character
    return any(_holds_a_payload(arg) for arg in get_args(hint))


_PLANS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _anyone_unknown(state: FistfulState, payload: object) -> bool:
    """Whether `payload` names someone with no sheet: asked of every event as the journal
    is folded, so it looks only where its class names people."""
    for name, named in _plan(type(payload)):
        value = getattr(payload, name)
        if not named:
            if value is not None and _anyone_unknown(state, value):
                return True
        elif isinstance(value, str):
            if value and state.character(value) is None:
                return True
        elif any(one and state.character(one) is None for one in value or ()):
            return True
    return False


def names_told(payload: object, path: str = "") -> Iterator[tuple[str, str]]:
    """Each (field, name) an event's payload names a character by, dotted into its sides
    and indexed into lists ("active.name", "others[1]", "sheets (a sheet of)" for a table
    keyed by names); a new sheet's own name (a character made) is not among them."""
    for name, named in _plan(type(payload)):
        value = getattr(payload, name)
        where = f"{path}{name}"
        if not named:
            if value is not None:
                yield from names_told(value, f"{where}.")
        elif isinstance(value, str):
            yield where, value
        elif isinstance(value, tuple):
            yield from ((f"{where}[{i}]", one) for i, one in enumerate(value))
        elif isinstance(value, dict):
            yield from ((f"{where} (a sheet of)", one) for one in value)


def _verify_names(state: FistfulState, told: object, event: Event) -> None:
    """A journal put right by hand with a name nobody has (a typo, a character never made)
    is named by its event and field, as a number out of range is: the test that named
    "Nobody Here" was told in the log, and its Luck given to the sheet it named."""
    if not _anyone_unknown(state, told):
        return
    for where, name in names_told(told):
        if name and state.character(name) is None:
            field, _, of = where.partition(" ")
            raise PayloadError(event.kind, field, f"{'holds a sheet of' if of else 'is'} "
                               f"{name!r}, who has no sheet in the campaign", event.seq)


def _totals(told: object) -> Iterator[tuple[str, int, int]]:
    """Each (field, total written, total its dice make) of an event's rolls: a test's and
    an opposed test's sides (the dice kept), Doubling Down (the total before and the new
    dice), a duel's coins (heads 6, tails 1), a rest, a morale check, the Wanted Chart, an
    Advancement Test and a reaction (its die added and the Judge's modifier)."""
    if isinstance(told, e.TestRolled | e.SideRolled):
        yield "total", told.total, sum(told.kept)
    elif isinstance(told, e.OpposedTestRolled):
        for side in ("active", "opposition"):
            for field, written, counted in _totals(getattr(told, side)):
                yield f"{side}.{field}", written, counted
    elif isinstance(told, e.DoubledDown):
        yield "total", told.total, told.before + sum(told.faces)
    elif isinstance(told, e.DuelFought):
        for side in ("challenger", "opponent"):
            coins = getattr(told, f"{side}_coins").upper()
            yield (f"{side}_total", getattr(told, f"{side}_total"),
                   sum(6 if face == "H" else 1 for face in coins))
    elif isinstance(told, e.Rested | e.MoraleTested):
        yield "total", told.total, sum(told.rolled)
    elif isinstance(told, e.WantedChartRolled):
        yield "total", told.total, sum(told.dice)
    elif isinstance(told, e.Advanced):
        yield "total", told.total, sum(told.faces)
    elif isinstance(told, e.ReactionRolled):
        yield "total", told.total, sum(told.dice) + told.extra + told.modifier


def _verify_totals(told: object, event: Event) -> None:
    """A total mended by hand away from its dice is named by its event and field: "dice 5 6,
    total 3" was told as written, the log and the tabs reading the 3 (round 13)."""
    if isinstance(told, e.DuelFought):
        for side in ("challenger", "opponent"):
            coins = getattr(told, f"{side}_coins")
            if set(coins.upper()) - {"H", "T"}:
                raise PayloadError(event.kind, f"{side}_coins", f"is {coins!r}: a coin is "
                                   "H or T", event.seq)
    for field, written, counted in _totals(told):
        if written != counted:
            raise PayloadError(event.kind, field, f"is {written}, where its dice make "
                               f"{counted}", event.seq)


def _verify(state: FistfulState, told: object, event: Event) -> None:
    _verify_names(state, told, event)
    _verify_totals(told, event)


def step(payload: type[P], *, keeps_test: bool = False
         ) -> Callable[[Evolver[P]], Evolver[P]]:
    """Register on RULES how `payload` changes the state, within what every step does;
    `keeps_test`: the step leaves a failed test open for Doubling Down."""
    def register(evolver: Evolver[P]) -> Evolver[P]:
        def whole(state: FistfulState, told: P, event: Event) -> FistfulState:
            _verify(state, told, event)
            return _told(_sheets(evolver(_fresh(state, keeps_test), told),
                                 getattr(told, "sheets", None) or {}, event), told, event)
        RULES.evolves_with_event(payload)(whole)
        return evolver
    return register


def linked_step(payload: type[P]) -> Callable[[Linked[P]], Linked[P]]:
    """As `step`, for a step the state remembers by its event's number (a move of the
    clock, a chart roll), so the tab can point at it in the log."""
    def register(evolver: Linked[P]) -> Linked[P]:
        def whole(state: FistfulState, told: P, event: Event) -> FistfulState:
            _verify(state, told, event)
            return _told(_sheets(evolver(_fresh(state), told, event),
                                 getattr(told, "sheets", None) or {}, event), told, event)
        RULES.evolves_with_event(payload)(whole)
        return evolver
    return register


def _told(state: FistfulState, told: object, event: Event) -> FistfulState:
    """The state remembering `told` among the newest events (`lately`), by its step."""
    return replace(state, lately=(*state.lately, (event.step, told))[-LATELY:],
                   newest=max(state.newest, event.seq))


def _sheets(state: FistfulState, sheets: e.Sheets, event: Event) -> FistfulState:
    for name, change in sheets.items():
        found = state.character(name)
        if found is not None:
            changed = replace(found, **change.changes())
            if change.guts is not None and change.guts > changed.guts_max:
                # mended by hand past the sheet's most: `check` said "Jake has 99 Guts of
                # 9" of the campaign as it ends, naming no event, and every tab showed it
                raise PayloadError(event.kind, f"sheets.{name}.guts", f"is {change.guts}, "
                                   f"above {name}'s most Guts, {changed.guts_max}", event.seq)
            if changed.guts > 0 and changed.out_of_action_rolled:
                changed = replace(changed, out_of_action_rolled=False)  # up again
            state = state.with_character(changed)
            if found.is_npc and _worse(found, changed):
                # things go further downhill: the side's morale may be in question again
                key = state.side_key(changed)
                state = replace(state, morale_settled=tuple(
                    k for k in state.morale_settled if k != key))
    return state


def _worse(before: Character, after: Character) -> bool:
    """Guts lost, or newly down (out of action, dead or gone): one already down at 0 Guts
    and then marked lost loses the side nothing more."""
    def down(one: Character) -> bool:
        return one.dead or one.out_of_play or one.out_of_action

    return after.guts < before.guts or (down(after) and not down(before))


def _lucky(state: FistfulState, rolls: Sequence[e.TestRolled | e.SideRolled | e.Rested]
           ) -> FistfulState:
    """The state knowing who these rolls just gave a Luck (and whose bank was full)."""
    fresh = tuple(r.name for r in rolls if r.luck_spent_at_once
                  or (r.luck_banked if isinstance(r, e.Rested) else r.luck_earned))
    unbanked = tuple(r.name for r in rolls if r.luck_spent_at_once)
    return replace(state, fresh_luck=fresh, unbanked_luck=unbanked)


def _unchanged(state: FistfulState, event: object) -> FistfulState:
    return state


# -- the session ----------------------------------------------------------------------------------


@RULES.on(SESSION_START)
def session_started(state: FistfulState, event: Event) -> FistfulState:
    """A new session is a step of its own: what only the last session's final step held is
    let go (as the session's settling lets it go when anyone has a take). Each background
    floats its die once a session. The players' screen's "Just now" begins the evening
    empty: what was done last time is the last session's recap's."""
    return replace(_fresh(state), between_sessions=False, lately=(), characters=tuple(
        replace(each, background_used=False, settled_take=0) for each in state.characters),
        newest=max(state.newest, event.seq))


@RULES.on(SESSION_END)
def session_ended(state: FistfulState, event: Event) -> FistfulState:
    """Till the next session begins, a share counted is the ended session's take."""
    return replace(state, between_sessions=True, sessions_ended=state.sessions_ended + 1,
                   newest=max(state.newest, event.seq))


@RULES.on(NOTE)
def note_written(state: FistfulState, event: Event) -> FistfulState:
    """A note is a line of the log a crime may point at (the Judge wrote down the deed); so
    is a line of the Judge's own clocks or free rolls (a clock ticked for the deed)."""
    return replace(state, newest=max(state.newest, event.seq))


for _clocks_or_rolls in (*clocks.KINDS.kinds, *freeroll.KINDS.kinds):
    RULES.on(_clocks_or_rolls)(note_written)


# -- the posse and its sheets -------------------------------------------------------------------


def optional_rules_chosen(state: FistfulState, told: Settings, event: Event) -> FistfulState:
    """Glory taken up starts weighing the bounty from the hour it stands at then. Choosing
    the table's rules is no moment of play: unlike every other step it lets nothing of the
    step before go (the Luck just rolled, a failed test open to Doubling Down, a duel's
    loss still to take), so a rule turned on at once serves the roll that made the table
    want it."""
    _verify(state, told, event)
    taken_up = told.glory and not state.settings.glory
    return _told(replace(state, settings=told,
                         glory_seq=event.seq if taken_up else state.glory_seq), told, event)


RULES.evolves_with_event(Settings)(optional_rules_chosen)


@step(e.PosseFormed)
def posse_formed(state: FistfulState, event: e.PosseFormed) -> FistfulState:
    return replace(state, posse=event.name, clock=event.clock, start_clock=event.clock,
                   history=event.history, purpose=event.purpose, formed=True)


@step(e.CharacterCreated)
def character_created(state: FistfulState, event: e.CharacterCreated) -> FistfulState:
    return state.with_character(event.character)


@step(e.NpcAdded)
def npc_added(state: FistfulState, event: e.NpcAdded) -> FistfulState:
    return state.with_character(event.character)


@step(e.NpcRenamed)
def npc_renamed(state: FistfulState, event: e.NpcRenamed) -> FistfulState:
    """His sheet under the new name, and what waits on him: a gun's ammunition die, the
    d6 an 8 on guard may add."""
    guarded = state.guarded
    if guarded is not None and guarded[3] == event.name:
        guarded = (*guarded[:3], event.new)
    return replace(state, characters=tuple(
        replace(c, name=event.new, called=(*c.called, c.name)) if c.name == event.name else c
        for c in state.characters), guarded=guarded, fired=tuple(
        (event.new if who == event.name else who, key) for who, key in state.fired),
        lineup=tuple((event.new if one[0] == event.name else one[0], *one[1:])
                     for one in state.lineup))


@step(e.NpcDropped)
def npc_dropped(state: FistfulState, event: e.NpcDropped) -> FistfulState:
    return replace(state, characters=tuple(c for c in state.characters
                                           if c.name != event.name),
                   lineup=tuple(one for one in state.lineup if one[0] != event.name))


# -- tests and duels ----------------------------------------------------------------------------


@step(e.TestRolled)
def test_rolled(state: FistfulState, event: e.TestRolled) -> FistfulState:
    return replace(_lucky(state, (event,)), misfortune=event.misfortune,
                   open_test=OpenTest(event.name, event.attribute, event.value,
                                      event.challenge, event.total,
                                      Result[event.result.upper()]))


@linked_step(e.DoubledDown)
def doubled_down(state: FistfulState, told: e.DoubledDown, event: Event) -> FistfulState:
    # an attack doubled down is the fight's newest attack, for the Fight tab to tell
    attack = (told.weapon is not None or told.foils is not None) and bool(state.fight)
    return replace(state, misfortune=told.misfortune, open_test=None,
                   last_attack=event.seq if attack else state.last_attack)


@linked_step(e.OpposedTestRolled)
def opposed_test_rolled(state: FistfulState, told: e.OpposedTestRolled, event: Event
                        ) -> FistfulState:
    fight = state.fight
    if told.turn:
        # an attack is the fighter's one action this turn
        fight = tuple(replace(f, action_taken=True) if f.name == told.active.name else f
                      for f in fight)
    # the fight's newest attack (a turn's, or a weapon used while a fight is on), for the
    # Fight tab to tell
    attack = told.turn or (told.weapon is not None and bool(state.fight))
    # a gun or a bow fired: its ammunition die is rolled after the firefight
    fired = state.fired
    arm = weapons().get(told.weapon or "")
    if arm is not None and arm.ammo:
        shot = (told.active.name, arm.key)
        fired = (*(f for f in fired if f != shot), shot)
    used = state.last_weapons
    if told.weapon:
        used = (*(u for u in used if u[0] != told.active.name),
                (told.active.name, told.weapon))
    # an opposed test or an attack the active side lost under its Attribute may be doubled
    # down at once, as a simple test's failure may (line 93, round 21): the other side's
    # total is the Challenge to beat, and an attack that then wins deals its harm
    a, o = told.active, told.opposition
    lost = told.winner != "active" and a.total <= a.value
    open_test = (OpenTest(a.name, a.attribute, a.value, o.total, a.total, Result.FAILURE,
                          against=o.name, their_value=o.value, weapon=told.weapon,
                          band=told.band or "Close", cover=told.cover or "none",
                          stakes=a.stakes, natural=told.natural, caught=told.caught)
                 if lost else None)
    # and so may the opposition's side that lost under its Attribute (round 22: line 93 is
    # any loser's): the active total is its Challenge; should its new total win, an attack
    # is foiled, and those it harmed get back the Guts they had before it
    if told.winner == "active" and o.total <= o.value:
        hit = (o.name, *told.caught) if told.damage is not None else ()
        open_test = OpenTest(o.name, o.attribute, o.value, a.total, o.total, Result.FAILURE,
                             against=a.name, their_value=a.value, opposition=True,
                             foils=told.weapon, restore=tuple(
                                 (c.name, c.guts) for name in hit
                                 if (c := state.character(name)) is not None))
    return replace(_lucky(state, (told.active, told.opposition)),
                   misfortune=told.misfortune, open_test=open_test, fight=fight,
                   last_attack=event.seq if attack else state.last_attack, fired=fired,
                   last_weapons=used)


@step(e.DuelFought)
def duel_fought(state: FistfulState, event: e.DuelFought) -> FistfulState:
    return replace(state, duel_winner=event.winner, duel_loser=event.loser())


@step(e.MisfortuneSpent, keeps_test=True)
def misfortune_spent(state: FistfulState, event: e.MisfortuneSpent) -> FistfulState:
    return replace(state, misfortune=event.misfortune)


@step(e.ReactionRolled)
def reaction_rolled(state: FistfulState, event: e.ReactionRolled) -> FistfulState:
    on_guard = event.total == GUARDED and not event.extra and len(event.dice) == 2
    state = replace(state, guarded=(event.dice[0], event.dice[1], event.modifier, event.name)
                    if on_guard else None)
    found = state.character(event.name) if event.name else None
    return (state.with_character(replace(found, outlook=event.total, outlook_set=False))
            if found else state)


@step(e.SceneDieSet)
def scene_die_set(state: FistfulState, event: e.SceneDieSet) -> FistfulState:
    return replace(state, scene_die=event.face or None)


# -- harm and the fight -------------------------------------------------------------------------


@step(e.OutOfActionRolled)
def out_of_action_rolled(state: FistfulState, event: e.OutOfActionRolled) -> FistfulState:
    found = state.character(event.name)
    if found is None:
        return state
    return state.with_character(replace(found, out_of_action_rolled=True))


@step(e.Rested)
def rested(state: FistfulState, event: e.Rested) -> FistfulState:
    misfortune = state.misfortune if event.misfortune is None else event.misfortune
    return replace(_lucky(state, (event,)), misfortune=misfortune)


@step(e.MoraleTested)
def morale_tested(state: FistfulState, event: e.MoraleTested) -> FistfulState:
    """The side tested is settled until it loses more (held, or broken and gone)."""
    found = state.character(event.name)
    if found is None:
        return state
    key = state.side_key(found)
    return replace(state, morale_settled=(*(k for k in state.morale_settled if k != key),
                                          key))


@step(e.QuickDrawn)
def quick_drawn(state: FistfulState, event: e.QuickDrawn) -> FistfulState:
    """A draw missed in a fight's round spends the fighter's whole turn getting it ready."""
    if event.drawn or not state.combat_round:
        return state
    return replace(state, fight=tuple(replace(f, acted=True) if f.name == event.name else f
                                      for f in state.fight))


@step(e.InitiativeFlipped)
def initiative_flipped(state: FistfulState, event: e.InitiativeFlipped) -> FistfulState:
    return replace(state, combat_round=event.round, first_to_act=event.first,
                   order_bought=event.chosen,
                   fight=tuple(Fighter(f.name, f.band) for f in state.fight))


@step(e.FightJoined)
def fight_joined(state: FistfulState, event: e.FightJoined) -> FistfulState:
    return replace(state, fight=(*state.fight, *(Fighter(name, event.band)
                                                  for name in (event.name, *event.others))))


@step(e.LinedUp)
def lined_up(state: FistfulState, event: e.LinedUp) -> FistfulState:
    kept = tuple(one for one in state.lineup if one[0] != event.name)
    if not event.band:
        return replace(state, lineup=kept)
    at = next((i for i, one in enumerate(state.lineup) if one[0] == event.name),
              len(kept))
    return replace(state, lineup=(*kept[:at], (event.name, event.band, event.never_runs),
                                  *kept[at:]))


@step(e.LineUpBroughtIn)
def line_up_brought_in(state: FistfulState, event: e.LineUpBroughtIn) -> FistfulState:
    for name in event.names:
        found = state.character(name)
        if found is not None and found.never_runs != (name in event.never_runs):
            state = state.with_character(replace(found, never_runs=name in event.never_runs))
    return replace(state, lineup=tuple(one for one in state.lineup
                                       if one[0] not in event.names))


@step(e.FighterMoved)
def fighter_moved(state: FistfulState, event: e.FighterMoved) -> FistfulState:
    def after(f: Fighter) -> Fighter:
        if f.name == event.name:
            return replace(f, band=event.band, moved=True)
        if event.toward_band and f.name == event.toward:
            return replace(f, band=event.toward_band)  # brought nearer: not their move
        return f

    return replace(state, fight=tuple(after(f) for f in state.fight))


@step(e.TurnEnded)
def turn_ended(state: FistfulState, event: e.TurnEnded) -> FistfulState:
    return replace(state, fight=tuple(replace(f, acted=True) if f.name == event.name else f
                                      for f in state.fight))


@step(e.FightLeft)
def fight_left(state: FistfulState, event: e.FightLeft) -> FistfulState:
    return replace(state, fight=tuple(f for f in state.fight if f.name != event.name))


@step(e.FightEnded)
def fight_ended(state: FistfulState, event: e.FightEnded) -> FistfulState:
    return replace(state, fight=(), combat_round=0, first_to_act="", order_bought=False,
                   last_attack=0)


# -- the Wanted Clock ---------------------------------------------------------------------------


@linked_step(e.ClockMoved)
def clock_moved(state: FistfulState, told: e.ClockMoved, event: Event) -> FistfulState:
    # mended by hand, a move from an hour the clock did not stand at was told as written:
    # "5 -> 4 o'clock" from 3
    if told.before != state.clock:
        raise PayloadError(event.kind, "before", f"is {told.before}, where the Wanted Clock "
                           f"stood at {state.clock}", event.seq)
    # a crime's line must come before its own move: "see #999", a line never written, was
    # told as written (the form checked it; a journal mended by hand, or a command sent
    # past the form, did not)
    if told.cause is not None and told.cause > state.newest:
        raise PayloadError(event.kind, "cause", f"is #{told.cause}, {wanted_rules.past(state)}",
                           event.seq)
    # a move that follows its cause (Carousing's Wanted coin) names the event before it
    cause = told.cause if told.cause is not None or not told.follows else event.seq - 1
    move = ClockMove(event.seq, told.before, told.after, told.how, told.why, cause,
                     told.name or "", told.asked)
    return replace(state, clock=told.after, clock_moves=(*state.clock_moves, move))


@linked_step(e.WantedChartRolled)
def wanted_chart_rolled(state: FistfulState, told: e.WantedChartRolled, event: Event
                        ) -> FistfulState:
    return replace(state, chart_rolls=(*state.chart_rolls, (event.seq, told.total,
                                                            told.entry)))


@step(e.ChartResultBrought)
def chart_result_brought(state: FistfulState, event: e.ChartResultBrought) -> FistfulState:
    return replace(state, chart_brought=(*state.chart_brought, event.seq))


@linked_step(e.GloryChanged)
def glory_changed(state: FistfulState, told: e.GloryChanged, event: Event) -> FistfulState:
    return replace(state, glory=told.glory, glory_seq=event.seq)


# -- the events that change sheets alone ----------------------------------------------------

for _kind in (e.SheetPutRight, e.LuckSpent, e.WealthLost, e.HarmTaken,
              e.Lost, e.Revived, e.Advanced, e.TakeShared, e.Bought, e.Sold,
              e.DebtPaid, e.StressEased, e.HandedOver):
    step(_kind)(_unchanged)


@step(e.Caroused)
def caroused(state: FistfulState, event: e.Caroused) -> FistfulState:
    """A new background or a change of back story not typed with the night out is still to
    be written on the sheet (lines 151-152)."""
    due = {NEW_BACKGROUND: "background", NEW_STORY: "back story"}.get(event.table)
    found = state.character(event.name)
    if found is None or due is None or event.story:
        return state
    return state.with_character(replace(found, story_due=due))


@step(e.SheetChanged)
def sheet_changed(state: FistfulState, event: e.SheetChanged) -> FistfulState:
    """An edit that writes what a night out left to write (the background, or the notes the
    back story is kept in) lets it go; one that leaves that field as it was does not."""
    found = state.character(event.name)
    change = event.sheets.get(event.name)
    if change is not None and change.never_runs is not None:
        # one lined up already: the line-up says what his sheet now says, so the fight
        # that brings him in keeps it
        state = replace(state, lineup=tuple(
            (name, band, change.never_runs if name == event.name else never)
            for name, band, never in state.lineup))
    if found is None or change is None or not found.story_due:
        return state
    now = change.background if found.story_due == "background" else change.notes
    was = found.background if found.story_due == "background" else found.notes
    if now is None or now == was:
        return state
    return state.with_character(replace(found, story_due=""))


@step(e.AmmunitionChecked)
def ammunition_checked(state: FistfulState, event: e.AmmunitionChecked) -> FistfulState:
    """The gun or bow checked is no longer waiting for its die."""
    return replace(state, fired=tuple(f for f in state.fired
                                      if f != (event.name, event.weapon)))


@step(e.SessionSettled)
def session_settled(state: FistfulState, event: e.SessionSettled) -> FistfulState:
    """The take turned into XP stays known till the next session, for a share counted
    late."""
    found = state.character(event.name)
    if found is None:
        return state
    return state.with_character(replace(found, settled_take=event.take))
