"""The sample campaign: the book's fifteen-player set-up twelve hours into Day 1.

Three Vanilla Town hold the Alcohol, the Crowbar and the Crucifix; the nine other Town roles
and the three Scum complete the table. Forum handles are what players really pick, brackets
and all.
"""

from __future__ import annotations

from typing import Any

from gmscreen.games.dust.commands import (
    AddPlayer,
    SetDeadline,
    StartGame,
    TickDeadline,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.powers import BOOK_TABLE
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.samples import Sample

#: the day's deadline clock on the table's screen (the game's own, so it goes with its day)
DEADLINE = "Day 1 deadline"
#: the moderator's own clock, kept from the table
EVENING = "Tonight's session"

#: the players' forum handles, one for each seat of the book's table, in its order
HANDLES = ("Calamity", "[Doc] Holliday", "Wyatt_E", "Parson Brown", "Marshal Bass",
           "Sawbones", "Lamplighter", "Tracks*", "Bounty Belle", "Little Orphan", "Old Sarge",
           "Tumbleweed", "Widow Grey", "Judge Holden", "Whisperer")
#: (handle, role, starting items) in the book's order
FIFTEEN: tuple[tuple[str, str, tuple[str, ...]], ...] = tuple(
    (handle, role, items) for handle, (role, items) in zip(HANDLES, BOOK_TABLE, strict=True))


def build_fifteen(campaign: Campaign[Any]) -> None:
    campaign.execute(UseBookSetUp())
    for name, role, items in FIFTEEN:
        campaign.execute(AddPlayer(name, role, items))
    campaign.start_session()
    campaign.execute(StartGame())
    campaign.execute(SetDeadline(8, why=(
        "48 hours a day, six hours a segment; once it is full, the day ends without a "
        "lynch if no hammer has fallen")))
    # the moderator's own clock, kept from the table: the evening the table meets for,
    # which no day of the game outlasts on the players' screen
    campaign.execute(MakeClock(EVENING, 4, why="the table meets for four hours tonight, an "
                                               "hour a segment"))
    campaign.execute(Vote("Calamity", "Whisperer"))
    campaign.execute(TickDeadline(1, "Calamity puts the first vote on Whisperer, silent so "
                                     "far (six hours gone)"))
    campaign.execute(Vote("Whisperer", "Calamity"))
    campaign.execute(Vote("Marshal Bass", "Whisperer"))
    campaign.execute(TickDeadline(1, "Whisperer votes back, and the Marshal joins the wagon "
                                     "on him (twelve hours gone)"))
    campaign.execute(TickClock(EVENING, 1, "the first hour: the roles read and Day 1 opened"))


SAMPLES = [Sample(file="dust-fifteen", name="Dust: fifteen in the church", game="dust",
                  build=build_fifteen, seed=15)]
