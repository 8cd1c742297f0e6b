"""Gangs and hiring, decided: the set-up (a campaign or a one-off, how gunslingers are hired,
the open points' settings), gangs founded, models enlisted and dismissed, and the roll-off
for the first pick from a hiring pool. A gang's limits are in `gangs`.

Readings (each has a test):

- Hiring from a pool: a roll-off before each game's hiring (a campaign hires anew after
  every game); the winner picks first and the players alternate, a full gang dropping out.
  When the pool cannot fill both gangs, both hire as many (a game does not start
  otherwise), but for a gang full first: over a campaign one may keep more models of its
  own, and the picks then leave the pool's last models to the other. Which weapon a
  model carries is read off the miniature by the players. The Dealer may lay the pool
  out in the app before the roll-off (L: the miniatures, each with the gun it shows, a
  revolver where it shows none); then the roll-off waits for a pool big enough to fill
  both gangs, or to give both as many picks, a pick is one of its miniatures with its
  gun, and the picks end when it is empty. A miniature picked is the pool's again once
  it leaves the roster (dismissed, or moved on after a campaign game). Without one laid
  out, the picks are any models the players name, as before.
- Hiring by controlled choice, each player hires from their own miniatures (line 177):
  the guns that moved on after a game are hired again in one step (Hire again), each
  into the gang it left with its gun, until the next game begins; those not hired by
  then are gone. A pool's models are picked one at a time, so it is not offered there.
- The roll-off waits until each gang has made its own models: its Gang Leader, and in a
  one-off its two custom gunslingers too (lines 99 and 107 make them first; the picks then
  fill a gang to ten and would leave no room for them). Until then the Enlist form starts
  on a gang still to make them. By controlled choice a hired gun takes no place they
  still need either: a one-off hires seven, a campaign gang up to nine beside its leader.
- Names are said aloud at the table: two players, or two models on the rosters, whose names
  differ in case alone ("Dutch" and "dutch") would be one name, so the second is refused.
  A name (a player's, a gang's, a model's) has at most forty letters: a longer one is a
  paste, not a name said at the table, and ran the Conflict tab's status past its lines at
  80 columns.
- A name typed wrong is set right at any time, in a game too (the model goes on as it was,
  under its new name), and refused as an enlisting one would be when it reads as another
  model's (or gang's) name; its own name in another case is a slip mended. The log tells
  the old name and the new, and finds the step under both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from gmscreen.core.cards import Deck, standard_cards
from gmscreen.core.text import in_words, plural, reads_as
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    Dismiss,
    Enlist,
    FoundGang,
    HireAgain,
    LayOutPool,
    Rename,
    RenameGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.deck import draw_off, drawing, typed_by_player
from gmscreen.games.devils_bluff.draw import Dealing
from gmscreen.games.devils_bluff.events import (
    HIRING,
    MODES,
    Dismissed,
    Enlisted,
    GangFounded,
    GangRenamed,
    PicksRolled,
    PoolLaidOut,
    PoolModel,
    Renamed,
    Settings,
    SetUp,
)
from gmscreen.games.devils_bluff.gangs import (
    ABILITY_COMES,
    ABILITY_LEVEL,
    CAMPAIGN_LEADER_LEVELS,
    GANG_SIZE,
    GUNSLINGER,
    LEADER,
    ONE_OFF_LEVELS,
    Recruit,
    abilities,
    abilities_left,
    gun_names,
    weapons,
)
from gmscreen.games.devils_bluff.rules import (
    PLAYERS,
    RULES,
    Refusal,
    gang_of,
    model_of,
    refuse,
    verify_gang,
    why_not_between_games,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState, Gang, setting_table
from gmscreen.journal.rules import RuleError


def why_not_set_up(state: DevilsBluffState) -> Refusal:
    if state.record or state.battle is not None:
        return RuleError("Set-up", "the set-up is chosen before the first game")
    return None


def why_not_found_gang(state: DevilsBluffState) -> Refusal:
    refusal = why_not_between_games(state, "gangs are founded")
    if refusal is None and len(state.gangs) >= PLAYERS:
        return RuleError("Gangs", f"both gangs are founded: Devils Bluff is played by "
                         f"{PLAYERS}")
    return refusal


def why_not_enlist(state: DevilsBluffState) -> Refusal:
    refusal = why_not_between_games(state, "models join a gang")
    if refusal is None and not state.gangs:
        return RuleError("Gangs", "found a gang first")
    if refusal is None and state.aftermath is not None:
        # a gun hired now would move on with the game's at c, or be kept unplayed (line 101)
        return RuleError("Aftermath", "close the aftermath first: the hired guns not "
                         "kept move on before new ones join")
    if refusal is None and all(len(g.fighters) >= GANG_SIZE for g in state.gangs):
        # module lines 11, 95: no gang has room, so no form is offered to be refused
        whose = ("both gangs have" if len(state.gangs) > 1
                 else f"{state.gangs[0].player}'s gang has")
        return RuleError("Gang size", f"{whose} {GANG_SIZE} models, the most a gang may have")
    return refusal


def moved_on(state: DevilsBluffState) -> tuple[tuple[str, Recruit], ...]:
    """The hired guns that moved on as the last aftermath closed and may be hired again
    before the next game, (player, recruit): those on no roster now."""
    on_rosters = [f.name for g in state.gangs for f in g.fighters]
    return tuple((player, recruit) for player, recruit in state.moved_on
                 if not same_name(recruit.name, on_rosters))


def why_not_hire_again(state: DevilsBluffState) -> Refusal:
    """Hire again (module lines 101, 177): by controlled choice, before the next game, while
    a gun that moved on after the last is on no roster."""
    refusal = why_not_enlist(state)
    if refusal is not None:
        return refusal
    if state.hiring == "pool":
        return RuleError("Hiring pool", "a pool's models are picked one at a time, in turn "
                         "from the roll-off")
    if not moved_on(state):
        return RuleError("Hiring", "no hired gun that moved on after the last game is left "
                         "to hire again")
    return None


@RULES.decides(HireAgain)
def hire_again(state: DevilsBluffState, command: HireAgain) -> list[object]:
    refuse(why_not_hire_again(state))
    offered = {recruit.name: (player, recruit) for player, recruit in moved_on(state)}
    if not command.names:
        raise RuleError("Hiring", "tick the guns to hire again", field="names")
    unknown = [name for name in command.names if name not in offered]
    if unknown:
        raise RuleError("Hiring", f"{unknown[0]} is not among the guns that moved on after "
                        "the last game", field="names")
    hires = [offered[name] for name in dict.fromkeys(command.names)]
    for gang in state.gangs:
        coming = sum(player == gang.player for player, _ in hires)
        room = GANG_SIZE - len(gang.fighters)
        if coming > room:
            raise RuleError("Gang size", f"{gang.player}'s gang has room for {room} more, "
                            f"not {coming}: {GANG_SIZE} models at most", field="names")
    return [Enlisted(player, recruit) for player, recruit in hires]


def why_not_dismiss(state: DevilsBluffState) -> Refusal:
    return why_not_between_games(state, "models leave a gang")


def _why_not_before_the_picks(state: DevilsBluffState, doing: str, then: str) -> Refusal:
    """Whether the pool's steps before its picks may be taken now (`doing`): between games,
    in a campaign hiring from a pool, its aftermath closed (the guns not kept move on `then`)."""
    refusal = why_not_between_games(state, doing)
    if refusal is not None:
        return refusal
    if state.hiring != "pool":
        return RuleError("Hiring pool", "this campaign hires by controlled choice")
    if state.aftermath is not None:
        return RuleError("Aftermath", "close the aftermath first: the hired guns not kept "
                         f"move on{then}")
    return None


def why_not_roll_off(state: DevilsBluffState) -> Refusal:
    """The roll-off for the first pick from a hiring pool, before each game's hiring."""
    refusal = _why_not_before_the_picks(state, "the pool is picked",
                                        " before new ones are picked")
    if refusal is not None:
        return refusal
    if len(state.gangs) < PLAYERS:
        return RuleError("Hiring pool", "both gangs are founded before the roll-off")
    if state.picker:
        return RuleError("Hiring pool", f"the roll-off is made: {state.picker} picks next")
    if state.gangs and all(len(g.fighters) >= GANG_SIZE for g in state.gangs):
        return RuleError("Hiring pool", f"both gangs have {GANG_SIZE} models: nothing is "
                         "left to pick")
    missing = own_models_missing(state)
    if missing:
        return RuleError("Hiring pool", f"{missing}: each gang makes its own models before "
                         "the picks, which fill it to ten")
    return why_not_pool_size(state)


