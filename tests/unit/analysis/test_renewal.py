"""The renewal series (issue 23, point 5): boards whose long chutes send pieces round them many
times, checked against the turn-by-turn series term by term, deep into the tail."""

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, laps, renewal
from chutes_tui.analysis import series as series_module
from chutes_tui.analysis.chain import _build_chain
from chutes_tui.analysis.laps import RenewalSeries
from chutes_tui.analysis.multi import seat_odds
from chutes_tui.analysis.progress import series_progress
from chutes_tui.analysis.series import START_SERIES, StartSeries, series_from, start_series
from chutes_tui.analysis.single import finishing_distribution, moments_from
from chutes_tui.model.board import Board
from chutes_tui.model.dice import Dice
from chutes_tui.model.rules import EndRule

# Small enough for the turn-by-turn series to run to 1e-40 in a test, long enough to lap: the
# renewal's size thresholds are lowered to them (``small_thresholds``).
LAPPING = [
    Board(end=600, jumps=((590, 5), (300, 280), (60, 3), (120, 250)), name="one long chute"),
    Board(end=600, jumps=((590, 5), (400, 150), (20, 35)), end_rule=EndRule.BOUNCE, name="two, bounce"),
    Board(end=500, jumps=((495, 1), (250, 260)), die=Dice.parse("2d6"), end_rule=EndRule.REACH, name="2d6"),
    Board(end=400, jumps=((399, 30), (30, 60), (250, 2), (240, 2)), chain_jumps=True, name="chained"),
]
# Six long chutes of different laps: the humps of mass going round merge within the game, so a
# tail law ends the renewal series (laps.py, "The tail").
MERGING = Board(
    end=600, jumps=((590, 5), (540, 100), (470, 20), (420, 160), (350, 60), (300, 10)), name="six long chutes"
)


@pytest.fixture
def small_thresholds(monkeypatch):
    monkeypatch.setattr(renewal, "RENEWAL_MIN_STATES", 100)
    monkeypatch.setattr(renewal, "LONG_SPAN", 150)


@pytest.mark.parametrize("board", LAPPING, ids=lambda b: b.name)
def test_the_renewal_series_equals_the_turn_by_turn_series_term_by_term(board, small_thresholds):
    chain = build_chain(board)
    # The start, and a square past the middle jumps (7 was a second row near the start: the same
    # laps from two squares apart, a second second of the turn-by-turn series per board).
    for square in (board.start, 333):
        if chain.index[square] < 0:
            continue
        row = chain.row(square)
        fast = series_from(chain, row)
        assert isinstance(fast, RenewalSeries)
        fast.grow_to(20_000)
        # The turn-by-turn series (0.6 CPU-s a row to 20,000 turns) only until it is deep into
        # the tail, S < 1e-30: beyond, its terms are below that, so the renewal's are held to
        # zero within the same 1e-15 (a tilt gone wrong blows up there).
        slow = StartSeries(chain, row)
        while slow.survival[-1] >= 1e-30:
            slow.grow_to(slow.turn + 1000)
        survival, pmf = np.asarray(slow.survival), np.asarray(slow.pmf)
        assert survival.size < fast.survival.size
        held = survival > 1e-20  # below, the walks' ends and the rounding of a capped tilt show
        assert np.all(np.abs(fast.survival[: survival.size][held] - survival[held]) <= 1e-12 * survival[held])
        assert np.abs(fast.pmf[: pmf.size] - pmf).max() <= 1e-15
        assert np.abs(fast.pmf[pmf.size :]).max() <= 1e-15
        # Where no path finishes, no renewed path does either: exact zeros stay zeros.
        assert fast.pmf[: int(np.flatnonzero(pmf)[0])].max() == 0.0
        assert fast.pmf.min() >= 0.0 and fast.survival.min() >= 0.0


def test_the_long_moves_are_the_turns_down_long_chutes_and_the_rest_is_the_short_chain(small_thresholds):
    board = LAPPING[1]
    chain = build_chain(board)
    moves = renewal.long_moves(chain)
    assert chain.squares[moves.states].tolist() == [5, 150]  # 300→280 and 20→35 are not long
    # The turns that land on 590's or 400's top: from the six squares below each, by a roll.
    tops = sorted(chain.squares[moves.rows].tolist())
    assert tops == [394, 395, 396, 397, 398, 399, 584, 585, 586, 587, 588, 589]
    assert np.allclose(moves.chances, 1 / 6)
    taken = np.zeros(chain.Q.shape)
    taken[moves.rows, moves.states[moves.targets]] = moves.chances
    assert np.array_equal(moves.short.Q.toarray() + taken, chain.Q.toarray())


