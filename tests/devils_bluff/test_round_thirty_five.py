"""A loaded machine (round 35): a value the Conflict tab took at one moment and used at a
later one, each order of events made to happen here."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff.sample import COLE
from gmscreen.games.devils_bluff.state import setting_table
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form, field_letters
from tests.devils_bluff.test_by_enter import new_campaign
from tests.devils_bluff.test_round_fifteen import highlighted, one_off
from tests.pilot import form_up, synchronous, to_tab, until


@synchronous
async def test_an_activation_undone_gives_the_cursor_back_to_where_the_dealer_had_put_it(
        tmp_path: Path) -> None:
    """The cursor moved by hand from Sheriff Cole to Ruth Cole, then a, down, Enter: Eli
    Crane activated by mistake. ctrl+z gave the cursor to Sheriff Cole, the model it was
    on when the tab was last drawn, not Ruth Cole, where the Dealer had put it: the model
    remembered was read at the redraw before the cursor moved, and used at the one after
    the activation. The Activate form then offered Sheriff Cole, not the model meant."""
    campaign = one_off(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: highlighted(app) == COLE)
        await pilot.press("down")
        await until(pilot, lambda: highlighted(app) == "Ruth Cole")
        await pilot.press("a")
        form = await form_up(pilot)
        await until(pilot, lambda: form.values().text("fighter") == "Ruth Cole")
        await pilot.press("down", "enter")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is not None)
        battle = campaign.state.battle
        assert battle is not None and battle.activation is not None
        assert battle.activation.fighter == "Eli Crane"
        await until(pilot, lambda: highlighted(app) == "Eli Crane")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is None)
        await until(pilot, lambda: highlighted(app) == "Ruth Cole")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.activation is not None)
        battle = campaign.state.battle
        assert battle is not None and battle.activation is not None
        assert battle.activation.fighter == "Ruth Cole"
    campaign.close()


def test_every_field_of_the_set_up_form_has_a_letter_at_a_word_s_start() -> None:
    """Rending and Fear had no underlined letter (every letter of theirs taken above them,
    or b and f, which a terminal sends as word moves): named "Rending works" and "Fear
    from many", alt+w and alt+m reach them, each a word's first letter as most fields'
    are."""
    labels = ["Play", "Hiring", *(s.name for s in setting_table())]
    places = field_letters(labels)
    assert None not in places, list(zip(labels, places, strict=True))
    letters = {label: label[place] for label, place in zip(labels, places, strict=True)
               if place is not None}
    assert letters["Rending works"] == "w" and letters["Fear from many"] == "m", letters


@synchronous
async def test_alt_w_and_alt_m_take_the_keyboard_to_rending_and_fear(tmp_path: Path) -> None:
    """In the set-up form (m), alt+w reaches Rending and alt+m Fear."""
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("m")
        form = await form_up(pilot)
        await pilot.press("alt+w")
        await until(pilot, lambda: form.focused is form.widget_of("rending"))
        await pilot.press("alt+m")
        await until(pilot, lambda: form.focused is form.widget_of("fear_stacks"))
    campaign.close()


def test_f1_s_table_s_calls_name_the_defaults_rounds_33_and_34_gave() -> None:
    """F1's "Table's calls" named no default for the enemy an attack aims at (round 33:
    the one highlighted, else the one attacked last) nor for whom a score goes to (round
    34: the player whose model acts or has just acted), and said every range on an attack
    starts unticked, where Hail of Fire's attacks at an enemy fought up close start with
    assault range ticked."""
    from gmscreen.glossary import words_of

    (calls,) = [w.means for w in words_of("gmscreen.games.devils_bluff")
                if w.word == "Table's calls"]
    for said in ("Attack (the one highlighted, else the one the model attacked last this "
                 "game, else the first)",
                 "assault range ticked for Hail of Fire's attacks at an enemy the model "
                 "fought up close",
                 "points, Score (1 to 100), to the player whose model acts or has just acted"):
        assert said in calls, said
