r"""``chutes-tui fair``: head starts that make K seats as equal as possible, reported exactly.

The search (:mod:`.headstarts`) ranks arrangements in floats. The report then takes every
arrangement within :data:`SLACK` of the best one's gap (floats cannot tell those apart) and
ranks them again on exact values, and gives each seat's chance, for identical starts and for
the head starts found:

* two players: exact fractions, ``P(seat 1 on a beats seat 2 on b)`` from the generating
  functions (:mod:`chutes_tui.exact.two_player`); seat 2's chance is one minus it;
* three or more: certain digits, an exact partial sum and a proven bound on the rest
  (:mod:`chutes_tui.exact.seats`), ranked by the enclosures' midpoints (two gaps closer than the
  digits asked for count as equal, and the head starts decide);
* past :data:`~chutes_tui.analysis.limits.EXACT_MAX_STATES` states, floats only: each series
  summed until its proven remainder is below ``1e-15`` (:mod:`chutes_tui.analysis.multi`).

Beside them: the least edge any board of this spread could have with identical starts
(:mod:`.edgebound`), against this board's own, to say how far head starts go beyond it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flint import fmpq

from chutes_tui.analysis.chain import build_chain
from chutes_tui.analysis.limits import EXACT_MAX_STATES
from chutes_tui.analysis.multi import seat_odds
from chutes_tui.analysis.single import moments_from
from chutes_tui.exact.fractions import decimal_digits, fraction_text
from chutes_tui.model.board import Board
from chutes_tui.research.edgebound import CITATION, edge_bound
from chutes_tui.research.headstarts import Found, Progress, Ranked, search

SLACK = 1e-12  # float gaps this close to the best are ranked again exactly
SHOWN = 5  # the arrangements listed besides the best


@dataclass(frozen=True)
class Chance:
    """One seat's chance: the float, and exactly (a fraction, or certain digits) when worked out."""

    value: float
    digits: str | None  # the decimal digits shown (every one certain)
    fraction: fmpq | None = None  # two players: the exact value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value, "digits": self.digits}
        if self.fraction is not None:
            data["fraction"] = fraction_text(self.fraction)
        return data


@dataclass(frozen=True)
class Seats:
    """An arrangement: each seat's start square (seat 1 first) and chance to win."""

    start: int
    squares: tuple[int, ...]
    chances: tuple[Chance, ...]

    @property
    def head_starts(self) -> tuple[int, ...]:
        return tuple(square - self.start for square in self.squares)

    @property
    def gap(self) -> float:
        """``max_k |P_k - 1/K|`` (floats)."""
        return max(abs(chance.value - 1 / len(self.squares)) for chance in self.chances)

    def to_json(self) -> dict[str, Any]:
        return {
            "squares": list(self.squares),
            "head_starts": list(self.head_starts),
            "seat_win_probability": [chance.value for chance in self.chances],
            "exact": [chance.to_json() for chance in self.chances] if self.chances[0].digits else None,
            "largest_gap": self.gap,
        }


@dataclass(frozen=True, eq=False)
class FairReport:
    """Identical starts, the head starts found, the next best, and the bound at this spread."""

    board: Board
    players: int
    identical: Seats
    best: Seats
    others: tuple[Seats, ...]
    found: Found
    sd: float  # the one-player game's standard deviation from the start
    digits: int  # asked for (three or more players); two players' fractions are whole
    exact: bool

    @property
    def edge(self) -> float:
        """Seat 1's edge with identical starts, ``P(seat 1 wins) - 1/K``."""
        return self.identical.chances[0].value - 1 / self.players

    @property
    def least_edge(self) -> float:
        """No board of this spread has a smaller edge with identical starts (:mod:`.edgebound`)."""
        return edge_bound(self.sd, self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.name,
            "players": self.players,
            "start": self.board.start,
            "identical_starts": self.identical.to_json(),
            "best": self.best.to_json(),
            "next_best": [seats.to_json() for seats in self.others],
            "search": {
                "every_arrangement": self.found.exhaustive,
                "arrangements_weighed": self.found.arrangements,
                "pair_search_rounds": self.found.rounds,
            },
            "exact": self.exact,
            "sd_turns": self.sd,
            "first_player_edge": self.edge,
            "least_edge_at_this_sd": self.least_edge,
            "bound": CITATION,
        }


