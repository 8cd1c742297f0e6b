"""A session's recap: for the table nothing hidden, for the Dealer all of it; totals from the
states at the session's start and end."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.games import rules_for, view_of
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from tests.high_card import RULES, view
from tests.high_card.commands import Ante, Deal, Seat, Show
from tests.high_card.state import HighCardState

SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "samples-cb5e155"


def played(folder: Path) -> Campaign[HighCardState]:
    store = JournalStore.create(folder / "saloon.toml", new_header("high-card", "Saloon", 3))
    table = Campaign.load(RULES, store.load(), store)
    table.execute(Seat("Zeke", 10))
    table.start_session()
    table.execute(Seat("Ma", 10))
    table.execute(Ante("Zeke", 2))
    table.execute(Ante("Ma", 3))
    table.execute(Deal(tuple(parse_cards("Qd 7c"))))
    table.note("Ma swears the deck is marked.")
    table.execute(Show())
    table.execute(Ante("Ma", 1))
    table.undo()  # taken back: not in the story
    table.end_session()
    return table


def test_the_tables_recap_tells_what_the_table_saw(tmp_path: Path) -> None:
    document = recap.build(played(tmp_path), 1, view)
    text = render(document, "txt")
    assert text.startswith("Saloon: session 1\n")
    assert "At the table" in text and "- Zeke" in text and "- Ma" in text
    assert ("A hand.\nZeke anted 2. Ma anted 3. A card each went face down to Zeke, Ma. "
            "Zeke showed the high card and took 5.") in text
    assert "Q♦" not in text and "7♣" not in text
    assert "Ma anted 1" not in text
    assert "- Zeke: 10 to 13 chips" in text and "- Ma: 0 to 7 chips" in text
    assert "marked" not in text  # the Dealer's own note


def test_the_dealers_recap_tells_all(tmp_path: Path) -> None:
    text = render(recap.build(played(tmp_path), 1, view, dealer=True), "md")
    assert "Q♦" in text and "Ma swears the deck is marked" in text


def test_the_dealers_recap_marks_the_notes_the_table_never_heard(tmp_path: Path) -> None:
    table = played(tmp_path)
    table.start_session()
    table.note("The stage is late.", public=True)
    table.note("The driver is paid off.")
    table.end_session()
    dealers = render(recap.build(table, 2, view, dealer=True), "txt")
    assert "- The stage is late.\n" in dealers
    assert "- The driver is paid off. (yours alone)" in dealers
    tables = render(recap.build(table, 2, view), "txt")
    assert "The stage is late." in tables and "paid off" not in tables
    assert "yours alone" not in tables


def test_what_a_session_takes_up_and_leaves_is_told_apart(tmp_path: Path) -> None:
    table = played(tmp_path)
    table.start_session()
    table.execute(Ante("Zeke", 1))
    table.execute(Ante("Ma", 1))
    table.execute(Deal(tuple(parse_cards("2h 9s"))))
    table.end_session(under_way="carry")  # the hand is left down, to be shown next time
    table.start_session()
    table.execute(Show())
    table.end_session()
    two, three = (render(recap.build(table, n, view), "txt") for n in (2, 3))
    assert "Goes on next session\n--------------------\n\nA hand dealt to Zeke, Ma, not yet " \
        "shown.\n" in two
    assert "Taken up from the session before" not in two
    assert "Taken up from the session before\n--------------------------------\n\nA hand " \
        "dealt to Zeke, Ma, not yet shown.\n" in three
    assert three.index("Taken up") < three.index("What happened")
    assert "Goes on next session" not in three
    assert "9♠" not in two + three  # the cards stay down in the table's copy
    # a session still being played leaves nothing yet, though a hand is down now
    table.start_session()
    table.execute(Ante("Zeke", 1))
    table.execute(Ante("Ma", 1))
    table.execute(Deal(tuple(parse_cards("3h 4s"))))
    assert "Goes on next session" not in render(recap.build(table, 4, view), "txt")


def test_a_session_not_played_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="no session 4 \\(sessions played: 1; 0 tells the "
                                        "play before the first\\)"):
        recap.build(played(tmp_path), 4, view)


def test_play_before_the_first_session_is_told_as_session_0(tmp_path: Path) -> None:
    store = JournalStore.create(tmp_path / "skirmish.toml", new_header("high-card", "Out", 3))
    table = Campaign.load(RULES, store.load(), store)
    with pytest.raises(RuleError, match="no session 0 \\(sessions played: none yet\\)"):
        recap.build(table, 0, view)
    table.execute(Seat("Zeke", 10))
    table.execute(Seat("Ma", 10))
    table.execute(Ante("Zeke", 2))
    assert recap.sessions_of(table) == [0]
    text = render(recap.build(table, 0, view), "txt")
    assert text.startswith("Out: before the first session\n")
    assert "Zeke anted 2." in text
    # made ready, at home or at the table before it sat down to play: not "played"
    assert "\n\nMade ready on " in text and "Played" not in text, text
    assert "Ready for the first session\n" in text and "At the table" not in text, text
    table.start_session()
    table.execute(Ante("Ma", 3))
    assert recap.sessions_of(table) == [0, 1]
    assert "Ma anted 3" not in render(recap.build(table, 0, view), "txt")
    assert "Zeke anted 2" not in render(recap.build(table, 1, view), "txt")


def test_what_is_done_after_a_session_ends_is_told_as_its_aftermath(tmp_path: Path) -> None:
    table = played(tmp_path)
    table.execute(Seat("Doc", 4))  # between sessions: a newcomer takes a seat
    table.execute(Ante("Zeke", 1))
    table.note("Doc rides in at dawn.", public=True)
    text = render(recap.build(table, 1, view), "txt")
    # as the players' screen marks it: the table did not hear it at this session's table
    assert "- Doc rides in at dawn. (between sessions)" in text, text
    story, _, rest = text.partition("What happened")[2].partition("After the session\n")
    assert "Zeke showed the high card and took 5." in story and "Doc" not in story
    assert rest.startswith("-----------------\n\nDoc sat down with 4 chips.\n\nA hand.\n"
                           "Zeke anted 1.")
    assert "- Zeke: 10 to 12 chips" in text  # the totals count it
    cast = text.partition("At the table\n")[2].partition("What happened")[0]
    assert "- Zeke" in cast and "Doc" not in cast  # he sat down once the table had risen
    table.start_session()
    table.execute(Ante("Doc", 2))
    assert "Doc anted 2" not in render(recap.build(table, 1, view), "txt")
    told = render(recap.build(table, 2, view), "txt")
    assert "Doc anted 2" in told and "Zeke anted 1" not in told and "After the session" \
        not in told


def test_an_event_of_the_same_episode_goes_on_in_the_paragraph_it_falls_in(
        tmp_path: Path) -> None:
    import types
    same = types.ModuleType("same_episode_view")
    same.__dict__.update(view.__dict__)
    # a newcomer sitting down mid-hand is told in the hand's paragraph
    same.episode = lambda event: (  # type: ignore[attr-defined]
        recap.SAME_EPISODE if event.kind == "high_card.player_seated" else "A hand.")
    table = played(tmp_path)
    table.start_session()
    table.execute(Ante("Zeke", 1))
    table.execute(Seat("Doc", 4))
    table.execute(Ante("Ma", 1))
    table.end_session(under_way="carry")
    text = render(recap.build(table, 2, same), "txt")
    assert "A hand.\nZeke anted 1. Doc sat down with 4 chips. Ma anted 1.\n" in text
    assert text.count("A hand.") == 1
    plain = render(recap.build(table, 2, view), "txt")  # None: a paragraph of its own
    assert plain.count("A hand.") == 2


def test_a_table_tells_that_asks_is_given_what_the_table_knows_at_the_end(
        tmp_path: Path) -> None:
    """`table_tells(event, known)`: the words for an event may hang on who a name belongs
    to, which an older journal's event may not say; the recap gives what the table knows
    once the session is over (Doc, seated during it, is known to each of its events)."""
    import types
    knowing = types.ModuleType("knowing_view")
    knowing.__dict__.update(view.__dict__)

    def table_tells(event: object, known: view.TableKnows) -> str | None:
        told = view.table_tells(event)  # type: ignore[arg-type]
        return told and f"{told} ({len(known.players)} seated)"

    knowing.table_tells = table_tells  # type: ignore[attr-defined]
    table = played(tmp_path)
    table.start_session()
    table.execute(Ante("Zeke", 1))
    table.execute(Seat("Doc", 4))
    table.end_session(under_way="carry")
    told = render(recap.build(table, 2, knowing), "txt")
    assert "Zeke anted 1 (3 seated)." in told and "Doc sat down with 4 chips (3 seated)." \
        in told, told
    plain = render(recap.build(table, 2, view), "txt")  # the event alone, as before
    assert "Zeke anted 1." in plain, plain


def test_a_table_tells_that_asks_is_told_what_was_done_with_no_table_sat_down(
        tmp_path: Path) -> None:
    """`table_tells(event, *, away)`: what the Dealer did before the first session and
    between sessions is his preparation, which a game may tell the table by its outcome
    alone; what was done at the table is not."""
    import types
    asking = types.ModuleType("asking_view")
    asking.__dict__.update(view.__dict__)

    def table_tells(event: object, *, away: bool) -> str | None:
        told = view.table_tells(event)  # type: ignore[arg-type]
        return told and f"{told} ({'at home' if away else 'at the table'})"

    asking.table_tells = table_tells  # type: ignore[attr-defined]
    store = JournalStore.create(tmp_path / "saloon.toml", new_header("high-card", "S", 3))
    table = Campaign.load(RULES, store.load(), store)
    table.execute(Seat("Zeke", 10))
    table.start_session()
    table.execute(Seat("Ma", 10))
    table.end_session()
    table.execute(Seat("Doc", 4))
    before = render(recap.build(table, 0, asking), "txt")
    assert "Zeke sat down with 10 chips (at home)." in before, before
    told = render(recap.build(table, 1, asking), "txt")
    story, _, after = told.partition("After the session")
    assert "Ma sat down with 10 chips (at the table)." in story, told
    assert "Doc sat down with 4 chips (at home)." in after, told
    dealers = render(recap.build(table, 1, asking, dealer=True), "txt")
    assert "at home" not in dealers  # the Dealer's copy tells every step by its log line


def test_lines_in_a_row_under_one_lead_share_it(tmp_path: Path) -> None:
    """"Session's end: Zeke recovers 1 Eye. Session's end: Jack stays at 0 Guts." read as
    the lead said twice: the recap says it once, as the end-of-session question does."""
    import types
    leading = types.ModuleType("leading_view")
    leading.__dict__.update(view.__dict__)

    def table_tells(event: object) -> str | None:
        told = view.table_tells(event)  # type: ignore[arg-type]
        return told and f"At the bar: {told}"

    leading.table_tells = table_tells  # type: ignore[attr-defined]
    table = played(tmp_path)
    told = render(recap.build(table, 1, leading), "txt")
    assert "At the bar: Zeke anted 2; Ma anted 3; " in told, told
    assert told.count("At the bar:") == 2, told  # once a paragraph (the hand's own is one)


@pytest.mark.parametrize("sample,whose", [
    ("the-hanged-man.toml", "the Dealer's copy"),
    ("fistful-dalton-boys.toml", "the Judge's copy"),
    ("dust-fifteen.toml", "the moderator's copy"),
    ("devils-bluff-one-off.toml", "the full copy"),  # the players run it themselves
])
def test_the_whole_recap_is_named_for_who_runs_the_table(
        tmp_path: Path, sample: str, whose: str) -> None:
    path = tmp_path / sample
    shutil.copy(SAMPLES / sample, path)
    campaign = open_campaign(path, rules_for)
    whole = render(recap.build(campaign, 1, view_of(campaign.rules), dealer=True), "txt")
    assert whole.startswith(f"{campaign.name}: session 1 ({whose})\n")
    table = render(recap.build(campaign, 1, view_of(campaign.rules)), "txt")
    assert table.startswith(f"{campaign.name}: session 1\n")
    campaign.close()


def test_a_session_end_taken_back_is_logged_by_the_session_ending(tmp_path: Path) -> None:
    # it was named by its first event, the note of what goes on next session
    table = played(tmp_path)
    table.start_session()
    table.execute(Ante("Zeke", 1))
    table.execute(Ante("Ma", 1))
    table.execute(Deal(tuple(parse_cards("2h 9s"))))
    table.end_session(under_way="carry")
    table.undo()
    assert table.describe(table.events[-1]).startswith("Undid: Session 2 ends.")


def test_the_dealers_recap_tells_an_event_in_the_games_dealer_words_where_it_lends_them(
        tmp_path: Path) -> None:
    # a game whose log line holds back a card, as its players read the Dealer's screen too,
    # lends the Dealer's copy its whole words; where it lends none (None), the log line
    lent = ModuleType("lent")
    lent.__dict__.update(vars(view))

    def dealer_tells(event: Event) -> str | None:
        if event.kind == "high_card.dealt":
            return "The Dealer dealt " + " and ".join(event.data["cards"]) + " face down"
        if event.kind == "high_card.shown":
            raise ValueError("a damaged event")  # the log line tells it instead
        return None

    lent.dealer_tells = dealer_tells  # type: ignore[attr-defined]
    campaign = played(tmp_path)
    dealer = render(recap.build(campaign, 1, lent, dealer=True), "txt")
    assert "The Dealer dealt Qd and 7c face down." in dealer
    shown = next(e for e in campaign.events if e.kind == "high_card.shown")
    anted = next(e for e in campaign.events if e.kind == "high_card.anted")
    assert campaign.describe(shown) in dealer and campaign.describe(anted) in dealer
    # the table's copy is as it was
    assert render(recap.build(campaign, 1, lent), "txt") == render(
        recap.build(campaign, 1, view), "txt")
