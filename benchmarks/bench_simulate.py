"""Monte Carlo speed, side by side in one run: games per CPU-second (``time.process_time``).

    python benchmarks/bench_simulate.py [--games N]

* ``per roll``: the simulator as it was (one ``rng.integers`` per roll per game, compaction
  every 12 rolls), kept here as the reference;
* ``3 rolls/draw``: the plain-numpy alternative of the issue: one draw in [0, 216) is three
  rolls, a packed 216-outcome table gives the state after them and the turns they used;
* ``packed``: :func:`chutes_tui.sim.montecarlo.simulate_turns` (k rolls per draw, finishing
  turn read from the state, finished slots refilled);
* ``RNG limit``: the same ``rng.integers`` calls the packed simulator made (recorded), and
  nothing else: the games per second if drawing the random numbers were the only cost.

Goal: packed ≥ 3 rolls/draw in the same run. Memory: each method's peak of traced allocations
(numpy's included) and the process's peak RSS (``resource.getrusage``).
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.generate import random_board
from chutes_tui.sim.montecarlo import simulate_turns
from chutes_tui.sim.packed import plan_for


def per_roll(board: Board, games: int, rng: np.random.Generator) -> np.ndarray:
    """The simulator before several rolls per draw (commit 2f1ae8c), unchanged."""
    die = board.die.sides
    size = (board.end + 1) * die
    dtype = np.dtype(np.int16) if size + die < np.iinfo(np.int16).max else np.dtype(np.int32)
    table = (board.roll_table * die).astype(dtype).ravel()
    finished = dtype.type(board.end * die)
    origin = board.start * die
    top = die - 1
    results = np.empty(games, dtype=np.int32)
    done = 0
    while done < games:
        size = min(1 << 16, games - done)
        state = np.full(size, origin, dtype=dtype)
        turns = np.zeros(size, dtype=np.int32)
        index = np.arange(size)
        landing = np.empty(size, dtype=dtype)
        while state.size:
            for _ in range(12):
                rolls = rng.integers(0, die, state.size, dtype=dtype)
                playing = state != finished
                np.add(state, rolls, out=landing[: state.size])
                np.take(table, landing[: state.size], out=state)
                if board.extra_roll:
                    turns += playing & ((rolls != top) | (state == finished))
                else:
                    turns += playing
            over = state == finished
            if over.any():
                results[done + index[over]] = turns[over]
                keep = ~over
                state, turns, index = state[keep], turns[keep], index[keep]
        done += size
    return results


def three_rolls(board: Board, games: int, rng: np.random.Generator) -> np.ndarray:
    """The issue's alternative: a packed 216-outcome table (next state, turns used), a turn
    counter per game, compaction every 4 draws (12 rolls)."""
    die, end = board.die.sides, board.end
    codes = die**3
    step = np.asarray(board.roll_table)
    square = np.broadcast_to(np.arange(end + 1)[:, None], (end + 1, codes)).copy()
    used = np.zeros((end + 1, codes), dtype=np.int32)
    for i in range(3):
        face = (np.arange(codes) // die**i) % die
        playing = square != end
        square = step[square, face[None, :]]
        if board.extra_roll:
            used += playing & ((face[None, :] != die - 1) | (square == end))
        else:
            used += playing
    dtype = np.dtype(np.int16) if (end + 1) * codes < np.iinfo(np.int16).max else np.dtype(np.int32)
    table = (square * codes).astype(dtype).ravel()
    used_table = used.ravel()
    finished = dtype.type(end * codes)
    results = np.empty(games, dtype=np.int32)
    done = 0
    while done < games:
        size = min(1 << 16, games - done)
        state = np.full(size, board.start * codes, dtype=dtype)
        turns = np.zeros(size, dtype=np.int32)
        index = np.arange(size)
        here = np.empty(size, dtype=dtype)
        while state.size:
            for _ in range(4):
                np.add(state, rng.integers(0, codes, state.size, dtype=dtype), out=here[: state.size])
                turns += used_table.take(here[: state.size])
                np.take(table, here[: state.size], out=state)
            over = state == finished
            if over.any():
                results[done + index[over]] = turns[over]
                keep = ~over
                state, turns, index = state[keep], turns[keep], index[keep]
        done += size
    return results


class Recorder:
    """A generator that remembers the ``integers`` calls made of it, to replay them alone."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.calls: list[tuple[int, int, np.dtype]] = []

    def integers(self, low: int, high: int, size: int, dtype: np.dtype) -> np.ndarray:
        self.calls.append((high, size, dtype))
        return self.rng.integers(low, high, size, dtype=dtype)


