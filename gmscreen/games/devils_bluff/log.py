"""One plain line per event for the Encounter Log: one small function per kind of payload.
Hands stay private: the log says a card was drawn or discarded, never which, except for
hands laid face up on the table. A step undone puts the cards it discarded or laid back
into their hands, so its line then names none of them (`tells(..., undone=...)`): both
players read the one screen."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from gmscreen.core.cards import Card, card_from_code, in_a_row
from gmscreen.core.text import in_words, plural, reads_as
from gmscreen.games.devils_bluff.attack import skill_steps
from gmscreen.games.devils_bluff.draw import CardMove, card_value, reshuffle_note
from gmscreen.games.devils_bluff.events import (
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
    HandsLaid,
    HiredKept,
    InitiativeCorrected,
    LeavingAssaultRange,
    LevelGained,
    Mended,
    Moved,
    ObjectivesAgreed,
    PerkChanged,
    PicksRolled,
    PlayerDraw,
    PoolLaidOut,
    Recovered,
    Renamed,
    RoundStarted,
    Scored,
    ScoutPlaced,
    SetUp,
    Tested,
)
from gmscreen.games.devils_bluff.hands import describe_hand, tied
from gmscreen.games.devils_bluff.rules import RULES
from gmscreen.games.devils_bluff.state import setting_table


def laid(hands: HandsLaid) -> str:
    """The hands laid for a test, each named, and what came of it."""
    return f"{laid_alone(hands.laid)}: {hands.outcome.value}"


#: said after the hands laid where the tester's only ties the best laid against it
TIED = "a tie: the hand played must beat every hand laid against it"


def laid_alone(hands: Mapping[str, Sequence[Card]]) -> str:
    """The hands laid, each named with what it makes, where the line says what came of
    them already. The tester's comes first (`deck.lay`); where the best hand laid against
    it ties it, the words say so: "failure" after two pairs of 8s read as a slip."""
    told = "; ".join(f"{p} lays {in_a_row(held)} ({describe_hand(held)})"
                     for p, held in hands.items())
    tester, *others = hands or ("",)
    if others and tied(hands[tester], {p: hands[p] for p in others}):
        told += f"; {TIED}"
    return told


def draws(made: Iterable[PlayerDraw]) -> str:
    return ", ".join(f"{d.player} {in_a_row(d.cards)}" for d in made)


def totalled(made: Iterable[PlayerDraw]) -> str:
    """Initiative draws, each with its total ("Ann 5♣ 6♣ (11), Ben 5♦ 6♦ (11), Ann ..."):
    a tie, and the draw again after it, are plain to see."""
    return ", ".join(f"{d.player} {in_a_row(d.cards)} ({sum(card_value(c) for c in d.cards)})"
                     for d in made)


class _Dealt(Protocol):
    @property
    def moves(self) -> tuple[CardMove, ...]: ...


D = TypeVar("D", bound=_Dealt)


def telling_reshuffles(teller: Callable[[D], str]) -> Callable[[D], str]:
    """A teller of an event that moves cards, its line ending with `reshuffle_note`."""
    @functools.wraps(teller)
    def tell(event: D) -> str:
        return teller(event) + reshuffle_note(event.moves)
    return tell


# -- gangs and hiring --------------------------------------------------------------------------


@RULES.tells(SetUp)
def set_up(event: SetUp) -> str:
    """The set-up: the mode, the hiring and the rounds, then each other reading the table
    agreed where it is not the first rules' ("; Rapid Fire adds 1 ATT"), as the players'
    screen says them; a set-up at the first rules reads as it always did."""
    chosen = dataclasses.asdict(event.settings)
    agreed = "".join(f"; {s.word(chosen[s.key])}" for s in setting_table()
                     if s.key != "rounds" and chosen.get(s.key, s.default) != s.default)
    return (f"Set-up: a {event.mode}, hiring by {event.hiring}, "
            f"{plural(event.settings.rounds, 'round')} a game{agreed}")


def gang_of(player: str, model: str) -> str:
    """The gang a model joins or leaves, in words: "Ma Hendry's gang", or "their own gang"
    where the model bears its player's name (a player's namesake leader: "Ma Hendry leaves
    Ma Hendry's gang" read as a slip, a player leaving or a name typed twice)."""
    return "their own gang" if reads_as(model) == reads_as(player) else f"{player}'s gang"


