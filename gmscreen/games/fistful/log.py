"""One plain line of the Encounter Log for each event, told like the table would (the
Judge's log: NPCs' numbers, the Misfortune and every roll are told)."""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.core.text import in_words, plural
from gmscreen.games.fistful import events as e
from gmscreen.games.fistful import harm
from gmscreen.games.fistful.between import (
    BRAWL,
    JACKPOT,
    NEW_BACKGROUND,
    NEW_STORY,
    handed_words,
    night_bought,
    rolls_again,
    start_money_words,
)
from gmscreen.games.fistful.characters import ATTRIBUTES, guts_max, xp_counted
from gmscreen.games.fistful.conflict import STRESS_MAX, settled_by
from gmscreen.games.fistful.conflict_rules import reaction_entry
from gmscreen.games.fistful.fight import order_words
from gmscreen.games.fistful.rules import RULES
from gmscreen.games.fistful.state import OPTIONAL_RULES, Settings, house_said
from gmscreen.games.fistful.tables import out_of_action_table, weapons
from gmscreen.games.fistful.wanted import (
    HIGH_NOON_REACHED,
    because,
    falls_short,
    hours_moved,
    moved_by,
    reaches_high_noon,
)

RESULTS = {"success": "succeeds", "failure": "fails", "bust": "BUSTS"}
HOW = {"crime": "a crime", "carousing": "carousing", "paid": "the bounty paid",
       "time": "time served", "deal": "a cunning deal"}


def dice(faces: Sequence[int]) -> str:
    return " ".join(str(f) for f in faces)


def thrown(faces: Sequence[int], scene: bool) -> str:
    """A roll's dice, the scene's die (the last, with Scene stakes) named: "1 5, scene die
    5", so the log says which the table threw."""
    if not scene or not faces:
        return dice(faces)
    return (f"{dice(faces[:-1])}, " if len(faces) > 1 else "") + f"scene die {faces[-1]}"


def _luck(at_once: bool, banked: bool, misfortune: bool, let_go: bool = False,
          misfortune_at_once: bool = False) -> str:
    """What a roll's doubles earned, for the end of its line."""
    if at_once:
        return "doubles: a Luck to spend at once (the bank is full)"
    if banked:
        return "doubles: a Luck banked"
    if misfortune:
        return "doubles: the Judge banks a Misfortune"
    if let_go:
        return "doubles: the Judge lets the Misfortune go"
    if misfortune_at_once:
        return "doubles: a Misfortune for the Judge to spend at once (his bank is full)"
    return ""


def _left(name: str, sheets: e.Sheets) -> str:
    """What the trader has after the trade (their sheet's dollars in the event)."""
    return f"{name} has ${sheets[name].dollars}"


def _rolled(faces: Sequence[int], rolls: int) -> str:
    if not faces:
        return "not rolled"
    return f"dice {dice(faces)}" + (f", rolled {rolls} times" if rolls > 1 else "")


@RULES.tells(Settings)
def optional_rules_chosen(event: Settings) -> str:
    # by the names the O form, F1 and the table's recap give them ("5 under"), not the code's
    chosen = [said.split(":", 1)[0] for key, said in OPTIONAL_RULES.items()
              if getattr(event, key)]
    return "Optional rules: " + (", ".join(chosen) or "none") + house_said(event)


@RULES.tells(e.PosseFormed)
def posse_formed(event: e.PosseFormed) -> str:
    return f"The posse {event.name} rides out at {event.clock} o'clock"


@RULES.tells(e.CharacterCreated)
def character_created(event: e.CharacterCreated) -> str:
    sheet = event.character
    return (f"{sheet.name} joins: Grit {sheet.grit}, Gumption {sheet.gumption}, Grace "
            f"{sheet.grace}, ${sheet.dollars}")


@RULES.tells(e.NpcAdded)
def npc_added(event: e.NpcAdded) -> str:
    sheet = event.character
    return (f"{sheet.rank} NPC {sheet.name}: Grit {sheet.grit}, Gumption {sheet.gumption}, "
            f"Grace {sheet.grace}")


