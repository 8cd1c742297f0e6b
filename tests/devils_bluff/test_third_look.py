"""A third look, by new players at the table: what they were shown against the book, each
point proved here (a King's 13 in a test's steps, the odds from what the table knows, the
screen between games, the keys in the footer at 80 columns, the forms, the recap)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from gmscreen.core.cards import Deck
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.combat import rapid_fire_range
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    EndActivation,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    Move,
    StartGame,
)
from gmscreen.games.devils_bluff.deck import why_not_look
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit, abilities
from gmscreen.games.devils_bluff.rules import activating
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES, hire
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import Paragraph
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from tests.devils_bluff.helpers import (
    Table,
    campaign,
    campaign_sample,
    one_off,
    pick,
    recruit,
    unshuffled,
)
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_panes import select_row
from tests.pilot import cut_off, opened, refusal_shown, screen_text, set_field, to_tab, until

# -- a King is 13 (module line 31) ---------------------------------------------------------------


def test_a_test_by_a_king_with_no_modifier_reads_13() -> None:
    table = one_off()
    table.stack("Kc")
    (event,) = table.execute(AttributeTest("Dutch", "DEF"))
    assert event.data["result"] == 13
    assert "with K♣ (13): success" in RULES.describe(event)
    table.stack("Kd")
    (event,) = table.execute(AttributeTest("Dutch", "DEF", 2))
    assert "with K♦ (12, capped from 15): success" in RULES.describe(event)


# -- the odds from what the table knows --------------------------------------------------------


def test_the_odds_line_is_the_same_whatever_the_hidden_hands_hold() -> None:
    # both players see the screen: a card in a hand is as unknown to them as one in the
    # Draw Deck, so swapping cards between the two changes nothing they are shown
    table = one_off()
    state = table.state
    hand = state.hand(COLE)
    low = next(c for c in state.deck.order if c.rank is not None and c.rank < 5)
    high = next(c for c in state.deck.order if c.rank in (12, 13))
    swapped = replace(state.with_hand(COLE, (high, *hand[1:])), deck=Deck(
        tuple(hand[0] if c == high else c for c in state.deck.order), state.deck.discards))
    other = replace(state.with_hand(COLE, (low, *hand[1:])), deck=Deck(
        tuple(hand[0] if c == low else c for c in state.deck.order), state.deck.discards))
    for name in ("Dutch", "Sheriff Cole"):
        line = view.odds_line(state, name)
        assert line == view.odds_line(swapped, name) == view.odds_line(other, name)
    # counted over every card not face up: the discards are the table's to see
    unseen = 52 - len(state.deck.discards)
    assert f" · of {unseen} unseen: " in view.odds_line(state, "Dutch")


def test_with_the_draw_deck_empty_the_odds_are_the_discards() -> None:
    table = one_off()
    state = table.state
    held = {c for _, h in state.hands for c in h}
    rest = [c for c in Deck.standard() if c not in held]
    emptied = replace(state, deck=Deck((), rest))
    assert f" · of the {len(rest)} discards, " in view.odds_line(emptied, "Dutch")


# -- between games -------------------------------------------------------------------------------


def test_between_games_nothing_of_the_last_game_is_shown_as_if_it_were_on() -> None:
    table, shooter, target = attack_ready()
    table.stack("Kc Qc 2d 3d")
    table.execute(Attack(shooter, target))
    assert table.fighter(target).hp == 6
    table.execute(EndGame())
    state = table.state
    # every model stands unhurt, untokened and ready; the cards are gathered
    assert all(f.hp == f.profile.hp and not f.tokens and not f.activated
               for g in state.gangs for f in g.fighters)
    assert not state.hands and state.deck == Deck.standard()
    assert view.odds_line(state, target) == ""
    assert view.hand_lines(state) == []  # nobody holds a card, nor has a hand to look at
    refusal = why_not_look(state, 0)
    assert refusal is not None and refusal.message.endswith("no game is being played")
    told = view.status_lines(state)
    assert told[0] == "No game is being played."
    assert told[1].startswith("Game 1: ")  # how it went
    # a one-off has one game (test_seventh_look): the tab says it is over, not g
    assert told[2].startswith("The one-off is over"), told
    assert not state.last and "shoots at" not in "\n".join(told)
    grid = view.models_grid(state)
    assert all(row[4] == "ready" for row in grid.rows)


def test_after_a_campaign_game_the_status_names_the_aftermath_not_g() -> None:
    table = campaign()
    table.execute(EndGame())
    told = view.status_lines(table.state)
    assert not any("Press g" in line for line in told)
    assert told[2] == ("After game 1, on the Characters tab: levels (l) and a hired gun "
                       "kept for good (k), then close the aftermath (c); then g begins "
                       "game 2.")
    table.execute(CloseAftermath())
    assert view.status_lines(table.state)[-1].startswith("Before game 2 (")


# -- the keys at 80 columns ------------------------------------------------------------------


def footer_line(app: GmScreenApp) -> str:
    """The footer as drawn: the screen's last line."""
    return screen_text(app).splitlines()[-1]


