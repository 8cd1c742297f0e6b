"""Round 32: what rounds 29 to 31 left, taken up."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful import commands as c
from tests.fistful.game import posse, refused, run, said, sheet_of
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, text_of
from tests.pilot import fill, opened, set_field, synchronous, to_tab, until


def test_never_runs_is_set_on_an_npcs_sheet_before_any_line_up() -> None:
    # rounds 30 and 31 left it: a foe the Judge knows never runs was so only through the
    # line-up (u); one brought in by j never could be
    state = run(posse(), c.AddNpc("Black Bart", "Infamous", strong="grit", second="gumption",
                                  side="the gang"), c.AddNpc("Kid", "Poor", side="the gang"))
    edit = c.EditSheet("Black Bart", "", "", "", "", (), never_runs=True)
    events = RULES.decide(state, edit)
    assert said(events[0]) == "Black Bart's sheet is changed: never runs"
    state = run(state, edit)
    bart = state.character("Black Bart")
    assert bart is not None and bart.never_runs
    assert "Never runs: stays in the fight when his side breaks" in view.sheet_lines(bart)
    assert "never run" not in str(view.table_knows(state)).casefold()
    # brought in by j, he stays when his side breaks
    fought = run(state, c.JoinFight("Ann", "Close"), c.JoinFight("Black Bart", "Close"),
                 c.JoinFight("Kid", "Close"), c.CheckMorale("Kid", (6, 6, 6, 6), coin="H"))
    assert [f.name for f in fought.fight] == ["Ann", "Black Bart"]
    # the same again changes nothing; taken back, he may run again
    assert said(RULES.decide(state, edit)[0]) == "Black Bart's sheet is changed"
    events = RULES.decide(state, c.EditSheet("Black Bart", "", "", "", "", (),
                                             never_runs=False))
    assert said(events[0]) == "Black Bart's sheet is changed: may run again"
    # the posse is not a foe the Judge keeps
    refused(state, c.EditSheet("Ann", "", "", "", "", (), never_runs=True), "Morale")


def test_never_runs_on_the_sheet_and_in_the_line_up_agree() -> None:
    # lined up first, then marked on his sheet: the line-up follows, so the fight keeps it
    state = run(posse(), c.LineUp("Jake", "Faraway"),
                c.EditSheet("Jake", "", "", "", "", (), never_runs=True))
    assert state.lineup == (("Jake", "Faraway", True),)
    jake = run(state, c.BringInLineUp()).character("Jake")
    assert jake is not None and jake.never_runs


@synchronous
async def test_e_ticks_never_runs_and_the_line_up_form_starts_from_it(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await sheet_of(pilot, "Deputy Hal")
        editing = await opened(pilot, "e")
        assert not editing.values().flag("never_runs")
        await fill(pilot, never_runs=True)
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and hal.never_runs
        assert "Never runs: stays in the fight when his side breaks" in text_of(
            app, "#ff-sheet-text")
        # the line-up form starts from his sheet
        await to_tab(pilot, "Fight")
        lining = await opened(pilot, "u")
        # the box follows the name once the name's change reaches the form
        set_field(lining, "name", "Widow Parker")
        await until(pilot, lambda: not lining.values().flag("never_runs"))
        set_field(lining, "name", "Deputy Hal")
        await until(pilot, lambda: lining.values().flag("never_runs"))
        await pilot.press("escape")
    campaign.close()
