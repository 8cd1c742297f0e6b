"""Deployment and turns, decided: a game begun with the Draw Deck shuffled, the deployment
roll-off and the scouts, each round's initiative and hands, activations and their moving
actions (leaving assault range too), free actions let go, scores and the game's end.

Readings (each has a test):

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
- A new round starts only when no model is left to activate; "rounds" (default 5) ends the
  game after that many. A gang with every model taken out does not end it: the books end
  a game by its rounds and the higher score (the other gang may still score), so it runs
  on unless the players agree to end it sooner, and the status says so.
- Equal scores at a game's end are a draw: nobody wins it. The books name the higher score
  the winner and say nothing of a tie; a table would not pick a winner out of equal scores
  (`test_book::test_the_game_lasts_five_rounds_and_the_higher_score_wins`).
- Movement never drops below 0": Advance is MOV less 2 a token, Rush MOV less 2 and 2 a
  token.
- Free actions (Hail of Fire's attacks, Return Fire, Run and Gun's Advance) are extra: they
  spend none of the two actions and do not count for the no-repeat rule. Ending an
  activation lets its own free actions go (and a move out of assault range still waiting
  for its enemies' attacks), but not Return Fire's shot back, which is the other player's
  to take or let go: the activation waits for it, as it does for Hail of Fire's attacks
  owed by a model outside its own activation (after a parting shot or a shot back). What
  ending it lets go is asked first and told with the activation's end
  (`let_go_on_ending`). A game ended (or left off) half-way through an activation lets
  the shot back (and Hail of Fire's attacks owed) go too, by the players' agreement to
  end it, then ends the activation so, each told (`wound_up`); a model set right to 0 HP
  (a mend) that was to shoot back, or to be shot back at, leaves no shot back on offer.
- Leaving assault range: the Advance or Rush names the enemies it leaves; each makes its
  free attack first, in any order, with the close-combat profile unless guns may fire
  there, and the mover cannot evade it (it is within 6"). Sending the move again makes it;
  an enemy that has not attacked by then forgoes its attack. A mover taken out stays put
  and its activation ends.
- A session ends with the game under way (shuffled and not yet ended): the Dealer finishes
  it first, carries it into the next session as it stands, or leaves it off. The module has
  no outcome for a game left unfinished, so leaving it off ends the activation half-way (as
  ending an activation does: the free actions and a move out of assault range on offer are
  let go) and abandons the game: it is journaled and kept in the record with the points
  scored so far, nobody wins it and nobody gains experience (no aftermath: no level, no
  hired gun kept; the hired guns stay for the next game, which is numbered after it).
- A one-off is one game: the module makes its gangs for "a one off game" and carries only a
  campaign's gangs from game to game. Once that game has ended no other begins in the same
  file (a rematch is a new one-off). A game left off unfinished was not played out, so the
  one-off's game may still be played after it: the tabs offer "game 2, the one-off's game
  again (game 1 was left off unfinished)", its number the journal's (`next_game`).
- A one-off gang is ten by controlled choice: the leader, two custom gunslingers and "the
  remaining 7" hired (module line 107); each player hires from their own miniatures, so
  the game waits for ten a gang. A pool may run short (line 171), and then the gangs are
  evened out as that rule says, as in a campaign, whose first game hires "up to 9".
- The objectives: neither text gives a mission, so the players agree what a game is fought
  over and what each objective scores before the deployment (digest 2.1). The app keeps
  what they agreed, as typed (`AgreeObjectives`, at most 200 letters), for the game: a
  later one stands in its place (agreed anew, or typed wrong). It decides nothing by
  them: the players score with `Score`, which shows them. A mission gives its own number
  of rounds (digest 2.1, 77: 5 "unless the module or mission says otherwise"), so the
  objectives carry the game's rounds too, the campaign's "rounds" setting unless the
  players agree another (1 to 12, the app's range; never fewer than the round under way).
- An activation ended with no action taken is journaled as such (`ActivationEnded.idle`)
  and told in the recap: told as nothing, the draws of two turns in a row read as two
  draws in one turn, which module line 39 forbids.
- A model's HP and suppression tokens may be set right during a game (`Mend`), from 0 to
  its own HP and to 2 tokens: the books have no such step, but an attack resolved with the
  wrong cover or a wrong evade, noticed a few steps on, could only be undone with every
  step since and the cards turned up for them. It moves no card, and is told in the log.
  At 0 HP the model is taken out (the activating model's activation ends, as when an
  attack takes it out), and a model taken out by mistake stands again.
- A score gives 1 to 100 points: the books set no limit, but objectives earn a few points
  at a time, so a bigger number is taken for a slip of the keys and refused in the form.
  A minus takes back points given by mistake (to the wrong gang, one too many), at most
  those the player has: the books never take points away, but undo would take back every
  step since, the cards turned up for them too.
- A score's reason, a correction's reason, and a game's or the campaign's closing note take
  at most 200 letters, as the objectives do: a line or two wherever they are told.
- Done pressed too early is taken back (`Resume`) while no other model has begun to
  activate: the activation goes on as it ended (its actions left, the action taken, a free
  action it let go). Once the next model has activated, the turn has passed at the table
  too, and undo is the way back. A card drawn stays drawn and counts for the turn it was
  drawn for (once a turn, module line 39): the player whose turn was taken back does not
  draw again in it, and one who drew meanwhile does not draw again in the turn after.
- An initiative card typed wrong is set right (`CorrectInitiative`) while nobody has acted
  on the round's order (no model activated in it, no card drawn on a turn): the card drawn
  and the one typed change places between the discard pile and the Draw Deck, the hands
  dealt stay, and the order follows the totals. A correction that makes a tie, or unties
  one the players drew again for, is refused: the draws typed were not the table's, and
  undo (then typing every draw) is the way. Once the order is acted on, undo is the way
  back. The roll-offs (deployment, the hiring pool) keep undo: nothing follows them in the
  app until the table acts on them, so undo takes back that one step.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmscreen.core.cards import standard_cards
from gmscreen.core.text import in_words, plural
from gmscreen.games.devils_bluff.attack import MAX_TOKENS
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AgreeObjectives,
    CorrectInitiative,
    Deploy,
    EndActivation,
    EndGame,
    Forgo,
    Mend,
    Move,
    PlaceScout,
    Resume,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.deck import (
    DEALT,
    draw_off,
    drawing,
    must_discard,
    one_card,
    typed_by_player,
    why_not_settled,
)
from gmscreen.games.devils_bluff.draw import Dealing, ShortOfCards, card_value
from gmscreen.games.devils_bluff.events import (
    MOST_ROUNDS,
    MOVES,
    OBJECTIVES_LENGTH,
    Activated,
    ActivationEnded,
    ActivationResumed,
    Deployed,
    FreeForgone,
    GameAbandoned,
    GameEnded,
    GameStarted,
    InitiativeCorrected,
    LeavingAssaultRange,
    Mended,
    Moved,
    ObjectivesAgreed,
    PlayerDraw,
    RoundStarted,
    Scored,
    ScoutPlaced,
)
from gmscreen.games.devils_bluff.gangs import GANG_SIZE, ONE_OFF_LEVELS, GangError, verify_ready
from gmscreen.games.devils_bluff.hands import HAND_SIZE
from gmscreen.games.devils_bluff.log import tokens_in_words
from gmscreen.games.devils_bluff.rules import (
    PLAYERS,
    RULES,
    Refusal,
    activating,
    battle_of,
    gang_of,
    model_of,
    refuse,
    why_not_battle,
    why_not_between_games,
    why_not_in_round,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState, Fighter, Gang
from gmscreen.journal.rules import RuleError

#: how the log says each moving action
VERBS = {"Advance": "advances", "Rush": "rushes", "Interact": "interacts"}
#: a scout is placed more than this many inches from every enemy model
SCOUT_DISTANCE = 12
#: the most points one score gives: objectives earn a few at a time (digest 2.1), so a
#: bigger number is a slip of the keys (and one past 64 bits the journal cannot hold)
MOST_POINTS = 100
#: the most letters a score's reason, a correction's or a game's or the campaign's note
#: take: as many as the objectives, a line or two on a screen (a paragraph pasted in ran the
#: Conflict tab's status past its rows, cut without a mark)
WORDS_LENGTH = OBJECTIVES_LENGTH


def why_not_words(text: str, rule: str, field: str, what: str) -> Refusal:
    """`text` (a reason, a note) longer than `WORDS_LENGTH`, its spaces run together as
    the line tells it, refused in its field."""
    said = " ".join(text.split())
    if len(said) > WORDS_LENGTH:
        return RuleError(rule, f"{what} takes at most {WORDS_LENGTH} letters; this takes "
                         f"{len(said)}", field=field)
    return None


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


# -- a game begun, deployed, and its rounds ---------------------------------------------------


def one_off_played(state: DevilsBluffState) -> int:
    """The number of a one-off's game once it has been played to its end (see the module's
    readings), else 0: a one-off is then over."""
    if state.mode != "one-off":
        return 0
    return next((r.number for r in state.record if not r.abandoned), 0)


def next_game(state: DevilsBluffState) -> str:
    """The next game, as the tabs name it where they say it may begin: "game 2"; in a
    one-off whose game was left off unfinished, that it is the one-off's game again ("game
    2, the one-off's game again (game 1 was left off unfinished)"): "begin game 2" read as a
    second game, which a one-off never has."""
    number = len(state.record) + 1
    if state.mode != "one-off" or not state.record:
        return f"game {number}"
    left = [str(record.number) for record in state.record]
    games = f"game {left[0]} was" if len(left) == 1 else f"games {in_words(left)} were"
    return f"game {number}, the one-off's game again ({games} left off unfinished)"


def why_not_start_game(state: DevilsBluffState) -> Refusal:
    refusal = why_not_between_games(state, "a game starts")
    if refusal is not None:
        return refusal
    if state.aftermath is not None:
        return RuleError("Aftermath", "close the aftermath of the last game first")
    played = one_off_played(state)
    if played:
        return RuleError("One-off", f"a one-off gang is made for a single game, and game "
                         f"{played} was played: another one-off is a new file (gmscreen new)")
    if len(state.gangs) < PLAYERS:
        return RuleError("Gangs", "a game needs two gangs")
    # every gang's first problem, not the first gang's alone: both players fix theirs at once
    unready: list[tuple[str, GangError]] = []
    for gang in state.gangs:
        try:
            verify_ready(gang.roster, state.mode, state.hiring)
        except GangError as error:
            unready.append((gang.name, error))
    if unready:
        rules = {error.rule for _, error in unready}
        named = unready[0][1]
        return RuleError(named.rule if len(rules) == 1 else "Gangs",
                         ". ".join(f"{name}: {error.message}" for name, error in unready),
                         field=named.field)
    if state.mode == "one-off" and state.hiring == "controlled choice":
        # module line 107: the leader and two custom gunslingers, "hiring the remaining
        # 7": each player hires from their own miniatures, so every gang is ten (a pool
        # may run short, which the rule below evens out)
        short = [g for g in state.gangs if len(g.fighters) < GANG_SIZE]
        if short:
            return RuleError("One-off gang", "; ".join(
                f"{g.name} has {len(g.fighters)} of its {GANG_SIZE} models" for g in short)
                + f": a one-off gang hires the remaining {GANG_SIZE - len(ONE_OFF_LEVELS)} "
                "after its leader and two custom gunslingers")
    if state.hiring == "pool":
        hired = {g.player: sum(f.recruit.hired for f in g.fighters) for g in state.gangs}
        # short-changed: a gang with room that hired fewer than the other. One full after
        # fewer picks (it kept more of its own over a campaign) leaves the pool to the other
        if any(len(g.fighters) < GANG_SIZE and hired[g.player] < max(hired.values())
               for g in state.gangs):
            (first, n), (second, m) = hired.items()
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
    if refusal is None and battle.round >= state.game_rounds():
        return RuleError("Rounds", f"the game lasts {plural(state.game_rounds(), 'round')}; "
                         "end the game")
    return refusal


@RULES.decides(StartGame)
def start_game(state: DevilsBluffState, command: StartGame) -> list[object]:
    refuse(why_not_start_game(state))
    if sorted(command.order_by) != list(range(52)):
        raise RuleError("Draw Deck", "the shuffle must order all 52 cards")
    order = tuple(standard_cards()[i] for i in command.order_by)
    return [GameStarted(len(state.record) + 1, order)]


@RULES.decides(Deploy)
def deploy(state: DevilsBluffState, command: Deploy) -> list[object]:
    refuse(why_not_deploy(state))
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
    dealing = Dealing(state.deck, command.order_by, typed_by_player(state, command.typed))
    with drawing(state, "Deployment", dealing):
        # a roll-off (the core's set-up): one card each
        draws, order = draw_off(state, dealing, 1, "Deployment")
    return [Deployed(draws, order, tuple(dealing.moves),
                     tuple(scout_order([held[p] for p in order])))]


@RULES.decides(PlaceScout)
def place_scout(state: DevilsBluffState, command: PlaceScout) -> list[object]:
    refuse(why_not_place_scout(state))
    battle = battle_of(state)
    if command.fighter != battle.scouts[0]:
        raise RuleError("Scout", f"the scouts are placed one at a time by turns: "
                        f"{battle.scouts[0]} is next", field="fighter")
    gang, _ = model_of(state, command.fighter)
    line = (f"{gang.player} places the scout {command.fighter}, more than "
            f"{SCOUT_DISTANCE}\" from every enemy model")
    return [ScoutPlaced(gang.player, command.fighter, line)]


@RULES.decides(StartRound)
def start_round(state: DevilsBluffState, command: StartRound) -> list[object]:
    refuse(why_not_start_round(state))
    battle = battle_of(state)
    initiative = any(text.strip() for _, text in command.typed)
    hands = any(text.strip() for _, text in command.hands)
    if initiative != hands:
        if not initiative:
            raise RuleError("Initiative", "type the initiative cards with the hands",
                            field="typed0")
        raise RuleError("The Hand", "type the five cards each player was dealt",
                        field="hand0")
    # every bad card of the initiative and the hands, named at once
    typed = typed_by_player(state, command.typed, hands=command.hands)
    dealing = Dealing(state.deck, command.order_by, typed)
    each = len(state.players) if state.setting("initiative_cards") == "one per player" \
        else 1
    with drawing(state, "Initiative", dealing):
        draws, order = draw_off(state, dealing, each, "Initiative")
        for player in state.players:
            dealing.discard(state.hand(player))
        dealt = {}
        for player in order:
            try:
                dealt[player] = dealing.draw(HAND_SIZE, DEALT + player)
            except ShortOfCards:
                raise RuleError("The Hand", f"the initiative winner deals {HAND_SIZE} "
                                f"to each: type the {HAND_SIZE} {player} was dealt",
                                field=f"hand{state.players.index(player)}") from None
    return [RoundStarted(battle.round + 1, draws, order, tuple(dealing.moves), dealt)]


def why_not_correct_initiative(state: DevilsBluffState) -> Refusal:
    """An initiative card typed wrong is set right while nobody has acted on the round's
    order: no model has activated in the round and no card has been drawn on a turn. Once
    one has, the order has been played at the table, and undo is the way back."""
    refusal = why_not_in_round(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    acted = (battle.activation is not None or battle.drawn
             or any(f.activated for g in state.gangs for f in g.fighters))
    if acted:
        return RuleError("Initiative", f"round {battle.round}'s order has been acted on (a "
                         "model activated or a card drawn on a turn): undo is the way back")
    if not battle.initiative:
        return RuleError("Initiative", f"round {battle.round}'s initiative draws are not "
                         "kept in this journal: undo is the way back")
    return None


def initiative_order(players: tuple[str, ...], draws: list[PlayerDraw]
                     ) -> tuple[str, ...]:
    """The order a round's initiative draws give (`draw_off`'s): each pass a draw a
    player, and only the last pass without a tie. RuleError (Initiative) for draws the
    table would not have made: a tie not drawn again, or a draw again after no tie."""
    passes = [draws[i:i + len(players)] for i in range(0, len(draws), len(players))]
    for i, made in enumerate(passes):
        totals = {d.player: sum(card_value(c) for c in d.cards) for d in made}
        tied = len(set(totals.values())) < len(totals)
        said = ", ".join(f"{p} {t}" for p, t in totals.items())
        if tied and i == len(passes) - 1:
            raise RuleError("Initiative", f"so the totals tie ({said}) and every player "
                            "would draw again: undo the round and type every draw",
                            field="card")
        if not tied and i < len(passes) - 1:
            raise RuleError("Initiative", f"so the totals did not tie ({said}) and nobody "
                            "drew again: undo the round and type the draws made",
                            field="card")
        if not tied:
            return tuple(sorted(players, key=lambda p: -totals[p]))
    raise RuleError("Initiative", "no initiative draw to correct")


@RULES.decides(CorrectInitiative)
def correct_initiative(state: DevilsBluffState, command: CorrectInitiative) -> list[object]:
    refuse(why_not_correct_initiative(state))
    battle = battle_of(state)
    gang_of(state, command.player)
    was = one_card(command.was, "the card typed wrong", "was", "Initiative")
    card = one_card(command.card, "the card drawn", "card", "Initiative")
    draws = [PlayerDraw(p, cards) for p, cards in battle.initiative]
    at = next((i for i, d in enumerate(draws)
               if d.player == command.player and was in d.cards), None)
    if at is None:
        raise RuleError("Initiative", f"{was} is not among the initiative cards "
                        f"{command.player} drew in round {battle.round}", field="was")
    if card == was:
        raise RuleError("Initiative", "the two cards are one: nothing to correct",
                        field="card")
    if card not in state.deck.order:
        # a card held in a hand is never said to be there (both players read the screen)
        lies = " (it lies in the discard pile)" if card in state.deck.discards else ""
        raise RuleError("Initiative", f"{card} is not in the Draw Deck{lies}, so it cannot "
                        "have been drawn", field="card")
    draws[at] = PlayerDraw(command.player, tuple(card if c == was else c
                                                 for c in draws[at].cards))
    try:
        order = initiative_order(state.players, draws)
    except RuleError as error:
        raise RuleError("Initiative", f"with {card} for {was}, {error.message}",
                        field=error.field) from None
    return [InitiativeCorrected(battle.round, command.player, was, card, tuple(draws),
                                order)]


# -- activations ------------------------------------------------------------------------------


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


@RULES.decides(Activate)
def activate(state: DevilsBluffState, command: Activate) -> list[object]:
    refuse(why_not_activate(state, command.fighter))
    gang, fighter = model_of(state, command.fighter)
    return [Activated(gang.player, fighter.name)]


def why_not_act(state: DevilsBluffState, name: str, action: str) -> Refusal:
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
    if battle.hail is not None:
        return RuleError("Hail of Fire", f"{battle.hail[0]} makes its free attacks first, "
                         "or they are let go")
    parting = battle.parting
    if parting is not None and action != parting.action:
        return RuleError("Assault range", f"{name} is making its {parting.action} "
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


def acting(state: DevilsBluffState, name: str, action: str) -> tuple[Gang, Fighter]:
    """The activating model `name` and its gang, when it may take `action` now."""
    refuse(why_not_in_round(state))
    found = model_of(state, name)
    refuse(why_not_act(state, name, action))
    return found


def after_action(state: DevilsBluffState, payloads: list[object], player: str,
                 fighter: str) -> list[object]:
    """The action's events, and the activation's end once nothing is left to do in it."""
    after = RULES.after(state, payloads)
    battle = after.battle
    assert battle is not None
    activation = battle.activation
    found = after.find(fighter)
    taken_out = found is not None and found[1].out
    if (activation is not None and activation.fighter == fighter and (taken_out or (
            activation.actions_left <= 0 and not activation.free_attacks
            and not activation.free_advance and battle.return_fire is None
            and battle.hail is None))):
        payloads.append(ActivationEnded(player, fighter))
    return payloads


def owner_of(state: DevilsBluffState, fighter: str) -> str:
    """The player whose model `fighter` is."""
    owner = state.owner(fighter)
    assert owner is not None
    return owner.player


def why_not_move(state: DevilsBluffState, action: str, fighter: str | None = None) -> Refusal:
    """Advance, Rush or Interact by the activating model; a free Advance (Run and Gun) is
    extra."""
    name = activating(state) if fighter is None else fighter
    battle = state.battle
    if (action == "Advance" and battle is not None and battle.activation is not None
            and battle.activation.fighter == name and battle.activation.free_advance):
        return None
    return why_not_act(state, name, action)


def fought_up_close(state: DevilsBluffState, name: str) -> tuple[str, ...]:
    """The enemies still standing that fought the model `name` up close (an attack within
    assault range, either way) since either last moved: those whose assault range it
    stands in, as far as the journal knows; the leave form ticks them (digest 2.3, 97)."""
    battle = state.battle
    if battle is None:
        return ()
    found = []
    for pair in battle.close:
        if name in pair:
            other = pair[1] if pair[0] == name else pair[0]
            model = state.find(other)
            if model is not None and not model[1].out:
                found.append(other)
    return tuple(found)


def why_not_leave(state: DevilsBluffState) -> Refusal:
    """An Advance or a Rush out of enemies' assault range."""
    battle = state.battle
    if battle is not None and battle.parting is not None:
        parting = battle.parting
        return RuleError("Assault range", f"{parting.mover} is leaving already: the "
                         f"enemies attack first, then its {parting.action} is made")
    refusals = [why_not_move(state, move) for move in ("Advance", "Rush")]
    return None if None in refusals else refusals[0]


