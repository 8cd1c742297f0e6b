"""Every tab and every form of A Fistful of Sixes, opened with the Dalton Boys loaded (or a
new campaign for the posse's own form), fits the screen at 80x24 and at 200x50: no widget is
cut off (what does not fit whole lies in a container that scrolls to it), no column of a
table is narrower than its heading or pushed out of sight, and every field's explanation
fits the lines under the form. Each form is opened, by its key
or by its palette entry, in a state where it applies: a character at 0 Guts and after the
table is rolled, XP spent on advancement dice, a failure with doubles, a duel just lost, a
fight under way, the optional rules on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.fistful.commands import (
    Carouse,
    ChooseOptionalRules,
    Duel,
    EditSheet,
    FlipInitiative,
    JoinFight,
    LoseWealth,
    RollOutOfAction,
    RollTest,
    RollWantedChart,
    ShareTake,
    TakeHarm,
)
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.form import Form
from tests.pilot import looked_at, run_quietly, synchronous, to_tab, until

SIZES = [(80, 24), (200, 50)]
Change = Callable[[Campaign[FistfulState]], object]
CORA, ELI, TOMAS, KIT = "Cora Dalton", "Eli 'Preacher' Moss", "Tomas Vega", "Kit Hollis"
JAKE = "Rattlesnake Jake"


def sample(folder: Path, *changes: Change) -> Campaign[FistfulState]:
    """The Dalton Boys, then `changes`."""
    folder.mkdir()
    campaign: Campaign[FistfulState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                     rules_for)
    for change in changes:
        change(campaign)
    return campaign


def fallen(campaign: Campaign[FistfulState]) -> None:
    """Tomas shot down to 0 Guts: the Out of action table is due."""
    campaign.execute(TakeHarm(TOMAS, 99, "shot in the saloon"))


def rolled_out(campaign: Campaign[FistfulState]) -> None:
    """Tomas's fall rolled (1, knocked out): he may get back up."""
    fallen(campaign)
    campaign.execute(RollOutOfAction(TOMAS, 1))


def lucky_roll(campaign: Campaign[FistfulState]) -> None:
    """Tomas's test comes up doubles: a Luck to spend on an effect at once."""
    campaign.execute(RollTest(TOMAS, "grace", 8, 2, (5, 5)))


def caroused(campaign: Campaign[FistfulState]) -> None:
    """The session's take turned into XP, and Cora spends one on an advancement die."""
    campaign.end_session()
    campaign.execute(Carouse(CORA, 0, 1, (3,), 3))


def misfortune_and_failure(campaign: Campaign[FistfulState]) -> None:
    """Eli busts with doubles (a Stress; the Judge banks a Misfortune), then fails plainly:
    he may double down."""
    campaign.execute(RollTest(ELI, "gumption", 14, 3, (6, 6, 5)))
    campaign.execute(RollTest(ELI, "gumption", 14, 3, (1, 2, 4)))


def duel_lost(campaign: Campaign[FistfulState]) -> None:
    """Jake outdraws Cora: her Guts or her Dollars are his to take."""
    campaign.execute(Duel(JAKE, "HHT", CORA, "TTT"))


def optional_rules(campaign: Campaign[FistfulState]) -> None:
    campaign.execute(ChooseOptionalRules(Settings(glory=True, scene_stakes=True)))


def takings(campaign: Campaign[FistfulState]) -> None:
    """Tomas's share of a take: with Cora's $20, the posse has the $30 that clears 3
    o'clock between them, so the bounty form opens."""
    campaign.execute(ShareTake(TOMAS, 20))


def fighting(campaign: Campaign[FistfulState]) -> None:
    """Tomas and Cora against Jake, round 1 begun, the posse first; Cora's two lucky tests
    and Tomas's Luck make the 3 that buy the order."""
    for _ in range(2):
        campaign.execute(RollTest(CORA, "grit", 11, 3, (5, 5, 2)))
    for name, band in ((TOMAS, "Nearby"), (CORA, "Nearby"), (JAKE, "Faraway")):
        campaign.execute(JoinFight(name, band))
    campaign.execute(FlipInitiative("H"))


def a_crowded_fight(campaign: Campaign[FistfulState]) -> None:
    """Everyone in the fight, the law's side named at length, and Jake down."""
    fighting(campaign)
    campaign.execute(EditSheet("Deputy Hal", "", "", "", "", (),
                               "the Sedgwick County sheriff's posse"))
    for name in (ELI, KIT, "Deputy Hal", "Marshal Roy Bean", "Snake-eye Pete"):
        campaign.execute(JoinFight(name, "Distant"))
    campaign.execute(TakeHarm(JAKE, 99, "shot down"))


def new_campaign(folder: Path) -> Campaign[FistfulState]:
    folder.mkdir()
    store = JournalStore.create(folder / "posse.toml", new_header("fistful", "New posse", 7))
    return Campaign.load(rules_for("fistful"), store.load(), store)


