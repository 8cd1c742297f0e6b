"""How each event changes the state: one small pure function per kind of payload."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace
from functools import wraps
from typing import Any, TypeVar

from gmscreen.core.cards import Card, Deck
from gmscreen.games.devils_bluff.draw import (
    CardMove,
    apply_moves,
    reshuffle_note,
)
from gmscreen.games.devils_bluff.events import (
    KINDS,
    AbilityChanged,
    Activated,
    ActivationEnded,
    ActivationResumed,
    AftermathClosed,
    Attacked,
    CampaignEnded,
    CardCorrected,
    CardDiscarded,
    CardDrawn,
    Deployed,
    Dismissed,
    Enlisted,
    FreeForgone,
    GameAbandoned,
    GameEnded,
    GameStarted,
    GangFounded,
    GangRenamed,
    HiredKept,
    InitiativeCorrected,
    LeavingAssaultRange,
    LevelGained,
    Mended,
    Moved,
    ObjectivesAgreed,
    PerkChanged,
    PicksRolled,
    PoolLaidOut,
    Recovered,
    Renamed,
    RoundStarted,
    Scored,
    ScoutPlaced,
    SetUp,
    Tested,
)
from gmscreen.games.devils_bluff.gangs import SHRUG_HEAL
from gmscreen.games.devils_bluff.log import (
    DEPLOYMENT_DRAWN,
    INITIATIVE_DRAWN,
    draws,
    totalled,
)
from gmscreen.games.devils_bluff.log import activation_ended as told_ended
from gmscreen.games.devils_bluff.log import activation_resumed as told_resumed
from gmscreen.games.devils_bluff.log import campaign_ended as told_campaign_ended
from gmscreen.games.devils_bluff.log import initiative_corrected as told_initiative
from gmscreen.games.devils_bluff.log import mended as told_mended
from gmscreen.games.devils_bluff.log import objectives as told_objectives
from gmscreen.games.devils_bluff.log import renamed as told_renamed
from gmscreen.games.devils_bluff.log import scored as told_scored
from gmscreen.games.devils_bluff.rules import RULES
from gmscreen.games.devils_bluff.state import (
    Activation,
    Aftermath,
    Battle,
    DevilsBluffState,
    Fighter,
    GameRecord,
    Gang,
    Parting,
)
from gmscreen.journal.events import SESSION_END, Event
from gmscreen.journal.payload import PayloadError

P = TypeVar("P")
#: one kind's evolver: the state and the event's payload to the state after it
Evolver = Callable[[DevilsBluffState, P], DevilsBluffState]


def next_turn(state: DevilsBluffState, after: str) -> str:
    """Who activates next: the next player in initiative order with a model still to
    activate; the same player again when only they have any; "" when nobody has."""
    battle = state.battle
    if battle is None or not battle.order:
        return ""
    order = battle.order
    start = order.index(after) + 1 if after in order else 0
    for player in (*order[start:], *order[:start]):
        gang = state.gang(player)
        if gang is not None and gang.can_activate:
            return player
    return ""


def _cards(state: DevilsBluffState, moves: tuple[CardMove, ...],
           hands: dict[str, tuple[Card, ...]]) -> DevilsBluffState:
    """The card moves and new hands an event records."""
    deck = state.deck
    for index, move in enumerate(moves):
        try:
            deck = apply_moves(deck, (move,))
        except ValueError as error:
            # a card drawn twice, or one a hand holds, in a journal mended by hand
            raise _Misfit(f"moves[{index}]", "does not fit the cards as they lie: "
                          f"{error}") from error
    state = replace(state, deck=deck)
    for player, cards in hands.items():
        state = state.with_hand(player, cards)
    return state


def _fighter(state: DevilsBluffState, name: str, **changes: Any) -> DevilsBluffState:
    found = state.find(name)
    if found is None:
        return state
    gang, fighter = found
    return state.with_gang(gang.with_fighter(replace(fighter, **changes)))


def _battle(state: DevilsBluffState, **changes: Any) -> DevilsBluffState:
    assert state.battle is not None
    return replace(state, battle=replace(state.battle, **changes))


def _activation(state: DevilsBluffState, **changes: Any) -> DevilsBluffState:
    assert state.battle is not None and state.battle.activation is not None
    return _battle(state, activation=replace(state.battle.activation, **changes))


def _told(state: DevilsBluffState, line: str,
          *laid: dict[str, tuple[Card, ...]] | None) -> DevilsBluffState:
    """The last thing resolved, as told, and the hands laid face up for it."""
    return replace(state, last=line, laid=tuple(
        (player, cards) for hands in laid if hands for player, cards in hands.items()))


def _spend(state: DevilsBluffState, event: Moved | Recovered | Attacked) -> DevilsBluffState:
    """The activation's bookkeeping an action records: the actions left, the free ones on
    offer, and the action taken (for the no-repeat rule)."""
    changes: dict[str, Any] = {}
    if event.actions_left is not None:
        changes["actions_left"] = event.actions_left
    for key in ("free_attacks", "free_advance"):
        if getattr(event, key, None) is not None:
            changes[key] = getattr(event, key)
    if event.action:
        assert state.battle is not None and state.battle.activation is not None
        changes["taken"] = (*state.battle.activation.taken, event.action)
    return _activation(state, **changes) if changes else state


class _Misfit(ValueError):
    """A recorded value that does not fit the state it comes to: `field` names it."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field} {problem}")
        self.field = field
        self.problem = problem


