"""Devils Bluff's decider: commands checked against the module and Open Fire's first rules,
turned into events. Every event kind is "devils_bluff.<fact>"; each command is one undo
step, so an attack is taken back with the cards it drew and the hands it spent.

Readings of the open points (each has a test; the named ones are campaign settings, see
`tables/settings.toml`):

- Two players: the module speaks of "both players" and "the other player", so a campaign
  has two gangs.
- A roll-off (Open Fire's: a die each, the higher wins, ties again) is a card each, the
  higher value wins (a King 13), and a tie draws again. Before a game (the first pick
  from a hiring pool) it is drawn from a pack of its own, shuffled; in a game from the
  Draw Deck.
- Hiring from a pool: a roll-off before each game's hiring (a campaign hires anew after
  every game); the winner picks first and the players alternate, a full gang dropping out.
  When the pool cannot fill both gangs, both hire as many (a game does not start
  otherwise). Which weapon a model carries is read off the miniature by the players.
- Initiative: each player draws as many cards as there are players and adds their values
  (the setting "initiative_cards" makes it one card each); the highest total goes first.
  On a tie for any place every player draws again. The initiative cards are then
  discarded, the hands too, and five are dealt to each player in initiative order.
- Deployment: before the first round a roll-off; the winner picks a deployment area and
  deploys first. The "deployment" setting says whether each deploys the
  whole gang in turn (the baseline) or they alternate model by model. Models with Scout may
  be held back; they are placed after everyone, one at a time in the same order, and when
  one player has no scouts left the other places the rest. The app cannot measure, so each
  placement is a step the players confirm against the distance rule (more than 12" from
  every enemy model), and the first round waits until every scout is placed.
- A card is drawn on a player's turn before the model is chosen, once a turn. A player
  with no model left to activate passes; the other goes on activating one model after
  another. That player may still draw a card once during each of the other's activations
  while the other has models to activate. While a player holds a sixth card nothing else
  goes on until one of the five held before is discarded ("immediately").
- Playing a hand: any other player may lay a hand against the one laid for a test, the
  attacker's Battle Skill test or the defender's Defence test alike, once an attack.
- The table's own cards: every card the app draws may instead be typed as drawn; a typed
  card comes out of the Draw Deck wherever the app's order put it, and the app shuffles
  its discards when its pile runs out, as the table does.
- A new round starts only when no model is left to activate; "rounds" (default 5) ends the
  game after that many.
- Recover needs at least one suppression token, so the extra action a pass gives can be a
  second Recover only while tokens are left; the setting "recover_needs_token" may allow it
  without one (nothing to shed, but a pass still gives the extra action).
- Fear: one or more enemy models with Fear within 6" give -3 to the Command test (to the
  test, not the attribute); the "fear_stacks" setting makes it -3 for each. Fearless draws
  a failed Command test again and the second card stands. A drawn card is never critical,
  so re-drawing a pass could never help, and "any test" and "a failed test" agree.
- Movement never drops below 0": Advance is MOV less 2 a token, Rush MOV less 2 and 2 a
  token.
- In assault range (1") a gun gives way to the close-combat profile (the first rules let
  only Melee weapons fight there); the setting "guns_in_assault" lets the gun fire.
- At 0 HP a model is taken out; the setting "injuries" gives it first a DEF test by the top
  card (no modifiers), and a pass leaves it on 1 HP (the later skirmish rules).
- Free actions (Hail of Fire's attacks, Return Fire, Run and Gun's Advance) are extra: they
  spend none of the two actions and do not count for the no-repeat rule.
- Leaving assault range: the Advance or Rush names the enemies it leaves; each makes its
  free attack first, in any order, with the close-combat profile unless guns may fire
  there, and the mover cannot evade it (it is within 6"). Sending the move again makes it;
  an enemy that has not attacked by then forgoes its attack. A mover taken out stays put
  and its activation ends.
- Experience: the module gives no trigger, so after each campaign game the players choose;
  each permanent model may gain at most one level per game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from gmscreen.core.cards import (
    Card,
    Deck,
    card_codes,
    card_from_code,
    parse_cards,
    standard_cards,
    verify_distinct,
)
from gmscreen.games.devils_bluff import attack as combat
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ByPlayer,
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    Discard,
    Dismiss,
    DrawCard,
    EndActivation,
    EndGame,
    Enlist,
    Forgo,
    FoundGang,
    GainLevel,
    KeepHired,
    Move,
    PlaceScout,
    Recover,
    RollOffForPicks,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import (
    Dealing,
    ShortOfCards,
    TypedCardError,
    card_value,
    passes,
    result_of,
)
from gmscreen.games.devils_bluff.evolve import PREFIX, evolve, recruit_data
from gmscreen.games.devils_bluff.gangs import (
    ABILITY_LEVEL,
    CAMPAIGN_LEADER_LEVELS,
    GANG_SIZE,
    LEADER,
    MAX_LEVELS,
    ONE_OFF_LEVELS,
    GangError,
    Recruit,
    abilities,
    close_combat_weapon,
    perks,
    verify_ready,
    verify_roster,
    weapons,
)
from gmscreen.games.devils_bluff.hands import (
    HAND_SIZE,
    Outcome,
    discard_down,
    draw_into,
    drawn_card,
    hand_outcome,
)
from gmscreen.games.devils_bluff.log import describe
from gmscreen.games.devils_bluff.state import (
    Battle,
    DevilsBluffState,
    Fighter,
    Gang,
    default_settings,
    setting_table,
)
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError

MODES = ("campaign", "one-off")
HIRING = ("controlled choice", "pool")
ATTRIBUTES = {"MOV": "mov", "SKL": "skl", "DEF": "defence", "CMD": "cmd"}
#: the moving actions and how the log says them
MOVES = {"Advance": "advances", "Rush": "rushes", "Interact": "interacts"}
FEAR = -3
SHRUGGED = "; Shrug it Off clears the gang's tokens and heals 3 HP"
#: a scout is placed more than this many inches from every enemy model
SCOUT_DISTANCE = 12
TRIES = 10
#: Devils Bluff is played by two: "both players", "the other player" (module lines 29, 39)
PLAYERS = 2


def _new(kind: str, **data: Any) -> NewEvent:
    return NewEvent(PREFIX + kind, data)


def _gang_error(error: GangError) -> RuleError:
    return RuleError(error.rule, error.message, field=error.field)


def _typed(text: str) -> dict[str, list[Card]] | None:
    """The cards a table typed for a command with one list, or None (the app draws)."""
    if not text.strip():
        return None
    try:
        cards = parse_cards(text)
        verify_distinct(cards)
    except ValueError as error:
        raise RuleError("Draw Deck", str(error), field="typed") from None
    return {"": cards}


def _typed_by_player(state: DevilsBluffState, typed: ByPlayer, field: str = "typed"
                     ) -> dict[str, list[Card]] | None:
    """Each player's typed cards, or None when none were typed (the app draws). Once one
    player's are typed, every player's must be; the field is `field` and the player's place
    among the gangs ("typed0", "hand1")."""
    if not any(text.strip() for _, text in typed):
        return None
    given = dict(typed)
    found: dict[str, list[Card]] = {}
    for i, player in enumerate(state.players):
        try:
            cards = parse_cards(given.get(player, ""))
            verify_distinct([c for other in found.values() for c in other] + cards)
        except ValueError as error:
            raise RuleError("Draw Deck", f"{player}: {error}", field=f"{field}{i}") from None
        if not cards:
            raise RuleError("Draw Deck", f"type the cards {player} drew too",
                            field=f"{field}{i}")
        found[player] = cards
    return found


#: who draws the hand dealt to a player, among the typed cards of a new round
DEALT = "\tdealt to "


def _field_of(state: DevilsBluffState, who: str) -> str:
    """The field a drawer's typed cards came from: "typed" for the one list, "typed1" for
    the second player's, "hand0" for the hand dealt to the first."""
    what, player = ("hand", who.removeprefix(DEALT)) if who.startswith(DEALT) else (
        "typed", who)
    return f"{what}{state.players.index(player)}" if player in state.players else "typed"


