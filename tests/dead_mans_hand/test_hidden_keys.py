"""A step the footer leaves out because it does not apply now: its key, or its palette
command, says why (the rule, as the notice's title) and changes nothing."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import Deploy, LoadScenario, SetUpGame
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import Notices, footer_keys, shell_up, synchronous, to_tab, until

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


@synchronous
async def test_a_hidden_key_says_why_and_changes_nothing(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in DUEL:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)  # the keyboard in the Characters tab
        await pilot.press("r")  # Recruit, on the Characters tab, once the game is set up
        await until(pilot, lambda: notices.of("warning"))
        said = notices.of("warning")[-1]
        assert (said.title, said.message) == ("Order of play",
                                               "cannot recruit during a game")
        await to_tab(pilot, "Conflict")
        assert {"u", "l"} <= footer_keys(app) and not {"g", "a", "i", "p", "e", "d"} & (
            footer_keys(app))
        events, screens = len(campaign.events), len(app.screen_stack)
        for key, rule, says in (
                ("g", "Set-up", "game 1 is under way"),
                ("a", "Turns", "use a model first"),
                ("i", "All In", "All In adds a card"),
                ("p", "Result card", "no attack is under way"),
                ("e", "Turns", "use a model first"),
                ("d", "Placing", "every model is placed already")):
            await pilot.press(key)
            await until(pilot, lambda: len(notices.of("warning")) > 1)
            said = notices.of("warning")[-1]
            assert said.title == rule and said.message.startswith(says), key
            assert (len(campaign.events), len(app.screen_stack)) == (events, screens), key
            notices.clear()
            notices.append(said)
        # the palette's command for the step says the same
        pane = app.query_one(ConflictPane)
        for name, _, run in pane.palette_commands():
            if name == "All In":
                await run()
        assert notices.of("warning")[-1].message.startswith("All In adds a card")
        assert len(campaign.events) == events
        # a step that applies still runs from its key
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Form))


@synchronous
async def test_recruit_with_both_showdown_posses_full_says_so_at_once(tmp_path: Path) -> None:
    """Line 124: a showdown posse is eight strong. With both posses built, r opened the
    recruit form all the same, and took a name and the plunder ticked only for Recruit to
    refuse them ("Posse size: a showdown posse has 8 models"). The key says so at once."""
    from gmscreen.games import rules_for
    from gmscreen.games.dead_mans_hand.sample import SAMPLES
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.samples import write_sample

    (tmp_path / "s").mkdir()
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path / "s"), rules_for)
    assert [len(campaign.state.posse(c).models) for c in ("red", "black")] == [8, 8]
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        events, screens = len(campaign.events), len(app.screen_stack)
        await pilot.press("r")
        await until(pilot, lambda: notices.of("warning"))
        said = notices.of("warning")[-1]
        assert (said.title, said.message) == (
            "Posse size", "both posses have their 8 models: dismiss one to recruit another")
        assert (len(campaign.events), len(app.screen_stack)) == (events, screens)
        assert not isinstance(app.screen, Form)
