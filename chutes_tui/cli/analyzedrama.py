"""``chutes-tui analyze BOARD --drama``: how often the lead changes hands, how often the winner
comes back, when the game is decided (:mod:`chutes_tui.analysis.drama` defines each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.cli import bars, common

if TYPE_CHECKING:
    from chutes_tui.exact.drama import DramaReport
    from chutes_tui.model.board import Board

DEFINITIONS = (
    "The favourite: the seat whose exact chance to win is the highest (two players: above 1/2). "
    "A lead change: a turn after which the favourite is another seat (or none), or a win by a seat "
    "that was not the favourite. A comeback: the winner's chance was below 10 % at some moment. "
    "The decisive turn D: the last lead change (0 when the lead never changes), turns of every "
    "seat counted."
)


def run_drama(
    board: Board, players: int, positions: tuple[int, ...] | None, console: Console, as_json: bool
) -> int:
    """Refuse up front what the joint chain cannot count (the limit named), then count it."""
    from chutes_tui.analysis.dramachain import DramaError, check_drama

    try:
        check_drama(board, players)
    except DramaError as refused:
        raise common.UsageError(f"--drama: {refused}") from None
    from chutes_tui.exact.drama import ExactDramaError, drama_report

    try:
        with bars.series_bar("counting the drama"):
            report = drama_report(board, players, positions)
    except ExactDramaError as refused:
        raise common.UsageError(f"--drama: {refused}") from None
    if as_json:
        return common.print_json(console, report.to_json())
    show(console, report)
    return 0


def show(console: Console, report: DramaReport) -> None:
    drama, law = report.drama, report.drama.decisive
    common.heading(console, report.board)
    where = (
        "every seat on the start"
        if set(report.positions) == {report.board.start}
        else "from squares " + ", ".join(map(str, report.positions))
    )
    console.print(f"Drama: {drama.players} players, {where}, seat {report.to_move + 1} first")
    figures = Table(show_header=False, box=None, pad_edge=False)
    figures.add_column(justify="left")
    figures.add_column(justify="right")
    figures.add_row("expected lead changes", Text(f"{drama.lead_changes:.10f}", "bold"))
    figures.add_row("P(comeback)", Text(f"{drama.comeback:.10f}", "bold"))
    figures.add_row("decisive turn: mean", f"{law.mean:.4f}")
    figures.add_row("decisive turn: P(D = 0)", f"{report.first_terms[0]:.10f}")
    figures.add_row("expected turns (all seats)", f"{drama.expected_turns:.4f}")
    console.print(figures)
    quantiles = Table(title="Decisive turn D: quantiles", title_justify="left")
    for q in report.quantiles:
        quantiles.add_column(f"{round(q * 100)}%", justify="right")
    quantiles.add_row(*(str(t) for t in report.quantiles.values()))
    console.print(quantiles)
    # No frame: ten columns of three decimals fit in sixty columns of terminal.
    terms = Table(title="P(D = t), the first turns", title_justify="left", box=None, padding=(0, 1, 0, 0))
    for t in range(len(report.first_terms)):
        terms.add_column(str(t), justify="right")
    terms.add_row(*(f"{p:.3f}" for p in report.first_terms))
    console.print(terms)
    console.print(Text(DEFINITIONS, "dim"))
    console.print(Text(f"Each figure within {drama.error:.1e} of the exact value (a proven bound).", "dim"))
