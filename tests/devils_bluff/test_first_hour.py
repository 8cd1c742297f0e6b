"""Found in the first hour of a new Dealer: a campaign made from nothing, its gangs built
and two games played in its first session, by keys in tmux at 80x24 and 200x50."""

from __future__ import annotations

import asyncio
from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    EndGame,
    Enlist,
    FoundGang,
    KeepHired,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, campaign_sample, tokened
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import opened, to_tab

ANN, BOB = "Ann", "Bob"


def _gangs_made_in_the_session(hired_before: int = 0) -> tuple[Table, view.TableKnows]:
    """A campaign set up before the first session, its gangs founded (Bob's first
    `hired_before` hired guns enlisted too); then, the session begun, each leader and the
    rest of five hired guns each enlisted. What the table knew as it began."""
    table = Table(3)
    table.execute(ChooseSetUp("campaign"))
    table.execute(FoundGang(ANN, "The Redeye Boys"))
    table.execute(FoundGang(BOB, "Sheriff's Men"))
    hired = {player: [Recruit(f"{player}'s gun {n}", GUNSLINGER, "Revolver", hired=True)
                      for n in range(5)] for player in (ANN, BOB)}
    for recruit in hired[BOB][:hired_before]:
        table.execute(Enlist(BOB, recruit))
    began = view.table_knows(table.state)
    for player, leader in ((ANN, "Red Kate"), (BOB, "Marshal Dunn")):
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Quick",))))
        for recruit in hired[player][hired_before if player == BOB else 0:]:
            table.execute(Enlist(player, recruit))
    return table, began


def test_the_recap_says_who_moved_on_when_they_were_hired_in_the_same_session() -> None:
    # every gang made after f5, a game played and its aftermath closed: the recap's "Won
    # and lost" named no hired gun moving on, as it counted only those hired before the
    # session began
    table, began = _gangs_made_in_the_session()
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    table.execute(Deploy((), shuffle_order(table.rng("shuffle"))))
    table.execute(EndGame("called for the storm"))
    table.execute(KeepHired("Ann's gun 0"))
    table.execute(CloseAftermath())
    totals = view.table_totals(began, view.table_knows(table.state))
    gone = [line for line in totals if "moved on" in line]
    assert gone == [
        "Ann's hired guns Ann's gun 1, Ann's gun 2, Ann's gun 3 and Ann's gun 4 moved on "
        "after game 1",
        "Bob's hired guns Bob's gun 0, Bob's gun 1, Bob's gun 2, Bob's gun 3 and Bob's "
        "gun 4 moved on after game 1"], totals


def test_the_recap_names_a_gun_hired_before_and_those_hired_during_the_session() -> None:
    # two hired before the session began, the rest during it: all of them are named, once
    table, began = _gangs_made_in_the_session(hired_before=2)
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    table.execute(Deploy((), shuffle_order(table.rng("shuffle"))))
    table.execute(EndGame())
    table.execute(CloseAftermath())
    totals = view.table_totals(began, view.table_knows(table.state))
    bob = [line for line in totals if line.startswith("Bob's hired")]
    assert bob == ["Bob's hired guns Bob's gun 0, Bob's gun 1, Bob's gun 2, Bob's gun 3 "
                   "and Bob's gun 4 moved on after game 1"], totals


