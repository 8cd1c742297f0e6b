"""Changes to the roster once the game runs: a replacement takes over a slot, and the
moderator removes a player (a mod-kill), as forum games do.

Readings (each has a test):

- A replacement takes over the slot whole: role, items, uses spent, today's votes (his and
  those for the slot) and gifts (given or received: put right under his name), tonight's
  choice and any part in the Scum's kill, and the private messages the slot received. He
  gets his role message again; the thread is told who replaces whom. Only a living player
  is replaced, and never once the game is over.
- A mod-killed player dies at once and is flipped like any death; his items are lost. His
  vote and the votes for him are withdrawn, his night choice and any kill he decided, carries
  out or suffers are taken back, and the others' actions aimed at him are taken off their
  choices (they may send new ones; one whose whole choice that was has sent nothing now).
  The win conditions are checked after it. By day the post tells the new majority, and a
  wagon that already holds it lynches at once (book line 42: a majority lynches, and the
  votes on it are a majority now); a majority for no lynch ends the day the same way.
  The book does not say whether a majority no vote brought lynches: that is the
  moderator's call (round 22), offered in the mod-kill form whenever the removal would
  bring one: "lynches now" (the default) or "waits for a vote", when the post says so and
  the next vote cast while the wagon holds the majority brings the hammer (`hammer_waits`
  in the event). Nothing is lynched by night. The thread saw the votes cast, so the post
  says which went with him ("Cat's vote on Pat and the votes on him (Ann and Bob) are
  withdrawn."): the recap tells a vote, then the removal that withdrew it.
- A mod-kill made by mistake (the wrong player, or one who was to be replaced instead) is
  taken back the same day or night, without undoing the steps since: he is alive again and
  holds his items as he held them; the thread is told it was the moderator's mistake, as it
  was told of the removal (his flip was posted and stays read), and he is told he plays on.
  What the removal took back stays taken back: the votes may be cast again, the night's
  actions and the kill sent again; by day the post names the votes that stay withdrawn, as
  the removal's post named them. Once the day or night it was made in is over (a removal
  that brought the hammer ended its day) or the game with it, only undo takes it back.
"""

from __future__ import annotations

from gmscreen.core.text import in_words, plural_word, quoted, sentence
from gmscreen.games.dust import commands as c
from gmscreen.games.dust.checks import verify_name
from gmscreen.games.dust.day_rules import hammer, notes_waiting
from gmscreen.games.dust.events import (
    DayEnded,
    GameWon,
    ItemsLost,
    MessageSent,
    ModkillCorrected,
    PlayerLynched,
    PlayerModkilled,
    PlayerReplaced,
    Posted,
)
from gmscreen.games.dust.rules import RULES, flip, night_notice, role_card, win
from gmscreen.games.dust.state import NO_LYNCH, DustState, choice_text, voted_words
from gmscreen.games.dust.wins import verdict
from gmscreen.journal.rules import RuleError


def when(state: DustState) -> str:
    """The part of the cycle, in the words the messages use: "Day 2", "Night 2"."""
    return f"{'Night' if state.phase == 'night' else 'Day'} {state.number}"


def why_not_replace(state: DustState, player: str | None = None) -> RuleError | None:
    """Why `player` (or, without one, anyone) cannot be replaced now: only the living, and
    never once the game is over."""
    return _running_and_alive(state, player, "Replacement")


def verify_replacement(state: DustState, player: str, replacement: str) -> None:
    _raise(why_not_replace(state, player))
    verify_name(state, replacement)


def why_not_modkill(state: DustState, player: str | None = None) -> RuleError | None:
    """Why `player` (or, without one, anyone) cannot be removed now: only once the game runs,
    and only the living."""
    if state.phase == "setup":
        return RuleError("Mod-kill", "the game has not started; nobody can be removed yet "
                                     "(c corrects a player added by mistake, or takes him "
                                     "off the list)")
    return _running_and_alive(state, player, "Mod-kill")


def verify_modkill(state: DustState, player: str, reason: str) -> None:
    _raise(why_not_modkill(state, player))
    if not reason.strip():
        raise RuleError("Mod-kill", "say why the player is removed; the thread is told",
                        field="reason")


