"""Dust Devils' steps taken with Enter as the only way to send (Tab to move between fields,
as a Dealer who never presses ctrl+s), and by the mouse alone: each does what it says, and
what it says is in sight at 80x24. The cases are those found by taking every key of both
tabs so in tmux, in a campaign of our own and on The Hanged Man: a form where Enter on the
field it opens on did nothing (the Devil rating) or opened a list instead of sending (a
fate), a form whose words ran under its buttons at 80x24 (the entrant form's character, its
sheet's Devil), a label wrapped on two lines, win chances of the cards before a step shown as
those after it, and a ruling changed out of sight."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from textual.coordinate import Coordinate
from textual.widgets import DataTable, OptionList, Static

from gmscreen.core.cards import card_codes
from gmscreen.games import rules_for
from gmscreen.games.dust_devils import resolution, view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    Deal,
    DealerFolds,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    SetWinnerCard,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import deal_hands
from gmscreen.games.dust_devils.log import fate_line
from gmscreen.games.dust_devils.panes import conflict as conflict_pane
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import Conflict, DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.undo_preview import UndoPreview
from tests.dust_devils.game import click_shown, sample
from tests.pilot import Notices, click_key, form_up, screen_text, synchronous, to_tab, until


def a_new_session(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict left off, session 2 begun: nobody has set the Devil yet."""
    campaign.end_session(under_way="abandon")
    campaign.start_session()


def before_claras_fate(campaign: Campaign[DustDevilsState]) -> None:
    """Back to just after the clock moved for Clara's last conflict: her fate is due."""
    ticks = [e.seq for e in campaign.events if e.kind == "clock.ticked"]
    campaign.undo_to(ticks[-1])


def played_out(campaign: Campaign[DustDevilsState]) -> None:
    """The conflict under way dealt (from a seeded pack), called with each hand's best lay,
    each loser's Difficulty placed as offered, and ended: the next may go on from it."""
    conflict = campaign.state.conflict
    assert conflict is not None
    hands = deal_hands(Random(7), {p.name: p.cards_due for p in conflict.participants})
    campaign.execute(Deal(tuple(hands.items())))
    campaign.execute(Call(tuple((name, best_lay(hand)) for name, hand in hands.items())))
    while resolution.why_not_difficulty(campaign.state) is None:
        asked = view.difficulty_asked(campaign.state)
        campaign.execute(TakeDifficulty(asked.name, tuple(asked.split.items())))
    campaign.execute(EndConflict())


def conflict_now(campaign: Campaign[DustDevilsState]) -> Conflict:
    conflict = campaign.state.conflict
    assert conflict is not None
    return conflict


def last(campaign: Campaign[Any]) -> Any:
    return campaign.events[-1]


def sent_from(app: GmScreenApp) -> Callable[[], bool]:
    """Whether the form on `app` is gone (sent, or cancelled)."""
    return lambda: not isinstance(app.screen, Form)


def under_the_foot(form: Form) -> list[str]:
    """What of the form's fields, labels and preview lies (even in part) under its docked
    foot or off the screen, out of the Dealer's sight."""
    foot = form.query_one("#form-foot").region
    screen = form.app.size.region
    hidden = []
    for widget in (*form.query(".form-label"), *(form.widget_of(f.key) for f in form.fields),
                   *form.query("#form-preview")):
        region = widget.region
        if not region.area:
            continue  # scrolled out of the box: the box scrolls to it
        if region.overlaps(foot) or not screen.contains_region(region):
            hidden.append(f"{widget!r} at {region}, the foot at {foot}")
    return hidden


def labels_wrapped(form: Form) -> list[str]:
    """The labels of the form that do not fit their column on one line."""
    return [str(label.render()) for label in form.query(".form-label")
            if label.region.height > 1]


