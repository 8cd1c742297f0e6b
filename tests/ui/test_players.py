"""The players' screen: only what the table may see, following the Dealer's journal live,
writing nothing, blank while the curtain is drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen import paths
from gmscreen.core.cards import parse_cards
from gmscreen.games import rules_for
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.journal.follow import Follower, curtain_of
from gmscreen.journal.sections import Lines
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.players import PlayersApp, curtain_words, header_words, what_the_table_sees
from tests.high_card import RULES
from tests.high_card.commands import Ante, Deal, Seat, Show
from tests.pilot import screen_text, synchronous, until


def saloon(folder: Path, name: str = "Saloon") -> tuple[Path, Campaign[Any]]:
    """A new High Card campaign in `folder`, and the Dealer's hold on it."""
    path = folder / "saloon.toml"
    store = JournalStore.create(path, new_header("high-card", name, 3))
    return path, Campaign.load(RULES, store.load(), store)


@synchronous
async def test_it_follows_the_dealer_and_never_shows_a_card_face_down(tmp_path: Path) -> None:
    path, dealer = saloon(tmp_path)
    dealer.execute(Seat("Zeke", 10))
    follower = Follower(path, lambda game: RULES)
    before = sorted(p.name for p in tmp_path.iterdir())
    app = PlayersApp(path, follower=follower)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Zeke" in screen_text(app))
        assert "Saloon · High Card · Before the first session" in screen_text(app)
        for command in (Seat("Ma", 10), Ante("Zeke", 2), Ante("Ma", 3),
                        Deal(tuple(parse_cards("Qd 7c")))):
            dealer.execute(command)
        await until(pilot, lambda: "face down" in screen_text(app), seconds=3)
        shown = screen_text(app)
        assert "Q♦" not in shown and "7♣" not in shown and "5 chips" in shown
        curtain_of(path).touch()
        await until(pilot, lambda: "The Dealer has drawn the curtain." in screen_text(app),
                    seconds=3)
        assert "Zeke" not in screen_text(app)
        curtain_of(path).unlink()
        dealer.execute(Show())
        await until(pilot, lambda: "Zeke took the pot with Q♦" in screen_text(app), seconds=3)
        dealer.undo()
        await until(pilot, lambda: "No show yet" in screen_text(app), seconds=3)
        # the Dealer's clocks: only one shown to the table reaches this screen
        dealer.execute(MakeClock("The marshal rides in", 4))
        dealer.execute(MakeClock("The deck is marked", 6, public=True))
        dealer.execute(TickClock("The deck is marked", 2, "Ma swears so"))
        await until(pilot, lambda: "The deck is marked" in screen_text(app), seconds=3)
        assert "The marshal" not in screen_text(app)
    dealer.close()
    # nothing of the viewer's own beside the journal (the Dealer's lock went with him)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        name for name in before if not name.endswith(".lock")]


@synchronous
async def test_a_wide_screen_has_the_clocks_beside_the_tables_and_a_short_one_small_dials(
        tmp_path: Path) -> None:
    path, dealer = saloon(tmp_path)
    dealer.execute(Seat("Zeke", 10))
    dealer.execute(MakeClock("The deck is marked", 6, public=True))
    dealer.execute(TickClock("The deck is marked", 1, "Ma swears so"))
    dealer.close()
    for size, beside, small in (((160, 45), True, ""), ((80, 24), False, "-line"),
                                ((80, 34), False, "-small"), ((200, 25), True, "-line")):
        app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: bool(app.query("ClockFace")))  # noqa: B023 (awaited here)
            await pilot.pause()
            face = app.query_one("#players-clocks ClockFace").region
            tables = app.query_one("#players-view").region
            assert (tables.x >= face.right and tables.y <= face.y) is beside, size
            assert (tables.y >= face.bottom) is not beside, size
            shown = app.query_one("#players-clocks ClockFace")
            assert [c for c in ("-line", "-tiny", "-small") if shown.has_class(c)] == (
                [small] if small else []), size
            if small == "-line":
                # a line and its words, no dial: a 5-row dial took a quarter of 24 rows
                assert shown.region.height <= 3, size
                assert "The deck is marked  ■□□□□□  1 of 6" in screen_text(app)


