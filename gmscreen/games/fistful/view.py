"""What A Fistful of Sixes' tabs show, as sections (`gmscreen.journal.sections`).

The Judge's views take the whole state. The table's views take only `TableKnows`, made from
the state by `table_knows`: the Wanted Clock, the posse's own sheets as the players know
them (names, Grit, Gumption, Grace, Guts, Stress, Luck, Dollars, XP), the moves of the clock
and who stands where in a fight. An NPC's sheet and numbers, the Judge's Misfortune, a
reaction, a morale roll, a Wanted Chart roll and what he rolls or calls for his NPCs alone
(`table_tells`) never reach them.

What the players' screen tells of play, as a table reads it:

- "Just now": the newest step of this session the table saw, in the recap's words, and the
  two before it under the posse ("Before that"): a Bust of the posse's with its Stress, a
  Luck floated or won, a fall and what it cost, a duel's Bust and the Stress its winner
  sheds, a move or a turn ended in a fight. A step the Judge took behind his screen (an
  NPC's own test, a chart roll) is passed over, not shown as nothing. A new session
  begins with none: the last evening is its recap's.
- "Still to come": what the rules ask of the posse next. One of the posse at 0 Guts rolls
  on the Out of action table, then waits for aid; a plain failure may be doubled down
  while nothing else has been done; one of the posse who lost a duel just fought loses
  what the moment staked (the book: out of action in a gunfight, all their money in a
  wager; which, the Judge's call; an NPC's loss is the Judge's to tell); a Luck just
  rolled buys an effect now or is banked (with a full bank, now or never); once the fight
  is over, each of the posse's guns and bows fired rolls its ammunition die (the book says
  only "after a firefight": we read a die not yet rolled as still owed, however long
  after, as the Judge's Fight tab does, its `b`); each take waits to turn into XP at the
  session's end. Then what Carousing left on the sheets, as the recap's "goes on" says it
  (dice for the Advancement Test, a bar tab, a brawl's lowered Guts, a story to write).
- "At this table": with Scene stakes, the scene's die the Judge rolled (one of every
  test's dice, so the players set their Stakes knowing it), and the optional rules the
  table plays by.
- In a fight, the Turn column: done, half a turn (acted, and may still move; moved, and
  may still act), or down for one of the posse at 0 Guts (an NPC's fall is the Judge's);
  under it, who has still to act: the posse by name, the NPCs as a side, or that the
  round is over and a coin comes next (line 122: the coin again once both sides have
  had their turns).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from gmscreen.core.text import in_words, plural
from gmscreen.games.fistful import conflict_rules, fight_rules
from gmscreen.games.fistful import events as e
from gmscreen.games.fistful.between import BRAWL_GUTS, handed_words, night_bought
from gmscreen.games.fistful.characters import (
    ATTRIBUTE_CAP,
    ATTRIBUTES,
    Item,
    slots_used,
    xp_counted,
    xp_for,
)
from gmscreen.games.fistful.conflict import BANK_MAX, STRESS_MAX, stakes_limit
from gmscreen.games.fistful.conflict_rules import chooser_of, reaction_entry
from gmscreen.games.fistful.fight import ORDER_LUCK, order_words, turn_left
from gmscreen.games.fistful.harm import ammunition_item, carried_weapons, morale_dice
from gmscreen.games.fistful.log import (
    glory_changed,
    luck_on_stress,
    mishap_costs,
    put_right_words,
    rest_guts,
    revived_guts,
)
from gmscreen.games.fistful.odds import (
    MOST_DICE,
    ContestOdds,
    Odds,
    above_chance,
    advancement_chance,
    double_down_odds,
    duel_odds,
    odds,
    opposed_floating_odds,
    opposed_odds,
    scene_odds,
)
from gmscreen.games.fistful.state import (
    OPTIONAL_RULES,
    Character,
    Fighter,
    FistfulState,
    Settings,
    house_said,
)
from gmscreen.games.fistful.tables import UNNUMBERED, Band, weapon_numbers, weapons
from gmscreen.games.fistful.wanted import (
    FIRST_HOUR,
    HIGH_NOON,
    HIGH_NOON_REACHED,
    NO_PAYING_FROM,
    band,
    bands_reached,
    because,
    falls_short,
    hours_moved,
    hours_of,
    moved_by,
    reaches_high_noon,
)
from gmscreen.games.fistful.wanted_rules import chart_waiting
from gmscreen.glossary import Word, words_of
from gmscreen.journal.clocks import Face
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.recap import SAME_EPISODE
from gmscreen.journal.sections import Grid, Lines, Section, grid, lines, whole

#: how the clock moved, in a word or two
HOW = {"crime": "crime", "carousing": "carousing", "paid": "paid off", "time": "time served",
       "deal": "cunning deal"}
#: the Characters tab's columns (the abbreviations are in the game's glossary)
SHEET_COLUMNS = ("Name", "Rank", "Grit", "Gum", "Gra", "Guts", "Str", "Luck", "$", "XP",
                 "State")
#: the posse's columns, as the players' screen lists them (the posse alone)
POSSE_NOTE = ("Gum: Gumption. Gra: Grace. Str: Stress. $: Dollars. Guts: now/most. State: "
              "ready, out (of action: 0 Guts), rode off (6 Stress) or dead.")
SHEET_NOTE = f"{POSSE_NOTE} -: an NPC keeps no Luck, XP or money."
#: the short words of the State column and of the fight's Acted (the sheet says them whole)
STATE_SHORT = {"out of action": "out"}
FIGHT_COLUMNS = ("Fighter", "Side", "Band", "Guts", "Str", "Luck", "Moved", "Acted")
#: the tracker's Side of one of the posse, and of an NPC of no named side
FIGHT_SIDES = ("posse", "NPC")
#: under the morale form's choice of NPC: the book's signs, as `fight_rules` asks them
MORALE_NOTE = ("Morale is in question when one has lost half their Guts or half their side "
               "is down (the form opens on it); the Judge may test any side")
ODDS_COLUMNS = ("Dice", "Success", "Fail", "Bust", "Luck S", "F", "B", "Judge S", "F", "B")
ODDS_NOTE = ("Luck S F B: with a floating die of the player's (a Luck, the background), the "
             "die that helps taken away. Judge S F B: with the Judge's Misfortune die, the die "
             "that hurts taken away. S: success. F: fail. B: Bust.")


# -- the Judge's views --------------------------------------------------------------------------


#: a step's key as the Judge set it, by the step's id ("fistful.revive" -> "v", or "V" where
#: settings.toml moved it), for words on a tab that name the step; a tab gives it (the rules
#: here cannot know the keymap). Without it the words name no key: a replay is read away from
#: the keyboard, and a key written here would be the book's, wrong once the Judge moved it.
KeyOf = Callable[[str], str]


def no_keys(binding_id: str) -> str:
    """No key named (a replay, a test of the words alone)."""
    return ""


def _key(key_of: KeyOf, binding_id: str) -> str:
    """" (v)": the step's key as set, in brackets after the words naming the step; "" with
    no key to name."""
    key = key_of(binding_id)
    return f" ({key})" if key else ""


def posse_line(state: FistfulState) -> str:
    """The posse in a line: the clock, the Judge's Misfortune, Glory."""
    if not state.formed:
        return "No posse yet."
    line = (f"{state.posse}: Wanted Clock {state.clock} o'clock, the Judge's Misfortune "
            f"{state.misfortune}/{BANK_MAX}")
    return line + (f", Glory {state.glory}" if state.settings.glory else "")


def sheet_row(who: Character) -> tuple[str, ...]:
    luck, xp = ("-", "-") if who.is_npc else (str(who.luck), str(who.xp))
    # an NPC keeps no purse: its $ read "0" under the posse's money, as if spent
    dollars = "-" if who.is_npc and not who.dollars else str(who.dollars)
    return (who.name, who.rank or "posse", str(who.grit), str(who.gumption), str(who.grace),
            f"{who.guts}/{who.guts_max}", str(who.stress), luck, dollars, xp,
            STATE_SHORT.get(who.condition, who.condition))


def counts_in_full(who: Character) -> str:
    """A sheet's counts under the book's own words, for a replay read by a program (the
    grid's short headings, "Gum" and "Str", fit 80 columns but name nothing a reader of the
    book would search for): "Grit 18, Gumption 16, Grace 18; Guts 9 of 9; Stress 0 of 6;
    Luck 0 of 3; Dollars 44; XP 0". An NPC keeps no Luck, XP or purse of the posse's kind
    (its Dollars are said where some were paid to it)."""
    said = [f"Grit {who.grit}, Gumption {who.gumption}, Grace {who.grace}",
            f"Guts {who.guts} of {who.guts_max}", f"Stress {who.stress} of {STRESS_MAX}"]
    if not who.is_npc:
        said.append(f"Luck {who.luck} of {BANK_MAX}")
    if not who.is_npc or who.dollars:
        said.append(f"Dollars {who.dollars}")
    if not who.is_npc:
        said.append(f"XP {who.xp}")
    return "; ".join(said)


def characters_grid(state: FistfulState) -> Grid:
    return grid("Characters", SHEET_COLUMNS, [sheet_row(c) for c in state.characters],
                note=SHEET_NOTE)


def _stakes_or_next(who: Character, key_of: KeyOf = no_keys) -> str:
    """The sheet's first count: the Stakes the Stress allows one who can test, or, for one
    who cannot, what their state asks next (lines 87, 103-105); the sheets of the fallen,
    the dead and those who rode off read "Stakes up to 6 dice" as if they could roll."""
    # what a fallen one of the posse carried may pass to the rest (g, `HandOver`)
    left = (": what they carried may pass to the posse"
            + _key(key_of, "fistful.hand_over")) if not who.is_npc and (
        who.dollars or who.equipment) else ""
    if who.dead:
        return f"dead{left}"
    if who.out_of_play:
        return f"{STRESS_MAX} Stress: rode off, out of play{left.replace(':', ';', 1)}"
    if not who.out_of_action:
        return f"Stakes up to {plural(stakes_limit(who.stress), 'die', 'dice')}"
    if who.is_npc:
        return (f"out of action: the Judge's aid gets them up{_key(key_of, 'fistful.revive')}"
                f", or lost{_key(key_of, 'fistful.lost')}")
    if not who.out_of_action_rolled:
        return ("out of action: roll the Out of action table"
                + _key(key_of, "fistful.out_of_action"))
    return (f"out of action: back on their feet with 1d6 Guts{_key(key_of, 'fistful.revive')}"
            f", or lost for good{_key(key_of, 'fistful.lost')}")


#: what a night out left to write (lines 151-152): the table's entry, what, and where
STORY_DUE = {"background": ("Secrets revealed", "new background", ""),
             "back story": ("Truth Comes Out", "change to the back story", " in the notes")}


