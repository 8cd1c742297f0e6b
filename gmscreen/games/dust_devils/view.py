"""What Dust Devils' tabs show, as sections: the Dealer's views take the whole state; the
table's take only `TableKnows`, made from the state by `table_knows`.

What the table knows, read from the book (the players hold their own sheets and hands; the
Dealer makes his characters, and may keep one's troubled life back for a later session):

- Every player character's public line: the attributes (what Difficulty left of the
  ratings), the Devil rating (marked, as on the Dealer's side, while the player has not
  set it this session: the table sees that it is not chosen yet), Chips, and the Road to
  Hell; its Knacks too, for the session's totals (what Chips bought is told to the table
  as it is bought); and, as a conflict opens, what swayed its Deal (a trait ruled to fit,
  the Devil coming in for or against it), ruled aloud over an open sheet. A non-player
  character is the Dealer's until it enters a conflict, when its hand is dealt before
  everyone; from then on the table knows its name, vocation and fate, never its ratings,
  Knacks, Devil or story.
- The conflict under way: its title, Stakes and stud hand, each hand's goal, attributes and
  how many cards it holds; what each hand laid, once the Call lays it, and the result;
  narration, and the Difficulty taken (a non-player character's points lost, not that
  they were all the attribute held: that he is at 0 is the Dealer's). A card held and
  not laid (dealt, drawn, thrown or kept back at the Call) is never the table's, nor the
  win chances worked out from them.
- A character of the Dealer's that enters a conflict at 0 (its last, line 319): the table
  hears it as the conflict opens, with who narrates (line 327). It lays and bids under that
  rule (the high card wins no narration, line 202; only those at 0 bid), and his
  narration at the Call would tell it anyway. Until he enters at 0, that he is at 0 is the
  Dealer's.
- What the conflict under way waits for, as the Dealer asks it aloud: the hands still to
  draw or stand pat, then the Call; after it, the losers still to place the Difficulty (a
  Dealer's character with nothing left to lose stays waited on, above), the Stakes its
  end pays and to whom (the Dealer hands them across the table), and whether narration
  may still be bought with Chips, and by whom (the bids are made aloud). On the players'
  screen the conflict under way comes first, the posse after it; after the Call its
  outcome comes before the goals.
- A player character on the Road to Hell (lines 317-327): at 0 in which attributes, that
  the next conflict using one is his last, and, that conflict over, that his player tells
  how he leaves play. The posse's sheet shows the 0; what follows from it is the book's,
  known to everyone at the table.
- The earlier conflicts' outcomes, the open threads and the table's rulings.
- Not the characters added to a conflict being set up: the table learns who enters, with
  what goal, as the conflict opens (a non-player character added and taken out again
  before then is never met).
- After the Call, what the narrator tells (lines 166, 220-224): how the winner's goal comes
  true, and whether the losers' do (his call), with the winning hand's weight: the book
  says a high card is a routine success and better hands ever more extraordinary, a full
  house dramatic and exceptional; between those we read a pair as modest, two pair as
  sound, three of a kind as strong, a straight or a flush as remarkable, and a full house
  or better as exceptional. A winner with no goal said (the stud hand often) is said to
  win, without a goal.
- The Result of each hand after the Call (lines 176, 371): the players stand together
  against the Dealer's hands, his stud hand and his characters alike, so a hand below the
  winner on the winner's side reads "ally won": a player's beside a player's win, and the
  Dealer's stud hand beside a winning character of his (`stud_stood_with`). It took none of
  the win's Difficulty (it has no attributes) and is paid no Stakes (only players are).
- Who sat at the table in a session (the recap's cast): the player characters in play, and
  one whose fate was recorded in that session; one who left play earlier is not there.
  On the players' screen the posse and the others met are those in play: each who left
  play is named once, with his fate, under "Gone from play".
- Where the game stands as a session takes it up or leaves it (`table_stands`): the conflict
  under way by its hands, never their cards; the open threads; the player characters'
  losses carried over and the Road to Hell (a non-player character's are the Dealer's),
  and, at a session's end, what the player characters get back and keep lost (a
  non-player character's recovery, and his staying at 0, are the Dealer's too).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import groupby

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import Category, evaluate
from gmscreen.core.poker import Hand as PokerHand
from gmscreen.core.text import in_words, plural, sentence
from gmscreen.games.dust_devils import resolution
from gmscreen.games.dust_devils.call import (
    auto_split,
    difficulty_attributes,
    difficulty_points,
    lay_choices,
    points_due,
)
from gmscreen.games.dust_devils.commands import Entrant
from gmscreen.games.dust_devils.conflict import (
    at_zero_in,
    cards_due,
    draw_allowed,
    is_players,
    minor_hand,
    pack_left,
    side,
    to_draw,
    who_can_fold,
)
from gmscreen.games.dust_devils.deal import STUD_NAMES, devils_deal, rating_in_deal
from gmscreen.games.dust_devils.events import (
    KINDS,
    SIDES,
    AttributeRaised,
    CardsDealt,
    CardsDrawn,
    CharacterChanged,
    CharacterDropped,
    CharacterMade,
    ChipsChanged,
    ConflictOpened,
    DamageKept,
    DevilRatingSet,
    DifficultyTaken,
    EntrantAdded,
    EntrantsWithdrawn,
    FateRecorded,
    KnackBought,
    KnackRaised,
    Recovered,
    ThreadClosed,
)
from gmscreen.games.dust_devils.log import (
    cards,
    conflict_opened,
    damage_kept,
    difficulty_taken,
    fate_line,
    goal_sentence,
    named,
    named_all,
    opening_head,
    quoted,
    recovered,
    spared_line,
)
from gmscreen.games.dust_devils.log import changed as sheet_corrected
from gmscreen.games.dust_devils.recovery import recoverable
from gmscreen.games.dust_devils.rules import (
    RULES,
    attributes_to_raise,
    devil_to_set,
    devils_first,
    knacks_to_raise,
    why_not_devil_counts,
)
from gmscreen.games.dust_devils.sheet import (
    ATTRIBUTE_POINTS,
    ATTRIBUTES,
    KNACK_POINTS,
    Attribute,
    attribute_raise_cost,
    knack_limit,
    knack_raise_cost,
    parse_attribute,
)
from gmscreen.games.dust_devils.state import (
    DEALER,
    Character,
    Conflict,
    ConflictRecord,
    DustDevilsState,
    Participant,
)
from gmscreen.journal.events import Event
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Grid, Lines, Section, grid, lines, whole, widest_line

ATTRIBUTE_COLUMNS = tuple(f"{a}{a.symbol}" for a in ATTRIBUTES)
CHARACTER_COLUMNS = ("Name", *ATTRIBUTE_COLUMNS, "Devil", "Chips", "Status")
#: the hands' tables' columns, said under them: before the Call, after it, and while the
#: entrants of a conflict not yet open are listed; the Win column is the Dealer's tab's own
BEFORE_NOTE = "Deal: the attributes' suits and the cards due."
AFTER_NOTE = "Laid: the cards laid at the Call. Made: the poker hand they make."
WIN_NOTE = "Win: the chance at the Call."
BEFORE_CALL = ("Hand", "Deal", "Cards", "Status")
AFTER_CALL = ("Hand", "Laid", "Made", "Result")
#: the earlier conflicts the players' screen lists, the newest
EARLIER_TOLD = 4
#: the room the players' screen gives a table at 80 columns (its padding and a scroll
#: bar's two columns taken), from which a column either side of each cell and two more are
#: taken again as it decides between a table and lines (`fits_at_80`)
ROOM_AT_80 = 76
#: a hand's cards at the Deal, before they are dealt (a "-" read as none)
NOT_DEALT = "not dealt yet"
PHASES = {"deal": "the Deal", "draw": "the Draw", "resolve": "resolution"}


def character_note(rows: Iterable[Sequence[object]]) -> str:
    """The key under a table of characters, saying only the marks its rows show: "3/4" and
    "?" explained under rows with neither read as marks the Dealer should look for."""
    cells = [str(cell) for row in rows for cell in row[1:]]
    told = ["3/4: Difficulty left 3 of 4."] * any("/" in c for c in cells)
    told += ["-: none."] * any(c == "-" or c.startswith("-?") for c in cells)
    told += ["?: the Devil not yet set this session."] * any(c.endswith("?") for c in cells)
    return " ".join(told)


# -- the pieces both halves use -------------------------------------------------------------


def attribute_cells(values: Sequence[int], ratings: Sequence[int]) -> list[str]:
    """Each attribute as the tables show it: "3/4" when Difficulty took some, "4" when not."""
    return [f"{v}/{r}" if v != r else str(r) for v, r in zip(values, ratings, strict=True)]


def devil_cell(rating: int, to_set: bool) -> str:
    """The Devil column of both halves: the rating ("-" for none), marked "?" while its
    player has not set it this session (everyone at the table knows that much)."""
    return (str(rating) if rating else "-") + ("?" if to_set else "")


def status(who: Character) -> str:
    """A character's word on the Road to Hell ("" for none)."""
    if who.fate:
        return "left play"
    if who.fate_due:
        return "fate due"
    return "last leg" if who.on_last_leg else ""


def record_line(record: ConflictRecord) -> str:
    """An earlier conflict in the lists of them: its number, title and outcome, each name
    in the outcome kept on one row ('"Gentleman"' / 'Jim Harris won' at 80 columns)."""
    outcome = record.outcome
    for name in sorted(record.characters, key=len, reverse=True):
        outcome = outcome.replace(name, whole(name))
    line = f"{record.number}. {record.title} ({outcome})"
    if record.unresolved:
        line += f"; thread closed: {record.closed}" if record.closed else "; an open thread"
    return line


def earlier_sections(past: Sequence[ConflictRecord]) -> list[Section]:
    """Every earlier conflict under a heading for each session, oldest first."""
    if not past:
        return [lines("Earlier conflicts", "No conflict has ended yet.")]
    return [Lines(f"Session {session}" if session else "Before the first session",
                  tuple(record_line(r) for r in records))
            for session, records in groupby(past, key=lambda r: r.session)]


def conflict_heading(number: int, title: str, stakes: int, stud: int, phase: str) -> str:
    staked = f", Stakes {stakes}" if stakes else ", no Stakes"
    # the stud hand's name kept on one row ("Five Card" / "Stud" at 80 columns)
    studded = f", the Dealer's {whole(STUD_NAMES[stud])}" if stud in STUD_NAMES else ""
    # the step first: after a long title it wrapped, "— the" at a line's end, "Deal" alone
    # a title ending in its own mark is quoted, as in the log ("Roof?, Stakes 1" read as a
    # slip)
    return f"Conflict {number} ({PHASES[phase]}): {quoted(title)}{staked}{studded}"


