"""The third play test, a whole campaign session by keys: what got in the Dealer's way,
each played through the rules or the pane (the notes are /tmp/h/devils_bluff-play.md)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.core.cards import Deck
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.aftermath import why_not_keep, why_not_level
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    DrawCard,
    EndActivation,
    EndGame,
    Enlist,
    FoundGang,
    Move,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import RESHUFFLED
from gmscreen.games.devils_bluff.gangs import abilities, gun_names, weapons
from gmscreen.games.devils_bluff.hiring import abilities_on_enlist
from gmscreen.games.devils_bluff.sample import COLE, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.view import episode, table_tells
from gmscreen.glossary import find, words_of
from gmscreen.journal import recap
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import (
    Table,
    campaign,
    campaign_sample,
    one_off,
    pick,
    recruit,
    unshuffled,
)
from tests.devils_bluff.test_book import with_tokens
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_third_look import fresh
from tests.devils_bluff.test_typed import played_out
from tests.pilot import Notices, footer_keys, opened, screen_text, set_field, to_tab, until

LEADER = "Gang Leader"


def one_off_gang() -> Table:
    """A one-off, Ann's gang founded and empty."""
    table = Table()
    table.execute(ChooseSetUp("one-off", "controlled choice"))
    table.execute(FoundGang("Ann", "The Cartwrights"))
    return table


# -- the enlist form offers only the abilities the rules allow (module line 124) -------------


def test_an_enlisted_model_may_hold_an_ability_only_from_its_third_level() -> None:
    table = one_off_gang()
    assert abilities_on_enlist(table.state, "Ann", 2) == (
        [], "2 perks ticked, and an ability comes with the 3rd level")
    assert abilities_on_enlist(table.state, "Ann", 0, hired=True)[0] == []
    assert abilities_on_enlist(table.state, "Ann", 3) == (list(abilities()), "")
    # every ability offered is one the rules take; one held in the gang is offered no more
    table.execute(Enlist("Ann", recruit("Ben", "Rifle", "Quick", "Deft", "Tough", "Deadly",
                                        ability="Return Fire", unit=LEADER)))
    able, why = abilities_on_enlist(table.state, "Ann", 3)
    assert "Return Fire" not in able and len(able) == len(abilities()) - 1 and why == ""
    table.execute(Enlist("Ann", recruit("Adam", "Revolver", "Quick", "Deft", "Tough",
                                        ability=able[0])))


def test_an_ability_the_rules_do_not_offer_is_refused_naming_the_rule() -> None:
    table = one_off_gang()
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ann", recruit("Adam", "Revolver", "Quick", "Deft",
                                            ability="Hail of Fire")))
    assert refused.value.rule == "Abilities" and refused.value.field == "ability"
    assert "ability comes with the 3rd level" in str(refused.value)
    assert table.state == before


def test_the_enlist_form_offers_an_ability_only_when_the_perks_ticked_allow(
        tmp_path: Path) -> None:
    asyncio.run(_enlist_form_abilities(tmp_path))


