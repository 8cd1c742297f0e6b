"""The players' screen as a phone held upright shows it (round 20): `gmscreen serve` draws
the page at about 40 columns and 46 rows on a phone of 390 by 844 points, with the Wanted
Clock's dial on top. What the table must act on now (whose turn, what was just decided,
what the rules ask next) stays in sight without scrolling however many fight, and a note
the Judge reads out to the table stands above what went before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.players import PlayersApp, what_the_table_sees
from tests.pilot import screen_text, synchronous, until

#: a phone held upright, as the browser's page gives `gmscreen show` its room
PHONE = (40, 46)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Campaign[FistfulState]]:
    """The Dalton Boys' sample, its first session under way."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    yield campaign
    campaign.close()


def read(text: str) -> str:
    """The screen as read: a name's no-break spaces as plain ones, each row's words run
    together with single spaces (a line wrapped on a phone reads on)."""
    return " ".join(text.replace("\u00a0", " ").split())


def a_big_fight(campaign: Campaign[FistfulState]) -> None:
    """The whole posse against Jake's gang and the Wichita law, eight fighters; the posse
    goes first and Tomas shoots Jake down, rolling doubles."""
    campaign.execute(c.JoinFight("Cora Dalton", "Nearby",
                                 ("Eli 'Preacher' Moss", "Tomas Vega", "Kit Hollis")))
    for npc in ("Rattlesnake Jake", "Snake-eye Pete", "Marshal Roy Bean", "Deputy Hal"):
        campaign.execute(c.JoinFight(npc, "Nearby"))
    campaign.execute(c.FlipInitiative("H"))
    campaign.execute(c.OpposedTest(c.Side("Tomas Vega", "gumption", 3, (6, 6, 5)),
                                   c.Side("Rattlesnake Jake", "grace", 3, (1, 2, 3)),
                                   weapon="revolver", band="Nearby", turn=True))


@synchronous
async def test_a_big_fight_leaves_whose_turn_and_what_was_just_decided_in_a_phones_sight(
        table: Campaign[FistfulState]) -> None:
    """Eight fighters took two rows each on a phone, and the fight's grid came before "Just
    now": the shot just fired and the Luck it asks about fell below the fold. Now the
    round's heading (who has still to act), "Just now" and "Still to come" come first, the
    fighters under them."""
    a_big_fight(table)
    app = PlayersApp(table.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=PHONE) as pilot:
        # the dial and the fighters' rows drawn, not just the headings
        await until(pilot, lambda: "Side posse" in screen_text(app)
                    and "of 12" in screen_text(app))
        seen = read(screen_text(app))
        assert "Round 1, heads: the posse goes first" in seen
        assert "have still to act, then the NPCs" in seen
        assert "Just now Tomas Vega against Rattlesnake Jake: Tomas Vega won" in seen
        assert "Tomas Vega may spend the Luck just rolled on an effect now" in seen


def test_a_note_told_to_the_table_stands_above_what_went_before(
        table: Campaign[FistfulState]) -> None:
    """The notes told to the table came last, under "Before that" and the moves of the
    clock (Fistful marked neither as what went before, as the other games mark theirs):
    on a phone, far below the fold. They now stand above both (and above the posse's sheets:
    the next test)."""
    table.note("The stage to Abilene leaves at dawn", public=True)
    titles = [section.title for section in what_the_table_sees(table)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert told < titles.index("Before that") < titles.index("Moves of the clock"), titles


def test_the_notes_told_come_right_after_still_to_come(table: Campaign[FistfulState]) -> None:
    # under the posse's sheets they were out of sight on a phone
    table.note("The stage to Tombstone is late.", public=True)
    titles = [section.title for section in what_the_table_sees(table)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert titles[told - 1] in ("Still to come", "Just now") and told <= 3
