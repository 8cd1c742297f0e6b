"""The day's decide functions: gifts, day powers, votes and the deadline (book lines 30, 40, 42).

The deadline clock is the moderator's count of the time left to a day, shown to the table:
its size is kept from day to day, and each day starts its own with none of it gone, so a
day's deadline never shows through a later day, a night or the game's end. A full clock
ends nothing by itself: the moderator ends the day (e), asked first, as at any deadline.
A vote entered once it is full still counts (the moderator enters votes as he reads the
thread, and this one may have come in before the deadline), but a hammer then asks with a
word that the deadline is reached: go on only if the vote came in before it.

The hammer (the vote that makes a majority) ends the day at once, as does a majority for no
lynch or the moderator's deadline; each posts the end of the day, and the win is checked.
A note a player killed last night may have sent (book line 125) is entered by day and not
after: while one may still come, each question before the day ends names its writer.

The Innocent's vouch (ours: the book prints no powers) is the moderator's own word on the
role he dealt, not a power that detects alignment: a Relic or a Black Book in the
Innocent's hands (lines 134, 136), which fool such powers, leave the vouch Town.

A gift entered to the wrong receiver is put right the same day, while he still holds it: it
moves to the right one with its uses, the one entered is told it was never his and the
right one is told as any receiver is (never by whom). Votes cast since stand.
"""

from __future__ import annotations

from gmscreen.core.text import plural, sentence
from gmscreen.games.dust import checks
from gmscreen.games.dust import commands as c
from gmscreen.games.dust.events import (
    ChurchLit,
    DayEnded,
    DeadlineSet,
    DeadlineTicked,
    GameWon,
    GiftCorrected,
    ItemGiven,
    ItemsLost,
    MessageSent,
    PlayerLynched,
    Posted,
    PowerSpent,
    VoteCast,
    VoteWithdrawn,
    Vouched,
)
from gmscreen.games.dust.rules import RULES, flip, item_card, win
from gmscreen.games.dust.state import NO_LYNCH, DustState
from gmscreen.games.dust.wins import verdict


@RULES.decides(c.GiveItem)
def give(state: DustState, command: c.GiveItem) -> list[object]:
    checks.verify_gift(state, command.giver, command.item, command.receiver)
    giver = state.player(command.giver)
    assert giver is not None
    # the copy that changes hands keeps its uses spent (a Notebook one note down)
    copy = next(h for h in giver.items if h.item == command.item)
    return [ItemGiven(command.giver, command.item, command.receiver, state.number),
            MessageSent(f"Day {state.number}", command.receiver,
                        (f"Someone gave you an item: {sentence(state.held_label(copy))}",
                         *item_card(state, command.item)))]


@RULES.decides(c.CorrectGift)
def correct_gift(state: DustState, command: c.CorrectGift) -> list[object]:
    checks.verify_gift_correction(state, command.giver, command.item, command.was,
                                  command.receiver)
    was = state.player(command.was)
    assert was is not None
    copy = next(h for h in was.items if h.item == command.item)
    day = f"Day {state.number}"
    return [GiftCorrected(command.giver, command.item, command.was, command.receiver,
                          state.number),
            MessageSent(day, command.was, (f"The moderator's mistake: no one gave you the "
                                           f"{command.item}; it is not yours.",)),
            MessageSent(day, command.receiver,
                        (f"Someone gave you an item: {sentence(state.held_label(copy))}",
                         *item_card(state, command.item)))]


@RULES.decides(c.UseDayPower)
def day_power(state: DustState, command: c.UseDayPower) -> list[object]:
    power = checks.verify_day_power(state, command.player, command.source, command.power)
    player = state.player(command.player)
    item = state.item(command.source)
    copy = next((h for h in player.items if h.item == command.source), None) if player else None
    spent = PowerSpent(command.player, command.source, power.name,
                       discard=item is not None and copy is not None
                       and copy.used + 1 >= item.uses,
                       why=f"its {power.name} was used")
    if power.effect == "light":
        return [ChurchLit(command.player, command.source, state.number), spent,
                Posted(f"Day {state.number}: the generator", (
                    "The generator has been turned on: the church will be lit tonight.",))]
    return [Vouched(command.player, state.number), spent,
            Posted(f"Day {state.number}: a word from the moderator",
                   (f"I vouch for {command.player}: TOWN-aligned.",), (command.player,))]