def pool_left(state: DevilsBluffState) -> tuple[tuple[str, str], ...]:
    """The pool's miniatures on no roster now, (name, gun): a pick, or a gun kept for good,
    is on one; a gun dismissed, or moved on after a campaign game, is back in the pool."""
    on_rosters = [f.name for g in state.gangs for f in g.fighters]
    return tuple((n, w) for n, w in state.pool if not same_name(n, on_rosters))


def _pool_room(state: DevilsBluffState) -> dict[str, int]:
    """The places each gang fills from the pool: those its own models (its leader, a
    one-off's custom gunslingers, still to make) leave."""
    return {g.player: GANG_SIZE - len(g.fighters) - len(own_models_wanted(state, g))
            for g in state.gangs}


def _shares(state: DevilsBluffState, size: int, first: str) -> dict[str, int]:
    """How many of a pool of `size` each gang picks when `first` picks first: in turn, a
    full gang dropping out, until both are full or the pool is empty."""
    room = _pool_room(state)
    taken = dict.fromkeys(room, 0)
    order = [first, *(p for p in room if p != first)]
    turn = 0
    while size and any(taken[p] < room[p] for p in order):
        player = order[turn % len(order)]
        turn += 1
        if taken[player] < room[player]:
            taken[player] += 1
            size -= 1
    return taken


