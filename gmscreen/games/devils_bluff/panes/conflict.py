"""The Conflict tab: the game being played, round by round.

The status says the round, whose turn it is, who is activating and what the last test did.
Each player's hand is face down until that player asks to see it (h for the first gang's
player, H for the second's); it is hidden again at the next key, click or change, and
under any dialog opened over the tab (a note, the palette), so the other player never
sees it. The models table shows every model's hit points, tokens and whether
it has activated, the models of the player whose turn it is first; under it, what its
abbreviations mean and the chance that the next card passes the selected model's tests,
counted from what the table knows (every card not face up: the hands are as unknown to the
table as the Draw Deck). The text and the table come from `view`;
what may be done now from the rules.

The app draws every card itself, or takes the cards a table drew from its own pack: the
attack, Recover and test forms have a line for them, and Y, R and D (in the palette too)
are the deployment roll-off, the round and a card drawn, typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Static

from gmscreen.core.text import plural
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.attack import MAX_TOKENS
from gmscreen.games.devils_bluff.combat import rapid_fire_range, targets, why_not_attack
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AgreeObjectives,
    Attack,
    AttributeTest,
    CorrectCard,
    CorrectInitiative,
    Deploy,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Forgo,
    Mend,
    Move,
    PlaceScout,
    Recover,
    Resume,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.deck import (
    contesting,
    drawers_in_turn,
    must_discard,
    why_not_contest,
    why_not_correct_card,
    why_not_discard_now,
    why_not_draw_now,
    why_not_lay,
    why_not_look,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.events import MOST_ROUNDS
from gmscreen.games.devils_bluff.gangs import weapons
from gmscreen.games.devils_bluff.hands import (
    HAND_SIZE,
    drawn_card,
    held_before,
    suggested_discard,
)
from gmscreen.games.devils_bluff.panes.characters import names_kept
from gmscreen.games.devils_bluff.panes.keys import as_set, steps_clicked
from gmscreen.games.devils_bluff.rules import activating
from gmscreen.games.devils_bluff.state import DevilsBluffState, readings_in_words
from gmscreen.games.devils_bluff.testing import (
    MOST_MODIFIER,
    TESTED,
    fear_known_near,
    fear_models,
    why_not_recover,
    why_not_test,
)
from gmscreen.games.devils_bluff.turns import (
    MOST_POINTS,
    SCOUT_DISTANCE,
    activatable,
    end_game_note,
    fought_up_close,
    let_go_on_ending,
    one_off_ending,
    why_not_activate,
    why_not_agree_objectives,
    why_not_correct_initiative,
    why_not_deploy,
    why_not_end_activation,
    why_not_end_game,
    why_not_forgo,
    why_not_leave,
    why_not_mend,
    why_not_move,
    why_not_place_scout,
    why_not_resume,
    why_not_score,
    why_not_start_game,
    why_not_start_round,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.dialog import Reply, answer_in_turn
from gmscreen.ui.form import Field, Form, Offer, Values, ask
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.sections import GridTable
from gmscreen.ui.steps import Refusal, StepPane, action_arguments, action_name

#: side by side, one always chosen (no cover by default)
COVERS = ["none", "light", "heavy"]
#: the settings an attack depends on, shown on its form
ATTACK_SETTINGS = ("rapid_fire", "stealth_in_assault", "guns_in_assault", "rending",
                   "suppressing", "evade_token_always", "injuries", "ace_fails",
                   "king_capped_first")
def attack_readings(state: DevilsBluffState, shooter: str, enemies: list[str],
                    half: bool) -> tuple[str, ...]:
    """The readings an attack by `shooter` can turn on, for the Attack form's "Agreed:"
    line: Rapid Fire where its gun has it (`half`: half range is asked), Rending and
    Suppressing where its gun has them, Stealth up close where an enemy it may target has
    Stealth. Every reading at 80x24 took four rows above the Target."""
    found = state.find(shooter)
    gun = weapons()[found[1].recruit.weapon] if found is not None else None
    stealthy = any(f is not None and f[1].rule_value("Stealth")
                   for f in map(state.find, enemies))
    left_out = {"rapid_fire": not half,
                "rending": gun is None or gun.rule_value("Rending") is None,
                "suppressing": gun is None or gun.rule_value("Suppressing") is None,
                "stealth_in_assault": not stealthy}
    return tuple(k for k in ATTACK_SETTINGS if not left_out.get(k, False))


#: the line a form gives the cards a table drew from its own pack
TYPED_ABOUT = ("The cards drawn from the table's own pack, in the order drawn (7h 10s Q♠); "
               "left blank, the app draws them.")
#: what the rules are asked for each key that follows the state alone
ASKS: dict[str, Callable[[DevilsBluffState], RuleError | None]] = {
    "start_game": why_not_start_game, "deploy": why_not_deploy,
    "place_scout": why_not_place_scout, "start_round": why_not_start_round,
    "activate": why_not_activate, "leave": why_not_leave, "attack": why_not_attack,
    "recover": why_not_recover, "end_activation": why_not_end_activation,
    "forgo": why_not_forgo, "score": why_not_score, "end_game": why_not_end_game,
    "agree_objectives": why_not_agree_objectives,
    "resume": why_not_resume, "correct_card": why_not_correct_card,
    "correct_initiative": why_not_correct_initiative,
}
#: keys that apply while a model acts but are left out of the footer then, for its actions'
#: room at 80 columns (the "Keys:" line names them; a draw, the hands' lines); pressed, or
#: picked from the palette, they work all the same
QUIET = frozenset({"score", "end_game", "test", "draw"})


#: what the forms' Fear field asks
FEAR_ABOUT = "How many enemy models with Fear stand within 6\" of the model"


def fear_field(state: DevilsBluffState, model: str, only: str = ""
               ) -> tuple[list[form.Field], str]:
    """How many enemy models with Fear stand near `model`: no more than its enemies have
    (`testing.fear_models`), each named, since no tab shows a model's Fear but the
    Characters tab's line of it; where none has Fear, no question, and a line saying so."""
    feared = fear_models(state, model)
    if not feared:
        return [], f"No enemy model of {model} has Fear."
    # one that fought it up close stands within 1", so within 6": counted to begin with
    near = fear_known_near(state, model)
    close = (f" Within 6\" for certain, having fought {model} up close: {', '.join(near)}."
             if near else "")
    return [form.choose("feared_by", "Fear within 6\"", [str(n) for n in range(len(feared) + 1)],
                        str(len(near)), required=True,
                        about=f"{FEAR_ABOUT}{only}. Enemies with Fear: "
                        f"{', '.join(feared)}.{close}")], ""
#: what a blank line of typed cards means
BLANK = "blank: the app draws"


def typed_field(about: str = TYPED_ABOUT) -> Field:
    return form.cards("typed", "Table's cards", about=about, placeholder=BLANK)


