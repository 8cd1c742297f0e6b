"""One line of story for each Dead Man's Hand event, for the Encounter Log and the recap."""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.core.text import plural
from gmscreen.games.dead_mans_hand.attack import at_least
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
)
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.results import on, told
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.showdown import fate, past_saving
from gmscreen.games.dead_mans_hand.state import ALONE, Format, opening, side
from gmscreen.games.dead_mans_hand.weapons import Move, weapon_name


def cards_shown(codes: Sequence[str]) -> str:
    return " ".join(show(code) for code in codes)


def shuffled(reshuffled: bool) -> str:
    """Said after a draw that took the discard back, the pile having run short."""
    return " (the discard was shuffled back first)" if reshuffled else ""


def arms(weapons: Sequence[str]) -> str:
    return ", ".join(weapon_name(w) for w in weapons) or "no weapon"


@RULES.tells(FormatChosen)
def format_chosen(event: FormatChosen) -> str:
    if event.format is Format.SHOWDOWN:
        return "The posses will fight a Dramatic Showdown, best of three."
    return "The posses will fight single games."


@RULES.tells(PosseNamed)
def posse_named(event: PosseNamed) -> str:
    played = f", played by {event.player}" if event.player else ""
    return f"The {event.colour} posse is {event.name}{played}."


@RULES.tells(ModelRecruited)
def model_recruited(event: ModelRecruited) -> str:
    extras = "".join([", civilian" if event.civilian else "",
                      ", on a horse" if event.horse else ""])
    return (f"{event.name} joins the {event.colour} posse: value {event.value}, "
            f"{event.hits} {'hit' if event.hits == 1 else 'hits'}, {arms(event.kit)}{extras}.")


@RULES.tells(ModelDismissed)
def model_dismissed(event: ModelDismissed) -> str:
    return f"{event.name} leaves the {event.colour} posse."


@RULES.tells(ModelEdited)
def model_edited(event: ModelEdited) -> str:
    who = (event.name if event.new_name == event.name
           else f"{event.name}, now {event.new_name},")
    marks = [label for on, label in ((event.moving_target, "Moving Target"),
                                     (event.pinned, "the Jack"), (event.shaken, "the Queen"))
             if on]
    hits = event.hits_left
    up = "" if event.coffin is None else f" up from its coffin card {show(event.coffin)},"
    if event.coffin is not None and event.turned is not None:
        up = (f" up from its coffin card {show(event.coffin)}, typed for the "
              f"{show(event.turned)} turned over (the {show(event.coffin)} goes back to the "
              "pile),")
    left = "" if hits is None else f";{up} {hits} {'hit' if hits == 1 else 'hits'} left"
    if event.coffin is not None and hits == 0:
        left = f"; down on its coffin card {show(event.coffin)}"
    extras = "".join([", a horse" if event.horse else "",
                      f"; markers: {', '.join(marks)}" if marks else "", left])
    stats = [f"value {event.value}" if event.value is not None else "",
             f"{event.hits} {'hit' if event.hits == 1 else 'hits'}"
             if event.hits is not None else ""]
    told = "".join(f"{said}, " for said in stats if said)
    if event.civilian is not None:
        told += "a civilian, " if event.civilian else "no civilian, "
    return f"{who} put right: {told}{arms(event.weapons)}{extras}."


@RULES.tells(ScenarioLoaded)
def scenario_loaded(event: ScenarioLoaded) -> str:
    pitch = SCENARIOS[event.scenario].pitch
    return f'The scenario is "{event.title}": {pitch[:1].lower()}{pitch[1:]}'


@RULES.tells(GameSetUp)
def game_set_up(event: GameSetUp) -> str:
    return (f"Game {event.game}: the card is {show(event.card)}, so {event.first} places "
            "first and acts first.")


@RULES.tells(ModelDeployed)
def model_deployed(event: ModelDeployed) -> str:
    return f"{event.name} ({event.colour}) is placed on the table."


def moved(move: Move) -> str:
    return ("stands still" if move is Move.STILL
            else f"moves {move.said} (up to {move.yards} yards)")