def why_not_pool_size(state: DevilsBluffState) -> Refusal:
    """A pool laid out holds at least enough to fill both gangs, or else enough to give
    both as many hired guns (module line 171), whoever wins the roll-off; one too small
    for that is refused before the roll-off, naming its size and the places."""
    if not state.pool:
        return None
    left = len(pool_left(state))
    if not left:
        return RuleError("Hiring pool", "every miniature laid out in the pool is on a "
                         "roster: L lays out the pool again")
    room = _pool_room(state)
    places = sum(room.values())
    hired = {g.player: sum(f.recruit.hired for f in g.fighters) for g in state.gangs}
    for first in state.players:
        taken = _shares(state, left, first)
        total = {p: hired[p] + taken[p] for p in hired}
        if any(taken[p] < room[p] and total[p] < max(total.values()) for p in total):
            (a, n), (b, m) = taken.items()
            return RuleError("Hiring pool", f"the pool has {plural(left, 'model')} for the "
                             f"{places} places in the gangs: too few to fill both, and the "
                             f"picks would give {a}'s gang {n} and {b}'s {m}, where both "
                             "must hire as many; L lays it out with one more or one fewer")
    return None


def why_not_lay_out_pool(state: DevilsBluffState) -> Refusal:
    """The pool is laid out (or again, replacing it) between games, hiring from a pool,
    before the roll-off that starts its picks."""
    refusal = _why_not_before_the_picks(state, "the pool is laid out", ", back into the pool")
    if refusal is not None:
        return refusal
    if state.picker:
        return RuleError("Hiring pool", f"the picks have begun ({state.picker} picks "
                         "next): the pool is laid out before the roll-off")
    return None


#: one miniature as typed: its name, and in brackets the gun it shows
_POOL_ENTRY = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<gun>[^()]*)\))?$")


def _gun_called(typed: str) -> str:
    """The gun typed in brackets, by its name or its short name, in any case ("" if none)."""
    said = reads_as(typed)
    return next((name for name in gun_names()
                 if said in (reads_as(name), reads_as(weapons()[name].short))), "")


@RULES.decides(LayOutPool)
def lay_out_pool(state: DevilsBluffState, command: LayOutPool) -> list[object]:
    refuse(why_not_lay_out_pool(state))
    entries = [e.strip() for e in re.split(r"[,;\n]", command.text) if e.strip()]
    if not entries:
        raise RuleError("Hiring pool", "name the pool's miniatures, commas between them, "
                        "each with the gun it shows in brackets: Hank (Shotgun), Dutch",
                        field="text")
    models: list[PoolModel] = []
    on_rosters = [f.name for g in state.gangs for f in g.fighters]
    for entry in entries:
        found = _POOL_ENTRY.match(entry)
        if found is None:
            raise RuleError("Hiring pool", f"{entry!r} is not a name and a gun in brackets",
                            field="text")
        name, gun = found["name"].strip(), (found["gun"] or "").strip()
        refuse(why_not_name(name, "Hiring pool", "text"))
        weapon = _gun_called(gun) if gun else "Revolver"
        if not weapon:
            raise RuleError("Hiring pool", f"{name} shows {gun!r}: a miniature shows one "
                            f"of {', '.join(gun_names())}, or none for a revolver",
                            field="text")
        twice = same_name(name, (m.name for m in models))
        if twice:
            raise RuleError("Hiring pool", f"two miniatures are called {twice}: each name "
                            "is said aloud as it is picked", field="text")
        held = same_name(name, on_rosters)
        if held:
            raise RuleError("Hiring pool", f"a model called {held} is already on a roster",
                            field="text")
        models.append(PoolModel(name, weapon))
    return [PoolLaidOut(tuple(models))]


