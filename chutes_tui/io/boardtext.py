"""A board file's text: its lines as an editor numbers them, TOML read with every failure a
:class:`~chutes_tui.model.board.BoardError` naming the line, the line a key or a jump's pair is
written on (for the reader's messages), and TOML's spelling of a string and of a list of pairs
(for the writer). :mod:`chutes_tui.io.boardfile` reads and writes boards with them.
"""

from __future__ import annotations

import os
import re
import tomllib
from decimal import Decimal
from typing import Any

from chutes_tui.io.scan import structure_problem
from chutes_tui.model.board import BoardError, Jump
from chutes_tui.model.dice import MAX_DIE
from chutes_tui.model.text import elide, printable


def text_lines(text: str) -> list[str]:
    """The file's lines as an editor shows them: split at \\n, \\r\\n or \\r only
    (``str.splitlines`` also splits at U+2028 and friends, which would shift line numbers)."""
    return re.split(r"\r\n|\r|\n", text)


def key_line(text: str, key: str) -> int | None:
    """The line of ``key = …`` (bare, quoted or the first part of a dotted key)."""
    quoted = re.escape(key)
    pattern = rf"^\s*(?:{quoted}|\"{quoted}\"|'{quoted}')\s*[=.]"
    match = re.search(pattern, text, flags=re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


_KEY_START = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=", re.MULTILINE)
_PAIR = re.compile(r"\[\s*([+-]?\d{1,30})\s*,\s*([+-]?\d{1,30})\s*\]")


def pair_lines(text: str) -> dict[tuple[str, Jump], int]:
    """``(key, pair) → line`` of the first ``[a, b]`` written under each top-level key.

    One pass over the text (a lookup per jump would rescan it: quadratic in the jumps).
    """
    keys = [(match.start(), match.group(1)) for match in _KEY_START.finditer(text)]
    found: dict[tuple[str, Jump], int] = {}
    line, counted, key_index = 1, 0, -1
    for match in _PAIR.finditer(text):
        while key_index + 1 < len(keys) and keys[key_index + 1][0] <= match.start():
            key_index += 1
        if key_index < 0:
            continue
        line += text.count("\n", counted, match.start())
        counted = match.start()
        pair = (int(match.group(1)), int(match.group(2)))
        found.setdefault((keys[key_index][1], pair), line)
    return found


_DIE_LIST = re.compile(r"^\s*(?:die|\"die\"|'die')\s*=\s*\[", re.MULTILINE)


def _die_list_problem(text: str) -> tuple[str, int] | None:
    """A spinner of far too many faces, found before tomllib spends seconds reading a million
    weights: the commas up to the list's first ``]`` (linear; a ``]`` in a comment only
    stops the count early, and :class:`Dice` still checks what tomllib reads)."""
    match = _DIE_LIST.search(text)
    if match is None:
        return None
    close = text.find("]", match.end())
    commas = text.count(",", match.end(), len(text) if close < 0 else close)
    if commas <= MAX_DIE:
        return None
    return f"a spinner may have at most {MAX_DIE} faces", text.count("\n", 0, match.start()) + 1


def load_toml(text: str, path: str | os.PathLike[str] | None) -> dict[str, Any]:
    """``tomllib.loads``, with every failure a :class:`BoardError` naming the line."""
    problem = structure_problem(text) or _die_list_problem(text)
    if problem is not None:
        raise BoardError(f"not a board: {problem[0]}", path=path, line=problem[1])
    try:
        # Decimals stay as written (a spinner's weight 0.1 is exactly a tenth, not a double).
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", message)
        if match and match.group(1):
            line: int | None = int(match.group(1))
        else:
            line = max(1, len(text_lines(text.rstrip("\r\n")))) if match else None
        reason = message[: match.start()].strip() if match else message
        raise BoardError(f"not valid TOML: {elide(printable(reason), 80)}", path=path, line=line) from None
    except (RecursionError, ValueError, MemoryError) as error:
        # The pre-scan stops what we know of; this keeps anything else a one-line refusal.
        reason = f"not a board: the TOML cannot be read ({type(error).__name__})"
        raise BoardError(reason, path=path) from None


def toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    out = []
    for char in escaped:
        code = ord(char)
        if char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def toml_pairs(pairs: tuple[Jump, ...]) -> str:
    if not pairs:
        return "[]"
    return "[\n" + "".join(f"    [{tail}, {head}],\n" for tail, head in pairs) + "]"
