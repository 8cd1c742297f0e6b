"""The facts the thread may not know, generated from the moderator's whole state (never a
list picked by hand), and the checks that the table's view, and each player's own page,
show none that is not theirs."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from gmscreen.games.dust.night import resolve_night
from gmscreen.games.dust.state import DustState
from gmscreen.games.dust.view import (
    player_knows,
    player_sections,
    private_viewers,
    table_knows,
    table_sections,
    tonight,
)
from gmscreen.journal.sections import Section, as_text

ALIGNMENTS = ("TOWN", "SCUM")


def _shown(fact: str, text: str) -> bool:
    """`fact` in `text` as a whole (not "Cop" inside "Copy")."""
    return re.search(rf"(?<!\w){re.escape(fact)}(?!\w)", text) is not None


def flipped_in_thread(state: DustState, name: str) -> bool:
    """Whether a post flipped `name` though he plays on: a removal taken back leaves his
    flip read, in the thread's earlier posts (book line 42; the moderator's mistake)."""
    role = state.role_of(name)
    return any(_shown(name, line) and _shown(role.title, line)
               for post in state.posts for line in post.lines)


def secrets_of(state: DustState, name: str) -> set[str]:
    """What only `name` and the moderator know of him: while he lives (and the game goes on),
    his role unless a dead player flipped the same, his items, his night action and the
    powers it uses; and, alive or dead, every line the moderator sent him privately."""
    player = state.player(name)
    if player is None:
        return set()
    public = {line for post in state.posts for line in post.lines}
    # what an item does is the rules' (the book lists every item for all to read); that he
    # holds one is his secret (below)
    public |= {line for item in state.items for line in item.card()}
    facts = {line for m in state.messages if m.player == name for line in m.lines} - public
    if not player.alive or state.phase == "over":
        return facts
    flipped = {p.role for p in state.players if not p.alive or flipped_in_thread(state, p.name)}
    role = state.role(player.role)
    if role is not None and player.role not in flipped:
        facts.update((role.name, role.title))
    facts.update(h.item for h in player.items)
    if state.phase == "night":
        choice = state.choice(name)
        if choice is not None or (state.kill is not None and state.kill.killer == name):
            facts.add(tonight(state, name))
        facts.update(use.power for use in (choice.uses if choice else ()))
    return facts


def moderators_facts(state: DustState) -> set[str]:
    """What no player knows: the night's steps, how the night's dead died, and, during a
    night, what its post would say before it is resolved."""
    facts = {step.text for step in state.steps}
    facts.update(p.death for p in state.players if not p.alive and p.death != p.fate)
    if state.phase == "night":
        public = {line for post in state.posts for line in post.lines}
        preview = resolve_night(state, [p.name for p in state.living])
        facts.update(line for line in preview.post.lines if line not in public)
    return facts


def hidden_facts(state: DustState) -> set[str]:
    facts = moderators_facts(state)
    for player in state.players:
        facts |= secrets_of(state, player.name)
    return facts


def sides_shown(state: DustState, text: str) -> list[str]:
    """Lines that put a living player's side beside his name (his vouch and a flip posted
    before his removal was taken back excepted, which the thread was told)."""
    if state.phase == "over":
        return []
    found = []
    for line in text.splitlines():
        for player in state.living:
            if (player.vouched or flipped_in_thread(state, player.name)
                    or not _shown(player.name, line)):
                continue
            side = state.role_of(player.name).alignment.upper()
            if side in line:
                found.append(line)
    return found


def assert_table_keeps_hidden(state: DustState) -> None:
    shown = as_text(table_sections(table_knows(state)))
    leaked = sorted(fact for fact in hidden_facts(state) if _shown(fact, shown))
    assert not leaked, f"the table sees {leaked}"
    assert not sides_shown(state, shown), sides_shown(state, shown)


def own_sections(page: list[Section], table: list[Section]) -> list[Section]:
    """A player's page without the table's sections: what is his alone (on top, and his
    earlier messages at the foot, round 20). The table's are there whole, in one run."""
    at = next((place for place in range(len(page) - len(table) + 1)
               if page[place:place + len(table)] == table), None)
    assert at is not None, "the page holds the table's sections whole"
    return [*page[:at], *page[at + len(table):]]


def assert_pages_keep_to_their_own(state: DustState) -> None:
    """Each player's page is the table's view and his own secrets: never another's."""
    table = table_sections(table_knows(state))
    for name in private_viewers(state):
        page = player_sections(player_knows(state, name))
        own = as_text(own_sections(page, table))
        mine = " ".join(line for m in state.messages if m.player == name for line in m.lines)
        others = set(moderators_facts(state))
        for other in state.players:
            if other.name != name:
                others |= secrets_of(state, other.name)
        others -= secrets_of(state, name)
        leaked = sorted(f for f in others if _shown(f, own) and not _shown(f, mine))
        assert not leaked, f"{name}'s page shows {leaked}"


def assert_secrets_kept(state: DustState) -> None:
    assert_table_keeps_hidden(state)
    assert_pages_keep_to_their_own(state)


def checked_after_each_step(campaign: Any) -> None:
    """Check the secrets after every change the campaign makes: each command, undo, redo."""
    for name in ("execute", "undo", "undo_to", "redo"):
        change: Callable[..., Any] = getattr(campaign, name)

        @wraps(change)
        def then_check(*args: Any, change: Callable[..., Any] = change, **kwargs: Any) -> Any:
            done = change(*args, **kwargs)
            assert_secrets_kept(campaign.state)
            return done

        setattr(campaign, name, then_check)
