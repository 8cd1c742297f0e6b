"""Dust Devils' tabs through the app's pilot: a sheet that breaks the book is refused in its
form with the rule named, the Devil rating held for the session (a player's) or set from the
hip (the Dealer's), Chips spent on a sheet, the keys that do not apply now say why (the
rules' words), and the Conflict tab's forms: the Draw as offered, a refused Draw kept, the
Deal typed from the table's own pack. (A whole session by keys is in test_session.)"""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static
from textual.widgets._select import SelectCurrent

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    ChangeCharacter,
    Deal,
    DealerFolds,
    EndConflict,
    Entrant,
    GiveChips,
    OpenConflict,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.panes import CharactersPane, ConflictPane
from gmscreen.games.dust_devils.panes.conflict import next_step
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, SAMPLES, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import Conflict, DustDevilsState
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.pilot import (
    Notices,
    fill,
    opened,
    refusal_shown,
    screen_text,
    set_field,
    synchronous,
    to_tab,
    until,
)


def sample(folder: Path) -> Campaign[Any]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


def dealt_and_called_against_the_posse(campaign: Campaign[Any]) -> None:
    """Jack and Luke, in the conflict open, dealt and called against the posse's Seven Card
    Stud: the posse's pair of jacks beats both, so each loser places Difficulty."""
    jack = ("3h", "4c", "7d", "8c", "9d")
    luke = ("As", "Kd", "Qh", "8d", "6s", "3s", "4s")
    stud = ("Jh", "Jc", "5c", "4h", "2d")
    campaign.execute(Deal(((JACK.name, jack), (LUKE.name, luke), ("Dealer", stud))))
    campaign.execute(Call(((JACK.name, jack), (LUKE.name, luke[:5]), ("Dealer", stud))))


def watched(campaign: Campaign[Any]) -> tuple[GmScreenApp, Notices]:
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


@synchronous
async def test_a_sheet_sent_back_untouched_corrects_nothing(tmp_path: Path) -> None:
    # e then ctrl+s wrote "the sheet is corrected" though nothing changed: the form fills in
    # each sheet exactly as it is, and sent back so it stays open, saying so
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pane = app.screen.query_one(CharactersPane)
        corrected = 0
        for _ in campaign.state.characters:
            if pane.why_not("change") is None:  # not one holding a hand in the jail conflict
                await fill(pilot, "e")
                assert "as it was" in refusal_shown(app, "Characters").refusal
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, Form))
                corrected += 1
            await pilot.press("down")
        assert corrected >= 5 and len(campaign.events) == count
    campaign.close()


@synchronous
async def test_a_rating_that_is_no_number_is_refused_naming_it(tmp_path: Path) -> None:
    # a superscript two reads as a digit to isdigit but is no number: the points tally under
    # the sheet form took the app down as it was typed
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "m", name="Dylan McCreedy", hand="²", eye="5", guts="3", heart="1",
                   trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4", devil="Dynamite", devil_rating="2")
        form = refusal_shown(app, "Hand ♠")
        assert form.refusal == "Hand ♠: '²' is not a whole number"
        assert len(campaign.events) == count


@synchronous
async def test_a_sheet_breaking_the_book_is_refused_with_the_rule(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "m", name="Dylan McCreedy", hand="5", eye="5", guts="3", heart="1",
                   trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4, Blastin' 4, Shootin' 3", devil="Dynamite",
                   devil_rating="2")
        assert len(campaign.events) == count
        # the form stays open with everything typed, on the field the rule names
        form = refusal_shown(app, "Attribute points")
        assert form.values()["name"] == "Dylan McCreedy" and form.values()["eye"] == "5"
        assert form.focused is form.widget_of("hand")
        await fill(pilot, eye="4")
        await until(pilot, lambda: campaign.state.character("Dylan McCreedy") is not None)
        assert not isinstance(app.screen, Form)
        # the sheet just made is the one shown; up to Jim, the first
        selected = app.screen.query_one(CharactersPane).selected()
        assert selected is not None and selected.name == "Dylan McCreedy"
        for _ in range(7):
            await pilot.press("up")
        # Jim's Devil is set for the session and holds: v offers to correct one typed
        # wrong, and is cancelled; the Dealer's Merrill is his to set
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, Form))
        correcting = app.screen
        assert isinstance(correcting, Form) and correcting.title_text.startswith("Correct")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        for _ in range(5):
            await pilot.press("down")
        await fill(pilot, "v", devil_rating="1")
        await until(pilot, lambda: campaign.state.characters[5].devil_rating == 1)
        assert [c.devil_rating for c in campaign.state.characters[:6]] == [3, 2, 2, 1, 3, 1]


