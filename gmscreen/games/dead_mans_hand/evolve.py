"""How each event changes a match: one small pure function per kind of event.

A long campaign folds these tens of thousands of times, so each builds its new state in one
step (the posses with the changed model, then the state once) rather than replacing one
field after another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gmscreen.games.dead_mans_hand.attack import moving_target
from gmscreen.games.dead_mans_hand.events import (
    AttackDrawn,
    FormatChosen,
    GameAbandoned,
    GameSetUp,
    GameWon,
    MatchStarted,
    ModelBuried,
    ModelDeployed,
    ModelDismissed,
    ModelEdited,
    ModelLeft,
    ModelRecruited,
    ModelSurrendered,
    ModelUsed,
    PackReshuffled,
    PosseNamed,
    RecoveryDrawn,
    ResultPlayed,
    ScenarioLoaded,
    SecondResultDeclined,
    ShowdownWon,
    TurnEnded,
    WentAllIn,
    colour,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, missing, show, sort_cards, without
from gmscreen.games.dead_mans_hand.results import apply
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.showdown import bury, doomed, improve, mend, run_out, survived
from gmscreen.games.dead_mans_hand.state import (
    Attack,
    Colour,
    Draw,
    Effect,
    Format,
    GameRecord,
    Games,
    MatchRecord,
    MatchState,
    Mend,
    Model,
    Pack,
    Phase,
    Posse,
    Recruited,
    Status,
    Turn,
    changed,
    other,
)
from gmscreen.journal.events import SESSION_END, Event
from gmscreen.journal.payload import PayloadError


def _model(state: MatchState, name: str, key: str = "name") -> Model:
    """The model `name`, as the payload's field `key` names it. A damaged journal's event
    that names a model neither posse has is said naming that field, as a value out of its
    bounds is (the journal says which event; the log shows the campaign up to it)."""
    found = state.find(name)
    if found is None:  # the payload named a model this journal never recruited
        raise PayloadError("", key, f"is {name!r}, and neither posse has a model so called")
    return found


def _turn(state: MatchState) -> Turn:
    if state.turn is None:
        raise PayloadError("", "", "needs a game being played, and none is")
    return state.turn


def _attack(state: MatchState) -> Attack:
    if state.attack is None:
        raise PayloadError("", "", "needs an attack under way, and none is")
    return state.attack


@RULES.evolves(FormatChosen)
def format_chosen(state: MatchState, event: FormatChosen) -> MatchState:
    return changed(state, format=event.format, scenario=None)


@RULES.evolves_with_event(PosseNamed)
def posse_named(state: MatchState, event: PosseNamed, step: Event) -> MatchState:
    posse = state.posse(colour(event.colour))
    red, black = state.named_since
    if event.colour == "red":
        red = red or step.seq
    else:
        black = black or step.seq
    named = changed(state.with_posse(Posse(posse.colour, event.name, posse.models,
                                           event.player)), named_since=(red, black))
    if posse.player or not event.player:
        return named
    return _credited(named, posse.colour, event.player,
                     state.posse(other(posse.colour)).player)


def _credited(state: MatchState, side: Colour, player: str, other: str) -> MatchState:
    """A player named for a posse that had nobody named takes up the games of this match
    won with nobody named: those of `side` while the `other` posse's player is unnamed too
    (nobody swapped sides then, since a swap needs a player named), or every one once the
    other is named (the one player still unnamed won them, on whichever side). The table
    named its players after the Earps won the showdown, and it read "red 2, black 0 (Leon
    0, Stephen 0)"; the showdown's champion is credited the same way."""
    def theirs(winner: Colour | None, by: str) -> bool:
        return winner is not None and not by and (bool(other) or winner == side)

    games = state.games
    if any(theirs(record.winner, record.player) for record in games):
        games = Games(replace(record, player=player)
                      if theirs(record.winner, record.player) else record
                      for record in games)
    champion = (player if theirs(state.champion, state.champion_player)
                else state.champion_player)
    return changed(state, games=games, champion_player=champion)


@RULES.evolves_with_event(ModelRecruited)
def model_recruited(state: MatchState, event: ModelRecruited, step: Event) -> MatchState:
    model = Model(event.name, colour(event.colour), event.value, event.hits, event.kit,
                  civilian=event.civilian, horse=event.horse, bought_horse=event.horse,
                  hits_left=event.hits, weapons=event.kit,
                  recruited=Recruited(event.value, event.hits, event.kit, event.horse),
                  named_at=step.seq, changed_at=step.seq, seen_as=_seen_last_match(state, event),
                  recruited_at=step.seq)
    posse = state.posse(model.colour)
    return state.with_posse(Posse(posse.colour, posse.name, (*posse.models, model),
                                  posse.player))


