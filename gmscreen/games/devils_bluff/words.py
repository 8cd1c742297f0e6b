"""F1's words of one Devils Bluff campaign: the shipped glossary's, with every entry a
setting touches told as the table agreed it at the set-up (`tables/settings.toml`).

The shipped entries tell Open Fire's first rules, naming the other reading in brackets
("if the table agreed"); a table that agreed the other reading read the first rules' in F1
and under the forms all the same. Here each entry a setting changes reads the choice in
force instead, saying it was agreed at the set-up and what the first rules do (the Revolver
makes three attacks within half range where Rapid Fire adds one; a game lasts 7 rounds where
the table agreed 7). An entry left at the first rules' reading is the shipped one, and the
Settings entry ends with the settings in force, as the players' screen says them.

Where a setting's reading covers only tests (a King counts 12 before its modifier, an Ace
always fails), the Draw Deck's entry says so: the initiative still adds the cards' face
values (a King 13), since no test and no modifier is made there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmscreen.core.text import plural
from gmscreen.games.devils_bluff.state import DevilsBluffState, default_settings, settings_in_words
from gmscreen.glossary import Word, words_of

AGREED = "as agreed at the set-up"

#: an entry's change: the text it had, the text it gets in its place
Swap = tuple[str, str]


def _rounds(n: Any) -> dict[str, list[Swap]]:
    return {
        "Round": [("A game lasts five rounds unless agreed otherwise",
                   f"A game lasts {plural(n, 'round')}, {AGREED} (the first rules say "
                   "five), unless agreed otherwise")],
        "Mission": [("(5 unless the set-up says otherwise, or", f"({n}, {AGREED}, unless")],
    }


def _readings(settings: Mapping[str, Any]) -> dict[str, list[Swap]]:
    """Each entry's swaps for the settings not at the first rules' reading."""
    default = default_settings()

    def differs(key: str) -> bool:
        return bool(settings.get(key, default[key]) != default[key])

    swaps: dict[str, list[Swap]] = {}

    def add(more: dict[str, list[Swap]]) -> None:
        for word, pairs in more.items():
            swaps.setdefault(word, []).extend(pairs)

    if differs("rounds"):
        add(_rounds(settings["rounds"]))
    if differs("initiative_cards"):
        add({"Initiative": [("each player draws cards and adds them", (
            f"each player draws one card, {AGREED} (the first rules draw a card for each "
            "player and add them)"))]})
    deck = []
    if differs("king_capped_first"):
        deck.append("in a test a King counts 12, before any modifier")
    if differs("ace_fails"):
        deck.append("an Ace always fails a test, whatever its modifiers")
    if deck:
        add({"Draw Deck": [("King 13).", f"King 13; {AGREED}, {' and '.join(deck)}).")]})
    if differs("rapid_fire"):
        add({"Rapid Fire": [(
            "it makes twice its attacks (one more instead, if the table agreed at the set-up).",
            f"it makes one attack more, {AGREED} (the first rules double them).")],
            "Revolver": [(
                "four within 8\" (half its range; three if the table agreed Rapid Fire adds "
                "one)", f"three within 8\" (half its range: Rapid Fire adds one, {AGREED})")]})
    if differs("suppressing"):
        add({"Suppressing": [(
            "an attack that hits puts a suppression token on its target (one a hit, if the "
            "table agreed at the set-up).",
            f"each hit puts a suppression token on its target, {AGREED} (the first rules give "
            "one for an attack that hits).")],
            "Rifle": [("(one a hit, if the table agreed)", f"(one a hit, {AGREED})")]})
    if differs("evade_token_always"):
        add({"Evading": [("+2 to each Defence test, then a token.", (
            "+2 to each Defence test, then a token if a hit made it test Defence, "
            f"{AGREED} (none when every attack missed)."))]})
    if differs("stealth_in_assault"):
        add({"Stealth": [("to each Battle Skill test.", (
            f"to each Battle Skill test, but not within assault range (1\"), {AGREED}."))],
            "Stealthy": [("on each Battle Skill test.", (
                f"on each Battle Skill test, but not within assault range (1\"), {AGREED}."))]})
    if differs("guns_in_assault"):
        add({"Melee": [("None of the guns is one, so up close every model fights with fists "
                        "and knives.", (
                            f"None of the guns is one; up close a model fires its gun all the "
                            f"same, {AGREED} (the first rules give it fists and knives)."))],
             "Assault range": [("guns give way to fists and knives.",
                                f"guns fire all the same, {AGREED}.")],
             "Weapon": [("up close without a Melee weapon, fists and knives.",
                         f"up close the gun too, {AGREED}.")],
             "Fists and Knives": [("when its gun cannot fire there", (
                 "when its gun cannot fire there (here guns fire up close, "
                 f"{AGREED}, so none does)"))]})
    if differs("rending"):
        add({"Rending": [(
            "each critical hit deals 1 more damage, before the Defence test (on a failed "
            "Defence test instead, if the table agreed at the set-up).",
            f"a critical hit whose Defence test fails deals 1 more damage, {AGREED} (the "
            "first rules deal it before the Defence test).")],
            "Shotgun": [("a critical hit (a played hand) deals 1 damage more.", (
                "a critical hit (a played hand) whose Defence test fails deals 1 damage "
                "more."))]})
    if differs("recover_needs_token"):
        add({"Recover": [("a critical success all of them and an extra action.", (
            "a critical success all of them and an extra action. A model with no token may "
            f"take it too, {AGREED}: a pass still gives the extra action."))]})
    if differs("fear_stacks"):
        add({"Fear": [("takes -3 on its Command tests.", (
            f"takes -3 on its Command tests for each such model, {AGREED} (-6 for two)."))],
            "Fearsome": [("takes -3 on its Command tests.", (
                f"takes -3 on its Command tests, and -3 more for each other Fear model near "
                f"it, {AGREED}."))]})
    if differs("injuries"):
        add({"HP": [("at 0 the model is taken out.", (
            "at 0 the model turns up a card for DEF and stays on 1 HP if it passes, else it "
            f"is taken out, {AGREED}."))],
            "Taken out": [("With the setting \"injuries\", it first", f"Here, {AGREED}, it "
                                                                      "first")]})
    if differs("deployment"):
        add({"Deployment": [("the higher picks an area and sets up first, every model "
                             "wholly within it.", (
                                 "the higher picks an area and sets up a model first, then "
                                 f"the players set up one model each by turns, {AGREED} (the "
                                 "first rules set up a whole gang at a time), every model "
                                 "wholly within its area."))]})
    return swaps


def campaign_words(state: DevilsBluffState) -> tuple[Word, ...]:
    """The glossary as this campaign's set-up has it: each entry a setting changes told
    the way the table agreed, and the Settings entry ending with the settings in force."""
    swaps = _readings(state.settings)
    words = []
    for word in words_of("gmscreen.games.devils_bluff"):
        means = word.means
        for old, new in swaps.get(word.word, ()):
            means = means.replace(old, new)
        if word.word == "Settings":
            means = f"{means} This campaign's: {settings_in_words(state.settings)}."
        words.append(Word(word.word, means, word.short) if means != word.means else word)
    return tuple(words)
