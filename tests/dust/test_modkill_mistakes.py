"""A mod-kill made by mistake (the wrong player, or one who was to be replaced) is taken back
the same day or night, without undoing the steps since: the player is alive again with his
items as he held them, and the thread is told it was the moderator's mistake, as it was told
of the removal. What the removal took back (votes, night actions, the kill) stays taken back."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    CorrectModKill,
    EndDay,
    ModKill,
    ReplacePlayer,
    Vote,
)
from gmscreen.games.dust.state import Held
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, answer, app_of, pane, question, sample_campaign
from tests.dust.game import choose, kill, new_game, night_of, player, run, use
from tests.dust.hidden import assert_secrets_kept
from tests.pilot import synchronous, to_tab, until


def removed_by_mistake():
    """Day 1: Ann votes Cat, Cat votes Pat; Cat (Knife, a Notebook one note down) is
    mod-killed where Dan was meant; Bob votes after."""
    state = new_game({"Cat": ("Knife", "Notebook")})
    state = replace(state, players=tuple(
        replace(p, items=(Held("Knife"), Held("Notebook", used=1))) if p.name == "Cat" else p
        for p in state.players))
    return run(state, Vote("Ann", "Cat"), Vote("Cat", "Pat"),
               ModKill("Cat", "never posted"), Vote("Bob", "Eve"))


def test_a_modkill_by_mistake_is_taken_back_and_the_thread_told():
    state = removed_by_mistake()
    events = RULES.decide(state, CorrectModKill("Cat"))
    state = run(state, CorrectModKill("Cat"))
    cat = player(state, "Cat")
    assert cat.alive and (cat.death, cat.fate) == ("", "")
    # his items come back as he held them, uses spent and all
    assert cat.items == (Held("Knife"), Held("Notebook", used=1))
    # what the removal took back stays taken back; the steps since stand
    assert state.tally() == {"Eve": ["Bob"]}
    assert state.posts[-1].title == "Day 1: the moderator"
    # the thread read which votes went with him: it is told they stay withdrawn
    assert state.posts[-1].lines == (
        "The moderator's mistake: Cat was not to be removed; he is back in the game.",
        "Cat's vote on Pat and the vote on him (Ann) stay withdrawn; they may be cast again.",
        "15 players are alive; 8 votes lynch.")
    told = state.messages[-1]
    assert told.player == "Cat"
    assert told.lines == ("The moderator's mistake: you were not to be removed; you play on.",
                          "You hold: Knife, Notebook (1 of 2 uses left).")
    assert [e.kind for e in events] == ["dust.posted", "dust.modkill_corrected",
                                        "dust.message_sent"]
    assert_secrets_kept(state)


def test_by_night_the_actions_the_removal_took_back_are_sent_again():
    state = night_of({"Cat": ("Gun",)})
    state = choose(state, "Cat", use("Gun", "Gunshot", "Pat"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Cat"))
    state = kill(state, "Cat")
    state = run(state, ModKill("Cat", "asked to leave"), CorrectModKill("Cat"))
    assert player(state, "Cat").alive and state.choice("Cat") is None
    assert state.kill is None
    assert state.posts[-1].title == "Night 1: the moderator"
    assert state.posts[-1].lines == (
        "The moderator's mistake: Cat was not to be removed; he is back in the game.",)
    assert state.messages[-1].lines[-1] == (
        "Send your night action for tonight: one sent before the removal is dropped.")
    # the slot may now go to the player who was to take it
    state = run(state, ReplacePlayer("Cat", "Kit"))
    assert player(state, "Kit").alive


@pytest.mark.parametrize(("before", "name", "words"), [
    ((), "Cat", "Cat was not removed"),
    ((), "Nobody", "no player named 'Nobody'"),
    ((ModKill("Cat", "gone"), EndDay()), "Cat", "only a removal of this Night 1"),
])
def test_only_a_removal_of_this_day_or_night_is_taken_back(before, name, words):
    state = run(new_game(), *before)
    with pytest.raises(RuleError, match=words) as refused:
        RULES.decide(state, CorrectModKill(name))
    assert (refused.value.rule, refused.value.field) == ("Mod-kill", "player")


def test_a_removal_that_brought_the_hammer_or_ended_the_game_is_only_undone():
    voters = ["Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat"]
    state = run(new_game(), *(Vote(name, "Pat") for name in voters),
                ModKill("Tom", "gone"), ModKill("Ino", "gone"))
    assert state.phase == "night"
    with pytest.raises(RuleError, match="only a removal of this Night 1"):
        RULES.decide(state, CorrectModKill("Ino"))
    cast = {"Ann": "Cop", "Bob": "Doctor", "Eve": "Despair"}
    over = run(new_game(cast=cast), ModKill("Eve", "cheating"))
    with pytest.raises(RuleError) as refused:
        RULES.decide(over, CorrectModKill("Eve"))
    assert refused.value.rule == "Game over"


def test_the_log_tells_the_removal_taken_back():
    new = RULES.decide(removed_by_mistake(), CorrectModKill("Cat"))[1]
    event = Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
    assert RULES.describe(event) == (
        "The moderator takes back Cat's removal on Day 1, his mistake: Cat plays on "
        "with Knife, Notebook (1 used).")


@synchronous
async def test_the_dealer_takes_a_modkill_back_by_key(tmp_path):
    campaign = sample_campaign(tmp_path)
    name = campaign.state.living[0].name
    campaign.execute(ModKill(name, "never posted"))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        shown = pane(app, CHARACTERS)
        assert "c correct player" in str(shown.query_one("#dust-detail-text").render())
        await pilot.press("c")
        await until(pilot, lambda: "Take back" in question(app))
        assert question(app).startswith(f"Take back {name}'s removal?")
        await answer(pilot)
        await until(pilot, lambda: player(campaign.state, name).alive)
        assert notices.of("warning") == []


def test_a_scum_put_back_at_parity_wins_for_the_scum():
    # two Scum, four Town: Eve removed by mistake, then two of the Town removed; Eve put
    # back, the Scum are as many as the rest
    cast = {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Dan": "Vanilla Town",
            "Eve": "Despair", "Pat": "Paranoia"}
    state = run(new_game(cast=cast), ModKill("Eve", "wrong one"), ModKill("Cat", "left"),
                ModKill("Dan", "left"))
    assert state.phase == "day"
    state = run(state, CorrectModKill("Eve"))
    assert state.phase == "over" and state.winner == "scum"
    assert state.posts[-1].title == "The game is over"


def test_a_removal_that_withdrew_no_vote_says_nothing_of_votes_when_taken_back():
    state = run(new_game(), Vote("Ann", "Pat"), ModKill("Dan", "wrong man"), CorrectModKill("Dan"))
    assert state.posts[-1].lines == (
        "The moderator's mistake: Dan was not to be removed; he is back in the game.",
        "15 players are alive; 8 votes lynch.")


def test_the_question_before_taking_back_names_the_votes_that_stay_withdrawn():
    from gmscreen.games.dust.roster import correct_modkill_question

    state = removed_by_mistake()
    assert correct_modkill_question(state, "Cat") == (
        "Take back Cat's removal? He is alive again with his items, and the thread is told it "
        "was your mistake (his flip stays read); Cat's vote on Pat and the vote on him (Ann) "
        "stay withdrawn; they may be cast again.")
    quiet = run(new_game(), ModKill("Dan", "wrong man"))
    assert correct_modkill_question(quiet, "Dan") == (
        "Take back Dan's removal? He is alive again with his items, and the thread is told it "
        "was your mistake (his flip stays read).")
