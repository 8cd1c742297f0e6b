"""Round 18: every setting, on and off. Each choice other than the first rules' reading,
set up in a campaign and played at the moment it changes: F1 and the steps' lines must
tell it the way the table agreed, not in the default's words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from gmscreen.games import words_in
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    EndActivation,
    Mend,
    Recover,
    StartRound,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.state import setting_table
from gmscreen.games.devils_bluff.words import _readings
from gmscreen.glossary import Word, find, words_of
from gmscreen.journal.campaign import Campaign
from tests.devils_bluff.helpers import Table, campaign_sample, one_off, unshuffled
from tests.devils_bluff.test_readings import agreed, hendry_to_act

SHIPPED = words_of("gmscreen.games.devils_bluff")


def agreed_words(campaign: Campaign[Any], **settings: Any) -> tuple[Word, ...]:
    """F1's words of `campaign` had its set-up agreed these settings (`words_in` reads the
    campaign's rules and state alone)."""
    state = replace(campaign.state, settings={**campaign.state.settings, **settings})
    return words_in(cast(Campaign[Any], SimpleNamespace(rules=campaign.rules, state=state)))


def entry(words: tuple[Word, ...], term: str) -> str:
    found = find(words, term)
    assert found is not None, term
    return found.means


@pytest.fixture
def sample(tmp_path: Path) -> Campaign[Any]:
    return campaign_sample(tmp_path)


NON_DEFAULT = [(s.key, choice) for s in setting_table() for choice in s.choices
               if choice != s.default]


@pytest.mark.parametrize(("key", "choice"), NON_DEFAULT)
def test_f1_tells_every_setting_as_the_table_agreed_it(sample: Campaign[Any], key: str,
                                                        choice: Any) -> None:
    words = agreed_words(sample, **{key: choice})
    changed = [w for w in words if w not in SHIPPED]
    told = [w.word for w in changed if "as agreed at the set-up" in w.means]
    assert told, f"F1 tells {key} = {choice!r} in the first rules' words"
    word = next(s for s in setting_table() if s.key == key).word(choice)
    assert word in entry(words, "Settings")


def test_f1_at_the_first_rules_is_the_shipped_glossary_and_names_them(
        sample: Campaign[Any]) -> None:
    words = words_in(sample)
    assert [w for w in words if w not in SHIPPED] == [find(words, "Settings")]
    assert entry(words, "Settings").endswith(
        "This campaign's: 5 rounds; otherwise as Open Fire's first rules read.")


def test_f1_says_the_numbers_of_the_choice_in_force(sample: Campaign[Any]) -> None:
    words = agreed_words(sample, rounds=7, rapid_fire="plus one", fear_stacks=True,
                         injuries="survival test", rending="on a failed defence",
                         guns_in_assault=True, initiative_cards="one")
    assert "A game lasts 7 rounds, as agreed at the set-up" in entry(words, "Round")
    assert "(7, as agreed at the set-up, unless the mission agreed" in entry(words, "Mission")
    assert "three within 8\" (half its range: Rapid Fire adds one" in entry(words, "Revolver")
    assert "four within" not in entry(words, "Revolver")
    assert "-6 for two" in entry(words, "Fear")
    assert "stays on 1 HP if it passes" in entry(words, "HP")
    assert "whose Defence test fails deals 1 more damage" in entry(words, "Rending")
    assert "before the Defence test (on" not in entry(words, "Rending")
    assert "fires its gun all the same" in entry(words, "Melee")
    assert "guns fire all the same" in entry(words, "Assault range")
    assert "draws one card" in entry(words, "Initiative")