#: a one-off gang's custom gunslingers (the levels after the leader's)
ONE_OFF_CUSTOMS = len(ONE_OFF_LEVELS) - 1


def _has_leader(gang: Gang) -> bool:
    return any(f.recruit.unit == LEADER for f in gang.fighters)


def _customs(gang: Gang) -> int:
    return sum(not f.recruit.hired and f.recruit.unit != LEADER for f in gang.fighters)


def _unready(state: DevilsBluffState) -> list[Gang]:
    """The gangs still to make their own models (module lines 99 and 107: the Gang Leader,
    and in a one-off the two custom gunslingers) before a pool's picks fill them to ten."""
    return [g for g in state.gangs if not _has_leader(g)
            or (state.mode == "one-off" and _customs(g) < ONE_OFF_CUSTOMS)]


def own_models_missing(state: DevilsBluffState) -> str:
    """What the gangs still lack of their own models, in words ("" for nothing): the Gang
    Leaders first ("Cole's gang has no Gang Leader yet"), then a one-off's custom
    gunslingers ("Ma's gang has 1 of its 2 custom gunslingers, Cole's 0")."""
    unready = _unready(state)
    leaderless = [g.player for g in unready if not _has_leader(g)]
    if len(leaderless) == 1:
        return f"{leaderless[0]}'s gang has no Gang Leader yet"
    if leaderless:
        return f"{leaderless[0]}'s and {leaderless[1]}'s gangs have no Gang Leader yet"
    if not unready:
        return ""
    counts = [(g.player, _customs(g)) for g in state.gangs]
    (first, n), *rest = counts
    return (f"{first}'s gang has {n} of its {ONE_OFF_CUSTOMS} custom gunslingers"
            + "".join(f", {p}'s {k}" for p, k in rest))


def enlisting_gang(state: DevilsBluffState, highlighted: str | None = None) -> str:
    """The player whose gang a model joins unless told otherwise (the Enlist form starts
    on it): hiring from a pool, the one whose pick it is; else the gang of the model
    `highlighted` while it has room, else the first gang with room (module line 95: ten
    models at most), else the first."""
    if state.picker:
        return state.picker
    found = state.find(highlighted) if highlighted else None
    # before a pool's roll-off a gang may enlist only its own models: one still to make
    # them, the highlighted model's first
    unready = _unready(state) if state.hiring == "pool" else []
    if unready:
        return (found[0] if found is not None and found[0] in unready else unready[0]).player
    open_gangs = [g for g in state.gangs if len(g.fighters) < GANG_SIZE]
    if found is not None and found[0] in open_gangs:
        return found[0].player
    gangs = open_gangs or list(state.gangs)
    return gangs[0].player if gangs else ""


def leader_wanted(state: DevilsBluffState, player: str) -> bool:
    """Whether the next model enlisted in `player`'s gang is likely its Gang Leader, the
    model a gang starts from (module line 103; `gangs.verify_ready` begins no game without
    one): its gang has none, and no pick from a pool is under way (a pick is a hired
    gunslinger)."""
    gang = state.gang(player)
    return (gang is not None and not state.picker
            and not any(f.recruit.unit == LEADER for f in gang.fighters))


def abilities_on_enlist(state: DevilsBluffState, player: str, levels: int,
                        hired: bool = False) -> tuple[list[str], str]:
    """The abilities a model joining `player`'s gang with `levels` levels may hold (module
    line 124; `enlist` asks it too), and why there are none ("" when there are some): a
    hired gun has no levels, none comes before the third level, none when three of the
    gang have one, and never one another model of the gang holds."""
    if hired:
        return [], "a hired gun has no levels, so no ability"
    if levels < ABILITY_LEVEL:
        ticked = f"{plural(levels, 'perk')} ticked"
        return [], f"{ticked}, and {ABILITY_COMES} level"
    gang = state.gang(player)
    return abilities_left(gang.roster if gang is not None else ())


