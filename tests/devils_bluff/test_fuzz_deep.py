"""Any Devils Bluff command, from a state deep in play, is decided or refused by a rule.

The shared fuzz (`tests/test_commands_fuzz.py`) starts from the samples' states, which stop
at the first round's first turn: most commands never pass their first check there. Here the
pure engine is driven (`helpers.Table`) to the steps of play further on: a model activating,
an attack half-way (free attacks, Return Fire, a move out of assault range waiting), a sixth
card held, a round over, the last round over, the Draw Deck run dry, a campaign's aftermath,
a hiring pool's picks, a game left off. From each, sequences of one to six commands drawn
with hypothesis (the shared file's strategies, fed the names, cards and shuffles that state
holds) are each refused by a RuleError naming its rule, or decided into events that fold
from their journaled data, are told in the log, and leave both views drawable. Now and then
the session ends among them, leaving off what is under way (`EndSession`, as the shell's
"Leave it off"): a game left off is over, and the next may start."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmscreen.core.cards import Deck, standard_cards
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
    GainLevel,
    KeepHired,
    Move,
    PlaceScout,
    Recover,
    RollOffForPicks,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, Recruit, abilities, perks, weapons
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.state import DevilsBluffState, setting_table
from gmscreen.games.devils_bluff.turns import why_not_start_game
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import as_text
from tests.devils_bluff.helpers import Table, before_deployment, campaign, one_off, table_sections
from tests.devils_bluff.test_book import given_ability, with_tokens
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded
from tests.test_commands_fuzz import (
    DERANDOMIZE,
    EXAMPLES,
    EndSession,
    Words,
    built,
    command_classes,
    folded,
    strategy,
    terms_of,
    words_in,
)

PACKAGE = "devils_bluff"
CLASSES = command_classes(PACKAGE)
TERMS = terms_of(PACKAGE)


# -- steps of play, reached by commands -------------------------------------------------------


def orders(table: Table) -> tuple[int, ...]:
    return shuffle_order(table.rng("shuffle"))


def turn_of(table: Table) -> str:
    battle = table.state.battle
    assert battle is not None
    return battle.turn


def first_ready(table: Table, player: str) -> str:
    gang = table.state.gang(player)
    assert gang is not None
    return next(f.name for f in gang.fighters if f.ready)


def activation(table: Table) -> None:
    """The player whose turn it is: a card drawn on the first turn of a round (the lowest
    held before it discarded), the first ready model shooting at the first enemy standing
    (Return Fire and free attacks let go), an Advance, and the activation's end."""
    player = turn_of(table)
    gang = table.state.gang(player)
    assert gang is not None
    battle = table.state.battle
    assert battle is not None
    if player not in battle.drawn and not any(f.activated for f in gang.fighters):
        table.execute(DrawCard(player, "", orders(table)))
        hand = table.state.hand(player)
        if len(hand) > 5:
            lowest = min(hand[:-1], key=lambda c: c.rank or 0)
            table.execute(Discard(player, lowest.code))
    model = first_ready(table, player)
    table.execute(Activate(model))
    enemy = next((f.name for g in table.state.gangs if g.player != player
                  for f in g.fighters if not f.out), None)
    if enemy is not None:
        table.execute(Attack(model, enemy, order_by=orders(table)))
    for _ in range(4):
        battle = table.state.battle
        assert battle is not None
        act = battle.activation
        if battle.return_fire is None and (act is None or not (
                act.free_attacks or act.free_advance)):
            break
        table.execute(Forgo())
    battle = table.state.battle
    assert battle is not None
    act = battle.activation
    if act is not None and act.actions_left and "Advance" not in act.taken:
        table.execute(Move(model, "Advance"))
    battle = table.state.battle
    assert battle is not None
    if battle.activation is not None:
        table.execute(EndActivation(battle.activation.fighter))


def round_played(table: Table) -> Table:
    for _ in range(40):
        if not turn_of(table):
            return table
        activation(table)
    raise AssertionError(f"the round never ended: {table.state.last}")


def next_round(table: Table) -> Table:
    table.execute(StartRound(orders(table)))
    return table


