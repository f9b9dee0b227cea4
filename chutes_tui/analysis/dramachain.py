r"""The joint chain a game's drama is counted on (:mod:`.drama`), and every state's odds.

A state is ``(p_0, …, p_{K-1}, t)``: each seat's piece state (a state of the one-player turn
chain, :mod:`.chain`: a square, or a piece state under a turn rule of issue 26) and the seat
``t`` about to move; its index is ``(Σ_i p_i n^{K-1-i})·K + t`` for ``n`` piece states, the
layout of the bump rule's chain (:mod:`.bump`). One step is one *turn* of the seat to move:

* without the bump rule the seats never interact, so the mover's piece takes one step of its
  own turn chain (``Q[p_t, j]``; ``finish[p_t]``: seat ``t`` has won, absorbed) and the next
  seat moves;
* under the bump rule the step is the bump chain's roll (:func:`.bump.joint_chain`), a turn when
  each turn is one roll; the extra roll makes a turn several steps of that chain, and is refused.

Every state's chances ``w_k(s)`` that seat ``k`` wins: without the bump rule from every piece
state's finishing curves (:func:`.multi.all_curves`), by the seat odds' sum (:mod:`.multi`),
in play order ``j`` from the mover,

    P(j wins) = Σ_{m≥1} f_j(m) · Π_{i<j} S_i(m) · Π_{i>j} S_i(m-1),

which for every state at once is one contraction a place ``j`` in the play order: with
``A_i = S[:, 1:]`` (``i < j``), ``F[:, 1:]`` (``i = j``), ``S[:, :-1]`` (``i > j``), the tensor
``T_j[x_0, …, x_{K-1}] = Σ_m Π_i A_i[x_i, m]`` (play-order coordinates; the same for every
mover, since every seat plays the same chain). Summed to the curves' horizon, where every
state's survival is below ``1e-15 / (K·t_max)``: each chance is short of its sum by less than
that. Under the bump rule the chances are the bump chain's solves (:func:`.bump.state_odds`).

**What the floats are worth.** Each chance is a dot product of at most ``N`` (the horizon, 1,604
on the standard board) non-negative terms summing to at most 1, over curves each computed by
``N`` sparse products with a float ``Q`` (rows of at most ``d`` entries, each within an ulp of
the true chance): the curves carry a relative error below ``N (d + 2) u`` and the sum adds
``N u`` (``u = 2⁻⁵³``), some ``1.6·10⁻¹²`` on the standard board, plus the series' remainder.
:data:`ODDS_ERROR` bounds both on every board the joint chain is built for (at most
:data:`~.limits.DRAMA_MAX_STATES` states, so ``N (d + 3) u`` stays below it for games shorter
than ``10⁵`` turns with a d100), and the favourites are decided outside it (:mod:`.drama`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain
from chutes_tui.analysis.limits import (
    CURVES_MAX_VALUES,
    DRAMA_MAX_PLAYERS,
    DRAMA_MAX_STATES,
    DRAMA_QUICK_STATES,
)
from chutes_tui.analysis.multi import all_curves, curves_affordable
from chutes_tui.analysis.states import Position
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.memo import MemoFamily

if TYPE_CHECKING:
    import scipy.sparse as sp

# A bound on every float chance's error (module docstring): far above the few 10⁻¹² the sums
# may be off by, far below any gap the favourites are decided on without an exact value.
ODDS_ERROR = 1e-10


class DramaError(ValueError):
    """A game whose drama the joint chain cannot count (its one line says why and which limit)."""


@dataclass(frozen=True, eq=False)
class DramaChain:
    """The joint chain of ``players`` seats (module docstring) and every state's chances."""

    board: Board
    chain: Chain  # the one-player chain: its states are a seat's piece states
    players: int
    P: sp.csr_matrix  # states × states: one turn
    wins: np.ndarray  # states × players: the chance that this turn wins, for each seat
    mover: np.ndarray  # states: the seat about to move
    chance: np.ndarray  # states × players: each seat's chance to win from the state

    @property
    def size(self) -> int:
        return int(self.mover.size)

    @property
    def pieces(self) -> int:
        """Piece states per seat (``n``)."""
        return self.chain.size

    def state(self, positions: tuple[Position, ...], to_move: int = 0) -> int:
        """The index of seats on ``positions`` (squares or piece states), ``to_move`` next."""
        flat = 0
        for position in positions:
            flat = flat * self.pieces + self.chain.state(position)
        return flat * self.players + to_move

    def start(self) -> int:
        """Every seat on the board's start, the first to move."""
        return self.state((self.board.start,) * self.players)

    def with_chance(self, chance: np.ndarray) -> DramaChain:
        """The same chain with other chances (an exact decision's, say)."""
        return replace(self, chance=chance)


def joint_states(board: Board, players: int) -> int:
    """How many states the joint chain of ``players`` seats has (nothing built but the states)."""
    from chutes_tui.analysis.states import chain_states

    return chain_states(board).size ** players * players


