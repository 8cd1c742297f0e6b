"""Round 22: every call the books leave to the players, offered where the step is taken
(docs/rules/devils-bluff.md, "The Dealer's calls (round 22)")."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import AgreeObjectives, ChooseSetUp
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import end_game_note, rounds_left
from gmscreen.games.devils_bluff.words import campaign_words
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table
from tests.devils_bluff.test_campaign_evenings import (
    TOO_BIG,
    in_a_game,
    in_a_round_table,
)
from tests.devils_bluff.test_fuzz_deep import STEPS
from tests.devils_bluff.test_round_eighteen import entry
from tests.devils_bluff.test_third_look import focused_on
from tests.pilot import (
    about,
    fill,
    glossary_entry,
    opened,
    refusal_shown,
    synchronous,
    to_tab,
    until,
)

GAME = "gmscreen.games.devils_bluff"

# -- the app's own numbers, named when a number is refused -----------------------------------


@pytest.mark.parametrize(("key", "field", "typed", "said"), [
    ("s", "points", TOO_BIG, f"at most 100, not {TOO_BIG}"),
    ("t", "modifier", TOO_BIG, f"at most 12, not {TOO_BIG}"),
    ("t", "modifier", f"-{TOO_BIG}", f"at least -12, not -{TOO_BIG}"),
], ids=["points", "modifier-up", "modifier-down"])
@synchronous
async def test_a_number_of_twenty_digits_is_refused_by_the_app_s_range(
        tmp_path: Path, key: str, field: str, typed: str, said: str) -> None:
    """A score or a modifier of twenty digits was refused as too large for the journal,
    which told the Dealer nothing of the range the app takes (1 to 100 points at once,
    -12 to +12): the form now refuses it by that range."""
    campaign: Campaign[DevilsBluffState] = in_a_game(tmp_path)
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, key, **{field: typed})
        assert said in refusal_shown(app, field.capitalize()).refusal
        await until(pilot, focused_on(form, field))
        assert len(campaign.events) == events
    campaign.close()


def test_f1_says_the_app_s_ranges_for_a_modifier_and_a_score() -> None:
    """The score's 1 to 100 was in F1 (round 21); the modifier's -12 to +12 was said under
    the field alone."""
    assert "-12 to +12" in glossary_entry(GAME, "Modifier").means
    assert "1 to 100" in glossary_entry(GAME, "Score").means


# -- the game's rounds, from the mission the players agree ----------------------------------


def test_the_objectives_agreed_give_the_game_its_own_rounds() -> None:
    """Digest 2.1 (72, 77): a game lasts 5 rounds "unless the module or mission says
    otherwise", and the players agree the mission. Only the campaign's setting, chosen
    before its first game, set the rounds: the objectives now carry the game's own."""
    table = in_a_round_table()
    assert table.state.game_rounds() == 5
    (agreed,) = table.execute(AgreeObjectives("the well: 1 a round held", 3))
    assert agreed.data["rounds"] == 3
    assert RULES.describe(agreed) == ("The objectives agreed: the well: 1 a round held (the "
                                      "game lasts 3 rounds)")
    state = table.state
    assert state.game_rounds() == 3 and rounds_left(state) == 2
    assert view.status_lines(state)[0].startswith("Game 1 · Round 1 of 3")
    assert "Round 1 of 3: 2 more rounds to play" in end_game_note(state)
    known = view.table_knows(state)
    assert known.game is not None and known.game.rounds == 3
    assert table.replayed() == state
    # back to the campaign's 5: kept as the setting (0), and told as the change it is
    # (round 64: it read as a first agreement)
    (again,) = table.execute(AgreeObjectives("the well: 1 a round held", 5))
    assert "rounds" not in again.data and table.state.game_rounds() == 5
    assert RULES.describe(again) == ("The game's rounds changed from 3 to 5 (the "
                                     "objectives stand: the well: 1 a round held)")
    # one round: this is the last (once every model has activated, x ends the game)
    table.execute(AgreeObjectives("the well", 1))
    assert rounds_left(table.state) == 0
    assert view.status_lines(table.state)[0].startswith("Game 1 · Round 1 of 1")


def test_a_game_s_rounds_are_refused_past_the_app_s_range_or_below_the_round_under_way() -> None:
    table = in_a_round_table()
    for rounds in (13, -1):
        with pytest.raises(RuleError) as refused:
            table.execute(AgreeObjectives("the well", rounds))
        assert refused.value.field == "rounds" and "1 to 12" in str(refused.value)
    table.execute(AgreeObjectives("the well", 12))
    assert table.state.game_rounds() == 12
    with pytest.raises(RuleError) as refused:
        table.execute(AgreeObjectives("the well", 12))
    assert refused.value.field == "text"  # nothing changed


def test_objectives_agreed_before_round_22_keep_the_campaign_s_rounds() -> None:
    table = in_a_round_table()
    (agreed,) = table.execute(AgreeObjectives("the well"))
    # an older journal's event had no rounds: it reads as the setting
    bare = replace(agreed, data={"text": "the well"})
    before = table.state
    assert RULES.evolve(before, bare).game_rounds() == 5
    assert RULES.describe(bare) == "The objectives agreed: the well"


