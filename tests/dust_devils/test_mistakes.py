"""A Dealer's mistakes (round 12): a journal damaged by hand opens saying which event and
which field, in the game's words; the form that makes a sheet sets no trap for one of the
Dealer's minor characters; a Knack listed twice and a name pasted too long are refused
naming them; a title's quotes are a nickname's; and every step undone reads as if it had
never been taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    ChangeCharacter,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RecordFate,
    SetSessionDevils,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.events import KINDS, CharacterMade
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, SAMPLES, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import DEALER, DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build, sessions_of
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.dust_devils.game import hanged_man_table, sample
from tests.pilot import fill, opened, synchronous, to_tab, until

# -- a journal damaged by hand ------------------------------------------------------------------


def _damaged(folder: Path, seq: int, old: str, new: str) -> Path:
    """The shipped Hanged Man with `old` in event `seq`'s block written `new`."""
    path = write_sample(SAMPLES[0], folder)
    head, *blocks = path.read_text(encoding="utf-8").split("[[event]]\n")
    assert old in blocks[seq - 1], blocks[seq - 1]
    blocks[seq - 1] = blocks[seq - 1].replace(old, new, 1)
    path.write_text(head + "".join("[[event]]\n" + b for b in blocks), encoding="utf-8")
    return path


JIM_Q = '\\"Gentleman\\" Jim Harris'
LUKE_Q = '\\"Lucky\\" Luke Johnson'

# (event, what was written, what the hand wrote, what the Dealer is told: the field and why)
DAMAGES = [
    # a card thrown at the Draw that the hand never held
    (17, 'discards = ["4d", "5s"]', 'discards = ["Kd", "5s"]',
     'discards[0] is K♦, which "Gentleman" Jim Harris does not hold'),
    # a card laid at the Call that the hand never held, a winner who laid no hand
    (18, 'cards = ["Tc", "9h", "8c", "7h", "6h"]', 'cards = ["Tc", "9h", "8c", "7h", "Kh"]',
     'lays[0].cards[4] is K♥, which "Gentleman" Jim Harris does not hold'),
    (18, f'winners = ["{JIM_Q}"]', 'winners = ["Nobody"]',
     "winners[0] is 'Nobody': no hand of that name is in conflict 1"),
    # a name that no character has
    (10, f'name = "{JIM_Q}", rating = 3', 'name = "Nobody", rating = 3',
     "name is 'Nobody': there is no character so named"),
    (17, f'name = "{JIM_Q}"', 'name = "Nobody"',
     "name is 'Nobody': no hand of that name is in conflict 1"),
    (27, f'name = "{LUKE_Q}"', 'name = "Nobody"',
     "name is 'Nobody': there is no character so named"),
    (39, 'fates_due = ["Clara Hardin"]', 'fates_due = ["Nobody"]',
     "fates_due[0] is 'Nobody': there is no character so named"),
    (15, f'entrants = [{{ name = "{JIM_Q}"', 'entrants = [{ name = "Nobody"',
     "entrants[0].name is 'Nobody': there is no character so named"),
    # a card dealt twice from the one pack
    (16, '"9h"', '"Ad"', "hands[1].cards[0] is A♦, dealt twice: there is one pack"),
    # a hand dealt twice, another none (a view of the Draw then took the app down)
    (16, f'name = "{JIM_Q}"', 'name = "Dealer"', "hands[1].name is 'Dealer': that hand is "
                                                 "dealt twice"),
    (16, f'{{ name = "{JIM_Q}", cards = ["4d", "9h", "Tc", "As", "8c", "7h", "5s"] }}, ', '',
     'hands leave "Gentleman" Jim Harris without a card: every hand still in is dealt one '
     'at least'),
    # a character made twice
    (2, 'name = "Zeke Munroe"', f'name = "{JIM_Q}"',
     "name is '\"Gentleman\" Jim Harris': there is already a character so named"),
]


@pytest.mark.parametrize(("seq", "old", "new", "told"), DAMAGES)
def test_a_journal_damaged_by_hand_says_which_event_and_which_field(
        tmp_path: Path, seq: int, old: str, new: str, told: str) -> None:
    campaign: Campaign[DustDevilsState] = open_campaign(_damaged(tmp_path, seq, old, new),
                                                        rules_for, cache=False)
    try:
        assert campaign.damaged is not None, "the damage went unsaid"
        assert campaign.damaged.seq == seq
        reason = campaign.read_only_reason or ""
        assert f"event {seq} (" in reason and told in reason, reason
        assert "Error" not in reason  # never a Python error's words
        # the rest before it still reads: every sheet of the campaign's start is there
        assert campaign.state.character("Zeke Munroe") is not None or seq <= 2
    finally:
        campaign.close()


def test_a_journal_read_whole_is_not_damaged(tmp_path: Path) -> None:
    """The strict reading refuses nothing the rules wrote: the shipped sample, whole."""
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], tmp_path),
                                                        rules_for, cache=False)
    try:
        assert campaign.damaged is None
        assert campaign.problems() == []
    finally:
        campaign.close()


