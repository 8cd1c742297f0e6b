"""The recap over sessions: what a session takes up from the one before ("Taken up from the
session before") and what it leaves to the next ("Goes on next session"): a conflict under
way with its Stakes and step, the open threads, damage carried over, the Road to Hell, and
the Devil ratings to set first; nothing where nothing is carried, and in the table's copy
never a card held and not laid, nor anything of the Dealer's sheets."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    OpenConflict,
    RuleCarryOver,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import as_text
from tests.dust_devils.hidden import cards_not_laid, hidden_facts
from tests.dust_devils.test_session import JAIL, jail_at_the_draw, play_to_the_call

TOOK, GOES = "Taken up from the session before", "Goes on next session"
JAIL_AT_THE_DRAW = (f'The conflict "{JAIL}" (at the Draw), Stakes 1: {ZEKE.name} and '
                    f"{TOM.name} still to draw")
DEVILS_NEXT = (f"each player sets the Devil rating for session 2 first: {JIM.name}, "
               f"{JACK.name}, {LUKE.name}; {ZEKE.name}: once the conflict carried over ends")


def _text(campaign: Campaign[Any], session: int, *, dealer: bool = False) -> str:
    return render(build(campaign, session, view, dealer=dealer), "txt")


def _part(text: str, heading: str) -> str:
    """The paragraph under `heading` in a recap told as plain text ("" where none is)."""
    found = re.search(rf"{re.escape(heading)}\n-+\n\n(.*?)\n", text)
    return found.group(1) if found else ""


def _finish_the_jail(campaign: Campaign[DustDevilsState]) -> tuple[str, ...]:
    """Both hands stand pat, the Call lays their best, each loser places Difficulty as the
    form offers it, and the conflict ends; the losers' names."""
    campaign.execute(Draw(ZEKE.name, (), ()))
    campaign.execute(Draw(TOM.name, (), ()))
    losers = play_to_the_call(campaign)
    campaign.execute(EndConflict())
    return losers