@RULES.decides(Move)
def move(state: DevilsBluffState, command: Move) -> list[object]:
    if command.action not in MOVES:
        raise RuleError("Actions", f"{command.action!r} is not Advance, Rush or Interact",
                        field="action")
    refuse(why_not_in_round(state))
    battle = battle_of(state)
    free = (command.action == "Advance" and battle.activation is not None
            and battle.activation.fighter == command.fighter
            and battle.activation.free_advance)
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_move(state, command.action, command.fighter))
    assert battle.activation is not None
    if command.leaving and battle.parting is None:
        return [_leave(state, gang, fighter, command)]
    inches = move_inches(fighter, command.action)
    verb = "advances (free)" if free else VERBS[command.action]
    line = (f"{fighter.name} interacts" if command.action == "Interact" else
            f"{fighter.name} {verb} up to {inches}\"")
    shown = inches if command.action != "Interact" else 0
    moved = (Moved(fighter.name, line, shown, free_advance=False) if free else
             Moved(fighter.name, line, shown, command.action,
                   battle.activation.actions_left - 1))
    return after_action(state, [moved], gang.player, fighter.name)


def move_inches(fighter: Fighter, action: str) -> int:
    """How far an Advance or a Rush takes `fighter`: its MOV, 2" less a suppression token
    and 2" less for a Rush (digest 93), never below 0."""
    inches = fighter.profile.mov - 2 * fighter.tokens - (2 if action == "Rush" else 0)
    return max(0, inches)


