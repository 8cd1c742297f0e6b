"""Devils Bluff's decider: commands checked against the module and Open Fire's first rules,
turned into events. Every event kind is "devils_bluff.<fact>"; each command is one undo
step, so an attack is taken back with the cards it drew and the hands it spent.

This module holds what every chapter shares: the decider, who may do what between games
and in a game, and the checks `gmscreen check` makes. Each chapter's steps are decided
beside its engine module, registering on `RULES`, with the readings it takes in its
docstring: the draw and hands in `deck` (beside `draw` and `hands`), gangs and hiring in
`hiring` (beside `gangs`), deployment and turns in `turns`, tests in `testing`, the attack
in `combat` (beside `attack`), between games in `aftermath`. What may be done now is asked
of the `why_not_x` functions beside each decide function: the panes ask them and never
restate a rule.

Readings every chapter shares (each has a test):

- Two players: the module speaks of "both players" and "the other player", so a campaign
  has two gangs.
- The table's own cards: every card the app draws may instead be typed as drawn; a typed
  card comes out of the Draw Deck wherever the app's order put it, and the app shuffles
  its discards when its pile runs out, as the table does.
- A game is under way from its shuffle until it ends; between games the rosters change.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.games.devils_bluff.events import KINDS
from gmscreen.games.devils_bluff.gangs import GangError, Recruit, verify_roster
from gmscreen.games.devils_bluff.state import Battle, DevilsBluffState, Fighter, Gang
from gmscreen.journal.decider import Decider
from gmscreen.journal.rules import RuleError

#: Devils Bluff is played by two: "both players", "the other player" (module lines 29, 39)
PLAYERS = 2

Refusal = RuleError | None


RULES: Decider[DevilsBluffState] = Decider(
    game_id="devils-bluff", title="Devils Bluff",
    panes_module="gmscreen.games.devils_bluff.panes", kinds=KINDS,
    initial_state=DevilsBluffState, referee="")  # the players run it themselves


# -- what may be done now, in every chapter ---------------------------------------------------
# Each step of play has a `why_not_x(state, ...)` beside its decide function: the RuleError
# that keeps it from applying now, naming the rule, or None. Its decide function raises it;
# the tabs ask the same functions before offering a key, so no rule is written twice.


def refuse(refusal: Refusal) -> None:
    if refusal is not None:
        raise refusal


def why_not_between_games(state: DevilsBluffState, what: str) -> Refusal:
    if not state.mode:
        return RuleError("Set-up", "choose a campaign or a one-off first")
    if state.ended is not None:
        holds = f" ({state.ended} holds the town)" if state.ended else ""
        return RuleError("Campaign over", f"the campaign has ended{holds}: an undo takes "
                         "its end back to play on")
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
    battle = state.battle
    if refusal is None and battle is not None and battle.round == 0:
        # the step due first, never one refused in its turn: before the deployment, "start
        # the first round" sent the Dealer to a round the rules would not yet start
        if not battle.deployment:
            return RuleError("Deployment", "round 1 comes once the gangs have deployed: "
                             "first draw for who deploys first")
        if battle.scouts:
            return RuleError("Scout", "round 1 comes once the scouts are placed: "
                             + ", ".join(battle.scouts))
        return RuleError("Rounds", "start the first round")
    return refusal


# -- who and what: the look-ups every chapter shares ----------------------------------------


def battle_of(state: DevilsBluffState) -> Battle:
    """The game being played; RuleError when none is."""
    refuse(why_not_battle(state))
    assert state.battle is not None
    return state.battle


def gang_of(state: DevilsBluffState, player: str) -> Gang:
    gang = state.gang(player)
    if gang is None:
        raise RuleError("Gangs", f"{player} has no gang", field="player")
    return gang


def model_of(state: DevilsBluffState, name: str) -> tuple[Gang, Fighter]:
    """The model called `name` and its gang; RuleError naming the field when none is."""
    found = state.find(name)
    if found is None:
        raise RuleError("Models", f"no model called {name}", field="fighter")
    return found


def verify_gang(models: Sequence[Recruit]) -> None:
    """A roster's limits (`gangs.verify_roster`), refused as a rule."""
    try:
        verify_roster(models)
    except GangError as error:
        raise RuleError(error.rule, error.message, field=error.field) from None


def activating(state: DevilsBluffState) -> str:
    """The model activating now ("" for none)."""
    battle = state.battle
    return battle.activation.fighter if battle and battle.activation else ""


@RULES.finds_problems
def problems(state: DevilsBluffState) -> list[str]:
    """What `gmscreen check` reports: a roster that breaks the module's limits, and cards
    lost or found in a game."""
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


# the chapters: each registers its steps on RULES; evolve and log tell and fold the events
from gmscreen.games.devils_bluff import (  # noqa: E402, F401
    aftermath,
    combat,
    deck,
    evolve,
    hiring,
    log,
    testing,
    turns,
)
