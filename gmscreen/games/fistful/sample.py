"""The sample campaign: the Dalton Boys, a posse of four made by the book's creation steps
(each starts with nothing and buys the starting gear from the starting purse, at the rolled
prices of the book's categories, before play), NPCs of each rank on their sides (the law,
Jake's gang, a widow and a bear each alone), the Judge's own clock of the railroad's claim
(its lawyers closing in on Cora's land, kept from the table) and a note about her, and a
session under way: a chart roll, two tests (Kit misses the wire that would have warned
them, and the lawyers move), a shot at Rattlesnake Jake that leaves him below half his
Guts, so his gang's morale breaks and they flee, which the Judge calls a crime (the clock
goes to 4, linked to the shot, and the lawyers move again), and Cora paying that hour off
again from her share of the take (the starting purse may not pay it), so the Wanted Clock
stands at 3 with its moves explained."""

from __future__ import annotations

from typing import Any

from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    Buy,
    CheckMorale,
    CreateCharacter,
    Crime,
    FormPosse,
    OpposedTest,
    PayBounty,
    RollTest,
    RollWantedChart,
    ShareTake,
    Side,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.samples import Sample

#: the Judge's own clock: the railroad's lawyers closing in on Cora's land
CLAIM = "The railroad's claim"

#: (name, six faces of 2d6 x3, swap, purse faces, background, hometown)
POSSE: tuple[tuple[str, tuple[int, ...], tuple[str, str] | None, tuple[int, ...], str, str],
             ...] = (
    ("Cora Dalton", (5, 4, 6, 3, 2, 5), ("gumption", "grace"), (4, 3, 5),
     "Ran her late husband's faro table in Dodge", "Dodge City"),
    ("Eli 'Preacher' Moss", (6, 6, 3, 2, 4, 4), None, (2, 6, 1),
     "Defrocked circuit rider with a quick tongue", "Abilene"),
    ("Tomas Vega", (3, 5, 5, 5, 6, 2), ("grit", "grace"), (6, 6, 2),
     "Vaquero who knows every trail to the border", "San Antonio"),
    ("Kit Hollis", (2, 3, 6, 5, 4, 4), None, (3, 1, 4),
     "Telegraph clerk who reads other folks' wires", "Cheyenne"),
)

#: the starting gear each buys from the purse before play, at the book's price categories
#: with the dice the table rolled (a rifle's price rolled twice, as the book marks it; two
#: boxes of shells, one roll a box): Cora's $120 pays $96, Eli's $90 pays $6, Tomas's $140
#: pays $48 and Kit's $80 pays $34
GEAR = (
    Buy("Cora Dalton", Item("Revolver", 1, quickdraw=True), "Boutique", (4, 3)),
    Buy("Cora Dalton", Item("Box of shells", 2, count=2), "Common", (2, 3)),
    Buy("Cora Dalton", Item("Deck of cards", 3), "Incidental", ()),
    Buy("Cora Dalton", Item("Rifle", 6, size="large"), "Boutique", (3, 2, 4, 2), rolls=2),
    Buy("Eli 'Preacher' Moss", Item("Derringer", 1, quickdraw=True), "Common", (3,)),
    Buy("Eli 'Preacher' Moss", Item("Bible", 2), "Incidental", ()),
    Buy("Eli 'Preacher' Moss", Item("Bottle of whiskey", 3), "Common", (2,)),
    Buy("Tomas Vega", Item("Revolver", 1, quickdraw=True), "Boutique", (5, 2)),
    Buy("Tomas Vega", Item("Box of shells", 2, count=2), "Common", (4, 1)),
    Buy("Tomas Vega", Item("Long rope", 3), "Common", (3,)),
    Buy("Tomas Vega", Item("Knife", 4), "Common", (5,)),
    Buy("Kit Hollis", Item("Derringer", 1, quickdraw=True), "Common", (4,)),
    Buy("Kit Hollis", Item("Thieves' tools", 2), "Boutique", (3, 3)),
)

NPCS = (
    AddNpc("Widow Parker", "Poor", strong="gumption", notes="runs the boarding house"),
    AddNpc("Deputy Hal", "Common", strong="grace",
           equipment=(Item("Revolver", 1, quickdraw=True),), side="the Wichita law"),
    AddNpc("Rattlesnake Jake", "Ornery", strong="gumption",
           equipment=(Item("Revolver", 1, quickdraw=True),
                      Item("Shotgun", 6, size="large")), side="Jake's gang"),
    AddNpc("Snake-eye Pete", "Poor", strong="grace",
           equipment=(Item("Knife", 2),), side="Jake's gang"),
    AddNpc("Marshal Roy Bean", "Infamous", strong="gumption", second="grit",
           equipment=(Item("Revolver", 1, quickdraw=True), Item("Rifle", 6, size="large")),
           side="the Wichita law"),
    AddNpc("Old Grizzly", "Creature", attributes=(26, 8, 14), notes="a bear",
           natural="claws +2"),
)


def build_posse(campaign: Campaign[Any]) -> None:
    campaign.execute(FormPosse(
        "The Dalton Boys", 3, history="Robbed the Wichita payroll coach and left a witness.",
        purpose="Get Cora's land back from the railroad."))
    for name, dice, swap, purse, background, hometown in POSSE:
        campaign.execute(CreateCharacter(name, dice, purse, swap, background,
                                         hometown=hometown))
    for bought in GEAR:
        campaign.execute(bought)
    for npc in NPCS:
        campaign.execute(npc)
    campaign.execute(MakeClock(CLAIM, 8, why="how near the railroad's lawyers are to "
                               "taking Cora's land for good"))
    campaign.note("Her husband's deed to the land is in the Dodge City bank's vault; the "
                  "railroad wants it burned.", about=["Cora Dalton"])
    campaign.start_session()
    campaign.execute(RollWantedChart((5, 6)))
    campaign.execute(RollTest("Tomas Vega", "grace", 11, 3, (4, 4, 5)))
    campaign.execute(RollTest("Kit Hollis", "gumption", 14, 4, (2, 6, 3, 1)))
    campaign.execute(TickClock(CLAIM, 1, "Kit missed the wire: the lawyers have filed it "
                               "at the Wichita land office"))
    shot = campaign.execute(OpposedTest(
        Side("Tomas Vega", "gumption", 3, (5, 4, 6)),
        Side("Rattlesnake Jake", "grace", 2, (6, 3)), "revolver", "Nearby"))
    # Jake at 4 of 9 Guts: 5d6 against his gang's best Grit (his own 17); the bear's 26 is
    # no help to them
    campaign.execute(CheckMorale("Rattlesnake Jake", (6, 5, 4, 2, 3), coin="H"))
    campaign.execute(Crime(1, "shot Rattlesnake Jake in the Wichita saloon", shot[0].seq))
    campaign.execute(TickClock(CLAIM, 1, "the saloon shooting lets the lawyers call the "
                               "Daltons outlaws before the land court"))
    campaign.execute(ShareTake("Cora Dalton", 60))
    campaign.execute(PayBounty("Cora Dalton"))


SAMPLES = [Sample(file="fistful-dalton-boys", name="A Fistful of Sixes: the Dalton Boys",
                  game="fistful", build=build_posse, seed=6)]
