"""The decider of Dead Man's Hand, and the posses built before the first game.

A match is two posses, red and black. In a Dramatic Showdown they are built by the book's
rules and play best of three; in single games (the book's scenarios, or free rosters) any
models fight and a new game starts them all afresh. Each game: a card's colour says who
deploys first and who acts first; deployment alternates; then the turns alternate, each one
model's use: its move, then perhaps an attack drawn, chosen and applied. The game ends when
one posse alone is on the table.

This module holds the `Decider` (`RULES`), the checks every step shares and the building of
the posses; `turns` holds a game from its set-up to the draws for the fallen, `fight` the
attack and its result cards. Beside each step is `why_not_x(state, ...)`, what stops it now
(the tabs ask it, and offer only the steps that apply), and the decide function raises the
same refusal.

Readings of the book taken here and in `turns` and `fight` (the engine modules list theirs;
each has a test):

- Model names are unique across both posses, so the log is never ambiguous; they are
  compared as a player reads them (`reads_as`): case, invisible characters (a zero-width
  space) and a letter's wide or styled form do not make a second name, so "slim" or "Sli"
  with a zero-width space is refused beside Slim, naming it. The two posses' names are told
  apart the same way, and a player named as the other side's player or one who won a game,
  but written otherwise ("leon" beside Leon), is refused naming how it was written: the
  games won are counted by the player's name, and one player would be counted twice. A
  posse's own player may have their name's case put right while no game is counted under it.
- The app calls the sides "the red posse" and "the black posse" (line 9). A posse's name
  that reads as the other side's ("The black posse", "Black posse" or "black" for red) is
  refused naming the field: the log and the recap would tell one side's deeds under the
  other's words. Its own colour ("Red posse" for red) is allowed, and so is a name that
  only holds the colour ("Black Hats"). A model's name is not refused so: a cowboy called
  Red or Blackie is no posse, and every line about a model says its posse.
- The players choose their sides (line 21) and, in single games, may swap them after a
  game (line 11): each posse may name who plays it, changed with its name at any moment,
  and each game won is counted for the player of the winning side as it was won. One
  player may be named for both (someone learning the game, or a Dealer showing it): each
  game still counts once, for the side that won it.
- A model can be put right from the roster (Edit). While the posses are built its weapons and
  horse are its plunder, bought under the same rules as a recruit, and it may be made a
  civilian or not (the scenario sheets leave "Civilian? Yes / No" for the table to circle);
  during a game they are what it still carries, only pieces of its own kit (an Ace's loss
  undone, not new plunder), and the markers (Moving Target, the Jack, the Queen) go only on a
  model on the table, as do its hits left: the book has the players keep them beside the
  model or on the sheet (line 116), and a mark set wrong is put right there, from 1 to the
  hits it started the game with. A model laid on its coffin card by a card typed wrong (or by
  an attack on the wrong model) stands up again the same way, its hits left put right: the
  players would take it off the card and stand it back where it lay, without playing again
  the turns since; the card was turned over all the same, so it goes to the discard (a Joker
  under two stays while the other lies on it). When the card was typed wrong, the Dealer
  names the card the table really turned over: it counts as drawn (from the app's pile to its
  discard) and the card typed goes back to the pile, where the table's own copy still lies.
  Once that card has ended the game, the game's end (the score, the survivors grown tougher)
  is undone with it, not mended. The model the attack was meant for is laid down the same
  way, given no hits left and the card that took its last: a card turned over this game, from
  the discard (not the model in use, whose turn ends first); the last of its posse so laid
  down ends the game. Between games only the name changes. Nothing is edited while an attack
  is being resolved. A piece listed twice is refused at any moment: a model carries one of
  each weapon.
- A setup card that is a Joker has no colour; it is refused and another is drawn.
- The book never says what happens when the pile runs out. A table turns what the pile
  holds, shuffles its discard back and draws on: a draw the pile cannot give alone (an
  attack's cards, the All In card) takes the discard back first, whether the app draws it
  or the cards the table turned over are typed (`runs_short`: a table that shuffled the
  pile's last cards in with the discard is taken at its word), and the odds count it as
  the app deals (`still_to_come`). A card the pack cannot give is named for what it is:
  typed twice, a third Joker, or out of the pile, drawn already, lying as a coffin card or
  among the attack's own cards (`why_not_drawn`).
- Before its first game, a scenario's posses give way to another scenario's in one step
  (the players stay); models recruited by hand are dismissed first, one by one.
- Single games (the scenarios, free rosters) start every model afresh each game, with its
  weapons, horse and hits as set up: the book's rematch keeps the set-up the same (line 261).
- An attack is over, and the turn passes, once its result cards are played (and the
  target has taken or declined its second card). A model that moves and may attack but
  does not ends the turn with End turn (the app cannot see that nothing is in reach). A
  move that leaves it no attack (flat out on foot, stopped by a Queen, no weapon left or
  none that fires after moving, as a civilian's rifle)
  leaves nothing of its use: the book's use is a move and then an attack "if it's able"
  (line 39), so the move ends the turn with it. Journals written before hold the move
  alone, and the turn waits for End turn. Leaving by a table edge is a whole use, and
  needs a move.
- The second result card after All In is offered only while the target is on the table and
  can answer (not stopped by a Queen, with a weapon that reaches) and the attacker is still
  standing: the book's tips (line 273) promise nothing to fear from a target out of range
  or stopped by a Queen, so not even a Joker is offered then. Whatever its colour, it is
  played like any result card.
- Surrender takes no turn; it may be declared at any moment between attacks.
- A game whose last models of both posses fall together is won by nobody. A showdown posse
  with nobody left who may play (all dead or surrendered) loses the showdown at once.
- The fallen draw to recover only in a Dramatic Showdown: in single games every model starts
  the next game afresh.
- A campaign may hold one match after another (the book plays "a game and then swap sides",
  or a showdown, line 11; a table meeting week after week plays again). Once a game is over
  (the showdown won, or left unfinished between games; or single games) a new match builds
  the posses anew: their names and players stay, their models go, the format stays until
  changed, and the last match (its games and champion) is kept on record. The new match
  counts its own games and wins. In a showdown the posses are fixed until it is won (line
  126); between single games (free rosters) a model may leave its posse and a new one join,
  as each game is set up afresh from the rosters.
- A session may end with a game under way (set up and not yet won) or an attack half-way
  (its cards drawn, a result card still to play). Carried over, it goes on next session as
  it stood. Left off, the book has nothing to say, so it is a game abandoned: the attack
  ends as the game lets one end (a second card declined, the turn ended), then the game
  ends with no winner and the score unchanged; what befell the models stands (the fallen
  draw for their lives), and nobody grows tougher (`turns.leave_off`).
- The app's pack starts each game full. Drawn cards go to the discard when the attack ends,
  except a coffin card, which stays under its model until the game ends (a Joker that lays
  down both models lies under both, and is kept out of the discard once). When the pile runs
  short, the discard is shuffled back first (the event says so). The Dealer may shuffle it
  back (`R`) between attacks while a game is played, never while the models are placed, an
  attack's cards lie on the table, or the game is over (`turns.why_not_reshuffle`). After a
  showdown game the recovery draws come from a fresh pack without the coffin cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from gmscreen.core.text import reads_as
from gmscreen.games.dead_mans_hand import commands as c
from gmscreen.games.dead_mans_hand.events import (
    KINDS,
    FormatChosen,
    MatchStarted,
    ModelDismissed,
    ModelEdited,
    ModelRecruited,
    PosseNamed,
    ScenarioLoaded,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, JOKER, canonical, missing, show
from gmscreen.games.dead_mans_hand.posse import (
    POSSE_SIZE,
    Recruitment,
    budget,
    kit,
    no_room,
    spent,
    verify_model,
    verify_showdown_recruit,
)
from gmscreen.games.dead_mans_hand.results import on
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS, scenario_models
from gmscreen.games.dead_mans_hand.showdown import neither_fields
from gmscreen.games.dead_mans_hand.state import (
    COLOURS,
    Colour,
    Format,
    MatchState,
    Model,
    Pack,
    Phase,
    Status,
    in_order_of_play,
    match_score,
    opening,
    side,
)
from gmscreen.games.dead_mans_hand.state import other as other_colour
from gmscreen.games.dead_mans_hand.weapons import weapon_name
from gmscreen.journal.decider import Decider
from gmscreen.journal.rules import RuleError

RULES: Decider[MatchState] = Decider(
    game_id="dead-mans-hand", title="Dead Man's Hand",
    panes_module="gmscreen.games.dead_mans_hand.panes", kinds=KINDS, initial_state=MatchState,
    referee="")  # the players run it themselves

LONGEST_NAME = 40
#: the farthest distance worth typing: beyond every weapon's reach
FARTHEST = 1000


# -- checks shared by the steps ----------------------------------------------------------------


def refuse(refusal: RuleError | None) -> None:
    """Raise the refusal a `why_not_x` found: the decide functions say what the tabs say."""
    if refusal is not None:
        raise refusal


def alike(state: MatchState, name: str) -> Model | None:
    """The model whose name reads as `name`, whatever its case or invisible characters."""
    read = reads_as(name)
    return next((m for m in state.models() if reads_as(m.name) == read), None)


def why_not_name_taken(state: MatchState, name: str, *, but: str | None = None) -> RuleError | None:
    """A model's name must read unlike any other model's (`but` is the model renamed)."""
    held = alike(state, name)
    if held is None or held.name == but:
        return None
    same = "" if held.name == name else f" ({name!r} reads the same to the table)"
    return RuleError("Names", f"there is already a model called {held.name}{same}",
                     field="name")


def reads_as_side(name: str, colour: Colour) -> bool:
    """Whether `name` reads as the app's own words for the `colour` side ("the black posse",
    "Black posse", "black")."""
    read = reads_as(name).removeprefix("the ")
    return read in (colour, f"{colour} posse")


def players_known(state: MatchState, but: Colour) -> list[str]:
    """The names a player of the `but` posse must not be a look-alike of: who plays the
    other posse, and who won a game of the campaign. The `but` posse's own player may have
    their name's case put right while no game is counted under it."""
    return in_order_of_play((state.posse(other_colour(but)).player,),
                            [record for match in state.past for record in match.games]
                            + list(state.games))


