"""``chutes-tui edit``: design a board while its statistics follow every edit."""

from __future__ import annotations

import argparse

from rich.console import Console

from chutes_tui.cli import common
from chutes_tui.cli.play import run_app


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser, optional=True, decisions=True)  # the rules dialog offers them


def run(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp

    return run_app(
        ChutesApp(board=common.board_from_args(args, decisions=True), edit=True),
        prog=args.command_parser.prog,
    )
