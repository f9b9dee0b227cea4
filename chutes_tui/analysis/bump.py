"""The bump house rule: players interact, so the game is one Markov chain of every piece's square
and whose roll it is.

A state is ``(p_0, …, p_{K-1}, t)``: each seat's square (one of the ``n`` squares a piece can
rest on below the end) and the seat ``t`` about to roll, ``n^K·K`` states (13,448 for two
players on the standard board, 1.65 million for three). One step is one roll. Rolling face ``f``
(chance ``p_f``) the mover comes to rest on ``r = final(p_t, f)``:

* ``r`` is the end: seat ``t`` has won (absorbed);
* otherwise the pieces standing on ``r`` go back to the start (:func:`~chutes_tui.model.rules.
  bumped`: not on the start square, and the end never has anyone), and the next roll is the same
  seat's after the extra roll's top face, else the next seat's.

With ``P`` the transient part and ``w_k(s)`` the chance that seat ``k`` wins from ``s``,

    (I - P) w_k = r_k,   r_k(s) = Σ_f p_f [t(s) = k, final(p_t, f) = end],

and the expected rolls ``m`` solve ``(I - P) m = 1``; the expected rounds (turns of the seat to
move first, which is the winner's number of turns) and turns solve the same with a reward on
each roll that ends a turn. Without the rule the chain is K independent one-player chains and
these reproduce :func:`~chutes_tui.analysis.multi.seat_odds` (tested to 1e-12). Two players are
solved directly (sparse LU), three by Gauss–Seidel sweeps to a proven error below 1e-11.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain, roll_chain
from chutes_tui.analysis.length import GameLength, law_from
from chutes_tui.analysis.limits import BUMP_MAX_PLAYERS, BUMP_MAX_STATES
from chutes_tui.analysis.multi import SeatOdds, seat_odds
from chutes_tui.analysis.progress import SERIES_PROGRESS, in_process
from chutes_tui.analysis.states import Position, square_of
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.memo import MemoFamily
from chutes_tui.model.rules import bumped

if TYPE_CHECKING:
    import scipy.sparse as sp

# States: below, a sparse LU (two players); above, sweeps -- an LU's fill explodes with three
# players' chains (47,000 states took four minutes).
ITERATIVE_FROM = 20_000
# States from which the LU runs in a process of its own, which may be stopped (a second's start).
IN_PROCESS_FROM = 2_000
SWEEP_TOLERANCE = 1e-11  # a proven bound on every answer's error (the issue asks for 1e-10)
MAX_SWEEPS = 100_000


@dataclass(frozen=True, eq=False)
class JointChain:
    """The bump game's chain for ``players`` seats (see the module docstring)."""

    chain: Chain  # the one-player chain: its states are the squares a piece rests on
    players: int
    P: sp.csr_matrix  # states × states
    wins: np.ndarray  # states × players: the chance that this roll wins for each seat
    ends_turn: np.ndarray  # states: the chance that this roll ends the mover's turn
    mover: np.ndarray  # states: the seat about to roll
    # states from which the game may go on forever (pieces bumping each other back in a cycle
    # that no roll breaks); their rows of P are emptied so that I - P stays invertible
    endless: np.ndarray

    @property
    def size(self) -> int:
        return int(self.mover.size)

    def state(self, positions: Sequence[int], to_move: int) -> int:
        """The index of seats on ``positions`` (squares), seat ``to_move`` rolling next;
        :class:`BoardError` if the game may go on forever from there."""
        flat = 0
        for square in positions:
            flat = flat * self.chain.size + self.chain.row(square)
        index = flat * self.players + to_move
        if self.endless[index]:
            where = ", ".join(str(square) for square in positions)
            raise BoardError(
                f"under the bump rule on {self.chain.board.name}, {self.players} players on "
                f"{where} can bump each other back forever: no roll ever ends that game"
            )
        return index


