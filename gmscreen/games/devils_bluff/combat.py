"""The attack, decided: who may attack whom now (an action, a free attack of Hail of Fire,
Return Fire's shot back, a parting shot at a model leaving assault range), the hands laid
for it, and the test at 0 HP. The attack's arithmetic, test by test, is in `attack`.

Readings (each has a test):

- In assault range (1") a gun gives way to the close-combat profile (the first rules let
  only Melee weapons fight there); the setting "guns_in_assault" lets the gun fire.
- At 0 HP a model is taken out; the setting "injuries" gives it first a DEF test by the top
  card (no modifiers), and a pass leaves it on 1 HP (the later skirmish rules).
- Evading needs the attacker more than 6" away, so an attack made in assault range (1"),
  a parting shot among them, cannot be evaded.
- A hand is laid once an attack: for the attacker's first Battle Skill test, against it,
  for the defender's first Defence test, or against that.
- Within assault range (1") a model is within every half range: where a gun fires up
  close, Rapid Fire's extra attacks come whether or not half range was ticked (a parting
  shot and a shot back up close never ask it).
- Return Fire's shot back is the defending model's, at the model that attacked it and no
  other, from where the attack left them: within assault range when that attack was made
  there (so with the close-combat profile), else not. One that Rending's damage before
  its Defence test took out (Rending's damage stands, see `attack`) takes no Defence test
  and does not shoot back; its hand meant for that test stays held.
- A model out (0 HP) makes no attack of any kind: a parting shot or a shot back still on
  offer when a mend set it to 0 is refused, naming it.
- Hail of Fire's free attacks after a critical hit on a parting shot or a shot back (line
  147 names no activation; both are free attack actions) are owed at once, outside the
  model's own activation: "with the same weapon", at any enemy model. The activation under
  way waits for them (its next action, its move out of assault range, its end), as for a
  shot back; w lets them go. A critical hit on one of them gives two more beside those
  left. A shot back they draw comes first.
"""

from __future__ import annotations

from dataclasses import replace

