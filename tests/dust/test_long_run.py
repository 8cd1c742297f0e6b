"""The campaign's long run: a game of Dust played over three sessions to its end, as a
moderator who meets his table once a week plays it. A day carried from one session into the
next, a night sent in one and resolved in the next, items passed and found, the lit church,
the Avatar of Fear on nights 2 and 3, a replacement and a mod-kill, undo and redo, and the
Town's win; what each session's recap says carried over, and the notice as a session
begins."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, OptionList

from gmscreen.games.dust import RULES
from gmscreen.games.dust import view as dust_view
from gmscreen.games.dust.commands import (
    ChooseKill,
    ChooseNight,
    GiveItem,
    ModKill,
    ReplacePlayer,
    ResolveNight,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.players import PlayersApp
from gmscreen.ui.shell import summary
from tests.dust.app import sample_campaign
from tests.pilot import cut_off, form_up, synchronous, until


def _text(campaign: Campaign[Any], session: int, *, dealer: bool = False) -> str:
    return render(build(campaign, session, dust_view, dealer=dealer), "txt")


def _lots(state: DustState) -> tuple[str, ...]:
    return tuple(p.name for p in state.living)


def _votes(campaign: Campaign[Any], target: str, *voters: str) -> None:
    for voter in voters:
        campaign.execute(Vote(voter, target))


def _holds(state: DustState, name: str) -> list[str]:
    player = state.player(name)
    assert player is not None
    return sorted(h.item for h in player.items)


def three_sessions(folder: Path) -> Campaign[Any]:
    """The sample's table played to the Town's win over three sessions: session 1 ends with
    Day 2 begun and a vote cast (carried), session 2 with Night 2 sent (carried); session 3,
    which sees the game's end, is still running."""
    campaign = sample_campaign(folder)
    # session 1: Day 1 lynches Paranoia; Night 1 scavenged; Day 2 begins with a vote and a gift
    _votes(campaign, "Whisperer", "Old Sarge", "Tumbleweed", "Bounty Belle", "Sawbones",
           "Lamplighter", "Little Orphan")
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", "The Cafe")))
    campaign.execute(ChooseNight(NightChoice("Calamity", "The Garage")))
    campaign.execute(ChooseNight(NightChoice("Tracks*", "The School")))
    campaign.execute(ChooseNight(NightChoice("Sawbones", "", (
        PowerUse("Doctor", "Tend", ("Marshal Bass",)),))))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Marshal Bass"))
    campaign.execute(ResolveNight(_lots(campaign.state)))
    campaign.execute(Vote("Tumbleweed", "Widow Grey"))
    campaign.execute(GiveItem("Tumbleweed", "Knife", "Parson Brown"))
    campaign.end_session(under_way="carry")
    # session 2: the church lit, a replacement, a lynch; Night 2 sent and carried
    campaign.start_session()
    campaign.execute(UseDayPower("Calamity", "Gasoline", "Generator"))
    campaign.execute(ReplacePlayer("Lamplighter", "Nightowl"))
    _votes(campaign, "Bounty Belle", "Calamity", "Widow Grey", "Judge Holden", "Marshal Bass",
           "Sawbones", "Nightowl", "Old Sarge", "Wyatt_E")
    campaign.execute(ChooseNight(NightChoice("Tracks*", "The Police Station")))
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", "The Hotel")))
    campaign.execute(ChooseNight(NightChoice("Old Sarge", "The Hospital")))
    campaign.execute(ChooseNight(NightChoice("Little Orphan", "The Hospital")))
    campaign.execute(ChooseNight(NightChoice("Parson Brown", "", (
        PowerUse("Knife", "Paranoid Bodyguard", ("Marshal Bass",)),))))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Old Sarge"))
    campaign.end_session(under_way="carry")
    # session 3: Night 2 resolved; Day 3 gifts, a mod-kill, a lynch; Night 3's Avatar; the end
    campaign.start_session()
    campaign.execute(ResolveNight(_lots(campaign.state)))
    campaign.execute(GiveItem("Tracks*", "Bulletproof Vest", "Marshal Bass"))
    campaign.execute(GiveItem("Tumbleweed", "First Aid Kit", "Sawbones"))
    _votes(campaign, "Widow Grey", "Calamity", "Marshal Bass", "Sawbones", "Nightowl")
    campaign.execute(ModKill("Little Orphan", "has not posted in three days"))
    _votes(campaign, "Widow Grey", "Tracks*", "Parson Brown")
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", "The Asylum")))
    campaign.execute(ChooseNight(NightChoice("Marshal Bass", "The Lake")))
    campaign.execute(ChooseNight(NightChoice("Wyatt_E", "", (
        PowerUse("Crucifix", "Lightning Rod", ("Calamity",)),))))
    campaign.execute(ChooseKill("Judge Holden", "Judge Holden", "Calamity"))
    campaign.execute(ResolveNight(_lots(campaign.state)))
    _votes(campaign, "Judge Holden", "Calamity", "Marshal Bass", "Sawbones", "Nightowl",
           "Tracks*")
    return campaign


