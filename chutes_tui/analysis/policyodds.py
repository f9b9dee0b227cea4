"""Players on a board with decisions who each follow a fixed stationary policy and never
interact (no bump, issue 27): each of them is an ordinary absorbing chain.

A stationary policy ``π`` (a die on every state and an option for every face of every die:
:class:`~.choices.Policy`) fixes one player's transition chances,

    Q_π[s, s'] = Σ_c p(d_π(s), c) · ½ Σ_k [targets[s, d_π(s), c, o_π(s, d_π(s), c), k] = s'],

the goal absorbing; ``r_π[s]`` is the chance of finishing from ``s`` in one turn (the last
column of :func:`~.choices.transitions`). A player's finishing turn ``T`` from state ``s`` has
that chain's law: ``S_0 = 1``, ``S_n = Q_π S_{n-1}``, ``f_1 = r_π``, ``f_n = Q_π f_{n-1}``
(:func:`~.single.finishing_curves`, one sparse product a turn). Players who never interact have
independent ``T_j``, so each seat's chance to win and the game's expected moves and rounds are
:mod:`.multi`'s sums over their curves in play order,

    P(j wins) = Σ_n f_j(n) · Π_{i<j} S_i(n) · Π_{i>j} S_i(n-1),

summed until ``Π_j S_j(N)`` falls below :func:`~.multi.survival_bound` (``k · P_N · t_max``
under 1e-15, ``t_max`` the largest expected turns of any state under ``π``, the policy's
values ``V_π = (I - Q_π)⁻¹ 1``), which bounds every remainder.

``cpu:best`` plays the one-player optimum, the policy of fewest expected turns, when three or
more players share a board (and for two beyond the duel solver's limits): this gives such a
game's seat odds exactly. Two players both playing one policy are also a pair of policies the
duel evaluates (:func:`~.duel.evaluate`); the tests check one against the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from chutes_tui.analysis.choices import Choices, Policy, expected_turns, transitions
from chutes_tui.analysis.limits import STRATEGY_TIE_POLICIES
from chutes_tui.analysis.multi import SeatOdds, odds_in_play_order, play_order, survival_bound, won
from chutes_tui.analysis.single import finishing_curves
from chutes_tui.analysis.ties import Ties, optimal_policies


@dataclass(frozen=True, eq=False)
class PolicyChain:
    """One player's absorbing chain under a fixed policy (what the finishing curves read), and
    each state's expected turns under it."""

    Q: sp.csr_matrix  # (n, n): a turn among the states before the goal
    finish: np.ndarray  # (n,): the chance of reaching the goal in one turn
    values: np.ndarray  # (n,): expected turns to the goal (finite: the policy is proper)

    @property
    def size(self) -> int:
        return int(self.finish.size)


def policy_chain(model: Choices, policy: Policy) -> PolicyChain:
    """The chain of ``policy`` on ``model``'s states (:class:`ValueError` when it may never
    finish from some state: an improper policy has no finishing law)."""
    moves = transitions(model, policy).tocsc()
    n = model.n
    values = expected_turns(model, policy)
    if not np.isfinite(values).all():
        raise ValueError("this policy may never reach the goal from some square: it has no finishing law")
    q = moves[:, :n].tocsr()
    finish = np.asarray(moves[:, n].todense()).ravel()
    return PolicyChain(q, finish, values)


def seat_odds(chain: PolicyChain, states: Sequence[int], to_move: int = 0) -> SeatOdds:
    """Each seat's chance to win and the expected moves and rounds left, every seat following
    the chain's policy from its state (``states[s]``; the goal is state ``chain.size``: that
    seat has won), seat ``to_move`` rolling next."""
    k = len(states)
    if not 0 <= to_move < k:
        raise ValueError(f"seat {to_move} is not one of the {k} seats")
    finished = [seat for seat, state in enumerate(states) if state == chain.size]
    if finished:
        return won(k, finished[0])
    if k == 1:
        mean = float(chain.values[states[0]])
        return SeatOdds((1.0,), mean, mean)
    order = play_order(k, to_move)
    rows = np.array([states[seat] for seat in order])
    # Each seat's own curves run until its own survival is below the bound; the product of k
    # of them is then far below it.
    curves = finishing_curves(chain, rows, survival_bound(k, float(chain.values.max(initial=1.0))))
    return odds_in_play_order(curves.survival, curves.pmf, order)


@dataclass(frozen=True)
class TieRange:
    """Each seat's least and greatest chance to win, and the expected moves in all, over every
    optimal policy of one player (all seats playing the same one, from the start)."""

    policies: int  # how many optimal policies were evaluated
    win: tuple[tuple[float, float], ...]  # per seat: (least, greatest)
    moves: tuple[float, float]


def tie_range(model: Choices, ties: Ties, players: int) -> TieRange | None:
    """The seats' odds over every optimal policy (:mod:`.ties`), each seat on the start, the
    first seat moving first; ``None`` beyond :data:`STRATEGY_TIE_POLICIES` policies."""
    if ties.count > STRATEGY_TIE_POLICIES:
        return None
    chains = [policy_chain(model, policy) for policy in optimal_policies(model, ties)]
    odds = _odds_from(chains, model.start, players)
    win = tuple((min(o.win[j] for o in odds), max(o.win[j] for o in odds)) for j in range(players))
    moves = [o.expected_total_moves for o in odds]
    return TieRange(len(odds), win, (min(moves), max(moves)))


def _odds_from(chains: Sequence[PolicyChain], state: int, players: int) -> list[SeatOdds]:
    """:func:`seat_odds` of each chain, every seat on ``state``, the first moving first. The
    chains' curves come from one chain of them all side by side (block diagonal: each policy's
    states reach only its own), one sparse product a turn for all where each policy's own
    product a turn took a thousand times scipy's overhead (1,025 policies with Efron's dice on
    the standard board: 0.8 s). The joined chain's largest expected turns bound every remainder
    of each, so each series is summed at least as far as alone."""
    if players == 1:
        return [seat_odds(chain, [state]) for chain in chains]
    n = chains[0].size
    joined = PolicyChain(
        sp.block_diag([chain.Q for chain in chains], format="csr"),
        np.concatenate([chain.finish for chain in chains]),
        np.concatenate([chain.values for chain in chains]),
    )
    rows = state + n * np.arange(len(chains))
    curves = finishing_curves(joined, rows, survival_bound(players, float(joined.values.max(initial=1.0))))
    order = play_order(players, 0)
    return [  # every seat's curves are the same row's
        odds_in_play_order(curves.survival[[i] * players], curves.pmf[[i] * players], order)
        for i in range(len(chains))
    ]
