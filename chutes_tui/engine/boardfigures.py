"""A board's figures as the setup's preview and the editor show them, on any board.

Without decisions they are the chain's (:func:`chutes_tui.analysis.reports.edit_stats`): one
player's expected turns, and the first of two players' chance to win. With issue 27's decisions
every figure depends on the choices made; here every player chooses best:

* one player's expected turns are the fewest possible, the optimum ``V(start) = min_d D[start, d]``
  of the one-player solver (:mod:`.advice`: policy iteration; with pawns their joint model);
* the first of two players' chance is the duel's value ``W[start, start]``, both playing to win
  (:func:`.advice.duel_odds`).

Where a solver's state count passes its limit (:func:`.advice.unsolved`), or the game cannot play
the board's decisions at all (:func:`.choice.choices_problem`), the figure is not worked out and
the report says why in one line. Solving takes a while on a large board (a duel: a quarter of a
second on the standard board with Efron's dice), so a front end asks from a worker.
"""

from __future__ import annotations

import math
from dataclasses import replace

from chutes_tui.analysis.reports import EditStats
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides


def start_standing(board: Board) -> int | tuple[int, ...]:
    """Where a player starts: the start square, or with pawns each pawn on it."""
    return board.start if board.pawns == 1 else (board.start,) * board.pawns


def length_problem(board: Board) -> str | None:
    """Why one player's expected length is not worked out on a board with decisions (one line),
    else ``None`` (also on a board without decisions: the chain's mean always is)."""
    if not decides(board):
        return None
    from chutes_tui.engine.advice import unsolved
    from chutes_tui.engine.choice import choices_problem

    return choices_problem(board) or unsolved(board, 1)


def expected_length(board: Board) -> float:
    """One player's expected turns from the start: the chain's mean, or on a board with
    decisions the fewest possible (``nan``: :func:`length_problem` says why not)."""
    if not decides(board):
        from chutes_tui.analysis import expected_from_start

        return expected_from_start(board)
    if length_problem(board) is not None:
        return math.nan
    from chutes_tui.engine.advice import own_turns

    return own_turns(board, (start_standing(board),))[0]


def edit_stats(board: Board, original: Board) -> EditStats:
    """What an edit did: the expected length and its change from ``original``, and the first of
    two players' edge (see the module docstring)."""
    if not decides(board):
        from chutes_tui.analysis.reports import edit_stats as chain_stats

        if not decides(original):
            return chain_stats(board, original)
        stats = chain_stats(board, board)  # against a board with decisions: its optimum
        return replace(stats, change=stats.expected_turns - expected_length(original))
    mean = expected_length(board)
    change = mean - expected_length(original)
    problem = length_problem(board)
    if problem is None:
        from chutes_tui.engine.advice import unsolved

        problem = unsolved(board, 2)
    if problem is not None:
        return EditStats(mean, change, None, problem, choosing=True)
    from chutes_tui.engine.advice import duel_odds

    start = start_standing(board)
    win, _, _ = duel_odds(board, (start, start), 0)
    return EditStats(mean, change, win[0] - 0.5, choosing=True)
