"""What the table does not know yet, from the book: only the order of the cards not yet
drawn. Every card drawn is turned face up (the attack's, All In's, the set-up card, each
draw for the fallen), the result card is chosen in the open, the coffin cards lie face up
under their models, and both posses' rosters, hits and markers are on the table; nobody
holds a hand and nothing is drawn face down.

The app holds no order of the pile at all: it shuffles what is left at the moment it
draws, from the campaign's seeded generator. So what must never reach the players' screen
or a recap without --dealer is what the app would deal next. Checked after every step of a
Dramatic Showdown played from its posses to its end (set up, placing, turns, an attack, All
In, a second card, a game won, the draws for the fallen with one buried, the showdown
won), on the players' screen and in the recap in every format."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gmscreen.core.cards import Deck, card_codes
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    GoAllIn,
    LeaveTable,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from gmscreen.journal.sections import as_text
from tests.dead_mans_hand.helpers import deploy_all, hidden_facts, new_campaign

PURPOSES = ("setup", "attack", "all-in", "recovery")


def next_deals(seed: int, seq: int, state: MatchState) -> list[str]:
    """The first three cards the app would deal for each of its draws right after event
    `seq`, in the order dealt, written as the app writes a run of cards."""
    found: list[str] = []
    for purpose in PURPOSES:
        rng = random.Random(f"{seed}:{seq + 1}:dead-mans-hand.{purpose}")
        dealt = card_codes(Deck.from_codes(state.pack.pile, state.pack.discard).shuffled(rng))
        run = [show(code) for code in dealt[:3]]
        if len(run) == 3:  # the pack is dealt once a game is set up
            found += [" ".join(run), ", ".join(run)]
    return found


def played(path: Path) -> Campaign[MatchState]:
    """The sample showdown played through every step the table sees, in two sessions."""
    campaign = new_campaign(path)
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")))
    campaign.execute(PlayResult("Kh"))  # Stubby lies on a King
    campaign.execute(UseModel("Scattergun", Move.SLOW))
    campaign.execute(MakeAttack("Quickdraw", "shotgun", 20, ("9s", "3d", "4h")))
    campaign.execute(GoAllIn("Qd"))
    campaign.execute(PlayResult("9s"))  # Quickdraw lies on the 9♠; he can answer no more
    campaign.execute(UseModel("Big Jim", Move.SLOW))
    campaign.execute(MakeAttack("Scattergun", "dual-pistols", 20, ("2s", "3h", "4d")))
    campaign.execute(GoAllIn("9c"))
    campaign.execute(PlayResult("2s"))  # black's 2, below Scattergun's 8: nothing
    campaign.execute(TakeSecondResult("9c"))  # black's 9: Big Jim takes a hit
    for black in campaign.state.black.on_table():
        if black.name != "Long Tom":
            campaign.execute(Surrender(black.name))
    campaign.execute(LeaveTable("Long Tom", Move.QUICK))  # black's last walks off
    assert campaign.state.phase is Phase.AFTER_GAME
    campaign.execute(DrawForTheFallen((("Quickdraw", "Td"),)))  # Stubby is buried
    campaign.end_session()
    campaign.start_session()
    campaign.execute(SetUpGame("Qs"))
    deploy_all(campaign)
    for black in campaign.state.black.on_table():
        campaign.execute(Surrender(black.name))
    assert campaign.state.champion == "red"
    campaign.end_session()
    return campaign


def test_what_the_app_would_deal_next_never_reaches_the_table(tmp_path: Path) -> None:
    campaign = played(tmp_path / "c.toml")
    seed = campaign.header.seed
    kinds = {event.kind.removeprefix("dead_mans_hand.") for event in campaign.events}
    assert {"went_all_in", "result_played", "model_buried", "recovery_drawn",
            "showdown_won"} <= kinds
    for seq in range(len(campaign.events) + 1):
        state = campaign.replay(seq).state
        seen = as_text(view.table_sections(view.table_knows(state)))
        hidden = next_deals(seed, seq, state) + hidden_facts(state)
        assert hidden or state.phase is Phase.BUILDING  # once dealt, there is a next card
        leaked = [fact for fact in hidden if fact in seen]
        assert not leaked, f"after event {seq} the table reads {leaked[0]!r}"
    final: Any = campaign.state
    hidden = next_deals(seed, len(campaign.events), final) + hidden_facts(final)
    for session in (1, 2):
        document = recap.build(campaign, session, view)
        for fmt in FORMATS:
            told = render(document, fmt)
            leaked = [fact for fact in hidden if fact in told]
            assert not leaked, f"the {fmt} recap of session {session} reads {leaked[0]!r}"