def test_short_boards_and_boards_of_many_long_chutes_sum_turn_by_turn(small_thresholds, monkeypatch):
    standard = build_chain(Board(end=100, jumps=((98, 2),)))
    assert isinstance(series_from(standard, 0), StartSeries)  # below the size where it pays
    chutes = tuple((890 - 10 * k, 5 + 10 * k) for k in range(renewal.MAX_RENEWAL_STATES + 1))
    many = Board(end=900, jumps=chutes)
    assert renewal.long_moves(build_chain(many)) is None
    # With the extra roll a turn may go on after a chute: long moves land on many states.
    extra = build_chain(Board(end=400, jumps=((399, 2),), extra_roll=True))
    assert renewal.long_moves(extra) is None


@pytest.mark.parametrize("board", LAPPING[:2], ids=lambda b: b.name)
def test_seat_odds_and_laws_by_renewal_equal_the_turn_by_turn_ones(board, small_thresholds, monkeypatch):
    fast = build_chain(board)
    fast_odds = seat_odds(fast, [board.start, board.start, 333])
    fast_law = finishing_distribution(fast, board.start)
    monkeypatch.setattr(series_module, "renewal_plan", lambda chain, report=None: None)
    slow = _build_chain(board)
    assert isinstance(series_from(slow, 0), StartSeries)
    slow_odds = seat_odds(slow, [board.start, board.start, 333])
    slow_law = finishing_distribution(slow, board.start)
    assert fast_odds.win == pytest.approx(slow_odds.win, abs=1e-13)
    assert fast_odds.expected_rounds == pytest.approx(slow_odds.expected_rounds, rel=1e-12)
    assert fast_odds.expected_total_moves == pytest.approx(slow_odds.expected_total_moves, rel=1e-12)
    size = min(fast_law.pmf.size, slow_law.pmf.size)
    assert abs(fast_law.pmf.size - slow_law.pmf.size) <= 2
    assert np.abs(fast_law.pmf[:size] - slow_law.pmf[:size]).max() <= 1e-15
    # The mean of the renewed distribution is the linear solve's.
    mean = float(np.dot(np.arange(fast_law.pmf.size), fast_law.pmf))
    assert mean == pytest.approx(moments_from(fast, fast.row(board.start))[0], rel=1e-11)


def test_a_slow_loop_without_a_long_move_bounds_the_tilt(monkeypatch):
    """A 100-face die on 3,000 squares: pieces at the end wait for an exact roll (1 in 100 a
    turn), which dies out more slowly than the laps down the chute 2,500→1,400. The tilt once
    followed the laps, the tilted walks grew to 10²⁸ and the seat odds came out infinite; the
    figures here are an independent plain-numpy computation's (median 128, 99th percentile 517,
    mode 68, seat 1 0.50238)."""
    board = Board(end=3000, die=Dice.parse("100"), jumps=((2500, 1400),))
    chain = build_chain(board)
    law = finishing_distribution(chain, 0)
    assert isinstance(series_from(chain, 0), RenewalSeries)
    assert (law.median, law.quantile(0.99), law.mode) == (128, 517, 68)
    odds = seat_odds(chain, [0, 0])
    assert odds.win[0] == pytest.approx(0.5023785928, abs=1e-10)
    monkeypatch.setattr(series_module, "renewal_plan", lambda chain, report=None: None)
    slow = _build_chain(board)
    assert seat_odds(slow, [0, 0]).win == pytest.approx(odds.win, abs=1e-13)
    plain = finishing_distribution(slow, 0)
    size = min(law.pmf.size, plain.pmf.size)
    assert np.abs(law.pmf[:size] - plain.pmf[:size]).max() <= 1e-15


def test_the_fewest_turns_are_counted_not_read_off_the_series():
    """6⁻ⁿ underflows: on 3,000 squares without jumps the series' first positive term is at 509
    turns, but 500 sixes finish."""
    chain = build_chain(Board(end=3000))
    assert finishing_distribution(chain, 0).minimum == 500
    assert chain.fewest_turns[chain.row(2994)] == 1


