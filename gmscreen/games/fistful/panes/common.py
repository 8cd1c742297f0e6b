"""The forms more than one tab opens. Spending the Luck just rolled on an effect: from the
Characters tab (`l`) and from the tabs the rolls are made on (`L` on the Conflict and Fight
tabs); who may spend it now is asked of the rules (`conflict_rules.luck_spenders`). The
ammunition check after a firefight (`b` on the Conflict and Fight tabs): the d6 of one gun
or bow, the ones each character carries asked of the rules
(`fight_rules.ammunition_weapons`). The optional rules, on or off (`O` on the Characters
tab, where the posse is set up, and on the Conflict tab). The Out of action table (`o` on the
Characters tab, `f` on the Fight tab, where they fell): who of those the rules say are due
it (`fight_rules.due_the_table`), and its d6. Up again from 0 Guts with 1d6, and lost for
good (`v` and `d` on the Characters tab and on the Fight tab, where they fell)."""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.games.fistful import conflict_rules, fight_rules
from gmscreen.games.fistful.commands import (
    CheckAmmunition,
    ChooseOptionalRules,
    Lost,
    Revive,
    RollOutOfAction,
    SpendLuck,
)
from gmscreen.games.fistful.panes.rolls import TYPE_OR_ROLL, faces
from gmscreen.games.fistful.state import (
    MOST_HOUSE,
    OPTIONAL_RULES,
    Character,
    FistfulState,
    Settings,
)
from gmscreen.games.fistful.tables import (
    UNNUMBERED,
    UNNUMBERED_READINGS,
    out_of_action_table,
    weapons,
)
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.steps import StepPane


def facing(state: FistfulState, name: str, names: Sequence[str]) -> str:
    """The first of `names` on the other side from `name` (one of the posse faces an NPC),
    else the first of them ("" for none): whom a form of two sides starts on."""
    side = state.character(name)
    other = [n for n in names if side is not None
             and (found := state.character(n)) is not None and found.is_npc != side.is_npc]
    return (other or [*names, ""])[0]


def spend_luck(pane: StepPane[FistfulState], first: str = "") -> None:
    """The form: who of those whose newest roll gave a Luck (`first` when among them), on
    what, or on a Stress (the optional rule)."""
    spenders = conflict_rules.luck_spenders(pane.state)
    start = first if first in spenders else (spenders[0] if spenders else "")
    # a Stress is bought only under its optional rule: the tick is offered only then
    on_stress = [form.check("stress", "On a Stress", about="The optional rule: the Luck "
                            "just rolled takes a Stress off")
                 ] if pane.state.settings.stress_for_luck else []
    ask(pane, Form("Spend the Luck just rolled", [
        form.choose("name", "Who", spenders, start, required=True),
        form.text("why", "On what", about="A Luck buys an effect as it is rolled (a second "
                  "hit, cover destroyed, an impression, more found out); banked, it floats "
                  "a die"), *on_stress],
        # one may spend it (nearly always: the Luck is the roller's): the form opens on
        # what it buys, the field always typed (round 33)
        focus="why" if len(spenders) == 1 else None),
        lambda v: SpendLuck(v.text("name"), v.text("why"),
                            bool(on_stress) and v.flag("stress")))


#: the Optional rules form's labels for the Judge's weapon numbers, short enough for one line
HARM_LABELS = {"sword": "Sword's harm", "gatling": "Gatling's harm"}


def choose_optional_rules(pane: StepPane[FistfulState]) -> None:
    """The form: each of the book's optional rules, on or off; then the damage modifiers of
    the weapons the book sells with no numbers (round 22), the app's reading till the Judge
    sets his own."""
    settings = pane.state.settings
    table = weapons()
    ask(pane, Form("Optional rules", [
        *(form.check(key, said.split(":")[0], getattr(settings, key), about=said)
          for key, said in OPTIONAL_RULES.items()),
        *(form.number(key, HARM_LABELS[key], f"{getattr(settings, key):+d}",
                      about=f"The {table[key].name.lower()}: the book gives it no numbers: "
                      f"the damage modifier you play it "
                      f"with (-1 to +10); the app reads {add:+d}, "
                      f"{UNNUMBERED_READINGS[key]}") for key, add in UNNUMBERED.items()),
        form.check("free_incidentals", "Incidentals free", settings.free_incidentals,
                   about="An Incidental item costs a dollar or less: charged $1, rounded "
                   "up (unticked), or let go for nothing (ticked): the Judge's call")]),
        lambda v: ChooseOptionalRules(Settings(
            **{key: v.flag(key) for key in OPTIONAL_RULES},
            sword=v.number("sword", UNNUMBERED["sword"], least=-1, most=MOST_HOUSE),
            gatling=v.number("gatling", UNNUMBERED["gatling"], least=-1, most=MOST_HOUSE),
            free_incidentals=v.flag("free_incidentals"))))


