"""What Devils Bluff's tabs show, as sections and lines: the Dealer's views take the whole
state; the table's take only `TableKnows`, made from the state by `table_knows`.

Both players run a Devils Bluff table, and each keeps a hand of cards the other must not
see. What the whole table knows, read from the module:

- The gangs, model by model, with their profiles, special rules and abilities, hit points,
  tokens and whether each has activated; the set-up, its settings and the games played.
- The game: the round, the initiative, whose turn it is, the model activating, the scores,
  how many cards each player holds, who may still draw a card this turn and who drew a
  sixth and owes a discard (module line 39), how many are left in the Draw Deck, and the
  discard pile, which lies face up.
- The last thing resolved, with the cards its tests drew and the hands laid for it: laid
  hands are shown together, face up.
- Between games, first: how the last game ended and who fell in it (the models stand
  again after it), and what comes next (its aftermath, a pool's picks, what the next game
  still wants of the gangs).

Never the cards of a hand (until laid), nor the order of the Draw Deck. The tabs on the
Dealer's screen keep hands face down too, until their player asks to look. Each player's
own page (`player_knows`, `player_sections`) adds that player's hand, and no one else's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from gmscreen.core.cards import Card, in_a_row
from gmscreen.core.text import in_words
from gmscreen.games.devils_bluff import attack as arithmetic
from gmscreen.games.devils_bluff.aftermath import (
    why_not_end_campaign,
    why_not_keep,
    why_not_level,
)
from gmscreen.games.devils_bluff.deck import drawers, must_discard, ordinal
from gmscreen.games.devils_bluff.draw import card_value, chance_to_pass, reshuffle_note, unseen
from gmscreen.games.devils_bluff.events import (
    KINDS,
    MOST_ROUNDS,
    AbilityChanged,
    Activated,
    ActivationEnded,
    ActivationResumed,
    Attacked,
    CampaignEnded,
    CardCorrected,
    CardDiscarded,
    CardDrawn,
    Deployed,
    Dismissed,
    Enlisted,
    FreeForgone,
    GameAbandoned,
    GameEnded,
    GameStarted,
    GangFounded,
    GangRenamed,
    HiredKept,
    InitiativeCorrected,
    LeavingAssaultRange,
    LevelGained,
    Mended,
    Moved,
    ObjectivesAgreed,
    PerkChanged,
    PicksRolled,
    PoolLaidOut,
    Recovered,
    Renamed,
    RoundStarted,
    Scored,
    ScoutPlaced,
    SetUp,
    Tested,
)
from gmscreen.games.devils_bluff.gangs import (
    LEADER,
    Perk,
    Recruit,
    Weapon,
    abilities,
    close_combat_weapon,
    gun_names,
    perks,
    weapons,
)
from gmscreen.games.devils_bluff.hands import HAND_SIZE, describe_hand, drawn_card
from gmscreen.games.devils_bluff.hiring import (
    levels_wanted,
    moved_on,
    pool_left,
    why_not_hire_again,
    why_not_lay_out_pool,
    why_not_pool_size,
    why_not_roll_off,
)
from gmscreen.games.devils_bluff.log import (
    INITIATIVE_DRAWN,
    gang_of,
    totalled,
    with_player,
)
from gmscreen.games.devils_bluff.log import (
    ability_changed as told_ability_changed,
)
from gmscreen.games.devils_bluff.log import (
    enlisted as told_enlisted,
)
from gmscreen.games.devils_bluff.log import (
    founded as told_founded,
)
from gmscreen.games.devils_bluff.log import (
    perk_changed as told_perk_changed,
)
from gmscreen.games.devils_bluff.log import (
    set_up as told_set_up,
)
from gmscreen.games.devils_bluff.rules import PLAYERS, RULES
from gmscreen.games.devils_bluff.state import (
    Battle,
    DevilsBluffState,
    Fighter,
    GameRecord,
    Gang,
    settings_in_words,
)
from gmscreen.games.devils_bluff.testing import MOST_MODIFIER, recovered_words
from gmscreen.games.devils_bluff.turns import (
    SCOUT_DISTANCE,
    fought_up_close,
    game_at,
    next_game,
    one_off_played,
    why_not_leave,
    why_not_start_game,
)
from gmscreen.games.devils_bluff.words import campaign_words as campaign_words
from gmscreen.journal.events import Event
from gmscreen.journal.recap import SAME_EPISODE
from gmscreen.journal.sections import Grid, Lines, Section, grid, names_kept_whole, whole

#: the Characters tab's roster: every model's profile (its perks and ability in full on the
#: line below the table, for the model highlighted)
ROSTER_COLUMNS = ("Model", "Unit", "Weapon", "Lv", "MOV", "SKL", "DEF", "CMD", "HP",
                  "Player", "Ab")
ROSTER_NOTE = ("Gun: permanent gunslinger. Hired: for one game. Lv: levels. MOV: inches moved. "
               "SKL DEF CMD: card a test needs. HP: hit points. Ab: ability.")
#: (neither note spells "RF Rifle": an "RF: Rapid Fire" beside it read as the Rapid Fire
#: rule the gun has not; F1's entry, the Attack form and the Guns section give it whole)
#: the Conflict tab's models, and the players' screen's
MODEL_COLUMNS = ("Model", "Weapon", "HP", "Tok", "Now", "MOV", "SKL", "DEF", "CMD", "Player")
#: one row at 80 columns, so the models keep the row a second took mid-game: HP reads
#: "7/8" as it stands, ready, done and out are words, and MOV is in the roster's note and F1
MODEL_NOTE = "Tok: suppression tokens. ACT: activating. SKL DEF CMD: card a test needs."
#: the players' screen's tables, one a gang: its title names the player, so no Player column
TABLE_ROSTER_COLUMNS = tuple(c for c in ROSTER_COLUMNS if c != "Player")
TABLE_MODEL_COLUMNS = tuple(c for c in MODEL_COLUMNS if c != "Player")
#: the columns of the models tables that give room when long names would wrap a row at 80
#: columns, cut short with an ellipsis (the widest first): the names, never the numbers. In
#: full elsewhere: the highlighted model (its gang and player too) under the roster, the
#: highlighted model in the odds line and the players in the status and hands
NAMES = ("Model", "Player")
#: how the Now column writes the model activating: no wider than "ready", so the column
#: keeps its width while a model acts and the Player column does not wrap at 80 columns
ACTING = "ACT"
#: a key on the Conflict tab for each player's hand, in the order the gangs were founded
HAND_KEYS = ("h", "H")


def levels(n: int) -> str:
    return f"{n} level" + ("" if n == 1 else "s")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _now(fighter: Fighter, activating: str) -> str:
    return ("out" if fighter.out else ACTING if fighter.name == activating
            else "done" if fighter.activated else "ready")


def _activating(state: DevilsBluffState) -> str:
    battle = state.battle
    return battle.activation.fighter if battle and battle.activation else ""


# -- the Characters tab ---------------------------------------------------------------------


def perk_effect(perk: Perk) -> str:
    """What a perk does, in the table's numbers: "+2 MOV, -2 HP", "Fear". A lower SKL, DEF
    or CMD is the better one (a test passes at that card or above)."""
    changes = [f"{n:+d} {label}" for n, label in ((perk.mov, "MOV"), (perk.skl, "SKL"),
                                                   (perk.defence, "DEF"), (perk.cmd, "CMD"),
                                                   (perk.hp, "HP")) if n]
    return ", ".join([*changes, *([perk.rule] if perk.rule else [])])


def perk_options(held: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The perks a model may take, each with what it does ("Quick: +1 MOV"), leaving out
    those it holds already: a perk is taken once."""
    taken = set(held)
    return [(f"{p.name}: {perk_effect(p)}", p.name) for p in perks().values()
            if p.name not in taken]


def perk_words(held: Iterable[str] = ()) -> dict[str, str]:
    """Under a list of perks to tick, for each (by its name): the perk and what it does,
    its special rule's too, so the line the list's highlight is on is said in words, not by
    the highlight's colour alone ("Quick: +1 MOV.", "Hunter gives Scout: held back ...")."""
    return {name: perk_rule_line(name) or f"{label}." for label, name in perk_options(held)}


def perk_rule_line(name: str) -> str:
    """What a perk's special rule does, for the line under a form's choice of it ("Hunter
    gives Scout: held back at deployment, ..."); "" for a perk of numbers alone, which its
    choice says whole ("Quick: +1 MOV") where the rule's perk names the rule only."""
    perk = perks().get(name)
    if perk is None or not perk.rule:
        return ""
    return f"{perk.name} gives {perk.rule}: {perk.means}."


def weapon_line(weapon: Weapon) -> str:
    """A gun with its numbers and rules, as the weapon list gives them ("Rifle: RNG 30",
    ATT 1, DMG 2, PRC 1, Suppressing")."""
    rules = f", {', '.join(weapon.rules)}" if weapon.rules else ""
    return (f"{weapon.name}: RNG {weapon.rng}\", ATT {weapon.att}, DMG {weapon.dmg}, "
            f"PRC {weapon.prc}{rules}")


def weapon_options() -> list[tuple[str, str]]:
    """The guns a model may carry (module lines 181-186), each with its numbers."""
    return [(weapon_line(weapons()[name]), name) for name in gun_names()]


