"""What the Dead Man's Hand tabs show, as text and tables.

Both players see almost everything at this table: the posses, their hits, weapons and
markers, the cards of every attack face up. What nobody sees is the pack itself: how many
cards are left is public, never which card comes next. So `TableKnows` holds the match as
the table reads it with the pack reduced to its counts (and the discard and coffin cards,
which lie face up), and the table's views take only that. The Dealer's views take the state
and add the odds, which the app counts from the cards left in the pile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rich.cells import cell_len

from gmscreen.core.cards import parse_cards
from gmscreen.core.text import in_words, plural
from gmscreen.games.dead_mans_hand import log as model_words
from gmscreen.games.dead_mans_hand.advice import all_in_advice, best_card, second_card
from gmscreen.games.dead_mans_hand.attack import CardCount, attack_refused, describe_count
from gmscreen.games.dead_mans_hand.events import (
    KINDS,
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
    ModelRecruited,
    ModelUsed,
    PosseNamed,
    RecoveryDrawn,
    ResultPlayed,
    ScenarioLoaded,
    SecondResultDeclined,
    ShowdownWon,
    TurnEnded,
    WentAllIn,
)
from gmscreen.games.dead_mans_hand.odds import Attack as Odds
from gmscreen.games.dead_mans_hand.pack import JOKER, rank, show
from gmscreen.games.dead_mans_hand.posse import WINS_NEEDED, budget, spent
from gmscreen.games.dead_mans_hand.results import on, says, told
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.showdown import doomed, fate, neither_fields, past_saving
from gmscreen.games.dead_mans_hand.state import (
    ALONE,
    COLOURS,
    Attack,
    Colour,
    Draw,
    Format,
    GameRecord,
    MatchRecord,
    MatchState,
    Mend,
    Model,
    Outcome,
    Phase,
    Posse,
    Status,
    Turn,
    in_order_of_play,
    match_score,
    opening,
    other,
    players_score,
    side,
)
from gmscreen.games.dead_mans_hand.turns import (
    NEITHER_FIELDS,
    going_on,
    past_saving_said,
    recovery_card_refused,
    showdown_title,
    the_fallen,
    the_showdown,
    why_not_set_up,
)
from gmscreen.games.dead_mans_hand.weapons import Move, weapon_name
from gmscreen.games.dead_mans_hand.weapons import weapon as weapon_of
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.recap import SAME_EPISODE
from gmscreen.journal.sections import Section, grid, lines, whole

#: a short word for each weapon, so a row fits 80 columns (the glossary has each)
SHORT = {"rifle": "Rifle", "pistol": "Pistol", "dual-pistols": "Dual", "shotgun": "Shotgun",
         "sawn-off": "Sawn-off", "derringers": "Derr.", "tomahawks": "Toma.", "bow": "Bow",
         "brawling": "Fists", "big-blade": "Blade"}

#: the columns of a posse's table on the Characters tab and in the views
POSSE_COLUMNS = ("Name", "Val", "Hits", "Weapons", "Notes")
#: the columns of the models on the table (the Conflict tab), each name after its side's
#: letter (R, B); the notes before the weapons, which the detail line gives in full
TABLE_COLUMNS = ("Name", "Val", "Hits", "Notes", "Weapons")
#: the markers the Notes column shows, each with how long it lasts (the Moving Target's
#: alone did not say)
MARKERS = ("moving: Moving Target, one card fewer against it till its next use; Jack: no move "
           "at its next use; Queen: no attack at its next use, nor answer till that use is "
           "over; on a card: lying on its coffin card.")


def key_line(models: Sequence[Model], *, sides: bool = False, weapons: bool = True) -> str:
    """The key to a table of `models`: the short words it shows ("Val: value (2 best)",
    "Derr.: Derringers"); `sides` when its names carry the side's letter (R, B), `weapons`
    when it has the Weapons column."""
    shown = {"R": "red", "B": "black"} if sides else {}
    shown |= {"Val": "value (2 best)", "Hits": "left/at the start"}
    if any(model.civilian for model in models):
        shown["civ"] = "civilian"
    for model in models if weapons else ():
        for weapon in model.weapons:
            short, full = SHORT.get(weapon, weapon_name(weapon)), weapon_name(weapon)
            if short != full:
                shown[short] = full
    # each entry on one row: "Dual: Dual" / "Pistols" read as a key of two words
    return " · ".join(whole(f"{short}: {means}") for short, means in shown.items())


# -- what the table knows ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableKnows:
    """The match as both players see it: everything but the order of the pack, of which
    only the count of cards left to draw is known."""

    format: Format
    scenario: str | None
    phase: Phase
    game: int
    red: Posse
    black: Posse
    games: Sequence[GameRecord]
    champion: Colour | None
    setup_card: str | None
    first: Colour | None
    deploying: Colour | None
    turn: Turn | None
    attack: Attack | None
    last_attack: Attack | None
    to_draw: int
    discard: tuple[str, ...]
    coffins: tuple[str, ...]
    match: int = 1
    past: tuple[MatchRecord, ...] = ()
    #: who played the champion as it won the showdown
    champion_player: str = ""
    #: the posses are built as the rules ask: a game may be set up
    ready: bool = False
    #: the fallen's draws after the game just played, each card turned over face up
    draws: tuple[Draw, ...] = ()
    #: the step that first named each posse since the table last rose (the recap's words)
    named_since: tuple[int, int] = field(default=(0, 0), compare=False)

    def posse(self, colour: Colour) -> Posse:
        return self.red if colour == "red" else self.black

    def wins(self, colour: Colour) -> int:
        return sum(1 for record in self.games if record.winner == colour)

    def every_game(self) -> tuple[GameRecord, ...]:
        """The games of the campaign, every match's, in the order they were played."""
        return (*(record for match in self.past for record in match.games), *self.games)

    def posse_wins(self, posse: str) -> int:
        """The games won over the campaign by the posse of this name, in any match."""
        return sum(1 for record in self.every_game()
                   if record.winner is not None and record.posse == posse)

    def player_wins(self, player: str) -> int:
        """The games `player` has won over the campaign, whichever side they played."""
        return sum(1 for record in self.every_game() if record.player == player)

    def players(self) -> list[str]:
        """Everyone named as a posse's player: who plays red and black now, then those who
        won a game of the campaign, in the order they won it."""
        return in_order_of_play((self.red.player, self.black.player), self.every_game())

    def find(self, name: str) -> Model | None:
        return next((m for m in self.red.models + self.black.models if m.name == name), None)


