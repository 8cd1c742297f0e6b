"""Round 11, the kit's new pieces and what round 10 left alone: the players' roster on a
phone, the words a list shows where it has nothing, and the headings and statuses that
did not fit the phase."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import AddPlayer, ResolveNight, UseBookSetUp
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.sections import Grid
from tests.dust.app import new_campaign
from tests.dust.game import CAST, kill, lots, new_game, night_of, run
from tests.dust.test_fit import night_resolved, night_sent, sample
from tests.pilot import screen_text, synchronous, until


def _rows(known: view.TableKnows) -> Grid:
    return next(s for s in view.table_sections(known)
                if isinstance(s, Grid) and s.title == "Players")


@synchronous
async def test_the_players_roster_on_a_phone_gives_each_living_player_one_line(
        tmp_path: Path) -> None:
    """At 40x30 the table's roster took two lines per living player ("Calamity" over
    "Status alive"): fifteen players filled the screen. Each living player is one line, his
    name and "(alive)"; a dead one says how he died on his name's line, his flip under it."""
    from gmscreen.ui.players import PlayersApp
    campaign = sample(tmp_path / "a", night_resolved)
    assert campaign.store is not None
    path = campaign.store.path
    app = PlayersApp(path)
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "Players" in screen_text(app))
        screens: list[list[str]] = []
        for _ in range(24):  # the screen by six rows at a time, the roster among them
            screens.append([" ".join(line.replace("\u00a0", " ").split())
                            for line in screen_text(app).splitlines()[5:]])
            await pilot.press(*["down"] * 6)
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
        rows = [row for shown in screens for row in shown]
        assert not any(row.startswith("Status alive") for row in rows), rows
        assert "Tumbleweed (alive)" in " ".join(rows), rows
        # the dead player's line and the one under it, on a screen that shows both
        dead = next((shown[n:n + 2] for shown in screens for n, row in enumerate(shown[:-1])
                     if row.startswith("Lamplighter (")), [])
        assert dead, "\n".join(rows)
        assert "found dead" in dead[0], dead
        assert dead[1].startswith("Flipped as NIGHT WATCHMAN"), dead


def test_a_wide_screen_keeps_the_roster_in_three_columns() -> None:
    """Where the three columns fit (a TV, a laptop), the roster is drawn as before: a
    player, his status, his flip, each in its column."""
    known = view.table_knows(new_game())
    players = _rows(known)
    assert players.wide and players.wide[0][:2] == (next(iter(CAST)), "alive")
    assert players.rows[0][0].replace("\u00a0", " ") == f"{next(iter(CAST))} (alive)"
    assert players.columns == ("Player", "Flipped as")
    assert players.wide_columns == ("Player", "Status", "Flipped as")
    # the note on flips under the phone's rows once a flip shows there (four lines at 40)
    assert players.wide_note.startswith("Flipped as: ") and players.note == ""
    night = kill(night_of(), "Dan")
    dead = _rows(view.table_knows(run(night, ResolveNight(lots(night)))))
    assert dead.note.startswith("Flipped as: ")
    assert ("Dan (found dead on Day 2)", "VANILLA TOWN, TOWN") in dead.rows


def test_an_empty_hand_or_a_role_without_powers_reads_none() -> None:
    """A '-' stood for no items and no powers: it reads as a cell not filled in."""
    state = new_game()
    assert all(row[3] != "-" for row in view.players_grid(state).rows)
    assert any(row[3] == "none" for row in view.players_grid(state).rows)
    assert any(row[3] == "none" for row in view.roster_grid(state).rows)
    for table in (view.roles_grid(state), view.items_grid(state)):
        assert all(cell != "-" for row in table.rows for cell in row), table.title


def test_before_day_1_a_seated_player_reads_joined_not_alive(tmp_path: Path) -> None:
    """Before Day 1 the roster called everyone seated "alive", as if the game ran: the
    Dealer and the table read "joined", as the head counts them."""
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in list(CAST.items())[:3]:
        campaign.execute(AddPlayer(name, role))
    state = campaign.state
    assert {row[4] for row in view.players_grid(state).rows} == {"joined"}
    assert {row[-1] for row in view.roster_grid(state).rows} == {"joined"}
    table = _rows(view.table_knows(state))
    assert {row[1] for row in table.wide} == {"joined"}
    assert all(row[0].endswith("(joined)") for row in table.rows)


def test_by_night_the_moderators_roster_is_not_headed_vote() -> None:
    """At night no vote is cast, yet the console's roster was headed "Vote, or death" over
    "alive"-less blanks: by night (and before Day 1, and once the game is over) it is
    "Status", the living "alive"."""
    state = night_of()
    table = view.roster_grid(state)
    assert table.columns[-1] == "Status"
    assert {row[-1] for row in table.rows} == {"alive"}
    assert view.roster_grid(new_game()).columns[-1] == "Vote, or death"


def test_the_logs_kinds_are_named_in_the_games_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log's filter, its detail line and `gmscreen log --kind` named kinds by their
    ids: "Night chosen", "Player modkilled", "Modkill corrected", where the screens say a
    night action is sent and a player is removed by the moderator."""
    assert kind_name("dust.night_chosen") == "Night action sent"
    assert kind_name("dust.night_withdrawn") == "Night action taken back"
    assert kind_name("dust.night_kill_chosen") == "Scum's kill chosen"
    assert kind_name("dust.player_modkilled") == "Player removed by the moderator"
    assert kind_name("dust.modkill_corrected") == "Removal taken back"
    campaign = sample(tmp_path / "a", night_sent)
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    capsys.readouterr()
    assert cli.main(["log", str(path), "--kind", "night action"]) == 0
    shown = capsys.readouterr().out
    assert "Tumbleweed scavenges at The School" in shown and "Day 1 begins" not in shown
