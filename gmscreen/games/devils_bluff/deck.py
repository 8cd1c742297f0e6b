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
- Both players read the one screen (a Devils Bluff table has no referee), so a card typed
  that a hand holds is refused as not in the Draw Deck, and never said to be in a hand:
  with two hands, that would tell the typist, or the other player, who holds it. A card in
  the discard pile, face up for all, is still said to be there.
- Playing a hand: any other player may lay a hand against the one laid for a test, the
  attacker's Battle Skill test or the defender's Defence test alike, once an attack. With
  no hand laid for the test there is nothing to lay against: a test by the top card takes
  no contest.
- A card typed wrong into a hand is set right by the player who holds it: the card the app
  has in the hand and the one really held change places, the wrong one going into the
  Draw Deck where the right one lay (the table's pack holds it, not the card held). It is
  refused for a card held that the Draw Deck does not hold, without naming either card:
  the log, the refusal and the players' screen say only that a card of that hand was
  corrected. A card typed for a draw that neither pile holds is in a hand in the app while
  the table's pack holds it, so a card was typed wrong into a hand: the refusal says that C
  sets it right (never which hand), and a hand turned face up names C too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from gmscreen.core.cards import Card, Deck, card_from_code, parse_cards
from gmscreen.core.text import in_words, plural
from gmscreen.games.devils_bluff.commands import ByPlayer, CorrectCard, Discard, DrawCard
from gmscreen.games.devils_bluff.draw import (
    CardMove,
    Dealing,
    ShortOfCards,
    TypedCardError,
    card_value,
)
from gmscreen.games.devils_bluff.events import (
    CardCorrected,
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
    why_not_battle,
    why_not_in_round,
)
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.rules import RuleError

#: a roll-off tied this many times in a row is given up (the players draw again)
TRIES = 10
#: who draws the hand dealt to a player, among the typed cards of a new round
DEALT = "\tdealt to "


# -- the cards a command draws ----------------------------------------------------------------

#: typed cards are written apart by spaces or commas, as `parse_cards` reads them
APART = re.compile(r"[\s,]+")
#: how a card is written, said once under the cards refused
HOW_WRITTEN = "write a card's rank then its suit: 7h, 10s, Q♠"
#: said once under a card refused that neither pile holds: the app has it in a hand, where
#: (the pack holding it) it was typed wrong; never which hand (see the readings)
SET_RIGHT = "a card typed wrong into a hand is set right with C"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def typed_where(state: DevilsBluffState, who: str) -> tuple[str, str, bool]:
    """Where the cards a drawer typed came from: the form's field ("typed" for a command's
    one list, "typed1" for the second player's, "hand0" for the hand dealt to the first),
    its name in a refusal ("" for the one list, "Ann drew", "Ann's hand": the form's label,
    where "Ann's cards" beside "Ann's hand" on the round's form read as one) and whether it
    is secret (a hand, typed unseen: a refusal names its cards by place, never by face)."""
    dealt = who.startswith(DEALT)
    player = who.removeprefix(DEALT)
    if player not in state.players:
        return "typed", "", False
    place = state.players.index(player)
    return ((f"hand{place}", f"{player}'s hand", True) if dealt
            else (f"typed{place}", f"{player} drew", False))


class Typing:
    """Everything wrong with the cards a command typed, field by field, refused at once:
    the Dealer hears of every bad card together, each with the field it was typed in."""

    def __init__(self, state: DevilsBluffState, secret: bool = False) -> None:
        self.state = state
        #: the command's one list is secret (a card drawn into a hand on a turn)
        self.secret = secret
        #: the problems by drawer, each with its place among the cards typed (0: the field)
        self.found: dict[str, list[tuple[int, str]]] = {}
        #: the cards the Draw Deck did not hold, by drawer and where they were, each with
        #: its place: told in one clause a place, however many ("the 1st and 3rd cards")
        self.absent: dict[str, dict[str, list[tuple[int, Card]]]] = {}
        self.unwritten = False

    def __bool__(self) -> bool:
        return bool(self.found or self.absent)

    @property
    def drawers(self) -> list[str]:
        """Every drawer with a problem, in the form's order."""
        return sorted({*self.found, *self.absent}, key=self._order)

    def hidden(self, who: str) -> bool:
        """Whether `who`'s cards are secret: a hand dealt, or a card drawn into a hand."""
        return typed_where(self.state, who)[2] or (self.secret and who == "")

    def name(self, who: str, place: int, card: object) -> str:
        """A card as a refusal says it: by face, or by place in a secret field."""
        return f"the {ordinal(place)} card" if self.hidden(who) else str(card)

    def add(self, who: str, place: int, words: str) -> None:
        self.found.setdefault(who, []).append((place, words))

    def not_in_deck(self, who: str, place: int, card: Card, where: str) -> None:
        self.absent.setdefault(who, {}).setdefault(where, []).append((place, card))

    def unavailable(self, dealing: Dealing) -> None:
        for missing in dealing.unavailable:
            self.not_in_deck(missing.who, missing.place, missing.card, missing.where)

    def _absent_words(self, who: str) -> list[tuple[int, str]]:
        """A clause for each place the Draw Deck's missing cards were, at the first card's
        place: a refusal of a round's every field must be read whole in the form's three
        lines at 80 columns, where the same words a card cut off the last fields."""
        said = []
        for where, missing in self.absent.get(who, {}).items():
            place, card = missing[0]
            if len(missing) == 1:
                words = f"{self.name(who, place, card)} is not in the Draw Deck"
            elif self.hidden(who):
                places = in_words(ordinal(p) for p, _ in missing)
                words = f"the {places} cards are not in the Draw Deck"
            else:
                words = (f"{in_words(str(c) for _, c in missing)} are not in the "
                         "Draw Deck")
            if where:
                words += f" ({'it is' if len(missing) == 1 else 'they are'} in {where})"
            said.append((place, words))
        return said

    def left_over(self, dealing: Dealing) -> None:
        for who, cards in dealing.left_over().items():
            if self.hidden(who):
                how = "dealt" if who.startswith(DEALT) else "drawn"
                only = "the cards" if who.startswith(DEALT) else "the card"
                words = (f"{plural_cards(len(cards))} more typed than were {how}: type only "
                         f"{only} {how}")
            else:
                words = f"{' '.join(map(str, cards))} typed but not drawn: type only the " \
                        "cards drawn"
            self.add(who, 99, words)

    def error(self, rule: str = "Draw Deck") -> RuleError:
        fields = []
        first = ""
        for who in self.drawers:
            field, label, _ = typed_where(self.state, who)
            first = first or field
            clauses = [*self.found.get(who, []), *self._absent_words(who)]
            said = ", ".join(words for _, words in sorted(clauses, key=lambda p: p[0]))
            fields.append(f"{label}: {said}" if label else said)
        told = "; ".join(fields) + (f" ({HOW_WRITTEN})" if self.unwritten else "")
        if any(not where for missing in self.absent.values() for where in missing):
            told += f" ({SET_RIGHT})"
        return RuleError(rule, told, field=first or "typed")

    def refuse(self, rule: str = "Draw Deck") -> None:
        if self:
            raise self.error(rule)

    def _order(self, who: str) -> tuple[int, int]:
        """The fields in the form's order: the one list, each player's cards, the hands."""
        player = who.removeprefix(DEALT)
        seat = self.state.players.index(player) if player in self.state.players else -1
        return (1 if who.startswith(DEALT) else 0, seat)


def _lies(deck: Deck, who: str, card: Card) -> str:
    """Where a card typed for `who` lies, the Draw Deck not holding it: the discard pile,
    or "" for a hand, which is never said (see the readings). A new round discards every
    hand before it deals (module line 37), so a card typed for a hand dealt that was held
    lies in the discard pile by then, as the deal itself finds it."""
    if card in deck.discards or who.startswith(DEALT):
        return "the discard pile"
    return ""


def plural_cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def read_typed(state: DevilsBluffState, typed: Iterable[tuple[str, str]], deck: Deck,
               secret: bool = False) -> dict[str, list[Card]]:
    """The cards typed by each drawer (`typed`: the Dealing's key and the text), every one
    read before any is refused: each token that is no card, each joker, each card typed
    twice (in one field or two), named at once with its field. With such a problem, and too
    few cards typed for the Draw Deck to run out, each card it does not hold is named too
    (otherwise the draw finds those, all together, as it goes). A `secret` one list (a card
    drawn into a hand) is named by place, as a hand dealt is."""
    problems = Typing(state, secret)
    found: dict[str, list[Card]] = {}
    held: list[tuple[str, int, Card]] = []
    seen: set[Card] = set()
    tokens = [(who, [t for t in APART.split(text.strip()) if t]) for who, text in typed]
    for who, written in tokens:
        cards = found.setdefault(who, [])
        for place, token in enumerate(written, 1):
            try:
                card = card_from_code(token)
            except ValueError:
                problems.unwritten = True
                name = problems.name(who, place, repr(token))
                problems.add(who, place, f"{name} is not a card")
                continue
            name = problems.name(who, place, token if card.is_joker else card)
            if card.is_joker:
                problems.add(who, place, f"{name} is a joker: the Draw Deck has none")
            elif card in seen:
                problems.add(who, place, f"{name} is typed twice")
            else:
                seen.add(card)
                cards.append(card)
                held.append((who, place, card))
    if problems:
        if sum(len(written) for _, written in tokens) <= len(deck.order):
            for who, place, card in held:
                if card not in deck.order:
                    problems.not_in_deck(who, place, card, _lies(deck, who, card))
        problems.refuse()
    return found


def typed_cards(state: DevilsBluffState, text: str, deck: Deck | None = None,
                secret: bool = False) -> dict[str, list[Card]] | None:
    """The cards a table typed for a command with one list, or None (the app draws);
    `secret` for a card drawn into a hand, which a refusal names by place."""
    if not text.strip():
        return None
    return read_typed(state, [("", text)], state.deck if deck is None else deck, secret)


def typed_by_player(state: DevilsBluffState, typed: ByPlayer, field: str = "typed",
                    hands: ByPlayer = (), deck: Deck | None = None
                    ) -> dict[str, list[Card]] | None:
    """Each player's typed cards (and, for a new round, each player's hand dealt: keyed
    `DEALT` + the player), or None when none were typed (the app draws). Once one
    player's are typed, every player's must be; every bad card of every field is named at
    once, the field first named the first with one ("typed0", "hand1")."""
    fields = [(who, text) for who, text in typed]
    fields += [(DEALT + who, text) for who, text in hands]
    if not any(text.strip() for _, text in fields):
        return None
    for who, text in fields:
        if who.removeprefix(DEALT) not in state.players and text.strip():
            # cards typed for nobody at the table would be dropped without a word
            raise RuleError("Draw Deck", f"{who.removeprefix(DEALT)!r} has no gang: type "
                            f"the cards of {' and '.join(state.players)}",
                            field="hand" if who.startswith(DEALT) else field)
    given = dict(fields)
    asked = [*state.players] if typed else []
    asked += [DEALT + p for p in state.players] if hands else []
    found = read_typed(state, [(who, given.get(who, "")) for who in asked],
                       state.deck if deck is None else deck)
    problems = Typing(state)
    for who in asked:
        if not found[who]:
            cards = (f"dealt to {who.removeprefix(DEALT)}" if who.startswith(DEALT)
                     else f"{who} drew")
            problems.add(who, 0, f"type the cards {cards} too")
    problems.refuse()
    return found


def _field_of(state: DevilsBluffState, who: str) -> str:
    """The field a drawer's typed cards came from (see `typed_where`)."""
    return typed_where(state, who)[0]


@contextmanager
def drawing(state: DevilsBluffState, rule: str, dealing: Dealing | None = None,
            secret: bool = False) -> Iterator[None]:
    """A draw's errors as the rules': too few typed cards under `rule`, a card that cannot
    be drawn under the Draw Deck, each naming the field the cards were typed in; with every
    typed card the Draw Deck did not hold (`dealing`'s) named with them (by place for a
    `secret` one list, a card drawn into a hand)."""
    try:
        yield
    except RuleError as error:
        raise _joined(state, dealing, error, secret) from None
    except ShortOfCards as short:
        raise _joined(state, dealing, RuleError(
            rule, f"{short.typed} typed, and more cards were drawn: type every card drawn, "
            "in order", field=_field_of(state, short.who)), secret) from None
    except TypedCardError as error:
        raise _joined(state, dealing, RuleError(
            "Draw Deck", str(error), field=_field_of(state, error.who)), secret) from None
    except ValueError as error:
        raise _joined(state, dealing, RuleError("Draw Deck", str(error),
                                                field="typed"), secret) from None
    if dealing is not None:
        all_typed_drawn(state, dealing, secret)


def _joined(state: DevilsBluffState, dealing: Dealing | None, error: RuleError,
            secret: bool = False) -> RuleError:
    """A refusal of the draw, with every typed card the Draw Deck did not hold before it."""
    if dealing is None or not dealing.unavailable:
        return error
    problems = Typing(state, secret)
    problems.unavailable(dealing)
    # a card the Draw Deck did not hold, drawn as if it had, trips the pile's own checks
    # later ("Q♦ is already discarded"): named once already, it is not said again
    if any(error.message.startswith(f"{m.card} ") for m in dealing.unavailable):
        return problems.error()
    who = next((w for w in [*problems.drawers, "", *state.players,
                            *(DEALT + p for p in state.players)]
                if _field_of(state, w) == error.field), "")
    problems.add(who, 100, error.message)
    return problems.error()


def all_typed_drawn(state: DevilsBluffState, dealing: Dealing, secret: bool = False
                    ) -> None:
    """Every typed card was drawn, and the Draw Deck held each: else every one that was
    not, and every one left over, named at once (by place for a `secret` one list)."""
    problems = Typing(state, secret)
    problems.unavailable(dealing)
    problems.left_over(dealing)
    problems.refuse()


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
                    f"each draws {plural(each, 'card')}")
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