def with_player(model: str, player: str) -> str:
    """A model named with its player, "Dutch (Ma Hendry)"; a player's namesake leader by
    its name alone ("Sheriff Cole (Sheriff Cole)" read as a name typed twice)."""
    return model if reads_as(model) == reads_as(player) else f"{model} ({player})"


@RULES.tells(GangFounded)
def founded(event: GangFounded) -> str:
    return f"{event.player} founds the gang {event.name}"


@RULES.tells(Enlisted)
def enlisted(event: Enlisted) -> str:
    recruit = event.recruit
    perks = ", ".join(recruit.perks) or "no perks"
    hired = " (hired)" if recruit.hired else ""
    return (f"{recruit.name} joins {gang_of(event.player, recruit.name)}{hired}: "
            f"{recruit.unit} with a {recruit.weapon}, {perks}")


@RULES.tells(Dismissed)
def dismissed(event: Dismissed) -> str:
    return f"{event.fighter} leaves {gang_of(event.player, event.fighter)}"


@RULES.tells(PicksRolled)
def picks_rolled(event: PicksRolled) -> str:
    return f"Roll-off for the hiring pool: {draws(event.draws)}; {event.first} picks first"


@RULES.tells(PoolLaidOut)
def pool_laid_out(event: PoolLaidOut) -> str:
    models = ", ".join(f"{m.name} ({m.weapon})" for m in event.models)
    return f"The hiring pool is laid out, {len(event.models)} models: {models}"


# -- deployment and turns ----------------------------------------------------------------------


@RULES.tells(GameStarted)
def game_started(event: GameStarted) -> str:
    return f"Game {event.number} begins with a shuffled Draw Deck"


#: how the deployment roll-off's cards are told
DEPLOYMENT_DRAWN = "Deployment roll-off: "


@RULES.tells(Deployed)
@telling_reshuffles
def deployed(event: Deployed) -> str:
    line = (f"{DEPLOYMENT_DRAWN}{draws(event.draws)}; {event.order[0]} picks a deployment "
            "area and deploys first")
    if event.scouts:
        line += f"; scouts placed last: {', '.join(event.scouts)}"
    return line


@RULES.tells(ScoutPlaced)
def scout_placed(event: ScoutPlaced) -> str:
    return event.line


@RULES.tells(RoundStarted)
@telling_reshuffles
def round_started(event: RoundStarted) -> str:
    return (f"Round {event.round}: initiative {totalled(event.draws)}; {event.order[0]} "
            "goes first and deals five to everyone")


@RULES.tells(Activated)
def activated(event: Activated) -> str:
    # a player's namesake activates: "Sheriff Cole activates Sheriff Cole" read as a slip
    if reads_as(event.player) == reads_as(event.fighter):
        return f"{event.fighter} activates"
    return f"{event.player} activates {event.fighter}"


@RULES.tells(Moved)
def moved(event: Moved) -> str:
    return event.line


@RULES.tells(LeavingAssaultRange)
def leaving(event: LeavingAssaultRange) -> str:
    return event.line


@RULES.tells(FreeForgone)
def free_forgone(event: FreeForgone) -> str:
    return event.line


#: how the status's line of a round's initiative draw begins: while it is told, the heading
#: leaves the order to it (two long names wrapped both and ran the status past its lines)
INITIATIVE_DRAWN = "Initiative: "


@RULES.tells(ActivationEnded)
def activation_ended(event: ActivationEnded) -> str:
    return f"{event.fighter} ends its activation" + (
        f", letting go {event.let_go}" if event.let_go else "") + (
        " without an action" if event.idle else "")


@RULES.tells(ActivationResumed)
def activation_resumed(event: ActivationResumed) -> str:
    left = [f"{plural(n, what)} left" for n, what in (
        (event.actions_left, "action"), (event.free_attacks, "free attack")) if n]
    if event.free_advance:
        left.append("its free Advance left")
    return (f"{event.fighter}'s activation goes on: Done was pressed too early"
            + (f" ({', '.join(left)})" if left else ""))


@RULES.tells(ObjectivesAgreed)
def objectives(event: ObjectivesAgreed) -> str:
    """The first agreement with the rounds the mission gives, if any; a later one as a
    change: "The game's rounds changed from 3 to 4 (the objectives stand: ...)", or "The
    objectives agreed anew: ...", which read as a first agreement before round 64."""
    if event.rounds_were:
        change = f"the game's rounds changed from {event.rounds_were} to {event.lasts}"
        if event.anew:
            return f"The objectives agreed anew: {event.text}; {change}"
        return f"{change[:1].upper()}{change[1:]} (the objectives stand: {event.text})"
    rounds = f" (the game lasts {plural(event.rounds, 'round')})" if event.rounds else ""
    return f"The objectives agreed{' anew' if event.anew else ''}: {event.text}{rounds}"


