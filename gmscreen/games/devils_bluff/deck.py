"""The draw and hands, decided: the cards drawn by a command (by the app, or typed from the
table's own pack), a roll-off by cards, the card drawn on a turn and the discard after a
sixth, and a hand laid for a test. The arithmetic is in `draw` and `hands`.

Readings (each has a test):

- A roll-off (Open Fire's: a die each, the higher wins, ties again) is a card each, the
  higher value wins (a King 13), and a tie draws again. Before a game (the first pick
  from a hiring pool) it is drawn from a pack of its own, shuffled; in a game from the
  Draw Deck.
- A card is drawn on a player's turn, once a turn: before the model is chosen or while it
  acts (the module names the turn, not a moment in it). A player with no model left to
  activate passes; the other goes on activating one model after another. That player may
  still draw a card once during each of the other's turns while the other has models to
  activate. While a player holds a sixth card nothing else
  goes on until one of the five held before is discarded ("immediately").
- Playing a hand: any other player may lay a hand against the one laid for a test, the
  attacker's Battle Skill test or the defender's Defence test alike, once an attack. With
  no hand laid for the test there is nothing to lay against: a test by the top card takes
  no contest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from gmscreen.core.cards import Card, card_from_code, parse_cards, verify_distinct
from gmscreen.games.devils_bluff.commands import ByPlayer, Discard, DrawCard
from gmscreen.games.devils_bluff.draw import (
    CardMove,
    Dealing,
    ShortOfCards,
    TypedCardError,
    card_value,
)
from gmscreen.games.devils_bluff.events import (
    CardDiscarded,
    CardDrawn,
    HandsLaid,
    PlayerDraw,
)
from gmscreen.games.devils_bluff.hands import (
    Outcome,
    discard_down,
    draw_into,
    drawn_card,
    hand_outcome,
)
from gmscreen.games.devils_bluff.rules import (
    RULES,
    Refusal,
    activating,
    gang_of,
    refuse,
    why_not_in_round,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.rules import RuleError

#: a roll-off tied this many times in a row is given up (the players draw again)
TRIES = 10
#: who draws the hand dealt to a player, among the typed cards of a new round
DEALT = "\tdealt to "


# -- the cards a command draws ----------------------------------------------------------------


def typed_cards(text: str) -> dict[str, list[Card]] | None:
    """The cards a table typed for a command with one list, or None (the app draws)."""
    if not text.strip():
        return None
    try:
        cards = parse_cards(text)
        verify_distinct(cards)
    except ValueError as error:
        raise RuleError("Draw Deck", str(error), field="typed") from None
    return {"": cards}


def typed_by_player(state: DevilsBluffState, typed: ByPlayer, field: str = "typed"
                    ) -> dict[str, list[Card]] | None:
    """Each player's typed cards, or None when none were typed (the app draws). Once one
    player's are typed, every player's must be; the field is `field` and the player's place
    among the gangs ("typed0", "hand1")."""
    if not any(text.strip() for _, text in typed):
        return None
    for who, text in typed:
        if who not in state.players and text.strip():
            # cards typed for nobody at the table would be dropped without a word
            raise RuleError("Draw Deck", f"{who!r} has no gang: type the cards of "
                            f"{' and '.join(state.players)}", field=field)
    given = dict(typed)
    found: dict[str, list[Card]] = {}
    for i, player in enumerate(state.players):
        try:
            cards = parse_cards(given.get(player, ""))
            verify_distinct([c for other in found.values() for c in other] + cards)
        except ValueError as error:
            raise RuleError("Draw Deck", f"{player}: {error}", field=f"{field}{i}") from None
        if not cards:
            raise RuleError("Draw Deck", f"type the cards {player} drew too",
                            field=f"{field}{i}")
        found[player] = cards
    return found


def _field_of(state: DevilsBluffState, who: str) -> str:
    """The field a drawer's typed cards came from: "typed" for the one list, "typed1" for
    the second player's, "hand0" for the hand dealt to the first."""
    what, player = ("hand", who.removeprefix(DEALT)) if who.startswith(DEALT) else (
        "typed", who)
    return f"{what}{state.players.index(player)}" if player in state.players else "typed"


