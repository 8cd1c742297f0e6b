"""Serving the players' screen from the Dealer's app: `gmscreen serve` started in the
background (from the palette), its links shown with a QR code to scan, stopped from the
palette or when the app closes."""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from gmscreen.ui.dialog import Dialog
from gmscreen.ui.footer import KeysFooter

#: what `gmscreen serve` prints once every link is out
READY = "Ready: "
_LINK = re.compile(r"^(?P<who>[^:]+): (?P<url>https?://\S+)$")


@dataclass
class Served:
    """A running `gmscreen serve` and its links, kept up to date as it says more (a player
    new in the game, one who left)."""

    process: asyncio.subprocess.Process
    links: list[tuple[str, str]]
    #: reads what the server says once its first links are out
    listening: asyncio.Task[None] | None = None


async def start_serving(journal: Path, host: str, port: int | None = None,
                        heard: Callable[[str], None] | None = None) -> Served:
    """Start `gmscreen serve` for `journal` (on the first free port from 8000 unless told);
    its links, once printed (OSError or RuntimeError when it cannot start, saying why).
    `heard` is told of a player's link made or closed while it serves."""
    from gmscreen.serve import free_port

    port = port if port is not None else free_port("0.0.0.0" if host == "0.0.0.0" else host)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gmscreen", "serve", str(journal), "--host", host,
        "--port", str(port), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    links: list[tuple[str, str]] = []
    try:
        async with asyncio.timeout(20):
            while line := (await process.stdout.readline()).decode("utf-8", "replace"):
                found = _LINK.match(line.strip())
                if found:
                    links.append((found["who"], found["url"]))
                elif line.startswith(READY):
                    break
    except TimeoutError:
        pass
    if not links:
        process.terminate()
        said = (await process.stderr.read()).decode("utf-8", "replace").strip()
        raise RuntimeError(said.splitlines()[-1] if said else "the server printed no link")
    served = Served(process, links)
    served.listening = asyncio.create_task(_listen(served, heard or (lambda _: None)))
    return served


async def _listen(served: Served, heard: Callable[[str], None]) -> None:
    """Keep the links as the server says: a player new in the game, one who left."""
    from gmscreen.serve import BACK, LEFT, NEW

    stdout = served.process.stdout
    assert stdout is not None
    while raw := await stdout.readline():
        line = raw.decode("utf-8", "replace").strip()
        found = _LINK.match(line)
        if found:
            served.links.append((found["who"], found["url"]))
        elif NEW in line:
            heard(f"{line.partition(NEW)[0]} is new in the game: their own link is on the "
                  "links screen (ctrl+p, \"Serve the players' screen\").")
        elif BACK in line:
            heard(f"{line.partition(BACK)[0]} is back in the game: the link they were given "
                  "works again.")
        elif LEFT in line:
            gone = line.partition(LEFT)[0]
            served.links[:] = [(who, url) for who, url in served.links if who != gone]
            heard(line)


async def stop_serving(served: Served) -> None:
    if served.listening is not None:
        served.listening.cancel()
    if served.process.returncode is None:
        served.process.terminate()
        try:
            async with asyncio.timeout(10):
                await served.process.wait()
        except TimeoutError:
            served.process.kill()


class LinksScreen(Dialog[None]):
    """The links to the players' screen: the table's with its QR code to scan, and each
    player's private one (to give to that player alone)."""

    DEFAULT_CSS = """
    LinksScreen { align: center middle; }
    LinksScreen > Vertical {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    LinksScreen #links-title { text-style: bold; color: $text-primary; }
    LinksScreen VerticalScroll { height: auto; max-height: 1fr; }
    LinksScreen #links-qr { width: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "slips", "Slips to print", id="links.slips",
                tooltip="A page of slips, one a player with the link and its QR code, to "
                        "print and cut"),
        Binding("escape", "close", "Close", id="links.close"),
    ]

    def __init__(self, served: Served, journal: Path | None = None) -> None:
        super().__init__()
        self.served = served
        #: beside which the slips are saved
        self.journal = journal

    def compose(self) -> ComposeResult:
        from gmscreen.serve import qr_code

        table = next((url for who, url in self.served.links if who == "the table"), "")
        with Vertical():
            yield Label("The players' screen is served", id="links-title")
            with VerticalScroll():
                yield Static(Text(f"For the table: {table}\nScan it with a phone, or open it "
                                  "in a browser on the TV."), markup=False)
                yield Static(Text(qr_code(table)), id="links-qr", markup=False)
                private = [(who, url) for who, url in self.served.links if who != "the table"]
                if private:
                    yield Static(Text("Each player's own page (give each only their own):\n"
                                      + "\n".join(f"{who}: {url}" for who, url in private)),
                                 markup=False)
                yield Static(Text("Stop serving from the palette (ctrl+p, \"Stop serving\")."),
                             markup=False)
        yield KeysFooter()

    def action_slips(self) -> None:
        if self.journal is None:
            return
        target = self.journal.with_name(f"{self.journal.stem}.slips.html")
        try:
            target.write_text(slips_page(self.served.links), encoding="utf-8")
        except OSError as error:
            self.notify(f"Not saved: {error.strerror}", title="Slips", severity="error",
                        markup=False)
            return
        self.notify(f"Slips saved as {target}: open it in a browser and print.",
                    title="Slips", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


def slips_page(links: Sequence[tuple[str, str]]) -> str:
    """A page to print: a slip for each link (who it is for, the link, its QR code), each
    player's to be cut out and given to that player alone."""
    import html

    import segno

    slips = "\n".join(
        '<div class="slip"><h2>{who}</h2>{qr}<p>{url}</p></div>'.format(
            who=html.escape(who if who == "the table" else f"For {who} alone"),
            qr=segno.make(url).svg_inline(scale=4), url=html.escape(url))
        for who, url in links)
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>Links</title><style>"
            ".slip{display:inline-block;border:1px dashed #888;margin:8px;padding:8px;"
            "width:300px;text-align:center;page-break-inside:avoid}"
            "p{font-family:monospace;font-size:11px;word-break:break-all}</style></head>"
            f"<body>{slips}</body></html>\n")
