"""Head starts (research/headstarts.py, research/fair.py): the search against brute force, the
pair search's local optimum, the exact values against the floats, and Monte Carlo games played
from the squares found."""

import itertools

import numpy as np
import pytest
from flint import fmpq

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.multi import seat_odds
from chutes_tui.exact.seats import seat_enclosures
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.research import headstarts
from chutes_tui.research.fair import fair_report
from chutes_tui.research.headstarts import TIE, candidate_rows, search
from chutes_tui.sim.montecarlo import simulate_turns


def gap_of(chain, squares):
    k = len(squares)
    return max(abs(p - 1 / k) for p in seat_odds(chain, list(squares)).win)


def brute_force(chain, players):
    """Every arrangement, each worked out on its own by ``seat_odds``: the least gap, and the
    least total head start among the arrangements within TIE of it."""
    start = chain.board.start
    squares = [int(chain.squares[row]) for row in candidate_rows(chain)]
    weighed = {(start, *rest): 0.0 for rest in itertools.product(squares, repeat=players - 1)}
    for arrangement in weighed:
        weighed[arrangement] = gap_of(chain, arrangement)
    least = min(weighed.values())
    tied = [a for a, gap in weighed.items() if gap <= least + TIE]
    return least, min(tied, key=lambda a: (sum(s - start for s in a), a))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_arrangement_search_finds_the_brute_force_best(tiny, players):
    chain = build_chain(tiny)
    found = search(chain, players)
    least, best = brute_force(chain, players)
    assert found.exhaustive and found.arrangements == candidate_rows(chain).size ** (players - 1)
    assert found.best[0].squares == best
    assert found.best[0].gap == pytest.approx(least, abs=1e-13)
    # The kept list is in order, each arrangement once.
    assert list(found.best) == sorted(found.best) and len({r.squares for r in found.best}) == len(found.best)


def moves(arrangement, squares):
    """Every arrangement one or two later seats' moves away."""
    for i, j in itertools.combinations(range(1, len(arrangement)), 2):
        for a, b in itertools.product(squares, repeat=2):
            moved = list(arrangement)
            moved[i], moved[j] = a, b
            yield tuple(moved)


@pytest.mark.parametrize("players", [3, 4])
def test_the_pair_search_stops_where_no_move_of_one_or_two_seats_helps(tiny, players, monkeypatch):
    monkeypatch.setattr(headstarts, "FAIR_EXHAUSTIVE_WORK", 0)  # past the limit: the pair search
    chain = build_chain(tiny)
    found = search(chain, players)
    assert not found.exhaustive and found.rounds >= 1
    best = found.best[0]
    squares = [int(chain.squares[row]) for row in candidate_rows(chain)]
    start = tiny.start
    for moved in moves(best.squares, squares):
        gap = gap_of(chain, moved)
        total = sum(s - start for s in moved)
        assert gap > best.gap - TIE or (gap >= best.gap - TIE and total >= best.total), moved
    # On this small board it finds the best there is.
    assert best.squares == brute_force(chain, players)[1]


STANDARD = {
    # players: identical starts' largest gap, the head starts found, their largest gap
    2: (0.0078027734609, (0, 10), 0.0001940446418),
    3: (0.0095262729370, (0, 7, 8), 0.0013956312833),
    4: (0.0099480706504, (0, 6, 10, 8), 0.0020744386133),
}


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_standard_board_head_starts(standard, players):
    identical, squares, gap = STANDARD[players]
    report = fair_report(standard, players, digits=30)
    assert report.found.exhaustive
    assert report.identical.gap == pytest.approx(identical, abs=1e-12)
    assert report.best.squares == squares and report.best.head_starts == squares
    assert report.best.gap == pytest.approx(gap, abs=1e-12)
    # Each next best is worse (or as good with more squares given).
    for other in report.others:
        assert (other.gap, sum(other.head_starts)) >= (report.best.gap - TIE, 0)


def test_two_players_exact_fractions_are_the_generating_functions(standard):
    report = fair_report(standard, 2, digits=40)
    two = exact_two_player(standard)
    for seats in (report.identical, report.best):
        first, second = (chance.fraction for chance in seats.chances)
        assert first == two.probability(*seats.squares) and first + second == 1
        for chance in seats.chances:
            assert abs(float(chance.fraction) - chance.value) <= 1e-12
            assert len(chance.digits) == 42
    assert report.identical.chances[0].fraction == two.first_player
    # exact standard's published fraction (tests/cli/golden/06-exact-standard-json.json), rounded.
    assert report.identical.chances[0].digits == "0.5078027734609139778739238784195408071654"


def test_three_players_certain_digits_enclose_the_floats(standard):
    report = fair_report(standard, 3, digits=25)
    enclosures, _ = seat_enclosures(standard, report.best.squares, 0, 25)
    for chance, enclosure in zip(report.best.chances, enclosures, strict=True):
        assert chance.digits == enclosure.text
        assert enclosure.lower <= fmpq(*chance.value.as_integer_ratio()) + fmpq(1, 10**12)
        assert fmpq(*chance.value.as_integer_ratio()) - fmpq(1, 10**12) <= enclosure.upper


@pytest.mark.parametrize("players", [2, 3])
def test_monte_carlo_games_from_the_head_starts_agree_within_4_sigma(standard, players):
    """Games played from the squares found, each seat its own one-player game (players never
    interact), the earliest finishing turn winning and seat order breaking ties."""
    report = fair_report(standard, players, digits=10)
    rng = np.random.default_rng(2028)
    games = 1_000_000
    for seats in (report.identical, report.best):
        turns = np.stack([simulate_turns(standard, games, rng, start=s) for s in seats.squares], axis=1)
        winners = np.argmin(turns.astype(np.int64) * players + np.arange(players), axis=1)
        wins = np.bincount(winners, minlength=players) / games
        for p, chance in zip(wins, seats.chances, strict=True):
            sigma = np.sqrt(chance.value * (1 - chance.value) / games)
            assert abs(p - chance.value) <= 4 * sigma, (seats.squares, p, chance.value)
    # ... and the head starts' edge is gone beyond what 4σ could hide.
    assert report.identical.gap > 8 * np.sqrt(0.25 / games)
