"""``chutes-tui distribution``: the JSON the issue names, quantiles as written, exact terms, and
one line for a wrong argument."""

import json

import pytest

from chutes_tui.cli import main

LAW_KEYS = {"pmf", "cdf", "survival", "mean", "variance", "sd", "skewness", "kurtosis", "quantiles"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_one_player_json(capsys):
    code, out, err = run(capsys, "distribution", "classic-1952", "--json", "--exact", "--max-turns", "8")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["board"]["name"] == "classic-1952" and data["players"] == 1
    assert set(data) == {"board", "players", "turns"}
    turns = data["turns"]
    assert LAW_KEYS | {"exact_pmf"} == set(turns)
    assert len(turns["pmf"]) == len(turns["cdf"]) == len(turns["survival"]) == 9
    assert turns["exact_pmf"][7] == "47/31104" and turns["pmf"][7] == pytest.approx(47 / 31104)
    assert round(turns["skewness"], 3) == 1.822 and round(turns["kurtosis"], 3) == 8.216


def test_players_give_rounds_and_rolls_with_quantiles_as_written(capsys):
    code, out, _ = run(
        capsys,
        "distribution",
        "standard",
        "--players",
        "3",
        "--json",
        "--quantile",
        ".90",
        "--quantile",
        "0.5",
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"board", "players", "rounds", "rolls"}
    assert data["rolls"]["quantiles"] == {".90": 103, "0.5": 59}
    assert set(data["rounds"]) == LAW_KEYS
    assert sum(data["rolls"]["pmf"]) == pytest.approx(1.0, abs=1e-12)


def test_plain_output_reads_as_tables(capsys):
    code, out, _ = run(capsys, "distribution", "classic-1952", "--exact", "--max-turns", "8")
    assert code == 0
    assert "skewness" in out and "kurtosis" in out and "47/31104" in out
    assert "Quantiles: the smallest n with P(T ≤ n) ≥ q" in out


@pytest.mark.parametrize("level", ["0", "1", "1.5", "-0.1", "nan", "inf", "abc", "", "9" * 5000])
def test_a_bad_quantile_is_one_line(capsys, level):
    code, out, err = run(capsys, "distribution", "standard", "--quantile", level)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "quantile" in err and len(err) < 300


def test_exact_is_refused_beyond_its_limits(capsys, tmp_path):
    code, _, err = run(capsys, "distribution", "standard", "--exact", "--max-turns", "5000")
    assert code == 2 and "at most 200" in err
    from chutes_tui.io.boardfile import format_toml
    from chutes_tui.model.generate import random_board

    path = tmp_path / "big.toml"
    path.write_text(format_toml(random_board(3, squares=1000, ladders=20, chutes=20)))
    code, _, err = run(capsys, "distribution", str(path), "--exact")
    assert code == 2 and "squares to stand on" in err and len(err.strip().splitlines()) == 1


def test_the_board_after_n_turns(capsys):
    code, out, _ = run(capsys, "distribution", "standard", "--board-at", "12", "--json")
    data = json.loads(out)["board_at"]
    assert code == 0 and data["turns"] == 12 and data["from"] == 0
    assert sum(data["standing"].values()) + data["finished"] == pytest.approx(1.0, abs=1e-13)
    assert data["finished"] == pytest.approx(json.loads(out)["turns"]["cdf"][12], abs=1e-13)
    code, out, _ = run(capsys, "distribution", "standard", "--board-at", "12")
    assert code == 0 and "finished by turn 12: 5.01%" in out and "most likely on: 44 (3.7%)" in out
