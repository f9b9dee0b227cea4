"""A turn with a decision (issue 27) as the game plays it: the die the player picks before the
roll, the option picked after it, and where that leads.

Where a choice leads is :mod:`chutes_tui.model.decisions`' one statement of it
(:func:`~chutes_tui.model.decisions.outcomes`): this module only rolls the chosen die, tosses
the coin of a flip, and dresses the outcome as a :class:`~chutes_tui.model.rules.Move` for the
log and the animation. A die's faces are equally likely (a face listed twice, twice as likely):
the seeded generator picks one of the listed faces; a flip's coin is a second draw, 0 adding
one square and 1 taking one away (the outcomes' order). Also here: a computer's choice (from
:mod:`.advice`), a choice as a save records it and checks it, and whether the game can play a
board's decisions at all -- the solver's refusals, among them every turn rule of issue 26, so a
turn with a decision is always one roll and never meets :func:`~chutes_tui.model.turns.after_roll`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from chutes_tui.io.saves import SaveError
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.decisions import AfterRoll, choice_dice, movable, option_words, outcomes
from chutes_tui.model.players import Play
from chutes_tui.model.rules import Move, move_by

if TYPE_CHECKING:
    import numpy as np  # the game's seeded generator is numpy's

    from chutes_tui.engine.advice import Standing

COIN_SIDES = ("+1", "-1")  # coin 0 adds a square, coin 1 takes one away


@dataclass(frozen=True)
class ChoiceMade:
    """What a player chose in one turn, and the chance that met it: die ``die`` (an index of
    :func:`~chutes_tui.model.decisions.choice_dice`) rolled ``face``, then option ``option``
    (of :func:`~chutes_tui.model.decisions.option_words`), and the coin if it was flipped."""

    die: int
    face: int
    option: int
    coin: int | None = None  # 0: +1, 1: -1; None: no coin was tossed
    pawn: int = 0  # which pawn moved (from 0, by number), with ``pawns = K``

    def describe(self, board: Board) -> str:
        """``"die 2 (3,3,3,3,3,3), rolled 3, pawn 2, flip +1"``: the die only when there was a
        choice of dice, the pawn only with pawns, the option only when there was one after the
        roll."""
        parts = []
        dice = choice_dice(board)
        if len(dice) > 1:
            parts.append(f"die {self.die + 1} ({dice[self.die].text})")
        parts.append(f"rolled {self.face}")
        if board.pawns > 1:
            parts.append(f"pawn {self.pawn + 1}")
        words = option_words(board.after_roll)
        if len(words) > 1:
            word = words[self.option]
            if self.coin is not None:
                word += f" {COIN_SIDES[self.coin]}"
            parts.append(word)
        return ", ".join(parts)


def tossed(board: Board, option: int) -> bool:
    """Whether ``option`` tosses a coin (the flip of ``after_roll = "flip"``)."""
    return board.after_roll is AfterRoll.FLIP and option == 1


def roll_die(board: Board, die: int, rng: np.random.Generator) -> int:
    """One roll of the chosen die: one of its listed faces, each equally likely."""
    faces = choice_dice(board)[die].faces
    return int(faces[int(rng.integers(len(faces)))])


def toss(rng: np.random.Generator) -> int:
    """A fair coin: 0 (+1) or 1 (-1)."""
    return int(rng.integers(2))


def whole_choice(
    board: Board,
    made: ChoiceMade | None,
    play: Play,
    positions: tuple[Standing, ...],
    seat: int,
    rng: np.random.Generator,
) -> ChoiceMade:
    """The turn's choice made whole: without ``made``, the choice of a computer in seat ``seat``
    played ``play``'s way (:mod:`.advice`: its die, rolled, then its pawn and option for the
    face); a flip's coin tossed when none is given."""
    if made is None:
        from chutes_tui.engine.advice import advice  # the solver: only for computer players

        adviser = advice(board, len(positions))
        die = adviser.die(play, positions, seat)
        face = roll_die(board, die, rng)
        pawn, option = adviser.choice(play, positions, seat, die, face)
        made = ChoiceMade(die, face, option, pawn=pawn)
    if tossed(board, made.option) and made.coin is None:
        made = replace(made, coin=toss(rng))
    return made


