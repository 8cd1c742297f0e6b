"""The Dealer's mistakes and how they are mended (a seventeenth look): a score is the last
thing resolved; a step taken by mistake is undone and redone in the game's own words, every
screen as it was."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from gmscreen.cli import main
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    CloseAftermath,
    Discard,
    Dismiss,
    DrawCard,
    EndActivation,
    EndGame,
    GainLevel,
    KeepHired,
    Mend,
    Score,
)
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Lines, as_text
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import one_off, pick, table_sections
from tests.pilot import form_up, from_palette, screen_text, synchronous, to_tab, until


def refused_by(campaign: Campaign[Any], command: object, rule: str) -> RuleError:
    """The refusal of `command`, by `rule`, the journal unchanged."""
    count = len(campaign.events)
    with pytest.raises(RuleError) as refused:
        campaign.execute(command)
    assert refused.value.rule == rule, refused.value
    assert len(campaign.events) == count
    return refused.value


def test_a_score_is_the_last_thing_resolved(tmp_path: Path) -> None:
    # the table sees the score as what happened just now, as after any other step; the
    # hands laid for the attack before it are no longer the news
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Score("Ma Hendry", 2, "the well"))
    assert view.status_lines(campaign.state)[-1] == "Ma Hendry scores 2 (the well)"
    sections = table_sections(view.table_knows(campaign.state))
    just_now = next(s for s in sections if isinstance(s, Lines) and s.title == "Just now")
    assert just_now.lines == ("Ma Hendry scores 2 (the well)",)
    assert campaign.state.laid == ()
    campaign.undo()
    assert "Ma Hendry scores" not in " ".join(view.status_lines(campaign.state))


@synchronous
async def test_the_palette_names_whose_hand_each_key_shows(tmp_path: Path) -> None:
    # ctrl+p listed "Conflict: Hand 1" and "Conflict: Hand 2", bare: whose hand is the
    # first? The names keep "Hand 1" and "Hand 2", the glossary's short forms of Hand
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first, second = campaign.state.players
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        said = {c.title: c.help for c in shell_commands(app, screen)}
        assert said[f"Conflict: Hand 1 ({first}'s): look or hide"] == (
            f"Look at or hide {first}'s hand, for their eyes only (h)")
        assert said[f"Conflict: Hand 2 ({second}'s): look or hide"] == (
            f"Look at or hide {second}'s hand, for their eyes only (H)")
        assert "Conflict: Hand 1" not in said
        await from_palette(pilot, f"Conflict: Hand 2 ({second}'s): look or hide")
        pane = screen.query_one(ConflictPane)
        await until(pilot, lambda: pane.shown_hand == second)
    campaign.close()
    glossary_hand = find(words_of("gmscreen.games.devils_bluff"), "Hand 1")
    assert glossary_hand is not None and glossary_hand.word == "Hand"


def test_a_score_given_by_mistake_is_taken_back_without_undoing_what_came_after(
        tmp_path: Path) -> None:
    # two points given to the wrong gang, noticed after an attack: undo would take the
    # attack back too (its cards turned up at the table); a minus takes back the points
    # alone, the log and the recap telling both, and the right gang then scores
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry, cole = campaign.state.players
    campaign.execute(Score(cole, 2, "the well"))
    shooter = activatable(campaign.state)[0]
    campaign.execute(Activate(shooter))
    target = next(f.name for f in campaign.state.gang(hendry).fighters)
    campaign.execute(Attack(shooter, target))
    attacked = campaign.state
    campaign.execute(Score(cole, -2, "the well was Ma Hendry's"))
    taken_back = f"2 of {cole}'s points are taken back (the well was Ma Hendry's)"
    assert campaign.describe(campaign.events[-1]) == taken_back
    assert view.status_lines(campaign.state)[-1] == taken_back
    battle = campaign.state.battle
    assert battle is not None and battle.score(cole) == 0
    assert campaign.state.gangs == attacked.gangs and campaign.state.deck == attacked.deck
    campaign.execute(Score(hendry, 2, "the well"))
    recap = render(build(campaign, 1, view), "txt")
    assert f"{cole} scores 2 (the well)" in recap and taken_back in recap
    # never below nothing, and a score still gives or takes at least a point
    error = refused_by(campaign, Score(cole, -1), "Scores")
    assert (error.field, error.message) == (
        "player", f"{cole} has scored 0, so 1 cannot be taken back; {hendry} has scored 2")
    campaign.execute(Score(cole, 3))
    error = refused_by(campaign, Score(cole, -4), "Scores")
    assert (error.field, error.message) == (
        "points", f"{cole} has scored 3, so 4 cannot be taken back")
    campaign.execute(Score(cole, -1))
    assert campaign.describe(campaign.events[-1]) == f"1 of {cole}'s points is taken back"
    assert refused_by(campaign, Score(cole, 0), "Scores").message == (
        "a score gives points (1 or more), or takes back points given by mistake (a "
        "minus), not 0")


def test_a_model_s_hp_and_tokens_are_corrected_without_undoing_what_came_after(
        tmp_path: Path) -> None:
    # an attack resolved with the wrong cover, noticed two steps on: undo would take back
    # the steps since and their cards, turned up at the table; the correction sets the
    # model's HP and tokens alone, told in the log, the status and the recap
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry, _ = campaign.state.players
    shooter = activatable(campaign.state)[0]
    campaign.execute(Activate(shooter))
    target = campaign.state.gang(hendry).fighters[1]
    campaign.execute(Attack(shooter, target.name, evading=True))
    campaign.execute(Score(hendry, 1))
    hit = campaign.state.find(target.name)[1]
    deck, hands = campaign.state.deck, campaign.state.hands
    campaign.execute(Mend(target.name, hit.hp - 1, 0, "the cover was none"))
    mended = campaign.state.find(target.name)[1]
    assert (mended.hp, mended.tokens) == (hit.hp - 1, 0)
    assert (campaign.state.deck, campaign.state.hands) == (deck, hands)
    told = (f"{target.name} is corrected to {hit.hp - 1} HP (was {hit.hp}) and 0 tokens "
            f"(was {hit.tokens}): the cover was none")
    assert campaign.describe(campaign.events[-1]) == told
    assert view.status_lines(campaign.state)[-1] == told
    assert told in render(build(campaign, 1, view), "txt")
    # taken out by a correction, then back: the HP say whether it stands
    campaign.execute(Mend(target.name, 0, 0))
    assert campaign.describe(campaign.events[-1]) == (
        f"{target.name} is corrected to 0 HP (was {hit.hp - 1})")
    assert campaign.state.find(target.name)[1].out
    campaign.execute(Mend(target.name, 2, 1))
    assert campaign.describe(campaign.events[-1]) == (
        f"{target.name} is corrected to 2 HP (was 0) and 1 token (was 0)")
    campaign.undo()
    assert campaign.state.find(target.name)[1].out
    # what the rules refuse, naming the field, nothing saved
    most = mended.profile.hp
    error = refused_by(campaign, Mend(target.name, most + 1, 0), "Correction")
    assert (error.field, error.message) == (
        "hp", f"{target.name} has {most} HP of its own, so 0 to {most}, not {most + 1}")
    error = refused_by(campaign, Mend(target.name, 1, 3), "Correction")
    assert (error.field, error.message) == (
        "tokens", "a model carries 0 to 2 suppression tokens, not 3")
    error = refused_by(campaign, Mend(target.name, 0, 0), "Correction")
    assert error.message == f"{target.name} already has 0 HP and 0 tokens: nothing to correct"
    assert refused_by(campaign, Mend("Nobody", 1, 0), "Correction").field == "fighter"
    campaign.execute(EndGame())
    assert refused_by(campaign, Mend(target.name, 1, 0), "Game").message == (
        "no game is being played")


@synchronous
async def test_m_corrects_the_highlighted_model_in_a_few_keys(tmp_path: Path) -> None:
    # the cursor on the model, m, the HP typed over, Enter: the Keys line names m
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry, _ = campaign.state.players
    target = campaign.state.gang(hendry).fighters[1]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert "m mend" in screen_text(app)
        pick(pilot, "#bluff-models", target.name)
        await pilot.press("m")
        form = await form_up(pilot)
        assert form.query_one("#f-hp", Input).value == str(target.hp)
        await pilot.press("ctrl+u", *str(target.hp - 2), "enter")
        await until(pilot, lambda: campaign.state.find(target.name)[1].hp == target.hp - 2)
        assert not isinstance(app.screen, Form)
    campaign.close()


def every_screen(campaign: Campaign[Any]) -> dict[str, str]:
    """What the Dealer and the table can read of the campaign: the tabs' views, the players'
    screen, the recap of every session in each format (both copies) and `replay`."""
    state = campaign.state
    said = {"dealer": as_text(list(view.dealer_sections(state)), 100),
            "table": as_text(list(table_sections(view.table_knows(state))), 100),
            "status": "\n".join(view.status_lines(state)),
            # its heading counts the journal's events, undo's too
            "replay": printed("replay", str(campaign.path)).split("\n", 2)[2]}
    for session in range(1, campaign.session + 1):
        for fmt in ("txt", "md", "bbcode", "html"):
            for copy in ((), ("--dealer",)):
                said[f"recap {session} {fmt} {copy}"] = printed(
                    "recap", str(campaign.path), "--session", str(session), "--format", fmt,
                    *copy)
    return said


def printed(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


@pytest.mark.slow
def test_each_step_undone_leaves_every_screen_as_before_and_redone_as_after(
        tmp_path: Path) -> None:
    # every kind of step of both tabs, taken by mistake, undone, then redone: every screen
    # as before it, then as after it (its cards the same, never drawn again); the undo
    # tells the step in the game's words
    campaign = open_campaign(write_sample(SAMPLES[1], tmp_path), rules_for)
    hendry, cole = campaign.state.players

    def step(take: Callable[[], object], told: str) -> None:
        before = every_screen(campaign)
        take()
        after = every_screen(campaign)
        undone = campaign.undo()
        assert told in campaign.describe_some(undone, len(undone))
        assert every_screen(campaign) == before, told
        campaign.redo()
        assert every_screen(campaign) == after, told

    turn = campaign.state.battle.turn
    shooter = activatable(campaign.state)[0]
    enemy = next(g for g in campaign.state.gangs if g.player != turn).fighters[2].name
    # a player's namesake leader activates by its name alone (round 13)
    step(lambda: campaign.execute(Activate(shooter)),
         f"{shooter} activates" if shooter == turn else f"{turn} activates {shooter}")
    step(lambda: campaign.execute(DrawCard(turn)), f"{turn} draws a card")
    held = campaign.state.hand(turn)[0]
    # undone, the discard is told without its card, which is back in the hand
    step(lambda: campaign.execute(Discard(turn, held.code)),
         f"{turn} discards 1 card, taken back: the cards are in the hand again")
    step(lambda: campaign.execute(Attack(shooter, enemy, hand=True)),
         f"{shooter} shoots at {enemy}")
    step(lambda: campaign.execute(AttributeTest(shooter, "CMD")), f"{shooter} tests CMD")
    step(lambda: campaign.execute(Score(cole, 2)), f"{cole} scores 2")
    step(lambda: campaign.execute(Score(cole, -1)), f"1 of {cole}'s points is taken back")
    step(lambda: campaign.execute(Mend(enemy, 1, 2)), f"{enemy} is corrected to 1 HP")
    if campaign.state.battle.activation is not None:
        step(lambda: campaign.execute(EndActivation(shooter)),
             f"{shooter} ends its activation")
    # a session ended too soon, the game left off with it: undone, the game is back
    step(lambda: campaign.end_session(under_way="abandon"), "Game 1 is left off")
    campaign.undo()
    assert campaign.state.battle is not None and campaign.in_session
    step(lambda: campaign.execute(EndGame("agreed")), "Game 1 ends")
    step(lambda: campaign.execute(GainLevel(hendry, "Tough")), f"{hendry} gains a level")
    step(lambda: campaign.execute(KeepHired("Dutch")), f"Dutch joins {hendry}'s gang for good")
    step(lambda: campaign.execute(CloseAftermath()), "After game 1")
    step(lambda: campaign.execute(Dismiss(hendry, "Dutch")), f"Dutch leaves {hendry}'s gang")
    # across a session's end: the next session begun, then undone back into the last
    step(campaign.end_session, "Session 1 ends")
    step(campaign.start_session, "Session 2 begins")
    campaign.close()


def test_points_taken_back_from_a_session_before_are_told_as_a_fall(tmp_path: Path) -> None:
    # a game carried into the next session with its points: one taken back there is told in
    # that session's totals as the score falling, not as a score of minus one
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry, _ = campaign.state.players
    campaign.execute(Score(hendry, 3))
    before = view.table_knows(campaign.state)
    campaign.execute(Score(hendry, -1))
    told = view.table_totals(before, view.table_knows(campaign.state))
    assert f"{hendry}'s score fell by 1" in told
    assert not any("scored -" in line for line in told)


def test_the_activating_model_corrected_to_no_hp_ends_its_activation() -> None:
    # as when an attack takes it out: a model with no HP does not act on
    table = one_off()
    name = activatable(table.state)[0]
    table.execute(Activate(name))
    told = [e.kind for e in table.execute(Mend(name, 0, 0))]
    assert told == ["devils_bluff.mended", "devils_bluff.activation_ended"]
    assert table.state.battle is not None and table.state.battle.activation is None
    assert table.fighter(name).out and table.fighter(name).activated