def _known(*fields: str) -> Callable[[Evolver[P]], Evolver[P]]:
    """An evolver whose event's `fields` name a player running a gang ("player") or a model
    on a roster (any other): a journal mended by hand that names nobody ("Ghost" activates)
    is refused naming the field, where it was folded as if the model were there, or failed
    with a bare AssertionError. An event that comes where the game cannot take it (a model
    activating with no game under way) is refused saying so, never with a bare assert."""
    def wrap(evolver: Evolver[P]) -> Evolver[P]:
        @wraps(evolver)
        def checked(state: DevilsBluffState, event: P) -> DevilsBluffState:
            kind = KINDS.kind_of_class(type(event))
            for key in fields:
                name = getattr(event, key)
                if key == "player" and state.gang(name) is None:
                    runs = " or ".join(g.player for g in state.gangs) or "nobody yet"
                    raise PayloadError(kind, key, f"names no player running a gang: {name!r} "
                                       f"(the gangs are run by {runs})")
                if key != "player" and state.find(name) is None:
                    raise PayloadError(kind, key, f"names no model on either roster: {name!r}")
            try:
                return evolver(state, event)
            except _Misfit as error:
                raise PayloadError(kind, error.field, error.problem) from error
            except AssertionError as error:
                where = ("with no game under way (before the game began or after it ended)"
                         if state.battle is None else "where the game cannot take it (no "
                         "model is activating, or no turn is owed)")
                raise PayloadError(kind, "", f"comes {where}") from error
        return checked
    return wrap


# -- gangs and hiring --------------------------------------------------------------------------


@RULES.evolves(SetUp)
@_known()
def set_up(state: DevilsBluffState, event: SetUp) -> DevilsBluffState:
    return replace(state, mode=event.mode, hiring=event.hiring,
                   settings=asdict(event.settings))


@RULES.evolves(GangFounded)
@_known()
def founded(state: DevilsBluffState, event: GangFounded) -> DevilsBluffState:
    return state.with_gang(Gang(event.player, event.name))


@RULES.evolves(Enlisted)
@_known("player")
def enlisted(state: DevilsBluffState, event: Enlisted) -> DevilsBluffState:
    gang = state.gang(event.player)
    assert gang is not None
    state = state.with_gang(gang.with_fighter(Fighter(event.recruit)))
    return replace(state, picker=state.picker if event.next_picker is None
                   else event.next_picker)


@RULES.evolves(Dismissed)
@_known("player", "fighter")
def dismissed(state: DevilsBluffState, event: Dismissed) -> DevilsBluffState:
    gang = state.gang(event.player)
    assert gang is not None
    state = state.with_gang(replace(gang, fighters=tuple(
        f for f in gang.fighters if f.name != event.fighter)))
    after = state.aftermath
    if after is None:
        return state
    # gone in the aftermath (a gun kept by mistake, say): its level and its keep go with
    # it, so the gang may keep another and the game's record names none of it
    kept = [(p, m) for p, m in zip(after.kept, after.kept_models, strict=False)
            if m != event.fighter]
    return replace(state, aftermath=replace(
        after, levelled=tuple(n for n in after.levelled if n != event.fighter),
        kept=tuple(p for p, _ in kept), kept_models=tuple(m for _, m in kept)))