def sheet_lines(who: Character, *, between_sessions: bool = False,
                house: Mapping[str, int] | None = None, key_of: KeyOf = no_keys,
                lineup: Sequence[tuple[str, str, bool]] = ()) -> list[str]:
    """One sheet in full, its name first; `between_sessions`, no session is running (a
    brawl had then lasts through the next one); `key_of`, the Characters tab's keys as set,
    for the steps the sheet asks for next (none named without it); `lineup`, the next
    fight's line-up (his band there, and whether he never runs, said on his sheet)."""
    side = (f"side: {who.side}" if who.side else "stands alone") if who.is_npc else ""
    details = ", ".join(d for d in (who.rank or "posse member", side, who.gender,
                                    who.hometown) if d)
    counts = [_stakes_or_next(who, key_of)]
    if not who.is_npc:
        counts.append(f"XP {who.xp}")  # a narrow Characters table leaves its column out
    if who.take:
        counts.append(f"take ${who.take} ({xp_for(who.take)} XP at the session's end)")
    if who.debt:
        counts.append(f"debt ${who.debt}" + (f" (owed to {who.owed_to})" if who.owed_to else ""))
    if who.advancement_dice:
        counts.append(f"advancement dice bought {who.advancement_dice}")
    if not who.is_npc and min(who.start_purse, who.dollars):
        # what is left of it, said against the money in hand: "starting money $75" read as
        # the money the character started with, after $25 of it was spent
        start = min(who.start_purse, who.dollars)
        counts.append((f"all ${start} in hand is starting money" if start == who.dollars
                       else f"${start} of the ${who.dollars} in hand is starting money")
                      + " (it cannot pay the bounty)")
    if who.brawled:
        until = "the next" if between_sessions else "the"
        brawls = who.brawl_count
        counts.append(("Drunken Brawl" if brawls == 1 else f"{brawls} Drunken Brawls")
                      + f": {BRAWL_GUTS * brawls} fewer Guts at most until {until} "
                      "session ends")
    if who.story_due:
        entry, what, where = STORY_DUE[who.story_due]
        counts.append(f"{entry}: the {what} is still to be written{where}"
                      + _key(key_of, "fistful.edit"))
    found = [who.name, f"({details})", "; ".join(counts)]
    if who.background:
        # spent until the next session begins: after f6 it is not "this session" any more
        used = " (its floating die is spent until the next session)" if (
            who.background_used) else ""
        found.append(f"Background: {who.background}{used}")
    gear = "; ".join(f"{i.slot}: {i.name}" + (f" x{i.count}" if i.count > 1 else "")
                     + _item_words(i, who.grit, () if who.is_npc else who.equipment, house)
                     for i in sorted(who.equipment, key=lambda i: i.slot))
    # the slots with what fills them: at the end of the counts' line they wrapped at 80
    # columns and at 200 alike, "slots" on one line and "5/18" on the next
    found.append(f"Equipment (slots {slots_used(who.equipment, who.grit)}/{who.grit}): "
                 f"{gear or 'none'}")
    if who.natural:
        found.append(f"Natural weapon: {who.natural}")
    if who.outlook:
        how = "set by the Judge" if who.outlook_set else f"reaction {who.outlook}"
        found.append(f"Outlook: {how}, {reaction_entry(who.outlook)}")
    lined = next(((band, never) for name, band, never in lineup if name == who.name), None)
    if lined is not None:
        # set at home behind the screen: the sheet says so before the fight brings him in
        found.append(f"Lined up for the next fight at {lined[0]}"
                     + (", never runs" if lined[1] else "") + " (unseen by the table)")
    if who.never_runs:
        found.append("Never runs: stays in the fight when his side breaks")
    if who.notes:
        found.append(who.notes)
    return found


def _item_words(item: Item, grit: int, carried: Sequence[Item] = (),
                house: Mapping[str, int] | None = None) -> str:
    """What the sheet says of an item after its name: a weapon of the book's its numbers
    ("Revolver (+2, to Faraway, quick draw)": asked what a gun does, the Judge reads it on
    the sheet), else a quick draw marked on it ("(quick)"), then its size when the weapon's
    numbers do not say it. With the posse member's whole list (`carried`), a gun or bow
    with none of its ammunition on it is said to be empty (line 229: each box used after a
    firefight comes off the sheet; the last gone, the Judge kept in his head that the gun
    could not fire)."""
    arms = [(key, weapons(house)[key]) for key in carried_weapons([item])]
    if len(arms) != 1:
        return (" (quick)" if item.quickdraw else "") + _size_words(item, grit)
    ((key, arm),) = arms
    empty = "" if not carried or not arm.ammo or ammunition_item(carried, key) else (
        f"empty: no {'arrows' if key == 'bow' else 'bullets or shells'} carried")
    more = ("quick" if item.quickdraw and not arm.quickdraw else "",
            "" if item.size == "small" or (item.size == "large" and arm.large)
            else _size_words(item, grit).strip(" ()"), empty)
    return f" ({'; '.join((weapon_numbers(arm), *(m for m in more if m)))})"


def _size_words(item: Item, grit: int) -> str:
    """A large item's size on the sheet; a very large one's with the hands and the slots it
    takes (line 245: half the slots and both hands)."""
    if item.size == "small":
        return ""
    if item.size == "very large":
        return (f" (very large: both hands, slots {item.slot}-"
                f"{item.slot + item.slots(grit) - 1})")
    return f" ({item.size})"


def advancement_odds(who: Character, dice: int) -> str:
    """The chance of each Attribute rising on an Advancement Test of `dice` dice, in words:
    "3 dice: Grit 17 26%, Gumption 15 9%, Grace 19 5%"."""
    def chance(name: str) -> str:
        found = advancement_chance(dice, who.attribute(name), ATTRIBUTE_CAP)
        return "<1%" if 0 < found < Fraction(1, 200) else percent(found).strip()

    chances = ", ".join(f"{name.title()} {who.attribute(name)} {chance(name)}"
                        for name in ATTRIBUTES)
    return f"{plural(dice, 'die', 'dice')}: {chances}"


def advancement_warning(who: Character, dice: int, *, buying: bool = True) -> str:
    """When `dice` advancement dice (more than none) can raise none of `who`'s Attributes,
    in plain words, with the fewest that could: the dice must total above the Attribute,
    and none passes 21 (line 136). Carousing may buy them all the same (line 146 forbids
    nothing), so this is said, not refused. `buying`: said while Carousing, before the bill
    is paid; else at the Advancement Test, the dice already paid for, whose XP it spends.
    "" while some Attribute can rise."""
    if dice < 1 or any(advancement_chance(dice, who.attribute(name), ATTRIBUTE_CAP)
                       for name in ATTRIBUTES):
        return ""
    open_to = [name for name in ATTRIBUTES if who.attribute(name) < ATTRIBUTE_CAP]
    if not open_to:
        return (f"Every Attribute of {who.name}'s is at {ATTRIBUTE_CAP}, the most: no die "
                "bought can raise one.")
    lowest = min(open_to, key=who.attribute)
    value = who.attribute(lowest)
    return (f"No Attribute of {who.name}'s can rise on "
            f"{plural(dice, 'die', 'dice')}: they must total above {value} "
            f"({lowest.title()}), at least {plural(value // 6 + 1, 'die', 'dice')}. "
            + ("The bill is paid all the same." if buying
               else f"The test spends the {dice} XP all the same."))


def names(state: FistfulState) -> list[str]:
    """Everyone the campaign holds, posse and NPCs, in the order they came: what the note
    form completes and the log's filter offers."""
    return [who.name for who in state.characters]


def _hours(each: Band) -> str:
    return str(each.first) if each.first == each.last else f"{each.first}-{each.last}"


def clock_colours() -> tuple[str, ...]:
    """The theme's variable each hour of the Wanted Clock is filled with, 1 to 12."""
    return tuple(band(hour).colour for hour in range(1, HIGH_NOON + 1))


def clock_means(hour: int) -> str:
    """What the hour means, in a line under the clock's hour: what the folk do (at High
    Noon, the manhunt the book says it is; the Wanted Clock tab leaves the hour's own words
    to the face)."""
    if hour >= HIGH_NOON:
        return f"HIGH NOON! {band(hour).populace.removeprefix('High Noon! ')}"
    return f"o'clock: {band(hour).populace}"


def crime_room(hour: int) -> str:
    """What a crime can still add at the hour, said on its form before it is sent."""
    if hour >= HIGH_NOON:
        return ("At High Noon the clock is full: the crime is written down and the clock "
                "stays at 12.")
    return (f"At {hour} o'clock, {hours_of(HIGH_NOON - hour)} to High Noon: hours past it are "
            "written down, not counted.")


def deal_room(hour: int) -> str:
    """What a cunning deal can take off at the hour, said on its form before it is sent."""
    return (f"At {hour} o'clock at most {hours_of(hour - FIRST_HOUR)} come off: the clock "
            "never goes below 1.")


def move_line(move_seq: int, before: int, after: int, how: str, why: str,
              cause: int | None, name: str = "", asked: int | None = None) -> str:
    linked = f" (see #{cause})" if cause is not None else ""
    return (f"#{move_seq} {hours_moved(before, after)}, {moved_by(HOW[how], why, name)}"
            f"{because(why)}{linked}{falls_short(before, after, asked, how)}")


