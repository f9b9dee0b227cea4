"""``experiments die-sides | start-square | add-jump | best-first-roll | jump-impact``:
Hochman (2014) and the questions around it."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from chutes_tui.cli import bars, common
from chutes_tui.model.board import MAX_DIE, MAX_SQUARES, Board


def _research() -> Any:
    """Hochman's experiments (scipy loads when one runs, not for `--help`)."""
    from chutes_tui.research import hochman

    return hochman


def add_parsers(kinds: Any) -> None:
    def experiment(name: str, help_text: str, run: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = kinds.add_parser(name, help=help_text)
        common.add_board_arguments(parser)
        common.add_json(parser)
        parser.set_defaults(experiment_run=run)
        return parser

    sides = experiment("die-sides", "expected length for every die size (Hochman §6.1)", die_sides)
    sides.add_argument(
        "--max",
        type=common.bounded_int("--max", 2, MAX_DIE),
        default=15,
        help=f"largest die (2..{MAX_DIE}, default 15)",
    )
    experiment("start-square", "expected length from every square (Hochman §6.3)", start_square)
    adding = experiment("add-jump", "every ladder or chute you could add (Hochman §6.2)", add_jump)
    adding.add_argument(
        "--min-length",
        type=common.bounded_int("--min-length", 1, MAX_SQUARES),
        default=10,
        help="the shortest jump tried (default 10)",
    )
    experiment("best-first-roll", "what each first roll is worth", best_first_roll)
    impact = experiment("jump-impact", "each jump's effect on the expected length", jump_impact)
    impact.add_argument(
        "--exact",
        action="store_true",
        help="each removal's effect on the expected length and on the first of two players' edge, "
        "as exact fractions (Dauenhauer & Dauenhauer 2024's question)",
    )
    impact.add_argument(
        "--digits",
        type=common.bounded_int("--digits", 0, 1_000),
        default=6,
        help="with --exact: decimal digits shown (0..1,000, default 6)",
    )


def die_sides(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    with bars.progress_bar("die sizes") as step:
        rows = _research().die_sides(board, args.max, step)
    table = Table(title=f"{common.name(board)}: expected turns by die size", title_justify="left")
    table.add_column("die", justify="right")
    table.add_column("expected turns", justify="right")
    for die, value in rows:
        table.add_row(str(die), f"{value:.7f}")
    data = {"board": board.name, "dice": [{"die": d, "expected_turns": v} for d, v in rows]}
    return common.emit(console, args, data, table)


def start_square(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    result = _research().start_squares(board)
    table = Table(title=f"{common.name(board)}: expected turns from each square", title_justify="left")
    table.add_column("square", justify="right")
    table.add_column("expected turns", justify="right")
    table.add_column("")
    earlier = set(result.earlier_is_better)
    for square, value in result.expected:
        table.add_row(
            str(square), f"{value:.7f}", "the square before is quicker" if square in earlier else ""
        )
    listed = ", ".join(map(str, result.earlier_is_better))
    return common.emit(
        console,
        args,
        {"board": board.name, "squares": [{"square": q, "expected_turns": v} for q, v in result.expected]},
        table,
        f"Starting one standable square earlier is quicker for: {listed} ({len(earlier)} squares).",
    )


def add_jump(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    # Under a turn rule every candidate is a board of its own (a bar on a terminal; Ctrl-C stops).
    with bars.progress_bar("adding jumps") as step:
        try:
            sweep = _research().add_jump_sweep(board, args.min_length, progress=step)
            shared = _research().add_jump_sweep(board, args.min_length, shared_heads=True, progress=step)
        except ValueError as error:
            raise common.UsageError(f"{error}") from None
    odd = sweep.counter_intuitive
    table = Table(
        title=f"{common.name(board)}: counter-intuitive jumps of length ≥ {args.min_length}",
        title_justify="left",
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
        "board": board.name,
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
    readings = _research().candidate_readings(board, args.min_length)
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
    return common.emit(console, args, data, table, *notes)


def best_first_roll(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    rows = _research().best_first_roll(board)
    table = Table(title=f"{common.name(board)}: the first roll", title_justify="left")
    for column in ("roll", "square after it", "expected turns in all"):
        table.add_column(column, justify="right")
    for roll, square, value in sorted(rows, key=lambda r: r[2]):
        table.add_row(str(roll), str(square), f"{value:.4f}")
    data = {"board": board.name, "rolls": [{"roll": r, "square": q, "expected_turns": v} for r, q, v in rows]}
    return common.emit(console, args, data, table)


def jump_impact(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    if args.exact:  # the edge is two players' (one alone is never bumped: the turns stand)
        common.check_bump(board, 2, "experiments jump-impact --exact", 1)
        return _exact_jump_impact(board, args, console)
    with bars.progress_bar("jumps removed one by one") as step:
        base, rows = _research().jump_impact(board, step)
    table = Table(
        title=f"{common.name(board)}: each jump removed (now {base:.4f} turns)", title_justify="left"
    )
    for column in ("jump", "kind", "without it", "change"):
        table.add_column(column, justify="right")
    for tail, head, kind, without in sorted(rows, key=lambda r: -(abs((r[3] or base) - base))):
        text = "unwinnable" if without is None else f"{without:.4f}"
        change = "" if without is None else f"{without - base:+.4f}"
        table.add_row(f"{tail}→{head}", kind.value, text, change)
    data = {
        "board": board.name,
        "base": base,
        "jumps": [{"from": t, "to": h, "kind": k.value, "expected_turns_without": w} for t, h, k, w in rows],
    }
    return common.emit(console, args, data, table)


def _exact_jump_impact(board: Board, args: argparse.Namespace, console: Console) -> int:
    """``jump-impact --exact``: each removal's exact effect on the length and the edge."""
    from chutes_tui.exact.fractions import decimal_digits
    from chutes_tui.research.jumpimpact import jump_impact_exact

    with bars.progress_bar("jumps removed one by one, exactly") as step:
        report = jump_impact_exact(board, step)
    digits = args.digits
    base = report.base
    table = Table(
        title=f"{common.name(board)}: each jump removed, exactly (now "
        f"{decimal_digits(base.expected_turns, digits)} turns, first player's edge "
        f"{decimal_digits(base.edge, digits)})",
        title_justify="left",
    )
    for column in ("jump", "kind", "turns without it", "change", "edge without it", "change"):
        table.add_column(column, justify="right")
    for effect in report.jumps:
        change = report.change(effect)
        if effect.without is None or change is None:
            table.add_row(f"{effect.tail}→{effect.head}", effect.kind.value, "unwinnable", "", "", "")
            continue
        table.add_row(
            f"{effect.tail}→{effect.head}",
            effect.kind.value,
            decimal_digits(effect.without.expected_turns, digits),
            ("+" if change[0] >= 0 else "") + decimal_digits(change[0], digits),
            decimal_digits(effect.without.edge, digits),
            ("+" if change[1] >= 0 else "") + decimal_digits(change[1], digits),
        )
    return common.emit(
        console,
        args,
        report.to_json(digits),
        table,
        "The edge is P(the first of two players wins) - 1/2; --json gives every figure as a fraction.",
    )