def table_knows(state: MatchState) -> TableKnows:
    pack = state.pack
    return TableKnows(state.format, state.scenario, state.phase, state.game, state.red,
                      state.black, state.games, state.champion, state.setup_card,
                      state.first, state.deploying, state.turn, state.attack,
                      state.last_attack, len(pack.pile), pack.discard, pack.coffins,
                      state.match, state.past, state.champion_player,
                      why_not_set_up(state) is None, state.draws, state.named_since)


# -- the lines over the table --------------------------------------------------------------------


def match_line(known: TableKnows) -> str:
    """The match, the game under way and the games each side has won: the showdown's
    score, or the tally of single games; and, once the players are named, the games each
    has won, whichever side they played (they may swap sides between games, line 11).
    Before the match's first game is set up, that none is, and no score."""
    if known.format is Format.SHOWDOWN:
        # the campaign's showdowns are numbered from the second on
        title = showdown_title(known.past)
    else:
        scenario = SCENARIOS.get(known.scenario or "")
        title = scenario.title if scenario else "Free game"
    if not known.game and not known.games:
        # before the match's first game: nothing to count yet ("game - · red 0, black 0"
        # read as a game numbered "-" and a score already kept)
        return f"{title} · no game set up yet"
    line = (f"{title} · game {known.game} · "
            f"red {known.wins('red')}, black {known.wins('black')}")
    # each player named, by name (who plays which side changes when they swap)
    by = players_score(known.games, known.red.player, known.black.player)
    return line + (f" · {by}" if by else "")


def whose(known: TableKnows, room: int | None = None) -> str:
    """Whose move it is, and what comes next. The posse whose turn it is is named as the
    turn passing names it ("The Oaf (red, Leon)"), or by its colour alone where that line
    would be wider than `room` columns."""
    if known.phase is Phase.BUILDING and known.ready:
        return f"The posses are ready: a card turned sets up game {known.game + 1}."
    if known.phase is Phase.BUILDING:
        return "Building the posses; then a game is set up."
    if known.phase is Phase.DEPLOYING:
        counts = ", ".join(f"{colour} {placed} of {fielded}"
                           for colour, (placed, fielded) in placing_counts(known).items())
        return f"Placing models: {known.deploying} places next ({counts} placed)."
    if known.phase is Phase.OVER:
        champion = known.champion
        assert champion is not None  # the showdown is over: somebody won it
        won = side(known.posse(champion).title, champion, known.champion_player)
        if known.wins(champion) < WINS_NEEDED:
            # won short of two games: the other posse has nobody left who may fight
            return (f"{opening(won)} wins the showdown: {known.posse(other(champion)).title} "
                    "has nobody left to fight.")
        return f"{opening(won)} wins the showdown."
    if known.phase is Phase.AFTER_GAME:
        record = known.games[-1]
        if record.abandoned:
            head = f"Game {record.number} was left off unfinished."
        elif record.winner:
            head = (f"Game {record.number} goes to "
                    f"{side(record.posse, record.winner, record.player)}, {ALONE}.")
        else:
            head = f"Game {record.number}: nobody left standing."
        models = known.red.models + known.black.models
        down = [m for m in models if m.status is Status.DOWN]
        if known.format is Format.SHOWDOWN and down:
            return f"{head} {fallen_to_draw(down)}"
        if unwon(known):
            return f"{head} {NEITHER_FIELDS[0].upper()}{NEITHER_FIELDS[1:]}."
        return f"{head} Set up the next game."
    turn = known.turn
    assert turn is not None
    if turn.in_use is None or turn.move is None:
        posse = known.posse(turn.colour)
        named = (f"Turn {turn.number}: {side(posse.name, turn.colour, posse.player)} uses a "
                 "model, or leaves.")
        if room is None or cell_len(named) <= room:
            return named
        return f"Turn {turn.number}: {turn.colour} uses a model, or leaves."
    model = known.find(turn.in_use)
    if known.attack:
        doing = "attacking"
    elif turn.stopped:
        doing = "stopped by a Queen, so no attack"
    elif model is not None and attack_refused(model, turn.move, stopped=False):
        doing = "on foot, so no attack"
    elif turn.attacked:
        doing = "its attack is over"
    elif model is not None and not model.weapons:
        doing = "no weapon left, so no attack"
    else:
        doing = "attack or end the turn"
    moved = "stood still" if turn.move is Move.STILL else f"moved {turn.move.said}"
    # the posse named as the turn waiting for a model names it ("Turn 1: red · Slim stood
    # still" followed "Turn 1: The Callahan Gang (red) uses a model"), or its colour alone
    # where that would be wider than `room`
    posse = known.posse(turn.colour)
    named = (f"Turn {turn.number}: {side(posse.name, turn.colour, posse.player)} · "
             f"{turn.in_use} {moved}, {doing}.")
    if room is None or cell_len(named) <= room:
        return named
    return f"Turn {turn.number}: {turn.colour} · {turn.in_use} {moved}, {doing}."


def fallen_to_draw(down: Sequence[Model]) -> str:
    """Who a card may save after a showdown game, and who lies past saving on a King or a
    Joker (lines 151-153: no card is drawn for them)."""
    saved, past = the_fallen(down)
    names = ", ".join(whole(m.name) for m in saved)
    if not past:
        return f"Draw for the fallen: {names}."
    if not saved:
        return f"Bury the fallen: {past_saving_said(past)}."
    return f"Draw for the fallen: {names} ({past_saving_said(past)})."


def pack_line(known: TableKnows) -> str:
    """The pack's counts, and the card that set the game up. Once the game is over, what
    the pack is for next: the fallen's draw in a showdown, from a fresh pack but for the
    coffin cards (line 151), or the next game, dealt a full pack. The game's set-up card
    ("set-up card Q♠, black first") stood there until the next game was set up, read as
    though it said who goes first in that one, and the counts of a pack nobody draws from."""
    if known.phase is Phase.BUILDING:
        return "Pack: dealt once a game is set up"
    if known.phase is Phase.OVER:
        # no game is left to deal: the last game's counts and set-up card ("black first")
        # read as though one were
        return "Pack: no game left to deal; a new match deals it afresh"
    coffins = len(known.coffins)
    if known.phase is Phase.AFTER_GAME:
        down = [m for m in known.red.models + known.black.models if m.status is Status.DOWN]
        saved, _ = the_fallen(down) if known.format is Format.SHOWDOWN else ([], [])
        if not saved:
            # "the next game": the burial of the last of a posse may end the showdown
            return "Pack: the next game, if one is set up, is dealt a full pack"
        aside = "the coffin card" if coffins == 1 else f"the {coffins} coffin cards"
        return f"Pack: fresh for the fallen's draw, {known.to_draw} to draw, {aside} aside"
    line = f"Pack: {known.to_draw} to draw, {len(known.discard)} discarded"
    if coffins:
        # none until a model goes down: "0 coffin cards" counted what had not begun
        line += f", {coffins} coffin card{'' if coffins == 1 else 's'}"
    if known.setup_card and known.first:
        line += f" · set-up card {show(known.setup_card)}, {known.first} first"
    return line