@RULES.decides(c.Vote)
def vote(state: DustState, command: c.Vote) -> list[object]:
    checks.verify_vote(state, command.voter, command.target)
    if not command.target:
        return [VoteWithdrawn(command.voter, state.number)]
    cast = VoteCast(command.voter, command.target, state.number)
    return [cast, *hammer(RULES.after(state, [cast]))]


def hammer(state: DustState) -> list[object]:
    """The end of the day if a wagon holds a majority of the living (a vote, or a mod-kill
    that leaves fewer players, brings it there); nothing otherwise."""
    for target, voters in state.tally().items():
        if len(voters) >= state.majority:
            return day_over(state, "" if target == NO_LYNCH else target, voters)
    return []


@RULES.decides(c.SetDeadline)
def set_deadline(state: DustState, command: c.SetDeadline) -> list[object]:
    checks.verify_set_deadline(state, command.segments)
    return [DeadlineSet(command.segments, state.number if state.phase == "day" else 0,
                        command.why.strip())]


@RULES.decides(c.TickDeadline)
def tick_deadline(state: DustState, command: c.TickDeadline) -> list[object]:
    checks.verify_tick_deadline(state, command.by, command.reason)
    return [DeadlineTicked(state.number, command.by, command.reason.strip())]


@RULES.decides(c.EndDay)
def end_day(state: DustState, command: c.EndDay) -> list[object]:
    checks.verify_end_day(state)
    return day_over(state, "", [])


def end_day_question(state: DustState) -> str:
    """What to ask before the day is ended without a lynch (at the deadline): how many
    votes a lynch needs (line 42) and what each wagon holds, the most first; and a dead
    writer's note still to enter (`notes_waiting`)."""
    wagons = sorted(state.tally().items(), key=lambda wagon: -len(wagon[1]))
    held = [f"{target} {'' if n else 'has '}{len(voters)}"
            for n, (target, voters) in enumerate(wagons)]
    return (f"End Day {state.number} without a lynch? A lynch needs a majority, "
            f"{state.majority} votes; {', '.join(held) or 'none is cast'}."
            f"{notes_waiting(state)}")


def notes_waiting(state: DustState) -> str:
    """Said before the day ends, while a player killed last night with a Notebook may have
    sent a note the moderator has not entered (book line 125: found when this day began):
    once the day ends, it cannot be ("" when none waits)."""
    writers = [name for name, _ in state.late_notes]
    if not writers:
        return ""
    who = " and ".join(filter(None, [", ".join(writers[:-1]), writers[-1]]))
    each = "each " if len(writers) > 1 else ""
    return (f" {who}, killed last night with a Notebook, may {each}have sent a note: once "
            f"the day ends it cannot be entered (w on the Posts tab).")


def day_over(state: DustState, lynched: str, voters: list[str]) -> list[object]:
    """The end of the day: the lynch (if any) and its flip, twilight, and perhaps the win."""
    day = state.number
    events: list[object] = []
    if lynched:
        events.append(PlayerLynched(lynched, day, tuple(voters)))
        player = state.player(lynched)
        if player is not None and player.items:
            events.append(ItemsLost(lynched, tuple(h.item for h in player.items)))
        lines = [f"The hammer falls: {lynched} is lynched by {sentence(', '.join(voters))}",
                 flip(state, lynched)]
    elif voters:
        lines = [f"A majority votes not to lynch today ({', '.join(voters)})."]
    else:
        lines = ["The day ends without a majority: no one is lynched."]
    won = win(RULES.after(state, [*events, DayEnded(day, lynched)]))
    events.append(DayEnded(day, lynched, ends_game=bool(won)))
    if not won:
        lines.append(f"Twilight: talk on until Night {day} is resolved, and send me your "
                     "night actions.")
    named = tuple(dict.fromkeys([lynched, *voters] if lynched else voters))
    events.append(Posted(f"Day {day}: the end of the day", tuple(lines), named))
    return [*events, *won]


