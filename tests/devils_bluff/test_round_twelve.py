"""A Dealer's mistakes (round 12): a session played at 80x24 with the slips a Dealer makes
under pressure (a name typed twice, a session ended mid-activation, a journal mended by
hand), each refused in the game's words or put right as if it had never been made."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    Deploy,
    DrawCard,
    EndGame,
    Enlist,
    FoundGang,
    KeepHired,
)
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import before_deployment, campaign
from tests.devils_bluff.test_third_look import focused_on, fresh
from tests.pilot import fill, refusal_shown, screen_text, synchronous, to_tab, until


def plain(app: GmScreenApp) -> str:
    return screen_text(app).replace("\u00a0", " ")


@synchronous
async def test_a_session_ended_by_mistake_mid_activation_undone_gives_the_model_back_its_row(
        tmp_path: Path) -> None:
    """Eli Crane activates and shoots; the Dealer ends the session leaving the game off,
    then ctrl+z. The tab came back with the cursor where the game-over table had left it:
    the odds line read "Next card for Ma Hendry" and t would have tested her, where before
    the mistake it was Eli Crane's. After the undo the activating model has the row again."""
    campaign_ = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign_.execute(Activate("Eli Crane"))
    campaign_.execute(Attack("Eli Crane", "Ma Hendry"))
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert "Next card for Eli Crane" in plain(app)
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await fill(pilot, what="abandon")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
        assert "No game is being played" in plain(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.pause()
        shown = plain(app)
        assert "Eli Crane is activating" in shown, shown
        assert "Next card for Eli Crane" in shown, shown
        assert " Eli Crane " in shown  # its row in sight
    campaign_.close()


@synchronous
async def test_a_second_gang_founded_under_the_first_gang_s_name_is_refused(
        tmp_path: Path) -> None:
    """Founding the second gang, the Dealer typed the first gang's name again (or the same
    in another case): both gangs were "[/]", and the status read "[/] (Ann): 0 of 10
    models. [/] (Bob): 0 of 10 models". Renaming a gang refused it; founding one did not.
    Now the Found a gang form refuses it, naming the gang, the cursor on the gang's name,
    the journal's bytes unchanged."""
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("[bold]Ann[/]", "[/]"))
    journal = tmp_path / "fresh.toml"
    before = journal.read_bytes()
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "o", player="Bob", name="[/]")
        refused = refusal_shown(app, "Gangs")
        assert "[bold]Ann[/]'s gang is called [/]" in refused.refusal, refused.refusal
        await until(pilot, focused_on(form, "name"))
        assert journal.read_bytes() == before
        await pilot.press("ctrl+a", "ctrl+k", *"The Boys", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert [g.name for g in campaign_.state.gangs] == ["[/]", "The Boys"]
    campaign_.close()


def test_a_gang_s_name_in_another_case_is_the_same_name(tmp_path: Path) -> None:
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("Ann", "The Regulators"))
    with pytest.raises(RuleError) as refused:
        campaign_.execute(FoundGang("Bob", "the regulators"))
    assert refused.value.field == "name"
    assert str(refused.value) == ("Gangs: Ann's gang is called The Regulators: the regulators "
                                  "would be said as the same name")
    campaign_.close()


@pytest.mark.parametrize(("field", "was", "now", "said"), [
    ("fighter", '"Eli Crane"', '"Ghost"',
     "event 32 (devils_bluff.activated) cannot be applied: fighter names no model on "
     "either roster: 'Ghost'"),
    ("player", '"Sheriff Cole"', '"Sherif Cole"',
     "event 32 (devils_bluff.activated) cannot be applied: player names no player running "
     "a gang: 'Sherif Cole' (the gangs are run by Ma Hendry or Sheriff Cole)"),
])
def test_a_journal_naming_a_model_nobody_has_says_which_event_and_field(
        tmp_path: Path, field: str, was: str, now: str, said: str) -> None:
    """An activation mended by hand to a model no roster has ("Ghost") was folded as if it
    were there: `check` found no problem and the tab said "Ghost is activating"; a target
    misspelt failed with a bare "AssertionError: ". Each is now refused naming the event
    and the field; the campaign reads up to it."""
    path = write_sample(SAMPLES[0], tmp_path)
    campaign_ = open_campaign(path, rules_for)
    campaign_.execute(Activate("Eli Crane"))
    campaign_.close()
    text = path.read_text(encoding="utf-8")
    line = f"{field} = {was}"
    last = text.rindex(line)
    path.write_text(text[:last] + f"{field} = {now}" + text[last + len(line):],
                    encoding="utf-8")
    damaged = open_campaign(path, rules_for)
    assert damaged.damaged is not None
    assert damaged.damaged.problem == said
    assert damaged.state.battle is not None and damaged.state.battle.round == 1
    damaged.close()