def match_lines(known: TableKnows, room: int | None = None) -> tuple[str, str, str]:
    """The match, whose move it is (fitted to `room` columns) and the pack."""
    return match_line(known), whose(known, room), pack_line(known)


# -- the models ----------------------------------------------------------------------------------


def placing_counts(known: TableKnows) -> dict[Colour, tuple[int, int]]:
    """While the models are placed: for each side, how many are on the table of how many
    take part in this game."""
    counts: dict[Colour, tuple[int, int]] = {}
    for colour in COLOURS:
        models = known.posse(colour).models
        placed = sum(1 for m in models if m.on_table)
        counts[colour] = (placed, placed + sum(1 for m in models if to_place(known, m)))
    return counts


def to_place(known: TableKnows, model: Model) -> bool:
    """Waiting to be placed on the table for the game being set up."""
    return known.phase is Phase.DEPLOYING and model.status is Status.RESERVE


def notes(model: Model, *, full: bool = False, placing: bool = False) -> str:
    """Status and markers in a few words. A table's Notes column is kept narrow: a model
    down on its coffin card reads "on 9♠", one that surrendered "gave up"; `full` (the line
    under the table) says "down on 9♠" and "surrendered". `placing`: the models are being
    placed, so one not yet on the table reads "to place". The markers (moving, Jack, Queen)
    last until the model is used again, so they are shown only on a model still on the
    table: one down, gone or given up is never used again this game, and reads its state."""
    status = "" if model.status in (Status.ON_TABLE, Status.RESERVE) else model.status.value
    if placing and model.status is Status.RESERVE:
        status = "to place"
    if not full:
        status = {"surrendered": "gave up", "down": "" if model.coffin else "down"}.get(
            status, status)
    words = [status] if status else []
    if model.coffin:
        words.append(f"on {show(model.coffin)}")
    marks = [(model.civilian, "civ"), (model.horse, "horse")]
    if model.on_table:
        marks += [(model.moving_target, "moving"), (model.pinned, "Jack"),
                  (model.shaken, "Queen")]
    marked = [word for on, word in marks if on]
    if full:  # the line under the table: "down on K♠, horse", not "down on K♠ horse"
        return ", ".join(filter(None, [" ".join(words), *marked]))
    return " ".join(words + marked)


def model_cells(model: Model, *, placing: bool = False, full: bool = False
                ) -> tuple[str, str, str, str, str]:
    """A model's row under POSSE_COLUMNS (`placing`: the models are being placed; `full`:
    the weapons by their whole names, where the screen has room for them)."""
    weapons = (", ".join(weapon_name(w) for w in model.weapons) if full
               else "/".join(SHORT.get(w, weapon_name(w)) for w in model.weapons))
    return (model.name, str(model.value), f"{model.hits_left}/{model.hits}", weapons,
            notes(model, placing=placing))


#: the room the Notes column is counted at, at the least, in choosing the weapons' whole
#: names: a model's notes come and go in play ("to place horse", "moving"), and a table
#: that fitted whole names with none swapped to the short words at the first marker
NOTES_ROOM = cell_len("to place horse")


def fits_whole(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int,
               scrollbar: int) -> bool:
    """Whether every cell of `rows` fits on one line in `room` columns, each column as wide
    as its widest cell, the Notes as NOTES_ROOM at the least (a column of padding either
    side of each, and the scroll bar)."""
    widths = [max([cell_len(heading), *(cell_len(row[i]) for row in rows),
                   NOTES_ROOM if heading == "Notes" else 0])
              for i, heading in enumerate(headings)]
    return sum(widths) + 2 * len(widths) + scrollbar <= room


def whole_rows(models: Sequence[Model], *, placing: bool = False,
               beside: Sequence[Model] = ()) -> list[tuple[str, str, str, str, str]]:
    """The rows of `models` with the weapons by their whole names, for a screen where they
    fit (the players' screen on a TV). Each column is as wide as in the rows of `models`
    and of `beside` (the other posse), the Notes as NOTES_ROOM at the least, the first
    row's cells padded to it: so that the table is chosen whole or short by the room as
    `fits_whole` chooses it (a marker coming or going never swaps its words), and both
    posses' tables are chosen alike. At 130 columns the Callahans read "Dual/Pistol/Fists"
    beside The Black Hats' whole names, and the key under the second, written for whole
    names, left "Derr." unexplained."""
    rows = [model_cells(m, placing=placing, full=True) for m in models]
    if not rows:
        return rows
    every = rows + [model_cells(m, placing=placing, full=True) for m in beside]
    widths = [max([cell_len(row[at]) for row in every]
                  + [NOTES_ROOM if heading == "Notes" else 0])
              for at, heading in enumerate(POSSE_COLUMNS)]
    name, value, hits, weapons, said = (cell + " " * (width - cell_len(cell))
                                        for cell, width in zip(rows[0], widths, strict=True))
    rows[0] = (name, value, hits, weapons, said)
    return rows


def roster(models: Sequence[Model]) -> list[Model]:
    """A posse's models as its table lists them: those still in the match first, then those
    out for good (dead, or given up: line 159), each in the order they were recruited. By the
    third game of a showdown the dead among the rest hid who was left to field."""
    return sorted(models, key=lambda m: m.status in (Status.DEAD, Status.SURRENDERED))


def out_of_it(model: Model) -> bool:
    """Down, dead or given up: drawn dim."""
    return model.status in (Status.DOWN, Status.DEAD, Status.SURRENDERED)