def _seen_last_match(state: MatchState, event: ModelRecruited) -> str:
    """A model recruited for a new match that the table saw in the last one, by this name:
    recruited again as it was (A), it is the same model to the table."""
    if not state.past or state.games or state.phase is not Phase.BUILDING:
        return ""
    posse = state.past[-1].red if event.colour == "red" else state.past[-1].black
    if posse is None:
        return ""
    return next((m.seen_as for m in posse.models if m.name == event.name), "")


@RULES.on(SESSION_END)
def session_ended(state: MatchState, event: Event) -> MatchState:
    """The table rises: each model is remembered by the name it saw it by."""
    def seen(posse: Posse) -> Posse:
        return Posse(posse.colour, posse.name,
                     tuple(changed(m, seen_as=m.name) for m in posse.models), posse.player)
    return changed(state, red=seen(state.red), black=seen(state.black), named_since=(0, 0))


@RULES.evolves(ModelDismissed)
def model_dismissed(state: MatchState, event: ModelDismissed) -> MatchState:
    posse = state.posse(colour(event.colour))
    kept = tuple(m for m in posse.models if m.name != event.name)
    return state.with_posse(Posse(posse.colour, posse.name, kept, posse.player))


@RULES.evolves_with_event(ModelEdited)
def model_edited(state: MatchState, event: ModelEdited, step: Event) -> MatchState:
    old = _model(state, event.name)
    model = changed(old, name=event.new_name, weapons=event.weapons, horse=event.horse,
                    moving_target=event.moving_target, pinned=event.pinned,
                    shaken=event.shaken,
                    named_at=step.seq if event.new_name != event.name else old.named_at,
                    changed_at=step.seq)
    if event.plunder:
        model = changed(model, kit=event.weapons, bought_horse=event.horse)
    if event.civilian is not None:
        model = changed(model, civilian=event.civilian)
    if event.value is not None:
        model = changed(model, value=event.value)
    if event.hits is not None:
        model = changed(model, hits=event.hits, hits_left=event.hits)
    if event.plunder:  # put right while the posses are built: as if so recruited
        model = changed(model, recruited=Recruited(model.value, model.hits, model.kit,
                                                   model.bought_horse))
    if event.hits_left is not None:
        model = changed(model, hits_left=event.hits_left)
    pack = state.pack
    if event.coffin is not None and event.hits_left == 0:  # laid down on a card drawn
        model = changed(model, status=Status.DOWN, coffin=event.coffin, moving_target=False,
                        pinned=False, shaken=False)
        pack = Pack(pack.pile, without(pack.discard, [event.coffin]),
                    sort_cards((*pack.coffins, event.coffin)))
    elif event.coffin is not None:
        model = changed(model, status=Status.ON_TABLE, coffin=None)
        if event.turned is not None:  # typed wrong: back to the pile, the card turned drawn
            pack = Pack(sort_cards((*without(pack.pile, [event.turned]), event.coffin)),
                        sort_cards((*pack.discard, event.turned)),
                        without(pack.coffins, [event.coffin]))
        # the card was turned over all the same: to the discard, once nobody lies on it
        elif not any(m.status is Status.DOWN and m.coffin == event.coffin
                     for m in state.models() if m.name != old.name):
            pack = Pack(pack.pile, sort_cards((*pack.discard, event.coffin)),
                        without(pack.coffins, [event.coffin]))
    red, black = state.swapped(model, old.name)
    turn = state.turn
    if turn is not None and turn.in_use == old.name:
        turn = changed(turn, in_use=model.name)
    if model.name != old.name:
        red, black = (_aimed_anew(posse, old.name, model.name) for posse in (red, black))
    # the fallen's draws are told under the name the model goes by now
    draws = tuple(replace(draw, name=model.name) if draw.name == old.name else draw
                  for draw in state.draws)
    renamed = (state.renamed if model.name == old.name
               else (*state.renamed, (old.name, model.name)))
    return changed(state, red=red, black=black, turn=turn, pack=pack, draws=draws,
                   renamed=renamed,
                   last_attack=_renamed(_mended(state.last_attack, old.name, event),
                                        old.name, model.name))


def _aimed_anew(posse: Posse, old: str, new: str) -> Posse:
    """The posse with those that attacked a model renamed since aiming at its new name."""
    models = tuple(changed(m, aimed_at=new) if m.aimed_at == old else m for m in posse.models)
    return Posse(posse.colour, posse.name, models, posse.player)


