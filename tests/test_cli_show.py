"""`gmscreen show --player`: a player's own page, named as a Dealer types a name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli, paths
from gmscreen.ui.players import PlayersApp


@pytest.fixture
def one_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """A copy of the Devils Bluff one-off (a page for each player: their hand); the pages
    asked for, where the app would have opened."""
    path = tmp_path / "one-off.toml"
    path.write_bytes((paths.samples_dir() / "devils-bluff-one-off.toml").read_bytes())
    opened: list[str | None] = []
    monkeypatch.setattr(PlayersApp, "run", lambda app, *a, **k: opened.append(app.player))
    monkeypatch.chdir(tmp_path)
    return opened


@pytest.mark.parametrize(("asked", "page"), [("Ma Hendry", "Ma Hendry"),
                                             ("ma hendry", "Ma Hendry"),
                                             ("cole", "Sheriff Cole")])
def test_a_players_page_is_found_by_a_part_of_the_name_in_any_case(
        one_off: list[str | None], asked: str, page: str) -> None:
    assert cli.main(["show", "one-off.toml", "--player", asked]) == 0
    assert one_off == [page]


def test_a_name_that_fits_no_player_or_several_is_refused_naming_them(
        one_off: list[str | None], capsys: Any) -> None:
    assert cli.main(["show", "one-off.toml", "--player", "Doc"]) == 2
    said = capsys.readouterr().err
    assert "'Doc' names no private page (players: Ma Hendry, Sheriff Cole)" in said
    assert cli.main(["show", "one-off.toml", "--player", "e"]) == 2
    said = capsys.readouterr().err
    assert "'e' names several players (give more of the name: Ma Hendry, Sheriff Cole)" in said
    assert one_off == []


def test_print_gives_the_screen_once_as_text_and_keeps_each_hand_to_its_page(
        one_off: list[str | None], capsys: Any) -> None:
    from gmscreen.core.cards import in_a_row
    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign

    campaign = open_campaign(Path("one-off.toml"), rules_for, cache=False)
    hands = {player: in_a_row(campaign.state.hand(player)) for player in campaign.state.players}
    campaign.close()
    assert cli.main(["show", "one-off.toml", "--print"]) == 0
    table = capsys.readouterr().out
    assert one_off == []  # printed, no screen opened
    assert table.startswith("Devils Bluff: a one-off at the livery (Devils Bluff), the "
                            "players' screen\n")
    assert "Ma Hendry 5, Sheriff Cole 5" in table  # the hands counted, never shown
    assert not [hand for hand in hands.values() if hand in table]
    assert cli.main(["show", "one-off.toml", "--print", "--player", "ma"]) == 0
    page = capsys.readouterr().out
    assert "Ma Hendry's page" in page.splitlines()[0]
    assert hands["Ma Hendry"] in page and hands["Sheriff Cole"] not in page


def test_print_with_the_curtain_drawn_shows_what_the_players_read_then(
        one_off: list[str | None], capsys: Any) -> None:
    from gmscreen.journal.follow import curtain_of

    curtain_of(Path("one-off.toml")).write_text("")
    assert cli.main(["show", "one-off.toml", "--print"]) == 0
    printed = capsys.readouterr().out
    assert "The curtain is drawn." in printed and "Scores" not in printed
