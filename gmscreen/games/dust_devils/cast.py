"""The cast of the book's scenario, The Hanged Man (lines 445-692): the four player
characters and the three important non-player characters, with the book's numbers, traits,
Knacks, Devil ratings and Chips; their Devils, descriptions and back stories in our words.

The sample campaign is built from them (`sample`), and a Dealer running the scenario in a
campaign of his own makes them with one step (`commands.MakeHangedManCast`), where he typed
seven sheets from the book: those of the player characters the table plays (the book
uses two to four, one player running "Gentleman" Jim, line 447, and lets players bring their
own in place of any, line 411), and the three non-player characters.
"""

from __future__ import annotations

from gmscreen.games.dust_devils.commands import Sheet

#: the scenario's name, as F1 and the Characters tab's key say it
SCENARIO = "The Hanged Man"

JIM = Sheet(
    name='"Gentleman" Jim Harris', player=True, ratings=(4, 4, 3, 2),
    knacks=(("Bargainin'", 2), ("Drinkin'", 1), ("Gamblin'", 2), ("Philanderin'", 2),
            ("Shootin'", 4)),
    traits=("Cool as a cucumber", "Richer than Croesus"),
    devil="A wanted man: his name as a killer rides ahead of him, and no town lets him "
          "settle into the easy life his money could buy.",
    devil_rating=3, vocation="Wanted gunfighter",
    description="A fine-suited Easterner with two odd six-guns, hard since the war.",
    back_story="He lost his wife to his partner before the war and his whole company at "
               "Antietam; half a dozen men have fallen to him since.",
    chips=3,
)
ZEKE = Sheet(
    name="Zeke Munroe", player=True, ratings=(5, 3, 3, 2),
    knacks=(("Drinkin'", 3), ("Ridin'", 1), ("Shootin'", 2), ("Trackin'", 3),
            ("Wrestlin'", 2)),
    traits=("Meaner than a new sheared sheep", "Strong as an ox"),
    devil="A mean drunk: whiskey is all that dulls the memory of the runaway girl and her "
          "unborn child he handed back for five dollars in Ohio.",
    devil_rating=2, vocation="Guilt-ridden bounty hunter",
    description="An aging manhunter who smells of the bottle and never sleeps well.",
    back_story="Helped the sheriff's posse take the man they hanged, and was paid for it.",
    chips=3,
)
JACK = Sheet(
    name='"Black" Jack Kerrigan', player=True, ratings=(3, 4, 2, 4),
    knacks=(("Snoopin'", 2), ("Gamblin'", 4), ("Shootin'", 2), ("Lyin'", 3)),
    traits=("Sharp as a rattler's tooth", "Sly as a fox"),
    devil="A cheat to the bone: given any chance to tilt the odds he takes it, and one day "
          "his borrowed luck will run dry.",
    devil_rating=2, vocation="Crooked gambler",
    description="A riverboat sharp short one finger on his left hand.",
    back_story="A Creole card cheat took his stake and his finger; he has not played "
               "straight since. He came to Last Oak after Gentleman Jim's money.",
    chips=4,
)
LUKE = Sheet(
    name='"Lucky" Luke Johnson', player=True, ratings=(3, 3, 4, 3),
    knacks=(("Drinkin'", 3), ("Lock Pickin'", 1), ("Ridin'", 3), ("Ropin'", 2),
            ("Shootin'", 2)),
    traits=("Friendlier than a pet coon", "Reckless as a blind bear"),
    devil="Alone by choice: since he let his family die in a hard winter he trusts nobody, "
          "himself least of all, and helps only himself.",
    devil_rating=2, vocation="Lonesome cowpoke",
    description="A drifter of the Santa Fe Trail, sitting in the Last Oak jail.",
    back_story="Shared his fire with a well-dressed stranger and was taken with him; the "
               "stranger hanged, and Luke waits to be next.",
    chips=6,
)
CLARA = Sheet(
    name="Clara Hardin", player=False, ratings=(2, 3, 2, 4),
    knacks=(("Mendin'", 2), ("Seducin'", 3), ("Teachin'", 2)),
    traits=("Quiet as a mouse", "Pretty as a little red wagon"),
    devil="Original sin: since her husband's death she gets what she needs only through a "
          "man, willing or not.",
    devil_rating=3, vocation="Widow under her brother-in-law's roof",
    description="She wants Merrill dead and her inheritance back.",
)
MERRILL = Sheet(
    name="Merrill Randolph", player=False, ratings=(3, 3, 2, 4),
    knacks=(("Drinkin'", 1), ("Gamblin'", 2), ("Politickin'", 3), ("Sweet Talkin'", 2)),
    traits=("Crooked as a snake", "Proud as a peacock"),
    devil="He must control everyone around him, and most often has the sheriff do the "
          "dirty work.",
    devil_rating=3, vocation="Mayor of Last Oak",
    description="Genial in public; behind doors he schemed the hanging of Clara's lover.",
)
TOM = Sheet(
    name='"Long" Tom Meredith', player=False, ratings=(3, 2, 4, 2),
    knacks=(("Fightin'", 3), ("Interrogatin'", 2), ("Ridin'", 2), ("Shootin'", 3),
            ("Trackin'", 1)),
    traits=("Cruel as spite", "Tough as nails"),
    devil="A bully who rules by fear; stand up to him and he loses his nerve.",
    devil_rating=2, vocation="Sheriff of Last Oak",
    description="A towering lawman who will hang a man on the mayor's word.",
)
PLAYERS = (JIM, ZEKE, JACK, LUKE)
NON_PLAYERS = (CLARA, MERRILL, TOM)
#: how many of the four player characters a table uses (line 447)
SEATS = (2, 4)