@synchronous
async def test_chips_buy_advances_by_keys(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    luke = '"Lucky" Luke Johnson'  # 5 Chips in the sample; Lock Pickin' 1; 5 Knacks of 6
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for _ in range(3):
            await pilot.press("down")
        await fill(pilot, "k", knack="Lock Pickin'")  # to 2: two Chips
        await fill(pilot, "K", knack="Cookin'")  # new at 1: two Chips
        count = len(campaign.events)
        # one Chip is left and the cheapest raise (Hand to 4) is eight: nothing to offer,
        # so the key says why and opens no form
        await pilot.press("a")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Improve attributes"
        assert not isinstance(app.screen, Form)
        assert len(campaign.events) == count
        who = campaign.state.character(luke)
        assert who is not None and who.chips == 1
        assert who.knack("Lock Pickin'") == 2 and who.knack("Cookin'") == 1
        assert [e.reason for e in who.ledger[-2:]] == ["raises Lock Pickin' to 2",
                                                      "learns Cookin' at 1"]


@synchronous
async def test_every_column_is_readable_at_80_columns(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:

        seen: set[str] = set()

        def fits(table_id: str) -> None:
            table = app.screen.query_one(table_id, DataTable)
            assert table.virtual_size.width <= table.size.width <= 80, table_id
            seen.update(str(c.label) for c in table.ordered_columns)

        await to_tab(pilot, "Characters")
        fits("#dd-characters")
        await to_tab(pilot, "Conflict")
        fits("#dd-hands")
        # the Draw as offered: picking Long Tom offers his plain discards, not Zeke's
        await fill(pilot, "w", name='"Long" Tom Meredith')
        await until(pilot, lambda: campaign.state.conflict.participant(
            '"Long" Tom Meredith').drawn)
        tom = campaign.state.conflict.participant('"Long" Tom Meredith')
        assert tom.discarded == ("7s", "8d", "Qd")  # Fightin' 3
        await fill(pilot, "w")
        await until(pilot, lambda: campaign.state.conflict.participant("Zeke Munroe").drawn)
        zeke = campaign.state.conflict.participant("Zeke Munroe")
        assert zeke.discarded == ("2c", "4h")  # Wrestlin' 2
        await fill(pilot, "l")  # the Call: the rows show what was laid and who won
        await until(pilot, lambda: campaign.state.conflict.phase == "resolve")
        await pilot.pause()
        headings = [str(c.label) for c in
                    app.screen.query_one("#dd-hands", DataTable).ordered_columns]
        assert headings == ["Hand", "Laid", "Made", "Result"]
        fits("#dd-hands")
        await fill(pilot, "k")  # Zeke places the Difficulty as offered
        await pilot.press("e")
        await until(pilot, lambda: campaign.state.conflict is None)
        # the entrant form offers the Knacks of the character picked, and follows the pick
        form = await opened(pilot, "a")
        set_field(form, "name", '"Long" Tom Meredith')
        await pilot.pause()
        assert [v for _, v in form.options_of("knack")][:2] == ["Fightin'", "Interrogatin'"]
        set_field(form, "name", "Zeke Munroe")
        await pilot.pause()
        await fill(pilot, goal="throw Long Tom out", first="Hand", second="Guts",
                   knack="Wrestlin'")
        await until(pilot, lambda: campaign.state.entering)
        assert [e.knack for e in campaign.state.entering] == ["Wrestlin'"]
        assert notices.of("warning") == []
    # every column heading the tabs show has a glossary entry
    words = words_of("gmscreen.games.dust_devils")
    assert {"Name", "Win", "Laid"} <= seen
    assert sorted(h for h in seen if find(words, h) is None) == []


@synchronous
async def test_a_key_that_does_not_apply_now_says_why(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the sample's jail conflict is at the Draw
        for key in ("d", "k", "a", "t"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, Form), f"{key} opened a form"
        await until(pilot, lambda: len(notices.of("warning")) == 4)
        told = notices.of("warning")
        # each step refused under its own rule, with the steps that apply now
        assert [n.title for n in told] == ["The Deal", "Difficulty", "Conflict",
                                           "Open threads"]
        assert told[0].message.startswith("that is over: the conflict is at the Draw. "
                                          "Draw: w")
        assert told[1].message.startswith("not yet: the conflict is at the Draw. Draw: w")
        assert told[2].message.startswith("'The bounty money at the jail' is still under way")
        pane = app.screen.query_one(ConflictPane)
        deal = next(run for name, _, run in pane.palette_commands() if name == "Deal")
        await deal()  # from the palette too
        await until(pilot, lambda: len(notices.of("warning")) == 5)
        await to_tab(pilot, "Characters")
        for _ in range(4):  # Merrill, a non-player character, below the four players
            await pilot.press("down")
        # then Clara Hardin, who has left play in the sample, listed last
        await pilot.press("g", "t", "down", "down", "g")
        await until(pilot, lambda: len(notices.of("warning")) == 8)
        assert [(n.title, n.message.split(":")[0]) for n in notices.of("warning")[5:]] == [
            ("Chips", "Merrill Randolph is a non-player character"),
            ("The Road to Hell", "Merrill Randolph's fate is not due"),
            ("The Road to Hell", "Clara Hardin has left play (moves on)")]
        assert len(campaign.events) == count


@synchronous
async def test_a_conflict_form_refused_by_the_rules_keeps_what_was_typed(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the jail conflict, at the Draw
        # one card typed for two thrown read "Cards drawn: 2 cards needed, 1 typed": no
        # rule, and not why two (the Dealer deals as many as are thrown)
        await fill(pilot, "w", name="Zeke Munroe", discards="2c 4h", drawn="3s")
        form = refusal_shown(app, "The Draw")
        assert "2 discarded, 1 drawn" in form.refusal
        assert form.values().text("drawn") == "3s"
        assert form.focused is form.widget_of("drawn"), "the field refused"
        # Zeke's Wrestlin' 2 lets him change two cards, not three
        await fill(pilot, discards="2c 4h 8c", drawn="3s 5s 6s")
        form = refusal_shown(app, "The Draw")
        assert "at most 2" in form.refusal
        assert len(campaign.events) == count
        values = form.values()
        assert (values.text("name"), values.text("discards"), values.flag("chip"),
                values.text("drawn")) == ("Zeke Munroe", "2c 4h 8c", False, "3s 5s 6s")
        assert form.focused is form.widget_of("discards"), "the field refused"
        # a Chip buys the third card: the same form, one field changed, goes through
        await fill(pilot, chip=True)
        await until(pilot, lambda: campaign.state.conflict.participant("Zeke Munroe").drawn)
        zeke = campaign.state.conflict.participant("Zeke Munroe")
        assert zeke.discarded == ("2c", "4h", "8c")
        assert zeke.hand[-3:] == ("3s", "5s", "6s")


@synchronous
async def test_tab_walks_every_field_of_the_draw_when_no_chip_can_be_spent(
        tmp_path: Path) -> None:
    # Zeke with no Chip: his box for a Chip's card was disabled, which took it out of the
    # Tab order, so a Dealer who tabbed four times from the Hand to type the cards drawn
    # was on the buttons and the cards he typed went nowhere
    campaign = sample(tmp_path)
    campaign.execute(GiveChips(ZEKE.name, -3, "lost at faro"))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the jail conflict, at the Draw
        form = await opened(pilot, "w")
        assert form.values().text("name") == ZEKE.name
        walked = []
        for _ in range(4):
            await pilot.press("tab")
            walked.append(form._key_of(app.focused))
        assert walked == ["discards", "knack", "chip", "drawn"]
        await pilot.press(*"3s 5s")
        assert form.values().text("drawn") == "3s 5s"
        # the box is there but cannot be ticked: space leaves it empty, and says why
        await pilot.press("shift+tab", "space")
        await pilot.pause()
        assert form.values().flag("chip") is False
        assert "One more (Chip): Zeke Munroe has 0 Chips; this costs 1." in str(
            form.query_one("#form-preview", Static).render())
        await pilot.press("tab", "ctrl+s")
        await until(pilot, lambda: campaign.state.conflict.participant(ZEKE.name).drawn)
        assert campaign.state.conflict.participant(ZEKE.name).hand[-2:] == ("3s", "5s")


@synchronous
async def test_the_discards_offered_follow_the_chip_ticked(tmp_path: Path) -> None:
    # Zeke's Wrestlin' 2 offers his two lowest loose cards; ticking the Chip's card more
    # left them at two, and the stud hand's box (no discard offered) sent a redraw of
    # nothing. The plain discards follow the box until the Dealer types his own
    app, _ = watched(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")  # the jail conflict, at the Draw
        form = await opened(pilot, "w")
        assert form.values().text("name") == ZEKE.name
        assert form.values().text("discards") == "2♣ 4♥"
        set_field(form, "chip", True)
        await pilot.pause()
        assert form.values().text("discards") == "2♣ 4♥ 8♣"
        set_field(form, "chip", False)
        await pilot.pause()
        assert form.values().text("discards") == "2♣ 4♥"
        set_field(form, "discards", "2c")  # the Dealer's own, kept
        await pilot.pause()
        set_field(form, "chip", True)
        await pilot.pause()
        assert form.values().text("discards") == "2c"


@synchronous
async def test_the_hands_fit_80_columns_after_one_entering_at_0_is_added(
        tmp_path: Path) -> None:
    # Black Jack added at Guts 0 read "entering, at 0" in the Status column; once the
    # conflict opened and was dealt the column kept that width, and at 80 columns the
    # Win column was cut to "100" behind a scroll bar
    campaign = sample(tmp_path)
    campaign.execute(DealerFolds())  # the sample's jail conflict ends unresolved
    campaign.execute(OpenConflict("A card sharp's stare", (
        Entrant(JACK.name, "hold his nerve", ("Guts", "Heart")),), stud=5))
    campaign.execute(Deal(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh", "4s")),
                           ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    campaign.execute(Call(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh")),
                           ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    campaign.execute(TakeDifficulty(JACK.name, (("Guts", 2),)))
    campaign.execute(EndConflict())
    campaign.execute(AddEntrant(Entrant(JACK.name, "bluff the mayor", ("Guts", "Heart"))))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#dd-hands", DataTable)
        await fill(pilot, "o", title="Black Jack's last bluff", stud="5")
        await until(pilot, lambda: campaign.state.conflict is not None)
        await pilot.press("d")
        await until(pilot, lambda: campaign.state.conflict.phase == "draw")
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width <= 80
        # and once he has drawn ("at 0, drawn"), his Devil's two cards
        await fill(pilot, "w")
        await until(pilot, lambda: campaign.state.conflict.participant(JACK.name).drawn)
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width <= 80


def _faro(folder: Path) -> Campaign[Any]:
    campaign = sample(folder)
    campaign.execute(DealerFolds())  # the sample's jail conflict ends unresolved
    campaign.execute(OpenConflict("A hand of faro", (Entrant(
        '"Black" Jack Kerrigan', "clean out the table", ("Eye", "Heart")),), stud=5))
    return campaign


@synchronous
async def test_a_recovery_chosen_fills_in_the_points_back_and_the_stud_hand(
        tmp_path: Path) -> None:
    # Luke lost a point of Heart in the sample: choosing him for a recovery fills in that
    # point and the stud hand of 3 it calls for, so the Dealer needs no book to set it up
    campaign = sample(tmp_path)
    campaign.execute(DealerFolds())
    luke = campaign.state.character('"Lucky" Luke Johnson')
    assert luke is not None and luke.values != luke.ratings
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "a", name=JIM.name, goal="buy Luke a drink", first="Heart",
                   second="Guts", knack="Drinkin'")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert form.values().text("stud") == "5"
        set_field(form, "patient", luke.name)
        await pilot.pause()
        assert (form.values().text("recover"), form.values().text("stud")) == ("Heart 1", "3")
        await fill(pilot, title="A drink at the Red Roof")
        await until(pilot, lambda: campaign.state.conflict is not None)
        conflict = campaign.state.conflict
        assert conflict is not None and conflict.stud == 3


@synchronous
async def test_the_cards_dealt_at_the_table_are_typed(tmp_path: Path) -> None:
    campaign = _faro(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # the Dealer's own pack: any spelling of a card, and a joker
        await fill(pilot, "D", h0="A♠ Ks qs 10s Ts 9S 8s Joker", h1="2c 3c 4c 5c 6c")
        form = refusal_shown(app, "The Deal")  # the ten of spades typed twice
        assert form.focused is form.widget_of("h0")
        await fill(pilot, h0="A♠ Ks qs 10s Js 9S 8s Joker")
        await until(pilot, lambda: campaign.state.conflict.phase == "draw")
        assert [p.hand for p in campaign.state.conflict.participants] == [
            ("As", "Ks", "Qs", "Ts", "Js", "9s", "8s", "*"), ("2c", "3c", "4c", "5c", "6c")]


@synchronous
async def test_a_hand_left_blank_is_dealt_by_the_app_from_what_is_left(
        tmp_path: Path) -> None:
    campaign = _faro(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "D", h0="2c 3c 4c 5c 6c 7c 8c 9c", h1="")
        await until(pilot, lambda: campaign.state.conflict.phase == "draw")
        jack, dealer = campaign.state.conflict.participants
        assert jack.hand == ("2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c")
        assert len(dealer.hand) == 5 and not set(dealer.hand) & set(jack.hand)


@synchronous
async def test_a_characters_sheet_lists_the_notes_about_it(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.note("Owes Black Jack ten dollars.", about=[JIM.name])
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")

        def sheet() -> str:
            return str(app.screen.query_one("#dd-sheet-text", Static).render())

        assert "Session 1: Owes Black Jack ten dollars." in sheet()  # Jim, highlighted
        # a note written while the tab is shown, about the one highlighted next
        campaign.note("Sleeps in the livery [stable].", about=[ZEKE.name], public=True)
        app.screen.query_one(CharactersPane).show(campaign)  # as after any step
        await pilot.press("down")
        await until(pilot, lambda: "livery" in sheet())
        assert "Session 1 (told to the table): Sleeps in the livery [stable]." in sheet()
        assert "Black Jack ten dollars" not in sheet()
        campaign.undo()


@synchronous
async def test_a_renamed_characters_sheet_keeps_the_notes_about_its_old_name(
        tmp_path: Path) -> None:
    # a name typed wrong and put right on the sheet (e): the notes written about it under
    # the wrong name are still his, and a note corrected since reads as corrected
    campaign = sample(tmp_path)
    campaign.execute(DealerFolds())  # the jail conflict: his sheet may be corrected now
    campaign.note("Sleeps in the livery.", about=[ZEKE.name])
    campaign.note("Owes the barber.", about=[ZEKE.name])
    zeke = campaign.state.character(ZEKE.name)
    assert zeke is not None
    campaign.execute(ChangeCharacter(ZEKE.name, replace(ZEKE, name="Zeke Monroe",
                                                        chips=zeke.chips)))
    campaign.correct_note(campaign.notes_about(ZEKE.name)[-1].seq, "Owes the undertaker.",
                          about=[ZEKE.name])
    campaign.note("Drinks alone.", about=["Zeke Monroe"])
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("down")  # Zeke, renamed

        def sheet() -> str:
            return " ".join(str(app.screen.query_one("#dd-sheet-text", Static).render())
                            .split())

        await until(pilot, lambda: "Zeke Monroe" in sheet())
        said = sheet()
        assert "livery" in said and "undertaker" in said and "Drinks alone" in said, said
        assert "barber" not in said
        assert said.index("livery") < said.index("undertaker") < said.index("Drinks"), said


@synchronous
async def test_every_abbreviation_a_tab_shows_is_explained_under_its_table(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = watched(campaign)
    words = words_of("gmscreen.games.dust_devils")
    async with app.run_test(size=(80, 24)) as pilot:

        def note(pane: type[Any] = ConflictPane) -> str:
            return str(app.screen.query_one(pane).query_one("#dd-note", Static).render())

        await to_tab(pilot, "Characters")
        # "2/3" and "-" in the rows; every Devil set, so no "?" (round 11: the key says the
        # marks its rows show)
        assert note(CharactersPane) == "3/4: Difficulty left 3 of 4. -: none."
        await to_tab(pilot, "Conflict")
        assert note() == ("Deal: the attributes' suits and the cards due. Win: the chance at "
                          "the Call.")
        await fill(pilot, "l")
        await until(pilot, lambda: campaign.state.conflict.phase == "resolve")
        await until(pilot, lambda: note().startswith("Laid:"))
        assert note() == "Laid: the cards laid at the Call. Made: the poker hand they make."
    for short in ("3/4", "-", "?", "Deal", "Win", "Laid", "Made"):
        assert find(words, short) is not None, short


@synchronous
async def test_the_knacks_offered_show_their_ratings(tmp_path: Path) -> None:
    # a Knack's rating is how many cards the Draw may change with it (book line 192): the
    # Dealer ruling one relevant sees each with its rating, at entry and at the Draw
    campaign = sample(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for key, title, name in (("w", "The Draw", ZEKE.name),
                                 ("a", "A character enters the conflict", JIM.name)):
            await pilot.press(key)

            def opened(title: str = title) -> bool:
                shown = app.screen
                return isinstance(shown, Form) and shown.title_text == title

            await until(pilot, opened)
            form = app.screen
            assert isinstance(form, Form) and form.values()["name"] == name
            offered = next(f.options for f in form.fields if f.key == "knack")
            who = campaign.state.character(name)
            assert who is not None
            knacks = tuple((f"{k} {r}", k) for k, r in who.knacks)
            if key == "w":
                # the Draw offers first the Knack named at entry, said so, where its blank
                # read "(none)" and was taken for no Knack at all
                assert offered == (("Wrestlin' 2, named at entry", ""),
                                   *(o for o in knacks if o[1] != "Wrestlin'"))
                set_field(form, "name", TOM.name)
                box = form.widget_of("knack").query_one(SelectCurrent)

                def reads_toms(box: SelectCurrent = box) -> bool:
                    return str(box.label) == "Fightin' 3, named at entry"

                await until(pilot, reads_toms)
            else:
                assert offered == knacks
            assert any(label.endswith((" 2", " 4")) for label, _ in knacks)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
            if key == "w":
                campaign.execute(DealerFolds())  # between conflicts now: a sets one up


@synchronous
async def test_every_lay_offered_at_the_call_is_one_the_rules_take(tmp_path: Path) -> None:
    # at the Call each hand lays five cards, or all it holds (book line 198): the Call's
    # form offers each hand's best lay and the lay that keeps its high card, one always
    # chosen, and no blank that lays nothing (it was refused every time: "not 0")
    campaign = sample(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "l")
        state = campaign.state
        conflict = state.conflict
        assert conflict is not None
        chosen = [f for f in form.fields if f.key.startswith("c")]
        assert len(chosen) == len(conflict.active) == 2
        for field in chosen:
            assert not getattr(form.widget_of(field.key), "_allow_blank", False), field.key
            assert form.values()[field.key] == field.options[0][1]
        assert [label.split(":")[0] for label, _ in chosen[1].options] == ["best", "keeps Q♦"]
        for lays in product(*([value for _, value in f.options] for f in chosen)):
            RULES.decide(state, Call(tuple((p.name, tuple(lay.split()))
                                           for p, lay in zip(conflict.active, lays,
                                                             strict=True))))


@synchronous
async def test_the_deal_and_the_draw_are_in_the_palette_drawn_or_typed(tmp_path: Path) -> None:
    # Dust Devils has no random table: what the app draws on the Dealer's word is the Deal
    # and the Draw, each also typed from the table's own pack
    campaign = _faro(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        palette = {c.title: c for c in shell_commands(app, screen)}
        assert {"Conflict: Deal", "Conflict: Type deal", "Conflict: Draw"} <= palette.keys()
        assert "shuffled" in palette["Conflict: Deal"].help
        await palette["Conflict: Type deal"].callback()
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        count = len(campaign.events)
        await palette["Conflict: Deal"].callback()
        await until(pilot, lambda: len(campaign.events) > count)
        assert campaign.events[-1].kind == "dust_devils.cards_dealt"
        await palette["Conflict: Draw"].callback()
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.pause()
        drawing = app.screen
        assert isinstance(drawing, Form) and drawing.fields[-1].key == "drawn"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))


def _no_refused_blank(form: Form, key: str) -> str:
    """The value `key` holds as the form opens: one of its choices, with no blank beside
    them that every rule would refuse."""
    field = next(f for f in form.fields if f.key == key)
    assert field.kind in ("one", "pick"), (key, field.kind)
    value = form.values()[key]
    assert value in [choice for _, choice in field.options], (key, value)
    return str(value)


@synchronous
async def test_a_field_that_must_be_filled_offers_no_blank_and_holds_the_likely_choice(
        tmp_path: Path) -> None:
    # the Draw's Hand, the fold's Who and the raises' choices began with a "(none)" that
    # the rules refused every time; now one is always chosen: the hand whose turn it is,
    # the only player who may fold, the first raise offered
    opened = (("Conflict", "w", "name", ZEKE.name), ("Conflict", "f", "name", ZEKE.name),
              ("Characters", "a", "attribute", None), ("Characters", "k", "knack", None))
    campaign = sample(tmp_path)
    # Jim's three Chips pay for no attribute (Heart to 3 is six): the key would open no form
    campaign.execute(GiveChips(JIM.name, 6, "a windfall"))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab, key, field, likely in opened:
            await to_tab(pilot, tab)
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, Form))
            assert isinstance(app.screen, Form)
            held = _no_refused_blank(app.screen, field)
            assert likely is None or held == likely, (key, held)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))


@synchronous
async def test_the_entrant_form_offers_only_characters_who_may_enter(tmp_path: Path) -> None:
    # Clara Hardin has left play in the sample (her fate recorded: she moves on); the book's
    # Road to Hell ends her struggling days, and the rules refuse her as an entrant, so the
    # form no longer offers her beside those who may enter
    campaign = sample(tmp_path)
    campaign.execute(DealerFolds())  # the jail conflict ends: a sets one up
    clara = campaign.state.character("Clara Hardin")
    assert clara is not None and not clara.in_play
    refused = steps.why_not_enter(campaign.state,
                                  Entrant(clara.name, "one more word", ("Hand", "Eye")))
    assert refused is not None and refused.rule == "The Road to Hell"
    assert refused.field == "name"
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert isinstance(app.screen, Form)
        field = next(f for f in app.screen.fields if f.key == "name")
        offered = [choice for _, choice in field.options]
        assert clara.name not in offered
        assert offered == list(steps.who_may_enter(campaign.state))
        assert offered == [w.name for w in campaign.state.characters if w.in_play]
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))


def test_the_end_pays_the_stakes_only_of_a_conflict_that_has_some() -> None:
    # Stakes are a reward the Dealer may offer (book line 230): a conflict without them
    # ends without "pays the Stakes" (and one whose Stakes nobody won, too: see
    # test_hanged_man for the end that pays them)
    for stakes in (0, 2):
        state = DustDevilsState(conflict=Conflict(1, "Cards", stakes, "resolve", ()))
        told = next_step(state, lambda action: None)
        assert told.endswith("e ends it.") and "K the narrator hands anyone Difficulty" in told


@synchronous
async def test_the_dealer_picks_which_loser_places_difficulty(tmp_path: Path) -> None:
    # the posse's hand beats Jack and Luke (book line 176); the table takes the losers in
    # its own order, so the form asks whose Difficulty, and its split follows the pick
    from gmscreen.games.dust_devils.sample import LUKE
    from tests.dust_devils.test_session import new_campaign

    campaign = open_campaign(new_campaign(tmp_path), rules_for)
    campaign.start_session()
    do = campaign.execute
    do(OpenConflict("The posse at the cliff", (
        Entrant(JACK.name, "leap", ("Guts", "Hand")),
        Entrant(LUKE.name, "leap", ("Guts", "Hand"))), stud=5))
    dealt_and_called_against_the_posse(campaign)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        form = await opened(pilot, "k")
        assert form.values().text("name") == JACK.name
        first = form.values().text("split")
        set_field(form, "name", LUKE.name)
        await pilot.pause()
        luke_split = form.values().text("split")
        assert luke_split and form.values().text("name") == LUKE.name
        await pilot.press("ctrl+s")
        await until(pilot, lambda: LUKE.name in campaign.state.conflict.placed)
        assert JACK.name not in campaign.state.conflict.placed
        # the one left is asked alone, as ever
        form = await opened(pilot, "k")
        assert "name" not in form.values() and form.values().text("split") == first


@synchronous
async def test_a_conflict_opened_again_after_u_is_taken_back_by_u_too(tmp_path: Path) -> None:
    """A Dealer who took back a conflict with u and opened another, then finds that one
    wrong too, presses u once more: the journal's event just before the second conflict is
    the first one's undo, which u went back to, and the journal refused."""
    campaign = sample(tmp_path)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for _ in range(2):
            assert campaign.state.conflict is not None
            await pilot.press("u")  # the shell shows what goes back and asks
            await pilot.pause()
            await pilot.press("y")
            await until(pilot, lambda: campaign.state.conflict is None)
            campaign.execute(OpenConflict("Saloon brawl", (
                Entrant(ZEKE.name, "stay standing", ("Hand", "Guts"), devil=0),), stud=5))
            app.query_one(ConflictPane).redraw()
            await pilot.pause()
        assert not notices.of("warning"), notices.of("warning")
    campaign.close()


@synchronous
async def test_the_palette_finds_the_narration_steps_by_the_tabs_words(tmp_path: Path) -> None:
    # the tab says "b bids for narration" and "r restores the narrator's point", but the
    # palette listed "Conflict: Narration" (typing "bid" found nothing) and "Conflict:
    # Restore", helped by "... restores a point of this conflict's", a line cut short. The
    # footer's labels stay short: a longer one pushed ^z Undo off it at 80 columns
    from textual.fuzzy import Matcher

    campaign = sample(tmp_path)  # the jail conflict, called: narration is next
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        palette = {c.title: c.help for c in shell_commands(app, screen)}

        def found(typed: str) -> list[str]:
            matcher = Matcher(typed)
            return [title for title in palette
                    if title.startswith("Conflict:") and matcher.match(title)]

        (bid,) = found("bid")
        assert "Chips" in palette[bid] and "narrat" in palette[bid]
        (restore,) = found("restore")
        # the help ends in the key, as the Dealer set it
        assert palette[restore].endswith("Difficulty (r)"), palette[restore]
        await until(pilot, lambda: "b Bid" in screen_text(app).splitlines()[-1])
        assert "^z Undo" in screen_text(app).splitlines()[-1]


@synchronous
async def test_the_sheet_form_says_what_its_devil_and_chips_are_for(tmp_path: Path) -> None:
    # a Dealer making his first characters from the app met a Chips field with nothing under
    # it (the book leaves Chips to begin play to him, line 289), a Devil field with nothing,
    # and a Devil rating that said "1 to 3" though the player picks it anew as each session
    # begins (line 115): what the sheet's number is for was left to the book
    campaign = sample(tmp_path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "m")

        async def about(key: str) -> str:
            form.widget_of(key).focus()
            await pilot.pause()
            return " ".join(str(form.query_one("#form-about", Static).render()).split())

        assert "to begin play" in await about("chips")
        assert "each session begins" in await about("devil_rating")
        assert "dark past" in await about("devil")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # a sheet corrected holds the Chips held now, not those it began with
        form = await opened(pilot, "e")
        assert "The Chips held now" in await about("chips")
    campaign.close()
