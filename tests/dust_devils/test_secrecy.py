"""What the table may not see yet never reaches it, at any step of a conflict: set up, the
Deal, the Draw, before and after the Call, bids, Difficulty, Stakes, fates and recovery.
A session of every kind of step is played by commands (a player folds, the Dealer folds,
a card is kept back at the Call, a recovery by a healer of the Dealer's, a character of
the Dealer's added to a set up and taken out before it opened, one never met), and after
every event the players' screen is checked against the Dealer's whole state; the table's
recap of each session, in every format, holds no card a hand kept (in that conflict's
paragraph), nothing of the Dealer's sheets and no character of his the table never met.
The Dealer's own copy holds them, so the checks could fail."""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gmscreen.core.cards import card_from_code
from gmscreen.games import rules_for
from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BidForNarration,
    Call,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    MakeCharacter,
    OpenConflict,
    RecordFate,
    SetSessionDevils,
    Sheet,
    TakeDifficulty,
    WithdrawEntrants,
)
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import FORMATS, Document, Paragraph, render
from tests.dust_devils.hidden import assert_table_keeps_hidden, hidden_facts
from tests.dust_devils.test_entering import DOC
from tests.dust_devils.test_session import new_campaign

#: a character of the Dealer's the table never meets: her name and her sheet are his
SALLY = Sheet('"Red" Sally', player=False, ratings=(1, 3, 2, 5),
              knacks=(("Entertainin'", 4),), traits=("Sweet as molasses",),
              devil="Sold her sister to a railroad boss", devil_rating=2,
              vocation="Saloon girl", back_story="Came west on the orphan train",
              notes="Knows who the hanged man was")


def played(folder: Path) -> Campaign[DustDevilsState]:
    """A session of every kind of step, played by commands, its cards typed."""
    campaign: Campaign[DustDevilsState] = open_campaign(new_campaign(folder), rules_for)
    for sheet in (DOC, SALLY):
        campaign.execute(MakeCharacter(sheet))
    campaign.start_session()
    campaign.execute(SetSessionDevils(tuple((w.name, 2) for w in campaign.state.players)))
    do = campaign.execute
    # Sally is added to a set up and taken out again before it opens: never met
    do(AddEntrant(Entrant(SALLY.name, "keep her secret", ("Eye", "Heart"))))
    do(AddEntrant(Entrant(JACK.name, "learn the hanged man's name", ("Eye", "Heart"),
                          knack="Snoopin'")))
    do(WithdrawEntrants((SALLY.name,)))
    do(AddEntrant(Entrant(JIM.name, "look on", ("Eye", "Heart"))))
    do(OpenConflict("Talk at the Red Roof", stud=5))
    do(Deal(((JACK.name, ("2s", "3d", "5h", "7c", "9s", "Jd", "Kh", "Qc")),
             (JIM.name, ("4s", "6d", "8h", "Tc", "As", "*")),
             ("Dealer", ("2c", "2d", "9h", "9c", "Ks")))))
    do(Fold(JIM.name))  # his six cards are never laid
    do(Draw(JACK.name, ("2s", "3d"), ("Kd", "Ac"), knack="Snoopin'"))
    do(Call(((JACK.name, ("Kh", "Kd", "Ac", "Qc", "Jd")),
             ("Dealer", ("2c", "2d", "9h", "9c", "Ks")))))
    do(BidForNarration(((JACK.name, 1),)))
    do(TakeDifficulty(JACK.name, (("Guts", 1), ("Eye", 2), ("Heart", 1))))
    do(EndConflict())
    # Long Tom's hand, dealt and drawn, never laid: the Dealer folds
    do(AddEntrant(Entrant(ZEKE.name, "make Long Tom own up", ("Hand", "Guts"),
                          knack="Wrestlin'")))
    do(AddEntrant(Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"), devil=2,
                          knack="Fightin'")))
    do(OpenConflict("At the jail", stakes=1))
    do(Deal(((ZEKE.name, ("3h", "3c", "7d", "7h", "Qd", "Qs", "4c", "5d")),
             (TOM.name, ("Jh", "Js", "Jc", "8c", "8d", "6h", "6s", "Th", "5c")))))
    do(Draw(TOM.name, ("6h",), ("4h",), knack="Fightin'"))
    do(DealerFolds())
    # the Doc, a healer without a Devil, mends Jack
    do(AddEntrant(Entrant(DOC.name, "mend Jack", ("Hand", "Eye"), knack="Doctorin'")))
    do(OpenConflict("Doc's back room", stud=5,
                    recovery=(JACK.name, (("Guts", 1), ("Eye", 2)))))
    do(Deal(((DOC.name, ("Ah", "Ad", "2h", "3s", "4d")),
             ("Dealer", ("5s", "6c", "8s", "Th", "7s")))))
    do(Call(((DOC.name, ("Ah", "Ad", "2h", "3s", "4d")),
             ("Dealer", ("5s", "6c", "8s", "Th", "7s")))))
    do(EndConflict())
    # Luke's flush of hearts takes Clara's Heart to 0; her next conflict using it is her
    # last, and her fate is recorded
    do(AddEntrant(Entrant(LUKE.name, "hear her out", ("Heart", "Guts"))))
    do(AddEntrant(Entrant(CLARA.name, "keep Merrill's secret", ("Heart", "Eye"))))
    do(OpenConflict("Clara's confession"))
    do(Deal(((LUKE.name, ("2h", "5h", "8h", "Jh", "Kh", "3s", "4s")),
             (CLARA.name, ("4c", "6d", "9s", "Qc", "7d", "2s", "Tc")))))
    do(Call(((LUKE.name, ("2h", "5h", "8h", "Jh", "Kh")),
             (CLARA.name, ("Qc", "Tc", "9s", "7d", "6d")))))
    do(TakeDifficulty(CLARA.name, (("Heart", 4),)))
    do(EndConflict())
    do(AddEntrant(Entrant(CLARA.name, "leave Last Oak", ("Heart", "Eye"))))
    do(AddEntrant(Entrant(LUKE.name, "see her off", ("Heart", "Hand"))))
    do(OpenConflict("The eastbound stage", stud=3))
    do(Deal(((CLARA.name, ("As", "Ks", "Qs", "Js", "Ts", "2d")),
             (LUKE.name, ("2c", "7c", "8d", "9d", "Jc", "6s")),
             ("Dealer", ("3c", "4h", "5d")))))
    do(Call(((CLARA.name, ("As", "Ks", "Qs", "Js", "Ts")),
             (LUKE.name, ("Jc", "9d", "8d", "7c", "6s")), ("Dealer", ("3c", "4h", "5d")))))
    do(TakeDifficulty(LUKE.name, (("Hand", 3),)))
    do(EndConflict())
    do(RecordFate(CLARA.name, "rides the eastbound stage and is never seen again"))
    campaign.end_session()
    return campaign


