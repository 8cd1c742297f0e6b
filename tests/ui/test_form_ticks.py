"""A tick list's space and a pick list's Enter act on the line highlighted as they are typed,
before the keys typed behind them (a quick Dealer, tmux, a loaded machine). Textual ticks
or picks when its word of the key comes round: Dead Man's Hand's plunder, down, space,
ctrl+s, 1 in one burst, sent the form before the space had unticked Dual Pistols (refused),
then ticked Big Blade, the line the 1 had found."""

from __future__ import annotations

from gmscreen.ui import form as kit
from gmscreen.ui.form import Form
from tests.pilot import burst, synchronous, until
from tests.ui.support import Host

PLUNDER = [("Rifle, 6 pts", "rifle"), ("Pistol, 3 pts", "pistol"),
           ("Dual Pistols, 6 pts", "dual"), ("Big Blade, 1 pt", "blade")]
POSSE = [("Ann", "ann"), ("Bob", "bob"), ("Cy", "cy")]


@synchronous
async def test_a_space_ticks_its_line_before_the_send_and_the_letter_behind_it() -> None:
    app = Host(Form("Put Big Jim right", [kit.many("plunder", "Plunder", PLUNDER,
                                                    ["pistol", "dual"])], focus="plunder"))
    async with app.run_test(size=(80, 24)) as pilot:
        ticks = app.form.widget_of("plunder")
        await until(pilot, lambda: app.form.ready and app.focused is ticks)
        burst(app, ["down", "down", "space", "ctrl+s", "1"])
        await until(pilot, lambda: app.answers)
    assert [values.chosen("plunder") for values in app.answers] == [("pistol",)]


@synchronous
async def test_a_pick_lists_enter_sends_the_line_it_was_typed_on() -> None:
    app = Host(Form("Who goes", [kit.pick("who", "Who", POSSE)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.form.ready)
        burst(app, ["down", "enter", "down"])
        await until(pilot, lambda: app.answers)
    assert [values.text("who") for values in app.answers] == ["bob"]
