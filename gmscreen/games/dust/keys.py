"""The keys Dust's own words name, and those words with the keys the Dealer set.

The rules and the views are Textual-free: they write a key as the book of keys has it
("add the players first (p)", "ctrl+z takes it back"). Every such phrase is one of
`PHRASES`, a pattern whose `<id>` stands for a binding's key; a tab puts its words through
`keyed` with the keys settings.toml changed (id -> the key as the footer writes it), so a
Dealer who moved Add player to P reads "(P)". A phrase the rules write that is not here
would keep its book key: `tests/dust/test_own_keys.py` finds each phrase in the sources.
Words the kit shows itself (F1's entries, what is said as a session begins or ends) name
the step instead, never a key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: each key the words name, by its binding's id, as they write it
BOOK: Mapping[str, str] = {
    "dust.toggle_places": "o", "dust.book_setup": "b", "dust.add_player": "p",
    "dust.deal_roles": "d", "dust.start": "s", "dust.add_location": "l",
    "dust.edit_power": "e", "dust.vote": "v", "dust.end_day": "e",
    "dust.night_action": "a", "dust.night_kill": "k", "dust.resolve": "r",
    "dust.copy_post": "c", "dust.copy_messages": "m", "dust.copy_one": "y",
    "dust.copy_last": "l", "dust.undo_night": "u", "dust.late_note": "w",
    "dust.clocks.set_deadline": "D", "dust.clocks.tick_deadline": "d",
    "dust.resolve_typed": "t", "dust.correct_player": "c", "dust.write_opening": "i",
    "undo": "ctrl+z", "start_session": "f5", "help": "F1",
}

#: the Day and night tab's own deadline keys, where the clocks tab's words name them
ON_THE_DAY_TAB: Mapping[str, str] = {"dust.clocks.set_deadline": "dust.set_deadline",
                                     "dust.clocks.tick_deadline": "dust.tick_deadline"}

#: the phrases of the rules and the views that name a key, `<id>` where the key is
PHRASES: tuple[str, ...] = (
    # the rules' refusals and questions
    "add the players first (<dust.add_player>)",
    "cannot be entered (<dust.late_note> on the Posts tab)",
    "(<dust.copy_one> or <dust.copy_messages> on the Posts tab)",
    "copied to the thread (<dust.copy_last> on the Posts tab)",
    "<undo> takes it back",
    "(<help>: Lots)",
    "(<undo> takes back",
    "before the night is resolved (<dust.night_kill>)",
    "<dust.deal_roles> deals again",
    "(<start_session> starts one first)",
    "<dust.deal_roles> deals them at random first",
    "(<dust.end_day> ends the day without a lynch)",
    "(<dust.resolve_typed> shows them to change)",
    "(<dust.correct_player> corrects a player added by mistake",
    "no deadline clock is kept: <dust.clocks.set_deadline> sets one",
    "whole night (<dust.night_kill> changes it)",
    # the set-up guide
    "<dust.book_setup> puts in the book's roles",
    "; <dust.add_location> adds a location of your own",
    "<dust.add_player> adds each player",
    "<dust.start> posts Day 1",
    "are in: <dust.toggle_places> shows them, <dust.edit_power> edits a power",
    "Once all are in, <dust.deal_roles> deals the roles",
    # the moderator's own opening for Day 1's post
    "<dust.write_opening> on the Characters tab puts it right",
    # the vote board, the night's page
    "(<dust.vote> casts one)",
    "resolved. <dust.undo_night> takes it back as one step",
    "<dust.night_action> corrects the highlighted player's action, <dust.resolve> resolves",
    "until <dust.resolve> on the Day and night tab",
    "; <dust.late_note> adds the note of",
    "; <dust.late_note> puts right the note of",
    "(<dust.resolve> on the Day and night tab)",
    # the posts not yet copied
    "<dust.copy_post> copies the day's post, <dust.copy_last> the others",
    "<dust.copy_post> copies it",
    # the Characters tab's own refusals
    "Show the players (<dust.toggle_places>)",
    "Show the locations (<dust.toggle_places>)",
    "first (<dust.toggle_places> shows them)",
    "<dust.copy_last> copies it",
    "<dust.copy_last> copies them one by one",
    "yet (<dust.copy_one> copies one and ticks it off, <dust.copy_messages> all of them)",
    ". <dust.copy_one> copies one and ticks it off.",
    "(<dust.copy_one> copies one again)",
    # the deadline on the clocks tab
    "<dust.clocks.set_deadline> keeps one for each day",
    "(<dust.clocks.set_deadline> changes its size)",
    "<dust.clocks.tick_deadline> moves it for the time gone",
    "<dust.end_day> on the Day and night tab ends the day",
    "<dust.clocks.set_deadline> changes its size (",
    # a location's name already on the list
    "(<dust.toggle_places> lists the places) and press <dust.add_location> to edit it",
)

_KEY = re.compile(r"<([\w.]+)>")


def phrase(pattern: str, keys: Mapping[str, str] | None = None) -> str:
    """`pattern` (one of `PHRASES`) with each key as `keys` has it, else as the book."""
    return _KEY.sub(lambda found: (keys or {}).get(found.group(1)) or BOOK[found.group(1)],
                    pattern)


def keyed(text: str, keys: Mapping[str, str]) -> str:
    """`text` with each key its phrases name as `keys` (id -> key) changed it: the words
    the Dealer reads name the key he set. Unchanged where `keys` changes none of them."""
    if not text or not any(key in BOOK for key in keys):
        return text
    for pattern in PHRASES:
        if any(f"<{key}>" in pattern for key in keys):
            # a phrase begins a word: "l copies it", never "all copies it"
            text = re.sub(rf"(?<![\w+]){re.escape(phrase(pattern))}",
                          phrase(pattern, keys).replace("\\", "\\\\"), text)
    return text
