"""``chutes-tui simulate BOARD``: Monte Carlo games beside the exact values."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from chutes_tui.cli import bars, common
from chutes_tui.model.board import Board
from chutes_tui.model.inputs import MAX_PLAYERS


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
    if board.bump and args.players >= 2:
        return _bumping(args, board, seed, console)
    if board.bump:
        from chutes_tui.analysis.bump import joint_size
        from chutes_tui.analysis.limits import BUMP_MAX_STATES

        if joint_size(board, 2) > BUMP_MAX_STATES:  # the report's two-player odds need it
            raise common.UsageError(
                f"one piece is never bumped, but the two-player odds beside it under "
                f"the bump rule need {joint_size(board, 2):,} joint states, beyond {BUMP_MAX_STATES:,}: "
                "--no-bump, or --players 2 for an estimate"
            )
    total = args.games * args.players
    # Games run in chunks into running counts: memory stays bounded for any --games, and
    # Ctrl-C stops between chunks (exit 130).
    with bars.progress_bar(f"simulating {total:,} one-player games", total) as step:
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
        "P(1st of 2 wins), pairing games",
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
        _agreement(report.sigmas_from_exact) + f"{report.games_per_second:,.0f} games per second.",
    )


def _agreement(sigmas: float | None) -> str:
    if sigmas is None:
        return "Every game took the same number of turns, as the exact law says; "
    return f"The simulated mean is {sigmas:+.2f} standard errors from the exact value; "


def _bumping(args: argparse.Namespace, board: Board, seed: int, console: Console) -> int:
    """Whole games under the bump rule (players interact): an estimate with its standard errors,
    beside the joint chain's exact values where it is solved."""
    with bars.progress_bar(f"simulating {args.games:,} games under the bump rule", args.games) as step:
        from chutes_tui.sim.bump import bump_report

        report = bump_report(board, args.games, args.players, seed, step)
    e, exact = report.estimate, report.exact
    table = Table(
        title=f"{common.name(board)}: {e.games:,} games of {args.players}, bump rule (seed {seed})",
        title_justify="left",
    )
    table.add_column("")
    table.add_column("estimate ± 1.96 se", justify="right")
    table.add_column("exact" if exact is not None else "", justify="right")
    for seat in range(args.players):
        table.add_row(
            f"seat {seat + 1} wins",
            f"{e.share(seat):.4%} ± {1.96 * e.share_error(seat):.4%}",
            f"{exact.win[seat]:.4%}" if exact is not None else "",
        )
    table.add_row(
        "rolls by everyone",
        f"{e.mean_rolls:.3f} ± {1.96 * e.rolls_error:.3f}",
        f"{exact.expected_rolls:.3f}" if exact is not None else "",
    )
    table.add_row(
        "rounds",
        f"{e.mean_rounds:.3f} ± {1.96 * e.rounds_error:.3f}",
        f"{exact.expected_rounds:.3f}" if exact is not None else "",
    )
    table.add_row("pieces bumped a game", f"{e.bumps_per_game:.3f}", "")
    note = (
        ""
        if exact is not None
        else "An estimate (chutes-tui analyze --bump solves three players, in a minute)."
    )
    return common.emit(console, args, report.to_json(), table, note)
