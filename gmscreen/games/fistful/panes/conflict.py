"""The Conflict tab: a test step by step. Choose who tests and with what Attribute, the
Challenge, the Stakes and a floating die; the exact odds of every choice of Stakes, with and
without a floating die, are shown before the roll; then roll with the app's dice or type the
table's, and see the result, the Stress, the Luck and the Misfortune. Opposed tests, High
Stakes Duels, Doubling Down and the Judge's other rolls have their keys here too. Whether a
step may be taken now is asked of the rules.

A reading (round 15): a simple test taken back by an undo sets the tab up as it was rolled,
and `t` offers its dice, as the table saw them, while the tab throws as many for the same
one (a test undone for its Challenge, its Attribute or a floating die left out keeps its
throw, as dice on the table would); `r` throws afresh, and redo puts back the dice the
journal holds. `o` opens an opposed test taken back as it was rolled, both sides' dice and
all; the Fight tab's `o` likewise opens an attack the newest undo took back as it
was rolled, its target, weapon, Stakes, both sides' dice and cover (one forgotten is
ticked, and the same dice deal the harm)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.core.text import plural
from gmscreen.games.fistful import conflict, conflict_rules, fight_rules, view
from gmscreen.games.fistful import events as e
from gmscreen.games.fistful.characters import ATTRIBUTES
from gmscreen.games.fistful.commands import (
    CheckMorale,
    DoubleDown,
    Duel,
    FlipInitiative,
    LoseWealth,
    OpposedTest,
    QuickDraw,
    RollReaction,
    RollTest,
    SetSceneDie,
    Side,
    SpendMisfortune,
    TakeHarm,
)
from gmscreen.games.fistful.conflict import (
    CHALLENGES,
    HEADS,
    TAILS,
    stakes_limit,
    verify_stakes,
)
from gmscreen.games.fistful.events import KINDS, DuelFought
from gmscreen.games.fistful.harm import COVER, NATURAL, RANGE_BANDS, morale_breaks, morale_dice
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.panes.characters import CharactersPane
from gmscreen.games.fistful.panes.common import (
    check_ammunition,
    choose_optional_rules,
    facing,
    roll_out_of_action,
    spend_luck,
)
from gmscreen.games.fistful.panes.keys import keys_of
from gmscreen.games.fistful.panes.rolls import (
    FLOATING_ABOUT,
    coins,
    faces,
    flipped,
    floating_options,
    rolled,
    side_dice,
    weapon_options,
)
from gmscreen.games.fistful.rules import able, attribute, dice_thrown, pool_of
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import weapons
from gmscreen.journal.events import REDO, SESSION_END, SESSION_START, UNDO, Event
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import RowTable
from gmscreen.ui.steps import Refusal, StepPane

FLOATING_WORDS = {None: "none", "luck": "Luck (player)", "background": "background (player)",
                  "judge": "Misfortune (Judge)"}
CHALLENGE_STEPS = tuple(CHALLENGES.values())
RESULT_WORDS = {Result.SUCCESS: "success", Result.FAILURE: "failure", Result.BUST: "Bust"}
#: the rolls the tab lists, newest first
LAST_KINDS = frozenset(KINDS.kind_of_class(kind) for kind in (
    e.TestRolled, e.DoubledDown, e.OpposedTestRolled, e.DuelFought, e.ReactionRolled,
    e.MoraleTested, e.QuickDrawn, e.AmmunitionChecked, e.InitiativeFlipped))
ATTRIBUTE_OPTIONS = [(a.title(), a) for a in ATTRIBUTES]

#: what the Judge's choice of a Misfortune from doubles means, under its box
#: the opposed test's and the attack's fields for the rules' names of each side's own roll
#: ("opposition_dice"), and those the rules name for the test as a whole
SIDE_ALIASES = {
    **{f"{side}_{field}": f"{side[0]}_{field}" for side in ("active", "opposition")
       for field in conflict_rules.SIDE_FIELDS},
    "floating": "a_floating"}

BANK_ABOUT = ("Ticked: the Judge banks the Misfortune a failed side's doubles give him; "
              "unticked: he lets it go (the book says he may)")

#: a duel's Stakes and coins, said beside them (line 70); the chances are under the fields
DUEL_STAKES = ("Coins flipped: 1 to 6, one fewer for each Stress, no floating die. Each is 6 "
               "or 1: more coins, a higher total and a likelier Bust")
DUEL_COINS = ("H or T for each coin, in the order flipped (heads 6, tails 1); blank, the app "
              "flips them, turned one at a time")

#: the pause between two coins of a High Stakes Duel
COIN_SECONDS = 0.7


def counted(count: int, one: str, more: str) -> str:
    """ "1 die", "3 dice": a count and the word for it."""
    return plural(count, one, more)


def removal_words(face: int, kept: conflict.Outcome, said: str | None = None) -> str:
    """A face a floating die's chooser may take away, and what the roll then comes to (a
    simple test's result, or what `said` says of it)."""
    words = f"a {face}: {' '.join(map(str, kept.kept))} = {kept.total}, "
    if said is not None:
        return words + said
    words += RESULT_WORDS[kept.result]
    if kept.earns_luck:
        words += ", doubles: a Luck"
    elif kept.earns_misfortune:
        words += ", doubles: the Judge's Misfortune"
    return words


def ask_removal(pane: StepPane[FistfulState], name: str, floating: str, pool: tuple[int, ...],
                value: int, challenge: int, test: str,
                then: Callable[[int], object | None],
                words: Callable[[int, conflict.Outcome], str] = removal_words,
                back: Callable[[], None] | None = None, against: int | None = None) -> None:
    """Show a floating die's chooser (`name`'s player, or the Judge for his die) the dice
    rolled and ask which to take away, each choice with what the roll comes to against
    `challenge` (and, for an opposed test's active side, the opposition's Attribute
    `against`); it starts on the chooser's best (`conflict.chosen_removal`). `then` makes
    the command of the face chosen; `back`, on a cancel, gives back the form it came from."""
    judge = conflict_rules.chooser_of(floating) == "judge"
    best = conflict_rules.taken_away(pool, value, challenge, floating, None, against)
    choices = [(words(face, kept), str(face)) for face, kept in
               conflict.removals(pool, value, challenge).items()]
    chooser = "the Judge" if judge else name
    ask(pane, Form(f"A die floats ({FLOATING_WORDS[floating]}): "
                   f"{' '.join(map(str, pool))} rolled", [
        form.pick("removed", "Take away", choices, str(best),
                  about=f"{chooser[0].upper()}{chooser[1:]} takes one die away (Enter); "
                  "it starts on the one that " + ("hurts most" if judge else "serves best"))],
        note=f"{test}: {chooser} chooses the die taken away.", on_cancel=back),
        lambda v: then(int(v.text("removed"))))


def ask_opposed(pane: StepPane[FistfulState], opposed: Form,
                made: Callable[[Values], OpposedTest]) -> None:
    """Ask an opposed test or an attack with the form `opposed`, whose values `made` turns
    into the test: sent at once when no die floats and the weapon is no area weapon; else
    the rules are asked first (a refusal keeps the form open), then who else an area
    weapon's blast catches (`ask_caught`), then each floating side's chooser takes a die
    away (`ask_sides`), the opposition first, and nothing is sent till all have answered.
    A step cancelled gives the form back as it was sent, holding the dice thrown for it:
    the table has seen them, and they stand (sent again, the same dice; cleared, a new
    throw). The table's own dice typed are chosen from as the app's are: the book gives
    the choice to the player (or the Judge), whoever threw the dice."""

    def settled(v: Values) -> OpposedTest | None:
        command = made(v)
        thrown = {"a_dice": " ".join(map(str, command.active.rolled)),
                  "o_dice": " ".join(map(str, command.opposition.rolled))}

        def back() -> None:
            ask_opposed(pane, opposed.again({**v, **thrown}), made)

        arm = weapons().get(command.weapon or "")
        if arm is not None and arm.area and fight_rules.in_the_blast(
                pane.state, command.active.name, command.opposition.name):
            pane.check(command)
            pane.call_after_refresh(still_so, pane, command,
                                    lambda: ask_caught(pane, command, back))
            return None
        return floated(pane, command, back)

    ask(pane, opposed, settled)


