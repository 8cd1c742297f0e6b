"""One plain line of the Encounter Log for each event, told like the table would."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gmscreen.journal.events import Event

RESULTS = {"success": "succeeds", "failure": "fails", "bust": "BUSTS"}
HOW = {"crime": "a crime", "carousing": "carousing", "paid": "the bounty paid",
       "time": "time served", "deal": "a cunning deal"}


def _dice(faces: Any) -> str:
    return " ".join(str(f) for f in faces)


def _luck(d: Mapping[str, Any]) -> str:
    """What a roll's doubles earned, for the end of its line."""
    if d.get("luck_spent_at_once"):
        return "doubles: a Luck to spend at once (the bank is full)"
    if d.get("luck_earned") or d.get("luck_banked"):
        return "doubles: a Luck banked"
    if d.get("misfortune_banked"):
        return "doubles: the Judge banks a Misfortune"
    return ""


def _test(d: Mapping[str, Any]) -> str:
    floating = f", {d['floating']} die floats, {d['removed']} taken away" if d.get(
        "floating") else ""
    line = (f"{d['name']} tests {d['attribute'].title()} {d['value']} against Challenge "
            f"{d['challenge']}, Stakes {d['stakes']}: {_dice(d['rolled'])}{floating} = "
            f"{d['total']}, {RESULTS[d['result']]}")
    if earned := _luck(d):
        line += f"; {earned}"
    if d.get("five_under"):
        line += "; five under: a Stress off"
    return line


def _left(d: Mapping[str, Any]) -> str:
    """What the trader has after the trade (their sheet's dollars in the event)."""
    return f"{d['name']} has ${d['sheets'][d['name']]['dollars']}"


def _rolled(d: Mapping[str, Any]) -> str:
    if not d["dice"]:
        return "not rolled"
    rolls = d.get("rolls", 1)  # journals before rolls were recorded: one roll
    return f"dice {_dice(d['dice'])}" + (f", rolled {rolls} times" if rolls > 1 else "")


def _bought(d: Mapping[str, Any]) -> str:
    return (f"{d['name']} buys {d['item']} ({d['category']}, {_rolled(d)}) for "
            f"${d['cost']}; {_left(d)} left")


def _sold(d: Mapping[str, Any]) -> str:
    worth = (f"used: half of ${d['value']}" if d["used"] else "as new")
    return (f"{d['name']} sells {d['item']} ({_rolled(d)}, {worth}) for ${d['paid']}; "
            f"{_left(d)} now")


def _duel(d: Mapping[str, Any]) -> str:
    def side(who: str) -> str:
        busts = " (Bust)" if d[f"{who}_total"] > d[f"{who}_limit"] else ""
        return f"{d[who]} {d[f'{who}_coins']} = {d[f'{who}_total']}{busts}"

    return (f"High Stakes Duel on {str(d['attribute']).title()}: {side('challenger')} "
            f"against {side('opponent')}: "
            + (f"{d['winner']} wins" if d["winner"] else "nobody wins"))


def _opposed(d: Mapping[str, Any]) -> str:
    a, o = d["active"], d["opposition"]
    winner = {"active": a["name"], "opposition": o["name"]}.get(d["winner"])
    line = (f"{a['name']} ({a['attribute'].title()} {a['value']}, {a['stakes']} dice: "
            f"{a['total']}) against {o['name']} ({o['attribute'].title()} {o['value']}, "
            f"{o['stakes']} dice: {o['total']}): "
            + (f"{winner} wins" if winner else "nobody wins"))
    if "damage" in d:
        line += f"; {d['weapon']} at {d['band']} deals {d['damage']} Guts"
    for side in (a, o):
        if earned := _luck(side):
            line += f"; {side['name']}'s {earned}"
    return line


def _rested(d: Mapping[str, Any]) -> str:
    line = (f"{d['name']} rests: {_dice(d['rolled'])} = {d['total']}, "
            f"{RESULTS[d['result']]}")
    if d["luck_took_stress"]:
        return line + "; a Luck takes a Stress away"
    earned = _luck(d)
    return line + (f"; {earned}" if earned else "")


def _morale(d: Mapping[str, Any]) -> str:
    side = f" ({d['side']})" if d.get("side") else ""
    leader = f"{d['leader']}'s " if d.get("leader") else ""  # older journals name nobody
    line = (f"Morale of {d['name']}'s side{side}: {_dice(d['rolled'])} = {d['total']} "
            f"against {leader}Grit {d['grit']}: "
            + ("they break" if d["broke"] else "they hold"))
    if d.get("coin"):
        line += f"; coin {d['coin']}: " + ("they flee" if d["coin"] == "H" else
                                           "they surrender")
    return line


def _reaction(d: Mapping[str, Any]) -> str:
    modifier = d.get("modifier", 0)
    line = f"Reaction {d['total']}"
    if modifier:
        line += f" (the Judge's {modifier:+d})"
    if d["extra"]:
        line += f" ({d['total'] - d['extra']} on guard, the posse stays: +{d['extra']})"
    return line + f": {d['entry']}"


