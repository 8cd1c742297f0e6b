"""Dust Devils' decider: the Dealer's commands checked against the book and turned into
events. This module holds the sheets, the Devils, Chips, the Road to Hell's fate and the
sessions; a conflict's steps are decided in `conflict` (set up, the Deal, the Draw, folds,
the Call) and `resolution` (narration, Difficulty, the end, open threads), which register on
`RULES` here. What may be done now is asked of the `why_not_x` functions beside each decide
function: the panes ask them and never restate a rule.

The arithmetic and its readings live in `sheet`, `deal`, `call` and `recovery`; readings of
the conflict's order live here (each tested in tests/dust_devils/test_rules.py or
test_book.py; docs/rules/dust-devils.md maps every rule of the book to its test):

- A conflict goes set up, Deal, Draw, Call, then resolution: narration bids, Difficulty, the
  narrator's restored point, and its end, where the Stakes are paid. Folding is allowed from
  the Deal until the Call, the Dealer's too: he folds "just as" players do (line 309), so
  he cannot fold a lost hand out of its Difficulty once the hands are laid.
- Every character entering declares a goal; the Dealer's stud hand may go without one.
- A conflict's set up is the journal's: each character added (`AddEntrant`), with its goal,
  attributes and extras, is a step of its own, checked as it is added as it will be at the
  opening, and taken back by undo one by one or taken out (`WithdrawEntrants`); the
  conflict opens with those added. Journals from before name the entrants in the opening
  alone, as they always did. The table hears who entered only as the conflict opens.
- A conflict holds at least two hands: the Dealer's stud hand, a non-player character's,
  or another player character's (the Dealer only usually deals himself a hand, so player
  characters may face each other alone). The Dealer "may deal himself more than one hand"
  (l.371): an important non-player character (one with a Devil) should have his own, and
  a minor one (no Devil) is usually played in the stud hand but may have a hand of his own
  too, the Dealer's call (round 21; it was refused outside a recovery before). A minor
  character's hand is dealt by his attributes and draws by his Knack; he has no Devil to
  sway it nor to stand in for an attribute at 0, so he walks no Road to Hell (his 0 deals
  nothing, narrates nothing and brings no fate due), and the Dealer folds only with an
  important one in the conflict (l.309). One stud hand a conflict: the book advises
  folding every hazard into one, and minor characters give the Dealer his other hands.
- It holds at least one player character, except a recovery, whose healer may be any
  character of the Dealer's, with a Devil or without (the book's Doc Samuelson).
- Every Chip that changes hands is its own `chips_changed` event with its reason, so a
  sheet's ledger tells where each Chip came from and went. Only player characters hold
  Chips; the Dealer awards them. A purchase (a raise, a new Knack, a Chip's card in the
  Draw, which its Draw line counts among the cards changed) or a fold is told as two
  lines that each say something: what the sheet gained or the player did, then its price
  ("pays 3 Chips for it"); its ledger entry keeps the whole reason.
- The book spends Chips only on what they buy (lines 289-301) and never has the Dealer
  take one. A Chip he takes back (the give form with a negative number: a correction, or
  one lost in the story) reads "gives back" and counts on the sheet as given back, neither
  spent nor earned; journals written before it read "spends" and count it spent, as then.
- Chips the Dealer awards (one more stud card, a stud redraw, the Dealer's fold) go to each
  player character present and not folded.
- A player's card more in the Deal (l.299) and his card more in the Draw (l.300) are two
  purchases, each once a hand, as the Dealer's two are (l.307-308): a hand may have both,
  for a Chip each. Each bullet sets its own limit; one limit for both would leave l.300's
  own "once a hand" nothing to say.
- Sides: the player characters stand together against the Dealer's hands (his stud hand
  and his characters), and face each other only when he holds no hand; in a recovery the
  stud hand is the hurt, against the healers together (`conflict.side`). The book's pair at the
  cliff leaps to safety when one or more of them wins (l.176), and its bank robbers are
  paid when they pull it off (l.186): so the winning combination beats only the hands of
  the other sides. Where the goals declared set a hand apart from that (l.166: each
  declares his own), the Dealer sets its side as it enters: a player character against
  another beside a character of the Dealer's goes on the Dealer's side, a character of
  the Dealer's who shares the players' goal on theirs, a hand against all on its own. A
  hand set on the players' side makes the player characters left as usual its side-mates
  (there is a players' side); a conflict whose hands would all stand on one side is
  refused, since no winner would beat anyone (the Dealer sets a hand apart, or plays a
  stud hand).
  A hand below the winner on its side stood with it (`spared`, recorded
  at the Call): it takes none of that Difficulty (the narrator may still hand it some),
  and a player character there shares the Stakes. The winner's goal and the optional
  winner's card stay the top hand's. A Call recorded before sides were told apart names
  nobody spared, and replays as it was: every hand below the winner beaten.
- A conflict is left unresolved only when every player character folds (l.301) or the
  Dealer does (l.309). Player characters facing each other with no hand of the Dealer's
  (l.166): when all but one fold, the one left lays alone at the Call and wins, its goal
  and the Stakes with it; nothing is left open.
- Stakes go to each player character among the winners and those that stood with them; a
  minor conflict (a stud hand of 3) has no Stakes. They are 0 to 3 Chips: one generally,
  two or three for especially important moments (l.230), never more. A character in his
  last conflict (entered at 0, l.319) who wins them, or stood with the winner, is paid
  them as any winner is (only a fold forfeits Stakes, l.301): they go on his sheet, which
  holds his Chips (l.756-760), and leave play with him when his fate is recorded; none
  passes to another character. Both screens say so where the Stakes are told.
- Any player may bid Chips for narration, in the conflict or not: narration is the
  players', not their characters'. Whoever narrates by paying Chips (a bidder, the high
  card's holder meeting a bid, or paying one unopposed) restores one point of the Difficulty
  it took in this conflict, at most one a conflict. The book "allows" it: the player may
  leave it, but the conflict's end closes it, so `e` asks first while it waits (round 64).
- The narrator may hand Difficulty to anyone in the conflict, a winner too, as the story
  needs: the amount and the attributes are the narrator's call, never below 0.
- A loss is kept with the narrator's words for it (a wound, shame, fear), when given: the
  sheet says them while any of the character's points are still lost, and a recovery's
  patient is offered with them, for the Dealer's ruling that the treatment fits.
- A character that enters with an attribute at 0 narrates: when there is one such, it
  narrates without a bid; when there are more, only they may bid, and among them the one
  that laid the highest card holds narration as the high card's holder does (keeps it by
  meeting the highest bid).
- When a conflict in which a character used an attribute at 0 is called and ends, its fate
  is due; the character enters no other conflict, and stays on its sheet, out of play, once
  the player records it. A conflict that ends unresolved (every player folded, or the
  Dealer folded) settles nothing: it was no last stand.
- A recovery needs a Knack that heals, consoles or aids: at least one hand entering it
  names one, and it is won when a hand that named one wins (not the stud hand, nor a
  hand without a Knack): the patient gets the named points back, never above the ratings
  and never to an attribute at 0. Its Difficulty, when the healer loses, is taken as
  usual. (A recovery opened in an older journal without a Knack heals by any character's
  winning hand, as it did then.)
- Raising an attribute raises its current value with its rating, except an attribute at
  0: the Road to Hell is left only by the narrator's Chip, never by buying a point.
- Each entrant may name the Knack relevant to the conflict (the Dealer rules on it); its
  Draw uses that Knack unless the Draw names another, and the win chances assume it. An
  important non-player character's hand draws by its Knacks as a player's does; only the
  stud hand needs the Dealer's award to redraw.
- Open threads: a conflict that ends unresolved stays open until a later conflict takes
  it up again (that conflict's end closes it, whatever its outcome; if it too is left
  unresolved, it is the open thread now) or the Dealer closes it with a reason.
- The optional winner's card goes to the winners of the conflict just called when the next
  conflict goes on from it at once (`continues`); a new session, or a conflict left
  unresolved, is nothing to go on from. The Dealer's stud hand that won is a winner too:
  his stud hand in the conflict that follows gets the card.
- Devil ratings: a player sets the character's once a session, during it, and it holds until
  the session ends. One typed wrong is corrected (v again: `SetDevilRating(corrects=True)`),
  told as a correction, outside the character's conflicts: it holds from then on, and what
  was dealt by it stands; undo would take back every step since. The Characters tab shows
  who has not set it yet. Until it is set, the character enters no conflict in which the
  rating counts (the Devil sways the Deal, or stands in for an attribute at 0): last
  session's number is not this session's choice. Between sessions no player's rating
  counts (the last has run out, the next is not chosen); before the first session the
  sheet's does. The sheet's field is no back door: during a session a player's rating
  changes only as the session's choice, or its correction. The Dealer sets his
  characters' whenever he likes, outside their conflicts. A character in a conflict
  carried over from the last session sets it once that ends; one whose last conflict is
  over (its fate due) has none to set, and a session's start asks for the fate instead.
  A player character made during a session (a newcomer taking a seat) comes with the
  rating his sheet gives, which is his player's choice for that session (l.115: the
  player decides it as he starts playing), so he enters at once (round 21).
- A sheet's correction keeps the Difficulty taken (each value as far below its rating as
  it was) unless the values now are corrected with it (`ChangeCharacter.values`:
  Difficulty placed on the wrong attribute, found later), each from 0 to its rating and
  told in the log, where undo would take back every step since.
- A character of the Dealer's is important by his Devil: a sheet rating one with no Devil
  written is refused (the sheet form starts the rating at 1), so a minor character (no
  Devil, rated 0) never becomes one by a field left as it was.
- A session ended with a conflict open (at any step before its end) says what becomes of
  it: carried into the next session, where it goes on as it stood, or left off, when it
  ends unresolved like a fold (no Stakes, no fate, no Chip) and is an open thread.
- What Chips buy is offered only where the Chips held pay for it: each raise, Knack, bid,
  fold and card more is asked of these rules (`attributes_to_raise`, `knacks_to_raise`,
  `why_not_buy_knack`, `resolution.bidders`, `conflict.who_can_fold`,
  `conflict.why_not_chip`), and a key with nothing to offer is refused with the cheapest
  price named.
- A character whose last conflict is over (its fate due) buys nothing more with Chips: the
  player records the fate. A character that has left play neither gains nor spends Chips;
  its sheet can still be corrected.
- Chips buy attributes and Knacks (l.291-292) between conflicts, never by a character whose
  hand is in the conflict under way, nor by one who folded out of it, until it ends (the
  round 17 reading; the book gives no time): the Deal reads the attributes and the Draw the
  Knack's rating, so a Knack raised between the Deal and the Draw would sell a wider Draw
  than the one card line 300 sells for a Chip, once a hand; within a conflict Chips buy
  only what its own bullets sell (a card in the Deal, one in the Draw, narration, a fold).
  A fold takes the character out of the risks and the rewards, not out of the scene still
  being played; a conflict carried into the next session is under way until it ends. A
  character only being set up may buy: his cards are counted as the conflict opens, and
  one who stays out of the conflict may buy while it is played.
- A sheet sent back as it was is no correction: it is refused (nothing is written to the
  journal), so the log never says a sheet was corrected when nothing on it changed.
- Chips are given, taken back or written on a sheet at most 99 at once: the book hands
  them out a few at a time, and a bigger number is a slip of the keys.
- Names are said aloud at the table: a new name that differs from another character's only
  in its case ("zeke munroe") is that character's, and refused; so is "Dealer" or "the
  Dealer" in any case, the stud hand's name in the log and on the screens.
- A sheet is corrected between its conflicts: not while the character holds a hand in the
  conflict under way, nor while it is the patient of the recovery under way (the points
  hoped for are its). A winner whose sheet is renamed keeps the optional winner's card.
- A command gives each hand, bid and attribute once: a Deal or a Call naming a hand twice,
  a lay for a hand that is not in the conflict (or has folded), a player's bid given twice,
  or a split naming an attribute twice is refused, never half taken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from gmscreen.core.text import plural, quoted, reads_as
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils.cast import NON_PLAYERS, PLAYERS, SCENARIO
from gmscreen.games.dust_devils.events import (
    KINDS,
    AttributeRaised,
    CarryOverRuled,
    CharacterChanged,
    CharacterDropped,
    CharacterMade,
    ChipsChanged,
    DamageKept,
    DevilRatingSet,
    FateRecorded,
    Kept,
    Knack,
    KnackBought,
    KnackRaised,
    Recovered,
    Regained,
    WinnerCardSet,
)
from gmscreen.games.dust_devils.recovery import session_recovery
from gmscreen.games.dust_devils.sheet import (
    ATTRIBUTE_MAX,
    ATTRIBUTES,
    KNACK_MAX,
    NEW_KNACK_COST,
    Attribute,
    attribute_raise_cost,
    knack_raise_cost,
    parse_attribute,
    verify_devil_rating,
    verify_knack_name,
    verify_knacks,
    verify_player_sheet,
    verify_ratings,
)
from gmscreen.games.dust_devils.state import (
    DEALER,
    FATES,
    Character,
    Conflict,
    DustDevilsState,
)
from gmscreen.journal.decider import Decider
from gmscreen.journal.events import SESSION_END, SESSION_START, Event
from gmscreen.journal.rules import RuleError

# the stud hand's "Dealer" stands where a name goes but is no character
RULES = Decider(
    game_id="dust-devils", title="Dust Devils", panes_module="gmscreen.games.dust_devils.panes",
    kinds=KINDS, initial_state=DustDevilsState, not_names=frozenset({DEALER}))


# -- who and when: the checks every chapter shares -------------------------------------------


def character_named(state: DustDevilsState, name: str, *, in_play: bool = True) -> Character:
    """The character called `name`; RuleError when there is none (or it has left play)."""
    found = state.character(name)
    if found is None:
        raise RuleError("Characters", f"there is no character named {quoted(name)}",
                        field="name")
    if in_play and not found.in_play:
        raise RuleError("The Road to Hell", f"{name} has left play ({found.fate})",
                        field="name")
    return found


#: a conflict's steps in the order of play, and their names
_PHASES = ("deal", "draw", "resolve")
_PHASE = {"deal": "the Deal", "draw": "the Draw", "resolve": "the resolution after the Call"}


class OutOfStep(RuleError):
    """A step refused because the conflict is not at it, or none is under way (or, for the
    set up, one is): named by the step's own rule ("The Draw"), so that a screen can add
    the steps that apply now."""


def why_not_phase(state: DustDevilsState, rule: str, *phases: str) -> RuleError | None:
    """Why a step of `phases` ("deal", "draw", "resolve") cannot be taken now, refused
    under the step's own `rule` ("The Deal", "Narration")."""
    conflict = state.conflict
    if conflict is None:
        return OutOfStep(rule, "no conflict is under way; set one up first")
    if conflict.phase not in phases:
        early = _PHASES.index(conflict.phase) < min(map(_PHASES.index, phases))
        return OutOfStep(rule, f"{'not yet' if early else 'that is over'}: the conflict is "
                         f"at {_PHASE[conflict.phase]}")
    return None