def wanted_sections(state: FistfulState, *, face: bool = False,
                    key_of: KeyOf = no_keys) -> list[Section]:
    """The Wanted Clock, what the Judge acts on first (the tab is read at 80x24 under the
    clock's face): paying off, the last chart roll, when to roll the chart, what the folk
    do at every hour reached, every move of the clock (newest first), and the posse's
    history and purpose last. Under the `face` (`clock_means`), which tells the hour and
    what it means, the folk's list has only the earlier hours' (which still hold): the tab
    told the hour three times and its meaning twice; a replay, with no face, has them all
    (the hour is in `posse_line`)."""
    hour = state.clock
    head = []
    if not state.formed:
        form_posse = key_of("fistful.form_posse")
        head.append("The clock starts once the posse is formed ("
                    + (f"{form_posse} on the Characters tab)." if form_posse
                       else "Form posse, on the Characters tab)."))
    elif hour <= FIRST_HOUR:
        head.append("Nothing to pay off: the clock never goes below 1.")
    elif hour < NO_PAYING_FROM:
        head.append(f"Paying off the top hour costs ${10 * hour}.")
    else:
        head.append(f"From {NO_PAYING_FROM} o'clock the bounty can no longer be paid off.")
    if state.settings.glory:
        # what the tally is for and when to move it, where the Judge reads it (line 288:
        # how well known the posse is, swayed by the bounty too)
        glory = key_of("fistful.glory")
        head.append(f"Glory: {state.glory} (how well known the posse is: "
                    + (f"{glory} moves it" if glory else "it moves")
                    + f" for deeds folk talk of and as the bounty grows){glory_behind(state)}")
    reached = bands_reached(hour)
    # at High Noon the manhunt is on: no earlier band's occasion to roll holds
    rolling = reached[:1] if hour >= HIGH_NOON else reached
    found: list[Section] = [lines("The bounty" if state.formed else "No posse yet", *head)]
    waiting = chart_waiting(state)
    if state.chart_rolls:
        # the roll just made is what the Judge looks for: straight under the hour
        seq, total, entry = state.chart_rolls[-1]
        still = " (still to come into play)" if state.chart_rolls[-1] in waiting else ""
        found.append(lines("The last chart roll",
                           f"#{seq}: {total}: {entry or 'over the hour, nothing happens'}"
                           f"{still}"))
    earlier = [roll for roll in waiting if roll != state.chart_rolls[-1]]
    if earlier:
        # results the book lets show later: the Judge's list of what is still to come
        found.append(lines("Earlier results still to come into play (b brings one in)",
                           *(f"#{seq}: {total}: {entry}"
                             for seq, total, entry in reversed(earlier))))
    found += [
        lines("When to roll the Wanted Chart", *(f"{_hours(b)}: {b.when_to_roll}"
                                                  for b in rolling)),
    ]
    before = reached[1:] if face else reached
    if before:
        found.append(lines("The folk at earlier hours (each still holds)" if face else
                           "The folk (every hour reached counts)",
                           *(f"{_hours(b)}: {b.populace}" for b in before)))
    if state.clock_moves:
        found.append(lines("Moves of the clock", *(
            move_line(m.seq, m.before, m.after, m.how, m.why, m.cause, m.name, m.asked)
            for m in reversed(state.clock_moves))))
    story = [f"{label}: {said}" for label, said in (("History", state.history),
                                                    ("Purpose", state.purpose)) if said]
    if story:
        found.append(lines("The posse's story", *story))
    return found


def morale_call(state: FistfulState, key_of: KeyOf = no_keys) -> str:
    """While a fight is on, the sides whose morale the book's signs put in question now
    (`fight_rules.morale_in_question`), and where it is tested ("" when none is)."""
    if not state.fight:
        return ""
    # who of a named side lost half their Guts is named: "Law (lost half their Guts)" read
    # as the whole side's Guts, where one cowhand of four had lost them (round 64)
    called = [f"{npc.side} ({npc.name} {why})" if npc.side and why.startswith("lost")
              else f"{npc.side or npc.name} ({why})"
              for npc, why in fight_rules.morale_in_question(state)]
    if not called:
        return ""
    morale = key_of("fistful.fight_morale")
    return (f"Morale in question: {', '.join(called)}: test it"
            + (f" with {morale}." if morale else " (Roll morale)."))


def fallen_in_fight(state: FistfulState, key_of: KeyOf = no_keys) -> str:
    """Who of the fight is down at 0 Guts and what their fall asks for next, as the rules
    allow it ("" when nobody is): the Out of action table for one of the posse, then
    getting up (1d6) or being lost; an NPC, the Judge's aid or lost: each on the Fight tab
    itself, by its key as `key_of` gives it."""
    revive, lost = _key(key_of, "fistful.fight_revive"), _key(key_of, "fistful.fight_lost")
    said = []
    for fighter in state.fight:
        found = state.character(fighter.name)
        if found is None or found.dead or not found.out_of_action:
            continue
        if fight_rules.why_not_roll_out_of_action(state, found.name) is None:
            said.append(f"{found.name} is out of action: roll the Out of action table"
                        + _key(key_of, "fistful.fight_out_of_action"))
        elif found.is_npc:
            said.append(f"{found.name} is down: the Judge's aid{revive} or lost{lost}")
        elif fight_rules.why_not_revive(state, found.name) is None:
            said.append(f"{found.name} is down: back up with aid{revive} or lost{lost}")
    return "; ".join(said) + ("." if said else "")


def fight_head(state: FistfulState, waiting: Sequence[str]) -> str:
    """The round, who goes first by the coin (or the Luck that bought the order), and who
    has still to act, the side going first named first (with what each turn still holds,
    once part of it is taken)."""
    if state.combat_round:
        first_is_npcs = state.first_to_act == "npcs"

        def still_to(name: str) -> str:
            fighter = state.fighter(name)
            left = turn_left(fighter.moved, fighter.action_taken) if fighter else ""
            return f"{name} ({left})" if left else name

        npcs = {npc.name for npc in state.npcs}
        sides = [", ".join(still_to(n) for n in waiting if (n in npcs) == going_first)
                 for going_first in (first_is_npcs, not first_is_npcs)]
        still = ", then ".join(side for side in sides if side) or "nobody (a new round is next)"
        order = order_words(state.first_to_act, state.order_bought)
        return f"Round {state.combat_round}, {order}.  Still to act: {still}"
    if state.fight:
        return "Before the first round: flip the coin for who goes first."
    return "No fight. Put someone on the tracker to start one."


def lineup_words(state: FistfulState, bring_in: str = "U") -> str:
    """The next fight as the Judge lined it up ahead (the players' screen never has it)."""
    if not state.lineup:
        return ""
    lined = ", ".join(f"{name} at {band}" + (" (never runs)" if never else "")
                      for name, band, never in state.lineup)
    return f"Lined up, unseen by the table: {lined}. {bring_in} brings them in."


def fight_grid(state: FistfulState) -> Grid:
    rows = []
    for fighter in state.fight:
        who = state.character(fighter.name)
        if who is None:
            continue
        side = (who.side or FIGHT_SIDES[1]) if who.is_npc else FIGHT_SIDES[0]
        up = who.condition == "ready"
        # an NPC keeps no Luck: "-", as on the Characters tab
        luck = "-" if who.is_npc else str(who.luck)
        rows.append((who.name, side, fighter.band, f"{who.guts}/{who.guts_max}",
                     str(who.stress), luck, "yes" if fighter.moved else "",
                     _acted(fighter) if up else STATE_SHORT.get(who.condition, who.condition)))
    return grid("The fight", FIGHT_COLUMNS, rows,
                note="Band: how far from the other side. Str: Stress. out: out of action. "
                "-: an NPC keeps no Luck.")


def _acted(fighter: Fighter) -> str:
    """The Acted cell: "yes" once the turn's one action is taken (a move may still
    follow, as Moved shows), "done" for a turn ended with none, else blank."""
    if fighter.action_taken:
        return "yes"
    return "done" if fighter.acted else ""


def quick_draw_odds(slot: int) -> str:
    """What a quick draw from `slot` may come to: 2d6 above the slot draws the item at once
    (from slot 12 on, no 2d6 can)."""
    chance = above_chance(2, slot)
    if not chance:
        return (f"2d6 cannot roll above slot {slot}: it cannot be drawn at once, readying it "
                "takes the turn")
    return f"2d6 above slot {slot}: {percent(chance).strip()} to draw it at once"


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:3.0f}%"


def _contest_words(chances: ContestOdds, sides: Sequence[tuple[Character, str, int]],
                   unit: tuple[str, str] | None) -> str:
    """Both sides of a contest and their chances, in lines that never break a name from its
    number in a narrow form. With no `unit` (an opposed test, whose fields beside it give
    the Attributes and Stakes), two lines, the names alone: "Chances: Kit wins 38%, Hale
    50%" and "Nobody wins 13%; a Bust: Kit 13%, Hale 0%". With a `unit` (a duel's coins),
    a line a side, then nobody: "Kit (Gumption 15, 3 coins) wins 38%, Busts 13%", "Hale
    (Gumption 17, 3 coins) wins 50%, Busts 0%", "Nobody wins 13%"."""
    def said(chance: Fraction) -> str:
        return percent(chance).strip()

    (active, *_), (opposition, *_) = sides
    if unit is None:
        return (f"Chances: {active.name} wins {said(chances.active)}, {opposition.name} "
                f"{said(chances.opposition)}\nNobody wins {said(chances.nobody)}; a Bust: "
                f"{active.name} {said(chances.active_busts)}, {opposition.name} "
                f"{said(chances.opposition_busts)}")

    word, words = unit

    def side(who: Character, attribute: str, count: int, wins: Fraction,
             busts: Fraction) -> str:
        return (f"{who.name} ({attribute.title()} {who.attribute(attribute)}, "
                f"{plural(count, word, words)}) wins {said(wins)}, Busts "
                f"{said(busts)}")

    return "\n".join((side(*sides[0], chances.active, chances.active_busts),
                      side(*sides[1], chances.opposition, chances.opposition_busts),
                      f"Nobody wins {said(chances.nobody)}"))


def duel_odds_words(challenger: Character, coins: int, opponent: Character,
                    their_coins: int, attribute: str) -> str:
    """A High Stakes Duel's chances before the coins are flipped, under its form, so both
    sides set their Stakes knowing them (line 70), a line a side: "Kit (Gumption 15, 3
    coins) wins 34%, Busts 12%", "Hale (Gumption 17, 3 coins) wins 64%, Busts 12%",
    "Nobody wins 2%". "" when either
    side's coins are not a number of coins the book lets them flip (the form refuses it)."""
    if not (1 <= coins <= STRESS_MAX and 1 <= their_coins <= STRESS_MAX):
        return ""
    chances = duel_odds(coins, challenger.attribute(attribute), their_coins,
                        opponent.attribute(attribute))
    return _contest_words(chances, ((challenger, attribute, coins),
                                    (opponent, attribute, their_coins)), ("coin", "coins"))


def opposed_odds_words(state: FistfulState, active: Character, attribute: str, stakes: int,
                       opposition: Character, their_attribute: str, their_stakes: int, *,
                       floating: str | None = None, their_floating: str | None = None
                       ) -> str:
    """An opposed test's (an attack's) chances before the dice are thrown, under its form
    (lines 30-34: both sides set their Stakes first, then roll), the scene's die counted as
    one of each side's Stakes. A floating die on either side (`floating`,
    `their_floating`: "luck", "background" or "judge", as the form names them) is counted
    as the test is decided: the opposition's taken away first, then the active side's
    against its total, the player choosing the best and the Judge the worst. "" when
    either side's Stakes are not 1 to 6. The form's fields give the Attributes and the
    Stakes, so the lines name the sides alone: "Chances: Rawley wins 45%, Kit 55%" and
    "Nobody wins 0%; a Bust: Rawley 0%, Kit 0%"."""
    if not (1 <= stakes <= STRESS_MAX and 1 <= their_stakes <= STRESS_MAX):
        return ""
    scene = state.scene_die if state.settings.scene_stakes else None
    if floating or their_floating:
        chances = opposed_floating_odds(
            stakes, active.attribute(attribute), chooser_of(floating) if floating else None,
            their_stakes, opposition.attribute(their_attribute),
            chooser_of(their_floating) if their_floating else None, scene)
    else:
        chances = opposed_odds(stakes, active.attribute(attribute), their_stakes,
                               opposition.attribute(their_attribute), scene)
    under = [f"; {count} dice under {named.title()} {who.attribute(named)} take a Stress off "
             f"{who.name} (5 under)"
             for who, count, named in ((active, stakes, attribute),
                                       (opposition, their_stakes, their_attribute))
             if _five_under(who, count, state.settings.five_under)]
    return _contest_words(chances, ((active, attribute, stakes),
                                    (opposition, their_attribute, their_stakes)),
                          None) + "".join(under)


