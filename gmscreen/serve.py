"""`gmscreen serve`: the players' screen in browsers, for phones and tablets at the table.

Each browser that opens a link gets its own `gmscreen show` process, drawn in the page by
textual-serve. Every link holds a random token, in its path: a page or a websocket without a
known token is refused (403) before any process starts. The table's link shows what the
table may see; a game that keeps secrets per player (Dust, Devils Bluff) gets a private link
for each player, showing only what that player knows. The server follows the journal: a
player who comes into the game (one replacing another) gets a link of their own, said as it
is made, and the link of one who left shows nothing more but whose it was (after a restart
too: the tokens are kept beside the journal); the others' links are unchanged,
so no slip handed out has to be made again. At most `MAX_VIEWERS` processes run at once; the
next browser is told so. Loopback by default; with `--host 0.0.0.0` the links name this
computer's address on the network. Nothing a browser sends changes the campaign: the viewer
processes are read only and have no key that writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import json
import os
import secrets
import shlex
import socket
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

#: at most this many viewers (each a process) at once
MAX_VIEWERS = 12
#: how often, in seconds, the server looks whether a player came into the game or left it
LOOK_EVERY = 2.0
#: who the table's link is for
TABLE = "the table"
#: the folder of the page the players' browsers load (textual-serve's, made for phones)
PAGE = Path(__file__).with_name("players_page")
#: what the server says of a player who came into the game or left it, after the name
NEW, LEFT, BACK = " is new in the game: ", " has left the game: ", " is back in the game: "


@dataclass(frozen=True)
class Link:
    """One page the server offers: its token, who it is for, and the command it runs."""

    token: str
    who: str
    command: str


def table_link(journal: Path, token: str | None = None) -> Link:
    command = shlex.join([sys.executable, "-m", "gmscreen", "show", str(journal)])
    return Link(token or secrets.token_urlsafe(12), TABLE, command)


def player_link(journal: Path, player: str, token: str | None = None) -> Link:
    command = shlex.join([sys.executable, "-m", "gmscreen", "show", str(journal),
                          "--player", player])
    return Link(token or secrets.token_urlsafe(12), player, command)


def links_kept(journal: Path) -> Path:
    """The file beside `journal` that keeps its links' tokens between two starts of the
    server, so the slips handed out at the table go on working (each who and token)."""
    return journal.with_name(journal.name + ".links")


def kept_tokens(journal: Path) -> dict[str, str]:
    """The token kept for each who (the table, each player, each player who has left, whose
    old link then says whose it was); none where there is no file or it cannot be read (new
    links then, as at a first start)."""
    try:
        kept = json.loads(links_kept(journal).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {str(who): token for who, token in kept.items()
            if isinstance(token, str) and len(token) >= 16}


def keep_tokens(journal: Path, links: Iterable[Link]) -> None:
    """Write the links' tokens beside the journal, readable by its owner alone; a folder
    that cannot be written keeps none (the next start gives new links)."""
    path = links_kept(journal)
    temporary = path.with_name(path.name + ".new")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump({link.who: link.token for link in links}, out, indent=1)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()


def free_port(host: str = "127.0.0.1", first: int = 8000) -> int:
    """The first port from `first` that nothing listens on."""
    for port in range(first, first + 100):
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port from {first} to {first + 99}")


def why_not_listen(host: str, port: int) -> str | None:
    """Why the server could not listen on `host` and `port` (None: it can), in words for the
    command line: checked before any link is printed, so none printed is dead."""
    if not 1 <= port <= 65535:
        return f"--port is a number from 1 to 65535, not {port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError):
        return f"--host {host!r} is not an address this computer can listen on"
    with socket.socket(family, kind, proto) as probe:
        if sys.platform != "win32":  # as the server's own listener: a port a server just
            # let go of (its closed connections waiting out TIME_WAIT) can be listened on
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                try:
                    free = f"; try --port {free_port(host, port + 1)}"
                except OSError:
                    free = ""
                return (f"port {port} is taken on {host} (by another gmscreen serve, or "
                        f"another program){free}")
            if error.errno == errno.EADDRNOTAVAIL:
                return f"--host {host!r} is not an address of this computer"
            return f"cannot listen on {host}, port {port}: {error.strerror or error}"
    return None


def network_address() -> str:
    """This computer's address on its network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()


def public_host(host: str) -> str:
    """The host to put in links: the network address when serving on every interface."""
    return network_address() if host in ("0.0.0.0", "", "::") else host