def drawers_in_turn(state: DevilsBluffState) -> list[str]:
    """`drawers`, the player whose turn it is first (module line 39: the draw is theirs on
    their turn; a player out of models draws beside them), then the others in gang order:
    the Draw form chooses the first, so d and Enter on a turn draw for that turn's player."""
    turn = state.battle.turn if state.battle is not None else ""
    return sorted(drawers(state), key=lambda player: player != turn)


def why_not_draw_now(state: DevilsBluffState, typed: bool = False) -> Refusal:
    """Whether anyone may draw now: nobody while a sixth card waits for its discard (that
    is the step then, `why_not_discard_now`); else the rule that stops the player whose
    turn it is, if any. `typed`: the card taken from the table's pack."""
    refusal = why_not_settled(state)
    if refusal is not None:
        return refusal
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


def why_not_discard_now(state: DevilsBluffState) -> Refusal:
    """Whether a discard is the step now (module line 39): only while a player holds a
    sixth card, drawn onto a full hand."""
    if must_discard(state):
        return None
    return RuleError("The Hand", "nobody holds a sixth card: one held before is discarded "
                     "only after a draw onto a full hand")


def why_not_discard(state: DevilsBluffState, player: str) -> Refusal:
    refusal = why_not_in_round(state)
    if refusal is None and drawn_card(state.hand(player)) is None:
        return RuleError("The Hand", f"{player} holds {len(state.hand(player))} cards; a "
                         "discard comes only after drawing a sixth")
    return refusal


