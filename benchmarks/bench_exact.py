"""Exact arithmetic timings.

    python benchmarks/bench_exact.py

* the seed's 4,453-digit P(first player wins) on the standard board, end to end in a fresh
  interpreter (goal ≤ 1 s; the seed's elimination took 99 minutes to 9.3 hours);
* one more position once the board is prepared (goal ≤ 50 ms);
* the full exact two-player table (goal ≤ 10 s);
* how the first-player answer grows with board size (random boards, 50…400 squares).
"""

from __future__ import annotations

import subprocess
import sys
import time

from flint import fmpq

from chutes_tui.exact import exact_two_player
from chutes_tui.exact.chain import exact_chain
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board

END_TO_END = """
import time
began = time.perf_counter()
from chutes_tui.io.boardfile import load_board
from chutes_tui.exact import exact_two_player
answer = exact_two_player(load_board("standard")).first_player
print(time.perf_counter() - began, len(str(answer.p)), len(str(answer.q)))
"""


def main() -> None:
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

    print("growth with board size (random boards, 10% of squares on jumps):")
    for squares in (50, 100, 200, 400):
        jumps = squares // 20
        test_board = random_board(squares, squares=squares, ladders=jumps, chutes=jumps)
        exact_chain.cache_clear()
        began = time.perf_counter()
        answer = exact_two_player(test_board).first_player
        digits = len(str(answer.q))
        print(f"  {squares:4d} squares: {time.perf_counter() - began:7.2f} s ({digits:,}-digit denominator)")
        exact_two_player.cache_clear()


if __name__ == "__main__":
    main()