@RULES.tells(e.SheetChanged)
def sheet_changed(event: e.SheetChanged) -> str:
    change = event.sheets.get(event.name, e.SheetChange())
    told: list[str] = []
    if change.grit is not None:
        # an NPC's scores tweaked by the Judge (line 255): the log says to what
        told.append(f"Grit {change.grit}, Gumption {change.gumption}, Grace {change.grace}, "
                    f"Guts {change.guts}")
    if change.outlook is not None:
        # an outlook decided ahead (line 265): the Judge's log names it (round 31: it read
        # "Slim Tucker's sheet is changed" and no more)
        told.append(f"outlook set ahead, {reaction_entry(change.outlook).split(':')[0]}"
                    if change.outlook else "the outlook set ahead taken away")
    if change.never_runs is not None:
        # said on his sheet before any line-up (round 32: only the line-up could say it)
        told.append("never runs" if change.never_runs else "may run again")
    return f"{event.name}'s sheet is changed" + (f": {'; '.join(told)}" if told else "")


@RULES.tells(e.NpcRenamed)
def npc_renamed(event: e.NpcRenamed) -> str:
    return f"NPC {event.name} goes by {event.new} from now on"


@RULES.tells(e.NpcDropped)
def npc_dropped(event: e.NpcDropped) -> str:
    rank = f"{event.rank} " if event.rank else ""
    return f"{rank}NPC {event.name} dropped from the Judge's sheets"


@RULES.tells(e.SheetPutRight)
def sheet_put_right(event: e.SheetPutRight) -> str:
    return f"{event.name}'s sheet put right: {put_right_words(event)} ({event.why})"


def put_right_words(event: e.SheetPutRight) -> str:
    """"Guts 4 -> 6, $40 -> $44": each figure put right, from what it was."""
    now = event.sheets.get(event.name, e.SheetChange()).changes()
    was = event.was.changes()

    def value(field: str, number: object) -> str:
        return f"${number}" if field == "dollars" else str(number)

    return ", ".join(("" if field == "dollars" else f"{field.title()} ")
                     + f"{value(field, was.get(field, '?'))} -> {value(field, number)}"
                     for field, number in now.items())


def rides_off(sheets: e.Sheets) -> str:
    """"; X has 6 Stress and rides off, out of play" for each one a step brings to the most
    Stress (the book takes them out of play then), or nothing."""
    return "".join(f"; {name} has {STRESS_MAX} Stress and rides off, out of play"
                   for name, change in sheets.items() if change.stress == STRESS_MAX)


@RULES.tells(e.TestRolled)
def test_rolled(event: e.TestRolled) -> str:
    floating = (f", {event.floating} die floats, {event.removed} taken away"
                if event.floating else "")
    # the result first, after the name: at 80 columns the log cuts a line at about 64, and
    # "... Stakes 3: 4 4 5 = 1…" left out both the total and whether it succeeded
    line = (f"{event.name} {RESULTS[event.result]} on {event.attribute.title()} {event.value} "
            f"against Challenge {event.challenge}, Stakes {event.stakes}: "
            f"{thrown(event.rolled, event.scene)}{floating} = {event.total}")
    if earned := _luck(event.luck_spent_at_once, event.luck_earned, event.misfortune_banked,
                       event.misfortune_let_go, event.misfortune_at_once):
        line += f"; {earned}"
    if event.five_under:
        line += "; five under: a Stress off"
    return line + rides_off(event.sheets)


