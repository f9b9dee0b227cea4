"""More than two players on a board with decisions, each playing for fewest turns (issue 27).

With three or more players ``cpu:best`` plays the one-player optimum (:mod:`.advice`): the
policy of fewest expected turns, each player on its own, whatever the others do. Without the
bump rule players never interact, so such a game's odds are exact: each player's finishing turn
follows that policy's chain from its place, the players independent, and the seats' chances
are the seat-odds sums over their finishing laws (:mod:`chutes_tui.analysis.policyodds`). The
live odds say so ("if all play for fewest turns": :func:`.live.assumed`). Under the bump rule
players interact, and the odds are a Monte Carlo estimate (:mod:`.estimate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chutes_tui.engine.advice import Standing, advice, finished, unsolved
from chutes_tui.model.board import Board
from chutes_tui.model.memo import MemoKey

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.analysis.policyodds import PolicyChain

# The one-player optimum's chain, kept with the board (numpy and scipy: imported when solved).
FEWEST_CHAIN: MemoKey[Board, PolicyChain] = MemoKey("fewest_chain")


def fewest_holds(board: Board, players: int) -> bool:
    """Whether a game of ``players`` on ``board`` has exact odds with every player playing for
    fewest turns: more than two of them, no bump, and the one-player model within the solvers'
    limits (counted, nothing built: a front end asks on its UI thread)."""
    return players > 2 and not board.bump and unsolved(board, 1) is None


def fewest_odds(board: Board, places: tuple[Standing, ...], to_move: int) -> SeatOdds:
    """Each seat's chance to win and the expected moves and rounds left, every player playing
    the one-player optimum from its place (:func:`fewest_holds` must hold)."""
    from chutes_tui.analysis.choices import Policy
    from chutes_tui.analysis.policyodds import policy_chain, seat_odds

    kept = advice(board, len(places))  # more than two players: the one-player optimum

    def solve() -> PolicyChain:
        assert kept.model is not None and kept.best_die is not None and kept.best_option is not None
        return policy_chain(kept.model, Policy(kept.best_die, kept.best_option))

    chain = board.memo.get(FEWEST_CHAIN, solve)
    goal = chain.size  # the states before the goal are 0..n-1
    return seat_odds(chain, [goal if finished(board, p) else kept.state(p) for p in places], to_move)
