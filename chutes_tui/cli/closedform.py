"""``chutes-tui closed-form BOARD``: the law of a game's length in closed form -- its generating
function in lowest terms, its recurrence, and its tail law ``P(T > n) ~ C·λⁿ`` with λ's minimal
polynomial -- and what the transient matrix's Jordan blocks do to it (:mod:`chutes_tui.exact.closedform`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chutes_tui.analysis.limits import CLOSED_FORM_MAX_DIGITS, CLOSED_FORM_MAX_STATES
from chutes_tui.cli import bars, common
from chutes_tui.render.formula import latex_fraction, polynomial_terms, wrapped

if TYPE_CHECKING:
    from flint import fmpz_poly

    from chutes_tui.exact.closedform import ClosedForm
    from chutes_tui.model.board import Board

INDENT = "  "


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "One player's game length T as a generating function G(z) = Σ P(T = n) zⁿ in lowest "
        "terms (integer coefficients), its linear recurrence with initial terms, and the tail "
        "law P(T > n) ~ C·λⁿ: λ the dominant eigenvalue of the transient matrix, given by its "
        "minimal polynomial and certain digits. Every board whose one-player chain is finite, "
        f"up to {CLOSED_FORM_MAX_STATES} states."
    )
    common.add_board_arguments(parser)
    parser.add_argument(
        "--square",
        type=common.square("--square"),
        metavar="S",
        help="the square the player starts from (default: the board's start)",
    )
    parser.add_argument(
        "--digits",
        type=common.bounded_int("--digits", 1, CLOSED_FORM_MAX_DIGITS),
        default=30,
        help=f"certain decimals of λ and C (default 30; 1..{CLOSED_FORM_MAX_DIGITS})",
    )
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print JSON (exact numbers as strings)")
    shape.add_argument("--latex", action="store_true", help="print G(z) as a LaTeX fragment")


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    square = board.start if args.square is None else args.square
    if args.square is not None:
        common.square_argument(board, square, "--square")
    _check_size(board)
    with bars.progress_bar("closed form"):
        from chutes_tui.exact.closedform import closed_form  # python-flint: only when asked

        report = closed_form(board, square, args.digits)
    if args.json:
        return common.print_json(console, report.to_json())
    if args.latex:
        numerator = [int(c) for c in report.numerator.coeffs()]
        denominator = [int(c) for c in report.denominator.coeffs()]
        console.print(f"G(z) = {latex_fraction(numerator, denominator)}", soft_wrap=True)
        return 0
    show(console, report)
    return 0


def _check_size(board: Board) -> None:
    from chutes_tui.analysis.states import chain_states

    states = chain_states(board).size
    if states > CLOSED_FORM_MAX_STATES:
        raise common.UsageError(
            f"{common.name(board)} makes {states:,} states in the turn chain; the closed form is "
            f"worked out up to {CLOSED_FORM_MAX_STATES:,} (its eigenvalues' certified roots grow "
            "fast beyond: chutes-tui distribution gives the law to 1e-15)"
        )


def show(console: Console, report: ClosedForm) -> None:
    """The report at the console's width: polynomials and lists broken between terms (a term
    wider than the line has one to itself, whole), prose between words."""
    from chutes_tui.exact.fractions import fraction_text

    common.heading(console, report.board, f"; one player from square {report.square}")
    width = max(console.width - len(INDENT), 20)

    def say(text: str, style: str = "") -> None:
        console.print(Text(text, style=style))

    def block(title: str, items: list[str]) -> None:
        say(title, "bold")
        for line in wrapped(items, " ", width):
            console.print(Text(INDENT + line), soft_wrap=True)

    numerator, denominator = report.numerator, report.denominator
    say(
        f"T: the turns to finish ({report.states} states in the turn chain). Its generating "
        "function G(z) = Σ P(T = n) zⁿ = P(z)/Q(z), in lowest terms:"
    )
    block(f"P(z), degree {numerator.degree()}:", _terms(numerator))
    block(f"Q(z), degree {denominator.degree()}:", _terms(denominator))
    d, start = denominator.degree(), report.recurrence_from
    if report.bounded:
        say(f"Every game ends within {numerator.degree()} turns: P(T = n) = 0 for n > {numerator.degree()}.")
    else:
        terms = [f"q{i}·P(T = n-{i})" if i else "q0·P(T = n)" for i in range(d + 1)]
        written = " + ".join(terms if d <= 2 else [*terms[:2], "…", terms[-1]])
        say(f"Recurrence: {written} = 0 for every n ≥ {start}, the q's being Q's coefficients.")
    say(f"P(T = n) for n < {start}, from which the recurrence goes on:", "bold")
    first = next((n for n, term in enumerate(report.initial) if term != 0), start)
    if first:
        console.print(Text(f"{INDENT}P(T = n) = 0 for n < {first}"))
    for n in range(first, start):
        console.print(Text(f"{INDENT}P(T = {n}) = {fraction_text(report.initial[n])}"), soft_wrap=True)
    tail = report.tail
    if tail is not None:
        say(f"Tail: P(T > n) ~ {tail.law_text} (every digit shown is certain)", "bold")
        console.print(Text(f"{INDENT}λ = {tail.lambda_text(report.digits)}"), soft_wrap=True)
        console.print(Text(f"{INDENT}C = {tail.constant_said(report.digits)}"), soft_wrap=True)
        say(
            f"Relaxation time −1/ln λ = {tail.relaxation:.4g} turns: each {tail.relaxation:.4g} turns "
            "more divide the chance that the game is still on by e."
        )
        block(
            f"λ's minimal polynomial (irreducible, degree {tail.polynomial.degree()}):",
            _terms(tail.polynomial, "x"),
        )
    say(f"The transient matrix Q ({report.states} × {report.states})", "bold")
    for note in report.notes():
        say(note)


def _terms(polynomial: fmpz_poly, variable: str = "z") -> list[str]:
    return polynomial_terms([int(c) for c in polynomial.coeffs()], variable)
