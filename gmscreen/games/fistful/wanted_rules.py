"""The Wanted Clock, decided (the arithmetic is `wanted`'s): crimes, the bounty paid, time
served, cunning deals, the Wanted Chart, and the optional Glory tally. What may be done now
is asked of the `why_not_x` functions here; each step raises the same refusal.
"""

from __future__ import annotations

from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful import wanted
from gmscreen.games.fistful.events import ClockMoved, GloryChanged, SheetChange, WantedChartRolled
from gmscreen.games.fistful.rules import RULES, refuse, who
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.journal.rules import RuleError


def why_not_move_clock(state: FistfulState) -> RuleError | None:
    """The clock is the posse's: it moves once the posse is formed."""
    if not state.formed:
        return RuleError("Wanted Clock", "form the posse first")
    return None


def why_not_chart(state: FistfulState) -> RuleError | None:
    refused = why_not_move_clock(state)
    if refused is None and state.clock >= wanted.HIGH_NOON:
        return RuleError("Wanted Chart", "at High Noon nobody rolls on the Wanted Chart: the "
                         "manhunt is on")
    return refused


def why_not_pay(state: FistfulState) -> RuleError | None:
    """Paying off the top hour: not at 1 o'clock, nor from 9 o'clock."""
    refused = why_not_move_clock(state)
    if refused is not None:
        return refused
    try:
        wanted.pay_off_cost(state.clock)
    except RuleError as error:
        return error
    return None


def spendable(payer: Character) -> int:
    """The Dollars a posse member may pay a bounty with: starting money cannot."""
    return payer.dollars - payer.start_purse


def why_not_pay_by(state: FistfulState, name: str) -> RuleError | None:
    """Whether `name` can pay off the top hour now."""
    refused = why_not_pay(state)
    if refused is not None:
        return refused
    try:
        payer = who(state, name, able=False, field="payer")
    except RuleError as error:
        return error
    cost = wanted.pay_off_cost(state.clock)
    if spendable(payer) < cost:
        return RuleError("Paying the bounty", f"${cost} to clear {state.clock} o'clock; "
                         f"{payer.name} has ${spendable(payer)} that is not starting money",
                         field="payer")
    return None


def why_not_glory(state: FistfulState) -> RuleError | None:
    if not state.settings.glory:
        return RuleError("Glory", "that optional rule is off")
    return None


def clock_moved(state: FistfulState, after: int, how: str, why: str, *,
                cause: int | None = None, follows: bool = False, payer: str | None = None,
                cost: int | None = None, name: str | None = None,
                sheets: dict[str, SheetChange] | None = None) -> ClockMoved:
    """The Wanted Clock moved from its hour to `after`, how and why (a crime, the bounty
    paid, carousing, time served, a deal)."""
    return ClockMoved(state.clock, after, how, why, cause, follows, payer, cost, name, sheets)


@RULES.decides(c.Crime)
def crime(state: FistfulState, command: c.Crime) -> list[object]:
    refuse(why_not_move_clock(state))
    if command.cause is not None and command.cause < 1:
        raise RuleError("Wanted Clock", f"the crime's cause is a line of the log, #1 or "
                        f"later, not #{command.cause}", field="cause")
    return [clock_moved(state, wanted.after_crime(state.clock, command.segments), "crime",
                        command.why, cause=command.cause)]


@RULES.decides(c.PayBounty)
def pay_bounty(state: FistfulState, command: c.PayBounty) -> list[object]:
    refuse(why_not_pay_by(state, command.payer))
    payer = who(state, command.payer, able=False, field="payer")
    cost = wanted.pay_off_cost(state.clock)
    return [clock_moved(state, state.clock - 1, "paid", f"{payer.name} pays ${cost}",
                        payer=payer.name, cost=cost,
                        sheets={payer.name: SheetChange(dollars=payer.dollars - cost)})]


@RULES.decides(c.DoTime)
def do_time(state: FistfulState, command: c.DoTime) -> list[object]:
    refuse(why_not_move_clock(state))
    served = who(state, command.name, able=False)
    after = wanted.after_time_served(state.clock, command.segments)
    return [clock_moved(state, after, "time", command.why or f"{served.name} does time",
                        name=served.name)]


@RULES.decides(c.CunningDeal)
def cunning_deal(state: FistfulState, command: c.CunningDeal) -> list[object]:
    refuse(why_not_move_clock(state))
    return [clock_moved(state, wanted.after_deal(state.clock, command.segments), "deal",
                        command.why)]


@RULES.decides(c.RollWantedChart)
def roll_wanted_chart(state: FistfulState, command: c.RollWantedChart) -> list[object]:
    refuse(why_not_chart(state))
    entry = wanted.chart_entry(state.clock, command.dice)
    return [WantedChartRolled(state.clock, tuple(command.dice), sum(command.dice),
                              entry or "")]


@RULES.decides(c.ChangeGlory)
def change_glory(state: FistfulState, command: c.ChangeGlory) -> list[object]:
    refuse(why_not_glory(state))
    return [GloryChanged(command.amount, command.why, max(0, state.glory + command.amount))]
