"""Monte Carlo speed: vectorised numpy against a plain Python loop, in the same run.

    python benchmarks/bench_simulate.py

Goal: ≥ 3 million one-player games per second on one core (the seed notebook's Python did
about 10,000 per second).
"""

from __future__ import annotations

import random
import time

import numpy as np

from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.sim.montecarlo import simulate_turns


def plain_python(board: Board, games: int, seed: int) -> list[int]:
    """The seed notebooks' loop (exact end rule), written the obvious way."""
    rolls = random.Random(seed)
    jumps = board.jump_map
    results = []
    for _ in range(games):
        square, turns = board.start, 0
        while square != board.end:
            landing = square + rolls.randint(1, board.die)
            if landing <= board.end:
                square = jumps.get(landing, landing)
            turns += 1
        results.append(turns)
    return results


def rate(work, games: int) -> float:
    began = time.perf_counter()
    work(games)
    return games / (time.perf_counter() - began)


def main() -> None:
    board = load_board("standard")
    rng = np.random.default_rng(1)
    simulate_turns(board, 100_000, rng)  # warm up
    fast = max(rate(lambda n: simulate_turns(board, n, rng), 2_000_000) for _ in range(3))
    slow = rate(lambda n: plain_python(board, n, 1), 20_000)
    print(f"vectorised numpy: {fast:,.0f} games/s (goal ≥ 3,000,000)")
    print(f"plain Python loop: {slow:,.0f} games/s")
    print(f"ratio: {fast / slow:,.0f}×")
    for name in ("standard-bounce", "classic-1952"):
        other = load_board(name)
        print(f"{name}: {rate(lambda n, b=other: simulate_turns(b, n, rng), 1_000_000):,.0f} games/s")
    extra = board.replace(extra_roll=True)
    extra_rate = rate(lambda n: simulate_turns(extra, n, rng), 1_000_000)
    print(f"standard with the extra-roll rule: {extra_rate:,.0f} games/s")


if __name__ == "__main__":
    main()
