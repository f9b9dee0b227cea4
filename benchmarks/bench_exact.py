"""Exact arithmetic timings.

    python benchmarks/bench_exact.py [--seed S] [--squares 200,400] [--skip-old-above N]

* the seed's 4,453-digit P(first player wins) on the standard board, end to end in a fresh
  interpreter (goal ≤ 1 s; the seed's elimination took 99 minutes to 9.3 hours);
* one more position once the board is prepared (goal ≤ 50 ms);
* the full exact two-player table (goal ≤ 10 s);
* old engine against new, side by side: P(first player wins) on random boards with 6 ladders and
  6 chutes (``chutes-tui boards random --seed S --squares N --ladders 6 --chutes 6``), each run in
  a fresh interpreter, CPU seconds and peak memory of that process alone (``os.wait4``), and
  whether the two fractions agree digit for digit. Goals: 200 squares ≤ 2 s and ≤ 200 MiB,
  400 squares ≤ 30 s and ≤ 400 MiB. The old engine (a dense rational solve for the
  autocorrelation and a dense Toeplitz matrix, in tests/unit/exact/reference.py) needs 6-9
  minutes and 9-18 GB at 400 squares depending on the board: ``--skip-old-above 300`` leaves
  it out there.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from flint import fmpq

from chutes_tui.exact import exact_two_player
from chutes_tui.io.boardfile import load_board

END_TO_END = """
import time
began = time.perf_counter()
from chutes_tui.io.boardfile import load_board
from chutes_tui.exact import exact_two_player
answer = exact_two_player(load_board("standard")).first_player
print(time.perf_counter() - began, len(str(answer.p)), len(str(answer.q)))
"""

# One measurement in a fresh interpreter: P(first player wins) on a random board, by the new
# engine (the package) or the old one (kept with the tests that hold the new one to it).
# Prints a digest of the fraction and its length.
FIRST_PLAYER = """
import hashlib, sys
from chutes_tui.model.generate import random_board
sys.path.insert(0, {root!r})
from tests.unit.exact.reference import reference_first_player
from chutes_tui.exact import exact_two_player
from chutes_tui.exact.chain import exact_chain
board = random_board({seed}, squares={squares}, ladders=6, chutes=6)
answer = reference_first_player(exact_chain(board)) if {old} else exact_two_player(board).first_player
text = str(answer.p) + "/" + str(answer.q)  # FLINT prints any length
print(hashlib.sha256(text.encode()).hexdigest()[:16], len(str(answer.q)))
"""


def measure(seed: int, squares: int, old: bool) -> tuple[float, float, str, str]:
    """CPU seconds, peak MiB, digest, denominator digits of one fresh run."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = FIRST_PLAYER.format(root=root, seed=seed, squares=squares, old=old)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    output = child.stdout.read()
    # wait4 gives this child's own usage (RUSAGE_CHILDREN would fold in every earlier run's peak).
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"measurement failed ({'old' if old else 'new'}, {squares} squares)")
    digest, digits = output.split()
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, digest, digits


def compare(seed: int, sizes: list[int], skip_old_above: int) -> None:
    print(
        f"old engine vs new, P(first player wins), random boards 6+6 jumps, seed {seed} (fresh interpreters):"
    )
    header = ("squares", "old CPU", "old peak", "new CPU", "new peak", "CPU ×", "memory ×")
    print("  {:>7}  {:>9} {:>10}  {:>8} {:>9}  {:>7} {:>8}".format(*header))
    for squares in sizes:
        new_cpu, new_mib, new_digest, digits = measure(seed, squares, old=False)
        if squares > skip_old_above:
            skipped = f"(old skipped; {digits}-digit fraction)"
            print(f"  {squares:>7}  {'-':>9} {'-':>10}  {new_cpu:7.2f}s {new_mib:7.0f}MiB  {skipped}")
            continue
        old_cpu, old_mib, old_digest, _ = measure(seed, squares, old=True)
        same = "identical" if old_digest == new_digest else "DIFFERENT"
        print(
            f"  {squares:>7}  {old_cpu:8.2f}s {old_mib:8.0f}MiB  {new_cpu:7.2f}s {new_mib:7.0f}MiB  "
            f"{old_cpu / new_cpu:6.1f}× {old_mib / new_mib:7.1f}×  ({digits}-digit fraction, {same})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--squares", default="200,400", help="comma-separated board sizes")
    parser.add_argument("--skip-old-above", type=int, default=10**9, help="no old-engine run above this size")
    args = parser.parse_args()

    done = subprocess.run([sys.executable, "-c", END_TO_END], capture_output=True, text=True, check=True)
    seconds, numerator, denominator = done.stdout.split()
    print(
        f"standard board, P(first wins) exactly ({numerator}/{denominator} digits): {float(seconds):.3f} s"
        " in a fresh interpreter, imports included (goal ≤ 1 s)"
    )

    board = load_board("standard")
    two = exact_two_player(board)
    first = two.first_player
    assert first > fmpq(1, 2)
    positions = [(30, 50), (5, 94), (77, 12), (99, 2), (41, 41)]
    began = time.perf_counter()
    for mover, opponent in positions:
        two.probability(mover, opponent)
    each = (time.perf_counter() - began) / len(positions) * 1000
    print(f"one more position after precompute: {each:.1f} ms (goal ≤ 50 ms)")

    began = time.perf_counter()
    table = two.table()
    print(f"full exact table, {table.nrows()}² positions: {time.perf_counter() - began:.2f} s (goal ≤ 10 s)")

    compare(args.seed, [int(s) for s in args.squares.split(",")], args.skip_old_above)


if __name__ == "__main__":
    main()
