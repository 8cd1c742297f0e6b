"""What the app does at start to open fast: the footer built once with its keys, and the
campaign's objects kept out of the cyclic collector only while the app runs."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.app import ComposeResult
from textual.widgets._footer import FooterKey

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.footer import KeysFooter
from tests.ui.support import played, synchronous, until


@synchronous
async def test_the_footer_is_built_once_with_its_keys_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[int] = []
    compose = KeysFooter.compose

    def counted(self: KeysFooter) -> ComposeResult:
        builds.append(1)
        return compose(self)

    monkeypatch.setattr(KeysFooter, "compose", counted)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Add 1" in [k.description for k in app.query(FooterKey)])
        for _ in range(5):
            await pilot.pause()
        # Textual composes it empty before the keys are known, then once with them
        assert len(builds) == 2


@synchronous
async def test_the_collector_gets_the_campaign_back_when_the_app_leaves(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    assert gc.get_freeze_count() > 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
