"""The sample campaigns of Dead Man's Hand: a Dramatic Showdown between two posses of eight,
built by the book's rules and ready for their first game, and the book's six scenarios, each
ready to set up."""

from __future__ import annotations

from typing import Any

from gmscreen.games.dead_mans_hand.commands import LoadScenario, NamePosse, Recruit
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour
from gmscreen.journal.campaign import Campaign
from gmscreen.samples import Sample

GAME = "dead-mans-hand"


def _recruit(colour: Colour, name: str, leader: bool, *weapons: str, civilian: bool = False,
             horse: bool = False) -> Recruit:
    value, hits = (6, 2) if leader else (8, 1)
    return Recruit(colour, name, value, hits, weapons, civilian, horse)


#: 43 of 43 points (Doc is a civilian: three points more, and Brawling bought for one)
CALLAHAN_GANG = ("The Callahan Gang", (
    _recruit("red", "Big Jim", True, "dual-pistols", horse=True),
    _recruit("red", "Slim", False, "rifle"),
    _recruit("red", "Quickdraw", False, "pistol"),
    _recruit("red", "Man with No Hat", False, "shotgun"),
    _recruit("red", "Strong Man", False, "big-blade", "sawn-off"),
    _recruit("red", "Crouch", False, "rifle"),
    _recruit("red", "Kid", False, "derringers", "pistol"),
    _recruit("red", "Doc", False, "pistol", "brawling", civilian=True),
))

#: 42 of 43 points (Sawbones is the civilian)
BLACK_HATS = ("The Black Hats", (
    _recruit("black", "Deacon", True, "rifle", "pistol"),
    _recruit("black", "Archer", False, "bow", "big-blade"),
    _recruit("black", "Hatchet", False, "tomahawks", horse=True),
    _recruit("black", "Two-Gun", False, "dual-pistols"),
    _recruit("black", "Scattergun", False, "shotgun"),
    _recruit("black", "Stubby", False, "sawn-off"),
    _recruit("black", "Long Tom", False, "rifle"),
    _recruit("black", "Sawbones", False, "shotgun", civilian=True),
))


def showdown_commands() -> list[Any]:
    """Name and recruit both posses of the sample showdown."""
    commands: list[Any] = []
    for colour, (posse, recruits) in zip(COLOURS, (CALLAHAN_GANG, BLACK_HATS), strict=True):
        commands.append(NamePosse(colour, posse))
        commands.extend(recruits)
    return commands


def build_showdown(campaign: Campaign[Any]) -> None:
    for command in showdown_commands():
        campaign.execute(command)


def _scenario_builder(scenario: str) -> Any:
    def build(campaign: Campaign[Any]) -> None:
        campaign.execute(LoadScenario(scenario))

    return build


SAMPLES = [
    Sample(file="dead-mans-hand-showdown", name="Dramatic Showdown at Red Gulch", game=GAME,
           build=build_showdown),
    *(Sample(file=f"dead-mans-hand-{scenario.id}", name=scenario.title, game=GAME,
             build=_scenario_builder(scenario.id))
      for scenario in SCENARIOS.values()),
]
