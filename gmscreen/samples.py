"""The sample campaigns shipped in `campaigns/`, built by running each game's commands.

Each game's `sample.py` lists its samples in `SAMPLES`. `python -m gmscreen.samples`
writes every sample journal anew into the repository's `campaigns/` folder (or the folder
given), so the shipped files are always what the current rules produce.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from gmscreen.games import GAMES, rules_for
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.paths import samples_dir

#: the sample a new user sees first
FIRST_SAMPLE = "the-hanged-man"


@dataclass(frozen=True)
class Sample:
    """A campaign ready to open: `file` is its name in campaigns/ without `.toml`."""

    file: str
    name: str
    game: str
    build: Callable[[Campaign[Any]], None]
    seed: int = 1


def all_samples() -> list[Sample]:
    samples: list[Sample] = []
    for package in GAMES.values():
        try:
            module = importlib.import_module(f"{package}.sample")
        except ModuleNotFoundError as error:
            if error.name and f"{package}.sample".startswith(error.name):
                continue  # a game that ships no sample yet
            raise
        samples.extend(module.SAMPLES)
    return samples


def write_sample(sample: Sample, folder: Path) -> Path:
    """Build one sample journal in `folder`, replacing an older copy of it."""
    path = folder / f"{sample.file}.toml"
    path.unlink(missing_ok=True)
    created = datetime(2026, 11, 1, 19, 0).astimezone()
    store = JournalStore.create(path, new_header(sample.game, sample.name, sample.seed, created))
    campaign = Campaign.load(rules_for(sample.game), store.load(), store)
    try:
        sample.build(campaign)
    finally:
        campaign.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the sample campaigns anew.")
    parser.add_argument("folder", nargs="?", type=Path, default=samples_dir())
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="only this game's samples (may be given more than once)")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for sample in all_samples():
        if args.game is None or sample.game in args.game:
            print(write_sample(sample, args.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
