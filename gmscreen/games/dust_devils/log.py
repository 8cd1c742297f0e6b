"""One line of story for each Dust Devils event, for the Encounter Log and the Dealer's recap:
plain text, names taken from the event's own data. The log is the Dealer's, so it tells the
cards dealt and drawn; what the table saw is told by `view.table_tells`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gmscreen.core.cards import Card, cards_from_codes, in_a_row
from gmscreen.core.text import in_words, plural
from gmscreen.games.dust_devils.deal import STUD_NAMES
from gmscreen.games.dust_devils.events import (
    SIDES,
    AttributeRaised,
    Called,
    CardsDealt,
    CardsDrawn,
    CarryOverRuled,
    CharacterChanged,
    CharacterDropped,
    CharacterMade,
    ChipsChanged,
    ConflictEnded,
    ConflictOpened,
    DamageKept,
    DealerFolded,
    DevilRatingSet,
    DifficultyTaken,
    EntrantAdded,
    EntrantsWithdrawn,
    FateRecorded,
    Folded,
    KnackBought,
    KnackRaised,
    NarrationBid,
    PointRestored,
    PointsOf,
    Recovered,
    Regained,
    ThreadClosed,
    WinnerCardSet,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sheet import ATTRIBUTES
from gmscreen.games.dust_devils.state import DEALER, FATES


def cards(codes: Iterable[str]) -> str:
    """Codes as a player reads them: "A♠ 10♥ Joker"."""
    return shown(cards_from_codes(codes))


def shown(cards: Iterable[Card]) -> str:
    """Cards as a player reads them: "A♠ 10♥ Joker", or "nothing"."""
    return in_a_row(cards) or "nothing"


def goal_sentence(name: str, goal: str) -> str:
    """A hand's declared goal as a sentence, whatever its grammar ("Zeke Munroe's goal: make
    Long Tom own up.", "The Dealer's goal: The sheriff dies."); "" for no goal."""
    goal = goal.strip()
    if not goal:
        return ""
    whose = "The Dealer's" if name == DEALER else f"{name}'s"
    stop = "" if goal[-1] in ".!?" else "."
    return f"{whose} goal: {goal}{stop}"


def named(name: str, *, start: bool = False) -> str:
    """A hand's name in a sentence: the stud hand's is "the Dealer" ("The Dealer" at the
    start of one)."""
    if name != DEALER:
        return name
    return "The Dealer" if start else "the Dealer"


def named_all(names: Iterable[str]) -> str:
    """Several hands' names as a list in a sentence: "Jim, Luke and the Dealer"."""
    return in_words(named(n) for n in names)


#: the poker hands a sentence gives an article: "wins with a straight", "with two pair"
_WITH_A = frozenset({"Pair", "Straight", "Flush", "Full house", "Straight flush",
                     "Royal flush"})


def with_hand(category: str) -> str:
    """A poker hand as a sentence says what wins with it: "a straight", "two pair"."""
    return f"a {category.lower()}" if category in _WITH_A else category.lower()


def points(split: Iterable[PointsOf]) -> str:
    return ", ".join(f"{s.points} {s.attribute}" for s in split)


def regained(what: Iterable[Regained]) -> str:
    """What comes back, told once a character: "Luke recovers 2 Hand, 1 Heart"."""
    by_name: dict[str, list[str]] = {}
    for r in what:
        by_name.setdefault(r.name, []).append(f"{r.points} {r.attribute}")
    return "; ".join(f"{name} recovers {', '.join(back)}" for name, back in by_name.items())


@RULES.tells(CharacterMade)
def made(event: CharacterMade) -> str:
    who = "player character" if event.player else "non-player character"
    return f"{event.name} joins the campaign, a {who}"