# The board's joint chain for each count of players (a board under bump sets no turn rule of
# issue 26: the board refuses the two together, model/turnchecks.py).

JOINT_CHAIN: MemoFamily[int, Board, JointChain] = MemoFamily("bump_chain")


def joint_chain(board: Board, players: int) -> JointChain:
    """The joint chain of ``players`` seats (built once per board and player count)."""
    return board.memo.get(JOINT_CHAIN.at(players), lambda: _joint_chain(board, players))


def joint_size(board: Board, players: int) -> int:
    """The joint chain's states: every seat on a square it may rest on, and whose roll it is."""
    return (len(board.standable) - 1) ** players * players


def _joint_chain(board: Board, players: int) -> JointChain:
    import scipy.sparse as sp

    chain = roll_chain(board)  # one roll a step, on the squares a piece rests on
    n, k = chain.size, players
    size = joint_size(board, players)
    if size > BUMP_MAX_STATES:
        raise ValueError(
            f"{k} players under the bump rule on {board.name} make {size:,} joint states; "
            f"at most {BUMP_MAX_STATES:,} are solved (Monte Carlo estimates the rest)"
        )
    seats = np.indices((n,) * k, dtype=np.int64).reshape(k, -1).T  # n^k × k state indices
    squares = chain.squares[seats]  # the same, as squares
    start = chain.row(board.start)
    weights = np.array([n ** (k - 1 - j) for j in range(k)], dtype=np.int64)
    top = board.die.top_column
    rows, cols, data = [], [], []
    wins = np.zeros((size, k))
    ends_turn = np.zeros(size)
    report = SERIES_PROGRESS.get()  # told before each seat's face (three seats: seconds), may stop
    for t in range(k):
        here = np.arange(n**k) * k + t
        for f, p in enumerate(board.face_probabilities):
            if report is not None:
                report(0, 1.0)
            rest = board.roll_table[squares[:, t], f]
            won = rest == board.end
            wins[here[won], t] += p
            again = board.extra_roll and f == top
            ends_turn[here[won | (not again)]] += p
            keep = ~won
            moved = seats[keep].copy()
            moved[:, t] = chain.index[rest[keep]]
            others = np.delete(np.arange(k), t)
            sent = bumped(board, rest[keep][:, None], squares[keep][:, others])
            moved[:, others] = np.where(sent, start, moved[:, others])
            following = t if again else (t + 1) % k
            rows.append(here[keep])
            cols.append((moved @ weights) * k + following)
            data.append(np.full(int(keep.sum()), p))
    P = sp.csr_matrix(
        (np.concatenate(data), (np.concatenate(rows), np.concatenate(cols))), shape=(size, size)
    )
    P.sum_duplicates()
    endless = _endless(P, wins.sum(axis=1) > 0)
    if endless.any():
        P = (sp.diags((~endless).astype(np.float64)) @ P).tocsr()
        P.eliminate_zeros()
    mover = np.tile(np.arange(k), n**k)
    return JointChain(chain, k, P, wins, ends_turn, mover, endless)


def check_games_end(board: Board, players: int) -> None:
    """Refuse (:class:`BoardError`) a bump game of ``players`` seats that may never end.

    If from every square a game rests on the rolls lead to at least two different squares,
    every game ends: whatever the position, some sequence of rolls takes one piece along its
    path to the end while each other seat rolls to a square that is not that piece's. Otherwise
    (a die with one live face, say) the joint chain decides, where it is small enough to build.
    """
    table = board.roll_table[board.standable_squares]
    choiceless = (table == table[:, :1]).all(axis=1) & (board.standable_squares != board.end)
    if players < 2 or not choiceless.any():
        return
    try:
        joint_chain(board, players).state([board.start] * players, 0)
    except BoardError:  # it decided: some game never ends
        raise
    except ValueError:  # too many joint states to decide
        square = int(board.standable_squares[np.argmax(choiceless)])
        raise BoardError(
            f"under the bump rule on {board.name}, every roll from square {square} ends on the same "
            f"square, so {players} players may bump each other back forever; {players} players' "
            "joint chain is too large to rule it out"
        ) from None


