"""Lines 45-47, 63-65 and the play sheet's weapons table: the column a shot uses (Long Shot,
Normal, Civilian) turns on the yards measured. With the Yards still blank the attack form
read "Pistol: Normal range, to 40 yards" of the Sly Shooter standing still, whose pistol
reaches 60 yards at Long Shot, and gave odds counted at 0 yards (the Big Oaf answering).
Until the yards are typed it names each weapon's reach by column and holds the odds; once
they are, it names the column those yards fall in."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand.advice import attack_preview
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    LoadScenario,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, model_in_use
from tests.pilot import opened, synchronous, to_tab, until


def shooter(move: Move) -> MatchState:
    """Duel between Rivals, black first: the Sly Shooter (pistol, derringers, fists) is used
    with `move`, the Big Oaf his target."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", move))
    return table.state


def weapon_lines(preview: str) -> list[str]:
    """Each weapon's words: before the yards a line each; once they are typed, the parts of
    the one line "At 50 yards: Pistol in Long Shot range (to 60) · ..."."""
    for line in preview.splitlines():
        if line.startswith("At "):
            return line.split(": ", 1)[1].split(" · ")
    return [line for line in preview.splitlines()
            if line.startswith(("Pistol", "Derringers", "Brawling", "Rifle"))
            and "=" not in line]


def test_before_the_yards_each_weapon_is_told_by_its_columns_and_no_odds_are_given() -> None:
    preview = attack_preview(shooter(Move.STILL), "Big Oaf", "pistol", None)
    assert weapon_lines(preview) == [
        "Pistol: Normal to 40 yards, Long Shot to 60 yards",
        "Derringers: Normal to 10 yards",
        "Brawling: Normal to 5 yards",
    ]
    assert "Pistol 2 = 2 cards" in preview
    assert "Best of" not in preview and "All In, best of" not in preview
    assert preview.splitlines()[-1] == (
        "Type the yards measured: they set the column and the odds.")


def test_after_a_move_the_long_shot_is_not_offered() -> None:
    preview = attack_preview(shooter(Move.SLOW), "Big Oaf", "pistol", None)
    assert weapon_lines(preview)[0] == "Pistol: Normal to 40 yards"


def test_the_yards_typed_name_the_column_they_fall_in() -> None:
    state = shooter(Move.STILL)
    assert weapon_lines(attack_preview(state, "Big Oaf", "pistol", 10))[0] == (
        "Pistol in Normal range (to 40)")
    assert weapon_lines(attack_preview(state, "Big Oaf", "pistol", 50)) == [
        "Pistol in Long Shot range (to 60)", "Derringers reach 10 yards, not 50",
        "Brawling reaches 5 yards, not 50"]
    assert attack_preview(state, "Big Oaf", "pistol", 50).startswith("At 50 yards: Pistol")
    assert "Best of 2:" in attack_preview(state, "Big Oaf", "pistol", 50)


def test_a_civilian_standing_reaches_the_normal_column_moving_the_civilian_one() -> None:
    """Lines 45-47 and 65: a civilian who stands uses the Normal column for its long shot;
    after a move only the Civilian column."""
    table = Table(ChooseFormat(Format.SINGLE),
                  Recruit("red", "Doc", 9, 1, ("pistol",), civilian=True),
                  Recruit("black", "Kid", 8, 1, ("pistol",)), SetUpGame("2h"))
    deploy_all(table)
    table.do(UseModel("Doc", Move.STILL))
    assert weapon_lines(attack_preview(table.state, "Kid", "pistol", None))[0] == (
        "Pistol: Civilian to 20 yards, Normal to 40 yards")
    assert weapon_lines(attack_preview(table.state, "Kid", "pistol", 30))[0] == (
        "Pistol in Normal range (to 40)")


@synchronous
async def test_the_attack_form_names_the_column_as_the_yards_are_typed(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "duel-between-rivals", "2s", "Sly Shooter")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")

        def preview() -> str:
            return str(shown.query_one("#form-preview", Static).render())

        await until(pilot, lambda: "Pistol: Normal to 40 yards, Long Shot to 60" in preview())
        await pilot.press("5", "0")
        await until(pilot, lambda: "At 50 yards: Pistol in Long Shot range (to 60)"
                    in preview())


def test_the_all_in_odds_before_the_draw_say_they_leave_the_second_card_aside() -> None:
    """Line 77: after All In the target, alive and in reach, may take one of the other cards.
    The form's "All In, best of 3: ... against you 1%" counted only the best of three
    cards, and read as though going all in made a card against the attacker rarer; the
    line says now that the target's second card is not counted in it (the All In advice,
    once the cards are drawn, counts it)."""
    preview = attack_preview(shooter(Move.STILL), "Big Oaf", "pistol", 10)
    line = next(line for line in preview.splitlines() if line.startswith("All In"))
    assert line.startswith("All In, best of 3, the target's second card aside: ")
