"""Showing text that came from a user or a file: literally, briefly, and safely.

Names, descriptions, paths and file contents reach the terminal in three ways -- Rich/Textual
renderables, error messages, and JSON -- and each has a way to go wrong: markup (``[/]`` ends a
style that was never opened and kills the renderer), control characters (``\\x1b[31m`` would
reach the terminal as an escape sequence; a lone surrogate cannot be encoded at all), and size
(a 50 MB line in an error message). Every front end passes such strings through these helpers,
and builds renderables from plain text (``rich.text.Text``), never from markup.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

QUOTE_LIMIT = 60
PATH_LIMIT = 120  # a path is where, not what: keep more of it, but still one line
# Categories that must never reach a terminal as they are: controls (C0, DEL, C1), line and
# paragraph separators, and lone surrogates (which no encoder accepts).
_UNSAFE = frozenset({"Cc", "Cs", "Zl", "Zp"})
# Marks that show nothing yet change what is shown: zero-width spaces, the byte-order mark, and
# the direction marks, overrides and isolates (a right-to-left override turns the rest of a
# terminal's line around). Escaped too; the joiners (U+200C, U+200D) are kept: emoji and scripts
# need them.
INVISIBLE = frozenset(
    "\u200b\u200e\u200f\u2060\ufeff"
    + "".join(map(chr, range(0x202A, 0x202F)))
    + "".join(map(chr, range(0x2066, 0x206A)))
)
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every unsafe character written as an escape (``\\x1b``, ``\\u2028``).

    ``newlines`` keeps ``\\n`` (a description shown over several lines).
    """
    if text.isprintable():
        return text
    return "".join(
        _escape(char)
        if (unicodedata.category(char) in _UNSAFE or char in INVISIBLE) and not (newlines and char == "\n")
        else char
        for char in text
    )


