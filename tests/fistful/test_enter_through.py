"""Two-step forms sent with Enter alone, as a Judge types them: the second form's command is
made. Before the kit's `Dialog.answer_to`, a form asked once another was sent with Enter had
its answer go through the first form, gone by then: nothing was made, nothing said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Label

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    Duel,
    FlipInitiative,
    FormPosse,
    JoinFight,
    RollTest,
    RollWantedChart,
    SetSceneDie,
    TakeHarm,
)
from gmscreen.games.fistful.events import (
    KINDS,
    AmmunitionChecked,
    DuelFought,
    FighterMoved,
    InitiativeFlipped,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.dropdown import Dropdown
from gmscreen.ui.form import Form
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, new_campaign, text_of
from tests.pilot import form_up, opened, synchronous, to_tab, until


@synchronous
async def test_a_character_rolled_by_the_app_is_made_with_enter_and_enter(tmp_path: Path):
    campaign = new_campaign(tmp_path)
    campaign.execute(FormPosse("The Test Gang", 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("c")
        await form_up(pilot)
        await pilot.press(*"Wyatt", "enter")  # the dice and the purse left to the app
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text.startswith("Wyatt rolled"))
        await pilot.press("down", "enter")  # the first swap offered: Grit <-> Gumption
        await until(pilot, lambda: campaign.state.character("Wyatt") is not None)
        made = campaign.state.character("Wyatt")
        assert made is not None and not isinstance(app.screen, Form)
        dice = campaign.events[-1].data["dice"]
        assert (made.grit, made.gumption) == (dice[2] + dice[3] + 9, dice[0] + dice[1] + 9)
    campaign.close()


# -- every step by Enter alone (Tab to move between fields), as a Judge who never presses
# ctrl+s takes it: a form made only of choices sent nothing with Enter (it opened and closed
# its drop-down, or chose again), and a choice that followed another went blank

CORA, ELI, TOMAS, KIT = "Cora Dalton", "Eli 'Preacher' Moss", "Tomas Vega", "Kit Hollis"
JAKE = "Rattlesnake Jake"


#: the keys `pressed` takes by their names; anything else is typed letter by letter
NAMED = frozenset({"enter", "tab", "shift+tab", "escape", "left", "right", "up", "down",
                   "plus", "minus", "space"})


async def pressed(pilot: Pilot[Any], *keys: str) -> None:
    """Keys at a Judge's pace, each let land before the next: the keys `NAMED`, and text
    typed letter by letter."""
    for key in keys:
        for one in ([key] if key in NAMED else list(key)):
            await pilot.press(one)
            await pilot.pause()


def sent(campaign: Campaign[FistfulState], before: int) -> list[Any]:
    """What the steps since `before` events recorded, read back."""
    return [KINDS.read(event) for event in campaign.events[before:]]


def fighting(campaign: Campaign[FistfulState]) -> None:
    """Tomas and Cora Nearby against Jake Faraway, round 1 begun, the posse first."""
    for name, band in ((TOMAS, "Nearby"), (CORA, "Nearby"), (JAKE, "Faraway")):
        campaign.execute(JoinFight(name, band))
    campaign.execute(FlipInitiative("H"))


@synchronous
async def test_the_ammunition_form_offers_the_guns_of_the_one_chosen(tmp_path: Path) -> None:
    # book line 229: each gun or bow rolls its own d6. Who changed by letters and Enter, the
    # gun shown was "(none)" while the rules took the new one's first: what was sent was not
    # what was shown
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "b")
        weapon = form.widget_of("weapon")
        assert isinstance(weapon, Dropdown) and weapon.shown == "Revolver"  # Cora's first
        # the form opens on the d6 (who and the gun chosen, Enter rolls): back up to who
        await pressed(pilot, "shift+tab", "shift+tab", "kit", "enter")
        assert form.values().text("name") == KIT
        assert weapon.shown == "Derringer" and form.values().text("weapon") == "derringer"
        await pressed(pilot, "cora", "enter")
        assert weapon.shown == "Revolver"
        await pressed(pilot, "tab", "rif", "enter", "tab", "2", "enter")
        checked = sent(campaign, len(campaign.events) - 1)[0]
        assert isinstance(checked, AmmunitionChecked)
        assert (checked.name, checked.weapon, checked.face) == (CORA, "rifle", 2)
    campaign.close()


@synchronous
async def test_a_duels_opponent_stays_chosen_when_the_challenger_changes(
        tmp_path: Path) -> None:
    # lines 66-70: the challenger chosen anew from the opponent's side left the opponent
    # blank, and Enter was refused "the opponent is not chosen"; the one facing them now is
    campaign = sample(tmp_path / "s")
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "u")
        assert form.values().text("opponent") == "Widow Parker"
        before = len(campaign.events)
        # the form opens on the challenger's Stakes (round 33): the challenger is a step back
        await pressed(pilot, "shift+tab", "widow", "enter")
        assert form.values().text("challenger") == "Widow Parker"
        assert form.values().text("opponent") == CORA  # the first of the other side
        await pressed(pilot, "tab", "tab", "HHT", "enter")
        duel = sent(campaign, before)
        assert duel and isinstance(duel[0], DuelFought), notices
        assert (duel[0].challenger, duel[0].opponent) == ("Widow Parker", CORA)
    campaign.close()


@synchronous
async def test_a_chart_result_is_brought_in_by_enter(tmp_path: Path) -> None:
    # line 185: the one form asked only which result, in a drop-down: Enter opened it and
    # closed it again, and nothing was sent
    campaign = sample(tmp_path / "s")
    rolled = campaign.execute(RollWantedChart((1, 2)))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        await opened(pilot, "b")
        await pressed(pilot, "enter")
        assert campaign.state.chart_brought == (rolled[0].seq,)
        assert not isinstance(app.screen, Form)
    campaign.close()


@synchronous
async def test_the_coin_for_who_acts_first_is_typed_and_sent_by_enter(tmp_path: Path) -> None:
    # line 239: the coin as the table flipped it; a letter goes to its line, Enter sends
    campaign = sample(tmp_path / "s", fighting)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab in ("Conflict", "Fight"):
            await to_tab(pilot, tab)
            # one has acted since the round's coin (flipped again as the very next step,
            # it is a key pressed twice: round 13)
            from gmscreen.games.fistful.commands import EndTurn
            from gmscreen.games.fistful.fight_rules import next_to_act
            campaign.execute(EndTurn(next_to_act(campaign.state)))
            await pilot.pause()
            before = len(campaign.events)
            await opened(pilot, "c")
            await pressed(pilot, "t", "enter")
            flipped = sent(campaign, before)
            assert flipped and isinstance(flipped[0], InitiativeFlipped), tab
            assert flipped[0].coin == "T"
    campaign.close()


@synchronous
async def test_a_fighter_joins_and_closes_on_a_foe_by_enter(tmp_path: Path) -> None:
    # lines 76-83, 124: the band, then who by letters, Enter; closing on a foe, Enter
    campaign = sample(tmp_path / "s", fighting)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await opened(pilot, "j")
        await pressed(pilot, "right", "tab", "eli", "enter")
        eli = campaign.state.fighter(ELI)
        assert eli is not None and eli.band == "Faraway"
        before = len(campaign.events)
        await opened(pilot, "t")  # Tomas, highlighted, on the only foe: Jake
        await pressed(pilot, "enter")
        moved = sent(campaign, before)
        assert moved and isinstance(moved[0], FighterMoved), moved
        tomas = campaign.state.fighter(TOMAS)
        assert tomas is not None and tomas.moved
    campaign.close()


@synchronous
async def test_several_join_the_fight_in_one_form(tmp_path: Path) -> None:
    # a fight of four took four j: who, then Tab, others ticked by letters and space, Enter
    campaign = sample(tmp_path / "s", fighting)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        joining = [c.name for c in fight_rules.joiners(campaign.state)]
        assert ELI in joining and len(joining) >= 2
        other = next(n for n in joining if n != ELI)
        await opened(pilot, "j")
        await pressed(pilot, "tab", "eli", "tab", other.split()[0].lower(), "space", "enter")
        for name in (ELI, other):
            fighter = campaign.state.fighter(name)
            assert fighter is not None and fighter.band == "Nearby", name
    campaign.close()


@synchronous
async def test_the_rest_form_starts_on_someone_a_rest_helps(tmp_path: Path) -> None:
    # it opened on the highlighted Cora, at full Guts and no Stress, while Tomas was hurt
    def hurt(campaign: Campaign[FistfulState]) -> None:
        campaign.execute(TakeHarm(TOMAS, 3, "a fall"))

    for changes, first in (((hurt,), TOMAS), ((), CORA)):
        campaign = sample(tmp_path / first.split()[0], *changes)
        app, _ = judged(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_tab(pilot, "Characters")
            form = await opened(pilot, "r")  # with nobody a rest helps, the highlighted
            assert form.values().text("name") == first
        campaign.close()


@synchronous
async def test_a_duels_loser_takes_harm_or_pays_by_enter(tmp_path: Path) -> None:
    # line 72: the form opened on a drop-down holding the loser alone; Enter opened it
    def lost(campaign: Campaign[FistfulState]) -> None:
        campaign.execute(Duel(JAKE, "HHT", CORA, "TTT"))

    campaign = sample(tmp_path / "s", lost)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "l: harm" in text_of(app, "#ff-result"))
        await opened(pilot, "w")
        await pressed(pilot, "tab", "enter")  # to Jake, for the moment's reason
        cora = campaign.state.character(CORA)
        assert cora is not None and cora.dollars == 0
        await pilot.press("ctrl+z")  # a gun duel after all: the harm instead (one or other)
        await until(pilot, lambda: campaign.state.character(CORA).dollars > 0)  # type: ignore[union-attr]
        await opened(pilot, "l")
        await pressed(pilot, "enter")  # all her Guts
        cora = campaign.state.character(CORA)
        assert cora is not None and cora.guts == 0
    campaign.close()


@synchronous
async def test_one_die_or_coin_is_called_so(tmp_path: Path) -> None:
    # "1 dice", "1 coins": a form typed from the table's own says how many in good words
    def scene_and_coins(campaign: Campaign[FistfulState]) -> None:
        campaign.execute(ChooseOptionalRules(Settings(scene_stakes=True,
                                                      coin_double_down=True)))
        campaign.execute(SetSceneDie(4))
        campaign.execute(RollTest(ELI, "gumption", 14, 3, (6, 6)))  # 16, a Bust: a Stress
        campaign.execute(RollTest(ELI, "gumption", 14, 2, (1,)))  # 4 + 1: a failure

    campaign = sample(tmp_path / "s", scene_and_coins)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert "d: double down with 1 more coin " in text_of(app, "#ff-result")
        form = await opened(pilot, "D")
        assert str(form.query_one("#l-dice", Label).render()) == "1 coin"
        await pressed(pilot, "escape")
        await pressed(pilot, *["minus"] * 5)  # Stakes 1: the scene's die alone
        await pressed(pilot, "plus")  # Stakes 2: one die thrown beside the scene's
        form = await opened(pilot, "t")
        assert str(form.query_one("#l-dice", Label).render()) == "1 die"
    campaign.close()
