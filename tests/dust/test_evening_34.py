"""Round 34, an evening with round 33: the short ways played together, as a moderator plays
them night after night at 80x24, looking for a default or a shortcut that does the wrong
thing (docs/rules/dust.md, "An evening with round 33 (round 34)")."""

from __future__ import annotations

from gmscreen.ui.form import Form
from tests.dust.app import CONSOLE, app_of, night_one
from tests.dust.test_fewest_keys import choice, keys, sent
from tests.pilot import form_up, synchronous, to_tab, until


@synchronous
async def test_the_night_form_goes_on_from_the_highlighted_player_typed_again(tmp_path):
    # book lines 24-36: the form opens on the player highlighted on the board (Ann, the
    # first row); the moderator types his name all the same, as for anyone else. Picking
    # the player already filled in left the keyboard on Player: the power's letters went
    # to the players' list, and the Enter meant for the target sent "Ann stays in".
    campaign = night_one(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("player") == "Ann"
        await keys(pilot, "Ann", "enter")
        await until(pilot, lambda: form.focused is form.widget_of("action"))
        await keys(pilot, "Interr", "enter", "Eve", "enter", "ctrl+s")
        await sent(pilot)
        assert choice(campaign.state, "Ann") == "Interrogate:Eve"
        # her power picked again (the one filled in), to aim it elsewhere: on to the target
        await pilot.press("a")
        form = await form_up(pilot)
        await keys(pilot, "Ann", "enter")
        await until(pilot, lambda: form.focused is form.widget_of("action"))
        await keys(pilot, "Interr", "enter")
        await until(pilot, lambda: form.focused is form.widget_of("target"))
        await keys(pilot, "Gus", "enter", "ctrl+s")
        await sent(pilot)
        assert choice(campaign.state, "Ann") == "Interrogate:Gus"
        # escape closing the players' list leaves the keyboard where it was
        await pilot.press("a")
        form = await form_up(pilot)
        await keys(pilot, "enter", "escape")
        assert isinstance(app.screen, Form)
        assert form.focused is form.widget_of("player")
        await keys(pilot, "escape")
        await sent(pilot)


def test_resolving_names_the_one_to_three_players_who_sent_nothing(tmp_path):
    # book line 24: a player who sends nothing stays in; the question said "nothing sent
    # by 1 players" with one left, and named none of a few the moderator may still ask
    from gmscreen.games.dust.commands import ChooseNight
    from gmscreen.games.dust.night_rules import resolving_question
    from gmscreen.games.dust.state import NightChoice
    campaign = night_one(tmp_path)
    names = [p.name for p in campaign.state.living]
    for name in names[:-1]:
        campaign.execute(ChooseNight(NightChoice(name)))
    assert f"nothing sent by {names[-1]}" in resolving_question(campaign.state)
    assert "1 players" not in resolving_question(campaign.state)
    campaign.undo()
    campaign.undo()
    assert f"nothing sent by {names[-3]}, {names[-2]}, {names[-1]}" in resolving_question(
        campaign.state)
    campaign.undo()
    assert "nothing sent by 4 players" in resolving_question(campaign.state)


@synchronous
async def test_a_night_changed_to_one_aimed_at_no_one_lets_go_of_the_old_target(tmp_path):
    # book lines 24-36: Ann sent Interrogate on Eve, then wrote that she stays in after all.
    # The form filled in her night as it stood; her whole night changed to Stay kept Eve as
    # the target, and the send was refused (no power takes one) until it was cleared
    from gmscreen.games.dust.commands import ChooseNight
    from gmscreen.games.dust.state import NightChoice, PowerUse
    campaign = night_one(tmp_path)
    campaign.execute(ChooseNight(NightChoice("Ann", uses=(
        PowerUse("Cop", "Interrogate", ("Eve",)),))))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("target") == "Eve"
        await keys(pilot, "Ann", "enter", "Stay", "enter")
        await until(pilot, lambda: form.values().text("target") == "")
        await keys(pilot, "enter")
        await sent(pilot)
        made = campaign.state.choice("Ann")
        assert made is not None and not made.uses and not made.scavenge
        # a power aimed at someone chosen back: the target is the moderator's to pick
        await pilot.press("a")
        form = await form_up(pilot)
        await keys(pilot, "Ann", "enter", "Interr", "enter")
        await until(pilot, lambda: form.focused is form.widget_of("target"))
        await keys(pilot, "Gus", "enter", "enter")
        await sent(pilot)
        assert choice(campaign.state, "Ann") == "Interrogate:Gus"
