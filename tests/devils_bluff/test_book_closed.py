"""A Dealer who never read the book, at the table (round 9's first pass): what he asks
mid-session must be answered where he is. A gun's numbers (module lines 181-186) in F1,
on the Characters tab and in the Attack form where the target is chosen; what each perk
does (module lines 128-139) and each unit's starting profile (lines 113-116) in F1; and
what a game is fought over, which the book leaves empty (section 5), said in F1 too."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    ChooseSetUp,
    Deploy,
    Discard,
    DrawCard,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    Mend,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, gun_names, perks, units, weapons
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.glossary import Word, words_of
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import (
    Table,
    before_deployment,
    campaign,
    one_off,
    pick,
    recruit,
    table_sections,
)
from tests.pilot import glossary_entry, opened, set_field, synchronous, to_tab, until

CAMPAIGN = next(s for s in SAMPLES if "campaign" in s.file)

WORDS = words_of("gmscreen.games.devils_bluff")


def entry(term: str) -> Word:
    return glossary_entry("gmscreen.games.devils_bluff", term)


def numbers(name: str) -> str:
    """A gun's numbers as the weapon list gives them: 'RNG 8", ATT 2, DMG 2, PRC 1, ...'."""
    return view.weapon_line(weapons()[name]).split(": ", 1)[1]


def test_f1_gives_each_gun_its_own_entry_with_its_numbers() -> None:
    """Asked "how far does a Shotgun reach?", F1 said only that a weapon has a range."""
    for name in gun_names():
        assert entry(name).word == name
        assert numbers(name) in entry(name).means, name
    assert 'four within 8"' in entry("Revolver").means
    assert "no Rapid Fire rule" in entry("RF Rifle").means


def test_f1_says_what_each_perk_does() -> None:
    """Typing "Hunter" or "Quick" in F1 found nothing: the perks were in the level form
    alone. Each has an entry with its numbers or the rule it brings."""
    for perk in perks().values():
        means = entry(perk.name).means
        assert means.startswith(f"A perk, {view.perk_effect(perk)}:"), perk.name
    assert "12\"" in entry("Hunter").means and "-3" in entry("Fearsome").means


def test_f1_gives_each_unit_s_starting_profile() -> None:
    for unit in ("Gang Leader", "Gunslinger"):
        p = units()[unit]
        assert (f"MOV {p.mov}, SKL {p.skl}, DEF {p.defence}, CMD {p.cmd}, HP {p.hp}"
                in entry(unit).means), unit


def test_f1_says_the_book_has_no_mission_and_how_a_game_is_scored() -> None:
    means = entry("mission").means
    assert "gives none" in means and "agree the objectives" in means
    assert "higher score wins" in means and "draw" in means
    assert entry("Objective") == entry("Mission")


def test_the_characters_tab_gives_the_model_s_gun_with_its_numbers() -> None:
    state = one_off().state
    line = view.model_lines(state, "Ma Hendry")[0]
    assert f"Shotgun ({numbers('Shotgun')});" in line


def test_the_attack_form_names_the_gun_and_its_reach_where_the_target_is_chosen() -> None:
    state = one_off().state
    about = view.attack_about(state, "Ruth Cole")["target"]
    assert about.startswith(view.weapon_line(weapons()["Rifle"]))
    assert 'within 30"' in about


def test_f1_says_a_model_taken_out_plays_the_next_game() -> None:
    """Asked "is he dead?", F1 said only that a model at 0 HP leaves the game: the book
    has no death or lasting wound, so it stands again for the next game (the app's
    reading, in `aftermath`'s docstring), which F1 now says, found by "killed" or "death" too."""
    means = entry("Taken out").means
    assert "stands again for the next game" in means
    assert entry("killed") == entry("death") == entry("Taken out")


def test_f1_says_nothing_has_a_price() -> None:
    """Asked "what does a hired gun cost?", F1 found nothing for "price": the book has
    no money, only a gang's limits."""
    hits = [w.word for w in WORDS if "price" in w.means.lower()]
    assert hits == ["Hiring"]
    assert "no money" in entry("Hiring").means


def test_f1_says_who_gains_a_level_is_the_players_choice() -> None:
    """Module line 120 names no deed that earns a level; the app lets the players choose,
    one a model a game (`aftermath`'s reading). F1 said only what a level brings."""
    for term in ("Level", "Aftermath"):
        assert "players choose" in entry(term).means, term
        assert "no deed" in entry(term).means, term


