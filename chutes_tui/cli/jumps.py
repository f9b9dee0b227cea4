"""``chutes-tui jumps BOARD``: how often each ladder and chute is used in a game, and the chance
of using it at least once; per game, the ladders climbed and chutes slid."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.cli import bars, common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    # A row of N for every jump's head: 36 s on 20,000 squares with 8,000 jumps.
    with bars.series_bar("counting jumps"):
        from chutes_tui.analysis.landings import jumps_report  # scipy: only when analysing

        report = jumps_report(board)
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    if not report.jumps:
        console.print(Text("This board has no ladders or chutes."))
        return 0
    table = Table(title="Per game, from the start", title_justify="left")
    table.add_column("kind")
    table.add_column("jump", justify="right")
    table.add_column("uses", justify="right")
    table.add_column("P(used at least once)", justify="right")
    for use in report.jumps:
        colour = "green" if use.kind.value == "ladder" else "red"
        table.add_row(
            Text(use.kind.value, style=colour),
            f"{use.tail}→{use.head}",
            f"{use.expected_uses:.4f}",
            f"{use.chance:.4f}",
        )
    console.print(table)
    console.print(
        Text.assemble(
            "ladders climbed per game: ",
            (f"{report.ladders_climbed:.4f}", "bold green"),
            "   chutes slid per game: ",
            (f"{report.chutes_slid:.4f}", "bold red"),
        )
    )
    chains = ", or a chain of jumps passes through it" if board.chain_jumps else ""
    console.print(Text(f"A jump is used each time a roll lands on its tail{chains}.", style="dim"))
    return 0