def check_ammunition(pane: StepPane[FistfulState], first: str = "") -> None:
    """The form: who (those knocked out of the fight too, but the dead; `first` when given,
    else the one who fired last a gun or bow whose die is still to roll, else the first
    carrying one), which of their guns and bows (the one they fired last whose die is still
    to roll, else their first; following who is chosen), and its d6."""
    state = pane.state
    people = [c.name for c in state.characters if not c.dead]
    armed = [name for name in people if fight_rules.ammunition_weapons(state, name)]
    due = [name for name, _ in fight_rules.ammunition_due(state)]
    start = first if first in people else (due or armed or [*people, ""])[0]

    def arms(name: str) -> list[tuple[str, str]]:
        table = weapons()
        return ([(table[key].name, key) for key in fight_rules.ammunition_weapons(state, name)]
                or [("none listed", "")])

    def changed(ammo: Form) -> None:
        # another one chosen: their guns and bows, starting on the one they fired last
        # (else their first); blank, it showed "(none)" while the rules took the first
        name = ammo.values().text("name")
        if name == chosen[0]:
            return  # the gun or bow changed, not who
        chosen[0] = name
        ammo.set_options("weapon", arms(name))
        if first_arm := fight_rules.ammunition_first(pane.state, name):
            ammo.set_value("weapon", first_arm)

    chosen = [start]

    def made(v: Values) -> CheckAmmunition:
        return CheckAmmunition(v.text("name"), faces(pane, v, "face", 1, "ammo")[0],
                               v.text("weapon"))

    ask(pane, Form("Ammunition after the firefight: a d6 for each gun or bow", [
        form.choose("name", "Who", people, start, required=True),
        form.choose("weapon", "Gun or bow", arms(start),
                    fight_rules.ammunition_first(state, start) or arms(start)[0][1],
                    about="1 or 2 uses a box (a bundle of arrows for a bow): it comes off "
                    "the sheet", required=True),
        form.dice("face", "d6")], focus="face", on_change=changed), made)


def roll_out_of_action(pane: StepPane[FistfulState], names: Sequence[str], first: str = ""
                       ) -> None:
    """The form: who of `names` (`first` when among them) falls on the Out of action table,
    and its d6, each face named as the table has it."""
    faces_said = ", ".join(f"{face} {mishap.name}" for face, mishap in
                           sorted(out_of_action_table().items()))
    ask(pane, Form("Out of action (d6)", [
        form.choose("name", "Who", list(names), first if first in names else
                    (*names, "")[0], required=True),
        form.dice("face", "d6", about=f"The Out of action table: {faces_said}")],
        note=TYPE_OR_ROLL, focus="face"),
        lambda v: RollOutOfAction(v.text("name"), faces(pane, v, "face", 1, "out")[0]))


def revive(pane: StepPane[FistfulState], who: Character) -> None:
    """Up from 0 Guts with 1d6: an NPC by the Judge's aid (it rolls no table), a posse
    member once the Out of action table is rolled. The form offers those of `who`'s kind
    who may get up now, `who` first, and its title says which way up it is."""
    state = pane.state
    people = [c.name for c in state.characters if c.is_npc == who.is_npc
              and fight_rules.why_not_revive(state, c.name) is None]
    title = ("The Judge's aid: an NPC back on their feet (1d6 Guts)" if who.is_npc else
             "Back on their feet after the Out of action table (1d6 Guts)")
    ask(pane, Form(title, [form.choose("name", "Who", people, who.name, required=True),
                           form.dice("face", "d6", about="The Guts they get back, and they "
                                     "are on their feet; left blank, the app rolls")],
                   focus="face"),
        lambda v: Revive(v.text("name"), faces(pane, v, "face", 1, "revive")[0]))


def mark_lost(pane: StepPane[FistfulState], who: Character) -> None:
    """`who`, down, lost for good (presumed dead), with why."""
    ask(pane, Form(f"{who.name} is lost for good, presumed dead", [
        form.text("why", "Why", "left where they fell" if who.is_npc
                  else "the posse lost the fight")]),
        lambda v: Lost(who.name, v.text("why")))
