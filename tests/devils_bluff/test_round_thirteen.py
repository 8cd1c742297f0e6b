"""Nothing left to paper (round 13): what earlier rounds noticed and left, and what a cold
reading of the book found a Dealer would still keep on a notepad, each checked against the
rules and the screens a Dealer reads."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, log, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AgreeObjectives,
    ChooseSetUp,
    CloseAftermath,
    Discard,
    Dismiss,
    DrawCard,
    EndActivation,
    EndCampaign,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    KeepHired,
    Move,
    Rename,
    StartGame,
)
from gmscreen.games.devils_bluff.events import (
    Activated,
    AftermathClosed,
    Dismissed,
    Enlisted,
    HiredKept,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.hiring import moved_on
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import GameRecord
from gmscreen.games.devils_bluff.turns import next_game, why_not_start_game
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import Paragraph
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import (
    Table,
    before_deployment,
    campaign,
    campaign_sample,
    one_off,
    pick,
    recruit,
)
from tests.devils_bluff.test_book_closed import entry
from tests.devils_bluff.test_long_run import ANN, BOB, _campaign_after_a_game
from tests.pilot import opened, synchronous, to_tab, until


def test_a_model_that_bears_its_player_s_name_joins_and_leaves_its_own_gang() -> None:
    """The samples' players play leaders of their own names: "Ma Hendry leaves Ma Hendry's
    gang" read as a slip (a player leaving, or a name typed twice). Where the model's name
    reads as its player's, the gang is "their own"; any other model's line is as it was."""
    leader = Recruit("Ma Hendry", LEADER, "Shotgun", ("Tough",), "", False)
    assert log.dismissed(Dismissed("Ma Hendry", "Ma Hendry")) == \
        "Ma Hendry leaves their own gang"
    assert log.dismissed(Dismissed("Ma Hendry", "Dutch")) == "Dutch leaves Ma Hendry's gang"
    assert log.enlisted(Enlisted("Ma Hendry", leader)).startswith(
        "Ma Hendry joins their own gang: Gang Leader with a Shotgun")
    # in another case, or spaced otherwise, it is still the same name read aloud
    assert log.hired_kept(HiredKept("ma hendry", "Ma  Hendry")) == \
        "Ma  Hendry joins their own gang for good"
    closed = log.aftermath_closed(AftermathClosed(game=1, kept={"Ma Hendry": "Ma Hendry",
                                                                "Cole": "Dutch"}))
    assert "Ma Hendry joins their own gang for good" in closed
    assert "Dutch joins Cole's gang for good" in closed


def test_the_recap_says_a_namesake_leader_left_their_own_gang() -> None:
    """The recap's "Won and lost" told a permanent model gone as "Bob left Bob's gang"."""
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    table.execute(Rename("Cole", BOB))
    began = view.table_knows(table.state)
    table.execute(Dismiss(BOB, BOB))
    totals = view.table_totals(began, view.table_knows(table.state))
    assert f"{BOB} left their own gang" in totals, totals


def test_a_one_off_left_off_unfinished_offers_its_game_again_not_a_second_game() -> None:
    """Its game left off when a session ended, a one-off said "Press g to shuffle the Draw
    Deck and begin game 2", on the Dealer's tabs and the players' screen ("game 2 may
    begin"), where the tabs say elsewhere that a one-off is one game. The number stays the
    journal's (the heading will read Game 2), and the words say it is the one-off's game."""
    table = one_off()
    for new in RULES.abandon(table.state):
        table.apply(new)
    again = "game 2, the one-off's game again (game 1 was left off unfinished)"
    assert f"Press g to shuffle the Draw Deck and begin {again}." in \
        view.between_games_lines(table.state)
    assert view.next_game_words(table.state) == f"Both gangs are ready: {again}, may begin."
    # a campaign's next game is named by its number alone, as before
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    assert next_game(table.state) == "game 2"


