"""An attack and its result cards (lines 61-120): the cards drawn for the weapon's power and
the modifiers, All In, the result card chosen, and the target's second card after All In.

Each step has its `why_not_x(state)`: the rule that stops it now, or None.

A reading where the book leaves room (line 77): the target's second card is asked for only
while the attacker still stands, as well as the target: a Joker played by the attacker that
lays the attacker down and leaves the target standing ends the attack, since no card left
could do more to a model lying on its coffin card (its last hit is already on the Joker).
"""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand import commands as c
from gmscreen.games.dead_mans_hand.attack import (
    card_count,
    describe_count,
    moved_far,
    weapon_choices,
)
from gmscreen.games.dead_mans_hand.events import (
    AttackDrawn,
    ResultPlayed,
    SecondResultDeclined,
    WentAllIn,
)
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.results import answer_refused, resolve
from gmscreen.games.dead_mans_hand.rules import (
    FARTHEST,
    RULES,
    codes,
    from_pile,
    named,
    refuse,
    whole,
)
from gmscreen.games.dead_mans_hand.state import Attack, MatchState, Phase
from gmscreen.games.dead_mans_hand.turns import (
    attack_barred,
    closing,
    moment,
    why_not_turn,
)
from gmscreen.games.dead_mans_hand.weapons import reaches, weapon, weapon_name
from gmscreen.journal.rules import RuleError

# -- what stops a step now -----------------------------------------------------------------------


def why_not_attack(state: MatchState) -> RuleError | None:
    """The model in use attacks once, after its move, unless its move or a Queen forbids."""
    refused = why_not_turn(state)
    if refused is not None:
        return refused
    assert state.turn is not None
    in_use = state.turn.in_use
    if in_use is None:
        return RuleError("Turns", "use a model first: its move comes before its attack")
    if state.turn.attacked:
        return RuleError("Attack", f"{in_use} has attacked already this use: end the turn")
    if not named(state, in_use).weapons:
        return RuleError("Attack", f"{in_use} has no weapon left to attack with: end the turn")
    barred = attack_barred(state)
    if barred:
        return RuleError("Attack", f"{barred}: end the turn")
    return None


def why_not_all_in(state: MatchState) -> RuleError | None:
    """One more card, once, before the result card is chosen."""
    attack = state.attack
    if attack is None:
        return RuleError("All In", "All In adds a card to an attack, and no attack is under way")
    if attack.all_in:
        return RuleError("All In", "an attack goes all in once")
    if attack.results:
        return RuleError("All In", "All In comes before the result card is chosen")
    return None


def why_not_play(state: MatchState) -> RuleError | None:
    """A result card (or the target's second card) is played from the attack's cards."""
    if state.attack is None:
        return RuleError("Result card", "no attack is under way: there is no card to play")
    return None


def card_to_play(state: MatchState) -> bool:
    """Whether a card of the attack under way is still to be played: its result card, or
    after All In the target's second card (or none). A result card that settles the attack
    passes the turn, so none is left then."""
    attack = state.attack
    return attack is not None and (not attack.results or attack.awaiting_second)


def why_not_undo_attack(state: MatchState) -> RuleError | None:
    """The newest attack of the game being played (under way or resolved) is taken back as one
    step, back to just before its cards were drawn. Once the game is over (won, abandoned,
    the showdown settled) or before its first attack, nothing is offered: the journal's own
    undo takes back any step, one at a time."""
    if state.phase in (Phase.AFTER_GAME, Phase.OVER):
        return RuleError("Undo attack", f"game {state.game} is over and its attacks stand "
                         "(Undo takes back its steps, the newest first)")
    if state.phase is not Phase.PLAYING:
        return RuleError("Undo attack", f"no attack has been made yet: {moment(state)}")
    if state.attack is None and state.last_attack is None:
        return RuleError("Undo attack", f"no attack has been made in game {state.game} yet")
    return None


def targets(state: MatchState) -> list[str]:
    """Whom the model in use may attack: the enemies on the table (in range or not: the
    distance is measured on the table)."""
    turn = state.turn
    attacker = state.find(turn.in_use) if turn is not None and turn.in_use else None
    if attacker is None:
        return []
    return [m.name for m in state.models() if m.on_table and m.colour != attacker.colour]


def aimed_target(state: MatchState) -> str | None:
    """The target the attack form offers with reason, so it opens on the yards: the enemy
    the model in use attacked last this game, while it is still on the table, else the only
    enemy on the table; None when the Dealer must choose among several."""
    turn = state.turn
    attacker = state.find(turn.in_use) if turn is not None and turn.in_use else None
    enemies = targets(state)
    if attacker is not None and attacker.aimed_at in enemies:
        return attacker.aimed_at
    return enemies[0] if len(enemies) == 1 else None


def friends_on_table(state: MatchState) -> bool:
    """Whether the model in use has a friend on the table, one who may stand within 10
    yards of it for the extra card (line 69): a model alone on the table (the gunman of
    Take that Bastard Down!, a posse's last model standing) never draws that card."""
    turn = state.turn
    attacker = state.find(turn.in_use) if turn is not None and turn.in_use else None
    if attacker is None:
        return False
    return any(m.name != attacker.name for m in state.posse(attacker.colour).on_table())


# -- the steps -----------------------------------------------------------------------------------


