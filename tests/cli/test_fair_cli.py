"""``chutes-tui fair``: head starts checked by ``analyze --positions``, what is printed, the
limits refused in one line; and ``design``'s warning when its targets conflict."""

import json
import shlex

import pytest
from gmpy2 import mpq

from chutes_tui.io.boardfile import format_toml
from chutes_tui.model.generate import random_board
from chutes_tui.research.edgebound import edge_bound
from tests.cli.test_cli_hostile import one_line, run


@pytest.mark.parametrize(
    ("board", "players"), [("standard", 2), ("standard", 3), ("standard", 4), ("tiny-10", 3)]
)
def test_analyze_positions_gives_the_head_starts_the_same_odds(capsys, board, players):
    """The issue's proof: the squares found, given to ``analyze --positions`` (seat 1 first and
    to move), have the chances ``fair`` reported; and identical starts are ``analyze``'s seats."""
    code, out, _ = run(capsys, "fair", board, "--players", str(players), "--digits", "12", "--json")
    assert code == 0
    report = json.loads(out)
    best = report["best"]
    code, out, _ = run(capsys, "analyze", board, "--positions", *map(str, best["squares"]), "--json")
    assert code == 0
    positions = json.loads(out)
    for ours, theirs in zip(best["seat_win_probability"], positions["seat_win_probability"], strict=True):
        assert ours == pytest.approx(theirs, abs=1e-12)
    code, out, _ = run(capsys, "analyze", board, "--players", str(players), "--json")
    identical = json.loads(out)["seat_win_probability"]
    assert report["identical_starts"]["seat_win_probability"] == pytest.approx(identical, abs=1e-12)
    # Every exact chance agrees with its float.
    for seats in (report["identical_starts"], best):
        for chance in seats["exact"]:
            assert float(chance["digits"]) == pytest.approx(chance["value"], abs=1e-11)
            if "fraction" in chance:  # two players: the float is the fraction's nearest
                exact = mpq(chance["fraction"])  # 4,453 digits: past int()'s string limit
                assert chance["value"] == int(exact.numerator) / int(exact.denominator)
    assert report["best"]["largest_gap"] < report["identical_starts"]["largest_gap"]


def test_fair_prints_the_head_starts_the_exact_digits_and_the_bound(capsys):
    code, out, err = run(capsys, "fair", "standard")
    assert code == 0 and err == ""
    rows = [line.split("│")[1:-1] for line in out.splitlines() if line.startswith("│")]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["1", "0.5078027735", "0", "0", "0.5001940446"],
        ["2", "0.4921972265", "10", "10", "0.4998059554"],
    ]
    words = " ".join(out.split())  # as printed, folded at the console's width
    assert "0.7803% from identical starts, 0.0194% with these head starts (10 squares in all)" in words
    assert "seat 1 0.500194044641797901753881731554" in words
    assert "every one of the 81 arrangements weighed" in words
    assert "seat 1's edge here is +0.7803%" in words and "can have less than +0.5240%" in words


def test_a_board_where_no_head_start_helps_says_so(capsys):
    code, out, _ = run(capsys, "fair", "leela")
    assert code == 0 and "No head start does better than identical starts" in out


def test_more_players_than_every_arrangement_allows_say_how_it_was_searched(capsys):
    code, out, _ = run(capsys, "fair", "standard", "--players", "5", "--digits", "5")
    assert code == 0
    assert "a pair search" in out and "past FAIR_EXHAUSTIVE_WORK" in " ".join(out.split())
    assert "0, 7, 10, 8, 11" not in out.split("next best")[1]  # the best is not listed again


def test_limits_and_the_bump_rule_are_refused_in_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "fair", "standard", "--bump")
    assert code == 2 and "independent players only" in one_line(err)
    wide = tmp_path / "wide.toml"
    wide.write_text(format_toml(random_board(3, squares=400, ladders=20, chutes=20)))
    code, _, err = run(capsys, "fair", str(wide), "--players", "12")
    assert code == 2 and "FAIR_ROUND_WORK" in one_line(err)
    long = tmp_path / "long.toml"
    long.write_text(format_toml(random_board(3, squares=2000, ladders=30, chutes=30)))
    code, _, err = run(capsys, "fair", str(long))
    assert code == 2 and "CURVES_MAX_VALUES" in one_line(err)
    code, _, err = run(capsys, "fair", "standard", "--players", "1")
    assert code == 2 and "--players" in one_line(err)
    code, _, err = run(capsys, "fair", "standard", "--players", "3", "--digits", "301")
    assert code == 2 and "--digits" in one_line(err)


DESIGN = shlex.split("design --squares 40 --ladders 3 --chutes 3 --seed 4 --max-evaluations 3")


def test_design_warns_before_searching_when_the_edge_is_out_of_reach(capsys, tmp_path, monkeypatch):
    from chutes_tui.research import design as designing
    from chutes_tui.research.designspec import DesignError

    def refuse(*args, **kwargs):  # the search never starts: what was printed came before it
        raise DesignError("no search here")

    monkeypatch.setattr(designing, "design", refuse)
    target = ["--target-sd", "5", "--max-first-player-edge", "0.5%", "--output", str(tmp_path / "x.toml")]
    code, _, err = run(capsys, *DESIGN, *target)
    warning, refusal = err.splitlines()
    assert code == 2 and "no search here" in refusal
    least = edge_bound(5 * 1.01, 2)
    assert warning == (
        "warning: --max-first-player-edge 0.50% is out of reach at --target-sd 5: with identical "
        f"starts the first player's edge (2 players) is at least {least:.2%} at a spread of 5.05 turns "
        "(Hodges & Lehmann 1956; see --help); searching anyway"
    )
    assert f"{least:.2%}" == "2.65%"


def test_design_s_warning_never_says_a_positive_least_edge_is_0_00(capsys, tmp_path, monkeypatch):
    """Found attacking design: at a spread of 10^12 turns the least edge is about 1e-13, and the
    warning read "0.00% is out of reach ... is at least 0.00%", which contradicts itself."""
    from chutes_tui.research import design as designing
    from chutes_tui.research.designspec import DesignError

    def refuse(*args, **kwargs):
        raise DesignError("no search here")

    monkeypatch.setattr(designing, "design", refuse)
    target = ["--target-sd", "1000000000000", "--max-first-player-edge", "0", "--players", "12"]
    code, _, err = run(capsys, *DESIGN, *target, "--output", str(tmp_path / "x.toml"))
    warning = err.splitlines()[0]
    assert code == 2  # the search refused (stubbed): the warning came before it
    least = edge_bound(1e12 * 1.01, 12)
    assert 0 < least < 1e-10 and "0.00%" not in warning, warning
    assert "--max-first-player-edge 0% is out of reach" in warning
    assert f"is at least {100 * least:.2g}% at a spread" in warning


def test_design_with_reachable_targets_warns_of_nothing(capsys, tmp_path):
    for players, edge in ((2, "3%"), (4, "0.6%")):  # 2.65% and 0.50% are the least at sd 5.05
        target = ["--target-sd", "5", "--max-first-player-edge", edge, "--players", str(players)]
        code, _, err = run(capsys, *DESIGN, *target, "--output", str(tmp_path / f"{players}.toml"))
        assert code in (0, 4) and "warning" not in err, err
    target = ["--target-sd", "5", "--max-first-player-edge", "0.4%", "--players", "4"]
    code, _, err = run(capsys, *DESIGN, *target, "--output", str(tmp_path / "x.toml"))
    assert err.startswith("warning:") and "(4 players) is at least 0.50%" in err.splitlines()[0]
