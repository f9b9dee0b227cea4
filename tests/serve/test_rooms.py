"""``chutes-tui serve`` keeps each visitor in their own room (issue 23): raw aiohttp clients on
loopback against the real command. A visitor's game reads and writes none of the server user's
files; a page from another site, one game too many, a bad message or a bad request is refused
with one line in the log (never a traceback, never a 500); a game's terminal is capped; a game
ends within seconds of its socket closing. (What the checks decide: tests/cli/test_serve_guards.py.)"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from chutes_tui.io.settings import LastSetup, Settings, save_settings, saves_dir, settings_path
from chutes_tui.model.players import parse_player_spec
from tests.serve import browser

GAME_ENDS_SECONDS = 5.0


def game_pids(server: subprocess.Popen) -> set[int]:
    """The visitors' games: the server's child processes (``exec``: the shell is the game)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == server.pid:
                    found.add(int(entry.name))
    return found


def environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


@contextlib.contextmanager
def serving(tmp_path: Path, *arguments: str, play: tuple[str, ...] = ()):
    """``chutes-tui serve`` on a free loopback port: (port, server, the log so far)."""
    port = browser.free_port()
    log = tmp_path / f"serve-{port}.log"
    command = [sys.executable, "-m", "chutes_tui", "serve", "--port", str(port), *arguments, "--", *play]
    with log.open("w") as output:
        server = browser.start(command, stdout=output, stderr=subprocess.STDOUT, text=True)
    try:
        browser.wait_for_port(port, server, timeout=20)
        yield port, server, lambda: log.read_text().splitlines()[1:]  # after "serving on"
    finally:
        browser.stop(server, signal.SIGINT)


class Terminal:
    """What a game draws on its visitor's page, read from the socket."""

    def __init__(self, connection: aiohttp.ClientWebSocketResponse) -> None:
        self.connection = connection
        self.drawn = bytearray()

    async def until(self, *words: str, timeout: float = 20.0) -> str:
        """What is drawn from now on, once every one of ``words`` is in it."""
        start = len(self.drawn)
        deadline = time.monotonic() + timeout
        while True:
            text = browser.ESCAPES.sub("", self.drawn[start:].decode("utf-8", "replace"))
            if all(word in text for word in words):
                return text
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {words} on the screen: {text[-400:]!r}"
            message = await self.connection.receive(timeout=remaining)
            assert message.type == aiohttp.WSMsgType.BINARY, message
            self.drawn += message.data

    async def type(self, keys: str, *words: str) -> str:
        """Send ``keys``; what is drawn until ``words`` are."""
        await self.connection.send_str(json.dumps(["stdin", keys]))
        return await self.until(*words)


async def closed(connection, timeout=10.0) -> aiohttp.WSMessage:
    """The close frame, skipping what the game drew meanwhile."""
    while True:
        message = await connection.receive(timeout=timeout)
        if message.type != aiohttp.WSMsgType.BINARY:
            return message


def wait_gone(pids: set[int], timeout: float) -> float:
    """Seconds until none of ``pids`` runs (at most ``timeout``)."""
    start = time.monotonic()
    while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() - start < timeout:
        time.sleep(0.05)
    return time.monotonic() - start


