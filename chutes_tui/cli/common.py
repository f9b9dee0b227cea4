"""What every verb shares: argument types from the shared validators, the board arguments,
consoles that never read user text as markup, safe output files (progress bars: :mod:`.bars`)."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.cli.parsing import Parser, UsageError
from chutes_tui.io.atomic import EXISTS, WriteRefusedError, atomic_write_text, output_problem
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_path
from chutes_tui.model import edits, inputs
from chutes_tui.model.board import MAX_SQUARES, Board, BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.rulekinds import Choice, Form
from chutes_tui.model.ruletable import (
    NOT_ANALYZED,
    Offered,
    RuleOption,
    RuleOverrides,
    deciding,
    offered,
    said,
)
from chutes_tui.model.text import path_text, shown

# Rich lays a table out at a few thousand rows a second (100,000 rows: 22 s with nothing shown);
# a longer table prints as plain lines (plain_table).
LONG_TABLE_ROWS = 2_000
SEED_HELP = "seed the random numbers: a whole number 0..2^63-1 (default: a fresh one, shown)"


# -- argument types -------------------------------------------------------------------------------


def argument(name: str, check: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from one of the shared validators (:mod:`chutes_tui.model.inputs`)."""

    def parse(text: str) -> Any:
        try:
            return check(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = name
    return parse


def bounded_int(name: str, low: int, high: int) -> Callable[[str], int]:
    return argument(name, lambda text: inputs.whole(text, name, low, high))


def square(name: str) -> Callable[[str], int]:
    """A square number; whether a turn can end there is checked against the board later."""
    return bounded_int(name, 0, MAX_SQUARES)


def players(low: int = 1) -> Callable[[str], int]:
    return argument("--players", lambda text: inputs.player_count(text, low))


SEED = argument("--seed", inputs.seed)


def add_seed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=SEED, help=SEED_HELP)


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")


def fresh_seed(seed: int | None) -> int:
    """The seed asked for, or a fresh one (shown with the results, so a run can be repeated)."""
    import numpy as np

    return seed if seed is not None else int(np.random.default_rng().integers(2**31))


# -- boards ---------------------------------------------------------------------------------------


def add_board_arguments(
    parser: argparse.ArgumentParser,
    *,
    optional: bool = False,
    also: str = "standard",
    decisions: bool = False,
) -> None:
    """``optional``: BOARD may be left out (``also``: what then, said after the help's first words);
    ``decisions``: the verb plays issue 27's decisions (the strategy solver), whose flags it offers."""
    help_text = "a bundled board name or a board file (.toml or plain)"
    if optional:
        help_text += f"; without it: {also}"
        parser.add_argument("board", metavar="BOARD", nargs="?", default="standard", help=help_text)
    else:
        parser.add_argument("board", metavar="BOARD", help=help_text)
    for row in _rows(decisions):
        add_rule(parser, row)
    if not decisions and isinstance(parser, Parser):  # a decision's flag: refused, in one line naming it
        parser.refused.update({row.flag: f"{row.flag} is a decision: {NOT_ANALYZED}" for row in _refused()})
    parser.add_argument(
        "--add-jump",
        nargs=2,
        type=square("--add-jump"),
        action="append",
        default=[],
        metavar=("FROM", "TO"),
        help="try the board with a ladder or chute from FROM to TO, without writing a file (repeatable)",
    )
    parser.add_argument(
        "--remove-jump",
        type=square("--remove-jump"),
        action="append",
        default=[],
        metavar="SQUARE",
        help="try the board without the jump that starts or ends on SQUARE (repeatable; removals "
        "come before additions, so the two move a jump)",
    )


def _rows(decisions: bool) -> tuple[RuleOption[Any], ...]:
    """The rule flags of a verb: every verb's (the analysis verbs'), or with ``decisions`` those
    of the verbs that play a game or solve its choices (issue 27's decisions too: the strategy
    solver's, which take every decision, whether the game plays it yet or not)."""
    return deciding(Offered.PLAY) if decisions else offered(Offered.CLI)


def _refused() -> tuple[RuleOption[Any], ...]:
    """The decisions' rows, whose flags the analysis verbs know only to refuse."""
    return tuple(row for row in deciding(Offered.PLAY) if row.decision)


def board_from_args(args: argparse.Namespace, *, decisions: bool = False) -> Board:
    """The board named on the command line, with any rule overrides and jump edits applied
    (the overrides are laid over a board file's rules before the board is checked: a file
    that is a board only under them is one); ``decisions``: for the strategy solver."""
    overrides = rule_overrides(args, decisions=decisions)
    try:
        return _edited(load_board(args.board, overrides, deciding=decisions), args)
    except BoardError as error:
        if not (overrides and (args.remove_jump or args.add_jump)):
            raise
        # A rule may fit only the edited jumps (--goal 48 with --remove-jump 48): then the board
        # with both is checked once, the jumps edited on the file's own board (its errors: the
        # first check's when the file alone is no board or an edit finds no jump).
        try:
            plain = load_board(args.board, deciding=decisions)
            jumps = edits.edited_jumps(plain, args.remove_jump, [(a, b) for a, b in args.add_jump])
        except BoardError:
            raise error from None
        try:
            return plain.replace(jumps=jumps, **overrides.fields())
        except BoardError as late:
            raise BoardError(f"with {overrides}: {late.reason}", path=_where(plain)) from None


