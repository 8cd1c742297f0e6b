"""A session of A Fistful of Sixes run by keys through the app's pilot: posse creation, a
shoot-out with Luck, Misfortune, a floating die, a Bust and Doubling Down, a High Stakes
Duel, rest, Carousing with a Wanted result and paying off the clock. Reopening the file
replays it to the same state; after every step the players' screen shows nothing the Judge
keeps. And each tab's keys: what they offer, and the rule a key that does not apply names."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Digits, Input, Select, Static, TextArea
from textual.widgets._footer import Footer, FooterKey

from gmscreen.games import rules_for
from gmscreen.games.fistful import view
from gmscreen.games.fistful.commands import (
    Carouse,
    ChooseOptionalRules,
    Crime,
    FlipInitiative,
    JoinFight,
    RollReaction,
    RollTest,
    SetSceneDie,
    ShareTake,
    TakeHarm,
)
from gmscreen.games.fistful.events import DuelFought
from gmscreen.games.fistful.panes.conflict import ConflictPane, duel_text
from gmscreen.games.fistful.panes.wanted import WantedPane
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.games.fistful.wanted import band
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.clock_face import ClockFace, Dial
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.sections import SectionsView
from gmscreen.ui.steps import StepPane
from tests.fistful.game import asked, assert_the_table_sees_nothing_hidden, sheet_of, told
from tests.pilot import (
    Notices,
    fill,
    opened,
    refusal_shown,
    screen_text,
    synchronous,
    to_tab,
    until,
)

PANES = "gmscreen.games.fistful.panes"


def new_campaign(folder: Path) -> Campaign[FistfulState]:
    store = JournalStore.create(folder / "posse.toml", new_header("fistful", "Test posse", 7))
    return Campaign.load(rules_for("fistful"), store.load(), store)


def sample(folder: Path) -> Campaign[FistfulState]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


#: who stands where in `at_range`'s fight
CORA, DEPUTY = "Cora Dalton", "Deputy Hal"


def at_range(folder: Path) -> Campaign[FistfulState]:
    """The sample with Cora Nearby and Deputy Hal Faraway in a fight, the posse's side to
    act first: the Judge's attack forms open on it."""
    campaign = sample(folder)
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(DEPUTY, "Faraway"))
    campaign.execute(FlipInitiative("H"))
    return campaign


def judged(campaign: Campaign[FistfulState]) -> tuple[GmScreenApp, Notices]:
    """The app on `campaign`, and what it tells the Judge."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


@asynccontextmanager
async def on_the_conflict_tab(campaign: Campaign[FistfulState]
                              ) -> AsyncIterator[tuple[Pilot[Any], ConflictPane]]:
    """The app on `campaign` at 80x24, shown on its Conflict tab: the pilot and the tab."""
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        yield pilot, app.screen.query_one(ConflictPane)


async def keys(pilot: Pilot[Any], *pressed: str) -> None:
    """Keys pressed one by one, each let land before the next."""
    for key in pressed:
        await pilot.press(key)
        await pilot.pause()


def text_of(app: App[Any], selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def sections_text(app: GmScreenApp) -> str:
    """Every line the tab's sections show, scrolled into sight or not."""
    shown = app.screen.query_one(SectionsView)
    # a Static's content as text: a section's lines are drawn wrapped in the room
    return "\n".join(str(w.content) for w in shown.query(Static))


def footer_seen(app: GmScreenApp) -> set[str]:
    """The footer's keys seen whole left of the palette key, at the app's width."""
    footer_keys = list(app.screen.query_one(Footer).query(FooterKey))
    edge = next((k.region.x for k in footer_keys if k.description == "palette"), None)
    if edge is None:
        return set()  # the footer is being built anew
    return {k.description for k in footer_keys if 0 < k.region.right <= edge}


def refused_by(notices: Notices, rule: str, words: str = "") -> None:
    """The newest warning names `rule`, and says `words`."""
    told = notices.of("warning")[-1]
    assert told.title == rule and words in told.message, told