@contextmanager
def drawing(state: DevilsBluffState, rule: str) -> Iterator[None]:
    """A draw's errors as the rules': too few typed cards under `rule`, a card that cannot
    be drawn under the Draw Deck, each naming the field the cards were typed in."""
    try:
        yield
    except RuleError:
        raise
    except ShortOfCards as short:
        raise RuleError(rule, f"{short.typed} typed, and more cards were drawn: type every "
                        "card drawn, in order", field=_field_of(state, short.who)) from None
    except TypedCardError as error:
        raise RuleError("Draw Deck", str(error), field=_field_of(state, error.who)) from None
    except ValueError as error:
        raise RuleError("Draw Deck", str(error), field="typed") from None


def all_typed_drawn(state: DevilsBluffState, dealing: Dealing) -> None:
    for who, cards in dealing.left_over().items():
        shown = " ".join(map(str, cards))
        raise RuleError("Draw Deck", f"{shown} typed but not drawn: type only the cards "
                        "drawn", field=_field_of(state, who))


def draw_off(state: DevilsBluffState, dealing: Dealing, each: int, rule: str
             ) -> tuple[tuple[PlayerDraw, ...], tuple[str, ...]]:
    """Each player draws `each` cards and adds them up, again while any totals tie (a
    roll-off is one card each, initiative as many as there are players); the order runs
    from the highest total. Typed cards are drawn by player."""
    players = list(state.players)
    draws: list[PlayerDraw] = []
    tied = ""
    for _ in range(TRIES):
        totals: dict[str, int] = {}
        for player in players:
            try:
                cards = dealing.draw(each, player)
            except ShortOfCards:
                again = f"{tied}, so each draws again" if tied else (
                    f"each draws {each} card{'s' if each != 1 else ''}")
                raise RuleError(rule, f"{again}: type every card {player} drew, in "
                                "order", field=f"typed{players.index(player)}") from None
            dealing.discard(cards)
            draws.append(PlayerDraw(player, cards))
            totals[player] = sum(card_value(c) for c in cards)
        if len(set(totals.values())) == len(totals):
            return tuple(draws), tuple(sorted(players, key=lambda p: -totals[p]))
        tied = "a tie (" + ", ".join(f"{p} {t}" for p, t in totals.items()) + ")"
    raise RuleError(rule, f"{TRIES} draws in a row tied; draw again")


# -- the hand: drawing, the sixth card, laying it ---------------------------------------------


def must_discard(state: DevilsBluffState) -> str:
    """The player holding a sixth card, who discards one of the five held before it next
    ("" for none)."""
    return next((p for p, hand in state.hands if drawn_card(hand) is not None), "")


def why_not_settled(state: DevilsBluffState) -> Refusal:
    """Nothing goes on while a player holds a sixth card they have not discarded for."""
    player = must_discard(state)
    if player:
        return RuleError("The Hand", f"{player} holds {len(state.hand(player))} cards and "
                         "first discards one of the five held before the draw")
    return None


def why_not_draw(state: DevilsBluffState, player: str) -> Refusal:
    """Module line 39: a card on the player's turn to activate (before the model is chosen
    or while it acts), or, for a player with no model left to activate, while the other
    still has models; once a turn."""
    refusal = why_not_in_round(state) or why_not_settled(state)
    battle = state.battle
    if refusal is not None or battle is None:
        return refusal
    gang = state.gang(player)
    if gang is None:
        return RuleError("Gangs", f"{player} has no gang", field="player")
    if player in battle.drawn:
        return RuleError("The Hand", f"{player} has drawn this turn already")
    others = any(g.can_activate for g in state.gangs if g.player != player)
    if battle.turn == player:
        return None
    if not gang.can_activate and others:
        return None
    if not battle.turn:
        return RuleError("The Hand", "every model has activated: the next cards come with "
                         "the next round")
    return RuleError("The Hand", f"{player} draws on their own turn to activate, or once "
                     "their models have all activated")


def drawers(state: DevilsBluffState) -> list[str]:
    """The players who may draw a card now."""
    return [player for player in state.players if why_not_draw(state, player) is None]