# -- a sheet -----------------------------------------------------------------------------------


def test_a_knack_listed_twice_is_named() -> None:
    table = hanged_man_table()
    sheet = Sheet("Deputy Hale", False, (2, 2, 2, 2),
                  knacks=(("Ridin'", 2), ("Shootin'", 1), ("Ridin'", 1)))
    with pytest.raises(RuleError) as refused:
        table.do(MakeCharacter(sheet))
    assert refused.value.field == "knacks"
    assert "Ridin'" in refused.value.message


@synchronous
async def test_a_minor_character_is_made_without_touching_the_devil_rating(
        tmp_path: Path) -> None:
    """The sheet form started on Devil rating 1: a deputy made with no Devil (the box
    unticked, the attributes typed) was refused, 'has a Devil rating of 1 but no Devil'.
    Left blank, the rating is 1 for a player character or one with a Devil, 0 otherwise."""
    campaign: Campaign[DustDevilsState] = open_campaign(write_sample(SAMPLES[0], tmp_path),
                                                        rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "m")
        assert form.values().text("devil_rating") == ""
        await fill(pilot, name="Deputy Hale", player=False, hand="2", eye="2", guts="1",
                   heart="1")
        await until(pilot, lambda: campaign.state.character("Deputy Hale") is not None)
        hale = campaign.state.character("Deputy Hale")
        assert hale is not None and hale.devil_rating == 0 and not hale.devil
        # one of the Dealer's with a Devil, and a player's, take 1 from the blank
        await fill(pilot, "m", name="Cyrus Pike", player=False, hand="3", eye="3", guts="3",
                   heart="3", devil="Owes the Pinkertons")
        await until(pilot, lambda: campaign.state.character("Cyrus Pike") is not None)
        await fill(pilot, "m", name="Dylan McCreedy", hand="4", eye="4", guts="3",
                   heart="2", trait1="Strong as an ox", trait2="Crazy as a loon",
                   knacks="Ridin' 4, Blastin' 4, Shootin' 3", devil="Dynamite")
        await until(pilot, lambda: campaign.state.character("Dylan McCreedy") is not None)
    pike, dylan = campaign.state.character("Cyrus Pike"), campaign.state.character(
        "Dylan McCreedy")
    assert pike is not None and pike.devil_rating == 1
    assert dylan is not None and dylan.devil_rating == 1
    campaign.close()


# -- quotes -----------------------------------------------------------------------------------


def test_a_title_in_its_own_mark_is_quoted_as_nicknames_are() -> None:
    """A title ending in its own mark was put in curly quotes (“Who shot "Black" Jack?”
    ends) where nicknames and the conflict under way ('the conflict "The jailbreak"') have
    straight ones: one kind now, the straight."""
    table = hanged_man_table()
    title = 'Who shot "Black" Jack?'
    table.do(OpenConflict(title, (Entrant(JACK.name, "live", ("Hand", "Eye")),
                                  Entrant(TOM.name, "shoot him", ("Hand", "Eye")))))
    table.do(DealerFolds())
    told = [RULES.describe(e) for e in table.events if e.kind.startswith("dust_devils.")]
    assert f'The Dealer folds "{title}"' in told
    assert any(line.startswith(f'"{title}" ends: ') for line in told)
    campaign_words = " ".join(told) + " ".join(
        view.table_tells(e, known=view.table_knows(table.state)) or ""
        for e in table.events if e.kind.startswith("dust_devils."))
    assert "“" not in campaign_words and "”" not in campaign_words


def test_a_name_pasted_too_long_is_refused_naming_the_field() -> None:
    """A paragraph pasted into the Name was taken whole: its log lines ran three rows and
    the tables cut it. A name has at most 40 letters, as the other games' do; a sheet
    already holding a longer one is changed without renaming him."""
    table = hanged_man_table()
    long = "Bartholomew Fitzgerald-Hawthorne the Third of Savannah"
    with pytest.raises(RuleError) as refused:
        table.do(MakeCharacter(Sheet(long, False, (2, 2, 2, 2))))
    assert refused.value.field == "name"
    assert refused.value.message.startswith("a name has at most 40 letters; this one has 54")
    table.do(MakeCharacter(Sheet("Bartholomew Fitzgerald-Hawthorne", False, (2, 2, 2, 2))))


# -- putting it right --------------------------------------------------------------------------


def _views(campaign: Campaign[DustDevilsState]) -> dict[str, object]:
    """What every screen makes of a campaign: the state, the Dealer's tabs and the players'
    screen as text, and each session's recap, the table's and the Dealer's."""
    state = campaign.state
    told: dict[str, object] = {
        "state": state,
        "dealer": as_text(list(view.dealer_sections(state)), 80),
        "table": as_text(list(view.table_sections(view.table_knows(state))), 80)}
    for session in sessions_of(campaign):
        for dealer in (False, True):
            told[f"recap {session} {dealer}"] = render(
                build(campaign, session, view, dealer=dealer), "txt")
    return told