def bill_words(who: Character, dice: int) -> str:
    """What a night out's bill of `dice` d6 may come to, against the money `who` holds
    (line 146: a d6 for each Stress taken off and each advancement die; past the money it
    runs up a debt): "The bill: 3d6, $3 to $18; Ada holds $31, never past it". "" for no
    dice. With no money at all, whatever the dice, that there is no night out: the rules
    refuse it (a tab needs some money to start), where "always past it" would invite it."""
    if who.dollars <= 0:
        return f"No night out: {who.name} holds no money, and a tab needs some to start"
    if dice < 1:
        return ""
    if 6 * dice <= who.dollars:
        beyond = "never past it"
    elif dice > who.dollars:
        beyond = "always past it: the rest a debt, to whom the Judge says"
    elif dice > MOST_DICE * 10:  # a count no table rolls: its chance is not worked out
        beyond = "perhaps past it: the rest a debt, to whom the Judge says"
    else:
        past = above_chance(dice, who.dollars)
        said = "<1%" if past < Fraction(1, 200) else percent(past).strip()
        beyond = f"past it {said}: the rest a debt, to whom the Judge says"
    return f"The bill: {dice}d6, ${dice} to ${6 * dice}; {who.name} holds ${who.dollars}, {beyond}"


def morale_words(state: FistfulState, name: str) -> str:
    """What a morale test of `name`'s side will throw and against whom, before it is rolled
    (line 261), in two lines, so a narrow form never breaks the total from its chance:
    "4d6 against Sheriff Rawley's Grit 20 (the best of Law standing)" and "They break on 21
    or more: 3%". "" for nobody; a side with nobody standing says so."""
    who = state.character(name)
    if who is None:
        return ""
    leader = state.morale_leader(who)
    if leader is None:
        return "Nobody of the side is standing to lead it."
    dice = morale_dice(who.guts, who.guts_max)
    side = f"the best of {who.side} standing" if who.side else "standing alone"
    below = f" ({who.name} below half Guts)" if dice > 4 else ""
    chance = percent(above_chance(dice, leader.grit)).strip()
    return (f"{dice}d6{below} against {leader.name}'s Grit {leader.grit} ({side})\nThey "
            f"break on {leader.grit + 1} or more: {chance}")


def double_down_words(state: FistfulState) -> str:
    """What Doubling Down the failed test waiting for it may come to, for the line that
    offers it (line 93: the new dice add to the total; a failure now is a catastrophe):
    "success 42%, catastrophe 31%, Bust 28%". "" when none is open to it."""
    test = state.open_test
    if test is None or conflict_rules.why_not_double_down(state) is not None:
        return ""
    chances = double_down_odds(test.total, test.value, test.challenge,
                               conflict_rules.double_down_dice(state),
                               coins=state.settings.coin_double_down,
                               draw_wins=bool(test.against) and test.value > test.their_value)
    return (f"success {percent(chances.success).strip()}, catastrophe "
            f"{percent(chances.failure).strip()}, Bust {percent(chances.bust).strip()}")


def double_down_misfortune(state: FistfulState) -> str:
    """What Doubling Down gives the Judge, for the line that offers it: a Misfortune, kept,
    or to spend at once while his bank is full (lines 40, 93; a bank holds 3 at most, as a
    failure's doubles on a full bank are told), or nothing for his own NPC's push (the price
    is a player's)."""
    test = state.open_test
    found = state.character(test.name) if test is not None else None
    if found is not None and found.is_npc:
        return "the Judge gains no Misfortune for an NPC"
    if state.misfortune >= BANK_MAX:
        return f"the Judge gains a Misfortune to spend at once (his bank is full at {BANK_MAX})"
    return "the Judge gains a Misfortune"


def rest_odds(who: Character, stakes: int, scene: int | None = None,
              floating: str | None = None, *, five_under: bool = False) -> str:
    """What a night's rest on `stakes` dice may come to (a Grit test with no Challenge): a
    Guts back a die, or a Bust, a Stress and a Guts lost a die; "" for Stakes the Stress
    does not allow. `scene`, the scene's die showing, is one of the Stakes; `floating`
    ("luck", "background" or "judge"), a die floated on top of the Stakes, taken away once
    seen by the player (their best) or the Judge (the worst), as the rest itself takes it.
    With `five_under` (the optional rule on), 5 dice or more under Grit take a Stress off
    one who has any, and the line says so."""
    if not 1 <= stakes <= stakes_limit(who.stress):
        return ""
    chooser: Literal["player", "judge"] | None = (
        None if not floating else "judge" if floating == "judge" else "player")
    chances = (odds(stakes, who.grit, 0, chooser) if scene is None
               else scene_odds(stakes, who.grit, 0, scene, chooser))
    floats = ("" if chooser is None else " and the Judge's floating die" if chooser == "judge"
              else " and a floating die")
    return (f"{plural(stakes, 'die', 'dice')}{floats} against Grit {who.grit}: "
            f"{percent(chances.success).strip()} "
            f"gives back {stakes} Guts (at most {who.guts_max})"
            + (" and a Stress (5 under)" if _five_under(who, stakes, five_under) else "")
            + f"; {percent(chances.bust).strip()} Busts: a Stress, and {stakes} Guts lost to "
            "infection")


def _five_under(who: Character, stakes: int, on: bool) -> bool:
    """Whether `stakes` dice under the Attribute (no Bust, won or not) would take a Stress
    off `who` by the optional "5 under" (line 290): on, 5 dice or more, one of the posse
    with a Stress."""
    return on and stakes >= 5 and not who.is_npc and who.stress > 0


def _cells(chances: Odds) -> tuple[str, str, str]:
    return percent(chances.success), percent(chances.failure), percent(chances.bust)


def odds_grid(value: int, challenge: int, limit: int, scene: int | None = None, *,
              floats: bool = True) -> Grid:
    """The chances of a test of every choice of Stakes, with no floating die, the player's
    and the Judge's; with the scene's die (`scene`, its face) as one of the Stakes. An NPC
    floats no die (`floats` False): "-" under the floating dice."""
    def chances(n: int, floating: Literal["player", "judge"] | None) -> Odds:
        if scene is None:
            return odds(n, value, challenge, floating)
        return scene_odds(n, value, challenge, scene, floating)

    def floated(n: int) -> tuple[str, ...]:
        if not floats:
            return ("-",) * 6
        return (*_cells(chances(n, "player")), *_cells(chances(n, "judge")))

    rows = [(str(n), *_cells(chances(n, None)), *floated(n))
            for n in range(1, max(limit, 1) + 1)]
    note = ODDS_NOTE + (f" The scene's die, showing {scene}, is one of the Stakes."
                        if scene is not None else "") + ("" if floats else
                                                         " -: an NPC floats no die.")
    return grid("The odds", ODDS_COLUMNS, rows, note=note)


def dealer_sections(state: FistfulState) -> list[Section]:
    """The campaign as the Judge reads it: the posse, every sheet, the clock, the fight."""
    found: list[Section] = [lines("The posse", posse_line(state)), characters_grid(state)]
    # each sheet whole, as the Characters tab shows it: what the grid leaves out (the
    # equipment, an NPC's outlook, a debt) is what a replay is asked for
    between = state.between_sessions
    found += [Lines(who.name, (counts_in_full(who),
                               *sheet_lines(who, between_sessions=between,
                                            house=state.settings.house(),
                                            lineup=state.lineup)[1:]))
              for who in state.characters]
    found.extend(wanted_sections(state))
    if state.fight or state.combat_round:
        found.append(fight_grid(state))
    return found


# -- the table's views --------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """A posse member's sheet as the players know it."""

    name: str
    grit: int
    gumption: int
    grace: int
    guts: int
    guts_max: int
    stress: int
    luck: int
    dollars: int
    xp: int
    condition: str
    #: what the sheet carries from one session to the next: a bar tab still owed, dice
    #: bought for the Advancement Test, a Drunken Brawl's lowered Guts, starting money
    debt: int = 0
    advancement_dice: int = 0
    brawled: bool = False
    start_purse: int = 0
    #: a new background or back story Carousing left to write ("" none)
    story_due: str = ""


@dataclass(frozen=True)
class TableKnows:
    """What every player at the table can see: the posse and its sheets, the Wanted Clock
    and its moves, Glory when it is kept, and who stands where in a fight."""

    posse: str
    history: str
    purpose: str
    hour: int
    members: tuple[Member, ...]
    #: each move of the clock: from, to, how, why, who did the time, the hours named when
    #: the clock could not move them all
    moves: tuple[tuple[int, int, str, str, str, int | None], ...]
    glory: int | None
    combat_round: int
    first_to_act: str
    #: each fighter: name, "posse" or "NPC", band
    fighters: tuple[tuple[str, str, str], ...]
    #: a session has ended and the next has not begun
    between_sessions: bool = False
    #: how many sessions have ended (one begun after another takes up the clock)
    sessions_ended: int = 0
    #: this round's order was bought with the posse's Luck, not flipped
    order_bought: bool = False
    #: the fighters who have had this round's turn (Done, or a move and an action)
    turns_done: tuple[str, ...] = ()
    #: the newest steps the table saw, newest first (at most `JUST_NOW`), each its lines
    lately: tuple[tuple[str, ...], ...] = ()
    #: what the posse owes the rules next: a fall to roll for, a failure that may be
    #: doubled down, a Luck to spend at once, the ammunition dice after a firefight, the
    #: takes the session's end turns into XP; then what Carousing left on the sheets
    to_do: tuple[str, ...] = ()
    #: the fighters who have taken half their turn: (name, "acted" or "moved")
    turns_half: tuple[tuple[str, str], ...] = ()
    #: the optional rules the table plays by, by their short names (`OPTIONAL_RULES`)
    optional: tuple[str, ...] = ()
    #: with Scene stakes, the scene's die, one of every test's dice (None: none rolled)
    scene_die: int | None = None
    #: in a round, who has still to act, in words ("" outside a round)
    to_act: str = ""
    #: the posse's guns and bows whose ammunition die is still to roll: (who, weapon)
    ammunition: tuple[tuple[str, str], ...] = ()
    #: the Judge's own calls kept with the optional rules, as their line ends ("; the
    #: Judge's harm: Cavalry sword +5; Incidentals let go (free)"; "" none: round 23)
    house: str = ""