def stack_ranks(table: Table, ranks: str) -> None:
    """Cards of these ranks ("K Q 2") on top of the Draw Deck, taken from the deck and the
    discards only, so no card held in a hand is doubled."""
    free = [*table.state.deck.order, *table.state.deck.discards]
    top = []
    for rank in ranks.split():
        card = next(c for c in free if c.code[:-1] == rank and c not in top)
        top.append(card)
    table.stack(" ".join(c.code for c in top))


def with_hail_of_fire() -> Table:
    """Jesse Hendry (Hail of Fire) forced a critical hit with a hand: two free attacks
    wait."""
    table = one_off()
    assert turn_of(table) == HENDRY
    table.execute(Activate("Jesse Hendry"))
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    stack_ranks(table, "2 2")
    table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    return table


def with_return_fire() -> Table:
    """Sheriff Cole (Return Fire) saved with a critical Defence hand: he may shoot back."""
    table = hendry_to_act(one_off(), "Dutch")
    table.give(COLE, "Jc Jd 2h 4s 6c")
    stack_ranks(table, "K 2")
    table.execute(Attack("Dutch", "Sheriff Cole", defender_hand=True))
    return table


def with_run_and_gun() -> Table:
    """Ruth Cole (Run and Gun given for Precise Shot) forced a critical hit: her free
    Advance waits."""
    table = cole_acting("Ruth Cole")
    given_ability(table, "Ruth Cole", "Run and Gun")
    with_tokens(table, "Ruth Cole", 1)
    table.give(COLE, "9c 9d 2h 5s Qc")
    stack_ranks(table, "2 2")
    table.execute(Attack("Ruth Cole", "Dutch", hand=True))
    return table


def cole_acting(model: str = "Eli Crane") -> Table:
    """A model of Sheriff Cole's activating (a Hendry model passing first if need be)."""
    table = one_off()
    if turn_of(table) != COLE:
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate(model))
    return table


def leaving() -> Table:
    table = hendry_to_act(one_off(), "Dutch")
    table.execute(Move("Dutch", "Advance", leaving=("Eli Crane", "Marlow")))
    return table


def sixth_card() -> Table:
    table = one_off()
    table.execute(DrawCard(turn_of(table), order_by=orders(table)))
    return table


def with_tokens_acting() -> Table:
    table = one_off()
    player = turn_of(table)
    model = first_ready(table, player)
    with_tokens(table, model, 2)
    table.execute(Activate(model))
    return table


def taken_out_hands_laid() -> Table:
    """Eli Crane, on 1 HP, taken out by Dutch; then both players lay their hands on a test
    of Dutch's, which leaves them empty."""
    table = wounded(hendry_to_act(one_off(), "Dutch"), "Eli Crane", 1)
    stack_ranks(table, "K Q 2 3")
    table.execute(Attack("Dutch", "Eli Crane"))
    table.execute(AttributeTest("Dutch", "CMD", hand=True, contest=(COLE,)))
    return table


def house_rules() -> Table:
    """Every open point read the other way, two wounded enemies, a model activating."""
    table = agreed(one_off(), injuries="survival test", guns_in_assault=True,
                   fear_stacks=True, recover_needs_token=False, initiative_cards="one",
                   rapid_fire="plus one", suppressing="per hit", ace_fails=True,
                   king_capped_first=True, evade_token_always=False,
                   stealth_in_assault=False, rending="on a failed defence")
    for name in ("Eli Crane", "Deputy Ames", "Dutch", "Sonny"):
        wounded(table, name, 1)
    table.execute(Activate(first_ready(table, turn_of(table))))
    return table


def one_side_out() -> Table:
    """Round 2 with most of Cole's gang taken out: Hendry goes on alone once Cole's models
    have all activated."""
    table = next_round(round_played(one_off()))
    gang = table.state.gang(COLE)
    assert gang is not None
    for fighter in gang.fighters[2:]:
        wounded(table, fighter.name, 0)
    for _ in range(4):
        activation(table)
    return table