def fair_report(board: Board, players: int, digits: int = 30, progress: Progress | None = None) -> FairReport:
    """The best head starts for ``players`` seats on ``board`` (module docstring)."""
    chain = build_chain(board)
    found = search(chain, players, progress)
    exact = chain.size <= EXACT_MAX_STATES
    weigh = _exact_chances(board, players, digits) if exact else None
    best = _best(board, found.best, weigh)
    start = (board.start,) * players
    identical = _seats(board, start, weigh)
    others = tuple(
        _seats(board, ranked.squares, None) for ranked in found.best if ranked.squares != best.squares
    )[:SHOWN]
    sd = moments_from(chain, chain.row(board.start))[1]
    return FairReport(board, players, identical, best, others, found, sd, digits, exact)


Weigh = Callable[[tuple[int, ...], tuple[float, ...]], tuple[Chance, ...]]


def _seats(board: Board, squares: tuple[int, ...], weigh: Weigh | None) -> Seats:
    """An arrangement's chances: :func:`seat_odds` (as ``analyze --positions`` works them out),
    and exactly when ``weigh`` is given."""
    win = seat_odds(build_chain(board), list(squares)).win
    chances = weigh(squares, win) if weigh is not None else tuple(Chance(p, None) for p in win)
    return Seats(board.start, squares, chances)


def _best(board: Board, ranked: tuple[Ranked, ...], weigh: Weigh | None) -> Seats:
    """The best of the float ranking's near-ties, ranked again on exact gaps (module docstring)."""
    close = [r for r in ranked if r.gap <= ranked[0].gap + SLACK]
    if weigh is None or len(close) == 1:
        return _seats(board, close[0].squares, weigh)
    weighed = [_seats(board, r.squares, weigh) for r in close]
    return min(weighed, key=lambda seats: (_exact_gap(seats), sum(seats.head_starts), seats.squares))


def _exact_gap(seats: Seats) -> fmpq:
    """The gap exactly (two players), or from the enclosures' digits."""
    k = len(seats.squares)
    values = [c.fraction if c.fraction is not None else fmpq(*_digits_ratio(c.digits)) for c in seats.chances]
    return max(abs(v - fmpq(1, k)) for v in values)


def _digits_ratio(text: str | None) -> tuple[int, int]:
    """``"0.3336…"`` as a fraction (its certain digits: gaps closer than them compare equal);
    of an enclosure ``"0.33359… to 0.33360…"`` (fewer digits certain than asked), its lower end."""
    assert text is not None
    whole, _, decimals = text.partition(" to ")[0].removesuffix("…").partition(".")
    return int(whole + decimals), 10 ** len(decimals)


def _exact_chances(board: Board, players: int, digits: int) -> Weigh:
    """How an arrangement's chances are worked out exactly (module docstring)."""

    def two(squares: tuple[int, ...], win: tuple[float, ...]) -> tuple[Chance, ...]:
        from chutes_tui.exact.two_player import exact_two_player

        first = exact_two_player(board).probability(*squares)
        # The float shown beside the fraction is the fraction's nearest float (Python's int
        # division rounds correctly), not the float series' sum, which ends ~1e-15 short.
        return tuple(
            Chance(int(exact.p) / int(exact.q), decimal_digits(exact, digits), exact)
            for exact in (first, 1 - first)
        )

    def many(squares: tuple[int, ...], win: tuple[float, ...]) -> tuple[Chance, ...]:
        from chutes_tui.exact.seats import seat_enclosures

        enclosures, _ = seat_enclosures(board, squares, 0, digits)
        return tuple(Chance(p, e.text) for p, e in zip(win, enclosures, strict=True))

    return two if players == 2 else many
