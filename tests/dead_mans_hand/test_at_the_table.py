"""The screen at the table, small and large (round 10): a session played at 80x24 and at
200x50, each tab looked at as a Dealer with one glance to spare.

- Every sample, and every match before its first game, read "Dramatic Showdown · game - ·
  red 0, black 0" over the table (and on the players' screen): a game numbered "-", and a
  score kept before anything was played.
- While the models were placed, where one may go (over 40 yards from every enemy, over 20
  from the centre) lay under "No attack under way." and the table's size, below the screen
  at 80x24: the question asked at each model placed had no answer in sight.
- At 200 columns the Weapons column read "Toma./Blade/Fists", with room for "Thrown
  Tomahawks, Big Blade, Brawling", and a key of two lines said what the short words meant.
- The key that places a model read "Deploy", where the tab, the form, the log and its own
  refusals (some "Deployment", some "Placing") say "place".
- A posse with nobody in it read "0 models" over the headings of an empty table, and the
  key under the tables explained the columns of tables with no row.
- The attack form's odds broke between a word and its number ("... nothing" / "32% ·
  Joker 3%").
- After a showdown game the key for the step the line called "Draw for the fallen" read
  "Recovery draw".
- Stacked at 80x24, a scenario's lone gunman kept four empty rows while the militia's seven
  were cut to five.
- Once the showdown was won, a phone's players' screen still gave the last game's pack and
  set-up card, as though a game were to come.
- Between single games, the gunman who gave up game 1 was counted out for good ("0
  models, 1 gave up") though game 2 places him again.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.pilot import Pilot

from gmscreen.games.dead_mans_hand import turns, view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState, Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import NO_BREAK, as_text
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.pilot import (
    footer_keys,
    glossary_entry,
    screen_text,
    synchronous,
    to_tab,
    until,
)


def showdown(path: Path, *more: Any) -> Campaign[MatchState]:
    """The showdown sample's posses, ready for the first game, and then `more`."""
    campaign = new_campaign(path)
    for command in (*showdown_commands(), *more):
        campaign.execute(command)
    return campaign