async def _enlist_form_abilities(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("one-off", "controlled choice"),
                     FoundGang("Ann", "The Cartwrights"),
                     Enlist("Ann", recruit("Ben", "Rifle", "Quick", "Deft", "Tough",
                                           "Deadly", ability="Return Fire", unit=LEADER)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")

        def offered() -> list[str]:
            return [value for _, value in form.options_of("ability") if value]

        def preview() -> str:
            return str(form.query_one("#form-preview").render())

        # a hired gun, as the form opens: no ability, and why
        assert offered() == []
        await until(pilot, lambda: "a hired gun has no levels" in preview())
        # a custom gunslinger of two levels: still none, and why
        set_field(form, "hired", False)
        set_field(form, "perks", ("Quick", "Deft"))
        await until(pilot, lambda: "2 perks ticked" in preview())
        assert offered() == []
        # a third perk: every ability but the one Ben holds
        set_field(form, "perks", ("Quick", "Deft", "Tough"))
        await until(pilot, lambda: offered() != [])
        assert offered() == [a for a in abilities() if a != "Return Fire"]
        set_field(form, "ability", "Precise Shot")
        await until(pilot, lambda: preview().startswith("Precise Shot"))
        # a perk taken off: the ability chosen is no longer offered, nor sent
        set_field(form, "perks", ("Quick", "Deft"))
        await until(pilot, lambda: offered() == [])
        assert form.values().text("ability") == ""
    campaign.close()


# -- the aftermath's keys say the rule on the model highlighted, opening nothing --------------


def test_a_level_or_a_keep_the_rules_refuse_is_said_before_any_form(tmp_path: Path) -> None:
    asyncio.run(_aftermath_keys(tmp_path))


async def _aftermath_keys(tmp_path: Path) -> None:
    campaign = campaign_sample(tmp_path)
    campaign.execute(EndGame())
    hired = next(f.name for g in campaign.state.gangs for f in g.fighters if f.recruit.hired)
    leader = next(f.name for g in campaign.state.gangs for f in g.fighters
                  if f.recruit.unit == LEADER)
    # the rules: a hired gun gains no level; a permanent model is not kept
    assert why_not_level(campaign.state, hired) is not None
    assert why_not_keep(campaign.state, leader) is not None
    assert why_not_level(campaign.state, leader) is None
    assert why_not_keep(campaign.state, hired) is None
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        before = len(campaign.events)
        pick(pilot, "#bluff-roster", hired)
        await pilot.pause()
        assert "l" not in footer_keys(app)
        await pilot.press("l")
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form)
        said = notices.of("warning")[-1]
        assert said.title == "Experience" and "only permanent models" in said.message
        pick(pilot, "#bluff-roster", leader)
        await pilot.pause()
        assert "k" not in footer_keys(app) and "l" in footer_keys(app)
        await pilot.press("k")
        await until(pilot, lambda: len(notices.of("warning")) == 2)
        assert notices.of("warning")[-1].title == "Joining for good"
        assert "already permanent" in notices.of("warning")[-1].message
        assert len(campaign.events) == before
        # once levelled, the leader is refused a second level after the same game
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("l")
        await until(pilot, lambda: len(notices.of("warning")) == 3)
        assert "has gained a level after this game" in notices.of("warning")[-1].message
        assert not isinstance(app.screen, Form)
    campaign.close()


# -- an attack's line says the suppression tokens it gave and why (digest 3.4, 3.5) ----------


def hattie_ready() -> tuple[Table, str, str]:
    """Sheriff Cole's Hattie (a Rifle: Suppressing) activating, Dutch (DEF 7) in the open."""
    table = one_off()
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Hattie"))
    return table, "Hattie", "Dutch"


def test_an_evasion_s_token_is_said_in_the_attack_s_line() -> None:
    # the first rules' reading: evading costs a token even when every test misses
    table, shooter, target = attack_ready()
    table.stack("2c 3c")
    (shot,) = table.execute(Attack(shooter, target, evading=True))
    assert shot.data["hits"] == 0 and table.fighter(target).tokens == 1
    assert "a token to Dutch for evading (1 now)" in shot.data["line"]
    # no evasion, no token, and nothing said of one
    table, shooter, target = attack_ready()
    table.stack("2c 3c")
    (shot,) = table.execute(Attack(shooter, target))
    assert "token" not in shot.data["line"]


def test_suppressing_s_token_and_an_evasion_s_are_said_together() -> None:
    table, shooter, target = hattie_ready()
    table.stack("Kc 2d")  # a hit; the Defence test fails even at +2
    (shot,) = table.execute(Attack(shooter, target, evading=True))
    assert table.fighter(target).tokens == 2
    assert "2 tokens to Dutch for Suppressing and evading (2 now)" in shot.data["line"]
    # a model holding two takes no more, and the line says why none came
    table, shooter, target = hattie_ready()
    with_tokens(table, target, 2)
    table.stack("Kc Kd")
    (shot,) = table.execute(Attack(shooter, target))
    assert table.fighter(target).tokens == 2
    assert "no token to Dutch for Suppressing: Dutch holds 2 already" in shot.data["line"]


# -- a Draw Deck run out is said where it happened (module line 33) ---------------------------


def test_the_line_of_an_event_that_ran_the_draw_deck_out_says_it() -> None:
    table, shooter, target = attack_ready()
    deck = table.state.deck
    # one card left in the Draw Deck: the attack's second card comes from the discards
    table.state = replace(table.state, deck=Deck(deck.order[:1],
                                                 (*deck.discards, *deck.order[1:])))
    (shot,) = table.execute(Attack(shooter, target, order_by=unshuffled()))
    told = RULES.describe(shot)
    assert told.endswith(RESHUFFLED) and told.count(RESHUFFLED) == 1
    # an attack that finds its cards in the pile: nothing said
    table_, shooter_, target_ = attack_ready()
    (plain,) = table_.execute(Attack(shooter_, target_))
    assert RESHUFFLED not in RULES.describe(plain)
    table.execute(EndActivation(shooter))
    # a new round dealt from an empty pile says it in the log and in the recap
    played_out(table)
    deck = table.state.deck
    table.state = replace(table.state, deck=Deck((), (*deck.discards, *deck.order)))
    (round_,) = table.execute(StartRound(unshuffled()))
    assert RESHUFFLED in RULES.describe(round_)
    assert RESHUFFLED in (table_tells(round_) or "")


def test_a_game_ended_early_says_why_in_the_log_and_the_recap() -> None:
    table, _, _ = attack_ready()
    # Eli Crane's activation under way ends first (round 17), then the game
    (*_, ended) = table.execute(EndGame("Ann's gang runs for the hills"))
    assert RULES.describe(ended).endswith("(Ann's gang runs for the hills)")
    assert (table_tells(ended) or "").endswith("(Ann's gang runs for the hills)")


# -- the Test form's attribute: one of the four, CMD chosen, never a blank --------------------


def test_a_test_of_no_attribute_is_refused_saying_what_to_choose() -> None:
    table, shooter, _ = attack_ready()
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.execute(AttributeTest(shooter, ""))
    assert refused.value.rule == "Tests" and refused.value.field == "attribute"
    assert "choose the attribute tested: SKL, DEF or CMD" in str(refused.value)
    assert "''" not in str(refused.value) and table.state == before


def test_the_test_form_offers_the_attributes_side_by_side(tmp_path: Path) -> None:
    asyncio.run(_test_form(tmp_path))


async def _test_form(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pilot.app.screen.query_one("#bluff-models").focus()
        form = await opened(pilot, "t")
        attribute = next(f for f in form.fields if f.key == "attribute")
        assert attribute.kind == "one"
        # MOV is inches, no number a card must reach (testing.TESTED)
        assert [value for _, value in form.options_of("attribute")] == ["SKL", "DEF", "CMD"]
        assert form.values().text("attribute") == "CMD"
    campaign.close()


# -- a card drawn in an activation does not split that activation's paragraph -----------------


def test_a_card_drawn_while_a_model_acts_is_told_in_its_paragraph(tmp_path: Path) -> None:
    table, shooter, _ = attack_ready()
    (drawn, *_) = table.execute(DrawCard(COLE, discard=table.state.hand(COLE)[0].code))
    assert drawn.data["activating"] == shooter
    assert episode(drawn) == f"{shooter} activates."
    # drawn between activations: a paragraph of none
    table.execute(EndActivation(shooter))
    turn = table.state.battle.turn  # type: ignore[union-attr]
    hand = table.state.hand(turn)
    (between, *_) = table.execute(DrawCard(turn, discard=hand[0].code if len(hand) >= 5
                                           else ""))
    assert episode(between) is None
    # an old journal's draw (no activating) reads as it did
    old = replace(drawn, data={k: v for k, v in drawn.data.items() if k != "activating"})
    assert episode(old) is None
    # the recap, as a session: the model's heading once, the draw between its two moves
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    state: DevilsBluffState = campaign.state
    assert state.battle is not None
    turn = state.battle.turn
    gang = state.gang(turn)
    assert gang is not None
    mover = next(f.name for f in gang.fighters if not f.activated and f.hp > 0)
    session = campaign.events[-1].session
    campaign.execute(Activate(mover))
    campaign.execute(Move(mover, "Advance"))
    held = state.hand(turn)
    campaign.execute(DrawCard(turn, discard=held[0].code if len(held) >= 5 else ""))
    campaign.execute(Move(mover, "Rush"))
    told = render(recap.build(campaign, session, view), "txt")
    assert told.count(f"{mover} activates.") == 1, told
    campaign.close()


# -- a session begun with an aftermath still open says what comes first ----------------------


def test_a_session_begun_with_the_aftermath_open_says_so() -> None:
    table = campaign()
    # a game under way is said instead (test_first_hour)
    assert (RULES.session_begun(table.state) or "").startswith("Under way: game 1")
    table.execute(EndGame())
    told = RULES.session_begun(table.state)
    # "First game 1's aftermath" read as the campaign's first game: the aftermath is named
    # before what it asks to be done first
    assert told is not None and told.startswith("Game 1's aftermath comes first, on the "
                                                "Characters tab"), told
    # each step by its name, as the footer and the palette call it: a key named here
    # stayed the book's where the Dealer had set another (round 25)
    assert ("(Level up)" in told and "(Keep hired)" in told and "then Close aftermath" in told)
    table.execute(CloseAftermath())
    assert RULES.session_begun(table.state) is None


# -- every weapon rule the attack's line and the forms name has a glossary entry -------------


def test_every_weapon_its_numbers_and_its_rules_are_in_the_glossary() -> None:
    words = words_of("gmscreen.games.devils_bluff")
    named = {"RNG", "ATT", "DMG", "PRC"}
    for weapon in weapons().values():
        named |= {weapon.name, *weapon.rules}
        named |= {rule.split(" (")[0] for rule in weapon.rules}
    assert [w for w in sorted(named) if find(words, w) is None] == []


# -- the Enlist form's weapons carry their numbers (module lines 181-186) ---------------------


def test_the_enlist_form_names_each_gun_with_its_numbers(tmp_path: Path) -> None:
    asyncio.run(_enlist_weapons(tmp_path))


async def _enlist_weapons(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("one-off", "controlled choice"),
                     FoundGang("Ann", "The Cartwrights"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        offered = dict((value, label) for label, value in form.options_of("weapon"))
        assert list(offered) == gun_names() and form.values().text("weapon") == "Revolver"
        for name, label in offered.items():
            gun = weapons()[name]
            numbers = (f'RNG {gun.rng}"', f"ATT {gun.att}", f"DMG {gun.dmg}",
                       f"PRC {gun.prc}", *gun.rules)
            assert label.startswith(name) and all(n in label for n in numbers), label
        # the box shows the chosen gun's numbers whole at 80 columns
        assert offered["Revolver"] in screen_text(app)
    campaign.close()
