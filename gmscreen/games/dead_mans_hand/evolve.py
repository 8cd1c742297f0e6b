"""`evolve`: one event applied to the state of a match. Pure; unknown kinds change nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from gmscreen.games.dead_mans_hand.attack import moving_target
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
    outcome_of,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, sort_cards, without
from gmscreen.games.dead_mans_hand.results import Effect, apply
from gmscreen.games.dead_mans_hand.showdown import bury, improve, mend, run_out, survived
from gmscreen.games.dead_mans_hand.state import (
    COLOURS,
    Attack,
    Colour,
    Format,
    GameRecord,
    MatchState,
    Model,
    Pack,
    Phase,
    Status,
    Turn,
    other,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.events import Event, NewEvent

# ----------------------------------------------------------------------------------

_EPOCH = datetime(2000, 1, 1)


def fold(state: MatchState, events: Sequence[NewEvent]) -> MatchState:
    """The state after events not yet saved (to see what a command leads to)."""
    for new in events:
        state = evolve(state, Event(0, _EPOCH, 0, new.kind, new.data, 0))
    return state


def evolve(state: MatchState, event: Event) -> MatchState:
    apply_event = _EVOLVERS.get(event.kind)
    return apply_event(state, event.data) if apply_event else state


Data = Any
_EVOLVERS: dict[str, Callable[[MatchState, Data], MatchState]] = {}


def _on(kind: str) -> Callable[[Callable[[MatchState, Data], MatchState]],
                               Callable[[MatchState, Data], MatchState]]:
    def register(function: Callable[[MatchState, Data], MatchState]
                 ) -> Callable[[MatchState, Data], MatchState]:
        _EVOLVERS[kind] = function
        return function
    return register


@_on(FORMAT_CHOSEN)
def _format_chosen(state: MatchState, data: Data) -> MatchState:
    return replace(state, format=Format(data["format"]), scenario=None)


@_on(POSSE_NAMED)
def _posse_named(state: MatchState, data: Data) -> MatchState:
    return state.with_posse(replace(state.posse(data["colour"]), name=data["name"]))


@_on(MODEL_RECRUITED)
def _model_recruited(state: MatchState, data: Data) -> MatchState:
    carried = tuple(data["kit"])
    model = Model(
        name=data["name"], colour=data["colour"], value=data["value"], hits=data["hits"],
        kit=carried, civilian=data["civilian"], horse=data["horse"],
        bought_horse=data["horse"], hits_left=data["hits"], weapons=carried,
    )
    posse = state.posse(model.colour)
    return state.with_posse(replace(posse, models=(*posse.models, model)))


@_on(MODEL_DISMISSED)
def _model_dismissed(state: MatchState, data: Data) -> MatchState:
    posse = state.posse(data["colour"])
    kept = tuple(m for m in posse.models if m.name != data["name"])
    return state.with_posse(replace(posse, models=kept))


@_on(MODEL_EDITED)
def _model_edited(state: MatchState, data: Data) -> MatchState:
    old = state.find(data["name"])
    if old is None:
        return state
    carried = tuple(data["weapons"])
    model = replace(old, name=data["new_name"], weapons=carried, horse=data["horse"],
                    moving_target=data["moving_target"], pinned=data["pinned"],
                    shaken=data["shaken"])
    if data["plunder"]:
        model = replace(model, kit=carried, bought_horse=data["horse"])
    posse = state.posse(old.colour)
    models = tuple(model if m.name == old.name else m for m in posse.models)
    state = state.with_posse(replace(posse, models=models))
    if state.turn is not None and state.turn.in_use == old.name:
        state = replace(state, turn=replace(state.turn, in_use=model.name))
    return state


@_on(SCENARIO_LOADED)
def _scenario_loaded(state: MatchState, data: Data) -> MatchState:
    return replace(state, format=Format.SINGLE, scenario=data["scenario"])


def _fresh(model: Model, fmt: Format) -> Model:
    """A model as a new game starts: all its hits, its own weapons, no markers."""
    if fmt is Format.SHOWDOWN and not model.fit:
        return model
    horse = model.horse if fmt is Format.SHOWDOWN else model.bought_horse
    return replace(model, status=Status.RESERVE, hits_left=model.hits, weapons=model.kit,
                   horse=horse, coffin=None, moving_target=False, pinned=False, shaken=False)


@_on(GAME_SET_UP)
def _game_set_up(state: MatchState, data: Data) -> MatchState:
    first: Colour = data["first"]
    for colour in COLOURS:
        posse = state.posse(colour)
        state = state.with_posse(replace(posse, models=tuple(_fresh(m, state.format)
                                                             for m in posse.models)))
    pack = Pack(pile=without(FULL_PACK, [data["card"]]), discard=(data["card"],))
    state = replace(state, phase=Phase.DEPLOYING, game=data["game"], first=first,
                    setup_card=data["card"], turn=None,
                    attack=None, pack=pack, deploying=first)
    return replace(state, deploying=_next_to_place(state, other(first)))


def _waiting(state: MatchState, colour: Colour) -> bool:
    return any(m.status is Status.RESERVE for m in state.posse(colour).models)


def _next_to_place(state: MatchState, after: Colour) -> Colour | None:
    """Placing alternates; a posse with nobody left to place lets the other go on."""
    for colour in (other(after), after):
        if _waiting(state, colour):
            return colour
    return None


@_on(MODEL_DEPLOYED)
def _model_deployed(state: MatchState, data: Data) -> MatchState:
    model = state.find(data["name"])
    assert model is not None
    state = state.with_model(replace(model, status=Status.ON_TABLE))
    placing = _next_to_place(state, model.colour)
    if placing is not None:
        return replace(state, deploying=placing)
    assert state.first is not None
    return replace(state, deploying=None, phase=Phase.PLAYING, turn=Turn(state.first))


@_on(MODEL_USED)
def _model_used(state: MatchState, data: Data) -> MatchState:
    model = state.find(data["name"])
    assert model is not None and state.turn is not None
    move = Move(data["move"])
    used = replace(model, moving_target=moving_target(move), pinned=False, shaken=False)
    turn = replace(state.turn, in_use=model.name, move=move, stopped=model.shaken)
    return replace(state.with_model(used), turn=turn)


def _draw(pack: Pack, codes: Sequence[str], reshuffled: bool) -> Pack:
    if reshuffled:
        pack = replace(pack, pile=sort_cards(pack.pile + pack.discard), discard=())
    return replace(pack, pile=without(pack.pile, codes))


@_on(ATTACK_DRAWN)
def _attack_drawn(state: MatchState, data: Data) -> MatchState:
    assert state.turn is not None
    attack = Attack(data["attacker"], data["target"], data["weapon"], data["yards"],
                    tuple(data["cards"]))
    return replace(state, attack=attack, turn=replace(state.turn, attacked=True),
                   pack=_draw(state.pack, data["cards"], data.get("reshuffled", False)))


@_on(WENT_ALL_IN)
def _went_all_in(state: MatchState, data: Data) -> MatchState:
    assert state.attack is not None
    attack = replace(state.attack, cards=(*state.attack.cards, data["card"]), all_in=True)
    return replace(state, attack=attack,
                   pack=_draw(state.pack, [data["card"]], data.get("reshuffled", False)))




@_on(RESULT_PLAYED)
def _result_played(state: MatchState, data: Data) -> MatchState:
    under_way = state.attack
    assert under_way is not None
    outcome = outcome_of(data)
    laid_down = False
    for name in (data["attacker"], data["target"]):
        model = state.find(name)
        assert model is not None
        after = apply(outcome, model)
        if (outcome.effect is Effect.RAN_OUT and name == outcome.winner
                and state.format is Format.SHOWDOWN and outcome.weapon):
            after = run_out(after, outcome.weapon)
        laid_down = laid_down or (model.on_table and after.status is Status.DOWN)
        state = state.with_model(after)
    coffins = under_way.coffins + ((data["card"],) if laid_down else ())
    attack = replace(under_way, results=(*under_way.results, data["card"]),
                     awaiting_second=bool(data.get("second_offered", False)), coffins=coffins)
    return replace(state, attack=attack)


@_on(SECOND_RESULT_DECLINED)
def _second_result_declined(state: MatchState, data: Data) -> MatchState:
    assert state.attack is not None
    return replace(state, attack=replace(state.attack, awaiting_second=False))


@_on(TURN_ENDED)
def _turn_ended(state: MatchState, data: Data) -> MatchState:
    assert state.turn is not None
    pack = state.pack
    if state.attack is not None:
        spent_cards = without(state.attack.cards, state.attack.coffins)
        pack = replace(pack, discard=sort_cards(pack.discard + spent_cards),
                       coffins=sort_cards(pack.coffins + state.attack.coffins))
    turn = Turn(data["next"], state.turn.number + 1)
    return replace(state, attack=None, turn=turn, pack=pack)


@_on(MODEL_LEFT)
def _model_left(state: MatchState, data: Data) -> MatchState:
    model = state.find(data["name"])
    assert model is not None
    return state.with_model(replace(model, status=Status.LEFT))


@_on(MODEL_SURRENDERED)
def _model_surrendered(state: MatchState, data: Data) -> MatchState:
    model = state.find(data["name"])
    assert model is not None
    return state.with_model(replace(model, status=Status.SURRENDERED))


@_on(GAME_WON)
def _game_won(state: MatchState, data: Data) -> MatchState:
    improved = set(data.get("improved", []))
    for model in state.models():
        if survived(model):
            state = state.with_model(mend(improve(model) if model.name in improved else model))
    record = GameRecord(data["game"], data.get("winner"))
    pack = Pack(pile=without(FULL_PACK, state.pack.coffins), coffins=state.pack.coffins)
    return replace(state, phase=Phase.AFTER_GAME, turn=None, attack=None, pack=pack,
                   games=(*state.games, record))


@_on(SHOWDOWN_WON)
def _showdown_won(state: MatchState, data: Data) -> MatchState:
    return replace(state, phase=Phase.OVER, champion=data["winner"])


@_on(RECOVERY_DRAWN)
def _recovery_drawn(state: MatchState, data: Data) -> MatchState:
    model = state.find(data["name"])
    assert model is not None
    model = mend(model) if data["recovered"] else bury(model)
    pack = replace(state.pack, pile=without(state.pack.pile, [data["card"]]),
                   discard=sort_cards((*state.pack.discard, data["card"])))
    return replace(state.with_model(model), pack=pack)


@_on(PACK_RESHUFFLED)
def _pack_reshuffled(state: MatchState, data: Data) -> MatchState:
    pack = state.pack
    return replace(state, pack=replace(pack, pile=sort_cards(pack.pile + pack.discard),
                                       discard=()))
