"""``chutes-tui distribution BOARD``: the whole law of a game's length -- one player's turns, or
for several players the rounds and the rolls by everyone -- with its moments and quantiles."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.analysis.flow import MOST_TURNS
from chutes_tui.analysis.limits import BUMP_MAX_PLAYERS, EXACT_MAX_STATES, EXACT_TERMS_MAX
from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.cli import bars, common
from chutes_tui.model import inputs
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.text import count
from chutes_tui.render.boardpaint import flow_overlay, printed_board
from chutes_tui.render.textchart import column_chart

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import FlowStep
    from chutes_tui.analysis.length import GameLength, LengthLaw
    from chutes_tui.exact.length import ExactTerms
    from chutes_tui.model.board import Board

EXACT_TERMS = 20  # without --max-turns, --exact gives this many terms
WHAT = {
    "turns": ("Turns to finish (one player)", "T"),
    "rounds": ("Rounds (the winner's number of turns)", "R"),
    "rolls": ("Rolls by everyone (one a turn)", "M"),
}
# With the extra roll a turn may be several rolls: the law counts the turns.
TURNS_BY_EVERYONE = "Turns taken by everyone (with the extra roll, a turn's rolls count once)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument(
        "--players", type=common.players(), default=1, help=f"players (1-{MAX_PLAYERS}, default 1)"
    )
    parser.add_argument(
        "--quantile",
        metavar="Q",
        action="append",
        type=common.argument("--quantile", inputs.quantile_level),
        help="the smallest n with P(≤ n) ≥ Q; repeatable (default: 0.05 … 0.99)",
    )
    parser.add_argument(
        "--max-turns",
        metavar="N",
        type=common.bounded_int("--max-turns", 0, 10**7),
        help="list P(= n), P(≤ n), P(> n) for n up to N, for each law (JSON: the lists stop there)",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help=f"the first terms as exact fractions ({EXACT_TERMS}, or --max-turns up to {EXACT_TERMS_MAX})",
    )
    parser.add_argument(
        "--board-at",
        metavar="N",
        type=common.bounded_int("--board-at", 0, MOST_TURNS),
        help="the board shaded by where one piece from the start stands after N turns, and the "
        "chance it has finished by then",
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    rounds = EXACT_TERMS if args.max_turns is None else args.max_turns
    if args.exact:
        states = len(board.standable) - 1
        if states > EXACT_MAX_STATES:
            raise common.UsageError(
                f"--exact: {common.name(board)} has {states:,} squares to stand "
                f"on; exact fractions are computed up to {EXACT_MAX_STATES:,}"
            )
        if rounds > EXACT_TERMS_MAX:
            raise common.UsageError(f"--exact: at most {EXACT_TERMS_MAX} exact terms, not {rounds}")
    bumping = board.bump and args.players >= 2
    if bumping and board.extra_roll:
        raise common.UsageError("under the bump rule the length is worked out without the extra roll")
    if bumping and args.exact and args.players > 2:
        raise common.UsageError("--exact: under the bump rule exact terms are for two players")
    common.check_bump(board, args.players, "distribution", BUMP_MAX_PLAYERS)
    positions = [board.start] * args.players
    with bars.series_bar("summing the series"):
        from chutes_tui.analysis.chain import build_chain
        from chutes_tui.analysis.length import DEFAULT_QUANTILES, game_length

        if bumping:
            from chutes_tui.analysis.bump import bump_length

            length = bump_length(board, positions)
        else:
            length = game_length(build_chain(board), positions)
    terms = None
    if args.exact:
        from chutes_tui.exact.length import exact_bump_terms, exact_terms

        terms = (exact_bump_terms if bumping else exact_terms)(board, positions, rounds)
    quantiles = args.quantile or list(DEFAULT_QUANTILES)
    flow_step = None
    if args.board_at is not None:
        from chutes_tui.analysis.flow import Flow

        flow_step = Flow(build_chain(board), board.start).at(args.board_at)
    if args.json:
        data = _json(board, length, quantiles, args.max_turns, terms, rounds)
        if flow_step is not None:
            data["board_at"] = {
                "turns": flow_step.turns,
                "from": flow_step.square,
                "finished": flow_step.finished,
                "standing": {str(square): p for square, p in flow_step.standing.items()},
            }
        return common.print_json(console, data)
    common.heading(console, board, f"; {count(args.players, 'player')}")
    if flow_step is not None:
        _board_at(console, flow_step)
    for key, law in _laws(length):
        exact = None if terms is None else getattr(terms, key)[: rounds + 1]
        title = TURNS_BY_EVERYONE if key == "rolls" and board.extra_roll else WHAT[key][0]
        _show(console, key, title, law, quantiles, args.max_turns, exact)
    console.print()
    console.print(
        Text("kurtosis: the fourth standardised moment (3 for a normal law), not the excess", style="dim")
    )
    return 0


def _board_at(console: Console, step: FlowStep) -> None:
    """The board coloured by where the piece may stand, then what the colours leave out."""
    overlay = flow_overlay(step, "one piece", OverlayKind.FLOW.number_format(step.high))
    for line in printed_board(step.board, console.width, overlay):
        text = Text()
        for segment in line:
            text.append(segment.text, segment.style)
        console.print(text, soft_wrap=True, no_wrap=True)
    alone = " (one piece alone: no one to bump it)" if step.board.bump else ""
    console.print(Text(f"finished by turn {step.turns}: {step.finished:.2%}{alone}"))
    likely = step.likeliest(6)
    if likely:  # the colours' top squares in words too (NO_COLOR, a printout)
        named = [("the start" if square == step.board.start else str(square), p) for square, p in likely]
        console.print(Text("most likely on: " + ", ".join(f"{name} ({_chance(p)})" for name, p in named)))
    console.print()


def _chance(p: float) -> str:
    return f"{p:.1%}" if p >= 0.001 else f"{p:.1e}"


def _laws(length: GameLength) -> list[tuple[str, LengthLaw]]:
    return [(key, law) for key in WHAT if (law := getattr(length, key)) is not None]


def _json(
    board: Board,
    length: GameLength,
    quantiles: list[str],
    up_to: int | None,
    terms: ExactTerms | None,
    exact_up_to: int,
) -> dict[str, Any]:
    data: dict[str, Any] = {"board": board.to_dict(), "players": length.players}
    for key, law in _laws(length):
        data[key] = law.to_json(quantiles, up_to)
        if terms is not None:
            data[key]["exact_pmf"] = [str(value) for value in getattr(terms, key)[: exact_up_to + 1]]
    return data


def _number(value: float | None, digits: int) -> str:
    return "undefined (one possible value)" if value is None else f"{value:.{digits}f}"


def _show(
    console: Console,
    key: str,
    title: str,
    law: LengthLaw,
    quantiles: list[str],
    up_to: int | None,
    exact: Any,
) -> None:
    symbol = WHAT[key][1]
    console.print()
    console.print(Text(title, style="bold underline"))
    # Lines of named values rather than a table: seven columns of long numbers do not fit in 80.
    console.print(Text(f"  mean {law.mean:.6f}   sd {law.sd:.6f}   variance {law.variance:.6g}"))
    console.print(
        Text(
            f"  skewness {_number(law.skewness, 4)}   kurtosis {_number(law.kurtosis, 4)}   "
            f"fewest {law.minimum}   mode {law.mode}"
        )
    )
    # Titled outside the table: a table of one quantile is too narrow for its title.
    console.print(Text(f"Quantiles: the smallest n with P({symbol} ≤ n) ≥ q", style="italic"))
    spread = Table(box=None, padding=(0, 1))
    spread.add_column("q", style="bold")
    for q in quantiles:
        spread.add_column(q, justify="right")
    spread.add_row("n", *(str(law.quantile(float(q))) for q in quantiles))
    console.print(spread)
    last = law.quantile(0.99)
    console.print(Text(f"P({symbol} = n), n = {law.minimum}–{last} (at least 99% of games)", style="italic"))
    unit = "rolls" if key == "rolls" else key
    for line in column_chart(list(law.pmf[law.minimum : last + 1]), law.minimum, unit=unit):
        console.print(Text(line, style="cyan"))
    if up_to is not None or exact is not None:
        console.print(_terms_table(law, symbol, up_to, exact))
    if up_to is not None and up_to >= len(law.pmf):
        end = len(law.pmf) - 1
        note = f"(computed to n = {end}, where P({symbol} > n) < 1e-15; later terms are smaller)"
        console.print(Text(note), soft_wrap=True)
    if exact is not None:
        console.print(Text(f"P({symbol} = n) exactly, n = {law.minimum}–{len(exact) - 1}:", style="italic"))
        for n in range(law.minimum, len(exact)):
            # soft_wrap: a fraction of hundreds of digits is one line to copy, however it wraps.
            console.print(Text(f"{n:>5}  {exact[n]}"), soft_wrap=True)


def _terms_table(law: LengthLaw, symbol: str, up_to: int | None, exact: Any) -> Table:
    table = Table(box=None, padding=(0, 2))
    table.add_column("n", justify="right")
    table.add_column(f"P({symbol} = n)", justify="right")
    table.add_column(f"P({symbol} ≤ n)", justify="right")
    table.add_column(f"P({symbol} > n)", justify="right")
    end = len(exact) if exact is not None else min(len(law.pmf), (up_to or 0) + 1)
    cdf = law.cdf
    for n in range(end):
        inside = n < len(law.pmf)
        table.add_row(
            str(n),
            f"{law.pmf[n]:.6e}" if inside else "0",
            f"{cdf[n]:.12f}" if inside else "1",
            f"{law.survival[n]:.6e}" if inside else "0",
        )
    return table
