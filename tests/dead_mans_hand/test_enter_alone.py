"""Every step of Dead Man's Hand taken with Enter as the only way to send a form (Tab to move
between fields, letters to go to a line of a list), as a Dealer who never presses ctrl+s
would: each step sends what was chosen, and a step the rules refuse says so and changes
nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    LoadScenario,
    MakeAttack,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.undo_preview import UndoPreview
from tests.dead_mans_hand.helpers import new_campaign
from tests.dead_mans_hand.test_forms import showdown_game_over
from tests.dead_mans_hand.test_showdown import first_game
from tests.pilot import form_up, from_palette, refusal_shown, synchronous, to_tab, until

#: what the result-card form offers the Brave's draw against the Outlaw: his Ace's weapon
#: picks, cheapest first, the pick the loser's player's
ACE_OFFERED = ["A♣: Brave loses Thrown Tomahawks", "A♥: Outlaw loses Brawling, its pick",
               "A♥: Outlaw loses Pistol, its pick", "2♣: no effect"]


def kinds(campaign: Campaign[MatchState], since: int) -> list[str]:
    """The kinds of the events written since the journal held `since` events."""
    return [e.kind.removeprefix("dead_mans_hand.") for e in campaign.events[since:]]


def offered(form: Form, key: str) -> list[str]:
    """The lines of the pick list `key`, as the Dealer reads them."""
    listed = form.widget_of(key)
    assert isinstance(listed, OptionList)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


async def closed(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ShellScreen))


def brave_against_the_outlaw(path: Path) -> Campaign[MatchState]:
    """The Brave's Thrown Tomahawks drew A♣ A♥ 2♣ against the Outlaw, who could answer at
    5 yards with his pistol or his fists: the red Ace leaves the Outlaw to pick which."""
    campaign = new_campaign(path)
    for command in (ChooseFormat(Format.SINGLE), Recruit("red", "Brave", 8, 1, ("tomahawks",)),
                    Recruit("black", "Outlaw", 8, 1, ("pistol",)), SetUpGame("9h"),
                    Deploy("Brave"), Deploy("Outlaw"), UseModel("Brave", Move.SLOW),
                    MakeAttack("Outlaw", "tomahawks", 5, ("Ac", "Ah", "2c"))):
        campaign.execute(command)
    return campaign


@synchronous
async def test_an_ace_the_loser_picks_from_is_a_line_for_each_pick(tmp_path: Path) -> None:
    """Line 108: the target that loses to an Ace picks which weapon in reach it gives up. The
    card and the pick are one line each, so Enter (or a double click) on a line plays what it
    says; the Ace alone was a line that Enter sent and the rules refused."""
    campaign = brave_against_the_outlaw(tmp_path / "c.toml")
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("p")
        shown = await form_up(pilot)
        assert offered(shown, "card") == ACE_OFFERED
        assert [f.key for f in shown.fields] == ["card"]
        # the form opens on the card that serves the attacker best (the A♥'s first pick,
        # the fists, `test_ace_pick`): the next line is the Ace and the pistol given up
        await pilot.press("down", "enter")
        await closed(pilot)
    assert kinds(campaign, events)[0] == "result_played"
    outlaw = campaign.state.find("Outlaw")
    assert outlaw is not None and outlaw.weapons == ("brawling",)


@synchronous
async def test_the_format_already_chosen_is_refused(tmp_path: Path) -> None:
    """The format form opens on the format chosen: Enter on it again is refused in the form,
    where it wrote a second 'The posses will fight single games.' into the journal."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("f")
        await form_up(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Form) and app.screen.refusal)
        assert refusal_shown(app, "Format").refusal == (
            "Format: the posses already fight single games")
        await pilot.press(*"dr", "enter")  # the Dramatic Showdown
        await closed(pilot)
    assert kinds(campaign, events) == ["format_chosen"]
    assert campaign.state.format is Format.SHOWDOWN


@synchronous
async def test_a_surrender_in_single_games_is_for_this_game(tmp_path: Path) -> None:
    """Line 159 takes a model that surrenders out of the games that follow a showdown's; in
    single games every model is back for the next game (line 261), so the question and the
    log say this game, where both said 'for good' and 'the rest of the showdown'. The
    question starts on No: Enter keeps the model; Tab, Enter says yes."""
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter")):
        campaign.execute(command)
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = app.screen
        assert isinstance(asked, Confirm)
        assert asked.question == "Big Oaf surrenders and is out of this game?"
        await pilot.press("enter")  # No, where the keyboard starts
        await closed(pilot)
        assert len(campaign.events) == events
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("tab", "enter")
        await closed(pilot)
    assert kinds(campaign, events) == ["model_surrendered", "game_won"]
    assert campaign.rules.describe(campaign.events[events]) == (
        "Big Oaf surrenders and is out of this game.")


def test_a_surrender_in_a_showdown_is_for_good() -> None:
    """Line 159: in a showdown the model takes no part in the games that follow."""
    table = first_game()
    surrendered = [e for e in table.events if e.kind.endswith("model_surrendered")]
    assert table.rules.describe(surrendered[0]) == (
        "Deacon surrenders and is out of the fight for good.")