def test_a_step_where_no_game_is_under_way_is_said_so_not_a_bare_assert() -> None:
    """A game's step copied by hand into the time before any game (an activation before the
    first game began) failed with "AssertionError: ", naming nothing."""
    table = before_deployment()
    state = replace(table.state, battle=None)
    event = Event(99, datetime(2026, 1, 1), 1, "devils_bluff.activated",
                  {"player": "Ma Hendry", "fighter": "Ma Hendry"}, 99)
    with pytest.raises(PayloadError) as refused:
        RULES.evolve(state, event)
    assert refused.value.kind == "devils_bluff.activated"
    assert "no game under way" in refused.value.problem


def test_a_draw_or_an_activation_before_the_deployment_names_the_deployment() -> None:
    """A card drawn, a model activated or a test before the gangs had deployed was refused
    "Rounds: start the first round", and starting the round was then refused in its turn
    ("the gangs deploy before the first round"): the Dealer was sent to a step the rules
    would not take. The refusal names the step due: the deployment's draw, then the
    scouts."""
    table = before_deployment()
    for command in (DrawCard("Ma Hendry"), Activate("Ma Hendry"),
                    AttributeTest("Ma Hendry", "CMD")):
        with pytest.raises(RuleError) as refused:
            table.execute(command)
        assert str(refused.value) == ("Deployment: round 1 comes once the gangs have "
                                      "deployed: first draw for who deploys first")
    table.execute(Deploy(scouts=("Cal Hendry",)))
    with pytest.raises(RuleError) as refused:
        table.execute(DrawCard("Ma Hendry"))
    assert str(refused.value) == "Scout: round 1 comes once the scouts are placed: Cal Hendry"


@pytest.mark.parametrize(("was", "now", "said"), [
    ("round = 1,", "round = 99,",
     "event 31 (devils_bluff.round_started) cannot be applied: round is 99, above the most "
     "allowed, 12"),
    ("round = 1,", "round = 3,",
     "event 31 (devils_bluff.round_started) cannot be applied: round is 3, where round 1 "
     "comes next"),
    ("actions_left = 1", "actions_left = 7",
     "event 33 (devils_bluff.attacked) cannot be applied: actions_left is 7, above the most "
     "allowed, 2"),
])
def test_a_journal_with_a_number_out_of_range_says_which_event_and_field(
        tmp_path: Path, was: str, now: str, said: str) -> None:
    """A round or an activation's actions mended by hand past what the game allows was
    folded as written: "Game 1 · Round 99 of 5", "Eli Crane is activating: 7 actions left",
    and `check` found no problem. Each is refused naming the event and the field."""
    path = write_sample(SAMPLES[0], tmp_path)
    campaign_ = open_campaign(path, rules_for)
    campaign_.execute(Activate("Eli Crane"))
    campaign_.execute(Attack("Eli Crane", "Ma Hendry"))
    campaign_.close()
    text = path.read_text(encoding="utf-8")
    assert text.count(was) == 1
    path.write_text(text.replace(was, now), encoding="utf-8")
    damaged = open_campaign(path, rules_for)
    assert damaged.damaged is not None
    assert damaged.damaged.problem == said
    damaged.close()


@synchronous
async def test_x_on_the_wrong_row_asks_before_a_gang_leader_leaves(tmp_path: Path) -> None:
    """Between games x on the Characters tab took the highlighted model off its roster at
    once, with no word on the screen: one key on the wrong row, and Ma Hendry, the Gang
    Leader with her levels, was gone, the table shifted up a row. x now asks whom it takes,
    with its levels; n keeps everything (the journal's bytes unchanged), y takes it."""
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("Ma Hendry", "The Hendry Boys"),
                      Enlist("Ma Hendry", Recruit("Ma Hendry", LEADER, "Shotgun",
                                                  ("Cunning",))))
    journal = tmp_path / "fresh.toml"
    before = journal.read_bytes()
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = app.screen
        assert isinstance(asked, Confirm)
        assert asked.question == ("Ma Hendry, Gang Leader of The Hendry Boys, 1 level "
                                  "(Cunning), leaves the gang? ctrl+z brings it back.")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert journal.read_bytes() == before
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: not campaign_.state.gangs[0].fighters)
    campaign_.close()


