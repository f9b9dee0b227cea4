"""``chutes-tui serve``'s guards: what the server accepts from the command line, from a browser
and from the network, decided without a server (plain values in, a verdict out).

* ``--host``: an IP address, or a host name of ASCII letters, digits and hyphens in labels of
  1-63 characters, 253 at most in all (RFC 1123); anything else is refused before listening.
* A request's ``Host``: printable ASCII; on a loopback server, a loopback name or address only
  (so that a web page whose name is made to resolve to 127.0.0.1 -- DNS rebinding -- is refused).
* A websocket's ``Origin``: the page that opens it must come from this server (the same scheme,
  host and port as the ``Host`` it was sent to). Browsers always send one; a request without it
  comes from a program, not a web page, and could reach the server anyway, so it is let in.
* A visitor's messages: exactly the four shapes textual-serve's page sends (``["stdin", text]``,
  ``["resize", {"width": w, "height": h}]``, ``["ping", text]``, ``["focus"]``/``["blur"]``);
  anything else is :class:`BadInputError` and ends that visitor's connection.
* Terminal sizes: at most :data:`MAX_COLUMNS` x :data:`MAX_ROWS` (a 4K screen at the page's
  16-pixel font), which bounds a game's memory.
* How many play at once: :func:`default_max_visitors` from this computer's memory.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import socket
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from chutes_tui.model.text import quote

MAX_COLUMNS, MAX_ROWS = 400, 150
DEFAULT_SIZE = (80, 24)
MAX_FRAME = 64 * 1024  # bytes in one websocket message: keys, pastes and sizes are far smaller
MAX_PING = 32  # characters of a ping's text (the page sends a timestamp)
# One game's resident memory (VmRSS, two computer players): 91 MB at 160x50, 101 MB at
# MAX_COLUMNS x MAX_ROWS, 119 MB there with the exact odds and an overlay open; with room to spare.
GAME_MB = 150
MEMORY_SHARE = 2  # games may use at most half the memory
MOST_VISITORS = 200
PER_ADDRESS = 4  # games at once from one address (a pupil's tabs; the teacher's check)
LOOPBACK_NAMES = ("localhost", "localhost.")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


class BadInputError(ValueError):
    """What a client sent is not what the page sends: one line, for the log."""


# -- names ----------------------------------------------------------------------------------------


def host_problem(text: str) -> str | None:
    """Why ``text`` cannot be listened on (``None``: an IP address or a well-formed name)."""
    if not text.strip():
        return "--host cannot be empty (0.0.0.0 listens on every address)"
    if _ip(text) is not None:
        return None
    name = text[:-1] if text.endswith(".") else text
    if len(name) > 253:
        return f"--host: a host name has at most 253 characters, not {len(name)}"
    for label in name.split("."):
        if len(label) > 63:
            return f"--host: {quote(label, 20)} is {len(label)} characters; a name's parts have at most 63"
        if not _LABEL.fullmatch(label):
            return (
                f"--host: {quote(text)} is neither an IP address nor a host name "
                "(letters, digits and hyphens, in parts separated by dots)"
            )
    return None


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text[1:-1] if text[:1] + text[-1:] == "[]" else text)
    except ValueError:
        pass
    if not re.fullmatch(r"[0-9a-fA-FxX.]+", text):
        return None
    try:  # 127.1, 0x7f.1, 2130706433: IPv4 as the system reads it (a server listens on these)
        return ipaddress.IPv4Address(socket.inet_aton(text))
    except OSError:
        return None


def is_loopback(host: str) -> bool:
    """``host`` names this computer only (``localhost``, 127.0.0.0/8, ``::1``)."""
    address = _ip(host)
    return host.lower() in LOOPBACK_NAMES if address is None else address.is_loopback


def listens_on_loopback(host: str) -> bool:
    """Whether a server told to listen on ``host`` listens on this computer only: every address
    the name resolves to is a loopback one (``localhost``, 127.0.0.0/8, ``::1``, and a machine's
    own name where /etc/hosts gives it 127.0.1.1). Asked once, when the server starts."""
    if _ip(host) is not None or host.lower() in LOOPBACK_NAMES:
        return is_loopback(host)
    try:
        found = socket.getaddrinfo(host, None)
    except (OSError, UnicodeError):
        return False
    addresses = {_ip(str(info[4][0]).split("%")[0]) for info in found}
    return bool(addresses) and all(address is not None and address.is_loopback for address in addresses)


def _host_and_port(netloc: str, scheme: str) -> tuple[str, int] | None:
    """A ``host[:port]`` split, the port defaulted from the scheme; ``None`` if malformed."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.netloc != netloc:
        return None
    default = 443 if scheme in ("https", "wss") else 80
    return parts.hostname.lower(), default if port is None else port