def _suits(attributes: Iterable[str]) -> str:
    return "".join(parse_attribute(a).symbol for a in attributes) or "stud"


def _result(won: bool, narrates: bool, spared: bool = False) -> str:
    """A hand's outcome: won, lost, or an ally won (beaten by no one)."""
    told = "WON" if won else "ally won" if spared else "lost"
    return told + (", narrates" if narrates else "")


def _beaten(c: Conflict | TableConflict) -> list[str]:
    """The characters the winning combination beat, who take its Difficulty: not the
    winners nor those that stood with them, not a hand that folded, and not the Dealer's
    stud hand, which has no attributes to lose."""
    hands = c.participants if isinstance(c, Conflict) else c.hands
    return [h.name for h in hands if h.name != DEALER and not h.folded
            and h.name not in c.winners and h.name not in c.spared]


def _put_at_zero(c: Conflict | TableConflict,
                 values: Mapping[str, Sequence[int]]) -> dict[str, list[str]]:
    """The attributes this conflict's Difficulty put at 0, by character, of those whose
    `values` (Hand, Eye, Guts, Heart) are known: the Road to Hell, unless a paid narration
    lifts one back to 1 before the conflict ends (book l.295)."""
    lost: dict[str, set[str]] = {}
    for who, attribute, points in c.difficulty:
        if points and who in values:
            lost.setdefault(who, set()).add(attribute)
    zeroed: dict[str, list[str]] = {}
    for who, taken in lost.items():
        zero = [str(a) for a, v in zip(ATTRIBUTES, values[who], strict=True)
                if v == 0 and a.value in taken]
        if zero:
            zeroed[who] = zero
    return zeroed


def _losses(winning: PokerHand, beaten: Sequence[str], placed: Mapping[str, int],
            values: Mapping[str, Sequence[int]]) -> str:
    """What the winning combination takes from each character it beat, after its cards: the
    points it deals (one a card, book l.242), or fewer where the attributes it deals from
    hold fewer (none goes below 0, l.295): what a loser placed, or can place now. Of one
    whose values the viewer may not see, "up to" the points until he places them, then what
    he placed, never that it was all the attributes held (that he is at 0 there)."""
    points = difficulty_points(winning)
    allowed = difficulty_attributes(winning)
    where = ", ".join(a.value for a in allowed)
    due: dict[str, int | None] = {}
    for name in beaten:
        if name in placed:
            due[name] = placed[name]
        elif name in values:
            now = dict(zip(ATTRIBUTES, values[name], strict=True))
            due[name] = points_due(points, allowed, now)
        else:
            due[name] = None
    if all(n == points for n in due.values()):
        return (f": {named_all(beaten)} {'loses' if len(beaten) == 1 else 'each lose'} "
                f"{points} from {where}.")
    holds = f"all that {' and '.join(a.value for a in allowed)} " \
        f"{'holds' if len(allowed) == 1 else 'hold'}"
    told = []
    for name, n in due.items():
        told.append(f"{name} loses " + (
            f"up to {points}" if n is None else f"{points}" if n == points
            else f"{n}" if name not in values
            else f"nothing, {where} at 0 already" if n == 0 else f"{n}, {holds}"))
    return f" deals {plural(points, 'point')} from {where}: {'; '.join(told)}."


def _resolution_lines(c: Conflict | TableConflict,
                      values: Mapping[str, Sequence[int]]) -> list[str]:
    """The Call's outcome as everyone saw it: the winning combination, narration, and the
    Difficulty taken, with each attribute it put at 0 (`values`: the characters' values
    the viewer may see)."""
    winning = evaluate(cards_from_codes(c.combination))
    beaten = _beaten(c)
    told = [f"Winning combination {cards(c.combination)}"
            + (_losses(winning, beaten, dict(c.placed_points), values) if beaten
               else ": it beat only the Dealer's stud hand, which takes no Difficulty."
               if c.stud else ": it beat no character, so nobody takes its Difficulty.")]
    if c.spared:
        told.append(f"{spared_line(c.spared)}.")
    # one line with narration, where a line of its own pushed the earlier conflicts off
    # the tab at 80x24
    brief = narration_brief(c, winning)
    told.append(f"High card {cards([c.high_card])} laid by {named(c.high_card_holder)}. "
                f"Narrator: {_narrator_told(c)}. {brief}" if c.high_card else brief)
    lost: dict[str, list[str]] = {}
    for who, attribute, points in c.difficulty:
        lost.setdefault(who, []).append(f"{attribute} {points}")
    words: dict[str, list[str]] = {}
    for who, said in c.told:
        words.setdefault(who, []).append(said)
    zeroed = _put_at_zero(c, values)
    told += [f"{who} lost {', '.join(taken)}"
             + (f": {'; '.join(words[who])}" if who in words else "")
             + (f"; {' and '.join(zeroed[who])} {'is' if len(zeroed[who]) == 1 else 'are'} "
                "at 0, the Road to Hell." if who in zeroed else ".")
             for who, taken in lost.items()]
    return told


#: how far beyond the ordinary a win goes, by the winning hand (see the docstring)
WIN_WEIGHT = {
    Category.HIGH_CARD: "a routine", Category.PAIR: "a modest", Category.TWO_PAIR: "a sound",
    Category.THREE_OF_A_KIND: "a strong", Category.STRAIGHT: "a remarkable",
    Category.FLUSH: "a remarkable", Category.FULL_HOUSE: "an exceptional",
    Category.FOUR_OF_A_KIND: "an exceptional", Category.STRAIGHT_FLUSH: "an exceptional",
    Category.ROYAL_FLUSH: "an exceptional",
}


def narration_brief(c: Conflict | TableConflict, winning: PokerHand) -> str:
    """What the narrator tells once the Call is made (lines 166, 220-224): the win weighed
    by the winning hand, the winner's goal coming true, and the rest (whether the losers'
    goals come true too) as the narrator rules."""
    goals = {p.name: p.goal.strip() for p in _hands_of(c)}
    won = [name for name in c.winners if goals.get(name)]
    weight = WIN_WEIGHT[winning.category]
    what = (f": {' and '.join(_possessive(n) for n in won)} "
            f"{'goal comes' if len(won) == 1 else 'goals come'} true" if won
            else f" for {named_all(c.winners)}")
    return f"{weight[:1].upper()}{weight[1:]} win{what}; the rest, as the narrator rules."


def _hands_of(c: Conflict | TableConflict) -> Sequence[Participant | TableHand]:
    return c.participants if isinstance(c, Conflict) else c.hands


def _possessive(name: str) -> str:
    return "the Dealer's" if name == DEALER else f"{name}'s"


def _narrator_told(c: Conflict | TableConflict) -> str:
    """The narrator, and why when the high card did not make him: Chips bid (line 293), or
    entering at 0 (line 327, the only other way a narrator differs from the holder). Both
    are rare enough that a Dealer took the narrator for a slip."""
    narrator = named(c.narrator or "nobody")
    if c.narration_bought:
        return f"{narrator}, by Chips bid"
    if c.narrator and c.narrator != c.high_card_holder:
        return f"{narrator}, who entered at 0 (the Road to Hell)"
    return narrator


# -- the Dealer's views ---------------------------------------------------------------------


def hurts_told(hurts: Iterable[tuple[str, str]]) -> str:
    """How each loss still carried was told, with its conflict's title."""
    return "; ".join(f"{said} ({title})" for said, title in hurts)


def listed(state: DustDevilsState) -> tuple[Character, ...]:
    """The characters in the order the Characters tab, the replay and the players' screen
    list them: the players' in play, then the Dealer's, then those who left play, each in
    the order made. Over weeks of play the posse stays at the top, a newcomer who takes a
    dead man's seat beside them, and the dead below the living."""
    return tuple(sorted(state.characters, key=lambda w: (not w.in_play, not w.player)))


def character_grid(state: DustDevilsState) -> Grid:
    """The Characters tab's table: every character, the Dealer's whole view."""
    rows = []
    for who in listed(state):
        devil = devil_cell(who.devil_rating, devil_to_set(state, who))
        rows.append((who.name, *attribute_cells(who.values, who.ratings), devil,
                     who.chips if who.player else "-", status(who)))
    return grid("Characters", CHARACTER_COLUMNS, rows, note=character_note(rows),
                shortened=("Name",))


def sheet_chips(who: Character) -> int:
    """The Chips written on `who`'s sheet (as made, or corrected): neither earned nor
    spent nor taken back, so that the now, the earned, the spent and the taken add up."""
    return who.chips - who.earned + who.spent + who.taken


def fate_keeper(who: Character) -> str:
    """Who chooses how `who` leaves play: a player his character's, the Dealer his own's."""
    return "the player" if who.player else "the Dealer"


def sheet_lines(who: Character, state: DustDevilsState, *, brief: bool = False) -> list[str]:
    """The whole sheet of one character; `brief` leaves out the story and the Chips'
    history (the Conflict tab's side)."""
    kind = "player character" if who.player else "non-player character"
    told = [f"{who.name}{', ' + who.vocation if who.vocation else ''}  ({kind})"]
    if who.description and not brief:
        told.append(who.description)
    told.append("  ".join(f"{a.symbol} {a} {who.value(a)}"
                          + (f" of {who.rating(a)}" if who.value(a) != who.rating(a) else "")
                          for a in ATTRIBUTES))
    if who.fate:
        told.append(f"Left play{f' in session {who.left_in}' if who.left_in else ''}: "
                    f"{who.fate}")
    if who.fate_due:
        told.append(f"The Road to Hell: the last conflict is over; {fate_keeper(who)} "
                    "records the fate (Fate).")
    elif who.on_last_leg:
        told.append(f"On the Road to Hell: at 0 in {', '.join(a.value for a in who.at_zero)}; "
                    "the next conflict using it is the last.")
    if who.hurts:
        told.append(f"Difficulty told as: {hurts_told(who.hurts)}")
    if who.traits:
        told.append("Traits: " + "; ".join(who.traits))
    if who.knacks:
        told.append(f"Knacks ({len(who.knacks)} of {who.knack_limit}): "
                    + ", ".join(f"{k} {r}" for k, r in who.knacks))
    if who.devil or who.devil_rating:
        told.append(f"Devil ({who.devil_rating}): {who.devil}")
    if devil_to_set(state, who):
        told.append("The Devil's rating is not set for this session yet.")
    if who.player:
        # Chips written on the sheet (as made, or corrected) are neither earned nor spent:
        # said apart, so that the now, the earned and the spent add up
        sheet = sheet_chips(who)
        told.append(f"Chips: {who.chips} now" + (f": {sheet} from the sheet" if sheet else "")
                    + f", {who.earned} earned, {who.spent} spent"
                    + (f", {who.taken} given back" if who.taken else ""))
        if not brief:
            told += [f"  {e.when}: {e.change:+d} {e.reason}" for e in who.ledger[-6:]]
    if not brief:
        told += [f"{label}: {text}" for label, text in
                 (("Back story", who.back_story), ("Notes", who.notes)) if text]
    return told


