"""Checked from outside (round 14): what a checker who knows only the book and the command
line finds, read through `gmscreen replay --json`, `log`, `recap` and `check` on journals
written as a Dealer's keys write them."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

from gmscreen.cli import main
from gmscreen.core.cards import in_a_row
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, log, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    AttributeTest,
    DrawCard,
    EndActivation,
    Mend,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff import helpers
from tests.devils_bluff.hidden import cards_held
from tests.pilot import form_up, synchronous, to_tab, until


def printed(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def replayed(path: Path, *more: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(printed("replay", str(path), "--json", *more))
    return found


def section(replay: dict[str, Any], title: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in replay["sections"] if s["title"] == title)
    return found


def rows(replay: dict[str, Any], title: str) -> dict[str, dict[str, str]]:
    """A table of `replay --json` as a program reads it: each row by its first cell, each
    cell by its column's heading."""
    table = section(replay, title)
    return {row[0]: dict(zip(table["columns"], row, strict=True)) for row in table["rows"]}


def one_off(folder: Path) -> Campaign[Any]:
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    return open_campaign(write_sample(sample, folder), rules_for)


def path_of(campaign: Campaign[Any]) -> Path:
    assert campaign.path is not None
    return campaign.path


def test_replay_json_names_each_model_s_levels_perks_and_ability_whole(tmp_path: Path) -> None:
    # module 118-124: the roster keeps each model's levels, perks and ability; the tab writes
    # the ability by two letters and the perks only for the model highlighted, so a program
    # reading replay --json found no perk at all
    sample = one_off(tmp_path)
    sample.close()
    experience = rows(replayed(path_of(sample)), "Experience")
    assert experience[HENDRY] == {"Model": HENDRY, "Player": HENDRY, "Levels": "4",
                                  "Perks": "Tough, Cunning, Fearsome, Deadly",
                                  "Ability": "Shrug it Off"}
    assert experience["Ruth Cole"]["Perks"] == "Sharpshooter, Stealthy, Deft"
    assert experience["Ruth Cole"]["Ability"] == "Precise Shot"
    assert experience["Dutch"] == {"Model": "Dutch", "Player": HENDRY, "Levels": "0",
                                   "Perks": "-", "Ability": "-"}
    assert len(experience) == 20


def test_replay_json_says_where_the_cards_lie_and_never_a_card_held(tmp_path: Path) -> None:
    # module 29-39: the Draw Deck, the discard pile face up, and each hand of up to five
    sample = one_off(tmp_path)
    state = sample.state
    sample.close()
    replay = replayed(path_of(sample))
    cards = rows(replay, "Cards")
    assert cards["Draw Deck"] == {"Pile": "Draw Deck", "Count": "36", "Face up": "-"}
    assert cards["Discard pile"]["Count"] == "6"
    # face up for both players, the newest first (the initiative's cards, then the
    # deployment's roll-off)
    assert cards["Discard pile"]["Face up"] == "6♥ J♥ 6♠ 5♥ 7♣ 2♥"
    assert cards[f"{HENDRY}'s hand"] == {"Pile": f"{HENDRY}'s hand", "Count": "5",
                                         "Face up": "-"}
    assert cards[f"{COLE}'s hand"]["Count"] == "5"
    assert sum(int(row["Count"]) for row in cards.values()) == 52
    players = rows(replay, "Players")
    assert players[HENDRY] == {"Player": HENDRY, "Gang": "The Hendry Boys", "Score": "0",
                               "Games won": "0"}
    # hidden from the table: no card a hand holds, anywhere in what replay prints
    text = json.dumps(replay, ensure_ascii=False)
    held = cards_held(state)
    assert len(held) == 10
    assert not [card for card in held if card in text]


def test_replay_json_counts_the_hands_laid_as_discarded(tmp_path: Path) -> None:
    # module 51: every hand laid is discarded once the test is settled; the cards table
    # follows (both hands of five gone to the discard pile, 52 still counted)
    sample = one_off(tmp_path)
    sample.execute(AttributeTest(HENDRY, "CMD", hand=True, contest=(COLE,)))
    sample.close()
    cards = rows(replayed(path_of(sample)), "Cards")
    assert cards[f"{HENDRY}'s hand"]["Count"] == "0"
    assert cards[f"{COLE}'s hand"]["Count"] == "0"
    assert cards["Discard pile"]["Count"] == "16"
    assert sum(int(row["Count"]) for row in cards.values()) == 52


def test_between_games_replay_json_keeps_no_cards_table_but_the_games_won(
        tmp_path: Path) -> None:
    sample = one_off(tmp_path)
    sample.close()
    before = next(e.seq for e in sample.events if e.kind == "devils_bluff.game_started") - 1
    replay = replayed(path_of(sample), "--to", str(before))
    assert "Cards" not in [s["title"] for s in replay["sections"]]
    assert rows(replay, "Players")[COLE]["Score"] == "-"



