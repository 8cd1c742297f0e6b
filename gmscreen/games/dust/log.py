"""One line of story for each Dust event: the moderator's Encounter Log, which tells all
(night actions, roles, private messages); the table's recap is told by `view.table_tells`.

A lynch and a removal (a mod-kill) say what their step did (`heads_step`), as the game's end
does: the step of a hammer, or of a removal that brings one or ends the game, is named by
them first, in the order they came, so the Dealer who undoes a lynch that ended the game
reads the lynch, then the end (not the end, then the vote)."""

from __future__ import annotations

from gmscreen.core.text import plural, sentence
from gmscreen.games.dust import events as e
from gmscreen.games.dust.powers import in_short
from gmscreen.games.dust.rules import RULES


def _edited(kind: str, name: str, changes: tuple[str, ...], before_day_1: bool) -> str:
    if before_day_1:
        return (f"The moderator sets the {name} {kind} before Day 1: "
                f"{sentence('; '.join(changes))}")
    return f"The moderator corrects the {name} {kind} in play: {sentence('; '.join(changes))}"


@RULES.tells(e.RoleDefined)
def role_defined(event: e.RoleDefined) -> str:
    role = event.role
    if event.changes:
        return _edited("role", role.name, event.changes, event.before_day_1)
    choice = f", by the table's choice: {sentence(event.choice)}" if event.choice else "."
    return f"Role defined: {role.name} ({role.alignment}){choice}"


@RULES.tells(e.ItemDefined)
def item_defined(event: e.ItemDefined) -> str:
    if event.changes:
        return _edited("item", event.item.name, event.changes, event.before_day_1)
    return f"Item defined: {sentence(event.item.name)}"


@RULES.tells(e.LocationAdded)
def location_added(event: e.LocationAdded) -> str:
    location = event.location
    done = "put right" if event.edited else "added"
    return f"Location {done}: {location.name} ({', '.join(location.entries) or 'empty'})."


@RULES.tells(e.LocationRemoved)
def location_removed(event: e.LocationRemoved) -> str:
    return f"Location removed: {sentence(event.location)}"


@RULES.tells(e.PlayerJoined)
def player_joined(event: e.PlayerJoined) -> str:
    items = f" with {', '.join(event.items)}" if event.items else ""
    return sentence(f"{event.player} joins as {event.role}{items}")


@RULES.tells(e.GameStarted)
def game_started(event: e.GameStarted) -> str:
    return "The game begins: Day 1."


@RULES.tells(e.OpeningWritten)
def opening_written(event: e.OpeningWritten) -> str:
    if not event.lines:
        return "The moderator's opening for Day 1's post is taken out."
    count = len(event.lines)
    return (f"The moderator's opening for Day 1's post is written ({count} paragraph"
            f"{'' if count == 1 else 's'}): {' '.join(event.lines)}")


@RULES.tells(e.MessageSent)
def message_sent(event: e.MessageSent) -> str:
    return f"{event.when}: message to {event.player}: {' '.join(event.lines)}"


@RULES.tells(e.MessagesCopied, in_recap=False)
def messages_copied(event: e.MessagesCopied) -> str:
    return (f"{event.player}'s messages of {' and '.join(event.when)} are copied to send "
            "him.")


@RULES.tells(e.PostCopied, in_recap=False)
def post_copied(event: e.PostCopied) -> str:
    return f"The post {event.title} is copied to the thread."


@RULES.tells(e.DayBegan)
def day_began(event: e.DayBegan) -> str:
    return f"{event.title} is posted: {in_short(event.lines)}"


@RULES.tells(e.Posted)
def posted(event: e.Posted) -> str:
    return f"Posted ({event.title}): {' '.join(event.lines)}"


@RULES.tells(e.ItemGiven)
def item_given(event: e.ItemGiven) -> str:
    return f"{event.giver} gives the {event.item} to {sentence(event.receiver)}"


@RULES.tells(e.GiftCorrected, heads_step=True)
def gift_corrected(event: e.GiftCorrected) -> str:
    return (f"The moderator puts a gift right: {event.giver} gave the {event.item} to "
            f"{event.receiver}, not to {sentence(event.was)}")


@RULES.tells(e.ChurchLit)
def church_lit(event: e.ChurchLit) -> str:
    return f"{event.player} lights the church with the {sentence(event.source)}"


@RULES.tells(e.Vouched)
def vouched(event: e.Vouched) -> str:
    return f"The moderator vouches for {sentence(event.player)}"


@RULES.tells(e.PowerSpent)
def power_spent(event: e.PowerSpent) -> str:
    gone = "; it is discarded" if event.discard else ""
    return f"{event.player} spends {event.source} ({event.power}){gone}."


@RULES.tells(e.VoteCast)
def vote_cast(event: e.VoteCast) -> str:
    return f"{event.voter} votes {sentence(event.target)}"


@RULES.tells(e.VoteWithdrawn)
def vote_withdrawn(event: e.VoteWithdrawn) -> str:
    return f"{event.voter} withdraws his vote."


@RULES.tells(e.PlayerLynched, heads_step=True)
def player_lynched(event: e.PlayerLynched) -> str:
    return f"{event.player} is lynched on Day {event.day}."


@RULES.tells(e.ItemsLost)
def items_lost(event: e.ItemsLost) -> str:
    return f"{event.player} loses {', '.join(event.items)} with his life."


@RULES.tells(e.DayEnded)
def day_ended(event: e.DayEnded) -> str:
    lynch = f" with the lynch of {event.lynched}" if event.lynched else ""
    if event.ends_game:
        return f"Day {event.day} ends{lynch}, and the game with it."
    return f"Day {event.day} ends{lynch}; night falls."