def posse_title(known: TableKnows, colour: Colour, *, kept: bool = False) -> str:
    """The title over a posse: its colour, name and player, then its counts; `kept` joins
    each count to its words with no-break spaces, for the screens that wrap it (a phone's
    page read "... 43/43 pts  8" and "models" alone on the row under it)."""
    counted = whole if kept else str
    posse = known.posse(colour)
    title = f"{colour.upper()}  {posse.title}" + (f" ({posse.player})" if posse.player else "")
    if known.format is Format.SHOWDOWN and known.phase is Phase.BUILDING:
        # the plunder is bought once, as the posse is built (line 130): once a game is set
        # up the points count nothing, and the dead's would seem to leave some to spend
        title += "  " + counted(f"{spent(posse.models)}/{budget(posse.models)} pts")
    # those out for good (dead, or given up) are counted apart from those still to field
    out = {status: sum(1 for m in posse.models if m.status is status and out_for_good(known, m))
           for status in (Status.DEAD, Status.SURRENDERED)}
    count = len(posse.models) - sum(out.values())
    if not posse.models:
        # nobody recruited: "0 models" over the headings of an empty table read as a count
        return title + "  " + counted("no models yet")
    title += "  " + counted(f"{count} model{'' if count == 1 else 's'}")
    for status, said in ((Status.DEAD, "dead"), (Status.SURRENDERED, "gave up")):
        if out[status]:
            title += ", " + counted(f"{out[status]} {said}")
    return title


def out_for_good(known: TableKnows, model: Model) -> bool:
    """Dead, or given up, and so out of the games to come: in a showdown for the rest of it
    (lines 153, 159); in single games only until the game is over, as each takes every model
    afresh. Between single games the gunman who gave up read "The Gunman 0 models, 1 gave
    up" and was gone from the Conflict tab, though the next game places him again."""
    if model.status not in (Status.DEAD, Status.SURRENDERED):
        return False
    return known.format is Format.SHOWDOWN or known.phase is not Phase.AFTER_GAME


def listed(known: TableKnows) -> list[Model]:
    """The models worth showing on the table: all but those out for good (dead, or given
    up; the Characters tab still lists them); whose move it is first, and of them, while
    the models are placed, those still to place (the next to place on top)."""
    models = [m for m in known.red.models + known.black.models if not out_for_good(known, m)]
    mover = known.turn.colour if known.turn else known.deploying
    if known.phase is Phase.DEPLOYING:
        return sorted(models, key=lambda m: (m.colour != mover, not to_place(known, m)))
    return sorted(models, key=lambda m: (m.colour != mover, not m.on_table))


def model_detail(model: Model) -> str:
    """A model's weapons in full, those lost this game, a horse killed, its status and
    markers: the name, each weapon's and the notes each kept whole (`whole`), so the line
    wraps between them ("Thrown" / "Tomahawks" read as two weapons)."""
    said = notes(model, full=True)
    carried = ", ".join(whole(weapon_name(w)) for w in model.weapons) or "no weapon"
    line = whole(model.name) + (f" ({whole(said)})" if said else "") + f": {carried}"
    lost = [whole(weapon_name(w)) for w in model.kit if w not in model.weapons]
    if lost and model.status is not Status.RESERVE:
        line += f" · lost: {', '.join(lost)}"
    if model.bought_horse and not model.horse and model.status is not Status.DEAD:
        # a Jack's kill lasts the showdown (lines 110, 153), unlike a weapon lost; the Notes
        # say no more "horse", as for one never bought
        line += " · " + whole("its horse is dead")
    return line


# -- the attack ----------------------------------------------------------------------------------


def card_lines(known: TableKnows) -> list[tuple[str, str, bool]]:
    """(card, what it would do, still to play) for each card of the attack under way; a card
    played already says what it did."""
    attack = known.attack
    if attack is None:
        return []
    attacker, target = known.find(attack.attacker), known.find(attack.target)
    if attacker is None or target is None:
        return []
    odds = Odds(attacker, target, attack.weapon, attack.yards)
    played = list(attack.outcomes)
    found: list[tuple[str, str, bool]] = []
    for code in attack.cards:
        done = next((outcome for outcome in played if outcome.card == code), None)
        if done is not None:
            played.remove(done)
            found.append((show(code), f"played: {told(done)}", False))
        else:
            found.append((show(code), foreseen(known, odds.outcome(code)), True))
    return found


def opened_on(state: MatchState) -> str:
    """What the result-card form says of who picks and of the card it opens on, the one the
    rules call best for the model choosing (`advice.best_card`, or `advice.second_card` for
    the target's second card): the card and what it would do, or that it opens on taking
    none; and where it passes over a Joker, that the Joker would hit the chooser as well
    (line 102)."""
    attack = state.attack
    if attack is None:
        return ""
    second = attack.awaiting_second
    card = second_card(state) if second else best_card(state)
    open_ = {code: says for code, (_, says, still)
             in zip(attack.cards, card_lines(table_knows(state)), strict=True) if still}
    # "it" is the model choosing, whom the form's title names ("Slim plays which card?"):
    # named again, the words took a second line at 80 columns, over a row of the table
    if card is None:
        said = "Its player picks; no card left serves it, so the list opens on none."
    else:
        said = (f"Its player picks; the list opens on {show(card)} ({open_[card]}), its "
                "best card.")
    if JOKER in open_ and card != JOKER:
        said += " A Joker would hit it as well."
    return said


def foreseen(known: TableKnows, outcome: Outcome) -> str:
    """What a card still to play would do; in a showdown, that those it lays down on a Joker
    are past saving (line 153), as a King says they are killed."""
    said = says(outcome)
    if known.format is Format.SHOWDOWN and outcome.down and rank(outcome.card) is None:
        return f"{said}, past saving in a showdown"
    return said


def attack_head(attack: Attack) -> str:
    """Who attacks whom, with what; a model renamed since with the name it has now."""
    attacker, target = ((f"{name} (now {now})" if now else name)
                        for name, now in ((attack.attacker, attack.attacker_now),
                                          (attack.target, attack.target_now)))
    return f"{attacker} attacks {target} with {weapon_name(attack.weapon)} at {attack.yards} yards"


def next_step(attack: Attack) -> str:
    """What the attack waits for."""
    if attack.awaiting_second:
        return f"{attack.target} may take a second card, or none."
    if attack.second_declined:
        return f"{attack.target} took no second card."
    if not attack.results:
        return "Play the result card" + ("." if attack.all_in else ", or go All In first.")
    return ""


def counted(attack: Attack) -> str:
    """How the attack's cards were counted, as the table reckoned them before drawing: the
    play sheet's column, the weapon's power and each modifier ("Long Shot range · Rifle 2
    +1 from behind = 3 cards"), and the card All In drew; "" for an attack whose count was
    not kept. The players' screen says it, so the table sees why so many cards lie there
    and that the target may take a second (lines 67-74)."""
    if not attack.power:
        return ""
    count = describe_count(CardCount(attack.power, attack.modifiers), attack.weapon)
    line = f"{attack.band} range · {count}" if attack.band else count
    if attack.all_in and len(attack.cards) > 1:
        line += f"; All In drew {show(attack.cards[-1])}"
    return line


