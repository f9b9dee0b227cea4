"""Every analysis verb on a board with a turn rule of issue 26, through the command line (the boards
built here, patched in; the flags and board keys themselves are tested at the end). The figures
are checked against what does not share the verbs' code: the exact chain's fractions (itself
checked against brute-force roll sequences in tests/unit/analysis/test_turn_rule_chain.py), games
played roll by roll by the turn machine (model/turns.py, checked against a plain rulebook) for
the landings, and the turn laws for the most likely game."""

import json
from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.cli import common, main
from chutes_tui.exact.chain import exact_chain, exact_expected_turns
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.model.board import Board
from chutes_tui.model.turnlaw import turn_law
from chutes_tui.model.turns import PieceState, play_turn
from chutes_tui.research import hochman

JUMPS = ((3, 11), (8, 15), (17, 4), (19, 2))

BOARDS = {
    "goal": Board(end=22, die=6, jumps=JUMPS, goal=18, end_rule="bounce"),
    "enter": Board(end=20, die=6, jumps=JUMPS, enter_faces=(6,), enter_square=2),
    "sum, streak to the start": Board(
        end=20, die=6, jumps=JUMPS, extra_roll=True, sum_rolls=True, streak_limit=3, streak_penalty="start"
    ),
    "streak forfeit": Board(end=20, die=6, jumps=JUMPS, extra_roll=True, streak_limit=2),
    "miss a turn": Board(end=20, die=6, jumps=JUMPS, miss_turn=(6, 9)),
    "throw again": Board(end=20, die=6, jumps=JUMPS, throw_again=(5, 12)),
}


@pytest.fixture(params=list(BOARDS))
def board(request, monkeypatch):
    chosen = BOARDS[request.param]
    monkeypatch.setattr(common, "board_from_args", lambda args: chosen)
    return chosen


