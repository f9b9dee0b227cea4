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
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui import __version__
from chutes_tui.analysis import build_chain, finishing_distribution, seat_odds
from chutes_tui.board import MAX_DIE, Board, BoardError, bundled_board_names, load_board
from chutes_tui.rules import EndRule
from chutes_tui.textchart import column_chart

PERCENTILES = (5, 10, 25, 50, 75, 90, 95, 99)
MAX_PLAYERS = 6


class UsageError(Exception):
    """A wrong command line; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try '{self.prog} --help')")


def _bounded_int(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be {low}..{high}, not {value}")
        return value

    parse.__name__ = name
    return parse


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
    analyze.add_argument("--start", type=int, help="analyse from this square instead of the board's start")
    analyze.add_argument("--json", action="store_true", help="print JSON instead of tables")

    play = verbs.add_parser("play", help="play a game on a drawn board, with live win probabilities")
    _add_board_arguments(play, optional=True)
    play.add_argument(
        "--players", metavar="SPEC", help="e.g. 'Ann,Bob,cpu:Robo' (without it: a setup screen)"
    )
    play.add_argument("--seed", type=int, help="seed the die, for a game you can replay")
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
    watch.add_argument("--seed", type=int, help="seed the die")
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
        help="decimal digits to print (default 50)",
    )
    exact.add_argument(
        "--position",
        nargs=2,
        type=int,
        metavar=("A", "B"),
        help="P(the player to move on A beats an opponent on B)",
    )
    exact.add_argument(
        "--bounds",
        type=_bounded_int("--bounds", 0, 100_000),
        metavar="M",
        help="the seed's lower/upper bounds after M turns",
    )
    exact.add_argument("--table", metavar="FILE", help="write every two-player position (.csv or .json)")
    exact.add_argument(
        "--players",
        type=_bounded_int("--players", 2, MAX_PLAYERS),
        default=2,
        help="3-6: every seat's chance from the start, to --digits certain digits",
    )
    exact.add_argument("--json", action="store_true", help='print JSON (fractions as "p/q" strings)')

    boards = verbs.add_parser("boards", help="list the bundled boards")
    boards.add_argument("--json", action="store_true", help="print JSON instead of a table")
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
            else f"it is not a square of {board.name} a turn can start from"
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
    console.print(Text(f"{board.name}", style="bold"), Text(f"— {board.end} squares, d{board.die}"))
    if board.description:
        console.print(Text(board.description, style="dim"))
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
        f"expected total moves (rolls by everyone): [bold]{report['expected_total_moves']:.4f}[/]   "
        f"expected rounds: [bold]{report['expected_rounds']:.4f}[/]"
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


def cmd_boards(args: argparse.Namespace, console: Console) -> int:
    boards = [load_board(name) for name in bundled_board_names()]
    if args.json:
        console.out(json.dumps([board.to_dict() for board in boards], indent=2), highlight=False)
        return 0
    table = Table(title="Bundled boards (use the name wherever a board is asked for)", title_justify="left")
    for column in ("name", "squares", "die", "end rule", "ladders", "chutes", "description"):
        table.add_column(column, overflow="fold")
    for board in boards:
        table.add_row(
            board.name,
            str(board.end),
            str(board.die),
            board.end_rule.value,
            str(len(board.ladders)),
            str(len(board.chutes)),
            board.description,
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

    sys.set_int_max_str_digits(0)  # the fractions run to thousands of digits
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
        lower, upper = seed_bounds(board, args.bounds)
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
    grid.add_row("board", board.name)
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

    enclosures, rounds = seat_enclosures(board, [board.start] * args.players, 0, args.digits)
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
    table = Table(title=f"{board.name}, {args.players} players: chance to win by seat", title_justify="left")
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
    from rich.progress import Progress

    from chutes_tui.exact import exact_two_player, fraction_text
    from chutes_tui.fileio import atomic_write_text

    if not path.lower().endswith((".csv", ".json")):
        raise UsageError("chutes-tui exact: argument --table: the file must end in .csv or .json")
    two = exact_two_player(board)
    squares = [int(s) for s in two.chain.chain.squares]
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("exact two-player table", total=len(squares))
        table = two.table(lambda done, total: progress.update(task, completed=done))
    cells = {(a, b): fraction_text(table[i, j]) for i, a in enumerate(squares) for j, b in enumerate(squares)}
    if path.lower().endswith(".json"):
        text = json.dumps({"board": board.name, "mover_wins": {f"{a},{b}": v for (a, b), v in cells.items()}})
    else:
        text = "mover,opponent,probability\n" + "".join(f"{a},{b},{v}\n" for (a, b), v in cells.items())
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise UsageError(f"chutes-tui exact: cannot write {path}: {error.strerror or error}") from None
    Console(stderr=True).print(f"wrote {len(cells):,} exact positions to {path}")


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp
    from chutes_tui.game import Game, GameError, parse_player_spec

    if args.resume:
        try:
            game = Game.load(args.resume)
        except GameError as error:
            raise UsageError(f"chutes-tui play: cannot resume: {error}") from None
        ChutesApp(game=game, save_path=args.save).run()
        return 0
    board = board_from_args(args)
    players = None
    if args.players:
        try:
            players = parse_player_spec(args.players)
        except GameError as error:
            raise UsageError(f"chutes-tui play: argument --players: {error}") from None
    ChutesApp(board=board, board_name=args.board, players=players, seed=args.seed, save_path=args.save).run()
    return 0


def cmd_watch(args: argparse.Namespace, console: Console) -> int:
    from chutes_tui.app.app import ChutesApp
    from chutes_tui.app.screens.game import DEFAULT_SPEED, nearest_speed
    from chutes_tui.game import default_players

    board = board_from_args(args)
    speed = DEFAULT_SPEED if args.speed is None else nearest_speed(args.speed)
    app = ChutesApp(
        board=board,
        players=default_players(args.players),
        seed=args.seed,
        watch=True,
        speed=speed,
        loop=args.loop,
        save_path=args.save,
    )
    app.run()
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace, Console], int]] = {
    "analyze": cmd_analyze,
    "exact": cmd_exact,
    "play": cmd_play,
    "watch": cmd_watch,
    "boards": cmd_boards,
}


def main(argv: Sequence[str] | None = None) -> int:
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.verb](args, console)
    except UsageError as error:
        message = str(error)
        verb = (argv if argv is not None else sys.argv[1:])[:1]
        if message.startswith("argument ") and verb:
            message = f"chutes-tui {verb[0]}: {message}"
        errors.print(message, markup=False)
        return 2
    except BoardError as error:
        errors.print(f"chutes-tui: board error: {error}", markup=False)
        return 1
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
