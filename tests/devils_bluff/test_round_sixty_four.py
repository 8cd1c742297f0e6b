"""Found in a campaign played from nothing by keys in tmux (round 64): two games, the
aftermath between them, a Fear model fighting up close in the second."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    Enlist,
    FoundGang,
)
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table
from tests.devils_bluff.test_third_look import focused_on, fresh
from tests.pilot import fill, refusal_shown, synchronous, to_tab, until

# -- a campaign's gunslinger enlisted without "Hired gun" ticked ----------------------------


def test_a_campaign_gunslinger_not_hired_is_refused_on_the_hired_box() -> None:
    # module lines 99-101: a campaign gang's gunslingers are hired. Enlisted unticked
    # beside its leader, the refusal named the Unit field: the cursor went to the Unit's
    # buttons, where the space the form's own line asks for ("Tick Hired gun") chose
    # Gang Leader instead. Leaderless, the Unit is still the field to change.
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ada", "Black Hats"))
    gun = Recruit("Dan", GUNSLINGER, "Revolver")
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ada", gun))
    assert (refused.value.rule, refused.value.field) == ("Campaign gang", "unit")
    table.execute(Enlist("Ada", Recruit("Jack", LEADER, "Rifle", ("Deadly",))))
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ada", gun))
    assert (refused.value.rule, refused.value.field) == ("Campaign gang", "hired")


@synchronous
async def test_the_enlist_form_puts_the_cursor_on_hired_gun(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("campaign", "controlled choice"),
                     FoundGang("Ada", "Black Hats"),
                     Enlist("Ada", Recruit("Jack", LEADER, "Rifle", ("Deadly",))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "e", name="Dan", unit=GUNSLINGER, hired=False)
        refusal_shown(app, "Campaign gang")
        await until(pilot, focused_on(form, "hired"))
        assert len(campaign.state.gang("Ada").fighters) == 1
    campaign.close()
