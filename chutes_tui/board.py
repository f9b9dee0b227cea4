"""Boards: the model, its validation, and the two file formats.

A board has squares ``1..end`` (``end`` is the winning square), a start square (``0`` by
default, off the board), a die with ``die`` faces, an end rule, and jumps ``tail → head``:
ladders go up, chutes go down. Every invalid board raises :class:`BoardError` saying what is
wrong and, when the board came from a file, where.

Formats
-------
*Plain* (the format of the seed notebook): line 1 the start square, line 2 the end square,
line 3 the die's sides, then one ``from to`` pair per line. ``#`` starts a comment; blank
lines are ignored. Rules, name and layout width are not part of this format.

*TOML*::

    name = "standard"
    description = "..."
    squares = 100          # the end square
    die = 6
    start = 0
    end_rule = "exact"     # exact | reach | bounce
    extra_roll = false     # optional house rule: the top face rolls again
    width = 10             # optional: squares per row of the serpentine layout
    ladders = [[1, 38], [4, 14]]
    chutes = [[16, 6]]
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from chutes_tui.io.files import FileReadError, is_regular_file, read_text
from chutes_tui.io.scan import structure_problem
from chutes_tui.model.text import elide, kind_of, number, path_text, printable, quote
from chutes_tui.rules import EndRule, JumpKind, roll_table

MAX_SQUARES = 100_000
MAX_DIE = 100
MAX_WIDTH = 1_000

Jump = tuple[int, int]


class BoardError(ValueError):
    """An invalid board: what is wrong, and where (file, line) when known.

    ``jump`` or ``field`` name the offending part so that a parser can add the line it
    came from.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        jump: Jump | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = None if path is None else str(path)
        self.line = line
        self.jump = jump
        self.field = field

    def located(self, path: str | os.PathLike[str] | None, line: int | None) -> BoardError:
        """A copy of this error that also says where it happened."""
        return BoardError(
            self.reason,
            path=path if path is not None else self.path,
            line=line if line is not None else self.line,
            jump=self.jump,
            field=self.field,
        )

    def __str__(self) -> str:
        where = path_text(self.path) if self.path else ""
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.reason}" if where else self.reason


