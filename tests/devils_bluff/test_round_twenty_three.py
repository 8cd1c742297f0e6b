"""Round 23: an evening played from `gmscreen new` with rounds 21 and 22 in play together
(docs/rules/devils-bluff.md, "An evening with rounds 21 and 22 (round 23)")."""

from __future__ import annotations

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Attack, Forgo, Move
from gmscreen.games.devils_bluff.sample import HENDRY
from gmscreen.journal.sections import as_text
from tests.devils_bluff.helpers import Table, one_off
from tests.devils_bluff.test_round_twenty_two import KEY_HINT
from tests.devils_bluff.test_second_look import leaving_jesse


def _parting_shot_with_hail() -> Table:
    """Jesse Hendry's parting shot at Deputy Ames, a hand laid: a critical hit, and Hail of
    Fire's two free attacks owed at once in Ames's activation."""
    table = leaving_jesse(one_off())
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    table.stack("2s")
    table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    return table


def test_the_move_out_of_assault_range_is_told_to_wait_for_hail_of_fire() -> None:
    """Played at the keys: Big Ruth's parting shot won a critical hit, and the tab said
    "Young Ned leaves assault range: v makes the Advance" over "Big Ruth makes 2 free
    attacks of Hail of Fire at once"; v was refused ("Big Ruth makes its free attacks
    first"). The line says the move comes after them (the line under it says whose and how
    many), in one line at 80 columns."""
    table = _parting_shot_with_hail()
    lines = view.status_lines(table.state)
    assert ("Deputy Ames leaves assault range: v makes the Advance after Hail of Fire"
            in lines), lines
    assert all(len(line) <= 80 for line in lines if "leaves assault" in line), lines
    assert "Deputy Ames leaves assault range: v makes the Advance" not in lines
    # once they are let go, v makes the move as before
    table.execute(Forgo())
    assert "Deputy Ames leaves assault range: v makes the Advance" in view.status_lines(
        table.state)
    table.execute(Move("Deputy Ames", "Advance"))


def test_replay_tells_the_move_out_of_assault_range_without_its_key() -> None:
    """`gmscreen replay` after the parting shot printed "Young Ned leaves assault range: v
    makes the Advance": the key hint was taken out only where an attacker still waited
    ("...; v makes the Advance"). It reads "the Advance comes next" (or "after Hail of
    Fire")."""
    table = _parting_shot_with_hail()
    printed = as_text(view.dealer_sections(table.state))
    assert not KEY_HINT.search(printed), KEY_HINT.findall(printed)
    assert ("Deputy Ames leaves assault range: the Advance comes after Hail of Fire"
            in printed)
    table.execute(Forgo())
    printed = as_text(view.dealer_sections(table.state))
    assert not KEY_HINT.search(printed), KEY_HINT.findall(printed)
    assert "Deputy Ames leaves assault range: the Advance comes next" in printed
    assert view.keyless("Eli leaves assault range: u makes the Rush") == (
        "Eli leaves assault range: the Rush comes next")


def test_f1_s_search_for_calls_finds_where_the_table_makes_each() -> None:
    """F1 searched for "calls" (as the Dealers of Dust and Fistful find theirs) said
    "Nothing holds 'calls'"; the calls round 22 listed were told only word by word. One
    entry names each call and where it is made, with its default."""
    from gmscreen.glossary import words_of

    (found,) = [w for w in words_of("gmscreen.games.devils_bluff")
                if "calls" in w.word.lower() or "Calls" in w.short]
    for said in ("the rounds a game (5)",
                 # each where by its step's name, not its key (round 25)
                 "this game's own rounds, Objectives (the set-up's)",
                 "Modifier, Test (0; -12 to +12)", "points, Score (1 to 100)",
                 "Attack or Forgo free", "End the campaign (nobody)"):
        assert said in found.means, said


def test_the_objectives_form_s_rounds_name_the_set_up_s_not_a_campaign_s() -> None:
    """Played from `gmscreen new` as a one-off: the objectives form's Rounds said "the
    campaign's setting is 5", though no campaign was played. It names the set-up's Rounds
    a game, the field the Dealer set (m), in a one-off and a campaign alike."""
    table = one_off()
    about = view.rounds_about(table.state)
    assert "campaign" not in about and about.endswith("the set-up's Rounds a game is 5")