def sheet_tally(player: bool, ratings: Sequence[int],
                knacks: Sequence[tuple[str, int]] | None) -> str:
    """What a new sheet has spent, as the form is filled in: a player character's attribute
    and Knack points against the budgets, and the Knacks against the limit (`knacks` None:
    not readable yet)."""
    told = [f"Attribute points {sum(ratings)} of {ATTRIBUTE_POINTS}"] if player else []
    if knacks is None:
        told.append("write each Knack as its name and rating (Ridin' 2)")
    else:
        if player:
            told.append(f"Knack points {sum(r for _, r in knacks)} of {KNACK_POINTS}")
        hand, eye = ratings[0], ratings[1]
        told.append(f"Knacks {len(knacks)} of {knack_limit(hand, eye)}")
    return "; ".join(told) + "."


def knack_choices(who: Character | None) -> list[tuple[str, str]]:
    """A character's Knacks as a form offers them, each with its rating beside it
    ("Shootin' 4": the rating is what the Draw may change), chosen by name."""
    return [(f"{knack} {rating}", knack) for knack, rating in who.knacks] if who else []


def draw_knack_choices(state: DustDevilsState, name: str) -> list[tuple[str, str]]:
    """The Knacks the Draw form offers a hand: first (chosen as "") the one named when the
    hand entered, said so, or that none was; then the character's others, to rule another
    relevant instead. Where the first read "(none)", a Dealer took it for "no Knack"."""
    conflict = state.conflict
    p = conflict.participant(name) if conflict is not None else None
    who = state.character(name)
    entered = p.knack if p is not None else ""
    if entered and who is not None:
        first = f"{entered} {who.knack(entered)}, named at entry"
    elif p is not None and p.is_stud:
        first = "none: a Chip to each player buys one card"
    elif p is not None and _devil_at_zero(state, p):
        first = f"none named at entry: {_devil_at_zero(state, p)} for the Devil at 0"
    else:
        first = "none named at entry: no draw without a Chip"
    return [(first, ""), *((label, k) for label, k in knack_choices(who) if k != entered)]


def rulings_line(state: DustDevilsState) -> str:
    """The table's rulings in force: the optional winner's card, and damage at session end."""
    return "; ".join(rulings(state))


def rulings(state: DustDevilsState) -> list[str]:
    """Each of the table's rulings in force: the optional winner's card, then (in a
    session) damage at its end."""
    told = [f"Winner's extra card: {'on' if state.winner_card else 'off'}"]
    if state.in_session:
        told.append("damage carries over this session" if state.carry_over
                    else "damage recovers at session end")
    return told


def stud_stood_with(winners: Sequence[str], recovery: object, players: Iterable[str]) -> bool:
    """Whether the Dealer's stud hand stood with the winning hand: a character of the
    Dealer's won (the players stand against the Dealer's hands, his stud hand and his
    characters alike), so the stud hand's Result reads "ally won", as a player's beside a
    player's winning hand does. In a recovery the stud hand is the hurt, on a side alone."""
    theirs = set(players)
    return (recovery is None and bool(winners) and DEALER not in winners
            and not any(w in theirs for w in winners))


def hand_row(conflict: Conflict, p: Participant, stud_ally: bool = False
             ) -> tuple[str, ...]:
    """A hand as the Dealer's Conflict tab shows it (BEFORE_CALL or AFTER_CALL);
    `stud_ally`: the stud hand stood with the winning hand (`stud_stood_with`)."""
    if conflict.phase == "resolve":
        if p.folded or not p.laid:
            return (p.name, "-", "", "folded")
        made = evaluate(cards_from_codes(p.laid)).category.label
        return (p.name, cards(p.laid), made,
                _result(p.name in conflict.winners, p.name == conflict.narrator,
                        p.name in conflict.spared or (p.is_stud and stud_ally)))
    held = (cards(p.hand) if p.hand
            else NOT_DEALT if conflict.phase == "deal" and not p.folded else "-")
    if p.drawn and p.discarded:
        held += f" (threw {len(p.discarded)})"
    # what swayed the count, as the row said it while the hand was being added ("trait,
    # Devil +2"): once the conflict opened only the log said it (round 13)
    # the winner's card too (the optional rule, line 208): Jim's 9 cards for Hand 4 + Eye 4
    # read as a slip beside an empty Status
    marks = [*sway_marks(p.trait, p.chip, p.devil),
             *(w for w, on in (("won last", p.won_last), ("at 0", p.at_zero),
                               ("drawn", p.drawn), ("folded", p.folded)) if on)]
    return (p.name, f"{_suits(p.attributes)} {p.cards_due}", held, ", ".join(marks))


def sway_marks(trait: bool, chip: bool, devil: int) -> list[str]:
    """What swayed a hand's count of cards, in the Conflict tab's words: "trait", "Chip",
    "Devil +2" (the Devil's cards more or fewer)."""
    marks = [w for w, on in (("trait", trait), ("Chip", chip)) if on]
    if devil:
        marks.append(f"Devil {devil:+d}")
    return marks


def hands_grid(conflict: Conflict, state: DustDevilsState | None = None) -> Grid:
    """The hands' table of the Dealer's Conflict tab; `state` tells the player characters
    from the Dealer's, for the stud hand's Result beside a winning character of his."""
    columns = AFTER_CALL if conflict.phase == "resolve" else BEFORE_CALL
    players = [] if state is None else [p.name for p in conflict.participants
                                        if is_players(state, p.name)]
    ally = state is not None and stud_stood_with(conflict.winners, conflict.recovery,
                                                 players)
    return grid(conflict_heading(conflict.number, conflict.title, conflict.stakes,
                                 conflict.stud, conflict.phase),
                columns, [hand_row(conflict, p, ally) for p in conflict.participants],
                note=AFTER_NOTE if conflict.phase == "resolve" else BEFORE_NOTE)


def recovery_line(recovery: tuple[str, tuple[tuple[str, int], ...]]) -> str:
    """Whom the recovery under way is for and what it brings back, on both screens."""
    patient, split = recovery
    back = ", ".join(f"{a} {n}" for a, n in split)
    return f"A recovery for {patient}: {back} back if a hand that named a Knack wins."


#: how the Conflict tab's line of open threads starts (the tab names t at its end)
OPEN_THREADS = "Open threads: "


def conflict_lines(state: DustDevilsState) -> list[str]:
    """What the Conflict tab says under the hands: goals, whom a recovery is for and what it
    brings back, the lays each hand could make, the Call's outcome, the Road to Hell and the
    open threads."""
    conflict = state.conflict
    told: list[str] = []
    if conflict is not None:
        told += [goal_sentence(p.name, p.goal) for p in conflict.participants if p.goal]
        if conflict.recovery is not None:
            told.append(recovery_line(conflict.recovery))
        if conflict.phase != "resolve":
            told += winner_card_line([p.name for p in conflict.participants if p.won_last])
        if conflict.phase == "draw":
            told += [_lays_line(state, p) for p in conflict.active]
        if conflict.phase == "resolve":
            told += _resolution_lines(conflict, {w.name: w.values for w in state.characters})
        told += [last_conflict_line(p.name, conflict.phase == "resolve")
                 for p in conflict.active if p.at_zero]
        if conflict.phase != "resolve":
            told += zero_narration_line(conflict.at_zero)
    due = [who for who in state.characters if who.fate_due]
    if due:
        keepers = {fate_keeper(who) for who in due}
        keeper = keepers.pop() if len(keepers) == 1 else \
            "the player (the Dealer, his own characters')"
        told.append(f"Fate due: {', '.join(who.name for who in due)}. The last conflict is "
                    f"over; {keeper} records the fate on the Characters tab (Fate).")
    if state.open_threads:
        told.append(OPEN_THREADS + "; ".join(r.title for r in state.open_threads))
    return told


def sway_lines(name: str, trait: bool, devil: int, chip: bool = False) -> list[str]:
    """What swayed a player character's Deal, said at the table as the conflict opens (book
    l.119-123): a trait ruled to fit, a card more; the Devil coming in, its rating in cards
    more or fewer; and (`chip`) a card more bought with a Chip (l.300; the recap tells it
    as the Chip is spent). A non-player character's are the Dealer's, never said."""
    told = [f"A trait of {name}'s fits: a card more."] if trait else []
    if devil:
        told.append(f"{name}'s Devil comes in: {plural(abs(devil), 'card')} "
                    f"{'more' if devil > 0 else 'fewer'}.")
    if chip:
        told.append(f"{name} bought a card more with a Chip.")
    return told


def winner_card_line(won_last: Sequence[str]) -> list[str]:
    """Before the Call, the hands dealt a card more as winners of the conflict this one goes
    on from: the optional rule's card (line 208) is seldom on, and unsaid the count looks
    one too many (nothing when none was)."""
    won = named_all(won_last)
    if not won:
        return []
    return [f"{won[0].upper()}{won[1:]} won the conflict this goes on from: a card more, "
            "the winner's card (the optional rule)."]


def last_conflict_line(name: str, called: bool = False) -> str:
    """Who plays his last conflict on the Road to Hell: before the Call, as he enters at 0;
    once it is `called`, in the past ("enters at 0" read on after the outcome)."""
    if called:
        return f"{name} entered at 0: this was the last conflict on the Road to Hell."
    return f"{name} enters at 0: the last conflict on the Road to Hell."


def zero_narration_line(at_zero: Sequence[str]) -> list[str]:
    """Before the Call, who narrates when characters entered at 0 (line 327): the table
    lays its cards knowing that the high card wins no narration (line 202), and who may
    bid. Nothing when nobody entered at 0."""
    if not at_zero:
        return []
    if len(at_zero) == 1:
        return [f"Narration is {named(at_zero[0])}'s whoever lays the high card (the Road "
                "to Hell): nobody bids."]
    return [f"Narration goes to the highest card laid among {named_all(at_zero)}, who "
            "alone may bid for it (the Road to Hell)."]


def entering_last(state: DustDevilsState, entrant: Entrant) -> bool:
    """Whether a character added to the conflict being set up enters on the Road to Hell
    (one of its two attributes at 0): its last conflict, said before it opens."""
    who = state.character(entrant.name)
    return who is not None and at_zero_in(who, entrant.attributes)