@RULES.decides(ChooseSetUp)
def set_up(state: DevilsBluffState, command: ChooseSetUp) -> list[object]:
    refuse(why_not_set_up(state))
    if command.mode not in MODES:
        raise RuleError("Set-up", "play a campaign or a one-off" + (
            f", not {command.mode!r}" if command.mode else ": choose one"), field="mode")
    if command.hiring not in HIRING:
        raise RuleError("Hiring", "hire by controlled choice or from a pool" + (
            f", not {command.hiring!r}" if command.hiring else ": choose one"),
            field="hiring")
    table = {s.key: s for s in setting_table()}
    chosen: dict[str, Any] = {}
    for key, value in command.settings:
        if key not in table:
            raise RuleError("Settings", f"no setting called {key!r}", field=key)
        # a choice as the table spells it: 1 is no "true", nor 6.0 six rounds
        if not any(value == choice and type(value) is type(choice)
                   for choice in table[key].choices):
            allowed = ", ".join(map(str, table[key].choices))
            raise RuleError("Settings", f"{key} may be {allowed}", field=key)
        chosen[key] = value
    return [SetUp(command.mode, command.hiring, Settings(**chosen))]


@RULES.decides(FoundGang)
def found_gang(state: DevilsBluffState, command: FoundGang) -> list[object]:
    refuse(why_not_found_gang(state))
    # the cursor goes to the field left blank, the player's first
    if not command.player.strip():
        raise RuleError("Gangs", "a gang needs the player who runs it", field="player")
    if not command.name.strip():
        raise RuleError("Gangs", "a gang needs a name", field="name")
    refuse(why_not_name(command.player, "Gangs", "player")
           or why_not_name(command.name, "Gangs", "name"))
    runs = same_name(command.player, state.players)
    if runs:
        raise RuleError("Gangs", f"{runs} already runs a gang"
                        + told_apart(runs, command.player), field="player")
    # two gangs of one name are one gang in the status, the log and the recap (the rename
    # refuses it too)
    held = next((g for g in state.gangs if same_name(command.name, (g.name,))), None)
    if held is not None:
        raise RuleError("Gangs", f"{held.player}'s gang is called {held.name}"
                        + told_apart(held.name, command.name.strip()), field="name")
    return [GangFounded(command.player, command.name)]


#: the most letters a name said at the table has
LONGEST_NAME = 40


def why_not_name(name: str, rule: str, field: str) -> Refusal:
    """A name too long to say at the table (or to stand in the status at 80 columns)."""
    if len(name) > LONGEST_NAME:
        # whose name: the Found a gang form has two, and "a name" left the Dealer to
        # guess which of them was too long
        whose = ("a player's name" if field == "player" else
                 "a gang's name" if rule == "Gangs" else "a model's name")
        return RuleError(rule, f"{whose} has at most {LONGEST_NAME} letters; this one has "
                         f"{len(name)}", field=field)
    return None


def same_name(name: str, names: Iterable[str]) -> str:
    """The one of `names` a table would say as `name`: the same letters, whatever their
    case ("Dutch" for "dutch") or a character nobody sees; "" for none. Read aloud, or
    found in the log, they are one name."""
    said = reads_as(name)
    return next((n for n in names if reads_as(n) == said), "")


def told_apart(held: str, typed: str) -> str:
    """What a refusal adds when a name typed differs from one held in case alone."""
    return "" if held == typed else f": {typed} would be said as the same name"


@RULES.decides(Enlist)
def enlist(state: DevilsBluffState, command: Enlist) -> list[object]:
    refuse(why_not_enlist(state))
    gang = gang_of(state, command.player)
    recruit = command.recruit
    # the form's fields in their order: a name left blank is said before the perks below
    # it (the cursor went to the perks first, the name still blank above)
    if not recruit.name.strip():
        raise RuleError("Roster", "a model needs a name", field="name")
    refuse(why_not_name(recruit.name, "Roster", "name"))
    held = same_name(recruit.name, (f.name for g in state.gangs for f in g.fighters))
    if held:
        raise RuleError("Roster", f"a model called {held} is already on a roster"
                        + told_apart(held, recruit.name), field="name")
    if recruit.ability and recruit.ability in abilities() and not recruit.hired:
        able, why_none = abilities_on_enlist(state, command.player, recruit.levels)
        if recruit.ability not in able:
            raise RuleError("Abilities", why_none or f"{recruit.ability} is already taken "
                            "in this gang", field="ability")
    _check_levels(state, gang, recruit)
    if recruit.hired:
        _keep_room(state, gang)
    verify_gang((*gang.roster, recruit))
    next_picker = None
    if recruit.hired and state.hiring == "pool":
        if not state.picker:
            raise RuleError("Hiring pool", "roll off for the first pick first")
        if state.picker != command.player:
            raise RuleError("Hiring pool", f"it is {state.picker}'s pick", field="player")
        if state.pool:
            _check_pick(state, recruit)
        next_picker = _next_picker(state, command.player)
    return [Enlisted(command.player, recruit, next_picker)]