def conflict_at(state: DustDevilsState, rule: str, *phases: str) -> Conflict:
    """The conflict under way, at one of `phases`; RuleError under `rule` otherwise."""
    refused = why_not_phase(state, rule, *phases)
    if refused is not None:
        raise refused
    assert state.conflict is not None
    return state.conflict


def chips_holder(state: DustDevilsState, name: str) -> Character:
    """A player character in play, who may hold Chips; RuleError for anyone else."""
    who = character_named(state, name)
    if not who.player:
        raise RuleError("Chips", f"{who.name} is a non-player character: Chips are the "
                        "players' to win and spend", field="name")
    return who


def verify_chips(who: Character, chips: int, rule: str, field: str = "chip") -> None:
    if who.chips < chips:
        raise RuleError(rule, f"{who.name} has {plural(who.chips, 'Chip')}; "
                        f"this costs {chips}", field=field)


def refusal_of(check: Callable[[], object]) -> RuleError | None:
    """The RuleError `check` raises, as a value (None when it passes): a `why_not_x` made
    from the same checks its decide function raises."""
    try:
        check()
    except RuleError as error:
        return error
    return None


# -- sheets ---------------------------------------------------------------------------------


#: the most Chips given, taken back or written on a sheet at once: the book's come a few
#: at a time (a small number to start, Stakes of one to three), and a bigger number is a
#: slip of the keys
CHIPS_AT_ONCE = 99