def hand_fields(state: DevilsBluffState, model: str, target: str = "",
                lays: str = "Play hand") -> tuple[list[Field], str]:
    """The boxes that lay a hand for a test of `model` (`lays` its label), and against
    it; for an attack, for the Defence test of `target` and against that: only those the
    rules allow now (`deck.why_not_lay`, `deck.contesting`), with a line that says why any
    other is not there ("" when none is missing)."""
    fields: list[Field] = []
    missing: dict[str, None] = {}  # the refusals, once each, in the form's order
    about = view.ATTACK_HAND_ABOUT if target else view.TEST_HAND_ABOUT

    def offer(tester: str, key: str, label: str, against: str, against_label: str) -> None:
        owner = state.owner(tester)
        refusal = why_not_lay(state, owner.player if owner is not None else "")
        if refusal is not None:
            missing[refusal.message] = None
            return
        fields.append(form.check(key, label, about=about[key]))
        if contesting(state, tester):
            fields.append(form.check(against, against_label, about=about[against]))
            return
        for player in state.players:
            other = why_not_lay(state, player)
            if other is not None and (owner is None or player != owner.player):
                missing[other.message] = None

    offer(model, "hand", lays, "contest", "Others lay hands")
    if target:
        offer(target, "defender_hand", "Defender plays hand", "defence_contest",
              "Lay against defence")
    why = "; ".join(missing)
    return fields, (f"Playing your hand: {why}, so no hand of theirs is offered."
                    if why else "")


def lay_for_defence(state: DevilsBluffState, attack: object) -> Offer | None:
    """The question an attack sent with the Defence test left to the top card asks, once
    the app has drawn its Battle Skill cards and they give the target a Defence test (module
    line 43: the defender's player lays the hand instead of that test's card, so decides
    when it comes, the hits seen): lay it, or draw; and, laid, whether the other players
    lay theirs against it (line 45). Not asked where the table's own cards are typed (the
    table drew them, and played the hand or not, already), nor where the rules would refuse
    the hand (no cards held, laid against the attack already)."""
    if not isinstance(attack, Attack) or attack.defender_hand or attack.typed:
        return None
    laying = replace(attack, defender_hand=True)
    drawn, refused = _decided(state, attack), _decided(state, laying)
    shot = next((e.data for e in drawn or () if e.kind == "devils_bluff.attacked"), None)
    owner = state.owner(attack.target)
    if refused is None or shot is None or not shot.get("defence") or owner is None:
        return None  # no Defence test, or no hand the rules let its player lay for it
    after = None
    laid = set(attack.contest) | ({attacker.player} if attack.hand and (
        attacker := state.owner(attack.fighter)) is not None else set())
    others = tuple(p for p in contesting(state, attack.target) if p not in laid)
    against = replace(laying, defence_contest=others)
    if others and _decided(state, against) is not None:
        after = Offer(view.against_defence_question(attack.target, owner.player, others),
                      against, yes="Lay against it", no="Let it stand")
    return Offer(view.defence_question(str(shot["line"]), attack.target, owner.player,
                                       len(shot["defence"])),
                 laying, yes="Lay the hand", no="Draw the top card", after=after)


#: the test each step that lays a hand takes, by its word in a question
TEST_WORDS = {"SKL": "Battle Skill", "DEF": "Defence", "CMD": "Command"}


def lay_against(state: DevilsBluffState, step: object) -> Offer | None:
    """The question a step sent with its player's hand laid for its test (an attack's
    Battle Skill, a Recover's or another test), and none against it, asks before a card is
    turned (module line 45: once a player lays a hand, each other player may lay theirs
    against it, all shown together): the others were asked only by a box of the laying
    player's own form. Then, for an attack, yes or no, the defender's question
    (`lay_for_defence`). Not asked where the table's cards are typed."""
    if not isinstance(step, Attack | Recover | AttributeTest) or not step.hand \
            or step.contest or step.typed:
        return lay_for_defence(state, step)
    player, others = state.owner(step.fighter), contesting(state, step.fighter)
    against = replace(step, contest=others)
    if player is None or not others or _decided(state, against) is None:
        return lay_for_defence(state, step)
    test = TEST_WORDS[step.attribute if isinstance(step, AttributeTest) else
                      "CMD" if isinstance(step, Recover) else "SKL"]
    return Offer(view.against_defence_question(step.fighter, player.player, others, test),
                 against, yes="Lay against it", no="Let it stand",
                 after=lay_for_defence(state, against),
                 otherwise=lay_for_defence(state, step))


def _decided(state: DevilsBluffState, command: object) -> list[NewEvent] | None:
    """The events `command` would cause now, or None where the rules refuse it."""
    try:
        return RULES.decide(state, command)
    except RuleError:
        return None


#: each box that lays a hand for a test, and the box of the hands laid against it
HAND_PAIRS = (("hand", "contest"), ("defender_hand", "defence_contest"))


def hands_follow() -> Callable[[Form], None]:
    """A form's `on_change` that keeps each hand box and the box of hands against it as
    the rules allow them (`deck.why_not_contest`): ticking the hands against a test's
    ticks the tester's too, and unticking the tester's unticks those against it."""
    was: dict[str, bool] = {}

    def follow(shown: Form) -> None:
        values = shown.values()
        for hand, against in HAND_PAIRS:
            if hand not in values or against not in values:
                continue
            mine, theirs = values.flag(hand), values.flag(against)
            if why_not_contest(mine, (against,) if theirs else ()) is not None:
                if theirs and not was.get(against, False):
                    shown.set_value(hand, True)
                    mine = True
                else:
                    shown.set_value(against, False)
                    theirs = False
            was[hand], was[against] = mine, theirs
    return follow


def noted(*lines: str) -> str:
    """A form's note of these lines, the blank ones left out."""
    return "\n".join(line for line in lines if line)


def by_player(state: DevilsBluffState, values: Values, key: str = "typed"
              ) -> tuple[tuple[str, str], ...]:
    """Each player's typed cards from the form's fields key0, key1..."""
    return tuple((p, values.text(f"{key}{i}")) for i, p in enumerate(state.players))


#: one test's chance on the odds line, kept on one row: "SKL 7+ 26 (57%)", "DEF 6+ 61%"
ODDS_PART = re.compile(r"(SKL|DEF|CMD) \d+\+ \S+(?: \(\d+%\))?")