def ability_options(names: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """None, or an ability with the test whose critical success fires it and what it does,
    in a few words ("Precise Shot: BS crit: +3 DMG and +3 PRC"); only those `names` (the
    ones the rules leave open, `aftermath.abilities_open`) when given."""
    offered = None if names is None else set(names)
    return [("(none)", ""), *((f"{a.name}: {a.short or a.summary}", a.name)
                              for a in abilities().values()
                              if offered is None or a.name in offered)]


def ability_line(name: str) -> str:
    """An ability in full, for the line under a form's choice of it ("" for none): the test
    whose critical success fires it and what it does."""
    found = abilities().get(name)
    if found is None:
        return ""
    return f"{found.name}, on a critical {found.test} test: {found.summary}."


#: what the set-up form says under Play and Hiring (module lines 97-109, 167-177), each
#: in the two lines the form gives an explanation at 80 columns
MODE_ABOUT = ("Campaign: a Gang Leader of 1 level; hired guns each game, one kept after "
              "it. One-off: a leader of 4 levels, customs of 3 and 2, 7 hired.")
HIRING_ABOUT = ("Controlled choice: each player uses own models, five with revolvers or "
                "more. Pool: after a roll-off, picks by turns from a shared pool.")
#: what the Found a gang form says under its lines (module 95, 99)
PLAYER_ABOUT = ("The person who runs this gang and holds its hand of cards: two play, a "
                "gang each.")
GANG_ABOUT = "The gang's name, as the table calls it; its models are enlisted next (e)."
#: what the Enlist form says under the fields whose glossary entries say what the word
#: means, not what to put in it (module 95, 103, 107-109, 173, 177)
ENLIST_GANG_ABOUT = ("The player whose gang the model joins, ten models at most; hiring "
                     "from a pool, the one whose pick it is comes chosen.")
ENLIST_NAME_ABOUT = "The model's name, as the table calls it: one no model on either roster has."
UNIT_ABOUT = ("Gang Leader: the gang's one leader, enlisted first. Gunslinger: every other "
              "model, custom with levels, or hired (tick Hired gun).")
WEAPON_ABOUT = {
    "pool": "The gun the miniature picked is shown with; a Revolver if it shows none.",
    "controlled choice": "The gun the miniature carries; five of the gang's models or more "
                         "carry revolvers.",
}
HIRED_ABOUT = ("Ticked: hired for this game, with no level, perk or ability. A Gang Leader "
               "and a custom gunslinger are not ticked: their perks are their levels.")
#: what the forms say under the perks and the ability
#: what the level form says first: the module names no deed that earns a level (line 120)
LEVEL_WHO = ("Who levels is the players' choice (the book names no deed that earns it), one "
             "level a model a game.")
PERKS_ABOUT = ("One perk a level, never the same twice. SKL, DEF and CMD are the card a "
               "test needs: lower is better.")
#: under the Test form's For field
TEST_FOR_ABOUT = ("In a few words, what the test decides (a climb, a locked door): told in "
                  "the log's line. Blank: the line gives the attribute alone.")
ABILITY_ABOUT = ("From the third level, one ability, fired by a critical success (a hand "
                 "that wins) on its test; at most three models a gang, none the same.")


def level_brings_ability(name: str, level: int, still_open: int) -> str:
    """The level form's line where the level may bring an ability (module line 124: from
    the third, one a model): which level it is, and that the Ability field is for it. The
    form showed the field alone, with nothing to say the level was the one that brings it.
    The book says "may": (none) leaves the model without one, to choose at a later level."""
    return (f"{name}'s {ordinal(level)} level may bring an ability as well: choose it under "
            f"Ability ({still_open} still open to the gang), or leave it (none).")


#: what each box that lays a hand says under the form: for an attack (by the key of its
#: box), and for any other test ("hand", "contest") in `TEST_HAND_ABOUT`
ATTACK_HAND_ABOUT = {
    "hand": "The attacker's player lays the whole hand instead of the first Battle Skill "
            "test's card: a pair or better is a critical hit, less is a miss.",
    "contest": "The defender's player lays a hand against the attacker's, which must beat "
               "it or miss.",
    "defender_hand": "The defender's player lays the whole hand instead of the first "
                     "Defence test's card: a pair or better is a critical save, less fails. "
                     "Left unticked, the app drawing asks once its Battle Skill cards hit.",
    "defence_contest": "The attacker's player lays a hand against the defender's, which "
                       "must beat it or fail.",
}
TEST_HAND_ABOUT = {
    "hand": "The player lays the whole hand instead of a card: a pair or better is a "
            "critical success, less is a failure.",
    "contest": "The other player lays a hand against it, which must beat that one or fail.",
}

#: what the Test form's Modifier is for
MODIFIER_ABOUT = (f"Any other modifier the table agrees for this test, from -{MOST_MODIFIER} "
                  f"to +{MOST_MODIFIER}; Fear's is asked apart.")


def defence_question(line: str, target: str, player: str, tests: int) -> str:
    """What the Dealer asks the defender's player once the Battle Skill's cards are seen and
    give `target` a Defence test (module line 43: the hand is laid instead of a test's
    card, so when the test comes): `line` is the attack's as the rules would write it, of
    which only the attack and its Battle Skill cards are told (the Defence test's card,
    still face down, is not)."""
    who = line.split(":", 1)[0]
    skill = arithmetic.skill_steps(line)
    first = "it" if tests == 1 else "the first"
    # the card the test needs, and what changes it (PRC, cover, Precise Shot): what decides
    # whether a hand is worth laying
    need = arithmetic.defence_need(line)
    return (f"{who}: {skill}. {target} takes {plural(tests, 'Defence test')}"
            f"{f' ({need})' if need else ''}: does the player {player} lay the whole hand "
            f"for {first}, or draw the top card?")


def against_defence_question(target: str, player: str, others: Sequence[str],
                             test: str = "Defence") -> str:
    """The question once a player lays a hand for `target`'s test (the defender's player's
    yes; an attacker's hand sent in the form): does any other player lay a hand against it
    (module line 45)."""
    them = (f"Does {others[0]} lay a hand against it (it must beat that one" if len(others) == 1
            else f"Do {in_words(others)} lay theirs against it (it must beat them")
    return f"The player {player} lays a hand for {target}'s {test} test. {them}, or fail)?"


def recover_words(state: DevilsBluffState, name: str) -> str:
    """What a Recover's Command test needs and what each outcome does, for its form."""
    found = state.find(name)
    cmd = f" {found[1].profile.cmd}+" if found is not None else ""
    outcomes = recovered_words(found[1].tokens if found is not None else 1)
    return f"{name}'s Command test (CMD{cmd}) " + "; ".join(outcomes.values()) + "."


def shot_back_about(state: DevilsBluffState, shooter: str, at: str, *, up_close: bool
                    ) -> str:
    """What Return Fire's shot back reaches (module line 155 gives a free attack action,
    and an attack reaches only as far as its weapon, digest 3.1): the gun and its range,
    or up close the close-combat profile unless guns fire there, at `at` alone."""
    found = state.find(shooter)
    gun = weapons()[found[1].recruit.weapon] if found is not None else None
    if gun is None or (up_close and not state.setting("guns_in_assault")):
        gun = close_combat_weapon()
    return (f"{weapon_line(gun)}. At {at} alone, and only within {gun.rng}\" of {at}, "
            "as any attack; out of reach, w lets it go.")


def attack_about(state: DevilsBluffState, shooter: str) -> dict[str, str]:
    """What each box of `shooter`'s attack form gives, by its key, in the rules' numbers:
    a new Dealer ticking Cover or Target evades had only the book to say it."""
    found = state.find(shooter)
    gun = weapons()[found[1].recruit.weapon] if found is not None else None
    light, heavy = arithmetic.COVER_BONUS["light"], arithmetic.COVER_BONUS["heavy"]
    up_close = (f"its {gun.name} still fires" if gun is not None
                and state.setting("guns_in_assault")
                else weapon_line(close_combat_weapon()).replace(": ", " instead of the gun: "))
    # the gun's numbers where the target is chosen: its range is what the table measures
    target = ("The enemy attacked: the model highlighted on the tab, else the one it "
              "attacked last, else the first (none taken out).")
    if gun is not None:
        target = (f"{weapon_line(gun)}. The enemy attacked, within {gun.rng}\": the one "
                  "highlighted on the tab, else the one it attacked last, else the first.")
    about = {
        "target": target,
        "obscured": f"Part of the target is hidden from the attacker: {arithmetic.OBSCURED} "
                    "to each Battle Skill test.",
        "cover": f"The target's cover: light {light:+d}, heavy {heavy:+d} to each Defence "
                 "test.",
        "evading": f"Said before the cards, by a target more than {arithmetic.EVADE_BEYOND}"
                   f"\" from the attacker and holding fewer than {arithmetic.MAX_TOKENS} "
                   f"tokens: {arithmetic.EVADE_BONUS:+d} to each Defence test, then a "
                   "suppression token" + ("." if state.setting("evade_token_always") else
                                          " if a hit made it test Defence (agreed)."),
        "assault_range": f"Within 1\" of the target: {up_close}; no evading"
                         + ("." if state.setting("stealth_in_assault") else
                            "; no Stealth -X there (agreed)."),
        **ATTACK_HAND_ABOUT,
    }
    if gun is not None and gun.rule_value("Rapid Fire") is not None:
        many = arithmetic.rapid_fire_attacks(gun.att, state.setting("rapid_fire"))
        about["half_range"] = (f"The target within {gun.half_range}\", half the "
                               f"{gun.name}'s range: Rapid Fire makes {many} attacks, not "
                               f"{gun.att}.")
    return about


def perks_wanted(state: DevilsBluffState, player: str, unit: str, *, hired: bool,
                 ticked: int = 0) -> str:
    """What the Enlist form says to tick for a model joining `player`'s gang, from the
    levels the rules let it bring (`hiring.levels_wanted`), following the `ticked` perks
    ("Perks: 4 ticked" once they are as many as it brings); "" for a hired gun."""
    wanted = levels_wanted(state, player, unit, hired=hired)
    if hired:
        return ""
    if not wanted:
        return ("Tick Hired gun: " + ("a campaign gang's gunslingers are hired"
                                      if state.mode == "campaign" else
                                      "a one-off has two custom gunslingers; hire the rest")
                + ".")
    ticks = " or ".join(map(str, wanted))
    why = ("a campaign's Gang Leader starts with 1 level" if state.mode == "campaign" else
           "a one-off's Gang Leader has 4 levels" if unit == LEADER else
           "a one-off's custom gunslingers have 3 and 2 levels")
    if ticked in wanted:
        return f"Perks: {ticked} ticked, as {why}."
    so_far = f" ({ticked} ticked)" if ticked else ""
    return f"Tick {ticks} perk{'' if wanted == (1,) else 's'}{so_far}: {why}."

def ability_short(name: str) -> str:
    """An ability as the roster writes it: its first two letters, which tell the five
    apart (Ha Hail of Fire, Pr Precise Shot, Re Return Fire, Ru Run and Gun, Sh Shrug it
    Off)."""
    return name[:2]


def roster_row(player: str, fighter: Fighter) -> tuple[str, ...]:
    p = fighter.profile
    recruit = fighter.recruit
    unit = "Leader" if recruit.unit == LEADER else "Hired" if recruit.hired else "Gun"
    return (fighter.name, unit, weapons()[recruit.weapon].short, str(recruit.levels),
            str(p.mov), f"{p.skl}+", f"{p.defence}+", f"{p.cmd}+", str(p.hp), player,
            ability_short(recruit.ability) if recruit.ability else "-")


def roster_note(state: DevilsBluffState) -> str:
    """The roster's note, the abilities held spelled out after "Ab: ability" (the column
    writes each by two letters): "Ab: ability (Ru: Run and Gun, Sh: Shrug it Off)."."""
    return _roster_note(f.recruit.ability for g in state.gangs for f in g.fighters)


def _roster_note(abilities_held: Iterable[str]) -> str:
    held = sorted({a for a in abilities_held if a})
    if not held:
        return ROSTER_NOTE
    spelled = ", ".join(f"{ability_short(a)}: {a}" for a in held)
    return ROSTER_NOTE.replace("Ab: ability.", f"Ab: ability ({spelled}).")


def roster_grid(state: DevilsBluffState) -> Grid:
    """Both gangs, model by model (the Characters tab's table; the first cell is the model,
    which the tab keys its rows by)."""
    return grid("Gangs", ROSTER_COLUMNS,
                [roster_row(g.player, f) for g in state.gangs for f in g.fighters],
                note=roster_note(state), shortened=NAMES)


def model_lines(state: DevilsBluffState, name: str) -> list[str]:
    """One model in full: its gang, unit, levels, weapon, rules and ability."""
    found = state.find(name)
    if found is None:
        return []
    gang, fighter = found
    recruit = fighter.recruit
    perks = f" ({', '.join(recruit.perks)})" if recruit.perks else ""
    # the gun with its numbers: a Dealer asked its range mid-game had only the Enlist form
    gun = weapons()[recruit.weapon]
    line = (f"{fighter.name} of {gang.name} ({gang.player}): {recruit.unit}, "
            f"{levels(recruit.levels)}{perks}, {weapon_line(gun).replace(': ', ' (', 1)})")
    if fighter.profile.rules:
        line += f"; rules: {', '.join(fighter.profile.rules)}"
    told = [line]
    if recruit.ability:
        told.append(f"{recruit.ability}: {abilities()[recruit.ability].summary}")
    return told


def keep_instead_question(gang: Gang, fighter: str, kept: str) -> str:
    """What k asks where the gang kept a hired gun already (module line 101: one a game):
    the one meant kept instead of the one kept by mistake."""
    return (f"{kept} has joined {gang.name} for good already (one hired gun a game). Keep "
            f"{fighter} instead? {kept} is a hired gun again, and moves on as the aftermath "
            "closes. ctrl+z brings it back.")


def close_aftermath_question(state: DevilsBluffState) -> str:
    """What c asks before the aftermath closes while a gang has kept no hired gun or
    levelled no model and still may (module lines 101, 120), "" when none is left so: one
    key closed it, the other player's keep and levels forgone, with no word."""
    after = state.aftermath
    if after is None:
        return ""
    left = []
    for gang in state.gangs:
        names = [f.name for f in gang.fighters]
        may = [what for what, rule, done in (
            ("keep a hired gun for good", why_not_keep, after.kept_by(gang.player)),
            ("give a model a level", why_not_level, set(names) & set(after.levelled)))
            if not done and any(rule(state, name) is None for name in names)]
        if may:
            left.append(f"{gang.player} may still {' and '.join(may)}")
    if not left:
        return ""
    return (f"Close the aftermath of game {after.game}? {'; '.join(left)}. Closed, the "
            "hired guns not kept move on, and no level is gained till the next game. "
            "ctrl+z brings it back.")


def dismiss_question(gang: Gang, recruit: Recruit) -> str:
    """What x asks before a model leaves its gang: whom it takes, with what it would lose
    ("Ma Hendry, Gang Leader of The Hendry Boys, 1 level (Cunning), leaves the gang?"),
    where one key on the wrong row took a leader off the roster with no word."""
    if recruit.hired:
        who = f"{recruit.name}, hired by {gang.name} for one game"
    else:
        who = f"{recruit.name}, {recruit.unit} of {gang.name}"
    if recruit.perks:
        who += f", {levels(recruit.levels)} ({', '.join(recruit.perks)})"
    return f"{who}, leaves the gang? ctrl+z brings it back."


def ready_words(state: DevilsBluffState, name: str) -> str:
    """A model offered to activate, in the words its row has ("Sheriff Cole: Revolver · HP
    11/11 · Tok 0."): said under the list while it is highlighted, so the choice is made
    with its gun, its wounds and its tokens in sight (its rules are on the odds line)."""
    found = state.find(name)
    if found is None:
        return ""
    fighter = found[1]
    return (f"{whole(name)}: {weapons()[fighter.recruit.weapon].short} · "
            f"HP {fighter.hp}/{fighter.profile.hp} · Tok {fighter.tokens}.")


def names(state: DevilsBluffState) -> list[str]:
    """Every player and model the campaign holds, each once, in the order they came: the
    note form's completion and the log's filter offer them."""
    return list(dict.fromkeys([*state.players,
                               *(f.name for g in state.gangs for f in g.fighters)]))


def names_of(state: DevilsBluffState, name: str) -> tuple[str, ...]:
    """Every name of the model (or gang) called `name`, now or before a rename: the log's
    filter finds it under any. A player stands for their gang's models too: a Dealer asking
    for Ma Hendry's steps (`log --who`, the log's filter) means her models' attacks and
    moves beside her own roll-offs and hires."""
    if name not in state.players:
        return state.names_of(name)
    models = (f.name for gang in state.gangs if gang.player == name for f in gang.fighters)
    return tuple(dict.fromkeys([name, *(old for model in models
                                        for old in state.names_of(model))]))


def picking(picker: str, drawn: str, keys: str = "") -> str:
    """Whose pick it is from the pool, and the roll-off's cards, face up for all."""
    return f"{picker} picks next from the pool{keys}" + (
        f"; the roll-off drew {drawn}." if drawn else ".")


def pool_line(left: Sequence[tuple[str, str]], laid: int = 0) -> str:
    """The pool's miniatures not picked, each with its gun ("In the pool, 3 of 14: Hank
    (Shotgun), ..."); `laid`, how many were laid out (0: not said)."""
    of = f" of {laid}" if laid else ""
    # a miniature and its gun kept on one row ("Ez (RF Rifle)" broke after "RF")
    models = ", ".join(whole(f"{name} ({weapons()[gun].short})") for name, gun in left)
    return (f"In the pool, {len(left)}{of}: {models}." if left
            else f"The pool is empty{': all ' + str(laid) + ' picked' if laid else ''}.")


#: what the Enlist form's name is, picking from a pool laid out
PICK_ABOUT = ("The miniature the player picks, of those left in the pool; it carries the gun "
              "it shows, set below as you choose it.")


#: what the Lay out the pool form's field is for
POOL_ABOUT = ("The miniatures to pick from, commas between them, each with the gun it shows "
              "in brackets (none: a revolver): Hank (Shotgun), Dutch, Slim (Rifle). Sent "
              "again, it replaces the list.")


#: what the Hire again form's list is for
HIRE_AGAIN_ABOUT = ("Each joins the gang it left, hired, with its gun; each gang's ticked as "
                    "far as it has room. Untick any the player leaves out.")


def campaign_lines(state: DevilsBluffState) -> list[str]:
    """What is asked next (the aftermath, whose pick it is from a pool, what the next game
    still wants), then the set-up and its settings, the gangs' sizes and the games
    played."""
    if not state.mode:
        return ["No set-up yet: press m to choose a campaign or a one-off."]
    # what is asked next first: at 80x24 the box under the roster shows eight rows, and
    # the set-up and the sizes stay the same from game to game
    told = aftermath_lines(state)
    if state.picker:
        told.append(picking(state.picker, state.picks_drawn, " (e enlists)"))
    if state.hiring == "pool" and state.pool and state.battle is None:
        told.append(pool_line(pool_left(state), len(state.pool)))
        small = why_not_pool_size(state) if not state.picker else None
        if small is not None and state.aftermath is None:
            told.append(f"Before the roll-off ({small.rule}): {small.message}.")
    elif state.hiring == "pool" and why_not_lay_out_pool(state) is None:
        told.append("L lays out the pool's miniatures: the picks are then checked against "
                    "it.")
    # with no gang yet too: the set-up sent, the next step is to found them
    told += _next_game_lines(state)
    told.append(f"A {state.mode}, hiring by {state.hiring}. "
                f"Settings: {settings_in_words(state.settings)}.")
    if state.gangs:
        told.append(" ".join(f"{g.name} ({g.player}): {len(g.fighters)} of 10 models."
                             for g in state.gangs))
    told += [record_line(r) for r in state.record]
    told += games_won(state.record, state.players)
    if state.record and why_not_end_campaign(state) is None:
        # the book's end (line 11) has no measure: the players call it, from the games won
        told.append("F ends the campaign once the players call who holds the town.")
    return told


def _next_game_lines(state: DevilsBluffState) -> list[str]:
    """While the gangs are made between games (no aftermath open, which says its own
    steps): what the rules still want of them before the next game, or that it may begin,
    so the Dealer building them need not go to the Conflict tab to learn it. Hiring from a
    pool, the roll-off for the picks too while it applies (its key gives way in the footer
    at 80 columns); with the gangs ready, as the table's choice: the module lets a gang
    pick none, so the game may begin without it, or at any pick, which ends the picks."""
    if state.battle is not None or state.aftermath is not None:
        return []
    number = len(state.record) + 1
    played = one_off_played(state)
    if played:
        return [one_off_over()]
    if state.ended is not None:
        return [campaign_over(state.ended, state.ended_note)
                + " ctrl+z takes its end back to play on."]
    rolls = ("Hiring from the pool: p rolls off for the first pick (P with the table's own "
             "cards)" if state.hiring == "pool" and why_not_roll_off(state) is None else "")
    refusal = why_not_start_game(state)
    if refusal is None and rolls:
        return [f"{rolls}, or g on the Conflict tab begins {next_game(state)} with the gangs "
                "as they are."]
    if refusal is None:
        # the picks may stop at any pick: beginning the game ends them
        ends = ", and the picks end there" if state.picker else ""
        return [f"Both gangs are ready: g on the Conflict tab begins {next_game(state)}"
                f"{ends}."]
    # the same guns again, by one key, where each player hires from their own miniatures
    again = (f"h hires again the {len(moved_on(state))} guns that moved on after game "
             f"{number - 1} (e enlists others)." if why_not_hire_again(state) is None else "")
    founds = "; o founds one" if len(state.gangs) < PLAYERS else ""
    return [*([rolls + "."] if rolls else []),
            f"Before game {number} ({refusal.rule}): {refusal.message}{founds}.",
            *([again] if again else [])]


def aftermath_lines(state: DevilsBluffState) -> list[str]:
    """The aftermath of a campaign game under way (module line 101): the levels gained and
    the hired gun each gang has kept for good so far, and the models a level may still go
    to; none when there is none. Nothing in it is secret: the Dealer's tabs and the
    players' screen say the same."""
    after = state.aftermath
    if after is None:
        return []
    kept = tuple(zip(after.kept, after.kept_models, strict=False))
    # who else may gain one, so none is forgotten for a whole game (module line 120)
    due = [f.name for g in state.gangs for f in g.fighters
           if why_not_level(state, f.name) is None]
    return [f"After game {after.game}: "
            f"{_aftermath_so_far(after.levelled, kept, state.players)}."
            + (f" A level may still go to {in_words(due)}." if due else "")]


def _aftermath_so_far(levelled: Sequence[str], kept: Sequence[tuple[str, str]],
                      players: Iterable[str]) -> str:
    """An aftermath's levels gained and hired guns kept for good ((player, model) pairs)
    so far: "levels gained by Ma; kept for good: Jed (Ann); Bob has kept nobody yet", and
    before either "no level gained yet; no hired gun kept for good yet" (where "levels
    gained by nobody yet" read as a model called Nobody)."""
    by = dict(kept)
    named = [with_player(by[p], p) for p in players if by.get(p)]
    waiting = [f"{p} has kept nobody yet" for p in players if not by.get(p)]
    line = "; ".join((f"levels gained by {', '.join(levelled)}" if levelled
                      else "no level gained yet",
                      f"kept for good: {', '.join(named)}" if named
                      else "no hired gun kept for good yet"))
    return line + (f"; {', '.join(waiting)}" if named and waiting else "")


def games_won(record: Iterable[GameRecord], players: Iterable[str]) -> list[str]:
    """The games each player has won, once two are played (module line 11: a campaign runs
    until one player controls the town, and gives no measure of it, so the players judge
    it from this): "Games won: Ann 2, Bob 1 (of 4 played; 1 drawn, 1 left off)"."""
    games = list(record)
    return [f"Games won: {_tally(games, players)}"] if len(games) >= 2 else []


def _tally(games: Sequence[GameRecord], players: Iterable[str]) -> str:
    """The games each player has won: "Ann 2, Bob 1 (of 4 played; 1 drawn, 1 left off)"."""
    won = ", ".join(f"{p} {sum(r.winner == p for r in games)}" for p in players)
    drawn = sum(not r.winner and not r.abandoned for r in games)
    left = sum(r.abandoned for r in games)
    other = [f"{drawn} drawn"] * bool(drawn) + [f"{left} left off"] * bool(left)
    return f"{won} (of {len(games)} played" + (f"; {', '.join(other)})" if other else ")")


def record_line(record: GameRecord) -> str:
    """A game played, for the record: its scores and who won, or where it was left off."""
    each = ", ".join(f"{p} {s}" for p, s in record.scores)
    if record.abandoned:
        where = f"in round {record.round}" if record.round else "before its first round"
        return f"Game {record.number}: left off {where} ({each}), nobody won"
    line = (f"Game {record.number}: {each}; "
            f"{record.winner + ' won' if record.winner else 'a draw'}"
            + (f" ({record.note})" if record.note else ""))
    if record.levelled:
        line += f"; after it, levels for {in_words(record.levelled)}"
    if record.kept:
        kept = in_words(with_player(model, player) for player, model in record.kept)
        line += f"; kept for good: {kept}"
    return line


def taken_out_line(record: GameRecord) -> str:
    """The models a game took out, with their players ("Taken out in game 1: Dutch (Ma
    Hendry) and Quill (Sheriff Cole)"): they stand again after it, so only this says it."""
    fell = in_words(with_player(model, player) for player, model in record.taken_out)
    return f"Taken out in game {record.number}: {fell}"


# -- the Conflict tab -----------------------------------------------------------------------


def gangs_in_turn(state: DevilsBluffState) -> list[Gang]:
    """The gangs, the one whose player's turn it is first; then by initiative."""
    battle = state.battle
    order = list(battle.order) if battle is not None else []
    first = battle.turn if battle is not None else ""
    return sorted(state.gangs, key=lambda g: (g.player != first, order.index(g.player)
                                               if g.player in order else len(order)))


def model_row(player: str, fighter: Fighter, activating: str) -> tuple[str, ...]:
    p = fighter.profile
    return (fighter.name, weapons()[fighter.recruit.weapon].short, f"{fighter.hp}/{p.hp}",
            str(fighter.tokens),
            _now(fighter, activating), str(p.mov), f"{p.skl}+", f"{p.defence}+",
            f"{p.cmd}+", player)


def models_grid(state: DevilsBluffState) -> Grid:
    """Every model in the game, the models of the player whose turn it is first (the
    Conflict tab's table; the first cell is the model)."""
    activating = _activating(state)
    return grid("Models", MODEL_COLUMNS,
                [model_row(g.player, f, activating) for g in gangs_in_turn(state)
                 for f in g.fighters], note=MODEL_NOTE, shortened=NAMES)


def deployment_words(state: DevilsBluffState) -> str:
    """Who picks a deployment area and deploys first, how the rest follow, and the scouts
    still to place, as the whole table reads it (no keys); "" before the roll-off."""
    battle = state.battle
    assert battle is not None
    if not battle.deployment:
        return ""
    first, *rest = battle.deployment
    how = ("one model at a time by turns" if state.setting("deployment") ==
           "model by model" else "the whole gang, then " + ", then ".join(rest))
    line = (f"{first} picks a deployment area and deploys first, {how}; "
            f"all wholly within their own area")
    if battle.scouts:
        line += (f". Then the scouts one at a time, more than {SCOUT_DISTANCE}\" "
                 f"from every enemy: {', '.join(battle.scouts)}")
    return line


#: what comes before the deployment's roll-off (digest 2.1: mission, terrain, then the
#: deployment areas and objectives); the module and the first rules give no mission, so
#: the players agree one, and the app can only say so where the game begins. One row at
#: 80 columns, above the roll-off's step (F1's Mission says the rest: no missions in the
#: book, s scores an objective)
AGREE_FIRST = "First the players agree the terrain, the objectives and what each scores"
#: the same on the Dealer's tab, with the key that writes them down (one row at 80 columns)
AGREE_FIRST_KEY = AGREE_FIRST + " (o)"
#: what the Objectives form's field is for
OBJECTIVES_ABOUT = ("Each objective the players agreed and what it scores (\"the well: 1 a "
                    "round held; the strongbox: 3 carried off\"): the Score form and the "
                    "players' screen show them for the whole game")


def rounds_about(state: DevilsBluffState) -> str:
    """What the objectives form's Rounds is for: the mission's own number (digest 2.1),
    beside the set-up's (a one-off's too: "the campaign's setting" misnamed it there)."""
    return (f"The rounds this game lasts: a mission the players agree may set its own (1 to "
            f"{MOST_ROUNDS}); the set-up's Rounds a game is {state.setting('rounds')}")


def objectives_line(objectives: str) -> str:
    """The objectives agreed, as the tabs, the forms and the players' screen say them."""
    return f"Objectives agreed: {objectives}"


def objectives_note(state: DevilsBluffState) -> str:
    """What the Score and End-the-game forms say of the objectives: those agreed, or that
    none are written down (o on the Conflict tab writes them)."""
    battle = state.battle
    if battle is None:
        return ""
    if battle.objectives:
        return objectives_line(battle.objectives)
    return "No objectives written down for this game (o writes them down)."


def deployment_line(state: DevilsBluffState) -> str:
    """What the table does before the first round, so nobody opens the rulebook."""
    battle = state.battle
    assert battle is not None
    if not battle.deployment:
        return "Press y to draw for who picks a deployment area and deploys first"
    if battle.scouts:
        return f"{deployment_words(state)}. Press p to place {battle.scouts[0]}"
    return f"{deployment_words(state)}. Press r for round 1"


def status_lines(state: DevilsBluffState) -> list[str]:
    """The game as the Conflict tab heads it: the round, the turn, the model activating and
    what it may do, the piles, the scores and the last thing resolved. The first line is
    the heading."""
    battle = state.battle
    if battle is None:
        return ["No game is being played.", *between_games_lines(state)]
    rounds = state.game_rounds()
    if battle.round == 0:
        # the agreement first, then what it came to, where a notepad held it
        agreed = ([objectives_line(battle.objectives) + " (o)"] if battle.objectives
                  else [] if battle.deployment else [AGREE_FIRST_KEY])
        told = [f"Game {battle.number} · {rounds} rounds", *agreed, deployment_line(state)]
    else:
        told = [round_heading(battle.number, battle.round, rounds,
                              () if state.last.startswith(INITIATIVE_DRAWN)  # it says it
                              else battle.order, battle.turn),
                *_turn_lines(state, battle, rounds)]
    told.extend(_fallen_gangs(state, rounds) if battle.round else [])
    told.append(f"Draw Deck {state.deck.remaining} · discards {len(state.deck.discards)}"
                f" · scores {_scores(state, battle)}")
    if state.last:
        told.append(state.last)
    return told


def initiative_drawn(state: DevilsBluffState) -> str:
    """The round's initiative draws with each total, face up for all ("Round 1's initiative:
    Ann J♥ 2♦ (13), Bo 5♥ 7♦ (12)"), for the form that sets a card of them right."""
    battle = state.battle
    if battle is None or not battle.initiative:
        return ""
    drew = ", ".join(f"{p} {in_a_row(c)} ({sum(card_value(x) for x in c)})"
                     for p, c in battle.initiative)
    return f"Round {battle.round}'s initiative: {drew}"


def round_heading(number: int, round_: int, rounds: int, order: Sequence[str],
                  turn: str) -> str:
    """A round's heading: the initiative while it orders the round (digest 2.2, 82; none
    given: told elsewhere), and once every model has activated that the round is done,
    since the initiative drawn for it orders nothing more (the line under it says what
    comes next)."""
    heading = f"Game {number} · Round {round_} of {rounds}"
    if turn:
        return heading + (f" · initiative {' then '.join(order)}" if order else "")
    return heading + " done"


#: what the tabs say once a one-off's game has been played (`turns.one_off_played`): the
#: players' screen's words, then the Dealer's way on ("its game (1) has been played" read
#: the game's number as a count)
ONE_OFF_OVER = "The one-off is over: its one game is played."


#: what the End-the-campaign form's choice is for
TOWN_ABOUT = ("Who holds the town now: the players call it from the games won (the book "
              "gives no measure); Nobody where they stop with no winner")


def town_choice(state: DevilsBluffState) -> str:
    """The player with the most games won, the choice the End-the-campaign form starts on
    ("" where none leads)."""
    won = {p: sum(r.winner == p for r in state.record) for p in state.players}
    best = max(won.values(), default=0)
    leaders = [p for p, n in won.items() if n == best]
    return leaders[0] if best and len(leaders) == 1 else ""


def end_campaign_note(state: DevilsBluffState) -> str:
    """What the End-the-campaign form says: the games won, and what ending it does."""
    return (f"Games won: {_tally(state.record, state.players)}. Once ended, no game, hire "
            "or level follows; ctrl+z takes the end back to play on.")


def campaign_over(ended: str, note: str = "") -> str:
    """What the tabs and the players' screen say once the players have called the
    campaign's end (module line 11): who holds the town, or that nobody does, and the
    players' closing note with it, as the log tells it (a journal written before the state
    kept the note reads the same: the note comes from the event as it is folded)."""
    held = f"{ended} holds the town of Devils Bluff" if ended else "nobody holds the town"
    return f"The campaign is over: {held}" + (f" ({note})." if note else ".")


def one_off_over() -> str:
    """What the Dealer's tabs say once a one-off's game has been played."""
    return f"{ONE_OFF_OVER} Another one-off is a new file (gmscreen new)."


def between_games_lines(state: DevilsBluffState) -> list[str]:
    """Between games: how the last game went, and what comes before the next, as the rules
    say (the aftermath of a campaign game, a gang not ready), or the key that begins it."""
    told = [record_line(state.record[-1])] if state.record else []
    if not state.mode:
        return [*told, "Set up the gangs on the Characters tab first (m)."]
    played = one_off_played(state)
    if played:
        return [*told, one_off_over()]
    if state.ended is not None:
        return [*told, campaign_over(state.ended, state.ended_note)
                + " ctrl+z takes its end back to play on."]
    refusal = why_not_start_game(state)
    number = len(state.record) + 1
    if refusal is None:
        told.append(f"Press g to shuffle the Draw Deck and begin {next_game(state)}.")
    elif state.aftermath is not None:
        told.append(f"After game {state.aftermath.game}, on the Characters tab: levels (l) "
                    "and a hired gun kept for good (k), then close the aftermath (c); "
                    f"then g begins game {number}.")
    else:
        told.append(f"Before game {number} ({refusal.rule}): {refusal.message}. The gangs "
                    "are made on the Characters tab.")
    return told


def _fallen_gangs(state: DevilsBluffState, rounds: int) -> list[str]:
    """A gang with every model taken out: the books end a game by its rounds and scores,
    not when a gang falls, so the Dealer is told that it goes on."""
    return [f"{gang.player} has no model standing: the game runs its {rounds} rounds (x "
            "ends it sooner)"
            for gang in state.gangs
            if gang.fighters and all(fighter.out for fighter in gang.fighters)]


def _scores(state: DevilsBluffState, battle: Battle) -> str:
    return ", ".join(f"{p} {battle.score(p)}" for p in state.players)


def _turn_lines(state: DevilsBluffState, battle: Battle, rounds: int) -> list[str]:
    told: list[str] = []
    act = battle.activation
    if act is not None:
        line = (f"{act.fighter} is activating: {plural(act.actions_left, 'action')} left")
        if act.taken:
            line += f" (taken: {', '.join(act.taken)})"
        # w lets go the shot back first while one waits (`turns.forgo`): said so, lest
        # the Dealer press it for the attacks and let the other player's shot go
        after = "after the shot back" if battle.return_fire is not None else ""
        if act.free_attacks:
            line += (f"; {plural(act.free_attacks, 'free attack')} (Hail of Fire; "
                     + (after or f"w lets {'them' if act.free_attacks > 1 else 'it'} go")
                     + ")")
        if act.free_advance:
            line += f"; a free Advance (Run and Gun; {after or 'w lets it go'})"
        # only where the journal knows of enemies within 1" (fought up close): the app
        # cannot measure, so l works all the same, and the Keys line names it anyway
        near = fought_up_close(state, act.fighter)
        if near and why_not_leave(state) is None:
            line += f" · l: leave the assault range of {in_words(near)}"
        told.append(line)
        if must_discard(state):
            # drawn while the model acts: its actions wait for the discard (module line 39)
            told.append(f"{must_discard(state)} first discards one of the five held before "
                        "the draw (d)")
    elif battle.turn and must_discard(state):
        # nothing goes on until the sixth card's discard (module line 39): a is refused
        told.append(f"{battle.turn}'s turn: {must_discard(state)} first discards one of "
                    "the five held before the draw (d), then a model activates (a)")
    elif battle.turn:
        told.append(f"{battle.turn}'s turn to activate a model (a)")
    else:
        told.append("Every model has activated: press r for the next round"
                    if battle.round < rounds
                    else "The last round is over: press x to end the game (the higher score "
                         "wins)")
    if battle.parting is not None:
        parting = battle.parting
        key = "v" if parting.action == "Advance" else "u"
        waiting = (f"{', '.join(parting.attackers)} may attack first (f); "
                   if parting.attackers else "")
        # Hail of Fire's attacks won on a parting shot are owed first (module line 147):
        # the move waits for them, and v is refused until they are made or let go
        # (one line at 80 columns: the Hail of Fire line under it says whose and how many)
        after = " after Hail of Fire" if battle.hail is not None else ""
        told.append(f"{parting.mover} leaves assault range: {waiting}"
                    f"{key} makes the {parting.action}{after}")
    if battle.return_fire is not None:
        told.append(f"{battle.return_fire[0]} may shoot back at {battle.return_fire[1]} "
                    "(Return Fire: +3, cannot be evaded; w lets it go)")
    if battle.hail is not None:
        count = battle.hail[1]
        told.append(f"{battle.hail[0]} makes {plural(count, 'free attack')} of Hail of Fire "
                    f"at once (f; "
                    + ("after the shot back" if battle.return_fire is not None else
                       f"w lets {'them' if count > 1 else 'it'} go") + ")")
    return told


def hand_lines(state: DevilsBluffState, face_up: str = "", *, laid: bool = False
               ) -> list[str]:
    """Each player's hand: face down (how many cards, and the key to look), or face up for
    the player `face_up` alone; who may draw, and who must discard first. None between
    games, when nobody holds a card. With `laid`, the hand each player laid for the last
    thing resolved ends the player's line ("Ann: no cards · laid K♦ 8♦ J♥ 7♠ 9♠ (no valid
    hand)"): the Conflict tab tells them there, under the status, which at 80x24 cut the
    second of two hands laid after a long attack."""
    if state.battle is None:
        return []
    hands_laid = dict(state.laid) if laid else {}
    if (not state.battle.round and not any(cards for _, cards in state.hands)
            and not hands_laid):
        # before round 1's deal nobody has held a card: a row a player saying "no cards"
        # took the models' rows at 80x24 and told nothing
        return []
    may_draw = drawers(state)
    told = []
    for i, player in enumerate(state.players):
        cards = state.hand(player)
        if player == face_up:
            line = f"{player}: {in_a_row(cards) or 'no cards'}  ({describe_hand(cards)})"
        elif not cards:
            line = f"{player}: no cards"
        else:
            key = f" ({HAND_KEYS[i]} to look)" if i < len(HAND_KEYS) else ""
            line = f"{player}: {'▮ ' * len(cards)} {len(cards)} face down{key}"
        if player in may_draw:
            line += "  d draws"
        if len(cards) > HAND_SIZE:
            line += "  discards one held before (d)"
        if player == face_up and cards:
            # the moment a card typed wrong is seen: the step that sets it right
            line += "  C if a card is wrong"
        if player in hands_laid:
            line += " · " + hand_laid(player, hands_laid[player]).removeprefix(f"{player} ")
        told.append(line)
    return told


def discard_words(hand: Sequence[Card]) -> dict[str, str]:
    """Under the Discard list, for each card held before a sixth was drawn (by its code):
    the card that goes and the hand it leaves, so the card the list's highlight is on is
    said in words, not by the highlight's colour alone ("3♥ goes; A♠ 5♣ 4♥ 10♦ Q♦ stay
    (no valid hand)"); none when no discard is due."""
    return {card.code: f"{card} goes; {in_a_row(kept)} stay ({describe_hand(kept)})"
            for card in hand[:HAND_SIZE] if drawn_card(hand) is not None
            for kept in [[c for c in hand if c is not card]]}


def hand_laid(player: str, cards: Sequence[Card]) -> str:
    """A hand laid face up, and what it makes: "Cole laid 9♠ 9♣ ... (One Pair, ties on 9)"."""
    return f"{player} laid {in_a_row(cards)} ({describe_hand(cards)})"


def laid_line(state: DevilsBluffState) -> str:
    """The hands laid face up for the last thing resolved ("" for none)."""
    return "; ".join(hand_laid(player, cards) for player, cards in state.laid)


def odds_line(state: DevilsBluffState, name: str, short: bool = False) -> str:
    """The chance the next card passes each test of the model `name`, counted from the
    cards that could come next as the table knows them (`draw.unseen`: both players see
    the screen, so the hands count as unknown), "" for no such model and between games.
    The model's special rules and ability head it; how many cards are counted, and where
    they lie, ends it ("SKL 7+ 24 (55%) ... · of 44 unseen: Draw Deck 34 + 10 held"). A
    model taken out takes no test: the line says so.
    `short`, for a narrow screen: the same facts in fewer words, each test's chance as its
    share alone ("SKL 7+ 55% ... · -2 SKL for tokens · 44 unseen: deck 34 + 10 held")."""
    found = state.find(name)
    if found is None or state.battle is None:
        return ""  # between games no card is drawn
    fighter = found[1]
    if fighter.out:
        return f"{fighter.name} is taken out: no card is drawn for it this game"
    p = fighter.profile
    parts = []
    for label, target, modifier in (("SKL", p.skl, -2 * fighter.tokens),
                                    ("DEF", p.defence, 0), ("CMD", p.cmd, 0)):
        good, total = chance_to_pass(state.deck, target, modifier, **state.card_readings())
        # to the nearest, a half up, as the digest's table rounds (8 in 13 is 62%): with
        # 52 cards at most no chance short of certain comes to 100%, nor a possible one 0%
        share = f"{(200 * good + total) // (2 * total)}%" if total else "-"
        parts.append(f"{label} {target}+ {share}" if short
                     else f"{label} {target}+ {good} ({share})")
    # what no column of the models shows: its special rules and ability, which the table
    # weighs before laying a hand or answering Fear
    held = "; ".join(part for part in (", ".join(p.rules), fighter.recruit.ability) if part)
    line = (f"Next card{',' if short else ' for'} {fighter.name}"
            f"{f' ({held})' if held else ''}: " + " · ".join(parts))
    if fighter.tokens and short:
        line += f" · -{2 * fighter.tokens} SKL for tokens"
    elif fighter.tokens:
        line += f"  (SKL with -{2 * fighter.tokens} for tokens)"
    return line + " · " + counted_words(state, short)


def counted_words(state: DevilsBluffState, short: bool = False) -> str:
    """Which cards the odds are counted over, so a count bigger than the Draw Deck's reads
    right: every card not face up (the hands held face down are as unknown to the table
    as the Draw Deck), or with the Draw Deck run out the discards it is made again from.
    `short`: in fewer words, for a narrow screen."""
    deck = state.deck
    if not deck.order:
        return (f"{len(deck.discards)} discards, reshuffled" if short
                else f"of the {len(deck.discards)} discards, to be reshuffled")
    held = sum(len(cards) for _, cards in state.hands)
    if not held:
        return (f"{len(unseen(deck))} unseen, all in deck" if short
                else f"of {len(unseen(deck))} unseen, all in the Draw Deck")
    return (f"{len(unseen(deck))} unseen: deck {deck.remaining} + {held} held" if short
            else f"of {len(unseen(deck))} unseen: Draw Deck {deck.remaining} + {held} held")


#: the columns of `gmscreen replay`'s tables of what the book tracks in words of its own,
#: for a program reading `--json` (the tabs write them short or on the line of the model
#: highlighted): each model's experience, each player's standing, and where the cards lie
EXPERIENCE_COLUMNS = ("Model", "Player", "Levels", "Perks", "Ability")
PLAYERS_COLUMNS = ("Player", "Gang", "Score", "Games won")
CARDS_COLUMNS = ("Pile", "Count", "Face up")


def experience_grid(state: DevilsBluffState) -> Grid:
    """Every model's levels, perks (in the order taken) and ability, named whole (module
    lines 118-124: the roster keeps them): "-" for none."""
    return grid("Experience", EXPERIENCE_COLUMNS,
                [(f.name, g.player, str(f.recruit.levels),
                  ", ".join(f.recruit.perks) or "-", f.recruit.ability or "-")
                 for g in state.gangs for f in g.fighters])


def players_grid(state: DevilsBluffState) -> Grid:
    """Each player: the gang, the score of the game under way ("-" between games) and the
    games won so far."""
    battle = state.battle
    return grid("Players", PLAYERS_COLUMNS,
                [(g.player, g.name, str(battle.score(g.player)) if battle else "-",
                  str(sum(r.winner == g.player for r in state.record)))
                 for g in state.gangs])


def cards_grid(state: DevilsBluffState) -> Grid:
    """Where the 52 cards lie (module lines 29-39): the Draw Deck, face down; the discard
    pile, face up for both players (newest first, as the players' screen lists it); each
    player's hand, counted and never named (both players read the one screen)."""
    deck = state.deck
    return grid("Cards", CARDS_COLUMNS,
                [("Draw Deck", str(deck.remaining), "-"),
                 ("Discard pile", str(len(deck.discards)),
                  in_a_row(reversed(deck.discards)) or "-"),
                 *((f"{player}'s hand", str(len(state.hand(player))), "-")
                   for player in state.players)])


#: the tabs' short headings and units in the book's words, for `_in_full`
WHOLE_HEADINGS = {"Lv": "Levels", "Ab": "Ability", "Tok": "Tokens"}
WHOLE_UNITS = {"Leader": LEADER, "Gun": "Gunslinger", "Hired": "Hired gunslinger"}


def _in_full(table: Grid) -> Grid:
    """A tab's table with its rows again in whole words, for `gmscreen replay` (drawn where
    they fit; `--json` gives them as "in_full"): each gun by its name ("Rapid Fire Rifle"
    for "RF Rifle"), and on the roster each unit ("Gang Leader" for "Leader") and ability
    ("Shrug it Off" for "Sh"), under headings in words ("Levels" for "Lv")."""
    whole = {"Weapon": {w.short: w.name for w in weapons().values()},
             "Ab": {ability_short(name): name for name in abilities()},
             "Unit": WHOLE_UNITS}
    wide = [tuple(whole.get(column, {}).get(cell, cell)
                  for column, cell in zip(table.columns, row, strict=True))
            for row in table.rows]
    return replace(table, wide=tuple(wide), wide_note=table.note,
                   wide_columns=tuple(WHOLE_HEADINGS.get(c, c) for c in table.columns))


#: the Dealer's tabs' key hints, and what `gmscreen replay` says in their place, where no
#: key can be pressed (the tabs' own words, so one list keeps both): in order, the longer
#: phrases first, a lone key in brackets last
KEY_HINTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), said) for pattern, said in (
        (r"No set-up yet: press m to choose a campaign or a one-off\.",
         "No set-up yet: a campaign or a one-off is to be chosen."),
        (r"Press y to draw for who picks", "Next, a card each for who picks"),
        (r"\. Press p to place (.+)$", r". \1 is placed next"),
        (r"\. Press r for round 1$", ". Round 1 is next"),
        (r"Press g to shuffle the Draw Deck and begin ",
         "Next, the Draw Deck is shuffled to begin "),
        (r": press r for the next round", ": the next round is next"),
        (r": press x to end the game", ": the game ends"),
        (r"; then g begins (game \d+)", r"; then \1 begins"),
        (r"p rolls off for the first pick \(P with the table's own cards\)",
         "a roll-off for the first pick"),
        (r"g on the Conflict tab begins (game \d+|the next game|the game)",
         r"\1 may begin"),
        (r"h hires again the (\d+) guns that moved on after (game \d+) \(e enlists "
         r"others\)\.", r"The \1 guns that moved on after \2 may be hired again."),
        (r"; o founds one", ""),
        (r"F ends the campaign once", "The campaign ends once"),
        (r" ctrl\+z takes its end back to play on\.", ""),
        (r" \([a-zA-Z] to look\)", ""),
        (r"  d draws", "  may draw"),
        (r"  C if a card is wrong", ""),
        (r" · l: leave the assault range of", " · may leave the assault range of"),
        (r"\(x ends it sooner\)", "(the players may end it sooner)"),
        (r"\(f; w lets (them|it) go\)", "(or let go)"),
        (r"\(f; ", "("),
        (r"; w lets (?:them|it) go", ", or let go"),
        (r"; [uv] makes the (\w+)", r"; then the \1"),
        (r": [uv] makes the (\w+) after", r": the \1 comes after"),
        (r": [uv] makes the (\w+)$", r": the \1 comes next"),
        (r" \(e enlists\)", ""),
        (r" \([a-zA-Z]\)", ""),
    ))


