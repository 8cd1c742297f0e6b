"""A session that ends with a day or a night half-way (the book is silent: the moderator's
call, in forum Mafia's usual way).

Under way: a day with votes cast and no lynch yet, or a night with actions (or the Scum's
kill) sent and not yet resolved. A day with no vote, or a night with nothing sent, may wait
for the next session as it is.

Left off: the day ends without a lynch, as at the deadline (the book's no-lynch, by
`day_rules.day_over`: the post, twilight, and the win if there is one); a note a player
killed last night may have sent can no longer be entered, and the choice says so. The night
is called off: no one acts in it (no kill, no power, no search, nothing spent), the choices
sent are dropped, and the next day begins with a post that says so. It leaves what taking
the night back (u on the Posts tab) leaves, with the night over instead of open.

Between sessions the game stands where the last one left it: a new session's notice says
where (`session_begun`), and each session's recap says what it took up from the one before
and what it leaves to the next (`view.table_stands`, `view.dealer_stands`, by `stands`).
"""

from __future__ import annotations

from gmscreen.core.text import plural_word
from gmscreen.games.dust.day_rules import day_over
from gmscreen.games.dust.events import DayBegan, NightCalledOff
from gmscreen.games.dust.rules import RULES, night_notice
from gmscreen.games.dust.state import DustState


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


@RULES.tells_under_way
def under_way(state: DustState) -> str | None:
    """The day or night half-way, in the moderator's words; None when nothing is."""
    if state.phase == "day" and state.votes:
        return f"Day {state.number}, with {_count(len(state.votes), 'vote')} cast and no lynch yet"
    if state.phase == "night" and (state.choices or state.kill):
        sent = [*([f"the night actions of {_count(len(state.choices), 'player')}"]
                  if state.choices else []),
                *(["the Scum's kill"] if state.kill else [])]
        return f"Night {state.number}, with {' and '.join(sent)} sent and not yet resolved"
    return None


def stands(state: DustState) -> str | None:
    """Where the game stands between two sessions, in the moderator's words (what is under
    way, or the day or night with nothing yet); None before Day 1 and once it is over."""
    if state.phase not in ("day", "night"):
        return None
    return under_way(state) or (f"Day {state.number}, no vote cast yet"
                                if state.phase == "day"
                                else f"Night {state.number}, nothing sent yet")


@RULES.tells_session_begun
def session_begun(state: DustState) -> str | None:
    """As a session begins with the game going on, where it stands and where to go on; with
    it over, that it is, and that the next game is a campaign of its own (a campaign holds
    one game: its players, roles and items are dealt once)."""
    if state.result:
        return (f"{state.result} This campaign's game is done: the next game is a new "
                "campaign (Campaigns).")
    where = stands(state)
    return None if where is None else f"Where the game stands: {where} (the Day and night tab)."


@RULES.tells_before_session_ends
def before_session_ends(state: DustState) -> str | None:
    """The messages not yet copied to send and the posts not yet copied to the thread,
    said in the question that ends a session: the moderator who closes the laptop with a
    player's night result unsent would learn of it from the player, the next week."""
    return state.still_to_paste()


@RULES.tells_left_off
def left_off_words(state: DustState) -> str:
    """What leaving it off does, offered as the session ends (see the module)."""
    if state.phase == "day":
        # a dead writer's note is entered by day only (`day_rules.notes_waiting`)
        writers = [name for name, _ in state.late_notes]
        shut = (f", and the {plural_word(len(writers), 'note')} {' and '.join(writers)} may have "
                f"sent, killed last night with a Notebook, can no longer be entered"
                if writers else "")
        return (f"Day {state.number} ends with no lynch, as at the deadline (its post is "
                f"made){shut}")
    return (f"Night {state.number} is called off: no one acts in it, the choices sent are "
            "dropped")


@RULES.abandons
def left_off(state: DustState) -> list[object]:
    """The day ended without a lynch, or the night called off (see the module)."""
    if state.phase == "day":
        return day_over(state, "", [])
    night = state.number
    called = NightCalledOff(night)
    after = RULES.after(state, [called])
    return [called, DayBegan(f"Day {night + 1}", (
        f"Night {night} was called off: no one acted in it, and no one died. "
        f"Day {night + 1} begins.", *night_notice(after)))]
