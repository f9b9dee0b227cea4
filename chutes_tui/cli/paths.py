"""``chutes-tui paths BOARD``: the shortest possible game -- how many roll sequences make it and
their probability -- and the single most likely way to finish."""

from __future__ import annotations

import argparse
from fractions import Fraction

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import bars, common
from chutes_tui.model.text import all_digits, count, scientific

LONGEST_FRACTION = 1_000  # characters of an exact fraction shown in full


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    with bars.series_bar("finding paths"):  # the series to its median: 36 s on 100,000 squares
        from chutes_tui.analysis.paths import paths_report  # scipy: only when analysing

        report = paths_report(board)
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    console.print()
    console.print(Text("The shortest game", style="bold underline"))
    exact = report.shortest_probability
    # Past a double's range (a 100,000-square board's shortest game: 10^-12970) the exact value speaks.
    chance = (
        f"{report.shortest_chance:.6g}" if report.shortest_chance > 0 or exact is None else scientific(exact)
    )
    console.print(Text(f"  {count(report.fewest_turns, 'turn')}, with probability {chance}"))
    if report.shortest_sequences is not None and exact is not None:
        sequences = report.shortest_sequences
        made = (
            count(sequences, "roll sequence")
            if sequences < 10**30
            else f"about {scientific(sequences)} roll sequences"
        )
        console.print(Text(f"  {made} make it; together exactly {_fraction(exact)}"), soft_wrap=True)
    else:
        console.print(Text("  (with the extra roll a turn's rolls are unbounded: sequences are not counted)"))
    if report.example_rolls is not None:
        console.print(Text(f"  for example the rolls {' '.join(map(str, report.example_rolls))}"))
    console.print()
    console.print(Text("The most likely way to finish", style="bold underline"))
    chance = f"{report.likely_probability:.6g}"
    if report.likely_exact is not None:
        chance += f" = {_fraction(report.likely_exact)}"
    turns = count(len(report.likely_squares) - 1, "turn")
    console.print(Text(f"  {turns}, with probability {chance}:"), soft_wrap=True)
    console.print(Text("  " + " → ".join(map(str, report.likely_squares)), style="cyan"))
    console.print(Text("  (the squares where each turn ends, from the start)", style="dim"))
    return 0


def _fraction(value: Fraction) -> str:
    """An exact fraction in full, or its size where it would fill pages."""
    text = all_digits(value)
    if len(text) <= LONGEST_FRACTION:
        return text
    top, _, bottom = text.partition("/")
    return (
        f"{scientific(value)}, a fraction of {len(top):,} digits over {len(bottom):,} (all of them in --json)"
    )