#: each key the Dealer's tabs name in their words, by the id of its step ("devils_bluff.draw",
#: the shell's "undo"): a pattern whose group `key` is the key as the book's keymap has it.
#: `keys_as_set` puts the key the Dealer set in its place (settings.toml's [keys])
_DB = "devils_bluff."
KEY_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), binding_id) for pattern, binding_id in (
        (r"press (?P<key>m) to choose a campaign", _DB + "set_up"),
        (r"on the Characters tab first \((?P<key>m)\)", _DB + "set_up"),
        (r"\((?P<key>e) enlists", _DB + "enlist"),
        (r"enlisted next \((?P<key>e)\)", _DB + "enlist"),
        (r"(?P<key>F) ends the campaign", _DB + "end_campaign"),
        (r"(?P<key>ctrl\+z) (?:takes|brings) ", "undo"),
        (r"(?P<key>p) rolls off for the first pick", _DB + "roll_off"),
        (r"\((?P<key>P) with the table's own cards\)", _DB + "roll_off_typed"),
        (r"(?P<key>g) on the Conflict tab begins", _DB + "start_game"),
        (r"Press (?P<key>g) to shuffle the Draw Deck", _DB + "start_game"),
        (r"then (?P<key>g) begins game", _DB + "start_game"),
        (r"(?P<key>h) hires again the", _DB + "hire_again"),
        (r"; (?P<key>o) founds one", _DB + "found_gang"),
        (r"levels \((?P<key>l)\)", _DB + "level"),
        (r"kept for good \((?P<key>k)\)", _DB + "keep"),
        (r"close the aftermath \((?P<key>c)\)", _DB + "close_aftermath"),
        (r"(?:scores|Objectives agreed: .*) \((?P<key>o)\)$", _DB + "objectives"),
        (r"\((?P<key>o)(?: on the Conflict tab)? writes them", _DB + "objectives"),
        (r"Press (?P<key>y) to draw for who picks", _DB + "deploy"),
        (r"Press (?P<key>p) to place ", _DB + "place_scout"),
        (r"[Pp]ress (?P<key>r) for (?:round 1|the next round)", _DB + "start_round"),
        (r"press (?P<key>x) to end the game", _DB + "end_game"),
        (r"\((?P<key>x) ends it sooner\)", _DB + "end_game"),
        (r"(?P<key>w) lets (?:them|it) go", _DB + "forgo"),
        (r"at once \((?P<key>f); ", _DB + "attack"),
        (r"may attack first \((?P<key>f)\)", _DB + "attack"),
        (r"(?P<key>v) makes the Advance", _DB + "advance"),
        (r"(?P<key>u) makes the Rush", _DB + "rush"),
        (r" · (?P<key>l): leave the assault range", _DB + "leave"),
        (r"(?:before the draw|held before) \((?P<key>d)\)", _DB + "discard"),
        (r"a model activates \((?P<key>a)\)", _DB + "activate"),
        (r"to activate a model \((?P<key>a)\)", _DB + "activate"),
        (r"\((?P<key>h) to look\)", _DB + "hand_first"),
        (r"\((?P<key>H) to look\)", _DB + "hand_second"),
        (r"  (?P<key>d) draws", _DB + "draw"),
        (r"  (?P<key>C) if a card is wrong", _DB + "correct_card"),
        (r"\((?P<key>h) or H shows it\)", _DB + "hand_first"),
        (r"\(h or (?P<key>H) shows it\)", _DB + "hand_second"),
    ))


