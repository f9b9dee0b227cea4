"""What a person is asked on a board with decisions (issue 27): the dice before the roll, the
options after it, each with the solver's value beside it when hints are on (front ends format
it: :class:`~chutes_tui.engine.advice.Scale` says what the value measures)."""

from __future__ import annotations

from dataclasses import dataclass

from chutes_tui.engine.advice import Advice, Scale, Standing, squares_of
from chutes_tui.engine.choice import COIN_SIDES
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import AfterRoll, choice_dice, option_words, outcomes, pawn_options


@dataclass(frozen=True)
class Option:
    """One answer: its words, and its value when the advice is known (else ``None``)."""

    words: str
    value: float | None


@dataclass(frozen=True)
class Prompt:
    """A question: what it asks, its options (answered by their number, from 1), what the
    values measure, and which option is best (``None``: no advice)."""

    question: str
    options: tuple[Option, ...]
    scale: Scale | None
    best: int | None


def _prompt(
    question: str, words: list[str], values: tuple[float, ...] | None, advice: Advice | None
) -> Prompt:
    if values is None or advice is None:
        return Prompt(question, tuple(Option(w, None) for w in words), None, None)
    pick = max if advice.scale is Scale.WIN else min
    best = values.index(pick(values))
    return Prompt(
        question, tuple(Option(w, v) for w, v in zip(words, values, strict=True)), advice.scale, best
    )


def _where(board: Board, standing: Standing) -> str:
    """``square 17``, or with pawns ``pawns on 0, 17``."""
    if board.pawns == 1:
        return f"square {standing}"
    return "pawns on " + ", ".join(map(str, squares_of(standing)))


def die_prompt(board: Board, advice: Advice | None, positions: tuple[Standing, ...], seat: int) -> Prompt:
    """Which die to roll, each listed by its faces."""
    words = [f"die {die.text}" for die in choice_dice(board)]
    values = None if advice is None else advice.dice(positions, seat)
    return _prompt(f"{_where(board, positions[seat])}: which die?", words, values, advice)


def option_prompt(
    board: Board, advice: Advice | None, positions: tuple[Standing, ...], seat: int, die: int, face: int
) -> Prompt:
    """What to do with ``face``, rolled on die ``die``: with pawns, which pawn moves too (each
    choice of :func:`~chutes_tui.model.decisions.pawn_options`, with where it leads)."""
    words = list(option_words(board.after_roll))
    if board.after_roll is AfterRoll.FLIP:
        words = [f"move {face}", f"flip: {face} {COIN_SIDES[0]} or {face} {COIN_SIDES[1]}"]
    elif board.after_roll is AfterRoll.EITHER:
        words = [f"forward {face}", f"back {face}"]
    squares = squares_of(positions[seat])
    offered = pawn_options(board, squares)
    if board.pawns > 1:
        words = [_pawn_words(board, squares, pawn, option, face, words) for pawn, option in offered]
    values = None if advice is None else advice.options(positions, seat, die, face)
    how = "move how?" if board.pawns == 1 else "which pawn?"
    return _prompt(f"{_where(board, positions[seat])}, rolled {face}: {how}", words, values, advice)


def _pawn_words(
    board: Board, squares: tuple[int, ...], pawn: int, option: int, face: int, words: list[str]
) -> str:
    """``pawn 2 on 17 → 21``, ``pawn 2 on 17, flip: 3 +1 or 3 -1 → 21 or 19``."""
    square = squares[pawn]
    ends = dict.fromkeys(outcomes(board, square, face)[option])  # one or two squares, in order
    how = "" if len(words) == 1 else f", {words[option]}"
    return f"pawn {pawn + 1} on {square}{how} → {' or '.join(map(str, ends))}"
