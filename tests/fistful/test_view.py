"""What the tabs show, from view.py: the Judge's views and the table's. The table's never
holds what the Judge keeps (an NPC's sheet and numbers, the Misfortune, a chart roll), at
any point of the sample's story."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import view
from gmscreen.games.fistful.commands import Crime, JoinFight, RollReaction, RollWantedChart
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.games.fistful.wanted import band
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import Grid, as_text
from gmscreen.samples import write_sample
from gmscreen.ui.clock_face import ClockFace
from gmscreen.ui.players import PlayersApp
from tests.fistful.game import assert_the_table_sees_nothing_hidden, hidden_facts
from tests.pilot import synchronous, until


@pytest.fixture
def sample(tmp_path: Path) -> Iterator[Campaign[FistfulState]]:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    yield campaign
    campaign.close()


def table_text(state: FistfulState) -> str:
    return as_text(view.table_sections(view.table_knows(state)))


def test_the_judge_reads_every_sheet_and_the_clock(sample: Campaign[FistfulState]) -> None:
    text = as_text(view.dealer_sections(sample.state))
    assert "The Dalton Boys: Wanted Clock 3 o'clock, the Judge's Misfortune 0/3" in text
    assert "Rattlesnake Jake" in text and "4/9" in text and "Ornery" in text
    assert "#34 3 -> 4, crime: shot Rattlesnake Jake in the Wichita saloon (see #32)" in text
    assert "1-3: Only when the posse rides into a town of any size." in text
    # each sheet whole (gmscreen replay): what the grid leaves out, such as the equipment
    assert ("Equipment (slots 5/18): 1: Revolver (+2, to Faraway, quick draw); 2: Box of "
            "shells x2; "
            "3: Deck of cards; 6: Rifle (+3, to Distant, large)") in text
    assert "Background: Defrocked circuit rider with a quick tongue" in text


def test_the_table_sees_the_clock_and_the_posse_as_the_players_know_it(
        sample: Campaign[FistfulState]) -> None:
    text = table_text(sample.state)
    assert "Cora Dalton" in text and "Kit Hollis" in text
    # the hour and its meaning are the clock face's alone: said again under it, they
    # took four of the players' screen's 24 rows
    (face,) = view.table_clocks(view.table_knows(sample.state))
    assert (face.name, face.filled, face.segments) == ("Wanted Clock", 3, 12)
    assert "Nobody is looking for the posse yet" in face.means
    # (a move of the clock just made is told under "Just now", as it happened)
    sheets = as_text([s for s in view.table_sections(view.table_knows(sample.state))
                      if s.title not in ("Just now", "Before that")])
    assert "o'clock" not in sheets and "Nobody is looking" not in text
    cora = next(m for m in view.table_knows(sample.state).members if m.name == "Cora Dalton")
    assert (cora.grit, cora.gumption, cora.grace, cora.dollars) == (18, 16, 18, 44)
    assert "Widow Parker" not in text and "Misfortune" not in text


def test_no_prefix_of_the_sample_shows_the_table_a_hidden_fact(
        sample: Campaign[FistfulState]) -> None:
    seen = 0
    for seq in range(len(sample.events) + 1):
        state = sample.replay(seq).state
        seen += len(hidden_facts(state))
        assert_the_table_sees_nothing_hidden(state)
    assert seen > 50  # the facts were there to be hidden


def test_what_the_judge_keeps_changes_nothing_the_table_sees(
        sample: Campaign[FistfulState]) -> None:
    """Every hidden field changed at once: the players' screen reads the same."""
    sample.execute(JoinFight("Rattlesnake Jake", "Nearby"))
    sample.execute(RollWantedChart((1, 1)))
    state = sample.state
    other = replace(state, misfortune=3, chart_rolls=tuple(
        (seq, total, "somebody else") for seq, total, _ in state.chart_rolls),
        characters=tuple(replace(c, grit=c.grit + 3, gumption=1, grace=2, guts=1,
                                 notes="other", side="other", rank="Creature",
                                 equipment=()) if c.is_npc else c
                         for c in state.characters))
    assert table_text(other) == table_text(state)
    assert "Rattlesnake Jake" in table_text(state)  # in the fight: his name, not his sheet


def test_the_recap_tells_the_table_no_roll_of_the_judges(
        sample: Campaign[FistfulState]) -> None:
    sample.execute(RollReaction((3, 3)))
    told = render(build(sample, 1, view), "txt")
    judge = render(build(sample, 1, view, dealer=True), "txt")
    for secret in ("Reaction", "Wanted Chart at", "on morale", "Jake's Grit 17"):
        assert secret not in told and secret in judge, secret
    assert "Tomas Vega against Rattlesnake Jake: Tomas Vega won, 5 harm" in told
    assert "Rattlesnake Jake's side broke: they fled" in told
    # the text export breaks its lines where it likes
    assert "The Wanted Clock. From 3 to 4 o'clock: shot Rattlesnake Jake" in " ".join(
        told.split())


