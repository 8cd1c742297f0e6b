"""Every tab and every form of Devils Bluff, opened with a sample loaded, fits the screen at
80x24 and at 200x50: no widget is cut off (what does not fit whole lies in a container that
scrolls to it) and no column of a table is narrower than its heading or out of sight. Each
form is opened in a state where its key applies, reached by commands before the app opens.
The check itself is the pilot's `cut_off`."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    ChooseSetUp,
    DrawCard,
    EndGame,
    Enlist,
    FoundGang,
    Move,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import Sample, write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.players import PlayersApp
from gmscreen.ui.sections import GridTable
from tests.devils_bluff.helpers import tokened
from tests.pilot import Notices, cut_off, looked_at, screen_text, synchronous, to_tab, until

SIZES = [(80, 24), (200, 50)]
ONE_OFF, CAMPAIGN = SAMPLES
Change = Callable[[Campaign[DevilsBluffState]], object]


def opened(folder: Path, sample: Sample = ONE_OFF, change: Change = lambda c: None
           ) -> Campaign[DevilsBluffState]:
    folder.mkdir()
    campaign: Campaign[DevilsBluffState] = open_campaign(write_sample(sample, folder),
                                                         rules_for)
    change(campaign)
    return campaign


def back_to(kind: str, nth: int = 0) -> Change:
    """Undo back to just after the `nth` event of `kind` ("devils_bluff." left off)."""
    def undo(campaign: Campaign[DevilsBluffState]) -> None:
        campaign.undo_to([e.seq for e in campaign.events
                          if e.kind == f"devils_bluff.{kind}"][nth])
    return undo


def leaving(campaign: Campaign[DevilsBluffState]) -> None:
    """The enemy moves out of the shooter's assault range: the shooter may attack first."""
    tokened(campaign)
    state = campaign.state
    assert state.battle is not None and state.battle.activation is not None
    mover = state.battle.activation.fighter
    other = next(g for g in state.gangs if g.fighter(mover) is None)
    campaign.execute(Move(mover, "Advance", leaving=(other.fighters[0].name,)))


def sixth_card(campaign: Campaign[DevilsBluffState]) -> None:
    state = campaign.state
    assert state.battle is not None
    campaign.execute(DrawCard(state.battle.turn, order_by=tuple(range(52))))


def pool(campaign: Campaign[Any]) -> None:
    campaign.execute(ChooseSetUp("campaign", "pool"))
    campaign.execute(FoundGang("Ma", "The Hendry Boys"))
    campaign.execute(FoundGang("Cole", "Bluff Regulators"))
    for player in ("Ma", "Cole"):  # each gang's leader, made before the roll-off
        campaign.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                                ("Quick",))))


POOL = Sample(file="devils-bluff-pool", name="Devils Bluff: a pool", game="devils-bluff",
              build=pool, seed=3)


