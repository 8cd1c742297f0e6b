"""Every tab and every form of Dust, opened with the sample loaded (or a new game for the
set-up's forms), fits the screen at 80x24 and at 200x50: no widget is cut off (what does not
fit whole lies in a container that scrolls to it), and no column of a table is narrower than
its heading or pushed out of sight. Each form is opened in a state where its key applies:
the day, the night with choices in, the day after it, the set-up, a dead player's note."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games.dust.commands import (
    AddLateNote,
    AddPlayer,
    ChooseKill,
    ChooseNight,
    EndDay,
    ModKill,
    ResolveNight,
    UseBookSetUp,
)
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.sections import GridTable
from gmscreen.ui.shell import ShellScreen
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, app_of, new_campaign, pane, sample_campaign
from tests.pilot import cut_off, synchronous, to_tab, until

SIZES = [(80, 24), (200, 50)]
Change = Callable[[Campaign[DustState]], object]


def sample(folder: Path, change: Change = lambda c: None) -> Campaign[DustState]:
    folder.mkdir()
    campaign: Campaign[DustState] = sample_campaign(folder)
    change(campaign)
    return campaign


def night_sent(campaign: Campaign[DustState]) -> None:
    """Night 1 (no lynch) with a few choices in and the Scum's kill."""
    campaign.execute(EndDay())
    for choice in (
        NightChoice("Marshal Bass", uses=(PowerUse("Cop", "Interrogate", ("Judge Holden",)),)),
        NightChoice("Tumbleweed", scavenge="The School"),
        NightChoice("Calamity", scavenge="The School"),
        NightChoice("Sawbones", uses=(PowerUse("Doctor", "Tend", ("Marshal Bass",)),)),
    ):
        campaign.execute(ChooseNight(choice))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Lamplighter"))


def night_resolved(campaign: Campaign[DustState]) -> None:
    night_sent(campaign)
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))


def a_note_due(campaign: Campaign[DustState]) -> None:
    """Day 3: the Scum killed whoever found the Notebook, and he wrote nothing."""
    night_resolved(campaign)
    campaign.execute(EndDay())
    writer = next(p.name for p in campaign.state.players if p.holds("Notebook"))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", writer))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    assert campaign.state.late_notes


async def uncut(pilot: Any) -> list[str]:
    """What is cut off once the screen has laid out what it shows: a tab just built is laid
    out over a few turns, and a read between them found the clocks tab's side half placed
    (200x50, the idle wait cut to one turn). What is still cut after ten seconds stays so."""
    with contextlib.suppress(AssertionError):
        await until(pilot, lambda: not cut_off(pilot.app))
    return cut_off(pilot.app)


async def looked_at(pilot: Any, what: str, keys: tuple[str, ...] = (), *,
                    then: tuple[str, ...] = ()) -> None:
    """Press `keys` (opening a form or a screen), find nothing cut off; press `then` (a form
    that opens the next, say) and look again; then close what is open."""
    app = pilot.app
    for pressed in (keys, then):
        if not pressed:
            continue
        before = app.screen

        def opened(before: object = before) -> bool:
            return app.screen is not before and not isinstance(app.screen, ShellScreen)

        await pilot.press(*pressed)
        await pilot.pause()
        await until(pilot, opened)
        await pilot.pause()
        found = await uncut(pilot)
        assert not found, f"{what} {' '.join(pressed)}: {found}"
    if not keys:
        found = await uncut(pilot)
        assert not found, f"{what}: {found}"
        return
    while not isinstance(app.screen, ShellScreen):
        await pilot.press("escape")
        await pilot.pause()


