"""Helpers to play A Fistful of Sixes through its decider, without the journal or screen."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.commands import AddNpc, CreateCharacter, FormPosse
from gmscreen.games.fistful.events import KINDS
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.form import Form
from tests.pilot import form_up, until


async def wanted_clock_to_its_end(pilot: Any) -> Widget:
    """Show the Wanted Clock tab and scroll it to its end, as a Judge reading its foot; the
    scroll it shares with the Judge's own clock, given back."""
    from gmscreen.games.fistful.panes.wanted import WantedPane
    from tests.pilot import to_tab

    await to_tab(pilot, "Wanted Clock")
    pane = pilot.app.screen.query_one(WantedPane)
    scroll: Widget = next(a for a in pane.ancestors_with_self
                          if isinstance(a, Widget) and a.max_scroll_y > 0)
    scroll.scroll_end(animate=False)
    return scroll


async def sheet_of(pilot: Any, name: str, key: str = "down") -> None:
    """Move the Characters tab's highlight by `key` until the sheet beside it is `name`'s,
    reading the sheet once it has followed each move (a sheet read straight after the key
    was the one before, and the highlight went on past him)."""
    def sheet() -> str:
        return str(pilot.app.screen.query_one("#ff-sheet-text", Static).render())

    for _ in range(60):
        shown = sheet()
        if name in shown:
            return
        await pilot.press(key)
        await until(pilot, lambda: sheet() != shown)  # noqa: B023
    raise AssertionError(f"no sheet of {name} by {key}")


def preview(form: Form) -> str:
    """What the form shows under its fields now (the line that follows what is typed)."""
    return str(form.query_one("#form-preview", Static).render())


def apply(state: FistfulState, events: list[NewEvent], seq: int = 1) -> FistfulState:
    for offset, new in enumerate(events):
        event = Event(seq + offset, datetime(2026, 1, 1), 1, new.kind, new.data, seq)
        state = RULES.evolve(state, event)
    return state


def told(event: Event | NewEvent) -> Any:
    """The event's payload, read as the journal reads it (a field at its default is left
    out of the data)."""
    if isinstance(event, NewEvent):
        event = Event(1, datetime(2026, 1, 1), 1, event.kind, event.data, 1)
    return KINDS.read(event)


def refused(state: FistfulState, command: object, rule: str) -> RuleError:
    """The refusal of `command`, which must name `rule` and leave `state` as it was."""
    before = state
    with pytest.raises(RuleError) as error:
        RULES.decide(state, command)
    assert error.value.rule == rule, error.value
    assert state == before
    return error.value


def said(new: NewEvent) -> str:
    """The log's line for a new event."""
    return RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))


def run(state: FistfulState, *commands: Any) -> FistfulState:
    for command in commands:
        state = apply(state, RULES.decide(state, command))
    return state


def posse(clock: int = 3) -> FistfulState:
    """A posse of two at `clock` o'clock: Ann (Grit 17, Gumption 15, Grace 19, $90 purse)
    and Bo (Grit 20, Gumption 13, Grace 15), and an Ornery gunman, Jake."""
    return run(FistfulState(), FormPosse("The Test Gang", clock),
               CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3,) * clock),
               CreateCharacter("Bo", (6, 5, 2, 2, 3, 3), (1,) * clock),
               AddNpc("Jake", "Ornery", strong="gumption"))


def prepared_campaign(path: Path, *commands: Any) -> Campaign[FistfulState]:
    """A campaign prepared at home, saved at `path`: The Lone Star Boys at 2 o'clock with
    Sam Colter, then `commands` (more of the posse, the Judge's NPCs, a line-up), each a
    step of its journal. The caller closes it."""
    JournalStore.create(path, new_header("fistful", "prep", 1)).close()
    campaign = open_campaign(path, rules_for, cache=False)
    campaign.execute(FormPosse("The Lone Star Boys", 2))
    campaign.execute(CreateCharacter("Sam Colter", (4, 4, 3, 3, 5, 5), (3, 3)))
    for command in commands:
        campaign.execute(command)
    return campaign


