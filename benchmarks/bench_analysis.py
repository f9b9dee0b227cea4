"""Analysis timings on a 100-square and a 10,000-square board.

    python benchmarks/bench_analysis.py

Prints seconds per step; nothing here is a pass/fail test. The 10,000-square board is a
seeded random board with 300 ladders and 300 chutes, so its chutes give the finishing time
a long tail: the distribution runs until that tail is below 1e-15.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from chutes_tui.analysis import (
    build_chain,
    expected_turns,
    finishing_distribution,
    seat_odds,
    two_player_table,
    visit_statistics,
)
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.generate import random_board


def timed(label: str, work: Callable[[], Any]) -> Any:
    began = time.perf_counter()
    result = work()
    print(f"  {label:<38} {time.perf_counter() - began:9.4f} s")
    return result


def bench(board: Board, table: bool) -> None:
    print(f"{board.name}: {board.end} squares, {len(board.ladders)} ladders, {len(board.chutes)} chutes")
    board = board.replace()  # a fresh board: nothing computed and kept with it yet
    chain = timed("build chain", lambda: build_chain(board))
    mean = timed("expected turns (sparse LU solve)", lambda: expected_turns(chain))
    dist = timed("finishing distribution (tail < 1e-15)", lambda: finishing_distribution(chain, board.start))
    timed("visits and visit probabilities", lambda: visit_statistics(chain, board.start))
    timed("seat odds, 2 players from the start", lambda: seat_odds(chain, [board.start] * 2))
    timed("seat odds, 4 players from the start", lambda: seat_odds(chain, [board.start] * 4))
    if table:
        timed("two-player table, every position", lambda: two_player_table(chain))
    print(f"  expected turns {mean[chain.row(board.start)]:.4f}, distribution length {dist.pmf.size}")


def edit_recompute(board: Board, edits: int = 50) -> None:
    """What the board editor does after each edit: a new board (validated), its chain, expected
    length, first-player edge and the turns-left overlay. Goal: ≤ 50 ms on 100 squares."""
    from chutes_tui.analysis.overlays import OverlayKind, overlay_values
    from chutes_tui.analysis.reports import edit_stats
    from chutes_tui.model.edits import add_jump
    from chutes_tui.research.hochman import free_squares

    free = [s for s in free_squares(board) if s < board.end]
    times = []
    for i in range(edits):
        tail, head = free[i % len(free)], free[(i * 7 + 3) % len(free)]
        if tail == head:
            continue
        began = time.perf_counter()
        try:
            edited = add_jump(board, tail, head)
        except BoardError:  # an invalid edit is refused, and not timed
            continue
        edit_stats(edited, board)
        overlay_values(edited, OverlayKind.TURNS_LEFT)
        times.append(time.perf_counter() - began)
    times.sort()
    print(
        f"editor: one edit's full recompute: median {times[len(times) // 2] * 1000:.1f} ms, "
        f"worst {times[-1] * 1000:.1f} ms over {len(times)} edits (goal ≤ 50 ms)"
    )


def main() -> None:
    bench(load_board("standard"), table=True)
    edit_recompute(load_board("standard"))
    bench(random_board(1, squares=10_000, ladders=300, chutes=300), table=False)


if __name__ == "__main__":
    main()
