"""The editor's figures: an edited board's expected length and the first of two players' edge
(:func:`chutes_tui.engine.boardfigures.edit_stats`: the chain's, or on a board with decisions the
solvers', every player choosing best).

The length is one solve; the edge sums two players' finishing-turn laws until what is left is
negligible, which on a board with a long tail runs long (a board under the rule table's sample
rules: 171,754 turns of series, 16 s). So the edge is worked out on the UI thread only within
:data:`EDGE_BUDGET`; past it, the series so far is kept with the board's chain and a worker
goes on from there (a newer edit cancels it: the series checks between its turns), and the
editor shows the figure when it comes. On a board with decisions the solvers work in a worker
from the first (a duel: a quarter of a second on the standard board), unless solved already.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from rich.text import Text
from textual.dom import DOMNode
from textual.worker import get_current_worker

from chutes_tui.analysis.progress import series_progress
from chutes_tui.analysis.reports import EditStats
from chutes_tui.app.workers import start_worker
from chutes_tui.engine.boardfigures import edit_stats
from chutes_tui.engine.live import StopRequested
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides

EDGE_BUDGET = 0.15  # seconds of the edge's series on the UI thread before a worker takes over


def stats_within(board: Board, original: Board) -> EditStats | None:
    """:func:`~chutes_tui.engine.boardfigures.edit_stats`, or ``None`` when the series would run
    past :data:`EDGE_BUDGET` seconds (what it summed stays with the chain for :func:`work_out`),
    or the board has decisions not solved yet."""
    if (decides(board) or decides(original)) and not solved(board, original):
        return None
    deadline = time.monotonic() + EDGE_BUDGET

    def check(turns: int, left: float) -> None:
        if time.monotonic() > deadline:
            raise StopRequested

    try:
        with series_progress(check):
            return edit_stats(board, original)
    except StopRequested:
        return None


def solved(board: Board, original: Board) -> bool:
    """Whether the solvers' figures of these boards with decisions are known (kept with them)."""
    from chutes_tui.engine.advice import advised

    return all(
        advised(each, players) is not None
        for each in (board, original)
        if decides(each)
        for players in (1, 2)
    )


def work_out(node: DOMNode, board: Board, original: Board, done: Callable[[Board, EditStats], None]) -> None:
    """``edit_stats`` in a worker; ``done(board, stats)`` on the UI thread when it is in (not
    when a newer edit cancelled it first)."""

    def work() -> None:
        worker = get_current_worker()

        def check(turns: int, left: float) -> None:
            if worker.is_cancelled:
                raise StopRequested

        with series_progress(check):
            stats = edit_stats(board, original)
        node.app.call_from_thread(done, board, stats)

    start_worker(node, work, name="edit statistics", group="edit-stats", exclusive=True)


def length_words(mean: float, change: float, choosing: bool = False) -> Text:
    """``39.598 turns (+0.000 vs the board you opened)``; with decisions, for a player choosing
    best; not worked out (nan): a dash (the line under the figures says why)."""
    if math.isnan(mean):
        return Text("—")
    best = " choosing best" if choosing else ""
    versus = "" if math.isnan(change) else f" ({change:+.3f} vs the board you opened)"
    return Text.assemble((f"{mean:.3f}", "bold"), f" turns{best}{versus}")


def edge_words(stats: EditStats) -> Text:
    """``The first of two players wins 50.78% (+0.78 points vs an even 50%)``, both playing to
    win on a board with decisions."""
    edge = stats.first_player_advantage
    if edge is None:
        return Text("The first of two players wins: —")
    both = ", both playing to win" if stats.choosing else ""
    return Text(
        f"The first of two players wins {0.5 + edge:.2%} ({100 * edge:+.2f} points vs an even 50%){both}"
    )
