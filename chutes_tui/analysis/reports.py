"""Reports: every number a front end shows about a board, computed here and only formatted there.

* :class:`AnalyzeReport` -- ``chutes-tui analyze``: the length of a game and each seat's chance;
* :class:`SquareReport` -- what standing on one square means (``chutes-tui inspect`` and the
  app's inspector format the same report). A jump's tail is never where a turn ends, so for a
  tail the statistics are those of the square it sends you to (``statistics_from`` says which);
  its roll outcomes are still its own, as if a piece stood there;
* :class:`EditStats` -- what an edit did to the game (the editor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chutes_tui.model.board import Board, BoardError, jump_kind
from chutes_tui.model.edits import remove_jump
from chutes_tui.model.rules import JumpKind, move, rolls_again
from chutes_tui.model.turns import PieceState, Rolling, after_roll, beyond_rolls

if TYPE_CHECKING:
    import numpy as np

    from chutes_tui.analysis import Distribution, SeatOdds

# The reports' shapes are imported with the screens that show them (the app's game screen);
# the chain, the series and the odds (some twenty more modules, scipy among them) load when a
# report is made: each function below imports what it computes with.

WITHIN = (10, 20, 50)
PERCENTILES = (5, 10, 25, 50, 75, 90, 95, 99)


@dataclass(frozen=True, eq=False)
class AnalyzeReport:
    """One player's game length from ``start_square`` and ``players`` seats' chances to win."""

    board: Board
    start_square: int
    distribution: Distribution
    odds: SeatOdds
    players: int

    @property
    def percentiles(self) -> dict[str, int]:
        """``"q" → `` the smallest n with P(T ≤ n) ≥ q %."""
        return {str(q): self.distribution.quantile(q / 100) for q in PERCENTILES}

    def to_json(self) -> dict[str, Any]:
        dist = self.distribution
        return {
            "board": self.board.to_dict(),
            "start_square": self.start_square,
            "expected_turns": dist.mean,
            "sd_turns": dist.sd,
            "median_turns": dist.median,
            "mode_turns": dist.mode,
            "min_turns": dist.minimum,
            "percentiles": self.percentiles,
            "players": self.players,
            "seat_win_probability": list(self.odds.win),
            "expected_total_moves": self.odds.expected_total_moves,
            "expected_rounds": self.odds.expected_rounds,
        }


# ``analyze`` reads the distribution to its 99th percentile (percentiles, mode, fewest, the
# chart); mean and sd come from linear solves. Summing its series to 1e-15 instead took 141,000
# turns on a 10,000-square board (the seat odds then take what they need from the same series).
ANALYZE_TAIL = 1e-3


def analyze_report(board: Board, origin: int, players: int) -> AnalyzeReport:
    """Every figure ``chutes-tui analyze`` prints."""
    from chutes_tui.analysis import build_chain, finishing_distribution
    from chutes_tui.analysis.bump import game_odds

    chain = build_chain(board)
    return AnalyzeReport(
        board,
        origin,
        finishing_distribution(chain, origin, ANALYZE_TAIL),
        game_odds(board, [origin] * players, 0),
        players,
    )


@dataclass(frozen=True, eq=False)
class PositionsReport:
    """``analyze --positions``: players on any squares (seat 1 moves first): each seat's chance,
    each player's own expected turns left, and the expected rest of the game."""

    board: Board
    positions: tuple[int, ...]
    odds: SeatOdds
    turns_left: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.to_dict(),
            "positions": list(self.positions),
            "seat_win_probability": list(self.odds.win),
            "expected_turns_left": list(self.turns_left),
            "expected_total_moves": self.odds.expected_total_moves,
            "expected_rounds": self.odds.expected_rounds,
        }


def positions_report(board: Board, positions: tuple[int | PieceState, ...]) -> PositionsReport:
    """The game from ``positions`` (a tail stands for the square its jump leads to; a piece
    state, for a turn rule of issue 26 that needs memory, stands as it is)."""
    from chutes_tui.analysis import build_chain
    from chutes_tui.analysis.bump import game_odds
    from chutes_tui.analysis.single import moments_from
    from chutes_tui.analysis.states import square_of

    chain = build_chain(board)
    resting = tuple(
        square if isinstance(square, PieceState) else int(board.resolve[square]) for square in positions
    )
    left = tuple(
        0.0 if square_of(square) == chain.goal else moments_from(chain, chain.state(square))[0]
        for square in resting
    )
    return PositionsReport(board, tuple(map(square_of, positions)), game_odds(board, resting, 0), left)


