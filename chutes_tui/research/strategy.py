"""A board with decisions, solved (issue 27): the report the ``strategy`` verb shows.

One player: the exact optimum of the expected turns (:mod:`chutes_tui.exact.choices`: policy
iteration and its proof), value iteration's float beside it, the best choice on every square,
and naive policies (always the same die with the plain move, a random choice). Two players: the
duel (:mod:`chutes_tui.research.strategyduel`). Three or more players: each seat's chance when
every player plays for fewest turns (``cpu:best``'s policy then), exact without the bump rule
(:mod:`chutes_tui.analysis.policyodds`: the players are independent). Where the state counts
pass the solvers' limits (more pawns than the joint model holds, two players past the duel's
pair states), and for what no solver answers with three or more players (a player's best reply
to the others, naive play, the bump rule), the report says which limit, and gives a Monte Carlo
estimate (:mod:`chutes_tui.research.estimate`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis import choices as one
from chutes_tui.analysis.limits import STRATEGY_ESTIMATE_GAMES, STRATEGY_EXACT_STATES
from chutes_tui.analysis.multi import SeatOdds
from chutes_tui.analysis.pawns import model_size, pawn_words
from chutes_tui.analysis.policyodds import TieRange, policy_chain, tie_range
from chutes_tui.analysis.policyodds import seat_odds as policy_seat_odds
from chutes_tui.analysis.ties import TIE_BREAK, Ties, fewest_policy
from chutes_tui.engine.advice import duel_fits, one_player_model, unsolved
from chutes_tui.exact.choices import ExactOptimum, policy_iteration
from chutes_tui.exact.fractions import fraction_text
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import choice_dice
from chutes_tui.research.estimate import EstimatePart, estimate_part
from chutes_tui.research.strategyduel import DuelPart, Naive, duel_part, naive_duel, naive_policies


@dataclass(frozen=True)
class SquareChoice:
    """The best choice on one square: the die, and the option after each of its faces."""

    square: int
    die: int  # its index in the board's dice
    after: tuple[tuple[int, str], ...]  # (face, option words) for the die's faces
    turns: float  # expected turns left from here (one player, optimal)

    @property
    def label(self) -> str:
        """A few characters for a board cell: the die's letter, and what is done after the roll
        where it is not the plain move (``B`` ; ``A:2f``: flip after a 2)."""
        letter = chr(ord("A") + self.die)
        changed = [f"{face}{words[0]}" for face, words in self.after if words not in ("move", "forward")]
        return letter + (":" + ",".join(changed) if changed else "")


@dataclass(frozen=True)
class OnePlayer:
    """One player's optimum, solved: exactly where the states allow, and its proof."""

    exact: str | None  # the optimal expected turns, a fraction (None: beyond the exact limit)
    value: float
    iterated: float  # value iteration's
    sweeps: int
    iterations: int
    improvements: int
    slack: str | None
    ties: int
    squares: tuple[SquareChoice, ...]  # one pawn: the choice on each square (pawns: none)
    tie_break: str = TIE_BREAK  # which optimal policy is reported and played (cpu:best)
    tied: tuple[object, ...] = ()  # the squares (pawns: states) with several optimal choices
    optimal_policies: int = 1  # how many policies are optimal (they differ only on ``tied``)


@dataclass(frozen=True)
class StrategyReport:
    board: Board
    players: int
    dice: tuple[str, ...]
    options: tuple[str, ...]
    states: int  # one player's (counted, where too many to solve)
    one: OnePlayer | None  # None: more pawn states than the solvers hold (see ``estimate``)
    naive: tuple[Naive, ...]
    duel: DuelPart | None
    estimate: EstimatePart | None = None  # beyond the solvers' limits
    # Three or more players, no bump: every player playing for fewest turns, exactly
    fewest: SeatOdds | None = None
    # ... and the same over every optimal policy (None: more of them than
    # :data:`~chutes_tui.analysis.limits.STRATEGY_TIE_POLICIES`, or no ties)
    fewest_range: TieRange | None = None

    def to_json(self) -> dict[str, Any]:
        one = self.one
        data: dict[str, Any] = {
            "board": self.board.name,
            "players": self.players,
            "dice": list(self.dice),
            "options": list(self.options),
            "expected_turns": None
            if one is None
            else {"exact": one.exact, "float": one.value, "value_iteration": one.iterated},
            "proof": None
            if one is None
            else {
                "policy_iterations": one.iterations,
                "improvements": one.improvements,
                "least_slack": one.slack,
                "ties": one.ties,
                "tie_break": one.tie_break,
                "tied_squares": [_plain(square) for square in one.tied],
                "optimal_policies": one.optimal_policies,
            },
            "states": self.states,
            "policy": {} if one is None else {str(c.square): c.label for c in one.squares},
            "naive": {
                n.name: n.value if math.isfinite(n.value) else None for n in self.naive
            },  # None: never ends
        }
        if self.duel is not None:
            data["two_players"] = {
                key: value for key, value in vars(self.duel).items() if key != "differences"
            } | {"differences": [vars(d) for d in self.duel.differences]}
        if self.fewest is not None:
            data["fewest_turns_players"] = {
                "chances": list(self.fewest.win),
                "turns": self.fewest.expected_total_moves,
                "rounds": self.fewest.expected_rounds,
            }
            if one is not None and one.tied:  # the figures depend on the tie-break
                spread = self.fewest_range
                data["fewest_turns_players"]["over_optimal_policies"] = (
                    None
                    if spread is None
                    else {
                        "policies": spread.policies,
                        "chances": [list(pair) for pair in spread.win],
                        "turns": list(spread.moves),
                    }
                )
        if self.estimate is not None:
            data["estimate"] = self.estimate.to_json()
        return data


