"""The players' screen on a phone (round 20): `gmscreen serve` draws it in a browser held
upright, about 40 columns wide. Found by playing The Hanged Man in the Dealer's app with the
table's link open in Chromium at 390x844:

- at the Deal of a new conflict (its cards "not dealt yet"), the hands stayed a table of
  four columns with each name cut to its heading's width ("Gent…", "Merri…"): the table
  could not tell whose hand was whose; at the Draw and after the Call the same hands were
  lines, names whole;
- as a session began, the Dealer's tab asked each player for the Devil rating by name,
  and the phone showed only "Devil 3?" on each line of the posse, its key under them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import DealerFolds, Entrant, OpenConflict, SetDevilRating
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, MERRILL, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import Grid, Lines
from gmscreen.ui.players import PlayersApp
from tests.dust_devils.game import hanged_man_table, sample
from tests.pilot import screen_text, synchronous, until

#: a phone held upright: textual-serve gave the players' screen 43 columns in a 390-pixel page
PHONE = (43, 46)


def _showdown(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict folded by the Dealer; Jim faces the mayor in the street, not dealt
    yet."""
    campaign.execute(DealerFolds())
    campaign.execute(OpenConflict("Showdown on Main Street", (
        Entrant(JIM.name, "face down the mayor in the street", ("Hand", "Eye")),
        Entrant(MERRILL.name, "keep his town quiet", ("Hand", "Eye"))), stakes=2))


async def _on_a_phone(tmp_path: Path,
                      play: Callable[[Campaign[DustDevilsState]], object]) -> str:
    campaign = sample(tmp_path / "c", play)
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=PHONE) as pilot:
        # the conflict's heading comes before its hands (the goals under it name them too):
        # read once the hands are in, where a loaded machine read the heading alone
        await until(pilot, lambda: "Cards not dealt yet" in screen_text(app))
        return screen_text(app)


@synchronous
async def test_on_a_phone_the_hands_at_the_deal_name_each_whole(tmp_path: Path) -> None:
    shown = await _on_a_phone(tmp_path, _showdown)
    assert JIM.name in shown and MERRILL.name in shown, shown
    assert "…" not in shown.split("Goals")[0], shown


def _hands(state: DustDevilsState) -> Grid:
    sections = view.table_sections(view.table_knows(state))
    hands = sections[0]
    assert isinstance(hands, Grid), sections
    return hands


def test_a_name_is_cut_short_only_where_the_hands_overrun_80_columns() -> None:
    """At 80 columns the hands stay a table of a line each (round 13): a long name is cut
    there only where the whole row would not fit; where it fits, the hands are not marked
    to be cut, so a phone draws them as lines with every name whole."""
    table = hanged_man_table()
    for who in (JIM, ZEKE, JACK, LUKE):
        table.do(SetDevilRating(who.name, 2))
    table.do(OpenConflict("Showdown on Main Street", (
        Entrant(JIM.name, "face down the mayor", ("Hand", "Eye")),
        Entrant(MERRILL.name, "keep his town quiet", ("Hand", "Eye")))))
    assert _hands(table.state).shortened == ()
    # Jim's name, a straight flush and "ally won, narrates" overrun the room whole; Black
    # Jack's straight flush by one column (test_players_side keeps it a table at 80x24)
    wide = Grid("x", view.AFTER_CALL, ((JIM.name, "Joker J♣ 10♣ 9♣ 8♣", "Straight flush",
                                         "ally won, narrates"),))
    assert not view.fits_at_80(wide.columns, wide.rows)
    assert not view.fits_at_80(view.AFTER_CALL, ((JACK.name, "Joker J♣ 10♣ 9♣ 8♣",
                                                  "Straight flush", "lost, narrates"),))
    assert view.fits_at_80(view.AFTER_CALL, ((ZEKE.name, "Q♠ Q♥ 10♥ 10♦ A♥", "Two pair",
                                              "lost, narrates"),))


def test_as_a_session_begins_the_table_reads_who_still_sets_the_devil() -> None:
    table = hanged_man_table()
    table.do(SetDevilRating(ZEKE.name, 2))
    sections = view.table_sections(view.table_knows(table.state))
    waiting = next(s for s in sections if s.title == "No conflict under way")
    assert isinstance(waiting, Lines)
    # each name kept whole (joined by no-break spaces) where the line wraps
    first = " ".join(waiting.lines[0].split())
    assert first == (f"Still to set the Devil rating this session: {JIM.name}, "
                     f"{JACK.name} and {LUKE.name}."), waiting.lines
    for who in (JIM, JACK, LUKE):
        table.do(SetDevilRating(who.name, 1))
    sections = view.table_sections(view.table_knows(table.state))
    assert "Devil rating" not in " ".join(
        line for s in sections if isinstance(s, Lines) for line in s.lines)


@synchronous
async def test_on_a_phone_the_posse_is_lines_and_nothing_is_cut(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", _showdown)
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=PHONE) as pilot:
        # the posse read once its lines are in ("Chips 5", Luke's): before, no table had
        # rows to find, drawn or not
        await until(pilot, lambda: "Chips 5" in screen_text(app))
        # every table of the page is drawn as lines on a phone: none is a DataTable
        assert not [t for t in app.query(DataTable) if t.display and t.row_count], \
            screen_text(app)


def test_the_notes_told_come_after_the_conflict_under_way_above_the_posse(
        tmp_path: Path) -> None:
    # under the posse, the others met and the rulings they fell out of a phone's sight
    from gmscreen.ui.players import what_the_table_sees

    campaign = sample(tmp_path / "jail", lambda c: c.note("The deputy hears.", public=True))
    titles = [section.title for section in what_the_table_sees(campaign)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert titles[told - 1] == "Goals" and titles[told + 1] == "The posse"
    campaign.close()
