"""Sections as plain text (`gmscreen replay`): whole lines for a file, wrapped at a word for
a terminal, a wide table's last column wrapped under itself."""

from __future__ import annotations

from rich.cells import cell_len

from gmscreen.journal.sections import NO_BREAK, as_text, grid, lines, names_kept_whole, whole

BACK_STORY = ("Back story: He lost his wife to his partner before the war and his whole "
              "company at Antietam; half a dozen men have fallen to him since.")
ITEMS = grid("Items", ("Item", "Uses", "Power"), [
    ("Relic", 1, "Dark Aura (dark_aura), Dark Aura (appearance) (appear), shown to the "
                 "moderator alone"),
    ("Knife", 2, "Stab"),
], note="Uses: how many nights the item still works, counted from the night it was found.")


def test_without_a_width_no_line_is_wrapped() -> None:
    text = as_text([lines("Jim", BACK_STORY), ITEMS])
    assert BACK_STORY in text.splitlines()
    assert max(map(len, text.splitlines())) > 80


def test_in_a_terminal_a_long_line_wraps_at_a_word_its_next_lines_indented() -> None:
    text = as_text([lines("Jim", BACK_STORY, "  - kept short")], width=40)
    shown = text.splitlines()
    assert max(map(len, shown)) <= 40
    body = shown[2:-1]
    assert body[0].startswith("Back story: He lost")
    assert all(line.startswith("  ") for line in body[1:])
    # every word is there, in order, none broken
    assert " ".join(line.strip() for line in body) == BACK_STORY
    assert shown[-1] == "  - kept short"


def test_a_table_too_wide_wraps_its_last_column_under_itself() -> None:
    shown = as_text([ITEMS], width=50).splitlines()
    assert max(map(len, shown)) <= 50
    power_at = shown[2].index("Power")
    relic = next(i for i, line in enumerate(shown) if line.startswith("Relic"))
    assert shown[relic][power_at:].startswith("Dark Aura (dark_aura),")
    following = shown[relic + 1]
    assert following[:power_at].strip() == "" and following[power_at] != " "
    assert any(line.startswith("Knife") and line.endswith("Stab") for line in shown)
    assert shown[3].split()[-1] == "-" * (50 - power_at)  # the rule as wide as the column


def test_a_table_that_fits_is_as_it_was() -> None:
    narrow = grid("Clocks", ("Clock", "Filled"), [("The posse", "2 of 6")])
    assert as_text([narrow], width=80) == as_text([narrow])


def test_a_name_with_wide_letters_keeps_its_columns_and_its_title_underlined() -> None:
    # an emoji takes two columns of a terminal: counted as one, its row's later columns and
    # the title's rule came one column short of the others
    text = as_text([grid("Posse 🐎", ("Name", "Guts", "State"),
                         [("Cora 🐎", "9", "ready"), ("Eli Moss", "11", "out")])])
    title, rule, heading, _, cora, eli = text.splitlines()
    assert cell_len(rule) == cell_len(title)
    where = [cell_len(row[:row.index(word)]) for row, word in
             ((heading, "Guts"), (cora, "9"), (eli, "11"))]
    assert where[0] == where[1] == where[2]
    states = [cell_len(row[:row.index(word)]) for row, word in
              ((heading, "State"), (cora, "ready"), (eli, "out"))]
    assert states[0] == states[1] == states[2]


def test_a_name_kept_whole_on_the_screens_is_written_with_plain_spaces() -> None:
    # "Dead: Stubby\u00a0on\u00a0K♥" went into a file or a post copied from the terminal
    text = as_text([lines("The fallen", f"Dead: {whole('Stubby on K♥')}, "
                          f"{whole('Little Orphan Annie')}")], width=30)
    assert NO_BREAK not in text
    # and kept whole where a terminal's line wraps
    assert text.splitlines()[2:] == ["Dead: Stubby on K♥,", "  Little Orphan Annie"]


def test_names_and_the_count_after_one_are_kept_whole_in_a_line() -> None:
    # "Sheriff" ended a row and "Cole" began the next, or "5" began one, read as nobody's
    keep = names_kept_whole(["Sheriff Cole", "Ma Hendry", "Ann"])
    line = keep("Cards held: Ann 5, Sheriff Cole 4 · Sheriff Cole's gang 5♠ Ma Hendry drew")
    assert line == (f"Cards held: {whole('Ann 5')}, {whole('Sheriff Cole 4')} · "
                    f"{whole('Sheriff Cole')}'s gang 5♠ {whole('Ma Hendry')} drew")
    assert names_kept_whole([])("Sheriff Cole 4") == "Sheriff Cole 4"
    # the wrapping keeps each together; a file gets plain spaces
    text = as_text([lines("Cards", line)], width=24)
    assert "Sheriff Cole 4" in text.splitlines()[3] and NO_BREAK not in text