@RULES.decides(c.MakeAttack)
def make_attack(state: MatchState, command: c.MakeAttack) -> list[object]:
    refuse(why_not_attack(state))
    assert state.turn is not None and state.turn.in_use is not None
    move = state.turn.move
    assert move is not None
    attacker = named(state, state.turn.in_use)
    target = named(state, command.target, field="target")
    if target.name not in targets(state):
        raise RuleError("Attack", f"{target.name} is not an enemy on the table", field="target")
    if not 0 <= whole(command.yards, "Range", "yards") <= FARTHEST:
        raise RuleError("Range", f"a distance is 0 to {FARTHEST} yards, not {command.yards}",
                        field="yards")
    if command.friends_near and not friends_on_table(state):
        raise RuleError("Friends near", f"{attacker.name} has no friend on the table to stand "
                        "within 10 yards of it", field="friends")
    if command.weapon not in attacker.weapons:
        raise RuleError("Weapons", f"{attacker.name} does not carry "
                        f"{weapon_name(command.weapon)}", field="weapon")
    choices = weapon_choices(attacker, move, command.yards)
    (choice,) = [w for w in choices if w.weapon == command.weapon]
    if choice.reach is None:
        # a weapon that fires after this move but not that far: the yards typed are out of
        # its range (said with the weapons that do reach, where the weapon was the slip);
        # one that cannot fire at all after it is the weapon's fault
        short = bool(reaches(command.weapon, attacker.civilian, move))
        others = [weapon(w.weapon).name for w in choices if w.reach is not None]
        # Dual Pistols, Derringers, Thrown Tomahawks: named in the plural
        plural = len(others) > 1 or (len(others) == 1 and others[0].endswith("s"))
        verb = "reach" if plural else "reaches"
        also = f"; the {' and the '.join(others)} {verb} that far" if short and others else ""
        raise RuleError("Range", (choice.why_not or "out of range") + also,
                        field="yards" if short else "weapon")
    count = card_count(
        command.weapon, friends_near=command.friends_near, from_behind=command.from_behind,
        cover=command.cover, target_moving=target.moving_target,
        attacker_moved_far=moved_far(move),
    )
    drawn = codes(command.cards)
    if len(drawn) != count.total:
        raise RuleError("Cards", f"{describe_count(count, command.weapon)}, not "
                        f"{len(drawn)}", field="cards")
    reshuffled = from_pile(state, drawn, "cards")
    return [AttackDrawn(attacker.name, target.name, command.weapon, command.yards,
                        choice.reach.band, tuple(drawn), count.power, dict(count.modifiers),
                        reshuffled)]


@RULES.decides(c.GoAllIn)
def go_all_in(state: MatchState, command: c.GoAllIn) -> list[object]:
    refuse(why_not_all_in(state))
    assert state.attack is not None
    (code,) = codes([command.card], field="card")
    reshuffled = from_pile(state, [code], "card")
    return [WentAllIn(state.attack.attacker, state.attack.target, code, reshuffled)]


@RULES.decides(c.PlayResult)
def play_result(state: MatchState, command: c.PlayResult) -> list[object]:
    refuse(why_not_play(state))
    assert state.attack is not None
    if state.attack.results:
        raise RuleError("Result card", "the attacker has chosen its result card already")
    return _play(state, state.attack, command.card, command.weapon_lost, by="attacker")


def _awaiting_second(attack: Attack, doing: str) -> None:
    if not attack.awaiting_second:
        raise RuleError("All In", f"there is no second result card to {doing}: the target "
                        "has one only after the attacker went all in and chose its own")


@RULES.decides(c.TakeSecondResult)
def take_second_result(state: MatchState, command: c.TakeSecondResult) -> list[object]:
    refuse(why_not_play(state))
    assert state.attack is not None
    _awaiting_second(state.attack, "take")
    return _play(state, state.attack, command.card, command.weapon_lost, by="target")


@RULES.decides(c.DeclineSecondResult)
def decline_second_result(state: MatchState, command: c.DeclineSecondResult) -> list[object]:
    refuse(why_not_play(state))
    assert state.attack is not None
    _awaiting_second(state.attack, "decline")
    return closing(state, [SecondResultDeclined(state.attack.target,
                                                       state.attack.attacker)])


def _play(state: MatchState, attack: Attack, text: str, weapon_lost: str | None,
          by: str) -> list[object]:
    (code,) = codes([text], field="card")
    unplayed = list(attack.cards)
    for played in attack.results:
        unplayed.remove(played)
    if code not in unplayed:
        raise RuleError("Result card", f"{show(code)} is not among the cards left: "
                        + " ".join(show(u) for u in unplayed), field="card")
    attacker, target = named(state, attack.attacker), named(state, attack.target)
    try:
        outcome = resolve(code, attacker, target, attack.weapon, attack.yards,
                          weapon_lost=weapon_lost)
    except ValueError as error:
        raise RuleError("Ace", str(error), field="weapon_lost") from None
    if outcome.needs_choice:
        raise RuleError("Ace", f"{outcome.loser} picks the weapon it loses: "
                        + ", ".join(weapon_name(w) for w in outcome.choices),
                        field="weapon_lost")
    result = ResultPlayed(by, code, attacker.name, target.name, outcome.effect,
                          outcome.winner, outcome.loser, outcome.weapon, outcome.horse,
                          outcome.answer_weapon, outcome.reason, down=outcome.down)
    if by == "attacker" and attack.all_in:
        then = RULES.after(state, [result])
        hit_back, struck = named(then, attacker.name), named(then, target.name)
        if hit_back.on_table and answer_refused(struck, hit_back, attack.yards) is None:
            return [replace(result, second_offered=True)]
    return closing(state, [result])
