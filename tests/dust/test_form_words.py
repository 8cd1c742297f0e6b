"""What each Dust form says under a field while it has the keyboard.

A field with no words of its own shows the glossary's entry for its label (the kit's
`Form.explain`). Gone through form by form at 80x24: "Votes for" showed the board's column
("the Voters are listed in the order they voted"), the day power's "Power" the power list's
("its effect in brackets", where the brackets hold the power's name), the gift's "Item" the
sheet's ("a number in brackets says how many uses"), the lots the whole glossary entry cut
at three lines; the voter, the Scum's killer and target, the starting item, a location's
nights and the dead's note showed an empty box. Each now says what to put in it."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from gmscreen.games.dust.commands import UseBookSetUp
from gmscreen.glossary import gmscreens_words, words_of
from gmscreen.ui.form import Form
from tests.dust.app import CHARACTERS, CONSOLE, app_of, new_campaign, night_one, sample_campaign
from tests.pilot import abouts, opened, synchronous, to_tab

#: what the glossaries say, none of it the words of a field below
GLOSSED = {word.means for word in words_of("gmscreen.games.dust") + gmscreens_words()}


async def closed(pilot: Any) -> None:
    await pilot.press("escape")
    await pilot.pause()


def shown_under(form: Form) -> str:
    return str(form.query_one("#form-about", Static).render())


@synchronous
async def test_the_days_forms_say_what_each_field_takes(tmp_path):
    app, _ = app_of(sample_campaign(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        shown = await opened(pilot, "v")
        vote = abouts(shown)
        assert "replaces the one he had" in vote["voter"]
        assert "(withdraw the vote)" in vote["target"] and "hammer" in vote["target"]
        # the voter has the keyboard: his words are the ones shown
        assert shown_under(shown).startswith("The living player who posted")
        await closed(pilot)
        gift = abouts(await opened(pilot, "g"))
        assert "Relic" in gift["item"] and gift["giver"]
        await closed(pilot)
        power = abouts(await opened(pilot, "p"))
        assert "Generator" in power["use"] and "Vouch" in power["use"]
        await closed(pilot)
        assert not {*vote.values(), *gift.values(), *power.values()} & GLOSSED


@synchronous
async def test_the_nights_forms_say_what_each_field_takes(tmp_path):
    campaign = night_one(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        kill = abouts(await opened(pilot, "k"))
        assert "whole night" in kill["killer"] and "(no kill tonight)" in kill["target"]
        await closed(pilot)
        lots = abouts(await opened(pilot, "t"))
        assert "commas between" in lots["lots"]
        assert not {*kill.values(), *lots.values()} & GLOSSED


@synchronous
async def test_the_set_up_forms_say_what_each_field_takes(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        book = abouts(await opened(pilot, "b"))
        assert "Cop" in book["godfather"] and "Flashlight" in book["godfather"]
        await closed(pilot)
        seat = abouts(await opened(pilot, "p"))
        assert seat["name"] and "blank for none" in seat["item"]
        await closed(pilot)
        place = abouts(await opened(pilot, "l"))
        assert "first night" in place["opens"] and "Blank" in place["closes"]
