"""The kinds of event Dead Man's Hand writes to the journal, and how a result card's
recorded outcome is read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmscreen.games.dead_mans_hand.results import Effect, Outcome

P = "dead_mans_hand."
FORMAT_CHOSEN = P + "format_chosen"
POSSE_NAMED = P + "posse_named"
MODEL_RECRUITED = P + "model_recruited"
MODEL_DISMISSED = P + "model_dismissed"
MODEL_EDITED = P + "model_edited"
SCENARIO_LOADED = P + "scenario_loaded"
GAME_SET_UP = P + "game_set_up"
MODEL_DEPLOYED = P + "model_deployed"
MODEL_USED = P + "model_used"
ATTACK_DRAWN = P + "attack_drawn"
WENT_ALL_IN = P + "went_all_in"
RESULT_PLAYED = P + "result_played"
SECOND_RESULT_DECLINED = P + "second_result_declined"
TURN_ENDED = P + "turn_ended"
MODEL_LEFT = P + "model_left"
MODEL_SURRENDERED = P + "model_surrendered"
GAME_WON = P + "game_won"
SHOWDOWN_WON = P + "showdown_won"
RECOVERY_DRAWN = P + "recovery_drawn"
PACK_RESHUFFLED = P + "pack_reshuffled"


def outcome_of(data: Mapping[str, Any]) -> Outcome:
    """The outcome a `result_played` event records."""
    return Outcome(
        card=data["card"], effect=Effect(data["effect"]), winner=data.get("winner"),
        loser=data.get("loser"), weapon=data.get("weapon"), horse=data.get("horse", False),
        answer_weapon=data.get("answer_weapon"), reason=data.get("reason", ""),
    )
