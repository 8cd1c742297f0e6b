"""Round 24: every action without its key, by the command palette and by the mouse
(docs/rules/devils-bluff.md, "Without the keys: the mouse and the palette (round 24)")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.command import CommandList, CommandPalette

from gmscreen import paths
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.shell import ShellScreen
from tests.pilot import Notices, synchronous, to_tab, until

#: a word a Dealer types into ctrl+p for a step, and the step's palette line it must find
#: first (the footer's words alone, "Round", "Attack", "Mend HP/tokens", "Set-up", "Done",
#: found nothing for "deal", "shoot", "wound", "set up", "end turn", "recruit")
WORDS = {
    "deal": "Conflict: Round: initiative, and deal five to everyone",
    "initiative": "Conflict: Round: initiative, and deal five to everyone",
    "shoot": "Conflict: Attack: shoot or fire at a model, or fight up close",
    "fire": "Conflict: Attack: shoot or fire at a model, or fight up close",
    "wound": "Conflict: Mend HP/tokens: a wound, damage or suppression set right",
    "damage": "Conflict: Mend HP/tokens: a wound, damage or suppression set right",
    "move": "Conflict: Advance (move)",
    "end turn": "Conflict: Done: end the activation, the turn passes",
    "suppress": "Conflict: Recover: shed suppression tokens",
    "shuffle": "Conflict: New game: start a game, the deck shuffled",
    "score": "Conflict: Score points for an objective",
    "set up": "Characters: Set-up: set up a one-off or campaign, hiring, settings",
    "one-off": "Characters: Set-up: set up a one-off or campaign, hiring, settings",
    "recruit": "Characters: Enlist: recruit a leader, a gunslinger or a hired gun",
    "experience": "Characters: Level up: experience, a perk (an ability at 3)",
}


async def first_found(pilot: Any, word: str) -> str:
    """The first line ctrl+p lists for `word`, once its search has run."""
    await pilot.press("ctrl+p", *word)

    def listed() -> bool:
        palette = pilot.app.screen
        return (isinstance(palette, CommandPalette)
                and palette.query_one(CommandList).option_count > 0)

    await until(pilot, listed)
    await pilot.pause(0.3)  # the search's hits arrive in batches: the list is settled
    results = pilot.app.screen.query_one(CommandList)
    return str(results.get_option_at_index(0).prompt).partition("\n")[0]


@synchronous
async def test_the_palette_finds_each_step_by_the_game_s_words(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(120, 40)) as pilot:
        found = {}
        for word in WORDS:
            found[word] = await first_found(pilot, word)
            await pilot.press("escape")
            await pilot.pause()
        assert found == WORDS
        # chosen, "deal" does what r does mid-round: refused, saying the rule
        await first_found(pilot, "deal")
        await pilot.press("enter")
        await until(pilot, lambda: notices.of("warning"))
        [refused] = notices.of("warning")
        assert (refused.title, refused.message) == (
            "Rounds", "Sheriff Cole still has models to activate")
    campaign.close()


@synchronous
async def test_the_palette_s_hand_lines_end_in_their_keys_as_set(tmp_path: Path) -> None:
    """Every step's palette line ends in its key as the Dealer set it (the kit's, round 24);
    the two hands' lines, which Devils Bluff words itself to name whose hand, ended in no
    key at all."""
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text('[keys]\n"devils_bluff.hand_first" = "j"\n',
                                     encoding="utf-8")
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first, second = campaign.state.players
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        said = {c.title: c.help for c in shell_commands(app, screen)}
        assert said[f"Conflict: Hand 1 ({first}'s): look or hide"] == (
            f"Look at or hide {first}'s hand, for their eyes only (j)")
        assert said[f"Conflict: Hand 2 ({second}'s): look or hide"] == (
            f"Look at or hide {second}'s hand, for their eyes only (H)")
    campaign.close()
