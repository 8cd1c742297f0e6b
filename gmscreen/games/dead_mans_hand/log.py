"""The Encounter Log's lines for Dead Man's Hand events, in plain words, and who they concern."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.results import says
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move, weapon_name
from gmscreen.journal.events import Event

# -- the log -------------------------------------------------------------------------------------


def _cards_shown(codes: Sequence[str]) -> str:
    return " ".join(show(code) for code in codes)


def describe(event: Event) -> str:
    d = event.data
    kind = event.kind
    if kind == FORMAT_CHOSEN:
        return ("The posses will fight a Dramatic Showdown, best of three."
                if d["format"] == Format.SHOWDOWN else "The posses will fight single games.")
    if kind == POSSE_NAMED:
        return f"The {d['colour']} posse is {d['name']}."
    if kind == MODEL_RECRUITED:
        arms = ", ".join(weapon_name(w) for w in d["kit"]) or "no weapon"
        extras = "".join([", civilian" if d["civilian"] else "", ", on a horse" if d["horse"]
                          else ""])
        return (f"{d['name']} joins the {d['colour']} posse: value {d['value']}, "
                f"{d['hits']} {'hit' if d['hits'] == 1 else 'hits'}, {arms}{extras}.")
    if kind == MODEL_DISMISSED:
        return f"{d['name']} leaves the {d['colour']} posse."
    if kind == MODEL_EDITED:
        return _edited(d)
    if kind == SCENARIO_LOADED:
        return f"Scenario: {d['title']}"
    if kind == GAME_SET_UP:
        return (f"Game {d['game']}: the card is {show(d['card'])}, so {d['first']} places "
                "first and acts first.")
    if kind == MODEL_DEPLOYED:
        return f"{d['name']} ({d['colour']}) is placed on the table."
    if kind == MODEL_USED:
        move = Move(d["move"])
        how = ("stands still" if move is Move.STILL
               else f"moves {move.value} (up to {move.yards} yards)")
        return f"{d['name']} {how}."
    if kind == ATTACK_DRAWN:
        mods = "".join(f" {delta:+d} {label}" for label, delta in d["modifiers"].items())
        shuffled = " (the discard was shuffled back first)" if d.get("reshuffled") else ""
        return (f"{d['attacker']} attacks {d['target']} with {weapon_name(d['weapon'])} at "
                f"{d['yards']} yards ({d['range']} range), power {d['power']}{mods}: "
                f"{_cards_shown(d['cards'])}{shuffled}")
    if kind == WENT_ALL_IN:
        return f"{d['attacker']} goes all in: {show(d['card'])}"
    if kind == RESULT_PLAYED:
        who = d["attacker"] if d["by"] == "attacker" else d["target"]
        second = " as a second result card" if d["by"] == "target" else ""
        offered = f"; {d['target']} may take a second card" if d.get("second_offered") else ""
        answer = (f" ({d['winner']} turns to face with {weapon_name(d['answer_weapon'])})"
                  if d.get("answer_weapon") else "")
        return (f"{who} plays {show(d['card'])}{second}: {says(outcome_of(d))}"
                f"{answer}{offered}.")
    if kind == SECOND_RESULT_DECLINED:
        return f"{d['target']} takes no second card."
    if kind == TURN_ENDED:
        return f"The {d['next']} posse's turn."
    if kind == MODEL_LEFT:
        return f"{d['name']} leaves by a table edge."
    if kind == MODEL_SURRENDERED:
        return f"{d['name']} surrenders and is out of the fight for good."
    if kind == GAME_WON:
        winner = d.get("winner")
        head = (f"Game {d['game']} goes to the {winner} posse." if winner
                else f"Game {d['game']}: nobody is left standing; it counts for neither.")
        grown = d.get("improved", [])
        return head + (f" Survivors grow tougher: {', '.join(grown)}." if grown else "")
    if kind == SHOWDOWN_WON:
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return f"The {d['winner']} posse wins the showdown{reason}."
    if kind == RECOVERY_DRAWN:
        fate = "pulls through" if d["recovered"] else "is stone dead"
        return (f"{d['name']}, lying on {show(d['coffin'])}, draws {show(d['card'])} and "
                f"{fate}.")
    if kind == PACK_RESHUFFLED:
        return f"The discard ({d['cards']} cards) is shuffled back into the pile."
    return kind


def _edited(d: Mapping[str, Any]) -> str:
    who = d["name"] if d["new_name"] == d["name"] else f"{d['name']}, now {d['new_name']},"
    arms = ", ".join(weapon_name(w) for w in d["weapons"]) or "no weapon"
    marks = [label for key, label in (("moving_target", "Moving Target"), ("pinned", "the Jack"),
                                      ("shaken", "the Queen")) if d[key]]
    extras = "".join([", a horse" if d["horse"] else "",
                      f"; markers: {', '.join(marks)}" if marks else ""])
    return f"{who} put right: {arms}{extras}."


_NAME_KEYS = ("name", "new_name", "attacker", "target", "winner", "loser")


def subjects(event: Event) -> frozenset[str]:
    names = {str(event.data[key]) for key in _NAME_KEYS if event.data.get(key)}
    names.update(str(name) for name in event.data.get("improved", []))
    return frozenset(names)
