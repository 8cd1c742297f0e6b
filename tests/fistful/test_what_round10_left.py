"""Round 11: what round 10 left alone (the Wanted Clock tab telling the hour's meaning over
again, the duel's log line ending with its winner, the players' screen's news of the dead
and of whose turn it is run into the legend's paragraph), and the kit's new pieces where a
Judge or the table reads them. Each test asserts the text the Judge or the table sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.fistful.commands import Duel
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from tests.fistful.test_panes import sample
from tests.pilot import screen_text, synchronous, to_tab, until

CORA, WIDOW = "Cora Dalton", "Widow Parker"


@synchronous
async def test_a_duels_log_line_says_who_won_before_80_columns_cut_it(tmp_path: Path) -> None:
    """The Encounter Log cuts each line to one row: at 80 columns "High Stakes Duel on
    Gumption: Cora Dalton HHT = 13 against Widow Parker…" left out who won, where a test's
    and an opposed test's lines say their result after the name."""
    campaign = sample(tmp_path)
    campaign.execute(Duel(CORA, "HHT", WIDOW, "HTT"))
    line = await newest_log_line(campaign)
    assert f"{CORA} wins the High Stakes Duel on Gumption" in line, line


async def newest_log_line(campaign: Campaign[FistfulState]) -> str:
    """The row the Encounter Log gives the campaign's newest event at 80x24 (closed after)."""
    seq = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await until(pilot, lambda: f" {seq} " in screen_text(pilot.app))
        (line,) = [line for line in screen_text(app).splitlines()
                   if line.startswith(f" {seq} ")]
    campaign.close()
    return line


@synchronous
async def test_the_wanted_tab_tells_the_hour_and_its_meaning_once(tmp_path: Path) -> None:
    """At 80x24 the clock's line said "3 of 12 o'clock: Nobody is looking for the posse
    yet...", the section under it "The Dalton Boys: 3 o'clock", and the folk's list
    "1-3: Nobody is looking for the posse yet..." again: the face tells the hour and what it
    means, the list under it only the earlier hours', which still hold."""
    from tests.pilot import fill
    campaign = sample(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        await until(pilot, lambda: "3 of 12" in screen_text(pilot.app))
        shown = screen_text(app)
        assert shown.count("Nobody is looking for the posse") == 1, shown
        assert "3 of 12 o'clock" in shown and "3 o'clock" not in shown, shown
        assert "Paying off the top hour costs $30." in shown
        await fill(pilot, "c", segments="4", why="robbed the Abilene bank")  # 7 o'clock
        await until(pilot, lambda: "7 of 12" in screen_text(pilot.app))
        shown = screen_text(app)
        assert shown.count("People watch for the posse") == 1, shown
        assert "The folk at earlier hours (each still holds)" in shown
        assert "4-5: Locals know of the posse" in shown
    campaign.close()


def test_the_replay_tells_the_hours_meaning_with_no_face_to_tell_it() -> None:
    """`gmscreen replay` prints the Judge's sections with no clock's face: the folk's whole
    list stays there, the hour in the posse's line above it."""
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.commands import Crime
    from gmscreen.journal.sections import as_text
    from tests.fistful.game import posse, run
    state = run(posse(clock=5), Crime(2, "robbed the Abilene bank"))
    replayed = as_text(view.dealer_sections(state))
    assert "The Test Gang: Wanted Clock 7 o'clock" in replayed
    assert "6-7: People watch for the posse" in replayed
    assert "1-3: Nobody is looking" in replayed
    tab = as_text(view.wanted_sections(state, face=True))
    assert "6-7: People watch" not in tab and "1-3: Nobody is looking" in tab


def test_at_high_noon_the_face_tells_what_the_manhunt_is() -> None:
    """The face said "HIGH NOON! The manhunt is on." and the folk's list what it is; the
    list leaves the hour's own to the face now, which says it whole."""
    from gmscreen.games.fistful import view
    assert view.clock_means(12).startswith("HIGH NOON! A manhunt led by infamous lawmen")
    assert view.clock_means(12).endswith("will have to make a stand.")


def _phone_rows(text: str) -> list[str]:
    """The players' screen's rows as read (no-break spaces as spaces, runs of blanks one)."""
    return [" ".join(row.replace("\u00a0", " ").split()) for row in text.splitlines()]


@synchronous
async def test_the_players_screen_says_whose_turn_and_who_is_gone_apart_from_the_legend(
        tmp_path: Path) -> None:
    """On a phone's 40x30, whose turn it is ran on into the fight's legend ("... then the
    NPCs. Band: how far from the other side. Turn: ..."), and the dead into the posse's
    ("Eli 'Preacher' Moss (dead) rides with the posse no more. Gum: Gumption. ..."): a
    line break in a note was read by the glossary check as part of the next term. Each has
    a section of its own now, whose turn under the round's heading, above the fight; and
    each name in them is kept whole where a line wraps (`sections.whole`)."""
    from gmscreen.games.fistful import commands as c
    from gmscreen.ui.players import PlayersApp
    eli = "Eli 'Preacher' Moss"
    campaign = sample(tmp_path)
    campaign.execute(c.TakeHarm(eli, 30))
    campaign.execute(c.RollOutOfAction(eli, 6))
    campaign.execute(c.JoinFight("Kit Hollis", "Nearby", (CORA, "Tomas Vega")))
    campaign.execute(c.JoinFight("Rattlesnake Jake", "Faraway", ("Snake-eye Pete",)))
    campaign.execute(c.FlipInitiative("H"))
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "Round 1" in screen_text(app))
        rows = _phone_rows(screen_text(app))
        at = rows.index("Round 1, heads: the posse goes first")
        # each name kept whole where the line wraps ("... and Tomas" / "Vega have ...")
        assert rows[at + 1:at + 4] == ["Kit Hollis, Cora Dalton and",
                                       "Tomas Vega have still to act, then", "the NPCs."], rows
        pages: list[list[str]] = []
        for _ in range(8):  # down the screen to the posse's grid and under it
            pages.append(_phone_rows(screen_text(app)))
            await pilot.press(*["down"] * 12)
            await pilot.pause()
        seen = [row for page in pages for row in page]
        # the legends start their own rows, nothing run on into them
        assert sum(row.startswith("Band: how far") for row in seen) >= 1, seen
        assert not any("Band: how far" in row and not row.startswith("Band:") for row in seen)
        assert sum(row.startswith("Gum: Gumption") for row in seen) >= 1, seen
        assert "rides with the posse no more" not in " ".join(seen)
        (gone,) = {tuple(page[at:at + 2]) for page in pages for at, row in enumerate(page)
                   if row == "Gone from the posse" and at + 1 < len(page)}
        assert gone[1] == f"{eli} (dead)", gone