def _played_on(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict called and lost (Zeke's Guts and Heart to 0), his last conflict
    against the Dealer's stud hand, his death, the session's end, and a second session with
    the Devils set: a death and a second session to undo step by step."""
    campaign.execute(Draw(ZEKE.name, (), ()))
    campaign.execute(Draw(TOM.name, (), ()))
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Call(tuple((p.name, best_lay(p.hand)) for p in conflict.active)))
    campaign.execute(TakeDifficulty(ZEKE.name, (("Heart", 2), ("Guts", 3))))
    campaign.execute(EndConflict())
    campaign.execute(AddEntrant(Entrant(ZEKE.name, "die game", ("Hand", "Heart"))))
    campaign.execute(OpenConflict("Last drink at the Red Roof?", stakes=1, stud=5))
    zeke = ("As", "Ad", "Kc", "7h", "3c", "9s", "2d")
    campaign.execute(Deal(((ZEKE.name, zeke), (DEALER, ("Qs", "Td", "4c", "5h", "6d")))))
    campaign.execute(Call(((ZEKE.name, best_lay(zeke)),
                           (DEALER, ("Qs", "Td", "4c", "5h", "6d")))))
    campaign.execute(EndConflict())
    campaign.execute(RecordFate(ZEKE.name, "dies"))
    campaign.end_session()
    campaign.start_session()
    campaign.execute(SetSessionDevils(((JIM.name, 3), (JACK.name, 2), (LUKE.name, 1))))
    campaign.execute(GiveChips(LUKE.name, 1, "a round for the house"))


@pytest.mark.parametrize("played", [False, True], ids=["as shipped", "played on"])
def test_every_step_undone_reads_as_if_never_taken(tmp_path: Path, played: bool) -> None:
    """Each step of The Hanged Man (as shipped, and played on through a death, a session's
    end and a second session), taken and then undone, leaves every view as the journal
    written without it: no card out of the pack, Chip, mark, Devil, fate, conflict or recap
    line left of it."""
    whole = sample(tmp_path / "sample", _played_on if played else lambda c: None)
    assert whole.path is not None
    head, *blocks = whole.path.read_text(encoding="utf-8").split("[[event]]\n")
    starts = [e.seq for e in whole.events if e.step == e.seq]
    whole.close()

    def journal(events: int, name: str) -> Campaign[DustDevilsState]:
        written = tmp_path / f"{name}.toml"
        written.write_text(head + "".join("[[event]]\n" + b for b in blocks[:events]),
                           encoding="utf-8")
        opened: Campaign[DustDevilsState] = open_campaign(written, rules_for, cache=False)
        return opened

    ends = [*(s - 1 for s in starts[1:]), len(blocks)]
    for start, end in zip(starts, ends, strict=True):
        without, undone = journal(start - 1, "without"), journal(end, "undone")
        try:
            undone.undo()
            assert _views(undone) == _views(without), f"the step at event {start}"
        finally:
            without.close()
            undone.close()


def test_a_longer_name_an_older_journal_holds_still_reads_and_changes() -> None:
    """A name longer than 40 letters, written before names were held to 40, folds as it did,
    and his sheet is corrected without a new name being asked for."""
    table = hanged_man_table()
    long = "Bartholomew Fitzgerald-Hawthorne the Third of Savannah"
    table._take([KINDS.new(CharacterMade(name=long, player=False, ratings=(2, 2, 2, 2)))])
    assert table.state.character(long) is not None
    table.do(ChangeCharacter(long, Sheet(long, False, (3, 2, 2, 2))))
    who = table.state.character(long)
    assert who is not None and who.ratings == (3, 2, 2, 2)


def test_a_title_in_its_own_mark_is_quoted_in_the_conflicts_heading() -> None:
    """The Conflict tab and the players' screen read 'Conflict 6 (the Draw): Last drink at
    the Red Roof?, Stakes 1', a '?,' read as a slip: the title is quoted there as in the
    log."""
    table = hanged_man_table()
    title = "Last drink at the Red Roof?"
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "drink", ("Hand", "Eye")),), stakes=1,
                          stud=5))
    heading = f'Conflict 1 (the Deal): "{title}", Stakes 1, the Dealer'
    for told in (view.dealer_sections(table.state),
                 view.table_sections(view.table_knows(table.state))):
        assert heading in as_text(list(told), 200).replace("\u00a0", " ")
    # a title with no mark of its own keeps no quotes
    plain = hanged_man_table()
    plain.do(OpenConflict("The jailbreak", (Entrant(ZEKE.name, "out", ("Hand", "Eye")),),
                          stud=5))
    assert "Conflict 1 (the Deal): The jailbreak, no Stakes" in as_text(
        list(view.dealer_sections(plain.state)), 200)