def deadline_line(event: e.DeadlineSet | e.DeadlineTicked) -> str:
    """A deadline clock's step, as the moderator's log and the table's recap tell it."""
    if isinstance(event, e.DeadlineTicked):
        moves = "forward" if event.by > 0 else "back"
        count = abs(event.by)
        return (f"The Day {event.day} deadline moves {moves} "
                f"{plural(count, 'segment')}: {event.reason}")
    why = f": {event.why}" if event.why else ""
    if not event.segments:
        return sentence(f"From now on no day has a deadline clock{why}")
    since = f"From Day {event.day}, each" if event.day else "Each"
    return sentence(f"{since} day has a deadline clock of {event.segments} segments{why}")


@RULES.tells(e.DeadlineSet)
def deadline_set(event: e.DeadlineSet) -> str:
    return deadline_line(event)


@RULES.tells(e.DeadlineTicked)
def deadline_ticked(event: e.DeadlineTicked) -> str:
    return deadline_line(event)


@RULES.tells(e.NightChosen)
def night_chosen(event: e.NightChosen) -> str:
    parts = [f"scavenges at {event.scavenge}"] if event.scavenge else []
    for use in event.uses:
        targets = f" on {' then '.join(use.targets)}" if use.targets else ""
        parts.append(f"uses {use.source} ({use.power}){targets}")
    return f"{event.player} {sentence('; '.join(parts) or 'stays in the church')}"


@RULES.tells(e.NightWithdrawn)
def night_withdrawn(event: e.NightWithdrawn) -> str:
    return f"{event.player}'s night action is taken back: nothing sent yet."


@RULES.tells(e.NightKillChosen)
def night_kill_chosen(event: e.NightKillChosen) -> str:
    if not event.target:
        return f"{event.by} takes the kill back."
    return f"{event.by} picks the kill: {event.target}, carried out by {sentence(event.killer)}"


@RULES.tells(e.NightStep)
def night_step(event: e.NightStep) -> str:
    return f"Night {event.night}, {event.stage}: {event.text}"


@RULES.tells(e.PlayerKilled, heads_step=True)
def player_killed(event: e.PlayerKilled) -> str:
    return f"{event.player} dies in Night {event.night}: {sentence(event.cause)}"


@RULES.tells(e.ItemFound)
def item_found(event: e.ItemFound) -> str:
    return f"{event.player} finds the {event.item} at {sentence(event.location)}"


@RULES.tells(e.LocationSearched)
def location_searched(event: e.LocationSearched) -> str:
    emptied = ", now empty" if event.emptied else ""
    return f"{event.location}: {event.taken} taken{emptied}."


@RULES.tells(e.NightResolved, heads_step=True)
def night_resolved(event: e.NightResolved) -> str:
    return f"Night {event.night} is resolved."


@RULES.tells(e.NightCalledOff)
def night_called_off(event: e.NightCalledOff) -> str:
    return (f"Night {event.night} is called off as the session ends: no one acts, and "
            f"Day {event.night + 1} begins.")


@RULES.tells(e.LateNoteFound)
def late_note_found(event: e.LateNoteFound) -> str:
    return (f"Day {event.day}: {event.player}'s note from Night {event.night} ({event.item}) "
            f"joins the post: \u201c{event.text}\u201d")


@RULES.tells(e.LateNoteCorrected, heads_step=True)
def late_note_corrected(event: e.LateNoteCorrected) -> str:
    return (f"Day {event.day}: the moderator puts {event.player}'s note right: "
            f"\u201c{event.text}\u201d, not \u201c{event.was}\u201d")


@RULES.tells(e.PlayerCorrected)
def player_corrected(event: e.PlayerCorrected) -> str:
    items = (f" with the {' and the '.join(event.items)}" if event.items else "")
    return (f"{event.player}'s seat is put right before Day 1: {event.name} plays the "
            f"{event.role}{items}.")


@RULES.tells(e.RolesDealt)
def roles_dealt(event: e.RolesDealt) -> str:
    dealt = [f"{name} the {role}" for name, role in zip(event.players, event.roles,
                                                         strict=False)]
    return (f"The roles are dealt at random before Day 1, each with the items its seat "
            f"starts with: {', '.join(dealt or event.players)}.")


@RULES.tells(e.PlayerRemoved)
def player_removed(event: e.PlayerRemoved) -> str:
    return f"{event.player} is taken off the list before Day 1."


@RULES.tells(e.PlayerReplaced)
def player_replaced(event: e.PlayerReplaced) -> str:
    return f"{event.by} replaces {sentence(event.player)}"


@RULES.tells(e.PlayerModkilled, heads_step=True)
def player_modkilled(event: e.PlayerModkilled) -> str:
    told = f"The moderator removes {event.player} on {event.when}: {sentence(event.reason)}"
    if event.hammer_waits:
        told += (" The wagon it brings to a majority waits for the next vote, as the "
                 "moderator rules.")
    return told


@RULES.tells(e.ModkillCorrected, heads_step=True)
def modkill_corrected(event: e.ModkillCorrected) -> str:
    held = ", ".join(f"{h.item} ({h.used} used)" if h.used else h.item for h in event.items)
    return (f"The moderator takes back {event.player}'s removal on {event.when}, his mistake: "
            f"{event.player} plays on{f' with {held}' if held else ''}.")


@RULES.tells(e.GameWon, heads_step=True)
def game_won(event: e.GameWon) -> str:
    if event.winner == "draw":
        return "The game ends in a draw: no one is left alive."
    personal = "".join(f"; {name} wins too, alive at the end" for name in event.personal)
    verb = "wins" if event.winner == "town" else "win"
    return f"The {event.winner.capitalize()} {verb} the game{personal}."