def _moved(d: Mapping[str, Any]) -> str:
    line = (f"Wanted Clock {d['before']} -> {d['after']} o'clock by {HOW[d['how']]}: "
            f"{d['why']}")
    return line + (f" (see #{d['cause']})" if "cause" in d else "")


def _carousing(d: Mapping[str, Any]) -> str:
    line = (f"{d['name']} carouses (bill {_dice(d['bill'])} = ${d['cost']}): "
            f"{d['table']}, {d['entry']}")
    if d.get("prize"):
        line += f"; wins ${d['prize']}"
    if d.get("new_debt"):
        line += f"; ${d['new_debt']} owed"
    if d.get("coin"):
        line += f"; coin {d['coin']}"
    return line


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "optional_rules_chosen": lambda d: "Optional rules: " + (
        ", ".join(k.replace("_", " ") for k, v in d.items() if v) or "none"),
    "posse_formed": lambda d: f"The posse {d['name']} rides out at {d['clock']} o'clock",
    "character_created": lambda d: (
        f"{d['character']['name']} joins: Grit {d['character']['grit']}, Gumption "
        f"{d['character']['gumption']}, Grace {d['character']['grace']}, "
        f"${d['character']['dollars']}"),
    "npc_added": lambda d: (f"{d['character']['rank']} NPC {d['character']['name']}: Grit "
                            f"{d['character']['grit']}, Gumption "
                            f"{d['character']['gumption']}, Grace "
                            f"{d['character']['grace']}"),
    "sheet_changed": lambda d: f"{d['name']}'s sheet is changed",
    "test_rolled": _test,
    "doubled_down": lambda d: (
        f"{d['name']} doubles down: {d['before']} + {_dice(d['faces'])} = {d['total']}, "
        f"{RESULTS[d['result']]}" + ("; catastrophe!" if d["catastrophe"] else "")
        + "; the Judge gains a Misfortune"),
    "opposed_test_rolled": _opposed,
    "duel_fought": _duel,
    "luck_spent": lambda d: f"{d['name']} spends a Luck: {d['why']}",
    "misfortune_spent": lambda d: "The Judge spends a Misfortune" + (
        f" on {d['on']}" if d.get("on") else "") + f": {d['why']}",
    "harm_taken": lambda d: f"{d['name']} takes {d['amount']} harm" + (
        f": {d['why']}" if d["why"] else ""),
    "wealth_lost": lambda d: (
        f"{d['name']} loses all their ${d['dollars']}"
        + (f" to {d['winner']}" if d["winner"] else ": it is gone")
        + (f" ({d['why']})" if d["why"] else "")),
    "out_of_action_rolled": lambda d: f"{d['name']} is out of action: {d['face']}, "
                                      f"{d['mishap']}",
    "lost": lambda d: f"{d['name']} is lost for good, presumed dead" + (
        f": {d['why']}" if d["why"] else ""),
    "revived": lambda d: f"{d['name']} comes round with {d['face']} Guts",
    "rested": _rested,
    "clock_moved": _moved,
    "wanted_chart_rolled": lambda d: (
        f"Wanted Chart at {d['hour']} o'clock: {_dice(d['dice'])} = {d['total']}: "
        + (d["entry"] or "nothing happens")),
    "caroused": _carousing,
    "advanced": lambda d: (
        f"{d['name']} tests to advance {d['attribute'].title()} {d['before']}: "
        f"{_dice(d['faces'])} = {d['total']}, " + ("it rises by 1" if d["rose"]
                                                    else "no change")),
    "take_shared": lambda d: f"{d['name']} takes a ${d['dollars']} share",
    "session_settled": lambda d: f"{d['name']} turns a ${d['take']} take into {d['xp']} XP",
    "bought": _bought,
    "sold": _sold,
    "reaction_rolled": _reaction,
    "morale_tested": _morale,
    "quick_drawn": lambda d: (
        f"{d['name']} quick-draws {d['item']} (slot {d['slot']}): {_dice(d['dice'])}, "
        + ("drawn" if d["drawn"] else "takes the turn")),
    "ammunition_checked": lambda d: (
        f"{d['name']} checks ammunition: {d['face']}, " + ("a box used" if d["spent"]
                                                          else "none used")),
    "initiative_flipped": lambda d: (
        f"Round {d['round']}: " + ("the posse pays 3 Luck to choose" if d["chosen"]
                                   else f"coin {d['coin']}")
        + (": the posse acts first" if d["first"] == "posse" else ": the NPCs act first")),
    "fight_joined": lambda d: f"{d['name']} joins the fight at {d['band']}",
    "fighter_moved": lambda d: f"{d['name']} moves from {d['before']} to {d['band']}",
    "turn_ended": lambda d: f"{d['name']} has had their turn",
    "fight_left": lambda d: f"{d['name']} leaves the fight",
    "fight_ended": lambda d: f"The fight ends after {d['rounds']} rounds; check ammunition",
    "scene_die_set": lambda d: f"Scene die: {d['face'] or 'none'}",
    "glory_changed": lambda d: f"Glory {d['amount']:+d}: {d['why']}",
}


def describe(event: Event) -> str:
    line = LINES.get(event.kind.removeprefix("fistful."))
    return line(event.data) if line else event.kind
