"""``chutes-tui watch``: computer players at a chosen pace, with live win probabilities."""

from __future__ import annotations

import argparse

from rich.console import Console

from chutes_tui.cli import common
from chutes_tui.cli.play import add_save, run_app, save_path
from chutes_tui.model import inputs
from chutes_tui.model.inputs import MAX_PLAYERS, InputError
from chutes_tui.model.players import PLAY_HELP, PlayerSpec, seats_of


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser, optional=True, decisions=True)
    parser.add_argument(
        "--players",
        type=common.argument("--players", seats),
        default=3,
        metavar="N|SPEC",
        help=f"1-{MAX_PLAYERS} computers (default 3), or computers by kind, e.g. 'cpu:best,cpu:naive' "
        f"for a board with choices: {PLAY_HELP}",
    )
    parser.add_argument(
        "--speed",
        type=common.argument("--speed", inputs.turns_per_second),
        default=None,
        metavar="S|max",
        help="turns per second, or max",
    )
    common.add_seed(parser)
    parser.add_argument("--loop", action="store_true", help="start a new game after each win")
    add_save(parser)


def seats(text: str) -> list[PlayerSpec]:
    """``3`` computers, or computers by kind (``cpu:best,cpu:naive``: people do not watch)."""
    specs = seats_of(text)
    if any(spec.human for spec in specs):
        raise InputError("watch seats computers only: write each as cpu:best, cpu:naive or cpu:NAME")
    return specs


def run(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp
    from chutes_tui.app.controller import DEFAULT_SPEED, nearest_speed

    save = save_path(args)
    board = common.board_from_args(args, decisions=True)
    players = seats(str(args.players)) if isinstance(args.players, int) else args.players
    common.check_game_ends(board, len(players))
    speed = DEFAULT_SPEED if args.speed is None else nearest_speed(args.speed)
    app = ChutesApp(
        board=board,
        players=players,
        seed=args.seed,
        watch=True,
        speed=speed,
        loop=args.loop,
        save_path=save,
        save_force=args.force,
    )
    return run_app(app, prog=args.command_parser.prog)