@RULES.decides(DrawCard)
def draw_card(state: DevilsBluffState, command: DrawCard) -> list[object]:
    refuse(why_not_draw(state, command.player))
    # the card goes into the player's hand, unseen: a refusal names it by place
    dealing = Dealing(state.deck, command.order_by,
                      typed_cards(state, command.typed, secret=True))
    hand = state.hand(command.player)
    with drawing(state, "The Hand", dealing, secret=True):
        (card,) = dealing.draw(1)
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


def why_not_lay(state: DevilsBluffState, player: str, field: str | None = None) -> Refusal:
    """A hand laid by `player`, for a test or against one (module lines 43-45): the whole
    hand is laid, so there must be one; a player who laid theirs this round holds none
    until a draw on their turn, or the next round's deal."""
    if not state.hand(player):
        return RuleError("Playing your hand", f"{player} holds no cards", field=field)
    return None


def contesting(state: DevilsBluffState, model: str) -> tuple[str, ...]:
    """The players who may lay a hand against one laid for a test of `model`: every player
    but its own (module line 45) who holds cards (`why_not_lay`)."""
    owner = state.owner(model)
    return tuple(p for p in state.players if (owner is None or p != owner.player)
                 and why_not_lay(state, p) is None)


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
    refuse(why_not_lay(state, tester))
    mine = state.hand(tester)
    others: dict[str, tuple[Card, ...]] = {}
    for player in dict.fromkeys(contest):
        if player == tester or player not in state.players:
            raise RuleError("Playing your hand", f"{player} cannot lay a hand against "
                            f"{tester}", field="contest")
        refuse(why_not_lay(state, player, "contest"))
        others[player] = state.hand(player)
    outcome: Outcome = hand_outcome(mine, others)
    laid = {tester: mine, **others}
    for cards in laid.values():
        dealing.discard(cards)
    return HandsLaid(laid, outcome), {p: () for p in laid}


