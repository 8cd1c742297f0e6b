"""The players' screen as a phone shows it (round 20): the page `gmscreen serve` gives a phone
held upright is 43 columns by 46 rows (390 by 844 pixels). What the table must read now stays
in its first screen, and a page whose name left the game says what became of it."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import ChooseKill, ReplacePlayer, ResolveNight, UseDayPower, Vote
from gmscreen.games.dust.state import DustState
from gmscreen.journal.follow import Follower
from gmscreen.journal.sections import Lines, as_text
from gmscreen.ui.players import PlayersApp
from tests.dust.app import sample_campaign
from tests.dust.game import new_game, run
from tests.pilot import screen_text, until

#: the phone's page, as textual-serve sized it in Chromium at 390x844
PHONE = (43, 46)

#: the sample's Day 1 voters who bring the hammer down on Whisperer with the two cast
HAMMER = ("[Doc] Holliday", "Wyatt_E", "Parson Brown", "Sawbones", "Lamplighter", "Tracks*")


async def _screen(path: Path, size: tuple[int, int], *wanted: str) -> str:
    """The players' screen at `size` once it shows every line of `wanted` (its sections
    are filled after they are mounted: one pause after the first showed was a guess), or
    as it shows after ten seconds, for the test's assertions to name what is missing."""
    app = PlayersApp(path, follower=Follower(path, rules_for))
    async with app.run_test(size=size) as pilot:
        with contextlib.suppress(AssertionError):
            await until(pilot, lambda: all(w in screen_text(app) for w in ("Players",
                                                                             *wanted)))
        await pilot.pause()
        return screen_text(app)


def _day_2_then_a_vouch(folder: Path) -> Path:
    """The sample played on: the hammer on Whisperer, Sawbones killed in Night 1, Day 2
    posted; then Little Orphan's vouch, posted after the day's own post."""
    campaign = sample_campaign(folder)
    for voter in HAMMER:
        campaign.execute(Vote(voter, "Whisperer"))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Sawbones"))
    living = tuple(p.name for p in campaign.state.living)
    campaign.execute(ResolveNight(living))
    campaign.execute(UseDayPower("Little Orphan", "Innocent", "Vouch"))
    path = campaign.path
    campaign.close()
    assert path is not None
    return path


def test_by_day_the_days_own_post_stays_under_a_later_post_of_that_day(tmp_path: Path) -> None:
    # round 20, on a phone: the vouch, the generator or a replacement posted by day became
    # "the newest post", and the day's own post (the night's dead, the places open) fell to
    # the foot of the page under the roster, two screens down
    wanted = ("The newest post: Day 2: a word", "I vouch for Little Orphan",
              "The day's post: Day 2", "Sawbones was found dead.")
    shown = asyncio.run(_screen(_day_2_then_a_vouch(tmp_path), PHONE, *wanted))
    assert [line for line in wanted if line not in shown] == [], shown


def test_the_days_own_post_is_not_told_again_among_the_earlier_posts() -> None:
    from gmscreen.games.dust.commands import EndDay
    state = run(new_game(), EndDay())
    state = run(state, ResolveNight(tuple(p.name for p in state.living)),
                UseDayPower("Ino", "Innocent", "Vouch"))
    sections = view.table_sections(view.table_knows(state))
    titles = [s.title for s in sections]
    assert titles.index("The day's post: Day 2") == titles.index(
        "The newest post: Day 2: a word from the moderator") + 1
    earlier = sections[-1]
    assert isinstance(earlier, Lines) and earlier.past
    assert [line for line in earlier.lines if not line.startswith("  ")] == [
        "Day 1: the end of the day", "Day 1"]
    # the day's post newest, it is told once, as before; at twilight the lynch is the news
    state = run(state, EndDay())
    titles = [s.title for s in view.table_sections(view.table_knows(state))]
    assert not any(title.startswith("The day's post") for title in titles)


def test_a_page_whose_name_left_the_game_says_what_became_of_it() -> None:
    # round 20: a replacement taken back (ctrl+z) leaves the new name's page open in the
    # browser; it read "a player replaced hands his slot ... to the one who takes it", as if
    # its reader had been replaced
    state = new_game()
    taken_back = as_text(view.player_sections(view.player_knows(state, "Annie")))
    assert "No player of this game is named Annie now" in taken_back
    assert "replaced" not in taken_back
    # the replaced player's page names who took his slot, as the thread was told
    state = run(state, ReplacePlayer("Ann", "Annie"))
    replaced = as_text(view.player_sections(view.player_knows(state, "Ann")))
    assert "Annie took your place in the game" in replaced
    assert "COP" not in replaced


async def _page(path: Path, player: str, size: tuple[int, int], *wanted: str) -> str:
    """`player`'s own page at `size` once it shows every line of `wanted` (or as it shows
    after ten seconds, for the assertions to name what is missing): see `_screen`."""
    app = PlayersApp(path, player=player, follower=Follower(path, rules_for))
    async with app.run_test(size=size) as pilot:
        with contextlib.suppress(AssertionError):
            await until(pilot, lambda: all(w in screen_text(app) for w in ("your role",
                                                                             *wanted)))
        await pilot.pause()
        return screen_text(app)


def test_a_players_page_on_a_phone_reaches_the_day_under_his_newest_message(
        tmp_path: Path) -> None:
    # round 20: Judge Holden given the Alcohol on Day 1 read his role card, his items, then
    # every message whole (his role again, the gift with the item's text again): the day's
    # votes were below the phone's first screen. The newest message stays on top; the
    # earlier ones (the role message the card above repeats) wait at the foot of the page
    from gmscreen.games.dust.commands import GiveItem
    campaign = sample_campaign(tmp_path)
    campaign.execute(GiveItem("Calamity", "Alcohol", "Judge Holden"))
    path = campaign.path
    campaign.close()
    assert path is not None
    wanted = ("Someone gave you an item", "15 alive; 8 votes lynch.")
    shown = asyncio.run(_page(path, "Judge Holden", PHONE, *wanted))
    assert "Someone gave you an item" in shown
    # the day's head in the first screen, the votes right under it (they were two screens
    # down); the deadline clock above takes what is left of the phone's first screen
    assert "15 alive; 8 votes lynch." in shown
    page = view.player_sections(view.player_knows(_state_of(path), "Judge Holden"))
    foot = page[-1]
    assert isinstance(foot, Lines) and foot.past
    assert foot.title == "Earlier messages to you, newest first"
    assert foot.lines[0].startswith("Day 1: Your role is Dust's manifestation of GUILT")


def _state_of(path: Path) -> DustState:
    from gmscreen.journal.campaign import open_campaign
    campaign = open_campaign(path, rules_for, writable=False)
    try:
        state: DustState = campaign.state
        return state
    finally:
        campaign.close()


def test_the_notes_told_to_the_table_come_above_the_roster(tmp_path: Path) -> None:
    """A note the moderator told the table stood under the roster, the 51st row of 70: out
    of sight on a phone and on a laptop. It comes after the news, above the players."""
    from gmscreen.ui.players import what_the_table_sees

    campaign = sample_campaign(tmp_path)
    campaign.note("The church bell rang at midnight.", public=True)
    titles = [section.title for section in what_the_table_sees(campaign)]
    told = next(n for n, title in enumerate(titles) if title.startswith("Notes told"))
    assert titles[told - 1].startswith("The newest post") and titles[told + 1] == "Players"
    campaign.close()
