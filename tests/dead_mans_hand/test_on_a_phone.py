"""Round 20: the players' screen read on a phone, in a browser, while the Dealer plays. A
phone held upright gave the page 43 columns and 46 rows (390 by 844 pixels at the page's
16-pixel font). Two things of the game's own view read badly there:

- the posse's title wrapped inside its counts: "RED  The Callahan Gang  43/43 pts  8" on
  one row and "models" alone on the next (and "1 model, 7 gave" / "up" once the red posse
  gave up), a number cut from what it counts;
- a posse with nobody left to field (none recruited yet, or all dead or given up) was an
  empty table: its headings over no row in the browser, "(none)" under them in `show
  --print`. It is its title and the line naming the dead and those who gave up now."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import DrawForTheFallen
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import Status
from gmscreen.journal.sections import NO_BREAK, Grid, Lines, printed
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.dead_mans_hand.test_fallen import game_over
from tests.pilot import screen_text, synchronous, until

#: the players' screen in a phone's browser held upright (390x844 at 16 pixels a letter)
PHONE = (43, 46)


def posse_section(table: Table, colour: str) -> Grid | Lines:
    sections = view.table_sections(view.table_knows(table.state))
    return next(s for s in sections if s.title.startswith(colour.upper()))


@synchronous
async def test_on_a_phone_the_posses_title_keeps_each_count_with_its_word(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "phone.toml", "Red Gulch")
    build_showdown(campaign)
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: "Callahan" in screen_text(app))
        await pilot.pause()
        rows = [row.replace(NO_BREAK, " ").strip() for row in screen_text(app).splitlines()]
        title = next(n for n, row in enumerate(rows) if row.startswith("RED"))
        assert rows[title] == "RED  The Callahan Gang  43/43 pts"
        assert rows[title + 1] == "8 models"
    campaign.close()


def test_the_counts_are_kept_whole_on_the_screens_and_read_plain_in_print() -> None:
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))  # Stubby, on the K♥, is buried
    black = posse_section(table, "black")
    assert black.title == (f"BLACK  The Black Hats  1{NO_BREAK}model, 1{NO_BREAK}dead, "
                           f"6{NO_BREAK}gave{NO_BREAK}up")
    assert "BLACK  The Black Hats  1 model, 1 dead, 6 gave up\n" in printed([black])
    # the title the Characters tab and the tests read is as it was
    assert view.posse_title(view.table_knows(table.state), "black") == (
        "BLACK  The Black Hats  1 model, 1 dead, 6 gave up")


def test_a_posse_with_nobody_to_field_is_no_empty_table() -> None:
    """The Black Hats after game 1, Stubby buried, six given up, and Long Tom, who left by
    an edge, given up too: nobody of theirs is left to field."""
    table = game_over()
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))  # Stubby, on the K♥, is buried
    known = view.table_knows(table.state)
    black = replace(known.black, models=tuple(
        replace(m, status=Status.SURRENDERED) if m.name == "Long Tom" else m
        for m in known.black.models))
    section = next(s for s in view.table_sections(replace(known, black=black))
                   if s.title.startswith("BLACK"))
    assert isinstance(section, Lines)
    text = printed([section])
    assert "(none)" not in text and "Name" not in text
    assert "BLACK  The Black Hats  0 models, 1 dead, 7 gave up" in text
    assert "Dead: Stubby on K♥. Gave up: " in text
    # the key to the tables still comes under the second posse's
    assert "Val: value (2 best)" in text


def test_before_any_model_is_recruited_the_posses_are_their_titles() -> None:
    table = Table()
    red, black = posse_section(table, "red"), posse_section(table, "black")
    assert isinstance(red, Lines) and red.lines == ()
    # no key to tables that are not there
    assert isinstance(black, Lines) and black.lines == ()
    assert red.title.endswith(f"no{NO_BREAK}models{NO_BREAK}yet")


def test_the_notes_told_to_the_table_come_above_the_posses(tmp_path: Path) -> None:
    """Notes told to the table stood last, under both posses and the attack: some hundred
    rows down a phone. They come after the match (and the attack under way), above the
    posses."""
    from gmscreen.games import rules_for
    from gmscreen.games.dead_mans_hand.sample import SAMPLES
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.samples import write_sample
    from gmscreen.ui.players import what_the_table_sees

    sample = next(s for s in SAMPLES if "showdown" in s.file)
    dealer = open_campaign(write_sample(sample, tmp_path), rules_for)
    dealer.note("The marshal's dust is on the road.", public=True)
    titles = [section.title for section in what_the_table_sees(dealer)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert titles[:told] == ["The match"], titles
    assert "RED" in titles[told + 1] and titles[-1] == "The attack"
    dealer.close()
