"""The players' side of a session: what the players' screen (`gmscreen show`) and the
table's recap tell of a whole evening, read as a player at the table and as one who missed
it."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Enlist,
    Forgo,
    FoundGang,
    Mend,
    Move,
    PlaceScout,
    Rename,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import Lines, as_text
from gmscreen.samples import write_sample
from tests.devils_bluff.helpers import (
    Table,
    before_deployment,
    campaign,
    one_off,
    player_sections,
    table_sections,
)
from tests.devils_bluff.hidden import assert_table_keeps_hidden
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_eighth_look import deployed_for_a_tied_initiative, players_screen
from tests.devils_bluff.test_game import attack_ready


def player_page(table: Table, name: str) -> str:
    return as_text(player_sections(view.player_knows(table.state, name)))


def test_the_table_sees_who_may_draw_and_who_owes_a_discard() -> None:
    """Module line 39: on their turn a player may draw a card, once; drawn onto a full hand,
    one of the five held before goes face up on the discard pile. The table must know both
    (whether the draw is still to take; that the game waits on a discard), where the
    players' screen said only how many cards each held."""
    table = one_off()
    battle = table.state.battle
    assert battle is not None and battle.order == (HENDRY, COLE)
    assert battle.turn == HENDRY and battle.activation is None
    screen = players_screen(table)
    assert f"{HENDRY} may draw a card this turn" in screen
    assert f"{COLE} may draw" not in screen
    table.execute(DrawCard(HENDRY))
    screen = players_screen(table)
    assert "may draw" not in screen
    assert (f"{HENDRY} drew a sixth card: one of the five held before goes face up on the "
            "discard pile first") in screen
    assert_table_keeps_hidden(table.state)
    # her own page says it too, over her six cards
    assert "drew a sixth card" in player_page(table, HENDRY)
    table.execute(Discard(HENDRY, str(table.state.hand(HENDRY)[0])))
    screen = players_screen(table)
    assert "sixth card" not in screen and "may draw" not in screen
    # her model acts and ends: Sheriff Cole's turn, his to draw
    gang = table.state.gang(HENDRY)
    assert gang is not None
    shooter = gang.fighters[0].name
    table.execute(Activate(shooter))
    assert "may draw" not in players_screen(table)
    table.execute(EndActivation(shooter))
    assert f"{COLE} may draw a card this turn" in players_screen(table)


def recap_text(campaign: Campaign[Any], session: int = 1) -> str:
    return render(build(campaign, session, view), "txt")


def test_a_score_made_in_an_activation_is_told_in_its_paragraph(tmp_path: Path) -> None:
    """A score made while a model acts (an objective taken in its activation) was told as
    a paragraph of its own, so the activation's heading came again after it and the recap
    read as if the model activated twice ("Lefty activates. Lefty shoots ... / Ma Hendry
    scores 1 / Lefty activates. Lefty advances"). It is told in the activation's paragraph;
    a score between activations keeps a paragraph of its own."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, cache=False)
    state = campaign.state
    assert state.battle is not None
    player = state.battle.turn
    gang = state.gang(player)
    assert gang is not None
    model = gang.fighters[0].name
    campaign.execute(Score(player, 1, "takes the hayloft"))
    campaign.execute(Activate(model))
    campaign.execute(Move(model, "Advance"))
    campaign.execute(Score(player, 1, "holds the livery door"))
    campaign.execute(Move(model, "Rush"))  # its last action: the activation ends
    assert campaign.state.battle is not None and campaign.state.battle.activation is None
    told = recap_text(campaign)
    assert told.count(f"{model} activates.") == 1, told
    paragraph = told[told.index(f"{model} activates."):].split("\n\n")[0]
    assert f"{player} scores 1 (holds the livery door)." in paragraph
    assert f"{model} rushes" in paragraph
    # the score before the activation: on its own, before the heading
    alone = f"{player} scores 1 (takes the hayloft)."
    assert told.index(alone) < told.index(f"{model} activates.")
    assert alone not in paragraph
    # read back from the file, it tells the same
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    again = open_campaign(path, rules_for, cache=False)
    assert recap_text(again) == told
    again.close()


def test_a_shot_back_let_go_and_a_mend_stay_in_the_activation_s_paragraph(
        tmp_path: Path) -> None:
    """Return Fire let go, and a model's HP set right while another acts, each broke the
    activation's paragraph of the recap in two, so its heading came again after them and
    the model read as activating twice. They are told where they fall: in that
    paragraph."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, cache=False)
    while campaign.state.battle is not None and campaign.state.battle.turn:
        ready = activatable(campaign.state)[0]
        campaign.execute(Activate(ready))
        campaign.execute(EndActivation(ready))
    # round 2 from the table's cards: Ma Hendry first, Sheriff Cole holding a pair
    free = list(campaign.state.deck.order)
    kings = [c.code for c in free if c.rank == 13]
    twos = [c.code for c in free if c.rank == 2]
    hit = next(c.code for c in free if c.rank == 12)
    misses = [c.code for c in free if c.rank == 3]
    rest = [c.code for c in free if c.rank not in (2, 3, 12, 13)]
    pair = next([a, b] for a in rest for b in rest if a != b and a[0] == b[0])
    others = [c for c in rest if c not in pair]
    campaign.execute(StartRound(
        tuple(range(52)), ((HENDRY, f"{kings[0]} {kings[1]}"), (COLE, f"{twos[0]} {twos[1]}")),
        ((HENDRY, " ".join(others[0:5])), (COLE, " ".join([*pair, *others[5:8]])))))
    assert campaign.state.battle is not None and campaign.state.battle.turn == HENDRY
    shooter = next(m for m in activatable(campaign.state)
                   if campaign.state.find(m)[1].recruit.weapon == "Revolver")
    campaign.execute(Activate(shooter))
    campaign.execute(Attack(shooter, COLE, defender_hand=True,
                            typed=" ".join([hit, misses[0]])))
    assert campaign.state.battle.return_fire == (COLE, shooter)
    campaign.execute(Forgo())
    campaign.execute(Mend("Ruth Cole", 6, 0, "a graze missed last round"))
    campaign.execute(Move(shooter, "Advance"))
    # round 1's activations, each ended without an action, are told in round 1's part
    told = recap_text(campaign)
    told = told[told.index("Round 2."):]
    heading = f"{shooter} activates."
    assert told.count(heading) == 1, told
    paragraph = told[told.index(heading):].split("\n\n")[0]
    assert "Return Fire" in paragraph and "Ruth Cole is corrected to 6 HP" in paragraph
    assert f"{shooter} advances" in paragraph
    campaign.close()