class ConflictPane(StepPane[DevilsBluffState]):
    """The round, the turn, the hands (hidden), the models and the odds of the next card."""

    # the status takes up to seven lines: long names wrap its heading and scores, and what
    # was last resolved stays in sight under them; the models still keep three rows at 80x24.
    # The odds take two lines, three for the longest (a long name, rules and tokens: `odds`)
    DEFAULT_CSS = """
    ConflictPane #bluff-status { height: auto; max-height: 7; }
    ConflictPane #bluff-hands { height: auto; border-top: solid $primary; }
    ConflictPane #bluff-models { height: 1fr; }
    ConflictPane #bluff-models-note { height: auto; color: $text-muted; }
    ConflictPane #bluff-odds { height: auto; max-height: 4; border-top: solid $primary; }
    """
    # in the order the footer keeps them when 80 columns cannot hold them all: what comes
    # next in a game first, the rarer steps last; each is in the palette too
    BINDINGS: ClassVar[list[BindingType]] = [
        # named on each hand's line ("h to look"), so the footer keeps its room for steps
        Binding("h", "show_hand(0)", "Hand 1", id="devils_bluff.hand_first", show=False,
                tooltip="Look at or hide the first gang's player's hand (for their eyes only)"),
        Binding("H", "show_hand(1)", "Hand 2", id="devils_bluff.hand_second", show=False,
                tooltip="Look at or hide the second gang's player's hand (for their eyes only)"),
        Binding("g", "start_game", "New game", id="devils_bluff.start_game",
                tooltip="Shuffle the Draw Deck and begin a game"),
        Binding("y", "deploy", "Deploy", id="devils_bluff.deploy",
                tooltip="Draw for who deploys first; hold scouts back to place last"),
        Binding("p", "place_scout", "Place scout", id="devils_bluff.place_scout",
                tooltip=f"Place the next scout, more than {SCOUT_DISTANCE}\" from every "
                        "enemy model"),
        Binding("r", "start_round", "Round", id="devils_bluff.start_round",
                tooltip="Draw for initiative and deal five to everyone"),
        Binding("a", "activate", "Activate", id="devils_bluff.activate",
                tooltip="Choose the model to activate, the highlighted one offered; the "
                        "last one left activates at once"),
        Binding("d", "draw", "Draw", id="devils_bluff.draw",
                tooltip="Draw one card on your turn; a full hand discards one it held"),
        # the same key, once a card is drawn onto a full hand: the footer names the step
        Binding("d", "discard", "Discard", id="devils_bluff.discard",
                tooltip="Discard one of the five cards held before a sixth was drawn"),
        # the table's own cards, typed: by key and palette, named on the "Keys:" line
        Binding("Y", "deploy(True)", "Deploy, typed cards", id="devils_bluff.deploy_typed",
                show=False, tooltip="The deployment roll-off with the cards the table drew"),
        Binding("R", "start_round(True)", "Round, typed cards",
                id="devils_bluff.start_round_typed", show=False,
                tooltip="Initiative and the hands with the cards the table drew and dealt"),
        Binding("D", "draw(True)", "Draw, typed card", id="devils_bluff.draw_typed",
                show=False, tooltip="Draw with the card the player took from the table's pack"),
        Binding("f", "attack", "Attack", id="devils_bluff.attack",
                tooltip="The activating model attacks the selected one (else the one it "
                        "attacked last): a shot, or close combat within assault range"),
        Binding("v", "move('Advance')", "Advance", id="devils_bluff.advance",
                tooltip="The activating model moves; the allowance in inches is said"),
        Binding("u", "move('Rush')", "Rush", id="devils_bluff.rush",
                tooltip="The activating model moves again, a shorter way; the inches said"),
        Binding("c", "recover", "Recover", id="devils_bluff.recover",
                tooltip="A Command test to shed suppression tokens"),
        Binding("i", "move('Interact')", "Interact", id="devils_bluff.interact",
                tooltip="The activating model works an objective (Test for a test it asks)"),
        # rare: by key and palette, named on the Keys line, so the footer fits 80 columns
        Binding("l", "leave", "Leave assault range", id="devils_bluff.leave", show=False,
                tooltip="Advance or Rush out of enemies' assault range: they attack first"),
        Binding("w", "forgo", "Forgo free", id="devils_bluff.forgo",
                tooltip="Let go the free action an ability offers at once: Return Fire's "
                        "shot back, Hail of Fire's attacks, Run and Gun's Advance"),
        Binding("e", "end_activation", "Done", id="devils_bluff.end_activation",
                tooltip="End the activating model's activation: on to the next turn"),
        Binding("x", "end_game", "End game", id="devils_bluff.end_game",
                tooltip="The game ends and its scores decide it; early, with a note"),
        Binding("s", "score", "Score", id="devils_bluff.score",
                tooltip="Points to a player, for an objective: type it and Enter"),
        Binding("o", "agree_objectives", "Objectives", id="devils_bluff.objectives",
                show=False,
                tooltip="Write down the objectives the players agreed for this game and "
                        "what each scores; the Score form and the players' screen show "
                        "them"),
        Binding("t", "test", "Test", id="devils_bluff.test",
                tooltip="Any other test of the selected model: the top card or a hand"),
        # a mistake's mending: named on the Keys line, never in the footer's room
        Binding("m", "mend", "Mend HP/tokens", id="devils_bluff.mend", show=False,
                tooltip="Set right the highlighted model's hit points (HP) and suppression "
                        "tokens, where a step resolved by mistake left them wrong"),
        Binding("E", "resume", "Take back Done", id="devils_bluff.resume", show=False,
                tooltip="Done was pressed too early: the model's activation goes on, with "
                        "what it had left, before the next model activates"),
        Binding("C", "correct_card", "Correct a card in a hand",
                id="devils_bluff.correct_card", show=False,
                tooltip="A card typed wrong into a hand is set right, typed unseen by the "
                        "player who holds it"),
        Binding("I", "correct_initiative", "Correct an initiative card",
                id="devils_bluff.correct_initiative", show=False,
                tooltip="An initiative card typed wrong is set right, and the order with "
                        "it, before anyone acts on the round's order"),
    ]
    #: the palette finds a step by the game's words ("deal", "initiative", "shoot", "fire",
    #: "move", "turn", "wound", "suppression", "deployment"), where the footer's short word
    #: alone found nothing for them (the hands keep their names: `palette_commands`)
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "start_game": "New game: start a game, the deck shuffled",
        "deploy": "Deploy: the deployment roll-off, who deploys first",
        "start_round": "Round: initiative, and deal five to everyone",
        "start_round(True)": "Round, typed cards: initiative and the hands dealt",
        "activate": "Activate a model (its player's turn)",
        "discard": "Discard a card held before a sixth",
        "attack": "Attack: shoot or fire at a model, or fight up close",
        "move('Advance')": "Advance (move)",
        "move('Rush')": "Rush (move again)",
        "recover": "Recover: shed suppression tokens",
        "leave": "Leave assault range (move away)",
        "forgo": "Forgo free action (let it go)",
        "end_activation": "Done: end the activation, the turn passes",
        "end_game": "End game (the winner decided)",
        "score": "Score points for an objective",
        "agree_objectives": "Objectives agreed, and the game's rounds",
        "test": "Test: an attribute test (SKL, DEF, CMD)",
        "mend": "Mend HP/tokens: a wound, damage or suppression set right",
        "resume": "Take back Done: the activation goes on"}
    #: the keys the footer leaves out, as the "Keys:" line names them when they apply (the
    #: hands' keys, d while a model acts and w are named where they apply already). l is
    #: named whenever the model may still move: the app measures nothing, so the enemies
    #: the status names within 1" are only those the journal knows of. The words are short
    #: enough for the whole line to keep to 80 columns while a model acts
    MORE_KEYS = (("test", "t test"), ("score", "s score"), ("end_game", "x end game"),
                 ("leave", "l leave"), ("deploy(True)", "Y deploy with typed cards"),
                 ("start_round(True)", "R round with typed cards"),
                 ("draw(True)", "D typed card"), ("mend", "m mend"),
                 ("resume", "E take back Done"),
                 ("correct_initiative", "I initiative typed wrong"))
    LOOKING = frozenset({"show_hand"})
    #: the step the status names, taken by a click on its key: the objectives written down
    #: ("... what each scores (o)", "Objectives agreed: ... (o)")
    NAMED = ((rf"^(?:{re.escape(view.AGREE_FIRST)}|Objectives agreed: .*) \((\S+)\)$",
              "agree_objectives"),)

    #: whose hand is shown face up now ("" for none)
    shown_hand = ""
    #: the model the cursor was last put on as it began to activate ("" for none)
    followed = ""
    #: the model highlighted as `followed` began to activate, where an activation taken
    #: back gives the cursor back
    before_followed = ""

    def compose(self) -> ComposeResult:
        yield KeysLine(id="bluff-status", markup=False)
        hands = Static(id="bluff-hands", markup=False)
        hands.tooltip = ("A click on a hand turns it face up for its player's eyes; "
                         "the next click, face down")
        yield hands
        yield GridTable(id="bluff-models")
        yield KeysLine(view.MODEL_NOTE, id="bluff-models-note", markup=False)
        yield Static(id="bluff-odds", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.app.screen_change_signal.subscribe(self, self.screen_changed)

    def screen_changed(self, screen: Screen[Any]) -> None:
        """A dialog over the tab (a note, the palette, a form opened by a click on the
        footer) turns a shown hand face down, as a key does: both players read the one
        screen, and a hand left up under a note the Dealer types is there for both."""
        if screen is not self.screen:
            self.face_down()

    def face_down(self) -> None:
        """Turn a shown hand face down again."""
        if self.shown_hand:
            self.shown_hand = ""
            self.show_hands(self.state)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """The steps, each hand's key named by whose hand it shows ("Hand 1 (Ma Hendry's): look
        or hide"), where "Hand 1" alone left the Dealer to guess; the names keep "Hand 1" and
        "Hand 2", the glossary's short forms of Hand."""
        # the tab not yet opened has no campaign of its own: the app's names the players
        # (ctrl+p said "Hand 1: look or hide" until the Conflict tab was first shown)
        campaign = self.campaign or getattr(self._app_or_none(), "campaign", None)
        players = campaign.state.players if campaign is not None else ()
        hands = {b.description: b for b in self.BINDINGS
                 if isinstance(b, Binding) and action_name(b.action) == "show_hand"}
        commands = []
        for name, help_text, run in super().palette_commands():
            hand = hands.get(name)
            seat = int(str(action_arguments(hand.action)[0])) if hand else len(players)
            # "look or hide": the tab says "(h to look)", and ctrl+p's "look" found only the
            # Wanted Clock's Show/keep (a help's words rank below any title)
            if hand is not None and seat >= len(players):
                name = f"{name}: look or hide"
            if hand is not None and seat < len(players):
                name = f"{name} ({players[seat]}'s): look or hide"
                # ending in its key as set, as every other step's line does (the kit's)
                help_text = (f"Look at or hide {players[seat]}'s hand, for their eyes only "
                             f"({self._key(hand)})")
            commands.append((name, help_text, run))
        return commands

    def _app_or_none(self) -> object:
        """The running app, or None outside one."""
        try:
            return self.app
        except Exception:  # Textual's NoActiveAppError: no app is running
            return None

    def why_not(self, action: str) -> Refusal:
        """The rules' reason an action does not apply now (see `StepPane`)."""
        state = self.state
        name, arguments = action_name(action), action_arguments(action)
        if name == "show_hand":
            return why_not_look(state, int(str(arguments[0])))
        if name == "draw":
            return why_not_draw_now(state, typed=bool(arguments and arguments[0]))
        if name == "discard":
            return why_not_discard_now(state)
        if name == "move":
            return why_not_move(state, str(arguments[0]))
        if name == "test":
            return why_not_test(state, self.selected()) or (
                None if self.selected() else RuleError(
                    "Tests", "highlight the model that takes the test"))
        if name == "mend":
            return why_not_mend(state) or (None if self.selected() else RuleError(
                "Correction", "highlight the model to correct"))
        asks = ASKS.get(name)
        return asks(state) if asks is not None else None

    def quiet(self, action: str) -> bool:
        """Scoring, the game's end, a test and a draw stay out of the footer while a model
        acts, so its actions and Done fit 80 columns."""
        return (action_name(action) in QUIET and self.campaign is not None
                and bool(activating(self.state)))

    def show(self, campaign: Campaign[Any]) -> None:
        # any change turns a shown hand face down again
        self.shown_hand = ""
        super().show(campaign)

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        state = self.state
        self.query_one("#bluff-status", Static).update(
            names_kept(state, steps_clicked(self.status(state), self.NAMED)))
        self.show_hands(state)
        table = self.query_one("#bluff-models", GridTable)
        table.show(view.models_grid(state))
        # between games no step acts on a model: no row is highlighted, where one was that
        # no words named (in a game the odds line names it)
        table.show_cursor = state.battle is not None
        if table.row_count:
            table.move_cursor(row=self.turn_row(state, table.cursor_row))
        more = keys_text(more_keys(self, self.MORE_KEYS), " (all in ctrl+p)\n")
        self.query_one("#bluff-models-note", Static).update(more + view.MODEL_NOTE)
        self.odds()

    def status(self, state: DevilsBluffState) -> Text:
        """The view's status: its first line, the heading, in bold. The hands laid for the
        last thing resolved are told on their players' lines below (`show_hands`)."""
        head, *rest = (as_set(self, line) for line in view.status_lines(state))
        out = Text.styled(head, "bold")  # the first line alone
        for line in rest:
            out.append("\n" + line)
        return out

    def show_hands(self, state: DevilsBluffState) -> None:
        lines = [as_set(self, line) for line in view.hand_lines(state, self.shown_hand,
                                                                laid=True)]
        hands = self.query_one("#bluff-hands", Static)
        hands.update(Text("\n".join(lines)))
        hands.display = bool(lines)  # between games nobody holds a card

    def turn_row(self, state: DevilsBluffState, row: int) -> int:
        """Between activations, the cursor goes to a model of the player whose turn it is
        (the first ready one) unless it is on one already, so 'a' activates at once. A model
        that begins to activate takes the cursor once, so t tests it and the odds are its
        own (picked from the Activate list, it may not be the row highlighted); moved
        from it by hand, the cursor stays where it is put. An activation taken back (the
        model ready again: undone, not ended) gives the cursor back to the model it was on
        before, so the step taken again does not offer the model activated by mistake."""
        table = self.query_one("#bluff-models", DataTable)
        if state.battle is None:
            # between games no key works on a model: the table is read from its top, where
            # a cursor left low by the game just ended scrolled its first rows away; and a
            # model acting when the game was left off (a session ended by mistake, then
            # undone) takes the cursor again once the game is back
            self.followed = ""
            return 0
        acting = activating(state)
        ready = activatable(state)
        if acting != self.followed:
            was, self.followed = self.followed, acting
            if acting:
                # the row the cursor is on now, as the Dealer left it: the one read at the
                # redraw before was older than any move of the cursor by hand since (round
                # 35: down to Ruth Cole, a slip activating Eli, undone, gave back Sheriff Cole)
                self.before_followed = str(table.coordinate_to_cell_key(
                    Coordinate(row, 0)).row_key.value)
                return table.get_row_index(acting)
            if was in ready and self.before_followed in ready:
                return table.get_row_index(self.before_followed)
        if not ready:
            return row
        current = table.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
        return row if current in ready else table.get_row_index(ready[0])

    def selected(self) -> str | None:
        return self.query_one("#bluff-models", GridTable).highlighted

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.odds()
        # whether t applies turns on the model highlighted (none taken out)
        self.refresh_bindings()

    def odds(self) -> None:
        """The odds line of the model highlighted, in full words where two lines hold them;
        where they do not (a narrow screen, a long name, rules and tokens), in the shorter
        words if two lines hold those, else in full words on a third line. A line breaks
        between two tests' chances, never inside one ("DEF 5+ 31/46" and its "(67%)" on
        two rows read as two numbers)."""
        name = self.selected()
        odds = self.query_one("#bluff-odds", Static)
        width = self.size.width
        out = self.odds_text(name, short=False, width=width) if name else Text()
        if width and self.lines(out, width) > 2:
            short = self.odds_text(name or "", short=True, width=width)
            if self.lines(short, width) <= 2:
                out = short
        odds.update(out)
        odds.display = bool(out)  # between games no card is drawn

    def odds_text(self, name: str, short: bool, width: int = 0) -> Text:
        """The odds line in bold to its colon, broken across `width` columns (none: one
        line) between words, but never inside one test's chance ("DEF 5+ 31 (67%)")."""
        head, _, rest = view.odds_line(self.state, name, short).partition(": ")
        if not rest:
            return Text()
        atoms = [(word, "bold") for word in f"{head}:".split(" ")]
        parts = rest.split(" · ")
        for n, part in enumerate(parts):
            chance = ODDS_PART.match(part)
            words = ([chance.group(0)] if chance else []) + part[
                chance.end() if chance else 0:].split()
            atoms += [(word + (" ·" if at == len(words) - 1 and n < len(parts) - 1
                               else ""), "") for at, word in enumerate(words)]
        out, used = Text(), 0
        for at, (word, style) in enumerate(atoms):
            if at and width and used + 1 + cell_len(word) > width:
                out.append("\n")
                used = 0
            elif at:
                out.append(" ", style)
                used += 1
            out.append(word, style)
            used += cell_len(word)
        return out

    def lines(self, text: Text, width: int) -> int:
        """How many lines `text` wraps to across `width` columns."""
        return len(text.wrap(self.app.console, width))

    def on_resize(self, event: events.Resize) -> None:
        if self.campaign is not None:
            self.odds()  # the words chosen follow the room

    # -- actions -----------------------------------------------------------------------------

    def order(self) -> tuple[int, ...]:
        assert self.campaign is not None
        return shuffle_order(self.campaign.rng("shuffle"))

    def on_key(self, event: events.Key) -> None:
        """Any other key turns a shown hand face down again, so it is never left open; in
        the key's turn (`answer_in_turn`): h then down typed in one burst passed here
        before the app had run h's step, which then showed the hand and left it up.
        (Textual then calls `StepPane.on_key` too, which explains a key refused and runs a
        quiet one, after the face-down.)"""
        if event.key not in ("h", "H"):
            answer_in_turn(event, self._face_down_in_turn)

    def _face_down_in_turn(self) -> bool:
        self.face_down()
        return False  # not an answer: the key goes on to its own step

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a player's hand turns it face up (h and H by the mouse: the line
        names the keys, which the footer leaves out), and face down again at the next. A
        click anywhere else on the tab turns a shown hand face down too, as a key does: a
        Dealer using the mouse left it face up. (Its press, as the models' table keeps
        the click itself.)"""
        seat = self.hand_clicked(event)
        if seat is not None:
            self.action_show_hand(seat)
        else:
            self.face_down()

    def hand_clicked(self, event: events.MouseDown) -> int | None:
        """The seat of the player whose hand's line the press is on (a long line wraps
        over more rows), None off the hands."""
        hands = self.query_one("#bluff-hands", Static)
        at = event.get_content_offset(hands) if hands.display else None
        if at is None:
            return None
        lines = [as_set(self, line) for line in view.hand_lines(self.state, self.shown_hand,
                                                                laid=True)]
        row = 0
        for seat, line in enumerate(lines):
            row += self.lines(Text(line), hands.content_region.width)
            if at.y < row:
                return seat
        return None

    def action_show_hand(self, seat: int) -> None:
        state = self.state
        if why_not_look(state, seat) is not None:
            return
        player = state.players[seat]
        self.shown_hand = "" if self.shown_hand == player else player
        self.show_hands(state)

    def action_start_game(self) -> None:
        self.send(StartGame(self.order()))

    def roll_off_fields(self, state: DevilsBluffState, each: str) -> list[Field]:
        """A line for each player's cards, ties drawn again included."""
        about = (f"{each}, from the table's own pack; a tie draws again: type every card "
                 "drawn, in order")
        return [form.cards(f"typed{i}", f"{player} drew", about=about, placeholder=BLANK)
                for i, player in enumerate(state.players)]

    def action_deploy(self, typed: bool = False) -> None:
        state = self.state
        scouts = [f.name for g in state.gangs for f in g.fighters if f.rule_value("Scout")]
        if not scouts and not typed:
            self.send(Deploy((), self.order()))
            return
        # only scouts are listed: each by its name alone, which the label's room holds
        held = (f"Held back: placed after both gangs deploy, more than {SCOUT_DISTANCE}\" "
                "from every enemy model.")
        fields = [form.check(f"scout{i}", name, about=held) for i, name in enumerate(scouts)]
        if typed:
            fields += self.roll_off_fields(state, "A card each")
        note = "Tick the scouts held back, to be placed last." if scouts else ""
        ask(self, Form("Deployment: the roll-off, a card each", fields, note=note),
            lambda v: Deploy(tuple(n for i, n in enumerate(scouts) if v.flag(f"scout{i}")),
                             self.order(), by_player(state, v)))

    def action_place_scout(self) -> None:
        state = self.state
        if state.battle is None or not state.battle.scouts:
            return
        name = state.battle.scouts[0]
        owner = state.owner(name)
        who = owner.player if owner is not None else ""
        # the app cannot measure: the players confirm the Scout distance at the table
        self.send(PlaceScout(name), confirm=(
            f"Scout: {who} places {name} anywhere on the table more than "
            f"{SCOUT_DISTANCE}\" from every enemy model. Is it placed so?"))

    def action_start_round(self, typed: bool = False) -> None:
        state = self.state
        if not typed:
            self.send(StartRound(self.order()))
            return
        each = ("As many cards each as there are players, added up" if
                state.setting("initiative_cards") == "one per player" else "A card each")
        fields = self.roll_off_fields(state, each)
        fields += [form.cards(f"hand{i}", f"{player}'s hand",
                              about=f"The {HAND_SIZE} cards dealt to {player}, typed by "
                                    f"{player}", placeholder=BLANK, secret=True)
                   for i, player in enumerate(state.players)]
        ask(self, Form("A new round: initiative and the hands dealt", fields,
                       note="Each player types their own hand while the other looks away."),
            lambda v: StartRound(self.order(), by_player(state, v),
                                 by_player(state, v, "hand")))

    def action_activate(self) -> None:
        """The model to activate is chosen in a list, the highlighted one first offered:
        nothing is activated that the player did not pick, but the last one left, which
        the rules leave no choice of, is activated at once (round 33)."""
        state = self.state
        if state.battle is None:
            return
        ready = activatable(state)
        if len(ready) == 1:
            # the rules leave one model to activate: no list to pick it from (round 33)
            self.send(Activate(ready[0]))
            return
        picked = self.selected()
        offered = picked if picked in ready else (ready[0] if ready else "")
        ask(self, Form(f"{state.battle.turn}'s turn: activate which model? (enter)",
                       # the title names whose turn it is: the words keep to one row,
                       # the rest of the form's room is the list's
                       # under the list the highlighted model's row, in one row with
                       # the list's words (the title says Enter picks)
                       [form.pick("fighter", "Model", ready, offered,
                                  about="Still to activate this round.", about_each={
                                      name: view.ready_words(state, name) for name in ready})]),
            lambda v: Activate(v.text("fighter")))

    def acting_model(self) -> str | None:
        """The model activating now, if any."""
        return activating(self.state) or None

    def answer(self, key: str) -> Reply:
        """d is a draw, or the discard a sixth card owes (two bindings): the one that
        applies takes the key; only when neither does is the draw's reason said."""
        bindings = self._bindings.key_to_bindings.get(key, ())
        applies = [b.action for b in bindings if self.refusal(b.action) is None]
        if len(bindings) > 1 and applies:
            if self.quiet(applies[0]):
                return self.perform_first(applies)
            return False  # its binding runs it
        return super().answer(key)

    def action_discard(self) -> None:
        state = self.state
        player = must_discard(state)
        if player:
            self.discard(state, player)

    def action_draw(self, typed: bool = False) -> None:
        state = self.state
        players = drawers_in_turn(state)
        if not typed and len(players) == 1:
            self.send(DrawCard(players[0], "", self.order()))
            return
        fields = [form.choose("player", "Player", players, players[0] if players else "",
                              required=bool(players), about=(
                                  "Who takes a card into their hand: those the rules let "
                                  "draw now, once a turn"))]
        if typed:
            # it goes into the player's hand: typed as dots, unseen by the other player
            fields.append(form.cards("typed", "Card drawn",
                                     about="The card the player took from the table's own "
                                           "pack, typed by that player", placeholder=BLANK,
                                     secret=True))
        # the one player who may draw is chosen already: the keyboard starts on the card,
        # where Enter sends
        ask(self, Form("Who draws a card?" if not typed else "A card drawn", fields,
                       focus="typed" if typed and len(players) == 1 else None),
            lambda v: DrawCard(v.text("player"), "", self.order(), v.text("typed")))

    def discard(self, state: DevilsBluffState, player: str) -> None:
        """The discard after a sixth card: one of the five held before, chosen with the six
        face up (only their owner looks); the new card is marked and stays."""
        hand = state.hand(player)
        new = drawn_card(hand)
        # a list to pick from (Enter or a double click discards the card highlighted), of
        # only the five the rules let go, one highlighted from the start: the one whose
        # going leaves the best hand (the player may choose another)
        options = [(str(c), c.code) for c in held_before(hand)]
        chosen = suggested_discard(hand)
        ask(self, Form(f"{player} drew {new}: discard which card held before? (enter)",
                       # the card highlighted named under the list, with the hand it
                       # leaves: without colour the highlight alone says nothing
                       [form.pick("card", "Discard", options,
                                  chosen.code if chosen is not None else "",
                                  about_each=view.discard_words(hand))],
                       note=f"For {player}'s eyes only. The new card, {new}, stays in the "
                            "hand; one of the five held before goes."),
            lambda v: Discard(player, v.text("card")))

    def action_move(self, action: str) -> None:
        name = self.acting_model()
        if name is None:
            return
        battle = self.state.battle
        if (action != "Interact" and battle is not None and battle.parting is None
                and fought_up_close(self.state, name)):
            # a move from enemies it fought up close leaves their assault range unless the
            # table says it stays within 1": the leave form, those enemies ticked (Open
            # Fire: each attacks first, free), where v alone moved it and the attacks were
            # lost; a leave under way is made by the key, its free attacks had
            self.action_leave(action)
            return
        self.send(Move(name, action))

    def action_attack(self) -> None:
        state = self.state
        if state.battle is None:
            return
        rf = state.battle.return_fire
        # Hail of Fire's free attacks owed outside the model's own activation come at once
        hail = state.battle.hail if not rf else None
        parting = state.battle.parting
        picked = self.selected()
        if parting is not None and parting.attackers and not rf and not hail:
            self.parting_shot(parting.attackers, parting.mover)
            return
        shooter = rf[0] if rf else hail[0] if hail else self.acting_model()
        if shooter is None:
            return
        # only the enemies the rules let it attack, one always chosen: Return Fire's shot
        # goes back at its attacker alone; else the highlighted enemy, else the one it
        # attacked last this game (Hail of Fire's free attacks, a shot kept up round after
        # round: the cursor stays on the model acting), else the first
        enemies = [rf[1]] if rf else targets(state, shooter)
        last = self.last_target(shooter)
        # one that fought enemies up close, neither moved since, attacks only enemies
        # within 1" (digest 3.1): those first, In assault range ticked
        close = [e for e in fought_up_close(state, shooter) if e in enemies]
        within = close or enemies
        target = (picked if picked in within else last if last in within
                  else (within[0] if within else ""))
        # half range is asked only of a gun it changes (Rapid Fire), and never of a shot
        # back up close: within 1" is within every half range
        up_close = rf is not None and rf[1] in fought_up_close(state, shooter)
        half = 0 if up_close else rapid_fire_range(state, shooter)
        # the enemies are all of one gang (two players): its player defends whichever
        hands, no_hand = hand_fields(state, shooter, target, "Attacker plays hand")
        # a shot back cannot be evaded and is made as near as the attack it answers: the
        # rules settle both, so neither is asked
        about = view.attack_about(state, shooter)
        fields = [form.one_of("target", "Target", enemies, target,
                              about=as_set(self, view.shot_back_about(
                                  state, shooter, rf[1], up_close=up_close))
                              if rf else about["target"]),
                  form.check("obscured", "Obscured sight", about=about["obscured"]),
                  form.one_of("cover", "Cover", COVERS, "none", about=about["cover"]),
                  *([] if rf else [form.check("evading", "Target evades",
                                              about=about["evading"])]),
                  *([form.check("half_range", f"In half range ({half}\")",
                                # a shot back is as near as the attack it answers
                                rf is not None and self.answered_in_half_range(rf),
                                about=about["half_range"])] if half else []),
                  *([] if rf else [form.check(
                      "assault_range", "In assault range",
                      # neither has moved since they fought up close (Hail of Fire's free
                      # attacks, the next activation): still within 1" of each other
                      target in close,
                      about=about["assault_range"])]),
                  *hands,
                  typed_field("The cards drawn from the table's own pack, in order: the "
                              "Battle Skill tests, then a Defence test a hit (and the test "
                              "at 0 HP if the table plays it); blank, the app draws")]

        def made(v: Values) -> Attack:
            against = contesting(state, v.text("target"))
            return Attack(shooter, v.text("target"), v.flag("obscured"),
                          v.text("cover") or "none", v.flag("evading"), v.flag("half_range"),
                          v.flag("assault_range"), v.flag("hand"),
                          contesting(state, shooter) if v.flag("contest") else (),
                          v.flag("defender_hand"), self.order(), v.text("typed"),
                          against if v.flag("defence_contest") else ())
        note = noted("Agreed: " + readings_in_words(
            state.settings, attack_readings(state, shooter, enemies, bool(half))), no_hand)
        title = f"{shooter} attacks"
        if rf:
            title = (f"{shooter} shoots back at {rf[1]} (Return Fire: +3, cannot be evaded"
                     f"{'; up close, as it was attacked' if up_close else ''})")
        elif hail:
            title = (f"{shooter} makes a free attack of Hail of Fire "
                     f"({plural(hail[1], 'free attack')} owed; w lets them go)")
        ask(self, Form(as_set(self, title), fields, note=note, on_change=hands_follow()),
            made, offer=self.hands_asked)

    def hands_asked(self, step: object) -> Offer | None:
        """The other players' choice of a hand against the one laid for the step's test,
        then, for an attack, the defender's player's, asked once the Battle Skill shows."""
        return lay_against(self.state, step)

    def answered_in_half_range(self, shot_back: tuple[str, str]) -> bool:
        """Whether the attack Return Fire answers (the newest standing of the shooter's
        target at him that gave it) was ticked as made in half range: the shot back is
        made from as near (the form left the box unticked, and Rapid Fire's shots were
        halved)."""
        campaign = self.campaign
        assert campaign is not None
        shooter, at = shot_back
        for event in reversed(campaign.events):
            if (event.kind == "devils_bluff.attacked" and not campaign.is_undone(event)
                    and event.data.get("return_fire") and event.data.get("fighter") == at
                    and event.data.get("target") == shooter):
                return event.data.get("half_range") is True
        return False

    def last_target(self, shooter: str) -> str:
        """The enemy `shooter` attacked last in the game being played, by the journal's
        steps still standing ("" when none), each by its name now: a name set right since
        (Rename) is followed, so a name freed and given to another model never makes that
        other the one attacked (round 34)."""
        campaign = self.campaign
        assert campaign is not None
        standing = [e for e in campaign.events if not campaign.is_undone(e)]
        start = max((i for i, e in enumerate(standing)
                     if e.kind == "devils_bluff.game_started"), default=len(standing))
        attacked: dict[str, str] = {}  # attacker -> the enemy it attacked last
        for event in standing[start:]:
            if event.kind == "devils_bluff.attacked":
                attacked[str(event.data.get("fighter", ""))] = str(event.data.get("target", ""))
            elif event.kind == "devils_bluff.renamed":
                old, new = str(event.data.get("fighter", "")), str(event.data.get("name", ""))
                attacked = {(new if a == old else a): (new if t == old else t)
                            for a, t in attacked.items()}
        return attacked.get(shooter, "")

    def parting_shot(self, attackers: tuple[str, ...], mover: str) -> None:
        """The free attack on a model leaving assault range: the highlighted enemy if it is
        one of those left behind, else the first of them."""
        picked = self.selected()
        shooter = picked if picked in attackers else attackers[0]
        # those left behind are all of one gang: its player lays the attacker's hand
        hands, no_hand = hand_fields(self.state, shooter, mover, "Attacker plays hand")
        about = view.attack_about(self.state, shooter)
        fields = [form.choose("shooter", "Attacker", list(attackers), shooter,
                              required=bool(attackers), about=(
                                  f"The enemy left behind that attacks {mover} now: each "
                                  "may, free, before the move; one that has not lets it go")),
                  form.check("obscured", "Obscured sight", about=about["obscured"]),
                  form.one_of("cover", "Cover", COVERS, "none", about=about["cover"]),
                  *hands,
                  typed_field()]

        def made(v: Values) -> Attack:
            attacker = v.text("shooter") or shooter
            # any other player may lay a hand against one laid for a test (module line 45)
            return Attack(attacker, mover, v.flag("obscured"), v.text("cover") or "none",
                          assault_range=True, hand=v.flag("hand"),
                          contest=contesting(self.state, attacker) if v.flag("contest")
                          else (),
                          defender_hand=v.flag("defender_hand"), order_by=self.order(),
                          typed=v.text("typed"),
                          defence_contest=contesting(self.state, mover)
                          if v.flag("defence_contest") else ())
        ask(self, Form(f"A free attack on {mover} as it leaves assault range", fields,
                       note=no_hand, on_change=hands_follow()), made,
            offer=self.hands_asked)

    def action_leave(self, action: str = "") -> None:
        """The move out of enemies' assault range; by a move's own key (`action`), from
        enemies it fought up close, where nothing ticked moves it as usual (the table
        says it stays within 1")."""
        state, name = self.state, self.acting_model()
        if state.battle is None or name is None:
            return
        moves = [m for m in ("Advance", "Rush") if why_not_move(state, m) is None]
        if action and action not in moves:
            self.send(Move(name, action))  # refused, saying why
            return
        enemies = targets(state, name)
        # the enemies it fought up close and has not moved from since are ticked
        fought = fought_up_close(state, name)
        fields = [form.choose("action", "Move", moves, action or moves[0], required=True,
                              about=f"The move that takes {name} away: the moves it has "
                                    "left this activation"),
                  *(form.check(f"leaving{i}", n, n in fought,
                               about=f"Ticked: {n} stands within 1\" of {name} and "
                                     "attacks it first, free")
                    for i, n in enumerate(enemies))]

        def made(v: Values) -> Move:
            left = tuple(n for i, n in enumerate(enemies) if v.flag(f"leaving{i}"))
            if not left and not action:
                raise RuleError("Assault range", "tick the enemies whose assault "
                                "range it leaves", field="leaving")
            return Move(name, v.text("action") or moves[0], left)
        note = noted(f"Tick each enemy within 1\" of {name}: each makes a free attack at "
                     "it first, then it moves.",
                     f"Ticked: those {name} fought up close since either moved."
                     if fought else "",
                     "Nothing ticked: it moves as usual, staying within 1\" of them."
                     if action else "")
        ask(self, Form(f"{name} leaves assault range of:", fields, note=note), made)

    def action_recover(self) -> None:
        name = self.acting_model()
        state = self.state
        if name is None:
            return
        others = contesting(state, name)
        hands, no_hand = hand_fields(state, name)
        fear, no_fear = fear_field(state, name)
        fields = [*hands, *fear, typed_field()]
        note = noted(view.recover_words(state, name),
                     "Agreed: " + readings_in_words(state.settings, ("fear_stacks",
                                                                      "recover_needs_token")),
                     no_hand, no_fear)
        # the keyboard starts on the cards' line, where Enter sends: a Recover by the top
        # card is c then Enter; the boxes above are shift+tab away (Enter ticks a box)
        ask(self, Form(f"{name} recovers", fields, note=note, focus="typed",
                       on_change=hands_follow()),
            lambda v: Recover(name, v.flag("hand"), others if v.flag("contest") else (),
                              v.number("feared_by", 0), self.order(), v.text("typed")),
            offer=self.hands_asked)

    def action_test(self) -> None:
        name = self.selected()
        state = self.state
        if name is None:
            return
        others = contesting(state, name)
        hands, no_hand = hand_fields(state, name)
        fear, no_fear = fear_field(state, name, " (a Command test only)")
        # side by side, CMD chosen: never a blank the rules refuse
        fields = [form.one_of("attribute", "Attribute", TESTED, "CMD",
                              about="The number the card must reach: SKL Battle Skill, DEF "
                                    "Defence, CMD Command"),
                  form.text("purpose", "For", about=view.TEST_FOR_ABOUT,
                            placeholder="what the test is for (may be left blank)"),
                  form.number("modifier", "Modifier", 0, about=view.MODIFIER_ABOUT),
                  *fear, *hands, typed_field()]
        note = noted("A Command test takes Fear's -3 and a Fearless model draws a failed "
                     "one again. Agreed: " + readings_in_words(state.settings,
                                                               ("fear_stacks",)), no_hand,
                     no_fear)
        ask(self, Form(f"{name} takes a test", fields, note=note, on_change=hands_follow()),
            # the app's range named by the form (a twenty-digit number too)
            lambda v: AttributeTest(name, v.text("attribute"),
                                    v.number("modifier", 0, least=-MOST_MODIFIER,
                                             most=MOST_MODIFIER),
                                    v.flag("hand"),
                                    others if v.flag("contest") else (), self.order(),
                                    v.text("typed"), v.number("feared_by", 0),
                                    v.text("purpose")),
            offer=self.hands_asked)

    def action_mend(self) -> None:
        name = self.selected()
        found = self.state.find(name) if name is not None else None
        if found is None:
            return
        fighter = found[1]
        note = (f"{fighter.name} has {fighter.hp} HP of {fighter.profile.hp} and "
                f"{fighter.tokens} of {MAX_TOKENS} tokens. No card moves; undo would take "
                "back every step since the mistake.")
        ask(self, Form(f"Correct {fighter.name}", [
            form.number("hp", "HP", fighter.hp, about=(
                f"The hit points {fighter.name} has in truth, 0 to {fighter.profile.hp}: at "
                "0 it is taken out")),
            form.one_of("tokens", "Tokens", [str(n) for n in range(MAX_TOKENS + 1)],
                        str(fighter.tokens)),
            form.text("reason", "Why", about="What went wrong, told in the log")],
            note=note),
            lambda v: Mend(fighter.name, v.number("hp"), v.number("tokens"), v.text("reason")))

    def action_resume(self) -> None:
        battle = self.state.battle
        if battle is not None and battle.ended is not None:
            self.send(Resume(battle.ended.fighter))

    def action_correct_card(self) -> None:
        state = self.state
        players = [p for p in state.players if state.hand(p)]
        about = as_set(self, "typed unseen, by the player who holds the hand (h or H shows it)")
        ask(self, Form("A card typed wrong into a hand", [
            form.one_of("player", "Whose hand", players, players[0] if players else "",
                        about="The player whose hand holds the card typed wrong"),
            form.cards("was", "Typed wrong", about=f"The card the app shows, {about}",
                       placeholder="the card the hand shows", secret=True),
            form.cards("card", "Really held", about="The card the player holds in truth",
                       placeholder="the card in the player's hand", secret=True)],
            note="The two change places: the one typed wrong goes back into the Draw Deck. "
                 "Neither is named in the log or on the players' screen."),
            lambda v: CorrectCard(v.text("player"), v.text("was"), v.text("card")))

    def action_correct_initiative(self) -> None:
        state = self.state
        players = list(state.players)
        ask(self, Form("An initiative card typed wrong", [
            form.one_of("player", "Whose card", players, players[0] if players else "",
                        about="The player whose initiative card was typed wrong"),
            form.cards("was", "Typed wrong", about="The initiative card the app shows",
                       placeholder="the card typed"),
            form.cards("card", "Really drawn", about="The card the player drew in truth",
                       placeholder="the card on the table")],
            note=f"{view.initiative_drawn(state)}. The two change places: the one typed "
                 "wrong goes back into the Draw Deck, and the order follows the totals."),
            lambda v: CorrectInitiative(v.text("player"), v.text("was"), v.text("card")))

    def action_forgo(self) -> None:
        self.send(Forgo())

    def action_end_activation(self) -> None:
        name = self.acting_model()
        if name is None:
            return
        # what ending it gives up is the Dealer's to weigh first (a free action, a move)
        let_go = let_go_on_ending(self.state)
        self.send(EndActivation(name), confirm=(
            f"End {name}'s activation, letting go {let_go}?" if let_go else None))

    def action_score(self) -> None:
        state = self.state
        # the player whose model acts, or acted last while no other has begun: a second
        # action (an Interact with an objective) ends the activation and passes the turn
        # at once, so the turn's player is the one whose model has done nothing yet (round
        # 34); before any has acted, the player whose turn it is. A score is always someone's
        battle = state.battle
        turn = battle.turn if battle is not None else ""
        acted = (battle.activation or battle.ended) if battle is not None else None
        gang = state.owner(acted.fighter) if acted is not None else None
        if gang is not None:
            turn = gang.player
        ask(self, Form("Score", [form.one_of("player", "Player", list(state.players),
                                             turn or state.players[0], about=(
                                                 "Who scores, for an objective the players "
                                                 "agreed before the game; the higher score "
                                                 "wins it")),
                                 form.number("points", "Points", 1, about=(
                                     "a minus takes back points given by mistake")),
                                 form.text("reason", "For", about=(
                                     "The objective scored, told in the log and the "
                                     "recap"))], note=as_set(self, view.objectives_note(state)),
                       # the keyboard starts on what is scored, typed every time: the
                       # player whose model acted and 1 point stand as a rule (round 33)
                       focus="reason"),
            # at most the app's 100 (a minus takes back, as far as the player has scored)
            lambda v: Score(v.text("player"), v.number("points", most=MOST_POINTS),
                            v.text("reason")))

    def action_agree_objectives(self) -> None:
        state = self.state
        if state.battle is None:
            self.send(AgreeObjectives(""))  # refused, saying the rule
            return
        ask(self, Form(f"Objectives for game {state.battle.number}", [
            form.text("text", "Objectives", state.battle.objectives,
                      about=view.OBJECTIVES_ABOUT),
            # the mission's rounds (digest 2.1, 77), the campaign's setting unless changed
            form.number("rounds", "Rounds", state.game_rounds(),
                        about=view.rounds_about(state))]),
            lambda v: AgreeObjectives(v.text("text"), v.number(
                "rounds", state.game_rounds(), least=1, most=MOST_ROUNDS)))

    def action_end_game(self) -> None:
        ask(self, Form("End the game", [form.text("note", "Note", about=(
            "Why it ends, if sooner than its rounds, or a word on it: told in the log "
            "after the result"))],
                       note=noted(end_game_note(self.state),
                                  one_off_ending(self.state),
                                  as_set(self, view.objectives_note(self.state)))),
            lambda v: EndGame(v.text("note")))