@RULES.tells(e.DoubledDown)
def doubled_down(event: e.DoubledDown) -> str:
    # Double or Nothing coins (line 294): the coins the table flipped, heads 6, tails 1
    thrown = (f" with coins: {event.before} + {coins_of(event.faces)} ({dice(event.faces)})"
              if event.coins else f": {event.before} + {dice(event.faces)}")
    against = (f" against {event.against}'s {event.their_total}" if event.against else "")
    won = f": {event.name} wins" if event.against and event.result == "success" else ""
    if event.damage is not None:
        # an attack doubled down that wins deals its harm now
        won += (f"; the {event.weapon_name()} deals {event.damage} Guts to {event.against}"
                + (f" and to {', '.join(event.caught)}" if event.caught else "")
                + "".join(f"; {name} is out of action" for name in
                          (event.against, *event.caught)
                          if (c := event.sheets.get(name)) is not None and c.guts == 0))
    if event.foils is not None and event.result == "success":
        # the opposition's new total wins (round 22): the attack it lost is foiled
        won += "; the attack is foiled, " + ", ".join(
            f"{name} back to {c.guts} Guts" for name, c in event.sheets.items()
            if c.guts is not None)
    side = " (the opposition)" if event.opposition else ""
    return (f"{event.name}{side} doubles down{thrown} = {event.total}{against}, "
            f"{RESULTS[event.result]}{won}"
            + ("; catastrophe!" if event.catastrophe else "")
            + ("; the Judge gains a Misfortune" if event.misfortune_gained
               else "; an NPC's push gains the Judge no Misfortune" if event.npc
               else f"; the Judge's bank is full ({event.misfortune}): a Misfortune for him to "
                    "spend at once")
            + rides_off(event.sheets))


def coins_of(faces: Sequence[int]) -> str:
    """Coins counted as faces told as flipped: "H T" for 6 and 1."""
    return " ".join("H" if face == 6 else "T" for face in faces)


@RULES.tells(e.OpposedTestRolled)
def opposed_test_rolled(event: e.OpposedTestRolled) -> str:
    a, o = event.active, event.opposition
    winner = {"active": a.name, "opposition": o.name}.get(event.winner)

    def rolled(side: e.SideRolled) -> str:
        floats = (f", {side.floating} die floats, {side.removed} taken away"
                  if side.floating else "")
        # the dice thrown, as a simple test's line tells them: the Judge checks them
        dice = plural(side.stakes, "die", "dice")
        return (f"{side.name} ({side.attribute.title()} {side.value}, {dice}: "
                f"{thrown(side.rolled, side.scene)}{floats} = {side.total})")

    why = settled_by(a.total, a.value, o.total, o.value, a.attribute.title()
                     if a.attribute == o.attribute else "Attribute")
    # who won first: at 80 columns the log cuts a line at about 64, and "Tomas Vega
    # (Gumption 19, 3 dice: 5 4 6 = 15) against Rattlesnake Ja…" left out the winner
    line = ((f"{winner} wins" if winner else "Nobody wins") + (f", {why}" if why else "")
            + f": {rolled(a)} against {rolled(o)}")
    if event.damage is not None:
        arm = event.natural if event.weapon == "natural" else event.weapon
        line += f"; {arm} at {event.band} deals {event.damage} Guts"
        weapon = weapons().get(event.weapon or "")
        worked = (harm.damage_worked(a.stakes, weapon, event.band or "Close",
                                     event.cover or "none")[1]
                  if weapon is not None else "")
        line += f" ({worked})" if worked else ""
        if event.caught:
            line += (f"; the blast catches {in_words(event.caught)} too: {event.damage} Guts"
                     + (" each" if len(event.caught) > 1 else ""))
    if event.thrown_item:
        line += f"; {event.thrown_item} thrown: {event.thrown_left or 'none'} left"
    for side in (a, o):
        if side.total > side.value:  # over the Attribute: a Bust costs a Stress
            line += f"; {side.name} BUSTS: a Stress"
        if earned := _luck(side.luck_spent_at_once, side.luck_earned, side.misfortune_banked,
                           side.misfortune_let_go, side.misfortune_at_once):
            line += f"; {side.name}'s {earned}"
        if side.five_under:
            # as its doubles are told: "Eli's five under: a Stress off"
            line += f"; {side.name}'s five under: a Stress off"
    return line + rides_off(event.sheets)