def test_a_renewal_series_reports_its_progress_and_stops_when_told(small_thresholds):
    chain = _build_chain(LAPPING[0])  # its own: no series grown by another test
    seen = []

    class StoppedError(Exception):
        pass

    def report(turns, left):
        seen.append((turns, left))
        if turns > 4000:
            raise StoppedError

    with series_progress(report), pytest.raises(StoppedError):
        start_series(chain, chain.row(0), 1e-300)
    assert seen and seen[-1][0] > 4000


def test_a_hundred_thousand_squares_with_one_chute_back_to_the_start_laps_by_renewal():
    """The board of issue 23's point 5 that took 130 s turn by turn: its law from the renewal, and
    its mean the linear solve's (40,002.49 turns: 28,571 a lap, about 1.4 laps)."""
    board = Board(end=100_000, jumps=((99_990, 10),), width=100)
    chain = build_chain(board)
    survival, pmf = start_series(chain, chain.row(0), 1e-15)
    assert isinstance(series_from(chain, 0), RenewalSeries)
    assert survival[-1] < 1e-15 <= survival[-2]
    # The rows of Q sum to one within rounding, and 40,000 turns add that rounding up: 1e-11.
    assert pmf.sum() == pytest.approx(1.0, abs=1e-11)
    mean = float(np.dot(np.arange(pmf.size), pmf))
    assert mean == pytest.approx(moments_from(chain, chain.row(0))[0], rel=1e-10)
    assert mean == pytest.approx(40_002.488624, abs=1e-5)


def _merged_law(chain):
    """The renewal series from the start, grown until its law's band is below 1e-12."""
    series = series_from(chain, chain.row(0))
    assert isinstance(series, RenewalSeries)
    while (law := series.tail_law()) is None or law.band > 1e-12:
        assert series.turn < 50_000, "the laps never merged"
        series.grow_to(series_module.next_look(series.turn))
    return law


def test_once_the_laps_merge_a_tail_law_encloses_every_later_term(small_thresholds):
    chain = build_chain(MERGING)
    law = _merged_law(chain)
    assert law.turn < 10_000 and law.survival > 1e-6  # long before the game is over
    assert (law.high - law.low) / law.low < 1e-14  # the tilt's bracket: its rates agree
    # The turn-by-turn series, an independent computation, 20,000 turns beyond (to S ~ 1e-18).
    slow = StartSeries(chain, chain.row(0))
    slow.grow_to(law.turn + 20_000)
    survival, pmf = np.asarray(slow.survival), np.asarray(slow.pmf)
    assert law.survival == pytest.approx(survival[law.turn], rel=1e-12)
    assert law.following == pytest.approx(pmf[law.turn + 1], rel=1e-12)
    t = np.arange(20_001)
    slack = 1e-11  # the rounding of 20,000 turns of either series
    for values, first in ((survival[law.turn :], law.survival), (pmf[law.turn + 1 :], law.following)):
        steps = t[: values.size]
        upper = first * np.exp(steps * np.log1p(-law.low)) * (1 + law.band)
        lower = first * np.exp(steps * np.log1p(-law.high)) / (1 + law.band)
        assert np.all(values <= upper * (1 + slack)) and np.all(values >= lower * (1 - slack))


def test_a_distribution_continued_by_the_renewal_law_is_the_whole_series(small_thresholds, monkeypatch):
    chain = build_chain(MERGING)
    survival, pmf = start_series(chain, chain.row(0), 1e-30)
    summed = series_from(chain, chain.row(0)).turn
    assert summed < survival.size / 2  # the law gave most of it
    monkeypatch.setattr(series_module, "renewal_plan", lambda chain, report=None: None)
    slow = _build_chain(MERGING)
    whole_survival, whole_pmf = start_series(slow, slow.row(0), 1e-30)
    assert abs(whole_survival.size - survival.size) <= 1
    size = min(survival.size, whole_survival.size)
    # Within 1e-13 of each term to the end (atol: a walk drops its values below FLUSH, 1e-50,
    # at the ends of its window, such as the 8.6e-71 of the fastest finish, at turn 101).
    assert np.allclose(survival[:size], whole_survival[:size], rtol=1e-12, atol=1e-45)
    assert np.allclose(pmf[:size], whole_pmf[:size], rtol=1e-12, atol=1e-45)


