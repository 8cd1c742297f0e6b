"""Round 31: an evening played from a new campaign with rounds 29 and 30 in play (the
preparation at home, the table, between sessions), and what it found."""

from __future__ import annotations

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.events import KINDS, NpcRenamed, SheetChanged
from gmscreen.games.fistful.state import FistfulState
from tests.fistful.game import posse, run, said

RENAMED, CHANGED = KINDS.kind_of_class(NpcRenamed), KINDS.kind_of_class(SheetChanged)


def _as_the_form_sends(state: FistfulState, name: str, **changed: object) -> c.EditSheet:
    """The `e` form's command: every field as the sheet holds it, but those changed."""
    who = state.character(name)
    assert who is not None
    return c.EditSheet(**{
        "name": name, "background": who.background, "gender": who.gender,
        "hometown": who.hometown, "notes": who.notes, "equipment": who.equipment,
        "side": who.side, "natural": who.natural or None,
        "attributes": (who.grit, who.gumption, who.grace), **changed})  # type: ignore[arg-type]


def test_a_rename_alone_is_told_as_the_rename_not_as_a_sheet_changed_besides() -> None:
    # found at home: `e` on Curly Bill, only his name typed anew; the Judge's log and recap
    # read "Curly Bill's sheet is changed." then "NPC Curly Bill goes by ..."
    state = run(posse(), c.EditSheet("Jake", "", "", "", "rides a grey", (),
                                     side="the gang"))
    events = RULES.decide(state, _as_the_form_sends(state, "Jake", new_name="Snake Jake"))
    assert [ev.kind for ev in events] == [RENAMED]
    assert said(events[0]) == "NPC Jake goes by Snake Jake from now on"
    renamed = run(state, _as_the_form_sends(state, "Jake", new_name="Snake Jake"))
    jake = renamed.character("Snake Jake")
    assert jake is not None and jake.side == "the gang" and jake.notes == "rides a grey"
    # a rename with a change besides keeps both, the change first
    events = RULES.decide(state, _as_the_form_sends(state, "Jake", new_name="Snake Jake",
                                                    notes="rides a black"))
    assert [ev.kind for ev in events] == [CHANGED, RENAMED]
    # an edit with no rename is as before (the sheet changed, even to what it was)
    events = RULES.decide(state, _as_the_form_sends(state, "Jake"))
    assert [ev.kind for ev in events] == [CHANGED]


def test_an_npc_lined_up_ahead_says_so_on_his_sheet_till_the_fight_brings_him_in() -> None:
    # found at home: Black Bart lined up at Nearby, never runs; his sheet (the Characters
    # tab, the Judge's replay) said nothing of it till the line-up was brought in
    state = run(posse(), c.AddNpc("Black Bart", "Infamous", strong="grit", second="gumption",
                                  side="Bart's gang"),
                c.LineUp("Black Bart", "Nearby", never_runs=True), c.LineUp("Jake", "Faraway"))
    bart, jake = state.character("Black Bart"), state.character("Jake")
    assert bart is not None and jake is not None
    lined = "Lined up for the next fight at Nearby, never runs (unseen by the table)"
    assert lined in view.sheet_lines(bart, lineup=state.lineup)
    assert "Lined up for the next fight at Faraway (unseen by the table)" in view.sheet_lines(
        jake, lineup=state.lineup)
    judges = "\n".join(str(section) for section in view.dealer_sections(state))
    assert lined in judges
    # nothing of it on the table's side
    assert "Lined up" not in str(view.table_knows(state))
    # brought in: the line-up is spent, and he never runs as his sheet said
    state = run(state, c.JoinFight("Ann", "Nearby"), c.BringInLineUp())
    bart = state.character("Black Bart")
    assert bart is not None
    lines = view.sheet_lines(bart, lineup=state.lineup)
    assert not any(line.startswith("Lined up") for line in lines)
    assert "Never runs: stays in the fight when his side breaks" in lines


def test_the_judges_log_names_the_outlook_he_set_ahead() -> None:
    # found reading the log of an evening prepared at home: "Slim Tucker's sheet is
    # changed", with nothing of the outlook set (7, Suspicious)
    state = posse()
    events = RULES.decide(state, c.EditSheet("Jake", "", "", "", "", (), outlook=7))
    assert said(events[0]) == "Jake's sheet is changed: outlook set ahead, Suspicious"
    state = run(state, c.EditSheet("Jake", "", "", "", "", (), outlook=7))
    events = RULES.decide(state, c.EditSheet("Jake", "", "", "", "", (), outlook=0))
    assert said(events[0]) == "Jake's sheet is changed: the outlook set ahead taken away"
    # scores and an outlook in one step: both, the scores first; words alone: as before
    events = RULES.decide(state, c.EditSheet("Jake", "", "", "", "", (), outlook=3,
                                             attributes=(18, 20, 17)))
    assert said(events[0]) == ("Jake's sheet is changed: Grit 18, Gumption 20, Grace 17, "
                               "Guts 9; outlook set ahead, Helpful")
    events = RULES.decide(state, c.EditSheet("Jake", "", "", "", "rides a grey", ()))
    assert said(events[0]) == "Jake's sheet is changed"