def _verify_sheet(sheet: c.Sheet, bought: tuple[int, int] = (0, 0)) -> None:
    if not sheet.name.strip():
        raise RuleError("Characters", "a character needs a name", field="name")
    if reads_as(sheet.name) in _DEALERS:
        # the log and the screens tell the stud hand as "the Dealer"
        raise RuleError("Characters", f"{quoted(sheet.name.strip())} is the Dealer's stud hand; "
                        "pick another name", field="name")
    if len(sheet.ratings) != len(ATTRIBUTES):
        raise RuleError("Attributes", "a sheet has four attributes", field="attributes")
    ratings = dict(zip(ATTRIBUTES, sheet.ratings, strict=True))
    knacks = dict(sheet.knacks)
    if len(knacks) != len(sheet.knacks):
        names = [k for k, _ in sheet.knacks]
        twice = next(k for k in names if names.count(k) > 1)
        raise RuleError("Knacks", f"{twice} is listed twice", field="knacks")
    if sheet.chips < 0:
        raise RuleError("Chips", "Chips cannot be fewer than 0", field="chips")
    if sheet.chips > CHIPS_AT_ONCE:
        raise RuleError("Chips", f"a sheet starts with a few Chips, {CHIPS_AT_ONCE} at "
                        f"most, not {sheet.chips}", field="chips")
    if len(sheet.traits) == 2 and sheet.traits[1].strip() \
            and reads_as(sheet.traits[0]) == reads_as(sheet.traits[1]):
        # one trait written in both lines: it earns its card once, and the second is lost
        raise RuleError("Traits", f"{quoted(sheet.traits[1].strip())} is written twice; a "
                        "character's two traits are two different ones", field="trait2")
    if sheet.player:
        verify_player_sheet(ratings, knacks, sheet.devil_rating, sheet.traits,
                            attribute_points_bought=bought[0], knack_points_bought=bought[1])
        if not sheet.devil.strip():
            raise RuleError("Devil", "every player character has a Devil", field="devil")
        return
    if sheet.chips:
        raise RuleError("Chips", "Chips are the players'; a non-player character holds none",
                        field="chips")
    verify_ratings(ratings)
    verify_knacks(knacks, ratings)
    if sheet.devil_rating and not sheet.devil.strip():
        # a rating makes him important (a hand of his own, the Dealer's fold): the Devil
        # that makes him so is written first, or he is a minor character, rated 0
        raise RuleError("Devil", f"{sheet.name.strip()} has a Devil rating of "
                        f"{sheet.devil_rating} but no Devil: write the Devil, or rate it 0 "
                        "for a minor character without one", field="devil_rating")
    if sheet.devil.strip() or sheet.devil_rating:
        verify_devil_rating(sheet.devil_rating)


