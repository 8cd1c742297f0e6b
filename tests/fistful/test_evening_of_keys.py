"""Round 27: an evening with rounds 24 to 26 in play together (the palette's words, clicks,
the Judge's own keys, marks that do not lean on colour), played from `gmscreen new` with
ten keys moved in settings.toml, and what they broke where they met
(docs/rules/fistful.md, "An evening with rounds 24 to 26 (round 27)"). Each test here
failed before its fix."""

from __future__ import annotations

import re
from pathlib import Path

from gmscreen.games.fistful import view
from gmscreen.games.fistful.state import Settings
from gmscreen.ui.form import Form
from gmscreen.ui.log_view import LogView
from tests.fistful.game import posse
from tests.fistful.test_an_evening import house
from tests.fistful.test_by_the_mouse import at, fighting, place_of, tab
from tests.fistful.test_fit import sample
from tests.fistful.test_palette import judged, shell
from tests.pilot import click_key, screen_text, synchronous, until

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


#: the evening's settings.toml: twelve keys moved, undo and note among them, two tabs
EVENING = {"fistful.form_posse": "F", "fistful.create": "C", "fistful.harm": "H",
           "fistful.roll": "f8", "fistful.attack": "A", "fistful.round": "f9",
           "fistful.end_turn": "N", "fistful.crime": "C", "undo": "ctrl+u", "note": "f4",
           "tab.1": "f10", "tab.3": "f11"}


@synchronous
async def test_the_evening_by_the_mouse_with_the_keys_moved(tmp_path: Path) -> None:
    """Clicks meet the moved keys (checked, held): a tab titled by its key as set, the
    Keys line's words and the footer's keys take the steps of the keys set, a double click
    on a log line replays it, and the replay's words name no key."""
    campaign = sample(tmp_path / "s", fighting)
    app, notices = judged(campaign)
    app.set_keymap(EVENING)
    async with app.run_test(size=(100, 30)) as pilot:
        await tab(pilot, "Fight")
        await until(pilot, lambda: "A Attack" in screen_text(app))
        assert "o Attack" not in screen_text(app)
        await click_key(pilot, "A")  # the footer's key as set opens the attack
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert isinstance(app.screen, Form) and "attacks" in app.screen.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await tab(pilot, "Characters")
        assert "f10 Characters" in screen_text(app) and "f11 Conflict" in screen_text(app)
        await at(pilot, *place_of(app, "C a new character"))
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert isinstance(app.screen, Form) and app.screen.title_text == "New character"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await tab(pilot, "Encounter Log")
        screen = shell(app)
        view = screen.query_one(LogView)
        await pilot.click(LogView, offset=(10, 3), times=2)
        await until(pilot, lambda: screen.replayed is not None)
        await pilot.press("escape")
        await until(pilot, lambda: screen.replayed is None)
        assert not notices.of("warning")
        assert view.cursor is not None
    campaign.close()