@synchronous
async def test_the_objectives_form_asks_the_game_s_rounds(tmp_path: Path) -> None:
    campaign: Campaign[DevilsBluffState] = in_a_game(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "o")
        assert form.widget_of("rounds").value == "5"  # type: ignore[attr-defined]
        assert "the set-up's Rounds a game is 5" in about(form, "rounds")
        await fill(pilot, None, text="the strongbox: 3", rounds="6")
        await until(pilot, lambda: campaign.state.game_rounds() == 6)
        assert campaign.events[-1].data == {"text": "the strongbox: 3", "rounds": 6}
    campaign.close()


def test_f1_says_where_a_game_s_own_rounds_are_agreed() -> None:
    assert "objectives form" in glossary_entry(GAME, "Round").means
    assert "Rounds, 1 to 12" in glossary_entry(GAME, "Mission").means


# -- `gmscreen replay` without the tabs' keys ---------------------------------------------


#: a key named as the tabs name it: "(h to look)", "Press g", "(d)", "w lets it go"...
KEY_HINT = re.compile(r"\(\w to look\)|[Pp]ress \w\b|\((?:[a-zA-Z]|ctrl\+\w)\)|ctrl\+"
                      r"|\b[a-zA-Z] (?:draws|lets|begins|ends|writes|makes|rolls|founds|"
                      r"hires|enlists)\b|\b[a-zA-Z]: leave|\b[A-Z] if a card|\(f; ")


@pytest.mark.parametrize("name", list(STEPS))
def test_replay_tells_the_tabs_lines_without_their_keys(name: str) -> None:
    """The Conflict tab's status and hands name the keys that take each step ("(h to
    look)", "Press g to ..."); `gmscreen replay` printed them too, where no key can be
    pressed. It prints the same lines without them."""
    state = STEPS[name]().state
    printed = as_text(view.dealer_sections(state))
    assert not KEY_HINT.search(printed), KEY_HINT.findall(printed)
    # the same lines all the same: each tab line is in the replay, its keys taken out
    told = view.status_lines(state)[1:] if state.battle else view.campaign_lines(state)
    for line in told + view.hand_lines(state):
        assert view.keyless(line) in printed, line


def test_the_keyless_lines_read_as_the_table_would_say_them() -> None:
    said = {
        "Ann: ▮ ▮ ▮ ▮ ▮  5 face down (h to look)  d draws": "Ann: ▮ ▮ ▮ ▮ ▮  5 face down  may draw",
        "Press g to shuffle the Draw Deck and begin game 2.":
            "Next, the Draw Deck is shuffled to begin game 2.",
        "Bob's turn to activate a model (a)": "Bob's turn to activate a model",
        "Jed makes 2 free attacks of Hail of Fire at once (f; w lets them go)":
            "Jed makes 2 free attacks of Hail of Fire at once (or let go)",
        "Eli leaves assault range: Jed may attack first (f); v makes the Advance":
            "Eli leaves assault range: Jed may attack first; then the Advance",
    }
    assert {line: view.keyless(line) for line in said} == said


def test_the_set_up_s_rounds_run_from_one_to_twelve() -> None:
    """Digest 2.1 (77): five rounds "unless agreed": the set-up offered 4 to 8 alone, the
    app's choice; it offers 1 to 12, the game's own range."""
    table = Table(3)
    table.execute(ChooseSetUp("campaign", settings=(("rounds", 3),)))
    assert table.state.setting("rounds") == 3
    table = Table(3)
    table.execute(ChooseSetUp("campaign", settings=(("rounds", 12),)))
    assert table.state.setting("rounds") == 12
    assert "A game lasts 12 rounds, as agreed" in entry(campaign_words(table.state), "Round")
    with pytest.raises(RuleError):
        Table(3).execute(ChooseSetUp("campaign", settings=(("rounds", 13),)))
    (told,) = [RULES.describe(e) for e in Table(3).execute(
        ChooseSetUp("one-off", settings=(("rounds", 1),)))]
    assert told.startswith("Set-up: a one-off, hiring by controlled choice, 1 round a game")


# -- the "may"s the app takes for the player, said in F1 --------------------------------------


@pytest.mark.parametrize(("term", "said"), [
    ("Run and Gun", "the app sheds them all"),
    ("Shrug it Off", "the app clears them all"),
    ("Fearless", "the app always draws again after a failure"),
])
def test_f1_says_the_app_makes_the_call_the_book_leaves_to_the_player(term: str,
                                                                      said: str) -> None:
    """Module 159 and 163 say a model "may" shed its tokens, and the first rules that a
    Fearless model "may" test again: the app takes each for the player, as a table would,
    and F1 said the rule without saying the app made the call."""
    means = glossary_entry(GAME, term).means
    assert said in means and "may" in means


def test_a_player_in_the_log_s_filter_stands_for_the_models_of_their_gang() -> None:
    """`log --who "ma hendry"` found her roll-offs and hires but none of her models' moves
    and attacks, which name the model alone: the filter's names for a player are hers and
    every name of her gang's models; a model's are its own, now and before a rename."""
    from tests.devils_bluff.helpers import one_off

    state = one_off().state
    hers = view.names_of(state, "Ma Hendry")
    gang = next(g for g in state.gangs if g.player == "Ma Hendry")
    others = [f.name for g in state.gangs if g.player != "Ma Hendry" for f in g.fighters]
    assert hers[0] == "Ma Hendry" and {f.name for f in gang.fighters} <= set(hers)
    assert others and not set(others) & set(hers)
    model = next(f.name for f in gang.fighters if f.name not in state.players)
    assert view.names_of(state, model) == state.names_of(model)
