"""The western theme, the others beside it, and the one chosen last time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.color import Color

from gmscreen import paths
from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.theme import OFFERED, WESTERN, load_themes, next_theme, theme_from_toml
from tests.pilot import contrast, from_palette
from tests.ui.support import played, synchronous, until

SAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def test_the_western_theme_is_shipped_and_readable() -> None:
    western = theme_from_toml(paths.themes_dir() / "western.toml")
    assert western.name == WESTERN and western.dark
    assert western.foreground and western.background and western.surface and western.panel
    # body text and the brass of what you act on read well on leather (WCAG AAA and AA)
    assert contrast(western.foreground, western.background) >= 7
    assert contrast(western.foreground, western.panel) >= 7
    for colour in (western.primary, western.accent, western.warning, western.error,
                   western.success):
        assert colour is not None and contrast(colour, western.background) >= 4.5
        assert contrast(colour, western.surface) >= 4.5


@pytest.mark.parametrize(("text", "problem"), [
    ('dark = true\nprimary = "#fff"\n', "needs a name"),
    ('name = "x"\n', "needs a primary colour"),
    ('name = "x"\nprimary = "brassy"\n', "primary is not a colour: 'brassy'"),
    ('name = "x"\nprimary = "#fff"\nbackground = 3\n', "background must be a colour"),
    ('name = "x"\nprimary = "#fff"\ndark = "yes"\n', "dark must be true or false"),
    ('name = "x\n', "cannot be read"),
])
def test_a_bad_theme_file_is_skipped_with_the_field_named(tmp_path: Path, text: str,
                                                          problem: str) -> None:
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    (tmp_path / "good.toml").write_text('name = "good"\nprimary = "#D4A24C"\n',
                                        encoding="utf-8")
    themes, problems = load_themes(tmp_path)
    assert [t.name for t in themes] == ["good"]
    assert len(problems) == 1 and problems[0].path.name == "bad.toml"
    assert problem in str(problems[0])


def test_the_theme_key_cycles_the_offered_themes() -> None:
    assert [next_theme(name) for name in OFFERED] == ["textual-dark", "textual-light", WESTERN]
    assert next_theme("nord") == WESTERN


@synchronous
async def test_the_western_theme_is_the_first_and_a_change_is_remembered(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == WESTERN
        await pilot.press("ctrl+t")
        await until(pilot, lambda: paths.load_settings().get("theme") == "textual-dark")
        assert app.theme == "textual-dark"
    (tmp_path / "again").mkdir()
    again = GmScreenApp(played(tmp_path / "again"))
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.theme == "textual-dark"
        await from_palette(pilot, "Theme: textual-light")
        await until(pilot, lambda: paths.load_settings().get("theme") == "textual-light")


@synchronous
async def test_the_remembered_theme_is_worn_from_the_first_frame_and_not_saved_again(
        tmp_path: Path) -> None:
    paths.save_setting("theme", "textual-light")
    settings = paths.settings_file()
    written = settings.stat().st_mtime_ns
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-light"
        assert app.has_class("-theme-textual-light", "-light-mode")
        assert not app.has_class("-dark-mode", "-theme-textual-dark")
        variables = app.get_css_variables()
        assert app.screen.styles.background == Color.parse(variables["background"])
        assert app.theme_variables["background"] == variables["background"]
    assert settings.stat().st_mtime_ns == written  # starting changed nothing


@synchronous
async def test_without_colour_a_cursor_is_reversed_and_a_refusal_is_signed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # with NO_COLOR a cursor's band was a grey among greys, and a refusal's notice looked
    # like any other (round 26)
    from textual.widgets import DataTable
    from textual.widgets._toast import Toast

    def hanged_man(folder: Path) -> GmScreenApp:
        folder.mkdir(exist_ok=True)
        path = shutil.copy(SAMPLES / "the-hanged-man.toml", folder)
        return GmScreenApp(open_campaign(Path(path), rules_for))

    monkeypatch.setenv("NO_COLOR", "1")
    app = hanged_man(tmp_path / "dim")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: len(app.screen.query(DataTable)) > 0)
        table = app.screen.query(DataTable).first()
        assert table.get_component_rich_style("datatable--cursor").reverse
        app.notify("a pinned model cannot run", title="Pinned", severity="warning")
        app.notify("Note #9 saved.", title="Journal")
        await until(pilot, lambda: len(app.screen.query(Toast)) == 2)
        # Textual draws a notice's title in colour and bold alone: the refusal's has a sign
        drawn = {toast.has_class("-warning"): str(toast.render()).partition("\n")[0]
                 for toast in app.screen.query(Toast)}
        assert drawn == {True: "⚠ Pinned", False: "Journal"}
    monkeypatch.delenv("NO_COLOR")
    coloured = hanged_man(tmp_path / "coloured")
    async with coloured.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(coloured.screen.query(DataTable)) > 0)
        table = coloured.screen.query(DataTable).first()
        assert not table.get_component_rich_style("datatable--cursor").reverse


@synchronous
async def test_in_every_theme_a_form_s_field_the_footer_s_keys_a_dial_and_the_filters_read(
        tmp_path: Path) -> None:
    # in daylight the current field's label read 2.9 to 1 on its band, the footer's keys
    # 2.3 to 1, a dial's empty part 1.2 to 1 and the log's filters 2.9 to 1 (round 26)
    from rich.style import Style
    from textual.widgets._footer import FooterKey

    from gmscreen.ui.clock_face import unreached
    from gmscreen.ui.form import Form, text

    def hex_of(style: Style, part: str) -> str:
        colour = style.color if part == "color" else style.bgcolor
        assert colour is not None and colour.triplet is not None
        return colour.triplet.hex

    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        for name in OFFERED:
            app.theme = name
            await pilot.pause()
            ground = app.theme_variables["background"]
            assert contrast(unreached(app).get_truecolor().hex, ground) >= 1.8, name
            key = app.screen.query(FooterKey).first()
            look = key.get_component_rich_style("footer-key--key")
            assert contrast(hex_of(look, "color"), hex_of(key.rich_style, "bgcolor")) >= 4.5, \
                name
            app.push_screen(Form("Who", [text("name", "Name", placeholder="blank: nobody")]))
            await until(pilot, lambda: isinstance(app.screen, Form)
                        and len(app.screen.query(".form-label.-current")) == 1)
            label = app.screen.query_one(".form-label.-current")
            drawn = label.rich_style
            assert contrast(hex_of(drawn, "color"), hex_of(drawn, "bgcolor")) >= 4.5, name
            # the words in an empty box (2.6 to 1 in daylight at the disabled text's colour)
            box = app.screen.query_one("#f-name")
            hint = box.get_component_rich_style("input--placeholder")
            assert contrast(hex_of(hint, "color"), hex_of(box.rich_style, "bgcolor")) >= 3.5, \
                name
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
            # the log's filters set to nothing ("Every session")
            await pilot.press("5")
            await until(pilot, lambda: len(app.screen.query("#log-session")) == 1)
            prompt = app.screen.query_one("#log-session").query_one("_Face").rich_style
            assert contrast(hex_of(prompt, "color"), hex_of(prompt, "bgcolor")) >= 4.5, name
            await pilot.press("1")
