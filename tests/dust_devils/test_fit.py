"""Every tab and every form of Dust Devils, opened with The Hanged Man loaded, fits the
screen at 80x24 and at 200x50: no widget is cut off (what does not fit whole lies in a
container that scrolls to it), and no column of a table is narrower than its heading or
pushed out of sight. Each form is opened in a state where its key applies."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pytest
from textual.app import App
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static
from textual.widgets._footer import FooterKey

from gmscreen.games.dust_devils import resolution, view
from gmscreen.games.dust_devils.commands import (
    Deal,
    DealerFolds,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    Sheet,
)
from gmscreen.games.dust_devils.deal import deal_hands
from gmscreen.games.dust_devils.panes import ConflictPane
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, TOM, ZEKE
from gmscreen.games.dust_devils.state import DEALER, Conflict, DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.undo_preview import UndoPreview
from tests.dust_devils.game import sample
from tests.pilot import (
    cut_off,
    fill,
    looked_at,
    opened,
    run_quietly,
    screen_text,
    set_field,
    synchronous,
    to_tab,
    until,
)

SIZES = [(80, 24), (200, 50)]


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
        for _ in range(4):
            await pilot.press("down")  # Merrill, the Dealer's, below the players
        await looked_at(pilot, "Characters v", ("v",))

    # Jim's three Chips pay for no attribute (Heart to 3 is six): the raise form opens with
    # Chips enough for it
    await run_quietly(sample(tmp_path / "a", lambda c: c.execute(
        GiveChips(JIM.name, 6, "a windfall"))), size, steps)

    async def devils(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await looked_at(pilot, "the Devils' ratings", ("V",))

    await run_quietly(sample(tmp_path / "b", a_new_session), size, devils)

    async def fate(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        for _ in range(4):
            await pilot.press("down")  # Clara, her fate due
        await looked_at(pilot, "Characters t", ("t",))

    campaign = sample(tmp_path / "c", before_claras_fate)
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

    campaign = sample(tmp_path / "a")
    await run_quietly(campaign, size, at_the_draw)
    conflict = campaign.state.conflict
    assert conflict is not None and conflict.narrator == ZEKE.name

    async def at_the_deal_(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab at the Deal")
        await looked_at(pilot, "Conflict D", ("D",))

    await run_quietly(sample(tmp_path / "b", at_the_deal), size, at_the_deal_)

    async def setting_up(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab between conflicts")
        await looked_at(pilot, "Conflict t", ("t",))
        await looked_at(pilot, "Conflict a", ("a",))
        await fill(pilot, "a", name=ZEKE.name, goal="get the bounty back")
        await looked_at(pilot, "the Conflict tab with an entrant")
        await looked_at(pilot, "Conflict o", ("o",))

    await run_quietly(sample(tmp_path / "c", lambda c: c.execute(DealerFolds())), size, setting_up)


#: a sheet of the Dealer's with a name as long as a name may be (40 letters), wider than the
#: tables leave it at 80 columns (one longer, that an older journal holds, is cut the same)
DRIFTER = Sheet("The Drifter From The Staked Plains Alone",
                player=False, ratings=(3, 3, 3, 3), devil="Runs from his name", devil_rating=2)


def a_long_name_in_a_conflict(campaign: Campaign[DustDevilsState]) -> None:
    campaign.execute(DealerFolds())  # the jail conflict: an open thread
    campaign.execute(MakeCharacter(DRIFTER))
    campaign.execute(OpenConflict("The drifter at the bar", (
        Entrant(JACK.name, "win his horse back", ("Eye", "Heart")),
        Entrant(DRIFTER.name, "keep riding", ("Hand", "Guts"))), stud=5))


@synchronous
async def test_a_long_name_keeps_every_column_in_sight_at_80_columns(tmp_path: Path) -> None:
    # a name typed as long as the Dealer may is cut short in the tables (the sheet says
    # it whole), so the numbers beside it stay on the screen: before, the Name and Hand
    # columns took the whole width and the attributes, Chips and cards ran out of sight
    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await looked_at(pilot, "the Characters tab with a long name")
        await to_tab(pilot, "Conflict")
        await looked_at(pilot, "the Conflict tab with a long name")

    await run_quietly(sample(tmp_path / "a", a_long_name_in_a_conflict), (80, 24), steps)


def footer_seen(app: App[Any]) -> set[str]:
    """The footer's keys shown whole at the app's width (the footer hides what does not
    fit)."""
    return {k.key for k in app.screen.query_one(Footer).query(FooterKey)
            if k.display and k.region.width and k.region.right <= app.size.width}


@synchronous
async def test_the_keys_of_what_comes_next_are_in_sight_at_80_columns(tmp_path: Path) -> None:
    # at every moment of a conflict, with an open thread to close as well (its key the
    # rarest), the footer shows each step key that applies now, and the words under the
    # hands name those keys and no other step's: what waits (the end, until every loser
    # has placed Difficulty) is said with what it waits for, in the rules' words
    campaign = sample(tmp_path / "a", lambda c: c.execute(DealerFolds()))

    def now() -> Conflict:
        conflict = campaign.state.conflict
        assert conflict is not None
        return conflict

    async def moments(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        pane = pilot.app.screen.query_one(ConflictPane)

        async def in_sight(offered: set[str], words: tuple[str, ...] = (),
                           not_said: tuple[str, ...] = ()) -> None:
            await pilot.pause()
            await until(pilot, lambda: offered <= footer_seen(pilot.app))
            detail = str(pane.query_one("#dd-detail", Static).content).split("\n")[0]
            assert all(w in detail for w in words), detail
            assert not any(w in detail for w in not_said), detail

        await fill(pilot, "a", name=ZEKE.name, goal="get the reward", first="Hand",
                   second="Guts")
        await fill(pilot, "a", name=TOM.name, goal="keep it", first="Hand", second="Guts")
        await in_sight({"a", "o"})
        await fill(pilot, "o", title="The jail again", stakes="1", stud="0")
        await until(pilot, lambda: campaign.state.conflict is not None)
        await in_sight({"d", "D", "f"}, ("d deals", "D takes", "f folds", "F the Dealer"))
        await pilot.press("d")
        await until(pilot, lambda: now().phase == "draw")
        await in_sight({"w", "l", "f"}, ("w for each hand", "l calls"))
        await fill(pilot, "l")
        await until(pilot, lambda: now().phase == "resolve")
        conflict = now()
        loser = next(p.name for p in conflict.active if p.name not in conflict.winners)
        await in_sight({"b", "k"}, ("b bids", "k places", "K the narrator hands",
                                    f"Then e ends it and pays the Stakes (1 Chip to "
                                    f"{ZEKE.name}): {loser} must place Difficulty first"),
                       ("r restores",))
        bidders = [w.name for w in campaign.state.players
                   if w.name in resolution.who_may_bid(campaign.state)]
        await fill(pilot, "b", **{f"b{bidders.index(ZEKE.name)}": "1"})  # Zeke pays a Chip
        await until(pilot, lambda: now().narration_bought)
        # the narrator's point is only of Difficulty taken in this conflict: none yet
        await in_sight({"k"}, ("k places", "Then e ends"), ("b bids", "r restores"))
        await fill(pilot, "k")
        await until(pilot, lambda: now().placed)
        narrator = now().narrator
        assert narrator in {p.name for p in now().active}
        if narrator != loser:  # the narrator hands himself a point, so one can come back
            await fill(pilot, "K", name=narrator, split="Guts 1")
            await until(pilot, lambda: any(w == narrator for w, _, _ in now().difficulty))
        await in_sight({"r", "e"}, ("r restores",
                                    f"e ends it and pays the Stakes (1 Chip to {ZEKE.name})."),
                       ("k places", "Then e"))

    await run_quietly(campaign, (80, 24), moments)


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


def at_the_draw_with_a_stud_hand(campaign: Campaign[DustDevilsState]) -> None:
    """A hand of faro dealt: Black Jack against the Dealer's Five Card Stud, at the Draw."""
    at_the_deal(campaign)
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Deal(tuple(deal_hands(Random(7), {
        p.name: p.cards_due for p in conflict.participants}).items())))


