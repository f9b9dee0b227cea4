"""Live statistics: what the side panels show after each move -- every seat's chance to win,
the expected moves and rounds left, and each player's expected turns on their own.

Two regimes, both from the analysis core (so the app shows what ``chutes-tui analyze`` computes):

* **instant** boards keep every state's finishing curves (:func:`instant`); a position then
  costs a few vector operations, and the engine records its odds with every turn;
* on **any other** board a position needs its players' own series and their tail law
  (:mod:`chutes_tui.analysis.series`): about 0.1 s on a 10,000-square board, a second or two
  on 100,000. A front end asks :func:`live_stats` off its UI thread -- one position at a
  time, the newest first -- and answers the game from what it worked out: a game asks its
  :class:`StatsSource` for each position's statistics, and keeps odds found later with
  ``Game.record_odds``.

Positions recur (every panel asks for the position shown; a review steps back and forth through
a game), so the ``ODDS_CACHE_SIZE`` most recently asked for are kept with the chain -- no more:
``watch --loop`` meets thousands of new positions a minute.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, cast

from chutes_tui.analysis.limits import BUMP_MAX_PLAYERS, LIVE_ODDS_MAX_STATES, ODDS_CACHE_SIZE
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.errors import StopRequested
from chutes_tui.model.memo import MemoKey, Recent
from chutes_tui.model.turns import PieceState

if TYPE_CHECKING:
    from chutes_tui.analysis.chain import Chain
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.analysis.states import Position
    from chutes_tui.engine.advice import Standing
    from chutes_tui.engine.estimate import Estimate

    # Where a player stands as the odds see it: a square, a piece with a turn to miss, or with
    # pawns (model/decisions.py) each pawn's square by number.
    Placed = Position | tuple[int, ...]

# The analysis modules (the chain, the series, scipy) are imported by the functions that work
# statistics out: a game, and the app's first frame, start without them.

# Live figures are shown to a few digits: their closed-form tails may stop at this relative
# width (``analyze`` asks for 1e-13), which on long boards saves the extended-precision turns.
LIVE_TOLERANCE = 1e-9
# One position's series grow at a time, whichever thread asks: the game's feed and a review's
# worker may both work on one board's chain.
_ONE_AT_A_TIME = threading.Lock()


def odds_position(piece: PieceState) -> Position:
    """A piece as the odds see it: its square, or its piece state when it skips its next turn
    (the one memory a position keeps under issue 26's rules, the extended chain's state)."""
    return piece if piece.miss else piece.square


@dataclass(frozen=True)
class LiveStats:
    """One position's statistics."""

    positions: tuple[Placed, ...]  # a square, a piece state with a turn to miss, or pawns' squares
    to_move: int
    odds: SeatOdds
    turns_left: tuple[float, ...]  # each player's expected turns on their own (nan: not known)
    # On a board with decisions the solvers do not hold: the games the odds were estimated from
    # (:mod:`.estimate`; ``None``: exact)
    estimate: Estimate | None = None


# Whether a board's live statistics are instant (see :func:`instant`).
LIVE_INSTANT: MemoKey[Board, bool] = MemoKey("live_instant")


def instant(board: Board) -> bool:
    """Whether a position's statistics cost a few vector operations (every state's curves can
    be kept: not on a 1,000-square board with 5,000-turn games, see ``CURVES_MAX_VALUES``)."""

    def decide() -> bool:
        if decides(board):  # the solvers' values: solved once, then a look-up (unless estimated)
            return True
        from chutes_tui.analysis import build_chain
        from chutes_tui.analysis.multi import curves_affordable

        chain = build_chain(board)
        return chain.size <= LIVE_ODDS_MAX_STATES and curves_affordable(chain)

    return board.memo.get(LIVE_INSTANT, decide)


def estimated(board: Board, players: int) -> bool:
    """Whether a game's odds are a Monte Carlo estimate (:mod:`.estimate`): a board with
    decisions whose game of ``players`` the solvers do not hold (:func:`assumed` says what the
    odds assume of the players). Counted, nothing built: a front end asks on its UI thread."""
    if not decides(board):
        return False
    from chutes_tui.engine.advice import unsolved
    from chutes_tui.engine.fewest import fewest_holds

    return unsolved(board, players) is not None and not fewest_holds(board, players)


def assumed(board: Board, players: int, naive: bool = False) -> str:
    """What a game's odds on a board with decisions assume of its players, in words ("": a
    board without decisions, where nobody chooses): one player, and more than two (each on its
    own, :mod:`.fewest`; beyond the solvers too, :mod:`.estimate`), the fewest expected turns;
    two players within the duel solver's limits, the most wins (:mod:`.advice`). ``naive``: a
    seat is ``cpu:naive`` (the first die, the plain move), whom the odds still take to play so
    (every seat is assumed to play best): the words add ``, cpu:naive too``."""
    if not decides(board):
        return ""
    if players == 1:
        words = ONE_WORDS
    else:
        from chutes_tui.engine.advice import unsolved

        words = BOTH_WORDS if players == 2 and unsolved(board, 2) is None else FEWEST_WORDS
    return f"{words}, {NAIVE_TOO}" if naive else words


