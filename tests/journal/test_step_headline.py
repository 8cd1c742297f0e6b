"""A long step is named by the event that says what it did, not by its first few events.

A night resolved in Dust is some sixty events (the steps of the night, the deaths, a message
to each player) closed by "Night 3 is resolved": the notice after it, the notice of its undo
and the log's "Undid: ..." line name the night first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.decider import Decider
from gmscreen.journal.payload import Kinds
from gmscreen.journal.store import JournalStore, new_header

KINDS = Kinds("night")


@KINDS.payload("whispered")
@dataclass(frozen=True)
class Whispered:
    player: str


@KINDS.payload("died")
@dataclass(frozen=True)
class Died:
    player: str


@KINDS.payload("resolved")
@dataclass(frozen=True)
class Resolved:
    night: int


@dataclass(frozen=True)
class Resolve:
    night: int
    dead: str


@dataclass(frozen=True)
class Whisper:
    pass


@dataclass(frozen=True)
class NightState:
    nights: int = 0


RULES: Decider[NightState] = Decider(game_id="night", title="Night", panes_module="x.panes",
                                     kinds=KINDS, initial_state=NightState)


@RULES.decides(Resolve)
def resolve(state: NightState, command: Resolve) -> list[object]:
    return [*whisper(state, Whisper()), Died(command.dead), Resolved(command.night)]


@RULES.decides(Whisper)
def whisper(state: NightState, command: Whisper) -> list[object]:
    return [Whispered(name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]


@RULES.evolves(Resolved)
def resolved(state: NightState, event: Resolved) -> NightState:
    return NightState(state.nights + 1)


RULES.tells(Whispered)(lambda event: f"{event.player} is told what the night brought")
RULES.tells(Died, heads_step=True)(lambda event: f"{event.player} dies")
RULES.tells(Resolved, heads_step=True)(lambda event: f"Night {event.night} is resolved")


def new_campaign(path: Path) -> Campaign[NightState]:
    store = JournalStore.create(path, new_header("night", "Nights", 7))
    return Campaign.load(RULES, store.load(), store)


def test_a_step_is_named_by_its_headlines_first(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "n.toml")
    events = campaign.execute(Resolve(3, "Bo"))
    assert len(events) == 7
    assert campaign.describe_some(events) == (
        "Bo dies. Night 3 is resolved. Ann is told what the night brought. (and 4 more)")


def test_undoing_it_names_the_night_in_the_notice_and_the_log(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "n.toml")
    campaign.execute(Resolve(1, "Ann"))
    campaign.execute(Resolve(2, "Cy"))
    undone = campaign.undo()
    assert campaign.state == NightState(1)
    assert campaign.describe_some(undone).startswith("Cy dies. Night 2 is resolved.")
    assert campaign.describe(campaign.events[-1]) == "Undid: Cy dies. Night 2 is resolved."
    campaign.redo()
    assert campaign.describe(campaign.events[-1]) == "Redid: Cy dies. Night 2 is resolved."


def test_an_undo_of_several_steps_names_each_by_its_headline(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "n.toml")
    campaign.execute(Resolve(1, "Ann"))
    campaign.execute(Resolve(2, "Cy"))
    campaign.undo(2)
    assert campaign.describe(campaign.events[-1]) == (
        "Undid: Cy dies. Night 2 is resolved. Ann dies. (and 1 more)")


def test_a_step_without_a_headline_is_named_in_order(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "n.toml")
    events = campaign.execute(Whisper())
    assert campaign.describe_some(events) == (
        "Ann is told what the night brought. Bo is told what the night brought. "
        "Cy is told what the night brought. (and 2 more)")
    campaign.undo()
    assert campaign.describe(campaign.events[-1]) == "Undid: Ann is told what the night brought."