def test_the_recap_and_the_log_tell_each_initiative_draw_with_its_total() -> None:
    """The players' screen told a round's initiative with each player's total (a tie and
    the draw again plain to see), but the log and the recap named the cards alone: "Ann 5♣
    6♣, Ben 5♦ 6♦, Ann 9♥ 2♠, Ben K♥ Q♠; Ben goes first", where a player who missed the
    evening had to add them up to see why Ann drew twice and Ben went first."""
    table = deployed_for_a_tied_initiative()
    (event,) = table.execute(StartRound())
    drawn = "Ann 5♣ 6♣ (11), Ben 5♦ 6♦ (11), Ann 9♥ 2♠ (11), Ben K♥ Q♠ (25)"
    assert view.table_tells(event) == (f"Initiative {drawn}; Ben goes first and deals five "
                                       "to everyone")
    assert RULES.describe(event) == (f"Round 1: initiative {drawn}; Ben goes first and "
                                     "deals five to everyone")
    assert table.state.last == f"Initiative: {drawn}; Ben goes first and deals five to everyone"


def test_after_a_game_the_table_still_sees_who_was_taken_out_in_it() -> None:
    """In a game the table sees each model taken out ('out'); once it ends the models stand
    again and the screen showed the scores alone, so who fell in the game the table had
    just played was gone from it (the recap named them). The last game's fallen are named
    under its line until the next game begins."""
    table = one_off()
    table.execute(Mend("Dutch", 0, 0, "shot off the hayloft"))
    table.execute(Mend("Quill", 0, 0, "trampled"))
    assert "Taken out" not in players_screen(table)
    table.execute(EndGame(note="the livery burns"))
    # first on the screen, over the rosters that fill it at 80x24
    first = table_sections(view.table_knows(table.state))[0]
    assert isinstance(first, Lines) and first.title == "After game 1"
    assert first.lines[:2] == (
        "Game 1: Ma Hendry 0, Sheriff Cole 0; a draw (the livery burns)",
        "Taken out in game 1: Dutch (Ma Hendry) and Quill (Sheriff Cole)")
    assert first.lines[2] == "The one-off is over: its one game is played."


def test_the_table_sees_that_round_one_s_initiative_follows_the_deployment() -> None:
    """Between rounds the table reads that the next initiative is still to draw; once the
    deployment roll-off was drawn and the scouts placed, it read only how to deploy, and
    nothing of what came next (the Dealer's line says r begins round 1)."""
    table = before_deployment()
    assert "round 1's initiative" not in players_screen(table)
    table.execute(Deploy(scouts=("Cal Hendry",)))
    screen = players_screen(table)
    assert "Cal Hendry" in screen and "round 1's initiative" not in screen
    table.execute(PlaceScout("Cal Hendry"))
    assert ("Once every model stands deployed, round 1's initiative is drawn"
            in players_screen(table))