@contextmanager
def _drawing(state: DevilsBluffState, rule: str) -> Iterator[None]:
    """A draw's errors as the rules': too few typed cards under `rule`, a card that cannot
    be drawn under the Draw Deck, each naming the field the cards were typed in."""
    try:
        yield
    except RuleError:
        raise
    except ShortOfCards as short:
        raise RuleError(rule, f"{short.typed} typed, and more cards were drawn: type every "
                        "card drawn, in order", field=_field_of(state, short.who)) from None
    except TypedCardError as error:
        raise RuleError("Draw Deck", str(error), field=_field_of(state, error.who)) from None
    except ValueError as error:
        raise RuleError("Draw Deck", str(error), field="typed") from None


def _all_typed_drawn(state: DevilsBluffState, dealing: Dealing) -> None:
    for who, cards in dealing.left_over().items():
        shown = " ".join(map(str, cards))
        raise RuleError("Draw Deck", f"{shown} typed but not drawn: type only the cards "
                        "drawn", field=_field_of(state, who))


def scout_order(held: Iterable[Iterable[str]]) -> list[str]:
    """The scouts of each player, in deployment order, placed one at a time by turns; when
    a player has none left the others place theirs."""
    queues = [list(names) for names in held]
    placed: list[str] = []
    while any(queues):
        for queue in queues:
            if queue:
                placed.append(queue.pop(0))
    return placed


# -- what may be done now ---------------------------------------------------------------------
# Each step of play has a `why_not_x(state, ...)`: the RuleError that keeps it from applying
# now, naming the rule, or None. `decide` raises it; the tabs ask the same functions before
# offering a key, so no rule is written twice.

Refusal = RuleError | None


def _refuse(refusal: Refusal) -> None:
    if refusal is not None:
        raise refusal


def why_not_between_games(state: DevilsBluffState, what: str) -> Refusal:
    if not state.mode:
        return RuleError("Set-up", "choose a campaign or a one-off first")
    if state.battle is not None:
        return RuleError("Between games", f"{what} only between games; game "
                         f"{state.battle.number} is being played")
    return None


def why_not_battle(state: DevilsBluffState) -> Refusal:
    if state.battle is None:
        return RuleError("Game", "no game is being played")
    return None


def why_not_in_round(state: DevilsBluffState) -> Refusal:
    refusal = why_not_battle(state)
    if refusal is None and state.battle is not None and state.battle.round == 0:
        return RuleError("Rounds", "start the first round")
    return refusal


def must_discard(state: DevilsBluffState) -> str:
    """The player holding a sixth card, who discards one of the five held before it next
    ("" for none)."""
    return next((p for p, hand in state.hands if drawn_card(hand) is not None), "")


def why_not_settled(state: DevilsBluffState) -> Refusal:
    """Nothing goes on while a player holds a sixth card they have not discarded for."""
    player = must_discard(state)
    if player:
        return RuleError("The Hand", f"{player} holds {len(state.hand(player))} cards and "
                         "first discards one of the five held before the draw")
    return None


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
    return refusal


def why_not_dismiss(state: DevilsBluffState) -> Refusal:
    return why_not_between_games(state, "models leave a gang")


def why_not_roll_off(state: DevilsBluffState) -> Refusal:
    """The roll-off for the first pick from a hiring pool, before each game's hiring."""
    refusal = why_not_between_games(state, "the pool is picked")
    if refusal is not None:
        return refusal
    if state.hiring != "pool":
        return RuleError("Hiring pool", "this campaign hires by controlled choice")
    if state.aftermath is not None:
        return RuleError("Aftermath", "close the aftermath first: the hired guns not kept "
                         "move on before new ones are picked")
    if len(state.gangs) < PLAYERS:
        return RuleError("Hiring pool", "both gangs are founded before the roll-off")
    if state.picker:
        return RuleError("Hiring pool", f"the roll-off is made: {state.picker} picks next")
    return None


def why_not_start_game(state: DevilsBluffState) -> Refusal:
    refusal = why_not_between_games(state, "a game starts")
    if refusal is not None:
        return refusal
    if state.aftermath is not None:
        return RuleError("Aftermath", "close the aftermath of the last game first")
    if len(state.gangs) < PLAYERS:
        return RuleError("Gangs", "a game needs two gangs")
    for gang in state.gangs:
        try:
            verify_ready(gang.roster, state.mode, state.hiring)
        except GangError as error:
            return RuleError(error.rule, f"{gang.name}: {error.message}", field=error.field)
    if state.hiring == "pool" and not all(len(g.fighters) >= GANG_SIZE for g in state.gangs):
        hired = [(g.player, sum(f.recruit.hired for f in g.fighters)) for g in state.gangs]
        if len({n for _, n in hired}) > 1:
            (first, n), (second, m) = hired[:2]
            return RuleError("Hiring pool", f"{first}'s gang hired {n} from the pool and "
                             f"{second}'s {m}; a pool too small to fill both gangs gives "
                             "them as many each")
    return None


def why_not_deploy(state: DevilsBluffState) -> Refusal:
    refusal = why_not_battle(state)
    if refusal is None and state.battle is not None and (state.battle.round
                                                         or state.battle.deployment):
        return RuleError("Deployment", "the gangs deploy once, before the first round")
    return refusal


def why_not_place_scout(state: DevilsBluffState) -> Refusal:
    battle = state.battle
    if battle is None:
        return why_not_battle(state)
    if battle.round or not battle.deployment:
        return RuleError("Scout", "scouts are placed after the gangs deploy, before the "
                         "first round")
    if not battle.scouts:
        return RuleError("Scout", "no scout is waiting to be placed")
    return None


def why_not_start_round(state: DevilsBluffState) -> Refusal:
    battle = state.battle
    if battle is None:
        return why_not_battle(state)
    if battle.round and battle.turn:
        return RuleError("Rounds", f"{battle.turn} still has models to activate")
    if not battle.deployment:
        return RuleError("Deployment", "the gangs deploy before the first round: draw for "
                         "who deploys first")
    if battle.round == 0 and battle.scouts:
        return RuleError("Scout", f"place the scouts first: {', '.join(battle.scouts)}")
    refusal = why_not_settled(state)
    if refusal is None and battle.round >= state.setting("rounds"):
        return RuleError("Rounds", f"the game lasts {state.setting('rounds')} rounds; "
                         "end the game")
    return refusal