def test_the_totals_come_from_the_states(sample: Campaign[FistfulState]) -> None:
    before, after = sample.replay(25).state, sample.state
    totals = view.table_totals(view.table_knows(before), view.table_knows(after))
    assert "Cora Dalton: Dollars 24 to 44" in totals
    assert "Tomas Vega: Luck 0 to 1" in totals
    assert not any("Rattlesnake" in line for line in totals)
    assert "Rattlesnake Jake: Guts 9 to 4" in view.dealer_totals(before, after)


def headings(state: FistfulState) -> set[str]:
    """Every column heading the Judge's sections and the table's write for `state`."""
    found: set[str] = set()
    for section in (*view.dealer_sections(state),
                    *view.table_sections(view.table_knows(state))):
        if isinstance(section, Grid):
            found.update(section.columns)
    return found


def test_every_heading_and_short_word_has_a_glossary_entry(
        sample: Campaign[FistfulState]) -> None:
    sample.execute(JoinFight("Rattlesnake Jake", "Nearby"))  # the fight's grids too
    words = words_of("gmscreen.games.fistful")
    shown = headings(sample.state) | {*view.SHEET_COLUMNS, *view.FIGHT_COLUMNS,
                                      *view.ODDS_COLUMNS}
    shown |= {"posse", "ready", "out of action", "rode off", "dead", "NPC", "Luck S",
              "Judge S", "High Noon", "o'clock"}
    assert {"Gum", "Gra", "Str", "$", "F", "B"} <= shown
    missing = sorted(h for h in shown if find(words, h) is None)
    assert not missing, missing


def test_the_players_screen_draws_the_wanted_clock_in_the_bands_colours(
        sample: Campaign[FistfulState]) -> None:
    (face,) = view.table_clocks(view.table_knows(sample.state))
    assert (face.name, face.segments, face.filled) == ("Wanted Clock", 12, 3)
    # 1-3 nobody looks, 4-5 posters, 6-9 bounty hunters and the infamous, 10-12 the manhunt
    assert face.colours == ("success",) * 3 + ("primary",) * 2 + ("warning",) * 4 + (
        "error",) * 3
    assert face.means == "o'clock: " + band(3).populace


@synchronous
async def test_the_players_screen_shows_the_wanted_clocks_face(
        sample: Campaign[FistfulState]) -> None:
    app = PlayersApp(sample.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(app.query(ClockFace)))
        face = app.query_one(ClockFace)
        assert (face.clock_name, face.filled, face.colours) == (
            "Wanted Clock", 3, view.clock_colours())
        sample.execute(Crime(2, "robbed the stage"))
        await until(pilot, lambda: app.query_one(ClockFace).filled == 5, seconds=3)


def test_names_are_everyone_the_campaign_holds_in_the_order_they_came(
        sample: Campaign[FistfulState]) -> None:
    assert view.names(sample.state) == [
        "Cora Dalton", "Eli 'Preacher' Moss", "Tomas Vega", "Kit Hollis", "Widow Parker",
        "Deputy Hal", "Rattlesnake Jake", "Snake-eye Pete", "Marshal Roy Bean",
        "Old Grizzly"]


def test_an_npc_keeps_no_luck_or_xp_and_the_grid_says_so(
        sample: Campaign[FistfulState]) -> None:
    grid = view.characters_grid(sample.state)
    rows = {row[0]: dict(zip(grid.columns, row, strict=True)) for row in grid.rows}
    assert (rows["Rattlesnake Jake"]["Luck"], rows["Rattlesnake Jake"]["XP"]) == ("-", "-")
    # round 10: nor money, where "$ 0" under the posse's purses read as spent
    assert rows["Rattlesnake Jake"]["$"] == "-"
    cora = sample.state.character("Cora Dalton")
    assert cora is not None
    assert (rows["Cora Dalton"]["Luck"], rows["Cora Dalton"]["XP"]) == (str(cora.luck),
                                                                        str(cora.xp))
    assert "-: an NPC keeps no Luck, XP or money" in grid.note


def test_the_recaps_cast_sets_the_dead_and_those_who_rode_off_apart(
        sample: Campaign[FistfulState]) -> None:
    known = view.table_knows(sample.state)
    cora, eli, tomas, kit = known.members[:4]
    gone = replace(known, members=(replace(cora, condition="dead"), eli,
                                   replace(tomas, condition="rode off"), kit))
    assert view.table_cast(gone) == [eli.name, kit.name, f"Dead: {cora.name}",
                                     f"Rode off: {tomas.name}"]
    assert view.table_cast(known) == [m.name for m in known.members]  # all still riding
