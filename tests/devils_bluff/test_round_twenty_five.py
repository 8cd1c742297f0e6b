"""Round 25: the Dealer's own keys, named everywhere (docs/rules/devils-bluff.md, "The
Dealer's own keys (round 25)"). With a key set in settings.toml's [keys], every word of the
tabs that names a key names the key set; the rules' refusals and notices and F1's words
name the step instead, as they cannot know the keymap; the players' side names none."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from gmscreen import paths
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import EndCampaign, EndGame, KeepHired
from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.games.devils_bluff.panes.keys import as_set
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import campaign, table_sections
from tests.devils_bluff.test_fuzz_deep import STEPS
from tests.devils_bluff.test_round_twenty_two import KEY_HINT
from tests.pilot import synchronous, to_tab

GLOSSARY = Path(__file__).resolve().parents[2] / "gmscreen/games/devils_bluff/glossary.toml"

#: every step's key moved, as a Dealer's settings.toml might (the shell's undo too)
MOVED = {"undo": "ctrl+l", "devils_bluff.activate": "A", "devils_bluff.draw": "D",
         "devils_bluff.discard": "D", "devils_bluff.hand_first": "J",
         "devils_bluff.hand_second": "ctrl+k", "devils_bluff.dismiss": "X",
         "devils_bluff.correct_card": "ctrl+x"}


def keys_set(keys: dict[str, str]) -> None:
    """settings.toml's [keys], in the test's own GMSCREEN_HOME (tests/conftest.py)."""
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(
        "[keys]\n" + "".join(f'"{k}" = "{v}"\n' for k, v in keys.items()), encoding="utf-8")


def tab_lines(state: Any) -> list[str]:
    """Every line of the Dealer's tabs that names a key."""
    return [*view.status_lines(state), *view.campaign_lines(state), *view.hand_lines(state),
            view.objectives_note(state), view.end_campaign_note(state)]


@pytest.mark.parametrize("name", list(STEPS))
def test_every_key_the_tabs_name_is_named_as_set(name: str) -> None:
    """Round 24: the tabs' words named the book's keys once the Dealer set others ("d
    draws" with Draw on D, "ctrl+z takes its end back" with undo on ctrl+l). Every key a
    line of the tabs names is one of `view.KEY_WORDS`, put as set by `keys_as_set`."""
    state = STEPS[name]().state
    for line in tab_lines(state):
        moved = view.keys_as_set(line, lambda binding_id: "F12")
        assert not KEY_HINT.search(moved), (line, moved)
        assert view.keys_as_set(line, lambda binding_id: None) == line  # none set: as before


def test_each_key_is_changed_once_by_its_own_step() -> None:
    # e -> E and E -> ctrl+u (resume) in one settings.toml: "(e enlists)" reads "(E
    # enlists)", never "(ctrl+u enlists)"
    keys = {"devils_bluff.enlist": "E", "devils_bluff.resume": "ctrl+u",
            "devils_bluff.hand_first": "H", "devils_bluff.hand_second": "ctrl+k"}
    assert view.keys_as_set("Ann picks next from the pool (e enlists).", keys.get) == (
        "Ann picks next from the pool (E enlists).")
    assert view.keys_as_set("Ann: ▮ ▮  2 face down (h to look)", keys.get) == (
        "Ann: ▮ ▮  2 face down (H to look)")
    assert view.keys_as_set("Bob: ▮ ▮  2 face down (H to look)", keys.get) == (
        "Bob: ▮ ▮  2 face down (ctrl+k to look)")


