"""The ``chutes-tui`` command line: one module per verb, each with ``add_arguments`` and ``run``.

Exit codes: 0 done; 1 a board that cannot be used (the message says which file, line and why),
or a save its seed does not replay;
2 a wrong command line or input (one line naming it); 3 an unexpected error (a bug: one line,
and the traceback in a crash log); 4 ``design`` missed a target (its board is written all the
same); 130 interrupted. Every error is one line on stderr, printed by ``parsing.error_line``:
``chutes-tui VERB: what went wrong``, ending ``(try 'chutes-tui VERB --help')`` when the user can
put it right (statuses 1 and 2).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from chutes_tui import __version__
from chutes_tui.cli.encoding import degrade_gracefully
from chutes_tui.cli.parsing import (
    EXIT_BOARD,
    EXIT_CRASH,
    EXIT_INTERRUPTED,
    EXIT_MISSED,
    EXIT_USAGE,
    Parser,
    Subcommands,
    UsageError,
    error_line,
)
from chutes_tui.cli.verbs import VERBS, prepare

if TYPE_CHECKING:
    from rich.console import Console

# What a newcomer most likely wants, one example each (`chutes-tui` alone shows them).
FIRST_STEPS = (
    ("chutes-tui play standard", "play a game at once, with live odds"),
    ("chutes-tui analyze standard --players 2", "game length and each seat's chance"),
    ("chutes-tui boards", "the bundled boards to choose from"),
)


EXIT_STATUSES = (
    f"Exit status: 0 done, {EXIT_BOARD} a board that cannot be used or a save its seed does not "
    f"replay, {EXIT_USAGE} a wrong command line or input, {EXIT_CRASH} an unexpected error (a bug; "
    f"its traceback is in a crash log), {EXIT_MISSED} design missed a target, {EXIT_INTERRUPTED} "
    "interrupted. Every error is one line on stderr: 'chutes-tui COMMAND: what went wrong'."
)


def build_parser(*, every_verb: bool = False) -> Parser:
    """The command line's parser. A verb's arguments are added, and its module imported, when it
    is chosen; ``every_verb``: all of them at once (for what walks the whole tree, as tests do)."""
    parser = Parser(
        prog="chutes-tui",
        description="Play, watch and analyse Chutes and Ladders.",
        epilog=EXIT_STATUSES,
    )
    parser.add_argument("--version", action="version", version=f"chutes-tui {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", required=True, action=Subcommands)
    for name, help_text in VERBS.items():
        sub = verbs.add_parser(name, help=help_text, prepare=partial(prepare, name))
        if every_verb:
            sub.prepared()
    return parser


def short_help(console: Console) -> None:
    """What ``chutes-tui`` alone prints: three first steps and where the rest is listed."""
    from rich.text import Text

    width = max(len(command) for command, _ in FIRST_STEPS)
    console.print(Text("chutes-tui: play, watch and analyse Chutes and Ladders in the terminal."))
    console.print()
    for command, what in FIRST_STEPS:
        console.print(Text.assemble("  ", (command.ljust(width), "bold"), "  ", what))
    console.print()
    console.print(Text("All commands: chutes-tui --help"))
    console.print(Text("One command's options: chutes-tui COMMAND --help (e.g. chutes-tui play --help)"))


# Where the output cannot go on: a full disk or quota, a file grown too large, a failing device.
OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def main(argv: Sequence[str] | None = None) -> int:
    degrade_gracefully()
    # What every verb shares (rich, and numpy with the boards) loads for a verb or an error
    # line, not for --help: its consoles are made when there is something to print on them.
    if not (argv if argv is not None else sys.argv[1:]):
        # The bare command is how people discover a tool, not a mistake: like gh, cargo and
        # docker, answer it with help on stdout and status 0 (argparse's "COMMAND is required"
        # on stderr with status 2 is for a command line that names something wrong).
        short_help(_console())
        return 0
    prog = "chutes-tui"  # the command every error line names: the (sub)command once parsed

    def fail(message: str, status: int, *, hint: bool = True) -> int:
        _console(errors=True).print(error_line(prog, message, hint=hint))
        return status

    try:
        args = build_parser().parse_args(argv)
        prog = args.command_parser.prog
        code = int(args.run(args, _console()))
        sys.stdout.flush()  # a full disk shows here, not as Python's complaint at exit
        return code
    except UsageError as error:
        prog = error.prog or prog  # the parser that refused it (play's, inside serve's)
        return fail(error.message, EXIT_USAGE)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:
        if error.errno not in OUTPUT_FULL:
            return fail(*_crash(error), hint=False)
        reason = os.strerror(error.errno or 0).lower()
        devnull = os.open(os.devnull, os.O_WRONLY)  # what is still buffered has nowhere to go
        os.dup2(devnull, sys.stdout.fileno())
        return fail(f"cannot write the output: {reason}", EXIT_BOARD, hint=False)
    except KeyboardInterrupt:
        return fail("interrupted", EXIT_INTERRUPTED, hint=False)
    except Exception as error:  # the user's input, save or board; or a bug
        message, status = _refused(error) or _crash(error)
        return fail(message, status, hint=status != EXIT_CRASH)


def _console(*, errors: bool = False) -> Console:
    from chutes_tui.cli import common

    return common.stderr() if errors else common.stdout()


def _refused(error: Exception) -> tuple[str, int] | None:
    """The line and status of an input, a save or a board that cannot be used (statuses 2 and 1;
    imported here: the verb that raised one has loaded it, and --help needs none)."""
    from chutes_tui.io.saves import SaveError
    from chutes_tui.model.board import BoardError
    from chutes_tui.model.inputs import InputError

    if isinstance(error, InputError | SaveError):
        return str(error), EXIT_USAGE
    if isinstance(error, BoardError):
        return f"board error: {error}", EXIT_BOARD
    return None


def _crash(error: BaseException) -> tuple[str, int]:
    """A bug: one line for the user, the traceback in a crash log."""
    from chutes_tui.io.crash import crash_line, write_crash_log

    return crash_line(error, write_crash_log(error)), EXIT_CRASH


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