@RULES.tells(e.DuelFought)
def duel_fought(event: e.DuelFought) -> str:
    sides = [f"{name} {coins} = {total}" + (" (Bust: a Stress)" if total > limit else "")
             for name, coins, total, limit in (
                 (event.challenger, event.challenger_coins, event.challenger_total,
                  event.challenger_limit),
                 (event.opponent, event.opponent_coins, event.opponent_total,
                  event.opponent_limit))]
    why = settled_by(event.challenger_total, event.challenger_limit, event.opponent_total,
                     event.opponent_limit, event.attribute.title())
    # who won first, as an opposed test's line says it: at 80 columns the log cuts a line
    # at about 64, and "High Stakes Duel on Gumption: Cora Dalton HHT = 13 against Widow
    # Pa…" left out the winner
    line = (f"{event.winner or 'Nobody'} wins the High Stakes Duel on "
            f"{event.attribute.title()}" + (f", {why}" if why else "")
            + f": {sides[0]} against {sides[1]}")
    if event.stress_shed:
        line += f"; {event.winner} sheds a Stress"
    return line + rides_off(event.sheets)


@RULES.tells(e.LuckSpent)
def luck_spent(event: e.LuckSpent) -> str:
    # what it bought, where the Judge said it ("Cora spends a Luck:" and nothing after)
    stress = luck_on_stress(event)
    if stress:
        return f"{event.name} spends a Luck{stress}" + (f"; {event.why}" if event.why else "")
    return f"{event.name} spends a Luck" + (f": {event.why}" if event.why else "")


def luck_on_stress(event: e.LuckSpent) -> str:
    """" on a Stress (Stress for Luck): Stress now 1" where the optional rule spent the Luck
    (line 292: its sheet change carries the Stress), else ""."""
    change = event.sheets.get(event.name)
    if change is None or change.stress is None:
        return ""
    return f" on a Stress (Stress for Luck): Stress now {change.stress}"


@RULES.tells(e.MisfortuneSpent)
def misfortune_spent(event: e.MisfortuneSpent) -> str:
    return ("The Judge spends a Misfortune" + (f" on {event.on}" if event.on else "")
            + (f": {event.why}" if event.why else ""))


@RULES.tells(e.WealthLost)
def wealth_lost(event: e.WealthLost) -> str:
    if event.part:
        return (f"{event.name} " + (f"pays ${event.dollars} to {event.winner}" if event.winner
                                    else f"loses ${event.dollars}") + f": {event.why}")
    return (f"{event.name} loses all their ${event.dollars}"
            + (f" to {event.winner}" if event.winner else ": it is gone")
            + (f" ({event.why})" if event.why else "")
            + ("; won within the posse, it earns no XP and its starting money stays so"
               if event.within_posse else ""))


@RULES.tells(e.ReactionRolled)
def reaction_rolled(event: e.ReactionRolled) -> str:
    line = f"{event.name}'s reaction {event.total}" if event.name else f"Reaction {event.total}"
    if event.modifier:
        line += f" (the Judge's {event.modifier:+d})"
    if event.extra:
        line += f" ({event.total - event.extra} on guard, the posse stays: +{event.extra})"
    line += f": {event.entry}"
    if event.replaces:
        set_before = reaction_entry(event.replaces).split(":")[0].rstrip(".")
        line += f" It replaces the outlook the Judge set ({set_before})."
    return line


@RULES.tells(e.SceneDieSet)
def scene_die_set(event: e.SceneDieSet) -> str:
    return f"Scene die: {event.face or 'none'}"


@RULES.tells(e.HarmTaken)
def harm_taken(event: e.HarmTaken) -> str:
    change = event.sheets.get(event.name)
    down = "; out of action" if change is not None and change.guts == 0 else ""
    return (f"{event.name} takes {event.amount} harm" + (f": {event.why}" if event.why else "")
            + down)


@RULES.tells(e.OutOfActionRolled)
def out_of_action_rolled(event: e.OutOfActionRolled) -> str:
    return (f"{event.name} is out of action: {event.face}, {event.mishap}"
            + mishap_costs(event) + "".join(f"; {told}" for told in event.refit)
            + rides_off(event.sheets))


