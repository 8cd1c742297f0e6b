"""The Wanted Clock, decided (the arithmetic is `wanted`'s): crimes, the bounty paid, time
served, cunning deals, the Wanted Chart, and the optional Glory tally. What may be done now
is asked of the `why_not_x` functions here; each step raises the same refusal.

Readings kept here: a crime's line of the log (its cause) is one already written: at most
the newest line of the journal (the game's own steps, a session's start or end, a note, a
line of the Judge's clocks or free rolls); one past it is refused, and a journal mended to
one is named by its event. When a session ends, its question names the chart results
still to come into play and the ammunition dice still owed (`before_session_ends`). Glory
is swayed by the bounty too (line 288): the tab and the Glory form say how far the clock
moved since Glory was last set. The bounty is paid, and time done, by the posse's members
alive and in play (lines 87, 163, 165): one ridden off at 6 Stress has left play (his purse
handed over first), and an NPC doing time for the posse is a cunning deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful import fight_rules, wanted
from gmscreen.games.fistful.characters import JOURNAL_MOST
from gmscreen.games.fistful.events import (
    ChartResultBrought,
    ClockMoved,
    GloryChanged,
    SheetChange,
    WantedChartRolled,
)
from gmscreen.games.fistful.rules import RULES, refuse, who
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import weapons
from gmscreen.journal.rules import RuleError


def why_not_move_clock(state: FistfulState) -> RuleError | None:
    """The clock is the posse's: it moves once the posse is formed."""
    if not state.formed:
        return RuleError("Wanted Clock", "form the posse first")
    return None


def why_not_do_time(state: FistfulState) -> RuleError | None:
    return why_not_move_clock(state) or wanted.why_nothing_comes_off(state.clock, "Doing time")


def why_not_deal(state: FistfulState) -> RuleError | None:
    return why_not_move_clock(state) or wanted.why_nothing_comes_off(state.clock,
                                                                    "Cunning deal")


def why_not_chart(state: FistfulState) -> RuleError | None:
    refused = why_not_move_clock(state)
    if refused is None and state.clock >= wanted.HIGH_NOON:
        return RuleError("Wanted Chart", "at High Noon nobody rolls on the Wanted Chart: the "
                         "manhunt is on")
    return refused


def chart_waiting(state: FistfulState) -> tuple[tuple[int, int, str], ...]:
    """The chart rolls that read an entry the Judge has not yet brought into play (the book
    lets a result show later in the session), oldest first: event number, total, entry."""
    return tuple(roll for roll in state.chart_rolls
                 if roll[2] and roll[0] not in state.chart_brought)


@RULES.tells_before_session_ends
def before_session_ends(state: FistfulState) -> str | None:
    """Said in the question that ends a session: the Wanted Chart's results still to come
    into play (they wait into the next session, line 185: "introduced as appropriate"),
    the ammunition dice still owed after a firefight (line 229), and who of the posse is
    still down at 0 Guts (line 103: back up with aid, or lost for good when the posse
    cannot get them back), each of which a Judge ending the evening would otherwise keep
    in his head."""
    said = []
    down = [who for who in state.posse_members if who.condition == "out of action"]
    if down:
        # each by the step the sheet asks for next: the table first, then up or lost
        said.append("Still out of action at 0 Guts: " + "; ".join(
            f"{who.name} (" + ("Revive, or Lost for good if the posse cannot get them back"
                               if who.out_of_action_rolled else "the Out of action table")
            + ")" for who in down) + ", on the Characters tab.")
    waiting = chart_waiting(state)
    if waiting:
        results = ", ".join(f"{total} {wanted.entry_name(entry)[0]}"
                            for _, total, entry in waiting)
        said.append(f"Still to come into play from the Wanted Chart: {results} (Brought "
                    "in, on the Wanted Clock tab; they wait into the next session).")
    owed = fight_rules.ammunition_due(state) if not state.fight else ()
    if owed:
        said.append("The ammunition die is still to roll for "
                    + ", ".join(f"{name}'s {weapons()[key].name if key in weapons() else key}"
                                for name, key in owed) + " (Roll the ammo die, on the Fight tab).")
    return " ".join(said) or None


def why_not_bring_in(state: FistfulState) -> RuleError | None:
    if not chart_waiting(state):
        return RuleError("Wanted Chart", "no chart result is waiting to come into play")
    return None


def spendable(payer: Character) -> int:
    """The Dollars a posse member may pay a bounty with: starting money cannot."""
    return max(0, payer.dollars - payer.start_purse)


def bounty_payers(state: FistfulState) -> tuple[Character, ...]:
    """Who may put money toward the posse's bounty: its members alive and in play (the
    bounty is the posse's, so they may pool their money; one ridden off at 6 Stress has
    left play, his purse handed over first), each with what they may spend."""
    return state.posse_in_play


