"""The sample campaigns: a one-off game ready to play, and the first game of a campaign.

The one-off gangs follow the one-off rules: a Gang Leader with four levels, two custom
gunslingers with three and two, and seven hired by controlled choice (five revolvers at
least). The campaign starts with each Gang Leader at one level and nine hired guns.
"""

from __future__ import annotations

from typing import Any

from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    Deploy,
    Enlist,
    FoundGang,
    PlaceScout,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.journal.campaign import Campaign
from gmscreen.samples import Sample

HENDRY = "Ma Hendry"
COLE = "Sheriff Cole"

#: the hired guns each side takes, by name and weapon
HIRED = {
    HENDRY: (("Dutch", "Revolver"), ("Kit Rourke", "Revolver"), ("Lefty", "Revolver"),
             ("Mule", "Shotgun"), ("Ned Pike", "Revolver"), ("Preacher", "Rifle"),
             ("Sonny", "Revolver"), ("Slim", "Revolver"), ("Tuck", "Rapid Fire Rifle")),
    COLE: (("Deputy Ames", "Revolver"), ("Deputy Bell", "Revolver"), ("Hattie", "Rifle"),
           ("Joe Two Moons", "Rapid Fire Rifle"), ("Marlow", "Revolver"),
           ("Old Reese", "Shotgun"), ("Quill", "Revolver"), ("Sam Tully", "Revolver"),
           ("Walt", "Revolver")),
}


def found(campaign: Campaign[Any], player: str, gang: str) -> None:
    campaign.execute(FoundGang(player, gang))


def hire(campaign: Campaign[Any], player: str, count: int) -> None:
    for name, weapon in HIRED[player][:count]:
        campaign.execute(Enlist(player, Recruit(name, GUNSLINGER, weapon, hired=True)))


def start(campaign: Campaign[Any], scouts: tuple[str, ...] = ()) -> None:
    campaign.start_session()
    campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
    campaign.execute(Deploy(scouts, shuffle_order(campaign.rng("shuffle"))))
    for scout in campaign.state.battle.scouts:
        campaign.execute(PlaceScout(scout))
    campaign.execute(StartRound(shuffle_order(campaign.rng("shuffle"))))


def build_one_off(campaign: Campaign[Any]) -> None:
    campaign.execute(ChooseSetUp("one-off"))
    found(campaign, HENDRY, "The Hendry Boys")
    campaign.execute(Enlist(HENDRY, Recruit(
        "Ma Hendry", LEADER, "Shotgun", ("Tough", "Cunning", "Fearsome", "Deadly"),
        "Shrug it Off")))
    campaign.execute(Enlist(HENDRY, Recruit(
        "Jesse Hendry", GUNSLINGER, "Revolver", ("Quick", "Deadly", "Sharpshooter"),
        "Hail of Fire")))
    campaign.execute(Enlist(HENDRY, Recruit(
        "Cal Hendry", GUNSLINGER, "Rifle", ("Hunter", "Deft"))))
    hire(campaign, HENDRY, 7)
    found(campaign, COLE, "Bluff Regulators")
    campaign.execute(Enlist(COLE, Recruit(
        "Sheriff Cole", LEADER, "Revolver", ("Veteran", "Deadly", "Deft", "Tough"),
        "Return Fire")))
    campaign.execute(Enlist(COLE, Recruit(
        "Ruth Cole", GUNSLINGER, "Rifle", ("Sharpshooter", "Stealthy", "Deft"),
        "Precise Shot")))
    campaign.execute(Enlist(COLE, Recruit(
        "Eli Crane", GUNSLINGER, "Revolver", ("Quick", "Brute"))))
    hire(campaign, COLE, 7)
    # Cal Hendry is a Hunter: he is held back and placed as a scout
    start(campaign, ("Cal Hendry",))


def build_campaign(campaign: Campaign[Any]) -> None:
    campaign.execute(ChooseSetUp("campaign"))
    found(campaign, HENDRY, "The Hendry Boys")
    campaign.execute(Enlist(HENDRY, Recruit("Ma Hendry", LEADER, "Shotgun", ("Cunning",))))
    hire(campaign, HENDRY, 9)
    found(campaign, COLE, "Bluff Regulators")
    campaign.execute(Enlist(COLE, Recruit("Sheriff Cole", LEADER, "Revolver", ("Deadly",))))
    hire(campaign, COLE, 9)
    start(campaign)


SAMPLES = [
    Sample(file="devils-bluff-one-off", name="Devils Bluff: a one-off at the livery",
           game="devils-bluff", build=build_one_off, seed=6),
    Sample(file="devils-bluff-campaign", name="Devils Bluff: the first game of a campaign",
           game="devils-bluff", build=build_campaign, seed=16),
]