# What the odds of one player, of two playing to win, of several players each playing for
# fewest turns assume (28 columns: the status at 80 columns).
ONE_WORDS = "playing for fewest turns"
BOTH_WORDS = "if both play to win"
FEWEST_WORDS = "if all play for fewest turns"
# A cpu:naive seat is taken to play best as well (the status puts it on a line of its own).
NAIVE_TOO = "cpu:naive too"


def live_refusal(board: Board, players: int) -> str | None:
    """Why a game has no live odds at all (``None``: it has them, perhaps estimated)."""
    if board.bump and players > BUMP_MAX_PLAYERS and not decides(board):
        return BUMP_REFUSAL
    return None


BUMP_REFUSAL = (
    f"No live odds: under the bump rule they are worked out for up to {BUMP_MAX_PLAYERS} "
    "players (chutes-tui simulate --bump estimates more)"
)
# Shorter words for the phrases above, the longest first: a front end shows the first that fits
# (the status in the side panel: 55 columns at 160×50, 29 at 80×24, 17 at 60×20).
SHORTER: dict[str, tuple[str, ...]] = {
    ONE_WORDS: ("for fewest turns",),
    BOTH_WORDS: ("both play to win",),
    FEWEST_WORDS: ("all: fewest turns",),
    BUMP_REFUSAL: (
        f"No live odds under the bump rule past {BUMP_MAX_PLAYERS} players",
        f"No odds: bump, {BUMP_MAX_PLAYERS + 1}+ players",
        "No live odds",
    ),
}


def shorter(words: str) -> tuple[str, ...]:
    """``words`` (one of this module's phrases) in fewer, the longest first (none: it has no
    shorter form)."""
    return SHORTER.get(words, ())


def known_instant(board: Board, players: int = 1) -> bool:
    """Whether the board is known to be instant -- ``False`` while nothing has built its chain,
    which a front end does off its UI thread (the app's first frame needs no chain); under the
    bump rule, also while the joint chain of ``players`` is unsolved (about 23 s for three)."""
    if not (board.memo.has(LIVE_INSTANT) and instant(board)):
        return False  # the first frame's answer: asked before anything is imported for it
    if decides(board):
        return not estimated(board, players)
    if not board.bump or players == 1:
        return True
    from chutes_tui.analysis.bump import solved

    return solved(board, players)


# The statistics of the positions a chain's games met most recently, by (positions, to move).
LIVE_STATS: MemoKey[Chain, Recent[tuple[tuple[Position, ...], int], LiveStats]] = MemoKey("live_stats")
# Likewise on a board with decisions, which has no chain: kept with the board.
CHOOSING_STATS: MemoKey[Board, Recent[tuple[tuple[Placed, ...], int], LiveStats]] = MemoKey("choosing_stats")


class StatsSource(Protocol):
    """Where a game's statistics come from (``Game.stats_source``)."""

    def stats(self, board: Board, positions: tuple[Placed, ...], to_move: int) -> LiveStats | None:
        """The statistics of this position if they can be had now, else ``None``."""


class WhenInstant:
    """Statistics worked out when asked, on boards where that is instant (deciding that builds
    the board's chain): a game played in one thread, as the CLI and tests play it."""

    def stats(self, board: Board, positions: tuple[Placed, ...], to_move: int) -> LiveStats | None:
        if instant(board) and not estimated(board, len(positions)):
            return live_stats(board, positions, to_move)
        return None


class WhenKnownInstant:
    """Statistics worked out when asked only once the board is :func:`known_instant`: this never
    builds a chain (a game replayed for its dice, or played on for a front end that works its
    statistics out elsewhere)."""

    def stats(self, board: Board, positions: tuple[Placed, ...], to_move: int) -> LiveStats | None:
        if known_instant(board, len(positions)):
            return live_stats(board, positions, to_move)
        return None


WHEN_INSTANT = WhenInstant()
WHEN_KNOWN_INSTANT = WhenKnownInstant()


def live_stats(
    board: Board, positions: Sequence[Placed], to_move: int, stop: Callable[[], bool] | None = None
) -> LiveStats:
    """The statistics of one position. ``stop`` is asked every few hundred turns of a long series;
    when it says so, :class:`StopRequested` is raised (the series kept with the chain stay whole)."""
    if decides(board):  # kept with the board as a chain keeps its own (a game asks every turn)
        known_here = board.memo.get(CHOOSING_STATS, lambda: Recent(ODDS_CACHE_SIZE))
        placed = (tuple(positions), to_move)
        found = known_here.get(placed)
        if found is None:
            found = _choosing(board, placed[0], to_move, stop)
            known_here.put(placed, found)
        return found
    from chutes_tui.analysis import build_chain
    from chutes_tui.analysis.progress import series_progress

    chain = build_chain(board)
    known = chain.memo.get(LIVE_STATS, lambda: Recent(ODDS_CACHE_SIZE))
    key = (cast("tuple[Position, ...]", tuple(positions)), to_move)  # pawns are decisions
    stats = known.get(key)
    if stats is None:

        def check(turns: int, left: float) -> None:
            if stop is not None and stop():
                raise StopRequested

        with _ONE_AT_A_TIME, series_progress(check):
            stats = _compute(chain, key[0], to_move)
        known.put(key, stats)
    return stats