def chance_words(chance: float) -> str:
    """A win chance as the Win column and the sides' line show it, in whole percents. The
    chances are estimated by trials (`odds`): a hand that lost a few in a thousand read
    "100%", Hob's ten cards against a Three Card Stud before the Deal, and one that won a
    few "0%", as if the Call were settled. Only a chance of every trial or none reads 100% or
    0%; one short of it reads ">99%" or "<1%"."""
    if 0 < chance < 0.005:
        return "<1%"
    if 0.995 <= chance < 1:
        return ">99%"
    return f"{chance:.0%}"


def side_chances(state: DustDevilsState, chances: Mapping[str, float]) -> str:
    """The Win column's chances summed by side, where a side has two hands or more: Luke's
    0% beside Zeke's 100%, both against the stud hand, read as Luke's loss, though a hand
    on the winner's side wins with it (book l.176, 240). "" when no side has two, or while
    the chances are not all in."""
    conflict = state.conflict
    if conflict is None or any(p.name not in chances for p in conflict.active):
        return ""
    sides: dict[str, float] = {}
    count: dict[str, int] = {}
    for p in conflict.active:
        named = side(state, conflict, p.name)
        sides[named] = sides.get(named, 0.0) + chances[p.name]
        count[named] = count.get(named, 0) + 1
    if max(count.values(), default=0) < 2:
        return ""
    names = {DEALER: "the Dealer's hands"}
    return "By side: " + ", ".join(f"{names.get(n, n)} {chance_words(c)}"
                                   for n, c in sides.items()) + "."


def entering_note(state: DustDevilsState) -> str:
    """The key under the conflict being set up: its Cards column holds what sways each
    hand's count, not cards ("Cards: a trait, a Chip, the Devil." read as a list of cards);
    a winner's card is said only while the optional rule is on."""
    winner = " (a winner's card more comes as it opens)" if state.winner_card else ""
    return (f"Deal: the attributes' suits and the cards due{winner}. Cards: what sways the "
            "count (a trait, a Chip, the Devil).")


def entering_row(state: DustDevilsState, entrant: Entrant) -> tuple[str, ...]:
    """A character added to the conflict being set up, as the Conflict tab lists it
    (BEFORE_CALL): its attributes' suits and the cards due, its extras, and whether it
    enters at 0."""
    extras = sway_marks(entrant.trait, entrant.chip, entrant.devil)
    marks = "entering, at 0" if entering_last(state, entrant) else "entering"
    if entrant.side:
        marks += f", {SIDES[entrant.side]} side"
    who = state.character(entrant.name)
    deal = _suits(entrant.attributes)
    if who is not None:
        deal += f" {cards_due(who, entrant)}"
    return (entrant.name, deal, ", ".join(extras), marks)


def _floored(who: Character, first: Attribute, second: Attribute, devil: int) -> bool:
    """Whether the Devil takes `who`'s two attributes below the one card a hand is always
    dealt (the reading in `deal`)."""
    made = sum(rating_in_deal(who.value(a), who.devil_rating) for a in (first, second))
    return made + devil < devils_deal(who.value(first), who.value(second),
                                      who.devil_rating, devil)


def stakes_paid(state: DustDevilsState) -> str:
    """The Stakes the end of the conflict called pays, and to whom: "2 Chips each to Luke
    and Jack" ("" for none), for the Dealer handing the Chips across the table."""
    due = resolution.stakes_due(state)
    if not due or state.conflict is None:
        return ""
    each = " each" if len(due) > 1 else ""
    last = [p.name for p in state.conflict.active if p.at_zero and p.name in due]
    return f"{plural(state.conflict.stakes, 'Chip')}{each} to {named_all(due)}" \
        + last_stakes(last)


def last_stakes(last: Sequence[str]) -> str:
    """What becomes of the Stakes paid to a character in his last conflict (line 319): he
    won them, and they go on his sheet, whose Chips leave play with him (the sheet holds
    them, lines 756-760; none passes to another character). Said where the Stakes are, so
    that the Dealer handing them across knows what they are for ("" for nobody)."""
    if not last:
        return ""
    if len(last) == 1:
        return f"; it is {_possessive(last[0])} last conflict: they leave play with him"
    return f"; it is the last conflict of {named_all(last)}: they leave play with them"


def _deals_line(who: Character, entrant: Entrant, first: Attribute, second: Attribute,
                count: int) -> str:
    """The cards the entrant's choices deal, and where they come from: "Deals 9 cards (Hand
    4 + Eye 4, a trait)"."""
    # a card the Dealer's character buys is paid by his award of a Chip to each player
    chip = "a Chip" if who.player else "a Chip to each player"
    extras = [w for w, on in (("a trait", entrant.trait), (chip, entrant.chip)) if on]
    how = " + ".join(f"{a} {who.value(a)}" if who.value(a) or not who.important else
                     f"{a} 0, so the Devil's {who.devil_rating}" for a in (first, second))
    if _floored(who, first, second, entrant.devil):
        # the sum reads less than the one card a hand is always dealt; the extra cards come
        # on top of that one (a minor character's two at 0 have no Devil to blame)
        how += (f", the Devil {entrant.devil:+d}" if who.important else "") + (
            ": at least one card")
    elif entrant.devil:
        extras.append(f"the Devil {entrant.devil:+d}")
    return f"Deals {plural(count, 'card')} ({', '.join([how, *extras])})."


def entrant_preview(state: DustDevilsState, entrant: Entrant) -> str:
    """What the entrant form says of the character picked, for the Dealer's rulings on a
    trait that fits and the Devil's sway (the sheets beside the tab are out of sight at 80
    columns): the cards its choices deal, that it enters its last conflict when one of the
    two attributes is at 0, its traits, its Devil and Chips ("" for no character)."""
    who = state.character(entrant.name)
    if who is None:
        return ""
    try:
        first, second = (parse_attribute(a) for a in entrant.attributes)
        if first == second:
            raise RuleError("The Deal", "two different attributes")
        count = cards_due(who, entrant)
        # a Devil that sways the Deal or stands in at 0 counts once set this session: the
        # cards it would deal read as if it did, and sending was refused
        sways = entrant.devil or not who.value(first) or not who.value(second)
        unset = why_not_devil_counts(state, who) if sways else None
    except RuleError:
        told = ["Pick two different attributes."]
    else:
        told = [sentence(unset.message) if unset is not None
                else _deals_line(who, entrant, first, second, count)]
        if entering_last(state, entrant):
            # said before he is added: a conflict using the attribute at 0 is his last
            told.append(last_conflict_line(who.name))
    if not who.important:
        # said as he is picked: the stud hand usually plays him, his own hand is allowed
        told.append(sentence(minor_hand(who.name)))
    if who.traits:
        told.append(sentence(f"Traits: {'; '.join(who.traits)}"))
    if who.devil or who.devil_rating:
        told.append(sentence(f"Devil {who.devil_rating}: {who.devil}".rstrip(": ")))
    if who.player:
        told.append(f"Chips {who.chips}.")
    return " ".join(told)


def entering_lines(state: DustDevilsState, entrants: Sequence[Entrant]) -> list[str]:
    """What the Conflict tab says of the characters added before the conflict opens: each
    goal, and the Road to Hell for one entering at 0."""
    return [*(goal_sentence(e.name, e.goal) for e in entrants if e.goal),
            *(last_conflict_line(e.name) for e in entrants if entering_last(state, e))]


def _lays_line(state: DustDevilsState, p: Participant) -> str:
    choice = lay_choices(cards_from_codes(p.hand))
    line = f"{p.name}: best lay {choice.best.describe()}"
    if choice.keeps_high_card is not None:
        line += f"; or keep the high card: {choice.keeps_high_card.describe()}"
    if not p.drawn and not p.is_stud:
        devil = _devil_at_zero(state, p)
        # the Devil's cards at 0 come on top of the Knack's (line 321): said apart, as the
        # Draw's log line says them, so that the count adds up
        sources = [p.knack] if p.knack else []
        if devil:
            sources.append(f"{devil} {'more ' * bool(p.knack)}for the Devil at 0")
        if state.conflict is not None and not pack_left(state.conflict):
            sources = ["the pack is empty"]
        line += f"; may change {draw_allowed(state, p.name)} " \
                f"({' and '.join(sources) or 'no Knack named'})"
    return line


def _devil_at_zero(state: DustDevilsState, p: Participant) -> int:
    """The cards a hand that entered at 0 may change for its Devil rating (line 321)."""
    who = state.character(p.name)
    return who.devil_rating if who is not None and p.at_zero else 0


@dataclass(frozen=True)
class DifficultyAsked:
    """The Difficulty form for a loser still to place it: its title, its note and the split
    it starts from."""

    name: str
    title: str
    note: str
    split: dict[Attribute, int]


#: the fold form's Who: whose player folds, where it showed only how to pick
FOLD_WHO = ("The player whose character leaves the conflict before the Call, paying one of "
            "the Chips listed beside his name")
FOLD_NOTE = ("Folding costs the player a Chip and takes the character out of the risks and "
             "the rewards (no Difficulty, no Stakes). When every player character folds, the "
             "conflict ends unresolved, an open thread.")


def fold_note(state: DustDevilsState) -> str:
    """The fold form's note: what a fold costs, and, for each who may fold having entered
    at 0, that folding spares his last conflict (book l.329)."""
    conflict = state.conflict
    at_zero = [n for n in who_can_fold(state) if conflict is not None
               and n in conflict.at_zero]
    if not at_zero:
        return FOLD_NOTE
    lives = "his" if len(at_zero) == 1 else "their"
    return (f"{FOLD_NOTE} {in_words(at_zero)} entered at 0: folded, this is not {lives} "
            f"last conflict; {'he stays' if len(at_zero) == 1 else 'they stay'} on the "
            "Road to Hell for one that means more.")


def fold_choices(state: DustDevilsState) -> list[tuple[str, str]]:
    """The player characters who can fold now (a Chip in hand), each with the Chips held:
    (words, name)."""
    choices = []
    for name in who_can_fold(state):
        who = state.character(name)
        if who is not None:
            choices.append((f"{name} ({plural(who.chips, 'Chip')})", name))
    return choices


def attribute_raise_choices(state: DustDevilsState, name: str) -> list[tuple[str, str]]:
    """The attributes `name` can raise a point now, each with its new rating and price
    ("Hand to 4 (8 Chips)"): (words, attribute)."""
    who = state.character(name)
    if who is None:
        return []
    choices = []
    for a in attributes_to_raise(state, name):
        new = who.rating(a) + 1
        choices.append((f"{a} to {new} ({plural(attribute_raise_cost(new), 'Chip')})",
                        a.value))
    return choices


