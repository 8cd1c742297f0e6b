"""A game on the table, from its set-up card to the draws for the fallen (lines 21-59 and
145-159): who places and acts first, placing in turn, each turn one model's use, leaving
by a table edge, surrender, the game won and the showdown settled, the recovery draws; and
a game left off when a session ends with it under way.

The book gives its scenarios (lines 161-261) no aims of their own, no turn limit and no
winner but line 147's: a game goes to the posse left alone on the table, however the other
side went off it. So Jailbreak!'s convicts who all run off the table for freedom hand the
game to the guards, as line 155 has a losing side leave to save its men; the win is told
with that why ("..., the only posse left on the table"), and a table that plays the premise
otherwise judges it among themselves, the app counting by the book.

Each step has its `why_not_x(state, ...)`: the rule that stops it now, or None. With a
model's name it also asks about that model (the one highlighted on the tab).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from gmscreen.core.text import in_words
from gmscreen.games.dead_mans_hand import commands as c
from gmscreen.games.dead_mans_hand.attack import attack_refused, move_refused
from gmscreen.games.dead_mans_hand.events import (
    GameAbandoned,
    GameSetUp,
    GameWon,
    ModelBuried,
    ModelDeployed,
    ModelLeft,
    ModelSurrendered,
    ModelUsed,
    PackReshuffled,
    RecoveryDrawn,
    SecondResultDeclined,
    ShowdownWon,
    TurnEnded,
)
from gmscreen.games.dead_mans_hand.pack import colour_of, missing, show
from gmscreen.games.dead_mans_hand.posse import WINS_NEEDED, showdown_posse_problems
from gmscreen.games.dead_mans_hand.results import on
from gmscreen.games.dead_mans_hand.rules import (
    RULES,
    codes,
    member,
    named,
    refuse,
    why_not_model,
    why_not_now,
    why_not_phase,
)
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.showdown import doomed, neither_fields, recovers, survived
from gmscreen.games.dead_mans_hand.state import (
    COLOURS,
    Attack,
    Colour,
    Format,
    MatchRecord,
    MatchState,
    Model,
    Phase,
    Posse,
    Status,
    Turn,
    match_score,
    opening,
    other,
    side,
)
from gmscreen.games.dead_mans_hand.weapons import Move, reaches
from gmscreen.journal.rules import RuleError

# -- what stops a step now -----------------------------------------------------------------------


#: the rule a refusal of the draw for the fallen names, as its key, its form and F1 call it
#: (it read "Recovery", the word the key and F1 gave up in round 10)
FALLEN_RULE = "Draw for the fallen"


def fallen(state: MatchState) -> list[str]:
    """The models lying on their coffin cards."""
    return [m.name for m in state.models() if m.status is Status.DOWN]


def the_fallen(down: Sequence[Model]) -> tuple[list[Model], list[Model]]:
    """The fallen of a showdown game a card may save, and those lying on a King or a Joker,
    stone dead whatever is drawn, for whom no card is drawn (lines 151-153)."""
    past = [m for m in down if m.coffin is not None and doomed(m.coffin)]
    return [m for m in down if m not in past], past


def past_saving_said(past: Sequence[Model]) -> str:
    """"Slim on K♠ and Crouch and Doc on the Joker are past saving": those lying on a King or
    a Joker, each card named once after those lying on it (named one by one, seven of them
    took four rows at 80 columns)."""
    lying: dict[str, list[str]] = {}
    for model in past:
        if model.coffin is not None:
            lying.setdefault(model.coffin, []).append(model.name)
    named = in_words(f"{in_words(names)} {on(code)}" for code, names in lying.items())
    many = sum(map(len, lying.values())) > 1
    return f"{named} {'are' if many else 'is'} past saving"


def fallen_step(down: Sequence[Model]) -> str:
    """What the table does first with the fallen: draw for those a card may save (naming
    those past saving beside them), or only bury those past saving."""
    saved, past = the_fallen(down)
    if not saved:
        return f"bury the fallen ({past_saving_said(past)})"
    lost = f"; {past_saving_said(past)}" if past else ""
    return f"draw for the fallen ({', '.join(m.name for m in saved)}{lost})"


def winner_said(state: MatchState) -> str:
    """The posse that won the showdown as the line over the table names it ("The Black Hats
    (black)", "the red posse (Leon)"): the refusals once it is won read "the black posse"
    beside a posse the table knows by its name."""
    champion = state.champion
    assert champion is not None  # the showdown is won
    return side(state.posse(champion).title, champion, state.champion_player)


def moment(state: MatchState) -> str:
    """Where the match stands, in a few words (the reason a step of a game waits)."""
    if state.phase is Phase.BUILDING:
        return "the posses are being built; set up a game once they are ready"
    if state.phase is Phase.DEPLOYING:
        return f"the models are being placed: {state.deploying} places next"
    if state.phase is Phase.OVER:
        return f"{winner_said(state)} has won the showdown"
    if state.phase is Phase.AFTER_GAME:
        down = [m for m in state.models() if m.status is Status.DOWN]
        if state.format is Format.SHOWDOWN and down:
            # those on a King or a Joker are buried, not drawn for, as the line over the
            # table says: "draw for the fallen: Big Jim" read of one past saving
            return f"game {state.game} is over; {fallen_step(down)}"
        return f"game {state.game} is over; set up the next"
    return f"game {state.game} is under way"


def attack_barred(state: MatchState) -> str | None:
    """Why the model in use may not attack after its move (a Queen, flat out on foot)."""
    turn = state.turn
    model = state.find(turn.in_use) if turn and turn.in_use else None
    if turn is None or model is None or turn.move is None:
        return None
    return attack_refused(model, turn.move, stopped=turn.stopped)


def nothing_after(state: MatchState) -> bool:
    """The model in use has moved and may not attack (flat out on foot, stopped by a Queen,
    no weapon left, or none that fires after this move, as a civilian's rifle): nothing of
    its use remains, so the move ends it (line 39)."""
    turn = state.turn
    model = state.find(turn.in_use) if turn and turn.in_use else None
    if turn is None or turn.move is None or model is None:
        return False
    return attack_barred(state) is not None or not any(
        reaches(weapon, model.civilian, turn.move) for weapon in model.weapons)


def no_attack(state: MatchState) -> str:
    """Why the model in use, moved, may not attack (`nothing_after`), in the log's words."""
    turn = state.turn
    model = state.find(turn.in_use) if turn and turn.in_use else None
    if turn is None or model is None:
        return ""
    if turn.stopped:
        return "stopped by a Queen, it may not attack this time"
    if turn.move is Move.FLAT_OUT and not model.horse:
        return "on foot, it may not attack"
    if not model.weapons:
        return "it has no weapon left to attack with"
    return "none of its weapons fires after this move"


def why_not_turn(state: MatchState) -> RuleError | None:
    """A step of a turn needs a game being played and no attack being resolved."""
    refused = why_not_now(state)
    if refused is None and (state.phase is not Phase.PLAYING or state.turn is None):
        return RuleError("Order of play", f"no game is being played: {moment(state)}")
    return refused


def _in_use(state: MatchState) -> RuleError | None:
    """A turn uses one model: none may be picked once one is in use."""
    assert state.turn is not None
    in_use = state.turn.in_use
    if in_use is None:
        return None
    then = ("end the turn" if state.turn.attacked or attack_barred(state)
            else "attack or end the turn")
    return RuleError("Turns", f"{in_use} is being used this turn: {then}")


def _no_model_yet(state: MatchState) -> RuleError | None:
    assert state.turn is not None
    if state.turn.in_use is None:
        return RuleError("Turns", "use a model first: each turn uses one model, its move "
                         "first")
    return None


def why_not_use(state: MatchState, name: str | None = None) -> RuleError | None:
    """Use a model of the side whose turn it is, on the table (`name`: that model)."""
    refused = why_not_turn(state) or _in_use(state) or why_not_model(state, name)
    if refused is not None or name is None:
        return refused
    assert state.turn is not None
    model = named(state, name)
    if model.colour != state.turn.colour:
        theirs, posse = state.posse(model.colour), state.posse(state.turn.colour)
        return RuleError("Turns", f"{model.name} plays for "
                         f"{side(theirs.name, theirs.colour, theirs.player)}; it is the turn "
                         f"of {side(posse.name, posse.colour, posse.player)}", field="name")
    if not model.on_table:
        return RuleError("Turns", f"{off_the_table(model)}: a turn uses a model on the table",
                         field="name")
    return None


def off_the_table(model: Model) -> str:
    """Where a model that is not on the table is, in the tabs' words: a Dealer who used the
    dead read "Big Jim is not on the table" of a model lying on the table, on its card."""
    where = {
        Status.DOWN: f"is down on {show(model.coffin)}" if model.coffin else "is down",
        Status.DEAD: "is dead",
        Status.LEFT: "left by a table edge this game",
        Status.SURRENDERED: "gave up",
        Status.RESERVE: "is not placed",
    }.get(model.status, "is not on the table")
    return f"{model.name} {where}"


def why_not_leave(state: MatchState, name: str | None = None) -> RuleError | None:
    """Go off by a table edge: a whole use, which needs a move (a Jack forbids every one)."""
    refused = why_not_use(state, name)
    if refused is None and name is not None:
        why = move_refused(named(state, name), Move.SLOW)
        if why:
            return RuleError("Jack", f"{why}, and leaving by a table edge takes a move",
                             field="move")
    return refused


def why_not_end_turn(state: MatchState) -> RuleError | None:
    return why_not_turn(state) or _no_model_yet(state)


def why_not_surrender(state: MatchState, name: str | None = None) -> RuleError | None:
    refused = why_not_turn(state) or why_not_model(state, name)
    if refused is None and name is not None and not named(state, name).on_table:
        return RuleError("Surrender", f"{off_the_table(named(state, name))}: only a model on "
                         "the table gives up", field="name")
    return refused


#: what comes once neither posse has anybody left to field: the players' screen says it too,
#: so it names no key (nor does any word here: the Dealer may have set other keys)
NEITHER_FIELDS = ("neither posse has anybody left to field, so nobody wins the showdown: a "
                  "new match comes next")
#: and where the Dealer takes that step
NEW_MATCH_WHERE = "New match, on the Characters tab"


def why_not_set_up(state: MatchState) -> RuleError | None:
    """A new game: once the posses are ready, or once the last game's fallen have drawn."""
    if neither_fields(state.format, state.phase, state.models()):
        return RuleError("Showdown", f"{NEITHER_FIELDS} ({NEW_MATCH_WHERE})")
    if state.phase is Phase.OVER:
        return RuleError("Set-up", f"{winner_said(state)} has won; no game is set up "
                         "once the showdown is won")
    if state.phase in (Phase.DEPLOYING, Phase.PLAYING):
        return RuleError("Set-up", f"game {state.game} is under way; the next is set up "
                         "when it ends")
    showdown = state.format is Format.SHOWDOWN
    if showdown and fallen(state):
        down = [m for m in state.models() if m.status is Status.DOWN]
        return RuleError("Set-up", f"{fallen_step(down)} first")
    if showdown and state.phase is Phase.BUILDING:
        problems = [f"{state.posse(colour).title}: {problem}" for colour in COLOURS
                    for problem in showdown_posse_problems(state.posse(colour).models)]
        if problems:
            return RuleError("Posse", "; ".join(problems))
    for colour in COLOURS:
        fielded = [m for m in state.posse(colour).models if m.fit or not showdown]
        if not fielded:
            return RuleError("Posse", f"{state.posse(colour).title} has nobody to field")
    return None


def why_not_deploy(state: MatchState, name: str | None = None) -> RuleError | None:
    """Place a model: the sides place one at a time, the set-up card's colour first."""
    if state.phase is Phase.BUILDING:
        return RuleError("Placing", "set up a game first: its card says who places the "
                         "first model")
    if state.phase is not Phase.DEPLOYING:
        return RuleError("Placing", "every model is placed already")
    refused = why_not_model(state, name)
    if refused is not None or name is None:
        return refused
    model = named(state, name)
    if model.status is not Status.RESERVE:
        where = "already on the table" if model.on_table else model.status.value
        return RuleError("Placing", f"{model.name} is {where}, not waiting to be placed",
                         field="name")
    if model.colour != state.deploying:
        return RuleError("Placing", f"placing alternates: {state.deploying} places next",
                         field="name")
    return None


def drawing(state: MatchState) -> list[str]:
    """The fallen a card may save: those lying on a coffin card that is not a King or a
    Joker, each asked for a card after a showdown game."""
    return [m.name for m in state.models()
            if m.status is Status.DOWN and m.coffin is not None and not doomed(m.coffin)]


def recovery_card_refused(state: MatchState, code: str,
                          earlier: Sequence[tuple[str, str]] = ()) -> str | None:
    """Why `code` cannot be the card drawn for one of the fallen, after the (name, code)
    pairs `earlier` drawn in the same step: it lies under a fallen model as its coffin card
    (the draws come from a fresh pack without the coffin cards), or it was drawn for another
    already; None when the pack holds it."""
    pile = state.pack.pile
    if not missing(pile, [code]):
        # only the same card drawn before counts: one refused before takes nothing from the pile
        before = [name for name, drawn in earlier if drawn == code]
        if not missing(pile, [code] * (len(before) + 1)):
            return None
        return f"{show(code)} is drawn for {before[0]} already; the pack holds each card once"
    lying = [m.name for m in state.models() if m.status is Status.DOWN and m.coffin == code]
    if lying:
        return (f"{show(code)} lies under {' and '.join(lying)} as a coffin card; the fallen "
                "draw from a fresh pack without the coffin cards")
    return f"{show(code)} is not in the pack"


def card_field(index: int) -> str:
    """The field of the card drawn for the `index`th model of `drawing` (from 0)."""
    return f"card{index + 1}"


def why_not_recover(state: MatchState) -> RuleError | None:
    """The draws for the fallen, all in one step once a showdown game is over and while a
    game remains for those who pull through."""
    if state.format is not Format.SHOWDOWN:
        return RuleError(FALLEN_RULE, "the fallen draw to recover only in a Dramatic Showdown")
    down = fallen(state)
    if down and state.phase is Phase.PLAYING:
        return RuleError(FALLEN_RULE, "the fallen draw for their lives once the game is over")
    if down and state.phase is Phase.OVER:
        return RuleError(FALLEN_RULE, f"{winner_said(state)} has won the showdown; the "
                         "fallen draw only to fight in the games that remain, and none does")
    if not down or state.phase is not Phase.AFTER_GAME:
        return RuleError(FALLEN_RULE, "nobody lies on a coffin card")
    return None


def why_not_reshuffle(state: MatchState) -> RuleError | None:
    """The discard goes back between attacks while a game is played (beyond the book):
    not while the models are placed, nor while an attack's cards lie on the table, nor
    after the game, whose next one is dealt a full pack."""
    if state.phase is Phase.BUILDING:
        return RuleError("Pack", "the pack is dealt once a game is set up")
    if state.phase is Phase.DEPLOYING:
        return RuleError("Pack", "no card is drawn while the models are placed; reshuffle "
                         "between attacks")
    if state.phase is Phase.AFTER_GAME:
        return RuleError("Pack", "the game is over: the next game is dealt a full pack")
    refused = why_not_phase(state, Phase.PLAYING, doing="reshuffle")
    if refused is None and state.attack is not None:
        return RuleError("Pack", "the attack's cards are still on the table: reshuffle once "
                         "it is over")
    if refused is None and not state.pack.discard:
        return RuleError("Pack", "the discard is empty")
    return refused


def rematch_card(state: MatchState) -> str | None:
    """The last game's set-up card, once the players have swapped sides after a scenario's
    game: the book plays its uneven fights twice, sides swapped, set up the same (line 261),
    where a new card might let the other side place first."""
    red, black = state.sides_at_setup
    if (state.scenario and state.format is Format.SINGLE and state.phase is Phase.AFTER_GAME
            and state.setup_card and red and black and red != black
            and (state.red.player, state.black.player) == (black, red)):
        return state.setup_card
    return None


def rematch_said(state: MatchState, card: str) -> str:
    """The Set up form's word on the card it offers for the rematch."""
    first = colour_of(card)
    return (f"The sides are swapped: game {state.game}'s set-up card {show(card)} is typed in "
            f"again, so the {first} posse places and acts first as before (the book plays an "
            "uneven fight twice, set up the same); clear it for the app to draw anew.")


# -- the steps -----------------------------------------------------------------------------------


def setup_card_refused(cards: Sequence[str]) -> str | None:
    """Why the set-up card cannot say who goes first: a Joker has no colour (line 23)."""
    return "a Joker has no colour; draw another card" if any(
        colour_of(code) is None for code in cards) else None


@RULES.decides(c.SetUpGame)
def set_up_game(state: MatchState, command: c.SetUpGame) -> list[object]:
    refuse(why_not_set_up(state))
    (code,) = codes([command.card], field="card")
    refused = setup_card_refused([code])
    if refused is not None:
        raise RuleError("Set-up card", refused, field="card")
    first = colour_of(code)
    assert first is not None  # a card without a colour is refused above
    return [GameSetUp(state.game + 1, code, first)]


@RULES.decides(c.Deploy)
def deploy(state: MatchState, command: c.Deploy) -> list[object]:
    refuse(why_not_deploy(state, command.name))
    model = named(state, command.name)
    return [ModelDeployed(model.name, model.colour)]


@RULES.decides(c.UseModel)
def use_model(state: MatchState, command: c.UseModel) -> list[object]:
    refuse(why_not_use(state, command.name))
    model = named(state, command.name)
    move = member(Move, command.move, "Moves", "move")
    refused = move_refused(model, move)
    if refused:
        raise RuleError("Jack", refused, field="move")
    used = ModelUsed(model.name, model.colour, move)
    after = RULES.after(state, [used])
    if nothing_after(after):
        # the log says why no attack follows the move, and that the turn passes; under a
        # Jack and a Queen at once (lines 110, 112), both: it stands, and it may not attack
        why = no_attack(after)
        if model.pinned and after.turn is not None and after.turn.stopped:
            why = ("pinned by a Jack and stopped by a Queen, it may neither move nor attack "
                   "this time")
        return closing(state, [replace(used, no_attack=why)])
    return [used]


@RULES.decides(c.EndTurn)
def end_turn(state: MatchState, command: c.EndTurn) -> list[object]:
    refuse(why_not_end_turn(state))
    return closing(state, [])


@RULES.decides(c.LeaveTable)
def leave_table(state: MatchState, command: c.LeaveTable) -> list[object]:
    refuse(why_not_leave(state, command.name))
    model = named(state, command.name)
    move = member(Move, command.move, "Moves", "move")
    if move is Move.STILL:
        raise RuleError("Leaving", "a model leaves by a table edge with a move", field="move")
    return closing(state, [ModelLeft(model.name, model.colour, move)])


@RULES.decides(c.Surrender)
def surrender(state: MatchState, command: c.Surrender) -> list[object]:
    refuse(why_not_surrender(state, command.name))
    model = named(state, command.name)
    gave_up = ModelSurrendered(model.name, model.colour,
                               for_good=state.format is Format.SHOWDOWN)
    assert state.turn is not None
    if state.turn.in_use == model.name:
        return closing(state, [gave_up])
    return [gave_up, *game_over(RULES.after(state, [gave_up]))]


@RULES.decides(c.DrawForTheFallen)
def draw_for_the_fallen(state: MatchState, command: c.DrawForTheFallen) -> list[object]:
    """A card for each of the fallen a card may save; those on a King or a Joker buried."""
    refuse(why_not_recover(state))
    chances = drawing(state)
    given: dict[str, str] = {}
    for name, text in command.cards:
        if name in given:
            raise RuleError(FALLEN_RULE, f"one card is drawn for {name}, not two",
                            field=card_field(chances.index(name)) if name in chances
                            else "cards")
        given[name] = text
        model = named(state, name, field="cards")
        if model.status is not Status.DOWN or model.coffin is None:
            raise RuleError(FALLEN_RULE, f"{name} is not lying on a coffin card", field="cards")
        if name not in chances:
            raise RuleError(FALLEN_RULE, f"{name} lies on {show(model.coffin)}: no card saves a "
                            "model on a King or a Joker", field="cards")
    done: list[object] = []
    drawn: list[tuple[str, str]] = []
    for model in (m for m in state.models() if m.status is Status.DOWN):
        assert model.coffin is not None
        if model.name not in chances:
            done.append(ModelBuried(model.name, model.colour, model.coffin))
            continue
        field = card_field(chances.index(model.name))
        if model.name not in given:
            raise RuleError(FALLEN_RULE, f"{model.name} lies on {show(model.coffin)} and needs "
                            "a card drawn", field=field)
        (code,) = codes([given[model.name]], field=field)
        refused = recovery_card_refused(state, code, drawn)
        if refused is not None:
            raise RuleError(FALLEN_RULE, refused, field=field)
        drawn.append((model.name, code))
        done.append(RecoveryDrawn(model.name, model.colour, code, model.coffin,
                                  recovers(model.coffin, code)))
    return [*done, *showdown_settled(RULES.after(state, done))]


@RULES.decides(c.Reshuffle)
def reshuffle(state: MatchState, command: c.Reshuffle) -> list[object]:
    refuse(why_not_reshuffle(state))
    return [PackReshuffled(len(state.pack.discard))]


# -- the end of a use, of a game, of a showdown --------------------------------------------------


def closing(state: MatchState, done: list[object]) -> list[object]:
    """The use is over: the game may be won, else the turn passes. A game won passes no
    turn (the log once told "The black posse's turn." just before the game went to the red
    posse); the attack's cards are put away with the game (`evolve._game_over`)."""
    assert state.turn is not None
    won = game_over(RULES.after(state, done))
    if won:
        return [*done, *won]
    following = state.posse(other(state.turn.colour))
    return [*done, TurnEnded(state.turn.colour, following.colour, following.name,
                             following.player)]


def game_over(state: MatchState) -> list[object]:
    """The game is won once one posse alone stands on the table (by nobody when none does)."""
    standing = {colour: state.posse(colour).on_table() for colour in COLOURS}
    if all(standing.values()):
        return []
    winner: Colour | None = next((colour for colour in COLOURS if standing[colour]), None)
    player = None if winner is None else state.posse(winner).player
    posse = None if winner is None else state.posse(winner).name
    won = GameWon(state.game, winner, player=player, posse=posse)
    settled = showdown_settled(RULES.after(state, [won]))
    if state.format is Format.SHOWDOWN and not settled:
        # survivors grow tougher for the games to come (line 149): none follows the game
        # that settles the showdown
        improved = tuple(m.name for m in state.models() if survived(m))
        won = GameWon(state.game, winner, improved, player=player, posse=posse)
    return [won, *settled]


def past_saving(state: MatchState) -> list[object]:
    """The fallen lying on a King or a Joker as the showdown is won: stone dead whatever
    would be drawn (line 153), so buried now, though no draw follows the last game; those
    on a number keep their card."""
    return [ModelBuried(m.name, m.colour, m.coffin) for m in state.models()
            if m.status is Status.DOWN and m.coffin is not None and doomed(m.coffin)]


def showdown_settled(state: MatchState) -> list[object]:
    """The showdown ends at two wins, or when a posse has nobody left to field."""
    if state.format is not Format.SHOWDOWN or state.champion is not None:
        return []
    for colour in COLOURS:
        if state.wins(colour) >= WINS_NEEDED:
            return [*past_saving(state), ShowdownWon(colour, state.wins(colour),
                                                     player=state.posse(colour).player,
                                                     posse=state.posse(colour).name)]
    if fallen(state):
        return []
    empty = [colour for colour in COLOURS if not any(m.fit for m in state.posse(colour).models)]
    if len(empty) == 1:
        winner = other(empty[0])
        # the loser named as the winner is, and as the tabs name it: "The Black Hats (black)
        # wins the showdown (the red posse has nobody left)" named the Callahans two ways
        loser = state.posse(empty[0]).name or f"the {empty[0]} posse"
        return [ShowdownWon(winner, state.wins(winner), f"{loser} has nobody left",
                            state.posse(winner).player, state.posse(winner).name)]
    return []



# -- a session ending with a game under way ------------------------------------------------------


class Standing(Protocol):
    """What says where a game stands: the state, or what the table knows of it."""

    @property
    def phase(self) -> Phase: ...
    @property
    def game(self) -> int: ...
    @property
    def format(self) -> Format: ...
    @property
    def scenario(self) -> str | None: ...
    @property
    def turn(self) -> Turn | None: ...
    @property
    def attack(self) -> Attack | None: ...
    @property
    def past(self) -> tuple[MatchRecord, ...]: ...
    def posse(self, colour: Colour) -> Posse: ...


def showdown_title(past: Sequence[MatchRecord]) -> str:
    """The showdown under way as the line over the table names it: "Dramatic Showdown",
    and from the campaign's second on, "Dramatic Showdown 2"."""
    number = 1 + sum(1 for match in past if match.format is Format.SHOWDOWN)
    return "Dramatic Showdown" + (f" {number}" if number > 1 else "")


def game_words(state: Standing) -> str:
    """The game under way, named as the table would: "game 2 of the Dramatic Showdown", of
    a campaign's second "game 2 of Dramatic Showdown 2", as the line over the table calls
    it (the question ending the session, its notice and the recap said "the Dramatic
    Showdown" of every one)."""
    scenario = SCENARIOS.get(state.scenario or "")
    if state.format is Format.SHOWDOWN:
        return f"game {state.game} of {the_showdown(state.past)}"
    return f'game {state.game} of "{scenario.title}"' if scenario else f"game {state.game}"


def the_showdown(past: Sequence[MatchRecord]) -> str:
    """The showdown under way, in a sentence: "the Dramatic Showdown", "Dramatic Showdown 2"."""
    title = showdown_title(past)
    return "the " + title if title == "Dramatic Showdown" else title


@RULES.tells_under_way
def under_way(state: MatchState) -> str | None:
    """A game set up and not yet won, and the attack half-way in it (cards drawn, a result
    card still to play or a second card still to take), in words; None when none is."""
    return going_on(state)


def going_on(state: Standing) -> str | None:
    """`under_way`, from the state or from what the table knows of it (the recap)."""
    if state.phase is Phase.DEPLOYING:
        return f"{game_words(state)}, its models being placed"
    if state.phase is not Phase.PLAYING or state.turn is None:
        return None
    # the posse to play by its name, as the tabs call it: "(the black posse's)" read of
    # The Black Hats in the question that ends the session and in the recap
    said = (f"{game_words(state)}, at turn {state.turn.number} "
            f"({possessive(state.posse(state.turn.colour).title)})")
    attack = state.attack
    if attack is None:
        return said
    waiting = (f"{attack.target}'s second card not yet taken or declined"
               if attack.awaiting_second else "its result card not yet played")
    return f"{said}, with {attack.attacker}'s attack on {attack.target} half-way: {waiting}"


def possessive(name: str) -> str:
    """`name` owning what follows: "The Callahan Gang's", "The Black Hats'"; an unnamed
    posse's title, "The red posse", read mid-sentence as "the red posse's"."""
    if name in (f"The {colour} posse" for colour in COLOURS):
        name = name[:1].lower() + name[1:]
    return name + ("'" if name.endswith("s") else "'s")


@RULES.tells_before_session_ends
def before_session_ends(state: MatchState) -> str | None:
    """After a showdown game whose fallen are not yet drawn for or buried, the question
    that ends the session says so (it asked "End session 1?" alone): the step waits for
    the next session, which names it as it begins."""
    down = [m for m in state.models() if m.status is Status.DOWN]
    if state.phase is not Phase.AFTER_GAME or state.format is not Format.SHOWDOWN or not down:
        return None
    return (f"Game {state.game}'s fallen wait: {fallen_step(down)} on the Conflict tab, now "
            "or as the next session begins.")


@RULES.tells_session_begun
def session_begun(state: MatchState) -> str | None:
    """As a session begins: the game carried into it, or where the match stands between
    games and what comes first (the fallen's draw, the next game, a new match); None while
    the posses are built."""
    carried = under_way(state)
    if carried is not None:
        return f"Under way: {carried}; it goes on on the Conflict tab."
    score = match_score(state.games, state.red.player, state.black.player)
    if state.phase is Phase.OVER:
        return (f"{opening(winner_said(state))} won the showdown, {score}: "
                f"{NEW_MATCH_WHERE}, begins another.")
    if state.phase is not Phase.AFTER_GAME:
        return None
    match = "The showdown stands" if state.format is Format.SHOWDOWN else "Single games stand"
    head = f"{match} {score} after game {state.game}"
    if neither_fields(state.format, state.phase, state.models()):
        return f"{head}, and {NEITHER_FIELDS} ({NEW_MATCH_WHERE})."
    down = [m for m in state.models() if m.status is Status.DOWN]
    if state.format is Format.SHOWDOWN and down:
        return f"{head}: first {fallen_step(down)} on the Conflict tab."
    return f"{head}: set up game {state.game + 1} on the Conflict tab."


@RULES.abandons
def leave_off(state: MatchState) -> list[object]:
    """The book has no game left off; read as a game abandoned. An attack half-way is left
    as the game already lets one end (its second card declined); then the game ends won by
    nobody, the showdown's score unchanged, and no turn passes (the attack's cards are put
    away with the game, `evolve._game_over`). What befell the models stands (the fallen lie
    on their coffin cards and draw for their lives in a showdown; a surrender holds), but
    nobody grows tougher: nobody saw it through."""
    done: list[object] = []
    attack = state.attack
    if attack is not None and attack.awaiting_second:
        done.append(SecondResultDeclined(attack.target, attack.attacker))
    return [*done, GameAbandoned(state.game)]


@RULES.tells_left_off
def left_off_words(state: MatchState) -> str:
    """What leaving the game off does (`leave_off`), offered as a session ends, in the
    words the log will tell it."""
    told = (f"game {state.game} is left off unfinished: nobody wins it, and it counts for "
            "neither posse")
    attack = state.attack
    if attack is not None and attack.awaiting_second:
        return f"{attack.target} takes no second card, then {told}"
    if attack is not None and not attack.results:
        return f"{attack.attacker}'s attack ends with no result card played, then {told}"
    return told
