"""The kit's new pieces, and what round 10 left alone (round 11).

- The players' screen drew the posses' tables with the short words at any width: on a TV
  at 200 columns "Toma./Blade/Fists", with a hundred columns to spare, and a key of two
  lines for the short words.
- At 80x24, with the eight targets of a showdown's posse, the attack form's All In odds
  ended a scroll below its fields: each weapon took a line, the Cover's explanation two
  (so every field's did), and with the boxes ticked the count broke "= 3" from "cards".
- The recruit form's tally read "the red posse keeps 37 of its 40", and the question that
  ends a session "at turn 1 (the black posse's)", where the tabs say The Callahan Gang and
  The Black Hats.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.advice import attack_preview
from gmscreen.games.dead_mans_hand.attack import card_count
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    NamePosse,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS, RecoveryDrawn
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.sections import Grid, for_room
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import Table, deploy_all, model, new_campaign
from tests.dead_mans_hand.test_plunder_left import preview, ticked
from tests.pilot import opened, screen_text, synchronous, to_tab, until


def showdown(path: Path, *more: Any) -> Campaign[MatchState]:
    """The showdown sample's posses, ready for the first game, and then `more`."""
    campaign = new_campaign(path)
    for command in (*showdown_commands(), *more):
        campaign.execute(command)
    return campaign


def posses(state: MatchState) -> list[Grid]:
    return [s for s in view.table_sections(view.table_knows(state)) if isinstance(s, Grid)]


def rows_at(grid: Grid, room: int) -> tuple[tuple[str, ...], ...]:
    """The rows the players' screen draws of `grid` in `room` columns."""
    drawn = for_room(grid, room)
    assert isinstance(drawn, Grid)
    return drawn.rows


@synchronous
async def test_the_players_screen_on_a_tv_reads_the_weapons_whole(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml")
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Hatchet" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
        assert "Thrown Tomahawks, Big Blade, Brawling" in shown
        assert "Big Blade, Sawn-Off Shotgun, Brawling" in shown
        assert "Toma." not in shown and "Fists" not in shown
        # the key says no short word, but still what Val, Hits and the markers are
        said = " ".join(shown.split())
        assert "Val: value (2 best)" in said and "Toma.: Thrown Tomahawks" not in said
        assert "moving: Moving Target" in said
        # on a laptop's 80 columns the short words, as the window is made smaller
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "Dual/Pistol/Fists" in screen_text(app))
    # and as it opens there
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Big Jim" in screen_text(app))
        await until(pilot, lambda: "Dual/Pistol/Fists" in screen_text(app))
    campaign.close()


def test_the_players_tables_never_swap_their_words_as_a_marker_comes(tmp_path: Path) -> None:
    """As the game is set up Big Jim's Notes grow from "horse" to "to place horse": at a
    width where the whole names fitted the shorter notes alone, the table swapped to the
    short words. The whole rows are chosen with the Notes counted at that room, as the
    Dealer's tabs choose them."""
    campaign = showdown(tmp_path / "c.toml")
    building = posses(campaign.state)
    campaign.execute(SetUpGame("As"))
    placing = posses(campaign.state)
    assert "to place horse" in {row[-1] for grid in placing for row in grid.wide}
    for room in range(60, 130):
        for before, after in zip(building, placing, strict=True):
            assert (rows_at(before, room) == before.wide) == (
                rows_at(after, room) == after.wide), room
    campaign.close()


