"""The ``chutes-tui`` command line.

Exit codes: 0 success, 1 a board that cannot be used (the message says which file, line and
why), 2 a usage error (one line naming the argument).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from chutes_tui import __version__
from chutes_tui.analysis import build_chain, finishing_distribution, seat_odds
from chutes_tui.board import MAX_DIE, MAX_SQUARES, Board, BoardError, bundled_board_names, load_board
from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.crash import crash_line, write_crash_log
from chutes_tui.io.files import writable_target_problem
from chutes_tui.io.saves import SaveError
from chutes_tui.model import inputs
from chutes_tui.model.inputs import MAX_PLAYERS, InputError
from chutes_tui.model.text import elide, path_text, printable, shown
from chutes_tui.rules import EndRule
from chutes_tui.textchart import column_chart

PERCENTILES = (5, 10, 25, 50, 75, 90, 95, 99)
EXIT_BOARD, EXIT_USAGE, EXIT_CRASH, EXIT_INTERRUPTED = 1, 2, 3, 130
# Limits on what one command may ask for, each refused up front with its reason.
ENCLOSURE_MAX_DIGITS = 300
BOUNDS_MAX_MOVES = 10_000
ANOTHER_GAME_MAX_COINS = 30
ANOTHER_GAME_MAX_GAMES = 1_000_000


class UsageError(Exception):
    """A wrong command line; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse quotes what was typed in full: keep the line short and free of escapes.
        raise UsageError(f"{self.prog}: {elide(printable(message), 200)} (try '{self.prog} --help')")


