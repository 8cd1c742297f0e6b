"""The shell's table features, by keys and from the palette: help on f1 and ?, the curtain,
a session ended with a hand under way, free rolls and draws, the recap, other campaigns,
serving the players' screen."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gmscreen import paths
from gmscreen.games import rules_for, words_in
from gmscreen.glossary import words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.follow import curtain_of
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.campaigns import CampaignsScreen
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.help import HelpScreen
from gmscreen.ui.recap_screen import RecapScreen
from gmscreen.ui.serving import LinksScreen
from gmscreen.ui.shell import ShellScreen
from tests.high_card import RULES
from tests.high_card.commands import Ante, Seat
from tests.pilot import (
    Notices,
    fill,
    footer_keys,
    from_palette,
    screen_text,
    synchronous,
    to_tab,
    until,
)
from tests.tally import Add
from tests.ui.support import high_card, played

SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "samples-cb5e155"


def shell(app: GmScreenApp) -> ShellScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, ShellScreen)
    return screen


@synchronous
async def test_f1_and_question_mark_open_the_help_of_the_tab_shown(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            await until(pilot, lambda: "Everywhere" in screen_text(app))
            text = screen_text(app)
            assert "This tab: Conflict" in text and "Everywhere" in text
            assert "Roll 2 dice" in text and "Undo" in text
            # what only the palette does is found in help too (typed "recap", nothing held it)
            await pilot.press(*"recap")
            await until(pilot, lambda: "Recap this session" in screen_text(app)
                        and "Palette (ctrl+p)" in screen_text(app))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ShellScreen))


@synchronous
async def test_f1_tells_the_games_words_as_the_campaign_has_them_now(tmp_path: Path) -> None:
    # a power the moderator edited was told in F1 as the book had it
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for count in (campaign.state.tallies["Zeke"], campaign.state.tallies["Zeke"] + 2):
            told = f"A tally, at {count} now."
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            await pilot.press(*"zeke")
            await until(pilot, lambda: told in screen_text(app))  # noqa: B023 (awaited here)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ShellScreen))
            campaign.execute(Add("Zeke", 2))
    # a game without its own words for a campaign has its shipped glossary's
    dust = Campaign.load(rules_for("dust-devils"), *_blank(tmp_path, "dust-devils"))
    assert words_in(dust) == words_of("gmscreen.games.dust_devils")


def _blank(tmp_path: Path, game: str) -> tuple[Any, JournalStore]:
    store = JournalStore.create(tmp_path / f"{game}.toml", new_header(game, "Blank", 1))
    return store.load(), store


@synchronous
async def test_help_names_the_keys_of_the_other_tabs_under_their_titles(tmp_path: Path) -> None:
    # "fold" typed in F1 on the Characters tab found the word, not the Conflict tab's key
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await until(pilot, lambda: "Everywhere" in screen_text(app))
        assert "Roll 2 dice" not in screen_text(app).split("The Conflict tab")[0]
        await pilot.press(*"roll 2")
        await until(pilot, lambda: "The Conflict tab" in screen_text(app))
        assert "Roll 2 dice" in screen_text(app) and "This tab" not in screen_text(app)


@synchronous
async def test_the_curtain_blanks_the_players_screen_and_says_so(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    assert campaign.path is not None
    curtain = curtain_of(campaign.path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+b")
        await until(pilot, curtain.exists)
        await until(pilot, lambda: "CURTAIN" in screen_text(app))
        await pilot.press("ctrl+b")
        await until(pilot, lambda: not curtain.exists())
        await until(pilot, lambda: "CURTAIN" not in screen_text(app))


@pytest.mark.parametrize(("choice", "ended"), [("finish", False), ("carry", True),
                                                ("abandon", True)])
@synchronous
async def test_ending_a_session_with_a_hand_under_way_asks_what_becomes_of_it(
        tmp_path: Path, choice: str, ended: bool) -> None:
    table = high_card(tmp_path)
    table.execute(Ante("Zeke", 3))
    app = GmScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert "Under way: a hand (Zeke anted, 3 in the pot)." in screen_text(app)
        await fill(pilot, what=choice)
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
    assert table.in_session is not ended
    assert (table.state.pot == 0) is (choice == "abandon")


@synchronous
async def test_a_free_roll_and_draw_from_the_palette_are_journaled(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    before = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shell(app).action_free_roll()
        await fill(pilot, dice="2", sides="10", faces="3 11", why="the stranger's mood")
        assert "Faces shown" in app.screen.refusal  # type: ignore[attr-defined]
        await fill(pilot, faces="3 10")
        await until(pilot, lambda: len(campaign.events) == before + 1)
        shell(app).action_free_draw()
        await fill(pilot, count="1", why="the horse", cards="Qh")
        await until(pilot, lambda: len(campaign.events) == before + 2)
    lines = [campaign.describe(e) for e in campaign.events[-2:]]
    assert lines == ["A free roll for the stranger's mood: 2d10 show 3, 10 (total 13).",
                     "A free draw for the horse: Q♥."]


@synchronous
async def test_the_recap_is_shown_switched_and_saved_beside_the_campaign(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    assert campaign.path is not None
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shell(app).action_recap()
        await until(pilot, lambda: isinstance(app.screen, RecapScreen))
        await until(pilot, lambda: "Recap of session 2" in screen_text(app))
        await pilot.press("d", "f", "f", "f", "s")  # the Dealer's copy, text -> Markdown
        await pilot.pause()
    saved = campaign.path.with_name(f"{campaign.path.stem}.session-2-dealer.md")
    assert saved.read_text(encoding="utf-8").startswith("# The Hanged Man: session 2")


@synchronous
async def test_the_last_session_is_recapped_from_the_palette_and_arrows_go_between_sessions(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)  # session 2 has just begun; session 1 is the one to tell
    assert campaign.path is not None
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await from_palette(pilot, "Recap the last session")
        await until(pilot, lambda: isinstance(app.screen, RecapScreen))
        await until(pilot, lambda: "Recap of session 1 (of 2)" in screen_text(app))
        assert "Played on Saturday 21 November 2026, 19:02 to 19:10." in screen_text(app)
        assert {"p", "n"} <= footer_keys(app)
        await pilot.press("n")
        await until(pilot, lambda: "Recap of session 2 (of 2)" in screen_text(app))
        assert "n" not in footer_keys(app)  # nothing later to tell
        await pilot.press("p", "p")
        await until(pilot, lambda: "Recap of the play before the first session"
                    in screen_text(app))
        assert "p" not in footer_keys(app)
        await pilot.press("n", "s")
        await until(pilot, lambda: "Recap of session 1 (of 2)" in screen_text(app))
        await pilot.pause()
    saved = campaign.path.with_name(f"{campaign.path.stem}.session-1.txt")
    assert saved.read_text(encoding="utf-8").startswith("The Hanged Man: session 1")


@synchronous
async def test_a_skirmish_played_without_a_session_is_recapped_all_the_same(
        tmp_path: Path) -> None:
    store = JournalStore.create(tmp_path / "out.toml", new_header("high-card", "Out", 3))
    campaign = Campaign.load(RULES, store.load(), store)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        told = Notices()
        told.watch(app)
        shell(app).action_recap()
        await pilot.pause()
        assert any("No session has been played yet" in n.message for n in told)
        campaign.execute(Seat("Zeke", 10))
        campaign.execute(Ante("Zeke", 2))
        shell(app).action_recap()
        await until(pilot, lambda: isinstance(app.screen, RecapScreen))
        await until(pilot, lambda: "Recap of the play before the first session"
                    in screen_text(app))
        assert "Zeke anted 2." in screen_text(app)


@synchronous
async def test_ctrl_o_opens_another_campaign_in_place(tmp_path: Path) -> None:
    folder = paths.campaigns_dir()
    shutil.copy(SAMPLES / "the-hanged-man.toml", folder / "the-hanged-man.toml")
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, CampaignsScreen))
        table = app.screen.query_one(DataTable)
        # the folder's one, and the one open now (from elsewhere), which says so
        names = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert len(names) == 2 and "(open now)" in names[table.cursor_row]
        table.move_cursor(row=1 - table.cursor_row)
        await pilot.press("enter")
        await until(pilot, lambda: app.campaign.rules.title == "Dust Devils", seconds=20)
        await until(pilot, lambda: "The Hanged Man · Dust Devils" in screen_text(app))
    assert paths.load_settings()["last_campaign"].endswith("the-hanged-man.toml")


@pytest.mark.slow
@synchronous
async def test_the_players_screen_is_served_from_the_palette_and_stopped(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copy(SAMPLES / "the-hanged-man.toml", folder / "the-hanged-man.toml")
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    app = GmScreenApp(open_campaign(folder / "the-hanged-man.toml", rules_for, cache=False))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.action_serve()
        await fill(pilot, where="127.0.0.1")
        await until(pilot, lambda: isinstance(app.screen, LinksScreen), seconds=30)
        assert "For the table: http://127.0.0.1:" in screen_text(app)
        served = app.served
        assert served is not None
        await pilot.press("escape")
        await app.action_stop_serving()
        assert served.process.returncode is not None and app.served is None


@pytest.mark.slow
@synchronous
async def test_a_player_replaced_while_served_gets_a_link_on_the_links_screen(
        tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copy(SAMPLES / "dust-fifteen.toml", folder / "dust-fifteen.toml")
    from gmscreen.games import private_viewers, rules_for
    from gmscreen.games.dust.commands import ReplacePlayer
    from gmscreen.journal.campaign import open_campaign

    app = GmScreenApp(open_campaign(folder / "dust-fifteen.toml", rules_for, cache=False))
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.action_serve()
        await fill(pilot, where="127.0.0.1")
        await until(pilot, lambda: isinstance(app.screen, LinksScreen), seconds=30)
        await pilot.press("escape")
        served = app.served
        assert served is not None
        leaving = private_viewers(app.campaign)[0]
        app.campaign.execute(ReplacePlayer(leaving, "Newcomer"))
        await until(pilot, lambda: any(n.message.startswith("Newcomer is new in the game")
                                       for n in notices), seconds=30)
        await until(pilot, lambda: any(f"{leaving} has left the game" in n.message
                                       for n in notices), seconds=10)
        app.action_serve()  # the links screen again: the newcomer's link, not the leaver's
        await until(pilot, lambda: isinstance(app.screen, LinksScreen))

        def listed() -> str:  # the whole list, the lines scrolled out of sight too
            return "\n".join(str(shown.render()) for shown in app.screen.query(Static))

        await until(pilot, lambda: "Newcomer: http://127.0.0.1:" in listed())
        assert f"{leaving}: http" not in listed()
        await pilot.press("escape")
        await app.action_stop_serving()
        assert served.process.returncode is not None


async def opened_again(pilot: Pilot[Any], notices: Notices) -> None:
    """Until the campaign opened anew to write to is the app's, its old screens gone: the
    app has the new campaign a moment before (a test ended then, and the app's closing
    met the old screens on their way out)."""
    await until(pilot, lambda: any(n.message.endswith(" is open.") for n in notices),
                seconds=20)


@synchronous
async def test_a_damaged_step_is_set_aside_from_the_app_and_the_dealer_goes_on(
        tmp_path: Path) -> None:
    # at the table there is no editor open: ctrl+w sets the damaged step (and the two
    # after it) aside as an undo, and the campaign opens again to be written to
    path = tmp_path / "the-hanged-man.toml"
    text = (SAMPLES / "the-hanged-man.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('data = { name = "Clara Hardin", fate = "moves on" }',
                                 'data = { name = "Clara Hardin", fate = 7 }'), encoding="utf-8")
    before = path.read_bytes()
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    campaign = open_campaign(path, rules_for, cache=False)
    assert campaign.damaged is not None
    seq = campaign.damaged.seq
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: f"READ ONLY: event {seq}" in screen_text(app))
        assert ("set that step aside to go on (ctrl+w in the app)"
                in " ".join(screen_text(app).split()))
        await until(pilot, lambda: "^w Set aside" in screen_text(app))  # the footer offers it
        await pilot.press("ctrl+w")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = " ".join(screen_text(app).split())
        assert f"Set aside the step of event {seq} and the 2 events after it" in asked
        # what goes, named, the damaged step first
        assert isinstance(app.screen, Confirm)
        assert (f"Taken back: event {seq} (Fate recorded), which cannot be applied. "
                "After it: ") in app.screen.question
        await pilot.press("n")  # nothing is written unless the Dealer says so
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        assert path.read_bytes() == before
        await pilot.press("ctrl+w")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: app.campaign.damaged is None and not app.campaign.read_only,
                    seconds=20)
        await opened_again(pilot, notices)
        await until(pilot, lambda: "READ ONLY" not in screen_text(app))
        assert not app.check_action("set_aside", ())
        assert app.campaign.events[-1].data["set_aside"] == seq
        app.campaign.note("Clara's fate is typed again.")
    assert path.read_bytes().startswith(before)


@synchronous
async def test_a_read_only_window_offers_to_write_once_the_holder_lets_go(
        tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copy(SAMPLES / "the-hanged-man.toml", folder / "the-hanged-man.toml")
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    holder = open_campaign(folder / "the-hanged-man.toml", rules_for, cache=False)
    second = open_campaign(folder / "the-hanged-man.toml", rules_for, cache=False)
    assert second.read_only and second.locked_by
    app = GmScreenApp(second)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.check_action("take_over", ())
        holder.close()
        await until(pilot, lambda: any("ctrl+w writes here" in n.message for n in notices),
                    seconds=10)
        await pilot.press("ctrl+w")
        await until(pilot, lambda: not app.campaign.read_only, seconds=20)
        await opened_again(pilot, notices)
        await until(pilot, lambda: "READ ONLY" not in screen_text(app))
