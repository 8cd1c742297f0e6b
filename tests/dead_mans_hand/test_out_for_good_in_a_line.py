"""Lines 153 and 159: the dead and those who gave up take no part in the games that follow.
The players' screen gave each a row of its posse's table all the same, and the key to the
table under each posse: by a showdown's second game, at 80x24, the first posse's dead and
its key filled the screen and the second posse was out of the table's sight. Now a posse's
table has a row for each model still in the match, the dead (on their coffin cards) and
those who gave up are named in a line under it, and the key comes once, under the second."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import DrawForTheFallen, SetUpGame, Surrender
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.journal.sections import NO_BREAK, Grid, Lines, Section
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign, showdown_game_one
from tests.pilot import screen_text, synchronous, until


def posses(sections: Sequence[Section]) -> dict[str, Grid]:
    return {s.title.split()[0]: s for s in sections if isinstance(s, Grid)}


def test_the_dead_and_those_who_gave_up_are_named_under_the_table() -> None:
    table = showdown_game_one(stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "4c"),)))  # below the 9: Stubby is stone dead
    # nobody of theirs is left to field: no table, the title and the line naming them
    # (round 20: the phone's page drew the headings of an empty table)
    black = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title.startswith("BLACK"))
    assert isinstance(black, Lines)
    # each name kept whole (no-break spaces) where the line wraps; the key to red's table
    # after it
    assert black.lines[0] == ("Dead: Stubby\u00a0on\u00a09♥. Gave up: Deacon, Archer, "
                              "Hatchet, Two-Gun, Scattergun, Long\u00a0Tom, Sawbones.")
    assert black.lines[1].replace(NO_BREAK, " ").startswith("Val: value (2 best)")


def test_the_key_comes_once_under_the_second_posse() -> None:
    table = showdown_game_one(stubby_on="9h")
    red, black = posses(view.table_sections(view.table_knows(table.state))).values()
    assert red.note == ""
    key = black.note.replace(NO_BREAK, " ")  # each entry kept whole
    assert "Val: value (2 best)" in key and "Sawn-off: Sawn-Off Shotgun" in key


@synchronous
async def test_both_posses_left_to_field_are_in_sight_at_80x24(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "showdown.toml")
    for command in (*showdown_commands(), SetUpGame("5h")):
        campaign.execute(command)
    deploy_all(campaign)
    for name in ("Crouch", "Kid", "Doc", "Deacon", "Archer", "Hatchet", "Two-Gun"):
        campaign.execute(Surrender(name))
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        # black's last left to field, and red's who gave up: each posse's rows come once
        # the players' screen has laid its sections out for the room it has
        await until(pilot, lambda: " Sawbones " in screen_text(app)
                    and "Gave up: Crouch, Kid, Doc." in screen_text(app))
    campaign.close()