def test_a_journal_drawing_a_card_a_hand_holds_says_which_move(tmp_path: Path) -> None:
    """A card typed by hand into the round's deal that Sheriff Cole's hand already holds
    (A♠ dealt twice) was told "ValueError: A♠ is not in the deck", naming no field. The
    move is named: "moves[5] does not fit the cards as they lie"."""
    path = write_sample(SAMPLES[0], tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    dealt = next(i for i, line in enumerate(lines)
                 if line.startswith("data = { round = 1,"))
    assert lines[dealt].count('"Th", "8d"') == 2  # Ma Hendry's five: drawn, then held
    lines[dealt] = lines[dealt].replace('"Th", "8d"', '"As", "8d"')
    path.write_text("".join(lines), encoding="utf-8")
    damaged = open_campaign(path, rules_for)
    assert damaged.damaged is not None
    assert damaged.damaged.problem == (
        "event 31 (devils_bluff.round_started) cannot be applied: moves[5] does not fit the "
        "cards as they lie: A♠ is not in the deck")
    damaged.close()


def test_a_second_keep_names_the_gun_kept_and_how_a_slip_is_put_right() -> None:
    """Module line 101. The Dealer kept Dutch by a slip of the cursor, then k on Lefty, the
    one the player meant: "one hired gunslinger a game joins for good", naming neither the
    one kept nor the way back. The refusal names Dutch, and the way back: since round 13,
    k on Lefty keeps him instead (the key asks first)."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(KeepHired("Dutch"))
    with pytest.raises(RuleError) as refused:
        table.execute(KeepHired("Lefty"))
    assert refused.value.field == "fighter"
    assert str(refused.value) == (
        "Joining for good: Dutch has joined The Hendry Boys for good already: one hired "
        "gunslinger a game (kept by mistake, Keep hired on Lefty keeps it instead)")


@synchronous
async def test_a_model_enlisted_with_its_name_left_blank_is_refused_on_the_name_first(
        tmp_path: Path) -> None:
    """The Enlist form sent with the name blank and no perk ticked said the perks' rule
    first ("a campaign's Gang Leader starts with 1 level"), the cursor on the perks below
    while the blank name sat above; letters typed then went to the perks' list. The name,
    the form's first blank field, is said first, the cursor on it."""
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                      FoundGang("Ma Hendry", "The Hendry Boys"))
    before = (tmp_path / "fresh.toml").read_bytes()
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "e")
        refused = refusal_shown(app, "Roster")
        assert refused.refusal == "Roster: a model needs a name"
        await until(pilot, focused_on(form, "name"))
    assert (tmp_path / "fresh.toml").read_bytes() == before
    campaign_.close()


@pytest.mark.parametrize(("player", "gang", "said"), [
    ("Bartholomew Fitzgerald-Hawthorne the Third", "The Boys",
     "Gangs: a player's name has at most 40 letters; this one has 42"),
    ("Bob", "The Bluff Regulators of Tombstone County, AT", "Gangs: a gang's name has at "
     "most 40 letters; this one has 44"),
])
def test_a_name_too_long_says_whose_name(tmp_path: Path, player: str, gang: str,
                                         said: str) -> None:
    """The Found a gang form has two names, and a long one was refused "a name has at
    most 40 letters": which? The refusal says whose name, the player's or the gang's."""
    campaign_ = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"))
    with pytest.raises(RuleError) as refused:
        campaign_.execute(FoundGang(player, gang))
    assert str(refused.value) == said
    campaign_.close()


@synchronous
async def test_a_model_dismissed_by_mistake_and_undone_has_the_cursor_again(
        tmp_path: Path) -> None:
    """x and y on Ma Hendry, then ctrl+z: she was back on the roster, but the cursor had
    stayed on Dutch, the row below, whose sheet the tab showed and whom k, l and N would
    have acted on. After the undo the model put back has the cursor, as before."""
    campaign_ = fresh(tmp_path, ChooseSetUp("one-off", "controlled choice"),
                      FoundGang("Ann", "The Hendry Boys"),
                      Enlist("Ann", Recruit("Ma Hendry", LEADER, "Shotgun",
                                            ("Cunning", "Quick", "Tough", "Deadly"))),
                      Enlist("Ann", Recruit("Dutch", GUNSLINGER, "Revolver", hired=True)))
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.pause()
        assert "Ma Hendry of The Hendry Boys (Ann): Gang Leader" in plain(app)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign_.state.find("Ma Hendry") is None)
        await pilot.pause()
        assert "Dutch of The Hendry Boys (Ann)" in plain(app)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign_.state.find("Ma Hendry") is not None)
        await pilot.pause()
        shown = plain(app)
        assert "Ma Hendry of The Hendry Boys (Ann): Gang Leader" in shown, shown
        assert "Dutch of The Hendry Boys (Ann)" not in shown, shown
    campaign_.close()
