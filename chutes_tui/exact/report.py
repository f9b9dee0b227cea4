"""What ``chutes-tui exact`` prints: exact fractions and their decimals, or certain digits.

Two players: the expected length and P(first player wins) as fractions (optionally a given
position's chance and the seed's bounds after M moves). Three to twelve: every seat's chance to
as many certain digits as asked (:mod:`.seats`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flint import fmpq

from chutes_tui.exact.chain import exact_expected_turns
from chutes_tui.exact.fractions import decimal_digits, fraction_text
from chutes_tui.exact.two_player import exact_two_player, seed_bounds
from chutes_tui.model.board import Board

if TYPE_CHECKING:
    from chutes_tui.exact.seats import Enclosure


@dataclass(frozen=True, eq=False)
class ExactReport:
    board: Board
    digits: int
    expected_turns: fmpq
    first_player_wins: fmpq
    position: tuple[int, int] | None = None
    win_probability: fmpq | None = None
    bounds_moves: int | None = None
    bounds: tuple[fmpq, fmpq] | None = None

    def to_json(self) -> dict[str, Any]:
        first, digits = self.first_player_wins, self.digits
        data: dict[str, Any] = {
            "board": self.board.name,
            "expected_turns": fraction_text(self.expected_turns),
            "expected_turns_decimal": decimal_digits(self.expected_turns, digits),
            "first_player_wins": fraction_text(first),
            "first_player_wins_decimal": decimal_digits(first, digits),
            "first_player_wins_digits": {"numerator": len(str(first.p)), "denominator": len(str(first.q))},
        }
        if self.position is not None and self.win_probability is not None:
            data["position"] = list(self.position)
            data["win_probability"] = fraction_text(self.win_probability)
            data["win_probability_decimal"] = decimal_digits(self.win_probability, digits)
        if self.bounds is not None:
            lower, upper = self.bounds
            data["bounds"] = {
                "moves": self.bounds_moves,
                "lower": fraction_text(lower),
                "upper": fraction_text(upper),
                "lower_decimal": decimal_digits(lower, digits),
                "upper_decimal": decimal_digits(upper, digits),
            }
        return data


def exact_report(
    board: Board,
    digits: int,
    position: tuple[int, int] | None = None,
    bounds_moves: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> ExactReport:
    """``progress(done)`` follows the bounds' moves."""
    two = exact_two_player(board)
    win = two.probability(*position) if position is not None else None
    bounds = seed_bounds(board, bounds_moves, progress) if bounds_moves is not None else None
    return ExactReport(
        board, digits, exact_expected_turns(board), two.first_player, position, win, bounds_moves, bounds
    )


@dataclass(frozen=True, eq=False)
class EnclosureReport:
    board: Board
    players: int
    enclosures: list[Enclosure]
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.name,
            "players": self.players,
            "seat_win_probability": [e.text for e in self.enclosures],
            "certain_digits": [e.digits for e in self.enclosures],
            "rounds_summed": self.rounds,
        }


def enclosure_report(
    board: Board, players: int, digits: int, progress: Callable[[int, int], None] | None = None
) -> EnclosureReport:
    """Every seat's chance from the start to ``digits`` certain digits."""
    from chutes_tui.exact.seats import seat_enclosures  # gmpy2: two players need none of it

    enclosures, rounds = seat_enclosures(board, [board.start] * players, 0, digits, progress)
    return EnclosureReport(board, players, enclosures, rounds)
