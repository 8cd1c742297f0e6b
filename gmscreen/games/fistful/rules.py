"""A Fistful of Sixes as a decider: the Judge's commands checked against the book and turned
into events. This module holds the posse, its sheets and NPCs, the optional rules and the
session; each chapter's steps are decided beside its engine module and register on `RULES`
here: tests and duels in `conflict_rules` (beside `conflict`), harm and the fight in
`fight_rules` (beside `harm` and `fight`), the Wanted Clock in `wanted_rules` (beside
`wanted`), between adventures in `between_rules` (beside `between`). What may be done now
is asked of the `why_not_x` functions beside each step: the panes ask them, and each decide
function raises the same refusal.

The readings we take are in the engine modules' docstrings (`conflict`, `characters`,
`harm`, `wanted`, `between`, `fight`) and in `conflict_rules`; every event kind is
"fistful.<fact>" (`events`). The audit of every rule of the book against its module and
test is docs/rules/fistful.md.

A reading of this module's own: the book sets no limit to a name; a new one (a character's,
an NPC's, an NPC's new name, the posse's) has at most `LONGEST_NAME` (40) letters, as the
other games hold theirs, so it stands whole in the Characters tab; a journal's longer name
is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace

from gmscreen.core.text import reads_as
from gmscreen.games.fistful import characters, conflict, harm, wanted
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import (
    ATTRIBUTES,
    CREATURE_LIMIT,
    HUMAN_LIMIT,
    guts_max,
)
from gmscreen.games.fistful.events import (
    KINDS,
    CharacterCreated,
    NpcAdded,
    NpcDropped,
    NpcRenamed,
    PosseFormed,
    SheetChange,
    SheetChanged,
    SheetPutRight,
)
from gmscreen.games.fistful.state import MOST_HOUSE, Character, FistfulState
from gmscreen.journal.decider import Decider
from gmscreen.journal.rules import RuleError

RULES: Decider[FistfulState] = Decider(
    game_id="fistful", title="A Fistful of Sixes", panes_module="gmscreen.games.fistful.panes",
    kinds=KINDS, initial_state=FistfulState, referee="Judge")


# -- checks every chapter shares -----------------------------------------------------------------


def who(state: FistfulState, name: str, *, able: bool = True, in_action: bool = False,
        field: str = "name") -> Character:
    """The character called `name`; `able`: not dead nor gone; `in_action`: above 0 Guts too,
    as a test, a duel, a turn or a Luck spent needs (one out of action takes no part).
    `field`: the input that named them."""
    if not name.strip():
        said = "who" if field == "name" else f"the {field}"
        raise RuleError("Characters", f"{said} is not chosen: pick one from the list",
                        field=field)
    found = state.character(name)
    if found is None:
        raise RuleError("Characters", f"nobody is called {name!r}", field=field)
    if able and found.dead:
        raise RuleError("Out of action", f"{name} is dead", field=field)
    if able and found.out_of_play:
        raise RuleError("Stress", f"{name} has 6 Stress and has left play", field=field)
    if in_action and found.out_of_action:
        raise RuleError("Out of action", f"{name} is at 0 Guts, out of action: they take no "
                        "part until they are back on their feet", field=field)
    return found


def posse_in_action(state: FistfulState, name: str, rule: str, npc_words: str, *,
                    field: str = "name") -> Character | RuleError:
    """The one of the posse called `name` still in action, or the refusal: `who`'s, or for
    an NPC a RuleError of `rule` saying `npc_words` (what only the posse has or does)."""
    try:
        found = who(state, name, in_action=True, field=field)
    except RuleError as refused:
        return refused
    if found.is_npc:
        return RuleError(rule, f"{found.name} is an NPC: {npc_words}", field=field)
    return found


def able(state: FistfulState) -> tuple[Character, ...]:
    """Who can act now: not dead, not gone, not out of action at 0 Guts."""
    return tuple(c for c in state.characters
                 if not (c.dead or c.out_of_play or c.out_of_action))


def why_not_get_up(found: Character) -> RuleError | None:
    """Nobody of the posse gets up from 0 Guts but through the Out of action table, which
    may kill; an NPC's fall is the Judge's to tell, with no table."""
    if found.out_of_action and not found.out_of_action_rolled and not found.is_npc:
        return RuleError("Out of action", f"{found.name} is at 0 Guts: roll the Out of action "
                         "table first (a 6 is death)", field="name")
    return None


def attribute(name: str) -> str:
    if name not in ATTRIBUTES:
        raise RuleError("Attributes", f"test Grit, Gumption or Grace, not {name!r}",
                        field="attribute")
    return name


def faces(rolled: Sequence[int], count: int, what: str) -> None:
    conflict.verify_faces(rolled, count, what)


def coin(flipped: str, rule: str) -> str:
    if flipped.upper() not in ("H", "T"):
        raise RuleError(rule, f"a coin is H or T, not {flipped!r}", field="coin")
    return flipped.upper()


def pool_of(state: FistfulState, rolled: Sequence[int]) -> tuple[int, ...]:
    """A test's dice: those thrown, and the scene's die when it is one of the Stakes."""
    scene = state.scene_die if state.settings.scene_stakes else None
    return tuple(rolled) + ((scene,) if scene is not None else ())


def scene_counts(state: FistfulState) -> bool:
    """Whether the scene's die is one of a test's dice now (Scene stakes on, a die rolled):
    it is the last of the pool `pool_of` gives."""
    return state.settings.scene_stakes and state.scene_die is not None


def dice_thrown(state: FistfulState, stakes: int, floating: str | None) -> int:
    """The dice a test throws: its Stakes, one fewer when the scene's die is one of them,
    one more when a die floats."""
    scene = state.settings.scene_stakes and state.scene_die is not None
    return stakes - (1 if scene else 0) + (1 if floating else 0)


def refuse(refusal: RuleError | None) -> None:
    """Raise the refusal a `why_not_x` gave, if any."""
    if refusal is not None:
        raise refusal


def _side(typed: str) -> str:
    """A side's name as typed, its spaces tidied."""
    return " ".join(typed.split())