def knack_raise_choices(state: DustDevilsState, name: str) -> list[tuple[str, str]]:
    """The Knacks `name` can raise a point now, each with its new rating and price:
    (words, Knack)."""
    who = state.character(name)
    if who is None:
        return []
    choices = []
    for knack in knacks_to_raise(state, name):
        new = who.knack(knack) + 1
        choices.append((f"{knack} to {new} ({plural(knack_raise_cost(new), 'Chip')})", knack))
    return choices


def bid_choices(state: DustDevilsState, name: str) -> list[tuple[str, str]]:
    """The bids `name` can make for narration now: none up to the Chips held."""
    return [(str(n), str(n)) for n in range(resolution.bids_open(state, name) + 1)]


def restore_choices(state: DustDevilsState) -> list[tuple[str, str]]:
    """The attributes the narrator's paid point can go to now, each with the value it goes
    to, one at 0 first (the point lifts it off the Road to Hell): (words, attribute)."""
    conflict = state.conflict
    if conflict is None or resolution.why_not_restore(state) is not None:
        return []
    who = state.character(conflict.narrator)
    if who is None:
        return []
    lost = sorted(resolution.restorable(conflict, who), key=lambda a: who.value(a) > 0)

    def lifted(a: Attribute) -> str:
        # at 0 in any single attribute is the Road to Hell (l.317): a point lifting one
        # leaves him on it while another stays at 0
        if who is None or who.value(a):
            return ""
        still = [b.value for b in ATTRIBUTES if b != a and who.value(b) == 0]
        if not still:
            return ", off the Road to Hell"
        return f"; {in_words(still)} {'stays' if len(still) == 1 else 'stay'} at 0, the " \
            "Road to Hell"

    return [(f"{a} {who.value(a)} to {who.value(a) + 1}{lifted(a)}", a.value) for a in lost]


def point_left_unclaimed(state: DustDevilsState) -> str | None:
    """The question `e` asks before the conflict ends while the narrator who paid Chips for
    narration has not taken back the point they buy (l.295): the point is the player's to
    take or leave, but the conflict's end closes it, and a Dealer ending the conflict
    without `r` lost it with no word, even one that lifted the narrator off the Road to
    Hell. None when no such point is waiting."""
    conflict = state.conflict
    choices = restore_choices(state)
    if conflict is None or not choices:
        return None
    where = " or ".join(words for words, _ in choices)
    return (f"{conflict.narrator} paid Chips to narrate, which gives back a point of this "
            f"conflict's Difficulty, not taken yet ({where}; r restores it). End the "
            "conflict without it?")


def recovery_split(who: Character) -> str:
    """The points `who` can get back by a recovery, as the open form's "Points back" takes
    them ("Hand 1, Heart 1"; "" for none)."""
    return ", ".join(f"{a} {n}" for a, n in recoverable(who).items())


def recovery_told(who: Character) -> str:
    """How `who`'s losses not yet recovered were told, for the Dealer's ruling on whether a
    treatment fits them (book l.260); "" when none was told."""
    if not who.hurts:
        return ""
    return f"{who.name}'s Difficulty was told as: {'; '.join(s for s, _ in who.hurts)}."


def recovery_choices(state: DustDevilsState) -> list[tuple[str, str]]:
    """The characters a recovery can be for, each with the points it can bring back (the
    form then sets the stud hand they call for, `recovery_stud`): (words, name)."""
    return [(f"{w.name}: {recovery_split(w)} lost", w.name)
            for w in state.characters if w.in_play and recoverable(w)]


def difficulty_asked(state: DustDevilsState, name: str = "") -> DifficultyAsked:
    """What the Difficulty form asks of a loser waiting (`name`, or the first): the points
    it can place (the winning combination's, fewer when its attributes hold fewer) and from
    where."""
    conflict = state.conflict
    assert conflict is not None
    waiting = resolution.losers_waiting(state)
    who = state.character(name if name in waiting else waiting[0])
    assert who is not None  # the stud hand places none
    winning = evaluate(cards_from_codes(conflict.combination))
    points = difficulty_points(winning)
    allowed = difficulty_attributes(winning)
    now = {a: who.value(a) for a in ATTRIBUTES}
    due = points_due(points, allowed, now)
    return DifficultyAsked(
        who.name, f"{who.name} loses {plural(due, 'point')}",
        f"The {winning.category.label.lower()} deals {plural(points, 'point')}, from "
        f"{', '.join(f'{a} {now[a]}' for a in allowed)}; none below 0.",
        auto_split(points, allowed, now))


def new_knack_note(who: Character) -> str:
    """What the New Knack form says (lines 75-77): what a Knack is, and how many `who` has
    of the most he may have (the sheet that says it is under the form at 80x24)."""
    return (f"A Knack is a narrow skill: Rustlin', not Thievin'. {who.name} has "
            f"{len(who.knacks)} of {who.knack_limit} (Hand + Eye, or 6 if that is more).")


def narrator_difficulty_note(state: DustDevilsState) -> str:
    """What the narrator's Difficulty form (K) says of the rule it asks for (line 226): the
    narrator may hand Difficulty to anyone in the conflict, a winner too, as much as he
    tells and from where he tells; nothing is offered for him."""
    conflict = state.conflict
    narrator = named(conflict.narrator, start=True) if conflict and conflict.narrator \
        else "The narrator"
    return (f"{narrator} narrates and may hand Difficulty to any character in the "
            "conflict, even a winner (a losing hand may hurt the winner): the points and "
            "the attributes are the narrator's to say, like Guts 1, Heart 1; none below 0.")


def holds_now(who: Character) -> str:
    """What `who`'s attributes hold now, for a form that takes points off them."""
    return f"{who.name} holds " + ", ".join(f"{a} {who.value(a)}" for a in ATTRIBUTES) + "."


def bid_note(state: DustDevilsState) -> str:
    """What the bid form says of who holds narration and how it is kept (a player holding
    it keeps it by meeting the highest bid; a hand of the Dealer's holds no Chips), and what
    paying for it gives back (`_restored_note`)."""
    conflict = state.conflict
    holder = resolution.narration_holder(conflict) if conflict is not None else ""
    if not holder:
        return "Nobody holds the high card: the highest bid takes narration. " \
            + _restored_note(state)
    assert conflict is not None
    held = "entered at 0 and holds narration" if conflict.at_zero else "holds the high card"
    if holder in resolution.who_may_bid(state) and holder not in resolution.bidders(state):
        # the form offers him no bid: "keeps narration by meeting the highest" promised
        # what he cannot pay
        return (f"{named(holder, start=True)} {held} but no Chip to meet a bid: the highest "
                "bid takes narration. Only the narrator pays. " + _restored_note(state))
    if holder in resolution.who_may_bid(state):
        keeps = ("entered at 0 and laid the high card of those at 0, who alone bid: narration "
                 "is kept" if conflict.at_zero else "holds the high card and keeps narration")
        return (f"{named(holder, start=True)} {keeps} by meeting the highest bid, paying only "
                "what meets it. Only the narrator pays. " + _restored_note(state))
    return (f"{named(holder, start=True)} {held}, but only players bid Chips: the highest "
            "bid takes narration. Only the narrator pays. " + _restored_note(state))


def _restored_note(state: DustDevilsState) -> str:
    """The point a paid narration gives back (book l.295), naming each bidder whose
    attribute this conflict's Difficulty put at 0: the Chip lifts it back to 1."""
    conflict = state.conflict
    assert conflict is not None
    bidders = resolution.bidders(state)
    at_zero: dict[str, list[str]] = {}
    for who, attribute, points in conflict.difficulty:
        character = state.character(who)
        if points and who in bidders and character is not None \
                and character.value(Attribute(attribute)) == 0 \
                and attribute not in at_zero.get(who, []):
            at_zero.setdefault(who, []).append(attribute)
    # one point a conflict (l.297) lifts one of them, never all: "Guts or Heart"
    lifts = [f"{who}'s {' or '.join(attributes)}" for who, attributes in at_zero.items()]
    back = f": {' or '.join(lifts)} would come back from 0 to 1" if lifts else ""
    if sum(map(len, at_zero.values())) > 1:
        back += " (one point a conflict, the narrator's pick)"
    return ("Narrating by paying Chips also gives back a point of the Difficulty taken in "
            f"this conflict{back}.")


def names(state: DustDevilsState) -> list[str]:
    """Every character the campaign holds, the Dealer's and the players', in the order made:
    the note form's completion and the log's filter offer them."""
    return [who.name for who in state.characters]


def names_of(state: DustDevilsState, name: str) -> tuple[str, ...]:
    """Every name of the character called `name`, now or before a rename: the log's
    filter finds him under any."""
    return state.names_of(name)


def noted(notes: Sequence[Event]) -> list[str]:
    """The journal's notes about a character, for its sheet: each with its session, and
    marked when it is the table's too."""
    if not notes:
        return []
    return ["Noted in the journal:", *(f"  {line}" for line in noted_lines(notes))]


def dealer_sections(state: DustDevilsState) -> list[Section]:
    """The sheets and the conflict as the Dealer's tabs show them (`gmscreen replay`)."""
    sections: list[Section] = [character_grid(state)]
    sections += [Lines(who.name, tuple(sheet_lines(who, state))) for who in listed(state)]
    sections.append(lines("Rulings", rulings_line(state)))
    if state.conflict is not None:
        sections.append(hands_grid(state.conflict, state))
    told = conflict_lines(state)
    if told:
        sections.append(Lines("The conflict" if state.conflict else "Between conflicts",
                              tuple(told)))
    return [*sections, *earlier_sections(state.past)]


# -- what the table knows --------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerLine:
    """A player character as the whole table sees it."""

    name: str
    vocation: str
    values: tuple[int, ...]
    ratings: tuple[int, ...]
    devil_rating: int
    chips: int
    status: str
    fate: str
    #: the player has not set the Devil rating this session (the table sees it is not)
    devil_to_set: bool = False
    #: the session the fate was recorded in
    left_in: int = 0
    #: the Chips written on the sheet (neither earned nor spent)
    sheet_chips: int = 0
    #: the session the Devil rating was set for (0: never)
    devil_for: int = 0
    #: the Knacks and their ratings, as the player's sheet holds them (the recap's totals
    #: say what Chips bought; the log tells each purchase to the table already)
    knacks: tuple[tuple[str, int], ...] = ()
    #: the Chips earned and spent since play began, paid in plain sight at the table
    earned: int = 0
    spent: int = 0
    #: how each loss still carried was told, and in which conflict: the narrator said it
    #: aloud, and a recovery's treatment must fit it (line 260)
    hurts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class OtherLine:
    """A non-player character the table has met: its name, vocation and fate."""

    name: str
    vocation: str
    fate: str