def keys_as_set(line: str, key_of: Callable[[str], str | None]) -> str:
    """`line` of the Dealer's tabs with each key it names (`KEY_WORDS`) as the Dealer set
    it: `key_of(binding id)` gives the key set, or None where it is the book's own. Every
    key is found in the line as written, so a key given another's ("e" -> "E") is never
    changed twice."""
    cuts: list[tuple[int, int, str]] = []
    for pattern, binding_id in KEY_WORDS:
        for found in pattern.finditer(line):
            key = key_of(binding_id)
            if key is not None and not any(a < found.end("key") and found.start("key") < b
                                           for a, b, _ in cuts):
                cuts.append((found.start("key"), found.end("key"), key))
    for start, end, key in sorted(cuts, reverse=True):
        line = line[:start] + key + line[end:]
    return line


def keyless(line: str) -> str:
    """A line of the Dealer's tabs without its keys, for `gmscreen replay`, where none can
    be pressed ("Ann: 5 face down (h to look)  d draws" reads "Ann: 5 face down  may
    draw")."""
    for pattern, said in KEY_HINTS:
        line = pattern.sub(said, line)
    return line


def _keyless(section: Section) -> Section:
    if isinstance(section, Lines):
        return replace(section, title=keyless(section.title),
                       lines=tuple(keyless(line) for line in section.lines))
    return section