@pytest.mark.slow
@synchronous
async def test_a_session_by_keys_replays_from_the_file(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    app, notices = judged(campaign)

    async def step(key: str | None = None, **values: Any) -> Form:
        """A form filled and sent; the players' screen then shows nothing hidden."""
        form = await fill(pilot, key, **values)
        assert_the_table_sees_nothing_hidden(campaign.state)
        return form

    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await step("P", name="The Test Gang", clock="3", purpose="gold")
        await step("c", name="Ann", dice="4 4 3 3 5 5", purse="3 3 3", background="Gambler")
        # a background of his own: the floating choices below pass by his background die
        # (one with none has no such die to float, line 20)
        await step("c", name="Bo", dice="6 5 2 2 3 3", purse="1 1 1", background="Drifter")
        await step("a", name="Jake", rank="Ornery", strong="gumption")
        # a refused form names the rule, changes nothing and stays open with what was typed
        before, seen = campaign.state, len(notices)
        form = await fill(pilot, "c", name="Ann", dice="1 1 1 1 1 1", purse="1 1 1")
        assert campaign.state == before and refusal_shown(app, "Characters") is form
        assert form.values()["dice"] == "1 1 1 1 1 1"
        assert len(notices) == seen  # said once, in the form: no notice over its foot
        await keys(pilot, "escape", "f5")
        await to_tab(pilot, "Conflict")
        # Ann, Grace 19, Challenge 11, Stakes 3: doubles on a success bank a Luck
        await keys(pilot, "a", "a")
        await step("t", dice="5 5 2")
        assert campaign.state.character("Ann").luck == 1  # type: ignore[union-attr]
        # a floating Luck die: the app takes away the 2
        await keys(pilot, "f")
        await step("t", dice="6 6 5 2")
        assert told(campaign.events[-1]).removed == 2
        # Bo busts Grace 15 with doubles: Stress, and the Judge banks a Misfortune (Ann's
        # floating Luck is not Bo's: the choice goes back to none)
        await keys(pilot, "p")
        await step("t", dice="6 6 5")
        bo = campaign.state.character("Bo")
        assert bo is not None and bo.stress == 1 and campaign.state.misfortune == 1
        # the Judge floats a die on Bo (after Bo's background die) and takes away the one
        # that hurts most
        await keys(pilot, "f", "f")
        await step("t", dice="1 2 3 6")
        assert campaign.state.misfortune == 0 and told(campaign.events[-1]).removed == 6
        # a plain failure, doubled down: one die for Bo's one Stress (the Misfortune is
        # spent, so no die floats)
        await step("t", dice="1 2 3")
        await step("D", dice="4")
        assert campaign.events[-1].kind == "fistful.doubled_down"
        # 6 + 4 = 10 does not beat 11: doubling down has no plain failure
        assert "CATASTROPHE" in text_of(app, "#ff-result")
        assert campaign.state.misfortune == 1
        # an attack with a revolver at Nearby
        await step("o", active="Ann", a_attribute="gumption", a_stakes="3", a_dice="5 4 3",
                   opposition="Jake", o_attribute="grace", o_stakes="2", o_dice="4 5",
                   weapon="revolver", band="Nearby")
        assert campaign.state.character("Jake").guts == 4  # type: ignore[union-attr]
        # a High Stakes Duel: Bo wins and sheds his Stress
        await step("u", challenger="Bo", a_stakes="3", a_coins="HHT", opponent="Jake",
                   b_stakes="2", b_coins="TT")
        assert campaign.state.character("Bo").stress == 0  # type: ignore[union-attr]
        await to_tab(pilot, "Characters")
        await step("r", name="Ann", stakes="3", dice="3 4 5")
        await step("m", name="Ann", dollars="60")
        await step("u", name="Ann", stress_off="0", advancement_dice="0", table="6", coin="H")
        assert campaign.state.clock == 4
        await to_tab(pilot, "Wanted Clock")
        # the form starts on the one who can pay (Bo has only starting money)
        await step("p")
        assert campaign.state.clock == 3
        await step("c", segments="2", why="held up the stage")
        assert campaign.state.clock == 5
        await keys(pilot, "w")
        assert campaign.events[-1].kind == "fistful.wanted_chart_rolled"
        assert_the_table_sees_nothing_hidden(campaign.state)
        # (the kit's toasts that a form closed keeps what was typed are not the game's)
        assert [n for n in notices if n.title not in ("Session", "Form")] == [], notices
        final = campaign.state
    reopened = open_campaign(tmp_path / "posse.toml", rules_for, writable=False)
    try:
        assert reopened.state == final and reopened.problems() == []
    finally:
        reopened.close()


@synchronous
async def test_the_clock_face_fills_the_hours_reached_in_their_bands_colours(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.execute(Crime(4, "robbed the bank"))  # 3 -> 7 o'clock
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        face = app.screen.query_one(WantedPane).query_one(ClockFace)  # the Dealer's below
        dial = face.query_one(Dial)
        assert (face.segments, face.filled) == (12, 7) and dial.filled == 7
        assert dial.colours == view.clock_colours()
        assert dial.colours[0] == "success" and dial.colours[6] == "warning"
        assert dial.colours[11] == "error"
        # at 80x24 a line, the hours reached marked (round 10: the dial took eleven rows)
        assert face.has_class("-line") and not dial.region.height
        assert "■■■■■■■□□□□□  7 of 12" in screen_text(app)
        # a taller screen has the dial whole, the hour beside it, large
        await pilot.resize_terminal(80, 40)
        await until(pilot, lambda: dial.region.height >= 9)
        assert dial.region.x >= 0 and dial.region.right <= 80
        assert face.region.right <= 80 and "of 12" in str(face.query_one("#clock-of").render())
        await pilot.resize_terminal(200, 50)
        await until(pilot, lambda: dial.region.height >= 17)


def test_a_duel_is_shown_a_coin_at_a_time_taking_turns() -> None:
    duel = DuelFought(challenger="Ann", challenger_coins="HHT", challenger_total=13,
                      challenger_limit=15, opponent="Jake", opponent_coins="TH",
                      opponent_total=7, opponent_limit=6, winner="Ann", sheets={},
                      stress_shed=True)
    assert duel_text(duel, 0).plain.splitlines()[1:3] == ["Ann (Gumption 15): ? ? ? = 0",
                                                         "Jake (Gumption 6): ? ? = 0"]
    assert duel_text(duel, 3).plain.splitlines()[1:3] == ["Ann (Gumption 15): H H ? = 12",
                                                         "Jake (Gumption 6): T ? = 1"]
    every = duel_text(duel, 5).plain
    assert "Ann (Gumption 15): H H T = 13\n" in every
    assert "Jake (Gumption 6): T H = 7  BUST! One Stress taken." in every
    assert "Ann wins and sheds a Stress\n" in every
    # the book leaves the loser's harm to the moment: the end says so and offers the step
    assert every.endswith("What Jake loses is the moment's: a gun duel puts them out of "
                          "action, a wager takes their wealth.")
    assert "wins" not in duel_text(duel, 4).plain
    nobody = DuelFought(**{**duel.__dict__, "winner": ""})
    assert "loses" not in duel_text(nobody, 5).plain


@synchronous
async def test_a_new_duel_turns_its_coins_one_by_one(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 60.0)  # no coin turns during the test
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "u", a_coins="HHH", b_coins="THH")
        assert campaign.events[-1].kind == "fistful.duel_fought"
        shown = text_of(app, "#ff-result").split("Earlier")[0]
        assert "Cora Dalton (Gumption 16): ? ? ? = 0" in shown and "wins" not in shown
        # the loser's harm waits for the last coin
        await keys(pilot, "l")
        assert not isinstance(app.screen, Form)


@synchronous
async def test_a_fight_by_keys(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Rattlesnake Jake", band="Faraway")
        await keys(pilot, "i")
        await fill(pilot, "o", weapon="revolver", a_stakes="3", a_dice="5 4 3",
                   o_stakes="2", o_dice="4 5")
        shot = told(campaign.events[-1])
        assert shot.band == "Faraway" and shot.damage == 2  # 3 + 2, halved, rounded down
        # her move closer: a step of her own band to Close would leave Jake Faraway, so
        # she closes on him, the range a band nearer
        await keys(pilot, "comma")
        bands = {f.name: f.band for f in campaign.state.fight}
        assert campaign.state.combat_round == 1
        assert bands == {"Cora Dalton": "Nearby", "Rattlesnake Jake": "Nearby"}
        # a shot is Gumption against Grace unless the Judge says otherwise
        assert (shot.active.attribute, shot.opposition.attribute) == (
            "gumption", "grace")
        assert_the_table_sees_nothing_hidden(campaign.state)
        # her move and her attack ended her turn (no Done needed)
        assert campaign.state.fighter("Cora Dalton").turn_over  # type: ignore[union-attr]
        # the rarer keys are named on screen, those of Jake, now highlighted (buying the
        # order needs 3 Luck: not offered), and morale first: Jake is down to half his Guts
        head = text_of(app, "#ff-round")
        assert ("Keys: g morale, j join, c type the coin, b ammo check; for Rattlesnake "
                "Jake (highlighted): t close on a foe, k leaves the fight") in head
        # Cora's turn is over: the highlight went on to Jake, next to act; back on her,
        # her steps say why and change nothing
        assert "Rattlesnake Jake" in str(app.screen.query_one(
            "#ff-fighters", DataTable).get_row_at(1)[0])
        assert app.screen.query_one("#ff-fighters", DataTable).cursor_row == 1
        before = len(campaign.events)
        await keys(pilot, "up", "o", "full_stop")
        assert [(n.title, n.message) for n in notices.of("warning")[-2:]] == [
            ("Turns", "Cora Dalton has had this round's turn (a new round frees it)")] * 2
        assert not isinstance(app.screen, Form) and len(campaign.events) == before
        # a new round before Jake has acted asks first; no keeps the round
        await keys(pilot, "i")
        assert isinstance(app.screen, Confirm)
        assert "Still to act in round 1: Rattlesnake Jake" in app.screen.question
        await keys(pilot, "n")
        assert campaign.state.combat_round == 1 and len(campaign.events) == before
        await keys(pilot, "i", "y")
        assert campaign.state.combat_round == 2
        assert not any(f.acted or f.moved for f in campaign.state.fight)
        # a session ended with the fight under way says so
        assert campaign.under_way == "the fight, in round 2 (Cora Dalton, Rattlesnake Jake)"


@synchronous
async def test_glory_by_keys_is_offered_only_with_its_rule_and_undoes(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        before = len(campaign.events)
        await keys(pilot, "g")
        assert not isinstance(app.screen, Form) and len(campaign.events) == before
        refused_by(notices, "Glory", "that optional rule is off")
        # the optional rules form starts on what is set now: only Glory changes
        await to_tab(pilot, "Conflict")
        await fill(pilot, "O", glory=True)
        assert campaign.state.settings == Settings(glory=True)
        await to_tab(pilot, "Wanted Clock")
        await fill(pilot, "g", amount="2", why="the [b]papers[/b] print our names")
        assert campaign.state.glory == 2
        assert campaign.describe(campaign.events[-1]) == (
            "Glory +2: the [b]papers[/b] print our names")
        assert "Glory: 2" in sections_text(app)
        await keys(pilot, "ctrl+z")
        assert campaign.state.glory == 0


@synchronous
async def test_each_tab_offers_its_keys_within_80_columns(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.execute(ChooseOptionalRules(Settings(glory=True)))  # one key more: Glory
    # with Cora's $20, the $30 that pays off 3 o'clock between them: Pay off is offered
    campaign.execute(ShareTake("Tomas Vega", 20))
    app, _ = judged(campaign)
    seen = footer_seen
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert {"Edit", "Harm", "Rest", "Carouse", "Take", "Buy"} <= seen(app)
        assert not {"Form posse", "Out of action", "Revive", "Advance"} & seen(app)
        # selling, the rarer trade, is named above the table
        assert "s sell" in text_of(app, "#ff-posse") and "Sell" not in seen(app)
        await every_row_offers_its_keys(pilot)
        await to_tab(pilot, "Wanted Clock")
        assert {"Chart", "Crime", "Pay off", "Do time", "Deal", "Glory"} <= seen(app)
        assert offered(app) <= seen(app)
        await to_tab(pilot, "Conflict")
        # Cora's background can float a die; nobody has failed yet
        assert {"Roll", "Type", "Stakes", "Float", "Opposed", "Duel"} <= seen(app)
        assert "Double" not in seen(app) and offered(app) <= seen(app)
        # a Bust gives her a Stress, then a plain failure can be doubled down
        await keys(pilot, "plus")
        await fill(pilot, "t", dice="6 6 6 6")
        await keys(pilot, "minus")
        await fill(pilot, "t", dice="1 2 3")
        assert campaign.state.open_test is not None
        assert {"Double", "Roll", "Type", "Stakes", "Float", "Opposed", "Duel"} <= seen(app)
        assert offered(app) <= seen(app)
        # a duel's loser: its harm and its wealth come first, a new test waits
        await fill(pilot, "u", challenger="Cora Dalton", a_stakes="2", a_coins="HH",
                   opponent="Tomas Vega", b_stakes="2", b_coins="TT")
        await until(pilot, lambda: "Harm loser" in seen(app))
        assert {"Harm loser", "Wealth"} <= seen(app) and offered(app) <= seen(app)
        assert not {"Opposed", "Duel"} & seen(app)
        assert "o opposed, u duel" in text_of(app, "#ff-setup")
        await to_tab(pilot, "Fight")
        assert seen(app) >= {"Join"} and "Attack" not in seen(app)
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Rattlesnake Jake", band="Faraway")
        assert "Round" in seen(app) and "Attack" not in seen(app)
        await keys(pilot, "i")
        # the round just begun: its coin is not flipped again till something happens
        assert {"Attack", "Done", "Closer", "Farther", "End fight"} <= seen(app)
        assert "Round" not in seen(app)
        assert offered(app) <= seen(app) and "j join" in text_of(app, "#ff-round")
        await fill(pilot, "j", name="Tomas Vega", band="Close")  # quiet, j still joins
        assert campaign.state.fighter("Tomas Vega") is not None


def offered(app: GmScreenApp) -> set[str]:
    """What the tab shown offers in its footer now: each key of its own that applies and is
    not quiet."""
    assert app.focused is not None
    pane = next(w for w in (app.focused, *app.focused.ancestors)
                if isinstance(w, StepPane) and type(w).__module__.startswith(PANES))
    return {b.description for b in pane.BINDINGS if isinstance(b, Binding) and b.show
            and pane.refusal(b.action) is None and not pane.quiet(b.action)}


async def every_row_offers_its_keys(pilot: Pilot[Any]) -> None:
    """On the Characters tab, each sheet highlighted in turn: its keys are in the footer."""
    app = pilot.app
    assert isinstance(app, GmScreenApp)
    table = app.screen.query_one("#ff-people", DataTable)
    for row in range(table.row_count):
        table.move_cursor(row=row)
        # the footer follows the highlight once its bindings are refreshed
        await until(pilot, lambda: offered(app) <= footer_seen(app), seconds=3)


@synchronous
async def test_a_conflict_key_that_does_not_apply_says_which_rule(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        # no fight: the initiative coin is not offered (the Fight tab's own, or one here)
        assert "Keys: x reaction" in text_of(app, "#ff-setup")
        assert "m Misfortune" not in text_of(app, "#ff-setup")
        # no failure to double down, no Misfortune, Scene stakes off
        await keys(pilot, "d")
        refused_by(notices, "Doubling Down", "plain failure")
        await keys(pilot, "m")
        refused_by(notices, "Misfortune", "no Misfortune")
        await keys(pilot, "S")
        refused_by(notices, "Scene stakes", "that optional rule is off")
        assert not isinstance(app.screen, Form) and len(campaign.events) == before
        # a d6 more on a reaction only follows an 8 (on guard)
        await keys(pilot, "X")
        refused_by(notices, "Reaction", "on guard")
        campaign.execute(RollReaction((5, 3)))
        await fill(pilot, "X")  # the d6 left blank: the app rolls it
        stays = told(campaign.events[-1])
        assert stays.dice == (5, 3) and 9 <= stays.total <= 14
        assert campaign.describe(campaign.events[-1]).startswith(
            f"Reaction {stays.total} (8 on guard, the posse stays: +{stays.extra}): ")
        await keys(pilot, "X")
        assert len(campaign.events) == before + 2
        refused_by(notices, "Reaction", "on guard")
        # the NPC Widow Parker floats no die: f says why and the choice stays "none"
        for _ in range(len(campaign.state.characters)):
            if "Widow Parker (p)" in text_of(app, "#ff-setup"):
                break
            await keys(pilot, "p")
        else:
            raise AssertionError("n never reached Widow Parker")
        await keys(pilot, "f")
        refused_by(notices, "Floating die", "NPCs float no dice")
        assert "No die can float" in text_of(app, "#ff-setup")


@synchronous
async def test_the_characters_footer_fits_luck_and_advancement(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    # $10 of takings is an XP at the session's end, which Carousing spends on an
    # advancement die; then Tomas rolls doubles: a Luck to spend as it is rolled
    campaign.execute(ShareTake("Tomas Vega", 10))
    campaign.end_session()
    campaign.execute(Carouse("Tomas Vega", 0, 1, (2,), 2))
    campaign.execute(RollTest("Tomas Vega", "grace", 8, 2, (5, 5)))
    tomas = campaign.state.character("Tomas Vega")
    assert tomas is not None and tomas.luck == 2 and tomas.advancement_dice == 1
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await sheet_of(pilot, "Tomas Vega")
        # the footer is rebuilt after the highlight moves: waited for, not read at once
        await until(pilot, lambda: {"Rest", "Luck", "Carouse", "Advance", "Take"}
                    <= footer_seen(app))
        # the Advancement Test comes before the shops and the sheet's edit and harm (the
        # shell's f5 is in the footer between sessions): they are named above the table
        assert not {"Buy", "Sell", "Edit", "Harm"} & footer_seen(app)
        assert ("Keys: c a new character, a an NPC by rank, e edit, h harm, b buy, s sell"
                in text_of(app, "#ff-posse"))
        # quiet, b still buys
        await fill(pilot, "b", item="8 Lantern", category="Common", dice="4")
        tomas = campaign.state.character("Tomas Vega")
        assert tomas is not None and tomas.equipment[-1].name == "Lantern"
        before = len(campaign.events)
        await keys(pilot, "o")
        refused_by(notices, "Out of action", "Tomas Vega is not down at 0 Guts")
        assert not isinstance(app.screen, Form) and len(campaign.events) == before
        await every_row_offers_its_keys(pilot)
        await fill(pilot, "c", name="Dusty", dice="3 3 3 3 3 3", purse="2 2 2")
        assert campaign.state.character("Dusty") is not None


@synchronous
async def test_buying_and_a_duel_by_keys(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        before = campaign.state.character("Cora Dalton")
        assert before is not None
        # a lantern is Common: a d6 of dollars
        await fill(pilot, "b", item="8 Lantern", category="Common", dice="4")
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and cora.dollars == before.dollars - 4
        assert [i.name for i in cora.equipment][-1] == "Lantern"
        # the Judge is told the dice, the price and what is left, and the status says it
        told = f"Cora Dalton buys Lantern (Common, dice 4) for $4; Cora Dalton has " \
               f"${cora.dollars} left"
        assert (notices[-1].title, notices[-1].message) == ("Bought", told)
        assert told in text_of(app, "#ff-posse")
        # 'Times price rolled' left blank is one roll: 16 dice are not one Bespoke roll
        form = await fill(pilot, "b", item="9 Thoroughbred large", category="Bespoke",
                          rolls="", dice=" ".join(["6"] * 16))
        assert "4 dice needed, 16 typed" in refusal_shown(app, "Dice").refusal
        await keys(pilot, "escape")
        # a thoroughbred she cannot afford: refused by the rule, nothing bought, and the
        # form stays open with what was typed, the cursor on the dice to put right
        def steps_told() -> int:  # the kit's toast that the form kept the typing aside
            return len([n for n in notices if n.title != "Form"])

        state, said = campaign.state, steps_told()
        form = await fill(pilot, "b", item="9 Thoroughbred large", category="Bespoke",
                          rolls="4", dice=" ".join(["6"] * 16))
        assert campaign.state == state and steps_told() == said
        assert form.values()["item"] == "9 Thoroughbred large"
        assert "Prices: Thoroughbred costs $960" in refusal_shown(app, "Prices").refusal
        assert form.focused is form.widget_of("dice")
        # put right, it is sent from the same form
        form.query_one("#f-dice", Input).value = ""
        form.query_one("#f-rolls", Input).value = "1"
        form.query_one("#f-item", Input).value = "10 Pocket watch"
        form.query_one("#f-category", Select).value = "Common"
        await keys(pilot, "ctrl+s")
        assert not isinstance(app.screen, Form), form.refusal
        assert campaign.events[-1].kind == "fistful.bought"
        # the duel starts with the character the Conflict tab has chosen
        await to_tab(pilot, "Conflict")
        await keys(pilot, "p", "u")
        duel = app.screen
        assert isinstance(duel, Form)
        assert duel.values()["challenger"] == "Eli 'Preacher' Moss"
        # a posse member most likely duels an NPC: the first one starts chosen
        assert duel.values()["opponent"] == "Widow Parker"
        await keys(pilot, "escape")


async def duel_over(pilot: Pilot[Any], app: GmScreenApp, offer: str) -> None:
    """Wait until the duel's last coin is up and the result offers `offer`."""
    await until(pilot, lambda: offer in text_of(app, "#ff-result"))


@synchronous
async def test_a_duel_ends_offering_the_harm_for_its_loser(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "l")  # no duel yet: nothing to harm, and it says why
        refused_by(notices, "High Stakes Duel", "harm for a duel's loser")
        assert not isinstance(app.screen, Form)
        # Cora (Gumption 16) wins on 13; Widow Parker busts
        await fill(pilot, "u", a_coins="HHT", opponent="Widow Parker", b_coins="HHH")
        await duel_over(pilot, app, "harm for the loser")
        await until(pilot, lambda: "Harm loser" in footer_seen(app))
        widow = campaign.state.character("Widow Parker")
        assert widow is not None and widow.guts > 0
        form = await opened(pilot, "l")
        assert dict(form.values()) == {"name": "Widow Parker", "amount": str(widow.guts),
                                       "why": "lost a High Stakes Duel"}
        await keys(pilot, "ctrl+s")
        widow = campaign.state.character("Widow Parker")
        assert widow is not None and widow.guts == 0 and widow.out_of_action
        await keys(pilot, "l")  # harmed once: the step is gone, and not offered
        refused_by(notices, "High Stakes Duel")
        assert not isinstance(app.screen, Form)
        assert "harm for the loser" not in text_of(app, "#ff-result")


@synchronous
async def test_a_wager_lost_sends_the_losers_dollars_by_keys_and_undoes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    eli = "Eli 'Preacher' Moss"
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "w")  # no duel yet: nothing to lose, and it says why
        refused_by(notices, "High Stakes Duel", "a wager's loser")
        # a game of poker: Cora's 3 loses to Eli's 13 (Gumption 14)
        await fill(pilot, "u", a_coins="TTT", opponent=eli, b_coins="HHT")
        await duel_over(pilot, app, "w: their wealth")
        await until(pilot, lambda: {"Harm loser", "Wealth"} <= footer_seen(app))
        before = campaign.state
        form = await opened(pilot, "w")
        assert dict(form.values()) == {"name": "Cora Dalton", "to": "winner",
                                       "why": "lost a High Stakes Duel"}
        await keys(pilot, "ctrl+s")
        cora, winner = campaign.state.character("Cora Dalton"), campaign.state.character(eli)
        assert cora is not None and winner is not None
        assert (cora.dollars, winner.dollars) == (0, 84 + 44)
        assert campaign.describe(campaign.events[-1]) == (
            f"Cora Dalton loses all their $44 to {eli} (lost a High Stakes Duel); won within "
            "the posse, it earns no XP and its starting money stays so")
        # taken: the step is gone; undone, it is offered again
        assert "w: their wealth" not in text_of(app, "#ff-result")
        await keys(pilot, "ctrl+z")
        assert campaign.state == before
        await fill(pilot, "w", to="gone")
        cora, winner = campaign.state.character("Cora Dalton"), campaign.state.character(eli)
        assert cora is not None and winner is not None
        assert (cora.dollars, winner.dollars) == (0, 84)


@synchronous
async def test_a_duel_loser_at_0_guts_no_longer_tests(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert text_of(app, "#ff-setup").startswith("Cora Dalton (p) tests")
        # Cora, the one testing, loses a gun duel to Widow Parker and is shot down
        await fill(pilot, "u", a_coins="TTT", b_coins="HTT")
        await duel_over(pilot, app, "l: harm for the loser")
        await fill(pilot, "l")
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and cora.out_of_action
        # the tab no longer has her test: the next one able to act does, and it says why
        assert not text_of(app, "#ff-setup").startswith("Cora Dalton")
        assert "Cora Dalton is out of action at 0 Guts" in text_of(app, "#ff-result")
        await keys(pilot, "r")
        assert campaign.events[-1].kind == "fistful.test_rolled"
        assert told(campaign.events[-1]).name != "Cora Dalton"
        form = await opened(pilot, "u")
        challengers = next(f.options for f in form.fields if f.key == "challenger")
        assert challengers and ("Cora Dalton", "Cora Dalton") not in challengers
        await keys(pilot, "escape")


#: a form, a field typed wrong and what else is filled: the refusal puts the cursor there
#: (the same form opened again after an escape holds what was typed, so the field typed
#: wrong the time before is put right in the next)
TYPED_WRONG = [
    ("Characters", "b", "rolls", {"item": "8 Lantern", "category": "Common"}),
    ("Characters", "s", "rolls", {"item": "Revolver", "category": "Boutique"}),
    ("Characters", "h", "amount", {}),
    ("Characters", "u", "stress_off", {}),
    ("Characters", "u", "table", {"bill": "", "stress_off": "0"}),
    ("Characters", "r", "stakes", {}),
    ("Characters", "m", "dollars", {}),
    ("Conflict", "u", "a_stakes", {}),
    ("Conflict", "u", "b_stakes", {"a_stakes": "3"}),
    ("Conflict", "o", "o_stakes", {}),
    ("Conflict", "o", "a_dice", {"o_stakes": "3"}),
    ("Conflict", "b", "face", {}),
    ("Wanted Clock", "c", "segments", {}),
    ("Wanted Clock", "c", "cause", {"why": "held up the stage", "segments": "1"}),
    ("Wanted Clock", "t", "segments", {}),
    ("Wanted Clock", "d", "segments", {}),
]


@synchronous
async def test_a_field_typed_wrong_is_named_and_the_cursor_goes_to_it(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab, key, field, filled in TYPED_WRONG:
            await to_tab(pilot, tab)
            before = campaign.state
            form = await fill(pilot, key, **filled, **{field: "two"})
            assert isinstance(app.screen, Form), (tab, key, field)
            assert "'two'" in form.refusal, (tab, key, field, form.refusal)
            assert form.focused is form.widget_of(field), (tab, key, field, form.refusal)
            assert campaign.state == before
            await keys(pilot, "escape")


@synchronous
async def test_a_fighter_out_of_action_takes_no_turn(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    jake = "Rattlesnake Jake"
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name=jake, band="Faraway")
        await keys(pilot, "i")
        await to_tab(pilot, "Characters")
        await fill(pilot, "h", name=jake, amount="30", why="shot down")
        await to_tab(pilot, "Fight")
        head = text_of(app, "#ff-round")
        assert "Still to act: Cora Dalton" in head and jake not in head.split("\n")[0]
        table = app.screen.query_one("#ff-fighters", DataTable)
        assert "out" in [str(c) for c in table.get_row(jake)]  # of action
        # nobody to shoot at but a man down; and the man down has no turn
        before = len(campaign.events)
        await keys(pilot, "o")
        refused_by(notices, "Turns", "nobody to attack: nobody else in the fight is able")
        await keys(pilot, "down", "space", "comma")
        assert [(n.title, n.message) for n in notices.of("warning")[-2:]] == [
            ("Out of action", f"{jake} is at 0 Guts, out of action: they take no part "
                              "(take them off the tracker)")] * 2
        assert len(campaign.events) == before and not isinstance(app.screen, Form)
        # the join form offers nobody out of action
        eli = "Eli 'Preacher' Moss"
        campaign.execute(TakeHarm(eli, 30))
        form = await opened(pilot, "j")
        people = next(f.options for f in form.fields if f.key == "name")
        assert (eli, eli) not in people and ("Tomas Vega", "Tomas Vega") in people
        await keys(pilot, "escape")
        # the table's own coin for the round, and the ammunition die
        await fill(pilot, "c", coin="T")
        assert (campaign.state.combat_round, campaign.state.first_to_act) == (2, "npcs")
        assert told(campaign.events[-1]).coin == "T"
        await keys(pilot, "up")
        await fill(pilot, "b", face="2")
        # her revolver's box of shells comes off her sheet (test_settled)
        assert told(campaign.events[-1]).name == "Cora Dalton"
        assert (told(campaign.events[-1]).face, told(campaign.events[-1]).spent) == (2, True)


@synchronous
async def test_every_roll_of_the_conflict_tab_can_be_typed(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    eli = "Eli 'Preacher' Moss"
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        campaign.execute(JoinFight(eli, "Nearby"))  # the coin is flipped for a fight
        await fill(pilot, "c", coin="T")
        assert told(campaign.events[-1]).coin == "T"
        # the reaction's 2d6, the d6 the posse's staying adds, and the Judge's modifier
        await fill(pilot, "R", dice="4 4", modifier="1")
        assert told(campaign.events[-1]).total == 9
        await fill(pilot, "R", dice="4 4", extra="3")
        assert (told(campaign.events[-1]).total, told(campaign.events[-1]).extra) == (11, 3)
        # Doubling Down with the table's coins
        campaign.execute(ChooseOptionalRules(Settings(coin_double_down=True,
                                                      scene_stakes=True)))
        campaign.execute(RollTest("Cora Dalton", "grit", 8, 4, (6, 6, 6, 6)))  # Bust
        campaign.execute(RollTest("Cora Dalton", "grit", 14, 2, (1, 2)))  # a plain failure
        await pilot.pause()
        await fill(pilot, "D", dice="H")
        assert told(campaign.events[-1]).faces == (6,) and told(campaign.events[-1]).coins
        # the Judge spends a Misfortune on someone
        await fill(pilot, "m", why="runs dry", on=eli)
        assert campaign.describe(campaign.events[-1]) == (
            f"The Judge spends a Misfortune on {eli}: runs dry")
        # the scene's die
        await fill(pilot, "S", face="5")
        assert campaign.state.scene_die == 5
        head = text_of(app, "#ff-setup")
        assert "c type the coin" in head and "R type a reaction" in head
        # a quick draw's 2d6 and an ammunition die, as the table rolled them
        await fill(pilot, "q", item="Revolver", dice="3 4")
        assert told(campaign.events[-1]).dice == (3, 4)
        await fill(pilot, "b", name="Cora Dalton", face="5")
        assert campaign.events[-1].data == {"name": "Cora Dalton", "face": 5, "spent": False,
                                            "weapon": "revolver"}


@synchronous
async def test_an_npcs_attributes_that_are_no_numbers_are_refused_naming_them(
        tmp_path: Path) -> None:
    # a superscript two reads as a digit to isdigit, but int cannot read it: the form took
    # the app down instead of refusing the field
    campaign = sample(tmp_path)
    count = len(campaign.events)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await fill(pilot, "a", name="Kid", rank="Poor", attributes="15 ² 12")
        assert shown.refusal == "Attributes: three numbers: Grit Gumption Grace"
        assert len(campaign.events) == count


@synchronous
async def test_an_npcs_side_and_its_morale_by_keys(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "a", name="Kid", rank="Poor", strong="gumption", side="The Clantons")
        await fill(pilot, "a", name="Boss", rank="Ornery", strong="grit", side="the clantons")
        kid = campaign.state.character("Kid")
        assert kid is not None and kid.side == "The Clantons"
        await to_tab(pilot, "Conflict")
        await fill(pilot, "g", name="Kid", dice="6 6 5 4", coin="T")
        data = told(campaign.events[-1])
        assert (data.leader, data.grit, data.broke, data.coin) == (
            "Boss", 20, True, "T")
        # a side that holds flips no coin, whatever was chosen
        await fill(pilot, "g", name="Kid", dice="1 1 1 1", coin="flip")
        assert "coin" not in campaign.events[-1].data
        await fill(pilot, "g", name="Kid", dice="6 6 5 4", coin="flip")
        assert told(campaign.events[-1]).coin in ("H", "T")
        # the Judge names a side later on an NPC's sheet
        await to_tab(pilot, "Characters")
        await sheet_of(pilot, "Rattlesnake Jake")
        await fill(pilot, "e", side="The Clantons")
        jake = campaign.state.character("Rattlesnake Jake")
        assert jake is not None and jake.side == "The Clantons"
        assert "side: The Clantons" in text_of(app, "#ff-sheet-text")


@synchronous
async def test_an_npcs_name_can_be_drawn_from_the_campaigns_names(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await keys(pilot, "a", "ctrl+r")
        drawn = app.screen.query_one("#f-name", Input).value
        assert drawn.strip()
        await keys(pilot, "ctrl+s")
        assert campaign.state.character(drawn) is not None


@synchronous
async def test_the_way_up_from_0_guts_by_keys(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    cora = "Cora Dalton"
    async with app.run_test(size=(80, 24)) as pilot:
        campaign.execute(TakeHarm(cora, 30))
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: {"Out of action", "Lost"} <= footer_seen(app))
        assert "Revive" not in footer_seen(app)  # not before the table is rolled
        await keys(pilot, "v")
        refused_by(notices, "Out of action", f"{cora} is at 0 Guts: roll the Out of action "
                                             "table first (a 6 is death)")
        await fill(pilot, "o", face="1")
        await keys(pilot, "o")
        refused_by(notices, "Out of action", f"{cora}'s fall is rolled already")
        await fill(pilot, "v", face="3")
        assert campaign.state.character(cora).guts == 3  # type: ignore[union-attr]
        campaign.execute(TakeHarm(cora, 30))
        await pilot.pause()
        await fill(pilot, "o", face="2")
        await fill(pilot, "d", why="the posse ran")
        assert campaign.state.character(cora).dead  # type: ignore[union-attr]
        # a Luck rolled resting, banked rather than spent on a Stress
        tomas = "Tomas Vega"
        campaign.execute(RollTest(tomas, "grit", 8, 4, (6, 6, 6, 6)))  # a Bust: 1 Stress
        luck = campaign.state.character(tomas).luck  # type: ignore[union-attr]
        await sheet_of(pilot, tomas)
        await fill(pilot, "r", name=tomas, stakes="3", dice="4 4 5", luck="bank")
        after = campaign.state.character(tomas)
        assert after is not None and (after.luck, after.stress) == (luck + 1, 1)
        # the Advancement Test's die as the table rolled it
        campaign.execute(ShareTake(tomas, 10))
        campaign.end_session()
        campaign.execute(Carouse(tomas, 0, 1, (2,), 2))
        await fill(pilot, "A", name=tomas, attribute="grit", dice="6")
        assert told(campaign.events[-1]).faces == (6,)


@synchronous
async def test_the_wanted_clock_shows_every_hour_reached(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        campaign.execute(Crime(3, "robbed the bank"))  # 3 -> 6 o'clock
        await to_tab(pilot, "Wanted Clock")
        about = sections_text(app)
        for hour in (1, 4, 6):
            assert band(hour).when_to_roll in about
        # the earlier hours' folk under the face, which tells the hour's own
        assert band(1).populace in about and band(4).populace in about
        assert band(6).populace not in about
        face = app.screen.query_one(WantedPane).query_one(ClockFace)
        assert face.means == f"o'clock: {band(6).populace}"
        assert band(8).populace not in about
        await fill(pilot, "W", dice="3 4")  # the chart's 2d6 as the table rolled them
        assert told(campaign.events[-1]).dice == (3, 4)


@synchronous
async def test_every_column_of_the_tabs_has_a_glossary_entry(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    words = words_of("gmscreen.games.fistful")
    app, _ = judged(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        shown: set[str] = set()
        for tab in ("Characters", "Wanted Clock", "Conflict", "Fight"):
            await to_tab(pilot, tab)
            for table in app.screen.query(DataTable):
                shown.update(str(c.label) for c in table.ordered_columns)
        assert {"Name", "Gum", "Luck S", "Fighter", "Acted"} <= shown
        assert sorted(h for h in shown if find(words, h) is None) == []


@synchronous
async def test_a_sheet_lists_the_journals_notes_about_it(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.note("Sweet on Deputy Hal.", about=["Kit Hollis"])
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        # Cora, first: the sample's note about her, the Judge's own
        assert ("Before the first session: Her husband's deed to the land is in the "
                "Dodge City bank's vault" in text_of(app, "#ff-sheet-text"))
        # a note by its key, about the one highlighted, for the table, shown as typed
        await keys(pilot, "n")
        note = app.screen
        note.query_one("#note-text", TextArea).text = "Owes the [b]railroad[/b] $200."
        note.query_one("#note-about", Input).value = "Cora Dalton"
        note.query_one("#note-public", Checkbox).value = True
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: "railroad" in text_of(app, "#ff-sheet-text"))
        assert ("Session 1 (told to the table): Owes the [b]railroad[/b] $200."
                in text_of(app, "#ff-sheet-text"))
        for _ in range(3):
            await keys(pilot, "down")
        assert "Kit Hollis" in text_of(app, "#ff-sheet-text")
        assert "Session 1: Sweet on Deputy Hal." in text_of(app, "#ff-sheet-text")
        assert "railroad" not in text_of(app, "#ff-sheet-text")


@synchronous
async def test_opposed_tests_and_attacks_float_dice_and_count_the_scene_die(
        tmp_path: Path) -> None:
    """Lines 58-62 and 286: any test may float a die, and the scene's die is one of every
    test's Stakes, opposed tests and attacks too; line 124: an attack is a turn's one
    action."""
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    campaign.execute(ChooseOptionalRules(Settings(scene_stakes=True)))
    campaign.execute(SetSceneDie(6))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # the odds of the tab know the scene's die is down already
        table = app.screen.query_one("#ff-odds", DataTable)
        assert [str(c) for c in table.get_row_at(2)[1:4]] == [" 72%", " 28%", "  0%"]
        # the app rolls each side's dice: its Stakes less the scene's die, the floating one
        await fill(pilot, "o", active="Cora Dalton", a_stakes="3", a_floating="background",
                   opposition="Widow Parker", o_stakes="3")
        await asked(pilot, "A die floats")
        await fill(pilot)  # Cora's player takes away the die the app suggests
        shot = told(campaign.events[-1])
        assert shot.active.floating == "background" and len(shot.active.rolled) == 4
        assert 6 in shot.active.rolled and len(shot.active.kept) == 3
        assert len(shot.opposition.rolled) == 3 and shot.opposition.floating is None
        assert campaign.state.character("Cora Dalton").background_used  # type: ignore[union-attr]
        # the Fight tab's attack: typed dice, two thrown with the scene's 6
        await to_tab(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Deputy Hal", band="Nearby")
        await keys(pilot, "i")
        await fill(pilot, "o", target="Deputy Hal", weapon="revolver", a_stakes="3",
                   a_dice="3 2", o_stakes="2", o_dice="1")
        attack = told(campaign.events[-1])
        assert attack.active.kept == (3, 2, 6) and attack.turn
        # her one action is taken: a second attack is refused, naming the rule
        before = len(campaign.events)
        await keys(pilot, "o")
        refused_by(notices, "Turns", "one action")
        assert not isinstance(app.screen, Form) and len(campaign.events) == before


@synchronous
async def test_t_closes_a_fighter_on_a_foe_a_band_off(tmp_path: Path) -> None:
    # book line 124: a move of one band, then the action; the bear beside one of the posse
    # may still close on another a band back (the bands are loose, line 83)
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Tomas Vega", band="Close")
        await fill(pilot, "j", name="Old Grizzly", band="Close")
        await fill(pilot, "c", coin="T")  # the NPCs act first: the bear's turn comes
        await keys(pilot, "down", "down")
        await fill(pilot, "t", toward="Cora Dalton")
        state = campaign.state
        assert [(f.name, f.band, f.moved) for f in state.fight] == [
            ("Cora Dalton", "Close", False), ("Tomas Vega", "Close", False),
            ("Old Grizzly", "Close", True)]
        assert campaign.describe(campaign.events[-1]) == (
            "Old Grizzly closes on Cora Dalton, staying at Close; Cora Dalton now at Close")
        # the turn's one move is spent: t says so and changes nothing
        before = len(campaign.events)
        await keys(pilot, "t")
        assert not isinstance(app.screen, Form) and len(campaign.events) == before
        refused_by(notices, "Movement", "has moved this turn")
        # the claws reach her now
        await fill(pilot, "o", target="Cora Dalton", a_stakes="3", a_dice="3 4 5",
                   o_stakes="3", o_dice="2 1 3")
        mauled = told(campaign.events[-1])
        assert (mauled.weapon, mauled.band, mauled.damage) == ("natural", "Close", 5)


@synchronous
async def test_the_wanted_clock_never_shows_a_placeholder_hour_on_first_opening(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tab is built before the campaign reaches it: its face was built at 1 o'clock and
    showed "1 of 12" for a moment before the real hour. Every hour the face paints, and the
    hour it holds as its widgets mount, is the clock's own (or it is not in sight)."""
    campaign = sample(tmp_path)
    campaign.execute(Crime(4, "robbed the bank"))  # 3 -> 7 o'clock
    app, _ = judged(campaign)
    painted: list[str] = []
    paint = Digits.render

    def painting(self: Digits) -> Any:
        if any(isinstance(a, WantedPane) for a in self.ancestors):
            painted.append(self.value)
        return paint(self)

    monkeypatch.setattr(Digits, "render", painting)
    #: the hour the face holds once the pane is mounted, and whether it is in sight then
    mounted: list[tuple[str, bool]] = []
    mount = WantedPane.on_mount

    def mounting(self: WantedPane) -> None:
        mount(self)
        face = self.query_one(ClockFace)
        mounted.append((face.query_one("#clock-hour", Digits).value,
                        all(w.visible for w in face.ancestors_with_self)))

    monkeypatch.setattr(WantedPane, "on_mount", mounting)
    # a screen tall enough for the dial (at 24 rows the clock is a line, no digits drawn)
    async with app.run_test(size=(80, 40)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        face = app.screen.query_one(WantedPane).query_one(ClockFace)
        await until(pilot, lambda: bool(painted))
        assert face.query_one("#clock-hour", Digits).value == "7"
        assert mounted and all(hour == "7" or not seen for hour, seen in mounted), mounted
        assert set(painted) == {"7"}, painted
        # in sight once drawn, the dial the size the 80x24 screen gives it
        assert face.visible and face.query_one(Dial).region.height == 9
