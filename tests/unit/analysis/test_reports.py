import json

import pytest

from chutes_tui.analysis import build_chain, two_player_table, visit_statistics
from chutes_tui.analysis.reports import inspect_square
from chutes_tui.cli import main
from chutes_tui.research.hochman import jump_impact


def test_inspector_numbers(standard, classic):
    assert inspect_square(standard, 99).expected_turns == pytest.approx(6.0, abs=1e-12)
    assert inspect_square(classic, 29).expected_turns == pytest.approx(36.8911770, abs=5e-8)
    report = inspect_square(standard, 95)
    # A chute's tail: no piece stands there; its rolls are its head's, as its statistics are.
    assert [o.final for o in report.roll_outcomes] == [76, 77, 78, 79, 100, 81]
    assert [o.final for o in inspect_square(standard, 94).roll_outcomes] == [75, 96, 97, 78, 99, 100]
    assert report.statistics_from == 75 and report.jump.head == 75
    assert inspect_square(standard, 80).roll_outcomes == []  # a ladder to the goal: no rolls
    assert report.expected_turns == inspect_square(standard, 75).expected_turns


def test_inspector_against_the_core(standard):
    chain = build_chain(standard)
    visits = visit_statistics(chain, 0)
    table = two_player_table(chain)
    base, impacts = jump_impact(standard)
    without = {(t, h): w for t, h, _, w in impacts}
    for square in (0, 5, 26, 48, 84, 99, 100):
        report = inspect_square(standard, square, opponent=40)
        where = report.statistics_from
        assert report.expected_visits == pytest.approx(visits.expected[where])
        assert report.p_visit == pytest.approx(visits.probability[where])
        assert report.win_probability == table.probability(where, 40)
        if report.jump is not None:
            assert report.jump.expected_with == pytest.approx(base)
            assert report.jump.expected_without == pytest.approx(
                without[(report.jump.tail, report.jump.head)]
            )
        low, high = report.range_5_95
        assert low <= report.median_turns <= high or where == 100
        assert (
            0 <= report.p_finish_within[10] <= report.p_finish_within[20] <= report.p_finish_within[50] <= 1
        )
    start = inspect_square(standard, 0)
    assert start.p_visit < 1e-9 and start.expected_visits < 1e-9  # turn 0 is not a visit


def test_inspect_cli_json(capsys):
    assert main(["inspect", "standard", "95", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in (
        "square",
        "expected_turns",
        "sd_turns",
        "median_turns",
        "p_finish_within",
        "expected_visits",
        "p_visit",
        "roll_outcomes",
        "jump",
    ):
        assert key in data
    assert [o["to"] for o in data["roll_outcomes"]] == [76, 77, 78, 79, 100, 81]
    assert [o["roll"] for o in data["roll_outcomes"]] == [1, 2, 3, 4, 5, 6]
    assert data["jump"]["to"] == 75 and data["statistics_from"] == 75
    assert main(["inspect", "standard", "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["jump"] is None
    assert main(["inspect", "standard", "101"]) == 2
    assert "not a square" in capsys.readouterr().err
