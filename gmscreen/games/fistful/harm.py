"""Harm: weapon damage, Out of Action, rest, ammunition, morale, initiative.

Readings we take:

- Damage is one Guts per die the winner staked, then the weapon: added (a fist takes one
  off) or multiplied (shotgun, dynamite). At the weapon's farthest range band it is halved,
  rounding down; cover then takes 2 (light) or 4 (hard) off ranged damage. Never below 0.
  Ranged means shot or thrown: a knife, an axe or a spear used at Close is a blow struck in
  hand, so cover takes nothing off it (the book's cover guards against ranged damage only);
  from Nearby out the same weapon is thrown, and cover counts.
- The winner of an attack harms the loser; the opposition winning only foils the attack
  (unless the attacker, having lost under their Attribute, doubles down and wins: then the
  attack's harm is dealt as it would have been, `conflict`).
  The dead take no more harm.
- A character at 0 Guts is Out of Action. A posse member rolls the d6 table, once for each
  fall, and nobody of the posse gets up before that roll, since a 6 kills: not by the 1d6
  Guts a survivor regains (the Judge rolls it when the posse gets them back on their feet),
  nor by a rest, nor by a night's Carousing. A posse that loses the fight, or cannot get
  them back, loses them for good: presumed dead. Until they are up they take no part: no
  test, opposed test, duel, turn in a fight, Luck spent, nor Misfortune spent on them.
- The table is the posse's: the book speaks to the player ("your character belongs to the
  vultures now") and its mishaps cost Stress, a player's track; an NPC's ranks give
  Attributes and Guts, no fate. So an NPC or a creature at 0 Guts rolls nothing: it takes no
  part until the Judge gets it up (aid: 1d6 Guts) or marks it lost (dead, or gone).
- A mishap of the table lowers its Attribute by 1 for good, but never below 0: a sheet set
  by hand as low as 1 loses it once, and a later fall costs that score nothing.
- A night's rest eats a day's rations (line 99: sleep and rations both): one of the first
  item in slot order named rations comes off the sheet, the line gone with its last, on a
  success or a Bust alike (the night was had). One fed otherwise (a meal bought or given)
  keeps theirs: the Judge says so in the rest's form. One who carries none rests on the
  Judge's word that they ate, and the log says there were none on the sheet.
- Rest is a Grit test with a Challenge of 0 (any total at most Grit succeeds), healing one
  Guts per die up to the maximum (with scene stakes, the scene's die is one of them; a die
  may float on it as on any test, a Luck, the background's or the Judge's); a Bust
  costs a Stress and one Guts per die. Being a test, its doubles are Luck on a success: a
  Luck that takes a Stress away, or (the player's choice, and always with no Stress) is
  banked, or spent at once on a full bank; on a Bust they give the Judge a Misfortune, which
  he may let go.
- What an attacker fights with: the weapons of the table their equipment list names (an item
  named by a weapon's word: "Revolver", "Lever-action rifle", "Bowie knife", the book's
  shovel and pickaxe for an improvised weapon; a tomahawk or a hatchet is an axe, as the
  book sells a tomahawk among its goods but gives it no numbers of its own, and a table
  throws one as it throws an axe; a cavalry sword, sold among the Boutique goods with no
  numbers either, is a blade held in the hand: an axe's +2, struck at Close, never thrown;
  and a Gatling gun, sold among the Bespoke goods with none, fires as the rifle, the book's
  heaviest long gun: +3, to Distant, rolling for its ammunition; those two modifiers are
  the app's reading, and the Judge may set his own for the campaign on the Optional rules
  form, `Settings.sword` and `Settings.gatling`, round 22), in slot order; a
  creature's natural weapon first (claws, teeth, horns), written on its sheet as a name and
  a damage modifier ("claws +2"), which hits harder than a fist (so +0 or more, the Judge's
  number) and strikes at Close, in hand (cover takes nothing off it); with nothing, the
  fists.
- A stick of dynamite is gone once thrown (line 241: thrown, an area effect; it goes off,
  whatever the throw comes to): one comes off the thrower's list, the first item in slot
  order named by it, the line gone with its last; one who carries none (an NPC given no
  list) loses nothing. A knife, an axe or a spear thrown lands by the target and stays on
  the list: whether it is picked up is the story's, and the Judge edits the sheet.
- An attack is tested on Grit when it is struck in hand (fists, claws, an improvised
  weapon, a cavalry sword, a knife, an axe or a spear at Close: Grit is the melee score)
  and on Gumption when it is aimed (a shot, a throw: Gumption is the aiming score); the
  Judge may name another, as for wrestling (Grit on Grit).
- After a firefight each gun or bow a character carries rolls its own d6 (the Judge names
  which; when he does not, the one they fired last whose die is still to roll, else the
  first carried); a box or a bundle used comes off the sheet:
  one of the first item in slot order named as that weapon's ammunition (bullets, shells,
  cartridges for a gun; arrows for a bow), the line gone with its last. One who carries no
  such item has none left to use: the weapon is empty.
- Morale: 4d6 against the highest Grit among the NPCs of the tested NPC's side still
  standing (not dead, gone, nor out of action), and one die more when the tested NPC is
  below half its Guts (the book says half Grit; Grit does not fall in a fight, Guts does).
  A side is named when an NPC is made (or later on its sheet); an NPC of no named side, as
  every NPC of a journal written before sides, stands alone. Only a Bust breaks them; when
  the story does not say whether they flee or surrender, a coin does: heads flee, tails
  surrender. Either way a broken side fights no more: those of it on the fight's tracker
  still standing leave it in the same step (its fallen stay where they fell), so none of
  them holds up the order of the round; a foe with no wish to flee (the book leaves it to
  the Judge) is one whose morale he does not test, or who joins again (j).
- When morale is in question: an NPC standing who has lost half their Guts or more, or a
  side of two or more with half its number down (out of action, dead or gone). A side
  whose morale has been tested is settled until one of it loses Guts again or falls (the
  Judge may still test any side at any time: the book's signs are examples). While a fight
  is on, only a side with someone in it is in question: a gang hurt elsewhere is not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from gmscreen.games.fistful.characters import Item, ends_with_word
from gmscreen.games.fistful.odds import Result, result_of
from gmscreen.games.fistful.tables import Weapon, ammunition_words, ration_words, weapons
from gmscreen.journal.rules import RuleError

RANGE_BANDS = ("Close", "Nearby", "Faraway", "Distant")
COVER = {"none": 0, "light": 2, "hard": 4}
#: an attack with the attacker's own natural weapon, as their sheet gives it
NATURAL = "natural"
#: a human with no weapon on their list fights with their fists
UNARMED = "fist"


def attack_keys() -> tuple[str, ...]:
    """What an attack may be made with: a weapon of the table, or a natural weapon."""
    return (*weapons(), NATURAL)


#: the most a creature's natural weapon adds to its harm: the book gives none, but its
#: heaviest gun adds 3
MOST_NATURAL = 10


def natural_weapon(text: str) -> Weapon:
    """A creature's natural weapon as its sheet writes it, a name and a damage modifier
    ("claws +2"): RuleError("Natural weapons") naming the field when it is not one."""
    found = re.fullmatch(r"\s*(\S.*?)\s*([+-])\s*(\d+)\s*", text)
    if found is None:
        raise RuleError("Natural weapons", f"write its name and damage modifier, as 'claws "
                        f"+2', not {text!r}", field="natural")
    add = int(found.group(3)) * (-1 if found.group(2) == "-" else 1)
    if add < 0:
        raise RuleError("Natural weapons", f"a natural weapon hits harder than a fist "
                        f"(-1): +0 or more, not {add:+d}", field="natural")
    if add > MOST_NATURAL:
        # 20 digits were kept, and the first blow's harm could not be written
        raise RuleError("Natural weapons", f"a natural weapon's modifier is +0 to "
                        f"+{MOST_NATURAL} (the book's rifle is +3, the sample's bear +2), "
                        f"not {add:+d}", field="natural")
    return Weapon(NATURAL, found.group(1), add, 1, None, False, False, False, False,
                  "natural", melee=True)


def natural_text(text: str) -> str:
    """A natural weapon written as the sheet keeps it ("claws +2"); "" for none."""
    if not text.strip():
        return ""
    arm = natural_weapon(text)
    return f"{arm.name} {arm.add:+d}"


def attack_attribute(weapon: str, band: str) -> str:
    """The Attribute an attack with `weapon` (a key of the table, "natural", or "" for
    none) at `band` is tested on, unless the Judge names another: Grit for a blow struck in
    hand, Gumption for a shot or a throw."""
    table = weapons()
    if weapon in (NATURAL, UNARMED, "improvised"):
        return "grit"
    arm = table.get(weapon)
    # a weapon that reaches no farther than Close is only ever held in the hand (the
    # cavalry sword, a blade never thrown): Grit at any band (round 23)
    if arm is not None and (arm.reach is None or (arm.melee and band == "Close")):
        return "grit"
    return "gumption"


def carried_weapons(equipment: Sequence[Item]) -> tuple[str, ...]:
    """The weapons of the table an equipment list carries, in slot order, each once: an
    item whose name ends with one of a weapon's words ("Revolver", "Lever-action rifle",
    "Shovel"; not its ammunition, "Box of rifle shells")."""
    found: list[str] = []
    for item in sorted(equipment, key=lambda i: i.slot):
        # the weapon ends the name, as the sheet's marks read it (characters.book_marks):
        # a "Box of rifle shells" or a "Rifle scope" is no rifle (round 23)
        for key, arm in weapons().items():
            if key not in found and ends_with_word(item.name, arm.carried):
                found.append(key)
    return tuple(found)


def ammunition_weapons(equipment: Sequence[Item]) -> tuple[str, ...]:
    """The guns and bows an equipment list carries that use ammunition, in slot order."""
    table = weapons()
    return tuple(key for key in carried_weapons(equipment) if table[key].ammo)


def ammunition_item(equipment: Sequence[Item], weapon: str) -> Item | None:
    """The first item (in slot order) of the ammunition `weapon` uses: a bundle of arrows
    for a bow, a box of bullets or shells for a gun; None when none is carried."""
    return _first_named(equipment, ammunition_words()["bow" if weapon == "bow" else "gun"])


def rations_item(equipment: Sequence[Item]) -> Item | None:
    """The first item (in slot order) of rations a night's rest eats; None when none is
    carried."""
    return _first_named(equipment, ration_words())


def _first_named(equipment: Sequence[Item], words: Sequence[str]) -> Item | None:
    for item in sorted(equipment, key=lambda i: i.slot):
        name = item.name.casefold()
        if any(re.search(rf"\b{re.escape(word)}\b", name) for word in words):
            return item
    return None


def spent_by_throwing(weapon: Weapon) -> bool:
    """A weapon used up by its throw: one thrown that is never held in the hand (a stick
    of dynamite goes off); a knife, an axe or a spear thrown lands by the target."""
    return weapon.thrown and not weapon.melee


def weapon_item(equipment: Sequence[Item], weapon: Weapon) -> Item | None:
    """The first item (in slot order) an equipment list names `weapon` by; None when none
    is carried."""
    return _first_named(equipment, weapon.carried)


def one_used(equipment: Sequence[Item], used: Item) -> tuple[Item, ...]:
    """The list with one of `used` gone (the line itself with its last), and with it its
    share of the starting money paid for the line."""
    return tuple(replace(item, count=item.count - 1,
                         start_money=item.start_money - item.start_share())
                 if item == used and item.count > 1
                 else item for item in equipment
                 if not (item == used and item.count == 1))


def damage(stakes: int, weapon: Weapon, band: str = "Close", cover: str = "none") -> int:
    """The Guts an attack of `stakes` dice takes off its target."""
    return damage_worked(stakes, weapon, band, cover)[0]


def damage_worked(stakes: int, weapon: Weapon, band: str = "Close", cover: str = "none"
                  ) -> tuple[int, str]:
    """The Guts an attack of `stakes` dice takes off its target, and how the range and the
    cover brought the dice and the weapon's modifier down to it ("6 halved at its farthest
    band, 2 off for light cover"; "" when they took nothing off)."""
    full = amount = stakes * weapon.times if weapon.times != 1 else stakes + weapon.add
    # a weapon held in the hand (knife, axe, spear) strikes at Close: not a ranged attack
    ranged = (weapon.reach is not None and weapon.reach != "Close"
              and not (weapon.melee and band == "Close"))
    halved = ranged and band == weapon.reach
    if halved:
        amount //= 2
    covered = COVER[cover] if ranged else 0
    amount -= covered
    if not (halved or covered):
        return max(0, amount), ""
    return max(0, amount), (f"{full}" + (" halved at its farthest band" if halved else "")
                            + (f", {covered} off for {cover} cover" if covered else ""))