def name_of(text: str, what: str) -> str:
    name = " ".join(text.split())
    if not reads_as(name):
        raise RuleError("Names", f"{what} needs a name", field="name")
    if len(name) > LONGEST_NAME:
        raise RuleError("Names", f"a name has at most {LONGEST_NAME} letters", field="name")
    return name


def named(state: MatchState, name: str, field: str = "name") -> Model:
    found = state.find(name)
    if found is None:
        raise RuleError("Models", f"there is no model called {name!r}", field=field)
    return found


def why_not_model(state: MatchState, name: str | None) -> RuleError | None:
    if name is not None and state.find(name) is None:
        return RuleError("Models", f"there is no model called {name!r}", field="name")
    return None


def phase_words(state: MatchState) -> str:
    return {
        Phase.BUILDING: "while the posses are being built",
        Phase.DEPLOYING: "while the models are being placed",
        Phase.PLAYING: "during a game",
        Phase.AFTER_GAME: "between games",
        Phase.OVER: "once the showdown is won",
    }[state.phase]


def why_not_phase(state: MatchState, *phases: Phase, doing: str) -> RuleError | None:
    if state.phase not in phases:
        return RuleError("Order of play", f"cannot {doing} {phase_words(state)}")
    return None


def why_not_now(state: MatchState) -> RuleError | None:
    """An attack under way comes first: nothing else happens until its cards are played."""
    attack = state.attack
    if attack is not None:
        return RuleError("Attack", f"{attack.attacker}'s attack on {attack.target} is still "
                         "being resolved: play its result card first")
    return None