class Dealer:
    """At the keyboard, sending every form with Enter: each step's keys, then the kinds of
    the events it wrote, checked at once."""

    def __init__(self, pilot: Pilot[Any], campaign: Campaign[MatchState]) -> None:
        self.pilot, self.campaign = pilot, campaign

    async def step(self, *keys: str, wrote: tuple[str, ...]) -> None:
        since = len(self.campaign.events)
        for key in keys:
            await self.pilot.press(key)
            await self.pilot.pause()
        await until(self.pilot, lambda: len(self.campaign.events) >= since + len(wrote)
                    and isinstance(self.pilot.app.screen, ShellScreen))
        assert tuple(kinds(self.campaign, since)) == wrote, keys

    def model(self, name: str) -> Any:
        found = self.campaign.state.find(name)
        assert found is not None, name
        return found


@pytest.mark.slow
@synchronous
async def test_every_step_by_enter_alone(tmp_path: Path) -> None:
    """Each key of both tabs (footer, the Keys line, the hidden ones) and a step from the
    palette, in a campaign of free rosters and then the Duel between Rivals, at 80x24, with
    Enter the only way to send: each writes what it says."""
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        dealer = Dealer(pilot, campaign)
        await to_tab(pilot, "Characters")
        await dealer.step("f", "s", "i", "enter", wrote=("format_chosen",))
        assert campaign.state.format is Format.SINGLE
        await dealer.step("N", *"The Reds", "enter", wrote=("posse_named",))
        # the weapons list ticks with space, and Enter sends from it as from the Hits field
        await dealer.step("r", *"Leon", "tab", "6", "tab", "2", "tab", "space", "down",
                          "space", "enter", wrote=("model_recruited",))
        leon = dealer.model("Leon")
        assert (leon.colour, leon.value, leon.hits, leon.kit) == (
            "red", 6, 2, ("rifle", "pistol", "brawling"))
        # the other posse, a civilian on a horse, sent from the Recruit button
        await dealer.step("r", "shift+tab", "right", "tab", *"Stephen", "tab", "9", "tab",
                          "1", "tab", "space", "tab", "space", "tab", "space", "tab",
                          "space", "tab", "tab", "enter", wrote=("model_recruited",))
        stephen = dealer.model("Stephen")
        assert (stephen.colour, stephen.civilian, stephen.horse, stephen.kit) == (
            "black", True, True, ("rifle", "brawling"))
        # the keyboard followed Stephen to the black posse's table: back to Leon's
        await pilot.press("shift+tab")
        await dealer.step("e", *"Leon Lee", "enter", wrote=("model_edited",))
        await dealer.step("x", wrote=("model_dismissed",))
        await from_palette(pilot, "Characters: Name posse")  # the posse still unnamed
        await dealer.step(*"Robbers", "enter", wrote=("posse_named",))
        assert campaign.state.black.name == "Robbers"
        await pilot.press("tab")  # the black posse's table
        await dealer.step("x", wrote=("model_dismissed",))
        assert campaign.state.models() == ()
        await dealer.step("s", *"duel", "enter", wrote=(
            "scenario_loaded", "posse_named", "posse_named", "model_recruited",
            "model_recruited"))

        await to_tab(pilot, "Conflict")
        await dealer.step("g", *"2h", "enter", wrote=("game_set_up",))
        await dealer.step("d", wrote=("model_deployed",))
        await dealer.step("d", wrote=("model_deployed",))
        await dealer.step("u", "enter", wrote=("model_used",))  # Big Oaf stands
        await dealer.step("a", *"10", "tab", *"Jh 3c", "enter", wrote=("attack_drawn",))
        # All In, then the result card's form follows by itself (the J♥ offered), then the
        # target's second card's (t: none)
        await dealer.step("i", *"Jd", "enter", "enter", "t", "enter",
                          wrote=("went_all_in", "result_played", "second_result_declined",
                                 "turn_ended"))
        assert dealer.model("Sly Shooter").pinned
        await dealer.step("u", "enter", wrote=("model_used",))  # Sly Shooter stands
        await dealer.step("e", wrote=("turn_ended",))
        await dealer.step("R", "tab", "enter", wrote=("pack_reshuffled",))
        assert campaign.state.pack.discard == ()
        since = len(campaign.events)
        await pilot.press("z")  # the last attack taken back, and all after it
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        await pilot.press("tab", "enter")
        await closed(pilot)
        assert kinds(campaign, since) == ["undo"] and campaign.state.attack is None
        assert not dealer.model("Sly Shooter").pinned
        await dealer.step("e", wrote=("turn_ended",))  # Big Oaf stood, and attacks nobody
        await dealer.step("l", "enter", wrote=("model_left", "game_won"))
        assert campaign.state.games[-1].winner == "red"
        await dealer.step("g", "enter", wrote=("game_set_up",))
        await dealer.step("d", wrote=("model_deployed",))
        await dealer.step("d", wrote=("model_deployed",))
        await dealer.step("y", "tab", "enter", wrote=("model_surrendered", "game_won"))


@synchronous
async def test_the_fallen_draw_by_enter(tmp_path: Path) -> None:
    """The recovery draw's card fields are one-line fields: Enter sends the cards typed, and
    left blank the app draws."""
    campaign = showdown_game_over(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await Dealer(pilot, campaign).step("v", *"10d", "enter",
                                           wrote=("model_buried", "recovery_drawn"))
    stubby = campaign.state.find("Stubby")
    assert stubby is not None and stubby.status is Status.RESERVE