def campaign_words(state: FistfulState) -> tuple[Word, ...]:
    """F1's words as this campaign has them (round 23): a cavalry sword's or a Gatling
    gun's entry opens with the harm the Judge set on the Optional rules form, where he set
    his own, as every attack and sheet uses it; the Incidental's says they are let go."""
    settings = state.settings
    # each entry changed: (the shipped opening it replaces, the campaign's own opening)
    own: dict[str, tuple[str, str]] = {}
    table, book = weapons(settings.house()), weapons()
    for key, add in settings.house().items():
        if add == UNNUMBERED[key]:
            continue
        arm = book[key]
        more = "plus" if add >= 0 else "less"
        own[arm.name] = (
            f"A weapon: {weapon_numbers(arm)}: a win deals a Guts for each die staked, "
            f"plus {arm.add}.",
            f"A weapon: {weapon_numbers(table[key])}: a win deals a Guts for each die "
            f"staked, {more} {abs(add)}. This campaign plays it at {add:+d}, the Judge's "
            "own (the Optional rules form).")
    words = []
    for word in words_of("gmscreen.games.fistful"):
        means = word.means
        if word.word in own:
            shipped, opening = own[word.word]
            means = f"{opening} {means.removeprefix(shipped).lstrip()}"
        elif word.word == "Incidental" and settings.free_incidentals:
            means += (" This campaign lets them go: bought or sold, an Incidental goes for "
                      "nothing (Incidentals free, ticked on the Optional rules form).")
        words.append(Word(word.word, means, word.short) if means != word.means else word)
    return tuple(words)


def table_knows(state: FistfulState) -> TableKnows:
    members = tuple(Member(c.name, c.grit, c.gumption, c.grace, c.guts, c.guts_max, c.stress,
                           c.luck, c.dollars, c.xp, c.condition, c.debt, c.advancement_dice,
                           c.brawled, min(c.start_purse, c.dollars), c.story_due)
                    for c in state.posse_members)
    # what each sheet carries on from Carousing, as the recap's "goes on" says it
    until = "the next" if state.between_sessions else "this"
    carried = tuple(line for m in members if m.condition not in ("dead", "rode off")
                    for line in _carried(m, until))
    fighters = []
    for fighter in state.fight:
        who = state.character(fighter.name)
        if who is not None:
            fighters.append((who.name, "NPC" if who.is_npc else "posse", fighter.band))
    return TableKnows(
        state.posse, state.history, state.purpose, state.clock, members,
        tuple((m.before, m.after, m.how, m.why, m.name, m.asked) for m in state.clock_moves),
        state.glory if state.settings.glory else None, state.combat_round,
        state.first_to_act, tuple(fighters), state.between_sessions, state.sessions_ended,
        state.order_bought, tuple(f.name for f in state.fight
                                  if state.combat_round and f.turn_over),
        tuple(tuple(_whole(state, line) for line in step) for step in _lately(state)),
        tuple(_whole(state, line) for line in (*_to_do(state), *carried)),
        tuple((f.name, "acted" if f.action_taken else "moved") for f in state.fight
              if state.combat_round and not f.turn_over and (f.moved or f.action_taken)),
        _optional(state.settings),
        state.scene_die if state.settings.scene_stakes else None,
        _whole(state, _to_act(state)), _ammunition_owed(state), house_said(state.settings))


def _whole(state: FistfulState, line: str) -> str:
    """`line` with each name of several words in it kept on one row where the players'
    screen wraps it ("Kit Hollis, Cora Dalton and Tomas" / "Vega have still to act" on a
    phone): the lines the table reads, never the recap's copied out."""
    return _whole_names(line, (c.name for c in state.characters))


def _whole_names(line: str, names: Iterable[str]) -> str:
    """`line` with each of `names` in it kept whole (`sections.whole`), the longest first."""
    for name in sorted({n for n in names if " " in n}, key=len, reverse=True):
        line = line.replace(name, whole(name))
    return line


def _to_act(state: FistfulState) -> str:
    """Who has still to act this round, as the table may ask it: the posse by name (with
    what each turn still holds), the NPCs as a side (which of them still stands is the
    Judge's), the side going first first; or that the round is over."""
    if not state.combat_round:
        return ""
    still = fight_rules.waiting(state)
    if not still:
        bought = (f" (or {ORDER_LUCK} of the posse's Luck buys the order)"
                  if fight_rules.why_not_choose_order(state) is None else "")
        return (f"Round {state.combat_round} is over, and a coin says who goes first in "
                f"round {state.combat_round + 1}{bought}.")
    npcs = {npc.name for npc in state.npcs}

    def named(name: str) -> str:
        fighter = state.fighter(name)
        left = turn_left(fighter.moved, fighter.action_taken) if fighter else ""
        return f"{name} ({left})" if left else name

    # (a sentence, no "word:", which a grid's note keeps for the words it explains)
    posse = [named(n) for n in still if n not in npcs]
    sides = [in_words(posse) if posse else "",
             "the NPCs" if any(n in npcs for n in still) else ""]
    if state.first_to_act == "npcs":
        sides.reverse()
    first, *then = [side for side in sides if side]
    have = "has" if first != "the NPCs" and len(posse) == 1 else "have"
    line = f"{first} {have} still to act" + "".join(f", then {side}" for side in then)
    return f"{line[0].upper()}{line[1:]}."


def _optional(settings: Settings) -> tuple[str, ...]:
    """The optional rules turned on, by their short names ("Scene stakes", "5 under")."""
    return tuple(said.split(":", 1)[0] for key, said in OPTIONAL_RULES.items()
                 if getattr(settings, key))


#: how many of the newest steps the players' screen tells ("Just now", then before that)
JUST_NOW = 3


def _lately(state: FistfulState) -> tuple[tuple[str, ...], ...]:
    """The newest steps of this session the table saw, newest first, each its lines in
    the order they happened: the recap's words (`table_tells`), and what the table sees
    done at the table besides (a move in the fight, a turn ended). A step the Judge took
    behind his screen is left out."""
    posse = {m.name for m in state.posse_members}
    steps: dict[int, list[str]] = {}
    for step_seq, told in state.lately:
        line = _tells(told, posse) or _seen_done(told)
        if line:
            steps.setdefault(step_seq, []).append(line)
    return tuple(tuple(lines) for _, lines in sorted(steps.items(), reverse=True)[:JUST_NOW])


def _seen_done(told: object) -> str | None:
    """What the table sees done that the recap leaves to the Judge's copy."""
    if isinstance(told, e.FighterMoved):
        if told.away_from:
            return f"{told.name} backed off from {told.away_from} to {told.band}"
        if told.toward:
            return f"{told.name} closed on {told.toward}" + (
                f", now {told.band}" if told.band != told.before else "")
        return f"{told.name} moved from {told.before} to {told.band}"
    if isinstance(told, e.TurnEnded):
        return f"{told.name} ended their turn"
    return None


def _ammunition_owed(state: FistfulState) -> tuple[tuple[str, str], ...]:
    """Once a fight is over, each of the posse's guns and bows fired whose ammunition die
    is still to roll, as (who, the weapon's name)."""
    if state.fight or state.combat_round:
        return ()
    posse = {m.name for m in state.posse_members if m.condition not in ("dead", "rode off")}
    # as the Judge's Fight tab and the session's end count them: a gun sold or handed on
    # since it was fired has no die left to roll (round 23)
    return tuple((name, weapons()[key].name if key in weapons() else key)
                 for name, key in reversed(fight_rules.ammunition_due(state))
                 if name in posse)


def _to_do(state: FistfulState) -> tuple[str, ...]:
    """What the rules ask of the posse next, as the table may ask it (what each sheet
    carries on from Carousing follows, from `table_knows`): each of the posse
    down at 0 Guts (the Out of action table to roll, or getting up or lost), a plain
    failure that may still be doubled down, what the loser of the duel just fought loses,
    a Luck just rolled (spent on an effect now or kept; with a full bank, spent now or
    lost), after a firefight the ammunition die of each of the posse's guns and bows
    fired, and the takes the session's end turns into XP."""
    found = []
    for who in state.posse_members:
        if who.condition != "out of action":
            continue
        found.append(f"{who.name} is down at 0 Guts: " + (
            "roll on the Out of action table" if not who.out_of_action_rolled else
            "up again with aid (1d6 Guts), or lost if the posse cannot get them back"))
    test = state.open_test
    doubled = test is not None and conflict_rules.why_not_double_down(state) is None
    tester = state.character(test.name) if test is not None else None
    if test is not None and doubled and tester is not None and not tester.is_npc:
        # an NPC's Doubling Down is the Judge's, behind his screen (its dice are his Stress)
        stress = getattr(state.character(test.name), "stress", 0)
        found.append(f"{test.name} may double down on that failure: "
                     f"{plural(stress, 'more die', 'more dice')}, one for each Stress")
    loser = state.character(state.duel_loser)
    if loser is not None and not loser.is_npc:
        # an NPC's loss is the Judge's to tell (his Guts and purse are behind the screen):
        # nothing in it is asked of the posse
        found.append(f"{state.duel_loser} lost the High Stakes Duel: in a gunfight they are "
                     "out of action, in a wager they lose all their money")
    for name in conflict_rules.luck_spenders(state):
        found.append(f"{name}'s Luck must be spent now: the bank is full"
                     if name in state.unbanked_luck else
                     f"{name} may spend the Luck just rolled on an effect now, or keep it "
                     "banked")
    found.extend(f"{name} rolls the ammunition die for the {arm} (1 or 2: a "
                 f"{'bundle' if arm == 'Bow' else 'box'} used)"
                 for name, arm in _ammunition_owed(state))
    takes = [f"{m.name} ${m.take} ({xp_for(m.take)} XP)" for m in state.posse_members
             if m.take and not m.dead]  # the dead's sheet is closed (`session_ends`)
    if takes:
        found.append(f"When the session ends, each take turns into XP: {', '.join(takes)}")
    return tuple(found)


def glory_behind(state: FistfulState) -> str:
    """The bounty's moves Glory has not yet been weighed against (line 288: Glory is swayed
    by the bounty too): "; the clock went from 3 to 5 o'clock since Glory was last set", or
    "" when it stands where it stood then (the Judge kept the hour in his head)."""
    since = [m for m in state.clock_moves if m.seq > state.glory_seq]
    if not since or since[0].before == state.clock:
        return ""
    return (f"; the clock went from {since[0].before} to {state.clock} o'clock since Glory "
            "was last set")


def table_clocks(known: TableKnows) -> list[Face]:
    """The Wanted Clock's face for the players' screen: twelve hours, those passed filled in
    their populace band's colour, and what the hour means."""
    return [Face("Wanted Clock", HIGH_NOON, known.hour, clock_means(known.hour),
                 clock_colours())]