def last_attack_lines(attack: Attack, *, reckoned: bool = False) -> list[str]:
    """The attack resolved last: its cards (with how they were counted, where `reckoned`),
    what each card played did, and its models put right since."""
    drawn = " ".join(show(code) for code in attack.cards)
    said = counted(attack) if reckoned else ""
    return [f"{attack_head(attack)}: {drawn}", *([said] if said else []),
            *(f"{show(o.card)} played: {told(o)}" for o in attack.outcomes),
            *([f"{attack.target} took no second card."] if attack.second_declined else []),
            *(f"Put right since: {mend.name} {mended(mend)}." for mend in attack.mended)]


def mended(mend: Mend) -> str:
    if mend.coffin is None:
        return f"has {mend.hits_left} {'hit' if mend.hits_left == 1 else 'hits'} left"
    if not mend.hits_left:
        return f"lies down on the {show(mend.coffin)}"
    if mend.turned is not None:
        return f"stands up again (the {show(mend.coffin)} was the {show(mend.turned)})"
    return f"stands up again off the {show(mend.coffin)}"


def attack_lines(known: TableKnows, advice: str = "", *, reckoned: bool = False) -> list[str]:
    """The attack under way, card by card (and `advice`, the Dealer's odds), or the last;
    `reckoned`, with how its cards were counted (the players' screen)."""
    attack = known.attack
    if attack is None:
        if known.last_attack is not None:
            return last_attack_lines(known.last_attack, reckoned=reckoned)
        return ["No attack under way."]
    said = counted(attack) if reckoned else ""
    found = [attack_head(attack), *([said] if said else [])]
    found += [f"{number}  {card:>3}  {what}"
              for number, (card, what, _) in enumerate(card_lines(known), start=1)]
    found += [line for line in (advice, next_step(attack)) if line]
    return found


def attack_title(known: TableKnows) -> str:
    return "The last attack" if known.attack is None and known.last_attack else "The attack"


# -- the sections ----------------------------------------------------------------------------------


def just_decided(known: TableKnows) -> bool:
    """The last attack is what was decided last: its result was played in the turn before
    this one and no model has been used since, or it ended the game (until a card is turned
    for the fallen, or the next game is set up). At 80x24 the players' screen showed the
    match and the first posse, and the shot that had just laid a model down, or won the
    game, lay below both posses, out of the table's sight."""
    last, turn = known.last_attack, known.turn
    if last is None or known.attack is not None:
        return False
    if known.phase in (Phase.AFTER_GAME, Phase.OVER):
        # a card turned for the fallen is newer news; those buried as the game ended are not
        return last.ended_game and all(draw.card is None for draw in known.draws)
    return (known.phase is Phase.PLAYING and turn is not None and turn.in_use is None
            and last.turn == turn.number - 1)


def drawn_for(draw: Draw) -> str:
    """A fallen model's draw as the table saw it turned over, in the log's words."""
    lying = f"{draw.name}, lying {on(draw.coffin)}"
    if draw.card is None:
        return f"{lying}, {past_saving(draw.coffin)}."
    said = fate(draw.coffin, draw.card)
    if draw.recovered or said == "pulls through":  # the journal's word stands
        said = "pulls through" if draw.recovered else "is stone dead"
    return f"{lying}, drew {show(draw.card)} and {said}."


def draws_section(known: TableKnows) -> list[Section]:
    """After a showdown game, the cards turned over for the fallen, each with what it
    decided: the posses' tables said only "dead on 9♣", never the card that sealed it."""
    if not known.draws or known.phase not in (Phase.AFTER_GAME, Phase.OVER):
        return []
    return [lines(f"The fallen of game {known.game}", *map(drawn_for, known.draws))]


def out_line(models: Sequence[Model]) -> str:
    """The dead (each on its coffin card) and those who gave up, in a line under their
    posse's table: "Dead: Quickdraw on 9♣, Strong Man on K♣. Gave up: Crouch."."""
    # each name whole where the line wraps: "Man with No" / "Hat" read as two at 40 columns
    dead = [whole(m.name + (f" on {show(m.coffin)}" if m.coffin else ""))
            for m in models if m.status is Status.DEAD]
    gave_up = [whole(m.name) for m in models if m.status is Status.SURRENDERED]
    return " ".join(f"{said}: {', '.join(names)}." for said, names
                    in (("Dead", dead), ("Gave up", gave_up)) if names)


def _sections(known: TableKnows, advice: str) -> list[Section]:
    """The match, the posses and the attack; an attack under way, or the last one just
    decided, comes straight after the match, so the cards on the table and what they did
    are in sight on a small screen (at 80x24 the posses filled it). Each says how its
    cards were counted. A posse's table has a row for each model still in the match; the
    dead and those who gave up are named in a line under it, and the key to both tables
    comes once, under the second: by a showdown's second game the players' screen at
    80x24 showed the first posse's dead and its key, and none of the second posse."""
    standing = {colour: [m for m in known.posse(colour).models if not out_for_good(known, m)]
                for colour in COLOURS}
    gone = {colour: [m for m in known.posse(colour).models if out_for_good(known, m)]
            for colour in COLOURS}
    fielded = standing['red'] + standing['black']
    # the key to the tables, under the second: none where neither posse has a table
    key = f"{key_line(fielded)}. {MARKERS}" if fielded else ""
    # where every row fits whole (a TV), the weapons by their names and a key without the
    # short words: at 200 columns the table read "Toma./Blade/Fists" with a hundred to spare
    wide_key = f"{key_line(fielded, weapons=False)}. {MARKERS}"
    placing = known.phase is Phase.DEPLOYING

    def note(colour: Colour, said: str) -> str:
        return "\n".join(part for part in (out_line(gone[colour]),
                                           said if colour == "black" else "") if part)

    def posse(colour: Colour) -> Section:
        title, said = posse_title(known, colour, kept=True), note(colour, key)
        if not standing[colour]:
            # nobody to field (none recruited yet, or all of them out for good): its title
            # and who is out, where a phone's page drew the headings of an empty table and
            # `show --print` "(none)" under them
            return lines(title, *(said.split("\n") if said else ()))
        return grid(title, POSSE_COLUMNS,
                    [model_cells(m, placing=placing) for m in standing[colour]],
                    note=said,
                    wide=whole_rows(standing[colour], placing=placing,
                                    beside=standing[other(colour)]),
                    wide_note=note(colour, wide_key))

    posses = [posse(colour) for colour in COLOURS]
    attack = lines(attack_title(known), *attack_lines(known, advice, reckoned=True))
    under_way = known.attack is not None or just_decided(known)
    now: list[Section] = [lines("The match", *match_lines(known)),
                          *([attack] if under_way else []), *draws_section(known)]
    # the notes told to the table come next on the players' screen, above the posses: under
    # them they were some hundred rows down a phone (round 20)
    now[-1] = replace(now[-1], notes_after=True)
    return [*now, *posses] if under_way else [*now, *posses, attack]


