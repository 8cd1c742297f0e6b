"""A replacement takes over a slot; the moderator removes a player (a mod-kill)."""

from __future__ import annotations

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    AddPlayer,
    ModKill,
    ReplacePlayer,
    ResolveNight,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.state import NO_LYNCH, DustState
from gmscreen.journal.rules import RuleError
from tests.dust.game import CAST, choose, kill, lots, new_game, night_of, player, run, use


def test_a_replacement_takes_over_the_whole_slot() -> None:
    state = night_of({"Ann": ("Gun",)})
    state = choose(state, "Ann", use("Gun", "Gunshot", "Pat"))
    state = kill(state, "Ann", killer="Eve")
    events = RULES.decide(state, ReplacePlayer("Ann", "Annie"))
    state = run(state, ReplacePlayer("Ann", "Annie"))
    annie = player(state, "Annie")
    assert annie.role == "Cop" and [h.item for h in annie.items] == ["Gun"]
    assert state.player("Ann") is None
    chosen = state.choice("Annie")
    assert chosen is not None and chosen.uses[0].targets == ("Pat",)
    assert state.kill is not None and state.kill.target == "Annie"
    # every message the slot received is now the replacement's, with a fresh role message
    mine = [m for m in state.messages if m.player == "Annie"]
    assert mine[-1].lines[0] == "You replace Ann in the game; everything the slot learned is yours."
    assert any("Your role is" in line for line in mine[0].lines)
    assert state.posts[-1].lines == ("Annie replaces Ann.",)
    assert [e.kind for e in events] == ["dust.player_replaced", "dust.message_sent",
                                        "dust.posted"]


def test_a_replacement_is_told_what_the_slot_has_left_not_what_a_new_player_starts_with(
        ) -> None:
    """The moderator pastes the replacement's message to him: it must say the shots, the
    notes and the fellows the slot has now, as the slot's page does."""
    state = night_of({"Vig": ("Notebook",)})
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"),
                   use("Notebook", "Notes", text="Eve, surely."))
    state = run(state, ResolveNight(lots(state)))  # Eve dies, the note is found
    state = run(state, ReplacePlayer("Vig", "Vince"), ReplacePlayer("Pat", "Patsy"))
    vince = [m for m in state.messages if m.player == "Vince"][-1].lines
    assert "Execute (night, exclusive, 2 uses, 1 left): Kill the target." in " ".join(vince)
    assert "You hold: Notebook (1 of 2 uses left)." in vince
    assert not any(line.startswith("You start with") for line in vince)
    patsy = [m for m in state.messages if m.player == "Patsy"][-1].lines
    assert "Your fellow Scum: Eve (dead), Gus." in patsy


def test_votes_for_and_by_the_slot_follow_it() -> None:
    state = run(new_game(), Vote("Ann", "Pat"), Vote("Bob", "Ann"))
    state = run(state, ReplacePlayer("Ann", "Annie"))
    assert state.tally() == {"Pat": ["Annie"], "Annie": ["Bob"]}


def test_a_replacement_needs_a_living_slot_and_a_new_name() -> None:
    state = new_game()
    for command, words in ((ReplacePlayer("Nobody", "X"), "no player named 'Nobody'"),
                           (ReplacePlayer("Ann", "bob"), "already taken"),
                           # read alike on the thread: a hidden character, wide letters
                           (ReplacePlayer("Ann", "B\u200bob"), "already taken"),
                           (ReplacePlayer("Ann", "\uff22ob"), "already taken"),
                           (ReplacePlayer("Ann", " Annie"), "without spaces")):
        with pytest.raises(RuleError, match=words):
            RULES.decide(state, command)
    dead = run(state, ModKill("Ann", "inactive"))
    with pytest.raises(RuleError, match="Ann is dead"):
        RULES.decide(dead, ReplacePlayer("Ann", "Annie"))


