"""The day: gifts, the generator, the Innocent's vouch, votes, the lynch and the flip."""

from __future__ import annotations

import pytest

from gmscreen.games.dust import view
from gmscreen.games.dust.commands import EndDay, GiveItem, StartGame, UseDayPower, Vote
from gmscreen.games.dust.day_rules import end_day_question
from gmscreen.games.dust.state import NO_LYNCH
from gmscreen.journal.rules import RuleError
from tests.dust.game import new_game, player, run


def votes_for(state, target, count, *, skip=()):
    voters = [p.name for p in state.living if p.name not in skip][:count]
    return run(state, *(Vote(v, target) for v in voters))


def test_a_gift_tells_the_receiver_the_item_but_not_the_giver():
    state = run(new_game({"Cat": ("Knife",)}), GiveItem("Cat", "Knife", "Dan"))
    assert player(state, "Dan").holds("Knife") and not player(state, "Cat").holds("Knife")
    message = state.messages[-1]
    assert message.player == "Dan" and "Knife" in " ".join(message.lines)
    assert "Cat" not in " ".join(message.lines)


def test_the_dealers_day_names_todays_gifts_and_the_table_never_does():
    """A gift changes nothing the day's board shows, so the Dealer's head of the day names
    it (giver, item, receiver) until the day ends; the table's view never does."""
    state = run(new_game({"Cat": ("Knife",), "Dan": ("Crowbar",)}))
    assert not any("Given today" in line for line in view.status_lines(state))
    state = run(state, GiveItem("Cat", "Knife", "Dan"), GiveItem("Dan", "Crowbar", "Van"))
    given = [line for line in view.status_lines(state) if line.startswith("Given today")]
    assert given == ["Given today: Cat gave Dan the Knife; Dan gave Van the Crowbar."]
    assert "gave" not in repr(view.table_knows(state))
    night = run(state, EndDay())
    assert not any("Given today" in line for line in view.status_lines(night))


def test_a_gift_keeps_the_uses_already_spent():
    from tests.dust.game import choose, resolve, use
    state = run(new_game({"Cat": ("Notebook",)}), EndDay())
    state = resolve(choose(state, "Cat", use("Notebook", "Notes", text="hello")))
    state = run(state, GiveItem("Cat", "Notebook", "Dan"))
    assert player(state, "Dan").items[0].used == 1
    # the Notebook holds two notes (line 125), whoever writes them: Dan, who has written
    # none, is told what is left, not that he used one; so say his page, his sheet and
    # the roster
    left = "Notebook (1 of 2 uses left)"
    assert state.messages[-1].lines[0] == f"Someone gave you an item: {left}."
    assert any(line.startswith(f"{left}: ") for line in view.player_knows(state, "Dan").items)
    assert any(line.startswith(f"* {left}: ")
               for part in view.player_sheet(state, "Dan") for line in part.lines)
    assert left in next(row for row in view.players_grid(state).rows if row[0] == "Dan")
    # a second note spends it, in Dan's hands as in Cat's
    state = run(state, EndDay())
    state = resolve(choose(state, "Dan", use("Notebook", "Notes", text="again")))
    assert not player(state, "Dan").holds("Notebook")


def test_no_gifts_once_the_hammer_falls():
    state = run(new_game({"Cat": ("Knife",)}), EndDay())
    with pytest.raises(RuleError, match="Gifts"):
        run(state, GiveItem("Cat", "Knife", "Dan"))



def test_a_step_of_the_day_refused_at_night_says_how_the_day_ended():
    # a day that ended at the deadline saw no hammer fall: the refusal says so, where it
    # told the moderator (and the player asking) that "the hammer has fallen"
    quiet = run(new_game({"Cat": ("Knife",)}), EndDay())
    with pytest.raises(RuleError, match="it is Night 1, Day 1 having ended without a lynch: "
                                        "items change hands only by day"):
        run(quiet, GiveItem("Cat", "Knife", "Dan"))
    lynched = votes_for(new_game({"Cat": ("Knife",)}), "Eve", 8, skip=("Eve",))
    assert not player(lynched, "Eve").alive
    with pytest.raises(RuleError, match="it is Night 1, the hammer having fallen on Eve: "
                                        "votes are cast by day"):
        run(lynched, Vote("Cat", "Dan"))

@pytest.mark.parametrize(("gift", "rule"), [
    (GiveItem("Cat", "Gun", "Dan"), "Gifts"),
    (GiveItem("Cat", "Knife", "Cat"), "Gifts"),
    (GiveItem("Cat", "Knife", "Nobody"), "Gifts"),
])
def test_bad_gifts_are_refused_and_change_nothing(gift, rule):
    state = new_game({"Cat": ("Knife",)})
    with pytest.raises(RuleError, match=rule):
        run(state, gift)


def test_votes_count_up_and_a_majority_lynches_with_the_flip():
    state = new_game({"Eve": ("Knife",)})
    assert state.majority == 8
    state = votes_for(state, "Eve", 7, skip=("Eve",))
    assert len(state.tally()["Eve"]) == 7 and state.phase == "day"
    state = run(state, Vote("Eve", "Eve"))
    eve = player(state, "Eve")
    assert not eve.alive and eve.items == () and state.phase == "night"
    lines = " ".join(state.posts[-1].lines)
    assert "Eve is lynched" in lines
    assert "Eve was Dust's manifestation of DESPAIR, SCUM-aligned." in lines
    assert "Twilight" in lines