def test_a_visitor_neither_reads_nor_writes_the_server_users_files(tmp_path):
    # The server user's own settings (a theme, a remembered setup, the first-run hint not yet
    # shown) and a saved game, where this test's environment keeps them.
    save_settings(Settings(theme="textual-light", setup=LastSetup(parse_player_spec("Teacherpet,cpu:Robo"))))
    saves = saves_dir(make=True)
    (saves / "Teacherpet vs Robo.json").write_text("{}", encoding="utf-8")
    before = {path: path.read_bytes() for path in (settings_path(), *saves.iterdir())}

    async def visit(port, server):
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
            async with session.ws_connect(url, max_msg_size=0) as connection:
                terminal = Terminal(connection)
                text = await terminal.until("New game", "Play (ctrl+b)")
                [pid] = game_pids(server)
                home = Path(environment(pid)["CHUTES_TUI_CONFIG_DIR"]).parent
                assert home.is_dir() and environment(pid)["CHUTES_TUI_DATA_DIR"] == str(home / "data")
                # The visitor changes the theme: ctrl+p, "theme", then dracula from the list.
                await terminal.type("\x10", "Change the current theme")
                await terminal.type("theme", "Theme")
                await terminal.type("\r", "Search for themes")
                await terminal.type("dracula", "dracula")
                await connection.send_str(json.dumps(["stdin", "\r"]))
                remembered = home / "config" / "settings.json"
                deadline = time.monotonic() + 10
                while "dracula" not in (remembered.read_text() if remembered.exists() else ""):
                    assert time.monotonic() < deadline, "the visitor's theme was not remembered"
                    await asyncio.sleep(0.05)
            return text, pid, home

    with serving(tmp_path) as (port, server, log):
        text, pid, home = asyncio.run(visit(port, server))
        gone = wait_gone({pid}, GAME_ENDS_SECONDS)
        assert log() == []
    assert "Teacherpet" not in text and "Continue" not in text  # neither the setup nor the save
    assert gone < GAME_ENDS_SECONDS and not home.exists()  # the visit's rooms went with it
    after = {path: path.read_bytes() for path in (settings_path(), *saves.iterdir())}
    assert after == before and sorted(os.listdir(settings_path().parent)) == ["settings.json"]


BAD_REQUESTS = [
    b"GET / HTTP/1.1\r\nHost: \xff\xfe:80\r\n\r\n",  # a Host that is not UTF-8
    b"GET / HTTP/1.1\r\nHost: [::1\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n",  # no Host
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 10_000 + b"\r\n\r\n",
    b"GET /\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /ws?width=%ff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # not a websocket handshake
]


def test_pages_of_other_sites_and_bad_hosts_are_refused(tmp_path):
    async def handshake(port, **headers) -> int:
        async with aiohttp.ClientSession(skip_auto_headers=("Origin",)) as session:
            try:
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers) as connection:
                    await connection.close()
                    return 101
            except aiohttp.WSServerHandshakeError as error:
                return error.status

    async def visits(port):
        here = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as session, session.get(f"{here}/") as page:
            assert page.status == 200 and page.headers["X-Frame-Options"] == "DENY"  # no other site's frame
            assert page.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
        return [
            await handshake(port, Origin="http://evil.example"),  # any page the teacher visits
            await handshake(port, Origin=f"http://127.0.0.1:{port + 1}"),  # another port
            await handshake(port, Origin="null"),
            # DNS rebinding: the page's name made to point at 127.0.0.1, the Host its own.
            await handshake(port, Origin=f"http://evil.example:{port}", Host=f"evil.example:{port}"),
            await handshake(port, Origin=here),  # this server's own page
            await handshake(port),  # no Origin: not a browser (it could connect anyway)
        ]

    with serving(tmp_path) as (port, _server, log):
        statuses = asyncio.run(visits(port))
        status_lines = []
        for request in BAD_REQUESTS:
            with socket.create_connection(("127.0.0.1", port)) as raw:
                raw.sendall(request)
                status_lines.append(raw.recv(200).split(b"\r\n")[0])
        time.sleep(0.3)
        lines = log()
    assert statuses == [403, 403, 403, 400, 101, 101]
    assert [line.split(b" ", 1)[1] for line in status_lines] == [b"400 Bad Request"] * len(BAD_REQUESTS)
    assert len(lines) == 4 + len(BAD_REQUESTS) - 1, lines  # a plain GET of /ws: a 400, no line
    assert all(line.startswith("chutes-tui serve: refused 127.0.0.1: ") for line in lines)
    assert "http://evil.example" in lines[0] and "Traceback" not in "\n".join(lines)


