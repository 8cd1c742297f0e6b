"""Round 21: the readings judged again against the book, and the silent choices written down.

Each test holds one reading as a table would take it (docs/rules/dust.md, "The readings
judged again (round 21)")."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.dust import checks
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    ChooseKill,
    EndDay,
    GiveItem,
    UseBookSetUp,
)
from gmscreen.games.dust.powers import AVATAR, ItemDef, LocationDef, Power, RoleDef
from gmscreen.games.dust.state import DustState
from gmscreen.glossary import words_of
from gmscreen.journal.rules import RuleError
from tests.dust.app import CONSOLE, app_of, sample_campaign, seated
from tests.dust.game import (
    choose,
    dead,
    kill,
    new_game,
    night_of,
    outcome,
    player,
    resolve,
    run,
    to_night,
    told,
)
from tests.pilot import fill, opened, synchronous, to_tab, until


def test_guilt_may_send_the_kill_onto_one_of_the_scum():
    """Line 98: Guilt decides who is targeted with the night kill, and the book puts no
    limit on whom; a Scum the kill reaches dies like anyone (a table's gambit, the Scum's
    to choose). The killer is still another player than his victim."""
    state = kill(night_of(), "Eve", killer="Pat")
    assert state.kill is not None and state.kill.target == "Eve"
    assert dead(outcome(state)) == ["Eve"]
    after = resolve(state)
    assert not player(after, "Eve").alive
    with pytest.raises(RuleError, match="Night kill"):
        run(night_of(), ChooseKill("Gus", "Pat", "Pat"))
    # F1 says it as the checks do
    means = next(w.means for w in words_of("gmscreen.games.dust") if w.word == "Night kill")
    assert "one of the Scum too" in means and "anyone but its killer" in means
    killers, victims = checks.kill_choices(night_of())
    # the rest first, then the Scum, so the first offered is not one of them
    assert victims[0] == "Ann" and victims[-3:] == ["Eve", "Gus", "Pat"]
    assert set(killers) == {"Eve", "Gus", "Pat"}


def test_no_place_player_or_item_is_called_the_avatar_of_fear_in_any_case():
    """Lines 140-189: the Avatar of Fear is the horror a place's list holds. A place, a
    player or an item of that name (round 19 left the place) would make "met the Avatar of
    Fear" read two ways, so the checks refuse it, in any case."""
    state = run(DustState(), UseBookSetUp())
    for name in ("Avatar of Fear", "the avatar of fear".upper(), " Avatar  of fear"):
        with pytest.raises(RuleError, match="Avatar of Fear") as refused:
            run(state, AddLocation(LocationDef(name.strip(), 3, None, ("Gun",))))
        assert refused.value.field == "name"
    with pytest.raises(RuleError, match="Avatar of Fear"):
        run(state, AddPlayer("avatar of fear", "Cop"))
    with pytest.raises(RuleError, match="Avatar of Fear"):
        checks.verify_definition(ItemDef("AVATAR OF FEAR", ()))
    # a place whose name only holds the words is a place like any
    state = run(state, AddLocation(LocationDef("The Avatar of Fear's Den", 3, None, ("Gun",))))
    assert state.location("The Avatar of Fear's Den") is not None


@pytest.mark.parametrize("hidden", ["\x1b[31m", "\n", "\u202e", "\u200b", "\ufeff"])
def test_the_checks_refuse_a_name_with_a_character_not_shown_whatever_sent_it(hidden: str):
    """Round 19 left it: the kit's forms refuse a control character in a name, but Dust's own
    checks took one from any other sender of a command. A forum name, a place's, a role's,
    an item's or a power's name now holds none (an escape would colour the screen, a
    zero-width space make "Ann" two players)."""
    state = run(DustState(), UseBookSetUp())
    name = f"Cala{hidden}mity"
    with pytest.raises(RuleError, match="not shown") as refused:
        run(state, AddPlayer(name, "Cop"))
    assert refused.value.field == "name"
    with pytest.raises(RuleError, match="not shown"):
        run(state, AddLocation(LocationDef(name, 3, None, ("Gun",))))
    with pytest.raises(RuleError, match="not shown"):
        checks.verify_definition(ItemDef(name, ()))
    with pytest.raises(RuleError, match="not shown"):
        checks.verify_definition(RoleDef("Cop", "town", "the COP",
                                         powers=(Power(name=name, effect="investigate"),)))