def why_not_correct_modkill(state: DustState, player: str | None = None) -> RuleError | None:
    """Why `player`'s removal (or, without one, any) cannot be taken back now: only one made
    this day or night, while the game goes on."""
    if state.phase == "over":
        return RuleError("Game over", f"{state.result} (ctrl+z takes back the step that "
                                      "ended it)")
    now = when(state)
    if player is None:
        if state.phase == "setup" or state.modkills:
            return None
        return RuleError("Mod-kill", f"a seat is put right before Day 1, then changes only "
                                     f"by replacement or mod-kill; no one was removed on "
                                     f"{now}: there is no removal to take back")
    found = state.player(player)
    if found is None:
        return RuleError("Mod-kill", f"there is no player named {quoted(player)}", field="player")
    if found.alive:
        return RuleError("Mod-kill", f"{player} was not removed: there is nothing to take "
                                     "back", field="player")
    if all(m.player != player for m in state.modkills):
        return RuleError("Mod-kill", f"{player} was not removed on {now}: only a removal of "
                                     f"this {now} is taken back (ctrl+z takes back an older "
                                     "one, with every step since)", field="player")
    return None


def correct_modkill_question(state: DustState, name: str) -> str:
    """What to ask before `name`'s removal is taken back: what comes back, what the thread
    is told, and what stays taken back."""
    asked = (f"Take back {name}'s removal? He is alive again with his items, and the "
             "thread is told it was your mistake (his flip stays read)")
    if state.phase == "night":
        return (f"{asked}; tonight's actions of his or aimed at him, and a kill he took part "
                "in, stay taken back (they may be sent again).")
    # by day, the votes the removal withdrew, as the post that takes it back names them
    removal = next((m for m in state.modkills if m.player == name), None)
    stays = votes_withdrawn(removal.votes, name, stay=True) if removal else []
    return f"{asked}; {stays[0]}" if stays else f"{asked}."


def _running_and_alive(state: DustState, name: str | None, rule: str) -> RuleError | None:
    if state.phase == "over":
        return RuleError("Game over", state.result)
    if name is None:
        return None
    player = state.player(name)
    if player is None:
        return RuleError(rule, f"there is no player named {quoted(name)}", field="player")
    if not player.alive:
        return RuleError(rule, f"{name} is dead", field="player")
    return None


def _raise(refused: RuleError | None) -> None:
    if refused is not None:
        raise refused


def brings_the_hammer(state: DustState, name: str) -> bool:
    """Whether removing `name` now leaves a wagon (or the votes for no lynch) holding the
    smaller majority: the mod-kill form then asks whether it lynches at once."""
    if why_not_modkill(state, name) is not None or state.phase != "day":
        return False
    made = modkill(state, c.ModKill(name, "asked"))
    return any(isinstance(e, DayEnded) for e in made)


def modkill_question(state: DustState, name: str, *, hammer: bool = True) -> str:
    """What to ask before `name` is removed: the death and flip, and the lynch or the end of
    the day that a wagon then holding the majority brings (`hammer`: the moderator rules it
    lynches at once; else it waits for the next vote)."""
    question = f"Remove {name} from the game? He dies and is flipped."
    try:
        made = modkill(state, c.ModKill(name, "asked"))
    except RuleError:
        made = []
    # a removal that ends the game says so, as the hammer's question does: the closing
    # post flips every living player, which the table cannot be untold (a wagon held
    # back ends nothing yet)
    held = not hammer and any(isinstance(e, DayEnded) for e in made)
    won = None if held else next((e for e in made if isinstance(e, GameWon)), None)
    said = verdict(won.winner) if won is not None else ""
    if state.phase == "night":
        over = f" That ends the game: {said}." if won is not None else ""
        return f"{question}{_taken_back_tonight(state, name)}{over}"
    lynched = next((e for e in made if isinstance(e, PlayerLynched)), None)
    game = f", and with it the game: {said[:1].lower()}{said[1:]}" if won is not None else ""
    ends = (f", Day {state.number} ends{game}" if won is not None
            else f", and Day {state.number} ends")
    if won is not None and not any(isinstance(e, DayEnded) for e in made):
        return f"{question} That ends the game: {said}."
    if held:
        whose = (f"The votes on {lynched.player}" if lynched is not None
                 else "The votes for no lynch")
        return (f"{question} {whose} are then a majority, but wait for the next vote, as "
                f"you rule: the post says so, and Day {state.number} goes on.")
    if lynched is not None:
        return (f"{question} The votes on {lynched.player} are then a majority: he is "
                f"lynched and flipped{ends}.{notes_waiting(state)}")
    if any(isinstance(e, DayEnded) for e in made):
        return (f"{question} The votes for no lynch are then a majority: Day "
                f"{state.number} ends{game}.{notes_waiting(state)}")
    return question


