"""A session told as a story: who played, each conflict in a paragraph of its own, the clocks
moved, what was won and lost, and the notes; for the table (nothing hidden) or, asked, for
the Dealer (all of it, and the Dealer's own notes).

The game's `view` module lends its words through optional functions; a game that lends
none still gets the journal's part (clocks, notes), and nothing of its own is told:

- `table_tells(event) -> str | None`: the sentence the table saw for an event (None: the
  table did not see it). The Dealer's recap tells every event with the game's log line, or
  with `dealer_tells(event) -> str | None` where the game lends it (None: the log line): for
  a game whose log holds back what it hides because the players read the screen too (the
  cards in a hand), the Dealer's copy still tells all.
  Written `table_tells(event, known)`, it is also given what the table knows once the
  session is over (its `table_knows(state)`): who an event's name belongs to, where an
  older journal's event does not say (Fistful's NPCs, before their events said so).
  Written with a keyword `away`, it is told `away=True` for what the Dealer did with no
  table sat down (before the first session, and between a session's end and the next
  start): his preparation, of which the table may be told the outcome alone (a model
  recruited and dropped again at home is not told).
- `episode(event) -> str | None`: the heading of the paragraph an event belongs to (a
  conflict, a duel, a night); events of one episode in a row make one paragraph. None: a
  paragraph of its own, with no heading; `SAME_EPISODE`: told in the paragraph it falls in
  (a gift made in the day, a choice made in the night), which goes on after it.
- `table_cast(known)` and `table_totals(before, after)` over what the table knows (its
  `table_knows(state)`) at the session's start and end: who played, and what changed
  (Chips, XP, Dollars...); `dealer_totals(before, after)` over the whole states.
  Written `table_cast(known, *, before)`, the cast is also given what the table knew as the
  session began: who played only before a change of sides (Dead Man's Hand's new match).
- `table_stands(known, *, leaving)`: where the game stands as a session takes it up (the
  table's knowledge at its start) or leaves it (at its end, `leaving=True`): a conflict, a
  day or a match under way, the clock; None where nothing is carried. The recap tells it
  under "Taken up from the session before" and "Goes on next session";
  `dealer_stands(state, *, leaving)` for the Dealer's copy (the table's words otherwise).

Totals come from the states at the session's start and end, not from adding up lines. What
is done after a session ends and before the next begins (levels gained, a gang's aftermath)
is told after the story, as the session's aftermath, and counts in its totals.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Sequence
from functools import partial
from types import ModuleType
from typing import Any

from gmscreen.core.text import sentence
from gmscreen.core.text import sentences as joined
from gmscreen.journal import clocks
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import Block, Document, Heading, Items, Paragraph
from gmscreen.journal.events import NOTE, NOTE_CORRECTED, SESSION_END, SESSION_START, Event
from gmscreen.journal.rules import RuleError

#: what `episode` answers for an event told in the paragraph it falls in
SAME_EPISODE = "(the same)"


def sessions_of(campaign: Campaign[Any]) -> list[int]:
    """The sessions that can be told, in order: those begun (and not undone), led by 0
    where something was played before the first began (a skirmish game played without
    starting a session is told all the same)."""
    begun = sorted({e.session for e in campaign.events if e.kind == SESSION_START
                    and not campaign.is_undone(e)})
    before = any(e.session == 0 and not e.is_history and not campaign.is_undone(e)
                 for e in campaign.events)
    return [0, *begun] if before else begun


def _hook(view: ModuleType | None, name: str) -> Callable[..., Any] | None:
    found = getattr(view, name, None) if view is not None else None
    return found if callable(found) else None


def build(campaign: Campaign[Any], session: int, view: ModuleType | None = None, *,
          dealer: bool = False) -> Document:
    """The recap of `session` (RuleError naming "Recap" for a session not played)."""
    told = sessions_of(campaign)
    if session not in told:
        played = ", ".join(str(n) for n in told if n) or "none yet"
        also = "; 0 tells the play before the first" if 0 in told else ""
        raise RuleError("Recap", f"there is no session {session} (sessions played: {played}"
                                 f"{also})")
    start = 1 if session == 0 else next(
        e.seq for e in campaign.events
        if e.kind == SESSION_START and e.session == session and not campaign.is_undone(e))
    # the aftermath: what is done once the session has ended, until the next begins
    first_after, until = campaign.aftermath_of(session)
    events = campaign.told_of(session, start, first_after - 1)
    aftermath = campaign.told_of(session, first_after, until)
    before, after = campaign.replay(start - 1), campaign.replay(until)
    blocks: list[Block] = []
    when = _when(events, "Played" if session else "Made ready")
    if when:
        blocks.append(Paragraph(when))
    # who sat at the table: none who came in only after it rose (the totals count those)
    ended = after if first_after > until else campaign.replay(first_after - 1)
    blocks.extend(_cast(view, before, ended, dealer,
                        "At the table" if session else "Ready for the first session"))
    blocks.extend(_stands(view, before, dealer, "Taken up from the session before"))
    blocks.extend(_story(campaign, events, view, dealer, after, away=session == 0))
    blocks.extend(_story(campaign, aftermath, view, dealer, after, "After the session",
                         away=True))
    with_aftermath = [*events, *aftermath]
    blocks.extend(_clocks(campaign, with_aftermath, after, dealer))
    blocks.extend(_totals(view, before, after, dealer))
    if not (campaign.in_session and campaign.session == session):
        # a session still being played leaves nothing yet: what stands now is not carried
        blocks.extend(_stands(view, after, dealer, "Goes on next session", leaving=True))
    blocks.extend(_notes(campaign, with_aftermath, dealer, {e.seq for e in aftermath}))
    which = f"session {session}" if session else "before the first session"
    title = f"{campaign.name}: {which}" + (
        f" ({whole_copy(campaign.rules.referee)})" if dealer else "")
    return Document(title, tuple(blocks))


def nothing_yet(campaign: Campaign[Any]) -> Document:
    """The recap of a campaign in which nothing has been played yet."""
    return Document(f"{campaign.name}: nothing played yet", (Paragraph(
        "No session has been played yet: start one (f5 in gmscreen) and play, then ask "
        "again."),))


def whole_copy(referee: str) -> str:
    """The recap with everything, hidden things too, in the game's word for who runs the
    table ("the Judge's copy"); "the full copy" where the players run it themselves."""
    return f"the {referee}'s copy" if referee else "the full copy"


def _when(events: Sequence[Event], done: str) -> str:
    """When the events were `done` ("Played"; "Made ready", before the first session, at
    home or at the table before it sat down to play)."""
    if not events:
        return ""
    first, last = events[0].at, events[-1].at
    day = first.strftime("%A %d %B %Y")
    if first.date() == last.date():
        return f"{done} on {day}, {first:%H:%M} to {last:%H:%M}."
    return f"{done} from {day}, {first:%H:%M}, to {last:%A %d %B %Y}, {last:%H:%M}."


def _cast(view: ModuleType | None, before: Campaign[Any], after: Campaign[Any],
          dealer: bool, heading: str) -> list[Block]:
    cast = _hook(view, "table_cast")
    knows = _hook(view, "table_knows")
    if cast is None or knows is None:
        return []
    if "before" in inspect.signature(cast).parameters:
        cast = partial(cast, before=knows(before.state))
    names: list[str] = list(cast(knows(after.state)))
    return [Heading(heading), Items(tuple(names))] if names else []


def _story(campaign: Campaign[Any], events: Sequence[Event], view: ModuleType | None,
           dealer: bool, after: Campaign[Any], title: str = "What happened", *,
           away: bool = False) -> list[Block]:
    tells = _hook(view, "table_tells")
    if tells is not None:
        asks = inspect.signature(tells).parameters
        if "known" in asks:
            knows = _hook(view, "table_knows")
            tells = partial(tells, known=knows(after.state) if knows is not None else None)
        if "away" in asks:
            tells = partial(tells, away=away)
    episode_of = _hook(view, "episode")
    dealer_tells = _hook(view, "dealer_tells") if dealer else None
    paragraphs: list[Block] = []
    heading: str | None = None
    sentences: list[str] = []

    def close() -> None:
        if sentences:
            # a first line that says only what the heading says ("Sheriff Cole activates.",
            # the Dealer's copy telling the step by its log line) is told once, by the
            # heading, where more follows
            if heading and len(sentences) > 1 and sentences[0] == sentence(heading):
                del sentences[0]
            # lines in a row under one lead share it ("Session's end: Zeke recovers 1 Eye;
            # Jack stays at 0 Guts."), as the end-of-session question says them
            paragraphs.append(Paragraph(joined(sentences), lead=heading or ""))
            sentences.clear()

    in_recap = getattr(campaign.rules, "in_recap", None)
    for event in events:
        if event.kind in (SESSION_START, SESSION_END, NOTE, NOTE_CORRECTED) or \
                clocks.is_clock_event(event.kind):
            continue
        if in_recap is not None and not in_recap(event):  # the Dealer's bookkeeping
            continue
        if dealer:
            told: str | None = None
            if dealer_tells is not None:
                try:
                    told = dealer_tells(event)
                except Exception:  # a damaged event: the log line says so
                    told = None
            if told is None:
                told = campaign.describe(event)
        else:
            try:
                told = tells(event) if tells is not None else None
            except Exception:  # a damaged event tells the table nothing, never a crash
                told = None
        if not told:
            continue
        try:
            episode = episode_of(event) if episode_of is not None else None
        except Exception:  # a damaged event starts no episode
            episode = None
        if episode != heading and episode != SAME_EPISODE:
            close()
            heading = episode
        sentences.append(sentence(told))
    close()
    return [Heading(title), *paragraphs] if paragraphs else []


def _clocks(campaign: Campaign[Any], events: Sequence[Event], after: Campaign[Any],
            dealer: bool) -> list[Block]:
    public = {c.name for c in getattr(after, "clocks", ()) if c.public}
    moves = [clocks.describe(e) for e in events if clocks.is_clock_event(e.kind)
             and (dealer or e.data.get("name") in public)]
    return [Heading("Clocks"), Items(tuple(moves))] if moves else []


def _totals(view: ModuleType | None, before: Campaign[Any], after: Campaign[Any],
            dealer: bool) -> list[Block]:
    if dealer and _hook(view, "dealer_totals") is not None:
        lines = list(_hook(view, "dealer_totals")(before.state, after.state))  # type: ignore[misc]
    else:
        totals, knows = _hook(view, "table_totals"), _hook(view, "table_knows")
        if totals is None or knows is None:
            return []
        lines = list(totals(knows(before.state), knows(after.state)))
    return [Heading("Won and lost"), Items(tuple(lines))] if lines else []


def where_it_stands(view: ModuleType | None, state: Any, *, dealer: bool,
                    leaving: bool = False) -> str | None:
    """Where the game stands in `state`, as a session takes it up (or, `leaving`, leaves
    it): the view's `dealer_stands` for the Dealer where it has one, else the table's
    `table_stands`; None where the view says nothing."""
    told = _hook(view, "dealer_stands") if dealer else None
    if told is not None:
        where = told(state, leaving=leaving)
    else:
        stands, knows = _hook(view, "table_stands"), _hook(view, "table_knows")
        if stands is None or knows is None:
            return None
        where = stands(knows(state), leaving=leaving)
    return str(where) if where else None


def _stands(view: ModuleType | None, at: Campaign[Any], dealer: bool, heading: str, *,
            leaving: bool = False) -> list[Block]:
    """Where the game stood as the session took it up, or stands as it leaves it."""
    where = where_it_stands(view, at.state, dealer=dealer, leaving=leaving)
    return [Heading(heading), Paragraph(sentence(where[:1].upper() + where[1:]))] if where \
        else []


def _notes(campaign: Campaign[Any], events: Sequence[Event], dealer: bool,
           between: Collection[int] = ()) -> list[Block]:
    """The table's notes, as corrected since; in the Dealer's copy every note, his own
    marked as his, so he knows which of them the table never heard; those written after the
    session ended (`between`, by seq) marked so, as the players' screen marks them. A note
    of an earlier session corrected in this one is told here too, as it now stands; one the
    table heard that is now the Dealer's own is told as taken back, and one struck out as
    struck out, without its text."""
    told = {e.seq for e in events if e.kind == NOTE}
    put_right: dict[int, tuple[Event, bool]] = {}  # an earlier note -> it, whether heard
    for fix in events:
        note = campaign.corrected_note(fix) if fix.kind == NOTE_CORRECTED else None
        if note is not None and note.seq not in told and not campaign.is_undone(note):
            heard = put_right.get(note.seq, (note, False))[1] or campaign.note_now(
                note, before=fix.seq).data.get("public") is True
            put_right[note.seq] = (note, heard)
    lines = [_note_line(campaign.note_now(e), dealer, between=e.seq in between)
             for e in events if e.kind == NOTE]
    for note, heard in put_right.values():
        now = campaign.note_now(note)
        which = f"A note of {_session_name(note.session)}"
        if now.data.get("struck") is True:
            if dealer:
                lines.append(f"{which}, struck out: {_note_words(now, dealer)}")
            elif heard:
                lines.append(f"{which} is struck out.")
        elif dealer or now.data.get("public") is True:
            lines.append(f"{which}, corrected: {_note_line(now, dealer)}")
        elif heard:
            lines.append(f"{which} is taken back.")
    notes = tuple(line for line in lines if line is not None)
    return [Heading("Notes"), Items(notes)] if notes else []


def _note_line(note: Event, dealer: bool, *, between: bool = False) -> str | None:
    """A note's line in the recap (None: the table never heard it, or it is struck out),
    marked where it was written `between` sessions."""
    when = " (between sessions)" if between else ""
    if note.data.get("struck") is True:
        return f"{_note_words(note, dealer)}{when} (struck out)" if dealer else None
    if note.data.get("public") is True or dealer:
        return f"{_note_words(note, dealer)}{when}"
    return None


def _note_words(note: Event, dealer: bool) -> str:
    """A note's text, marked in the Dealer's copy where it is his own."""
    mine = " (yours alone)" if dealer and note.data.get("public") is not True else ""
    return f"{note.data.get('text', '')}{mine}"


def _session_name(session: int) -> str:
    return f"session {session}" if session else "before the first session"
