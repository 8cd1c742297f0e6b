"""What round 10 left alone, and the shared kit's new pieces (round 11): each test asserts
the words a Dealer or the table reads where round 10 found them odd."""

from __future__ import annotations

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    DealerFolds,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import JACK, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table


def _seen(state: DustDevilsState) -> str:
    return " ".join(as_text(view.table_sections(view.table_knows(state))).split())


def _zeke_in_his_last_conflict() -> Table:
    """Zeke's Guts taken to 0 in a bar fight, then his last conflict, with Guts, dealt."""
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "hold on", ("Hand", "Eye")),),
                          stud=5))
    zeke = ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")
    dealer = ("2c", "5c", "8c", "Jc", "Kc")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke[:5]), ("Dealer", dealer))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    table.do(EndConflict())
    table.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "go down fighting",
                                                 ("Hand", "Guts")),), stud=3))
    table.do(Deal(((ZEKE.name, ("Ks", "Kd", "2h", "5c", "7d", "9s", "Jh")),
                   ("Dealer", ("2c", "4d", "6s")))))
    return table


def test_after_the_call_the_last_conflict_is_told_in_the_past() -> None:
    # line 319: the conflict using the attribute at 0 is the last; once called, "Zeke
    # enters at 0" read on under the outcome as if he were still to enter
    table = _zeke_in_his_last_conflict()
    before = f"{ZEKE.name} enters at 0: the last conflict on the Road to Hell."
    assert before in view.conflict_lines(table.state) and before in _seen(table.state)
    table.do(Call(((ZEKE.name, ("Ks", "Kd", "Jh", "9s", "7d")),
                   ("Dealer", ("2c", "4d", "6s")))))
    after = f"{ZEKE.name} entered at 0: this was the last conflict on the Road to Hell."
    dealer, seen = view.conflict_lines(table.state), _seen(table.state)
    assert after in dealer and after in seen
    assert "enters at 0" not in " ".join(dealer) and "enters at 0" not in seen


def test_a_title_ending_in_a_question_mark_reads_whole_in_the_log() -> None:
    # the log said "Conflict 1, Who swings on the gallows?: Zeke Munroe (...)", a "?:" read
    # as a slip, and "Who swings on the gallows? ends: ..." ran the title into its end
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(TOM))
    table.start_session()
    title = "Who swings on the gallows?"
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "cut the rope", ("Hand", "Eye")),
                                  Entrant(TOM.name, "hang him", ("Hand", "Eye")))))
    table.do(DealerFolds())
    told = [RULES.describe(e) for e in table.events if e.kind.startswith("dust_devils.")]
    opened = next(line for line in told if line.startswith("Conflict 1"))
    assert opened.startswith(f"Conflict 1, {title} — {ZEKE.name} (Hand + Eye")
    assert "?:" not in " ".join(told)
    assert f"The Dealer folds “{title}”" in told
    assert any(line.startswith(f"“{title}” ends: ") for line in told)
    # the recap's paragraph, headed by the title, still tells who entered
    event = next(e for e in table.events if e.kind == "dust_devils.conflict_opened")
    recap = view.table_tells(event, known=view.table_knows(table.state))
    assert recap is not None and recap.startswith(f"Conflict 1: {ZEKE.name} (Hand + Eye")
    # a title with no mark of its own keeps its colon
    table.do(OpenConflict("The jailbreak", (Entrant(ZEKE.name, "out", ("Hand", "Eye")),),
                          stud=5))
    assert RULES.describe(table.events[-1]).startswith(f"Conflict 2, The jailbreak: {ZEKE.name}")
