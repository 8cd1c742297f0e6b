"""Spending the Luck just rolled on an effect: one form, opened from the Characters tab (`l`)
and from the tabs the rolls are made on (`L` on the Conflict and Fight tabs). Who may spend
it now is asked of the rules (`conflict_rules.luck_spenders`)."""

from __future__ import annotations

from gmscreen.games.fistful import conflict_rules
from gmscreen.games.fistful.commands import SpendLuck
from gmscreen.games.fistful.state import FistfulState
from gmscreen.ui import form
from gmscreen.ui.form import Form, ask
from gmscreen.ui.steps import StepPane


def spend_luck(pane: StepPane[FistfulState], first: str = "") -> None:
    """The form: who of those whose newest roll gave a Luck (`first` when among them), on
    what, or on a Stress (the optional rule)."""
    spenders = conflict_rules.luck_spenders(pane.state)
    start = first if first in spenders else (spenders[0] if spenders else "")
    ask(pane, Form("Spend the Luck just rolled", [
        form.choose("name", "Who", spenders, start),
        form.text("why", "On what", about="A Luck buys an effect as it is rolled (a second "
                  "hit, cover destroyed, an impression, more found out); banked, it floats "
                  "a die"),
        form.check("stress", "On a Stress", about="The optional rule: the Luck just rolled "
                   "takes a Stress off")]),
        lambda v: SpendLuck(v.text("name"), v.text("why"), v.flag("stress")))
