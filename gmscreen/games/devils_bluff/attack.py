"""An attack, step by step: Battle Skill tests, Defence tests, damage and tokens.

Each test is a drawn card or, for one test, a played hand (see `hands`). The numbers are
Open Fire's first rules (the digest's baseline): -3 to hit through obscured sight, -2 for
each suppression token on the attacker, -X for a target with Stealth (X); Defence at -PRC,
+1 in light cover, +3 in heavy cover, +2 when evading; each failed Defence test takes DMG.

Readings where the rules are open (each has a test; the settings are campaign settings):

- A played hand stands for the first test of its kind in the attack: the first Battle Skill
  test for the attacker, the first Defence test for the defender. The other tests draw.
- Rending (X) deals X at once for each critical hit, before that hit's Defence test; Return
  Fire then throws the hits away but the Rending damage already dealt stands. The setting
  "rending" may make it X more DMG only when that hit's Defence test fails (later rules);
  the steps then say it ("Rending 1 more on a failed Defence test"), since at the first
  rules' "Rending 1" the damage came before the test.
- Where that damage takes the target to 0 HP, it is out before any Defence test and takes
  none (digest 3.1: a model at 0 HP takes no further test): no card is drawn for one, the
  defender's hand meant for it is not laid (it stays held), and Return Fire, which fires on
  a Defence test, does not fire. With the setting "injuries" the model is not out until its
  test at 0 HP fails, which comes once the attack's damage is counted, so its Defence
  tests are taken as before (`Setup.target_hp` is not given).
- Stealth takes its -X in assault range too, unless the setting "stealth_in_assault" is
  off (the later rules' exception); the rules apply it when they build the `Setup`.
- Return Fire's hits thrown away also give no Suppressing token, and take no Defence test
  after the hand that won: no card is drawn for them.
- "suppressing": one token for an attack that hits (default) or one per hit. A model the
  attack takes out gains no token, by Suppressing or evading: out of the game none is any
  use to it (`combat.attack` keeps its tokens as they were).
- "evade_token_always": evading costs a token even when no Defence test was made (default).
- "rapid_fire": ATT doubled within half range (default) or one more.
- A free attack (Hail of Fire, Return Fire) takes every modifier, suppression included.
- Run and Gun lets the model drop its suppression tokens (module line 159 says it "may"):
  they are always dropped, as a table would, since a token only ever hurts its model
  (-2 to hit, 2" less to move, no evading at two); so its free Advance is the whole MOV.
- A critical hit on one of Hail of Fire's free attacks gives two more after it (line 147
  names any critical Battle Skill test), beside those still owed: one left and two more
  are three.
- Hail of Fire fires on any critical hit, a parting shot's (at a model leaving assault
  range) and Return Fire's shot back's too: line 147 names no activation, and both are
  free attack actions. Made outside the model's own activation, its two attacks are owed
  at once there (see `combat`). Run and Gun's free Advance belongs to the model's own
  activation: on a parting shot or a shot back its +1 DMG and shed tokens still apply,
  but no Advance comes (a model moving in the middle of another's move).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gmscreen.core.cards import Card
from gmscreen.core.text import plural
from gmscreen.games.devils_bluff.draw import passes, result_of, shown_result
from gmscreen.games.devils_bluff.gangs import Weapon
from gmscreen.games.devils_bluff.hands import Outcome

#: the most suppression tokens a model carries
MAX_TOKENS = 2
COVER_BONUS = {"none": 0, "light": 1, "heavy": 3}
OBSCURED = -3
PER_TOKEN = -2
EVADE_BONUS = 2
#: a target evades only an attacker farther than this many inches away
EVADE_BEYOND = 6
RETURN_FIRE_BONUS = 3


@dataclass(frozen=True)
class Test:
    """One test: the card drawn (None when a hand was played), its result and outcome."""

    card: Card | None
    result: int
    outcome: Outcome
    #: the result as the steps show it: the number, and the cap that changed it if any
    shown: str = ""

    @property
    def passed(self) -> bool:
        return self.outcome is not Outcome.FAILURE


def draw_test(card: Card, attribute: int, modifier: int, king_capped_first: bool,
              ace_fails: bool = False) -> Test:
    ok = passes(card, attribute, modifier, king_capped_first=king_capped_first,
                ace_fails=ace_fails)
    return Test(card, result_of(card, modifier, king_capped_first=king_capped_first),
                Outcome.SUCCESS if ok else Outcome.FAILURE,
                shown_result(card, modifier, king_capped_first=king_capped_first,
                             ace_fails=ace_fails))


def hand_test(outcome: Outcome) -> Test:
    return Test(None, 0, outcome)


@dataclass(frozen=True)
class Setup:
    """Everything an attack depends on besides the cards."""

    skl: int
    weapon: Weapon
    attacker_tokens: int
    attacker_ability: str
    target_def: int
    target_stealth: int
    target_tokens: int
    target_ability: str
    obscured: bool = False
    cover: str = "none"
    evading: bool = False
    half_range: bool = False
    free_bonus: int = 0
    rapid_fire: str = "double"
    suppressing: str = "per attack"
    evade_token_always: bool = True
    king_capped_first: bool = False
    ace_fails: bool = False
    rending_mode: str = "before defence"
    #: the attack is the model's own (an action or a free attack of its activation), not a
    #: parting shot or Return Fire's shot back made in another model's activation
    own_activation: bool = True
    #: the target's hit points left, where reaching 0 takes it out at once (0: not counted,
    #: as with the setting "injuries", whose test at 0 HP comes after the attack)
    target_hp: int = 0


def attacks(setup: Setup) -> int:
    """How many Battle Skill tests: the weapon's ATT, more with Rapid Fire at half range."""
    if setup.half_range and setup.weapon.rule_value("Rapid Fire") is not None:
        return rapid_fire_attacks(setup.weapon.att, setup.rapid_fire)
    return setup.weapon.att