@dataclass(frozen=True)
class TableHand:
    """A hand in the conflict as the table sees it: how many cards, never which, until the
    Call lays them."""

    name: str
    goal: str
    attributes: tuple[str, ...]
    holding: int
    thrown: int
    drawn: bool
    folded: bool
    at_zero: bool
    laid: tuple[str, ...]
    #: the cards the hand is dealt, counted before everyone
    due: int = 0
    #: dealt a card more as a winner of the conflict this one goes on from (the optional
    #: rule, said as the conflict opens)
    won_last: bool = False
    #: of a player character's hand (a non-player character's are the Dealer's): a trait
    #: ruled to fit (a card more), and the cards the Devil added or took, said at the table
    trait: bool = False
    devil: int = 0
    #: of a player character's hand: a card more bought with a Chip, paid in plain sight
    chip: bool = False


@dataclass(frozen=True)
class TableConflict:
    number: int
    title: str
    stakes: int
    stud: int
    phase: str
    hands: tuple[TableHand, ...]
    winners: tuple[str, ...]
    combination: tuple[str, ...]
    high_card: str
    high_card_holder: str
    narrator: str
    #: (name, attribute, points) of Difficulty taken
    difficulty: tuple[tuple[str, str, int], ...]
    #: (name, words) of how each loss was told, as the table heard it
    told: tuple[tuple[str, str], ...] = ()
    #: the hands below the winner on its side, which take none of its Difficulty
    spared: tuple[str, ...] = ()
    #: the hands still to draw or stand pat (the Draw), in the order they entered
    to_draw: tuple[str, ...] = ()
    #: the losers still to place the Difficulty (after the Call)
    to_place: tuple[str, ...] = ()
    #: (name, points) each loser placed of the winning combination's Difficulty
    placed_points: tuple[tuple[str, int], ...] = ()
    #: (patient, ((attribute, points), ...)) when the conflict is a recovery
    recovery: tuple[str, tuple[tuple[str, int], ...]] | None = None
    #: the narrator bid Chips for narration (the bids were made before everyone)
    narration_bought: bool = False
    #: the player characters the conflict's end pays its Stakes to (after the Call): the
    #: Dealer hands them across the table
    stakes_to: tuple[str, ...] = ()
    #: the players who may still bid Chips for narration, holding one (after the Call,
    #: until a bid is made)
    bidding: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableKnows:
    """What every player at the table may see (see the module's docstring)."""

    players: tuple[PlayerLine, ...]
    others: tuple[OtherLine, ...]
    conflict: TableConflict | None
    past: tuple[ConflictRecord, ...]
    threads: tuple[str, ...]
    rulings: str
    #: the game session played now, or last (0: before the first)
    session: int = 0
    #: a session is running (its damage recovers at its end, unless ruled to carry over)
    in_session: bool = False
    #: the Dealer ruled that damage carries over (the ruling lasts until the next session)
    carry_over: bool = False
    #: the names the characters the table knows (the posse and those met) went by before
    #: a rename: the recap's older events name them so
    former_names: frozenset[str] = frozenset()

    def knows_of(self, *names: str) -> bool:
        """Whether the table knows the character an event names (by any of `names`): a
        player character, or one of the Dealer's it has met, by his name now or before."""
        return any(n in self.former_names or n in {p.name for p in self.players}
                   or n in {o.name for o in self.others} for n in names)


def _table_hand(conflict: Conflict, p: Participant, players: Collection[str]) -> TableHand:
    laid = p.laid if conflict.phase == "resolve" else ()
    player = p.name in players
    return TableHand(p.name, p.goal, p.attributes, len(p.hand), len(p.discarded), p.drawn,
                     p.folded, p.at_zero, laid, p.cards_due, p.won_last,
                     p.trait and player, p.devil if player else 0, p.chip and player)


def _table_to_place(state: DustDevilsState, c: Conflict) -> tuple[str, ...]:
    """The losers still to place Difficulty, as the table may know them: a Dealer's
    character with nothing left to lose is not waited on, but the table, which never saw his
    sheet, would learn from his leaving the list that he is at 0 there; his place stays open
    to it until he places or the conflict ends."""
    waiting = resolution.losers_waiting(state)
    players = {w.name for w in state.players}
    return tuple(n for n in _beaten(c) if n in waiting
                 or (c.phase == "resolve" and n not in players and n not in c.placed))


def table_knows(state: DustDevilsState) -> TableKnows:
    players = tuple(PlayerLine(w.name, w.vocation, w.values, w.ratings, w.devil_rating,
                               w.chips, status(w), w.fate, devil_to_set(state, w), w.left_in,
                               sheet_chips(w), w.devil_set_for, w.knacks, w.earned, w.spent,
                               w.hurts)
                    for w in listed(state) if w.player)
    others = tuple(OtherLine(w.name, w.vocation, w.fate) for w in listed(state)
                   if not w.player and w.name in state.met)
    conflict = None
    if state.conflict is not None:
        c = state.conflict
        called = c.phase == "resolve"
        conflict = TableConflict(
            c.number, c.title, c.stakes, c.stud, c.phase,
            tuple(_table_hand(c, p, {w.name for w in state.players})
                  for p in c.participants), c.winners,
            c.combination if called else (), c.high_card, c.high_card_holder, c.narrator,
            c.difficulty, c.told, c.spared,
            to_draw(c) if c.phase == "draw" else (), _table_to_place(state, c),
            c.placed_points, c.recovery, c.narration_bought,
            resolution.stakes_due(state) if called else (),
            resolution.bidders(state) if resolution.why_not_bid(state) is None else ())
    former = frozenset(n for name in [*(p.name for p in players), *(o.name for o in others)]
                       for n in state.names_of(name)[1:])
    return TableKnows(players, others, conflict, state.past,
                      tuple(r.title for r in state.open_threads), rulings_line(state),
                      state.session, state.in_session, state.carry_over, former)


def _table_row(conflict: TableConflict, h: TableHand, stud_ally: bool = False
               ) -> tuple[str, ...]:
    if conflict.phase == "resolve":
        if h.folded or not h.laid:
            return (h.name, "-", "", "folded")
        return (h.name, cards(h.laid), evaluate(cards_from_codes(h.laid)).category.label,
                _result(h.name in conflict.winners, h.name == conflict.narrator,
                        h.name in conflict.spared or (h.name == DEALER and stud_ally)))
    held = (f"{plural(h.holding, 'card')} face down" if h.holding
            else NOT_DEALT if conflict.phase == "deal" and not h.folded else "-")
    if h.thrown:
        held += f" (threw {h.thrown})"
    marks = [w for w, on in (("at 0", h.at_zero), ("drawn", h.drawn), ("folded", h.folded))
             if on]
    return (h.name, f"{_suits(h.attributes)} {h.due}", held, ", ".join(marks))


def table_next(c: TableConflict) -> list[str]:
    """What the conflict under way waits for, as the table may know it: the hands still to
    draw or stand pat and then the Call; after it, the losers still to place the Difficulty,
    the Stakes its end pays and to whom, and whether narration may still be bought. Nothing
    at the Deal (its heading says so)."""
    if c.phase == "draw":
        # the stud hand redraws only by the Dealer's award: the Call does not wait on it
        drawing = [whole(n) for n in c.to_draw if n != DEALER]
        return [f"Still to draw or stand pat: {named_all(drawing)}; then the Call."
                if drawing else "Every hand has drawn or stood pat: the Call is next."]
    if c.phase != "resolve":
        return []
    # each name in a list kept on one row ("Zeke" / "Munroe and ..." on a phone)
    told = [f"Still to place the Difficulty: {named_all(map(whole, c.to_place))}."] \
        if c.to_place else []
    if c.stakes_to:
        each = " each" if len(c.stakes_to) > 1 else ""
        last = [whole(h.name) for h in c.hands
                if h.at_zero and not h.folded and h.name in c.stakes_to]
        told.append(f"Its end pays the Stakes: {plural(c.stakes, 'Chip')}{each} to "
                    f"{named_all(map(whole, c.stakes_to))}{last_stakes(last)}.")
    if c.bidding:
        told.append(_bidding_line(c))
    return told


def _bidding_line(c: TableConflict) -> str:
    """Who may still buy narration with Chips (book l.293; l.327 when several entered at 0),
    and how the one holding it keeps it."""
    zero = [h.name for h in c.hands if h.at_zero and not h.folded]
    holder = c.narrator if zero else c.high_card_holder
    who = f" by {named_all(map(whole, c.bidding))} alone (at 0)" if zero else ""
    keeps = f"{named(holder, start=True)} keeps it by meeting the highest bid" \
        if holder in c.bidding else "the highest bid takes it"
    return f"Narration may still be bought with Chips{who}: {keeps}."


def road_to_hell_lines(players: Sequence[PlayerLine], in_it: Collection[str] = ()
                       ) -> list[str]:
    """The player characters on the Road to Hell, for the whole table (lines 317-327): one at
    0 plays on, and the next conflict that uses the attribute at 0 is his last; once that
    conflict is over, his player tells how he leaves play. Of `in_it` (those in their last
    conflict now, not folded out of it) nothing: the conflict's lines say it is the last."""
    told = []
    for p in players:
        if p.fate:
            continue
        zero = [a.value for a, v in zip(ATTRIBUTES, p.values, strict=True) if v == 0]
        if p.status == "fate due":
            told.append(f"{p.name}: the last conflict is over; the player tells how "
                        f"{p.name} leaves play.")
        elif zero and p.name not in in_it:
            told.append(f"{p.name}: at 0 {' and '.join(zero)}; the next conflict using it is "
                        "the last (the Devil rating deals in its place, and the player "
                        "narrates).")
    return told


def _conflict_lines(c: TableConflict, known: TableKnows) -> list[Section]:
    """What the table reads under the hands. Before the Call: the goals, and what the
    conflict waits for. After it the outcome comes first (the winning combination, who
    narrates, the Difficulty, what is still owed), then the goals: at 80x24 three goals
    had pushed "Still to place the Difficulty" below the screen's edge."""
    goals = [goal_sentence(h.name, h.goal) for h in c.hands if h.goal]
    if c.recovery is not None:
        goals.append(recovery_line(c.recovery))
    zero = [h.name for h in c.hands if h.at_zero and not h.folded]
    if c.phase != "resolve":
        told = [*goals,
                *(line for h in c.hands for line in sway_lines(h.name, h.trait, h.devil, h.chip)),
                *winner_card_line([h.name for h in c.hands if h.won_last]),
                *(last_conflict_line(name) for name in zero), *zero_narration_line(zero),
                *table_next(c)]
        return [Lines("Goals", tuple(told))] if told else []
    outcome = [*_resolution_lines(c, {p.name: p.values for p in known.players}),
               *(last_conflict_line(name, called=True) for name in zero), *table_next(c)]
    return [Lines("Outcome", tuple(outcome)), *([Lines("Goals", tuple(goals))] if goals
                                                 else [])]