@dataclass(frozen=True)
class RollOutcome:
    """What one face does as a turn's first roll from a square."""

    roll: int
    landing: int
    final: int
    jump: JumpKind | None
    lost: bool  # a move past the end the exact rule loses: the piece stays
    # The same turn goes on after it: the extra roll's top face, or a throw-again square reached.
    again: bool = False
    # What it does when it makes no move (issue 26's turn rules): "stays (this face does not enter)".
    unmoved: str = ""

    def describe(self) -> str:
        """``→ 16 chute → 4, then rolls again``; ``stays (needs an exact roll)``."""
        if self.unmoved:
            text = self.unmoved
        elif self.lost:
            text = "stays (needs an exact roll)"
        else:
            text = f"→ {self.landing}" + (f" {self.jump} → {self.final}" if self.jump is not None else "")
        return text + (", then rolls again" if self.again else "")


@dataclass(frozen=True)
class JumpImpact:
    tail: int
    head: int
    expected_with: float
    expected_without: float | None  # None: removing the jump makes the board unwinnable
    uses_per_game: float  # from the start (:mod:`.landings`)
    chance_of_use: float  # at least once in a game

    @property
    def kind(self) -> JumpKind:
        return jump_kind(self.tail, self.head)


# Why a square's report lists no rolls (the piece rests on the goal), in both front ends' words.
NO_ROLLS = "this is the goal, the game is over there"


@dataclass(frozen=True, eq=False)
class SquareReport:
    board: Board
    square: int
    statistics_from: int
    expected_turns: float
    sd_turns: float
    median_turns: int
    range_5_95: tuple[int, int]
    p_finish_within: dict[int, float]
    pmf: np.ndarray
    expected_visits: float
    p_visit: float
    roll_outcomes: list[RollOutcome]
    jump: JumpImpact | None
    win_probability: float | None
    opponent: int | None

    def sends(self) -> str:
        """Where a piece landing here is sent, in words: "a ladder to 10, then a chute to 5"
        (a chain of jumps followed to rest); empty when no jump starts here."""
        hops, square = [], self.square
        while square in self.board.jump_map:
            head = self.board.jump_map[square]
            hops.append(f"a {jump_kind(square, head).value} to {head}")
            square = head
        return ", then ".join(hops)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "square": self.square,
            "statistics_from": self.statistics_from,
            "expected_turns": self.expected_turns,
            "sd_turns": self.sd_turns,
            "median_turns": self.median_turns,
            "range_5_95": list(self.range_5_95),
            "p_finish_within": {str(n): p for n, p in self.p_finish_within.items()},
            "expected_visits": self.expected_visits,
            "p_visit": self.p_visit,
            "roll_outcomes": [
                {
                    "roll": o.roll,
                    "landing": o.landing,
                    "to": o.final,
                    "jump": o.jump.value if o.jump else None,
                    "rolls_again": o.again,
                }
                for o in self.roll_outcomes
            ],
            "jump": None
            if self.jump is None
            else {
                "from": self.jump.tail,
                "to": self.jump.head,
                "kind": self.jump.kind.value,
                "expected_turns_with": self.jump.expected_with,
                "expected_turns_without": self.jump.expected_without,
                "expected_uses": self.jump.uses_per_game,
                "chance_of_use": self.jump.chance_of_use,
            },
        }
        if self.opponent is not None:
            data["opponent"] = self.opponent
            data["win_probability"] = self.win_probability
        return data


def unreached(board: Board, square: int) -> str:
    """Why a square has no statistics: no turn ends where a piece landing there rests (a
    throw-again square: it rolls again), or no game ever lands there (the die skips it)."""
    where = int(board.resolve[square])
    if where in board.throw_again:
        return f"no turn ends on square {where}: a piece coming to rest there rolls again"
    return f"no game on {board.name} ever lands on square {square}: the rolls from the start never reach it"


