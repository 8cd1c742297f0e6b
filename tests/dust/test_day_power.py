"""The day power form (p on the Day and night tab): a power the table hears of at once (the
generator, line 117; the Innocent's vouch) is named in a question before it is spent.

How the wrong one was spent: the form is one pick list (the kit's `form.pick`) that opens on
the first power, highlighted. In every other Dust form a player is chosen from a drop-down,
where a few letters of a name find him; in the pick list letters found nothing, and Enter
(or a click) sent the highlighted power at once. So `p`, then `L`, `i` for Little Orphan,
then Enter, spent Calamity's Alcohol and lit the church. Now letters find the line in a
pick list too (`ui.pick_list.PickList`), a click only highlights, and the question names
the power before it is spent."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import UseDayPower
from gmscreen.games.dust.day_rules import day_power_question
from gmscreen.journal.rules import RuleError
from tests.dust.app import CONSOLE, answer, app_of, question, sample_campaign
from tests.dust.game import new_game, run
from tests.pilot import opened, synchronous, to_tab, until


def test_the_question_names_the_power_its_holder_and_what_the_table_hears():
    state = new_game({"Dan": ("Gasoline",), "Cat": ("Alcohol",)})
    assert day_power_question(state, UseDayPower("Dan", "Gasoline", "Generator")) == (
        "Use Dan's Gasoline (Generator) now? The church is lit tonight, so the Scum's kill "
        "cannot reach anyone who stays inside, and everyone is told at once (never by whom). "
        "The Gasoline is gone.")
    assert day_power_question(state, UseDayPower("Ino", "Innocent", "Vouch")) == (
        "Use Ino's Innocent (Vouch) now? The thread is told: I vouch for Ino: "
        "TOWN-aligned. No use of it is left.")
    # a power the rules refuse asks nothing: the refusal speaks first
    lit = run(state, UseDayPower("Dan", "Gasoline", "Generator"))
    assert day_power_question(lit, UseDayPower("Cat", "Alcohol", "Generator")) is None


@synchronous
async def test_enter_in_the_day_power_list_asks_first_naming_the_power(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        before = campaign.state
        # the first power, highlighted, and Enter: named in the question; no keeps it
        await opened(pilot, "p")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not app.screen_stack[0]
                    and "?" in _asked(app))
        assert question(app).startswith("Use Calamity's Alcohol (Generator) now?")
        await answer(pilot, yes=False)
        assert campaign.state == before and not campaign.state.lit
        # letters for Little Orphan, as a drop-down takes them, then Enter: that one is
        # named, and used on yes
        await opened(pilot, "p")
        await pilot.press("L", "i", "enter")
        await until(pilot, lambda: "?" in _asked(app))
        assert question(app).startswith("Use Little Orphan's Innocent (Vouch) now?")
        await answer(pilot)
        orphan = campaign.state.player("Little Orphan")
        assert orphan is not None and orphan.vouched and not campaign.state.lit


def _asked(app) -> str:
    try:
        return question(app)
    except AssertionError:
        return ""


def test_a_day_power_not_his_to_use_is_refused_in_plain_words_naming_the_rule():
    """It read "Ann has no Generator from 'Gasoline'" (a command, or a power since taken from
    him: the form offers only what he may use)."""
    state = new_game({"Dan": ("Gasoline",)})
    said = []
    for command in (UseDayPower("Ann", "Gasoline", "Generator"),
                    UseDayPower("Ann", "Innocent", "Vouch"),
                    UseDayPower("Dan", "Gasoline", "Vouch")):
        with pytest.raises(RuleError) as refused:
            run(state, command)
        assert refused.value.rule == "Day powers" and refused.value.field == "power"
        said.append(refused.value.message)
    assert said == ["Ann does not hold the Gasoline: only the one who holds it uses its powers",
                    "Ann's role is Cop, not Innocent: only its players use its powers",
                    "the Gasoline has no power named Vouch"]