def _argument(name: str, check: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from one of the shared validators (:mod:`chutes_tui.model.inputs`)."""

    def parse(text: str) -> Any:
        try:
            return check(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = name
    return parse


def _bounded_int(name: str, low: int, high: int) -> Callable[[str], int]:
    return _argument(name, lambda text: inputs.whole(text, name, low, high))


SEED = _argument("--seed", inputs.seed)


def SQUARE(name: str) -> Callable[[str], int]:  # noqa: N802 - used like the other argparse types
    return _bounded_int(name, 0, MAX_SQUARES)


SEED_HELP = "seed the random numbers: a whole number 0..2^63-1 (default: a fresh one, shown)"


def _add_board_arguments(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    help_text = "a bundled board name or a board file (.toml or plain)"
    if optional:
        parser.add_argument("board", metavar="BOARD", nargs="?", default="standard", help=help_text)
    else:
        parser.add_argument("board", metavar="BOARD", help=help_text)
    parser.add_argument(
        "--end-rule", choices=[rule.value for rule in EndRule], help="override the board's end rule"
    )
    parser.add_argument(
        "--die", type=_bounded_int("--die", 1, MAX_DIE), help="override the number of die sides"
    )
    parser.add_argument(
        "--extra-roll",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="house rule: rolling the die's top face gives another roll in the same turn",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="chutes-tui", description="Play, watch and analyse Chutes and Ladders.")
    parser.add_argument("--version", action="version", version=f"chutes-tui {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", required=True)

    analyze = verbs.add_parser("analyze", help="single-game and multi-player statistics of a board")
    _add_board_arguments(analyze)
    analyze.add_argument(
        "--players",
        type=_bounded_int("--players", 1, MAX_PLAYERS),
        default=2,
        help="players (1-6, default 2)",
    )
    analyze.add_argument(
        "--start", type=SQUARE("--start"), help="analyse from this square instead of the board's start"
    )
    analyze.add_argument("--json", action="store_true", help="print JSON instead of tables")

    play = verbs.add_parser("play", help="play a game on a drawn board, with live win probabilities")
    _add_board_arguments(play, optional=True)
    play.add_argument(
        "--players", metavar="SPEC", help="e.g. 'Ann,Bob,cpu:Robo' (without it: a setup screen)"
    )
    play.add_argument("--seed", type=SEED, help=SEED_HELP)
    play.add_argument("--resume", metavar="FILE", help="continue a saved game")
    play.add_argument(
        "--save", metavar="FILE", default="chutes-tui-save.json", help="where 's' saves the game"
    )

    watch = verbs.add_parser("watch", help="watch computer players, with live win probabilities")
    _add_board_arguments(watch, optional=True)
    watch.add_argument(
        "--players", type=_bounded_int("--players", 1, MAX_PLAYERS), default=3, help="1-6, default 3"
    )
    watch.add_argument("--speed", type=_speed, default=None, metavar="S|max", help="turns per second, or max")
    watch.add_argument("--seed", type=SEED, help=SEED_HELP)
    watch.add_argument("--loop", action="store_true", help="start a new game after each win")
    watch.add_argument(
        "--save", metavar="FILE", default="chutes-tui-save.json", help="where 's' saves the game"
    )

    exact = verbs.add_parser("exact", help="exact fractions: expected turns, two-player win probabilities")
    _add_board_arguments(exact)
    exact.add_argument(
        "--digits",
        type=_bounded_int("--digits", 0, 100_000),
        default=50,
        help=f"decimal digits to print (default 50; 0..100,000, and with --players 3-6 at most "
        f"{ENCLOSURE_MAX_DIGITS})",
    )
    exact.add_argument(
        "--position",
        nargs=2,
        type=SQUARE("--position"),
        metavar=("A", "B"),
        help="P(the player to move on A beats an opponent on B)",
    )
    exact.add_argument(
        "--bounds",
        type=_bounded_int("--bounds", 0, BOUNDS_MAX_MOVES),
        metavar="M",
        help=f"the seed's lower/upper bounds after M turns (0..{BOUNDS_MAX_MOVES:,})",
    )
    exact.add_argument("--table", metavar="FILE", help="write every two-player position (.csv or .json)")
    exact.add_argument(
        "--players",
        type=_bounded_int("--players", 2, MAX_PLAYERS),
        default=2,
        help="3-6: every seat's chance from the start, to --digits certain digits",
    )
    exact.add_argument("--json", action="store_true", help='print JSON (fractions as "p/q" strings)')

    simulate = verbs.add_parser("simulate", help="Monte Carlo games, beside the exact values")
    _add_board_arguments(simulate)
    simulate.add_argument(
        "--games",
        type=_bounded_int("--games", 1, 10**9),
        default=1_000_000,
        help="games to play, 1..10^9 (default 10^6); they run in chunks, in bounded memory",
    )
    simulate.add_argument("--players", type=_bounded_int("--players", 1, MAX_PLAYERS), default=1)
    simulate.add_argument("--seed", type=SEED, help=SEED_HELP)
    simulate.add_argument("--json", action="store_true")

    experiments = verbs.add_parser("experiments", help="the published experiments, reproduced")
    kinds = experiments.add_subparsers(dest="experiment", metavar="EXPERIMENT", required=True)

    def board_experiment(name: str, help_text: str) -> argparse.ArgumentParser:
        parser = kinds.add_parser(name, help=help_text)
        _add_board_arguments(parser)
        parser.add_argument("--json", action="store_true")
        return parser

    convergence = board_experiment("convergence", "Monte Carlo against the exact values (Daly 1960)")
    convergence.add_argument(
        "--max-log2",
        type=_bounded_int("--max-log2", 5, 26),
        default=20,
        help="simulate up to 2^N games (default 20; the IBM 704 did 14)",
    )
    convergence.add_argument("--seed", type=SEED, help=SEED_HELP)
    sides = board_experiment("die-sides", "expected length for every die size (Hochman §6.1)")
    sides.add_argument("--max", type=_bounded_int("--max", 2, MAX_DIE), default=15)
    board_experiment("start-square", "expected length from every square (Hochman §6.3)")
    adding = board_experiment("add-jump", "every ladder or chute you could add (Hochman §6.2)")
    adding.add_argument("--min-length", type=_bounded_int("--min-length", 1, MAX_SQUARES), default=10)
    board_experiment("best-first-roll", "what each first roll is worth")
    board_experiment("jump-impact", "each jump's effect on the expected length")
    another = kinds.add_parser("another-game", help="seed 004's dice-and-coin game, exactly")
    another.add_argument(
        "--coins",
        nargs=2,
        type=_bounded_int("--coins", 0, ANOTHER_GAME_MAX_COINS),
        default=[4, 4],
        metavar=("A", "B"),
        help=f"each player's coins (default 4 4; coins and pot together at most {ANOTHER_GAME_MAX_COINS})",
    )
    another.add_argument(
        "--pot", type=_bounded_int("--pot", 0, ANOTHER_GAME_MAX_COINS), default=2, help="coins in the pot"
    )
    another.add_argument(
        "--games",
        type=_bounded_int("--games", 1, ANOTHER_GAME_MAX_GAMES),
        default=200_000,
        help=f"games to simulate (1..{ANOTHER_GAME_MAX_GAMES:,}, default 200,000)",
    )
    another.add_argument("--seed", type=SEED, help=SEED_HELP)
    another.add_argument("--json", action="store_true")

    inspect = verbs.add_parser("inspect", help="what standing on one square means")
    _add_board_arguments(inspect)
    inspect.add_argument("square", type=SQUARE("SQUARE"), metavar="SQUARE")
    inspect.add_argument(
        "--opponent", type=SQUARE("--opponent"), metavar="B", help="two players: the opponent's square"
    )
    inspect.add_argument("--json", action="store_true")

    edit = verbs.add_parser("edit", help="design a board while its statistics update")
    _add_board_arguments(edit, optional=True)

    boards = verbs.add_parser("boards", help="list the bundled boards, or make a random one")
    boards.add_argument("--json", action="store_true", help="print JSON instead of a table")
    board_actions = boards.add_subparsers(dest="boards_action", metavar="ACTION")
    randomized = board_actions.add_parser("random", help="write a valid random board (TOML)")
    randomized.add_argument("--seed", type=SEED, help=SEED_HELP)
    randomized.add_argument("--squares", type=_bounded_int("--squares", 2, MAX_SQUARES), default=100)
    randomized.add_argument("--ladders", type=_bounded_int("--ladders", 0, MAX_SQUARES), default=9)
    randomized.add_argument("--chutes", type=_bounded_int("--chutes", 0, MAX_SQUARES), default=10)
    randomized.add_argument("--die", type=_bounded_int("--die", 1, MAX_DIE), default=6)
    randomized.add_argument(
        "--output", required=True, metavar="FILE", help="where to write the board (.toml)"
    )
    randomized.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    return parser


def _speed(text: str) -> float:
    if text.lower() == "max":
        return math.inf
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--speed must be turns per second or 'max', not {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"--speed must be above 0, not {text}")
    return value


def _name(board: Board) -> str:
    """A board's name for a title or message (a name from a file may hold anything)."""
    return shown(board.name, 60)


def board_from_args(args: argparse.Namespace) -> Board:
    """The board named on the command line, with any rule overrides applied."""
    board = load_board(args.board)
    changes: dict[str, Any] = {}
    if args.end_rule is not None:
        changes["end_rule"] = EndRule(args.end_rule)
    if args.die is not None:
        changes["die"] = args.die
    if args.extra_roll is not None:
        changes["extra_roll"] = args.extra_roll
    if not changes:
        return board
    try:
        return board.replace(**changes)
    except BoardError as error:
        given = ", ".join(f"{key}={value}" for key, value in changes.items())
        raise BoardError(f"with {given}: {error.reason}", path=board.source or board.name) from None


def _square_argument(board: Board, square: int, argument: str, *, allow_end: bool = False) -> int:
    """``square`` if a turn can end there (and, unless allowed, it is not the end square)."""
    if (square == board.end and not allow_end) or (square != board.end and not board.is_standable(square)):
        jump = board.jump_map.get(square)
        why = (
            f"it is the tail of the jump {square}→{jump}, so no turn ends there"
            if jump is not None
            else f"it is not a square of {_name(board)} a turn can start from"
        )
        raise UsageError(f"argument {argument}: square {square}: {why}")
    return square


def analyze_report(board: Board, origin: int, players: int) -> dict[str, Any]:
    """Every figure ``analyze`` prints, keyed as in its JSON output."""
    chain = build_chain(board)
    dist = finishing_distribution(chain, origin)
    odds = seat_odds(chain, [origin] * players, 0)
    return {
        "board": board.to_dict(),
        "start_square": origin,
        "expected_turns": dist.mean,
        "sd_turns": dist.sd,
        "median_turns": dist.median,
        "mode_turns": dist.mode,
        "min_turns": dist.minimum,
        "percentiles": {str(q): dist.percentile(q / 100) for q in PERCENTILES},
        "players": players,
        "seat_win_probability": list(odds.win),
        "expected_total_moves": odds.expected_total_moves,
        "expected_rounds": odds.expected_rounds,
        "pmf": dist.pmf,
    }


def _print_analysis(console: Console, board: Board, report: dict[str, Any]) -> None:
    console.print(Text(_name(board), style="bold"), Text(f"— {board.end} squares, d{board.die}"))
    if board.description:
        console.print(Text(printable(board.description, newlines=True), style="dim"))
    rules = Table.grid(padding=(0, 2))
    rules.add_column(style="bold")
    rules.add_column()
    rules.add_row(
        "end rule", board.end_rule.value + ("  (+ extra roll on the top face)" if board.extra_roll else "")
    )
    rules.add_row(
        "start",
        f"square {board.start}"
        + (f"  (analysed from {report['start_square']})" if report["start_square"] != board.start else ""),
    )
    rules.add_row("ladders", Text(", ".join(f"{t}→{h}" for t, h in board.ladders) or "none", style="green"))
    rules.add_row("chutes", Text(", ".join(f"{t}→{h}" for t, h in board.chutes) or "none", style="red"))
    console.print(rules)
    console.print()

    single = Table(title="One player: turns to finish", title_justify="left")
    for column in ("expected", "sd", "median", "mode", "fewest"):
        single.add_column(column, justify="right")
    single.add_row(
        f"{report['expected_turns']:.7f}",
        f"{report['sd_turns']:.4f}",
        str(report["median_turns"]),
        str(report["mode_turns"]),
        str(report["min_turns"]),
    )
    console.print(single)
    spread = Table(title="Percentiles (smallest n with P(T ≤ n) ≥ q)", title_justify="left")
    for q in report["percentiles"]:
        spread.add_column(f"{q}%", justify="right")
    spread.add_row(*(str(v) for v in report["percentiles"].values()))
    console.print(spread)

    pmf = report["pmf"]
    shown_until = report["percentiles"]["99"]
    first = report["min_turns"]
    console.print(
        Text(f"Distribution of turns to finish ({first}–{shown_until}, 99% of games)", style="italic")
    )
    for line in column_chart(list(pmf[first : shown_until + 1]), first):
        console.print(Text(line, style="cyan"), highlight=False)
    console.print()

    players = report["players"]
    seats = Table(
        title=f"{players} player{'s' if players > 1 else ''}: chance to win by seat", title_justify="left"
    )
    seats.add_column("seat", justify="right")
    seats.add_column("P(win)", justify="right")
    seats.add_column("", justify="left")
    for seat, p in enumerate(report["seat_win_probability"], start=1):
        bar = "█" * round(p * 40)
        seats.add_row(str(seat), f"{p:.10f}", Text(bar, style="magenta"))
    console.print(seats)
    console.print(
        Text.assemble(
            "expected total moves (rolls by everyone): ",
            (f"{report['expected_total_moves']:.4f}", "bold"),
            "   expected rounds: ",
            (f"{report['expected_rounds']:.4f}", "bold"),
        )
    )


def cmd_analyze(args: argparse.Namespace, console: Console) -> int:
    board = board_from_args(args)
    origin = board.start if args.start is None else _square_argument(board, args.start, "--start")
    report = analyze_report(board, origin, args.players)
    if args.json:
        data = {key: value for key, value in report.items() if key != "pmf"}
        console.out(json.dumps(data, indent=2), highlight=False)
    else:
        _print_analysis(console, board, report)
    return 0


def _random_board(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.board import format_toml, random_board

    output = Path(args.output)
    _check_output(output, "boards random", force=args.force)
    board = random_board(
        args.seed, squares=args.squares, ladders=args.ladders, chutes=args.chutes, die=args.die
    )
    board = board.replace(name=output.stem)
    _write(output, format_toml(board), "boards random")
    console.print(
        Text(
            f"wrote {path_text(output)}: {board.end} squares, {len(board.ladders)} ladders, "
            f"{len(board.chutes)} chutes"
        )
    )
    return 0


def cmd_boards(args: argparse.Namespace, console: Console) -> int:
    if args.boards_action == "random":
        return _random_board(args, console)
    boards = [load_board(name) for name in bundled_board_names()]
    if args.json:
        console.out(json.dumps([board.to_dict() for board in boards], indent=2), highlight=False)
        return 0
    table = Table(title="Bundled boards (use the name wherever a board is asked for)", title_justify="left")
    for column in ("name", "squares", "die", "end rule", "ladders", "chutes", "description"):
        table.add_column(column, overflow="fold")
    for board in boards:
        table.add_row(
            _name(board),
            str(board.end),
            str(board.die),
            board.end_rule.value,
            str(len(board.ladders)),
            str(len(board.chutes)),
            printable(board.description, newlines=True),
        )
    console.print(table)
    return 0


def cmd_exact(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.exact import (
        decimal_digits,
        exact_expected_turns,
        exact_two_player,
        fraction_text,
        seed_bounds,
    )

    board = board_from_args(args)
    if args.position:
        for square, name in zip(args.position, ("A", "B"), strict=True):
            _square_argument(board, square, f"--position {name}", allow_end=True)
    if args.table:
        _write_exact_table(board, args.table, console)
    digits = args.digits
    if args.players > 2:
        return _print_enclosures(board, args, console)
    two = exact_two_player(board)
    turns = exact_expected_turns(board)
    first = two.first_player
    report: dict[str, Any] = {
        "board": board.name,
        "expected_turns": fraction_text(turns),
        "expected_turns_decimal": decimal_digits(turns, digits),
        "first_player_wins": fraction_text(first),
        "first_player_wins_decimal": decimal_digits(first, digits),
        "first_player_wins_digits": {"numerator": len(str(first.p)), "denominator": len(str(first.q))},
    }
    if args.position:
        a, b = args.position
        value = two.probability(a, b)
        report["position"] = [a, b]
        report["win_probability"] = fraction_text(value)
        report["win_probability_decimal"] = decimal_digits(value, digits)
    if args.bounds is not None:
        with Progress(console=_stderr(), transient=True) as progress:
            task = progress.add_task(f"bounds after {args.bounds:,} moves", total=args.bounds)
            lower, upper = seed_bounds(board, args.bounds, lambda done: progress.update(task, completed=done))
        report["bounds"] = {
            "moves": args.bounds,
            "lower": fraction_text(lower),
            "upper": fraction_text(upper),
            "lower_decimal": decimal_digits(lower, digits),
            "upper_decimal": decimal_digits(upper, digits),
        }
    if args.json:
        console.out(json.dumps(report, indent=2), highlight=False)
        return 0
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column(overflow="fold")
    grid.add_row("board", _name(board))
    grid.add_row("expected turns", report["expected_turns"])
    grid.add_row("", report["expected_turns_decimal"])
    count = report["first_player_wins_digits"]
    grid.add_row(
        "P(first player wins)",
        f"{report['first_player_wins_decimal']}\n(a fraction of {count['numerator']:,} over "
        f"{count['denominator']:,} digits; --json prints it whole)",
    )
    if args.position:
        grid.add_row(f"P(mover on {a} beats {b})", report["win_probability_decimal"])
        grid.add_row(
            "", report["win_probability"] if len(report["win_probability"]) < 400 else "(see --json)"
        )
    if args.bounds is not None:
        bounds = report["bounds"]
        grid.add_row(f"lower bound after {args.bounds}", bounds["lower_decimal"])
        grid.add_row(f"upper bound after {args.bounds}", bounds["upper_decimal"])
    console.print(grid)
    return 0


def _print_enclosures(board: Board, args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.exact.seats import seat_enclosures

    if args.digits > ENCLOSURE_MAX_DIGITS:
        raise UsageError(
            f"chutes-tui exact: argument --digits: with {args.players} players at most "
            f"{ENCLOSURE_MAX_DIGITS} certain digits (each doubling of the rounds summed costs four "
            "times the last; 300 take about 15 s on the standard board)"
        )
    with Progress(console=_stderr(), transient=True) as progress:
        task = progress.add_task(f"{args.digits} certain digits", total=args.digits)

        def report(rounds: int, certain: int) -> None:
            progress.update(
                task, completed=certain, description=f"{rounds:,} rounds summed, {certain} digits certain"
            )

        enclosures, rounds = seat_enclosures(board, [board.start] * args.players, 0, args.digits, report)
    if args.json:
        data = {
            "board": board.name,
            "players": args.players,
            "seat_win_probability": [e.text for e in enclosures],
            "certain_digits": [e.digits for e in enclosures],
            "rounds_summed": rounds,
        }
        console.out(json.dumps(data, indent=2), highlight=False)
        return 0
    table = Table(
        title=f"{_name(board)}, {args.players} players: chance to win by seat", title_justify="left"
    )
    table.add_column("seat", justify="right")
    table.add_column("P(win), every digit shown is certain")
    for seat, enclosure in enumerate(enclosures, start=1):
        table.add_row(str(seat), enclosure.text)
    console.print(table)
    console.print(
        f"Exact partial sums over {rounds} rounds, plus a proven bound on the rest "
        "(see chutes_tui/exact/seats.py)."
    )
    return 0


def _write_exact_table(board: Board, path: str, console: Console) -> None:

    from chutes_tui.exact import exact_two_player, fraction_text

    if not path.lower().endswith((".csv", ".json")):
        raise UsageError("chutes-tui exact: argument --table: the file must end in .csv or .json")
    _check_output(Path(path), "exact --table", force=True)
    two = exact_two_player(board)
    squares = [int(s) for s in two.chain.chain.squares]
    with Progress(console=_stderr(), transient=True) as progress:
        task = progress.add_task("exact two-player table", total=len(squares))
        table = two.table(lambda done, total: progress.update(task, completed=done))
    cells = {(a, b): fraction_text(table[i, j]) for i, a in enumerate(squares) for j, b in enumerate(squares)}
    if path.lower().endswith(".json"):
        text = json.dumps({"board": board.name, "mover_wins": {f"{a},{b}": v for (a, b), v in cells.items()}})
    else:
        text = "mover,opponent,probability\n" + "".join(f"{a},{b},{v}\n" for (a, b), v in cells.items())
    _write(Path(path), text, "exact --table")
    _stderr().print(Text(f"wrote {len(cells):,} exact positions to {path_text(path)}"))


def _stderr() -> Console:
    """Messages and progress: stderr, user text never read as markup."""
    return Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)


@contextmanager
def _progress(what: str) -> Iterator[Callable[[int, int], None]]:
    """A transient progress bar on stderr; yields ``step(done, total)``."""
    with Progress(console=_stderr(), transient=True) as progress:
        task = progress.add_task(what, total=None)
        yield lambda done, total: progress.update(task, completed=done, total=total)


def _check_output(path: Path, verb: str, *, force: bool) -> None:
    """Refuse an output path before any work is done: something other than a regular file
    (a device, a FIFO, a directory: never, even with --force), or an existing file without
    --force."""
    problem = writable_target_problem(path)
    if problem is not None:
        raise UsageError(f"chutes-tui {verb}: cannot write {path_text(path)}: {problem}")
    if not force and os.path.lexists(path):
        raise UsageError(f"chutes-tui {verb}: {path_text(path)} exists (add --force to overwrite it)")


def _write(path: Path, text: str, verb: str) -> None:
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise UsageError(
            f"chutes-tui {verb}: cannot write {path_text(path)}: {(error.strerror or str(error)).lower()}"
        ) from None


def _emit(console: Console, args: argparse.Namespace, data: Any, table: Table, *notes: str) -> int:
    if args.json:
        console.out(json.dumps(data, indent=2), highlight=False)
        return 0
    console.print(table)
    for note in notes:
        console.print(note)
    return 0


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    import time

    import numpy as np

    from chutes_tui.simulate import diagonal_from_counts, simulate_summary

    board = board_from_args(args)
    seed = args.seed if args.seed is not None else int(np.random.default_rng().integers(2**31))
    total = args.games * args.players
    began = time.perf_counter()
    # Games run in chunks into running counts: memory stays bounded for any --games, and
    # Ctrl-C stops between chunks (exit 130).
    with Progress(console=_stderr(), transient=True) as progress:
        task = progress.add_task(f"simulating {total:,} one-player games", total=total)
        summary = simulate_summary(
            board,
            args.games,
            args.players,
            np.random.default_rng(seed),
            progress=lambda done: progress.update(task, completed=done),
        )
    elapsed = time.perf_counter() - began
    report = analyze_report(board, board.start, max(args.players, 1))
    exact_mean = report["expected_turns"]
    sigmas = (summary.mean - exact_mean) / summary.standard_error
    data: dict[str, Any] = {
        "board": board.name,
        "games": args.games,
        "one_player_games": total,
        "seed": seed,
        "mean_turns": summary.mean,
        "sd_turns": summary.sd,
        "mean_interval_95": list(summary.interval),
        "exact_mean_turns": exact_mean,
        "sigmas_from_exact": sigmas,
        "diagonal_first_player_wins": diagonal_from_counts(summary.counts),
        "games_per_second": total / elapsed,
    }
    table = Table(
        title=f"{_name(board)}: {total:,} simulated one-player games (seed {seed})", title_justify="left"
    )
    table.add_column("")
    table.add_column("simulated", justify="right")
    table.add_column("exact", justify="right")
    low, high = summary.interval
    table.add_row("mean turns", f"{summary.mean:.4f}  [{low:.4f}, {high:.4f}]", f"{exact_mean:.4f}")
    table.add_row("sd of turns", f"{summary.sd:.4f}", f"{report['sd_turns']:.4f}")
    first_wins = seat_odds(build_chain(board), [board.start] * 2).win[0]
    table.add_row(
        "P(first of two wins), diagonal squares",
        f"{data['diagonal_first_player_wins']:.6f}",
        f"{first_wins:.6f}",
    )
    if args.players >= 2 and summary.seat_wins is not None:
        data["seat_wins"] = list(summary.seat_wins)
        games = sum(summary.seat_wins)
        for seat, (wins, p) in enumerate(
            zip(summary.seat_wins, report["seat_win_probability"], strict=True), 1
        ):
            table.add_row(f"seat {seat} wins", f"{wins:,} ({wins / games:.4%})", f"{p:.4%}")
    return _emit(
        console,
        args,
        data,
        table,
        f"The simulated mean is {sigmas:+.2f} standard errors from the exact value; "
        f"{total / elapsed:,.0f} games per second.",
    )


def cmd_experiments(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui import experiments as ex

    if args.experiment == "another-game":
        return _another_game(args, console)
    board = board_from_args(args)
    if args.experiment == "convergence":
        return _convergence(board, args, console)
    if args.experiment == "die-sides":
        with _progress("die sizes") as step:
            rows = ex.die_sides(board, args.max, step)
        table = Table(title=f"{_name(board)}: expected turns by die size", title_justify="left")
        table.add_column("die", justify="right")
        table.add_column("expected turns", justify="right")
        for die, value in rows:
            table.add_row(str(die), f"{value:.7f}")
        return _emit(console, args, [{"die": d, "expected_turns": v} for d, v in rows], table)
    if args.experiment == "start-square":
        result = ex.start_squares(board)
        table = Table(title=f"{_name(board)}: expected turns from each square", title_justify="left")
        table.add_column("square", justify="right")
        table.add_column("expected turns", justify="right")
        table.add_column("")
        earlier = set(result.earlier_is_better)
        for square, value in result.expected:
            table.add_row(
                str(square), f"{value:.7f}", "the square before is quicker" if square in earlier else ""
            )
        data = [{"square": q, "expected_turns": v} for q, v in result.expected]
        listed = ", ".join(map(str, result.earlier_is_better))
        return _emit(
            console,
            args,
            data,
            table,
            f"Starting one standable square earlier is quicker for: {listed} ({len(earlier)} squares).",
        )
    if args.experiment == "add-jump":
        return _add_jump(board, args, console)
    if args.experiment == "best-first-roll":
        rows = ex.best_first_roll(board)
        table = Table(title=f"{_name(board)}: the first roll", title_justify="left")
        for column in ("roll", "square after it", "expected turns in all"):
            table.add_column(column, justify="right")
        for roll, square, value in sorted(rows, key=lambda r: r[2]):
            table.add_row(str(roll), str(square), f"{value:.4f}")
        data = [{"roll": r, "square": q, "expected_turns": v} for r, q, v in rows]
        return _emit(console, args, data, table)
    with _progress("jumps removed one by one") as step:
        base, rows = ex.jump_impact(board, step)
    table = Table(title=f"{_name(board)}: each jump removed (now {base:.4f} turns)", title_justify="left")
    for column in ("jump", "kind", "without it", "change"):
        table.add_column(column, justify="right")
    for tail, head, kind, without in sorted(rows, key=lambda r: -(abs((r[3] or base) - base))):
        text = "unwinnable" if without is None else f"{without:.4f}"
        change = "" if without is None else f"{without - base:+.4f}"
        table.add_row(f"{tail}→{head}", kind.value, text, change)
    data = {
        "base": base,
        "jumps": [{"from": t, "to": h, "kind": k.value, "expected_turns_without": w} for t, h, k, w in rows],
    }
    return _emit(console, args, data, table)


def _gauge(value: float, low: float, high: float, width: int = 11) -> str:
    """Where ``value`` falls in ``[low, high]``: ``"|····●·····|"``, or an arrow outside."""
    if value < low:
        return "◀" + "·" * (width - 1) + "|"
    if value > high:
        return "|" + "·" * (width - 1) + "▶"
    spot = round((value - low) / (high - low) * (width - 1)) if high > low else width // 2
    return "|" + "".join("●" if i == spot else "·" for i in range(width)) + "|"


def _convergence(board: Board, args: argparse.Namespace, console: Console) -> int:
    import numpy as np

    from chutes_tui.experiments import convergence

    seed = args.seed if args.seed is not None else int(np.random.default_rng().integers(2**31))
    result = convergence(board, args.max_log2, seed)
    title = f"{_name(board)}: Monte Carlo against the exact values (seed {seed})"
    table = Table(title=title, title_justify="left")
    table.add_column("games", justify="right")
    table.add_column("mean turns", justify="right")
    table.add_column("in L ± 2σ/√N")
    table.add_column(f"finished by {result.by_turn}", justify="right")
    table.add_column("in p ± 2σ_p")
    rows = []
    for point in result.points:
        low, high = result.band(point.games)
        flow, fhigh = result.finished_band(point.games)
        table.add_row(
            f"{point.games:,}",
            f"{point.mean:.4f}",
            _gauge(point.mean, low, high),
            f"{point.finished_by:.5f}",
            _gauge(point.finished_by, flow, fhigh),
        )
        rows.append(
            {
                "games": point.games,
                "mean_turns": point.mean,
                "band": [low, high],
                "finished_by": point.finished_by,
                "finished_band": [flow, fhigh],
            }
        )
    data = {
        "board": board.name,
        "seed": seed,
        "exact_mean_turns": result.exact_mean,
        "sd_turns": result.sd,
        "by_turn": result.by_turn,
        "exact_finished_by": result.exact_finished_by,
        "points": rows,
    }
    inside = sum(1 for r in rows if r["band"][0] <= r["mean_turns"] <= r["band"][1])
    note = (
        f"Exact: L = {result.exact_mean:.7f} turns (σ = {result.sd:.4f}), p = P(finished by "
        f"{result.by_turn}) = {result.exact_finished_by:.5f}, σ_p = √(p(1-p)/N). {inside} of {len(rows)} "
        "running means lie inside their band (about 95% should): the N^(-1/2) law of Daly's 1960 "
        "IBM 704 study."
    )
    if not args.json:
        console.print(table)
        console.print(note)
        _convergence_chart(result, console)
        return 0
    return _emit(console, args, data, table, note)


def _convergence_chart(result: Any, console: Console) -> None:
    """Each running estimate's distance from the exact value in standard errors, against
    log₂ N: the ±2 band is where about 95% of the points belong."""
    import math

    from chutes_tui.textchart import line_chart

    means = [(p.mean - result.exact_mean) / (result.sd / math.sqrt(p.games)) for p in result.points]
    p_exact = result.exact_finished_by
    shares = [(p.finished_by - p_exact) / math.sqrt(p_exact * (1 - p_exact) / p.games) for p in result.points]
    span = max(3.0, *(abs(v) for v in means + shares))
    count = len(result.points)
    for title, values, style in (
        ("mean turns", means, "cyan"),
        (f"finished by {result.by_turn}", shares, "magenta"),
    ):
        console.print(
            Text(f"{title}: (estimate − exact) / standard error, N = 2⁵ … 2^{count + 4}", style="italic")
        )
        lines = line_chart(
            [[2.0] * count, [-2.0] * count, [0.0] * count, values],
            ["green", "green", "dim", style],
            low=-span,
            high=span,
            width=min(64, max(16, console.width - 8)),
            height=8,
            axis=((2.0, "+2"), (0.0, "0"), (-2.0, "-2")),
        )
        for line in lines:
            console.print(line)


def _add_jump(board: Board, args: argparse.Namespace, console: Console) -> int:
    from chutes_tui import experiments as ex

    try:
        sweep = ex.add_jump_sweep(board, args.min_length)
    except ValueError as error:
        raise UsageError(f"chutes-tui experiments add-jump: {error}") from None
    shared = ex.add_jump_sweep(board, args.min_length, shared_heads=True)
    odd = sweep.counter_intuitive
    table = Table(
        title=f"{_name(board)}: counter-intuitive jumps of length ≥ {args.min_length}", title_justify="left"
    )
    for column in ("jump", "kind", "expected turns", "change"):
        table.add_column(column, justify="right")
    for c in sorted(odd, key=lambda c: -abs(c.expected_turns - sweep.base))[:25]:
        table.add_row(
            f"{c.tail}→{c.head}",
            c.kind.value,
            f"{c.expected_turns:.4f}",
            f"{c.expected_turns - sweep.base:+.4f}",
        )
    data = {
        "base": sweep.base,
        "definition": (
            "a jump t→h between two squares that are neither end of an existing jump, |h-t| ≥ min-length"
        ),
        "jumps": [
            {
                "from": c.tail,
                "to": c.head,
                "expected_turns": c.expected_turns,
                "counter_intuitive": c.counter_intuitive(sweep.base),
            }
            for c in sweep.candidates
        ],
    }
    readings = ex.candidate_readings(board, args.min_length)
    notes = [
        f"Candidates: a ladder or chute t→h between squares that are neither end of an existing jump, "
        f"length ≥ {args.min_length}: {len(sweep.candidates):,}, of which {len(odd):,} defy intuition "
        f"({len(odd) / max(len(sweep.candidates), 1):.1%}; the top 25 by effect are listed).",
        f"If h may also be the head of an existing jump: {len(shared.candidates):,} candidates, "
        f"{len(shared.counter_intuitive):,} counter-intuitive.",
        "Hochman reports 5,496 and 254 but they follow from no reading we could find; other readings count "
        + "; ".join(f"{name}: {count:,}" for name, count in readings.items())
        + " (those reuse jump squares and give chained jumps, so they are not valid boards).",
    ]
    return _emit(console, args, data, table, *notes)


def _another_game(args: argparse.Namespace, console: Console) -> int:
    import numpy as np

    from chutes_tui.another_game import AnotherGame, explain_discrepancy, simulate_cycles

    a, b = args.coins
    if a + b + args.pot > ANOTHER_GAME_MAX_COINS:
        raise UsageError(
            f"chutes-tui experiments another-game: {a + b + args.pot} coins in all; at most "
            f"{ANOTHER_GAME_MAX_COINS} (the chain has a state per split of the coins, and long games "
            "make the simulation slow)"
        )
    game = AnotherGame(a + b + args.pot)
    start = (a, b)
    exact = game.expected_cycles
    pmf = game.cycle_distribution(start)
    seed = args.seed if args.seed is not None else int(np.random.default_rng().integers(2**31))
    with Progress(console=_stderr(), transient=True) as progress:
        task = progress.add_task(f"simulating {args.games:,} games", total=args.games)
        simulated = simulate_cycles(
            start,
            game.total,
            args.games,
            np.random.default_rng(seed),
            progress=lambda done: progress.update(task, completed=done),
        )
    error = float(simulated.std(ddof=1) / np.sqrt(simulated.size))
    key = f"A{a}B{b}"
    data = {
        "start": key,
        "expected_cycles": exact,
        "cycle_pmf": [float(x) for x in pmf],
        "endings": game.endings(start),
        "simulation": {
            "games": args.games,
            "seed": seed,
            "mean_cycles": float(simulated.mean()),
            "standard_error": error,
        },
    }
    table = Table(title=f"Another Game from {key} (pot {args.pot}): expected cycles", title_justify="left")
    table.add_column("start", justify="right")
    table.add_column("expected cycles", justify="right")
    for state, value in sorted(exact.items(), key=lambda kv: -kv[1])[:15]:
        table.add_row(state, f"{value:.6f}")
    endings = ", ".join(f"{k} {v:.1%}" for k, v in list(data["endings"].items())[:6])
    sigmas = (simulated.mean() - exact[key]) / error
    return _emit(
        console,
        args,
        data,
        table,
        f"From {key}: exactly {exact[key]:.6f} cycles; {args.games:,} simulated games give "
        f"{simulated.mean():.4f} ± {error:.4f} ({sigmas:+.2f} σ).",
        f"Most likely final states: {endings}.",
        explain_discrepancy(game) if key == "A4B4" and game.total == 10 else "",
    )


def cmd_inspect(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.inspector import inspect_square

    board = board_from_args(args)
    if not (0 <= args.square <= board.end) or (args.square == 0 and board.start != 0):
        raise UsageError(f"argument SQUARE: {args.square} is not a square of {_name(board)} (0..{board.end})")
    if args.opponent is not None:
        _square_argument(board, args.opponent, "--opponent", allow_end=True)
    report = inspect_square(board, args.square, args.opponent)
    if args.json:
        console.out(json.dumps(report.to_json(), indent=2), highlight=False)
        return 0
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    title = f"square {args.square}"
    if report.statistics_from != args.square:
        title += f" (a {report.jump.kind.value if report.jump else 'jump'} to {report.statistics_from}: "
        title += "its statistics are those of where it sends you)"
    grid.add_row("square", title)
    grid.add_row("expected turns to finish", f"{report.expected_turns:.4f} ± {report.sd_turns:.4f}")
    low, high = report.range_5_95
    grid.add_row("median, 5–95 % range", f"{report.median_turns} turns, {low}–{high}")
    grid.add_row("P(finish within n)", ", ".join(f"{n}: {p:.1%}" for n, p in report.p_finish_within.items()))
    grid.add_row(
        f"from the start ({board.start})",
        f"{report.expected_visits:.4f} turns end here on average; P(ever) = {report.p_visit:.4f}",
    )
    grid.add_row("rolls", "   ".join(f"{o.roll} {o.describe()}" for o in report.roll_outcomes))
    if report.jump is not None:
        jump = report.jump
        without = "unwinnable" if jump.expected_without is None else f"{jump.expected_without:.4f}"
        grid.add_row(
            f"{jump.kind.value} {jump.tail}→{jump.head}",
            f"game length {jump.expected_with:.4f} turns; without it {without}",
        )
    if report.win_probability is not None:
        grid.add_row(
            f"to move here vs {report.opponent}", f"wins with probability {report.win_probability:.6f}"
        )
    console.print(grid)
    return 0


def _run_app(app: Any, **options: Any) -> int:
    """Run the Textual app; after a crash, say in one line where its traceback was written.

    ``options`` go to ``App.run`` (tests run it headless with an auto pilot)."""
    app.run(**options)
    if app.crash is not None:
        _stderr().print(Text(crash_line(*app.crash)))
    return int(app.return_code or 0)


def _save_path(args: argparse.Namespace, verb: str) -> Path:
    path = Path(args.save)
    _check_output(path, f"{verb} --save", force=True)
    return path


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp
    from chutes_tui.game import Game, GameError
    from chutes_tui.model.players import parse_player_spec

    save = _save_path(args, "play")
    if args.resume:
        try:
            game = Game.load(args.resume)
        except (GameError, SaveError) as error:
            raise UsageError(f"chutes-tui play: cannot resume: {error}") from None
        return _run_app(ChutesApp(game=game, save_path=save))
    board = board_from_args(args)
    players = None
    if args.players is not None:
        try:
            players = parse_player_spec(args.players)
        except InputError as error:
            raise UsageError(f"chutes-tui play: argument --players: {error}") from None
    return _run_app(
        ChutesApp(board=board, board_name=args.board, players=players, seed=args.seed, save_path=save)
    )


def cmd_edit(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp

    return _run_app(ChutesApp(board=board_from_args(args), edit=True))


def cmd_watch(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp
    from chutes_tui.app.screens.game import DEFAULT_SPEED, nearest_speed
    from chutes_tui.model.players import default_players

    save = _save_path(args, "watch")
    board = board_from_args(args)
    speed = DEFAULT_SPEED if args.speed is None else nearest_speed(args.speed)
    app = ChutesApp(
        board=board,
        players=default_players(args.players),
        seed=args.seed,
        watch=True,
        speed=speed,
        loop=args.loop,
        save_path=save,
    )
    return _run_app(app)


COMMANDS: dict[str, Callable[[argparse.Namespace, Console], int]] = {
    "analyze": cmd_analyze,
    "exact": cmd_exact,
    "inspect": cmd_inspect,
    "simulate": cmd_simulate,
    "experiments": cmd_experiments,
    "play": cmd_play,
    "edit": cmd_edit,
    "watch": cmd_watch,
    "boards": cmd_boards,
}


def main(argv: Sequence[str] | None = None) -> int:
    # Nothing a user gives is read as Rich markup: output is built from Text and tables.
    console = Console(highlight=False, markup=False, emoji=False)
    errors = _stderr()
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.verb](args, console)
    except (UsageError, InputError, SaveError) as error:
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
    except KeyboardInterrupt:
        errors.print(Text("chutes-tui: interrupted"))
        return EXIT_INTERRUPTED
    except Exception as error:  # a bug: one line for the user, the traceback in a log
        errors.print(Text(crash_line(error, write_crash_log(error))))
        return EXIT_CRASH


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