def _renamed(attack: Attack | None, old: str, new: str) -> Attack | None:
    """The last attack, knowing the names its attacker and target go by now: it is told
    under the names it was played with, as the log tells it, each with its new one."""
    if attack is None or old == new:
        return attack
    if old in (attack.attacker, attack.attacker_now):
        attack = changed(attack, attacker_now="" if new == attack.attacker else new)
    if old in (attack.target, attack.target_now):
        attack = changed(attack, target_now="" if new == attack.target else new)
    return attack


def _mended(attack: Attack | None, name: str, event: ModelEdited) -> Attack | None:
    """The last attack, telling a model of it (or one laid on one of its cards) put right
    since: its hits left, or the coffin card it stands up off or lies down on."""
    if attack is None or event.hits_left is None:
        return attack
    if name not in (attack.attacker, attack.target) and event.coffin not in attack.cards:
        return attack
    put_right = Mend(event.new_name, event.hits_left, event.coffin, event.turned)
    return changed(attack, mended=(*attack.mended, put_right))


@RULES.evolves(ScenarioLoaded)
def scenario_loaded(state: MatchState, event: ScenarioLoaded) -> MatchState:
    return changed(state, format=Format.SINGLE, scenario=event.scenario)


def _fresh(posse: Posse, fmt: Format) -> Posse:
    """A posse as a new game starts: every model that may play with all its hits, its own
    weapons and no markers; a single game gives back a horse a Jack killed."""
    if fmt is Format.SHOWDOWN:
        models = tuple(m.afresh(m.horse) if m.fit else m for m in posse.models)
    else:
        models = tuple(m.afresh(m.bought_horse) for m in posse.models)
    return Posse(posse.colour, posse.name, models, posse.player)


def _waiting(posse: Posse) -> bool:
    return Status.RESERVE in [m.status for m in posse.models]


def _next_to_place(red: Posse, black: Posse, after: Colour) -> Colour | None:
    """Placing alternates; a posse with nobody left to place lets the other go on."""
    for side in (other(after), after):
        if _waiting(red if side == "red" else black):
            return side
    return None


@RULES.evolves(GameSetUp)
def game_set_up(state: MatchState, event: GameSetUp) -> MatchState:
    first = colour(event.first)
    red, black = _fresh(state.red, state.format), _fresh(state.black, state.format)
    pack = Pack(pile=without(FULL_PACK, [event.card]), discard=(event.card,))
    return changed(state, red=red, black=black, phase=Phase.DEPLOYING, game=event.game,
                   first=first, setup_card=event.card, turn=None, attack=None,
                   last_attack=None, pack=pack, draws=(),
                   sides_at_setup=(state.red.player, state.black.player),
                   deploying=_next_to_place(red, black, other(first)))


@RULES.evolves(ModelDeployed)
def model_deployed(state: MatchState, event: ModelDeployed) -> MatchState:
    model = _model(state, event.name)
    red, black = state.swapped(changed(model, status=Status.ON_TABLE))
    placing = _next_to_place(red, black, model.colour)
    if placing is not None:
        return changed(state, red=red, black=black, deploying=placing)
    first = state.first or model.colour
    return changed(state, red=red, black=black, deploying=None, phase=Phase.PLAYING,
                   turn=Turn(first))


@RULES.evolves(ModelUsed)
def model_used(state: MatchState, event: ModelUsed) -> MatchState:
    model = _model(state, event.name)
    turn = _turn(state)
    used = changed(model, moving_target=moving_target(event.move), pinned=False, shaken=False,
                   last_move=event.move.value, used_turn=turn.number)
    red, black = state.swapped(used)
    return changed(state, red=red, black=black,
                   turn=Turn(turn.colour, turn.number, model.name, event.move,
                             stopped=model.shaken, attacked=turn.attacked))


def _draw(pack: Pack, cards: Sequence[str], reshuffled: bool, key: str = "cards") -> Pack:
    pile, discard = pack.pile, pack.discard
    if reshuffled:
        pile, discard = sort_cards(pile + discard), ()
    _in_the_pile(pile, cards, key)
    return Pack(without(pile, cards), discard, pack.coffins)


def _in_the_pile(pile: Sequence[str], cards: Sequence[str], key: str) -> None:
    """A damaged journal's card already out of the pack (the set-up card, one in the
    discard or under a model) is said naming the field, as the rules refuse it when typed."""
    out = missing(pile, cards)
    if out:
        raise PayloadError("", key, f"holds {', '.join(show(code) for code in out)}, a card "
                           "already out of the pack")


