"""Round 27: an evening with rounds 24 to 26 in play together (the palette's words, clicks,
the Judge's own keys, marks that do not lean on colour), played from `gmscreen new` with
ten keys moved in settings.toml, and what they broke where they met
(docs/rules/fistful.md, "An evening with rounds 24 to 26 (round 27)"). Each test here
failed before its fix."""

from __future__ import annotations

import re

from gmscreen.games.fistful import view
from gmscreen.games.fistful.state import Settings
from tests.fistful.game import posse
from tests.fistful.test_an_evening import house

#: a lone letter (or $) named as a step's key in a sentence: ", d (", "with e and p",
#: "(O, ", "on O)", "k (banked)"
LONE_KEY = re.compile(r"(?:, |\(|with | and | or | on )[a-zA-Z$](?=[;,.:)]| \(| and | or )")
#: the odds' columns, whose letters are the columns' own (S, F, B), no key
COLUMNS = ("Luck S", "Judge S")


def test_f1_s_words_of_the_game_name_no_key_the_judge_may_have_moved() -> None:
    """F1's "Judge's calls" named twenty-odd steps by the book's keys ("Doubling Down, d",
    "the Challenge, h and H", "tweaked with e and p", "Optional rules, O"), the Cavalry
    sword and the Gatling gun "(O, "Sword's harm")", and a campaign with Incidentals free
    "ticked on O": a Judge who moved a key read the old one there, where the same F1 lists
    his. Words that cannot know the keys name the step (round 25)."""
    state = house(posse(), sword=5, gatling=4, free_incidentals=True)
    assert state.settings == Settings(sword=5, gatling=4, free_incidentals=True)
    words = {w.word: w.means for w in view.campaign_words(state)}
    named = {word: LONE_KEY.findall(means) for word, means in words.items()
             if word not in COLUMNS and LONE_KEY.search(means)}
    assert named == {}, named
    calls = words["Judge's calls"]
    for step in ('Doubling Down, "Double"', 'the Challenge, "Challenge" and "Any Challenge"',
                 'tweaked with "Edit" and "Put a figure right"', '"Optional rules"'):
        assert step in calls, step
    assert "the Optional rules form" in words["Incidental"]