def highlight(pilot: Any, name: str) -> None:
    """The Characters tab's row of `name` highlighted."""
    table = pilot.app.screen.query_one("#ff-people", DataTable)
    table.move_cursor(row=table.get_row_index(name))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_characters_tab_and_its_forms_fit(tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    async def posse(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await look_closely(pilot, "the Characters tab of a new campaign")
        await look_closely(pilot, "Characters", ("P",))

    await run_quietly(new_campaign(tmp_path / "new"), size, posse)

    async def at_the_table(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await look_closely(pilot, "the Characters tab")
        for key in ("e", "h", "r", "u", "m", "b", "s", "c", "a"):  # on Cora, highlighted
            await look_closely(pilot, "Characters", (key,))
        await look_closely(pilot, "Characters", palette="Characters: Roll on the Carousing "
                        "table…")
        highlight(pilot, "Marshal Roy Bean")  # an NPC's sheet has a side
        await look_closely(pilot, "Characters (an NPC)", ("e",))

    await run_quietly(sample(tmp_path / "a"), size, at_the_table)

    async def lucky(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        highlight(pilot, TOMAS)  # the Luck his newest roll gave him
        await look_closely(pilot, "Characters", ("l",))

    await run_quietly(sample(tmp_path / "l", lucky_roll), size, lucky)

    async def at_0_guts(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        highlight(pilot, TOMAS)
        for key in ("o", "d"):
            await look_closely(pilot, "Characters (at 0 Guts)", (key,))
        await look_closely(pilot, "Characters (at 0 Guts)",
                        palette="Characters: Roll on the Out of action table…")

    await run_quietly(sample(tmp_path / "b", fallen), size, at_0_guts)

    async def knocked_out(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        highlight(pilot, TOMAS)
        await look_closely(pilot, "Characters (knocked out)", ("v",))

    await run_quietly(sample(tmp_path / "c", rolled_out), size, knocked_out)

    async def advancing(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        await look_closely(pilot, "Characters (a die bought)", ("A",))
        await look_closely(pilot, "Characters (a die bought)",
                        palette="Characters: Roll the Advancement Test…")

    await run_quietly(sample(tmp_path / "d", caroused), size, advancing)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_wanted_clock_tab_and_its_forms_fit(tmp_path: Path,
                                                      size: tuple[int, int]) -> None:
    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Wanted Clock")
        await look_closely(pilot, "the Wanted Clock tab")
        # the Wanted Clock's keys, then the Judge's own clocks' (a new one; tick, back)
        for key in ("W", "c", "p", "t", "d", "g", "a", "plus", "minus"):
            await look_closely(pilot, "Wanted Clock", (key,))
        await look_closely(pilot, "Wanted Clock", palette="Wanted Clock: Roll on the Wanted "
                        "Chart…")

    await run_quietly(sample(tmp_path / "a", optional_rules, takings), size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_conflict_tab_and_its_forms_fit(tmp_path: Path,
                                                  size: tuple[int, int]) -> None:
    async def steps(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await look_closely(pilot, "the Conflict tab")
        # (the coin's form, `c`, wants a fight: it is looked at on the Fight tab)
        for key in ("t", "H", "o", "u", "R", "g", "q", "b", "S", "O"):
            await look_closely(pilot, "Conflict", (key,))
        for entry in ("Roll on the reaction table…", "Roll morale…", "Roll a quick draw…",
                      "Roll the ammunition die…", "Roll the scene die…"):
            await look_closely(pilot, "Conflict", palette=f"Conflict: {entry}")

    await run_quietly(sample(tmp_path / "a", optional_rules), size, steps)

    async def after_a_failure(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await look_closely(pilot, "the Conflict tab after a failure")
        for key in ("D", "m"):
            await look_closely(pilot, "Conflict (a failure with doubles)", (key,))

    await run_quietly(sample(tmp_path / "b", misfortune_and_failure), size, after_a_failure)

    async def after_the_duel(pilot: Any) -> None:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "wins" in str(pilot.app.screen.query_one("#ff-result")
                                                  .render()))
        await look_closely(pilot, "the Conflict tab after a duel")
        for key in ("l", "w"):
            await look_closely(pilot, "Conflict (a duel lost)", (key,))

    await run_quietly(sample(tmp_path / "c", duel_lost), size, after_the_duel)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_fight_and_log_tabs_and_their_forms_fit(tmp_path: Path,
                                                          size: tuple[int, int]) -> None:
    async def no_fight(pilot: Any) -> None:
        await to_tab(pilot, "Fight")
        await look_closely(pilot, "the Fight tab before a fight")
        await look_closely(pilot, "Fight", ("j",))
        await to_tab(pilot, "Encounter Log")
        await look_closely(pilot, "the Encounter Log tab")
        for key in ("n", "f6", "f1"):  # the shell's own: a note; the session's end; help
            await look_closely(pilot, "the shell", (key,))

    await run_quietly(sample(tmp_path / "a"), size, no_fight)

    async def in_a_fight(pilot: Any) -> None:
        await to_tab(pilot, "Fight")
        await look_closely(pilot, "the Fight tab in round 1")
        # on Tomas, highlighted; the round's coin is not flipped again as the very next
        # step (round 13): Tomas moves first; then i asks first, with fighters still to act
        for key in ("o", "j", "b"):
            await look_closely(pilot, "Fight", (key,))
        await pilot.press("comma")
        await pilot.pause()
        for key in ("c", "i", "I"):
            await look_closely(pilot, "Fight", (key,))
        await look_closely(pilot, "Fight", palette="Fight: Roll the ammunition die…")
        await look_closely(pilot, "the shell in a fight", ("f6",))  # the fight under way

    await run_quietly(sample(tmp_path / "b", fighting), size, in_a_fight)

    async def crowded(pilot: Any) -> None:
        await to_tab(pilot, "Fight")
        await look_closely(pilot, "the Fight tab, everyone in it and Jake down")
        await to_tab(pilot, "Characters")
        await look_closely(pilot, "the Characters tab, Jake down")

    await run_quietly(sample(tmp_path / "c", a_crowded_fight), size, crowded)


# -- the explanation under every form (each look above checks it), and the forms left out --


def explanations_fit(app: Any) -> list[str]:
    """The fields of the form shown whose explanation runs past the lines the box under the
    form shows (it shows three, under its rule), at the box's width."""
    form = app.screen
    assert isinstance(form, Form)
    if not form.query("#form-about"):
        return []
    about = form.query_one("#form-about")
    width = about.content_region.width or form.query_one("#form-box").content_region.width
    room = 3
    return [f"{form.title_text}: {field.key} takes {lines} lines" for field in form.fields
            if field.about and (lines := len(Text(field.about).wrap(app.console, width)))
            > room]


async def look_closely(pilot: Any, what: str, keys: tuple[str, ...] = (),
                       palette: str = "") -> None:
    """As `tests.pilot.looked_at` (nothing cut off), and on a form every explanation fits
    under it (`explanations_fit`)."""
    await looked_at(pilot, what, keys, palette, also=lambda app: (
        explanations_fit(app) if isinstance(app.screen, Form) else []))


def lost_a_wager_and_owes(campaign: Campaign[FistfulState]) -> None:
    """Kit busts (a Stress), loses a wager and all her Dollars to Jake, gets $1 of a take
    after the session, carouses the Stress off on a $6 bill ($5 owed), and has $3 more to
    pay some back."""
    campaign.execute(RollTest(KIT, "grit", 11, 3, (6, 6, 6)))
    campaign.execute(Duel(JAKE, "HHT", KIT, "TTT"))
    campaign.execute(LoseWealth(KIT, JAKE, "lost a wager"))
    campaign.end_session()
    campaign.execute(ShareTake(KIT, 1))
    campaign.execute(Carouse(KIT, 1, 0, (6,), 2))
    campaign.execute(ShareTake(KIT, 3))
    campaign.execute(RollTest(KIT, "grit", 11, 3, (6, 6, 6)))  # a Stress for an item


def in_a_fight_one_down(campaign: Campaign[FistfulState]) -> None:
    """The fight under way, Cora down at 0 Guts, and a Luck just rolled."""
    fighting(campaign)
    campaign.execute(TakeHarm(CORA, 99, "shot down"))
    lucky_roll(campaign)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_forms_of_later_steps_fit_and_explain_themselves(
        tmp_path: Path, size: tuple[int, int]) -> None:
    async def owing(pilot: Any) -> None:
        await to_tab(pilot, "Characters")
        highlight(pilot, KIT)
        for key in ("D", "S"):  # a debt paid; an item easing her Stress
            await look_closely(pilot, "Characters (owing, stressed)", (key,))

    await run_quietly(sample(tmp_path / "a", lost_a_wager_and_owes), size, owing)

    async def charted(pilot: Any) -> None:
        await to_tab(pilot, "Wanted Clock")
        await look_closely(pilot, "Wanted Clock (a result waiting)", ("b",))

    await run_quietly(sample(tmp_path / "b", lambda c: c.execute(RollWantedChart((1, 2)))),
                      size, charted)

    async def fight(pilot: Any) -> None:
        await to_tab(pilot, "Fight")
        for key in ("t", "L", "E"):  # Tomas highlighted; his Luck; Cora down
            await look_closely(pilot, "Fight (Cora down)", (key,))
        await to_tab(pilot, "Conflict")
        await look_closely(pilot, "Conflict (a Luck just rolled)", ("L",))
        # the background's die floats: the dice are shown, one is taken away
        await look_closely(pilot, "Conflict (a die floats)", ("p", "f", "r"))

    await run_quietly(sample(tmp_path / "c", in_a_fight_one_down), size, fight)

    async def the_swap(pilot: Any) -> None:
        # a new character rolled by the app: the scores shown, then the swap asked
        app = pilot.app
        await to_tab(pilot, "Characters")
        await pilot.press("c", *"Dusty", "enter")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text.startswith("Dusty rolled"))
        await look_closely(pilot, "the swap after the app's roll")

    await run_quietly(sample(tmp_path / "e"), size, the_swap)
