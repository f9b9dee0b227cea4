"""``chutes-tui fair`` (head starts that even out K seats) on the standard board, each run a fresh
process (CPU seconds and peak memory of that process alone: ``os.wait4``), side by side with a
yardstick, the median of ``--runs`` runs:

* four players, every arrangement weighed as matrix products of the finishing curves, against
  ``benchmarks/reference/headstarts_naive.py``: the same 531,441 arrangements, each by ``seat_odds``;
* two and three players (every arrangement: 81 and 6,561), five and twelve (the pair search
  from nine starts) against ``analyze standard --players K``, one arrangement's odds.

    python benchmarks/bench_fair.py [--runs 3]

Measured on the shared 2-core machine (2026-11-30, one run, load average 13): four players
0.73 s CPU, 82 MiB against the yardstick's 38.4 s, 65 MiB (0.02×: the same answer, 53 times
sooner); against one ``analyze`` (0.41-0.48 s, 68 MiB): two players 0.47 s (1.15×), three
0.64 s (1.48×), five 0.85 s (2.0×, the pair search), twelve 10.6 s (22×, 33 pair search rounds
of 55 grids; with a BLAS thread per core it took 186 s of CPU there, hence ``fair``'s one thread).
"""

from __future__ import annotations

import argparse
import os
import sys

from bench_strategy import compare  # beside this file: fresh processes, side by side

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = [sys.executable, "-m", "chutes_tui"]


def fair(players: int) -> list[str]:
    return [*CLI, "fair", "standard", "--players", str(players), "--json"]


def analyze(players: int) -> list[str]:
    return [*CLI, "analyze", "standard", "--players", str(players), "--json"]


PAIRS = {
    "four players against each arrangement on its own": (
        fair(4),
        [sys.executable, os.path.join(HERE, "reference", "headstarts_naive.py")],
    ),
    **{f"{k} players against one analysis": (fair(k), analyze(k)) for k in (2, 3, 5, 12)},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    compare(PAIRS, parser.parse_args().runs)


if __name__ == "__main__":
    main()