# -- the posse and its sheets -------------------------------------------------------------------


def why_not_form_posse(state: FistfulState) -> RuleError | None:
    if state.formed:
        return RuleError("Posse creation", f"the posse {state.posse} is already formed")
    return None


def purse_dice(state: FistfulState) -> int:
    """How many d6 (times $10) a new posse member's purse is: the hour the posse was formed
    at (lines 319-320), whatever the clock shows since, so a character made later starts
    as the others did."""
    return state.start_clock or state.clock


def why_not_create(state: FistfulState) -> RuleError | None:
    if not state.formed:
        return RuleError("Posse creation", "form the posse first: its hour sets the purse")
    return None


@RULES.decides(c.ChooseOptionalRules)
def choose_optional_rules(state: FistfulState, command: c.ChooseOptionalRules
                          ) -> list[object]:
    if command.settings == state.settings:  # nothing written where nothing changes
        raise RuleError("Optional rules", "these are the rules in force already: turn one "
                        "on or off, or escape to leave them as they are")
    for key, add in command.settings.house().items():
        # the Judge's harm for a weapon the book gives no numbers (round 22): a fist's -1
        # at the least, and no more than the most a creature's natural weapon may add
        if not -1 <= add <= MOST_HOUSE:
            raise RuleError("Weapons", f"a weapon's damage modifier is -1 to +{MOST_HOUSE}, "
                            f"not {add:+d}", field=key)
    return [command.settings]


@RULES.decides(c.FormPosse)
def form_posse(state: FistfulState, command: c.FormPosse) -> list[object]:
    refuse(why_not_form_posse(state))
    if not command.name.strip():
        raise RuleError("Posse creation", "the posse needs a name", field="name")
    if len(command.name.strip()) > LONGEST_NAME:
        # as a gang's or a posse's in Devils Bluff and Dead Man's Hand: it heads the
        # Characters tab and the Wanted Clock
        raise RuleError("Posse creation", f"the posse's name has at most {LONGEST_NAME} "
                        f"letters; this one has {len(command.name.strip())}: the rest goes "
                        "in its History", field="name")
    wanted.verify_start(command.clock)
    return [PosseFormed(command.name.strip(), command.clock, command.history,
                        command.purpose)]


#: the most letters a new character's name has, as in Dust Devils, Dead Man's Hand and Devils
#: Bluff: one said at the table, that stands whole in the Characters tab's Name column (a
#: name of 150 letters pushed the XP column off the table at 120 columns)
LONGEST_NAME = 40


