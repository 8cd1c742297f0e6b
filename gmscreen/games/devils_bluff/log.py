"""One plain line per event for the Encounter Log. Hands stay private: the log says how
many cards a player holds, never which, except for hands laid face up on the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gmscreen.core.cards import cards_from_codes
from gmscreen.games.devils_bluff.evolve import PREFIX
from gmscreen.journal.events import Event


def _cards(codes: list[str]) -> str:
    return " ".join(str(c) for c in cards_from_codes(codes))


def _laid(played: Mapping[str, Any]) -> str:
    laid = "; ".join(f"{p} lays {_cards(codes)}" for p, codes in played["laid"].items())
    return f"{laid}: {played['outcome']}"


def _draws(data: Mapping[str, Any]) -> str:
    return ", ".join(f"{d['player']} {_cards(d['cards'])}" for d in data["draws"])


def _round(data: Mapping[str, Any]) -> str:
    draws = _draws(data)
    return (f"Round {data['round']}: initiative {draws}; {data['order'][0]} goes first "
            f"and deals five to everyone")


def _deployed(data: Mapping[str, Any]) -> str:
    draws = _draws(data)
    line = (f"Deployment roll-off: {draws}; {data['order'][0]} picks a deployment area "
            f"and deploys first")
    if data["scouts"]:
        line += f"; scouts placed last: {', '.join(data['scouts'])}"
    return line


def _attacked(data: Mapping[str, Any]) -> str:
    parts = [data["line"]]
    if data.get("skill_hand"):
        parts.append(_laid(data["skill_hand"]))
    if data.get("defence_hand"):
        parts.append(_laid(data["defence_hand"]))
    # the line names the cards of each test; older journals' lines do not
    if "(SKL " not in data["line"]:
        drawn = [c for c in data["skill"] if c != "hand"]
        defence = [c for c in data["defence"] if c != "hand"]
        if drawn:
            parts.append(f"skill cards {_cards(drawn)}")
        if defence:
            parts.append(f"defence cards {_cards(defence)}")
    return "; ".join(parts)


def _recruit(data: Mapping[str, Any]) -> str:
    recruit = data["recruit"]
    perks = ", ".join(recruit["perks"]) or "no perks"
    hired = " (hired)" if recruit["hired"] else ""
    return (f"{recruit['name']} joins {data['player']}'s gang{hired}: {recruit['unit']} "
            f"with a {recruit['weapon']}, {perks}")


def _with_hand(data: Mapping[str, Any]) -> str:
    line: str = data["line"]
    if data.get("laid"):
        line += f" ({_laid(data)})"
    elif data.get("cards"):
        line += f" (drew {_cards(data['cards'])})"
    return line


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "set_up": lambda d: f"Set-up: a {d['mode']}, hiring by {d['hiring']}, "
                        f"{d['settings']['rounds']} rounds a game",
    "gang_founded": lambda d: f"{d['player']} founds the gang {d['name']}",
    "enlisted": _recruit,
    "dismissed": lambda d: f"{d['fighter']} leaves {d['player']}'s gang",
    "picks_rolled": lambda d: f"Roll-off for the hiring pool: {_draws(d)}; {d['first']} "
                              "picks first",
    "game_started": lambda d: f"Game {d['number']} begins with a shuffled Draw Deck",
    "deployed": _deployed,
    "scout_placed": lambda d: str(d["line"]),
    "round_started": _round,
    "card_drawn": lambda d: f"{d['player']} draws a card",
    "card_discarded": lambda d: f"{d['player']} discards down to five",
    "activated": lambda d: f"{d['player']} activates {d['fighter']}",
    "moved": lambda d: str(d["line"]),
    "leaving_assault_range": lambda d: str(d["line"]),
    "recovered": _with_hand,
    "attacked": _attacked,
    "tested": _with_hand,
    "free_forgone": lambda d: str(d["line"]),
    "activation_ended": lambda d: f"{d['fighter']} ends its activation",
    "scored": lambda d: f"{d['player']} scores {d['points']}"
                        + (f" ({d['reason']})" if d.get("reason") else ""),
    "game_ended": lambda d: f"Game {d['number']} ends: "
                            + ", ".join(f"{p} {s}" for p, s in d["scores"].items())
                            + (f"; {d['winner']} wins" if d["winner"] else "; a draw"),
    "level_gained": lambda d: f"{d['fighter']} gains a level: {d['perk']}"
                              + (f" and {d['ability']}" if d.get("ability") else ""),
    "hired_kept": lambda d: f"{d['fighter']} joins {d['player']}'s gang for good",
    "aftermath_closed": lambda d: "The hired guns who were not kept move on",
}


def describe(event: Event) -> str:
    line = LINES.get(event.kind.removeprefix(PREFIX))
    return line(event.data) if line is not None else event.kind
