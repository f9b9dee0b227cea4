"""The strategy solver (issue 27) on the standard board with Efron's four dice to choose from,
each run a fresh process (CPU seconds and peak memory of that process alone: ``os.wait4``),
side by side with a yardstick, the median of ``--runs`` runs:

* one player: ``strategy standard --dice-choice EFRON --json`` (exact policy iteration, its proof,
  value iteration, the naive policies) against ``benchmarks/reference/dice_search.py``, the
  Efron's-dice notebook's coordinate search written again (float solves only, no proof);
* two players: ``strategy … --players 2 --json`` (value iteration of the 6,561 pair states to
  1e-12, three sparse policy-pair evaluations) against ``exact standard --json`` (the classic
  game's exact two-player chance, a 4,453-digit fraction).

* pawns: two pawns each on the standard board, one player's joint model against ``analyze``;
  two players' duel of two pawns on tiny-10 against ``exact tiny-10``; two players of two pawns
  on the standard board (past the duel: a Monte Carlo estimate, 2 × 20,000 games) against
  ``simulate`` of 40,000 classic two-player games.

    python benchmarks/bench_strategy.py [--runs 3]

Measured on the shared 2-core machine (2026-11-25), median of 3: one player 0.82 s CPU, 77 MiB
against the search's 2.31 s, 26 MiB (0.35×: and the search's answer carries no proof); two
players 1.13 s, 90 MiB against exact's 0.34 s, 49 MiB (3.4×). Pawns (2026-11-28, one run, the
machine shared): one player's two pawns 1.72 s, 100 MiB against analyze's 0.48 s (3.6×); the
tiny-10 duel of two pawns 1.13 s, 99 MiB against exact's 0.21 s (5.3×); the standard board's
estimate 2.52 s, 100 MiB against simulate's 0.50 s for as many games (5.0×: each game's turn
looks its policy up, where simulate's packed tables roll several turns a draw).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

EFRON = "4,4,4,4,0,0 / 3,3,3,3,3,3 / 6,6,2,2,2,2 / 5,5,5,1,1,1"
HERE = os.path.dirname(os.path.abspath(__file__))
CLI = [sys.executable, "-m", "chutes_tui"]
PAIRS = {
    "one player": (
        [*CLI, "strategy", "standard", "--dice-choice", EFRON, "--json"],
        [sys.executable, os.path.join(HERE, "reference", "dice_search.py")],
    ),
    "two players": (
        [*CLI, "strategy", "standard", "--dice-choice", EFRON, "--players", "2", "--json"],
        [*CLI, "exact", "standard", "--json"],
    ),
    # Pawns: one player's joint model of two pawns (3,402 states, floats), two players' duel
    # of two pawns under bump on tiny-10 (1,936 pair states), and beyond the duel the estimate
    # (two runs of 20,000 games) beside the classic Monte Carlo of as many two-player games.
    "two pawns, one player": (
        [*CLI, "strategy", "standard", "--pawns", "2", "--json"],
        [*CLI, "analyze", "standard", "--json"],
    ),
    "two pawns, two players, tiny-10": (
        [*CLI, "strategy", "tiny-10", "--pawns", "2", "--players", "2", "--bump", "--json"],
        [*CLI, "exact", "tiny-10", "--json"],
    ),
    "two pawns, two players, estimated": (
        [*CLI, "strategy", "standard", "--pawns", "2", "--players", "2", "--json"],
        [*CLI, "simulate", "standard", "--players", "2", "--games", "40000", "--json"],
    ),
}


def measure(command: list[str]) -> tuple[float, float]:
    """CPU seconds and peak MiB of one fresh run of ``command``."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise SystemExit(f"{' '.join(command)} failed ({status})")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def compare(pairs: dict[str, tuple[list[str], list[str]]], runs: int) -> None:
    """Each pair's commands run side by side ``runs`` times: medians of CPU, peak and ratio."""
    for name, (ours, yardstick) in pairs.items():
        pairs = [(measure(ours), measure(yardstick)) for _ in range(runs)]
        cpu = statistics.median(a[0] for a, _ in pairs)
        ref = statistics.median(b[0] for _, b in pairs)
        peak = statistics.median(a[1] for a, _ in pairs)
        ref_peak = statistics.median(b[1] for _, b in pairs)
        ratio = statistics.median(a[0] / b[0] for a, b in pairs)
        print(
            f"{name}: {cpu:.2f} s CPU, {peak:.0f} MiB; "
            f"yardstick {ref:.2f} s, {ref_peak:.0f} MiB; ratio {ratio:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    compare(PAIRS, parser.parse_args().runs)


if __name__ == "__main__":
    main()
