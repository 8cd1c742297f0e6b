"""Campaign names become file names that stay inside the campaigns folder, whatever the name."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.paths import campaign_file_name

TRICKY = st.lists(st.sampled_from(["/", "\\", ".", "..", "\0", " ", "-", "_", "~", "$", ":", "*",
                                   "?", "\n", "a", "Z", "é", "名", "🤠"]), max_size=30).map("".join)


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("The Hanged Man", "the-hanged-man.toml"),
        ("../../etc/passwd", "etc-passwd.toml"),
        ("/", "campaign.toml"),
        ("..", "campaign.toml"),
        (".hidden", "hidden.toml"),
        ("", "campaign.toml"),
        ("a/b\\c", "a-b-c.toml"),
        ("\0", "campaign.toml"),
        ("  Dead_Man's   Hand  ", "dead-man-s-hand.toml"),
        ("[bold]Tally[/bold]", "bold-tally-bold.toml"),
    ],
)
def test_examples(name: str, file: str) -> None:
    assert campaign_file_name(name) == file


@given(st.text() | TRICKY)
def test_a_file_name_never_leaves_the_folder(name: str) -> None:
    file = campaign_file_name(name)
    assert file.endswith(".toml") and len(file) > len(".toml")
    assert not file.startswith((".", "-")) and "/" not in file and "\\" not in file
    assert "\0" not in file and ".." not in file and "\n" not in file
    folder = Path("/campaigns")
    assert (folder / file).parent == folder and (folder / file).name == file
    assert campaign_file_name(name) == file  # the same name, the same file