def still_so(pane: StepPane[FistfulState], command: OpposedTest,
             ask_next: Callable[[], None]) -> None:
    """`ask_next` (the test's next question, asked after a refresh), once `command` is
    checked again: a key typed straight behind the Enter (an undo) may have moved the
    journal on meanwhile, taking back someone the test names. Refused now, nothing is asked
    and the Judge is told why (round 35: the question was built on a side that no longer
    stood, and the app stopped)."""
    try:
        pane.check(command)
    except RuleError as refused:
        pane.notify(f"{refused.message}. The journal moved on before the test's next "
                    "question: nothing was rolled.", title=refused.rule, severity="warning",
                    markup=False)
        return
    ask_next()


def floated(pane: StepPane[FistfulState], command: OpposedTest, back: Callable[[], None]
            ) -> OpposedTest | None:
    """`command`, to send when no die floats; else None, its floating sides asked first."""
    sides = tuple(which for which in ("active", "opposition")
                  if getattr(command, which).floating is not None)
    if not sides:
        return command
    pane.check(command)
    order = sorted(sides, reverse=True)
    pane.call_after_refresh(still_so, pane, command,
                            lambda: ask_sides(pane, command, order, back))
    return None


def ask_caught(pane: StepPane[FistfulState], command: OpposedTest, back: Callable[[], None]
               ) -> None:
    """Line 241: ask who else an area weapon's blast catches besides the target (none
    ticked: the target alone), then go on to the floating dice, or send."""
    arm = weapons()[command.weapon or ""]
    target = command.opposition.name
    ask(pane, Form(f"{command.active.name}'s {arm.name.lower()} at {target}: the blast", [
        form.many("caught", "Caught too",
                  fight_rules.in_the_blast(pane.state, command.active.name, target),
                  about="Who stands near enough to be caught, the Judge's call: space "
                  "ticks; Enter throws (none ticked: the target alone)")],
        note=fight_rules.blast_told(command),
        on_cancel=back),
        lambda v: floated(pane, replace(command, caught=v.chosen("caught")), back))


def ask_sides(pane: StepPane[FistfulState], command: OpposedTest, sides: list[str],
              back: Callable[[], None]) -> None:
    """Ask the chooser of the first of `sides` ("opposition" before "active": the book's
    reading, the opposition's die is taken away before the active total is known) which die
    goes, then the next; the last choice sends the test; a cancel calls `back`."""
    which, rest = sides[0], sides[1:]
    side: Side = getattr(command, which)
    state = pane.state
    found = state.character(side.name)
    assert found is not None and side.floating is not None
    named = attribute(side.attribute)
    value = found.attribute(named)
    other = command.opposition
    opposed = state.character(other.name)
    assert opposed is not None
    other_value = opposed.attribute(attribute(other.attribute))
    if which == "opposition":
        challenge = 0
        test = (f"{side.name} ({named.title()} {value}) opposes "
                f"{command.active.name}, before the active total is known")
    else:
        challenge = conflict_rules.opposition_total(state, other)
        test = (f"{side.name} ({named.title()} {value}) against {other.name}'s "
                f"total {challenge}")

    def words(face: int, kept: conflict.Outcome) -> str:
        # the opposition knows only whether it Busts; the active side whether it wins
        if which == "opposition":
            return removal_words(face, kept, ("Bust" if kept.result is Result.BUST else
                                              f"within {named.title()} {value}")
                                 + (", doubles" if kept.doubles else ""))
        won = conflict.opposed_winner(kept.total, value, challenge, other_value)
        said = {"active": "wins", "opposition": "loses", None: "nobody wins"}[won]
        gives = conflict.opposed_doubles(kept.kept, won == "active")
        if gives is not None:
            said += ", doubles: " + ("a Luck" if gives == "luck" else "the Judge's Misfortune")
        return removal_words(face, kept, said)

    def then(face: int) -> OpposedTest | None:
        chosen = replace(side, removed=face)
        made = (replace(command, opposition=chosen) if which == "opposition"
                else replace(command, active=chosen))
        if not rest:
            return made
        pane.check(made)
        pane.call_after_refresh(still_so, pane, made, lambda: ask_sides(pane, made, rest, back))
        return None

    ask_removal(pane, side.name, side.floating, pool_of(state, side.rolled),
                value, challenge, test, then, words, back,
                None if which == "opposition" else other_value)


def duel_text(duel: DuelFought, shown: int, error: str = "red", *,
              fallen: bool = False) -> Text:
    """A duel with its first `shown` coins face up, taken in turn (challenger first), with
    the running totals; the winner once every coin is up. A Bust is said by the word, in
    `error` (the tab passes its theme's text-error colour). `fallen`, the loser is down
    already: what the moment costs them is no longer asked."""
    sides = [(duel.challenger, duel.challenger_coins, duel.challenger_limit),
             (duel.opponent, duel.opponent_coins, duel.opponent_limit)]
    order = [(s, i) for i in range(max(len(c) for _, c, _ in sides))
             for s in (0, 1) if i < len(sides[s][1])]
    up = set(order[:shown])
    text = Text.styled("High Stakes Duel\n", "bold")  # the title alone
    for side, (name, flips, limit) in enumerate(sides):
        turned = [flips[i] if (side, i) in up else "?" for i in range(len(flips))]
        total = sum(HEADS if f == "H" else TAILS for f in turned if f != "?")
        text.append(f"{name} ({duel.attribute.title()} {limit}): {' '.join(turned)} = {total}")
        if total > limit:
            text.append("  BUST! One Stress taken.", style=f"bold {error}")
        text.append("\n")
    if shown >= len(order):
        text.append(duel.outcome(), style="bold")
        if duel.loser() and not fallen:
            text.append(f"\nWhat {duel.loser()} loses is the moment's: a gun duel puts them "
                        "out of action, a wager takes their wealth.")
    return text


def ask_morale(pane: StepPane[FistfulState], likely: Sequence[str] = (), *,
               only_likely: bool = False) -> None:
    """The morale form (on the Conflict and Fight tabs), opened on the side whose morale
    the rules find in question now; with none, on the first of `likely` who may be tested
    (the Fight tab's: the NPC highlighted, then those in the fight), else the first NPC;
    `only_likely` (a fight on), on nobody but one of `likely`: with none, no NPC is chosen
    and the form opens on whom, so Enter never tests a side far from the fight."""
    asked = fight_rules.morale_in_question(pane.state)
    why = {who.name: reason for who, reason in asked}
    npcs = [(c.name + (f" ({c.side})" if c.side else "")
             + (f": {why[c.name]}" if c.name in why else ""), c.name)
            for c in fight_rules.morale_npcs(pane.state)]
    testable = [name for _, name in npcs]
    first = asked[0][0].name if asked else next(
        (name for name in (*likely, *(() if only_likely else testable))
         if name in testable), "")

    def made(v: Values) -> CheckMorale:
        who = pane.state.character(v.text("name"))
        if who is None:
            raise RuleError("Morale", "choose the NPC whose side is tested", field="name")
        leader = pane.state.morale_leader(who)
        thrown = faces(pane, v, "dice", morale_dice(who.guts, who.guts_max), "morale")
        # the coin only matters to a side that breaks
        coin = ""
        if leader is not None and morale_breaks(thrown, leader.grit):
            chosen = v.text("coin")
            if chosen == "flip":
                coin = flipped(pane, 1, "morale")
            elif chosen in ("H", "T"):
                coin = chosen
        return CheckMorale(who.name, thrown, coin)

    ask(pane, Form("Morale: 4d6 (5d6 below half Guts) against the side's best Grit", [
        # with nobody named (none of the fight's may be tested), "(none)" is shown and
        # Enter there opens the list: the Judge chooses (round 34)
        form.choose("name", "NPC", npcs, first,
                    about=view.MORALE_NOTE, required=bool(first)),
        form.dice("dice", "Dice", about=view.MORALE_NOTE + "; Enter rolls the app's dice, "
                  "or the table's typed"),
        form.one_of("coin", "If they break", [
            ("the story says", "story"), ("the app flips", "flip"), ("H: flee", "H"),
            ("T: surrender", "T")], "story",
            about="Whether they flee or surrender: the story's, or a coin (H flee, "
            "T surrender)")], focus="dice" if first else "name",
        # who leads the side and how likely it breaks, for the NPC chosen
        on_change=lambda morale: morale.show_preview(
            view.morale_words(pane.state, morale.values().text("name")))), made)