def _story(campaign_: Campaign[Any]) -> str:
    """The table's recap of session 1, its paragraphs as text."""
    return "\n".join(f"{b.lead} {b.text}".strip()
                     for b in recap.build(campaign_, 1, view).blocks
                     if isinstance(b, Paragraph))


def test_an_activation_with_no_action_is_told_so_two_turns_draws_are_not_one(
        tmp_path: Path) -> None:
    """Sheriff Cole draws, his model ends its activation at once, Ma Hendry's too, and he
    draws again. The recap left out an activation in which the model did nothing, so it
    read "Sheriff Cole draws a card. Sheriff Cole draws a card.": two draws in one turn,
    which the rules forbid (module line 39). Now the activation is told, in its paragraph."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    cole_model = campaign_.state.gang(COLE).fighters[3].name
    ma_model = campaign_.state.gang(HENDRY).fighters[3].name
    campaign_.execute(DrawCard(COLE))
    held = campaign_.state.hand(COLE)[0]
    campaign_.execute(Discard(COLE, held.code))
    for model in (cole_model, ma_model):
        campaign_.execute(Activate(model))
        campaign_.execute(EndActivation(model))
    campaign_.execute(DrawCard(COLE))
    assert campaign_.describe(campaign_.events[-2]) == \
        f"{ma_model} ends its activation without an action"
    story = _story(campaign_)
    assert f"{COLE} draws a card. {COLE} draws a card." not in story, story
    assert (f"{cole_model} activates. {cole_model} ends its activation without an action"
            in story), story
    assert f"{ma_model} activates. {ma_model} ends its activation without an action" \
        in story, story
    # a model that did something is told by what it did, as before: no word of its end
    campaign_.execute(Discard(COLE, campaign_.state.hand(COLE)[0].code))
    mover = campaign_.state.gang(COLE).fighters[4].name
    campaign_.execute(Activate(mover))
    campaign_.execute(Move(mover, "Advance"))
    campaign_.execute(EndActivation(mover))
    assert f"{mover} ends its activation" not in _story(campaign_)
    campaign_.close()


def test_a_discard_down_to_five_is_told_in_the_table_s_recap(tmp_path: Path) -> None:
    """A sixth card drawn, one of the five held before goes face up on the discard pile:
    the log named it ("Sheriff Cole discards 3♥, down to five"), the table's recap left it
    out, though every player saw the card go. It is told after the draw that owed it."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign_.execute(DrawCard(COLE))
    thrown = campaign_.state.hand(COLE)[0]
    campaign_.execute(Discard(COLE, thrown.code))
    assert f"{COLE} draws a card. {COLE} discards {thrown}, down to five" in \
        _story(campaign_)
    campaign_.close()


def test_the_gun_kept_by_mistake_is_swapped_for_the_one_meant() -> None:
    """Module line 101: one hired gun a game joins for good. Dutch kept by a slip of the
    cursor could be put right only by x, which took him off the roster at once: he was
    then missing from the guns that moved on, so "h hires again" left him out and the
    Dealer had to remember him. Now Lefty is kept instead, in one step: Dutch is a hired
    gun again, moves on as the aftermath closes, and is hired again with the others."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(KeepHired("Dutch"))
    (swapped,) = table.execute(KeepHired("Lefty", instead=True))
    assert RULES.describe(swapped) == (
        f"Lefty joins {HENDRY}'s gang for good instead of Dutch (kept by mistake), who is a "
        "hired gun again")
    after = table.state.aftermath
    assert after is not None and after.kept_by(HENDRY) == "Lefty"
    assert table.fighter("Dutch").recruit.hired and not table.fighter("Lefty").recruit.hired
    (closed,) = table.execute(CloseAftermath())
    assert "Dutch" in closed.data["gone"] and "Lefty" not in closed.data["gone"]
    assert closed.data["kept"][HENDRY] == "Lefty"
    assert "Dutch" in [r.name for _, r in moved_on(table.state)]
    assert table.replayed() == table.state


def test_a_swap_waits_for_a_level_the_gun_kept_has_gained() -> None:
    """A gun kept and levelled: its level is taken back first (a hired gun gains none)."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(KeepHired("Dutch"))
    table.execute(GainLevel("Dutch", "Quick"))
    with pytest.raises(RuleError) as refused:
        table.execute(KeepHired("Lefty", instead=True))
    assert refused.value.field == "fighter"
    assert ("an undo takes back the level, then Keep hired on Lefty keeps it instead"
            in str(refused.value))