@RULES.evolves(PicksRolled)
@_known()
def picks_rolled(state: DevilsBluffState, event: PicksRolled) -> DevilsBluffState:
    return replace(state, picker=event.first, picks_drawn=draws(event.draws))


@RULES.evolves(PoolLaidOut)
@_known()
def pool_laid_out(state: DevilsBluffState, event: PoolLaidOut) -> DevilsBluffState:
    return replace(state, pool=tuple((m.name, m.weapon) for m in event.models))


# -- deployment and turns ----------------------------------------------------------------------


@RULES.evolves(GameStarted)
@_known()
def game_started(state: DevilsBluffState, event: GameStarted) -> DevilsBluffState:
    gangs = tuple(replace(g, fighters=tuple(Fighter(f.recruit) for f in g.fighters))
                  for g in state.gangs)
    # the picks from a pool are over once the game begins; the next game rolls off again
    return replace(state, gangs=gangs, deck=Deck(event.deck), hands=(),
                   battle=Battle(event.number), aftermath=None, last="", laid=(),
                   picker="", picks_drawn="", moved_on=())


@RULES.evolves(Deployed)
@_known()
def deployed(state: DevilsBluffState, event: Deployed) -> DevilsBluffState:
    # the roll-off's cards lie face up: the last thing resolved till the round is drawn
    # (the status's deployment line says what they decided)
    state = replace(state, last=DEPLOYMENT_DRAWN + draws(event.draws), laid=())
    return _battle(_cards(state, event.moves, {}), deployment=event.order,
                   scouts=event.scouts)


@RULES.evolves(ScoutPlaced)
@_known("player", "fighter")
def scout_placed(state: DevilsBluffState, event: ScoutPlaced) -> DevilsBluffState:
    assert state.battle is not None
    # the status's deployment line shows who is left to place, so no "last" line
    return _battle(state, scouts=tuple(n for n in state.battle.scouts
                                       if n != event.fighter))


@RULES.evolves(RoundStarted)
@_known()
def round_started(state: DevilsBluffState, event: RoundStarted) -> DevilsBluffState:
    if state.battle is not None and event.round != state.battle.round + 1:
        # rounds come one after another: "Round 99 of 5" from a journal mended by hand
        raise PayloadError(KINDS.kind_of_class(RoundStarted), "round",
                           f"is {event.round}, where round {state.battle.round + 1} "
                           "comes next")
    state = _cards(state, event.moves, event.hands)
    gangs = tuple(replace(g, fighters=tuple(replace(f, activated=False) for f in g.fighters))
                  for g in state.gangs)
    # the last round's last resolution is no news in this one: the status starts afresh,
    # with the initiative draw, each player's cards and total, till something is resolved
    told = (f"{INITIATIVE_DRAWN}{totalled(event.draws)}; {event.order[0]} goes first and "
            "deals five to everyone"
            + reshuffle_note(event.moves))
    state = replace(state, gangs=gangs, last=told, laid=())
    state = _battle(state, round=event.round, order=event.order, activation=None, drawn=(),
                    return_fire=None, hail=None, parting=None, turn="", ended=None,
                    ended_drawn=(), drawn_next=(), initiative=tuple((d.player, d.cards)
                                                    for d in event.draws))
    return _battle(state, turn=next_turn(state, event.order[-1]))


@RULES.evolves(Activated)
@_known("player", "fighter")
def activated(state: DevilsBluffState, event: Activated) -> DevilsBluffState:
    # a card drawn before the model was chosen was this turn's (`drawn` empties as it ends)
    return _battle(state, activation=Activation(event.fighter), turn=event.player,
                   ended=None, ended_drawn=())


@RULES.evolves(ActivationResumed)
@_known("player", "fighter")
def activation_resumed(state: DevilsBluffState, event: ActivationResumed) -> DevilsBluffState:
    """Done taken back: the model has not activated yet this round, and goes on."""
    state = _fighter(state, event.fighter, activated=False)
    activation = Activation(event.fighter, event.actions_left, event.taken,
                            event.free_attacks, event.free_advance)
    return _told(_battle(state, activation=activation, turn=event.player, ended=None,
                         ended_drawn=(), drawn=event.drawn, drawn_next=event.drawn_since),
                 told_resumed(event))