def _roll_from(board: Board, square: int, roll: int) -> RollOutcome:
    """What one roll does from ``square``, as a turn's first roll: the board's tables, the extra
    roll after the top face (:func:`~chutes_tui.model.rules.rolls_again`); under a turn rule of
    issue 26 :func:`~chutes_tui.model.turns.after_roll` (a face that fails to enter moves
    nothing; the turn goes on when the next state is one within the turn)."""
    if not beyond_rolls(board):
        step = move(board, square, roll)
        return RollOutcome(roll, step.landing, step.final, step.jump, step.lost, rolls_again(board, step))
    after = after_roll(board, Rolling(square, square), roll)
    again = isinstance(after.next, Rolling)
    if not after.moves:  # a face that does not enter, a face added to a sum, a streak too long
        if after.penalty is not None:
            unmoved = f"→ {after.penalty} (a streak too long: placed there, no jump)"
            return RollOutcome(roll, after.penalty, after.penalty, None, False, again, unmoved)
        why = "added to the turn's sum" if board.sum_rolls and again else "this face does not enter"
        return RollOutcome(roll, square, square, None, False, again, f"stays ({why})")
    made = after.moves[0]
    return RollOutcome(roll, made.landing, made.final, made.jump, made.lost, again)


def inspect_square(board: Board, square: int, opponent: int | PieceState | None = None) -> SquareReport:
    """Everything about ``square``; ``opponent`` adds the two-player chance of a player to move
    standing here against an opponent there."""
    if not 0 <= square <= board.end or (square == 0 and board.start != 0):
        raise ValueError(f"square {square} is not on {board.name} (0..{board.end})")
    where = int(board.resolve[square])  # where a piece landing here rests (a chain followed)
    if where != board.goal_square and not board.is_standable(where):
        raise ValueError(unreached(board, square))
    from chutes_tui.analysis import build_chain, expected_from_start, finishing_distribution, visit_statistics
    from chutes_tui.analysis.landings import landings
    from chutes_tui.analysis.multi import two_player_probability
    from chutes_tui.analysis.states import square_of

    chain = build_chain(board)
    dist = finishing_distribution(chain, where)
    visits = visit_statistics(chain, board.start)
    # The rolls of a piece resting where a landing here leaves it, as the statistics are: no
    # piece stands on a jump's tail (rolls from it were listed, under a heading saying its
    # statistics are its head's), and none rolls on the goal.
    goal = where == board.goal_square
    outcomes = [] if goal else [_roll_from(board, where, roll) for roll in board.die.values]
    impact = None
    jump = board.jump_at(square)
    if jump is not None:
        try:
            after: float | None = expected_from_start(remove_jump(board, square))
        except BoardError:
            after = None
        impact = JumpImpact(
            jump[0], jump[1], expected_from_start(board), after, *landings(board).uses[jump[0]]
        )
    win = None
    if opponent is not None:
        win = two_player_probability(chain, where, opponent)
    ends = (dist.quantile(0.05), dist.quantile(0.95)) if where != board.goal_square else (0, 0)
    return SquareReport(
        board=board,
        square=square,
        statistics_from=where,
        expected_turns=dist.mean,
        sd_turns=dist.sd,
        median_turns=dist.median if where != board.goal_square else 0,
        range_5_95=ends,
        p_finish_within={n: dist.p_within(n) for n in WITHIN},
        pmf=dist.pmf,
        expected_visits=float(visits.expected[where]),
        p_visit=float(visits.probability[where]),
        roll_outcomes=outcomes,
        jump=impact,
        win_probability=win,
        opponent=None if opponent is None else square_of(opponent),
    )


# -- what an edit did --------------------------------------------------------------------------


@dataclass(frozen=True)
class EditStats:
    expected_turns: float  # nan: not worked out (``unsolved`` says why)
    change: float  # against the board the editing started from
    first_player_advantage: float | None  # P(first of two players wins) - 1/2 (None: ``unsolved``)
    unsolved: str = ""  # why a figure is not worked out (one line naming the limit)
    # The players choose (issue 27's decisions): the figures are the solvers', every player
    # choosing best (:mod:`chutes_tui.engine.boardfigures`).
    choosing: bool = False


def edit_length(board: Board, original: Board) -> tuple[float, float]:
    """An edited board's expected length, and its change from ``original``: one solve each
    (the edge needs a series, which on a board with a long tail may run long)."""
    from chutes_tui.analysis import expected_from_start

    mean = expected_from_start(board)
    return mean, mean - expected_from_start(original)


def edit_stats(board: Board, original: Board) -> EditStats:
    """What an edit did to the game: its expected length, and the first player's edge."""
    from chutes_tui.analysis.bump import game_odds

    mean, change = edit_length(board, original)
    first = game_odds(board, [board.start, board.start]).win[0]
    return EditStats(mean, change, first - 0.5)