from gmscreen.core.cards import Card
from gmscreen.core.text import in_words, plural
from gmscreen.games.devils_bluff import attack as arithmetic
from gmscreen.games.devils_bluff.commands import Attack
from gmscreen.games.devils_bluff.deck import (
    drawing,
    lay,
    typed_cards,
    why_not_contest,
    why_not_lay,
    why_not_settled,
)
from gmscreen.games.devils_bluff.draw import Dealing, passes, shown_result
from gmscreen.games.devils_bluff.events import Attacked, HandsLaid, Survival
from gmscreen.games.devils_bluff.gangs import Weapon, close_combat_weapon, weapons
from gmscreen.games.devils_bluff.hands import Outcome
from gmscreen.games.devils_bluff.rules import (
    RULES,
    Refusal,
    activating,
    battle_of,
    model_of,
    refuse,
    why_not_in_round,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState, Fighter, Gang
from gmscreen.games.devils_bluff.turns import (
    acting,
    after_action,
    fought_up_close,
    owner_of,
    why_not_act,
)
from gmscreen.journal.rules import RuleError


def why_not_attack(state: DevilsBluffState) -> Refusal:
    """An attack now: Return Fire's, a parting shot, a free one (Hail of Fire) or an
    action of the activating model."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    if battle.return_fire is not None or battle.hail is not None or (
            battle.parting and battle.parting.attackers):
        return None
    activation = battle.activation
    refusal = None
    if activation is None or activation.free_attacks == 0 or battle.parting is not None:
        refusal = why_not_act(state, activating(state), "Attack")
    if refusal is None and activation is not None and not targets(state, activation.fighter):
        return RuleError("Attack", f"no enemy model of {activation.fighter}'s is left "
                         "standing to attack")
    return refusal


def rapid_fire_range(state: DevilsBluffState, model: str) -> int:
    """The half range, in inches, within which `model`'s gun fires more often (Rapid Fire:
    the Revolver's 8"); 0 when its gun has no Rapid Fire, so no distance changes its
    attack (the Shotgun, the Rifle, the Rapid Fire Rifle) and nobody need measure one."""
    found = state.find(model)
    if found is None:
        return 0
    weapon = weapons()[found[1].recruit.weapon]
    return weapon.half_range if weapon.rule_value("Rapid Fire") is not None else 0


def targets(state: DevilsBluffState, model: str) -> list[str]:
    """The enemy models `model` may attack, or whose assault range it may leave: those of
    the other gangs still standing."""
    owner = state.owner(model)
    return [f.name for g in state.gangs if g is not owner for f in g.fighters if not f.out]

#: the rule a target evading an attacker up close breaks
EVADES_ONLY = f"a unit evades only attackers more than {arithmetic.EVADE_BEYOND}\" away"


def _attacker(state: DevilsBluffState, command: Attack) -> tuple[Gang, Fighter, str]:
    """Who attacks, and how: "parting" (a free attack on a model leaving assault range),
    "return" (Return Fire's shot back), "free" (Hail of Fire's, in the model's own
    activation), "hail" (Hail of Fire's, owed outside it) or "action"."""
    refuse(why_not_in_round(state))
    # a sixth card's discard comes at once (module line 39): before a shot back or a
    # parting shot, too, which are not the activating model's actions
    refuse(why_not_settled(state))
    battle = battle_of(state)
    found = state.find(command.fighter)
    if found is not None and found[1].out:
        # out of the game (a mend to 0 HP while its parting shot or shot back waited)
        raise RuleError("Attack", f"{command.fighter} has been taken out and makes no "
                        "attack", field="fighter")
    parting = battle.parting
    if (parting is not None and command.fighter in parting.attackers
            and command.target == parting.mover):
        if command.evading:
            raise RuleError("Evading", f"{EVADES_ONLY}; this one is within assault range",
                            field="evading")
        return (*model_of(state, command.fighter), "parting")
    if battle.return_fire is not None and battle.return_fire[0] == command.fighter:
        shooter, at = battle.return_fire
        if command.target != at:
            raise RuleError("Return Fire", f"{shooter} shoots back only at {at}, the model "
                            "that attacked it", field="target")
        if command.evading:
            raise RuleError("Return Fire", "the free attack of Return Fire cannot be evaded",
                            field="evading")
        return (*model_of(state, command.fighter), "return")
    if battle.hail is not None and battle.hail[0] == command.fighter:
        if battle.return_fire is not None:
            raise RuleError("Return Fire", f"{battle.return_fire[0]} may shoot back first",
                            field="fighter")
        return (*model_of(state, command.fighter), "hail")
    activation = battle.activation
    if (activation is not None and activation.fighter == command.fighter
            and activation.free_attacks > 0 and battle.return_fire is None
            and battle.parting is None):
        return (*model_of(state, command.fighter), "free")
    return (*acting(state, command.fighter, "Attack"), "action")


@RULES.decides(Attack)
def attack(state: DevilsBluffState, command: Attack) -> list[object]:
    gang, fighter, how = _attacker(state, command)
    battle = battle_of(state)
    if how == "parting":
        # the attacker stands within assault range of the mover
        command = replace(command, assault_range=True)
    elif how == "return":
        # nobody has moved since the attack it answers: as near as that attack was
        command = replace(command, assault_range=command.target in fought_up_close(
            state, command.fighter))
    elif not command.assault_range and (close := fought_up_close(state, command.fighter)):
        # it fought them up close and neither has moved: still within their assault range,
        # where a model attacks only enemies within 1", up close (digest 3.1, line 119)
        raise RuleError("Assault range", f"{command.fighter} still stands within assault "
                        f"range of {in_words(close)} (they fought up close and neither has "
                        "moved): it attacks only an enemy within 1\", up close (In assault "
                        "range)", field="assault_range")
    if command.assault_range:
        # within 1" is within every half range (a gun that may fire up close, Rapid Fire)
        command = replace(command, half_range=True)
    target_gang, target = model_of(state, command.target)
    if target_gang.player == gang.player:
        raise RuleError("Attack", f"{target.name} is in {gang.player}'s own gang",
                        field="target")
    if target.out:
        raise RuleError("Attack", f"{target.name} has been taken out", field="target")
    if command.cover not in arithmetic.COVER_BONUS:
        raise RuleError("Cover", "cover is none, light or heavy", field="cover")
    if command.evading and command.assault_range:
        raise RuleError("Evading", f"{EVADES_ONLY}; this one is within assault range (1\")",
                        field="evading")
    if command.evading and target.tokens >= arithmetic.MAX_TOKENS:
        raise RuleError("Evading", f"{target.name} carries 2 suppression tokens and "
                        "cannot evade", field="evading")
    weapon = weapons()[fighter.recruit.weapon]
    if (command.assault_range and weapon.rule_value("Melee") is None
            and not state.setting("guns_in_assault")):
        weapon = close_combat_weapon()
    stealth = target.rule_value("Stealth")
    if command.assault_range and not state.setting("stealth_in_assault"):
        stealth = 0
    setup = arithmetic.Setup(
        skl=fighter.profile.skl, weapon=weapon, attacker_tokens=fighter.tokens,
        attacker_ability=fighter.recruit.ability, target_def=target.profile.defence,
        target_stealth=stealth, target_tokens=target.tokens,
        target_ability=target.recruit.ability, obscured=command.obscured,
        cover=command.cover, evading=command.evading, half_range=command.half_range,
        free_bonus=arithmetic.RETURN_FIRE_BONUS if how == "return" else 0,
        rapid_fire=state.setting("rapid_fire"), suppressing=state.setting("suppressing"),
        evade_token_always=state.setting("evade_token_always"),
        rending_mode=state.setting("rending"), own_activation=how in ("action", "free"),
        # out at 0 HP at once, unless the test at 0 HP comes first (see `attack`)
        target_hp=0 if state.setting("injuries") == "survival test" else target.hp,
        **state.card_readings())
    dealing = Dealing(state.deck, command.order_by, typed_cards(state, command.typed))
    _hands_laid_once(state, command, gang.player, target_gang.player)
    hands: dict[str, tuple[Card, ...]] = {}
    laid: dict[str, HandsLaid] = {}

    def defend() -> Outcome:
        laid["defence"], emptied = lay(state, dealing, target_gang.player,
                                       command.defence_contest)
        hands.update(emptied)
        return laid["defence"].outcome

    with drawing(state, "Draw Deck", dealing):
        attacker_hand = None
        if command.hand:
            laid["skill"], emptied = lay(state, dealing, gang.player, command.contest)
            hands.update(emptied)
            attacker_hand = laid["skill"].outcome
        report = arithmetic.resolve(setup, _drawer(dealing), attacker_hand,
                                    defend if command.defender_hand else None)
        survival = None
        dealt = report.damage
        if (report.damage and report.damage >= target.hp
                and state.setting("injuries") == "survival test"):
            survival = _survival(state, target, dealing)
            if survival.outcome is Outcome.SUCCESS:
                report = replace(report, damage=target.hp - 1)
        if report.damage >= target.hp:
            # out of the game: no token is any use to it (the attack's line says none),
            # as for one Rending took out before its Defence test (`attack`)
            report = replace(report, target_tokens=target.tokens, token_reasons=())
    told = _told(report, fighter, target, weapon, dealt)
    line = f"{told}{_evaded_free(setup, report, target)} ({arithmetic.steps(setup, report)})"
    if command.defender_hand and "defence" not in laid:
        # no hit to defend: the hands meant for the Defence test are still held
        meant = [target_gang.player, *command.defence_contest]
        line += ("; no Defence test, so " + (f"{meant[0]}'s hand is not laid" if len(meant) == 1
                 else f"the hands of {in_words(meant)} are not laid"))
    if survival is not None:
        kept = survival.outcome is Outcome.SUCCESS
        line += (f"; at 0 HP {target.name} tests DEF {target.profile.defence}+ with "
                 f"{survival.card} ({shown_result(survival.card, 0, **state.card_readings())}): "
                 + ("stays on 1 HP" if kept else "fails"))
    if report.critical_hits and how in ("parting", "return", "hail") and \
            fighter.recruit.ability == "Run and Gun":
        line += f" (no free Advance: it comes only in {fighter.name}'s own activation)"
    if how == "parting":
        line += f" (free: {target.name} leaves its assault range)"
    elif how in ("free", "hail"):
        # it spends no action: told, or the table counts it as one
        line += " (a free attack of Hail of Fire)"
    if report.return_fire and report.damage >= target.hp:
        # Rending's damage before the Defence test took it out: no model left to shoot
        report = replace(report, return_fire=False)
        line += f" ({target.name} is out: no shot back)"
    free_attacks = actions_left = None
    if how == "free":
        assert battle.activation is not None
        free_attacks = battle.activation.free_attacks - 1
    elif how == "action":
        assert battle.activation is not None
        actions_left = battle.activation.actions_left - 1
    hail = None
    if how in ("parting", "return", "hail"):
        # outside the model's own activation its free attacks are owed at once there, and
        # a critical hit on one of them gives two more beside those left
        left = battle.hail[1] - 1 if how == "hail" and battle.hail is not None else 0
        hail = left + report.free_attacks if (how == "hail" or report.free_attacks) \
            else None
    elif report.free_attacks:
        # a critical hit on one of Hail of Fire's free attacks gives two more after it
        # (module line 147), beside the one still owed: 1 left and 2 more are 3, not 2
        # (an event keeps the count it gave, so an older journal replays as it was played)
        free_attacks = (free_attacks or 0) + report.free_attacks
    attacked = Attacked(
        fighter.name, target.name, weapon.name, _cards(report.skill),
        _cards(report.defence), report.hits, report.critical_hits, report.damage,
        report.target_tokens, report.attacker_tokens, line, fired=report.fired,
        return_fire=report.return_fire, skill_hand=laid.get("skill"),
        defence_hand=laid.get("defence"), survival=survival, moves=tuple(dealing.moves),
        hands=hands, parting_shot=how == "parting", free_return=how == "return",
        action="Attack" if how == "action" else None, actions_left=actions_left,
        free_attacks=free_attacks, free_advance=True if report.free_advance else None,
        assault_range=command.assault_range, hail=hail, half_range=command.half_range)
    mover = battle.activation.fighter if battle.activation else fighter.name
    return after_action(state, [attacked], owner_of(state, mover), mover)


def _hands_laid_once(state: DevilsBluffState, command: Attack, attacker: str,
                     defender: str) -> None:
    """A hand is laid once an attack: for the attacker's test, against it, for the
    defender's test or against that (module line 45: any other player may lay theirs
    against a test's hand)."""
    refuse(why_not_contest(command.hand, command.contest))
    if command.defence_contest and not command.defender_hand:
        raise RuleError("Playing your hand", "hands are laid against the defender's "
                        "only when the defender plays one", field="defence_contest")
    if command.defender_hand and defender in command.contest:
        raise RuleError("Playing your hand", f"{defender} laid their hand against the "
                        "attack already", field="defender_hand")
    if command.defender_hand:
        refuse(why_not_lay(state, defender, "defender_hand"))
    laid = ({attacker} if command.hand else set()) | set(command.contest)
    again = sorted(laid & set(command.defence_contest))
    if again:
        raise RuleError("Playing your hand", f"{again[0]} laid their hand in this "
                        "attack already", field="defence_contest")


def _survival(state: DevilsBluffState, target: Fighter, dealing: Dealing) -> Survival:
    """The "injuries" setting's test at 0 HP: DEF by the top card, no modifiers."""
    (card,) = dealing.draw(1)
    dealing.discard([card])
    ok = passes(card, target.profile.defence, **state.card_readings())
    return Survival(card, Outcome.SUCCESS if ok else Outcome.FAILURE)


def _drawer(dealing: Dealing) -> arithmetic.Draw:
    def take(n: int) -> tuple[Card, ...]:
        # a card a test, each discarded once read (module line 31): a Draw Deck that runs
        # out mid-attack is shuffled with the cards its earlier tests turned up, as a
        # table turning one card at a time has them on the discard pile by then
        cards: list[Card] = []
        for _ in range(n):
            missing = len(dealing.unavailable)
            card = dealing.draw(1)
            if len(dealing.unavailable) == missing:
                # a typed card the pile did not hold stays where it is: the command is
                # refused once every such card is found
                dealing.discard(card)
            cards += card
        return tuple(cards)
    return take


def _cards(tests: tuple[arithmetic.Test, ...]) -> tuple[str, ...]:
    """Each test's card, or "hand" for one a hand stood for."""
    return tuple(t.card.code if t.card else "hand" for t in tests)


def _told(report: arithmetic.Report, fighter: Fighter, target: Fighter,
          weapon: Weapon, dealt: int) -> str:
    """The attack's outcome in words; `dealt` is the damage its tests dealt, which the
    report's may be below where the test at 0 HP kept the model on 1 HP (setting
    "injuries"): the line says the damage that brought it to 0, then the test."""
    out = target.hp - report.damage <= 0
    # within assault range the close-combat profile fights, not the gun
    how = (f"fights {target.name} up close with {weapon.name}" if weapon.close_combat
           else f"shoots at {target.name}")
    line = f"{fighter.name} {how}: {plural(report.hits, 'hit')}, {dealt} damage"
    if report.fired:
        line += f", {', '.join(report.fired)}"
    if out:
        line += f"; {target.name} is taken out"
    elif report.token_reasons:
        line += "; " + tokens_told(target, report)
    return line


def _evaded_free(setup: arithmetic.Setup, report: arithmetic.Report, target: Fighter) -> str:
    """Where the table agreed evading costs a token only when a Defence test was made
    (setting "evade_token_always" off) and none was: the target evaded, and the line says
    so, where the token's words would have said it ("; Ike evaded: no Defence test, so no
    token")."""
    if not setup.evading or setup.evade_token_always or report.defence \
            or target.hp - report.damage <= 0:
        return ""
    return f"; {target.name} evaded: no Defence test, so no token"


def tokens_told(target: Fighter, report: arithmetic.Report) -> str:
    """The suppression tokens an attack gave its target, and why (digest 3.4, 3.5): "a
    token to Ike for evading (1 now)"; none past two ("Ike holds 2 already")."""
    gained = report.target_tokens - target.tokens
    why = " and ".join(report.token_reasons)
    if gained <= 0:
        return f"no token to {target.name} for {why}: {target.name} holds " \
               f"{arithmetic.MAX_TOKENS} already"
    told = "a token" if gained == 1 else f"{gained} tokens"
    return f"{told} to {target.name} for {why} ({report.target_tokens} now)"