def mishap_costs(event: e.OutOfActionRolled) -> str:
    """What the fall costs, in figures (lines 110-113): the Attribute lowered for good and
    the Stress it leaves ("; Gumption down to 14 for good; Stress now 1"); a sixth Stress is
    told by `rides_off` instead."""
    change = event.sheets.get(event.name)
    if change is None:
        return ""
    costs = [f"{score.title()} down to {value} for good" for score in ATTRIBUTES
             if (value := getattr(change, score)) is not None]
    if (out_of_action_table()[event.face].stress and change.stress is not None
            and change.stress < STRESS_MAX):
        costs.append(f"Stress now {change.stress}")
    return "".join(f"; {cost}" for cost in costs)


@RULES.tells(e.Lost)
def lost(event: e.Lost) -> str:
    return (f"{event.name} is lost for good, presumed dead"
            + (f": {event.why}" if event.why else ""))


@RULES.tells(e.Revived)
def revived(event: e.Revived) -> str:
    return f"{event.name} comes round with {revived_guts(event)}"


def revived_guts(event: e.Revived) -> str:
    """The Guts got back (line 105: 1d6, never past the most): "4 Guts", or where the most
    stopped the die, "3 Guts (6 rolled: 3 is the most they have)"."""
    sheet = event.sheets.get(event.name)
    got = sheet.guts if sheet is not None and sheet.guts is not None else event.face
    if got >= event.face:
        return f"{event.face} Guts"
    return f"{got} Guts ({event.face} rolled: {got} is the most they have)"


@RULES.tells(e.Rested)
def rested(event: e.Rested) -> str:
    floats = (f", {event.floating} die floats, {event.removed} taken away"
              if event.floating else "")
    line = (f"{event.name} rests: {thrown(event.rolled, event.scene)}{floats} = {event.total}, "
            f"{RESULTS[event.result]}" + rest_guts(event))
    if event.ration:
        line += f"; eats a day's {event.ration} ({event.rations_left or 'none'} left)"
    elif event.unfed:
        line += "; no rations on the sheet: fed otherwise"
    under = "; five under: a Stress off" if event.five_under else ""
    if event.luck_took_stress:
        return line + "; a Luck takes a Stress away" + under
    earned = _luck(event.luck_spent_at_once, event.luck_banked, event.misfortune_banked,
                   event.misfortune_let_go, event.misfortune_at_once)
    return line + (f"; {earned}" if earned else "") + under + rides_off(event.sheets)


def rest_guts(event: e.Rested) -> str:
    """The Guts a rest leaves (lines 97-99): given back on a success, lost to infection on a
    Bust (with no Challenge, a rest has no plain failure), down to none out of action."""
    guts = event.sheets[event.name].guts if event.name in event.sheets else None
    if guts is None:
        return ""
    if event.result == "success":
        return f"; Guts now {guts}"
    return f"; Guts down to {guts} by infection" + (", out of action" if guts == 0 else "")


@RULES.tells(e.MoraleTested)
def morale_tested(event: e.MoraleTested) -> str:
    side = f" ({event.side})" if event.side else ""
    leader = f"{event.leader}'s " if event.leader else ""  # older journals name nobody
    # what came of it first, after the side: at 80 columns the log cuts a line at about 64,
    # and "Morale of Rattlesnake Jake's side (Jake's gang): 6 5 4 2 3 = 20 aga…" left out
    # whether they broke, and fled or gave up
    came = "holds" if not event.broke else "breaks" + (
        {"H": " and flees", "T": " and surrenders"}.get(event.coin or "", ""))
    coin = f" (coin {event.coin})" if event.coin else ""
    stays = (f"; {in_words(event.stays)} never {'run' if len(event.stays) > 1 else 'runs'}"
             f" and {'stay' if len(event.stays) > 1 else 'stays'}" if event.stays else "")
    return (f"{event.name}'s side{side} {came}{coin} on morale: {dice(event.rolled)} = "
            f"{event.total} against {leader}Grit {event.grit}{stays}")