@RULES.tells(Scored)
def scored(event: Scored) -> str:
    said = (f"{event.player} scores {event.points}" if event.points > 0
            else f"{-event.points} of {event.player}'s points "
            f"{'is' if event.points == -1 else 'are'} taken back")
    return said + (f" ({event.reason})" if event.reason else "")


def tokens_in_words(n: int) -> str:
    """"1 token", "2 tokens"."""
    return f"{n} token" + ("" if n == 1 else "s")


@RULES.tells(Mended)
def mended(event: Mended) -> str:
    """What was set right, and what it was: only what changed."""
    changed = [f"{now} (was {was})" for now, was, same in (
        (f"{event.hp} HP", event.was_hp, event.hp == event.was_hp),
        (tokens_in_words(event.tokens), event.was_tokens, event.tokens == event.was_tokens))
        if not same]
    return (f"{event.fighter} is corrected to {' and '.join(changed)}"
            + (f": {event.reason}" if event.reason else ""))


@RULES.tells(GameEnded)
def game_ended(event: GameEnded) -> str:
    scores = ", ".join(f"{p} {s}" for p, s in event.scores.items())
    return (f"Game {event.number} ends: {scores}"
            + (f"; {event.winner} wins" if event.winner else "; a draw")
            + (f" ({event.note})" if event.note else ""))


@RULES.tells(GameAbandoned)
def game_abandoned(event: GameAbandoned) -> str:
    scores = ", ".join(f"{p} {s}" for p, s in event.scores.items())
    where = f"in round {event.round}" if event.round else "before its first round"
    return (f"Game {event.number} is left off {where}, unfinished: nobody wins it and "
            f"nobody gains experience ({scores})")


# -- the draw and hands ------------------------------------------------------------------------


def cards_counted(moves: Iterable[CardMove]) -> str:
    """How many cards a hand gave up, not which: "2 cards"."""
    count = sum(len(move.discard or ()) for move in moves)
    return plural(count, "card")


#: said at the end of an undone step's line that had cards go from a hand
BACK_IN_HAND = "taken back: the cards are in the hand again"


def card_drawn_undone(event: CardDrawn) -> str:
    gone = any(move.discard for move in event.moves)
    return (f"{event.player} draws a card" + (f" and discards {cards_counted(event.moves)}"
                                               if gone else "") + f", {BACK_IN_HAND}")


def card_discarded_undone(event: CardDiscarded) -> str:
    return f"{event.player} discards {cards_counted(event.moves)}, {BACK_IN_HAND}"


def recovered_undone(event: Recovered) -> str:
    return f"{event.line} (a played hand, {BACK_IN_HAND})" if event.laid else recovered(event)


def tested_undone(event: Tested) -> str:
    return f"{event.line} (a played hand, {BACK_IN_HAND})" if event.laid else tested(event)


def attacked_undone(event: Attacked) -> str:
    if not (event.skill_hand or event.defence_hand):
        return attacked(event)
    return f"{event.line} (played hands, {BACK_IN_HAND})"


@RULES.tells(CardDrawn, undone=card_drawn_undone)
@telling_reshuffles
def card_drawn(event: CardDrawn) -> str:
    # the card drawn goes face down into the hand; one named before to make room for it
    # goes face up on the discard pile
    gone = thrown_away(event.moves)
    return f"{event.player} draws a card" + (f" and discards {gone}" if gone else "")


@RULES.tells(CardDiscarded, undone=card_discarded_undone)
def card_discarded(event: CardDiscarded) -> str:
    return f"{event.player} discards {thrown_away(event.moves)}, down to five"


def thrown_away(moves: Iterable[CardMove]) -> str:
    """The cards a hand gave up to the discard pile, which lies face up (module line 29):
    the whole table sees them, so the log names them."""
    return in_a_row(card for move in moves for card in move.discard or ())


# -- tests and the attack ----------------------------------------------------------------------


