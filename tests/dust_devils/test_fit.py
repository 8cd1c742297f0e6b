"""Every tab and every form of Dust Devils, opened with The Hanged Man loaded, fits the
screen at 80x24 and at 200x50: no widget is cut off (what does not fit whole lies in a
container that scrolls to it), and no column of a table is narrower than its heading or
pushed out of sight. Each form is opened in a state where its key applies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import DealerFolds, Entrant, OpenConflict
from gmscreen.games.dust_devils.sample import CLARA, JACK, SAMPLES, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from tests.pilot import cut_off, fill, looked_at, run_quietly, synchronous, to_tab, until

SIZES = [(80, 24), (200, 50)]


def fresh(folder: Path, change: Callable[[Campaign[DustDevilsState]], object] = lambda c: None
          ) -> Campaign[DustDevilsState]:
    folder.mkdir()
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                        rules_for)
    change(campaign)
    return campaign


def before_claras_fate(campaign: Campaign[DustDevilsState]) -> None:
    """Back to just after the clock moved for Clara's last conflict: her fate is due."""
    ticks = [e.seq for e in campaign.events if e.kind == "clock.ticked"]
    campaign.undo_to(ticks[-1])


def a_new_session(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict left off, session 2 begun: nobody has set the Devil yet."""
    campaign.end_session(under_way="abandon")
    campaign.start_session()


def at_the_deal(campaign: Campaign[DustDevilsState]) -> None:
    campaign.execute(DealerFolds())  # the jail conflict: an open thread
    campaign.execute(OpenConflict("A hand of faro", (
        Entrant(JACK.name, "clean out the table", ("Eye", "Heart")),), stud=5))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_characters_tab_and_its_forms_fit(tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await looked_at(pilot, "the Characters tab")
        for key in ("m", "e", "g", "a", "k", "K"):  # on Jim, highlighted
            await looked_at(pilot, f"Characters {key}", (key,))
        for _ in range(5):
            await pilot.press("down")  # Merrill, the Dealer's
        await looked_at(pilot, "Characters v", ("v",))

    await run_quietly(fresh(tmp_path / "a"), size, steps)

    async def devils(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await looked_at(pilot, "the Devils' ratings", ("V",))

    await run_quietly(fresh(tmp_path / "b", a_new_session), size, devils)

    async def fate(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        for _ in range(4):
            await pilot.press("down")  # Clara, her fate due
        await looked_at(pilot, "Characters t", ("t",))

    campaign = fresh(tmp_path / "c", before_claras_fate)
    clara = campaign.state.character(CLARA.name)
    assert clara is not None and clara.fate_due
    await run_quietly(campaign, size, fate)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_conflict_tab_and_its_forms_fit(tmp_path: Path, size: tuple[int, int]
                                                  ) -> None:
    async def at_the_draw(pilot: Any) -> None:
        campaign = pilot.app.campaign
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab at the Draw")
        for key in ("w", "f", "l", "F", "u", "h"):
            await looked_at(pilot, f"Conflict {key}", (key,))
        await fill(pilot, "l")  # the Call: Long Tom's full house beats Zeke's pair
        await until(pilot, lambda: campaign.state.conflict.phase == "resolve")
        await looked_at(pilot, "the Conflict tab after the Call")
        for key in ("b", "k", "K"):
            await looked_at(pilot, f"Conflict {key}", (key,))
        await fill(pilot, "b", b1="1")  # Zeke, holding the high card, pays to narrate
        await until(pilot, lambda: campaign.state.conflict.narration_bought)
        await fill(pilot, "k")
        await until(pilot, lambda: campaign.state.conflict.difficulty)
        await looked_at(pilot, "Conflict r", ("r",))

    campaign = fresh(tmp_path / "a")
    await run_quietly(campaign, size, at_the_draw)
    conflict = campaign.state.conflict
    assert conflict is not None and conflict.narrator == ZEKE.name

    async def at_the_deal_(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab at the Deal")
        await looked_at(pilot, "Conflict D", ("D",))

    await run_quietly(fresh(tmp_path / "b", at_the_deal), size, at_the_deal_)

    async def setting_up(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab between conflicts")
        await looked_at(pilot, "Conflict t", ("t",))
        await looked_at(pilot, "Conflict a", ("a",))
        await fill(pilot, "a", name=ZEKE.name, goal="get the bounty back")
        await looked_at(pilot, "the Conflict tab with an entrant")
        await looked_at(pilot, "Conflict o", ("o",))

    await run_quietly(fresh(tmp_path / "c", lambda c: c.execute(DealerFolds())), size, setting_up)


class _Cut(App[None]):
    """A box taller than the screen that does not scroll, and a column narrower than its
    heading."""

    CSS = "#tall { height: 40; overflow: hidden hidden; } #tall Static { height: 40; }"

    def compose(self) -> Any:
        table: DataTable[str] = DataTable(id="narrow")
        table.add_column("Heading", width=3)
        yield table
        with Vertical(id="tall"):
            yield Static("a line\n" * 40)


@synchronous
async def test_the_check_finds_what_is_cut() -> None:
    app = _Cut()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        found = cut_off(app)
    assert any("column Heading is cut to 3" in f for f in found), found
    assert any("Static" in f for f in found), found
