"""Between adventures, decided (the arithmetic is `between`'s and `characters`'): Carousing,
the Advancement Test, the session's take and its XP, buying and selling. What may be done
now is asked of the `why_not_x` functions here; each step raises the same refusal.

Readings kept here: a take shared by the whole posse is split evenly among those of it
still in play, each share rounded down (the book rounds a share down to the dollar); a
dollar or two left over is the Judge's to place. A price is rolled for each item (line
207), so a stack of small items bought together ("Box of shells x3") rolls its category's
dice once for each, times the book's mark; a small item bought to the slot where the same
sits joins its stack (line 245: three to a slot, a fourth spilling into the next); one sold
from a stack is one item, the rest kept.

Dollars and gear pass within the posse (the book is silent; a table takes up a fallen
comrade's purse and guns, and lends a friend the price of a bar tab): from one of the posse,
living or dead or ridden off, to one still in play. Money handed on is no winnings: it was
counted as a take when it was won, so it earns no XP. Starting money goes first and stays
starting money in the taker's hands (line 321: it cannot pay the bounty, whoever holds it).
One item passes at a time (one of a stack), to the slot the Judge names or the one it had,
within the taker's encumbrance. An NPC's belongings are the Judge's story.

Starting money does not turn into bounty money by going through the store (lines 319-321,
stop 63): the part of a price paid with starting money (all of it, while the purse holds
that much) stays with the item, and a sale gives it back as starting money first. A
Revolver bought for $60 of starting money and sold for $60, or used for $30, brings back
only starting money; one bought for $60 of which $20 was starting money and sold used for
$30 brings back $20 of starting money and $10 that is not. One of a stack carries its
share of the stack's starting money, rounded up (three boxes bought with $5 of it: $2 a
box), as it is sold, handed over or used up. Journals written before kept no starting
money in items: what they bought sells as it did.

One who rode off at 6 Stress is removed from play entirely (line 87), so he takes no share
of a take (a whole take is split among the rest), goes on no night out, buys and sells
nothing: what he carried passes to the posse by hand (Hand over), as a dead man's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gmscreen.core.text import plural
from gmscreen.games.fistful import between, characters, harm, wanted
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import JOURNAL_MOST, guts_max
from gmscreen.games.fistful.events import (
    Advanced,
    Bought,
    Caroused,
    DebtPaid,
    HandedOver,
    SessionSettled,
    SheetChange,
    Sold,
    TakeShared,
)
from gmscreen.games.fistful.fight_rules import under_fire
from gmscreen.games.fistful.rules import (
    RULES,
    attribute,
    coin,
    faces,
    refuse,
    who,
    why_not_get_up,
)
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import carousing_table, price_categories
from gmscreen.games.fistful.wanted_rules import clock_moved
from gmscreen.journal.rules import RuleError

# -- what may be done now -------------------------------------------------------------------


def _posse_member(state: FistfulState, name: str, doing: str) -> RuleError | None:
    try:
        found = who(state, name, able=False)
    except RuleError as refused:
        return refused
    if found.is_npc:
        return RuleError(doing, f"{name} is an NPC: Carousing, takings and trade are the "
                         "posse's", field="name")
    if found.dead:
        return RuleError("Out of action", f"{name} is dead", field="name")
    if found.out_of_play:
        # rode off at 6 Stress, out of play (line 87): no share of a take (a whole take was
        # split with them too), no buying or selling; what they carried passes on (Hand
        # over, named by its step: a refusal knows no key the Judge set)
        return RuleError("Stress", f"{name} has 6 Stress and has left play: what they "
                         "carried passes to the posse (Hand over)", field="name")
    return None


def why_not_hand_over(state: FistfulState, name: str) -> RuleError | None:
    """Handing on: one of the posse, living or not, with dollars or gear, and another of it
    still in play to take them."""
    found = state.character(name)
    if found is None or found.is_npc:
        return RuleError("Hand over", f"{name} is no member of the posse: dollars and gear "
                         "pass within it", field="giver")
    if not found.dollars and not found.equipment:
        return RuleError("Hand over", f"{name} has no dollars and carries nothing",
                         field="giver")
    if not hand_over_takers(state, name):
        return RuleError("Hand over", "nobody else of the posse is in play to take it",
                         field="taker")
    return None


def hand_over_takers(state: FistfulState, name: str) -> tuple[str, ...]:
    """Who of the posse may take what `name` hands on: the others still in play."""
    return tuple(c.name for c in state.posse_members
                 if c.name != name and not c.dead and not c.out_of_play)


def why_not_carouse(state: FistfulState, name: str) -> RuleError | None:
    """A night out: a posse member still in play, up from 0 Guts only once the Out of
    action table is rolled, with some money to start a tab (line 146), so the key is
    refused with the reason before the form is filled."""
    refused = _posse_member(state, name, "Carousing")
    if refused is not None:
        return refused
    try:
        # one who rode off at 6 Stress is out of play (line 87): said, never raised (it
        # raised as the Characters tab's footer asked of its highlighted row, and the app
        # quit, opening no more on a campaign whose first sheet had ridden off)
        found = who(state, name)
    except RuleError as out_of_play:
        return out_of_play
    if found.dollars <= 0:
        return RuleError("Carousing", f"{found.name} holds no money, and a tab needs some "
                         "to start: no night out", field="name")
    return why_not_get_up(found) or under_fire(state, found.name, "Carousing", (
        "Carousing is had in a safe haven, not under fire"))


def why_not_take(state: FistfulState, name: str) -> RuleError | None:
    return _posse_member(state, name, "Experience")


def why_not_trade(state: FistfulState, name: str) -> RuleError | None:
    """Buying and selling."""
    return _posse_member(state, name, "Prices")


def why_not_sell(state: FistfulState, name: str) -> RuleError | None:
    """Selling: one of the posse with something on their list to sell."""
    refused = why_not_trade(state, name)
    if refused is not None:
        return refused
    found = state.character(name)
    if found is not None and not found.equipment:
        return RuleError("Prices", f"{name} carries nothing to sell", field="item")
    return None


def why_not_pay_debt(state: FistfulState, name: str) -> RuleError | None:
    """A debt from Carousing is paid back by one of the posse who owes and has money."""
    refused = _posse_member(state, name, "Debt")
    if refused is not None:
        return refused
    found = who(state, name, able=False)
    if found.debt < 1:
        return RuleError("Debt", f"{name} owes nothing", field="name")
    if found.dollars < 1:
        return RuleError("Debt", f"{name} owes ${found.debt} and has no Dollars to pay it "
                         "back with", field="name")
    return None


def why_not_advance(state: FistfulState, name: str) -> RuleError | None:
    """The Advancement Test spends the dice bought while Carousing."""
    try:
        found = who(state, name, in_action=True)
    except RuleError as refused:
        return refused
    if found.advancement_dice < 1:
        return RuleError("Advancement", f"{name} has bought no advancement dice (they are "
                         "bought with XP while Carousing)")
    return None


def likeliest_to_rise(found: Character) -> str:
    """The Attribute an Advancement Test is likeliest to raise: the dice must total above
    it, so the lowest still below 21 (the first in the book's order on a tie); "" when
    every one is at 21."""
    open_to = [name for name in characters.ATTRIBUTES
               if found.attribute(name) < characters.ATTRIBUTE_CAP]
    return min(open_to, key=found.attribute, default="")


# -- Carousing and advancement ----------------------------------------------------------------


@RULES.decides(c.Carouse)
def carouse(state: FistfulState, command: c.Carouse) -> list[object]:
    refuse(why_not_carouse(state, command.name))
    found = who(state, command.name)
    between.verify_carousing(found.dollars, found.stress, command.stress_off,
                             command.advancement_dice, found.xp, found.advancement_dice,
                             command.bill, found.name)
    faces(command.bill, len(command.bill), "the bill")
    faces((command.table,), 1, "the Carousing table")
    cost = sum(command.bill)
    if between.rolls_again(command.table):
        faces(command.again, len(command.bill), "the bill's dice rolled again")
    elif command.again:
        raise RuleError("Carousing", "the dice are rolled again only for a jackpot or a "
                        "fine", field="again")
    prize = sum(command.again) if command.table == between.JACKPOT else 0
    if command.table == between.FINE:
        cost += sum(command.again)
    dollars, debt = between.settle_bill(found.dollars, cost)
    brawled = command.table == between.BRAWL or found.brawled
    # each brawl takes 2 more of the most Guts for the rest of the session (line 153)
    brawls = found.brawl_count + 1 if command.table == between.BRAWL else found.brawls
    flipped = None
    if between.flips_a_coin(command.table):
        flipped = coin(command.coin, "Carousing")
    elif command.coin:
        raise RuleError("Carousing", "a coin is flipped only on the Wanted result",
                        field="coin")
    story = command.story or None
    # a jackpot is winnings (line 136: XP come of winnings and takings): it joins the take
    # as a share does, its XP at once when the session has ended (`share_take`)
    take = settled = xp = None
    if prize and state.between_sessions:
        settled = found.settled_take + prize
        xp = found.xp + characters.xp_for(settled) - characters.xp_for(found.settled_take)
    elif prize:
        take = found.take + prize
    change = SheetChange(take=take, settled_take=settled, xp=xp,
        stress=found.stress - command.stress_off,
        advancement_dice=found.advancement_dice + command.advancement_dice,
        dollars=dollars + prize, debt=found.debt + debt,
        owed_to=between.owed_to_after(found.owed_to, debt, command.owed_to),
        # the bill spends the starting money first, as a purchase does; a prize is not
        start_purse=max(0, found.start_purse - cost),
        brawled=True if command.table == between.BRAWL else None,
        brawls=brawls if command.table == between.BRAWL else None,
        # Carousing restores every Guts there is room for, a brawl's lowered maximum kept
        guts=replace(found, brawled=brawled, brawls=brawls).guts_max,
        background=story if command.table == between.NEW_BACKGROUND else None,
        notes=(found.notes + "\n" if found.notes else "") + command.story
        if command.table == between.NEW_STORY and story else None)
    name, says = carousing_table()[command.table]
    events: list[object] = [Caroused(
        name=found.name, stress_off=command.stress_off,
        advancement_dice=command.advancement_dice, bill=tuple(command.bill),
        table=command.table, entry=name, says=says, again=tuple(command.again), cost=cost,
        prize=prize, new_debt=debt, story=command.story, sheets={found.name: change},
        coin=flipped)]
    if flipped == "H" and state.formed:
        events.append(clock_moved(state, wanted.after_crime(state.clock, 1), "carousing",
                                  f"{found.name}'s carousing put a bounty on the posse",
                                  follows=True))
    return events


@RULES.decides(c.Advance)
def advance(state: FistfulState, command: c.Advance) -> list[object]:
    found = who(state, command.name, in_action=True)
    named = attribute(command.attribute)
    refuse(why_not_advance(state, found.name))
    if found.xp < found.advancement_dice:
        # only a journal written before the XP was checked at Carousing comes here
        raise RuleError("Experience", f"one XP buys one die: {found.name} has "
                        f"{plural(found.advancement_dice, 'die', 'dice')} bought and only "
                        f"{found.xp} XP")
    faces(command.faces, found.advancement_dice, "the advancement dice")
    value = found.attribute(named)
    if value >= characters.ATTRIBUTE_CAP:
        raise RuleError("Advancement", f"{named.title()} is already "
                        f"{characters.ATTRIBUTE_CAP}, the most it can be", field="attribute")
    rose = characters.advanced(value, command.faces)
    change = SheetChange(xp=found.xp - len(command.faces), advancement_dice=0)
    refit: tuple[str, ...] = ()
    if rose:
        change = change.with_score(named, value + 1)
        if named == "grit":
            change = replace(change, guts=found.guts + guts_max(value + 1) - guts_max(value))
            # a very large item is half of all slots (line 245): grown, it may reach the
            # next item's, which moves
            equipment, refit = characters.refit(found.equipment, value + 1)
            if refit:
                change = replace(change, equipment=equipment)
    return [Advanced(found.name, named, value, tuple(command.faces), sum(command.faces), rose,
                     {found.name: change}, refit)]


# -- money --------------------------------------------------------------------------------------


def take_sharers(state: FistfulState) -> tuple[str, ...]:
    """Who of the posse a take split among them all is shared by: those who may take."""
    return tuple(x.name for x in state.posse_members if why_not_take(state, x.name) is None)


@RULES.decides(c.ShareTake)
def share_take(state: FistfulState, command: c.ShareTake) -> list[object]:
    if not command.name:
        # the whole take, split evenly, each share rounded down (line 136)
        sharers = take_sharers(state)
        if not sharers:
            raise RuleError("Experience", "nobody of the posse is left to share the take",
                            field="name")
        share = command.dollars // len(sharers)
        if share < 1:
            raise RuleError("Experience", f"${command.dollars} between {len(sharers)} is "
                            "less than $1 each", field="dollars")
        made: list[object] = []
        for name in sharers:
            made.extend(share_take(state, c.ShareTake(name, share)))
        # what would not split evenly is left over, and said (round 64: $100 among three
        # gave $33 each, and the $1 went without a word)
        last = made[-1]
        if (left := command.dollars - share * len(sharers)) and isinstance(last, TakeShared):
            made[-1] = replace(last, left_over=left)
        return made
    refuse(why_not_take(state, command.name))
    found = who(state, command.name, able=False)
    if command.dollars < 1:
        raise RuleError("Experience", "a share is at least $1", field="dollars")
    most = JOURNAL_MOST - max(found.dollars, found.take, found.settled_take)
    if command.dollars > most:
        # refused here, on the field, rather than by the journal as it is written
        raise RuleError("Experience", f"a share is $1 to ${most}: more would carry "
                        f"{found.name}'s Dollars past the largest number the journal holds",
                        field="dollars")
    dollars = found.dollars + command.dollars
    if state.between_sessions:
        # counted after the session ended, the share is that session's take: its XP now
        settled = found.settled_take + command.dollars
        gained = characters.xp_for(settled) - characters.xp_for(found.settled_take)
        return [TakeShared(found.name, command.dollars, {found.name: SheetChange(
            dollars=dollars, xp=found.xp + gained, settled_take=settled)}, True, gained)]
    return [TakeShared(found.name, command.dollars, {found.name: SheetChange(
        dollars=dollars, take=found.take + command.dollars)})]


#: the most times the book has a price rolled (a horse, an acre of land: four times)
MOST_ROLLS = 4


def verify_rolls(category: str, rolls: int) -> None:
    """RuleError unless an item's price is rolled as the book can have it: once, twice or up
    to four times (an Incidental item, never); asked before any die is rolled for it."""
    kind = price_categories().get(category)
    if kind is None or kind.dice == 0:
        return  # the category, or its set price, is `_price`'s to say
    if not 1 <= rolls <= MOST_ROLLS:
        raise RuleError("Prices", f"a price is rolled 1 to {MOST_ROLLS} times (the book "
                        f"marks some items twice or four times), not {rolls}", field="rolls")


def _price(category: str, rolled: Sequence[int], rolls: int) -> int:
    table = price_categories()
    if category not in table:
        raise RuleError("Prices", f"a category is one of {', '.join(table)}",
                        field="category")
    kind = table[category]
    if kind.dice == 0:
        if rolled or rolls != 1:
            raise RuleError("Prices", "an Incidental item has a set price and is not rolled",
                            field="dice" if rolled else "rolls")
        return kind.flat
    if rolls < 1:
        raise RuleError("Prices", f"the price is rolled at least once, not {rolls} times",
                        field="rolls")
    # exactly the dice of the rolls asked for: 16 dice are four Bespoke rolls, never one
    needed = kind.dice * rolls
    if len(rolled) != needed:
        times = "once" if rolls == 1 else f"{rolls} times"
        raise RuleError("Prices", f"{category} is {kind.dice}d6 a roll, rolled {times}: "
                        f"{plural(needed, 'die', 'dice')}, not {len(rolled)}", field="dice")
    faces(rolled, needed, "the price")
    return characters.price(category, rolled, kind.times, kind.flat)


@RULES.decides(c.Buy)
def buy(state: FistfulState, command: c.Buy) -> list[object]:
    refuse(why_not_trade(state, command.name))
    found = who(state, command.name, able=False)
    if not command.item.name.strip():
        raise RuleError("Equipment", "the item bought needs a name", field="item")
    verify_rolls(command.category, command.rolls)
    # a price is rolled per item (line 207): three boxes, three rolls
    rolls = command.rolls * command.item.count
    cost = _price(command.category, command.dice, rolls)
    if state.settings.free_incidentals and price_categories()[command.category].dice == 0:
        cost = 0  # under a dollar, let go: the Judge's call for the table (lines 203, 207)
    if cost > found.dollars:
        rolled = f" (dice {' '.join(str(f) for f in command.dice)})" if command.dice else ""
        raise RuleError("Prices", f"{command.item.name} costs ${cost}{rolled} and "
                        f"{found.name} has only ${found.dollars}: a buyer pays the price "
                        "rolled", field="dice")
    # the starting money it takes stays in the item, for a sale to give back as such
    start_money = min(found.start_purse, cost)
    equipment = characters.stacked(found.equipment,
                                   replace(command.item, start_money=start_money))
    characters.verify_equipment(equipment, found.grit)
    return [Bought(found.name, command.item.name, command.category, tuple(command.dice), cost,
                   {found.name: SheetChange(dollars=found.dollars - cost,
                                            start_purse=found.start_purse - start_money,
                                            equipment=equipment)},
                   rolls, command.item.count)]


@RULES.decides(c.PayDebt)
def pay_debt(state: FistfulState, command: c.PayDebt) -> list[object]:
    refuse(why_not_pay_debt(state, command.name))
    found = who(state, command.name, able=False)
    most = min(found.debt, found.dollars)
    if not 1 <= command.dollars <= most:
        raise RuleError("Debt", f"{found.name} owes ${found.debt} and has ${found.dollars}: "
                        f"pay $1 to ${most}", field="dollars")
    dollars = found.dollars - command.dollars
    debt = found.debt - command.dollars
    return [DebtPaid(found.name, command.dollars, command.why, {found.name: SheetChange(
        dollars=dollars, start_purse=max(0, found.start_purse - command.dollars),
        # paid off in full, nobody is owed any more
        debt=debt, owed_to="" if not debt and found.owed_to else None)})]


@RULES.decides(c.Sell)
def sell(state: FistfulState, command: c.Sell) -> list[object]:
    refuse(why_not_sell(state, command.name))
    found = who(state, command.name, able=False)
    held = [i for i in found.equipment if i.name == command.item]
    if not held:
        raise RuleError("Prices", f"{found.name} carries no {command.item}", field="item")
    verify_rolls(command.category, command.rolls)
    value = _price(command.category, command.dice, command.rolls)
    paid = characters.resale(value, command.round_up) if command.used else value
    # Incidentals let go (lines 203, 207): what the table bought for nothing it sells for
    # nothing, or a dollar would come from nothing, sale after sale (round 23)
    let_go = state.settings.free_incidentals and price_categories()[command.category].dice == 0
    if let_go:
        paid = 0
    # what of its price was starting money comes back as starting money first
    start_money = min(paid, held[0].start_share())
    return [Sold(found.name, command.item, tuple(command.dice), value, paid, command.used,
                 {found.name: SheetChange(
                     dollars=found.dollars + paid,
                     start_purse=found.start_purse + start_money if start_money else None,
                     equipment=harm.one_used(found.equipment, held[0]))},
                 command.rolls,
                 rounded_up=(command.used and command.round_up and value % 2 == 1
                             and not let_go),
                 let_go=let_go, start_money=start_money)]


def _handing(state: FistfulState, name: str, field: str) -> Character:
    """One of the posse (an NPC's belongings are the Judge's story), dead or alive; a
    refusal marks `field`."""
    try:
        found = who(state, name, able=False)
    except RuleError as refused:
        raise RuleError(refused.rule, refused.message, field=field) from None
    if found.is_npc:
        raise RuleError("Hand over", f"{name} is an NPC: what NPCs carry is the Judge's "
                        "story; dollars and gear pass within the posse", field=field)
    return found


@RULES.decides(c.HandOver)
def hand_over(state: FistfulState, command: c.HandOver) -> list[object]:
    giver = _handing(state, command.giver, "giver")
    taker = _handing(state, command.taker, "taker")
    if taker.name == giver.name:
        raise RuleError("Hand over", f"{giver.name} would hand it to themselves: name "
                        "another of the posse", field="taker")
    if taker.dead or taker.out_of_play:
        raise RuleError("Out of action", f"{taker.name} is {taker.condition}: they take "
                        "nothing", field="taker")
    if not 0 <= command.dollars <= giver.dollars:
        raise RuleError("Hand over", f"{giver.name} has ${giver.dollars}: hand over $0 to "
                        f"${giver.dollars}, not ${command.dollars}", field="dollars")
    held = [i for i in giver.equipment if i.name == command.item]
    if command.item and not held:
        raise RuleError("Hand over", f"{giver.name} carries no {command.item}", field="item")
    if not command.dollars and not held:
        raise RuleError("Hand over", "name the dollars or the item that pass", field="dollars")
    start_money = min(giver.start_purse, command.dollars)
    slot = command.slot or (held[0].slot if held else 0)
    given = SheetChange(dollars=giver.dollars - command.dollars,
                        start_purse=giver.start_purse - start_money)
    taken = SheetChange(dollars=taker.dollars + command.dollars,
                        start_purse=taker.start_purse + start_money)
    if held:
        given = replace(given, equipment=harm.one_used(giver.equipment, held[0]))
        equipment = characters.stacked(taker.equipment, replace(
            held[0], slot=slot, count=1, start_money=held[0].start_share()))
        try:
            characters.verify_equipment(equipment, taker.grit)
        except RuleError as refused:
            raise RuleError(refused.rule, refused.message, field="slot") from None
        taken = replace(taken, equipment=equipment)
    fell = "" if giver.condition == "ready" else giver.condition
    return [HandedOver(giver.name, taker.name, command.dollars, start_money,
                       held[0].name if held else "", slot, fell,
                       {giver.name: given, taker.name: taken})]


# -- the session's end ------------------------------------------------------------------------


@RULES.ends_session
def session_ends(state: FistfulState) -> list[object]:
    """XP from the session's take, and the brawl's lowered Guts lifted (the dead have
    neither: their sheet is closed)."""
    return [SessionSettled(found.name, found.take, characters.xp_for(found.take), {
        found.name: SheetChange(xp=found.xp + characters.xp_for(found.take), take=0,
                                brawled=False, brawls=0 if found.brawls else None,
                                guts=brawl_worn_off(found))},
                           characters.guts_max(found.grit) if found.brawled else None)
            for found in state.characters if (found.take or found.brawled) and not found.dead]


def brawl_worn_off(who: Character) -> int | None:
    """`who`'s Guts once their Drunken Brawl wears off: up by as much as the maximum comes
    back, as if there had been no brawl; None when there is none, or they are down at 0."""
    if not who.brawled or who.out_of_action or not who.guts:
        return None
    most = characters.guts_max(who.grit)
    return min(most, who.guts + most - who.guts_max)