def dealer_sections(state: MatchState) -> list[Section]:
    """The match, both posses and the attack, with the odds of All In."""
    return _sections(table_knows(state), all_in_advice(state))


def table_sections(known: TableKnows) -> list[Section]:
    """What the players' screen shows: the same, without the odds counted from the pile."""
    return _sections(known, "")


# -- the cards typed from the table --------------------------------------------------------------


def typed_cards(text: str, blank: str, wanted: int | None = None,
                refused: Callable[[Sequence[str]], str | None] | None = None,
                drawn: str = "this attack draws", rest_dealt: bool = False) -> str:
    """What a form's card field holds, said under the form as it is typed: `blank` while it
    is empty (the app will draw), else the cards read (counted against the `wanted` the step
    `drawn` turns over, when it is short or over, and where `rest_dealt` that the app deals
    the rest when short; and why the step would refuse them, `refused` given the codes), or
    how a card is written."""
    try:
        cards = parse_cards(text)
    except ValueError as error:
        return str(error)
    if not cards:
        return blank
    read = "Turned over: " + " ".join(map(str, cards))
    # an attack may draw a single card (a rifle at a target in cover: 2 - 1)
    draws = f"the card {drawn}" if wanted == 1 else f"the {wanted} cards {drawn}"
    if wanted is None or len(cards) == wanted:
        said = read + "."
    elif len(cards) < wanted:
        short = wanted - len(cards)
        rest = (f"; the app deals the other{'' if short == 1 else f' {short}'}"
                if rest_dealt else "")
        said = read + f": {len(cards)} of {draws}{rest}."
    else:
        said = read + f": {len(cards) - wanted} more than {draws}."
    why = refused([card.code for card in cards]) if refused else None
    return said if why is None else f"{said} {why[:1].upper()}{why[1:]}."


def recovery_line(state: MatchState, name: str, text: str,
                  earlier: Sequence[tuple[str, str]] = ()) -> str:
    """The draw for `name` as the form for the fallen is filled: left blank, the app draws;
    a card typed, what it does (the words of the journal's line), or why the pack cannot
    give it (a coffin card, or one typed for a model before, of the (name, code) pairs
    `earlier`); lying on a King or a Joker, stone dead with no card drawn."""
    model = state.find(name)
    if model is None or model.coffin is None:
        return ""
    lying = f"{model.name}, lying {on(model.coffin)}"
    if doomed(model.coffin):
        return f"{lying}, {past_saving(model.coffin)}."
    try:
        cards = parse_cards(text)
    except ValueError as error:
        return f"{model.name}: {error}"
    if not cards:
        return f"{lying}: left blank, the app draws."
    if len(cards) != 1:
        return f"{model.name}: one card each, not {len(cards)}"
    refused = recovery_card_refused(state, cards[0].code, earlier)
    if refused is not None:
        return f"{model.name}: {refused}."
    return f"{lying}, draws {cards[0]} and {fate(model.coffin, cards[0].code)}."


def fallen_lines(state: MatchState, typed: Mapping[str, str]) -> list[str]:
    """A line for each model lying on its coffin card, as the form for the fallen is filled:
    `typed` holds the text of each card field by the model's name. Those a card may save
    come first, in the order of their fields, then those past saving."""
    down = [m for m in state.models() if m.status is Status.DOWN and m.coffin is not None]
    down.sort(key=lambda m: doomed(m.coffin or ""))
    lines: list[str] = []
    earlier: list[tuple[str, str]] = []
    for model in down:
        text = typed.get(model.name, "")
        lines.append(recovery_line(state, model.name, text, earlier))
        try:
            cards = parse_cards(text)
        except ValueError:
            continue
        if len(cards) == 1 and not doomed(model.coffin or ""):
            earlier.append((model.name, cards[0].code))
    return lines


# -- the names and the notes ---------------------------------------------------------------------


def names(state: MatchState) -> list[str]:
    """Every model of both posses, red first, as recruited (the dead too): what the note
    form completes and the log's filter offers."""
    return [model.name for model in state.models()]


def names_of(state: MatchState, name: str) -> tuple[str, ...]:
    """Every name the model called `name` went by, now or before an Edit renamed it: the
    log's filter (`log --who`) finds its steps under any."""
    return state.names_of(name)


# -- the recap's words ---------------------------------------------------------------------------


def table_tells(event: Event, known: TableKnows | None = None, *,
                away: bool = False) -> str | None:
    """Both players see every step; the passing of the turn and the placing of each model
    (the cast lists them) are left out of the story. What the Dealer did before the first
    session, or between sessions (`away`, where the recap says so), with no table sat down
    (`known`: the table's knowledge as the stretch ends), is his preparation: the table is
    told its outcome, never his drafts (`prepared`)."""
    try:
        payload = KINDS.read(event)
    except PayloadError:
        return None
    if isinstance(payload, TurnEnded | ModelDeployed):
        return None
    if (away or event.session == 0) and known is not None \
            and isinstance(payload, _BUILDING):
        return prepared(payload, known, event.seq)
    return RULES.describe(event)