_Choice = TypeVar("_Choice", bound=StrEnum)


def member(kind: type[_Choice], value: object, rule: str, field: str) -> _Choice:
    """A command's pick among the book's few choices (a move, a format): anything else is
    refused naming the field, as a broken rule is, before it can reach an event."""
    if isinstance(value, str) and value in set(kind):
        return kind(value)
    raise RuleError(rule, f"{value!r} is not one of: {', '.join(kind)}", field=field)


def whole(value: object, rule: str, field: str) -> int:
    """A count the book keeps in whole numbers (yards, a value, hits); True is not one."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(rule, f"{value!r} is not a whole number", field=field)
    return value


def codes(texts: Sequence[str], field: str = "cards") -> list[str]:
    """The journal's codes of cards as typed ("10h" is "Th"); a bad one names the field."""
    found: list[str] = []
    for text in texts:
        try:
            found.append(canonical(text))
        except ValueError as error:
            raise RuleError("Cards", str(error), field=field) from None
    return found


def runs_short(pack: Pack, count: int) -> bool:
    """A draw of `count` cards the pile cannot give alone: the table turns what the pile
    holds, shuffles the discard back and draws on (the book never speaks of shuffling; the
    app draws so too, and takes the table's cards so)."""
    return count > len(pack.pile)


