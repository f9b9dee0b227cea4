"""``chutes-tui boards``: the bundled boards; ``boards random``: a valid random board file."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.cells import cell_len
from rich.console import AlignMethod, Console
from rich.text import Text

from chutes_tui.cli import common
from chutes_tui.io.boardfile import format_toml, load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.board import MAX_DIE, MAX_SQUARES
from chutes_tui.model.generate import random_board
from chutes_tui.model.text import count, path_text, printable


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_json(parser)
    actions = parser.add_subparsers(dest="boards_action", metavar="ACTION")
    randomized = actions.add_parser(
        "random",
        help="write a valid random board (TOML)",
        description="Write a valid random board: winnable, no jump onto another jump's tail.",
    )
    common.add_seed(randomized)
    for option, low, high, default, what in (
        ("--squares", 2, MAX_SQUARES, 100, "the end square"),
        ("--ladders", 0, MAX_SQUARES, 9, "how many ladders"),
        ("--chutes", 0, MAX_SQUARES, 10, "how many chutes"),
        ("--die", 1, MAX_DIE, 6, "the die's sides"),
    ):
        randomized.add_argument(
            option,
            type=common.bounded_int(option, low, high),
            default=default,
            metavar="N",
            help=f"{what} ({low}..{high:,}, default {default})",
        )
    randomized.add_argument(
        "--output",
        required=True,
        metavar="FILE",
        help="where to write the board (.toml; - for standard output)",
    )
    common.add_force(randomized)


# The facts of each board in aligned columns; its description on the lines below, where it has
# the whole width (a description column beside six others gets a dozen characters at 80).
COLUMNS: tuple[tuple[str, AlignMethod], ...] = (
    ("name", "left"),
    ("squares", "right"),
    ("die", "right"),
    ("end rule", "left"),
    ("ladders", "right"),
    ("chutes", "right"),
)
DESCRIPTION_INDENT = 2
DESCRIPTION_LINES = 2


def run(args: argparse.Namespace, console: Console) -> int:
    if args.boards_action == "random":
        return _random(args, console)
    boards = [load_board(name) for name in bundled_board_names()]
    if args.json:
        return common.print_json(console, [board.to_dict() for board in boards])
    rows = [
        [
            common.name(board),
            str(board.end),
            board.die.text.removeprefix("d"),  # the column says "die": 6, 2d6, spinner …
            board.end_rule.value,
            str(len(board.ladders)),
            str(len(board.chutes)),
        ]
        for board in boards
    ]
    widths = [
        max(cell_len(heading), *(cell_len(row[i]) for row in rows)) for i, (heading, _) in enumerate(COLUMNS)
    ]
    console.print(Text("Bundled boards (use the name wherever a board is asked for)", style="italic"))
    console.print()
    # A terminal narrower than the columns crops a line rather than folding it into the next.
    console.print(
        _line([heading for heading, _ in COLUMNS], widths, "bold"), no_wrap=True, overflow="ellipsis"
    )
    for board, row in zip(boards, rows, strict=True):
        console.print(_line(row, widths), no_wrap=True, overflow="ellipsis")
        for line in description_lines(board.description, console, console.width - DESCRIPTION_INDENT):
            console.print(Text(" " * DESCRIPTION_INDENT) + line, no_wrap=True, overflow="ellipsis")
    return 0


def _line(cells: list[str], widths: list[int], style: str = "") -> Text:
    line = Text(style=style)
    for i, (cell, width, (_, align)) in enumerate(zip(cells, widths, COLUMNS, strict=True)):
        text = Text(cell, style="bold" if i == 0 else "")  # the name: what a reader scans for
        text.align(align, width)
        line.append_text(text if i == 0 else Text("  ") + text)
    line.rstrip()
    return line


def description_lines(description: str, console: Console, width: int) -> list[Text]:
    """``description`` wrapped between words to ``width``, at most :data:`DESCRIPTION_LINES`
    lines; cut short, it ends in "…" (``--json`` has it whole)."""
    text = Text(printable(" ".join(description.split())), style="dim")  # line breaks become spaces
    lines = text.wrap(console, max(width - 1, 1))  # one column kept free for the "…"
    kept = list(lines[:DESCRIPTION_LINES])
    for line in kept:
        line.rstrip()
    if len(lines) > DESCRIPTION_LINES:
        kept[-1].append("…")
    return kept


def _random(args: argparse.Namespace, console: Console) -> int:
    to_stdout = args.output == "-"
    output = Path(args.output)
    if not to_stdout:
        common.check_output(args.output, force=args.force)
    # A seed of our own rather than numpy's entropy: the file's description records it, so the
    # board can be made again.
    seed = common.fresh_seed(args.seed)
    board = random_board(seed, squares=args.squares, ladders=args.ladders, chutes=args.chutes, die=args.die)
    if to_stdout:
        # The board file and nothing else, so that `> file` or a pipe receives a valid board.
        console.out(format_toml(board), highlight=False, end="")
        return 0
    board = board.replace(name=printable(output.stem))  # undecodable bytes: escaped
    common.write(output, format_toml(board), force=args.force)
    console.print(
        Text(
            f"wrote {path_text(output)}: {board.end} squares, {count(len(board.ladders), 'ladder')}, "
            f"{count(len(board.chutes), 'chute')} (seed {seed})"
        ),
        soft_wrap=True,  # a long path stays whole, as a shell can paste it back
    )
    return 0