def _prefixes(campaign: Campaign[Any]) -> Iterator[DustDevilsState]:
    for seq in range(len(campaign.events) + 1):
        state: DustDevilsState = campaign.replay(seq).state
        yield state


def kept_by_conflict(campaign: Campaign[Any]) -> dict[str, set[str]]:
    """The cards each conflict's hands held and never laid (thrown, kept back, folded,
    or never called), by the conflict's title, as the players read them."""
    kept: dict[str, set[str]] = {}
    for state in _prefixes(campaign):
        conflict = state.conflict
        if conflict is None:
            continue
        laid = [code for p in conflict.participants for code in p.laid]
        held = kept.setdefault(conflict.title, set())
        for p in conflict.participants:
            unlaid = (Counter(p.hand) - Counter(p.laid)) + Counter(p.discarded)
            held.update(str(card_from_code(code)) for code in unlaid.elements()
                        if code != "*" or "*" not in laid)
    # a card kept at one step may be laid at a later one: only the never laid count
    for state in _prefixes(campaign):
        if state.conflict is not None:
            held = kept[state.conflict.title]
            held -= {str(card_from_code(c)) for p in state.conflict.participants
                     for c in p.laid}
    return kept


def _plain(text: str, fmt: str) -> str:
    """A rendered recap back to its words: escapes and the formats' marks taken out."""
    if fmt == "html":
        return html.unescape(re.sub(r"<[^>]+>", " ", text))
    if fmt == "bbcode":
        return re.sub(r"\[/?[a-z*]+\]", "", text)
    if fmt == "md":
        return re.sub(r"\\(.)", r"\1", text)
    return text


def secrets(campaign: Campaign[Any]) -> set[str]:
    """What the Dealer's sheets keep, over the whole session, and the names of his
    characters the table never met."""
    found: set[str] = set()
    for state in _prefixes(campaign):
        found |= hidden_facts(state) - {str(card_from_code(c)) for c in _all_cards(state)}
    final: DustDevilsState = campaign.state
    found |= {w.name for w in final.characters if not w.player and w.name not in final.met}
    return found


def _all_cards(state: DustDevilsState) -> set[str]:
    conflict = state.conflict
    if conflict is None:
        return set()
    return {c for p in conflict.participants for c in (*p.hand, *p.discarded)}


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign[Any]]:
    campaign = played(tmp_path_factory.mktemp("secrets"))
    yield campaign
    campaign.close()


