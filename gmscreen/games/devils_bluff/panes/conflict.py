"""The Conflict tab: the game being played, round by round.

The status says the round, whose turn it is, who is activating and what the last test did.
Each player's hand is face down until that player asks to see it (h for the first gang's
player, H for the second's); it is hidden again at the next key or change, so the other
player never sees it. The models table shows every model's hit points, tokens and whether
it has activated, the models of the player whose turn it is first; below it, the chance
that the next card passes the selected model's tests, counted from the cards still in the
Draw Deck.

The app draws every card itself, or takes the cards a table drew from its own pack: the
attack, Recover and test forms have a line for them, and Y, R and D (in the palette too)
are the deployment roll-off, the round and a card drawn, typed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    Deploy,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Forgo,
    Move,
    PlaceScout,
    Recover,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import chance_to_pass, shuffle_order
from gmscreen.games.devils_bluff.gangs import weapons
from gmscreen.games.devils_bluff.hands import HAND_SIZE, describe_hand, drawn_card
from gmscreen.games.devils_bluff.panes.form import (
    BluffForm,
    Field,
    ask,
    check,
    choose,
    pick,
    secret,
    text,
)
from gmscreen.games.devils_bluff.panes.steps import StepPane
from gmscreen.games.devils_bluff.rules import (
    SCOUT_DISTANCE,
    activatable,
    drawers,
    must_discard,
    why_not_activate,
    why_not_attack,
    why_not_deploy,
    why_not_draw,
    why_not_end_activation,
    why_not_end_game,
    why_not_forgo,
    why_not_leave,
    why_not_move,
    why_not_place_scout,
    why_not_recover,
    why_not_score,
    why_not_settled,
    why_not_start_game,
    why_not_start_round,
    why_not_test,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState, Gang, readings_in_words
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

COVERS = ["none", "light", "heavy"]
#: the settings an attack depends on, shown on its form
ATTACK_SETTINGS = ("rapid_fire", "stealth_in_assault", "guns_in_assault", "rending",
                   "suppressing", "evade_token_always", "injuries", "ace_fails",
                   "king_capped_first")


#: the line a form gives the cards a table drew from its own pack
TYPED_ABOUT = ("The cards drawn from the table's own pack, in the order drawn (7h 10s Q♠); "
               "left blank, the app draws them.")


def typed_field(about: str = TYPED_ABOUT) -> Field:
    return text("typed", "Table's cards", "", about)


def by_player(state: DevilsBluffState, values: dict[str, Any], key: str = "typed"
              ) -> tuple[tuple[str, str], ...]:
    """Each player's typed cards from the form's fields key0, key1..."""
    return tuple((p, values.get(f"{key}{i}", "")) for i, p in enumerate(state.players))


def gangs_in_turn(state: DevilsBluffState) -> list[Gang]:
    """The gangs, the one whose player's turn it is first; then by initiative."""
    battle = state.battle
    order = list(battle.order) if battle is not None else []
    first = battle.turn if battle is not None else ""
    return sorted(state.gangs, key=lambda g: (g.player != first, order.index(g.player)
                                               if g.player in order else len(order)))