def dealer_sections(state: DevilsBluffState) -> list[Section]:
    """The gangs and the game as the tabs show them (`gmscreen replay`); hands face down, as
    on the Conflict tab until their player looks. Then, in the book's words for a program
    reading `replay --json`: each model's experience, each player's standing, and (in a
    game) where the cards lie, the hands counted, never shown."""
    sections: list[Section] = [_in_full(roster_grid(state)),
                               Lines("Set-up and games", tuple(campaign_lines(state)))]
    if state.battle is not None:
        told = status_lines(state)
        laid = laid_line(state)
        sections.append(Lines(told[0], (*told[1:], *([laid] if laid else []))))
        hands = hand_lines(state)
        if hands:
            sections.append(Lines("Hands", tuple(hands)))
        sections.append(_in_full(models_grid(state)))
    if state.gangs:
        sections += [experience_grid(state), players_grid(state)]
    if state.battle is not None:
        sections.append(cards_grid(state))
    # the tabs' lines, without the keys the tabs name: none can be pressed in a replay
    return [_keyless(section) for section in sections]


# -- what the table knows --------------------------------------------------------------------


@dataclass(frozen=True)
class TableModel:
    name: str
    player: str
    weapon: str
    levels: int
    hp: int
    max_hp: int
    tokens: int
    now: str
    mov: int
    skl: int
    defence: int
    cmd: int
    #: hired for one game (a campaign keeps one a gang for good after it)
    hired: bool = False
    #: the roster's Unit (Leader, Gun or Hired) and the ability held ("" for none)
    unit: str = ""
    ability: str = ""
    #: the special rules its perks gave it (Fear, Fearless, Scout, Stealth (1))
    rules: tuple[str, ...] = ()
    #: the perks its levels brought, in the order taken: on the players' roster (line 120)
    perks: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableGame:
    """The game being played, as both players see it."""

    number: int
    round: int
    rounds: int
    order: tuple[str, ...]
    turn: str
    #: the model activating and its actions left, "" when none is
    activating: str
    actions_left: int
    scores: tuple[tuple[str, int], ...]
    #: how many cards each player holds, never which
    holding: tuple[tuple[str, int], ...]
    deck_left: int
    #: the discard pile, face up, the newest last
    discards: tuple[Card, ...]
    #: before the first round: the gangs deployed, and scouts still to place
    deployed: bool = False
    scouting: bool = False
    #: before the first round: who deploys first, how, and the scouts to place ("" before
    #: the roll-off)
    deploying: str = ""
    #: what waits to be taken at once or let go: free actions, a shot back, parting shots
    waiting: tuple[str, ...] = ()
    #: the players who may draw a card now (module line 39: once a turn), and the one who
    #: drew a sixth card and discards one of the five held before next ("" for none)
    may_draw: tuple[str, ...] = ()
    discarding: str = ""
    #: the objectives the players agreed for the game and what each scores ("" for none)
    objectives: str = ""


