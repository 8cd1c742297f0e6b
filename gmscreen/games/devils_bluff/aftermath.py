"""Between games, decided: after a campaign game permanent models gain levels, each gang
keeps one hired gunslinger for good, and the rest move on. A model's limits are in `gangs`.

Readings (each has a test):

- Experience: the module gives no trigger, so after each campaign game the players choose;
  each permanent model may gain at most one level per game. The hired gun kept for good
  may gain its first in the same aftermath: it "may join your gang permanently and gain
  experience" (line 101), and is permanent once kept.
- A perk chosen wrong, at a level or as the model was enlisted, is changed for another
  between games (not in a game, where it would change a model in the middle of play); the
  level stays gained. The perk taken must be one the model does not hold. So is an
  ability chosen wrong, for one no other model of its gang holds (module line 124).
- An ability comes once a model has gained its third level (module line 124), not only
  with a level: one that has none (left unchosen at that level, or its gang's three
  held then) chooses it between games, within the gang's three and never one another
  holds, as a table would once the model's roster shows the third level.
- A model dismissed while the aftermath is open takes its level and its keep with it.
  A gun kept by mistake is put right by keeping the one meant instead (`KeepHired` with
  `instead`, asked first): the one kept before is a hired gun again and moves on with the
  others as the aftermath closes, so it is hired again with them (dismissed, it left at
  once and was missing from them). A gun kept and levelled has its level taken back
  first (undo), as a hired gun gains none.
- The campaign runs until one player controls the town (line 11), with no measure given
  and section 4 empty: the players call its end (`EndCampaign`), between games once a
  game has been played and its aftermath closed, naming who holds the town (or nobody)
  from the games won the tabs count. After it no step of the campaign is taken (every
  between-games step is refused, saying so); undo takes the end back to play on.
- A model taken out is out of that game only: neither the module nor Open Fire's first
  text has a death or a lasting wound, so once the game ends it stands again at its own
  HP, keeps its levels and may gain one in the aftermath; the game's record keeps who
  fell. A table that wants losses for good dismisses the model (x), as the book allows
  any gang to shrink.
"""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.devils_bluff.commands import (
    ChangeAbility,
    ChangePerk,
    CloseAftermath,
    EndCampaign,
    GainLevel,
    KeepHired,
)
from gmscreen.games.devils_bluff.deck import ordinal
from gmscreen.games.devils_bluff.events import (
    AbilityChanged,
    AftermathClosed,
    CampaignEnded,
    HiredKept,
    LevelGained,
    PerkChanged,
)
from gmscreen.games.devils_bluff.gangs import (
    ABILITY_COMES,
    ABILITY_LEVEL,
    MAX_LEVELS,
    abilities,
    abilities_left,
    perks,
)
from gmscreen.games.devils_bluff.rules import (
    RULES,
    Refusal,
    model_of,
    refuse,
    verify_gang,
    why_not_between_games,
)
from gmscreen.games.devils_bluff.state import Aftermath, DevilsBluffState
from gmscreen.games.devils_bluff.turns import under_way, why_not_words
from gmscreen.journal.rules import RuleError


def why_not_after_game(state: DevilsBluffState, rule: str) -> Refusal:
    """Levels, a hired gun kept and the aftermath closed: only after a campaign game."""
    if state.aftermath is None:
        return RuleError(rule, "this comes after a campaign game, before the next begins")
    return None


def why_not_level(state: DevilsBluffState, fighter: str) -> Refusal:
    """Whether `fighter` may gain a level now (module lines 101, 120): after a campaign
    game, a permanent model, once a game, never beyond the fourth level."""
    refusal = why_not_after_game(state, "Experience")
    found = state.find(fighter)
    if refusal is not None or found is None:
        return refusal
    model = found[1]
    assert state.aftermath is not None
    if model.recruit.hired:
        return RuleError("Experience", f"{model.name} is hired for one game; only "
                         "permanent models gain experience", field="fighter")
    if model.name in state.aftermath.levelled:
        return RuleError("Experience", f"{model.name} has gained a level after this game",
                         field="fighter")
    if model.recruit.levels >= MAX_LEVELS:
        return RuleError("Experience", f"no model gains more than {MAX_LEVELS} levels",
                         field="fighter")
    return None