def choice_problem(board: Board, made: ChoiceMade, squares: tuple[int, ...] = ()) -> str | None:
    """Why the board's rules do not offer ``made`` (a save's record) to a player whose pawns
    stand on ``squares`` (by number), else ``None``."""
    if not 0 <= made.pawn < board.pawns:
        return f"pawn {made.pawn + 1} is not offered (each player has {board.pawns})"
    if squares and made.pawn not in movable(squares, board.goal_square):
        return f"pawn {made.pawn + 1} has reached the goal: it moves no more"
    dice = choice_dice(board)
    if not 0 <= made.die < len(dice):
        return f"die {made.die + 1} is not offered (this board has {len(dice)})"
    if made.face not in dice[made.die].faces:
        return f"die {made.die + 1} ({dice[made.die].text}) has no face {made.face}"
    words = option_words(board.after_roll)
    if not 0 <= made.option < len(words):
        return f"option {made.option + 1} is not offered (after the roll: {' or '.join(words)})"
    if (made.coin is not None) != tossed(board, made.option):
        return "a coin is recorded only for a flip, and a flip needs its coin"
    if made.coin is not None and made.coin not in (0, 1):
        return "a coin is 0 (+1) or 1 (-1)"
    return None


def choice_move(board: Board, square: int, made: ChoiceMade) -> Move:
    """The move ``made`` makes from ``square``: its final square is the outcome's
    (:func:`~chutes_tui.model.decisions.outcomes`); the rest says how it got there."""
    final = outcomes(board, square, made.face)[made.option][made.coin or 0]
    steps = made.face
    if tossed(board, made.option):
        steps += 1 if made.coin == 0 else -1
    elif board.after_roll is AfterRoll.EITHER and made.option == 1:
        steps = -made.face
    if steps >= 0:
        shown = move_by(board, square, steps)
    else:  # backward, never below the start
        shown = move_by(board, square, steps, landing=max(board.start, square + steps))
    if shown.final != final:  # the one statement is model/decisions.py's
        raise AssertionError(f"move {shown} disagrees with the outcome {final}")
    return shown


def choices_problem(board: Board) -> str | None:
    """Why the game cannot play ``board``'s decisions (the solver's refusals -- among them every
    turn rule of issue 26, so a game with decisions never plays a turn roll by roll -- and
    the states a pawn stands on past the solvers' limit), else ``None``. Any number of pawns
    is played: beyond the pawns' joint model a computer plays the additive policy
    (:mod:`.advice`)."""
    from chutes_tui.analysis.choices import choices  # check_decisions, kept with the board

    try:
        choices(board)
    except BoardError as error:
        return error.reason
    except ValueError as error:  # more squares than the solvers hold, the limit named
        return str(error)
    return None


def recorded(made: ChoiceMade) -> tuple[int, ...]:
    """A choice as a save records it, ``(die, option[, coin])`` (the face is the turn's roll;
    the pawn, with pawns, is recorded beside it: :func:`from_record`)."""
    kept = (made.die, made.option)
    return kept if made.coin is None else (*kept, made.coin)


def from_record(record: tuple[int, ...], face: int, pawn: int = 0) -> ChoiceMade:
    """A save's choice ``(die, option[, coin])`` (:func:`recorded`) with the turn's face and
    the pawn it moved."""
    die, option, *coin = record
    return ChoiceMade(die, face, option, coin[0] if coin else None, pawn)


def replayed(
    board: Board,
    record: tuple[int, ...],
    number: int,
    faces: tuple[int, ...],
    squares: tuple[int, ...],
    pawn: int = 0,
) -> ChoiceMade:
    """Turn ``number``'s recorded choice with its one roll and the pawn it moved (``record`` as
    :func:`from_record` reads it), made by a player whose pawns stand on ``squares``;
    :class:`SaveError` (one line) when the turn records another number of rolls or the rules do
    not offer the choice."""
    if len(faces) != 1:
        raise SaveError(f"rolls[{number}]: a turn with a choice has one roll")
    made = from_record(record, faces[0], pawn)
    problem = choice_problem(board, made, squares)
    if problem is not None:
        raise SaveError(f"choices[{number}]: {problem}")
    return made
