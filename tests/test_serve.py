"""`gmscreen serve`'s server: a page or a websocket without a known token is refused before
any process starts; a known token gets its page, with its own websocket; the cap holds."""

from __future__ import annotations

import argparse
import asyncio
import shutil
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from gmscreen import serve
from gmscreen.games import private_viewers, rules_for
from gmscreen.games.dust.commands import ReplacePlayer
from gmscreen.journal.campaign import open_campaign
from gmscreen.serve import TableServer, player_link, table_link

SAMPLES = Path(__file__).resolve().parent / "fixtures" / "samples-cb5e155"


async def _fetch(journal: Path) -> None:
    table = table_link(journal)
    slim = player_link(journal, "Slim")
    server = TableServer([table, slim], host="127.0.0.1", port=8123, title="Fifteen")
    async with TestServer(await server._make_app()) as running, aiohttp.ClientSession() as web:
        base = str(running.make_url(""))

        async def status(path: str) -> int:
            async with web.get(base + path) as response:
                return response.status

        assert await status("/") == 403
        assert await status("/not-a-token") == 403
        async with web.get(f"{base}/not-a-token") as refused:
            # what to do, and nothing of the game
            assert await refused.text() == ("This link is not one this table's server gave "
                                            "out: ask whoever runs the table for yours.")
        assert await status("/ws/not-a-token") == 403
        async with web.get(f"{base}/{table.token}") as page:
            assert page.status == 200
            html = await page.text()
            assert f"/ws/{table.token}" in html and "Fifteen: the table" in html
            # the page made for phones: as wide as the phone, one canvas pixel a pixel, a
            # finger's drag scrolling, and a closed page not told as the game's session
            assert 'name="viewport" content="width=device-width' in html
            assert '"devicePixelRatio", { get: () => 1 }' in html
            assert '"touchmove"' in html and "Session ended" not in html
            # nothing from the internet: the font comes from the server's statics
            assert "googleapis" not in html and "https://" not in html
            assert "/static/fonts/RobotoMono-VariableFont_wght.ttf" in html
        assert await status("/static/fonts/RobotoMono-VariableFont_wght.ttf") == 200
        assert await status("/favicon.ico") == 204
        async with web.get(f"{base}/{slim.token}") as page:
            assert "Fifteen: Slim" in await page.text()
        assert await status("/static/js/textual.js") == 200
        server.viewers = serve.MAX_VIEWERS
        assert await status(f"/{table.token}") == 503


def test_only_a_link_with_its_token_is_served(tmp_path: Path) -> None:
    asyncio.run(_fetch(tmp_path / "fifteen.toml"))


def test_a_port_a_server_just_let_go_of_can_be_listened_on_again() -> None:
    # a server stopped with pages open leaves its closed connections in TIME_WAIT for a
    # minute; started again on its port it was refused as "port ... is taken"
    import socket

    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        listener.listen()
        with socket.create_connection(("127.0.0.1", port)) as client:
            accepted, _ = listener.accept()
            accepted.close()  # the server's side closes first: its socket waits in TIME_WAIT
            client.recv(1)
    assert serve.why_not_listen("127.0.0.1", port) is None


def test_links_are_random_and_name_the_network_address_on_every_interface() -> None:
    one, two = table_link(Path("a.toml")), table_link(Path("a.toml"))
    assert one.token != two.token and len(one.token) >= 16
    assert "--player" in player_link(Path("a.toml"), "Slim").command
    assert serve.public_host("127.0.0.1") == "127.0.0.1"
    assert serve.public_host("0.0.0.0") != "0.0.0.0"
    assert "█" in serve.qr_code("http://127.0.0.1:8000/abc")


def test_slips_hold_each_link_with_its_code_and_escape_names() -> None:
    from gmscreen.ui.serving import slips_page

    page = slips_page((("the table", "http://127.0.0.1:8000/abc"),
                       ("Slim <b>", "http://127.0.0.1:8000/def")))
    assert page.count('<div class="slip">') == 2 and page.count("<svg") == 2
    assert "For Slim &lt;b&gt; alone" in page and "http://127.0.0.1:8000/def" in page


async def _follow(journal: Path, said: list[str]) -> None:
    dealer = open_campaign(journal, rules_for)
    first = private_viewers(dealer)
    links = [table_link(journal), *(player_link(journal, name) for name in first)]
    server = TableServer(links, host="127.0.0.1", port=8124, title="Fifteen",
                         journal=journal, said=said.append)
    leaving = next(link for link in links if link.who == first[0])
    async with TestServer(await server._make_app()) as running, aiohttp.ClientSession() as web:
        base = str(running.make_url(""))
        # the leaver's page open on a phone
        open_page = await web.ws_connect(f"{base}/ws/{leaving.token}?width=40&height=20")
        await asyncio.sleep(0.5)
        assert server.open[leaving.token]
        dealer.execute(ReplacePlayer(first[0], "Newcomer"))
        for _ in range(200):
            if said:
                break
            await asyncio.sleep(0.05)
        # it closes, where it went on following the game for a seat nobody holds
        async with asyncio.timeout(20):
            while not open_page.closed:
                await open_page.receive()
            while server.viewers:  # its process ended too
                await asyncio.sleep(0.05)
        assert leaving.token not in server.open
        newcomer = next(link for link in server.links.values() if link.who == "Newcomer")
        async with web.get(f"{base}/{newcomer.token}") as page:
            assert page.status == 200 and "Fifteen: Newcomer" in await page.text()
        async with web.get(f"{base}/{leaving.token}") as page:
            assert page.status == 410 and f"This was {first[0]}'s page" in await page.text()
        for link in links[:1] + links[2:]:  # every other slip handed out still opens
            async with web.get(f"{base}/{link.token}") as page:
                assert page.status == 200
    dealer.close()
    assert f"{server.url(newcomer)}" in "".join(said) and f"{first[0]} has left" in "".join(said)