def fits_at_80(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> bool:
    """Whether a table of `columns` and `rows` fits whole, no cell cut, on the players'
    screen at 80 columns (`ROOM_AT_80`)."""
    cells = list(rows)
    widths = [max([widest_line(heading), *(widest_line(row[i]) for row in cells)])
              for i, heading in enumerate(columns)]
    return sum(widths) + 2 * len(widths) + 2 <= ROOM_AT_80


def devils_to_set_line(players: Sequence[PlayerLine]) -> list[str]:
    """The players still to set the Devil rating this session (line 115), as the Dealer
    asks them aloud: the table's own step as a session begins."""
    due = [p.name for p in players if p.devil_to_set and not p.fate]
    return [f"Still to set the Devil rating this session: {named_all(map(whole, due))}."
            ] if due else []


def table_sections(known: TableKnows) -> list[Section]:
    """What the players' screen shows. The conflict under way comes first: it is what the
    table watches, and at 80x24 it fell below the posse, the others met and the fates, out
    of sight; between conflicts the posse leads."""
    sections: list[Section] = []
    c = known.conflict
    if c is not None:
        columns = AFTER_CALL if c.phase == "resolve" else BEFORE_CALL
        rows = [_table_row(c, h, stud_stood_with(c.winners, c.recovery,
                                                 [p.name for p in known.players]))
                for h in c.hands]
        sections.append(grid(
            conflict_heading(c.number, c.title, c.stakes, c.stud, c.phase), columns, rows,
            # a long name cut short keeps the hands a table at 80 columns, where a straight
            # flush laid ("Joker J♣ 10♣ 9♣ 8♣") made it lines; the goals name each whole.
            # Only there: cut where they fit whole, a phone (43 columns) kept the hands a
            # table at the Deal, each name cut to "Gent…"
            note=AFTER_NOTE if c.phase == "resolve" else BEFORE_NOTE,
            shortened=() if fits_at_80(columns, rows) else ("Hand",)))
        sections += _conflict_lines(c, known)
    # the posse is who plays on, as the recap's "At the table": one who left play is named
    # under "Gone from play" alone (round 13: he stayed in the table as "left play", his
    # last numbers beside the living, sessions after, and was named below it too)
    playing = [p for p in known.players if not p.fate]
    # the names cut short at 80 columns keep the posse a table of one line a character (a
    # status word made it ten lines of text); each name is read whole on the lines below
    posse = [(p.name, *attribute_cells(p.values, p.ratings),
              devil_cell(p.devil_rating, p.devil_to_set), p.chips, p.status)
             for p in playing]
    # on a TV, where every row fits, the marks in words ("2 of 3", "2, not set"): the table
    # reads itself, with no key under it
    wide = [(p.name, *(f"{v} of {r}" if v != r else str(r)
                       for v, r in zip(p.values, p.ratings, strict=True)),
             (str(p.devil_rating) if p.devil_rating else "none")
             + (", not set" if p.devil_to_set else ""), p.chips, p.status)
            for p in playing]
    # the notes told to the table come next on the players' screen: after the conflict
    # under way, or between conflicts after the posse (marked below)
    if sections:
        sections[-1] = replace(sections[-1], notes_after=True)
    sections.append(grid(
        "The posse", CHARACTER_COLUMNS, posse,
        note=character_note(posse) if playing else "No player character is in play."
        if known.players else "No player character is made yet.",
        shortened=("Name",), wide=wide))
    if len(sections) == 1:
        sections[0] = replace(sections[0], notes_after=True)
    road = road_to_hell_lines(known.players, [h.name for h in c.hands if h.at_zero
                                              and not h.folded] if c is not None else ())
    if road:
        sections.append(Lines("On the Road to Hell", tuple(road)))
    hurt = [f"{p.name}: {hurts_told(p.hurts)}" for p in known.players if p.hurts and not p.fate]
    if hurt:
        sections.append(Lines("Difficulty told as", tuple(hurt)))
    met = [(o.name, o.vocation) for o in known.others if not o.fate]
    if met:
        # those gone are under "Gone from play", as the posse's are
        sections.append(grid("Others met", ("Name", "Vocation"), met))
    gone = [(w.name, w.fate) for w in known.players] + [(w.name, w.fate) for w in known.others]
    fates = [f"{name}: {fate}" for name, fate in gone if fate]
    if fates:
        sections.append(Lines("Gone from play", tuple(fates)))
    # the rulings in force hold for the conflict under way too (a winner's card more, the
    # damage that outlasts the session)
    if c is None:
        # as a session begins, the Dealer asks each player for the Devil rating: the phone
        # showed "Devil 3?" alone, its key under the posse
        sections.append(Lines("No conflict under way", (
            *devils_to_set_line(known.players), known.rulings)))
    else:
        sections.append(lines("Rulings", known.rulings))
    if known.threads:
        sections.append(Lines("Open threads", known.threads))
    if known.past:
        # the newest few; the heading says how many of all, where the list starting at
        # conflict 3 read as if 1 and 2 were lost
        shown = known.past[-EARLIER_TOLD:]
        more = f" (the last {len(shown)} of {len(known.past)})" \
            if len(shown) < len(known.past) else ""
        sections.append(Lines(f"Earlier conflicts{more}",
                              tuple(record_line(r) for r in shown), past=True))
    return sections


# -- the recap's words -----------------------------------------------------------------------


def _payload(event: Event) -> object | None:
    """The game's payload of `event`; None for the journal's own kinds and a damaged one,
    which the table's recap leaves out."""
    try:
        return KINDS.read(event) if KINDS.knows(event.kind) else None
    except PayloadError:
        return None


#: the events about one character's sheet, outside a conflict
_SHEET_KINDS = (CharacterMade, CharacterChanged, ChipsChanged, AttributeRaised, KnackRaised,
                KnackBought, FateRecorded)


def table_tells(event: Event, known: TableKnows | None = None) -> str | None:
    """What the table saw of an event: a deal and a draw by their count of cards, never the
    cards nor the Knack drawn with; nothing of a non-player character's sheet, nor the Devil
    ratings set (a non-player character's is the Dealer's; the players' show on the posse's
    lines), but the name the table met one by, put right; of a session's end, only the
    player characters of `known` (what the table knows as the session is over; without it,
    nobody's)."""
    payload = _payload(event)
    if payload is None:
        return None
    if known is not None and isinstance(payload, _SHEET_KINDS) and not known.knows_of(
            *((payload.name, payload.old_name) if isinstance(payload, CharacterChanged)
              else (payload.name,))):
        # a sheet the table does not know as the session is over: made a player
        # character's ahead (or by mistake) and made the Dealer's before it was met (round
        # 29); its making, Chips and corrections are his
        return None
    if isinstance(payload, Recovered | DamageKept):
        return _session_end_told(payload, {p.name for p in known.players} if known else set())
    if isinstance(payload, CharacterChanged) and payload.player \
            and payload.was_player is False:
        # one of the Dealer's a player takes on (a new player at the table, or one whose
        # character left play): he joins the posse, his sheet open to the table from now on
        now = f", as {payload.name}" if payload.name != payload.old_name else ""
        return f"{payload.old_name} joins the posse{now}, a player character"
    if isinstance(payload, CharacterChanged) and not payload.player:
        # the name the table met him by, put right, is seen on its screen: said, the rest
        # of his sheet kept
        renamed = payload.met and payload.name != payload.old_name
        return f"{payload.old_name} goes by {payload.name} now" if renamed else None
    if isinstance(payload, CharacterChanged) and payload.changed:
        # a player character's sheet put right: the table hears it corrected, as before;
        # which fields is the Dealer's log's (round 31)
        return sheet_corrected(replace(payload, changed=()))
    if isinstance(payload, CharacterMade) and not payload.player:
        return None
    if isinstance(payload, DevilRatingSet | EntrantAdded | EntrantsWithdrawn
                  | CharacterDropped):
        # who is added to a conflict being set up is the Dealer's until it opens (a
        # non-player character added and taken out again is never met); one of his
        # dropped was never met (round 30)
        return None
    if isinstance(payload, ConflictOpened):
        # the paragraph's heading is the conflict's title: say who enters
        # the Dealer's rulings on each Deal (a trait, the Devil) left out: a player
        # character's are said below, in the table's words
        plain = replace(payload, entrants=tuple(replace(x, trait=False, devil=0)
                                                for x in payload.entrants))
        told = conflict_opened(plain).removeprefix(opening_head(payload.number, payload.title))
        # what swayed a player character's Deal was said at the table (his sheet is open
        # to it); a non-player character's, and without `known` anyone's, is not
        players = {p.name for p in known.players} if known else set()
        sways = [line for x in payload.entrants if x.name in players
                 for line in sway_lines(x.name, x.trait, x.devil)]
        return f"Conflict {payload.number}: {told}" + "".join(
            f". {line.removesuffix('.')}" for line in sways)
    if isinstance(payload, DifficultyTaken) and payload.at_zero and not (
            known and payload.name in {p.name for p in known.players}):
        # a non-player character at 0 is his sheet's, the Dealer's (and without `known`,
        # nobody is known to be a player's)
        return difficulty_taken(replace(payload, at_zero=()))
    if isinstance(payload, CardsDealt):
        return "The cards are dealt: " + ", ".join(
            f"{named(h.name)} {plural(len(h.cards), 'card')}" for h in payload.hands)
    if isinstance(payload, CardsDrawn):
        # the Knack is left out: a non-player character's Knacks are the Dealer's, and one
        # event alone does not say whose hand drew
        who = named(payload.name, start=True)
        if not payload.discards:
            return f"{who} stands pat"
        # the Chip is paid at the table in plain sight: the card it bought is said
        chip = "" if not payload.chip else ", one for a Chip to each player" \
            if payload.name == DEALER else ", one for a Chip"
        return f"{who} changes {plural(len(payload.discards), 'card')}{chip}"
    return RULES.describe(event)


def _session_end_told(payload: Recovered | DamageKept, players: set[str]) -> str | None:
    """A session's end as the table hears it: what the `players`' characters get back and
    keep lost. A non-player character's is left out: the table never saw his sheet, and
    what he does not get back would tell it that he is at 0, on the Road to Hell."""
    if isinstance(payload, Recovered):
        back = tuple(r for r in payload.recovered if r.name in players)
        return recovered(Recovered(back)) if back else None
    kept = tuple(k for k in payload.kept if k.name in players)
    return damage_kept(replace(payload, kept=kept)) if kept else None


def episode(event: Event) -> str | None:
    """The conflict an event belongs to, by its title (None for the rest)."""
    payload = _payload(event)
    title = getattr(payload, "title", "")
    return title if title and not isinstance(payload, ThreadClosed) else None


def table_cast(known: TableKnows) -> list[str]:
    """The player characters at the table this session: those in play, and those whose fate
    was recorded in it (never one who left play in an earlier session); each with the Devil
    rating its player set for the session ("Jim, Devil 3"), or that none was set: a name
    bare beside others with theirs read as a rating the recap forgot."""
    def devil(p: PlayerLine) -> str:
        if not known.session:
            return ""
        if p.devil_for == known.session:
            return f", Devil {p.devil_rating}"
        return ", Devil not set"
    return [p.name + devil(p)
            for p in known.players if not p.fate or p.left_in >= known.session]


@dataclass(frozen=True)
class Purse:
    """A character's Chips and fate at one moment, for a session's totals: the Chips held,
    and those earned and spent since play began."""

    name: str
    chips: int
    fate: str
    earned: int = 0
    spent: int = 0


def _chips_and_fates(before: Iterable[Purse], after: Iterable[Purse],
                     sheets: Mapping[str, int] | None = None) -> list[str]:
    """Each character's Chips from the session's start to its end, and each fate recorded;
    one who joined in the session counts from the Chips on his sheet (`sheets`). Chips
    both earned and spent are said so, even where they came back to where they were."""
    had = {p.name: p for p in before}
    told = []
    for now in after:
        name, chips = now.name, now.chips
        was = had.get(name, Purse(name, 0, ""))
        earned, spent = now.earned - was.earned, now.spent - was.spent
        both = f" ({earned} earned, {spent} spent)" if earned and spent else ""
        if name not in had and (sheets or {}).get(name, 0):
            start = (sheets or {})[name]
            told.append(f"{name}: joins with {plural(start, 'Chip')}"
                        + (f", {chips} at the end" if chips != start else ""))
        elif chips != was.chips or both:
            told.append(f"{name}: {was.chips} to {plural(chips, 'Chip')}{both}")
        if now.fate and not was.fate:
            told.append(fate_line(name, now.fate))
    return told


#: (name, ratings, knacks) of a player character's sheet, for what it gained in a session
SheetLine = tuple[str, Sequence[int], Sequence[tuple[str, int]]]


def _sheet_changes(before: Iterable[SheetLine], after: Iterable[SheetLine]) -> list[str]:
    """What each player character's sheet gained (or was corrected to) over the session:
    the attributes' ratings and the Knacks that changed, and the Knacks new to it (book
    l.291-292, what Chips buy). One who joined in the session is counted by its Chips."""
    had = {name: (ratings, dict(knacks)) for name, ratings, knacks in before}
    told = []
    for name, ratings, knacks in after:
        if name not in had:
            continue
        was_ratings, was_knacks = had[name]
        changed = [f"{a} {old} to {new}" for a, old, new
                   in zip(ATTRIBUTES, was_ratings, ratings, strict=True) if old != new]
        for knack, rating in knacks:
            old_rating = was_knacks.get(knack)
            if old_rating is None:
                changed.append(f"{knack} {rating} (new)")
            elif old_rating != rating:
                changed.append(f"{knack} {old_rating} to {rating}")
        changed += [f"{knack} (gone)" for knack in was_knacks
                    if knack not in dict(knacks)]
        if changed:
            told.append(f"{name}'s sheet: {', '.join(changed)}")
    return told


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    return _chips_and_fates((Purse(p.name, p.chips, p.fate, p.earned, p.spent)
                             for p in before.players),
                            (Purse(p.name, p.chips, p.fate, p.earned, p.spent)
                             for p in after.players),
                            {p.name: p.sheet_chips for p in after.players}) + \
        _sheet_changes(((p.name, p.ratings, p.knacks) for p in before.players),
                       ((p.name, p.ratings, p.knacks) for p in after.players)) + \
        _chips_and_fates((Purse(o.name, 0, o.fate) for o in before.others),
                         (Purse(o.name, 0, o.fate) for o in after.others))


def dealer_totals(before: DustDevilsState, after: DustDevilsState) -> list[str]:
    return _chips_and_fates((Purse(w.name, w.chips, w.fate, w.earned, w.spent)
                             for w in before.characters),
                            (Purse(w.name, w.chips, w.fate, w.earned, w.spent)
                             for w in after.characters),
                            {w.name: sheet_chips(w) for w in after.characters}) + \
        _sheet_changes(((w.name, w.ratings, w.knacks) for w in before.players),
                       ((w.name, w.ratings, w.knacks) for w in after.players))


# -- where the game stands between sessions (the recap's first and last parts) ----------------


def _conflict_stands(c: Conflict | TableConflict, to_draw: Sequence[str],
                     to_place: Sequence[str], hands: Sequence[str]) -> str:
    """A conflict under way: its title and step in the words the session's end asks with
    (`resolution.conflict_at_step`), its Stakes and stud hand, and what the step waits for."""
    told = resolution.conflict_at_step(c.title, c.phase)
    told += f", Stakes {c.stakes}" if c.stakes else ", no Stakes"
    if c.stud in STUD_NAMES:
        told += f", against the Dealer's {STUD_NAMES[c.stud]}"
    if c.phase == "deal":
        return f"{told}: the cards to deal to {named_all(hands)}"
    if c.phase == "draw":
        # the stud hand redraws only by the Dealer's award: it is no hand the Call waits for
        drawing = [n for n in to_draw if n != DEALER]
        return f"{told}: " + (f"{named_all(drawing)} still to draw" if drawing
                              else "the Call next")
    return f"{told}: " + (f"Difficulty for {named_all(to_place)} to place" if to_place
                          else "its end next")


def _kept_lost(name: str, values: Sequence[int], ratings: Sequence[int], *,
               minor: bool = False) -> str | None:
    """What `name` keeps lost above 0 ("Zeke Munroe keeps 2 Hand, 1 Guts lost"), in the
    words the session's end tells it with; None for nothing. `minor`: a character of the
    Dealer's without a Devil, whose 0 is no Road to Hell but points kept lost."""
    lost = [f"{r - v} {a}" for a, v, r in zip(ATTRIBUTES, values, ratings, strict=True)
            if (minor or v > 0) and v < r]
    return f"{name} keeps {', '.join(lost)} lost" if lost else None


def _road_to_hell(name: str, values: Sequence[int], fate_due: bool) -> str | None:
    """`name` at 0 (the Road to Hell), and the fate to record once that conflict is over."""
    zero = [a.value for a, v in zip(ATTRIBUTES, values, strict=True) if v == 0]
    if not zero:
        return None
    return f"{name} at 0 {' and '.join(zero)}" + (", the fate to record" if fate_due else "")


def _stands(conflict: str | None, threads: Sequence[str],
            sheets: Sequence[tuple[str, Sequence[int], Sequence[int], bool]], *,
            in_session: bool, carry_over: bool,
            devils: Sequence[str] = (), minor: Collection[str] = ()) -> str | None:
    """Where the game stands, from its pieces: the conflict under way, the open threads, the
    damage that goes on past the session's end (all of it when the Dealer ruled it carries
    over or the session is over; the rest comes back at the end), the Road to Hell, and
    (`devils`) who sets the Devil rating first next session; None when nothing is carried
    (the Devils alone are no news: every session begins with them). `minor`: the Dealer's
    characters without a Devil, whose attributes at 0 are points lost, not the Road to Hell
    (a Devil's, l.321)."""
    told = [conflict] if conflict else []
    if threads:
        told.append("open threads: " + ", ".join(f'"{t}"' for t in threads))
    if carry_over or not in_session:
        kept = [k for name, values, ratings, _ in sheets
                if (k := _kept_lost(name, values, ratings, minor=name in minor)) is not None]
        if kept:
            ruled = ", as the Dealer ruled" if carry_over else ""
            told.append(f"damage carried over{ruled}: {'; '.join(kept)}")
    zero = [z for name, values, _, due in sheets
            if name not in minor and (z := _road_to_hell(name, values, due))]
    if zero:
        told.append(f"on the Road to Hell: {'; '.join(zero)}")
    if not told:
        return None
    return "; ".join([*told, *devils])


def _devils_next(session: int, in_play: Sequence[str], in_conflict: Sequence[str]
                 ) -> list[str]:
    """Who sets the Devil rating first as the next session begins (of `in_play`, the
    players with conflicts still to enter): those in the conflict under way once it ends
    (the notice that the session began says the same)."""
    return devils_first(session + 1, [n for n in in_play if n not in in_conflict],
                        [n for n in in_play if n in in_conflict])


def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """Where the game stands as the table knows it, for a session that takes it up or leaves
    it: the conflict under way (its title, Stakes and step), the open threads, the players'
    damage that goes on and who is on the Road to Hell, and, as a session leaves it, who sets
    the Devil rating first next session; None when nothing is carried. Never a card held:
    the hands are counted, not shown, and a non-player character's sheet is the Dealer's."""
    c = known.conflict
    hands = [h.name for h in c.hands if not h.folded] if c is not None else []
    conflict = _conflict_stands(c, c.to_draw, c.to_place, hands) if c is not None else None
    playing = [p for p in known.players if not p.fate]
    in_conflict = [h.name for h in c.hands] if c is not None else []
    return _stands(conflict, known.threads,
                   [(p.name, p.values, p.ratings, p.status == "fate due") for p in playing],
                   in_session=known.in_session, carry_over=known.carry_over,
                   devils=_devils_next(known.session, [p.name for p in playing
                                                        if p.status != "fate due"],
                                       in_conflict) if leaving else ())


def dealer_stands(state: DustDevilsState, *, leaving: bool = False) -> str | None:
    """Where the game stands in the Dealer's words: the table's, and the cards each hand
    holds before the Call (to lay them out again next session), and the losses and the Road
    to Hell of his own characters too."""
    c = state.conflict
    conflict = None
    if c is not None:
        hands = [p.name for p in c.active]
        waiting = to_draw(c) if c.phase == "draw" else ()
        conflict = _conflict_stands(c, waiting, resolution.losers_waiting(state), hands)
        held = [f"{named(p.name)} holds {cards(p.hand)}"
                for p in c.active if p.hand and c.phase == "draw"]
        if held:
            conflict += f" ({'; '.join(held)})"
    playing = [w for w in state.characters if w.in_play]
    in_conflict = [p.name for p in c.participants] if c is not None else []
    return _stands(conflict, [r.title for r in state.open_threads],
                   [(w.name, w.values, w.ratings, w.fate_due) for w in playing],
                   in_session=state.in_session, carry_over=state.carry_over,
                   devils=_devils_next(state.session, [w.name for w in playing
                                                        if w.player and not w.fate_due],
                                       in_conflict) if leaving else (),
                   minor={w.name for w in playing if not w.important})
