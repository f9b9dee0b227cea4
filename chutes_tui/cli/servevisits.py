"""``chutes-tui serve``'s server: textual-serve's, with each visitor kept in their own room.

* Each visit's game runs with its own temporary config, data and state directories (settings,
  recent boards, saves, crash logs; ``CHUTES_TUI_*_DIR``), removed when the visit ends: nothing
  of the server user's is read or written.
* Requests pass :mod:`chutes_tui.cli.serveguard` first: a bad ``Host`` is a 400, a websocket
  from another site's page a 403, one over the caps a 503 (and the page says the game is full);
  the page may not be framed by another site.
* A visitor's messages are checked one by one; the first bad one ends that connection with one
  line in the log (never a traceback).
* When a visitor's socket closes, their game is told to quit and killed if it has not within
  :data:`QUIT_SECONDS`; Ctrl-C does the same for every visit, then stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import shutil
import signal
import tempfile
import weakref
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WebSocketError, WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from chutes_tui.cli.serveguard import (
    MAX_FRAME,
    BadInputError,
    Visitors,
    listens_on_loopback,
    origin_problem,
    parse_message,
    query_size,
    request_host_problem,
)
from chutes_tui.model.text import elide, printable

QUIT_SECONDS = 2.0  # a game told to quit has this long before it is killed
HEARTBEAT = 5.0  # seconds between pings: a vanished visitor is noticed within about 1.5 of these
LOG = logging.getLogger("chutes_tui.serve")
NOT_IN_FRAMES = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}
FULL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>chutes-tui: no room</title></head>
<body style="font-family: sans-serif; margin: 3em">
<h1>No room for another game just now</h1><p>{why}.</p>
<p>Try again when someone has finished (reload this page).</p></body></html>
"""


class EndedEarly(logging.Filter):
    """Drops textual-serve's "Application failed to start" for a game the server ended itself
    (its visitor left while it was starting): the relay task of each such game."""

    def __init__(self) -> None:
        super().__init__()
        self.relays: weakref.WeakSet[asyncio.Task[None]] = weakref.WeakSet()

    def filter(self, record: logging.LogRecord) -> bool:
        with contextlib.suppress(RuntimeError):  # no running loop: not a relay
            return asyncio.current_task() not in self.relays
        return True


ENDED_EARLY = EndedEarly()


class OneLineForBadRequests(logging.Filter):
    """aiohttp logs a request it cannot parse (a header over 8 KB, no Host, two Hosts, bytes
    that are not a URL) with a traceback; make it one line saying what was wrong."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            why = " ".join(str(error.message).split())
            remote = record.args[0] if isinstance(record.args, tuple) and record.args else "a client"
            record.msg = "refused %s: a malformed request (%s)"
            record.args = (remote, elide(printable(why), 80))
            record.exc_info, record.exc_text = None, None
        return True


def log_refused(request: web.Request, why: str) -> None:
    """The one line a refused request or connection leaves in the server's output."""
    LOG.warning("refused %s: %s", printable(request.remote or "a client"), why)


@contextlib.contextmanager
def private_home() -> Iterator[Path]:
    """A visit's own directories (``config``, ``data``, ``state``), removed afterwards."""
    home = Path(tempfile.mkdtemp(prefix="chutes-tui-visit-"))
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


class VisitorGame(AppService):
    """One visitor's ``chutes-tui play``, with the visit's directories in its environment."""

    def __init__(self, command: str, home: Path, **options: Any) -> None:
        super().__init__(command, **options)
        self.home = home

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        for kind in ("config", "data", "state"):
            environment[f"CHUTES_TUI_{kind.upper()}_DIR"] = str(self.home / kind)
        return environment

    async def end(self) -> None:
        """Tell the game to quit; kill it if it has not within :data:`QUIT_SECONDS`; read its
        output to the end. (textual-serve's ``stop`` waits for the output however long.)"""
        process, relay = self._process, self._task
        if process is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if relay is not None:
            ENDED_EARLY.relays.add(relay)
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_SECONDS)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if relay is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(relay, QUIT_SECONDS)  # it ends at the output's end
            self._task = None


