"""`gmscreen serve` in a real browser: headless Chromium (Debian's, which .ci/run installs)
driven by playwright loads the printed link and sees the players' screen arrive over the
websocket; the page without the token is refused. Loopback only."""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _browse(url: str, shot: Path) -> tuple[str, int, str]:
    """What reached the page over its websocket, and the bare page's status and text."""
    arrived: list[str] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = await browser.new_page(viewport={"width": 1000, "height": 600})
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda frame: arrived.append(
                frame.decode("utf-8", "replace") if isinstance(frame, bytes) else frame)))
        await page.goto(url)
        for _ in range(150):
            if "Hanged Man" in "".join(arrived):
                break
            await page.wait_for_timeout(100)
        await page.wait_for_timeout(500)
        await page.screenshot(path=str(shot))
        bare = await page.goto(url.rsplit("/", 1)[0] + "/")
        assert bare is not None
        status, text = bare.status, await bare.text()
        await browser.close()
    return "".join(arrived), status, text


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason="needs Debian's Chromium (apt-get install chromium; .ci/run does)")
def test_a_browser_sees_the_players_screen_and_no_token_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "the-hanged-man.toml"
    shutil.copy(ROOT / "campaigns" / "the-hanged-man.toml", journal)
    server = subprocess.Popen([sys.executable, "-m", "gmscreen", "serve", str(journal),
                               "--port", str(free_port())],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = ""
        for line in server.stdout:
            found = re.search(r"the table: (http://127\.0\.0\.1:\d+/\S+)", line)
            if found:
                url = found.group(1)
                break
        assert url, server.stderr.read() if server.stderr else "no link printed"
        arrived, status, text = asyncio.run(_browse(url, tmp_path / "serve.png"))
        assert "Hanged Man" in arrived
        assert status == 403 and "token" in text
        assert (tmp_path / "serve.png").stat().st_size > 10_000
    finally:
        server.terminate()
        server.wait(timeout=20)