async def run(campaign: Campaign[Any], size: tuple[int, int], tab: str,
              keys: tuple[str, ...]) -> None:
    """The tab, then each key's form, looked at; no key refused."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, tab)
        await looked_at(pilot, f"the {tab} tab")
        for key in keys:
            await looked_at(pilot, f"{tab} {key}", (key,))
        assert notices.of("warning") == [], notices.of("warning")


CHARACTERS = [
    ("a gang founded, before any game", ONE_OFF, back_to("gang_founded"), ("m", "o", "e")),
    ("the pool's roll-off", POOL, lambda c: None, ("P",)),
    # both gangs full: e opens no form (test_dealer_hands)
    ("a campaign game's aftermath", CAMPAIGN, lambda c: c.execute(EndGame()), ("l",)),
]
CONFLICT = [
    ("a turn to activate", ONE_OFF, lambda c: None, ("a", "D", "t", "s", "x")),
    ("a model activating with a token", ONE_OFF, tokened, ("f", "c", "l", "t")),
    ("a model leaving assault range", ONE_OFF, leaving, ("f",)),
    ("a sixth card drawn", ONE_OFF, sixth_card, ("d",)),
    ("before deployment", ONE_OFF, back_to("game_started"), ("y", "Y")),
    ("a scout to place", ONE_OFF, back_to("deployed"), ("p",)),
    ("before the first round", ONE_OFF, back_to("scout_placed"), ("R",)),
    ("between games", CAMPAIGN, lambda c: c.execute(EndGame()), ()),
]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("where", "sample", "change", "keys"), CHARACTERS,
                         ids=[c[0] for c in CHARACTERS])
@synchronous
async def test_the_characters_tab_and_its_forms_fit(
        tmp_path: Path, size: tuple[int, int], where: str, sample: Sample, change: Change,
        keys: tuple[str, ...]) -> None:
    await run(opened(tmp_path / "c", sample, change), size, "Characters", keys)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("where", "sample", "change", "keys"), CONFLICT,
                         ids=[c[0] for c in CONFLICT])
@synchronous
async def test_the_conflict_tab_and_its_forms_fit(
        tmp_path: Path, size: tuple[int, int], where: str, sample: Sample, change: Change,
        keys: tuple[str, ...]) -> None:
    await run(opened(tmp_path / "c", sample, change), size, "Conflict", keys)


#: names longer than a table's room at 80 columns, as a Dealer's table may choose them; the
#: model's reads as Rich markup and must show as typed
PLAYER = "Bartholomew Fitzgerald-Hawthorne"
GANG = "The Bluff Regulators of Yavapai County"
MODEL = "[bold]Deputy Ambrose Wetherington-Smythe"


def long_named_journal(folder: Path) -> Path:
    """The one-off with Sheriff Cole (the player, and his leader) renamed PLAYER, his gang
    GANG and his Deputy Ames MODEL, in the journal's events, as a Dealer editing it would."""
    folder.mkdir()
    path = write_sample(ONE_OFF, folder)
    text = path.read_text(encoding="utf-8")
    for old, new in (("Sheriff Cole", PLAYER), ("Bluff Regulators", GANG),
                     ("Deputy Ames", MODEL)):
        assert f'"{old}"' in text
        text = text.replace(f'"{old}"', f'"{new}"')
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_long_names_keep_each_row_of_the_tables_one_line(tmp_path: Path,
                                                               size: tuple[int, int]) -> None:
    """The names give the room (cut short with an ellipsis where there is too little), never
    the numbers: nothing is cut off, no row wraps, and the model highlighted is named in full
    under its table, as typed."""
    app = GmScreenApp(open_campaign(long_named_journal(tmp_path / "c"), rules_for))
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=size) as pilot:
        for tab, table_id, keys in (("Characters", "#bluff-roster", ()),
                                    ("Conflict", "#bluff-models", ("a", "t"))):
            await to_tab(pilot, tab)
            table = app.screen.query_one(table_id, GridTable)
            table.move_cursor(row=table.get_row_index(MODEL))
            await looked_at(pilot, f"the {tab} tab with long names")
            assert [row.height for row in table.rows.values()] == [1] * table.row_count
            # the sheet under the table follows the cursor once the table's highlight has
            # come round to the tab
            await until(pilot, lambda: MODEL in screen_text(app))
            shown = screen_text(app)
            # at 80 columns the names are cut short, the numbers whole; at 200, all whole
            widths = {str(c.label): c.width for c in table.ordered_columns}
            assert (widths["Player"] < len(PLAYER)) == (size[0] == 80), widths
            assert widths["SKL"] == len("10+") and widths["CMD"] == len("CMD"), widths
            assert bool(re.search("Bartholomew ?…", shown)) == (size[0] == 80), shown
            for key in keys:
                await looked_at(pilot, f"{tab} with long names", (key,))
        assert notices.of("warning") == [], notices.of("warning")


