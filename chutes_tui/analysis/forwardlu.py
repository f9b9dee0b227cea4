"""A sparse LU for this game's chains, whose rolls mostly move a piece up the board.

The chains list their states by square, ascending (a joint chain: by each seat's square in
turn), and a roll mostly leads to a higher square: most of a chain's entries lie on one side of
the diagonal, and the chutes' few on the other. Factored with the states in reversed order and
SuperLU's natural column order (partial pivoting kept), elimination follows the game backwards
from the goal and fills in little, where COLAMD's ordering ignores that structure. The folded
chain of ``exact --bump`` (6,561 unknowns on the standard board): 0.78 million factor entries
against 1.55, each of the lifting's 1,400 solves 0.5 ms against 1.9 (with the extra roll 1.04
million against 3.88). Its answers are exact whatever the floats guiding them.

The two players' joint chain and the drama's matrices gain as much (3.0-3.6 million entries
against 4.3-4.8, factorised in half the time), but their answers are floats that would move in
their last bits, and the seeded lead-change design (the README's 6.12 → 7.08) follows those bits
to another board: they keep COLAMD's order (analysis/bump.solve_direct).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu


class ForwardLU:
    """``A``'s LU (``A`` square, sparse), factored in reversed state order: module docstring."""

    def __init__(self, A: sp.spmatrix) -> None:
        reverse = np.arange(A.shape[0])[::-1]
        self._lu = splu(sp.csr_matrix(A)[reverse][:, reverse].tocsc(), permc_spec="NATURAL")
        self.entries = int(self._lu.L.nnz + self._lu.U.nnz)  # the factors' entries

    def solve(self, b: np.ndarray) -> np.ndarray:
        """``A⁻¹ b``, for ``b`` a vector or each column of ``b``."""
        return np.asarray(self._lu.solve(np.ascontiguousarray(b[::-1])))[::-1]