def test_the_logs_kinds_are_named_in_the_games_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log's detail line under a new round read "Initiative flipped", a word neither the
    book nor the tabs use (the book: who goes first, by a coin); a duel "Duel fought", the
    chart "Wanted chart rolled". Each kind is named as the tabs and F1 say it now; the id
    in the journal stays, and `gmscreen log --kind` takes either."""
    from gmscreen.cli import main
    from gmscreen.journal.kinds import kind_name
    named = {"initiative_flipped": "Who goes first", "duel_fought": "High Stakes Duel",
             "quick_drawn": "Quick draw", "wanted_chart_rolled": "Wanted Chart rolled",
             "chart_result_brought": "Wanted Chart result brought in",
             "caroused": "Carousing", "advanced": "Advancement Test",
             "out_of_action_rolled": "Out of action table rolled",
             "session_settled": "Takes turned into XP", "lost": "Lost for good",
             "npc_added": "NPC added",
             # not read as one of the Judge's own clocks (the journal's "Clock ticked")
             "clock_moved": "Wanted Clock moved"}
    assert {kind: kind_name(f"fistful.{kind}") for kind in named} == named
    campaign = sample(tmp_path)
    campaign.execute(Duel(CORA, "HHT", WIDOW, "HTT"))
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    assert main(["log", str(path), "--kind", "High Stakes Duel"]) == 0
    shown = capsys.readouterr().out
    assert f"{CORA} wins the High Stakes Duel" in shown and "Wanted Chart" not in shown
    assert main(["log", str(path), "--kind", "duel_fought"]) == 0  # the id still
    assert capsys.readouterr().out == shown


@synchronous
async def test_a_morale_tests_log_line_says_whether_they_broke_before_80_columns_cut_it(
        tmp_path: Path) -> None:
    """The sample's #33 read "Morale of Rattlesnake Jake's side (Jake's gang): 6 5 4 2 3 =
    20 aga…" at 80 columns: whether the side broke, and fled or gave up, was past the cut.
    It follows the side's name now, as a test's result follows the tester's."""
    campaign = sample(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await until(pilot, lambda: " 33 " in screen_text(pilot.app))
        (line,) = [line for line in screen_text(app).splitlines() if line.startswith(" 33 ")]
        assert "Rattlesnake Jake's side (Jake's gang) breaks and flees" in line, line
    campaign.close()


@synchronous
async def test_the_chart_results_waiting_are_listed_by_name_and_told_whole_under_the_form(
        tmp_path: Path) -> None:
    """The form that brings a Wanted Chart result into play listed each result whole, four
    or five rows apiece at 80x24: two results filled the box, a third ran below it. Each is
    a line of its name now ("#43: 3: Howdy!"), the highlighted one's words under the form
    (`about_each`)."""
    from gmscreen.games.fistful.commands import RollWantedChart
    from tests.pilot import opened
    campaign = sample(tmp_path)
    campaign.execute(RollWantedChart((1, 2)))
    howdy = len(campaign.events)
    campaign.execute(RollWantedChart((1, 1)))
    them = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        await opened(pilot, "b")
        shown = _phone_rows(screen_text(app))
        assert any(row.endswith(f"#{howdy}: 3: Howdy! █") for row in shown), shown
        assert any(row.endswith(f"#{them}: 2: Is that them? █") for row in shown), shown
        await until(pilot, lambda: "standing them a drink in public" in screen_text(app))
        await pilot.press("down")
        await until(pilot, lambda: "A lone member keeping quiet" in screen_text(app))
    campaign.close()
