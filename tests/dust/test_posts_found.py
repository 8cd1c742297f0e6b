"""The log's filter by name finds each post to the thread under every player it names, and
under no one else: the moderator who filters on a player sees what the thread was told about
him (his death and flip, his removal, his replacement, the vouch for him, the hammer he cast),
in the names the post itself picked (a note's words, a player's own, are left to the log's
search). A post that names no one (the generator, a dead player's note put right) is found
under no one: it never names its writer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.dust.commands import (
    AddLateNote,
    AddPlayer,
    ChooseKill,
    CorrectLateNote,
    CorrectModKill,
    ModKill,
    ReplacePlayer,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    UseDayPower,
    Vote,
)
from tests.dust.app import new_campaign
from tests.dust.game import CAST, lots

POSTS = ("dust.posted", "dust.day_began")


def test_each_post_is_found_under_every_player_it_names_and_no_one_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        items = {"Cat": ("Notebook",), "Dan": ("Gasoline",)}.get(name, ())
        campaign.execute(AddPlayer(name, role, items))
    for command in (StartGame(), UseDayPower("Ino", "Innocent", "Vouch"),
                    Vote("Ann", "Vet"),
                    ModKill("Vet", "gone quiet"), CorrectModKill("Vet"),
                    ReplacePlayer("Bob", "Bea"), ModKill("Dri", "gone quiet")):
        campaign.execute(command)
    for voter in ("Ann", "Bea", "Van", "Rev", "Wat", "Tom", "Vig", "Vet"):
        campaign.execute(Vote(voter, "Eve"))
    campaign.execute(ChooseKill("Gus", "Pat", "Cat"))
    campaign.execute(ResolveNight(lots(campaign.state)))
    campaign.execute(AddLateNote("Cat", "It was Gus."))
    campaign.execute(CorrectLateNote("Cat", "It was Pat."))
    campaign.execute(UseDayPower("Dan", "Gasoline", "Generator"))
    everyone = [p.name for p in campaign.state.players] + ["Bob"]
    posts = [e for e in campaign.events if e.kind in POSTS]
    assert len(posts) >= 8
    for post in posts:
        # a note's words are its writer's, not the post's: the search finds them
        text = re.sub("\u201c[^\u201d]*\u201d", "", campaign.rules.describe(post))
        named = {n for n in everyone if re.search(rf"\b{n}\b", text)}
        # Cat wrote the note: the post that puts it right never names him
        assert campaign.subjects(post) == named, text
    found = {frozenset(campaign.subjects(p)) for p in posts}
    assert frozenset({"Ino"}) in found and frozenset({"Bob", "Bea"}) in found
    assert frozenset() in found  # the generator, and the note put right
    journal = campaign.path
    campaign.close()
    monkeypatch.setenv("COLUMNS", "300")  # a line of the log's table each
    assert cli.main(["log", str(journal), "--who", "Vet"]) == 0
    out = capsys.readouterr().out
    assert "removed from the game by the moderator" in out
    assert "Vet was not to be removed" in out
