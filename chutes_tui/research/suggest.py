"""The editor's suggestion: the one jump edit -- add a jump, remove one, or move one end of one
-- that brings a board's expected length closest to a target.

Every candidate edit is one row of the board's jump system, so all of them are evaluated at once
by :mod:`chutes_tui.analysis.incremental` (Sherman–Morrison, ``O(n)`` each): about 8,000 edits
on a 100-square board. The best one that makes a valid board (no chain, winnable) is proposed,
with its figures from a fresh analysis of the edited board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.incremental import JumpSystem, Moves, system_problem
from chutes_tui.analysis.limits import SUGGEST_MAX_SQUARES
from chutes_tui.analysis.reports import EditStats, edit_stats
from chutes_tui.analysis.single import moments_from
from chutes_tui.model.board import Board, BoardError, jump_kind
from chutes_tui.model.decisions import decides
from chutes_tui.model.edits import add_jump, remove_jump


@dataclass(frozen=True)
class Figures:
    """A board's expected length, its spread, and the first of two players' chance to win."""

    expected_turns: float
    sd: float
    first_player: float

    @staticmethod
    def of(board: Board) -> Figures:
        chain = build_chain(board)
        stats: EditStats = edit_stats(board, board)
        assert stats.first_player_advantage is not None  # a board without decisions: the chain's
        return Figures(
            stats.expected_turns,
            moments_from(chain, chain.row(board.start))[1],
            0.5 + stats.first_player_advantage,
        )


@dataclass(frozen=True)
class Suggestion:
    """The edit proposed for ``target`` expected turns, and what it does."""

    target: float
    edit: str  # "add", "remove" or "move"
    description: str  # e.g. "move the head of the chute 62→19 to 25"
    board: Board  # the edited board
    before: Figures
    after: Figures
    candidates: int  # single-jump edits evaluated

    @property
    def improves(self) -> bool:
        return abs(self.after.expected_turns - self.target) < abs(self.before.expected_turns - self.target)


def suggest_problem(board: Board) -> str | None:
    """Why no suggestion can be worked out for ``board`` (``None``: one can)."""
    if decides(board):
        return "suggestions weigh a chain's expected length, which assumes nobody chooses (not on this board)"
    if board.end > SUGGEST_MAX_SQUARES:
        return (
            f"suggestions weigh every single-jump edit at once: boards of up to {SUGGEST_MAX_SQUARES:,} "
            f"squares (this one has {board.end:,})"
        )
    problem = system_problem(board)
    return None if problem is None else f"suggestions need {problem}"


def suggest_edit(board: Board, target: float) -> Suggestion:
    """The single jump edit bringing ``board``'s expected length closest to ``target``."""
    problem = suggest_problem(board)
    if problem is not None:
        raise ValueError(problem)
    system = JumpSystem(board)
    tails = {tail for tail, _ in board.jumps}
    ends = tails | {head for _, head in board.jumps}
    # A new tail: a square no jump uses (else a jump would land on a tail); a new head: any square
    # that is no tail (heads may be shared; the start only when it is square 0, off the board).
    free = np.array([s for s in range(1, board.end) if s not in ends and s != board.start], dtype=np.int64)
    heads = np.array(
        [s for s in range(0 if board.start == 0 else 1, board.end + 1) if s not in tails], dtype=np.int64
    )
    candidates: list[tuple[float, str, tuple[int, ...]]] = []

    def keep(moves: Moves, what: str, keys: list[tuple[int, ...]]) -> None:
        distance = np.abs(moves.mean - target)
        for i in np.flatnonzero(np.isfinite(distance)).tolist():
            candidates.append((float(distance[i]), what, keys[i]))

    keep(
        system.remove_moves(np.array(sorted(tails), dtype=np.int64)), "remove", [(t,) for t in sorted(tails)]
    )
    for tail, head in board.jumps:
        new_heads = heads[(heads != tail) & (heads != head)]
        keep(system.head_moves(tail, new_heads), "head", [(tail, int(h)) for h in new_heads])
        keep(system.tail_moves(tail, free), "tail", [(tail, int(t)) for t in free])
    for tail in free.tolist():
        new_heads = heads[heads != tail]
        keep(
            system.add_moves(np.full(new_heads.size, tail), new_heads),
            "add",
            [(tail, int(h)) for h in new_heads],
        )
    before = Figures.of(board)
    for _, what, key in sorted(candidates, key=lambda c: (c[0], c[1], c[2])):
        try:
            edited, description = _made(board, what, key)
        except BoardError:  # unwinnable after all: the next best
            continue
        edit = what if what in ("add", "remove") else "move"
        return Suggestion(target, edit, description, edited, before, Figures.of(edited), len(candidates))
    raise ValueError("no single jump edit makes a valid board")


def _made(board: Board, what: str, key: tuple[int, ...]) -> tuple[Board, str]:
    """The edited board and the edit in words."""
    if what == "remove":
        (tail,) = key
        head = board.jump_map[tail]
        return remove_jump(board, tail), f"remove the {jump_kind(tail, head).value} {tail}→{head}"
    if what == "add":
        tail, head = key
        return add_jump(board, tail, head), f"add a {jump_kind(tail, head).value} {tail}→{head}"
    tail, to = key
    head = board.jump_map[tail]
    moved = (to, head) if what == "tail" else (tail, to)
    others = tuple(jump for jump in board.jumps if jump[0] != tail)
    return (
        board.replace(jumps=(*others, moved)),
        f"move the {what} of the {jump_kind(tail, head).value} {tail}→{head} to {to} "
        f"({f'now a {jump_kind(*moved).value} ' if jump_kind(*moved) != jump_kind(tail, head) else ''}"
        f"{moved[0]}→{moved[1]})",
    )
