"""``chutes-tui replay SAVE``: a saved game played again from its seed, checked roll by roll,
then opened in review mode (← → step through its turns).

A save records the seed and every roll; the replay rolls the seed's dice again and compares
each roll with the recorded one and the die's final state with the saved one, and says in one
line whether they match. A save that cannot be read (missing, not a file, damaged) is one line
and status 2, as for ``play --resume``; a save whose seed does not roll its recorded rolls is
one line and status 1.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import common, parsing

EXIT_MISMATCH = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="a saved game (the file 's' wrote in the game)")
    parser.add_argument(
        "--check", action="store_true", help="only check that the save replays exactly (no app)"
    )


def run(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.engine.game import Game, GameError
    from chutes_tui.engine.review import check_replay
    from chutes_tui.io.saves import SaveError, read_save
    from chutes_tui.model.text import path_text

    where = path_text(args.save)
    try:
        saved = read_save(args.save)
        game = Game.from_saved(saved)
    except (GameError, SaveError) as error:
        message = str(error) if str(error).startswith(where) else f"{where}: {error}"
        raise common.UsageError(message) from None
    check = check_replay(saved)
    line = check.line()
    if not check.matches:
        common.stderr().print(parsing.error_line(args.command_parser.prog, f"{where}: {line}", hint=False))
        return EXIT_MISMATCH
    console.print(Text(line))
    if args.check:
        return 0
    from chutes_tui.app.app import ChutesApp  # textual loads only for the verbs that need it
    from chutes_tui.cli.play import run_app

    return run_app(ChutesApp(game=game, replay=check.forms()), prog=args.command_parser.prog)