def qr_code(url: str) -> str:
    """The link as a QR code drawn in the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url).terminal(out=out, compact=True)
    return out.getvalue()


class TableServer(Server):
    """textual-serve's server with a token in every path and a cap on viewers."""

    def __init__(self, links: list[Link], *, host: str, port: int, title: str,
                 journal: Path | None = None, said: Callable[[str], None] = print,
                 gone: Iterable[Link] = ()) -> None:
        super().__init__(links[0].command, host=host, port=port, title=title,
                         public_url=f"http://{public_host(host)}:{port}")
        # textual-serve's page made for phones (see the page's own comment)
        self.templates_path = PAGE
        self.links = {link.token: link for link in links}
        self.viewers = 0
        #: the journal followed for players who come and go (None: the links stay as given)
        self.journal = journal
        #: where the server says a link made or closed while it serves
        self.said = said
        #: the tokens of players who left the game, and whose they were (those who left
        #: before this start too, from the links kept beside the journal)
        self.gone: dict[str, Link] = {link.token: link for link in gone}
        #: the pages open now, by their link's token (a leaver's are closed)
        self.open: dict[str, set[web.WebSocketResponse]] = {}
        self._closing: set[asyncio.Task[bool]] = set()
        self._following: asyncio.Task[None] | None = None

    def url(self, link: Link) -> str:
        return f"{self.public_url}/{link.token}"

    def _link(self, request: web.Request) -> Link:
        token = request.match_info.get("token", "")
        if token in self.gone:
            who = self.gone[token].who
            raise web.HTTPGone(text=f"This was {who}'s page, and {who} is no longer in the "
                               "game. Ask whoever runs the table for your own link.")
        link = self.links.get(token)
        if link is None:
            raise web.HTTPForbidden(text="This link is not one this table's server gave out: "
                                    "ask whoever runs the table for yours.")
        return link

    def seat(self, players: Sequence[str]) -> None:
        """Follow the game's players: a link for each newcomer, said at once in the words
        the first links were printed in; no page any more for one who left."""
        held = {link.who: link for link in self.links.values() if link.who != TABLE}
        before = set(self.links)
        for name in players:
            back = next((link for link in self.gone.values() if link.who == name), None)
            if name not in held and back is not None:
                # a leaving undone (a replacement taken back and done again): the slip
                # handed out works again
                del self.gone[back.token]
                self.links[back.token] = back
                self.said(f"\n{name}: {self.url(back)}\n{name}{BACK}the link {name} was "
                          "given works again.")
            elif name not in held and self.journal is not None:
                link = player_link(self.journal, name)
                self.links[link.token] = link
                self.said(f"\n{name}: {self.url(link)}\n{name}{NEW}give this link to "
                          f"{name} alone.")
        for name, link in held.items():
            if name not in players:
                del self.links[link.token]
                self.gone[link.token] = link
                self.said(f"\n{name}{LEFT}{name}'s link shows nothing more.")
                # a page open on the leaver's phone closes (a reload says whose it was),
                # where it went on following the game as a seat nobody holds
                for page in self.open.pop(link.token, set()):
                    closing = asyncio.get_running_loop().create_task(page.close())
                    self._closing.add(closing)  # held until done, as asyncio asks
                    closing.add_done_callback(self._closing.discard)
        if self.journal is not None and set(self.links) != before:
            keep_tokens(self.journal, [*self.links.values(), *self.gone.values()])

    async def _follow(self) -> None:
        from gmscreen.games import private_viewers, rules_for
        from gmscreen.journal.follow import Follower
        from gmscreen.journal.store import JournalError

        assert self.journal is not None
        follower = Follower(self.journal, rules_for)
        try:
            while True:
                await asyncio.sleep(LOOK_EVERY)
                try:
                    if follower.poll():
                        self.seat(private_viewers(follower.campaign))
                except (OSError, JournalError):
                    continue  # a file being replaced or torn: looked at again next time
        finally:
            follower.close()

    async def _start_following(self, app: web.Application) -> None:
        if self.journal is not None:
            self._following = asyncio.create_task(self._follow())

    async def _stop_following(self, app: web.Application) -> None:
        if self._following is not None:
            self._following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._following

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        # the statics hold nothing of the campaign; the page and its websocket need a token
        app.add_routes([
            web.get("/", self._refuse),
            # a browser asks for an icon unbidden: none, rather than "not this table's link"
            web.get("/favicon.ico", self._no_icon),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.get("/{token}", self.handle_index, name="index"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self._start_following)
        app.on_shutdown.append(self._close_pages)
        app.on_cleanup.append(self._stop_following)
        return app

    async def _close_pages(self, app: web.Application) -> None:
        """Close every page open as the server stops: aiohttp waits for their handlers, and
        ctrl+c took some twenty seconds with a page open."""
        pages = [page for open_pages in self.open.values() for page in open_pages]
        await asyncio.gather(*(page.close(code=WSCloseCode.GOING_AWAY) for page in pages),
                             return_exceptions=True)

    async def _no_icon(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def _refuse(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPForbidden(text="Open the link with its token, as gmscreen serve printed it.")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        link = self._link(request)
        if self.viewers >= MAX_VIEWERS:
            raise web.HTTPServiceUnavailable(
                text=f"{MAX_VIEWERS} screens are open already; close one and try again.")
        websocket = f"ws:{self.public_url.split(':', 1)[1]}/ws/{link.token}"
        context = {
            "font_size": _number(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": websocket,
            "config": {"static": {"url": f"{self.public_url}/static/"}},
            "application": {"name": f"{self.title}: {link.who}"},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        link = self._link(request)
        if self.viewers >= MAX_VIEWERS:
            raise web.HTTPServiceUnavailable(text=f"{MAX_VIEWERS} screens are open already.")
        self.viewers += 1
        try:
            return await self._serve_one(request, link)
        finally:
            self.viewers -= 1

    async def _serve_one(self, request: web.Request, link: Link) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _number(request.query.get("width", "80"), 80)
        height = _number(request.query.get("height", "24"), 24)
        service: AppService | None = None
        pages = self.open.setdefault(link.token, set())
        pages.add(websocket)
        try:
            await websocket.prepare(request)
            async def close() -> None:
                await websocket.close()

            service = AppService(link.command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=close,
                                 download_manager=self.download_manager, debug=False)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            pages.discard(websocket)
            if service is not None:
                await service.stop()
                # the page's process has closed its pipes: wait for its end, so that none
                # is left behind (textual-serve does not)
                process = service._process
                if process is not None:
                    with contextlib.suppress(TimeoutError, ProcessLookupError):
                        await asyncio.wait_for(process.wait(), 5)
        return websocket


def _number(text: str, default: int) -> int:
    try:
        return max(10, min(500, int(text)))
    except ValueError:
        return default