@synchronous
async def test_a_devil_rating_is_picked_and_sent_by_enter(tmp_path: Path) -> None:
    """v opens on the rating the sheet holds; a digit goes to its line and Enter sends it,
    where the three ratings were choices side by side and Enter on them did nothing (Tab
    twice to Send was the only way without ctrl+s)."""
    campaign = sample(tmp_path / "a", a_new_session)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # Jim highlighted, his Devil not yet set
        await pilot.press("v")
        form = await form_up(pilot)
        assert form.values().text("devil_rating") == "3"  # his sheet's
        await pilot.press("1", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert (event.kind, event.data) == ("dust_devils.devil_rating_set",
                                        {"name": JIM.name, "rating": 1}), event
    campaign.close()


def asking(app: GmScreenApp) -> Callable[[], bool]:
    """Whether a question is up (the fate's, before it is kept)."""
    return lambda: isinstance(app.screen, Confirm)


@synchronous
async def test_a_fate_is_picked_and_sent_by_enter(tmp_path: Path) -> None:
    """t offers the fates as a list: a few letters go to one and Enter sends it, where Enter
    opened a drop-down and picked in it, and the form stayed open; a fate told in words is
    sent by Enter from its own line."""
    for way, keys, told in (("picked", ("m", "a", "d"), "goes mad"),
                            ("told", ("tab", *"hangs himself"), "hangs himself")):
        campaign = sample(tmp_path / way, before_claras_fate)
        app = GmScreenApp(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_tab(pilot, "Characters")
            await pilot.press(*["down"] * 4)  # Clara, her fate due
            await pilot.press("t")
            await form_up(pilot)
            await pilot.press(*keys, "enter")
            await until(pilot, asking(app))
            question = app.screen
            assert isinstance(question, Confirm)
            assert f"{fate_line(CLARA.name, told)}?" in question.question
            await pilot.press("y")
            await until(pilot, sent_from(app))
        event = last(campaign)
        assert (event.kind, event.data) == ("dust_devils.fate_recorded",
                                            {"name": CLARA.name, "fate": told}), (way, event)
        campaign.close()


@synchronous
async def test_t_opens_the_fate_that_is_due_whoever_is_highlighted(tmp_path: Path) -> None:
    """The Conflict tab says "records the fate with t on the Characters tab" as a last
    conflict ends; there the sheet highlighted is rarely the one out (the last made, or the
    first): t refused it ("Gentleman Jim's fate is not due") and the Dealer looked for the
    row. t records the fate of the one highlighted when it is due, else of the first whose
    fate is due; with none due it says why, as before."""
    campaign = sample(tmp_path / "a", before_claras_fate)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # Gentleman Jim highlighted, Clara's fate due
        assert "t Fate" in screen_text(app).splitlines()[-1]
        await pilot.press("t")
        form = await form_up(pilot)
        assert form.title_text == f"How {CLARA.name} leaves play"
        await pilot.press("enter")
        await until(pilot, asking(app))
        await pilot.press("y")
        await until(pilot, sent_from(app))
    event = last(campaign)
    assert (event.kind, event.data) == ("dust_devils.fate_recorded",
                                        {"name": CLARA.name, "fate": "dies"}), event
    campaign.close()


def jim_alone(path: Path) -> Campaign[DustDevilsState]:
    """A campaign of one player character, Gentleman Jim, in its first session."""
    JournalStore.create(path, new_header("dust-devils", "Jim alone", 5)).close()
    campaign: Campaign[DustDevilsState] = open_campaign(path, rules_for)
    campaign.execute(MakeCharacter(JIM))
    campaign.start_session()
    return campaign


@synchronous
async def test_one_players_devil_and_one_bidders_bid_are_sent_by_enter(tmp_path: Path
                                                                       ) -> None:
    """With one player to set the Devil (V) or one bidder for narration (b), the form is a
    list where a digit goes to its line and Enter sends it, where the one field was choices
    side by side and Enter on it did nothing."""
    campaign = jim_alone(tmp_path / "jim.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("V")
        await form_up(pilot)
        await pilot.press("2", "enter")
        await until(pilot, sent_from(app))
        assert last(campaign).data == {"name": JIM.name, "rating": 2}
        # Jim's A♠ narrates, but his pair loses to the Dealer's three 9s: he may pay to
        # narrate, the one bidder
        campaign.execute(OpenConflict("Cards at the Oak", (
            Entrant(JIM.name, "win the pot", ("Hand", "Eye")),), stud=5))
        campaign.execute(Deal(((JIM.name, ("As", "Ks", "Kd", "2c", "3c", "4h", "6h", "8c")),
                               ("Dealer", ("9h", "9d", "9c", "Qd", "Jd")))))
        campaign.execute(Call(((JIM.name, ("Ks", "Kd", "As", "8c", "6h")),
                               ("Dealer", ("9h", "9d", "9c", "Qd", "Jd")))))
        await to_tab(pilot, "Conflict")
        await pilot.press("b")
        await form_up(pilot)
        await pilot.press("1", "enter")
        await until(pilot, sent_from(app))
    assert any(e.kind == "dust_devils.narration_bid" for e in campaign.events[-2:])
    conflict = campaign.state.conflict
    assert conflict is not None and conflict.narration_bought
    campaign.close()


@synchronous
async def test_the_entrant_form_starts_on_one_who_may_enter(tmp_path: Path) -> None:
    """The entrant form starts on the first character who may enter any conflict, not on a
    minor one of the Dealer's (no Devil) made before him, who enters only to heal: a goal
    typed and Enter adds Jim, where it was refused for the Doc."""
    path = tmp_path / "doc.toml"
    JournalStore.create(path, new_header("dust-devils", "The Doc first", 5)).close()
    campaign: Campaign[DustDevilsState] = open_campaign(path, rules_for)
    campaign.execute(MakeCharacter(Sheet("Doc Samuelson", player=False, ratings=(2, 3, 2, 3),
                                         knacks=(("Doctorin'", 3),))))
    campaign.execute(MakeCharacter(JIM))
    campaign.start_session()
    campaign.execute(SetDevilRating(JIM.name, 3))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        await form_up(pilot)
        await pilot.press("tab", *"see the town", "enter")
        await until(pilot, sent_from(app))
    assert [e.name for e in campaign.state.entering] == [JIM.name]
    campaign.close()


@synchronous
async def test_the_entrant_form_keeps_everything_in_sight_at_80x24(tmp_path: Path) -> None:
    """With The Hanged Man's seven characters, the one entering is picked by letters of the
    name (a drop-down, where seven names side by side took four lines), and what the form
    says of him (the cards due, his traits, the whole of Zeke's long Devil, his Chips) stays
    above the buttons, where it ran under them at 80x24 out of the Dealer's sight."""
    campaign = sample(tmp_path / "a", lambda c: c.execute(DealerFolds()))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        form = await form_up(pilot)
        await pilot.press("z", "e", "enter")  # Zeke, from the list the letters opened
        await until(pilot, lambda: form.values().text("name") == ZEKE.name)
        await pilot.press("tab", *"get the reward")
        await pilot.pause()
        preview = str(form.query_one("#form-preview", Static).render())
        zeke = campaign.state.character(ZEKE.name)
        assert zeke is not None
        assert f"Chips {zeke.chips}." in preview and "five dollars in Ohio" in preview
        assert under_the_foot(form) == []
        assert labels_wrapped(form) == []
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    assert [e.name for e in campaign.state.entering] == [ZEKE.name]
    assert campaign.state.entering[0].goal == "get the reward"
    campaign.close()


@synchronous
async def test_the_open_form_says_each_field_on_one_line(tmp_path: Path) -> None:
    """The open form with every field it can have (an open thread to take up, a conflict
    just called to go on from) has each label on one line and each field in sight at
    80x24, where "Goes on from the last" ran on to a second line; Enter from the title sends
    it, going on from the last."""
    def set_up(campaign: Campaign[DustDevilsState]) -> None:
        # an open thread: the Dealer folds a first conflict, and the jail is played out
        # with the optional rule on, so the next may go on from it
        campaign.execute(SetWinnerCard(True))
        campaign.execute(DealerFolds())
        campaign.execute(OpenConflict("The jail again", (
            Entrant(ZEKE.name, "get the reward", ("Hand", "Guts")),
            Entrant(TOM.name, "keep it", ("Hand", "Guts"))), stud=0))
        played_out(campaign)

    campaign = sample(tmp_path / "a", set_up)
    assert campaign.state.open_threads
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        await form_up(pilot)
        await pilot.press("tab", *"after the last", "enter")  # Jim, the first offered
        await until(pilot, lambda: campaign.state.entering)
        await pilot.press("o")
        form = await form_up(pilot)
        assert {"takes_up", "continues"} <= {f.key for f in form.fields}
        assert labels_wrapped(form) == []
        await pilot.press(*"Out the back")
        ticked = [f.key for f in form.fields].index("continues")
        await pilot.press(*["tab"] * ticked, "space", *["shift+tab"] * ticked)
        for _ in form.fields:  # each field in sight as the keyboard comes to it
            await pilot.pause()
            assert under_the_foot(form) == [], app.focused
            await pilot.press("tab")
        await pilot.press(*["shift+tab"] * len(form.fields), "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "dust_devils.conflict_opened", event
    assert event.data["title"] == "Out the back" and event.data["continues"] is True
    campaign.close()


@synchronous
async def test_the_win_chances_shown_are_those_of_the_cards_now(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    """After a step the Win column is blank until the chances of the cards now are worked
    out, where for a second or two it showed those of the cards before (100% and 0% for a
    straight against a full house just dealt)."""
    calls = [0]
    hold = threading.Event()

    def win_chances(hands: Any, rng: Any, trials: int, stop: Callable[[], bool]
                    ) -> dict[str, float]:
        calls[0] += 1
        if calls[0] == 1:
            return {JACK.name: 0.99, "Dealer": 0.01}
        while not stop() and not hold.wait(0.02):
            pass  # the chances of the cards dealt: still being worked out
        return {}

    monkeypatch.setattr(conflict_pane, "win_chances", win_chances)

    def at_the_deal(campaign: Campaign[DustDevilsState]) -> None:
        campaign.execute(DealerFolds())
        campaign.execute(OpenConflict("A hand of faro", (
            Entrant(JACK.name, "clean out the table", ("Eye", "Heart")),), stud=5))

    campaign = sample(tmp_path / "a", at_the_deal)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#dd-hands", DataTable)

        def win_column() -> list[str]:
            return [str(table.get_cell_at(Coordinate(row, table.get_column_index("Win"))))
                    for row in range(table.row_count)]

        await until(pilot, lambda: win_column() == ["99%", "1%"])
        await pilot.press("d")
        await until(pilot, lambda: campaign.state.conflict is not None
                    and campaign.state.conflict.phase == "draw")
        await pilot.pause()
        assert win_column() == ["", ""]
        hold.set()
    campaign.close()


@synchronous
async def test_a_ruling_changed_is_in_sight(tmp_path: Path) -> None:
    """W and O (keys the footer leaves out) change the table's rulings; the line that says
    them stays in sight under the table, where it ended the highlighted sheet, below the
    screen's foot at 80x24 for most sheets, and the key seemed to do nothing."""
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "damage recovers at session end" in screen_text(app)
        await pilot.press("O")
        await until(pilot, lambda: campaign.state.carry_over)
        await pilot.pause()
        assert "damage carries over this session" in screen_text(app)
        await pilot.press("W")
        await until(pilot, lambda: campaign.state.winner_card)
        await pilot.pause()
        assert "Winner's extra card: on" in screen_text(app)
    campaign.close()


# -- by the mouse ---------------------------------------------------------------------------


@synchronous
async def test_the_steps_by_the_mouse_alone(tmp_path: Path) -> None:
    """A tab, a footer key, a choice side by side, the Send button, a question's button; a
    line of a pick list double clicked (a single click only highlights it): each does what
    it shows, from the jail conflict's Draw to the Devil rating of the next session."""
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-conflict")
        await until(pilot, lambda: app.screen.query("#dd-hands"))
        # the Draw: Long Tom's hand clicked, his plain discards offered, sent by the button
        await click_key(pilot, "w")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("name"), offset=(len(ZEKE.name) + 9, 0))
        await until(pilot, lambda: form.values().text("name") == TOM.name)
        discards = form.values().text("discards").split()
        assert discards
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        event = last(campaign)
        assert event.kind == "dust_devils.cards_drawn" and event.data["name"] == TOM.name
        assert len(event.data["discards"]) == len(discards)
        # Zeke folds: his line double clicked
        await click_key(pilot, "f")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("name"), offset=(2, 0), times=2)
        await until(pilot, lambda: campaign.state.conflict is None)
        assert any(e.kind == "dust_devils.folded" and e.data["name"] == ZEKE.name
                   for e in campaign.events[-4:])
        # Jim raises a Knack: a click highlights a line, a double click raises it
        await pilot.click("#--content-tab-tab-characters")
        await until(pilot, lambda: app.screen.query("#dd-characters"))
        await click_key(pilot, "k")
        form = await form_up(pilot)
        listed = form.widget_of("knack")
        assert isinstance(listed, OptionList) and listed.option_count > 1
        await pilot.click(listed, offset=(2, 1))
        await pilot.pause()
        chosen = form.values().text("knack")
        assert isinstance(app.screen, Form) and chosen == str(
            listed.get_option_at_index(1).id)
        await pilot.click(listed, offset=(2, 1), times=2)
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert any(e.kind == "dust_devils.knack_raised" and e.data["knack"] == chosen
                   for e in campaign.events[-2:])
        # the session ended and the next begun by their keys, a question answered by its
        # button; the Devils' form the session opens with (round 33b) cancelled by its
        # button, and Jim's Devil rating picked by a double click (v)
        await click_key(pilot, "f6")
        await until(pilot, lambda: app.screen.query("#confirm-yes"))
        await click_shown(pilot, "#confirm-yes")
        await until(pilot, lambda: not campaign.state.in_session)
        await click_key(pilot, "f5")
        await until(pilot, lambda: campaign.state.in_session)
        form = await form_up(pilot)
        assert form.title_text == "The Devils' ratings this session"
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await click_key(pilot, "v")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("devil_rating"), offset=(2, 0), times=2)
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert (event.kind, event.data) == ("dust_devils.devil_rating_set",
                                        {"name": JIM.name, "rating": 1}), event
    assert notices.of("warning") == [], notices.of("warning")
    campaign.close()


async def click_words(pilot: Any, words: str) -> None:
    """Click the first of `words` where the screen shows them (on one line), once the win
    chances are in (they may widen a column, and move the words)."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    lines = screen_text(pilot.app).split("\n")
    at = next(((row, line.index(words)) for row, line in enumerate(lines) if words in line),
              None)
    assert at is not None, f"{words!r} is not in sight:\n" + "\n".join(lines)
    row, column = at
    await pilot.click(offset=(column + 1, row))


@synchronous
async def test_the_steps_the_footer_leaves_out_are_clicked_on_their_words(tmp_path: Path
                                                                         ) -> None:
    """The words under the hands that name each step (the Dealer's fold, F, and taking one
    out of a set up, x, among them: keys the footer leaves out) take it when clicked, as
    the key would, and so do the rulings' words on the Characters tab (W, O), where the
    mouse reached those steps only through the palette."""
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-conflict")
        await until(pilot, lambda: "F the Dealer folds" in screen_text(app))
        await click_words(pilot, "F the Dealer folds")
        await until(pilot, lambda: app.screen.query("#confirm-yes"))
        await click_shown(pilot, "#confirm-yes")
        await until(pilot, lambda: campaign.state.conflict is None)
        assert [e.kind for e in campaign.events].count("dust_devils.dealer_folded") == 1
        assert not app.screen.query("#confirm-yes")  # asked once
        # a character added, then taken out again by the words naming x
        await click_words(pilot, "Add each character entering the conflict with a")
        await form_up(pilot)
        await pilot.press("tab", *"see the town", "enter")
        await until(pilot, lambda: campaign.state.entering)
        await click_words(pilot, "take one out with x")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("names"), offset=(2, 0), times=2)
        await until(pilot, lambda: not campaign.state.entering)
        # the rulings, each clicked on its words
        await pilot.click("#--content-tab-tab-characters")
        await until(pilot, lambda: "damage recovers at session end" in screen_text(app))
        await click_words(pilot, "damage recovers at session end")
        await until(pilot, lambda: campaign.state.carry_over)
        await click_words(pilot, "Winner's extra card: off")
        await until(pilot, lambda: campaign.state.winner_card)
    assert notices.of("warning") == [], notices.of("warning")
    campaign.close()


@synchronous
async def test_a_hand_clicked_in_the_table_is_the_one_its_step_opens_for(tmp_path: Path
                                                                        ) -> None:
    # Long Tom's row clicked, then w (or its footer key): the Draw opened for Zeke, the
    # first to draw, though the Dealer had just picked Tom's hand; so did the fold form
    def faro(c: Campaign[DustDevilsState]) -> None:
        """Jim and Black Jack against the Dealer's stud hand, dealt: at the Draw."""
        c.execute(DealerFolds())
        c.execute(OpenConflict("A hand of faro", (
            Entrant(JIM.name, "clean out the table", ("Eye", "Heart")),
            Entrant(JACK.name, "clean out the table", ("Eye", "Heart"))), stud=5))
        conflict = c.state.conflict
        assert conflict is not None
        c.execute(Deal(tuple(deal_hands(Random(3), {
            p.name: p.cards_due for p in conflict.participants}).items())))

    campaign = sample(tmp_path / "a", faro)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-conflict")
        await until(pilot, lambda: app.screen.query("#dd-hands"))
        table = app.screen.query_one("#dd-hands", DataTable)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.click(table, offset=(3, 2))  # Black Jack's row, under Jim's
        await until(pilot, lambda: table.cursor_row == 1)
        # the tab drawn again, as after any change (the chances worked out): the cursor
        # stays on his hand (it went back to the first row)
        app.screen.query_one(conflict_pane.ConflictPane).redraw()
        await pilot.pause()
        assert table.cursor_row == 1
        await click_key(pilot, "w")
        form = await form_up(pilot)
        assert form.values().text("name") == JACK.name
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await click_key(pilot, "f")
        form = await form_up(pilot)
        assert form.values().text("name") == JACK.name
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # by keys: the hand above, then the step's key
        await pilot.press("up", "w")
        form = await form_up(pilot)
        assert form.values().text("name") == JIM.name
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("f")
        form = await form_up(pilot)
        assert form.values().text("name") == JIM.name
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_the_draw_opens_on_a_hand_that_may_change_cards_unless_one_is_picked(
        tmp_path: Path) -> None:
    # Jim entered with no Knack named and Black Jack with his Gamblin': w opened the Draw on
    # Jim, who may change no card, the table's cursor resting on the first row though the
    # Dealer had picked nobody. It opens on Jack; Jim's row picked on purpose (clicked, the
    # cursor already on it) opens it on Jim, to name a Knack ruled relevant now
    def faro(c: Campaign[DustDevilsState]) -> None:
        c.execute(DealerFolds())
        c.execute(OpenConflict("A hand of faro", (
            Entrant(JIM.name, "clean out the table", ("Eye", "Heart")),
            Entrant(JACK.name, "clean out the table", ("Eye", "Heart"),
                    knack="Gamblin'")), stud=5))
        conflict = c.state.conflict
        assert conflict is not None
        c.execute(Deal(tuple(deal_hands(Random(3), {
            p.name: p.cards_due for p in conflict.participants}).items())))

    campaign = sample(tmp_path / "a", faro)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#dd-hands", DataTable)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert table.cursor_row == 0
        await pilot.press("w")
        form = await form_up(pilot)
        assert form.values().text("name") == JACK.name
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.click(table, offset=(3, 1))  # Jim's row, where the cursor rests
        await pilot.pause()
        await pilot.press("w")
        form = await form_up(pilot)
        assert form.values().text("name") == JIM.name
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_devil_rating_typed_wrong_is_corrected_by_v(tmp_path: Path) -> None:
    """Jim's Devil set for the session and typed wrong: v said it holds until the session
    ends, and undo took back every step played since. v now corrects it, offering the
    other two ratings, and the log tells it as a correction."""
    campaign = sample(tmp_path / "a")
    jim = campaign.state.character(JIM.name)
    assert jim is not None and jim.devil_set_for == campaign.state.session
    was = jim.devil_rating
    other = next(r for r in (1, 2, 3) if r != was)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # Jim highlighted
        await pilot.press("v")
        form = await form_up(pilot)
        assert "Correct" in form.title_text
        assert str(was) not in [value for _, value in form.options_of("devil_rating")]
        await pilot.press(str(other), "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert (event.kind, event.data) == ("dust_devils.devil_rating_set",
                                        {"name": JIM.name, "rating": other, "was": was})
    assert campaign.describe(event) == (f"{JIM.name}'s Devil for the session is corrected "
                                        f"from {was} to {other}")
    campaign.close()


@synchronous
async def test_a_deal_typed_wrong_and_undone_is_typed_again_from_what_was_typed(
        tmp_path: Path) -> None:
    """The Dealer typed the table's Deal with one card wrong and took it back (ctrl+z): D
    opened blank, and every hand was typed again. It opens on the cards taken back, so he
    mends the one card and sends."""
    campaign = sample(tmp_path / "a")  # the jail conflict, dealt
    conflict = campaign.state.conflict
    assert conflict is not None
    dealt = {p.name: p.hand for p in conflict.participants}
    (taken,) = {e.kind for e in campaign.undo()}
    assert taken == "dust_devils.cards_dealt"
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("D")
        form = await form_up(pilot)
        typed = [form.values().cards(f"h{i}") for i in range(len(dealt))]
        assert [tuple(card_codes(t or [])) for t in typed] == list(dealt.values())
        await pilot.press("ctrl+s")
        await until(pilot, lambda: conflict_now(campaign).phase == "draw")
    assert {p.name: p.hand for p in conflict_now(campaign).participants} == dealt
    campaign.close()


@synchronous
async def test_difficulty_placed_wrong_is_corrected_on_the_sheet_by_e(tmp_path: Path) -> None:
    """The sheet's correction (e) had no word on the values now: Difficulty placed on the
    wrong attribute was mended only by undo, with every step since. Its Now field holds
    them; an attribute typed there is corrected, the rest stay."""
    campaign = sample(tmp_path / "a")
    jim = campaign.state.character(JIM.name)
    assert jim is not None and jim.values == (4, 4, 3, 2)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # Jim highlighted
        await pilot.press("e")
        form = await form_up(pilot)
        assert form.values().text("now") == "Hand 4, Eye 4, Guts 3, Heart 2"
        form.set_value("now", "Guts 1")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "dust_devils.character_changed"
    assert event.data["values"] == [4, 4, 1, 2]
    jim = campaign.state.character(JIM.name)
    assert jim is not None and jim.values == (4, 4, 1, 2) and jim.ratings == (4, 4, 3, 2)
    campaign.close()


@synchronous
async def test_a_conflict_opened_wrong_and_undone_is_opened_again_from_what_was_typed(
        tmp_path: Path) -> None:
    """The Dealer opened a conflict with the Stakes wrong and took the opening back (u, or
    ctrl+z): the characters added stayed, but o opened blank and he typed the title, the
    Stakes and the stud hand again. It opens on what was taken back."""
    campaign = sample(tmp_path / "a")
    campaign.execute(DealerFolds())  # the sample's jail conflict ends unresolved
    campaign.execute(AddEntrant(Entrant(JIM.name, "clean out the table", ("Eye", "Heart"))))
    campaign.execute(OpenConflict("A hand of faro", campaign.state.entering, stakes=3,
                                  stud=5, stud_goal="take his money"))
    campaign.undo()
    assert campaign.state.conflict is None and campaign.state.entering
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("o")
        form = await form_up(pilot)
        values = form.values()
        assert (values.text("title"), values.text("stakes"), values.text("stud"),
                values.text("stud_goal")) == ("A hand of faro", "3", "5", "take his money")
        form.set_value("stakes", "1")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.conflict is not None)
    assert conflict_now(campaign).stakes == 1
    assert conflict_now(campaign).title == "A hand of faro"
    campaign.close()


@synchronous
async def test_a_conflict_opened_in_one_step_and_undone_by_u_opens_again_with_its_characters(
        tmp_path: Path) -> None:
    """The sample's jail conflict was opened in one step, its characters given with it (as
    every conflict of a journal older than the set up kept step by step). u took it back
    and left nobody entering: the tab said only to add each character, though u promises
    they stay, and the Dealer typed every goal and attribute again. The tab now names the
    opening taken back and o opens it again with its characters as they entered, on what
    the opening said (one field to mend), in one step as it was."""
    campaign = sample(tmp_path / "a")
    before = conflict_now(campaign)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.conflict is None)
        assert not campaign.state.entering
        await until(pilot, lambda: f"o opens it again with {ZEKE.name} and {TOM.name} as "
                    "they entered" in " ".join(screen_text(app).split()))
        await pilot.press("o")
        form = await form_up(pilot)
        values = form.values()
        assert (values.text("title"), values.text("stakes")) == (before.title, "1")
        # the book's advice for the Stakes is said under the form as they are typed
        form.widget_of("stakes").focus()
        await until(pilot, lambda: "Seven Card Stud: 1 or more" in str(
            form.query_one("#form-about", Static).render()))
        form.set_value("stakes", "2")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.conflict is not None)
    again = conflict_now(campaign)
    assert again.stakes == 2 and again.title == before.title
    assert [(p.name, p.goal, p.attributes, p.cards_due, p.knack) for p in again.participants] \
        == [(p.name, p.goal, p.attributes, p.cards_due, p.knack) for p in before.participants]
    assert notices.of("warning") == [], notices.of("warning")
    campaign.close()
