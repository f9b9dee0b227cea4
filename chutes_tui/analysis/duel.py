"""Two players with decisions (issue 27), in floats: a zero-sum stochastic game.

The state is both pieces' squares and whose turn it is; by symmetry (both play by the same
rules) one table serves: ``W[a, b]`` is the chance that the player to move, on state ``a``,
wins against the other on ``b``. The mover picks a die and, after the roll, an option
(:mod:`chutes_tui.analysis.choices`' arrays); an outcome ``a'`` is worth 1 when it is the goal,
else ``1 - W[b', a']`` (the other moves next; ``b'`` is ``b``, or the start when the bump rule
sends it there). So

    W[a, b] = max_d Σ_c chances[d, c] · max_o ½ Σ_k value(a, b, targets[a, d, c, o, k]),

and value iteration from ``W = 0`` rises to the game's value (Shapley 1953: a stochastic game
with perfect information has a value and stationary optimal policies). It stops when no entry
moves by more than :data:`DUEL_TOLERANCE`. A pair of stationary policies is evaluated by one
sparse solve: ``A[a, b]`` (the first policy's player to move) and ``B[b, a]`` (the second's),
``A[a, b] = Σ p(a') · (1 if a' is the goal else 1 - B[b', a'])`` and the same with the roles
swapped. The exact evaluation is :mod:`chutes_tui.exact.duel`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve

from chutes_tui.analysis.choices import Choices, Policy
from chutes_tui.analysis.limits import DUEL_ENDLESS_GAP, DUEL_MAX_OUTCOMES, DUEL_MAX_PAIRS, DUEL_MAX_SWEEPS

DUEL_TOLERANCE = 1e-12
WHY = "players here may send each other back for ever"


@dataclass(frozen=True, eq=False)
class DuelPolicy:
    """A stationary policy of the two-player game: ``die[a, b]`` and ``option[a, b, d, c]``
    for the mover on ``a`` against the other on ``b``."""

    die: np.ndarray  # (n, n)
    option: np.ndarray  # (n, n, D, C)


def check_size(model: Choices) -> None:
    """Refuse, in one line, a game with more pair states than :data:`DUEL_MAX_PAIRS`, or whose
    choices' outcomes (pair states × dice × faces × options × 2) exceed :data:`DUEL_MAX_OUTCOMES`."""
    check_pairs(model.n, model.targets[0].size, model.pawns)


def check_pairs(states: int, per_state: int, pawns: int = 1) -> None:
    """:func:`check_size` from the counts alone: one player's ``states`` and each state's
    outcomes of choices (nothing built)."""
    pairs = states**2
    each = f"{states:,} squares each" if pawns == 1 else f"{states:,} states of {pawns} pawns each"
    if pairs > DUEL_MAX_PAIRS:
        raise ValueError(
            f"two players make {pairs:,} pair states on this board ({each}); the "
            f"two-player solver handles up to {DUEL_MAX_PAIRS:,}"
        )
    outcomes = pairs * per_state
    if outcomes > DUEL_MAX_OUTCOMES:
        raise ValueError(
            f"two players make {outcomes:,} outcomes of choices on this board (pair states × dice × "
            f"faces × options × 2); the two-player solver handles up to {DUEL_MAX_OUTCOMES:,}"
        )


def lifted(policy: Policy, n: int) -> DuelPolicy:
    """A one-player policy played in the game: its choice on the mover's square, whatever the
    other's."""
    return DuelPolicy(np.repeat(policy.die[:, None], n, axis=1), np.repeat(policy.option[:, None], n, axis=1))


def others_of(model: Choices) -> np.ndarray:
    """``others[a, b, d, c, o, k]``: the other's state after the mover's outcome: under the bump
    rule its pieces on the square where the mover's piece came to rest go back to the start
    (:attr:`Choices.captured`; the goal and the start are never bumped from)."""
    n = model.n
    b = np.arange(n)[None, :, None, None, None, None]
    if not model.board.bump:
        return np.broadcast_to(b, (n, n, *model.targets.shape[1:]))
    return model.captured[b, model.rests[:, None]]


Outcomes = tuple[np.ndarray, np.ndarray]  # (:func:`outcomes_at`)