@dataclass(frozen=True)
class TableKnows:
    """What every player at the table may see (see the module's docstring)."""

    set_up: str
    gangs: tuple[tuple[str, str], ...]
    models: tuple[TableModel, ...]
    game: TableGame | None
    #: the last thing resolved, and the hands laid face up for it
    last: str
    laid: tuple[tuple[str, tuple[Card, ...]], ...]
    #: the games played
    record: tuple[GameRecord, ...]
    #: the aftermath of a campaign game under way: levels gained, hired guns kept
    aftermath: tuple[str, ...] = ()
    #: the game whose aftermath is under way (0 for none), and the hired guns kept for
    #: good in it so far, with their players
    after_game: int = 0
    kept: tuple[tuple[str, str], ...] = ()
    #: the models that have gained a level in that aftermath so far
    levelled: tuple[str, ...] = ()
    #: "campaign" or "one-off" ("" until chosen)
    mode: str = ""
    #: hiring from a pool after its roll-off: whose pick it is ("" for nobody's)
    picker: str = ""
    #: each name a model was given in place of one typed wrong, (was, now), oldest first:
    #: told in the log, so the table knows them
    renamed: tuple[tuple[str, str], ...] = ()
    #: the cards that roll-off drew, face up ("Ann 7♥, Bob 7♠, Ann 2♣, Bob K♦")
    picks_drawn: str = ""
    #: between games, with no aftermath open: what the next game still wants of the gangs,
    #: or that it may begin ("" in a game)
    next_game: str = ""
    #: hiring from a pool laid out, between games: its miniatures not picked yet, (name,
    #: gun), from the moment it is laid out (module 171-173: the players make it and pick
    #: from it in front of each other, so it hides nothing)
    pool: tuple[tuple[str, str], ...] = ()
    #: the models on the rosters as the last session ended (the names the table knew)
    seen: tuple[str, ...] = ()


def pool_typed(state: DevilsBluffState) -> str:
    """The pool as the Lay out pool form starts it, to be sent again as it stands: the
    miniatures still in it (one picked, or kept for good after a game, is on a roster and
    left out), each with its gun as the Dealer types it ("Hank (Shotgun), Gus")."""
    return ", ".join(n if gun == "Revolver" else f"{n} ({gun})"
                     for n, gun in pool_left(state))


def set_up_words(mode: str, hiring: str, settings: Mapping[str, Any]) -> str:
    """The set-up as the players' screen says it ("A campaign, hiring by pool. Settings:
    5 rounds; otherwise as Open Fire's first rules read.")."""
    return f"A {mode}, hiring by {hiring}. Settings: {settings_in_words(settings)}."


def table_knows(state: DevilsBluffState) -> TableKnows:
    activating = _activating(state)
    models = tuple(
        TableModel(f.name, g.player, weapons()[f.recruit.weapon].short, f.recruit.levels,
                   f.hp, f.profile.hp, f.tokens, _now(f, activating), f.profile.mov,
                   f.profile.skl, f.profile.defence, f.profile.cmd, f.recruit.hired,
                   roster_row(g.player, f)[1], f.recruit.ability, f.profile.rules,
                   f.recruit.perks)
        for g in (gangs_in_turn(state) if state.battle else state.gangs) for f in g.fighters)
    game = None
    battle = state.battle
    if battle is not None:
        game = TableGame(
            battle.number, battle.round, state.game_rounds(), battle.order, battle.turn,
            activating, battle.activation.actions_left if battle.activation else 0,
            tuple((p, battle.score(p)) for p in state.players),
            tuple((p, len(state.hand(p))) for p in state.players), state.deck.remaining,
            state.deck.discards, bool(battle.deployment), bool(battle.scouts),
            deployment_words(state) if not battle.round else "", waiting_words(battle),
            tuple(drawers(state)), must_discard(state), battle.objectives)
    set_up = (set_up_words(state.mode, state.hiring, state.settings) if state.mode
              else "Not set up yet.")
    after = state.aftermath
    return TableKnows(set_up, tuple((g.player, g.name) for g in state.gangs), models, game,
                      state.last, state.laid,
                      state.record, tuple(aftermath_lines(state)),
                      after.game if after is not None else 0,
                      tuple(zip(after.kept, after.kept_models, strict=False))
                      if after is not None else (),
                      after.levelled if after is not None else (), state.mode,
                      state.picker, state.renamed, state.picks_drawn,
                      next_game_words(state),
                      pool_left(state) if state.hiring == "pool" and state.pool
                      and state.battle is None else (),
                      seen=state.seen)


def next_game_words(state: DevilsBluffState) -> str:
    """Between games, in the table's words (no keys): what the rules still want of the
    gangs before the next game (the Dealer's tab says the same, with its keys), that the
    gangs are ready, or that a one-off's one game is played. "" in a game, in an
    aftermath (which says its own steps) and before the set-up."""
    if state.battle is not None or state.aftermath is not None or not state.gangs:
        return ""
    if one_off_played(state):
        return ONE_OFF_OVER
    if state.ended is not None:
        return campaign_over(state.ended, state.ended_note)
    number = len(state.record) + 1
    refusal = why_not_start_game(state)
    if refusal is None:
        game = next_game(state)  # a one-off's game again says so, between commas
        return f"Both gangs are ready: {game}{',' if ',' in game else ''} may begin."
    return f"Before game {number}: {refusal.message}."


def waiting_words(battle: Battle) -> tuple[str, ...]:
    """What the activation waits on, in the table's words (no keys): the players whose
    choice it is must see it (module lines 147, 155, 159; digest 2.3, 97)."""
    told = []
    if battle.return_fire is not None:
        # the shot back comes first (`turns.forgo`): the activation's own free actions
        # wait for it
        shooter, at = battle.return_fire
        told.append(f"{shooter} may shoot back at {at} at once (Return Fire: +3, cannot be "
                    "evaded), or let it go")
    then = (f"or let go after {battle.return_fire[0]}'s shot back"
            if battle.return_fire is not None else "at once, or let go")
    if battle.hail is not None:
        told.append(f"{battle.hail[0]}: {plural(battle.hail[1], 'free attack')} of Hail of "
                    f"Fire to make {then}")
    act = battle.activation
    if act is not None and act.free_attacks:
        told.append(f"{act.fighter}: {plural(act.free_attacks, 'free attack')} of Hail of "
                    f"Fire to make {then}")
    if act is not None and act.free_advance:
        told.append(f"{act.fighter}: a free Advance of Run and Gun to take {then}")
    if battle.parting is not None and battle.parting.attackers:
        told.append(f"{battle.parting.mover} leaves assault range: "
                    f"{in_words(battle.parting.attackers)} may attack it first")
    return tuple(told)


def table_sections(known: TableKnows) -> list[Section]:
    """What the players' screen shows (see `_table_sections`), each name of several words
    kept whole in its titles and lines ("Sheriff Cole's gang: Bluff" / "Regulators")."""
    kept = names_kept_whole([*(p for p, _ in known.gangs), *(g for _, g in known.gangs),
                             *(m.name for m in known.models)])
    return [replace(s, title=kept(s.title), lines=tuple(map(kept, s.lines)))
            if isinstance(s, Lines) else replace(s, title=kept(s.title))
            for s in _table_sections(known)]


