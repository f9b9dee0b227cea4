"""``experiments another-game``: seed 004's dice-and-coin game, exactly and simulated."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from chutes_tui.analysis.limits import ANOTHER_GAME_MAX_COINS, ANOTHER_GAME_MAX_GAMES
from chutes_tui.cli import bars, common


def add_parsers(kinds: Any) -> None:
    parser = kinds.add_parser("another-game", help="seed 004's dice-and-coin game, exactly")
    parser.add_argument(
        "--coins",
        nargs=2,
        type=common.bounded_int("--coins", 0, ANOTHER_GAME_MAX_COINS),
        default=[4, 4],
        metavar=("A", "B"),
        help=f"each player's coins (default 4 4; coins and pot together at most {ANOTHER_GAME_MAX_COINS})",
    )
    parser.add_argument(
        "--pot",
        type=common.bounded_int("--pot", 0, ANOTHER_GAME_MAX_COINS),
        default=2,
        help="coins in the pot (default 2)",
    )
    parser.add_argument(
        "--games",
        type=common.bounded_int("--games", 1, ANOTHER_GAME_MAX_GAMES),
        default=200_000,
        help=f"games to simulate (1..{ANOTHER_GAME_MAX_GAMES:,}, default 200,000)",
    )
    common.add_seed(parser)
    common.add_json(parser)
    parser.set_defaults(experiment_run=run)


def run(args: argparse.Namespace, console: Console) -> int:
    a, b = args.coins
    if a + b + args.pot > ANOTHER_GAME_MAX_COINS:
        raise common.UsageError(
            f"{a + b + args.pot} coins in all; at most "
            f"{ANOTHER_GAME_MAX_COINS} (the chain has a state per split of the coins, and long games "
            "make the simulation slow)"
        )
    seed = common.fresh_seed(args.seed)
    with bars.progress_bar(f"simulating {args.games:,} games", args.games) as step:
        from chutes_tui.research.another_game import another_game_report

        report = another_game_report((a, b), args.pot, args.games, seed, step)
    table = Table(
        title=f"Another Game from {report.key} (pot {args.pot}): expected cycles", title_justify="left"
    )
    table.add_column("start", justify="right")
    table.add_column("expected cycles", justify="right")
    for state, value in sorted(report.game.expected_cycles.items(), key=lambda kv: -kv[1])[:15]:
        table.add_row(state, f"{value:.6f}")
    endings = ", ".join(f"{k} {v:.1%}" for k, v in list(report.endings.items())[:6])
    return common.emit(
        console,
        args,
        report.to_json(),
        table,
        f"From {report.key}: exactly {report.expected:.6f} cycles; {args.games:,} simulated games give "
        f"{report.simulated.mean():.4f} ± {report.standard_error:.4f} ({report.sigmas:+.2f} σ).",
        f"Most likely final states: {endings}.",
        report.explanation,
    )
