"""``jumps``, ``squares`` and ``paths``: their JSON, their tables, and one line for a mistake."""

import json

import pytest

from chutes_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_jumps_json_and_table(capsys):
    code, out, err = run(capsys, "jumps", "classic-1952", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    chute = next(j for j in data["jumps"] if j["tail"] == 87)
    assert chute == pytest.approx(
        {"tail": 87, "head": 24, "kind": "chute", "expected_uses": 0.52513, "chance_of_use": 0.34046},
        abs=5e-6,
    )
    assert set(data["per_game"]) == {"ladders_climbed", "chutes_slid"}
    code, out, _ = run(capsys, "jumps", "standard")
    assert code == 0 and "87→24" in out and "ladders climbed per game: 3.3754" in out


def test_jumps_on_a_board_without_any(capsys):
    code, out, _ = run(capsys, "jumps", "no-jumps")
    assert code == 0 and "no ladders or chutes" in out


@pytest.mark.parametrize("sort", ["landings", "visits", "turns-left"])
def test_squares_sorts_and_top(capsys, sort):
    code, out, _ = run(capsys, "squares", "standard", "--sort", sort, "--top", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["sort"] == sort and [row["rank"] for row in data["squares"]] == [1, 2, 3, 4, 5]
    assert set(data["squares"][0]) == {
        "rank",
        "square",
        "landings",
        "turn_endings",
        "chance_of_landing",
        "expected_turns_left",
        "jump",
    }


def test_squares_plain_lists_every_square(capsys):
    code, out, _ = run(capsys, "squares", "standard")
    assert code == 0 and "chute → 26" in out
    rows = [line for line in out.splitlines() if line[:6].strip().isdigit()]
    assert len(rows) == 100


def test_paths_json_and_text(capsys):
    code, out, _ = run(capsys, "paths", "classic-1952", "--json")
    data = json.loads(out)
    assert code == 0 and data["shortest"]["turns"] == 7
    assert data["shortest"]["roll_sequences"] == 423 and data["shortest"]["probability"] == "47/31104"
    assert data["most_likely"]["squares"][0] == 0 and data["most_likely"]["squares"][-1] == 100
    code, out, _ = run(capsys, "paths", "standard")
    assert code == 0 and "438 roll sequences" in out and "73/46656" in out


@pytest.mark.parametrize("verb", ["jumps", "squares", "paths"])
def test_a_missing_board_is_one_line(capsys, verb, tmp_path):
    code, out, err = run(capsys, verb, str(tmp_path / "nothing.toml"))
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1


def test_a_bad_sort_is_one_line(capsys):
    code, _, err = run(capsys, "squares", "standard", "--sort", "popularity")
    assert code == 2 and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("verb", "what"),
    [("jumps", "counting jumps"), ("squares", "ranking squares"), ("paths", "finding paths")],
)
def test_the_long_work_shows_progress_on_a_terminal(capsys, monkeypatch, verb, what):
    """A 20,000-square board with 8,000 jumps took 36 s in jumps and squares (a row of N for
    every jump's head) and a 100,000-square board 36 s in paths (the series to the median),
    with nothing on the terminal: now a transient line says what is being worked out (Ctrl-C
    stops it). FORCE_COLOR makes stderr a terminal to rich."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert main([verb, "tiny-10"]) == 0
    out, err = capsys.readouterr()
    assert what in err and what not in out
    monkeypatch.delenv("FORCE_COLOR")
    assert main([verb, "tiny-10"]) == 0
    assert capsys.readouterr().err == ""  # piped: stderr stays empty