def levels_wanted(state: DevilsBluffState, player: str, unit: str, *, hired: bool
                  ) -> tuple[int, ...]:
    """How many levels (a perk each) a model joining `player`'s gang may bring, as the
    mode makes them (module 99-109): none for a hired gun; a campaign's Gang Leader 1 (its
    gunslingers are all hired: none may join otherwise); a one-off's Gang Leader 4, its
    custom gunslingers 3 and 2, those of the two not taken yet."""
    if hired:
        return (0,)
    if state.mode == "campaign":
        return (CAMPAIGN_LEADER_LEVELS,) if unit == LEADER else ()
    if unit == LEADER:
        return (ONE_OFF_LEVELS[0],)
    gang = state.gang(player)
    custom = [f.recruit.levels for f in (gang.fighters if gang is not None else ())
              if not f.recruit.hired and f.recruit.unit != LEADER]
    if len(custom) >= ONE_OFF_CUSTOMS:
        return ()
    return tuple(n for n in ONE_OFF_LEVELS[1:] if n not in custom)


def _check_levels(state: DevilsBluffState, gang: Gang, recruit: Recruit) -> None:
    """A permanent model's levels as the mode makes them (`levels_wanted`; a hired one
    has none, which `gangs.verify_recruit` asks), refused in the mode's words."""
    wanted = levels_wanted(state, gang.player, recruit.unit, hired=False)
    if recruit.hired or recruit.levels in wanted:
        return
    if state.mode == "campaign":
        if recruit.unit != LEADER:
            # beside its leader the box to tick is Hired gun; leaderless, the unit to change
            raise RuleError("Campaign gang", "a campaign gang's gunslingers are hired; one "
                            "joins for good after each game",
                            field="hired" if _has_leader(gang) else "unit")
        raise RuleError("Campaign gang", "a campaign's Gang Leader starts with 1 level",
                        field="perks")
    if recruit.unit == LEADER:
        raise RuleError("One-off gang", "a one-off's Gang Leader has 4 levels",
                        field="perks")
    if not wanted:
        raise RuleError("One-off gang", "a one-off has two custom gunslingers; hire "
                        "the rest", field="hired")
    raise RuleError("One-off gang", "the two custom gunslingers have 3 and 2 levels",
                    field="perks")


def own_models_wanted(state: DevilsBluffState, gang: Gang) -> list[str]:
    """The models a gang makes itself and has still to enlist: its Gang Leader (module
    line 103), and in a one-off the custom gunslingers not made yet (line 107)."""
    wanted = [] if any(f.recruit.unit == LEADER for f in gang.fighters) else ["its Gang Leader"]
    if state.mode == "one-off":
        wanted += [f"the custom gunslinger with {n} levels"
                   for n in levels_wanted(state, gang.player, GUNSLINGER, hired=False)]
    return wanted


def _keep_room(state: DevilsBluffState, gang: Gang) -> None:
    """A hired gun takes no place the gang's own models still need: a one-off hires the
    seven left once its leader and two custom gunslingers are made (module line 107), a
    campaign gang up to nine beside its leader (line 99). Hired first, the tenth place went
    to a hired gun and the model still to make had no room (the game then would not
    start, and a hired gun had to be dismissed)."""
    wanted = own_models_wanted(state, gang)
    if wanted and len(gang.fighters) + 1 + len(wanted) > GANG_SIZE:
        mode, hires = (("One-off gang", f"a one-off gang hires {GANG_SIZE - 3}")
                       if state.mode == "one-off" else
                       ("Campaign gang", f"a campaign gang hires up to {GANG_SIZE - 1}"))
        places = "place" if len(wanted) == 1 else f"{len(wanted)} places"
        raise RuleError(mode, f"{hires}: {gang.name} keeps its last {places} for "
                        f"{in_words(wanted)}, still to enlist", field="hired")