def elide(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters: the start and the end, joined by ``…``."""
    if len(text) <= limit:
        return text
    head = (limit - 1) * 2 // 3
    tail = limit - 1 - head
    return text[:head] + "…" + (text[-tail:] if tail else "")


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a one-line message: printable and elided to about ``limit``."""
    return "'" + elide(printable(text), limit) + "'"


def path_text(path: object) -> str:
    """A path for a message: printable and elided (a 5,000-character path stays one line)."""
    return elide(printable(str(path)), PATH_LIMIT)


def shown(text: str, limit: int) -> str:
    """A user's string for a place of ``limit`` cells (a name in a table): printable, elided."""
    return elide(printable(text), limit)


def percent_digits(share: float, least: int = 0, most: int = 4) -> int:
    """Decimals for ``share`` as a percentage that tell the truth at its ends: a share short of
    1 never shows as 100% (0.99990 → 99.99%) nor one above 0 as 0% (7.6e-6 → 0.0008%)."""
    for digits in range(least, most):
        text = f"{share:.{digits}%}"
        if not (text.startswith("100") and share < 1) and not (float(text[:-1]) == 0 and share > 0):
            return digits
    return most


def percent_shares(shares: Sequence[float], digits: int = 0) -> tuple[str, ...]:
    """Shares of one whole (every player's chance to win) as percentages with ``digits``
    decimals that add up as the shares do, by largest remainder: in units ``u = 10^-digits``
    of a percent each share ``x_i = 100 · 10^digits · s_i`` shows ``⌊x_i⌋``, and the
    ``round(Σ x_i) - Σ ⌊x_i⌋`` units still missing go one each to the largest remainders
    ``x_i - ⌊x_i⌋`` (ties: the earlier share). Each shown value is within one unit of its
    share, and the set adds up to 100% where the shares add up to 1 (rounded one by one,
    33.5%, 33.5% and 33% showed as 34% + 34% + 33% = 101%)."""
    scale = 100 * 10**digits
    scaled = [share * scale for share in shares]
    units = [math.floor(x) for x in scaled]
    missing = round(math.fsum(scaled)) - sum(units)
    by_remainder = sorted(range(len(units)), key=lambda i: scaled[i] - units[i], reverse=True)
    for i in by_remainder[: max(missing, 0)]:
        units[i] += 1
    return tuple(f"{unit / 10**digits:.{digits}f}%" for unit in units)


def number(value: int) -> str:
    """A whole number for a message, however long (Python refuses ``str`` of huge ints)."""
    if abs(value) < 10**18:
        return str(value)
    digits = int(abs(value).bit_length() * 0.30103) + 1
    return f"{'-' if value < 0 else ''}a number of about {digits:,} digits"


def all_digits(value: int | Fraction) -> str:
    """``str(value)`` of a whole number or a fraction, however many digits (Python's ``str``
    refuses ints past 4,300 digits; ``Decimal`` converts exactly, without that limit)."""
    if isinstance(value, Fraction):
        top = all_digits(value.numerator)
        return top if value.denominator == 1 else f"{top}/{all_digits(value.denominator)}"
    return str(Decimal(value))


def scientific(value: int | Fraction, digits: int = 6) -> str:
    """A positive exact number as ``1.23457e-12970``, where a double would be 0 or infinite."""
    value = Fraction(value)
    if value <= 0:
        return str(value) if value == 0 else "-" + scientific(-value, digits)
    exponent = int((value.numerator.bit_length() - value.denominator.bit_length()) * 0.30102999566398)
    mantissa = float(value / Fraction(10) ** exponent)  # within a factor 10 of 1: exact enough
    shift = int(f"{mantissa:.{digits - 1}e}".split("e")[1])
    return f"{mantissa / 10**shift:.{digits - 1}f}e{exponent + shift:+d}"


def kind_of(value: object) -> str:
    """What a value from a file is, for a message that must not repeat it."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return number(value)
    if isinstance(value, float | Decimal):
        return "a decimal number"
    if isinstance(value, str):
        return f"text {quote(value, 30)}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value):,} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "a table"
    if value is None:
        return "nothing"
    return f"a {type(value).__name__}"


def count(number: int, noun: str) -> str:
    """``1 ladder``, ``2 ladders`` (English nouns with a plain plural)."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def file_stem(name: str, limit: int = 60) -> str:
    """A file name made from a board's name: no path separators, no ``..``, no controls.

    ``"../../etc/passwd"`` → ``"etc-passwd"``; an empty result is ``"board"``.
    """
    cleaned = "".join(
        "-" if char in '/\\:*?"<>|' or unicodedata.category(char) in _UNSAFE or char.isspace() else char
        for char in name
    )
    parts = [part for part in cleaned.split("-") if part.strip(".")]
    stem = "-".join(parts).strip(".-")
    return stem[:limit] or "board"


# Plain-ASCII stand-ins for the characters the program itself prints (tables' rules and boxes,
# chart blocks, arrows, dashes, signs), for a terminal or pipe whose encoding lacks them.
# Block heights keep their order (. _ - = + * # #) so a column chart still reads as one.
_ASCII = {
    **dict.fromkeys("─━═┄┈╌", "-"),
    **dict.fromkeys("│┃║┆┊╎", "|"),
    **dict.fromkeys("┌┍┎┏┐┑┒┓└┕┖┗┘┙┚┛├┝┞┟┠┡┢┣┤┥┦┧┨┩┪┫┬┭┮┯┰┱┲┳┴┵┶┷┸┹┺┻┼┽┾┿╀╁╂╃╄╅╆╇╈╉╊╋╭╮╯╰", "+"),
    **dict(zip("▁▂▃▄▅▆▇█", ".._-=+*#", strict=True)),
    "▌": "|",
    "▐": "|",
    "░": ".",
    "▒": ":",
    "▓": "#",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "≥": ">=",
    "≤": "<=",
    "≈": "~",
    "≠": "!=",
    "—": "--",
    "–": "-",
    "−": "-",
    "…": "...",
    "±": "+/-",
    "×": "x",
    "·": "*",
    "•": "*",
    "◆": "*",
    "●": "o",
    "σ": "sd",
    "μ": "mean",
    "✔": "ok",
    "✓": "ok",
    "✗": "x",
    "∞": "inf",
    "√": "sqrt",
    "Σ": "sum",
    "²": "^2",
    "³": "^3",
    "⁰": "^0",
    "¹": "^1",
    "⁴": "^4",
    "⁵": "^5",
    "⁶": "^6",
    "⁷": "^7",
    "⁸": "^8",
    "⁹": "^9",
}


def ascii_form(char: str) -> str:
    """A plain-ASCII stand-in for one character that an output encoding cannot carry.

    The program's own symbols have fixed stand-ins (``→`` is ``->``, ``█`` is ``#``); a braille
    cell (a drawn jump or chart line) is ``.`` or ``:`` by how many dots it has; an accented
    letter loses its accent (``ë`` is ``e``); anything else is written as its escape (``\\u4e2d``),
    so that no character is silently lost or merged with another."""
    if char in _ASCII:
        return _ASCII[char]
    code = ord(char)
    if 0x2800 <= code <= 0x28FF:
        dots = (code - 0x2800).bit_count()
        return " " if dots == 0 else "." if dots <= 2 else ":"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return plain if plain.isprintable() and plain else _escape(char)
