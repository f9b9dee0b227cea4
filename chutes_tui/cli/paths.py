"""``chutes-tui paths BOARD``: the shortest possible game -- how many roll sequences make it and
their probability -- and the single most likely way to finish."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import common
from chutes_tui.model.text import count

NAME = "paths"
HELP = "the shortest possible game and the most likely way to finish"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    from chutes_tui.analysis.paths import paths_report  # scipy: only when analysing

    report = paths_report(board)
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    console.print()
    console.print(Text("The shortest game", style="bold underline"))
    console.print(
        Text(f"  {count(report.fewest_turns, 'turn')}, with probability {report.shortest_chance:.6g}")
    )
    if report.shortest_sequences is not None and report.shortest_probability is not None:
        made = count(report.shortest_sequences, "roll sequence")
        console.print(
            Text(f"  {made} make it; together exactly {report.shortest_probability}"), soft_wrap=True
        )
    else:
        console.print(Text("  (with the extra roll a turn's rolls are unbounded: sequences are not counted)"))
    if report.example_rolls is not None:
        console.print(Text(f"  for example the rolls {' '.join(map(str, report.example_rolls))}"))
    console.print()
    console.print(Text("The most likely way to finish", style="bold underline"))
    chance = f"{report.likely_probability:.6g}"
    if report.likely_exact is not None:
        chance += f" = {report.likely_exact}"
    turns = count(len(report.likely_squares) - 1, "turn")
    console.print(Text(f"  {turns}, with probability {chance}:"), soft_wrap=True)
    console.print(Text("  " + " → ".join(map(str, report.likely_squares)), style="cyan"))
    console.print(Text("  (the squares where each turn ends, from the start)", style="dim"))
    return 0
