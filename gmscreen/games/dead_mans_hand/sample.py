"""The sample campaigns of Dead Man's Hand: a Dramatic Showdown between two posses of eight,
built by the book's rules and ready for their first game, and the book's six scenarios, each
ready to set up. Each starts with a clock for the table that fits its story (the marshal
riding for Red Gulch, the jail's alarm...), moved once or twice by what happened before the
first shot.

Each is played by the book's order of a sitting: the clock is made and moved and the posses
are built (named and recruited, or loaded from the scenario) before the table sits down, and
then session 1 begins, so the first game is set up in it. Where each story pauses, the
session goes on: the showdown and all six scenarios stop with the posses at the table and the
Dealer about to set up game 1, the moment a table has just sat down to play, not the end of
an evening; ending it there would leave a session 1 in which nothing was played and start
the first shot in session 2."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmscreen.games.dead_mans_hand.commands import LoadScenario, NamePosse, Recruit
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import MakeClock, TickClock
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


def _scenario_builder(scenario: str) -> Callable[[Campaign[Any]], None]:
    def build(campaign: Campaign[Any]) -> None:
        campaign.execute(LoadScenario(scenario))

    return build


@dataclass(frozen=True)
class Story:
    """A sample's clock for the table: its name, size and why, and the reasons it moved
    before the first shot."""

    clock: str
    segments: int
    why: str
    moved: tuple[str, ...]


STORIES = {
    "showdown": Story(
        "The marshal rides for Red Gulch", 8,
        "how near the territorial marshal is to riding in and ending the feud for good",
        ("The Black Hats shot the lamps out of the Callahans' saloon last night.",)),
    "take-that-bastard-down": Story(
        "Sundown: the gunman slips away", 6,
        "how long the militia has before dark hides the gunman's trail",
        ("The militia spent the afternoon arguing over who gives the orders.",)),
    "skirmish-on-the-plains": Story(
        "The relief column from the fort", 8,
        "how near the cavalry is to reaching the riflemen's dug-in line",
        ("A rider slipped out before dawn to fetch help.",
         "The raiders' scouts were seen circling wide of the ridge.")),
    "hes-coming-right-for-us": Story(
        "The bear reaches the homesteads", 4,
        "how near the bear is to the farms past the creek",
        ("The bear broke through the Petersons' fence at first light.",)),
    "duel-between-rivals": Story(
        "The sheriff comes to stop it", 4,
        "how long before the sheriff hears and breaks up the duel",
        ("Word of the duel reached the barber's shop by noon.",)),
    "defend-the-wagon": Story(
        "The wagon's guards ride back", 6,
        "how long the settlers must hold before the train's outriders return",
        ("A boy was sent galloping after the outriders.",
         "The robbers cut the lead team loose, and the wagon cannot run.")),
    "jailbreak": Story(
        "The jail's alarm wakes the town", 4,
        "how near the town is to waking and coming to the guards' aid",
        ("A cell door scraped loud enough to set the dogs barking.",)),
}


def _told(story: Story, build: Callable[[Campaign[Any]], None]
          ) -> Callable[[Campaign[Any]], None]:
    """The sample built after its clock is made and moved, then session 1 begun."""

    def told(campaign: Campaign[Any]) -> None:
        campaign.execute(MakeClock(story.clock, story.segments, public=True, why=story.why))
        for reason in story.moved:
            campaign.execute(TickClock(story.clock, 1, reason))
        build(campaign)
        campaign.start_session()  # the table sits down to play: game 1 is set up in it

    return told


SAMPLES = [
    Sample(file="dead-mans-hand-showdown", name="Dramatic Showdown at Red Gulch", game=GAME,
           build=_told(STORIES["showdown"], build_showdown)),
    *(Sample(file=f"dead-mans-hand-{scenario.id}", name=scenario.title, game=GAME,
             build=_told(STORIES[scenario.id], _scenario_builder(scenario.id)))
      for scenario in SCENARIOS.values()),
]
