"""A Dealer who never read the book runs a session from the app alone: what he asks at the
table is answered where he is, in the game's words, never by a line of the book he has not
got.

- Buying plunder, the recruit form listed each weapon by its name and price alone: what a
  Sawn-Off is beside a Shotgun (power 4 at 10 yards against power 3 at 30) was in the book
  or under `h` on another tab. Each line says its power and reach now, and the list's
  explanation what comes free with what.
- The attack form's Target said "in sight of the attacker (line 63)", a line of a book he
  has not got; Yards said only "the distance measured on the table", not how (base centre
  to base centre, a card's length about 10 yards).
- Setting a game up, how big a table it wants was nowhere; placing the models, where a
  model may go (more than 40 yards from every enemy, 20 from
  the centre) was at the foot of the play sheet, below the weapons and the result card.
- F1 explained the Jack and the Queen, not the Ace, King, Joker or a number card, the turn,
  a target's answer or the yards, words the Conflict tab uses at every attack, nor the
  odds line's "down", "disarm" or "against you"; a weapon's entry gave no number ("A
  handgun: middling reach").
- A showdown won one game to nothing, its loser with nobody left who may fight, read only
  "The Black Hats (black) wins the showdown.": best of three, the table asked why.
- After All In, the target's form read "Sly Shooter plays which card?" as if it were its
  attack: why the target chooses now, and that it may take none, was not said.
- The recovery draw's form said which cards bring a fallen model back, not that anything
  else kills it and takes its weapons and horse with it (lines 151-153).
- The scenario form never said that an uneven fight may bend the placing rules, nor that
  a fair table plays it twice, the sides swapped (line 261).
"""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from textual.binding import Binding

from gmscreen.games.dead_mans_hand import rules, view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    DrawForTheFallen,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import edit_form, recruit_form
from gmscreen.games.dead_mans_hand.panes.conflict import attack_panel
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, Phase
from gmscreen.games.dead_mans_hand.weapons import WEAPONS, Move, in_a_few_words
from gmscreen.glossary import find, words_of
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, gunman_standing, new_campaign
from tests.dead_mans_hand.test_fallen import first_shots_both_on_numbers
from tests.pilot import about, abouts, opened, synchronous, to_tab

WORDS = words_of("gmscreen.games.dead_mans_hand")
#: the room a line of the recruit form's plunder list has, at its widest (78 columns)
LIST_ROOM = 49
#: the room a line under a form has at its widest (seen at 80x24: 74 columns)
FORM_ROOM = 74


def labels(shown: Form) -> list[str]:
    return [label for field in shown.fields if field.key == "weapons"
            for label, _ in field.options]


def test_the_plunder_lines_say_each_weapons_power_and_reach() -> None:
    shown = recruit_form(Format.SHOWDOWN, "red", lambda: "", lambda colour: ())
    lines = labels(shown)
    assert "Sawn-Off Shotgun, 3 pts: power 4, 10 yd" in lines
    assert "Shotgun, 3 pts: power 3, 30 yd" in lines
    assert "Rifle, 6 pts: power 2, 100 yd, standing only" in lines
    assert "Pistol, 3 pts: power 2, 40 yd, 60 standing" in lines
    assert "Tomahawks, 2 pts: power 3, 10 yd, runs out" in lines
    assert "Big Blade, 1 pt: power 3, 5 yd" in lines
    # every line whole at the form's widest: a list cuts a longer one short
    assert max(cell_len(line) for line in lines) <= LIST_ROOM
    said = about(shown, "weapons")
    assert "power (the cards it draws)" in said and "stays when the weapon is lost" in said
    each = next(dict(f.about_each) for f in shown.fields if f.key == "weapons")
    assert each["dual-pistols"].endswith("comes with a Pistol.")


def test_a_plunder_line_highlighted_says_a_civilians_reach_and_what_comes_with_it() -> None:
    # the line has room for one reach; a civilian's was only on the play sheet and in F1
    shown = recruit_form(Format.SHOWDOWN, "red", lambda: "", lambda colour: ())
    each = next(dict(f.about_each) for f in shown.fields if f.key == "weapons")
    assert each["pistol"] == ("Pistol: power 2, 40 yd, 60 standing; a civilian: 20 yd, "
                              "40 standing.")
    assert each["tomahawks"] == ("Tomahawks: power 3, 10 yd, runs out; not for civilians; "
                                 "comes with a Big Blade.")
    assert each["rifle"].endswith("a civilian: 50 yd, standing only.")


def test_single_games_say_the_same_without_prices() -> None:
    shown = recruit_form(Format.SINGLE, "red", lambda: "", lambda colour: ())
    assert "Shotgun: power 3, 30 yd" in labels(shown)
    assert "power" in about(shown, "weapons")


def test_a_civilians_plunder_reads_a_civilians_reach() -> None:
    table = Table(Recruit("red", "Doc", 8, 1, ("pistol",), civilian=True))
    model = table.model("Doc")
    shown = edit_form(model, rules.editable(table.state, model), table.state.format)
    lines = labels(shown)
    assert "Pistol, 3 pts: power 2, 20 yd, 40 standing" in lines
    assert "Rifle, 6 pts: power 2, 50 yd, standing only" in lines
    assert "Brawling, 1 pt: power 2, 5 yd" in lines


