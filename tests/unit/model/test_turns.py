"""The turn machine (model/turns.py) and its per-turn law (model/turnlaw.py) against brute force:
every roll sequence of a turn, played by a plain reading of issue 26's rules written here
(``rulebook_turn``: no states, no caps, no solving), on tiny boards with a 3-face die or a
2-face spinner, for each rule and combinations of them.

A turn whose rolls are bounded is enumerated to its end and must equal the law exactly; an
unbounded one is enumerated to a depth, and every end's mass found must be at most the law's,
short of it by exactly the mass still rolling."""

from fractions import Fraction

import numpy as np
import pytest

from chutes_tui.model.board import Board
from chutes_tui.model.rules import EndRule, Penalty, move, rolls_again
from chutes_tui.model.turnlaw import reached_pieces, turn_chain, turn_law
from chutes_tui.model.turns import PieceState, after_roll, begin_turn, play_turn

RAN_OUT = None


def _follow(board, square):
    while square in board.jump_map:
        square = board.jump_map[square]
    return square


def _penalty(board, began):
    if board.streak_penalty == Penalty.FORFEIT:
        return began
    if board.streak_penalty == Penalty.START:
        return board.start
    return board.streak_penalty


def rulebook_turn(board, piece, faces):
    """Issue 26's rules read plainly: the turn from ``piece`` rolling ``faces`` in order, its end
    as a PieceState, or RAN_OUT when the faces end before the turn does."""
    if piece.miss:
        return PieceState(piece.square)
    goal = board.goal_square
    top = max(board.die.values)
    began = here = piece.square
    added, run, came_to_rest = 0, 0, False
    entering = bool(board.enter_faces) or board.enter_square is not None
    for face in faces:
        run = run + 1 if face == top else 0
        if board.streak_limit is not None and run == board.streak_limit:
            return PieceState(_penalty(board, began))
        rolls_again = board.extra_roll and face == top
        moved_to = None  # where this roll's move came to rest (None: no move, or a lost one)
        if (
            here == board.start
            and added == 0
            and entering
            and board.enter_faces
            and face not in board.enter_faces
        ):
            pass  # a face that does not enter moves nothing
        elif here == board.start and added == 0 and entering and board.enter_square is not None:
            moved_to = _follow(board, board.enter_square)
        elif board.sum_rolls and rolls_again:
            added += face
        else:
            steps = added + face if board.sum_rolls else face
            added = 0
            target = here + steps
            if target <= board.end:
                moved_to = _follow(board, target)
            elif board.end_rule is EndRule.REACH:
                moved_to = _follow(board, board.end)
            elif board.end_rule is EndRule.BOUNCE:
                moved_to = _follow(board, 2 * board.end - target)
        if moved_to is not None:
            here, came_to_rest = moved_to, True
            if here == goal:
                return PieceState(goal)
        if rolls_again or (moved_to is not None and here in board.throw_again):
            continue
        return PieceState(here, came_to_rest and here in board.miss_turn)
    return RAN_OUT


def brute_force(board, piece, depth):
    """Each end's exact mass over every face sequence of at most ``depth`` rolls, and the mass
    of the sequences still rolling after ``depth``."""
    faces = list(zip(board.die.values, board.die.chances, strict=True))
    found: dict[PieceState, Fraction] = {}
    rolling = Fraction(0)
    todo = [((), Fraction(1))]
    while todo:
        sequence, chance = todo.pop()
        end = rulebook_turn(board, piece, sequence)
        if end is not RAN_OUT:
            found[end] = found.get(end, Fraction(0)) + chance
        elif len(sequence) == depth:
            rolling += chance
        else:
            todo.extend(((*sequence, face), chance * p) for face, p in faces)
    return found, rolling


def tiny(**rules):
    """An 8-square board with a 3-face die: a ladder 2→5 and a chute 7→3 unless told."""
    options = {"end": 8, "die": 3, "jumps": ((2, 5), (7, 3)), "width": 4, **rules}
    return Board(**options)


