"""The Encounter Log's lines for Dust Devils events: plain text that reads like a story,
names taken from each event's own data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gmscreen.core.cards import cards_from_codes
from gmscreen.games.dust_devils.deal import STUD_NAMES
from gmscreen.games.dust_devils.state import DEALER
from gmscreen.journal.events import Event

P = "dust_devils."


def cards(codes: Iterable[str]) -> str:
    """Codes as a player reads them: "A♠ 10♥ Joker"."""
    return " ".join(str(c) for c in cards_from_codes(codes)) or "nothing"


def goal_sentence(name: str, goal: str) -> str:
    """A hand's declared goal as a sentence, whatever its grammar ("Zeke Munroe's goal: make
    Long Tom own up.", "The Dealer's goal: The sheriff dies."); "" for no goal."""
    goal = goal.strip()
    if not goal:
        return ""
    whose = "The Dealer's" if name == DEALER else f"{name}'s"
    stop = "" if goal[-1] in ".!?" else "."
    return f"{whose} goal: {goal}{stop}"


def _split(split: Iterable[Mapping[str, Any]]) -> str:
    return ", ".join(f"{s['points']} {s['attribute']}" for s in split)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (abs(n) != 1)}"


def _opened(d: Mapping[str, Any]) -> str:
    hands = []
    for x in d["entrants"]:
        if x["name"] == DEALER:
            hands.append(f"the Dealer ({STUD_NAMES.get(int(d.get('stud', 0)), 'stud')})")
        else:
            hands.append(f"{x['name']} ({' + '.join(x['attributes'])}, "
                         f"{_plural(int(x['cards']), 'card')})")
    stakes = f"; Stakes {_plural(int(d['stakes']), 'Chip')}" if d.get("stakes") else ""
    again = f"; it takes up conflict {d['takes_up']} again" if d.get("takes_up") else ""
    if d.get("continues"):
        again += "; it goes on from the conflict just called"
    return f"Conflict {d['number']}, {d['title']}: {', '.join(hands)}{stakes}{again}"


def describe(event: Event) -> str:
    d = event.data
    kind = event.kind.removeprefix(P)
    match kind:
        case "character_made":
            who = "player character" if d["player"] else "non-player character"
            return f"{d['name']} joins the campaign, a {who}"
        case "character_changed":
            renamed = f" (now {d['name']})" if d["name"] != d["old_name"] else ""
            return f"{d['old_name']}'s sheet is corrected{renamed}"
        case "chips_changed":
            n = int(d["change"])
            verb = "gains" if n > 0 else "spends"
            return f"{d['name']} {verb} {_plural(abs(n), 'Chip')}: {d['reason']}"
        case "devil_rating_set":
            return f"{d['name']} sets the Devil at {d['rating']} for the session"
        case "attribute_raised":
            return f"{d['name']} raises {d['attribute']} to {d['rating']}"
        case "knack_raised":
            return f"{d['name']} raises {d['knack']} to {d['rating']}"
        case "knack_bought":
            return f"{d['name']} learns {d['knack']} at 1"
        case "fate_recorded":
            return f"{d['name']} {d['fate']}, and leaves play"
        case "conflict_opened":
            return _opened(d)
        case "cards_dealt":
            return "; ".join(f"{h['name']} is dealt {cards(h['cards'])}" for h in d["hands"])
        case "cards_drawn":
            if not d["discards"]:
                return f"{d['name']} stands pat"
            using = f" with {d['knack']}" if d.get("knack") else ""
            return f"{d['name']} throws {cards(d['discards'])} and draws " \
                   f"{cards(d['drawn'])}{using}"
        case "folded":
            return f"{d['name']} folds"
        case "dealer_folded":
            return f"The Dealer folds {d['title']}"
        case "called":
            lays = "; ".join(f"{x['name']} lays {cards(x['cards'])} "
                             f"({x.get('category', x['hand']).lower()})" for x in d["lays"])
            won = " and ".join(d["winners"])
            high = f"; {d['high_card_holder']}'s {cards([d['high_card']])} is high" \
                if d.get("high_card") else ""
            return f"Call: {lays}. {won} win{'s' * (len(d['winners']) == 1)} with " \
                   f"{d['category'].lower()}{high}; {d['narrator'] or 'nobody'} narrates"
        case "narration_bid":
            bids = ", ".join(f"{b['name']} {b['chips']}" for b in d["bids"])
            return f"Bids for narration ({bids}): {d['narrator']} narrates"
        case "difficulty_taken":
            by = " (the narrator's doing)" if d.get("by_narrator") else ""
            return f"{d['name']} loses {_split(d['split']) or 'nothing'}{by}"
        case "point_restored":
            return f"{d['name']} gets a point of {d['attribute']} back by narrating"
        case "conflict_ended":
            unresolved = " (an open thread)" if d.get("unresolved") else ""
            fates = "".join(f"; it was {n}'s last conflict" for n in d.get("fates_due", []))
            healed = "".join(f"; {r['name']} recovers {r['points']} {r['attribute']}"
                             for r in d.get("recovered", []))
            return f"{d['title']} ends: {d['outcome']}{unresolved}{healed}{fates}"
        case "thread_closed":
            return f"The open thread {d['title']} is closed: {d['reason']}"
        case "recovered":
            return "Session's end: " + "; ".join(
                f"{r['name']} recovers {r['points']} {r['attribute']}" for r in d["recovered"])
        case "winner_card_set":
            state = "on" if d["on"] else "off"
            return f"Optional rule: a card more for the last winners is {state}"
        case "carry_over_ruled":
            return "The Dealer rules that damage carries over" if d["on"] \
                else "Damage will recover at session end"
    return event.kind


def subjects(event: Event) -> frozenset[str]:
    d = event.data
    names: set[str] = set()
    for key in ("name", "old_name", "narrator", "high_card_holder"):
        if isinstance(d.get(key), str) and d[key]:
            names.add(d[key])
    for key in ("entrants", "hands", "lays", "bids", "recovered"):
        names.update(x["name"] for x in d.get(key, []) if isinstance(x, Mapping))
    names.update(d.get("winners", []))
    names.discard(DEALER)
    return frozenset(names)