def table_sections(known: TableKnows) -> list[Section]:
    # the hour and what it means to the folk are the clock's face's (`table_clocks`), over
    # these: said again here, they took four of 24 rows
    glory = f", Glory {known.glory}" if known.glory is not None else ""
    # the dead and those who rode off play no more (lines 87, 103): named in a section of
    # their own under the grid, its rows kept for those still riding, however many the
    # campaign has lost (in the grid's note, the news of a death read as part of the legend)
    gone = [m for m in known.members if m.condition in ("dead", "rode off")]
    found: list[Section] = [
        grid(f"{known.posse or 'The posse'}{glory}",
             ("Name", "Grit", "Gum", "Gra", "Guts", "Str", "Luck", "$", "XP", "State"),
             [(m.name, m.grit, m.gumption, m.grace, f"{m.guts}/{m.guts_max}", m.stress,
               m.luck, m.dollars, m.xp, STATE_SHORT.get(m.condition, m.condition))
              for m in known.members
              if m not in gone], note=POSSE_NOTE),
    ]
    if gone:
        found.append(lines("Gone from the posse", in_words(
            whole(f"{m.name} ({m.condition})") for m in gone)))
    at = 0
    if known.fighters:
        # while a fight is on it comes before the posse, in the table's sight under the
        # clock's face
        note = "Band: how far from the other side."
        if known.combat_round:
            # whose turn first, under the round's heading, in a section of its own (run on
            # into the grid's note, a phone read it as part of the legend); then who has had
            # this round's turn: what the table saw done, no NPC's sheet
            head = (f"Round {known.combat_round}, "
                    f"{order_words(known.first_to_act, known.order_bought)}")
            half = dict(known.turns_half)
            found[0:0] = [lines(head, known.to_act), grid("The fight", (
                "Fighter", "Side", "Band", "Turn"), [
                (*fighter, _turn(known, fighter[0], half))
                for fighter in known.fighters],
                note=f"{note} Turn: done, acted (may still move), moved (may still act), "
                     "down (0 Guts), dead, rode off (6 Stress).")]
            at = 1
        else:
            found.insert(0, grid("The fight, before the first round", ("Fighter", "Side",
                                                                        "Band"),
                                 known.fighters, note=note))
            at = 1
    # what was just decided comes before the sheets, and what the rules ask next under it;
    # in a round of a fight, under the round's heading (whose turn it is) and over the
    # fighters: a phone draws each fighter on two rows, and under eight of them these fell
    # out of sight (round 20); before the first round, under who stands where; the steps
    # before, under the posse
    told = [lines("Just now", *known.lately[0])] if known.lately else []
    if known.to_do:
        told.append(lines("Still to come", *known.to_do))
    if told:  # the notes told to the table come next on the players' screen
        told[-1] = replace(told[-1], notes_after=True)
    found[at:at] = told
    # the rules the table plays by: the scene's die counts in every test's Stakes
    played = ([f"The scene's die: {known.scene_die}, one of the dice of every test this "
               "scene"] if known.scene_die else [])
    if known.optional or known.house:
        # the Judge's own numbers and Incidentals let go stand with them (round 23)
        played.append(f"Optional rules: {', '.join(known.optional) or 'none'}{known.house}")
    if played:
        found.append(lines("At this table", *played))
    # what went before (`past`): the players' screen puts the notes told to the table above
    # it, where they came last, below the fold of a phone (round 20)
    if len(known.lately) > 1:
        found.append(Lines("Before that", tuple(line for step in known.lately[1:]
                                                for line in step), past=True))
    if known.moves:
        found.append(Lines("Moves of the clock", past=True, lines=tuple(
            _whole_names(f"{hours_moved(before, after)}, {moved_by(HOW[how], why, name)}"
                         f"{because(why)}{falls_short(before, after, asked, how)}",
                         (m.name for m in known.members))
            for before, after, how, why, name, asked in reversed(known.moves[-5:]))))
    return found


def _turn(known: TableKnows, name: str, half: dict[str, str]) -> str:
    """A fighter's Turn cell: down (one of the posse at 0 Guts), dead or rode off (still
    on the tracker, as the Dealer's tab says: the row read blank, as if her turn were still
    to come), done, or half taken."""
    member = next((m for m in known.members if m.name == name), None)
    if member is not None and member.condition == "out of action":
        return "down"
    if member is not None and member.condition in ("dead", "rode off"):
        return member.condition
    return "done" if name in known.turns_done else half.get(name, "")


# -- the recap's words --------------------------------------------------------------------------

_RESULTS = {"success": "a success", "failure": "a failure", "bust": "a Bust"}


def table_tells(event: Event, known: TableKnows | None = None) -> str | None:
    """What the table saw of an event: results and the posse's own numbers; never an NPC's
    sheet, the Judge's Misfortune, a reaction, a morale roll that held or a Wanted Chart
    roll, nor what the Judge rolls or calls behind his screen for his NPCs alone (an NPC's
    own test or Doubling Down, a test between two NPCs, the harm he gives one, its getting
    up by his aid or its being lost: the event says it is an NPC's, or, in a journal from
    before events said so, the name is none of the posse `known` once the session is
    over)."""
    try:
        told = e.KINDS.read(event)
    except PayloadError:
        return None
    return _tells(told, {m.name for m in known.members} if known is not None else None)