@synchronous
async def test_the_draw_forms_knack_line_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    # the stud hand's Knack line read "none: the stud hand redraws only for a Chip to eac…"
    campaign = sample(tmp_path / "c", at_the_draw_with_a_stud_hand)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "w")
        for name in (JACK.name, DEALER):
            set_field(shown, "name", name)
            await pilot.pause()
            first = view.draw_knack_choices(campaign.state, name)[0][0]
            line = next(line for line in screen_text(app).splitlines() if " Knack " in line)
            assert first in line and "…" not in line, line


@synchronous
async def test_the_hands_never_show_names_cut_to_three_letters_as_the_screen_resizes(
        tmp_path: Path, monkeypatch: Any) -> None:
    # the Hand column was made for the table squeezed beside the sheets, before the tab
    # left them out at 80 columns: "Zek…" drawn for a moment as the tab was first shown and
    # again on narrowing the screen (long enough to read on a loaded machine)
    made: list[tuple[int, int]] = []  # the tab's width and the Hand column's, each time
    columns = ConflictPane._columns

    def spied(pane: ConflictPane, headings: tuple[str, ...], step: str,
              rows: Any) -> None:
        columns(pane, headings, step, rows)
        table = pane.query_one("#dd-hands", DataTable)
        made.append((pane.size.width, table.ordered_columns[0].width))

    monkeypatch.setattr(ConflictPane, "_columns", spied)
    app = GmScreenApp(sample(tmp_path / "c"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for size in ((200, 50), (80, 24), (120, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
    names = len(TOM.name)
    assert made and all(hand >= names for width, hand in made if width >= 80), made


@synchronous
async def test_the_footer_keeps_the_note_in_sight_once_the_devils_are_set(tmp_path: Path
                                                                          ) -> None:
    # v on a player whose Devil is set this session corrects a slip (rare): on the footer
    # all session long it pushed n Note off at 80 columns for most sheets. It is named on
    # the rulings' line instead, and still works, pressed or clicked; at a session's start,
    # where setting the Devil is the step ahead, v and V stay on the footer
    campaign = sample(tmp_path / "a")

    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        table = pilot.app.screen.query_one("#dd-characters", DataTable)
        for row, who in enumerate(campaign.state.characters):
            table.move_cursor(row=row)
            await pilot.pause()
            await until(pilot, lambda: "n" in footer_seen(pilot.app))
            if who.player and who.devil_set_for == campaign.state.session:
                assert "v" not in footer_seen(pilot.app), who.name
        table.move_cursor(row=0)  # Jim, set this session
        await until(pilot, lambda: f"v corrects {JIM.name}'s Devil (3 this session)"
                    in screen_text(pilot.app))
        form = await opened(pilot, "v")  # the correction opens by its key, footer or no
        assert "Correct" in form.title_text
        await pilot.press("escape")

    await run_quietly(campaign, (80, 24), steps)


@synchronous
async def test_the_devil_keys_are_on_the_footer_while_a_rating_is_to_set(tmp_path: Path
                                                                         ) -> None:
    campaign = sample(tmp_path / "a", a_new_session)

    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Characters")  # Jim highlighted, his Devil not yet set
        await until(pilot, lambda: {"v", "V"} <= footer_seen(pilot.app))
        assert "v corrects" not in screen_text(pilot.app)

    await run_quietly(campaign, (80, 24), steps)


@synchronous
async def test_the_set_up_keeps_undo_and_the_note_in_sight(tmp_path: Path) -> None:
    # with no conflict under way, u takes back the last conflict, ended already: a mending
    # step, rare. On the footer it pushed ^z Undo, ^y Redo and n Note off at 80 columns
    # while the Dealer set up the next conflict (and right after an undo, whose notice
    # says ^y puts it back). It is named under the steps instead, and still works
    campaign = sample(tmp_path / "a", at_the_deal)
    campaign.execute(Fold(JACK.name))  # the faro game ends too: nothing under way

    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: {"a", "ctrl+z", "n"} <= footer_seen(pilot.app))
        assert "u" not in footer_seen(pilot.app)
        await until(pilot, lambda: "u takes back conflict 6, A hand of faro" in " ".join(
            screen_text(pilot.app).split()))
        await pilot.press("u")
        await until(pilot, lambda: isinstance(pilot.app.screen, UndoPreview))
        await pilot.press("n")  # keeps them

    await run_quietly(campaign, (80, 24), steps)


@synchronous
async def test_after_an_undo_the_steps_redo_and_the_note_are_in_sight(tmp_path: Path) -> None:
    # right after an undo the notice says ^y puts the step back: ^y Redo joins the footer.
    # At 80 columns it pushed n Note off (and at the Deal with an open thread, ^z Undo as
    # well) behind u, h and t, steps rarely taken. Those are named under the hands (and
    # still work, pressed or clicked); the footer keeps the steps of the moment, ^z, ^y, n
    campaign = sample(tmp_path / "a", lambda c: c.execute(DealerFolds()))  # an open thread

    def now() -> Conflict:
        conflict = campaign.state.conflict
        assert conflict is not None
        return conflict

    async def moments(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")

        async def undone_and_redone(steps: set[str]) -> None:
            await pilot.press("ctrl+z")  # the moment before: its steps, and ^y
            await until(pilot, lambda: campaign.can_redo)
            await until(pilot, lambda: {"ctrl+z", "ctrl+y", "n"} <= footer_seen(pilot.app))
            await pilot.press("ctrl+y")
            await until(pilot, lambda: not campaign.can_redo)
            await pilot.press("ctrl+z")
            await until(pilot, lambda: campaign.can_redo)
            await until(pilot, lambda: {"ctrl+z", "ctrl+y", "n"} <= footer_seen(pilot.app))
            await pilot.press("ctrl+y")
            await until(pilot, lambda: (steps | {"ctrl+z", "n"}) <= footer_seen(pilot.app))
            said = " ".join(screen_text(pilot.app).split())
            assert "u takes back conflict" in said, said

        await fill(pilot, "a", name=ZEKE.name, goal="get the reward", first="Hand",
                   second="Guts")
        await fill(pilot, "a", name=TOM.name, goal="keep it", first="Hand", second="Guts")
        await undone_and_redone({"a", "o"})
        assert "t closes" in " ".join(screen_text(pilot.app).split())
        await fill(pilot, "o", title="The jail again", stakes="1", stud="0")
        await until(pilot, lambda: campaign.state.conflict is not None)
        await undone_and_redone({"d", "D", "f"})
        await pilot.press("d")
        await until(pilot, lambda: now().phase == "draw")
        await undone_and_redone({"w", "l", "f"})
        await fill(pilot, "l")
        await until(pilot, lambda: now().phase == "resolve")
        await undone_and_redone({"b", "k"})
        assert "h shows" in " ".join(screen_text(pilot.app).split())

    await run_quietly(campaign, (80, 24), moments)
