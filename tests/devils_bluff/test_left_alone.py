"""What the last look noticed and left alone (a sixteenth look).

The initiative drawn for a round orders that round alone (digest 2.2, 82): once every model
has activated, the heading of the players' screen and of the Conflict tab stops naming it and
says the round is done, the line under it what comes next, as again when the next round's
start is undone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Activate, DrawCard, EndActivation, StartRound
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from tests.devils_bluff.helpers import one_off, table_sections, unshuffled
from tests.devils_bluff.test_game import refused
from tests.devils_bluff.test_typed import played_out


def table_game(state: DevilsBluffState) -> Lines:
    section = table_sections(view.table_knows(state))[0]
    assert isinstance(section, Lines)
    return section


def table_heading(state: DevilsBluffState) -> str:
    return table_game(state).title


def every_model_activated(campaign: Campaign[Any]) -> None:
    """Each model of the round activates and ends its activation at once."""
    while campaign.state.battle is not None and campaign.state.battle.turn:
        name = activatable(campaign.state)[0]
        campaign.execute(Activate(name))
        campaign.execute(EndActivation(name))


def test_the_initiative_is_named_while_the_round_it_orders_is_played(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    assert table_heading(campaign.state) == (
        "Game 1 · Round 1 of 5 · initiative Sheriff Cole then Ma Hendry")


def test_once_every_model_has_activated_the_headings_say_the_round_is_done(
        tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    every_model_activated(campaign)
    done = "Game 1 · Round 1 of 5 done"
    assert table_heading(campaign.state) == done
    assert view.status_lines(campaign.state)[0] == done
    next_up = "Every model has activated: round 2's initiative is still to draw"
    assert next_up in table_game(campaign.state).lines
    campaign.execute(StartRound(shuffle_order(campaign.rng("shuffle"))))
    assert "initiative" in table_heading(campaign.state)
    campaign.undo()  # round 2's start undone: round 1 is done again
    assert table_heading(campaign.state) == done
    assert view.status_lines(campaign.state)[0] == done


def test_after_the_last_round_the_headings_say_the_game_ends(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    every_model_activated(campaign)
    for _ in range(4):
        campaign.execute(StartRound(shuffle_order(campaign.rng("shuffle"))))
        every_model_activated(campaign)
    done = "Game 1 · Round 5 of 5 done"
    assert table_heading(campaign.state) == done
    assert view.status_lines(campaign.state)[0] == done
    assert ("Every model has activated: the last round is played, so the game ends"
            in table_game(campaign.state).lines)


def test_a_card_typed_that_a_hand_holds_is_refused_without_saying_a_hand_holds_it() -> None:
    # both players read the one screen (no referee): a card either of them holds, typed
    # by mistake, is refused as not in the Draw Deck, never as held, so neither learns
    # where the other's cards are from the refusal; the discard pile is face up, so a card
    # there is still said to be there
    table = one_off()
    first = table.state.battle.order[0]  # type: ignore[union-attr]
    other = next(p for p in table.state.players if p != first)
    for holder in (other, first):
        held = table.state.hand(holder)[0]
        error = refused(table, DrawCard(first, typed=held.code), "Draw Deck")
        assert error.message == ("the 1st card is not in the Draw Deck (a card typed wrong "
                                 "into a hand is set right with C)"), error.message
    # initiative cards are typed in sight: named, and still not said to be held
    table = played_out(table)
    held = table.state.hand(other)[0]
    free = [c.code for c in table.state.deck.order]
    error = refused(table, StartRound(unshuffled(), typed=(
        (first, f"{held.code} {free[0]}"), (other, " ".join(free[1:3]))),
        hands=((first, " ".join(free[5:10])), (other, " ".join(free[10:15])))), "Draw Deck")
    assert error.message == (f"{first} drew: {held} is not in the Draw Deck (a card "
                             "typed wrong into a hand is set right with C)"), error.message