def test_a_forum_name_longer_than_a_forums_own_is_refused_naming_the_field() -> None:
    # a forum name is short (forums allow some twenty to thirty characters); one the length
    # of a sentence squeezes the night's roster at 80 columns to a word a line, so the
    # moderator is told, and the cursor put on the name, before it reaches the journal
    long = "Bartholomew Jedediah Worthington the Third of Tombstone County"
    set_up = run(DustState(), UseBookSetUp())
    for state, command in ((set_up, AddPlayer(long, "Cop")),
                           (new_game(), ReplacePlayer("Ann", long))):
        with pytest.raises(RuleError, match="30 characters at most") as refused:
            RULES.decide(state, command)
        assert (refused.value.rule, refused.value.field) == ("Names", "name")
    thirty = "Bartholomew J. Worthington III"
    assert len(thirty) == 30
    assert RULES.decide(set_up, AddPlayer(thirty, "Cop"))


def test_in_setup_a_replacement_is_only_a_new_name() -> None:
    state = run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"))
    events = RULES.decide(state, ReplacePlayer("Ann", "Annie"))
    assert [e.kind for e in events] == ["dust.player_replaced"]


def test_a_modkill_flips_the_player_and_takes_back_what_he_was_part_of() -> None:
    state = night_of({"Vig": ("Knife",)})
    state = choose(state, "Vig", use("Vigilante", "Execute", "Pat"))
    state = kill(state, "Ann", killer="Pat")
    state = run(state, ModKill("Pat", "did not post for three days"))
    pat = player(state, "Pat")
    assert not pat.alive and pat.death == ("removed by the moderator on Night 1: did not post "
                                           "for three days")
    # the table's roster keeps to the fact: the reason, of any length, is in the post, and
    # the flip beside the status stays in sight at 80 columns
    assert pat.fate == "removed by the moderator on Night 1"
    assert state.kill is None
    # his whole choice was the shot at Pat: he has sent nothing now, and may send another
    assert state.choice("Vig") is None
    post = state.posts[-1]
    assert post.lines == ("Pat is removed from the game by the moderator: did not post for "
                          "three days.", "Pat was Dust's manifestation of PARANOIA, SCUM-aligned.")


def test_a_modkill_withdraws_votes_and_loses_items() -> None:
    state = run(new_game({"Ann": ("Gun",)}), Vote("Ann", "Pat"), Vote("Bob", "Ann"))
    state = run(state, ModKill("Ann", "left the forum"))
    assert state.tally() == {}
    assert player(state, "Ann").items == ()


def test_the_modkill_post_tells_the_votes_it_withdraws() -> None:
    # the thread saw the votes cast; the post that removes a voter says which went with him,
    # so the table's recap (a vote, then the removal) does not leave them standing
    state = run(new_game(), Vote("Ann", "Cat"), Vote("Cat", "Pat"), Vote("Bob", "Cat"),
                Vote("Dan", "Eve"))
    state = run(state, ModKill("Cat", "never posted"))
    assert state.posts[-1].lines[2:] == (
        "Cat's vote on Pat and the votes on him (Ann and Bob) are withdrawn.",
        "14 players are alive; 8 votes lynch.")
    state = run(state, ModKill("Dan", "left the forum"))
    assert state.posts[-1].lines[2] == "Dan's vote on Eve is withdrawn."
    state = run(state, Vote("Bob", NO_LYNCH), Vote("Ann", "Eve"), ModKill("Eve", "cheating"))
    assert state.posts[-1].lines[2] == "The vote on Eve (Ann) is withdrawn."
    state = run(state, ModKill("Bob", "asked to leave"))
    assert state.posts[-1].lines[2] == "Bob's vote for no lynch is withdrawn."
    # no vote of his or on him: nothing to tell
    state = run(state, ModKill("Tom", "gone"))
    assert state.posts[-1].lines[2].endswith("votes lynch.")


def test_a_modkill_can_end_the_game() -> None:
    cast = {name: role for name, role in CAST.items() if role in ("Cop", "Doctor", "Guilt")}
    state = new_game(cast=cast)
    state = run(state, ModKill("Gus", "cheating"))
    assert state.phase == "over" and state.winner == "town"


def test_a_modkill_needs_a_reason_and_a_running_game() -> None:
    state = new_game()
    with pytest.raises(RuleError, match="say why"):
        RULES.decide(state, ModKill("Ann", "  "))
    setup = run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"))
    with pytest.raises(RuleError, match=r"has not started.*\(c corrects a player") as refused:
        RULES.decide(setup, ModKill("Ann", "x"))
    # the step it names puts the seat right
    assert refused.value.rule == "Mod-kill"


