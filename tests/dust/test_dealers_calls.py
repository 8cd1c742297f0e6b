"""Round 22: every call the book leaves to the Dealer is offered where he makes it, with the
reading the table would take as the default, and kept in the event.

Each test holds one call (docs/rules/dust.md, "The Dealer's calls (round 22)")."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from textual.widgets import DataTable

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    DefineItem,
    EndDay,
    ModKill,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.events import PlayerModkilled
from gmscreen.games.dust.powers import LocationDef, Power
from gmscreen.games.dust.roster import brings_the_hammer, modkill_question
from gmscreen.games.dust.state import DustState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, answer, app_of, day_one, new_campaign, pane, question
from tests.dust.game import (
    choose,
    new_game,
    night_of,
    outcome,
    player,
    resolve,
    run,
    told,
    use,
)
from tests.pilot import about, fill, opened, synchronous, to_tab, until


def test_the_flashlight_may_be_turned_on_its_holder_as_the_kit_may_guard_him():
    # line 113 says "Target a player" as line 115 does (the Kit may guard its holder), where
    # line 138 says "another player": the Flashlight's holder may look at himself; he goes
    # out, so he learns how he reads (the Relic makes him read as Scum)
    state = choose(night_of({"Cat": ("Flashlight", "Relic")}), "Cat",
                   use("Flashlight", "Investigate", "Cat"))
    assert "Cat is SCUM" in told(outcome(state), "Cat")
    # the Chalk's target is told someone followed him: the book reads of another player
    with pytest.raises(RuleError, match="must target another player"):
        choose(night_of({"Cat": ("Chalk",)}), "Cat", use("Chalk", "Tracking", "Cat"))


WAGON = ["Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat"]


def _seven_on_pat_and_tom_gone() -> DustState:
    """Day 1: seven votes on Pat, Tom removed: fourteen alive need eight, and removing one
    more leaves thirteen, of whom the seven are a majority."""
    return run(new_game(), *(Vote(name, "Pat") for name in WAGON), ModKill("Tom", "gone"))


def test_a_modkill_that_lowers_the_majority_lynches_at_once_or_waits_as_the_dealer_rules():
    # line 42 says a majority lynches, not whether one that no vote brought does
    state = _seven_on_pat_and_tom_gone()
    assert brings_the_hammer(state, "Ino") and not brings_the_hammer(state, "Ann")
    # the default, as before: the hammer falls at once
    assert run(state, ModKill("Ino", "never posted")).phase == "night"
    waits = run(state, ModKill("Ino", "never posted", hammer=False))
    assert waits.phase == "day" and player(waits, "Pat").alive and waits.majority == 7
    assert waits.posts[-1].lines[-2:] == (
        "13 players are alive; 7 votes lynch.",
        "The moderator rules that no lynch comes of the removal itself: a wagon holding the "
        "majority now waits for the next vote.")
    assert modkill_question(state, "Ino", hammer=False) == (
        "Remove Ino from the game? He dies and is flipped. The votes on Pat are then a "
        "majority, but wait for the next vote, as you rule: the post says so, and Day 1 "
        "goes on.")
    # the event keeps the ruling, and the log tells it
    made = RULES.decide(state, ModKill("Ino", "never posted", hammer=False))
    removed = made[0]
    assert removed.kind == "dust.player_modkilled" and removed.data["hammer_waits"] is True
    assert RULES.describe(Event(1, datetime(2026, 1, 1), 1, removed.kind, removed.data, 1)) == (
        "The moderator removes Ino on Day 1: never posted. The wagon it brings to a majority "
        "waits for the next vote, as the moderator rules.")
    # the next vote cast while the wagon holds the majority brings the hammer
    after = run(waits, Vote("Vig", "Pat"))
    assert after.phase == "night" and not player(after, "Pat").alive
    # a removal that brings no hammer keeps no ruling, whatever was chosen
    quiet = RULES.decide(state, ModKill("Ann", "left", hammer=False))[0]
    assert quiet.data.get("hammer_waits", False) is False


def test_an_old_modkill_without_the_ruling_replays_as_it_lynched():
    old = PlayerModkilled("Ino", "never posted", "Day 1")
    assert old.hammer_waits is False


@synchronous
async def test_the_modkill_form_asks_about_the_majority_only_when_the_removal_brings_it(
        tmp_path):
    campaign = day_one(tmp_path)
    for name in WAGON:
        campaign.execute(Vote(name, "Pat"))
    campaign.execute(ModKill("Tom", "gone"))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        table = characters.query_one("#dust-players", DataTable)
        names = [p.name for p in campaign.state.players]
        table.move_cursor(row=names.index("Ann"))
        await pilot.pause()
        shown = await opened(pilot, "K")
        assert "hammer" not in shown.values()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        table.move_cursor(row=names.index("Ino"))
        await pilot.pause()
        shown = await opened(pilot, "K")
        assert shown.values()["hammer"] == "now"
        assert "waits for the next vote" in about(shown, "hammer")
        await fill(pilot, reason="never posted", hammer="wait")
        await until(pilot, lambda: "wait for the next vote" in question(app))
        await answer(pilot)
        await until(pilot, lambda: not player(campaign.state, "Ino").alive)
        assert campaign.state.phase == "day" and player(campaign.state, "Pat").alive
        assert notices.of("warning") == []


def _rucksack_set_to(tag: str) -> DustState:
    """Night 1, Cat alone at a place of four finds with the Rucksack, its finds set to
    `tag` in play (`e` on the item)."""
    state = new_game({"Cat": ("Rucksack",)})
    state = run(state, AddLocation(LocationDef("The Depot", 1, None,
                                               ("Knife", "Gun", "Chalk", "Relic"))))
    rucksack = state.item("Rucksack")
    assert rucksack is not None
    if tag:
        state = run(state, DefineItem(replace(rucksack, powers=tuple(
            replace(p, tag=tag) for p in rucksack.powers))))
    state = run(state, EndDay())
    return choose(state, "Cat", scavenge="The Depot")


@pytest.mark.parametrize(("tag", "found"), [
    ("", ["Knife", "Gun"]), ("3", ["Knife", "Gun", "Chalk"]),
    ("all", ["Knife", "Gun", "Chalk", "Relic"])])
def test_the_rucksacks_finds_are_the_dealers_to_set_two_when_left_open(tag, found):
    # line 127: "more than one item", no number: the carrying power's Kind sets it
    state = resolve(_rucksack_set_to(tag))
    assert [h.item for h in player(state, "Cat").items] == found


def test_the_rucksacks_finds_must_be_more_than_one_or_all():
    rucksack = new_game().item("Rucksack")
    assert rucksack is not None
    for wrong in ("1", "two", "100"):
        with pytest.raises(RuleError, match="2 to 99") as refused:
            run(new_game(), DefineItem(replace(rucksack, powers=tuple(
                replace(p, tag=wrong) for p in rucksack.powers))))
        assert refused.value.field == "tag"


def _flashlight_on_a_scavenger(seen: bool) -> str:
    """Night 1: Ann's Flashlight on Dan, who searches the Cafe beside Cat: what Cat is
    told; the Flashlight's power ticked "Seen at a place" or not."""
    state = new_game({"Ann": ("Flashlight",)})
    if seen:
        flashlight = state.item("Flashlight")
        assert flashlight is not None
        state = run(state, DefineItem(replace(flashlight, powers=tuple(
            replace(p, seen=True) for p in flashlight.powers))))
    state = run(state, EndDay())
    state = choose(state, "Ann", use("Flashlight", "Investigate", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    state = choose(state, "Cat", scavenge="The Cafe")
    return told(outcome(state, "Cat", "Dan"), "Cat")


def test_which_powers_are_visible_at_a_place_is_the_dealers_call_kills_by_default():
    # line 193: "a night kill or other visible power", naming no other
    assert "Investigate" not in _flashlight_on_a_scavenger(seen=False)
    assert ("At The Cafe you saw someone use Investigate on Dan; you could not make out "
            "who.") in _flashlight_on_a_scavenger(seen=True)
    power = Power("Look", "investigate", target="other", seen=True)
    assert "seen at a place" in power.conditions
    assert Power.from_data({"name": "Look", "effect": "investigate"}).seen is False


def test_the_veterans_own_win_is_the_tables_to_choose_at_the_set_up():
    # line 82: "a personal win condition", never said: ours (alive at the end) by default
    kept = new_game()
    assert kept.role_of("Vet").win == "survive"
    made = RULES.decide(DustState(), UseBookSetUp(veteran_survives=False))
    veteran = next(e for e in made if e.kind == "dust.role_defined"
                   and e.data["role"]["name"] == "Veteran")
    assert veteran.data["role"].get("win", "team") == "team"
    assert RULES.describe(Event(1, datetime(2026, 1, 1), 1, veteran.kind, veteran.data, 1)) == (
        "Role defined: Veteran (town), by the table's choice: the Veteran has no win of his "
        "own: he wins with the Town.")
    # the Veteran alive when the Scum win wins with them no more
    cast = {"Vet": "Veteran", "Ann": "Cop", "Bob": "Doctor", "Eve": "Despair",
            "Pat": "Paranoia"}
    for survives, personal in ((True, ("Vet",)), (False, ())):
        state = run(DustState(), UseBookSetUp(veteran_survives=survives),
                    *(AddPlayer(n, r) for n, r in cast.items()), StartGame(),
                    ModKill("Ann", "left"))
        assert state.phase == "over" and state.winner == "scum"
        assert state.personal_wins == personal


@synchronous
async def test_the_book_set_up_form_offers_the_veterans_win_ours_by_default(tmp_path):
    campaign = new_campaign(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        form = await opened(pilot, "b")
        assert form.values()["veteran"] == "survive"
        assert "does not say it" in about(form, "veteran")
        await fill(pilot, veteran="team")
        await until(pilot, lambda: campaign.state.role("Veteran") is not None)
        assert campaign.state.role("Veteran").win == "team"


def test_the_rucksacks_count_is_told_in_the_log_and_on_its_card_in_the_editors_words():
    state = new_game({"Cat": ("Rucksack",)})
    rucksack = state.item("Rucksack")
    assert rucksack is not None
    changed = replace(rucksack, powers=tuple(replace(p, tag="all") for p in rucksack.powers))
    made = RULES.decide(state, DefineItem(changed))
    logged = RULES.describe(Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1))
    assert "Storage: kind or look \u201c\u201d \u2192 \u201call\u201d" in logged
    assert "all finds" in changed.powers[0].conditions


def test_f1_lists_every_call_and_where_it_is_made():
    from gmscreen.glossary import words_of

    words = {w.word: w for w in words_of("gmscreen.games.dust")}
    calls = words["Dealer's calls"].means
    # each by the step's name: F1 cannot know the keys the Dealer set (round 25)
    for where in ("Book's roles and items, the book's set-up", "Edit power on a role or item",
                  "Mod-kill asks", "the night's lots", "Deal roles", "Kill."):
        assert where in calls
    for entry in ("Own win", "Finds carried", "Seen at a place", "Aimed at oneself", "Who wins"):
        assert entry in words