def test_a_conflict_carried_over_goes_on_next_session_and_is_taken_up_there(
        tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    held = cards_not_laid(campaign.state)
    assert held  # Zeke's and Long Tom's hands, dealt and not laid
    campaign.end_session(under_way="carry")
    one = _text(campaign, 1)
    assert _part(one, GOES) == f"{JAIL_AT_THE_DRAW}; {DEVILS_NEXT}."
    assert TOOK not in one  # the first session takes nothing up
    # the story comes before what goes on, what was won and lost too
    assert one.index("What happened") < one.index(GOES)
    campaign.start_session()
    campaign.execute(Draw(ZEKE.name, (), ()))
    two = _text(campaign, 2)
    # the Devils are the next session's first step, not what it took up
    assert _part(two, TOOK) == f"{JAIL_AT_THE_DRAW}."
    assert two.index(TOOK) < two.index("What happened")
    # the Dealer's copy says the cards each hand holds; the table's never does
    dealers = _part(_text(campaign, 2, dealer=True), TOOK)
    assert dealers.startswith(JAIL_AT_THE_DRAW)
    assert all(card in dealers for card in held)
    hidden = hidden_facts(campaign.state) | set(held)
    parts = [part for told in (_text(campaign, 1), _text(campaign, 2))
             for part in (_part(told, TOOK), _part(told, GOES)) if part]
    assert len(parts) == 2  # session 2 runs still: nothing is left to the next yet
    assert GOES not in _text(campaign, 2)
    assert not [fact for part in parts for fact in hidden if fact in part]
    campaign.close()


def test_a_conflict_at_the_call_says_whose_difficulty_is_still_to_place(
        tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.execute(Draw(ZEKE.name, (), ()))
    campaign.execute(Draw(TOM.name, (), ()))
    assert view.table_stands(view.table_knows(campaign.state)) == (
        f'the conflict "{JAIL}" (at the Draw), Stakes 1: the Call next')
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    called = campaign.state.conflict
    assert called is not None
    losers = [p.name for p in called.active if p.name not in called.winners]
    assert view.table_stands(view.table_knows(campaign.state)) == (
        f'the conflict "{JAIL}" (after the Call), Stakes 1: Difficulty for '
        f"{' and '.join(losers)} to place")
    campaign.close()


def test_a_conflict_left_off_is_an_open_thread_taken_up_and_left_again(
        tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.end_session(under_way="abandon")
    threads = f'open threads: "{JAIL}"'
    one = _text(campaign, 1)
    assert _part(one, GOES) == (
        f"{threads[:1].upper()}{threads[1:]}; "
        f"each player sets the Devil rating for session 2 first: {JIM.name}, {ZEKE.name}, "
        f"{JACK.name}, {LUKE.name}.")
    campaign.start_session()
    assert _part(_text(campaign, 2), TOOK) == f'Open threads: "{JAIL}".'
    campaign.close()


def test_damage_carried_over_and_the_road_to_hell_go_on(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.execute(RuleCarryOver(True))
    losers = _finish_the_jail(campaign)
    state = campaign.state
    # while the session runs, the damage the Dealer ruled carries over goes on
    players = [n for n in losers if (w := state.character(n)) is not None and w.player]
    npcs = [n for n in losers if n not in players]
    campaign.end_session()
    one, dealers = _text(campaign, 1), _text(campaign, 1, dealer=True)
    goes, dealer_goes = _part(one, GOES), _part(dealers, GOES)
    for name in players:
        who = campaign.state.character(name)
        assert who is not None
        lost = [f"{r - v} {a}" for a, v, r in zip(("Hand", "Eye", "Guts", "Heart"),
                                                  who.values, who.ratings, strict=True)
                if 0 < v < r]
        if lost:
            assert f"{name} keeps {', '.join(lost)} lost" in goes
        if 0 in who.values:
            assert f"on the Road to Hell: {name}" in goes
    assert "as the Dealer ruled" in goes
    # a non-player character's losses are the Dealer's: his copy alone says them
    for name in npcs:
        assert name not in goes and name in dealer_goes
    campaign.start_session()
    two = _text(campaign, 2)
    # what the session took up is what the last one left, but for the Devils set since
    assert goes.startswith(_part(two, TOOK).removesuffix("."))
    campaign.close()


def test_a_session_with_nothing_carried_has_neither_part(tmp_path: Path) -> None:
    assert view.table_stands(view.table_knows(DustDevilsState())) is None
    assert view.dealer_stands(DustDevilsState(), leaving=True) is None
    campaign = jail_at_the_draw(tmp_path)
    _finish_the_jail(campaign)
    state = campaign.state
    assert not state.open_threads and not any(w.on_last_leg for w in state.characters)
    campaign.end_session()
    campaign.start_session()
    for session in (1, 2):
        for dealer in (False, True):
            told = _text(campaign, session, dealer=dealer)
            assert TOOK not in told and GOES not in told
    campaign.close()


def test_a_conflict_at_the_deal_names_its_hands_and_the_stud(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.execute(DealerFolds())  # the jail ends unresolved: an open thread
    campaign.execute(OpenConflict("A hand of faro", (
        Entrant(JACK.name, "clean out the table", ("Eye", "Heart")),), stud=5))
    told = ('the conflict "A hand of faro" (at the Deal), no Stakes, against the Dealer\'s '
            f'Five Card Stud: the cards to deal to {JACK.name} and the Dealer; open threads: '
            f'"{JAIL}"')
    assert campaign.under_way is not None and told.startswith(campaign.under_way)
    assert view.table_stands(view.table_knows(campaign.state)) == told
    assert view.dealer_stands(campaign.state) == told
    # dealt, Jack may draw; the stud hand redraws only by an award, and is not waited for
    campaign.execute(Deal(((JACK.name, ("2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h")),
                           ("Dealer", ("2s", "3s", "4s", "5s", "7c")))))
    assert view.table_stands(view.table_knows(campaign.state)) == (
        'the conflict "A hand of faro" (at the Draw), no Stakes, against the Dealer\'s Five '
        f'Card Stud: {JACK.name} still to draw; open threads: "{JAIL}"')
    campaign.execute(Draw(JACK.name, (), ()))
    assert view.table_stands(view.table_knows(campaign.state)) == (
        'the conflict "A hand of faro" (at the Draw), no Stakes, against the Dealer\'s Five '
        f'Card Stud: the Call next; open threads: "{JAIL}"')
    dealers = view.dealer_stands(campaign.state)
    assert dealers is not None and "the Dealer holds 2♠ 3♠ 4♠ 5♠ 7♣" in dealers
    campaign.close()


def test_the_tables_words_never_hold_a_hidden_thing_at_any_step(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    for seq in range(len(campaign.events) + 1):
        state: DustDevilsState = campaign.replay(seq).state
        hidden = hidden_facts(state)
        for leaving in (False, True):
            told = view.table_stands(view.table_knows(state), leaving=leaving) or ""
            assert not [fact for fact in hidden if fact in told], seq
    campaign.close()


def test_the_road_to_hell_and_the_dealers_own_losses(tmp_path: Path) -> None:
    campaign = jail_at_the_draw(tmp_path)
    campaign.end_session(under_way="abandon")
    state = campaign.state
    zeke, tom = state.character(ZEKE.name), state.character(TOM.name)
    assert zeke is not None and tom is not None
    # Zeke at 0 Guts with his last conflict over, Long Tom two Hand down
    state = replace(state, characters=tuple(
        replace(w, values=(5, 3, 0, 2), fate_due=True) if w is zeke
        else replace(w, values=(1, 2, 4, 2)) if w is tom else w for w in state.characters))
    table = view.table_stands(view.table_knows(state))
    assert table == (f'open threads: "{JAIL}"; on the Road to Hell: {ZEKE.name} at 0 Guts, '
                     "the fate to record")
    # the Dealer's copy says his own character's losses, which the table never saw
    assert view.dealer_stands(state) == (
        f'open threads: "{JAIL}"; damage carried over: {TOM.name} keeps 2 Hand lost; on the '
        f"Road to Hell: {ZEKE.name} at 0 Guts, the fate to record")
    campaign.close()



def _jack_beats_tom(campaign: Campaign[DustDevilsState], jack: tuple[str, ...],
                    split: tuple[tuple[str, int], ...]) -> None:
    """Black Jack's first five cards beat Long Tom, the Dealer's (Hand 3, Eye 2), who
    places `split`; the conflict is left at its end."""
    campaign.execute(DealerFolds())  # the jail conflict: an open thread
    campaign.execute(OpenConflict("Jack calls the sheriff out", (
        Entrant(JACK.name, "see him crawl", ("Hand", "Eye")),
        Entrant(TOM.name, "run him out of town", ("Hand", "Guts")))))
    tom = ("5c", "6h", "8c", "10h", "Jc", "Qd", "3c")
    campaign.execute(Deal(((JACK.name, jack), (TOM.name, tom))))
    campaign.execute(Call(((JACK.name, jack[:5]), (TOM.name, ("Qd", "Jc", "10h", "8c", "6h")))))
    campaign.execute(TakeDifficulty(TOM.name, split, told="shot through the hand"))


def test_the_tables_recap_keeps_the_dealers_character_at_0_to_the_dealer(
        tmp_path: Path) -> None:
    # the table saw Long Tom lose 3 Hand and 1 Eye, and never his sheet: that this took
    # all his Hand, so that no session's end gives it back (the Road to Hell), is the
    # Dealer's to know, as the players' screen keeps it (no "last leg" beside him, no "at
    # 0" under his loss). The session's end told the table's recap "Long Tom recovers 1
    # Eye" and "Long Tom stays at 0 Hand, on the Road to Hell"
    campaign = jail_at_the_draw(tmp_path)
    _jack_beats_tom(campaign, ("4s", "4d", "9s", "9d", "Kh", "2c", "3h"),
                    (("Hand", 3), ("Eye", 1)))
    campaign.execute(EndConflict())
    campaign.end_session()
    table, dealer = _text(campaign, 1), _text(campaign, 1, dealer=True)
    assert f"{TOM.name} recovers 1 Eye" in dealer and f"{TOM.name} stays at 0 Hand" in dealer
    assert f"{TOM.name} loses 3 Hand, 1 Eye: shot through the hand" in table
    assert f"{TOM.name} recovers" not in table and f"{TOM.name} stays at 0" not in table
    campaign.close()


def test_the_tables_outcome_keeps_the_dealers_character_at_0_to_the_dealer(
        tmp_path: Path) -> None:
    # Jack's flush of spades deals 5 points from Hand; Long Tom, at Hand 3, places 3. The
    # Dealer reads that this is all his Hand holds; the table reads the 3 points he lost
    # and not that he is at 0 (it read "all that Hand holds")
    campaign = jail_at_the_draw(tmp_path)
    _jack_beats_tom(campaign, ("2s", "5s", "7s", "9s", "Ks", "3d", "4h"), (("Hand", 3),))
    dealers = (f"Winning combination K♠ 9♠ 7♠ 5♠ 2♠ deals 5 points from Hand: {TOM.name} "
               "loses 3, all that Hand holds.")
    assert dealers in view.conflict_lines(campaign.state)
    table = as_text(view.table_sections(view.table_knows(campaign.state)))
    assert (f"Winning combination K♠ 9♠ 7♠ 5♠ 2♠ deals 5 points from Hand: {TOM.name} "
            "loses 3.") in table
    assert "all that" not in table
    campaign.close()