def _new_name(state: FistfulState, name: str, field: str = "name") -> str:
    """`name` as a new character's (or an NPC's new one), its outer spaces dropped; a
    refusal names `field`, the form's field it was typed in."""
    name = name.strip()
    if not name:
        raise RuleError("Characters", "a character needs a name", field=field)
    if len(name) > LONGEST_NAME:
        raise RuleError("Characters", f"a name has at most {LONGEST_NAME} letters; this one "
                        f"has {len(name)}: the rest goes in the Background or the Notes",
                        field=field)
    # "Kid" and "kid" (or "Kid" with a character nobody sees) would be two sheets the table
    # cannot tell apart in the log
    said = reads_as(name)
    same = next((c for c in state.characters if reads_as(c.name) == said), None)
    if same is not None and (same.out_of_play or same.dead) and not same.is_npc:
        # lines 87, 103: one who rode off (or fell) may come back as an NPC; his old sheet
        # keeps the name in the log, so the NPC takes a name of his own
        gone = "rode off" if same.out_of_play else "is dead"
        raise RuleError("Characters", f"{same.name} {gone}, and his sheet keeps the name: "
                        f"coming back as an NPC, he takes one of his own ({same.name}, the "
                        "drunk)", field=field)
    if same is not None:
        raise RuleError("Characters", f"there is already a character called {same.name}",
                        field=field)
    return name


@RULES.decides(c.CreateCharacter)
def create_character(state: FistfulState, command: c.CreateCharacter) -> list[object]:
    refuse(why_not_create(state))
    name = _new_name(state, command.name)
    scores = characters.rolled_attributes(command.dice, command.swap)
    dice = purse_dice(state)
    faces(command.purse, dice, f"the starting purse ({dice}d6: the posse formed at "
          f"{dice} o'clock)")
    if command.equipment:
        raise RuleError("Character creation", "a new character starts with no gear: buy "
                        "the starting equipment with the starting Dollars once made (Buy)",
                        field="equipment")
    purse = 10 * sum(command.purse)
    sheet = Character(
        name=name, grit=scores["grit"], gumption=scores["gumption"], grace=scores["grace"],
        guts=guts_max(scores["grit"]), dollars=purse, start_purse=purse,
        background=command.background, gender=command.gender, hometown=command.hometown,
        notes=command.notes)
    return [CharacterCreated(tuple(command.dice), tuple(command.swap or ()),
                             tuple(command.purse), sheet)]


@RULES.decides(c.AddNpc)
def add_npc(state: FistfulState, command: c.AddNpc) -> list[object]:
    name = _new_name(state, command.name)
    if command.rank == "Creature":
        if command.attributes is None:
            raise RuleError("NPC rank", "a creature is given its three Attributes",
                            field="attributes")
        scores = _own_scores(command.rank, command.attributes)
    else:
        scores = characters.npc_attributes(command.rank, command.strong, command.second)
        if command.attributes is not None:
            scores = _own_scores(command.rank, command.attributes)
    characters.verify_equipment(command.equipment, max(scores["grit"], 1))
    return [NpcAdded(Character(
        name=name, grit=scores["grit"], gumption=scores["gumption"], grace=scores["grace"],
        guts=guts_max(scores["grit"]), rank=command.rank, equipment=command.equipment,
        notes=command.notes, side=_side(command.side),
        natural=_natural(command.rank, command.natural)))]


def _natural(rank: str, text: str) -> str:
    """A natural weapon as the sheet keeps it: a creature's alone (a human fights with
    fists), a name and a damage modifier."""
    if text.strip() and rank != "Creature":
        raise RuleError("Natural weapons", "only a creature has natural weapons: a human "
                        "fights with a weapon, or fists (-1)", field="natural")
    return harm.natural_text(text)


