"""Round 10, the screen at the table, small and large: what a moderator with one glance to
spare reads at a laptop's 80x24 (and the table on its screen), asserted as the text on the
screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen.games.dust import view
from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseNight,
    EndDay,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.state import NightChoice
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import Lines
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, app_of, day_one, new_campaign
from tests.dust.game import CAST, new_game, run
from tests.dust.test_fit import night_resolved, sample
from tests.pilot import screen_text, set_field, synchronous, to_tab, until


def day_1(tmp_path: Path, items: dict[str, tuple[str, ...]] | None = None) -> Campaign[Any]:
    """The book's fifteen (`CAST`) on Day 1 of a new game, holding `items`."""
    return day_one(tmp_path, items)


@synchronous
async def test_a_dead_players_status_keeps_its_night_at_80x24(tmp_path: Path) -> None:
    """The Characters list cut a death to fifteen letters: "killed in Nigh…", the night
    lost. The how and the when come first and short, the cause after it (whole in his
    sheet below)."""
    app, _ = app_of(sample(tmp_path / "a", night_resolved))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        row = next(line for line in screen_text(app).splitlines() if "Lamplighter" in line)
        assert "killed Night 1" in row, row


@synchronous
async def test_a_day_with_no_vote_yet_says_so_under_the_boards_heading(tmp_path: Path) -> None:
    """A day's board with no vote showed its heading over an empty box, the day's fifteen
    names listed as not voting above it over three lines at 80x24; the players' screen
    showed the same bare heading. Now the head counts them, the board says no vote is cast
    and what casts one, right under its heading, and the table reads it in words."""
    campaign = day_1(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        shown = screen_text(app).splitlines()
        heading = next(n for n, line in enumerate(shown) if "Votes for" in line)
        assert "No vote cast yet on Day 1 (v casts one)." in shown[heading + 1]
        assert any("Not voting: all 15." in line for line in shown[:heading])
        assert not any("Not voting (15)" in line for line in shown)
    votes = next(s for s in view.table_sections(view.table_knows(campaign.state))
                 if s.title == "Votes")
    assert isinstance(votes, Lines) and votes.lines == ("No vote cast yet on Day 1.",)


@synchronous
async def test_copies_alike_are_named_once_with_how_many_at_80x24(tmp_path: Path) -> None:
    """Cat, who started with a Crowbar, found the Hardware Store's: the Characters list
    read "Crowbar, Crowbar" (in a column cut at 80, a mistake at a glance) and his sheet
    told the Crowbar whole twice. Copies alike are named once with how many."""
    campaign = day_1(tmp_path, {"Cat": ("Crowbar",)})
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Cat", scavenge="The Hardware Store")))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        shown = screen_text(app).splitlines()
        row = next(line for line in shown if line.startswith(" Cat "))
        assert "Crowbar ×2" in row and "Crowbar, Crowbar" not in row, row
    sheet = [line for part in view.player_sheet(campaign.state, "Cat") for line in part.lines]
    assert [line for line in sheet if line.startswith("* ")] == [
        "* Crowbar ×2: " + campaign.state.item("Crowbar").text]


@synchronous
async def test_by_day_the_posts_tab_shows_the_post_before_the_nights_steps(
        tmp_path: Path) -> None:
    """After a night is resolved the Posts tab opened on the night's steps, a screen of
    them at 80x24, and the day's post to paste was below its edge all day. By day the post
    and the vote count come first, the night's steps (its record) after; during a night
    its preview's steps still come before the post they make."""
    def night_1(folder: Path) -> Campaign[Any]:
        folder.mkdir()
        campaign = day_1(folder)
        campaign.execute(EndDay())
        for name in ("Cat", "Dan", "Van"):
            campaign.execute(ChooseNight(NightChoice(name, scavenge="The Hardware Store")))
        return campaign

    app, _ = app_of(night_1(tmp_path / "night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        shown = screen_text(app).splitlines()
        preview = next(n for n, line in enumerate(shown) if "PREVIEW of the resolution" in line)
        assert preview < next(n for n, line in enumerate(shown) if line == "The post".ljust(80))
    campaign = night_1(tmp_path / "day")
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, POSTS)
        shown = screen_text(app).splitlines()
        # (round 13: the posts not yet copied to the thread are named first)
        assert shown[3].startswith("Not yet copied to the thread: Day 2 (c copies it).")
        assert shown[4].startswith("The post") and shown[6].startswith("[b]Day 2[/b]")
        assert not any("Night 1: resolved" in line for line in shown[:12])


@synchronous
async def test_a_night_with_nothing_sent_shows_every_player_at_80x24(tmp_path: Path) -> None:
    """Night 1 with no lynch: the head named all fifteen as sending nothing, over three
    lines, above a board that says the same of each, and its last row (Pat) was off the
    tab at 80x24. The head counts them until one has sent; then it names who is left."""
    campaign = day_1(tmp_path)
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        shown = screen_text(app)
        assert "Nothing sent yet: all 15." in shown
        rows = [line for line in shown.splitlines() if "nothing sent: stays in" in line]
        assert [row.split()[0] for row in rows] == list(CAST), shown
    one_sent = run(campaign.state, ChooseNight(NightChoice("Cat", scavenge="The Cafe")))
    assert view.status_lines(one_sent)[2].startswith("Nothing sent yet (14): Ann, Bob, Dan, ")


@synchronous
async def test_the_players_screen_of_a_new_game_has_no_roster_heading_over_nothing(
        tmp_path: Path) -> None:
    """Before anyone joined, the players' screen said "No player has joined yet." over a
    roster's heading ("Player  Status  Flipped as") with nothing under it and the note on
    what a flip is. The roster comes with the first player."""
    from gmscreen.ui.players import PlayersApp
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    assert campaign.path is not None
    app = PlayersApp(campaign.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "No player has joined yet." in shown
        assert "Flipped as" not in shown and "Players" not in shown, shown
    seated = run(campaign.state, AddPlayer("Ann", "Cop"))
    titles = [s.title for s in view.table_sections(view.table_knows(seated))]
    assert titles == ["Setting up", "Players"]


#: the book's fifteen under forum names of one, two and three words
NAMES = {"Calamity Jane": "Cop", "Doc Holliday": "Doctor", "Wyatt_E": "Vanilla Town",
         "Bat Masterson": "Vanilla Town", "Parson Brown": "Vanilla Town",
         "Reverend Ike": "Reverend", "Lamplighter": "Night Watchman", "Tracks": "Tracker",
         "Bounty Belle": "Vigilante", "Little Orphan Annie": "Innocent",
         "Old Sarge": "Veteran", "Tumbleweed": "Drifter", "Widow Grey": "Despair",
         "Judge Holden": "Guilt", "Whisperer": "Paranoia"}


def five_on_judge_holden(tmp_path: Path) -> Campaign[Any]:
    """Day 1 of the fifteen under `NAMES`, five votes cast on Judge Holden."""
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in NAMES.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    for voter in list(NAMES)[:5]:
        campaign.execute(Vote(voter, "Judge Holden"))
    return campaign


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_consoles_lists_of_names_break_between_names(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The head's "Not voting (8): ..." wrapped by words: at 80 columns "Little Orphan"
    ended one line and "Annie" began the next, two names at a glance (at 200, in the half
    the console has, the same name broke too). Folded at its commas, a name stays whole."""
    campaign = five_on_judge_holden(tmp_path)
    campaign.execute(Vote("Judge Holden", "Calamity Jane"))
    campaign.execute(Vote("Whisperer", "Calamity Jane"))
    app, _ = app_of(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.pause()
        shown = screen_text(app).replace("\u00a0", " ").splitlines()
        start = next(n for n, line in enumerate(shown) if "Not voting (8): " in line)
        end = next(n for n, line in enumerate(shown) if "Widow Grey" in line)
        head = [line.split("│")[0].strip() for line in shown[start:end + 1]]
        assert any("Little Orphan Annie" in line for line in head), head
        assert all(line.endswith(",") for line in head[:-1]), head


@synchronous
async def test_the_players_screen_on_a_phone_keeps_each_name_whole(tmp_path: Path) -> None:
    """At 40x30 the table's "Not voting (10): ..." broke "Judge" from "Holden": the table's
    names are kept whole (no-break spaces, which the kit never breaks at)."""
    from gmscreen.ui.players import PlayersApp
    campaign = five_on_judge_holden(tmp_path)
    assert campaign.path is not None
    app = PlayersApp(campaign.path)
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        rows = [" ".join(line.split()) for line in screen_text(app).splitlines()]
        start = next(n for n, row in enumerate(rows) if row.startswith("Not voting (10)"))
        note = rows[start:start + 6]
        # "Judge" ended a row and "Holden" began the next
        for name in list(NAMES)[5:]:
            assert any(name in row for row in note), (name, note)


def test_the_heads_names_are_kept_whole_for_the_screen_only() -> None:
    """The console's head keeps each name of its lists whole with no-break spaces (the
    kit's lines break at plain spaces only), where it folded its lines at their commas
    itself; the text of a replay or a recap keeps plain spaces."""
    state = run(new_game(cast=NAMES), Vote("Whisperer", "Judge Holden"))
    said = view.status_lines(state, kept=True)[1]
    assert said.startswith("Not voting (") and "Little\u00a0Orphan\u00a0Annie, " in said
    assert "Little Orphan Annie, " in view.status_lines(state)[1]
    night = run(state, EndDay(), ChooseNight(NightChoice("Tumbleweed", scavenge="The Cafe")))
    assert "Little\u00a0Orphan\u00a0Annie, " in view.status_lines(night, kept=True)[2]


@synchronous
async def test_the_night_form_of_the_scums_killer_says_the_kill_is_his_night(
        tmp_path: Path) -> None:
    """The night form opened for the Scum who carries out tonight's kill showed his Whole
    night as "(none)" and said only that he may not scavenge: a moderator told "Pat uses
    Delusion" chose it and was refused on sending. The line under the fields says the kill
    is his whole night, and what may go beside it."""
    from gmscreen.games.dust.commands import ChooseKill
    from tests.dust.test_panes import night_form_for, preview
    campaign = day_1(tmp_path)
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Gus", "Pat", "Ann"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await night_form_for(pilot, "Pat")
        assert preview(form).startswith(
            "Tonight Pat carries out the Scum's kill on Ann: it is his whole night (k "
            "changes it); only a power that is not exclusive goes beside it, under Also.")
        assert "carries out the Scum's kill on Ann: it is his whole night" in screen_text(app)
        set_field(form, "player", "Gus")
        # the line under the fields is the form's watch's, in its turn after the change
        await until(pilot, lambda: "Gus" in preview(form))
        assert "Scum's kill" not in preview(form)


@synchronous
async def test_once_the_game_is_won_the_console_says_where_the_last_post_is(
        tmp_path: Path) -> None:
    """The last Scum lynched, the Day and night tab showed the result over an empty tab:
    the post that flips every role, the moderator's one step left, was named nowhere on
    it. The line under the result names it and the key that copies it."""
    campaign = day_1(tmp_path)
    for target in ("Eve", "Gus", "Pat"):  # the Scum, lynched day by day
        voters = [p.name for p in campaign.state.living if p.name != target]
        for voter in voters[:campaign.state.majority]:
            campaign.execute(Vote(voter, target))
        if campaign.state.phase == "night":
            campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    assert campaign.state.phase == "over"
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        shown = " ".join(screen_text(app).split())
        assert ("The game's last post, every role flipped, is on the Posts tab (l there "
                "copies it for the thread).") in shown
