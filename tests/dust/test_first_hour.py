"""A new Dealer's first hour, from a blank campaign: what the screens say before anything is
set up, and the words the lists, the console, the log and the players' screen use for what
the game has done."""

from __future__ import annotations

from textual.widgets import Static

from gmscreen.games.dust import RULES, view
from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseKill,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.day_rules import day_ending_question
from gmscreen.games.dust.events import DayEnded, GameWon, NightKillChosen
from gmscreen.games.dust.log import day_ended, game_won, night_kill_chosen
from gmscreen.games.dust.state import DustState
from gmscreen.journal.sections import Grid, as_text
from tests.dust.app import CHARACTERS, app_of, new_campaign, pane
from tests.dust.game import kill, lots, new_game, night_of, run
from tests.pilot import fill, synchronous, until


def detail(app: object) -> str:
    characters = pane(app, CHARACTERS)  # type: ignore[arg-type]
    return str(characters.query_one("#dust-detail-text", Static).render())


@synchronous
async def test_an_empty_characters_tab_says_what_to_set_up_first_and_what_comes_next(tmp_path):
    campaign = new_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "b puts in the book's" in detail(app))
        assert "p adds each player" in detail(app)
        await fill(pilot, "b", godfather="book")
        await until(pilot, lambda: campaign.state.roles)
        # the tables are in: said with their numbers, and the next step named
        await until(pilot, lambda: "13 roles, 16 items and 9 locations" in detail(app))
        shown = detail(app)
        assert "b puts in" not in shown
        assert "p adds each player" in shown and "fifteen" in shown
        await fill(pilot, "p", name="Ann", role="Cop")
        await until(pilot, lambda: campaign.state.players)
        # a player in: his sheet, no longer the guide
        await until(pilot, lambda: "Ann: Cop" in detail(app))
        assert "p adds each player" not in detail(app)


def test_the_guide_is_only_for_the_set_up() -> None:
    assert view.set_up_guide(DustState())
    assert view.set_up_guide(run(DustState(), UseBookSetUp()))
    assert view.set_up_guide(night_of()) == []


def test_the_items_list_names_each_power_with_when_it_is_used_not_its_engine_word() -> None:
    state = run(DustState(), UseBookSetUp())
    shown = view.items_grid(state)
    assert isinstance(shown, Grid)
    powers = {row[0]: row[3] for row in shown.rows}
    assert powers["Gun"] == "Gunshot (night)"
    assert powers["Alcohol"] == "Comfortably Numb (night), Generator (day)"
    assert powers["Bulletproof Vest"] == "Bulletproof (passive)"
    every = " ".join(str(cell) for row in shown.rows for cell in row)
    for engine_word in ("dark_aura", "lightning_rod", "(appear)", "(kill)", "(resist)"):
        assert engine_word not in every


def test_the_scum_kill_says_whom_who_carries_it_out_and_who_chose_it() -> None:
    state = kill(night_of(), "Ann", killer="Pat", by="Gus")
    assert view.status_lines(state)[1] == "Scum kill: Ann, carried out by Pat (Gus chose)."
    # Guilt sent the kill and Pat carries it out: the moderator has heard from both
    waiting = view.status_lines(state)[2]
    assert waiting.startswith("Nothing sent yet (13): ") and "Gus" not in waiting
    assert "Pat" not in waiting
    rows: dict[str, str] = {str(row[0]): str(row[1]) for row in view.night_grid(state).rows}
    assert rows["Gus"] == "chose the Scum's kill; stays in the church"
    assert rows["Pat"] == "carries out the Scum's kill on Ann"
    chosen = NightKillChosen(by="Gus", killer="Pat", target="Ann")
    assert night_kill_chosen(chosen) == "Gus picks the kill: Ann, carried out by Pat."


def test_the_log_says_the_town_wins_as_the_post_does() -> None:
    assert game_won(GameWon("town")) == "The Town wins the game."
    assert game_won(GameWon("scum", ("Vet",))) == (
        "The Scum win the game; Vet wins too, alive at the end.")


def test_once_the_game_is_over_the_players_screen_shows_every_role_as_the_post_does() -> None:
    cast = {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Gus": "Guilt"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), Vote("Ann", "Gus"), Vote("Bob", "Gus"), Vote("Cat", "Gus"))
    assert state.phase == "over"
    known = view.table_knows(state)
    assert {s.name: s.flipped for s in known.seats} == {
        "Ann": "the COP, TOWN", "Bob": "the DOCTOR, TOWN", "Cat": "VANILLA TOWN, TOWN",
        "Gus": "Dust's manifestation of GUILT, SCUM"}
    text = as_text(view.table_sections(known))
    assert "the COP, TOWN" in text


def test_the_hammer_that_ends_the_game_says_so_before_it_falls() -> None:
    cast = {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Dan": "Vanilla Town",
            "Eve": "Despair", "Gus": "Guilt"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), Vote("Ann", "Gus"), Vote("Bob", "Gus"), Vote("Cat", "Gus"))
    # Gus lynched leaves Eve against four: the game goes on
    assert day_ending_question(state, Vote("Dan", "Gus")) == (
        "Dan's vote is the hammer: Gus is lynched and flipped, and Day 1 ends. Go on?")
    state = run(state, Vote("Dan", "Gus"))
    state = run(state, ChooseKill("Eve", "Eve", "Ann"), ResolveNight(lots(state)))
    state = run(state, Vote("Bob", "Eve"), Vote("Cat", "Eve"))
    assert day_ending_question(state, Vote("Dan", "Eve")) == (
        "Dan's vote is the hammer: Eve is lynched and flipped, Day 2 ends, and with it the "
        "game: the Town wins. Go on?")


def test_a_scum_players_page_names_his_fellow_scum_beside_his_role() -> None:
    state = new_game()
    eve = view.player_knows(state, "Eve")
    assert "Your fellow Scum: Gus, Pat." in eve.role
    # the Town's pages name no one
    assert not [line for line in view.player_knows(state, "Ann").role if "Scum:" in line]
    # a fellow who died is marked so (his flip told the thread as much)
    state = run(state, *(Vote(v, "Pat") for v in ("Ann", "Bob", "Cat", "Dan", "Van", "Rev",
                                                   "Wat", "Tom")))
    assert "Your fellow Scum: Gus, Pat (dead)." in view.player_knows(state, "Eve").role


def test_the_day_whose_lynch_ends_the_game_is_told_so_not_as_nightfall() -> None:
    assert day_ended(DayEnded(2, "Eve")) == "Day 2 ends with the lynch of Eve; night falls."
    cast = {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Gus": "Guilt"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), Vote("Ann", "Gus"), Vote("Bob", "Gus"))
    ended = [e for e in RULES.decide(state, Vote("Cat", "Gus")) if e.kind == "dust.day_ended"]
    assert ended[0].data["ends_game"] is True
    assert day_ended(DayEnded(1, "Gus", ends_game=True)) == (
        "Day 1 ends with the lynch of Gus, and the game with it.")
