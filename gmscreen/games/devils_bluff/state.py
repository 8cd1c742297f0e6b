"""The state of a Devils Bluff campaign: the settings, the gangs, the Draw Deck, the hands,
the game being played and the record of games. Frozen; only `evolve` makes new ones."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from gmscreen.core.cards import Card, Deck
from gmscreen.core.text import names_went_by
from gmscreen.games.devils_bluff.gangs import TABLES, Profile, Recruit, profile


@dataclass(frozen=True)
class Setting:
    key: str
    name: str
    default: Any
    choices: tuple[Any, ...]
    #: how each choice reads on the screen, in the order of `choices`
    words: tuple[str, ...]
    about: str

    def word(self, value: Any) -> str:
        """The chosen value in words ("a King is 13"), not as the raw value."""
        return self.words[self.choices.index(value)] if value in self.choices else str(value)


@cache
def setting_table() -> tuple[Setting, ...]:
    with (TABLES / "settings.toml").open("rb") as file:
        rows = tomllib.load(file)["setting"]
    return tuple(Setting(r["key"], r["name"], r["default"], tuple(r["choices"]),
                         tuple(r["words"]), r["about"]) for r in rows)


def default_settings() -> Mapping[str, Any]:
    return {s.key: s.default for s in setting_table()}


def readings_in_words(settings: Mapping[str, Any], keys: tuple[str, ...]) -> str:
    """The named settings in words, where a step depends on them (the attack form)."""
    table = {s.key: s for s in setting_table()}
    return "; ".join(table[k].word(settings.get(k, table[k].default)) for k in keys)


def settings_in_words(settings: Mapping[str, Any]) -> str:
    """The settings for the players: the rounds, then every reading that is not the
    first rules' (so the line stays short when a table plays by the book)."""
    shown = [s.word(settings.get(s.key, s.default)) for s in setting_table()
             if s.key == "rounds" or settings.get(s.key, s.default) != s.default]
    if len(shown) == 1:
        shown.append("otherwise as Open Fire's first rules read")
    return "; ".join(shown)


@dataclass(frozen=True)
class Fighter:
    """A model on a gang's roster, with where it stands in the current game."""

    recruit: Recruit
    damage: int = 0
    tokens: int = 0
    activated: bool = False

    @property
    def name(self) -> str:
        return self.recruit.name

    @property
    def profile(self) -> Profile:
        return profile(self.recruit.unit, self.recruit.perks)

    @property
    def hp(self) -> int:
        return max(0, self.profile.hp - self.damage)

    @property
    def out(self) -> bool:
        """Taken out: no hit points left."""
        return self.hp == 0

    @property
    def ready(self) -> bool:
        """May still activate this round."""
        return not self.out and not self.activated

    def rule_value(self, rule: str) -> int:
        """X of a special rule "Rule (X)" the model has, 1 for a bare rule, 0 without it."""
        for held in self.profile.rules:
            if held == rule:
                return 1
            if held.startswith(rule + " ("):
                return int(held[len(rule) + 2:-1])
        return 0


@dataclass(frozen=True)
class Gang:
    player: str
    name: str
    fighters: tuple[Fighter, ...] = ()

    @property
    def roster(self) -> tuple[Recruit, ...]:
        return tuple(f.recruit for f in self.fighters)

    def fighter(self, name: str) -> Fighter | None:
        return next((f for f in self.fighters if f.name == name), None)

    def with_fighter(self, fighter: Fighter) -> Gang:
        if self.fighter(fighter.name) is None:
            return replace(self, fighters=(*self.fighters, fighter))
        return replace(self, fighters=tuple(fighter if f.name == fighter.name else f
                                            for f in self.fighters))

    @property
    def can_activate(self) -> bool:
        return any(f.ready for f in self.fighters)

    @property
    def standing(self) -> int:
        return sum(not f.out for f in self.fighters)


@dataclass(frozen=True)
class Activation:
    """The model activating now and what it has done."""

    fighter: str
    actions_left: int = 2
    taken: tuple[str, ...] = ()
    free_attacks: int = 0
    free_advance: bool = False