@RULES.tells(CharacterChanged)
def changed(event: CharacterChanged) -> str:
    renamed = f" (now {event.name})" if event.name != event.old_name else ""
    values = "" if event.values is None else ": " + ", ".join(
        f"{a} {v}" for a, v in zip(ATTRIBUTES, event.values, strict=False)) + " now"
    side = "" if event.was_player in (None, event.player) else \
        ", now a player character" if event.player else ", now the Dealer's"
    what = ", ".join(_field_told(event, field) for field in event.changed)
    if what:
        values = f": {what}" + (f"; {values.removeprefix(': ')}" if values else "")
    return f"{event.old_name}'s sheet is corrected{renamed}{side}{values}"


#: a sheet's field as the Dealer's log names it put right (its number told where it has one)
_FIELD_WORDS = {"ratings": "ratings", "knacks": "Knacks", "traits": "traits", "devil": "Devil",
                "devil_rating": "Devil rating", "vocation": "vocation",
                "description": "description", "back_story": "back story", "notes": "notes",
                "chips": "Chips"}


def _field_told(event: CharacterChanged, field: str) -> str:
    """ "Devil rating 3", "Chips 2", or a field's name ("Knacks", "back story")."""
    words = _FIELD_WORDS.get(field, field.replace("_", " "))
    if field in ("devil_rating", "chips"):
        return f"{words} {getattr(event, field)}"
    if field == "ratings":
        return "ratings " + ", ".join(f"{a} {r}" for a, r in zip(ATTRIBUTES, event.ratings,
                                                                  strict=False))
    return words


@RULES.tells(ChipsChanged)
def chips_changed(event: ChipsChanged) -> str:
    if event.price:  # the line before says what was bought: this one adds its price
        return f"{event.name} pays {plural(abs(event.change), 'Chip')} for it"
    verb = "gains" if event.change > 0 else "gives back" if event.taken else "spends"
    return f"{event.name} {verb} {plural(abs(event.change), 'Chip')}: {event.reason}"


@RULES.tells(DevilRatingSet)
def devil_rating_set(event: DevilRatingSet) -> str:
    if event.was:
        return (f"{event.name}'s Devil for the session is corrected from {event.was} to "
                f"{event.rating}")
    return f"{event.name} sets the Devil at {event.rating} for the session"


@RULES.tells(AttributeRaised)
def attribute_raised(event: AttributeRaised) -> str:
    return f"{event.name} raises {event.attribute} to {event.rating}"


@RULES.tells(KnackRaised)
def knack_raised(event: KnackRaised) -> str:
    return f"{event.name} raises {event.knack} to {event.rating}"


@RULES.tells(KnackBought)
def knack_bought(event: KnackBought) -> str:
    return f"{event.name} learns {event.knack} at 1"


@RULES.tells(FateRecorded)
def fate_recorded(event: FateRecorded) -> str:
    return fate_line(event.name, event.fate)


@RULES.tells(CharacterDropped)
def character_dropped(event: CharacterDropped) -> str:
    what = f", {event.vocation}," if event.vocation.strip() else ""
    return f"{event.name}{what} is dropped from the Dealer's sheets, never met by the table"


def fate_line(name: str, fate: str) -> str:
    """How `name` leaves play, for the log and the recap: a fate of the list is a verb
    ("settles down"); one told in words is the player's own sentence, given as typed."""
    if fate in FATES:
        return f"{name} {fate}, and leaves play"
    return f"{name} leaves play: {fate}"


@RULES.tells(EntrantAdded)
def entrant_added(event: EntrantAdded) -> str:
    extras = [w for w, on in (("a trait", event.trait), ("a Chip's card", event.chip)) if on]
    if event.devil:
        extras.append(f"the Devil {event.devil:+d}")
    if event.knack:
        extras.append(event.knack)
    if event.side:
        extras.append(f"on {'its' if event.side == 'alone' else 'the'} "
                      f"{SIDES[event.side]} side")
    how = " + ".join(event.attributes) + "".join(f", {x}" for x in extras)
    return f"{event.name} is to enter the next conflict ({how}): {event.goal}"


@RULES.tells(EntrantsWithdrawn)
def entrants_withdrawn(event: EntrantsWithdrawn) -> str:
    cleared = "The next conflict's set up is cleared: " if event.everyone else ""
    return f"{cleared}{' and '.join(event.names)} will not enter the next conflict after all"