def sheet(state: FistfulState, name: str, **changes: Any) -> FistfulState:
    """The state with `name`'s sheet changed directly (to set up a test)."""
    found = state.character(name)
    assert found is not None
    return state.with_character(replace(found, **changes))


def every_kind() -> list[NewEvent]:
    """One event of every kind the game writes, each decided by the rules in a short
    session of the test posse (Ann, Bo and Jake)."""
    from gmscreen.games.fistful import commands as c
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.state import Settings

    made: list[NewEvent] = []

    def step(state: FistfulState, *commands: Any) -> FistfulState:
        for command in commands:
            events = RULES.decide(state, command)
            made.extend(events)
            state = apply(state, events, seq=len(made))
        return state

    revolver = Item("Revolver", 1, quickdraw=True)
    state = step(FistfulState(), c.FormPosse("The Test Gang", 3),
                 c.CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3, 3, 3)),
                 c.CreateCharacter("Bo", (6, 5, 2, 2, 3, 3), (1, 1, 1)),
                 c.AddNpc("Jake", "Ornery", strong="gumption", side="the gang"),
                 c.ChooseOptionalRules(Settings(glory=True, scene_stakes=True)),
                 c.EditSheet("Ann", "Gambler", "", "Dodge", "", (revolver,)),
                 c.SetSceneDie(None))
    state = sheet(state, "Bo", stress=1, luck=1, dollars=50)
    state = step(state, c.RollTest("Bo", "grit", 14, 3, (1, 2, 3)), c.DoubleDown((4,)),
                 c.OpposedTest(c.Side("Ann", "gumption", 3, (5, 4, 3)),
                               c.Side("Jake", "grace", 2, (4, 5)), "revolver", "Nearby"),
                 c.Duel("Bo", "HHT", "Ann", "TT"), c.LoseWealth("Ann", "Bo", "faro"),
                 c.RollTest("Bo", "grit", 8, 2, (5, 5)),  # doubles: a Luck to spend
                 c.SpendLuck("Bo", "a second shot"))
    state = replace(state, misfortune=1)
    state = step(state, c.SpendMisfortune("the gun jams", on="Bo"),
                 c.CreateCharacter("Cy", (2, 2, 2, 2, 2, 2), (1, 1, 1)),
                 c.TakeHarm("Cy", 30, "shot"), c.RollOutOfAction("Cy", 1),
                 c.Revive("Cy", 3), c.TakeHarm("Cy", 30), c.Lost("Cy", "left"),
                 c.HandOver("Cy", "Bo", 10),
                 c.Rest("Bo", (1, 2)), c.Crime(3, "the bank"), c.DoTime("Bo", 1),
                 c.CunningDeal(1, "a deal"), c.RollWantedChart((1, 2)))
    state = step(state, c.BringInChartResult(state.chart_rolls[-1][0]),
                 c.ChangeGlory(2, "the papers"), c.ShareTake("Bo", 30))
    state = apply(state, RULES.session_ending(state), seq=len(made) + 1)
    made.extend(RULES.session_ending(sheet(state, "Bo", take=30)))
    state = sheet(state, "Bo", xp=1, stress=1)
    state = step(state, c.Carouse("Bo", 1, 1, (2, 3), 6, coin="H"),
                 c.Advance("Bo", "grace", (6,)),
                 c.Buy("Bo", Item("Lantern", 8), "Common", (4,)),
                 c.Sell("Bo", "Lantern", "Common", (4,)), c.RollReaction((4, 4)),
                 c.AddNpc("Kid", "Poor", side="the gang"),
                 c.CheckMorale("Kid", (6, 6, 5, 4), coin="T"),
                 c.QuickDraw("Ann", "Revolver", (3, 4)), c.CheckAmmunition("Ann", 2),
                 c.JoinFight("Ann", "Nearby"), c.JoinFight("Kid", "Faraway"),
                 c.FlipInitiative("H"), c.MoveInFight("Ann", "Close"), c.EndTurn("Ann"),
                 c.LeaveFight("Kid"), c.EndFight(),
                 # a fight lined up ahead, behind the screen, then brought in together
                 c.LineUp("Jake", "Faraway", never_runs=True), c.BringInLineUp(),
                 c.LeaveFight("Jake"))
    state = sheet(state, "Bo", dollars=100, debt=5, start_purse=0)
    state = step(state, c.PayBounty("Bo"), c.PayDebt("Bo", 2, "to the barkeep"))
    state = sheet(state, "Bo", stress=1, equipment=(Item("Tincture", 2),))
    step(state, c.EaseStress("Bo", "Tincture", 1, used_up=True),
         c.PutRight("Bo", "the tincture was not used up", stress=1),
         # the Judge's change of plans: an NPC prepared, tweaked, renamed, dropped
         c.AddNpc("Spare", "Common"),
         c.EditSheet("Spare", "", "", "", "", (), attributes=(18, 15, 15),
                     new_name="Spare Hand"),
         c.DropNpc("Spare Hand"))
    return made