@synchronous
async def test_the_attack_form_says_how_to_measure_and_cites_no_line(tmp_path: Path) -> None:
    app = GmScreenApp(gunman_standing(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        said = abouts(shown)
        assert not [words for words in said.values() if re.search(r"\bline \d", words)]
        assert "in reach of the weapon" in said["target"]
        assert "Base centre to base centre" in said["yards"]
        assert "10 yards" in said["yards"]
        # one line each, so the form never moves under the pointer as the keyboard moves
        assert max(cell_len(words) for words in said.values()) <= FORM_ROOM


def test_while_the_models_are_placed_the_conflict_tab_says_where_they_go() -> None:
    table = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Chief", 6, 2, ("rifle",)),
                  Recruit("black", "Boss", 6, 2, ("pistol",)))
    # ready to set a game up: how big a table, and the scenery (lines 13, 21)
    assert "two to four feet on a side" in attack_panel(table.state).plain
    table.do(SetUpGame("2s"))
    assert table.state.phase is Phase.DEPLOYING
    shown = attack_panel(table.state).plain
    assert "more than 40 yards from every enemy" in shown
    assert "20 yards from the table's centre" in shown
    assert "centre of a base" in shown
    deploy_all(table)
    assert "more than 40 yards" not in attack_panel(table.state).plain


def test_f1_explains_the_cards_and_words_of_an_attack() -> None:
    def means(word: str) -> str:
        found = find(WORDS, word)
        assert found is not None, word
        return found.means

    assert "kills" in means("King") and "no recovery draw" in means("King")
    assert "takes a weapon" in means("Ace")
    assert "nobody wins" in means("Joker") and "each take a hit" in means("Joker")
    assert "a tie is enough" in means("Number card") and means("Lower number") == means("Number")
    assert "Derringers" in means("Lower number")
    assert "Rifle never answers" in means("answers")
    assert "turn after turn" in means("Turn")
    assert "10 yards" in means("yd")
    # the odds line's words ("Best of 2: down 8% · hit 38% · disarm 6% ...")
    for word in ("Best of", "disarm", "nothing", "against you", "runs out"):
        assert means(word) == means("Odds"), word
    assert "an Ace" in means("disarm")
    # the book's way to save a man (line 155): is he a survivor then?
    assert "counts among the survivors" in means("Leave")
    # the Notes column's states
    assert means("left") == means("Leave")
    assert "weapons and horse lost" in means("dead") and "afresh" in means("dead")
    assert "to place" in means("Notes")


@synchronous
async def test_the_scenario_form_says_an_uneven_fight_may_bend_and_swap(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "s")
        said = about(shown, "scenario")
        assert "bend the placing rules" in said
        assert "play twice, swapping (w)" in said


def test_a_showdown_won_short_of_two_games_says_why() -> None:
    table = first_shots_both_on_numbers()
    table.do(DrawForTheFallen((("Quickdraw", "Td"), ("Stubby", "2d"))))
    assert table.state.phase is Phase.OVER and table.state.wins("red") == 1
    assert view.whose(view.table_knows(table.state)) == (
        "The Callahan Gang (red) wins the showdown: The Black Hats has nobody left to fight.")


@synchronous
async def test_the_targets_second_card_says_why_it_chooses(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Big Oaf", Move.STILL))
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "Qd")))
    campaign.execute(GoAllIn("5c"))
    campaign.execute(PlayResult("Jh"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "p")
        assert shown.title_text == "Sly Shooter takes which second card?"
        assert about(shown, "card").startswith(
            "All In: the target may take one of the cards left as its own, or none. "
            "Its player picks; the list opens on 5♣")


def test_f1_gives_each_weapons_power_and_reach() -> None:
    """What a Pistol does, asked of F1 at the table: its numbers, as the play sheet's."""
    for arm in WEAPONS.values():
        found = find(WORDS, arm.name)
        assert found is not None, arm.name
        assert in_a_few_words(arm.id).removesuffix(", runs out") in found.means, arm.name
    rifle, pistol = find(WORDS, "Rifle"), find(WORDS, "Pistol")
    assert rifle is not None and "a civilian's 50" in rifle.means
    assert pistol is not None and "a civilian's 20, 40 standing" in pistol.means


def test_f1s_keys_say_what_all_in_and_leaving_risk_and_bring() -> None:
    from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane

    said = {binding.action: binding.tooltip for binding in ConflictPane.BINDINGS
            if isinstance(binding, Binding)}
    assert "the target, if it can answer, may then take one of the others" in said["all_in"]
    assert "a survivor" in said["leave"]
    assert "friends, the target's back, cover and moving" in said["attack"]


@synchronous
async def test_the_recovery_draw_says_what_a_failed_draw_costs(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "fallen.toml")
    for command in showdown_commands():
        campaign.execute(command)
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))  # Stubby down on the 9♥
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    campaign.execute(PlayResult("9h"))
    for black in campaign.state.black.on_table():
        campaign.execute(Surrender(black.name))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "v")
        said = abouts(shown)
        assert said and all("an Ace or a Joker is death, its weapons and horse lost" in words
                            for words in said.values())