def test_changing_and_withdrawing_votes():
    state = run(new_game(), Vote("Ann", "Eve"), Vote("Ann", "Gus"))
    assert state.tally() == {"Gus": ["Ann"]}
    state = run(state, Vote("Ann", ""))
    assert state.tally() == {}
    with pytest.raises(RuleError, match="Votes"):
        run(state, Vote("Ann", ""))


def test_a_majority_for_no_lynch_ends_the_day():
    state = votes_for(new_game(), NO_LYNCH, 8)
    assert state.phase == "night"
    assert all(p.alive for p in state.players)


def test_the_deadline_ends_the_day_without_a_lynch():
    state = run(new_game(), Vote("Ann", "Eve"), EndDay())
    assert state.phase == "night" and state.votes == ()


def test_the_dead_do_not_vote_and_cannot_be_voted():
    state = votes_for(new_game(), "Cat", 8, skip=("Cat",))
    state = run(state, EndDay()) if state.phase == "day" else state
    from tests.dust.game import resolve
    state = resolve(state)
    with pytest.raises(RuleError, match="dead"):
        run(state, Vote("Cat", "Eve"))
    with pytest.raises(RuleError, match="dead"):
        run(state, Vote("Eve", "Cat"))


def test_the_innocent_is_vouched_for_once():
    state = run(new_game(), UseDayPower("Ino", "Innocent", "Vouch"))
    assert player(state, "Ino").vouched
    assert "I vouch for Ino: TOWN-aligned." in state.posts[-1].lines
    with pytest.raises(RuleError, match="Uses"):
        run(state, UseDayPower("Ino", "Innocent", "Vouch"))


def test_only_the_innocent_can_be_vouched_for():
    with pytest.raises(RuleError, match="Day powers"):
        run(new_game(), UseDayPower("Ann", "Innocent", "Vouch"))


def test_role_cards_tell_each_player_his_role_and_the_scum_their_fellows():
    state = new_game({"Cat": ("Alcohol",)})
    cards = {m.player: " ".join(m.lines) for m in state.messages if m.when == "Day 1"}
    assert "Your role is the COP; your alignment is TOWN." in cards["Ann"]
    assert "You start with: Alcohol." in cards["Cat"]
    assert "Your fellow Scum: Gus, Pat." in cards["Eve"]
    assert "JUDGE" in cards["Eve"] and "LIBRARIAN" in cards["Gus"]
    assert "Scum" not in cards["Ann"]


def test_setup_refuses_a_game_the_scum_have_already_won():
    from gmscreen.games.dust.commands import AddPlayer, UseBookSetUp
    from gmscreen.games.dust.state import DustState
    state = run(DustState(), UseBookSetUp(), AddPlayer("A", "Guilt"), AddPlayer("B", "Cop"))
    with pytest.raises(RuleError, match="Setup"):
        run(state, StartGame())


@pytest.mark.parametrize(("name", "rule"), [("", "Names"), ("Ann", "Names"), ("ann", "Names"),
                                            ("No Lynch", "Names"), (" Bo", "Names")])
def test_player_names_are_unique_and_clean(name, rule):
    from gmscreen.games.dust.commands import AddPlayer, UseBookSetUp
    from gmscreen.games.dust.state import DustState
    state = run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"))
    with pytest.raises(RuleError, match=rule):
        run(state, AddPlayer(name, "Cop"))


@pytest.mark.parametrize(("command", "rule", "field"), [
    (GiveItem("", "Knife", "Van"), "Gifts", "giver"),
    (GiveItem("Cat", "Knife", ""), "Gifts", "receiver"),
    (Vote("", "Eve"), "Votes", "voter"),
])
def test_a_form_sent_with_nobody_chosen_says_which_field_and_changes_nothing(
        command, rule, field):
    state = new_game({"Cat": ("Knife",)})
    with pytest.raises(RuleError, match=rule) as refused:
        run(state, command)
    assert refused.value.field == field
    assert f"choose the {field} first" in str(refused.value)
    assert "''" not in str(refused.value)


def test_the_day_says_a_day_power_is_ready_while_one_can_be_used():
    from gmscreen.games.dust.view import status_lines

    state = new_game()
    assert status_lines(state)[0].endswith("1 day power ready.")
    vouched = run(state, UseDayPower("Ino", "Innocent", "Vouch"))
    assert "day power" not in status_lines(vouched)[0]


def test_the_question_before_a_day_ended_without_a_lynch_names_the_votes_short_of_it():
    """Book line 42: a lynch needs a majority. The question before the day is ended without
    one says how many that is and what each wagon holds, the most first, so the moderator
    who reads a tie or a plurality knows it lynches no one."""
    state = new_game()
    assert end_day_question(state) == ("End Day 1 without a lynch? A lynch needs a majority, "
                                       "8 votes; none is cast.")
    state = run(state, Vote("Ann", "Eve"), Vote("Bob", "Gus"), Vote("Cat", "Eve"),
                Vote("Dan", NO_LYNCH), Vote("Van", "Gus"))
    assert end_day_question(state) == ("End Day 1 without a lynch? A lynch needs a majority, "
                                       "8 votes; Eve has 2, Gus 2, no lynch 1.")
