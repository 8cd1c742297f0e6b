"""A power corrected once the game is on: only the powers change, each keeps its name, the
event says what changed, and the next night follows the corrected power."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from textual.widgets import DataTable, Static

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import DefineItem, DefineRole, EndDay
from gmscreen.games.dust.powers import ItemDef, Power, RoleDef
from gmscreen.games.dust.state import DustState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, answer, app_of, pane, question, sample_campaign
from tests.dust.game import choose, new_game, night_of, outcome, run, use
from tests.pilot import fill, synchronous, to_tab, until


def cop(state: DustState) -> RoleDef:
    role = state.role("Cop")
    assert role is not None
    return role


def gun(state: DustState) -> ItemDef:
    item = state.item("Gun")
    assert item is not None
    return item


def with_power(holder, power: str, **changes):
    return replace(holder, powers=tuple(replace(p, **changes) if p.name == power else p
                                        for p in holder.powers))


def logged(state: DustState, command) -> str:
    (new,) = RULES.decide(state, command)
    return RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))


def test_a_role_power_corrected_mid_game_is_journaled_with_what_changed():
    state = new_game()
    edited = with_power(cop(state), "Interrogate", uses=2, exclusive=False)
    assert logged(state, DefineRole(edited)) == (
        "The moderator corrects the Cop role in play: Interrogate: exclusive yes \u2192 no; "
        "Interrogate: uses every night \u2192 2.")
    state = run(state, DefineRole(edited))
    power = cop(state).power("Interrogate")
    assert power is not None and power.uses == 2
    added = replace(edited, powers=(*edited.powers, Power("Stakeout", "watch", "Watch.",
                                                          target="other")))
    assert "Stakeout added (night): Watch." in logged(state, DefineRole(added))


def test_a_corrected_item_power_rules_the_next_night():
    # the book's Gun needs its target outside; corrected to reach him anywhere
    day = new_game({"Cat": ("Gun",)})
    state = choose(run(day, EndDay()), "Cat", use("Gun", "Gunshot", "Dan"))
    assert "Dan" not in [d.player for d in outcome(state).deaths]
    fixed = with_power(gun(day), "Gunshot", works_if_target="any")
    assert "Gunshot: works if target \u201cout\u201d \u2192 \u201cany\u201d" in logged(
        day, DefineItem(fixed))
    # at night too: the moderator corrects it before resolving
    state = run(state, DefineItem(fixed))
    assert [d.player for d in outcome(state).deaths] == ["Dan"]


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: with_power(r, "Interrogate", name="Question"), "Interrogate keeps its name"),
    (lambda r: replace(r, alignment="scum"), "only the role's powers change"),
    (lambda r: replace(r, text="Another text."), "only the role's powers change"),
    (lambda r: replace(r, name="Sheriff"), "there is no role named 'Sheriff'"),
    (lambda r: r, "powers are unchanged"),
])
def test_a_mid_game_edit_beyond_the_powers_is_refused(change, says):
    state = new_game()
    with pytest.raises(RuleError, match="Powers") as refused:
        RULES.decide(state, DefineRole(change(cop(state))))
    assert says in str(refused.value)


def test_no_power_is_edited_once_the_game_is_over():
    state = night_of()
    over = replace(state, phase="over", winner="town")
    with pytest.raises(RuleError, match="Game over"):
        RULES.decide(over, DefineItem(with_power(gun(state), "Gunshot", uses=2)))


@synchronous
async def test_the_characters_tab_corrects_a_power_in_play_after_asking(tmp_path):
    campaign = sample_campaign(tmp_path)
    assert campaign.state.phase == "day"
    before = campaign.state
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        names = [p.name for p in campaign.state.players]
        characters.query_one("#dust-players", DataTable).move_cursor(
            row=names.index("Marshal Bass"))
        await pilot.pause()
        # said no: nothing changes
        await fill(pilot, "e", power="Interrogate")
        await fill(pilot, uses="2")
        assert question(app).startswith("Correct the Interrogate power of the Cop role in "
                                        "play?")
        await answer(pilot, yes=False)
        assert campaign.state == before
        # said yes: journaled, in the log, and one ctrl+z away
        await fill(pilot, "e", power="Interrogate")
        await fill(pilot, uses="2")
        await answer(pilot)
        role = campaign.state.role("Cop")
        assert role is not None and [p.uses for p in role.powers] == [2]
        assert campaign.describe(campaign.events[-1]) == (
            "The moderator corrects the Cop role in play: Interrogate: uses every night "
            "\u2192 2.")
        detail = str(characters.query_one("#dust-detail-text", Static).render())
        assert "Interrogate (night, exclusive, 2 uses, 2 left)" in detail
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state == before)