def outcomes_at(model: Choices, others: np.ndarray | None = None) -> Outcomes:
    """Where each outcome's worth lies in the flattened ``worth[b', a']`` of
    :func:`option_values` (``b' · (n + 1) + a'``), ``(n, n, D, C, O)`` for each side of the coin:
    the same for every table, so value iteration finds them once, not once a sweep."""
    others = others_of(model) if others is None else others
    at = others * (model.n + 1) + model.targets[:, None]
    return np.ascontiguousarray(at[..., 0]), np.ascontiguousarray(at[..., 1])


def option_values(
    model: Choices, table: np.ndarray, others: np.ndarray | None = None, outcomes: Outcomes | None = None
) -> np.ndarray:
    """``(n, n, D, C, O)``: each option's chance to win for the mover, against ``table``."""
    n = model.n
    worth = np.ones((n, n + 1))
    worth[:, :n] = 1.0 - table  # worth[b', a']: the other moves next, on b', against a'
    first, second = outcomes_at(model, others) if outcomes is None else outcomes
    flat = worth.ravel()
    return (flat.take(first) + flat.take(second)) / 2  # the mean of the two outcomes


def die_values(
    model: Choices, table: np.ndarray, others: np.ndarray | None = None, outcomes: Outcomes | None = None
) -> np.ndarray:
    """``(n, n, D)``: each die's chance to win, the best option taken after each roll."""
    values = option_values(model, table, others, outcomes)
    return _sum_last(model.chances[None, None] * _max_last(values))


# numpy reduces a short last axis element by element of the others: over a table of pair
# states, a max over two options or a sum over two faces took ten times the gather itself. These
# give the same floats column by column: a max is exact in any order, and numpy adds fewer than
# eight terms in order (longer ones pairwise, so they are left to it).
def _max_last(values: np.ndarray) -> np.ndarray:
    """``values.max(axis=-1)``."""
    best = values[..., 0]
    for column in range(1, values.shape[-1]):
        best = np.maximum(best, values[..., column])
    return best


def _sum_last(values: np.ndarray) -> np.ndarray:
    """``values.sum(axis=-1)``, the same floats."""
    if values.shape[-1] >= 8:
        return values.sum(axis=-1)
    total = values[..., 0].copy()
    for column in range(1, values.shape[-1]):
        total += values[..., column]
    return total


class EndlessDuelError(ValueError):
    """Two players may keep a game going for ever (value iteration repeats with period two)."""


def value_iteration(
    model: Choices, tolerance: float = DUEL_TOLERANCE, stop: Callable[[], object] | None = None
) -> tuple[np.ndarray, int]:
    """The game's value ``W`` by value iteration from 0, and the sweeps it took.

    The k-th sweep ``W_k`` is the game cut after k turns, an unfinished game counted as the
    mover's loss at the cut. Where every game ends the cuts converge to the value; where two
    players may keep each other from ever finishing (under the bump rule), the chance that the
    game is still going at the cut does not vanish and the odd and even cuts part: ``W_{k+1}``
    meets ``W_{k-1}`` within ``tolerance`` while ``W_k`` stays more than
    :data:`~.limits.DUEL_ENDLESS_GAP` away. That is :class:`EndlessDuelError`, at once; a
    :class:`ValueError` after :data:`~.limits.DUEL_MAX_SWEEPS`. ``stop`` is called between
    sweeps (it raises to stop the work: a front end's quit)."""
    check_size(model)
    outcomes = outcomes_at(model)
    table = before = np.zeros((model.n, model.n))
    for sweeps in range(1, DUEL_MAX_SWEEPS + 1):
        if stop is not None:
            stop()
        new = _max_last(die_values(model, table, None, outcomes))
        step = np.max(np.abs(new - table))
        if step <= tolerance:
            return new, sweeps
        if step > DUEL_ENDLESS_GAP and np.max(np.abs(new - before)) <= tolerance:
            raise EndlessDuelError(
                f"under the bump rule two {WHY}: their chances to win never settle (they "
                f"alternate by {step:.3f} with the turn a game is cut at)"
            )
        table, before = new, table
    raise ValueError(f"value iteration did not settle to {tolerance:g} in {DUEL_MAX_SWEEPS:,} sweeps: {WHY}")