def check_drama(board: Board, players: int) -> None:
    """Refuse, in one line, a game the joint chain does not count (:class:`DramaError`)."""
    if not 2 <= players <= DRAMA_MAX_PLAYERS:
        raise DramaError(
            f"the joint chain counts the drama of 2-{DRAMA_MAX_PLAYERS} players "
            f"(DRAMA_MAX_PLAYERS), not {players}"
        )
    if decides(board):
        raise DramaError(
            "on a board with decisions the players' choices make the game: its drama is not counted"
        )
    if board.bump and board.extra_roll:
        raise DramaError(
            "under the bump rule the joint chain moves a roll at a time: with the extra roll a turn "
            "is several of them, and the drama is counted a turn at a time"
        )
    size = joint_states(board, players)
    if size > DRAMA_MAX_STATES:
        raise DramaError(
            f"{players} players on {board.name} make {size:,} joint states; the drama is worked "
            f"out on at most {DRAMA_MAX_STATES:,} (DRAMA_MAX_STATES)"
        )
    if not board.bump and not curves_affordable(build_chain(board)):
        raise DramaError(
            f"every state's odds on {board.name} would take more than {CURVES_MAX_VALUES:,} curve "
            "values (CURVES_MAX_VALUES)"
        )


def drama_quick(board: Board, players: int) -> bool:
    """Whether the drama is counted in a second or so (a front end's worker, without progress):
    a joint chain of at most :data:`~.limits.DRAMA_QUICK_STATES` states."""
    try:
        check_drama(board, players)
    except DramaError:
        return False
    return joint_states(board, players) <= DRAMA_QUICK_STATES


# The board's joint chain and odds for each count of players.
DRAMA_CHAIN: MemoFamily[int, Board, DramaChain] = MemoFamily("drama_chain")


def drama_chain(board: Board, players: int) -> DramaChain:
    """The joint chain of ``players`` seats with every state's chances (kept with the board)."""
    check_drama(board, players)
    return board.memo.get(DRAMA_CHAIN.at(players), lambda: _drama_chain(board, players))


def _drama_chain(board: Board, players: int) -> DramaChain:
    if board.bump:
        from chutes_tui.analysis.bump import joint_chain, state_odds

        joint = joint_chain(board, players)
        return DramaChain(
            board, joint.chain, players, joint.P, joint.wins, joint.mover, state_odds(board, players)
        )
    chain = build_chain(board)
    P, wins, mover = _turns(chain, players)
    return DramaChain(board, chain, players, P, wins, mover, _chances(chain, players))


def _turns(chain: Chain, k: int) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """The joint chain's turns without the bump rule: the mover's piece takes a step of ``Q``.

    Moving seat ``t`` from piece state ``i`` to ``j`` adds ``(j - i)·n^{K-1-t}`` to the flat
    index of the seats' states, so each state's row is its mover's row of ``Q``, shifted."""
    import scipy.sparse as sp

    n = chain.size
    flats = np.arange(n**k, dtype=np.int64)
    Q = chain.Q.tocsr()
    counts = np.diff(Q.indptr)
    rows, cols, data = [], [], []
    wins = np.zeros((n**k * k, k))
    for t in range(k):
        weight = n ** (k - 1 - t)
        piece = (flats // weight) % n
        here = flats * k + t
        wins[here, t] = chain.finish[piece]
        each = counts[piece]
        source = np.repeat(flats, each)
        # The entries of each source's row of Q: its row's start plus 0, 1, … within the row.
        within = np.arange(int(each.sum())) - np.repeat(np.cumsum(each) - each, each)
        entry = np.repeat(Q.indptr[piece], each) + within
        target = source + (Q.indices[entry] - np.repeat(piece, each)) * weight
        rows.append(source * k + t)
        cols.append(target * k + (t + 1) % k)
        data.append(Q.data[entry])
    size = n**k * k
    P = sp.csr_matrix(
        (np.concatenate(data), (np.concatenate(rows), np.concatenate(cols))), shape=(size, size)
    )
    return P, wins, np.tile(np.arange(k), n**k)


def _chances(chain: Chain, k: int) -> np.ndarray:
    """Every state's chance for every seat (module docstring): ``chance[s, seat]``."""
    curves = all_curves(chain)
    S, F = curves.survival, curves.pmf
    n = chain.size
    chance = np.empty((n**k, k, k))  # [flat, mover, seat]
    for j in range(k):
        factors = [S[:, 1:] if i < j else F[:, 1:] if i == j else S[:, :-1] for i in range(k)]
        merged = factors[0]
        for factor in factors[1:-1]:
            merged = (merged[:, None, :] * factor[None, :, :]).reshape(-1, merged.shape[1])
        tensor = (merged @ factors[-1].T).reshape((n,) * k)  # play-order coordinates
        for t in range(k):
            # Seat (t + i) % k is the i-th in play order: its axis goes to seat position.
            in_seats = np.moveaxis(tensor, list(range(k)), [(t + i) % k for i in range(k)])
            chance[:, t, (t + j) % k] = in_seats.reshape(-1)
    return chance.reshape(n**k * k, k)
