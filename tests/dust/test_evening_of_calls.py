"""Round 23: an evening with rounds 21 and 22 in play together, from a blank campaign.

Each test holds what the evening found where two of the Dealer's calls met (docs/rules/
dust.md, "An evening with rounds 21 and 22 (round 23)")."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TypeVar

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    AddPlayer,
    DefineItem,
    DefineRole,
    ModKill,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.day_rules import day_ending_question
from gmscreen.games.dust.powers import ItemDef, RoleDef
from gmscreen.games.dust.roster import modkill_question
from gmscreen.games.dust.state import DustState
from gmscreen.games.dust.view import role_lines
from gmscreen.journal.events import Event
from tests.dust.game import CAST, new_game, run

_Table = TypeVar("_Table", ItemDef, RoleDef)


def _carrying(table: _Table | None, tag: str) -> _Table:
    assert table is not None
    return replace(table, powers=tuple(replace(p, tag=tag) for p in table.powers))


def _sent(state: DustState, command: object, name: str) -> str:
    return " ".join(" ".join(e.data["lines"]) for e in RULES.decide(state, command)
                    if e.kind == "dust.message_sent" and e.data["player"] == name)


def _said(state: DustState, command: object) -> str:
    made = RULES.decide(state, command)
    return RULES.describe(Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1))


def test_a_rucksack_or_a_drifter_set_to_more_finds_is_told_that_number_not_two():
    # the evening: the Rucksack set to 3 before Day 1, its holder's role message said
    # "Storage (passive, 3 finds): Take two finds ... (Two is the moderator's number ...)";
    # the Drifter set to all in play was sent "all finds" and "Take two finds"
    set_up = run(DustState(), UseBookSetUp())
    set_up = run(set_up, DefineItem(_carrying(set_up.item("Rucksack"), "3")),
                 *(AddPlayer(n, r, ("Rucksack",) if n == "Cat" else ()) for n, r in CAST.items()))
    card = _sent(set_up, StartGame(), "Cat")
    assert "Storage (passive, 3 finds): Take 3 finds from a location" in card
    assert "two" not in card.lower().replace("twice", "")
    assert "How many is the moderator's call" in card
    game = run(set_up, StartGame())
    drifter = _carrying(game.role("Drifter"), "all")
    assert isinstance(drifter, RoleDef)
    told = _sent(game, DefineRole(drifter), "Dri")
    assert "Scrounger (passive, all finds): Take every find from a location" in told
    lines = " ".join(role_lines(drifter))
    assert "carries off every find when alone" in lines and "two finds" not in lines
    # left at two (blank, or 2 typed), the card says two as before
    assert "Take two finds" in _sent(run(DustState(), UseBookSetUp(),
                                         *(AddPlayer(n, r, ("Rucksack",) if n == "Cat" else ())
                                           for n, r in CAST.items())), StartGame(), "Cat")
    two = _carrying(game.item("Rucksack"), "2")
    assert isinstance(two, ItemDef) and "Take two finds" in two.card()[1]


WAGON = ["Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat"]


def test_the_vote_that_brings_a_held_back_hammer_names_the_wagon_lynched():
    # the evening: seven on Max, a removal ruled to wait; Ivy's vote on Ned was asked as
    # "Ivy's vote is the hammer: Ned is lynched", while Max was (as the rule has it)
    state = run(new_game(), *(Vote(name, "Pat") for name in WAGON), ModKill("Tom", "gone"),
                ModKill("Ino", "never posted", hammer=False))
    assert state.phase == "day"
    asked = day_ending_question(state, Vote("Vig", "Eve"))
    assert asked is not None
    assert asked.startswith("Vig's vote on Eve brings the hammer held back at the removal: "
                            "Pat is lynched and flipped, and Day 1 ends.")
    # a vote on the wagon itself is asked as before
    same = day_ending_question(state, Vote("Vig", "Pat"))
    assert same is not None and same.startswith("Vig's vote is the hammer: Pat is lynched")


SMALL = {"Ann": "Cop", "Bob": "Doctor", "Cy": "Tracker", "Eve": "Night Watchman",
         "Gus": "Guilt"}


def test_a_removal_whose_lynch_or_itself_ends_the_game_says_so_before_it_is_made():
    # the evening: K on Ivy, "lynches now", was asked as "he is lynched and flipped, and
    # Day 2 ends": the Town won and every living player was flipped, unasked
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in SMALL.items()),
                StartGame(), Vote("Ann", "Gus"), Vote("Bob", "Gus"), ModKill("Eve", "idle"))
    assert state.phase == "day" and state.majority == 3
    assert modkill_question(state, "Cy") == (
        "Remove Cy from the game? He dies and is flipped. The votes on Gus are then a "
        "majority: he is lynched and flipped, Day 1 ends, and with it the game: the Town "
        "wins.")
    # waiting, nothing ends yet: asked as before
    assert modkill_question(state, "Cy", hammer=False).endswith(
        "but wait for the next vote, as you rule: the post says so, and Day 1 goes on.")
    # the removal of the last Scum ends it by itself
    assert modkill_question(state, "Gus") == (
        "Remove Gus from the game? He dies and is flipped. That ends the game: The Town "
        "wins.")


def test_an_edit_before_day_1_says_in_the_log_what_it_set():
    # the evening: the Rucksack set to 3 before Day 1 was logged "Item defined: Rucksack."
    # (as the book's set-up is), so the log and its search could not find the Dealer's call
    state = run(DustState(), UseBookSetUp())
    assert _said(state, DefineItem(_carrying(state.item("Rucksack"), "3"))) == (
        "The moderator sets the Rucksack item before Day 1: Storage: kind or look "
        "\u201c\u201d \u2192 \u201c3\u201d.")
    drifter = _carrying(state.role("Drifter"), "all")
    assert isinstance(drifter, RoleDef)
    assert _said(state, DefineRole(drifter)) == (
        "The moderator sets the Drifter role before Day 1: Scrounger: kind or look "
        "\u201c\u201d \u2192 \u201call\u201d.")
    # a new item, or one defined again as it was, is told as before
    rucksack = state.item("Rucksack")
    assert rucksack is not None
    assert _said(state, DefineItem(rucksack)) == "Item defined: Rucksack."
    made = RULES.decide(state, DefineItem(rucksack))[0]
    assert "before_day_1" not in made.data and "changes" not in made.data
