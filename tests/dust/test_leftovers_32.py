"""Dust, round 32: what rounds 29 to 31 left. The set-up's footer at 80 columns keeps the
Dealer's most used keys (Undo, Note, the session's) in sight: the opening, written once a
game, is named in the Keys line above the sheet (and in the palette) instead."""

from __future__ import annotations

from pathlib import Path

from tests.dust.app import CHARACTERS, app_of, seated
from tests.pilot import fill, screen_text, synchronous, to_tab, until


def footer_line(text: str) -> str:
    return text.splitlines()[-1]


@synchronous
async def test_the_set_up_footer_at_80_columns_keeps_undo_note_and_the_session(
        tmp_path: Path) -> None:
    campaign = seated(tmp_path)
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        await pilot.pause()
        shown = screen_text(app)
        # before the first session: the steps of the set-up, Undo, Note and the session's start
        footer = footer_line(shown)
        for key in ("p Add player", "s Day 1", "^z Undo", "n Note", "f5 Start session"):
            assert key in footer, footer
        assert "i opening" in shown.replace("\n", " ")  # the Keys line names it
        # in a session, every key of the set-up fits: Note and the session's end too
        campaign.start_session()
        app.screen.refresh_bindings()
        await pilot.pause()
        await until(pilot, lambda: "f6 End session" in footer_line(screen_text(app)))
        footer = footer_line(screen_text(app))
        for key in ("p Add player", "s Day 1", "^z Undo", "n Note", "f6 End session"):
            assert key in footer, footer
        # the key still writes the opening
        await fill(pilot, "i", text="Dust on the road.")
        await until(pilot, lambda: campaign.state.opening == ("Dust on the road.",))