@RULES.decides(c.EditSheet)
def edit_sheet(state: FistfulState, command: c.EditSheet) -> list[object]:
    found = who(state, command.name, able=False)
    scores = None
    if command.attributes is not None and command.attributes != (
            found.grit, found.gumption, found.grace):
        if not found.is_npc:
            raise RuleError("Advancement", "the posse's Attributes change by the Advancement "
                            "Test (or a mishap when out of action), not by hand: the "
                            "Judge tweaks an NPC's", field="attributes")
        scores = _own_scores(found.rank, command.attributes)
    characters.verify_equipment(command.equipment, scores["grit"] if scores else found.grit)
    side = None
    if command.side is not None and (found.is_npc or command.side.strip()):
        if not found.is_npc:
            raise RuleError("Sides", "the posse is one side: sides are named for NPCs",
                            field="side")
        side = _side(command.side)
    natural = None if command.natural is None else _natural(found.rank, command.natural)
    change = SheetChange(
        background=command.background, gender=command.gender, hometown=command.hometown,
        notes=command.notes, side=side, natural=natural,
        equipment=characters.kept_start_money(found.equipment, command.equipment))
    if command.outlook is not None and (command.outlook, bool(command.outlook)) != (
            found.outlook, found.outlook_set):
        if not found.is_npc:
            raise RuleError("Reaction Checks", "an outlook towards the posse is an NPC's",
                            field="outlook")
        if command.outlook and not REACTION_LOW <= command.outlook <= REACTION_HIGH:
            raise RuleError("Reaction Checks", f"an outlook is one of the reaction table's "
                            f"{REACTION_LOW} to {REACTION_HIGH}", field="outlook")
        change = replace(change, outlook=command.outlook, outlook_set=bool(command.outlook))
    if command.never_runs is not None and command.never_runs != found.never_runs:
        if not found.is_npc:
            raise RuleError("Morale", "the posse never tests morale: never runs is said of "
                            "the Judge's foes", field="never_runs")
        change = replace(change, never_runs=command.never_runs)
    if scores is not None:
        # his most Guts follow the new Grit (half, rounded up); unhurt he has them all, hurt
        # he keeps the Guts he has, never above the new most
        most = guts_max(scores["grit"])
        change = replace(change, grit=scores["grit"], gumption=scores["gumption"],
                         grace=scores["grace"],
                         guts=most if found.guts >= found.guts_max else min(found.guts, most))
    found_events: list[object] = [SheetChanged(found.name, {found.name: change})]
    if command.new_name is not None and command.new_name.strip() != found.name:
        if _changes_nothing(found, change):
            # the form sends the sheet as it stands: a rename alone is the rename, not a
            # "sheet is changed" besides (round 31: the Judge's log told both)
            found_events = []
        refuse(why_not_rename(state, found))
        new = command.new_name.strip()
        if reads_as(new) != reads_as(found.name):
            new = _new_name(state, new, "new_name")
        elif not new:
            raise RuleError("Characters", "a character needs a name", field="new_name")
        found_events.append(NpcRenamed(found.name, new))
    return found_events


def _changes_nothing(found: Character, change: SheetChange) -> bool:
    """Whether every field the change sets holds that value on the sheet already."""
    return all(getattr(found, f.name, None) == getattr(change, f.name) for f in fields(change)
               if getattr(change, f.name) is not None)


def _own_scores(rank: str, attributes: tuple[int, int, int]) -> dict[str, int]:
    """An NPC's own three scores (line 255: tweaked past his rank's as the Judge likes),
    within a human's limit, or a creature's (line 257)."""
    if rank == "Creature":
        wrong = next((a for a in attributes if not 1 <= a <= CREATURE_LIMIT), None)
        if wrong is not None:
            raise RuleError("NPC rank", f"a creature's Attributes are 1 to {CREATURE_LIMIT} "
                            f"(past a human's {HUMAN_LIMIT}, as the book allows), not {wrong}",
                            field="attributes")
    elif any(not 1 <= a <= HUMAN_LIMIT for a in attributes):
        raise RuleError("NPC rank", f"a human's Attributes are 1 to {HUMAN_LIMIT}",
                        field="attributes")
    return dict(zip(ATTRIBUTES, attributes, strict=True))


def why_not_rename(state: FistfulState, found: Character) -> RuleError | None:
    """Why `found` may not take another name now: one of the posse keeps his (the table
    knows it), and an NPC in the fight, or in a test or duel still open, is named there."""
    if not found.is_npc:
        return RuleError("Characters", f"{found.name} is one of the posse: the table knows "
                         "them by that name; an NPC's may change", field="new_name")
    if state.fighter(found.name) is not None:
        return RuleError("Characters", f"{found.name} is in the fight under that name: rename "
                         "them once they have left it", field="new_name")
    if (state.open_test is not None and state.open_test.name == found.name) or (
            state.duel_loser == found.name):
        return RuleError("Characters", f"{found.name}'s test or duel is still open: rename "
                         "them after the next step", field="new_name")
    return None


