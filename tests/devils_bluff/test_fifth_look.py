"""The fifth look: the polish the fourth audit left, each played through the rules (the
status after a new round, the level form's ability and perk, the discard form; the
discard form by keys is `test_keys::test_the_discard_is_one_of_the_cards_held_before`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from gmscreen.games.devils_bluff.aftermath import abilities_open
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    EndActivation,
    EndGame,
    GainLevel,
    StartRound,
)
from gmscreen.games.devils_bluff.gangs import abilities
from gmscreen.games.devils_bluff.hands import discard_down, held_before, suggested_discard
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.view import status_lines, table_knows
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import (
    Table,
    campaign,
    campaign_sample,
    cards,
    one_off,
    pick,
    unshuffled,
)
from tests.devils_bluff.test_typed import played_out
from tests.pilot import cut_off, opened, screen_text, to_tab, until


def test_a_new_round_s_status_does_not_tell_the_last_round_s_last_action() -> None:
    table = one_off()
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Eli Crane"))
    (shot,) = table.execute(Attack("Eli Crane", "Dutch"))
    line = shot.data["line"]
    assert line in status_lines(table.state)
    table.execute(EndActivation("Eli Crane"))
    played_out(table).execute(StartRound(unshuffled()))
    # the new round's own news instead: its initiative draw (test_eighth_look)
    assert table.state.last.startswith("Initiative: ") and table.state.laid == ()
    assert line not in "\n".join(status_lines(table.state))
    assert "Round 2" in status_lines(table.state)[0]
    assert table_knows(table.state).last == table.state.last
    assert table.state == table.replayed()


# -- the level form offers only what the rules allow (module lines 122-124) ------------------


def after_game(perks: tuple[str, ...], ability: str = "") -> Table:
    """A campaign after its first game, Ma Hendry holding these perks (and ability)."""
    table = campaign()
    ma = table.fighter("Ma Hendry")
    gang = table.state.gang(HENDRY)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(replace(
        ma, recruit=replace(ma.recruit, perks=perks, ability=ability))))
    table.execute(EndGame())
    return table


def test_an_ability_is_open_only_with_the_third_level_and_not_taken() -> None:
    # level 2: none, and why; the rules refuse one all the same
    table = after_game(("Cunning",))
    assert abilities_open(table.state, "Ma Hendry") == (
        [], "this is Ma Hendry's 2nd level, and an ability comes with the 3rd")
    # level 3: every ability; those the gang holds are left out
    table = after_game(("Cunning", "Quick"))
    assert abilities_open(table.state, "Ma Hendry") == (list(abilities()), "")
    table.execute(GainLevel("Ma Hendry", "Deft", "Hail of Fire"))
    # with one already: none (module line 124, one ability a model)
    assert abilities_open(table.state, "Ma Hendry")[1] == \
        "Ma Hendry has Hail of Fire already (one ability a model)"
    # every ability the rules offer is one they take
    for level_three in (after_game(("Cunning", "Quick")),):
        for ability in abilities_open(level_three.state, "Ma Hendry")[0]:
            probe = after_game(("Cunning", "Quick"))
            probe.execute(GainLevel("Ma Hendry", "Deft", ability))


def test_an_ability_another_of_the_gang_holds_is_not_offered() -> None:
    table = after_game(("Cunning", "Quick"))
    gang = table.state.gang(HENDRY)
    assert gang is not None
    dutch = table.fighter("Dutch")
    table.state = table.state.with_gang(gang.with_fighter(replace(dutch, recruit=replace(
        dutch.recruit, hired=False, perks=("Quick", "Deft", "Tough"),
        ability="Return Fire"))))
    able, why = abilities_open(table.state, "Ma Hendry")
    assert "Return Fire" not in able and len(able) == len(abilities()) - 1 and why == ""


def test_the_level_form_offers_an_ability_only_at_the_third_level(tmp_path: Path) -> None:
    asyncio.run(_the_level_form_offers_an_ability_only_at_the_third_level(tmp_path))


async def _the_level_form_offers_an_ability_only_at_the_third_level(tmp_path: Path) -> None:
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame())
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Ma Hendry")
        form = await opened(pilot, "l")
        # Ma Hendry (Cunning) gains her second level: no ability field, and the form says
        # why; the perks side by side, the first she lacks chosen, Cunning not offered
        assert [f.key for f in form.fields] == ["perk"]
        assert form.fields[0].kind == "one"
        assert form.note.endswith("an ability comes with the 3rd.")
        assert "Ma\u00a0Hendry's 2nd level" in screen_text(app)
        assert "Cunning" not in [choice for _, choice in form.fields[0].options]
        assert form.values().text("perk") == "Quick"
        assert cut_off(app) == []
        # sent as it opened: the rules take it
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert campaign_.state.find("Ma Hendry")[1].recruit.perks == (
            "Cunning", "Quick")
    campaign_.close()


# -- the discard after a sixth card (module line 39) ---------------------------------------------


def test_the_discard_form_starts_on_one_held_before_that_keeps_the_best_hand() -> None:
    # five held, a sixth drawn: the form offers the five and starts on the one whose going
    # leaves the best hand (the rules take it); the new card is never the one offered
    six = cards("9c 2d 9h Ks 4c 9s")
    assert held_before(six) == cards("9c 2d 9h Ks 4c")
    assert suggested_discard(six) == cards("2d")[0]  # three nines stay, the 2 goes
    assert discard_down(six, cards("2d")[0]) == cards("9c 9h Ks 4c 9s")
    # nothing better to keep: the lowest card goes, an Ace counting high as in a hand
    assert suggested_discard(cards("Ac 3d 7h Ts Qc 5s")) == cards("3d")[0]
    # a hand of five or fewer has no discard due
    assert held_before(cards("9c 2d")) == () and suggested_discard(cards("9c 2d")) is None