def _check_pick(state: DevilsBluffState, recruit: Recruit) -> None:
    """A pick from a pool laid out is one of its miniatures left, with the gun it shows
    (module line 173)."""
    left = dict(pool_left(state))
    name = same_name(recruit.name, left)
    if not name:
        names = ", ".join(left)
        raise RuleError("Hiring pool", f"{recruit.name} is not in the pool; its miniatures "
                        f"left are {names}", field="name")
    if recruit.weapon != left[name]:
        raise RuleError("Hiring pool", f"{name} carries the {left[name]} its miniature "
                        "shows (a revolver where it shows none)", field="weapon")


def _next_picker(state: DevilsBluffState, player: str) -> str:
    """The other player picks next from the pool, unless their gang is full; with both
    full (the pick just made filling the picker's), or the pool laid out emptied by it,
    the picks are over: nobody."""
    if state.pool and len(pool_left(state)) <= 1:
        return ""
    others = [g for g in state.gangs if g.player != player and len(g.fighters) < GANG_SIZE]
    if others:
        return others[0].player
    own = state.gang(player)
    return player if own is not None and len(own.fighters) + 1 < GANG_SIZE else ""


@RULES.decides(Dismiss)
def dismiss(state: DevilsBluffState, command: Dismiss) -> list[object]:
    refuse(why_not_dismiss(state))
    if gang_of(state, command.player).fighter(command.fighter) is None:
        raise RuleError("Roster", f"{command.player}'s gang has no {command.fighter}",
                        field="fighter")
    return [Dismissed(command.player, command.fighter)]


@RULES.decides(RollOffForPicks)
def roll_off(state: DevilsBluffState, command: RollOffForPicks) -> list[object]:
    refuse(why_not_roll_off(state))
    # before the game the roll-off draws from a whole pack of its own
    typed = typed_by_player(state, command.typed, deck=Deck(standard_cards()))
    if typed is None and sorted(command.order_by) != list(range(52)):
        raise RuleError("Draw Deck", "the roll-off draws from a shuffled pack: the "
                        "shuffle must order all 52 cards")
    # before the game: a pack of its own, not the Draw Deck of a game. Cards typed from
    # the table's pack come out of it wherever they lie, so the app's shuffle (which may
    # be anything then) plays no part: the pack is whole and nothing is reshuffled
    if typed is not None:
        dealing = Dealing(Deck(standard_cards()), (), typed)
    else:
        dealing = Dealing(Deck([standard_cards()[i] for i in command.order_by]),
                          command.order_by)
    with drawing(state, "Roll-off", dealing):
        draws, order = draw_off(state, dealing, 1, "Roll-off")
    return [PicksRolled(draws, order[0])]


def why_not_rename(state: DevilsBluffState) -> Refusal:
    if not state.gangs:
        return RuleError("Gangs", "no gang is founded yet")
    return None


def _new_name(name: str, now: str, rule: str) -> str:
    """The name typed, stripped, when it is one a name may be and not the one held."""
    name = name.strip()
    if not name:
        raise RuleError(rule, "type the name as it should read", field="name")
    refuse(why_not_name(name, rule, "name"))
    if name == now:
        raise RuleError(rule, f"{now} is the name already: nothing to change", field="name")
    return name


@RULES.decides(Rename)
def rename(state: DevilsBluffState, command: Rename) -> list[object]:
    refuse(why_not_rename(state))
    gang, fighter = model_of(state, command.fighter)
    name = _new_name(command.name, fighter.name, "Roster")
    held = same_name(name, (f.name for g in state.gangs for f in g.fighters
                            if f.name != fighter.name))
    if held:
        raise RuleError("Roster", f"a model called {held} is already on a roster"
                        + told_apart(held, name), field="name")
    act = state.battle.activation if state.battle is not None else None
    return [Renamed(gang.player, fighter.name, name, act.fighter if act is not None else "")]


@RULES.decides(RenameGang)
def rename_gang(state: DevilsBluffState, command: RenameGang) -> list[object]:
    refuse(why_not_rename(state))
    gang = gang_of(state, command.player)
    name = _new_name(command.name, gang.name, "Gangs")
    held = same_name(name, (g.name for g in state.gangs if g.player != gang.player))
    if held:
        raise RuleError("Gangs", f"the other gang is called {held}"
                        + told_apart(held, name), field="name")
    return [GangRenamed(gang.player, gang.name, name)]