def test_an_ace_that_fails_by_the_setting_says_so_beside_its_result() -> None:
    # Dutch (SKL 9) tests at +8 with an Ace: 9 reaches 9, yet the agreed Ace fails
    table = agreed(hendry_to_act(one_off(), "Dutch"), ace_fails=True)
    table.stack("As")
    event = table.execute(AttributeTest("Dutch", "SKL", modifier=8))[0]
    assert event.data["line"] == "Dutch tests SKL 9+ at +8 with A♠ (9, an Ace fails): failure"
    # an attack's steps say it too, and at the first rules the Ace passes as before
    table = agreed(hendry_to_act(one_off(), "Dutch"), ace_fails=True)
    table.stack("Kc Qc As 2s")
    event = table.execute(Attack("Dutch", "Eli Crane", cover="heavy"))[0]
    assert "A♠ 4 (an Ace fails) failed" in event.data["line"]
    table = hendry_to_act(one_off(), "Dutch")
    table.stack("As")
    event = table.execute(AttributeTest("Dutch", "SKL", modifier=8))[0]
    assert event.data["line"] == "Dutch tests SKL 9+ at +8 with A♠ (9): success"


def test_a_recover_with_no_token_says_there_was_none_to_shed() -> None:
    table = agreed(hendry_to_act(one_off(), "Dutch"), recover_needs_token=False)
    assert "passes: no token to shed, but an extra action" in view.recover_words(
        table.state, "Dutch")
    table.stack("Kh")
    event = table.execute(Recover("Dutch"))[0]
    assert event.data["line"] == ("Dutch recovers: CMD 8+ with K♥ (13); passes: no token "
                                  "to shed, but an extra action")
    # with a token, as before
    table = hendry_to_act(one_off(), "Dutch")
    table.execute(Mend("Dutch", 8, 1, "a token missed"))
    assert "passes: one token shed and an extra action" in view.recover_words(
        table.state, "Dutch")
    table.stack("Kh")
    event = table.execute(Recover("Dutch"))[0]
    assert event.data["line"].endswith("passes: one token shed and an extra action")


def test_rending_on_a_failed_defence_says_when_its_damage_came() -> None:
    # Ma Hendry's Shotgun, her hand critical on the first test; Quill fails its Defence
    lines = []
    for reading in ("before defence", "on a failed defence"):
        table = agreed(one_off(), rending=reading)
        if table.state.battle.turn == COLE:  # type: ignore[union-attr]
            table.execute(Activate("Eli Crane"))
            table.execute(EndActivation("Eli Crane"))
        table.execute(Activate(HENDRY))
        table.give(HENDRY, "8c 8d 3h 4s Jc")
        table.stack("2s 3d")
        event = table.execute(Attack(HENDRY, "Quill", hand=True))[0]
        assert event.data["damage"] == 3
        lines.append(event.data["line"])
    assert lines[0].endswith("3♦ 2 failed; Rending 1)")
    assert lines[1].endswith("3♦ 2 failed; Rending 1 more on a failed Defence test)")


def test_evading_with_no_token_for_a_miss_says_the_target_evaded() -> None:
    # Dutch (Revolver, SKL 9) at Eli Crane, who evades; both tests miss
    lines = []
    for always in (True, False):
        table = agreed(hendry_to_act(one_off(), "Dutch"), evade_token_always=always)
        table.stack("2s 3d")
        event = table.execute(Attack("Dutch", "Eli Crane", evading=True))[0]
        lines.append(event.data["line"])
        assert table.state.find("Eli Crane")[1].tokens == int(always)  # type: ignore[index]
    assert lines[0] == ("Dutch shoots at Eli Crane: 0 hits, 0 damage; a token to Eli Crane "
                        "for evading (1 now) (SKL 9+: 2♠ 2 miss, 3♦ 3 miss)")
    assert lines[1] == ("Dutch shoots at Eli Crane: 0 hits, 0 damage; Eli Crane evaded: no "
                        "Defence test, so no token (SKL 9+: 2♠ 2 miss, 3♦ 3 miss)")


