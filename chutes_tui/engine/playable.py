"""Whether a game can be played on a board with so many seats: the check a game makes when it is
set up, and the setup screen, the editor and the CLI make before they offer one."""

from __future__ import annotations

from chutes_tui.engine.choice import choices_problem
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.decisions import decides


def endless_problem(board: Board, players: int) -> str | None:
    """Why ``players`` seats on ``board`` might never finish a game (the bump rule with a die
    that leaves pieces no choice: they can send each other back forever), or cannot play the
    board's decisions (:func:`~.choice.choices_problem`), else ``None``. With decisions and the
    bump rule two players may keep each other from ever finishing, which the duel's value
    iteration finds (:func:`~.advice.endless_duel`: solved once, kept for the advice)."""
    if decides(board):
        problem = choices_problem(board)
        if problem is None and board.bump and players == 2:
            from chutes_tui.engine.advice import endless_duel  # the duel solver: such boards only

            problem = endless_duel(board)
        return problem
    if not board.bump or players < 2:
        return None
    from chutes_tui.analysis.bump import check_games_end  # scipy: only for such boards

    try:
        check_games_end(board, players)
    except BoardError as error:
        return error.reason
    return None