@dataclass(frozen=True)
class Parting:
    """A model about to move out of enemies' assault range: each of them first makes a free
    attack on it, then it makes its move."""

    mover: str
    action: str
    #: the enemies still to make their free attack
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class Battle:
    """The game being played."""

    number: int
    round: int = 0
    #: players from first to last in this round's initiative
    order: tuple[str, ...] = ()
    #: players in the deployment roll-off's order, first deploys first; empty until then
    deployment: tuple[str, ...] = ()
    #: models held back as scouts and not yet placed, in the order they are placed
    scouts: tuple[str, ...] = ()
    #: whose turn it is to activate a model
    turn: str = ""
    activation: Activation | None = None
    #: players who drew a card this turn (since the last activation ended)
    drawn: tuple[str, ...] = ()
    #: a model that may shoot back at once (Return Fire): (fighter, its target)
    return_fire: tuple[str, str] | None = None
    #: a model owed Hail of Fire's free attacks outside its own activation (a critical hit
    #: on a parting shot or a shot back): (fighter, attacks left); they come at once
    hail: tuple[str, int] | None = None
    #: a model leaving assault range, waiting for its enemies' free attacks
    parting: Parting | None = None
    scores: tuple[tuple[str, int], ...] = ()
    #: pairs of models that fought up close (an attack in assault range) since either last
    #: moved (an Advance or a Rush): each still stands within the other's assault range
    close: tuple[tuple[str, str], ...] = ()
    #: the activation last ended this round, as it ended, while no other has begun (Done
    #: pressed too early is taken back from it)
    ended: Activation | None = None
    #: the players who had drawn in that activation's turn
    ended_drawn: tuple[str, ...] = ()
    #: once a taken-back activation ends, the players who drew meanwhile, for the next turn
    drawn_next: tuple[str, ...] = ()
    #: this round's initiative draws, (player, cards) in the order drawn (ties drawn again
    #: included), for a card typed wrong set right before anyone acts on the order
    initiative: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    #: the objectives the players agreed for this game and what each scores, as typed (""
    #: until agreed): no mission is in either text, so the table makes its own
    objectives: str = ""
    #: the rounds the mission agreed with the objectives gives this game (0: the
    #: campaign's "rounds" setting, as every game was before round 22)
    rounds: int = 0

    def score(self, player: str) -> int:
        return dict(self.scores).get(player, 0)


@dataclass(frozen=True)
class GameRecord:
    """One game played, for the campaign's record."""

    number: int
    scores: tuple[tuple[str, int], ...]
    #: "" for a draw, or a game abandoned
    winner: str
    note: str = ""
    #: left off unfinished when a session ended: nobody won it
    abandoned: bool = False
    #: the round it was left off in
    round: int = 0
    #: after a campaign game, once its aftermath closed: the models that gained a level,
    #: and the hired guns kept for good with their players
    levelled: tuple[str, ...] = ()
    kept: tuple[tuple[str, str], ...] = ()
    #: and the hired guns who moved on, with their players
    gone: tuple[tuple[str, str], ...] = ()
    #: the models taken out when the game ended or was left off, with their players (they
    #: stand again for the next game, so only the record keeps who fell)
    taken_out: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Aftermath:
    """Between games: who has levelled up and which gangs took a hired model on for good."""

    game: int
    levelled: tuple[str, ...] = ()
    #: the players whose gang has kept a hired gun for good
    kept: tuple[str, ...] = ()
    #: the hired guns kept for good, by their names
    kept_models: tuple[str, ...] = ()

    def kept_by(self, player: str) -> str:
        """The hired gun `player`'s gang kept for good ("" for none yet)."""
        return dict(zip(self.kept, self.kept_models, strict=False)).get(player, "")


