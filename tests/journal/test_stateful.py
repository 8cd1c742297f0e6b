"""A property test of the whole journal: random commands, undos, redos, notes and sessions.

After every step: the file on disk replays to the live state; undo then redo (tried on a
copy) gives the state before; and the live state is the naive reference fold of the
effective events (tests/journal/support.py), which shares no code with the journal's own.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from gmscreen.core.text import controls_in
from gmscreen.journal import campaign as campaign_module
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import REDO, UNDO
from gmscreen.journal.rules import RuleError
from tests.journal.support import live_table, new_campaign, reference_table, reopen
from tests.tally import Add, Roll

NAMES = st.sampled_from(["Zeke", "Ann", "[b]Doc[/b]"])


class JournalMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="gmscreen-stateful-"))
        self.path = self.folder / "t.toml"
        # small snapshot spacing, so that undo rebuilds from snapshots often
        self.snapshot_every = campaign_module.SNAPSHOT_EVERY
        campaign_module.SNAPSHOT_EVERY = 3
        # what is checked here is what is written, not that it reaches the disk
        self.fsync = os.fsync
        os.fsync = lambda fd: None
        self.campaign: Campaign[Any] = new_campaign(self.path)

    def teardown(self) -> None:
        self.campaign.close()
        campaign_module.SNAPSHOT_EVERY = self.snapshot_every
        os.fsync = self.fsync
        shutil.rmtree(self.folder)

    def refused(self, action: Any, rule_name: str) -> None:
        """`action` must be refused under `rule_name`, and change nothing."""
        size, events = self.path.stat().st_size, len(self.campaign.events)
        try:
            action()
        except RuleError as error:
            assert error.rule == rule_name, error
        else:
            raise AssertionError(f"expected a refusal by {rule_name}")
        assert self.path.stat().st_size == size and len(self.campaign.events) == events

    @rule(name=NAMES, amount=st.integers(-6, 9))
    def add(self, name: str, amount: int) -> None:
        if self.campaign.state.tallies.get(name, 0) + amount < 0:
            self.refused(lambda: self.campaign.execute(Add(name, amount)), "No debt")
        else:
            self.campaign.execute(Add(name, amount))

    @rule(name=NAMES, faces=st.lists(st.integers(1, 6), min_size=1, max_size=4))
    def roll(self, name: str, faces: list[int]) -> None:
        saved = self.campaign.execute(Roll(name, tuple(faces)))
        assert [e.kind for e in saved] == ["tally.rolled", "tally.added"]
        assert saved[1].step == saved[0].seq

    @rule(text=st.text(max_size=20), about=st.lists(NAMES, max_size=2))
    def note(self, text: str, about: list[str]) -> None:
        if controls_in(text.strip(), lines=True) or any(controls_in(n) for n in about):
            self.refused(lambda: self.campaign.note(text, about), "Note")
        elif text.strip():
            saved = self.campaign.note(text, about)
            assert saved[0].data == {"text": text.strip(), "about": about}
        else:
            self.refused(lambda: self.campaign.note(text), "Note")

    @rule(count=st.integers(1, 3))
    def undo(self, count: int) -> None:
        if not self.campaign.can_undo:
            self.refused(self.campaign.undo, "Undo")
            return
        expected = self.campaign.history.undo_candidates(count)
        taken = self.campaign.undo(count)
        assert sorted({e.step for e in taken}) == sorted(expected)

    @rule()
    def redo(self) -> None:
        if self.campaign.can_redo:
            self.campaign.redo()
        else:
            self.refused(self.campaign.redo, "Redo")

    @rule(pick=st.integers(0, 80))
    def undo_to(self, pick: int) -> None:
        events = self.campaign.events
        valid = (1 <= pick <= len(events) and events[pick - 1].kind not in (UNDO, REDO)
                 and not self.campaign.is_undone(events[pick - 1])
                 and bool(self.campaign.history.steps_back_to(pick)))
        if not valid:
            self.refused(lambda: self.campaign.undo_to(pick), "Undo")
            return
        preview = self.campaign.preview_undo_to(pick)
        self.campaign.undo_to(pick)
        assert self.campaign.state == preview
        newest = max(e.seq for e in self.campaign.events
                     if e.kind not in (UNDO, REDO) and not self.campaign.is_undone(e))
        assert self.campaign.events[newest - 1].step == events[pick - 1].step

    @rule()
    def session(self) -> None:
        if self.campaign.in_session:
            number = self.campaign.session
            self.campaign.end_session()
            assert not self.campaign.in_session and self.campaign.session == number
        else:
            number = self.campaign.session
            self.campaign.start_session()
            assert self.campaign.in_session and self.campaign.session == number + 1

    @rule()
    def reopen(self) -> None:
        self.campaign.close()
        self.campaign = reopen(self.path)
        assert not self.campaign.read_only and self.campaign.torn is None

    @rule(cut=st.binary(max_size=40).map(lambda tail: b"[[event]]\nseq = 1" + tail))
    def crash_mid_append(self, cut: bytes) -> None:
        """A writer died mid-append: its partial block is set aside on the next open."""
        events = list(self.campaign.events)
        self.campaign.close()
        with open(self.path, "ab") as out:
            out.write(cut)
        self.campaign = reopen(self.path)
        assert self.campaign.events == events
        assert self.campaign.torn is not None and self.campaign.torn.set_aside is not None
        assert self.campaign.torn.set_aside.read_bytes() == cut
        self.campaign.torn.set_aside.unlink()

    @invariant()
    def the_file_replays_to_the_live_state(self) -> None:
        on_disk = reopen(self.path, writable=False)
        assert on_disk.events == self.campaign.events
        assert live_table(on_disk) == live_table(self.campaign)

    @invariant()
    def the_state_is_the_reference_fold(self) -> None:
        assert live_table(self.campaign) == reference_table(self.campaign.events)
        assert self.campaign.can_undo == bool(
            [e for e in self.campaign.events
             if e.kind not in (UNDO, REDO) and not self.campaign.is_undone(e)])

    @invariant()
    def undo_then_redo_gives_the_state_before(self) -> None:
        if not self.campaign.can_undo:
            return
        scratch = self.folder / "scratch.toml"
        scratch.unlink(missing_ok=True)
        shutil.copyfile(self.path, scratch)
        copy = reopen(scratch)
        try:
            before = live_table(copy)
            copy.undo()
            assert live_table(copy) == reference_table(copy.events)
            copy.redo()
            assert live_table(copy) == before
        finally:
            copy.close()


JournalMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_journal_keeps_its_promises = JournalMachine.TestCase
