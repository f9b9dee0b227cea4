"""``chutes-tui analyze BOARD``: how long a game lasts and each seat's chance to win."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.analysis.limits import BUMP_MAX_PLAYERS
from chutes_tui.cli import bars, common
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.ruletable import END_RULE, HOUSE_RULES, said
from chutes_tui.model.text import elide, printable
from chutes_tui.render.textchart import column_chart

if TYPE_CHECKING:
    from chutes_tui.analysis.reports import AnalyzeReport
    from chutes_tui.model.board import Board

DESCRIPTION_LIMIT = 1_000  # a description from a file may be megabytes long


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument("--players", type=common.players(), help=f"players (1-{MAX_PLAYERS}, default 2)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--start", type=common.square("--start"), help="analyse from this square instead of the board's start"
    )
    where.add_argument(
        "--positions",
        metavar="SQUARE",
        nargs="+",
        type=common.square("--positions"),
        help="players on these squares, the first listed to move: each one's chance and what is left",
    )
    parser.add_argument(
        "--drama",
        action="store_true",
        help="lead changes, the chance of a comeback and the decisive turn, worked out exactly "
        "on the joint chain (2-3 players)",
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    if args.drama:
        return _drama(args, board, console)
    if args.positions is not None:
        return _positions(args, board, console)
    origin = board.start if args.start is None else common.square_argument(board, args.start, "--start")
    common.check_bump(board, 2 if args.players is None else args.players, "analyze", BUMP_MAX_PLAYERS)
    with bars.series_bar("analysing"):
        from chutes_tui.analysis.reports import analyze_report  # scipy: only when analysing

        report = analyze_report(board, origin, 2 if args.players is None else args.players)
    if args.json:
        return common.print_json(console, report.to_json())
    show(console, report)
    return 0


def _drama(args: argparse.Namespace, board: Board, console: Console) -> int:
    from chutes_tui.cli.analyzedrama import run_drama

    if args.start is not None:
        raise common.UsageError(
            "--drama counts from every seat's square: give them with --positions, not --start"
        )
    positions = None if args.positions is None else _squares(args, board)
    players = len(positions) if positions is not None else 2 if args.players is None else args.players
    return run_drama(board, players, positions, console, args.json)


def _squares(args: argparse.Namespace, board: Board) -> tuple[int, ...]:
    if args.players is not None:
        raise common.UsageError("--players and --positions both say how many play: give one")
    if len(args.positions) > MAX_PLAYERS:
        raise common.UsageError(f"--positions: at most {MAX_PLAYERS} players, not {len(args.positions)}")
    return tuple(common.square_argument(board, square, "--positions") for square in args.positions)


def _positions(args: argparse.Namespace, board: Board, console: Console) -> int:
    positions = _squares(args, board)
    common.check_bump(board, len(positions), "analyze", BUMP_MAX_PLAYERS)
    with bars.series_bar("analysing"):
        from chutes_tui.analysis.reports import positions_report

        report = positions_report(board, positions)
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    seats = Table(title="From these squares, seat 1 to move", title_justify="left")
    for column in ("seat", "square", "P(win)", "own turns left"):
        seats.add_column(column, justify="right")
    for seat, (square, p, left) in enumerate(
        zip(positions, report.odds.win, report.turns_left, strict=True), 1
    ):
        rests = int(board.resolve[square])
        where = str(square) if rests == square else f"{square} → {rests}"
        seats.add_row(str(seat), where, f"{p:.10f}", f"{left:.4f}")
    console.print(seats)
    console.print(
        Text.assemble(
            "expected moves left (rolls by everyone): ",
            (f"{report.odds.expected_total_moves:.4f}", "bold"),
            "   expected rounds left: ",
            (f"{report.odds.expected_rounds:.4f}", "bold"),
        )
    )
    return 0


# A 100,000-square board has 3,000 of each: the answer should not scroll away behind them
# (``--json`` gives every one, and the board file has them).
JUMPS_LISTED = 60


def _listed(jumps: Sequence[tuple[int, int]]) -> str:
    shown = ", ".join(f"{t}→{h}" for t, h in jumps[:JUMPS_LISTED]) or "none"
    more = len(jumps) - JUMPS_LISTED
    return shown + (f", … and {more:,} more" if more > 0 else "")


def show(console: Console, report: AnalyzeReport) -> None:
    board, dist = report.board, report.distribution
    common.heading(console, board)
    if board.description:
        description = elide(printable(board.description, newlines=True), DESCRIPTION_LIMIT)
        console.print(Text(description, style="dim"))
    rules = Table.grid(padding=(0, 2))
    rules.add_column(style="bold")
    rules.add_column()
    house = ", ".join(said(board, HOUSE_RULES))
    rules.add_row(END_RULE.label, END_RULE.kind.text(board.end_rule) + (f"  (+ {house})" if house else ""))
    analysed = f"  (analysed from {report.start_square})" if report.start_square != board.start else ""
    rules.add_row("start", f"square {board.start}{analysed}")
    rules.add_row("ladders", Text(_listed(board.ladders), style="green"))
    rules.add_row("chutes", Text(_listed(board.chutes), style="red"))
    console.print(rules)
    console.print()

    single = Table(title="One player: turns to finish", title_justify="left")
    for column in ("expected", "sd", "median", "mode", "fewest"):
        single.add_column(column, justify="right")
    single.add_row(f"{dist.mean:.7f}", f"{dist.sd:.4f}", str(dist.median), str(dist.mode), str(dist.minimum))
    console.print(single)
    percentiles = report.percentiles
    spread = Table(title="Percentiles (smallest n with P(T ≤ n) ≥ q)", title_justify="left")
    for q in percentiles:
        spread.add_column(f"{q}%", justify="right")
    spread.add_row(*(str(v) for v in percentiles.values()))
    console.print(spread)

    last, first = percentiles["99"], dist.minimum
    console.print(Text(f"Distribution of turns to finish ({first}–{last}, 99% of games)", style="italic"))
    for line in column_chart(list(dist.pmf[first : last + 1]), first):
        console.print(Text(line, style="cyan"))
    console.print()

    players, win = report.players, list(report.odds.win)
    # Titled and captioned outside the table: a narrow table (one player) would fold them.
    console.print(
        Text(f"{players} player{'s' if players > 1 else ''}: chance to win by seat", style="italic")
    )
    seats = Table()
    seats.add_column("seat", justify="right")
    seats.add_column("P(win)", justify="right")
    scale = bar_scale(win)
    if scale is not None:
        # Every seat's chance is near the even share 1/K, so bars of the chance itself all look
        # alike; bars of the difference from it show which seats the order favours, and how much.
        seats.add_column(bar_heading(players))
    for seat, p in enumerate(win, start=1):
        cells: list[str | Text] = [str(seat), f"{p:.10f}"]
        if scale is not None:
            cells.append(deviation_bar(p - 1 / players, scale))
        seats.add_row(*cells)
    console.print(seats)
    if scale is not None:
        points = f"{scale * 100:g} percentage point{'' if scale == 0.01 else 's'}"
        console.print(Text(f"Bars: P(win) minus an even share, 1/{players} = {1 / players:.2%} (the │)."))
        console.print(Text(f"A full side of the column is {points}."))
    console.print(
        Text.assemble(
            "expected total moves (rolls by everyone): ",
            (f"{report.odds.expected_total_moves:.4f}", "bold"),
            "   expected rounds: ",
            (f"{report.odds.expected_rounds:.4f}", "bold"),
        )
    )


BAR_HALF = 16  # cells on each side of the even-share mark


def bar_scale(win: list[float]) -> float | None:
    """What a full half-bar stands for: the smallest 1, 2 or 5 × 10^k at least as large as the
    largest difference from an even share, so the largest bar fills 40-100% of its half and the
    scale is a round number; None when no seat differs (one player)."""
    largest = max(abs(p - 1 / len(win)) for p in win)
    if largest < 1e-12:
        return None
    exponent = math.floor(math.log10(largest))
    for step in (1, 2, 5):
        if largest <= step * 10.0**exponent * (1 + 1e-9):
            return step * 10.0**exponent
    return 10.0 ** (exponent + 1)


def bar_heading(players: int) -> str:
    """``below  1/K  above``, with 1/K over the centre mark."""
    even = f"1/{players}"
    start = BAR_HALF - len(even) // 2
    return "below".ljust(start) + even + "above".rjust(2 * BAR_HALF + 1 - start - len(even))


def deviation_bar(difference: float, scale: float) -> Text:
    """``difference`` as a bar left (below) or right (above) of a centre mark ``│``, in half
    cells (``▌`` and ``▐`` end a bar on the side away from the mark)."""
    halves = min(round(abs(difference) / scale * BAR_HALF * 2), BAR_HALF * 2)
    bar = "█" * (halves // 2)
    left = ("▐" * (halves % 2) + bar) if difference < 0 else ""
    right = (bar + "▌" * (halves % 2)) if difference > 0 else ""
    return Text.assemble((left.rjust(BAR_HALF), "magenta"), ("│", "bold"), (right.ljust(BAR_HALF), "magenta"))