def test_the_curtain_is_drawn_by_who_runs_the_table() -> None:
    assert curtain_words("Judge") == "The Judge has drawn the curtain."
    assert curtain_words(rules_for("dust").referee) == "The moderator has drawn the curtain."
    assert curtain_words(rules_for("devils-bluff").referee) == "The curtain is drawn."


@synchronous
async def test_the_players_screen_takes_the_keys_set_in_settings(tmp_path: Path) -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text('[keys]\n"players.quit" = "ctrl+x"\n', encoding="utf-8")
    path = tmp_path / "saloon.toml"
    store = JournalStore.create(path, new_header("high-card", "Saloon", 3))
    store.close()
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running  # ctrl+q is no longer the players' screen's quit
        await pilot.press("ctrl+x")
        await until(pilot, lambda: not app.is_running)


@synchronous
async def test_the_players_screen_opens_in_the_dealers_theme_and_never_saves_one(
        tmp_path: Path) -> None:
    # a table by a window runs the light theme: the players' screen opened in the western
    # one at every start (Dust's round 26 helper)
    settings = paths.settings_file()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('theme = "textual-light"\n', encoding="utf-8")
    path = tmp_path / "saloon.toml"
    JournalStore.create(path, new_header("high-card", "Saloon", 3)).close()
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "textual-light"
        await pilot.press("ctrl+t")
        await until(pilot, lambda: app.theme != "textual-light")
    assert settings.read_text(encoding="utf-8") == 'theme = "textual-light"\n'


@synchronous
async def test_a_phone_has_every_clock_and_its_words_within_its_width(tmp_path: Path) -> None:
    """A phone held upright (43 columns by 46 rows, as `gmscreen serve` draws it at 390 by
    844 pixels): two clocks stand one under the other rather than running off the right,
    each a line, its words wrapped within the width (a dial, drawn smaller, still took ten
    rows of the 46 above what the table must act on)."""
    path = tmp_path / "dalton.toml"
    path.write_bytes((paths.samples_dir() / "fistful-dalton-boys.toml").read_bytes())
    store = JournalStore.open(path)
    dealer: Campaign[Any] = Campaign.load(rules_for("fistful"), store.load(), store)
    dealer.execute(MakeClock("The posse rides north", 6, public=True))
    dealer.close()
    app = PlayersApp(path, follower=Follower(path, rules_for))
    async with app.run_test(size=(43, 46)) as pilot:
        await until(pilot, lambda: len(app.query("ClockFace")) == 2)
        await pilot.pause()
        faces = list(app.query("#players-clocks ClockFace"))
        for face in faces:
            for part in face.query("*"):
                assert part.region.right <= 43, (part, part.region)
        assert all(face.has_class("-line") for face in faces)
        assert sum(face.region.height for face in faces) <= 8
        assert faces[1].region.y >= faces[0].region.bottom  # one under the other


@synchronous
async def test_the_notes_told_to_the_table_this_session_are_shown_the_dealers_own_never(
        tmp_path: Path) -> None:
    # only the recap told the table's notes: the players' screen showed none of them
    path, dealer = saloon(tmp_path)
    dealer.execute(Seat("Zeke", 10))
    dealer.start_session()
    dealer.note("The stage leaves at dawn.", public=True)
    dealer.end_session()
    dealer.start_session()
    dealer.note("Ma cheats at cards.")  # the Dealer's own
    wrong = dealer.note("The marshal is in Tombstone.", public=True)[0].seq
    heard = dealer.note("[b]Zeke[/b] owes the barber.", public=True)[0].seq
    struck = dealer.note("A rider was seen at the ford.", public=True)[0].seq
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: "owes the barber" in screen_text(app))
        shown = screen_text(app)
        assert "Notes told to the table, session 2, newest first" in shown
        assert "[b]Zeke[/b] owes the barber." in shown  # text, never markup
        assert shown.index("ford") < shown.index("barber") < shown.index("Tombstone")
        assert "cheats" not in shown and "stage" not in shown  # his own; session 1's
        dealer.correct_note(wrong, "The marshal is in Tombstone.", public=False)
        dealer.strike_note(struck)
        await until(pilot, lambda: "ford" not in screen_text(app), seconds=3)
        shown = screen_text(app)
        assert "Tombstone" not in shown and "owes the barber" in shown
        dealer.undo()  # the striking out
        await until(pilot, lambda: "ford" in screen_text(app), seconds=3)
        dealer.correct_note(heard, "Zeke owes the barber two bits.", public=True)
        await until(pilot, lambda: "two bits" in screen_text(app), seconds=3)
    dealer.close()


