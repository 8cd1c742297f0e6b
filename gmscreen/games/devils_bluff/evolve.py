"""How each event changes the state. Pure: `evolve(state, event)` folds the journal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from gmscreen.core.cards import Deck, cards_from_codes
from gmscreen.games.devils_bluff.draw import apply_moves
from gmscreen.games.devils_bluff.gangs import Recruit
from gmscreen.games.devils_bluff.state import (
    Activation,
    Aftermath,
    Battle,
    DevilsBluffState,
    Fighter,
    GameRecord,
    Gang,
    Parting,
    default_settings,
)
from gmscreen.journal.events import Event

PREFIX = "devils_bluff."


def recruit_data(recruit: Recruit) -> dict[str, Any]:
    return {"name": recruit.name, "unit": recruit.unit, "weapon": recruit.weapon,
            "perks": list(recruit.perks), "ability": recruit.ability, "hired": recruit.hired}


def recruit_from(data: Mapping[str, Any]) -> Recruit:
    return Recruit(data["name"], data["unit"], data["weapon"], tuple(data.get("perks", ())),
                   data.get("ability", ""), data.get("hired", False))


def next_turn(state: DevilsBluffState, after: str) -> str:
    """Who activates next: the next player in initiative order with a model still to
    activate; the same player again when only they have any; "" when nobody has."""
    battle = state.battle
    if battle is None or not battle.order:
        return ""
    order = battle.order
    start = order.index(after) + 1 if after in order else 0
    for player in (*order[start:], *order[:start]):
        gang = state.gang(player)
        if gang is not None and gang.can_activate:
            return player
    return ""


def _cards(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    """The card moves and new hands an event records."""
    if "moves" in data:
        state = replace(state, deck=apply_moves(state.deck, data["moves"]))
    for player, codes in data.get("hands", {}).items():
        state = state.with_hand(player, tuple(cards_from_codes(codes)))
    return state


def _fighter(state: DevilsBluffState, name: str, **changes: Any) -> DevilsBluffState:
    found = state.find(name)
    if found is None:
        return state
    gang, fighter = found
    return state.with_gang(gang.with_fighter(replace(fighter, **changes)))


def _battle(state: DevilsBluffState, **changes: Any) -> DevilsBluffState:
    assert state.battle is not None
    return replace(state, battle=replace(state.battle, **changes))


def _activation(state: DevilsBluffState, **changes: Any) -> DevilsBluffState:
    assert state.battle is not None and state.battle.activation is not None
    return _battle(state, activation=replace(state.battle.activation, **changes))


def _set_up(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    return replace(state, mode=data["mode"], hiring=data["hiring"],
                   settings={**default_settings(), **data.get("settings", {})})


def _founded(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    return state.with_gang(Gang(data["player"], data["name"]))


def _enlisted(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    gang = state.gang(data["player"])
    assert gang is not None
    state = state.with_gang(gang.with_fighter(Fighter(recruit_from(data["recruit"]))))
    return replace(state, picker=data.get("next_picker", state.picker))


def _dismissed(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    gang = state.gang(data["player"])
    assert gang is not None
    return state.with_gang(replace(gang, fighters=tuple(
        f for f in gang.fighters if f.name != data["fighter"])))


def _picks(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    return replace(_cards(state, data), picker=data["first"])


def _game_started(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    gangs = tuple(replace(g, fighters=tuple(Fighter(f.recruit) for f in g.fighters))
                  for g in state.gangs)
    # the picks from a pool are over once the game begins; the next game rolls off again
    return replace(state, gangs=gangs, deck=Deck.from_codes(data["deck"]), hands=(),
                   battle=Battle(data["number"]), aftermath=None, last="", picker="")


def _deployed(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    return _battle(_cards(state, data), deployment=tuple(data["order"]),
                   scouts=tuple(data["scouts"]))


def _scout_placed(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    assert state.battle is not None
    # the status's deployment line shows who is left to place, so no "last" line
    return _battle(state, scouts=tuple(n for n in state.battle.scouts
                                       if n != data["fighter"]))


def _round_started(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _cards(state, data)
    gangs = tuple(replace(g, fighters=tuple(replace(f, activated=False) for f in g.fighters))
                  for g in state.gangs)
    state = replace(state, gangs=gangs)
    order = tuple(data["order"])
    state = _battle(state, round=data["round"], order=order, activation=None, drawn=(),
                    return_fire=None, parting=None, turn="")
    return _battle(state, turn=next_turn(state, order[-1]))


def _card_drawn(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _cards(state, data)
    assert state.battle is not None
    return _battle(state, drawn=(*state.battle.drawn, data["player"]))


def _activated(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    return _battle(state, activation=Activation(data["fighter"]), drawn=(),
                   turn=data["player"])


def _spend(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    """The activation's bookkeeping an action event records."""
    changes: dict[str, Any] = {}
    for key in ("actions_left", "free_attacks", "free_advance"):
        if key in data:
            changes[key] = data[key]
    if data.get("action"):
        assert state.battle is not None and state.battle.activation is not None
        changes["taken"] = (*state.battle.activation.taken, data["action"])
    return _activation(state, **changes) if changes else state