def _taken_back_tonight(state: DustState, name: str) -> str:
    """What a removal at night takes back with him, said before it is made: the Scum's kill
    he chose, carries out or suffers (the tab then reads "not chosen"), and the others'
    actions aimed at him ("" where there is neither)."""
    said = ""
    kill = state.kill
    if kill is not None and name in (kill.by, kill.killer, kill.target):
        chose = f", as {kill.by} chose" if kill.by != kill.killer else ""
        which = (f"on him (carried out by {kill.killer}{chose})" if kill.target == name
                 else f"({kill.target}, carried out by {kill.killer}{chose})")
        said += (f" Tonight's Scum kill {which} is taken back with him: the Scum choose "
                 f"again before the night is resolved (k).")
    aimed = [chosen.player for chosen in state.choices if chosen.player != name
             and any(name in use.targets for use in chosen.uses)]
    if aimed:
        whose = " and ".join(filter(None, [", ".join(f"{p}'s" for p in aimed[:-1]),
                                           f"{aimed[-1]}'s"]))
        theirs = ("actions aimed at him are taken off their choices; they may send new ones"
                  if len(aimed) > 1
                  else "action aimed at him is taken off his choice; he may send another")
        said += f" {whose} {theirs}."
    return said


@RULES.decides(c.CorrectModKill)
def correct_modkill(state: DustState, command: c.CorrectModKill) -> list[object]:
    _raise(why_not_correct_modkill(state, command.player))
    name = command.player
    removal = next(m for m in state.modkills if m.player == name)
    held = removal.items
    now = when(state)
    back = ModkillCorrected(name, now, held)
    after = RULES.after(state, [back])
    lines = [f"The moderator's mistake: {name} was not to be removed; he is back in the game."]
    named: tuple[str, ...] = (name,)
    if state.phase == "day":
        lines.extend(votes_withdrawn(removal.votes, name, stay=True))
        named = named_with_votes(removal.votes, name)
        lines.append(night_notice(after)[-1])
    told = ["The moderator's mistake: you were not to be removed; you play on."]
    if held:
        told.append(sentence(f"You hold: {', '.join(state.held_label(h) for h in held)}"))
    if state.phase == "night":
        told.append("Send your night action for tonight: one sent before the removal is dropped.")
    # posted first: the table never sees him alive beside his flip as the newest post
    posted = Posted(f"{now}: the moderator", tuple(lines), named)
    return [posted, back, MessageSent(now, name, tuple(told)),
            *win(RULES.after(after, [posted]))]


@RULES.decides(c.ReplacePlayer)
def replace_player(state: DustState, command: c.ReplacePlayer) -> list[object]:
    verify_replacement(state, command.player, command.replacement)
    old, new = command.player, command.replacement
    replaced = PlayerReplaced(old, new)
    if state.phase == "setup":
        return [replaced]
    after = RULES.after(state, [replaced])
    now = when(state)
    return [replaced,
            MessageSent(now, new, (
                f"You replace {old} in the game; everything the slot learned is yours.",
                *role_card(after, new, taking_over=True), *slot_now(after, new))),
            Posted(f"{now}: a replacement", (f"{new} replaces {sentence(old)}",), (old, new))]