def day_ending_question(state: DustState, command: c.Vote) -> str | None:
    """What to ask before a vote that ends the day (None: it does not): the hammer cannot be
    taken back at the table, any more than a day ended without a lynch. Once the day's
    deadline clock is full, the hammer's question says so: the vote may have come in after
    it, when the day ends without a lynch (the Dealer enters votes as he reads them)."""
    caused = vote(state, command)
    made = [type(p) for p in caused]
    # a hammer that ends the game says so: the closing post flips every living player
    won = next((p for p in caused if isinstance(p, GameWon)), None)
    said = verdict(won.winner) if won else ""
    ends = (f", Day {state.number} ends, and with it the game: {said[:1].lower()}{said[1:]}"
            if won
            else f", and Day {state.number} ends")
    if PlayerLynched in made:
        # the clock full, the day may already be over at the table: a vote entered now
        # lynches only if it came in before the deadline (our clock; the book has none)
        late = (f" The Day {state.number} deadline is reached: go on only if the vote came in "
                f"before it (e ends the day without a lynch)."
                if state.deadline and state.deadline_gone >= state.deadline else "")
        # a wagon the moderator held back at a removal (it waits for the next vote) is
        # lynched by any vote cast, whomever that vote names
        lynched = next(p.player for p in caused if isinstance(p, PlayerLynched))
        whose = (f"{command.voter}'s vote is the hammer" if lynched == command.target
                 else f"{command.voter}'s vote on {command.target} brings the hammer held "
                      f"back at the removal")
        return (f"{whose}: {lynched} is lynched and flipped{ends}.{late}"
                f"{notes_waiting(state)} Go on?")
    if DayEnded in made:
        whose = (f"{command.voter}'s vote makes a majority for no lynch"
                 if command.target == NO_LYNCH
                 else f"{command.voter}'s vote on {command.target} brings the majority for "
                      f"no lynch held back at the removal")
        return f"{whose}: Day {state.number} ends.{notes_waiting(state)} Go on?"
    return None


def day_power_question(state: DustState, command: c.UseDayPower) -> str | None:
    """What to ask before a day power is spent (None: the rules refuse it, and say why):
    the table hears of it at once (the generator, line 117; the vouch is posted), so it
    cannot be taken back at the table. It names the power and its holder, since the form's
    list sends the highlighted one on Enter or a click."""
    if not checks.can(checks.verify_day_power, state, command.player, command.source,
                      command.power):
        return None
    made = day_power(state, command)
    heard = next(p.lines[0] for p in made if isinstance(p, Posted))
    said = ("The church is lit tonight, so the Scum's kill cannot reach anyone who stays "
            "inside, and everyone is told at once (never by whom)."
            if any(isinstance(p, ChurchLit) for p in made) else f"The thread is told: {heard}")
    used = next(p for p in made if isinstance(p, PowerSpent))
    holder = state.player(command.player)
    power = state.power_of(command.player, command.source, command.power)
    if holder is not None and power is not None and command.source == holder.role:
        left = None if power.uses is None else (
            power.uses - holder.times_used(command.power) - 1)
        spent = ("" if left is None else " No use of it is left." if left <= 0
                 else f" {plural(left, 'use')} of it left.")
    else:
        spent = (f" The {command.source} is gone." if used.discard
                 else f" One use of the {command.source} is spent.")
    return (f"Use {command.player}'s {command.source} ({command.power}) now? {said}"
            f"{spent}")