@RULES.tells(e.QuickDrawn)
def quick_drawn(event: e.QuickDrawn) -> str:
    return (f"{event.name} quick-draws {event.item} (slot {event.slot}): {dice(event.dice)}, "
            + ("drawn" if event.drawn else "takes the turn"))


@RULES.tells(e.AmmunitionChecked)
def ammunition_checked(event: e.AmmunitionChecked) -> str:
    arm = weapons()[event.weapon].name if event.weapon in weapons() else ""
    line = f"{event.name} checks ammunition" + (f" for the {arm}" if arm else "")
    if not event.spent:
        return f"{line}: {event.face}, none used"
    line += f": {event.face}, a {'bundle' if event.weapon == 'bow' else 'box'} used"
    if event.item:
        return line + f" ({event.item}: {event.left or 'none'} left)"
    return line + (f" (none carried: the {arm} is empty)" if arm else "")


@RULES.tells(e.InitiativeFlipped)
def initiative_flipped(event: e.InitiativeFlipped) -> str:
    return f"Round {event.round}, {order_words(event.first, event.chosen, event.paid)}"


@RULES.tells(e.LinedUp)
def lined_up(event: e.LinedUp) -> str:
    if not event.band:
        return f"{event.name} is taken off the line-up for the next fight"
    never = ", never runs" if event.never_runs else ""
    return f"{event.name} is lined up for the next fight at {event.band}{never} (unseen)"


@RULES.tells(e.LineUpBroughtIn)
def line_up_brought_in(event: e.LineUpBroughtIn) -> str:
    runs = "run" if len(event.never_runs) > 1 else "runs"
    never = f"; {in_words(event.never_runs)} never {runs}" if event.never_runs else ""
    return f"The line-up is brought into the fight: {in_words(event.names)}{never}"


@RULES.tells(e.FightJoined)
def fight_joined(event: e.FightJoined) -> str:
    joins = "join" if event.others else "joins"
    return f"{in_words((event.name, *event.others))} {joins} the fight at {event.band}"


@RULES.tells(e.FighterMoved)
def fighter_moved(event: e.FighterMoved) -> str:
    if event.away_from:
        return (f"{event.name} backs off a band from {event.away_from}, from "
                f"{event.before} to {event.band}")
    if not event.toward:
        return f"{event.name} moves from {event.before} to {event.band}"
    went = (f"staying at {event.band}" if event.band == event.before
            else f"from {event.before} to {event.band}")
    brought = f"; {event.toward} now at {event.toward_band}" if event.toward_band else ""
    return f"{event.name} closes on {event.toward}, {went}{brought}"


@RULES.tells(e.TurnEnded)
def turn_ended(event: e.TurnEnded) -> str:
    return f"{event.name} has had their turn"


@RULES.tells(e.FightLeft)
def fight_left(event: e.FightLeft) -> str:
    return f"{event.name} leaves the fight"


@RULES.tells(e.FightEnded)
def fight_ended(event: e.FightEnded) -> str:
    if not event.rounds:
        return "The fight ends before its first round"
    rounds = plural(event.rounds, "round")
    return f"The fight ends after {rounds}; check ammunition"


@RULES.tells(e.ClockMoved)
def clock_moved(event: e.ClockMoved) -> str:
    how = moved_by(HOW[event.how], event.why, event.name)
    line = (f"Wanted Clock {hours_moved(event.before, event.after)} o'clock by {how}"
            f"{because(event.why)}")
    line += f" (see #{event.cause})" if event.cause is not None else ""
    line += falls_short(event.before, event.after, event.asked, event.how)
    return line + (f"; {HIGH_NOON_REACHED}" if reaches_high_noon(event) else "")


