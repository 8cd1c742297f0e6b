"""A session of A Fistful of Sixes run by keys through the app's pilot: posse creation, a
shoot-out with Luck, Misfortune, a floating die, a Bust and Doubling Down, a High Stakes
Duel, rest, Carousing with a Wanted result and paying off the clock. Reopening the file
replays it to the same state."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Select

from gmscreen.games import rules_for
from gmscreen.games.fistful.panes import FistfulForm, clock_face
from gmscreen.games.fistful.panes.conflict import duel_text
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm


class Judge(GmScreenApp):
    """The app, remembering what it told the Judge."""

    def __init__(self, campaign: Any) -> None:
        super().__init__(campaign)
        self.told: list[tuple[str, str]] = []

    def notify(self, message: str, *, title: str = "", **options: Any) -> None:
        self.told.append((title, message))
        super().notify(message, title=title, **options)


def new_campaign(folder: Path) -> Campaign[FistfulState]:
    store = JournalStore.create(folder / "posse.toml", new_header("fistful", "Test posse", 7))
    return Campaign.load(rules_for("fistful"), store.load(), store)


async def goto(pilot: Any, tab: str) -> None:
    await pilot.pause()
    shell = pilot.app.screen_stack[0]
    await pilot.press(str(shell.titles.index(tab) + 1))
    await pilot.pause()


async def fill(pilot: Any, key: str, **values: str) -> None:
    """Open a form with its key, fill it the way the Judge would, send it."""
    await pilot.press(key)
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, FistfulForm), f"{key} opened no form"
    for field, value in values.items():
        widget = form.query_one(f"#f-{field}")
        assert isinstance(widget, Select | Input)
        widget.value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


async def keys(pilot: Any, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await pilot.pause()


@pytest.mark.slow
def test_a_session_by_keys_replays_from_the_file(tmp_path: Path) -> None:
    asyncio.run(_a_session_by_keys(tmp_path))


async def _a_session_by_keys(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    path = tmp_path / "posse.toml"
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await fill(pilot, "P", name="The Test Gang", clock="3", purpose="gold")
        await fill(pilot, "c", name="Ann", dice="4 4 3 3 5 5", purse="3 3 3",
                   background="Gambler")
        await fill(pilot, "c", name="Bo", dice="6 5 2 2 3 3", purse="1 1 1")
        await fill(pilot, "a", name="Jake", rank="Ornery", strong="gumption")
        # a refused form names the rule, changes nothing and stays open with what was typed
        before = campaign.state
        told = len(app.told)
        await fill(pilot, "c", name="Ann", dice="1 1 1 1 1 1", purse="1 1 1")
        form = app.screen
        assert campaign.state == before and isinstance(form, FistfulForm)
        assert form.values()["dice"] == "1 1 1 1 1 1"
        # said once, in the form: no notice to cover the form's foot at 80x24
        assert str(form.query_one("#ff-refusal").render()).startswith("Characters: ")
        assert len(app.told) == told
        await keys(pilot, "escape")
        await keys(pilot, "f5")
        await goto(pilot, "Conflict")
        # Ann, Grace 19, Challenge 11, Stakes 3: doubles on a success bank a Luck
        await keys(pilot, "a", "a")
        await fill(pilot, "t", dice="5 5 2")
        ann = campaign.state.character("Ann")
        assert ann is not None and ann.luck == 1
        # a floating Luck die: the app takes away the 2
        await keys(pilot, "f")
        await fill(pilot, "t", dice="6 6 5 2")
        assert campaign.events[-1].data["removed"] == 2
        # Bo busts Grace 15 with doubles: Stress, and the Judge banks a Misfortune (Ann's
        # floating Luck is not Bo's: the choice goes back to none)
        await keys(pilot, "n")
        await fill(pilot, "t", dice="6 6 5")
        bo = campaign.state.character("Bo")
        assert bo is not None and bo.stress == 1 and campaign.state.misfortune == 1
        # the Judge floats a die on Bo (after Bo's background die) and takes away the one
        # that hurts most
        await keys(pilot, "f", "f")
        await fill(pilot, "t", dice="1 2 3 6")
        assert campaign.state.misfortune == 0 and campaign.events[-1].data["removed"] == 6
        # a plain failure, doubled down: one die for Bo's one Stress (the Misfortune is
        # spent, so no die floats)
        await fill(pilot, "t", dice="1 2 3")
        await fill(pilot, "D", dice="4")
        assert campaign.events[-1].kind == "fistful.doubled_down"
        # 6 + 4 = 10 does not beat 11: doubling down has no plain failure
        assert "CATASTROPHE" in str(app.screen.query_one("#ff-result").render())
        assert campaign.state.misfortune == 1
        # an attack with a revolver at Nearby
        await fill(pilot, "o", active="Ann", a_attribute="gumption", a_stakes="3",
                   a_dice="5 4 3", opposition="Jake", o_attribute="grace", o_stakes="2",
                   o_dice="4 5", weapon="revolver", band="Nearby")
        jake = campaign.state.character("Jake")
        assert jake is not None and jake.guts == 4
        # a High Stakes Duel: Bo wins and sheds his Stress
        await fill(pilot, "u", challenger="Bo", a_stakes="3", a_coins="HHT",
                   opponent="Jake", b_stakes="2", b_coins="TT")
        bo = campaign.state.character("Bo")
        assert bo is not None and bo.stress == 0
        await goto(pilot, "Characters")
        await fill(pilot, "r", name="Ann", stakes="3", dice="3 4 5")
        await fill(pilot, "m", name="Ann", dollars="60")
        await fill(pilot, "u", name="Ann", stress_off="0", advancement_dice="0", table="6",
                   coin="H")
        assert campaign.state.clock == 4
        await goto(pilot, "Wanted Clock")
        # the form starts on the one who can pay (Bo has only starting money)
        await fill(pilot, "p")
        assert campaign.state.clock == 3
        await fill(pilot, "c", segments="2", why="held up the stage")
        assert campaign.state.clock == 5
        await keys(pilot, "w")
        assert campaign.events[-1].kind == "fistful.wanted_chart_rolled"
        assert [t for t, _ in app.told if t != "Session"] == [], app.told
        final = campaign.state
    reopened = open_campaign(path, rules_for, writable=False)
    try:
        assert reopened.state == final
        assert reopened.problems() == []
    finally:
        reopened.close()


def footer_seen(app: Any) -> set[str]:
    """The footer's keys seen whole left of the palette key, at the app's width."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    footer_keys = list(app.screen.query_one(Footer).query(FooterKey))
    edge = next(k.region.x for k in footer_keys if k.description == "palette")
    return {k.description for k in footer_keys if 0 < k.region.right <= edge}