@dataclass(frozen=True)
class DevilsBluffState:
    #: "campaign" or "one-off"; empty until chosen
    mode: str = ""
    #: "pool" or "controlled choice"
    hiring: str = "controlled choice"
    settings: Mapping[str, Any] = field(default_factory=default_settings)
    gangs: tuple[Gang, ...] = ()
    deck: Deck = field(default_factory=Deck.standard)
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    battle: Battle | None = None
    aftermath: Aftermath | None = None
    record: tuple[GameRecord, ...] = ()
    #: the pool's next picker while hiring from a shared pool (after the roll-off)
    picker: str = ""
    #: the cards that roll-off drew, as told ("Ann 7♥ 2♣, Bob 7♠ K♦"), while its picks go on
    picks_drawn: str = ""
    #: hiring from a pool: the miniatures laid out, (name, gun shown), as the Dealer typed
    #: them (() for none: the picks are then any the players name); those on no roster
    #: are the pool's now (`hiring.pool_left`)
    pool: tuple[tuple[str, str], ...] = ()
    #: the last thing resolved, one line for the screen
    last: str = ""
    #: the hands laid face up for the last thing resolved, by player
    laid: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    #: each name a model was given in place of a name typed wrong: (was, now), oldest first
    renamed: tuple[tuple[str, str], ...] = ()
    #: the models on the rosters as the last session ended, by the names the table knew
    #: them by: what the Dealer does at home after it is told to the table from these
    seen: tuple[str, ...] = ()
    #: the hired guns that moved on as the last aftermath closed, (player, recruit), till
    #: the next game begins: a player hiring from their own miniatures hires them again
    moved_on: tuple[tuple[str, Recruit], ...] = ()
    #: the campaign's end, called by the players (module line 11 gives no measure): the
    #: player who holds the town ("" for nobody); None while it goes on
    ended: str | None = None
    #: the players' closing note as they ended it ("" for none): the tabs, `replay` and the
    #: players' screen tell it with the end, as the log and the recap do
    ended_note: str = ""

    def gang(self, player: str) -> Gang | None:
        return next((g for g in self.gangs if g.player == player), None)

    def with_gang(self, gang: Gang) -> DevilsBluffState:
        if self.gang(gang.player) is None:
            return replace(self, gangs=(*self.gangs, gang))
        return replace(self, gangs=tuple(gang if g.player == gang.player else g
                                         for g in self.gangs))

    def names_of(self, fighter: str) -> tuple[str, ...]:
        """The model's name and every one it was known by before, newest first (the
        journal's notes about it may name any)."""
        return names_went_by(fighter, self.renamed)

    def owner(self, fighter: str) -> Gang | None:
        return next((g for g in self.gangs if g.fighter(fighter) is not None), None)

    def find(self, fighter: str) -> tuple[Gang, Fighter] | None:
        for gang in self.gangs:
            found = gang.fighter(fighter)
            if found is not None:
                return gang, found
        return None

    def hand(self, player: str) -> tuple[Card, ...]:
        return dict(self.hands).get(player, ())

    def with_hand(self, player: str, cards: tuple[Card, ...]) -> DevilsBluffState:
        others = tuple((p, h) for p, h in self.hands if p != player)
        return replace(self, hands=(*others, (player, cards)))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(g.player for g in self.gangs)

    def setting(self, key: str) -> Any:
        return self.settings.get(key, default_settings()[key])

    def game_rounds(self) -> int:
        """The rounds the game under way lasts: the mission's where the players agreed one
        with the objectives, else the campaign's "rounds" setting (digest 2.1, 77)."""
        own = self.battle.rounds if self.battle is not None else 0
        return own or int(self.setting("rounds"))

    def card_readings(self) -> dict[str, bool]:
        """How a drawn card is read under the settings, as `draw.passes` takes them."""
        return {"king_capped_first": bool(self.setting("king_capped_first")),
                "ace_fails": bool(self.setting("ace_fails"))}

    def view(self, player: str) -> PlayerView:
        """What one player may see: every gang and the deck's size, and only their own hand."""
        return PlayerView(player, self.hand(player),
                          tuple((p, len(h)) for p, h in self.hands if p != player),
                          self.deck.remaining, len(self.deck.discards))


@dataclass(frozen=True)
class PlayerView:
    """A player's view of the cards: their own hand and how many cards the others hold."""

    player: str
    hand: tuple[Card, ...]
    others: tuple[tuple[str, int], ...]
    deck_left: int
    discarded: int