def run(capsys, *argv):
    code = main([argv[0], "x", *argv[1:], "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def _fraction(value):
    return Fraction(int(value.p), int(value.q))


def _cdf(board, turns):
    """``P(T ≤ n)`` from the start for ``n = 0..turns``, exactly, from the exact chain."""
    exact = exact_chain(board)
    n = exact.size
    u = [Fraction(int(i == exact.row(board.start))) for i in range(n)]
    Q = [[_fraction(exact.Q[i, j]) for j in range(n)] for i in range(n)]
    finish = [_fraction(exact.finish[i, 0]) for i in range(n)]
    done, cdf = Fraction(0), [Fraction(0)]
    for _ in range(turns):
        done += sum(a * b for a, b in zip(u, finish, strict=True))
        u = [sum(u[i] * Q[i][j] for i in range(n)) for j in range(n)]
        cdf.append(done)
    return cdf


def test_analyze_and_distribution_are_the_exact_chain_to_1e_12(capsys, board):
    turns = float(exact_expected_turns(board))
    assert abs(run(capsys, "analyze")["expected_turns"] - turns) <= 1e-12 * turns
    pmf = np.array(run(capsys, "distribution")["turns"]["pmf"])
    exact = np.array([float(c) for c in _cdf(board, 12)])
    assert np.max(np.abs(np.cumsum(pmf)[:13] - exact)) <= 1e-12


def test_exact_gives_the_fraction_and_the_seats(capsys, board):
    data = run(capsys, "exact")
    assert Fraction(data["expected_turns"]) == _fraction(exact_expected_turns(board))
    first = Fraction(data["first_player_wins"])
    assert first == _fraction(exact_two_player(board).probability(board.start, board.start))
    analyzed = run(capsys, "analyze")["seat_win_probability"][0]
    assert abs(float(first) - analyzed) <= 1e-12
    seats = run(capsys, "exact", "--players", "3", "--digits", "8")
    three = run(capsys, "analyze", "--players", "3")["seat_win_probability"]
    assert [float(p) for p in seats["seat_win_probability"]] == pytest.approx(three, abs=2e-8)


def test_paths_are_the_chains_own(capsys, board):
    data = run(capsys, "paths")
    cdf = _cdf(board, 12)
    fewest = next(n for n, p in enumerate(cdf) if p > 0)
    assert data["shortest"]["turns"] == fewest
    assert data["shortest"]["roll_sequences"] is None  # a turn's rolls are not counted here
    assert abs(data["shortest"]["probability_float"] - float(cdf[fewest])) <= 1e-15
    route = data["most_likely"]["squares"]
    assert route[0] == board.start and route[-1] == board.goal_square
    # The route's chance, turn by turn from the turn laws (a square named twice: a skipped turn).
    chance, here = Fraction(1), PieceState(board.start)
    for square in route[1:]:
        law = turn_law(board, here)
        there = max((p for p in law if p.square == square), key=lambda p: law[p])
        chance *= law[there]
        here = there
    assert Fraction(data["most_likely"]["probability"]) == chance


def _played(board, games, seed=26):
    """Landings per game on each square, and the share of games landing there, from games
    played roll by roll by the turn machine (the rolls drawn from the die's law a batch at a time:
    one draw each took a third of the test's time)."""
    rng = np.random.default_rng(seed)
    faces, chances = board.die.values, board.die.probabilities

    def draws():
        while True:
            yield from rng.choice(faces, size=1 << 16, p=chances).tolist()

    roll = draws().__next__
    landed = [[0] * (board.end + 1) for _ in range(games)]
    for counts in landed:
        piece = PieceState(board.start)
        while piece.square != board.goal_square:
            turn = play_turn(board, piece, roll, limit=10_000)
            for move in turn.moves:
                if not move.lost:
                    counts[move.landing] += 1
            piece = turn.end
    return np.array(landed, dtype=float)


def test_jumps_and_squares_agree_with_games_played_roll_by_roll(capsys, board):
    games = 4000
    landed = _played(board, games)
    jumps = {j["tail"]: j for j in run(capsys, "jumps")["jumps"]}
    squares = {row["square"]: row for row in run(capsys, "squares")["squares"]}
    for square in range(1, board.end + 1):
        mean, sd = landed[:, square].mean(), landed[:, square].std()
        assert abs(squares[square]["landings"] - mean) <= 4 * sd / np.sqrt(games) + 1e-9, square
        hit = (landed[:, square] > 0).mean()
        chance = squares[square]["chance_of_landing"]
        assert abs(chance - hit) <= 4 * np.sqrt(chance * (1 - chance) / games) + 1e-9, square
        if square in jumps:
            assert jumps[square]["expected_uses"] == pytest.approx(squares[square]["landings"])
            assert jumps[square]["chance_of_use"] == pytest.approx(chance)


HOSTILE = {
    "an absurd goal": (dict(end=20, goal=25), "the goal 25 must lie past the start square 0, in 1..20"),
    "a goal off the board": (dict(end=20, goal=0), "goal must be 1..100000 (got 0)"),
    "an enter face the die lacks": (dict(end=20, enter_faces=(7,)), "enter face 7 is not a move of d6"),
    "a streak limit of 1": (dict(end=20, extra_roll=True, streak_limit=1), "a streak limit of 1"),
    "a miss-turn square on the goal": (
        dict(end=20, goal=15, miss_turn=(15,)),
        "the miss-turn square 15 is the goal",
    ),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_turn_rule_is_one_line(capsys, monkeypatch, name):
    fields, words = HOSTILE[name]

    def hostile(args):
        return Board(die=6, jumps=((3, 11),), end_rule="bounce", **fields)

    monkeypatch.setattr(common, "board_from_args", hostile)
    code = main(["analyze", "x"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_the_bump_rule_with_a_turn_rule_is_refused_in_one_line(capsys):
    for argv in (
        ["analyze", "standard", "--bump", "--miss-turn", "6"],
        ["simulate", "leela", "--bump", "--players", "3"],
        ["exact", "standard", "--bump", "--extra-roll", "--streak-limit", "3"],
    ):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 1 and out == "" and err.count("\n") == 1, argv
        assert "the bump rule is not played with " in err and "Traceback" not in err


def test_a_square_past_the_goal_is_an_ordinary_start_and_the_goal_is_not(capsys, monkeypatch):
    board = BOARDS["goal"]
    monkeypatch.setattr(common, "board_from_args", lambda args: board)
    past = run(capsys, "analyze", "--start", "22")["expected_turns"]
    assert past == pytest.approx(float(exact_chain(board).expected_turns[exact_chain(board).row(22), 0]))
    code = main(["analyze", "x", "--start", "18"])
    assert code == 2 and "square 18" in capsys.readouterr().err


def test_inspect_positions_and_the_exact_options_under_a_miss_turn(capsys, monkeypatch):
    board = BOARDS["miss a turn"]
    monkeypatch.setattr(common, "board_from_args", lambda args: board)
    exact = exact_chain(board)
    inspected = run(capsys, "inspect", "6")
    assert inspected["expected_turns"] == pytest.approx(
        float(exact.expected_turns[exact.row(6), 0]), rel=1e-12
    )
    assert [o["to"] for o in inspected["roll_outcomes"]] == [7, 15, 9, 10, 11, 12]
    two = exact_two_player(board)
    odds = run(capsys, "analyze", "--positions", "6", "9")["seat_win_probability"]
    assert odds[0] == pytest.approx(float(two.probability(6, 9)), abs=1e-12)
    # A piece state with a turn to miss is a position of its own: the mover must skip a turn.
    skipping = float(two.probability(PieceState(6, True), 9))
    assert skipping < float(two.probability(6, 9))
    data = run(capsys, "exact", "--position", "6", "9", "--bounds", "30")
    assert Fraction(data["win_probability"]) == _fraction(two.probability(6, 9))
    first = Fraction(data["first_player_wins"])
    assert Fraction(data["bounds"]["lower"]) <= first <= Fraction(data["bounds"]["upper"])


def test_best_first_roll_which_assumes_a_turn_of_one_landing_refuses_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(common, "board_from_args", lambda args: BOARDS["throw again"])
    code = main(["experiments", "best-first-roll", "x"])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "does not play throw_again (a turn rule of issue 26)" in err


def test_add_jump_solves_each_candidate_board_on_its_own_chain(capsys, board):
    # Jumps of 8 squares or more: 36-69 candidates a board (4 made 72-119, solved alike), some
    # counter-intuitive (on "goal" and "throw again") and most not.
    code = main(["experiments", "add-jump", "x", "--min-length", "8", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["base"] == pytest.approx(float(exact_expected_turns(board)), rel=1e-12)
    jumps = data["jumps"]
    assert jumps and [(j["from"], j["to"]) for j in jumps] == sorted((j["from"], j["to"]) for j in jumps)
    for jump in jumps[:: max(len(jumps) // 12, 1)]:  # a dozen of them, exactly
        edited = board.replace(jumps=(*board.jumps, (jump["from"], jump["to"])))
        assert jump["expected_turns"] == pytest.approx(float(exact_expected_turns(edited)), rel=1e-10)
        assert abs(jump["to"] - jump["from"]) >= 8
        assert jump["counter_intuitive"] == (
            (jump["expected_turns"] > data["base"]) == (jump["to"] > jump["from"])
        )


def test_add_jump_refuses_more_candidates_than_its_limit_before_solving_any(capsys, monkeypatch):
    from chutes_tui.analysis.limits import ADD_JUMP_CHAIN_MAX_CANDIDATES

    many = Board(end=60, die=6, jumps=JUMPS, extra_roll=True, streak_limit=3)
    monkeypatch.setattr(common, "board_from_args", lambda args: many)
    code = main(["experiments", "add-jump", "x", "--min-length", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"at most {ADD_JUMP_CHAIN_MAX_CANDIDATES:,} candidates" in err and "ask for longer jumps" in err
    assert not many.memo.peek(hochman.AFRESH)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--goal", "0"], "--goal must be 1..100,000, not 0"),
        (["--goal", "500"], "the goal 500 must lie past the start square 0, in 1..100"),
        (["--goal", "99999999999999999999"], "not a number of about 21 digits"),
        (["--enter-faces", "7"], "enter face 7 is not a move of d6"),
        (["--die", "2d6", "--enter-faces", "1"], "enter face 1 is not a move of 2d6"),
        (["--extra-roll", "--streak-limit", "1"], "a streak limit of 1 would end every turn"),
        (["--streak-limit", "3"], "a streak limit counts top faces in a row: it needs extra_roll"),
        (["--miss-turn", "100"], "the miss-turn square 100 is the goal"),
        (["--goal", "50", "--miss-turn", "50"], "the miss-turn square 50 is the goal"),
        (["--miss-turn", "50,50"], "--miss-turn lists 50 twice"),
        (["--throw-again", "13 35 13"], "--throw-again lists 13 twice"),
        (["--miss-turn", "-5"], "--miss-turn must be 0..100,000, not -5"),
        (["--throw-again", "48"], "the throw-again square 48 is the tail of jump 48→26"),
        (["--enter-square", "0"], "--enter-square must be 1..100,000, not 0"),
        (["--extra-roll", "--streak-limit", "2", "--streak-penalty", "101"], "square 101 is not a square"),
        (["--streak-penalty", "back"], "--streak-penalty must be one of: forfeit, start, or a square"),
    ],
)
def test_hostile_turn_rule_flags_get_one_line(flags, words, capsys):
    code = main(["analyze", "standard", *flags])
    out, err = capsys.readouterr()
    assert code in (1, 2) and out == "" and err.count("\n") == 1, err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("goal = 0", "goal must be 1..100000 (got 0)"),
        ("goal = 21", "the goal 21 must lie past the start square 0, in 1..20"),
        ('goal = "68"', "goal must be a whole number, not text '68'"),
        ("goal = 68.5", "goal must be a whole number, not a decimal number"),
        ("enter_faces = [7]", "enter face 7 is not a move of d6"),
        ("enter_faces = [6, 6]", "enter_faces lists 6 twice"),
        ('enter_faces = "6"', "enter_faces must be a list of moves, not text '6'"),
        ("extra_roll = true\nstreak_limit = 1", "a streak limit of 1 would end every turn"),
        ("miss_turn = [20]", "the miss-turn square 20 is the goal"),
        ("goal = 10\nmiss_turn = [10]", "the miss-turn square 10 is the goal"),
        ("miss_turn = [5, 5]", "miss_turn lists 5 twice"),
        ("throw_again = [-1]", "throw_again must be 0..100000 (got -1)"),
        ("miss_turn = [[1]]", "miss_turn must be a whole number, not a list of 1 item"),
        ('streak_penalty = "bogus"', "streak_penalty must be one of: forfeit, start, or a square"),
        ("bump = true\nenter_faces = [6]", "the bump rule is not played with enter_faces"),
    ],
)
def test_hostile_turn_rule_keys_in_a_board_file_get_one_line(line, words, capsys, tmp_path):
    path = tmp_path / "hostile.toml"
    path.write_text(f'name = "hostile"\nsquares = 20\n{line}\n')
    code = main(["analyze", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1, err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # Pieces land on 50 and roll again: the rolls do reach it, no turn ends there.
        (["inspect", "standard", "50", "--throw-again", "50"], "no turn ends on square 50: a piece coming"),
        (["analyze", "standard", "--start", "50", "--throw-again", "50"], "square 50: no turn ends there"),
        (["analyze", "leela", "--start", "68"], "square 68: it is the goal: the game is over there"),
        (["analyze", "leela", "--positions", "68", "10"], "square 68: it is the goal: the game is over"),
    ],
)
def test_a_square_where_no_turn_ends_is_refused_with_the_real_reason(capsys, argv, words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and "never reach" not in err and err.count("\n") == 1


def test_inspecting_the_goal_lists_no_rolls_onward(capsys):
    assert main(["inspect", "leela", "68"]) == 0
    out = capsys.readouterr().out
    assert "rolls                     none: this is the goal, the game is over there" in out
    assert "→ 69" not in out and "chute → 51" not in out