def _table_sections(known: TableKnows) -> list[Section]:
    sections: list[Section] = []
    game = known.game
    if game is not None:
        head = (round_heading(game.number, game.round, game.rounds, game.order, game.turn)
                if game.round else f"Game {game.number} · deploying")
        told = []
        if not game.round and not game.objectives and not game.deploying:
            told.append(AGREE_FIRST)  # once written down, they are told under the scores
        if not game.round:
            told.append(game.deploying or "The deployment roll-off is still to draw: a "
                        "card each, the higher picks a deployment area and deploys first")
            if game.deployed and not game.scouting:
                # what comes next, as between rounds
                told.append("Once every model stands deployed, round 1's initiative is "
                            "drawn")
        if game.activating:
            told.append(f"{game.activating} is activating: "
                        f"{plural(game.actions_left, 'action')} left")
            told += game.waiting
        elif game.turn:
            told.append(f"{game.turn}'s turn to activate a model")
        elif game.round:
            told.append("Every model has activated: "
                        + (f"round {game.round + 1}'s initiative is still to draw"
                           if game.round < game.rounds else "the last round is played, "
                           "so the game ends"))
        if game.discarding:
            told.append(f"{game.discarding} drew a sixth card: one of the five held before "
                        "goes face up on the discard pile first")
        elif game.may_draw:
            told.append(f"{in_words(game.may_draw)} may draw a card this turn")
        told.append("Scores: " + ", ".join(f"{p} {s}" for p, s in game.scores))
        if game.objectives:
            told.append(objectives_line(game.objectives))
        told.append("Cards held: " + ", ".join(f"{p} {n}" for p, n in game.holding)
                    + f" · Draw Deck {game.deck_left}")
        told.append(f"Discard pile ({len(game.discards)}): "
                    + (in_a_row(reversed(game.discards)) or "empty"))
        sections.append(Lines(head, tuple(told)))
    if known.last:
        laid = [hand_laid(player, cards) for player, cards in known.laid]
        # the notes told to the table come next on the players' screen: after the gangs they
        # were some 120 rows down a phone
        sections.append(Lines("Just now", (known.last, *laid), notes_after=True))
    if game is None:
        sections += between_games(known)
    if sections and not any(section.notes_after for section in sections):
        # with nothing "just now" (no step yet, or none since the session began), what the
        # table must act on ends with the game's lines, or between games with what comes
        # next: the notes told to the table follow it, not the gangs, some rows down a phone
        sections[-1] = replace(sections[-1], notes_after=True)
    sections += gang_grids(known)
    if game is None and any(m.perks for m in known.models):
        # between games the table weighs the next levels' perks, none taken twice
        sections.append(Lines("Perks", tuple(f"{m.name}: {', '.join(m.perks)}"
                                             for m in known.models if m.perks)))
    guns = gun_lines(known.models)
    if guns:
        # the players run the game themselves: a gun's reach is what they measure, at
        # every shot, so the guns come before the rules a critical fires (mid-game on a
        # TV in a large font, 200x30, the gangs leave a few rows: the guns fell below)
        sections.append(Lines("Guns", tuple(guns)))
    held = rules_lines(known.models)
    if held:
        sections.append(Lines("Special rules and abilities", tuple(held)))
    games = [record_line(r) for r in known.record]
    games += games_won(known.record, (player for player, _ in known.gangs))
    sections.append(Lines("Set-up and games", (known.set_up, *games)))
    return sections


def between_games(known: TableKnows) -> list[Section]:
    """Between games, first on the players' screen (at 80x24 the rosters fill it): how the
    last game ended and who fell in it (the models stand again), then what comes next: its
    aftermath, whose pick it is from a pool, what the next game still wants of the gangs.
    None while nothing is set up."""
    told = []
    if known.record:
        last = known.record[-1]
        told.append(record_line(last))
        if last.taken_out:
            told.append(taken_out_line(last))
    # under the game's heading, the aftermath's line need not name the game again
    named = f"After game {known.after_game}: "
    told += [line[len(named):][:1].upper() + line[len(named) + 1:]
             if line.startswith(named) else line for line in known.aftermath]
    if known.picker:
        told.append(picking(known.picker, known.picks_drawn))
    if known.pool:
        told.append(pool_line(known.pool))
    if known.next_game:
        told.append(known.next_game)
    if not told:
        return []
    return [Lines(f"After game {known.record[-1].number}" if known.record
                  else "Making the gangs", tuple(told))]


def gang_grids(known: TableKnows) -> list[Section]:
    """A table a gang founded, titled with its player and its name ("Ma Hendry's gang: The
    Hendry Boys"), the gang whose turn it is first: no row repeats whose it is, and the
    names have the room a Player column took. Between games, the roster the players keep
    over a campaign (module line 120: levels and abilities, where hit points and tokens are
    whole); in a game, what the game needs. The glossary line once, under the last table
    with models; a gang with none yet says so under its title, with no column headings
    over nothing (nor does "Gangs" before any gang is founded)."""
    columns = TABLE_ROSTER_COLUMNS if known.game is None else TABLE_MODEL_COLUMNS
    if not known.gangs:
        return [Lines("Gangs", ("No gang is founded yet.",))]
    names = dict(known.gangs)
    # the models come in turn order (`table_knows`); a gang with none yet after them
    players = list(dict.fromkeys([*(m.player for m in known.models), *names]))
    grids: list[Grid] = []
    whole_gun = {w.short: w.name for w in weapons().values()}  # RF Rifle: Rapid Fire Rifle
    for player in players:
        models = [m for m in known.models if m.player == player]
        if known.game is None:
            rows: list[tuple[object, ...]] = [
                (m.name, m.unit, m.weapon, m.levels, m.mov, f"{m.skl}+", f"{m.defence}+",
                 f"{m.cmd}+", m.max_hp, ability_short(m.ability) or "-") for m in models]
            # on a TV, where every row fits whole: each gun and ability by its name, not
            # by the short words the note must then spell out
            wide = [(*row[:2], whole_gun.get(m.weapon, m.weapon), *row[3:-1],
                     m.ability or "-") for m, row in zip(models, rows, strict=True)]
        else:
            rows = [(m.name, m.weapon, f"{m.hp}/{m.max_hp}", m.tokens, m.now, m.mov,
                     f"{m.skl}+", f"{m.defence}+", f"{m.cmd}+") for m in models]
            wide = [(row[0], whole_gun.get(m.weapon, m.weapon), *row[2:])
                    for m, row in zip(models, rows, strict=True)]
        grids.append(grid(f"{player}'s gang: {names[player]}", columns, rows,
                          note="" if rows else f"No model has joined {player}'s gang yet.",
                          shortened=("Model",), wide=wide))
    glossary = (MODEL_NOTE if known.game is not None
                else _roster_note(m.ability for m in known.models))
    filled = [i for i, g in enumerate(grids) if g.rows]
    if filled:
        last = grids[filled[-1]]
        grids[filled[-1]] = replace(last, note=glossary, wide_note=(
            MODEL_NOTE if known.game is not None else ROSTER_NOTE))
    return [g if g.rows else Lines(g.title, (g.note,)) for g in grids]


def rules_lines(models: Iterable[TableModel]) -> list[str]:
    """What no column of the gangs shows, open to the whole table as the rosters are: each
    model's special rules and ability ("Sheriff Cole: Fearless; Return Fire"), the models
    with neither left out, then each special rule held and each ability held, in full,
    once."""
    listed = list(models)
    told = [f"{m.name}: {'; '.join((*m.rules, *([m.ability] if m.ability else [])))}"
            for m in listed if m.rules or m.ability]
    meaning = {p.rule: p.means for p in perks().values() if p.rule}
    rules = [f"{rule}: {meaning[rule]}" for rule in dict.fromkeys(
        rule for m in listed for rule in m.rules) if meaning.get(rule)]
    held = dict.fromkeys(m.ability for m in listed if m.ability)
    return [*told, *rules, *(ability_line(a) for a in held)]


def gun_lines(models: Iterable[TableModel]) -> list[str]:
    """Each gun the gangs carry, once, with its numbers and rules as the weapon list gives
    them (module lines 181-186), in the list's order: the players measure a shot's range
    and count its attacks from them, mid-game, where the gangs show only its name."""
    carried = {m.weapon for m in models}  # as the gangs write it (RF Rifle)
    return [weapon_line(gun) for gun in (weapons()[name] for name in gun_names())
            if (gun.short or gun.name) in carried]


# -- a player's own page ------------------------------------------------------------------------


def private_viewers(state: DevilsBluffState) -> list[str]:
    """The players, each of whom has a page of their own (`gmscreen serve`'s link for each,
    `gmscreen show --player`): their hand, which no one else sees (module lines 37-45)."""
    return list(state.players)


@dataclass(frozen=True)
class PlayerKnows:
    """What one player knows: what the whole table knows, and that player's own hand."""

    table: TableKnows
    name: str
    #: the cards the player holds, None between games (nobody holds a card)
    hand: tuple[Card, ...] | None
    #: whether the player runs a gang in the game: a page opened before their gang's
    #: founding was taken back goes on following the journal (`gmscreen serve`)
    playing: bool = True


def player_knows(state: DevilsBluffState, name: str) -> PlayerKnows:
    playing = name in state.players
    hand = state.hand(name) if state.battle is not None and playing else None
    return PlayerKnows(table_knows(state), name, hand, playing)


def player_sections(known: PlayerKnows) -> list[Section]:
    """A player's own page: their hand first (the best hand in it, as the Conflict tab
    says it; a card drawn onto a full hand set apart, as the one that stays), then what
    the whole table sees."""
    if not known.playing:
        # not "no cards between games", as though the player still ran a gang
        own = (f"{known.name} has no gang in this game: no hand of cards to show; below is "
               "what the whole table sees")
    elif known.hand is None:
        own = f"{known.name}: no cards between games"
    elif not known.hand:
        own = f"{known.name}: no cards"
    elif drawn_card(known.hand) is not None:
        # drawn onto a full hand: the new card stays, one held before goes (module line 39)
        *before, new = known.hand
        own = (f"{known.name}: {in_a_row(before)} + {new} just drawn  "
               f"({describe_hand(known.hand)}): it stays; one of the five before it goes to "
               "the discard pile")
    else:
        own = f"{known.name}: {in_a_row(known.hand)}  ({describe_hand(known.hand)})"
    return [Lines("Your hand (for your eyes only)", (own,)), *table_sections(known.table)]


# -- the recap's words -------------------------------------------------------------------------


def table_tells(event: Event, known: TableKnows | None = None, *,
                away: bool = False) -> str | None:
    """What the table saw of an event: the log's line, which never names a card held (a
    damaged event raises, and tells the table nothing). The bookkeeping of an activation's
    start and end is left out: an activation's paragraph is headed by the model
    (`episode`), so its first sentence is what the model did. Its end is told where it
    let something go, or where the model took no action ("Eli Crane ends its activation
    without an action"): told as nothing, the draws of two turns read as two in one
    ("Ma Hendry draws a card. Ma Hendry draws a card."). A discard down to five is told
    after the draw that owed it: the card goes face up. A gun hired for one game with no
    perks is told in few words ("Ann hires Dutch, with a Shotgun"): a gang hires nine a
    game.

    Before the first session (`away`, session 0) no table has sat down: what the Dealer
    made at home is told as the table meets it (`known`, as that stretch ends), never
    his drafts (`prepared_at_home`)."""
    payload = KINDS.read(event)
    if away and known is not None:
        payload = (prepared_at_home(payload, known) if event.session == 0
                   else prepared_between(payload, known))
        if payload is None:
            return None
        if isinstance(payload, SetUp):
            return told_set_up(payload)
        if isinstance(payload, GangFounded):
            return told_founded(payload)
        if isinstance(payload, PerkChanged):
            return told_perk_changed(payload)
        if isinstance(payload, AbilityChanged):
            return told_ability_changed(payload)
    if isinstance(payload, PoolLaidOut):
        # the players' screen shows the pool as it stands; the recap leaves out each
        # laying out (a change of mind at home is a draft), and names the picks
        return None
    if isinstance(payload, Activated) or (
            isinstance(payload, ActivationEnded) and not (payload.let_go or payload.idle)):
        return None
    if isinstance(payload, Enlisted) and payload.recruit.hired and not payload.recruit.perks:
        # a gang hires nine a game: who hired whom, with what, reads at a glance
        return f"{payload.player} hires {payload.recruit.name}, with a {payload.recruit.weapon}"
    if isinstance(payload, Enlisted):
        return told_enlisted(payload)
    if isinstance(payload, RoundStarted):  # its paragraph is headed by the round
        return (f"Initiative {totalled(payload.draws)}; {payload.order[0]} goes first and "
                "deals five to everyone" + reshuffle_note(payload.moves))
    return RULES.describe(event)


def prepared_at_home(payload: object, known: TableKnows) -> object | None:
    """A step made before the first session, as the table is to be told it (None: not
    told): the set-up only where it is the one the table sat down to; a gang founded
    under the name it bears; a model only where it is still on its gang's roster, under
    the name and with the perks it has there. The renames, the perks changed and the
    models dropped at home are the Dealer's drafts: the table meets their outcome."""
    if isinstance(payload, SetUp):
        chosen = set_up_words(payload.mode, payload.hiring, asdict(payload.settings))
        return payload if chosen == known.set_up else None
    if isinstance(payload, GangFounded):
        name = dict(known.gangs).get(payload.player)
        return replace(payload, name=name) if name is not None else None
    if isinstance(payload, Renamed | GangRenamed | PerkChanged | AbilityChanged | Dismissed):
        return None
    if isinstance(payload, Enlisted):
        name = payload.recruit.name
        for was, now in known.renamed:
            if was == name:
                name = now
        model = next((m for m in known.models
                      if m.player == payload.player and m.name == name), None)
        if model is None:
            return None
        return replace(payload, recruit=replace(payload.recruit, name=name,
                                                perks=model.perks))
    return payload