def test_the_notes_prepared_for_the_table_at_home_stay_through_the_next_session(
        tmp_path: Path) -> None:
    """A note for the table written before the first session (the scenario the players sit
    down knowing) or between sessions is shown through the session that follows; those told
    in a session before go once it ends and the next begins (round 29)."""
    from gmscreen.journal.notes import told_the_table

    store = JournalStore.create(tmp_path / "saloon.toml", new_header("high-card", "Saloon", 3))
    dealer: Campaign[Any] = Campaign.load(RULES, store.load(), store)
    dealer.note("A stranger hangs from the gallows in Last Oak.", public=True)
    dealer.note("Clara wants Merrill dead.")  # the Dealer's own
    dealer.start_session()
    # headed by the session: one written outside it says when
    assert told_the_table(dealer) == (
        ["A stranger hangs from the gallows in Last Oak. (before the first session)"], 0)
    dealer.note("The sheriff rides out.", public=True)
    dealer.end_session()
    dealer.note("Word is the stage was robbed.", public=True)  # at home, for next time
    assert told_the_table(dealer)[0] == [
        "Word is the stage was robbed. (between sessions)", "The sheriff rides out.",
        "A stranger hangs from the gallows in Last Oak. (before the first session)"]
    dealer.start_session()
    assert told_the_table(dealer) == (["Word is the stage was robbed. (between sessions)"], 0)
    dealer.note("The stage driver talks.", public=True)
    dealer.end_session()
    dealer.start_session()
    assert told_the_table(dealer) == ([], 0)
    dealer.close()


def test_a_sessions_many_notes_are_the_newest_five_and_a_line_for_the_rest(
        tmp_path: Path) -> None:
    from gmscreen.journal.notes import told_the_table

    store = JournalStore.create(tmp_path / "saloon.toml", new_header("high-card", "Saloon", 3))
    dealer: Campaign[Any] = Campaign.load(RULES, store.load(), store)
    assert told_the_table(dealer) == ([], 0)
    for n in range(1, 8):
        dealer.note(f"Told {n}.", public=True)
    assert told_the_table(dealer) == (["Told 7.", "Told 6.", "Told 5.", "Told 4.", "Told 3."], 2)
    shown = what_the_table_sees(dealer)[-1]
    assert isinstance(shown, Lines)
    assert shown.lines == ("• Told 7.", "• Told 6.", "• Told 5.", "• Told 4.", "• Told 3.",
                           "2 earlier notes in the recap")
    dealer.close()


def test_the_notes_told_stand_above_what_went_before(tmp_path: Path,
                                                     monkeypatch: Any) -> None:
    # Dust's thread grows every day: notes put under it were out of sight at 80x24
    import types

    from gmscreen.ui import players

    view = types.SimpleNamespace(
        table_knows=lambda state: state,
        table_sections=lambda known: [Lines("Day 3", ("Votes",)),
                                      Lines("Earlier in the thread", ("Day 1",), past=True),
                                      Lines("Day 0", ("Set up",), past=True)])
    monkeypatch.setattr(players, "view_of", lambda rules: view)
    store = JournalStore.create(tmp_path / "saloon.toml", new_header("high-card", "Saloon", 3))
    dealer: Campaign[Any] = Campaign.load(RULES, store.load(), store)
    dealer.note("The church bell rang at midnight.", public=True)
    assert [s.title for s in what_the_table_sees(dealer)] == [
        "Day 3", "Notes told to the table, before the first session, newest first",
        "Earlier in the thread", "Day 0"]
    dealer.close()


