"""``chutes-tui design`` against plain random sampling of boards, side by side on one time budget
(issue 15 §2): the issue's example, 100 squares, 8 ladders and 8 chutes, 25 expected turns
(± 0.25) and a two-player first-player edge of at most 1.0 %.

For each seed of one family, on the same budget:

* the designer (:func:`chutes_tui.research.design.design`), which stops when the targets are met;
* random sampling: :func:`chutes_tui.model.generate.random_board` from the seed's stream, each
  board evaluated in full -- its expected turns and spread by a linear solve, its first
  player's chance from the whole length law -- until a board meets both targets;
* random sampling pruned by the length: the same boards, but the first player's chance is
  computed only for a board whose length is within the tolerance (a stronger baseline).

Reported: each one's successes, time to the first success, and the best objective ``J`` reached
(:func:`chutes_tui.research.designspec.objective`); then the ratio of the rates of success
(successes per second of search). Where random sampling never succeeds its rate is bounded by
one success in all the time it was given.

    python benchmarks/bench_design.py [--seeds 5] [--budget 30]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.multi import first_seat_chances
from chutes_tui.analysis.single import moments_from
from chutes_tui.model.generate import random_board
from chutes_tui.research.design import DesignSpec, design
from chutes_tui.research.designspec import TOLERANCE, objective

SPEC = DesignSpec(squares=100, ladders=8, chutes=8, target_turns=25.0, players=2, max_edge=0.01)


def sample(seed: int, budget: float, pruned: bool) -> tuple[float | None, int, float]:
    """Random boards for ``budget`` seconds: (time to the first success or None, boards tried,
    best J)."""
    rng = np.random.default_rng(seed)
    began = time.monotonic()
    tried, best = 0, float("inf")
    assert SPEC.target_turns is not None and SPEC.max_edge is not None
    while time.monotonic() - began < budget:
        board = random_board(
            int(rng.integers(2**63)), squares=SPEC.squares, ladders=SPEC.ladders, chutes=SPEC.chutes
        )
        tried += 1
        chain = build_chain(board)
        mean, sd = moments_from(chain, chain.row(board.start))
        edge = None
        near = abs(mean - SPEC.target_turns) <= TOLERANCE * SPEC.target_turns
        if near or not pruned:
            edge = np.array(first_seat_chances([chain], SPEC.players)[0] - 1.0 / SPEC.players)
        value = float(objective(SPEC, np.array(mean), np.array(sd), edge))
        # Without its edge a board's J is a lower bound; it only counts once the edge is known.
        if edge is not None:
            best = min(best, value)
            if near and edge <= SPEC.max_edge:
                return time.monotonic() - began, tried, best
    return None, tried, best


METHODS = ("design", "random", "random, pruned")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=30.0, help="seconds for each method and seed")
    args = parser.parse_args()
    print(f"budget {args.budget:g} s per method and seed; seeds 0-{args.seeds - 1}")
    times: dict[str, list[float]] = {method: [] for method in METHODS}
    spent = dict.fromkeys(METHODS, 0.0)
    for seed in range(args.seeds):
        report = design(SPEC, seed, time_limit=args.budget)
        dist = report.analysis.distribution
        spent["design"] += report.stats.seconds
        if report.met:
            times["design"].append(report.stats.seconds)
        line = (
            f"seed {seed}: design {'met' if report.met else 'NOT met'} in {report.stats.seconds:5.2f} s "
            f"({dist.mean:.4f} turns, sd {dist.sd:.2f}, edge {report.first_player_edge:.4%})"
        )
        for method in METHODS[1:]:
            found, tried, best = sample(seed, args.budget, pruned=method.endswith("pruned"))
            spent[method] += found if found is not None else args.budget
            if found is not None:
                times[method].append(found)
            took = f"{found:5.2f} s" if found is not None else f"NOT in {args.budget:g} s"
            line += f"; {method} {took} ({tried:,} boards, best J {best:.2f})"
        print(line)
    rates = {}
    for method in METHODS:
        met = times[method]
        median = statistics.median(met) if met else float("nan")
        # No success at all: the rate is bounded by one success in all the time given.
        rates[method] = max(len(met), 1) / spent[method]
        bound = "" if met else " (at most: none met)"
        print(
            f"{method:>15}: {len(met)}/{args.seeds} met, median time to success {median:.2f} s, "
            f"{rates[method]:.3f} successes per second{bound}"
        )
    for method in METHODS[1:]:
        print(f"design against {method}: {rates['design'] / rates[method]:.1f}x the successes per second")


if __name__ == "__main__":
    main()