class ConflictPane(StepPane):
    """The round, the turn, the hands (hidden), the models and the odds of the next card."""

    DEFAULT_CSS = """
    ConflictPane #bluff-status { height: auto; max-height: 5; }
    ConflictPane #bluff-hands { height: auto; border-top: solid $primary; }
    ConflictPane DataTable { height: 1fr; }
    ConflictPane #bluff-odds { height: auto; max-height: 3; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "show_hand(0)", "Hand 1", id="devils_bluff.hand_first",
                tooltip="Show or hide the first gang's player's hand (for their eyes only)"),
        Binding("H", "show_hand(1)", "Hand 2", id="devils_bluff.hand_second",
                tooltip="Show or hide the second gang's player's hand (for their eyes only)"),
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
                tooltip="Choose the model to activate: the highlighted one is offered"),
        Binding("d", "draw", "Draw", id="devils_bluff.draw",
                tooltip="Draw one card on your turn; a full hand discards one it held"),
        # the table's own cards, typed: by key and palette, named in the tab's note
        Binding("Y", "deploy(True)", "Deploy, typed cards", id="devils_bluff.deploy_typed",
                show=False, tooltip="The deployment roll-off with the cards the table drew"),
        Binding("R", "start_round(True)", "Round, typed cards",
                id="devils_bluff.start_round_typed", show=False,
                tooltip="Initiative and the hands with the cards the table drew and dealt"),
        Binding("D", "draw(True)", "Draw, typed card", id="devils_bluff.draw_typed",
                show=False, tooltip="Draw with the card the player took from the table's pack"),
        Binding("v", "move('Advance')", "Advance", id="devils_bluff.advance"),
        Binding("u", "move('Rush')", "Rush", id="devils_bluff.rush"),
        Binding("i", "move('Interact')", "Interact", id="devils_bluff.interact"),
        # rare: by key and palette, named in the status, so the footer fits 80 columns
        Binding("l", "leave", "Leave assault range", id="devils_bluff.leave", show=False,
                tooltip="Advance or Rush out of enemies' assault range: they attack first"),
        Binding("f", "attack", "Attack", id="devils_bluff.attack",
                tooltip="The activating model attacks the selected one"),
        Binding("c", "recover", "Recover", id="devils_bluff.recover",
                tooltip="A Command test to shed suppression tokens"),
        Binding("t", "test", "Test", id="devils_bluff.test",
                tooltip="Any other test of the selected model: the top card or a hand"),
        Binding("w", "forgo", "Forgo free", id="devils_bluff.forgo",
                tooltip="Let go the free action an ability offers at once: Return Fire's "
                        "shot back, Hail of Fire's attacks, Run and Gun's Advance"),
        Binding("e", "end_activation", "Done", id="devils_bluff.end_activation",
                tooltip="End the activating model's activation"),
        Binding("s", "score", "Score", id="devils_bluff.score"),
        Binding("x", "end_game", "End game", id="devils_bluff.end_game"),
    ]

    #: whose hand is shown face up now ("" for none)
    shown_hand = ""

    def compose(self) -> ComposeResult:
        yield Static(id="bluff-status", markup=False)
        yield Static(id="bluff-hands", markup=False)
        yield DataTable(id="bluff-models", cursor_type="row", zebra_stripes=True)
        yield Static(id="bluff-odds", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#bluff-models", DataTable)
        table.add_columns("Model", "Weapon", "HP", "Tok", "Now", "MOV", "SKL", "DEF", "CMD",
                          "Player")
        self.redraw()

    def why_not(self, action: str, parameters: tuple[object, ...]) -> RuleError | None:
        """The rules' reason an action does not apply now (see `StepPane`)."""
        state = self.state
        if state is None:
            return None
        if action == "show_hand":
            index = parameters[0]
            if isinstance(index, int) and index >= len(state.players):
                return RuleError("The Hand", "no gang of that player is founded yet")
            return None
        if action == "draw":
            if parameters and parameters[0]:
                refusal = why_not_settled(state)
                if refusal is not None:
                    return refusal
            elif must_discard(state):
                return None
            if drawers(state):
                return None
            battle = state.battle
            player = battle.turn if battle is not None and battle.turn else ""
            return why_not_draw(state, player or (state.players or ("",))[0])
        if action == "move":
            return why_not_move(state, str(parameters[0]))
        if action == "test":
            return why_not_test(state) or (None if self.selected() else RuleError(
                "Tests", "highlight the model that takes the test"))
        asks = {"start_game": why_not_start_game, "deploy": why_not_deploy,
                "place_scout": why_not_place_scout, "start_round": why_not_start_round,
                "activate": why_not_activate, "leave": why_not_leave,
                "attack": why_not_attack, "recover": why_not_recover,
                "end_activation": why_not_end_activation, "forgo": why_not_forgo,
                "score": why_not_score,
                "end_game": why_not_end_game}
        ask_rules = asks.get(action)
        return ask_rules(state) if ask_rules is not None else None

    def quiet(self, action: str, parameters: tuple[object, ...]) -> bool:
        """While a model acts, scoring and ending the game leave the footer to its actions
        (so it fits 80 columns); both keys still work."""
        state = self.state
        acting = state is not None and state.battle is not None and \
            state.battle.activation is not None
        return acting and action in ("score", "end_game")

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        self.shown_hand = ""
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> DevilsBluffState | None:
        return self.campaign.state if self.campaign is not None else None

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        state = self.state
        if state is None:
            return
        self.query_one("#bluff-status", Static).update(self.status(state))
        self.query_one("#bluff-hands", Static).update(self.hands(state))
        table = self.query_one("#bluff-models", DataTable)
        row = table.cursor_row
        table.clear()
        activating = state.battle.activation.fighter if state.battle and \
            state.battle.activation else ""
        for gang in gangs_in_turn(state):
            for f in gang.fighters:
                now = ("out" if f.out else "ACTING" if f.name == activating
                       else "done" if f.activated else "ready")
                p = f.profile
                table.add_row(Text(f.name), Text(f.recruit.weapon),
                              Text(f"{f.hp}/{p.hp}"), Text(str(f.tokens)), Text(now),
                              Text(str(p.mov)), Text(f"{p.skl}+"), Text(f"{p.defence}+"),
                              Text(f"{p.cmd}+"), Text(gang.player), key=f.name)
        if table.row_count:
            table.move_cursor(row=self.turn_row(state, min(row, table.row_count - 1)))
        self.odds()

    def turn_row(self, state: DevilsBluffState, row: int) -> int:
        """Between activations, the cursor goes to a model of the player whose turn it is
        (the first ready one) unless it is on one already, so 'a' activates at once."""
        battle = state.battle
        if battle is None or not battle.turn or battle.activation is not None:
            return row
        gang = state.gang(battle.turn)
        ready = [f.name for f in gang.fighters if f.ready] if gang is not None else []
        if not ready:
            return row
        table = self.query_one("#bluff-models", DataTable)
        current = table.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
        return row if current in ready else table.get_row_index(ready[0])

    def status(self, state: DevilsBluffState) -> Text:
        out = Text()
        battle = state.battle
        if battle is None:
            out.append("No game is being played. ", style="bold")
            out.append("Press g to shuffle the Draw Deck and begin one."
                       if state.mode else "Set up the gangs on the Characters tab first.")
            return out
        out.append(f"Game {battle.number}", style="bold")
        rounds = state.setting("rounds")
        if battle.round == 0:
            out.append(f" · {rounds} rounds")
            out.append(self.deployment(state))
        else:
            out.append(f" · Round {battle.round} of {rounds} · initiative "
                       f"{' then '.join(battle.order)}")
            if battle.activation is not None:
                act = battle.activation
                out.append(f"\n{act.fighter} is activating: {act.actions_left} action"
                           f"{'s' if act.actions_left != 1 else ''} left")
                if act.taken:
                    out.append(f" (taken: {', '.join(act.taken)})")
                if act.free_attacks:
                    out.append(f"; {act.free_attacks} free attacks (Hail of Fire; w lets "
                               "them go)")
                if act.free_advance:
                    out.append("; a free Advance (Run and Gun; w lets it go)")
                if not act.taken and battle.parting is None:
                    out.append(" · l: move out of assault range", style="dim")
            elif battle.turn:
                out.append(f"\n{battle.turn}'s turn to activate a model (a)", style="bold")
            else:
                out.append("\nEvery model has activated: press r for the next round"
                           if battle.round < rounds else "\nThe last round is over: press x")
            if battle.parting is not None:
                parting = battle.parting
                key = "v" if parting.action == "Advance" else "u"
                waiting = (f"{', '.join(parting.attackers)} may attack first (f); "
                           if parting.attackers else "")
                out.append(f"\n{parting.mover} leaves assault range: {waiting}"
                           f"{key} makes the {parting.action}")
            if battle.return_fire is not None:
                out.append(f"\n{battle.return_fire[0]} may shoot back at "
                           f"{battle.return_fire[1]} (Return Fire: +3, cannot be evaded; "
                           "w lets it go)")
        out.append(f"\nDraw Deck {state.deck.remaining} · discards "
                   f"{len(state.deck.discards)}")
        scores = ", ".join(f"{p} {battle.score(p)}" for p in state.players)
        out.append(f" · scores {scores}")
        if state.last:
            out.append(f"\n{state.last}")
        return out

    def deployment(self, state: DevilsBluffState) -> str:
        """What the table does before the first round, so nobody opens the rulebook."""
        battle = state.battle
        assert battle is not None
        if not battle.deployment:
            return "\nPress y to draw for who picks a deployment area and deploys first"
        first, *rest = battle.deployment
        how = ("one model at a time by turns" if state.setting("deployment") ==
               "model by model" else "the whole gang, then " + ", then ".join(rest))
        line = (f"\n{first} picks a deployment area and deploys first, {how}; "
                f"all wholly within their own area")
        if battle.scouts:
            return line + (f". Then the scouts one at a time, more than {SCOUT_DISTANCE}\" "
                           f"from every enemy: {', '.join(battle.scouts)}. Press p to place "
                           f"{battle.scouts[0]}")
        return line + ". Press r for round 1"

    def hands(self, state: DevilsBluffState) -> Text:
        out = Text()
        keys = ["h", "H"]
        for i, player in enumerate(state.players):
            cards = state.hand(player)
            if i:
                out.append("\n")
            out.append(f"{player}: ", style="bold")
            if player == self.shown_hand:
                out.append(" ".join(str(c) for c in cards) or "no cards")
                out.append(f"  ({describe_hand(cards)})", style="italic")
            elif not cards:
                out.append("no cards")
            else:
                out.append("▮ " * len(cards))
                key = keys[i] if i < len(keys) else ""
                out.append(f" {len(cards)} face down" + (f" ({key} to look)" if key else ""),
                           style="dim")
            if player in drawers(state):
                out.append("  may draw (d)", style="italic")
            if len(cards) > HAND_SIZE:
                out.append("  discards one held before (d)", style="bold")
        return out

    def selected(self) -> str | None:
        table = self.query_one("#bluff-models", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.odds()

    def odds(self) -> None:
        state, name = self.state, self.selected()
        found = state.find(name) if state and name else None
        out = Text()
        if state is not None and found is not None:
            fighter = found[1]
            p = fighter.profile
            parts = []
            for label, target, modifier in (("SKL", p.skl, -2 * fighter.tokens),
                                            ("DEF", p.defence, 0), ("CMD", p.cmd, 0)):
                good, total = chance_to_pass(state.deck, target, modifier,
                                             **state.card_readings())
                share = f"{100 * good // total}%" if total else "-"
                parts.append(f"{label} {target}+ {good}/{total} ({share})")
            out.append(f"Next card for {fighter.name}: ", style="bold")
            out.append(" · ".join(parts))
            if fighter.tokens:
                out.append(f"  (SKL with -{2 * fighter.tokens} for tokens)")
        self.query_one("#bluff-odds", Static).update(out)

    # -- actions -----------------------------------------------------------------------------

    def order(self) -> tuple[int, ...]:
        assert self.campaign is not None
        return shuffle_order(self.campaign.rng("shuffle"))

    def on_key(self, event: events.Key) -> None:
        """Any other key turns a shown hand face down again, so it is never left open.
        (Textual then calls `StepPane.on_key` too, which explains a key refused.)"""
        if self.shown_hand and event.key not in ("h", "H"):
            self.shown_hand = ""
            if self.state is not None:
                self.query_one("#bluff-hands", Static).update(self.hands(self.state))

    def action_show_hand(self, index: int) -> None:
        state = self.state
        if state is None or index >= len(state.players):
            return
        player = state.players[index]
        self.shown_hand = "" if self.shown_hand == player else player
        self.query_one("#bluff-hands", Static).update(self.hands(state))

    def action_start_game(self) -> None:
        if self.campaign is not None:
            self.send(StartGame(self.order()))

    def roll_off_fields(self, state: DevilsBluffState, each: str) -> list[Field]:
        """A line for each player's cards, ties drawn again included."""
        about = (f"{each}, from the table's own pack; a tie draws again: type every card "
                 "drawn, in order")
        return [text(f"typed{i}", f"{player}'s cards", "", about)
                for i, player in enumerate(state.players)]

    def action_deploy(self, typed: bool = False) -> None:
        state = self.state
        if state is None:
            return
        scouts = [f.name for g in state.gangs for f in g.fighters if f.rule_value("Scout")]
        if not scouts and not typed:
            self.send(Deploy((), self.order()))
            return
        fields = [check(f"scout{i}", f"{name} (Scout)") for i, name in enumerate(scouts)]
        if typed:
            fields += self.roll_off_fields(state, "A card each")
        title = ("Deployment: the roll-off, a card each; tick the scouts held back to be "
                 "placed last" if scouts else "Deployment: the roll-off, a card each")
        ask(self, BluffForm(title, fields),
            lambda v: Deploy(tuple(n for i, n in enumerate(scouts) if v[f"scout{i}"]),
                             self.order(), by_player(state, v)))

    def action_place_scout(self) -> None:
        state = self.state
        if state is None or state.battle is None or not state.battle.scouts:
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
        if state is None:
            return
        if not typed:
            self.send(StartRound(self.order()))
            return
        each = ("As many cards each as there are players, added up" if
                state.setting("initiative_cards") == "one per player" else "A card each")
        fields = self.roll_off_fields(state, each)
        # each player types their own five while the other looks away: shown as dots
        fields += [secret(f"hand{i}", f"{player}'s hand",
                          f"The {HAND_SIZE} cards dealt to {player}, typed by {player}")
                   for i, player in enumerate(state.players)]
        ask(self, BluffForm("A new round: initiative and the hands dealt", fields,
                            "Each player types their own hand while the other looks away."),
            lambda v: StartRound(self.order(), by_player(state, v),
                                 by_player(state, v, "hand")))

    def action_activate(self) -> None:
        """The model to activate is chosen in a list, the highlighted one first offered:
        nothing is activated that the player did not pick."""
        state = self.state
        if state is None or state.battle is None:
            return
        ready = activatable(state)
        picked = self.selected()
        offered = picked if picked in ready else (ready[0] if ready else "")
        ask(self, BluffForm(f"{state.battle.turn}'s turn: activate which model? (enter)",
                            [pick("fighter", "Model", ready, offered)]),
            lambda v: Activate(v["fighter"]))

    def activating(self) -> str | None:
        state = self.state
        if state is None or state.battle is None or state.battle.activation is None:
            return None
        return state.battle.activation.fighter

    def action_draw(self, typed: bool = False) -> None:
        state = self.state
        if state is None:
            return
        full = must_discard(state)
        if full and not typed:
            self.discard(state, full)
            return
        players = drawers(state)
        if not typed and len(players) == 1:
            self.send(DrawCard(players[0], "", self.order()))
            return
        fields = [choose("player", "Player", players, players[0] if players else "")]
        if typed:
            fields.append(text("typed", "Card drawn", "",
                               "The card the player took from the table's own pack"))
        ask(self, BluffForm("Who draws a card?" if not typed else "A card drawn", fields),
            lambda v: DrawCard(v["player"], "", self.order(), v.get("typed", "")))

    def discard(self, state: DevilsBluffState, player: str) -> None:
        """The discard after a sixth card: one of the five held before, chosen with the six
        face up (only their owner looks); the new card is marked and stays."""
        hand = state.hand(player)
        new = drawn_card(hand)
        options = [(f"{c} (new: it stays)" if c == new else str(c), c.code) for c in hand]
        ask(self, BluffForm(f"{player} drew {new}: discard one held before",
                            [choose("card", "Discard", options)],
                            f"For {player}'s eyes only. The new card stays in the hand."),
            lambda v: Discard(player, v["card"]))

    def action_move(self, action: str) -> None:
        name = self.activating()
        if name is not None:
            self.send(Move(name, action))

    def action_attack(self) -> None:
        state = self.state
        if state is None or state.battle is None:
            return
        rf = state.battle.return_fire
        parting = state.battle.parting
        picked = self.selected()
        if parting is not None and parting.attackers and not rf:
            self.parting_shot(parting.attackers, parting.mover)
            return
        shooter = rf[0] if rf else self.activating()
        if shooter is None:
            self.notify("Activate a model first", severity="warning")
            return
        owner = state.owner(shooter)
        enemies = [(f.name, f.name) for g in state.gangs if g is not owner
                   for f in g.fighters if not f.out]
        aimed = picked if picked and any(n == picked for n, _ in enemies) else ""
        target = rf[1] if rf else aimed
        others = [p for p in state.players if owner is None or p != owner.player]
        found = state.find(shooter)
        half = weapons()[found[1].recruit.weapon].half_range if found is not None else 0
        fields = [choose("target", "Target", enemies, target),
                  check("obscured", "Obscured sight"),
                  choose("cover", "Cover", COVERS, "none"),
                  check("evading", "Target evades"),
                  check("half_range", f"In half range ({half}\")"),
                  check("assault_range", "In assault range"),
                  check("hand", "Attacker plays hand"),
                  check("contest", "Others lay hands"),
                  check("defender_hand", "Defender plays hand"),
                  check("defence_contest", "Lay against defence"),
                  typed_field("The cards drawn from the table's own pack, in order: the "
                              "Battle Skill tests, then a Defence test a hit (and the test "
                              "at 0 HP if the table plays it); blank, the app draws")]

        def made(v: dict[str, Any]) -> Attack:
            target_owner = state.owner(v["target"]) if v["target"] else None
            against = [p for p in state.players
                       if target_owner is None or p != target_owner.player]
            return Attack(shooter, v["target"], v["obscured"], v["cover"] or "none",
                          v["evading"], v["half_range"], v["assault_range"], v["hand"],
                          tuple(others) if v["contest"] else (), v["defender_hand"],
                          self.order(), v["typed"],
                          tuple(against) if v["defence_contest"] else ())
        note = "Agreed: " + readings_in_words(state.settings, ATTACK_SETTINGS)
        ask(self, BluffForm(f"{shooter} attacks", fields, note), made)

    def parting_shot(self, attackers: tuple[str, ...], mover: str) -> None:
        """The free attack on a model leaving assault range: the highlighted enemy if it is
        one of those left behind, else the first of them."""
        picked = self.selected()
        shooter = picked if picked in attackers else attackers[0]
        fields = [choose("shooter", "Attacker", list(attackers), shooter),
                  check("obscured", "Obscured sight"),
                  choose("cover", "Cover", COVERS, "none"),
                  check("hand", "Attacker plays hand"),
                  check("defender_hand", "Defender plays hand"),
                  typed_field()]

        def made(v: dict[str, Any]) -> Attack:
            return Attack(v["shooter"] or shooter, mover, v["obscured"], v["cover"] or "none",
                          assault_range=True, hand=v["hand"],
                          defender_hand=v["defender_hand"], order_by=self.order(),
                          typed=v["typed"])
        ask(self, BluffForm(f"A free attack on {mover} as it leaves assault range", fields),
            made)

    def action_leave(self) -> None:
        state, name = self.state, self.activating()
        if state is None or state.battle is None or name is None:
            return
        act = state.battle.activation
        owner = state.owner(name)
        moves = [m for m in ("Advance", "Rush") if act is None or m not in act.taken]
        enemies = [f.name for g in state.gangs if g is not owner for f in g.fighters
                   if not f.out]
        fields = [choose("action", "Move", moves, moves[0]),
                  *(check(f"leaving{i}", n) for i, n in enumerate(enemies))]

        def made(v: dict[str, Any]) -> Move:
            left = tuple(n for i, n in enumerate(enemies) if v[f"leaving{i}"])
            if not left:
                raise RuleError("Leaving assault range", "tick the enemies whose assault "
                                "range it leaves", field="leaving")
            return Move(name, v["action"] or moves[0], left)
        ask(self, BluffForm(f"{name} leaves assault range of:", fields), made)

    def action_recover(self) -> None:
        name = self.activating()
        state = self.state
        if name is None or state is None:
            return
        owner = state.owner(name)
        others = [p for p in state.players if owner is None or p != owner.player]
        fields = [check("hand", "Play hand"), check("contest", "Others lay hands"),
                  choose("fear", "Fear models within 6\"", ["0", "1", "2", "3"], "0"),
                  typed_field()]
        note = "Agreed: " + readings_in_words(state.settings, ("fear_stacks",
                                                                "recover_needs_token"))
        ask(self, BluffForm(f"{name} recovers", fields, note),
            lambda v: Recover(name, v["hand"], tuple(others) if v["contest"] else (),
                              int(v["fear"] or 0), self.order(), v["typed"]))

    def action_test(self) -> None:
        name = self.selected()
        state = self.state
        if name is None or state is None:
            return
        owner = state.owner(name)
        others = [p for p in state.players if owner is None or p != owner.player]
        fields = [choose("attribute", "Attribute", ["MOV", "SKL", "DEF", "CMD"], "CMD"),
                  text("modifier", "Modifier", "0"), check("hand", "Play hand"),
                  check("contest", "Others lay hands"), typed_field()]

        def made(v: dict[str, Any]) -> AttributeTest:
            try:
                modifier = int(v["modifier"] or 0)
            except ValueError:
                raise RuleError("Modifier", "a whole number, like -3 or 2",
                                field="modifier") from None
            return AttributeTest(name, v["attribute"], modifier, v["hand"],
                                 tuple(others) if v["contest"] else (), self.order(),
                                 v["typed"])
        ask(self, BluffForm(f"{name} takes a test", fields), made)

    def action_forgo(self) -> None:
        self.send(Forgo())

    def action_end_activation(self) -> None:
        name = self.activating()
        if name is not None:
            self.send(EndActivation(name))

    def action_score(self) -> None:
        state = self.state
        if state is None:
            return

        def made(v: dict[str, Any]) -> Score:
            try:
                return Score(v["player"], int(v["points"]), v["reason"])
            except ValueError:
                raise RuleError("Points", "a whole number", field="points") from None
        ask(self, BluffForm("Score", [choose("player", "Player", list(state.players)),
                                      text("points", "Points", "1"),
                                      text("reason", "For")]), made)

    def action_end_game(self) -> None:
        ask(self, BluffForm("End the game", [text("note", "Note")]),
            lambda v: EndGame(v["note"]))
