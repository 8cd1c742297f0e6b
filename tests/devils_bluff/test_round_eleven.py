"""What round 10 left alone, and the kit's new pieces (round 11): words a Dealer would
trip on (the aftermath's "levels gained by nobody yet", the level form's two colons, the
"Ann's cards" beside "Ann's hand"), names kept whole where the screens wrap a list of them,
and the players' screen on a TV and a phone."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Deploy, EndGame, GainLevel
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.sample import HENDRY, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.sections import Grid
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.players import PlayersApp
from gmscreen.ui.sections import SectionsView
from tests.devils_bluff.helpers import campaign, campaign_sample, pick
from tests.devils_bluff.test_campaign_evenings import game_begun
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import opened, screen_text, synchronous, to_tab, until


def plain(app: PlayersApp | GmScreenApp) -> str:
    """The screen's text, its names' no-break spaces read as spaces."""
    return screen_text(app).replace("\u00a0", " ")


def titled(app: PlayersApp) -> bool:
    """Whether the players' screen shows Sheriff Cole's gang yet."""
    return "Sheriff Cole's gang" in plain(app)


def drawn_whole(app: PlayersApp) -> bool:
    """Whether both gangs' tables are drawn to their last rows (Quill's, Sonny's)."""
    return titled(app) and all(re.search(rf"{last} +Revolver +8/8", plain(app))
                               for last in ("Quill", "Sonny"))


def test_the_aftermath_before_any_level_says_none_is_gained_yet() -> None:
    """Right after a campaign game the aftermath's line read "levels gained by nobody yet;
    kept for good: nobody yet", as if a model called Nobody had levelled. It says what has
    not happened yet in words, and names the models once they have."""
    table = campaign()
    table.execute(EndGame())
    (line,) = view.aftermath_lines(table.state)
    assert line.startswith("After game 1: no level gained yet; no hired gun kept for good "
                           "yet. A level may still go to "), line
    assert "by nobody" not in line, line
    table.execute(GainLevel(HENDRY, "Tough"))
    (line,) = view.aftermath_lines(table.state)
    assert line.startswith(f"After game 1: levels gained by {HENDRY}; no hired gun kept for "
                           "good yet."), line


@synchronous
async def test_the_level_form_says_why_no_ability_in_one_clause(tmp_path: Path) -> None:
    """Ma Hendry's 2nd level: the form read "No ability with this level: this is Ma
    Hendry's 2nd level: an ability comes with the 3rd.", three clauses run together by two
    colons, "level" twice, on two rows at 80x24 ("3rd." alone on the second). The why
    alone now, in one clause and one row, her name whole."""
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame())
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        form = await opened(pilot, "l")
        why = form.note.splitlines()[-1]
        assert why == ("This is Ma\u00a0Hendry's 2nd level, and an ability comes with "
                       "the 3rd."), form.note
        assert ":" not in why
        rows = [" ".join(row.split()) for row in screen_text(app).splitlines()]
        assert any(row.endswith(why.replace("\u00a0", " ") + " █") for row in rows), rows
    campaign_.close()


@synchronous
async def test_the_round_form_names_each_player_s_initiative_cards_apart_from_the_hand(
        tmp_path: Path) -> None:
    """The typed new round asked "Ann's cards" above "Ann's hand": which was which was a
    guess (the cards turned up for the initiative, or the five dealt). The initiative's
    field reads "Ann drew", as the deployment's and the pool's roll-offs do, and a refusal
    names it so."""
    campaign_ = fresh(tmp_path, *game_begun(), Deploy((), shuffle_order(random.Random(1))))
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "R")
        labels = [field.label for field in form.fields]
        assert labels == ["Ann drew", "Bob drew", "Ann's hand", "Bob's hand"], labels
        assert not any(label.endswith("'s cards") for label in labels)
    campaign_.close()



@synchronous
async def test_on_a_tv_mid_game_the_guns_are_in_sight_under_the_gangs(tmp_path: Path) -> None:
    """The one-off sample mid-game on a TV: the two gangs' tables fill the rows beside the
    clock, and the Guns, which the players read at every shot to measure its range and
    count its attacks, fell below them after the special rules, out of sight on a screen
    nobody scrolls. They come straight under the gangs, the rules after them.

    Round 12: since the kit stands the gangs side by side, the whole screen fits at
    200x50, where this test no longer proved the order. It is read where the order
    matters: a TV in a large font (200x30, the gangs side by side) and a wide terminal
    (160x44, the gangs one above the other), where the Guns are in sight under the gangs
    and the special rules below them are not (were the rules first, the Guns would be
    the ones out of sight)."""
    for size in ((200, 30), (160, 44)):
        folder = tmp_path / f"{size[0]}x{size[1]}"
        folder.mkdir()
        path = write_sample(SAMPLES[0], folder)
        app = PlayersApp(path)
        async with app.run_test(size=size) as pilot:
            # read once both gangs' tables are drawn to their last rows: the screen lays
            # itself out again for its room, and one pause after the title read it with
            # the old tables gone and the new ones still coming (the starved wait, round 36)
            await until(pilot, partial(drawn_whole, app))
            shown = plain(app)
            for gun in ("Rapid Fire Rifle: RNG 20\"", "Revolver: RNG 16\"",
                        "Rifle: RNG 30\"", "Shotgun: RNG 8\""):
                assert gun in shown, (size, shown)
            # the size is one where the order matters: the rules are below the fold
            assert "Sheriff Cole: Fearless" not in shown, (size, shown)