def prepared(payload: object, known: TableKnows, seq: int = 0) -> str | None:
    """A step of the posses built at home, as the table is told it: the format, scenario and
    posse's name only where they are what the table sat down to (one tried and changed is
    not told); a model only where it is still in its posse by that name, told as recruited
    with its plunder as it stood then (no model dropped, no first name, no plunder changed
    on the way); a model put right or dismissed at home is not told. A model is told at
    the step `seq` that gave it the name it bears, once: a name used twice at home (Kid
    renamed Ace and another Kid recruited, or Kid dropped and recruited again) is not told
    at its first use. Between sessions, a model the table sat down to (`seen_as`) is told
    as the table knew it: dismissed, that it left; put right or renamed, once, at its last
    change ("Bowman, now Longbow, put right: ..."); a match begun at home is told."""
    if isinstance(payload, FormatChosen):
        return model_words.format_chosen(payload) if payload.format is known.format else None
    if isinstance(payload, ScenarioLoaded):
        return (model_words.scenario_loaded(payload) if payload.scenario == known.scenario
                else None)
    if isinstance(payload, PosseNamed):
        posse = known.red if payload.colour == "red" else known.black
        named = known.named_since[0 if payload.colour == "red" else 1]
        if named and seq:  # told where first named, by the name the table sits down to
            return (model_words.posse_named(replace(payload, name=posse.name,
                                                    player=posse.player))
                    if seq == named and posse.name else None)
        return (model_words.posse_named(payload)
                if (posse.name, posse.player) == (payload.name, payload.player) else None)
    if isinstance(payload, MatchStarted):  # begun at home: the match the table sits down to
        return model_words.match_started(payload) if payload.match == known.match else None
    if isinstance(payload, ModelDismissed):
        # one the table sat down to, dropped at home: it left, by the name the table knew
        return (model_words.model_dismissed(replace(payload, name=payload.seen_as))
                if payload.seen_as else None)
    if not isinstance(payload, ModelRecruited | ModelEdited):
        return None
    name = payload.name if isinstance(payload, ModelRecruited) else payload.new_name
    posse = known.red if payload.colour == "red" else known.black
    model = next((m for m in posse.models if m.name == name), None)
    first = next((m for m in posse.models if m.recruited_at == seq), None) if seq else None
    where_recruited = (isinstance(payload, ModelRecruited) and first is not None
                       and not first.seen_as)
    if where_recruited:
        # renamed at home or not, told where it was recruited, by the name it bears, so
        # each posse is told in the order its models stand (a rename told last read
        # "... Billy joins the black posse. Virgil joins the red posse")
        model = first
    elif isinstance(payload, ModelEdited) and model is not None and not model.seen_as \
            and model.recruited_at:
        return None  # told where it was recruited
    if model is None or model.recruited is None:
        return None
    if isinstance(payload, ModelEdited) and model.seen_as:
        # one the table sat down to, put right at home: told once, at its last change, from
        # the name the table knew it by ("Bowman, now Longbow, put right: ...")
        if model.changed_at != seq or (model.seen_as == model.name and not payload.plunder):
            return None  # between games only a name changes: renamed back, nothing did
        return model_words.model_edited(replace(payload, name=model.seen_as))
    if isinstance(payload, ModelEdited) and payload.new_name == payload.name:
        return None
    if not where_recruited and model.named_at not in (0, seq):
        return None
    had = model.recruited
    return model_words.model_recruited(ModelRecruited(
        model.colour, model.name, had.value, had.hits, had.kit, model.civilian, had.horse))


_BUILDING = (FormatChosen, PosseNamed, ModelRecruited, ModelDismissed, ModelEdited,
             ScenarioLoaded, MatchStarted)
_ATTACK = (AttackDrawn, WentAllIn, ResultPlayed, SecondResultDeclined)


def episode(event: Event) -> str | None:
    """The posses built, a game set up, each model's use (its move, then its attack, the
    cards and what they did: one paragraph, "Big Jim's turn."), a model put right once the
    posses are built, the end of a game. The move was a paragraph of its own, headed by
    nothing, before the attack's ("Big Jim stands still." then "Big Jim against Deacon."),
    and two models' moves without an attack ran together in one. The passing of the turn
    (told in the Dealer's copy alone) ends the paragraph of the use it follows."""
    try:
        payload = KINDS.read(event)
    except PayloadError:
        return None
    if isinstance(payload, ModelEdited) and not payload.plunder:
        return "Put right."
    if isinstance(payload, _BUILDING):
        return "The posses."
    if isinstance(payload, GameSetUp | ModelDeployed):
        return "A game is set up."
    if isinstance(payload, ModelUsed):
        return f"{payload.name}'s turn."
    if isinstance(payload, TurnEnded):  # the Dealer's copy tells it, after the turn's use
        return SAME_EPISODE
    if isinstance(payload, _ATTACK) and payload.attacker:
        return f"{payload.attacker}'s turn."
    if isinstance(payload, GameWon | GameAbandoned | ShowdownWon | RecoveryDrawn | ModelBuried):
        return "After the game."
    return None


def table_cast(known: TableKnows, *, before: TableKnows | None = None) -> list[str]:
    """Each posse's models as the session ends: those still in it, then the dead and those
    who gave up, apart, for they take no part in the games that follow. Where a new match
    began in the session, the posses of the match it ended come first, as that match left
    them (as they were when the session began, `before`, in a journal that did not keep
    them): they played it too. Told as the session began, a model killed in it was listed
    among the living."""
    if before is None or before.match >= known.match:
        return posse_cast(known)
    ended = next((record for record in known.past if record.number == before.match), None)
    if ended is not None and ended.red is not None and ended.black is not None:
        before = replace(before, red=ended.red, black=ended.black)
    return [*posse_cast(before, "Earlier this session, "), *posse_cast(known)]


def posse_cast(known: TableKnows, lead: str = "") -> list[str]:
    cast: list[str] = []
    for colour in COLOURS:
        models = known.posse(colour).models
        if not models:
            continue
        # between single games, those who gave up or died in the last are in the next
        parts = [", ".join(m.name for m in models if not out_for_good(known, m))]
        for status, said in ((Status.DEAD, "dead"), (Status.SURRENDERED, "gave up")):
            out = [m.name for m in models if m.status is status and out_for_good(known, m)]
            if out:
                parts.append(f"{said}: {', '.join(out)}")
        player = known.posse(colour).player
        cast.append(f"{lead}{known.posse(colour).title} ({colour}"
                    f"{', ' + player if player else ''}): "
                    + "; ".join(part for part in parts if part))
    return cast