def why_not_keep(state: DevilsBluffState, fighter: str, instead: bool = False) -> Refusal:
    """Whether `fighter` may join its gang for good now (module line 101): after a
    campaign game, a hired gun, one a gang a game; `instead`, in place of the gun its gang
    kept already (a slip of the cursor put right: that one is a hired gun again and moves
    on with the others), unless that one has gained a level since, which goes first."""
    refusal = why_not_after_game(state, "Joining for good")
    found = state.find(fighter)
    if refusal is not None or found is None:
        return refusal
    gang, model = found
    assert state.aftermath is not None
    if not model.recruit.hired:
        return RuleError("Joining for good", f"{model.name} is already permanent",
                         field="fighter")
    after = state.aftermath
    if gang.player in after.kept:
        # the one kept named, and how a keep made by a slip of the cursor is put right: k
        # on the one meant keeps it instead (x dismissed the wrong one, who then left the
        # gang at once and was missing from the guns that moved on, to hire again)
        kept = after.kept_by(gang.player)
        if not kept:
            return RuleError("Joining for good", "one hired gunslinger a game joins for "
                             "good", field="fighter")
        if kept in after.levelled:
            return RuleError("Joining for good", f"{kept} has joined {gang.name} for good "
                             f"and gained a level since: one hired gunslinger a game (kept "
                             f"by mistake, an undo takes back the level, then Keep hired "
                             f"on {model.name} keeps it instead)", field="fighter")
        if not instead:
            return RuleError("Joining for good", f"{kept} has joined {gang.name} for good "
                             f"already: one hired gunslinger a game (kept by mistake, Keep "
                             f"hired on {model.name} keeps it instead)", field="fighter")
    return None


def _after(state: DevilsBluffState, rule: str) -> Aftermath:
    refuse(why_not_after_game(state, rule))
    assert state.aftermath is not None
    return state.aftermath


def abilities_open(state: DevilsBluffState, fighter: str) -> tuple[list[str], str]:
    """The abilities `fighter`'s next level may bring (module line 124; `gain_level` asks
    it too), and why there are none ("" when there are some): none before the third
    level, none for a model that has one, none when three of its gang have one, and never
    one another model of its gang holds."""
    found = state.find(fighter)
    if found is None:
        return [], ""
    gang, model = found
    recruit = model.recruit
    if recruit.ability:
        return [], f"{model.name} has {recruit.ability} already (one ability a model)"
    if recruit.levels + 1 < ABILITY_LEVEL:
        return [], (f"this is {model.name}'s {ordinal(recruit.levels + 1)} level, and "
                    f"{ABILITY_COMES}")
    return abilities_left(gang.roster)


@RULES.tells_session_begun
def session_begun(state: DevilsBluffState) -> str | None:
    """As a session begins with a campaign game's aftermath still open (the last session
    ended before it was closed), or a game carried into it half-played, what comes first,
    and where."""
    carried = under_way(state)
    if carried is not None:
        return f"Under way: {carried}; it goes on on the Conflict tab."
    after = state.aftermath
    if after is None:
        return None
    return (f"Game {after.game}'s aftermath comes first, on the Characters tab: the levels "
            "(Level up), a hired gun kept for good (Keep hired), then Close aftermath.")


@RULES.decides(GainLevel)
def gain_level(state: DevilsBluffState, command: GainLevel) -> list[object]:
    _after(state, "Experience")
    gang, fighter = model_of(state, command.fighter)
    recruit = fighter.recruit
    refuse(why_not_level(state, fighter.name))
    if not command.perk:
        raise RuleError("Perks", f"choose the perk {fighter.name}'s level brings",
                        field="perk")
    if command.perk not in perks():
        raise RuleError("Perks", f"no perk called {command.perk!r}", field="perk")
    if command.ability:
        if command.ability not in abilities():
            raise RuleError("Abilities", f"no ability called {command.ability!r}",
                            field="ability")
        _, why_none = abilities_open(state, fighter.name)
        if why_none:
            raise RuleError("Abilities", why_none, field="ability")
    levelled = replace(recruit, perks=(*recruit.perks, command.perk),
                       ability=command.ability or recruit.ability)
    verify_gang(tuple(levelled if r.name == recruit.name else r for r in gang.roster))
    return [LevelGained(gang.player, fighter.name, command.perk, command.ability)]


@RULES.decides(KeepHired)
def keep_hired(state: DevilsBluffState, command: KeepHired) -> list[object]:
    _after(state, "Joining for good")
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_keep(state, fighter.name, command.instead))
    after = _after(state, "Joining for good")
    return [HiredKept(gang.player, fighter.name, after.kept_by(gang.player))]


@RULES.decides(CloseAftermath)
def close_aftermath(state: DevilsBluffState, command: CloseAftermath) -> list[object]:
    after = _after(state, "Aftermath")
    kept = {gang.player: after.kept_by(gang.player) for gang in state.gangs}
    gone = tuple(f.name for g in state.gangs for f in g.fighters if f.recruit.hired)
    return [AftermathClosed(after.game, after.levelled, kept, gone)]


