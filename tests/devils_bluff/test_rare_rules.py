"""The rules a table meets once a campaign, played where they arise (a fourteenth look).

Return Fire (module line 155): the shot back is the defending model's, made at once and at
the model that attacked it; the attacking side cannot end its activation over it, and the
shot cannot be turned on another model. F1 (the help) says what a rare moment needs: the
ladder of hands a laid hand is named by, a lone hand of less than a pair failing, Shrug it
Off healing no higher than the model's own HP, and Rush needing no Advance."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.combat import targets
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    EndActivation,
    Forgo,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import abilities, close_combat_weapon
from gmscreen.games.devils_bluff.hands import NAMES
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.glossary import Word
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, table_sections
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_panes import said, select_row, table_app
from tests.pilot import fill, glossary_entry, to_tab, until


def shot_back_waiting() -> tuple[Table, str, str]:
    """Eli Crane's two hits on Sheriff Cole (given Return Fire), whose player lays three
    Jacks for the Defence test: Cole may shoot back at Eli Crane."""
    table, shooter, _ = attack_ready()
    target = "Ma Hendry"
    given_ability(table, target, "Return Fire")
    table.give(HENDRY, "Jc Jd Jh 4s 6c")
    table.stack("Kc Qc")
    table.execute(Attack(shooter, target, defender_hand=True))
    assert table.state.battle is not None
    assert table.state.battle.return_fire == (target, shooter)
    return table, shooter, target


def test_the_attacker_cannot_end_its_activation_over_a_shot_back() -> None:
    table, shooter, target = shot_back_waiting()
    error = refused(table, EndActivation(shooter), "Return Fire")
    assert target in error.message and shooter in error.message
    # the shot's player lets it go: then the attacker's side may end its activation
    table.execute(Forgo())
    table.execute(EndActivation(shooter))
    assert table.fighter(shooter).activated


def test_the_shot_back_is_at_the_model_that_attacked() -> None:
    table, shooter, target = shot_back_waiting()
    other = next(name for name in targets(table.state, target) if name != shooter)
    error = refused(table, Attack(target, other), "Return Fire")
    assert error.field == "target" and shooter in error.message
    table.execute(Attack(target, shooter))
    assert table.state.battle is not None and table.state.battle.return_fire is None


def test_a_shot_back_at_an_attack_made_up_close_is_made_up_close() -> None:
    """Digest 3.1 with module line 155: Eli Crane fought Ma Hendry within 1", so her shot
    back comes from within 1" too, where a gun gives way to fists and knives (one attack,
    1 damage), whether or not the Dealer ticks it; a shot back at an attack from afar is
    not made up close either."""
    table, shooter, _ = attack_ready()
    target = "Ma Hendry"
    given_ability(table, target, "Return Fire")
    table.give(HENDRY, "Jc Jd Jh 4s 6c")
    table.stack("Kc")
    table.execute(Attack(shooter, target, assault_range=True, defender_hand=True))
    table.stack("Kd Qd 2c 2d")
    (event,) = table.execute(Attack(target, shooter))
    assert event.data["weapon"] == close_combat_weapon().name
    assert event.data["skill"] == ["Kd"]
    table, shooter, target = shot_back_waiting()
    table.stack("Kd Qd 2c 2d")
    (event,) = table.execute(Attack(target, shooter, assault_range=True))
    assert event.data["weapon"] == table.fighter(target).recruit.weapon


def test_a_fearless_model_s_hand_that_fails_is_not_drawn_again() -> None:
    """Reading (digest 1.2, 4; module 43-47): Fearless draws a failed Command test's card
    again; a hand laid instead of the card is no draw, so when it fails (beaten by the hand
    laid against it) no card is drawn. The line says so, for the table expecting one."""
    table, _, _ = attack_ready()  # Sheriff Cole's turn, Eli Crane activating
    table.execute(EndActivation("Eli Crane"))
    table.execute(Activate("Dutch"))
    table.execute(EndActivation("Dutch"))
    table.execute(Activate("Sheriff Cole"))
    assert table.fighter("Sheriff Cole").rule_value("Fearless")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.give(HENDRY, "Jc Jd 3h 4s 6c")
    deck = table.state.deck.order
    (event,) = table.execute(AttributeTest("Sheriff Cole", "CMD", hand=True,
                                           contest=(HENDRY,)))
    assert event.data["outcome"] == "failure" and table.state.deck.order == deck
    assert "Fearless draws no card again after a laid hand" in event.data["line"]


def table_screen(table: Table) -> str:
    """The players' screen's text (their half of the view), its lines joined."""
    return "\n".join(line for section in table_sections(view.table_knows(table.state))
                     if isinstance(section, Lines) for line in section.lines)


def test_the_players_screen_says_a_shot_back_and_free_attacks_wait() -> None:
    """Module 147, 155: the shot back is Ma Hendry's player's to take or let go at once,
    Hail of Fire's attacks Sheriff Cole's: the table must see they wait (the Dealer's
    status said it, the players' screen only that Eli Crane was activating)."""
    table, shooter, target = shot_back_waiting()
    shown = table_screen(table)
    assert f"{target} may shoot back at {shooter}" in shown and "Return Fire" in shown
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    assert f"{shooter}: 2 free attacks of Hail of Fire" in table_screen(table)


def in_deck(campaign: Campaign[Any], ranks: str) -> str:
    """Cards of these ranks ("J J 4") still in the Draw Deck, each a different one."""
    free = [c.code for c in campaign.state.deck.order]
    picked = []
    for rank in ranks.split():
        picked.append(next(c for c in free if c[:-1] == rank and c not in picked))
    return " ".join(picked)


def dealt_anew(folder: Path, hendry: str, cole: str) -> Campaign[Any]:
    """The one-off sample, its first round dealt again from the table's cards (the app's
    deal undone): Ma Hendry wins the initiative and each player holds a hand of the ranks
    given."""
    campaign = open_campaign(write_sample(SAMPLES[0], folder), rules_for)
    campaign.undo()
    dealt = in_deck(campaign, f"K K 2 2 {hendry} {cole}").split()
    campaign.execute(StartRound(shuffle_order(campaign.rng("shuffle")),
                                typed=((HENDRY, " ".join(dealt[:2])),
                                       (COLE, " ".join(dealt[2:4]))),
                                hands=((HENDRY, " ".join(dealt[4:9])),
                                       (COLE, " ".join(dealt[9:])))))
    return campaign


async def activated_by_keys(pilot: Any, name: str) -> None:
    """On the Conflict tab, `name` highlighted and activated (a, then Enter), the
    activation waited for: the next key pressed straight after Enter reached the Activate
    form, still up on a loaded machine, where the test meant the tab (round 35)."""
    await to_tab(pilot, "Conflict")
    pilot.app.screen.query_one("#bluff-models", DataTable).focus()
    await select_row(pilot, name)
    await pilot.press("a", "enter")

    def acting() -> bool:
        battle = pilot.app.campaign.state.battle
        return (battle is not None and battle.activation is not None
                and battle.activation.fighter == name
                and not isinstance(pilot.app.screen, Form))
    await until(pilot, acting)


def test_the_shot_back_by_keys(tmp_path: Path) -> None:
    asyncio.run(_the_shot_back_by_keys(tmp_path))


async def _the_shot_back_by_keys(tmp_path: Path) -> None:
    """Dutch shoots at Sheriff Cole (Return Fire), who lays three Jacks to save: e is
    refused naming Return Fire, and f opens Cole's shot back at Dutch alone."""
    campaign = dealt_anew(tmp_path, "3 5 7 9 Q", "J J J 4 6")
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await activated_by_keys(pilot, "Dutch")
        await fill(pilot, "f", target="Sheriff Cole", defender_hand=True,
                   typed=in_deck(campaign, "K Q"))
        assert campaign.state.battle is not None
        assert campaign.state.battle.return_fire == ("Sheriff Cole", "Dutch"), said(notices)
        events = len(campaign.events)
        since = len(notices)
        await pilot.press("e")
        await pilot.pause()
        assert len(campaign.events) == events
        assert [title for title, _ in said(notices, since)] == ["Return Fire"]
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        fields = {f.key: f for f in form.fields}
        assert [choice for _, choice in fields["target"].options] == ["Dutch"]
        # the rules settle how near it is (as near as Dutch's attack) and that it cannot be
        # evaded: neither is asked
        assert "assault_range" not in fields and "evading" not in fields
        assert "Return Fire" in form.title_text


# -- The help (F1): the words of a rare moment, right by the book ------------------------------


def entry(term: str) -> Word:
    return glossary_entry("gmscreen.games.devils_bluff", term)


def test_f1_explains_every_hand_the_tabs_name_lowest_first() -> None:
    """The Conflict tab writes a laid hand as "Two Pairs, ties on 10" or "no valid hand"
    (module lines 53-89): each name is in F1, in one entry that ranks them as the module
    does, from One Pair up to Royal Flush."""
    names = list(NAMES.values())
    ladder = entry(names[0])
    assert all(entry(name) == ladder for name in [*names, "ties on", "no valid hand"])
    where = [ladder.means.index(name) for name in names]
    assert where == sorted(where)


def test_f1_says_a_lone_hand_that_is_no_hand_fails() -> None:
    """Module line 47: laid alone, a hand of less than a pair is a failure, not a draw."""
    assert "failure" in entry("Playing a hand").means


def test_f1_says_shrug_it_off_heals_no_higher_than_the_model_s_own_hp() -> None:
    """Module line 163: the 3 HP come back up to the model's own value, never past it;
    F1 and the ability's words on the Characters tab and in the level form say so."""
    assert "own" in entry("Shrug it Off").means
    assert "own" in abilities()["Shrug it Off"].summary


def test_f1_does_not_tie_a_rush_to_an_advance() -> None:
    """Digest 2.3: Rush is an action of its own, MOV less 2 (2 more a token); taken with an
    Advance it is how a model moves twice, but it needs none."""
    means = entry("Rush").means
    assert "on top of an Advance" not in means and "token" in means


def test_f1_gives_hail_of_fire_and_run_and_gun_s_free_actions_to_the_model_s_own_turn() -> None:
    """The reading (module lines 147, 159): a critical hit on a parting shot or a shot back,
    in another model's activation, brings no free Advance; F1 said it came after any
    critical hit. Round 21: Hail of Fire's free attacks come there too (line 147 names no
    activation), in the activation under way, and F1 says so."""
    assert "after a parting shot or a shot back, in the activation under way" in \
        entry("Hail of Fire").means
    assert "own activation" in entry("Run and Gun").means


def test_f1_tells_how_the_pool_s_picks_go_and_what_a_pick_carries() -> None:
    """Module line 173: a roll-off, the higher picks first, then by turns; the model comes
    with the gun its miniature shows, else a revolver."""
    means = entry("Hiring pool").means
    assert "roll-off" in means and "revolver" in means.split("pool")[-1]