def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """Where the match stands, for a session that takes it up or leaves it: a game under
    way, or the score between games and the fallen still to draw for; a showdown won is
    told as taken up, but nothing of it goes on; None while the posses are built."""
    carried = going_on(known)
    if carried is not None:
        return carried
    score = match_score(known.games, known.red.player, known.black.player)
    scenario = SCENARIOS.get(known.scenario or "")
    title = (the_showdown(known.past) if known.format is Format.SHOWDOWN
             else f'"{scenario.title}"' if scenario else "single games")
    if known.phase is Phase.OVER:
        champion = known.champion
        assert champion is not None  # the showdown is over: somebody won it
        won = side(known.posse(champion).title, champion, known.champion_player)
        return None if leaving else f"{title}, won by {won}: {score}"
    if known.phase is not Phase.AFTER_GAME:
        return None
    down = [m for m in known.red.models + known.black.models if m.status is Status.DOWN]
    saved, past = the_fallen(down) if known.format is Format.SHOWDOWN else ([], [])
    # each list a sentence's, set apart from the score by semicolons: with commas alone
    # the table could not tell where one list ended and the next began
    to_do = [f"{in_words(m.name for m in models)} still to {step}"
             for models, step in ((saved, "draw for"), (past, "bury")) if models]
    if unwon(known):  # nothing of it goes on: the totals say it ended
        if leaving:
            return None
        to_do.append("neither posse with anybody left to field, so nobody wins it")
    return f"{title} at {score} after game {known.game}{''.join('; ' + s for s in to_do)}"


def unwon(known: TableKnows) -> bool:
    """The showdown ended with neither posse able to field anybody."""
    return neither_fields(known.format, known.phase, known.red.models + known.black.models)


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    """Games won, and what became of the models: the dead, who gave up, who grew tougher.
    A showdown won is the story's to tell (its `ShowdownWon`), once."""
    found: list[str] = []
    # each posse by the name it won under (a new match may give its colour another posse),
    # counted over the campaign: a new match begun in the session starts its own tally
    winners = [record.posse for record in after.every_game()[len(before.every_game()):]
               if record.winner is not None]
    for posse in dict.fromkeys(winners):
        won = winners.count(posse)
        found.append(f"{posse} won {plural(won, 'game')} "
                     f"({after.posse_wins(posse)} in all)")
    for player in after.players():  # they may have swapped sides (lines 11, 261)
        won = after.player_wins(player) - before.player_wins(player)
        if won:
            found.append(f"{player} won {plural(won, 'game')} "
                         f"({after.player_wins(player)} in all)")
    # a showdown won in the session is told once, by the story's line of it (its reason
    # too), not again here under the posse's name
    if unwon(after) and not unwon(before):
        found.append("Neither posse has anybody left to field: nobody won the showdown")
    # a new match begun is the story's to tell too ("Match 2 begins: ..."), once
    for start, end, showdown in stretches(before, after):
        found += changes(start, end, showdown=showdown)
    return found


def stretches(before: TableKnows, after: TableKnows
              ) -> list[tuple[Callable[[Model], Model | None], Sequence[Model], bool]]:
    """The posses' stretches of one match each over the session: how to find each model as
    the stretch began, the models as it ended, and whether the match was a showdown (whose
    losses last from game to game). Within one match, from `before` to `after`; a model
    recruited in the session, before the match's first game, from itself as recruited (the
    new leader a Dealer put in for another was left out of the totals). Across a new match,
    the match under way as the session began up to its end (as its record keeps the
    posses), then each match begun since, from its models as they were recruited. A new
    match with the same posses read, against the session's start, as every survivor's gain
    taken back ("Stubby: value 7 to 8, 2 to 1 hits"), and the deaths of the match it ended
    were lost."""
    if after.match == before.match:
        # while the posses were still built as the session began, every model then was as
        # recruited, and so is one recruited since
        building = before.phase is Phase.BUILDING

        def start(model: Model) -> Model | None:
            was = before.find(model.name)
            return was if was is not None or not building else as_recruited(model)

        return [(start, after.red.models + after.black.models,
                 after.format is Format.SHOWDOWN)]
    found: list[tuple[Callable[[Model], Model | None], Sequence[Model], bool]] = []
    for record in after.past:
        if record.number < before.match or record.red is None or record.black is None:
            continue
        ended = record.red.models + record.black.models
        found.append(((lambda m: before.find(m.name)) if record.number == before.match
                      else as_recruited, ended, record.format is Format.SHOWDOWN))
    found.append((as_recruited, after.red.models + after.black.models,
                  after.format is Format.SHOWDOWN))
    return found


def as_recruited(model: Model) -> Model | None:
    """A model as its match began: its value and hits as recruited, in the match (None for
    a model made otherwise)."""
    start = model.recruited
    if start is None:
        return None
    return replace(model, value=start.value, hits=start.hits, kit=start.kit,
                   horse=start.horse, status=Status.RESERVE)


def changes(start: Callable[[Model], Model | None], models: Sequence[Model], *,
            showdown: bool = False) -> list[str]:
    """What became of each of `models` since `start` found it: died, gave up, or a value
    and hits changed; in a showdown, what it lost for the games left too (Derringers or
    Tomahawks spent on a low number, line 106; a horse a Jack killed, line 110). Single
    games start every model afresh, so nothing is lost for good there: a model that gave up
    is out of that game only, which the story tells, and the next game places it again
    (Defend the Wagon!'s recap listed ten who "gave up" between games, none of them lost)."""
    found: list[str] = []
    for model in models:
        was = start(model)
        if was is None:
            continue
        if model.status is Status.DEAD and was.status is not Status.DEAD:
            found.append(f"{model.name} died")
            continue
        if model.status is Status.SURRENDERED and was.status is not Status.SURRENDERED:
            if showdown:
                found.append(f"{model.name} gave up")
            continue
        if (model.value, model.hits) != (was.value, was.hits):
            found.append(f"{model.name}: value {was.value} to {model.value}, "
                         f"{was.hits} to {model.hits} hits")
        if showdown and model.status is not Status.DEAD:
            found += [f"{model.name}: {weapon_name(w)} "
                      f"{'spent for good' if weapon_of(w).runs_out else 'gone'}"
                      for w in was.kit if w not in model.kit]
            if was.horse and not model.horse:
                found.append(f"{model.name}: horse lost")
    return found


def dealer_totals(before: MatchState, after: MatchState) -> list[str]:
    """Nothing is hidden from the table that the totals would tell."""
    return table_totals(table_knows(before), table_knows(after))


def scenario_loaded_notice(state: MatchState) -> str:
    """What the notice of a scenario loaded says: which, the posses it brought, and the way
    back. Loading one said nothing, and the last notice stood ("Dismissed: Big Oaf leaves
    The Oaf (red). Undo brings Big Oaf back", when undo now took back the scenario)."""
    loaded = SCENARIOS.get(state.scenario or "")
    title = loaded.title if loaded is not None else "A scenario"
    sides = in_words(f"{side(p.name, p.colour, p.player)} with {plural(len(p.models), 'model')}"
                     for p in (state.posse(c) for c in COLOURS))
    return f"{title}: {sides}. Undo puts back the posses as they were."

