"""The ``chutes-tui`` command line: one module per verb, each with ``add_arguments`` and ``run``.

Exit codes: 0 done; 1 a board that cannot be used (the message says which file, line and why),
or a save its seed does not replay;
2 a wrong command line or input (one line naming it); 3 an unexpected error (a bug: one line,
and the traceback in a crash log); 4 ``design`` missed a target (its board is written all the
same); 130 interrupted. Every error is one line on stderr, printed by ``common.error_line``:
``chutes-tui VERB: what went wrong``, ending ``(try 'chutes-tui VERB --help')`` when the user can
put it right (statuses 1 and 2).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from chutes_tui import __version__
from chutes_tui.cli import (
    analyze,
    boards,
    common,
    design,
    distribution,
    edit,
    exact,
    experiments,
    inspect,
    jumps,
    paths,
    play,
    replay,
    serve,
    simulate,
    squares,
    watch,
)
from chutes_tui.cli.common import EXIT_BOARD, EXIT_CRASH, EXIT_INTERRUPTED, EXIT_MISSED, EXIT_USAGE
from chutes_tui.cli.encoding import degrade_gracefully
from chutes_tui.io.crash import crash_line, write_crash_log
from chutes_tui.io.saves import SaveError
from chutes_tui.model.board import BoardError
from chutes_tui.model.inputs import InputError

VERBS = (
    analyze,
    distribution,
    jumps,
    squares,
    paths,
    play,
    watch,
    replay,
    exact,
    simulate,
    design,
    experiments,
    inspect,
    edit,
    serve,
    boards,
)
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


def build_parser() -> common.Parser:
    parser = common.Parser(
        prog="chutes-tui",
        description="Play, watch and analyse Chutes and Ladders.",
        epilog=EXIT_STATUSES,
    )
    parser.add_argument("--version", action="version", version=f"chutes-tui {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", required=True)
    for verb in VERBS:
        sub = verbs.add_parser(verb.NAME, help=verb.HELP, description=getattr(verb, "DESCRIPTION", None))
        verb.add_arguments(sub)
        sub.set_defaults(run=verb.run)
    return parser


def short_help(console: Console) -> None:
    """What ``chutes-tui`` alone prints: three first steps and where the rest is listed."""
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
    console, errors = common.stdout(), common.stderr()
    if not (argv if argv is not None else sys.argv[1:]):
        # The bare command is how people discover a tool, not a mistake: like gh, cargo and
        # docker, answer it with help on stdout and status 0 (argparse's "COMMAND is required"
        # on stderr with status 2 is for a command line that names something wrong).
        short_help(console)
        return 0
    prog = "chutes-tui"  # the command every error line names: the (sub)command once parsed

    def fail(message: str, status: int, *, hint: bool = True) -> int:
        errors.print(common.error_line(prog, message, hint=hint))
        return status

    try:
        args = build_parser().parse_args(argv)
        prog = args.command_parser.prog
        code = int(args.run(args, console))
        sys.stdout.flush()  # a full disk shows here, not as Python's complaint at exit
        return code
    except common.UsageError as error:
        prog = error.prog or prog  # the parser that refused it (play's, inside serve's)
        return fail(error.message, EXIT_USAGE)
    except (InputError, SaveError) as error:
        return fail(str(error), EXIT_USAGE)
    except BoardError as error:
        return fail(f"board error: {error}", EXIT_BOARD)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:
        if error.errno not in OUTPUT_FULL:
            return fail(crash_line(error, write_crash_log(error)), EXIT_CRASH, hint=False)
        reason = os.strerror(error.errno or 0).lower()
        devnull = os.open(os.devnull, os.O_WRONLY)  # what is still buffered has nowhere to go
        os.dup2(devnull, sys.stdout.fileno())
        return fail(f"cannot write the output: {reason}", EXIT_BOARD, hint=False)
    except KeyboardInterrupt:
        return fail("interrupted", EXIT_INTERRUPTED, hint=False)
    except Exception as error:  # a bug: one line for the user, the traceback in a log
        return fail(crash_line(error, write_crash_log(error)), EXIT_CRASH, hint=False)


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
