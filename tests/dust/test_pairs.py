"""Night powers that meet on one night, each pair the book decides played through the
journal's own path: the choices and the Scum's kill sent (decide, evolve), the night
resolved (decide, evolve), and the state it leaves checked: who died, what each still
holds, what each was told that night, the day's post.

docs/rules/dust.md ("Night powers that meet") lists every pair of night powers of the
book and of `tables/*.toml` that can meet on one night: where the book decides it, the
case here that plays it (by its name); where it does not, the reading we take or why
nothing comes of the meeting. The book's "any night action" items (the Hammer and Nails,
the Crowbar, the Knife, the Crucifix) are played against every power the tables hold,
read from the tables themselves, so a power added there is met too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gmscreen.games.dust.commands import ChooseNight, EndDay, ResolveNight, UseDayPower
from gmscreen.games.dust.powers import Power, book_items, book_roles
from gmscreen.games.dust.state import DustState, NightChoice, Player, PowerUse
from tests.dust.game import CAST, kill, lots, new_game, run, use

AUDIT = Path(__file__).resolve().parents[2] / "docs" / "rules" / "dust.md"
ROLE_OF = {role: name for name, role in CAST.items()}
QUIET = "Your night passed quietly."
LOCKED = ("You were locked up for the night; you could take no night action, and nothing "
          "could kill you in the night.")


@dataclass(frozen=True)
class Send:
    """One player's choice for the night."""

    player: str
    uses: tuple[PowerUse, ...] = ()
    at: str = ""


def send(player: str, *uses: PowerUse, at: str = "") -> Send:
    return Send(player, uses, at)


@dataclass(frozen=True)
class Pair:
    """A night set up for two powers that meet, and what the book says comes of it."""

    name: str
    #: the lines of the book that decide it
    lines: str
    items: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sends: tuple[Send, ...] = ()
    #: the Scum's kill: (victim, killer), decided by Guilt
    kill: tuple[str, str] | None = None
    #: the church lit that night (Van pours Gasoline into the generator by day)
    lit: bool = False
    night: int = 1
    #: everyone who dies that night
    dead: tuple[str, ...] = ()
    #: (player, item) still held the next day, and no longer held
    held: tuple[tuple[str, str], ...] = ()
    gone: tuple[tuple[str, str], ...] = ()
    #: (player, words) in what he is told that night, and not in it
    told: tuple[tuple[str, str], ...] = ()
    untold: tuple[tuple[str, str], ...] = ()
    #: words in the next day's post
    post: tuple[str, ...] = ()
    #: the night's lots: these first
    first: tuple[str, ...] = ()


@dataclass(frozen=True)
class Played:
    before: DustState
    after: DustState

    @property
    def night(self) -> int:
        return self.before.number

    def dead(self) -> list[str]:
        return [p.name for p in self.before.living if not _player(self.after, p.name).alive]

    def told(self, name: str) -> str:
        return " ".join(" ".join(m.lines) for m in self.after.messages
                        if m.player == name and m.when == f"Night {self.night}")

    def holds(self, name: str, item: str) -> bool:
        return _player(self.after, name).holds(item)

    def unused(self, name: str, item: str) -> bool:
        copy = next((h for h in _player(self.after, name).items if h.item == item), None)
        return copy is not None and copy.used == 0


def _player(state: DustState, name: str) -> Player:
    found = state.player(name)
    assert found is not None, name
    return found


def play(pair: Pair) -> Played:
    """The pair's night, from Day 1 through the decider: quiet days and nights until its
    night, the generator on its day if lit, the choices, the kill, the resolution."""
    items = dict(pair.items)
    if pair.lit:
        items["Van"] = (*items.get("Van", ()), "Gasoline")
    state = new_game(items)
    while state.number < pair.night:
        state = run(state, EndDay(), ResolveNight(lots(state)))
    if pair.lit:
        state = run(state, UseDayPower("Van", "Gasoline", "Generator"))
    state = run(state, EndDay())
    for chosen in pair.sends:
        state = run(state, ChooseNight(NightChoice(chosen.player, chosen.at, chosen.uses)))
    if pair.kill is not None:
        state = kill(state, pair.kill[0], killer=pair.kill[1])
    return Played(state, run(state, ResolveNight(lots(state, *pair.first))))


def check(pair: Pair) -> None:
    played = play(pair)
    assert sorted(played.dead()) == sorted(pair.dead), pair.name
    for name, item in pair.held:
        assert played.holds(name, item), f"{pair.name}: {name} lost the {item}"
    for name, item in pair.gone:
        assert not played.holds(name, item), f"{pair.name}: {name} still holds the {item}"
    for name, words in pair.told:
        assert words in played.told(name), f"{pair.name}: {name}: {played.told(name)!r}"
    for name, words in pair.untold:
        assert words not in played.told(name), f"{pair.name}: {name}: {played.told(name)!r}"
    post = " ".join(played.after.posts[-1].lines)
    for words in pair.post:
        assert words in post, f"{pair.name}: {post!r}"


K = "Knife", "Paranoid Bodyguard"
CROSS = "Crucifix", "Lightning Rod"
HAMMER = "Hammer and Nails", "Jailer"

# -- the pairs the book decides, one night each -----------------------------------------------