def test_the_rules_words_name_the_step_never_a_key() -> None:
    """A refusal and the notice as a session begins come from the rules, which know no
    keymap: "(c)", "k on Lefty", "ctrl+z takes its end back" named keys the Dealer may
    have moved. They name the step ("Close aftermath", "Keep hired", an undo)."""
    table = campaign()
    table.execute(EndGame())
    told = RULES.session_begun(table.state) or ""
    refusals = [told]
    for command in (EndCampaign("Ma Hendry"),):
        with pytest.raises(RuleError) as refused:
            table.execute(command)
        refusals.append(str(refused.value))
    hired = next(f.name for g in table.state.gangs for f in g.fighters if f.recruit.hired)
    table.execute(KeepHired(hired))
    other = next(f.name for g in table.state.gangs for f in g.fighters
                 if f.recruit.hired and f.name != hired and g.fighter(hired) is not None)
    with pytest.raises(RuleError) as refused:
        table.execute(KeepHired(other))
    refusals.append(str(refused.value))
    assert "Keep hired on" in refusals[-1] and "Close aftermath" in told
    for said in refusals:
        assert not KEY_HINT.search(said), said
        assert not re.search(r"\b[a-zA-Z] (?:on|keeps)\b", said), said


def test_f1_and_the_tooltips_name_the_step_never_a_key() -> None:
    """F1's words (the glossary) named keys ("w lets it go", "m on the Conflict tab",
    "Set-up, m, ...") and Interact's tooltip "t for a test": F1 shows the keys as set
    beside each step, but these words kept the book's."""
    from gmscreen.games.devils_bluff.panes.conflict import ConflictPane

    single = re.compile(r"(?<![\w'\"-])[a-zA-Z](?: on the| lets|, |\)| \()|\([a-zA-Z]\)"
                        r"|ctrl\+")
    words = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["word"]
    assert len(words) > 40
    for means in (str(word["means"]) for word in words):
        found = [m.group(0) for m in single.finditer(means)
                 if m.group(0) not in {"A)", "X)", "X (", "a ("}]
        assert not found, (found, means[:120])
    for pane in (CharactersPane, ConflictPane):
        for binding in pane.BINDINGS:
            tooltip = getattr(binding, "tooltip", "")
            assert not re.search(r"\(\w for |\b[a-z] (?:for|to|on)\b", tooltip), tooltip


@pytest.mark.parametrize("name", list(STEPS))
def test_the_players_side_names_no_key(name: str) -> None:
    state = STEPS[name]().state
    shown = as_text(table_sections(view.table_knows(state)))
    assert not KEY_HINT.search(shown), KEY_HINT.findall(shown)


@synchronous
async def test_the_tabs_name_the_keys_the_dealer_set(tmp_path: Path) -> None:
    """The Conflict tab's turn line and hands, and the Dismiss question, with the keys
    moved: "(A)", "(J to look)", "(ctrl+k to look)", "D draws", "ctrl+l brings it back";
    the book's keys named nowhere."""
    keys_set(MOVED)
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        status = str(app.screen.query_one("#bluff-status", Static).content)
        hands = str(app.screen.query_one("#bluff-hands", Static).content)
        assert "Sheriff Cole's turn to activate a model (A)" in status, status
        assert "(J to look)" in hands and "(ctrl+k to look)" in hands, hands
        assert "D draws" in hands and " d draws" not in hands, hands
        assert "(h to look)" not in hands and "(H to look)" not in hands
        await pilot.press("J")
        await pilot.pause()
        hands = str(app.screen.query_one("#bluff-hands", Static).content)
        assert "ctrl+x if a card is wrong" in hands, hands
        # the Dismiss and Keep-instead questions name the shell's undo as set (between
        # games alone, where this sample is not: asked of the tab's own words)
        await to_tab(pilot, "1")
        pane = app.screen.query_one(CharactersPane)
        gang = app.campaign.state.gangs[0]
        asked = as_set(pane, view.dismiss_question(gang, gang.fighters[0].recruit))
        assert asked.endswith("leaves the gang? ctrl+l brings it back."), asked
    app.campaign.close()


@synchronous
async def test_the_book_s_keys_are_named_as_before_with_none_set(tmp_path: Path) -> None:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        hands = str(app.screen.query_one("#bluff-hands", Static).content)
        assert "(h to look)" in hands and "(H to look)" in hands and "d draws" in hands
    app.campaign.close()