def test_between_campaign_games_the_table_sees_what_the_next_game_still_wants() -> None:
    """Between campaign games the players rebuild their gangs (module lines 101, 163-176)
    with the players' screen beside them, but it showed the games played alone: what the
    next game still wanted (five revolvers a gang, hiring by choice) was on the Dealer's
    tab only. It says it in the table's words (no keys), and that the gangs are ready
    once they are."""
    table = campaign()
    table.execute(EndGame())
    assert "Before game 2" not in players_screen(table)  # the aftermath comes first
    table.execute(CloseAftermath())
    first = table_sections(view.table_knows(table.state))[0]
    assert isinstance(first, Lines) and first.title == "After game 1"
    said = " ".join(first.lines)
    assert ("Before game 2: The Hendry Boys: no model carries a revolver; hiring by choice "
            "needs at least 5") in said
    assert "(e enlists" not in said and "Controlled choice)" not in said
    for player in (HENDRY, COLE):
        for n in range(5):
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", "Gunslinger",
                                                 "Revolver", (), "", True)))
    assert "Both gangs are ready: game 2 may begin." in players_screen(table)
    table.execute(StartGame(order_by=shuffle_order(Random(2))))
    screen = players_screen(table)
    assert "Before game" not in screen and "may begin" not in screen


def test_after_a_one_off_s_game_the_table_reads_that_it_is_over() -> None:
    table = one_off()
    table.execute(EndGame())
    assert "The one-off is over: its one game is played." in players_screen(table)


def test_while_the_gangs_are_made_the_table_sees_what_game_one_still_wants() -> None:
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ann", "The Crows"))
    first = table_sections(view.table_knows(table.state))[0]
    assert isinstance(first, Lines) and first.title == "Making the gangs"
    assert first.lines == ("Before game 1: a game needs two gangs.",)


def test_a_model_renamed_while_another_acts_is_told_in_that_activation(
        tmp_path: Path) -> None:
    """A name typed wrong, set right while another model acts, split that model's
    paragraph of the recap as a mend did."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, cache=False)
    model = activatable(campaign.state)[0]
    campaign.execute(Activate(model))
    campaign.execute(Move(model, "Advance"))
    campaign.execute(Rename("Dutch", "Dutch Kane"))
    campaign.execute(Move(model, "Rush"))
    told = recap_text(campaign)
    heading = f"{model} activates."
    assert told.count(heading) == 1, told
    paragraph = told[told.index(heading):].split("\n\n")[0]
    assert "Dutch is renamed Dutch Kane" in paragraph and f"{model} rushes" in paragraph
    campaign.close()


def test_a_game_carried_to_the_next_session_names_the_models_already_out(
        tmp_path: Path) -> None:
    """A game left for the next session was told by its round and scores alone: a player
    who missed the evening, reading the next session's recap, could not know that Dutch
    and Quill were already out of it."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, cache=False)
    campaign.execute(Mend("Dutch", 0, 0, "shot off the hayloft"))
    campaign.execute(Mend("Quill", 0, 0, "trampled"))
    campaign.end_session(under_way="carry")
    out = "taken out so far: Dutch (Ma Hendry) and Quill (Sheriff Cole)"
    leaving = recap_text(campaign)
    goes_on = leaving[leaving.index("Goes on next session"):].split("\n\n")[1]
    assert out in goes_on, goes_on
    campaign.start_session()
    taken_up = recap_text(campaign, 2)
    taken_up = taken_up[taken_up.index("Taken up from the session before"):].split("\n\n")[1]
    assert out in taken_up, taken_up
    # nobody out: nothing said of it
    assert "taken out" not in (view.table_stands(view.table_knows(one_off().state)) or "")
    campaign.close()


def test_a_test_won_by_a_hand_says_its_outcome_once() -> None:
    """The log and the recap told a test decided by hands laid with its outcome twice:
    "Ma Hendry tests CMD 5+ with a played hand: critical success (Ma Hendry lays ... (One
    Pair, ties on 5); Sheriff Cole lays ... (no valid hand): critical success)"."""
    table = one_off()
    table.give(HENDRY, "9c 9d 2h 5s Qc")
    table.give(COLE, "2c 3d 7h 8s Jc")
    model = activatable(table.state)[0]
    table.execute(Activate(model))
    (event,) = table.execute(AttributeTest(model, "CMD", hand=True, contest=(COLE,)))
    for told in (RULES.describe(event), view.table_tells(event) or ""):
        assert told.startswith(f"{model} tests CMD"), told
        assert told.count("critical success") == 1, told
        assert f"{HENDRY} lays 9♣ 9♦ 2♥ 5♠ Q♣ (One Pair, ties on 9)" in told
        assert f"{COLE} lays 2♣ 3♦ 7♥ 8♠ J♣ (no valid hand)" in told