PAIRS = [
    # the lit church (lines 32, 90, 117, 132) and who is outside (line 34)
    Pair("the lit church x the Scum's kill inside", "90", lit=True, kill=("Ann", "Pat"),
         told=(("Pat", "stayed in the lit church"),), post=("The church was lit all night.",)),
    Pair("the lit church x the Scum's kill on a scavenger", "90, 24", lit=True,
         sends=(send("Cat", at="The Cafe"),), kill=("Cat", "Pat"), dead=("Cat",)),
    Pair("the lit church x the Gun's user", "90, 107", lit=True, items={"Cat": ("Gun",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")),), kill=("Cat", "Pat"),
         dead=("Cat",)),
    Pair("the lit church x the Chalk's user", "90, 111", lit=True, items={"Cat": ("Chalk",)},
         sends=(send("Cat", use("Chalk", "Tracking", "Dan")),), kill=("Cat", "Pat"),
         dead=("Cat",)),
    Pair("the lit church x the Flashlight's user", "90, 113", lit=True,
         items={"Cat": ("Flashlight",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Dan")),), kill=("Cat", "Pat"),
         dead=("Cat",)),
    Pair("the lit church x the Tracker's trail", "90, 34", lit=True,
         sends=(send("Tom", use("Tracker", "Follow the Trail", "Dan")),), kill=("Tom", "Pat"),
         dead=("Tom",)),
    Pair("the lit church x Paranoia's turn", "90", lit=True,
         sends=(send("Cat", at="The Cafe"), send("Pat", use("Paranoia", "Delusion", "Eve",
                                                             "Ann"))),
         kill=("Cat", "Eve"), told=(("Eve", "You made the Scum's attempt on Cat"),)),
    Pair("the lit church x the Avatar of Fear", "90, 189", lit=True, night=3,
         sends=(send("Cat", at="The Asylum"),), dead=("Cat",)),
    Pair("the lit church x the Knife's strike", "90, 123", lit=True, items={"Dan": ("Knife",)},
         sends=(send("Dan", use(*K, "Ann")),), kill=("Ann", "Pat"), dead=("Pat",)),
    Pair("the lit church x the Crucifix", "90, 138", lit=True, items={"Dan": ("Crucifix",)},
         sends=(send("Dan", use(*CROSS, "Cat"), at=""), send("Cat", at="The Cafe")),
         kill=("Cat", "Pat"), gone=(("Dan", "Crucifix"),)),
    Pair("the lit church x a Scum's Knife", "90, 123, 136", lit=True, items={"Pat": ("Knife",)},
         sends=(send("Pat", use(*K, "Eve")), send("Ann", use("Cop", "Interrogate", "Eve"))),
         dead=("Ann",)),
    # the Scum's kill (lines 88-90, 96-98) against the items
    Pair("the Scum's kill x the Vest", "109", items={"Cat": ("Bulletproof Vest",)},
         kill=("Cat", "Pat"), gone=(("Cat", "Bulletproof Vest"),),
         told=(("Cat", "Bulletproof Vest stopped"),)),
    Pair("the Scum's kill x the First Aid Kit, in", "115", items={"Dan": ("First Aid Kit",)},
         sends=(send("Dan", use("First Aid Kit", "Protection", "Cat")),), kill=("Cat", "Pat"),
         gone=(("Dan", "First Aid Kit"),)),
    Pair("the Scum's kill x the First Aid Kit, out", "115", items={"Dan": ("First Aid Kit",)},
         sends=(send("Dan", use("First Aid Kit", "Protection", "Cat")),
                send("Cat", at="The Cafe")), kill=("Cat", "Pat"), dead=("Cat",),
         held=(("Dan", "First Aid Kit"),)),
    Pair("the Scum's kill x the Hammer on the victim", "119", items={"Dan": HAMMER[:1]},
         sends=(send("Dan", use(*HAMMER, "Cat")),), kill=("Cat", "Pat"),
         gone=(("Dan", "Hammer and Nails"),), told=(("Cat", LOCKED),), untold=(("Cat", "Dan"),)),
    Pair("the Scum's kill x the Hammer on the killer", "119", items={"Dan": HAMMER[:1]},
         sends=(send("Dan", use(*HAMMER, "Pat")),), kill=("Cat", "Pat"),
         told=(("Pat", LOCKED),), untold=(("Pat", "attempt"),)),
    Pair("the Scum's kill x the Crowbar", "121", items={"Cat": ("Crowbar",)},
         sends=(send("Cat", use("Crowbar", "Hiding")),), kill=("Cat", "Pat"),
         gone=(("Cat", "Crowbar"),), told=(("Pat", "You made the Scum's attempt on Cat"),)),
    Pair("the Scum's kill x the Knife", "123", items={"Dan": ("Knife",)},
         sends=(send("Dan", use(*K, "Cat")),), kill=("Cat", "Pat"), dead=("Pat",),
         gone=(("Dan", "Knife"),), told=(("Dan", "Someone came for Cat; you struck."),)),
    Pair("the Scum's kill x the Relic", "134, 90", items={"Cat": ("Relic",)},
         kill=("Cat", "Pat"), gone=(("Cat", "Relic"),)),
    Pair("the Scum's kill x the Black Book on the killer", "136", items={"Dan": ("Black Book",)},
         sends=(send("Dan", use("Black Book", "Dark Ritual", "Pat")),), kill=("Cat", "Pat"),
         dead=("Cat",), held=(("Dan", "Black Book"),)),
    Pair("the Scum's kill x the Crucifix", "138", items={"Dan": ("Crucifix",)},
         sends=(send("Dan", use(*CROSS, "Cat")),), kill=("Cat", "Pat"), dead=("Dan",),
         told=(("Pat", "You made the Scum's attempt on Cat"),), untold=(("Pat", "Dan"),)),
    Pair("the Scum's kill x the Notebook", "125", items={"Cat": ("Notebook",)},
         sends=(send("Cat", use("Notebook", "Notes", text="It was Pat.")),),
         kill=("Cat", "Pat"), dead=("Cat",), post=("A note was found: \u201cIt was Pat.\u201d",)),
    Pair("the Scum's kill x a scavenger beside the victim", "193",
         sends=(send("Cat", at="The Cafe"), send("Dan", at="The Cafe")), kill=("Cat", "Pat"),
         dead=("Cat",), told=(("Dan", "you saw someone you could not make out attack Cat"),),
         untold=(("Dan", "Pat"),)),
    Pair("the Scum's kill x the Adrenaline, the killer blocked", "129",
         items={"Pat": ("Adrenaline",)},
         sends=(send("Pat", use("Adrenaline", "Energy")), send("Rev", use("Reverend", "Vigil",
                                                                           "Pat"))),
         kill=("Cat", "Pat"), dead=("Cat",), gone=(("Pat", "Adrenaline"),)),
    Pair("the Scum's kill x the Avatar of Fear with the Relic", "134, 189", night=3,
         items={"Cat": ("Relic",)}, sends=(send("Cat", at="The Asylum"),), kill=("Cat", "Pat"),
         gone=(("Cat", "Relic"),)),
    # the Gun (line 107)
    Pair("the Gun x a scavenger", "107, 24", items={"Cat": ("Gun",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe")),
         dead=("Dan",), gone=(("Cat", "Gun"),)),
    Pair("the Gun x a target who stays in", "107", items={"Cat": ("Gun",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")),), held=(("Cat", "Gun"),),
         told=(("Cat", "Dan never came out of the church; you did not fire."),)),
    Pair("the Gun x the Flashlight's user", "107, 113",
         items={"Cat": ("Gun",), "Dan": ("Flashlight",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")),
                send("Dan", use("Flashlight", "Investigate", "Ann"))), dead=("Dan",)),
    Pair("the Gun x the Chalk's user", "107, 111", items={"Cat": ("Gun",), "Dan": ("Chalk",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")),
                send("Dan", use("Chalk", "Tracking", "Ann"))), dead=("Dan",)),
    Pair("the Gun x the Gun", "107", items={"Cat": ("Gun",), "Dan": ("Gun",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")),
                send("Dan", use("Gun", "Gunshot", "Cat"))), dead=("Cat", "Dan")),
    Pair("the Gun x the Vest", "107, 109", items={"Cat": ("Gun",), "Dan": ("Bulletproof Vest",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe")),
         gone=(("Cat", "Gun"), ("Dan", "Bulletproof Vest"))),
    Pair("the Gun x the First Aid Kit", "107, 115",
         items={"Cat": ("Gun",), "Van": ("First Aid Kit",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe"),
                send("Van", use("First Aid Kit", "Protection", "Dan"))),
         dead=("Dan",), held=(("Van", "First Aid Kit"),)),
    Pair("the Gun x the Hammer on its target", "107, 119",
         items={"Cat": ("Gun",), "Van": HAMMER[:1]},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe"),
                send("Van", use(*HAMMER, "Dan"))), held=(("Cat", "Gun"),)),
    Pair("the Gun x the Hammer on its user", "107, 119",
         items={"Cat": ("Gun",), "Van": HAMMER[:1]},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe"),
                send("Van", use(*HAMMER, "Cat"))), held=(("Cat", "Gun"),)),
    Pair("the Gun x the Crowbar", "107, 121", items={"Cat": ("Gun",), "Dan": ("Crowbar",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", use("Crowbar", "Hiding"))),
         held=(("Cat", "Gun"),)),
    Pair("the Gun x the Knife", "107, 123", items={"Cat": ("Gun",), "Van": ("Knife",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe"),
                send("Van", use(*K, "Dan"))), dead=("Cat",)),
    Pair("the Gun x the Crucifix", "107, 138", items={"Cat": ("Gun",), "Van": ("Crucifix",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe"),
                send("Van", use(*CROSS, "Dan"))), held=(("Cat", "Gun"),),
         gone=(("Van", "Crucifix"),)),
    Pair("the Gun x the Relic", "107, 134", items={"Cat": ("Gun",), "Dan": ("Relic",)},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe")),
         dead=("Dan",)),
    Pair("the Gun x the Black Book on a Scum gunman", "107, 136",
         items={"Pat": ("Gun",), "Dan": ("Black Book",)},
         sends=(send("Pat", use("Gun", "Gunshot", "Cat")), send("Cat", at="The Cafe"),
                send("Dan", use("Black Book", "Dark Ritual", "Pat"))),
         held=(("Pat", "Gun"),), gone=(("Dan", "Black Book"),)),
    Pair("the Gun x the Adrenaline, the gunman blocked", "107, 129",
         items={"Cat": ("Gun", "Adrenaline")},
         sends=(send("Cat", use("Gun", "Gunshot", "Dan"), use("Adrenaline", "Energy")),
                send("Dan", at="The Cafe"), send("Rev", use("Reverend", "Vigil", "Cat"))),
         dead=("Dan",)),
    # the Bulletproof Vest (line 109): one death from any source but a lynch
    Pair("the Vest x the Vigilante's shot", "109", items={"Cat": ("Bulletproof Vest",)},
         sends=(send("Vig", use("Vigilante", "Execute", "Cat")),),
         gone=(("Cat", "Bulletproof Vest"),)),
    Pair("the Vest x the Veteran's strike", "109", items={"Ann": ("Bulletproof Vest",)},
         sends=(send("Vet", use("Veteran", "On Alert")),
                send("Ann", use("Cop", "Interrogate", "Vet"))),
         gone=(("Ann", "Bulletproof Vest"),)),
    Pair("the Vest x the Knife's strike", "109, 123",
         items={"Pat": ("Bulletproof Vest",), "Dan": ("Knife",)},
         sends=(send("Dan", use(*K, "Cat")),), kill=("Cat", "Pat"),
         gone=(("Pat", "Bulletproof Vest"),)),
    Pair("the Vest x the Avatar of Fear", "109, 189", night=3,
         items={"Cat": ("Bulletproof Vest",)}, sends=(send("Cat", at="The Asylum"),),
         gone=(("Cat", "Bulletproof Vest"),)),
    Pair("the Vest x two deaths", "109", items={"Cat": ("Bulletproof Vest",)},
         sends=(send("Vig", use("Vigilante", "Execute", "Cat")),), kill=("Cat", "Pat"),
         dead=("Cat",)),
    Pair("the Vest x the Hammer", "109, 119",
         items={"Cat": ("Bulletproof Vest",), "Dan": HAMMER[:1]},
         sends=(send("Dan", use(*HAMMER, "Cat")),), kill=("Cat", "Pat"),
         held=(("Cat", "Bulletproof Vest"),)),
    # the Chalk (line 111) and the Flashlight (line 113)
    Pair("the Chalk x a scavenger", "111, 28", items={"Cat": ("Chalk",)},
         sends=(send("Cat", use("Chalk", "Tracking", "Dan")), send("Dan", at="The School"),
                send("Van", at="The School")), gone=(("Cat", "Chalk"),),
         told=(("Cat", "Dan met: Van."), ("Dan", "Someone followed you tonight.")),
         untold=(("Dan", "Cat"),)),
    Pair("the Chalk x a target who stays in", "111", items={"Cat": ("Chalk",)},
         sends=(send("Cat", use("Chalk", "Tracking", "Dan")),), held=(("Cat", "Chalk"),),
         told=(("Dan", "Someone followed you tonight."),)),
    Pair("the Chalk x the Gun's user", "111, 107", items={"Cat": ("Chalk",), "Dan": ("Gun",)},
         sends=(send("Cat", use("Chalk", "Tracking", "Dan")),
                send("Dan", use("Gun", "Gunshot", "Van")), send("Van", at="The Cafe")),
         dead=("Van",), told=(("Cat", "Dan met: Van."),)),
    Pair("the Flashlight x a scavenger", "113", items={"Cat": ("Flashlight",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Dan")),
                send("Dan", at="The Cafe")), gone=(("Cat", "Flashlight"),),
         told=(("Cat", "Dan is TOWN."),)),
    Pair("the Flashlight x a target who stays in", "113", items={"Cat": ("Flashlight",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Dan")),),
         held=(("Cat", "Flashlight"),), untold=(("Cat", "TOWN"),)),
    Pair("the Flashlight x the Relic", "113, 134", items={"Cat": ("Flashlight",),
                                                         "Dan": ("Relic",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Dan")),
                send("Dan", at="The Cafe")), told=(("Cat", "Dan is SCUM."),)),
    Pair("the Flashlight x the Black Book", "113, 136",
         items={"Cat": ("Flashlight",), "Dan": ("Black Book",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Dan")),
                send("Dan", at="The Cafe")), told=(("Cat", "Dan is SCUM."),)),
    Pair("the Flashlight x Guilt", "113, 98", items={"Cat": ("Flashlight",), "Gus": ("Gun",)},
         sends=(send("Cat", use("Flashlight", "Investigate", "Gus")),
                send("Gus", use("Gun", "Gunshot", "Dan"))), told=(("Cat", "Gus is SCUM."),)),
    # the First Aid Kit (line 115): any night kill, on a target who stays in
    Pair("the First Aid Kit x the Vigilante's shot", "115", items={"Dan": ("First Aid Kit",)},
         sends=(send("Dan", use("First Aid Kit", "Protection", "Cat")),
                send("Vig", use("Vigilante", "Execute", "Cat"))),
         gone=(("Dan", "First Aid Kit"),)),
    Pair("the First Aid Kit x the Avatar of Fear", "115, 189", night=3,
         items={"Dan": ("First Aid Kit",)},
         sends=(send("Dan", use("First Aid Kit", "Protection", "Cat")),
                send("Cat", at="The Asylum")), dead=("Cat",), held=(("Dan", "First Aid Kit"),)),
    # the Hammer and Nails (line 119), beside "every action" below
    Pair("the Hammer x the Crowbar", "119, 121", items={"Dan": HAMMER[:1], "Cat": ("Crowbar",)},
         sends=(send("Dan", use(*HAMMER, "Cat")), send("Cat", use("Crowbar", "Hiding"))),
         kill=("Cat", "Pat"), gone=(("Dan", "Hammer and Nails"), ("Cat", "Crowbar")),
         told=(("Dan", "You used your Hammer and Nails on Cat."),),
         untold=(("Cat", "locked up"), ("Dan", "find"), ("Dan", "hid"))),
    Pair("the Hammer x the Hammer", "119", items={"Dan": HAMMER[:1], "Cat": HAMMER[:1]},
         sends=(send("Dan", use(*HAMMER, "Cat")), send("Cat", use(*HAMMER, "Dan"))),
         told=(("Cat", LOCKED), ("Dan", LOCKED))),
    Pair("the Hammer x the Adrenaline", "119, 129",
         items={"Dan": HAMMER[:1], "Ann": ("Adrenaline",)},
         sends=(send("Dan", use(*HAMMER, "Ann")),
                send("Ann", use("Cop", "Interrogate", "Pat"), use("Adrenaline", "Energy"))),
         held=(("Ann", "Adrenaline"),), untold=(("Ann", "SCUM"),)),
    Pair("the Hammer x the Reverend's block on the jailer", "119", items={"Dan": HAMMER[:1]},
         sends=(send("Dan", use(*HAMMER, "Cat")), send("Rev", use("Reverend", "Vigil", "Dan"))),
         kill=("Cat", "Pat"), dead=("Cat",), held=(("Dan", "Hammer and Nails"),)),
    Pair("the Hammer x the Notebook", "119, 125", items={"Dan": HAMMER[:1], "Cat": ("Notebook",)},
         sends=(send("Dan", use(*HAMMER, "Cat")),
                send("Cat", use("Notebook", "Notes", text="Gus lies."))),
         untold=(("Cat", "note"),)),
    # the Notebook (line 125)
    Pair("the Notebook x the Black Book on a Scum writer", "125, 136",
         items={"Pat": ("Notebook",), "Dan": ("Black Book",)},
         sends=(send("Pat", use("Notebook", "Notes", text="Trust Gus.")),
                send("Dan", use("Black Book", "Dark Ritual", "Pat"))),
         gone=(("Dan", "Black Book"),)),
    Pair("the Notebook x the Adrenaline, the writer blocked", "125, 129",
         items={"Cat": ("Notebook", "Adrenaline")},
         sends=(send("Cat", use("Notebook", "Notes", text="Gus lies."),
                     use("Adrenaline", "Energy")),
                send("Rev", use("Reverend", "Vigil", "Cat"))),
         post=("A note was found: \u201cGus lies.\u201d",)),
    # the Rucksack (line 127) with scavenging (lines 183-191)
    Pair("the Rucksack x scavenging alone", "127", items={"Cat": ("Rucksack",)},
         sends=(send("Cat", at="The Hardware Store"),),
         held=(("Cat", "Crowbar"), ("Cat", "Hammer and Nails")), gone=(("Cat", "Rucksack"),)),
    Pair("the Rucksack x a second scavenger", "127, 191", items={"Cat": ("Rucksack",)},
         sends=(send("Cat", at="The Hardware Store"), send("Dan", at="The Hardware Store")),
         first=("Cat", "Dan"), held=(("Cat", "Rucksack"), ("Cat", "Crowbar"),
                                     ("Dan", "Hammer and Nails"))),
    Pair("the Rucksack x the Avatar of Fear on night 2", "127, 187", night=2,
         items={"Cat": ("Rucksack",)}, sends=(send("Cat", at="The Hospital"),),
         held=(("Cat", "First Aid Kit"), ("Cat", "Rucksack")), gone=(("Cat", "Adrenaline"),)),
    Pair("the Rucksack x the Drifter", "127", items={"Dri": ("Rucksack",)},
         sends=(send("Dri", at="The Hardware Store"),),
         held=(("Dri", "Crowbar"), ("Dri", "Hammer and Nails")), gone=(("Dri", "Rucksack"),)),
    # the Adrenaline (line 129) and the Alcohol (line 131) against each block
    Pair("the Adrenaline x the Reverend's block", "129",
         items={"Ann": ("Adrenaline",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat"), use("Adrenaline", "Energy")),
                send("Rev", use("Reverend", "Vigil", "Ann"))), told=(("Ann", "Pat is SCUM."),)),
    Pair("the Adrenaline x Despair's hopelessness", "129", items={"Ann": ("Adrenaline",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat"), use("Adrenaline", "Energy")),
                send("Eve", use("Despair", "Hopelessness", "Ann"))),
         told=(("Ann", "Pat is SCUM."),)),
    Pair("the Adrenaline x the Black Book", "129, 136",
         items={"Pat": ("Adrenaline",), "Dan": ("Black Book",)},
         sends=(send("Pat", use("Paranoia", "Delusion", "Vig", "Cat"),
                     use("Adrenaline", "Energy")),
                send("Vig", use("Vigilante", "Execute", "Eve")),
                send("Dan", use("Black Book", "Dark Ritual", "Pat"))), dead=("Cat",),
         held=(("Dan", "Black Book"),)),
    Pair("the Alcohol x Despair's hopelessness", "131", items={"Ann": ("Alcohol",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat"), use("Alcohol", "Comfortably Numb")),
                send("Eve", use("Despair", "Hopelessness", "Ann"))),
         told=(("Ann", "Pat is SCUM."),), gone=(("Ann", "Alcohol"),)),
    Pair("the Alcohol x the Reverend's block", "131", items={"Ann": ("Alcohol",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat"), use("Alcohol", "Comfortably Numb")),
                send("Rev", use("Reverend", "Vigil", "Ann"))),
         untold=(("Ann", "Pat is"),), gone=(("Ann", "Alcohol"),)),
    Pair("the Alcohol x the Black Book", "131, 136",
         items={"Pat": ("Alcohol",), "Dan": ("Black Book",)},
         sends=(send("Pat", use("Paranoia", "Delusion", "Vig", "Cat"),
                     use("Alcohol", "Comfortably Numb")),
                send("Vig", use("Vigilante", "Execute", "Eve")),
                send("Dan", use("Black Book", "Dark Ritual", "Pat"))), dead=("Eve",),
         gone=(("Dan", "Black Book"),)),
    # the Relic (line 134)
    Pair("the Relic x the Vigilante's shot", "134", items={"Cat": ("Relic",)},
         sends=(send("Vig", use("Vigilante", "Execute", "Cat")),), dead=("Cat",)),
    Pair("the Relic x the Knife's strike", "134, 123", items={"Ann": ("Relic",),
                                                             "Dan": ("Knife",)},
         sends=(send("Dan", use(*K, "Cat")), send("Ann", use("Cop", "Interrogate", "Cat"))),
         dead=("Ann",)),
    Pair("the Relic x a Scum's Gun", "134, 107, 136", items={"Pat": ("Gun",), "Dan": ("Relic",)},
         sends=(send("Pat", use("Gun", "Gunshot", "Dan")), send("Dan", at="The Cafe")),
         dead=("Dan",)),
    Pair("the Relic x the Cop", "134", items={"Cat": ("Relic",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Cat")),), told=(("Ann", "Cat is SCUM."),)),
    Pair("the Relic x Despair's hopelessness", "134", items={"Ann": ("Relic",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat")),
                send("Eve", use("Despair", "Hopelessness", "Ann"))),
         untold=(("Ann", "Pat is"),)),
    Pair("the Relic x the Black Book", "134, 136",
         items={"Ann": ("Relic",), "Dan": ("Black Book",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Pat")),
                send("Dan", use("Black Book", "Dark Ritual", "Ann"))),
         told=(("Ann", "Pat is SCUM."),), held=(("Dan", "Black Book"),)),
    # the Black Book (line 136) against the Scum's powers
    Pair("the Black Book x Despair's hopelessness", "136", items={"Dan": ("Black Book",)},
         sends=(send("Dan", use("Black Book", "Dark Ritual", "Eve")),
                send("Eve", use("Despair", "Hopelessness", "Ann")),
                send("Ann", use("Cop", "Interrogate", "Pat"))),
         told=(("Ann", "Pat is SCUM."),), gone=(("Dan", "Black Book"),)),
    Pair("the Black Book x Paranoia's turn", "136", items={"Dan": ("Black Book",)},
         sends=(send("Dan", use("Black Book", "Dark Ritual", "Pat")),
                send("Pat", use("Paranoia", "Delusion", "Vig", "Cat")),
                send("Vig", use("Vigilante", "Execute", "Eve"))),
         dead=("Eve",), gone=(("Dan", "Black Book"),)),
    Pair("the Black Book x a Town target", "136", items={"Dan": ("Black Book",)},
         sends=(send("Dan", use("Black Book", "Dark Ritual", "Ann")),
                send("Ann", use("Cop", "Interrogate", "Pat"))),
         told=(("Ann", "Pat is SCUM."), ("Dan", "You used your Black Book on Ann.")),
         held=(("Dan", "Black Book"),)),
    Pair("the Black Book x the Cop", "136", items={"Dan": ("Black Book",)},
         sends=(send("Ann", use("Cop", "Interrogate", "Dan")),), told=(("Ann", "Dan is SCUM."),)),
    # the Crucifix (line 138), beside "every action" below
    Pair("the Crucifix x the Crowbar", "138, 121", items={"Dan": ("Crucifix",),
                                                         "Cat": ("Crowbar",)},
         sends=(send("Dan", use(*CROSS, "Cat")), send("Cat", use("Crowbar", "Hiding"))),
         kill=("Cat", "Pat"), held=(("Dan", "Crucifix"),),
         told=(("Dan", "You used your Crucifix on Cat."),),
         untold=(("Dan", "find"), ("Dan", "hid"), ("Dan", "drew"))),
    Pair("the Crucifix x the Knife on its holder", "138, 123",
         items={"Dan": ("Crucifix",), "Van": ("Knife",)},
         sends=(send("Dan", use(*CROSS, "Cat")), send("Van", use(*K, "Dan"))),
         kill=("Cat", "Pat"), dead=("Pat",), gone=(("Dan", "Crucifix"), ("Van", "Knife"))),
    Pair("the Crucifix x Paranoia's turn", "138", items={"Dan": ("Crucifix",)},
         sends=(send("Dan", use(*CROSS, "Vig")), send("Vig", use("Vigilante", "Execute", "Eve")),
                send("Pat", use("Paranoia", "Delusion", "Vig", "Cat"))),
         dead=("Cat",), held=(("Dan", "Crucifix"),)),
    # scavenging (lines 24-28, 183-197) and the Avatar of Fear (lines 161-178, 187-189)
    Pair("scavenging x scavenging", "28, 191",
         sends=(send("Cat", at="The Cafe"), send("Dan", at="The Cafe")), first=("Cat", "Dan"),
         held=(("Cat", "Knife"), ("Dan", "First Aid Kit")),
         told=(("Cat", "Dan took the First Aid Kit"), ("Dan", "Cat took the Knife"))),
    Pair("scavenging x the Hammer", "119, 24", items={"Dan": HAMMER[:1]},
         sends=(send("Cat", at="The Cafe"), send("Dan", use(*HAMMER, "Cat"))),
         gone=(("Cat", "Knife"),), told=(("Cat", LOCKED),)),
    Pair("scavenging x the Avatar of Fear on night 2", "187", night=2,
         sends=(send("Cat", at="The Hotel"), send("Dan", at="The Hotel")), first=("Dan", "Cat"),
         held=(("Dan", "Crucifix"),), told=(("Cat", "fled back to the church"),)),
    Pair("scavenging x the Avatar of Fear on night 3", "189", night=3,
         items={"Cat": ("Chalk",)}, sends=(send("Cat", at="The Lake"),), dead=("Cat",),
         gone=(("Cat", "Chalk"),)),
    Pair("the Avatar of Fear x a witness", "193", night=3,
         sends=(send("Cat", at="The Asylum"), send("Dan", at="The Asylum")),
         first=("Cat", "Dan"), dead=("Cat",), held=(("Dan", "Relic"),),
         told=(("Dan", "you saw the Avatar of Fear attack Cat"),)),
    Pair("the Avatar of Fear x the Knife and the Crucifix", "189, 123, 138", night=3,
         items={"Dan": ("Knife",), "Van": ("Crucifix",)},
         sends=(send("Cat", at="The Asylum"), send("Dan", use(*K, "Cat")),
                send("Van", use(*CROSS, "Cat"))), dead=("Cat",), held=(("Van", "Crucifix"),)),
]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.name)
def test_a_pair_the_book_decides_plays_out_through_the_journal(pair: Pair) -> None:
    check(pair)


# -- the items that stand against any night action, against every power of the tables --------


def sendable() -> Iterator[tuple[str, str, Power]]:
    """(who sends it, its source, the power) for every night power a player may send: each
    role's by the player of that role in the cast, each item's by Cat holding it."""
    for role in book_roles():
        for power in role.powers:
            if power.timing == "night":
                yield ROLE_OF[role.name], role.name, power
    for item in book_items():
        for power in item.powers:
            if power.timing == "night":
                yield "Cat", item.name, power


def aimed_at(target: str, source: str, power: Power) -> PowerUse:
    targets = {"none": (), "two": (target, "Wat")}.get(power.target, (target,))
    return use(source, power.name, *targets, text="A note." if power.effect == "note" else "")


def items_for(player: str, source: str) -> dict[str, tuple[str, ...]]:
    return {player: (source,)} if player == "Cat" else {}


JAILED = [pytest.param(who, source, power, id=f"{source}: {power.name}")
          for who, source, power in sendable() if power.effect != "hide"]


@pytest.mark.parametrize(("who", "source", "power"), JAILED)
def test_the_hammer_stops_every_night_action_of_the_player_it_locks_up(who, source, power):
    # line 119: he takes no night action; the Crowbar's hiding comes first (below)
    pair = Pair(f"the Hammer x {power.name}", "119",
                items={**items_for(who, source), "Dan": HAMMER[:1]},
                sends=(send(who, aimed_at("Ino", source, power)), send("Dan", use(*HAMMER, who))))
    played = play(pair)
    assert played.told(who) == LOCKED
    assert played.told("Ino") == QUIET
    assert played.dead() == []
    if who == "Cat":
        assert played.unused("Cat", source)
    else:
        assert _player(played.after, who).times_used(power.name) == 0


def test_the_hammer_stops_the_scums_kill_and_scavenging_too():
    check(Pair("the Hammer x the Scum's kill and scavenging", "119, 24",
               items={"Dan": HAMMER[:1], "Van": HAMMER[:1]},
               sends=(send("Cat", at="The Cafe"), send("Van", use(*HAMMER, "Cat")),
                      send("Dan", use(*HAMMER, "Pat"))), kill=("Ino", "Pat"),
               told=(("Pat", LOCKED), ("Cat", LOCKED)), untold=(("Pat", "Ino"),),
               gone=(("Cat", "Knife"),)))


AIMED = [pytest.param(who, source, power, id=f"{source}: {power.name}")
         for who, source, power in sendable() if power.target != "none"]


@pytest.mark.parametrize(("who", "source", "power"), AIMED)
def test_no_night_action_can_take_the_hider_as_its_target(who, source, power):
    # line 121: the Crowbar's hider is the target of no night action: a kill aimed at him
    # fails as on a protected player, anything else does not find him
    items = {"Dan": ("Crowbar",)} | ({"Cat": (source,)} if who == "Cat" else {})
    played = play(Pair(f"the Crowbar x {power.name}", "121", items=items,
                       sends=(send("Dan", use("Crowbar", "Hiding")),
                              send(who, aimed_at("Dan", source, power)))))
    assert played.dead() == []
    assert played.told("Dan") == ("You hid in the crawlspace under the church all night. "
                                  "Your Crowbar is gone.")
    assert "could not find" not in played.told(who)


NOT_KILLS = [pytest.param(who, source, power, id=f"{source}: {power.name}")
             for who, source, power in sendable()
             if power.target != "none" and power.effect != "kill"]


@pytest.mark.parametrize(("who", "source", "power"), NOT_KILLS)
def test_whoever_aims_at_the_hider_learns_no_more_than_at_a_quiet_player_inside(
        who, source, power):
    # line 121 makes the hider no one's target and tells no one that he hid: the user hears,
    # holds and has used what he would at Dan staying in with nothing to do. Our Cop alone,
    # who questions players in the church, hears what he would of Dan gone out to scavenge.
    # A kill is a reading of its own (test_secrecy: as on a protected player).
    items = {"Dan": ("Crowbar",)} | items_for(who, source)
    hid = play(Pair("hidden", "121", items=items, sends=(
        send("Dan", use("Crowbar", "Hiding")), send(who, aimed_at("Dan", source, power)))))
    stayed = play(Pair("stayed in", "121", items=items,
                       sends=(send(who, aimed_at("Dan", source, power)),)))
    if power.effect == "investigate" and power.works_if_target == "in":
        stayed = play(Pair("went out", "24, 121", items=items, sends=(
            send("Dan", at="The Cafe"), send(who, aimed_at("Dan", source, power)))))
    assert hid.told(who) == stayed.told(who)
    assert _player(hid.after, who).items == _player(stayed.after, who).items
    assert _player(hid.after, who).spent == _player(stayed.after, who).spent


@pytest.mark.parametrize(("who", "source", "power"),
                         [p for p in AIMED if p.values[0] != "Tom"])
def test_the_trail_of_whoever_aims_at_the_hider_is_the_trail_he_leaves_at_anyone(
        who, source, power):
    # our Tracker learns whom his target aimed at: the hider, as he would anyone, or the
    # Tracker would learn that he hid
    items = {"Dan": ("Crowbar",)} | items_for(who, source)
    aims = send(who, aimed_at("Dan", source, power))
    trail = send("Tom", use("Tracker", "Follow the Trail", who))
    hid = play(Pair("hidden", "121", items=items,
                    sends=(send("Dan", use("Crowbar", "Hiding")), aims, trail)))
    stayed = play(Pair("stayed in", "121", items=items, sends=(aims, trail)))
    assert hid.told("Tom") == stayed.told("Tom")


#: every power aimed at a player but the watch itself and the guards (which would catch it)
WATCHED = [pytest.param(who, source, power, id=f"{source}: {power.name}")
           for who, source, power in sendable()
           if power.target != "none" and who != "Wat"
           and power.effect not in ("bodyguard", "lightning_rod")]


@pytest.mark.parametrize(("who", "source", "power"), WATCHED)
def test_the_watch_over_the_hider_sees_whoever_aimed_at_him_as_over_anyone(
        who, source, power):
    # our Night Watchman learns who aimed a night action at his man: those who aimed at the
    # hider, as at anyone. Told "no one" while the Tracker names the hider on the same
    # trail (and the Cop says he looked), the watch would give the hiding away, and make a
    # Town player's true claim look like a lie. (A Knife or a Crucifix over a man in the
    # church would catch the watch itself: test_guards.)
    items = {"Dan": ("Crowbar",)} | items_for(who, source)
    aims = send(who, aimed_at("Dan", source, power))
    watch = send("Wat", use("Night Watchman", "Keep Watch", "Dan"))
    hid = play(Pair("hidden", "121", items=items,
                    sends=(send("Dan", use("Crowbar", "Hiding")), aims, watch)))
    stayed = play(Pair("stayed in", "121", items=items, sends=(aims, watch)))
    assert hid.told("Wat") == stayed.told("Wat") == f"Who came to Dan: {who}."


GUARDED = [pytest.param(who, source, power, id=f"{source}: {power.name}")
           for who, source, power in sendable()
           if power.target != "none" and power.effect not in ("bodyguard", "lightning_rod",
                                                               "redirect")]


@pytest.mark.parametrize(("who", "source", "power"), GUARDED)
def test_the_knife_stops_any_night_action_aimed_at_its_charge_and_kills_its_user(
        who, source, power):
    # line 123: whatever is aimed at the charge, its user dies; the turns and the guards
    # themselves are settled apart (test_guards)
    items = {"Dan": ("Knife",)} | ({"Cat": (source,)} if who == "Cat" else {})
    played = play(Pair(f"the Knife x {power.name}", "123", items=items,
                       sends=(send("Dan", use(*K, "Ino")),
                              send(who, aimed_at("Ino", source, power)))))
    assert played.dead() == [who]
    assert played.told("Dan") == "Someone came for Ino; you struck. Your Knife is gone."
    assert played.told("Ino") == QUIET


@pytest.mark.parametrize(("who", "source", "power"), GUARDED)
def test_the_crucifix_draws_any_night_action_aimed_at_its_charge_onto_its_holder(
        who, source, power):
    # line 138: one night action aimed at the charge lands on the Crucifix's holder
    items = {"Dan": ("Crucifix",)} | ({"Cat": (source,)} if who == "Cat" else {})
    played = play(Pair(f"the Crucifix x {power.name}", "138", items=items,
                       sends=(send("Dan", use(*CROSS, "Ino")),
                              send(who, aimed_at("Ino", source, power)))))
    assert "Your Crucifix drew a power aimed at Ino onto you." in played.told("Dan")
    assert not played.holds("Dan", "Crucifix")
    assert played.told("Ino") == QUIET
    assert played.dead() == (["Dan"] if power.effect == "kill"
                             and power.works_if_target != "out" else [])


def test_the_scums_kill_meets_the_hider_the_knife_and_the_crucifix_as_any_action():
    for pair in (
        Pair("the Crowbar x the Scum's kill", "121", items={"Dan": ("Crowbar",)},
             sends=(send("Dan", use("Crowbar", "Hiding")),), kill=("Dan", "Pat")),
        Pair("the Knife x the Scum's kill", "123", items={"Dan": ("Knife",)},
             sends=(send("Dan", use(*K, "Ino")),), kill=("Ino", "Pat"), dead=("Pat",)),
        Pair("the Crucifix x the Scum's kill", "138", items={"Dan": ("Crucifix",)},
             sends=(send("Dan", use(*CROSS, "Ino")),), kill=("Ino", "Pat"), dead=("Dan",)),
    ):
        check(pair)


# -- the list in docs/rules/dust.md names these cases -------------------------------------------


def test_the_audit_lists_every_pair_played_here():
    listed = set(re.findall(r"`pair: ([^`]+)`", AUDIT.read_text(encoding="utf-8")))
    assert sorted({p.name for p in PAIRS} - listed) == []
    assert sorted(listed - {p.name for p in PAIRS}) == []