def still_to_come(pack: Pack, count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a draw of `count` cards turns over: the cards it is sure to turn, and those it
    draws the rest from. From the pile alone; or, when it runs short, the whole pile and then
    the discard shuffled back, as the app deals."""
    if runs_short(pack, count):
        return pack.pile, pack.discard
    return (), pack.pile


def why_not_drawn(state: MatchState, cards: Sequence[str]) -> str | None:
    """Why the pack cannot give the `cards` (codes) as one draw: a card typed twice, a third
    Joker, or one out of the pile (and of the discard, once the pile runs short), said where
    it lies; None when it can."""
    for code, count in Counter(cards).items():
        if count > FULL_PACK.count(code):
            if code == JOKER:
                return f"{count} Jokers are typed: the pack holds two"
            times = "twice" if count == 2 else f"{count} times"
            return f"{show(code)} is typed {times}: the pack holds each card once"
    pack = state.pack
    short = runs_short(pack, len(cards))
    gone = missing(pack.pile + pack.discard if short else pack.pile, cards)
    where = "the pile or the discard" if short else "the pile"
    return "; ".join(f"{show(code)} is not in {where}: {_lies(state, code)}"
                     for code in dict.fromkeys(gone)) or None


def _lies(state: MatchState, code: str) -> str:
    """Where a card out of the pile lies."""
    if code in state.pack.coffins:
        return "it lies under a fallen model as a coffin card"
    if state.attack is not None and code in state.attack.cards:
        return "it is among this attack's cards"
    return "drawn already this game; the discard comes back when the pile runs out"


def from_pile(state: MatchState, cards: Sequence[str], field: str) -> bool:
    """Whether the draw of `cards` shuffles the discard back first (the pile runs short);
    refused naming the `field` when the pack cannot give them."""
    refused = why_not_drawn(state, cards)
    if refused is not None:
        raise RuleError("Pack", refused, field=field)
    return runs_short(state.pack, len(cards))


# -- building the posses (lines 122-143) -------------------------------------------------------


def why_not_choose_format(state: MatchState) -> RuleError | None:
    return why_not_phase(state, Phase.BUILDING, doing="change the format")


def between_single_games(state: MatchState) -> bool:
    """Free rosters between single games: a model may leave and another join, and the
    players may swap sides (line 11)."""
    return state.format is Format.SINGLE and state.phase is Phase.AFTER_GAME


#: why a showdown's posses stay as they are between its games (line 126: the posse it
#: starts with is the one it fights with; the survivors and the fallen carry on)
SHOWDOWN_FIXED = ("a Dramatic Showdown is fought to its end by the posses built for it; once "
                  "it is won, New match (on the Characters tab) begins another")


def why_not_recruit(state: MatchState) -> RuleError | None:
    """The Recruit step applies while the posses are built (or between single games), and
    not once both have their eight: the form opened then and took a name and its plunder,
    to refuse them all at Recruit."""
    refused = why_not_recruit_phase(state)
    if refused is None and all(why_not_join(state, c) is not None for c in COLOURS):
        return RuleError("Posse size", f"both posses have their {POSSE_SIZE} models: dismiss "
                         "one to recruit another")
    return refused


def why_not_recruit_phase(state: MatchState) -> RuleError | None:
    """Whether a Recruit may be sent in this phase; one sent to a full posse is refused on
    its own terms (a name taken, then the posse's size), each on its field."""
    if between_single_games(state):
        return None
    return showdown_fixed(state, why_not_phase(state, Phase.BUILDING, doing="recruit"))


def showdown_fixed(state: MatchState, refused: RuleError | None) -> RuleError | None:
    """A refusal to change a posse between a showdown's games, saying why it waits."""
    if (refused is not None and state.format is Format.SHOWDOWN
            and state.phase is Phase.AFTER_GAME):
        return RuleError(refused.rule, f"{refused.message}: {SHOWDOWN_FIXED}",
                         field=refused.field)
    return refused


def why_not_join(state: MatchState, colour: Colour) -> RuleError | None:
    """Whether the `colour` posse can take one more model: in a showdown, not past eight."""
    if state.format is Format.SHOWDOWN:
        return no_room(state.posse(colour).models)
    return None


def why_not_dismiss(state: MatchState, name: str | None = None) -> RuleError | None:
    if between_single_games(state):
        return why_not_model(state, name)
    return (showdown_fixed(state, why_not_phase(state, Phase.BUILDING,
                                                doing="dismiss a model"))
            or why_not_model(state, name))


def why_not_new_match(state: MatchState) -> RuleError | None:
    """Another match, once a game of this one is over: never while one is under way."""
    if state.phase is Phase.BUILDING:
        return RuleError("New match", "the posses are being built already: set up a game "
                         "first")
    if state.phase in (Phase.DEPLOYING, Phase.PLAYING):
        return RuleError("New match", f"game {state.game} is under way; a new match begins "
                         "once it ends")
    return None


def one_player_for_both(state: MatchState) -> bool:
    """One player named for both posses (round 21 allows it: someone learning the game)."""
    return bool(state.red.player) and state.red.player == state.black.player


def why_not_swap(state: MatchState) -> RuleError | None:
    """The players swap sides between single games (line 11); a showdown's posses keep
    theirs until it is won."""
    if not between_single_games(state):
        return RuleError("Swap sides", "the players swap sides between single games")
    if not (state.red.player or state.black.player):
        return RuleError("Swap sides", "no player is named: Name posse names who plays "
                         "each posse")
    unnamed = next((p.colour for p in (state.red, state.black) if not p.name), None)
    if unnamed is not None:
        return RuleError("Swap sides", f"the {unnamed} posse has no name yet: Name posse "
                         "names it")
    if one_player_for_both(state):
        # one player for both (round 21 allows it): the swap would write two steps that
        # change nothing, the log telling the posses' names again as if they changed hands
        return RuleError("Swap sides", f"{state.red.player} plays both posses: swapping "
                         "sides changes nothing")
    return None


def why_not_match_again(state: MatchState) -> RuleError | None:
    """A new match with the same posses, each model as it was recruited."""
    refused = why_not_new_match(state)
    if refused is not None:
        return refused
    if state.scenario is not None:
        return RuleError("Same posses", "a scenario's sides are the book's: after a New "
                         "match, Scenario loads it again")
    if not state.models() or any(m.recruited is None for m in state.models()):
        return RuleError("Same posses", "no posse is recorded as it was recruited")
    return None


def match_left(state: MatchState, *, again: bool = False) -> str:
    """What a new match leaves behind now, in words: the Dealer's question before it
    (`again`: the same posses start it, as recruited)."""
    built = ("both posses start again as they were recruited" if again
             else "both posses are built anew")
    score = match_score(state.games, state.red.player, state.black.player)
    if state.format is Format.SHOWDOWN and state.champion is None:
        left = ("ends with neither posse able to field anybody, won by nobody"
                if neither_fields(state.format, state.phase, state.models())
                else "is left unfinished")
        return f"The showdown stands {score} and {left}; {built}"
    if state.format is Format.SHOWDOWN:
        champion = state.champion
        assert champion is not None  # the showdown is won (the lines above)
        won = side(state.posse(champion).title, champion, state.champion_player)
        return f"{opening(won)} won the showdown, {score}; {built}"
    return f"Single games, {score}; {built}"


def why_not_load_scenario(state: MatchState) -> RuleError | None:
    """A scenario brings its posses while they are built: onto empty rosters, or in place
    of another scenario's before its first game."""
    refused = why_not_phase(state, Phase.BUILDING, doing="load a scenario")
    if refused is None and state.models() and state.scenario is None:
        return RuleError("Scenario", "a scenario brings its own posses; dismiss the models "
                         "recruited first", field="scenario")
    return refused


def why_not_edit(state: MatchState, name: str | None = None) -> RuleError | None:
    return why_not_model(state, name) or why_not_now(state)


@dataclass(frozen=True, slots=True)
class Editable:
    """What Edit may change of a model now, besides its name."""

    #: "plunder" while the posses are built (bought by the rules), "carried" during a game
    #: (pieces of its own kit), "" between games (nothing)
    weapons: str
    horse: bool
    #: the markers (Moving Target, the Jack, the Queen) and the hits left (a model down on
    #: its coffin card during a game stands up again with its hits put right)
    markers: bool
    #: the value and hits it was recruited with: while single games' posses are built (a
    #: showdown's come from its rules, line 126; once a game is set up they are the game's)
    stats: bool = False


def editable(state: MatchState, model: Model) -> Editable:
    if state.phase is Phase.BUILDING:
        return Editable("plunder", horse=True, markers=False,
                        stats=state.format is Format.SINGLE)
    if state.phase in (Phase.DEPLOYING, Phase.PLAYING):
        return Editable("carried", horse=model.bought_horse,
                        markers=state.phase is Phase.PLAYING
                        and model.status in (Status.ON_TABLE, Status.DOWN))
    return Editable("", horse=False, markers=False)


@RULES.decides(c.ChooseFormat)
def choose_format(state: MatchState, command: c.ChooseFormat) -> list[object]:
    refuse(why_not_choose_format(state))
    chosen = member(Format, command.format, "Format", "format")
    if chosen is Format.SHOWDOWN and state.models():
        raise RuleError("Format", "choose a Dramatic Showdown before anyone is recruited, so "
                        "every model is bought by its rules", field="format")
    if chosen is state.format:
        fights = "a Dramatic Showdown" if chosen is Format.SHOWDOWN else "single games"
        raise RuleError("Format", f"the posses already fight {fights}", field="format")
    return [FormatChosen(chosen)]


def _colour(colour: str) -> None:
    if colour not in COLOURS:
        raise RuleError("Posses", f"the posses are red and black, not {colour!r}",
                        field="colour")


@RULES.decides(c.NamePosse)
def name_posse(state: MatchState, command: c.NamePosse) -> list[object]:
    _colour(command.colour)
    name = name_of(command.name, "a posse")
    player = " ".join(command.player.split())
    if len(player) > LONGEST_NAME:
        raise RuleError("Player", f"a name has at most {LONGEST_NAME} letters", field="player")
    other = state.posse(other_colour(command.colour))
    if reads_as(name) == reads_as(other.name):
        raise RuleError("Names", f"the {other.colour} posse is called {other.name}: the "
                        "games won are counted by the posse's name", field="name")
    if reads_as_side(name, other.colour):
        raise RuleError("Names", f"{name!r} reads as the {other.colour} posse, the log's "
                        "and the recap's name for the other side", field="name")
    held = next((known for known in players_known(state, command.colour)
                 if reads_as(known) == reads_as(player) and known != player), None)
    if held is not None:
        raise RuleError("Player", f"{player!r} reads as {held}, already named: write it "
                        "the same way, so their games are counted for one player",
                        field="player")
    posse = state.posse(command.colour)
    if (name, player) == (posse.name, posse.player):
        played = f", played by {player}" if player else ""
        raise RuleError("Names", f"the {command.colour} posse is already {name}{played}",
                        field="name")
    return [PosseNamed(command.colour, name, player)]


@RULES.decides(c.SwapSides)
def swap_sides(state: MatchState, command: c.SwapSides) -> list[object]:
    refuse(why_not_swap(state))
    red, black = state.red, state.black
    return [PosseNamed("red", red.name, black.player),
            PosseNamed("black", black.name, red.player)]


def kit_rule(state: MatchState) -> str:
    """What a refusal of a model's kit is headed: the word its field reads, "Plunder" in a
    Dramatic Showdown (each piece bought), else "Weapons"."""
    return "Plunder" if state.format is Format.SHOWDOWN else "Weapons"


@RULES.decides(c.Recruit)
def recruit(state: MatchState, command: c.Recruit) -> list[object]:
    refuse(why_not_recruit_phase(state))
    _colour(command.colour)
    name = name_of(command.name, "a model")
    refuse(why_not_name_taken(state, name))
    recruitment = Recruitment(command.colour, name, whole(command.value, "Value", "value"),
                              whole(command.hits, "Hits", "hits"), tuple(command.weapons),
                              command.civilian, command.horse)
    verify_model(recruitment)
    carried = kit(recruitment.weapons, recruitment.civilian, kit_rule(state))
    if state.format is Format.SHOWDOWN:
        verify_showdown_recruit(recruitment, state.posse(command.colour).models)
    return [ModelRecruited(command.colour, name, command.value, command.hits, carried,
                           command.civilian, command.horse)]


@RULES.decides(c.Dismiss)
def dismiss(state: MatchState, command: c.Dismiss) -> list[object]:
    refuse(why_not_dismiss(state, command.name))
    model = named(state, command.name)
    return [ModelDismissed(model.name, model.colour, model.seen_as)]


@RULES.decides(c.EditModel)
def edit_model(state: MatchState, command: c.EditModel) -> list[object]:
    refuse(why_not_edit(state, command.name))
    model = named(state, command.name)
    name = name_of(command.new_name, "a model")
    refuse(why_not_name_taken(state, name, but=model.name))
    may = editable(state, model)
    if (command.moving_target or command.pinned or command.shaken) and not may.markers:
        raise RuleError("Markers", "markers go only on a model on the table during a game",
                        field="markers")
    carried = tuple(command.weapons)
    twice = next((w for i, w in enumerate(carried) if w in carried[:i]), None)
    if twice is not None and may.weapons != "plunder":  # plunder: `kit` says it, as for Recruit
        raise RuleError("Weapons", f"a model carries {weapon_name(twice)} only once",
                        field="weapons")
    value, hits_given = _stats(model, command, may)
    civilian = model.civilian if command.civilian is None else command.civilian
    if civilian != model.civilian and may.weapons != "plunder":
        raise RuleError("Civilian", "a model is made a civilian, or not, while the posses are "
                        "built, before its first game", field="civilian")
    if may.weapons == "plunder":
        recruitment = Recruitment(model.colour, name, value, hits_given, carried,
                                  civilian, command.horse)
        verify_model(recruitment)
        carried = kit(recruitment.weapons, recruitment.civilian, kit_rule(state))
        if state.format is Format.SHOWDOWN:
            others = tuple(m for m in state.posse(model.colour).models if m.name != model.name)
            verify_showdown_recruit(recruitment, others)
    elif may.weapons == "carried":
        foreign = [w for w in carried if w not in model.kit]
        if foreign:
            raise RuleError("Weapons", f"{model.name} owns no {weapon_name(foreign[0])}; during "
                            "a game a model carries only its own kit", field="weapons")
        if command.horse and not may.horse:
            raise RuleError("Horse", f"{model.name} never had a horse", field="horse")
    elif set(carried) != set(model.weapons) or command.horse != model.horse:
        raise RuleError("Between games", "a model keeps its kit between games; only its "
                        "name can change", field="weapons")
    hits = _hits_left(model, command.hits_left, may)
    laid_on = _laid_on(state, model, hits, command.coffin)
    stood_from = model.coffin if model.status is Status.DOWN and hits else None
    turned = _turned(state, model, stood_from, command.turned)
    if hits == 0 and (command.moving_target or command.pinned or command.shaken):
        raise RuleError("Hits", f"{model.name} lies on its coffin card: put its hits left "
                        "right to stand it up, and then its markers", field="hits_left")
    kept = model.kit if may.weapons == "plunder" else model.weapons
    if (name, set(carried), command.horse, command.moving_target, command.pinned,
            command.shaken, hits, value, hits_given, civilian) == (
                model.name, set(kept), model.horse, model.moving_target, model.pinned,
                model.shaken, model.hits_left, model.value, model.hits, model.civilian):
        raise RuleError("Edit", f"nothing would change for {model.name}", field="name")
    edited = ModelEdited(model.name, model.colour, name, may.weapons == "plunder", carried,
                         command.horse, command.moving_target, command.pinned, command.shaken,
                         None if hits == model.hits_left else hits, laid_on or stood_from,
                         turned, None if value == model.value else value,
                         None if hits_given == model.hits else hits_given,
                         None if civilian == model.civilian else civilian)
    if laid_on is None:
        return [edited]
    return [edited, *turns.game_over(RULES.after(state, [edited]))]


def _stats(model: Model, command: c.EditModel, may: Editable) -> tuple[int, int]:
    """The value and hits the model will have: those typed, where they may be put right."""
    if command.value is None and command.hits is None:
        return model.value, model.hits
    if not may.stats:
        raise RuleError("Value", "a Dramatic Showdown's values and hits come from its rules, "
                        "and in single games they are put right only while the posses are "
                        "built", field="value")
    value = model.value if command.value is None else whole(command.value, "Value", "value")
    hits = model.hits if command.hits is None else whole(command.hits, "Hits", "hits")
    return value, hits


def _laid_on(state: MatchState, model: Model, hits: int, typed: str | None) -> str | None:
    """The coffin card a model on the table given no hits left lies down on: one turned over
    this game, lying in the discard (None: it is not laid down)."""
    if hits or not model.on_table:
        return None
    if state.turn is not None and state.turn.in_use == model.name:
        raise RuleError("Hits", f"{model.name} is being used this turn: end the turn first",
                        field="hits_left")
    if not typed:
        raise RuleError("Coffin card", f"with no hits left {model.name} lies on its coffin "
                        "card: type the card that took its last hit", field="coffin")
    code = codes([typed], "coffin")[0]
    if code not in state.pack.discard:
        under = next((m.name for m in state.models()
                      if m.status is Status.DOWN and m.coffin == code), None)
        where = (f"{show(code)} lies under {under}: stand it up first" if under
                 else f"{show(code)} was not turned over this game")
        raise RuleError("Coffin card", f"{where}; a coffin card is one of the cards drawn "
                        "this game, in the discard", field="coffin")
    return code


def _turned(state: MatchState, model: Model, stood_from: str | None,
            typed: str | None) -> str | None:
    """The card the table really turned over where the coffin card `stood_from` was typed
    wrong (None: it was turned over all the same): one still in the app's pile."""
    if not typed:
        return None
    if stood_from is None:
        raise RuleError("Coffin card", "the card really turned over is only for a model "
                        "standing up off its coffin card, typed wrong", field="turned")
    code = codes([typed], "turned")[0]
    if code == stood_from:
        raise RuleError("Coffin card", f"{show(code)} is the coffin card itself: leave the "
                        "card turned blank when it was turned over all the same",
                        field="turned")
    other = next((m.name for m in state.models() if m.name != model.name
                  and m.status is Status.DOWN and m.coffin == stood_from), None)
    if other is not None:
        raise RuleError("Coffin card", f"the {show(stood_from)} lies under {other} too: it "
                        "was turned over", field="turned")
    if code not in state.pack.pile:
        raise RuleError("Pack", f"{show(code)} is not in the pile: {_lies(state, code)}",
                        field="turned")
    return code


def _hits_left(model: Model, typed: int | None, may: Editable) -> int:
    """The hits left an edit puts right (None: as they are): on a model on the table, 1 to
    those it started the game with; none left is a model down on its coffin card."""
    if typed is None:
        return model.hits_left
    hits = whole(typed, "Hits", "hits_left")
    if hits == model.hits_left:
        return hits
    if not may.markers and model.status is Status.DOWN and model.coffin is not None:
        raise RuleError("Hits", f"{model.name} lies {on(model.coffin)} and the game is over: "
                        "undo the card that ended it", field="hits_left")
    if not may.markers:
        raise RuleError("Hits", "hits left are put right only on a model on the table during "
                        "a game", field="hits_left")
    if hits == 0 and model.on_table:
        return hits  # laid down on its coffin card (`_laid_on`)
    if not 1 <= hits <= model.hits:
        raise RuleError("Hits", f"0 to the {model.hits} {model.name} started the game with, "
                        f"not {hits}", field="hits_left")
    return hits


@RULES.decides(c.NewMatch)
def new_match(state: MatchState, command: c.NewMatch) -> list[object]:
    if not command.again:
        refuse(why_not_new_match(state))
        return [MatchStarted(state.match + 1)]
    refuse(why_not_match_again(state))
    again: list[object] = [MatchStarted(state.match + 1, again=True)]
    for model in state.models():
        assert model.recruited is not None  # why_not_match_again
        was = model.recruited
        again.append(ModelRecruited(model.colour, model.name, was.value, was.hits, was.kit,
                                    model.civilian, was.horse))
    return again


@RULES.decides(c.LoadScenario)
def load_scenario(state: MatchState, command: c.LoadScenario) -> list[object]:
    refuse(why_not_load_scenario(state))
    scenario = SCENARIOS.get(command.scenario)
    if scenario is None:
        raise RuleError("Scenario", f"there is no scenario {command.scenario!r}; the "
                        f"scenarios are: {', '.join(SCENARIOS)}", field="scenario")
    if scenario.id == state.scenario:
        raise RuleError("Scenario", f"the posses are already those of {scenario.title}",
                        field="scenario")
    # another scenario's posses, not yet played, give way to this one's
    made: list[object] = [ModelDismissed(m.name, m.colour) for m in state.models()]
    made.append(ScenarioLoaded(scenario.id, scenario.title))
    # the scenario names the sides; the players who chose them still play them
    made += [PosseNamed(colour, scenario.side(colour).posse, state.posse(colour).player)
             for colour in COLOURS]
    made += [ModelRecruited(m.colour, m.name, m.value, m.hits, m.kit)
             for m in scenario_models(scenario)]
    return made


# -- what `gmscreen check` reports ---------------------------------------------------------------


@RULES.finds_problems
def problems(state: MatchState) -> list[str]:
    found: list[str] = []
    names = [reads_as(m.name) for m in state.models()]
    found += [f"two models are called {m.name}" for m in state.models()
              if names.count(reads_as(m.name)) > 1 and alike(state, m.name) is m]
    for model in state.models():
        if not 0 <= model.hits_left <= model.hits:
            found.append(f"{model.name} has {model.hits_left} of {model.hits} hits left")
        if model.on_table and model.hits_left == 0:
            found.append(f"{model.name} stands on the table with no hits left")
    if state.format is Format.SHOWDOWN:
        for colour in COLOURS:
            models = state.posse(colour).models
            if spent(models) > budget(models):
                found.append(f"{state.posse(colour).title} spends {spent(models)} of its "
                             f"{budget(models)} points")
    if state.phase is not Phase.BUILDING:
        in_play = list(state.pack.pile + state.pack.discard + state.pack.coffins)
        in_play += list(state.attack.cards) if state.attack else []
        extra = missing(FULL_PACK, in_play)
        if extra:
            found.append("cards out twice: " + " ".join(show(card) for card in extra))
    return found


# the rest of the shape: the game's steps, evolve and log register on RULES when imported
from gmscreen.games.dead_mans_hand import evolve, fight, log, turns  # noqa: E402, F401
