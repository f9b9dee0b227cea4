"""Random boards: valid, winnable, reproducible by seed."""

from __future__ import annotations

import numpy as np

from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.dice import Dice
from chutes_tui.model.rules import EndRule

LADDERS, CHUTES = 9, 10  # the standard board's (Milton Bradley's, on 100 squares)


def jump_counts(squares: int) -> tuple[int, int]:
    """The standard board's ladders and chutes for a board of ``squares``: 9 and 10, or on fewer
    than 100 squares as many per 100 squares, rounded (1 and 1 on 10 squares): its 19 jumps
    take 38 squares, more than a board of 38 squares or fewer has. At most ``0.19 s + 1``
    jumps take at most ``0.38 s + 2 <= s - 1`` squares for ``s >= 5`` (fewer: none)."""
    share = min(1.0, squares / 100)
    return round(LADDERS * share), round(CHUTES * share)


def random_board(
    seed: int | None = None,
    *,
    squares: int = 100,
    ladders: int = LADDERS,
    chutes: int = CHUTES,
    die: int | Dice = 6,
    end_rule: EndRule = EndRule.EXACT,
    attempts: int = 200,
) -> Board:
    """A valid random board: jumps on distinct squares (no chains), winnable.

    Raises :class:`BoardError` when the request cannot be met (too many jumps for the board,
    or no winnable layout found in ``attempts`` tries).
    """
    if ladders < 0 or chutes < 0:
        raise BoardError("the numbers of ladders and chutes cannot be negative")
    usable = squares - 1  # squares 1..end-1 may hold tails; heads may also be the end
    if 2 * (ladders + chutes) > usable:
        raise BoardError(
            f"{ladders + chutes} jumps need {2 * (ladders + chutes)} distinct squares; "
            f"a {squares}-square board has {usable}"
        )
    rng = np.random.default_rng(seed)
    last_error: BoardError | None = None
    for _ in range(attempts):
        cells = rng.permutation(np.arange(1, squares))[: 2 * (ladders + chutes)]
        pairs = [tuple(sorted(map(int, cells[2 * i : 2 * i + 2]))) for i in range(ladders + chutes)]
        jumps = [(low, high) for low, high in pairs[:ladders]]
        jumps += [(high, low) for low, high in pairs[ladders:]]
        try:
            return Board(
                end=squares,
                die=Dice.of(die),
                end_rule=end_rule,
                jumps=tuple(jumps),
                name=f"random-{seed}" if seed is not None else "random",
                description=(
                    f"Random board: {ladders} ladders and {chutes} chutes on {squares} squares (seed {seed})."
                ),
            )
        except BoardError as error:
            last_error = error
    raise BoardError(f"no winnable random board found in {attempts} tries: {last_error}")
