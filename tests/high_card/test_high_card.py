"""The sixth game, made only from the public kit: its rules, a form, a step refused with its
reason, and both views, the table's never showing a card face down."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.decider import NAME, Decider
from gmscreen.journal.events import Event
from gmscreen.journal.payload import Kinds
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.high_card import RULES, view
from tests.high_card.commands import Ante, Deal, Seat, Show
from tests.high_card.state import HighCardState
from tests.pilot import Notices, fill, refusal_shown, synchronous, to_tab, until

ROOT = Path(__file__).resolve().parents[2]


def new_table(folder: Path) -> Campaign[HighCardState]:
    store = JournalStore.create(folder / "high-card.toml", new_header("high-card", "Saloon", 3))
    return Campaign.load(RULES, store.load(), store)


def test_the_high_card_takes_the_pot_and_it_replays(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    table.execute(Seat("Ma", 10))
    table.execute(Ante("Zeke", 3))
    table.execute(Ante("Ma", 2))
    table.execute(Deal(tuple(parse_cards("Kh Ks"))))
    table.execute(Show())
    assert [(p.name, p.chips) for p in table.state.players] == [("Zeke", 7), ("Ma", 13)]
    assert table.state.winner == "Ma" and table.state.pot == 0
    assert table.describe(table.events[-1]) == "Ma shows the high card and takes 5."
    assert table.subjects(table.events[4]) == {"Zeke", "Ma"}
    again = Campaign.load(RULES, JournalStore.open(tmp_path / "high-card.toml",
                                                   writable=False).load(), None)
    assert again.state == table.state


@pytest.mark.parametrize(("command", "rule", "field"), [
    (Ante("Zeke", 11), "No credit", "chips"),
    (Ante("Nobody", 1), "Names", "name"),
    (Seat("Zeke", 5), "Names", "name"),
    (Show(), "Deal first", None),
    (Deal(()), "Ante first", None),
])
def test_a_command_against_the_rules_names_the_rule_and_changes_nothing(
        tmp_path: Path, command: object, rule: str, field: str | None) -> None:
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    before = (table.state, len(table.events))
    with pytest.raises(RuleError) as refused:
        table.execute(command)
    assert refused.value.rule == rule and refused.value.field == field
    assert (table.state, len(table.events)) == before


def test_the_tables_view_never_shows_a_card_face_down(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    for command in (Seat("Zeke", 10), Seat("Ma", 10), Ante("Zeke", 1), Ante("Ma", 1),
                    Deal(tuple(parse_cards("Qd 7c")))):
        table.execute(command)
    dealers = as_text(view.dealer_sections(table.state))
    players = as_text(view.table_sections(view.table_knows(table.state)))
    assert "Q♦" in dealers and "7♣" in dealers
    assert "Q♦" not in players and "7♣" not in players and "face down" in players
    table.execute(Show())
    assert "Q♦" in as_text(view.table_sections(view.table_knows(table.state)))


def test_a_damaged_payload_is_named_and_described_not_a_crash(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    damaged = replace(table.events[0], data={"name": "Zeke", "chips": "ten"})
    assert table.describe(damaged).startswith("(a damaged event: event 1 ")
    assert "chips should be a whole number" in table.describe(damaged)
    with pytest.raises(ValueError, match="chips"):
        RULES.evolve(RULES.initial_state(), damaged)


def test_the_view_imports_no_textual() -> None:
    script = ("import sys, tests.high_card.view, tests.high_card\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.stdout.strip() == "False", result.stderr


@synchronous
async def test_a_round_by_keys_with_a_form_refused_and_a_step_refused(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    app = GmScreenApp(table)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "s", name="Zeke", chips="0")
        refusal_shown(app, "Stake")
        await fill(pilot, chips="10")
        await until(pilot, lambda: len(table.state.players) == 1)
        await fill(pilot, "s", name="Ma", chips="10")
        await until(pilot, lambda: len(table.state.players) == 2)
        await to_tab(pilot, "Conflict")
        # a step that does not apply now says which rule, and changes nothing
        await pilot.press("w")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Deal first"
        assert len(table.events) == 2
        await fill(pilot, "a", name="Zeke", chips="2")
        assert not isinstance(app.screen, Form)  # Ma has still to ante
        await fill(pilot, "a", name="Ma", chips="2")
        # the last ante in, the Deal's form follows by itself
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text == "Deal")
        await fill(pilot, cards="2c")
        refusal_shown(app, "Cards")
        await fill(pilot, cards="2c As")
        await until(pilot, lambda: table.state.face_down)
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: table.state.winner == "Ma")


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_with_a_hand_under_way_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    table.start_session()
    table.execute(Ante("Zeke", 4))
    assert table.under_way == "a hand (Zeke anted, 4 in the pot)"
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        table.end_session()
    table.end_session(under_way=what)
    assert not table.in_session
    if what == "carry":
        assert table.state.pot == 4 and table.under_way is not None
        assert table.describe(table.events[-2]).startswith("Note: Carried into the next")
    else:
        assert table.state.pot == 0 and table.state.players[0].chips == 10
        assert table.under_way is None
    table.undo()
    assert table.in_session and table.state.pot == 4


NESTED = Kinds("nest.")


@dataclass(frozen=True)
class Hand:
    who: Annotated[str, NAME]
    cards: int


@NESTED.payload("dealt")
@dataclass(frozen=True)
class HandsDealt:
    hands: tuple[Hand, ...]
    dealer: Annotated[str, NAME] = "Dealer"


def test_names_are_found_in_nested_tables_and_stand_ins_are_not_names() -> None:
    rules: Decider[int] = Decider(game_id="nest", title="Nest", panes_module="nest.panes",
                                  kinds=NESTED, initial_state=int,
                                  not_names=frozenset({"Dealer"}))
    new = NESTED.new(HandsDealt((Hand("Zeke", 5), Hand("Ma", 5))))
    event = Event(1, datetime(2026, 11, 24, tzinfo=UTC), 1, new.kind, new.data, 1)
    assert rules.subjects(event) == {"Zeke", "Ma"}


def test_the_rules_see_what_a_step_leads_to_before_it_is_journaled() -> None:
    from tests.high_card.events import Anted, PlayerSeated

    state = RULES.after(RULES.initial_state(), [PlayerSeated("Zeke", 10), Anted("Zeke", 4)])
    assert state.pot == 4 and state.players[0].chips == 6


SHEETS = Kinds("sheets.")


@SHEETS.payload("kept")
@dataclass(frozen=True)
class SheetsKept:
    sheets: dict[Annotated[str, NAME], int]


def test_names_held_as_a_tables_keys_are_found() -> None:
    rules: Decider[int] = Decider(game_id="sheets", title="Sheets", panes_module="s.panes",
                                  kinds=SHEETS, initial_state=int)
    seen: list[int] = []

    @rules.evolves_with_event(SheetsKept)
    def kept(state: int, payload: SheetsKept, event: Event) -> int:
        seen.append(event.seq)
        return state + len(payload.sheets)

    new = SHEETS.new(SheetsKept({"Zeke": 1, "Ma": 2}))
    event = Event(7, datetime(2026, 11, 24, tzinfo=UTC), 1, new.kind, new.data, 7)
    assert rules.subjects(event) == {"Zeke", "Ma"}
    assert rules.evolve(0, event) == 2 and seen == [7]


@synchronous
async def test_the_step_that_always_follows_opens_once_saved_and_never_on_undo_or_redo(
        tmp_path: Path) -> None:
    """`ask(..., then=...)`: the Deal's form after the last ante, not after a refused or a
    cancelled one, nor when an undo and a redo bring the ante back."""
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    table.execute(Seat("Ma", 10))
    table.execute(Ante("Zeke", 2))
    app = GmScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "a", name="Ma", chips="11")  # refused: no credit
        refusal_shown(app, "No credit")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.pause()
        assert not isinstance(app.screen, Form) and len(table.events) == 3
        await fill(pilot, "a", name="Ma", chips="2")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text == "Deal")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "Ma" not in table.state.anted)
        await pilot.press("ctrl+y")
        await until(pilot, lambda: "Ma" in table.state.anted)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, Form)


@synchronous
async def test_a_session_opens_with_its_first_step_in_its_tab(tmp_path: Path) -> None:
    """f5 on the Characters tab, players seated: the Ante's form opens on the Conflict tab
    (the panes' `first_step_of_session`); escape leaves it to its key. With nobody seated
    nothing opens."""
    (tmp_path / "empty").mkdir()
    nobody = new_table(tmp_path / "empty")
    empty = GmScreenApp(nobody)
    async with empty.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await until(pilot, lambda: nobody.in_session)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(empty.screen, Form)
    table = new_table(tmp_path)
    table.execute(Seat("Zeke", 10))
    app = GmScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, Form)
                    and app.screen.title_text == "Ante")
        assert table.in_session
        await pilot.press("ctrl+s")
        await until(pilot, lambda: table.state.anted == ("Zeke",))