class ConflictPane(StepPane[FistfulState]):
    """A test being set up, its odds, and what the last roll came to."""

    DEFAULT_CSS = """
    ConflictPane #ff-setup { height: auto; padding: 0 1; }
    ConflictPane #ff-odds { height: auto; max-height: 9; }
    ConflictPane #ff-result-scroll { height: 1fr; border-top: solid $primary; }
    ConflictPane #ff-result { height: auto; padding: 0 1; }
    """
    #: named in the palette with the book's words a Judge would type there, where the
    #: footer's one word finds nothing by them ("guts", "bounty", "who goes first")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "initiative": "Round: who goes first, by a coin",
        "loser_wealth": "Wealth: the wager's loser's Dollars"}

    #: the footer has 80 columns: it offers the roll and the choices of the moment (Double
    #: only after a plain failure, Float only when a die can float); who tests, the
    #: Attribute and the Challenge are named by their keys on the setup line, and the
    #: Judge's other rolls on its "Keys:" line
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll", id="fistful.roll", tooltip="The app rolls the dice"),
        Binding("t", "type_roll", "Type", id="fistful.type_roll",
                tooltip="Type the dice the table rolled (and the one taken away)"),
        Binding("d", "double_down", "Double", id="fistful.double_down",
                tooltip="Double down after a plain failure: one more die per Stress"),
        Binding("D", "double_down_typed", "Double down (typed)",
                id="fistful.double_down_typed", show=False,
                tooltip="Double down with the dice (or coins) the table threw"),
        Binding("l", "loser_harm", "Harm loser", id="fistful.loser_harm",
                tooltip="The duel's loser takes harm (all their Guts: out of action)"),
        Binding("w", "loser_wealth", "Wealth", id="fistful.loser_wealth",
                tooltip="The wager's loser loses all their Dollars, to the winner or gone"),
        Binding("plus,equals_sign", "stakes(1)", "Stakes", id="fistful.stakes_up",
                key_display="+/-", tooltip="One die more (minus: one fewer)"),
        Binding("minus", "stakes(-1)", "Fewer Stakes", id="fistful.stakes_down", show=False,
                tooltip="One die fewer"),
        Binding("f", "next_floating", "Float", id="fistful.next_floating",
                tooltip="Floating die: none, a Luck, the background's die, or the Judge's "
                        "Misfortune"),
        Binding("o", "opposed", "Opposed", id="fistful.opposed",
                tooltip="An opposed test or an attack with a weapon"),
        Binding("u", "duel", "Duel", id="fistful.duel", tooltip="A High Stakes Duel by coins"),
        # not n, the shell's note, which every other tab leaves to it
        Binding("p", "next_character", "Who", id="fistful.next_character",
                tooltip="The next character to test", show=False),
        Binding("P", "previous_character", "Who (back)", id="fistful.previous_character",
                show=False, tooltip="The character before to test"),
        Binding("a", "next_attribute", "Attribute", id="fistful.next_attribute", show=False,
                tooltip="The next Attribute tested: Grit, Gumption, Grace"),
        Binding("h", "next_challenge", "Challenge", id="fistful.next_challenge", show=False,
                tooltip="8 simple, 11 standard, 14 hard, 18 daunting"),
        Binding("H", "type_challenge", "Any Challenge", id="fistful.type_challenge",
                show=False, tooltip="A Challenge typed, other than the book's four"),
        Binding("L", "spend_luck", "Spend the Luck just rolled…",
                id="fistful.spend_luck_rolled", show=False,
                tooltip="A Luck buys an effect as it is rolled (banked, it floats a die)"),
        Binding("m", "misfortune", "Misfortune", id="fistful.misfortune",
                tooltip="The Judge spends a Misfortune", show=False),
        Binding("k", "keep_misfortune", "Bank or let go Misfortune",
                id="fistful.keep_misfortune", show=False,
                tooltip="Whether the Judge banks the Misfortune a failure's doubles give him, "
                        "or lets it go (banked unless he says)"),
        # "Round", as on the Fight tab (the book: who goes first, by a coin)
        Binding("i", "initiative", "Round", id="fistful.initiative",
                tooltip="Flip for who acts first this round (heads: the posse)", show=False),
        Binding("c", "typed_coin", "Round (typed coin)", id="fistful.initiative_typed",
                tooltip="Who acts first this round, by the coin the table flipped",
                show=False),
        Binding("x", "reaction", "Reaction", id="fistful.reaction",
                tooltip="2d6 on the reaction table: the outlook of the NPC set up on the tab "
                        "to test, else of a stranger; one whose outlook you set ahead is "
                        "asked about first", show=False),
        Binding("R", "typed_reaction", "Roll on the reaction table…", id="fistful.reaction_typed",
                tooltip="The table's 2d6 on the reaction table, its d6 added after an 8, and "
                        "the Judge's modifier", show=False),
        Binding("X", "guarded", "Posse stays: add a d6…", id="fistful.guarded", show=False,
                tooltip="After a reaction of 8 (on guard) the posse ignores: a d6 more, the "
                        "table's own typed or left blank for the app's"),
        Binding("g", "morale", "Roll morale…", id="fistful.morale", show=False,
                tooltip="4d6 (5d6 below half Guts) against the side's best Grit"),
        Binding("q", "quick_draw", "Roll a quick draw…", id="fistful.quick_draw", show=False,
                tooltip="2d6 above the item's slot"),
        Binding("b", "ammo", "Roll the ammunition die…", id="fistful.ammo", show=False,
                tooltip="After a firefight: 1-2 on a d6 uses a box"),
        Binding("S", "scene_die", "Roll the scene die…", id="fistful.scene_die", show=False,
                tooltip="Scene stakes: the scene's die (the app's or the table's)"),
        Binding("F", "out_of_action", "Out of action table", id="fistful.conflict_out_of_action",
                show=False, tooltip="The d6 of the Out of action table for one of the posse "
                "who fell here (a duel's loser)"),
        Binding("O", "optional_rules", "Optional rules", id="fistful.optional_rules",
                show=False, tooltip="Scene stakes, Glory, 5 under, Stress for Luck, Double "
                "or Nothing coins: on or off; the sword's and the Gatling's harm; "
                "Incidentals free"),
    ]
    #: the keys the footer leaves out, as the "Keys:" line names them (when they apply)
    MORE_KEYS = (("opposed", "o opposed"), ("duel", "u duel"),
                 ("double_down_typed", "D double down with the table's own"),
                 ("spend_luck", "L spend the Luck just rolled"),
                 ("misfortune", "m Misfortune"), ("initiative", "i round"),
                 ("typed_coin", "c type the coin"), ("reaction", "x reaction"),
                 ("typed_reaction", "R type a reaction"),
                 ("guarded", "X the posse stays: a d6 more on the reaction"),
                 ("morale", "g morale"),
                 ("quick_draw", "q quick draw"), ("ammo", "b ammo"),
                 ("scene_die", "S scene die"), ("optional_rules", "O optional rules"),
                 ("out_of_action", "F the Out of action table"))
    #: the steps that need someone to test
    TESTING = frozenset({"roll", "type_roll", "stakes", "next_floating", "next_character",
                         "previous_character", "next_attribute", "next_challenge",
                         "type_challenge", "quick_draw", "keep_misfortune"})
    #: setting up the test changes nothing in the campaign
    LOOKING = frozenset({"stakes", "next_floating", "next_character", "previous_character",
                         "next_attribute", "next_challenge", "type_challenge",
                         "keep_misfortune"})

    def why_not(self, action: str) -> Refusal:
        state = self.state
        action = action.partition("(")[0]
        who = self.current()
        if action in self.TESTING and who is None:
            return conflict_rules.why_not_test(state)
        asked = {
            "double_down": conflict_rules.why_not_double_down,
            "double_down_typed": conflict_rules.why_not_double_down,
            "opposed": conflict_rules.why_not_opposed, "duel": conflict_rules.why_not_opposed,
            "guarded": conflict_rules.why_not_posse_stays,
            "misfortune": conflict_rules.why_not_spend_misfortune,
            "spend_luck": conflict_rules.why_not_spend_any_luck,
            "scene_die": conflict_rules.why_not_scene_die,
            "morale": fight_rules.why_not_morale,
            "initiative": fight_rules.why_not_new_round,
            "typed_coin": fight_rules.why_not_new_round,
            "loser_harm": conflict_rules.why_not_harm_loser,
            "loser_wealth": conflict_rules.why_not_take_wealth,
            "out_of_action": fight_rules.why_not_roll_table,
        }.get(action)
        if asked is not None:
            refused = asked(state)
            if refused is None and action.startswith("loser") and self._flipping is not None:
                return "the duel's coins are still being turned"
            return refused
        if who is not None and action == "next_floating":
            return conflict_rules.why_not_float(state, who.name)
        if who is not None and action == "quick_draw":
            return fight_rules.why_not_quick_draw(state, who.name)
        return None

    def quiet(self, action: str) -> bool:
        # the moment after a duel is its loser's: a new test waits
        return action in ("opposed", "duel") and not self.why_not("loser_harm")

    def __init__(self) -> None:
        super().__init__()
        #: the one chosen to test, by name, so one falling or added before him in the list
        #: moves nobody ("": none chosen yet, the first able)
        self.tester = ""
        self.attribute = "grit"
        self.challenge = CHALLENGES["standard"]
        self.stakes = 3
        self.floating: str | None = None
        #: the Judge banks the Misfortune of a failure's doubles (False: he lets it go)
        self.bank_misfortune = True
        #: what the odds table shows now: (Attribute, Challenge, Stakes limit, scene die,
        #: whether the one testing floats dice: an NPC does not)
        self._odds_for: tuple[int, int, int, int | None, bool] | None = None
        #: the journal's newest event seen by `_newest_news` (its number; 0: none yet)
        self._news_seen = 0
        #: the simple test the newest undo took back (None: none, or a step since): its
        #: dice, seen by the table, are offered to `t` while the set-up throws as many
        self._taken_back: e.TestRolled | e.OpposedTestRolled | None = None
        #: the app's dice thrown for a test with a floating die, shown to its chooser and not
        #: yet used (the form escaped): (who, the dice). The table has seen them, so `r` for
        #: the same one on as many dice throws no others, whatever steps come between,
        #: till the test is rolled, a step is undone or redone, or a session starts or ends
        self._thrown_seen: tuple[str, tuple[int, ...]] | None = None
        #: the newest duel shown whole at once (None until the first redraw)
        self._duel_seen: int | None = None
        #: coins of a new duel turned so far (None: none being turned)
        self._flipping: int | None = None
        #: the duel whose coins are being turned (its number; None: none)
        self._flipping_seq: int | None = None

    def compose(self) -> ComposeResult:
        yield KeysLine(id="ff-setup", markup=False)
        yield RowTable(id="ff-odds", cursor_type="row", zebra_stripes=True)
        # the last roll and those before it: at 80x24 they ran past the screen's foot, cut
        # mid-line, with no key to read on (round 64); Tab reaches them while they do
        with ReadingScroll(id="ff-result-scroll"):
            yield Static(id="ff-result", markup=False)

    def on_mount(self) -> None:
        # every cell a number: each column's numbers and heading end in one place, so
        # "Luck S" stands over its own chances, not over the Bust's beside it
        odds = self.query_one("#ff-odds", DataTable)
        odds.add_columns(*(Text(heading, justify="right") for heading in view.ODDS_COLUMNS))
        # the Stakes follow the cursor as it moves, not the table's message saying so: a
        # step's key typed straight after the arrow (down then o, in one burst) ran before
        # that message, at the Stakes before the down (Dust Devils' hands are picked so)
        self.watch(odds, "cursor_coordinate", self._stakes_highlighted, init=False)
        # the result's words are in the theme's colours: drawn again in the new one's
        self.app.theme_changed_signal.subscribe(self, lambda _: self.redraw())

    def current(self) -> Character | None:
        """The one testing: of those able to act, the one `p` and `P` have come to (the
        first, till one is chosen or when the one chosen can no longer act)."""
        people = able(self.state)
        return next((c for c in people if c.name == self.tester), people[0]) if people else None

    def _step_tester(self, by: int) -> None:
        """The one `by` places on from the one testing, round the list of those able."""
        people, who = able(self.state), self.current()
        if who is not None:
            self.tester = people[(people.index(who) + by) % len(people)].name
        self.redraw()

    def limit(self) -> int:
        who = self.current()
        return stakes_limit(who.stress) if who else 0

    def floating_choices(self) -> tuple[str | None, ...]:
        """None, then each floating die the one testing can have now."""
        who = self.current()
        return (None, *conflict_rules.floating_choices(self.state, who.name)) if who else (None,)

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        if self.campaign is None:
            return
        who = self.current()
        if who is not None:
            self.stakes = min(max(self.stakes, 1), max(self.limit(), 1))
        if self._duel_seen is None:
            # the duels already in the journal are shown whole; only a new one is turned
            self._duel_seen = max((made.seq for made in self.campaign.events
                                   if made.kind == KINDS.kind_of_class(DuelFought)),
                                  default=0)
        floated = self._newest_news()  # asked each redraw: it marks the newest event seen
        if floated or self.floating not in self.floating_choices():
            # spent, another character tests now, or the test it was named for is rolled:
            # a floating die is named with one test's Stakes, not every test after
            self.floating = None
        self.redraw_odds()
        self.query_one("#ff-setup", Static).update(self.setup_text())
        self.query_one("#ff-result", Static).update(self.last_result())

    def _newest_news(self) -> bool:
        """Follow the journal's newest event, not seen till now: a test that floated a die
        (rolled, or redone) drops the tab's floating die, and this says so (True); a test
        taken back by an undo brings back the set-up it was rolled with, floating die and
        all, to be rolled again as it was or put right."""
        events = self.campaign.events if self.campaign is not None else ()
        if not events or events[-1].seq <= self._news_seen:
            return False
        newest = events[-1]
        self._news_seen = newest.seq
        self._taken_back = None
        if newest.kind in (UNDO, REDO, SESSION_START, SESSION_END) or (
                newest.kind == KINDS.kind_of_class(e.TestRolled)):
            # the throw seen is used by its test, or the journal has gone back or on
            self._thrown_seen = None
        if newest.kind == UNDO and self.campaign is not None:
            kinds = {KINDS.kind_of_class(e.TestRolled),
                     KINDS.kind_of_class(e.OpposedTestRolled)}
            tests = [told for told in (KINDS.read(made) for made in
                                       self.campaign.newly_undone() if made.kind in kinds)
                     if not getattr(told, "turn", False)]
            if tests:
                self._set_up_as(tests[0])
                self._taken_back = tests[0]
            return False
        step = self.campaign.newest_step() if self.campaign is not None else None
        return (step is not None and step.kind == KINDS.kind_of_class(e.TestRolled)
                and (newest.kind == REDO or newest.step == step.seq)
                and bool(step.data.get("floating")))

    def _set_up_as(self, test: e.TestRolled | e.OpposedTestRolled) -> None:
        """The tab set up as `test` was: the one testing, the Attribute, the Challenge, the
        Stakes and the floating die; for an opposed test (the tab's `o`, not a turn's
        attack), its active side's, the Challenge as it is (the opposition's total was)."""
        rolled = test.active if isinstance(test, e.OpposedTestRolled) else test
        if rolled.name in (c.name for c in able(self.state)):
            self.tester = rolled.name
        if isinstance(test, e.TestRolled):
            self.challenge = test.challenge
        self.attribute, self.stakes = rolled.attribute, rolled.stakes
        self.floating = rolled.floating

    def setup_text(self) -> Text:
        who = self.current()
        setup = Text()
        if who is None:
            refused = conflict_rules.why_not_test(self.state)
            setup.append(refused.message.capitalize() + "." if refused else "")
            return setup
        name = next((k for k, v in CHALLENGES.items() if v == self.challenge), "any")
        # each choice with its key as the Judge set it, so the footer can keep to the roll
        # and the Stakes
        key = keys_of(self)
        stakes = ("+/-" if not {"fistful.stakes_up", "fistful.stakes_down"} & set(self.app._keymap)
                  else f"{key('fistful.stakes_up')}/{key('fistful.stakes_down')}")
        setup.append(who.name, style="bold")
        setup.append(f" ({key('fistful.next_character')}) tests {self.attribute.title()} "
                     f"{who.attribute(self.attribute)} ({key('fistful.next_attribute')})"
                     f" against Challenge {self.challenge} {name} "
                     f"({key('fistful.next_challenge')}, {key('fistful.type_challenge')} any), "
                     f"Stakes {self.stakes} of {max(self.limit(), 1)} ({stakes})")
        floating = (f"Floating die ({key('fistful.next_floating')}): "
                    f"{FLOATING_WORDS[self.floating]}.  "
                    if len(self.floating_choices()) > 1 else "No die can float.  ")
        setup.append(f"\n{floating}")
        if who.is_npc:
            # an NPC keeps no Luck, and its doubles bank the Judge no Misfortune
            setup.append(f"Stress {who.stress}, Guts {who.guts}/{who.guts_max}; an NPC: no "
                         "Luck, no Misfortune from doubles")
        else:
            setup.append(f"Luck {who.luck}, Stress {who.stress}, Guts {who.guts}/"
                         f"{who.guts_max}; the Judge's Misfortune {self.state.misfortune}, "
                         + ("banking" if self.bank_misfortune else "letting go")
                         + f" a failure's doubles ({key('fistful.keep_misfortune')})")
        if self.state.settings.scene_stakes and self.state.scene_die:
            setup.append(f"; scene die {self.state.scene_die}")
        if (self.state.settings.five_under and not who.is_npc and who.stress > 0
                and self.stakes >= 5):
            # the optional rule's reward, where the Stakes are set by it (line 290); a Stress
            # leaves the odds a row short, so the line has room
            setup.append("; 5 under: no Bust takes a Stress off")
        # one row: the chances' table below keeps its rows at 80x24
        more = keys_text(more_keys(self, self.MORE_KEYS), " (all in ctrl+p)", "dim",
                         one_row=True)
        if more:
            setup.append("\n")
            setup.append_text(more)
        return setup

    def redraw_odds(self) -> None:
        """The odds of every choice of Stakes; rebuilt only when what they depend on moves."""
        who = self.current()
        table = self.query_one("#ff-odds", DataTable)
        # with scene stakes the scene's die is one of the Stakes, its face already known
        scene = self.state.scene_die if self.state.settings.scene_stakes else None
        key = (who.attribute(self.attribute), self.challenge, self.limit(),
               scene, not who.is_npc) if who else None
        if key != self._odds_for:
            self._odds_for = key
            table.clear()
            if key is not None:
                value, challenge, limit, scene, floats = key
                for cells in view.odds_grid(value, challenge, limit, scene,
                                            floats=floats).rows:
                    table.add_row(*(Text(cell, justify="right") for cell in cells),
                                  key=cells[0])
        # no odds' heading with nobody to test: the line above says so
        table.show_header = bool(table.row_count)
        if table.row_count:
            table.move_cursor(row=self.stakes - 1)

    def _results(self) -> list[Event]:
        """The rolls shown under the set-up, oldest first: none undone."""
        assert self.campaign is not None
        return [made for made in self.campaign.events
                if made.kind in LAST_KINDS and not self.campaign.is_undone(made)]

    def _newest_result(self) -> Event | None:
        """The newest roll shown, if any."""
        shown = self._results() if self.campaign is not None else []
        return shown[-1] if shown else None

    def last_result(self) -> Text:
        """The newest roll in full (a duel's coins as far as they are shown yet), then the
        earlier ones, newest first."""
        text = Text()
        assert self.campaign is not None
        shown = self._results()
        seen = self._seen_for(self.current())
        key = keys_of(self, CharactersPane)
        if seen is not None and self._thrown_seen is not None:
            text.append(f"Thrown for {self._thrown_seen[0]}: {' '.join(map(str, seen))}, a "
                        f"die still to take away ({key('fistful.roll')}): the throw stands "
                        "till the test is rolled or a step undone.\n", style="bold")
        if not shown:
            text.append(f"No roll yet. {key('fistful.roll')} rolls with the app's dice; "
                        f"{key('fistful.type_roll')} types the table's.")
            return text
        event = shown[-1]
        text.append(f"#{event.seq} ", style="bold")
        told = KINDS.read(event)
        if isinstance(told, DuelFought):
            # a loser already down: what the moment costs them is settled, and its two
            # rows gave way to where they went, cut off under the box at 80x24
            loser = self.state.character(told.loser())
            fallen = loser is not None and (loser.out_of_action or loser.dead)
            text.append_text(duel_text(told, self._coins_shown(event.seq, told),
                                       self._colour("text-error", "red"), fallen=fallen))
            offers = [f"{key(f'fistful.{action}')}: {words}"
                      for action, words in (("loser_harm", "harm for the loser"),
                                            ("loser_wealth", "their wealth"))
                      if not self.why_not(action)]
            if offers:
                text.append(f" {'; '.join(offers)}.", style="bold")
            if loser is not None and loser.out_of_action and not loser.dead:
                # the loser no longer tests: say where they went and what comes next
                # the Out of action table is the posse's; an NPC's fall is the Judge's word
                revive, lost = key("fistful.revive"), key("fistful.lost")
                then = (f"their fate is the Judge's: on the Characters tab {revive} gets "
                        f"them up with aid, {lost} marks them lost, or they stay down"
                        if loser.is_npc
                        else f"{key('fistful.conflict_out_of_action')} rolls what befalls them"
                        if loser.name in fight_rules.due_the_table(self.state)
                        else f"{revive} on the Characters tab gets them up, {lost} marks them "
                        "lost")
                text.append(f"\n{loser.name} is out of action at 0 Guts: {then}.",
                            style="bold")
        else:
            text.append(self.campaign.describe(event))
        result = getattr(told, "result", None)
        if isinstance(result, str):
            text.append("\n")
            # the word says it; its colour is the theme's text one, read on its background
            # in daylight too (the terminal's yellow was amber on white, 2.9 to 1)
            style = {result: f"bold {self._colour(f'text-{name}', plain)}"
                     for result, name, plain in (("success", "success", "green"),
                                                 ("failure", "warning", "yellow"),
                                                 ("bust", "error", "red"))}
            words = {"success": "SUCCESS", "failure": "FAILURE", "bust": "BUST!"}
            if isinstance(told, e.DoubledDown) and result == "failure":
                words["failure"] = "CATASTROPHE"  # doubling down leaves no plain failure
            text.append(words[result], style=style[result])
            if result == "bust":
                text.append(" One Stress taken.")
        if isinstance(told, e.TestRolled | e.OpposedTestRolled) \
                and not conflict_rules.why_not_double_down(self.state):
            # a simple test's failure, or an opposed test lost under the Attribute (round 21)
            more = counted(conflict_rules.double_down_dice(self.state), *(
                ("coin", "coins") if self.state.settings.coin_double_down
                else ("die", "dice")))
            test = self.state.open_test
            # the opposition's side that lost may double down too (round 22): say whose
            whose = (f" for {test.name} (the opposition"
                     + (", to foil the attack)" if test.foils is not None else ")")
                     if test is not None and test.opposition else "")
            text.append(("\n" if isinstance(told, e.OpposedTestRolled) else "  ")
                        + f"{key('fistful.double_down')}: double down{whose} with "
                        f"{more.replace(' ', ' more ', 1)} "
                        f"({view.double_down_misfortune(self.state)}): "
                        f"{view.double_down_words(self.state)}.")
        if len(shown) > 1:
            text.append("\n\nEarlier", style="bold")
            for earlier in reversed(shown[-13:-1]):
                text.append(f"\n#{earlier.seq} {self.campaign.describe(earlier)}")
        return text

    def _colour(self, variable: str, plain: str) -> str:
        """The theme's colour `variable` (text-success, text-warning, text-error), or the
        terminal's `plain` one where a theme has none."""
        return self.app.theme_variables.get(variable, plain)

    def _coins_shown(self, seq: int, duel: DuelFought) -> int:
        """How many coins of a duel are face up: all of an old duel; a new one's are turned
        one at a time, so the table can watch the totals climb."""
        every = len(duel.challenger_coins) + len(duel.opponent_coins)
        if self._duel_seen is None or seq <= self._duel_seen:
            return every
        if self._flipping is None or self._flipping_seq != seq:
            # a new duel, or another than the one being turned (that one was undone while
            # its coins turned): its own coins start face down (round 35: the undone duel's
            # count carried on, and the next duel showed every coin at once)
            if self._flipping is None:
                self.set_timer(COIN_SECONDS, self._turn_coin)
            self._flipping, self._flipping_seq = 0, seq
        if self._flipping >= every:
            self._duel_seen, self._flipping, self._flipping_seq = seq, None, None
            return every
        return self._flipping

    def _turn_coin(self) -> None:
        if self._flipping is None:
            return
        newest = self._newest_result()
        if newest is None or newest.seq != self._flipping_seq:
            # the duel was undone while its coins turned: the turning stops with it (it
            # ticked on for ever), and a redo turns them again from the first
            self._flipping, self._flipping_seq = None, None
            self.screen.refresh_bindings()
            return
        self._flipping += 1
        self.query_one("#ff-result", Static).update(self.last_result())
        if self._flipping is not None:
            self.set_timer(COIN_SECONDS, self._turn_coin)
        else:
            # the last coin is up: the loser's harm is offered, and a new test waits
            self.query_one("#ff-setup", Static).update(self.setup_text())
            self.screen.refresh_bindings()

    def _stakes_highlighted(self, was: Coordinate, now: Coordinate) -> None:
        odds = self.query_one("#ff-odds", DataTable)
        # the table sets its cursor again as each row is added, where it stays; with no
        # rows the odds are being made anew, or nobody tests
        if was != now and odds.row_count and self.current() is not None:
            self.stakes = int(str(odds.ordered_rows[odds.cursor_row].key.value))
            self.query_one("#ff-setup", Static).update(self.setup_text())

    # -- setting up the test -----------------------------------------------------------------

    def action_next_character(self) -> None:
        self._step_tester(1)

    def action_previous_character(self) -> None:
        self._step_tester(-1)

    def action_next_attribute(self) -> None:
        self.attribute = ATTRIBUTES[(ATTRIBUTES.index(self.attribute) + 1) % len(ATTRIBUTES)]
        self.redraw()

    def action_next_challenge(self) -> None:
        later = [c for c in CHALLENGE_STEPS if c > self.challenge]
        self.challenge = later[0] if later else CHALLENGE_STEPS[0]
        self.redraw()

    def action_type_challenge(self) -> None:
        def chosen(v: Values) -> None:
            self.challenge = v.number("challenge", least=0)
            self.redraw()

        ask(self, Form("Any Challenge", [form.number("challenge", "Challenge",
                                                     self.challenge)]), chosen)

    def action_stakes(self, change: int) -> None:
        self.stakes = min(max(self.stakes + change, 1), max(self.limit(), 1))
        self.redraw()

    def action_keep_misfortune(self) -> None:
        self.bank_misfortune = not self.bank_misfortune
        self.redraw()

    def action_next_floating(self) -> None:
        choices = self.floating_choices()
        at = choices.index(self.floating) if self.floating in choices else 0
        self.floating = choices[(at + 1) % len(choices)]
        self.redraw()

    # -- rolling -----------------------------------------------------------------------------

    def _thrown(self) -> int:
        return dice_thrown(self.state, self.stakes, self.floating)

    def _test(self, rolled: tuple[int, ...], removed: int | None = None) -> RollTest | None:
        who = self.current()
        if who is None:
            return None
        return RollTest(who.name, self.attribute, self.challenge, self.stakes, rolled,
                        self.floating, removed, self.bank_misfortune)

    def _seen_for(self, who: Character | None) -> tuple[int, ...] | None:
        """The throw the table has seen for `who`'s test on as many dice as the tab throws
        now, its floating die's face not yet taken away (`_thrown_seen`); else None."""
        seen = self._thrown_seen
        if who is None or seen is None or seen[0] != who.name:
            return None
        return seen[1] if len(seen[1]) == self._thrown() else None

    def action_roll(self) -> None:
        who = self.current()
        thrown = self._seen_for(who) or rolled(self, self._thrown(), "test")
        if self.floating is None or who is None:
            command = self._test(thrown)
            if command is not None:
                self.send(command)
            return
        # a die floats: its chooser sees the dice, then takes one away; the table has seen
        # them, so they stand till the test is rolled (a cancel and `r` again shows them)
        self._thrown_seen = (who.name, thrown)
        self.redraw()
        ask_removal(self, who.name, self.floating,
                    pool_of(self.state, thrown),
                    who.attribute(self.attribute), self.challenge,
                    f"{who.name} tests {self.attribute.title()} {who.attribute(self.attribute)} "
                    f"against Challenge {self.challenge}",
                    lambda face: self._test(thrown, face))

    def _dice_taken_back(self) -> e.TestRolled | None:
        """The test the newest undo took back, where the tab is set up to throw as many
        dice for the same one: a reading (the book's table keeps a throw it saw, when
        the step was undone for its Challenge, its Attribute or a floating die left out),
        its dice are offered to type again, `r` throwing afresh."""
        back, who = self._taken_back, self.current()
        if not isinstance(back, e.TestRolled) or who is None or back.name != who.name:
            return None
        return back if len(back.rolled) == self._thrown() else None

    def _opposed_taken_back(self, active: str) -> e.OpposedTestRolled | None:
        """The opposed test (the tab's `o`) the newest undo took back, with `active` its
        active side and its opposition still able to stand: the form opens as it was
        rolled (the reading of `_dice_taken_back`)."""
        back = self._taken_back
        if not isinstance(back, e.OpposedTestRolled) or back.active.name != active:
            return None
        return back if back.opposition.name in self._people() else None

    def action_type_roll(self) -> None:
        def made(v: Values) -> RollTest | None:
            removed = v.number("removed") if v.text("removed") else None
            return self._test(faces(self, v, "dice", self._thrown(), "test"), removed)

        back = self._dice_taken_back()
        dice, about = "", ""
        if back is not None:
            dice = " ".join(map(str, back.rolled))
            about = ("The dice of the test just taken back, as the table saw them: Enter "
                     "keeps them; type others for a new throw")
        elif (seen := self._seen_for(self.current())) is not None:
            dice = " ".join(map(str, seen))
            about = ("The dice thrown for this test, as the table saw them, a die still to "
                     "take away: Enter keeps them")
        fields_ = [form.dice("dice", counted(self._thrown(), "die", "dice"), dice,
                             about=about)]
        if self.floating:
            removed = str(back.removed) if back is not None and back.removed else ""
            fields_.append(form.number("removed", "Face taken away", removed,
                                       placeholder="blank: the best (the Judge: the worst)"))
        ask(self, Form("The table's dice", fields_), made)

    def _doubled(self, v: Values | None) -> DoubleDown:
        """Doubling Down with the dice typed in `v` (or the coins), or the app's (None)."""
        count = conflict_rules.double_down_dice(self.state)
        if self.state.settings.coin_double_down:
            # Double or Nothing coins: heads 6 and tails 1
            flips = coins(self, v, "dice", count, "double") if v else flipped(self, count,
                                                                              "double")
            return DoubleDown(tuple(HEADS if c == "H" else TAILS for c in flips))
        return DoubleDown(faces(self, v, "dice", count, "double") if v
                          else rolled(self, count, "double"))

    def action_double_down(self) -> None:
        self.send(self._doubled(None))

    def action_double_down_typed(self) -> None:
        count = conflict_rules.double_down_dice(self.state)
        if self.state.settings.coin_double_down:
            field = form.text("dice", counted(count, "coin", "coins"),
                              placeholder="H or T each; blank: the app flips")
        else:
            field = form.dice("dice", counted(count, "die", "dice"))
        test = self.state.open_test
        # whose it is, the opposition's side's too (round 22)
        whose = f" ({test.name})" if test is not None else ""
        ask(self, Form(f"Double down{whose}: the table's own", [field]), self._doubled)

    def _people(self) -> list[str]:
        return [c.name for c in able(self.state)]

    def _other_side(self) -> str:
        """Who the one testing most likely faces: the first able character of the other
        side (a posse member faces an NPC), so the form starts filled."""
        who = self.current()
        if who is None:
            return ""
        others = [c for c in able(self.state) if c.name != who.name]
        facing = [c for c in others if c.is_npc != who.is_npc] or others
        return facing[0].name if facing else ""

    def action_opposed(self) -> None:
        who = self.current()
        # a creature's claws or teeth, when anyone has them: the active side's own
        natural = ([("natural weapon (the active side's own)", NATURAL)]
                   if any(c.natural for c in self.state.characters) else [])

        def made(v: Values) -> OpposedTest:
            a_stakes, o_stakes = v.number("a_stakes"), v.number("o_stakes")
            a_float, o_float = v.text("a_floating") or None, v.text("o_floating") or None
            active = Side(v.text("active"), v.text("a_attribute") or "gumption", a_stakes,
                          side_dice(self, self.state, v, "a_dice", a_stakes, a_float,
                                    "active", who=v.text("active")), a_float)
            opposition = Side(v.text("opposition"), v.text("o_attribute") or "grace",
                              o_stakes, side_dice(self, self.state, v, "o_dice", o_stakes,
                                                  o_float, "opposition",
                                                  who=v.text("opposition")), o_float)
            return OpposedTest(
                active, opposition, v.text("weapon") or None, v.text("band") or "Close",
                v.text("cover") or "none", bank_misfortune=v.flag("bank_misfortune"))

        active_first, opposition_first = (who.name if who else ""), self._other_side()
        back = self._opposed_taken_back(active_first)
        # the Judge's own numbers for the weapons the book gives none (round 22)
        arms = weapon_options(self.state.settings.house())
        dice_about = ("The dice of the test just taken back, as the table saw them: keep "
                      "them, or clear them for a new throw") if back else ""
        was = {"a_dice": "", "o_attribute": "grace", "o_stakes": "3", "o_dice": "",
               "o_floating": "", "weapon": "", "band": "Close", "cover": "none"}
        if back is not None:
            opposition_first = back.opposition.name
            was.update(a_dice=" ".join(map(str, back.active.rolled)),
                       o_attribute=back.opposition.attribute,
                       o_stakes=str(back.opposition.stakes),
                       o_dice=" ".join(map(str, back.opposition.rolled)),
                       o_floating=back.opposition.floating or "",
                       weapon=back.weapon if back.weapon in {
                           key for _, key in (*natural, *arms)} else "",
                       band=back.band or "Close",
                       cover=back.cover or "none")
        sides = [(active_first, opposition_first)]

        def changed(opposed: Form) -> None:
            # a side chosen anew: its floating die offers only what the rules let it float
            values = opposed.values()
            now = (values.text("active"), values.text("opposition"))
            for key, name, was in zip(("a_floating", "o_floating"), now, sides[0],
                                      strict=True):
                if name != was:
                    opposed.set_options(key, floating_options(self.state, name))
            sides[0] = now
            # with a weapon: what a win of the active side would take off the opposition
            try:
                stakes = int(values.text("a_stakes"))
            except ValueError:
                stakes = 0
            hit = fight_rules.hit_words(
                self.state, *now, values.text("weapon"), values.text("band") or "Close",
                stakes, values.text("cover") or "none")
            # both sides' chances at the Stakes set, before the dice (lines 30-34)
            active, opposition = (self.state.character(name) for name in now)
            try:
                their_stakes = int(values.text("o_stakes"))
            except ValueError:
                their_stakes = 0
            chances = view.opposed_odds_words(
                self.state, active, values.text("a_attribute") or "gumption", stakes,
                opposition, values.text("o_attribute") or "grace", their_stakes,
                floating=values.text("a_floating") or None,
                their_floating=values.text("o_floating") or None
            ) if active is not None and opposition is not None else ""
            opposed.show_preview("\n".join(line for line in (hit, chances) if line))

        ask_opposed(self, Form("Opposed test (the opposition's total is the Challenge)", [
            form.choose("active", "Active side", self._people(), active_first, required=True),
            form.one_of("a_attribute", "its Attribute", ATTRIBUTE_OPTIONS, self.attribute,
                        about="The Attribute set up on the tab "
                        f"({keys_of(self)('fistful.next_attribute')}), as are its Stakes and "
                        "floating die"),
            form.number("a_stakes", "its Stakes", self.stakes),
            form.dice("a_dice", "its dice", was["a_dice"], about=dice_about),
            form.one_of("a_floating", "its floating die",
                        floating_options(self.state, active_first), self.floating or "",
                        about=FLOATING_ABOUT),
            form.choose("opposition", "Opposition", self._people(), opposition_first,
                        required=True, about="Who stands against the active side: their "
                        "total is its Challenge; with a weapon, the target"),
            form.one_of("o_attribute", "its Attribute", ATTRIBUTE_OPTIONS,
                        was["o_attribute"]),
            form.number("o_stakes", "its Stakes", was["o_stakes"]),
            form.dice("o_dice", "its dice", was["o_dice"], about=dice_about),
            form.one_of("o_floating", "its floating die",
                        floating_options(self.state, opposition_first), was["o_floating"],
                        about=FLOATING_ABOUT),
            form.choose("weapon", "Weapon (attack)", [("none", ""), *natural, *arms],
                        was["weapon"],
                        about="A weapon makes the test an attack: a win of the active "
                        "side harms the opposition, by the Guts the form works out"),
            form.one_of("band", "Range", RANGE_BANDS, was["band"]),
            form.one_of("cover", "Cover", list(COVER), was["cover"]),
            form.check("bank_misfortune", "Bank Misfortune", self.bank_misfortune,
                       about=BANK_ABOUT)],
            aliases=SIDE_ALIASES,
            on_change=changed), made)

    def action_duel(self) -> None:
        who = self.current()
        challenger = who.name if who else ""

        def made(v: Values) -> Duel:
            # each side's Stakes before its coins: 9 with two typed is the Stakes' fault
            for name, side in ((v.text("challenger"), "a"), (v.text("opponent"), "b")):
                found = self.state.character(name)
                if found is not None:
                    verify_stakes(v.number(f"{side}_stakes"), found.stress, unit="coins",
                                  whose=found.name, field=f"{side}_stakes")
            a = coins(self, v, "a_coins", v.number("a_stakes"), "duel-a",
                      whose=v.text("challenger"))
            b = coins(self, v, "b_coins", v.number("b_stakes"), "duel-b",
                      whose=v.text("opponent"))
            return Duel(v.text("challenger"), a, v.text("opponent"), b,
                        v.text("attribute") or "gumption")

        def changed(duel: Form) -> None:
            # the opponents are everyone able but the challenger chosen; the one chosen
            # stays, or, when they are the challenger now, the first facing them
            chosen = duel.values().text("challenger")
            offered = list(conflict_rules.duel_opponents(self.state, chosen))
            duel.set_options("opponent", offered)
            if offered and duel.values().text("opponent") not in offered:
                duel.set_value("opponent", facing(self.state, chosen, offered))
            # both sides' chances at the coins staked, before any is flipped
            values = duel.values()
            a, b = (self.state.character(values.text(k)) for k in ("challenger", "opponent"))
            try:
                stakes = int(values.text("a_stakes")), int(values.text("b_stakes"))
            except ValueError:
                stakes = (0, 0)
            duel.show_preview(view.duel_odds_words(a, stakes[0], b, stakes[1],
                                                   values.text("attribute") or "gumption")
                              if a is not None and b is not None else "")

        ask(self, Form("High Stakes Duel: coins, heads 6, tails 1; no Luck", [
            form.one_of("attribute", "Attribute", ATTRIBUTE_OPTIONS, "gumption",
                        about="The Judge names it for the moment: Gumption for guns"),
            form.choose("challenger", "Challenger", self._people(), challenger, required=True),
            form.number("a_stakes", "Stakes (coins)", 3, about=DUEL_STAKES),
            # "Heads/tails", not "Coins": the Opponent below keeps its own o (round 35;
            # "Coins" took it and left the Opponent alt+p)
            form.text("a_coins", "Heads/tails", placeholder="blank: the app flips, e.g. HTH",
                      about=DUEL_COINS),
            form.choose("opponent", "Opponent",
                        list(conflict_rules.duel_opponents(self.state, challenger)),
                        self._other_side(), required=True),
            form.number("b_stakes", "Stakes (coins)", 3, about=DUEL_STAKES),
            form.text("b_coins", "Heads/tails", placeholder="blank: the app flips",
                      about=DUEL_COINS)],
            on_change=changed,
            # the challenger is the one set up on the tab and the Attribute the book's for
            # guns: the form opens on the Stakes, named every duel (round 33)
            focus="a_stakes",
            aliases={"challenger_stakes": "a_stakes", "opponent_stakes": "b_stakes"}), made)

    def action_loser_harm(self) -> None:
        loser = self.state.character(self.state.duel_loser)
        if loser is None:
            return
        # the loser is the only choice: the form starts on the harm, so Enter sends it
        ask(self, Form(f"{loser.name} lost the duel: the harm is the moment's", [
            form.choose("name", "Who", [loser.name], loser.name, required=True),
            form.number("amount", "Guts lost", loser.guts,
                        placeholder="all their Guts: out of action",
                        about="A gunfight's loser is out of action (all their Guts); a "
                        "lesser moment may cost less: the Judge's call"),
            form.text("why", "Why", "lost a High Stakes Duel")], focus="amount"),
            lambda v: TakeHarm(v.text("name"), v.number("amount"), v.text("why")))

    def action_loser_wealth(self) -> None:
        loser = self.state.character(self.state.duel_loser)
        winner = self.state.duel_winner
        if loser is None:
            return
        ask(self, Form(f"{loser.name} lost the wager: all their ${loser.dollars}", [
            form.choose("name", "Who", [loser.name], loser.name, required=True),
            form.one_of("to", "The Dollars go", [(f"to {winner}", "winner"), ("gone", "gone")],
                        "winner"),
            form.text("why", "Why", "lost a High Stakes Duel")], focus="to"),
            lambda v: LoseWealth(v.text("name"), winner if v.text("to") == "winner" else "",
                                 v.text("why")))

    def action_misfortune(self) -> None:
        ask(self, Form("The Judge spends a Misfortune", [
            form.text("why", "On what", about="A setback now (a gun runs dry and must "
                      "reload, a fall in a chase, grave offence given, false word believed)"),
            form.choose("on", "On whom", [("nobody in particular", ""), *(
                (n, n) for n in conflict_rules.misfortune_targets(self.state))], "",
                about="One of the posse still in action")]),
            lambda v: SpendMisfortune(v.text("why"), v.text("on")))

    def action_spend_luck(self) -> None:
        spend_luck(self)

    def action_initiative(self) -> None:
        self.send(FlipInitiative(flipped(self, 1, "initiative")))

    def action_typed_coin(self) -> None:
        typed_coin(self)

    def _reacting(self) -> str:
        """Whose outlook a reaction sets: the NPC set up on the tab (p), else a stranger."""
        who = self.current()
        return who.name if who is not None and who.is_npc else ""

    def _replacing(self, command: RollReaction) -> str | None:
        """Line 265: the reaction table is for an NPC whose outlook is not decided; one the
        Judge set ahead is asked about before a roll replaces it (None: nothing to ask)."""
        found = self.state.character(command.name) if command.name else None
        if found is None or not found.outlook_set:
            return None
        entry = conflict_rules.reaction_entry(found.outlook).split(":")[0].rstrip(".")
        return (f"You set {found.name}'s outlook ahead: {entry}. A reaction rolled now "
                "replaces it. Roll?")

    def action_reaction(self) -> None:
        first, second = rolled(self, 2, "reaction")
        command = RollReaction((first, second), name=self._reacting())
        self.send(command, confirm=self._replacing(command))

    def action_typed_reaction(self) -> None:
        def made(v: Values) -> RollReaction:
            first, second = faces(self, v, "dice", 2, "reaction")
            extra = v.faces("extra", 1)
            return RollReaction((first, second), extra[0] if extra else 0,
                                v.number("modifier", 0), v.text("name"))

        npcs = [n.name for n in self.state.npcs if not n.dead]
        ask(self, Form("Reaction: the table's dice", [
            form.choose("name", "Whose", npcs, self._reacting(),
                        about="The NPC whose outlook it sets, kept on their sheet; "
                        "(none): a stranger the sheets do not hold"),
            form.dice("dice", "2d6"),
            form.dice("extra", f"d6 after an {conflict_rules.GUARDED}",
                      placeholder="blank: none", about="The posse stayed after an 8 (on "
                      "guard): the d6 added"),
            form.number("modifier", "Judge's modifier", placeholder="+2 or -1",
                        about="For an NPC who knows of the posse")], focus="dice"), made,
            confirm=self._replacing)

    def action_guarded(self) -> None:
        guarded = self.state.guarded
        if guarded is None:
            return
        first, second, modifier, name = guarded
        # the 8 stands as rolled: only the d6 is asked, the table's own or the app's
        ask(self, Form(f"The posse stays after the {conflict_rules.GUARDED}: a d6 more", [
            form.dice("extra", "d6")]),
            lambda v: RollReaction((first, second), faces(self, v, "extra", 1, "reaction")[0],
                                   modifier, name))

    def action_morale(self) -> None:
        ask_morale(self)

    def action_quick_draw(self) -> None:
        who = self.current()
        if who is None:
            return
        items = [(f"{i.slot}: {i.name}", i.name) for i in who.equipment]

        def made(v: Values) -> QuickDraw:
            first, second = faces(self, v, "dice", 2, "draw")
            return QuickDraw(who.name, v.text("item"), (first, second))

        slots = {i.name: i.slot for i in who.equipment}

        def chance(drawing: Form) -> None:
            slot = slots.get(drawing.values().text("item"))
            drawing.show_preview(view.quick_draw_odds(slot) if slot is not None else "")

        ask(self, Form(f"Quick draw ({who.name}): 2d6 above the slot", [
            form.choose("item", "Item", items, items[0][1] if items else "", required=True),
            form.dice("dice", "2d6")], on_change=chance, preview_docked=True), made)

    def action_out_of_action(self) -> None:
        """The table for one of the posse who fell here (a duel's loser), whoever is set up
        to test."""
        roll_out_of_action(self, fight_rules.due_the_table(self.state))

    def action_ammo(self) -> None:
        # an ammunition check follows the fight: the ones knocked out of it count too
        check_ammunition(self)

    def action_scene_die(self) -> None:
        ask(self, Form("Scene stakes: the scene's die", [form.dice("face", "d6")]),
            lambda v: SetSceneDie(faces(self, v, "face", 1, "scene")[0]))

    def action_optional_rules(self) -> None:
        choose_optional_rules(self)


def typed_coin(pane: StepPane[FistfulState], waiting: tuple[str, ...] = ()) -> None:
    """The coin the table flipped for who acts first this round (heads: the posse);
    `waiting`, who has not acted yet in the round it ends."""
    ask(pane, Form("Who acts first: the table's coin", [
        form.pick("coin", "Coin", [("H: the posse", "H"), ("T: the NPCs", "T")], "H",
                  about="H or T goes to its line; Enter sends")],
        note=f"Still to act this round: {', '.join(waiting)}." if waiting else ""),
        lambda v: FlipInitiative(v.text("coin") or "H"))

