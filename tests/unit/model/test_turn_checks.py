"""Hostile values of issue 26's rule keys: each refused with one short line naming its key, on
construction (so a board file, the command line and the app would all refuse it the same way),
and never anything but a BoardError."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.turnlaw import reached_pieces
from chutes_tui.model.turns import PieceState


def tiny(**rules):
    return Board(**{"end": 8, "die": 3, "jumps": ((2, 5), (7, 3)), "width": 4, **rules})


REFUSED = [
    ({"goal": 0}, "goal", "goal must be 1..100000 (got 0)"),
    ({"goal": 3, "start": 3}, "goal", "the goal 3 must lie past the start square 3, in 4..8"),
    ({"goal": 9}, "goal", "the goal 9 must lie past the start square 0, in 1..8"),
    ({"goal": 10**9}, "goal", "goal must be 1..100000 (got 1,000,000,000)"),
    ({"goal": 7}, None, "jump 7→3 starts on the goal 7"),
    ({"goal": "8"}, "goal", "goal must be a whole number, not text '8'"),
    ({"enter_faces": (4,)}, "enter_faces", "enter face 4 is not a move of d3 (1, 2, 3)"),
    ({"enter_faces": (0, 3)}, "enter_faces", "enter face 0 is not a move of d3 (1, 2, 3)"),
    ({"enter_faces": 3}, "enter_faces", "enter_faces must be a list of moves, not 3"),
    ({"enter_square": 9}, "enter_square", "the enter square 9 must be a square of 1..8 other than the start"),
    (
        {"enter_square": 3, "start": 3},
        "enter_square",
        "the enter square 3 must be a square of 1..8 other than the start",
    ),
    ({"enter_square": 0}, "enter_square", "enter_square must be 1..100000 (got 0)"),
    ({"sum_rolls": True}, "sum_rolls", "sum_rolls adds the rolls of a turn: it needs extra_roll"),
    ({"streak_limit": 3}, "streak_limit", "a streak limit counts top faces in a row: it needs extra_roll"),
    ({"streak_limit": 1, "extra_roll": True}, "streak_limit", "a streak limit of 1 would end every turn"),
    ({"streak_limit": 0, "extra_roll": True}, "streak_limit", "streak_limit must be 1..100 (got 0)"),
    ({"streak_penalty": "start"}, "streak_penalty", "a streak penalty needs a streak limit"),
    (
        {"streak_penalty": "home", "streak_limit": 2, "extra_roll": True},
        "streak_penalty",
        "streak_penalty must be one of: forfeit, start, or a square",
    ),
    (
        {"streak_penalty": 8, "streak_limit": 2, "extra_roll": True},
        "streak_penalty",
        "the streak penalty's square 8 is the goal",
    ),
    (
        {"streak_penalty": 7, "streak_limit": 2, "extra_roll": True},
        "streak_penalty",
        "is the tail of jump 7→3",
    ),
    (
        {"streak_penalty": 9, "streak_limit": 2, "extra_roll": True},
        "streak_penalty",
        "is not a square of 1..8",
    ),
    ({"miss_turn": (8,)}, "miss_turn", "the miss-turn square 8 is the goal: the game is over there"),
    (
        {"miss_turn": (6,), "goal": 6, "jumps": ((2, 5), (8, 3))},
        "miss_turn",
        "the miss-turn square 6 is the goal",
    ),
    ({"miss_turn": (2,)}, "miss_turn", "the miss-turn square 2 is the tail of jump 2→5"),
    ({"throw_again": (8,)}, "throw_again", "the throw-again square 8 is the goal"),
    ({"throw_again": (100,)}, "throw_again", "the throw-again square 100 is not a square of 1..8"),
    (
        {"miss_turn": (4, 6), "throw_again": (6, 4)},
        "throw_again",
        "square 4 is both a miss-turn and a throw-again square",
    ),
    ({"miss_turn": (0,)}, "miss_turn", "the miss-turn square 0 is the start, off the board: no turn ends"),
    ({"throw_again": (0,)}, "throw_again", "the throw-again square 0 is the start, off the board"),
    ({"sum_rolls": True, "extra_roll": True, "end_rule": "bounce"}, "sum_rolls", "need a streak limit"),
    (
        {"sum_rolls": True, "extra_roll": True, "end_rule": "bounce", "streak_limit": 4},
        "sum_rolls",
        "may add up to 11, more than the 8",
    ),
    # Boards the rules make unwinnable, or turns that never end.
    (
        {"goal": 4, "jumps": ((2, 6),)},
        "jumps",
        "unwinnable board: the goal 4 can never be reached from square 5",
    ),
    (
        {"enter_square": 5, "jumps": ((5, 0),)},
        "jumps",
        "unwinnable board: the goal 8 can never be reached from the start square 0",
    ),
    (
        {"end": 10, "throw_again": (3, 6), "jumps": ((9, 3),), "die": [0, 0, 1]},
        "throw_again",
        "endless turns: a turn from square 0 never ends (its rolls come to rest on throw-again "
        "squares 3, 6 again and again)",
    ),
]


@pytest.mark.parametrize(("rules", "field", "message"), REFUSED)
def test_a_hostile_value_is_refused_with_one_line_naming_its_key(rules, field, message):
    with pytest.raises(BoardError) as refused:
        tiny(**rules)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    if field is not None:
        assert refused.value.field == field


def test_the_defaults_are_todays_game(standard):
    assert standard.goal is None and standard.goal_square == standard.end == 100
    assert (standard.enter_faces, standard.miss_turn, standard.throw_again) == ((), (), ())
    assert standard.streak_limit is None and not standard.sum_rolls and standard.enter_square is None


@settings(max_examples=150, deadline=None)
@given(
    goal=st.one_of(st.none(), st.integers(-5, 12)),
    enter=st.lists(st.integers(-1, 5), max_size=3),
    enter_square=st.one_of(st.none(), st.integers(-1, 10)),
    extra=st.booleans(),
    summed=st.booleans(),
    limit=st.one_of(st.none(), st.integers(-1, 5)),
    penalty=st.one_of(st.sampled_from(["forfeit", "start", "nowhere"]), st.integers(-1, 10)),
    miss=st.lists(st.integers(-1, 10), max_size=3),
    again=st.lists(st.integers(-1, 10), max_size=3),
    rule=st.sampled_from(["exact", "reach", "bounce"]),
)
def test_any_values_make_a_board_whose_every_turn_ends_or_one_line_refusal(
    goal, enter, enter_square, extra, summed, limit, penalty, miss, again, rule
):
    try:
        board = Board(
            end=8,
            die=3,
            jumps=((2, 5), (6, 1)),
            width=4,
            goal=goal,
            enter_faces=enter,
            enter_square=enter_square,
            extra_roll=extra,
            sum_rolls=summed,
            streak_limit=limit,
            streak_penalty=penalty,
            miss_turn=miss,
            throw_again=again,
            end_rule=rule,
        )
    except BoardError as error:
        assert "\n" not in str(error) and str(error)
        return
    after, endless = reached_pieces(board)
    assert not endless
    assert PieceState(board.goal_square) in after  # the goal is reached, from everywhere (checked)
    assert board.start < board.goal_square <= board.end


def test_leela_loads_under_every_reading_of_its_sixes():
    # leela.toml's layout (issue 26): refused today as "jump 72→51 starts on the end square";
    # with the goal on 68 it is a board, under each reading of the book's sixes.
    ladders = [
        (10, 23),
        (17, 69),
        (20, 32),
        (22, 60),
        (27, 41),
        (28, 50),
        (37, 66),
        (45, 67),
        (46, 62),
        (54, 68),
    ]
    chutes = [(12, 8), (16, 4), (24, 7), (29, 6), (44, 9), (52, 35), (55, 3), (61, 13), (63, 2), (72, 51)]
    with pytest.raises(BoardError, match="starts on the end square"):
        Board(end=72, jumps=ladders + chutes, width=9)
    for rules in ({}, {"sum_rolls": True}, {"sum_rolls": True, "streak_limit": 3}):
        board = Board(
            end=72, goal=68, jumps=ladders + chutes, enter_faces=(6,), extra_roll=True, width=9, **rules
        )
        after, _ = reached_pieces(board)
        assert {p.square for p in after} >= {0, 6, 68, 69, 70, 71}


def test_a_goal_inside_the_standard_board_is_refused_no_piece_past_it_comes_back():
    with pytest.raises(
        BoardError,
        match=r"the goal 90 can never be reached from square 99 \(turns from there only ever end on 99–100\)",
    ):
        load_board("standard").replace(goal=90, end_rule="reach")
    board = load_board("standard").replace(
        goal=90, jumps=((80, 99), (100, 85)), miss_turn=(12,), throw_again=(13,)
    )
    assert board.goal_square == 90 and board.jump_map[100] == 85


def test_the_roll_tables_are_one_rolls_move_under_the_turn_rules_too():
    # Every engine reads a turn from model/turns.py; a roll's move is the same with or without
    # the turn rules (the goal, the squares' roles and the turn's memory act after it).
    board = tiny(goal=6, jumps=((2, 5), (8, 3)), miss_turn=(4,))
    plain = tiny(goal=6, jumps=((2, 5), (8, 3)))  # no miss-turn square: the same moves
    assert (board.roll_table == plain.roll_table).all() and board.roll_table.shape == (9, 3)
    assert (board.landing_table == plain.landing_table).all()


def test_a_board_with_turn_rules_stands_on_its_turns_ends():
    # Entering only on a 3 from the start: the start, then 3 and every square turns end on.
    board = tiny(enter_faces=(3,))
    assert board.standable_squares.tolist() == sorted({p.square for p in reached_pieces(board)[0]})
    assert 0 in board.standable_squares and 3 in board.standable_squares


def walks_counted(monkeypatch):
    """The within-turn states of each turn walked from here on, a board made at a time."""
    import chutes_tui.model.turnlaw as turnlaw

    walked, real_chain = [], turnlaw.turn_chain

    def counted(board, piece):
        chain = real_chain(board, piece)
        walked.append(len(chain.states))
        return chain

    monkeypatch.setattr(turnlaw, "turn_chain", counted)
    return walked


def test_a_board_whose_turns_cross_it_is_refused_past_the_walks_limit(monkeypatch):
    """With the extra roll and a miss-turn square every square's turn is walked, and a run of
    sixes carries a turn across the board: the walk grows with the square of the board's length
    (4,000 squares: 1.7 million within-turn states, 44 s, before the limit). Past
    TURN_WALK_MAX_STATES the board is refused in one line naming it; the limit is set here at
    what a 300-square board walks (about 7,600 states), counted as it is made."""
    rules = {"extra_roll": True, "miss_turn": (7,)}
    walked = walks_counted(monkeypatch)
    Board(300, **rules)
    states = sum(walked)
    assert states > 5_000  # about 25 per square: runs of sixes cross the board
    import chutes_tui.model.turnlaw as turnlaw

    monkeypatch.setattr(turnlaw, "TURN_WALK_MAX_STATES", states)
    Board(300, **rules)  # exactly at the limit: made
    monkeypatch.setattr(turnlaw, "TURN_WALK_MAX_STATES", states - 1)
    with pytest.raises(
        BoardError, match=f"more than {states - 1:,} within-turn states \\(TURN_WALK_MAX_STATES\\)"
    ):
        Board(300, **rules)


def test_a_board_far_past_the_walks_limit_is_refused_after_its_first_turn(monkeypatch):
    """The walk's length is foreseen from the first turn's (about ``L₀ (g + 1) / 2`` states):
    a 3,000-square board (about 750,000 states, 20 s of walking) is refused at once, two turns
    walked; a 300-square one is foreseen within 2% of what it walks."""
    rules = {"extra_roll": True, "miss_turn": (7,)}
    walked = walks_counted(monkeypatch)
    with pytest.raises(
        BoardError,
        match="turns would pass through about 750,250 within-turn states, more than 300,000 "
        "\\(TURN_WALK_MAX_STATES\\)",
    ):
        Board(3000, **rules)
    assert walked == [500, 250]  # the first turn, and one from halfway (half as far)
    walked.clear()
    Board(300, **rules)
    assert abs(walked[0] * 301 // 2 - sum(walked)) < 0.02 * sum(walked)


def test_a_turn_made_long_near_the_start_alone_foresees_nothing(monkeypatch):
    """Throw-again squares on the first hundred of 2,000: the first turn's states, times the
    squares to go, foresee ten times the walk; a turn from halfway is one state, the reach is
    not the board's, so the count as walked decides, and at exactly the limit the board is made."""
    import chutes_tui.model.turnlaw as turnlaw

    rules = {"throw_again": tuple(range(2, 100, 2))}
    walked = walks_counted(monkeypatch)
    Board(2000, **rules)
    states, first = sum(walked), walked[0]
    assert first * 2001 // 2 > 10 * states
    monkeypatch.setattr(turnlaw, "TURN_WALK_MAX_STATES", states)
    Board(2000, **rules)  # made: not refused on the first turn's foresight