def _choosing(
    board: Board, positions: tuple[Placed, ...], to_move: int, stop: Callable[[], bool] | None
) -> LiveStats:
    """Players with decisions playing as :func:`assumed` says: one player's fewest expected
    turns (:func:`.advice.own_turns`), two players' chances (:func:`.advice.duel_odds`), more
    players each for fewest turns (:func:`.fewest.fewest_odds`); beyond the solvers, an
    estimate (:func:`_estimated`). Every position is a square, or each pawn's square: a board
    with decisions has no turn to miss (model/decisions.py's solver refuses issue 26's turn
    rules)."""
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.analysis.states import square_of
    from chutes_tui.engine.advice import duel_odds, own_turns

    places = tuple(p if isinstance(p, tuple) else square_of(p) for p in positions)
    own = own_turns(board, places)
    if estimated(board, len(places)):
        return _estimated(board, places, to_move, own, stop)
    if len(places) == 1:
        return LiveStats(positions, to_move, SeatOdds((1.0,), own[0], own[0]), own)
    if len(places) > 2:
        from chutes_tui.engine.fewest import fewest_odds

        return LiveStats(positions, to_move, fewest_odds(board, places, to_move), own)
    win, turns, rounds = duel_odds(board, places, to_move, stop)
    return LiveStats(positions, to_move, SeatOdds(win, turns, rounds), own)


def _estimated(
    board: Board,
    places: tuple[Standing, ...],
    to_move: int,
    own: tuple[float, ...],
    stop: Callable[[], bool] | None,
) -> LiveStats:
    """:data:`~chutes_tui.analysis.limits.LIVE_ESTIMATE_GAMES` games from here, every seat
    playing the one-player optimum (:mod:`.estimate`), seeded by the position (the same
    position, the same estimate); :class:`StopRequested` when ``stop`` says so."""
    from chutes_tui.analysis.limits import LIVE_ESTIMATE_GAMES
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.engine.estimate import StopEstimate, best_policy, estimate

    policy = best_policy(board)
    seed = zlib.crc32(repr((places, to_move)).encode())
    try:
        found = estimate(
            board,
            places,
            to_move,
            (policy,) * len(places),
            LIVE_ESTIMATE_GAMES,
            seed,
            None if stop is None else lambda done, games: stop(),
        )
    except StopEstimate:
        raise StopRequested from None
    win = tuple(found.chance(seat) for seat in range(len(places)))
    if len(places) == 1:
        own = (found.turns,)
    return LiveStats(places, to_move, SeatOdds(win, found.turns, found.rounds), own, found)


def _compute(chain: Chain, positions: tuple[Position, ...], to_move: int) -> LiveStats:
    if chain.board.bump and len(positions) > 1:
        return _bumping(chain, positions, to_move)
    return _independent(chain, positions, to_move)


def _bumping(chain: Chain, positions: tuple[Position, ...], to_move: int) -> LiveStats:
    """Under the bump rule players interact: the joint chain's answers (its first position
    solves it for every position: under two seconds for two players on the standard board,
    about forty for three -- in the front end's worker, which may stop it between sweeps)."""
    from chutes_tui.analysis.bump import game_odds

    # More seats than the joint chain solves never get here (live_refusal), and bump_odds says so.
    return LiveStats(
        positions, to_move, game_odds(chain.board, positions, to_move), _own_turns(chain, positions)
    )


def _own_turns(chain: Chain, positions: tuple[Position, ...]) -> tuple[float, ...]:
    """Each player's expected turns as if alone (the players table's "left")."""
    from chutes_tui.analysis.single import moments_from
    from chutes_tui.analysis.states import square_of

    return tuple(
        0.0
        if square_of(position) == chain.goal
        else moments_from(chain, chain.state(position), LIVE_TOLERANCE)[0]
        for position in positions
    )


def _independent(chain: Chain, positions: tuple[Position, ...], to_move: int) -> LiveStats:
    # LIVE_TOLERANCE only matters where the series' tail laws are used: instant boards keep every
    # state's curves and solve for their means, whatever tolerance is asked.
    from chutes_tui.analysis import seat_odds, two_player_table
    from chutes_tui.analysis.multi import two_player_table_affordable
    from chutes_tui.analysis.states import square_of

    odds = seat_odds(chain, positions, to_move, LIVE_TOLERANCE)
    over = any(square_of(position) == chain.goal for position in positions)
    if len(positions) == 2 and not over and two_player_table_affordable(chain):
        table = two_player_table(chain)
        mover = table.probability(positions[to_move], positions[1 - to_move])
        win = [0.0, 0.0]
        win[to_move], win[1 - to_move] = mover, 1.0 - mover
        odds = replace(odds, win=tuple(win))
    return LiveStats(positions, to_move, odds, _own_turns(chain, positions))
