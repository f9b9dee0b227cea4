"""The refusals of the turn rules (issue 26's keys): one short line each, naming the key, for a
value the board cannot play, and for the bump rule with any of them (its joint chain, its
simulator and the game's check that games end move one roll at a time). The board calls
:func:`check_turn_rules` once its numbers and jumps are checked, before winnability
(:mod:`chutes_tui.model.validate`), which also refuses turns that may never end and boards
these rules make unwinnable.
"""

from __future__ import annotations

from chutes_tui.model.errors import BoardError
from chutes_tui.model.rules import EndRule, Penalty
from chutes_tui.model.text import number
from chutes_tui.model.turns import TurnBoard, turn_rules_set


def _square(board: TurnBoard, key: str, square: int, what: str, *, sent: bool = False) -> None:
    """A square a rule names must be one a piece can stand on: on the board (or, for a square
    a piece is ``sent`` to, the start square off it, where no turn ends), not the goal, not a
    jump's tail."""
    if not 1 <= square <= board.end:
        if square == board.start and not sent:
            raise BoardError(f"{what} {square} is the start, off the board: no turn ends there", field=key)
        if square != board.start:
            raise BoardError(f"{what} {number(square)} is not a square of 1..{board.end}", field=key)
    if square == board.goal_square:
        raise BoardError(f"{what} {square} is the goal: the game is over there", field=key)
    if square in board.jump_map:
        raise BoardError(
            f"{what} {square} is the tail of jump {square}→{board.jump_map[square]}: no piece stands there",
            field=key,
        )


def check_turn_rules(board: TurnBoard) -> None:
    """Refuse a turn rule's value that the board cannot play (see the module docstring)."""
    goal, end, die = board.goal_square, board.end, board.die
    if not board.start < goal <= end:
        raise BoardError(
            f"the goal {number(goal)} must lie past the start square {board.start}, in "
            f"{board.start + 1}..{end}",
            field="goal",
        )
    stray = [face for face in board.enter_faces if face not in die.values]
    if stray:
        raise BoardError(
            f"enter face {stray[0]} is not a move of {die.text} ({', '.join(map(str, die.values))})",
            field="enter_faces",
        )
    entry = board.enter_square
    if entry is not None and (not 1 <= entry <= end or entry == board.start):
        raise BoardError(
            f"the enter square {number(entry)} must be a square of 1..{end} other than the start",
            field="enter_square",
        )
    rolls_again = "it needs extra_roll (without it a turn's top face does not roll again)"
    if board.sum_rolls and not board.extra_roll:
        raise BoardError(f"sum_rolls adds the rolls of a turn: {rolls_again}", field="sum_rolls")
    limit = board.streak_limit
    if limit is not None:
        if not board.extra_roll:
            raise BoardError(f"a streak limit counts top faces in a row: {rolls_again}", field="streak_limit")
        if limit < 2:
            raise BoardError(
                f"a streak limit of {limit} would end every turn on its first top face, which "
                "then never rolls again: use 2 or more",
                field="streak_limit",
            )
    penalty = board.streak_penalty
    if limit is None and penalty is not Penalty.FORFEIT:
        raise BoardError("a streak penalty needs a streak limit", field="streak_penalty")
    if not isinstance(penalty, Penalty):
        _square(board, "streak_penalty", penalty, "the streak penalty's square", sent=True)
    if board.sum_rolls and board.end_rule is EndRule.BOUNCE:
        if limit is None:
            raise BoardError(
                "under the bounce rule summed rolls need a streak limit: a long run of top faces "
                "would bounce a piece off the board",
                field="sum_rolls",
            )
        most = (limit - 1) * die.top + die.values[-2]
        if most > end:
            raise BoardError(
                f"under the bounce rule a turn's rolls may add up to {most}, more than the {end} "
                "squares a piece can bounce back",
                field="sum_rolls",
            )
    for key, squares, what in (
        ("miss_turn", board.miss_turn, "the miss-turn square"),
        ("throw_again", board.throw_again, "the throw-again square"),
    ):
        for square in squares:
            _square(board, key, square, what)
    both = sorted(set(board.miss_turn) & set(board.throw_again))
    if both:
        raise BoardError(
            f"square {both[0]} is both a miss-turn and a throw-again square (roll again, then miss "
            "a turn?): give it one of them",
            field="throw_again",
        )
    rules = turn_rules_set(board)
    if board.bump and rules:
        raise BoardError(
            f"the bump rule is not played with {', '.join(rules)}: its chain of every piece "
            "moves one roll at a time, with no memory of the turn",
            field="bump",
        )


class TurnRulesError(BoardError):
    """An engine that does not play the turn rules of issue 26 was given a board that sets one:
    one line naming the engine and the rules."""


def refuse_turn_rules(board: TurnBoard, engine: str) -> None:
    """The one place an engine that does not play the turn rules of issue 26 refuses a board
    that sets one (:class:`TurnRulesError`, naming ``engine`` and the rules)."""
    rules = turn_rules_set(board)
    if rules:
        raise TurnRulesError(f"{engine} does not play {', '.join(rules)} (a turn rule of issue 26)")