@asynccontextmanager
async def ma_hendrys_level_form(tmp_path: Path) -> AsyncIterator[tuple[Pilot[None], Form]]:
    """The campaign sample after its first game, Ma Hendry's level form open at 80x24."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    campaign.execute(EndGame("agreed"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        yield pilot, await opened(pilot, "l")
    campaign.close()


@synchronous
async def test_the_level_form_says_who_levels_is_the_players_choice(tmp_path: Path) -> None:
    async with ma_hendrys_level_form(tmp_path) as (_, form):
        assert form.note.startswith("Who levels is the players' choice (the book names no "
                                    "deed that earns it)")


def test_the_players_screen_gives_the_guns_carried_with_their_numbers() -> None:
    """Devils Bluff has no referee: the players measure a shot and count its attacks
    themselves, and their screen gave each model's gun by name alone. Under the gangs,
    "Guns" gives each gun carried once, with its numbers, in the weapon list's order."""
    table = one_off()
    sections = table_sections(view.table_knows(table.state))
    guns = next(s for s in sections if isinstance(s, Lines) and s.title == "Guns")
    assert guns.lines == tuple(view.weapon_line(weapons()[name]) for name in gun_names())
    # a gun nobody carries is left out
    assert view.gun_lines(m for m in view.table_knows(table.state).models
                          if m.weapon == "Shotgun") == [view.weapon_line(weapons()["Shotgun"])]


@synchronous
async def test_the_level_form_says_what_the_rule_of_the_perk_chosen_does(
        tmp_path: Path) -> None:
    """The level form offers "Hunter: Scout", "Veteran: Fearless": what Scout or Fearless
    does was in F1 alone. Chosen, the rule's perk says it under the fields; a perk of
    numbers says itself in its choice, and nothing is added."""
    async with ma_hendrys_level_form(tmp_path) as (pilot, form):
        def preview() -> str:
            return str(form.query_one("#form-preview").render())

        set_field(form, "perk", "Hunter")
        await until(pilot, lambda: preview().startswith("Hunter gives Scout: "))
        assert "more than 12\"" in preview()
        set_field(form, "perk", "Quick")
        await until(pilot, lambda: preview() == "")


def test_while_a_one_off_gang_is_made_the_next_custom_gunslinger_wanted_is_named() -> None:
    """Module line 107: a one-off gang is its leader of 4 levels and two custom
    gunslingers of 3 and 2. With the leader and the one of 3 enlisted, the line under the
    rosters gave the whole rule again, as if nothing were made: which model the next form
    is for was the Dealer's sum. It names what is still to enlist, then the rule."""
    table = Table()
    table.execute(ChooseSetUp("one-off", "controlled choice"))
    table.execute(FoundGang("Ann", "Crows"))
    table.execute(FoundGang("Ben", "Owls"))
    table.execute(Enlist("Ann", recruit("Ma", "Revolver", "Quick", "Deft", "Tough", "Deadly",
                                        unit=LEADER)))
    assert ("Crows: the custom gunslingers with 3 and 2 levels are still to enlist (a "
            "one-off gang is") in view.campaign_lines(table.state)[0]
    table.execute(Enlist("Ann", recruit("Jo", "Revolver", "Quick", "Deft", "Tough")))
    first = view.campaign_lines(table.state)[0]
    assert "Crows: the custom gunslinger with 2 levels is still to enlist (" in first
    table.execute(Enlist("Ann", recruit("Al", "Revolver", "Quick", "Deft")))
    assert "still to enlist" not in view.campaign_lines(table.state)[0].split("Owls")[0]


def test_a_model_taken_out_stands_again_once_the_game_ends_and_may_level() -> None:
    """`aftermath`'s reading, which F1 now tells: taken out is out of that game only.
    Sheriff Cole, shot to 0 HP, stands again at his own HP once the game ends, keeps his
    level and may gain another in the aftermath; the record keeps that he fell."""
    table = campaign()
    table.execute(Mend(COLE, 0, 0, "shot"))
    assert table.fighter(COLE).out
    table.execute(EndGame("agreed"))
    cole = table.fighter(COLE)
    assert not cole.out and cole.hp == cole.profile.hp
    assert (COLE, COLE) in table.state.record[-1].taken_out
    before = cole.recruit.levels
    table.execute(GainLevel(COLE, "Tough"))
    assert table.fighter(COLE).recruit.levels == before + 1


