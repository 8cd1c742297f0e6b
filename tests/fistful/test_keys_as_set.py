"""The Judge's own keys (round 25): settings.toml's `[keys]` gives a step another key, and
every word of A Fistful of Sixes that names a key names it as set: a sheet's "roll the Out
of action table (o)", the Conflict tab's "(p) tests Grit (a)", "No roll yet. r rolls", the
blank campaign's "Press P", the Put-right form's "ctrl+z". Words that cannot know the keys
(a rule's refusal, F1's words of the game, a replay read away from the keyboard) name the
step instead, or nothing. The keys here are set with the app's keymap, as settings.toml
sets them, never in a user's settings."""

from __future__ import annotations

import re
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.fistful import view
from gmscreen.games.fistful.commands import JoinFight, TakeHarm
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from tests.fistful.test_palette import CORA, bare, highlight, judged, sample
from tests.fistful.test_panes import sections_text, text_of
from tests.pilot import shell_up, synchronous, to_tab, until

#: every key these tests move, each to one its book key never was
MOVED = {"fistful.out_of_action": "O", "fistful.revive": "V", "fistful.lost": "D",
         "fistful.form_posse": "ctrl+g", "fistful.pay_out": "ctrl+d", "undo": "ctrl+u",
         "fistful.next_character": "N", "fistful.next_attribute": "Z",
         "fistful.next_challenge": "Y", "fistful.type_challenge": "ctrl+y",
         "fistful.stakes_up": "asterisk", "fistful.stakes_down": "underscore",
         "fistful.next_floating": "F", "fistful.keep_misfortune": "K",
         "fistful.roll": "R", "fistful.type_roll": "T"}

#: a key written the book's way in brackets, or leading a step's words
BOOK_KEY = re.compile(r"\((?:[a-zA-Z+/-]|ctrl\+\w)\)|\b[a-z] (?:rolls|types|gets|marks)\b")


@synchronous
async def test_the_characters_tab_names_the_keys_the_judge_set(tmp_path: Path) -> None:
    # the sheet of one at 0 Guts read "roll the Out of action table (o)" with o moved to O:
    # the Judge pressed o and got nothing (or, on another tab, another step)
    app, _ = judged(sample(tmp_path, TakeHarm(CORA, 20, "shot")))
    app.set_keymap(MOVED)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        highlight(app, CORA)
        await until(pilot, lambda: "out of action" in text_of(app, "#ff-sheet-text"))
        sheet = text_of(app, "#ff-sheet-text")
        assert "roll the Out of action table (O)" in sheet, sheet
        assert "(o)" not in sheet
        await pilot.press("p")  # Put a figure right: its note names undo and $ as set
        await until(pilot, lambda: "ctrl+u takes back" in " ".join(
            str(w.render()) for w in app.screen.query("Static")))
        note = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "ctrl+z" not in note and "ctrl+d instead" in note, note


@synchronous
async def test_a_blank_campaign_says_the_key_that_forms_the_posse(tmp_path: Path) -> None:
    store = JournalStore.create(tmp_path / "blank.toml", new_header("fistful", "Blank", 7))
    campaign: Campaign[FistfulState] = Campaign.load(rules_for("fistful"), store.load(), store)
    app, _ = judged(campaign)
    app.set_keymap(MOVED)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "to form one" in text_of(app, "#ff-posse"))
        assert "Press ctrl+g to form one." in text_of(app, "#ff-posse")
        # the Wanted Clock tab sends the Judge to the Characters tab's key, as set
        await to_tab(pilot, "2")
        await until(pilot, lambda: "formed (" in sections_text(app))
        assert "formed (ctrl+g on the Characters tab)." in sections_text(app)


@synchronous
async def test_the_conflict_tab_names_each_choice_by_its_key_as_set(tmp_path: Path) -> None:
    # "Cora Dalton (p) tests Grit 18 (a) against Challenge 11 standard (h, H any), Stakes 3
    # of 6 (+/-) / Floating die (f) ... (k)": six keys, every one of them moved
    app, _ = judged(sample(tmp_path))
    app.set_keymap(MOVED)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        await until(pilot, lambda: "tests" in text_of(app, "#ff-setup"))
        setup = " ".join(text_of(app, "#ff-setup").split())
        assert setup.startswith(f"{CORA} (N) tests Grit 18 (Z) against Challenge 11 "
                                "standard (Y, ctrl+y any), Stakes 3 of 6 (*/_)"), setup
        assert "Floating die (F):" in setup and "a failure's doubles (K)" in setup, setup
        assert not any(key in setup for key in ("(p)", "(a)", "(h, H any)", "(+/-)", "(f)",
                                                "(k)")), setup


def test_words_that_cannot_know_the_keys_name_none() -> None:
    # a replay (`gmscreen replay`) is read away from the keyboard: "(o)", "(v)", "(d)",
    # "(g)" named the book's keys there; the rules' refusals named "E", "k", "ctrl+z", "I"
    from gmscreen.games.fistful.commands import Carouse, FlipInitiative
    from tests.fistful.game import book_keys, posse, refused, run, sheet
    down = run(posse(), TakeHarm("Ann", 9, "thrown"), TakeHarm("Jake", 20, "shot"))
    replayed = " ".join(" ".join(getattr(s, "lines", ())) for s in view.dealer_sections(down))
    assert "roll the Out of action table;" in replayed and "aid gets them up, or lost" in (
        replayed)
    assert not BOOK_KEY.search(replayed), replayed
    # the tabs give their keys: the book's here, nothing moved
    ann = down.character("Ann")
    assert ann is not None
    assert "roll the Out of action table (o)" in view.sheet_lines(ann, key_of=book_keys)[2]
    fought = sheet(run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), FlipInitiative("H")),
                   "Ann", dollars=20)
    for error in (refused(fought, Carouse("Ann", 0, 0, (), 4), "Carousing"),
                  refused(fought, FlipInitiative("T"), "Initiative")):
        assert not BOOK_KEY.search(str(error)) and "ctrl+" not in str(error), error
        assert re.search(r"\b[EIk] (?:ends|buys|takes)\b", str(error)) is None, error


def test_the_fight_tab_words_take_the_keys_it_is_given() -> None:
    from tests.fistful.game import posse, run
    fallen = run(posse(), JoinFight("Ann", "Nearby", ("Jake",)), TakeHarm("Ann", 9, "shot"))
    moved = {"fistful.fight_out_of_action": "F7", "fistful.fight_revive": "V"}.get
    said = view.fallen_in_fight(fallen, lambda binding_id: moved(binding_id) or "")
    assert said == "Ann is out of action: roll the Out of action table (F7).", said
    assert view.fallen_in_fight(fallen) == "Ann is out of action: roll the Out of action table."


@synchronous
async def test_the_conflict_tab_with_no_roll_yet_says_the_roll_keys_as_set(tmp_path: Path
                                                                          ) -> None:
    # "No roll yet. r rolls with the app's dice; t types the table's": r and t moved
    app, _ = judged(bare(tmp_path))
    app.set_keymap(MOVED)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        await until(pilot, lambda: "No roll yet" in text_of(app, "#ff-result"))
        assert text_of(app, "#ff-result").startswith(
            "No roll yet. R rolls with the app's dice; T types the table's."), text_of(
            app, "#ff-result")