def reachable_states(sources: np.ndarray, targets: np.ndarray, start: np.ndarray, n: int) -> np.ndarray:
    """Every state reachable from one of ``start`` along the edges ``sources[i] → targets[i]``:
    one breadth-first search (compiled: a joint chain has millions of edges) from an added node
    ``n`` linked to each of them."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order

    if start.size == 0:
        return start
    hub = np.full(start.size, n, dtype=np.int64)
    rows, cols = np.concatenate([sources, hub]), np.concatenate([targets, start])
    graph = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n + 1, n + 1))
    order = np.asarray(breadth_first_order(graph, n, directed=True, return_predecessors=False))
    return order[order < n]


def _endless(P: sp.csr_matrix, finishing: np.ndarray) -> np.ndarray:
    """The states from which the game ends with probability below one: those that can reach a
    state from which no path reaches a finishing roll. Every other state's future stays among
    such states and reaches the end, so the chain on them is absorbing."""
    size = P.shape[0]
    sources, targets = P.nonzero()
    backwards = partial(reachable_states, targets, sources, n=size)  # who can reach the given states
    can_finish = np.zeros(size, dtype=bool)
    can_finish[backwards(np.flatnonzero(finishing))] = True
    endless = np.zeros(size, dtype=bool)
    endless[backwards(np.flatnonzero(~can_finish))] = True
    return endless


def solve_direct(P: sp.csr_matrix, rhs: np.ndarray) -> np.ndarray:
    """``(I - P) x = rhs`` for each column of ``rhs`` by a sparse LU (in C that cannot stop
    midway: fifteen seconds for two players, two dice and the extra roll on the standard board)."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    system = (sp.identity(P.shape[0], format="csc") - P).tocsc()
    return np.asarray(splu(system).solve(rhs))


_direct = solve_direct  # the name the bump solves call (a test stands in for it)


def solve_by_sweeps(P: sp.csr_matrix, k: int, rhs: np.ndarray) -> np.ndarray:
    """Gauss–Seidel by seat: ``x ← rhs + P x`` one seat's states at a time, last seat first, so
    that each seat's update uses the next seat's values of this same sweep -- a sweep carries
    the answer a whole round back, where a plain iteration carries it one roll.

    The error after a sweep is ``N ρ`` with ``ρ = rhs + P x - x`` the residual and ``N = (I -
    P)⁻¹ ≥ 0``, whose rows sum to the expected rolls left; so ``|x - x*| ≤ ‖ρ‖ · max m``, with
    ``m* = m + N ρ_m`` the expected rolls (the last column): ``max m* ≤ max m / (1 - ‖ρ_m‖)``.
    The sweeps stop once that bound is below :data:`SWEEP_TOLERANCE` for every column.
    """
    size = P.shape[0]
    # Each seat's states made contiguous (the chain interleaves them), so that a seat's part of
    # x is a slice, not a gather and a scatter: that took twice as long as the products.
    order = np.concatenate([np.arange(t, size, k) for t in range(k)])
    P = P.tocsr()[order][:, order].tocsr()
    rhs = np.ascontiguousarray(rhs[order])
    part = size // k
    seats = [slice(t * part, (t + 1) * part) for t in range(k)]
    blocks = [P[seats[t]] for t in range(k)]  # each seat's rows, every column
    x = np.zeros_like(rhs)
    steps: list[float] = []  # the largest change of each sweep
    for sweep in range(MAX_SWEEPS):
        watched = sweep % 8 >= 4  # the last four sweeps of eight give the three ratios below
        before = x.copy() if watched else None
        for t in reversed(range(k)):
            x[seats[t]] = rhs[seats[t]] + blocks[t] @ x
        if before is None:
            continue
        change = x - before
        steps.append(float(np.abs(change).max()))
        if sweep % 8 != 7:
            continue
        # Once the changes shrink by a steady factor λ, the rest of the geometric series is
        # added at once (Aitken): the residual test below still decides, so nothing is assumed.
        ratios = [b / a for a, b in itertools.pairwise(steps[-4:]) if a > 0]
        if len(ratios) == 3 and max(ratios) < 1 and max(ratios) - min(ratios) < 1e-3 * max(ratios):
            factor = ratios[-1] / (1.0 - ratios[-1])
            x += change * factor
            steps.clear()
        residual = np.abs(rhs + P @ x - x).max(axis=0)
        report = SERIES_PROGRESS.get()
        if report is not None:  # a command line's progress line (and its Ctrl-C)
            report(sweep + 1, float(residual.max()))
        if residual[-1] < 0.5:
            most_rolls = float(x[:, -1].max()) / (1.0 - float(residual[-1]))
            if float(residual.max()) * most_rolls < SWEEP_TOLERANCE:
                answer = np.empty_like(x)
                answer[order] = x
                return answer
    raise ArithmeticError("the bump chain's sweeps did not settle")