def _edited(board: Board, args: argparse.Namespace) -> Board:
    """``--remove-jump`` then ``--add-jump``, in the order given; an edit the board refuses is a
    board error naming the edit (exit 1, like a rule override that breaks the board)."""
    source = _where(board)
    steps: list[tuple[str, Callable[[Board], Board]]] = [
        (f"--remove-jump {square}", partial(edits.remove_jump, square=square)) for square in args.remove_jump
    ]
    steps += [(f"--add-jump {a} {b}", partial(edits.add_jump, tail=a, head=b)) for a, b in args.add_jump]
    for edit, change in steps:
        try:
            board = change(board)
        except BoardError as error:
            raise BoardError(f"{edit}: {error.reason}", path=source) from None
    return board


def add_rule(parser: argparse.ArgumentParser, row: RuleOption[Any]) -> None:
    """A rule's flag, from its row: --rule/--no-rule, a choice of words, or a typed value."""
    help_text = row.help.replace("%", "%%")  # argparse formats help with %
    kind = row.kind
    if kind.form is Form.TICK:
        parser.add_argument(row.flag, action=argparse.BooleanOptionalAction, default=None, help=help_text)
    elif isinstance(kind, Choice):  # words, not values: argparse's refusal lists them
        parser.add_argument(row.flag, choices=kind.words(), help=help_text)
    else:
        parse = partial(kind.parse, what=row.flag)
        parser.add_argument(row.flag, type=argument(row.flag, parse), metavar=row.metavar, help=help_text)


def rule_overrides(
    args: argparse.Namespace, rows: Iterable[RuleOption[Any]] | None = None, *, decisions: bool = False
) -> RuleOverrides:
    """The rules the command line changes (a flag left out: the board's own), of ``rows``
    (default: every rule offered on the command line, issue 27's decisions with ``decisions``)."""
    overrides = RuleOverrides()
    for row in _rows(decisions) if rows is None else rows:
        value = getattr(args, row.field)
        if isinstance(row.kind, Choice) and value is not None:
            value = row.kind.parse(value, row.flag)  # argparse has checked the word
        if value is not None:
            overrides = overrides.with_value(row, value)
    return overrides


def _where(board: Board) -> str | os.PathLike[str]:
    """Where a board came from, for a message: a bundled board by its name (its file inside
    the installed package means nothing to a user), any other by its file."""
    bundled = bundled_board_path(board.name)
    if board.source is None or (bundled is not None and Path(board.source) == bundled):
        return board.name
    return board.source


def check_bump(board: Board, players: int, verb: str, most: int) -> None:
    """Refuse, in one line, what a verb does not work out under the bump rule (``most``
    players; 1: only games without it, since one player alone is never bumped)."""
    if board.bump and players > most:
        if most <= 1:
            raise UsageError(
                f"the bump rule makes players interact; {verb} works out "
                "independent players only; chutes-tui analyze and simulate take --bump"
            )
        raise UsageError(
            f"under the bump rule the joint chain is solved for up to {most} players, "
            f"not {players} (chutes-tui simulate --bump estimates more)"
        )
    if board.bump and players >= 2:
        from chutes_tui.analysis.bump import joint_size
        from chutes_tui.analysis.limits import BUMP_MAX_STATES

        states = joint_size(board, players)
        if states > BUMP_MAX_STATES:
            raise UsageError(
                f"under the bump rule {players} players on {name(board)} make {states:,} "
                f"joint states; the joint chain is solved up to {BUMP_MAX_STATES:,} (chutes-tui simulate "
                "--bump estimates it)"
            )


def check_game_ends(board: Board, players: int) -> None:
    """Refuse a game that might never end (the bump rule and a die that leaves no choice)."""
    from chutes_tui.engine.playable import endless_problem

    problem = endless_problem(board, players)
    if problem is not None:
        raise UsageError(f"{problem}")


def name(board: Board) -> str:
    """A board's name for a title or message (a name from a file may hold anything)."""
    return shown(board.name, 60)


def heading(console: Console, board: Board, more: str = "") -> None:
    """A verb's first line: the board's name (bold), its size and rules (as overridden on the
    command line), and ``more`` (``"; ..."``), on a line of its own where the whole would wrap
    (at 80 columns a wrap left fair's lone ``0`` on the second line)."""
    line = f"— {board.end} squares, {', '.join(said(board))}{more}"
    if more.startswith("; ") and len(name(board)) + 1 + len(line) > console.width:
        line = f"{line[: -len(more)]}\n{more[2:]}"
    console.print(Text(name(board), style="bold"), Text(line))