@RULES.tells(e.WantedChartRolled)
def wanted_chart_rolled(event: e.WantedChartRolled) -> str:
    return (f"Wanted Chart at {event.hour} o'clock: {dice(event.dice)} = {event.total}: "
            + (event.entry or "nothing happens"))


@RULES.tells(e.ChartResultBrought)
def chart_result_brought(event: e.ChartResultBrought) -> str:
    return f"The Wanted Chart's {event.total} (#{event.seq}) comes into play: {event.entry}"


@RULES.tells(e.GloryChanged)
def glory_changed(event: e.GloryChanged) -> str:
    # a fall past 0 stops there (the tally is how well known the posse is): said, not hidden
    stopped = (f"; Glory now {event.glory}: it goes no lower"
               if event.glory == 0 and event.amount < 0 else "")
    return f"Glory {event.amount:+d}" + (f": {event.why}" if event.why else "") + stopped


@RULES.tells(e.Caroused)
def caroused(event: e.Caroused) -> str:
    # nothing bought (no Stress off, no advancement die): no dice, no bill
    bill = f"bill {dice(event.bill)} = ${sum(event.bill)}" if event.bill else "no bill"
    # the table's result first, then what the night was for and its bill: the log's row is
    # cut at 80 columns, and "Kit Hollis carouses to shed 2 Stress and buy 2 advancement
    # dice (bill 4 3 1 2 = $10): 4, Drun…" left out what came of the night
    bought = night_bought(event.stress_off, event.advancement_dice).strip()
    line = (f"{event.name} carouses: {event.table}, {event.entry} "
            f"({f'{bought}, ' if bought else ''}{bill})")
    if event.prize:
        line += f"; wins {dice(event.again)} = ${event.prize}{_prize_counted(event)}"
    elif event.cost > sum(event.bill):
        # a fine: the dice again, added to the bill
        line += (f"; fined {dice(event.again)} = ${event.cost - sum(event.bill)} more, "
                 f"${event.cost} in all")
    elif rolls_again(event.table) and not event.bill:
        # the bill's dice again, when nothing was bought, are none: the table's roll is told
        line += "; no bill's dice to roll again: " + ("nothing won" if event.table == JACKPOT
                                                       else "no fine")
    if event.new_debt:
        sheet = event.sheets.get(event.name)
        named = sheet.owed_to if sheet is not None else None
        line += f"; ${event.new_debt} owed" + (f" (to {named})" if named else "")
    if event.table == BRAWL and (sheet := event.sheets.get(event.name)) is not None \
            and sheet.guts is not None:
        # the figure the brawl leaves (line 153): Carousing gave back every Guts but two
        line += f"; at most {sheet.guts} Guts till the brawl wears off"
    if event.coin:
        line += f"; coin {event.coin}"
    return line + _story_told(event)


def _prize_counted(event: e.Caroused) -> str:
    """A jackpot won after the session's end counts with its take at once, as a share
    does: the XP it gave, where it gave any (round 64: the sheet's XP rose with no word of
    why)."""
    sheet = event.sheets.get(event.name)
    if sheet is None or sheet.settled_take is None:
        return ""
    gained = xp_counted(sheet.settled_take, event.prize)
    return f", counted with the session just ended: {gained} XP" if gained else ""


#: what Secrets revealed and Truth Comes Out change, as the log says it typed or still to write
_STORIES = {NEW_BACKGROUND: ("new background: ", "the new background"),
            NEW_STORY: ("the back story: ", "the change to the back story")}


def _story_told(event: e.Caroused) -> str:
    """A new background or a change of back story: as typed, or still to be written on the
    sheet when the table was rolled with none typed (lines 151-152)."""
    if event.table not in _STORIES:
        return ""
    typed, unwritten = _STORIES[event.table]
    if event.story:
        return f"; {typed}{event.story}"
    return f"; {unwritten} is still to be written on the sheet"