def test_check_reports_a_name_another_tool_wrote_that_the_checks_refuse(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A journal written by another tool: the kit reads its control characters as visible
    stand-ins, but a zero-width space in a name, or a place called the Avatar of Fear, came
    through and `gmscreen check` said "no problems"; it names each now (exit 1)."""
    campaign = seated(tmp_path)
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    capsys.readouterr()
    assert cli.main(["check", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert '"Ann"' in text and '"The Lake"' in text
    path.write_text(text.replace('"Ann"', '"A\\u200bnn"').replace('"The Lake"',
                                                                  '"Avatar of Fear"'),
                    encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["check", str(path)]) == 1
    said = capsys.readouterr().out
    # the kit's check, every game's, tells the player's name, once, at the event naming him
    assert "the name 'A\u200bnn' holds a character that is not shown (U+200B, after 'A')" in said
    assert said.count("A\u200bnn") == 1
    assert "A place is named 'Avatar of Fear'" in said


def test_the_avatar_kills_on_every_night_from_the_third_and_night_three_places_stay_open():
    """Lines 189, 197: "the Avatar on Day 3" kills, and Day 3 places stay open for the rest
    of the game: the reading is night 3 and every night after, not night 3 alone. On night
    5 the Lake, never searched, is open and its Avatar kills; a night-1 place is closed."""
    state = to_night(night_of(), 5)
    assert state.location("The Lake") is not None
    assert "The Lake" in [loc.name for loc in state.open_locations()]
    assert "The Cafe" not in [loc.name for loc in state.open_locations()]
    result = outcome(choose(state, "Cat", scavenge="The Lake"))
    assert dead(result) == ["Cat"]
    assert not result.found


def test_guilt_may_carry_out_his_own_kill():
    """Line 98: Guilt decides which Scum performs the kill; he is one of the Scum, so he may
    name himself (the book sets no limit)."""
    state = kill(night_of(), "Ann", killer="Gus")
    assert state.kill is not None and state.kill.killer == "Gus"
    assert dead(outcome(state)) == ["Ann"]


def test_a_player_may_give_several_items_a_day_and_pass_on_one_just_received():
    """Line 30 sets no count to the gifts of a day: one giver may give two items, and the
    receiver may pass one on the same day (no limit of the app's own)."""
    state = new_game({"Cat": ("Knife", "Crowbar")})
    state = run(state, GiveItem("Cat", "Knife", "Dan"), GiveItem("Cat", "Crowbar", "Dan"),
                GiveItem("Dan", "Knife", "Van"))
    assert [h.item for h in player(state, "Cat").items] == []
    assert [h.item for h in player(state, "Dan").items] == ["Crowbar"]
    assert [h.item for h in player(state, "Van").items] == ["Knife"]


@synchronous
async def test_the_kill_form_offers_the_scum_last_marked_and_sends_a_kill_on_one(tmp_path):
    """The kill form (k) offers every other living player, the Scum last and marked so, and
    sends a kill on one of them; its words say the killer carries out the kill, never that
    he goes out (the kill does not take him out of the church: line 34 names what does)."""
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "k")
        offered = form.options_of("target")
        scum = [v for label, v in offered if label.endswith(" (Scum)")]
        assert scum and all(campaign.state.is_scum(v) for v in scum)
        assert [v for _, v in offered[-len(scum) - 1:-1]] == scum
        about = " ".join(f.about for f in form.fields)
        assert "goes out" not in about and "carries out the kill" in about
        godfather = checks.kill_decider(campaign.state)
        target = next(v for v in scum if v != godfather)
        killer = next(v for v in scum if v != target)
        await fill(pilot, killer=killer, target=target)
        await until(pilot, lambda: campaign.state.kill is not None)
        assert campaign.state.kill is not None and campaign.state.kill.target == target


def test_a_place_left_with_only_the_avatar_is_not_emptied_the_avatar_waits_there():
    """Lines 183, 197 speak of the last item and an emptied place; the book's Avatars never
    come last, so only a place the moderator made can be left with the Avatar alone. The
    reading: it is not emptied (the Avatar waits to be met), the taker of the last item is
    not told nothing is left, and the place stays open; the next scavenger meets it."""
    state = run(new_game(), AddLocation(LocationDef("The Mine", 1, None, ("Gun", AVATAR))),
                EndDay())
    result = outcome(choose(state, "Cat", scavenge="The Mine"))
    assert "nothing more" not in told(result, "Cat")
    state = resolve(choose(state, "Cat", scavenge="The Mine"))
    mine = state.location("The Mine")
    assert mine is not None and mine.entries == (AVATAR,) and mine.emptied is None
    state = to_night(state, 2)
    assert "The Mine" in [loc.name for loc in state.open_locations()]
    result = outcome(choose(state, "Dan", scavenge="The Mine"))
    assert "fled back to the church with nothing more" in told(result, "Dan")
