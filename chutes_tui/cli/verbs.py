"""The verbs: each one's name and one-line help (the top parser's list, imported with nothing
else), and the shape every verb module has (:class:`Command`, checked by mypy).

A verb's module is ``chutes_tui.cli.NAME`` (without its hyphen); it is imported when the verb is
chosen (to run it or to show its own ``--help``), so ``chutes-tui --help`` loads none of them,
nor numpy, rich or asyncio with them.
"""

from __future__ import annotations

import argparse
import os
from importlib import import_module
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from rich.console import Console

    from chutes_tui.cli.parsing import Parser

# name: one-line help, in the order --help lists them.
VERBS = {
    "analyze": "single-game and multi-player statistics of a board",
    "distribution": "the whole law of the game's length: pmf, cdf, moments, quantiles",
    "jumps": "each ladder's and chute's expected uses per game and chance of use",
    "squares": "every square ranked by landings, turn endings or turns left",
    "paths": "the shortest possible game and the most likely way to finish",
    "play": "play a game on a drawn board, with live win probabilities",
    "watch": "watch computer players, with live win probabilities",
    "replay": "replay a saved game from its seed, check it, and review it turn by turn",
    "exact": "exact fractions: expected turns, two-player win probabilities (also under --bump)",
    "closed-form": "the game length's generating function, recurrence and tail law, exactly",
    "simulate": "Monte Carlo games, beside the exact values",
    "design": "search for a board with a given game length, spread and fairness, and write it",
    "fair": "head starts that make K seats' chances as equal as possible, exactly",
    "experiments": "the published experiments, reproduced",
    "inspect": "what standing on one square means",
    "edit": "design a board while its statistics update",
    "serve": "serve the app to web browsers: each visitor plays their own game",
    "boards": "list the bundled boards, or make a random one",
    "strategy": "a board whose player chooses (dice, flips), solved: the best choice on each square",
}

# Verbs whose linear algebra is small or sparse (a game's odds, a turn's chain, integer algebra):
# OpenBLAS starts them with one thread. Starting a thread per core costs ~60 ms CPU when numpy is
# imported, more than all their dense products together; a user's own setting of these wins.
# fair's products are many and small (squares × turns by turns × squares, 81 × 1,024 × 81 on the
# standard board): with a thread per core twelve players took 186 s of CPU on a busy 2-core
# machine against 10 s with one.
ONE_BLAS_THREAD = frozenset({"play", "watch", "replay", "exact", "serve", "fair"})
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


class Command(Protocol):
    """What a verb module provides (as memray's commands do, but a module, not a class)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the verb's arguments (and description, if it has one) to its parser."""

    def run(self, args: argparse.Namespace, console: Console) -> int:
        """Do it, printing results on ``console``; return the exit status."""


def module_name(name: str) -> str:
    """The verb's module in ``chutes_tui.cli`` (``closed-form``: ``closedform``)."""
    return name.replace("-", "")


def load(name: str) -> Command:
    """The verb's module, imported now (its shape is checked by mypy below, not at run time)."""
    return cast("Command", import_module(f"chutes_tui.cli.{module_name(name)}"))


def start_blas(name: str) -> None:
    """Set BLAS's threads for the verb (before numpy is imported: later it changes nothing)."""
    if name in ONE_BLAS_THREAD:
        for variable in BLAS_THREADS:
            os.environ.setdefault(variable, "1")


def prepare(name: str, parser: Parser) -> None:
    """Give a verb's parser its arguments and the function that runs it (when it is chosen)."""
    start_blas(name)  # before the verb's module imports numpy
    command = load(name)
    command.add_arguments(parser)
    parser.set_defaults(run=command.run)


if TYPE_CHECKING:
    # mypy checks each verb module against Command; tests/cli/test_verbs.py checks that these are
    # the modules of VERBS, every one.
    from chutes_tui.cli import (
        analyze,
        boards,
        closedform,
        design,
        distribution,
        edit,
        exact,
        experiments,
        fair,
        inspect,
        jumps,
        paths,
        play,
        replay,
        serve,
        simulate,
        squares,
        strategy,
        watch,
    )

    CHECKED: tuple[Command, ...] = (
        analyze,
        distribution,
        jumps,
        squares,
        paths,
        play,
        watch,
        replay,
        exact,
        closedform,
        simulate,
        design,
        fair,
        experiments,
        inspect,
        edit,
        serve,
        boards,
        strategy,
    )