def test_the_test_at_0_hp_follows_the_damage_that_brought_the_model_there() -> None:
    # Dutch hits Eli Crane (DEF 7, mended to 1 HP), whose Defence fails; the table agreed
    # the test at 0 HP: a Queen keeps him on 1 HP, a 5 does not
    for card, then, hp in (("Qd", "Q♦ (12): stays on 1 HP", 1), ("5d", "5♦ (5): fails", 0)):
        table = agreed(hendry_to_act(one_off(), "Dutch"), injuries="survival test")
        table.execute(Mend("Eli Crane", 1, 0, "a wound missed"))
        table.stack(f"Ks 2d 3d {card}")
        line = table.execute(Attack("Dutch", "Eli Crane"))[0].data["line"]
        assert line.startswith("Dutch shoots at Eli Crane: 1 hit, 1 damage")
        assert line.endswith(f"; at 0 HP Eli Crane tests DEF 7+ with {then}")
        assert table.state.find("Eli Crane")[1].hp == hp  # type: ignore[index]


def test_the_set_up_s_line_names_every_reading_the_table_agreed() -> None:
    table = Table()
    table.execute(ChooseSetUp("one-off", settings=(("rounds", 7), ("rapid_fire", "plus one"),
                                                   ("injuries", "survival test"))))
    told = RULES.describe(table.events[-1])
    assert told == ("Set-up: a one-off, hiring by controlled choice, 7 rounds a game; Rapid "
                    "Fire adds 1 ATT; a Defence test to stay on 1 HP")
    table = Table()
    table.execute(ChooseSetUp("campaign"))
    assert RULES.describe(table.events[-1]) == (
        "Set-up: a campaign, hiring by controlled choice, 5 rounds a game")


def test_the_attack_form_s_words_follow_evading_s_token_and_stealth_up_close() -> None:
    table = one_off()
    about = view.attack_about(table.state, "Dutch")
    assert about["evading"].endswith("+2 to each Defence test, then a suppression token.")
    assert about["assault_range"].endswith("; no evading.")
    agreed(table, evade_token_always=False, stealth_in_assault=False)
    about = view.attack_about(table.state, "Dutch")
    assert about["evading"].endswith(
        "then a suppression token if a hit made it test Defence (agreed).")
    assert about["assault_range"].endswith("; no evading; no Stealth -X there (agreed).")


def test_a_king_capped_at_12_in_tests_still_counts_13_in_the_initiative() -> None:
    # the reading (`words` docstring): "a King is 12" caps a test's card; the initiative is
    # no test, so a King beats a Queen there and no tie is drawn again
    table = agreed(one_off(), king_capped_first=True, initiative_cards="one")
    for _ in range(25):  # both gangs pass every model (bounded: ten models each)
        battle = table.state.battle
        assert battle is not None
        if not battle.turn:
            break
        gang = table.state.gang(battle.turn)
        assert gang is not None
        ready = next(f.name for f in gang.fighters if f.ready)
        table.execute(Activate(ready))
        table.execute(EndActivation(ready))
    # a King and a Queen still in the Draw Deck, on its top
    order = table.state.deck.order
    king = next(c for c in order if c.code.startswith("K"))
    queen = next(c for c in order if c.code.startswith("Q"))
    table.stack(f"{king.code} {queen.code}")
    event = table.execute(StartRound(unshuffled()))[0]
    assert len(event.data["draws"]) == 2
    assert "(13)" in RULES.describe(event) and "(12)" in RULES.describe(event)


def test_every_reading_agreed_finds_the_words_it_puts_right() -> None:
    """F1's entries are the shipped glossary's with the words of each reading agreed put
    in place of the first rules' (`words._readings`): a glossary reworded would leave a
    swap finding nothing, and F1 telling the first rules again with no word. Every choice
    other than the first rules' finds each text it replaces."""
    shipped = {word.word: word.means for word in words_of("gmscreen.games.devils_bluff")}
    for setting in setting_table():
        for choice in setting.choices:
            if choice == setting.default:
                continue
            for word, swaps in _readings({setting.key: choice}).items():
                for old, _ in swaps:
                    assert old in shipped[word], (setting.key, choice, word, old)