def hidden_facts(state: FistfulState) -> list[str]:
    """What the Judge keeps from the table, as the Judge's own views write it: the word for
    the Judge's Misfortune, each NPC's rank, side and notes, each Wanted Chart entry rolled."""
    facts = ["Misfortune"]
    for npc in state.npcs:
        facts.extend(f for f in (npc.rank, npc.side, npc.notes) if f)
    facts.extend(entry for _, _, entry in state.chart_rolls if entry)
    return facts


def npc_numbers(state: FistfulState) -> dict[str, set[str]]:
    """Each NPC's numbers, as its sheet's cells write them."""
    return {n.name: {str(n.grit), str(n.gumption), str(n.grace), f"{n.guts}/{n.guts_max}"}
            for n in state.npcs}


def assert_the_table_sees_nothing_hidden(state: FistfulState) -> None:
    """The players' screen (the table's sections of `state`) shows no hidden fact, and no
    table row naming an NPC holds one of its numbers."""
    import re

    from gmscreen.games.fistful import view
    from gmscreen.journal.sections import Grid, as_text

    shown = view.table_sections(view.table_knows(state))
    text = as_text(shown)
    for fact in hidden_facts(state):
        assert not re.search(rf"\b{re.escape(fact)}\b", text), (fact, text)
    numbers = npc_numbers(state)
    for section in shown:
        if isinstance(section, Grid):
            for row in section.rows:
                for name in set(row) & set(numbers):
                    assert not set(row) & numbers[name], (name, row)


def book_keys(binding_id: str) -> str:
    """The book key of a step of the four tabs by its id ("fistful.revive" -> "v"), as a tab
    gives its words with no key of the Judge's own set (`view.KeyOf`)."""
    from textual.binding import Binding

    from gmscreen.games.fistful.panes import CharactersPane, ConflictPane, FightPane, WantedPane
    return next((binding.key for pane in (CharactersPane, WantedPane, ConflictPane, FightPane)
                 for binding in pane.BINDINGS
                 if isinstance(binding, Binding) and binding.id == binding_id), "")


async def asked(pilot: Any, words: str) -> Form:
    """The form whose title says `words`, once it is up. A test's next question (a floating
    die's chooser, a blast's) is asked after a refresh, and the form just sent may still be
    up a moment: a loaded machine shows either late, so a test waits for the one it means
    (round 35) rather than take whatever form is up after a pause."""
    await until(pilot, lambda: isinstance(pilot.app.screen, Form)
                and words in pilot.app.screen.title_text)
    return await form_up(pilot)  # and its fields in, the keyboard on one
