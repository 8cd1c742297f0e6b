"""Checked from outside (round 16): the module read in order from its first line to its
last, each rule tried from outside where a table would meet it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import (
    Attack,
    AttributeTest,
    ChooseSetUp,
    Discard,
    DrawCard,
    Enlist,
    Forgo,
    FoundGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.gangs import LEADER
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, recruit
from tests.devils_bluff.helpers import one_off as one_off_table
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_by_enter import pooled
from tests.devils_bluff.test_game import attack_ready, refused
from tests.pilot import Notices, about, footer_keys, opened, synchronous, to_tab, until


def one_off(folder: Path) -> Campaign[Any]:
    """The one-off sample: round 1 dealt, Sheriff Cole's turn to activate."""
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    return open_campaign(write_sample(sample, folder), rules_for)


def test_no_test_draws_a_card_while_a_sixth_card_waits_for_its_discard(
        tmp_path: Path) -> None:
    """Module line 39: a card drawn onto five held means one of those five is discarded
    at once. Sheriff Cole drew his sixth; the Test step (t) still drew the top card for a
    Command test of his, before the discard: a card turned up while he held six. Refused
    now, naming the Hand, and nothing is written; once he discards, the test goes."""
    campaign = one_off(tmp_path)
    campaign.execute(DrawCard(COLE))
    assert len(campaign.state.hand(COLE)) == 6
    path = campaign.path
    assert path is not None
    before = path.read_bytes()
    try:
        campaign.execute(AttributeTest(COLE, "CMD"))
    except RuleError as refusal:
        assert refusal.rule == "The Hand", str(refusal)
        assert "discards one of the five held before" in str(refusal)
    else:
        raise AssertionError("a test drew a card while a sixth waited for its discard")
    assert path.read_bytes() == before
    held = campaign.state.hand(COLE)
    campaign.execute(Discard(COLE, held[0].code))
    campaign.execute(AttributeTest(COLE, "CMD"))
    campaign.close()


@synchronous
async def test_t_is_refused_on_the_conflict_tab_while_a_discard_is_owed(
        tmp_path: Path) -> None:
    """The same by keys: d draws Sheriff Cole's sixth card; t then opened the Test form
    and its Send drew a card. Now t is not in the footer and, pressed, says the rule;
    the journal's bytes are as they were."""
    campaign = one_off(tmp_path)
    path = campaign.path
    assert path is not None
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")
        await until(pilot, lambda: len(campaign.state.hand(COLE)) == 6)
        await pilot.pause()
        before = path.read_bytes()
        assert "t" not in footer_keys(app)
        await pilot.press("t")
        await until(pilot, lambda: any("discards one of the five" in n.message
                                       for n in notices))
        await pilot.pause()
        assert path.read_bytes() == before
    campaign.close()


def test_the_second_of_hail_of_fire_s_attacks_let_go_is_named_alone() -> None:
    """Module line 147: Jesse Hendry's critical hit gave two free attacks; he made one and
    let the other go (w). The line said "forgoes the free attacks of Hail of Fire", as if
    both were let go; it now names the one left: the last free attack."""
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d 3c 3d 4c 4d")
    table.execute(Attack(shooter, target, hand=True))
    table.execute(Attack(shooter, target))
    activation = table.state.battle.activation  # type: ignore[union-attr]
    assert activation is not None and activation.free_attacks == 1
    (event,) = table.execute(Forgo())
    assert event.data["line"] == f"{shooter} forgoes the last free attack of Hail of Fire"


@synchronous
async def test_a_pick_from_the_pool_starts_at_a_revolver_and_says_why(tmp_path: Path) -> None:
    """Module line 173: a model picked from the pool carries the gun its miniature is shown
    with, else a revolver. The app cannot see a miniature, so the players choose the gun;
    the row's only proof was "(form default)". The Enlist form of a pick starts at the
    Revolver, and the Weapon field says the rule: the gun shown, a Revolver if none."""
    campaign = pooled(tmp_path / "pool.toml")
    campaign.execute(RollOffForPicks(typed=(("Ma", "Kh"), ("Cole", "2d"))))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        values = form.values()
        assert values.text("player") == "Ma"  # her pick, the roll-off's winner
        assert values.text("weapon") == "Revolver"
        assert values.flag("hired")
        told = about(form, "weapon")
        assert "shown with" in told and "Revolver if it shows none" in told, told
    campaign.close()


def test_a_hired_gun_takes_no_place_the_gang_s_own_models_still_need() -> None:
    """Module line 107: a one-off gang is its leader and two custom gunslingers, and hires
    the remaining seven. With one custom made, an eighth hired gun was enlisted: the gang
    stood at ten, the leader and the second custom had no room, and the game would not
    start until a hired gun was dismissed. Now the hire that would take their places is
    refused, naming them; line 99 keeps a campaign gang's place for its leader the same."""
    table = Table()
    table.execute(ChooseSetUp("one-off", "controlled choice"))
    table.execute(FoundGang("Ann", "The Reds"))
    table.execute(FoundGang("Bob", "The Blues"))
    table.execute(Enlist("Ann", recruit("Cal", "Rifle", "Quick", "Deadly", "Tough")))
    for n in range(7):
        table.execute(Enlist("Ann", recruit(f"Hired {n}", hired=True)))
    refusal = refused(table, Enlist("Ann", recruit("Hired 7", hired=True)), "One-off gang")
    assert refusal.message == (
        "a one-off gang hires 7: The Reds keeps its last 2 places for its Gang Leader and "
        "the custom gunslinger with 2 levels, still to enlist")
    assert refusal.field == "hired"
    table.execute(Enlist("Ann", recruit("Ann", "Shotgun", "Quick", "Deadly", "Tough", "Deft",
                                        unit=LEADER)))
    table.execute(Enlist("Ann", recruit("Jim", "Revolver", "Quick", "Deadly")))
    assert len(table.state.gang("Ann").fighters) == 10  # type: ignore[union-attr]
    # a campaign gang: nine hired guns at most beside the leader still to make
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ann", "The Reds"))
    table.execute(FoundGang("Bob", "The Blues"))
    for n in range(9):
        table.execute(Enlist("Ann", recruit(f"Hired {n}", hired=True)))
    assert refused(table, Enlist("Ann", recruit("Hired 9", hired=True)),
                   "Campaign gang").message == (
        "a campaign gang hires up to 9: The Reds keeps its last place for its Gang Leader, "
        "still to enlist")
    table.execute(Enlist("Ann", recruit("Ann", "Revolver", "Quick", unit=LEADER)))


def test_no_card_is_drawn_once_neither_player_has_a_model_to_activate() -> None:
    """Module line 39: a player out of models draws only while the other still has models
    to activate. Once every model of both gangs has activated, neither draws: the next
    cards come with the next round's deal. Checked from outside (d and D refused, the
    journal's bytes the same); no test held it."""
    table = one_off_table()
    for player in (HENDRY, COLE):
        gang = table.state.gang(player)
        assert gang is not None
        table.state = table.state.with_gang(replace(gang, fighters=tuple(
            replace(f, activated=True) for f in gang.fighters)))
    battle = table.state.battle
    assert battle is not None
    table.state = replace(table.state, battle=replace(battle, turn=""))
    for player in (HENDRY, COLE):
        assert refused(table, DrawCard(player), "The Hand").message == (
            "every model has activated: the next cards come with the next round")