def why_not_drop(state: FistfulState, name: str) -> RuleError | None:
    """Why the NPC called `name` may not come off the Judge's sheets: one of the posse never
    does (they die or ride off), nor an NPC on the fight's tracker (he leaves it first)."""
    found = state.character(name)
    if found is None:
        return RuleError("Characters", f"nobody is called {name}", field="name")
    if not found.is_npc:
        return RuleError("Characters", f"{found.name} is one of the posse: a character stays "
                         "on the sheets (dead, ridden off or riding); only an NPC is dropped",
                         field="name")
    if state.fighter(found.name) is not None:
        return RuleError("Characters", f"{found.name} is in the fight: take them out of it "
                         "first (Leave the fight, on the Fight tab)", field="name")
    return None


@RULES.decides(c.DropNpc)
def drop_npc(state: FistfulState, command: c.DropNpc) -> list[object]:
    refuse(why_not_drop(state, command.name))
    found = who(state, command.name, able=False)
    return [NpcDropped(found.name, found.rank)]


#: the reaction table's totals an outlook set by the Judge may read (12 and up: 12)
REACTION_LOW, REACTION_HIGH = 2, 12


#: the running figures a sheet may have put right, each with its word
FIGURES = {"guts": "Guts", "stress": "Stress", "luck": "Luck", "dollars": "Dollars"}


@RULES.decides(c.PutRight)
def put_right(state: FistfulState, command: c.PutRight) -> list[object]:
    found = who(state, command.name, able=False)
    if not command.why.strip():
        raise RuleError("Putting right", "say what was wrong (the step, the right figure): "
                        "the log keeps both the step and its mending", field="why")
    most = {"guts": found.guts_max, "stress": conflict.STRESS_MAX,
            "luck": conflict.BANK_MAX, "dollars": None}
    was: dict[str, int] = {}
    now: dict[str, int] = {}
    for field, word in FIGURES.items():
        value = getattr(command, field)
        if value is None or value == getattr(found, field):
            continue
        if field == "luck" and found.is_npc:
            raise RuleError("Putting right", f"{found.name} is an NPC: an NPC keeps no Luck",
                            field=field)
        high = most[field]
        if value < 0 or (high is not None and value > high):
            reach = f"0 to {high}" if high is not None else "0 or more"
            raise RuleError("Putting right", f"{found.name}'s {word}: {reach}, not {value}",
                            field=field)
        was[field], now[field] = getattr(found, field), value
    if not now:
        raise RuleError("Putting right", f"{found.name}'s figures are already so: nothing "
                        "to put right")

    def figures(values: dict[str, int]) -> SheetChange:
        return SheetChange(guts=values.get("guts"), stress=values.get("stress"),
                           luck=values.get("luck"), dollars=values.get("dollars"))

    return [SheetPutRight(found.name, command.why.strip(), figures(was),
                          {found.name: figures(now)}, npc=found.is_npc)]


# -- checks ------------------------------------------------------------------------------------


@RULES.finds_problems
def problems(state: FistfulState) -> list[str]:
    found = []
    if not 1 <= state.clock <= wanted.HIGH_NOON:
        found.append(f"the Wanted Clock is at {state.clock}, outside 1 to 12")
    if not 0 <= state.misfortune <= conflict.BANK_MAX:
        found.append(f"the Judge banks {state.misfortune} Misfortune, more than 3")
    for each in state.characters:
        if not 0 <= each.stress <= conflict.STRESS_MAX:
            found.append(f"{each.name} has {each.stress} Stress, outside 0 to 6")
        if not 0 <= each.luck <= conflict.BANK_MAX:
            found.append(f"{each.name} banks {each.luck} Luck, outside 0 to 3")
        if not 0 <= each.guts <= max(each.guts_max, 0):
            found.append(f"{each.name} has {each.guts} Guts of {each.guts_max}")
        try:
            characters.verify_equipment(each.equipment, max(each.grit, 1))
        except RuleError as error:
            found.append(f"{each.name}: {error}")
    return found


# the rest of the shape: each chapter's steps, evolve.py and log.py register on RULES
from gmscreen.games.fistful import (  # noqa: E402, F401
    between_rules,
    conflict_rules,
    evolve,
    fight_rules,
    log,
    wanted_rules,
)
