"""What Dust's tabs show, and what the thread may see.

The moderator's views take the whole state: the players with their roles, sides and items,
the items and the locations, the day's votes or the night's choices, the night's resolution
(`night_page`). The table's views take only `TableKnows`, made by `table_knows`: the living
and the dead (roles only as flipped on death), the day's votes, the places open tonight and
the newest post. Never a living player's role, side, items or night action, nor the night's
result before its post. A player's private page (`player_knows`, `player_sections`) adds to
what the table knows that player's own role, items and the messages sent to him, and by
night what he sent for it as the moderator has it (or that he owes it), and nothing of
another's; but the Scum's kill, which a living Scum's page shows as decided (or that it is
not chosen yet): the book has Guilt decide it for the Scum (line 98) and says nothing of
whether the others hear it, and a table reads the kill as the Scum's together, as in forum
Mafia, where the moderator would otherwise pass it to each of them by hand.

The table's screen puts first what is asked of the table now, as a laptop's 80x24 shows
only its top: by day the votes, then the newest post; by night the newest post (the lynch
and its flip at twilight), then the places open for the night's actions; then the roster,
the places by day, and the thread's earlier posts. The recap tells the dead in the order
they fell (`Player.fell`), and says how many live where it says where the game stands.

A place emptied in the night is off the next day's list of open places (book lines 26 and
197), with no word of why: a place closed on its night leaves it the same way. So the taker
of its last item, who may tell the thread that it is empty or keep quiet (line 183), keeps
to himself what the list does not say: that it was emptied, that he emptied it, and with
what.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gmscreen.core.text import plural, sentence
from gmscreen.games.dust import events as e
from gmscreen.games.dust.checks import day_powers
from gmscreen.games.dust.log import deadline_line
from gmscreen.games.dust.night import resolve_night
from gmscreen.games.dust.night_rules import not_sent
from gmscreen.games.dust.powers import RoleDef, in_short, power_card, without_rules
from gmscreen.games.dust.sessions import stands
from gmscreen.games.dust.state import (
    DustState,
    Location,
    Message,
    Player,
    Post,
    Step,
    choice_text,
    voted_words,
)

# F1 and the forms tell the words as the campaign has them (`gmscreen.games.words_in`)
from gmscreen.games.dust.words import campaign_words as campaign_words
from gmscreen.journal.clocks import Face
from gmscreen.journal.events import Event
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.recap import SAME_EPISODE
from gmscreen.journal.sections import Grid, Lines, Section, grid, lines, whole

# -- the moderator's views ----------------------------------------------------------------------


def status_lines(state: DustState, *, kept: bool = False) -> tuple[str, ...]:
    """Where the game stands, in a line or two: the console's head. `kept`: its lists'
    names each kept whole (`whole`) where a screen wraps the line, so it breaks between
    names only ("Little Orphan" ended a line and "Annie" began the next, two names at a
    glance); not in the text of a replay or a recap."""
    name = whole if kept else str
    if state.phase == "setup":
        return ("Setting up: add players, then start Day 1.", *opening_line(state))
    if state.phase == "over":
        return (state.result,)
    alive = len(state.living)
    if state.phase == "day":
        silent = [name(p.name) for p in state.living if p.name not in dict(state.votes)]
        # their keys (p, d) are named once, on the Keys line under the head
        ready = day_powers(state)
        power = (f"  {plural(len(ready), 'day power')} ready."
                 if ready else "")
        # a gift changes nothing the board shows: named here, or the Dealer cannot tell it
        # was done
        given = "; ".join(f"{giver} gave {receiver} the {item}"
                          for giver, item, receiver in state.gifts)
        deadline = ""
        if state.deadline:
            # short, or the head line wraps at 80 columns
            deadline = ("  Deadline reached: e." if state.deadline_gone >= state.deadline
                        else f"  Deadline {state.deadline_gone}/{state.deadline}.")
        # the lit church has a line of its own: beside the day's count, a power ready and a
        # deadline it ran past 80 columns and wrapped mid-phrase. The day's head without it
        # is at most 78, what it has at 80:
        # "Day 12: 15 alive, 8 votes lynch.  2 day powers ready.  Deadline reached: e."
        return (f"Day {state.number}: {alive} alive, {state.majority} votes lynch.{power}"
                f"{deadline}",
                *(["The church is LIT tonight."] if state.lit else []),
                not_voting(silent, cast=bool(state.votes)),
                *([f"Given today: {sentence(given)}"] if given else []))
    if any(step.night == state.number for step in state.steps):
        # only a replay stops here (`gmscreen replay --to`, `r` in the Encounter Log): a
        # night's resolution is one step, its events the night's story, deaths and finds
        # in turn, the next day's post last; "Nothing sent yet" read as a night still open
        return (f"Night {state.number}, part way through its resolution: {alive} alive so "
                f"far.", f"The resolution is one step; the Day {state.number + 1} post ends "
                f"it.")
    kill = state.kill
    chosen = (f"Scum kill: {kill.target}, carried out by {kill.killer} ({kill.by} chose)"
              if kill else "Scum kill: not chosen")
    waiting = [name(waits) for waits in not_sent(state)]
    # the kill has a line of its own: after the count, names as long as the sample's ran
    # past 80 columns and wrapped mid-phrase; the lit church fits beside the count
    lit = "  The church is LIT tonight." if state.lit else ""
    return (f"Night {state.number} (twilight): {alive} alive.{lit}", f"{chosen}.",
            # none sent yet: counted, not every name over the board's own rows (at 80x24
            # the fifteen names took three lines, and the board's last row was off the tab)
            f"Nothing sent yet: all {len(waiting)}." if len(waiting) == alive else
            # every one in: "Nothing sent yet (0): nobody" read as a count gone wrong
            f"Nothing sent yet ({len(waiting)}): {', '.join(waiting)}" if waiting else
            f"All {alive} have sent their night: ready to resolve.")


def opening_line(state: DustState) -> tuple[str, ...]:
    """Before Day 1, the moderator's own opening, where he wrote one: Day 1's post opens
    with it (none written: nothing said, as before the opening was kept)."""
    if state.phase != "setup" or not state.opening:
        return ()
    count = len(state.opening)
    return (f"Your opening heads Day 1's post ({count} paragraph{'' if count == 1 else 's'}; "
            f"i on the Characters tab puts it right): {state.opening[0]}",)


def not_voting(silent: Sequence[str], *, cast: bool) -> str:
    """Who has not voted; before any vote, that none has, and how many may, not every name
    (the day's fifteen names took three lines at 80x24 over a board with nothing on it)."""
    if not cast:
        return f"Not voting: all {len(silent)}."
    return f"Not voting ({len(silent)}): {', '.join(silent) or 'nobody'}"


def set_up_guide(state: DustState) -> list[Lines]:
    """Before any player joins, what the Characters tab asks for first and what comes
    after, for a Dealer who has read the book but never this screen; nothing once the
    game has players or has begun."""
    if state.phase != "setup" or state.players:
        return []
    if not state.roles:
        return [lines("A new game",
                      "b puts in the book's roles, items and locations (its choices: how "
                      "Guilt reads, the Veteran's own win); l adds a location of your own.",
                      "Then p adds each player with his role and the item he starts with, "
                      "and s posts Day 1, sending each player his role.")]
    counts = (f"{len(state.roles)} roles, {len(state.items)} items and "
              f"{len(state.locations)} locations")
    return [lines("Ready for the players",
                  f"The {counts} are in: o shows them, e edits a power.",
                  "p adds each player with his role and the item he starts with. The book's "
                  "table is fifteen: one of each role, but three Vanilla Town, who start "
                  "with the Alcohol, the Crowbar and the Crucifix; the form offers its next "
                  "seat, so a name and Enter fill it. A smaller table leaves out the seats "
                  "you choose (Day 1 needs a Scum, and the Scum outnumbered).",
                  "Once all are in, d deals the roles among them at random (as added they "
                  "follow the book's order, which the players' screen would give away); "
                  "then s posts Day 1.")]


#: the heads of a death as the moderator's text tells it (`evolve`), each with its short
#: form: the how, then the when
_DEATHS = (("lynched on ", "lynched "), ("killed in ", "killed "),
           ("removed by the moderator on ", "removed "))


def death_cell(death: str) -> str:
    """A dead player's cell in a list, the how and the when first and short ("killed Night
    1: the Scum's night kill ..."), the cause after: at 80 columns the cell is cut to
    fifteen letters, and "killed in Night 1: ..." read "killed in Nigh…", the night lost."""
    return next((short + death.removeprefix(head) for head, short in _DEATHS
                 if death.startswith(head)), death)


#: the cells a dead player's status keeps in the Characters list while the items can give
#: room: "killed Night 1" and the ellipsis after it
STATUS_KEPT = 15

#: a seated player's status before Day 1: "alive" read as if the game ran
JOINED = "joined"

#: a list's cell with nothing in it (no items, no powers): a "-" read as a cell not filled in
NONE_HELD = "none"


def players_grid(state: DustState) -> Grid:
    rows = []
    for p in state.players:
        role = state.role(p.role)
        side = role.alignment.upper() if role else "?"
        status = (JOINED if state.phase == "setup" else
                  "alive" + (", vouched" if p.vouched else "")) if p.alive else death_cell(
            p.death)
        items = ", ".join(state.held_names(p))
        rows.append((p.name, p.role, side, items or NONE_HELD, status))
    # a death's cause or a long hand, whole in the player's sheet, is cut short at 80
    # columns: wrapped, one dead player's cause took the whole roster. The status keeps its
    # how and its when ("killed Night 1…") while the items can give room: beside a name
    # of thirty letters it read "killed Ni…"
    return grid("Players", ("Player", "Role", "Side", "Items", "Status"), rows,
                shortened=("Items", "Status"), least={"Status": STATUS_KEPT})


def roles_grid(state: DustState) -> Grid:
    """The roles, each with its side, its powers and the players seated in it (none yet:
    blank), so the set-up shows which of the book's roles are still to be given."""
    rows = [(role.name, role.alignment.upper(),
             ", ".join(f"{p.name} ({p.timing})" for p in role.powers) or NONE_HELD,
             ", ".join(p.name for p in state.players if p.role == role.name))
            for role in state.roles]
    return grid("Roles", ("Role", "Side", "Powers", "Player"), rows,
                note="Powers: each with when it is used. Player: who is seated in the role.")


def role_sheet(state: DustState, name: str) -> list[Lines]:
    """A role as its players are told it: what it is, its false claim, each power whole."""
    role = state.role(name)
    if role is None:
        return []
    return [Lines(f"{role.name} ({role.alignment.upper()})", tuple(role_lines(role)))]


def role_lines(role: RoleDef, player: Player | None = None) -> list[str]:
    """A role's lines on a sheet: our powers marked where the book names the role only,
    what it is, its false claim, each power whole (with `player`'s uses left)."""
    body = ["[default powers: the book names the role only]"] if role.default_powers else []
    body += [role.said] if role.text else []
    body += [f"False claim offered: the {sentence(role.claim)}"] if role.claim else []
    return body + [f"- {power_card(power, player.times_used(power.name) if player else None)}"
                   for power in role.powers]


def items_grid(state: DustState) -> Grid:
    rows = [(item.name, item.uses, "yes" if item.tradeable else "no",
             ", ".join(f"{p.name} ({p.timing})" for p in item.powers) or NONE_HELD)
            for item in state.items]
    return grid("Items", ("Item", "Uses", "Gift", "Powers"), rows,
                note="Uses: how many a copy holds. Gift: whether it can be given away. "
                     "Powers: each with when it is used (passive: always at work).")


def _nights(loc: Location) -> str:
    """The nights a location can be searched ("1-2", "3+")."""
    return f"{loc.opens}-{loc.closes - 1}" if loc.closes else f"{loc.opens}+"


def _open_now(state: DustState, loc: Location) -> bool:
    """Whether `loc` is open tonight, or the coming night (by day, and before Day 1)."""
    return state.phase != "over" and loc.is_open(state.coming_night)


def places_grid(state: DustState) -> Grid:
    rows = []
    for loc in state.locations:
        rows.append((loc.name, _nights(loc), "yes" if _open_now(state, loc) else "no",
                     ", ".join(loc.entries) or "empty"))
    return grid("Locations", ("Location", "Nights", "Open", "Left (in order)"), rows,
                note="Nights: the nights it can be searched. Open: tonight, or the coming "
                     "night (by day, and before Day 1).")


def votes_grid(state: DustState) -> Grid:
    """Today's wagons, the most votes first, each with its voters in the order they voted."""
    # each voter kept whole: the kit's cells wrap at plain spaces only ("Reverend" / "Ike"
    # over two rows of a wagon of seven at 80x24)
    rows = [(voted_words(target), f"{len(voters)}/{state.majority}",
             ", ".join(map(whole, voters)))
            for target, voters in sorted(state.tally().items(), key=lambda kv: -len(kv[1]))]
    # an empty board says so under its heading, or it read as a list not drawn yet
    return grid("Votes", ("Votes for", "Count", "Voters"), rows,
                note="Count: votes, and the majority to lynch. Enter on a wagon opens a vote "
                     "for it." if rows else f"No vote cast yet on Day {state.number} (v casts "
                     "one).")


def wagon_of(state: DustState, shown: str) -> str:
    """Whom the board's wagon shown as `shown` votes for ("" if no wagon is shown so)."""
    return next((target for target in state.tally() if voted_words(target) == shown), "")


def tonight(state: DustState, name: str) -> str:
    """What `name` does tonight, the Scum's kill included (it is his whole night)."""
    kill = state.kill
    if kill is not None and kill.killer == name:
        return f"carries out the Scum's kill on {kill.target}"
    if kill is not None and kill.by == name and state.choice(name) is None:
        # he has sent the kill, and nothing else
        return "chose the Scum's kill; stays in the church"
    return choice_text(state.choice(name))


def night_grid(state: DustState) -> Grid:
    return grid("Tonight", ("Player", "Tonight"),
                [(p.name, tonight(state, p.name)) for p in state.living])


def board_grid(state: DustState) -> Grid:
    """The console's board: today's votes by day, tonight's choices by night."""
    if state.phase == "day":
        return votes_grid(state)
    if state.phase == "night":
        return night_grid(state)
    if state.phase == "over":
        # the board has nothing more to hold: what is left to do, under the result
        return Grid("", (), (), note="The game's last post, every role flipped, is on the "
                                     "Posts tab (l there copies it for the thread).")
    return Grid("", (), ())


def roster_grid(state: DustState) -> Grid:
    """Who holds what and votes whom: the console's side table. By day its last column is
    each living player's vote; by night, before Day 1 and once the game is over no vote is
    cast, and it is his status ("Vote, or death" headed a column of blanks all night)."""
    votes = dict(state.votes)
    day = state.phase == "day"
    living = "alive" if state.phase != "setup" else JOINED
    rows = []
    for p in state.players:
        role = state.role(p.role)
        rows.append((p.name, p.role, role.alignment.upper() if role else "?",
                     ", ".join(state.held_names(p)) or NONE_HELD,
                     death_cell(p.death) if not p.alive else
                     voted_words(votes.get(p.name, "")) if day else living))
    return grid("Roster", ("Player", "Role", "Side", "Items",
                           "Vote, or death" if day else "Status"), rows)


def places_now(state: DustState) -> tuple[str, ...]:
    """The places open tonight, with the next finds of each (the moderator's); none once
    the game is over, when no night comes."""
    if state.phase == "over":
        return ("No night comes: the game is over.",)
    night = state.coming_night
    found = [f"Open on night {night}{' (the church is lit)' if state.lit else ''}:"]
    for loc in state.open_locations(night):
        left = loc.items_left
        found.append(f"  {loc.name}: next {', '.join(loc.entries[:3]) or 'nothing'}"
                     f"{' ...' if len(loc.entries) > 3 else ''} "
                     f"({left} item{'' if left == 1 else 's'})")
    if len(found) == 1:
        found.append("  nowhere")
    return tuple(found)


def last_post(state: DustState) -> Lines:
    last = state.posts[-1] if state.posts else None
    if last is None:
        return lines("Last post", "Nothing posted yet.")
    return Lines(f"Last post: {last.title}", last.lines)


def player_sheet(state: DustState, name: str) -> list[Lines]:
    """A player's whole sheet: role and side, powers with the uses left, items, how he died,
    and everything he has been told, the newest first."""
    player = state.player(name)
    if player is None:
        return []
    role = state.role(player.role)
    head = f"{player.name}: {player.role}"
    body: list[str] = []
    if role is not None:
        head += f" ({role.alignment.upper()})"
        body += role_lines(role, player)
    if not player.alive:
        body.append(f"Dead: {sentence(player.death)}")
    for label, held, count in state.held_alike(player):
        item = state.item(held.item)
        alike = f" ×{count}" if count > 1 else ""
        body.append(f"* {label}{alike}: {item.text if item else '?'}")
    sheet = [Lines(head, tuple(body))]
    told = [m for m in state.messages if m.player == player.name]
    if told:
        sheet.append(Lines("What he has been told, newest first",
                           tuple(f"{m.when}: {' '.join(m.lines)}" for m in reversed(told))))
    return sheet


def noted(notes: Sequence[Event]) -> list[Lines]:
    """The journal's notes about a player, oldest first, under his sheet: the moderator's
    own, or marked as told to the table too."""
    if not notes:
        return []
    return [Lines("Notes about him", tuple(noted_lines(notes)))]


def names(state: DustState) -> list[str]:
    """The players, living and dead, in the order they joined: the note form's completion
    and the log's filter offer them."""
    return [p.name for p in state.players]


def names_of(state: DustState, name: str) -> tuple[str, ...]:
    """Every name the slot of the player called `name` was played under (a replacement's
    too), as his sheet lists their notes: the log's filter finds the slot under any."""
    slot = next((p for p in state.players if name in p.names), None)
    return slot.names if slot is not None else (name,)


def place_sheet(state: DustState, name: str) -> list[Lines]:
    """The highlighted location in words, as the item and role lists' sheets say theirs:
    without it, which row x would take off the list was told by the cursor's colour alone."""
    loc = state.location(name)
    if loc is None:
        return []
    when = "tonight" if state.phase == "night" else "the coming night"
    now = (f"open {when}" if _open_now(state, loc) else
           "the game is over" if state.phase == "over" else f"closed {when}")
    head = f"{loc.name} (nights {_nights(loc)}; {now})"
    left = (f"Left, in order: {', '.join(loc.entries)}." if loc.entries
            else "Nothing is left to find.")
    return [Lines(head, (left,))]


def item_sheet(state: DustState, name: str) -> list[Lines]:
    item = state.item(name)
    if item is None:
        return []
    head = (f"{item.name} ({plural(item.uses, 'use')} a copy"
            f"{'' if item.tradeable else ', cannot be given'})")
    return [Lines(head, (item.text, *(f"- {power_card(p)}" for p in item.powers)))]


def uses_grid(state: DustState) -> Grid:
    """Each living player's role powers that have few uses (line 38: once spent they never
    come back), with how many he has left: his sheet's "2 uses, 1 left", in a list."""
    rows = []
    for player in state.living:
        role = state.role(player.role)
        for power in role.powers if role else ():
            if power.uses is not None:
                left = max(power.uses - player.times_used(power.name), 0)
                rows.append((player.name, player.role, power.name, f"{left} of {power.uses}"))
    return grid("Role powers' uses", ("Player", "Role", "Power", "Uses left"), rows,
                note="Uses left: of the uses the role's power has in all; a role power "
                     "spent never comes back.")


def dealer_sections(state: DustState) -> list[Section]:
    """The state as the moderator's tabs show it (`gmscreen replay` prints this): the
    Characters tab's four lists (the players, the roles, the locations, the items), the
    uses left of the role powers that have few (each player's sheet says them), the day's
    board or the night's choices, the newest post."""
    board, uses = board_grid(state), uses_grid(state)
    return [lines("Now", *status_lines(state)), players_grid(state),
            *([board] if board.columns else []), *([uses] if uses.rows else []),
            roles_grid(state), places_grid(state), items_grid(state), last_post(state)]


@dataclass(frozen=True)
class NightPage:
    """The Night tab: the resolution step by step, the post that opened the day and the
    private messages; during a night, a preview of them, marked as one in its own words."""

    title: str
    steps: tuple[Step, ...]
    post: Post | None
    messages: tuple[Message, ...]
    #: today's vote count, by day only
    count: Post | None
    #: the thread's newest post, when it is not `post` (at twilight: the lynch and the flip)
    last: Post | None
    #: the night whose resolution is previewed (None: what is shown was sent)
    preview: int | None
    #: during a night, the messages already sent in it, before its resolution (a power
    #: corrected at twilight), and those of the day just ended not yet copied (a gift
    #: made before the hammer fell): to be sent now, apart from the preview
    sent: tuple[Message, ...] = ()
    #: the players with a message shown (never a preview's) not yet copied to send, in
    #: the order of the messages
    to_send: tuple[str, ...] = ()
    #: the places in the thread of `post` (None: a preview) and of `last`
    post_at: int | None = None
    last_at: int | None = None
    #: the posts of the day and its night not yet copied to the thread, the oldest first
    unposted: tuple[Post, ...] = ()
    #: whether `post`, the day's own, is among them (c copies it; l the others)
    day_unposted: bool = False


def night_page(state: DustState, lots: Sequence[str]) -> NightPage:
    """The Night tab now; `lots` are the ones a resolution now would use."""
    preview: int | None = None
    sent: tuple[Message, ...] = ()
    if state.phase == "night":
        night = preview = state.number
        outcome = resolve_night(state, lots)
        title = f"Night {night}: PREVIEW of the resolution (nothing is sent yet)"
        steps = outcome.steps
        post: Post | None = Post(f"PREVIEW of the {outcome.post.title} post, not to be posted", (
            f"Night {night} is not resolved yet: this is what its post would say now.",
            *outcome.post.lines))
        messages = tuple(Message(f"Night {night}", p, (
            f"PREVIEW, not to be sent: Night {night} is not resolved yet.", *told))
            for p, told in outcome.messages)
        # the night's own, and the day's not yet copied: the hammer can fall on a gift
        # made a minute before, whose message is still to send
        whens = state.shown_whens
        waiting = state.uncopied((f"Day {night}",))
        sent = tuple(m for m in state.messages if m.when == f"Night {night}"
                     or (m.when == f"Day {night}" and m in waiting))
    else:
        night = state.number - 1
        if night in state.called_off:
            title = (f"Night {night}: called off as a session ended; no one acted in it "
                     "(ctrl+z takes it back with the session's end, while that is the "
                     "newest step)")
        elif night > 0:
            title = (f"Night {night}: resolved. u takes it back as one step; then, on the "
                     "Day and night tab, a corrects the highlighted player's action, r "
                     "resolves again")
        else:
            # the steps of the first night come here: said, not a bare dash under the title
            title = ("No night resolved yet. Once Day 1 ends, Night 1's steps show here as a "
                     "preview, until r on the Day and night tab resolves it")
        if state.phase == "day" and state.late_notes:
            names = ", ".join(name for name, _ in state.late_notes)
            title += f"; w adds the note of {names}, killed with a Notebook"
        elif state.phase == "day" and state.notes_found:
            names = ", ".join(name for name, _ in state.notes_found)
            title += f"; w puts right the note of {names}, entered today"
        steps = tuple(s for s in state.steps if s.night == night)
        post_at = next((place for place in range(len(state.posts) - 1, -1, -1)
                        if state.posts[place].title == f"Day {state.number}"), None)
        post = state.posts[post_at] if post_at is not None else None
        # the night's messages, then the day's own (role cards, gifts received)
        whens = state.shown_whens
        messages = tuple(m for m in state.messages if m.when in whens)
    if preview is not None:
        post_at = None
    # l copies the oldest post not yet copied but the day's (c copies that), so none is
    # lost when another comes after it; all copied, the newest, as before. By night the
    # day's opening post, never copied, comes after the others: at twilight the lynch and
    # the flip are what the thread waits for
    others = [place for place in state.unposted if place not in (post_at, state.opened)]
    others += [state.opened] if post_at is None and state.opened in state.unposted else []
    newest = len(state.posts) - 1
    last_at = others[0] if others else (
        None if newest < 0 or newest == post_at else newest)
    return NightPage(title, steps, post, messages,
                     vote_count(state) if state.phase == "day" else None,
                     None if last_at is None else state.posts[last_at], preview, sent,
                     state.to_send(whens), post_at, last_at,
                     tuple(state.posts[place] for place in state.unposted),
                     post_at is not None and post_at in state.unposted)


def vote_count(state: DustState) -> Post:
    """Today's votes as a post for the thread: each wagon with its voters in the order they
    voted, the most votes first, then who has not voted."""
    found = [f"{len(state.living)} alive; {state.majority} votes lynch."]
    for target, voters in sorted(state.tally().items(), key=lambda kv: -len(kv[1])):
        found.append(f"{voted_words(target)} ({len(voters)}): {', '.join(voters)}")
    # by name, as the players' screen lists them: the seats' order could follow the roles
    silent = [p.name for p in table_order(state.living) if p.name not in dict(state.votes)]
    found.append(f"Not voting ({len(silent)}): {', '.join(silent) or 'nobody'}")
    return Post(f"Vote count, Day {state.number}", tuple(found))


# -- what the table knows -----------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A player as the thread knows him."""

    name: str
    alive: bool
    #: how he died, as the thread was told ("" while he lives)
    fate: str = ""
    #: his role and side as flipped on his death ("" while he lives)
    flipped: str = ""
    #: the moderator has vouched for him in the thread (his side is then public)
    vouched: bool = False
    #: the flip in short, the role's name and side ("DESPAIR, SCUM"), for the roster: the
    #: book's titles ("Dust's manifestation of DESPAIR") ran out of sight at 80 columns
    flip: str = ""
    #: every name the slot was played under, the first first, this one last (each
    #: replacement was posted)
    names: tuple[str, ...] = ()
    #: his place in the order of the game's deaths (0 while he lives)
    fell: int = 0


@dataclass(frozen=True)
class TableKnows:
    """Only what every player may see: who lives and who died (and as what), today's votes,
    where one may scavenge tonight, the newest post."""

    phase: str
    number: int
    lit: bool
    seats: tuple[Seat, ...]
    #: (voter, whom he votes for) by day, in the order cast
    votes: tuple[tuple[str, str], ...]
    majority: int
    open_places: tuple[str, ...]
    latest: Post | None
    result: str
    #: today's deadline clock: its segments (0: none kept) and how many are gone
    deadline: int = 0
    deadline_gone: int = 0
    #: every post before the newest, in the order posted: a replacement or the generator
    #: posted after the day's post took the night's dead, their flips and the notes found
    #: off the screen, and Day 1's voters with the lynch; but `today`
    earlier: tuple[Post, ...] = ()
    #: by day, the day's own post where a later post of the day (a vouch, the generator,
    #: a replacement) is the newest: the night's dead and the places open stay in the
    #: first screen of a phone, where among the earlier posts they were two screens down
    today: Post | None = None


def table_order(players: Sequence[Player]) -> list[Player]:
    """The players in the order the table is shown them: by name, never as they were
    seated. The moderator seats each with his role, the player form offering the book's
    seats in the book's order (Vanilla Town first, the three Scum last); unless he deals
    them (`d`), a list in the seats' order read every role off the players' screen, the
    sample's three Scum its last three names, and once a few were flipped the rest
    followed."""
    return sorted(players, key=lambda p: (p.name.casefold(), p.name))


def table_knows(state: DustState) -> TableKnows:
    seats = []
    # the post that ends the game flips the living too
    over = state.phase == "over"
    for p in table_order(state.players):
        role = state.role(p.role) if over or not p.alive else None
        flipped = f"{role.title}, {role.alignment.upper()}" if role is not None else ""
        flip = f"{role.name.upper()}, {role.alignment.upper()}" if role is not None else ""
        seats.append(Seat(p.name, p.alive, p.fate, flipped, p.vouched, flip, p.names, p.fell))
    started = state.phase not in ("setup", "over")
    posts = state.posts
    own = next((place for place in range(len(posts) - 2, -1, -1)
                if posts[place].title == f"Day {state.number}"), None) \
        if state.phase == "day" else None
    return TableKnows(
        state.phase, state.number, state.lit, tuple(seats), state.votes,
        state.majority, tuple(loc.name for loc in state.open_locations()) if started else (),
        posts[-1] if posts else None, state.result,
        state.deadline if state.phase == "day" else 0, state.deadline_gone,
        tuple(post for place, post in enumerate(posts[:-1]) if place != own),
        posts[own] if own is not None else None)


def table_clocks(known: TableKnows) -> list[Face]:
    """Today's deadline clock, while a day runs: a day's deadline goes with its day, so
    none shows at night or once the game is over, and the next day shows its own."""
    if known.phase != "day" or not known.deadline:
        return []
    full = known.deadline_gone >= known.deadline
    return [Face(f"Day {known.number} deadline", known.deadline, known.deadline_gone,
                 "The deadline has come." if full
                 else "At the deadline the day ends without a lynch.")]


def _now(known: TableKnows) -> Lines:
    alive = sum(1 for s in known.seats if s.alive)
    if known.phase == "setup":
        joined = len(known.seats)
        return lines("Setting up", "No player has joined yet." if not joined else
                     f"{joined} player{' has' if joined == 1 else 's have'} joined.")
    if known.phase == "over":
        return lines("The game is over", known.result)
    lit = ("The church is lit tonight.",) if known.lit else ()
    if known.phase == "day":
        return Lines(f"Day {known.number}",
                     (f"{alive} alive; {known.majority} votes lynch.", *lit))
    return Lines(f"Night {known.number} (twilight)",
                 (f"{alive} alive; night actions are being sent.", *lit))


def _seat_status(seat: Seat, phase: str) -> str:
    if not seat.alive:
        return seat.fate
    if phase == "setup":
        return JOINED
    return "alive, vouched for as TOWN" if seat.vouched else "alive"


def table_sections(known: TableKnows) -> list[Section]:
    # what is asked of the table now before who sits at it: by day the votes, then the
    # newest post (the night's dead, a note found, the lynch at twilight), then the roster;
    # at 80x24 the fifteen rows of the roster under the deadline clock took the whole screen,
    # and the votes and the news were out of sight. The places, the same all day, wait below
    # it by day
    found: list[Section] = [_now(known)]
    if known.phase == "day":
        count: dict[str, list[str]] = {}
        for voter, target in known.votes:
            count.setdefault(target, []).append(voter)
        silent = [s.name for s in known.seats if s.alive and s.name not in dict(known.votes)]
        # no vote yet: said in words, not a table's heading with nothing under it
        found.append(grid(
            "Votes", ("Votes for", "Count", "Voters"),
            [(voted_words(target), f"{len(voters)}/{known.majority}",
              ", ".join(map(whole, voters)))
             for target, voters in sorted(count.items(), key=lambda kv: -len(kv[1]))],
            note=not_voting([whole(name) for name in silent], cast=True)) if known.votes
        else Lines(
                "Votes", (f"No vote cast yet on Day {known.number}.",)))
    # Day 1's rules of play (`HOW_IT_GOES`) wait under the roster: read once, they pushed
    # the roster off a laptop's screen all Day 1
    news, rules = without_rules(known.latest.lines) if known.latest is not None else ((), ())
    if known.latest is not None:
        found.append(Lines(f"The newest post: {known.latest.title}", news))
    if known.today is not None:
        # Day 1's own post ends with the rules of play: they go under the roster, as ever
        news, told = without_rules(known.today.lines)
        found.append(Lines(f"The day's post: {known.today.title}", news))
        rules = rules or told
    # by night the places are what the table chooses among as it sends its actions: above
    # the roster, or at 80x24 they were out of sight all twilight
    places = [Lines("Open for scavenging tonight", known.open_places)] if known.open_places \
        else []
    if known.phase == "night":
        found += places
    # the notes told to the table come next on the players' screen, above the roster: under
    # it they were the 51st row of 70, out of sight on a phone and a laptop
    found[-1] = replace(found[-1], notes_after=True)
    # no one seated yet: the head says so, not a roster's heading over nothing
    # on a phone (40 columns) the three columns do not fit, and each player took two lines
    # as records ("Calamity" over "Status alive"): there the status goes on the name's line,
    # the flip alone under it; the three columns where they fit whole (a laptop, a TV)
    flipped = ("Flipped as: the role and side the thread was shown at a death, or at the "
               "game's end (the post gives the role's whole title).")
    found += [grid(
        "Players", ("Player", "Flipped as"),
        [(f"{whole(s.name)} ({_seat_status(s, known.phase)})", s.flip) for s in known.seats],
        # no flip yet: on a phone no "Flipped as" shows, so no note on it under the names
        note=flipped if any(s.flip for s in known.seats) else "",
        wide=[(s.name, _seat_status(s, known.phase), s.flip) for s in known.seats],
        wide_note=flipped, wide_columns=("Player", "Status", "Flipped as"))] if known.seats \
        else []
    if known.phase != "night":
        found += places
    if rules:
        found.append(Lines(rules[0].removesuffix(":"), rules[1:]))
    # last: what the table read before, each post under its title, for a player who asks
    # what a note said or who voted on Day 1
    if known.earlier:
        found.append(Lines("Earlier in the thread, newest first", tuple(
            line for post in reversed(known.earlier)
            for line in (post.title, *(f"  {told}" for told in post.lines))), past=True))
    return found


# -- a player's own page ------------------------------------------------------------------------


def private_viewers(state: DustState) -> list[str]:
    """The players, each of whom has a page of his own."""
    return [p.name for p in state.players]


@dataclass(frozen=True)
class PlayerKnows:
    """What one player knows: what the table knows, his role card and items (once his role
    was sent to him), and the messages sent to him."""

    table: TableKnows
    name: str
    role: tuple[str, ...]
    items: tuple[str, ...]
    #: (when, lines), the newest first
    messages: tuple[tuple[str, tuple[str, ...]], ...]
    #: the name is a player's now (a replaced player's old name is not: his slot and what
    #: it holds went to the one who took it)
    seated: bool = True
    #: by night, what he has sent the moderator for tonight as the moderator has it (his
    #: action, the Scum's kill he carries out or chose), or that he owes it still
    tonight: tuple[str, ...] = ()
    #: whose the slot is now, where the name is a replaced player's ("" where no slot was
    #: ever played under it: a replacement taken back leaves the new name's page open)
    replaced_by: str = ""


def player_knows(state: DustState, name: str) -> PlayerKnows:
    table = table_knows(state)
    player = state.player(name)
    told = tuple((m.when, m.lines) for m in reversed(state.messages) if m.player == name)
    if player is None:
        slot = next((p for p in state.players if name in p.names), None)
        return PlayerKnows(table, name, (), (), (), seated=state.phase == "setup",
                           replaced_by=slot.name if slot is not None else "")
    # his role card is the first message he is sent: until then, nothing is his
    if not told:
        return PlayerKnows(table, name, (), (), ())
    role = state.role(player.role)
    card: tuple[str, ...] = ()
    if role is not None:
        # a line of its own: "the COP" begins it with a capital
        card = (f"{role.title[:1].upper()}{role.title[1:]}, {role.alignment.upper()}-aligned.",
                *([role.said] if role.text else []),
                *(power_card(p, player.times_used(p.name)) for p in role.powers))
        if role.alignment == "scum":
            # his team, as his role message named it, kept at the top of his page
            card += (f"Your fellow Scum: {sentence(', '.join(state.fellow_scum(name)) or 'none')}",)
    # copies alike (two Crowbars, one his from the start, one found) once, with how many:
    # each told whole took three lines of 80 columns over again
    alike: dict[str, int] = {}
    texts: dict[str, str] = {}
    for copy in player.items:
        label = state.held_label(copy)
        item = state.item(copy.item)
        alike[label] = alike.get(label, 0) + 1
        texts[label] = item.text if item else ""
    held = [f"{label}{f' (you hold {count})' if count > 1 else ''}: {texts[label]}"
            for label, count in alike.items()]
    return PlayerKnows(table, name, card, tuple(held), told,
                       tonight=sent_tonight(state, name) if player.alive else ())


def sent_tonight(state: DustState, name: str) -> tuple[str, ...]:
    """By night, what `name` has sent for tonight as the moderator entered it, in his own
    words, so a player at the table checks it on his page and sees whether he owes one
    still; nothing by day (his vote is the thread's)."""
    if state.phase != "night":
        return ()
    kill = state.kill
    if kill is not None and kill.killer == name:
        chose = "" if kill.by == name else f", as {kill.by} chose"
        return (f"You carry out the Scum's kill on {kill.target}{chose}: it is your whole "
                "night.",)
    told = []
    known: list[str] = []
    if kill is not None and kill.by == name:
        told.append(f"The Scum's kill as you chose it: {kill.target}, carried out by "
                    f"{kill.killer}.")
    elif state.is_scum(name):
        # the kill is the Scum's together (the book's Guilt decides it, line 98): each of
        # them knows it as decided, where the moderator passed it on to each by hand
        known.append(f"The Scum's kill, as {kill.by} chose it: {kill.target}, carried out "
                     f"by {kill.killer}." if kill is not None else
                     "The Scum's kill is not chosen yet.")
    choice = state.choice(name)
    if choice is None:
        if not told:
            told.append("Nothing yet: send me your night action before the night is "
                        "resolved, or you stay in the church.")
    elif choice.is_empty:
        told.append("You stay in the church.")
    else:
        # a line each: the place, then each power with its source, as the night form has them
        told += [f"You scavenge at {choice.scavenge}."] if choice.scavenge else []
        for use in choice.uses:
            target = f" on {' then '.join(use.targets)}" if use.targets else ""
            note = f" \u201c{use.text}\u201d" if use.text else ""
            told.append(f"{use.source}: {use.power}{target}{note}")
    return (*known, *told)


def player_sections(known: PlayerKnows) -> list[Section]:
    """A player's private page: his own secrets first, then what the whole table sees."""
    if known.replaced_by:
        own: list[Section] = [lines(known.name, f"{known.replaced_by} took your place in the "
                                                "game, as the thread was told: your slot, and "
                                                f"all it holds, are {known.replaced_by}'s now.")]
    elif not known.seated:
        # not "a player replaced ...": a replacement taken back leaves the new name's page
        own = [lines(known.name, f"No player of this game is named {known.name} now. This "
                                 "page shows what the whole table sees.")]
    elif not known.role:
        own = [lines(f"{known.name}", "Nothing of yours yet: your role is sent when the game "
                                      "starts.")]
    else:
        # a dead player reads it first: his role and items below are as they stood
        seat = next((s for s in known.table.seats if s.name == known.name), None)
        out = (f"You are out of the game: {seat.fate}.",) if seat and not seat.alive else ()
        newest, earlier = newest_messages(known.messages)
        own = [Lines(f"{known.name}: your role", (*out, *known.role)),
               Lines("Your items", known.items or ("none",)),
               *([Lines(f"Night {known.table.number}: what you sent, as the moderator "
                        "has it", known.tonight)] if known.tonight else []),
               Lines("What the moderator told you last, newest first",
                     (*(f"{when}: {' '.join(told)}" for when, told in newest),
                      *(["Earlier messages: at the foot of this page."] if earlier else [])))]
        # the rest at the foot, under the thread's own: on a phone every message whole
        # above the table's pushed the day's votes out of the first screen by Day 1's end
        if earlier:
            return [*own, *table_sections(known.table),
                    Lines("Earlier messages to you, newest first",
                          tuple(f"{when}: {' '.join(told)}" for when, told in earlier),
                          past=True)]
    return [*own, *table_sections(known.table)]


def newest_messages(messages: Sequence[tuple[str, tuple[str, ...]]]) -> tuple[
        tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """A page's messages (newest first) parted into those of the newest day or night, which
    stay on top, and the earlier ones; the first message, his role's, among the earlier
    where others came after it (the role card above tells it)."""
    if not messages:
        return (), ()
    when = messages[0][0]
    newest = tuple(m for m in messages[:-1] if m[0] == when) or tuple(messages[:1])
    return newest, tuple(m for m in messages if m not in newest)


# -- the recap's words --------------------------------------------------------------------------


def _read(event: Event) -> object | None:
    try:
        payload: object = e.KINDS.read(event)
    except PayloadError:
        return None
    return payload


def table_tells(event: Event, *, away: bool = False) -> str | None:
    """What the thread saw of an event: the posts, the votes, a note added to a post, a
    seat put right before Day 1. The lynches, flips, deaths and the end are told by the
    posts that announce them; roles, items, night actions and messages are never told.
    `away`: done with no table sat down (the evening before, between sessions): a seat put
    right or taken off then is the moderator's preparation, and the table, sitting down
    with the players as they are ("At the table"), never saw the seat as it was."""
    payload = _read(event)
    if away and isinstance(payload, e.PlayerCorrected | e.PlayerRemoved):
        return None
    # who joined is told by "At the table", by name: the story told the joins in the order
    # the seats were filled, which follows the roles where the moderator seats them as the
    # player form offers (the book's order, the Scum last) and does not deal them
    if isinstance(payload, e.PlayerJoined):
        return None
    # a seat put right before Day 1: the name alone is the table's (the role is secret)
    if isinstance(payload, e.PlayerCorrected):
        return (f"{payload.name} takes {payload.player}'s seat before the game begins"
                if payload.name != payload.player else None)
    if isinstance(payload, e.PlayerRemoved):
        return f"{payload.player} leaves before the game begins"
    if isinstance(payload, e.GameStarted):
        return "The game begins"
    if isinstance(payload, e.DayBegan | e.Posted):
        return f"{payload.title}: {in_short(payload.lines)}"
    if isinstance(payload, e.VoteCast):
        return f"{payload.voter} votes {voted_words(payload.target)}"
    if isinstance(payload, e.VoteWithdrawn):
        return f"{payload.voter} withdraws his vote"
    if isinstance(payload, e.LateNoteFound):
        return f"A note joins the Day {payload.day} post: \u201c{payload.text}\u201d"
    if isinstance(payload, e.DeadlineSet | e.DeadlineTicked):
        return deadline_line(payload)
    return None


def episode(event: Event) -> str | None:
    """The paragraph an event belongs to: the set-up, a day (its night's post opens it), a
    night's resolution (the moderator's copy), or the end. What is done within a day or a
    night without its number (a gift, a choice for the night, the kill, a power spent) is
    told in the paragraph it falls in."""
    payload = _read(event)
    if isinstance(payload, e.PlayerJoined | e.PlayerCorrected | e.PlayerRemoved
                  | e.RolesDealt | e.RoleDefined | e.ItemDefined):
        return "The set-up."
    if isinstance(payload, e.GameStarted):
        return "Day 1."
    if isinstance(payload, e.DayBegan):
        return f"{payload.title}."
    if isinstance(payload, e.Posted):
        when, _, _ = payload.title.partition(":")
        return f"{when}." if when.startswith(("Day ", "Night ")) else "The end."
    if isinstance(payload, e.MessageSent):
        return f"{payload.when}."
    if isinstance(payload, e.VoteCast | e.VoteWithdrawn | e.ItemGiven | e.GiftCorrected
                  | e.ChurchLit | e.Vouched):
        # the day's own steps (a journal older than their day: told where they fall)
        return f"Day {payload.day}." if payload.day else SAME_EPISODE
    if isinstance(payload, e.PlayerLynched | e.DayEnded | e.LateNoteFound | e.DeadlineTicked):
        return f"Day {payload.day}."
    if isinstance(payload, e.DeadlineSet):
        return f"Day {payload.day}." if payload.day else SAME_EPISODE
    if isinstance(payload, e.NightStep | e.PlayerKilled | e.LocationSearched
                  | e.NightResolved | e.NightCalledOff):
        return f"Night {payload.night}."
    if isinstance(payload, e.GameWon):
        return "The end."
    return SAME_EPISODE


def table_cast(known: TableKnows, *, before: TableKnows) -> list[str]:
    """Who played in the session: every slot alive as it began (or seated since), under the
    name it ends with, those who died in it too (a lynched player played his day); then
    apart those dead before it began, who play no more, so a later session's recap does not
    list the long dead as playing."""
    gone = {seat.name for seat in before.seats if not seat.alive}
    out = [seat.name for seat in known.seats if seat.name in gone]
    return [*(seat.name for seat in known.seats if seat.name not in gone),
            *([f"Out of the game: {', '.join(out)}"] if out else [])]


def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """Where the game stands, as the thread knows it, for a session that takes it up or
    leaves it (the same either way): a day with how many live, the majority and the votes,
    or a night with how many live (its actions are secret); None before Day 1 and once it
    is over. A player who missed the evening reads the count here, not by taking the
    session's dead from the names at the table."""
    alive = sum(1 for seat in known.seats if seat.alive)
    if known.phase == "day":
        cast = "; ".join(f"{voter} votes {voted_words(target)}" for voter, target in known.votes)
        count = len(known.votes)
        votes = (f"{count} vote{'' if count == 1 else 's'} cast ({cast})" if cast
                 else "no vote cast yet")
        return f"Day {known.number}: {alive} alive, {known.majority} votes lynch; {votes}"
    if known.phase == "night":
        lit = " (the church lit)" if known.lit else ""
        return f"Night {known.number}{lit}: {alive} alive; its night actions not yet resolved"
    return None


def dealer_stands(state: DustState, *, leaving: bool = False) -> str | None:
    """Where the game stands, in the moderator's words (what was sent in a night)."""
    return stands(state)


def _replaced(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> list[str]:
    """Who took whose place since `before`, from each slot's names (the first first): a
    slot is known by the name it joined under, never by its place in a list (the table's
    is by name, and a replacement's name sorts elsewhere); a slot seated since `before`
    (the session began before the table sat down) counts from the name it joined under."""
    was = {names[0]: len(names) for names in before if names}
    found = []
    for names in after:
        known = was.get(names[0], 1) if names else 1
        found += [f"{new} took {old}'s place"
                  for old, new in zip(names[known - 1:], names[known:], strict=False)]
    return found


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    """The replacements and deaths of the session, as the thread was told them, and the end
    of the game."""
    # a slot seated during the session was alive when it sat down
    dead = {s.name for s in before.seats if not s.alive}
    found = _replaced([s.names for s in before.seats], [s.names for s in after.seats])
    # the dead as they fell (the roster's order put Day 2's found dead before Day 1's lynch)
    found += [f"{s.name}: {s.fate}; flipped {s.flipped}"
              for s in sorted(after.seats, key=lambda s: s.fell)
              if s.name not in dead and not s.alive]
    if after.result and not before.result:
        found.append(after.result)
    return found


def dealer_totals(before: DustState, after: DustState) -> list[str]:
    """The replacements, the deaths with their causes, the items that changed hands and the
    powers spent: those who died in the session first, as they fell (each with what he
    lost), then the rest in the roster's order (what each no longer holds: given away or
    used up)."""
    found = _replaced([p.names for p in before.players], [p.names for p in after.players])

    def was_of(player: Player) -> Player | None:
        # the slot as it stood, under whatever name it was played then (None: seated since)
        return next((p for p in before.players if p.name in player.names), None)

    def died(player: Player) -> bool:
        was = was_of(player)
        return not player.alive and (was is None or was.alive)

    for player in sorted(after.players, key=lambda p: (not died(p), p.fell if died(p) else 0)):
        was = was_of(player)
        if died(player):
            found.append(f"{player.name}: {player.death}")
        had = Counter(h.item for h in was.items) if was is not None else Counter()
        now = Counter(h.item for h in player.items)
        # lost with him where he died; else given away or used up (a spent Crowbar read
        # "lost Crowbar" beside its use, as a death's items do)
        gone = "lost" if not player.alive else "no longer holds"
        moved = [f"{word} {', '.join(sorted(items.elements()))}"
                 for word, items in (("gained", now - had), (gone, had - now)) if items]
        if moved:
            found.append(f"{player.name}: {'; '.join(moved)}")
        spent = [f"{power} x{times - (was.times_used(power) if was else 0)}"
                 for power, times in player.spent
                 if times > (was.times_used(power) if was else 0)]
        if spent:
            found.append(f"{player.name} used {', '.join(spent)}")
    if after.result and not before.result:
        found.append(after.result)
    return found