def test_the_characters_tab_says_what_the_next_game_still_needs() -> None:
    # building the gangs, the Characters tab counted the models only: a gang one revolver
    # short of controlled choice's five was told only on the Conflict tab, once g was
    # pressed there
    table = Table(3)
    table.execute(ChooseSetUp("campaign"))
    table.execute(FoundGang(ANN, "The Redeye Boys"))
    table.execute(FoundGang(BOB, "Sheriff's Men"))
    table.execute(Enlist(ANN, Recruit("Red Kate", LEADER, "Revolver", ("Quick",))))
    for n in range(4):
        table.execute(Enlist(ANN, Recruit(f"Ann's gun {n}", GUNSLINGER, "Revolver",
                                          hired=True)))
    table.execute(Enlist(BOB, Recruit("Marshal Dunn", LEADER, "Shotgun", ("Tough",))))
    for n in range(4):
        table.execute(Enlist(BOB, Recruit(f"Bob's gun {n}", GUNSLINGER, "Revolver",
                                          hired=True)))
    told = view.campaign_lines(table.state)
    assert ("Before game 1 (Controlled choice): Sheriff's Men: 4 models carry revolvers; "
            "hiring by choice needs at least 5.") in told, told
    table.execute(Enlist(BOB, Recruit("Bob's gun 4", GUNSLINGER, "Revolver", hired=True)))
    told = view.campaign_lines(table.state)
    assert "Both gangs are ready: g on the Conflict tab begins game 1." in told, told
    # while a game is played, and before any gang is founded, nothing of it is said
    assert not [line for line in view.campaign_lines(Table(3).state) if "game 1" in line]
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    assert not [line for line in view.campaign_lines(table.state) if "game 1" in line]


def test_every_step_says_more_in_the_palette_than_its_name() -> None:
    # ctrl+p listed "Characters: Found gang" over "Found gang", and the Conflict tab's
    # Advance, Rush, Interact, End game and Score the same: the line under a command's
    # name said nothing a new Dealer did not read in it already
    from textual.binding import Binding

    from gmscreen.games.devils_bluff.panes.characters import CharactersPane
    from gmscreen.games.devils_bluff.panes.conflict import ConflictPane

    bare = [(pane.__name__, binding.description)
            for pane in (CharactersPane, ConflictPane) for binding in pane.BINDINGS
            if isinstance(binding, Binding) and binding.description
            and binding.tooltip in ("", binding.description)]
    assert not bare, bare


def _blanks(form: Form) -> list[str]:
    """The drop-downs of `form` that offer "(none)"."""
    return [f.key for f in form.fields if f.kind == "select" and not f.required]


def test_a_drop_down_the_rules_want_filled_offers_no_none(tmp_path: Path) -> None:
    asyncio.run(_no_none(tmp_path))


async def _no_none(tmp_path: Path) -> None:
    # the Enlist form's Weapon offered "(none)" above the four guns, refused once sent as
    # "'' is not on the weapon list" (module line 103: one weapon from the list each); the
    # Set-up form's settings offered it too, read as the first rules' reading. Only the
    # Ability, which a level may leave empty, offers it
    campaign = fresh(tmp_path, ChooseSetUp("campaign"), FoundGang(ANN, "The Redeye Boys"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        assert _blanks(form) == ["ability"], _blanks(form)
        await pilot.press("escape")
        form = await opened(pilot, "m")
        assert _blanks(form) == [], _blanks(form)
        await pilot.press("escape")
    campaign.close()
    # in a game: the Recover's and the Test's Fear, the draw's player
    (tmp_path / "game").mkdir()
    campaign = campaign_sample(tmp_path / "game")
    tokened(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for key in ("c", "t", "D"):
            form = await opened(pilot, key)
            assert _blanks(form) == [], (key, _blanks(form))
            await pilot.press("escape")
            await pilot.pause()
    campaign.close()


def test_a_session_begun_with_a_game_carried_into_it_says_where_it_stands() -> None:
    # session 2 ended with game 3 carried into the next; session 3 began on the
    # Characters tab with "Session 3 begins." and no word of the game half-played
    from gmscreen.games.devils_bluff.aftermath import session_begun
    from tests.devils_bluff.helpers import campaign

    table = campaign()
    told = session_begun(table.state) or ""
    assert told.startswith("Under way: game 1, round 1 of 5, "), told
    assert told.endswith("it goes on on the Conflict tab."), told
    # between games with nothing open, nothing comes first
    assert session_begun(_gangs_made_in_the_session()[0].state) is None