def test_the_notes_told_follow_the_section_the_game_marks_as_the_last_of_now(
        tmp_path: Path, monkeypatch: Any) -> None:
    # on a phone the notes above the first past section, under the gangs and the roster,
    # were a hundred rows down: a game marks where what the table must act on ends
    import types

    from gmscreen.ui import players

    view = types.SimpleNamespace(
        table_knows=lambda state: state,
        table_sections=lambda known: [Lines("Round 2", ("Ann's turn",)),
                                      Lines("Just now", ("Ann drew",), notes_after=True),
                                      Lines("The gangs", ("Ann: 5 models",)),
                                      Lines("Earlier", ("Game 1",), past=True)])
    monkeypatch.setattr(players, "view_of", lambda rules: view)
    store = JournalStore.create(tmp_path / "saloon.toml", new_header("high-card", "Saloon", 3))
    dealer: Campaign[Any] = Campaign.load(RULES, store.load(), store)
    dealer.note("The stage is late.", public=True)
    assert [s.title for s in what_the_table_sees(dealer)] == [
        "Round 2", "Just now", "Notes told to the table, before the first session, newest "
        "first", "The gangs", "Earlier"]
    dealer.close()


@pytest.mark.parametrize(("room", "words"), [
    (60, "The Hanged Man · Dust Devils · Session 1"),
    (38, "The Hanged Man · Session 1"),
    (20, "The Han… · Session 1"),
    (12, "Session 1"),
])
def test_the_header_keeps_the_session_whole_cutting_the_game_then_the_name(
        room: int, words: str) -> None:
    # at 40 columns "Session 1" wrapped, its "1" alone on a second row
    assert header_words("The Hanged Man", "Dust Devils", "Session 1", "", room) == words
    assert header_words("The Hanged Man", "Dust", "Session 1", "Zeke's page", 34) == (
        "The Han… · Session 1 · Zeke's page")
    # the game's name not said twice ("Dust: fifteen in the church · Dust")
    assert header_words("Dust: fifteen", "Dust", "Session 1", "", 80) == (
        "Dust: fifteen · Session 1")
    # a phone between sessions: one row, the page's owner whole, the session shorter
    for room, words in ((41, "Between sessions · Sheriff Cole's page"),
                        (32, "Between sessions · Sheriff Cole"),
                        (20, "Sheriff Cole's page"), (16, "Between session…")):
        said = header_words("Devils Bluff: a one-off", "Devils Bluff",
                            "Between sessions (1 played)", "Sheriff Cole's page", room)
        assert said == words and len(said) <= room
    # no stub of a name ("Dev… · Session 1 · Ma Hendry's page")
    assert header_words("Devils Bluff: a one-off", "Devils Bluff", "Session 1",
                        "Ma Hendry's page", 34) == "Session 1 · Ma Hendry's page"


@synchronous
async def test_a_phone_short_of_forty_rows_draws_its_clocks_as_lines(tmp_path: Path) -> None:
    # at 40x30 a dial took ten rows and left the conflict under way seventeen, cut below
    path, dealer = saloon(tmp_path, "Saloon at Last Oak")
    dealer.execute(MakeClock("The deck is marked", 6, public=True))
    dealer.close()
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: bool(app.query("ClockFace")))
        await pilot.pause()
        face = app.query_one("#players-clocks ClockFace")
        assert face.has_class("-line") and face.region.height <= 3
        header = app.query_one("#players-header")
        assert header.region.height == 1
        assert str(header.render()) == "Saloon at… · Before the first session"


@synchronous
async def test_a_step_taken_brings_a_page_scrolled_down_back_to_the_top(
        tmp_path: Path) -> None:
    # a player scrolled down to the notes read the next step from mid-page, what the table
    # must act on above, out of sight
    from gmscreen.ui.sections import SectionsView

    path, dealer = saloon(tmp_path)
    for n in range(12):
        dealer.note(f"Told the table: rumour {n}.", public=True)
    dealer.execute(Seat("Zeke", 10))
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(43, 12)) as pilot:
        await until(pilot, lambda: "Zeke" in screen_text(app))
        view = app.query_one(SectionsView)
        view.scroll_end(animate=False)
        await until(pilot, lambda: view.scroll_y > 0)
        dealer.execute(Seat("Ma", 10))
        await until(pilot, lambda: view.scroll_y == 0, seconds=3)
    dealer.close()