@synchronous
async def test_long_names_leave_the_status_whole_after_an_attack(tmp_path: Path) -> None:
    """At 80x24 the status's lines wrap with long names: the heading, the turn, the scores
    and what the attack did all stay in sight, and the table keeps rows."""
    campaign = open_campaign(long_named_journal(tmp_path / "c"), rules_for)
    state = campaign.state
    assert state.battle is not None and state.battle.turn == PLAYER
    enemy = next(g for g in state.gangs if g.player != PLAYER)
    campaign.execute(Activate(PLAYER))
    campaign.execute(Attack(PLAYER, enemy.fighters[0].name))
    told = view.status_lines(campaign.state)
    assert any(PLAYER in line and "shoots" in line for line in told), told
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab after an attack, with long names")
        shown = " ".join(screen_text(app).split())
        for line in told:
            assert " ".join(line.split()) in shown, (line, screen_text(app))
        assert app.screen.query_one("#bluff-models", GridTable).region.height >= 4


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_long_names_keep_the_players_screen_in_sight(tmp_path: Path,
                                                           size: tuple[int, int]) -> None:
    """The players' screen's models: the names give the room there too, every column in
    sight (at 80 columns the Player column ran off the screen, even with the sample's own
    names). A table a gang, its title naming the player and the gang in full (wrapped where
    long): no Player column repeats them on every row."""
    app = PlayersApp(long_named_journal(tmp_path / "c"))
    async with app.run_test(size=size) as pilot:
        # the tables fitted to the room the screen's layout settles on (under load, a look
        # one pause after the rows came found a table as wide as the room it had before)
        await until(pilot, lambda: app.query(DataTable).first().row_count > 0
                    and cut_off(app) == [])
        await pilot.pause()
        table = app.query(DataTable).first()
        assert cut_off(app) == []
        assert [row.height for row in table.rows.values()] == [1] * table.row_count
        shown = screen_text(app).replace("\u00a0", " ")  # names kept whole, read plain
        assert bool(re.search("Bartholomew Fitzgerald[-A-Za-z]* ?…", shown)) == (size[0] == 80)
        assert f"{PLAYER}'s gang:" in shown and "Player" not in shown, shown
        # whole, or wrapped with the gang's name kept whole on a row of its own (on a TV
        # the other gang's table stands beside it, so the rows are not read across)
        assert (f"{PLAYER}'s gang: {GANG}" in shown
                or (f"{PLAYER}'s gang:" in shown and GANG in shown)), shown


@synchronous
async def test_hands_laid_against_each_other_stay_in_sight_at_80x24(tmp_path: Path) -> None:
    """Ben's Marshal Pike laid One Pair against Ann's no valid hand: at 80x24 the status,
    held to seven lines, showed the attack's three lines and cut the laid hands' second
    ("Ann laid K♦ 8♦ J♥ 7♠ 9♠ (no valid" and no more). Each hand laid is now told on its
    player's line under the status, where the hands are, and the whole stands in sight."""
    campaign = opened(tmp_path / "c")
    state = campaign.state
    assert state.battle is not None
    player = state.battle.turn
    mine = next(g for g in state.gangs if g.player == player)
    other = next(g for g in state.gangs if g.player != player)
    shooter = mine.fighters[0].name  # Sheriff Cole's revolver, in half range: 4 tests
    campaign.execute(Activate(shooter))
    campaign.execute(Attack(shooter, other.fighters[0].name, half_range=True, obscured=True,
                            cover="light", hand=True,
                            contest=(other.player,), order_by=tuple(range(52))))
    laid = [view.hand_laid(who, cards) for who, cards in campaign.state.laid]
    assert len(laid) == 2, laid
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab after hands laid against each other")
        shown = " ".join(screen_text(app).split())
        for line in view.status_lines(campaign.state):
            assert " ".join(line.split()) in shown, (line, screen_text(app))
        for hand in laid:  # "Ann laid K♦ 8♦ J♥ 7♠ 9♠ (no valid hand)", from "laid" on
            told = " ".join(hand.split(" laid ", 1)[1].split())
            assert f"laid {told}" in shown, (told, screen_text(app))
        assert app.screen.query_one("#bluff-models", GridTable).region.height >= 3
    campaign.close()
