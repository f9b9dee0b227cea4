"""Hochman (2014) and the experiments around it, computed from the chain (pure numpy).

* :func:`die_sides` -- expected length for die sizes 2..N (§6.1);
* :func:`start_squares` -- expected length from every square and where starting one square
  earlier is better (§6.3);
* :func:`add_jump_sweep` -- every single ladder or chute that could be added, its effect, and
  whether it defies intuition (§6.2), all candidates in one vectorised pass;
* :func:`best_first_roll`, :func:`jump_impact` -- what each first roll and each jump is worth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis import build_chain, expected_from_start, expected_turns
from chutes_tui.analysis.limits import ADD_JUMP_CHAIN_MAX_CANDIDATES, ADD_JUMP_MAX_SQUARES
from chutes_tui.model.board import Board, BoardError, jump_kind
from chutes_tui.model.edits import add_jump, remove_jump
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.rules import JumpKind
from chutes_tui.model.turnchecks import refuse_turn_rules
from chutes_tui.model.turns import turn_rules_set

Progress = Callable[[int, int], None]  # (done, total)


def die_sides(board: Board, largest: int, progress: Progress | None = None) -> list[tuple[int, float]]:
    """``(die, expected turns)`` for every die size from 2 to ``largest``; sizes that make the
    board unwinnable or invalid are left out."""
    rows = []
    for die in range(2, largest + 1):
        if progress is not None:
            progress(die - 2, largest - 1)
        try:
            rows.append((die, expected_from_start(board.replace(die=die))))
        except BoardError:
            continue
    return rows


@dataclass(frozen=True)
class StartSquares:
    expected: list[tuple[int, float]]  # every standable square below the end
    earlier_is_better: list[int]  # squares whose previous standable square is quicker


def start_squares(board: Board) -> StartSquares:
    """Expected turns from every square a turn can start on; and the squares ``s`` for which
    the standable square before ``s`` (skipping tails of jumps, as Hochman does) has a smaller
    expectation although it is further from the end."""
    chain = build_chain(board)
    mean = expected_turns(chain)
    squares = [int(s) for s in chain.squares]
    expected = [(s, float(mean[i])) for i, s in enumerate(squares)]
    # Equal expectations (96 and 97 on the standard boards both need one exact roll) must not
    # count: compare beyond the solver's rounding.
    tolerance = 1e-9 * float(mean.max(initial=1.0))
    earlier = [
        squares[i] for i in range(1, len(squares)) if squares[i] >= 1 and mean[i] > mean[i - 1] + tolerance
    ]
    return StartSquares(expected, earlier)


def best_first_roll(board: Board) -> list[tuple[int, int, float]]:
    """``(roll, square after the roll, expected turns in all)`` for each first roll (a turn of
    one roll: a turn rule of issue 26 may go on after it, so those boards are refused)."""
    refuse_turn_rules(board, "best-first-roll (a first roll that ends the turn)")
    chain = build_chain(board)
    mean = expected_turns(chain)
    rows = []
    for column, roll in enumerate(board.die.values):
        square = int(board.roll_table[board.start, column])
        rest = 0.0 if square == board.end else float(mean[chain.row(square)])
        rows.append((roll, square, 1.0 + rest))
    return rows


def jump_impact(
    board: Board, progress: Progress | None = None
) -> tuple[float, list[tuple[int, int, JumpKind, float | None]]]:
    """The expected length as it is, and with each jump removed (``None``: removing it makes the
    board unwinnable)."""
    base = expected_from_start(board)
    rows: list[tuple[int, int, JumpKind, float | None]] = []
    for done, (tail, head) in enumerate(board.jumps):
        if progress is not None:
            progress(done, len(board.jumps))
        kind = jump_kind(tail, head)
        try:
            rows.append((tail, head, kind, expected_from_start(remove_jump(board, tail))))
        except BoardError:
            rows.append((tail, head, kind, None))
    return base, rows


# -- adding one jump --------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    tail: int
    head: int
    expected_turns: float

    @property
    def kind(self) -> JumpKind:
        return jump_kind(self.tail, self.head)

    def counter_intuitive(self, base: float) -> bool:
        """A ladder that lengthens the game, or a chute that shortens it."""
        if self.kind is JumpKind.LADDER:
            return self.expected_turns > base
        return self.expected_turns < base


@dataclass(frozen=True)
class Sweep:
    base: float
    candidates: list[Candidate]
    min_length: int

    @property
    def counter_intuitive(self) -> list[Candidate]:
        return [c for c in self.candidates if c.counter_intuitive(self.base)]


def free_squares(board: Board) -> list[int]:
    """Board squares that are neither end of an existing jump (Hochman's "non-ladder squares")."""
    used = {square for jump in board.jumps for square in jump}
    return [s for s in range(1, board.end + 1) if s not in used]


def add_jump_sweep(
    board: Board, min_length: int = 1, *, shared_heads: bool = False, progress: Progress | None = None
) -> Sweep:
    """Expected length after adding each possible ladder or chute ``t → h`` between free squares
    with ``|h - t| ≥ min_length`` (``shared_heads``: ``h`` may also be an existing jump's head).

    Adding ``t → h`` changes one equation of ``(I - Q) E = 1``: square t is no longer where a
    turn ends but costs nothing more than h, so its row becomes ``E_t - E_h = 0`` with right-
    hand side 0. Sherman–Morrison then gives every candidate from the fundamental matrix
    ``N = (I - Q)⁻¹`` of the unchanged board:

        E'_s = x_s - N_st (x_t - x_h) / (N_tt - N_ht),    x = E - N[:, t],

    where ``x_h = 0`` for ``h`` the end square. A zero denominator means the new board cannot
    be finished; such candidates are skipped. ``N`` is dense, so boards are limited to
    :data:`ADD_JUMP_MAX_SQUARES` squares. A head that no game reaches yet (a die that skips it)
    is no state of the chain: those candidates are boards analysed afresh (an unwinnable one
    skipped), which only such dice need. Under a turn rule of issue 26 a turn does not end
    where a landing on ``t`` is sent (a turn to miss there, a throw again, a turn going on), so
    ``E_t = E_h`` fails: each candidate is then a board analysed afresh on its own extended
    chain (:func:`_sweep_afresh`: ``progress`` is told of each).
    """
    if turn_rules_set(board):
        return _sweep_afresh(board, min_length, shared_heads, progress)
    if board.end > ADD_JUMP_MAX_SQUARES:
        raise ValueError(
            f"the add-jump sweep needs the dense inverse of the chain and every pair of squares: "
            f"at most {ADD_JUMP_MAX_SQUARES:,} squares (this board has {board.end:,})"
        )
    chain = build_chain(board)
    n = chain.size
    fundamental = np.linalg.inv(np.eye(n) - chain.Q.toarray())
    mean = fundamental.sum(axis=1)
    s = chain.row(board.start)
    free = free_squares(board)
    tails = [t for t in free if t != board.end and t != board.start and chain.index[t] >= 0]
    tails_of_jumps = {tail for tail, _ in board.jumps}
    heads = sorted(set(free) | ({s for _, s in board.jumps} - tails_of_jumps if shared_heads else set()))
    head_rows = np.array([chain.index[h] if h != board.end else -1 for h in heads])
    head_squares = np.array(heads)
    candidates: list[Candidate] = []
    base = float(mean[s])
    unreached = [h for h, row in zip(heads, head_rows.tolist(), strict=True) if row < 0 and h != board.end]
    head_rows = np.where(np.isin(head_squares, unreached), -2, head_rows)  # -1: the end, -2: afresh
    for t in tails:
        j = chain.row(t)
        x = mean - fundamental[:, j]
        xh = np.where(head_rows >= 0, x[np.maximum(head_rows, 0)], 0.0)
        nht = np.where(head_rows >= 0, fundamental[np.maximum(head_rows, 0), j], 0.0)
        denominator = fundamental[j, j] - nht
        with np.errstate(divide="ignore", invalid="ignore"):
            new = x[s] - fundamental[s, j] * (x[j] - xh) / denominator
        usable = (np.abs(head_squares - t) >= min_length) & (head_squares != t)
        usable &= np.abs(denominator) > 1e-9
        usable &= np.isfinite(new) & (new > 0)
        usable &= head_rows != -2
        candidates.extend(
            Candidate(t, int(h), float(e)) for h, e in zip(head_squares[usable], new[usable], strict=True)
        )
        candidates.extend(_afresh(board, t, [h for h in unreached if abs(h - t) >= min_length and h != t]))
    candidates.sort(key=lambda c: (c.tail, c.head))
    return Sweep(base, candidates, min_length)


# Each added jump's expected length on a board with a turn rule, by (tail, head) (None: the
# edited board is refused): the sweep with shared heads then adds only what it has not seen.
AFRESH: MemoKey[Board, dict[tuple[int, int], float | None]] = MemoKey("add_jump_afresh")


def _sweep_afresh(board: Board, min_length: int, shared_heads: bool, progress: Progress | None) -> Sweep:
    """The sweep on a board with a turn rule of issue 26: every candidate ``t → h`` (the same
    squares as the one-roll sweep: ``t`` no end of a jump, not the start or the end; ``h`` as
    ``shared_heads`` says) a new board, its expected length solved on its own chain. A tail
    the rules refuse (the goal, a square a rule names) or an unwinnable board is skipped. At
    most :data:`ADD_JUMP_CHAIN_MAX_CANDIDATES` candidates with shared heads (a
    :class:`ValueError` naming it, before any is solved)."""
    free = free_squares(board)
    tails = [t for t in free if t not in (board.end, board.start)]
    shared = {s for _, s in board.jumps} - {tail for tail, _ in board.jumps}
    heads = sorted(set(free) | (shared if shared_heads else set()))
    pairs = [(t, h) for t in tails for h in heads if h != t and abs(h - t) >= min_length]
    # Counted with the shared heads whatever is asked: the command line asks for both sweeps.
    every = sum(1 for t in tails for h in set(free) | shared if h != t and abs(h - t) >= min_length)
    if every > ADD_JUMP_CHAIN_MAX_CANDIDATES:
        raise ValueError(
            f"under a turn rule each added jump is a new board solved on its own chain: at most "
            f"{ADD_JUMP_CHAIN_MAX_CANDIDATES:,} candidates (this board has {every:,} of length "
            f"≥ {min_length}: ask for longer jumps)"
        )
    known = board.memo.get(AFRESH, dict)
    for done, (tail, head) in enumerate(pairs):
        if progress is not None:
            progress(done, len(pairs))
        if (tail, head) not in known:
            found = _afresh(board, tail, [head])
            known[tail, head] = found[0].expected_turns if found else None
    candidates = [Candidate(t, h, e) for (t, h) in pairs if (e := known[t, h]) is not None]
    return Sweep(expected_from_start(board), candidates, min_length)


def _afresh(board: Board, tail: int, heads: list[int]) -> list[Candidate]:
    """Candidates ``tail → h`` evaluated on the edited board itself (unwinnable ones skipped)."""
    found = []
    for head in heads:
        try:
            edited = add_jump(board, tail, head)
        except BoardError:
            continue
        found.append(Candidate(tail, head, expected_from_start(edited)))
    return found


def candidate_readings(board: Board, min_length: int) -> dict[str, int]:
    """How many candidates other readings of "a jump that can be added" would count."""
    tails = {tail for tail, _ in board.jumps}
    every = range(1, board.end + 1)

    def count(starts: set[int], ends: set[int]) -> int:
        return sum(1 for t in starts for h in ends if t != h and abs(t - h) >= min_length)

    return {
        "any squares but the end as tail": count(set(every) - {board.end}, set(every)),
        "any square that is not a tail": count(set(every) - tails - {board.end}, set(every) - tails),
    }