@dataclass(frozen=True)
class BumpOdds:
    """Each seat's chance under the bump rule, and the expected rest of the game."""

    win: tuple[float, ...]
    expected_rolls: float
    expected_turns: float
    expected_rounds: float


def game_odds(board: Board, positions: Sequence[Position], to_move: int = 0) -> SeatOdds:
    """Each seat's chance and the expected moves and rounds left under the board's rules: the
    joint chain under the bump rule (several players), else the independent players' series."""
    if board.bump and len(positions) > 1:
        odds = bump_odds(board, [square_of(p) for p in positions], to_move)
        return SeatOdds(odds.win, odds.expected_rolls, odds.expected_rounds)
    return seat_odds(build_chain(board), positions, to_move)


def bump_odds(board: Board, positions: Sequence[int], to_move: int = 0) -> BumpOdds:
    """Seat odds and expected rolls, turns and rounds from ``positions`` under the bump rule."""
    k = len(positions)
    if k > BUMP_MAX_PLAYERS:
        raise ValueError(f"the bump rule's joint chain is solved for up to {BUMP_MAX_PLAYERS} players")
    if board.end in positions:
        return BumpOdds(tuple(float(square == board.end) for square in positions), 0.0, 0.0, 0.0)
    joint = joint_chain(board, k)
    solved = _solutions(board, joint)[joint.state(positions, to_move)]
    win = [float(solved[seat]) for seat in range(k - 1)]
    win.append(1.0 - sum(win))  # someone wins: the game ends with probability one
    rolls = float(solved[-1])
    if board.extra_roll:
        turns = solved[k - 1 : 2 * k - 1]
        return BumpOdds(tuple(win), rolls, float(turns.sum()), float(turns[to_move]))
    # One roll a turn: a game won by the seat j - 1 places after the mover ends on roll
    # m = K(r - 1) + j of round r, so E[r] = (E[m] - E[j]) / K + 1.
    offset = sum(chance * ((seat - to_move) % k + 1) for seat, chance in enumerate(win))
    return BumpOdds(tuple(win), rolls, rolls, (rolls - offset) / k + 1)


def state_odds(board: Board, players: int) -> np.ndarray:
    """Every joint state's chance for each seat (``states × players``), from the same solves as
    :func:`bump_odds` (a state from which the game may never end has none: its row says the
    last seat, and no game from a position the chain accepts comes there)."""
    joint = joint_chain(board, players)
    solutions = _solutions(board, joint)
    chance = np.empty((joint.size, players))
    chance[:, : players - 1] = solutions[:, : players - 1]
    chance[:, -1] = 1.0 - chance[:, :-1].sum(axis=1)
    return chance


