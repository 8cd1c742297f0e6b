"""Campaign names become file names that stay inside the campaigns folder, whatever the name;
a name with nothing to make a file name of is refused, saying so."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.journal.catalogue import CampaignRefused, file_name

TRICKY = st.lists(st.sampled_from(["/", "\\", ".", "..", "\0", " ", "-", "_", "~", "$", ":", "*",
                                   "?", "\n", "a", "Z", "é", "名", "🤠"]), max_size=30).map("".join)


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("The Hanged Man", "the-hanged-man.toml"),
        ("../../etc/passwd", "etc-passwd.toml"),
        (".hidden", "hidden.toml"),
        ("a/b\\c", "a-b-c.toml"),
        ("  Dead_Man's   Hand  ", "dead-man-s-hand.toml"),
        ("[bold]Tally[/bold]", "bold-tally-bold.toml"),
    ],
)
def test_examples(name: str, file: str) -> None:
    assert file_name(name) == file


@pytest.mark.parametrize("name", ["/", "..", "...", "", "\0", "🔥🔥"])
def test_a_name_with_nothing_to_make_a_file_name_of_is_refused(name: str) -> None:
    with pytest.raises(CampaignRefused, match="no letter or digit"):
        file_name(name)


@given(st.text() | TRICKY)
def test_a_file_name_never_leaves_the_folder(name: str) -> None:
    try:
        file = file_name(name)
    except CampaignRefused:
        return
    assert file.endswith(".toml") and len(file) > len(".toml")
    assert not file.startswith((".", "-")) and "/" not in file and "\\" not in file
    assert "\0" not in file and ".." not in file and "\n" not in file
    folder = Path("/campaigns")
    assert (folder / file).parent == folder and (folder / file).name == file
    assert file_name(name) == file  # the same name, the same file