def _plain(square: object) -> object:
    """A state's squares for JSON (a pawn's square, or K pawns' as a list)."""
    return list(square) if isinstance(square, tuple) else square


def square_choice(board: Board, square: int) -> SquareChoice | None:
    """One pawn's best choice on ``square`` and its expected turns left playing best (the
    one-player optimum in floats, :mod:`chutes_tui.analysis.additive`: solved once, kept with
    the board); ``None`` where no game stands (a jump's tail, a square no roll reaches)."""
    from chutes_tui.analysis.additive import additive
    from chutes_tui.analysis.ties import first_least

    kept = additive(board)
    model = kept.model
    if square not in model.squares:
        return None
    s = model.squares.index(square)
    d = int(first_least(kept.dice(np.array([s]))))
    after = tuple(
        (int(model.faces[d, c]), model.options[int(first_least(kept.gains[s, d, c]))])
        for c in range(model.faces.shape[1])
        if model.chances[d, c] > 0
    )
    return SquareChoice(square, d, after, float(kept.values[s]))


def _choice(model: one.Choices, optimum: _Solved, s: int) -> SquareChoice:
    d = int(optimum.policy.die[s])
    after = tuple(
        (int(model.faces[d, c]), model.options[int(optimum.policy.option[s, d, c])])
        for c in range(model.faces.shape[1])
        if model.chances[d, c] > 0
    )
    return SquareChoice(model.squares[s], d, after, float(optimum.values[s]))


@dataclass(frozen=True)
class _Solved:
    """The one-player optimum, exact where the states allow (else in floats), and its check."""

    policy: one.Policy
    values: np.ndarray
    exact: str | None
    iterations: int
    improvements: int
    slack: str | None
    ties: int
    tied: Ties


def _solved(model: one.Choices) -> _Solved:
    s = model.start
    if model.n <= STRATEGY_EXACT_STATES:
        optimum: ExactOptimum = policy_iteration(model)
        slack = None if optimum.slack is None else fraction_text(optimum.slack)
        values = np.array([float(v) for v in optimum.values])
        exact = fraction_text(optimum.values[s])
        return _Solved(
            optimum.policy,
            values,
            exact,
            optimum.iterations,
            optimum.improvements,
            slack,
            optimum.ties,
            optimum.tied,
        )
    policy, values, iterations, tied = fewest_policy(model)
    improvements, least, ties = one.float_proof(model, policy, values)
    slack = None if least is None else f"{least:.3g}"
    return _Solved(policy, values, None, iterations, improvements, slack, ties, tied)


def strategy_report(
    board: Board,
    players: int = 1,
    games: int = STRATEGY_ESTIMATE_GAMES,
    seed: int = 0,
    progress: Callable[[int, int], bool] | None = None,
) -> StrategyReport:
    """Solve ``board`` for ``players``, where the state counts allow; beyond them, estimate it
    from ``games`` games a figure (``progress(done, of)``: the games played); :class:`BoardError`
    or :class:`ValueError` (one line) when it cannot be played at all."""
    dice = tuple(die.text for die in choice_dice(board))
    options = pawn_words(board) if board.pawns > 1 else one.choices(board).options
    beyond = unsolved(board, players)
    try:
        model = one_player_model(board)
    except ValueError:  # more pawn states than the solvers hold: estimated alone
        part = estimate_part(board, players, beyond or "", games, seed, progress)
        return StrategyReport(board, players, dice, options, model_size(board)[0], None, (), None, part)
    optimum = _solved(model)
    iterated, sweeps = one.value_iteration(model)
    s = model.start
    naive = []
    for name, policy in naive_policies(model):
        value = one.random_values(model)[s] if policy is None else one.expected_turns(model, policy)[s]
        naive.append(Naive(name, float(value)))
    squares = tuple(_choice(model, optimum, i) for i in range(model.n)) if board.pawns == 1 else ()
    solved = OnePlayer(
        optimum.exact,
        float(optimum.values[s]),
        float(iterated[s]),
        sweeps,
        optimum.iterations,
        optimum.improvements,
        optimum.slack,
        optimum.ties,
        squares,
        TIE_BREAK,
        tuple(model.squares[s] for s in optimum.tied.squares),
        optimum.tied.count,
    )
    duel = estimate = fewest = spread = None
    if players > 2 and not board.bump:  # independent players, each for fewest turns: exact
        chain = policy_chain(model, optimum.policy)
        fewest = policy_seat_odds(chain, [model.start] * players, 0)
        spread = tie_range(model, optimum.tied, players) if optimum.tied.squares else None
    if players == 2 and duel_fits(model):
        duel, best, _ = duel_part(model, optimum.policy)
        naive = naive_duel(model, best)
    elif players > 1:
        assert beyond is not None
        estimate = estimate_part(board, players, beyond, games, seed, progress)
    return StrategyReport(
        board, players, dice, options, model.n, solved, tuple(naive), duel, estimate, fewest, spread
    )
