"""The Woodbury split against the plain dense inverse of ``I - Q``."""

from __future__ import annotations

import numpy as np
import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.fundamental import fundamental_row, inverse_diagonal, split
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import EndRule
from chutes_tui.model.generate import random_board


def _boards():
    yield load_board("standard")
    yield load_board("standard-bounce")
    yield load_board("no-jumps")
    yield load_board("tiny-10")
    for seed, rule in enumerate(EndRule):
        yield random_board(seed, squares=60, ladders=4, chutes=6, die=4 + seed, end_rule=rule)
    yield load_board("standard").replace(extra_roll=True)


@pytest.mark.parametrize("board", list(_boards()), ids=lambda b: f"{b.name}-{b.end_rule.value}")
def test_diagonal_and_rows_match_the_dense_inverse(board):
    chain = build_chain(board)
    dense = np.linalg.inv(np.eye(chain.size) - chain.Q.toarray())
    assert np.allclose(inverse_diagonal(chain), dense.diagonal(), rtol=1e-12, atol=0)
    for row in {0, chain.size // 2, chain.size - 1}:
        assert np.allclose(fundamental_row(chain, row), dense[row], rtol=1e-11, atol=1e-13)


def test_the_backward_columns_are_the_chute_heads(standard):
    chain = build_chain(standard)
    heads = {head for tail, head in standard.jumps if head < tail}
    assert {int(chain.squares[c]) for c in split(chain).columns} == heads
    no_jumps = build_chain(load_board("no-jumps"))
    assert split(no_jumps).core is None  # exact rule, nothing goes back: N is A⁻¹ alone
