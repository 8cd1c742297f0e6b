"""Render SVG screenshots of gmscreen's main screens.

    python screenshots/make.py                 # the tally demo and every shipped sample
    python screenshots/make.py PATH.toml ...   # these campaigns only
    python screenshots/make.py --size 120x40   # other terminal sizes (default 80x24, 200x50)

Each campaign is copied to a temporary folder first, so the original is never written and
the app opens it for writing (no READ ONLY banner). One SVG a tab and size is written here,
named `<campaign>-<tab>-<size>.svg`; the tally demo also shows an undo preview and a replay.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout: gmscreen and tests importable

from textual.pilot import Pilot  # noqa: E402

from gmscreen import paths  # noqa: E402
from gmscreen.games import UnknownGame, rules_for  # noqa: E402
from gmscreen.journal.campaign import Campaign, open_campaign  # noqa: E402
from gmscreen.journal.store import JournalError  # noqa: E402
from gmscreen.ui.app import GmScreenApp  # noqa: E402
from gmscreen.ui.log_view import LogView  # noqa: E402
from gmscreen.ui.shell import ShellScreen  # noqa: E402
from gmscreen.ui.tabs import tab_id  # noqa: E402

SIZES = ((80, 24), (200, 50))


def size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 80x24: {text!r}") \
            from None


async def shoot(campaign: Campaign[Any], stem: str, sizes: list[tuple[int, int]],
                out: Path, extras: bool) -> list[Path]:
    """One screenshot a tab and size (and, with `extras`, an undo preview and a replay)."""
    made: list[Path] = []
    for width, height in sizes:
        app = GmScreenApp(campaign)
        app.animation_level = "none"  # a sliding tab underline would be caught mid-way
        async with app.run_test(size=(width, height)) as pilot:
            screen = app.screen
            assert isinstance(screen, ShellScreen)
            for number, title in enumerate(screen.titles, start=1):
                screen.show_tab(number)
                await settle(pilot)
                made.append(save(app, out, f"{stem}-{tab_id(title)[4:]}-{width}x{height}"))
            if extras and len(campaign.events) > 4:
                view = screen.query_one(LogView)
                first_event = next(i for i, line in enumerate(view.lines) if line.seq == 4)
                view.cursor = first_event
                screen.undo_to(4)
                await settle(pilot)
                made.append(save(app, out, f"{stem}-undo-preview-{width}x{height}"))
                await pilot.press("escape")
                screen.replay_to(4)
                screen.show_tab(1)
                await settle(pilot)
                made.append(save(app, out, f"{stem}-replay-{width}x{height}"))
    return made


async def settle(pilot: Pilot[Any]) -> None:
    """Let the switch of tab and the focus it moves reach the screen before the picture."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.2)


def save(app: GmScreenApp, out: Path, stem: str) -> Path:
    path = out / f"{stem}.svg"
    app.save_screenshot(filename=path.name, path=str(out))
    return path


def tally_demo(folder: Path) -> Campaign[Any]:
    from tests.ui.support import played

    return played(folder, name="Rattlesnake Wells (tally demo)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("campaigns", nargs="*", type=Path, help="campaign journals (.toml)")
    parser.add_argument("--size", type=size, action="append", dest="sizes",
                        help="a terminal size WIDTHxHEIGHT (again for more)")
    parser.add_argument("--out", type=Path, default=HERE, help="where the SVGs go")
    args = parser.parse_args(argv)
    sizes = args.sizes or list(SIZES)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        home = Path(scratch)
        # the remembered theme must not leak in: screenshots are in the western theme
        os.environ["GMSCREEN_HOME"] = str(home / "home")
        jobs: list[tuple[str, Path | None]] = []
        if args.campaigns:
            jobs += [(path.stem, path) for path in args.campaigns]
        else:
            jobs.append(("tally", None))
            jobs += [(path.stem, path) for path in sorted(paths.samples_dir().glob("*.toml"))]
        for number, (stem, path) in enumerate(jobs):
            folder = home / str(number)
            folder.mkdir()
            if path is None:
                campaign = tally_demo(folder)
            else:
                copy = folder / path.name
                try:
                    shutil.copyfile(path, copy)
                    campaign = open_campaign(copy, rules_for)
                except (OSError, JournalError, UnknownGame) as error:
                    print(f"skipped {path}: {error}", file=sys.stderr)
                    continue
            for made in asyncio.run(shoot(campaign, stem, sizes, args.out, path is None)):
                print(made.relative_to(args.out) if made.is_relative_to(args.out) else made)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