def square_argument(board: Board, square: int, argument: str, *, allow_end: bool = False) -> int:
    """``square`` if a turn can end there (and, unless allowed, it is not the goal: the end
    square, unless the board sets a goal inside, past which squares are ordinary)."""
    goal = board.goal_square
    if (square == goal and not allow_end) or (square != goal and not board.is_standable(square)):
        jump = board.jump_map.get(square)
        if square > board.end:  # not on the board at all: no roll is to blame (as inspect says)
            why = f"it is not a square of {name(board)} ({board.start}..{board.end})"
        elif square == goal:
            why = "it is the goal: the game is over there"
        elif jump is not None:
            why = f"it is the tail of the jump {square}→{jump}, so no turn ends there"
        elif square in board.throw_again:
            why = "no turn ends there: a piece coming to rest there rolls again"
        else:
            why = f"no game on {name(board)} ever stands there (the rolls from the start never reach it)"
        raise UsageError(f"argument {argument}: square {square}: {why}")
    return square


# -- output ---------------------------------------------------------------------------------------


class _Results(Console):
    def on_broken_pipe(self) -> None:
        # Rich's own ends the process with status 1 (a board that cannot be used); the reader
        # went away (``| head``): main stops quietly with 0.
        raise BrokenPipeError


def stdout() -> Console:
    """Results: user text never read as markup; output is built from Text and tables."""
    return _Results(highlight=False, markup=False, emoji=False)


def stderr() -> Console:
    """Messages and progress: stderr, user text never read as markup."""
    return Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)


def check_output(given: str, *, force: bool) -> Path:
    """The output file a command line names, refused before any work is done under the one
    output policy (:mod:`chutes_tui.io.atomic`): a link, a device, a FIFO or a directory never,
    an existing file only with ``--force``, and a name ending in ``/`` (a folder: ``Path`` would
    drop the slash and write a file) never, nor an empty name (``Path("")``: the folder)."""
    if not given.strip():
        raise UsageError("the output file's name is empty: name the file to write")
    path = Path(given)
    problem = "names a folder, not a file" if given.endswith(("/", os.sep)) else None
    problem = problem or output_problem(path, replace=force)
    if problem is not None:
        raise UsageError(_refusal(given, problem))
    return path


def write(path: Path, text: str, *, force: bool) -> None:
    """Write a verb's output file atomically under the same policy (checked again: the file may
    have appeared while the verb worked)."""
    try:
        atomic_write_text(path, text, replace=force)
    except WriteRefusedError as error:
        raise UsageError(_refusal(path, error.reason)) from None
    except OSError as error:
        raise UsageError(_refusal(path, (error.strerror or str(error)).lower())) from None


def _refusal(path: str | Path, problem: str) -> str:
    if problem == EXISTS:
        return f"{path_text(path)} exists (add --force to overwrite it)"
    return f"cannot write {path_text(path)}: {problem}"


def add_force(parser: argparse.ArgumentParser, what: str = "FILE") -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"overwrite {what} if it exists (a link, a device, a FIFO or a folder is refused even so)",
    )


def print_json(console: Console, data: Any) -> int:
    """``data`` as indented JSON (ASCII: any output encoding takes it), written as it is encoded:
    a law of millions of turns is never one string in memory, nor passed through rich (which
    grew a 4.4 million-turn distribution's answer past 7.6 GB)."""
    write = console.file.write
    for chunk in json.JSONEncoder(indent=2).iterencode(data):
        write(chunk)
    write("\n")
    console.file.flush()
    return 0


def plain_table(console: Console, table: Table) -> None:
    """``table`` as its title, then its header and rows as aligned lines of plain text, each
    column as wide as its widest cell and justified as the table says (no borders, no wrapping)."""
    columns = [[_plain(column.header), *map(_plain, column.cells)] for column in table.columns]
    widths = [max(map(cell_len, cells)) for cells in columns]  # cells, as a terminal counts them
    lines = []
    for row in zip(*columns, strict=True):
        cells = (
            " " * (width - cell_len(cell)) + cell
            if column.justify == "right"
            else cell + " " * (width - cell_len(cell))
            for cell, width, column in zip(row, widths, table.columns, strict=True)
        )
        lines.append("  ".join(cells).rstrip())
    if table.title is not None:
        console.print(Text(_plain(table.title), style="italic"))
    console.out("\n".join(lines), highlight=False)


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def emit(console: Console, args: argparse.Namespace, data: Any, table: Table, *notes: str) -> int:
    """``--json``: the data; otherwise the table (past :data:`LONG_TABLE_ROWS` rows as plain
    lines) and its notes."""
    if args.json:
        return print_json(console, data)
    if table.row_count > LONG_TABLE_ROWS:
        plain_table(console, table)
    else:
        console.print(table)
    for note in notes:
        if note:
            console.print(Text(note))
    return 0