def _tells(told: object, posse: set[str] | None) -> str | None:
    """`table_tells` of a payload read; `posse`, the names of the posse once the session
    is over (None unknown)."""
    if _behind_the_screen(told, posse):
        return None
    if isinstance(told, Settings):
        return (f"Optional rules: {', '.join(_optional(told)) or 'none'}"
                f"{house_said(told)}")
    if isinstance(told, e.SceneDieSet):
        return (f"The Judge rolled the scene's die: {told.face}" if told.face
                else "The scene's die was put away")
    if isinstance(told, e.PosseFormed):
        # the history and purpose the table agreed on (book: Posse Creation), as typed
        agreed = "".join(f"; {label}: {said.strip().rstrip('.')}" for label, said in (
            ("its history", told.history), ("its purpose", told.purpose)) if said.strip())
        return f"The posse {told.name} rode out at {told.clock} o'clock{agreed}"
    if isinstance(told, e.CharacterCreated):
        return f"{told.character.name} joined the posse"
    if isinstance(told, e.TestRolled):
        return (f"{told.name} tested {told.attribute.title()} against Challenge "
                f"{told.challenge}{_luck_floated(told)}: {_RESULTS[told.result]}"
                f"{_stress_of(told, told.result == 'bust')}{_luck_of(told)}")
    if isinstance(told, e.DoubledDown):
        line = (f"{told.name} doubled down: "
                + ("it paid off" if not told.catastrophe else "a catastrophe")
                + _stress_of(told, told.result == "bust", told.name).replace(
                    ":", ", a Bust:", 1))
        if told.damage is not None:
            # an attack doubled down that wins: its harm, as an attack's line tells it
            line += (f", {told.damage} harm with the {told.weapon_name()}"
                     + (f", its blast catching {in_words(told.caught)} too"
                        if told.caught else ""))
            line += _falls(told.sheets, (told.against, *told.caught),
                           posse if posse is not None else set(),
                           "; {} is out of action")
        if told.foils is not None and not told.catastrophe:
            # the opposition's doubling down foils the attack it lost (round 22): the
            # harm is undone (how many Guts, an NPC's, stays behind the screen)
            line += f", {told.against}'s attack foiled, its harm undone"
        return line
    if isinstance(told, e.OpposedTestRolled):
        winner = {"active": told.active.name,
                  "opposition": told.opposition.name}.get(told.winner)
        a, o = told.active, told.opposition
        # why, where the totals do not say (the Attributes that settle a draw are sheets')
        why = ("both Bust: " if a.total > a.value and o.total > o.value
               else "a draw, the higher Attribute wins: " if a.total == o.total and winner
               else "a draw on equal Attributes: " if a.total == o.total
               and a.total <= a.value else "")
        line = (f"{told.active.name}{_luck_floated(told.active)} against "
                f"{told.opposition.name}{_luck_floated(told.opposition)}: {why}"
                + (f"{winner} won" if winner else "nobody won"))
        if told.damage is not None:
            line += f", {told.damage} harm with the {told.weapon_name()}"
            if told.caught:
                line += f", its blast catching {in_words(told.caught)} too"
        if told.thrown_item and not told.active.npc:
            # a stick of dynamite is gone once thrown (an NPC's list is the Judge's)
            line += (f"; {told.active.name} has thrown the {told.thrown_item} "
                     f"({told.thrown_left or 'none'} left)")
        sides = {side.name for side in (told.active, told.opposition) if not side.npc}
        line += _falls(told.sheets, (told.opposition.name, *told.caught),
                       posse if posse is not None else sides, "; {} is out of action")
        # what the posse's own dice did besides: a Bust's Stress, doubles' Luck (an NPC's
        # are the Judge's: his Misfortune, his sheet)
        for side in (told.active, told.opposition):
            if not side.npc and (posse is None or side.name in posse):
                bust = _stress_of(told, side.total > side.value, side.name)
                line += f"; {side.name} busted{bust}" if bust else ""
                luck = _luck_of(side)
                line += f"; {side.name}'s{luck.removeprefix(',')}" if luck else ""
        return line
    if isinstance(told, e.DuelFought):
        busts = (told.challenger_total > told.challenger_limit,
                 told.opponent_total > told.opponent_limit)
        draw = told.challenger_total == told.opponent_total and not any(busts)
        why = ("both Bust: " if all(busts) else "a draw, the higher Attribute wins: "
               if draw and told.winner else "a draw on equal Attributes: " if draw else "")
        line = (f"High Stakes Duel: {told.challenger} {told.challenger_coins} against "
                f"{told.opponent} {told.opponent_coins}: {why}"
                + (f"{told.winner} won" if told.winner else "nobody won")
                + (" and shed a Stress" if told.stress_shed else ""))
        # a Bust of the posse's costs a Stress; an NPC's limit is his sheet's, the Judge's
        for name, total, limit in ((told.challenger, told.challenger_total,
                                    told.challenger_limit),
                                   (told.opponent, told.opponent_total, told.opponent_limit)):
            if posse is not None and name in posse and total > limit:
                line += f"; {name} busted{_stress_of(told, True, name)}"
        return line
    if isinstance(told, e.WealthLost) and told.part:
        return (f"{told.name} " + (f"paid ${told.dollars} to {told.winner}" if told.winner
                                   else f"lost ${told.dollars}") + f": {told.why}")
    if isinstance(told, e.WealthLost):
        return (f"{told.name} lost all their ${told.dollars}"
                + (f" to {told.winner}" if told.winner else ""))
    if isinstance(told, e.LuckSpent):
        stress = luck_on_stress(told)  # Stress for Luck (line 292): what the Luck bought
        if stress:
            return f"{told.name} spent a Luck{stress}" + (f"; {told.why}" if told.why else "")
        return f"{told.name} spent a Luck" + (f": {told.why}" if told.why else "")
    if isinstance(told, e.HarmTaken):
        return (f"{told.name} took {told.amount} harm" + (f": {told.why}" if told.why else "")
                + _falls(told.sheets, (told.name,),
                         posse if posse is not None else {told.name} - (
                             {told.name} if told.npc else set()), "; out of action"))
    if isinstance(told, e.SheetPutRight):
        return f"{told.name}'s sheet was put right: {put_right_words(told)} ({told.why})"
    if isinstance(told, e.OutOfActionRolled):
        return (f"{told.name} went down: {told.mishap}{mishap_costs(told)}"
                + "".join(f"; {moved}" for moved in told.refit))
    if isinstance(told, e.Lost):
        return f"{told.name} was lost for good, presumed dead"
    if isinstance(told, e.Revived):
        return f"{told.name} got back on their feet with {revived_guts(told)}"
    if isinstance(told, e.Rested):
        line = (f"{told.name} rested: {_RESULTS[told.result]}{rest_guts(told)}"
                f"{_stress_of(told, told.result == 'bust', told.name).replace(':', ';', 1)}")
        under = ", five under: a Stress off" if told.five_under else ""
        if told.luck_took_stress:
            return f"{line}; doubles: a Luck took a Stress away{under}"
        return line + (", doubles: a Luck to spend at once" if told.luck_spent_at_once
                       else ", doubles: a Luck banked" if told.luck_banked else "") + under
    if isinstance(told, e.MoraleTested):
        if not told.broke:
            return None
        fled = {"H": ": they fled", "T": ": they surrendered"}.get(told.coin or "", "")
        stays = (f"; {in_words(told.stays)} {'stay' if len(told.stays) > 1 else 'stays'} "
                 "and fights on" if told.stays else "")
        return f"{told.name}'s side broke{fled}{stays}"
    if isinstance(told, e.InitiativeFlipped):
        return (f"Round {told.round}, "
                + order_words(told.first, told.chosen, told.paid, told=True))
    if isinstance(told, e.FightJoined):
        return f"{in_words((told.name, *told.others))} joined the fight at {told.band}"
    if isinstance(told, e.FightLeft):
        return f"{told.name} left the fight"
    if isinstance(told, e.FightEnded):
        return "The fight ended"
    # the posse's own draws and ammunition dice, rolled at the table and changing their
    # gear (an NPC's are the Judge's; with the posse unknown, nobody's)
    if isinstance(told, e.QuickDrawn) and posse is not None and told.name in posse:
        return (f"{told.name} tried a quick draw of the {told.item}: "
                + ("drawn" if told.drawn else "the turn goes on getting it ready"))
    if isinstance(told, e.AmmunitionChecked) and posse is not None and told.name in posse:
        used = f"a {'bundle' if told.weapon == 'bow' else 'box'} used"
        if told.spent and told.item:
            used += f" ({told.item}: {told.left or 'none'} left)"
        return f"{told.name}'s ammunition die: {told.face}, {used if told.spent else 'none used'}"
    if isinstance(told, e.ClockMoved):
        served = (f" (time served by {told.name})" if told.name and told.name not in told.why
                  else "")
        noon = f"; {HIGH_NOON_REACHED}" if reaches_high_noon(told) else ""
        why = because(told.why) or f" ({HOW[told.how]})"
        moved = (f"Stays at {told.after} o'clock" if told.before == told.after
                 else f"From {told.before} to {told.after} o'clock")
        short = falls_short(told.before, told.after, told.asked, told.how)
        return f"{moved}{why}{served}{short}{noon}"
    if isinstance(told, e.GloryChanged):
        return glory_changed(told)
    if isinstance(told, e.Caroused):
        line = (f"{told.name} went carousing"
                f"{night_bought(told.stress_off, told.advancement_dice)}: {told.entry}")
        # the bill's dice, the players' own roll (Won and lost gave only the money left)
        if told.bill:
            line += f"; the bill {' '.join(map(str, told.bill))} = ${sum(told.bill)}"
        # what the night's table brought besides, in the posse's own money and the clock
        if told.prize:
            line += f"; won ${told.prize}"
            # won after the session's end, it counts with its take at once (`between_rules`)
            sheet = told.sheets.get(told.name)
            if sheet is not None and sheet.settled_take is not None \
                    and (gained := xp_counted(sheet.settled_take, told.prize)):
                line += f", counted with the session just ended: {gained} XP"
        elif told.cost > sum(told.bill):
            line += f"; fined ${told.cost - sum(told.bill)} on top of the bill"
        if told.new_debt:
            line += f"; ${told.new_debt} owed on a bar tab"
        if told.coin:
            line += ("; the coin came up heads: a bounty" if told.coin == "H"
                     else "; the coin came up tails: no bounty this time")
        return line
    if isinstance(told, e.Advanced):
        return (f"{told.name} tried to advance {told.attribute.title()}: "
                + (f"it rose to {told.before + 1}" if told.rose else "no change"))
    if isinstance(told, e.TakeShared):
        counted = f", counted with the session just ended: {told.xp} XP" if told.counted else ""
        left = (f"; ${told.left_over} left over, the take not splitting evenly"
                if told.left_over else "")
        return f"{told.name} took a ${told.dollars} share{counted}{left}"
    if isinstance(told, e.StressEased):
        return f"{told.name} eased {told.stress} Stress with the {told.item}"
    if isinstance(told, e.HandedOver):
        giver = f"{told.giver}, {told.giver_fell}," if told.giver_fell else told.giver
        return (f"{handed_words(told.dollars, told.item)} passed from {giver} to "
                f"{told.taker}")
    if isinstance(told, e.DebtPaid):
        return f"{told.name} paid ${told.dollars} of a debt"
    if isinstance(told, e.SessionSettled):
        took = f"{told.name} turned a ${told.take} take into {told.xp} XP"
        if told.guts_max is None and told.take:
            return took  # with no take, only a brawl was settled (older journals too)
        worn = "Drunken Brawl wore off"
        return f"{took}; the {worn}" if told.take else f"{told.name}'s {worn}"
    if isinstance(told, e.Bought):
        # a stack bought together, as the log and the sheet say it ("Box of bullets x3")
        stack = f" x{told.count}" if told.count > 1 else ""
        # an Incidental let go (round 22): for nothing, as the log says it
        price = ("for nothing" if told.category == "Incidental" and not told.cost
                 else f"for ${told.cost}")
        return f"{told.name} bought {told.item}{stack} {price}"
    if isinstance(told, e.Sold):
        # an Incidental let go (round 23): for nothing, as the log says it
        return (f"{told.name} sold {told.item} "
                + ("for nothing" if told.let_go else f"for ${told.paid}"))
    return None


#: a floating die, as the table saw it added to the roll (lines 43-47)
_FLOATED = {"luck": " (a Luck spent on a floating die)",
            "background": " (a floating die for their background)",
            "judge": " (the Judge's floating die against them)"}


def _luck_floated(side: e.TestRolled | e.SideRolled) -> str:
    """Where the roll had a floating die, whose: a Luck spent, the background's, or the
    Judge's (the die is seen added; his bank is his own)."""
    return _FLOATED.get(side.floating or "", "")


def _luck_of(side: e.TestRolled | e.SideRolled) -> str:
    """", doubles: a Luck" where the roll's doubles gave its roller a Luck (banked, or to
    spend at once when the bank was full); and the optional five under's Stress off."""
    under = ", five under: a Stress off" if side.five_under else ""
    if side.luck_spent_at_once:
        return f", doubles: a Luck to spend at once{under}"
    return (", doubles: a Luck banked" if side.luck_earned else "") + under


def _stress_of(told: e.TestRolled | e.OpposedTestRolled | e.DuelFought | e.Rested
               | e.DoubledDown, bust: bool, name: str = "") -> str:
    """": a Stress" for a Bust (": 6 Stress, rides off" when it is the sixth), else ""."""
    if not bust:
        return ""
    change = told.sheets.get(name or getattr(told, "name", ""))
    if change is not None and change.stress == STRESS_MAX:
        return f": {STRESS_MAX} Stress, rides off out of play"
    return ": a Stress"


def _falls(sheets: e.Sheets, names: Sequence[str], posse: set[str], words: str) -> str:
    """`words` (its {} the name) for each of `names` of the `posse` whom the step took to
    0 Guts; an NPC's Guts are his sheet's, the Judge's."""
    return "".join(words.format(name) for name in names
                   if name in posse
                   and (change := sheets.get(name)) is not None and change.guts == 0)


def _behind_the_screen(told: object, posse: set[str] | None) -> bool:
    """An NPC's own roll or fate, the Judge's alone. An event from before events said so
    (its `npc` reads false) is an NPC's when its name is none of the `posse` (the names
    the table knows once the session is over): a character never leaves the posse's
    roster, so a member's own name is always there."""

    def npc(name: str, said: bool) -> bool:
        return said or (posse is not None and name not in posse)

    if isinstance(told, e.OpposedTestRolled):
        return (npc(told.active.name, told.active.npc)
                and npc(told.opposition.name, told.opposition.npc) and not told.posse_caught)
    if isinstance(told, e.WealthLost) and told.part:
        # an NPC's purse outside a duel is the Judge's, unless he pays one of the posse
        return npc(told.name, False) and (not told.winner or npc(told.winner, False))
    return isinstance(told, e.TestRolled | e.DoubledDown | e.HarmTaken | e.Revived | e.Lost
                      | e.StressEased | e.SheetPutRight) and npc(told.name, told.npc)


_EPISODES: dict[type, str] = {
    e.PosseFormed: "The posse.", e.CharacterCreated: "The posse.",
    # a Luck is spent as it is rolled (line 38): told with the roll it came of, an attack's
    # in the fight (round 64: it cut the fight under a "Tests." of its own)
    e.TestRolled: "Tests.", e.DoubledDown: "Tests.", e.LuckSpent: SAME_EPISODE,
    e.OpposedTestRolled: "The fight.",
    e.OutOfActionRolled: SAME_EPISODE, e.Lost: SAME_EPISODE, e.Revived: SAME_EPISODE,
    e.SheetPutRight: SAME_EPISODE,
    e.MoraleTested: "The fight.", e.InitiativeFlipped: "The fight.",
    e.FightJoined: "The fight.", e.FightLeft: "The fight.", e.FightEnded: "The fight.",
    # told in the Judge's copy alone: a turn, a move (and an NPC's draw and ammunition)
    e.TurnEnded: "The fight.", e.FighterMoved: "The fight.", e.QuickDrawn: "The fight.",
    e.AmmunitionChecked: "The fight.",
    e.DuelFought: "A High Stakes Duel.", e.WealthLost: "A High Stakes Duel.",
    e.ClockMoved: "The Wanted Clock.", e.GloryChanged: "The Wanted Clock.",
    e.Rested: "Rest and recovery.", e.StressEased: "Rest and recovery.",
    e.Caroused: "Between adventures.", e.Advanced: "Between adventures.",
    e.TakeShared: "Money and gear.", e.SessionSettled: "Money and gear.",
    e.Bought: "Money and gear.", e.Sold: "Money and gear.", e.DebtPaid: "Money and gear.",
    e.HandedOver: "Money and gear.",
}