def why_not_draw_now(state: DevilsBluffState, typed: bool = False) -> Refusal:
    """Whether anyone may draw now, or (unless the card is `typed` from the table's pack)
    the one holding a sixth card discard: the Conflict tab's draw key does both. The rule
    that stops the player whose turn it is, if not."""
    if typed:
        refusal = why_not_settled(state)
        if refusal is not None:
            return refusal
    elif must_discard(state):
        return None
    if drawers(state):
        return None
    battle = state.battle
    player = battle.turn if battle is not None and battle.turn else ""
    return why_not_draw(state, player or (state.players or ("",))[0])


def why_not_look(state: DevilsBluffState, seat: int) -> Refusal:
    """A hand to look at: the one of the player whose gang was founded `seat`-th (0 first)."""
    if seat >= len(state.players):
        return RuleError("The Hand", "no gang of that player is founded yet")
    if not state.hand(state.players[seat]):
        return RuleError("The Hand", f"{state.players[seat]} holds no cards"
                         + ("" if state.battle else ": no game is being played"))
    return None


def why_not_discard(state: DevilsBluffState, player: str) -> Refusal:
    refusal = why_not_in_round(state)
    if refusal is None and drawn_card(state.hand(player)) is None:
        return RuleError("The Hand", f"{player} holds {len(state.hand(player))} cards; a "
                         "discard comes only after drawing a sixth")
    return refusal


@RULES.decides(DrawCard)
def draw_card(state: DevilsBluffState, command: DrawCard) -> list[object]:
    refuse(why_not_draw(state, command.player))
    dealing = Dealing(state.deck, command.order_by, typed_cards(command.typed))
    hand = state.hand(command.player)
    with drawing(state, "The Hand"):
        (card,) = dealing.draw(1)
        all_typed_drawn(state, dealing)
    try:
        discard = card_from_code(command.discard) if command.discard else None
        new_hand = draw_into(hand, card, discard)
    except ValueError as error:
        raise RuleError("The Hand", str(error), field="discard") from None
    if discard is not None:
        dealing.discard([discard])
    return [CardDrawn(command.player, tuple(dealing.moves), {command.player: new_hand},
                      activating(state))]


@RULES.decides(Discard)
def discard(state: DevilsBluffState, command: Discard) -> list[object]:
    gang_of(state, command.player)
    refuse(why_not_discard(state, command.player))
    if not command.card:
        raise RuleError("The Hand", f"{command.player} holds six cards: choose one of "
                        "the five held before the draw to discard", field="card")
    try:
        card = card_from_code(command.card)
        hand = discard_down(state.hand(command.player), card)
    except ValueError as error:
        raise RuleError("The Hand", str(error), field="card") from None
    return [CardDiscarded(command.player, (CardMove(discard=(card,)),),
                          {command.player: hand})]


def contesting(state: DevilsBluffState, model: str) -> tuple[str, ...]:
    """The players who may lay a hand against one laid for a test of `model`: every player
    but its own (module line 45)."""
    owner = state.owner(model)
    return tuple(p for p in state.players if owner is None or p != owner.player)


def why_not_contest(hand: bool, contest: Iterable[str]) -> Refusal:
    """Hands are laid against a tester's hand (module line 45), so none without it: a
    contest sent with a test by the top card would be let go without a word."""
    if not hand and any(contest):
        return RuleError("Playing your hand", "hands are laid against the tester's only "
                         "when the tester plays one", field="contest")
    return None


def lay(state: DevilsBluffState, dealing: Dealing, tester: str, contest: Iterable[str]
        ) -> tuple[HandsLaid, dict[str, tuple[Card, ...]]]:
    """The tester lays their hand, the contesting players theirs; all are discarded. What
    was laid and came of it, and the hands left (empty)."""
    refuse(why_not_settled(state))
    mine = state.hand(tester)
    if not mine:
        raise RuleError("Playing your hand", f"{tester} holds no cards")
    others: dict[str, tuple[Card, ...]] = {}
    for player in dict.fromkeys(contest):
        if player == tester or player not in state.players:
            raise RuleError("Playing your hand", f"{player} cannot lay a hand against "
                            f"{tester}", field="contest")
        if not state.hand(player):
            raise RuleError("Playing your hand", f"{player} holds no cards",
                            field="contest")
        others[player] = state.hand(player)
    outcome: Outcome = hand_outcome(mine, others)
    laid = {tester: mine, **others}
    for cards in laid.values():
        dealing.discard(cards)
    return HandsLaid(laid, outcome), {p: () for p in laid}