@RULES.tells(Recovered, undone=recovered_undone)
@telling_reshuffles
def recovered(event: Recovered) -> str:
    if event.laid:
        return f"{event.line} ({laid(HandsLaid(event.laid, event.outcome))})"
    # the line names the test's cards; older journals' lines do not
    if event.cards and " with " not in event.line:
        return f"{event.line} (drew {in_a_row(event.cards)})"
    return event.line


@RULES.tells(Tested, undone=tested_undone)
@telling_reshuffles
def tested(event: Tested) -> str:
    if event.laid:
        # the line says the outcome ("... with a played hand: critical success")
        return f"{event.line} ({laid_alone(event.laid)})"
    return event.line


@RULES.tells(Attacked, undone=attacked_undone)
@telling_reshuffles
def attacked(event: Attacked) -> str:
    parts = [event.line]
    parts += [laid(hands) for hands in (event.skill_hand, event.defence_hand) if hands]
    # the line names the cards of each test; older journals' lines do not
    if not skill_steps(event.line):
        for what, tests in (("skill", event.skill), ("defence", event.defence)):
            drawn = [card_from_code(c) for c in tests if c != "hand"]
            if drawn:
                parts.append(f"{what} cards {in_a_row(drawn)}")
    return "; ".join(parts)


# -- between games -----------------------------------------------------------------------------


@RULES.tells(LevelGained)
def level_gained(event: LevelGained) -> str:
    return f"{event.fighter} gains a level: {event.perk}" + (
        f" and {event.ability}" if event.ability else "")


@RULES.tells(HiredKept)
def hired_kept(event: HiredKept) -> str:
    return f"{event.fighter} joins {gang_of(event.player, event.fighter)} for good" + (
        f" instead of {event.instead} (kept by mistake), who is a hired gun again"
        if event.instead else "")


@RULES.tells(AftermathClosed)
def aftermath_closed(event: AftermathClosed) -> str:
    """What the aftermath came to: the levels, the hired gun each gang kept, and who moves
    on (a journal written before says only that the rest move on)."""
    if not (event.game or event.levelled or event.kept or event.gone):
        return "The hired guns who were not kept move on"
    told = [f"After game {event.game}" if event.game else "After the game"]
    told += [f"{name} gained a level" for name in event.levelled]
    told += [f"{name} joins {gang_of(player, name)} for good" if name
             else f"{player} kept nobody"
             for player, name in event.kept.items()]
    if event.gone:
        told.append(f"{in_words(event.gone)} move{'s' if len(event.gone) == 1 else ''}"
                    " on")
    return told[0] + ": " + "; ".join(told[1:]) if told[1:] else told[0] + ": nothing changes"


@RULES.tells(CampaignEnded)
def campaign_ended(event: CampaignEnded) -> str:
    held = (f"{event.winner} holds the town of Devils Bluff" if event.winner
            else "nobody holds the town of Devils Bluff")
    return f"The campaign ends: {held}" + (f" ({event.note})" if event.note else "")


@RULES.tells(Renamed)
def renamed(event: Renamed) -> str:
    return f"{event.fighter} is renamed {event.name}"


@RULES.tells(GangRenamed)
def gang_renamed(event: GangRenamed) -> str:
    return f"{event.player}'s gang {event.was} is renamed {event.name}"


@RULES.tells(PerkChanged)
def perk_changed(event: PerkChanged) -> str:
    return f"{event.fighter}'s perk {event.was} is changed to {event.perk}"


@RULES.tells(AbilityChanged)
def ability_changed(event: AbilityChanged) -> str:
    if not event.was:
        return f"{event.fighter} takes the ability {event.ability} (3rd level reached)"
    return f"{event.fighter}'s ability {event.was} is changed to {event.ability}"


@RULES.tells(CardCorrected)
def card_corrected(event: CardCorrected) -> str:
    # neither card is named: the hand is hidden, and both players read the one screen
    return f"A card in {event.player}'s hand is corrected to the one held (typed wrong)"


@RULES.tells(InitiativeCorrected)
def initiative_corrected(event: InitiativeCorrected) -> str:
    # the initiative cards lie face up: both are named, and the corrected draw's total
    mine = next(d for d in reversed(event.draws) if d.player == event.player
                and event.card in d.cards)
    total = sum(card_value(c) for c in mine.cards)
    return (f"Round {event.round}'s initiative set right: {event.player} drew {event.card}, "
            f"not {event.was} (typed wrong), so {in_a_row(mine.cards)} ({total}); "
            f"{event.order[0]} goes first")
