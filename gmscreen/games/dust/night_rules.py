"""The night's decide functions: each player's choice, the Scum's kill, the resolution (the
engine is `night`), and the note a player killed in the night may still add by day.

The night's lots are every living player once, in a random order: drawn by `draw_lots` from
the campaign's seeded generator, or typed from the table's own draw (`lots_from_text`), and
recorded in `dust.night_resolved`. A night resolved again after an undo keeps them, and its
question says so: a slot replaced since keeps its place in them under its new name, and a
player removed since leaves them, the others in their order (`kept_lots`).

A choice entered for the wrong player is taken back (`WithdrawNight`): he has sent nothing,
and is waited for again; it is not read as staying in the church, which he did not send.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmscreen.core.text import plural_word, quoted, sentence
from gmscreen.games.dust import checks
from gmscreen.games.dust import commands as c
from gmscreen.games.dust.events import (
    DayBegan,
    ItemFound,
    ItemsLost,
    LateNote,
    LateNoteCorrected,
    LateNoteFound,
    LocationSearched,
    MessagesCopied,
    MessageSent,
    NightChosen,
    NightKillChosen,
    NightResolved,
    NightStep,
    NightWithdrawn,
    PlayerKilled,
    PostCopied,
    Posted,
    PowerSpent,
)
from gmscreen.games.dust.night import lot_ties, resolve_night
from gmscreen.games.dust.rules import RULES, night_notice, win
from gmscreen.games.dust.state import DustState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError


@RULES.decides(c.ChooseNight)
def choose(state: DustState, command: c.ChooseNight) -> list[object]:
    choice = command.choice
    checks.verify_choice(state, choice)
    return [NightChosen(choice.player, choice.scavenge, choice.uses)]


@RULES.decides(c.WithdrawNight)
def withdraw(state: DustState, command: c.WithdrawNight) -> list[object]:
    refused = checks.why_not_choose_night(state)
    if refused is not None:
        raise refused
    if state.choice(command.player) is None:
        raise RuleError("Night actions", f"{command.player} has sent nothing tonight",
                        field="player")
    return [NightWithdrawn(command.player)]


@RULES.decides(c.ChooseKill)
def choose_kill(state: DustState, command: c.ChooseKill) -> list[object]:
    checks.verify_kill(state, command.by, command.killer, command.target)
    return [NightKillChosen(command.by, command.killer if command.target else "",
                            command.target)]


@RULES.decides(c.ResolveNight)
def resolve(state: DustState, command: c.ResolveNight) -> list[object]:
    checks.verify_resolve(state, command.lots)
    night = state.number
    outcome = resolve_night(state, command.lots)
    events: list[object] = [NightStep(night, s.stage, s.text) for s in outcome.steps]
    events += [PlayerKilled(d.player, d.cause, night) for d in outcome.deaths]
    events += [ItemFound(f.player, f.item, f.location) for f in outcome.found]
    events += [PowerSpent(s.player, s.source, s.power, s.discard, s.why)
               for s in outcome.spent]
    events += [ItemsLost(lost.player, lost.items) for lost in outcome.lost]
    events += [LocationSearched(s.location, s.taken, s.emptied, night)
               for s in outcome.searched]
    events += [MessageSent(f"Night {night}", player, lines)
               for player, lines in outcome.messages]
    events.append(NightResolved(night, tuple(command.lots),
                                tuple(LateNote(p, i) for p, i in outcome.late_notes)))
    after = RULES.after(state, events)
    won = win(after)
    lines = (*outcome.post.lines, *([] if won else night_notice(after)))
    dead = {d.player for d in outcome.deaths}
    named = tuple(p.name for p in state.players if p.name in dead)  # as the post names them
    return [*events, DayBegan(outcome.post.title, lines, named), *won]


@RULES.decides(c.AddLateNote)
def add_late_note(state: DustState, command: c.AddLateNote) -> list[object]:
    source = checks.verify_late_note(state, command.player, command.text)
    return [LateNoteFound(command.player, source, state.number - 1, state.number,
                          command.text.strip())]


@RULES.decides(c.CorrectLateNote)
def correct_late_note(state: DustState, command: c.CorrectLateNote) -> list[object]:
    was = checks.verify_late_note_correction(state, command.player, command.text)
    text = command.text.strip()
    # the thread read the wrong words: it is told, never who wrote the note
    return [LateNoteCorrected(command.player, state.number, was, text),
            Posted(f"Day {state.number}: the moderator", (
                f"The moderator's mistake: the note posted today as \u201c{was}\u201d reads "
                f"\u201c{text}\u201d",))]


def not_sent(state: DustState) -> list[str]:
    """The living players the moderator has no night choice from: the Scum's kill is one
    from the killer who carries it out and from Guilt who chose it."""
    kill = state.kill
    heard = {kill.by, kill.killer} if kill else set()
    return [p.name for p in state.living if state.choice(p.name) is None and p.name not in heard]


def resolving_question(state: DustState, typed: Sequence[str] | None = None, *,
                       kept: Sequence[str] = (), read: str | None = None) -> str:
    """The question asked before a night is resolved, with what is still missing; after
    lots typed from the table's draw (`typed`), the lots it resolves with, in order; with
    the lots `kept` from the night undone, that they are those; with what the thread and
    the players `read` before an undo took it back (`read_then_taken_back`), that too."""
    waiting = not_sent(state)
    # a few named, as the messages below are, so the moderator may ask them ("1 players")
    silent = ", ".join(waiting) if len(waiting) <= 3 else f"{len(waiting)} players"
    missing = [*([] if state.kill else ["the Scum have chosen no kill"]),
               *([f"nothing sent by {silent}"] if waiting else [])]
    # copied or not, the day's and the night's messages leave the Posts tab with the next
    # day: said while there is time to copy them (each stays on its player's page)
    unsent = state.to_send(state.shown_whens)
    if unsent:
        whom = ", ".join(unsent) if len(unsent) <= 3 else f"{len(unsent)} players"
        missing.append(f"the messages to {whom} are not yet copied to send (y or m on the "
                       f"Posts tab): they leave it with Day {state.number + 1}")
    unposted = [state.posts[place].title for place in state.unposted]
    if unposted:
        quoted = ", ".join(f"\u201c{title}\u201d" for title in unposted)
        missing.append(f"the {plural_word(len(unposted), 'post')} {quoted} "
                       f"{'is' if len(unposted) == 1 else 'are'} not yet copied to the thread "
                       f"(l on the Posts tab)")
    warning = f" Note: {sentence(' and '.join(missing))}" if missing else ""
    if read:
        warning += f" {read}"
    written = (f"The messages and the Day {state.number + 1} post are written on the Posts "
               f"tab, to send and post")
    if typed is not None:
        return (f"Resolve Night {state.number} with these lots, first to last: "
                f"{', '.join(typed)}? {written} (undo takes the whole night back).{warning}")
    if kept:
        return (f"Resolve Night {state.number} again, with the lots it was resolved with "
                f"before ({', '.join(kept[:2])}, ...)? {written} (t shows them to change)."
                f"{warning}")
    return (f"Resolve Night {state.number}? {written} (undo takes the whole night back; t "
            f"resolves with the lots your table drew).{warning}")


def draw_lots(campaign: Campaign[Any]) -> tuple[str, ...]:
    """Every living player once, in an order drawn from the campaign's seeded generator.

    A night resolved again after an undo keeps the lots it was first resolved with (while
    they still name the living), so shares the players may already have been told stay."""
    kept = kept_lots(campaign)
    if kept:
        return kept
    names = [p.name for p in campaign.state.living]
    campaign.rng("dust.lots").shuffle(names)
    return tuple(names)


def _undone_events(campaign: Campaign[Any]) -> list[Event]:
    """The events of every step undone now, oldest first: what an undo took back and no
    redo put back (read from the undone steps, not the whole journal, at each redraw)."""
    history = campaign.history
    return [event for step in sorted(history.undone) for event in history.steps.get(step, ())]


def kept_lots(campaign: Campaign[Any]) -> tuple[str, ...]:
    """The lots tonight was resolved with before an undo took it back, while they still name
    the living; none if it never was. A slot replaced since keeps its place under the name
    it is played under now, and a player dead since (a mod-kill) leaves them, the rest in
    their order: the shares the others were told stay theirs."""
    state: DustState = campaign.state
    names = [p.name for p in state.living]
    now = {old: p.name for p in state.living for old in p.names}
    for event in reversed(_undone_events(campaign)):
        if event.kind != "dust.night_resolved":
            continue
        try:
            resolved = RULES.kinds.read(event)
        except ValueError:
            continue
        lots = tuple(now[name] for name in resolved.lots if name in now)
        if resolved.night == state.number and sorted(lots) == sorted(names):
            return lots
    return ()


def read_then_taken_back(campaign: Campaign[Any]) -> str | None:
    """What the thread or a player was given, then lost to an undo: a post copied to the
    thread, messages copied to send, whose step an undo took back (the night they came
    from, or the copy itself), and that are not copied again since. The journal forgets
    them, but the thread and the players may have read them: the moderator, posting and
    sending again, tells them of his mistake. None when there is nothing of the kind."""
    state: DustState = campaign.state
    now = {old: p.name for p in state.players for old in p.names}
    titles: list[str] = []
    players: list[str] = []
    for event in _undone_events(campaign):
        if event.kind not in ("dust.post_copied", "dust.messages_copied"):
            continue
        try:
            read = RULES.kinds.read(event)
        except ValueError:
            continue
        if isinstance(read, PostCopied):
            again = (read.place < len(state.posts) and read.place in state.posted
                     and state.posts[read.place].title == read.title)
            if not again and read.title not in titles:
                titles.append(read.title)
        elif isinstance(read, MessagesCopied):
            name = now.get(read.player, read.player)
            his = [place for place, m in enumerate(state.messages)
                   if m.player == name and m.when in read.when]
            if (not his or any(place not in state.copied for place in his)) and (
                    name not in players):
                players.append(name)
    if not titles and not players:
        return None
    said = []
    if titles:
        quoted = ", ".join(f"\u201c{title}\u201d" for title in titles)
        said.append(f"the {plural_word(len(titles), 'post')} {quoted}")
    if players:
        whom = ", ".join(players) if len(players) <= 3 else f"{len(players)} players"
        said.append(f"the messages to {whom}")
    if titles and players:
        then = ("If the thread and the players read them, tell them it was the moderator's "
                "mistake as you post and send again.")
    elif titles:
        then = (f"If the thread read {'it' if len(titles) == 1 else 'them'}, say there it "
                "was the moderator's mistake as you post again.")
    else:
        then = ("If they read them, tell them it was the moderator's mistake as you send "
                "again.")
    return f"Copied, then taken back by an undo: {' and '.join(said)}. {then}"


def why_not_undo_night(state: DustState, *, resolved: bool) -> RuleError | None:
    """Why the last resolved night cannot be taken back as one step (`resolved`: a night
    resolution is in effect in the journal): none is, or the newest night was called off
    as a session ended, which the session's own undo takes back."""
    if state.number - 1 in state.called_off:
        return RuleError("Undo night", f"Night {state.number - 1} was called off as a session "
                         "ended, not resolved: ctrl+z takes it back with the session's end")
    if not resolved:
        return RuleError("Undo night", "no night has been resolved")
    return None


