"""``analyze --positions``: any number of players placed anywhere, the first listed to move."""

import json

import pytest

from chutes_tui.analysis import build_chain, seat_odds, two_player_table
from chutes_tui.cli import main
from chutes_tui.model.inputs import MAX_PLAYERS


def answer(capsys, *squares):
    code = main(["analyze", "standard", "--json", "--positions", *map(str, squares)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    return json.loads(out)


def test_two_players_agree_with_the_two_player_table(capsys, standard):
    data = answer(capsys, 40, 90)
    table = two_player_table(build_chain(standard))
    assert data["seat_win_probability"][0] == pytest.approx(table.probability(40, 90), abs=1e-12)
    assert sum(data["seat_win_probability"]) == pytest.approx(1.0, abs=1e-12)


def test_three_players_anywhere(capsys, standard):
    data = answer(capsys, 40, 90, 12)
    odds = seat_odds(build_chain(standard), [40, 90, 12], 0)
    assert data["positions"] == [40, 90, 12]
    assert data["seat_win_probability"] == pytest.approx(list(odds.win), abs=1e-13)
    assert data["expected_total_moves"] == pytest.approx(odds.expected_total_moves, rel=1e-12)
    assert data["expected_turns_left"][1] < data["expected_turns_left"][0] < data["expected_turns_left"][2]


def test_the_most_players_and_one_more(capsys):
    data = answer(capsys, *([0] * MAX_PLAYERS))
    assert len(data["seat_win_probability"]) == MAX_PLAYERS
    code = main(["analyze", "standard", "--positions", *(["0"] * (MAX_PLAYERS + 1))])
    _, err = capsys.readouterr()
    assert code == 2 and f"at most {MAX_PLAYERS} players" in err


@pytest.mark.parametrize(
    "squares", [["48", "0"], ["101"], ["x"], [], ["30", "100"], ["0", "0", "--players", "3"]]
)
def test_bad_positions_are_one_line(capsys, squares):
    code = main(["analyze", "standard", "--positions", *squares])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_distribution_beyond_the_limit_is_one_line_naming_it_and_the_mean(capsys, monkeypatch):
    """Games too long to hold turn by turn (thirty long chutes on 100,000 squares: 8.4 million
    turns on average) are refused before any turn is summed, in one line with the mean."""
    from chutes_tui.analysis import single

    monkeypatch.setattr(single, "DISTRIBUTION_MAX_TURNS", 100)  # analyze reads to 1e-3: 39.6 x ln(1000) = 274
    code = main(["analyze", "standard"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "needs about 274 turns, beyond the 100 held: the games last 40 turns on average" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "standard", "--start", "101"],
        ["analyze", "standard", "--positions", "30", "101"],
        ["exact", "standard", "--position", "30", "200"],
        ["inspect", "standard", "30", "--opponent", "101"],
    ],
)
def test_a_square_past_the_end_is_named_as_off_the_board(capsys, argv):
    """A square past the end is not one "the rolls never reach": there is no such square (the
    words ``inspect`` uses for its own SQUARE)."""
    code = main(argv)
    _, err = capsys.readouterr()
    assert code == 2 and "is not a square of standard (0..100)" in err and "never reach" not in err
