"""What the app does at start to open fast: the footer built once with its keys, the shell
styled once, and the campaign's objects kept out of the cyclic collector only while the app
runs."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.widgets import Input, TabbedContent
from textual.widgets._footer import FooterKey

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.shell import ShellScreen
from tests.pilot import styled_nodes
from tests.ui.support import played, synchronous, to_tab, until


@synchronous
async def test_the_footer_is_built_once_with_its_keys_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[tuple[str | None, int]] = []
    compose = KeysFooter.compose

    def counted(self: KeysFooter) -> ComposeResult:
        keys = list(compose(self))
        builds.append((self.id, len(keys)))
        return keys

    monkeypatch.setattr(KeysFooter, "compose", counted)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Add 1" in [k.description for k in app.query(FooterKey)])
        for _ in range(5):
            await pilot.pause()
        # Textual composes it empty before the keys are known, then once with them; the
        # replay's footer, hidden, holds nothing until a replay shows it
        assert next(keys for footer, keys in builds if footer == "shell-keys") == 0
        assert len([footer for footer, _ in builds if footer == "shell-keys"]) == 2
        assert [keys for footer, keys in builds if footer == "shell-replay-keys"] == [0]


@synchronous
async def test_the_collector_gets_the_campaign_back_when_the_app_leaves(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    assert gc.get_freeze_count() > 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


@synchronous
async def test_the_collector_is_off_while_the_first_screen_is_built_then_on_again(
        tmp_path: Path) -> None:
    assert gc.isenabled()
    app = GmScreenApp(played(tmp_path))
    assert not gc.isenabled()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, gc.isenabled)
        assert gc.get_freeze_count() > 0
        # a tab built later is frozen too, once drawn (to_tab: a "2" pressed before the tab
        # bar's first activation landed was overridden by it, and no tab was built). Asked
        # of the tab's own widgets: the freeze count alone can fall as frozen objects of the
        # first frame are freed (it did once, under load)
        await to_tab(pilot, "2")
        tab = app.screen.query_one(TabbedContent).active_pane
        assert tab is not None
        built = tab.query("*").last()  # made as the tab was built, not with the shell
        assert gc.is_tracked(built)
        await until(pilot, lambda: _frozen(built))
        assert gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def _frozen(thing: object) -> bool:
    """`thing` is out of the collector's sight: in none of its generations (gc.freeze)."""
    return all(tracked is not thing for tracked in gc.get_objects())


@synchronous
async def test_the_collector_is_on_again_if_the_app_never_shows_its_screen(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    assert not gc.isenabled()
    app.on_unmount()  # what Textual calls when the app leaves, drawn or not
    assert gc.isenabled() and gc.get_freeze_count() == 0


@synchronous
async def test_the_collector_turned_off_before_textual_loads_is_on_once_the_screen_is_drawn(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    gc.disable()  # as `gmscreen open` does before it imports the app
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, gc.isenabled)
    assert gc.isenabled()


@synchronous
async def test_the_footer_keys_are_compact_from_their_first_styling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    restyled: list[object] = []
    update_styles = GmScreenApp.update_styles

    def counted(self: GmScreenApp, node: Any, animate: bool = True) -> None:
        restyled.append(node)
        update_styles(self, node, animate)

    monkeypatch.setattr(GmScreenApp, "update_styles", counted)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(120, 24)) as pilot:
        await until(pilot, lambda: "Add 1" in [k.description for k in app.query(FooterKey)])
        keys = list(app.query(FooterKey))
        assert keys and all(key.has_class("-compact") and key.compact for key in keys)
        assert not [node for node in restyled if isinstance(node, FooterKey)]


@synchronous
async def test_a_widget_is_styled_once_mounted_not_as_its_own_init_sets_classes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        styled = styled_nodes(app, monkeypatch)
        field = Input("Zeke", compact=True, type="integer")  # sets three classes itself
        assert styled == [] and field.has_class("-textual-compact", "-invalid")
        await app.screen.mount(field)
        await pilot.pause()
        # mounted, it has every class's style: compact, with no border
        assert field.styles.border_top[0] in ("", "none")
        field.add_class("later")  # and a class set once mounted restyles it, as before
        assert field in styled


@synchronous
async def test_the_shell_is_styled_once_as_it_first_shows_and_as_a_restyling_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = GmScreenApp(played(tmp_path))
    styled = styled_nodes(app, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, gc.isenabled)  # the first screen drawn
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        assert shell not in styled  # Textual restyles a screen whole as it first shows
        drawn = {widget: widget.styles.base.css_lines for widget in shell.walk_children()}
        shell.update_node_styles(animate=False)  # what that restyling would have given
        await pilot.pause()
        assert {widget: widget.styles.base.css_lines for widget in drawn} == drawn
