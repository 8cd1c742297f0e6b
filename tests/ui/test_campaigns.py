"""Campaigns from inside the app: the folder listed with each campaign's game, sessions and
last play; Enter opens one; n starts a new one, refusing a name it cannot use."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets._select import SelectOverlay

from gmscreen.journal.catalogue import CampaignRefused, catalogue, create, file_name
from gmscreen.ui.campaigns import CampaignsScreen, played_words
from tests.pilot import burst, fill, refusal_shown, screen_text, synchronous, until

SAMPLES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "samples-cb5e155"


class Host(App[None]):
    def __init__(self, screen: CampaignsScreen) -> None:
        super().__init__()
        self.picker = screen
        self.answers: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.picker, self.answers.append)


def folder_of_samples(tmp_path: Path) -> Path:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    for name in ("the-hanged-man.toml", "fistful-dalton-boys.toml", "dust-fifteen.toml"):
        shutil.copy(SAMPLES / name, folder / name)
    (folder / "shopping.toml").write_text("eggs = 12\n", encoding="utf-8")
    return folder


def test_the_catalogue_sums_up_each_campaign_without_folding_it(tmp_path: Path) -> None:
    found = {s.path.name: s for s in catalogue(folder_of_samples(tmp_path))}
    hanged = found["the-hanged-man.toml"]
    assert (hanged.name, hanged.game) == ("The Hanged Man", "dust-devils")
    text = (SAMPLES / "the-hanged-man.toml").read_text(encoding="utf-8")
    assert hanged.events == text.count("[[event]]") and hanged.sessions >= 1
    assert hanged.last_played is not None
    assert found["shopping.toml"].problem == "not a gmscreen journal"


def test_a_new_campaign_refuses_names_it_cannot_use(tmp_path: Path) -> None:
    create(tmp_path, "The Hanged Man", "dust-devils").close()
    for name, said in (("The hanged man!", "already a campaign"), ("..", "no letter or digit"),
                       ("🔥🔥", "no letter or digit"), ("  ", "needs a name")):
        try:
            create(tmp_path, name, "dust")
        except CampaignRefused as refused:
            assert said in str(refused), (name, refused)
        else:
            raise AssertionError(f"{name!r} was taken")
    try:
        create(tmp_path, "Dry Creek", "")
    except CampaignRefused as refused:
        assert "needs a game" in str(refused)
    else:
        raise AssertionError("a campaign of no game was started")
    assert file_name("../../etc/passwd") == "etc-passwd.toml"
    assert sorted(p.name for p in tmp_path.glob("*.toml")) == ["the-hanged-man.toml"]


@synchronous
async def test_enter_opens_the_campaign_under_the_cursor(tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    app = Host(CampaignsScreen(folder, folder / "dust-fifteen.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.picker.query_one(DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert "Fifteen (open now)" in " ".join(names) or any("(open now)" in n for n in names)
        # the cursor starts on the campaign open now (in this folder not the first row)
        assert "(open now)" in names[table.cursor_row] and table.cursor_row > 0
        row = next(i for i, n in enumerate(names) if n.startswith("The Hanged Man"))
        table.move_cursor(row=row)
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers == [folder / "the-hanged-man.toml"]


@pytest.mark.parametrize(("keys", "row"), [(["down", "enter"], 1), (["enter", "down"], 0)])
@synchronous
async def test_keys_typed_together_with_enter_open_the_campaign_enter_was_on(
        tmp_path: Path, keys: list[str], row: int) -> None:
    # as tmux, a paste or a quick hand types them: the screen's own Enter was taken before
    # the list had moved, and opened the campaign the cursor was leaving; and a down typed
    # after the Enter moved the cursor before the Enter's word came, opening the one below
    folder = folder_of_samples(tmp_path)
    app = Host(CampaignsScreen(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.picker.query_one(DataTable)
        assert table.cursor_row == 0
        meant = app.picker.summaries[row].path
        burst(app, keys)
        await until(pilot, lambda: app.answers)
    assert app.answers == [meant]


@synchronous
async def test_a_click_on_the_highlighted_campaign_opens_it(tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    app = Host(CampaignsScreen(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.picker.query_one(DataTable)
        # the first click highlights the second row, the second opens it
        second = app.picker.summaries[1].path
        top = table.ordered_rows[0].height
        await pilot.click(table, offset=(3, 1 + top))
        await pilot.pause()
        assert table.cursor_row == 1 and not app.answers
        await pilot.click(table, offset=(3, 1 + top))
        await until(pilot, lambda: app.answers)
    assert app.answers == [second]


@synchronous
async def test_n_starts_a_new_campaign_and_opens_it(tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    app = Host(CampaignsScreen(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await fill(pilot, "n", game="fistful", name="The Hanged Man")
        refusal_shown(app, "New campaign")
        await fill(pilot, name="The Younger Brothers")
        await until(pilot, lambda: app.answers)
    made = folder / "the-younger-brothers.toml"
    assert app.answers == [made]
    assert 'game = "fistful"' in made.read_text(encoding="utf-8")


@synchronous
async def test_the_new_campaign_form_starts_on_the_name_and_tab_goes_on_to_the_game(
        tmp_path: Path) -> None:
    app = Host(CampaignsScreen(folder_of_samples(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "f-name"
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "f-game"
        # every game and nothing else: a campaign played by no game cannot be started
        await pilot.press("enter")
        await pilot.pause()
        offered = app.screen.query_one(SelectOverlay)
        assert [str(offered.get_option_at_index(at).prompt)
                for at in range(offered.option_count)] == [
            "Dust Devils", "A Fistful of Sixes", "Dead Man's Hand", "Devils Bluff", "Dust"]



def test_campaigns_opened_lately_from_other_folders_are_listed_once_if_still_there(
        tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    away = tmp_path / "away"
    away.mkdir()
    shutil.copy(SAMPLES / "dead-mans-hand-jailbreak.toml", away / "jailbreak.toml")
    found = [s.path for s in catalogue(folder, [away / "jailbreak.toml", away / "gone.toml",
                                                folder / "dust-fifteen.toml",
                                                away / "jailbreak.toml"])]
    assert found.count(away / "jailbreak.toml") == 1
    assert away / "gone.toml" not in found
    assert found.count(folder / "dust-fifteen.toml") == 1
    assert len(found) == 5


def test_the_campaigns_opened_lately_are_remembered_the_last_first(
        tmp_path: Path, monkeypatch: Any) -> None:
    from gmscreen import paths

    monkeypatch.setenv("GMSCREEN_HOME", str(tmp_path / "home"))
    for name in ("a.toml", "b.toml", "a.toml", *(f"{n}.toml" for n in range(20))):
        paths.remember_campaign(tmp_path / name)
    recent = paths.recent_campaigns()
    assert recent[0] == (tmp_path / "19.toml").resolve()
    assert len(recent) == paths.RECENT and len(set(recent)) == len(recent)
    assert paths.load_settings()["last_campaign"] == str((tmp_path / "19.toml").resolve())
    # one made (`gmscreen new --dir`) is listed, but `gmscreen` alone opens the last opened
    paths.remember_campaign(tmp_path / "made.toml", opened=False)
    assert paths.recent_campaigns()[0] == (tmp_path / "made.toml").resolve()
    assert paths.load_settings()["last_campaign"] == str((tmp_path / "19.toml").resolve())


@synchronous
async def test_a_campaign_from_another_folder_is_listed_with_its_folder(tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    away = tmp_path / "away"
    away.mkdir()
    shutil.copy(SAMPLES / "dead-mans-hand-jailbreak.toml", away / "jailbreak.toml")
    app = Host(CampaignsScreen(folder, away / "jailbreak.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.picker.query_one(DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        opened = names[table.cursor_row]
        # the one open now is listed though it is not in the folder, saying where it is
        assert "(open now)" in opened and opened.endswith(f"\n{away}")
        assert not any(n.endswith(str(folder)) for n in names)
        await pilot.press("enter")
        await until(pilot, lambda: app.answers)
    assert app.answers == [away / "jailbreak.toml"]


def test_last_played_is_said_as_short_as_a_dealer_reads_it() -> None:
    now = datetime(2026, 11, 25, 21, 30).astimezone()
    assert played_words(None, now) == "never"
    assert played_words(now - timedelta(hours=2), now) == "today 19:30"
    assert played_words(now - timedelta(days=1), now) == "yesterday"
    assert played_words(datetime(2026, 3, 2, 20, 0).astimezone(), now) == "Mon 02 Mar"
    assert played_words(datetime(2025, 3, 2, 20, 0).astimezone(), now) == "02 Mar 2025"


@synchronous
async def test_every_column_fits_80_columns_the_names_wrapped(tmp_path: Path) -> None:
    folder = folder_of_samples(tmp_path)
    long = create(folder, "Devils Bluff: the first game of a campaign at the livery",
                  "devils-bluff")
    long.close()
    app = Host(CampaignsScreen(folder, long.path))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.picker.query_one(DataTable)

        def open_row_height() -> int:
            return table.rows[table.ordered_rows[table.cursor_row].key].height

        await until(pilot, lambda: table.row_count and open_row_height() > 1)
        assert [str(c.label) for c in table.ordered_columns][-1] == "Last played"
        # every column and its cells' padding within the dialog's 76 columns
        assert sum(c.get_render_width(table) for c in table.ordered_columns) <= 76
        row = table.cursor_row
        assert "(open now)" in str(table.get_row_at(row)[0])
        assert table.rows[table.ordered_rows[row].key].height > 1  # wrapped, not cut
        narrow = table.ordered_columns[0].width
        await pilot.resize_terminal(200, 50)
        # laid out again for the room there is now, the cursor where it was

        def heights() -> list[int]:
            return [table.rows[r.key].height for r in table.ordered_rows]

        await until(pilot, lambda: table.ordered_columns[0].width > narrow
                    and heights().count(1) == len(heights()) - 1)
        assert table.cursor_row == row and heights()[row] > 1


@synchronous
async def test_a_long_list_scrolls_within_the_dialog_the_campaign_open_now_in_sight(
        tmp_path: Path) -> None:
    # all twelve samples at 80x24: more rows than the screen holds. The list ran two lines
    # under the dialog's border, the campaign open now (listed last) among them
    folder = tmp_path / "campaigns"
    shutil.copytree(SAMPLES, folder)
    last = catalogue(folder)[-1]
    for size in ((80, 24), (120, 16)):
        app = Host(CampaignsScreen(folder, last.path))
        async with app.run_test(size=size) as pilot:
            # awaited within the turn of the loop: the app of this turn
            await until(pilot, lambda: "(open now)" in screen_text(app))  # noqa: B023
            table = app.picker.query_one(DataTable)
            box = table.parent
            assert isinstance(box, Widget)
            assert table.region.bottom <= box.content_region.bottom, size
            assert table.max_scroll_y > 0 and table.cursor_row == len(catalogue(folder)) - 1
            assert "(open now)" in screen_text(app), size
            await pilot.press("home")
            await pilot.pause()
            top = screen_text(app)
            first = catalogue(folder)[0].name.split()[0]
            assert first in top and "(open now)" not in top, size
