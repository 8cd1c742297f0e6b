"""The sample campaign: The Hanged Man, the book's scenario in Last Oak, Kansas.

The four player characters and the three important non-player characters carry the book's
numbers, traits, Knacks, Devils and Chips; their descriptions are ours. The Dealer keeps a
clock for the table, the truth about "Gentleman" Jim: how near Last Oak is to learning that
it hanged the wrong man. A first session is under way: the Devil ratings are set, Jim has
asked around town about the man on the gallows (the clock moves), Luke has failed to pick
his cell's lock (and paid a Chip to tell how), Clara has gone down the Road to Hell (her
Guts at 0 after Jim's questions, her last conflict at the mayor's door, which has the street
talking: the clock moves again; and she moves on), and Zeke is facing down Long Tom at the
jail with the cards dealt.
"""

from __future__ import annotations

from typing import Any

from gmscreen.core.cards import card_codes, cards_from_codes
from gmscreen.games.dust_devils.call import lay_choices
from gmscreen.games.dust_devils.cast import CLARA as CLARA
from gmscreen.games.dust_devils.cast import JACK as JACK
from gmscreen.games.dust_devils.cast import JIM as JIM
from gmscreen.games.dust_devils.cast import LUKE as LUKE
from gmscreen.games.dust_devils.cast import MERRILL as MERRILL
from gmscreen.games.dust_devils.cast import NON_PLAYERS as NON_PLAYERS
from gmscreen.games.dust_devils.cast import PLAYERS as PLAYERS
from gmscreen.games.dust_devils.cast import TOM as TOM
from gmscreen.games.dust_devils.cast import ZEKE as ZEKE
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    RecordFate,
    RestorePoint,
    SetDevilRating,
    TakeDifficulty,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.samples import Sample