def rapid_fire_attacks(att: int, rapid_fire: str) -> int:
    """A Rapid Fire gun's attacks within half range: doubled, or one more (the setting)."""
    return att * 2 if rapid_fire == "double" else att + 1


#: where a modifier comes from, and how much: ("Stealth", -1)
Part = tuple[str, int]


def skill_parts(setup: Setup) -> list[Part]:
    """What changes each Battle Skill test of the attack, and why."""
    tokens = setup.attacker_tokens
    parts = [("obscured", OBSCURED if setup.obscured else 0),
             (plural(tokens, "token"), PER_TOKEN * tokens),
             ("Stealth", -setup.target_stealth), ("Return Fire", setup.free_bonus)]
    return [(why, value) for why, value in parts if value]


def skill_modifier(setup: Setup) -> int:
    return sum(value for _, value in skill_parts(setup))


def defence_parts(setup: Setup, prc: int) -> list[Part]:
    """What changes each Defence test of the attack (`prc`, the weapon's with any ability's
    added), and why."""
    parts = [("PRC", -prc), (f"{setup.cover} cover", COVER_BONUS[setup.cover]),
             ("evading", EVADE_BONUS if setup.evading else 0)]
    return [(why, value) for why, value in parts if value]


def defence_modifier(setup: Setup, prc: int) -> int:
    return sum(value for _, value in defence_parts(setup, prc))


@dataclass(frozen=True)
class Report:
    """What an attack did."""

    skill: tuple[Test, ...]
    defence: tuple[Test, ...]
    hits: int
    critical_hits: int
    rending: int
    dmg: int
    prc: int
    damage: int
    target_tokens: int
    attacker_tokens: int
    #: abilities that fired, in the order they did
    fired: tuple[str, ...]
    #: free attacks the attacker may now make (Hail of Fire)
    free_attacks: int
    #: the attacker may take a free Advance (Run and Gun)
    free_advance: bool
    #: the target may shoot back at once (Return Fire)
    return_fire: bool
    #: why the target took suppression tokens: "Suppressing", "evading" (none past 2)
    token_reasons: tuple[str, ...] = ()


Draw = Callable[[int], tuple[Card, ...]]


