"""``chutes-tui inspect BOARD SQUARE``: what standing on one square means (the same report the
app's inspector shows)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from chutes_tui.cli import common

if TYPE_CHECKING:
    from chutes_tui.analysis.reports import SquareReport

NAME = "inspect"
HELP = "what standing on one square means"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument("square", type=common.square("SQUARE"), metavar="SQUARE")
    parser.add_argument(
        "--opponent", type=common.square("--opponent"), metavar="B", help="two players: the opponent's square"
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    if not (0 <= args.square <= board.end) or (args.square == 0 and board.start != 0):
        raise common.UsageError(
            f"argument SQUARE: {args.square} is not a square of {common.name(board)} (0..{board.end})"
        )
    if not board.is_standable(int(board.resolve[args.square])) and board.resolve[args.square] != board.end:
        from chutes_tui.analysis.reports import unreached

        raise common.UsageError(f"chutes-tui inspect: argument SQUARE: {unreached(board, args.square)}")
    if args.opponent is not None:
        common.square_argument(board, args.opponent, "--opponent", allow_end=True)
        common.check_bump(board, 2, "inspect --opponent", 1)
    with common.series_bar("inspecting"):
        from chutes_tui.analysis.reports import inspect_square  # scipy: only when inspecting

        report = inspect_square(board, args.square, args.opponent)
    if args.json:
        return common.print_json(console, {"board": board.name, **report.to_json()})
    console.print(grid(report))
    return 0


def grid(report: SquareReport) -> Table:
    board = report.board
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    title = f"square {report.square}"
    if report.statistics_from != report.square:
        title += f" ({report.sends()}: "
        title += "its statistics are those of where it sends you)"
    table.add_row("square", title)
    table.add_row("expected turns to finish", f"{report.expected_turns:.4f} ± {report.sd_turns:.4f}")
    low, high = report.range_5_95
    table.add_row("median, 5–95 % range", f"{report.median_turns} turns, {low}–{high}")
    table.add_row("P(finish within n)", ", ".join(f"{n}: {p:.1%}" for n, p in report.p_finish_within.items()))
    table.add_row(
        f"from the start ({board.start})",
        f"{report.expected_visits:.4f} turns end here on average; P(ever) = {report.p_visit:.4f}",
    )
    table.add_row("rolls", "   ".join(f"{o.roll} {o.describe()}" for o in report.roll_outcomes))
    if report.jump is not None:
        jump = report.jump
        without = "unwinnable" if jump.expected_without is None else f"{jump.expected_without:.4f}"
        table.add_row(
            f"{jump.kind.value} {jump.tail}→{jump.head}",
            f"game length {jump.expected_with:.4f} turns; without it {without}",
        )
        table.add_row(
            "its use per game",
            f"{jump.uses_per_game:.4f} times on average; P(at least once) = {jump.chance_of_use:.4f}",
        )
    if report.win_probability is not None:
        table.add_row(
            f"to move here vs {report.opponent}", f"wins with probability {report.win_probability:.6f}"
        )
    return table