@RULES.evolves(Moved)
@_known("fighter")
def moved(state: DevilsBluffState, event: Moved) -> DevilsBluffState:
    state = _battle(_spend(state, event), parting=None)
    if event.action != "Interact" and state.battle is not None:
        # an Advance or a Rush (a free one too) takes the model from whoever it fought
        state = _battle(state, close=tuple(pair for pair in state.battle.close
                                           if event.fighter not in pair))
    return _told(state, event.line)


@RULES.evolves(LeavingAssaultRange)
@_known("fighter")
def leaving(state: DevilsBluffState, event: LeavingAssaultRange) -> DevilsBluffState:
    state = _battle(state, parting=Parting(event.fighter, event.action, event.attackers))
    return _told(state, event.line)


@RULES.evolves(FreeForgone)
@_known("fighter")
def free_forgone(state: DevilsBluffState, event: FreeForgone) -> DevilsBluffState:
    if event.forgone == "Return Fire":
        state = _battle(state, return_fire=None)
    elif event.outside:
        state = _battle(state, hail=None)
    elif event.forgone == "Hail of Fire":
        state = _activation(state, free_attacks=0)
    else:
        state = _activation(state, free_advance=False)
    return _told(state, event.line)


@RULES.evolves(ActivationEnded)
@_known("player", "fighter")
def activation_ended(state: DevilsBluffState, event: ActivationEnded) -> DevilsBluffState:
    battle = state.battle
    assert battle is not None
    state = _fighter(state, event.fighter, activated=True)
    # a card drawn while Done was taken back counts for the turn after it (`drawn_next`)
    state = _battle(state, activation=None, return_fire=None, hail=None, parting=None,
                    drawn=battle.drawn_next, drawn_next=(), ended=battle.activation,
                    ended_drawn=battle.drawn)
    if event.let_go:  # what it let go stays in the status until the next thing resolved
        state = _told(state, told_ended(event))
    return _battle(state, turn=next_turn(state, event.player))


@RULES.evolves(Scored)
@_known("player")
def scored(state: DevilsBluffState, event: Scored) -> DevilsBluffState:
    assert state.battle is not None
    scores = dict(state.battle.scores)
    scores[event.player] = scores.get(event.player, 0) + event.points
    # a score is the last thing resolved, as the table saw it (the scores line adds it up)
    return _told(_battle(state, scores=tuple(scores.items())), told_scored(event))


@RULES.evolves(ObjectivesAgreed)
@_known()
def objectives_agreed(state: DevilsBluffState, event: ObjectivesAgreed) -> DevilsBluffState:
    assert state.battle is not None
    return _told(_battle(state, objectives=event.text, rounds=event.rounds),
                 told_objectives(event))


@RULES.evolves(Mended)
@_known("fighter")
def mended(state: DevilsBluffState, event: Mended) -> DevilsBluffState:
    found = state.find(event.fighter)
    assert found is not None
    state = _fighter(state, event.fighter, damage=found[1].profile.hp - event.hp,
                     tokens=event.tokens)
    return _told(state, told_mended(event))


def _between_games(state: DevilsBluffState, record: GameRecord) -> DevilsBluffState:
    """A game over: it goes into the record with the models it took out, and nothing of it
    is left on the table. The cards are gathered (no hands, the pack whole), every model
    stands unhurt with no token and nothing activated, and no test is the last thing
    resolved; the next game shuffles and starts its models afresh."""
    out = tuple((g.player, f.name) for g in state.gangs for f in g.fighters if f.out)
    record = replace(record, taken_out=out)
    gangs = tuple(replace(g, fighters=tuple(Fighter(f.recruit) for f in g.fighters))
                  for g in state.gangs)
    return replace(state, battle=None, record=(*state.record, record), hands=(),
                   gangs=gangs, deck=Deck.standard(), last="", laid=())


@RULES.evolves(GameEnded)
@_known()
def game_ended(state: DevilsBluffState, event: GameEnded) -> DevilsBluffState:
    record = GameRecord(event.number, tuple(event.scores.items()), event.winner, event.note)
    aftermath = Aftermath(event.number) if state.mode == "campaign" else None
    return replace(_between_games(state, record), aftermath=aftermath)