@synchronous
async def test_on_a_phone_no_name_is_split_across_two_rows(tmp_path: Path) -> None:
    """At 40x30 the players' screen broke the names in its lists where the row ended:
    "Cards held: Ma Hendry 5, Sheriff" / "Cole 5", and in the initiative just drawn
    "Sheriff" / "Cole goes first", read as two names. Each is kept whole (no-break
    spaces, `sections.names_kept_whole`), on the players' screen only: the recap keeps plain
    spaces."""
    path = write_sample(SAMPLES[0], tmp_path)
    app = PlayersApp(path)
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "Cards held" in plain(app))
        rows = [row.strip(" ▄▅▁▃▇") for row in plain(app).splitlines()]
        names = ("Ma Hendry", "Sheriff Cole")
        for name in names:
            first, last = name.split()
            split = [(a, b) for a, b in itertools.pairwise(rows)
                     if a.endswith(f" {first}") and b.startswith(last)]
            assert not split, split
        held = next(n for n, row in enumerate(rows) if row.startswith("Cards held:"))
        assert "Sheriff Cole 5" in " ".join(rows[held:held + 2]), rows
    campaign_ = open_campaign(path, rules_for)
    told = [view.table_tells(e) or "" for e in campaign_.events
            if e.kind.startswith("devils_bluff.")]
    told.append(view.table_stands(view.table_knows(campaign_.state), leaving=True) or "")
    assert any("Sheriff Cole" in line for line in told) and "\u00a0" not in "".join(told)
    campaign_.close()


@synchronous
async def test_where_every_row_fits_the_gangs_name_each_gun_whole(tmp_path: Path) -> None:
    """Joe Two Moons' gun read "RF Rifle" on a TV with a hundred columns to spare; the
    Guns below call it the Rapid Fire Rifle. Where every row fits as a table the gangs
    name it whole (the kit's wide rows), and between games each ability too, where the
    roster's Ab column wrote two letters ("Ha") for the note to spell out; on a phone the
    short words stay."""
    path = write_sample(SAMPLES[0], tmp_path)
    app = PlayersApp(path)
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Joe Two Moons" in plain(app))
        assert re.search(r"Joe Two Moons +Rapid Fire Rifle +8/8", plain(app)), plain(app)
        await pilot.resize_terminal(40, 30)
        # the phone's records (no table has room) waited for, where a pause read the TV's
        # tables still there (the starved wait, round 36)
        await until(pilot, lambda: titled(app) and not app.query_one(SectionsView).query(
            DataTable).nodes and app.query(".section-records").nodes)
        assert "Rapid Fire Rifle  8/8" not in plain(app)
    table = campaign()
    table.execute(EndGame())
    known = view.table_knows(table.state)
    known = replace(known, models=(replace(known.models[0], ability="Hail of Fire"),
                                   *known.models[1:]))
    grids = [s for s in view.table_sections(known) if isinstance(s, Grid)]
    (noted,) = [g for g in grids if g.note]
    assert noted.wide_note == view.ROSTER_NOTE and "Ha: Hail of Fire" in noted.note, noted
    first = known.models[0].name
    assert {r[0]: r[-1] for g in grids for r in g.rows}[first] == "Ha"
    assert {r[0]: r[-1] for g in grids for r in g.wide}[first] == "Hail of Fire"


def test_the_log_names_each_kind_in_the_game_s_words() -> None:
    """The log's filter, its detail line and `gmscreen log --kind` read the kinds' ids as
    words: "Free forgone" (the tabs say a free action is let go), "Hired kept" (kept for
    good), "Picks rolled" (the roll-off for the first pick). Each has the game's words."""
    assert kind_name("devils_bluff.free_forgone") == "Free action let go"
    assert kind_name("devils_bluff.hired_kept") == "Hired gun kept for good"
    assert kind_name("devils_bluff.picks_rolled") == "Roll-off for the first pick"
    assert kind_name("devils_bluff.enlisted") == "Enlisted"


@synchronous
async def test_the_dealer_s_tabs_keep_a_long_name_whole_in_their_lists(tmp_path: Path) -> None:
    """At 80x24 the Conflict tab's status broke "scores Ma Hendry 0, Bartholomew" /
    "Fitzgerald-Hawthorne 0": the Dealer read a player called Fitzgerald-Hawthorne. The
    status and the Characters tab's lines wrap between names, never inside one (the kit's
    KeptWhole, the text's own spaces kept), each with its score."""
    from tests.devils_bluff.test_fit import PLAYER, long_named_journal
    first, _, last = PLAYER.partition(" ")
    campaign_ = open_campaign(long_named_journal(tmp_path / "c"), rules_for)
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab in ("Conflict", "Characters"):
            await to_tab(pilot, tab)
            await pilot.pause()
            rows = [row.rstrip() for row in screen_text(app).splitlines()]
            assert not any(row.endswith(f" {first}") for row in rows), "\n".join(rows)
            assert not any(row.startswith(last) for row in rows), "\n".join(rows)
            # nor a score alone on a row, its name on the one above ("0")
            assert not any(re.fullmatch(r"\d+", row.strip()) for row in rows), rows
    campaign_.close()


@synchronous
async def test_the_activate_list_says_the_highlighted_model_s_gun_wounds_and_tokens(
        tmp_path: Path) -> None:
    """The Activate form listed the names alone, over the models' table it hid: which of
    them was wounded, suppressed, or carried the Rifle was a guess made blind. Under the
    list the highlighted model's row is said (the kit's about_each)."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "a")
        shown = " ".join(plain(app).split())
        assert ("Sheriff Cole: Revolver · HP 11/11 · Tok 0. Still to activate this round."
                in shown), shown
    campaign_.close()
