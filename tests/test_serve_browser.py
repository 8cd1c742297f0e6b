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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.async_api import Page, WebSocket, async_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def opened(page: Page, url: str, arrived: list[str]) -> None:
    """`page` at `url`, once the app's first screen has come over its websocket (the frames
    are gathered in `arrived`), or after 15 seconds."""
    await page.goto(url)
    for _ in range(150):
        if "Hanged Man" in "".join(arrived):
            return
        await page.wait_for_timeout(100)


async def _browse(url: str, shot: Path) -> tuple[str, int, str]:
    """What reached the page over its websocket, and the bare page's status and text."""
    arrived: list[str] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = await browser.new_page(viewport={"width": 1000, "height": 600})
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda frame: arrived.append(
                frame.decode("utf-8", "replace") if isinstance(frame, bytes) else frame)))
        await opened(page, url, arrived)
        await page.wait_for_timeout(500)
        await page.screenshot(path=str(shot))
        bare = await page.goto(url.rsplit("/", 1)[0] + "/")
        assert bare is not None
        status, text = bare.status, await bare.text()
        await browser.close()
    return "".join(arrived), status, text


@contextmanager
def the_table_served(folder: Path) -> Iterator[str]:
    """The Hanged Man served by `gmscreen serve` in its own process: the table's link."""
    journal = folder / "the-hanged-man.toml"
    shutil.copy(ROOT / "campaigns" / "the-hanged-man.toml", journal)
    server = subprocess.Popen([sys.executable, "-m", "gmscreen", "serve", str(journal),
                               "--port", str(free_port())],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = next((found.group(1) for line in server.stdout if (found := re.search(
            r"the table: (http://127\.0\.0\.1:\d+/\S+)", line))), "")
        assert url, server.stderr.read() if server.stderr else "no link printed"
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason="needs Debian's Chromium (apt-get install chromium; .ci/run does)")
def test_a_browser_sees_the_players_screen_and_no_token_is_refused(tmp_path: Path) -> None:
    with the_table_served(tmp_path) as url:
        arrived, status, text = asyncio.run(_browse(url, tmp_path / "serve.png"))
    assert "Hanged Man" in arrived
    assert status == 403 and "token" in text
    assert (tmp_path / "serve.png").stat().st_size > 10_000


async def _on_a_phone(url: str, shot: Path) -> tuple[dict[str, float], list[str], int]:
    """A phone's page (390x844 at 3 pixels a point, touch): the terminal's canvas and the
    page's width, the sizes the page asked the app for, and how many frames came from the
    app after a finger dragged up the screen."""
    sent: list[str] = []
    arrived: list[str] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = await browser.new_context(viewport={"width": 390, "height": 844},
                                            device_scale_factor=3, is_mobile=True,
                                            has_touch=True)
        page = await context.new_page()

        def listen(socket: WebSocket) -> None:
            socket.on("framesent", lambda frame: sent.append(str(frame)))
            socket.on("framereceived", lambda frame: arrived.append(str(frame)))

        page.on("websocket", listen)
        await opened(page, url, arrived)
        await page.wait_for_timeout(1000)
        sizes = await page.evaluate("""() => {
            const text = document.querySelector("canvas.xterm-text-layer");
            return {page: innerWidth, canvas: text.width, shown: text.clientWidth};
        }""")
        before = len(arrived)
        touch = await context.new_cdp_session(page)
        await touch.send("Input.dispatchTouchEvent",
                         {"type": "touchStart", "touchPoints": [{"x": 200, "y": 700}]})
        for y in range(700, 150, -25):
            await touch.send("Input.dispatchTouchEvent",
                             {"type": "touchMove", "touchPoints": [{"x": 200, "y": y}]})
            await page.wait_for_timeout(15)
        await touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        await page.wait_for_timeout(1500)
        await page.screenshot(path=str(shot))
        await browser.close()
    return sizes, [frame for frame in sent if '"resize"' in frame], len(arrived) - before


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason="needs Debian's Chromium (apt-get install chromium; .ci/run does)")
def test_a_phone_sees_the_whole_width_and_a_finger_scrolls(tmp_path: Path) -> None:
    # textual-serve's page drew a phone's glyphs at its pixel density (2 or 3) on a canvas
    # sized without it, so the left half or third of the page showed; without a viewport a
    # phone laid it out 980 points wide (108 tiny columns); a touch drag scrolled nothing
    with the_table_served(tmp_path) as url:
        sizes, resized, after_drag = asyncio.run(_on_a_phone(url, tmp_path / "phone.png"))
    assert sizes["page"] == 390
    # the canvas holds every pixel it shows: no half page
    assert sizes["canvas"] == sizes["shown"] and sizes["shown"] > 370
    columns = [int(found) for frame in resized
               for found in re.findall(r'"width":\s*(\d+)', frame)]
    assert columns and all(36 <= width <= 50 for width in columns), resized
    assert after_drag > 0  # the app drew the screen scrolled
