"""The Devils Bluff decider folded in memory, and the sample gangs built into it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from gmscreen.core.cards import Card, Deck, card_codes, parse_cards, standard_cards
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    ChooseSetUp,
    EndActivation,
    Enlist,
    FoundGang,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES, build_campaign, build_one_off
from gmscreen.games.devils_bluff.state import DevilsBluffState, Fighter
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.clocks import ClockCommand
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.sections import Lines, Section
from gmscreen.samples import write_sample


class Table:
    """Decides commands and evolves their events, like a campaign without a file. It has
    the few methods the sample builders call, so they build the sample gangs here too."""

    def __init__(self, seed: int = 1) -> None:
        self.state: DevilsBluffState = RULES.initial_state()
        self.events: list[Event] = []
        self.seed = seed

    def execute(self, command: Any) -> list[Event]:
        if isinstance(command, ClockCommand):
            return []  # the Dealer's clocks are the journal's, not the game's
        return [self.apply(new) for new in RULES.decide(self.state, command)]

    def apply(self, new: NewEvent) -> Event:
        """An event the rules made (a command's, or one that leaves a game off), applied."""
        event = Event(len(self.events) + 1, datetime(2026, 1, 1), 1, new.kind,
                      dict(new.data), len(self.events) + 1)
        self.state = RULES.evolve(self.state, event)
        self.events.append(event)
        return event

    def start_session(self) -> list[Event]:
        return []

    def rng(self, purpose: str = "") -> random.Random:
        return random.Random(f"{self.seed}:{len(self.events)}:{purpose}")

    def replayed(self) -> DevilsBluffState:
        state = RULES.initial_state()
        for event in self.events:
            state = RULES.evolve(state, event)
        return state

    def fighter(self, name: str) -> Fighter:
        found = self.state.find(name)
        assert found is not None, name
        return found[1]

    def stack(self, top: str) -> None:
        """Put these cards on top of the Draw Deck (a rigged deck), from the deck or the
        discard pile."""
        wanted = parse_cards(top)
        deck = self.state.deck
        rest = [c for c in deck.order if c not in wanted]
        dropped = [c for c in deck.discards if c not in wanted]
        self.state = replace(self.state, deck=Deck((*wanted, *rest), dropped))

    def give(self, player: str, hand: str) -> None:
        """Put these cards in a player's hand (a rigged hand); the old hand is discarded. A
        card another player holds is swapped there for one from the Draw Deck."""
        cards = tuple(parse_cards(hand))
        spare = [c for c in self.state.deck.order if c not in cards]
        state = self.state
        for other, held in self.state.hands:
            if other != player and any(c in held for c in cards):
                state = state.with_hand(other, tuple(
                    spare.pop(0) if c in cards else c for c in held))
        taken = {c for _, h in state.hands for c in h}
        deck = state.deck
        deck = Deck([c for c in deck.order if c not in cards and c not in taken],
                    (*(c for c in deck.discards if c not in cards),
                     *(c for c in state.hand(player) if c not in cards)))
        self.state = replace(state.with_hand(player, cards), deck=deck)


def one_off() -> Table:
    table = Table(6)
    build_one_off(cast(Campaign[Any], table))
    return table


def before_deployment() -> Table:
    """The one-off sample's gangs as their game begins: shuffled, not yet deployed."""
    table = one_off()
    started = [e.kind for e in table.events].index("devils_bluff.game_started")
    table.events = table.events[:started + 1]
    table.state = table.replayed()
    return table


def campaign() -> Table:
    table = Table(16)
    build_campaign(cast(Campaign[Any], table))
    return table


def two_gangs(first: str, second: str, first_gang: str = "The Hendry Boys",
              second_gang: str = "Bluff Regulators", *, mode: str = "campaign",
              hiring: str = "pool", leaders: tuple[str, str] = ("", ""),
              perks: tuple[str, str] = ("Quick", "Quick")) -> list[object]:
    """The set-up (a campaign hiring from a pool unless told) and two gangs, each with its
    Gang Leader with a Revolver ("<player> leader" unless `leaders` names it, Quick unless
    `perks` says), ready for the pool's roll-off: rounds 30 to 32 start from it."""
    return [ChooseSetUp(mode, hiring), FoundGang(first, first_gang),
            FoundGang(second, second_gang),
            *(Enlist(p, Recruit(name or f"{p} leader", LEADER, "Revolver", (perk,)))
              for p, name, perk in zip((first, second), leaders, perks, strict=True))]


def recruit(name: str, weapon: str = "Revolver", *perks: str, ability: str = "",
            unit: str = "Gunslinger", hired: bool = False) -> Recruit:
    return Recruit(name, unit, weapon, perks, ability, hired)


def with_perk(table: Table, name: str, perk: str) -> Table:
    """The model holds this perk too (as if it had gained it with a level)."""
    fighter = table.fighter(name)
    gang = table.state.owner(name)
    assert gang is not None
    held = replace(fighter.recruit, perks=(*fighter.recruit.perks, perk))
    table.state = table.state.with_gang(gang.with_fighter(replace(fighter, recruit=held)))
    return table


def codes(text: str) -> list[str]:
    return card_codes(parse_cards(text))


def unshuffled() -> tuple[int, ...]:
    return tuple(range(len(standard_cards())))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def campaign_sample(folder: Path) -> Campaign[Any]:
    """The campaign sample (the first game of a campaign), written into `folder`, open."""
    sample = next(s for s in SAMPLES if "campaign" in s.file)
    return open_campaign(write_sample(sample, folder), rules_for)


def pick(pilot: Any, table_id: str, name: str) -> None:
    """Put the table's cursor on a model's row at once (as a click would), so the test
    spends its time on the steps, not on walking the cursor down the rows."""
    from textual.widgets import DataTable

    table = pilot.app.screen.query_one(table_id, DataTable)
    table.focus()
    table.move_cursor(row=table.get_row_index(name))


def tokened(campaign: Campaign[DevilsBluffState]) -> str:
    """The first model to act attacks an enemy who evades (a token, win or lose) and ends;
    the enemy, its turn come, activates: it may Recover, attack, move, leave. Its name."""
    state = campaign.state
    assert state.battle is not None
    shooter = activatable(state)[0]
    enemy = next(g for g in state.gangs if g.player != state.battle.turn)
    target = next(f.name for f in enemy.fighters if f.hp > 2)
    campaign.execute(Activate(shooter))
    campaign.execute(Attack(shooter, target, evading=True))
    if campaign.state.battle is not None and campaign.state.battle.activation is not None:
        campaign.execute(EndActivation(shooter))
    campaign.execute(Activate(target))
    return target


def plain_sections(sections: Iterable[Section]) -> list[Section]:
    """The players' screen's sections with the no-break spaces that keep its names whole
    (`view.table_sections`, by `sections.whole`) read as spaces, as a reader reads them."""
    def plain(text: str) -> str:
        return text.replace("\u00a0", " ")

    return [replace(s, title=plain(s.title), lines=tuple(map(plain, s.lines)))
            if isinstance(s, Lines) else
            replace(s, title=plain(s.title), note=plain(s.note),
                    rows=tuple(tuple(map(plain, row)) for row in s.rows),
                    wide=tuple(tuple(map(plain, row)) for row in s.wide))
            for s in sections]


def table_sections(known: Any) -> list[Section]:
    """`view.table_sections`, its names read with plain spaces (`plain_sections`)."""
    return plain_sections(view.table_sections(known))


def player_sections(known: Any) -> list[Section]:
    """`view.player_sections`, its names read with plain spaces (`plain_sections`)."""
    return plain_sections(view.player_sections(known))


def acting_now(app: Any) -> bool:
    """A model of the app's campaign activates and the form that activated it is gone:
    what `a` and Enter bring, waited for (`tests.pilot.until`) where a `pause()` guessed
    and, on a loaded machine, the next key reached the Activate form still up (round 35)."""
    from gmscreen.ui.form import Form

    battle = app.campaign.state.battle
    return (battle is not None and battle.activation is not None
            and not isinstance(app.screen, Form))


async def defence_drawn(pilot: Any, *, lay: bool = False) -> str:
    """Answer the question an attack sent from its form asks once the app's Battle Skill
    cards give the target a Defence test (module line 43: the defender's player lays the
    hand then, or the top card is drawn): n, or y with `lay` (and n to the hands laid
    against it). The question asked, "" when none was (no Defence test, no hand to lay)."""
    from gmscreen.ui.confirm import Confirm
    from gmscreen.ui.form import Form
    from tests.pilot import until

    await until(pilot, lambda: not isinstance(pilot.app.screen, Form))
    asked = ""
    for answer in ("y" if lay else "n", "n"):
        screen = pilot.app.screen
        if not isinstance(screen, Confirm):
            break
        asked = asked or screen.question
        await pilot.press(answer)
        await until(pilot, lambda: pilot.app.screen is not screen)  # noqa: B023
    return asked