def deck_run_dry() -> Table:
    """Round 1 with a single card left in the Draw Deck, the rest discarded: any draw of
    two needs a shuffle of the discards."""
    table = one_off()
    deck = table.state.deck
    table.state = replace(table.state, deck=Deck(deck.order[:1], (*deck.discards,
                                                                  *deck.order[1:])))
    table.execute(Activate(first_ready(table, turn_of(table))))
    return table


def last_round_over() -> Table:
    table = one_off()
    for _ in range(4):
        round_played(table)
        next_round(table)
    round_played(table)
    table.execute(Score(HENDRY, 2, "the livery"))
    return table


def one_off_over() -> Table:
    table = last_round_over()
    table.execute(EndGame("at the livery"))
    return table


def aftermath() -> Table:
    table = campaign()
    table.execute(Score(HENDRY, 3))
    table.execute(EndGame("the bank job"))
    return table


def aftermath_half_done() -> Table:
    table = aftermath()
    table.execute(GainLevel("Ma Hendry", "Quick"))
    table.execute(KeepHired("Dutch"))
    return table


def between_campaign_games() -> Table:
    table = aftermath_half_done()
    table.execute(KeepHired("Deputy Ames"))
    table.execute(CloseAftermath())
    return table


def second_campaign_game() -> Table:
    """The campaign's second game, its first round dealt, the kept guns beside new ones,
    Ma Hendry a level up."""
    table = between_campaign_games()
    for player in (HENDRY, COLE):
        for i in range(8):
            table.execute(Enlist(player, Recruit(f"{player[:4]} gun {i}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    table.execute(StartGame(orders(table)))
    table.execute(Deploy((), orders(table)))
    return next_round(table)


def deck_emptied() -> Table:
    """Round 1's first turn with every card left in the Draw Deck discarded: the draw on
    the turn needs the discards shuffled."""
    table = one_off()
    deck = table.state.deck
    table.state = replace(table.state, deck=Deck((), (*deck.discards, *deck.order)))
    return table


def pool_founded() -> Table:
    """A one-off hiring from a pool: one gang founded and its leader enlisted."""
    table = Table(4)
    table.execute(ChooseSetUp("one-off", "pool"))
    table.execute(FoundGang(HENDRY, "The Hendry Boys"))
    table.execute(Enlist(HENDRY, Recruit("Ma Hendry", "Gang Leader", "Shotgun", (
        "Tough", "Cunning", "Fearsome", "Deadly"))))
    return table


def pool_to_roll_off() -> Table:
    """Both gangs founded with their leaders, the roll-off for the first pick to come."""
    table = pool_founded()
    table.execute(FoundGang(COLE, "Bluff Regulators"))
    table.execute(Enlist(COLE, Recruit("Sheriff Cole", "Gang Leader", "Revolver", (
        "Veteran", "Deadly", "Deft", "Tough"))))
    return table


def pool_picks() -> Table:
    """A campaign hiring from a pool: leaders enlisted, the roll-off made, picks begun."""
    table = Table(3)
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang(HENDRY, "The Hendry Boys"))
    table.execute(FoundGang(COLE, "Bluff Regulators"))
    table.execute(Enlist(HENDRY, Recruit("Ma Hendry", "Gang Leader", "Shotgun", ("Cunning",))))
    table.execute(Enlist(COLE, Recruit("Sheriff Cole", "Gang Leader", "Revolver",
                                       ("Deadly",))))
    table.execute(RollOffForPicks(orders(table)))
    picker = table.state.picker
    table.execute(Enlist(picker, Recruit("Dutch", GUNSLINGER, "Revolver", hired=True)))
    return table


def scouts_to_place() -> Table:
    table = before_deployment()
    table.execute(Deploy(("Cal Hendry",), orders(table)))
    return table


def left_off() -> Table:
    """A one-off game left off half-way through an activation (a session ended)."""
    table = cole_acting()
    for new in RULES.abandon(table.state):
        table.apply(new)
    return table


def second_round_acting() -> Table:
    table = next_round(round_played(one_off()))
    activation(table)
    table.execute(Activate(first_ready(table, turn_of(table))))
    table.execute(Move(table.state.battle.activation.fighter, "Rush"))  # type: ignore[union-attr]
    return table


STEPS: dict[str, Callable[[], Table]] = {
    "game started, not deployed": before_deployment,
    "deployed, a scout to place": scouts_to_place,
    "round 1, the first turn": one_off,
    "a sixth card held": sixth_card,
    "a model activating": cole_acting,
    "a model with two tokens activating": with_tokens_acting,
    "Hail of Fire's free attacks waiting": with_hail_of_fire,
    "Return Fire waiting": with_return_fire,
    "Run and Gun's free Advance waiting": with_run_and_gun,
    "leaving assault range, two attacks waiting": leaving,
    "a model taken out": taken_out_hands_laid,
    "house readings, wounded enemies": house_rules,
    "the Draw Deck run dry": deck_run_dry,
    "the Draw Deck empty on a turn": deck_emptied,
    "round 1 over": lambda: round_played(one_off()),
    "round 2, its first turn": lambda: next_round(round_played(one_off())),
    "round 2, a model half-way": second_round_acting,
    "one side out of models to activate": one_side_out,
    "the last round over": last_round_over,
    "a one-off game ended": one_off_over,
    "a campaign game's aftermath": aftermath,
    "an aftermath half done": aftermath_half_done,
    "between campaign games": between_campaign_games,
    "a campaign's second game": second_campaign_game,
    "one gang founded, hiring from a pool": pool_founded,
    "the pool's roll-off to come": pool_to_roll_off,
    "hiring from a pool": pool_picks,
    "a game left off": left_off,
}


@cache
def deep_states() -> tuple[tuple[str, DevilsBluffState], ...]:
    return tuple((name, step().state) for name, step in STEPS.items())


# -- what commands are drawn from a state -----------------------------------------------------

CODES = tuple(c.code for c in standard_cards())


def actors(state: DevilsBluffState) -> tuple[str, ...]:
    """The models a command could act with now: the one activating, the ones waiting to
    attack, the next scout; else the ready models of the player whose turn it is; after a
    campaign game the ones not yet levelled; else every model."""
    battle = state.battle
    found: list[str] = []
    if battle is not None:
        if battle.activation is not None:
            found.append(battle.activation.fighter)
        if battle.return_fire is not None:
            found.append(battle.return_fire[0])
        if battle.parting is not None:
            found += battle.parting.attackers
        found += battle.scouts[:1]
        gang = state.gang(battle.turn)
        if not found and gang is not None:
            found += [f.name for f in gang.fighters if f.ready]
    if state.aftermath is not None:
        # a level for a permanent model (drawn more often), a hired one kept
        found += [f.name for g in state.gangs for f in g.fighters
                  if not f.recruit.hired and f.name not in state.aftermath.levelled] * 6
        found += [f.name for g in state.gangs for f in g.fighters
                  if f.recruit.hired and g.player not in state.aftermath.kept]
    return tuple(found) or everyone(state)


def targets(state: DevilsBluffState) -> tuple[str, ...]:
    """The models an attack could be aimed at now: the one Return Fire or a parting shot
    waits for, or the standing enemies of the models acting."""
    battle = state.battle
    if battle is not None and battle.return_fire is not None:
        return (battle.return_fire[1],)
    if battle is not None and battle.parting is not None:
        return (battle.parting.mover,)
    mine = {gang.player for gang in (state.owner(name) for name in actors(state)) if gang}
    return tuple(f.name for g in state.gangs if g.player not in mine
                 for f in g.fighters if not f.out) or everyone(state)


def everyone(state: DevilsBluffState) -> tuple[str, ...]:
    return tuple(f.name for g in state.gangs for f in g.fighters) or ("Zeke",)


def cards_of(state: DevilsBluffState) -> tuple[str, ...]:
    """The codes of the cards a command might name: the top of the Draw Deck, the hands."""
    held = [c.code for _, hand in state.hands for c in hand]
    return (*(c.code for c in state.deck.order[:6]), *held) or CODES


def words_of(state: DevilsBluffState) -> Words:
    found: set[str] = set()
    names: set[str] = set()
    words_in(state, found, names)
    return Words(everyone(state), tuple(sorted(found | names)) or ("Zeke",), TERMS)


def mostly(valid: st.SearchStrategy[Any], other: st.SearchStrategy[Any]
           ) -> st.SearchStrategy[Any]:
    """`valid` about three times in four, so a command often gets past its first checks
    (hypothesis draws each branch of a `one_of` alike, however often it is repeated)."""
    return st.integers(0, 3).flatmap(lambda n: valid if n else other)


#: the commands of a step in a game: drawn thrice as often as the others while a game is
#: being played, and the others thrice as often between games
IN_PLAY = frozenset({Activate, Attack, AttributeTest, Deploy, Discard, DrawCard, EndActivation,
                     EndGame, Forgo, Move, PlaceScout, Recover, Score, StartRound})


def command_strategy(state: DevilsBluffState) -> st.SearchStrategy[Any]:
    """Any command, its fields drawn as the shared fuzz draws them a time in four, and
    otherwise from what the state offers: the models acting and their targets, the player
    whose turn it is, the cards on top and in the hands, a whole shuffle, the game's own
    units, weapons, perks and abilities."""
    words = words_of(state)
    codes = cards_of(state)
    anything = strategy(str, words)
    battle = state.battle
    players = (*((battle.turn,) if battle and battle.turn else ()), *state.players) or (
        "Zeke",)
    target = mostly(st.sampled_from(targets(state)), anything)
    shuffles = st.one_of(st.just(()), st.permutations(range(52)).map(tuple),
                         st.lists(st.integers(-3, 60), max_size=6).map(tuple))
    some_cards = st.lists(st.sampled_from(codes), min_size=1, max_size=5).map(" ".join)
    typed = mostly(st.just(""), st.one_of(some_cards, anything))
    top = tuple(c.code for c in state.deck.order[:20]) or CODES[:20]
    seats = state.players or ("Zeke",)

    def each_player(n: int) -> st.SearchStrategy[tuple[tuple[str, str], ...]]:
        """`n` cards from the top typed for each player (a roll-off, initiative, a hand)."""
        return st.permutations(top).map(lambda cards: tuple(
            (who, " ".join(cards[i * n:(i + 1) * n])) for i, who in enumerate(seats)))

    by_player = st.integers(0, 5).flatmap(lambda k: (
        st.just(()), st.just(()), st.just(()), st.sampled_from((1, 2)).flatmap(each_player),
        each_player(5), st.lists(st.tuples(mostly(st.sampled_from(players), anything), typed),
                                 max_size=3).map(tuple))[k])
    recruit = st.builds(
        Recruit, name=mostly(st.sampled_from(("Kid", "Drifter", "Mose")), anything),
        unit=mostly(st.just(GUNSLINGER), st.sampled_from(("Gang Leader", "Zeke"))),
        weapon=mostly(st.just("Revolver"), st.sampled_from((*weapons(), "Musket"))),
        perks=mostly(st.just(()), st.lists(st.sampled_from((*perks(), "Lucky")),
                                           max_size=5).map(tuple)),
        ability=mostly(st.just(""), st.sampled_from((*abilities(), "Luck"))),
        hired=mostly(st.just(True), st.just(False)))
    hands = st.lists(st.sampled_from(state.players or ("Zeke",)), max_size=2).map(tuple)
    special: dict[str, st.SearchStrategy[Any]] = {
        "fighter": mostly(st.sampled_from(actors(state)), anything),
        "target": target,
        "player": mostly(st.sampled_from(players), anything),
        "order_by": shuffles, "typed": typed,
        "discard": st.one_of(st.just(""), st.sampled_from(codes), anything),
        "card": mostly(st.sampled_from(codes), anything),
        "recruit": recruit,
        "perk": mostly(st.sampled_from(tuple(perks())), anything),
        "ability": mostly(st.just(""), st.one_of(st.sampled_from(tuple(abilities())),
                                                 anything)),
        "action": mostly(st.sampled_from(("Advance", "Rush", "Interact")),
                         st.sampled_from(("Attack", "Run", "advance"))),
        "attribute": mostly(st.sampled_from(("SKL", "DEF", "CMD")),
                            st.sampled_from(("MOV", "LUCK", "cmd", ""))),
        "cover": mostly(st.sampled_from(("none", "light", "heavy")),
                        st.sampled_from(("thick", "", "None"))),
        "evading": mostly(st.just(False), st.just(True)),
        "leaving": mostly(st.just(()), st.lists(target, max_size=3).map(tuple)),
        "contest": mostly(st.just(()), hands),
        "defence_contest": mostly(st.just(()), hands),
        "scouts": mostly(st.just(()), st.lists(st.sampled_from(everyone(state)),
                                               max_size=3).map(tuple)),
        "mode": mostly(st.sampled_from(("campaign", "one-off")), anything),
        "hiring": mostly(st.sampled_from(("controlled choice", "pool")), anything),
        "settings": mostly(st.lists(st.sampled_from(
            [(t.key, choice) for t in setting_table() for choice in t.choices]),
            max_size=3).map(tuple), st.lists(st.tuples(
                st.one_of(st.sampled_from([t.key for t in setting_table()]), anything),
                st.one_of(st.sampled_from([c for t in setting_table() for c in t.choices]),
                          st.integers(-1, 9), st.sampled_from((0.5, 6.0, "true", "")),
                          anything)), max_size=3).map(tuple)),
        "feared_by": mostly(st.integers(0, 2), st.integers(-3, 40)),
        "points": st.integers(-3, 12)}

    def one(cls: type) -> st.SearchStrategy[Any]:
        hints = typing.get_type_hints(cls)
        fields = {f.name: special[f.name] if f.name in special else
                  strategy(hints[f.name], words) for f in dataclasses.fields(cls) if f.init}
        for key in ("typed", "hands"):
            if key in fields and hints[key] is not str:
                fields[key] = by_player
        return mostly(st.builds(cls, **fields), built(cls, words))

    playing = state.battle is not None
    return st.one_of(*(one(cls) for cls in CLASSES
                       for _ in range(3 if (cls in IN_PLAY) == playing else 1)))


@cache
def strategies() -> tuple[st.SearchStrategy[Any], ...]:
    return tuple(command_strategy(state) for _, state in deep_states())


class Shim:
    """What `folded` asks of a campaign: the rules, and the events before (none)."""

    rules = RULES
    events: typing.ClassVar[list[Any]] = []


SHIM = cast(Campaign[Any], Shim())


def test_the_deep_states_are_each_a_different_step_of_play() -> None:
    states = deep_states()
    assert len(states) >= 12
    assert all(a != b for i, (_, a) in enumerate(states) for _, b in states[i + 1:])
    assert all(RULES.problems(state) == [] for _, state in states), [
        (name, RULES.problems(state)) for name, state in states if RULES.problems(state)]


#: the command classes decided at least once in a run (with a large count, every one is)
DECIDED: set[str] = set()


def test_any_command_from_deep_in_play_is_decided_or_refused_by_a_rule() -> None:
    count = len(deep_states())

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data(), start=st.integers(0, count - 1))
    def run(data: st.DataObject, start: int) -> None:
        name, state = deep_states()[start]
        # the session's end a draw in ten
        one = st.sampled_from([strategies()[start]] * 9 + [st.just(EndSession())]).flatmap(
            lambda drawn: drawn)
        commands = data.draw(st.lists(one, min_size=1, max_size=6), label=name)
        for command in commands:
            before = after = state
            for after, event in folded(SHIM, before, [command]):
                if RULES.kinds.knows(event.kind):  # not the session's own start and end
                    told = RULES.describe(event)
                    assert isinstance(told, str) and not told.startswith(
                        ("(a damaged event", "(an event that cannot be told")), (event, told)
                # no card lost or found, no roster over its limits
                assert RULES.problems(after) == [], (event, RULES.problems(after))
                as_text(view.dealer_sections(after))
                as_text(table_sections(view.table_knows(after)))
                DECIDED.add(type(command).__name__)
            if isinstance(command, EndSession) and before.battle is not None:
                # the game left off is over: the next one starts as any game does
                assert after.battle is None and why_not_start_game(after) is None, (
                    why_not_start_game(after))
            state = after

    run()
    assert DECIDED


def test_the_round_helpers_keep_every_card() -> None:
    table = last_round_over()
    assert table.state == table.replayed() and RULES.problems(table.state) == []