def test_the_players_screen_keeps_every_step_hidden(session: Campaign[Any]) -> None:
    for state in _prefixes(session):
        assert_table_keeps_hidden(state)
    assert SALLY.name not in session.state.met
    clara = session.state.character(CLARA.name)
    assert clara is not None and clara.fate  # every step was played, the fate too


def _paragraphs(document: Document) -> dict[str, str]:
    return {b.lead: b.text for b in document.blocks if isinstance(b, Paragraph) and b.lead}


def test_the_tables_recap_in_every_format_keeps_it_hidden(session: Campaign[Any]) -> None:
    kept = kept_by_conflict(session)
    assert kept["At the jail"] and kept["Talk at the Red Roof"]
    hidden = secrets(session)
    assert SALLY.name in hidden and "Knows who the hanged man was" in hidden
    table = recap.build(session, 1, view)
    dealers = recap.build(session, 1, view, dealer=True)
    told = _paragraphs(table)
    assert set(told) == set(kept) == set(_paragraphs(dealers))
    for title, cards in kept.items():
        leaked = sorted(card for card in cards if card in told[title])
        assert not leaked, f"{title}: the table's recap shows {leaked}"
        # the Dealer's copy shows them: the check above could fail
        assert not cards or any(card in _paragraphs(dealers)[title] for card in cards), title
    for fmt in FORMATS:
        shown = _plain(render(table, fmt), fmt)
        leaked = sorted(fact for fact in hidden if fact in shown)
        assert not leaked, f"{fmt}: the table's recap shows {leaked}"
    dealer_shown = render(dealers, "txt")
    assert SALLY.name in dealer_shown


def test_a_dealers_loser_with_nothing_to_lose_stays_waited_on_for_the_table() -> None:
    # Zeke, the Dealer's here, is at Guts 0, and the flush of clubs deals from Guts alone:
    # nothing is waited on from him (line 295), but the table never saw his sheet, and his
    # leaving the list of losers to place would tell it he is at 0 there
    from dataclasses import replace

    from gmscreen.games.dust_devils import resolution
    from tests.dust_devils.game import Table

    table = Table()
    table.do(MakeCharacter(replace(ZEKE, player=False, ratings=(5, 3, 0, 2), chips=0)))
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetSessionDevils(((JACK.name, 2),)))
    table.do(OpenConflict("A card sharp's stare", (
        Entrant(ZEKE.name, "win the pot", ("Hand", "Eye")),
        Entrant(JACK.name, "win the pot", ("Hand", "Eye"))), stud=5))
    zeke = ("2h", "3d", "9s", "Jd", "Qh", "4s", "6s", "8d")
    jack = ("2c", "5c", "7c", "9c", "Kc", "5s", "7h")
    stud = ("3h", "4d", "Ts", "Kd", "Ah")
    table.do(Deal(((ZEKE.name, zeke), (JACK.name, jack), ("Dealer", stud))))
    table.do(Call(((ZEKE.name, zeke[:5]), (JACK.name, jack[:5]), ("Dealer", stud))))
    assert resolution.losers_waiting(table.state) == ()
    assert resolution.why_not_end(table.state) is None  # the Dealer is not held up
    known = view.table_knows(table.state).conflict
    assert known is not None and known.to_place == (ZEKE.name,)
    shown = view.table_stands(view.table_knows(table.state), leaving=True) or ""
    assert f"Difficulty for {ZEKE.name} to place" in shown


def test_a_met_non_player_characters_name_put_right_is_told_the_table_once() -> None:
    # the table met Tom under the name typed wrong, and sees the name put right on its
    # screen: the recap says so, once, and nothing else of his sheet. One not yet met is
    # renamed in silence: the table never heard either name
    from dataclasses import replace

    from gmscreen.games.dust_devils.commands import ChangeCharacter
    from gmscreen.games.dust_devils.sample import MERRILL
    from tests.dust_devils.game import hanged_man_table

    table = hanged_man_table()
    table.do(OpenConflict("At the jail", (Entrant(ZEKE.name, "get in", ("Hand", "Guts")),
                                          Entrant(TOM.name, "keep him out", ("Hand", "Guts")))))
    table.do(DealerFolds())
    told = [view.table_tells(e) for e in table.do(ChangeCharacter(TOM.name, replace(
        TOM, name="Tom Merriwether", devil="Afraid of the dark")))]
    assert told == [f"{TOM.name} goes by Tom Merriwether now"]
    assert all(view.table_tells(e) is None for e in table.do(ChangeCharacter(
        MERRILL.name, replace(MERRILL, name="Merrill Randolf"))))
    assert all(view.table_tells(e) is None for e in table.do(ChangeCharacter(
        "Tom Merriwether", replace(TOM, name="Tom Merriwether", devil="Afraid of all"))))
