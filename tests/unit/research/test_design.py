"""The designer: valid boards, the issue's example met, reproducible by seed and budget."""

import pytest

from chutes_tui.analysis import build_chain, seat_odds
from chutes_tui.analysis.limits import DESIGN_MAX_SQUARES
from chutes_tui.analysis.single import moments_from
from chutes_tui.model.board import Board
from chutes_tui.research.design import DesignError, DesignSpec, design

EXAMPLE = DesignSpec(squares=100, ladders=8, chutes=8, target_turns=25.0, players=2, max_edge=0.01)


def check_valid(board, spec):
    """A board the spec allows: the counts, every end on its own square of 1..end-1, each jump
    at least min_jump long and the right way, and the board's own validation (winnable)."""
    assert len(board.ladders) == spec.ladders and len(board.chutes) == spec.chutes
    squares = [square for jump in board.jumps for square in jump]
    assert len(set(squares)) == len(squares) and all(1 <= s < spec.squares for s in squares)
    assert all(abs(head - tail) >= spec.min_jump for tail, head in board.jumps)
    assert all(head > tail for tail, head in board.ladders) and all(
        head < tail for tail, head in board.chutes
    )
    assert Board(end=board.end, die=board.die, end_rule=board.end_rule, jumps=board.jumps) == board


def test_the_issue_example_is_met_and_reported_from_a_fresh_analysis():
    report = design(EXAMPLE, 2, time_limit=60)
    check_valid(report.board, EXAMPLE)
    assert report.met and report.stats.stopped == "met"
    # The figures again, independently of the report.
    chain = build_chain(Board(jumps=report.board.jumps))
    mean, sd = moments_from(chain, 0)
    edge = seat_odds(chain, [0, 0]).win[0] - 0.5
    assert abs(mean - 25) <= 0.25 and edge <= 0.01
    assert report.analysis.distribution.mean == pytest.approx(mean, rel=1e-12)
    assert report.analysis.distribution.sd == pytest.approx(sd, rel=1e-12)
    assert report.first_player_edge == pytest.approx(edge, abs=1e-13)
    assert [t.name for t in report.targets] == ["expected turns", "first-player edge"]
    assert all(t.met for t in report.targets)
    assert report.targets[1].value == pytest.approx(edge, abs=1e-13)


def test_the_same_seed_and_budget_give_the_same_board_whatever_the_time():
    # Targets out of reach, three players' edges: the whole budget is spent, kicks and all.
    spec = DesignSpec(
        squares=60, ladders=4, chutes=4, target_turns=8.0, target_sd=30.0, players=3, max_edge=0.0, min_jump=5
    )
    first = design(spec, 7, max_evaluations=10_000)
    again = design(spec, 7, time_limit=1_000, max_evaluations=10_000)
    assert first.stats.stopped == again.stats.stopped == "budget" and first.stats.exact > 0
    assert first.board.jumps == again.board.jumps
    assert first.stats.evaluations == again.stats.evaluations
    check_valid(first.board, spec)
    other = design(spec, 8, max_evaluations=10_000)
    assert other.board.jumps != first.board.jumps


def test_a_spread_target_and_long_jumps():
    spec = DesignSpec(squares=50, ladders=3, chutes=3, target_turns=12.0, target_sd=8.0, min_jump=8)
    report = design(spec, 1, time_limit=30)
    check_valid(report.board, spec)
    assert report.met, report.targets
    dist = report.analysis.distribution
    assert abs(dist.mean - 12) <= 0.12 and abs(dist.sd - 8) <= 0.08


def test_a_budget_stops_the_search_with_the_best_board_so_far():
    spec = DesignSpec(squares=40, ladders=2, chutes=2, target_turns=4.0)  # far too short to reach
    report = design(spec, 3, max_evaluations=2_000)
    assert report.stats.stopped == "budget" and not report.met
    assert 2_000 <= report.stats.evaluations < 4_000
    check_valid(report.board, spec)
    assert report.targets[0].value == report.analysis.distribution.mean > 4.04


def test_without_targets_a_valid_random_board():
    spec = DesignSpec(squares=30, ladders=2, chutes=3, min_jump=4)
    report = design(spec, 5, time_limit=5)
    assert report.stats.stopped == "no targets" and report.targets == () and report.met
    check_valid(report.board, spec)
    assert "no targets were given" in report.description("chutes-tui design")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"ladders": -1}, "cannot be negative"),
        ({"ladders": 30, "chutes": 20}, "50 jumps need 100 squares of their own"),
        ({"max_edge": 1.0}, "[0, 1)"),
        ({"max_edge": -0.1}, "[0, 1)"),
        ({"target_turns": 1.5}, "fewer than 2 turns"),
        ({"target_sd": 0.0}, "above 0"),
        ({"players": 1}, "at least 2 players"),
        ({"min_jump": 99}, "shortest jump"),
        ({"squares": DESIGN_MAX_SQUARES + 1}, f"at most {DESIGN_MAX_SQUARES:,} squares"),
        ({"squares": 10, "die": 12, "end_rule": "bounce"}, "bounce"),
    ],
)
def test_requests_no_board_can_meet_are_refused_in_one_line(changes, words):
    spec = DesignSpec(**{**EXAMPLE.__dict__, **changes})
    with pytest.raises(DesignError) as raised:
        design(spec, 1, time_limit=1)
    assert words in str(raised.value) and "\n" not in str(raised.value)
