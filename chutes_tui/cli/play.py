"""``chutes-tui play``: a game on a drawn board with live win probabilities (the Textual app).

Also the helpers ``watch`` and ``edit`` share: running the app so that a crash says in one line
where its traceback went, and checking the save path before the app starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from chutes_tui.cli import common, parsing
from chutes_tui.io.crash import crash_line
from chutes_tui.io.saves import SaveError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.players import PLAY_HELP, seats_of
from chutes_tui.model.ruletable import RuleOverrides

DESCRIPTION = (
    "Play at once on BOARD: the players of the last game set up, or the first time you against "
    "one computer player (--players chooses others). Without BOARD: the setup screen, to choose "
    "players, board and rules."
)


def add_save(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="where 's' saves the game (without it, 's' asks for a name in the saves folder)",
    )
    common.add_force(parser, "the --save FILE")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    common.add_board_arguments(parser, optional=True, also="the setup screen", decisions=True)
    parser.set_defaults(board=None)  # named or not: a game at once, or the setup screen
    parser.add_argument(
        "--players",
        metavar="N|SPEC",
        help="N seats (you and N-1 computers), or by name, e.g. 'Ann,Bob,cpu:Robo' (without it: "
        "the last setup's players, or you against a computer; with no BOARD, the setup screen); "
        f"on a board with choices {PLAY_HELP}",
    )
    common.add_seed(parser)
    parser.add_argument("--resume", metavar="FILE", help="continue a saved game")
    add_save(parser)


def run_app(app: Any, prog: str = "chutes-tui", **options: Any) -> int:
    """Run the Textual app; after a crash, say in one line where its traceback was written
    (``prog``: the command, as every error line begins).

    ``options`` go to ``App.run`` (tests run it headless with an auto pilot)."""
    app.run(**options)
    if app.crash is not None:  # Textual's own status for it is 1, which means a bad board here
        common.stderr().print(parsing.error_line(prog, crash_line(*app.crash), hint=False))
        return parsing.EXIT_CRASH
    return int(app.return_code or 0)


def save_path(args: argparse.Namespace) -> Path | None:
    if args.save is None:
        return None
    return common.check_output(args.save, force=args.force)


def app_options(args: argparse.Namespace) -> dict[str, Any]:
    """The app's keyword arguments for a ``play`` command line, every argument checked (the board
    read, the players parsed, a save resumed) -- ``serve`` checks its play arguments here once."""
    from chutes_tui.engine.game import Game, GameError

    save = save_path(args)
    named = args.board is not None  # play BOARD starts a game; play alone opens the setup screen
    if not named:
        args.board = "standard"
    if args.resume:
        try:
            game = Game.load(args.resume)
        except (GameError, SaveError) as error:
            raise common.UsageError(f"cannot resume: {error}") from None
        return {"game": game, "save_path": save or Path(args.resume)}  # s saves back
    players = None
    if args.players is not None:
        try:
            players = seats_of(args.players, humans=1)
        except InputError as error:
            raise common.UsageError(f"argument --players: {error}") from None
    if not named:  # the setup screen: --players fills its seats, the rules flags preset its fields
        rules = _setup_rules(args)
        return {
            "board_name": args.board,
            "players": players,
            "rules": rules,
            "seed": args.seed,
            "save_path": save,
            "save_force": args.force,
        }
    board = common.board_from_args(args, decisions=True)
    if players is not None:
        common.check_game_ends(board, len(players))
    return {
        "board": board,
        "board_name": args.board,
        "players": players,
        "play_now": named,
        "seed": args.seed,
        "save_path": save,
        "save_force": args.force,
    }


def _setup_rules(args: argparse.Namespace) -> RuleOverrides:
    """The rules flags of ``play`` without a board, for the setup screen's fields (checked with
    the board chosen there); what those fields cannot hold is refused, not dropped."""
    if args.add_jump or args.remove_jump:
        raise common.UsageError("--add-jump and --remove-jump need a BOARD (without one: the setup screen)")
    return common.rule_overrides(args, decisions=True)


def run(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp  # textual loads only for the verbs that need it

    return run_app(ChutesApp(**app_options(args)), prog=args.command_parser.prog)
