"""Boards made to order: a search for a valid board whose game meets targets.

**What is searched.** Boards of ``squares`` squares with ``ladders`` ladders and ``chutes``
chutes, every end of every jump on its own square of ``1..end-1`` (so no jump chains into
another), every jump at least ``min_jump`` squares long, winnable (the :class:`Board`
constructor checks), with the given dice and end rule.

**What is wanted.** The objective is a weighted, normalised distance to the targets,

    J = |E - T| / (τ T)  +  |σ - S| / (τ S)  +  max(0, edge - e) / ε,

over the targets given (expected turns ``T``, their standard deviation ``S``, a largest
first-player edge ``e``, the edge being ``P(seat 1 wins) - 1/K`` for ``K`` players), with
``τ`` = :data:`TOLERANCE` and ``ε`` = :data:`EDGE_SCALE`; a least number ``L`` of expected lead
changes (:mod:`chutes_tui.analysis.drama`) adds ``max(0, L - lead) / λ``, ``λ`` =
:data:`LEAD_SCALE`, the lead counted exactly for a short list as the edge is. A target is *met*
when ``E`` (or ``σ``) is within ``τ`` of it, the edge is at most ``e``, the lead changes at
least ``L``; the search stops when all are.

**How.** Iterated local search over single-jump moves (one end of one jump to another square).
Every move of the current board is evaluated at once by :mod:`chutes_tui.analysis.incremental`
-- exact mean and second moment, ``O(n)`` a candidate, no solve. The edge needs the whole law of
a game's length, so it is *predicted* from the current board's (``edge ∝ 1/σ`` at a fixed shape:
the chance of a tie falls as the law spreads), and only a short list of the best predictions is
evaluated exactly, in one batch (:func:`~chutes_tui.analysis.multi.first_seat_chances`). The
best of the short list is taken while it improves ``J``; at a local minimum a few random moves kick the board
away from it (returning to the best board of the run if that does not pay), and after
:data:`KICKS` fruitless kicks the search restarts from a fresh random board. All randomness
comes from ``numpy.random.default_rng(seed)`` and the budget is counted in candidates
evaluated, so a seed and a budget always give the same board; a time limit only stops it sooner.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis.reports import AnalyzeReport, analyze_report
from chutes_tui.model.board import Board
from chutes_tui.research.designsearch import Progress, Search
from chutes_tui.research.designspec import DesignError, DesignSpec, Target, targets_met

__all__ = ["DesignError", "DesignReport", "DesignSpec", "SearchStats", "Target", "design"]


@dataclass(frozen=True)
class SearchStats:
    evaluations: int  # candidate boards evaluated (incrementally, or exactly)
    exact: int  # of which edges computed from a board's whole length law
    moves: int  # moves taken (kicks included)
    restarts: int
    seconds: float
    stopped: str  # "met", "time", "budget", or "no targets"


@dataclass(frozen=True, eq=False)
class DesignReport:
    """The designed board, its targets met or not, a fresh analysis of it, and the search."""

    spec: DesignSpec
    seed: int
    board: Board
    analysis: AnalyzeReport  # from a new Board: nothing of the search's own numbers
    targets: tuple[Target, ...]
    stats: SearchStats
    lead_changes: float | None = None  # the expected lead changes, when a target asks for them

    @property
    def first_player_edge(self) -> float:
        return self.analysis.odds.win[0] - 1.0 / self.spec.players

    @property
    def met(self) -> bool:
        return all(target.met for target in self.targets)

    def description(self, command: str) -> str:
        """How the board was made, for its file: the seed, the targets and what was reached,
        the time, and the command that makes it again."""
        stats = self.stats
        made = f"Made by chutes-tui design with seed {self.seed} in {stats.seconds:.1f} s"
        if not self.targets:
            return f"{made}: a valid random board (no targets were given). Command: {command}"
        reached = "; ".join(
            f"{t.name} {t.wanted}: {t.reached} ({'met' if t.met else 'not met'})" for t in self.targets
        )
        return f"{made} ({stats.evaluations:,} candidates evaluated): {reached}. Command: {command}"

    def to_json(self) -> dict[str, Any]:
        dist, stats = self.analysis.distribution, self.stats
        return {
            "board": self.board.to_dict(),
            "seed": self.seed,
            "players": self.spec.players,
            "targets": [
                {"name": t.name, "wanted": t.wanted, "value": t.value, "met": t.met} for t in self.targets
            ],
            "met": self.met,
            "missed": [t.name for t in self.targets if not t.met],
            "expected_turns": dist.mean,
            "sd_turns": dist.sd,
            "median_turns": dist.median,
            "min_turns": dist.minimum,
            "seat_win_probability": list(self.analysis.odds.win),
            "first_player_edge": self.first_player_edge,
            **({} if self.lead_changes is None else {"expected_lead_changes": self.lead_changes}),
            "search": {
                "evaluations": stats.evaluations,
                "exact_evaluations": stats.exact,
                "moves": stats.moves,
                "restarts": stats.restarts,
                "seconds": stats.seconds,
                "stopped": stats.stopped,
            },
        }


def design(
    spec: DesignSpec,
    seed: int,
    time_limit: float | None = None,
    progress: Progress | None = None,
    max_evaluations: int | None = None,
) -> DesignReport:
    """Search for a board meeting ``spec``'s targets (see the module docstring), within
    ``max_evaluations`` candidates and ``time_limit`` seconds (at least one must be given), and
    report it from a fresh analysis."""
    spec.check()
    if time_limit is None and max_evaluations is None:
        raise ValueError("give the search a time limit or a budget of evaluations")
    started = time.monotonic()
    deadline = started + time_limit if time_limit is not None else math.inf
    search = Search(spec, np.random.default_rng(seed), max_evaluations, deadline, progress, started=started)
    found = search.run()
    seconds = time.monotonic() - started
    # A new board: nothing computed during the search is kept with it (its memo is empty).
    board = spec.board(found.board.jumps)
    analysis = analyze_report(board, board.start, spec.players)
    edge = analysis.odds.win[0] - 1.0 / spec.players
    lead = None
    if spec.min_lead_changes is not None:
        from chutes_tui.exact.drama import start_lead_changes

        lead = start_lead_changes(board, spec.players)
    stats = SearchStats(
        search.evaluations,
        search.exact,
        search.moves,
        search.restarts,
        seconds,
        search.stopped,
    )
    dist = analysis.distribution
    met = targets_met(spec, dist.mean, dist.sd, edge, lead)
    return DesignReport(spec, seed, board, analysis, met, stats, lead)
