"""``chutes-tui serve``: the app in web browsers (textual-serve), each visitor in their own game.

textual-serve runs one ``chutes-tui play`` process per browser connection (its own game, dice and
saves) and relays the terminal over a websocket; the page draws it with xterm.js. In a browser the
app sends saves and screenshots to the visitor as downloads instead of writing on the server
(:func:`chutes_tui.app.dialogs.save_as.write_or_deliver`).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import shlex
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import common, play
from chutes_tui.model.text import printable

NAME = "serve"
HELP = "serve the app to web browsers: each visitor plays their own game"
EVERY_ADDRESS = ("0.0.0.0", "::", "")
# How long Ctrl-C waits for open sessions to close before it ends them.
SHUTDOWN_SECONDS = 3.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = "chutes-tui serve [-h] [--host HOST] [--port PORT] [-- PLAY-ARGUMENTS]"
    parser.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
        "address, e.g. a classroom -- anyone who can reach it can play: there is no password)",
    )
    parser.add_argument(
        "--port", type=common.bounded_int("--port", 1, 65535), default=8000, help="default 8000"
    )
    parser.add_argument(
        "play_arguments",
        nargs=argparse.REMAINDER,
        metavar="-- PLAY-ARGUMENTS",
        help="what each visitor's game starts with, as for chutes-tui play "
        "(e.g. -- classic-1952 --players Ann,cpu:Robo)",
    )


def play_command(arguments: Sequence[str]) -> str:
    """The shell command textual-serve runs for each visitor: this Python's ``chutes-tui play``
    (``exec``: the game is the process textual-serve started, so ending it ends the game)."""
    return "exec " + shlex.join([sys.executable, "-m", "chutes_tui", "play", *arguments])


def check_play_arguments(arguments: Sequence[str]) -> None:
    """Refuse wrong play arguments once, before serving, rather than in every visitor's page."""
    parser = common.Parser(prog="chutes-tui play", add_help=False)
    play.add_arguments(parser)
    try:
        args = parser.parse_args(list(arguments))
        if args.save is not None:
            raise common.UsageError(
                "--save: a visitor's saves are downloads to their browser, not server files"
            )
        play.app_options(args)
    except common.UsageError as error:
        raise common.UsageError(f"chutes-tui serve: in the play arguments: {error}") from None


def _host(text: str) -> str:
    """An address to listen on; an empty one would quietly mean every address, so say it."""
    if not text.strip():
        raise argparse.ArgumentTypeError("--host cannot be empty (0.0.0.0 listens on every address)")
    return text


def url(host: str, port: int) -> str:
    """Where a browser finds the server (for every address: this machine's name)."""
    if host in EVERY_ADDRESS:
        host = socket.gethostname()
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def run(args: argparse.Namespace, console: Console) -> int:
    arguments = list(args.play_arguments)
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]
    check_play_arguments(arguments)
    server = _server(play_command(arguments), args.host, args.port)
    where = url(args.host, args.port)

    def started() -> None:
        console.print(Text(f"chutes-tui: serving on {where} -- Ctrl-C stops"))
        if args.host in EVERY_ADDRESS:
            console.print(Text("Anyone who can reach this computer can play: there is no password."))

    try:
        server.serve_until_stopped(started)
    except OSError as error:  # the port in use, an address not of this machine, a name unknown
        raise common.UsageError(
            f"chutes-tui serve: cannot listen on {printable(args.host)} port {args.port}: {_reason(error)}"
        ) from None
    console.print(Text("chutes-tui: stopped serving"))
    return 0


def _reason(error: OSError) -> str:
    """Why a socket could not listen, in the system's words (asyncio wraps them in a long line)."""
    if error.errno == errno.EADDRINUSE:
        return "another program is using that port (try another --port)"
    if error.errno is not None and error.errno > 0:
        return os.strerror(error.errno)
    return error.strerror or str(error)  # e.g. a host name that does not resolve


def _server(command: str, host: str, port: int) -> Any:
    """A textual-serve server that prints only our lines, builds the page's addresses from the
    request (so ``--host 0.0.0.0`` works from other machines), and on Ctrl-C ends every visitor's
    game and waits for its process before it stops."""
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    class ChutesServer(Server):
        visits: dict[web.WebSocketResponse, AppService]

        def initialize_logging(self) -> None:
            # Warnings only (a session that failed to start, a request that failed): no banner,
            # no line per request; on textual-serve's and aiohttp's loggers, not the root's.
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("chutes-tui serve: %(message)s"))
            for name in ("textual-serve", "aiohttp"):
                logger = logging.getLogger(name)
                if not logger.handlers:
                    logger.addHandler(handler)
                    logger.setLevel(logging.WARNING)

        async def on_startup(self, app: web.Application) -> None:
            pass  # textual-serve's logo and URL would come before the port is known to be free

        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request: web.Request) -> dict[str, Any]:
            # textual-serve's page, with the websocket at the address the visitor used.
            origin = f"{request.scheme}://{request.host}"
            socket_url = request.app.router["websocket"].url_for()
            static = request.app.router["static"].url_for(filename="/")
            return {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{'wss' if request.secure else 'ws'}://{request.host}{socket_url}",
                "config": {"static": {"url": f"{origin}{static}".rstrip("/") + "/"}},
                "application": {"name": self.title},
            }

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """One visitor: their own ``chutes-tui play``, relayed until either side closes."""
            websocket = web.WebSocketResponse(heartbeat=15)
            await websocket.prepare(request)

            async def close() -> None:  # the game quit: the page says "Session ended"
                await websocket.close()

            service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
            )
            self.visits[websocket] = service
            try:
                width = to_int(request.query.get("width", "80"), 80)
                await service.start(width, to_int(request.query.get("height", "24"), 24))
                try:
                    await self._process_messages(websocket, service)
                finally:
                    await service.stop()  # the game quits; its output is read to the end
                    await _ended(service)
            finally:
                del self.visits[websocket]
            return websocket

        async def on_shutdown(self, app: web.Application) -> None:
            # Closing a visitor's websocket ends their loop in handle_websocket, which quits the
            # game; wait for those (bounded), so that no process outlives the event loop.
            visits = list(self.visits.items())
            await asyncio.gather(*(websocket.close() for websocket, _ in visits), return_exceptions=True)
            await asyncio.gather(*(_ended(service) for _, service in visits), return_exceptions=True)

        def request_exit(self) -> None:
            loop = asyncio.get_running_loop()
            for stop in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C: shutdown is under way
                loop.add_signal_handler(stop, lambda: None)
            super().request_exit()

        def serve_until_stopped(self, started: Callable[[], None]) -> None:
            self.visits = {}

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
                    shutdown_timeout=SHUTDOWN_SECONDS,
                )
            finally:
                asyncio.set_event_loop(None)

    async def _ended(service: AppService) -> None:
        """Wait for a game's process to exit (it was told to quit); kill it if it will not."""
        process = service._process  # textual-serve keeps it private and never waits for it
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), SHUTDOWN_SECONDS)
        except TimeoutError:
            process.kill()
            await process.wait()

    return ChutesServer(command, host=host, port=port, title="chutes-tui")
