"""Dust Devils, an evening with round 33 (round 34): the defaults and short ways of round 33
played together, as a Dealer takes them in a session (k, Enter; a, a goal, Enter), to find
where a value offered sends what the Dealer did not mean. What the evening found wrong."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gmscreen.games.dust_devils.call import auto_split
from gmscreen.games.dust_devils.commands import ChangeCharacter, MakeCharacter
from gmscreen.games.dust_devils.events import DifficultyTaken
from gmscreen.games.dust_devils.sample import ZEKE
from gmscreen.games.dust_devils.sheet import Attribute
from tests.dust_devils.test_fewest_keys import _newest, _session
from tests.dust_devils.test_session import enter, new_campaign, press, send, watched
from tests.pilot import form_up, opened, synchronous, to_tab, until

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART


def test_the_split_offered_puts_no_attribute_at_0_where_the_points_fit_elsewhere() -> None:
    # a four of a kind's 4 points from Eye 4, Guts 2, Heart 1: spread one on each took
    # Heart to 0, the Road to Hell (line 317), where Eye 3, Guts 1 leaves every one standing
    split = auto_split(4, (E, G, R), {H: 4, E: 4, G: 2, R: 1})
    assert sum(split.values()) == 4
    assert split == {E: 3, G: 1}
    # spread as before where nothing goes to 0 (Luke's three points, one on each)
    assert auto_split(3, (E, G, R), {H: 3, E: 3, G: 4, R: 3}) == {E: 1, G: 1, R: 1}
    # where every placing reaches 0, the points still all go (none lost by the default)
    assert auto_split(5, (G, R), {H: 5, E: 3, G: 3, R: 2}) == {G: 3, R: 2}
    assert auto_split(5, (G,), {H: 5, E: 3, G: 2, R: 2}) == {G: 2}
    # only what must go to 0 does: 4 points off Hand 5 and Heart 1 all from Hand; a fifth
    # takes one of them to 0 whichever way
    assert auto_split(4, (H, R), {H: 5, E: 3, G: 3, R: 1}) == {H: 4}
    assert auto_split(5, (H, R), {H: 5, E: 3, G: 3, R: 1}) == {H: 4, R: 1}


@synchronous
async def test_k_enter_does_not_send_a_loser_to_the_road_to_hell_by_default(
        tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        zeke = campaign.state.character("Zeke Munroe")
        assert zeke is not None and zeke.values == (5, 3, 3, 2)
        await enter(pilot, "Zeke Munroe", "hold the door", "Hand", "Eye")
        await send(pilot, "o", title="The door", stud="5")
        # the stud hand's straight of spades and hearts: 5 points from Hand 5 and Heart 2
        await send(pilot, "D", h0="2c 3d 4h 5c 7c 8d Jc Qd", h1="9s 8h 7s 6h 5s")
        await send(pilot, "l")
        form = await opened(pilot, "k")
        # Hand 4, Heart 1 places every point and leaves Heart standing; one each and
        # round again took Heart to 0 on k, Enter
        assert form.values().text("split") == "Hand 4, Heart 1"
        count = len(campaign.events)
        await pilot.press("enter")
        await until(pilot, lambda: len(campaign.events) > count)
        taken = _newest(campaign, "dust_devils.difficulty_taken")
        assert isinstance(taken, DifficultyTaken)
        zeke = campaign.state.character("Zeke Munroe")
        assert zeke is not None and zeke.values == (1, 3, 3, 1)
    campaign.close()


@synchronous
async def test_an_attribute_at_0_in_the_pair_he_entered_with_is_not_offered_again(
        tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    jim = '"Gentleman" Jim Harris'
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, jim, "win at cards", "Hand", "Eye")
        await send(pilot, "o", title="The card game", stud="5")
        # a flush of spades: 5 points, all from Hand (4): Hand goes to 0
        await send(pilot, "D", h0="2c 3d 4h 5c 7c 8d 9h Jc", h1="As Ks Qs Js 9s")
        await send(pilot, "l")
        await send(pilot, "k", split="Hand 4")
        await press(pilot, "e")
        who = campaign.state.character(jim)
        assert who is not None and who.values[0] == 0
        # Hand and Eye, his last pair, hold Hand at 0: the first two standing instead
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("name") == jim
        assert (form.values().text("first"), form.values().text("second")) == \
            ("Eye", "Guts")
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_character_renamed_is_offered_what_he_entered_his_last_conflict(
        tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await send(pilot, "a", name=ZEKE.name, goal="throw the drunk out", first="Hand",
                   second="Guts", knack="Wrestlin'")
        await send(pilot, "o", title="The saloon brawl", stud="5")
        await send(pilot, "D", h0="As Ad Ah Ks Kd Qc Jc 9c", h1="2c 3d 4h 5s 7c")
        await send(pilot, "l")
        await press(pilot, "e")
        # his name put right between two conflicts (e on the Characters tab); and a new
        # sheet given his old name, which entered nothing
        campaign.execute(ChangeCharacter(ZEKE.name, replace(ZEKE, name="Zeke Monroe")))
        campaign.execute(MakeCharacter(replace(ZEKE, player=False, devil="",
                                               devil_rating=0, chips=0)))
        await pilot.pause()
        await pilot.press("a")
        form = await form_up(pilot)
        await pilot.press("z", "enter")  # Zeke Monroe, the first at z in the drop-down
        await until(pilot, lambda: form.values().text("name") == "Zeke Monroe")
        await until(pilot, lambda: form.values().text("second") == "Guts")
        assert (form.values().text("first"), form.values().text("knack")) == \
            ("Hand", "Wrestlin'")
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_the_knack_follows_to_one_who_lacks_the_knack_offered_before(
        tmp_path: Path) -> None:
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    jim = '"Gentleman" Jim Harris'
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await send(pilot, "a", name=jim, goal="charm the widow", first="Eye",
                   second="Heart", knack="Philanderin'")
        await send(pilot, "a", name=ZEKE.name, goal="throw the drunk out", first="Hand",
                   second="Guts", knack="Wrestlin'")
        await send(pilot, "o", title="The saloon", stud="3")
        await send(pilot, "D", h0="As Ad Ah Ks Kd Qc", h1="Ac Kh Kc Qh Jd 9h 8s 7c",
                   h2="2c 3d 4h")
        await send(pilot, "l")
        await press(pilot, "e")
        # Jim first, with his Philanderin'; Zeke picked: Zeke has no Philanderin', and
        # his Wrestlin' was lost (the list made for him had emptied the Knack first)
        await pilot.press("a")
        form = await form_up(pilot)
        assert form.values().text("knack") == "Philanderin'"
        await pilot.press("z", "enter")
        await until(pilot, lambda: form.values().text("name") == ZEKE.name)
        await until(pilot, lambda: form.values().text("second") == "Guts")
        assert form.values().text("knack") == "Wrestlin'"
        await pilot.press("escape")
    campaign.close()