def why_not_pay(state: FistfulState) -> RuleError | None:
    """Paying off the top hour: not at 1 o'clock, nor from 9 o'clock, and only with the
    money the posse has between them that is not starting money."""
    refused = why_not_move_clock(state)
    if refused is not None:
        return refused
    try:
        cost = wanted.pay_off_cost(state.clock)
    except RuleError as error:
        return error
    pooled = sum(spendable(x) for x in bounty_payers(state))
    if pooled < cost:
        return RuleError("Paying the bounty", f"${cost} to clear {state.clock} o'clock; the "
                         f"posse has ${pooled} between them that is not starting money")
    return None


def _payer(state: FistfulState, name: str, field: str) -> Character | RuleError:
    """The posse member called `name`, who may pay toward the bounty."""
    try:
        found = who(state, name, able=False, field=field)
    except RuleError as error:
        return error
    if found not in bounty_payers(state):
        gone = (" has 6 Stress and has left play: what they carried passes to the posse "
                "(Hand over)" if found.out_of_play and not found.dead and not found.is_npc
                else " is not a living member of the posse: the posse pays its own bounty")
        return RuleError("Paying the bounty", f"{found.name}{gone}", field=field)
    return found


def why_not_pay_by(state: FistfulState, name: str) -> RuleError | None:
    """Whether `name` can pay off the top hour now, alone."""
    refused = why_not_pay(state)
    if refused is not None:
        return refused
    payer = _payer(state, name, "payer")
    if isinstance(payer, RuleError):
        return payer
    cost = wanted.pay_off_cost(state.clock)
    if spendable(payer) < cost:
        return RuleError("Paying the bounty", f"${cost} to clear {state.clock} o'clock; "
                         f"{payer.name} has ${spendable(payer)} that is not starting money",
                         field="payer")
    return None


def suggested_shares(state: FistfulState) -> dict[str, int]:
    """The parts a form starts with: the first member who can pay it all alone pays it;
    otherwise those with the most to spend put it in until the cost is met."""
    payers = bounty_payers(state)
    try:
        cost = wanted.pay_off_cost(state.clock)
    except RuleError:
        return {}
    alone = next((x for x in payers if spendable(x) >= cost), None)
    if alone is not None:
        return {alone.name: cost}
    parts: dict[str, int] = {}
    for payer in sorted(payers, key=spendable, reverse=True):
        part = min(cost - sum(parts.values()), spendable(payer))
        if part > 0:
            parts[payer.name] = part
    return parts


def why_not_shares(state: FistfulState, shares: Sequence[tuple[str, int]]
                   ) -> RuleError | None:
    """Whether the posse members named can pay off the top hour now, each their part:
    each part at least $1 and within what its payer may spend, and the parts together
    the cost."""
    refused = why_not_pay(state)
    if refused is not None:
        return refused
    cost = wanted.pay_off_cost(state.clock)
    names = [name for name, _ in shares]
    if len(set(names)) != len(names):
        return RuleError("Paying the bounty", "name each payer once", field="shares")
    for name, dollars in shares:
        payer = _payer(state, name, "shares")
        if isinstance(payer, RuleError):
            return payer
        if dollars < 1:
            return RuleError("Paying the bounty", f"{payer.name}'s part is at least $1, "
                             f"not ${dollars}", field="shares")
        if dollars > spendable(payer):
            return RuleError("Paying the bounty", f"{payer.name} puts in ${dollars} and has "
                             f"${spendable(payer)} that is not starting money",
                             field="shares")
    paid = sum(dollars for _, dollars in shares)
    if paid != cost:
        short = "short of" if paid < cost else "more than"
        return RuleError("Paying the bounty", f"${cost} clears {state.clock} o'clock; the "
                         f"parts come to ${paid}, {short} it", field="shares")
    return None


def why_not_glory(state: FistfulState) -> RuleError | None:
    if not state.settings.glory:
        return RuleError("Glory", "that optional rule is off")
    return None


def clock_moved(state: FistfulState, after: int, how: str, why: str, *,
                cause: int | None = None, follows: bool = False, payer: str | None = None,
                cost: int | None = None, name: str | None = None,
                sheets: dict[str, SheetChange] | None = None,
                shares: dict[str, int] | None = None, asked: int = 1) -> ClockMoved:
    """The Wanted Clock moved from its hour to `after`, how and why (a crime, the bounty
    paid, carousing, time served, a deal); the hours `asked` are kept when the clock could
    not move them all."""
    short = asked if asked != abs(after - state.clock) else None
    return ClockMoved(state.clock, after, how, why, cause, follows, payer, cost, name, sheets,
                      shares, short)


def _named(why: str, what: str) -> None:
    """A crime or a deal moves the clock only once the Judge names it (lines 160-166: the
    clock's moves are the posse's known deeds; the tab and the recap list them by it)."""
    if not why.strip():
        raise RuleError("Wanted Clock", f"name the {what} that moves the clock", field="why")


def past(state: FistfulState) -> str:
    """Why a crime's line past the log's newest cannot be its cause (line 161: the clock
    moves for crimes already known; "see #999" named a line never written)."""
    return (f"past the newest line of the log, #{state.newest}: a crime's line is one "
            "already written")