class ChutesServer(Server):
    """textual-serve's server, with the guards, the caps and the visits' own rooms."""

    def __init__(self, command: str, host: str, port: int, visitors: Visitors) -> None:
        super().__init__(command, host=host, port=port, title="chutes-tui")
        self.visitors = visitors
        self.games: dict[web.WebSocketResponse, VisitorGame] = {}
        # Only a server on this computer alone checks that a request names it (DNS rebinding).
        self.loopback = listens_on_loopback(host)

    def initialize_logging(self) -> None:
        # Warnings only (a refused request, a game that failed to start): no banner, no line per
        # request; on our, textual-serve's and aiohttp's loggers, not the root's.
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("chutes-tui serve: %(message)s"))
        for name in (LOG.name, "textual-serve", "aiohttp"):
            logger = logging.getLogger(name)
            if not logger.handlers:
                logger.addHandler(handler)
                logger.setLevel(logging.WARNING)
        logging.getLogger("textual-serve").addFilter(ENDED_EARLY)
        logging.getLogger("aiohttp.server").addFilter(OneLineForBadRequests())

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_host)
        return app

    @web.middleware
    async def check_host(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        why = request_host_problem(request.host, loopback_server=self.loopback)
        if why is not None:
            log_refused(request, why)
            raise web.HTTPBadRequest(text="chutes-tui: a bad Host header\n")
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        pass  # textual-serve's logo and URL would come before the port is known to be free

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's page, with the websocket at the address the visitor used; a page
        saying why not when there is no room."""
        why = self.visitors.refusal(request.remote or "")
        if why is not None:
            page = FULL_PAGE.format(why=html.escape(why[0].upper() + why[1:]))
            return web.Response(
                status=503, text=page, content_type="text/html", headers={"Retry-After": "30"}
            )
        origin = f"{request.scheme}://{request.host}"
        static = request.app.router["static"].url_for(filename="/")
        socket_url = request.app.router["websocket"].url_for()
        font_size = to_int(request.query.get("fontsize", "16"), 16)
        context = {
            "font_size": max(8, min(font_size, 64)),  # a tiny font would ask for a huge terminal
            "app_websocket_url": f"{'wss' if request.secure else 'ws'}://{request.host}{socket_url}",
            "config": {"static": {"url": f"{origin}{static}".rstrip("/") + "/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers.update(NOT_IN_FRAMES)  # another site may not show it in a frame of its own
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One visitor: their own ``chutes-tui play``, relayed until either side closes."""
        scheme = "wss" if request.secure else "ws"
        why = origin_problem(request.headers.get("Origin"), request.host, scheme)
        if why is not None:
            log_refused(request, why)
            raise web.HTTPForbidden(text="chutes-tui: this server's games are for its own page\n")
        address = request.remote or ""
        why = self.visitors.admit(address)
        if why is not None:
            log_refused(request, why)
            raise web.HTTPServiceUnavailable(text=f"chutes-tui: no room: {why}\n")
        try:
            websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_FRAME)
            await websocket.prepare(request)
            with private_home() as home:
                await self._visit(request, websocket, home)
        finally:
            self.visitors.leave(address)
        return websocket

    async def _visit(self, request: web.Request, websocket: web.WebSocketResponse, home: Path) -> None:
        async def close() -> None:  # the game quit: the page says "Session ended"
            await websocket.close()

        game = VisitorGame(
            self.command,
            home,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        self.games[websocket] = game
        try:
            try:
                await game.start(*query_size(request.query))
            except OSError as error:  # no memory or processes left for one more game
                LOG.warning(
                    "could not start a game for %s: %s", printable(request.remote or "a client"), error
                )
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"no room")
                return
            try:
                await self._relay(request, websocket, game)
            finally:
                await game.end()
        finally:
            del self.games[websocket]

    async def _relay(self, request: web.Request, websocket: web.WebSocketResponse, game: AppService) -> None:
        """The page's messages to the game, until the socket closes or a message is bad."""
        async for frame in websocket:
            try:
                if frame.type == WSMsgType.ERROR and not isinstance(frame.data, WebSocketError):
                    return  # the visitor is gone (no answer to pings, a reset): no one to tell
                if frame.type == WSMsgType.ERROR:  # over MAX_FRAME, text not UTF-8, bad framing
                    raise BadInputError(f"a frame the protocol refuses ({frame.data})")
                if frame.type != WSMsgType.TEXT:
                    raise BadInputError("a binary message")
                message = parse_message(frame.data)
            except BadInputError as error:
                log_refused(request, f"{error}; connection closed")
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"bad message")
                return
            if message.kind == "stdin":
                await game.send_bytes(message.text.encode("utf-8"))
            elif message.kind == "resize":
                await game.set_terminal_size(*message.size)
            elif message.kind == "ping":
                await websocket.send_json(["pong", message.text])
            elif message.kind == "blur":
                await game.blur()
            else:
                await game.focus()

    async def on_shutdown(self, app: web.Application) -> None:
        # Closing a visitor's websocket ends their relay, which ends the game; wait for those
        # (bounded), so that no process outlives the event loop.
        games = list(self.games.items())
        await asyncio.gather(*(websocket.close() for websocket, _ in games), return_exceptions=True)
        await asyncio.gather(*(game.end() for _, game in games), return_exceptions=True)

    def request_exit(self) -> None:
        loop = asyncio.get_running_loop()
        for stop in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C: shutdown is under way
            loop.add_signal_handler(stop, lambda: None)
        super().request_exit()

    def serve_until_stopped(self, started: Callable[[], None], shutdown_seconds: float) -> None:
        def listening(*_: Any) -> None:  # aiohttp's "running on" line: every socket listens
            self.initialize_logging()
            started()

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self.request_exit)
        try:
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=listening,
                access_log=None,
                shutdown_timeout=shutdown_seconds,
            )
        finally:
            asyncio.set_event_loop(None)
