"""The sample campaigns: a one-off game ready to play, and the first game of a campaign.

The one-off gangs follow the one-off rules: a Gang Leader with four levels, two custom
gunslingers with three and two, and seven hired by controlled choice (five revolvers at
least). The campaign starts with each Gang Leader at one level and nine hired guns.

Each keeps a Dealer's clock for the table. The one-off's is the Devil coming for Ma Hendry,
who bought her gang's luck at the crossroads: it moves when she rides in with guns never
hit, and when the livery's horses panic as the gangs ride up for the game. The campaign's
is the Territorial posse Sheriff Cole sent for, closing in on the feud: it moves when word
of the Hendrys' hiring reaches Prescott, and when riders are seen at the crossing as the
first game's session opens.
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
from gmscreen.journal.clocks import MakeClock, TickClock
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


#: the samples' clocks for the table
DEVIL = "The Devil comes for Ma Hendry"
POSSE = "The Territorial posse"


def start(campaign: Campaign[Any], clock: str, why: str, scouts: tuple[str, ...] = ()
          ) -> None:
    """The first session: the clock moves as it opens (`why`), then a game is shuffled and
    deployed, its scouts placed and its first round dealt."""
    campaign.start_session()
    campaign.execute(TickClock(clock, 1, why))
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
    campaign.execute(MakeClock(DEVIL, 4, public=True, why=(
        "Ma Hendry bought her gang's luck from the Devil at the crossroads; at the livery "
        "tonight he comes to collect")))
    campaign.execute(TickClock(DEVIL, 1, "Ma Hendry rides into Devils Bluff with ten guns "
                                         "who have never taken a bullet"))
    # Cal Hendry is a Hunter: he is held back and placed as a scout
    start(campaign, DEVIL, "The livery's horses scream and kick their stalls as the gangs "
                           "ride up", ("Cal Hendry",))


def build_campaign(campaign: Campaign[Any]) -> None:
    campaign.execute(ChooseSetUp("campaign"))
    found(campaign, HENDRY, "The Hendry Boys")
    campaign.execute(Enlist(HENDRY, Recruit("Ma Hendry", LEADER, "Shotgun", ("Cunning",))))
    hire(campaign, HENDRY, 9)
    found(campaign, COLE, "Bluff Regulators")
    campaign.execute(Enlist(COLE, Recruit("Sheriff Cole", LEADER, "Revolver", ("Deadly",))))
    hire(campaign, COLE, 9)
    campaign.execute(MakeClock(POSSE, 8, public=True, why=(
        "Sheriff Cole has wired Prescott: marshals ride to end the feud in Devils Bluff, and "
        "they will not ask who started it")))
    campaign.execute(TickClock(POSSE, 1, "The Hendry Boys hire nine guns in a week, and "
                                         "word reaches Prescott"))
    start(campaign, POSSE, "A drover brings word of riders at Coldwater Crossing")


SAMPLES = [
    Sample(file="devils-bluff-one-off", name="Devils Bluff: a one-off at the livery",
           game="devils-bluff", build=build_one_off, seed=6),
    Sample(file="devils-bluff-campaign", name="Devils Bluff: the first game of a campaign",
           game="devils-bluff", build=build_campaign, seed=16),
]