@synchronous
async def test_the_all_in_odds_are_in_sight_with_eight_targets_at_80x24(tmp_path: Path
                                                                        ) -> None:
    """Deacon (Rifle, Pistol, Brawling) at Big Jim, 30 yards off, among the Callahans'
    eight: with none, two or all three of the boxes ticked, the All In odds end above the
    explanation under the form, no scroll away."""
    campaign = showdown(tmp_path / "c.toml", SetUpGame("As"))
    deploy_all(campaign)
    campaign.execute(UseModel("Deacon", Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        await pilot.press("tab", "3", "0")
        ticks = {"friends": "friends_near", "behind": "from_behind", "cover": "cover"}
        counted: dict[str, bool] = {}
        for box in ("", "friends", "behind", "cover"):
            if box:
                shown.set_value(box, True)
                counted[ticks[box]] = True
            # the odds of the boxes as ticked now, once laid out: read before, the lines
            # of the box before stood in the room the new ones had not yet been given
            best = card_count(shown.values().text("weapon"), **counted).total + 1
            all_in = f"All In, best of {best}"

            def in_sight(all_in: str = all_in) -> bool:
                rows = screen_text(app).splitlines()
                start = next((n for n, row in enumerate(rows) if all_in in row), None)
                if start is None:
                    return False
                rule = next(n for n, row in enumerate(rows) if n > start and "────" in row)
                # the All In line's last chance is the risk of a card against the attacker
                return "against you" in " ".join(rows[start:rule])

            await until(pilot, in_sight)
            # the count keeps "= 3 cards" together
            rows = screen_text(app).splitlines()
            assert not any(row.rstrip(" █").endswith(("= 3", "= 4", "= 5")) for row in rows)
        # each weapon's column in one line, broken between two weapons
        assert attack_preview(campaign.state, "Big Jim", "rifle", 30, width=72).splitlines()[
            :2] == ["At 30 yards: Rifle in Long Shot range (to 100) ·",
                    "  Pistol in Normal range (to 40) · Brawling reaches 5 yards, not 30"]
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_the_recruit_forms_tally_names_the_posse_as_the_tab_does(tmp_path: Path
                                                                       ) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(NamePosse("red", "The Callahan Gang", "Leon"))
    campaign.execute(Recruit("red", "Slim", 6, 2, ("rifle", "dual-pistols"), horse=True))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        await ticked(pilot, shown, name="Quickdraw", weapons=["pistol"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 3 points; The Callahan Gang (red) keeps 19 of its 40"))
        await ticked(pilot, shown, colour="black")  # not named yet
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 3 points; the black posse keeps 37 of its 40"))
        await ticked(pilot, shown, colour="red",
                     weapons=["rifle", "dual-pistols", "shotgun", "sawn-off", "bow",
                              "derringers"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 23 points: 1 more than the 22 points left to The Callahan Gang (red)"))
        await pilot.press("escape")
    campaign.close()


def test_a_game_carried_over_names_the_posse_to_play() -> None:
    """What F6's question, the session's first notice and the recap say of a game under
    way: whose turn it is by the posse's name, as the tabs give it."""
    table = Table(*showdown_commands(), SetUpGame("8c"))  # black first
    deploy_all(table)
    assert RULES.under_way(table.state) == (
        "game 1 of the Dramatic Showdown, at turn 1 (The Black Hats')")
    table = Table(*showdown_commands(), SetUpGame("8h"))
    deploy_all(table)
    assert RULES.under_way(table.state) == (
        "game 1 of the Dramatic Showdown, at turn 1 (The Callahan Gang's)")
    table = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Slim", 8, 1, ("pistol",)),
                  Recruit("black", "Deacon", 8, 1, ("pistol",)), SetUpGame("8h"))
    deploy_all(table)
    assert RULES.under_way(table.state) == "game 1, at turn 1 (the red posse's)"


def test_the_logs_kinds_are_named_as_the_tabs_and_the_lines_name_them() -> None:
    """The log's filter offered "Recovery drawn" for what the key, F1 and the line over the
    table call the draw for the fallen, "Game abandoned" for a game left off, "Second
    result declined" for "takes no second card"; the ids the journals hold stay."""
    named = {kind: kind_name(f"dead_mans_hand.{kind}") for kind in (
        "recovery_drawn", "game_abandoned", "model_left", "second_result_declined",
        "result_played", "model_deployed")}
    assert named == {"recovery_drawn": "Draw for the fallen", "game_abandoned": "Game left off",
                     "model_left": "Model left the table",
                     "second_result_declined": "No second card",
                     "result_played": "Result card played", "model_deployed": "Model placed"}
    assert KINDS.kind_of_class(RecoveryDrawn) == "dead_mans_hand.recovery_drawn"


@synchronous
async def test_on_a_phone_a_name_in_a_list_is_never_broken(tmp_path: Path) -> None:
    """At 40 columns the line under the Callahans' table read "Gave up: Slim, Quickdraw,
    Man with No" and then "Hat.": each name of a list the table reads is kept whole (the
    draw for the fallen's too)."""
    campaign = showdown(tmp_path / "c.toml", SetUpGame("5h"))
    deploy_all(campaign)
    for name in ("Slim", "Quickdraw", "Man with No Hat"):
        campaign.execute(Surrender(name))
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(40, 90)) as pilot:  # a phone's width, every row in sight
        await until(pilot, lambda: "Gave up:" in screen_text(app))
        await pilot.pause()
        rows = [" ".join(row.split()) for row in screen_text(app).splitlines()]
        start = next(n for n, row in enumerate(rows) if row.startswith("Gave up:"))
        assert any("Man with No Hat" in row for row in rows[start:start + 2]), rows[start:]
    campaign.close()
    assert view.fallen_to_draw([model("Man with No Hat", "red", coffin="9h")]) == (
        "Draw for the fallen: Man\u00a0with\u00a0No\u00a0Hat.")


def test_both_posses_read_whole_or_short_alike(tmp_path: Path) -> None:
    """On the players' screen at 130 columns, the posses side by side, the Callahans (whose
    "Man with No Hat" widens the Name column) read "Dual/Pistol/Fists" beside The Black
    Hats' whole names, and the key under the second, written for whole names, left the
    Callahans' "Derr." unexplained. Both are chosen at the widths of the wider."""
    campaign = showdown(tmp_path / "c.toml")
    red, black = posses(campaign.state)
    assert red.wide and black.wide
    for room in range(40, 200):
        assert (rows_at(red, room) == red.wide) == (rows_at(black, room) == black.wide), room
    campaign.close()
