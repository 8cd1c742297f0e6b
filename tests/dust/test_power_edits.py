"""A power corrected once the game is on: only the powers change, each keeps its name, the
event says what changed, and the next night follows the corrected power."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from textual.widgets import DataTable, Static

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    ChooseNight,
    DefineItem,
    DefineRole,
    EndDay,
    UseBookSetUp,
)
from gmscreen.games.dust.powers import AVATAR, ItemDef, Power, RoleDef
from gmscreen.games.dust.state import DustState, NightChoice
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, answer, app_of, pane, question, sample_campaign
from tests.dust.game import choose, new_game, night_of, outcome, run, use
from tests.pilot import fill, synchronous, to_tab, until


def cop(state: DustState) -> RoleDef:
    role = state.role("Cop")
    assert role is not None
    return role


def gun(state: DustState) -> ItemDef:
    item = state.item("Gun")
    assert item is not None
    return item


def with_power(holder, power: str, **changes):
    return replace(holder, powers=tuple(replace(p, **changes) if p.name == power else p
                                        for p in holder.powers))


def logged(state: DustState, command) -> str:
    # the correction first; the messages to the players it concerns follow it
    new, *_ = RULES.decide(state, command)
    return RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))


def test_a_role_power_corrected_mid_game_is_journaled_with_what_changed():
    state = new_game()
    edited = with_power(cop(state), "Interrogate", uses=2, exclusive=False)
    assert logged(state, DefineRole(edited)) == (
        "The moderator corrects the Cop role in play: Interrogate: exclusive yes \u2192 no; "
        "Interrogate: uses every night \u2192 2.")
    state = run(state, DefineRole(edited))
    power = cop(state).power("Interrogate")
    assert power is not None and power.uses == 2
    added = replace(edited, powers=(*edited.powers, Power("Stakeout", "watch", "Watch.",
                                                          target="other")))
    assert "Stakeout added (night): Watch." in logged(state, DefineRole(added))


def test_a_corrected_item_power_rules_the_next_night():
    # the book's Gun needs its target outside; corrected to reach him anywhere
    day = new_game({"Cat": ("Gun",)})
    state = choose(run(day, EndDay()), "Cat", use("Gun", "Gunshot", "Dan"))
    assert "Dan" not in [d.player for d in outcome(state).deaths]
    fixed = with_power(gun(day), "Gunshot", works_if_target="any")
    assert "Gunshot: works if target \u201cout\u201d \u2192 \u201cany\u201d" in logged(
        day, DefineItem(fixed))
    # at night too: the moderator corrects it before resolving
    state = run(state, DefineItem(fixed))
    assert [d.player for d in outcome(state).deaths] == ["Dan"]


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: with_power(r, "Interrogate", name="Question"), "Interrogate keeps its name"),
    (lambda r: replace(r, alignment="scum"), "only the role's powers change"),
    (lambda r: replace(r, text="Another text."), "only the role's powers change"),
    (lambda r: replace(r, name="Sheriff"), "there is no role named 'Sheriff'"),
    (lambda r: r, "powers are unchanged"),
])
def test_a_mid_game_edit_beyond_the_powers_is_refused(change, says):
    state = new_game()
    with pytest.raises(RuleError, match="Powers") as refused:
        RULES.decide(state, DefineRole(change(cop(state))))
    assert says in str(refused.value)


def test_no_power_is_edited_once_the_game_is_over():
    state = night_of()
    over = replace(state, phase="over", winner="town")
    with pytest.raises(RuleError, match="Game over"):
        RULES.decide(over, DefineItem(with_power(gun(state), "Gunshot", uses=2)))


# -- a power the night can resolve (found by tests/dust/test_fuzz_deep.py) ------------------


@pytest.mark.parametrize(("power", "changes", "says"), [
    # an investigation aimed at nobody reads nobody's side (it raised a KeyError)
    ("Interrogate", {"target": "none"}, "Interrogate (investigate) acts on a player"),
    # a turn needs the player turned and the one his actions go to (an IndexError)
    ("Interrogate", {"effect": "redirect"}, "it takes two targets"),
    ("Interrogate", {"target": "two"}, "only a turn (redirect) takes two"),
])
def test_a_night_power_that_acts_on_a_player_must_be_aimed_set_up_or_in_play(
        power, changes, says):
    set_up = run(DustState(), UseBookSetUp())
    for state in (set_up, new_game(), night_of()):
        with pytest.raises(RuleError, match="Targets") as refused:
            RULES.decide(state, DefineRole(with_power(cop(state), power, **changes)))
        assert says in refused.value.message and refused.value.field == "target"
    # the book's Paranoia turns with two targets; a power that acts on nobody aims at nobody
    paranoia = set_up.role("Paranoia")
    assert paranoia is not None and RULES.decide(set_up, DefineRole(paranoia))
    alert = run(set_up, DefineRole(with_power(cop(set_up), "Interrogate", effect="alert",
                                              target="none")))
    assert cop(alert).powers[0].effect == "alert"


@pytest.mark.parametrize(("holder", "changes", "rule", "field"), [
    ("role", {"alignment": "outlaw"}, "Roles", "alignment"),
    ("role", {"win": "gold"}, "Roles", "win"),
    ("role", {"name": " "}, "Roles", "name"),
    ("item", {"uses": 0}, "Items", "uses"),
    ("power", {"uses": 0}, "Powers", "uses"),
    ("power", {"effect": "fly"}, "Powers", "effect"),
    ("power", {"church": "burning"}, "Powers", "church"),
    ("power", {"name": ""}, "Powers", "powers"),
    # a use count past any game's nights is a slip of the keys (a journal could not even
    # hold 10**23): refused by name, not by the journal's 64-bit safety net
    ("item", {"uses": 100}, "Items", "uses"),
    ("power", {"uses": 10**23}, "Powers", "uses"),
])
def test_a_role_or_item_the_tables_could_not_hold_is_refused_by_a_rule(
        holder, changes, rule, field):
    # the journal's own check of the payload is a safety net: the game's rules speak first
    set_up = run(DustState(), UseBookSetUp())
    for state in (set_up, night_of()):
        command: DefineItem | DefineRole
        if holder == "item":
            command = DefineItem(replace(gun(state), **changes))
        elif holder == "role":
            command = DefineRole(replace(cop(state), **changes))
        else:
            command = DefineRole(with_power(cop(state), "Interrogate", **changes))
        with pytest.raises(RuleError) as refused:
            RULES.decide(state, command)
        assert (refused.value.rule, refused.value.field) == (rule, field)


def test_the_avatar_of_fear_is_never_an_item():
    state = run(DustState(), UseBookSetUp())
    with pytest.raises(RuleError, match="Items") as refused:
        RULES.decide(state, DefineItem(ItemDef(AVATAR, ())))
    assert refused.value.field == "name"


def test_a_correction_at_night_cannot_unmake_an_action_already_sent():
    night = choose(night_of(), "Rev", use("Reverend", "Vigil", "Gus"))
    vigil = night.role("Reverend")
    assert vigil is not None
    # Vigil made a turn now takes two players: the one already aimed at Gus would crash
    # the night, and a Vigil made to need the lit church would not work on a dark one
    for changes in ({"effect": "redirect", "target": "two"}, {"church": "lit"}):
        with pytest.raises(RuleError, match="Powers") as refused:
            RULES.decide(night, DefineRole(with_power(vigil, "Vigil", **changes)))
        assert "Rev's night action tonight would no longer stand" in refused.value.message
        assert refused.value.field == "powers"
    # once Rev's action is sent again without it, the correction goes through
    cleared = run(night, ChooseNight(NightChoice("Rev")))
    turned = run(cleared, DefineRole(with_power(vigil, "Vigil", church="lit")))
    assert turned.role("Reverend") != vigil
    # a correction the action still fits is taken at once
    assert run(night, DefineRole(with_power(vigil, "Vigil", uses=3))).choice("Rev") is not None


@synchronous
async def test_the_characters_tab_corrects_a_power_in_play_after_asking(tmp_path):
    campaign = sample_campaign(tmp_path)
    assert campaign.state.phase == "day"
    before = campaign.state
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        names = [p.name for p in campaign.state.players]
        characters.query_one("#dust-players", DataTable).move_cursor(
            row=names.index("Marshal Bass"))
        await pilot.pause()
        # said no: nothing changes
        await fill(pilot, "e", power="Interrogate")
        await fill(pilot, uses="2")
        assert question(app) == (
            "Correct the Interrogate power of the Cop role in play? The corrected power is "
            "sent to Marshal Bass (the Posts tab lists it). The log shows the change; ctrl+z "
            "takes it back.")
        await answer(pilot, yes=False)
        assert campaign.state == before
        # said yes: journaled, in the log, and one ctrl+z away
        await fill(pilot, "e", power="Interrogate")
        await fill(pilot, uses="2")
        await answer(pilot)
        role = campaign.state.role("Cop")
        assert role is not None and [p.uses for p in role.powers] == [2]
        assert campaign.describe(campaign.events[-2]) == (
            "The moderator corrects the Cop role in play: Interrogate: uses every night "
            "\u2192 2.")
        assert campaign.describe(campaign.events[-1]) == (
            "Day 1: message to Marshal Bass: The moderator corrects your role's power: "
            "Interrogate (night, exclusive, target in the church, 2 uses): Learn the "
            "alignment of a target who stays in the church.")
        detail = str(characters.query_one("#dust-detail-text", Static).render())
        assert "Interrogate (night, exclusive, target in the church, 2 uses, 2 left)" in detail
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state == before)


def test_a_role_power_given_limited_uses_in_play_counts_each_use_it_is_put_to():
    # line 38: a role power with limited uses, once expended, does not come back; every
    # kind of power counts, not only those whose effect the night spends by name
    from gmscreen.games.dust.commands import DefineRole, EndDay
    from tests.dust.game import choose, new_game, resolve, run, use

    state = new_game()
    for name in ("Cop", "Night Watchman"):
        role = state.role(name)
        assert role is not None
        state = run(state, DefineRole(replace(role, powers=tuple(replace(p, uses=1)
                                                                 for p in role.powers))))
    state = run(state, EndDay())
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    state = choose(state, "Wat", use("Night Watchman", "Keep Watch", "Pat"))
    state = run(resolve(state), EndDay())
    for name, source, power in (("Ann", "Cop", "Interrogate"),
                                ("Wat", "Night Watchman", "Keep Watch")):
        with pytest.raises(RuleError, match="Uses"):
            choose(state, name, use(source, power, "Eve"))


# -- a correction in play is sent to the players it concerns ---------------------------------


def test_a_role_power_corrected_in_play_is_sent_to_each_living_player_of_the_role():
    state = new_game()
    state = run(state, DefineRole(with_power(cop(state), "Interrogate", uses=2)))
    (sent,) = [m for m in state.messages if m.when == "Day 1" and m.player == "Ann"][-1:]
    assert sent.lines == ("The moderator corrects your role's power:",
                          "Interrogate (night, exclusive, target in the church, 2 uses): "
                          "Learn the alignment of a target who stays in the church.")
    # nobody else is told; the role card stands as sent, the player's page shows the new
    assert [m.player for m in state.messages if "corrects" in m.lines[0]] == ["Ann"]


def test_an_item_power_corrected_in_play_is_sent_to_each_living_holder_only():
    from gmscreen.games.dust.commands import ModKill
    state = new_game({"Cat": ("Gun",), "Dan": ("Gun",), "Van": ("Knife",)})
    state = run(state, ModKill("Dan", "never posted"))
    fixed = with_power(gun(state), "Gunshot", works_if_target="any")
    state = run(state, DefineItem(fixed))
    told = [(m.player, m.lines) for m in state.messages if "corrects" in m.lines[0]]
    assert told == [("Cat", ("The moderator corrects the Gun's power:",
                             "Gunshot (night, exclusive, leaves the church): Kills the "
                             "target only if he leaves the church; spent once fired."))]


def test_a_correction_at_night_is_dated_that_night_and_one_before_day_1_tells_no_one():
    night = run(night_of(), DefineRole(with_power(cop(night_of()), "Interrogate", uses=2)))
    assert [(m.when, m.player) for m in night.messages if "corrects" in m.lines[0]] == [
        ("Night 1", "Ann")]
    set_up = run(DustState(), UseBookSetUp())
    edited = run(set_up, DefineRole(with_power(cop(set_up), "Interrogate", uses=2)))
    assert edited.messages == ()


def test_a_power_keeps_its_name_in_play_as_the_players_hold_it_by_that_name():
    state = new_game()
    with pytest.raises(RuleError, match="Powers") as refused:
        RULES.decide(state, DefineRole(with_power(cop(state), "Interrogate",
                                                  name="Question")))
    assert refused.value.message == (
        "once the game is on Interrogate keeps its name: the players were sent it by that "
        "name and send their night actions by it, and the uses counted refer to it; "
        "correct what it does, and its text")
    assert refused.value.field == "name"
