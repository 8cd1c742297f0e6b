"""One line of story for each High Card event (the Encounter Log and the recap)."""

from __future__ import annotations

from tests.high_card.events import Anted, Dealt, HandCalledOff, PlayerSeated, Shown
from tests.high_card.rules import RULES


@RULES.tells(PlayerSeated)
def seated(event: PlayerSeated) -> str:
    return f"{event.name} sits down with {event.chips} chips."


@RULES.tells(Anted)
def anted(event: Anted) -> str:
    return f"{event.name} antes {event.chips}."


@RULES.tells(Dealt)
def dealt(event: Dealt) -> str:
    # the log is the Dealer's: the cards are told (the table's recap tells only the show)
    cards = ", ".join(f"{name} {card}" for name, card in
                      zip(event.names, event.cards, strict=True))
    return f"A card each, face down: {cards}."


@RULES.tells(Shown)
def shown(event: Shown) -> str:
    return f"{event.winner} shows the high card and takes {event.pot}."


@RULES.tells(HandCalledOff)
def called_off(event: HandCalledOff) -> str:
    return "The hand is called off; every ante goes back."