def test_a_game_over_three_sessions_to_the_towns_win(tmp_path: Path) -> None:
    campaign = three_sessions(tmp_path)
    state = campaign.state
    assert state.phase == "over" and "the Town won" in state.result
    # what each session left carries into the next, as the replay at each session's end shows
    first = campaign.replay(campaign.last_seq_of_session(1)).state
    assert (first.phase, first.number, first.votes) == ("day", 2, (("Tumbleweed", "Widow Grey"),))
    assert _holds(first, "Parson Brown") == ["Knife"]
    assert _holds(first, "Calamity") == ["Alcohol", "Gasoline"]  # his find at The Garage
    second = campaign.replay(campaign.last_seq_of_session(2)).state
    assert (second.phase, second.number, second.lit) == ("night", 2, True)
    assert len(second.choices) == 5 and second.kill is not None
    # night 2: the Scum kill a scavenger outside the lit church; the Avatar only scares
    assert "Night 2" in (state.player("Old Sarge").death or "")
    assert _holds(state, "Tracks*") == ["Chalk"]  # his Vest went to the Marshal
    # night 3: the Avatar kills at The Asylum; the Vest stops it at The Lake and is gone;
    # the Crucifix draws the Scum's kill onto its holder
    assert not state.player("Tumbleweed").alive
    assert state.player("Marshal Bass").alive
    assert _holds(state, "Marshal Bass") == []
    assert not state.player("Wyatt_E").alive
    assert state.player("Calamity").alive
    # places: night 1's closed from night 3, night 2's from night 4, night 3's stay open
    assert [loc.name for loc in state.open_locations(4)] == ["The Asylum", "The Lake"]


def _part(text: str, heading: str) -> str:
    """The paragraph under `heading` in a recap told as plain text ("" where none is)."""
    found = re.search(rf"{re.escape(heading)}\n-+\n\n(.*?)\n", text)
    return found.group(1) if found else ""


def test_a_sessions_recap_says_what_it_took_up_and_what_it_leaves(tmp_path: Path) -> None:
    campaign = three_sessions(tmp_path)
    one, two, three = (_text(campaign, n) for n in (1, 2, 3))
    took, goes = "Taken up from the session before", "Goes on next session"
    # with how many live and the majority: a player who missed the evening needs not count
    # the session's dead off the names at the table
    assert _part(one, goes) == ("Day 2: 14 alive, 8 votes lynch; 1 vote cast (Tumbleweed "
                                "votes Widow Grey).")
    assert _part(two, took) == _part(one, goes)
    # the table never hears of the night's actions, only that the night goes on
    assert _part(two, goes) == ("Night 2 (the church lit): 13 alive; its night actions not "
                                "yet resolved.")
    assert _part(three, took) == _part(two, goes)
    assert goes not in three  # the game is over
    # the moderator's copy says what was sent
    assert _part(_text(campaign, 3, dealer=True), took) == (
        "Night 2, with the night actions of 5 players and the Scum's kill sent and not yet "
        "resolved.")
    assert took not in one  # the game began in it
    # the story comes after what was taken up, what goes on after what was won and lost
    assert two.index(took) < two.index("What happened") < two.index(goes)
    # who left the table and who took his place, in both copies
    assert "- Nightowl took Lamplighter's place" in two
    assert "- Nightowl took Lamplighter's place" in _text(campaign, 2, dealer=True)
    assert "took" not in three.replace("Taken up", "")


def test_a_session_begun_with_the_game_going_says_where_it_stands(tmp_path: Path) -> None:
    campaign = sample_campaign(tmp_path)
    assert RULES.session_begun(DustState()) is None
    campaign.end_session(under_way="carry")
    assert RULES.session_begun(campaign.state) == (
        "Where the game stands: Day 1, with 3 votes cast and no lynch yet (the Day and night "
        "tab).")


def test_undo_and_redo_of_three_kinds_leave_the_state_log_and_recap_agreeing(
        tmp_path: Path) -> None:
    campaign = three_sessions(tmp_path)
    before, told = campaign.state, _text(campaign, 3)
    log = [campaign.describe(e) for e in campaign.events]

    def step_of(kind: str) -> int:
        """The first event of the step (one command's events) holding the newest `kind`."""
        newest = max((e for e in campaign.events if e.kind == f"dust.{kind}"),
                     key=lambda e: e.seq)
        return min(e.seq for e in campaign.events if e.step == newest.step)

    # the hammer that ends the game, Night 3's resolution, the mod-kill: each taken back
    # (to the event before it) and then redone
    for kind in ("player_lynched", "night_resolved", "player_modkilled"):
        undone = campaign.undo_to(step_of(kind) - 1)
        assert any(e.kind == f"dust.{kind}" for e in undone)
        assert campaign.state != before
        assert all(campaign.is_undone(e) for e in undone)
        campaign.redo()
        assert campaign.state == before
        assert _text(campaign, 3) == told
    # the log keeps every event, the undone ones marked, and tells each undo and redo
    assert [campaign.describe(e) for e in campaign.events][:len(log)] == log
    assert sum(e.kind == "undo" for e in campaign.events) == 3
    assert sum(e.kind == "redo" for e in campaign.events) == 3