@RULES.evolves(GameAbandoned)
@_known()
def game_abandoned(state: DevilsBluffState, event: GameAbandoned) -> DevilsBluffState:
    # no aftermath: nobody gains a level or keeps a hired gun, who stay for the next game
    return _between_games(state, GameRecord(event.number, tuple(event.scores.items()), "",
                                            abandoned=True, round=event.round))


# -- the draw and hands ------------------------------------------------------------------------


@RULES.evolves(CardDrawn)
@_known("player")
def card_drawn(state: DevilsBluffState, event: CardDrawn) -> DevilsBluffState:
    state = _cards(state, event.moves, event.hands)
    assert state.battle is not None
    return _battle(state, drawn=(*state.battle.drawn, event.player))


@RULES.evolves(CardDiscarded)
@_known("player")
def card_discarded(state: DevilsBluffState, event: CardDiscarded) -> DevilsBluffState:
    return _cards(state, event.moves, event.hands)


# -- tests and the attack ----------------------------------------------------------------------


def _shrugged(state: DevilsBluffState, name: str) -> DevilsBluffState:
    """Shrug it Off: every model of the gang sheds its tokens; the model heals 3 HP, up to
    its own."""
    gang = state.owner(name)
    assert gang is not None
    for fighter in gang.fighters:
        state = _fighter(state, fighter.name, tokens=0)
    found = state.find(name)
    assert found is not None
    return _fighter(state, name, damage=max(0, found[1].damage - SHRUG_HEAL))


@RULES.evolves(Recovered)
@_known("fighter")
def recovered(state: DevilsBluffState, event: Recovered) -> DevilsBluffState:
    state = _spend(_cards(state, event.moves, event.hands), event)
    state = _fighter(state, event.fighter, tokens=event.tokens)
    if event.shrugged:
        state = _shrugged(state, event.fighter)
    return _told(state, event.line + reshuffle_note(event.moves), event.laid)


@RULES.evolves(Tested)
@_known("fighter")
def tested(state: DevilsBluffState, event: Tested) -> DevilsBluffState:
    state = _cards(state, event.moves, event.hands)
    if event.shrugged:
        state = _shrugged(state, event.fighter)
    return _told(state, event.line + reshuffle_note(event.moves), event.laid)


@RULES.evolves(Attacked)
@_known("fighter", "target")
def attacked(state: DevilsBluffState, event: Attacked) -> DevilsBluffState:
    state = _cards(state, event.moves, event.hands)
    if event.parting_shot:
        assert state.battle is not None and state.battle.parting is not None
        parting = state.battle.parting
        state = _battle(state, parting=replace(parting, attackers=tuple(
            a for a in parting.attackers if a != event.fighter)))
    elif event.free_return:
        state = _battle(state, return_fire=None)
    else:
        state = _spend(state, event)
    found = state.find(event.target)
    assert found is not None
    state = _fighter(state, event.target, damage=found[1].damage + event.damage,
                     tokens=event.target_tokens)
    state = _fighter(state, event.fighter, tokens=event.attacker_tokens)
    if event.return_fire:
        state = _battle(state, return_fire=(event.target, event.fighter))
    if event.hail is not None:
        state = _battle(state, hail=(event.fighter, event.hail) if event.hail else None)
    hail = state.battle.hail if state.battle is not None else None
    taken_out = state.find(event.target)
    if hail is not None and hail[0] == event.target and taken_out and taken_out[1].out:
        # a model owed Hail of Fire's attacks, taken out (a shot back at it): none come
        state = _battle(state, hail=None)
    pair = (event.fighter, event.target)
    if event.assault_range and state.battle is not None and pair not in state.battle.close \
            and pair[::-1] not in state.battle.close:
        state = _battle(state, close=(*state.battle.close, pair))
    # the log's line says when the draws ran the Draw Deck out; the status says it too
    return _told(state, event.line + reshuffle_note(event.moves),
                 *(hands.laid for hands in (event.skill_hand, event.defence_hand) if hands))


# -- between games -----------------------------------------------------------------------------


