"""Ninth look: the Conflict tab's odds line, with the longest model the sample gangs make
(Ruth Cole's two special rules, tokens, a long name typed as markup), read whole at 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.sections import GridTable
from tests.devils_bluff.test_fit import PLAYER, long_named_journal
from tests.pilot import screen_text, synchronous, to_tab, until

#: Ruth Cole renamed as long as a Dealer might, read as Rich markup unless shown as typed
RUTH = "[bold]Ruth Ambrose Wetherington-Smythe"


def ruth_with_tokens(folder: Path) -> Campaign[DevilsBluffState]:
    """The one-off, Ruth Cole renamed RUTH, shot at twice by the Hendrys while she evades:
    the special rules, the ability and the tokens all on her odds line."""
    folder.mkdir()
    path = write_sample(SAMPLES[0], folder)
    text = path.read_text(encoding="utf-8")
    assert '"Ruth Cole"' in text
    path.write_text(text.replace('"Ruth Cole"', f'"{RUTH}"'), encoding="utf-8")
    campaign: Campaign[DevilsBluffState] = open_campaign(path, rules_for)
    for _ in range(4):
        state = campaign.state
        assert state.battle is not None
        mover = next(m for m in activatable(state) if m != RUTH)
        campaign.execute(Activate(mover))
        if state.find(RUTH) is not None and state.owner(mover) != state.owner(RUTH):
            campaign.execute(Attack(mover, RUTH, evading=True))
        if campaign.state.battle is not None and campaign.state.battle.activation:
            campaign.execute(EndActivation(mover))
    return campaign


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
@synchronous
async def test_the_longest_odds_line_is_read_whole(tmp_path: Path,
                                                   size: tuple[int, int]) -> None:
    """At 80 columns the odds line had two lines' room, and the longest model's cut off
    where it said which cards it counted ("of 42 unseen: Draw Deck 32 + 10 held"). Now
    every fact on it is in sight: the name as typed, the special rules, each test's odds,
    the tokens' -2 each and what the odds are counted over; the models keep their rows."""
    campaign = ruth_with_tokens(tmp_path / "c")
    state = campaign.state
    found = state.find(RUTH)
    assert found is not None and found[1].tokens >= 2, found
    full = view.odds_line(state, RUTH)
    assert len(full) > 2 * 80, full  # the longest case: more than two lines at 80
    deck = state.deck
    held = sum(len(h) for _, h in state.hands)
    app = GmScreenApp(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#bluff-models", GridTable)
        table.move_cursor(row=table.get_row_index(RUTH))
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        wanted = [RUTH, "Stealth (1); Precise Shot", f"-{2 * found[1].tokens}",
                  f"{len(deck.order) + held} unseen", f"eck {deck.remaining} + {held} held"]
        for part in full.split(": ", 1)[1].split(" · ")[:3]:
            label, target, *_ = part.split()
            wanted.append(f"{label} {target}")
            wanted.append(part.split("(")[-1].rstrip(")"))  # the percentage
        for fact in wanted:
            assert fact in shown, (fact, screen_text(app))
        if size[0] > 80:
            assert " ".join(full.split()) in shown, screen_text(app)
        assert table.region.height >= 4, screen_text(app)


@synchronous
async def test_a_long_name_takes_the_shorter_words_on_two_lines(tmp_path: Path) -> None:
    """A leader's long name with his two rules ran past two lines at 80 columns in full
    words; the shorter words (each test's share alone, "deck" for the Draw Deck) hold the
    same facts in two, so the models keep the row a third line would take. At 200 columns
    the full words come back."""
    campaign = open_campaign(long_named_journal(tmp_path / "c"), rules_for)
    state = campaign.state
    short = view.odds_line(state, PLAYER, short=True)
    assert "SKL 7+ " in short and "% · DEF" in short and "unseen: deck " in short, short
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#bluff-models", GridTable)
        table.move_cursor(row=table.get_row_index(PLAYER))
        odds = app.screen.query_one("#bluff-odds", Static)

        def shows(words: str) -> bool:
            return " ".join(words.split()) in " ".join(screen_text(app).split())

        # the odds line's words are drawn, then laid out: each waited for, where a pause
        # read the screen before them (the starved wait of round 36)
        await until(pilot, lambda: shows(short))
        await until(pilot, lambda: odds.region.height == 3)  # the rule above and two lines
        await pilot.resize_terminal(200, 50)
        full = view.odds_line(state, PLAYER)
        await until(pilot, lambda: shows(full))


def hands_named(folder: Path, first: str) -> Campaign[DevilsBluffState]:
    """The one-off with its first player (and her leader) renamed `first`."""
    folder.mkdir()
    path = write_sample(SAMPLES[0], folder)
    text = path.read_text(encoding="utf-8")
    assert '"Ma Hendry"' in text
    path.write_text(text.replace('"Ma Hendry"', f'"{first}"'), encoding="utf-8")
    return open_campaign(path, rules_for)


@pytest.mark.parametrize("first", ["Ma Hendry",
                                   "Wilhelmina Fitzgerald-Hawthorne, Widow of Yavapai"],
                         ids=["sample", "first line wrapped"])
@synchronous
async def test_a_click_on_a_hand_turns_it_face_up(tmp_path: Path, first: str) -> None:
    """Played by the mouse alone at 80x24, a player could not look at their hand before
    laying it: the line said 'h to look', and a click on it did nothing (the hands' keys
    are kept out of the footer). A click on a player's hand now turns it face up, a
    second click face down again; a click on the other hand shows that one instead. With
    a long name the first hand's line wraps: a click on either of its rows is hers."""
    campaign = hands_named(tmp_path / "c", first)
    state = campaign.state
    one, two = state.players
    card_one, card_two = str(state.hand(one)[0]), str(state.hand(two)[0])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        hands = app.screen.query_one("#bluff-hands", Static)
        rows = hands.content_region.height
        wrapped = rows > 2
        assert wrapped == (first != "Ma Hendry"), screen_text(app)

        def shows() -> str:
            return " ".join(screen_text(app).split())

        top = hands.content_region.y - hands.region.y  # under the rule above the hands
        await pilot.click(hands, offset=(3, top + (1 if wrapped else 0)))
        await pilot.pause()
        assert card_one in shows() and card_two not in shows(), screen_text(app)
        await pilot.click(hands, offset=(3, top + rows - 1))  # the second player's line
        await pilot.pause()
        assert card_two in shows() and card_one not in shows(), screen_text(app)
        await pilot.click(hands, offset=(3, top + rows - 1))
        await pilot.pause()
        assert card_two not in shows() and card_one not in shows(), screen_text(app)
    campaign.close()