def _compact(squares: Iterable[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` → ``"1–3, 7, 9–10"``."""
    values = sorted(set(squares))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    return ", ".join(parts)


@dataclass(frozen=True)
class Board:
    """A Chutes and Ladders board and its rules. Constructing one validates it."""

    end: int = 100
    die: int = 6
    start: int = 0
    end_rule: EndRule = EndRule.EXACT
    jumps: tuple[Jump, ...] = ()
    name: str = "custom"
    description: str = ""
    width: int = 10
    extra_roll: bool = False
    # Where the board came from, for error messages; not part of its identity.
    source: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "end_rule", EndRule(self.end_rule))
        except ValueError:
            rules = ", ".join(rule.value for rule in EndRule)
            raise BoardError(
                f"unknown end rule {kind_of(self.end_rule)} (expected one of: {rules})", field="end_rule"
            ) from None
        self._check_numbers()
        object.__setattr__(self, "jumps", self._checked_jumps())
        self._check_winnable()

    # -- validation -----------------------------------------------------------------------

    def _check_numbers(self) -> None:
        for name, value in (("end", self.end), ("die", self.die), ("start", self.start)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BoardError(f"{name} must be a whole number, not {kind_of(value)}", field=name)
        if self.die < 1:
            raise BoardError(f"the die needs at least 1 side (got {number(self.die)})", field="die")
        if self.die > MAX_DIE:
            raise BoardError(f"a die of {number(self.die)} sides is more than {MAX_DIE}", field="die")
        if self.end < 1:
            raise BoardError(f"the end square must be at least 1 (got {number(self.end)})", field="end")
        if self.end > MAX_SQUARES:
            raise BoardError(
                f"{number(self.end)} squares is more than the {MAX_SQUARES:,} this tool handles", field="end"
            )
        if not 0 <= self.start < self.end:
            raise BoardError(
                f"the start square {number(self.start)} must lie in 0..{self.end - 1}", field="start"
            )
        if not isinstance(self.extra_roll, bool):
            raise BoardError(
                f"extra_roll must be true or false, not {kind_of(self.extra_roll)}", field="extra_roll"
            )
        for name, text in (("name", self.name), ("description", self.description)):
            if not isinstance(text, str):
                raise BoardError(f"{name} must be text, not {kind_of(text)}", field=name)
        if (
            isinstance(self.width, bool)
            or not isinstance(self.width, int)
            or not 1 <= self.width <= MAX_WIDTH
        ):
            raise BoardError(f"width must be 1..{MAX_WIDTH} (got {kind_of(self.width)})", field="width")
        if self.extra_roll and self.die == 1:
            raise BoardError(
                "the extra-roll rule with a 1-sided die would make every turn endless",
                field="extra_roll",
            )
        if self.end_rule is EndRule.BOUNCE and self.die > self.end:
            raise BoardError(
                f"under the bounce rule a {self.die}-sided die could bounce a piece off the "
                f"board before square 1 (the die may have at most {self.end} sides here)",
                field="die",
            )

    def _checked_jumps(self) -> tuple[Jump, ...]:
        pairs = list(self.jumps.items()) if isinstance(self.jumps, Mapping) else list(self.jumps)
        seen: dict[int, int] = {}
        heads: dict[int, int] = {}
        for pair in pairs:
            try:
                tail, head = pair
            except (TypeError, ValueError):
                raise BoardError(f"a jump must be a pair of squares, not {kind_of(pair)}") from None
            if any(isinstance(v, bool) or not isinstance(v, int) for v in (tail, head)):
                raise BoardError(
                    f"a jump must join two whole squares, not {kind_of(tail)} and {kind_of(head)}"
                )
            jump = (tail, head)
            for square in (tail, head):
                if not 1 <= square <= self.end:
                    raise BoardError(
                        f"jump {number(tail)}→{number(head)} leaves the board: "
                        f"square {number(square)} is not in 1..{self.end}",
                        jump=jump,
                    )
            if tail == head:
                raise BoardError(f"jump {tail}→{head} goes nowhere", jump=jump)
            if tail == self.end:
                raise BoardError(f"jump {tail}→{head} starts on the end square", jump=jump)
            if tail == self.start:
                raise BoardError(f"jump {tail}→{head} starts on the start square", jump=jump)
            if tail in seen:
                raise BoardError(
                    f"square {tail} has two jumps: {tail}→{seen[tail]} and {tail}→{head}", jump=jump
                )
            # Blame the jump that completes a chain, i.e. the later one in the file.
            if head in seen:
                raise BoardError(
                    f"chained jumps: {tail}→{head} lands on the tail of {head}→{seen[head]}",
                    jump=jump,
                )
            if tail in heads:
                raise BoardError(
                    f"chained jumps: {heads[tail]}→{tail} lands on the tail of {tail}→{head}",
                    jump=jump,
                )
            seen[tail] = head
            heads[head] = tail
        return tuple(sorted(seen.items()))

    def _check_winnable(self) -> None:
        """Refuse boards with a standable square from which the end can never be reached."""
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import breadth_first_order

        table = roll_table(self)
        n = self.end + 1
        standable = self.standable_squares
        rows = np.repeat(standable, self.die)
        cols = table[standable].ravel()
        backward = csr_matrix((np.ones(rows.size, dtype=np.int8), (cols, rows)), shape=(n, n))
        reaching = breadth_first_order(backward, self.end, directed=True, return_predecessors=False)
        can_finish = np.zeros(n, dtype=bool)
        can_finish[reaching] = True
        stuck = standable[~can_finish[standable]]
        if stuck.size == 0:
            return
        square = int(stuck[0])
        forward = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))
        trapped = breadth_first_order(forward, square, directed=True, return_predecessors=False)
        trap = set(int(s) for s in trapped)
        culprits = [f"{tail}→{head}" for tail, head in self.jumps if head in trap and tail not in trap]
        why = f"rolls from there only ever reach squares {_compact(trap)}"
        if culprits:
            why += f", and jumps {', '.join(culprits[:6])}{' …' if len(culprits) > 6 else ''}"
            why += " send every other landing back"
        where = "the start square" if square == self.start else "square"
        raise BoardError(
            f"unwinnable board: the end square {self.end} can never be reached from {where} {square} ({why})",
            field="jumps",
        )

    # -- derived views --------------------------------------------------------------------

    @cached_property
    def jump_map(self) -> dict[int, int]:
        return dict(self.jumps)

    @cached_property
    def resolve(self) -> np.ndarray:
        """``resolve[s]``: where a piece landing on ``s`` ends its move (read-only)."""
        table = np.arange(self.end + 1, dtype=np.int64)
        for tail, head in self.jumps:
            table[tail] = head
        table.setflags(write=False)
        return table

    @cached_property
    def head_map(self) -> dict[int, int]:
        """``head → tail`` (a head that several jumps share maps to the first of them)."""
        heads: dict[int, int] = {}
        for tail, head in self.jumps:
            heads.setdefault(head, tail)
        return heads

    def jump_at(self, square: int) -> Jump | None:
        """The jump whose tail or head is ``square`` (squares are never both)."""
        if square in self.jump_map:
            return square, self.jump_map[square]
        if square in self.head_map:
            return self.head_map[square], square
        return None

    @property
    def ladders(self) -> tuple[Jump, ...]:
        return tuple((t, h) for t, h in self.jumps if h > t)

    @property
    def chutes(self) -> tuple[Jump, ...]:
        return tuple((t, h) for t, h in self.jumps if h < t)

    def jump_kind(self, tail: int) -> JumpKind | None:
        head = self.jump_map.get(tail)
        if head is None:
            return None
        return JumpKind.LADDER if head > tail else JumpKind.CHUTE

    @cached_property
    def standable_squares(self) -> np.ndarray:
        """Squares a turn can end on: the start, and every board square that is not a tail."""
        mask = np.ones(self.end + 1, dtype=bool)
        mask[0] = self.start == 0
        mask[[tail for tail, _ in self.jumps]] = False
        squares = np.flatnonzero(mask)
        squares.setflags(write=False)
        return squares

    def is_standable(self, square: int) -> bool:
        return (square == self.start or 1 <= square <= self.end) and square not in self.jump_map

    def replace(self, **changes: Any) -> Board:
        """A validated copy with some fields changed (``die=8``, ``end_rule="reach"``…)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The board as plain JSON-ready data, in the TOML format's terms."""
        return {
            "name": self.name,
            "description": self.description,
            "squares": self.end,
            "die": self.die,
            "start": self.start,
            "end_rule": self.end_rule.value,
            "extra_roll": self.extra_roll,
            "width": self.width,
            "ladders": [list(j) for j in self.ladders],
            "chutes": [list(j) for j in self.chutes],
        }


# -- plain format -----------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    """The file's lines as an editor shows them: split at \\n, \\r\\n or \\r only
    (``str.splitlines`` also splits at U+2028 and friends, which would shift line numbers)."""
    return re.split(r"\r\n|\r|\n", text)


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def parse_plain(text: str, *, path: str | os.PathLike[str] | None = None, name: str | None = None) -> Board:
    """Read the seed notebook's format (start, end, die, then ``from to`` pairs)."""
    header: list[tuple[int, int]] = []  # (value, line number)
    jumps: list[Jump] = []
    jump_lines: dict[Jump, int] = {}
    labels = ("start square", "end square", "number of die sides")
    for line_number, raw in enumerate(_lines(text), start=1):
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
    stem = Path(path).stem if path is not None else "custom"
    try:
        return Board(
            end=end,
            die=die,
            start=start,
            jumps=tuple(jumps),
            name=name or stem,
            source=None if path is None else str(path),
        )
    except BoardError as error:
        line = jump_lines.get(error.jump) if error.jump else field_lines.get(error.field or "")
        raise error.located(path, line) from None


def _parse_int(word: str, what: str, path: str | os.PathLike[str] | None, line: int) -> int:
    # File contents are never repeated in a message: say what was expected, and where.
    if not re.fullmatch(r"[+-]?\d{1,9}", word):
        digits = re.fullmatch(r"[+-]?\d+", word)
        found = "a number of more than 9 digits" if digits else "something else"
        raise BoardError(f"the {what} must be a whole number, found {found}", path=path, line=line)
    return int(word)


def format_plain(board: Board) -> str:
    """The board in the plain format (rules, width and description are not representable)."""
    # Split the way the reader does, so no comment can leak onto a data line.
    lines = [f"# {text}" for text in _lines(board.name + "\n" + board.description) if text]
    lines += [str(board.start), str(board.end), str(board.die)]
    lines += [f"{tail} {head}" for tail, head in board.jumps]
    return "\n".join(lines) + "\n"


# -- TOML format ------------------------------------------------------------------------------

_TOML_KEYS = {
    "name",
    "description",
    "squares",
    "die",
    "start",
    "end_rule",
    "extra_roll",
    "width",
    "ladders",
    "chutes",
}


def _key_line(text: str, key: str) -> int | None:
    match = re.search(rf"^\s*{re.escape(key)}\s*=", text, flags=re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


_KEY_START = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=", re.MULTILINE)
_PAIR = re.compile(r"\[\s*([+-]?\d{1,30})\s*,\s*([+-]?\d{1,30})\s*\]")


def _pair_lines(text: str) -> dict[tuple[str, Jump], int]:
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


def _load_toml(text: str, path: str | os.PathLike[str] | None) -> dict[str, Any]:
    """``tomllib.loads``, with every failure a :class:`BoardError` naming the line."""
    problem = structure_problem(text)
    if problem is not None:
        raise BoardError(f"not a board: {problem[0]}", path=path, line=problem[1])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", message)
        if match and match.group(1):
            line: int | None = int(match.group(1))
        else:
            line = max(1, len(_lines(text.rstrip("\r\n")))) if match else None
        reason = message[: match.start()].strip() if match else message
        raise BoardError(f"not valid TOML: {elide(printable(reason), 80)}", path=path, line=line) from None
    except (RecursionError, ValueError, MemoryError) as error:
        # The pre-scan stops what we know of; this keeps anything else a one-line refusal.
        reason = f"not a board: the TOML cannot be read ({type(error).__name__})"
        raise BoardError(reason, path=path) from None


def parse_toml(text: str, *, path: str | os.PathLike[str] | None = None) -> Board:
    """Read a board in the TOML format (see the module docstring)."""
    data = _load_toml(text, path)
    unknown = sorted(set(data) - _TOML_KEYS)
    if unknown:
        raise BoardError(
            f"unknown key {quote(unknown[0], 30)} (known keys: {', '.join(sorted(_TOML_KEYS))})",
            path=path,
            line=_key_line(text, unknown[0]),
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
                line=_key_line(text, key),
            )
        return value

    pair_lines = _pair_lines(text)
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
                    line=_key_line(text, key),
                )
            pair: Jump = (entry[0], entry[1])
            line = pair_lines.get((key, pair)) or _key_line(text, key)
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
    field_keys = {"end": "squares"}
    try:
        return Board(
            end=typed("squares", int, None),
            die=typed("die", int, 6),
            start=typed("start", int, 0),
            end_rule=typed("end_rule", str, EndRule.EXACT.value),
            jumps=tuple(jumps),
            name=typed("name", str, Path(path).stem if path is not None else "custom"),
            description=typed("description", str, ""),
            width=typed("width", int, 10),
            extra_roll=typed("extra_roll", bool, False),
            source=None if path is None else str(path),
        )
    except BoardError as error:
        if error.jump is not None:
            line = jump_lines.get(error.jump)
        else:
            key = field_keys.get(error.field or "", error.field or "")
            line = _key_line(text, key) if key else None
        raise error.located(path, line) from None


def _toml_string(value: str) -> str:
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


def _toml_pairs(pairs: tuple[Jump, ...]) -> str:
    if not pairs:
        return "[]"
    return "[\n" + "".join(f"    [{tail}, {head}],\n" for tail, head in pairs) + "]"


def format_toml(board: Board) -> str:
    """The board in the TOML format; :func:`parse_toml` reads it back to an equal board."""
    return (
        f"name = {_toml_string(board.name)}\n"
        f"description = {_toml_string(board.description)}\n"
        f"squares = {board.end}\n"
        f"die = {board.die}\n"
        f"start = {board.start}\n"
        f'end_rule = "{board.end_rule.value}"\n'
        f"extra_roll = {'true' if board.extra_roll else 'false'}\n"
        f"width = {board.width}\n"
        f"ladders = {_toml_pairs(board.ladders)}\n"
        f"chutes = {_toml_pairs(board.chutes)}\n"
    )


# -- files and bundled boards -----------------------------------------------------------------


def _bundled_dir() -> Path:
    """Bundled boards: inside the installed package, or ``boards/`` in a source checkout."""
    packaged = resources.files("chutes_tui") / "boards"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "boards"


def bundled_board_names() -> list[str]:
    return sorted(path.stem for path in _bundled_dir().glob("*.toml"))


def parse_board_text(text: str, path: str | os.PathLike[str]) -> Board:
    """Parse by extension: ``.toml`` is TOML, anything else the plain format."""
    if str(path).lower().endswith(".toml"):
        return parse_toml(text, path=path)
    return parse_plain(text, path=path)


def read_board(path: str | os.PathLike[str]) -> Board:
    """Load a board file of either format (a regular file of at most 10 MB)."""
    try:
        text = read_text(path)
    except FileReadError as error:
        raise BoardError(error.reason, path=path) from None
    return parse_board_text(text, path)


def load_board(spec: str | os.PathLike[str]) -> Board:
    """A bundled board by name (``"standard"``), or a board file by path."""
    text = str(spec)
    if text in bundled_board_names():
        return read_board(_bundled_dir() / f"{text}.toml")
    if is_regular_file(text) or os.path.lexists(text) or os.sep in text or "." in text:
        return read_board(text)  # it names a file: say what is wrong with it, if anything
    names = ", ".join(bundled_board_names())
    raise BoardError(f"no bundled board or file named {quote(text)} (bundled boards: {names})")


def random_board(
    seed: int | None = None,
    *,
    squares: int = 100,
    ladders: int = 9,
    chutes: int = 10,
    die: int = 6,
    end_rule: EndRule = EndRule.EXACT,
    attempts: int = 200,
) -> Board:
    """A valid random board: jumps on distinct squares (no chains), winnable.

    Raises :class:`BoardError` when the request cannot be met (too many jumps for the board,
    or no winnable layout found in ``attempts`` tries).
    """
    if ladders < 0 or chutes < 0:
        raise BoardError("the numbers of ladders and chutes cannot be negative")
    usable = squares - 1  # squares 1..end-1 may hold tails; heads may also be the end
    if 2 * (ladders + chutes) > usable:
        raise BoardError(
            f"{ladders + chutes} jumps need {2 * (ladders + chutes)} distinct squares; "
            f"a {squares}-square board has {usable}"
        )
    rng = np.random.default_rng(seed)
    last_error: BoardError | None = None
    for _ in range(attempts):
        cells = rng.permutation(np.arange(1, squares))[: 2 * (ladders + chutes)]
        pairs = [tuple(sorted(map(int, cells[2 * i : 2 * i + 2]))) for i in range(ladders + chutes)]
        jumps = [(low, high) for low, high in pairs[:ladders]]
        jumps += [(high, low) for low, high in pairs[ladders:]]
        try:
            return Board(
                end=squares,
                die=die,
                end_rule=end_rule,
                jumps=tuple(jumps),
                name=f"random-{seed}" if seed is not None else "random",
                description=(
                    f"Random board: {ladders} ladders and {chutes} chutes on {squares} squares (seed {seed})."
                ),
            )
        except BoardError as error:
            last_error = error
    raise BoardError(f"no winnable random board found in {attempts} tries: {last_error}")