def slot_now(state: DustState, name: str) -> list[str]:
    """What the slot `name` took over has sent for tonight, or voted today: one who comes in
    between two sessions, the night's actions carried, may change them before the night is
    resolved, and nobody else would tell him what they are."""
    if state.phase == "day":
        vote = dict(state.votes).get(name)
        return [] if vote is None else [f"The slot's vote today stands: {voted_words(vote)}."]
    if state.phase != "night":
        return []
    kill = state.kill
    if kill is not None and kill.killer == name:
        chose = "" if kill.by == name else f", as {kill.by} chose"
        return [f"Tonight the slot carries out the Scum's kill on {kill.target}{chose}; it is "
                "its whole night."]
    told = []
    if kill is not None and kill.by == name:
        told.append(f"Tonight's Scum kill, chosen for the slot: {kill.target}, carried out by "
                    f"{kill.killer}. You may choose again before the night is resolved.")
    choice = state.choice(name)
    if choice is not None:
        told.append(f"Sent for the slot tonight: {choice_text(choice)}. You may send another "
                    "night action before the night is resolved.")
    elif not told:
        told.append("Nothing is sent for the slot tonight yet: send me your night action "
                    "before the night is resolved.")
    return told


def named_with_votes(votes: tuple[tuple[str, str], ...], name: str) -> tuple[str, ...]:
    """The players a post on `name`'s removal names by day: him, and those whose votes
    `votes_withdrawn` names (his vote's target, the voters on him)."""
    his = [target for voter, target in votes if voter == name and target != NO_LYNCH]
    return tuple(dict.fromkeys([name, *his, *(voter for voter, target in votes
                                              if target == name)]))


def votes_withdrawn(votes: tuple[tuple[str, str], ...], name: str, *,
                    stay: bool = False) -> list[str]:
    """The post's line on the votes (voter, target) that `name`'s removal withdraws, his and
    those on him, which the thread saw cast (none where there are none); `stay`: the line
    that takes the removal back, which leaves them withdrawn."""
    his = next((target for voter, target in votes if voter == name), None)
    on_him = [voter for voter, target in votes if target == name]
    told = [] if his is None else [f"{name}'s vote {'for' if his == NO_LYNCH else 'on'} {his}"]
    if on_him:
        told.append(f"{'the' if told else 'The'} {plural_word(len(on_him), 'vote')} on "
                    f"{'him' if told else name} ({in_words(on_him)})")
    if not told:
        return []
    many = len(told) + len(on_him) > 2
    if stay:
        return [f"{' and '.join(told)} {'stay' if many else 'stays'} withdrawn; "
                f"{'they' if many else 'it'} may be cast again."]
    return [f"{' and '.join(told)} {'are' if many else 'is'} withdrawn."]


@RULES.decides(c.ModKill)
def modkill(state: DustState, command: c.ModKill) -> list[object]:
    verify_modkill(state, command.player, command.reason)
    player = state.player(command.player)
    assert player is not None
    now = when(state)
    reason = " ".join(command.reason.split())
    removed = PlayerModkilled(player.name, reason, now)
    events: list[object] = [removed]
    if player.items:
        events.append(ItemsLost(player.name, tuple(h.item for h in player.items)))
    dead = RULES.after(state, events)
    held = (state.phase == "day" and not command.hammer and not win(dead)
            and bool(hammer(dead)))
    if held:
        events[0] = removed = PlayerModkilled(player.name, reason, now, hammer_waits=True)
    lines = [f"{player.name} is removed from the game by the moderator: {sentence(reason)}",
             flip(state, player.name)]
    named: tuple[str, ...] = (player.name,)
    if state.phase == "day":
        lines.extend(votes_withdrawn(state.votes, player.name))
        lines.append(night_notice(dead)[-1])
        if held:
            lines.append("The moderator rules that no lynch comes of the removal itself: a "
                         "wagon holding the majority now waits for the next vote.")
        named = named_with_votes(state.votes, player.name)
    posted = Posted(f"{now}: the moderator", tuple(lines), named)
    after = RULES.after(dead, [posted])
    won = win(after)
    if won or state.phase != "day" or held:
        return [*events, posted, *won]
    return [*events, posted, *hammer(after)]


