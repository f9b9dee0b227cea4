"""``chutes-tui squares BOARD``: every square ranked -- where the die puts a piece (landings,
before any jump), where turns end (after it), the chance of ever landing there, and the expected
turns left from there."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import bars, common

SORT_CHOICES = ("landings", "visits", "turns-left")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument(
        "--sort",
        choices=SORT_CHOICES,
        default="landings",
        help="rank by expected landings (default), turn endings ('visits') or expected turns left",
    )
    parser.add_argument(
        "--top", metavar="N", type=common.bounded_int("--top", 1, 10**6), help="only the first N squares"
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    with bars.series_bar("ranking squares"):  # jumps' landings, every square's turns left
        from chutes_tui.analysis.landings import squares_report  # scipy: only when analysing

        report = squares_report(board, args.sort)
    rows = report.rows[: args.top] if args.top else report.rows
    if args.json:
        data = report.to_json()
        data["squares"] = data["squares"][: len(rows)]
        return common.print_json(console, data)
    common.heading(console, board)
    # Plain lines, not a Rich table: a 10,000-square board has 10,000 rows, which a table
    # takes seconds to lay out.
    console.print(Text(f"Every square per game from the start, by {args.sort}", style="italic"))
    widths = {"rank": 6, "square": 7, "landings": 9, "turns end": 9, "P(ever land)": 12, "turns left": 10}
    header = "  ".join(name.rjust(width) for name, width in widths.items())
    console.print(Text(header, style="bold"))
    lines = []
    for rank, row in enumerate(rows, start=1):
        jump = ""
        if row.jump is not None:
            jump = f"  {'ladder' if row.jump[1] > row.jump[0] else 'chute'} → {row.jump[1]}"
        lines.append(
            f"{rank:>6}  {row.square:>7}  {row.landings:>9.4f}  {row.turn_endings:>9.4f}  "
            f"{row.chance:>12.4f}  {_turns(row.expected_turns_left):>10}{jump}"
        )
    console.out("\n".join(lines), highlight=False)
    console.print(
        Text(
            "landings: where the die puts a piece, before any jump; turns end: where it then rests "
            "(a jump's tail never); turns left: expected, from where a piece landing there rests "
            "(never: no game rests there).",
            style="dim",
        )
    )
    return 0


def _turns(left: float | None) -> str:
    return "never" if left is None else f"{left:.2f}"
