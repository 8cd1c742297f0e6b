"""Where two rules meet at one moment (round 17): the game's end that a lynch or a removal
brings, undone; a removal at night that takes the Scum's chosen kill with it."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust.commands import (
    AddLateNote,
    AddPlayer,
    ChooseKill,
    CorrectGift,
    GiveItem,
    ModKill,
    ReplacePlayer,
    ResolveNight,
    SetDeadline,
    StartGame,
    TickDeadline,
    UseBookSetUp,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.day_rules import day_ending_question, end_day_question
from gmscreen.games.dust.roster import modkill_question
from gmscreen.games.dust.state import NO_LYNCH
from tests.dust.app import app_of, new_campaign
from tests.dust.game import choose, kill, lots, new_game, night_of, player, run, use
from tests.pilot import synchronous, until

FIVE = {"Ann": "Cop", "Bob": "Doctor", "Vet": "Veteran", "Gus": "Guilt", "Pat": "Paranoia"}


@synchronous
async def test_undoing_the_lynch_that_ended_the_game_names_the_lynch_first(
        tmp_path: Path) -> None:
    # book line 42: a majority lynches; the last Scum lynched, the Town wins at once. The
    # Dealer who presses ctrl+z took back a lynch: the notice says so before the game's end.
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in {"Ann": "Cop", "Bob": "Doctor", "Vet": "Veteran", "Gus": "Guilt"}.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    for voter in ("Ann", "Bob", "Vet"):
        campaign.execute(Vote(voter, "Gus"))
    assert campaign.state.winner == "town"
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: any(n.title == "Undone" for n in notices))
    undone = next(n for n in notices if n.title == "Undone")
    assert undone.message.startswith(
        "Gus is lynched on Day 1. The Town wins the game; Vet wins too, alive at the end.")
    assert campaign.state.winner == "" and campaign.state.phase == "day"


def test_undoing_a_removal_that_ended_the_game_names_the_removal_first(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in {"Ann": "Cop", "Bob": "Doctor", "Vet": "Veteran", "Gus": "Guilt"}.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    campaign.execute(ModKill("Gus", "gone quiet"))
    assert campaign.state.winner == "town"
    undone = campaign.undo()
    assert campaign.describe_some(undone, 2) == (
        "The moderator removes Gus on Day 1: gone quiet. The Town wins the game; Vet wins "
        "too, alive at the end. (and 2 more)")


def test_an_ordinary_hammer_is_named_by_its_lynch_and_a_removal_by_day_by_itself(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in FIVE.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    for voter in ("Ann", "Bob"):
        campaign.execute(Vote(voter, "Vet"))
    campaign.execute(ModKill("Bob", "gone quiet"))  # 2 Town, 2 Scum: the Scum win
    undone = campaign.undo()
    assert campaign.describe_some(undone, 1).startswith("The moderator removes Bob on Day 1")
    campaign.execute(Vote("Vet", "Gus"))
    campaign.execute(Vote("Ann", "Gus"))
    campaign.execute(Vote("Bob", "Gus"))  # the hammer: Gus lynched, night falls
    undone = campaign.undo()
    assert campaign.describe_some(undone, 1) == "Gus is lynched on Day 1. (and 3 more)"


def test_the_removal_at_night_says_the_scums_chosen_kill_goes_with_him() -> None:
    # roster's reading: a kill the removed player chose, carries out or suffers is taken
    # back; the Dealer is told before he removes him, as the tab then says "not chosen"
    state = kill(night_of({"Ann": ("Gun",)}), "Ann", killer="Pat", by="Gus")
    assert modkill_question(state, "Gus") == (
        "Remove Gus from the game? He dies and is flipped. Tonight's Scum kill (Ann, carried "
        "out by Pat, as Gus chose) is taken back with him: the Scum choose again before the "
        "night is resolved (k).")
    assert modkill_question(state, "Pat").endswith(
        "Tonight's Scum kill (Ann, carried out by Pat, as Gus chose) is taken back with him: "
        "the Scum choose again before the night is resolved (k).")
    assert modkill_question(state, "Ann").endswith(
        "Tonight's Scum kill on him (carried out by Pat, as Gus chose) is taken back with "
        "him: the Scum choose again before the night is resolved (k).")
    state = choose(state, "Ann", use("Gun", "Gunshot", "Dan"))
    assert modkill_question(state, "Dan") == (
        "Remove Dan from the game? He dies and is flipped. Ann's action aimed at him is taken "
        "off his choice; he may send another.")
    state = choose(state, "Bob", use("Doctor", "Tend", "Dan"))
    assert modkill_question(state, "Dan") == (
        "Remove Dan from the game? He dies and is flipped. Ann's and Bob's actions aimed at "
        "him are taken off their choices; they may send new ones.")
    assert modkill_question(state, "Cat") == "Remove Cat from the game? He dies and is flipped."



def test_the_hammer_after_the_deadline_is_reached_says_so_before_it_lynches() -> None:
    # line 42's majority meets our deadline clock: a vote entered once the clock is full may
    # have come in after it, when the day ends without a lynch; the Dealer is told first
    state = run(new_game(), SetDeadline(4), TickDeadline(4, "the time is up"))
    state = run(state, *(Vote(voter, "Vet") for voter in ("Ann", "Bob", "Cat", "Dan", "Van",
                                                           "Rev", "Wat")))
    assert day_ending_question(state, Vote("Tom", "Vet")) == (
        "Tom's vote is the hammer: Vet is lynched and flipped, and Day 1 ends. The Day 1 "
        "deadline is reached: go on only if the vote came in before it (e ends the day "
        "without a lynch). Go on?")
    short = run(new_game(), SetDeadline(4), TickDeadline(3, "nearly"))
    short = run(short, *(Vote(voter, "Vet") for voter in ("Ann", "Bob", "Cat", "Dan", "Van",
                                                           "Rev", "Wat")))
    assert day_ending_question(short, Vote("Tom", "Vet")) == (
        "Tom's vote is the hammer: Vet is lynched and flipped, and Day 1 ends. Go on?")
    assert day_ending_question(state, Vote("Tom", NO_LYNCH)) is None  # 1 vote, no majority


def test_the_days_end_says_a_dead_writers_note_is_still_to_enter() -> None:
    # line 125: a note written after a night death is found when the next day begins; the
    # moderator enters it that day (w), and once the day ends it cannot be. The hammer, a
    # majority for no lynch and the deadline each end the day: each says so first.
    state = run(night_of({"Ino": ("Notebook",)}), ChooseKill("Gus", "Pat", "Ino"))
    state = run(state, ResolveNight(lots(state)))
    assert state.late_notes == (("Ino", "Notebook"),)
    state = run(state, *(Vote(voter, "Vet") for voter in ("Ann", "Bob", "Cat", "Dan", "Van",
                                                           "Rev", "Wat")))
    waiting = (" Ino, killed last night with a Notebook, may have sent a note: once the day "
               "ends it cannot be entered (w on the Posts tab).")
    assert day_ending_question(state, Vote("Tom", "Vet")) == (
        f"Tom's vote is the hammer: Vet is lynched and flipped, and Day 2 ends.{waiting} "
        "Go on?")
    assert end_day_question(state) == (
        f"End Day 2 without a lynch? A lynch needs a majority, 8 votes; Vet has 7.{waiting}")
    assert modkill_question(state, "Gus") == (
        "Remove Gus from the game? He dies and is flipped. The votes on Vet are then a "
        f"majority: he is lynched and flipped, and Day 2 ends.{waiting}")
    noted = run(state, AddLateNote("Ino", "it was Gus"))
    assert day_ending_question(noted, Vote("Tom", "Vet")) == (
        "Tom's vote is the hammer: Vet is lynched and flipped, and Day 2 ends. Go on?")
    assert end_day_question(noted) == (
        "End Day 2 without a lynch? A lynch needs a majority, 8 votes; Vet has 7.")


def test_leaving_the_day_off_as_the_session_ends_names_the_note_it_shuts_out() -> None:
    from gmscreen.games.dust.sessions import left_off_words
    state = run(night_of({"Ino": ("Notebook",)}), ChooseKill("Gus", "Pat", "Ino"))
    state = run(state, ResolveNight(lots(state)), Vote("Ann", "Vet"))
    assert left_off_words(state) == (
        "Day 2 ends with no lynch, as at the deadline (its post is made), and the note Ino "
        "may have sent, killed last night with a Notebook, can no longer be entered")
    noted = run(state, AddLateNote("Ino", "it was Gus"))
    assert left_off_words(noted) == (
        "Day 2 ends with no lynch, as at the deadline (its post is made)")


def test_the_innocents_vouch_is_the_moderators_word_not_a_reading_the_relic_fools() -> None:
    # lines 134 and 136: the Relic and the Black Book make their holder read as Scum to
    # powers that detect alignment. Our Innocent's vouch is the moderator's own word on the
    # role he dealt (the reading in `day_rules`): it posts Town all the same.
    state = run(new_game({"Ino": ("Relic",)}), UseDayPower("Ino", "Innocent", "Vouch"))
    assert state.posts[-1].lines == ("I vouch for Ino: TOWN-aligned.",)


def test_a_gift_follows_its_giver_and_receiver_into_a_replacement_and_is_put_right() -> None:
    # line 30 (a gift, put right the same day) meets a replacement, which takes the slot
    # whole: today's gift is the slot's, under the name it is played under now
    state = run(new_game({"Van": ("Knife",)}), GiveItem("Van", "Knife", "Cat"),
                ReplacePlayer("Van", "Vin"))
    assert state.gifts == (("Vin", "Knife", "Cat"),)
    fixed = run(state, CorrectGift("Vin", "Knife", "Cat", "Dan"))
    assert [h.item for h in player(fixed, "Dan").items] == ["Knife"]
    state = run(new_game({"Van": ("Knife",)}), GiveItem("Van", "Knife", "Cat"),
                ReplacePlayer("Cat", "Cal"))
    assert state.gifts == (("Van", "Knife", "Cal"),)
    fixed = run(state, CorrectGift("Van", "Knife", "Cal", "Dan"))
    assert [h.item for h in player(fixed, "Dan").items] == ["Knife"]
    assert player(fixed, "Cal").items == ()
    assert fixed.messages[-2].player == "Cal" and "not yours" in fixed.messages[-2].lines[0]


def test_a_player_whose_only_action_a_removal_took_off_has_sent_nothing() -> None:
    # a removal at night takes off the actions aimed at the removed player; one whose whole
    # choice that was is waiting to send another, not staying in by choice: the tab counts
    # him among those who have sent nothing, and so does the question before resolving
    from gmscreen.games.dust.night_rules import not_sent
    state = night_of({"Wat": ("Gun", "Notebook")})
    state = choose(state, "Wat", use("Gun", "Gunshot", "Gus"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Gus"))
    state = choose(state, "Bob", use("Doctor", "Tend", "Gus"))
    state = choose(state, "Cat")  # sent: he stays in
    state = run(state, ModKill("Gus", "gone quiet"))
    assert state.choice("Wat") is None and state.choice("Ann") is None
    assert state.choice("Bob") is None
    chosen = state.choice("Cat")
    assert chosen is not None and chosen.is_empty
    assert {"Wat", "Ann", "Bob"} <= set(not_sent(state)) and "Cat" not in not_sent(state)
    # one who sent more keeps the rest of his choice
    state = night_of({"Wat": ("Gun", "Notebook")})
    state = choose(state, "Wat", use("Gun", "Gunshot", "Gus"), use("Notebook", "Notes",
                                                                   text="Gus is Scum"))
    state = run(state, ModKill("Gus", "gone quiet"))
    kept = state.choice("Wat")
    assert kept is not None and [u.source for u in kept.uses] == ["Notebook"]
