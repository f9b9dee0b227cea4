"""The yardstick of ``benchmarks/bench_fair.py``: four players' head starts on the standard
board found the plain way, every arrangement's seat odds worked out on its own by
``analysis.multi.seat_odds`` from the kept curves (81³ = 531,441 of them), the least largest gap
kept. It prints the arrangement, which must be ``fair``'s: seat 1 on 0, seats 2-4 on 6, 10, 8."""

from __future__ import annotations

import itertools

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.multi import seat_odds
from chutes_tui.io.boardfile import load_board

board = load_board("standard")
chain = build_chain(board)
squares = [int(square) for square in chain.squares if square >= board.start]
best = min(
    (max(abs(p - 1 / 4) for p in seat_odds(chain, [board.start, *later]).win), sum(later), later)
    for later in itertools.product(squares, repeat=3)
)
print(best)
assert best[2] == (6, 10, 8), best
