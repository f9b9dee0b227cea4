"""``chutes-tui simulate BOARD``: Monte Carlo games beside the exact values."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from chutes_tui.cli import common
from chutes_tui.model.inputs import MAX_PLAYERS

NAME = "simulate"
HELP = "Monte Carlo games, beside the exact values"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument(
        "--games",
        type=common.bounded_int("--games", 1, 10**9),
        default=1_000_000,
        help="games to play, 1..10^9 (default 10^6); they run in chunks, in bounded memory",
    )
    parser.add_argument("--players", type=common.players(), default=1, help=f"1-{MAX_PLAYERS}, default 1")
    common.add_seed(parser)
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    seed = common.fresh_seed(args.seed)
    total = args.games * args.players
    # Games run in chunks into running counts: memory stays bounded for any --games, and
    # Ctrl-C stops between chunks (exit 130).
    with common.progress_bar(f"simulating {total:,} one-player games", total) as step:
        from chutes_tui.sim.report import simulation_report  # scipy: only when simulating

        report = simulation_report(board, args.games, args.players, seed, step)
    summary, exact = report.summary, report.exact
    table = Table(
        title=f"{common.name(board)}: {total:,} simulated one-player games (seed {seed})",
        title_justify="left",
    )
    table.add_column("")
    table.add_column("simulated", justify="right")
    table.add_column("exact", justify="right")
    low, high = summary.interval
    table.add_row(
        "mean turns", f"{summary.mean:.4f}  [{low:.4f}, {high:.4f}]", f"{exact.distribution.mean:.4f}"
    )
    table.add_row("sd of turns", f"{summary.sd:.4f}", f"{exact.distribution.sd:.4f}")
    table.add_row(
        "P(first of two wins), diagonal squares",
        f"{report.diagonal_first_player_wins:.6f}",
        f"{report.exact_two.odds.win[0]:.6f}",
    )
    if args.players >= 2 and summary.seat_wins is not None:
        games = sum(summary.seat_wins)
        for seat, (wins, p) in enumerate(zip(summary.seat_wins, exact.odds.win, strict=True), 1):
            table.add_row(f"seat {seat} wins", f"{wins:,} ({wins / games:.4%})", f"{p:.4%}")
    return common.emit(
        console,
        args,
        report.to_json(),
        table,
        f"The simulated mean is {report.sigmas_from_exact:+.2f} standard errors from the exact value; "
        f"{report.games_per_second:,.0f} games per second.",
    )
