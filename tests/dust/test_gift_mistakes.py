"""A gift entered to the wrong receiver is put right by day, without undoing the votes cast
since: the item goes to the one it was given to, the wrong receiver is told it is not his,
the right one that someone gave it to him; the log tells the correction."""

from __future__ import annotations

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import CorrectGift, EndDay, GiveItem, Vote
from gmscreen.journal.rules import RuleError
from tests.dust.app import CONSOLE, app_of, pane, sample_campaign
from tests.dust.game import new_game, player, run
from tests.pilot import fill, synchronous, to_tab, until


def items(state, name):
    return [h.item for h in player(state, name).items]


def given_wrongly():
    """Cat gives the Knife to Dan where he meant Bob; Ann votes after."""
    return run(new_game({"Cat": ("Knife",)}), GiveItem("Cat", "Knife", "Dan"),
               Vote("Ann", "Eve"))


def test_a_gift_to_the_wrong_receiver_is_put_right_and_both_are_told():
    state = given_wrongly()
    events = RULES.decide(state, CorrectGift("Cat", "Knife", "Dan", "Bob"))
    state = run(state, CorrectGift("Cat", "Knife", "Dan", "Bob"))
    assert items(state, "Dan") == [] and items(state, "Bob") == ["Knife"]
    assert state.gifts == (("Cat", "Knife", "Bob"),)
    assert dict(state.votes)["Ann"] == "Eve"  # the vote cast since stands
    told = {m.player: m.lines for m in state.messages[-2:]}
    assert told["Dan"][0] == "The moderator's mistake: no one gave you the Knife; it is not yours."
    assert told["Bob"][0].startswith("Someone gave you an item: Knife")
    assert [e.kind for e in events] == ["dust.gift_corrected", "dust.message_sent",
                                        "dust.message_sent"]


@pytest.mark.parametrize(("command", "field"), [
    (CorrectGift("Cat", "Gun", "Dan", "Bob"), "gift"),
    (CorrectGift("Ann", "Knife", "Dan", "Bob"), "gift"),
    (CorrectGift("Cat", "Knife", "Dan", "Dan"), "receiver"),
    (CorrectGift("Cat", "Knife", "Dan", "Cat"), "receiver"),
    (CorrectGift("Cat", "Knife", "Dan", "Nobody"), "receiver"),
])
def test_a_bad_correction_of_a_gift_is_refused_naming_the_field(command, field):
    with pytest.raises(RuleError) as refused:
        RULES.decide(given_wrongly(), command)
    assert (refused.value.rule, refused.value.field) == ("Gifts", field)


def test_a_gift_passed_on_or_of_a_day_gone_is_not_put_right():
    passed = run(given_wrongly(), GiveItem("Dan", "Knife", "Eve"))
    with pytest.raises(RuleError, match="Dan no longer holds the Knife"):
        RULES.decide(passed, CorrectGift("Cat", "Knife", "Dan", "Bob"))
    with pytest.raises(RuleError, match="by day"):
        RULES.decide(run(given_wrongly(), EndDay()), CorrectGift("Cat", "Knife", "Dan", "Bob"))


def test_the_log_tells_the_gift_put_right():
    from datetime import datetime

    from gmscreen.journal.events import Event
    new = RULES.decide(given_wrongly(), CorrectGift("Cat", "Knife", "Dan", "Bob"))[0]
    event = Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
    assert RULES.describe(event) == (
        "The moderator puts a gift right: Cat gave the Knife to Bob, not to Dan.")
    assert RULES.subjects(event) == {"Cat", "Dan", "Bob"}


@synchronous
async def test_the_dealer_puts_a_gift_right_by_key(tmp_path):
    campaign = sample_campaign(tmp_path)
    giver = next(p for p in campaign.state.living if p.items)
    item = giver.items[0].item
    wrong, right = [p.name for p in campaign.state.living if p.name != giver.name][:2]
    campaign.execute(GiveItem(giver.name, item, wrong))
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        assert "G correct a gift" in str(pane(app, CONSOLE).query_one("#dust-status").render())
        await fill(pilot, "G", receiver=right)
        await until(pilot, lambda: campaign.state.gifts == ((giver.name, item, right),))
        assert notices.of("warning") == []