def _final_name(name: str, known: TableKnows) -> str:
    """The name a model bears at the end, following each rename from `name` on."""
    for was, now in known.renamed:
        if was == name:
            name = now
    return name


def prepared_between(payload: object, known: TableKnows) -> object | None:
    """A step made at home between sessions, as the table is to be told it (None: not
    told): a model the table knew (`known.seen`, and the names it was given since) is told
    renamed, changed or dropped as before; one enlisted at home is told only where it is
    still on its roster, under the name it bears there, and its renames and its leaving are
    the Dealer's drafts."""
    reached = set(known.seen)
    for was, now in known.renamed:
        if was in reached:
            reached.add(now)
    if isinstance(payload, Renamed | Dismissed):
        return payload if payload.fighter in reached else None
    if isinstance(payload, PerkChanged | AbilityChanged) and payload.fighter not in reached:
        return replace(payload, fighter=_final_name(payload.fighter, known))
    if isinstance(payload, Enlisted):
        name = _final_name(payload.recruit.name, known)
        if not any(m.player == payload.player and m.name == name for m in known.models):
            return None
        return replace(payload, recruit=replace(payload.recruit, name=name))
    return payload


def dealer_tells(event: Event) -> str | None:
    """The full copy's sentence (`gmscreen recap --dealer`), where the log line holds back
    a card held because both players read the screen it is on: each hand dealt as a round
    starts, the card a draw takes, both cards of a correction. None for every other event:
    the log line tells all there is."""
    payload = KINDS.read(event)
    if isinstance(payload, RoundStarted):
        dealt = "; ".join(f"{player} is dealt {in_a_row(cards)}"
                          for player, cards in payload.hands.items())
        return f"{RULES.describe(event)}; {dealt}"
    if isinstance(payload, CardDrawn):
        drawn = [card for move in payload.moves for card in move.draw or ()]
        told = RULES.describe(event)
        return (told.replace(" draws a card", f" draws {in_a_row(drawn)}", 1)
                if drawn else told)
    if isinstance(payload, CardCorrected):
        return (f"A card in {payload.player}'s hand is corrected to the one held (typed "
                f"wrong): {payload.card} for {payload.was}")
    return None


def episode(event: Event) -> str | None:
    """The paragraph an event belongs to: the gangs, a game's deployment, a round's
    initiative, a model's activation (the attacks made in it too: the model's own, a shot
    at it as it leaves assault range, a shot back at it; and a test taken in it, of
    whichever model; a card drawn or a score made while it acts), the end of a game, or
    its aftermath. A card drawn or a score made between activations belongs to none: it
    is told where it falls, with no heading to say it twice."""
    payload = KINDS.read(event)
    if isinstance(payload, SetUp | GangFounded | Enlisted | Dismissed | PicksRolled
                  | PoolLaidOut):
        return "The gangs."
    if isinstance(payload, GameStarted | Deployed | ScoutPlaced):
        return "Deployment."
    if isinstance(payload, RoundStarted | InitiativeCorrected):
        return f"Round {payload.round}."
    if isinstance(payload, Attacked):
        if payload.hail is not None and not (payload.parting_shot or payload.free_return):
            # Hail of Fire's free attack owed outside the model's own activation: told in
            # the activation it came in, after the shot that won it
            return SAME_EPISODE
        acting = payload.target if payload.parting_shot or payload.free_return \
            else payload.fighter
        return f"{acting} activates."
    if isinstance(payload, ActivationResumed):  # Done taken back: the same activation
        return f"{payload.fighter} activates."
    if isinstance(payload, CardDrawn | Scored | Mended | CardCorrected | Renamed):
        # drawn, scored or set right in an activation (module line 39; an objective taken
        # as it acts; a slip mended), it is told in that one's paragraph
        return f"{payload.activating} activates." if payload.activating else None
    if isinstance(payload, Tested) and payload.activating is not None:
        # in the activation it was taken in, whoever was tested; between two, on its own
        return f"{payload.activating} activates." if payload.activating else None
    if isinstance(payload, ObjectivesAgreed):
        # agreed before the roll-off, or anew in a round: told where it falls, so the
        # deployment's paragraph (or an activation's) is not broken in two
        return SAME_EPISODE
    if isinstance(payload, CardDiscarded):
        # owed at once by the card drawn onto a full hand (module line 39): told after it,
        # in its paragraph (the card goes face up on the discard pile)
        return SAME_EPISODE
    if isinstance(payload, FreeForgone) and (payload.forgone == "Return Fire"
                                             or payload.outside):
        # the one who would shoot back is not the one activating: it is let go in the
        # activation of the model it would have shot at, whose attack it follows
        return SAME_EPISODE
    if isinstance(payload, Activated | Moved | LeavingAssaultRange | Recovered | Tested
                  | FreeForgone | ActivationEnded):
        return f"{payload.fighter} activates."
    if isinstance(payload, GameEnded | GameAbandoned):
        return "The end of the game."
    if isinstance(payload, CampaignEnded):
        return "The end of the campaign."
    if isinstance(payload, LevelGained | HiredKept):
        return "After the game."
    return None


def table_cast(known: TableKnows) -> list[str]:
    return [f"{player} ({gang})" for player, gang in known.gangs]


def carried_in(before: TableKnows) -> list[str]:
    """What each gang brought into the session from the games before it (a campaign's
    gangs go on): its permanent models, each with its levels; hired guns are for one game
    and none. Nothing before the first game."""
    told: list[str] = []
    if not before.record:
        return told
    for player, gang in before.gangs:
        kept = [f"{m.name} ({levels(m.levels)})" for m in before.models
                if m.player == player and not m.hired]
        if kept:
            told.append(f"{gang} ({player}) came in with {in_words(kept)}")
    return told


def renamed_since(before: TableKnows, after: TableKnows) -> TableKnows:
    """`before`'s models under the names `after` knows them by: each name set right since
    (the renames `after` holds past `before`'s) followed to the newest."""
    renames = after.renamed[len(before.renamed):]
    if not renames:
        return before

    def now(name: str) -> str:
        for was, new in renames:
            name = new if name == was else name
        return name

    return replace(before, models=tuple(replace(m, name=now(m.name)) for m in before.models))


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    """What the gangs came in with, the games won with the models each took out, the models
    taken out in a game still going, the levels gained, the models kept, gone or left. An
    aftermath still open as the session ended is where the campaign stands
    (`table_stands`), told after these. A model renamed in the session is the same model
    (`renamed_since`): it neither left nor joined."""
    before = renamed_since(before, after)
    told = carried_in(before)
    for record in after.record[len(before.record):]:
        told.append(record_line(record))
        # the models stand again after a game: its record alone says who fell in it
        if record.taken_out:
            told.append(taken_out_line(record))
    if before.game is not None and after.game is not None \
            and before.game.number == after.game.number:
        was = {m.name: m for m in before.models}
        told += [f"{with_player(m.name, m.player)} was taken out" for m in after.models
                 if m.now == "out" and m.name in was and was[m.name].now != "out"]
        had_scored = dict(before.game.scores)
        # points taken back from an earlier session's (a minus score) make the score fall
        told += [f"{p} scored {s - had_scored.get(p, 0)}" if s > had_scored.get(p, 0)
                 else f"{p}'s score fell by {had_scored.get(p, 0) - s}"
                 for p, s in after.game.scores if s != had_scored.get(p, 0)]
    # the records of the games closed in the session (an aftermath closed in it)
    closed = [r for n, r in enumerate(after.record)
              if n >= len(before.record) or before.record[n] != r]
    # a model that joined in the session gained the levels its aftermaths name (it joined
    # with the others: a campaign's leader with its first, a hired gun with none)
    had = {m.name: m.levels for m in before.models}
    since = Counter(name for record in closed for name in record.levelled)
    since.update(after.levelled)
    gained = {m.name: m.levels - had[m.name] if m.name in had else since[m.name]
              for m in after.models}
    told += [f"{name} gained {levels(n)}" for name, n in gained.items() if n > 0]
    # after a campaign game: the hired guns kept for good, and those who moved on
    now = {m.name: m for m in after.models}
    hired = [m for m in before.models if m.hired]
    # (a game's record told here names those kept already)
    recorded = {model for r in after.record[len(before.record):] for _, model in r.kept}
    joined = [(m.player, m.name) for m in hired
              if m.name in now and not now[m.name].hired and m.name not in recorded]
    # and in an aftermath still open, those hired during the session
    joined += [(player, model) for player, model in after.kept
               if (player, model) not in before.kept and (player, model) not in joined
               and model not in recorded]
    told += [f"{model} joined {gang_of(player, model)} for good" for player, model in joined]
    # a permanent model dismissed: levels and all, it is gone from the campaign
    told += [f"{m.name} left {gang_of(m.player, m.name)}" for m in before.models
             if not m.hired and m.name not in now]
    # the hired guns who moved on, game by game, as the records closed in the session name
    # them (a table hires the same guns again for the next game, and they move on again)
    for record in closed:
        for player, _ in after.gangs:
            gone = [model for who, model in record.gone if who == player]
            if gone:
                told.append(f"{_hired_guns(player, gone)} moved on after game "
                            f"{record.number}")
    # and those hired before the session whom no record names (journals older than it).
    # With no game closed in the session none moved on: they were dismissed (a gun hired
    # ahead and dropped as the plans changed), and left the gang as a permanent model does
    named = {(who, model) for r in closed for who, model in r.gone}
    for player, _ in after.gangs:
        gone = [m.name for m in hired if m.player == player and m.name not in now
                and (player, m.name) not in named]
        if gone and not closed:
            told += [f"{name} left {gang_of(player, name)}" for name in gone]
        elif gone:
            told.append(f"{_hired_guns(player, gone)} moved on")
    return told


def _hired_guns(player: str, names: list[str]) -> str:
    """"Ann's hired guns Dutch and Kit", "Ann's hired gun Dutch"."""
    return f"{player}'s hired {'guns' if len(names) > 1 else 'gun'} {in_words(names)}"


def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """Where the campaign stands as a session takes it up or leaves it, from what the
    whole table sees: a game under way (in the words of the session's notice,
    `turns.game_at`) with its scores, else a campaign game's aftermath still open (it comes
    first), else a campaign between games; and the games won so far. Never a card held.
    A game under way names the models it has taken out so far.
    None where nothing goes on: before the first game, and after a one-off's game."""
    players = [p for p, _ in known.gangs]
    game = known.game
    if game is not None:
        where = game_at(game.number, game.round, game.rounds, deployed=game.deployed,
                        scouting=game.scouting, activating=game.activating,
                        actions_left=game.actions_left, turn=game.turn,
                        discarding=game.discarding)
        if game.round:
            where += "; scores " + ", ".join(f"{p} {s}" for p, s in game.scores)
        # who is out of it already: the next session's players may not have been there
        out = [with_player(m.name, m.player) for m in sorted(
            known.models, key=lambda m: players.index(m.player)) if m.now == "out"]
        if out:
            where += f"; taken out so far: {in_words(out)}"
    elif known.after_game:
        so_far = _aftermath_so_far(known.levelled, known.kept, players)
        where = f"game {known.after_game}'s aftermath, still open ({so_far})" + (
            ": it comes first next session, and the hired guns not kept move on as it "
            "closes" if leaving else ", to be closed first this session")
    elif known.next_game.startswith("The campaign is over"):
        return None  # nothing goes on: the players called its end
    elif known.record and known.mode == "campaign":
        where = f"the campaign between games, game {len(known.record) + 1} next"
    else:
        return None
    if known.record:
        where += f"; games won so far: {_tally(known.record, players)}"
    return where


def dealer_stands(state: DevilsBluffState, *, leaving: bool = False) -> str | None:
    """The table's words, and in a game under way how many cards each player holds face
    down (the hands to keep apart till next session); never which: the hands stay face
    down on the Dealer's screen too, each shown on its player's own page."""
    where = table_stands(table_knows(state), leaving=leaving)
    if where is None or state.battle is None or not any(h for _, h in state.hands):
        return where
    held = ", ".join(f"{p} {plural(len(state.hand(p)), 'card')}" for p in state.players)
    return f"{where}; held face down: {held}"
