"""The players' screen of a Dust game as the table reads it on a laptop's 80x24: what is
asked of the table now (the votes by day, the newest post) in sight as it opens, the roster
under them."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import AddPlayer, GiveItem, ResolveNight, UseBookSetUp, Vote
from gmscreen.games.dust.state import DustState
from gmscreen.journal.follow import Follower
from gmscreen.journal.sections import Lines, as_text
from gmscreen.ui.players import PlayersApp
from tests.dust.app import sample_campaign
from tests.dust.game import choose, kill, lots, night_of, run, use
from tests.dust.hidden import assert_secrets_kept
from tests.pilot import screen_text, until


async def _screen(path: Path | None, *wanted: str) -> str:
    """The players' screen at 80x24 once it shows every line of `wanted` (its sections are
    filled after they are mounted: one pause after the first of them showed was a guess),
    or as it shows after ten seconds, for the test's assertions to name what is missing."""
    assert path is not None
    app = PlayersApp(path, follower=Follower(path, rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        with contextlib.suppress(AssertionError):
            await until(pilot, lambda: all(w in screen_text(app) for w in ("Players",
                                                                             *wanted)))
        await pilot.pause()
        return screen_text(app)


def test_at_80x24_the_table_sees_the_votes_and_the_newest_post_as_the_screen_opens(
        tmp_path: Path) -> None:
    # the sample's Day 1, two wagons under the deadline clock: the fifteen rows of the
    # roster came first and filled the screen, the votes and the day's post out of sight
    campaign = sample_campaign(tmp_path)
    path = campaign.path
    campaign.close()
    day = ("Whisperer  2/8", "Calamity   1/8", "The newest post: Day 1",
           "The survivors huddle in the church.")
    shown = asyncio.run(_screen(path, *day))
    assert [line for line in day if line not in shown] == [], shown
    # the hammer: at twilight the lynch and its flip are what the table reads first
    (tmp_path / "hammer").mkdir()
    campaign = sample_campaign(tmp_path / "hammer")
    for voter in ("[Doc] Holliday", "Wyatt_E", "Parson Brown", "Sawbones", "Lamplighter",
                  "Tracks*"):
        campaign.execute(Vote(voter, "Whisperer"))
    path = campaign.path
    campaign.close()
    # and the places the table chooses among as it sends its night actions, all of them
    twilight = ("Night 1 (twilight)", "The newest post: Day 1: the end of the day",
                "The hammer falls: Whisperer is lynched",
                "Whisperer was Dust's manifestation of PARANOIA", "Open for scavenging tonight",
                "The Hardware Store", "The School", "The Garage", "The Cafe")
    shown = asyncio.run(_screen(path, *twilight))
    assert [line for line in twilight if line not in shown] == [], shown


def test_a_players_page_tells_copies_alike_once_with_how_many_he_holds() -> None:
    # Cat starts with a Crowbar and finds the Hardware Store's: his page told the Crowbar
    # whole twice, three lines of 80 columns each time
    state = night_of({"Cat": ("Crowbar", "Notebook"), "Dan": ("Notebook",)})
    state = choose(state, "Cat", scavenge="The Hardware Store")
    state = choose(state, "Dan", use("Notebook", "Notes", text="Watch Gus."))
    state = run(state, ResolveNight(lots(state)))
    cat = state.player("Cat")
    assert cat is not None and [h.item for h in cat.items] == ["Crowbar", "Notebook", "Crowbar"]
    items = view.player_knows(state, "Cat").items
    assert len(items) == 2 and items[0].startswith("Crowbar (you hold 2): Pull up the boards")
    # a copy with a note written in it is not like a new one: each is told with what it
    # has left
    state = run(state, GiveItem("Dan", "Notebook", "Cat"))
    assert [line.split(":")[0] for line in view.player_knows(state, "Cat").items] == [
        "Crowbar (you hold 2)", "Notebook", "Notebook (1 of 2 uses left)"]


def test_a_players_page_by_night_says_what_he_sent_as_the_moderator_has_it() -> None:
    # at the table a player tells the moderator his night action aside: his page showed
    # nothing of it, so he could neither check it was taken down right nor see he owed one
    state = night_of({"Cat": ("Notebook",)})
    state = choose(state, "Cat", use("Notebook", "Notes", text="It was Gus."),
                   scavenge="The Cafe")
    state = choose(state, "Dan")
    state = kill(state, "Bob", killer="Pat", by="Gus")
    assert_secrets_kept(state)

    def sent(name: str) -> tuple[str, ...]:
        page = view.player_sections(view.player_knows(state, name))
        found = [s for s in page if s.title == "Night 1: what you sent, as the moderator has it"]
        assert len(found) <= 1
        return found[0].lines if found and isinstance(found[0], Lines) else ()

    assert sent("Cat") == ("You scavenge at The Cafe.", "Notebook: Notes \u201cIt was Gus.\u201d")
    assert sent("Dan") == ("You stay in the church.",)
    assert sent("Pat") == ("You carry out the Scum's kill on Bob, as Gus chose: it is your "
                           "whole night.",)
    assert sent("Gus") == ("The Scum's kill as you chose it: Bob, carried out by Pat.",)
    assert sent("Ann")[0].startswith("Nothing yet: send me your night action")
    # the table sees none of it, and by day (the votes are the thread's) the part is gone
    shown = as_text(view.table_sections(view.table_knows(state)))
    assert "scavenge at" not in shown and "It was Gus" not in shown and "Nothing yet" not in shown
    state = run(state, ResolveNight(lots(state)))
    assert sent("Cat") == () and sent("Ann") == ()


def test_the_set_up_counts_the_players_joined_in_words_that_agree() -> None:
    # "1 players have joined." as the first sat down
    state = run(DustState(), UseBookSetUp())
    heads = []
    for name in ("Ann", "Bob"):
        heads.append(view.table_sections(view.table_knows(state))[0])
        state = run(state, AddPlayer(name, "Cop" if name == "Ann" else "Doctor"))
    heads.append(view.table_sections(view.table_knows(state))[0])
    assert [h.lines for h in heads if isinstance(h, Lines)] == [
        ("No player has joined yet.",), ("1 player has joined.",), ("2 players have joined.",)]


def test_a_dead_players_page_says_first_that_he_is_out_of_the_game() -> None:
    # Bob, killed in the night, read his role and items on his page as if still playing;
    # only the roster, further down, said he was dead
    state = night_of({"Bob": ("Notebook",)})
    state = kill(state, "Bob", killer="Pat", by="Gus")
    state = run(state, ResolveNight(lots(state)))
    page = view.player_sections(view.player_knows(state, "Bob"))
    first = page[0]
    assert isinstance(first, Lines) and first.title == "Bob: your role"
    fate = next(s.fate for s in view.table_knows(state).seats if s.name == "Bob")
    assert first.lines[0] == f"You are out of the game: {fate}."
    living = view.player_sections(view.player_knows(state, "Ann"))[0]
    assert isinstance(living, Lines) and not living.lines[0].startswith("You are out")
