"""The games gmscreen serves, by their public ids. Each is a package whose `RULES` is its
decider (pure, no Textual) and whose panes module holds its Textual widgets."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from gmscreen.glossary import Word, words_of
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import Rules

#: public game id -> the package that holds it
GAMES: dict[str, str] = {
    "dust-devils": "gmscreen.games.dust_devils",
    "fistful": "gmscreen.games.fistful",
    "dead-mans-hand": "gmscreen.games.dead_mans_hand",
    "devils-bluff": "gmscreen.games.devils_bluff",
    "dust": "gmscreen.games.dust",
}

#: public game id -> the game's name as a Dealer says it (without importing its rules)
TITLES: dict[str, str] = {
    "dust-devils": "Dust Devils",
    "fistful": "A Fistful of Sixes",
    "dead-mans-hand": "Dead Man's Hand",
    "devils-bluff": "Devils Bluff",
    "dust": "Dust",
}


def package_of(rules: Rules[Any]) -> str:
    """The package that holds a game's rules (one of ours, or another's, as the sixth game
    of the tests, by its panes)."""
    return GAMES.get(rules.game_id) or rules.panes_module.rpartition(".")[0]


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; the games are: {', '.join(GAMES)}"


def rules_for(game_id: str) -> Rules[Any]:
    """The rules of a game by its id; UnknownGame for an id that is not one of ours."""
    try:
        package = GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as error:
        if error.name and package.startswith(error.name):
            raise UnknownGame(game_id) from None
        raise
    rules: Rules[Any] = module.RULES
    return rules


def names_in(campaign: Campaign[Any]) -> list[str]:
    """The campaign's characters, from the game's view's `names(state)` (none for a game
    without, or a damaged state: a note is still written, a form still opens)."""
    found = getattr(view_of(campaign.rules), "names", None)
    try:
        return list(found(campaign.state)) if callable(found) else []
    except Exception:
        return []


def words_in(campaign: Campaign[Any]) -> tuple[Word, ...]:
    """The game's words as this campaign has them, for F1 and the forms' explanations: the
    view's `campaign_words(state)` where the game has one (a power the moderator edited is
    told as he defined it, not as the book did), else its shipped glossary."""
    own = getattr(view_of(campaign.rules), "campaign_words", None)
    if callable(own):
        try:
            return tuple(own(campaign.state))
        except Exception:  # a damaged state: the shipped words still explain
            pass
    return words_of(package_of(campaign.rules))


def view_of(rules: Rules[Any]) -> ModuleType | None:
    """The game's `view` module (beside its panes, or named by the rules' `view_module`),
    or None for a game without one. Its `table_knows(state)` and `table_sections(known)`
    are what the players may see."""
    named = getattr(rules, "view_module", None)
    module = named if isinstance(named, str) else f"{rules.panes_module.rpartition('.')[0]}.view"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is not None and module.startswith(error.name):
            return None
        raise


def private_viewers(campaign: Campaign[Any]) -> list[str]:
    """The players who get a private page now (none for a game without secrets kept from
    one player to the next): the view's `private_viewers(state)`."""
    viewers = getattr(view_of(campaign.rules), "private_viewers", None)
    return list(viewers(campaign.state)) if callable(viewers) else []