@synchronous
async def test_k_on_the_gun_meant_asks_to_keep_it_instead(tmp_path: Path) -> None:
    """By keys at 80x24: Dutch kept, k on Lefty asks, naming both and what becomes of
    Dutch; n keeps the journal as it was, y keeps Lefty instead."""
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame("agreed"))
    campaign_.execute(KeepHired("Dutch"))
    journal = campaign_.path
    assert journal is not None
    before = journal.read_bytes()
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Lefty")
        await pilot.pause()
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = app.screen
        assert isinstance(asked, Confirm)
        assert asked.question == (
            "Dutch has joined The Hendry Boys for good already (one hired gun a game). Keep "
            "Lefty instead? Dutch is a hired gun again, and moves on as the aftermath "
            "closes. ctrl+z brings it back.")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert journal.read_bytes() == before
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign_.state.aftermath is not None
                    and campaign_.state.aftermath.kept_by(HENDRY) == "Lefty")
    campaign_.close()


# -- Part 2: the objectives agreed, kept where a notepad held them (digest 2.1) -------------

WELL = "the well: 1 a round held; the strongbox: 3 carried off"


def test_the_objectives_agreed_are_kept_for_the_game_and_said_where_points_are_given(
        ) -> None:
    """Digest 2.1 (71-78): a game is fought over objectives and scored by them; neither
    text gives a mission, so the players agree the objectives and what each scores before
    the deployment. The app said to agree them and kept nothing of it: what the well was
    worth was on a notepad all game. o writes them down; the Conflict tab says them until
    round 1, the players' screen for the whole game, the Score and End-game forms too."""
    table = before_deployment()
    status = view.status_lines(table.state)
    assert view.AGREE_FIRST_KEY in status, status
    (agreed,) = table.execute(AgreeObjectives(f"  {WELL} "))
    assert RULES.describe(agreed) == f"The objectives agreed: {WELL}"
    assert table.state.battle is not None and table.state.battle.objectives == WELL
    status = view.status_lines(table.state)
    assert f"Objectives agreed: {WELL} (o)" in status and view.AGREE_FIRST_KEY not in status
    assert view.objectives_note(table.state) == f"Objectives agreed: {WELL}"
    shown = [line for s in view.table_sections(view.table_knows(table.state))
             if isinstance(s, Lines) for line in s.lines]
    assert f"Objectives agreed: {WELL}".replace(" ", "\u00a0") not in shown  # plain spaces
    assert any(line.replace("\u00a0", " ") == f"Objectives agreed: {WELL}"
               for line in shown), shown
    assert view.AGREE_FIRST not in shown
    assert table.replayed() == table.state


def test_objectives_the_rules_refuse_name_the_field() -> None:
    table = before_deployment()
    for text, said in (("  ", "write the objectives the players agreed and what each scores"),
                       ("x" * 201, "the objectives take at most 200 letters; these take 201")):
        with pytest.raises(RuleError) as refused:
            table.execute(AgreeObjectives(text))
        assert (refused.value.field, str(refused.value)) == ("text", f"Objectives: {said}")
    table.execute(AgreeObjectives(WELL))
    with pytest.raises(RuleError) as refused:
        table.execute(AgreeObjectives(WELL))
    assert "agreed already" in str(refused.value)
    # between games there is no game to agree them for
    between = _campaign_after_a_game()
    with pytest.raises(RuleError) as refused:
        between.execute(AgreeObjectives(WELL))
    assert str(refused.value).startswith("Game: no game is being played")


