"""The rule checks of Dust's commands: each `verify_*` raises a `RuleError` naming the rule,
in the game's words, and changes nothing. What may be done now, a step at a time, is
`why_not_*` (the refusal, or None): the tabs ask it for their keys, and the `verify_*` of the
same step raises the same refusal, so a key and its command are refused in the same words.
`can(verify, ...)` answers yes or no.

Readings:

- The day phase ends when the hammer falls (or the day ends without a lynch): gifts and the
  generator belong to the day, twilight belongs to the night.
- One use of each power a night; at most one exclusive action, scavenging included.
- Scavenging keeps a player from every other power of his role, even one not marked
  exclusive (book line 36); the items' powers that are not exclusive (the Notebook, the
  Adrenaline, the Alcohol) go with it.
- A power that works only in the church cannot be combined with one that takes you out.
- "Target a player" on the Hammer and Nails means another player: line 119 tells the one
  boarded in of his jail and keeps from him who did it, which only reads of someone
  else, and boarding yourself in would make you safe from every night kill,
  the Gun's outside too, for the price of an item. The First Aid Kit
  and the Knife say "yourself or another" or "a player" to be protected, so they may.
  The Chalk (whose target is told someone followed him) looks at another
  player too. The Flashlight says "Target a player" as the First Aid Kit does, so (round
  22) it may be aimed at its holder, who goes out and learns how he reads (the Relic or the
  Black Book makes him read as Scum); a table that reads it otherwise sets its Target to
  "other" (`e` on the item, Characters tab). The Black Book says "any player", and may be
  aimed at its holder.
- A power that needs the church lit (or dark) is refused on a night it is not: the
  generator runs by day, so the church's state is known when the choices come in.
- While Guilt lives, only Guilt decides the Scum's kill; if Guilt is dead, any living Scum
  may. Line 98 lets him target anyone: the kill may go to one of the Scum (a gambit the
  book does not forbid; round 21 lifted the app's own ban), never to its killer, who
  carries it out on another. The killer's kill is his exclusive action.
- Once the game is on, the moderator may still correct a role's or an item's powers (a
  mistake in the set-up), never its name, side or text; each power keeps its name, since
  the players were sent it by that name and send their night actions by it, and the uses
  counted refer to it. The log shows what changed, and each living player of the role
  (or holding the item) is sent the corrected power (`rules.corrections_told`).
- A night power that acts on a player (a kill, a protection, a block...) is aimed at one;
  only a turn (Paranoia's) takes two, the player turned and the one his actions land on.
  A role or item defined otherwise, at the set-up or in play, is refused: the night could
  not be resolved with it.
- A correction made at night leaves standing every action already sent for tonight: one it
  would unmake (a second target now needed, the church now wrong) is refused until the
  moderator sends that player's action again without the power.
- "Avatar of Fear" is the horror in a location's list, never the name of an item, a place
  or a player (in any case): "met the Avatar of Fear" would read two ways.
- A name (a player's, a place's, a role's, an item's, a power's) holds no control character
  and none that takes no room: the kit's forms refuse them as typed, these checks refuse
  them from anywhere, and `gmscreen check` reports one in a journal another tool wrote.
- A player's name is his forum name, which a forum keeps short: thirty characters at most
  (`NAME_LIMIT`), or the night's roster at 80 columns leaves a word a line for his action;
  a wide letter (張, 🐎) counts two, as it takes two columns (thirty of them pushed the
  Characters tab's Side, Items and Status off an 80-column screen). A place's name and a
  power's are held to the same (`too_long`).
- No game runs to a hundredth night: a place's nights and a power's or an item's uses are
  counted to `LAST_NIGHT` (99) at most; a larger number is a slip of the keys, refused by
  the field it was typed in (the journal could not hold one past 64 bits at all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from typing import Any

from rich.cells import cell_len

from gmscreen.core.text import controls_in, in_words, plural, quoted, reads_as, unseen_in
from gmscreen.games.dust.powers import (
    ALIGNMENTS,
    AVATAR,
    BOOK_TABLE,
    CHURCH,
    EFFECTS,
    LAST_NIGHT,
    SPENDS,
    TARGETS,
    TIMINGS,
    WINS,
    WORKS_IF,
    ItemDef,
    Power,
    RoleDef,
    finds_of,
)
from gmscreen.games.dust.state import (
    NO_LYNCH,
    DustState,
    Location,
    NightChoice,
    Player,
    PowerUse,
    voted_words,
)
from gmscreen.journal.rules import RuleError


def _living(state: DustState, name: str, rule: str, field: str) -> None:
    if not name.strip():
        what = {"by": "Scum who decides the kill", "targets": "target"}.get(field, field)
        raise RuleError(rule, f"choose the {what} first: none is chosen", field=field)
    player = state.player(name)
    if player is None:
        raise RuleError(rule, f"there is no player named {quoted(name)}", field=field)
    if not player.alive:
        raise RuleError(rule, f"{name} is dead", field=field)


def when_not(state: DustState, phase: str, rule: str, what: str) -> RuleError | None:
    """The refusal of a step that belongs to `phase` ("setup", "day" or "night"), taken at
    another time (None in its phase): `what` says when it belongs, the refusal says when it
    is now. Every `why_not_x` of the phases is made here, so the words are alike."""
    if state.phase == phase:
        return None
    if state.phase == "over":
        return RuleError("Game over", f"{state.result} ({what})")
    if state.phase == "setup":
        return RuleError(rule, f"the game has not started: {what}")
    if phase == "setup":
        return RuleError(rule, f"the game has started: {what}")
    if state.phase == "night":
        return RuleError(rule, f"it is Night {state.number}, {day_ended(state)}: {what}")
    return RuleError(rule, f"it is Day {state.number}: {what}")


def day_ended(state: DustState) -> str:
    """How tonight's day ended, for a refusal at night: by the hammer on a player, or
    without a lynch (a deadline, a majority for no lynch), where no hammer fell."""
    lynched = state.lynched_on(state.number)
    return (f"the hammer having fallen on {lynched}" if lynched
            else f"Day {state.number} having ended without a lynch")


def _raise(refused: RuleError | None) -> None:
    if refused is not None:
        raise refused


def why_not_set_up(state: DustState) -> RuleError | None:
    """Why the set-up (the book's tables, a player, a place taken off) is closed now."""
    return when_not(state, "setup", "Setup", "players, roles and places are set before Day 1")


def verify_set_up(state: DustState) -> None:
    _raise(why_not_set_up(state))


def why_not_add_player(state: DustState) -> RuleError | None:
    """Why no player can be added now: the set-up is over, or there is no role to give
    him yet (the book's set-up puts its roles in)."""
    return why_not_set_up(state) or (None if state.roles else RuleError(
        "Roles", "no role is defined yet: put in the book's set-up first (its roles, items "
        "and locations)", field="role"))


def verify_player(state: DustState, name: str, role: str, items: tuple[str, ...]) -> None:
    _raise(why_not_add_player(state))
    verify_name(state, name)
    if not role.strip():
        raise RuleError("Roles", "choose the role first: none is chosen", field="role")
    if state.role(role) is None:
        raise RuleError("Roles", f"there is no role named {quoted(role)}", field="role")
    for item in items:
        if state.item(item) is None:
            raise RuleError("Items", f"there is no item named {quoted(item)}", field="items")


#: the longest forum name a player may be given: forums allow some twenty to thirty
#: characters, and a longer one squeezes every roster at 80 columns
NAME_LIMIT = 30


def too_long(rule: str, what: str, name: str) -> RuleError | None:
    """Why `name` is too long for the tables at 80 columns, if it is: `NAME_LIMIT`
    characters at most, a wide letter counting two."""
    width = cell_len(name)
    if width <= NAME_LIMIT:
        return None
    wide = " (a wide letter counts two)" if width != len(name) else ""
    return RuleError(rule, f"{what} is {NAME_LIMIT} characters at most{wide}; this one has "
                     f"{width}", field="name")


def unreadable(rule: str, what: str, name: str) -> RuleError | None:
    """Why `name` cannot be read as typed, if it cannot: a control character (an escape that
    would colour or clear the screen, a newline) or one that takes no room (a zero-width
    space: "Ann" and "Ann" with one would read as one name). The kit's forms refuse them as
    typed; this holds for a command from anywhere, and `rules.problems` for a journal
    another tool wrote."""
    found = controls_in(name) or unseen_in(name)
    if not found:
        return None
    return RuleError(rule, f"{what} holds a character that is not shown ({found[0]}): type "
                     "it without", field="name")


def is_avatar(name: str) -> bool:
    """Whether `name` reads as the Avatar of Fear, in any case: the horror a place's list
    holds (lines 140-189), which no item, place or player may be called, or the night's
    steps and messages ("met the Avatar of Fear") would read two ways; with "the" before
    it too, as the book's lists write it."""
    said = reads_as(name)
    return reads_as(AVATAR) in (said, said.removeprefix("the "))


def verify_name(state: DustState, name: str) -> None:
    """A forum name for a new player: not blank, not padded, not longer than a forum's own,
    not taken (dead players too)."""
    clean = name.strip()
    if not clean:
        raise RuleError("Names", "type his forum name first: none is typed", field="name")
    if clean != name:
        raise RuleError("Names", "a player needs a name without spaces at either end",
                        field="name")
    _raise(too_long("Names", "a forum name", clean))
    if is_avatar(clean):
        raise RuleError("Names", f"the {AVATAR} is the horror in a place's list, not a name a "
                        "player may take", field="name")
    # told apart as the thread reads them: whatever the case, or a character nobody sees
    said = reads_as(clean)
    if said == reads_as(NO_LYNCH):
        # no player holds it: it is the vote's own choice, which a player's name would hide
        raise RuleError("Names", f"{quoted(name)} is a choice of the vote, not a name a "
                        "player may take", field="name")
    if any(reads_as(p.name) == said for p in state.players):
        raise RuleError("Names", f"the name {quoted(name)} is already taken", field="name")
    _raise(unreadable("Names", "a forum name", clean))


def why_not_deal(state: DustState) -> RuleError | None:
    """Why the roles cannot be dealt at random now: the set-up is over, or there are not
    two players to deal them among."""
    return why_not_set_up(state) or (None if len(state.players) >= 2 else RuleError(
        "Setup", "the roles are dealt among two players or more: add the players first (p)"))


def verify_deal(state: DustState, players: tuple[str, ...]) -> None:
    """A deal names every player once, and no one else."""
    _raise(why_not_deal(state))
    if sorted(players) != sorted(p.name for p in state.players):
        raise RuleError("Setup", "a deal names every player once: "
                        f"{', '.join(players) or 'none'} are not the players of the list",
                        field="players")


def in_book_order(state: DustState) -> bool:
    """Whether the players' roles follow the book's table in its order as they joined (the
    order the player form offers), some seats perhaps left out (a smaller table, as the
    set-up guide advises): a list the players' screen shows in that order tells who holds
    which role to anyone who knows the book's order (the Scum last)."""
    seats = iter(role for role, _ in BOOK_TABLE)
    roles = [p.role for p in state.players]
    # each role found further on in the book's table than the one before it
    return len(set(roles)) > 1 and all(role in seats for role in roles)


def why_not_write_opening(state: DustState) -> RuleError | None:
    """Why the moderator's opening for Day 1's post can no longer be written: it is read
    to the table once, at the head of Day 1's post."""
    return when_not(state, "setup", "Opening",
                    "the opening heads Day 1's post and is written, put right or taken out "
                    "before it (a note for the table tells them more)")


def opening_lines(state: DustState, text: str) -> tuple[str, ...]:
    """The opening as typed, a paragraph a line (blank lines dropped); a RuleError says why
    it cannot be written now, or why the text cannot stand."""
    _raise(why_not_write_opening(state))
    hidden = controls_in(text, lines=True) or unseen_in(text)
    if hidden:
        raise RuleError("Opening", f"the text holds a character that is not shown "
                                   f"({hidden[0]})", field="text")
    paragraphs = tuple(" ".join(line.split()) for line in text.splitlines() if line.strip())
    if paragraphs == state.opening:
        raise RuleError("Opening", "the opening reads so already" if paragraphs else
                        "no opening is written: type the story Day 1's post opens with",
                        field="text")
    return paragraphs


def why_not_start(state: DustState) -> RuleError | None:
    refused = why_not_set_up(state)
    if refused is not None:
        return refused
    scum = sum(1 for p in state.players if state.is_scum(p.name))
    town = len(state.players) - scum
    if scum == 0:
        return RuleError("Setup", "the game needs at least one Scum player")
    if scum >= town:
        return RuleError("Setup", "the Scum must start outnumbered by the rest")
    return None


def verify_start(state: DustState) -> None:
    _raise(why_not_start(state))


def _gifts_now(state: DustState) -> RuleError | None:
    return when_not(state, "day", "Gifts", "items change hands only by day, before the hammer "
                                           "falls")


def why_not_give(state: DustState) -> RuleError | None:
    refused = _gifts_now(state)
    if refused is None and not givers(state):
        kept = kept_back(state)
        return RuleError("Gifts", "no living player holds an item that can be given"
                         + (f"; {kept}" if kept else ""))
    return refused


def why_not_correct_gift(state: DustState) -> RuleError | None:
    """Why no gift can be put right now: by day, and only one made today."""
    refused = _gifts_now(state)
    if refused is None and not state.gifts:
        return RuleError("Gifts", "no gift was made today: there is none to put right")
    return refused


def verify_gift_correction(state: DustState, giver: str, item: str, was: str,
                           receiver: str) -> None:
    _raise(why_not_correct_gift(state))
    if (giver, item, was) not in state.gifts:
        raise RuleError("Gifts", f"{giver} gave no {item} to {was} today", field="gift")
    holder = state.player(was)
    if holder is None or not holder.holds(item):
        raise RuleError("Gifts", f"{was} no longer holds the {item}: he has passed it on, "
                                 "or lost it", field="gift")
    _living(state, receiver, "Gifts", "receiver")
    if receiver in (giver, was):
        raise RuleError("Gifts", f"the gift goes to another player than {receiver}",
                        field="receiver")


def kept_back(state: DustState) -> str:
    """The items living players hold that the book forbids giving (the Relic, the Black
    Book), with their holders ("Dan's Relic cannot be given away"), or "": such a holder is
    not among the gift form's givers, and the moderator asked for his gift is told why."""
    held = [f"{p.name}'s {name}" for p in state.living
            for name in dict.fromkeys(h.item for h in p.items)
            if (item := state.item(name)) is not None and not item.tradeable]
    if not held:
        return ""
    return f"{in_words(held)} cannot be given away"


def gifts_of(state: DustState, player: Player) -> list[str]:
    """The items `player` holds and may give away, each once, in the order he got them."""
    held = dict.fromkeys(h.item for h in player.items)
    return [name for name in held if (item := state.item(name)) is not None and item.tradeable]


def givers(state: DustState) -> list[str]:
    """The living players who hold an item they may give away."""
    return [p.name for p in state.living if gifts_of(state, p)]


def verify_gift(state: DustState, giver: str, item: str, receiver: str) -> None:
    _raise(_gifts_now(state))
    _living(state, giver, "Gifts", "giver")
    _living(state, receiver, "Gifts", "receiver")
    if giver == receiver:
        raise RuleError("Gifts", "a gift goes to another player", field="receiver")
    if not item.strip():
        raise RuleError("Gifts", "choose the item first: none is chosen", field="item")
    player = state.player(giver)
    if player is None or not player.holds(item):
        raise RuleError("Gifts", f"{giver} does not hold the {item}", field="item")
    definition = state.item(item)
    if definition is not None and not definition.tradeable:
        raise RuleError("Untradeable", f"the {item} cannot be given away", field="item")


def _day_powers_now(state: DustState) -> RuleError | None:
    return when_not(state, "day", "Day powers",
                    "day powers are used by day, before the hammer falls")


def why_not_day_power(state: DustState) -> RuleError | None:
    refused = _day_powers_now(state)
    if refused is None and not day_powers(state):
        return RuleError("Day powers", "no day power can be used now: the generator needs "
                                       "Gasoline or Alcohol and runs once a day; the "
                                       "Innocent is vouched for once")
    return refused


def day_powers(state: DustState) -> list[tuple[str, str, str]]:
    """The day powers usable now, as (player, source, power), in the roster's order."""
    found = []
    for player in state.living:
        for source in [player.role, *dict.fromkeys(h.item for h in player.items)]:
            holder = state.role(source) if source == player.role else state.item(source)
            for power in holder.powers if holder else ():
                if power.timing == "day" and can(
                        verify_day_power, state, player.name, source, power.name):
                    found.append((player.name, source, power.name))
    return found


def no_power(state: DustState, name: str, source: str, power_name: str) -> str:
    """Why `name` cannot use `power_name` of `source`, in plain words: a power is his
    role's or an item's in his hands."""
    player = state.player(name)
    if player is not None and source != player.role and state.role(source) is not None:
        # the roles by their names, no article: "his role is the Vanilla Town" read oddly
        return (f"{name}'s role is {player.role}, not {source}: only its players use its "
                f"powers")
    if player is not None and state.item(source) is not None and not player.holds(source):
        return f"{name} does not hold the {source}: only the one who holds it uses its powers"
    if player is not None and source in (player.role, *(h.item for h in player.items)):
        return f"the {source} has no power named {power_name}"
    return f"there is no role or item named {source}"


def verify_day_power(state: DustState, name: str, source: str, power_name: str) -> Power:
    _raise(_day_powers_now(state))
    _living(state, name, "Day powers", "player")
    power = state.power_of(name, source, power_name)
    if power is None:
        raise RuleError("Day powers", no_power(state, name, source, power_name),
                        field="power")
    if power.timing != "day":
        raise RuleError("Day powers", f"{power_name} is not used by day", field="power")
    _uses_left(state, name, source, power)
    if power.effect == "light" and state.lit:
        raise RuleError("Generator", "the church is already lit tonight", field="power")
    if power.effect not in ("light", "reveal"):
        raise RuleError("Day powers", f"{power_name} has no day effect", field="power")
    return power


def _uses_left(state: DustState, name: str, source: str, power: Power) -> None:
    player = state.player(name)
    if player is None or source != player.role or power.uses is None:
        return
    if player.times_used(power.name) >= power.uses:
        raise RuleError("Uses", f"{name} has no {power.name} left", field="power")


def why_not_vote(state: DustState) -> RuleError | None:
    return when_not(state, "day", "Votes", "votes are cast by day, before the hammer falls")


def verify_vote(state: DustState, voter: str, target: str) -> None:
    _raise(why_not_vote(state))
    _living(state, voter, "Votes", "voter")
    if target == "":
        if voter not in dict(state.votes):
            raise RuleError("Votes", f"{voter} has no vote to withdraw", field="target")
        return
    if target != NO_LYNCH:
        _living(state, target, "Votes", "target")
    # a vote entered again as it stands changes nothing: kept, it was a second step told
    # twice to the table, and undo of it took back nothing the count showed
    if dict(state.votes).get(voter) == target:
        raise RuleError("Votes", f"{voter} votes {voted_words(target)} already",
                        field="target")


def why_not_end_day(state: DustState) -> RuleError | None:
    return when_not(state, "day", "Deadline", "only a day ends at the deadline")


def verify_end_day(state: DustState) -> None:
    _raise(why_not_end_day(state))


#: the sizes a deadline clock may have, as the Dealer's own clocks (0: none is kept)
DEADLINE_SIZES = (4, 6, 8, 12)


def why_not_set_deadline(state: DustState) -> RuleError | None:
    if state.phase == "over":
        return RuleError("Game over", f"{state.result} (no day is left to have a deadline)")
    return None


def verify_set_deadline(state: DustState, segments: int) -> None:
    _raise(why_not_set_deadline(state))
    if segments and segments not in DEADLINE_SIZES:
        raise RuleError("Deadline", f"a deadline clock has 4, 6, 8 or 12 segments, not "
                                    f"{segments} (0 keeps none)", field="segments")
    if segments == state.deadline:
        kept = f"of {segments} segments" if segments else "at all"
        raise RuleError("Deadline", f"the deadline clock is kept {kept} already",
                        field="segments")


def why_not_tick_deadline(state: DustState) -> RuleError | None:
    off = when_not(state, "day", "Deadline", "a day's deadline clock moves by day")
    if off is None and not state.deadline:
        return RuleError("Deadline", "no deadline clock is kept: D sets one")
    return off


def verify_tick_deadline(state: DustState, by: int, reason: str) -> None:
    _raise(why_not_tick_deadline(state))
    if by == 0:
        raise RuleError("Deadline", "a tick moves the clock one segment or more", field="by")
    after = state.deadline_gone + by
    if after > state.deadline:
        raise RuleError("Deadline", f"the Day {state.number} deadline has "
                                    f"{state.deadline - state.deadline_gone} segments left "
                                    "to fill", field="by")
    if after < 0:
        raise RuleError("Deadline", f"the Day {state.number} deadline has "
                                    f"{state.deadline_gone} segments gone to take back",
                        field="by")
    if not reason.strip():
        raise RuleError("Deadline", "say why the clock moves", field="reason")


def why_not_choose_night(state: DustState) -> RuleError | None:
    return when_not(state, "night", "Night actions",
                    "night actions are sent once the day ends (a lynch, or the deadline)")


def verify_choice(state: DustState, choice: NightChoice) -> None:
    _raise(why_not_choose_night(state))
    name = choice.player
    _living(state, name, "Night actions", "player")
    exclusive: list[str] = []
    leaving: list[str] = []
    staying: list[str] = []
    if choice.scavenge:
        location = state.location(choice.scavenge)
        if location is None or not location.is_open(state.number):
            raise RuleError("Locations", f"{quoted(choice.scavenge)} is not open tonight",
                            field="scavenge")
        _raise(why_not_scavenge(state, name))
        exclusive.append("scavenging")
        leaving.append("scavenging")
    seen: set[tuple[str, str]] = set()
    for use in choice.uses:
        power = _verify_use(state, name, use)
        if (use.source, use.power) in seen:
            raise RuleError("One use a night", f"{use.power} is chosen twice", field="uses")
        seen.add((use.source, use.power))
        if choice.scavenge and use.source == state.role_of(name).name and not power.exclusive:
            raise RuleError("Scavenging", f"scavenging takes {name}'s whole night: he cannot "
                                          f"use {use.power}, a power of his role, beside it",
                            field="uses")
        if power.exclusive:
            exclusive.append(power.name)
        if power.leaves_church:
            leaving.append(power.name)
        if power.stays_in_church:
            staying.append(power.name)
    kill = state.kill
    if kill is not None and kill.killer == name and exclusive:
        raise RuleError("Exclusive", f"{name} carries out the night kill tonight, which takes "
                                     f"the whole night; {exclusive[0]} is exclusive too",
                        field="uses")
    if len(exclusive) > 1:
        raise RuleError("Exclusive", f"{' and '.join(exclusive)} each take the whole night",
                        field="uses")
    if staying and leaving:
        raise RuleError("In the church", f"{staying[0]} works only inside the church, but "
                                         f"{leaving[0]} takes {name} out", field="uses")


def _verify_use(state: DustState, name: str, use: PowerUse) -> Power:
    power = state.power_of(name, use.source, use.power)
    if power is None:
        raise RuleError("Powers", no_power(state, name, use.source, use.power),
                        field="uses")
    if power.timing != "night":
        raise RuleError("Powers", f"{use.power} is not a night action", field="uses")
    _uses_left(state, name, use.source, power)
    if power.church != "any" and power.church != ("lit" if state.lit else "dark"):
        raise RuleError("Church", f"{use.power} works only while the church is "
                                  f"{power.church}; tonight it is "
                                  f"{'lit' if state.lit else 'dark'}", field="uses")
    wanted = {"none": 0, "other": 1, "any": 1, "two": 2}[power.target]
    if len(use.targets) != wanted:
        # what was given too: "takes 1 target" read as a miscount with none chosen
        given = plural(len(use.targets), "target") if use.targets else "none"
        takes = plural(wanted, "target") if wanted else "no target"
        raise RuleError("Targets", f"{use.power} takes {takes}; {given} chosen",
                        field="targets")
    for target in use.targets:
        _living(state, target, "Targets", "targets")
    if power.target == "other" and name in use.targets:
        raise RuleError("Targets", f"{use.power} must target another player", field="targets")
    if power.target == "two" and use.targets[0] == use.targets[1]:
        raise RuleError("Targets", f"{use.power} needs two different players", field="targets")
    if power.effect == "note" and not use.text.strip():
        raise RuleError("Notes", "a note needs some text", field="text")
    return power


def why_not_kill(state: DustState) -> RuleError | None:
    return when_not(state, "night", "Night kill", "the Scum kill at night, once the day ends")


def kill_decider(state: DustState) -> str:
    """The living godfather, who alone decides the Scum's kill ("" once he is dead: then any
    living Scum may)."""
    return next((p.name for p in state.living if state.role_of(p.name).godfather), "")


def kill_choices(state: DustState) -> tuple[list[str], list[str]]:
    """Who may carry out the Scum's kill (the living Scum) and on whom: every other living
    player, the rest first and then the Scum (line 98 sets no limit on whom Guilt sends it);
    a lone Scum is no target of his own kill (the rules refuse it)."""
    scum = [p.name for p in state.living if state.is_scum(p.name)]
    victims = [p.name for p in state.living if p.name not in scum] + scum
    return scum, [v for v in victims if scum != [v]]


def night_choices(state: DustState, name: str) -> tuple[list[str], list[tuple[str, Power]]]:
    """What `name` may send tonight: the places he may scavenge (none for the Scum) and the
    night powers of his role and of the items he holds, as (source, power)."""
    player = state.player(name)
    if player is None:
        return [], []
    places = ([] if why_not_scavenge(state, name) is not None
              else [loc.name for loc in state.open_locations()])
    powers = []
    for source in [player.role, *dict.fromkeys(h.item for h in player.items)]:
        holder = state.role(source) if source == player.role else state.item(source)
        powers += [(source, p) for p in (holder.powers if holder else ()) if p.timing == "night"]
    return places, powers


def typed_names(text: str, known: Sequence[str], unknown: Callable[[str], RuleError]
                ) -> list[str]:
    """The names typed in `text`, commas between, each as `known` spells it (whatever the
    case or the spaces by its commas). A name may hold a comma itself: the longest run of
    parts that makes a known name is one ("Smith, J" is one player). A part that starts no
    known name raises `unknown(part)`."""
    def key(name: str) -> str:
        return ",".join(part.strip() for part in name.split(",")).casefold()

    spelled = {key(name): name for name in known}
    parts = [part.strip() for part in text.split(",")]
    found: list[str] = []
    start = 0
    while start < len(parts):
        if not parts[start]:
            start += 1
            continue
        end = next((end for end in range(len(parts), start, -1)
                    if key(",".join(parts[start:end])) in spelled), None)
        if end is None:
            raise unknown(parts[start])
        found.append(spelled[key(",".join(parts[start:end]))])
        start = end
    return found


def why_not_scavenge(state: DustState, name: str) -> RuleError | None:
    """Why `name` may scavenge nowhere tonight: he is Scum (line 185), or no place is open
    (each closed on its night or emptied, line 197); None if he may."""
    if state.is_scum(name):
        return RuleError("Scum cannot scavenge", f"{name} is Scum; he may still use items "
                                                 "given to him", field="scavenge")
    if not state.open_locations():
        return RuleError("Locations", "no place is open tonight: each has closed or been "
                                      "emptied", field="scavenge")
    return None


def verify_kill(state: DustState, by: str, killer: str, target: str) -> None:
    _raise(why_not_kill(state))
    _living(state, by, "Night kill", "by")
    if not state.is_scum(by):
        raise RuleError("Night kill", f"{by} is not Scum", field="by")
    godfather = kill_decider(state)
    if godfather and by != godfather:
        raise RuleError("Godfather", f"{godfather} decides the night kill while alive",
                        field="by")
    if not target:
        return
    _living(state, killer, "Night kill", "killer")
    if not state.is_scum(killer):
        raise RuleError("Night kill", f"{killer} is not Scum and cannot carry out the kill",
                        field="killer")
    _living(state, target, "Night kill", "target")
    if target == killer:
        raise RuleError("Night kill", f"{killer} carries out the kill on another player, not "
                                      "on himself", field="target")
    choice = state.choice(killer)
    for use in choice.uses if choice else ():
        power = state.power_of(killer, use.source, use.power)
        if power is not None and power.exclusive:
            raise RuleError("Exclusive", f"{killer} already uses {use.power} tonight, which "
                                         "takes the whole night", field="killer")


def why_not_resolve(state: DustState) -> RuleError | None:
    return when_not(state, "night", "Resolution", "a night is resolved once the day ends")


def verify_resolve(state: DustState, lots: tuple[str, ...]) -> None:
    _raise(why_not_resolve(state))
    living = sorted(p.name for p in state.living)
    if sorted(lots) != living:
        raise RuleError("Lots", "the lots must name every living player exactly once",
                        field="lots")


def why_not_late_note(state: DustState) -> RuleError | None:
    refused = when_not(state, "day", "Notes",
                       "a dead player's note is entered on the day after his death")
    if refused is None and not state.late_notes:
        return RuleError("Notes", "no note to add: only a player killed last night who held "
                                  "a Notebook and wrote no note may add one, until the day "
                                  "ends")
    return refused


def verify_late_note(state: DustState, player: str, text: str) -> str:
    """The note item `player` writes with, after his death; a RuleError says why not."""
    _raise(when_not(state, "day", "Notes",
                    "a dead player's note is entered on the day after his death"))
    source = dict(state.late_notes).get(player)
    if source is None:
        raise RuleError("Notes", f"{player} has no note to add: only a player killed last "
                                 "night who held a Notebook and wrote no note then",
                        field="player")
    if not text.strip():
        raise RuleError("Notes", "a note needs some text", field="text")
    return source


def why_not_correct_late_note(state: DustState) -> RuleError | None:
    """Why no dead player's note can be put right now: only one entered today."""
    refused = when_not(state, "day", "Notes",
                       "a dead player's note is put right on the day it was entered")
    if refused is None and not state.notes_found:
        return RuleError("Notes", "no dead player's note was entered today: there is none "
                                  "to put right")
    return refused


def verify_late_note_correction(state: DustState, player: str, text: str) -> str:
    """The words `player`'s note was entered with today; a RuleError says why it cannot be
    put right."""
    _raise(why_not_correct_late_note(state))
    was = dict(state.notes_found).get(player)
    if was is None:
        raise RuleError("Notes", f"no note of {player}'s was entered today", field="player")
    if not text.strip():
        raise RuleError("Notes", "a note needs some text", field="text")
    if text.strip() == was:
        raise RuleError("Notes", "the note already reads so: change its words", field="text")
    return was


def why_not_edit_tables(state: DustState) -> RuleError | None:
    """Locations are added, and powers corrected, at any time until the game is over."""
    if state.phase == "over":
        return RuleError("Game over", f"{state.result} (the tables no longer change)")
    return None


def on_players_list(state: DustState, place: Location) -> bool:
    """Whether the players have had `place` on their list of open places: Day N's post and
    the table's screen name night N's places, so a place open on any night up to the one
    under way has been read there (before Day 1 none has)."""
    return state.phase != "setup" and any(place.is_open(night)
                                          for night in range(1, state.number + 1))


def why_not_change_place(state: DustState, name: str) -> RuleError | None:
    """Why the place `name` cannot be edited or taken off now. Line 26 makes the list the
    moderator's to keep: before Day 1 every place is his to change; after, a place he
    prepared for a later night, not yet on the players' list, still is (the players went
    another way); one they have had on their list is not, and an emptied one leaves it by
    itself (line 197); nothing once the game is over."""
    refused = why_not_edit_tables(state)
    if refused is not None:
        return refused
    place = state.location(name)
    if place is None or not on_players_list(state, place):
        return None
    first = next(night for night in range(1, state.number + 1) if place.is_open(night))
    return RuleError("Locations", f"{place.name}: the players have had it on their list since "
                     f"Day {first}; only a place not yet open to them is edited or taken off "
                     "(an emptied one leaves the list by itself)", field="name")


def _shown(value: object) -> str:
    if value is None:
        return "every night"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"\u201c{value}\u201d" if isinstance(value, str) else str(value)


#: a power's keys as the power editor names them, where the journal's key is not its label
_FIELD_WORDS = {"tag": "kind or look", "seen": "seen at a place"}


def verify_power_edit(state: DustState, old: RoleDef | ItemDef | None,
                      new: RoleDef | ItemDef) -> list[str]:
    """A role's or item's powers edited once the game is on: what changed, in the log's
    words. Only the powers may change, and each keeps its name (the night's choices and the
    uses counted refer to it); a RuleError says why not."""
    kind = "role" if isinstance(new, RoleDef) else "item"
    _raise(why_not_edit_tables(state))
    verify_powers(new)
    if old is None:
        raise RuleError("Powers", f"there is no {kind} named {quoted(new.name)}; new {kind}s are "
                                  "added before Day 1", field="name")
    same = replace(new, powers=old.powers)
    if isinstance(same, RoleDef) and isinstance(old, RoleDef):
        same = replace(same, default_powers=old.default_powers)
    if same != old:
        raise RuleError("Powers", f"once the game is on only the {kind}'s powers change")
    before = {p.name: p for p in old.powers}
    after = {p.name for p in new.powers}
    gone = [name for name in before if name not in after]
    if gone:
        raise RuleError("Powers", f"once the game is on {gone[0]} keeps its name: the players "
                                  "were sent it by that name and send their night actions "
                                  "by it, and the uses counted refer to it; correct what it "
                                  "does, and its text", field="name")
    changes = power_changes(old, new)
    if not changes:
        raise RuleError("Powers", f"the {new.name} {kind}'s powers are unchanged")
    _verify_choices_stand(state, new)
    return changes


def power_changes(old: RoleDef | ItemDef, new: RoleDef | ItemDef) -> list[str]:
    """What an edit changed in a role's or an item's powers, in the editor's words, for the
    log: each power added, each field changed ("Storage: kind or look “” → “3”"), each
    power taken off (before Day 1 only: in play a power keeps its name)."""
    before = {p.name: p for p in old.powers}
    changes: list[str] = []
    for power in new.powers:
        was = before.get(power.name)
        if was is None:
            changes.append(f"{power.name} added ({', '.join(power.conditions)}): {power.text}")
            continue
        old_data, new_data = asdict(was), asdict(power)
        changes += [f"{power.name}: {_FIELD_WORDS.get(key, key.replace('_', ' '))} "
                    f"{_shown(old_data[key])} \u2192 "
                    f"{_shown(new_data[key])}" for key in new_data
                    if new_data[key] != old_data[key]]
    after = {p.name for p in new.powers}
    changes += [f"{name} taken off" for name in before if name not in after]
    return changes


#: the effects that act on one player: a night power with one of them is aimed
AIMED = frozenset({"kill", "protect", "investigate", "track", "watch", "follow", "block",
                   "jail", "redirect", "lightning_rod", "bodyguard"})


def _one_of(rule: str, what: str, value: object, allowed: frozenset[str], field: str) -> None:
    if value not in allowed:
        raise RuleError(rule, f"{what} is {quoted(str(value))}: it is one of "
                        f"{', '.join(sorted(allowed))}", field=field)


def verify_definition(holder: RoleDef | ItemDef) -> None:
    """A role or an item as the tables would hold it: a name, a side and a way to win for a
    role, uses above zero for an item, and each power with a name and its conditions among
    the known ones; a RuleError names the field."""
    rule = "Roles" if isinstance(holder, RoleDef) else "Items"
    if not holder.name.strip():
        raise RuleError(rule, f"a {rule[:-1].lower()} needs a name", field="name")
    _raise(unreadable(rule, f"the {rule[:-1].lower()}'s name", holder.name))
    if isinstance(holder, RoleDef):
        _one_of(rule, "the side", holder.alignment, ALIGNMENTS, "alignment")
        _one_of(rule, "the win", holder.win, WINS, "win")
    else:
        if is_avatar(holder.name):
            raise RuleError(rule, f"{AVATAR} is what waits in a location, not an item",
                            field="name")
        if not 1 <= holder.uses <= LAST_NIGHT:
            raise RuleError(rule, f"a copy of the {holder.name} holds from 1 to {LAST_NIGHT} "
                            f"uses (no game runs longer), not {holder.uses}", field="uses")
    for at, power in enumerate(holder.powers):
        if not power.name.strip():
            raise RuleError("Powers", f"every power of the {holder.name} needs a name",
                            field="powers")
        # a name the role card, the night form's list and the tables show whole at 80
        # columns, and one the players tell from the holder's others, whatever the case
        _raise(too_long("Powers", "a power's name", power.name))
        _raise(unreadable("Powers", "a power's name", power.name))
        twin = next((p.name for p in holder.powers[:at]
                     if reads_as(p.name) == reads_as(power.name)), None)
        if twin is not None:
            raise RuleError("Powers", f"the name {quoted(power.name)} is already taken by "
                            f"another power of the {holder.name} ({twin})", field="name")
        for key, allowed in (("effect", EFFECTS), ("timing", TIMINGS), ("target", TARGETS),
                             ("works_if_target", WORKS_IF), ("church", CHURCH),
                             ("spend", SPENDS)):
            _one_of("Powers", f"{power.name}'s {key.replace('_', ' ')}", getattr(power, key),
                    allowed, key)
        if power.uses is not None and not 1 <= power.uses <= LAST_NIGHT:
            raise RuleError("Powers", f"{power.name} is used from 1 to {LAST_NIGHT} times (no "
                            f"game runs longer), or every night, not {power.uses}",
                            field="uses")


def verify_powers(holder: RoleDef | ItemDef) -> None:
    """A role or item that can be journaled (`verify_definition`) and whose night powers can
    be resolved: one that acts on a player is aimed at one, and only a turn (`redirect`)
    takes two players, the one turned and the one his actions land on; a RuleError names
    the power and the field."""
    verify_definition(holder)
    for power in holder.powers:
        if power.effect == "storage":
            try:
                finds_of(power)
            except ValueError as wrong:
                raise RuleError("Powers", str(wrong), field="tag") from None
        if power.timing != "night":
            continue
        if power.effect in AIMED and power.target == "none":
            raise RuleError("Targets", f"{power.name} ({power.effect}) acts on a player, so "
                                       "it needs a target", field="target")
        if power.effect == "redirect" and power.target != "two":
            raise RuleError("Targets", f"{power.name} turns one player's actions onto "
                                       "another: it takes two targets", field="target")
        if power.target == "two" and power.effect != "redirect":
            raise RuleError("Targets", f"{power.name} ({power.effect}) takes one target; "
                                       "only a turn (redirect) takes two", field="target")


def _verify_choices_stand(state: DustState, new: RoleDef | ItemDef) -> None:
    """A correction made at night leaves every action already sent valid: one it would
    unmake (its targets, its conditions) is sent again first."""
    if state.phase != "night":
        return
    if isinstance(new, RoleDef):
        after = replace(state, roles=tuple(new if r.name == new.name else r
                                           for r in state.roles))
    else:
        after = replace(state, items=tuple(new if i.name == new.name else i
                                           for i in state.items))
    for choice in state.choices:
        if not any(use.source == new.name for use in choice.uses) or not can(
                verify_choice, state, choice):
            continue
        try:
            verify_choice(after, choice)
        except RuleError as refused:
            raise RuleError("Powers", f"{choice.player}'s night action tonight would no "
                                      f"longer stand ({refused.message}): send it again "
                                      "without that power first", field="powers") from None


def can(check: Callable[..., object], *args: Any) -> bool:
    """True when `check(*args)` raises no RuleError (for greying out what cannot be done)."""
    try:
        check(*args)
    except RuleError:
        return False
    return True