def test_what_comes_next_is_in_the_footer_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_what_comes_next_is_in_the_footer_at_80_columns(tmp_path))


async def _what_comes_next_is_in_the_footer_at_80_columns(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        footer = footer_line(app)
        assert "a Activate" in footer and "d Draw" in footer
        await pilot.press("a", "enter")
        await until(pilot, lambda: "e Done" in footer_line(app))
        footer = footer_line(app)
        # a model activating: its actions and Done, before anything else
        for key in ("f Attack", "v Advance", "u Rush", "i Interact", "e Done"):
            assert key in footer, (key, footer)
        # the rarer steps named on the "Keys:" line, and each in the palette
        # (a card may still be drawn in the turn: typed, D)
        assert ("Keys: t test, s score, x end game, l leave, D typed card, m mend (all in "
                "ctrl+p)" in screen_text(app))
        # a quiet key still works: the test form opens
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("e")
        await until(pilot, lambda: activating(campaign.state) == "")
    campaign.close()


# -- the enlist form and the set-up form ---------------------------------------------------------


def fresh(tmp_path: Path, *commands: object) -> Campaign[Any]:
    """A new Devils Bluff campaign, after these commands."""
    JournalStore.create(tmp_path / "fresh.toml", new_header("devils-bluff", "Fresh", 1)).close()
    campaign = open_campaign(tmp_path / "fresh.toml", rules_for)
    for command in commands:
        campaign.execute(command)
    return campaign


def focused_on(form: Form, key: str) -> Callable[[], bool]:
    """Whether the form's field `key` has the keyboard, asked later."""
    return lambda: form.focused is form.widget_of(key)


def test_a_hired_leader_or_a_hired_gun_with_levels_is_refused_saying_what_to_change() -> None:
    # module lines 99-109: the leader and the custom gunslingers are the gang's own; the
    # hired guns have no levels
    leader = recruit("Ma", "Shotgun", "Quick", "Deft", "Tough", "Deadly", unit="Gang Leader",
                     hired=True)
    for model, says in ((leader, "Make the leader not hired"),
                        (recruit("Jesse", "Revolver", "Quick", "Deft", hired=True),
                         "make it not hired (a custom gunslinger), or take its perks off")):
        table = Table()
        table.execute(ChooseSetUp("one-off", "controlled choice"))
        table.execute(FoundGang("Ann", "Ann's"))
        with pytest.raises(RuleError) as refused:
            table.execute(Enlist("Ann", model))
        assert (refused.value.rule, refused.value.field) == ("Hiring", "hired")
        assert says in refused.value.message


def test_the_enlist_form_unticks_hired_gun_for_a_leader_or_a_perk(tmp_path: Path) -> None:
    asyncio.run(_the_enlist_form_unticks_hired_gun_for_a_leader_or_a_perk(tmp_path))


async def _the_enlist_form_unticks_hired_gun_for_a_leader_or_a_perk(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("one-off", "controlled choice"),
                     FoundGang("Ann", "Ann's"), Enlist("Ann", Recruit(
                         "Ma", LEADER, "Revolver", ("Tough", "Quick", "Deft", "Deadly"))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        # the gang has its leader: a hired gun, as most are
        assert form.values()["hired"] is True
        set_field(form, "unit", "Gang Leader")
        await until(pilot, lambda: form.values()["hired"] is False)
        # ticked again by hand it stays: the rules then say what to change
        set_field(form, "hired", True)
        await pilot.pause()
        assert form.values()["hired"] is True
        set_field(form, "unit", "Gunslinger")
        set_field(form, "perks", ("Quick",))
        await until(pilot, lambda: form.values()["hired"] is False)
        set_field(form, "hired", True)
        set_field(form, "name", "Jesse")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(form.refusal))
        refused = refusal_shown(app, "Hiring")
        assert refused.focused is refused.widget_of("hired")
        await pilot.press("escape")
    campaign.close()


async def set_up_form(pilot: Pilot[None]) -> tuple[Form, Static]:
    """The set-up form (m on the Characters tab) and its box of explanations."""
    await to_tab(pilot, "Characters")
    form = await opened(pilot, "m")
    return form, form.query_one("#form-about", Static)


def test_the_set_up_form_explains_play_and_hiring_and_offers_no_blank(tmp_path: Path) -> None:
    asyncio.run(_the_set_up_form_explains_play_and_hiring_and_offers_no_blank(tmp_path))


async def _the_set_up_form_explains_play_and_hiring_and_offers_no_blank(tmp_path: Path
                                                                       ) -> None:
    campaign = fresh(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form, about = await set_up_form(pilot)
        for key, told in (("mode", view.MODE_ABOUT), ("hiring", view.HIRING_ABOUT)):
            await until(pilot, focused_on(form, key))
            # one of two, always chosen: no blank the rules would refuse
            widget = form.widget_of(key)
            assert isinstance(widget, OneOf) and widget.value
            assert str(about.render()).split() == told.split()
            await pilot.press("tab")
        await pilot.press("escape")
    campaign.close()
    # a blank sent all the same says what to do
    with pytest.raises(RuleError, match="play a campaign or a one-off: choose one"):
        Table().execute(ChooseSetUp(""))


def test_every_set_up_field_s_explanation_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_every_set_up_field_s_explanation_is_read_whole_at_80_columns(tmp_path))


async def _every_set_up_field_s_explanation_is_read_whole_at_80_columns(tmp_path: Path
                                                                        ) -> None:
    campaign = fresh(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form, about = await set_up_form(pilot)
        for field in form.fields:
            await until(pilot, focused_on(form, field.key))
            await pilot.pause()
            # the explanation as drawn in its box: all of it, nothing cut
            box = about.content_region
            lines = screen_text(app).splitlines()[box.y:box.bottom]
            shown = " ".join(line[box.x:box.right] for line in lines)
            assert shown.split() == field.about.split(), field.key
            await pilot.press("tab")
        await pilot.press("escape")
    campaign.close()


# -- the recap reads as a story --------------------------------------------------------------


def test_the_recap_tells_an_empty_activation_once_as_no_action(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    state = campaign.state
    assert state.battle is not None
    first, second = state.battle.order
    idle = state.gang(first).fighters[3].name
    mover = state.gang(second).fighters[3].name
    target = state.gang(first).fighters[4].name
    for command in (Activate(idle), EndActivation(idle), Activate(mover),
                    Move(mover, "Advance"), Attack(mover, target, order_by=unshuffled())):
        campaign.execute(command)
    story = [b for b in recap.build(campaign, 1, view).blocks if isinstance(b, Paragraph)]
    leads = [p.lead for p in story]
    # the model that did nothing says so in its own paragraph (round 13: left out, two
    # turns' draws read as two in one turn); the one that did gets one, headed by it, whose
    # sentences are what it did: its move and its attack
    (empty,) = [p for p in story if p.lead == f"{idle} activates."]
    assert empty.text == f"{idle} ends its activation without an action."
    assert leads.count(f"{mover} activates.") == 1
    (acted,) = [p for p in story if p.lead == f"{mover} activates."]
    assert acted.text.startswith(f"{mover} advances up to ")
    assert f"{mover} shoots at {target}" in acted.text
    assert "activates" not in acted.text
    campaign.close()


def test_the_recap_tells_a_test_in_the_activation_it_was_taken_in(tmp_path: Path) -> None:
    # a Test of a model that is not activating (a climb, an Interact) was told under "X
    # activates." of the model tested, which was not activating at all
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    state = campaign.state
    assert state.battle is not None
    first = state.battle.order[0]
    mover, other = (f.name for f in state.gang(first).fighters[3:5])
    for command in (Activate(mover), AttributeTest(other, "SKL", order_by=unshuffled())):
        campaign.execute(command)
    story = [b for b in recap.build(campaign, 1, view).blocks if isinstance(b, Paragraph)]
    assert f"{other} activates." not in [p.lead for p in story]
    (acting,) = [p for p in story if p.lead == f"{mover} activates."]
    assert f"{other} tests SKL" in acting.text
    # a journal from before the event named who was activating reads as it did
    tested = campaign.events[-1]
    older = {k: v for k, v in tested.data.items() if k != "activating"}
    assert view.episode(replace(tested, data=older)) == f"{other} activates."
    campaign.close()


# -- half range, asked only where it matters ----------------------------------------------------


def test_half_range_matters_only_for_a_gun_with_rapid_fire() -> None:
    # module lines 181-186: of the four guns only the Revolver has Rapid Fire
    state = one_off().state
    by_gun = {f.recruit.weapon: rapid_fire_range(state, f.name)
              for g in state.gangs for f in g.fighters}
    assert by_gun == {"Revolver": 8, "Shotgun": 0, "Rifle": 0, "Rapid Fire Rifle": 0}


def acting_is(campaign: Campaign[Any], name: str) -> Callable[[], bool]:
    """Whether `name` is the model activating, asked later."""
    return lambda: activating(campaign.state) == name


def test_the_attack_form_asks_half_range_only_of_a_revolver(tmp_path: Path) -> None:
    # the half range and the agreed Rapid Fire reading, only for a gun with Rapid Fire
    asyncio.run(_the_attack_form_asks_half_range_only_of_a_revolver(tmp_path))


async def _the_attack_form_asks_half_range_only_of_a_revolver(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for shooter, asked in (("Old Reese", False), ("Jesse Hendry", True)):
            await select_row(pilot, shooter)
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, Form))
            await pilot.press("enter")
            await until(pilot, acting_is(campaign, shooter))
            form = await opened(pilot, "f")
            keys = [f.key for f in form.fields]
            assert ("half_range" in keys) is asked, shooter
            # and the Rapid Fire reading is listed among those agreed only where it applies
            assert ("Rapid Fire doubles ATT" in form.note) is asked, form.note
            if asked:
                label = next(f.label for f in form.fields if f.key == "half_range")
                assert label == 'In half range (8")'
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
            await pilot.press("e")
            await until(pilot, lambda: activating(campaign.state) == "")
    campaign.close()


# -- an ability read whole at 80 columns --------------------------------------------------------


def test_an_ability_chosen_for_a_level_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_an_ability_chosen_for_a_level_is_read_whole_at_80_columns(tmp_path))


async def _an_ability_chosen_for_a_level_is_read_whole_at_80_columns(tmp_path: Path
                                                                     ) -> None:
    campaign = campaign_sample(tmp_path)
    # Ma Hendry's third level comes after a second game: only then is an ability offered
    campaign.execute(EndGame())
    campaign.execute(GainLevel("Ma Hendry", "Quick"))
    campaign.execute(CloseAftermath())
    hire(campaign, HENDRY, 9)
    hire(campaign, COLE, 9)
    campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
    campaign.execute(EndGame())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Ma Hendry")
        form = await opened(pilot, "l")
        preview = form.query_one("#form-preview", Static)
        for label, name in form.options_of("ability"):
            if not name:
                continue
            set_field(form, "ability", name)

            def told() -> list[str]:
                box = preview.content_region
                lines = screen_text(app).splitlines()[box.y:box.bottom]
                return " ".join(line[box.x:box.right] for line in lines).split()

            # the ability under the fields once the form has followed the choice and laid it
            # out: waited for, where a pause read the one before (the starved wait, round 36)
            whole = view.ability_line(name).split()
            with contextlib.suppress(AssertionError):
                await until(pilot, lambda: told() == whole, seconds=3)  # noqa: B023
            shown = screen_text(app)
            # the choice whole in its closed box, and the ability in full under the fields
            assert label in shown and "…" not in shown, label
            assert told() == whole
            assert abilities()[name].summary in view.ability_line(name)
        assert [name for _, name in form.options_of("ability") if name] == list(abilities())
        assert cut_off(app) == []
        await pilot.press("escape")
    campaign.close()


def test_the_aftermath_s_keys_are_in_the_footer_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_the_aftermath_s_keys_are_in_the_footer_at_80_columns(tmp_path))


async def _the_aftermath_s_keys_are_in_the_footer_at_80_columns(tmp_path: Path) -> None:
    campaign = campaign_sample(tmp_path)
    campaign.execute(EndGame())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        # what the status on the Conflict tab says comes next: l, k, then c; each on a
        # model it applies to (a hired gun is kept, a permanent model levels up)
        pick(pilot, "#bluff-roster", "Dutch")  # a hired gun
        await until(pilot, lambda: "k Keep hired" in footer_line(app))
        assert "c Close aftermath" in footer_line(app)
        assert "l Level up" not in footer_line(app)
        pick(pilot, "#bluff-roster", "Ma Hendry")
        await until(pilot, lambda: "l Level up" in footer_line(app))
        assert "c Close aftermath" in footer_line(app)
    campaign.close()
