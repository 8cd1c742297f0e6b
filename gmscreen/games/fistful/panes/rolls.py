"""The dice and coins a Fistful form takes: typed from the table's own, or, left blank,
rolled or flipped by the app from the campaign's seeded generator (the purpose names the
roll, so the same journal always offers the same dice)."""

from __future__ import annotations

from collections.abc import Mapping

from gmscreen.core.dice import roll
from gmscreen.core.text import plural
from gmscreen.games.fistful.conflict import verify_stakes
from gmscreen.games.fistful.conflict_rules import floating_choices
from gmscreen.games.fistful.fight_rules import attack_weapons
from gmscreen.games.fistful.harm import NATURAL, UNARMED, ammunition_item
from gmscreen.games.fistful.rules import dice_thrown
from gmscreen.games.fistful.state import FistfulState
from gmscreen.games.fistful.tables import weapon_label, weapons
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Values
from gmscreen.ui.pane import GamePane

#: a side's floating die in an opposed test or an attack, as its form offers it
FLOATING_OPTIONS = [("none", ""), ("Luck", "luck"), ("background", "background"),
                    ("Judge's", "judge")]
FLOATING_ABOUT = ("One die more, then one taken away once the dice are seen: the player "
                  "chooses for a Luck or the background, the Judge for his Misfortune. "
                  "NPCs float none.")


def floating_options(state: FistfulState, name: str) -> list[tuple[str, str]]:
    """What the floating-die field of `name`'s side offers: none, then each die the rules
    let them float now (`conflict_rules.floating_choices`): an NPC's side offers none
    but "none", a posse member's only a Luck they have banked, a background's die not yet
    used this session, the Judge's while he has a Misfortune."""
    can = floating_choices(state, name)
    return [(label, value) for label, value in FLOATING_OPTIONS if not value or value in can]


#: a dice form's note
TYPE_OR_ROLL = "Dice left blank are rolled by the app; type the table's own to use them."


def rolled(pane: GamePane, count: int, purpose: str) -> tuple[int, ...]:
    """`count` dice rolled by the app."""
    assert pane.campaign is not None
    return roll(count, pane.campaign.rng(purpose)).faces


def faces(pane: GamePane, values: Values, key: str, count: int, purpose: str
          ) -> tuple[int, ...]:
    """The `count` faces typed in the field `key`, or as many dice rolled by the app."""
    typed = values.faces(key, count)
    return typed if typed is not None else rolled(pane, count, purpose)


def flipped(pane: GamePane, count: int, purpose: str) -> str:
    """`count` coins flipped by the app, written H and T."""
    assert pane.campaign is not None
    rng = pane.campaign.rng(purpose)
    return "".join(rng.choice("HT") for _ in range(count))


def coins(pane: GamePane, values: Values, key: str, count: int, purpose: str, *,
          whose: str = "") -> str:
    """The `count` coins typed in the field `key` (H and T), or as many flipped by the app;
    `whose`, the side they are thrown for where a form has a coins field for each."""
    typed = values.text(key).upper().replace(" ", "")
    if not typed:
        return flipped(pane, count, purpose)
    if set(typed) - {"H", "T"}:
        said = f"{whose}'s coins are" if whose else "a coin is"
        raise RuleError("Coins", f"{said} H or T, not {values.text(key)!r}", field=key)
    if len(typed) != count:
        needed = plural(count, "coin")
        said = (f"{whose}'s Stakes are {needed}, {len(typed)} typed" if whose
                else f"{needed} needed, {len(typed)} typed")
        raise RuleError("Coins", said, field=key)
    return typed


def weapon_options(house: Mapping[str, int] | None = None) -> list[tuple[str, str]]:
    """The book's weapons as choices, each with its numbers ("Bow +2, to Faraway, quiet"):
    asked what a weapon does, the Judge reads it where he chooses it; `house`, the Judge's
    own numbers for those the book gives none (`Settings.house`)."""
    return [(weapon_label(w), key) for key, w in weapons(house).items()]


def attack_options(state: FistfulState, name: str) -> list[tuple[str, str]]:
    """What `name` may attack with, as choices: what they fight with first (a creature's
    natural weapon, the weapons on their list, or fists), then the rest of the table."""
    found = state.character(name)
    table = {key: label for label, key in weapon_options(state.settings.house())}
    own = attack_weapons(state, name)

    def label(key: str) -> str:
        if key == NATURAL:
            return f"{found.natural} (natural)" if found is not None else "natural weapon"
        if key == UNARMED:
            return table[key] + " (unarmed)"
        # a posse member's gun or bow with no ammunition left on the sheet (line 229)
        empty = (found is not None and not found.is_npc and weapons()[key].ammo
                 and ammunition_item(found.equipment, key) is None)
        return table[key] + (" (carried, empty)" if empty else " (carried)")

    return [*((label(key), key) for key in own),
            *((words, key) for key, words in table.items() if key not in own), ("none", "")]


def side_dice(pane: GamePane, state: FistfulState, values: Values, key: str, stakes: int,
              floating: str | None, purpose: str, *, who: str = "") -> tuple[int, ...]:
    """The dice one side of an opposed test throws, typed in `key` or rolled: its Stakes,
    one more when a die floats, one fewer when the scene's die is one of them. `who`'s
    Stakes are checked first, on their own field: Stakes 9 with two dice typed is refused
    for the Stakes, never asking nine dice the rules would refuse next."""
    found = state.character(who) if who else None
    if found is not None:
        verify_stakes(stakes, found.stress, whose=found.name,
                      field=key.replace("_dice", "_stakes"))
    return faces(pane, values, key, dice_thrown(state, stakes, floating), purpose)