def test_f1_gives_open_fire_s_terrain_and_sight() -> None:
    """Asked "what does slow ground cost?", F1 had nothing (digest 2.4): the app measures
    nothing, so the Dealer needs the numbers where he is. Dangerous ground is said to
    never hurt, a drawn card never being critical (module line 31)."""
    means = entry("Terrain").means
    for said in ('slow ground has 2" less', "rough ground", '1" a level up',
                 "Devils Bluff it never does"):
        assert said in means, said
    assert entry("Dangerous") == entry("Terrain")
    assert "cannot be attacked" in entry("Line of sight").means


def test_before_the_deployment_the_tabs_say_the_players_agree_the_objectives() -> None:
    """Digest 2.1: a game's set-up is a mission, terrain, deployment areas and objectives;
    neither book has a mission (module section 5 is empty). A new game said only "Press y
    to draw for who picks a deployment area": what is fought over was nowhere. Until the
    roll-off, the Conflict tab and the players' screen say the players agree it first."""
    table = before_deployment()
    # the Dealer's tab names the key that writes them down (o, round 13)
    assert view.AGREE_FIRST_KEY in view.status_lines(table.state)
    first = table_sections(view.table_knows(table.state))[0]
    assert isinstance(first, Lines)
    assert first.lines[0] == ("First the players agree the terrain, the objectives and what "
                              "each scores")
    table.execute(Deploy((), shuffle_order(table.rng("deploy"))))
    assert view.AGREE_FIRST_KEY not in view.status_lines(table.state)


def test_f1_says_a_hand_is_played_for_tests_alone() -> None:
    """Module line 43: a hand is played when a player makes an attribute test. Asked
    "may I lay my hand for the initiative?", F1 said "instead of turning up a card for a
    test" and left initiative, itself cards turned up, to a guess."""
    means = entry("Playing a hand").means
    assert "never for initiative, a roll-off" in means


def test_while_a_discard_is_owed_the_turn_line_names_it_not_the_refused_activation() -> None:
    """Module line 39: a sixth card drawn, one of the five held before is discarded at
    once. The Conflict tab's turn line still read "Ma Hendry's turn to activate a model
    (a)", and a was refused ("first discards one"): the status sent the Dealer to the one
    key that could not work. It names the discard first, then the activation."""
    table = one_off()
    assert view.status_lines(table.state)[1] == "Ma Hendry's turn to activate a model (a)"
    table.execute(DrawCard(HENDRY))
    assert view.status_lines(table.state)[1] == (
        "Ma Hendry's turn: Ma Hendry first discards one of the five held before the draw "
        "(d), then a model activates (a)")
    held = table.state.hand(HENDRY)
    table.execute(Discard(HENDRY, held[0].code))
    assert view.status_lines(table.state)[1] == "Ma Hendry's turn to activate a model (a)"


def test_a_discard_owed_while_a_model_acts_is_named_under_it() -> None:
    table = one_off()
    table.execute(Activate("Ma Hendry"))
    table.execute(DrawCard(HENDRY))
    lines = view.status_lines(table.state)
    assert lines[1].startswith("Ma Hendry is activating: 2 actions left")
    assert lines[2] == "Ma Hendry first discards one of the five held before the draw (d)"
    table.execute(Discard(HENDRY, table.state.hand(HENDRY)[0].code))
    assert "first discards" not in " ".join(view.status_lines(table.state))


def test_f1_says_the_deployment_areas_are_the_players_own() -> None:
    """Asked "where do we deploy, how deep?", F1 said only who picks an area: neither
    book sizes one (digest 2.1: the mission gives them, and there is none)."""
    means = entry("Deployment").means
    assert "wholly within" in means and "neither book gives their size" in means


def test_f1_says_what_a_player_with_no_model_left_to_activate_does() -> None:
    """Module line 39 and `deck`'s reading: the player passes and may still draw a card
    while the other has models to activate. F1's Round said only "by turns until all
    have", leaving the uneven end of a round to a guess."""
    means = entry("Round").means
    assert "with none left passes" in means and "may still draw a card" in means
