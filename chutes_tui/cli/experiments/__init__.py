"""``chutes-tui experiments EXPERIMENT``: the published experiments, reproduced.

Each experiment is a sub-command of its own module: :mod:`.hochman` (die sides, start squares,
adding a jump, the first roll, each jump's impact), :mod:`.daly` (Monte Carlo convergence) and
:mod:`.another_game` (seed 004's dice-and-coin game).
"""

from __future__ import annotations

import argparse

from rich.console import Console

from chutes_tui.cli.experiments import another_game, daly, hochman

MODULES = (daly, hochman, another_game)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = parser.add_subparsers(dest="experiment", metavar="EXPERIMENT", required=True)
    for module in MODULES:
        module.add_parsers(kinds)


def run(args: argparse.Namespace, console: Console) -> int:
    return int(args.experiment_run(args, console))