def test_a_modkill_by_day_that_lowers_the_majority_lets_a_wagon_holding_it_lynch() -> None:
    # line 42: a majority lynches. Fifteen alive need eight votes; a mod-kill leaves
    # fourteen, who need eight too, and a second leaves thirteen, who need seven: the
    # seven votes already on Pat are then a majority, and the hammer falls at once
    voters = ["Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat"]
    state = run(new_game(), *(Vote(name, "Pat") for name in voters))
    state = run(state, ModKill("Tom", "left the forum"))
    assert state.phase == "day" and state.majority == 8
    assert state.posts[-1].lines[-1] == "14 players are alive; 8 votes lynch."
    state = run(state, ModKill("Ino", "never posted"))
    assert state.majority == 7
    assert state.phase == "night" and not player(state, "Pat").alive
    assert state.posts[-1].lines[0] == f"The hammer falls: Pat is lynched by {', '.join(voters)}."


def test_a_modkill_by_night_lynches_no_one() -> None:
    state = night_of()
    state = run(state, ModKill("Tom", "left the forum"))
    assert state.phase == "night" and all(p.alive for p in state.players if p.name != "Tom")


def test_the_modkill_question_says_when_the_removal_brings_the_hammer() -> None:
    from gmscreen.games.dust.roster import modkill_question

    voters = ["Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat"]
    state = run(new_game(), *(Vote(name, "Pat") for name in voters), ModKill("Tom", "gone"))
    assert modkill_question(state, "Dri") == (
        "Remove Dri from the game? He dies and is flipped. The votes on Pat are then a "
        "majority: he is lynched and flipped, and Day 1 ends.")
    assert modkill_question(state, "Ann") == "Remove Ann from the game? He dies and is flipped."


def test_the_vest_does_not_stop_a_modkill():
    # line 109 stops a death from any source but a lynch; a mod-kill is the moderator
    # taking a player out of the game, not a death the game deals
    state = new_game({"Cat": ("Bulletproof Vest",)})
    state = run(state, ModKill("Cat", "never posted"))
    cat = state.player("Cat")
    assert cat is not None and not cat.alive and cat.items == ()


def _told_on_taking_over(state: DustState, old: str, new: str) -> tuple[str, ...]:
    state = run(state, ReplacePlayer(old, new))
    return next(m.lines for m in reversed(state.messages) if m.player == new)


def test_a_replacement_is_told_what_his_slot_sent_for_tonight_or_voted_today() -> None:
    """A player who leaves between sessions with the night's actions carried: the one who
    takes his slot may change what was sent before the night is resolved, so he is told it
    (or that nothing is sent yet); by day, where the slot's vote stands."""
    night = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    night = kill(night, "Ann", killer="Eve")
    # the scum kill's killer is not Guilt, who chose it
    assert _told_on_taking_over(night, "Cat", "Kit")[-1] == (
        "Sent for the slot tonight: Knife: Paranoid Bodyguard on Ann. You may send another "
        "night action before the night is resolved.")
    assert _told_on_taking_over(night, "Eve", "Evie")[-1] == (
        "Tonight the slot carries out the Scum's kill on Ann, as Gus chose; it is its whole "
        "night.")
    assert _told_on_taking_over(night, "Gus", "Gil")[-1] == (
        "Tonight's Scum kill, chosen for the slot: Ann, carried out by Eve. You may choose "
        "again before the night is resolved.")
    assert _told_on_taking_over(night, "Dan", "Don")[-1] == (
        "Nothing is sent for the slot tonight yet: send me your night action before the "
        "night is resolved.")
    day = run(new_game(), Vote("Cat", "Gus"), Vote("Dan", NO_LYNCH))
    assert _told_on_taking_over(day, "Cat", "Kit")[-1] == "The slot's vote today stands: Gus."
    assert _told_on_taking_over(day, "Dan", "Don")[-1] == (
        "The slot's vote today stands: No lynch.")
    # with no vote cast by the slot, nothing is said of votes
    assert not any("vote" in line for line in _told_on_taking_over(day, "Van", "Vin"))
