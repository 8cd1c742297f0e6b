"""The views of Dead Man's Hand: the Dealer's from the state, the table's from what the table
knows (never the order of the pack), the recap's words; all of it Textual-free."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.log import cards_shown
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.games.dead_mans_hand.sheet import play_sheet
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.glossary import find, words_of
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.sections import NO_BREAK, Grid, as_text, lines
from gmscreen.samples import write_sample
from tests.dead_mans_hand.helpers import Table, hidden_facts, new_campaign, nothing_hidden_shown
from tests.dead_mans_hand.test_showdown import first_game

ROOT = Path(__file__).resolve().parents[2]
DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL))


@pytest.mark.parametrize("module", ["view", "rules", "turns", "fight", "events"])
def test_the_views_and_the_rules_import_no_textual(module: str) -> None:
    script = (f"import sys, gmscreen.games.dead_mans_hand.{module}\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.stdout.strip() == "False", result.stderr


def test_the_dealer_sees_the_attack_card_by_card_with_the_odds() -> None:
    table = Table(*DUEL, MakeAttack("Sly Shooter", "pistol", 50, ("Th", "3c")))
    dealers = as_text(view.dealer_sections(table.state))
    assert "Duel between Rivals · game 1 · red 0, black 0\n" in dealers
    assert "Pack: 51 to draw, 1 discarded · set-up card 2♥, red first" in dealers
    assert "Turn 1: The Oaf (red) · Big Oaf stood still, attacking." in dealers
    assert "RED  The Oaf  1 model\n" in dealers
    assert "Big Oaf  9    3/3   Pistol/Blade/Fists" in dealers
    assert "1  10♥  Sly Shooter takes a last hit and goes down on 10♥" in dealers
    assert re.search(r"All In: \d+% a better card, none left for the target to use", dealers)
    assert "Play the result card, or go All In first." in dealers
    players = as_text(view.table_sections(view.table_knows(table.state)))
    assert "1  10♥  Sly Shooter takes a last hit and goes down on 10♥" in players
    # the odds are counted from the pile
    assert not re.search(r"All In: \d+% a better card", players)


def test_the_table_sees_the_last_attack_and_the_fallen() -> None:
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))  # red wins the first game
    seen = as_text(view.table_sections(view.table_knows(table.state)))
    assert "The last attack\n===============\nBig Jim attacks Hatchet" in seen
    assert ("Game 1 goes to The Callahan Gang (red), the only posse left on the table. Draw "
            "for the fallen: Quickdraw (Stubby "
            "on K♥ is past saving).") in seen
    assert "Quickdraw" in seen and "on 9♠" in seen
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    seen = as_text(view.table_sections(view.table_knows(table.state)))
    # no more a row of black's table: named with the dead under it, on his coffin card
    assert not any(line.startswith("Stubby ") for line in seen.splitlines())
    # (the name kept whole on the screens, plain in the text)
    assert "\nDead: Stubby on K♥. Gave up: " in seen.replace("\u00a0", " ")
    table.do(SetUpGame("Qs"))  # a new game: its own last attack, none yet
    assert "No attack under way." in as_text(
        view.table_sections(view.table_knows(table.state)))


def test_a_pile_shown_would_be_caught() -> None:
    """The hidden facts are the pile's order as the app writes cards: a screen listing the
    pile, or a run of it, fails the check."""
    table = Table(*DUEL)
    facts = hidden_facts(table.state)
    assert len(facts) == 2 * (len(table.state.pack.pile) - 2)
    leak = as_text([lines("Next", cards_shown(table.state.pack.pile[5:8]))])
    assert any(fact in leak for fact in facts)
    nothing_hidden_shown(table.state)


def test_nothing_hidden_after_any_step_of_a_game() -> None:
    table = Table()
    for command in (*DUEL, MakeAttack("Sly Shooter", "pistol", 50, ("Th", "3c")),
                    GoAllIn("9d"), PlayResult("Th"), SetUpGame("5d"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"), UseModel("Big Oaf", Move.SLOW)):
        table.do(command)
        nothing_hidden_shown(table.state)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.file)
def test_nothing_hidden_after_any_event_of_a_sample(sample: object, tmp_path: Path) -> None:
    path = write_sample(sample, tmp_path)  # type: ignore[arg-type]
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    try:
        for seq in range(len(campaign.events) + 1):
            nothing_hidden_shown(campaign.replay(seq).state)
    finally:
        campaign.close()


def played(folder: Path) -> Campaign[object]:
    campaign = new_campaign(folder / "c.toml")
    campaign.start_session()
    for command in (*DUEL, MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")),
                    PlayResult("Kh")):
        campaign.execute(command)
    campaign.end_session()
    return campaign  # type: ignore[return-value]


def test_the_recap_tells_the_session_as_the_table_saw_it(tmp_path: Path) -> None:
    text = render(recap.build(played(tmp_path), 1, view), "txt")
    assert "- The Oaf (red): Big Oaf" in text
    assert ("Big Oaf's turn.\nBig Oaf stands still. Big Oaf attacks Sly Shooter with Pistol "
            "at 50 yards (Long Shot range), power 2: K♥ 3♣. Big Oaf plays K♥: Sly Shooter is "
            "killed.") in text
    assert "Over to" not in text and "is placed on the table" not in text
    assert "- The Oaf won 1 game (1 in all)" in text


def test_the_recap_hooks_never_raise_on_a_damaged_event(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    event = campaign.events[-1]
    broken = replace(event, data={"game": "one"})
    assert view.table_tells(broken) is None and view.episode(broken) is None
    assert RULES.describe(broken).startswith("(a damaged event")


def headings(state: MatchState) -> set[str]:
    found: set[str] = set()
    for section in (*view.dealer_sections(state),
                    *view.table_sections(view.table_knows(state))):
        if isinstance(section, Grid):
            found.update(section.columns)
    return found


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.file)
def test_every_heading_and_short_word_has_a_glossary_entry(sample: object,
                                                            tmp_path: Path) -> None:
    words = words_of("gmscreen.games.dead_mans_hand")
    path = write_sample(sample, tmp_path)  # type: ignore[arg-type]
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    try:
        shown = headings(campaign.state) | headings(first_game().state)
    finally:
        campaign.close()
    shown |= {*view.TABLE_COLUMNS, *view.POSSE_COLUMNS}
    # and the short words the rows and the notes use
    shown |= {*view.SHORT.values(), "R", "B", "civ", "moving", "Jack", "Queen", "pts", "1/2"}
    # the words each key explains, and the play sheet's columns
    models = first_game().state.models()
    shown |= {word.partition(": ")[0] for word in view.key_line(models, sides=True).replace(
        NO_BREAK, " ").split(" · ")}
    shown |= set(next(lines for title, lines in play_sheet() if "Weapons" in title)[0].split())
    missing = sorted(h for h in shown if find(words, h) is None)
    assert not missing, missing


def test_the_recap_of_a_later_session_tells_who_is_out_for_good(tmp_path: Path) -> None:
    """Lines 153 and 159: the dead and those who gave up take no part in the games that
    follow, so the recap of the next session does not list them with those at the table."""
    from gmscreen.games.dead_mans_hand.commands import Surrender
    from gmscreen.games.dead_mans_hand.sample import build_showdown
    from tests.dead_mans_hand.helpers import deploy_all

    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")))
    campaign.execute(PlayResult("Kh"))  # Stubby lies on a King
    for name in ("Deacon", "Archer", "Hatchet", "Two-Gun", "Scattergun", "Sawbones"):
        campaign.execute(Surrender(name))
    campaign.execute(LeaveTable("Long Tom", Move.QUICK))  # black's last walks off
    campaign.execute(DrawForTheFallen())  # dead whatever is drawn: buried, no card
    campaign.end_session()
    campaign.start_session()
    campaign.execute(SetUpGame("Qs"))
    text = render(recap.build(campaign, 2, view), "txt")
    black = next(line for line in text.splitlines() if "(black)" in line)
    assert black.endswith("(black): Long Tom; dead: Stubby; gave up: Deacon, Archer, "
                          "Hatchet, Two-Gun, Scattergun, Sawbones")
    red = next(line for line in text.splitlines() if "(red)" in line)
    assert "dead" not in red and "gave up" not in red


def test_the_recap_of_a_session_with_a_new_match_names_both_matchs_posses(
        tmp_path: Path) -> None:
    """"At the table" named the posses as the session ended: after a showdown won and a new
    match begun (the posses built anew), those who had fought the showdown that session were
    missing. They come first, as they began the session."""
    from gmscreen.games.dead_mans_hand.commands import LoadScenario, NewMatch, Surrender
    from gmscreen.games.dead_mans_hand.sample import build_showdown
    from tests.dead_mans_hand.helpers import deploy_all

    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    for model in campaign.state.black.on_table():
        campaign.execute(Surrender(model.name))
    campaign.execute(NewMatch())
    campaign.execute(LoadScenario("jailbreak"))
    text = render(recap.build(campaign, 1, view), "txt")
    cast = text.split("At the table", 1)[1].split("\n\n", 2)[1].splitlines()
    assert [line.split(":")[0] for line in cast] == [
        "- Earlier this session, The Callahan Gang (red)",
        "- Earlier this session, The Black Hats (black)",
        f"- {campaign.state.red.title} (red)", f"- {campaign.state.black.title} (black)"], cast
    assert "Stubby" in cast[1] and "Stubby" not in "".join(cast[2:]), cast
