"""``experiments convergence``: Monte Carlo against the exact values (Daly 1960, IBM 704)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.cli import bars, common
from chutes_tui.render.textchart import line_chart

if TYPE_CHECKING:
    from chutes_tui.research.daly import Convergence


def add_parsers(kinds: Any) -> None:
    parser = kinds.add_parser("convergence", help="Monte Carlo against the exact values (Daly 1960)")
    common.add_board_arguments(parser)
    common.add_json(parser)
    parser.add_argument(
        "--max-log2",
        type=common.bounded_int("--max-log2", 5, 26),
        default=20,
        help="simulate up to 2^N games, N in 5..26 (default 20; the IBM 704 did 14)",
    )
    common.add_seed(parser)
    parser.set_defaults(experiment_run=run)


def gauge(value: float, low: float, high: float, width: int = 11) -> str:
    """Where ``value`` falls in ``[low, high]``: ``"|····●·····|"``, or an arrow outside."""
    if value < low:
        return "◀" + "·" * (width - 1) + "|"
    if value > high:
        return "|" + "·" * (width - 1) + "▶"
    spot = round((value - low) / (high - low) * (width - 1)) if high > low else width // 2
    return "|" + "".join("●" if i == spot else "·" for i in range(width)) + "|"


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    seed = common.fresh_seed(args.seed)
    from chutes_tui.research.daly import convergence

    games = 1 << args.max_log2
    with (
        bars.series_bar("the exact values"),
        bars.progress_bar(f"simulating {games:,} games", games) as step,
    ):
        result = convergence(board, args.max_log2, seed, progress=step)
    if args.json:
        return common.print_json(console, result.to_json(board.name, seed))
    table = Table(
        title=f"{common.name(board)}: Monte Carlo against the exact values (seed {seed})",
        title_justify="left",
    )
    table.add_column("games", justify="right")
    table.add_column("mean turns", justify="right")
    table.add_column("in L ± 2σ/√N")
    table.add_column(f"finished by {result.by_turn}", justify="right")
    table.add_column("in p ± 2σ_p")
    for point in result.points:
        table.add_row(
            f"{point.games:,}",
            f"{point.mean:.4f}",
            gauge(point.mean, *result.band(point.games)),
            f"{point.finished_by:.5f}",
            gauge(point.finished_by, *result.finished_band(point.games)),
        )
    console.print(table)
    console.print(
        Text(
            f"Exact: L = {result.exact_mean:.7f} turns (σ = {result.sd:.4f}), p = P(finished by "
            f"{result.by_turn}) = {result.exact_finished_by:.5f}, σ_p = √(p(1-p)/N). "
            f"{result.means_inside} of {len(result.points)} running means lie inside their band (about 95% "
            "should): the N^(-1/2) law of Daly's 1960 IBM 704 study."
        )
    )
    _chart(result, console)
    return 0


def _chart(result: Convergence, console: Console) -> None:
    """Each running estimate's distance from the exact value in standard errors, against
    log₂ N: the ±2 band is where about 95% of the points belong."""
    means = [result.mean_z(point) for point in result.points]
    shares = [result.finished_z(point) for point in result.points]
    span = max(3.0, *(abs(v) for v in means + shares))
    count = len(result.points)
    for title, values, style in (
        ("mean turns", means, "cyan"),
        (f"finished by {result.by_turn}", shares, "magenta"),
    ):
        console.print(
            Text(f"{title}: (estimate − exact) / standard error, N = 2⁵ … 2^{count + 4}", style="italic")
        )
        lines = line_chart(
            [[2.0] * count, [-2.0] * count, [0.0] * count, values],
            ["green", "green", "dim", style],
            low=-span,
            high=span,
            width=min(64, max(16, console.width - 8)),
            height=8,
            axis=((2.0, "+2"), (0.0, "0"), (-2.0, "-2")),
        )
        for line in lines:
            console.print(line)