@RULES.evolves(AttackDrawn)
def attack_drawn(state: MatchState, event: AttackDrawn) -> MatchState:
    turn = _turn(state)
    attacker = _model(state, event.attacker, "attacker")
    _model(state, event.target, "target")
    red, black = state.swapped(changed(attacker, aimed_at=event.target), attacker.name)
    return changed(state, red=red, black=black,
                   attack=Attack(event.attacker, event.target, event.weapon, event.yards,
                                 event.cards, band=event.range.value, power=event.power,
                                 modifiers=tuple(event.modifiers.items()),
                                 turn=turn.number),
                   turn=Turn(turn.colour, turn.number, turn.in_use, turn.move, turn.stopped,
                             attacked=True),
                   pack=_draw(state.pack, event.cards, event.reshuffled))


@RULES.evolves(WentAllIn)
def went_all_in(state: MatchState, event: WentAllIn) -> MatchState:
    attack = _attack(state)
    return changed(state, attack=changed(attack, cards=(*attack.cards, event.card), all_in=True),
                   pack=_draw(state.pack, [event.card], event.reshuffled, "card"))


@RULES.evolves(ResultPlayed)
def result_played(state: MatchState, event: ResultPlayed) -> MatchState:
    attack = _attack(state)
    if event.card not in attack.cards:
        raise PayloadError("", "card", f"is {show(event.card)}, not among the attack's cards "
                           f"({', '.join(show(code) for code in attack.cards)})")
    outcome = event.outcome
    laid_down: list[str] = []
    # the posses as the card leaves them, the state made once from them (it was made again
    # for each of the two models the card changed, then once more for the attack)
    red, black = state.red, state.black
    for name, key in ((event.attacker, "attacker"), (event.target, "target")):
        model = _model(state, name, key)
        after = apply(outcome, model)
        if (outcome.effect is Effect.RAN_OUT and name == outcome.winner
                and state.format is Format.SHOWDOWN and outcome.weapon):
            after = run_out(after, outcome.weapon)
        if model.on_table and after.status is Status.DOWN:
            laid_down.append(name)
        if after is not model:
            posse = red if after.colour == "red" else black
            posse = Posse(posse.colour, posse.name,
                          tuple(after if m.name == name else m for m in posse.models),
                          posse.player)
            red, black = (posse, black) if posse.colour == "red" else (red, posse)
    # who went down is what the fold finds (an older journal's event does not say)
    outcome = replace(outcome, down=tuple(laid_down))
    coffins = attack.coffins + ((event.card,) if laid_down else ())
    return changed(state, red=red, black=black,
                   attack=changed(attack, outcomes=(*attack.outcomes, outcome),
                                  awaiting_second=event.second_offered, coffins=coffins))


@RULES.evolves(SecondResultDeclined)
def second_result_declined(state: MatchState, event: SecondResultDeclined) -> MatchState:
    return changed(state, attack=changed(_attack(state), awaiting_second=False,
                                         second_declined=True))


@RULES.evolves(TurnEnded)
def turn_ended(state: MatchState, event: TurnEnded) -> MatchState:
    turn, pack, attack = _turn(state), state.pack, state.attack
    if attack is not None:
        spent = without(attack.cards, attack.coffins)
        pack = Pack(pack.pile, sort_cards(pack.discard + spent),
                    sort_cards(pack.coffins + attack.coffins))
    return changed(state, attack=None, last_attack=attack or state.last_attack,
                   turn=Turn(colour(event.next), turn.number + 1), pack=pack)


def _status(state: MatchState, name: str, status: Status) -> MatchState:
    red, black = state.swapped(changed(_model(state, name), status=status))
    return changed(state, red=red, black=black)


@RULES.evolves(ModelLeft)
def model_left(state: MatchState, event: ModelLeft) -> MatchState:
    return _status(state, event.name, Status.LEFT)


@RULES.evolves(ModelSurrendered)
def model_surrendered(state: MatchState, event: ModelSurrendered) -> MatchState:
    return _status(state, event.name, Status.SURRENDERED)