def best_lay(codes: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of a hand's best poker lay."""
    return tuple(card_codes(lay_choices(cards_from_codes(codes)).best.cards))


#: the Dealer's clock for the table: how near Last Oak is to learning it hanged the wrong man
TRUTH = 'The truth about "Gentleman" Jim'


def build_hanged_man(campaign: Campaign[Any]) -> None:
    for sheet in (*PLAYERS, *NON_PLAYERS):
        campaign.execute(MakeCharacter(sheet))
    campaign.execute(MakeClock(TRUTH, 6, public=True, why="how near Last Oak is to learning "
                               "that the man it hanged was not Gentleman Jim"))
    campaign.start_session()
    for sheet, rating in ((JIM, 3), (ZEKE, 2), (JACK, 2), (LUKE, 1)):
        campaign.execute(SetDevilRating(sheet.name, rating))
    campaign.note("Jim rides into Last Oak and finds a man hanging under his own name.",
                  about=[JIM.name])

    campaign.execute(OpenConflict(
        "Whose body is on the gallows?",
        (Entrant(JIM.name, "learn who they hanged in his name", ("Eye", "Heart"),
                 trait=True),),
        stud=3, stud_goal="the town keeps its secret"))
    # the Dealer deals every hand of the session from the table's own pack
    jim = ("4d", "9h", "Tc", "As", "8c", "7h", "5s")
    campaign.execute(Deal(((JIM.name, jim), ("Dealer", ("Ad", "6d", "6s")))))
    campaign.execute(Draw(JIM.name, ("4d", "5s"), ("5d", "6h"), knack="Bargainin'"))
    campaign.execute(Call(((JIM.name, ("Tc", "9h", "8c", "7h", "6h")),
                           ("Dealer", ("6s", "6d", "Ad")))))
    campaign.execute(EndConflict())
    campaign.execute(TickClock(TRUTH, 1, "a stranger in a fine suit has asked all over town "
                               "whose body swung under Jim's name"))

    # Luke works at his cell's lock with a bent spoon
    campaign.execute(OpenConflict(
        "A bent spoon and the cell lock",
        (Entrant(LUKE.name, "be out before the hangman comes", ("Hand", "Eye")),),
        stud=5, stud_goal="the lock holds and the deputy hears"))
    campaign.execute(Deal(((LUKE.name, ("Qs", "8d", "5h", "4c", "2s", "Jh")),
                           ("Dealer", ("9c", "9h", "Kd", "6s", "3d")))))
    campaign.execute(Draw(LUKE.name, ("2s",), ("7c",), knack="Lock Pickin'"))
    campaign.execute(Call(((LUKE.name, ("Qs", "Jh", "8d", "7c", "5h")),
                           ("Dealer", ("9c", "9h", "Kd", "6s", "3d")))))
    campaign.execute(BidForNarration(((LUKE.name, 1),)))
    campaign.execute(TakeDifficulty(LUKE.name, (("Guts", 1), ("Heart", 1))))
    campaign.execute(RestorePoint("Guts"))
    campaign.execute(EndConflict())

    _claras_road_to_hell(campaign)

    campaign.execute(OpenConflict(
        "The bounty money at the jail",
        (Entrant(ZEKE.name, "make Long Tom own they hanged the wrong man",
                 ("Hand", "Guts"), knack="Wrestlin'"),
         Entrant(TOM.name, "run the drunk out of his jail", ("Hand", "Guts"), trait=True,
                 knack="Fightin'")),
        stakes=1))
    campaign.execute(Deal(((ZEKE.name, ("Td", "2c", "Ah", "Kd", "8c", "4h", "Qs", "Th")),
                           (TOM.name, ("4s", "Jd", "4d", "Jh", "Jc", "7s", "8d", "Qd")))))


def _claras_road_to_hell(campaign: Campaign[Any]) -> None:
    """Jim's full house takes Clara's nerve to 0; she goes to the mayor's house on it
    anyway, narrates as a character at 0 does, and when that conflict ends she moves on."""
    campaign.execute(OpenConflict(
        "What Clara knows",
        (Entrant(JIM.name, "learn why she hides from the mayor", ("Eye", "Heart"),
                 knack="Philanderin'"),
         Entrant(CLARA.name, "keep her plan to herself", ("Guts", "Heart"),
                 knack="Seducin'"))))
    jim = ("Kc", "Kh", "Ks", "4c", "4h", "9d")
    clara = ("Qd", "Jd", "8s", "6c", "3h", "2d")
    campaign.execute(Deal(((JIM.name, jim), (CLARA.name, clara))))
    campaign.execute(Call(((JIM.name, best_lay(jim)), (CLARA.name, best_lay(clara)))))
    campaign.execute(TakeDifficulty(CLARA.name, (("Guts", 2), ("Heart", 3))))
    campaign.execute(EndConflict())

    campaign.execute(OpenConflict(
        "Clara at the mayor's door",
        (Entrant(JACK.name, "get the pistol off her before she fires", ("Eye", "Heart"),
                 knack="Lyin'"),
         Entrant(CLARA.name, "shoot Merrill Randolph", ("Guts", "Heart")))))
    jack = ("9s", "9d", "Ah", "7c", "6d", "Js", "3h", "2c")
    at_zero = ("Kd", "Jc", "8h", "6s")  # the Devil's 3 for her Guts at 0, and Heart 1
    campaign.execute(Deal(((JACK.name, jack), (CLARA.name, at_zero))))
    campaign.execute(Call(((JACK.name, best_lay(jack)), (CLARA.name, best_lay(at_zero)))))
    campaign.execute(TakeDifficulty(CLARA.name, (("Hand", 1), ("Eye", 1))))
    campaign.execute(EndConflict())
    campaign.execute(TickClock(TRUTH, 1, "Clara went to the mayor's door with a pistol over "
                               "the man they hanged, and the street is talking"))
    campaign.execute(RecordFate(CLARA.name, "moves on"))


SAMPLES = [Sample(file="the-hanged-man", name="The Hanged Man", game="dust-devils",
                  build=build_hanged_man, seed=1873)]