def _moved(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _battle(_spend(state, data), parting=None)
    return replace(state, last=data["line"])


def _parting(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _battle(state, parting=Parting(data["fighter"], data["action"],
                                           tuple(data["attackers"])))
    return replace(state, last=data["line"])


def _shrugged(state: DevilsBluffState, name: str) -> DevilsBluffState:
    """Shrug it Off: every model of the gang sheds its tokens; the model heals 3 HP, up to
    its own."""
    gang = state.owner(name)
    assert gang is not None
    for fighter in gang.fighters:
        state = _fighter(state, fighter.name, tokens=0)
    found = state.find(name)
    assert found is not None
    return _fighter(state, name, damage=max(0, found[1].damage - 3))


def _recovered(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _spend(_cards(state, data), data)
    state = _fighter(state, data["fighter"], tokens=data["tokens"])
    if data.get("shrugged"):
        state = _shrugged(state, data["fighter"])
    return replace(state, last=data["line"])


def _attacked(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _cards(state, data)
    if data.get("parting_shot"):
        assert state.battle is not None and state.battle.parting is not None
        parting = state.battle.parting
        state = _battle(state, parting=replace(parting, attackers=tuple(
            a for a in parting.attackers if a != data["fighter"])))
    elif data.get("free_return"):
        state = _battle(state, return_fire=None)
    else:
        state = _spend(state, data)
    found = state.find(data["target"])
    assert found is not None
    state = _fighter(state, data["target"], damage=found[1].damage + data["damage"],
                     tokens=data["target_tokens"])
    state = _fighter(state, data["fighter"], tokens=data["attacker_tokens"])
    if data.get("return_fire"):
        state = _battle(state, return_fire=(data["target"], data["fighter"]))
    return replace(state, last=data["line"])


def _tested(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _cards(state, data)
    if data.get("shrugged"):
        state = _shrugged(state, data["fighter"])
    return replace(state, last=data["line"])


def _free_forgone(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    if data["forgone"] == "Return Fire":
        state = _battle(state, return_fire=None)
    elif data["forgone"] == "Hail of Fire":
        state = _activation(state, free_attacks=0)
    else:
        state = _activation(state, free_advance=False)
    return replace(state, last=data["line"])


def _activation_ended(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    state = _fighter(state, data["fighter"], activated=True)
    state = _battle(state, activation=None, return_fire=None, parting=None, drawn=())
    return _battle(state, turn=next_turn(state, data["player"]))


def _scored(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    assert state.battle is not None
    scores = dict(state.battle.scores)
    scores[data["player"]] = scores.get(data["player"], 0) + data["points"]
    return _battle(state, scores=tuple(scores.items()))


def _game_ended(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    record = GameRecord(data["number"], tuple((p, s) for p, s in data["scores"].items()),
                        data["winner"], data.get("note", ""))
    aftermath = Aftermath(data["number"]) if state.mode == "campaign" else None
    return replace(state, battle=None, record=(*state.record, record), aftermath=aftermath,
                   hands=())


def _level_gained(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    found = state.find(data["fighter"])
    assert found is not None and state.aftermath is not None
    recruit = found[1].recruit
    recruit = replace(recruit, perks=(*recruit.perks, data["perk"]),
                      ability=data.get("ability") or recruit.ability)
    aftermath = state.aftermath
    state = _fighter(state, data["fighter"], recruit=recruit)
    return replace(state, aftermath=replace(
        aftermath, levelled=(*aftermath.levelled, data["fighter"])))


def _hired_kept(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    found = state.find(data["fighter"])
    assert found is not None and state.aftermath is not None
    aftermath = state.aftermath
    state = _fighter(state, data["fighter"], recruit=replace(found[1].recruit, hired=False))
    return replace(state, aftermath=replace(aftermath, kept=(*aftermath.kept, data["player"])))


def _aftermath_closed(state: DevilsBluffState, data: Mapping[str, Any]) -> DevilsBluffState:
    gangs = tuple(replace(g, fighters=tuple(f for f in g.fighters if not f.recruit.hired))
                  for g in state.gangs)
    return replace(state, gangs=gangs, aftermath=None, picker="")


APPLY: dict[str, Callable[[DevilsBluffState, Mapping[str, Any]], DevilsBluffState]] = {
    PREFIX + "set_up": _set_up,
    PREFIX + "gang_founded": _founded,
    PREFIX + "enlisted": _enlisted,
    PREFIX + "dismissed": _dismissed,
    PREFIX + "picks_rolled": _picks,
    PREFIX + "game_started": _game_started,
    PREFIX + "deployed": _deployed,
    PREFIX + "scout_placed": _scout_placed,
    PREFIX + "round_started": _round_started,
    PREFIX + "card_drawn": _card_drawn,
    PREFIX + "card_discarded": _cards,
    PREFIX + "activated": _activated,
    PREFIX + "moved": _moved,
    PREFIX + "leaving_assault_range": _parting,
    PREFIX + "recovered": _recovered,
    PREFIX + "attacked": _attacked,
    PREFIX + "tested": _tested,
    PREFIX + "free_forgone": _free_forgone,
    PREFIX + "activation_ended": _activation_ended,
    PREFIX + "scored": _scored,
    PREFIX + "game_ended": _game_ended,
    PREFIX + "level_gained": _level_gained,
    PREFIX + "hired_kept": _hired_kept,
    PREFIX + "aftermath_closed": _aftermath_closed,
}


def evolve(state: DevilsBluffState, event: Event) -> DevilsBluffState:
    apply = APPLY.get(event.kind)
    return state if apply is None else apply(state, event.data)
