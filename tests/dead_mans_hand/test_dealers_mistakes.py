"""A Dealer's mistakes and putting them right (round 12): a journal damaged by hand opens and
says which event and which field, as a value out of bounds is said; what is refused changes
nothing on disk; what is undone leaves no trace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static, TabbedContent, TabPane

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand import RULES, turns, view
from gmscreen.games.dead_mans_hand.commands import (
    DeclineSecondResult,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Reshuffle,
    SetUpGame,
    Surrender,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import NO_BREAK, whole
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.undo_preview import UndoPreview
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.dead_mans_hand.test_undo_leaves_no_trace import STEPS, journal, screens
from tests.pilot import (
    Notices,
    opened,
    refusal_shown,
    screen_text,
    set_field,
    synchronous,
    to_tab,
    until,
)
from tests.ui.test_past import cursor_to

#: (the event's seq in the journal of STEPS, what is typed over, what it becomes, what is said)
DAMAGES = (
    # a model named in a use, an attack or a draw that neither posse has
    (37, 'name = "Slim"', 'name = "Slimm"', "name is 'Slimm', and neither posse has a model"),
    (38, 'target = "Stubby"', 'target = "Stubbie"',
     "target is 'Stubbie', and neither posse has a model"),
    (38, 'attacker = "Slim"', 'attacker = "Nobody"',
     "attacker is 'Nobody', and neither posse has a model"),
    (51, 'name = "Stubby"', 'name = "Stubb"', "name is 'Stubb', and neither posse has a model"),
    # a card already out of the pack: the set-up card, the card a model lies on
    (38, 'cards = ["9h", "2c"]', 'cards = ["5h", "2c"]',
     "cards holds 5♥, a card already out of the pack"),
    (51, 'card = "9d"', 'card = "9h"', "card holds 9♥, a card already out of the pack"),
    # a result card the attack never drew
    (39, 'card = "9h"', 'card = "Kh"', "card is K♥, not among the attack's cards (9♥, 2♣)"),
)


def preview(shown: Form) -> str:
    return str(shown.query_one("#form-preview", Static).render())


def damaged(path: Path, seq: int, old: str, new: str) -> Path:
    """The journal of STEPS with `old` typed over as `new` in event `seq` alone."""
    text = journal(path, STEPS, undo=False).read_text(encoding="utf-8")
    head, block, rest = re.split(rf"(\[\[event\]\]\nseq = {seq}\n.*?\n\n)", text, flags=re.S)
    assert old in block, block
    path.write_text(head + block.replace(old, new, 1) + rest, encoding="utf-8")
    return path


@pytest.mark.parametrize(("seq", "old", "new", "said"), DAMAGES)
def test_a_damaged_event_is_said_by_its_field_and_what_came_before_reads(
        tmp_path: Path, seq: int, old: str, new: str, said: str) -> None:
    """Before round 12 a name neither posse has was said as Python's ("ValueError: no model
    called 'Slimm' is in either posse"), naming no field; a target nobody is, a card already
    out of the pack or a result card the attack never drew opened without a word, the
    attack aimed at nobody or the card counted twice."""
    path = damaged(tmp_path / "damaged.toml", seq, old, new)
    before = path.read_bytes()
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    assert campaign.damaged is not None
    assert campaign.damaged.seq == seq
    problem = campaign.damaged.problem
    assert problem.startswith(f"event {seq} (dead_mans_hand."), problem
    assert said in problem
    assert "Error" not in problem
    # the campaign reads up to the damaged step: both posses, the game set up
    state = campaign.state
    assert state.game == 1 and len(state.red.models) == 8 == len(state.black.models)
    assert path.read_bytes() == before


@synchronous
async def test_the_cards_line_follows_the_count_and_never_stands_under_the_all_in_odds(
        tmp_path: Path) -> None:
    """Before round 12 the attack form said "Cards left blank: the app deals them." last,
    under "All In, best of 3, ...", as though All In's card were meant (All In asks for its
    card in a form of its own). Left blank, the field says so itself ("blank: the app
    deals"), and the odds end the lines; cards typed are said after the count they are
    counted against, before the odds."""
    campaign = new_campaign(tmp_path / "c.toml", "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("As"))
    deploy_all(campaign)
    campaign.execute(UseModel("Deacon", Move.STILL))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        set_field(shown, "target", "Big Jim")
        set_field(shown, "yards", "30")
        await until(pilot, lambda: "All In, best of" in preview(shown))
        assert "Cards turned over   blank: the app deals" in screen_text(app)
        lines = preview(shown).splitlines()
        assert not any("blank" in line for line in lines)
        all_in = next(n for n, line in enumerate(lines) if line.startswith("All In, best of"))
        assert all(line.startswith("  ") for line in lines[all_in + 1:])
        set_field(shown, "cards", "9s")
        await until(pilot, lambda: "Turned over: 9♠: 1 of the 2 cards" in preview(shown))
        lines = preview(shown).splitlines()
        typed = next(n for n, line in enumerate(lines) if line.startswith("Turned over"))
        assert lines[typed - 1].startswith("Rifle 2 = 2 cards")
        assert lines[typed + 1].startswith("Best of 2: ")
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_the_dealers_detail_lines_keep_names_whole_at_80x24(tmp_path: Path) -> None:
    """Before round 12 the line under the posses broke a weapon's name and the key's
    entries at 80 columns ("... civ: civilian · Dual: Dual" / "Pistols · Fists: ..."), and
    the highlighted model's line broke where it ran out ("Thrown" / "Tomahawks"): each
    name, weapon and entry of the key now stays on its row (`sections.whole`, drawn by the
    kit's KeptWhole), on the Characters tab and the Conflict tab alike."""
    campaign = new_campaign(tmp_path / "c.toml", "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    whole_words = ("Dual: Dual Pistols", "Hits: left/at the start", "Val: value (2 best)",
                   "Sawn-off: Sawn-Off Shotgun", "Toma.: Thrown Tomahawks")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.pause()
        rows = [row.replace(NO_BREAK, " ") for row in screen_text(app).splitlines()]
        for words in whole_words:  # the key names every short word of both posses
            assert any(words in row for row in rows), (words, rows)
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        rows = [row.replace(NO_BREAK, " ") for row in screen_text(app).splitlines()]
        for words in whole_words[1:3]:  # no Weapons column there at 80x24
            assert any(words in row for row in rows), (words, rows)
    hatchet = campaign.state.find("Hatchet")
    assert hatchet is not None
    assert view.model_detail(hatchet).split(": ", 1)[1].split(", ")[0] == whole(
        "Thrown Tomahawks")
    campaign.close()


def king_for_big_jim(path: Path) -> Campaign[MatchState]:
    """The sample showdown's game 1: Deacon's rifle turns K♠ on Big Jim, who is killed."""
    campaign = new_campaign(path, "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("Qs"))
    deploy_all(campaign)
    for step in (UseModel("Deacon", Move.STILL), MakeAttack("Big Jim", "rifle", 90, ("Ks", "3d")),
                 PlayResult("Ks")):
        campaign.execute(step)
    return campaign


@synchronous
async def test_a_model_off_the_table_is_refused_saying_where_it_is(tmp_path: Path) -> None:
    """Before round 12, u, l or y on Big Jim, killed by a King and lying on it (the Conflict
    tab lists him under the rest, "0/2 on K♠"), said "Big Jim is not on the table", of a
    model the players see lying there; it names where he is, and the journal is untouched."""
    campaign = king_for_big_jim(tmp_path / "c.toml")
    state = campaign.state
    assert str(turns.why_not_use(state, "Big Jim")) == (
        "Turns: Big Jim is down on K♠: a turn uses a model on the table")
    assert str(turns.why_not_surrender(state, "Big Jim")) == (
        "Surrender: Big Jim is down on K♠: only a model on the table gives up")
    journal_before = campaign.store.path.read_bytes() if campaign.store else b""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("end", *["up"] * 8)  # Big Jim, last of red, under the rest
        await until(pilot, lambda: "Big Jim (down on K♠" in screen_text(app).replace(
            NO_BREAK, " "))
        for key, title in (("u", "Turns"), ("y", "Surrender"), ("l", "Turns")):
            await pilot.press(key)
            await until(pilot, lambda title=title: bool(notices.of("warning"))  # type: ignore[misc]
                        and notices.of("warning")[-1].title == title)
            assert "Big Jim is down on K♠" in notices.of("warning")[-1].message
            notices.clear()
    assert campaign.store is not None
    assert campaign.store.path.read_bytes() == journal_before
    campaign.close()


def test_after_the_game_a_step_of_play_names_the_fallen_step_as_the_table_does(
        tmp_path: Path) -> None:
    """Before round 12, y pressed once more after the last of the Callahans gave up read
    "no game is being played: game 1 is over; draw for the fallen: Big Jim", while the line
    over the table said "Bury the fallen: Big Jim on K♠ is past saving" (no card is drawn
    for one on a King). The refusal says the step as the table does."""
    campaign = king_for_big_jim(tmp_path / "c.toml")
    for fighter in campaign.state.red.on_table():
        campaign.execute(Surrender(fighter.name))
    state = campaign.state
    said = str(turns.why_not_surrender(state, "Deacon"))
    assert said.endswith("game 1 is over; bury the fallen (Big Jim on K♠ is past saving)"), said
    assert "draw for the fallen" not in said
    campaign.close()


@synchronous
async def test_the_draw_for_the_fallen_is_refused_under_its_own_name(tmp_path: Path) -> None:
    """Before round 12 the form "Draw for the fallen" (its key, F1 and the line over the
    table say so since round 10) refused a card under the rule "Recovery", and a game set up
    before the fallen were buried said "draw for the fallen first: Big Jim" of one lying on
    a King, for whom no card is drawn."""
    path = journal(tmp_path / "c.toml", STEPS[:-1], undo=False)  # Stubby lies on 9♥
    before = path.read_bytes()
    campaign = open_campaign(path, rules_for, cache=False)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "v")
        set_field(shown, turns.card_field(0), "9h")  # his own coffin card
        await pilot.press("enter")
        await until(pilot, lambda: bool(shown.refusal))
        refusal_shown(app, "Draw for the fallen")
        assert app.focused is shown.widget_of(turns.card_field(0))
        await pilot.press("escape")
    campaign.close()
    assert path.read_bytes() == before
    king = king_for_big_jim(tmp_path / "king.toml")
    for fighter in king.state.red.on_table():
        king.execute(Surrender(fighter.name))
    assert str(turns.why_not_set_up(king.state)) == (
        "Set-up: bury the fallen (Big Jim on K♠ is past saving) first")
    king.close()


@synchronous
async def test_ending_the_session_before_the_fallen_are_seen_to_says_they_wait(
        tmp_path: Path) -> None:
    """Before round 12, f6 after a showdown game won, Stubby still lying on 9♥, asked "End
    session 1?" alone, as if nothing were left: the question says the fallen's step waits,
    as the next session's first notice names it."""
    path = journal(tmp_path / "c.toml", STEPS[:-1], undo=False)  # Stubby lies on 9♥
    campaign = open_campaign(path, rules_for, cache=False)
    said = ("Game 1's fallen wait: draw for the fallen (Stubby) on the Conflict tab, now "
            "or as the next session begins.")
    assert RULES.before_session_ends(campaign.state) == said
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await until(pilot, lambda: "End session 1?" in screen_text(app))
        assert "Game 1's fallen wait: draw for the fallen" in screen_text(app)
        await pilot.press("n")
    campaign.close()
    # none waits once they are seen to, nor in single games, nor during a game
    table = Table(LoadScenario("take-that-bastard-down"), SetUpGame("2h"))
    assert RULES.before_session_ends(table.state) is None


def test_a_session_ended_leaving_the_game_off_is_undone_in_the_logs_words(
        tmp_path: Path) -> None:
    """Before round 12, ctrl+z on a session ended by mistake, its game left off, said both in
    its notice, while the log's line of the undo read "Undid: Session 1 ends." alone, as if
    the game had stood left off; it names the game taken back with the session's end. And
    the state folded after the undo is that of a journal that never ended the session."""
    campaign = king_for_big_jim(tmp_path / "c.toml")
    before = campaign.state
    campaign.end_session(under_way="abandon")
    assert campaign.state.games[-1].abandoned
    campaign.undo()
    undo = campaign.events[-1]
    assert campaign.describe(undo) == (
        "Undid: Game 1 is left off unfinished: nobody wins it, and it counts for neither "
        "posse. Session 1 ends.")
    assert campaign.state == before
    assert campaign.in_session
    campaign.close()


#: a showdown game's steps past those test_undo_leaves_no_trace takes: All In and a second
#: card taken, a reshuffle, All In and a second card declined, a model led off the table
MORE = (
    *STEPS[:17],
    UseModel("Quickdraw", Move.STILL),
    MakeAttack("Two-Gun", "pistol", 20, ("4h", "3c")),
    GoAllIn("5c"),
    PlayResult("4h"),
    TakeSecondResult("5c"),
    Reshuffle(),
    UseModel("Two-Gun", Move.SLOW),
    MakeAttack("Quickdraw", "pistol", 20, ("2h", "3s")),
    GoAllIn("8h"),
    PlayResult("2h"),
    DeclineSecondResult(),
    LeaveTable("Slim", Move.QUICK),
)


@pytest.mark.parametrize("taken", [19, 21, 22, 25, 27, 28])
def test_all_in_a_second_card_a_reshuffle_or_a_model_led_off_undone_leaves_no_trace(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], taken: int) -> None:
    """Each step undone reads, in both recaps in every format, the replay and the players'
    screen, as a journal that never took it; and the state folded is the same."""
    undone = journal(tmp_path / "undone.toml", MORE[:taken + 1], undo=True)
    never = journal(tmp_path / "never.toml", MORE[:taken], undo=False)
    assert screens(undone, capsys) == screens(never, capsys), MORE[taken]
    states = [open_campaign(path, rules_for, writable=False, cache=False).state
              for path in (undone, never)]
    assert states[0] == states[1]


@synchronous
async def test_the_undo_previews_conflict_tab_shows_the_attack_it_leaves(tmp_path: Path) -> None:
    """u on the line of an attack drawn, in the Encounter Log at 80x24: the preview's tabs
    are 78 columns, where the table (48 at the least) and the attack panel (32) no longer
    fitted side by side, and before round 12 the panel was pushed out of sight: the Dealer
    undoing a result card played by mistake did not see the cards left to play. Under 80
    columns the table gives two, and the panel shows the cards."""
    campaign = king_for_big_jim(tmp_path / "c.toml")
    drawn = next(e.seq for e in campaign.events if e.kind.endswith("attack_drawn"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Encounter Log")
        await cursor_to(pilot, drawn)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        # its Conflict tab (by its id: the kit numbers the preview's tabs as it sees fit)
        tabbed = app.screen.query_one(TabbedContent)
        tabbed.active = next(str(pane.id) for pane in tabbed.query(TabPane)
                             if pane.id and "conflict" in pane.id.lower())
        await until(pilot, lambda: "K♠ Big Jim is killed" in screen_text(app).replace(
            NO_BREAK, " "))
        await pilot.press("n")
    campaign.close()


def test_the_detail_line_sets_a_models_state_apart_from_its_marks(tmp_path: Path) -> None:
    """Before round 12 the line under the table read "Big Jim (down on K♠ horse)", the
    horse read as part of where he lies; a comma sets them apart, as the notes of a model
    standing read ("civ, horse")."""
    campaign = king_for_big_jim(tmp_path / "c.toml")
    big_jim = campaign.state.find("Big Jim")
    assert big_jim is not None
    assert view.model_detail(big_jim).replace(NO_BREAK, " ") == (
        "Big Jim (down on K♠, horse): Dual Pistols, Pistol, Brawling")
    assert view.notes(big_jim) == "on K♠ horse"  # the narrow Notes column as it was
    campaign.close()