def test_a_player_replaced_gets_a_link_and_the_one_who_left_a_page_no_more(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the links were made once, as serve started: the newcomer had none until serve was
    # started again (every slip handed out then useless), and the old link ran a page that
    # refused at once
    monkeypatch.setattr(serve, "LOOK_EVERY", 0.05)
    journal = tmp_path / "dust-fifteen.toml"
    shutil.copy(SAMPLES / "dust-fifteen.toml", journal)
    said: list[str] = []
    asyncio.run(_follow(journal, said))


def test_a_player_whose_leaving_is_undone_gets_the_same_link_back(tmp_path: Path) -> None:
    # a replacement undone and done again left the first player's slip refused as "has left
    # the game" while he played on, with a new link nobody had been handed
    journal = tmp_path / "fifteen.toml"
    slim, ann = player_link(journal, "Slim"), player_link(journal, "Ann")
    said: list[str] = []
    server = TableServer([table_link(journal), slim, ann], host="127.0.0.1", port=8125,
                         title="Fifteen", journal=journal, said=said.append)
    server.seat(["Ann", "Newcomer"])  # Slim replaced
    assert slim.token in server.gone and slim.token not in server.links
    said.clear()
    server.seat(["Ann", "Slim"])  # the replacement undone
    assert server.links[slim.token] == slim and slim.token not in server.gone
    assert said == [f"\nSlim: {server.url(slim)}\nSlim is back in the game: the link Slim was "
                    "given works again.", f"\nNewcomer{serve.LEFT}Newcomer's link shows "
                    "nothing more."]
    assert sum(link.who == "Slim" for link in server.links.values()) == 1


async def _stopped_with_a_page_open(journal: Path) -> bool:
    table = table_link(journal)
    server = TableServer([table], host="127.0.0.1", port=8126, title="Fifteen")
    app = await server._make_app()
    async with TestServer(app) as running, aiohttp.ClientSession() as web:
        page = await web.ws_connect(str(running.make_url(f"/ws/{table.token}")))
        while not server.open.get(table.token):
            await asyncio.sleep(0.05)
        await app.on_shutdown.send(app)  # as the server stops (ctrl+c)
        async with asyncio.timeout(20):
            while not page.closed:
                await page.receive()
            while server.viewers:
                await asyncio.sleep(0.05)
        return page.closed


def test_a_server_stopping_closes_the_pages_open(tmp_path: Path) -> None:
    # aiohttp waited for each open page's handler as the server stopped: ctrl+c took some
    # twenty seconds with a phone looking on
    journal = tmp_path / "dust-fifteen.toml"
    shutil.copy(SAMPLES / "dust-fifteen.toml", journal)
    assert asyncio.run(_stopped_with_a_page_open(journal))


def test_the_links_are_kept_beside_the_journal_so_a_server_started_again_keeps_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # every start made new tokens: a server started again (a laptop's lid closed, a crash)
    # left every slip handed out at the table refused
    from gmscreen import cli_table

    journal = tmp_path / "dust-fifteen.toml"
    shutil.copy(SAMPLES / "dust-fifteen.toml", journal)
    started: list[TableServer] = []

    def serve_once(self: TableServer, debug: bool = False) -> None:
        started.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TableServer, "serve", serve_once)
        for _ in range(2):
            args = argparse.Namespace(path=journal, host="127.0.0.1", port=8127)
            assert cli_table.cmd_serve(args) == 0
    first, second = ({link.who: link.token for link in server.links.values()}
                     for server in started)
    assert first == second and len(first) > 2  # the table's and each player's
    kept = serve.links_kept(journal)
    assert kept.stat().st_mode & 0o077 == 0  # its owner's alone
    # a player new in the game is kept too, and one who left
    server = started[1]
    server.journal = journal
    players = [who for who in first if who != serve.TABLE]
    server.seat([*players[1:], "Newcomer"])
    kept_now = serve.kept_tokens(journal)
    assert set(kept_now) == {serve.TABLE, *players, "Newcomer"}
    # started again, the link of one no longer in the game says whose page it was (410),
    # where it read "not one this table's server gave out" (403); the others work on
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TableServer, "serve", serve_once)
        assert cli_table.cmd_serve(argparse.Namespace(path=journal, host="127.0.0.1",
                                                      port=8127)) == 0
    again = started[2]
    left = kept_now["Newcomer"]  # not a player of the journal, which was not played on
    assert again.gone[left].who == "Newcomer" and left not in again.links
    with pytest.raises(web.HTTPGone) as refused:
        again._link(SimpleNamespace(match_info={"token": left}))  # type: ignore[arg-type]
    assert refused.value.text is not None and "This was Newcomer's page" in refused.value.text
    assert again._link(SimpleNamespace(  # type: ignore[arg-type]
        match_info={"token": first[players[1]]})).who == players[1]
    assert serve.kept_tokens(journal) == kept_now
    # a file that cannot be read gives new links, as at a first start
    kept.write_text("not json", encoding="utf-8")
    assert serve.kept_tokens(journal) == {}
    capsys.readouterr()