def seen(app: GmScreenApp, selector: str) -> str:
    """The words of a widget's part of the screen as a camera would read them, its lines
    joined by spaces (a sentence wrapped reads whole)."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    # the scroll bar's blocks are no words
    return " ".join(" ".join(word for word in line[region.x:region.right].split()
                             if word.strip("▁▂▃▄▅▆▇█")) for line in lines)


async def drawn(pilot: Pilot[Any], tab: str) -> None:
    await to_tab(pilot, tab)
    await pilot.pause()
    await pilot.pause()


@synchronous
async def test_before_the_first_game_the_line_says_none_is_set_up(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml")
    known = view.table_knows(campaign.state)
    assert view.match_line(known) == "Dramatic Showdown · no game set up yet"
    # the players' screen and the replay read the table's half of the same line
    told = as_text(view.table_sections(known))
    assert "no game set up yet" in told and "game -" not in told
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Conflict")
        shown = screen_text(app)
        assert "The gunfight · Dramatic Showdown · no game set up yet" in shown
        assert "game -" not in shown and "red 0, black 0" not in shown
        # once a game is set up, its number and the score
        await pilot.press("g", "enter")
        await until(pilot, lambda: "game 1 · red 0, black 0" in screen_text(app))


@synchronous
async def test_while_placing_where_a_model_goes_is_in_sight_at_80x24(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml", SetUpGame("As"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Conflict")
        panel = seen(app, "#attack-scroll")
        assert panel.startswith("Placing the models Placing: the set-up card's colour")
        assert ("each model goes more than 40 yards from every enemy and more than 20 yards "
                "from the table's centre") in panel
        assert "No attack under way" not in panel
        # once all are placed, the attack takes the panel back
        while campaign.state.deploying is not None:
            await pilot.press("d")
            await pilot.pause()
        await until(pilot, lambda: "No attack under way." in seen(app, "#attack-scroll"))
        assert "40 yards" not in seen(app, "#attack-scroll")


@synchronous
async def test_at_200_columns_the_weapons_read_whole(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await drawn(pilot, "Characters")
        shown = screen_text(app).replace(NO_BREAK, " ")  # an entry of the key kept whole
        assert "Thrown Tomahawks, Big Blade, Brawling" in shown
        assert "Toma." not in shown and "Fists" not in shown
        assert "· civ: civilian" in shown and "Dual Pistols ·" not in shown
        campaign.execute(SetUpGame("As"))
        await drawn(pilot, "Conflict")
        shown = screen_text(app).replace(NO_BREAK, " ")
        assert "Big Blade, Sawn-Off Shotgun, Brawling" in shown
        assert "Sawn-off" not in shown and "Fists" not in shown
    # at 80 columns the short words stay, and the key says what they are
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        shown = screen_text(app).replace(NO_BREAK, " ")
        assert "Toma./Blade/Fists" in shown and "Toma.: Thrown Tomahawks" in shown


@synchronous
async def test_the_key_that_places_a_model_says_place(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml")
    refused = turns.why_not_deploy(campaign.state)
    assert refused is not None and refused.rule == "Placing"
    campaign.execute(SetUpGame("As"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Conflict")
        assert "d" in footer_keys(app)
        assert "d Place model" in screen_text(app).splitlines()[-1]
        assert "Deploy" not in screen_text(app)


@synchronous
async def test_a_posse_with_nobody_says_so_without_empty_headings(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        shown = screen_text(app)
        assert "RED  The red posse  0/40 pts  no models yet" in shown
        assert "Name  Val" not in shown and "0 models" not in shown
        assert "No models yet: r recruits one." in shown and "Val: value" not in shown
        await drawn(pilot, "Conflict")
        shown = screen_text(app)
        assert "Name  Val" not in shown and "R: red" not in shown
        assert "No models yet: r on the Characters tab (1)" in shown


@synchronous
async def test_the_attack_forms_odds_break_between_two_chances_at_80x24(tmp_path: Path
                                                                         ) -> None:
    """At 80x24 the odds read "... Jack 5% · nothing" and, on the next line, "32% · Joker
    3%": the 32% read as the Joker's. Each chance keeps its word; the count and whether the
    target answers share a line, so the odds come a line higher."""
    campaign = showdown(tmp_path / "c.toml", SetUpGame("As"))
    deploy_all(campaign)
    campaign.execute(UseModel("Deacon", Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Conflict")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("tab", "3", "0")
        region = app.screen.query_one("#form-preview").region
        await until(pilot, lambda: "Best of 2" in screen_text(app))
        await pilot.pause()
        lines = [line[region.x:region.right].rstrip()
                 for line in screen_text(app).splitlines()[region.y:region.bottom]]
        assert "Rifle 2 = 2 cards · Big Jim can answer" in lines
        odds = [line for line in lines if "%" in line]
        assert odds[0].startswith("Best of 2: down ") and odds[1].startswith("  nothing ")
        words = "down|hit|disarm|Queen|Jack|nothing|runs out|Joker|against you"
        for line in odds:
            # every word of a chance has its number on its line: without the chances, a
            # line holds its head alone
            rest = " ".join(re.sub(rf"({words}) (<1|\d+)%|·", "", line).split())
            assert rest in ("", "Best of 2:",
                            "All In, best of 3, the target's second card aside:"), line


@synchronous
async def test_the_draw_for_the_fallen_is_called_so_on_its_key_and_in_f1(tmp_path: Path
                                                                         ) -> None:
    """After a showdown game the line over the table said "Draw for the fallen: Stubby.",
    the form "Draw for the fallen", and the key that takes the step "Recovery draw", the
    name F1 gave it too."""
    campaign = showdown(tmp_path / "c.toml", SetUpGame("5h"))
    deploy_all(campaign)
    for command in (UseModel("Slim", Move.STILL),
                    MakeAttack("Stubby", "rifle", 60, ("9h", "2c")), PlayResult("9h")):
        campaign.execute(command)
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Conflict")
        shown = screen_text(app)
        assert "Draw for the fallen: Stubby." in shown
        assert "v Draw for the fallen" in shown.splitlines()[-1]
        assert "Recovery draw" not in shown
    entry = glossary_entry("gmscreen.games.dead_mans_hand", "Draw for the fallen")
    # its key is F1's keys' to name, as the Dealer set it (round 25): the entry names none
    assert entry.word == "Draw for the fallen" and "key v" not in entry.means
    # the book's word, and the line's for a model past saving, find it too
    for word in ("Recovery draw", "Bury the fallen"):
        assert glossary_entry("gmscreen.games.dead_mans_hand", word) == entry


@synchronous
async def test_stacked_each_posse_has_the_rows_its_models_need(tmp_path: Path) -> None:
    """Take that Bastard Down! at 80x24: the lone gunman's table kept four empty rows under
    him while the militia's seven were cut to five."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        shown = screen_text(app)
        for number in range(1, 8):
            assert f"Town Militia {number}  8" in shown, number
        red = app.query_one("#red-posse").region
        assert red.height == 3  # its title, the headings and the gunman
    # the showdown's two posses of eight still share the rows evenly
    app = GmScreenApp(showdown(tmp_path / "s.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        red, black = (app.query_one(f"#{c}-posse").region for c in ("red", "black"))
        assert abs(red.height - black.height) <= 1


def test_f1s_keys_do_not_say_their_name_twice() -> None:
    """F1 lists a key as "name: what it does"; "Draw for the fallen: Draw for the fallen
    after a showdown game" and "Place model: Place the highlighted model" said the name
    twice, where a line at 80 columns has no room to spare."""
    for pane in (ConflictPane, PossesPane):
        for binding in pane.BINDINGS:
            assert isinstance(binding, Binding)
            first = binding.tooltip.split(":")[0].split()[:2]
            assert first != binding.description.split()[:2], binding.description


@synchronous
async def test_once_the_showdown_is_won_the_phone_reads_no_stale_pack(tmp_path: Path) -> None:
    """On a phone (40x30) the showdown won still gave the last game's pack, three rows of
    "Pack: 53 to draw, 0 discarded, 1 coffin card · set-up card A♠, black first", as though
    a game were to come; the pack line says now that none is."""
    campaign = showdown(tmp_path / "c.toml", SetUpGame("5h"))
    deploy_all(campaign)
    for command in (UseModel("Slim", Move.STILL),
                    MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")), PlayResult("Kh")):
        campaign.execute(command)
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    campaign.execute(DrawForTheFallen(()))  # Stubby, on the King, is buried
    assert campaign.state.phase is Phase.OVER
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "wins the" in screen_text(app))
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Pack: no game left to deal; a new match deals it afresh" in shown
        assert "set-up card" not in shown
    campaign.close()


@synchronous
async def test_between_single_games_who_gave_up_is_still_in_the_posse(tmp_path: Path
                                                                       ) -> None:
    """Take that Bastard Down!, single games: the gunman gives up game 1. Between games the
    Characters tab read "The Gunman 0 models, 1 gave up" and the Conflict tab listed the
    militia alone, though game 2 places him again (each single game takes every model
    afresh). In a showdown those who gave up stay out (line 159)."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("6d"))
    deploy_all(campaign)
    campaign.execute(Surrender("Hardbitten Gunman"))
    assert campaign.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        shown = screen_text(app)
        assert "RED  The Gunman  1 model " in shown
        assert "0 models" not in shown
        await drawn(pilot, "Conflict")
        assert "R Hardbitten Gunman" in screen_text(app)
    # on the players' screen too: in the table, and not named under it as gone
    told = as_text(view.table_sections(view.table_knows(campaign.state)))
    assert "The Gunman  1 model" in told and "Gave up:" not in told


def test_the_recap_casts_a_single_games_gunman_who_gave_up_as_still_in_the_posse(
        tmp_path: Path) -> None:
    """The session ended between single games: the recap's "At the table" read "The
    Gunman (red): gave up: Hardbitten Gunman", as if he were out for good."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("6d"))
    deploy_all(campaign)
    campaign.execute(Surrender("Hardbitten Gunman"))
    cast = view.table_cast(view.table_knows(campaign.state))
    assert cast[0] == "The Gunman (red): Hardbitten Gunman"


@synchronous
async def test_a_marker_coming_never_swaps_the_weapons_words(tmp_path: Path) -> None:
    """At 80x24 the showdown's posses fitted the weapons' whole names until a model's notes
    grew ("to place horse" as the game was set up), and then read short: the same table
    in two looks an evening. The Notes are counted at that room whatever they hold."""
    app = GmScreenApp(showdown(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(pilot, "Characters")
        assert "Toma./Blade/Fists" in screen_text(app)
        await pilot.press("3", "g", "enter")
        await until(pilot, lambda: "to place" in screen_text(app))
        await drawn(pilot, "Characters")
        assert "Toma./Blade/Fists" in screen_text(app)