def test_seat_odds_stop_at_the_renewal_law_and_equal_the_turn_by_turn_ones(small_thresholds, monkeypatch):
    """A renewal series grows in steps past the horizon the odds ask for; the law must be taken at
    that horizon (once it was taken at the series' last turn: the seats' odds summed to 0.94)."""
    fast = _build_chain(MERGING)
    # Two starts' series on different schedules (one began longer): one grows past the other.
    monkeypatch.setattr(laps, "FIRST_TURNS", 1500)
    series_from(fast, fast.row(333)).grow_to(1)
    monkeypatch.setattr(laps, "FIRST_TURNS", 1024)
    odds = seat_odds(fast, [0, 0, 333])
    assert series_from(fast, fast.row(333)).turn > series_from(fast, 0).turn
    assert isinstance(series_from(fast, 0), RenewalSeries)
    assert series_from(fast, 0).survival[-1] > 1e-9  # the law ended it
    monkeypatch.setattr(series_module, "renewal_plan", lambda chain, report=None: None)
    slow = seat_odds(_build_chain(MERGING), [0, 0, 333])
    assert sum(odds.win) == pytest.approx(1.0, abs=1e-12)
    assert odds.win == pytest.approx(slow.win, abs=1e-13)
    assert odds.expected_rounds == pytest.approx(slow.expected_rounds, rel=1e-12)
    assert odds.expected_total_moves == pytest.approx(slow.expected_total_moves, rel=1e-12)


def test_with_one_long_chute_the_laps_stay_apart_and_no_law_ends_the_game(small_thresholds):
    """99% of the mass of LAPPING[0] has finished long before its humps merge: its series is
    summed (the term-by-term test above), and its law's band is still wide at 1e-15."""
    chain = _build_chain(LAPPING[0])  # its own: no series grown by another test
    series = series_from(chain, chain.row(0))
    series.grow_to(6_000)
    assert series.survival[-1] < 1e-15
    law = series.tail_law()
    assert law is None or law.band > 1e-6  # 7e-5 at turn 7,065


def test_a_distribution_longer_than_the_limit_is_refused_up_front_with_the_limit_named(monkeypatch):
    from chutes_tui.analysis import limits, single
    from chutes_tui.analysis.series import TooLongError

    monkeypatch.setattr(single, "DISTRIBUTION_MAX_TURNS", 500)
    chain = _build_chain(Board(end=100))  # 33.33 turns on average: ln(1e15) x 33.33 = 1,151
    with pytest.raises(
        TooLongError, match="about 1,151 turns, beyond the 500 held: the games last 33 turns on"
    ):
        finishing_distribution(chain, 0)
    assert not chain.memo.has(START_SERIES.at(0))  # refused before a turn was summed
    assert finishing_distribution(chain, 0, 1e-6).pmf.size < 500  # a shorter question fits
    # The series' own check, where the mean underestimates the tail.
    monkeypatch.setattr(series_module, "DISTRIBUTION_MAX_TURNS", 150)  # 1e-15 is at turn 218
    with pytest.raises(TooLongError, match="beyond the 150 held"):
        start_series(chain, 0, 1e-15)
    assert limits.DISTRIBUTION_MAX_TURNS == 20_000_000


def test_seat_odds_accept_a_settled_law_at_the_rounding_of_its_ffts(small_thresholds, monkeypatch):
    """A settled law's band stops shrinking at the FFTs' rounding (1e-14 or so): the odds take
    it there, and do not grow the series for ever looking for a narrower enclosure (thirty long
    chutes on 100,000 squares once grew 3 GB of turns)."""
    grow = RenewalSeries.grow_to

    def guarded(self, turn):
        assert turn < 100_000, "the series grew on past its settled law"
        grow(self, turn)

    monkeypatch.setattr(RenewalSeries, "grow_to", guarded)
    fast = _build_chain(MERGING)
    odds = seat_odds(fast, [0, 0], tolerance=0.0)  # below any band a law settles to
    monkeypatch.setattr(series_module, "renewal_plan", lambda chain, report=None: None)
    slow = seat_odds(_build_chain(MERGING), [0, 0])
    assert odds.win == pytest.approx(slow.win, abs=1e-13)
    assert odds.expected_rounds == pytest.approx(slow.expected_rounds, rel=1e-12)