def test_the_recap_tells_a_gun_hired_for_one_game_in_few_words() -> None:
    """Nine guns hired a gang a game, each told "Dutch joins Ma Hendry's gang (hired):
    Gunslinger with a Revolver, no perks", made the gangs' paragraph of a campaign evening
    sixteen long sentences of the same words. The table's recap says who hired whom, with
    what; a model with perks or a permanent one keeps the whole line."""
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ann", "The Crows"))
    (leader,) = table.execute(Enlist("Ann", Recruit("Black Jack", LEADER, "Revolver",
                                                    ("Tough",))))
    (gun,) = table.execute(Enlist("Ann", Recruit("Dutch", "Gunslinger", "Shotgun", (), "",
                                                 True)))
    assert view.table_tells(gun) == "Ann hires Dutch, with a Shotgun"
    assert RULES.describe(gun) == ("Dutch joins Ann's gang (hired): Gunslinger with a "
                                   "Shotgun, no perks")
    assert view.table_tells(leader) == RULES.describe(leader)


def test_a_player_s_page_shows_which_card_was_just_drawn_onto_a_full_hand() -> None:
    """Drawn onto a full hand, the new card stays and one of the five held before goes
    (module line 39); the player's page showed six cards alike, so the player choosing
    the discard on their phone could not tell which one they may not give up."""
    table = one_off()
    held = table.state.hand(HENDRY)
    table.execute(DrawCard(HENDRY))
    new = table.state.hand(HENDRY)[-1]
    page = player_page(table, HENDRY)
    own = page.splitlines()[2]
    assert own.startswith(f"{HENDRY}: {' '.join(str(c) for c in held)} + {new} just drawn")
    assert "it stays; one of the five before it goes to the discard pile" in own
    assert_table_keeps_hidden(table.state)
    table.execute(Discard(HENDRY, str(held[0])))
    assert "just drawn" not in player_page(table, HENDRY)


def test_a_free_attack_of_hail_of_fire_says_it_is_free() -> None:
    """Hail of Fire's two free attacks read in the log, on the players' screen and in the
    recap like any attack: "Eli Crane shoots at Dutch: ..." twice after the first, so the
    table counted them as the model's actions. Each says it is free."""
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    (first,) = table.execute(Attack(shooter, target, hand=True))
    assert "free" not in first.data["line"]
    (free,) = table.execute(Attack(shooter, target))
    for told in (RULES.describe(free), view.table_tells(free) or "", table.state.last):
        assert told.startswith(f"{shooter} shoots at {target}: "), told
        assert "(a free attack of Hail of Fire)" in told, told
    assert "(a free attack of Hail of Fire)" in players_screen(table)


def test_what_the_table_is_told_holds_after_an_undo_and_a_redo(tmp_path: Path) -> None:
    """The draw owed, the discard owed and a game's end on the players' screen follow an
    undo and a redo, and a reopened journal tells the same."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, cache=False)

    def screen() -> str:
        return as_text(table_sections(view.table_knows(campaign.state)))

    first = campaign.state.battle.turn
    campaign.execute(DrawCard(first, order_by=tuple(range(52))))
    owed = f"{first} drew a sixth card"
    assert owed in screen()
    campaign.undo()
    assert owed not in screen() and f"{first} may draw a card this turn" in screen()
    campaign.redo()
    assert owed in screen()
    campaign.execute(Discard(first, str(campaign.state.hand(first)[0])))
    campaign.execute(EndGame(note="the livery burns"))
    ended = screen()
    assert ended.startswith("After game 1\n")
    campaign.undo()
    assert "After game 1" not in screen() and "Game 1 · Round 1" in screen()
    campaign.redo()
    assert screen() == ended
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    again = open_campaign(path, rules_for, cache=False)
    assert as_text(table_sections(view.table_knows(again.state))) == ended
    again.close()


def test_the_aftermath_under_its_game_s_heading_does_not_name_the_game_again() -> None:
    table = campaign()
    table.execute(EndGame())
    first = table_sections(view.table_knows(table.state))[0]
    assert isinstance(first, Lines) and first.title == "After game 1"
    assert first.lines[1].startswith("No level gained yet; no hired gun kept for good "
                                     "yet. A level may still go to "), first.lines
    assert not any(line.startswith("After game") for line in first.lines)