def test_the_clock_face_marks_the_hours_reached():
    face = clock_face(3).plain
    for hour in range(1, 13):
        assert str(hour) in face
    assert face.count("\n") == 10
    assert clock_face(12, (51, 21)).plain.count("\n") == 20


def test_a_duel_is_shown_a_coin_at_a_time_taking_turns():
    data = {"attribute": "gumption", "challenger": "Ann", "challenger_coins": "HHT",
            "challenger_limit": 15, "opponent": "Jake", "opponent_coins": "TH",
            "opponent_limit": 6, "winner": "Ann"}
    assert duel_text(data, 0).plain.splitlines()[1:3] == ["Ann (Gumption 15): ? ? ? = 0",
                                                         "Jake (Gumption 6): ? ? = 0"]
    assert duel_text(data, 3).plain.splitlines()[1:3] == ["Ann (Gumption 15): H H ? = 12",
                                                         "Jake (Gumption 6): T ? = 1"]
    every = duel_text(data, 5).plain
    assert "Ann (Gumption 15): H H T = 13\n" in every
    assert "Jake (Gumption 6): T H = 7  BUST! One Stress taken." in every
    assert "Ann wins and sheds a Stress\n" in every
    # the book leaves the loser's harm to the moment: the end says so and offers the step
    assert every.endswith("What Jake loses is the moment's: a gun duel puts them out of "
                          "action, a wager takes their wealth.")
    assert "wins" not in duel_text(data, 4).plain
    assert "loses" not in duel_text({**data, "winner": ""}, 5).plain  # nobody won


def test_a_new_duel_turns_its_coins_one_by_one(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 60.0)  # no coin turns during the test
    asyncio.run(_a_new_duel_turns_its_coins(tmp_path))