async def run(campaign: Campaign[Any], size: tuple[int, int],
              steps: Callable[[Any], Any]) -> None:
    app, notices = app_of(campaign)
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        assert notices.of("warning") == [], notices.of("warning")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_every_tab_and_form_by_day_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    async def steps(pilot: Any) -> None:
        app = pilot.app
        await to_tab(pilot, CHARACTERS)
        for key in ("R", "K"):  # on Calamity, highlighted
            await looked_at(pilot, "Characters", (key,))
        players = pane(app, CHARACTERS).query_one("#dust-players", GridTable)
        players.move_cursor(row=4)  # Marshal Bass, the Cop: his role has a power
        for shown in ("players", "items", "locations", "roles"):
            if shown == "roles":  # the Cop: a role with a power
                roles = pane(app, CHARACTERS).query_one("#dust-roles", GridTable)
                roles.move_cursor(row=[r.name for r in app.campaign.state.roles].index("Cop"))
            await looked_at(pilot, f"the Characters tab's {shown}")
            await looked_at(pilot, f"Characters ({shown})", ("l",))
            if shown != "locations":
                # the power to edit first, then the editor itself
                await looked_at(pilot, f"Characters ({shown})", ("e",), then=("enter",))
            await pilot.press("o")
            await pilot.pause()
        for title in ("Wanted Clock", "Encounter Log"):
            await to_tab(pilot, title)
            await looked_at(pilot, f"the {title} tab")
        await to_tab(pilot, CONSOLE)
        await looked_at(pilot, "the Day and night tab by day")
        for key in ("v", "g", "p", "e"):
            await looked_at(pilot, "Day and night", (key,))
        await to_tab(pilot, POSTS)
        await looked_at(pilot, "the Posts tab by day")
        await looked_at(pilot, "Posts", ("y",))
        for key in ("n", "f6"):  # the shell's own: a note; the session's end, votes cast
            await looked_at(pilot, "the shell", (key,))
        assert isinstance(app.screen, ShellScreen)

    await run(sample(tmp_path / "a"), size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_every_tab_and_form_by_night_and_after_it_fits(tmp_path: Path,
                                                             size: tuple[int, int]) -> None:
    async def at_night(pilot: Any) -> None:
        await to_tab(pilot, CONSOLE)
        await looked_at(pilot, "the Day and night tab at night")
        for key in ("a", "k", "r", "t"):
            await looked_at(pilot, "Day and night", (key,))
        await to_tab(pilot, POSTS)
        await looked_at(pilot, "the Posts tab's preview")
        await looked_at(pilot, "Posts", ("y",))

    await run(sample(tmp_path / "a", night_sent), size, at_night)

    async def after(pilot: Any) -> None:
        await to_tab(pilot, CHARACTERS)
        players = pane(pilot.app, CHARACTERS).query_one("#dust-players", GridTable)
        players.move_cursor(row=6)  # Lamplighter, killed in the night
        await looked_at(pilot, "the Characters tab after the night")
        await to_tab(pilot, POSTS)
        await looked_at(pilot, "the Posts tab after the night")
        await looked_at(pilot, "Posts", ("u",))  # the undo's preview

    await run(sample(tmp_path / "b", night_resolved), size, after)

    async def noted(pilot: Any) -> None:
        await to_tab(pilot, POSTS)
        await looked_at(pilot, "Posts", ("w",))

    await run(sample(tmp_path / "c", a_note_due), size, noted)

    def mistakes_made(campaign: Campaign[DustState]) -> None:
        """The dead player's note entered wrongly; Calamity removed by mistake."""
        a_note_due(campaign)
        writer = campaign.state.late_notes[0][0]
        campaign.execute(AddLateNote(writer, "It was someone, surely. " * 12))
        campaign.execute(ModKill("Calamity", "never posted"))

    async def mended(pilot: Any) -> None:
        await to_tab(pilot, POSTS)
        await looked_at(pilot, "Posts", ("w",))  # the note put right
        await to_tab(pilot, CHARACTERS)
        await looked_at(pilot, "Characters", ("c",))  # Calamity's removal taken back

    await run(sample(tmp_path / "d", mistakes_made), size, mended)


@synchronous
async def test_the_characters_tab_keeps_each_player_on_one_line_at_80x24_after_a_death(
        tmp_path: Path) -> None:
    # a dead player's cause of death ("killed in Night 1: the Scum's night kill (carried
    # out by ...)") wrapped in a column of seven letters took the whole roster at 80x24:
    # one player in sight at a time. The cause is whole in his sheet under the roster.
    app, _ = app_of(sample(tmp_path / "a", night_resolved))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        players = pane(app, CHARACTERS).query_one("#dust-players", GridTable)
        heights = {key.value: row.height for key, row in players.rows.items()}
        assert set(heights.values()) == {1}, heights
        players.move_cursor(row=6)
        assert players.highlighted == "Lamplighter"

        def sheet() -> str:
            return str(pane(app, CHARACTERS).query_one("#dust-detail-text").render())

        # his sheet is drawn when the table tells the row highlighted, in a later turn
        await until(pilot, lambda: "\nLamplighter: " in sheet())
        assert "Dead: killed in Night 1: the Scum's night kill (carried out by" in sheet()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_every_form_of_the_set_up_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    async def before_the_book(pilot: Any) -> None:
        await to_tab(pilot, CHARACTERS)
        await looked_at(pilot, "the Characters tab of a new game")
        await looked_at(pilot, "Characters", ("b",))

    await run(new_campaign(tmp_path, "Fresh"), size, before_the_book)

    def with_the_book(campaign: Campaign[DustState]) -> None:
        campaign.execute(UseBookSetUp())
        for name, role in (("Ann", "Cop"), ("Bob", "Doctor"), ("Eve", "Despair")):
            campaign.execute(AddPlayer(name, role))

    campaign = new_campaign(tmp_path, "Set")
    with_the_book(campaign)

    async def setting_up(pilot: Any) -> None:
        app = pilot.app
        await to_tab(pilot, CHARACTERS)
        for key in ("p", "s", "c"):
            await looked_at(pilot, "Characters", (key,))
        await looked_at(pilot, "Characters", ("e",), then=("enter",))
        for _ in range(2):
            await pilot.press("o")
        await pilot.pause()
        await looked_at(pilot, "Characters (locations)", ("l",))
        assert isinstance(app.screen, ShellScreen)

    await run(campaign, size, setting_up)



@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_days_head_fits_with_the_church_lit_a_power_ready_and_a_deadline(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The sample's Day 1 has a deadline; Calamity's Alcohol lights the church and Little
    Orphan's vouch is still to come. Each of the head's lines is whole on one row: nothing
    the moderator reads there is split over two."""
    from textual.widgets import Static

    from gmscreen.games.dust.commands import UseDayPower
    from gmscreen.games.dust.view import status_lines

    def lit(campaign: Campaign[DustState]) -> None:
        campaign.execute(UseDayPower("Calamity", "Alcohol", "Generator"))

    campaign = sample(tmp_path / "a", lit)
    said = status_lines(campaign.state)
    assert said[:2] == ("Day 1: 15 alive, 8 votes lynch.  1 day power ready.  Deadline "
                        "2/8.", "The church is LIT tonight.")
    assert said[2].startswith("Not voting (12): ")

    async def steps(pilot: Any) -> None:
        await to_tab(pilot, CONSOLE)
        await pilot.pause()
        status = pane(pilot.app, CONSOLE).query_one("#dust-status", Static)
        # the names of those not voting may run on; the head above them may not
        head = [line for line in said if not line.startswith("Not voting")]
        assert all(len(line) <= status.content_size.width for line in head), (
            status.content_size.width, head)

    await run(campaign, size, steps)


def test_the_nights_head_keeps_the_kill_and_the_lit_church_whole_at_80_columns(
        tmp_path: Path) -> None:
    """The lit church went on after the Scum's kill and wrapped mid-phrase ('...LIT' on one
    row, 'tonight.' on the next), as did a kill with the sample's names ('...(Judge Holden'
    then 'chose).'); the kill has a line of its own, and the church sits beside the count.
    78 columns are what the head has at 80 (see the test above)."""
    from gmscreen.games.dust.commands import UseDayPower
    from gmscreen.games.dust.view import status_lines

    def lit_night(campaign: Campaign[DustState]) -> None:
        campaign.execute(UseDayPower("Calamity", "Alcohol", "Generator"))
        campaign.execute(EndDay())

    campaign = sample(tmp_path / "a", lit_night)
    said = status_lines(campaign.state)
    assert said[:2] == ("Night 1 (twilight): 15 alive.  The church is LIT tonight.",
                        "Scum kill: not chosen.")
    assert said[2] == "Nothing sent yet: all 15."
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Lamplighter"))
    said = status_lines(campaign.state)
    assert said[1] == "Scum kill: Lamplighter, carried out by Widow Grey (Judge Holden chose)."
    assert all(len(line) <= 78 for line in said[:2])


@synchronous
async def test_at_200_columns_the_sheet_stands_beside_the_list_as_tall_as_the_tab(tmp_path):
    """At 200x50 the list of fifteen leaves half the tab empty: the sheet (role, items,
    everything the player was told, the notes) stands beside it, the tab's whole height,
    where below the list it kept nine lines; at 80 columns it stays below."""
    campaign = sample(tmp_path / "c", night_resolved)
    app, _ = app_of(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        players = characters.query_one("#dust-players", GridTable).region
        sheet = characters.query_one("#dust-detail").region
        assert sheet.x >= players.right and sheet.height == characters.region.height
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: characters.query_one("#dust-detail").region.y
                    >= characters.query_one("#dust-players", GridTable).region.bottom)