@RULES.evolves(LevelGained)
@_known("player", "fighter")
def level_gained(state: DevilsBluffState, event: LevelGained) -> DevilsBluffState:
    found = state.find(event.fighter)
    assert found is not None and state.aftermath is not None
    recruit = found[1].recruit
    recruit = replace(recruit, perks=(*recruit.perks, event.perk),
                      ability=event.ability or recruit.ability)
    aftermath = state.aftermath
    state = _fighter(state, event.fighter, recruit=recruit)
    return replace(state, aftermath=replace(
        aftermath, levelled=(*aftermath.levelled, event.fighter)))


@RULES.evolves(HiredKept)
@_known("player", "fighter")
def hired_kept(state: DevilsBluffState, event: HiredKept) -> DevilsBluffState:
    found = state.find(event.fighter)
    assert found is not None and state.aftermath is not None
    aftermath = state.aftermath
    if event.instead:
        # the gun kept by mistake is a hired gun again, and moves on as the aftermath closes
        was = state.find(event.instead)
        if was is None:
            raise PayloadError(KINDS.kind_of_class(HiredKept), "instead",
                               f"names no model on either roster: {event.instead!r}")
        state = _fighter(state, event.instead, recruit=replace(was[1].recruit, hired=True))
        kept = [(p, m) for p, m in zip(aftermath.kept, aftermath.kept_models, strict=False)
                if m != event.instead]
        aftermath = replace(aftermath, kept=tuple(p for p, _ in kept),
                            kept_models=tuple(m for _, m in kept))
    state = _fighter(state, event.fighter, recruit=replace(found[1].recruit, hired=False))
    return replace(state, aftermath=replace(aftermath, kept=(*aftermath.kept, event.player),
                                            kept_models=(*aftermath.kept_models,
                                                         event.fighter)))


@RULES.evolves(CampaignEnded)
@_known()
def campaign_ended(state: DevilsBluffState, event: CampaignEnded) -> DevilsBluffState:
    if event.winner and state.gang(event.winner) is None:
        raise PayloadError(KINDS.kind_of_class(CampaignEnded), "winner",
                           f"names no player running a gang: {event.winner!r}")
    return replace(state, ended=event.winner, ended_note=event.note,
                   last=told_campaign_ended(event))


@RULES.evolves(AftermathClosed)
@_known()
def aftermath_closed(state: DevilsBluffState, event: AftermathClosed) -> DevilsBluffState:
    gangs = tuple(replace(g, fighters=tuple(f for f in g.fighters if not f.recruit.hired))
                  for g in state.gangs)
    record = state.record
    if record and state.aftermath is not None:
        # the record of the game keeps what its aftermath came to
        after = state.aftermath
        kept = tuple((p, after.kept_by(p)) for p in after.kept)
        gone = tuple((g.player, f.name) for g in state.gangs for f in g.fighters
                     if f.recruit.hired)
        record = (*record[:-1], replace(record[-1], levelled=after.levelled, kept=kept,
                                        gone=gone))
    moved_on = tuple((g.player, f.recruit) for g in state.gangs for f in g.fighters
                     if f.recruit.hired)
    return replace(state, gangs=gangs, aftermath=None, picker="", picks_drawn="",
                   record=record, moved_on=moved_on)


# -- slips mended forward ----------------------------------------------------------------------


def _renamed_in(names: tuple[str, ...], old: str, new: str) -> tuple[str, ...]:
    return tuple(new if n == old else n for n in names)


def _pairs_renamed(pairs: tuple[tuple[str, str], ...], old: str,
                   new: str) -> tuple[tuple[str, str], ...]:
    """(player, model) or (model, model) pairs with the model's name set right."""
    return tuple((a if a != old else new, b if b != old else new) for a, b in pairs)