def test_the_objectives_are_told_in_the_recap_within_the_deployment(tmp_path: Path) -> None:
    """Agreed before the roll-off, they are told in the deployment's paragraph, which
    goes on after them (never two paragraphs headed "Deployment.")."""
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(AgreeObjectives(WELL))
    story = _story(campaign_)
    assert f"The objectives agreed: {WELL}" in story, story
    campaign_.close()


@synchronous
async def test_o_writes_the_objectives_and_the_score_form_says_them(tmp_path: Path) -> None:
    """By keys at 80x24: o, the objectives typed, Enter; then s: the Score form says them
    under its fields, and o again opens on them to be put right."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "o")
        assert form.title_text == "Objectives for game 1"
        await pilot.press(*"the well: 1 a round held")
        await pilot.press("enter")
        await until(pilot, lambda: campaign_.state.battle is not None
                    and campaign_.state.battle.objectives == "the well: 1 a round held")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        form = await opened(pilot, "s")
        assert "Objectives agreed: the well: 1 a round held" in form.note, form.note
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        form = await opened(pilot, "o")
        assert form.values().text("text") == "the well: 1 a round held"
    campaign_.close()


def test_f1_s_mission_says_o_writes_the_objectives_down() -> None:
    means = entry("Objectives").means
    assert "Objectives on the Conflict tab writes them down" in means, means



# -- Part 1: a campaign's end (module line 11) ----------------------------------------------


def _closed_campaign() -> Table:
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    return table


def test_the_players_end_the_campaign_naming_who_holds_the_town() -> None:
    """Module line 11: the campaign runs until one player controls the town, with no
    measure given (section 4 is empty). The tabs counted the games won, but no step ended
    it: the tabs went on offering the next game, and who had won was on paper. The
    players call it; the tabs, the players' screen and the log say it, and no step of the
    campaign follows (the recap's "Goes on next session" says nothing more)."""
    table = _closed_campaign()
    (ended,) = table.execute(EndCampaign(ANN, "the bank is hers"))
    assert RULES.describe(ended) == \
        f"The campaign ends: {ANN} holds the town of Devils Bluff (the bank is hers)"
    # the closing note with it, on the tabs too (round 21: the state keeps it)
    over = f"The campaign is over: {ANN} holds the town of Devils Bluff (the bank is hers)."
    assert f"{over} ctrl+z takes its end back to play on." in view.status_lines(table.state)
    assert f"{over} ctrl+z takes its end back to play on." in view.campaign_lines(table.state)
    assert view.next_game_words(table.state) == over
    assert view.table_stands(view.table_knows(table.state), leaving=True) is None
    for command in (StartGame(tuple(range(52))), Dismiss(ANN, "Ma"),
                    EndCampaign(BOB)):
        with pytest.raises(RuleError) as refused:
            table.execute(command)
        assert str(refused.value) == (f"Campaign over: the campaign has ended ({ANN} holds "
                                      "the town): an undo takes its end back to play on")
    assert table.replayed() == table.state


def test_a_campaign_ends_only_between_games_once_a_game_is_played() -> None:
    table = _campaign_after_a_game()
    with pytest.raises(RuleError) as refused:
        table.execute(EndCampaign(ANN))
    assert str(refused.value) == ("Aftermath: close game 1's aftermath first: its "
                                  "levels and the gun kept go on the record")
    table.execute(CloseAftermath())
    with pytest.raises(RuleError) as refused:
        table.execute(EndCampaign("Zed"))
    assert refused.value.field == "winner"
    (ended,) = table.execute(EndCampaign())
    assert RULES.describe(ended) == "The campaign ends: nobody holds the town of Devils Bluff"
    one = one_off()
    for new in RULES.abandon(one.state):
        one.apply(new)
    with pytest.raises(RuleError) as refused:
        one.execute(EndCampaign(HENDRY))
    assert refused.value.rule == "One-off"


@synchronous
async def test_f_ends_the_campaign_by_keys(tmp_path: Path) -> None:
    """By keys at 80x24 on the Characters tab: F opens the form on the player with the
    most games won (here none leads: Nobody), the games won said under it; Enter ends."""
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame("agreed"))
    campaign_.execute(CloseAftermath())
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "F")
        assert form.title_text == "End the campaign"
        assert "Games won: Ma Hendry 0, Sheriff Cole 0 (of 1 played; 1 drawn)" in form.note
        assert form.values().text("winner") == "Nobody"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign_.state.ended == "")
    campaign_.close()


