"""``chutes-tui exact BOARD``: the answers as exact fractions (two players), or every seat's
chance to as many certain digits as asked (three to twelve players)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chutes_tui.analysis.limits import (
    BOUNDS_MAX_MOVES,
    ENCLOSURE_MAX_DIGITS,
    EXACT_BUMP_MAX_STATES,
    EXACT_BUMP_MAX_WORK,
    EXACT_MAX_STATES,
)
from chutes_tui.cli import bars, common
from chutes_tui.model.board import Board
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.text import path_text

if TYPE_CHECKING:
    from chutes_tui.exact.report import ExactReport

# python-flint and scipy load in the functions that need them: `chutes-tui --help` does not.


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument(
        "--digits",
        type=common.bounded_int("--digits", 0, 100_000),
        default=50,
        help=f"decimal digits to print (default 50; 0..100,000, and with --players 3-{MAX_PLAYERS} at most "
        f"{ENCLOSURE_MAX_DIGITS})",
    )
    parser.add_argument(
        "--position",
        nargs=2,
        type=common.square("--position"),
        metavar=("A", "B"),
        help="P(the player to move on A beats an opponent on B)",
    )
    parser.add_argument(
        "--bounds",
        type=common.bounded_int("--bounds", 0, BOUNDS_MAX_MOVES),
        metavar="M",
        help=f"the seed's lower/upper bounds after M turns (0..{BOUNDS_MAX_MOVES:,})",
    )
    parser.add_argument("--table", metavar="FILE", help="write every two-player position (.csv or .json)")
    common.add_force(parser, "the --table FILE")
    parser.add_argument(
        "--players",
        type=common.players(2),
        default=2,
        help=f"2-{MAX_PLAYERS} (default 2); 3 or more: every seat's chance from the start, to --digits "
        "certain digits",
    )
    parser.add_argument("--json", action="store_true", help='print JSON (fractions as "p/q" strings)')


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    if board.bump:
        return _bump(board, args, console)
    states = len(board.standable) - 1
    if states > EXACT_MAX_STATES:
        raise common.UsageError(
            f"{common.name(board)} has {states:,} squares to stand on; exact fractions "
            f"are computed up to {EXACT_MAX_STATES:,} (beyond, they take minutes: use "
            "chutes-tui analyze, exact to 1e-15)"
        )
    if args.position:
        _check_position(board, args.position)
    if args.table is not None:  # --table '' too: refused as a name, never skipped
        _write_table(board, args.table, args.force)
    if args.players > 2:
        return _enclosures(board, args, console)
    from chutes_tui.exact.report import exact_report

    position = tuple(args.position) if args.position else None
    with bars.progress_bar("bounds", args.bounds) as step:
        report = exact_report(board, args.digits, position, args.bounds, step)
    if args.json:
        return common.print_json(console, report.to_json())
    _show(console, report)
    return 0


def _bump(board: Board, args: argparse.Namespace, console: Console) -> int:
    """Two players under the bump rule: the joint chain solved in exact integers."""
    common.check_bump(board, args.players, "exact", 2)
    for option, given in (("--bounds", args.bounds is not None), ("--table", args.table is not None)):
        if given:
            raise common.UsageError(
                f"{option} is for independent players; under the bump rule exact "
                "gives the chances and expected lengths (from --position A B, if given)"
            )
    resting = len(board.standable) - 1
    if resting**2 > EXACT_BUMP_MAX_STATES:
        raise common.UsageError(
            f"under the bump rule {common.name(board)} makes {resting**2:,} positions; "
            f"exact fractions are worked out up to {EXACT_BUMP_MAX_STATES:,} (chutes-tui analyze --bump "
            "gives them to 1e-10)"
        )
    from chutes_tui.exact.bump import NoExactBoundError, bump_json, exact_bump, lifting_work

    work = lifting_work(board, EXACT_BUMP_MAX_WORK)
    if work > EXACT_BUMP_MAX_WORK:
        raise common.UsageError(
            f"under the bump rule {common.name(board)} with these dice needs about "
            f"{work:.1e} entry-bits of exact lifting (positions × moves × digits); the limit is "
            f"{EXACT_BUMP_MAX_WORK:.0e} (chutes-tui analyze --bump gives the answers to 1e-10)"
        )
    if args.position:
        _check_position(board, args.position)
        a, b = args.position
        if a == b and a not in (board.start, board.end):
            raise common.UsageError(
                f"argument --position: under the bump rule two pieces never rest "
                f"together on square {a} (the second sends the first back to the start)"
            )
    try:
        with bars.progress_bar("exact fractions under the bump rule", 1000) as step:
            result = exact_bump(board, args.position, 0, lambda done: step(round(1000 * done)))
    except NoExactBoundError as why:
        raise common.UsageError(
            f"under the bump rule {common.name(board)} with these dice ({board.die.option}): {why}, "
            "so no exact fraction can be found from it"
        ) from None
    data = bump_json(result, args.digits)
    if args.json:
        return common.print_json(console, data)
    count = data["first_player_wins_digits"]
    assert isinstance(count, dict)
    label = "P(mover on {} beats {})".format(*result.positions) if args.position else "P(first player wins)"
    rows: list[tuple[str, str | Text]] = [
        ("board", f"{common.name(board)}, bump rule, two players"),
        (label, str(data["first_player_wins_decimal"])),
        (
            "",
            Text(
                f"(a fraction of {count['numerator']:,} over {count['denominator']:,} digits; "
                "--json prints it and the others whole)"
            ),
        ),
        ("expected rolls", str(data["expected_rolls_decimal"])),
        ("expected rounds", str(data["expected_rounds_decimal"])),
    ]
    if board.extra_roll:
        rows.insert(4, ("expected turns", str(data["expected_turns_decimal"])))
    print_rows(console, rows)
    return 0


def _check_position(board: Board, position: Sequence[int]) -> None:
    for square, label in zip(position, ("A", "B"), strict=True):
        common.square_argument(board, square, f"--position {label}", allow_end=True)


def _show(console: Console, report: ExactReport) -> None:
    data = report.to_json()
    count = data["first_player_wins_digits"]
    rows: list[tuple[str, str | Text]] = [
        ("board", common.name(report.board)),
        ("expected turns", data["expected_turns"]),
        ("", data["expected_turns_decimal"]),
        ("P(first player wins)", data["first_player_wins_decimal"]),
        (
            "",
            Text(
                f"(a fraction of {count['numerator']:,} over {count['denominator']:,} digits; "
                "--json prints it whole)"
            ),
        ),
    ]
    if report.position is not None:
        a, b = report.position
        fraction = data["win_probability"]
        rows.append((f"P(mover on {a} beats {b})", data["win_probability_decimal"]))
        rows.append(("", fraction if len(fraction) < 400 else Text("(--json prints the fraction)")))
    if report.bounds is not None:
        bounds = data["bounds"]
        rows.append((f"lower bound after {report.bounds_moves}", bounds["lower_decimal"]))
        rows.append((f"upper bound after {report.bounds_moves}", bounds["upper_decimal"]))
    print_rows(console, rows)


def print_rows(console: Console, rows: Sequence[tuple[str, str | Text]]) -> None:
    """Labels in a column, each value after its label: a number (``str``) on one line whatever
    its length, a note (``Text``) wrapped between words under the values.

    A number is never folded at the console's width (a table cell would break a 4,000-digit
    fraction into lines of 58): soft wrap leaves a long line to the terminal, and a pipe or a
    file gets every number in one piece."""
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        if isinstance(value, Text):
            for line in value.wrap(console, max(console.width - width - 2, 20)):
                line.rstrip()
                console.print(Text(" " * (width + 2)) + line, soft_wrap=True)
        else:
            console.print(Text.assemble((label.ljust(width), "bold"), "  ", value), soft_wrap=True)


def _enclosures(board: Board, args: argparse.Namespace, console: Console) -> int:
    if args.digits > ENCLOSURE_MAX_DIGITS:
        raise common.UsageError(
            f"argument --digits: with {args.players} players at most "
            f"{ENCLOSURE_MAX_DIGITS} certain digits (each doubling of the rounds summed costs four "
            "times the last; 300 take about 15 s on the standard board)"
        )
    from chutes_tui.exact.report import enclosure_report

    with bars.progress_bar(f"{args.digits} certain digits", args.digits) as step:

        def report_progress(rounds: int, certain: int) -> None:
            step(certain, description=f"{rounds:,} rounds summed, {certain} digits certain")

        report = enclosure_report(board, args.players, args.digits, report_progress)
    if args.json:
        return common.print_json(console, report.to_json())
    console.print(
        Text(f"{common.name(board)}, {args.players} players: chance to win by seat", style="italic")
    )
    print_rows(console, [(f"seat {seat}", e.text) for seat, e in enumerate(report.enclosures, start=1)])
    console.print(
        Text(
            f"Every digit shown is certain: exact sums over the first {report.rounds} rounds, and a "
            "proven bound on the rest (the chance that nobody has finished by then)."
        )
    )
    return 0


def _write_table(board: Board, path: str, force: bool) -> None:
    common.check_output(path, force=force)  # first, as design's: an empty name is said so
    if not path.lower().endswith((".csv", ".json")):
        raise common.UsageError("argument --table: the file must end in .csv or .json")
    from chutes_tui.exact.fractions import fraction_text
    from chutes_tui.exact.two_player import exact_two_player

    two = exact_two_player(board)
    # Positions by square: a square with a turn to miss (a turn rule of issue 26) has a second
    # state, which a square alone does not name; the table gives the square's own.
    squares = [(i, piece.square) for i, piece in enumerate(two.chain.chain.pieces) if not piece.miss]
    with bars.progress_bar("exact two-player table", two.chain.size) as step:
        table = two.table(lambda done, total: step(done, total))
    cells = {(a, b): fraction_text(table[i, j]) for i, a in squares for j, b in squares}
    if path.lower().endswith(".json"):
        text = json.dumps({"board": board.name, "mover_wins": {f"{a},{b}": v for (a, b), v in cells.items()}})
    else:
        text = "mover,opponent,probability\n" + "".join(f"{a},{b},{v}\n" for (a, b), v in cells.items())
    common.write(Path(path), text, force=force)
    common.stderr().print(Text(f"wrote {len(cells):,} exact positions to {path_text(path)}"))
