"""The two board file formats, read with the file and line of every problem, and written back.

*Plain* (the format of the seed notebook): line 1 the start square, line 2 the end square,
line 3 the die's sides, then one ``from to`` pair per line. ``#`` starts a comment; blank
lines are ignored. Rules, name and layout width are not part of this format.

*TOML*::

    name = "standard"
    description = "..."
    squares = 100          # the end square
    die = 6                # one fair die; "2d6": two dice summed; [1, 2, 0.5]: a spinner's weights
    start = 0
    end_rule = "exact"     # exact | reach | bounce
    extra_roll = false     # optional house rule: the top face (the largest move) rolls again
    chain_jumps = false    # optional: a jump's head may be another's tail (followed to rest)
    bump = false           # optional house rule: resting on another piece sends it to the start
    width = 10             # optional: squares per row of the serpentine layout
    ladders = [[1, 38], [4, 14]]
    chutes = [[16, 6]]

Messages never repeat a file's contents: they say what was expected, and where.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chutes_tui.io.boardtext import key_line, load_toml, pair_lines, text_lines, toml_pairs, toml_string
from chutes_tui.io.bundled import bundled_board_names, bundled_board_path
from chutes_tui.io.files import FileReadError, is_regular_file, read_text
from chutes_tui.model.board import Board, BoardError, Jump
from chutes_tui.model.ruletable import DECISIONS, NOT_ANALYZED, Offered, RuleOverrides, deciding
from chutes_tui.model.text import kind_of, number, printable, quote


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


NONE = RuleOverrides()  # the board's own rules


def _built(
    fields: dict[str, Any],
    overrides: RuleOverrides,
    path: str | os.PathLike[str] | None,
    line_of: Callable[[BoardError], int | None],
) -> Board:
    """The board of a file's ``fields`` with ``overrides`` laid over its rules, checked once:
    a file that is a board only under the overrides is one. An error names the file, the line
    ``line_of`` finds (none for a value the overrides gave) and the overrides, if any."""
    given = overrides.fields()
    try:
        return Board(**{**fields, **given})
    except BoardError as error:
        line = None if error.field in given else line_of(error)
        if overrides:
            error = BoardError(f"with {overrides}: {error.reason}", jump=error.jump, field=error.field)
        raise error.located(path, line) from None


def parse_plain(
    text: str,
    *,
    path: str | os.PathLike[str] | None = None,
    name: str | None = None,
    overrides: RuleOverrides = NONE,
) -> Board:
    """Read the seed notebook's format (start, end, die, then ``from to`` pairs), with the rules
    ``overrides`` changes."""
    header: list[tuple[int, int]] = []  # (value, line number)
    jumps: list[Jump] = []
    jump_lines: dict[Jump, int] = {}
    labels = ("start square", "end square", "number of die sides")
    for line_number, raw in enumerate(text_lines(text), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        words = line.split()
        if len(header) < 3:
            if len(words) != 1:
                raise BoardError(
                    f"expected the {labels[len(header)]} alone on this line, found {len(words):,} words",
                    path=path,
                    line=line_number,
                )
            header.append((_parse_int(words[0], labels[len(header)], path, line_number), line_number))
            continue
        if len(words) != 2:
            raise BoardError(
                f"expected a jump as two squares 'from to', found {len(words):,} words",
                path=path,
                line=line_number,
            )
        pair = (
            _parse_int(words[0], "jump's from-square", path, line_number),
            _parse_int(words[1], "jump's to-square", path, line_number),
        )
        if pair in jump_lines:
            raise BoardError(f"jump {pair[0]} {pair[1]} is listed twice", path=path, line=line_number)
        jumps.append(pair)
        jump_lines.setdefault(pair, line_number)
    if len(header) < 3:
        missing = ", ".join(labels[len(header) :])
        raise BoardError(f"the file ends before it gives the {missing}", path=path)
    (start, start_line), (end, end_line), (die, die_line) = header
    field_lines = {"start": start_line, "end": end_line, "die": die_line}
    stem = printable(Path(path).stem) if path is not None else "custom"  # undecodable bytes: escaped
    fields = {
        "end": end,
        "die": die,  # the board reads a whole number as one fair die
        "start": start,
        "jumps": tuple(jumps),
        "name": name or stem,
        "source": None if path is None else str(path),
    }

    def line_of(error: BoardError) -> int | None:
        return jump_lines.get(error.jump) if error.jump else field_lines.get(error.field or "")

    return _built(fields, overrides, path, line_of)


# Compiled once: a plain file of thousands of jumps reads two numbers a line.
_WHOLE = re.compile(r"[+-]?\d{1,9}")


def _parse_int(word: str, what: str, path: str | os.PathLike[str] | None, line: int) -> int:
    # File contents are never repeated in a message: say what was expected, and where.
    if not _WHOLE.fullmatch(word):
        digits = re.fullmatch(r"[+-]?\d+", word)
        found = "a number of more than 9 digits" if digits else "something else"
        raise BoardError(f"the {what} must be a whole number, found {found}", path=path, line=line)
    return int(word)


def format_plain(board: Board) -> str:
    """The board in the plain format (rules, width and description are not representable; nor
    are dice other than one fair die: :class:`BoardError`)."""
    if not board.die.is_fair:
        raise BoardError(f"the plain format holds one fair die, not {board.die.text}: use TOML", field="die")
    # Split the way the reader does, so no comment can leak onto a data line.
    lines = [f"# {text}" for text in text_lines(board.name + "\n" + board.description) if text]
    lines += [str(board.start), str(board.end), str(board.die.sides)]
    lines += [f"{tail} {head}" for tail, head in board.jumps]
    return "\n".join(lines) + "\n"


# The rules' keys come from their table (model/ruletable.py): a new rule is read and written
# with no change here. Issue 27's decisions are read for the game and the strategy solver only
# (``deciding``): the analysis' chains assume nobody chooses.
_RULE_ROWS = deciding(Offered.FILE)
_TOML_KEYS = {"name", "description", "squares", "start", "width", "ladders", "chutes"} | {
    row.key for row in _RULE_ROWS
}


def _known_key_hint(key: str) -> str:
    """The key meant, if one is close; else where the keys are listed (all of them no longer fit
    one line)."""
    close = difflib.get_close_matches(key, sorted(_TOML_KEYS), n=1)
    return f"did you mean {close[0]!r}?" if close else "README.md, 'Board files', lists the keys"


def parse_toml(
    text: str,
    *,
    path: str | os.PathLike[str] | None = None,
    overrides: RuleOverrides = NONE,
    deciding: bool = False,
) -> Board:
    """Read a board in the TOML format (see the module docstring), with the rules ``overrides``
    changes; issue 27's decisions only when ``deciding`` (for the game or the strategy solver:
    the analysis refuses them, naming their line)."""
    data = load_toml(text, path)
    unknown = sorted(set(data) - _TOML_KEYS)
    if unknown:
        raise BoardError(
            f"unknown key {quote(unknown[0], 30)} ({_known_key_hint(unknown[0])})",
            path=path,
            line=key_line(text, unknown[0]),
        )
    for row in DECISIONS:
        if row.key in data and not deciding:
            raise BoardError(
                f"{row.key} is a decision: {NOT_ANALYZED}",
                path=path,
                line=key_line(text, row.key),
            )
    if "squares" not in data:
        raise BoardError("the board needs 'squares', the number of the end square", path=path)

    def typed(key: str, kind: type, default: Any) -> Any:
        value = data.get(key, default)
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            expected = {int: "a whole number", str: "text", bool: "true or false", list: "a list"}[kind]
            raise BoardError(
                f"{key} must be {expected}, not {kind_of(value)}",
                path=path,
                line=key_line(text, key),
            )
        return value

    pairs_at = pair_lines(text)
    jump_lines: dict[Jump, int | None] = {}
    jumps: list[Jump] = []
    for key, upward in (("ladders", True), ("chutes", False)):
        entries = typed(key, list, [])
        for entry in entries:
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in entry)
            ):
                raise BoardError(
                    f"each of {key} must be a pair [from, to] of whole squares, not {kind_of(entry)}",
                    path=path,
                    line=key_line(text, key),
                )
            pair: Jump = (entry[0], entry[1])
            line = pairs_at.get((key, pair)) or key_line(text, key)
            if pair[0] != pair[1] and (pair[1] > pair[0]) != upward:
                other = "chutes" if upward else "ladders"
                direction = "down" if upward else "up"
                raise BoardError(
                    f"{key[:-1]} {number(pair[0])}→{number(pair[1])} goes {direction}: list it under {other}",
                    path=path,
                    line=line,
                )
            jumps.append(pair)
            jump_lines.setdefault(pair, line)
    fields = {
        "end": typed("squares", int, None),
        "start": typed("start", int, 0),
        "jumps": tuple(jumps),
        "name": typed("name", str, printable(Path(path).stem) if path is not None else "custom"),
        "description": typed("description", str, ""),
        "width": typed("width", int, 10),
        "source": None if path is None else str(path),
        # As written: the board reads each by its rule's kind (an error names the key's line).
        **{row.field: data[row.key] for row in _RULE_ROWS if row.key in data},
    }

    def line_of(error: BoardError) -> int | None:
        if error.jump is not None:
            return jump_lines.get(error.jump)
        key = {"end": "squares"}.get(error.field or "", error.field or "")
        return key_line(text, key) if key else None

    return _built(fields, overrides, path, line_of)


def format_toml(board: Board) -> str:
    """The board in the TOML format; :func:`parse_toml` reads it back to an equal board."""
    return (
        f"name = {toml_string(board.name)}\n"
        f"description = {toml_string(board.description)}\n"
        f"squares = {board.end}\n"
        f"start = {board.start}\n"
        + "".join(f"{row.key} = {row.kind.toml(row.of(board))}\n" for row in _RULE_ROWS if row.written(board))
        + f"width = {board.width}\n"
        f"ladders = {toml_pairs(board.ladders)}\n"
        f"chutes = {toml_pairs(board.chutes)}\n"
    )


def parse_board_text(
    text: str, path: str | os.PathLike[str], overrides: RuleOverrides = NONE, *, deciding: bool = False
) -> Board:
    """Parse by extension: ``.toml`` is TOML, anything else the plain format."""
    if str(path).lower().endswith(".toml"):
        return parse_toml(text, path=path, overrides=overrides, deciding=deciding)
    return parse_plain(text, path=path, overrides=overrides)


def read_board(
    path: str | os.PathLike[str], overrides: RuleOverrides = NONE, *, deciding: bool = False
) -> Board:
    """Load a board file of either format (a regular file of at most 10 MB), with the rules
    ``overrides`` changes."""
    try:
        text = read_text(path)
    except FileReadError as error:
        raise BoardError(error.reason, path=path) from None
    return parse_board_text(text, path, overrides, deciding=deciding)


def load_board(
    spec: str | os.PathLike[str], overrides: RuleOverrides = NONE, *, deciding: bool = False
) -> Board:
    """A bundled board by name (``"standard"``), or a board file by path, with the rules
    ``overrides`` changes (laid over the file's before the board is checked; ``deciding``:
    :func:`parse_toml`'s)."""
    text = str(spec)
    bundled = bundled_board_path(text)
    if bundled is not None:
        try:
            return read_board(bundled, overrides, deciding=deciding)
        except BoardError as error:  # named as the user named it, not by its file in the package
            raise BoardError(error.reason, path=text, jump=error.jump, field=error.field) from None
    if is_regular_file(text) or os.path.lexists(text) or os.sep in text or "." in text:
        # It names a file: say what is wrong with it, if anything.
        return read_board(text, overrides, deciding=deciding)
    names = ", ".join(bundled_board_names())
    raise BoardError(f"no bundled board or file named {quote(text)} (bundled boards: {names})")