def greedy(model: Choices, table: np.ndarray, prefer: DuelPolicy | None = None) -> DuelPolicy:
    """The policy taking the best die and options against ``table``; where ``prefer``'s choice
    is as good (within :data:`DUEL_TOLERANCE`) it is kept: ties go to it (the one-player optimum:
    a tie broken towards a die that may stand still could let both players stall for ever)."""
    values = option_values(model, table)
    option = values.argmax(axis=-1)
    best = (model.chances[None, None] * values.max(axis=-1)).sum(axis=-1)
    die = best.argmax(axis=-1)
    if prefer is not None:
        kept = np.take_along_axis(values, prefer.option[..., None], axis=-1)[..., 0]
        option = np.where(kept >= values.max(axis=-1) - DUEL_TOLERANCE, prefer.option, option)
        preferred = np.take_along_axis(best, prefer.die[..., None], axis=-1)[..., 0]
        die = np.where(preferred >= best.max(axis=-1) - DUEL_TOLERANCE, prefer.die, die)
    return DuelPolicy(die, option)


def moves(model: Choices, policy: DuelPolicy) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The policy's moves from every pair state ``a·n + b``: ``(rows, next pairs b'·n + a',
    chances)`` of the moves that do not win, and each state's chance to win at once."""
    n = model.n
    a, b = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    die = policy.die
    chosen = model.targets[a, die]  # (n, n, C, O, 2)
    picked = np.take_along_axis(chosen, policy.option[a, b, die][..., None, None], axis=3)[..., 0, :]
    others = others_of(model)[a, b, die]  # (n, n, C, O, 2)
    other = np.take_along_axis(others, policy.option[a, b, die][..., None, None], axis=3)[..., 0, :]
    chance = np.repeat((model.chances[die] / 2)[..., None], 2, axis=-1)  # (n, n, C, 2)
    rows = np.broadcast_to((a * n + b)[..., None, None], picked.shape)
    wins = picked == n
    won = np.where(wins, chance, 0.0).sum(axis=(-1, -2))
    keep = ~wins & (chance > 0)
    return rows[keep], other[keep] * n + picked[keep], chance[keep], won.ravel()


def evaluate(
    model: Choices, first: DuelPolicy, second: DuelPolicy | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """``(A, B)``: the chance that ``first``'s player wins when it is to move (``A[a, b]``, on
    ``a`` against ``second``'s on ``b``) and ``second``'s when it is (``B[b, a]``); ``second``
    defaults to ``first``."""
    check_size(model)
    pairs = model.n**2
    if second is None:
        rows, cols, chance, won = moves(model, first)
        system = sp.identity(pairs, format="csr") + sp.csr_matrix(
            (chance, (rows, cols)), shape=(pairs, pairs)
        )
        table = _solved(system, won + chance_sum(rows, chance, pairs)).reshape(model.n, model.n)
        return table, table
    blocks = []
    rhs = []
    for mover, offset_in, offset_out in ((first, 0, pairs), (second, pairs, 0)):
        rows, cols, chance, won = moves(model, mover)
        blocks.append(
            sp.csr_matrix((chance, (rows + offset_in, cols + offset_out)), shape=(2 * pairs, 2 * pairs))
        )
        rhs.append(won + chance_sum(rows, chance, pairs))
    system = sp.identity(2 * pairs, format="csr") + blocks[0] + blocks[1]
    solution = _solved(system, np.concatenate(rhs))
    return solution[:pairs].reshape(model.n, model.n), solution[pairs:].reshape(model.n, model.n)


def _solved(system: sp.csr_matrix, right: np.ndarray) -> np.ndarray:
    """The policy pair's chances; :class:`ValueError` when the system is singular: the pair may
    play for ever from some state (under the bump rule two players may send each other back for
    good), where a chance to win is not of this form."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns of a singular matrix: said below, in one line
        solution = spsolve(system.tocsc(), right)
    if not np.all(np.isfinite(solution)):
        raise ValueError(
            "these policies may play a game for ever (players sending each other back): not solved"
        )
    return solution


def chance_sum(rows: np.ndarray, chance: np.ndarray, pairs: int) -> np.ndarray:
    """Each state's chance of the moves that do not win (each is worth ``1 - B``: its 1 here)."""
    return np.bincount(rows, weights=chance, minlength=pairs)


def losses(model: Choices, table: np.ndarray, policy: DuelPolicy) -> np.ndarray:
    """``(n, n)``: how much of the chance to win ``policy``'s choice gives up on each pair state,
    against the game's value ``table`` (0 where it chooses as well as the best)."""
    values = option_values(model, table)
    a, b = np.meshgrid(np.arange(model.n), np.arange(model.n), indexing="ij")
    chosen = np.take_along_axis(
        values[a, b, policy.die], policy.option[a, b, policy.die][..., None], axis=-1
    )[..., 0]
    return table - (model.chances[policy.die] * chosen).sum(axis=-1)