def episode(event: Event) -> str | None:
    """The heading of the paragraph an event belongs to: the posse, tests (an opposed test
    with no weapon too), the fight (in the Judge's copy its turns, moves, quick draws and
    the ammunition dice after it too, so that it reads as one paragraph), a duel, the
    Wanted Clock, rest (a Drunken Brawl worn off with no take too), money and gear (a
    share, its XP, buying, selling, a debt), between adventures (Carousing, advancing).
    Harm is told with the fight or the duel it was taken in, or apart; a fall to 0 Guts,
    getting up and being lost, in the paragraph they fall in."""
    try:
        told = e.KINDS.read(event)
    except PayloadError:
        return None
    if isinstance(told, e.OpposedTestRolled) and told.weapon is None:
        return "Tests."  # an opposed test with no weapon (the Conflict tab's) is no attack
    if isinstance(told, e.DoubledDown) and (told.weapon or told.foils) is not None:
        return "The fight."  # an attack doubled down, by either side
    if isinstance(told, e.HarmTaken):
        # in a fight, with the duel it ends, or a moment of its own; a journal older than
        # `during`: where it falls (after the duel or attack that caused it, as a rule)
        return {"fight": "The fight.", "duel": "A High Stakes Duel.", "moment": None,
                None: SAME_EPISODE}[told.during]
    if isinstance(told, e.SessionSettled) and not told.take:
        return "Rest and recovery."  # no take: only a Drunken Brawl wore off
    if isinstance(told, e.WealthLost) and told.part:
        return "Money and gear."  # Dollars lost or paid outside a duel
    return _EPISODES.get(type(told))


def table_cast(known: TableKnows, *, before: TableKnows | None = None) -> list[str]:
    """The posse as the session ends: those still riding, then those who died or rode off
    in it apart (they play no more), so a later recap does not list them as playing. Those
    gone before the session began (`before`) took no part in it: left out, else each
    later recap would carry the campaign's every dead."""
    gone_before = {m.name for m in (before.members if before else ())
                   if m.condition in ("dead", "rode off")}
    gone = {said: [m.name for m in known.members
                   if m.condition == said and m.name not in gone_before]
            for said in ("dead", "rode off")}
    return [*(m.name for m in known.members if m.condition not in ("dead", "rode off")),
            *(f"{said.capitalize()}: {', '.join(names)}" for said, names in gone.items()
              if names)]


def _changes(name: str, before: Member | Character | None,
             after: Member | Character) -> list[str]:
    """What one sheet won and lost: its money, XP, Stress, Luck and Guts, then the most
    Guts and the Attributes an advancement or a mishap changed; one who joined says what
    they came with."""
    kept = (("Dollars", "dollars"), ("XP", "xp"), ("Stress", "stress"), ("Luck", "luck"),
            ("Guts", "guts"))
    if before is None:
        came = [f"{label} {getattr(after, field)}" for label, field in kept
                if getattr(after, field)]
        return [f"{name} joined" + (f": {', '.join(came)}" if came else "")]
    said = []
    for label, field in (*kept, ("most Guts", "guts_max"), ("Grit", "grit"),
                         ("Gumption", "gumption"), ("Grace", "grace")):
        had, has = getattr(before, field), getattr(after, field)
        if had != has:
            said.append(f"{label} {had} to {has}")
    return [f"{name}: {', '.join(said)}"] if said else []


def table_totals(before: TableKnows, after: TableKnows) -> list[str]:
    """What the posse won and spent, and where the clock went, from the session's start to
    its end."""
    had = {m.name: m for m in before.members}
    found = []
    if not before.posse and after.posse:
        # the posse formed: the hour it agreed on is set, not moved from a 1 never played
        found.append(f"The Wanted Clock: set at {after.hour} o'clock")
    elif before.hour != after.hour:
        found.append(f"The Wanted Clock: {before.hour} to {after.hour} o'clock")
    for member in after.members:
        found.extend(_changes(member.name, had.get(member.name), member))
    return found


def dealer_totals(before: FistfulState, after: FistfulState) -> list[str]:
    """The table's totals, every NPC's too, and the Judge's Misfortune."""
    found = table_totals(table_knows(before), table_knows(after))
    if before.misfortune != after.misfortune:
        found.append(f"The Judge's Misfortune: {before.misfortune} to {after.misfortune}")
    for npc in after.npcs:
        # one the Judge renamed is the same NPC: his changes under the name he had
        was = next((sheet for name in (npc.name, *reversed(npc.called))
                    if (sheet := before.character(name)) is not None), None)
        label = (f"{was.name} (now {npc.name})" if was is not None and was.name != npc.name
                 else npc.name)
        found.extend(_changes(label, was, npc))
    return found



def table_stands(known: TableKnows, *, leaving: bool = False) -> str | None:
    """Where the campaign stands as a session takes it up or leaves it, as the table knows
    it: a fight under way (in the words the session's end asked about it), then, once a
    session has ended before (or as one leaves), the posse's hour and Glory; who of the
    posse is down; what Carousing left (a bar tab, advancement dice, a brawl's lowered
    Guts); the ammunition dice still to roll after a fight; and starting money while the
    bounty can be paid. None before the posse rides
    with nothing under way, as most first sessions begin."""
    down = [m.name for m in known.members if m.condition == "out of action"]
    # the posse's downed and dead apart from those standing, as the session's end asked
    # it: the recap read "the fight, in round 1 (Kit, Cora, Rattler Jim)" with Cora down;
    # an NPC's state stays behind the Judge's screen
    dead = [m.name for m in known.members if m.condition in ("dead", "rode off")]
    on_tracker = [f[0] for f in known.fighters]
    fight = (fight_rules.fight_words(known.combat_round, fight_rules.fighters_named(
        [n for n in on_tracker if n not in down and n not in dead],
        [n for n in on_tracker if n in down], [n for n in on_tracker if n in dead]))
             if known.fighters or known.combat_round else None)
    return _stands(known, leaving, fight, down, [])


def dealer_stands(state: FistfulState, *, leaving: bool = False) -> str | None:
    """The table's words, the fight told from the state as the session's end asks about it
    and its NPCs down too, then what the Judge keeps: the Wanted Chart's results still to
    come into play, whom the posse's debts are owed, and his Misfortune."""
    known = table_knows(state)
    down = [m.name for m in known.members if m.condition == "out of action"]
    for fighter in state.fight:
        npc = state.character(fighter.name)
        if npc is not None and npc.is_npc and npc.condition == "out of action":
            down.append(npc.name)
    kept = []
    waiting = chart_waiting(state)
    if waiting:
        results = " and ".join(f"{total} (#{seq}, {_chart_title(entry)})"
                               for seq, total, entry in waiting)
        kept.append(f"the Wanted Chart's {results} still to come into play")
    kept.extend(f"{who.name}'s debt owed to {who.owed_to}" for who in state.posse_members
                if who.debt and who.owed_to and who.condition not in ("dead", "rode off"))
    if state.misfortune:
        kept.append(f"the Judge's Misfortune {state.misfortune}/{BANK_MAX}")
    return _stands(known, leaving, fight_rules.fight_under_way(state), down, kept)


def _carried(member: Member, until: str) -> list[str]:
    """What one of the posse's sheets carries on (Carousing's dice, tab, brawl and story to
    write), for the recap's "goes on" and the players' screen's "Still to come"; `until`,
    which session ends a brawl ("this" or "the next")."""
    found = []
    if member.advancement_dice:
        dice = member.advancement_dice
        found.append(f"{member.name}'s {dice} advancement "
                     f"{'die waits' if dice == 1 else 'dice wait'} for the Advancement Test")
    if member.debt:
        found.append(f"{member.name} owes ${member.debt} from Carousing")
    if member.brawled:
        found.append(f"{member.name}'s Drunken Brawl keeps their Guts to "
                     f"{member.guts_max} till {until} session ends")
    if member.story_due:
        found.append(f"{member.name}'s {STORY_DUE[member.story_due][1]} is still to be "
                     "written")
    return found


def _chart_title(entry: str) -> str:
    """A Wanted Chart entry's name, its first words up to their mark ("Howdy!", "An
    offer")."""
    found = re.match(r"(.+?[.?!])(\s|$)", entry)
    return found.group(1).removesuffix(".") if found else entry


def _stands(known: TableKnows, leaving: bool, fight: str | None, down: Sequence[str],
            kept: Sequence[str]) -> str | None:
    """Where the campaign stands, in parts joined into one sentence (None for none)."""
    found = [fight] if fight else []
    # a session leaving, or one begun (or about to begin) after another, carries the clock
    carried = leaving or known.sessions_ended > 0
    if known.posse and carried:
        hour = known.hour
        found.append(f"{known.posse} at " + (HIGH_NOON_REACHED if hour >= HIGH_NOON
                                             else f"{hour} o'clock on the Wanted Clock"))
        if known.glory is not None:
            found.append(f"Glory {known.glory}")
        # the optional rules stay on from session to session, and the scene's die with
        # them till the Judge rolls another (a scene may last a session or more, line 286)
        if known.optional or known.house:
            found.append(f"the optional rules {', '.join(known.optional) or 'none'}"
                         f"{known.house.replace('; ', ', ')}")
        if known.scene_die:
            found.append(f"the scene's die {known.scene_die}, till a new scene's is rolled")
    if down:
        found.append(f"out of action at 0 Guts: {', '.join(down)}")
    playing = [m for m in known.members if m.condition not in ("dead", "rode off")]
    if known.members and not playing:
        # the dead and those who rode off play no more (lines 87, 103): the campaign goes on
        # only with new characters
        found.append("nobody of the posse is left in play: new characters take up the "
                     "story, or the campaign ends here")
    # a brawl after the session's end lasts through the next one
    until = "the next" if leaving and known.between_sessions else "this"
    for member in playing:
        found.extend(_carried(member, until))
    if known.ammunition:
        found.append("the ammunition dice still to roll for "
                     + in_words(f"{who}'s {arm}" for who, arm in known.ammunition))
    purses = [f"{m.name} ${m.start_purse}" for m in playing if m.start_purse]
    if (purses and carried
            and FIRST_HOUR < known.hour < NO_PAYING_FROM):
        found.append(f"starting money, which cannot pay off the bounty: {', '.join(purses)}")
    found.extend(kept)
    return "; ".join(found) or None
