"""Dust Devils with the Dealer's own keys (round 25): every word of the tabs, their refusals,
forms and F1's words that names a step's key names the key as set in `[keys]`; words the
rules and the view write, which cannot know the keymap (refusals, notices, the replay, the
glossary), name the step by its name instead. The table's side names no key at all."""

from __future__ import annotations

import re
from pathlib import Path

from gmscreen.games.dust_devils import rules, sheet
from gmscreen.games.dust_devils.commands import Entrant
from gmscreen.games.dust_devils.panes.conflict import next_step, step_words
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.games.dust_devils.view import dealer_sections
from gmscreen.journal.sections import printed
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.keys_line import KeysLine
from gmscreen.ui.steps import StepPane
from tests.dust_devils.game import hands_laid_out, sample
from tests.dust_devils.test_at_the_table import _blank
from tests.pilot import Notices, abouts, form_up, screen_text, synchronous, to_tab, until

#: every step of both tabs on a key of its own, none the book's
KEYS = {
    "dust_devils.make": "M", "dust_devils.change": "E", "dust_devils.hanged_man": "ctrl+g",
    "dust_devils.devil": "ctrl+d", "dust_devils.session_devils": "ctrl+e",
    "dust_devils.fate": "T", "dust_devils.give": "G", "dust_devils.raise_attribute": "A",
    "dust_devils.raise_knack": "ctrl+k", "dust_devils.buy_knack": "ctrl+n",
    "dust_devils.winner_card": "ctrl+x", "dust_devils.carry_over": "ctrl+a",
    "dust_devils.drop": "X",
    "dust_devils.add_entrant": "A", "dust_devils.withdraw": "X", "dust_devils.open": "O",
    "dust_devils.deal": "ctrl+d", "dust_devils.type_deal": "ctrl+y", "dust_devils.draw": "W",
    "dust_devils.fold": "ctrl+f", "dust_devils.dealer_folds": "ctrl+g",
    "dust_devils.call": "L", "dust_devils.bid": "B", "dust_devils.difficulty": "ctrl+k",
    "dust_devils.narrator_difficulty": "ctrl+n", "dust_devils.restore": "R",
    "dust_devils.end": "E", "dust_devils.close_thread": "T",
    "dust_devils.undo_conflict": "U", "dust_devils.earlier": "H",
    "undo": "ctrl+u", "redo": "ctrl+r", "note": "N", "help": "f2",
    "start_session": "f7", "end_session": "f8",
}

#: a book key named in words: "(m)", "(W, O)", "with t on the", "e ends it"
BOOK_KEY = re.compile(r"\((?:[a-zA-Z], )*[a-zA-Z]\)|\bwith [a-zA-Z] on\b|"
                      r"(?<![\w'])[a-zA-Z] (?:ends|calls|folds|deals|bids|corrects|records)\b")
#: a book key among the keys set (`KEYS` gives only capitals and ctrl+)
LOWER_KEY = re.compile(r"\([a-z]\)|(?<![\w'^])[a-z] (?:ends|calls|folds|deals|bids|corrects)\b")


def watched(app: GmScreenApp) -> Notices:
    notices = Notices()
    notices.watch(app)
    return notices


@synchronous
async def test_the_characters_tab_names_its_keys_as_set(tmp_path: Path) -> None:
    # the rulings line said "(W)" and an Edit on no sheet "make one first (m)", where W
    # and m were no longer those steps' keys; the cast's form said "(m)" too
    app = GmScreenApp(_blank(tmp_path / "a"))
    app.set_keymap(KEYS)
    notices = watched(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "Winner's extra card: off (^x)" in screen_text(app)
        assert "(W)" not in screen_text(app)
        # refused, as by its key (pressed, a refused step's key set is said by the kit:
        # see the kit file, round 25)
        await app.screen.query_one("CharactersPane", StepPane).run_from_palette("change")
        await until(pilot, lambda: notices.of("warning"))
        said = notices.of("warning")[-1].message
        assert said.endswith("make one first (M)"), said
        await pilot.press("ctrl+g")
        form = await form_up(pilot)
        assert "his own character (M)" in abouts(form)["players"]
        assert not LOWER_KEY.search(" ".join(abouts(form).values()))


@synchronous
async def test_the_conflict_tab_and_its_refusals_name_the_keys_as_set(tmp_path: Path) -> None:
    # at the Draw a Deal pressed was refused with "Draw: w for each hand ..., l calls, f
    # folds": the book's keys in a notice, though W, L and ^f took those steps now
    app = GmScreenApp(sample(tmp_path / "a"))
    app.set_keymap(KEYS)
    notices = watched(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await hands_laid_out(pilot)
        shown = screen_text(app)
        assert "W for each hand that changes cards" in shown and "L calls" in shown
        assert "U takes back conflict 5" in shown and "H shows them by session" in shown
        await app.screen.query_one("ConflictPane", StepPane).run_from_palette("deal")
        await until(pilot, lambda: notices.of("warning"))
        said = notices.of("warning")[-1].message
        assert "Draw: W for each hand that changes cards, L calls, ^f folds" in said, said
        assert not LOWER_KEY.search(said) and " w for" not in said


@synchronous
async def test_a_conflict_with_no_one_to_enter_names_the_step_not_a_key(tmp_path: Path
                                                                      ) -> None:
    app = GmScreenApp(_blank(tmp_path / "a"))
    app.set_keymap(KEYS)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        line = app.screen.query_one("#dd-detail", KeysLine) \
            if app.screen.query("#dd-detail") else None
        shown = screen_text(app) if line is None else str(line.render())
        assert "make one first (Make, on the Characters tab)" in shown
        assert "(m " not in shown
        assert not isinstance(app.screen, Form)


def test_the_set_up_words_end_in_the_keys_set() -> None:
    # "Add more with a", "take one out with x", "open the conflict with o": keys at the
    # words' end, which the Keys line's change of a leading key never reached
    keys = {"add_entrant": "A", "withdraw": "X", "open": "O", "session_devils": "^e"}
    state = DustDevilsState(entering=(Entrant("Zeke", "escape", ("Hand", "Guts")),))
    told = "".join(w for _, w in step_words(state, key_of=keys.__getitem__))
    assert told == ("Add more with A, take one out with X, or open the conflict with O "
                    "(title, Stakes, stud hand).")
    # and the book's keys where none is given
    assert next_step(state).startswith("Add more with a, take one out with x")


def test_words_that_cannot_know_the_keymap_name_the_step() -> None:
    # the rules, the view and the glossary are read where no keymap is (a refusal, a
    # notice, `gmscreen replay`, F1's words): they name the step, never its book key
    for text in (sheet.DEVIL_RATING_ABOUT, sheet.CHIPS_ABOUT, sheet.CHIPS_HELD_ABOUT):
        assert not BOOK_KEY.search(text) and " with g" not in text, text
    glossary = (Path(rules.__file__).parent / "glossary.toml").read_text(encoding="utf-8")
    assert not BOOK_KEY.search(glossary)
    assert "H on the Characters tab" not in glossary and "(m makes them)" not in glossary


def test_the_replay_names_no_key(tmp_path: Path) -> None:
    # `gmscreen replay` of the sample at Clara's fate due said "records the fate (t)" and
    # "with t on the Characters tab"
    campaign = sample(tmp_path / "a")
    fate_due = 0
    for seq in range(1, len(campaign.events) + 1):
        told = printed(dealer_sections(campaign.replay(seq).state))
        assert not BOOK_KEY.search(told), (seq, BOOK_KEY.search(told))
        fate_due += "records the fate on the Characters tab (Fate)." in told
    assert fate_due