@RULES.tells(ConflictOpened)
def conflict_opened(event: ConflictOpened) -> str:
    hands = []
    for x in event.entrants:
        if x.name == DEALER:
            # a card more (a Chip to each player, the winner's card) said as a count
            more = f", {plural(x.cards, 'card')}" if x.cards != event.stud else ""
            more += ", one the winner's card" if x.won_last else ""
            hands.append(f"the Dealer ({STUD_NAMES.get(event.stud, 'stud')}{more})")
        else:
            # a last stand is the table's to know as the Deal begins (its screen marks the
            # hand "at 0")
            last = ", at 0: the last conflict" if x.at_zero else ""
            # the optional rule's card (line 208) is seldom on: said, or the count looks
            # one too many
            won = ", one the winner's card" if x.won_last else ""
            # the Dealer's rulings on the Deal, said in his log (the table's recap tells a
            # player character's in words of its own, a non-player character's never)
            sway = (", a trait" if x.trait else "") + \
                (f", the Devil {x.devil:+d}" if x.devil else "")
            hands.append(f"{x.name} ({' + '.join(x.attributes)}, {plural(x.cards, 'card')}"
                         f"{sway}{won}{last})")
    stakes = f"; Stakes {plural(event.stakes, 'Chip')}" if event.stakes else ""
    if event.recovery is not None:
        # a recovery opened before a Knack was asked for heals by any character's hand
        healer = "a hand that named a Knack" if any(x.knack for x in event.entrants) \
            else "a character's hand"
        stakes += (f"; a recovery for {event.recovery.patient}: "
                   f"{points(event.recovery.split)} back if {healer} wins")
    again = f"; it takes up conflict {event.takes_up} again" if event.takes_up else ""
    if event.continues:
        again += "; it goes on from the conflict just called"
    return f"{opening_head(event.number, event.title)}{', '.join(hands)}{stakes}{again}"


def _marked(title: str) -> bool:
    """Whether a conflict's title ends in a mark of its own ("Who swings on the gallows?")."""
    return title.rstrip().endswith(("?", "!", ".", "…"))


def quoted(title: str) -> str:
    """A conflict's title inside a line: in quotes where it ends in a mark of its own, so
    that "Who swings on the gallows? ends" reads as a title and what is said of it. The
    quotes are straight, as a nickname's are and as the conflict under way is quoted."""
    return f'"{title.rstrip()}"' if _marked(title) else title


def opening_head(number: int, title: str) -> str:
    """The start of a conflict's opening line, up to its hands: "Conflict 3, The jailbreak: ";
    a title that ends in its own mark ("Who swings on the gallows?") is followed by a dash,
    where "gallows?: Zeke" read as a slip."""
    if _marked(title):
        return f"Conflict {number}, {title.rstrip()} — "
    return f"Conflict {number}, {title}: "


@RULES.tells(CardsDealt)
def cards_dealt(event: CardsDealt) -> str:
    return "; ".join(f"{named(h.name, start=i == 0)} is dealt {shown(h.cards)}"
                     for i, h in enumerate(event.hands))


@RULES.tells(CardsDrawn)
def cards_drawn(event: CardsDrawn) -> str:
    name = named(event.name, start=True)
    if not event.discards:
        return f"{name} stands pat"
    # a hand at 0 changes as many more as its Devil rating (book l.321): said apart from
    # the Knack, so that the cards changed add up
    sources = [event.knack] if event.knack else []
    if event.devil:
        sources.append(f"{event.devil} {'more ' * bool(event.knack)}for the Devil (at 0)")
    if event.chip:  # the Chip's card more (lines 299, 308) is one of the cards changed
        sources.append("a Chip to each player" if event.name == DEALER else "a Chip's card")
    listed = in_words(sources)
    using = f" with {listed}" if sources else ""
    return f"{name} throws {shown(event.discards)} and draws {shown(event.drawn)}{using}"


@RULES.tells(Folded)
def folded(event: Folded) -> str:
    return f"{event.name} folds"