@RULES.tells(ModelUsed)
def model_used(event: ModelUsed) -> str:
    why = f": {event.no_attack}; the turn passes" if event.no_attack else ""
    return f"{event.name} {moved(event.move)}{why}."


@RULES.tells(AttackDrawn)
def attack_drawn(event: AttackDrawn) -> str:
    mods = "".join(f" {delta:+d} {label}" for label, delta in event.modifiers.items())
    mods += at_least(event.power, list(event.modifiers.values()))
    return (f"{event.attacker} attacks {event.target} with {weapon_name(event.weapon)} at "
            f"{event.yards} yards ({event.range.value} range), power {event.power}{mods}: "
            f"{cards_shown(event.cards)}{shuffled(event.reshuffled)}.")


@RULES.tells(WentAllIn)
def went_all_in(event: WentAllIn) -> str:
    return f"{event.attacker} goes all in: {show(event.card)}{shuffled(event.reshuffled)}."


@RULES.tells(ResultPlayed)
def result_played(event: ResultPlayed) -> str:
    who = event.attacker if event.by == "attacker" else event.target
    second = " as a second result card" if event.by == "target" else ""
    offered = f"; {event.target} may take a second card" if event.second_offered else ""
    return f"{who} plays {show(event.card)}{second}: {told(event.outcome)}{offered}."


@RULES.tells(SecondResultDeclined)
def second_result_declined(event: SecondResultDeclined) -> str:
    return f"{event.target} takes no second card."


@RULES.tells(TurnEnded)
def turn_ended(event: TurnEnded) -> str:
    return f"Over to {side(event.posse, event.next, event.player)}."


@RULES.tells(ModelLeft)
def model_left(event: ModelLeft) -> str:
    return f"{event.name} leaves by a table edge."


@RULES.tells(ModelSurrendered)
def model_surrendered(event: ModelSurrendered) -> str:
    if event.for_good is None:
        return f"{event.name} surrenders and is out of the fight."
    return (f"{event.name} surrenders and is out of "
            f"{'the fight for good' if event.for_good else 'this game'}.")


@RULES.tells(GameWon)
def game_won(event: GameWon) -> str:
    head = (f"Game {event.game} goes to {side(event.posse, event.winner, event.player)}, "
            f"{ALONE}." if event.winner
            else f"Game {event.game}: nobody is left standing; it counts for neither.")
    grown = (f" Survivors grow tougher: {', '.join(event.improved)}." if event.improved
             else "")
    return head + grown


# it heads its step: the step that ends a session may leave the game off first, and the log's
# line of its undo named the session's end alone ("Undid: Session 1 ends.")
@RULES.tells(GameAbandoned, heads_step=True)
def game_abandoned(event: GameAbandoned) -> str:
    return (f"Game {event.game} is left off unfinished: nobody wins it, and it counts for "
            "neither posse.")


@RULES.tells(ShowdownWon)
def showdown_won(event: ShowdownWon) -> str:
    reason = f" ({event.reason})" if event.reason else ""
    return (f"{opening(side(event.posse, event.winner, event.player))} wins the "
            f"showdown{reason}.")


@RULES.tells(MatchStarted)
def match_started(event: MatchStarted) -> str:
    # a match begun with the same posses (A) read "built anew", as one begun afresh (M)
    if event.again:
        return (f"Match {event.match} begins: both posses start again as they were "
                "recruited.")
    return f"Match {event.match} begins: the posses are built anew."


@RULES.tells(RecoveryDrawn)
def recovery_drawn(event: RecoveryDrawn) -> str:
    # the journal's word on the outcome stands; the cards only say why a death was one
    said = fate(event.coffin, event.card)
    if event.recovered or said == "pulls through":
        said = "pulls through" if event.recovered else "is stone dead"
    return (f"{event.name}, lying {on(event.coffin)}, draws {show(event.card)} and "
            f"{said}.")


@RULES.tells(ModelBuried)
def model_buried(event: ModelBuried) -> str:
    return f"{event.name}, lying {on(event.coffin)}, {past_saving(event.coffin)}."


@RULES.tells(PackReshuffled)
def pack_reshuffled(event: PackReshuffled) -> str:
    return (f"The discard ({plural(event.cards, 'card')}) is shuffled back "
            "into the pile.")
