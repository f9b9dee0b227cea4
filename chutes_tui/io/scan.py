"""A linear pre-scan of TOML and JSON text for the two inputs their parsers handle badly.

Python's ``tomllib`` and ``json`` recurse once per level of ``[``/``{`` nesting (100,000
levels raise ``RecursionError``) and turn a number with thousands of digits into an ``int``
(over 4,300 digits raises ``ValueError``; with the limit lifted it takes quadratic time). No
board or save needs either: boards nest two levels deep and their numbers have a few digits.
So before parsing, one pass over the text -- skipping strings and comments, where brackets and
digits mean nothing -- finds the first place that nests deeper than :data:`MAX_DEPTH` or holds a
number longer than :data:`MAX_NUMBER_CHARS`, or dots a key more than :data:`MAX_DOTS_PER_LINE`
times (tomllib is quadratic in a dotted key's parts), and names its line.
"""

from __future__ import annotations

import re

MAX_DEPTH = 32
MAX_NUMBER_CHARS = 40  # a save holds 128-bit generator words (39 digits)
# tomllib takes quadratic time in the parts of a dotted key (``a.a.a…`` or ``[a.a.a…]``):
# 100,000 parts took minutes. Board keys have no dots at all.
MAX_DOTS_PER_LINE = 64

_TOML_TOKENS = re.compile(rf"\"\"\"|'''|\"|'|#|\.|[\[\]{{}}]|[0-9_]{{{MAX_NUMBER_CHARS + 1},}}")
_JSON_TOKENS = re.compile(rf"\"|[\[\]{{}}]|[0-9]{{{MAX_NUMBER_CHARS + 1},}}")
# The rest of a string after its opening quote (the closing quote is not part of the match).
_BASIC_REST = re.compile(r'(?:[^"\\\n]|\\.)*')
_MULTILINE_BASIC_REST = re.compile(r'(?:[^"\\]|\\.|"(?!""))*', re.DOTALL)


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _skip(text: str, token: str, after: int) -> int:
    """Where scanning resumes after a string or comment that opened with ``token``."""
    if token == "#":
        end = text.find("\n", after)
        return len(text) if end < 0 else end
    if token == "'":
        ends = [i for i in (text.find("'", after), text.find("\n", after)) if i >= 0]
        return min(ends) + 1 if ends else len(text)
    if token == "'''":
        end = text.find("'''", after)
        return len(text) if end < 0 else end + 3
    if token == '"':
        match = _BASIC_REST.match(text, after)
        return (match.end() if match else after) + 1
    match = _MULTILINE_BASIC_REST.match(text, after)
    return (match.end() if match else after) + 3


def structure_problem(text: str, *, toml: bool = True) -> tuple[str, int] | None:
    """``(reason, line)`` of the first place too deeply nested or with too long a number."""
    tokens = _TOML_TOKENS if toml else _JSON_TOKENS
    depth = 0
    position = 0
    dots, last_dot = 0, 0
    while True:
        match = tokens.search(text, position)
        if match is None:
            return None
        token = match.group()
        position = match.end()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"nested more than {MAX_DEPTH} levels deep", _line(text, match.start())
        elif token in "]}":
            depth = max(0, depth - 1)
        elif token == ".":
            dots = dots + 1 if text.find("\n", last_dot, match.start()) < 0 else 1
            last_dot = match.start()
            if dots > MAX_DOTS_PER_LINE:
                return f"more than {MAX_DOTS_PER_LINE} dots on one line", _line(text, match.start())
        elif token[0].isdigit() or token[0] == "_":
            return (
                f"a number of {len(token):,} digits (at most {MAX_NUMBER_CHARS} are read)",
                _line(text, match.start()),
            )
        else:
            position = _skip(text, token, position)
