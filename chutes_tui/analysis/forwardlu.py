"""A sparse LU for this game's chains, whose rolls mostly move a piece up the board.

The chains list their states by square, ascending (a joint chain: by each seat's square in
turn), and a roll mostly leads to a higher square: most of ``I - P``'s entries lie on one side
of the diagonal, and the chutes' few on the other. Factored with the states in reversed order
and SuperLU's natural column order (partial pivoting kept), elimination follows the game
backwards from the goal and fills in little, where COLAMD's ordering ignores that structure:

* two players' joint chain on the standard board (13,122 states): 3.6 million factor entries
  against 4.8, factorised in 0.23 s against 0.47; the drama's matrices 3.0 against 4.3 million,
  0.17 s against 0.43;
* the folded chain of ``exact --bump`` (6,561 unknowns): 0.78 million against 1.55, each of the
  lifting's 1,400 solves 0.5 ms against 1.9 (with the extra roll 1.04 million against 3.88).

:class:`~chutes_tui.analysis.fundamental.Split` uses the same order for a one-player chain.
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