@RULES.tells(DealerFolded)
def dealer_folded(event: DealerFolded) -> str:
    return f"The Dealer folds {quoted(event.title)}"


@RULES.tells(Called)
def called(event: Called) -> str:
    lays = "; ".join(f"{named(x.name)} lays {shown(x.cards)} ({(x.category or x.hand).lower()})"
                     for x in event.lays)
    won = named_all(event.winners)
    won = won[0].upper() + won[1:]
    high = f"; {named(event.high_card_holder)}'s {cards([event.high_card])} is high" \
        if event.high_card else ""
    spared = f"; {spared_line(event.spared)}" if event.spared else ""
    # at the Call only the Road to Hell (line 327) gives narration to another than the
    # high card's holder: said, or the line reads like a slip
    why = ", entering at 0 (the Road to Hell)" \
        if event.narrator and event.narrator != event.high_card_holder else ""
    return f"Call: {lays}. {won} win{'s' * (len(event.winners) == 1)} with " \
           f"{with_hand(event.category)}{high}; {named(event.narrator or 'nobody')} " \
           f"narrates{why}{spared}"


def spared_line(names: Sequence[str]) -> str:
    """Those below the winner on its side, told: none of its Difficulty is theirs."""
    return f"{named_all(names)} stood with the winning hand and take" \
           f"{'s' * (len(names) == 1)} none of its Difficulty"


@RULES.tells(NarrationBid)
def narration_bid(event: NarrationBid) -> str:
    bids = ", ".join(f"{b.name} {b.chips}" for b in event.bids)
    return f"Bids for narration ({bids}): {named(event.narrator)} narrates"


@RULES.tells(DifficultyTaken)
def difficulty_taken(event: DifficultyTaken) -> str:
    by = " (the narrator's doing)" if event.by_narrator else ""
    told = f": {event.told}" if event.told else ""
    zero = (f"; {in_words(a.value for a in event.at_zero)} at 0: the Road to Hell"
            if event.at_zero else "")
    return f"{event.name} loses {points(event.split) or 'nothing'}{by}{told}{zero}"


@RULES.tells(PointRestored)
def point_restored(event: PointRestored) -> str:
    return f"{event.name} gets a point of {event.attribute} back by narrating"


@RULES.tells(ConflictEnded)
def conflict_ended(event: ConflictEnded) -> str:
    unresolved = " (an open thread)" if event.unresolved else ""
    fates = "".join(f"; it was {n}'s last conflict" for n in event.fates_due)
    healed = f"; {regained(event.recovered)}" if event.recovered else ""
    return f"{quoted(event.title)} ends: {event.outcome}{unresolved}{healed}{fates}"


@RULES.tells(ThreadClosed)
def thread_closed(event: ThreadClosed) -> str:
    return f"The open thread {quoted(event.title)} is closed: {event.reason}"


@RULES.tells(Recovered)
def recovered(event: Recovered) -> str:
    return f"Session's end: {regained(event.recovered)}"


@RULES.tells(DamageKept)
def damage_kept(event: DamageKept) -> str:
    told = []
    for name in dict.fromkeys(k.name for k in event.kept):
        mine = [k for k in event.kept if k.name == name]
        lost = [f"{k.points} {k.attribute}" for k in mine if not k.at_zero]
        zero = [k.attribute.value for k in mine if k.at_zero]
        parts = [f"keeps {', '.join(lost)} lost"] * bool(lost) + \
            [f"stays at 0 {' and '.join(zero)}, on the Road to Hell"] * bool(zero)
        told.append(f"{name} {', and '.join(parts)}")
    ruled = "the damage carries over, as the Dealer ruled: " * event.carried_over
    return f"Session's end: {ruled}{'; '.join(told)}"


@RULES.tells(WinnerCardSet)
def winner_card_set(event: WinnerCardSet) -> str:
    return f"Optional rule: a card more for the last winners is {'on' if event.on else 'off'}"


@RULES.tells(CarryOverRuled)
def carry_over_ruled(event: CarryOverRuled) -> str:
    return ("The Dealer rules that damage carries over" if event.on
            else "Damage will recover at session end")