def why_not_activate(state: DevilsBluffState, fighter: str | None = None) -> Refusal:
    """Whether a model (or, with None, any model) may be activated now."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    if battle.activation is not None:
        return RuleError("Activation", f"{battle.activation.fighter} is still activating")
    if not battle.turn:
        return RuleError("Activation", "every model has activated this round")
    if fighter is None:
        return None
    found = state.find(fighter)
    if found is None:
        return RuleError("Models", f"no model called {fighter}", field="fighter")
    gang, model = found
    if battle.turn != gang.player:
        return RuleError("Activation", f"it is {battle.turn}'s turn to activate",
                         field="fighter")
    if model.out:
        return RuleError("Activation", f"{model.name} has been taken out", field="fighter")
    if model.activated:
        return RuleError("Activation", f"{model.name} has activated this round",
                         field="fighter")
    return None


def activatable(state: DevilsBluffState) -> list[str]:
    """The models that may be activated now: the ready ones of the player whose turn it is."""
    gang = state.gang(state.battle.turn) if state.battle is not None else None
    if gang is None or why_not_activate(state) is not None:
        return []
    return [f.name for f in gang.fighters if why_not_activate(state, f.name) is None]


def why_not_draw(state: DevilsBluffState, player: str) -> Refusal:
    """Module line 39: a card on the player's turn to activate (before the model is chosen),
    or, for a player with no model left to activate, while the other still has models; once
    a turn."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    gang = state.gang(player)
    if gang is None:
        return RuleError("Gangs", f"{player} has no gang", field="player")
    if player in battle.drawn:
        return RuleError("The Hand", f"{player} has drawn this turn already")
    others = any(g.can_activate for g in state.gangs if g.player != player)
    if battle.turn == player and battle.activation is None:
        return None
    if not gang.can_activate and others:
        return None
    if not battle.turn:
        return RuleError("The Hand", "every model has activated: the next cards come with "
                         "the next round")
    if battle.turn == player:
        return RuleError("The Hand", f"{player} draws on their turn before activating a "
                         "model, not during the activation")
    return RuleError("The Hand", f"{player} draws on their own turn to activate, or once "
                     "their models have all activated")


def can_draw(state: DevilsBluffState, player: str) -> bool:
    return why_not_draw(state, player) is None


def drawers(state: DevilsBluffState) -> list[str]:
    """The players who may draw a card now."""
    return [player for player in state.players if can_draw(state, player)]


def why_not_discard(state: DevilsBluffState, player: str) -> Refusal:
    refusal = why_not_in_round(state)
    if refusal is None and drawn_card(state.hand(player)) is None:
        return RuleError("The Hand", f"{player} holds {len(state.hand(player))} cards; a "
                         "discard comes only after drawing a sixth")
    return refusal


def _why_not_act(state: DevilsBluffState, name: str, action: str) -> Refusal:
    """Whether the activating model `name` may take `action` (one of its two)."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    activation = battle.activation
    if activation is None:
        return RuleError("Activation", "no model is activating: activate one first")
    if activation.fighter != name:
        return RuleError("Activation", f"{name} is not activating")
    if battle.return_fire is not None:
        return RuleError("Return Fire", f"{battle.return_fire[0]} may shoot back first")
    parting = battle.parting
    if parting is not None and action != parting.action:
        return RuleError("Leaving assault range", f"{name} is making its {parting.action} "
                         "out of assault range; send it again to move")
    # the free actions of an ability come at once (module lines 147, 159)
    if activation.free_attacks:
        return RuleError("Hail of Fire", f"{name} makes its free attacks at once, or "
                         "forgoes them")
    if activation.free_advance and action != "Advance":
        return RuleError("Run and Gun", f"{name} takes its free Advance at once, or "
                         "forgoes it")
    if activation.actions_left <= 0:
        return RuleError("Actions", f"{name} has no action left")
    if action != "Recover" and action in activation.taken:
        return RuleError("Actions", f"{name} has taken {action} already; only Recover may "
                         "be taken twice")
    return None


def _activating(state: DevilsBluffState) -> str:
    battle = state.battle
    return battle.activation.fighter if battle and battle.activation else ""


def why_not_move(state: DevilsBluffState, action: str, fighter: str | None = None) -> Refusal:
    """Advance, Rush or Interact by the activating model; a free Advance (Run and Gun) is
    extra."""
    name = _activating(state) if fighter is None else fighter
    battle = state.battle
    if (action == "Advance" and battle is not None and battle.activation is not None
            and battle.activation.fighter == name and battle.activation.free_advance):
        return None
    return _why_not_act(state, name, action)


def why_not_leave(state: DevilsBluffState) -> Refusal:
    """An Advance or a Rush out of enemies' assault range."""
    battle = state.battle
    if battle is not None and battle.parting is not None:
        parting = battle.parting
        return RuleError("Leaving assault range", f"{parting.mover} is leaving already: the "
                         f"enemies attack first, then its {parting.action} is made")
    refusals = [why_not_move(state, move) for move in ("Advance", "Rush")]
    return None if None in refusals else refusals[0]