def solved(board: Board, players: int) -> bool:
    """Whether every position's answers for ``players`` seats are already worked out (then a
    position costs a lookup; the first one costs the whole solve)."""
    return board.memo.has(BUMP_SOLUTIONS.at(players))


# Every joint state's answers (see :func:`_solutions`) for each count of players.
BUMP_SOLUTIONS: MemoFamily[int, Board, np.ndarray] = MemoFamily("bump_solutions")


def _solutions(board: Board, joint: JointChain) -> np.ndarray:
    """Every state's answers as columns: each seat's win but the last (theirs is the rest of 1),
    with the extra roll each seat's turns (the rounds when that seat moves first; summed, every
    turn), and last the rolls -- 2K columns with the extra roll, else K (one roll a turn: the
    rounds follow from the rolls and the winner, see :func:`bump_odds`).

    They solve ``(I - P) x = rhs``: by a sparse LU below :data:`ITERATIVE_FROM` states, else by
    :func:`solve_by_sweeps` (the last column of ones gives their error bound). Both may be stopped by the
    :data:`~chutes_tui.analysis.progress.SERIES_PROGRESS` report (a front end whose game is gone):
    the sweeps between sweeps; the LU, which cannot stop midway, from :data:`IN_PROCESS_FROM`
    states runs in a process of its own, killed then (:func:`~chutes_tui.analysis.progress.
    in_process`); below, it takes a moment."""

    def solve() -> np.ndarray:
        k = joint.players
        columns = [joint.wins[:, : k - 1]]
        if board.extra_roll:
            own_turns = np.zeros((joint.size, k))
            own_turns[np.arange(joint.size), joint.mover] = joint.ends_turn
            columns.append(own_turns)
        rhs = np.hstack([*columns, np.ones((joint.size, 1))])
        if joint.size >= ITERATIVE_FROM:
            return solve_by_sweeps(joint.P, joint.players, rhs)
        if joint.size < IN_PROCESS_FROM:
            return _direct(joint.P, rhs)
        return in_process(_direct, joint.P, rhs, name="bump chain's LU")

    return board.memo.get(BUMP_SOLUTIONS.at(joint.players), solve)


def bump_length(board: Board, positions: Sequence[int], to_move: int = 0, tail: float = 1e-15) -> GameLength:
    """The laws of the rolls and the rounds left under the bump rule, from ``positions``: the
    joint chain's distribution ``u_m = u_{m-1} P`` from the position's state, of which the
    winning rolls take ``Σ_k r_k`` each step. One roll a turn (the extra roll would make turns
    a law of its own), so the game ends in round ``⌈m / K⌉`` if it ends on roll ``m``, counted
    from the seat to move."""
    k = len(positions)
    if board.extra_roll:
        raise ValueError("the length under the bump rule is worked out without the extra roll")
    joint = joint_chain(board, k)
    finishing = joint.wins.sum(axis=1)
    u = np.zeros(joint.size)
    u[joint.state(positions, to_move)] = 1.0
    pmf, survival = [0.0], [1.0]
    PT = joint.P.T.tocsr()
    while survival[-1] >= tail:
        pmf.append(float(u @ finishing))
        u = PT @ u
        survival.append(float(u.sum()))
    # Survival never grows; summing u can wobble by an ulp (1.0, 0.9999999999999999, 1.0).
    rolls = law_from(np.array(pmf), np.minimum.accumulate(np.array(survival)))
    rounds_count = (len(pmf) - 1 + k - 1) // k + 1
    round_pmf = np.zeros(rounds_count)
    np.add.at(round_pmf, (np.arange(len(pmf)) + k - 1) // k, pmf)
    round_survival = 1.0 - np.cumsum(round_pmf)
    round_survival[-1] = max(round_survival[-1], 0.0)
    return GameLength(k, None, law_from(round_pmf, np.maximum(round_survival, 0.0)), rolls)
