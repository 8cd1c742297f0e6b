"""The decider of Dead Man's Hand: posses, the game on the table, the Dramatic Showdown.

A match is two posses, red and black. In a Dramatic Showdown they are built by the book's
rules and play best of three; in single games (the book's scenarios, or free rosters) any
models fight and a new game starts them all afresh. Each game: a card's colour says who
deploys first and who acts first; deployment alternates; then the turns alternate, each one
model's use: its move, then perhaps an attack drawn, chosen and applied. The game ends when
one posse alone is on the table.

Readings of the book taken here (the engine modules list theirs; each has a test):

- Model names are unique across both posses, so the log is never ambiguous.
- A model can be put right from the roster (Edit). While the posses are built its weapons and
  horse are its plunder, bought under the same rules as a recruit; during a game they are what
  it still carries, only pieces of its own kit (an Ace's loss undone, not new plunder), and
  the markers (Moving Target, the Jack, the Queen) go only on a model on the table. Between
  games only the name changes. Nothing is edited while an attack is being resolved.
- A setup card that is a Joker has no colour; it is refused and another is drawn.
- Single games (the scenarios, free rosters) start every model afresh each game, with its
  weapons, horse and hits as set up: the book's rematch keeps the set-up the same (line 261).
- An attack is over, and the turn passes, once its result cards are played (and the
  target has taken or declined its second card). A model that only moves ends the turn
  with End turn. Leaving by a table edge is a whole use, and needs a move.
- The second result card after All In is offered only while the target is on the table and
  can answer (not stopped by a Queen, with a weapon that reaches) and the attacker is still
  standing: the book's tips (line 273) promise nothing to fear from a target out of range
  or stopped by a Queen, so not even a Joker is offered then. Whatever its colour, it is
  played like any result card.
- Surrender takes no turn; it may be declared at any moment between attacks.
- A game whose last models of both posses fall together is won by nobody. A showdown posse
  with nobody left who may play (all dead or surrendered) loses the showdown at once.
- The app's pack starts each game full. Drawn cards go to the discard when the attack ends,
  except a coffin card, which stays under its model until the game ends (a Joker that lays
  down both models lies under both, and is kept out of the discard once). When the pile runs
  short, the discard is shuffled back first (the event says so). After a showdown game the
  recovery draws come from a fresh pack without the coffin cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch
from typing import Any

from gmscreen.games.dead_mans_hand import commands as c
from gmscreen.games.dead_mans_hand.attack import (
    attack_refused,
    card_count,
    describe_count,
    move_refused,
    moved_far,
    weapon_choices,
)
from gmscreen.games.dead_mans_hand.events import (
    ATTACK_DRAWN,
    FORMAT_CHOSEN,
    GAME_SET_UP,
    GAME_WON,
    MODEL_DEPLOYED,
    MODEL_DISMISSED,
    MODEL_EDITED,
    MODEL_LEFT,
    MODEL_RECRUITED,
    MODEL_SURRENDERED,
    MODEL_USED,
    PACK_RESHUFFLED,
    POSSE_NAMED,
    RECOVERY_DRAWN,
    RESULT_PLAYED,
    SCENARIO_LOADED,
    SECOND_RESULT_DECLINED,
    SHOWDOWN_WON,
    TURN_ENDED,
    WENT_ALL_IN,
)
from gmscreen.games.dead_mans_hand.evolve import evolve, fold
from gmscreen.games.dead_mans_hand.log import describe, subjects
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, canonical, colour_of, missing, show
from gmscreen.games.dead_mans_hand.posse import (
    WINS_NEEDED,
    Recruitment,
    budget,
    kit,
    showdown_posse_problems,
    spent,
    verify_model,
    verify_showdown_recruit,
)
from gmscreen.games.dead_mans_hand.results import answer_refused, resolve
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS, scenario_models
from gmscreen.games.dead_mans_hand.showdown import recovers, survived
from gmscreen.games.dead_mans_hand.state import (
    COLOURS,
    Attack,
    Colour,
    Format,
    MatchState,
    Model,
    Phase,
    Status,
    Turn,
    other,
)
from gmscreen.games.dead_mans_hand.weapons import Move, weapon_name
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError

LONGEST_NAME = 40
#: the farthest distance worth typing: beyond every weapon's reach
FARTHEST = 1000


# -- checks shared by the commands -------------------------------------------------------------


def _name(text: str, what: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise RuleError("Names", f"{what} needs a name", field="name")
    if len(name) > LONGEST_NAME:
        raise RuleError("Names", f"a name has at most {LONGEST_NAME} letters", field="name")
    return name


def _model(state: MatchState, name: str, field: str = "name") -> Model:
    found = state.find(name)
    if found is None:
        raise RuleError("Models", f"there is no model called {name!r}", field=field)
    return found


def _phase(state: MatchState, *phases: Phase, doing: str) -> None:
    if state.phase not in phases:
        raise RuleError("Order of play", f"cannot {doing} {_phase_words(state)}")


def _phase_words(state: MatchState) -> str:
    return {
        Phase.BUILDING: "while the posses are being built",
        Phase.DEPLOYING: "while the models are being placed",
        Phase.PLAYING: "during a game",
        Phase.AFTER_GAME: "between games",
        Phase.OVER: "once the showdown is won",
    }[state.phase]


def _cards(texts: Sequence[str], field: str = "cards") -> list[str]:
    codes: list[str] = []
    for text in texts:
        try:
            codes.append(canonical(text))
        except ValueError as error:
            raise RuleError("Cards", str(error), field=field) from None
    return codes


def _from_pile(state: MatchState, codes: Sequence[str], reshuffled: bool, field: str) -> None:
    """The cards must be in the pile (with the discard too, when it was shuffled back)."""
    pile = state.pack.pile
    if reshuffled:
        if len(pile) >= len(codes):
            raise RuleError("Pack", f"the pile still holds {len(pile)} cards; no reshuffle "
                            "is needed", field=field)
        pile = pile + state.pack.discard
    gone = missing(pile, codes)
    if gone:
        where = "pile or discard" if reshuffled else "pile"
        raise RuleError("Pack", f"{', '.join(show(g) for g in gone)} not in the {where} "
                        "(each card is drawn once; reshuffle when the pile runs out)", field=field)


def _turn(state: MatchState) -> Turn:
    _phase(state, Phase.PLAYING, doing="do that")
    assert state.turn is not None
    return state.turn


def _attack(state: MatchState) -> Attack:
    if state.attack is None:
        raise RuleError("Attack", "no attack is under way")
    return state.attack


def _no_attack(state: MatchState) -> None:
    if state.attack is not None:
        raise RuleError("Attack", f"{state.attack.attacker}'s attack on {state.attack.target} "
                        "is still being resolved")


# -- the commands --------------------------------------------------------------------------------


@singledispatch
def decide(command: object, state: MatchState) -> list[NewEvent]:
    raise RuleError("Commands", f"Dead Man's Hand does not know the command {command!r}")


@decide.register
def _(command: c.ChooseFormat, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.BUILDING, doing="change the format")
    if command.format is Format.SHOWDOWN and state.models():
        raise RuleError("Format", "choose a Dramatic Showdown before anyone is recruited, so "
                        "every model is bought by its rules", field="format")
    return [NewEvent(FORMAT_CHOSEN, {"format": Format(command.format).value})]


@decide.register
def _(command: c.NamePosse, state: MatchState) -> list[NewEvent]:
    if command.colour not in COLOURS:
        raise RuleError("Posses", f"the posses are red and black, not {command.colour!r}",
                        field="colour")
    return [NewEvent(POSSE_NAMED, {"colour": command.colour,
                                   "name": _name(command.name, "a posse")})]


@decide.register
def _(command: c.Recruit, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.BUILDING, doing="recruit")
    if command.colour not in COLOURS:
        raise RuleError("Posses", f"the posses are red and black, not {command.colour!r}",
                        field="colour")
    name = _name(command.name, "a model")
    if state.find(name) is not None:
        raise RuleError("Names", f"there is already a model called {name}", field="name")
    recruit = Recruitment(command.colour, name, command.value, command.hits,
                          tuple(command.weapons), command.civilian, command.horse)
    verify_model(recruit)
    carried = kit(recruit.weapons, recruit.civilian)
    if state.format is Format.SHOWDOWN:
        verify_showdown_recruit(recruit, state.posse(command.colour).models)
    return [NewEvent(MODEL_RECRUITED, {
        "colour": command.colour, "name": name, "value": command.value, "hits": command.hits,
        "kit": list(carried), "civilian": command.civilian, "horse": command.horse,
    })]


@decide.register
def _(command: c.Dismiss, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.BUILDING, doing="dismiss a model")
    model = _model(state, command.name)
    return [NewEvent(MODEL_DISMISSED, {"name": model.name, "colour": model.colour})]


@decide.register
def _(command: c.EditModel, state: MatchState) -> list[NewEvent]:
    model = _model(state, command.name)
    _no_attack(state)
    name = _name(command.new_name, "a model")
    if name != model.name and state.find(name) is not None:
        raise RuleError("Names", f"there is already a model called {name}", field="name")
    markers = command.moving_target or command.pinned or command.shaken
    if markers and not (state.phase is Phase.PLAYING and model.on_table):
        raise RuleError("Markers", "markers go only on a model on the table during a game",
                        field="markers")
    plunder = state.phase is Phase.BUILDING
    if plunder:
        recruit = Recruitment(model.colour, name, model.value, model.hits,
                              tuple(command.weapons), model.civilian, command.horse)
        carried = kit(recruit.weapons, recruit.civilian)
        if state.format is Format.SHOWDOWN:
            others = tuple(m for m in state.posse(model.colour).models if m.name != model.name)
            verify_showdown_recruit(recruit, others)
    elif state.phase in (Phase.DEPLOYING, Phase.PLAYING):
        carried = tuple(command.weapons)
        foreign = [w for w in carried if w not in model.kit]
        if foreign:
            raise RuleError("Weapons", f"{model.name} owns no {weapon_name(foreign[0])}; during "
                            "a game a model carries only its own kit", field="weapons")
        if command.horse and not model.bought_horse:
            raise RuleError("Horse", f"{model.name} never had a horse", field="horse")
    else:
        carried = tuple(command.weapons)
        if set(carried) != set(model.weapons) or command.horse != model.horse:
            raise RuleError("Between games", "a model keeps its kit between games; only its "
                            "name can change", field="weapons")
    return [NewEvent(MODEL_EDITED, {
        "name": model.name, "colour": model.colour, "new_name": name, "plunder": plunder,
        "weapons": list(carried), "horse": command.horse,
        "moving_target": command.moving_target, "pinned": command.pinned,
        "shaken": command.shaken,
    })]


@decide.register
def _(command: c.LoadScenario, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.BUILDING, doing="load a scenario")
    if state.models():
        raise RuleError("Scenario", "a scenario brings its own posses; dismiss the models "
                        "recruited first", field="scenario")
    if command.scenario not in SCENARIOS:
        raise RuleError("Scenario", f"there is no scenario {command.scenario!r}; the "
                        f"scenarios are: {', '.join(SCENARIOS)}", field="scenario")
    scenario = SCENARIOS[command.scenario]
    events = [NewEvent(SCENARIO_LOADED, {"scenario": scenario.id, "title": scenario.title})]
    for colour in COLOURS:
        events.append(NewEvent(POSSE_NAMED, {"colour": colour,
                                             "name": scenario.side(colour).posse}))
    for model in scenario_models(scenario):
        events.append(NewEvent(MODEL_RECRUITED, {
            "colour": model.colour, "name": model.name, "value": model.value,
            "hits": model.hits, "kit": list(model.kit), "civilian": False, "horse": False,
        }))
    return events


@decide.register
def _(command: c.SetUpGame, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.BUILDING, Phase.AFTER_GAME, doing="set up a new game")
    if state.phase is Phase.BUILDING and state.format is Format.SHOWDOWN:
        problems = [f"{state.posse(colour).title}: {problem}" for colour in COLOURS
                    for problem in showdown_posse_problems(state.posse(colour).models)]
        if problems:
            raise RuleError("Posse", "; ".join(problems))
    waiting = [m.name for m in state.models() if m.status is Status.DOWN]
    if state.format is Format.SHOWDOWN and waiting:
        raise RuleError("Recovery", "draw for the fallen first: " + ", ".join(waiting))
    for colour in COLOURS:
        fielded = state.posse(colour).models
        if state.format is Format.SHOWDOWN:
            fielded = tuple(m for m in fielded if m.fit)
        if not fielded:
            raise RuleError("Posse", f"{state.posse(colour).title} has nobody to field")
    (code,) = _cards([command.card], field="card")
    first = colour_of(code)
    if first is None:
        raise RuleError("Setup card", "a Joker has no colour; draw another card", field="card")
    return [NewEvent(GAME_SET_UP, {"game": state.game + 1, "card": code, "first": first})]


@decide.register
def _(command: c.Deploy, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.DEPLOYING, doing="place a model")
    model = _model(state, command.name)
    if model.status is not Status.RESERVE:
        raise RuleError("Deployment", f"{model.name} is {model.status.value}, not waiting "
                        "to be placed", field="name")
    if model.colour != state.deploying:
        raise RuleError("Deployment", f"placing alternates: {state.deploying} places next",
                        field="name")
    return [NewEvent(MODEL_DEPLOYED, {"name": model.name, "colour": model.colour})]


@decide.register
def _(command: c.UseModel, state: MatchState) -> list[NewEvent]:
    turn = _turn(state)
    model = _ready_to_use(state, turn, command.name)
    move = Move(command.move)
    refused = move_refused(model, move)
    if refused:
        raise RuleError("Jack", refused, field="move")
    return [NewEvent(MODEL_USED, {"name": model.name, "colour": model.colour,
                                  "move": move.value})]


def _ready_to_use(state: MatchState, turn: Turn, name: str) -> Model:
    _no_attack(state)
    if turn.in_use is not None:
        raise RuleError("Turns", f"{turn.in_use} is already being used this turn; end the "
                        "turn first")
    model = _model(state, name)
    if model.colour != turn.colour:
        raise RuleError("Turns", f"it is the {turn.colour} posse's turn", field="name")
    if not model.on_table:
        raise RuleError("Turns", f"{model.name} is not on the table", field="name")
    return model


@decide.register
def _(command: c.MakeAttack, state: MatchState) -> list[NewEvent]:
    turn = _turn(state)
    _no_attack(state)
    if turn.in_use is None or turn.move is None:
        raise RuleError("Turns", "use a model first: its move comes before its attack")
    if turn.attacked:
        raise RuleError("Attack", f"{turn.in_use} has attacked already this use")
    attacker = _model(state, turn.in_use)
    refused = attack_refused(attacker, turn.move, stopped=turn.stopped)
    if refused:
        raise RuleError("Attack", refused)
    target = _model(state, command.target, field="target")
    if target.colour == attacker.colour or not target.on_table:
        raise RuleError("Attack", f"{target.name} is not an enemy on the table", field="target")
    if not 0 <= command.yards <= FARTHEST:
        raise RuleError("Range", f"a distance is 0 to {FARTHEST} yards, not {command.yards}",
                        field="yards")
    if command.weapon not in attacker.weapons:
        raise RuleError("Weapons", f"{attacker.name} does not carry "
                        f"{weapon_name(command.weapon)}", field="weapon")
    (choice,) = [w for w in weapon_choices(attacker, turn.move, command.yards)
                 if w.weapon == command.weapon]
    if choice.reach is None:
        raise RuleError("Range", choice.why_not or "out of range", field="weapon")
    count = card_count(
        command.weapon, friends_near=command.friends_near, from_behind=command.from_behind,
        cover=command.cover, target_moving=target.moving_target,
        attacker_moved_far=moved_far(turn.move),
    )
    codes = _cards(command.cards)
    if len(codes) != count.total:
        raise RuleError("Cards", f"{describe_count(count, command.weapon)}, not "
                        f"{len(codes)}", field="cards")
    _from_pile(state, codes, command.reshuffled, "cards")
    return [NewEvent(ATTACK_DRAWN, {
        "attacker": attacker.name, "target": target.name, "weapon": command.weapon,
        "yards": command.yards, "range": choice.reach.band.value, "cards": codes,
        "power": count.power, "modifiers": {label: delta for label, delta in count.modifiers},
        "reshuffled": command.reshuffled,
    })]


@decide.register
def _(command: c.GoAllIn, state: MatchState) -> list[NewEvent]:
    attack = _attack(state)
    if attack.all_in:
        raise RuleError("All In", "an attack goes all in once")
    if attack.results:
        raise RuleError("All In", "go all in before the result card is chosen")
    codes = _cards([command.card], field="card")
    _from_pile(state, codes, command.reshuffled, "card")
    return [NewEvent(WENT_ALL_IN, {"attacker": attack.attacker, "target": attack.target,
                                   "card": codes[0], "reshuffled": command.reshuffled})]


@decide.register
def _(command: c.PlayResult, state: MatchState) -> list[NewEvent]:
    attack = _attack(state)
    if attack.results:
        raise RuleError("Result card", "the attacker has chosen its result card already")
    return _play(state, attack, command.card, command.weapon_lost, by="attacker")


@decide.register
def _(command: c.TakeSecondResult, state: MatchState) -> list[NewEvent]:
    attack = _attack(state)
    if not attack.awaiting_second:
        raise RuleError("All In", "the target takes a second result card only after the "
                        "attacker went all in and chose its own")
    return _play(state, attack, command.card, command.weapon_lost, by="target")


@decide.register
def _(command: c.DeclineSecondResult, state: MatchState) -> list[NewEvent]:
    attack = _attack(state)
    if not attack.awaiting_second:
        raise RuleError("All In", "there is no second result card to decline")
    declined = NewEvent(SECOND_RESULT_DECLINED, {"target": attack.target})
    return _closing(state, [declined])


def _play(state: MatchState, attack: Attack, text: str, weapon_lost: str | None,
          by: str) -> list[NewEvent]:
    (code,) = _cards([text], field="card")
    unplayed = list(attack.cards)
    for played in attack.results:
        unplayed.remove(played)
    if code not in unplayed:
        raise RuleError("Result card", f"{show(code)} is not among the cards left: "
                        + " ".join(show(u) for u in unplayed), field="card")
    attacker, target = _model(state, attack.attacker), _model(state, attack.target)
    try:
        outcome = resolve(code, attacker, target, attack.weapon, attack.yards,
                          weapon_lost=weapon_lost)
    except ValueError as error:
        raise RuleError("Ace", str(error), field="weapon_lost") from None
    if outcome.needs_choice:
        raise RuleError("Ace", f"{outcome.loser} picks the weapon it loses: "
                        + ", ".join(weapon_name(w) for w in outcome.choices),
                        field="weapon_lost")
    data: dict[str, Any] = {
        "by": by, "card": code, "attacker": attacker.name, "target": target.name,
        "effect": outcome.effect.value, "winner": outcome.winner, "loser": outcome.loser,
        "weapon": outcome.weapon, "horse": outcome.horse or None,
        "answer_weapon": outcome.answer_weapon, "reason": outcome.reason or None,
    }
    if by == "attacker" and attack.all_in:
        after = fold(state, [NewEvent(RESULT_PLAYED, data)])
        hit_back = after.find(attacker.name)
        struck = after.find(target.name)
        assert hit_back is not None and struck is not None
        if hit_back.on_table and answer_refused(struck, hit_back, attack.yards) is None:
            data["second_offered"] = True
            return [NewEvent(RESULT_PLAYED, data)]
    return _closing(state, [NewEvent(RESULT_PLAYED, data)])


def _closing(state: MatchState, events: list[NewEvent]) -> list[NewEvent]:
    """The use is over: the turn passes, and the game may be won."""
    assert state.turn is not None
    events = [*events, NewEvent(TURN_ENDED, {"colour": state.turn.colour,
                                             "next": other(state.turn.colour)})]
    return events + _game_over(fold(state, events))


def _game_over(after: MatchState) -> list[NewEvent]:
    standing = {colour: after.posse(colour).on_table() for colour in COLOURS}
    if all(standing.values()):
        return []
    winner: Colour | None = next((colour for colour in COLOURS if standing[colour]), None)
    improved = ([m.name for m in after.models() if survived(m)]
                if after.format is Format.SHOWDOWN else [])
    won = NewEvent(GAME_WON, {"game": after.game, "winner": winner, "improved": improved})
    return [won, *_showdown_settled(fold(after, [won]))]


def _showdown_settled(after: MatchState) -> list[NewEvent]:
    """The showdown ends at two wins, or when a posse has nobody left to field."""
    if after.format is not Format.SHOWDOWN or after.champion is not None:
        return []
    for colour in COLOURS:
        if after.wins(colour) >= WINS_NEEDED:
            return [NewEvent(SHOWDOWN_WON, {"winner": colour, "wins": after.wins(colour)})]
    if any(m.status is Status.DOWN for m in after.models()):
        return []
    empty = [colour for colour in COLOURS if not any(m.fit for m in after.posse(colour).models)]
    if len(empty) == 1:
        winner = other(empty[0])
        return [NewEvent(SHOWDOWN_WON, {"winner": winner, "wins": after.wins(winner),
                                        "reason": f"the {empty[0]} posse has nobody left"})]
    return []


@decide.register
def _(command: c.EndTurn, state: MatchState) -> list[NewEvent]:
    turn = _turn(state)
    _no_attack(state)
    if turn.in_use is None:
        raise RuleError("Turns", "each turn uses one model: pick it and its move first")
    return _closing(state, [])


@decide.register
def _(command: c.LeaveTable, state: MatchState) -> list[NewEvent]:
    turn = _turn(state)
    model = _ready_to_use(state, turn, command.name)
    move = Move(command.move)
    if move is Move.STILL:
        raise RuleError("Leaving", "a model leaves by a table edge with a move", field="move")
    refused = move_refused(model, move)
    if refused:
        raise RuleError("Jack", refused, field="move")
    left = NewEvent(MODEL_LEFT, {"name": model.name, "colour": model.colour,
                                 "move": move.value})
    return _closing(state, [left])


@decide.register
def _(command: c.Surrender, state: MatchState) -> list[NewEvent]:
    turn = _turn(state)
    _no_attack(state)
    model = _model(state, command.name)
    if not model.on_table:
        raise RuleError("Surrender", f"{model.name} is not on the table", field="name")
    gave_up = NewEvent(MODEL_SURRENDERED, {"name": model.name, "colour": model.colour})
    if turn.in_use == model.name:
        return _closing(state, [gave_up])
    return [gave_up, *_game_over(fold(state, [gave_up]))]


@decide.register
def _(command: c.RecoveryDraw, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.AFTER_GAME, Phase.OVER, doing="draw for the fallen")
    if state.format is not Format.SHOWDOWN:
        raise RuleError("Recovery", "the fallen draw to recover only in a Dramatic Showdown")
    model = _model(state, command.name)
    if model.status is not Status.DOWN or model.coffin is None:
        raise RuleError("Recovery", f"{model.name} is not lying on a coffin card", field="name")
    codes = _cards([command.card], field="card")
    _from_pile(state, codes, False, "card")
    drawn = NewEvent(RECOVERY_DRAWN, {
        "name": model.name, "colour": model.colour, "card": codes[0], "coffin": model.coffin,
        "recovered": recovers(model.coffin, codes[0]),
    })
    return [drawn, *_showdown_settled(fold(state, [drawn]))]


@decide.register
def _(command: c.Reshuffle, state: MatchState) -> list[NewEvent]:
    _phase(state, Phase.DEPLOYING, Phase.PLAYING, Phase.AFTER_GAME, doing="reshuffle")
    if not state.pack.discard:
        raise RuleError("Pack", "the discard is empty")
    return [NewEvent(PACK_RESHUFFLED, {"cards": len(state.pack.discard)})]


def problems(state: MatchState) -> list[str]:
    found: list[str] = []
    names = [m.name for m in state.models()]
    found += [f"two models are called {n}" for n in sorted({n for n in names
                                                            if names.count(n) > 1})]
    for model in state.models():
        if not 0 <= model.hits_left <= model.hits:
            found.append(f"{model.name} has {model.hits_left} of {model.hits} hits left")
        if model.on_table and model.hits_left == 0:
            found.append(f"{model.name} stands on the table with no hits left")
    if state.format is Format.SHOWDOWN:
        for colour in COLOURS:
            models = state.posse(colour).models
            if spent(models) > budget(models):
                found.append(f"{state.posse(colour).title} spends {spent(models)} of its "
                             f"{budget(models)} points")
    if state.phase is not Phase.BUILDING:
        in_play = list(state.pack.pile + state.pack.discard + state.pack.coffins)
        in_play += list(state.attack.cards) if state.attack else []
        extra = missing(FULL_PACK, in_play)
        if extra:
            found.append("cards out twice: " + " ".join(show(card) for card in extra))
    return found


class DeadMansHandRules:
    """The decider the journal folds (see the module docstring for the readings)."""

    game_id = "dead-mans-hand"
    title = "Dead Man's Hand"
    panes_module = "gmscreen.games.dead_mans_hand.panes"

    def initial_state(self) -> MatchState:
        return MatchState()

    def decide(self, state: MatchState, command: Any) -> list[NewEvent]:
        return decide(command, state)

    def evolve(self, state: MatchState, event: Event) -> MatchState:
        return evolve(state, event)

    def session_ending(self, state: MatchState) -> list[NewEvent]:
        return []

    def describe(self, event: Event) -> str:
        return describe(event)

    def subjects(self, event: Event) -> frozenset[str]:
        return subjects(event)

    def problems(self, state: MatchState) -> list[str]:
        return problems(state)


RULES = DeadMansHandRules()
