"""The table's recap of a Dust session, read as a player who missed the evening would: the
dead in the order they fell, and where the game stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games.dust import view as dust_view
from gmscreen.games.dust.commands import (
    AddPlayer,
    ChooseKill,
    ChooseNight,
    EndDay,
    ModKill,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.state import NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from tests.dust.app import new_campaign
from tests.dust.game import CAST, lots

#: Day 1's majority of fifteen, none of them Vet
HAMMER = ("Ann", "Cat", "Dan", "Van", "Rev", "Wat", "Tom", "Vig")


def _lynched_then_killed(tmp_path: Path, *, cat_scavenges: bool = False) -> Campaign[Any]:
    """Session 1: Vet lynched on Day 1 by HAMMER, Bob killed in Night 1 (Cat scavenging at
    The Cafe, if asked), Ann removed by the moderator on Day 2."""
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    for voter in HAMMER:
        campaign.execute(Vote(voter, "Vet"))
    if cat_scavenges:
        campaign.execute(ChooseNight(NightChoice("Cat", scavenge="The Cafe")))
    campaign.execute(ChooseKill("Gus", "Pat", "Bob"))
    campaign.execute(ResolveNight(lots(campaign.state)))
    campaign.execute(ModKill("Ann", "left the game"))
    return campaign


def _won_and_lost(text: str) -> list[str]:
    part = text.split("Won and lost", 1)[1].split("\n\n", 2)[1]
    return [line for line in part.splitlines() if line.startswith("- ")]


def test_the_recap_lists_the_dead_as_they_fell_not_in_the_rosters_order(
        tmp_path: Path) -> None:
    # Vet is lynched on Day 1, Bob found dead on Day 2, Ann removed on Day 2: the roster has
    # Ann, Bob, ..., Vet, and the recap listed them so, Day 2's dead before Day 1's lynch
    campaign = _lynched_then_killed(tmp_path)
    told = _won_and_lost(render(build(campaign, 1, dust_view), "txt"))
    assert [line.split(":")[0] for line in told] == ["- Vet", "- Bob", "- Ann"], told
    assert told[0] == "- Vet: lynched on Day 1; flipped the VETERAN, TOWN"
    # undone, the removal leaves the list, and made again it is the last to fall again
    campaign.undo()
    told = _won_and_lost(render(build(campaign, 1, dust_view), "txt"))
    assert [line.split(":")[0] for line in told] == ["- Vet", "- Bob"]
    campaign.redo()
    told = _won_and_lost(render(build(campaign, 1, dust_view), "txt"))
    assert [line.split(":")[0] for line in told] == ["- Vet", "- Bob", "- Ann"]
    # a night that kills two (the Scum's kill, the Vigilante's shot): they fell together
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Gus", "Pat", "Van"))
    campaign.execute(ChooseNight(NightChoice("Vig", uses=(PowerUse("Vigilante", "Execute",
                                                                   ("Eve",)),))))
    assert campaign.state.phase == "night"
    campaign.execute(ResolveNight(lots(campaign.state)))
    fell = {p.name: p.fell for p in campaign.state.players if not p.alive}
    assert fell == {"Vet": 1, "Bob": 2, "Ann": 3, "Van": 4, "Eve": 4}


def test_the_dealers_copy_tells_the_dead_as_they_fell_then_the_rest(tmp_path: Path) -> None:
    # the whole copy went by the roster too: Ann's removal on Day 2, then Bob's night
    # death, then Vet's lynch on Day 1; Cat's find (he lives) comes after the dead
    campaign = _lynched_then_killed(tmp_path, cat_scavenges=True)
    text = render(build(campaign, 1, dust_view, dealer=True), "txt")
    told = _won_and_lost(text)
    assert [line.split(":")[0] for line in told] == ["- Vet", "- Bob", "- Ann", "- Cat"], told
    assert told[1].startswith("- Bob: killed in Night 1: the Scum's night kill")
    assert told[3] == "- Cat: gained Knife"


def test_the_recap_and_the_log_name_day_1s_rules_of_play_and_do_not_tell_them_again(
        tmp_path: Path) -> None:
    """Session 1's recap ran Day 1's rules of play into its first paragraph, a dozen
    sentences in " - " bullets between the day's post and its votes, and the log's line
    held them too: read once at the table, they are named, and the post itself keeps
    them (the Posts tab, the players' screen)."""
    from gmscreen.games.dust.powers import HOW_IT_GOES, RULES_TOLD
    campaign = _lynched_then_killed(tmp_path)
    for dealer in (False, True):
        text = render(build(campaign, 1, dust_view, dealer=dealer), "txt")
        assert ("15 players are alive; 8 votes lynch. The post ends with how the game goes, "
                "the rules of play.") in " ".join(text.split())
        assert "- Each night" not in text and "silence helps the Scum" not in text
    day_1 = next(e for e in campaign.events if e.kind == "dust.day_began")
    line = campaign.rules.describe(day_1)
    assert line.endswith(f"8 votes lynch. {RULES_TOLD}") and HOW_IT_GOES[1] not in line
    assert campaign.state.posts[0].lines[-len(HOW_IT_GOES):] == HOW_IT_GOES