def request_host_problem(host: str, *, loopback_server: bool) -> str | None:
    """Why a request's ``Host`` header is refused (``None``: accepted)."""
    split = _host_and_port(host, "http") if host.isascii() and host.isprintable() else None
    if split is None or host_problem(split[0]) is not None:
        return f"a malformed Host header {quote(host, 40)}"
    hostname = split[0]
    if loopback_server and not is_loopback(hostname):
        return (
            f"Host {quote(host, 40)} on a server for this computer only (a page's name made to point here?)"
        )
    return None


def origin_problem(origin: str | None, host: str, scheme: str) -> str | None:
    """Why a websocket from a page at ``origin`` is refused (``None``: the page is this server's,
    or there is no ``Origin``: not a browser)."""
    if origin is None:
        return None
    parts = urlsplit(origin) if origin.isascii() and origin.isprintable() else None
    ws = {"http": "ws", "https": "wss"}
    if parts is None or parts.scheme not in ws or parts.path not in ("", "/"):
        return f"a websocket from the page {quote(origin, 60)}: not this server's"
    here = _host_and_port(host, scheme)
    if ws[parts.scheme] != scheme or _host_and_port(parts.netloc, parts.scheme) != here:
        return f"a websocket from the page {quote(origin, 60)}: not this server's ({quote(host, 40)})"
    return None


# -- sizes and messages ---------------------------------------------------------------------------


def terminal_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size a screen can show: 1 to :data:`MAX_COLUMNS` by 1 to :data:`MAX_ROWS`."""
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))


def query_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The size a page asks for in its websocket's address (``?width=&height=``), capped; a
    missing or malformed number is the default's."""
    size = []
    for key, default in zip(("width", "height"), DEFAULT_SIZE, strict=True):
        text = query.get(key, "")
        size.append(int(text) if text.isascii() and text.isdigit() and len(text) < 10 else default)
    return terminal_size(size[0], size[1])


@dataclass(frozen=True)
class Message:
    """One message from the page: ``kind`` and what it carries (text, or a capped size)."""

    kind: str
    text: str = ""
    size: tuple[int, int] = DEFAULT_SIZE


def parse_message(data: str) -> Message:
    """The page's message in ``data`` (a text frame), or :class:`BadInputError` saying what is wrong."""
    try:
        envelope = json.loads(data)
    except (ValueError, RecursionError):
        raise BadInputError("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadInputError("a message that is not a list starting with its kind")
    kind, arguments = envelope[0], envelope[1:]
    if kind in ("focus", "blur"):
        if arguments:
            raise BadInputError(f"a {kind} message with arguments")
        return Message(kind)
    if kind not in ("stdin", "ping", "resize"):
        raise BadInputError(f"a message of unknown kind {quote(kind, 20)}")
    if len(arguments) != 1:
        raise BadInputError(f"a {kind} message with {len(arguments)} arguments, not 1")
    [argument] = arguments
    if kind == "resize":
        return Message(kind, size=_size(argument))
    if not isinstance(argument, str):
        raise BadInputError(f"a {kind} message whose text is not a string")
    if kind == "ping" and len(argument) > MAX_PING:
        raise BadInputError(f"a ping of {len(argument)} characters")
    try:
        argument.encode("utf-8")
    except UnicodeEncodeError:
        raise BadInputError(f"a {kind} message with a lone surrogate") from None
    return Message(kind, text=argument)


def _size(argument: object) -> tuple[int, int]:
    if not isinstance(argument, dict) or set(argument) != {"width", "height"}:
        raise BadInputError("a resize message without exactly a width and a height")
    width, height = argument["width"], argument["height"]
    if not all(type(n) is int and n >= 1 for n in (width, height)):
        raise BadInputError("a resize message whose width and height are not whole numbers from 1")
    return terminal_size(width, height)


# -- how many ---------------------------------------------------------------------------------------


def memory_bytes() -> int | None:
    """This computer's memory (``None`` where the system does not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def default_max_visitors(memory: int | None) -> int:
    """Games at once: half of ``memory`` over :data:`GAME_MB` each, 1 to :data:`MOST_VISITORS`
    (20 when the memory is unknown)."""
    if memory is None:
        return 20
    return max(1, min(MOST_VISITORS, memory // MEMORY_SHARE // (GAME_MB << 20)))


class Visitors:
    """The games being played, counted in all and per address; a visit is admitted only below
    both caps."""

    def __init__(self, most: int, per_address: int = PER_ADDRESS) -> None:
        self.most, self.per_address = most, per_address
        self.playing: Counter[str] = Counter()

    def refusal(self, address: str) -> str | None:
        """Why one more game from ``address`` is refused now (``None``: it may start)."""
        if self.playing.total() >= self.most:
            return f"the server is full ({self.most} games at once, --max-visitors)"
        if self.playing[address] >= self.per_address:
            return f"{address} already has {self.per_address} games open (the most per address)"
        return None

    def admit(self, address: str) -> str | None:
        """Count a game from ``address`` in, or say why not."""
        refused = self.refusal(address)
        if refused is None:
            self.playing[address] += 1
        return refused

    def leave(self, address: str) -> None:
        self.playing[address] -= 1
        if self.playing[address] <= 0:
            del self.playing[address]
