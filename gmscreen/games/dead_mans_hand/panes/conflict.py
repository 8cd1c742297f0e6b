"""The Conflict tab: whose turn it is, the models on the table with their markers, and the
attack step by step (the cards drawn, what each would do, the odds of All In).

The app deals from its own pack with the campaign's seeded generator; the players may type
the cards they turned over instead: the set-up card and the attack's cards in their dialogs
(left blank, the app draws), the All In card with I, a recovery draw with V. Either way the
cards go into the command, so the journal replays without the generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.core.cards import Deck, card_codes
from gmscreen.games.dead_mans_hand.advice import all_in_advice, attack_preview, card_lines
from gmscreen.games.dead_mans_hand.attack import (
    attack_refused,
    card_count,
    move_refused,
    moved_far,
    moves_allowed,
)
from gmscreen.games.dead_mans_hand.commands import (
    DeclineSecondResult,
    Deploy,
    EndTurn,
    GoAllIn,
    LeaveTable,
    MakeAttack,
    PlayResult,
    RecoveryDraw,
    Reshuffle,
    SetUpGame,
    Surrender,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import (
    ATTACK_DRAWN,
    GAME_SET_UP,
    GAME_WON,
    RECOVERY_DRAWN,
    RESULT_PLAYED,
    SECOND_RESULT_DECLINED,
    SHOWDOWN_WON,
    WENT_ALL_IN,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, colour_of, show
from gmscreen.games.dead_mans_hand.panes.forms import AttackForm, AttackScreen, Choose, ask
from gmscreen.games.dead_mans_hand.panes.text import AskText, StepPane, model_row, notes
from gmscreen.games.dead_mans_hand.results import resolve
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.sheet import play_sheet
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Model, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move, weapon_name
from gmscreen.journal.campaign import Campaign

NO_CARD = "none"
MOVES = {Move.STILL: "Stand still: Long Shot allowed",
         Move.SLOW: "Slow, up to 10 yards",
         Move.QUICK: "Quick, up to 20 yards: one card down",
         Move.FLAT_OUT: "Flat out, up to 30 yards: no attack unless mounted"}


def move_dialog(model: Model, *, leaving: bool = False) -> tuple[str, list[tuple[str, Move]]]:
    """The move dialog's question and the moves offered: only those the model may make,
    and the question says why the others are not there (a Jack), or what a Queen forbids."""
    question = (f"{model.name} leaves by a table edge with" if leaving
                else f"How does {model.name} move?")
    if model.pinned:
        question += "\nPinned by a Jack: it may not move this time, only stand still."
    if model.shaken and not leaving:
        question += "\nStopped by a Queen: it may not attack this time."
    options = [(MOVES[move], move) for move in moves_allowed(model, leaving=leaving)]
    return question, options


def deal(pile: tuple[str, ...], discard: tuple[str, ...], count: int,
         rng: random.Random) -> tuple[tuple[str, ...], bool]:
    """`count` cards from the shuffled pile, and the discard shuffled back when it runs short
    (the decider then takes the discard back into the pile first, as the event says)."""
    count = min(count, len(pile) + len(discard))
    deck = Deck.from_codes(pile, discard).shuffled(rng)
    dealt, _ = deck.deal(count, rng, reshuffle_discards=True)
    return tuple(card_codes(dealt)), count > len(pile)


def tracker(state: MatchState) -> Text:
    """The lines over the table: the match and the game's set-up card, whose move it is, the
    pack."""
    text = Text()
    if state.format is Format.SHOWDOWN:
        text.append(f"Dramatic Showdown · game {state.game or '-'} · "
                    f"red {state.wins('red')}, black {state.wins('black')}", style="bold")
    else:
        scenario = SCENARIOS.get(state.scenario or "")
        title = scenario.title if scenario else "Free game"
        text.append(f"{title} · game {state.game or '-'}", style="bold")
    if state.setup_card and state.first:
        text.append(f" · set-up card {show(state.setup_card)}, {state.first} first")
    text.append("\n")
    text.append(_whose(state) + "\n")
    pack = state.pack
    if state.phase is Phase.BUILDING:
        text.append("Pack: dealt once a game is set up · play sheet: h", style="dim")
    else:
        coffins = len(pack.coffins)
        text.append(f"Pack: {len(pack.pile)} to draw, {len(pack.discard)} discarded, "
                    f"{coffins} coffin card{'' if coffins == 1 else 's'} · play sheet: h",
                    style="dim")
    return text


def _whose(state: MatchState) -> str:
    if state.phase is Phase.BUILDING:
        return "Build the posses (Characters tab), then set up a game: g"
    if state.phase is Phase.DEPLOYING:
        return f"Placing models: {state.deploying} places next (d)"
    if state.phase is Phase.OVER:
        return f"The {state.champion} posse wins the showdown."
    if state.phase is Phase.AFTER_GAME:
        record = state.games[-1]
        head = (f"Game {record.number} goes to {record.winner}." if record.winner
                else f"Game {record.number}: nobody left standing.")
        fallen = [m.name for m in state.models() if m.status is Status.DOWN]
        if state.format is Format.SHOWDOWN and fallen:
            return f"{head} Draw for the fallen (v): {', '.join(fallen)}"
        return f"{head} Set up the next game: g"
    turn = state.turn
    assert turn is not None
    if turn.in_use is None:
        return f"Turn {turn.number}: {turn.colour} uses a model (u), or leaves (l)"
    assert turn.move is not None
    if state.attack:
        doing = "attacking"
    elif attack_barred(state):
        doing = ("stopped by a Queen" if turn.stopped else "on foot") + \
            ", so no attack: end the turn (e)"
    else:
        doing = "attack (a) or end the turn (e)"
    moved = "stood still" if turn.move is Move.STILL else f"moved {turn.move.value}"
    return f"Turn {turn.number}: {turn.colour} · {turn.in_use} {moved}, {doing}"


def attack_barred(state: MatchState) -> str | None:
    """Why the model in use may not attack after its move (a Queen, flat out on foot)."""
    turn = state.turn
    model = state.find(turn.in_use) if turn and turn.in_use else None
    if turn is None or model is None or turn.move is None:
        return None
    return attack_refused(model, turn.move, stopped=turn.stopped)


#: the pane's actions that belong to a moment of the game (see `steps_now`)
STEPS = frozenset({"set_up", "deploy", "use", "leave", "attack", "end_turn", "all_in",
                   "all_in_typed", "play", "surrender", "recover", "recover_typed", "reshuffle"})


def steps_now(state: MatchState) -> frozenset[str]:
    """The steps that apply at this moment of the game, as the line over the table names
    them: the keys of the others do nothing and the footer leaves them out."""
    phase = state.phase
    fallen = any(m.status is Status.DOWN for m in state.models())
    steps: set[str] = set()
    if phase is Phase.BUILDING or (phase is Phase.AFTER_GAME and not (
            fallen and state.format is Format.SHOWDOWN)):
        steps.add("set_up")
    if phase in (Phase.AFTER_GAME, Phase.OVER) and fallen:
        steps |= {"recover", "recover_typed"}
    if phase in (Phase.DEPLOYING, Phase.PLAYING, Phase.AFTER_GAME) and state.pack.discard:
        steps.add("reshuffle")
    if phase is Phase.DEPLOYING:
        steps.add("deploy")
    turn = state.turn
    if phase is not Phase.PLAYING or turn is None:
        return frozenset(steps)
    attack = state.attack
    if attack is not None:
        steps.add("play")
        if not attack.all_in and not attack.results:
            steps |= {"all_in", "all_in_typed"}
    elif turn.in_use is None:
        steps |= {"use", "leave", "surrender"}
    else:
        steps |= {"end_turn", "surrender"}
        if not turn.attacked and attack_barred(state) is None:
            steps.add("attack")
    return frozenset(steps)


def step_refused(state: MatchState, action: str) -> str | None:
    """Why a step of the game does not apply now, or None when it does: what its key says
    when pressed while the footer leaves it out."""
    if action not in STEPS or action in steps_now(state):
        return None
    phase, turn, attack = state.phase, state.turn, state.attack
    fallen = [m.name for m in state.models() if m.status is Status.DOWN]
    if action in ("all_in", "all_in_typed"):
        if attack is None:
            return "All In adds a card to an attack, and no attack is under way."
        if attack.all_in:
            return "An attack goes all in once."
        return "All In comes before the result card is chosen."
    if action == "play":
        return "No attack is under way: there is no card to play."
    if attack is not None:
        return (f"{attack.attacker}'s attack on {attack.target} is being resolved: "
                "play its result card first (p).")
    if action == "set_up":
        if phase is Phase.OVER:
            return f"The {state.champion} posse has won the showdown."
        if phase is Phase.AFTER_GAME:
            return "Draw for the fallen first (v): " + ", ".join(fallen)
        return f"Game {state.game} is under way; the next is set up when it ends."
    if action in ("recover", "recover_typed"):
        if fallen and phase is Phase.PLAYING:
            return "The fallen draw for their lives once the game is over."
        return "Nobody lies on a coffin card."
    if action == "reshuffle":
        if phase in (Phase.BUILDING, Phase.OVER):
            return "The pack is dealt only once a game is set up."
        return "The discard is empty: nothing to shuffle back."
    if action == "deploy":
        if phase is Phase.BUILDING:
            return "Set up a game first (g): its card says who places the first model."
        return "Every model is placed already."
    if phase is not Phase.PLAYING or turn is None:
        return "No game is being played: " + _whose(state)
    if action in ("use", "leave"):
        return f"{turn.in_use} is being used this turn: attack (a) or end the turn (e)."
    if action == "attack" and turn.in_use is not None:
        if turn.attacked:
            return f"{turn.in_use} has attacked already this use: end the turn (e)."
        return f"{attack_barred(state)}: end the turn (e)."
    return "Use a model first (u): each turn uses one model, its move first."


#: what the last attack did, as the log tells it, and the draws for the fallen after it
ATTACK_KINDS = frozenset({ATTACK_DRAWN, WENT_ALL_IN, RESULT_PLAYED, SECOND_RESULT_DECLINED,
                          GAME_WON, SHOWDOWN_WON, RECOVERY_DRAWN})


def last_attack(campaign: Campaign[Any]) -> list[str]:
    """The log's lines of the newest attack of this game, so the players see what to change
    on the table after the result cards are played, and then who pulled through."""
    lines: list[str] = []
    for event in reversed(campaign.events):
        if campaign.is_undone(event):
            continue
        if event.kind == GAME_SET_UP:
            return []
        if event.kind in ATTACK_KINDS:
            lines.append(campaign.describe(event))
            if event.kind == ATTACK_DRAWN:
                return lines[::-1]
    return []


def attack_panel(state: MatchState, last: list[str] | None = None) -> Text:
    attack = state.attack
    text = Text()
    if attack is None:
        if last:
            text.append("The last attack\n", style="bold")
            text.append("\n".join(last))
        else:
            text.append("No attack under way.", style="dim")
        return text
    text.append(f"{attack.attacker} attacks {attack.target} with {weapon_name(attack.weapon)} "
                f"at {attack.yards} yards\n", style="bold")
    for number, (card, says, open_) in enumerate(card_lines(state), start=1):
        colour = colour_of_shown(card)
        text.append(f" {number} ", style="reverse" if open_ else "dim")
        text.append(f" {card:>3} ", style=colour)
        text.append(says + "\n", style="" if open_ else "dim")
    advice = all_in_advice(state)
    if advice:
        text.append(advice + "\n", style="italic")
    if attack.awaiting_second:
        text.append(f"{attack.target} may take a second card, or none: p", style="bold")
    elif not attack.results:
        more = "" if attack.all_in else "; All In: i"
        text.append(f"Play the result card: p{more}", style="bold")
    return text


def model_detail(model: Model) -> Text:
    """The highlighted model's weapons in full under the table (at 80 columns the Weapons
    column is out of sight), and those it has lost this game; its status and markers too,
    which the Notes column cuts short at 80 columns."""
    text = Text()
    text.append(model.name, style="bold")
    said = notes(model)
    if said:
        text.append(f" ({said})")
    carried = ", ".join(weapon_name(w) for w in model.weapons) or "no weapon"
    text.append(f": {carried}")
    lost = [weapon_name(w) for w in model.kit if w not in model.weapons]
    if lost and model.status is not Status.RESERVE:
        text.append(f" · lost: {', '.join(lost)}", style="dim")
    return text


def sheet_text() -> Text:
    text = Text()
    for heading, lines in play_sheet():
        text.append(f"\n{heading}\n", style="bold")
        text.append("\n".join(lines) + "\n")
    return text


def colour_of_shown(card: str) -> str:
    if card == "Joker":
        return "bold"
    return "bold red" if card[-1] in "♥♦" else "bold"


class ConflictPane(StepPane):
    """The game on the table."""

    DEFAULT_CSS = """
    ConflictPane #tracker { height: auto; padding: 0 1; border-bottom: solid $primary; }
    ConflictPane Horizontal { height: 1fr; }
    ConflictPane #table-side { width: 1fr; min-width: 40; height: 1fr; }
    ConflictPane DataTable { height: 1fr; }
    ConflictPane #detail { height: auto; padding: 0 1; border-top: solid $primary; }
    ConflictPane #attack-scroll { width: 1fr; min-width: 36; height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "set_up", "Set up game", id="dmh.set_up",
                tooltip="The card whose colour places and acts first: type the one turned "
                "over, or leave it blank and the app draws"),
        Binding("d", "deploy", "Deploy", id="dmh.deploy", tooltip="Place the highlighted model"),
        Binding("u", "use", "Use model", id="dmh.use",
                tooltip="Use the highlighted model: pick its move"),
        Binding("a", "attack", "Attack", id="dmh.attack",
                tooltip="Measure, pick target and weapon, and draw"),
        Binding("i", "all_in", "All In", id="dmh.all_in", tooltip="Draw one more card"),
        Binding("p", "play", "Play card", id="dmh.play",
                tooltip="Pick the result card (or the target's second card) among those drawn"),
        Binding("e", "end_turn", "End turn", id="dmh.end_turn"),
        Binding("l", "leave", "Leave table", id="dmh.leave",
                tooltip="The highlighted model goes off by a table edge"),
        # rare steps: by key and palette, so the footer keeps to what comes next at 80 columns
        Binding("y", "surrender", "Surrender", id="dmh.surrender", show=False,
                tooltip="The highlighted model gives up for good"),
        Binding("v", "recover", "Recovery draw", id="dmh.recover",
                tooltip="Draw for a fallen model after a showdown game"),
        Binding("R", "reshuffle", "Reshuffle", id="dmh.reshuffle", show=False,
                tooltip="The discard goes back into the pile"),
        Binding("h", "sheet", "Play sheet", id="dmh.sheet", show=False,
                tooltip="The moves, weapons, result card and cards to draw, below the attack"),
        Binding("z", "undo_attack", "Undo attack", id="dmh.undo_attack", show=False,
                tooltip="Take back the last attack as one step: its cards return to the pack"),
        # the players' own cards instead of the app's deal
        Binding("I", "all_in_typed", "All In with a card turned over", id="dmh.all_in_typed",
                show=False),
        Binding("V", "recover_typed", "Recovery draw with a card turned over",
                id="dmh.recover_typed", show=False),
    ]

    _mover: tuple[Phase, str | None] | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in STEPS or self.campaign is None:
            return True
        return action in steps_now(self.state)

    def why_not(self, action: str) -> str | None:
        return step_refused(self.state, action)

    def compose(self) -> ComposeResult:
        yield Static("", id="tracker")
        with Horizontal():
            with Vertical(id="table-side"):
                table: DataTable[Any] = DataTable(id="models", cursor_type="row")
                table.add_columns("", "Name", "Val", "Hits", "Notes", "Weapons")
                yield table
                yield Static("", id="detail")
            with VerticalScroll(id="attack-scroll"):
                yield Static("", id="attack")
                yield Static(sheet_text(), id="sheet")

    @property
    def state(self) -> MatchState:
        assert self.campaign is not None
        state: MatchState = self.campaign.state
        return state

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        state = self.state
        self.query_one("#tracker", Static).update(tracker(state))
        last = last_attack(campaign) if state.attack is None else None
        self.query_one("#attack", Static).update(attack_panel(state, last))
        table = self.query_one("#models", DataTable)
        # when the move passes to the other side, highlight its first model
        mover = (state.phase, state.turn.colour if state.turn else state.deploying)
        row = table.cursor_row if mover == self._mover else 0
        self._mover = mover
        table.clear()
        for model in self._listed(state):
            side = Text("R" if model.colour == "red" else "B",
                        style="bold red" if model.colour == "red" else "bold")
            name, value, hits, weapons, marks = model_row(model)
            table.add_row(side, name, value, hits, marks, weapons, key=model.name)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self._show_detail()

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        model = self._highlighted()
        self.query_one("#detail", Static).update(model_detail(model) if model else Text())

    def _listed(self, state: MatchState) -> list[Model]:
        """The models worth showing now: all but the dead; whose turn it is comes first."""
        models = [m for m in state.models() if m.status is not Status.DEAD]
        mover = state.turn.colour if state.turn else state.deploying
        return sorted(models, key=lambda m: (m.colour != mover, not m.on_table))

    def _highlighted(self) -> Model | None:
        table = self.query_one("#models", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self.state.find(str(key)) if key is not None else None

    def _rng(self, purpose: str) -> random.Random:
        assert self.campaign is not None
        return self.campaign.rng(f"dead-mans-hand.{purpose}")

    # -- actions ----------------------------------------------------------------------------

    def action_set_up(self) -> None:
        ask(self, AskText("The card turned over to set up (its colour places and acts first)",
                          placeholder="blank: the app draws"), self._set_up)

    def _set_up(self, text: str) -> SetUpGame:
        if text.strip():
            return SetUpGame(text.strip())
        # a Joker has no colour: the players draw again, and so does the app
        order = card_codes(Deck.from_codes(FULL_PACK).shuffled(self._rng("setup")))
        return SetUpGame(next(c for c in order if colour_of(c) is not None))

    def action_deploy(self) -> None:
        state = self.state
        model = self._highlighted()
        if model is None or model.colour != state.deploying or model.status is not Status.RESERVE:
            model = next((m for m in state.models() if m.colour == state.deploying
                          and m.status is Status.RESERVE), None)
        if model is None:
            self.notify("Nobody is waiting to be placed.", severity="warning", markup=False)
            return
        self.send(Deploy(model.name))

    def _pick_own(self) -> Model | None:
        state, model = self.state, self._highlighted()
        if state.turn is None:
            self.notify("No game is being played.", severity="warning", markup=False)
            return None
        if model is None or model.colour != state.turn.colour or not model.on_table:
            self.notify(f"Highlight a {state.turn.colour} model on the table.",
                        severity="warning", markup=False)
            return None
        return model

    def action_use(self) -> None:
        model = self._pick_own()
        if model is None:
            return

        ask(self, Choose(*move_dialog(model)), lambda move: UseModel(model.name, move))

    def action_leave(self) -> None:
        model = self._pick_own()
        if model is None:
            return

        question, options = move_dialog(model, leaving=True)
        if not options:  # leaving takes a move, and a Jack forbids every one
            self.notify(f"{move_refused(model, Move.SLOW)}: leaving by a table edge takes a "
                        "move.", severity="warning", markup=False)
            return

        ask(self, Choose(question, options), lambda move: LeaveTable(model.name, move))

    def action_attack(self) -> None:
        state = self.state
        turn = state.turn
        attacker = state.find(turn.in_use) if turn and turn.in_use else None
        if turn is None or attacker is None or turn.move is None:
            self.notify("Use a model first (u): its move comes before its attack.",
                        severity="warning", markup=False)
            return
        move = turn.move
        targets = [m.name for m in state.models() if m.on_table and m.colour != attacker.colour]
        weapons = [(weapon_name(w), w) for w in attacker.weapons]
        if not weapons or not targets:
            self.notify(f"{attacker.name} has nothing to attack with or at.",
                        severity="warning", markup=False)
            return

        def preview(form: AttackForm) -> str:
            return attack_preview(self.state, form.target, form.weapon, form.yards,
                                  friends_near=form.friends_near, from_behind=form.from_behind,
                                  cover=form.cover)

        def attack(form: AttackForm) -> MakeAttack:
            target = self.state.find(form.target)
            moving = target.moving_target if target else False
            if form.typed_cards.strip():
                cards = tuple(form.typed_cards.replace(",", " ").split())
                reshuffled = False
            else:
                count = card_count(form.weapon, friends_near=form.friends_near,
                                   from_behind=form.from_behind, cover=form.cover,
                                   target_moving=moving, attacker_moved_far=moved_far(move))
                pack = self.state.pack
                cards, reshuffled = deal(pack.pile, pack.discard, count.total, self._rng("attack"))
            return MakeAttack(form.target, form.weapon, form.yards, cards, form.friends_near,
                              form.from_behind, form.cover, reshuffled)

        ask(self, AttackScreen(attacker.name, targets, weapons, preview), attack)

    def action_all_in(self) -> None:
        pack = self.state.pack
        cards, reshuffled = deal(pack.pile, pack.discard, 1, self._rng("all-in"))
        if cards:
            self.send(GoAllIn(cards[0], reshuffled))

    def action_play(self) -> None:
        state = self.state
        attack = state.attack
        if attack is None:
            self.notify("No attack is under way.", severity="warning", markup=False)
            return
        second = attack.awaiting_second
        who = attack.target if second else attack.attacker
        options: list[tuple[str, str]] = [
            (f"{card}: {says}", str(number))
            for number, (card, says, open_) in enumerate(card_lines(state)) if open_
        ]
        if second:
            options.append(("Take no second card", NO_CARD))

        def chosen(picked: str | None) -> None:
            if picked == NO_CARD:
                self.send(DeclineSecondResult())
            elif picked is not None:
                self._play(attack.cards[int(picked)], second)

        self.app.push_screen(Choose(f"{who} plays which card?", options), chosen)

    def _play(self, card: str, second: bool) -> None:
        attack = self.state.attack
        assert attack is not None
        attacker, target = self.state.find(attack.attacker), self.state.find(attack.target)
        assert attacker is not None and target is not None
        outcome = resolve(card, attacker, target, attack.weapon, attack.yards)

        def play(weapon_lost: str | None) -> None:
            self.send(TakeSecondResult(card, weapon_lost) if second
                      else PlayResult(card, weapon_lost))

        if not outcome.needs_choice:
            play(None)
            return
        options = [(weapon_name(w), w) for w in outcome.choices]
        self.app.push_screen(Choose(f"{outcome.loser} gives up which weapon?", options),
                             lambda weapon: None if weapon is None else play(weapon))

    def action_end_turn(self) -> None:
        self.send(EndTurn())

    def action_surrender(self) -> None:
        model = self._highlighted()
        if model is None:
            return
        self.send(Surrender(model.name),
                  confirm=f"{model.name} surrenders and is out for the rest of the showdown?")

    def action_recover(self) -> None:
        state = self.state
        model = self._fallen()
        if model is None:
            return
        cards, _ = deal(state.pack.pile, (), 1, self._rng("recovery"))
        self.send(RecoveryDraw(model.name, cards[0]))

    def action_sheet(self) -> None:
        """Bring the play sheet into sight; the arrows scroll it."""
        self.query_one("#attack-scroll", VerticalScroll).focus()
        self.query_one("#sheet", Static).scroll_visible(top=True, animate=False)

    def action_reshuffle(self) -> None:
        self.send(Reshuffle())

    def action_undo_attack(self) -> None:
        """Back to just before the newest attack still standing in the journal."""
        campaign = self.campaign
        assert campaign is not None
        drawn = [e for e in campaign.events
                 if e.kind == ATTACK_DRAWN and not campaign.is_undone(e)]
        if not drawn:
            self.notify("There is no attack to take back.", severity="warning", markup=False)
            return
        self.post_message(self.UndoRequested(self, drawn[-1].seq - 1))

    def _typed_card(self, question: str, command: Callable[[str], Any]) -> None:
        """Ask for a card turned over; nothing typed sends nothing."""
        ask(self, AskText(question),
            lambda text: command(text.strip()) if text.strip() else None)

    def action_all_in_typed(self) -> None:
        self._typed_card("The All In card turned over", GoAllIn)

    def action_recover_typed(self) -> None:
        fallen = self._fallen()
        if fallen is not None:
            self._typed_card(f"The card turned over for {fallen.name}",
                             lambda card: RecoveryDraw(fallen.name, card))

    def _fallen(self) -> Model | None:
        """The highlighted model lying on its coffin card, or the first one."""
        model = self._highlighted()
        if model is None or model.status is not Status.DOWN:
            model = next((m for m in self.state.models() if m.status is Status.DOWN), None)
        if model is None:
            self.notify("Nobody lies on a coffin card.", severity="warning", markup=False)
        return model