def lots_note(state: DustState, drawn: Sequence[str], *, kept: bool = False) -> str:
    """The lots form's note: among whom the table draws tonight, the app's own draw (or,
    `kept`, the lots of the night undone), and how what is typed (or left blank) is read."""
    ties = lot_ties(state)
    where = (f"Tonight the lots settle {'; '.join(ties)}: draw among each group's players."
             if ties else "Nothing sent tonight is settled by the lots: no two players "
             "scavenge at one place or aim like actions at one player (F1: Lots).")
    whose = "The lots it was resolved with before" if kept else "The app's draw"
    return (f"{where} {whose}: {sentence(', '.join(drawn))} Type names, commas "
            "between; those left out follow in the draw's order. Left blank, the draw "
            "stands.")


def lots_from_text(text: str, drawn: Sequence[str]) -> tuple[str, ...]:
    """The lots the moderator typed: names with commas between (a name may hold a comma
    itself), first to last; every living player left out follows in the drawn order. A name
    that is no living player's, or one named twice, is refused, naming the field."""
    typed = checks.typed_names(text, drawn, lambda part: RuleError(
        "Lots", f"no living player is named {quoted(part)}", field="lots"))
    twice = next((name for at, name in enumerate(typed) if name in typed[:at]), None)
    if twice is not None:
        raise RuleError("Lots", f"{twice} is named twice", field="lots")
    return (*typed, *(name for name in drawn if name not in typed))