def why_not_attack(state: DevilsBluffState) -> Refusal:
    """An attack now: Return Fire's, a parting shot, a free one (Hail of Fire) or an
    action of the activating model."""
    refusal = why_not_in_round(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    if battle.return_fire is not None or (battle.parting and battle.parting.attackers):
        return None
    activation = battle.activation
    if activation is not None and activation.free_attacks > 0 and battle.parting is None:
        return None
    return _why_not_act(state, _activating(state), "Attack")


def why_not_recover(state: DevilsBluffState, fighter: str | None = None) -> Refusal:
    name = _activating(state) if fighter is None else fighter
    refusal = _why_not_act(state, name, "Recover")
    found = state.find(name)
    if (refusal is None and found is not None and found[1].tokens == 0
            and state.setting("recover_needs_token")):
        return RuleError("Recover", f"{name} has no suppression token to shed")
    return refusal


def why_not_test(state: DevilsBluffState) -> Refusal:
    return why_not_in_round(state)


def why_not_forgo(state: DevilsBluffState) -> Refusal:
    refusal = why_not_in_round(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    activation = battle.activation
    if battle.return_fire is None and (activation is None or not (
            activation.free_attacks or activation.free_advance)):
        return RuleError("Free actions", "no free action is on offer")
    return None


def why_not_end_activation(state: DevilsBluffState) -> Refusal:
    refusal = why_not_in_round(state)
    if refusal is None and not _activating(state):
        return RuleError("Activation", "no model is activating")
    return refusal


def why_not_score(state: DevilsBluffState) -> Refusal:
    return why_not_battle(state)


def why_not_end_game(state: DevilsBluffState) -> Refusal:
    return why_not_battle(state)


def why_not_after_game(state: DevilsBluffState, rule: str) -> Refusal:
    """Levels, a hired gun kept and the aftermath closed: only after a campaign game."""
    if state.aftermath is None:
        return RuleError(rule, "this comes after a campaign game, before the next begins")
    return None


class DevilsBluffRules:
    game_id = "devils-bluff"
    title = "Devils Bluff"
    panes_module = "gmscreen.games.devils_bluff.panes"

    def initial_state(self) -> DevilsBluffState:
        return DevilsBluffState()

    def evolve(self, state: DevilsBluffState, event: Event) -> DevilsBluffState:
        return evolve(state, event)

    def session_ending(self, state: DevilsBluffState) -> list[NewEvent]:
        return []

    def decide(self, state: DevilsBluffState, command: Any) -> list[NewEvent]:
        handler = self._handlers().get(type(command))
        if handler is None:
            raise RuleError("Commands", f"Devils Bluff has no command {type(command).__name__}")
        try:
            return handler(state, command)
        except GangError as error:
            raise _gang_error(error) from None

    def _handlers(self) -> Mapping[type, Callable[[DevilsBluffState, Any], list[NewEvent]]]:
        return {
            ChooseSetUp: self._set_up, FoundGang: self._found, Enlist: self._enlist,
            Dismiss: self._dismiss, RollOffForPicks: self._roll_off, StartGame: self._start,
            Deploy: self._deploy, PlaceScout: self._place_scout, StartRound: self._round,
            DrawCard: self._draw, Discard: self._discard,
            Activate: self._activate, Move: self._move, Recover: self._recover,
            Attack: self._attack,
            AttributeTest: self._test, EndActivation: self._end_activation,
            Forgo: self._forgo,
            Score: self._score, EndGame: self._end_game, GainLevel: self._level,
            KeepHired: self._keep, CloseAftermath: self._close,
        }

    # -- setting up --------------------------------------------------------------------------

    def _set_up(self, state: DevilsBluffState, command: ChooseSetUp) -> list[NewEvent]:
        _refuse(why_not_set_up(state))
        if command.mode not in MODES:
            raise RuleError("Set-up", f"play a campaign or a one-off, not {command.mode!r}",
                            field="mode")
        if command.hiring not in HIRING:
            raise RuleError("Hiring", f"hire by controlled choice or from a pool, not "
                            f"{command.hiring!r}", field="hiring")
        table = {s.key: s for s in setting_table()}
        settings = dict(default_settings())
        for key, value in command.settings:
            if key not in table:
                raise RuleError("Settings", f"no setting called {key!r}", field=key)
            if value not in table[key].choices:
                allowed = ", ".join(map(str, table[key].choices))
                raise RuleError("Settings", f"{key} may be {allowed}", field=key)
            settings[key] = value
        return [_new("set_up", mode=command.mode, hiring=command.hiring, settings=settings)]

    def _found(self, state: DevilsBluffState, command: FoundGang) -> list[NewEvent]:
        _refuse(why_not_found_gang(state))
        if not command.player.strip() or not command.name.strip():
            raise RuleError("Gangs", "a gang needs a player and a name", field="name")
        if state.gang(command.player) is not None:
            raise RuleError("Gangs", f"{command.player} already runs a gang", field="player")
        return [_new("gang_founded", player=command.player, name=command.name)]

    def _gang(self, state: DevilsBluffState, player: str) -> Gang:
        gang = state.gang(player)
        if gang is None:
            raise RuleError("Gangs", f"{player} has no gang", field="player")
        return gang

    def _enlist(self, state: DevilsBluffState, command: Enlist) -> list[NewEvent]:
        _refuse(why_not_enlist(state))
        gang = self._gang(state, command.player)
        recruit = command.recruit
        if state.find(recruit.name) is not None:
            raise RuleError("Roster", f"a model called {recruit.name} is already on a roster",
                            field="name")
        self._check_levels(state, gang, recruit)
        verify_roster((*gang.roster, recruit))
        data: dict[str, Any] = {"player": command.player, "recruit": recruit_data(recruit)}
        if recruit.hired and state.hiring == "pool":
            if not state.picker:
                raise RuleError("Hiring pool", "roll off for the first pick first")
            if state.picker != command.player:
                raise RuleError("Hiring pool", f"it is {state.picker}'s pick", field="player")
            data["next_picker"] = self._next_picker(state, command.player)
        return [_new("enlisted", **data)]

    def _check_levels(self, state: DevilsBluffState, gang: Gang, recruit: Recruit) -> None:
        if recruit.hired:
            return
        leader = recruit.unit == LEADER
        if state.mode == "campaign":
            if not leader:
                raise RuleError("Campaign gang", "a campaign gang's gunslingers are hired; one "
                                "joins for good after each game", field="unit")
            if recruit.levels != CAMPAIGN_LEADER_LEVELS:
                raise RuleError("Campaign gang", "a campaign's Gang Leader starts with 1 level",
                                field="perks")
            return
        custom = [f.recruit.levels for f in gang.fighters
                  if not f.recruit.hired and f.recruit.unit != LEADER]
        if leader and recruit.levels != ONE_OFF_LEVELS[0]:
            raise RuleError("One-off gang", "a one-off's Gang Leader has 4 levels",
                            field="perks")
        if not leader:
            if len(custom) >= 2:
                raise RuleError("One-off gang", "a one-off has two custom gunslingers; hire "
                                "the rest", field="hired")
            if recruit.levels not in ONE_OFF_LEVELS[1:] or recruit.levels in custom:
                raise RuleError("One-off gang", "the two custom gunslingers have 3 and 2 "
                                "levels", field="perks")

    def _next_picker(self, state: DevilsBluffState, player: str) -> str:
        others = [g for g in state.gangs if g.player != player and len(g.fighters) < 10]
        return others[0].player if others else player

    def _dismiss(self, state: DevilsBluffState, command: Dismiss) -> list[NewEvent]:
        _refuse(why_not_dismiss(state))
        if self._gang(state, command.player).fighter(command.fighter) is None:
            raise RuleError("Roster", f"{command.player}'s gang has no {command.fighter}",
                            field="fighter")
        return [_new("dismissed", player=command.player, fighter=command.fighter)]

    def _draw_off(self, state: DevilsBluffState, dealing: Dealing, each: int, rule: str
                  ) -> tuple[list[dict[str, Any]], list[str]]:
        """Each player draws `each` cards and adds them up, again while any totals tie (a
        roll-off is one card each, initiative as many as there are players); the order
        runs from the highest total. Typed cards are drawn by player."""
        players = list(state.players)
        draws: list[dict[str, Any]] = []
        tied = ""
        for _ in range(TRIES):
            totals: dict[str, int] = {}
            for player in players:
                try:
                    cards = dealing.draw(each, player)
                except ShortOfCards:
                    again = f"{tied}, so each draws again" if tied else (
                        f"each draws {each} card{'s' if each != 1 else ''}")
                    raise RuleError(rule, f"{again}: type every card {player} drew, in "
                                    "order", field=f"typed{players.index(player)}") from None
                dealing.discard(cards)
                draws.append({"player": player, "cards": card_codes(cards)})
                totals[player] = sum(card_value(c) for c in cards)
            if len(set(totals.values())) == len(totals):
                return draws, sorted(players, key=lambda p: -totals[p])
            tied = "a tie (" + ", ".join(f"{p} {t}" for p, t in totals.items()) + ")"
        raise RuleError(rule, f"{TRIES} draws in a row tied; draw again")

    def _roll_off(self, state: DevilsBluffState, command: RollOffForPicks) -> list[NewEvent]:
        _refuse(why_not_roll_off(state))
        typed = _typed_by_player(state, command.typed)
        if typed is None and sorted(command.order_by) != list(range(52)):
            raise RuleError("Draw Deck", "the roll-off draws from a shuffled pack: the "
                            "shuffle must order all 52 cards")
        # before the game: a pack of its own, not the Draw Deck of a game
        pack = Deck([standard_cards()[i] for i in command.order_by] if command.order_by
                    else standard_cards())
        dealing = Dealing(pack, command.order_by, typed)
        with _drawing(state, "Roll-off"):
            draws, order = self._draw_off(state, dealing, 1, "Roll-off")
            _all_typed_drawn(state, dealing)
        return [_new("picks_rolled", draws=draws, first=order[0])]

    # -- the game ----------------------------------------------------------------------------

    def _start(self, state: DevilsBluffState, command: StartGame) -> list[NewEvent]:
        _refuse(why_not_start_game(state))
        if sorted(command.order_by) != list(range(52)):
            raise RuleError("Draw Deck", "the shuffle must order all 52 cards")
        order = [standard_cards()[i] for i in command.order_by]
        return [_new("game_started", number=len(state.record) + 1, deck=card_codes(order))]

    def _deploy(self, state: DevilsBluffState, command: Deploy) -> list[NewEvent]:
        _refuse(why_not_deploy(state))
        held: dict[str, list[str]] = {player: [] for player in state.players}
        for name in command.scouts:
            found = state.find(name)
            if found is None:
                raise RuleError("Scout", f"{name} is in neither gang", field="scouts")
            gang, fighter = found
            if not fighter.rule_value("Scout"):
                raise RuleError("Scout", f"{name} has no Scout rule to deploy late",
                                field="scouts")
            if name not in held[gang.player]:
                held[gang.player].append(name)
        dealing = Dealing(state.deck, command.order_by, _typed_by_player(state, command.typed))
        with _drawing(state, "Deployment"):
            # a roll-off (the core's set-up): one card each
            draws, order = self._draw_off(state, dealing, 1, "Deployment")
            _all_typed_drawn(state, dealing)
        return [_new("deployed", draws=draws, order=order, moves=dealing.moves,
                     scouts=scout_order([held[p] for p in order]))]

    def _place_scout(self, state: DevilsBluffState, command: PlaceScout) -> list[NewEvent]:
        _refuse(why_not_place_scout(state))
        battle = self._battle(state)
        if command.fighter != battle.scouts[0]:
            raise RuleError("Scout", f"the scouts are placed one at a time by turns: "
                            f"{battle.scouts[0]} is next", field="fighter")
        gang, _ = self._own(state, command.fighter)
        line = (f"{gang.player} places the scout {command.fighter}, more than "
                f"{SCOUT_DISTANCE}\" from every enemy model")
        return [_new("scout_placed", player=gang.player, fighter=command.fighter, line=line)]

    def _battle(self, state: DevilsBluffState) -> Battle:
        if state.battle is None:
            raise RuleError("Game", "no game is being played")
        return state.battle

    def _in_round(self, state: DevilsBluffState) -> Battle:
        battle = self._battle(state)
        if battle.round == 0:
            raise RuleError("Rounds", "start the first round")
        return battle

    def _round(self, state: DevilsBluffState, command: StartRound) -> list[NewEvent]:
        _refuse(why_not_start_round(state))
        battle = self._battle(state)
        initiative = _typed_by_player(state, command.typed)
        hands = _typed_by_player(state, command.hands, "hand")
        if (initiative is None) != (hands is None):
            if initiative is None:
                raise RuleError("Initiative", "type the initiative cards with the hands",
                                field="typed0")
            raise RuleError("The Hand", "type the five cards each player was dealt",
                            field="hand0")
        typed = None if initiative is None or hands is None else {
            **initiative, **{DEALT + p: cards for p, cards in hands.items()}}
        dealing = Dealing(state.deck, command.order_by, typed)
        each = len(state.players) if state.setting("initiative_cards") == "one per player" \
            else 1
        with _drawing(state, "Initiative"):
            draws, order = self._draw_off(state, dealing, each, "Initiative")
            for player in state.players:
                dealing.discard(state.hand(player))
            dealt: dict[str, list[str]] = {}
            for player in order:
                try:
                    dealt[player] = card_codes(dealing.draw(HAND_SIZE, DEALT + player))
                except ShortOfCards:
                    raise RuleError("The Hand", f"the initiative winner deals {HAND_SIZE} "
                                    f"to each: type the {HAND_SIZE} {player} was dealt",
                                    field=f"hand{state.players.index(player)}") from None
            _all_typed_drawn(state, dealing)
        return [_new("round_started", round=battle.round + 1, draws=draws, order=order,
                     moves=dealing.moves, hands=dealt)]

    def _draw(self, state: DevilsBluffState, command: DrawCard) -> list[NewEvent]:
        _refuse(why_not_draw(state, command.player))
        dealing = Dealing(state.deck, command.order_by, _typed(command.typed))
        hand = state.hand(command.player)
        with _drawing(state, "The Hand"):
            (card,) = dealing.draw(1)
            _all_typed_drawn(state, dealing)
        try:
            discard = card_from_code(command.discard) if command.discard else None
            new_hand = draw_into(hand, card, discard)
        except ValueError as error:
            raise RuleError("The Hand", str(error), field="discard") from None
        if discard is not None:
            dealing.discard([discard])
        return [_new("card_drawn", player=command.player, moves=dealing.moves,
                     hands={command.player: card_codes(new_hand)})]

    def _discard(self, state: DevilsBluffState, command: Discard) -> list[NewEvent]:
        self._gang(state, command.player)
        _refuse(why_not_discard(state, command.player))
        if not command.card:
            raise RuleError("The Hand", f"{command.player} holds six cards: choose one of "
                            "the five held before the draw to discard", field="card")
        try:
            card = card_from_code(command.card)
            hand = discard_down(state.hand(command.player), card)
        except ValueError as error:
            raise RuleError("The Hand", str(error), field="card") from None
        return [_new("card_discarded", player=command.player,
                     moves=[{"discard": [card.code]}],
                     hands={command.player: card_codes(hand)})]

    def _own(self, state: DevilsBluffState, name: str) -> tuple[Gang, Fighter]:
        found = state.find(name)
        if found is None:
            raise RuleError("Models", f"no model called {name}", field="fighter")
        return found

    def _activate(self, state: DevilsBluffState, command: Activate) -> list[NewEvent]:
        _refuse(why_not_activate(state, command.fighter))
        gang, fighter = self._own(state, command.fighter)
        return [_new("activated", player=gang.player, fighter=fighter.name)]

    def _acting(self, state: DevilsBluffState, name: str, action: str) -> tuple[Gang, Fighter]:
        _refuse(why_not_in_round(state))
        found = self._own(state, name)
        _refuse(_why_not_act(state, name, action))
        return found

    def _after_action(self, state: DevilsBluffState, events: list[NewEvent],
                      player: str, fighter: str) -> list[NewEvent]:
        """End the activation once nothing is left to do in it."""
        after = self._fold(state, events)
        battle = after.battle
        assert battle is not None
        activation = battle.activation
        found = after.find(fighter)
        taken_out = found is not None and found[1].out
        if (activation is not None and activation.fighter == fighter and (taken_out or (
                activation.actions_left <= 0 and not activation.free_attacks
                and not activation.free_advance and battle.return_fire is None))):
            events.append(_new("activation_ended", player=player, fighter=fighter))
        return events

    def _move(self, state: DevilsBluffState, command: Move) -> list[NewEvent]:
        if command.action not in MOVES:
            raise RuleError("Actions", f"{command.action!r} is not Advance, Rush or Interact",
                            field="action")
        battle = self._in_round(state)
        free = (command.action == "Advance" and battle.activation is not None
                and battle.activation.fighter == command.fighter
                and battle.activation.free_advance)
        gang, fighter = self._own(state, command.fighter)
        _refuse(why_not_move(state, command.action, command.fighter))
        assert battle.activation is not None
        if command.leaving and battle.parting is None:
            return [self._leave(state, gang, fighter, command)]
        inches = fighter.profile.mov - 2 * fighter.tokens
        if command.action == "Rush":
            inches -= 2
        inches = max(0, inches)
        verb = "advances (free)" if free else MOVES[command.action]
        line = (f"{fighter.name} interacts" if command.action == "Interact" else
                f"{fighter.name} {verb} up to {inches}\"")
        data: dict[str, Any] = {"fighter": fighter.name, "line": line,
                                "inches": inches if command.action != "Interact" else 0}
        if free:
            data["free_advance"] = False
        else:
            data.update(action=command.action, actions_left=battle.activation.actions_left - 1)
        return self._after_action(state, [_new("moved", **data)], gang.player, fighter.name)

    def _leave(self, state: DevilsBluffState, gang: Gang, fighter: Fighter,
               command: Move) -> NewEvent:
        """The move out of assault range waits for each enemy's free attack."""
        if command.action not in ("Advance", "Rush"):
            raise RuleError("Leaving assault range", "only an Advance or a Rush moves out of "
                            "assault range", field="action")
        attackers: list[str] = []
        for name in dict.fromkeys(command.leaving):
            found = state.find(name)
            if found is None or found[0].player == gang.player:
                raise RuleError("Leaving assault range", f"{name} is no enemy of "
                                f"{fighter.name}", field="leaving")
            if found[1].out:
                raise RuleError("Leaving assault range", f"{name} has been taken out",
                                field="leaving")
            attackers.append(name)
        line = (f"{fighter.name} moves to {command.action.lower()} out of assault range: "
                f"{', '.join(attackers)} attack{'s' if len(attackers) == 1 else ''} first")
        return _new("leaving_assault_range", fighter=fighter.name, action=command.action,
                    attackers=attackers, line=line)

    def _lay(self, state: DevilsBluffState, dealing: Dealing, tester: str,
             contest: Iterable[str]) -> tuple[Outcome, dict[str, list[str]], dict[str, Any]]:
        """The tester lays their hand, the contesting players theirs; all are discarded."""
        _refuse(why_not_settled(state))
        mine = state.hand(tester)
        if not mine:
            raise RuleError("Playing your hand", f"{tester} holds no cards")
        others: dict[str, tuple[Card, ...]] = {}
        for player in dict.fromkeys(contest):
            if player == tester or player not in state.players:
                raise RuleError("Playing your hand", f"{player} cannot lay a hand against "
                                f"{tester}", field="contest")
            if not state.hand(player):
                raise RuleError("Playing your hand", f"{player} holds no cards",
                                field="contest")
            others[player] = state.hand(player)
        outcome = hand_outcome(mine, others)
        laid = {tester: card_codes(mine), **{p: card_codes(h) for p, h in others.items()}}
        for cards in (mine, *others.values()):
            dealing.discard(cards)
        return outcome, {p: [] for p in laid}, {"laid": laid, "outcome": outcome.value}

    def _recover(self, state: DevilsBluffState, command: Recover) -> list[NewEvent]:
        _refuse(why_not_in_round(state))
        gang, fighter = self._own(state, command.fighter)
        _refuse(why_not_recover(state, command.fighter))
        battle = self._battle(state)
        assert battle.activation is not None
        if command.feared_by < 0:
            raise RuleError("Fear", "the number of Fear models nearby is 0 or more",
                            field="feared_by")
        fear = FEAR * (command.feared_by if state.setting("fear_stacks")
                       else min(1, command.feared_by))
        dealing = Dealing(state.deck, command.order_by, _typed(command.typed))
        data: dict[str, Any] = {"fighter": fighter.name, "action": "Recover", "modifier": fear}
        hands: dict[str, list[str]] = {}
        with _drawing(state, "Draw Deck"):
            if command.hand:
                outcome, hands, played = self._lay(state, dealing, gang.player, command.contest)
                data.update(played)
            else:
                outcome, cards = self._command_test(state, fighter, fear, dealing)
                data["cards"] = card_codes(cards)
            _all_typed_drawn(state, dealing)
        left = battle.activation.actions_left - 1
        tokens = max(0, fighter.tokens - 1)
        if outcome is not Outcome.FAILURE:
            left += 1
        if outcome is Outcome.CRITICAL:
            tokens = 0
        shrugged = outcome is Outcome.CRITICAL and fighter.recruit.ability == "Shrug it Off"
        verdict = {Outcome.FAILURE: "fails: one token shed",
                   Outcome.SUCCESS: "passes: one token shed and an extra action",
                   Outcome.CRITICAL: "critical: every token shed and an extra action"}[outcome]
        line = f"{fighter.name} recovers and {verdict}"
        if shrugged:
            line += SHRUGGED
        data.update(tokens=tokens, actions_left=left, shrugged=shrugged, line=line,
                    outcome=outcome.value, moves=dealing.moves, hands=hands)
        return self._after_action(state, [_new("recovered", **data)], gang.player,
                                  fighter.name)

    def _command_test(self, state: DevilsBluffState, fighter: Fighter, modifier: int,
                      dealing: Dealing) -> tuple[Outcome, list[Card]]:
        readings = state.card_readings()
        cards = list(dealing.draw(1))
        dealing.discard(cards[-1:])
        if (not passes(cards[-1], fighter.profile.cmd, modifier, **readings)
                and fighter.rule_value("Fearless")):
            cards += dealing.draw(1)
            dealing.discard(cards[-1:])
        ok = passes(cards[-1], fighter.profile.cmd, modifier, **readings)
        return (Outcome.SUCCESS if ok else Outcome.FAILURE), cards

    def _attack(self, state: DevilsBluffState, command: Attack) -> list[NewEvent]:
        battle = self._in_round(state)
        returning = battle.return_fire == (command.fighter, command.target)
        parting = battle.parting
        parting_shot = (parting is not None and command.fighter in parting.attackers
                        and command.target == parting.mover)
        if parting_shot:
            gang, fighter = self._own(state, command.fighter)
            if command.evading:
                raise RuleError("Evading", "a unit evades only attackers more than 6\" away; "
                                "this one is within assault range", field="evading")
            # the attacker stands within assault range of the mover
            command = replace(command, assault_range=True)
        elif returning:
            gang, fighter = self._own(state, command.fighter)
            if command.evading:
                raise RuleError("Return Fire", "the free attack of Return Fire cannot be evaded",
                                field="evading")
        else:
            activation = battle.activation
            free = (activation is not None and activation.fighter == command.fighter
                    and activation.free_attacks > 0 and battle.return_fire is None
                    and battle.parting is None)
            if free:
                gang, fighter = self._own(state, command.fighter)
            else:
                gang, fighter = self._acting(state, command.fighter, "Attack")
        target_gang, target = self._own(state, command.target)
        if target_gang.player == gang.player:
            raise RuleError("Attack", f"{target.name} is in {gang.player}'s own gang",
                            field="target")
        if target.out:
            raise RuleError("Attack", f"{target.name} has been taken out", field="target")
        if command.cover not in combat.COVER_BONUS:
            raise RuleError("Cover", "cover is none, light or heavy", field="cover")
        if command.evading and target.tokens >= combat.MAX_TOKENS:
            raise RuleError("Evading", f"{target.name} carries 2 suppression tokens and "
                            "cannot evade", field="evading")
        weapon = weapons()[fighter.recruit.weapon]
        if (command.assault_range and weapon.rule_value("Melee") is None
                and not state.setting("guns_in_assault")):
            weapon = close_combat_weapon()
        stealth = target.rule_value("Stealth")
        if command.assault_range and not state.setting("stealth_in_assault"):
            stealth = 0
        setup = combat.Setup(
            skl=fighter.profile.skl, weapon=weapon, attacker_tokens=fighter.tokens,
            attacker_ability=fighter.recruit.ability, target_def=target.profile.defence,
            target_stealth=stealth, target_tokens=target.tokens,
            target_ability=target.recruit.ability, obscured=command.obscured,
            cover=command.cover, evading=command.evading, half_range=command.half_range,
            free_bonus=combat.RETURN_FIRE_BONUS if returning else 0,
            rapid_fire=state.setting("rapid_fire"), suppressing=state.setting("suppressing"),
            evade_token_always=state.setting("evade_token_always"),
            rending_mode=state.setting("rending"), **state.card_readings())
        dealing = Dealing(state.deck, command.order_by, _typed(command.typed))
        data: dict[str, Any] = {"fighter": fighter.name, "target": target.name,
                                "weapon": weapon.name}
        self._hands_laid_once(state, command, gang.player, target_gang.player)
        hands: dict[str, list[str]] = {}
        defend = None
        if command.defender_hand:
            def defend() -> Outcome:
                outcome, laid, played = self._lay(state, dealing, target_gang.player,
                                                  command.defence_contest)
                hands.update(laid)
                data["defence_hand"] = played
                return outcome
        with _drawing(state, "Draw Deck"):
            attacker_hand = None
            if command.hand:
                attacker_hand, laid, played = self._lay(state, dealing, gang.player,
                                                        command.contest)
                hands.update(laid)
                data["skill_hand"] = played
            report = combat.resolve(setup, self._drawer(dealing), attacker_hand, defend)
            if (report.damage and report.damage >= target.hp
                    and state.setting("injuries") == "survival test"):
                data["survival"] = self._survival(state, target, dealing)
                if data["survival"]["outcome"] == Outcome.SUCCESS.value:
                    report = replace(report, damage=target.hp - 1)
            _all_typed_drawn(state, dealing)
        data.update(self._report_data(report, fighter, target))
        data["line"] += f" ({combat.steps(setup, report)})"
        if "survival" in data:
            kept = data["survival"]["outcome"] == Outcome.SUCCESS.value
            data["line"] += (f"; {target.name} tests DEF at 0 HP with "
                             f"{card_from_code(data['survival']['card'])}: "
                             + ("stays on 1 HP" if kept else "fails"))
        data.update(moves=dealing.moves, hands=hands)
        if parting_shot:
            data["parting_shot"] = True
            data["line"] += f" (free: {target.name} leaves its assault range)"
        elif returning:
            data["free_return"] = True
        elif battle.activation is not None and battle.activation.free_attacks > 0:
            data["free_attacks"] = battle.activation.free_attacks - 1
        else:
            assert battle.activation is not None
            data.update(action="Attack", actions_left=battle.activation.actions_left - 1)
        if report.free_attacks:
            data["free_attacks"] = report.free_attacks
        if report.free_advance:
            data["free_advance"] = True
        mover = battle.activation.fighter if battle.activation else fighter.name
        owner = state.owner(mover)
        assert owner is not None
        return self._after_action(state, [_new("attacked", **data)], owner.player, mover)

    def _hands_laid_once(self, state: DevilsBluffState, command: Attack, attacker: str,
                         defender: str) -> None:
        """A hand is laid once an attack: for the attacker's test, against it, for the
        defender's test or against that (module line 45: any other player may lay theirs
        against a test's hand)."""
        if command.defence_contest and not command.defender_hand:
            raise RuleError("Playing your hand", "hands are laid against the defender's "
                            "only when the defender plays one", field="defence_contest")
        if command.defender_hand and defender in command.contest:
            raise RuleError("Playing your hand", f"{defender} laid their hand against the "
                            "attack already", field="defender_hand")
        if command.defender_hand and not state.hand(defender):
            raise RuleError("Playing your hand", f"{defender} holds no cards",
                            field="defender_hand")
        laid = ({attacker} if command.hand else set()) | set(command.contest)
        again = sorted(laid & set(command.defence_contest))
        if again:
            raise RuleError("Playing your hand", f"{again[0]} laid their hand in this "
                            "attack already", field="defence_contest")

    def _survival(self, state: DevilsBluffState, target: Fighter, dealing: Dealing
                  ) -> dict[str, str]:
        """The "injuries" setting's test at 0 HP: DEF by the top card, no modifiers."""
        (card,) = dealing.draw(1)
        dealing.discard([card])
        ok = passes(card, target.profile.defence, **state.card_readings())
        return {"card": card.code, "outcome": (Outcome.SUCCESS if ok else Outcome.FAILURE).value}

    def _drawer(self, dealing: Dealing) -> combat.Draw:
        def take(n: int) -> tuple[Card, ...]:
            cards = dealing.draw(n) if n else ()
            dealing.discard(cards)
            return cards
        return take

    def _report_data(self, report: combat.Report, fighter: Fighter,
                     target: Fighter) -> dict[str, Any]:
        def tests(tests: Iterable[combat.Test]) -> list[str]:
            return [t.card.code if t.card else "hand" for t in tests]
        out = target.hp - report.damage <= 0
        line = (f"{fighter.name} shoots at {target.name}: {report.hits} hit"
                f"{'s' if report.hits != 1 else ''}, {report.damage} damage")
        if report.fired:
            line += f", {', '.join(report.fired)}"
        if out:
            line += f"; {target.name} is taken out"
        return {"skill": tests(report.skill), "defence": tests(report.defence),
                "hits": report.hits, "critical_hits": report.critical_hits,
                "damage": report.damage, "target_tokens": report.target_tokens,
                "attacker_tokens": report.attacker_tokens, "fired": list(report.fired),
                "return_fire": report.return_fire, "line": line}

    def _test(self, state: DevilsBluffState, command: AttributeTest) -> list[NewEvent]:
        _refuse(why_not_test(state))
        gang, fighter = self._own(state, command.fighter)
        if command.attribute not in ATTRIBUTES:
            raise RuleError("Tests", f"test MOV, SKL, DEF or CMD, not {command.attribute!r}",
                            field="attribute")
        target = getattr(fighter.profile, ATTRIBUTES[command.attribute])
        dealing = Dealing(state.deck, command.order_by, _typed(command.typed))
        data: dict[str, Any] = {"fighter": fighter.name, "attribute": command.attribute,
                                "target": target, "modifier": command.modifier}
        hands: dict[str, list[str]] = {}
        with _drawing(state, "Draw Deck"):
            if command.hand:
                outcome, hands, played = self._lay(state, dealing, gang.player, command.contest)
                data.update(played)
                shown = "a played hand"
            else:
                (card,) = dealing.draw(1)
                dealing.discard([card])
                readings = state.card_readings()
                ok = passes(card, target, command.modifier, **readings)
                outcome = Outcome.SUCCESS if ok else Outcome.FAILURE
                value = result_of(card, command.modifier,
                                  king_capped_first=readings["king_capped_first"])
                data.update(card=card.code, result=value)
                shown = f"{card} ({value})"
            _all_typed_drawn(state, dealing)
        line = (f"{fighter.name} tests {command.attribute} {target}+ with {shown}: "
                f"{outcome.value}")
        # Shrug it Off fires on a critical Command test, a Recover's or any other
        if (command.attribute == "CMD" and outcome is Outcome.CRITICAL
                and fighter.recruit.ability == "Shrug it Off"):
            data["shrugged"] = True
            line += SHRUGGED
        data.update(outcome=outcome.value, line=line, moves=dealing.moves, hands=hands)
        return [_new("tested", **data)]

    def _forgo(self, state: DevilsBluffState, command: Forgo) -> list[NewEvent]:
        _refuse(why_not_forgo(state))
        battle = self._battle(state)
        activation = battle.activation
        if battle.return_fire is not None:
            fighter = battle.return_fire[0]
            data = {"fighter": fighter, "forgone": "Return Fire",
                    "line": f"{fighter} does not shoot back (Return Fire)"}
        else:
            assert activation is not None
            fighter = activation.fighter
            ability, what = (("Hail of Fire", "free attacks") if activation.free_attacks
                             else ("Run and Gun", "free Advance"))
            data = {"fighter": fighter, "forgone": ability,
                    "line": f"{fighter} forgoes the {what} of {ability}"}
        mover = activation.fighter if activation is not None else fighter
        owner = state.owner(mover)
        assert owner is not None
        return self._after_action(state, [_new("free_forgone", **data)], owner.player, mover)

    def _end_activation(self, state: DevilsBluffState, command: EndActivation
                        ) -> list[NewEvent]:
        _refuse(why_not_end_activation(state))
        if _activating(state) != command.fighter:
            raise RuleError("Activation", f"{command.fighter} is not activating")
        gang, _ = self._own(state, command.fighter)
        return [_new("activation_ended", player=gang.player, fighter=command.fighter)]

    def _score(self, state: DevilsBluffState, command: Score) -> list[NewEvent]:
        _refuse(why_not_score(state))
        self._gang(state, command.player)
        return [_new("scored", player=command.player, points=command.points,
                     reason=command.reason)]

    def _end_game(self, state: DevilsBluffState, command: EndGame) -> list[NewEvent]:
        _refuse(why_not_end_game(state))
        battle = self._battle(state)
        scores = {p: battle.score(p) for p in state.players}
        best = max(scores.values())
        leaders = [p for p, s in scores.items() if s == best]
        return [_new("game_ended", number=battle.number, scores=scores,
                     winner=leaders[0] if len(leaders) == 1 else "", note=command.note)]

    # -- between games -----------------------------------------------------------------------

    def _level(self, state: DevilsBluffState, command: GainLevel) -> list[NewEvent]:
        _refuse(why_not_after_game(state, "Experience"))
        assert state.aftermath is not None
        gang, fighter = self._own(state, command.fighter)
        recruit = fighter.recruit
        if recruit.hired:
            raise RuleError("Experience", f"{fighter.name} is hired for one game; only "
                            "permanent models gain experience", field="fighter")
        if fighter.name in state.aftermath.levelled:
            raise RuleError("Experience", f"{fighter.name} has gained a level after this game",
                            field="fighter")
        if recruit.levels >= MAX_LEVELS:
            raise RuleError("Experience", f"no model gains more than {MAX_LEVELS} levels",
                            field="fighter")
        if command.perk not in perks():
            raise RuleError("Perks", f"no perk called {command.perk!r}", field="perk")
        if command.ability:
            if command.ability not in abilities():
                raise RuleError("Abilities", f"no ability called {command.ability!r}",
                                field="ability")
            if recruit.ability:
                raise RuleError("Abilities", f"{fighter.name} already has {recruit.ability}",
                                field="ability")
            if recruit.levels + 1 < ABILITY_LEVEL:
                raise RuleError("Abilities", "an ability comes with the third level",
                                field="ability")
        levelled = Recruit(recruit.name, recruit.unit, recruit.weapon,
                           (*recruit.perks, command.perk), command.ability or recruit.ability,
                           recruit.hired)
        verify_roster(tuple(levelled if r.name == recruit.name else r for r in gang.roster))
        return [_new("level_gained", player=gang.player, fighter=fighter.name,
                     perk=command.perk, ability=command.ability)]

    def _keep(self, state: DevilsBluffState, command: KeepHired) -> list[NewEvent]:
        _refuse(why_not_after_game(state, "Joining for good"))
        assert state.aftermath is not None
        gang, fighter = self._own(state, command.fighter)
        if not fighter.recruit.hired:
            raise RuleError("Joining for good", f"{fighter.name} is already permanent",
                            field="fighter")
        if gang.player in state.aftermath.kept:
            raise RuleError("Joining for good", "one hired gunslinger a game joins for good",
                            field="fighter")
        return [_new("hired_kept", player=gang.player, fighter=fighter.name)]

    def _close(self, state: DevilsBluffState, command: CloseAftermath) -> list[NewEvent]:
        _refuse(why_not_after_game(state, "Aftermath"))
        return [_new("aftermath_closed")]

    # -- helpers -----------------------------------------------------------------------------

    def _fold(self, state: DevilsBluffState, events: Iterable[NewEvent]) -> DevilsBluffState:
        for i, new in enumerate(events):
            state = evolve(state, Event(i + 1, datetime(2000, 1, 1), 0, new.kind, new.data,
                                        1))
        return state

    # -- the log -----------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        return describe(event)

    def subjects(self, event: Event) -> frozenset[str]:
        data = event.data
        names = {data.get(k) for k in ("fighter", "target")}
        recruit = data.get("recruit")
        if isinstance(recruit, Mapping):
            names.add(recruit.get("name"))
        return frozenset(n for n in names if isinstance(n, str) and n)

    def problems(self, state: DevilsBluffState) -> list[str]:
        found: list[str] = []
        for gang in state.gangs:
            try:
                verify_roster(gang.roster)
            except GangError as error:
                found.append(f"{gang.name}: {error}")
        held = [c for _, h in state.hands for c in h]
        total = len(state.deck.order) + len(state.deck.discards) + len(held)
        if state.battle is not None and total != 52:
            found.append(f"the cards add up to {total}, not 52")
        return found


RULES = DevilsBluffRules()