@RULES.decides(c.Crime)
def crime(state: FistfulState, command: c.Crime) -> list[object]:
    refuse(why_not_move_clock(state))
    _named(command.why, "crime")
    if command.cause is not None and command.cause < 1:
        raise RuleError("Wanted Clock", f"the crime's cause is a line of the log, #1 or "
                        f"later, not #{command.cause}", field="cause")
    if command.cause is not None and command.cause > state.newest:
        raise RuleError("Wanted Clock", f"the crime's cause #{command.cause} is "
                        f"{past(state)}", field="cause")
    return [clock_moved(state, wanted.after_crime(state.clock, command.segments), "crime",
                        command.why, cause=command.cause, asked=command.segments)]


def _paid_by(state: FistfulState, payer: Character) -> ClockMoved:
    """The top hour paid off by `payer` alone."""
    cost = wanted.pay_off_cost(state.clock)
    return clock_moved(state, state.clock - 1, "paid", f"{payer.name} pays ${cost}",
                       payer=payer.name, cost=cost,
                       sheets={payer.name: SheetChange(dollars=payer.dollars - cost)})


@RULES.decides(c.PayBounty)
def pay_bounty(state: FistfulState, command: c.PayBounty) -> list[object]:
    if command.shares and command.payer:
        raise RuleError("Paying the bounty", "name one payer, or each payer's part, not "
                        "both", field="shares")
    if not command.shares and not command.payer.strip():
        refuse(why_not_pay(state))
        raise RuleError("Paying the bounty", "name who pays, and each payer's part",
                        field="shares")
    if not command.shares:
        refuse(why_not_pay_by(state, command.payer))
        return [_paid_by(state, who(state, command.payer, able=False, field="payer"))]
    refuse(why_not_shares(state, command.shares))
    parts = [(who(state, name, able=False), dollars) for name, dollars in command.shares]
    if len(parts) == 1:
        # one payer of the whole is the bounty paid by one, as it always was
        return [_paid_by(state, parts[0][0])]
    paid = " and ".join(f"{found.name} ${dollars}" for found, dollars in parts)
    return [clock_moved(state, state.clock - 1, "paid", f"the posse pays {paid}",
                        cost=wanted.pay_off_cost(state.clock),
                        shares={found.name: dollars for found, dollars in parts},
                        sheets={found.name: SheetChange(dollars=found.dollars - dollars)
                                for found, dollars in parts})]


@RULES.decides(c.DoTime)
def do_time(state: FistfulState, command: c.DoTime) -> list[object]:
    refuse(why_not_move_clock(state))
    served = who(state, command.name)
    if served.is_npc:
        raise RuleError("Doing time", f"{served.name} is an NPC: time is done by one of the "
                        "posse (an NPC taking the fall for them is a cunning deal)", field="name")
    after = wanted.after_time_served(state.clock, command.segments)
    return [clock_moved(state, after, "time", command.why or f"{served.name} does time",
                        name=served.name, asked=command.segments)]


@RULES.decides(c.CunningDeal)
def cunning_deal(state: FistfulState, command: c.CunningDeal) -> list[object]:
    refuse(why_not_move_clock(state))
    _named(command.why, "deal")
    return [clock_moved(state, wanted.after_deal(state.clock, command.segments), "deal",
                        command.why, asked=command.segments)]


@RULES.decides(c.RollWantedChart)
def roll_wanted_chart(state: FistfulState, command: c.RollWantedChart) -> list[object]:
    refuse(why_not_chart(state))
    entry = wanted.chart_entry(state.clock, command.dice)
    return [WantedChartRolled(state.clock, tuple(command.dice), sum(command.dice),
                              entry or "")]


@RULES.decides(c.BringInChartResult)
def bring_in_chart_result(state: FistfulState, command: c.BringInChartResult
                          ) -> list[object]:
    refuse(why_not_bring_in(state))
    found = next((roll for roll in chart_waiting(state) if roll[0] == command.seq), None)
    if found is None:
        waiting = ", ".join(f"#{seq}" for seq, _, _ in chart_waiting(state))
        raise RuleError("Wanted Chart", f"#{command.seq} is no chart result waiting to come "
                        f"into play (waiting: {waiting})", field="seq")
    return [ChartResultBrought(*found)]


@RULES.decides(c.ChangeGlory)
def change_glory(state: FistfulState, command: c.ChangeGlory) -> list[object]:
    refuse(why_not_glory(state))
    if command.amount == 0:
        raise RuleError("Glory", "a change of Glory is +1 or more, or -1 or less, not 0",
                        field="amount")
    if command.amount > JOURNAL_MOST - state.glory:
        raise RuleError("Glory", f"Glory {state.glory} can rise by at most "
                        f"{JOURNAL_MOST - state.glory}: more would pass the largest number "
                        f"the journal holds", field="amount")
    return [GloryChanged(command.amount, command.why, max(0, state.glory + command.amount))]