def _leave(state: DevilsBluffState, gang: Gang, fighter: Fighter,
           command: Move) -> LeavingAssaultRange:
    """The move out of assault range waits for each enemy's free attack."""
    if command.action not in ("Advance", "Rush"):
        raise RuleError("Assault range", "only an Advance or a Rush moves out of "
                        "assault range", field="action")
    if not move_inches(fighter, command.action):
        # a move of 0" leaves nothing behind: no free attack, no change of place
        raise RuleError("Assault range", f"{fighter.name}'s {command.action} goes 0\" "
                        f"(MOV {fighter.profile.mov}, {plural(fighter.tokens, 'token')}): "
                        "it cannot move out of assault range", field="action")
    attackers: list[str] = []
    for name in dict.fromkeys(command.leaving):
        found = state.find(name)
        if found is None or found[0].player == gang.player:
            raise RuleError("Assault range", f"{name} is no enemy of "
                            f"{fighter.name}", field="leaving")
        if found[1].out:
            raise RuleError("Assault range", f"{name} has been taken out",
                            field="leaving")
        attackers.append(name)
    line = (f"{fighter.name} moves to {command.action.lower()} out of assault range: "
            f"{', '.join(attackers)} attack{'s' if len(attackers) == 1 else ''} first")
    return LeavingAssaultRange(fighter.name, command.action, tuple(attackers), line)