def _game_over(state: MatchState, record: GameRecord, improved: frozenset[str]) -> MatchState:
    """The game ends: survivors are mended (the `improved` grow tougher), and the pack is
    fresh but for the coffin cards, for the recovery draws. Between single games a survivor
    keeps the hits the game left it, as the fallen keep their coffin cards: the table reads
    how the game ended for each ("2/3" beside "0/1 on Joker", where the Oaf read "3/3"),
    and the next set-up takes every model afresh."""
    single = state.format is Format.SINGLE

    def mended(model: Model) -> Model:
        fresh = mend(improve(model) if model.name in improved else model)
        return changed(fresh, hits_left=model.hits_left) if single else fresh

    def counted(posse: Posse) -> Posse:
        return Posse(posse.colour, posse.name, tuple(
            mended(m) if survived(m) else m for m in posse.models), posse.player)

    attack = state.attack
    # a game won by its last attack passes no turn first: that attack's coffin cards are
    # kept out of the fresh pack here, and it stays the last attack on the Conflict tab
    coffins = state.pack.coffins if attack is None else sort_cards(
        state.pack.coffins + attack.coffins)
    # the record is linked after the games before it, which are not copied (`Games`): a
    # tuple copied them all at every game won, the square of a long match's games
    games = state.games.plus(record)
    return changed(state, red=counted(state.red), black=counted(state.black),
                   phase=Phase.AFTER_GAME, deploying=None, turn=None, attack=None,
                   last_attack=(state.last_attack if attack is None
                                else changed(attack, ended_game=True)),
                   pack=Pack(without(FULL_PACK, coffins), (), coffins), games=games)


@RULES.evolves(GameWon)
def game_won(state: MatchState, event: GameWon) -> MatchState:
    winner = None if event.winner is None else colour(event.winner)
    player = event.player
    if player is None and winner is not None:  # written before the event kept it
        player = state.posse(winner).player
    record = GameRecord(event.game, winner, player=player or "",
                        posse="" if winner is None else state.posse(winner).title)
    return _game_over(state, record, frozenset(event.improved))


@RULES.evolves(GameAbandoned)
def game_abandoned(state: MatchState, event: GameAbandoned) -> MatchState:
    return _game_over(state, GameRecord(event.game, None, abandoned=True), frozenset())


@RULES.evolves(ShowdownWon)
def showdown_won(state: MatchState, event: ShowdownWon) -> MatchState:
    """The showdown is over. The fallen lying on a King or a Joker are buried with it
    (`turns.past_saving` writes a `ModelBuried` for each first; a journal written before
    that has none, and its models read dead all the same)."""
    red, black = (Posse(posse.colour, posse.name, tuple(
        bury(m) if m.status is Status.DOWN and m.coffin is not None and doomed(m.coffin)
        else m for m in posse.models), posse.player) for posse in (state.red, state.black))
    player = event.player
    if player is None:  # written before the event kept it
        player = state.posse(colour(event.winner)).player
    return changed(state, red=red, black=black, phase=Phase.OVER,
                   champion=colour(event.winner), champion_player=player)


@RULES.evolves(MatchStarted)
def match_started(state: MatchState, event: MatchStarted) -> MatchState:
    """The posses built anew: their names (but a scenario's, which name its sides) and
    players stay, their models go; the last match is kept on record."""
    record = MatchRecord(state.match, state.format, state.scenario, state.games,
                         state.champion, state.champion_player, state.red, state.black)

    def emptied(posse: Posse) -> Posse:
        return Posse(posse.colour, "" if state.scenario else posse.name, (), posse.player)

    return MatchState(format=state.format, red=emptied(state.red), black=emptied(state.black),
                      match=event.match, past=(*state.past, record), renamed=state.renamed)


@RULES.evolves(RecoveryDrawn)
def recovery_drawn(state: MatchState, event: RecoveryDrawn) -> MatchState:
    model = _model(state, event.name)
    red, black = state.swapped(mend(model) if event.recovered else bury(model))
    pack = state.pack
    _in_the_pile(pack.pile, [event.card], "card")
    draw = Draw(event.name, event.coffin, event.card, event.recovered)
    return changed(state, red=red, black=black, draws=(*state.draws, draw),
                   pack=Pack(without(pack.pile, [event.card]),
                             sort_cards((*pack.discard, event.card)), pack.coffins))


@RULES.evolves(ModelBuried)
def model_buried(state: MatchState, event: ModelBuried) -> MatchState:
    red, black = state.swapped(bury(_model(state, event.name)))
    draw = Draw(event.name, event.coffin, None, recovered=False)
    return changed(state, red=red, black=black, draws=(*state.draws, draw))


@RULES.evolves(PackReshuffled)
def pack_reshuffled(state: MatchState, event: PackReshuffled) -> MatchState:
    pack = state.pack
    return changed(state, pack=Pack(sort_cards(pack.pile + pack.discard), (), pack.coffins))
