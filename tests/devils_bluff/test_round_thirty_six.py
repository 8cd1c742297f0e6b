"""A starved wait (round 36): what the Conflict tab decides when a key is answered and does
later, each order of events made to happen here, every time."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate
from gmscreen.games.devils_bluff.deck import must_discard
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.pilot import EITHER_WAY, burst, synchronous, to_tab, type_in, until


@synchronous
async def test_d_typed_twice_draws_then_asks_for_the_discard(tmp_path: Path) -> None:
    """While a model acts, d draws (out of the footer, so the tab answers the key itself)
    and, once a sixth card is in the hand, d is the discard it owes. Which of the two a d
    does was chosen as the key was answered and done later: a second d answered before the
    first one's draw was done (a loaded machine, a Dealer quick on the key) chose the draw
    again, and once done it opened "Who draws a card?" with nobody to choose, where the
    discard was due. The step is now done in its key's turn (`StepPane.perform_first`),
    before the next d is answered."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Activate(activatable(campaign.state)[0]))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert app.screen.query_one(ConflictPane).has_focus_within
        # the two d's typed before the app has taken the first (a typist quicker than a
        # loaded machine)
        burst(app, "dd")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form)
        player = must_discard(campaign.state)
        assert player, "the first d drew no sixth card"
        assert form.title_text.startswith(f"{player} drew "), form.title_text
        assert "discard which card held before?" in form.title_text
        assert len(app.screen_stack) == 2, app.screen_stack  # no second form behind it
    campaign.close()


@synchronous
async def test_d_typed_three_times_opens_the_discard_once(tmp_path: Path) -> None:
    """A third d typed so came to the tab after the second had chosen the discard, and,
    done later, opened the discard's form a second time over the first: a d that comes to
    the tab while a dialog its step opened is up is the dialog's, as a key typed after it."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Activate(activatable(campaign.state)[0]))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        burst(app, "ddd")
        await until(pilot, lambda: isinstance(app.screen, Form))
        for _ in range(5):
            await pilot.pause()
        assert len(app.screen_stack) == 2, app.screen_stack
        form = app.screen
        assert isinstance(form, Form) and "discard which card" in form.title_text
    campaign.close()


@EITHER_WAY
@synchronous
async def test_a_hand_shown_turns_face_down_at_the_next_key_typed_however_quickly(
        tmp_path: Path, quickly: bool) -> None:
    """h shows the first player's hand, and any other key turns it face down again. Typed
    in one burst, h then down left the hand face up: the down came past the tab (which turns
    a hand face down) before the app had run h's step, which then showed the hand. The
    face-down is done in the key's turn, after the h (`answer_in_turn`)."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        models = pane.query_one("#bluff-models", DataTable)
        first = campaign.state.players[0]
        cards = [str(card) for card in campaign.state.hand(first)]
        hands = pane.query_one("#bluff-hands", Static)

        def face_up() -> bool:
            return any(card in str(hands.render()) for card in cards)

        assert cards and not face_up()
        await type_in(pilot, ["h"], in_one_burst=quickly)
        await until(pilot, face_up)  # the h alone shows it
        await type_in(pilot, ["h"], in_one_burst=quickly)
        await until(pilot, lambda: not face_up())
        row = models.cursor_row
        await type_in(pilot, ["h", "down"], in_one_burst=quickly)
        await until(pilot, lambda: models.cursor_row != row)
        for _ in range(5):
            await pilot.pause()
        assert pane.shown_hand == "" and not face_up(), hands.render()
    campaign.close()