def why_not_correct_card(state: DevilsBluffState) -> Refusal:
    refusal = why_not_battle(state)
    if refusal is None and not any(hand for _, hand in state.hands):
        return RuleError("The Hand", "nobody holds a card yet")
    return refusal


def one_card(text: str, what: str, field: str, rule: str = "The Hand") -> Card:
    """The one card typed for `field` of a correction; refused under `rule` without
    echoing it (a hand is hidden)."""
    try:
        found = parse_cards(text)
    except ValueError:
        found = []
    if len(found) != 1 or found[0].is_joker:
        raise RuleError(rule, f"type {what} as one card of the pack (\"7h\", "
                        "\"Q♠\")", field=field)
    return found[0]


@RULES.decides(CorrectCard)
def correct_card(state: DevilsBluffState, command: CorrectCard) -> list[object]:
    refuse(why_not_correct_card(state))
    gang_of(state, command.player)
    was = one_card(command.was, "the card typed wrong", "was")
    card = one_card(command.card, "the card held", "card")
    if was not in state.hand(command.player):
        raise RuleError("The Hand", f"the card typed wrong is not one the app has in "
                        f"{command.player}'s hand: look at it and type one shown",
                        field="was")
    if card == was:
        raise RuleError("The Hand", "the two cards are one: nothing to correct",
                        field="card")
    if card not in state.deck.order:
        lies = " (it lies in the discard pile)" if card in state.deck.discards else ""
        raise RuleError("The Hand", f"the card held is not in the Draw Deck{lies}, so it "
                        "cannot have been drawn into the hand", field="card")
    battle = state.battle
    act = battle.activation if battle is not None else None
    return [CardCorrected(command.player, was, card, act.fighter if act is not None else "")]
