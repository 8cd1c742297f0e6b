"""What round 10 left alone, and the kit's new pieces (round 11): words a Dealer would
trip on (the aftermath's "levels gained by nobody yet", the level form's two colons, the
"Ann's cards" beside "Ann's hand"), names kept whole where the screens wrap a list of them,
and the players' screen on a TV and a phone."""

from __future__ import annotations

import random
from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import Deploy, EndGame, GainLevel
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.sample import HENDRY
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import campaign, campaign_sample, pick
from tests.devils_bluff.test_campaign_evenings import game_begun
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import opened, screen_text, synchronous, to_tab


def test_the_aftermath_before_any_level_says_none_is_gained_yet() -> None:
    """Right after a campaign game the aftermath's line read "levels gained by nobody yet;
    kept for good: nobody yet", as if a model called Nobody had levelled. It says what has
    not happened yet in words, and names the models once they have."""
    table = campaign()
    table.execute(EndGame())
    (line,) = view.aftermath_lines(table.state)
    assert line.startswith("After game 1: no level gained yet; no hired gun kept for good "
                           "yet. A level may still go to "), line
    assert "by nobody" not in line, line
    table.execute(GainLevel(HENDRY, "Tough"))
    (line,) = view.aftermath_lines(table.state)
    assert line.startswith(f"After game 1: levels gained by {HENDRY}; no hired gun kept for "
                           "good yet."), line


@synchronous
async def test_the_level_form_says_why_no_ability_in_one_clause(tmp_path: Path) -> None:
    """Ma Hendry's 2nd level: the form read "No ability with this level: this is Ma
    Hendry's 2nd level: an ability comes with the 3rd.", three clauses run together by two
    colons, "level" twice, on two rows at 80x24 ("3rd." alone on the second). The why
    alone now, in one clause and one row, her name whole."""
    campaign_ = campaign_sample(tmp_path)
    campaign_.execute(EndGame())
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        form = await opened(pilot, "l")
        why = form.note.splitlines()[-1]
        assert why == ("This is Ma\u00a0Hendry's 2nd level, and an ability comes with "
                       "the 3rd."), form.note
        assert ":" not in why
        rows = [" ".join(row.split()) for row in screen_text(app).splitlines()]
        assert any(row.endswith(why.replace("\u00a0", " ") + " █") for row in rows), rows
    campaign_.close()


@synchronous
async def test_the_round_form_names_each_player_s_initiative_cards_apart_from_the_hand(
        tmp_path: Path) -> None:
    """The typed new round asked "Ann's cards" above "Ann's hand": which was which was a
    guess (the cards turned up for the initiative, or the five dealt). The initiative's
    field reads "Ann drew", as the deployment's and the pool's roll-offs do, and a refusal
    names it so."""
    campaign_ = fresh(tmp_path, *game_begun(), Deploy((), shuffle_order(random.Random(1))))
    app = GmScreenApp(campaign_)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "R")
        labels = [field.label for field in form.fields]
        assert labels == ["Ann drew", "Bob drew", "Ann's hand", "Bob's hand"], labels
        assert not any(label.endswith("'s cards") for label in labels)
    campaign_.close()

