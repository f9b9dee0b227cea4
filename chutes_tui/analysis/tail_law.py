r"""The geometric law of a finishing series' far tail: bounds on every term after a turn ``N``.

A law holds from turn ``N`` with ``S(N)`` and ``f(N+1)`` known, two decays ``σ_lo ≤ σ_hi`` and
a band ``β ≥ 0``: for every ``t ≥ 0``

    S(N+t) ∈ S(N)·[(1-σ_hi)^t / (1+β), (1-σ_lo)^t·(1+β)],

and the same for ``f(N+1+t)`` from ``f(N+1)``. The turn-by-turn series proves one with ``β = 0``
(:mod:`.series`, Collatz–Wielandt); the renewal series one with a band (:mod:`.laps`): there the
tail settles as a whole -- the laps' humps have merged -- rather than state by state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TailLaw:
    """The enclosure of the module docstring, from turn ``turn`` on."""

    turn: int
    survival: float  # S(N)
    following: float  # f(N+1)
    low: float  # σ_lo: the slowest decay, rounded down
    high: float  # σ_hi: the fastest, rounded up
    band: float = 0.0  # β

    @property
    def relative_width(self) -> float:
        return (self.high - self.low) / self.low

    def turns_until(self, tail: float) -> int:
        """How many more turns until even the upper law is below ``tail``."""
        upper = self.survival * (1.0 + self.band)
        if upper < tail:
            return 0
        return math.floor(math.log(tail / upper) / math.log1p(-self.low)) + 1

    def error(self, tail: float) -> float:
        """How far (relatively) the law's middle may be from any term before ``S`` is below
        ``tail``: its rates' spread over those turns and twice its band."""
        return self.turns_until(tail) * (self.high - self.low) + 2.0 * self.band

    def continued(self, tail: float) -> tuple[np.ndarray, np.ndarray]:
        """``(survival, pmf)`` for turns ``N+1 … N+T`` where ``S`` falls below ``tail``, on the
        middle law: within :meth:`error` of the truth, relatively."""
        sigma = (self.low + self.high) / 2
        t = np.arange(1, self.turns_until(tail) + 1, dtype=np.float64)
        decay = np.exp(t * math.log1p(-sigma))
        survival = self.survival * decay
        pmf = self.following * np.concatenate([[1.0], decay[:-1]])
        return survival, pmf
