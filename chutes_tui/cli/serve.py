"""``chutes-tui serve``: the app in web browsers (textual-serve), each visitor in their own game.

textual-serve runs one ``chutes-tui play`` process per browser connection (its own game, dice and
saves) and relays the terminal over a websocket; the page draws it with xterm.js. In a browser the
app sends saves and screenshots to the visitor as downloads instead of writing on the server
(:func:`chutes_tui.app.dialogs.save_as.write_or_deliver`).

Each visitor is kept in their own room: their game has its own temporary settings, boards and
saves, and may open no file of the server's; what browsers send is checked first
(:mod:`chutes_tui.cli.serveguard`) by the server (:mod:`chutes_tui.cli.servevisits`).
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import socket
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import common, parsing, play
from chutes_tui.cli.serveguard import (
    GAME_MB,
    MOST_VISITORS,
    PER_ADDRESS,
    Visitors,
    default_max_visitors,
    host_problem,
    memory_bytes,
)
from chutes_tui.model.text import printable

EVERY_ADDRESS = ("0.0.0.0", "::", "")
# How long Ctrl-C waits for open sessions to close before it ends them.
SHUTDOWN_SECONDS = 3.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = (
        "chutes-tui serve [-h] [--host HOST] [--port PORT] [--max-visitors N] [--max-per-address N] "
        "[-- PLAY-ARGUMENTS]"
    )
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
    most = default_max_visitors(memory_bytes())
    parser.add_argument(
        "--max-visitors",
        type=common.bounded_int("--max-visitors", 1, 10_000),
        default=most,
        metavar="N",
        help=f"games at once (default {most}: half this computer's memory at {GAME_MB} MB a game, "
        f"at most {MOST_VISITORS}); one more visitor gets a page saying there is no room",
    )
    parser.add_argument(
        "--max-per-address",
        type=common.bounded_int("--max-per-address", 1, 10_000),
        default=PER_ADDRESS,
        metavar="N",
        help=f"games at once from one address (default {PER_ADDRESS})",
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
    parser = parsing.Parser(prog="chutes-tui play", add_help=False)
    play.add_arguments(parser)
    try:
        args = parser.parse_args(list(arguments))
        if args.save is not None:
            raise common.UsageError(
                "--save: a visitor's saves are downloads to their browser, not server files"
            )
        play.app_options(args)
    except common.UsageError as error:
        raise common.UsageError(
            f"in the play arguments: {error.prog or parser.prog}: {error.message}"
        ) from None


def _host(text: str) -> str:
    """An address or a host name to listen on (an empty one would quietly mean every address)."""
    problem = host_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
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
    from chutes_tui.cli.servevisits import ChutesServer  # aiohttp and textual-serve: only here

    visitors = Visitors(args.max_visitors, args.max_per_address)
    server = ChutesServer(play_command(arguments), args.host, args.port, visitors)
    where = url(args.host, args.port)

    def started() -> None:
        console.print(Text(f"chutes-tui: serving on {where} -- Ctrl-C stops"))
        if args.host in EVERY_ADDRESS:
            console.print(Text("Anyone who can reach this computer can play: there is no password."))

    try:
        server.serve_until_stopped(started, SHUTDOWN_SECONDS)
    except OSError as error:  # the port in use, an address not of this machine, a name unknown
        raise common.UsageError(
            f"cannot listen on {printable(args.host)} port {args.port}: {_reason(error)}"
        ) from None
    console.print(Text("chutes-tui: stopped serving"))
    return 0


def _reason(error: OSError) -> str:
    """Why a socket could not listen, in the system's words (asyncio wraps them in a long line)."""
    if error.errno == errno.EADDRINUSE:
        return "another program is using that port; choose another --port"
    if error.errno is not None and error.errno > 0:
        return os.strerror(error.errno)
    return error.strerror or str(error)  # e.g. a host name that does not resolve