def resolve(setup: Setup, draw: Draw, attacker_hand: Outcome | None = None,
            defend: Callable[[], Outcome] | None = None) -> Report:
    """Resolve the attack with cards from `draw` (which also discards them).

    `attacker_hand` is the outcome of a hand the attacker played for the first Battle Skill
    test. `defend`, when the defender means to play their hand for the first Defence test,
    lays it and gives its outcome; it is called only if a Defence test comes."""
    n = attacks(setup)
    modifier = skill_modifier(setup)
    skill = [hand_test(attacker_hand)] if attacker_hand is not None else []
    skill += [draw_test(card, setup.skl, modifier, setup.king_capped_first, setup.ace_fails)
              for card in draw(n - len(skill))]
    hits = sum(t.passed for t in skill)
    critical_hits = sum(t.outcome is Outcome.CRITICAL for t in skill)
    fired: list[str] = []
    dmg, prc = setup.weapon.dmg, setup.weapon.prc
    attacker_tokens = setup.attacker_tokens
    if critical_hits and setup.attacker_ability in ("Hail of Fire", "Precise Shot",
                                                    "Run and Gun"):
        fired.append(setup.attacker_ability)
        if setup.attacker_ability == "Precise Shot":
            dmg, prc = dmg + 3, prc + 3
        elif setup.attacker_ability == "Run and Gun":
            dmg, attacker_tokens = dmg + 1, 0
    defence: list[Test] = []
    return_fire = False
    rending_x = setup.weapon.rule_value("Rending") or 0
    # Rending's damage before the Defence tests takes the target out: it takes none
    out_first = (setup.rending_mode == "before defence" and setup.target_hp > 0
                 and rending_x * critical_hits >= setup.target_hp)
    if hits and not out_first:
        if defend is not None:
            defence.append(hand_test(defend()))
        # only a hand is critical: Return Fire, when it fires, throws every hit away, and
        # no hit is left for another Defence test
        return_fire = (setup.target_ability == "Return Fire"
                       and any(t.outcome is Outcome.CRITICAL for t in defence))
        def_modifier = defence_modifier(setup, prc)
        defence += [draw_test(card, setup.target_def, def_modifier, setup.king_capped_first,
                              setup.ace_fails)
                    for card in draw(0 if return_fire else hits - len(defence))]
    if return_fire:
        fired.append("Return Fire")
    failed = 0 if return_fire else sum(not t.passed for t in defence)
    if setup.rending_mode == "before defence":
        rending = rending_x * critical_hits
    else:
        # each hit's Defence test, in the order of the hits: X more where a critical fails
        critical = [t.outcome is Outcome.CRITICAL for t in skill if t.passed]
        rending = 0 if return_fire else rending_x * sum(
            crit and not test.passed for crit, test in zip(critical, defence, strict=True))
    tokens = setup.target_tokens
    reasons: list[str] = []
    if out_first:
        pass  # out of the game: no token is any use to it
    elif setup.weapon.rule_value("Suppressing") is not None and hits and not return_fire:
        tokens += hits if setup.suppressing == "per hit" else 1
        reasons.append("Suppressing")
    if setup.evading and (defence or setup.evade_token_always) and not out_first:
        tokens += 1
        reasons.append("evading")
    return Report(
        skill=tuple(skill), defence=tuple(defence), hits=hits, critical_hits=critical_hits,
        rending=rending, dmg=dmg, prc=prc, damage=rending + failed * dmg,
        target_tokens=min(MAX_TOKENS, tokens), attacker_tokens=attacker_tokens,
        fired=tuple(fired), free_attacks=2 if "Hail of Fire" in fired else 0,
        free_advance="Run and Gun" in fired and setup.own_activation,
        return_fire=return_fire, token_reasons=tuple(reasons))


def _shown(tests: tuple[Test, ...], attribute: int, parts: list[Part], good: str,
           bad: str) -> str:
    """One kind of test, step by step, each modifier named: "SKL 7+ at -2 (1 token -2):
    K♠ 11 hit, 3♦ 1 miss"; a cap that changed a result is said ("K♠ 12 (capped from 16)
    hit")."""
    modifier = sum(value for _, value in parts)
    named = ", ".join(f"{why} {value:+d}" for why, value in parts)
    at = f" at {modifier:+d} ({named})" if parts else ""
    each = [f"hand {t.outcome.value}" if t.card is None
            else f"{t.card} {t.shown or t.result} {good if t.passed else bad}" for t in tests]
    return f"{attribute}+{at}: {', '.join(each)}"


#: what opens the Battle Skill tests and the Defence tests in `steps`' words
SKILL_STEPS, DEFENCE_STEPS = "SKL ", "; DEF "


def steps(setup: Setup, report: Report) -> str:
    """The attack's tests card by card, for the players to check against the table."""
    line = SKILL_STEPS + _shown(report.skill, setup.skl, skill_parts(setup), "hit", "miss")
    if report.defence:
        line += DEFENCE_STEPS + _shown(report.defence, setup.target_def,
                                   defence_parts(setup, report.prc), "saved", "failed")
    if report.rending:
        line += f"; Rending {report.rending}"
        if setup.rending_mode != "before defence":
            line += " more on a failed Defence test"
        if report.hits and not report.defence:
            line += ": out before any Defence test"
    return line


def defence_need(line: str) -> str:
    """The card an attack's Defence tests need and what changes it, from its line, the
    cards left out: "DEF 5+ at -4 (PRC -4)" ("" when none was taken)."""
    opened = line.find(DEFENCE_STEPS)
    if opened < 0:
        return ""
    return line[opened + len(DEFENCE_STEPS) - len("DEF "):].split(": ", 1)[0]


def skill_steps(line: str) -> str:
    """The Battle Skill tests alone of an attack's line (its `steps` in brackets), the
    Defence tests' cards left out: "SKL 7+: Q♦ 12 hit, 9♣ 9 hit"."""
    opened = line.find(f"({SKILL_STEPS}")
    told = line[opened + 1:] if opened >= 0 else ""
    return told.split(DEFENCE_STEPS, 1)[0].split("; ", 1)[0].rstrip(")")