def _written(sheet: c.Sheet) -> dict[str, object]:
    return {
        "name": sheet.name.strip(), "player": sheet.player, "ratings": sheet.ratings,
        "knacks": tuple(Knack(k, r) for k, r in sheet.knacks), "traits": sheet.traits,
        "devil": sheet.devil, "devil_rating": sheet.devil_rating, "vocation": sheet.vocation,
        "description": sheet.description, "back_story": sheet.back_story,
        "notes": sheet.notes, "chips": sheet.chips,
    }


def _sheet_of(who: Character) -> c.Sheet:
    """The sheet `who` has now, as the Dealer would fill it in to correct it."""
    return c.Sheet(who.name, who.player, who.ratings, who.knacks, who.traits, who.devil,
                   who.devil_rating, who.vocation, who.description, who.back_story, who.notes,
                   who.chips)


def named_once(pairs: Sequence[tuple[str, object]], rule: str, field: str,
               what: str = "hand") -> None:
    """RuleError when a name is given twice in `pairs` (the one or the other would be
    dropped): each hand's cards, lay or bid once."""
    names = [name for name, _ in pairs]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise RuleError(rule, f"{', '.join(twice)} is named twice; give each {what} once",
                        field=field)


def why_not_change(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name`'s sheet cannot be corrected now: it is in the conflict under way, or
    is the patient of the recovery under way (the points it hopes for are its)."""
    conflict = state.conflict
    if conflict is not None and conflict.participant(name) is not None:
        return RuleError("Characters", f"{name} is in the conflict under way; change the "
                         "sheet after it ends", field="name")
    if conflict is not None and conflict.recovery is not None \
            and conflict.recovery[0] == name:
        return RuleError("Characters", f"{name} is the patient of the recovery under way; "
                         "change the sheet after it ends", field="name")
    return None


#: the names the stud hand goes by, said in any case
_DEALERS = {reads_as(DEALER), reads_as(f"the {DEALER}")}


#: the most letters a character's name has: one said at the table, that stands whole in the
#: tables' Name column at 80 columns (as Dead Man's Hand and Devils Bluff hold their names)
LONGEST_NAME = 40


def _verify_new_name(state: DustDevilsState, name: str, old: str = "") -> None:
    """A name is one the table can tell apart from every other character's (`old`, his own
    before a change, aside) said aloud: "zeke munroe" is Zeke Munroe, and so is a name that
    differs only by a character nobody sees. A new name has at most LONGEST_NAME letters
    (one a journal already holds is kept as it is)."""
    if name != old and len(name.strip()) > LONGEST_NAME:
        raise RuleError("Characters", f"a name has at most {LONGEST_NAME} letters; this one "
                        f"has {len(name.strip())}: the rest goes in the Vocation or the "
                        "Description", field="name")
    said = reads_as(name)
    taken = next((w for w in state.characters if reads_as(w.name) == said and w.name != old),
                 None)
    if taken is not None:
        raise RuleError("Characters", f"there is already a character named {taken.name}",
                        field="name")


#: the most letters a new Knack's name has, as a character's: a Knack is a word or two
#: ("Lock Pickin'"), and a paragraph pasted into it ran the sheet's Knacks over four lines
LONGEST_KNACK = LONGEST_NAME


def _verify_new_knacks(names: Sequence[str], old: Sequence[str] = (),
                       field: str = "knacks") -> None:
    """A Knack new to the sheet (not among `old`, those it had) has at most LONGEST_KNACK
    letters; one a journal already holds is kept as it is."""
    for name in names:
        if name not in old and len(name.strip()) > LONGEST_KNACK:
            raise RuleError("Knacks", f"a Knack's name has at most {LONGEST_KNACK} letters; "
                            f"this one has {len(name.strip())}: a word or two, like Lock Pickin'",
                            field=field)


@RULES.decides(c.MakeCharacter)
def make(state: DustDevilsState, command: c.MakeCharacter) -> list[object]:
    _verify_new_name(state, command.sheet.name)
    _verify_new_knacks([k for k, _ in command.sheet.knacks])
    _verify_sheet(command.sheet)
    return [CharacterMade(**_written(command.sheet))]  # type: ignore[arg-type]


def why_not_cast(state: DustDevilsState) -> RuleError | None:
    """Why The Hanged Man's cast cannot be made now: one of its seven names has a sheet
    already (made by hand, or by this step before)."""
    said = {reads_as(w.name) for w in state.characters}
    taken = [s.name for s in (*PLAYERS, *NON_PLAYERS) if reads_as(s.name) in said]
    if taken:
        return RuleError("Characters", f"{_and(taken)} {'has' if len(taken) == 1 else 'have'}"
                         f" a sheet already: {SCENARIO}'s cast is made once, in a campaign "
                         "without them")
    return None


def _and(names: Sequence[str]) -> str:
    """Names in a list said aloud: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@RULES.decides(c.MakeHangedManCast)
def make_cast(state: DustDevilsState, command: c.MakeHangedManCast) -> list[object]:
    """The book's scenario's sheets, one step: those of its four player characters the
    table plays and its three non-player characters. Which of the four is the Dealer's
    pick: the book uses two to four of them and has one player run Jim (line 447), and lets
    players put their own characters in their place (line 411), so any may be left out
    for a player's own, made by hand (the form starts with all four, Jim first)."""
    refused = why_not_cast(state)
    if refused is not None:
        raise refused
    names = [s.name for s in PLAYERS]
    wrong = [n for n in command.players if n not in names]
    if wrong:
        raise RuleError("Characters", f"{quoted(wrong[0])} is none of {SCENARIO}'s player "
                        f"characters: {_and(names)}", field="players")
    chosen = [s for s in PLAYERS if s.name in command.players]
    return [event for sheet in (*chosen, *NON_PLAYERS)
            for event in make(state, c.MakeCharacter(sheet))]


@RULES.decides(c.ChangeCharacter)
def change(state: DustDevilsState, command: c.ChangeCharacter) -> list[object]:
    old = character_named(state, command.name, in_play=False)
    _verify_new_name(state, command.sheet.name, old.name)
    refused = why_not_change(state, old.name)
    if refused is not None:
        raise refused
    values = command.values
    if values is not None:
        if len(values) != len(ATTRIBUTES) or any(
                not 0 <= v <= r for v, r in zip(values, command.sheet.ratings, strict=False)):
            raise RuleError("Attributes", "the values now are four, Hand, Eye, Guts and "
                            "Heart, each from 0 to its rating", field="values")
        if values == old.values:
            values = None
    if replace(command.sheet, name=command.sheet.name.strip()) == _sheet_of(old) \
            and values is None:
        raise RuleError("Characters", f"{old.name}'s sheet is as it was: change something "
                        "on it, or cancel")
    _verify_new_knacks([k for k, _ in command.sheet.knacks], [k for k, _ in old.knacks])
    _verify_sheet(command.sheet, (old.attribute_points_bought, old.knack_points_bought))
    if old.player and command.sheet.player and state.in_session \
            and command.sheet.devil_rating != old.devil_rating:
        # the sheet is no back door to the session's choice (book l.115)
        if old.devil_set_for == state.session:
            raise RuleError("Devil rating", f"{old.name}'s Devil is {old.devil_rating} for "
                            f"session {state.session}; it holds until the session ends "
                            "(Devil, on the Characters tab, corrects one typed wrong)",
                            field="devil_rating")
        raise RuleError("Devil rating", f"{old.name}'s player sets the Devil rating for "
                        f"session {state.session} as the session's choice (the Characters "
                        "tab), not on the sheet", field="devil_rating")
    before, after = _written(_sheet_of(old)), _written(command.sheet)
    # which fields were put right, for the Dealer's log: a sheet prepared ahead and
    # corrected read only "is corrected", whatever was changed (round 31)
    changed = tuple(k for k in after if k not in ("name", "player") and after[k] != before[k])
    return [CharacterChanged(old_name=old.name, values=values, met=old.name in state.met,
                             was_player=old.player, changed=changed,
                             **after)]  # type: ignore[arg-type]


# -- Devil ratings ------------------------------------------------------------------------------


def devil_to_set(state: DustDevilsState, who: Character) -> bool:
    """A player character in play whose Devil rating is not yet set this session; not one
    whose last conflict is over (its fate due), which enters no other."""
    return (who.player and who.in_play and not who.fate_due and state.in_session
            and who.devil_set_for != state.session)


def why_not_devil_counts(state: DustDevilsState, who: Character,
                         use: str = "it counts here") -> RuleError | None:
    """Why `who`'s Devil rating cannot count now (`use` says how it would: it sways a Deal,
    or stands in for an attribute at 0), naming the character and the rule: a player's
    counts only once set for the session under way. Last session's number is not this
    session's choice, and between sessions there is none to count until the next session
    starts and the player sets it; before the first session the rating the sheet was made
    with counts. The Dealer's characters' always count."""
    if not who.player:
        return None
    if state.in_session:
        if who.devil_set_for == state.session:
            return None
        return RuleError("Devil rating", f"{who.name}'s player has not set the Devil rating "
                         f"for session {state.session} yet, and {use}: the player sets it "
                         "first (Devil or Devils, on the Characters tab)", field="devil")
    if state.session == 0:
        return None
    return RuleError("Devil rating", f"session {state.session} is over, and {who.name}'s "
                     f"Devil rating with it, and {use}: start the next session, and the "
                     "player sets it there", field="devil")


def _devil_settable(state: DustDevilsState, name: str, *, corrects: bool = False
                    ) -> Character:
    """A player's Devil rating is set once a session, during it; the Dealer sets his
    characters' whenever he likes, outside their conflicts. One set this session and typed
    wrong is corrected (`corrects`), also outside the character's conflicts."""
    who = character_named(state, name)
    if not who.important:
        raise RuleError("Devil rating", f"{who.name} has no Devil; give one on the sheet",
                        field="devil_rating")
    if state.conflict is not None and state.conflict.participant(who.name) is not None:
        raise RuleError("Devil rating", "the rating is set at a session's start, not in the "
                        "middle of a conflict", field="devil_rating")
    if who.player and not state.in_session:
        raise RuleError("Devil rating", f"{who.name}'s player sets the rating at a session's "
                        "start: start the session first", field="devil_rating")
    set_now = who.player and who.devil_set_for == state.session
    if corrects and not set_now:
        raise RuleError("Devil rating", f"{who.name}'s Devil rating is not set for this "
                        "session, so there is nothing to correct: set it", field="devil_rating")
    if set_now and not corrects:
        raise RuleError("Devil rating", f"{who.name}'s Devil is {who.devil_rating} for "
                        f"session {state.session}; it holds until the session ends (v "
                        "corrects one typed wrong)", field="devil_rating")
    return who


def why_not_devil(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name`'s Devil rating cannot be set now (or corrected, once set this session)."""
    return refusal_of(lambda: _devil_settable(state, name,
                                              corrects=devil_corrected(state, name)))


def devil_corrected(state: DustDevilsState, name: str) -> bool:
    """Whether a rating given for `name` now corrects the one set this session."""
    who = state.character(name)
    return who is not None and who.player and who.devil_set_for == state.session \
        and state.in_session


def devils_to_set_now(state: DustDevilsState) -> tuple[Character, ...]:
    """The players who may set their Devil rating for this session now: not yet set, and
    not in a conflict carried over from the last session (they set it once it ends)."""
    return tuple(who for who in state.players
                 if devil_to_set(state, who) and why_not_devil(state, who.name) is None)


def why_not_session_devils(state: DustDevilsState) -> RuleError | None:
    """Why no player is left to set the Devil rating for this session now."""
    if devils_to_set_now(state):
        return None
    if not state.in_session:
        return RuleError("Devil rating", "the players set their Devil ratings at a session's "
                         "start: start one first")
    waiting = [who.name for who in state.players if devil_to_set(state, who)]
    if waiting:
        return RuleError("Devil rating", f"{', '.join(waiting)}: the Devil is set once the "
                         "conflict under way ends")
    return RuleError("Devil rating", f"every player has set the Devil for session "
                     f"{state.session}; it holds until the session ends")


def devils_first(session: int, now: Sequence[str], later: Sequence[str]) -> list[str]:
    """Who sets the Devil rating as `session` begins (book l.115), in the words of the notice
    that it began and of the recap of the session before: those who set it at once (`now`),
    and those in a conflict carried over, who set it once that ends (`later`)."""
    told = []
    if now:
        told.append(f"each player sets the Devil rating for session {session} first: "
                    f"{', '.join(now)}")
    if later:
        told.append(f"{', '.join(later)}: once the conflict carried over ends")
    return told


@RULES.tells_session_begun
def session_begun(state: DustDevilsState) -> str | None:
    """As a session begins, who sets the Devil rating first (book l.115), and where; and
    whose fate is still to record (l.317)."""
    now = [who.name for who in devils_to_set_now(state)]
    later = [who.name for who in state.players
             if devil_to_set(state, who) and who.name not in now]
    told = devils_first(state.session, now, later)
    if now:  # "each player ..." begins the notice
        told[0] = f"E{told[0][1:]} (Devils, on the Characters tab, sets them all)"
    due = [who.name for who in state.players if who.fate_due]
    if due:
        told.append(f"{', '.join(due)}: the fate is still to record (Fate, on the Characters tab)")
    return " ".join(f"{t}." for t in told) or None


@RULES.decides(c.SetDevilRating)
def devil_rating(state: DustDevilsState, command: c.SetDevilRating) -> list[object]:
    who = _devil_settable(state, command.name, corrects=command.corrects)
    verify_devil_rating(command.rating)
    if not command.corrects:
        return [DevilRatingSet(who.name, command.rating)]
    if command.rating == who.devil_rating:
        raise RuleError("Devil rating", f"{who.name}'s Devil is {command.rating} already: "
                        "nothing to correct", field="devil_rating")
    return [DevilRatingSet(who.name, command.rating, was=who.devil_rating)]


@RULES.decides(c.SetSessionDevils)
def session_devils(state: DustDevilsState, command: c.SetSessionDevils) -> list[object]:
    if not command.ratings:
        raise RuleError("Devil rating", "no ratings given", field="ratings")
    names = [name for name, _ in command.ratings]
    if len(set(names)) != len(names):
        raise RuleError("Devil rating", "a character is named twice", field="ratings")
    return [payload for name, rating in command.ratings
            for payload in devil_rating(state, c.SetDevilRating(name, rating))]


# -- Chips ------------------------------------------------------------------------------------


def why_not_give(state: DustDevilsState, name: str) -> RuleError | None:
    """Why the Dealer cannot give `name` Chips (or take some back) now."""
    return refusal_of(lambda: chips_holder(state, name))


def _spender(state: DustDevilsState, name: str) -> Character:
    """A player who may buy attribute points or Knacks now: not one whose last conflict is
    over, nor one whose hand is in the conflict under way or who folded out of it (see the
    docstring)."""
    who = chips_holder(state, name)
    if who.fate_due:
        raise RuleError("The Road to Hell", f"{who.name}'s last conflict is over; the player "
                        "records the fate, and nothing more is bought", field="name")
    conflict = state.conflict
    p = conflict.participant(who.name) if conflict is not None else None
    if conflict is not None and p is not None:
        how = "folded out of" if p.folded else "is in"
        raise RuleError("Chips", f'{who.name} {how} the conflict "{conflict.title.rstrip()}": '
                        "Chips buy attributes and Knacks once it ends (within it they buy a "
                        "card in the Deal, one in the Draw, narration or a fold)",
                        field="name")
    return who


def why_not_spend(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` cannot buy attribute points or Knacks now."""
    return refusal_of(lambda: _spender(state, name))


@RULES.decides(c.GiveChips)
def give(state: DustDevilsState, command: c.GiveChips) -> list[object]:
    who = chips_holder(state, command.name)
    if command.chips == 0:
        raise RuleError("Chips", "give at least one Chip (or take one back)", field="chips")
    if abs(command.chips) > CHIPS_AT_ONCE:
        raise RuleError("Chips", f"Chips change hands a few at a time, {CHIPS_AT_ONCE} at "
                        f"most, not {command.chips}", field="chips")
    if not command.reason.strip():
        raise RuleError("Chips", "every change of Chips is noted with its reason",
                        field="reason")
    if who.chips + command.chips < 0:
        raise RuleError("Chips", f"{who.name} has only {who.chips}", field="chips")
    # handed over in the middle of a conflict, the Chips changed hands in it: the recap
    # tells them in its paragraph, where they closed it and a second one under the same
    # title told the rest (round 35)
    title = state.conflict.title if state.conflict is not None else ""
    return [ChipsChanged(who.name, command.chips, command.reason.strip(), title,
                         taken=command.chips < 0)]


@RULES.decides(c.RaiseAttribute)
def raise_attribute(state: DustDevilsState, command: c.RaiseAttribute) -> list[object]:
    who = _spender(state, command.name)
    attribute = parse_attribute(command.attribute)
    new = who.rating(attribute) + 1
    cost = attribute_raise_cost(new)
    verify_chips(who, cost, "Improve attributes")
    return [AttributeRaised(who.name, attribute, new),
            ChipsChanged(who.name, -cost, f"raises {attribute} to {new}", price=True)]


def why_not_raise(state: DustDevilsState, name: str, attribute: Attribute) -> RuleError | None:
    """Why `name` cannot raise `attribute` a point now (at 5, or too few Chips)."""
    return refusal_of(lambda: raise_attribute(state, c.RaiseAttribute(name, attribute.value)))


def attributes_to_raise(state: DustDevilsState, name: str) -> tuple[Attribute, ...]:
    """The attributes `name` can raise a point now, Chips in hand (the form offers these)."""
    return tuple(a for a in ATTRIBUTES if why_not_raise(state, name, a) is None)


def _cheapest(who: Character, rule: str, raises: Sequence[tuple[str, int, int]]
              ) -> RuleError | None:
    """The refusal of a purchase key when `raises` ((what, new rating, cost)) hold none
    the Chips pay for: the cheapest, named; None when one is paid for."""
    if not raises:
        return None
    what, new, cost = min(raises, key=lambda r: r[2])
    if cost <= who.chips:
        return None
    return RuleError(rule, f"{who.name} has {plural(who.chips, 'Chip')}; the "
                     f"cheapest raise, {what} to {new}, costs {cost}")


def why_not_raise_attribute(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` can raise no attribute now: no Chips to spend, every attribute at 5, or
    the cheapest raise costs more than the Chips held."""
    refused = why_not_spend(state, name)
    if refused is not None:
        return refused
    who = character_named(state, name)
    raises = [(a.value, who.rating(a) + 1, attribute_raise_cost(who.rating(a) + 1))
              for a in ATTRIBUTES if who.rating(a) < ATTRIBUTE_MAX]
    if not raises:
        return RuleError("Attribute maximum", f"{who.name}'s attributes are all at "
                         f"{ATTRIBUTE_MAX}, the most")
    return _cheapest(who, "Improve attributes", raises)


@RULES.decides(c.RaiseKnack)
def raise_knack(state: DustDevilsState, command: c.RaiseKnack) -> list[object]:
    who = _spender(state, command.name)
    rating = who.knack(command.knack)
    if not rating:
        raise RuleError("Knacks", f"{who.name} has no Knack {quoted(command.knack)}; buy it new",
                        field="knack")
    name = next(k for k, _ in who.knacks if k.lower() == command.knack.strip().lower())
    cost = knack_raise_cost(rating + 1)
    verify_chips(who, cost, "Improve Knacks")
    return [KnackRaised(who.name, name, rating + 1),
            ChipsChanged(who.name, -cost, f"raises {name} to {rating + 1}", price=True)]


def why_not_raise_this_knack(state: DustDevilsState, name: str,
                             knack: str) -> RuleError | None:
    """Why `name` cannot raise `knack` a point now (at 4, or too few Chips)."""
    return refusal_of(lambda: raise_knack(state, c.RaiseKnack(name, knack)))


def knacks_to_raise(state: DustDevilsState, name: str) -> tuple[str, ...]:
    """The Knacks `name` can raise a point now, Chips in hand (the form offers these)."""
    who = state.character(name)
    return tuple(k for k, _ in (who.knacks if who is not None else ())
                 if why_not_raise_this_knack(state, name, k) is None)


def why_not_raise_knack(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` can raise no Knack now: no Chips to spend, no Knack below 4, or the
    cheapest raise costs more than the Chips held."""
    refused = why_not_spend(state, name)
    if refused is not None:
        return refused
    who = character_named(state, name)
    raises = [(k, r + 1, knack_raise_cost(r + 1)) for k, r in who.knacks if r < KNACK_MAX]
    if not raises:
        return RuleError("Knack rating", f"{who.name} has no Knack below {KNACK_MAX} to "
                         "raise" if who.knacks else f"{who.name} has no Knack yet: buy one "
                         "new (New Knack)")
    return _cheapest(who, "Improve Knacks", raises)


def _knack_buyer(state: DustDevilsState, name: str) -> Character:
    """A player who can buy a new Knack now: within the Knack limit, with the Chips."""
    who = _spender(state, name)
    if len(who.knacks) + 1 > who.knack_limit:
        raise RuleError("Knack limit", f"{who.name} has {len(who.knacks)} Knacks; at most "
                        f"{who.knack_limit} (Hand + Eye, or 6 if higher)", field="knack")
    verify_chips(who, NEW_KNACK_COST, "New Knacks")
    return who


def why_not_buy_knack(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` cannot buy a new Knack now: the Knack limit, or too few Chips."""
    return refusal_of(lambda: _knack_buyer(state, name))


@RULES.decides(c.BuyKnack)
def buy_knack(state: DustDevilsState, command: c.BuyKnack) -> list[object]:
    who = _spender(state, command.name)
    knack = command.knack.strip()
    verify_knack_name(knack, field="knack")
    _verify_new_knacks([knack], field="knack")
    if who.knack(knack):
        raise RuleError("Knacks", f"{who.name} already has {knack}", field="knack")
    _knack_buyer(state, who.name)
    return [KnackBought(who.name, knack),
            ChipsChanged(who.name, -NEW_KNACK_COST, f"learns {knack} at 1", price=True)]


# -- the Road to Hell ----------------------------------------------------------------------


def _in_the_conflict(state: DustDevilsState, name: str) -> bool:
    """Whether `name` is in the conflict under way: dealt into it, or recovering after it."""
    conflict = state.conflict
    return conflict is not None and (conflict.participant(name) is not None or (
        conflict.recovery is not None and conflict.recovery[0] == name))


def why_not_fate(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name`'s fate cannot be recorded now: its last conflict has not come. One of the
    Dealer's the table met, off his Road to Hell, may leave the story at any time outside
    a conflict (round 32): the narrator told him shot dead or run out of town (book,
    222-228), or he is of no Devil and has no road; one it never met is dropped instead,
    and a player character's fate is his player's, at the end of his road."""
    who = state.character(name)
    if who is None:
        return RuleError("Characters", f"there is no character named {quoted(name)}",
                         field="name")
    if not who.in_play:
        # recorded once: "not due" read as if the Road to Hell were still ahead of him
        return RuleError("The Road to Hell", f"{who.name} has left play ({who.fate}); the "
                         "fate is recorded once", field="fate")
    if who.fate_due:
        return None
    not_due = f"{who.name}'s fate is not due: it is recorded when a conflict that used an " \
        "attribute at 0 ends"
    if who.player or who.on_last_leg:
        return RuleError("The Road to Hell", not_due, field="fate")
    if who.name not in state.met:
        return RuleError("The Road to Hell", f"{not_due}; the table never met {who.name}: "
                         "drop the sheet instead (Drop)", field="fate")
    if _in_the_conflict(state, who.name) or any(e.name == who.name for e in state.entering):
        return RuleError("The Road to Hell", f"{who.name} is in the conflict under way, or "
                         "added to the next: record the fate once it is over",
                         field="fate")
    return None


@RULES.decides(c.RecordFate)
def fate(state: DustDevilsState, command: c.RecordFate) -> list[object]:
    refused = why_not_fate(state, command.name)
    if refused is not None:
        raise refused
    who = character_named(state, command.name)
    told = command.fate.strip()
    if not told:
        raise RuleError("The Road to Hell", f"say how {who.name} leaves play: "
                        f"{', '.join(FATES)}, or otherwise", field="fate")
    return [FateRecorded(who.name, told)]


# -- a change of plans ----------------------------------------------------------------------


def why_not_drop(state: DustDevilsState, name: str) -> RuleError | None:
    """Why `name` may not come off the Dealer's sheets now (round 30): only one of his own
    the table never met is dropped (the players went elsewhere). One in the conflict under
    way or its set-up is in play; one the table has met (entered a conflict, or sat at
    the table as a player character) stays on the sheets as it knows him; a player
    character is made the Dealer's first (his player did not come)."""
    who = state.character(name)
    if who is None:
        return RuleError("Characters", f"there is no character named {quoted(name)}",
                         field="name")
    if who.player:
        return RuleError("Characters", f"{who.name} is a player character: make the sheet "
                         "the Dealer's first (Edit, Player character unticked), then drop it",
                         field="name")
    if _in_the_conflict(state, who.name):
        return RuleError("Characters", f"{who.name} is in the conflict under way; the "
                         "sheet stays", field="name")
    if any(e.name == who.name for e in state.entering):
        return RuleError("Characters", f"{who.name} is added to the next conflict: take "
                         "the entrant out first (Take out, on the Conflict tab)", field="name")
    if not who.in_play:
        # his fate recorded: the table met him, and saw him go
        return RuleError("Characters", f"the table met {who.name}, who has left play "
                         f"({who.fate}): the sheet stays, as the table knows it; only a "
                         "character it never met is dropped", field="name")
    if who.name in state.met or who.sat_at_table:
        how = "in a conflict" if who.name in state.met else "as a player character"
        return RuleError("Characters", f"the table has met {who.name} {how}: the sheet stays "
                         "as the table knows it, till a fate is recorded; only a character it "
                         "never met is dropped", field="name")
    return None


@RULES.decides(c.DropCharacter)
def drop(state: DustDevilsState, command: c.DropCharacter) -> list[object]:
    refused = why_not_drop(state, command.name)
    if refused is not None:
        raise refused
    who = character_named(state, command.name, in_play=False)
    return [CharacterDropped(who.name, who.vocation)]


# -- the table's rulings -----------------------------------------------------------------------


_ON = {True: "on", False: "off"}


@RULES.decides(c.SetWinnerCard)
def winner_card(state: DustDevilsState, command: c.SetWinnerCard) -> list[object]:
    if command.on == state.winner_card:
        raise RuleError("Optional rule", f"the winner's card is already {_ON[command.on]}")
    return [WinnerCardSet(command.on)]


def why_not_carry_over(state: DustDevilsState) -> RuleError | None:
    if not state.in_session:
        return RuleError("Recovery", "damage carries over from a session under way; start "
                         "one")
    return None


@RULES.decides(c.RuleCarryOver)
def carry_over(state: DustDevilsState, command: c.RuleCarryOver) -> list[object]:
    refused = why_not_carry_over(state)
    if refused is not None:
        raise refused
    if command.on == state.carry_over:
        raise RuleError("Recovery", f"carrying damage over is already {_ON[command.on]}")
    return [CarryOverRuled(command.on)]


# -- sessions -----------------------------------------------------------------------------------


@RULES.on(SESSION_START)
def session_started(state: DustDevilsState, event: Event) -> DustDevilsState:
    # the player characters sit at the table from now on: the table knows them
    return replace(state, session=event.session, in_session=True, carry_over=False,
                   characters=tuple(replace(w, sat_at_table=True) if w.player else w
                                    for w in state.characters))


@RULES.on(SESSION_END)
def session_ended(state: DustDevilsState, event: Event) -> DustDevilsState:
    return replace(state, in_session=False, last_winners=())


@RULES.ends_session
def session_ending(state: DustDevilsState) -> list[object]:
    """At session end all Difficulty recovers, except an attribute at 0, unless the Dealer
    ruled that damage carries over; what stays lost is said (`DamageKept`)."""
    in_play = [who for who in state.characters if who.in_play]
    recovered = () if state.carry_over else tuple(
        Regained(who.name, attribute, points)
        for who in in_play
        for attribute, points in session_recovery(
            {a: who.rating(a) for a in ATTRIBUTES}, {a: who.value(a) for a in ATTRIBUTES}
        ).items())
    # an attribute at 0 stays there; the Road to Hell only for one with a Devil (a minor
    # character of the Dealer's keeps his points lost, on no road)
    kept = tuple(Kept(who.name, a, who.rating(a) - who.value(a),
                      who.value(a) == 0 and who.important)
                 for who in in_play for a in ATTRIBUTES
                 if who.value(a) < who.rating(a) and (state.carry_over or who.value(a) == 0))
    return [Recovered(recovered)] * bool(recovered) + \
        [DamageKept(kept, state.carry_over)] * bool(kept)


@RULES.tells_before_session_ends
def before_session_ends(state: DustDevilsState) -> str | None:
    """Where damage would recover as the session ends, that the Dealer may keep it first,
    when the story gives no time to rest (book l.256): asked in the question that ends it,
    where the Dealer decides, not only on the Characters tab's line."""
    if state.carry_over or not any(isinstance(e, Recovered) for e in session_ending(state)):
        return None
    return ("Where the story gives no time to rest, rule first that damage carries over "
            "(Damage carries over, on the Characters tab) to keep it.")


@RULES.finds_problems
def problems(state: DustDevilsState) -> list[str]:
    """What `gmscreen check` reports: sheets that break the book's limits."""
    found: list[str] = []
    for who in state.characters:
        sheet = c.Sheet(who.name, who.player, who.ratings, who.knacks, who.traits, who.devil,
                        who.devil_rating, chips=who.chips)
        try:
            _verify_sheet(sheet, (who.attribute_points_bought, who.knack_points_bought))
        except RuleError as error:
            found.append(f"{who.name}: {error}")
        if who.chips < 0:
            found.append(f"{who.name}: {who.chips} Chips")
        if any(not 0 <= v <= r for v, r in zip(who.values, who.ratings, strict=True)):
            found.append(f"{who.name}: an attribute's value is outside 0 and its rating")
    return found


# the rest of the decider: a conflict's steps, and how each event folds and is told
from gmscreen.games.dust_devils import conflict as _up_to_the_call  # noqa: E402, F401
from gmscreen.games.dust_devils import evolve, log, resolution  # noqa: E402, F401