def test_the_table_is_told_how_many_steps_went_back_never_what_they_were() -> None:
    from datetime import datetime

    from gmscreen.journal.events import REDO, UNDO, Event
    from gmscreen.ui.players import undo_words

    def event(seq: int, kind: str, **data: Any) -> Event:
        return Event(seq, datetime(2026, 12, 6).astimezone(), 1, kind, data, seq)

    undo, redo = event(9, UNDO, steps=[8]), event(10, REDO, steps=[8])
    assert undo_words([undo], "Dealer") == "The Dealer took back the last step."
    assert undo_words([event(9, UNDO, steps=[4, 6, 8])], "Judge") == (
        "The Judge took back 3 steps.")
    assert undo_words([redo], "moderator") == "The moderator put back the step taken back."
    # where the players run the game themselves, no one is named
    assert undo_words([undo], "") == "The last step was taken back."
    assert undo_words([redo, event(11, REDO)], "") == "2 steps taken back were put back."
    assert undo_words([event(9, UNDO, steps=[4, 6, 8])], "") == "3 steps were taken back."
    # both in one read: the undo told first
    assert undo_words([undo, redo, event(11, REDO)], "Dealer") == (
        "The Dealer took back the last step. The Dealer put back 2 steps taken back.")
    assert undo_words([event(9, "high-card.seated", name="Zeke")], "Dealer") == ""


@synchronous
async def test_an_undo_and_a_redo_are_told_on_the_players_screen(tmp_path: Path) -> None:
    # the page changed back with no word, which at the table looked like a fault
    path, dealer = saloon(tmp_path)
    dealer.execute(Seat("Zeke", 10))
    app = PlayersApp(path, follower=Follower(path, lambda game: RULES))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: "Zeke" in screen_text(app))
        dealer.execute(Seat("Ma", 10))
        await until(pilot, lambda: "Ma" in screen_text(app), seconds=3)
        assert not app._notifications
        dealer.undo()
        await until(pilot, lambda: "The Dealer took back the last step." in screen_text(app),
                    seconds=3)
        assert "Ma" not in screen_text(app).split("Undone")[0]
        dealer.redo()
        await until(pilot, lambda: "The Dealer put back the step taken back." in
                    screen_text(app), seconds=3)
        # the newer word stands alone
        assert "took back" not in screen_text(app)
        # a step the table never saw, taken back, is not told: the Dealer's own note here,
        # a night's deed or a card drawn face down in a game
        app.clear_notifications()
        await pilot.pause()
        dealer.note("Ma cheats at cards.")
        shown = app.follower.campaign.events[-1].seq
        await until(pilot, lambda: app.follower.campaign.events[-1].seq > shown, seconds=3)
        dealer.undo()
        await until(pilot, lambda: app.follower.campaign.events[-1].kind == "undo", seconds=3)
        await pilot.pause(0.3)
        assert not app._notifications and "took back" not in screen_text(app)
    dealer.close()


@synchronous
async def test_beside_the_tables_a_clock_takes_a_third_of_a_wide_screen(tmp_path: Path) -> None:
    # Dust's day deadline, a large dial with its words, took half of a laptop's browser (160
    # columns), the votes squeezed into the other half; a TV's 200 columns still have room
    # for the large one
    from gmscreen.games.dust.sample import SAMPLES
    from gmscreen.samples import write_sample
    from gmscreen.ui.clock_face import ClockFace

    path = write_sample(SAMPLES[0], tmp_path)
    for (width, height), size in (((160, 45), "-small"), ((200, 50), "-large"),
                                  ((110, 45), "-small")):
        app = PlayersApp(path, follower=Follower(path, rules_for))
        async with app.run_test(size=(width, height)) as pilot:
            await until(pilot, lambda: bool(app.query("ClockFace")))  # noqa: B023 (awaited here)
            await pilot.pause()
            face = app.query_one("#players-clocks ClockFace", ClockFace)
            assert face.means and face.has_class(size), (width, face.classes)
            assert face.region.width <= max(40, width // 3) + 2, (width, face.region)
            tables = app.query_one("#players-view").region
            assert tables.x >= face.region.right
            assert tables.width >= width - max(40, width // 3) - 4, (width, tables)