@synchronous
async def test_the_players_screen_shows_every_flip_whole_at_80x24_at_the_games_end(
        tmp_path: Path) -> None:
    """A Scum's flip ("Dust's manifestation of DESPAIR, SCUM") beside a mod-kill's status
    ran out of sight at 80 columns: the table read "Dust's manifestation of" and no side."""
    campaign = three_sessions(tmp_path)
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:

        def flips() -> dict[str, str]:
            players = app.query(DataTable).first()
            return {str(players.get_row_at(n)[0]): str(players.get_row_at(n)[2])
                    for n in range(players.row_count)}

        # the players' table is filled once mounted, after the screen is first drawn
        await until(pilot, lambda: "Widow Grey" in flips())
        await pilot.pause()
        assert cut_off(app) == []
        flipped = flips()
        assert flipped["Widow Grey"] == "DESPAIR, SCUM"
        assert flipped["Little Orphan"] == "INNOCENT, TOWN"
        assert flipped["Calamity"] == "VANILLA TOWN, TOWN"


def test_the_moderators_recap_of_a_session_begun_with_a_day_power_or_a_gift_heads_it_with_the_day(
        tmp_path: Path) -> None:
    """Session 2 began with the Gasoline poured (and session 3 of another table might with a
    gift): the moderator's copy told it in a paragraph with no heading, before "Day 2."."""
    campaign = three_sessions(tmp_path)
    story = _text(campaign, 2, dealer=True).split("What happened\n-------------\n\n")[1]
    assert story.startswith("Day 2.\nCalamity lights the church with the Gasoline.")
    # a gift made as a session begins: its day heads it too
    (tmp_path / "other").mkdir()
    other = sample_campaign(tmp_path / "other")
    other.end_session(under_way="carry")
    other.start_session()
    other.execute(GiveItem("Calamity", "Alcohol", "Sawbones"))
    story = _text(other, 2, dealer=True).split("What happened\n-------------\n\n")[1]
    assert story.startswith("Day 1.\nCalamity gives the Alcohol to Sawbones.")


@synchronous
async def test_ending_a_session_half_way_says_what_leaving_it_off_does(tmp_path: Path) -> None:
    # the end-session question offered the kit's "it ends with no outcome" for a day whose
    # leaving off ends it without a lynch, and for a night called off
    campaign = sample_campaign(tmp_path)
    _votes(campaign, "Whisperer", "Old Sarge")
    assert RULES.left_off(campaign.state) == (
        "Day 1 ends with no lynch, as at the deadline (its post is made)")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        asked = await form_up(pilot)
        choices = asked.widget_of("what")
        assert isinstance(choices, OptionList)
        labels = [str(choices.get_option_at_index(i).prompt)
                  for i in range(choices.option_count)]
        assert labels[-1] == ("Leave it off: Day 1 ends with no lynch, as at the deadline "
                              "(its post is made)")
    (tmp_path / "night").mkdir()
    night = three_sessions(tmp_path / "night")
    assert RULES.left_off(night.state).startswith("Night ")


def test_a_night_resolved_is_named_as_such_when_done_and_undone(tmp_path: Path) -> None:
    """The notice of Night 1's resolution and of its undo named its first events ("Night 1,
    choices: ... (and 36 more)"); they name the night resolved, and who died, first."""
    campaign = sample_campaign(tmp_path)
    _votes(campaign, "Whisperer", "Old Sarge", "Tumbleweed", "Bounty Belle", "Sawbones",
           "Lamplighter", "Little Orphan")
    campaign.execute(ChooseNight(NightChoice("Tumbleweed", "The Cafe")))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Old Sarge"))
    resolved = campaign.execute(ResolveNight(_lots(campaign.state)))
    assert len(resolved) > 10
    assert summary(campaign, resolved).startswith(
        "Old Sarge dies in Night 1: the Scum's night kill (carried out by Widow Grey). Night 1 "
        "is resolved. "), \
        summary(campaign, resolved)
    undone = campaign.undo()
    assert summary(campaign, undone).startswith("Old Sarge dies in Night 1"), \
        summary(campaign, undone)
    assert campaign.describe(campaign.events[-1]) == (
        "Undid: Old Sarge dies in Night 1: the Scum's night kill (carried out by Widow Grey). "
        "Night 1 is resolved.")
