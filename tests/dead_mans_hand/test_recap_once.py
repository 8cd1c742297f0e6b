"""Line 145: the showdown won, told once in the recap. The story told it as the log does ("The
red posse (Leon) wins the showdown (the black posse has nobody left).") and "Won and lost"
told it again under the posse's name ("The Callahan Gang (Leon) won the showdown"): one
fact named two ways, as if two posses had won. The story tells it, with its reason; the
totals count the games won and leave the showdown to the story, in every format and in the
Dealer's copy too."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.cli import main
from gmscreen.games.dead_mans_hand.commands import NamePosse, NewMatch, SetUpGame, Surrender
from gmscreen.games.dead_mans_hand.sample import build_showdown
from tests.dead_mans_hand.helpers import deploy_all, new_campaign


def showdown_won(path: Path, *, again: bool = False) -> None:
    """Session 1: Leon's Callahan Gang (red) wins the showdown in game 1, every Black Hat
    giving up; `again`: a new match is begun in the same session."""
    campaign = new_campaign(path, "Red Gulch")
    build_showdown(campaign)
    campaign.execute(NamePosse("red", "The Callahan Gang", "Leon"))
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    for model in campaign.state.black.on_table():
        campaign.execute(Surrender(model.name))
    if again:
        campaign.execute(NewMatch())


@pytest.mark.parametrize("again", [False, True])
@pytest.mark.parametrize("dealer", [[], ["--dealer"]])
@pytest.mark.parametrize("fmt", ["txt", "md", "bbcode", "html"])
def test_the_recap_tells_the_showdown_won_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, dealer: list[str],
        again: bool) -> None:
    path = tmp_path / "c.toml"
    showdown_won(path, again=again)
    assert main(["recap", str(path), "--session", "1", "--format", fmt, *dealer]) == 0
    text = capsys.readouterr().out
    assert text.count("the showdown") == 1, text
    assert "The Callahan Gang (red, Leon) wins the showdown" in text
    assert "The Callahan Gang won 1 game (1 in all)" in text
    # the new match, too, is the story's to tell: "Match 2 began" stood in the totals too
    assert text.count("Match 2") == (1 if again else 0), text