@synchronous
async def test_d_on_a_turn_draws_for_the_turn_s_player_when_the_other_may_draw_too(
        tmp_path: Path) -> None:
    # module 39: the draw is the turn's player's; a player out of models may draw beside
    # them. With both able, d opened on the other player (the first gang founded): d and
    # Enter on Cole's turn put Cole's card in Ma Hendry's hand
    sample = one_off(tmp_path)
    hendry = next(g for g in sample.state.gangs if g.player == HENDRY)
    for fighter in hendry.fighters[1:]:
        sample.execute(Mend(fighter.name, 0, 0, "shot at the livery"))
    for model in (COLE, HENDRY):  # Cole's leader, then Ma Hendry's last model standing
        sample.execute(Activate(model))
        sample.execute(EndActivation(model))
    state = sample.state
    assert state.battle is not None and state.battle.turn == COLE
    held = {player: len(state.hand(player)) for player in state.players}
    app = GmScreenApp(sample)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")
        form = await form_up(pilot)
        assert form.values().text("player") == COLE
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    drawn = sample.events[-1]
    assert drawn.kind == "devils_bluff.card_drawn" and drawn.data["player"] == COLE
    assert len(sample.state.hand(COLE)) == held[COLE] + 1
    assert len(sample.state.hand(HENDRY)) == held[HENDRY]
    sample.close()


def test_a_hand_played_that_only_ties_says_the_tie_is_why_it_fails() -> None:
    # module 49 and 55: the hand played must beat every other; a pair of 8s against a pair
    # of 8s is no win. The log and the table's recap said only "failure" after two equal
    # hands, which a table reads as the app's slip
    table = helpers.one_off()
    table.give(HENDRY, "8h 8d 4s 5s Jd")
    table.give(COLE, "8c 8s 3d 6h 9d")
    (tested,) = table.execute(AttributeTest(HENDRY, "CMD", hand=True, contest=(COLE,)))
    assert tested.data["outcome"] == "failure"
    said = RULES.describe(tested)
    assert said.endswith("(One Pair, ties on 8); " + log.TIED + ")"), said
    assert log.TIED in (view.table_tells(tested) or "")
    # a higher pair wins, and a lower one loses, with no word of a tie
    for against, outcome in (("5c 5h 3d 6h 9d", "critical success"),
                             ("9c 9s 3d 6h 2d", "failure")):
        table = helpers.one_off()
        table.give(HENDRY, "8h 8d 4s 5s Jd")
        table.give(COLE, against)
        (tested,) = table.execute(AttributeTest(HENDRY, "CMD", hand=True, contest=(COLE,)))
        assert tested.data["outcome"] == outcome
        assert log.TIED not in RULES.describe(tested)
    # a Royal Flush against a Royal Flush is no tie: it wins (module 89)
    table = helpers.one_off()
    table.give(HENDRY, "Th Jh Qh Kh Ah")
    table.give(COLE, "Ts Js Qs Ks As")
    (tested,) = table.execute(AttributeTest(HENDRY, "CMD", hand=True, contest=(COLE,)))
    assert tested.data["outcome"] == "critical success"
    assert log.TIED not in RULES.describe(tested)


def test_the_dealer_s_recap_names_each_hand_dealt_and_each_card_drawn(tmp_path: Path) -> None:
    # README: the recap "with --dealer everything". The full copy told each event by its
    # log line, which never names a card held (both players read the Dealer's screen): it
    # named no hand dealt and no card drawn, and differed from the table's by its title
    sample = one_off(tmp_path)
    state = sample.state
    assert state.battle is not None
    player = state.battle.turn
    sample.execute(DrawCard(player, "", tuple(range(len(state.deck.order)))))
    drawn = sample.state.hand(player)[-1]
    hands = {p: in_a_row(sample.state.hand(p)[:5]) for p in (HENDRY, COLE)}
    sample.close()
    path = str(path_of(sample))
    full = printed("recap", path, "--dealer")
    assert f"{HENDRY} is dealt {hands[HENDRY]}" in full
    assert f"{COLE} is dealt {in_a_row(state.hand(COLE))}" in full
    assert f"{player} draws {drawn}." in full
    for form in ("txt", "md", "bbcode", "html"):
        told = printed("recap", path, "--format", form)
        assert "is dealt" not in told and f"draws {drawn}" not in told
        assert f"{player} draws a card" in told
        assert not [card for card in cards_held(sample.state) if card in told]


def test_replay_json_gives_the_gangs_and_models_in_whole_words_too(tmp_path: Path) -> None:
    # the tabs write "Leader", "RF Rifle", "Sh", "Lv", "Tok" to fit 80 columns; a program
    # reading replay --json looks for the book's words: "in_full" has them
    sample = one_off(tmp_path)
    sample.close()
    replay = replayed(path_of(sample))
    gangs = section(replay, "Gangs")
    assert "RF Rifle" in [row[2] for row in gangs["rows"]]  # the tab's short rows stay
    full = gangs["in_full"]
    assert full["columns"] == ["Model", "Unit", "Weapon", "Levels", "MOV", "SKL", "DEF",
                               "CMD", "HP", "Player", "Ability"]
    by_name = {row[0]: dict(zip(full["columns"], row, strict=True)) for row in full["rows"]}
    assert by_name[HENDRY]["Unit"] == "Gang Leader"
    assert by_name[HENDRY]["Ability"] == "Shrug it Off"
    assert by_name["Jesse Hendry"]["Unit"] == "Gunslinger"
    assert by_name["Joe Two Moons"] == {**by_name["Joe Two Moons"], "Unit": "Hired gunslinger",
                                        "Weapon": "Rapid Fire Rifle", "Ability": "-"}
    models = section(replay, "Models")["in_full"]
    assert "Tokens" in models["columns"]
    assert "Rapid Fire Rifle" in [row[1] for row in models["rows"]]