@RULES.evolves(Renamed)
@_known("player", "fighter")
def renamed(state: DevilsBluffState, event: Renamed) -> DevilsBluffState:
    """The model's new name wherever the state names it: its roster, the game being played
    and the record of the games it played."""
    old, new = event.fighter, event.name
    gang = state.owner(old)
    assert gang is not None
    state = state.with_gang(replace(gang, fighters=tuple(
        replace(f, recruit=replace(f.recruit, name=new)) if f.name == old else f
        for f in gang.fighters)))
    battle = state.battle
    if battle is not None:
        def moved(activation: Activation | None) -> Activation | None:
            return (replace(activation, fighter=new)
                    if activation is not None and activation.fighter == old else activation)
        parting = battle.parting
        state = replace(state, battle=replace(
            battle, activation=moved(battle.activation), ended=moved(battle.ended),
            scouts=_renamed_in(battle.scouts, old, new),
            return_fire=(_pairs_renamed((battle.return_fire,), old, new)[0]
                         if battle.return_fire is not None else None),
            hail=((new, battle.hail[1]) if battle.hail is not None and battle.hail[0] == old
                  else battle.hail),
            parting=(replace(parting, mover=new if parting.mover == old else parting.mover,
                             attackers=_renamed_in(parting.attackers, old, new))
                     if parting is not None else None),
            close=_pairs_renamed(battle.close, old, new)),
            # in a game, the table is told last of the rename: "Just now" no longer names
            # the model by the name its roster has dropped
            last=told_renamed(event))
    after = state.aftermath
    if after is not None:
        state = replace(state, aftermath=replace(
            after, levelled=_renamed_in(after.levelled, old, new),
            kept_models=_renamed_in(after.kept_models, old, new)))
    # a miniature of the pool picked and renamed is the same miniature: it goes back to the
    # pool under its new name, never as a second model beside it
    return replace(state, renamed=(*state.renamed, (old, new)),
                   pool=tuple((new if n == old else n, w) for n, w in state.pool),
                   record=tuple(replace(
        r, levelled=_renamed_in(r.levelled, old, new), kept=_pairs_renamed(r.kept, old, new),
        gone=_pairs_renamed(r.gone, old, new), taken_out=_pairs_renamed(r.taken_out, old, new))
        for r in state.record))


@RULES.on(SESSION_END)
def session_ended(state: DevilsBluffState, event: Event) -> DevilsBluffState:
    """The table rises: the models on the rosters are the ones it knows, by these names."""
    return replace(state, seen=tuple(f.name for g in state.gangs for f in g.fighters))


@RULES.evolves(GangRenamed)
@_known("player")
def gang_renamed(state: DevilsBluffState, event: GangRenamed) -> DevilsBluffState:
    gang = state.gang(event.player)
    assert gang is not None
    return state.with_gang(replace(gang, name=event.name))


@RULES.evolves(PerkChanged)
@_known("player", "fighter")
def perk_changed(state: DevilsBluffState, event: PerkChanged) -> DevilsBluffState:
    found = state.find(event.fighter)
    assert found is not None
    recruit = found[1].recruit
    return _fighter(state, event.fighter, recruit=replace(recruit, perks=tuple(
        event.perk if p == event.was else p for p in recruit.perks)))


@RULES.evolves(AbilityChanged)
@_known("player", "fighter")
def ability_changed(state: DevilsBluffState, event: AbilityChanged) -> DevilsBluffState:
    found = state.find(event.fighter)
    assert found is not None
    return _fighter(state, event.fighter, recruit=replace(found[1].recruit,
                                                         ability=event.ability))


@RULES.evolves(CardCorrected)
@_known("player")
def card_corrected(state: DevilsBluffState, event: CardCorrected) -> DevilsBluffState:
    """The card held takes the wrong one's place in the hand, and the wrong one its place
    in the Draw Deck."""
    hand = tuple(event.card if c == event.was else c for c in state.hand(event.player))
    deck = state.deck
    order = tuple(event.was if c == event.card else c for c in deck.order)
    return replace(state.with_hand(event.player, hand), deck=Deck(order, deck.discards))


@RULES.evolves(InitiativeCorrected)
@_known("player")
def initiative_corrected(state: DevilsBluffState, event: InitiativeCorrected
                         ) -> DevilsBluffState:
    """The card drawn takes the wrong one's place in the discard pile, and the wrong one its
    place in the Draw Deck; the order and whose turn it is follow the corrected totals."""
    deck = state.deck
    deck = Deck(tuple(event.was if c == event.card else c for c in deck.order),
                tuple(event.card if c == event.was else c for c in deck.discards))
    state = _told(replace(state, deck=deck), told_initiative(event))
    state = _battle(state, order=event.order, initiative=tuple((d.player, d.cards)
                                                               for d in event.draws))
    return _battle(state, turn=next_turn(state, event.order[-1]))