def why_not_end_campaign(state: DevilsBluffState) -> Refusal:
    """The players call a campaign's end between games (module line 11 gives no measure of
    "complete control of the town"): once a game has been played to its end, and its
    aftermath closed, whose levels and gun kept go on the record first."""
    refusal = why_not_between_games(state, "a campaign ends")
    if refusal is not None:
        return refusal
    if state.mode != "campaign":
        return RuleError("One-off", "a one-off ends with its game; only a campaign is "
                         "ended by the players")
    if not any(not record.abandoned for record in state.record):
        return RuleError("Campaign", "no game has been played to its end yet")
    if state.aftermath is not None:
        return RuleError("Aftermath", f"close game {state.aftermath.game}'s aftermath first"
                         ": its levels and the gun kept go on the record")
    return None


@RULES.decides(EndCampaign)
def end_campaign(state: DevilsBluffState, command: EndCampaign) -> list[object]:
    refuse(why_not_end_campaign(state))
    winner = command.winner.strip()
    if winner and state.gang(winner) is None:
        raise RuleError("Campaign", f"{winner} runs no gang: the town goes to "
                        f"{' or '.join(state.players)}, or to nobody", field="winner")
    refuse(why_not_words(command.note, "Campaign", "note", "the note"))
    return [CampaignEnded(winner, " ".join(command.note.split()))]


def why_not_change_perk(state: DevilsBluffState, fighter: str = "") -> Refusal:
    refusal = why_not_between_games(state, "a perk is changed")
    found = state.find(fighter)
    if refusal is None and found is not None and not found[1].recruit.perks:
        return RuleError("Perks", f"{found[1].name} has no perk to change", field="fighter")
    return refusal


@RULES.decides(ChangePerk)
def change_perk(state: DevilsBluffState, command: ChangePerk) -> list[object]:
    refuse(why_not_between_games(state, "a perk is changed"))
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_change_perk(state, fighter.name))
    recruit = fighter.recruit
    if command.was not in recruit.perks:
        raise RuleError("Perks", f"{fighter.name} holds {', '.join(recruit.perks)}, not "
                        f"{command.was or 'that perk'}", field="was")
    if command.perk not in perks():
        raise RuleError("Perks", f"no perk called {command.perk!r}", field="perk")
    if command.perk in recruit.perks:
        raise RuleError("Perks", f"{fighter.name} holds {command.perk} already; a perk is "
                        "taken once", field="perk")
    changed = replace(recruit, perks=tuple(command.perk if p == command.was else p
                                           for p in recruit.perks))
    verify_gang(tuple(changed if r.name == recruit.name else r for r in gang.roster))
    return [PerkChanged(gang.player, fighter.name, command.was, command.perk)]


def why_not_change_ability(state: DevilsBluffState, fighter: str = "") -> Refusal:
    """An ability changed, or chosen by a model past its third level that has none (module
    line 124): between games, within its gang's three and never one another holds."""
    refusal = why_not_between_games(state, "an ability is changed")
    found = state.find(fighter)
    if refusal is not None or found is None or found[1].recruit.ability:
        return refusal
    gang, model = found
    if model.recruit.levels < ABILITY_LEVEL:
        gained = model.recruit.levels
        return RuleError("Abilities", f"{model.name} has no ability and has gained {gained} "
                         f"level{'' if gained == 1 else 's'}: {ABILITY_COMES} level",
                         field="fighter")
    _, why_none = abilities_left(gang.roster)
    return RuleError("Abilities", why_none, field="fighter") if why_none else None


@RULES.decides(ChangeAbility)
def change_ability(state: DevilsBluffState, command: ChangeAbility) -> list[object]:
    refuse(why_not_between_games(state, "an ability is changed"))
    gang, fighter = model_of(state, command.fighter)
    refuse(why_not_change_ability(state, fighter.name))
    was = fighter.recruit.ability  # blank: chosen at last, past the third level
    if command.ability not in abilities():
        raise RuleError("Abilities", f"no ability called {command.ability!r}",
                        field="ability")
    if command.ability == was:
        raise RuleError("Abilities", f"{fighter.name} has {was} already: nothing to change",
                        field="ability")
    holder = next((f.name for f in gang.fighters if f.recruit.ability == command.ability),
                  "")
    if holder:
        raise RuleError("Abilities", f"{holder} of the gang has {command.ability}: no two "
                        "models of a gang take the same ability", field="ability")
    return [AbilityChanged(gang.player, fighter.name, was, command.ability)]