def why_not_forgo(state: DevilsBluffState) -> Refusal:
    refusal = why_not_in_round(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    activation = battle.activation
    if battle.return_fire is None and battle.hail is None and (activation is None or not (
            activation.free_attacks or activation.free_advance)):
        return RuleError("Free actions", "no free action is on offer")
    return None


@RULES.decides(Forgo)
def forgo(state: DevilsBluffState, command: Forgo) -> list[object]:
    refuse(why_not_forgo(state))
    battle = battle_of(state)
    activation = battle.activation
    if battle.return_fire is not None:
        fighter = battle.return_fire[0]
        let_go = FreeForgone(fighter, "Return Fire", f"{fighter} does not shoot back "
                             "(Return Fire)")
    elif battle.hail is not None:
        fighter, count = battle.hail
        what = "free attacks" if count > 1 else "last free attack"
        let_go = FreeForgone(fighter, "Hail of Fire", f"{fighter} forgoes the {what} of "
                             "Hail of Fire", outside=True)
    else:
        assert activation is not None
        fighter = activation.fighter
        # one of Hail of Fire's two taken already: the one let go is the last
        ability, what = ((("Hail of Fire", "free attacks") if activation.free_attacks > 1
                          else ("Hail of Fire", "last free attack"))
                         if activation.free_attacks else ("Run and Gun", "free Advance"))
        let_go = FreeForgone(fighter, ability, f"{fighter} forgoes the {what} of {ability}")
    mover = activation.fighter if activation is not None else fighter
    return after_action(state, [let_go], owner_of(state, mover), mover)


def why_not_end_activation(state: DevilsBluffState) -> Refusal:
    """Ending the activation lets its own free actions go, but never the other side's
    Return Fire: that shot is the defending player's, at once, to take or let go."""
    refusal = why_not_in_round(state)
    if refusal is None and not activating(state):
        return RuleError("Activation", "no model is activating")
    battle = state.battle
    if refusal is None and battle is not None and battle.return_fire is not None:
        shooter, at = battle.return_fire
        return RuleError("Return Fire", f"{shooter} may shoot back at {at} first, or its "
                         "player lets the shot go")
    if refusal is None and battle is not None and battle.hail is not None:
        return RuleError("Hail of Fire", f"{battle.hail[0]} makes its free attacks first, "
                         "or its player lets them go")
    return refusal


def let_go_on_ending(state: DevilsBluffState) -> str:
    """What ending the activation now lets go, in words ("2 free attacks of Hail of Fire",
    "its Rush out of assault range, so Dutch makes no free attack"); "" for nothing. The
    Dealer is asked first, and the activation's end says it in the log, the status and the
    recap."""
    battle = state.battle
    if battle is None or battle.activation is None:
        return ""
    activation = battle.activation
    if battle.parting is not None:
        parting = battle.parting
        move = f"its {parting.action} out of assault range"
        if not parting.attackers:
            return move
        return f"{move}, so {in_words(parting.attackers)} make" + (
            "s" if len(parting.attackers) == 1 else "") + " no free attack"
    if activation.free_attacks:
        count = activation.free_attacks
        return f"{plural(count, 'free attack')} of Hail of Fire"
    return "the free Advance of Run and Gun" if activation.free_advance else ""


@RULES.decides(EndActivation)
def end_activation(state: DevilsBluffState, command: EndActivation) -> list[object]:
    refuse(why_not_end_activation(state))
    if activating(state) != command.fighter:
        raise RuleError("Activation", f"{command.fighter} is not activating")
    gang, _ = model_of(state, command.fighter)
    activation, let_go = battle_of(state).activation, let_go_on_ending(state)
    # what it let go says what it had still to do; else whether it did anything at all
    idle = activation is not None and not activation.taken and not let_go
    return [ActivationEnded(gang.player, command.fighter, let_go, idle)]


def why_not_resume(state: DevilsBluffState) -> Refusal:
    """Done pressed too early is taken back while no other model has begun to activate:
    the activation goes on with what it had left. Once the next model has activated, the
    turn has passed at the table too, and undo is the way back."""
    refusal = why_not_in_round(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    if battle.activation is not None:
        return RuleError("Activation", f"{battle.activation.fighter} is activating")
    ended = battle.ended
    if ended is None:
        return RuleError("Activation", "no activation has ended since the last model "
                         "activated")
    found = state.find(ended.fighter)
    if found is not None and found[1].out:
        return RuleError("Activation", f"{ended.fighter} has been taken out")
    if not (ended.actions_left or ended.free_attacks or ended.free_advance):
        return RuleError("Activation", f"{ended.fighter} had taken both actions: nothing "
                         "is left to go on with")
    return None


@RULES.decides(Resume)
def resume(state: DevilsBluffState, command: Resume) -> list[object]:
    refuse(why_not_resume(state))
    battle = battle_of(state)
    ended = battle.ended
    assert ended is not None
    if command.fighter != ended.fighter:
        raise RuleError("Activation", f"{ended.fighter}'s activation ended last, not "
                        f"{command.fighter}'s", field="fighter")
    return [ActivationResumed(owner_of(state, ended.fighter), ended.fighter,
                              ended.actions_left, ended.taken, ended.free_attacks,
                              ended.free_advance, battle.ended_drawn, battle.drawn)]


# -- scores and the game's end ----------------------------------------------------------------


def rounds_left(state: DevilsBluffState) -> int:
    """Rounds of the game not yet begun ("rounds", default 5): ending it before they are
    played is the players' agreement, so the end-game step says how many; 0 between games
    or in the last round."""
    battle = state.battle
    return max(0, state.game_rounds() - battle.round) if battle is not None else 0


def end_game_note(state: DevilsBluffState) -> str:
    """What the end-game step tells before the game is ended ("" between games): the
    rounds still to play, or in the last round the models still to activate, which only
    the players' agreement cuts short; then the scores and the result the step records
    ("Ma 0, Cole 2: Cole would win."; once all is played, "Ma 0, Cole 2: Cole wins.")."""
    battle = state.battle
    if battle is None:
        return ""
    left = rounds_left(state)
    rounds = state.game_rounds()
    waiting = sum(f.ready for g in state.gangs for f in g.fighters)
    if battle.activation is not None:
        waiting += 1  # the model activating has yet to finish
    scores = ", ".join(f"{p} {battle.score(p)}" for p in state.players)
    best = max((battle.score(p) for p in state.players), default=0)
    leaders = [p for p in state.players if battle.score(p) == best]
    if left or waiting:
        head = (f"Round {battle.round} of {rounds}" if battle.round
                else f"Before round 1 of {rounds}")
        more = (f"{plural(left, 'more round')} to play" if left else
                f"{plural(waiting, 'model')} still to activate")
        result = f"{leaders[0]} would win" if len(leaders) == 1 else "a draw so far"
        first = wound_up_words(state)
        first = f" Ending it now: {first}." if first else ""
        return (f"{head}: {more}.{first} End it now only if the players agree; the higher "
                f"score wins. Now: {scores}: {result}.")
    return f"{scores}: {leaders[0] + ' wins' if len(leaders) == 1 else 'a draw'}."


def one_off_ending(state: DevilsBluffState) -> str:
    """What ending a one-off's game ends too (see the module's readings: a one-off is one
    game), "" in a campaign, whose next game follows."""
    if state.mode != "one-off" or state.battle is None:
        return ""
    return "Ending it ends the one-off: no other game follows."


def why_not_score(state: DevilsBluffState) -> Refusal:
    return why_not_battle(state)


def why_not_end_game(state: DevilsBluffState) -> Refusal:
    return why_not_battle(state)


def why_not_agree_objectives(state: DevilsBluffState) -> Refusal:
    """The objectives are agreed for a game (before its deployment, as digest 2.1 has the
    mission set up), and may be written again while it is played (agreed anew, or typed
    wrong): the Score and End-the-game forms read them. Prepared the evening before, with
    no game begun, the refusal says when they are agreed and what keeps them till then."""
    if state.battle is None:
        return RuleError("Game", "no game is being played: the objectives are agreed once "
                         "a game begins (g on the Conflict tab), before its deployment; "
                         "till then a note (n) keeps them")
    return why_not_battle(state)


@RULES.decides(AgreeObjectives)
def agree_objectives(state: DevilsBluffState, command: AgreeObjectives) -> list[object]:
    refuse(why_not_agree_objectives(state))
    text = " ".join(command.text.split())
    if not text:
        raise RuleError("Objectives", "write the objectives the players agreed and what "
                        "each scores", field="text")
    if len(text) > OBJECTIVES_LENGTH:
        raise RuleError("Objectives", f"the objectives take at most {OBJECTIVES_LENGTH} "
                        f"letters; these take {len(text)}", field="text")
    battle = battle_of(state)
    # the mission's rounds (digest 2.1, 77): 0 or the campaign's own keeps the setting
    rounds = 0 if command.rounds == state.setting("rounds") else command.rounds
    if rounds and not 1 <= rounds <= MOST_ROUNDS:
        raise RuleError("Rounds", f"a game lasts 1 to {MOST_ROUNDS} rounds (the campaign's "
                        f"setting: {state.setting('rounds')}), not {rounds}", field="rounds")
    if rounds and rounds < battle.round:
        raise RuleError("Rounds", f"round {battle.round} is under way: the game lasts "
                        f"{plural(battle.round, 'round')} at least", field="rounds")
    if text == battle.objectives and rounds == battle.rounds:
        raise RuleError("Objectives", "these are the objectives agreed already",
                        field="text")
    # agreed again in the game: the line tells what changed, not a first agreement
    agreed = bool(battle.objectives)
    was, now = state.game_rounds(), rounds or int(state.setting("rounds"))
    changed = agreed and was != now
    return [ObjectivesAgreed(text, rounds, agreed and text != battle.objectives,
                             was if changed else 0, now if changed else 0)]


@RULES.decides(Score)
def score(state: DevilsBluffState, command: Score) -> list[object]:
    refuse(why_not_score(state))
    if not command.player.strip():
        raise RuleError("Scores", "choose the player who scores", field="player")
    gang_of(state, command.player)
    # points are earned (digest 2.1); a minus takes back points given by mistake, where
    # undo would take back every step since
    if command.points == 0:
        raise RuleError("Scores", "a score gives points (1 or more), or takes back points "
                        "given by mistake (a minus), not 0", field="points")
    battle = battle_of(state)
    if -command.points > battle.score(command.player):
        # the points were likelier given to the other gang than miscounted: the player
        # who has them is named, and the cursor put on the player
        others = [p for p in state.players
                  if p != command.player and battle.score(p) >= -command.points]
        raise RuleError("Scores", f"{command.player} has scored "
                        f"{battle.score(command.player)}, so {-command.points} cannot be "
                        "taken back" + "".join(f"; {p} has scored {battle.score(p)}"
                                               for p in others),
                        field="player" if others else "points")
    if command.points > MOST_POINTS:
        raise RuleError("Scores", f"a score gives at most {MOST_POINTS} points at once, "
                        f"not {command.points}: objectives earn a few at a time",
                        field="points")
    refuse(why_not_words(command.reason, "Scores", "reason", "the reason"))
    act = battle.activation
    return [Scored(command.player, command.points, command.reason,
                   act.fighter if act is not None else "")]


def why_not_mend(state: DevilsBluffState) -> Refusal:
    return why_not_battle(state)


@RULES.decides(Mend)
def mend(state: DevilsBluffState, command: Mend) -> list[object]:
    """A model's HP and tokens set right by the table's word (see the module's readings)."""
    refuse(why_not_mend(state))
    found = state.find(command.fighter)
    if found is None:
        raise RuleError("Correction", f"choose a model of the game, not {command.fighter!r}",
                        field="fighter")
    fighter = found[1]
    most = fighter.profile.hp
    if not 0 <= command.hp <= most:
        raise RuleError("Correction", f"{fighter.name} has {most} HP of its own, so 0 to "
                        f"{most}, not {command.hp}", field="hp")
    if not 0 <= command.tokens <= MAX_TOKENS:
        raise RuleError("Correction", f"a model carries 0 to {MAX_TOKENS} suppression "
                        f"tokens, not {command.tokens}", field="tokens")
    if (command.hp, command.tokens) == (fighter.hp, fighter.tokens):
        raise RuleError("Correction", f"{fighter.name} already has {fighter.hp} HP and "
                        f"{tokens_in_words(fighter.tokens)}: nothing to correct", field="hp")
    refuse(why_not_words(command.reason, "Correction", "reason", "the reason"))
    # the activating model corrected to no HP ends its activation, as one taken out does
    battle = battle_of(state)
    act = battle.activation
    mended: list[object] = [Mended(fighter.name, command.hp, command.tokens, fighter.hp,
                                   fighter.tokens, command.reason.strip(),
                                   act.fighter if act is not None else "")]
    if command.hp == 0 and battle.return_fire is not None \
            and fighter.name in battle.return_fire:
        # a model out makes no attack and is attacked no more: the shot back goes
        shooter = battle.return_fire[0]
        mended.append(FreeForgone(shooter, "Return Fire", f"{shooter} does not shoot "
                                  f"back (Return Fire): {fighter.name} is out"))
    if command.hp == 0 and battle.hail is not None and battle.hail[0] == fighter.name:
        mended.append(FreeForgone(fighter.name, "Hail of Fire", f"{fighter.name} forgoes "
                                  "the free attacks of Hail of Fire: it is out",
                                  outside=True))
    return after_action(state, mended, found[0].player, fighter.name)


@RULES.decides(EndGame)
def end_game(state: DevilsBluffState, command: EndGame) -> list[object]:
    refuse(why_not_end_game(state))
    refuse(why_not_words(command.note, "Game", "note", "the note"))
    battle = battle_of(state)
    scores = {p: battle.score(p) for p in state.players}
    best = max(scores.values())
    leaders = [p for p, s in scores.items() if s == best]
    return [*wound_up(state),
            GameEnded(battle.number, scores, leaders[0] if len(leaders) == 1 else "",
                      command.note)]


def wound_up(state: DevilsBluffState) -> list[object]:
    """What a game ended (or left off) half-way through an activation ends first, each
    told in the log and the recap: Return Fire's shot back still on offer is let go, then
    the activation ends as ending it does (its free actions, a move out of assault range
    waiting for its parting shots, let go)."""
    battle = battle_of(state)
    left: list[object] = []
    if battle.return_fire is not None:
        shooter = battle.return_fire[0]
        left.append(FreeForgone(shooter, "Return Fire", f"{shooter} does not shoot back "
                                "(Return Fire)"))
    if battle.hail is not None:
        left.append(FreeForgone(battle.hail[0], "Hail of Fire", f"{battle.hail[0]} forgoes "
                                "the free attacks of Hail of Fire", outside=True))
    activation = battle.activation
    if activation is not None:
        name, let_go = activation.fighter, let_go_on_ending(state)
        left.append(ActivationEnded(owner_of(state, name), name, let_go,
                                    idle=not activation.taken and not let_go))
    return left


def wound_up_words(state: DevilsBluffState) -> str:
    """`wound_up` in words, for the question asked before ("" for nothing)."""
    battle = state.battle
    if battle is None:
        return ""
    said: list[str] = []
    if battle.return_fire is not None:
        said.append(f"{battle.return_fire[0]}'s shot back (Return Fire) is let go")
    if battle.hail is not None:
        said.append(f"{battle.hail[0]}'s free attacks (Hail of Fire) are let go")
    if battle.activation is not None:
        let_go = let_go_on_ending(state)
        said.append(f"{battle.activation.fighter}'s activation ends"
                    + (f", letting go {let_go}" if let_go else ""))
    return "; ".join(said)


# -- a session ended with the game under way --------------------------------------------------


@RULES.tells_under_way
def under_way(state: DevilsBluffState) -> str | None:
    """The game being played and where it stands, in the game's words; None between games."""
    battle = state.battle
    if battle is None:
        return None
    act = battle.activation
    return game_at(battle.number, battle.round, state.game_rounds(),
                   deployed=bool(battle.deployment), scouting=bool(battle.scouts),
                   activating=act.fighter if act else "",
                   actions_left=act.actions_left if act else 0, turn=battle.turn,
                   discarding=must_discard(state))


def game_at(number: int, round_: int, rounds: int, *, deployed: bool, scouting: bool,
            activating: str, actions_left: int, turn: str, discarding: str = "") -> str:
    """Where a game stands, from what the whole table sees of it (nothing held in a hand):
    `under_way`'s words, and the recap's (`view.table_stands`), so both say it alike. A
    sixth card's discard still owed (`discarding`, module line 39) comes before anything
    else, so it is said first."""
    where = _game_at(number, round_, rounds, deployed=deployed, scouting=scouting,
                     activating=activating, actions_left=actions_left, turn=turn)
    if discarding and round_:
        where += (f"; {discarding} first discards one of the five held before a sixth card "
                  "drawn")
    return where


def _game_at(number: int, round_: int, rounds: int, *, deployed: bool, scouting: bool,
             activating: str, actions_left: int, turn: str) -> str:
    game = f"game {number}"
    if not round_:
        if not deployed:
            return f"{game}, its gangs not yet deployed"
        return f"{game}, deployed, its scouts being placed" if scouting else (
            f"{game}, deployed, before its first round")
    game += f", round {round_} of {rounds}"
    if activating:
        left = f"{actions_left} action{'' if actions_left == 1 else 's'} left"
        return f"{game}, with {activating}'s activation half-way ({left})"
    if turn:
        return f"{game}, {turn}'s turn to activate a model"
    return f"{game}, every model activated"


@RULES.abandons
def abandon(state: DevilsBluffState) -> list[object]:
    """The activation half-way ended, then the game abandoned (see the module's readings)."""
    battle = battle_of(state)
    left = wound_up(state)
    left.append(GameAbandoned(battle.number, battle.round,
                              {p: battle.score(p) for p in state.players}))
    return left


@RULES.tells_left_off
def left_off_words(state: DevilsBluffState) -> str:
    """What leaving the game off does, offered as a session ends (see the readings)."""
    battle = battle_of(state)
    # a one-off gains no experience at all: what it keeps is its one game, to be played
    told = (f"game {battle.number} ends unfinished, won by nobody; the one-off's game may "
            "be begun again" if state.mode == "one-off" else
            f"game {battle.number} ends unfinished, won by nobody, and nobody gains "
            "experience")
    first = wound_up_words(state)
    return f"{first}, then {told}" if first else told