@RULES.tells(e.Advanced)
def advanced(event: e.Advanced) -> str:
    rose = f"it rises to {event.before + 1}" if event.rose else "no change"
    if event.rose and event.attribute == "grit":
        # Guts are half Grit rounded up: every other point of Grit raises them (line 138)
        more = guts_max(event.before + 1) - guts_max(event.before)
        rose += f"; Guts up {more} with it" if more else "; Guts stay as they are"
    return (f"{event.name} tests to advance {event.attribute.title()} {event.before}: "
            f"{dice(event.faces)} = {event.total}, {rose}"
            + "".join(f"; {told}" for told in event.refit))


@RULES.tells(e.TakeShared)
def take_shared(event: e.TakeShared) -> str:
    left = (f"; ${event.left_over} left over, the take not splitting evenly"
            if event.left_over else "")
    if event.counted:
        return (f"{event.name} takes a ${event.dollars} share, counted with the session "
                f"just ended: {event.xp} XP{left}")
    return f"{event.name} takes a ${event.dollars} share{left}"


@RULES.tells(e.StressEased)
def stress_eased(event: e.StressEased) -> str:
    used = f" (used: {event.left or 'none'} left)" if event.used_up else ""
    after = event.sheets[event.name].stress if event.name in event.sheets else None
    return (f"{event.name} takes {event.stress} Stress off with the {event.item}{used}"
            + (f": Stress {after}" if after is not None else ""))


@RULES.tells(e.DebtPaid)
def debt_paid(event: e.DebtPaid) -> str:
    owed = event.sheets[event.name].debt if event.name in event.sheets else None
    left = f": ${owed} still owed" if owed else (": paid in full" if owed == 0 else "")
    return (f"{event.name} pays ${event.dollars} of a debt"
            + (f" ({event.why})" if event.why else "") + left)


@RULES.tells(e.HandedOver)
def handed_over(event: e.HandedOver) -> str:
    giver = f"{event.giver}, {event.giver_fell}," if event.giver_fell else event.giver
    slot = f" (slot {event.slot})" if event.item else ""
    verb = "pass" if event.dollars and event.item else "passes"
    return (f"{handed_words(event.dollars, event.item, event.start_money)} {verb} from "
            f"{giver} to {event.taker}{slot}")


@RULES.tells(e.SessionSettled)
def session_settled(event: e.SessionSettled) -> str:
    took = f"{event.name} turns a ${event.take} take into {event.xp} XP"
    if event.guts_max is None and event.take:
        return took
    # no take settled: only a brawl (a journal from before `guts_max` did not say its Guts)
    worn = "Drunken Brawl wears off" + (f": at most {event.guts_max} Guts again"
                                        if event.guts_max is not None else "")
    sheet = event.sheets.get(event.name)
    if sheet is not None and sheet.guts is not None:
        # the Guts it held down come back (a journal from before did not give them back)
        worn += f", Guts back up to {sheet.guts}"
    return f"{took}; the {worn}" if event.take else f"{event.name}'s {worn}"


@RULES.tells(e.Bought)
def bought(event: e.Bought) -> str:
    many = f" x{event.count}" if event.count > 1 else ""
    # an Incidental let go (round 22, lines 203 and 207): for nothing, the table's way
    price = ("for nothing (under a dollar, let go)"
             if event.category == "Incidental" and not event.cost else f"for ${event.cost}")
    return (f"{event.name} buys {event.item}{many} ({event.category}, "
            f"{_rolled(event.dice, event.rolls)}) {price}; "
            f"{_left(event.name, event.sheets)} left")


@RULES.tells(e.Sold)
def sold(event: e.Sold) -> str:
    worth = (f"used: half of ${event.value}" + (", rounded up" if event.rounded_up else "")
             if event.used else "as new")
    # an Incidental let go (round 23): sold for nothing, as it was bought
    price = ("for nothing (under a dollar, let go: Incidentals free)" if event.let_go
             else f"for ${event.paid}{start_money_words(event.paid, event.start_money)}")
    return (f"{event.name} sells {event.item} ({_rolled(event.dice, event.rolls)}, {worth}) "
            f"{price}; {_left(event.name, event.sheets)} now")