CASES = {
    "today": tiny(),
    "today extra roll": tiny(extra_roll=True),
    "today bounce, extra roll": tiny(extra_roll=True, end_rule="bounce"),
    "today reach, spinner": tiny(end_rule="reach", die=[1, 0, 2]),
    "goal inside": tiny(goal=6, jumps=((2, 5), (8, 3))),
    "goal inside, extra roll, bounce": tiny(
        goal=6, jumps=((2, 5), (8, 3)), extra_roll=True, end_rule="bounce"
    ),
    "goal inside, reach": tiny(goal=5, jumps=((2, 6), (8, 1)), end_rule="reach"),
    "enter on a 3": tiny(enter_faces=(3,)),
    "enter on 1 or 3, extra roll": tiny(enter_faces=(1, 3), extra_roll=True),
    "enter onto 2 (its ladder)": tiny(enter_faces=(3,), enter_square=2, extra_roll=True),
    "enter onto 4 on any face": tiny(enter_square=4),
    "sum": tiny(extra_roll=True, sum_rolls=True),
    "sum, reach": tiny(extra_roll=True, sum_rolls=True, end_rule="reach"),
    "sum, bounce, streak 3": tiny(extra_roll=True, sum_rolls=True, end_rule="bounce", streak_limit=3),
    "streak 2 forfeit": tiny(extra_roll=True, streak_limit=2),
    "streak 3 to the start": tiny(extra_roll=True, streak_limit=3, streak_penalty="start"),
    "streak 2 to square 4": tiny(extra_roll=True, streak_limit=2, streak_penalty=4),
    "miss a turn": tiny(miss_turn=(4, 6)),
    "miss a turn, extra roll": tiny(miss_turn=(4, 6), extra_roll=True),
    # A top face comes to rest on 8, then a 2 or a 3 is lost: the turn ends there, and was a rest.
    "miss a turn after a lost roll": tiny(end=9, miss_turn=(8,), extra_roll=True),
    "throw again": tiny(throw_again=(3, 4)),
    "throw again round a chute": tiny(throw_again=(3, 6), jumps=((2, 5), (7, 3))),
    "throw again, sum, streak": tiny(throw_again=(4,), extra_roll=True, sum_rolls=True, streak_limit=2),
    "Leela-like": tiny(
        goal=6,
        jumps=((2, 5), (8, 3)),
        enter_faces=(3,),
        extra_roll=True,
        sum_rolls=True,
        streak_limit=3,
    ),
    "everything": tiny(
        goal=7,
        jumps=((2, 5), (6, 1)),
        enter_faces=(1, 3),
        enter_square=3,
        extra_roll=True,
        sum_rolls=True,
        streak_limit=3,
        streak_penalty="start",
        miss_turn=(4,),
        throw_again=(5,),
        end_rule="reach",
    ),
    "spinner, start on the board": Board(
        end=9,
        start=1,
        die=[1, 2],
        jumps=((3, 8), (7, 2)),
        width=3,
        extra_roll=True,
        miss_turn=(5,),
        throw_again=(4,),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_the_law_of_every_turn_is_the_brute_force_of_its_roll_sequences(name):
    board = CASES[name]
    after, endless = reached_pieces(board)
    assert not endless
    for piece in after:
        if piece.square == board.goal_square:
            continue
        law = turn_law(board, piece)
        assert sum(law.values()) == 1
        assert tuple(law) == after[piece]  # the support: exactly the ends the law gives
        bounded = piece.miss or turn_chain(board, piece).bounded
        found, rolling = brute_force(board, piece, depth=12)
        if bounded:
            assert rolling == 0 and found == law, piece
            continue
        assert rolling < Fraction(1, 50), piece  # the enumeration went deep enough to mean something
        for end, mass in found.items():
            assert mass <= law[end], (piece, end)
        assert sum(law[end] - found.get(end, 0) for end in law) == rolling, piece


def test_the_rules_change_the_law_as_a_hand_count_says():
    # From 5 with a 3-face die and the exact rule on 8 squares (chute 7→3): 1 → 6, 2 → 3, 3 → 8.
    assert turn_law(tiny(), PieceState(5)) == {
        PieceState(3): Fraction(1, 3),
        PieceState(6): Fraction(1, 3),
        PieceState(8): Fraction(1, 3),
    }
    # Summed, a 3 rolls again and adds: 3+1 → 9 lost (stays on 5), 3+2 → lost, 3+3+… → lost.
    summed = turn_law(tiny(extra_roll=True, sum_rolls=True), PieceState(5))
    assert summed == {
        PieceState(3): Fraction(1, 3),
        PieceState(5): Fraction(1, 3),
        PieceState(6): Fraction(1, 3),
    }
    # Entering on a 3 only: from the start, 1 and 2 stay; 3 → 3.
    assert turn_law(tiny(enter_faces=(3,)), PieceState(0)) == {
        PieceState(0): Fraction(2, 3),
        PieceState(3): Fraction(1, 3),
    }
    # Coming to rest on 6 (a miss-turn square) marks the piece; its next turn is skipped.
    marked = turn_law(tiny(miss_turn=(6,)), PieceState(5))
    assert marked[PieceState(6, miss=True)] == Fraction(1, 3)
    assert turn_law(tiny(miss_turn=(6,)), PieceState(6, miss=True)) == {PieceState(6): 1}


def test_leela_from_66_under_the_sum_and_three_sixes_reading():
    # Leela (leela.toml): 72 squares, goal 68, 72→51, a throw past 72 lost. From 66 a 1..5 moves
    # to 67..71 (68 wins); a 6 rolls again and any total of 7 or more passes 72 and is lost, as
    # is a third six (back to 66): each of 66..71 has chance 1/6.
    jumps = ((10, 23), (17, 69), (54, 68), (72, 51), (63, 2), (61, 13))
    leela = Board(
        end=72,
        goal=68,
        jumps=jumps,
        enter_faces=(6,),
        extra_roll=True,
        sum_rolls=True,
        streak_limit=3,
        width=9,
    )
    assert turn_law(leela, PieceState(66)) == {PieceState(s): Fraction(1, 6) for s in range(66, 72)}
    # 71 is ordinary past the goal: a 1 lands on 72 and its snake bites (→ 51).
    assert turn_law(leela, PieceState(71))[PieceState(51)] == Fraction(1, 6)


def _solve(rows):
    """Gauss-Jordan on an augmented matrix of fractions: the last column solved for."""
    n = len(rows)
    for c in range(n):
        pivot = next(r for r in range(c, n) if rows[r][c] != 0)
        rows[c], rows[pivot] = rows[pivot], rows[c]
        rows[c] = [x / rows[c][c] for x in rows[c]]
        for r in range(n):
            if r != c and rows[r][c] != 0:
                rows[r] = [x - rows[r][c] * y for x, y in zip(rows[r], rows[c], strict=True)]
    return [row[n] for row in rows]


def test_leela_throws_to_finish_are_the_independent_count():
    # The simplest reading of Leela (a 6 enters on 6, every throw moves, a 6 throws again, past 72
    # lost, 68 wins): 46.050315447138516 throws from unborn, by a linear solve over squares written
    # apart from this project (issue 26's research note on Leela, "a number to check against
    # later"; Monte Carlo 46.06 ± 0.08). Here: turns from the machine's laws, throws from their
    # expected rolls.
    jumps = (
        *((10, 23), (17, 69), (20, 32), (22, 60), (27, 41), (28, 50), (37, 66), (45, 67), (46, 62)),
        *((54, 68), (12, 8), (16, 4), (24, 7), (29, 6), (44, 9), (52, 35), (55, 3), (61, 13)),
        *((63, 2), (72, 51)),
    )
    leela = Board(end=72, goal=68, jumps=jumps, enter_faces=(6,), extra_roll=True, width=9)
    pieces = [piece for piece in reached_pieces(leela)[0] if piece.square != 68]
    index = {piece: i for i, piece in enumerate(pieces)}
    rows = []
    for piece in pieces:
        row = [Fraction(int(piece == other)) for other in pieces]
        for end, chance in turn_law(leela, piece).items():
            if end in index:
                row[index[end]] -= chance
        rows.append([*row, turn_chain(leela, piece).expected_rolls()])
    throws = _solve(rows)[index[PieceState(0)]]
    assert abs(float(throws) - 46.050315447138516) < 1e-12


def test_a_played_turn_follows_the_machine_and_logs_its_moves():
    board = tiny(extra_roll=True, streak_limit=3, streak_penalty="start")
    faces = iter([3, 3, 1])
    turn = play_turn(board, PieceState(1), lambda: next(faces), limit=1000)
    assert turn.faces == (3, 3, 1)
    assert [m.describe() for m in turn.moves] == ["1 → 4", "4 → 7 chute → 3", "3 → 4"]
    assert turn.end == PieceState(4)
    faces = iter([3, 3, 3])
    penalised = play_turn(board, PieceState(1), lambda: next(faces), limit=1000)
    assert penalised.end == PieceState(0) and penalised.steps[-1].penalty == 0
    assert begin_turn(board, PieceState(4, miss=True)) == PieceState(4)


@pytest.mark.parametrize("extra_roll", [False, True])
def test_with_the_new_rules_off_a_played_turn_is_todays_game_turn(standard, extra_roll):
    """engine/game.py's loop: move, then rolls_again; the same faces, the same moves."""
    board = standard.replace(extra_roll=extra_roll)
    rng = np.random.default_rng(26)
    for square in board.standable_squares[board.standable_squares != board.end].tolist():
        faces = [int(f) for f in rng.integers(1, 7, 40)]
        today, square_now, i = [], square, 0
        while True:
            step = move(board, square_now, faces[i])
            today.append(step)
            square_now, i = step.final, i + 1
            if not rolls_again(board, step):
                break
        rolled = iter(faces)
        turn = play_turn(board, PieceState(square), lambda rolled=rolled: next(rolled), limit=1000)
        assert turn.moves == tuple(today) and turn.end == PieceState(square_now)


def test_the_bump_rule_and_chained_jumps_leave_a_turn_as_it_was():
    chained = tiny(jumps=((2, 5), (5, 7), (7, 3)), chain_jumps=True, bump=True)
    assert after_roll(chained, begin_turn(chained, PieceState(1)), 1).moves[0].final == 3