async def _a_new_duel_turns_its_coins(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await fill(pilot, "u", a_coins="HHH", b_coins="THH")
        assert campaign.events[-1].kind == "fistful.duel_fought"
        shown = str(app.screen.query_one("#ff-result").render()).split("Earlier")[0]
        assert "Cora Dalton (Gumption 16): ? ? ? = 0" in shown and "wins" not in shown


def test_a_fight_by_keys(tmp_path: Path) -> None:
    asyncio.run(_a_fight_by_keys(tmp_path))


async def _a_fight_by_keys(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Rattlesnake Jake", band="Faraway")
        await keys(pilot, "i", "comma")
        cora = campaign.state.fighter("Cora Dalton")
        assert campaign.state.combat_round == 1 and cora is not None and cora.band == "Close"
        await fill(pilot, "o", weapon="revolver", a_stakes="3",
                   a_dice="5 4 3", o_stakes="2", o_dice="4 5")
        shot = campaign.events[-1].data
        assert shot["band"] == "Faraway" and shot["damage"] == 2  # 3 + 2, halved, rounded down
        # a shot is Gumption against Grace unless the Judge says otherwise
        assert (shot["active"]["attribute"], shot["opposition"]["attribute"]) == (
            "gumption", "grace")
        await keys(pilot, "space")
        assert campaign.state.fighter("Cora Dalton").acted
        # the rarer keys are named on screen (buying the order needs 3 Luck: not offered)
        head = str(app.screen.query_one("#ff-round").render())
        assert "Keys: c type the coin, k the highlighted fighter leaves, b ammo check" in head
        # Cora's turn is over: her steps say why and change nothing
        before = len(campaign.events)
        await keys(pilot, "o", "full_stop")
        assert app.told[-2:] == [("Not now", "Cora Dalton has had this round's turn (i: a "
                                             "new round).")] * 2
        assert not isinstance(app.screen, FistfulForm) and len(campaign.events) == before
        # a new round before Jake has acted asks first; no keeps the round
        await keys(pilot, "i")
        assert isinstance(app.screen, Confirm)
        assert "Still to act in round 1: Rattlesnake Jake" in app.screen.question
        await keys(pilot, "n")
        assert campaign.state.combat_round == 1 and len(campaign.events) == before
        await keys(pilot, "i", "y")
        assert campaign.state.combat_round == 2
        assert not any(f.acted or f.moved for f in campaign.state.fight)


def test_glory_by_keys_is_offered_only_with_its_rule_and_undoes(tmp_path: Path) -> None:
    asyncio.run(_glory_by_keys(tmp_path))


async def _glory_by_keys(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Wanted Clock")
        before = len(campaign.events)
        await keys(pilot, "g")
        assert not isinstance(app.screen, FistfulForm) and len(campaign.events) == before
        assert app.told[-1] == ("Not now", "Glory is an optional rule that is off (O on the "
                                           "Conflict tab turns it on).")
        # the optional rules form starts on what is set now: only Glory changes
        await goto(pilot, "Conflict")
        await fill(pilot, "O", glory="on")
        assert campaign.state.settings == Settings(glory=True)
        await goto(pilot, "Wanted Clock")
        await fill(pilot, "g", amount="+2", why="the [b]papers[/b] print our names")
        assert campaign.state.glory == 2
        assert campaign.describe(campaign.events[-1]) == (
            "Glory +2: the [b]papers[/b] print our names")
        about = app.screen.query_one("#ff-about-text").render()
        assert "Glory: 2" in str(about)
        await keys(pilot, "ctrl+z")
        assert campaign.state.glory == 0


def test_a_select_starts_on_the_value_it_is_given(tmp_path: Path) -> None:
    asyncio.run(_a_select_starts_on_its_value(tmp_path))


async def _a_select_starts_on_its_value(tmp_path: Path) -> None:
    from gmscreen.games.fistful.panes.form import Field

    campaign = new_campaign(tmp_path)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = FistfulForm("Which", [Field("who", "Who", [("Ann", "ann"), ("Bo", "bo")],
                                           value="bo"),
                                     Field("none", "None", [("A", "a")], value="zzz")])
        await app.push_screen(form)
        await pilot.pause()
        assert form.values() == {"who": "bo", "none": ""}


def test_each_tab_offers_its_keys_within_80_columns(tmp_path: Path) -> None:
    asyncio.run(_keys_within_80_columns(tmp_path))


async def _keys_within_80_columns(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    seen = footer_seen
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        assert {"Edit", "Harm", "Rest", "Carouse", "Take", "Buy", "Sell"} <= seen(app)
        assert not {"Form posse", "Out of action", "Revive", "Advance"} & seen(app)
        await goto(pilot, "Wanted Clock")
        assert {"Roll chart", "Type chart", "Crime", "Pay off", "Do time", "Deal"} <= seen(app)
        await goto(pilot, "Conflict")
        # Cora's background can float a die; nobody has failed yet
        assert {"Roll", "Type", "Stakes", "Float", "Opposed", "Duel"} <= seen(app)
        assert "Double" not in seen(app)
        # a Bust gives her a Stress, then a plain failure can be doubled down
        await keys(pilot, "plus")
        await fill(pilot, "t", dice="6 6 6 6")
        await keys(pilot, "minus")
        await fill(pilot, "t", dice="1 2 3")
        assert campaign.state.open_test is not None
        assert {"Double", "Roll", "Type", "Stakes", "Float", "Opposed", "Duel"} <= seen(app)
        await goto(pilot, "Fight")
        assert seen(app) >= {"Join"} and "Attack" not in seen(app)
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name="Rattlesnake Jake", band="Faraway")
        assert "Round" in seen(app) and "Attack" not in seen(app)
        await keys(pilot, "i")
        assert {"Attack", "Done", "Closer", "Farther", "Round", "Join",
                "End fight"} <= seen(app)


def test_a_conflict_key_that_does_not_apply_says_why(tmp_path: Path) -> None:
    asyncio.run(_conflict_keys_say_why(tmp_path))


async def _conflict_keys_say_why(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import RollReaction
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        before = len(campaign.events)
        setup = app.screen.query_one("#ff-setup")
        assert "Keys: i initiative" in str(setup.render())
        assert "m Misfortune" not in str(setup.render())
        # no failure to double down, no Misfortune, Scene stakes off
        await keys(pilot, "d", "m", "S")
        assert [t for t, _ in app.told[-3:]] == ["Not now"] * 3
        assert "plain failure" in app.told[-3][1] and "no Misfortune" in app.told[-2][1]
        assert "Scene stakes" in app.told[-1][1]
        assert not isinstance(app.screen, FistfulForm) and len(campaign.events) == before
        # a d6 more on a reaction only follows an 8 (on guard)
        await keys(pilot, "X")
        assert app.told[-1][0] == "Not now" and len(campaign.events) == before
        campaign.execute(RollReaction((5, 3)))
        await keys(pilot, "X")
        stays = campaign.events[-1].data
        assert stays["dice"] == [5, 3] and 9 <= stays["total"] <= 14
        assert campaign.describe(campaign.events[-1]).startswith(
            f"Reaction {stays['total']} (8 on guard, the posse stays: +{stays['extra']}): ")
        await keys(pilot, "X")
        assert app.told[-1][0] == "Not now" and len(campaign.events) == before + 2
        before = len(campaign.events)
        # the NPC Widow Parker floats no die: f says why and the choice stays "none"
        for _ in range(len(campaign.state.characters)):
            if "Widow Parker (n)" in str(setup.render()):
                break
            await keys(pilot, "n")
        else:
            raise AssertionError("n never reached Widow Parker")
        await keys(pilot, "f")
        assert app.told[-1] == ("Not now", "NPCs float no dice: Luck, backgrounds and "
                                           "Misfortune are for the posse.")
        assert "No die can float" in str(setup.render())


def test_the_characters_footer_fits_luck_and_advancement(tmp_path: Path) -> None:
    asyncio.run(_characters_footer(tmp_path))


async def _characters_footer(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import Carouse, ShareTake
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    # Tomas has a Luck; $10 of takings is an XP at the session's end, which Carousing
    # spends on an advancement die
    campaign.execute(ShareTake("Tomas Vega", 10))
    campaign.end_session()
    campaign.execute(Carouse("Tomas Vega", 0, 1, (2,), 2))
    tomas = campaign.state.character("Tomas Vega")
    assert tomas is not None and tomas.luck == 1 and tomas.advancement_dice == 1
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        for _ in range(len(campaign.state.characters)):
            if "Tomas Vega" in str(app.screen.query_one("#ff-sheet-text").render()):
                break
            await keys(pilot, "down")
        else:
            raise AssertionError("the table never reached Tomas Vega")
        assert {"Edit", "Harm", "Rest", "Luck", "Carouse", "Advance", "Take", "Buy",
                "Sell"} <= footer_seen(app)
        assert "Keys: c a new character, a an NPC by rank" in str(
            app.screen.query_one("#ff-posse").render())
        before = len(campaign.events)
        await keys(pilot, "o")
        assert app.told[-1] == ("Not now", "Tomas Vega is not out of action (at 0 Guts).")
        assert not isinstance(app.screen, FistfulForm) and len(campaign.events) == before
        await fill(pilot, "c", name="Dusty", dice="3 3 3 3 3 3", purse="2 2 2")
        assert campaign.state.character("Dusty") is not None


def test_buying_and_a_duel_by_keys(tmp_path: Path) -> None:
    asyncio.run(_buying_and_a_duel_by_keys(tmp_path))


async def _buying_and_a_duel_by_keys(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
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
        assert app.told[-1] == ("Bought", told)
        assert told in str(app.screen.query_one("#ff-posse").render())
        # 'Times price rolled' left blank is one roll: 16 dice are not one Bespoke roll
        await fill(pilot, "b", item="9 Thoroughbred large", category="Bespoke", rolls="",
                   dice=" ".join(["6"] * 16))
        assert "rolled once: 4 dice, not 16" in str(app.screen.query_one("#ff-refusal").render())
        await keys(pilot, "escape")
        # a thoroughbred she cannot afford: refused by the rule, nothing bought, and the
        # form stays open with what was typed, the cursor on the dice to put right
        before, notices = campaign.state, len(app.told)
        await fill(pilot, "b", item="9 Thoroughbred large", category="Bespoke", rolls="4",
                   dice=" ".join(["6"] * 16))
        assert campaign.state == before and len(app.told) == notices
        form = app.screen
        assert isinstance(form, FistfulForm)
        assert form.values()["item"] == "9 Thoroughbred large"
        assert "Prices: Thoroughbred costs $960" in str(
            form.query_one("#ff-refusal").render())
        assert form.focused is form.query_one("#f-dice")
        # put right, it is sent from the same form
        form.query_one("#f-dice", Input).value = ""
        form.query_one("#f-rolls", Input).value = "1"
        form.query_one("#f-item", Input).value = "10 Pocket watch"
        form.query_one("#f-category", Select).value = "Common"
        await keys(pilot, "ctrl+s")
        assert not isinstance(app.screen, FistfulForm), form.query_one("#ff-refusal").render()
        assert campaign.events[-1].kind == "fistful.bought"
        # the duel starts with the character the Conflict tab has chosen
        await goto(pilot, "Conflict")
        await keys(pilot, "n", "u")
        form = app.screen
        assert isinstance(form, FistfulForm)
        assert form.values()["challenger"] == "Eli 'Preacher' Moss"
        # a posse member most likely duels an NPC: the first one starts chosen
        assert form.values()["opponent"] == "Widow Parker"
        await keys(pilot, "escape")


def test_a_duel_ends_offering_the_harm_for_its_loser(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    asyncio.run(_a_duel_ends_offering_the_harm(tmp_path))


async def _a_duel_ends_offering_the_harm(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await keys(pilot, "l")  # no duel yet: nothing to harm, and it says why
        assert app.told[-1][0] == "Not now" and not isinstance(app.screen, FistfulForm)
        # Cora (Gumption 16) wins on 13; Widow Parker busts
        await fill(pilot, "u", a_coins="HHT", opponent="Widow Parker", b_coins="HHH")
        for _ in range(40):
            if "harm for the loser" in str(app.screen.query_one("#ff-result").render()):
                break
            await pilot.pause(0.05)
        else:
            raise AssertionError("the duel's coins were never all turned")
        assert "Harm loser" in footer_seen(app)
        widow = campaign.state.character("Widow Parker")
        assert widow is not None and widow.guts > 0
        await keys(pilot, "l")
        form = app.screen
        assert isinstance(form, FistfulForm)
        assert form.values() == {"name": "Widow Parker", "amount": str(widow.guts),
                                 "why": "lost a High Stakes Duel"}
        await keys(pilot, "ctrl+s")
        widow = campaign.state.character("Widow Parker")
        assert widow is not None and widow.guts == 0 and widow.out_of_action
        await keys(pilot, "l")  # harmed once: the step is gone, and not offered
        assert app.told[-1][0] == "Not now" and not isinstance(app.screen, FistfulForm)
        assert "harm for the loser" not in str(app.screen.query_one("#ff-result").render())


def test_a_wager_lost_sends_the_losers_dollars_by_keys_and_undoes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    asyncio.run(_a_wager_lost(tmp_path))


async def _a_wager_lost(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    eli = "Eli 'Preacher' Moss"
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await keys(pilot, "w")  # no duel yet: nothing to lose, and it says why
        assert app.told[-1][0] == "Not now" and not isinstance(app.screen, FistfulForm)
        # a game of poker: Cora's 3 loses to Eli's 13 (Gumption 14)
        await fill(pilot, "u", a_coins="TTT", opponent=eli, b_coins="HHT")
        for _ in range(40):
            if "w: their wealth" in str(app.screen.query_one("#ff-result").render()):
                break
            await pilot.pause(0.05)
        else:
            raise AssertionError("the duel's end never offered the loser's wealth")
        assert {"Harm loser", "Loser's wealth"} <= footer_seen(app)
        before = campaign.state
        await keys(pilot, "w")
        form = app.screen
        assert isinstance(form, FistfulForm)
        assert form.values() == {"name": "Cora Dalton", "to": "winner",
                                 "why": "lost a High Stakes Duel"}
        await keys(pilot, "ctrl+s")
        cora, winner = campaign.state.character("Cora Dalton"), campaign.state.character(eli)
        assert cora is not None and winner is not None
        assert (cora.dollars, winner.dollars) == (0, 90 + 140)
        assert campaign.describe(campaign.events[-1]) == (
            f"Cora Dalton loses all their $140 to {eli} (lost a High Stakes Duel)")
        # taken: the step is gone; undone, it is offered again
        assert "w: their wealth" not in str(app.screen.query_one("#ff-result").render())
        await keys(pilot, "ctrl+z")
        assert campaign.state == before
        await fill(pilot, "w", to="gone")
        cora, winner = campaign.state.character("Cora Dalton"), campaign.state.character(eli)
        assert cora is not None and winner is not None
        assert (cora.dollars, winner.dollars) == (0, 90)


def test_a_duel_loser_at_0_guts_no_longer_tests(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from gmscreen.games.fistful.panes import conflict

    monkeypatch.setattr(conflict, "COIN_SECONDS", 0.01)
    asyncio.run(_a_duel_loser_at_0_guts(tmp_path))


async def _a_duel_loser_at_0_guts(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        setup = app.screen.query_one("#ff-setup")
        assert str(setup.render()).startswith("Cora Dalton (n) tests")
        # Cora, the one testing, loses a gun duel to Widow Parker and is shot down
        await fill(pilot, "u", a_coins="TTT", b_coins="HTT")
        for _ in range(40):
            if "l: harm for the loser" in str(app.screen.query_one("#ff-result").render()):
                break
            await pilot.pause(0.05)
        else:
            raise AssertionError("the duel's end never offered the loser's harm")
        await fill(pilot, "l")
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and cora.out_of_action
        # the tab no longer has her test: the next one able to act does, and it says why
        assert not str(setup.render()).startswith("Cora Dalton")
        assert "Cora Dalton is out of action at 0 Guts" in str(
            app.screen.query_one("#ff-result").render())
        await keys(pilot, "r")
        assert campaign.events[-1].kind == "fistful.test_rolled"
        assert campaign.events[-1].data["name"] != "Cora Dalton"
        await keys(pilot, "u")
        form = app.screen
        assert isinstance(form, FistfulForm)
        challengers = next(f.options for f in form.fields if f.key == "challenger")
        assert challengers and ("Cora Dalton", "Cora Dalton") not in challengers
        await keys(pilot, "escape")


#: a form, a field typed wrong and what else is filled: the refusal puts the cursor there
TYPED_WRONG = [
    ("Characters", "b", "rolls", {"item": "8 Lantern", "category": "Common"}),
    ("Characters", "s", "rolls", {"item": "Revolver", "category": "Boutique"}),
    ("Characters", "h", "amount", {}),
    ("Characters", "u", "stress_off", {}),
    ("Characters", "u", "table", {"bill": ""}),
    ("Characters", "r", "stakes", {}),
    ("Characters", "m", "dollars", {}),
    ("Conflict", "u", "a_stakes", {}),
    ("Conflict", "u", "b_stakes", {}),
    ("Conflict", "o", "o_stakes", {}),
    ("Conflict", "o", "a_dice", {}),
    ("Conflict", "b", "face", {}),
    ("Wanted Clock", "c", "segments", {}),
    ("Wanted Clock", "c", "cause", {"why": "held up the stage"}),
    ("Wanted Clock", "t", "segments", {}),
    ("Wanted Clock", "d", "segments", {}),
]


def test_a_field_typed_wrong_is_named_and_the_cursor_goes_to_it(tmp_path: Path) -> None:
    asyncio.run(_typed_wrong(tmp_path))


async def _typed_wrong(tmp_path: Path) -> None:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = Judge(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab, key, field, filled in TYPED_WRONG:
            await goto(pilot, tab)
            before = campaign.state
            await fill(pilot, key, **filled, **{field: "two"})
            form = app.screen
            assert isinstance(form, FistfulForm), (tab, key, field)
            refusal = str(form.query_one("#ff-refusal").render())
            assert "'two'" in refusal, (tab, key, field, refusal)
            assert form.focused is form.query_one(f"#f-{field}"), (tab, key, field, refusal)
            assert campaign.state == before
            await keys(pilot, "escape")


def sample_app(tmp_path: Path) -> tuple[Campaign[FistfulState], Judge]:
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    return campaign, Judge(campaign)


def test_a_fighter_out_of_action_takes_no_turn(tmp_path: Path) -> None:
    asyncio.run(_a_fighter_out_of_action(tmp_path))


async def _a_fighter_out_of_action(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import TakeHarm

    campaign, app = sample_app(tmp_path)
    jake = "Rattlesnake Jake"
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Fight")
        await fill(pilot, "j", name="Cora Dalton", band="Nearby")
        await fill(pilot, "j", name=jake, band="Faraway")
        await keys(pilot, "i")
        await goto(pilot, "Characters")
        await fill(pilot, "h", name=jake, amount="30", why="shot down")
        await goto(pilot, "Fight")
        head = str(app.screen.query_one("#ff-round").render())
        assert "Still to act: Cora Dalton" in head and jake not in head.split("\n")[0]
        table = app.screen.query_one("#ff-fighters", DataTable)
        assert "out of action" in [str(c) for c in table.get_row(jake)]
        # nobody to shoot at but a man down; and the man down has no turn
        before = len(campaign.events)
        await keys(pilot, "o")
        assert app.told[-1] == ("Not now", "Nobody to attack: nobody else in the fight is "
                                           "able to act.")
        await keys(pilot, "down", "space", "comma")
        assert app.told[-2:] == [("Not now", f"{jake} is out of action at 0 Guts: they take "
                                             "no part (k takes them off the tracker).")] * 2
        assert len(campaign.events) == before and not isinstance(app.screen, FistfulForm)
        # the join form offers nobody out of action
        eli = "Eli 'Preacher' Moss"
        campaign.execute(TakeHarm(eli, 30))
        await keys(pilot, "j")
        form = app.screen
        assert isinstance(form, FistfulForm)
        people = next(f.options for f in form.fields if f.key == "name")
        assert people is not None and (eli, eli) not in people
        assert ("Tomas Vega", "Tomas Vega") in people
        await keys(pilot, "escape")
        # the table's own coin for the round, and the ammunition die
        await fill(pilot, "c", coin="T")
        assert (campaign.state.combat_round, campaign.state.first_to_act) == (2, "npcs")
        assert campaign.events[-1].data["coin"] == "T"
        await keys(pilot, "up")
        await fill(pilot, "b", face="2")
        assert campaign.events[-1].data == {"name": "Cora Dalton", "face": 2, "spent": True}


def test_every_roll_of_the_conflict_tab_can_be_typed(tmp_path: Path) -> None:
    asyncio.run(_every_roll_typed(tmp_path))


async def _every_roll_typed(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import ChooseOptionalRules, RollTest

    campaign, app = sample_app(tmp_path)
    eli = "Eli 'Preacher' Moss"
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        await fill(pilot, "c", coin="T")
        assert campaign.events[-1].data["coin"] == "T"
        # the reaction's 2d6, the d6 the posse's staying adds, and the Judge's modifier
        await fill(pilot, "R", dice="4 4", modifier="+1")
        assert campaign.events[-1].data["total"] == 9
        await fill(pilot, "R", dice="4 4", extra="3")
        assert (campaign.events[-1].data["total"], campaign.events[-1].data["extra"]) == (11, 3)
        # Doubling Down with the table's coins
        campaign.execute(ChooseOptionalRules(Settings(coin_double_down=True,
                                                      scene_stakes=True)))
        campaign.execute(RollTest("Cora Dalton", "grit", 8, 4, (6, 6, 6, 6)))  # Bust
        campaign.execute(RollTest("Cora Dalton", "grit", 14, 2, (1, 2)))  # a plain failure
        await pilot.pause()
        await fill(pilot, "D", dice="H")
        assert campaign.events[-1].data["faces"] == [6] and campaign.events[-1].data["coins"]
        # the Judge spends a Misfortune on someone
        await fill(pilot, "m", why="runs dry", on=eli)
        assert campaign.describe(campaign.events[-1]) == (
            f"The Judge spends a Misfortune on {eli}: runs dry")
        # the scene's die
        await fill(pilot, "S", face="5")
        assert campaign.state.scene_die == 5
        head = str(app.screen.query_one("#ff-setup").render())
        assert "c type the coin" in head and "R type a reaction" in head
        # a quick draw's 2d6 and an ammunition die, as the table rolled them
        await fill(pilot, "q", item="Revolver", dice="3 4")
        assert campaign.events[-1].data["dice"] == [3, 4]
        await fill(pilot, "b", name="Cora Dalton", face="5")
        assert campaign.events[-1].data == {"name": "Cora Dalton", "face": 5, "spent": False}


def test_an_npcs_side_and_its_morale_by_keys(tmp_path: Path) -> None:
    asyncio.run(_side_and_morale(tmp_path))


async def _side_and_morale(tmp_path: Path) -> None:
    campaign, app = sample_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Characters")
        await fill(pilot, "a", name="Kid", rank="Poor", strong="gumption", side="The Clantons")
        await fill(pilot, "a", name="Boss", rank="Ornery", strong="grit", side="the clantons")
        kid = campaign.state.character("Kid")
        assert kid is not None and kid.side == "The Clantons"
        await goto(pilot, "Conflict")
        await fill(pilot, "g", name="Kid", dice="6 6 5 4", coin="T")
        data = campaign.events[-1].data
        assert (data["leader"], data["grit"], data["broke"], data["coin"]) == (
            "Boss", 20, True, "T")
        # a side that holds flips no coin, whatever was chosen
        await fill(pilot, "g", name="Kid", dice="1 1 1 1", coin="flip")
        assert "coin" not in campaign.events[-1].data
        await fill(pilot, "g", name="Kid", dice="6 6 5 4", coin="flip")
        assert campaign.events[-1].data["coin"] in ("H", "T")
        # the Judge names a side later on an NPC's sheet
        await goto(pilot, "Characters")
        for _ in range(len(campaign.state.characters)):
            if "Rattlesnake Jake" in str(app.screen.query_one("#ff-sheet-text").render()):
                break
            await keys(pilot, "down")
        await fill(pilot, "e", side="The Clantons")
        jake = campaign.state.character("Rattlesnake Jake")
        assert jake is not None and jake.side == "The Clantons"
        assert "side: The Clantons" in str(app.screen.query_one("#ff-sheet-text").render())


def test_the_way_up_from_0_guts_by_keys(tmp_path: Path) -> None:
    asyncio.run(_the_way_up(tmp_path))


async def _the_way_up(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import Carouse, RollTest, ShareTake, TakeHarm

    campaign, app = sample_app(tmp_path)
    cora = "Cora Dalton"
    async with app.run_test(size=(80, 24)) as pilot:
        campaign.execute(TakeHarm(cora, 30))
        await goto(pilot, "Characters")
        assert {"Out of action", "Lost"} <= footer_seen(app)
        assert "Revive" not in footer_seen(app)  # not before the table is rolled
        await keys(pilot, "v")
        assert app.told[-1] == ("Not now", f"{cora} is at 0 Guts: o rolls the Out of action "
                                           "table first (a 6 is death).")
        await fill(pilot, "o", face="1")
        await keys(pilot, "o")
        assert app.told[-1] == ("Not now", f"{cora}'s fall is rolled already: v gets them "
                                           "up, d if the posse lost them.")
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
        for _ in range(len(campaign.state.characters)):
            if tomas in str(app.screen.query_one("#ff-sheet-text").render()):
                break
            await keys(pilot, "down")
        await fill(pilot, "r", name=tomas, stakes="3", dice="4 4 5", luck="bank")
        after = campaign.state.character(tomas)
        assert after is not None and (after.luck, after.stress) == (luck + 1, 1)
        # the Advancement Test's die as the table rolled it
        campaign.execute(ShareTake(tomas, 10))
        campaign.end_session()
        campaign.execute(Carouse(tomas, 0, 1, (2,), 2))
        await fill(pilot, "A", name=tomas, attribute="grit", dice="6")
        assert campaign.events[-1].data["faces"] == [6]


def test_the_wanted_clock_shows_every_hour_reached(tmp_path: Path) -> None:
    asyncio.run(_every_hour_reached(tmp_path))


async def _every_hour_reached(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import Crime
    from gmscreen.games.fistful.wanted import band

    campaign, app = sample_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        campaign.execute(Crime(3, "robbed the bank"))  # 3 -> 6 o'clock
        await goto(pilot, "Wanted Clock")
        about = str(app.screen.query_one("#ff-about-text").render())
        for hour in (1, 4, 6):
            assert band(hour).populace in about and band(hour).when_to_roll in about
        assert band(8).populace not in about
        await fill(pilot, "W", dice="3 4")  # the chart's 2d6 as the table rolled them
        assert campaign.events[-1].data["dice"] == [3, 4]
