"""What a person is asked on a board with decisions (issue 27): the dice before the roll, the
options after it, each with the solver's value beside it when hints are on (front ends format
it: :class:`~chutes_tui.engine.advice.Scale` says what the value measures)."""

from __future__ import annotations

from dataclasses import dataclass

from chutes_tui.engine.advice import Advice, Scale
from chutes_tui.engine.choice import COIN_SIDES
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import AfterRoll, choice_dice, option_words


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


def die_prompt(board: Board, advice: Advice | None, positions: tuple[int, ...], seat: int) -> Prompt:
    """Which die to roll, each listed by its faces."""
    words = [f"die {die.text}" for die in choice_dice(board)]
    values = None if advice is None else advice.dice(positions, seat)
    return _prompt(f"square {positions[seat]}: which die?", words, values, advice)


def option_prompt(
    board: Board, advice: Advice | None, positions: tuple[int, ...], seat: int, die: int, face: int
) -> Prompt:
    """What to do with ``face``, rolled on die ``die``."""
    words = list(option_words(board.after_roll))
    if board.after_roll is AfterRoll.FLIP:
        words = [f"move {face}", f"flip: {face} {COIN_SIDES[0]} or {face} {COIN_SIDES[1]}"]
    elif board.after_roll is AfterRoll.EITHER:
        words = [f"forward {face}", f"back {face}"]
    values = None if advice is None else advice.options(positions, seat, die, face)
    return _prompt(f"square {positions[seat]}, rolled {face}: move how?", words, values, advice)