def in_reach(weapon: Weapon, band: str) -> bool:
    """A weapon works out to its farthest band (Close for a fist or a club)."""
    reach = weapon.reach or "Close"
    return RANGE_BANDS.index(band) <= RANGE_BANDS.index(reach)


def rest(faces: Sequence[int], grit: int) -> tuple[Result, int]:
    """The result of a night's rest and the change to Guts (before the maximum)."""
    result = result_of(sum(faces), grit, 0)
    if result is Result.BUST:
        return result, -len(faces)
    return result, len(faces)


def ammunition_spent(face: int) -> bool:
    """After a firefight a 1 or 2 on a d6 uses up a box of ammunition or arrows."""
    return face <= 2


def morale_dice(guts: int, guts_max: int) -> int:
    """4d6, one more when the tested NPC is below half their Guts."""
    return 5 if guts * 2 < guts_max else 4


def half_guts_lost(guts: int, guts_max: int) -> bool:
    """Half the Guts or more lost (and some left): one of the book's signs that things go
    downhill for an NPC."""
    return guts > 0 and 2 * guts <= guts_max


def half_side_down(down: int, number: int) -> bool:
    """Half a side of two or more down, dead or gone: the book's other sign."""
    return number >= 2 and 2 * down >= number


def morale_breaks(faces: Sequence[int], grit: int) -> bool:
    """An NPC side flees or gives up when the morale roll busts the best Grit."""
    return sum(faces) > grit


def initiative(coin: str) -> str:
    """Heads: the posse acts first; tails: the NPCs."""
    return "posse" if coin == "H" else "npcs"
