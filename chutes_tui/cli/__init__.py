"""The ``chutes-tui`` command line: one module per verb, each with ``add_arguments`` and ``run``.

Exit codes: 0 done; 1 a board that cannot be used (the message says which file, line and why),
or a save its seed does not replay;
2 a wrong command line or input (one line naming it); 3 an unexpected error (a bug: one line,
and the traceback in a crash log); 130 interrupted.
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
from chutes_tui.cli.common import EXIT_BOARD, EXIT_CRASH, EXIT_INTERRUPTED, EXIT_USAGE
from chutes_tui.cli.encoding import degrade_gracefully
from chutes_tui.io.crash import crash_line, write_crash_log
from chutes_tui.io.saves import SaveError
from chutes_tui.model.board import BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.text import printable

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


def build_parser() -> common.Parser:
    parser = common.Parser(prog="chutes-tui", description="Play, watch and analyse Chutes and Ladders.")
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
    try:
        args = build_parser().parse_args(argv)
        code = int(args.run(args, console))
        sys.stdout.flush()  # a full disk shows here, not as Python's complaint at exit
        return code
    except (common.UsageError, InputError, SaveError) as error:
        message = str(error)
        verb = (argv if argv is not None else sys.argv[1:])[:1]
        if message.startswith("argument ") and verb:
            message = f"chutes-tui {printable(verb[0])}: {message}"
        errors.print(Text(message))
        return EXIT_USAGE
    except BoardError as error:
        errors.print(Text(f"chutes-tui: board error: {error}"))
        return EXIT_BOARD
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:
        if error.errno not in OUTPUT_FULL:
            errors.print(Text(crash_line(error, write_crash_log(error))))
            return EXIT_CRASH
        errors.print(Text(f"chutes-tui: cannot write the output: {os.strerror(error.errno or 0).lower()}"))
        devnull = os.open(os.devnull, os.O_WRONLY)  # what is still buffered has nowhere to go
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BOARD
    except KeyboardInterrupt:
        errors.print(Text("chutes-tui: interrupted"))
        return EXIT_INTERRUPTED
    except Exception as error:  # a bug: one line for the user, the traceback in a log
        errors.print(Text(crash_line(error, write_crash_log(error))))
        return EXIT_CRASH


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
