"""Round 29: what the Judge prepares before the table sits down (book lines 255-265), and
his change of plans: NPCs made ahead stay off the players' side till play brings them in;
an NPC's scores tweaked, renamed or dropped, each behind the screen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.events import KINDS, NpcDropped, NpcRenamed
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import Event
from gmscreen.journal.recap import build, sessions_of
from gmscreen.journal.sections import as_text
from tests.fistful.game import posse, prepared_campaign, refused, run, said

#: what the Judge makes at home, one NPC of each rank, a creature and a side
PREPARED = (
    c.AddNpc("Black Bart", "Infamous", strong="gumption", second="grit", side="Bart's gang",
             equipment=(Item("Revolver", 1, quickdraw=True),),
             notes="framed the posse for the stage"),
    c.AddNpc("Curly Bill", "Ornery", side="Bart's gang"),
    c.AddNpc("Slim Tucker", "Poor", strong="grace", side="Bart's gang"),
    c.AddNpc("Doc Wells", "Common", strong="gumption", attributes=(22, 18, 14)),
    c.AddNpc("Cougar", "Creature", attributes=(16, 8, 23), natural="claws +1"),
)
NAMES = ("Black Bart", "Curly Bill", "Slim Tucker", "Doc Wells", "Cougar", "Bart's gang",
         "framed", "Infamous", "Ornery", "Poor", "Creature")


@pytest.fixture
def prepared(tmp_path: Path) -> Iterator[Campaign[FistfulState]]:
    campaign = prepared_campaign(
        tmp_path / "prep.toml", c.CreateCharacter("Nell Briggs", (6, 5, 2, 2, 3, 3), (1, 1)),
        *PREPARED)
    yield campaign
    campaign.close()


def table_reads(campaign: Campaign[FistfulState]) -> str:
    """The players' screen and the table's recap of every session so far in every format,
    as one text."""
    known = view.table_knows(campaign.state)
    told = [as_text(view.table_sections(known))]
    for session in sessions_of(campaign):
        document = build(campaign, session, view)
        told.extend(render(document, form) for form in ("txt", "md", "bbcode", "html"))
    return "\n".join(told)


def shown(text: str, names: tuple[str, ...]) -> list[str]:
    return [name for name in names if name.casefold() in text.casefold()]


def test_npcs_prepared_ahead_stay_off_the_players_side_till_the_fight_brings_them_in(
        prepared: Campaign[FistfulState]) -> None:
    assert shown(table_reads(prepared), NAMES) == []
    prepared.start_session()
    prepared.execute(c.RollReaction((5, 4), modifier=-1, name="Doc Wells"))
    prepared.execute(c.AddNpc("Pinkerton Voss", "Infamous", strong="grace", second="grit"))
    prepared.execute(c.JoinFight("Sam Colter", "Nearby", ("Nell Briggs",)))
    assert shown(table_reads(prepared), (*NAMES, "Pinkerton Voss")) == []
    prepared.execute(c.JoinFight("Black Bart", "Nearby", ("Curly Bill",)))
    # brought in: their names and side, none of their numbers, rank or notes
    assert shown(table_reads(prepared), NAMES) == ["Black Bart", "Curly Bill"]
    prepared.undo()
    assert shown(table_reads(prepared), NAMES) == []
    prepared.redo()
    prepared.execute(c.LeaveFight("Black Bart"))
    prepared.execute(c.EndFight())
    prepared.end_session()
    # the ones never brought in stay hidden in every session's recap, the prep's too
    assert shown(table_reads(prepared), (*NAMES[2:], "Pinkerton Voss")) == []


def test_the_judge_tweaks_an_npcs_scores_past_the_rank_and_the_guts_follow() -> None:
    state = posse()  # Jake, Ornery: Grit 17, Gumption 20, Grace 17, 9 Guts
    state = run(state, c.EditSheet("Jake", "", "", "", "", (), attributes=(22, 20, 15)))
    jake = state.character("Jake")
    assert jake is not None
    assert (jake.grit, jake.gumption, jake.grace, jake.guts, jake.guts_max) == (
        22, 20, 15, 11, 11)
    # hurt, he keeps the Guts he has, never above his new most
    state = run(state, c.TakeHarm("Jake", 4))
    state = run(state, c.EditSheet("Jake", "", "", "", "", (), attributes=(12, 20, 15)))
    jake = state.character("Jake")
    assert jake is not None and (jake.guts, jake.guts_max) == (6, 6)
    refused(state, c.EditSheet("Jake", "", "", "", "", (), attributes=(23, 20, 15)),
            "NPC rank")
    refused(state, c.EditSheet("Ann", "", "", "", "", (), attributes=(20, 20, 20)),
            "Advancement")
    # the posse's own scores given back as they are is no change (the edit form's field)
    ann = state.character("Ann")
    assert ann is not None
    run(state, c.EditSheet("Ann", "", "", "", "", (), attributes=(
        ann.grit, ann.gumption, ann.grace)))


def test_an_npc_renamed_keeps_his_sheet_and_the_table_hears_nothing() -> None:
    state = run(posse(), c.EditSheet("Jake", "", "", "", "", (), side="the gang"))
    events = RULES.decide(state, c.EditSheet("Jake", "", "", "", "", (),
                                             new_name="Rattlesnake Jake"))
    assert said(events[-1]) == "NPC Jake goes by Rattlesnake Jake from now on"
    state = run(state, c.EditSheet("Jake", "", "", "", "", (), new_name="Rattlesnake Jake"))
    assert state.character("Jake") is None
    renamed = state.character("Rattlesnake Jake")
    assert renamed is not None and renamed.side == "the gang" and renamed.rank == "Ornery"
    assert view.table_tells(_event(NpcRenamed("Jake", "Rattlesnake Jake"))) is None
    refused(state, c.EditSheet("Rattlesnake Jake", "", "", "", "", (), new_name="Bo"),
            "Characters")
    refused(state, c.EditSheet("Ann", "", "", "", "", (), new_name="Annie"), "Characters")
    # an 8 on guard waits on him under his new name
    guarded = run(posse(), c.RollReaction((4, 4), name="Jake"),
                  c.EditSheet("Jake", "", "", "", "", (), new_name="Jack"))
    assert guarded.guarded is not None and guarded.guarded[3] == "Jack"
    fighting = run(state, c.JoinFight("Rattlesnake Jake", "Nearby"))
    refused(fighting, c.EditSheet("Rattlesnake Jake", "", "", "", "", (), new_name="Jack"),
            "Characters")


def test_an_npc_dropped_is_gone_from_the_sheets_and_from_his_sides_morale() -> None:
    state = run(posse(), c.EditSheet("Jake", "", "", "", "", (), side="the gang"),
                c.AddNpc("Big Sam", "Infamous", strong="grit", second="gumption",
                         side="the gang"))
    jake = state.character("Jake")
    assert jake is not None
    leader = state.morale_leader(jake)
    assert leader is not None and leader.name == "Big Sam"
    events = RULES.decide(state, c.DropNpc("Big Sam"))
    assert said(events[0]) == "Infamous NPC Big Sam dropped from the Judge's sheets"
    state = run(state, c.DropNpc("Big Sam"))
    assert state.character("Big Sam") is None
    leader = state.morale_leader(jake)
    assert leader is not None and leader.name == "Jake"
    assert view.table_tells(_event(NpcDropped("Big Sam", "Infamous"))) is None
    # the name is free for another, made on the fly
    run(state, c.AddNpc("Big Sam", "Poor"))
    refused(state, c.DropNpc("Ann"), "Characters")
    refused(run(state, c.JoinFight("Jake", "Nearby")), c.DropNpc("Jake"), "Characters")


def test_a_dropped_npc_never_reaches_the_table_and_undo_brings_him_back(
        prepared: Campaign[FistfulState]) -> None:
    prepared.execute(c.DropNpc("Cougar"))
    prepared.start_session()
    prepared.execute(c.EditSheet("Curly Bill", "", "", "", "", (), attributes=(21, 17, 17),
                                 new_name="Curly Bill Brocius"))
    prepared.end_session()
    assert shown(table_reads(prepared), (*NAMES, "Brocius")) == []
    assert prepared.state.character("Cougar") is None
    # the Judge's copy tells the tweak as the same NPC's, under the name he had
    judges = render(build(prepared, 1, view, dealer=True), "txt")
    assert ("Curly Bill (now Curly Bill Brocius): Guts 10 to 11, most Guts 10 to 11, "
            "Grit 20 to 21") in judges
    assert ("Curly Bill's sheet is changed: Grit 21, Gumption 17, Grace 17, Guts 11. NPC "
            "Curly Bill goes by Curly Bill Brocius from now on") in judges
    # replayed from the file, the same
    assert prepared.path is not None
    again = open_campaign(prepared.path, rules_for, writable=False, cache=False)
    try:
        assert again.state == prepared.state
    finally:
        again.close()


def _event(payload: object) -> Event:
    new = KINDS.new(payload)
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


def test_the_judge_sets_an_npcs_outlook_ahead_and_a_reaction_roll_replaces_it() -> None:
    """Line 265: the reaction table is for an NPC with no outlook decided; one decided ahead
    is kept on the Judge's sheet as the table's entry, set by him, never the table's."""
    state = run(posse(), c.EditSheet("Jake", "", "", "", "", (), outlook=7))
    jake = state.character("Jake")
    assert jake is not None and (jake.outlook, jake.outlook_set) == (7, True)
    assert ("Outlook: set by the Judge, Suspicious: backs off somewhere safer and watches."
            in view.sheet_lines(jake))
    assert "Suspicious" not in as_text(view.table_sections(view.table_knows(state)))
    # an edit that keeps it (None, the form's "as it is") changes nothing
    assert run(state, c.EditSheet("Jake", "", "", "", "", ())).character("Jake") == jake
    # a roll made after all is the outlook now, as rolled
    rolled = run(state, c.RollReaction((2, 1), name="Jake")).character("Jake")
    assert rolled is not None and (rolled.outlook, rolled.outlook_set) == (3, False)
    assert "Outlook: reaction 3, Helpful" in "\n".join(view.sheet_lines(rolled))
    # "none" takes one away, set or rolled: the next meeting rolls it
    cleared = run(state, c.EditSheet("Jake", "", "", "", "", (), outlook=0)).character("Jake")
    assert cleared is not None and (cleared.outlook, cleared.outlook_set) == (0, False)
    gone = run(posse(), c.RollReaction((2, 1), name="Jake"),
               c.EditSheet("Jake", "", "", "", "", (), outlook=0)).character("Jake")
    assert gone is not None and gone.outlook == 0
    refused(state, c.EditSheet("Jake", "", "", "", "", (), outlook=13), "Reaction Checks")
    refused(state, c.EditSheet("Ann", "", "", "", "", (), outlook=7), "Reaction Checks")


def test_the_recap_of_the_preparation_says_the_clock_was_set_not_moved(
        prepared: Campaign[FistfulState]) -> None:
    """The posse formed at 2 o'clock: session 0's totals read it set at 2, where they read
    "1 to 2 o'clock", as if a crime had moved it from an hour it never stood at."""
    told = render(build(prepared, 0, view), "txt")
    assert "The Wanted Clock: set at 2 o'clock" in told
    assert "1 to 2 o'clock" not in told