def test_visitors_are_capped_in_all_and_per_address(tmp_path):
    async def visits(port):
        async def connect(address):
            session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
            try:
                connection = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
            except aiohttp.WSServerHandshakeError as error:
                await session.close()
                return error.status, None
            return 101, (session, connection)

        first = await connect("127.0.0.2")
        second = await connect("127.0.0.2")  # over --max-per-address 1
        third = await connect("127.0.0.3")
        fourth = await connect("127.0.0.4")  # over --max-visitors 2
        async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/") as page:
            full = page.status, await page.text()
        for _, opened in (first, second, third, fourth):
            if opened is not None:
                await opened[1].close()
                await opened[0].close()
        return [first[0], second[0], third[0], fourth[0]], full

    with serving(tmp_path, "--max-visitors", "2", "--max-per-address", "1") as (port, _server, log):
        statuses, (status, page) = asyncio.run(visits(port))
        lines = log()
    assert statuses == [101, 503, 101, 503]
    assert status == 503 and "No room for another game" in page and "2 games at once" in page
    assert lines == [
        "chutes-tui serve: refused 127.0.0.2: 127.0.0.2 already has 1 games open (the most per address)",
        "chutes-tui serve: refused 127.0.0.4: the server is full (2 games at once, --max-visitors)",
    ]


BAD_FRAMES = {
    "not JSON": "notjson",
    "wrong arity": '["resize", "x"]',
    "a huge frame": json.dumps(["stdin", "x" * 100_000]),
    "a binary frame": b"\x00\x01",
    "a text frame that is not UTF-8": ("raw text", b'["stdin", "\xff"]'),
}


def test_a_bad_message_ends_its_connection_with_one_line_and_a_huge_size_is_capped(tmp_path):
    async def visits(port, server):
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/ws?width=100000&height=100000"
            connections = [await session.ws_connect(url) for _ in BAD_FRAMES]
            deadline = time.monotonic() + 10
            while True:  # every game has started (its own environment, not the server's)
                pids = game_pids(server)
                started = [environment(pid) for pid in pids if "ROWS" in environment(pid)]
                if len(started) == len(BAD_FRAMES):
                    break
                assert time.monotonic() < deadline, pids
                await asyncio.sleep(0.05)
            sizes = {(started_env["COLUMNS"], started_env["ROWS"]) for started_env in started}
            for connection, frame in zip(connections, BAD_FRAMES.values(), strict=True):
                if isinstance(frame, bytes):
                    await connection.send_bytes(frame)
                elif isinstance(frame, tuple):  # what send_str cannot send: aiohttp's frame writer
                    await connection._writer.send_frame(frame[1], aiohttp.WSMsgType.TEXT)
                else:
                    await connection.send_str(frame)
            kinds = [(await closed(connection)).type for connection in connections]
        return kinds, pids, sizes

    with serving(tmp_path, "--max-per-address", "8") as (port, server, log):
        kinds, pids, sizes = asyncio.run(visits(port, server))
        gone = wait_gone(pids, GAME_ENDS_SECONDS)
        lines = log()
    assert kinds == [aiohttp.WSMsgType.CLOSE] * len(BAD_FRAMES)
    assert len(pids) == len(BAD_FRAMES) and sizes == {("400", "150")}
    assert gone < GAME_ENDS_SECONDS
    assert len(lines) == len(BAD_FRAMES), lines
    prefix, suffix = "chutes-tui serve: refused 127.0.0.1: ", "; connection closed"
    assert sorted(line.removeprefix(prefix).removesuffix(suffix) for line in lines) == [
        "a binary message",
        "a frame the protocol refuses (Invalid UTF-8 text message)",
        "a frame the protocol refuses (Message size 100013 exceeds limit 65536)",
        "a message that is not JSON",
        "a resize message without exactly a width and a height",
    ]
    assert all(line.startswith(prefix) and line.endswith(suffix) for line in lines)
    assert "Traceback" not in "\n".join(lines)