def test_f1_s_campaign_says_how_a_campaign_ends() -> None:
    means = entry("Campaign").means
    assert "End the campaign on the Characters tab ends it" in means, means


# -- Part 2: a one-off gang hires the remaining seven (module lines 105-109) ---------------


def _one_off_gang(table: Table, player: str, hired: int) -> None:
    table.execute(FoundGang(player, f"{player}'s boys"))
    table.execute(Enlist(player, recruit(f"{player} boss", "Revolver", "Quick", "Deft",
                                         "Tough", "Deadly", unit=LEADER)))
    table.execute(Enlist(player, recruit(f"{player} three", "Revolver", "Quick", "Deft",
                                         "Tough")))
    table.execute(Enlist(player, recruit(f"{player} two", "Revolver", "Quick", "Deft")))
    for n in range(hired):
        table.execute(Enlist(player, recruit(f"{player} gun {n}", hired=True)))


def test_a_one_off_gang_by_controlled_choice_hires_the_remaining_seven() -> None:
    """Module line 107: a one-off gang is its leader and two custom gunslingers, "hiring
    the remaining 7". A gang of eight began a game, the Dealer told nothing, and the
    ninth and tenth models were a count kept in the head. By controlled choice each player
    hires from their own miniatures, so the game waits for ten a gang, naming who is short
    (a pool that runs short evens the gangs out instead: module line 171)."""
    table = Table()
    table.execute(ChooseSetUp("one-off"))
    _one_off_gang(table, "Ann", 7)
    _one_off_gang(table, "Bob", 5)
    refusal = why_not_start_game(table.state)
    assert refusal is not None and str(refusal) == (
        "One-off gang: Bob's boys has 8 of its 10 models: a one-off gang hires the "
        "remaining 7 after its leader and two custom gunslingers")
    assert "Before game 1: Bob's boys has 8 of its 10 models" in \
        view.next_game_words(table.state)
    table.execute(Enlist("Bob", recruit("Bob gun 5", hired=True)))
    table.execute(Enlist("Bob", recruit("Bob gun 6", hired=True)))
    assert why_not_start_game(table.state) is None


def test_a_namesake_leader_is_not_named_twice_in_the_log_and_the_totals() -> None:
    """The log read "Sheriff Cole activates Sheriff Cole", the recap "Taken out in game 1:
    Sheriff Cole (Sheriff Cole)": the same name twice where a player runs a leader of
    their own name. The model is named alone; any other model keeps its player."""
    table = one_off()
    assert log.activated(Activated(COLE, "Sheriff Cole")) == "Sheriff Cole activates"
    assert log.activated(Activated(COLE, "Eli Crane")) == f"{COLE} activates Eli Crane"
    record = replace(table.state.record[0] if table.state.record else GameRecord(1, (), ""),
                     taken_out=((COLE, "Sheriff Cole"), (HENDRY, "Dutch")))
    assert view.taken_out_line(record) == \
        f"Taken out in game 1: Sheriff Cole and Dutch ({HENDRY})"


def test_the_recap_tells_the_campaign_s_end_in_a_paragraph_of_its_own(tmp_path: Path) -> None:
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame("agreed"))
    campaign_.execute(CloseAftermath())
    campaign_.execute(EndCampaign(HENDRY, "the bank is hers"))
    story = _story(campaign_)
    assert (f"The end of the campaign. The campaign ends: {HENDRY} holds the town of Devils "
            "Bluff (the bank is hers).") in story, story
    campaign_.close()