def rng_limit(board: Board, games: int, rng: np.random.Generator) -> tuple[Callable[[], object], int]:
    recorder = Recorder(np.random.default_rng(0))
    simulate_turns(board, games, recorder)  # type: ignore[arg-type]
    calls = recorder.calls

    def replay() -> None:
        for high, size, dtype in calls:
            rng.integers(0, high, size, dtype=dtype)

    return replay, sum(size for _, size, _ in calls)


def cpu_rate(work: Callable[[], object], games: int, repeats: int = 3) -> float:
    """Games per CPU-second, the best of ``repeats`` (other processes only ever slow a run)."""
    best = float("inf")
    for _ in range(repeats):
        began = time.process_time()
        work()
        best = min(best, time.process_time() - began)
    return games / best


def peak_mb(work: Callable[[], object]) -> float:
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def compare(board: Board, games: int, label: str, reference: bool = True) -> None:
    rng = np.random.default_rng(1)
    plan = plan_for(board)
    methods: dict[str, Callable[[], object]] = {"packed": lambda: simulate_turns(board, games, rng)}
    if reference:
        methods["3 rolls/draw"] = lambda: three_rolls(board, games, rng)
        methods["per roll"] = lambda: per_roll(board, games, rng)
    replay, draws = rng_limit(board, games, rng)
    methods["RNG limit"] = replay
    simulate_turns(board, min(games, 100_000), rng)  # warm up (tables built and kept)
    rates = {name: cpu_rate(work, games) for name, work in methods.items()}
    print(
        f"\n{label}: {games:,} games, {plan.rolls} rolls per draw ({plan.codes} codes, "
        f"{plan.dtype}), {draws / games:.2f} draws per game"
    )
    for name, value in rates.items():
        ratio = value / rates["packed"]
        print(f"  {name:>13}: {value / 1e6:6.2f} M games per CPU-second  ({ratio:.2f}× packed)")
    if reference:
        print(
            f"  packed / per roll = {rates['packed'] / rates['per roll']:.2f}×, packed / 3 rolls/draw = "
            f"{rates['packed'] / rates['3 rolls/draw']:.2f}×, packed reaches "
            f"{rates['packed'] / rates['RNG limit']:.0%} of the RNG limit"
        )
        small = min(games, 1_000_000)
        for name, work in (
            ("packed", lambda: simulate_turns(board, small, rng)),
            ("3 rolls/draw", lambda: three_rolls(board, small, rng)),
            ("per roll", lambda: per_roll(board, small, rng)),
        ):
            print(f"  peak traced memory, {name}, {small:,} games: {peak_mb(work):.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2_000_000)
    games = parser.parse_args().games
    standard = load_board("standard")
    compare(standard, games, "standard")
    compare(standard.replace(extra_roll=True), games // 2, "standard, extra-roll rule")
    compare(load_board("standard-bounce"), games // 2, "standard-bounce")
    compare(load_board("classic-1952"), games // 2, "classic-1952", reference=False)
    compare(random_board(3, squares=1_000, ladders=60, chutes=60), games // 20, "random 1,000 squares")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nprocess peak RSS: {peak:.0f} MB")


if __name__ == "__main__":
    main()
