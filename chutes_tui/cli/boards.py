"""``chutes-tui boards``: the bundled boards; ``boards random``: a valid random board file."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.cli import common
from chutes_tui.io.boardfile import format_toml, load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.board import MAX_DIE, MAX_SQUARES
from chutes_tui.model.generate import random_board
from chutes_tui.model.text import path_text, printable

NAME = "boards"
HELP = "list the bundled boards, or make a random one"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_json(parser)
    actions = parser.add_subparsers(dest="boards_action", metavar="ACTION")
    randomized = actions.add_parser("random", help="write a valid random board (TOML)")
    common.add_seed(randomized)
    randomized.add_argument("--squares", type=common.bounded_int("--squares", 2, MAX_SQUARES), default=100)
    randomized.add_argument("--ladders", type=common.bounded_int("--ladders", 0, MAX_SQUARES), default=9)
    randomized.add_argument("--chutes", type=common.bounded_int("--chutes", 0, MAX_SQUARES), default=10)
    randomized.add_argument("--die", type=common.bounded_int("--die", 1, MAX_DIE), default=6)
    randomized.add_argument(
        "--output", required=True, metavar="FILE", help="where to write the board (.toml)"
    )
    randomized.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def run(args: argparse.Namespace, console: Console) -> int:
    if args.boards_action == "random":
        return _random(args, console)
    boards = [load_board(name) for name in bundled_board_names()]
    if args.json:
        return common.print_json(console, [board.to_dict() for board in boards])
    table = Table(title="Bundled boards (use the name wherever a board is asked for)", title_justify="left")
    for column in ("name", "squares", "die", "end rule", "ladders", "chutes", "description"):
        table.add_column(column, overflow="fold")
    for board in boards:
        table.add_row(
            common.name(board),
            str(board.end),
            str(board.die),
            board.end_rule.value,
            str(len(board.ladders)),
            str(len(board.chutes)),
            printable(board.description, newlines=True),
        )
    console.print(table)
    return 0


def _random(args: argparse.Namespace, console: Console) -> int:
    output = Path(args.output)
    common.check_output(output, "boards random", force=args.force)
    board = random_board(
        args.seed, squares=args.squares, ladders=args.ladders, chutes=args.chutes, die=args.die
    )
    board = board.replace(name=output.stem)
    common.write(output, format_toml(board), "boards random")
    console.print(
        Text(
            f"wrote {path_text(output)}: {board.end} squares, {len(board.ladders)} ladders, "
            f"{len(board.chutes)} chutes"
        )
    )
    return 0
