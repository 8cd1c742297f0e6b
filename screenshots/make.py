"""Render SVG screenshots of gmscreen's main screens, for the README.

    python screenshots/make.py                 # every sample campaign in campaigns/
    python screenshots/make.py PATH.toml ...   # these campaigns only
    python screenshots/make.py --size 80x24    # another terminal size (default 120x36)

Each campaign is copied into a temporary GMSCREEN_HOME first, so the original is never
written and the app opens the copy for writing (no READ ONLY banner), in the western theme.
For each campaign the real app is opened and pictured: every tab, then an undo-to-here
preview (when there is an earlier step to undo back to) and a replay, as
`<campaign>-<tab>.svg`, `<campaign>-undo-preview.svg` and `<campaign>-replay.svg`; then the
players' screen (`gmscreen show`) of the same campaign as `<campaign>-players.svg`. A game
that lands later is pictured as soon as its sample is in campaigns/.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout: gmscreen importable

from textual.pilot import Pilot  # noqa: E402

from gmscreen import paths  # noqa: E402
from gmscreen.games import rules_for  # noqa: E402
from gmscreen.journal.campaign import Campaign, open_campaign  # noqa: E402
from gmscreen.ui.app import GmScreenApp  # noqa: E402
from gmscreen.ui.players import PlayersApp  # noqa: E402
from gmscreen.ui.shell import ShellScreen  # noqa: E402
from gmscreen.ui.tabs import tab_id  # noqa: E402
from gmscreen.ui.undo_preview import UndoPreview  # noqa: E402

#: big enough to show a whole tab, small enough to read when the README scales it down
SIZE = (120, 36)


def size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 80x24: {text!r}") \
            from None


def candidates(campaign: Campaign[Any]) -> Iterator[int]:
    """Events to undo back to or replay: from a few steps before the end, backwards, so the
    pictures show some history taken back and some still to come."""
    live = [event.seq for event in campaign.events if not campaign.is_undone(event)]
    start = max(0, len(live) - 6)
    yield from reversed(live[:start + 1])


async def shoot(campaign: Campaign[Any], stem: str, width: int, height: int,
                out: Path) -> list[Path]:
    """One screenshot a tab, then an undo preview (when the campaign has a step to undo
    back to) and a replay."""
    made: list[Path] = []
    app = GmScreenApp(campaign)
    app.animation_level = "none"  # a sliding tab underline would be caught mid-way
    async with app.run_test(size=(width, height)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        for number, title in enumerate(screen.titles, start=1):
            await screen.show_tab(number)  # built the first time it is shown
            await settle(pilot)
            made.append(save(app, out, f"{stem}-{tab_id(title).removeprefix('tab-')}"))
        shown: int | None = None
        for seq in candidates(campaign):
            screen.undo_to(seq)
            await settle(pilot)
            if isinstance(app.screen, UndoPreview):
                made.append(save(app, out, f"{stem}-undo-preview"))
                await pilot.press("n")
                await settle(pilot)
                shown = seq
                break
        # a sample saved as one step has nothing to undo back to, but a past to replay
        past = shown or next(candidates(campaign), None)
        if past is not None:
            screen.replay_to(past)
            await screen.show_tab(1)
            await settle(pilot)
            made.append(save(app, out, f"{stem}-replay"))
    return made


async def shoot_players(path: Path, stem: str, width: int, height: int, out: Path) -> Path:
    """The players' screen of the campaign at `path`, as `gmscreen show` draws it."""
    app = PlayersApp(path)
    app.animation_level = "none"
    async with app.run_test(size=(width, height)) as pilot:
        await settle(pilot)
        app.save_screenshot(filename=f"{stem}-players.svg", path=str(out))
    return out / f"{stem}-players.svg"


async def settle(pilot: Pilot[Any]) -> None:
    """Let the switch of tab and the focus it moves reach the screen before the picture."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.2)


def save(app: GmScreenApp, out: Path, stem: str) -> Path:
    path = out / f"{stem}.svg"
    app.save_screenshot(filename=path.name, path=str(out))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("campaigns", nargs="*", type=Path,
                        help="campaign journals (.toml); default: every sample")
    parser.add_argument("--size", type=size, default=SIZE, help="WIDTHxHEIGHT (120x36)")
    parser.add_argument("--out", type=Path, default=HERE, help="where the SVGs go")
    args = parser.parse_args(argv)
    width, height = args.size
    args.out.mkdir(parents=True, exist_ok=True)
    jobs: list[Path] = args.campaigns or sorted(paths.samples_dir().glob("*.toml"))
    if not args.campaigns:
        for old in args.out.glob("*.svg"):  # a sample renamed or removed leaves no picture
            old.unlink()
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        home = Path(scratch)
        # the remembered theme and last campaign must not leak in from the user's own
        os.environ["GMSCREEN_HOME"] = str(home / "home")
        for number, path in enumerate(jobs):
            copy = home / str(number) / path.name
            copy.parent.mkdir()
            try:
                shutil.copyfile(path, copy)
                campaign = open_campaign(copy, rules_for)
                for made in asyncio.run(shoot(campaign, path.stem, width, height, args.out)):
                    print(made)
                print(asyncio.run(shoot_players(copy, path.stem, width, height, args.out)))
            except Exception:  # one broken sample must not stop the others' pictures
                failed += 1
                print(f"{path}: no screenshots", file=sys.stderr)
                traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
